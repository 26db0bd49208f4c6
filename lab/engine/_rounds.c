/*
 * Rounds of unit propagation in C: `lab.rounds.Formula.tiered_rounds` without numpy's
 * whole-array sweeps.
 *
 * The same definition as the numpy code in lab/engine/rounds.py (which stays, and answers when this
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
#include <structmember.h>
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

/* A Formula's constraints as buffers: [0] its clauses, [1] its counts; the literals, and
 * per constraint its length and size (a clause's length, a count's bound). */
typedef struct {
    Buf lit[2], len[2], size[2];
} Parts;

static int get_parts(PyObject *const *o, Parts *f) {
    static const char *what[2][3] = {{"clause literals", "clause lengths", "clause sizes"},
                                     {"count literals", "count lengths", "count sizes"}};
    for (int k = 0; k < 2; k++)
        if (get(o[3 * k], &f->lit[k], what[k][0], 8, 0) < 0 || get(o[3 * k + 1], &f->len[k], what[k][1], 8, 0) < 0 ||
            get(o[3 * k + 2], &f->size[k], what[k][2], 8, 0) < 0)
            return -1;
    if (N(f->size[0]) != N(f->len[0]) || N(f->size[1]) != N(f->len[1])) {
        PyErr_SetString(PyExc_ValueError, "sizes do not match the constraints");
        return -1;
    }
    return 0;
}

static void release_parts(Parts *f) {
    for (int k = 0; k < 2; k++) {
        release(&f->lit[k]);
        release(&f->len[k]);
        release(&f->size[k]);
    }
}

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

/* Slot s's literal: clauses' slots first (s < sc), then counts'. */
#define SLOT(lits_c, lits_k, sc, s) ((s) < (sc) ? (lits_c)[s] : (lits_k)[(s) - (sc)])

/* Lay the constraints out (clauses 0..nc-1, then counts): con[i]'s first slot, length,
 * bound and kind (a count WIDE where `wide` marks it, when given); every literal must name
 * a variable below nv, a clause's size is its length. -1 with an error when they do not. */
static int lay_out(Con *con, const int64_t *len_c, const int64_t *size_c, Py_ssize_t nc, const int64_t *len_k,
                   const int64_t *size_k, Py_ssize_t nk, const uint8_t *wide, const int64_t *lits_c, Py_ssize_t sc,
                   const int64_t *lits_k, Py_ssize_t sk, Py_ssize_t nv) {
    int64_t at = 0;
    for (Py_ssize_t i = 0; i < nc + nk; i++) {
        Con *c = &con[i];
        int64_t len = i < nc ? len_c[i] : len_k[i - nc], size = i < nc ? size_c[i] : size_k[i - nc];
        if (len < 0 || len > INT32_MAX || size < INT32_MIN || size > INT32_MAX || at + len > sc + sk ||
            (i < nc && size != len)) {
            PyErr_SetString(PyExc_ValueError, "lengths or sizes do not fit the literals");
            return -1;
        }
        c->start = at;
        c->len = (int32_t)len;
        c->size = (int32_t)size;
        c->kind = i < nc ? CLAUSE : wide && wide[i - nc] ? WIDE : NARROW;
        at += len;
        for (int64_t s = c->start; s < at; s++) {
            int64_t lit = SLOT(lits_c, lits_k, sc, s), var = lit < 0 ? -lit : lit;
            if (var <= 0 || var >= nv) {
                PyErr_SetString(PyExc_ValueError, "a literal names a variable outside the values");
                return -1;
            }
        }
    }
    if (at != sc + sk || (nc && con[nc - 1].start + con[nc - 1].len != sc)) {
        PyErr_SetString(PyExc_ValueError, "lengths do not add up to the literals");
        return -1;
    }
    return 0;
}

/* Occurrence lists of constraints first..last-1 (laid out): per variable v, the entries
 * occ[occ_start[v]..occ_start[v + 1]] (occ_start: nv + 1 zeros on entry), each constraint * 2
 * + (the literal is positive): what an assignment updates, without reading the literals
 * again. -1 on no memory. */
static int occurrences(const Con *con, Py_ssize_t first, Py_ssize_t last, const int64_t *lits_c, Py_ssize_t sc,
                       const int64_t *lits_k, Py_ssize_t nv, int64_t *occ_start, int32_t *occ) {
    for (Py_ssize_t i = first; i < last; i++)
        for (int64_t s = con[i].start; s < con[i].start + con[i].len; s++) {
            int64_t lit = SLOT(lits_c, lits_k, sc, s);
            occ_start[(lit < 0 ? -lit : lit) + 1]++;
        }
    for (Py_ssize_t v = 1; v <= nv; v++) occ_start[v] += occ_start[v - 1];
    int64_t *fill = malloc(sizeof(int64_t) * (nv + 1));
    if (!fill) return -1;
    memcpy(fill, occ_start, sizeof(int64_t) * (nv + 1));
    for (Py_ssize_t i = first; i < last; i++)
        for (int64_t s = con[i].start; s < con[i].start + con[i].len; s++) {
            int64_t lit = SLOT(lits_c, lits_k, sc, s), var = lit < 0 ? -lit : lit;
            occ[fill[var]++] = (int32_t)(i * 2 + (lit > 0));
        }
    free(fill);
    return 0;
}

/* A formula's constraints laid out (clause i < nc, then count i - nc; a constraint's
 * literals are the slots from con[i].start: a clause slot s < sc, a count slot s - sc in
 * the counts' literals) with their occurrence lists, for the rounds' two entries. */
typedef struct {
    const int64_t *lits_c, *lits_k;
    Py_ssize_t nc, nk, sc, n, nv;
    Con *con;
    int64_t *occ_start;
    int32_t *occ;
} Laid;

/* Lay `f` out over nv variables (`wide`: one mark per count); -1 with an error. */
static int lay_formula(const Parts *f, const uint8_t *wide, Py_ssize_t nv, Laid *l) {
    const int64_t *len_c = f->len[0].view.buf, *size_c = f->size[0].view.buf;
    const int64_t *len_k = f->len[1].view.buf, *size_k = f->size[1].view.buf;
    Py_ssize_t sk = N(f->lit[1]);
    l->lits_c = f->lit[0].view.buf;
    l->lits_k = f->lit[1].view.buf;
    l->nc = N(f->len[0]);
    l->nk = N(f->len[1]);
    l->sc = N(f->lit[0]);
    l->n = l->nc + l->nk;
    l->nv = nv;
    if (l->n >= (1 << 30) || nv >= (1 << 30)) {
        PyErr_SetString(PyExc_ValueError, "too many constraints or variables");
        return -1;
    }
    l->con = calloc(l->n + 1, sizeof(Con));
    l->occ_start = calloc(nv + 1, sizeof(int64_t));
    l->occ = malloc(sizeof(int32_t) * (l->sc + sk + 1));
    if (!l->con || !l->occ_start || !l->occ) {
        PyErr_NoMemory();
        return -1;
    }
    if (lay_out(l->con, len_c, size_c, l->nc, len_k, size_k, l->nk, wide, l->lits_c, l->sc, l->lits_k, sk, nv) < 0)
        return -1;
    if (occurrences(l->con, 0, l->n, l->lits_c, l->sc, l->lits_k, nv, l->occ_start, l->occ) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void free_laid(Laid *l) {
    free(l->con);
    free(l->occ_start);
    free(l->occ);
}

static PyObject *tiered_rounds(PyObject *self, PyObject *args) {
    PyObject *o[8];
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7]))
        return NULL;
    Parts f = {0};
    Buf wide = {0}, val = {0};
    PyObject *result = NULL;
    Laid l = {0};
    int64_t *forced = NULL, *several = NULL;
    int32_t *pending = NULL, *next = NULL, *stamp = NULL;

    if (get_parts(o, &f) < 0 || get(o[6], &wide, "wide marks", 1, 0) < 0 || get(o[7], &val, "values", 1, 1) < 0)
        goto done;
    int8_t *value = val.view.buf;
    const Py_ssize_t nv = N(val);
    if (N(wide) != N(f.len[1])) {
        PyErr_SetString(PyExc_ValueError, "wide marks do not match the counts");
        goto done;
    }
    if (lay_formula(&f, wide.view.buf, nv, &l) < 0) goto done;
    const int64_t *lits_c = l.lits_c, *lits_k = l.lits_k, *occ_start = l.occ_start;
    const Py_ssize_t sc = l.sc, n = l.n;
    const int32_t *occ = l.occ;
    Con *con = l.con;
#define LIT(s) SLOT(lits_c, lits_k, sc, s)
    for (Py_ssize_t i = 0; i < n; i++)  /* counters of true and false slots */
        for (int64_t s = con[i].start; s < con[i].start + con[i].len; s++) {
            int64_t lit = LIT(s);
            int8_t v = value[lit < 0 ? -lit : lit];
            if (v) {
                if ((lit > 0) == (v > 0)) con[i].nt++;
                else con[i].nf++;
            }
        }

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
    free_laid(&l);
    free(pending);
    free(next);
    free(stamp);
    free(forced);
    free(several);
    release_parts(&f);
    release(&wide);
    release(&val);
    return result;
}

/* ---- Rounds per constraint (lab/engine/rounds.py, `Formula.constraint_rounds`) ---------------
 *
 * `tiered_rounds` where a constraint is what its helper variables hold together: clauses
 * and counts sharing a variable that `link` marks (neither primary nor set at the start)
 * are one constraint, a component. Each round, every component the last round touched
 * runs unit propagation over its own constraints to their fixpoint (a counter's inner
 * depth is no round) and keeps what it forces, waiting. A component whose forced literals
 * include primary ones but leave some of its open primary variables open (a partial
 * deduction: "at least one bridge this way", not "all of them"), or a lone wide count
 * forcing two or more, waits like a wide count: a round applies the others' (and what
 * forces only helpers) when there are any, else the waiting ones' and counts as wide; a
 * round that forces only helpers is no round. Every step depends on the assignment alone,
 * so the Python code answers the same (tests/test_rounds.py). */

enum { NOTHING, NARROW_STEP, WIDE_STEP, HELPERS_ONLY };

static Py_ssize_t find_root(Py_ssize_t *parent, Py_ssize_t i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

static PyObject *constraint_rounds(PyObject *self, PyObject *args) {
    PyObject *o[10];
    if (!PyArg_ParseTuple(args, "OOOOOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &o[8], &o[9]))
        return NULL;
    Parts f = {0};
    Buf wide = {0}, val = {0}, prim = {0}, lnk = {0};
    PyObject *result = NULL;
    Laid l = {0};
    int64_t *wbuf = NULL, *wstart = NULL;
    int32_t *comp = NULL, *cstart = NULL, *clist = NULL, *wlen = NULL, *touched = NULL;
    int32_t *stamp = NULL, *cstamp = NULL, *changed = NULL;
    Py_ssize_t *parent = NULL;
    int8_t *local = NULL;
    uint8_t *kind = NULL;

    if (get_parts(o, &f) < 0 || get(o[6], &wide, "wide marks", 1, 0) < 0 || get(o[7], &val, "values", 1, 1) < 0 ||
        get(o[8], &prim, "primary marks", 1, 0) < 0 || get(o[9], &lnk, "link marks", 1, 0) < 0)
        goto done;
    const uint8_t *primary = prim.view.buf, *link = lnk.view.buf;
    int8_t *value = val.view.buf;
    const Py_ssize_t nv = N(val);
    if (N(wide) != N(f.len[1]) || N(prim) != nv || N(lnk) != nv) {
        PyErr_SetString(PyExc_ValueError, "wide, primary or link marks do not match");
        goto done;
    }
    if (lay_formula(&f, wide.view.buf, nv, &l) < 0) goto done;
    const int64_t *lits_c = l.lits_c, *lits_k = l.lits_k, *occ_start = l.occ_start;
    const Py_ssize_t sc = l.sc, n = l.n, slots = l.sc + N(f.lit[1]);
    const int32_t *occ = l.occ;
    Con *con = l.con;
    parent = malloc(sizeof(Py_ssize_t) * (n + 1));
    if (!parent) {
        PyErr_NoMemory();
        goto done;
    }
    /* Components: constraints joined through the variables `link` marks. */
    int joined = 0;
    for (Py_ssize_t i = 0; i < n; i++) parent[i] = i;
    for (Py_ssize_t v = 1; v < nv; v++) {
        if (!link[v] || occ_start[v] == occ_start[v + 1]) continue;
        Py_ssize_t a = find_root(parent, occ[occ_start[v]] >> 1);
        for (int64_t q = occ_start[v] + 1; q < occ_start[v + 1]; q++) {
            Py_ssize_t b = find_root(parent, occ[q] >> 1);
            if (b != a) {
                parent[b] = a;
                joined = 1;
            }
        }
    }
    if (!joined) {  /* no constraint has helpers: the caller's tiered rounds answer */
        Py_INCREF(Py_False);
        result = Py_False;
        goto done;
    }
    comp = malloc(sizeof(int32_t) * (n + 1));
    Py_ssize_t ncomp = 0;
    for (Py_ssize_t i = 0; i < n; i++) parent[i] = find_root(parent, i);
    for (Py_ssize_t i = 0; comp && i < n; i++) comp[i] = parent[i] == i ? (int32_t)ncomp++ : -1;
    cstart = calloc(ncomp + 2, sizeof(int32_t));
    clist = malloc(sizeof(int32_t) * (n + 1));
    wstart = calloc(ncomp + 1, sizeof(int64_t));
    wlen = calloc(ncomp + 1, sizeof(int32_t));
    touched = malloc(sizeof(int32_t) * (ncomp + 1));
    cstamp = calloc(ncomp + 1, sizeof(int32_t));
    kind = calloc(ncomp + 1, 1);
    wbuf = malloc(sizeof(int64_t) * (slots + 1));
    stamp = calloc(nv + 1, sizeof(int32_t));
    changed = malloc(sizeof(int32_t) * (nv + 1));
    local = calloc(nv + 1, 1);
    if (!comp || !cstart || !clist || !wstart || !wlen || !touched || !cstamp || !kind || !wbuf || !stamp ||
        !changed || !local) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) comp[i] = comp[parent[i]];
    for (Py_ssize_t i = 0; i < n; i++) cstart[comp[i] + 1]++;
    for (Py_ssize_t g = 0; g < ncomp; g++) cstart[g + 1] += cstart[g];
    {
        int32_t *fill = touched;  /* (scratch) */
        for (Py_ssize_t g = 0; g < ncomp; g++) fill[g] = cstart[g];
        for (Py_ssize_t i = 0; i < n; i++) clist[fill[comp[i]]++] = (int32_t)i;
    }
    for (Py_ssize_t g = 0, at = 0; g < ncomp; g++) {  /* room for what each can force: its slots */
        wstart[g] = at;
        for (int32_t j = cstart[g]; j < cstart[g + 1]; j++) at += con[clist[j]].len;
    }
    Py_ssize_t ntouched = ncomp;
    for (Py_ssize_t g = 0; g < ncomp; g++) touched[g] = (int32_t)g;
    long rounds = 0, wide_rounds = 0;
    int32_t id = 0, cid = 0;
    for (;;) {
        for (Py_ssize_t t = 0; t < ntouched; t++) {  /* each touched component, alone, to its fixpoint */
            int32_t g = touched[t];
            int64_t *mine = wbuf + wstart[g];
            int32_t nl = 0;
            int again = 1;
            while (again) {
                again = 0;
                for (int32_t j = cstart[g]; j < cstart[g + 1]; j++) {
                    Con *c = &con[clist[j]];
                    int32_t ntrue = 0, nopen = 0;
                    int64_t last = 0;
                    for (int64_t s = c->start; s < c->start + c->len; s++) {
                        int64_t lit = LIT(s), var = lit < 0 ? -lit : lit;
                        int x = value[var] ? value[var] : local[var];
                        x = lit > 0 ? x : -x;
                        if (x > 0) ntrue++;
                        else if (!x) {
                            nopen++;
                            last = lit;
                        }
                    }
                    if (c->kind == CLAUSE) {
                        if (ntrue) continue;
                        if (!nopen) goto conflict;
                        if (nopen == 1) {
                            int64_t var = last < 0 ? -last : last;
                            local[var] = last > 0 ? 1 : -1;
                            mine[nl++] = last;
                            again = 1;
                        }
                        continue;
                    }
                    if (ntrue > c->size) goto conflict;
                    if (ntrue < c->size || !nopen) continue;
                    for (int64_t s = c->start; s < c->start + c->len; s++) {  /* full: the rest false */
                        int64_t lit = LIT(s), var = lit < 0 ? -lit : lit;
                        if (value[var] || local[var]) continue;
                        local[var] = lit > 0 ? -1 : 1;
                        mine[nl++] = -lit;
                    }
                    again = 1;
                }
            }
            for (int32_t j = 0; j < nl; j++) local[mine[j] < 0 ? -mine[j] : mine[j]] = 0;
            wlen[g] = nl;
        }
        /* What kind of step each waiting component's forcing is. */
        int any[4] = {0, 0, 0, 0};
        for (Py_ssize_t g = 0; g < ncomp; g++) {
            kind[g] = NOTHING;
            if (!wlen[g]) continue;
            const int64_t *mine = wbuf + wstart[g];
            int32_t seen = 0;
            id++;
            for (int32_t j = 0; j < wlen[g]; j++) {
                int64_t var = mine[j] < 0 ? -mine[j] : mine[j];
                seen += primary[var];
                stamp[var] = id;
            }
            if (!seen) kind[g] = HELPERS_ONLY;
            else if (cstart[g + 1] - cstart[g] == 1 && con[clist[cstart[g]]].kind != CLAUSE)
                kind[g] = con[clist[cstart[g]]].kind == WIDE && seen >= 2 ? WIDE_STEP : NARROW_STEP;
            else {
                int partial = 0;
                for (int32_t j = cstart[g]; j < cstart[g + 1] && !partial; j++) {
                    Con *c = &con[clist[j]];
                    for (int64_t s = c->start; s < c->start + c->len; s++) {
                        int64_t lit = LIT(s), var = lit < 0 ? -lit : lit;
                        if (primary[var] && !value[var] && stamp[var] != id) {
                            partial = 1;
                            break;
                        }
                    }
                }
                kind[g] = partial ? WIDE_STEP : NARROW_STEP;
            }
            any[kind[g]] = 1;
        }
        int take = any[NARROW_STEP] ? NARROW_STEP : any[WIDE_STEP] ? WIDE_STEP : any[HELPERS_ONLY] ? HELPERS_ONLY : 0;
        if (!take) break;
        Py_ssize_t nchanged = 0;
        for (Py_ssize_t g = 0; g < ncomp; g++) {
            if (kind[g] != take && kind[g] != HELPERS_ONLY) continue;
            const int64_t *mine = wbuf + wstart[g];
            for (int32_t j = 0; j < wlen[g]; j++) {
                int64_t lit = mine[j], var = lit < 0 ? -lit : lit;
                int8_t want = lit > 0 ? 1 : -1;
                if (value[var] == -want) goto conflict;
                if (!value[var]) {
                    value[var] = want;
                    changed[nchanged++] = (int32_t)var;
                }
            }
            wlen[g] = 0;
        }
        if (take != HELPERS_ONLY) {
            rounds++;
            wide_rounds += take == WIDE_STEP;
        }
        ntouched = 0;
        cid++;
        for (Py_ssize_t j = 0; j < nchanged; j++) {
            int32_t var = changed[j];
            for (int64_t q = occ_start[var]; q < occ_start[var + 1]; q++) {
                int32_t g = comp[occ[q] >> 1];
                if (cstamp[g] != cid) {
                    cstamp[g] = cid;
                    touched[ntouched++] = g;
                }
            }
        }
    }
    result = Py_BuildValue("(ll)", rounds, wide_rounds);
    goto done;
conflict:
    Py_INCREF(Py_None);
    result = Py_None;
done:
    free_laid(&l);
    free(parent);
    free(comp);
    free(cstart);
    free(clist);
    free(wstart);
    free(wlen);
    free(touched);
    free(cstamp);
    free(kind);
    free(wbuf);
    free(stamp);
    free(changed);
    free(local);
    release_parts(&f);
    release(&wide);
    release(&val);
    release(&prim);
    release(&lnk);
    return result;
}

/* ---- What facts leave open ------------------------------------------------------------
 *
 * `Formula.simplified` in C: the clauses the values do not satisfy, without their false
 * literals, and the counts they could still break, without their settled literals (the
 * bound falls by the true ones; a bound of 0 gives a unit clause per open slot), the
 * variables left renumbered 1.. in increasing order. A clause the values make all false
 * stays, as the empty clause; a count they already break gives None. */

/* The open slots of a constraint (clause or count), renamed by `number`, as a new list. */
static PyObject *open_slots(const Con *c, const int64_t *lits_c, const int64_t *lits_k, Py_ssize_t sc,
                            const int8_t *value, const int64_t *number) {
    PyObject *out = PyList_New(c->len - c->nt - c->nf);
    if (!out) return NULL;
    Py_ssize_t j = 0;
    for (int64_t s = c->start; s < c->start + c->len; s++) {
        int64_t lit = SLOT(lits_c, lits_k, sc, s), var = lit < 0 ? -lit : lit;
        if (value[var]) continue;
        int64_t renamed = lit > 0 ? number[var] : -number[var];
        PyObject *item = PyLong_FromLongLong(renamed);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, j++, item);
    }
    return out;
}

static PyObject *simplified(PyObject *self, PyObject *args) {
    PyObject *o[7];
    if (!PyArg_ParseTuple(args, "OOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6])) return NULL;
    Parts f = {0};
    Buf val = {0};
    PyObject *result = NULL, *clauses = NULL, *counts = NULL, *names = NULL;
    Con *con = NULL;
    int64_t *number = NULL;
    if (get_parts(o, &f) < 0 || get(o[6], &val, "values", 1, 0) < 0) goto done;
    const int64_t *lits_c = f.lit[0].view.buf, *len_c = f.len[0].view.buf, *size_c = f.size[0].view.buf;
    const int64_t *lits_k = f.lit[1].view.buf, *len_k = f.len[1].view.buf, *size_k = f.size[1].view.buf;
    const int8_t *value = val.view.buf;
    const Py_ssize_t nc = N(f.len[0]), nk = N(f.len[1]), sc = N(f.lit[0]), sk = N(f.lit[1]), nv = N(val);
    const Py_ssize_t n = nc + nk;
    con = calloc(n + 1, sizeof(Con));
    number = calloc(nv + 1, sizeof(int64_t));
    if (!con || !number) {
        PyErr_NoMemory();
        goto done;
    }
    if (lay_out(con, len_c, size_c, nc, len_k, size_k, nk, NULL, lits_c, sc, lits_k, sk, nv) < 0) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {  /* true and false slots; what is left marks its variables used */
        Con *c = &con[i];
        for (int64_t s = c->start; s < c->start + c->len; s++) {
            int64_t lit = SLOT(lits_c, lits_k, sc, s);
            int8_t v = value[lit < 0 ? -lit : lit];
            if (v) {
                if ((lit > 0) == (v > 0)) c->nt++;
                else c->nf++;
            }
        }
        if (c->kind != CLAUSE && c->size - c->nt < 0) {  /* a count already broken */
            result = Py_None;
            Py_INCREF(result);
            goto done;
        }
        /* kept: an unsatisfied clause; a count whose open slots exceed what it still allows */
        c->queued = c->kind == CLAUSE ? c->nt == 0 : c->size - c->nt < c->len - c->nt - c->nf;
        if (c->queued)
            for (int64_t s = c->start; s < c->start + c->len; s++) {
                int64_t lit = SLOT(lits_c, lits_k, sc, s), var = lit < 0 ? -lit : lit;
                if (!value[var]) number[var] = 1;
            }
    }
    if (!(names = PyList_New(0))) goto done;
    for (Py_ssize_t v = 1, next = 0; v < nv; v++)
        if (number[v]) {
            number[v] = ++next;
            PyObject *item = PyLong_FromSsize_t(v);
            if (!item || PyList_Append(names, item) < 0) {
                Py_XDECREF(item);
                goto done;
            }
            Py_DECREF(item);
        }
    if (!(clauses = PyList_New(0)) || !(counts = PyList_New(0))) goto done;
    for (Py_ssize_t i = 0; i < nc; i++)
        if (con[i].queued) {
            PyObject *clause = open_slots(&con[i], lits_c, lits_k, sc, value, number);
            if (!clause || PyList_Append(clauses, clause) < 0) {
                Py_XDECREF(clause);
                goto done;
            }
            Py_DECREF(clause);
        }
    for (Py_ssize_t i = nc; i < n; i++) {
        Con *c = &con[i];
        if (!c->queued) continue;
        long bound = c->size - c->nt;
        if (bound == 0) {  /* every open slot false: a unit clause each */
            for (int64_t s = c->start; s < c->start + c->len; s++) {
                int64_t lit = SLOT(lits_c, lits_k, sc, s), var = lit < 0 ? -lit : lit;
                if (value[var]) continue;
                PyObject *unit = Py_BuildValue("[L]", (long long)(lit > 0 ? -number[var] : number[var]));
                if (!unit || PyList_Append(clauses, unit) < 0) {
                    Py_XDECREF(unit);
                    goto done;
                }
                Py_DECREF(unit);
            }
            continue;
        }
        PyObject *lits = open_slots(c, lits_c, lits_k, sc, value, number);
        PyObject *pair = lits ? Py_BuildValue("(Nl)", lits, bound) : NULL;
        if (!pair || PyList_Append(counts, pair) < 0) {
            Py_XDECREF(pair);
            goto done;
        }
        Py_DECREF(pair);
    }
    result = Py_BuildValue("(OOO)", clauses, counts, names);
done:
    Py_XDECREF(clauses);
    Py_XDECREF(counts);
    Py_XDECREF(names);
    free(con);
    free(number);
    release_parts(&f);
    release(&val);
    return result;
}

/* ---- Probing by rounds ---------------------------------------------------------------
 *
 * A Prober holds the rules and clues (all counts narrow) with an assignment, the facts, and
 * answers "what do these assumptions propagate to, in rounds" (then forgets them), so the
 * grade's failed-literal probing needs no SAT solver. What a probe sets is its fixpoint when
 * it holds; when it conflicts, the literals set in the rounds before the one in which the
 * conflict shows (the probe's own among them): both depend on the assignment alone, not on
 * any order. lab/engine/probing.py is the same in Python, for installs without a compiler.
 *
 * Clauses are watched, two literals each, as in MiniSat: a round looks only at the clauses
 * watching a literal the round before made false, and an assignment or its undoing costs
 * nothing for the clauses. Counts keep counters of their true and false literals. */

#define LIDX(lit) (2 * ((lit) < 0 ? -(lit) : (lit)) + ((lit) > 0))
#define VAL(p, lit) ((lit) > 0 ? (p)->value[(lit)] : -(p)->value[-(lit)])

/* A watch: the clause (clause * 2 + which of its two watches) and a literal of it, the
 * blocker: while that is true the clause is satisfied and need not be read (MiniSat's). */
typedef struct {
    int32_t entry, blocker;
} Watch;

typedef struct {
    PyObject_HEAD
    Py_ssize_t nv;
    Con *con;
    int64_t *lits;  /* every slot's literal, clauses first */
    int64_t *occ_start;  /* per variable, its slots in counts */
    int32_t *occ;
    int32_t *watch;  /* per clause of two or more literals, the slots of its two watches */
    int64_t *wl_start;  /* per literal (LIDX), where its watch list starts in wl */
    Watch *wl;  /* the watch lists */
    int32_t *wl_n;  /* their lengths */
    int8_t *value;
    uint8_t *primary;  /* per variable */
    int32_t *trail;  /* assigned variables, in order; the facts first */
    Py_ssize_t ntrail;
    int32_t *pending, *next;
    Py_ssize_t npending;
    int64_t *forced;
    Py_ssize_t cap;
    int32_t *stamp;
    int32_t round_id;
    uint32_t *safe;  /* per literal (2 * var + positive): the pass that found it safe */
    uint32_t pass_id;
    int broken;  /* the facts conflict */
    Py_ssize_t nprimary;  /* primary variables on the trail */
    double cost_cap;  /* `run` stops once the primary variables set past `cost_from`, times
                       * one more than the rounds run since `rounds_from`, pass this (a
                       * probe's cost can only be higher): < 0, never */
    Py_ssize_t cost_from;
    long rounds, rounds_from;  /* rounds `run` has begun, ever; the count when a probe began */
} Prober;

static void assign(Prober *p, int64_t lit) {
    int64_t var = lit < 0 ? -lit : lit;
    int positive = lit > 0;
    p->value[var] = positive ? 1 : -1;
    p->trail[p->ntrail++] = (int32_t)var;
    p->nprimary += p->primary[var];
    for (int64_t q = p->occ_start[var]; q < p->occ_start[var + 1]; q++) {
        int32_t entry = p->occ[q], i = entry >> 1;
        Con *c = &p->con[i];
        if ((entry & 1) == positive) c->nt++;
        else c->nf++;
        if (!c->queued) {
            c->queued = 1;
            p->pending[p->npending++] = i;
        }
    }
}

static void undo(Prober *p, Py_ssize_t to) {
    while (p->ntrail > to) {
        int32_t var = p->trail[--p->ntrail];
        int positive = p->value[var] > 0;
        p->nprimary -= p->primary[var];
        for (int64_t q = p->occ_start[var]; q < p->occ_start[var + 1]; q++) {
            int32_t entry = p->occ[q];
            Con *c = &p->con[entry >> 1];
            if ((entry & 1) == positive) c->nt--;
            else c->nf--;
        }
        p->value[var] = 0;
    }
}

static void clear_pending(Prober *p) {
    for (Py_ssize_t j = 0; j < p->npending; j++) p->con[p->pending[j]].queued = 0;
    p->npending = 0;
}

static int grow(Prober *p, Py_ssize_t need) {
    if (need <= p->cap) return 0;
    Py_ssize_t cap = p->cap;
    while (cap < need) cap *= 2;
    int64_t *f = realloc(p->forced, sizeof(int64_t) * cap);
    if (!f) return -1;
    p->forced = f;
    p->cap = cap;
    return 0;
}

/* Rounds from the last batch of assignments (the trail from `batch`; the counts they
 * touched are in `pending`) to the fixpoint, `extra` forced in the first round too (the
 * rules' unit clauses): 1, or 0 on a conflict with *before = the trail's length when it
 * showed; 2 when a round left a probe's cost so far above `p->cost_cap` (pending
 * cleared); -1 on no memory. */
static int run(Prober *p, Py_ssize_t batch, const int64_t *extra, Py_ssize_t nextra, Py_ssize_t *before) {
    for (;;) {
        p->rounds++;
        Py_ssize_t nforced = 0, nscan = p->npending;
        int32_t *scan = p->pending;
        p->pending = p->next;
        p->next = scan;
        p->npending = 0;
        p->round_id++;
        if (nextra) {
            if (grow(p, nextra) < 0) return -1;
            memcpy(p->forced, extra, sizeof(int64_t) * nextra);
            nforced = nextra;
            nextra = 0;
        }
        for (Py_ssize_t j = 0; j < nscan; j++) {  /* counts */
            Con *c = &p->con[scan[j]];
            c->queued = 0;
            if (c->nt > c->size) {
                for (Py_ssize_t k = j + 1; k < nscan; k++) p->con[scan[k]].queued = 0;
                *before = p->ntrail;
                return 0;
            }
            if (c->nt < c->size || c->nt + c->nf == c->len) continue;
            if (grow(p, nforced + c->len) < 0) return -1;
            for (int64_t s = c->start; s < c->start + c->len; s++) {
                int64_t lit = p->lits[s], var = lit < 0 ? -lit : lit;
                if (!p->value[var]) p->forced[nforced++] = -lit;
            }
        }
        Py_ssize_t end = p->ntrail;  /* clauses: the watches of what the last batch made false */
        for (Py_ssize_t t = batch; t < end; t++) {
            int32_t var = p->trail[t];
            int64_t gone = p->value[var] > 0 ? -(int64_t)var : var;
            int64_t li = LIDX(gone);
            Watch *list = p->wl + p->wl_start[li];
            int32_t count = p->wl_n[li], keep = 0, conflict = 0;
            for (int32_t q = 0; q < count; q++) {
                Watch w = list[q];
                if (conflict || VAL(p, (int64_t)w.blocker) > 0) {
                    list[keep++] = w;
                    continue;
                }
                int32_t c = w.entry >> 1, which = w.entry & 1;
                int32_t mine = p->watch[2 * c + which], other = p->watch[2 * c + 1 - which];
                int64_t other_lit = p->lits[other];
                int other_value = VAL(p, other_lit);
                w.blocker = (int32_t)other_lit;
                if (other_value > 0) {
                    list[keep++] = w;
                    continue;
                }
                Con *k = &p->con[c];
                int64_t found = -1;
                for (int64_t s = k->start; s < k->start + k->len; s++)
                    if (s != mine && s != other && VAL(p, p->lits[s]) >= 0) {
                        found = s;
                        break;
                    }
                if (found >= 0) {  /* watch a literal not false instead */
                    p->watch[2 * c + which] = (int32_t)found;
                    int64_t to = LIDX(p->lits[found]);
                    p->wl[p->wl_start[to] + p->wl_n[to]++] = w;
                    continue;
                }
                list[keep++] = w;
                if (other_value < 0) conflict = 1;
                else {
                    if (grow(p, nforced + 1) < 0) return -1;
                    p->forced[nforced++] = other_lit;
                }
            }
            p->wl_n[li] = keep;
            if (conflict) {
                *before = p->ntrail;
                return 0;
            }
        }
        if (!nforced) return 1;
        for (Py_ssize_t j = 0; j < nforced; j++) {
            int64_t lit = p->forced[j], var = lit < 0 ? -lit : lit;
            int32_t mark = lit > 0 ? p->round_id : -p->round_id;
            if (p->stamp[var] == -mark) {
                *before = p->ntrail;
                return 0;
            }
            p->stamp[var] = mark;
        }
        batch = p->ntrail;
        /* A conflict shows in the next round at the earliest, its cost at least (what is set
         * by then) x (rounds + 1): stop as soon as the set part alone passes the cap's share. */
        double cap_set = p->cost_cap >= 0 ? p->cost_cap / (double)(p->rounds - p->rounds_from + 1) : -1;
        for (Py_ssize_t j = 0; j < nforced; j++) {
            int64_t lit = p->forced[j], var = lit < 0 ? -lit : lit;
            if (!p->value[var]) {
                assign(p, lit);
                if (cap_set >= 0 && (double)(p->nprimary - p->cost_from) > cap_set) {
                    clear_pending(p);
                    return 2;
                }
            }
        }
    }
}

/* Item j of `list` as a literal whose variable the rules know; -1 with an error if not. */
static int list_literal(Prober *p, PyObject *list, Py_ssize_t j, long long *lit) {
    *lit = PyLong_AsLongLong(PyList_GET_ITEM(list, j));
    long long var = *lit < 0 ? -*lit : *lit;
    if (var > 0 && var < p->nv && !PyErr_Occurred()) return 0;
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a literal names a variable outside the rules");
    return -1;
}

/* Set the assumptions (as one round) and run: 1 holds, 0 conflict (*before as in `run`),
 * -1 no memory, -2 a literal outside the variables. */
static int start(Prober *p, PyObject *lits, Py_ssize_t *before) {
    Py_ssize_t m = PyList_GET_SIZE(lits), from = p->ntrail;
    p->round_id++;
    for (Py_ssize_t j = 0; j < m; j++) {
        long long lit;
        if (list_literal(p, lits, j, &lit) < 0) {
            clear_pending(p);
            undo(p, from);
            return -2;
        }
        long long var = lit < 0 ? -lit : lit;
        int8_t want = lit > 0 ? 1 : -1;
        if (p->value[var] == -want) {
            clear_pending(p);
            *before = p->ntrail;
            return 0;
        }
        if (!p->value[var]) assign(p, lit);
    }
    return run(p, from, NULL, 0, before);
}

static PyObject *trail_list(Prober *p, Py_ssize_t from, Py_ssize_t to) {
    PyObject *out = PyList_New(to - from);
    if (!out) return NULL;
    for (Py_ssize_t j = from; j < to; j++) {
        int32_t var = p->trail[j];
        PyList_SET_ITEM(out, j - from, PyLong_FromLong(p->value[var] > 0 ? var : -var));
    }
    return out;
}

static PyObject *lits_arg(PyObject *args) {
    PyObject *lits;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &lits)) return NULL;
    return lits;
}

static PyObject *Prober_propagate(Prober *p, PyObject *args) {
    PyObject *lits = lits_arg(args);
    if (!lits) return NULL;
    if (p->broken) return Py_BuildValue("(O[])", Py_False);
    Py_ssize_t from = p->ntrail, before = 0;
    int status = start(p, lits, &before);
    if (status < -1) return NULL;
    if (status < 0) {
        clear_pending(p);
        undo(p, from);
        return PyErr_NoMemory();
    }
    PyObject *implied = trail_list(p, from, status ? p->ntrail : before);
    clear_pending(p);
    undo(p, from);
    if (!implied) return NULL;
    PyObject *out = Py_BuildValue("(ON)", status ? Py_True : Py_False, implied);
    return out;
}

static PyObject *Prober_fix(Prober *p, PyObject *args) {
    PyObject *lits = lits_arg(args);
    if (!lits) return NULL;
    if (p->broken) Py_RETURN_NONE;
    Py_ssize_t before = 0, from = p->ntrail;
    int status = start(p, lits, &before);
    clear_pending(p);
    if (status < -1) return NULL;
    if (status < 0) return PyErr_NoMemory();
    if (!status) {
        p->broken = 1;
        Py_RETURN_NONE;
    }
    return trail_list(p, from, p->ntrail);
}

/* The variables of `variables` the facts leave open, in order: the grade filters its open
 * list after every step (a Python set look-up per variable cost a 9x9 grade 0.08 ms). */
static PyObject *Prober_unset(Prober *p, PyObject *args) {
    PyObject *vars = lits_arg(args);
    if (!vars) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(vars); j++) {
        long long lit;
        if (list_literal(p, vars, j, &lit) < 0 || (!p->value[lit < 0 ? -lit : lit] &&
                                                   PyList_Append(out, PyList_GET_ITEM(vars, j)) < 0)) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static PyObject *Prober_facts(Prober *p, PyObject *Py_UNUSED(ignored)) {
    return trail_list(p, 0, p->ntrail);
}

/* Probe the open literal `lit` from the facts: 1 it holds (what it set stays on the trail
 * from `from`, for the caller to read and undo), 0 it conflicts (*cost: the primary
 * variables set before the conflict showed, times the rounds it took to show; undone), 2
 * it went past `p->cost_cap` (undone), -1 no memory (undone). */
static int probe_one(Prober *p, long long lit, long *cost) {
    Py_ssize_t from = p->ntrail, before = 0;
    p->cost_from = p->nprimary;
    p->rounds_from = p->rounds;
    assign(p, lit);
    int status = run(p, from, NULL, 0, &before);
    clear_pending(p);
    if (!status) {
        long size = 0;
        for (Py_ssize_t t = from; t < before; t++) size += p->primary[p->trail[t]];
        *cost = size * (p->rounds - p->rounds_from);
    }
    if (status != 1) undo(p, from);
    return status;
}

/* A probe from trail position `from` held: what it set is safe for the rest of this pass
 * (it holds whenever the probe does: the dominator rule); then undo it. */
static void keep_safe(Prober *p, Py_ssize_t from) {
    for (Py_ssize_t t = from; t < p->ntrail; t++) {
        int32_t v = p->trail[t];
        p->safe[2 * v + (p->value[v] > 0)] = p->pass_id;
    }
    undo(p, from);
}

static int append_pair(PyObject *list, long cost, long long lit) {
    PyObject *item = Py_BuildValue("(lL)", cost, lit);
    if (!item) return -1;
    int rc = PyList_Append(list, item);
    Py_DECREF(item);
    return rc;
}

/* A pass's arguments (a list, a probe limit) -> a new empty list for its findings; NULL on
 * an error. */
static PyObject *list_and_limit(PyObject *args, PyObject **list, long long *limit) {
    if (!PyArg_ParseTuple(args, "O!L", &PyList_Type, list, limit)) return NULL;
    return PyList_New(0);
}

/* One depth-1 pass: for each variable in turn, probe it true, then false, skipping a literal
 * an earlier probe of this pass set without conflict (it holds then too: the dominator
 * rule); the first of the two that conflicts is a finding, (its cost, `probe_one`'s, the
 * literal it proves). At most `limit` probes (-1: no limit).
 * -> (findings, probes, whether the limit stopped it). */
static PyObject *Prober_shallow_pass(Prober *p, PyObject *args) {
    PyObject *vars, *found;
    long long limit, calls = 0;
    int out = 0;
    if (!(found = list_and_limit(args, &vars, &limit))) return NULL;
    p->pass_id++;
    Py_ssize_t m = PyList_GET_SIZE(vars), from = p->ntrail;
    for (Py_ssize_t j = 0; j < m && !out && !p->broken; j++) {
        long long var;
        if (list_literal(p, vars, j, &var) < 0 || var < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a variable must be positive");
            Py_DECREF(found);
            return NULL;
        }
        for (int sign = 1; sign >= -1; sign -= 2) {
            long long probe = sign * var;
            if (p->safe[2 * var + (sign > 0)] == p->pass_id) continue;
            if (limit >= 0 && calls >= limit) {
                out = 1;
                break;
            }
            calls++;
            long cost = 0;
            int status = 0;
            if (p->value[var]) {  /* already set: a probe with it holds, against it fails at once */
                if ((p->value[var] > 0) == (sign > 0)) continue;
            } else if ((status = probe_one(p, probe, &cost)) < 0) {
                Py_DECREF(found);
                return PyErr_NoMemory();
            }
            if (status) {
                keep_safe(p, from);
                continue;
            }
            if (append_pair(found, cost, -probe) < 0) {
                Py_DECREF(found);
                return NULL;
            }
            break;
        }
    }
    return Py_BuildValue("(NLO)", found, calls, out ? Py_True : Py_False);
}

/* Probe each of `probes` again (those the facts do not settle), at most `limit` probes (-1:
 * none) -> (findings [(cost, literal proven)] for those that still fail, probes, stopped).
 * With `spread` > 0 only the cheapest findings' costs are wanted, those up to `spread` times
 * the cheapest: a probe is cut off once its cost so far (the primary variables its rounds
 * have set, times those rounds) passes `spread` times the cheapest cost found so far, and
 * reported with cost -1 (its cost could only grow: a conflict shows a round later). Each still
 * fails (the facts only grew since it was found), and its cost could only be higher. */
static PyObject *Prober_recheck(Prober *p, PyObject *args) {
    PyObject *probes, *found;
    long long limit, calls = 0;
    double spread = 0;
    int out = 0;
    if (!PyArg_ParseTuple(args, "O!L|d", &PyList_Type, &probes, &limit, &spread)) return NULL;
    if (!(found = PyList_New(0))) return NULL;
    Py_ssize_t m = PyList_GET_SIZE(probes), from = p->ntrail;
    long cheapest = -1;
    for (Py_ssize_t j = 0; j < m && !p->broken; j++) {
        long long probe;
        if (list_literal(p, probes, j, &probe) < 0) {
            Py_DECREF(found);
            return NULL;
        }
        if (p->value[probe < 0 ? -probe : probe]) continue;
        if (limit >= 0 && calls >= limit) {
            out = 1;
            break;
        }
        calls++;
        long cost = 0;
        p->cost_cap = spread > 0 && cheapest >= 0 ? spread * (double)cheapest : -1;
        int status = probe_one(p, probe, &cost);
        p->cost_cap = -1;
        if (status < 0) {
            Py_DECREF(found);
            return PyErr_NoMemory();
        }
        if (status == 1) {
            undo(p, from);
            continue;
        }
        if (status == 2) cost = -1;
        else if (cheapest < 0 || cost < cheapest) cheapest = cost;
        if (append_pair(found, cost, -probe) < 0) {
            Py_DECREF(found);
            return NULL;
        }
    }
    return Py_BuildValue("(NLO)", found, calls, out ? Py_True : Py_False);
}

/* Failed-literal probing to its fixpoint under the assumptions `lits` (the grade's depth-1
 * procedure under a deeper probe): do they conflict, once every literal that fails under
 * them is taken as its negation? Passes over `candidates` (skipping what is set, and what
 * a probe of the pass set without conflict), a finding set at once, until a pass finds
 * nothing. Counted as the Python does: the first propagation, each probe, each
 * propagation after a finding; at most `limit` (-1: none).
 * -> (conflicts, what the assumptions then set or None, count, stopped by the limit). */
static PyObject *Prober_fails1(Prober *p, PyObject *args) {
    PyObject *lits, *vars;
    long long limit;
    if (!PyArg_ParseTuple(args, "O!O!L", &PyList_Type, &lits, &PyList_Type, &vars, &limit)) return NULL;
    long long calls = 0;
    Py_ssize_t from = p->ntrail, before = 0, m = PyList_GET_SIZE(vars);
#define SPEND()                                                        \
    do {                                                               \
        if (limit >= 0 && calls >= limit) {                            \
            undo(p, from);                                             \
            return Py_BuildValue("(OOLO)", Py_False, Py_None, calls, Py_True); \
        }                                                              \
        calls++;                                                       \
    } while (0)
    if (p->broken) return Py_BuildValue("(OOLO)", Py_True, Py_None, calls, Py_False);
    SPEND();
    int status = start(p, lits, &before);
    clear_pending(p);
    if (status < -1) return NULL;
    if (status < 0) goto nomem;
    if (!status) goto failed;
    int changed = 1;
    while (changed) {
        changed = 0;
        p->pass_id++;
        for (Py_ssize_t j = 0; j < m; j++) {
            long long var;
            if (list_literal(p, vars, j, &var) < 0 || var < 0) {
                undo(p, from);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a variable must be positive");
                return NULL;
            }
            if (p->value[var]) continue;
            for (int sign = 1; sign >= -1; sign -= 2) {
                long long probe = sign * var;
                if (p->safe[2 * var + (sign > 0)] == p->pass_id) continue;
                SPEND();
                Py_ssize_t mark = p->ntrail;
                long cost = 0;
                status = probe_one(p, probe, &cost);
                if (status < 0) goto nomem;
                if (status) {
                    keep_safe(p, mark);
                    continue;
                }
                SPEND();  /* the propagation with the finding */
                Py_ssize_t batch = p->ntrail;
                assign(p, -probe);
                status = run(p, batch, NULL, 0, &before);
                clear_pending(p);
                if (status < 0) goto nomem;
                if (!status) goto failed;
                changed = 1;
                p->pass_id++;  /* more is set: what was safe before may fail now */
                break;
            }
        }
    }
    {
        PyObject *implied = trail_list(p, from, p->ntrail);
        undo(p, from);
        if (!implied) return NULL;
        return Py_BuildValue("(ONLO)", Py_False, implied, calls, Py_False);
    }
#undef SPEND
failed:
    undo(p, from);
    return Py_BuildValue("(OOLO)", Py_True, Py_None, calls, Py_False);
nomem:
    undo(p, from);
    return PyErr_NoMemory();
}

static void Prober_dealloc(Prober *p) {
    free(p->con);
    free(p->lits);
    free(p->occ_start);
    free(p->occ);
    free(p->watch);
    free(p->wl_start);
    free(p->wl);
    free(p->wl_n);
    free(p->value);
    free(p->primary);
    free(p->trail);
    free(p->pending);
    free(p->next);
    free(p->forced);
    free(p->stamp);
    free(p->safe);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

static int Prober_init(Prober *p, PyObject *args, PyObject *kwds) {
    PyObject *o[7];
    if (!PyArg_ParseTuple(args, "OOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6])) return -1;
    if (p->con) {
        PyErr_SetString(PyExc_RuntimeError, "a Prober is set up once");
        return -1;
    }
    Parts f = {0};
    Buf prim = {0};
    int rc = -1;
    if (get_parts(o, &f) < 0 || get(o[6], &prim, "primary marks", 1, 0) < 0)
        goto done;
    const int64_t *len_c = f.len[0].view.buf, *size_c = f.size[0].view.buf;
    const int64_t *len_k = f.len[1].view.buf, *size_k = f.size[1].view.buf;
    const Py_ssize_t nc = N(f.len[0]), nk = N(f.len[1]), sc = N(f.lit[0]), sk = N(f.lit[1]), nv = N(prim);
    const Py_ssize_t n = nc + nk, slots = sc + sk;
    if (n >= (1 << 30) || nv >= (1 << 30) || nv < 1) {
        PyErr_SetString(PyExc_ValueError, "too many constraints or variables, or no variable");
        goto done;
    }
    p->nv = nv;
    p->cap = 1024;
    p->cost_cap = -1;
    p->rounds = p->rounds_from = 0;
    p->con = calloc(n + 1, sizeof(Con));
    p->lits = malloc(sizeof(int64_t) * (slots + 1));
    p->occ_start = calloc(nv + 1, sizeof(int64_t));
    p->occ = malloc(sizeof(int32_t) * (sk + 1));
    p->watch = malloc(sizeof(int32_t) * (2 * nc + 2));
    p->wl_start = calloc(2 * nv + 3, sizeof(int64_t));
    p->wl = malloc(sizeof(Watch) * (sc + 1));
    p->wl_n = calloc(2 * nv + 2, sizeof(int32_t));
    p->value = calloc(nv + 1, 1);
    p->primary = calloc(nv + 1, 1);
    p->trail = malloc(sizeof(int32_t) * (nv + 1));
    p->pending = malloc(sizeof(int32_t) * (n + 1));
    p->next = malloc(sizeof(int32_t) * (n + 1));
    p->forced = malloc(sizeof(int64_t) * p->cap);
    p->stamp = calloc(nv + 1, sizeof(int32_t));
    p->safe = calloc(2 * nv + 2, sizeof(uint32_t));
    int64_t *units = malloc(sizeof(int64_t) * (nc + 1));
    if (!p->con || !p->lits || !p->occ_start || !p->occ || !p->watch || !p->wl_start || !p->wl || !p->wl_n ||
        !p->value || !p->primary || !p->trail || !p->pending || !p->next || !p->forced || !p->stamp || !p->safe ||
        !units) {
        free(units);
        PyErr_NoMemory();
        goto done;
    }
    memcpy(p->lits, f.lit[0].view.buf, sizeof(int64_t) * sc);
    memcpy(p->lits + sc, f.lit[1].view.buf, sizeof(int64_t) * sk);
    memcpy(p->primary, prim.view.buf, nv);
    if (lay_out(p->con, len_c, size_c, nc, len_k, size_k, nk, NULL, p->lits, sc, p->lits + sc, sk, nv) < 0) {
        free(units);
        goto done;
    }
    Py_ssize_t nunits = 0;
    int empty = 0;
    for (Py_ssize_t i = 0; i < nc; i++) {  /* room for the clauses' watches; their units */
        Con *c = &p->con[i];
        for (int64_t s = c->start; s < c->start + c->len; s++) p->wl_start[LIDX(p->lits[s]) + 1]++;
        if (c->len == 0) empty = 1;
        if (c->len == 1) units[nunits++] = p->lits[c->start];
    }
    for (Py_ssize_t l = 1; l <= 2 * nv + 2; l++) p->wl_start[l] += p->wl_start[l - 1];
    if (occurrences(p->con, nc, n, p->lits, sc, p->lits + sc, nv, p->occ_start, p->occ) < 0) {
        free(units);
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nc; i++) {  /* watch a clause's first two literals */
        Con *c = &p->con[i];
        if (c->len < 2) continue;
        for (int which = 0; which < 2; which++) {
            int64_t s = c->start + which, l = LIDX(p->lits[s]);
            p->watch[2 * i + which] = (int32_t)s;
            Watch w = {(int32_t)(i * 2 + which), (int32_t)p->lits[c->start + 1 - which]};
            p->wl[p->wl_start[l] + p->wl_n[l]++] = w;
        }
    }
    /* What the rules force alone (their units and what those force): the first facts. */
    for (Py_ssize_t i = nc; i < n; i++) {
        p->con[i].queued = 1;
        p->pending[p->npending++] = (int32_t)i;
    }
    Py_ssize_t before = 0;
    int status = empty ? 0 : run(p, 0, units, nunits, &before);
    free(units);
    clear_pending(p);
    if (status < 0) {
        PyErr_NoMemory();
        goto done;
    }
    p->broken = !status;
    rc = 0;
done:
    release_parts(&f);
    release(&prim);
    return rc;
}

static PyMethodDef Prober_methods[] = {
    {"propagate", (PyCFunction)Prober_propagate, METH_VARARGS,
     "propagate(lits) -> (holds, what it set): rounds from the facts and `lits`, then forgotten. "
     "On a conflict, what the rounds before the conflict's set."},
    {"fix", (PyCFunction)Prober_fix, METH_VARARGS,
     "fix(lits) -> make them facts: the literals that set (theirs among them, unless facts already), "
     "None if they conflict."},
    {"facts", (PyCFunction)Prober_facts, METH_NOARGS, "facts() -> every literal set for good, in order."},
    {"unset", (PyCFunction)Prober_unset, METH_VARARGS, "unset(variables) -> those the facts leave open, in order."},
    {"fails1", (PyCFunction)Prober_fails1, METH_VARARGS,
     "fails1(lits, candidates, limit) -> (conflicts, what lits then set or None, count, stopped)."},
    {"recheck", (PyCFunction)Prober_recheck, METH_VARARGS,
     "recheck(probes, limit, spread=0) -> (findings [(cost, literal)] of those that still fail, probes, "
     "stopped); with spread, a cost above spread times the cheapest may come back as -1."},
    {"shallow_pass", (PyCFunction)Prober_shallow_pass, METH_VARARGS,
     "shallow_pass(variables, limit) -> (findings [(cost, literal)], probes, stopped by the limit)."},
    {NULL, NULL, 0, NULL}};

static PyMemberDef Prober_members[] = {
    {"rounds", T_LONG, offsetof(Prober, rounds), READONLY,
     "rounds of propagation begun so far, in every call (a difference times one call)"},
    {NULL},
};

static PyTypeObject ProberType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "puzzlelab.lab._rounds.Prober",
    .tp_basicsize = sizeof(Prober),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Prober(clause_lits, clause_lengths, clause_sizes, count_lits, count_lengths, count_sizes, "
              "primary): failed-literal probing by rounds of unit propagation.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Prober_init,
    .tp_dealloc = (destructor)Prober_dealloc,
    .tp_methods = Prober_methods,
    .tp_members = Prober_members,
};

/* ---- Forcing chains (lab/engine/chains.py) --------------------------------------------------
 *
 * A probe sets one literal and follows only the links: a literal's static ones (what it
 * excludes, negated, from `to`) and, for "not v" where v's cell has two values left, the
 * other value. It fails when the literals it reaches include a pair or one the facts deny;
 * a literal the facts already hold is not followed (what it implies is a fact too). That
 * closure does not depend on the order it is walked in, so lab/engine/chains.py's Python answers
 * the same. */

#define CIDX(lit) (2 * ((lit) < 0 ? -(lit) : (lit)) + ((lit) > 0))

static PyObject *forcing_chain(PyObject *self, PyObject *args) {
    PyObject *o[5];
    long long nv_arg, first = 0;
    if (!PyArg_ParseTuple(args, "OOOOOL|L", &o[0], &o[1], &o[2], &o[3], &o[4], &nv_arg, &first)) return NULL;
    Buf b[4];
    memset(b, 0, sizeof b);
    static const char *what[4] = {"link starts", "links", "cell starts", "cell variables"};
    PyObject *iter = NULL, *item = NULL;
    int8_t *value = NULL;
    int64_t *partner = NULL, *queue = NULL, *probes = NULL;
    uint32_t *stamp = NULL;
    long long found = 0;
    int ok = 0;
    for (int k = 0; k < 4; k++)
        if (get(o[k], &b[k], what[k], 8, 0) < 0) goto done;
    const Py_ssize_t nv = (Py_ssize_t)nv_arg;
    const int64_t *start = b[0].view.buf, *to = b[1].view.buf, *cell_start = b[2].view.buf;
    const int64_t *cell_vars = b[3].view.buf;
    const Py_ssize_t ncells = N(b[2]) - 1;
    if (N(b[0]) != 2 * nv + 3 || ncells < 0) {
        PyErr_SetString(PyExc_ValueError, "forcing_chain: link starts must have 2 * variables + 3 entries");
        goto done;
    }
    value = calloc(nv + 1, 1);
    partner = calloc(nv + 1, sizeof(int64_t));
    stamp = calloc(2 * nv + 2, sizeof(uint32_t));
    queue = malloc((2 * nv + 2) * sizeof(int64_t));
    probes = malloc((2 * N(b[3]) + 2) * sizeof(int64_t));
    if (!value || !partner || !stamp || !queue || !probes) {
        PyErr_NoMemory();
        goto done;
    }
    if (PyObject_TypeCheck(o[4], &ProberType)) {  /* its facts, as values: no set of 700 literals to read */
        Prober *p = (Prober *)o[4];
        memcpy(value + 1, p->value + 1, (size_t)(nv < p->nv ? nv : p->nv - 1));
    } else if (!(iter = PyObject_GetIter(o[4]))) goto done;
    while (iter && (item = PyIter_Next(iter))) {
        long long lit = PyLong_AsLongLong(item);
        Py_DECREF(item);
        if (lit == -1 && PyErr_Occurred()) goto done;
        long long var = lit < 0 ? -lit : lit;
        if (var >= 1 && var <= nv) value[var] = lit > 0 ? 1 : -1;
    }
    if (PyErr_Occurred()) goto done;
    Py_ssize_t nprobes = 0;
    long long first_var = first < 0 ? -first : first;
    if (first_var >= 1 && first_var <= nv && value[first_var] == 0) probes[nprobes++] = first;
    for (Py_ssize_t c = 0; c < ncells; c++) {
        int64_t left[2] = {0, 0};
        int nleft = 0, settled = 0;
        for (int64_t j = cell_start[c]; j < cell_start[c + 1]; j++) {
            int64_t v = cell_vars[j];
            if (value[v] > 0) settled = 1;
        }
        if (settled) continue;
        for (int64_t j = cell_start[c]; j < cell_start[c + 1]; j++) {
            int64_t v = cell_vars[j];
            if (value[v] != 0) continue;
            if (nleft < 2) left[nleft] = v;
            nleft++;
            probes[nprobes++] = v;
            probes[nprobes++] = -v;
        }
        if (nleft == 2) {
            partner[left[0]] = left[1];
            partner[left[1]] = left[0];
        }
    }
    uint32_t id = 0;
    for (Py_ssize_t k = 0; k < nprobes && !found; k++) {
        int64_t probe = probes[k];
        id++;
        Py_ssize_t head = 0, tail = 0;
        queue[tail++] = probe;
        stamp[CIDX(probe)] = id;
        while (head < tail && !found) {
            int64_t t = queue[head++];
            int64_t from = start[CIDX(t)], upto = start[CIDX(t) + 1];
            int64_t extra = t < 0 ? partner[-t] : 0;
            for (int64_t j = from; j < upto + (extra != 0); j++) {
                int64_t u = j < upto ? to[j] : extra;
                int64_t var = u < 0 ? -u : u;
                int8_t val = u > 0 ? value[var] : -value[var];
                if (val > 0 || stamp[CIDX(u)] == id) continue;
                if (val < 0 || stamp[CIDX(-u)] == id) {
                    found = probe;
                    break;
                }
                stamp[CIDX(u)] = id;
                queue[tail++] = u;
            }
        }
    }
    ok = 1;
done:
    Py_XDECREF(iter);
    for (int k = 0; k < 4; k++) release(&b[k]);
    free(value);
    free(partner);
    free(stamp);
    free(queue);
    free(probes);
    return ok ? PyLong_FromLongLong(found) : NULL;
}

static PyMethodDef methods[] = {
    {"tiered_rounds", tiered_rounds, METH_VARARGS,
     "tiered_rounds(clause_lits, clause_lengths, clause_sizes, count_lits, count_lengths, count_sizes, "
     "wide, values) -> (rounds, wide_rounds), or None on a conflict. int64 arrays; wide: one byte per "
     "count; values: int8 per variable (1, -1, 0 open), set in place."},
    {"constraint_rounds", constraint_rounds, METH_VARARGS,
     "constraint_rounds(clause_lits, clause_lengths, clause_sizes, count_lits, count_lengths, count_sizes, "
     "wide, values, primary, link) -> (rounds, wide_rounds) per constraint (lab/engine/rounds.py), None on a "
     "conflict, False when `link` joins no two constraints. primary, link: one byte per variable."},
    {"simplified", simplified, METH_VARARGS,
     "simplified(clause_lits, clause_lengths, clause_sizes, count_lits, count_lengths, count_sizes, values) "
     "-> (clauses, counts [(literals, bound)], names), or None when the values break a count: what "
     "Formula.simplified leaves open, in the same order."},
    {"forcing_chain", forcing_chain, METH_VARARGS,
     "forcing_chain(link_starts, links, cell_starts, cell_vars, facts, variables, first=0) -> a literal a "
     "forcing chain refutes from the facts, or 0 (lab/engine/chains.py); `first`, if open, is probed first. int64 "
     "arrays; facts: any iterable of literals, or a Prober (its facts)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_rounds",
                                    "Rounds of unit propagation in C (see lab/engine/rounds.py).", -1, methods};

PyMODINIT_FUNC PyInit__rounds(void) {
    if (PyType_Ready(&ProberType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&ProberType);
    if (PyModule_AddObject(m, "Prober", (PyObject *)&ProberType) < 0) {
        Py_DECREF(&ProberType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
