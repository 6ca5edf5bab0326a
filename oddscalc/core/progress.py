"""Progress reporting for long computations: a callback protocol, and a plain bar on stderr."""

from __future__ import annotations

import sys
import time
from typing import Protocol, TextIO

__all__ = ["Progress", "StderrBar"]


class Progress(Protocol):
    def __call__(self, done: int, total: int, label: str = "") -> None: ...


class StderrBar:
    """A one-line text progress bar on stderr, redrawn at most ten times a second; silent when not a terminal
    unless `force` is set. A total of 0 means not known yet (a log read from a pipe): the line then shows the
    count so far.

    >>> import io
    >>> out = io.StringIO()
    >>> StderrBar(out, width=4, force=True)(1, 4, "work")
    >>> " ".join(out.getvalue().split())
    'work [#---] 1/4'
    >>> out = io.StringIO()
    >>> StderrBar(out, force=True)(8192, 0, "reading")
    >>> " ".join(out.getvalue().split())
    'reading 8,192 so far'
    """

    def __init__(self, stream: TextIO | None = None, width: int = 30, force: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.enabled = force or self.stream.isatty()
        self._last = 0.0

    def __call__(self, done: int, total: int, label: str = "") -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if (done < total or total <= 0) and now - self._last < 0.1:
            return
        self._last = now
        if total <= 0:
            self.stream.write(f"\r{label[:40]:40} {done:,} so far")
            self.stream.flush()
            return
        filled = self.width * done // total
        bar = "#" * filled + "-" * (self.width - filled)
        end = "\n" if done >= total else ""
        self.stream.write(f"\r{label[:40]:40} [{bar}] {done}/{total}{end}")
        self.stream.flush()
