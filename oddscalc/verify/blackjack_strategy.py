"""Blackjack strategy conformance (`verify --strategy basic|optimal|FILE`).

Blackjack: `basic` is the engine's total-dependent chart (`api.decision_table`, the chart the reference
simulator follows), read as the engine reads it. The first decision goes by the hand's row (a splittable pair's
own row). Later decisions go by the three-card chart (hard 11 or less and soft 16 or less hit, 21 stands). A split
hand's first decision goes by its total (the no-double chart where doubling after a split is not allowed). A pair
card dealt to a split hand is split again while the hand limit allows; split Aces take no decision. `optimal` is
the engine's composition-dependent play: at each decision the permitted action of greatest exact value (ties:
stand, hit, double, split). A split hand is played for its own cards with the pair's other card gone
(resplitting while the limit allows). A FILE is a chart in the decision table's JSON form. Casino stud poker, Three Card
Poker and Super Pan 9 have one strategy, the engine's `optimal` decision table.

The cost of a departure comes from the engine's exact expectations per unit stake, times the hand's stake. They
are taken on the full shoe less the up-card and the hand's cards (a split hand also less its pair's other card).
Play continues composition-dependent optimal after the decision (given no banker blackjack under peek).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from oddscalc import api
from oddscalc.core.jsonread import JsonReadError, loads
from oddscalc.verify import decision_costs
from oddscalc.verify.card_codes import BLACKJACK_VALUE, RANK_NAMES, RANK_OF
from oddscalc.verify.conformance import StrategyError, Tally, pct
from oddscalc.verify.context import Context

__all__ = ["BlackjackStrategy"]


ACTION_ORDER = ("stand", "hit", "double", "split")


class BlackjackStrategy(Tally):
    def __init__(self, ctx: Context, rules, name: str) -> None:
        self.rules = rules
        self.chart: dict[str, dict] | None = None
        decks = rules.decks
        values = (
            f"costs: the engine's exact value of each action per unit stake (`oddscalc blackjack hand`), on "
            f"the full shoe of {decks} pack(s) less the up-card and the hand's cards (a split hand also less "
            "the pair's other card, and under CDP the earlier split hand's cards), composition-dependent "
            "optimal play after the decision" + ("; given no banker blackjack (peek)" if rules.peek else "")
        )
        if name == "basic":
            table = api.decision_table(
                "blackjack", ctx.version, "initial", {**ctx.rules, "strategy": "basic"}, custom=True
            )
            self.chart = _chart(table, "the engine's basic strategy")
            title = "basic"
        elif name == "optimal":
            title = f"composition-dependent optimal ({self.post_split(ctx).upper()} after splits)"
        else:
            self.chart = _chart(_read_chart(name), name)
            title = f"chart {Path(name).name}"
        super().__init__(ctx, title, values)
        self.bj_wagers = (ctx.wagers["initial"],)

    @staticmethod
    def post_split(ctx: Context) -> str:
        """How split hands are played (the engine's rule post_split where it exists).

        cdp1: each hand for its own cards with the pair's other card gone. cdz-: as an unsplit hand of the same
        cards. cdp: the second hand also with the first hand's cards gone."""
        return ctx.rules.get("post_split", "cdp1")

    # the prescribed action ---------------------------------------------------------------------------------
    def prescribe(
        self, codes: list[int], up: int, child: bool, aces: bool, can_split: bool, values: dict[str, Fraction] | None
    ) -> str:
        i = len(codes)
        if child and i == 2 and (aces or can_split):
            return "split" if can_split else "stand"
        if self.chart is None:
            assert values is not None  # `judge` gives the values whenever no chart prescribes and a choice remains
            return self._best(values, codes, child, can_split)
        upv = BLACKJACK_VALUE[up] - 1
        score, soft = _total(codes)
        row = ("soft" if soft else "hard", score)
        if i == 2 and not child:
            if self.rules.pair(codes[0], codes[1]):
                a = self.chart["two_card"].get(("pair", BLACKJACK_VALUE[codes[0]] - 1, upv))
            else:
                a = self.chart["two_card"].get((*row, upv))
            return a or "stand"
        if i == 2 and child:
            chart = self.chart["two_card"] if self.rules.das else self.chart["no_double"]
            a = chart.get((*row, upv)) or self.chart["no_double"].get((*row, upv))
            if a in ("stand", "hit", "double"):
                return a
        return _later(self.chart["later"], codes, upv)

    def _best(self, values: dict[str, Fraction], codes: list[int], child: bool, can_split: bool) -> str:
        allowed = self._allowed(codes, child, can_split)
        best = None
        for a in ACTION_ORDER:
            if a in allowed and a in values and (best is None or values[a] > values[best]):
                best = a
        return best or "stand"

    def _allowed(self, codes: list[int], child: bool, can_split: bool) -> set[str]:
        score, _ = _total(codes)
        out = {"stand"}
        if score < 21:
            out.add("hit")
        if len(codes) == 2 and self.rules.may_double(score) and (not child or self.rules.das):
            out.add("double")
        if can_split:
            out.add("split")
        return out

    def _values(
        self, codes: list[int], up: int, pair_from: int | None, seen: tuple[int, ...] = ()
    ) -> dict[str, Fraction]:
        """The engine's value of each action on this hand, with the cards the post-split rule counts as gone:
        the pair's other card (CDP1, CDP) and, under CDP, the earlier split hands' cards (`seen`)."""
        rule = self.post_split(self.ctx)
        removed: tuple[str, ...] = (RANK_NAMES[pair_from],) if pair_from is not None and rule != "cdz-" else ()
        if pair_from is not None and rule == "cdp":
            removed += tuple(RANK_NAMES[RANK_OF[c]] for c in seen)
        try:
            return decision_costs.blackjack_values(
                self.ctx.rules,
                self.bj_wagers,
                tuple(RANK_NAMES[RANK_OF[c]] for c in codes),
                RANK_NAMES[RANK_OF[up]],
                removed,
            )
        except ValueError:  # cards the full shoe cannot hold (a shoe-integrity fault): no engine value
            return {}

    def judge(
        self,
        line: int,
        where: str,
        codes: list[int],
        up: int,
        taken: str,
        child: bool,
        pair_from: int | None,
        aces: bool,
        can_split: bool,
        stake,
        seen: tuple[int, ...] = (),
    ) -> None:
        self.decisions += 1
        values = None
        if self.chart is None and not (child and len(codes) == 2 and (aces or can_split)):
            values = self._values(codes, up, pair_from, seen)
        want = self.prescribe(codes, up, child, aces, can_split, values)
        if taken == want:
            return
        if values is None:
            values = self._values(codes, up, pair_from, seen)
        hand = ",".join(RANK_NAMES[RANK_OF[c]] for c in codes)
        score, soft = _total(codes)
        cost = None
        if taken in values and want in values and taken in self._allowed(codes, child, can_split):
            cost = (values[want] - values[taken]) * stake
        shown = ", ".join(f"{a} {pct(v)}" for a, v in values.items())
        self.depart(
            line,
            f"{'soft' if soft else 'hard'} {score} against {_up_value(up)}",
            f"chose {taken} on {where} ({hand}) against {RANK_NAMES[RANK_OF[up]]}",
            f"{want} (exact values per unit stake: {shown})"
            + ("" if cost is not None else "; the action taken has no engine value here (see illegal play)"),
            cost,
            stake,
        )


def _up_value(up: int) -> str:
    """The up-card by its value, as a strategy reads it (10, J, Q and K are one ten-value, T; an Ace A), so that
    departures against any ten-value are counted under one rule."""
    value = BLACKJACK_VALUE[up]
    return "A" if value == 1 else "T" if value == 10 else str(value)


def _later(chart: dict, codes: list[int], upv: int) -> str:
    """A later decision by the three-card `chart` (hard 11 or less and soft 16 or less hit, 21 stands)."""
    score, soft = _total(codes)
    if score >= 21:
        return "stand"
    if score <= 11 or (soft and score <= 16):
        return "hit"
    return chart.get(("soft" if soft else "hard", score, upv), "stand")


def _total(codes: list[int]) -> tuple[int, bool]:
    hard = sum(BLACKJACK_VALUE[c] for c in codes)
    if any(BLACKJACK_VALUE[c] == 1 for c in codes) and hard <= 11:
        return hard + 10, True
    return hard, False


def _read_chart(path: str) -> Any:
    p = Path(path)
    try:
        text = p.read_bytes()
    except OSError as exc:
        raise StrategyError(
            f"strategy file {path!r}: not basic or optimal, and not a readable chart file ({exc.strerror or exc})"
        ) from None
    if len(text) > 1 << 22:
        raise StrategyError(f"strategy file {path}: a chart file is at most 4 MB")
    try:
        return loads(text)
    except JsonReadError as exc:
        raise StrategyError(f"strategy file {path}: {exc}") from None


def _chart(table: Any, name: str) -> dict[str, dict]:
    """A decision table {"two_card": [[kind, n, up, action], ...], "later": ..., "no_double": ...} as look-ups."""
    if type(table) is not dict or any(k not in table for k in ("two_card", "later", "no_double")):
        raise StrategyError(
            f'{name}: a blackjack chart is an object with "two_card", "later" and "no_double" '
            "lists of [kind, total or pair value index, up-card value index, action]"
        )
    out: dict[str, dict] = {}
    for part in ("two_card", "later", "no_double"):
        rows = table[part]
        if type(rows) is not list:
            raise StrategyError(f'{name}: "{part}" must be a list')
        look = {}
        for row in rows:
            if (
                type(row) is not list
                or len(row) != 4
                or row[0] not in ("hard", "soft", "pair")
                or type(row[1]) is not int
                or type(row[2]) is not int
                or not 0 <= row[2] <= 9
                or row[3] not in ACTION_ORDER
            ):
                raise StrategyError(
                    f'{name}: bad chart row {str(row)[:80]} in "{part}"; a row is ["hard" | '
                    '"soft" | "pair", total or pair value index, up-card value index 0-9, '
                    "stand | hit | double | split]"
                )
            look[(row[0], row[1], row[2])] = row[3]
        out[part] = look
    return out
