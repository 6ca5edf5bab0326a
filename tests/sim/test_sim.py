"""The simulator cross-check: schema of the exact output, the statistics, and simulators against engines."""

import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction as F
from importlib import resources

import jsonschema
import mpmath
import pytest

from oddscalc import api
from oddscalc.core.distribution import Distribution
from oddscalc.regulations.model import apply_overrides
from oddscalc.sim import dice, simulators
from oddscalc.sim.check import CheckError, check_counts, chi_square_p, merge_bins
from oddscalc.sim.results import ResultsError, read_results

SCHEMA = json.loads(resources.files("oddscalc").joinpath("schemas/analysis-1.json").read_text())


def cli(*args):
    proc = subprocess.run([sys.executable, "-m", "oddscalc", *args], capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize(
    "game,wager", [("roulette", "even-chance"), ("dice", "win"), ("big-six", "A"), ("sic-bo", "single-1")]
)
def test_dist_json_validates_against_the_shipped_schema(game, wager):
    code, out, err = cli("dist", game, wager, "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    assert sum(F(o["probability"]) for o in data["wagers"][0]["distribution"]) == 1


def test_schema_rejects_a_float_probability():
    _code, out, _ = cli("dist", "roulette", "straight", "--format", "json")
    data = json.loads(out)
    data["wagers"][0]["distribution"][0]["probability"] = 0.97
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)


def test_chi_square_p_against_closed_forms():
    # dof 2: P(X >= x) = exp(-x/2); dof 1: P(X >= x) = erfc(sqrt(x/2)).
    assert abs(mpmath.mpf(chi_square_p(F(3), 2)) - mpmath.exp(-1.5)) < 1e-12
    assert abs(mpmath.mpf(chi_square_p(F(4), 1)) - mpmath.erfc(mpmath.sqrt(2))) < 1e-12


def test_rare_outcomes_merge_with_their_neighbours():
    probs = {F(-1): F(90, 100), F(1): F(9, 100), F(10): F(1, 200), F(50): F(1, 200)}
    bins = merge_bins(probs, {}, 100)
    assert [b.returns for b in bins] == [(F(-1),), (F(1), F(10), F(50))]
    assert all(b.expected >= 5 for b in bins)


def test_check_refuses_what_cannot_be_tested():
    d = Distribution.from_weights({35: 1, -1: 36})
    with pytest.raises(CheckError, match="too few rounds"):
        check_counts(d, {F(35): 1, F(-1): 50})
    with pytest.raises(CheckError, match="cannot happen"):
        check_counts(d, {F(35): 100, F(-1): 3600, F(17): 1})
    with pytest.raises(CheckError, match="negative"):
        check_counts(d, {F(35): -1, F(-1): 3600})


def test_results_files_errors(tmp_path):
    bad = {
        "a.csv": "x,y\n1,2\n",
        "b.csv": "net_return,count\n1,two\n",
        "c.csv": "net_return,count\n1,-4\n",
        "d.json": '{"counts": [1, 2]}',
        "e.json": "{not json",
        "f.csv": "",
    }
    for name, text in bad.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(ResultsError):
            read_results(tmp_path / name)
    (tmp_path / "ok.csv").write_text("net_return\n1\n-1\n19/20\n0.95\n")
    assert read_results(tmp_path / "ok.csv") == Counter({F(19, 20): 2, F(1): 1, F(-1): 1})


FIXED_ODDS = [
    ("roulette", "1994", "straight"),
    ("roulette", "1994", "even-chance"),
    ("dice", "1994", "win"),
    ("dice", "1994", "dont-win-bar-2"),
    ("dice", "1994", "hard-6"),
    ("dice", "2002", "field"),
    ("dice", "2002", "hop-2-5"),
    ("big-six", "2002", "C"),
    ("sic-bo", "2002", "single-4"),
    ("sic-bo", "2002", "total-10"),
    ("sic-bo", "2002", "four-1234"),
]


@pytest.mark.parametrize("game,version,key", FIXED_ODDS)
def test_seeded_simulation_passes_check(game, version, key):
    r = api.analyse(game, version, key).results[0]
    counts = simulators.simulate(game, r.wager, 20_000, seed=11)
    assert check_counts(r.distribution, counts).passed


def test_a_wrong_payout_is_caught():
    # The simulator pays the field's 12 at 2 to 1 instead of 3 to 1 (Sch 1 para 7(a)); the exact engine does not.
    r = api.analyse("dice", "1994", "field").results[0]
    wrong = apply_overrides((r.wager,), {"field.12": "2 to 1"})[0]
    counts = simulators.simulate("dice", wrong, 200_000, seed=5)
    assert not check_counts(r.distribution, counts).passed


def test_a_wrong_dice_rule_is_caught():
    # A simulator that settles don't-win-bar-2 with a 2 as a loss instead of disregarding it (Sch 1 para 2(1)).
    r = api.analyse("dice", "1994", "dont-win-bar-2").results[0]

    def wrong(w, rng):
        first = sum(dice._throw(rng))
        if first == 2:
            return F(-1)
        while first == 2:
            first = sum(dice._throw(rng))
        if first in (7, 11):
            return F(-1)
        if first in (3, 12):
            return F(1)
        while True:
            total = sum(dice._throw(rng))
            if total in (7, first):
                return F(1) if total == 7 else F(-1)

    counts = simulators.simulate("dice", r.wager, 300_000, seed=9, play=wrong)
    assert not check_counts(r.distribution, counts).passed


@pytest.mark.slow
def test_simulate_then_check_from_the_command_line(tmp_path):
    out = tmp_path / "r.json"
    code, _, err = cli(
        "simulate", "roulette", "dozen", "--rounds", "5000", "--seed", "4", "--format", "json", "--out", str(out)
    )
    assert code == 0, err
    code, text, _ = cli("check", "roulette", "dozen", str(out))
    assert code == 0 and "CONSISTENT" in text
    code, _, err = cli("check", "roulette", "straight", str(out))
    assert code == 2 and "cannot happen" in err
    code, _, err = cli("simulate", "roulette", "dozen", "--rounds", "0")
    assert code == 2 and "at least 1" in err
