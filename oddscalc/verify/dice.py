"""The dice game's judge (reg 5, Schedule 1): every wager followed throw by throw to the throw that decides it.

A round is the throws from the placing of its wagers until the last of them is decided:
{"throws": [[3, 4], [5, 5], ...], "wagers": [{"on": "win", "stake": "10", "net": "10"}, ...]}. A wager made
later in the round gives "from", the index of the first throw it is decided on. A behind (para 1(2)) or lay
(para 2(2)) wager names its flat wager by index ("flat"), so that its point and stake limit can be checked.
"""

from __future__ import annotations

from fractions import Fraction

from oddscalc.regulations.params import str_param
from oddscalc.verify.context import Context, Judge, payout_citation
from oddscalc.verify.findings import ILLEGAL, MISPAID, amount_text
from oddscalc.verify.randomness import Runs, assess, chi_square_test, runs_test
from oddscalc.verify.reader import LogError, check_keys, require, wager_list, whole

__all__ = ["DiceJudge"]

_ROUND = frozenset({"throws", "wagers"})
_EXTRA = frozenset({"from", "flat"})
_POINTS = (4, 5, 6, 8, 9, 10)


def decide(
    kind: str, w, totals: list[int], faces: list[list[int]], start: int
) -> tuple[int | None, str | None, int | None]:
    """(index of the deciding throw or None if undecided, payout key won or None for a loss, index of the throw
    that set the point, if any), following Schedule 1's words from throw `start`."""
    n = len(totals)
    if kind in ("pass", "dont-pass-bar-2"):
        i = start
        if kind == "dont-pass-bar-2":  # para 2(1): a throw of 2 is disregarded
            while i < n and totals[i] == 2:
                i += 1
        if i >= n:
            return None, None, None
        first = totals[i]
        do = kind == "pass"
        if first in (7, 11):  # para 1(1) wins; para 2(1) loses
            return i, ("win" if do else None), None
        if first in (2, 3, 12):  # para 1(1) loses on 2, 3, 12; para 2(1) wins on 3 or 12 (2s disregarded)
            return i, (None if do else "win"), None
        point, set_at = first, i
        for j in range(i + 1, n):
            if totals[j] == point:
                return j, ("win" if do else None), set_at
            if totals[j] == 7:
                return j, (None if do else "win"), set_at
        return None, None, set_at
    if kind in ("odds", "place"):  # paras 1(2), 2(2), 3, 4: the point or a 7, whichever first
        point, do = w.param("point"), w.param("side") == "do"
        for j in range(start, n):
            if totals[j] == point:
                return j, ("win" if do else None), None
            if totals[j] == 7:
                return j, (None if do else "win"), None
        return None, None, None
    if kind == "hard":  # para 5: the point as a double before it otherwise or a 7
        point = w.param("point")
        for j in range(start, n):
            if totals[j] == 7:
                return j, None, None
            if totals[j] == point:
                return j, ("win" if faces[j][0] == faces[j][1] else None), None
        return None, None, None
    if start >= n:
        return None, None, None
    t = totals[start]
    if kind == "set":  # paras 6, 8: one throw
        return start, ("win" if t in w.param("totals") else None), None
    if kind == "field":  # para 7
        if t not in w.param("totals"):
            return start, None, None
        return start, ("12" if t == 12 else "2" if t == 2 else "other"), None
    if kind == "hop":  # hopping bets: the next throw shows these two faces
        return start, ("win" if sorted(faces[start]) == sorted(w.param("faces")) else None), None
    raise ValueError(f"no dice rule for wager kind {kind!r}")


class DiceJudge(Judge):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.faces = [0] * 6
        self.pairs = [0] * 36
        self.runs = Runs()

    def __call__(self, line: int, rec: dict) -> None:
        ctx, report = self.ctx, self.ctx.report
        if len(rec) != 2:
            check_keys(rec, _ROUND, line)
        throws = require(rec, "throws", line)
        if type(throws) is not list or not throws:
            raise LogError(line, '"throws" must be a non-empty list of throws [die, die]')
        totals = []
        for t in throws:
            if type(t) is not list or len(t) != 2 or any(type(d) is not int or not 1 <= d <= 6 for d in t):
                raise LogError(line, f"a throw must be two faces 1-6, e.g. [3, 4], not {t!r}"[:120])
            a, b = t
            self.faces[a - 1] += 1
            self.faces[b - 1] += 1
            self.pairs[(a - 1) * 6 + b - 1] += 1
            self.runs.add(a + b >= 8)
            totals.append(a + b)
        self._current_totals = totals
        records = wager_list(rec, line)
        parsed = []
        for i, wrec in enumerate(records):
            key, staked, net = ctx.wager_record(wrec, line, i, _EXTRA)
            start = whole(wrec.get("from", 0), line, f'wager {i + 1}: "from"', 0, len(throws) - 1)
            flat = wrec.get("flat")
            if flat is not None:
                flat = whole(flat, line, f'wager {i + 1}: "flat"', 0, len(records) - 1)
                if flat == i:
                    raise LogError(line, f'wager {i + 1}: "flat" names the wager itself')
            parsed.append((key, staked, net, start, flat))
        wagers = [ctx.permitted(key, line) for key, *_ in parsed]
        outcomes = [
            decide(str_param(w, "kind"), w, totals, throws, start) if w is not None else (None, None, None)
            for w, (_, _, _, start, _) in zip(wagers, parsed)
        ]
        decided = [(at, point_at) for at, _, point_at in outcomes]  # (deciding throw, point throw) per wager
        last, open_ = -1, False
        for (key, staked, net, start, flat), w, (at, won, _) in zip(parsed, wagers, outcomes):
            if w is None:
                continue
            if w.param("kind") == "odds":
                self._behind(line, key, w, staked, start, flat, parsed, decided)
            if at is None:
                open_ = True
                report.fault(
                    MISPAID,
                    line,
                    rule=f"{key}: undecided",
                    did=f"settled the {key} wager at {amount_text(net)}",
                    law="the wager is not yet decided by the last throw of the round",
                    citation=payout_citation(w),
                )
                continue
            last = max(last, at)
            throw = f"throw {at + 1} ({throws[at][0]}+{throws[at][1]})"
            if won:
                odds = next(p.odds.text for p in w.payouts if p.key == won)
                ctx.settle(
                    line, key, staked, net, staked * w.pay(won), f"{throw} wins it at {odds}", payout_citation(w, won)
                )
            else:
                ctx.settle(line, key, staked, net, -staked, f"{throw} loses it", w.citation)
        if not open_ and 0 <= last < len(throws) - 1:
            report.fault(
                ILLEGAL,
                line,
                rule="throws after the round",
                did=f"threw {len(throws) - 1 - last} more time(s) after every wager was decided (by throw {last + 1})",
                law="a round ends with the throw that decides its last wager",
                citation="SI 1994/2899 reg 5(5), Sch 1",
            )

    def _behind(self, line: int, key: str, w, staked, start: int, flat: int | None, parsed, decided) -> None:
        """Sch 1 para 1(2) / 2(2): a behind or lay wager needs its flat wager's point.

        It is made after the point was set and while the flat wager stands, for at most the flat stake (lay: to
        win at most the flat stake)."""
        report, ctx = self.ctx.report, self.ctx
        if flat is None:
            report.note(
                'a behind or lay wager without "flat": its flat wager\'s point and stake limit are not '
                "checked (Sch 1 para 1(2), 2(2))"
            )
            return
        fkey, fstake, _, _, _ = parsed[flat]
        fw = ctx.wagers.get(fkey)
        side = w.param("side")
        want = "pass" if side == "do" else "dont-pass-bar-2"
        cite = w.citation
        if fw is None or fw.param("kind") != want:
            report.fault(
                ILLEGAL,
                line,
                rule=f"{key}: flat wager",
                did=f"made a {key} wager behind a {fkey!r} wager",
                law="a behind wager follows a win or come wager (para 1(2)); a lay wager a don't win or don't "
                "come bar 2 wager (para 2(2))",
                citation=cite,
            )
            return
        flat_at, point_at = decided[flat]
        point = w.param("point")
        if point_at is None or point_at >= start:
            report.fault(
                ILLEGAL,
                line,
                rule=f"{key}: timing",
                did=f"made a {key} wager (from throw {start + 1}) before the flat wager's point was set",
                law="the wager may be made once the flat wager's first throw has given a point",
                citation=cite,
            )
            return
        if self._totals_at(point_at) != point:
            report.fault(
                ILLEGAL,
                line,
                rule=f"{key}: point",
                did=f"made a {key} wager on a flat wager whose point is {self._totals_at(point_at)}",
                law="the wager is on the flat wager's own point",
                citation=cite,
            )
        if flat_at is not None and flat_at < start:
            report.fault(
                ILLEGAL,
                line,
                rule=f"{key}: timing",
                did=f"made a {key} wager after its flat wager was decided",
                law="the wager is made while the flat wager stands",
                citation=cite,
            )
        limit = fstake if side == "do" else Fraction(fstake) / w.pay()
        if staked > limit:
            report.fault(
                ILLEGAL,
                line,
                rule=f"{key}: stake",
                did=f"staked {amount_text(staked)} behind a flat wager of {amount_text(fstake)}",
                law=(
                    "a stake not more than the flat stake"
                    if side == "do"
                    else f"a stake sufficient to win not more than the flat stake: at most {amount_text(limit)}"
                ),
                citation=cite,
            )

    def _totals_at(self, index: int) -> int:
        return self._current_totals[index]  # the round being judged

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        if not randomness:
            return
        n, m = sum(self.faces), sum(self.pairs)
        tests = [
            chi_square_test("dice faces", self.faces, [Fraction(n, 6)] * 6, [str(k) for k in range(1, 7)]),
            chi_square_test(
                "throws (first die, second die)",
                self.pairs,
                [Fraction(m, 36)] * 36,
                [f"{a}+{b}" for a in range(1, 7) for b in range(1, 7)],
            ),
            runs_test("serial independence (runs of throws totalling 8-12 against 2-7)", self.runs),
        ]
        assess(
            self.ctx.report,
            tests,
            alpha,
            "pair of dice",
            "SI 1994/2899 reg 5(4)",
            "two dice marked 1 to 6: every face equally likely, throw by throw independently",
        )
