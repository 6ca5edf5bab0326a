"""Progress on stderr when it is not a terminal: plain lines for work that lasts, nothing for work that does not."""

from __future__ import annotations

import functools
import io

from oddscalc.core import progress
from oddscalc.core.progress import StderrBar
from tests.cli_run import run_cli


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def logged_bar(monkeypatch, every: float = 30.0) -> tuple[StderrBar, io.StringIO, Clock]:
    clock = Clock()
    monkeypatch.setattr(progress.time, "monotonic", clock)
    out = io.StringIO()  # not a terminal
    return StderrBar(out, every=every), out, clock


def test_work_shorter_than_the_interval_writes_nothing(monkeypatch):
    bar, out, clock = logged_bar(monkeypatch)
    for done in range(11):  # the last call 29 s after the bar was made
        bar(done, 10, "tables")
        clock.now += 2.9
    assert out.getvalue() == ""


def test_lasting_work_writes_a_line_per_interval_and_one_at_the_end(monkeypatch):
    bar, out, clock = logged_bar(monkeypatch)
    for done in range(101):  # 100 steps of 1 s: lines after 30, 60 and 90 s, then the end
        bar(done, 100, "2007 blackjack 3/6")
        clock.now += 1.0
    lines = out.getvalue().splitlines()
    assert lines == [
        "2007 blackjack 3/6: 30/100 (30%)",
        "2007 blackjack 3/6: 60/100 (60%)",
        "2007 blackjack 3/6: 90/100 (90%)",
        "2007 blackjack 3/6: 100/100 (100%), done",
    ]
    assert "\r" not in out.getvalue()  # no bar redrawing in a log file


def test_an_unknown_total_is_counted(monkeypatch):
    bar, out, clock = logged_bar(monkeypatch, every=10.0)
    clock.now += 10.0
    bar(1_234_567, 0, "reading")
    assert out.getvalue() == "reading: 1,234,567 so far\n"


def test_a_closed_stream_does_not_fail_the_work(monkeypatch):
    bar, out, _clock = logged_bar(monkeypatch, every=0.0)
    out.close()
    bar(1, 2, "work")  # no exception: progress is never worth failing the work for


def test_a_terminal_still_gets_the_bar():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    StderrBar(out, width=4)(1, 4, "work")
    assert "\r" in out.getvalue() and "[#---] 1/4" in out.getvalue()


def test_a_long_command_with_stderr_in_a_file_logs_its_progress(monkeypatch, capsys):
    """End to end: `protect` with stderr captured (not a terminal), the interval cut to nothing."""
    monkeypatch.setattr(StderrBar, "__init__", functools.partialmethod(StderrBar.__init__, every=0.0))
    code, _out, err = run_cli(["protect", "punto-banco", "--decks", "8", "--shoes", "2", "--workers", "1"], capsys)
    assert code == 0, err
    lines = err.splitlines()
    assert lines and lines[-1].endswith(", done") and all(":" in line for line in lines), err
