"""Blackjack played out card by card, written apart from the engine, for the tests: totals, draws and a whole game's values by brute force."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from oddscalc.games.blackjack.rules import RuleSet


def total(cards):
    hard = sum(cards)
    if 1 in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def draw(shoe):
    size = sum(shoe)
    assert size > 0, "tiny shoe ran out"
    for i, n in enumerate(shoe):
        if n:
            yield i + 1, Fraction(n, size), shoe[:i] + (n - 1,) + shoe[i + 1 :]


def make_game(rules: RuleSet):
    pays = rules.blackjack_pays

    @cache
    def banker(shoe, cards):
        """Distribution of the banker's result: 'bj', 'bust' or a total, drawing from shoe."""
        t, soft = total(cards)
        if len(cards) == 2 and t == 21:
            return {"bj": Fraction(1)}
        if t > 21:
            return {"bust": Fraction(1)}
        if t > 17 or (t == 17 and not (soft and rules.hit_soft17)):
            return {t: Fraction(1)}
        out = {}
        for c, p, rest in draw(shoe):
            for k, q in banker(rest, tuple(sorted(cards + (c,)))).items():
                out[k] = out.get(k, 0) + p * q
        return out

    def settle(ptotal, stake, b, natural=False):
        if natural:
            return 0 if b == "bj" else pays * stake
        if ptotal > 21:
            return -stake
        if b == "bj":
            return -stake
        if b == "bust" or ptotal > b:
            return stake
        return 0 if ptotal == b else -stake

    def stand_value(shoe, up, cards, stake=1):
        t = total(cards)[0]
        return sum(p * settle(t, stake, b) for b, p in banker(shoe, (up,)).items())

    @cache
    def play_on(shoe, up, cards):
        """Stand or hit only; tie-break: stand, except hard <= 11 / soft <= 16 always hit (documented rule)."""
        t, soft = total(cards)
        if t > 21:
            return Fraction(-1), "bust"
        if t == 21:
            return stand_value(shoe, up, cards), "stand"
        hit = sum(p * play_on(rest, up, tuple(sorted(cards + (c,))))[0] for c, p, rest in draw(shoe))
        s = stand_value(shoe, up, cards)
        if t <= 11 or (soft and t <= 16):
            assert hit >= s  # the evaluator's shortcut: one card cannot bust this hand, so hitting is never worse
            return hit, "hit"
        return (s, "stand") if s >= hit else (hit, "hit")

    def double_value(shoe, up, cards):
        return sum(
            p * (stand_value(rest, up, cards + (c,), 2) if total(cards + (c,))[0] <= 21 else -2)
            for c, p, rest in draw(shoe)
        )

    def split_policy(shoe0, up, pair):
        """The post-split strategy. CDP1: optimal play of a split hand on shoe0 (both pair cards gone), less
        the hand's other cards. CDZ-: optimal play of an unsplit hand with the same cards, i.e. from the shoe
        after the up-card less the hand's own cards (shoe0 with one pair card back, less the other cards)."""
        seen = list(shoe0)
        if rules.post_split == "cdz-":
            seen[pair - 1] += 1
        seen = tuple(seen)

        @cache
        def act(cards):
            if len(cards) == 2:
                if pair == 1:
                    return "stand"
                rest = list(seen)
                other = list(cards)
                other.remove(pair)
                rest[other[0] - 1] -= 1
                v, a = play_on(tuple(rest), up, cards)
                if rules.das and rules.can_double(total(cards)[0]):
                    if double_value(tuple(rest), up, cards) > v:
                        return "double"
                return a
            rest = list(seen)
            extra = list(cards)
            extra.remove(pair)
            for c in extra:
                rest[c - 1] -= 1
            return play_on(tuple(rest), up, cards)[1]

        return act

    def split_round(shoe0, up, pair, limit, act=None, staked=False):
        """Play the split hands one after another (a pair card as second card starts a new hand while
        hands < limit), then the banker; expectation of the sum of all hands' results (`staked`: of all
        the hands' stakes). `act` (cards -> action) replaces the optimal post-split strategy. Under CDP (two
        hands at most) the second hand, the last one dealt, plays the optimum on the cards actually left."""
        adaptive = act is None and rules.post_split == "cdp" and pair != 1
        act = act or split_policy(shoe0, up, pair)

        def seen_all(shoe, cards):
            """The optimum for a hand that is the last dealt, on the cards really left (`shoe`)."""
            v, a = play_on(shoe, up, cards)
            if (
                len(cards) == 2
                and rules.das
                and rules.can_double(total(cards)[0])
                and double_value(shoe, up, cards) > v
            ):
                return "double"
            return a

        @cache
        def go(shoe, done, current, queue, hands):
            # done: tuple of (total, stake) of finished hands; current: cards of the hand in play or None
            if current is None:
                if queue == 0:
                    if staked:
                        return Fraction(sum(s for _, s in done))
                    return sum(p * sum(settle(t, s, b) for t, s in done) for b, p in banker(shoe, (up,)).items())
                return go(shoe, done, (pair,), queue - 1, hands)
            if len(current) == 1:
                out = Fraction(0)
                for c, p, rest in draw(shoe):
                    if c == pair and hands < limit:
                        out += p * go(rest, done, current, queue + 1, hands + 1)
                    else:
                        out += p * go(rest, done, tuple(sorted(current + (c,))), queue, hands)
                return out
            t = total(current)[0]
            if t > 21:
                return go(shoe, tuple(sorted(done + ((t, 1),))), None, queue, hands)
            a = seen_all(shoe, current) if adaptive and done else act(current)
            if a == "stand":
                return go(shoe, tuple(sorted(done + ((t, 1),))), None, queue, hands)
            if a == "double":
                return sum(
                    p * go(rest, tuple(sorted(done + ((total(current + (c,))[0], 2),))), None, queue, hands)
                    for c, p, rest in draw(shoe)
                )
            return sum(p * go(rest, done, tuple(sorted(current + (c,))), queue, hands) for c, p, rest in draw(shoe))

        return go(shoe0, (), (pair,), 1, 2)

    def actions(shoe, up, cards):
        """Every permitted action's value on a starting hand (shoe: cards left after up-card and hand)."""
        t, _ = total(cards)
        if t == 21:
            return {"stand": sum(p * settle(21, 1, b, natural=True) for b, p in banker(shoe, (up,)).items())}
        out = {
            "stand": stand_value(shoe, up, cards),
            "hit": sum(p * play_on(rest, up, tuple(sorted(cards + (c,))))[0] for c, p, rest in draw(shoe)),
        }
        if rules.can_double(t):
            out["double"] = double_value(shoe, up, cards)
        a, b = cards
        if a == b and a in rules.split_values:
            partners = shoe[a - 1]
            out["split"] = split_round(shoe, up, a, rules.hands_limit(a, partners))
        return out

    actions.split_policy, actions.settle, actions.banker = split_policy, settle, banker
    actions.play_on, actions.double_value = play_on, double_value
    actions.split_round = split_round
    return actions
