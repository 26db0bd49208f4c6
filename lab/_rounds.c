/*
 * Rounds of unit propagation in C: `lab.rounds.Formula.tiered_rounds` without numpy's
 * whole-array sweeps.
 *
 * The same definition as the numpy code in lab/rounds.py (which stays, and answers when this
 * module was not built): each round applies at once every literal the clauses and the counts
 * force; a rule's wide count ("at most k" with k >= 2 among the rules) that is full with two
 * or more open literals forces them only in a round where nothing else forces anything. A
 * round is defined by the assignment before it, not by any order, so both give the same
 * answer; tests/test_rounds.py checks that on random formulas.
 *
 * Where numpy looks at every constraint each round, this looks only at the constraints a
 * round changed (through per-variable occurrence lists) and at the wide counts still
 * waiting: a 15x15 nonogram's 70 rounds over 300,000 literal slots.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    Py_buffer view;
    int held;
} Buf;

static int get(PyObject *obj, Buf *b, const char *what, Py_ssize_t itemsize, int writable) {
    if (PyObject_GetBuffer(obj, &b->view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0)) < 0)
        return -1;
    b->held = 1;
    if (b->view.itemsize != itemsize) {
        PyErr_Format(PyExc_TypeError, "%s: items of %zd bytes expected, got %zd", what, itemsize,
                     b->view.itemsize);
        return -1;
    }
    return 0;
}

static void release(Buf *b) {
    if (b->held) PyBuffer_Release(&b->view);
    b->held = 0;
}

#define N(b) ((b).view.len / (b).view.itemsize)

/* The status a constraint's slot counts give; FORCE_SEVERAL only for a wide count. */
enum { QUIET, CONFLICT, FORCE, FORCE_SEVERAL };

/* One constraint's slots and counters, together: a round reads them at random. */
typedef struct {
    int64_t start;  /* its first slot */
    int32_t len, size;  /* slots; a clause's size, a count's bound */
    int32_t nt, nf;  /* true and false slots */
    uint8_t kind;  /* CLAUSE, NARROW or WIDE */
    uint8_t queued;  /* in the next round's list */
} Con;

enum { CLAUSE, NARROW, WIDE };

static PyObject *tiered_rounds(PyObject *self, PyObject *args) {
    PyObject *o[8];
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7]))
        return NULL;
    Buf clit = {0}, clen = {0}, csize = {0}, klit = {0}, klen = {0}, ksize = {0}, wide = {0}, val = {0};
    PyObject *result = NULL;
    Con *con = NULL;
    int64_t *occ_start = NULL, *forced = NULL, *several = NULL;
    int32_t *occ = NULL, *pending = NULL, *next = NULL, *stamp = NULL;

    if (get(o[0], &clit, "clause literals", 8, 0) < 0 || get(o[1], &clen, "clause lengths", 8, 0) < 0 ||
        get(o[2], &csize, "clause sizes", 8, 0) < 0 || get(o[3], &klit, "count literals", 8, 0) < 0 ||
        get(o[4], &klen, "count lengths", 8, 0) < 0 || get(o[5], &ksize, "count sizes", 8, 0) < 0 ||
        get(o[6], &wide, "wide marks", 1, 0) < 0 || get(o[7], &val, "values", 1, 1) < 0)
        goto done;

    const int64_t *lits_c = clit.view.buf, *len_c = clen.view.buf, *size_c = csize.view.buf;
    const int64_t *lits_k = klit.view.buf, *len_k = klen.view.buf, *size_k = ksize.view.buf;
    const uint8_t *is_wide = wide.view.buf;
    int8_t *value = val.view.buf;
    const Py_ssize_t nc = N(clen), nk = N(klen), sc = N(clit), sk = N(klit), nv = N(val);
    const Py_ssize_t n = nc + nk, slots = sc + sk;
    if (N(csize) != nc || N(ksize) != nk || N(wide) != nk) {
        PyErr_SetString(PyExc_ValueError, "sizes or wide marks do not match the constraints");
        goto done;
    }
    if (n >= (1 << 30) || nv >= (1 << 30)) {
        PyErr_SetString(PyExc_ValueError, "too many constraints or variables");
        goto done;
    }

    /* Constraint i < nc is clause i, else count i - nc; its literals are the slots from
     * con[i].start (a clause slot s < sc, a count slot s - sc in the counts' literals). */
    con = calloc(n + 1, sizeof(Con));
    occ_start = calloc(nv + 1, sizeof(int64_t));
    if (!con || !occ_start) {
        PyErr_NoMemory();
        goto done;
    }
#define LIT(s) ((s) < sc ? lits_c[s] : lits_k[(s) - sc])
    int64_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Con *c = &con[i];
        int64_t len = i < nc ? len_c[i] : len_k[i - nc], size = i < nc ? size_c[i] : size_k[i - nc];
        if (len < 0 || len > INT32_MAX || size < INT32_MIN || size > INT32_MAX || at + len > slots) {
            PyErr_SetString(PyExc_ValueError, "lengths or sizes do not fit the literals");
            goto done;
        }
        c->start = at;
        c->len = (int32_t)len;
        c->size = (int32_t)size;
        c->kind = i < nc ? CLAUSE : is_wide[i - nc] ? WIDE : NARROW;
        at += len;
        /* counters of true and false slots, and slots per variable */
        for (int64_t s = c->start; s < at; s++) {
            int64_t lit = LIT(s), var = lit < 0 ? -lit : lit;
            if (var <= 0 || var >= nv) {
                PyErr_SetString(PyExc_ValueError, "a literal names a variable outside the values");
                goto done;
            }
            occ_start[var + 1]++;
            int8_t v = value[var];
            if (v) {
                if ((lit > 0) == (v > 0)) c->nt++;
                else c->nf++;
            }
        }
    }
    if (at != slots || (nc && con[nc - 1].start + con[nc - 1].len != sc)) {
        PyErr_SetString(PyExc_ValueError, "lengths do not add up to the literals");
        goto done;
    }
    for (Py_ssize_t v = 1; v <= nv; v++) occ_start[v] += occ_start[v - 1];
    /* occ: per variable, its slots' constraints, each as constraint * 2 + (the literal is
     * positive): what a round's assignment updates, without reading the literals again. */
    occ = malloc(sizeof(int32_t) * (slots + 1));
    int64_t *fill = malloc(sizeof(int64_t) * (nv + 1));
    if (!occ || !fill) {
        free(fill);
        PyErr_NoMemory();
        goto done;
    }
    memcpy(fill, occ_start, sizeof(int64_t) * (nv + 1));
    for (Py_ssize_t i = 0; i < n; i++)
        for (int64_t s = con[i].start; s < con[i].start + con[i].len; s++) {
            int64_t lit = LIT(s), var = lit < 0 ? -lit : lit;
            occ[fill[var]++] = (int32_t)(i * 2 + (lit > 0));
        }
    free(fill);

    Py_ssize_t cap = 1024, npending = n;
    pending = malloc(sizeof(int32_t) * (n + 1));
    next = malloc(sizeof(int32_t) * (n + 1));
    stamp = calloc(nv + 1, sizeof(int32_t));
    forced = malloc(sizeof(int64_t) * cap);
    several = malloc(sizeof(int64_t) * cap);
    if (!pending || !next || !stamp || !forced || !several) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) pending[i] = (int32_t)i;
    long rounds = 0, wide_rounds = 0;
    int32_t round_id = 0;
    for (;;) {
        Py_ssize_t nforced = 0, nseveral = 0, nnext = 0;
        round_id++;
        for (Py_ssize_t p = 0; p < npending; p++) {
            Con *c = &con[pending[p]];
            c->queued = 0;
            int status = QUIET;
            if (c->kind == CLAUSE) {
                if (c->nt == 0 && c->nf == c->size) status = CONFLICT;
                else if (c->nt == 0 && c->nf == c->size - 1) status = FORCE;
            } else if (c->nt > c->size) status = CONFLICT;
            else if (c->nt == c->size)
                status = c->kind == WIDE && c->len - c->nt - c->nf >= 2 ? FORCE_SEVERAL : FORCE;
            if (status == CONFLICT) goto conflict;
            if (status == QUIET) continue;
            if (nforced + nseveral + c->len > cap) {
                while (nforced + nseveral + c->len > cap) cap *= 2;
                int64_t *f2 = realloc(forced, sizeof(int64_t) * cap);
                if (f2) forced = f2;
                int64_t *s2 = f2 ? realloc(several, sizeof(int64_t) * cap) : NULL;
                if (s2) several = s2;
                if (!f2 || !s2) {
                    PyErr_NoMemory();
                    goto done;
                }
            }
            int negate = c->kind != CLAUSE;  /* a full count forces its open literals false */
            for (int64_t s = c->start; s < c->start + c->len; s++) {
                int64_t lit = LIT(s), var = lit < 0 ? -lit : lit;
                if (value[var]) continue;
                if (status == FORCE) forced[nforced++] = negate ? -lit : lit;
                else several[nseveral++] = -lit;
            }
            if (status == FORCE_SEVERAL) {  /* still full next round, unless what it forces is set */
                c->queued = 1;
                next[nnext++] = pending[p];
            }
        }
        int64_t *apply = forced;
        Py_ssize_t napply = nforced;
        if (!nforced && nseveral) {
            apply = several;
            napply = nseveral;
            wide_rounds++;
        }
        if (!napply) break;
        /* A variable forced both ways is a conflict; the same literal twice is not. The
         * round's stamp is +round_id for true, -round_id for false. */
        for (Py_ssize_t j = 0; j < napply; j++) {
            int64_t lit = apply[j], var = lit < 0 ? -lit : lit;
            int32_t mark = lit > 0 ? round_id : -round_id;
            if (stamp[var] == -mark) goto conflict;
            stamp[var] = mark;
        }
        for (Py_ssize_t j = 0; j < napply; j++) {
            int64_t lit = apply[j], var = lit < 0 ? -lit : lit;
            if (value[var]) continue;  /* a repeat */
            int positive = lit > 0;
            value[var] = positive ? 1 : -1;
            for (int64_t q = occ_start[var]; q < occ_start[var + 1]; q++) {
                int32_t entry = occ[q], i = entry >> 1;
                Con *c = &con[i];
                if ((entry & 1) == positive) c->nt++;
                else c->nf++;
                if (!c->queued) {
                    c->queued = 1;
                    next[nnext++] = i;
                }
            }
        }
        rounds++;
        int32_t *swap = pending;
        pending = next;
        next = swap;
        npending = nnext;
    }
    result = Py_BuildValue("(ll)", rounds, wide_rounds);
    goto done;
conflict:
    Py_INCREF(Py_None);
    result = Py_None;
done:
    free(con);
    free(occ_start);
    free(occ);
    free(pending);
    free(next);
    free(stamp);
    free(forced);
    free(several);
    release(&clit);
    release(&clen);
    release(&csize);
    release(&klit);
    release(&klen);
    release(&ksize);
    release(&wide);
    release(&val);
    return result;
}

static PyMethodDef methods[] = {
    {"tiered_rounds", tiered_rounds, METH_VARARGS,
     "tiered_rounds(clause_lits, clause_lengths, clause_sizes, count_lits, count_lengths, count_sizes, "
     "wide, values) -> (rounds, wide_rounds), or None on a conflict. int64 arrays; wide: one byte per "
     "count; values: int8 per variable (1, -1, 0 open), set in place."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_rounds",
                                    "Rounds of unit propagation in C (see lab/rounds.py).", -1, methods};

PyMODINIT_FUNC PyInit__rounds(void) { return PyModule_Create(&module); }
