"""Progress reporting for long computations: a callback protocol, and a plain bar on stderr."""

from __future__ import annotations

import shutil
import sys
import time
from typing import Protocol, TextIO

__all__ = ["Progress", "StderrBar", "is_terminal", "prefixed"]


class Progress(Protocol):
    def __call__(self, done: int, total: int, label: str = "") -> None: ...


class StderrBar:
    """A one-line text progress bar on stderr, redrawn at most ten times a second. A total of 0 means not
    known yet (a log read from a pipe): the line then shows the count so far.

    When stderr is not a terminal (a batch job's log, `2> file`), a bar is no use, so work that lasts writes
    plain lines instead. The first comes after `every` seconds (30 by default), then at most one each `every`
    seconds, and a last one when the work is done. Work shorter than `every` writes nothing. `force` draws
    the bar whatever the stream.

    >>> import io
    >>> out = io.StringIO()
    >>> StderrBar(out, width=4, force=True)(1, 4, "work")
    >>> " ".join(out.getvalue().split())
    'work [#---] 1/4'
    >>> out = io.StringIO()
    >>> StderrBar(out, force=True)(8192, 0, "reading")
    >>> " ".join(out.getvalue().split())
    'reading 8,192 so far'
    >>> out = io.StringIO()
    >>> logged = StderrBar(out, every=0.0)
    >>> logged(1, 4, "work"); logged(4, 4, "work")
    >>> out.getvalue().splitlines()
    ['work: 1/4 (25%)', 'work: 4/4 (100%), done']
    """

    def __init__(self, stream: TextIO | None = None, width: int = 30, force: bool = False, every: float = 30.0) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.enabled = force or is_terminal(self.stream)
        self.every = every
        self._last = 0.0
        self._shown = 0  # length of the line last written, to be covered
        self._next_line = time.monotonic() + every  # when not a terminal: the earliest time for a plain line
        self._logged = False  # a plain line written for work not yet done

    def __call__(self, done: int, total: int, label: str = "") -> None:
        if not self.enabled:
            self._line(done, total, label)
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

    def _line(self, done: int, total: int, label: str) -> None:
        """A plain line for a stream that is not a terminal: after `every` seconds, then each `every` seconds,
        and at the end of work that has written one."""
        finished = 0 < total <= done
        now = time.monotonic()
        if not (finished and self._logged) and now < self._next_line:
            return
        self._next_line = now + self.every
        if total <= 0:
            text = f"{label}: {done:,} so far"
        else:
            text = f"{label}: {done:,}/{total:,} ({100 * done // total}%)" + (", done" if finished else "")
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):  # a closed or full stream: progress is not worth failing the work for
            return
        self._logged = not finished

    def _show(self, label: str, tail: str, end: str) -> None:
        """One line: the label cut to the terminal's width (at least 40 characters), then `tail`, written
        over the last line (padded with spaces where that was longer)."""
        room = max(40, shutil.get_terminal_size((100, 24)).columns - 1 - len(tail))
        text = f"{label[:room]:40}{tail}"
        self.stream.write("\r" + text + " " * max(0, self._shown - len(text)) + end)
        self._shown = 0 if end else len(text)
        self.stream.flush()


def is_terminal(stream: TextIO) -> bool:
    """Whether `stream` is a terminal (a stream without `isatty`, or a closed one, is not).

    >>> import io
    >>> is_terminal(io.StringIO())
    False
    """
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


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
