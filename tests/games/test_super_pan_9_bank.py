"""A player's Super Pan 9 bank against several hands (regs 9(2)(h), 9(4), 9(5), 9(11), 10), against independent
derivations: every deal of a tiny shoe dealt out card by card (physical cards for two hands; every arrangement
of a shoe dealt out completely for three and four), every sequence of an infinite shoe on two card values, a
seeded simulation of the full shoe, and the levy on the net against the levy per wager."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from fractions import Fraction
from itertools import combinations, permutations
from math import sqrt

import pytest

from oddscalc import api
from oddscalc.core.distribution import render_decimal
from oddscalc.core.odds import amount_text
from oddscalc.games.baccarat.cards import SUPER_PAN_9
from oddscalc.games.super_pan_9.finite_bank import finite_law
from oddscalc.games.super_pan_9.hands import HOLDINGS
from oddscalc.games.super_pan_9.infinite_bank import infinite_law
from oddscalc.games.super_pan_9.player_bank import OWN, SHARED, Table, evaluate

LEVY = Fraction(1, 20)
#: The opposing hands' play in these tests: draw on 0-5 (written here, not read from the engine).
PLAYS = {h: ("draw" if sum(h) % 10 <= 5 else "stand") for h in HOLDINGS}


def deal_out(seq, hands):
    """Deal a card sequence in order: three cards to each hand, three to the bank, then a fourth card to each
    hand on 0-5 in turn from the next card. Returns the bank's cards, the hands' points, who drew, and the
    bank's point if it stands and if it takes the next card."""
    held = [list(seq[3 * i : 3 * i + 3]) for i in range(hands)]
    bank = seq[3 * hands : 3 * hands + 3]
    nxt = 3 * hands + 3
    drew = []
    for cards in held:
        drew.append(sum(cards) % 10 <= 5)
        if drew[-1]:
            cards.append(seq[nxt])
            nxt += 1
    b = sum(bank) % 10
    return tuple(sorted(bank)), [sum(c) % 10 for c in held], drew, (b, (b + seq[nxt]) % 10)


def collect(deals, hands):
    """From (card sequence, weight) pairs: for everything the bank can know (its cards, how many hands drew,
    whether hand 0 did), the weight of each list of its results against the hands if it stands and if it draws."""
    outcomes = defaultdict(lambda: (defaultdict(int), defaultdict(int)))
    for seq, weight in deals:
        bank, points, drew, finals = deal_out(seq, hands)
        for action, b in enumerate(finals):
            outcomes[(bank, sum(drew), drew[0])][action][tuple((b > q) - (b < q) for q in points)] += weight
    return outcomes


def brute_force(outcomes, stake0=Fraction(1), best=True, sees_draws=True, rate=LEVY):
    """The bank's expectation before the levy, the expected levy (at `rate` of its net), the expectations of hand 0
    and hand 1 (per unit), and the chances that its net before the levy is positive, zero, negative ("ahead",
    "even", "behind"), with the bank's choices: for each thing it can tell apart, the choice that pays it more
    after the levy (on a tie, draw on 0-5), or the House's rule when not `best`."""
    groups = defaultdict(list)
    for key in outcomes:
        seen = key if stake0 != 1 else key[:2]  # the hands are alike: which one drew tells the bank nothing more
        groups[seen if sees_draws else key[:1]].append(key)

    def settle(results):
        net = sum((stake0 if i == 0 else 1) * r for i, r in enumerate(results))
        return net, rate * max(net, 0)

    whole = sum(w for side in outcomes.values() for w in side[0].values())
    total = dict(
        before=Fraction(0),
        levy=Fraction(0),
        hand0=Fraction(0),
        hand1=Fraction(0),
        ahead=Fraction(0),
        even=Fraction(0),
        behind=Fraction(0),
    )
    choices = {}
    for seen, keys in groups.items():
        values = [
            sum(w * (settle(r)[0] - settle(r)[1]) for k in keys for r, w in outcomes[k][a].items()) for a in (0, 1)
        ]
        house = sum(seen[0]) % 10 <= 5
        draw = (values[1] > values[0] or (values[1] == values[0] and house)) if best else house
        choices[seen] = draw
        for k in keys:
            for r, w in outcomes[k][draw].items():
                net, levy = settle(r)
                total["before"] += Fraction(w, whole) * net
                total["levy"] += Fraction(w, whole) * levy
                total["hand0"] -= Fraction(w, whole) * r[0]
                total["hand1"] -= Fraction(w, whole) * r[-1]
                total["ahead" if net > 0 else "even" if net == 0 else "behind"] += Fraction(w, whole)
    return total, choices


def physical_deals(cards, hands):
    """Every way to deal the hands and the bank three physical cards each, then the rest in every order
    (weights: how many physical deals give each sequence of values)."""
    tally = defaultdict(int)
    values = {group: tuple(sorted(cards[i] for i in group)) for group in combinations(range(len(cards)), 3)}

    def deal(left, taken):
        if len(taken) == 3 * (hands + 1):
            tally[taken + tuple(sorted(cards[i] for i in left))] += 1
            return
        for group in combinations(left, 3):
            deal([i for i in left if i not in group], taken + values[group])

    deal(list(range(len(cards))), ())
    start = 3 * (hands + 1)
    for key, n in tally.items():
        for order in permutations(key[start:]):
            yield key[:start] + order, n


def arrangements(counts):
    """Every distinct order of a multiset of card values (dict value -> count), each equally likely."""
    values = sorted(counts)
    size = sum(counts.values())
    found = []

    def build(prefix, left):
        if len(prefix) == size:
            found.append((tuple(prefix), 1))
            return
        for v in values:
            if left[v]:
                left[v] -= 1
                prefix.append(v)
                build(prefix, left)
                prefix.pop()
                left[v] += 1

    build([], dict(counts))
    return found


def sequences(weights, length):
    """Every sequence of `length` independent cards, each value drawn with the given relative weight."""
    out = [((), 1)]
    for _ in range(length):
        out = [(seq + (v,), w * q) for seq, w in out for v, q in weights.items()]
    return out


def counts_of(values):
    return (
        tuple(values.count(v) for v in range(7))
        if isinstance(values, list)
        else tuple(values.get(v, 0) for v in range(7))
    )


def assert_same(result, found, choices, stake0=Fraction(1)):
    assert result.before == found["before"]
    assert result.levy == found["levy"]
    assert result.zero_ev == found["hand0"]
    assert result.ordinary[0] - result.ordinary[2] == found["hand1"]
    assert result.before == -(stake0 * found["hand0"] + (result.table.hands - 1) * found["hand1"])
    for seen, decision in result.decisions.items():
        key = (seen[0],) + tuple(seen[2:])
        if key in choices:
            assert choices[key] == (decision == "draw"), seen


TINY = [0, 0, 0, 1, 2, 3, 4, 5, 5, 6, 6, 6]  # twelve cards: the bank and two hands take them all


@pytest.fixture(scope="module")
def two_hands():
    return collect(physical_deals(TINY, 2), 2)


@pytest.mark.parametrize("best,sees_draws", [(True, True), (False, True), (True, False)])
def test_two_hands_equal_a_brute_force_over_physical_cards(two_hands, best, sees_draws):
    law = finite_law(counts_of(TINY), PLAYS, 2)
    found, choices = brute_force(two_hands, best=best, sees_draws=sees_draws)
    result = evaluate(law, Table(2), LEVY, "best" if best else "house-rule", "draws" if sees_draws else "own-cards")
    assert_same(result, found, choices)
    assert found["levy"] > 0
    # On the House's rule the bank and each hand play alike: before the levy the round is exactly fair.
    assert (found["before"] == 0) == (not best)


def test_the_house_wager_on_an_opposing_hand_equals_the_brute_force(two_hands):
    law = finite_law(counts_of(TINY), PLAYS, 2)
    found, choices = brute_force(two_hands, stake0=Fraction(5, 2))
    result = evaluate(law, Table(2, Fraction(3, 2), SHARED), LEVY)
    assert_same(result, found, choices, Fraction(5, 2))
    assert result.house_wager_ev == Fraction(3, 2) * found["hand0"]


def test_one_hand_equals_a_brute_force_and_the_levy_per_wager():
    cards = [0, 0, 1, 3, 4, 5, 6, 6]
    found, choices = brute_force(collect(physical_deals(cards, 1), 1))
    result = evaluate(finite_law(counts_of(cards), PLAYS, 1), Table(1), LEVY)
    assert_same(result, found, choices)
    # Against one hand the net is that wager's result: the levy is 5% of the bank's wins.
    assert result.levy == LEVY * sum(p for r, p in result.net.items() if r > 0)


@pytest.mark.slow
def test_three_hands_equal_every_arrangement_of_a_sixteen_card_shoe():
    shoe = {0: 10, 3: 3, 5: 3}
    outcomes = collect(arrangements(shoe), 3)
    law = finite_law(counts_of(shoe), PLAYS, 3)
    for best in (True, False):
        found, choices = brute_force(outcomes, best=best)
        assert_same(evaluate(law, Table(3), LEVY, "best" if best else "house-rule"), found, choices)
    # The House's wager of half a unit on a hand of its own: two opposing hands and the House's, hand 0.
    found, choices = brute_force(outcomes, stake0=Fraction(1, 2))
    result = evaluate(law, Table(2, Fraction(1, 2), OWN), LEVY)
    assert_same(result, found, choices, Fraction(1, 2))


def test_four_hands_equal_every_arrangement_of_a_twenty_card_shoe():
    shoe = {0: 13, 3: 7}
    found, choices = brute_force(collect(arrangements(shoe), 4))
    assert_same(evaluate(finite_law(counts_of(shoe), PLAYS, 4), Table(4), LEVY), found, choices)


@pytest.mark.parametrize("hands", [2, 3])
def test_infinite_shoe_equals_every_sequence_of_independent_cards(hands):
    counts = {0: 2, 4: 1}  # court cards two thirds, fours one third
    found, choices = brute_force(collect(sequences(counts, 4 * hands + 4), hands))
    result = evaluate(infinite_law(counts_of(counts), PLAYS, hands), Table(hands), LEVY)
    assert result.before == found["before"] and result.levy == found["levy"]
    assert result.zero_ev == found["hand0"] == result.opposing_ev == found["hand1"]
    by_point = {(sum(k[0]) % 10,) + k[1:]: v for k, v in choices.items()}
    for seen, decision in result.decisions.items():
        assert by_point[(seen[1],) + tuple(seen[2:])] == (decision == "draw")


def test_the_levy_is_on_the_net_not_per_wager():
    """Against two or three equal hands the expected levy is about 1.6% of the stakes, well under the 2.2% a levy
    per won wager would take: the per-wager figure is 5% x P(a hand loses), counted here directly."""
    a = api.analyse("super-pan-9", "1994", wager="player-banker", rules={"bank-play": "house-rule"})
    summary = next(x for x in a.extras if x.title.startswith("Super Pan 9: a player holding the bank against"))
    rows = {(n, model, play): levy for n, model, play, _, levy, *_ in summary.rows}
    for n in (2, 3):
        levy = float(rows[(n, "finite", "house-rule")].rstrip("%"))
        assert 1.55 < levy < 1.65
    per_wager = (
        next(
            r for r in api.analyse("super-pan-9", "1994", "initial").results[0].events if r[0] == "banker's hand higher"
        )[1]
        / 20
    )
    assert float(per_wager) * 100 > 2.2


def simulate_bank(hands, rounds, seed, table):
    """Deal from the full 288-card shoe: the hands draw on 0-5, the bank as the engine's table says; the levy on
    the net. Per unit wagered against the bank: the mean return after the levy and the mean levy, each with its
    standard error, and the mean levy a 5% levy on every won wager would have taken."""
    shoe = [v for _ in range(8) for v in [1, 2, 3, 4, 5, 6] * 4 + [0] * 12]
    rng = random.Random(seed)
    sums = [0.0] * 5
    for _ in range(rounds):
        cards = rng.sample(shoe, 4 * hands + 4)
        bank, points, drew, finals = deal_out(cards, hands)
        b = finals[1] if table.bank_draws(bank, sum(drew), drew[0]) else finals[0]
        net = sum((b > q) - (b < q) for q in points)
        levy = 0.05 * max(net, 0) / hands
        ret = net / hands - levy
        for i, x in enumerate((ret, ret * ret, levy, levy * levy, 0.05 * sum(b > q for q in points) / hands)):
            sums[i] += x
    mean, levy, per_wager = sums[0] / rounds, sums[2] / rounds, sums[4] / rounds
    error = sqrt((sums[1] / rounds - mean * mean) / rounds)
    levy_error = sqrt((sums[3] / rounds - levy * levy) / rounds)
    return mean, error, levy, levy_error, per_wager


@pytest.mark.slow
@pytest.mark.parametrize("hands", [2, 3])
def test_seeded_simulation_agrees_with_the_exact_figures(hands):
    rules = {"hands": str(hands)}
    a = api.analyse("super-pan-9", "1994", wager="player-banker", rules=rules)
    result = a.results[0]
    exact = next(x for x in a.extras if x.title.startswith("Super Pan 9: a player's bank, exact figures"))
    exact_levy = next(
        float(v)
        for n, model, name, v in exact.rows
        if (n, model) == (hands, "finite") and name.startswith("expected levy")
    )
    table = api.decision_table("super-pan-9", "1994", "player-banker", rules)
    mean, error, levy, levy_error, per_wager = simulate_bank(hands, 50_000, 15, table)
    assert abs(mean - float(result.distribution.mean)) < 4 * error
    assert abs(levy - exact_levy) < 4 * levy_error
    # A 5% levy on every won wager would take about 2.2%, some 0.6% more: far outside the sampling error.
    assert per_wager - levy > 30 * levy_error


def test_rule_options_reach_the_output_and_bad_values_are_one_line_errors():
    a = api.analyse("super-pan-9", "1994", wager="player-banker", rules={"hands": "5"})
    assert any("infinite shoe" in s for s in a.assumptions)
    assert dict(a.rules)["model"] == "auto"
    with pytest.raises(ValueError, match="model=finite") as info:
        api.analyse("super-pan-9", "1994", wager="player-banker", rules={"hands": "5", "model": "finite"})
    assert "\n" not in str(info.value)
    with pytest.raises(ValueError, match="house-wager"):
        api.analyse("super-pan-9", "1994", wager="player-banker", rules={"house-wager": "-1"})
    with pytest.raises(ValueError, match="custom=True"):
        api.analyse("super-pan-9", "1994", wager="player-banker", rules={"hands": "1"})
    shoe = SUPER_PAN_9.counts(8)
    assert sum(shoe) == 288


@pytest.mark.parametrize("rate", [Fraction(0), Fraction(1, 10), Fraction(1)])
def test_the_net_before_the_levy_splits_into_three_chances_at_any_levy(two_hands, rate):
    """The chances that the bank's net before the levy is positive, zero, negative, against the physical-card brute
    force at levies of 0, 10% and 100%: they add to 1, and a levy is charged only where there is one."""
    found, _ = brute_force(two_hands, rate=rate)
    result = evaluate(finite_law(counts_of(TINY), PLAYS, 2), Table(2), rate)
    assert result.sign == (found["ahead"], found["even"], found["behind"])
    assert sum(result.sign) == 1 and found["ahead"] > 0
    assert result.p_levy == (found["ahead"] if rate else 0)


def _pct(value: Fraction) -> str:
    return render_decimal(value * 100, 4) + "%"


@pytest.mark.parametrize("levy", ["0", "10%", "2.5", "100%"])
def test_the_player_banker_labels_follow_the_levy_of_the_pay(levy):
    """With a custom levy (0 among them) the three events still add to 1, the first names a levy only
    where one is charged, every levy the assumptions, notes and the summary table name is the pay's, and the
    table's row for the rules' own bank shows the wager's levy and chance of it."""
    a = api.analyse("super-pan-9", "1994", pay={"player-banker.levy": levy})
    banker = a.result("player-banker")
    rate = banker.wager.pay("levy")
    (label, ahead), (_, even), (_, behind) = banker.events
    dist = banker.distribution
    assert ahead + even + behind == 1
    if rate < 1:  # a levy short of the whole net leaves its sign as it was
        assert (ahead, even, behind) == (dist.p_win, dist.p_push, dist.p_loss)
    else:  # the whole of a positive net levied: those rounds end level
        assert (dist.p_win, dist.p_push, dist.p_loss) == (0, ahead + even, behind)
    assert ("levy charged" in label) == (rate > 0)
    summary = next(x for x in a.extras if x.title.startswith("Super Pan 9: a player holding the bank against"))
    text = " ".join((*a.assumptions, *banker.notes, summary.note))
    named = re.findall(r"levy (?:is|of) (\S+%)", text)
    if rate:
        assert named and set(named) == {amount_text(rate * 100) + "%"}
    else:
        assert not named and "no levy" in text
    # Zero-sum before the levy: the bank gets what each hand loses; the levy is the rest of what it does not keep.
    before = -a.result("initial-player-bank").distribution.mean
    levied = before - dist.mean
    assert (levied > 0) == (rate > 0)
    row = next(r for r in summary.rows if r[:3] == (2, "finite", "best"))
    assert row[3:6] == (_pct(before), _pct(levied), _pct(dist.mean))
    assert row[7] == _pct(ahead if rate else Fraction(0))
