"""One table's monitor: rounds in, tests updated a batch at a time, alarms and feed faults out.

A round goes to `ingest`: the round id is checked, every wager is judged by verify's judge for settlement, and the
results and the per-round figures are queued. `flush` runs the queued rounds through each test's detectors
(detector.py) with numpy, a batch at a time. Its state (`state`/`restore`) is plain data the state file keeps with
the feed position.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from oddscalc import api
from oddscalc.monitor.budget import horizon_results, stream_level
from oddscalc.monitor.detector import log_threshold
from oddscalc.monitor.feed import FeedRound
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.loops import cusum_codes, cusum_rows
from oddscalc.monitor.result_laws import GAMES, result_law
from oddscalc.monitor.stake_levels import stake_level, stake_level_labels
from oddscalc.monitor.streams import (
    EXPOSURE_DELTAS,
    HOLD_BETS,
    SETTLEMENT,
    families,
    tests_of,
)
from oddscalc.monitor.wager_facts import wager_facts
from oddscalc.verify.context import Context
from oddscalc.verify.findings import Report
from oddscalc.verify.reader import LogError, amount, stake
from oddscalc.verify.runner import JUDGES

__all__ = ["CHUNK", "Alarm", "Fault", "Stream", "TableMonitor"]

#: Results run through the detectors at once (bounds the working memory of a flush).
CHUNK = 8192
#: A point of the evidence history (the evidence page's plot) every this many results of a stream.
HISTORY_STEP = 256
_EXPOSURE = np.array([float(d) for d in EXPOSURE_DELTAS])
_BETS = np.array([float(b) for b in HOLD_BETS])
_HOLD_LABELS = tuple(f"house result {'above' if b > 0 else 'below'} its expectation (bet {b})" for b in HOLD_BETS)


@dataclass(frozen=True)
class Alarm:
    """A test's statistic reached its threshold (or a wager was settled against the law) at a round."""

    table: str
    test: str
    dealer: str
    round: int
    time: str | None
    log_e: float | None  # log of the e-detector's value (None for settlement: a fact, not a statistic)
    log_threshold: float | None
    level: float
    level_exact: str | None
    alternative: str
    law: str


@dataclass(frozen=True)
class Fault:
    """A feed fault: a duplicate, missing or out-of-order round, a malformed line, an unknown table."""

    table: str
    kind: str
    round: int | None
    source: str
    line: int | None
    detail: str


@dataclass
class Stream:
    """One detector's state: the CUSUM of each alternative, results seen, the round it alarmed at, the current
    and the largest statistic."""

    w: np.ndarray
    n: int = 0
    alarm: int | None = None
    top: float = 0.0
    peak: float = 0.0


def _law_text(game: str, test: str) -> str:
    return {
        "result-law": {
            "roulette": "each of the 37 pockets 1/37 (reg 4(4))",
            "big-six": "52 equal compartments, each symbol its count of them (reg 11(4), 11(5))",
            "dice": "each ordered throw of two fair dice 1/36 (reg 5(4): fair cubes, the reading the odds rest on)",
            "sic-bo": "each ordered throw of three fair dice 1/216 (Sch 4)",
        }[game],
        "sectors": "each arc of 9 neighbouring pockets 9/37",
        "signature": "clockwise pocket distance from the previous result uniform on 0-36 (1/37 each)",
        "exposure": "the largest stake wins with its wager's exact chance",
        "hold": "house result per round has its exact mean given the wagers; variance at most (sum stake*sd)^2",
        SETTLEMENT: "every wager settled as the law says",
    }[test]


class TableMonitor:
    """The monitor of one table under a floor's budget (`levels`: each statistical test's exact level)."""

    def __init__(self, config: TableConfig, levels: dict[str, Fraction], budget: Budget) -> None:
        self.config = config
        self.game = config.game
        self.law = result_law(config.game, config.version) if config.game in GAMES else None  # None: a card table
        self.families = families(config.game, config.version, config.wheel) if self.law is not None else {}
        self._llr_t: dict[str, np.ndarray] = {}
        self.place = {pocket: i for i, pocket in enumerate(config.wheel)} if config.wheel else {}
        self.levels = levels
        self.horizon = float(horizon_results(config, budget))
        self.rules = tuple(sorted(config.rules.items()))
        self.pay = tuple(sorted(config.pay.items()))
        self.streams: dict[tuple[str, str], Stream] = {}
        self.last_round: int | None = None
        self.prev: int | None = None
        self.rounds = 0
        self.results = 0
        self.dealers: list[str] = []
        self.players: list[str] = []  # a card table's players in the order their stakes were first scored
        self.counts = np.zeros(len(self.law.p) if self.law is not None else 0, dtype=np.int64)
        self.fault_counts: dict[str, int] = {}
        self.settled_wrong = 0
        self._judge: Any = None
        self._report: Report | None = None
        self._clear()
        self.alarms: list[Alarm] = []
        self.faults: list[Fault] = []
        self.history: list[tuple[str, str, int, int, float]] = []
        self.stakes_shoes: list[dict[str, Any]] = []  # a card table's players' scored shoes (the evidence page's)

    def _clear(self) -> None:
        self.q_codes: list[int] = []
        self.q_rounds: list[int] = []
        self.q_sig: dict[str, tuple[list[int], list[int]]] = {}
        self.q_exp: tuple[list[float], list[bool], list[int]] = ([], [], [])
        self.q_hold: tuple[list[float], list[float], list[int], list[int]] = ([], [], [], [])  # ..., stake level
        self.q_time: dict[int, str | None] = {}  # the rounds' times (for the alarms: looked up by round)

    # -- thresholds -------------------------------------------------------------------------------------------
    def level(self, test: str, dealer: str = "") -> tuple[float, str | None]:
        """A stream's level: its test's share of the budget, split again among dealers (signature) or stake
        levels (hold); `dealer` names the part, a dealer or a stake level."""
        level, exact = stream_level(
            self.levels[test],
            test,
            dealer,
            dealers=self.dealers,
            stake_levels=len(self.config.stake_levels),
            players=self.players,
        )
        return level, None if exact is None else f"{exact.numerator}/{exact.denominator}"

    def threshold(self, test: str, size: int, dealer: str = "") -> float:
        return log_threshold(size, self.horizon, self.level(test, dealer)[0])

    def stream(self, test: str, size: int, dealer: str = "") -> Stream:
        s = self.streams.get((test, dealer))
        if s is None:
            s = self.streams[(test, dealer)] = Stream(np.zeros(size))
        return s

    # -- rounds in --------------------------------------------------------------------------------------------
    def fault(self, kind: str, *, rnd: int | None, source: str, line: int | None, detail: str) -> None:
        """File a feed fault of `kind` at round `rnd` (None: not known), line `line` of `source`."""
        self.fault_counts[kind] = self.fault_counts.get(kind, 0) + 1
        self.faults.append(Fault(self.config.name, kind, rnd, source, line, detail))

    def accept(self, fr: FeedRound, source: str, line: int | None) -> int | None:
        """The round's id (the next one when it gives none), or None for a duplicate or earlier round (a feed
        fault, not counted); a gap is a feed fault too, and the round counts."""
        rnd = fr.round
        last = self.last_round
        if rnd is None:
            return 1 if last is None else last + 1
        if last is not None and rnd <= last:
            kind = "duplicate round" if rnd == last else "out-of-order round"
            self.fault(kind, rnd=rnd, source=source, line=line, detail=f"round {rnd} after round {last}: not counted")
            return None
        if last is not None and rnd > last + 1:
            self.fault(
                "missing rounds",
                rnd=rnd,
                source=source,
                line=line,
                detail=f"{rnd - last - 1} round(s) missing after round {last}",
            )
        return rnd

    def ingest(self, fr: FeedRound, source: str, line: int | None, received: str) -> None:
        """Take one round (checked for its id; judged for settlement; queued for the statistical tests)."""
        rnd = self.accept(fr, source, line)
        if rnd is None:
            return
        try:
            figures = self._wager_figures(fr, line or 0)
        except (LogError, ValueError) as exc:
            self.fault("malformed line", rnd=rnd, source=source, line=line, detail=str(exc))
            return
        self.last_round = rnd
        self.rounds += 1
        when = fr.time or received
        self.q_time[rnd] = when
        if fr.record is not None:
            self._settle(fr.record, rnd, when, source, line)
        for code in fr.codes:
            self.q_codes.append(code)
            self.q_rounds.append(rnd)
            if self.place:
                if self.prev is not None:
                    if fr.dealer not in self.dealers:
                        self.dealers.append(fr.dealer)
                    d = self.q_sig.setdefault(fr.dealer, ([], []))
                    d[0].append((self.place[code] - self.place[self.prev]) % 37)
                    d[1].append(rnd)
                self.prev = code
        self.results += len(fr.codes)
        if figures is not None:
            (p, hit), (x, b), total = figures
            if hit is not None:
                self.q_exp[0].append(p)
                self.q_exp[1].append(hit)
                self.q_exp[2].append(rnd)
            self.q_hold[0].append(x)
            self.q_hold[1].append(b)
            self.q_hold[2].append(rnd)
            self.q_hold[3].append(stake_level(self.config.stake_levels, total))

    def ingest_bare(self, code: int, received: str) -> None:
        """A bare result (no id, time, dealer or wagers): `ingest`'s work on it, done without building a round."""
        rnd = 1 if self.last_round is None else self.last_round + 1
        self.last_round = rnd
        self.rounds += 1
        self.results += 1
        self.q_time[rnd] = received
        self.q_codes.append(code)
        self.q_rounds.append(rnd)
        if self.place:
            prev = self.prev
            if prev is not None:
                q = self.q_sig.get("")
                if q is None:
                    if "" not in self.dealers:
                        self.dealers.append("")
                    q = self.q_sig[""] = ([], [])
                q[0].append((self.place[code] - self.place[prev]) % 37)
                q[1].append(rnd)
            self.prev = code

    def ingest_codes(self, codes: np.ndarray, received: str) -> None:
        """Many bare results at once (a simulated feed, a bench): the same as `ingest_bare` on each in turn."""
        n = len(codes)
        if not n:
            return
        first = 1 if self.last_round is None else self.last_round + 1
        rounds = list(range(first, first + n))
        self.last_round = first + n - 1
        self.rounds += n
        self.results += n
        self.q_time[first + n - 1] = received
        self.q_codes += codes.tolist()
        self.q_rounds += rounds
        if self.place:
            place = np.array([self.place[c] for c in range(37)])[codes]
            if self.prev is not None:
                dist = np.diff(place, prepend=self.place[self.prev]) % 37
                sig_rounds = rounds
            else:
                dist, sig_rounds = np.diff(place) % 37, rounds[1:]
            if len(dist):
                if "" not in self.dealers:
                    self.dealers.append("")
                q = self.q_sig.setdefault("", ([], []))
                q[0].extend(dist.tolist())
                q[1].extend(sig_rounds)
            self.prev = int(codes[-1])

    def _wager_figures(
        self, fr: FeedRound, line: int
    ) -> tuple[tuple[float, bool | None], tuple[float, float], Fraction] | None:
        """((chance the largest stake wins, whether it won), (standardised hold, its bound), the round's total
        stake), or None."""
        if not fr.wagers:
            return None
        mean = spread = sd = total = Fraction(0)
        sdf = 0.0
        top: tuple[Any, Any, Any] | None = None
        house = Fraction(0)
        for i, (key, st, net) in enumerate(fr.wagers):
            staked = stake(st, line, f"wager {i + 1}: stake")
            net_v = None if net is None else amount(net, line, f"wager {i + 1}: net")
            if type(key) is not str:
                raise LogError(line, f'wager {i + 1}: "on" must be a string')
            try:
                facts = wager_facts(self.game, self.config.version, self.rules, self.pay, key)
            except api.WagerError:
                return None  # the judge files the illegal wager; the hold cannot be reckoned
            mean += staked * facts.mean
            total += staked
            spread += staked * facts.spread
            sdf += float(staked) * math.sqrt(facts.variance)
            if net_v is not None:
                house -= net_v
            if top is None or staked > top[1]:
                top = (facts.p_win, staked, net_v)
        if fr.house is not None:
            house = Fraction(amount(fr.house, line, '"house"'))
        del sd
        assert top is not None
        hit = None if top[2] is None else top[2] > 0
        x = (float(house) + float(mean)) / sdf  # the house's expectation is minus the players' mean
        return (float(top[0]), hit), (x, float(spread) / sdf), total

    def judge(self) -> Any:
        """verify's judge of the table's game (made on first use; its report collects the faults)."""
        if self._judge is None:
            self._report = Report(self.game, self.config.version, {}, False, "", keep=1 << 30)
            resolved, _ = api.resolved_rules(self.game, self.config.version, self.config.rules)
            wagers = {w.key: w for w in api.wagers(self.game, self.config.version, self.config.pay)}
            ctx = Context(self.game, self.config.version, resolved, wagers, self._report, False, False)
            self._judge = JUDGES[self.game](ctx)
        return self._judge

    def judged(self, judge: Any) -> None:
        """After the judge reads a round, before its faults are alarms: what a whole log's judge leaves to its end
        that a live table decides at once (nothing here)."""

    def law_text(self, test: str) -> str:
        """What the law says the test's subject is, for an alarm."""
        return _law_text(self.game, test)

    def fault_test(self, kind: str) -> str:
        """The test a fault verify's judge finds is an alarm of (a wheel or dice table: settlement, whatever its
        kind)."""
        return SETTLEMENT

    def _settle(self, record: dict, rnd: int, when: str, source: str, line: int | None, dealer: str = "") -> bool:
        """Judge one round; each fault an alarm at the round (named for `dealer`, the round's, where the fault is
        the dealer's). False when the judge could not read the round."""
        judge = self.judge()
        report = self._report
        assert report is not None
        judged = True
        try:
            judge(line or 0, record)
        except LogError as exc:
            self.fault("malformed line", rnd=rnd, source=source, line=line, detail=str(exc).split(": ", 1)[-1])
            judged = False
        self.judged(judge)
        for f in report.faults:
            self.settled_wrong += 1
            test = self.fault_test(f.kind)
            self.alarms.append(
                Alarm(
                    self.config.name,
                    test,
                    dealer,
                    rnd,
                    when,
                    None,
                    None,
                    0.0,
                    "0",
                    f"{f.kind}: {f.rule}: {f.did}; the law: {f.law} [{f.citation}]",
                    self.law_text(test),
                )
            )
        report.faults.clear()
        return judged

    # -- the tests --------------------------------------------------------------------------------------------
    def flush(self) -> None:
        """Run every queued round through the detectors; alarms and history points are appended."""
        if self.q_codes:
            codes = np.array(self.q_codes, dtype=np.intp)
            rounds = np.array(self.q_rounds, dtype=np.int64)
            assert self.law is not None
            self.counts += np.bincount(codes, minlength=len(self.law.p))
            self._categorical("result-law", codes, rounds)
            if "sectors" in self.families:
                self._categorical("sectors", codes, rounds)
        for dealer, (dist, rnds) in self.q_sig.items():
            self._categorical("signature", np.array(dist, dtype=np.intp), np.array(rnds, dtype=np.int64), dealer)
        if self.q_exp[0]:
            p = np.array(self.q_exp[0])
            hit = np.array(self.q_exp[1])
            q = np.minimum(np.outer(1 + _EXPOSURE, p), (1 + p) / 2)
            z = np.where(hit, np.log(q / p), np.log((1 - q) / (1 - p)))
            self._rows("exposure", z, np.array(self.q_exp[2], dtype=np.int64), _exposure_labels())
        if self.q_hold[0]:
            x = np.array(self.q_hold[0])
            b = np.array(self.q_hold[1])
            t = np.abs(_BETS)[:, None] * b
            z = _BETS[:, None] * x - (np.expm1(t) - t) / (b * b)
            rounds = np.array(self.q_hold[2], dtype=np.int64)
            if not self.config.stake_levels:
                self._rows("hold", np.ascontiguousarray(z), rounds, _HOLD_LABELS)
            else:
                parts = np.array(self.q_hold[3])
                for j, label in enumerate(stake_level_labels(self.config.stake_levels)):
                    mask = parts == j
                    if mask.any():
                        self._rows("hold", np.ascontiguousarray(z[:, mask]), rounds[mask], _HOLD_LABELS, label)
        self._clear()

    def _categorical(self, test: str, obs: np.ndarray, rounds: np.ndarray, dealer: str = "") -> None:
        fam = self.families[test]
        llr_t = self._llr_t.get(test)
        if llr_t is None:
            llr_t = self._llr_t[test] = np.ascontiguousarray(fam.llr.T)
        self._run(
            test,
            fam.size,
            rounds,
            fam.labels,
            dealer,
            lambda w, a, b, top: cusum_codes(w, llr_t, obs[a:b], top),
            lambda a, b: fam.llr[:, obs[a:b]],
        )

    def _rows(self, test: str, z: np.ndarray, rounds: np.ndarray, labels: tuple[str, ...], part: str = "") -> None:
        self._run(
            test,
            z.shape[0],
            rounds,
            labels,
            part,
            lambda w, a, b, top: cusum_rows(w, z[:, a:b], top),
            lambda a, b: z[:, a:b],
        )

    def _run(self, test: str, size: int, rounds: np.ndarray, labels: tuple[str, ...], dealer: str, step, rows) -> None:
        """Run the detectors of one stream over its queued rounds, a chunk at a time (`step` updates W in place;
        `rows(a, b)` gives the increments of rounds a..b, read again only to name the alternative of an alarm)."""
        s = self.stream(test, size, dealer)
        top = np.empty(min(CHUNK, len(rounds)))
        for start in range(0, len(rounds), CHUNK):
            end = min(start + CHUNK, len(rounds))
            rc = rounds[start:end]
            t = top[: end - start]
            w0 = s.w.copy()
            step(s.w, start, end, t)
            s.n += end - start
            s.top = float(t[-1])
            peak = float(t.max())
            s.peak = max(s.peak, peak)
            log_k = math.log(size)
            for j in (*range(HISTORY_STEP - 1, end - start - 1, HISTORY_STEP), end - start - 1):  # log e-detector
                self.history.append((test, dealer, s.n - (end - start) + j + 1, int(rc[j]), float(t[j]) - log_k))
            if s.alarm is not None:
                continue
            thr = self.threshold(test, size, dealer)
            if peak < thr:
                continue
            i = int(np.flatnonzero(t >= thr)[0])
            self.history.append((test, dealer, s.n - (end - start) + i + 1, int(rc[i]), float(t[i]) - math.log(size)))
            w_at = w0.copy()
            cusum_rows(w_at, np.ascontiguousarray(rows(start, start + i + 1)), np.empty(i + 1))
            rnd = int(rc[i])
            s.alarm = rnd
            level, exact = self.level(test, dealer)
            self.alarms.append(
                Alarm(
                    self.config.name,
                    test,
                    dealer,
                    rnd,
                    self.q_time.get(rnd),
                    float(t[i]) - math.log(size),
                    thr - math.log(size),
                    level,
                    exact,
                    labels[int(np.argmax(w_at))],
                    self.law_text(test),
                )
            )

    def tests(self) -> tuple[str, ...]:
        return tests_of(self.game)

    def take(self) -> tuple[list[Alarm], list[Fault], list[tuple[str, str, int, int, float]]]:
        """The alarms, faults and history points since the last take (to be committed, then emitted)."""
        out = (self.alarms, self.faults, self.history)
        self.alarms, self.faults, self.history = [], [], []
        return out

    def take_stakes_shoes(self) -> list[dict[str, Any]]:
        """The players' shoes scored since the last take (to be committed with the rest)."""
        out, self.stakes_shoes = self.stakes_shoes, []
        return out

    # -- state ------------------------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {
            "last_round": self.last_round,
            "prev": self.prev,
            "rounds": self.rounds,
            "results": self.results,
            "dealers": self.dealers,
            "counts": self.counts.tolist(),
            "fault_counts": self.fault_counts,
            "settled_wrong": self.settled_wrong,
        }

    def restore(self, state: dict[str, Any], streams: dict[tuple[str, str], Stream]) -> None:
        self.last_round = state["last_round"]
        self.prev = state["prev"]
        self.rounds = state["rounds"]
        self.results = state["results"]
        self.dealers = list(state["dealers"])
        self.counts = np.array(state["counts"], dtype=np.int64)
        self.fault_counts = dict(state["fault_counts"])
        self.settled_wrong = state["settled_wrong"]
        self.streams = dict(streams)


def _exposure_labels() -> tuple[str, ...]:
    return tuple(f"largest stake wins {float(d):+.0%} more often" for d in EXPOSURE_DELTAS)
