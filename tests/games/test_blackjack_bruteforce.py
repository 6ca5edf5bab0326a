"""Brute force on tiny shoes: every card order and every decision, played in the real order of the game.

Written independently of the evaluator: banker play by direct recursion over draws, the player by
expectimax over the actual deal, and split rounds by playing hand after hand (resplitting as the cards
come) before the banker draws. The evaluator must agree exactly, action by action.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from oddscalc.games.blackjack.exact import player, stand_batch
from oddscalc.games.blackjack.exact.player import DealerTable, Evaluator
from oddscalc.games.blackjack.hand import pair_partners, start_hand
from oddscalc.games.blackjack.rules import RuleSet
from tests.blackjack_brute_force import draw, make_game, total

SHOES = [
    # counts of A, 2..9, ten-values
    (2, 1, 0, 0, 0, 1, 1, 3, 1, 8),
    (3, 0, 1, 0, 0, 0, 2, 3, 2, 8),
]
RULESETS = [
    RuleSet(),
    RuleSet(hit_soft17=True, double_totals=None, das=False, max_hands=0, split_values=frozenset(range(1, 10))),
    RuleSet(max_hands=3, resplit_aces=False, double_totals=frozenset({10, 11})),
    RuleSet(post_split="cdz-", double_totals=None, split_values=frozenset(range(1, 10))),
    RuleSet(post_split="cdz-", max_hands=0, hit_soft17=True),
    RuleSet(post_split="cdp", max_hands=2, double_totals=None, split_values=frozenset(range(1, 10))),
    RuleSet(post_split="cdp", max_hands=2, hit_soft17=True),
]


@pytest.mark.parametrize("shoe", SHOES)
@pytest.mark.parametrize("rules", RULESETS)
def test_every_action_matches_brute_force(shoe, rules):
    actions = make_game(rules)
    checked = 0
    for up in range(1, 11):
        if not shoe[up - 1]:
            continue
        after_up = shoe[: up - 1] + (shoe[up - 1] - 1,) + shoe[up:]
        dealer = DealerTable(up - 1, rules.hit_soft17)
        ev = Evaluator(after_up, up - 1, rules, dealer)
        for a in range(1, 11):
            for b in range(a, 11):
                h = [0] * 10
                h[a - 1] += 1
                h[b - 1] += 1
                h = tuple(h)
                if any(x > y for x, y in zip(h, after_up)):
                    continue
                left = tuple(y - x for x, y in zip(h, after_up))
                expected = actions(left, up, (a, b))
                got = start_hand(ev, h, pair_partners(ev, h))
                assert dict(got.actions) == expected, (up, a, b)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("rules", [RULESETS[0], RULESETS[4]])
def test_every_action_matches_brute_force_with_the_banker_in_batches(rules, monkeypatch):
    """As above, every banker stand value the tiny shoe allows computed in batches (`DealerTable.fill`,
    residues on arrays), however few they are."""
    calls = []
    sums = stand_batch.stand_sums
    monkeypatch.setattr(stand_batch, "stand_sums", lambda *a: calls.append(1) or sums(*a))
    monkeypatch.setattr(player, "_BATCH_MIN", 1)
    test_every_action_matches_brute_force(SHOES[0], rules)
    assert calls


def make_peek_game(rules: RuleSet):
    """Hole card with peek, played as dealt: the banker's second card is dealt first and hidden; a banker
    blackjack ends the round at once; otherwise the player acts knowing only that there is none. The player's
    values are sums over the hidden card weighted by P(hole card, player's cards) (information sets)."""

    @cache
    def banker(shoe, cards):
        t, soft = total(cards)
        if t > 21:
            return {"bust": Fraction(1)}
        if t > 17 or (t == 17 and not (soft and rules.hit_soft17)):
            return {t: Fraction(1)}
        out = {}
        for c, p, rest in draw(shoe):
            for k, q in banker(rest, tuple(sorted(cards + (c,)))).items():
                out[k] = out.get(k, 0) + p * q
        return out

    def settle(t, stake, b):
        if t > 21:
            return -stake
        if b == "bust" or t > b:
            return stake
        return 0 if t == b else -stake

    def bj_hole(up, c):
        return (up == 1 and c == 10) or (up == 10 and c == 1)

    def holes(shoe_after_up, up, cards):
        """(hole card, joint weight P(hole, player's cards in this order), shoe left) for non-blackjack holes."""
        size = sum(shoe_after_up)
        out = []
        for i, n in enumerate(shoe_after_up):
            c = i + 1
            if not n or bj_hole(up, c):
                continue
            rest = shoe_after_up[:i] + (n - 1,) + shoe_after_up[i + 1 :]
            w = Fraction(n, size)
            for x in cards:
                k = rest[x - 1]
                if k == 0:
                    w = Fraction(0)
                    break
                w *= Fraction(k, sum(rest))
                rest = rest[: x - 1] + (k - 1,) + rest[x:]
            if w:
                out.append((c, w, rest))
        return out

    def p_cards(shoe_after_up, cards):
        w, rest = Fraction(1), shoe_after_up
        for x in cards:
            k = rest[x - 1]
            if not k:
                return Fraction(0)
            w *= Fraction(k, sum(rest))
            rest = rest[: x - 1] + (k - 1,) + rest[x:]
        return w

    def stand_joint(shoe_up, up, cards, stake=1):
        t = total(cards)[0]
        return sum(
            w * sum(p * settle(t, stake, b) for b, p in banker(rest, tuple(sorted((up, c)))).items())
            for c, w, rest in holes(shoe_up, up, cards)
        )

    def bust_joint(shoe_up, up, cards, stake=1):
        return sum(-stake * w for _, w, _ in holes(shoe_up, up, cards))

    def children(shoe_up, cards):
        seen = set(range(1, 11))
        return [c for c in seen if p_cards(shoe_up, cards + (c,))]

    @cache
    def play_on(shoe_up, up, cards):
        t, soft = total(cards)
        if t > 21:
            return bust_joint(shoe_up, up, cards), "bust"
        if t == 21:
            return stand_joint(shoe_up, up, cards), "stand"
        hit = sum(play_on(shoe_up, up, cards + (c,))[0] for c in children(shoe_up, cards))
        s = stand_joint(shoe_up, up, cards)
        if t <= 11 or (soft and t <= 16):
            assert hit >= s  # the shortcut holds under the hole-card information too
            return hit, "hit"
        return (s, "stand") if s >= hit else (hit, "hit")

    def double_joint(shoe_up, up, cards):
        return sum(
            (
                stand_joint(shoe_up, up, cards + (c,), 2)
                if total(cards + (c,))[0] <= 21
                else bust_joint(shoe_up, up, cards + (c,), 2)
            )
            for c in children(shoe_up, cards)
        )

    def actions(shoe_up, up, cards):
        """Values E[result; no banker blackjack | player's two cards], as the evaluator reports them."""
        norm = p_cards(shoe_up, cards)
        t, _ = total(cards)
        if t == 21:
            return {"stand": sum(w * rules.blackjack_pays for _, w, _ in holes(shoe_up, up, cards)) / norm}
        out = {
            "stand": stand_joint(shoe_up, up, cards) / norm,
            "hit": sum(play_on(shoe_up, up, cards + (c,))[0] for c in children(shoe_up, cards)) / norm,
        }
        if rules.can_double(t):
            out["double"] = double_joint(shoe_up, up, cards) / norm
        a, b = cards
        if a == b and a in rules.split_values:
            out["split"] = split_joint(shoe_up, up, a) / norm
        return out

    def split_joint(shoe_up, up, pair, staked=False):
        """Split: the post-split policy is the information-set optimum of one split hand with both pair
        cards gone; then, for each hidden card, the hands are played one after another and the banker last.
        Under CDP (two hands at most) the second hand's optimum also counts the first hand's cards as gone."""
        shoe0 = tuple(n - 2 * (i + 1 == pair) for i, n in enumerate(shoe_up))

        @cache
        def policy_on(base):
            """The information-set optimum of a split hand whose other cards are drawn from `base`."""

            @cache
            def act(cards):
                extra = list(cards)
                extra.remove(pair)
                if len(cards) == 2 and pair == 1:
                    return "stand"
                v, a = _single(tuple(sorted(extra)))
                if len(cards) == 2 and rules.das and rules.can_double(total(cards)[0]):
                    if _double_single(tuple(sorted(extra))) > v:
                        return "double"
                return a

            @cache
            def _single(extra):
                """Info-set value of the split hand (pair + extra) when stand/hit remain, with the hand's
                extra cards as the observed cards drawn from base."""
                cards = tuple(sorted((pair,) + extra))
                t, soft = total(cards)
                if t > 21:
                    return bust_joint(base, up, extra), "bust"
                s = sum(
                    w * sum(p * settle(t, 1, b) for b, p in banker(rest, tuple(sorted((up, c)))).items())
                    for c, w, rest in holes(base, up, extra)
                )
                if t == 21:
                    return s, "stand"
                hit = sum(_single(tuple(sorted(extra + (c,))))[0] for c in children(base, extra))
                if t <= 11 or (soft and t <= 16):
                    return hit, "hit"
                return (s, "stand") if s >= hit else (hit, "hit")

            def _double_single(extra):
                tot = Fraction(0)
                for c in children(base, extra):
                    e2 = tuple(sorted(extra + (c,)))
                    t = total(tuple(sorted((pair,) + e2)))[0]
                    tot += sum(
                        w
                        * (
                            sum(p * settle(t, 2, b) for b, p in banker(rest, tuple(sorted((up, h)))).items())
                            if t <= 21
                            else -2
                        )
                        for h, w, rest in holes(base, up, e2)
                    )
                return tot

            return act

        act = policy_on(shoe0)
        adaptive = rules.post_split == "cdp" and pair != 1

        def second_act(shoe, hole, current):
            """CDP's second hand: the optimum with every card but the hole card and its own drawn seen."""
            base = list(shoe)
            base[hole - 1] += 1
            extra = list(current)
            extra.remove(pair)
            for c in extra:
                base[c - 1] += 1
            return policy_on(tuple(base))(current)

        limit = rules.hands_limit(pair, shoe0[pair - 1])

        @cache
        def go(shoe, hole, done, current, queue, hands):
            if current is None:
                if queue == 0:
                    if staked:
                        return Fraction(sum(s for _, s in done))
                    return sum(
                        p * sum(settle(t, s, b) for t, s in done)
                        for b, p in banker(shoe, tuple(sorted((up, hole)))).items()
                    )
                return go(shoe, hole, done, (pair,), queue - 1, hands)
            if len(current) == 1:
                out = Fraction(0)
                for c, p, rest in draw(shoe):
                    if c == pair and hands < limit:
                        out += p * go(rest, hole, done, current, queue + 1, hands + 1)
                    else:
                        out += p * go(rest, hole, done, tuple(sorted(current + (c,))), queue, hands)
                return out
            t = total(current)[0]
            if t > 21:
                return go(shoe, hole, tuple(sorted(done + ((t, 1),))), None, queue, hands)
            a = second_act(shoe, hole, current) if adaptive and done else act(current)
            if a == "stand":
                return go(shoe, hole, tuple(sorted(done + ((t, 1),))), None, queue, hands)
            if a == "double":
                return sum(
                    p * go(rest, hole, tuple(sorted(done + ((total(current + (c,))[0], 2),))), None, queue, hands)
                    for c, p, rest in draw(shoe)
                )
            return sum(
                p * go(rest, hole, done, tuple(sorted(current + (c,))), queue, hands) for c, p, rest in draw(shoe)
            )

        return sum(w * go(rest, c, (), (pair,), 1, 2) for c, w, rest in holes(shoe_up, up, (pair, pair)))

    actions.split_joint, actions.p_cards = split_joint, p_cards
    return actions


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(peek=True),
        RuleSet(peek=True, double_totals=None, max_hands=3),
        RuleSet(peek=True, double_totals=None, max_hands=2, post_split="cdp"),
    ],
)
def test_peek_hole_card_matches_brute_force(rules):
    shoe = SHOES[0]
    actions = make_peek_game(rules)
    checked = 0
    for up in (1, 10, 6):
        after_up = shoe[: up - 1] + (shoe[up - 1] - 1,) + shoe[up:]
        ev = Evaluator(after_up, up - 1, rules, DealerTable(up - 1, rules.hit_soft17))
        for a in range(1, 11):
            for b in range(a, 11):
                h = [0] * 10
                h[a - 1] += 1
                h[b - 1] += 1
                h = tuple(h)
                if any(x > y for x, y in zip(h, after_up)):
                    continue
                expected = actions(after_up, up, (a, b))
                got = start_hand(ev, h, pair_partners(ev, h))
                assert dict(got.actions) == expected, (up, a, b)
                checked += 1
    assert checked > 10


def test_same_rank_ten_pairs_match_a_rank_level_brute_force():
    """2007 rule: only tens of one rank form a pair. Cards are tracked by rank here (10 and K both count
    ten); a K,K split resplits only on another K, while a 10 is an ordinary ten to the split hand."""
    rules = RuleSet(double_totals=None, split_values=frozenset(range(1, 11)), same_rank_tens=True, max_hands=0)
    kinds = ("A", "6", "7", "8", "9", "10", "K")
    value = {"A": 1, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "K": 10}
    counts = {"A": 2, "6": 1, "7": 1, "8": 2, "9": 1, "10": 4, "K": 4}
    game = make_game(rules)
    up = "6"
    start = dict(counts)
    start[up] -= 1
    start["K"] -= 2  # the player's K,K
    vals = [0] * 10
    for k, n in start.items():
        vals[value[k] - 1] += n
    shoe0 = tuple(vals)  # value-level shoe with the up-card and both kings gone
    act = game.split_policy(shoe0, value[up], 10)

    def draws(shoe):
        size = sum(shoe)
        assert size > 0
        for i, n in enumerate(shoe):
            if n:
                yield kinds[i], Fraction(n, size), shoe[:i] + (n - 1,) + shoe[i + 1 :]

    def vshoe(shoe):
        out = [0] * 10
        for k, n in zip(kinds, shoe):
            out[value[k] - 1] += n
        return tuple(out)

    @cache
    def go(shoe, done, current, queue):
        if current is None:
            if queue == 0:
                return sum(
                    p * sum(game.settle(t, st, b) for t, st in done)
                    for b, p in game.banker(vshoe(shoe), (value[up],)).items()
                )
            return go(shoe, done, (10,), queue - 1)
        if len(current) == 1:
            out = Fraction(0)
            for k, p, rest in draws(shoe):
                if k == "K":
                    out += p * go(rest, done, current, queue + 1)
                else:
                    out += p * go(rest, done, tuple(sorted(current + (value[k],))), queue)
            return out
        t = total(current)[0]
        if t > 21 or act(current) == "stand":
            return go(shoe, tuple(sorted(done + ((t, 1),))), None, queue)
        if act(current) == "double":
            return sum(
                p * go(rest, tuple(sorted(done + ((total(current + (value[k],))[0], 2),))), None, queue)
                for k, p, rest in draws(shoe)
            )
        return sum(p * go(rest, done, tuple(sorted(current + (value[k],))), queue) for k, p, rest in draws(shoe))

    expected = go(tuple(start[k] for k in kinds), (), (10,), 1)
    from oddscalc.games.blackjack.splits.expectation import split_value

    got = split_value(shoe0, value[up] - 1, 9, start["K"], rules, DealerTable(value[up] - 1, False)).value
    assert got == expected


@pytest.mark.parametrize("rules", RULESETS[:2] + RULESETS[5:])
def test_whole_round_matches_brute_force_in_the_real_deal_order(rules):
    """Player card, banker up-card, player card (the order of the deal), then the best action: the
    expectation of a round from the tiny shoe, against the full-game evaluator on that shoe."""
    from oddscalc.games.blackjack.game import full_game

    shoe = SHOES[0]
    actions = make_game(rules)
    expected = sum((p * max(actions(rest, up, cards).values()) for p, rest, up, cards in every_deal(shoe)), Fraction(0))
    assert full_game(rules, shoe=shoe).ev == expected


def every_deal(shoe):
    """(chance, shoe left, up-card, player's two cards sorted) for player card, up-card, player card."""
    for c1, p1, s1 in draw(shoe):
        for up, p2, s2 in draw(s1):
            for c2, p3, s3 in draw(s2):
                yield p1 * p2 * p3, s3, up, tuple(sorted((c1, c2)))


@pytest.mark.parametrize("pair", [8, 1, 9])
def test_split_under_a_fixed_strategy_matches_brute_force(pair):
    """The split method with a given post-split strategy (as the basic-strategy evaluation uses it): hit
    below 15, stand from 15, double a two-card 10 or 11 (where allowed)."""
    from oddscalc.games.blackjack.splits.expectation import split_value

    rules = RuleSet(max_hands=4, double_totals=None)
    shoe = (3, 1, 0, 0, 0, 1, 1, 3, 2, 8)
    up = 6
    after = list(shoe)
    after[up - 1] -= 1
    after[pair - 1] -= 2
    shoe0 = tuple(after)

    def by_values(cards):
        t, _ = total(cards)
        if len(cards) == 2 and pair == 1:
            return "stand"
        if len(cards) == 2 and t in (10, 11) and rules.das:
            return "double"
        return "hit" if t < 15 else "stand"

    def by_counts(h):
        return by_values(tuple(v + 1 for v in range(10) for _ in range(h[v])))

    game = make_game(rules)
    expected = game.split_round(shoe0, up, pair, rules.hands_limit(pair, shoe0[pair - 1]), act=by_values)
    got = split_value(shoe0, up - 1, pair - 1, shoe0[pair - 1], rules, DealerTable(up - 1, False), policy=by_counts)
    assert got.value == expected


def _best(values):
    """The best action, exact ties going to stand, hit, double, split (the documented order)."""
    best = None
    for a in ("stand", "hit", "double", "split"):
        if a in values and (best is None or values[a] > values[best]):
            best = a
    return best


@pytest.mark.slow
@pytest.mark.parametrize("rules", [RULESETS[0], RULESETS[2], RULESETS[3], RULESETS[5], RULESETS[6]])
def test_expected_total_staked_matches_play_in_the_real_deal_order(rules):
    """The expected total staked per round (initial stake, doubles, every split hand and its double) under
    optimal play: every deal in the real order, the brute force's best action, split rounds played hand after
    hand; against the round law's `stake`."""
    from oddscalc.games.blackjack.game import full_game
    from oddscalc.games.blackjack.laws.hand_law import round_law

    shoe = SHOES[0]
    actions = make_game(rules)
    expected = Fraction(0)
    for p, rest, up, cards in every_deal(shoe):
        a = _best(actions(rest, up, cards))
        if a == "split":
            pair = cards[0]
            staked = actions.split_round(rest, up, pair, rules.hands_limit(pair, rest[pair - 1]), staked=True)
        else:
            staked = 2 if a == "double" else 1
        expected += p * staked
    assert round_law(full_game(rules, shoe=shoe)).stake == expected
    assert expected > 1


def test_cdp_expected_split_stake_with_peek_matches_play_in_the_real_deal_order():
    """CDP with a peeked hole card: the split's expected total staked given no banker blackjack (the second
    hand's doubles read from the first hand's cards) against the information-set brute force played hand after
    hand, for up-cards that can and cannot make a blackjack."""
    from oddscalc.games.blackjack.splits.expectation import adaptive_stake, split_value

    rules = RuleSet(peek=True, double_totals=None, max_hands=2, post_split="cdp")
    shoe = SHOES[0]
    game = make_peek_game(rules)
    checked = 0
    for up in (1, 10, 6):
        after_up = shoe[: up - 1] + (shoe[up - 1] - 1,) + shoe[up:]
        dealer = DealerTable(up - 1, rules.hit_soft17)
        ev = Evaluator(after_up, up - 1, rules, dealer)
        for pair in range(2, 10):
            if after_up[pair - 1] < 2:
                continue
            h = tuple(2 if i == pair - 1 else 0 for i in range(10))
            left = ev.left(h)
            detail = split_value(left, up - 1, pair - 1, left[pair - 1], rules, dealer)
            got = adaptive_stake(left, pair - 1, left[pair - 1], detail, ev.bj_card)
            want = game.split_joint(after_up, up, pair, staked=True) / game.p_cards(after_up, (pair, pair))
            assert got == want, (up, pair)
            checked += 1
    assert checked >= 3
