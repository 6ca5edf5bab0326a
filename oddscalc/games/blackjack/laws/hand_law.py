"""The distribution of a starting hand's net result under a strategy (not only its expectation)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from oddscalc.core.progress import Progress
from oddscalc.games.blackjack import strategy as charts
from oddscalc.games.blackjack.exact.player import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    Evaluator,
    add,
    hand_of,
    is_natural,
    total_of,
)
from oddscalc.games.blackjack.hand import pair_partners
from oddscalc.games.blackjack.laws.split_law import adaptive_two_hand_law, split_law_in_part
from oddscalc.games.blackjack.laws.split_moments import resplit_moments
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe import LABELS
from oddscalc.games.blackjack.splits.blocks import hand_blocks
from oddscalc.games.blackjack.splits.expectation import SplitDetail, adaptive_stake, split_stake, split_value

__all__ = [
    "LAW_BUDGET",
    "HandOutcomes",
    "RoundLaw",
    "default_budget",
    "round_law",
    "split_laws",
    "split_pairs",
    "split_round_law",
    "start_outcomes",
]

Vec = tuple[Fraction, Fraction, Fraction]  # chance of losing, pushing, winning one unit (peek: no banker BJ)


class HandOutcomes:
    """Outcome vectors of hands under `policy` (hand -> stand/hit) on one evaluator, memoised."""

    def __init__(self, ev: Evaluator, policy: Callable[[tuple[int, ...]], str]) -> None:
        self.ev, self.policy = ev, policy
        self.memo: dict[tuple[int, ...], Vec] = {}

    def stand(self, h: tuple[int, ...]) -> Vec:
        if total_of(h)[0] > 21:
            return (1 - self.ev.p_banker_bj(h) if self.ev.rules.peek else Fraction(1), Fraction(0), Fraction(0))
        lose, push, win, den = self.ev.outcome_weights(h)
        return Fraction(lose, den), Fraction(push, den), Fraction(win, den)

    def _next_card(self, h: tuple[int, ...], then) -> Vec:
        """(lose, push, win) averaged over the next card drawn to `h`, `then` playing the hand after it."""
        cards, size = self.ev.draws(h)
        acc = [Fraction(0)] * 3
        for c, n in cards:
            v = then(add(h, c))
            for i in range(3):
                acc[i] += n * v[i]
        return tuple(a / size for a in acc)

    def hit(self, h: tuple[int, ...]) -> Vec:
        return self._next_card(h, self.follow)

    def follow(self, h: tuple[int, ...]) -> Vec:
        found = self.memo.get(h)
        if found is None:
            if total_of(h)[0] >= 21:
                found = self.stand(h)
            else:
                found = self.hit(h) if self.policy(h) == HIT else self.stand(h)
            self.memo[h] = found
        return found

    def double(self, h: tuple[int, ...]) -> Vec:
        return self._next_card(h, self.stand)


def start_outcomes(
    out: HandOutcomes, h: tuple[int, ...], action: str, split_law: dict[Fraction, Fraction] | None = None
) -> dict[Fraction, Fraction]:
    """Net result -> chance for a starting hand played with `action` (then the policy). For a split,
    `split_law` is the split round's law (`split_round_law`: with peek, banker-blackjack rounds left out)."""
    ev = out.ev
    pbj = ev.p_banker_bj(h)
    if is_natural(h):
        return {ev.rules.blackjack_pays: 1 - pbj, Fraction(0): pbj} if pbj else {ev.rules.blackjack_pays: Fraction(1)}
    dist: dict[Fraction, Fraction] = {}
    if action == SPLIT:
        assert split_law is not None, "a split starting hand needs its round's law (split_law)"
        dist.update(split_law)
    else:
        stake = 2 if action == DOUBLE else 1
        vec = out.double(h) if action == DOUBLE else (out.stand(h) if action == STAND else out.hit(h))
        for r, p in zip((-stake, 0, stake), vec):
            if p:
                dist[Fraction(r)] = dist.get(Fraction(r), Fraction(0)) + p
    if ev.rules.peek and pbj:
        dist[Fraction(-1)] = dist.get(Fraction(-1), Fraction(0)) + pbj
    return dist


@dataclass(frozen=True)
class RoundLaw:
    """The law of the initial wager's net result per round under one strategy.

    `lumped_dist`: the resplit rounds (three or more hands) whose joint law was beyond the work budget. Each
    split's share of them sits at its exact conditional expectation (net return -> chance). They are entries of
    `dist` too, so only the mean of `dist` is exact when there are any. `dist` less them is the exactly known
    part of the law. `lumped_hands`: the largest number of hands such a round can reach (its net return lies
    within twice that, either way). `lumped_square`: their exact share of E[net^2], so that the variance of the
    whole law is exact. It is chance times conditional E[net^2], from one and two hands at a time
    (`laws/split_moments.py`); None when unknown (a same-rank ten split). `events`: chances of a player
    blackjack, a banker blackjack, a split, a double. `stake`: the expected total staked per unit initial stake
    (doubles and split hands included)."""

    dist: dict[Fraction, Fraction]
    events: dict[str, Fraction]
    stake: Fraction | None = None
    lumped_dist: dict[Fraction, Fraction] = field(default_factory=dict)
    lumped_hands: int = 0
    lumped_square: Fraction | None = Fraction(0)

    @property
    def lumped(self) -> Fraction:
        """The chance of the lumped rounds."""
        return sum(self.lumped_dist.values(), Fraction(0))


#: Work (block tuples tried) allowed for one split round's exact law; beyond it the round is lumped at its
#: exact expectation. Resplit laws at 4 or more packs mostly exceed any affordable budget (docs/blackjack.md: at
#: 6 packs, 4 hands, 6,000,000 lumps 0.041% of rounds, 600,000 0.111%; raised tenfold when the hands came to be
#: dealt in compiled loops).
LAW_BUDGET = 6_000_000


def default_budget(rules: RuleSet) -> int | None:
    """The work budget a rule set's round law gets unless another is asked for.

    None at 1 pack with at most four hands from a split, whose exact law of every round is affordable. (2007
    rules, both strategies: 3.4 minutes on two processes, 1.4 GB, measured 2026-11-27, then cached.)
    `LAW_BUDGET` otherwise."""
    return None if rules.decks == 1 and 0 < rules.max_hands <= 4 else LAW_BUDGET


def split_round_law(
    ev: Evaluator,
    h: tuple[int, ...],
    pair: int,
    partners: int,
    detail: SplitDetail,
    budget: int | None = LAW_BUDGET,
    progress: Progress | None = None,
    shared: dict | None = None,
) -> tuple[dict[Fraction, Fraction], tuple[Fraction, Fraction, Fraction | None]]:
    """A split round's net law under the post-split policy of `detail`, checked against its exact expectation.

    With peek, banker-blackjack rounds are left out; `detail` is the split's `SplitDetail`. The result: (law of
    the rounds computed, (chance, conditional mean, conditional E[net^2]) of the resplit rounds beyond `budget`,
    or zeros when there are none). The rounds without a resplit are always computed
    (`laws.split_law.split_law_in_part`). The chance and mean of the rest follow by difference from the split's
    exact mass and expectation. They are checked against `laws.split_moments.resplit_moments`, which gives
    their second moment. (None for a same-rank ten split, whose patterns a count per value cannot tell apart.)
    `progress` hears the resplit law's work (`laws.split_law.split_law_in_part`). `shared` is a dict kept
    across calls on one game's evaluator: laws already computed. They are reused for a split whose hands end in
    the same blocks (`_split_key`), as optimal play's and the basic strategy's hands do in most splits. The
    checks run on every call."""
    mass = 1 - ev.p_banker_bj(h) if ev.rules.peek else Fraction(1)
    shoe = ev.left(h)
    if detail.later is not None:  # CDP: two hands, the second's play read from the first's cards; nothing lumped
        law = adaptive_two_hand_law(shoe, pair, ev.rules, ev.dealer, detail.policy, detail.later)
        skipped: tuple | None = ()
        moments = None
    else:
        key = None if shared is None else _split_key(ev, shoe, pair, partners, detail, budget)
        if shared is not None and key is not None and key in shared:
            law, skipped, moments = shared[key]
        else:
            law, skipped = split_law_in_part(
                shoe, ev.up, pair, partners, ev.rules, ev.dealer, detail.policy, budget, progress
            )
            moments = (
                resplit_moments(shoe, pair, ev.rules, ev.dealer, detail.policy, list(skipped), detail.limit)
                if skipped
                else None
            )
            if shared is not None and key is not None:
                shared[key] = (law, skipped, moments)
    net_law = {Fraction(k): p for k, p in law.items()}
    rest = mass - sum(net_law.values())
    rest_value = detail.value - sum(k * p for k, p in net_law.items())
    if skipped == ():
        if rest or rest_value:
            raise AssertionError("split round law disagrees with the split expectation")
        return net_law, (Fraction(0), Fraction(0), Fraction(0))
    if rest <= 0 or not -2 * detail.limit <= rest_value / rest <= 2 * detail.limit:
        raise AssertionError("the resplit rounds left out have an impossible chance or mean")
    if skipped is None:
        return net_law, (rest, rest_value / rest, None)
    assert moments is not None  # computed whenever resplit rounds were skipped
    chance, first, second = moments
    if (chance, first) != (rest, rest_value):
        raise AssertionError("the resplit rounds' chance or mean differs between the moments and the law")
    return net_law, (rest, rest_value / rest, second / rest)


def _split_key(
    ev: Evaluator, shoe: tuple[int, ...], pair: int, partners: int, detail: SplitDetail, budget: int | None
) -> tuple:
    """What a split's law and resplit moments depend on, on one evaluator (its rules and banker).

    They are the shoe, up-card, pair, partners, hand limit and budget. The post-split policy counts only
    through the blocks its hands end in (`splits.blocks.hand_blocks`, for hands of either kind). That is all
    `laws.split_law` and `laws.split_moments` ask of it."""
    return (
        ev.up,
        pair,
        partners,
        shoe,
        detail.limit,
        budget,
        *(frozenset(hand_blocks(pair, detail.policy, shoe, non_pair).items()) for non_pair in (False, True)),
    )


def _first_action(
    ev: Evaluator, cards: tuple[int, int], h: tuple[int, ...], partners, values, strategy
) -> tuple[str, Callable | None]:
    """A starting hand's first action and, under a chart, the play of its split hands (None: the optimum's):
    composition-dependent optimal play (`values.best`) or the total-dependent `strategy`, a double it may not
    take read as a stand."""
    if strategy is None:
        return values.best, None
    action = strategy.first(charts.row_of(cards, partners is not None), ev.up) or STAND
    if action == DOUBLE and not ev.may_double(h):
        action = STAND
    return action, charts.play_policy(strategy, ev.up, cards[0], ev.rules.das)


def _splits(game, strategy=None, pair: int | None = None):
    """The split rounds a strategy plays in a full game (`round_law`'s): per starting pair split (of value
    `pair` only, if given) and case of its partners, (evaluator, hand, pair, partners, `SplitDetail`)."""
    for up, ev in game.evaluators.items():
        for r in game.rows:
            if r.up != up or r.cards[0] != r.cards[1] or (pair is not None and r.cards[0] != pair):
                continue
            h = hand_of(r.cards)
            for _, partners, v in r.cases or [(Fraction(1), pair_partners(ev, h), r.values)]:
                if v.natural or partners is None:
                    continue
                action, split_policy = _first_action(ev, r.cards, h, partners, v, strategy)
                if action == SPLIT:
                    yield (
                        ev,
                        h,
                        r.cards[0],
                        partners,
                        split_value(ev.left(h), up, r.cards[0], partners, game.rules, ev.dealer, split_policy),
                    )


def split_pairs(game, strategy=None) -> list[tuple[int, int]]:
    """(up-card, pair) value indices of every pair the strategy splits in a full game, once each."""
    return sorted({(ev.up, pair) for ev, _, pair, _, _ in _splits(game, strategy)})


def split_laws(
    game, pair: int, strategies: tuple, budget: int | None = LAW_BUDGET, progress: Progress | None = None
) -> dict:
    """The laws `round_law` takes of the splits of one pair under each of `strategies` (None: optimal play).

    They come as the `shared` dict it reads them from. A split is computed on its own, apart from the rest of
    its up-card's round, so that the dearest splits of an exact law can run on processes of their own.
    `progress` hears the strategy and how far the split's law has got."""
    shared: dict = {}
    for strategy in strategies:
        name = "optimal play" if strategy is None else "basic strategy"
        inner = (
            None
            if progress is None
            else (lambda done, total, label="", name=name: progress(done, total, f"{name}: {label}"))
        )
        for ev, h, p, partners, detail in _splits(game, strategy, pair):
            split_round_law(ev, h, p, partners, detail, budget, inner, shared)
    return shared


def round_law(
    game,
    strategy=None,
    progress: Callable[[int, int, str], None] | None = None,
    budget: int | None = LAW_BUDGET,
    shared: dict | None = None,
    law: bool = True,
) -> RoundLaw:
    """The initial wager's law over a full game (`game.full_game`'s result): composition-dependent optimal
    play, or the total-dependent `strategy` (`strategy.derive`) played as `strategy.td_value` plays it.
    Split rounds whose exact law would take more than `budget` work (None: no limit) are lumped. `progress`
    hears each up-card begun and, within a split, how far its resplit law has got. `shared`: one dict passed
    to the calls on one game under both strategies, so that a split whose hands play alike under both is
    computed once (`split_round_law`). `law` False: only what needs no law, `dist` left empty. That is the
    events' chances and the expected total stake, from the game's values and the splits' stakes. It gives the
    edge's figures in a fraction of the time (issue 54: the split laws are nearly all of a round law's work)."""
    name = "optimal play" if strategy is None else "basic strategy"
    rules = game.rules
    probs = {up: p for up, p, _ in game.per_up}
    dist: dict[Fraction, Fraction] = {}
    lumped_dist: dict[Fraction, Fraction] = {}
    lumped_hands = 0
    lumped_square: Fraction | None = Fraction(0)
    stake = Fraction(0)
    events = {
        "player blackjack": Fraction(0),
        "banker blackjack": Fraction(0),
        "split": Fraction(0),
        "double": Fraction(0),
    }

    def put(law: dict[Fraction, Fraction], w: Fraction) -> None:
        for ret, p in law.items():
            dist[ret] = dist.get(ret, Fraction(0)) + w * p

    for done, (up, ev) in enumerate(game.evaluators.items()):
        where = f"{'law of a round' if law else 'stakes'}, {name}, up-card {LABELS[up]}"
        if progress:
            progress(done, len(game.evaluators), where)
        chart = None if strategy is None else charts.play_policy(strategy, up, None, rules.das)
        out = HandOutcomes(ev, ev.policy.__getitem__ if chart is None else chart)
        for r in game.rows:
            if r.up != up:
                continue
            h = hand_of(r.cards)
            w = probs[up] * r.prob
            pbj = ev.p_banker_bj(h)
            events["banker blackjack"] += w * pbj
            parts = [(q, k, v) for q, k, v in r.cases] or [(Fraction(1), pair_partners(ev, h), r.values)]
            for q, partners, v in parts:
                if v.natural:
                    events["player blackjack"] += w * q
                    if law:
                        put(start_outcomes(out, h, STAND), w * q)
                    stake += w * q  # one unit, whatever the banker holds
                    continue
                action, split_policy = _first_action(ev, r.cards, h, partners, v, strategy)
                if action == SPLIT and partners is not None:
                    events["split"] += w * q
                    pair = r.cards[0]
                    detail = split_value(ev.left(h), up, pair, partners, rules, ev.dealer, split_policy)
                    if strategy is None and detail.value != v.value(SPLIT):
                        raise AssertionError("split expectation differs between the game and its law")
                    # peek: the banker's 21 ends the round at one unit; otherwise every split stake counts
                    bj_card = ev.bj_card if rules.peek else None
                    split_staked = (
                        split_stake(ev.left(h), pair, partners, detail.limit, detail.policy, bj_card)
                        if detail.later is None
                        else adaptive_stake(ev.left(h), pair, partners, detail, bj_card)
                    )
                    stake += w * q * ((pbj if rules.peek else 0) + split_staked)
                    if not law:
                        continue
                    inner = (
                        None
                        if progress is None
                        else (
                            lambda d, t, label="", head=f"{where}, split {LABELS[pair]}s": progress(
                                d, t, f"{head}: {label}"
                            )
                        )
                    )
                    split_law, (rest, rest_mean, rest_square) = split_round_law(
                        ev, h, pair, partners, detail, budget, inner, shared
                    )
                    if rest:  # the resplit rounds beyond the budget at their exact conditional expectation
                        lumped_dist[rest_mean] = lumped_dist.get(rest_mean, Fraction(0)) + w * q * rest
                        lumped_hands = max(lumped_hands, detail.limit)
                        lumped_square = (
                            None
                            if lumped_square is None or rest_square is None
                            else (lumped_square + w * q * rest * rest_square)
                        )
                        split_law[rest_mean] = split_law.get(rest_mean, Fraction(0)) + rest
                    put(start_outcomes(out, h, SPLIT, split_law), w * q)
                    continue
                if action == SPLIT:
                    action = STAND
                if action == DOUBLE:
                    events["double"] += w * q
                staked = 2 if action == DOUBLE else 1
                stake += w * q * (pbj + (1 - pbj) * staked if rules.peek else staked)  # peek: a banker 21 ends it
                if law:
                    put(start_outcomes(out, h, action), w * q)
    if progress:
        progress(len(game.evaluators), len(game.evaluators), f"{'law of a round' if law else 'stakes'}, {name}")
    return RoundLaw(
        dict(sorted(dist.items())), events, stake, dict(sorted(lumped_dist.items())), lumped_hands, lumped_square
    )
