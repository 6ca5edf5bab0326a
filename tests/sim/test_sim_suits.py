"""The reference simulators' round logs name every card with its suit, so that `verify`'s shuffle tests see
whole cards; and verify's "too few observations" is said once, with numbers that agree."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from oddscalc.verify import verify
from tests.cli_run import run_cli

SUITED = re.compile(r"^(A|[2-9]|10|J|Q|K)[cdhs]$")


@pytest.mark.parametrize(
    "game, wager", [("punto-banco", "banker"), ("baccarat-banque", "right"), ("super-pan-9", "initial")]
)
def test_reference_logs_carry_suits_and_verify_asks_for_none(game, wager, tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    code, _, err = run_cli(["simulate", game, wager, "--rounds", "400", "--seed", "5", "--log", log], capsys)
    assert code == 0, err
    rounds = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    dealt = [c for r in rounds for k, v in r.items() if k in ("player", "banker", "right", "left") for c in v]
    assert dealt and all(SUITED.match(c) for c in dealt), dealt[:10]
    report = verify(log, game, randomness=True)
    assert "write every card's suit" not in report.text(10) and "by rank only" not in report.text(10)


def test_the_blackjack_reference_log_carries_suits_and_draws_as_bare_ranks(tmp_path, capsys):
    """The blackjack simulator's fresh shoe names its cards with their suits, drawing the ranks a shoe of bare
    ranks draws (a Fisher-Yates step per card, written here), so every result is as before; verify then asks
    for no suit."""
    import random

    from oddscalc.sim import blackjack as sim_bj

    shoe, rng, mine, twin = sim_bj.Shoe(2), random.Random(7), [r for r in range(13) for _ in range(8)], random.Random(7)
    for i in range(len(mine)):
        j = twin.randrange(i, len(mine))
        mine[i], mine[j] = mine[j], mine[i]
        card = shoe.draw(rng)
        assert int(card) == mine[i] and SUITED.match(card.label) and card.label[:-1] == sim_bj.LABELS[mine[i]]
    assert Counter(c.label for c in shoe.cards) == Counter(
        {f"{r}{s}": 2 for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for s in "cdhs"}
    )

    log = tmp_path / "bj.jsonl"
    argv = ["simulate", "blackjack", "initial", "--rule", "strategy=basic", "--rounds", "300", "--seed", "5"]
    code, _, err = run_cli([*argv, "--log", log], capsys)
    assert code == 0, err

    def cards(hand):
        return hand.get("cards", []) + [c for h in hand.get("split", []) for c in cards(h)]

    rounds = [json.loads(line) for line in log.read_text().splitlines()[1:]]
    dealt = [c for r in rounds for c in r["banker"] + cards(r["hand"])]
    assert dealt and all(SUITED.match(c) for c in dealt), dealt[:10]
    text = verify(log, "blackjack", randomness=True).text(10)
    assert "write every card's suit" not in text and "by rank only" not in text


def test_a_fresh_shoe_per_round_deals_each_card_as_often():
    """Every card of the packs is as likely (a fair draw): over many rounds each suit appears about as often."""
    from oddscalc.sim.baccarat import point, shoe_labels, shoe_points

    labels = shoe_labels(2)
    assert [point(x) for x in labels] == shoe_points(2)
    assert Counter(labels) == Counter(
        {f"{r}{s}": 2 for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for s in "cdhs"}
    )


def test_tests_lacking_data_are_said_once(tmp_path, capsys):
    """A short log leaves many position tests without data: the text says so on one line, with the count of
    such tests agreeing with the JSON's list of them."""
    log = tmp_path / "pb.jsonl"
    code, _, err = run_cli(["simulate", "punto-banco", "banker", "--rounds", "60", "--seed", "2", "--log", log], capsys)
    assert code == 0, err
    code, out, _ = run_cli(["verify", "punto-banco", log], capsys)
    said = [line for line in out.splitlines() if "not tested" in line or "lacking data" in line]
    code, js, _ = run_cli(["verify", "punto-banco", log, "--format", "json"], capsys)
    skipped = json.loads(js)["randomness"]["skipped"]
    assert len(skipped) > 1 and len(said) == 1, said
    flat = " ".join(out.split())  # the text is folded to 100 columns
    assert f"not tested, lacking data: {len(skipped)} tests, such as {skipped[0]}" in flat
    # the numbers agree: n observations, the least outcome expected e times, so 5n/e observations lift it to 5
    n, e, needed = re.search(
        r": ([\d,]+) observations, outcome \S+ expected ([\d.]+) times.*about ([\d,]+) obs", flat
    ).groups()
    assert abs(int(n.replace(",", "")) * 5 / float(e) - int(needed.replace(",", ""))) <= 1
    assert not any("more tests lacking data" in s for s in skipped)
