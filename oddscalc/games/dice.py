"""Dice (craps, SI 1994/2899 Sch 1): every wager solved exactly as an absorbing chain over throws of two dice.

Multi-roll wagers are not truncated: `core.markov` solves them exactly, giving both the outcome
probabilities and the expected number of throws to resolution (for the per-roll edge).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from oddscalc.core.dice import throws
from oddscalc.core.distribution import Distribution
from oddscalc.core.markov import Absorption, solve_chain
from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager
from oddscalc.regulations.params import int_param, ints_param, str_param, strs_param
from oddscalc.wager_results import Figure, GameAnalysis, WagerResult, edges_for

TITLE = "Dice"
RULES = ()
POINTS = (4, 5, 6, 8, 9, 10)
THROW = Fraction(1, 36)
LOSE = ("lose",)
COME_OUT = "come-out"

State = Hashable


def _win(key: str = "win") -> tuple[str, str]:
    return ("win", key)


def _absorbing(state: State) -> bool:
    return isinstance(state, tuple)


def settle(
    kind: str, side: str, point: int, totals: tuple[int, ...], faces: tuple[int, ...], state: State, a: int, b: int
) -> State:
    """The state after throwing (a, b) from `state`: a new state, or an absorbing ("win", payout) / ("lose",).

    Each branch is the Schedule 1 paragraph's wording: this is the one place the dice rules live.
    """
    total = a + b
    if kind == "pass":  # para 1(1)
        if state == COME_OUT:
            return _win() if total in (7, 11) else LOSE if total in (2, 3, 12) else total
        return _win() if total == state else LOSE if total == 7 else state
    if kind == "dont-pass-bar-2":  # para 2(1): a throw of 2 is disregarded on the first throw
        if state == COME_OUT:
            if total == 2:
                return COME_OUT
            return LOSE if total in (7, 11) else _win() if total in (3, 12) else total
        return _win() if total == 7 else LOSE if total == state else state
    if kind in ("odds", "place"):  # paras 1(2), 2(2), 3, 4: the point against a 7
        hit, miss = (point, 7) if side == "do" else (7, point)
        return _win() if total == hit else LOSE if total == miss else state
    if kind == "hard":  # para 5
        if total == point:
            return _win() if a == b else LOSE
        return LOSE if total == 7 else state
    if kind == "set":  # paras 6 and 8: one throw
        return _win() if total in totals else LOSE
    if kind == "field":  # para 7: 12 and 2 pay their own odds
        if total not in totals:
            return LOSE
        return _win(str(total) if str(total) in ("12", "2") else "other")
    if kind == "hop":  # hopping bets: one throw showing exactly these faces
        return _win() if sorted((a, b)) == sorted(faces) else LOSE
    raise ValueError(f"unknown dice wager kind {kind!r}")


def solve(w: Wager) -> Absorption:
    """Absorption probabilities and expected throws for wager `w`, from its first throw."""
    kind = str_param(w, "kind")
    side = str_param(w, "side", "do")
    point = int_param(w, "point", 0)
    totals = ints_param(w, "totals")
    faces = ints_param(w, "faces")
    start: State = COME_OUT if kind in ("pass", "dont-pass-bar-2") else "open"

    def step(state: State) -> dict[State, Fraction]:
        out: dict[State, Fraction] = {}
        for a, b in throws(2):
            nxt = settle(kind, side, point, totals, faces, state, a, b)
            out[nxt] = out.get(nxt, Fraction(0)) + THROW
        return out

    return solve_chain(start, step, _absorbing)


def _settled(state: State) -> tuple[str, ...]:
    """An absorbing state as `settle` makes it: ("win", payout key) or ("lose",)."""
    if not isinstance(state, tuple):
        raise TypeError(f"dice state {state!r} is not a settled wager")
    return state


def _distribution(w: Wager, absorption: Absorption) -> Distribution:
    return Distribution.from_weights(
        [(w.pay(won[1]) if won[0] == "win" else -1, p) for won, p in _outcomes(absorption)]
    )


def _outcomes(absorption: Absorption) -> list[tuple[tuple[str, ...], Fraction]]:
    return [(_settled(state), p) for state, p in absorption.outcomes]


def point_chances(kind: str) -> dict[int, Fraction]:
    """Chance that a win (or don't-win-bar-2) wager's first deciding throw sets each point."""
    counts = dict.fromkeys(POINTS, 0)
    considered = 0
    for a, b in throws(2):
        if kind == "dont-pass-bar-2" and a + b == 2:
            continue  # disregarded, para 2(1)
        considered += 1
        if a + b in counts:
            counts[a + b] += 1
    return {p: Fraction(c, considered) for p, c in counts.items()}


def _with_behind(w: Wager, flat: Distribution, behind: dict[str, Wager]) -> tuple[Fraction, Fraction]:
    """(expected loss, expected total staked) with the largest behind wager the law allows on every point.

    Para 1(2): behind stake at most the flat stake; para 2(2): stake that wins at most the flat stake.
    """
    loss, staked = flat.house_edge, Fraction(1)
    for p, chance in point_chances(str_param(w, "kind")).items():
        odds = behind[f"{'behind' if w.param('kind') == 'pass' else 'lay'}-{p}"]
        stake = Fraction(1) if w.param("kind") == "pass" else 1 / odds.pay()
        loss += chance * stake * _distribution(odds, solve(odds)).house_edge
        staked += chance * stake
    return loss, staked


def needs(w: Wager) -> tuple[str, ...]:
    """The other wagers an analysis of `w` reads: the behind wagers that may be added to it."""
    return strs_param(w, "behind")


def analyse(wagers: tuple[Wager, ...], rules: dict[str, str], progress: Progress | None = None) -> GameAnalysis:
    by_key = {w.key: w for w in wagers}
    results = []
    for i, w in enumerate(wagers):
        if progress:
            progress(i, len(wagers), f"dice {w.key}")
        absorption = solve(w)
        dist = _distribution(w, absorption)
        total = _with_behind(w, dist, by_key) if needs(w) else None
        events = tuple(
            (f"{state[0]}" + (f" ({state[1]})" if len(state) > 1 and state[1] != "win" else ""), p)
            for state, p in _outcomes(absorption)
        )
        figures = (Figure("expected throws to resolution", absorption.expected_steps, "throws"),)
        stake = total[1] if total else None  # the flat wager plus the largest behind/lay wager on every point
        results.append(
            WagerResult(
                w, dist, edges_for(dist, absorption.expected_steps, total), events, stake=stake, figures=figures
            )
        )
    return GameAnalysis(
        "dice",
        "",
        (),
        tuple(results),
        assumptions=(
            "two fair dice, each of the 36 ordered throws equally likely (reg 5(4))",
            "multi-roll wagers solved exactly as absorbing chains; per-roll edge counts every throw until the "
            "wager is decided, disregarded throws of 2 included",
            "behind and lay wagers priced from the moment their point is set",
        ),
    )
