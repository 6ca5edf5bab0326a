"""The reference simulators' round logs name every card with its suit, so that `verify`'s shuffle tests see
whole cards (issue 55, item 4); and verify's "too few observations" is said once, with numbers that agree."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from cli_run import run_cli

from oddscalc.verify import verify

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


def test_a_fresh_shoe_per_round_deals_each_card_as_often():
    """Every card of the packs is as likely (a fair draw): over many rounds each suit appears about as often."""
    from oddscalc.sim.baccarat import point, shoe_labels, shoe_points

    labels = shoe_labels(2)
    assert [point(x) for x in labels] == shoe_points(2)
    assert Counter(labels) == Counter(
        {f"{r}{s}": 2 for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for s in "cdhs"}
    )
