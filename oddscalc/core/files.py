"""Atomic file writes: a temporary file renamed into place, so an interrupted run never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_bytes", "write_text"]

_UMASK = os.umask(0)
os.umask(_UMASK)


def write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically, with the usual permissions (0666 less the umask)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))
