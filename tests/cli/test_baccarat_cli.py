"""The composition-query commands `oddscalc baccarat` and `oddscalc super-pan-9`, and the generic commands."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from oddscalc.cli.main import main
from oddscalc.games.baccarat import PUNTO_BANCO
from tests.punto_banco_reference import enumerate_independent


def run(capsys, *argv):
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    out = capsys.readouterr()
    return info.value.code, out.out, out.err


def test_edge_punto_banco_8_decks(capsys):
    code, out, _ = run(capsys, "edge", "punto-banco", "--version", "1994", "--decks", "8")
    assert code == 0
    assert "1.0579%" in out and "1.2351%" in out and "14.3596%" in out
    assert "rules: decks=8" in out


def test_edge_default_decks_is_stated(capsys):
    code, out, _ = run(capsys, "edge", "punto-banco", "--version", "1994")
    assert code == 0 and "decks=6" in out and "default is 6" in out


def test_baccarat_query_matches_generic_rule(capsys):
    code, out, _ = run(capsys, "baccarat", "--decks", "8", "--removed", "9,9,8,8,0,0", "--format", "json")
    assert code == 0
    data = json.loads(out)
    code, out2, _ = run(
        capsys, "edge", "punto-banco", "--decks", "8", "--rule", "removed=9,9,8,8,0,0", "--format", "json"
    )
    assert code == 0 and json.loads(out2)["wagers"] == data["wagers"]
    assert data["rules"]["removed"] == "9,9,8,8,0,0"


def test_positive_banker_wager_on_a_depleted_shoe(capsys):
    left = [8, 1, 2, 4, 2, 5, 3, 6, 6, 3]  # 40 cards left of eight packs
    full = PUNTO_BANCO.counts(8)
    removed = ",".join(str(v) for v in range(10) for _ in range(full[v] - left[v]))
    code, out, _ = run(capsys, "baccarat", "--decks", "8", "--removed", removed, "--exact")
    assert code == 0
    banker_line = next(line for line in out.splitlines() if line.split()[:1] == ["banker"])
    assert "POSITIVE" in banker_line and "positive for the player: banker" in out
    bank, player, _tie, total = enumerate_independent(left)
    ev = (Fraction(19, 20) * bank - player) / total
    assert ev > 0 and f"{ev.numerator}/{ev.denominator}" in banker_line  # whole with --exact (else shortened)


@pytest.mark.parametrize(
    "argv,needle",
    [
        (("baccarat", "--removed", "9,Z"), "unknown card 'Z'"),
        (("baccarat", "--decks", "1", "--removed", ",".join(["9"] * 5)), "cannot remove '9'"),
        (("baccarat", "--decks", "12"), "decks='12'"),
        (("baccarat", "--format", "xml"), "unknown format"),
        (("super-pan-9", "--removed", "8"), "unknown card '8'"),
        (("super-pan-9", "--version", "2007"), "does not permit"),
        (("super-pan-9", "--decks", "6"), "--custom"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv, needle):
    code, _out, err = run(capsys, *argv)
    assert code == 2 and needle in err and err.count("\n") == 1


def test_super_pan_9_query(capsys):
    code, out, _ = run(capsys, "super-pan-9", "--version", "1994", "--removed", "6,6,5,5,K,A")
    assert code == 0
    assert "282 cards left of 288" in out and "fourth-card strategy by point" in out
    code, out, _ = run(capsys, "super-pan-9", "--version", "1994", "--format", "csv")
    assert code == 0 and out.startswith("version,game")


def test_dist_banker_lists_the_three_returns(capsys):
    code, out, _ = run(capsys, "dist", "punto-banco", "banker", "--decks", "8", "--format", "json")
    assert code == 0
    (wager,) = json.loads(out)["wagers"]
    assert {Fraction(row["return"]) for row in wager["distribution"]} == {Fraction(-1), Fraction(0), Fraction(19, 20)}
