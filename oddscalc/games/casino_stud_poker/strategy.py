"""Casino stud poker under a pay table: the optimal raise/fold decision for every player hand and up-card,
the exact totals behind the edges, and the cost of simpler published rules against the optimum.

All sums are exact integers: a pair's expectations are kept as integers over the common denominator
L * C(N-6, 4), where L is the least common denominator of the raise payouts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np
from numpy.typing import NDArray

from oddscalc.core.errors import LimitError
from oddscalc.core.progress import Progress
from oddscalc.games.casino_stud_poker.counting import PairGroup, StudCounts
from oddscalc.games.poker.ranking import FIVE_CATEGORIES, category_of, five_qualifier

__all__ = ["RULES_OF_THUMB", "RULE_TEXT", "TIE_BREAK", "StudResult", "ante_returns", "evaluate", "pair_evs"]

TIE_BREAK = "where raising and folding have exactly equal expectation the player folds (the smaller stake)"

_CHUNK = 1 << 16


@dataclass(frozen=True)
class StudResult:
    """Exact totals over (player hand, up-card, hidden banker cards) under the optimal strategy.

    `outcomes` maps an outcome name to its number of combinations: "fold", "banker does not qualify",
    "push", "banker wins" and "player wins with <category>". `rules` maps a strategy name to
    (total return in units of 1/L per unit Ante summed over combinations, combinations where it raises).
    `grid` rows: (row label, per up-card rank: (pairs raised, pairs)) with pairs weighted by class size.
    """

    ranks: tuple[int, ...]
    suits: int
    ante: str
    pays: tuple[str, ...]
    total: int
    scale: int
    outcomes: tuple[tuple[str, int], ...]
    raised: int
    rules: tuple[tuple[str, str, int], ...]
    by_category: tuple[tuple[str, int, int, str], ...]
    grid: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]

    def outcome(self, name: str) -> int:
        return dict(self.outcomes)[name]

    @property
    def ev(self) -> Fraction:
        """Expected net return per unit Ante under the optimal strategy."""
        return Fraction(self.rule_return("optimal")) / self.total

    def rule_return(self, name: str) -> Fraction:
        return next(Fraction(r) for n, r, _ in self.rules if n == name)


def ante_returns(pays: Sequence[Fraction], ante: Fraction = Fraction(1)) -> dict[str, Fraction]:
    """Net return per unit Ante of each outcome, the Raise being twice the Ante (reg 8(6)): `ante` is the
    Ante's odds, `pays` the Raise odds by the player's category."""
    out = {
        "fold": Fraction(-1),
        "banker does not qualify": Fraction(ante),
        "push": Fraction(0),
        "banker wins": Fraction(-3),
    }
    for c, name in enumerate(FIVE_CATEGORIES):
        out[f"player wins with {name}"] = ante + 2 * Fraction(pays[c])
    return out


@dataclass(frozen=True)
class _Features:
    """Per-pair facts a rule of thumb reads: the player's category and ranks, the up-card's rank."""

    cat: np.ndarray
    ranks: np.ndarray  # (n, 5) rank values, descending
    value: np.ndarray
    up_rank: np.ndarray
    matches: np.ndarray  # the up-card's rank is one of the player's


def _features(counts: StudCounts, g: PairGroup, rank_values: np.ndarray, rep_ranks: np.ndarray) -> _Features:
    ranks = rep_ranks[g.rep]
    up_rank = rank_values[g.up.astype(np.int64)]
    value = counts.rep_value[g.rep]
    return _Features(category_of(value, 5), ranks, value, up_rank, (ranks == up_rank[:, None]).any(axis=1))


def _ak(f: _Features) -> np.ndarray:
    return (f.cat == 0) & (f.ranks[:, 0] == 14) & (f.ranks[:, 1] == 13)


def _three_rules(f: _Features) -> np.ndarray:
    """The Wizard of Odds' three rules of thumb for Ace/King hands (wizardofodds.com, Caribbean stud)."""
    has = lambda r: (f.ranks == r).any(axis=1)  # noqa: E731
    r1 = (f.up_rank <= 12) & f.matches
    r2 = (f.up_rank >= 13) & (has(12) | has(11))
    r3 = ~f.matches & has(12) & (f.up_rank < f.ranks[:, 3])
    return (f.cat >= 1) | (_ak(f) & (r1 | r2 | r3))


def _hand_at_least(f: _Features, ranks: tuple[int, ...]) -> np.ndarray:
    shifts = 4 * np.arange(4, -1, -1)
    return f.value >= int(sum(r << s for r, s in zip(ranks, shifts)))


#: Simpler strategies: published name, the rule in plain words, and the raise decision per pair.
RULES_OF_THUMB: tuple[tuple[str, str, Callable[[_Features], np.ndarray]], ...] = (
    (
        "three rules of thumb",
        "raise pair or better; raise A-K if the up-card is 2 to Q and pairs one of your cards; or the up-card is A "
        "or K and you hold a Q or J; or the up-card pairs none of your cards, you hold a Q and the up-card is below "
        "your fourth-highest card",
        _three_rules,
    ),
    (
        "raise A-K-J-8-3 or better",
        "raise pair or better and no-pair hands at least A-K-J-8-3",
        lambda f: _hand_at_least(f, (14, 13, 11, 8, 3)),
    ),
    (
        "matching rank (pair or better; A-K when a card matches the up-card)",
        "raise pair or better, and A-K when one of your cards has the up-card's rank",
        lambda f: (f.cat >= 1) | (_ak(f) & f.matches),
    ),
    ("raise any pair or better", "raise pair or better, fold the rest", lambda f: f.cat >= 1),
    (
        "raise Ace/King or better",
        "raise any hand that would qualify as the banker's",
        lambda f: f.value >= five_qualifier(),
    ),
    ("raise every hand", "never fold", lambda f: np.ones(len(f.cat), dtype=bool)),
)

RULE_TEXT = {
    "optimal": "raise exactly when it has the greater exact expectation",
    **{name: text for name, text, _ in RULES_OF_THUMB},
}


def _grid_row(f: _Features) -> tuple[np.ndarray, list[str]]:
    """Row label index for the strategy chart: pair-or-better categories, A-K by third and fourth card, rest."""
    labels = [f"{FIVE_CATEGORIES[c]}" for c in range(len(FIVE_CATEGORIES) - 1, 0, -1)]
    names = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
    ak_rows = [(t, u) for t in range(12, 1, -1) for u in range(t - 1, 1, -1)]
    labels += [f"A K {names.get(t, t)} {names.get(u, u)}" for t, u in ak_rows]
    labels.append("no pair below A-K")
    row = np.where(f.cat >= 1, len(FIVE_CATEGORIES) - 1 - f.cat, len(labels) - 1)
    ak = _ak(f)
    third, fourth = f.ranks[:, 2], f.ranks[:, 3]
    # index of (third, fourth) in ak_rows: rows for third t start after all rows for higher thirds
    start = np.array([0] * 15)
    pos = len(FIVE_CATEGORIES) - 1
    for t in range(12, 1, -1):
        start[t] = pos
        pos += t - 2
    ak_index = start[np.clip(third, 2, 14)] + (third - 1 - fourth)
    return np.where(ak, ak_index, row), labels


def pair_evs(
    g: PairGroup, cat: np.ndarray, pay_scaled: np.ndarray, ante_scaled: int, scale: int, hidden: int
) -> tuple[np.ndarray, int]:
    """Raise expectation of each pair in units of 1/(scale * hidden) per unit Ante, and the fold value."""
    nq, lt, gt = (x.astype(np.int64) for x in (g.nq, g.lt, g.gt))
    raise_num = ante_scaled * nq + (ante_scaled + 2 * pay_scaled[cat]) * lt - 3 * scale * gt
    return raise_num, -scale * hidden


def evaluate(
    counts: StudCounts, pays: Sequence[Fraction], ante: Fraction = Fraction(1), progress: Progress | None = None
) -> StudResult:
    """Exact optimal play and totals for Raise payouts `pays` (indexed like FIVE_CATEGORIES), Ante odds `ante`."""
    deck = counts.deck
    hidden = counts.hidden
    ante = Fraction(ante)
    scale = lcm(ante.denominator, *(Fraction(p).denominator for p in pays))
    pay_scaled = np.array([int(Fraction(p) * scale) for p in pays], dtype=np.int64)
    ante_scaled = int(ante * scale)
    if (ante_scaled + 2 * int(pay_scaled.max()) + 3 * scale) * hidden * int(counts.rep_weight.max()) * _CHUNK >= 2**62:
        raise LimitError("pay table too fine-grained for exact 64-bit chunk sums; use simpler odds")
    rank_values = deck.rank_values()
    rep_ranks = np.sort(rank_values[counts.rep_cards], axis=1)[:, ::-1]
    ncat = len(FIVE_CATEGORIES)
    wins = [0] * ncat
    fold = no_q = push = lose = raised = 0
    rules = {name: [0, 0] for name in ["optimal", *(n for n, _, _ in RULES_OF_THUMB)]}
    cat_pairs, cat_raised, cat_ret = [0] * ncat, [0] * ncat, [0] * ncat
    grid_raised: NDArray[np.int64] | None = None
    grid_total: NDArray[np.int64] | None = None
    labels: list[str] = []
    for gi, g in enumerate(counts.groups):
        if progress:
            progress(gi, len(counts.groups), "casino stud: strategy")
        for s in range(0, len(g.rep), _CHUNK):
            part = PairGroup(*(x[s : s + _CHUNK] for x in (g.rep, g.up, g.nq, g.lt, g.eq, g.gt)))
            f = _features(counts, part, rank_values, rep_ranks)
            w = counts.rep_weight[part.rep].astype(np.int64)
            raise_num, fold_num = pair_evs(part, f.cat, pay_scaled, ante_scaled, scale, hidden)
            best = raise_num > fold_num
            decisions = {"optimal": best, **{n: fn(f) for n, _, fn in RULES_OF_THUMB}}
            for name, d in decisions.items():
                rules[name][0] += int((w * np.where(d, raise_num, fold_num)).sum())
                rules[name][1] += int(w[d].sum()) * hidden
            wb = w[best]
            fold += int(w[~best].sum()) * hidden
            raised += int(wb.sum()) * hidden
            no_q += int((wb * part.nq[best]).sum())
            push += int((wb * part.eq[best]).sum())
            lose += int((wb * part.gt[best]).sum())
            lt_w = wb * part.lt[best]
            cat_b = f.cat[best]
            for c in range(ncat):
                sel = f.cat == c
                wins[c] += int(lt_w[cat_b == c].sum())
                cat_pairs[c] += int(w[sel].sum())
                cat_raised[c] += int(w[sel & best].sum())
                cat_ret[c] += int((w * np.where(best, raise_num, fold_num))[sel].sum())
            row, labels = _grid_row(f)
            col = np.searchsorted(np.array(deck.ranks), f.up_rank)
            if grid_raised is None or grid_total is None:
                grid_raised = np.zeros((len(labels), len(deck.ranks)), dtype=np.int64)
                grid_total = np.zeros_like(grid_raised)
            np.add.at(grid_total, (row, col), w)
            np.add.at(grid_raised, (row, col), np.where(best, w, 0))
    if progress:
        progress(len(counts.groups), len(counts.groups), "casino stud: strategy")
    if grid_raised is None or grid_total is None:  # no hand dealt: an empty chart
        grid_raised = grid_total = np.zeros((len(labels), len(deck.ranks)), dtype=np.int64)
    total = comb(deck.size, 5) * (deck.size - 5) * hidden
    outcomes = [("fold", fold), ("banker does not qualify", no_q), ("push", push), ("banker wins", lose)]
    outcomes += [(f"player wins with {FIVE_CATEGORIES[c]}", wins[c]) for c in range(ncat)]
    if sum(n for _, n in outcomes) != total:
        raise AssertionError("outcome counts do not cover every combination")
    returns = ante_returns(pays, ante)
    by_outcomes = sum(returns[name] * n for name, n in outcomes)
    if by_outcomes != Fraction(rules["optimal"][0], scale * hidden) * hidden:
        raise AssertionError("expectation by outcome and by decision disagree")
    grid = tuple(
        (labels[i], tuple((int(grid_raised[i, j]), int(grid_total[i, j])) for j in range(len(deck.ranks))))
        for i in range(len(labels))
        if grid_total[i].sum()
    )
    return StudResult(
        ranks=deck.ranks,
        suits=deck.suits,
        ante=str(ante),
        pays=tuple(str(Fraction(p)) for p in pays),
        total=total,
        scale=scale,
        outcomes=tuple(outcomes),
        raised=raised,
        rules=tuple((n, str(Fraction(r, scale)), k) for n, (r, k) in rules.items()),
        by_category=tuple(
            (FIVE_CATEGORIES[c], cat_pairs[c], cat_raised[c], str(Fraction(cat_ret[c], scale))) for c in range(ncat)
        ),
        grid=grid,
    )
