"""A table's feed file run through the monitor in this process, whole or killed after a given line (what it read
since its last commit lost, as a kill would lose it), for the tests that a restart loses and repeats nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from oddscalc.monitor.floor import Budget, Floor, TableConfig
from oddscalc.monitor.run import Feed, Monitor
from oddscalc.monitor.sources import FileSource
from oddscalc.monitor.state import State


class Killed(Exception):
    """The process stopping in mid-batch: what it read since its last commit is lost."""


class DyingSource(FileSource):
    """A feed file read from its start whose reader stops dead after `stop` lines (as a kill would), before
    committing them."""

    def __init__(self, path: str, stop: int) -> None:
        super().__init__(path, None)
        self.stop = stop

    def lines(self):
        for i, raw in enumerate(super().lines()):
            if i == self.stop:
                raise Killed
            yield raw


def run_table(feed: Path, db: Path, table: TableConfig, stop: int | None = None, batch: int = 7) -> None:
    """Monitor the one `table` from `feed` with its state in `db`: from the state's place in the feed to its end,
    or, with `stop`, from the feed's start until the reader dies after `stop` lines."""
    state = State(db)
    mon = Monitor(Floor({table.name: table}, Budget()), state, lambda x: None)
    src = FileSource(str(feed), state.position(str(feed))) if stop is None else DyingSource(str(feed), stop)
    try:
        mon.read(Feed(src, table.name), None, batch, 3600.0)
    except Killed:
        pass
    finally:
        src.close()
        state.close()


def outcome(db: Path) -> tuple[list[tuple[str, int]], int, list[tuple[str, int]], Any]:
    """What a one-table run left in its state file: the alarms (test, round), the rounds counted, each stream's
    results counted, and the hold test's statistic (to compare a run killed and resumed with a whole one)."""
    state = State(db, create=False)
    try:
        alarms = [(a["test"], a["round"]) for a in state.alarms()]
        ((name, _, st),) = state.table_rows()
        streams = [(t, n) for t, _, n, *_ in state.streams(name)]
        return alarms, st["rounds"], streams, state.stream_w(name, "hold", "")
    finally:
        state.close()
