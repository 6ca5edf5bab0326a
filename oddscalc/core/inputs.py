"""Input files as a command line gives them: `-` for standard input, gzip-compressed data read directly (told by
its magic bytes, whatever the file is called), and one message for a file that cannot be read.

>>> import gzip, tempfile
>>> tmp = tempfile.TemporaryDirectory()
>>> packed = Path(tmp.name) / "log"
>>> _ = packed.write_bytes(gzip.compress(b"round 1\\n"))
>>> with reading(packed) as f:
...     f.read()
b'round 1\\n'
>>> check_input(Path(tmp.name) / "nope")
Traceback (most recent call last):
...
oddscalc.core.inputs.InputPathError: cannot read '.../nope': no such file
>>> tmp.cleanup()
"""

from __future__ import annotations

import gzip
import io
import os
import stat
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, cast

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import shorten

__all__ = [
    "GZIP_MAGIC",
    "STDIN",
    "InputPathError",
    "check_input",
    "input_name",
    "is_stdin",
    "known_size",
    "reading",
]

#: The path that names standard input.
STDIN = "-"
#: The first two bytes of every gzip member (RFC 1952).
GZIP_MAGIC = b"\x1f\x8b"
_PATH_ECHO = 200


class InputPathError(InputError):
    """An input path that cannot be read (missing, a folder, not permitted, a damaged gzip stream)."""


def is_stdin(path: str | Path) -> bool:
    """True for `-`, standard input."""
    return str(path) == STDIN


def input_name(path: str | Path) -> str:
    """How a message names the input: "standard input", or the path quoted (and cut if very long).

    >>> input_name("-"), input_name("runs/a.jsonl")
    ('standard input', "'runs/a.jsonl'")
    """
    return "standard input" if is_stdin(path) else shorten(str(path), _PATH_ECHO)


def check_input(path: str | Path, what: str = "") -> None:
    """Refuse, before any work, an input that cannot be read: one message whichever command asks, naming the
    argument or option `what` (RESULTS, LOG) where given."""
    if is_stdin(path):
        return
    p = Path(path)
    named = f"{what} " if what else ""
    if not str(path).strip():
        raise InputPathError(f"{what or 'the input'}: the path is empty; give a file, or - for standard input")
    try:
        why = (
            "it is a folder"
            if p.is_dir()
            else "no such file"
            if not p.exists()
            else "permission denied"
            if not os.access(p, os.R_OK)
            else ""
        )
    except (OSError, ValueError) as exc:  # a name too long, a NUL byte
        why = getattr(exc, "strerror", None) or str(exc)
    if why:
        raise InputPathError(f"cannot read {named}{input_name(path)}: {why}")


class _Gzip(io.BufferedReader):
    """A gzip stream whose damage (a cut or corrupt file) is an `InputPathError`, not zlib's own error."""

    def __init__(self, raw: BinaryIO, name: str) -> None:
        super().__init__(cast(io.RawIOBase, gzip.GzipFile(fileobj=raw, mode="rb")))
        self._name = name

    def _damaged(self, exc: Exception) -> InputPathError:
        return InputPathError(f"cannot read {self._name}: a damaged gzip stream ({exc})")

    def read(self, size: int | None = -1) -> bytes:
        try:
            return super().read(size)
        except (EOFError, OSError, zlib.error) as exc:
            raise self._damaged(exc) from None

    def readline(self, size: int | None = -1) -> bytes:
        try:
            return super().readline(size)
        except (EOFError, OSError, zlib.error) as exc:
            raise self._damaged(exc) from None


@contextmanager
def reading(path: str | Path) -> Iterator[BinaryIO]:
    """`path` opened for reading in binary (`-`: standard input), decompressed as it is read when its first bytes
    are gzip's magic. The stream may not seek: read it front to back."""
    check_input(path)
    try:
        raw = sys.stdin.buffer if is_stdin(path) else open(path, "rb")
    except OSError as exc:
        raise InputPathError(f"cannot read {input_name(path)}: {exc.strerror or exc}") from None
    try:
        buffered = raw if hasattr(raw, "peek") else io.BufferedReader(cast(io.RawIOBase, raw))
        if buffered.peek(2)[:2] == GZIP_MAGIC:
            with _Gzip(cast(BinaryIO, buffered), input_name(path)) as unpacked:
                yield cast(BinaryIO, unpacked)
        else:
            yield cast(BinaryIO, buffered)
    finally:
        if not is_stdin(path):
            raw.close()


def known_size(f: BinaryIO) -> int:
    """The bytes a stream from `reading` will give, where known beforehand: a plain regular file's size; 0 for
    a pipe, a terminal or a gzip stream (whose unpacked size is not known until it is read)."""
    if isinstance(f, _Gzip):
        return 0
    try:
        info = os.fstat(f.fileno())
    except (OSError, io.UnsupportedOperation):
        return 0
    return info.st_size if stat.S_ISREG(info.st_mode) else 0
