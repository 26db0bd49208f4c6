"""Never lose a user's file: one writer per output (a lock), and files that appear whole.

`atomic_write` writes through a uniquely named temporary file in the target's directory and
renames it into place, so a reader (or a crash) never sees half a file and no name the user
owns is ever used as scratch space. `OutputLock` keeps two runs from writing the same output;
it is an advisory `flock`, so the kernel releases it when its process dies, however it dies.
"""

from __future__ import annotations

import fcntl
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..engine.puzzle import PuzzleError

LOCK_TAG = "puzzlelab lock, pid "


def output_path(out: str | os.PathLike, what: str = "a file name", option: str = "--out") -> Path:
    """`out` as a path, after refusing what cannot be written there: an empty name, `-`
    (standard output: the writers here rename a finished file into place), a directory, an
    existing non-file, a symbolic link to nothing (writing would replace the link), a path
    below a file. `option` names the option in the messages."""
    if not str(out).strip():
        raise PuzzleError(f"{option} needs {what}")
    if str(out) == "-":
        raise PuzzleError(f"{option} -: puzzlelab writes a file, not standard output: give {what}")
    path = Path(out)
    if path.is_dir():
        raise PuzzleError(f"{option} {path} is a directory: give {what} inside it")
    if path.is_symlink() and not path.exists():
        raise PuzzleError(f"{option} {path} is a symbolic link to {os.readlink(path)}, which does not exist: "
                          "give the file itself")
    if path.exists() and not path.is_file():
        raise PuzzleError(f"{option} {path} exists and is not a regular file")
    for parent in path.parents:
        if parent.exists() and not parent.is_dir():
            raise PuzzleError(f"{option} {path}: {parent} is a file, not a directory")
    return path


def make_folders(folder: Path) -> list[Path]:
    """Create `folder` and its missing parents; return those created, outermost first (for
    `remove_folders` when the run that needed them fails)."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for f in reversed(missing):
        f.mkdir(exist_ok=True)
    return list(reversed(missing))


def remove_folders(made: list[Path]) -> None:
    """Remove folders `make_folders` created, innermost first, as long as they are empty."""
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:
            return


def atomic_write(path: Path, write: Callable[[Path], None], replace: bool = True) -> None:
    """Call `write(tmp)` on a fresh temporary file next to `path`, then rename it to `path`
    with the permissions a plain `open` would give (or those of the file it replaces). On any
    failure the temporary file is removed and `path` is left as it was. `replace=False`:
    never replace a file, even one that appeared while `write` ran (a hard link, which
    fails on an existing name, instead of a rename). A symbolic link is written through:
    the file it names is replaced, the link stays."""
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    tmp = Path(name)
    _PENDING.add(tmp)
    try:
        write(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(path))
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise PuzzleError(f"{path} appeared while this run wrote it: left as it is") from None
            tmp.unlink()
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        _PENDING.discard(tmp)
    _fsync_dir(path.parent)


_PENDING: set[Path] = set()  # temporary files being written, for `discard_pending`


def write_new_file(path: Path, write: Callable[[Path], None], replace: bool = True) -> None:
    """`atomic_write`, making the folders `path` needs first and removing them again when
    the write fails: a failed command leaves no empty folders behind."""
    made = make_folders(path.parent)
    try:
        atomic_write(path, write, replace=replace)
    except BaseException:
        remove_folders(made)
        raise


def discard_pending() -> None:
    """Remove the temporary files of writes still under way: for a process about to end
    without unwinding (the CLI's --timeout watchdog calls `os._exit`)."""
    for tmp in list(_PENDING):
        tmp.unlink(missing_ok=True)


def _mode_for(path: Path) -> int:
    """The replaced file's permissions, or what `open` would give under the umask (mkstemp's
    own are private to the owner)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class OutputLock:
    """An exclusive lock on `<out>.lock` for as long as a run writes `out`.

    A second run stops at once with the first one's process id. The lock file is ours only:
    a file of that name with other content is refused, never overwritten."""

    def __init__(self, out: Path):
        self.out = out
        self.path = out.with_name(out.name + ".lock")
        self._fd: int | None = None

    def __enter__(self) -> OutputLock:
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                head = os.pread(fd, 64, 0).decode("utf-8", "replace")
                if head and not head.startswith(LOCK_TAG):
                    raise PuzzleError(f"{self.path} exists and is not a puzzlelab lock: "
                                      "remove it or choose another --out")
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    pid = head[len(LOCK_TAG):].strip() or "?"
                    raise PuzzleError(f"{self.out} is being written by another puzzlelab run (pid {pid}): "
                                      "wait for it to finish or choose another --out") from None
                if _same_file(fd, self.path):  # not unlinked by a run that just finished
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, f"{LOCK_TAG}{os.getpid()}\n".encode(), 0)
                    self._fd = fd
                    return self
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)

    def __exit__(self, *exc: object) -> None:
        if self._fd is not None:
            self.path.unlink(missing_ok=True)  # still holding the lock: nobody else has it
            os.close(self._fd)
            self._fd = None


def _same_file(fd: int, path: Path) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)
