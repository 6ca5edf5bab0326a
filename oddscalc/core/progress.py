"""Progress reporting for long computations: a callback protocol, and a plain bar on stderr."""

from __future__ import annotations

import shutil
import sys
import time
from typing import Protocol, TextIO

__all__ = ["Progress", "StderrBar", "prefixed"]


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
        self._shown = 0  # length of the line last written, to be covered

    def __call__(self, done: int, total: int, label: str = "") -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if (done < total or total <= 0) and now - self._last < 0.1:
            return
        self._last = now
        if total <= 0:
            self._show(label, f" {done:,} so far", "")
            return
        filled = self.width * done // total
        bar = "#" * filled + "-" * (self.width - filled)
        self._show(label, f" [{bar}] {done}/{total}", "\n" if done >= total else "")

    def _show(self, label: str, tail: str, end: str) -> None:
        """One line: the label cut to the terminal's width (at least 40 characters), then `tail`, written
        over the last line (padded with spaces where that was longer)."""
        room = max(40, shutil.get_terminal_size((100, 24)).columns - 1 - len(tail))
        text = f"{label[:room]:40}{tail}"
        self.stream.write("\r" + text + " " * max(0, self._shown - len(text)) + end)
        self._shown = 0 if end else len(text)
        self.stream.flush()


def prefixed(progress: Progress, prefix: str) -> Progress:
    """`progress` with every label led by `prefix`: an inner computation's work shown on an outer loop's line.

    >>> seen = []
    >>> prefixed(lambda done, total, label="": seen.append((done, total, label)), "2007 blackjack 3/6")(1, 4, "ups")
    >>> seen
    [(1, 4, '2007 blackjack 3/6: ups')]
    """
    def report(done: int, total: int, label: str = "") -> None:
        progress(done, total, f"{prefix}: {label}" if label else prefix)
    return report
