"""`monitor run`: feeds read line by line into their tables' monitors, committed in batches with the feed
positions, alarms emitted once their batch is committed.

A batch ends every `batch` lines, every `seconds` seconds, when a followed feed is idle, and at the end. At a
batch's end every table's queued rounds go through the detectors; then one transaction writes the tables' state,
the positions, the alarms, the feed faults and the evidence history (state.py). Only then are the batch's alarms
and faults handed to `emit`: a run killed before the commit reads those lines again, and emits them then.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from re import Pattern
from typing import Any

from oddscalc import api
from oddscalc.core.errors import OddscalcError
from oddscalc.core.jsonread import JsonReadError
from oddscalc.core.progress import Progress
from oddscalc.monitor.budget import split
from oddscalc.monitor.card_table import CardTableMonitor
from oddscalc.monitor.feed import FeedError, FeedRound, bare_code, round_from_record
from oddscalc.monitor.floor import Floor, FloorError, TableConfig, table_config
from oddscalc.monitor.result_laws import CARD_GAMES
from oddscalc.monitor.state import State, now
from oddscalc.monitor.table import Alarm, Fault, TableMonitor
from oddscalc.verify.reader import MAX_LINE, LogError, parse_line

__all__ = ["Feed", "Run", "header_table"]


@dataclass
class Feed:
    """A source and the table its lines belong to when they do not name one (bare results always)."""

    source: Any  # sources.FileSource | StdinSource | SerialSource
    table: str | None
    header: dict | None = None
    owner: str | None = None  # the table named on the command line: a line that cannot be read is its fault
    checked: set[str] = field(default_factory=set)  # tables whose floor entry was compared with the header


@dataclass
class Run:
    """Counts of what a run read: lines, rounds, ignored lines (not matching --pattern), alarms, faults."""

    lines: int = 0
    rounds: int = 0
    ignored: int = 0
    alarms: int = 0
    faults: int = 0
    notes: list[str] = field(default_factory=list)


def header_table(name: str, rec: dict) -> TableConfig:
    """The table a round log's header describes (game, version, rules, pay)."""
    return table_config(
        name,
        {k: rec[k] for k in ("game", "version", "rules", "pay") if k in rec},
    )


def header_disagreement(config: TableConfig, header: dict) -> str:
    """What a round log's header says of a table declared otherwise ("" if they agree).

    The floor file (or the command line's --table/--game) is the house's declaration and is what the table is
    judged by. But a log that disagrees with it is either a wrong log or a wrong declaration, which the
    surveillance room must hear of. Rule sets are compared with their defaults filled in, so a header that spells
    out the default rules agrees with a table that names none.

    >>> cfg = table_config("R1", {"game": "roulette", "version": "2007"})
    >>> header_disagreement(cfg, {"roundlog": 1, "game": "roulette", "version": "2002"})
    "the round log's header says version 2002, the floor file 2007: judged by the floor file"
    >>> header_disagreement(cfg, {"roundlog": 1, "game": "roulette", "version": "2007"})
    ''
    >>> pb = table_config("P1", {"game": "punto-banco", "version": "2007"}, "the command line")
    >>> header_disagreement(pb, {"game": "punto-banco", "rules": {"decks": "6", "banker-tie": "void"}})
    ''
    >>> header_disagreement(pb, {"game": "punto-banco", "rules": {"decks": "8"}})
    "the round log's header says rules {'decks': '8'}, the command line none: judged by the command line"
    """
    said = []
    by = config.declared_by
    for key, mine in (("game", config.game), ("version", config.version)):
        theirs = header.get(key)
        if theirs is not None and str(theirs) != mine:
            said.append(f"{key} {theirs}, {by} {mine}")
    theirs_rules = header.get("rules")
    if isinstance(theirs_rules, dict) and not _same_rules(config, theirs_rules):
        said.append(f"rules {theirs_rules}, {by} {config.rules or 'none'}")
    theirs_pay = header.get("pay")
    if isinstance(theirs_pay, dict) and {str(k): str(v) for k, v in theirs_pay.items()} != config.pay:
        said.append(f"pay {theirs_pay}, {by} {config.pay or 'none'}")
    if not said:
        return ""
    return "the round log's header says " + "; ".join(said) + f": judged by {by}"


#: Rule options that name what an analysis assumes (the player's strategy, the play after a split, the shoe
#: model), not how the table is run: a simulator's header carries them, and no check of the table reads them.
ANALYSIS_OPTIONS = frozenset({"strategy", "post_split", "model"})


def _same_rules(config: TableConfig, theirs: dict) -> bool:
    """Whether a header's rules are the table's once each side's defaults are filled in, the analysis options
    left out (a header whose rules cannot be resolved differs, unless it spells out the table's own)."""
    given = {str(k): str(v) for k, v in theirs.items()}
    if given == config.rules:
        return True
    try:
        header, table = (
            api.resolved_rules(config.game, config.version, rules, custom=True)[0] for rules in (given, config.rules)
        )
    except OddscalcError:
        return False
    return {k: v for k, v in header.items() if k not in ANALYSIS_OPTIONS} == {
        k: v for k, v in table.items() if k not in ANALYSIS_OPTIONS
    }


class Monitor:
    """The floor's monitors, the state file, and the batch in progress."""

    def __init__(
        self,
        floor: Floor,
        state: State,
        emit: Callable[[Alarm | Fault], None],
        committed: Callable[[], None] = lambda: None,
        progress: Progress | None = None,
    ) -> None:
        self.floor = floor
        self.state = state
        self.emit = emit
        self.committed = committed
        self.progress = progress
        self.levels = split(floor.tables.values(), floor.budget)
        self.monitors: dict[str, TableMonitor] = {}
        self.feeds: list[Feed] = []
        self.run = Run()

    def table(self, name: str) -> TableMonitor | None:
        mon = self.monitors.get(name)
        if mon is None:
            config = self.floor.tables.get(name)
            if config is None:
                return None
            tests = {t: lv for (n, t), lv in self.levels.items() if n == name}
            kind = CardTableMonitor if config.game in CARD_GAMES else TableMonitor
            mon = self.monitors[name] = kind(config, tests, self.floor.budget)
            self.state.restore(mon)
        return mon

    def commit(self) -> None:
        alarms: list[Alarm] = []
        faults: list[Fault] = []
        history = []
        shoes = []
        for mon in self.monitors.values():
            mon.flush()
            a, f, h = mon.take()
            alarms += a
            faults += f
            history += [(mon.config.name, *x) for x in h]
            shoes += [(mon.config.name, x) for x in mon.take_stakes_shoes()]
        positions = {feed.source.name: feed.source.position() for feed in self.feeds}
        alarms.sort(key=lambda a: (a.round, a.table, a.test, a.dealer))  # ids in the order of the rounds
        self.state.commit(self.monitors.values(), positions, alarms, faults, history, shoes)
        for x in alarms:
            self.emit(x)
        for y in faults:
            self.emit(y)
        self.run.alarms += len(alarms)
        self.run.faults += len(faults)
        for feed in self.feeds:
            self.run.notes += feed.source.notes
            feed.source.notes.clear()
        self.committed()
        if self.progress is not None:
            self.progress(self.run.lines, 0, "monitor: lines read")

    def read(self, feed: Feed, pattern: Pattern[str] | None, batch: int, seconds: float) -> None:
        """Every line of one feed, committed every `batch` lines or `seconds` seconds."""
        self.feeds.append(feed)
        src = feed.source
        count = 0
        started = time.monotonic()
        received = now()
        for raw in src.lines():
            self.run.lines += 1
            count += 1
            self._line(feed, raw, pattern, received)
            if self.progress is not None and not count & 8191:
                self.progress(self.run.lines, 0, "monitor: lines read")
            if count >= batch or (not count & 1023 and time.monotonic() - started >= seconds):
                self.commit()
                count, started, received = 0, time.monotonic(), now()
        self.commit()

    def _fault(self, table: str, kind: str, src: Any, detail: str) -> None:
        mon = self.monitors.get(table)
        f = Fault(table, kind, None, src.label, src.line, detail)
        if mon is not None:
            mon.fault_counts[kind] = mon.fault_counts.get(kind, 0) + 1
            mon.faults.append(f)
        else:
            self.state.commit([], {}, [], [f], [])
            self.emit(f)
            self.run.faults += 1

    def _line(self, feed: Feed, raw: bytes, pattern: Pattern[str] | None, received: str) -> None:
        src = feed.source
        where = feed.owner or "-"  # "-": a line whose table is not known
        if len(raw) > MAX_LINE:
            self._fault(where, "malformed line", src, f"longer than {MAX_LINE:,} bytes")
            return
        text = raw.strip()
        if not text:
            return
        if pattern is None and len(text) <= 2 and text.isdigit() and feed.table is not None:
            mon = self.table(feed.table)
            if mon is not None and mon.game == "roulette" and int(text) <= 36:  # the common case, quickly
                self.run.rounds += 1
                mon.ingest_bare(int(text), received)
                return
        if text[:1] == b"{":
            try:
                rec = parse_line(text, src.line)
            except (LogError, JsonReadError) as exc:
                self._fault(where, "malformed line", src, str(exc).split(": ", 1)[-1])
                return
            if type(rec) is not dict:
                self._fault(where, "malformed line", src, "a round must be a JSON object {...}")
                return
            if "roundlog" in rec:
                self._header(feed, rec)
                return
            name = rec.get("table") or feed.table
            if type(name) is str and name not in self.floor.tables and feed.header is not None:
                self._add(name, feed.header, feed.source)
            mon = self.table(name) if type(name) is str else None
            if mon is None:
                self._fault(str(name)[:60], "unknown table", src, f"table {str(name)[:60]!r} is not on the floor")
                return
            try:
                fr = round_from_record(mon.game, rec)
            except FeedError as exc:
                mon.fault("malformed line", rnd=None, source=src.label, line=src.line, detail=str(exc))
                return
            if feed.header is not None and mon.config.name not in feed.checked:
                feed.checked.add(mon.config.name)
                differs = header_disagreement(mon.config, feed.header)
                if differs:
                    mon.fault("header disagrees", rnd=fr.round, source=src.label, line=src.line, detail=differs)
        else:
            mon = self.table(feed.table) if feed.table else None
            if mon is None:
                self._fault(where, "unknown table", src, "a bare result needs --table and --game (or a floor file)")
                return
            try:
                s = text.decode("utf-8")
            except UnicodeDecodeError:
                mon.fault("malformed line", rnd=None, source=src.label, line=src.line, detail="not UTF-8 text")
                return
            if pattern is not None:
                m = pattern.search(s)
                if m is None:
                    self.run.ignored += 1
                    return
                s = m.group("result") or ""
            try:
                fr = FeedRound(None, None, None, "", (bare_code(mon.game, s),))
            except FeedError as exc:
                mon.fault("malformed line", rnd=None, source=src.label, line=src.line, detail=str(exc))
                return
        self.run.rounds += 1
        mon.ingest(fr, src.label, src.line, received)

    def _header(self, feed: Feed, rec: dict) -> None:
        """A round log's header: the game, version, rules and pay of the tables its lines name that the floor
        does not list (the source's own table at once, so that it counts in the budget from the start)."""
        feed.header = rec

    def _add(self, name: str, rec: dict, src: Any) -> None:
        try:
            self.floor.tables[name] = header_table(name, rec)
        except FloorError as exc:
            self._fault(name, "malformed line", src, str(exc))
            return
        self.levels = split(self.floor.tables.values(), self.floor.budget)
        for mon in self.monitors.values():
            mon.levels = {t: lv for (n, t), lv in self.levels.items() if n == mon.config.name}
        if self.monitors:
            self.run.notes.append(
                f"table {name} from a round log's header; the budget is split again (list tables in the floor"
                " file for the stated budget to hold from the start)"
            )


def levels_text(levels: dict[tuple[str, str], Fraction]) -> Iterable[str]:
    for (table, test), lv in sorted(levels.items()):
        yield f"{table} {test}: {lv}"
