"""What the state file says about each table, for `monitor status`, the floor page and the evidence page: every
test's statistic beside its threshold (both as logs of e-detector values), its level, and the feed faults."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.monitor.budget import stream_level
from oddscalc.monitor.detector import log_threshold
from oddscalc.monitor.state import State

__all__ = ["StreamSummary", "TableSummary", "summaries"]


@dataclass(frozen=True)
class StreamSummary:
    test: str
    dealer: str
    n: int
    alarm: int | None
    log_e: float  # log of the e-detector now (the CUSUM statistic less log K)
    peak: float
    log_threshold: float
    level: float


@dataclass(frozen=True)
class TableSummary:
    name: str
    game: str
    version: str
    rounds: int
    results: int
    last_round: int | None
    horizon_results: float
    faults: dict[str, int]
    settled_wrong: int
    streams: tuple[StreamSummary, ...]
    counts: tuple[int, ...]

    @property
    def alarmed(self) -> bool:
        return self.settled_wrong > 0 or any(s.alarm is not None for s in self.streams)

    @property
    def faults_text(self) -> str:
        """The feed faults by kind, each with its count ("" when there are none).

        >>> TableSummary("R1", "roulette", "2007", 0, 0, None, 0.0, {"malformed line": 3000, "duplicate round": 1},
        ...              0, (), ()).faults_text
        'duplicate round: 1, malformed line: 3,000'
        """
        return ", ".join(f"{kind}: {n:,}" for kind, n in sorted(self.faults.items()))


def summaries(state: State) -> list[TableSummary]:
    out = []
    for name, config, st in state.table_rows():
        levels = {k: Fraction(v) for k, v in config["levels"].items()}
        streams = []
        for test, dealer, n, alarm, top, peak in state.streams(name):
            size = len(state.stream_w(name, test, dealer))
            level, _ = stream_level(
                levels.get(test, Fraction(0)),
                test,
                dealer,
                dealers=st["dealers"],
                stake_levels=len(config.get("stake_levels") or ()),
                players=st.get("players", ()),
            )
            thr = log_threshold(size, config["horizon_results"], level) if level > 0 else math.inf
            streams.append(
                StreamSummary(
                    test, dealer, n, alarm, top - math.log(size), peak - math.log(size), thr - math.log(size), level
                )
            )
        out.append(
            TableSummary(
                name,
                config["game"],
                config["version"],
                st["rounds"],
                st["results"],
                st["last_round"],
                config["horizon_results"],
                st["fault_counts"],
                st["settled_wrong"],
                tuple(streams),
                tuple(st["counts"]),
            )
        )
    return out
