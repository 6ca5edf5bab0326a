"""Atomic file writes: a temporary file renamed into place, so an interrupted run never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from oddscalc.core.errors import InputError

__all__ = ["OutputPathError", "atomic_open", "check_output", "write_bytes", "write_text", "writing_text"]

_UMASK = os.umask(0)
os.umask(_UMASK)


def _special(path: Path) -> bool:
    """True for an existing path that is not a regular file (/dev/stdout, a FIFO): written in place, never
    replaced by a rename (which would swap a device for a plain file)."""
    return path.exists() and not path.is_dir() and not path.is_file()


@contextmanager
def atomic_open(path: Path, mode: str, **open_args: Any) -> Iterator[IO[Any]]:
    """A file opened with `mode` (and `open`'s other arguments), renamed onto `path` only if the block succeeds.

    It gets the usual permissions (0666 less the umask). An error or Ctrl-C in the block leaves no file, not
    even part of one. A special file (/dev/stdout, a FIFO) is written in place.

    >>> import tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> with atomic_open(Path(tmp.name) / "kept.txt", "w", encoding="utf-8") as f:
    ...     _ = f.write("all of it")
    >>> try:
    ...     with atomic_open(Path(tmp.name) / "lost.txt", "w", encoding="utf-8") as f:
    ...         _ = f.write("half of it")
    ...         raise KeyboardInterrupt  # Ctrl-C in the middle
    ... except KeyboardInterrupt:
    ...     pass
    >>> sorted(p.name for p in Path(tmp.name).iterdir())  # no trace of the interrupted file
    ['kept.txt']
    >>> tmp.cleanup()
    """
    path = Path(path)
    if _special(path):
        with open(path, mode, **open_args) as f:
            yield f
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, mode, **open_args) as f:
            yield f
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically, with the usual permissions (0666 less the umask).

    >>> import tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> write_bytes(Path(tmp.name) / "odds.bin", b"35 to 1")
    >>> (Path(tmp.name) / "odds.bin").read_bytes()
    b'35 to 1'
    >>> tmp.cleanup()
    """
    with atomic_open(path, "wb") as f:
        f.write(data)


def write_text(path: Path, text: str) -> None:
    """Write `text` to `path` atomically as UTF-8 (newlines kept as given), as `write_bytes` does.

    >>> import tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> write_text(Path(tmp.name) / "odds.txt", "9½ to 5")
    >>> len((Path(tmp.name) / "odds.txt").read_bytes())  # seven characters, ½ two bytes in UTF-8
    8
    >>> tmp.cleanup()
    """
    write_bytes(path, text.encode("utf-8"))


@contextmanager
def writing_text(path: Path, newline: str = "") -> Iterator[IO[str]]:
    """A text file to stream into (UTF-8), renamed onto `path` only when the block ends without an error:
    for outputs too large to hold in memory, with the same atomicity and permissions as `write_bytes`.

    >>> import tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> with writing_text(Path(tmp.name) / "rounds.log") as f:
    ...     for n in range(3):
    ...         print(f"round {n}", file=f)
    >>> (Path(tmp.name) / "rounds.log").read_text().splitlines()
    ['round 0', 'round 1', 'round 2']
    >>> tmp.cleanup()
    """
    with atomic_open(path, "w", encoding="utf-8", newline=newline) as f:
        yield f


class OutputPathError(InputError):
    """An output path that cannot be written: checked before any work starts, so no result is lost."""


def check_output(path: object, what: str = "--out", directory: bool = False) -> Path:
    """The output `path` as a Path, or OutputPathError (one line) if it cannot be written.

    A file path must not be empty or an existing directory, and its folder must exist (or be creatable) and be
    writable; a `directory` path must be creatable and writable. Nothing is written here.

    >>> import tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> out = Path(tmp.name) / "new folder" / "table.csv"
    >>> check_output(out) == out, out.parent.exists()  # creatable, and not yet created
    (True, False)
    >>> check_output("  ")
    Traceback (most recent call last):
    ...
    oddscalc.core.files.OutputPathError: --out: the path is empty; give a file name
    >>> tmp.cleanup()
    """
    text = str(path) if path is not None else ""
    if not text.strip():
        raise OutputPathError(f"{what}: the path is empty; give a file{' or folder' if directory else ''} name")
    try:  # a NUL, or a character the file system's encoding cannot hold, names no file (pathlib says "absent")
        impossible = b"\0" in os.fsencode(text)
    except UnicodeError:
        impossible = True
    if impossible:
        raise OutputPathError(
            f"{what} {text!r}: not a possible file name (it holds a NUL byte or a character the "
            "file system cannot store)"
        )
    p = Path(text)
    if directory:
        if p.exists() and not p.is_dir():
            raise OutputPathError(f"{what} {text!r} is a file, not a folder")
        probe = p
    else:
        if p.is_dir():
            raise OutputPathError(f"{what} {text!r} is a folder; give a file name")
        probe = p.parent
    # The nearest existing ancestor must be a writable folder (missing ones are created when writing).
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise OutputPathError(f"{what} {text!r}: {str(probe)!r} is not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise OutputPathError(f"{what} {text!r}: folder {str(probe)!r} is not writable")
    if not _special(p):  # try it: a folder may look writable and take no file (/proc, a full or read-only disk)
        try:
            fd, tmp = tempfile.mkstemp(dir=probe, prefix=".oddscalc-probe-")
            os.close(fd)
            os.unlink(tmp)
        except OSError as exc:
            raise OutputPathError(
                f"{what} {text!r}: no file can be made in {str(probe)!r} ({exc.strerror or exc})"
            ) from None
    return p
