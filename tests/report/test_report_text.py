"""What `edge` and `dist` print: figures that are not probabilities shown as what they are, columns that line
up, one way of writing zero, the math report in every format, and every committed table valid under the schema."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from decimal import ROUND_HALF_EVEN, Context, Decimal
from fractions import Fraction as F
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
ZERO = re.compile(r"(?<![0-9])-?0/1(?![0-9])")
SCHEMA = json.loads(resources.files("oddscalc").joinpath("schemas/analysis-1.json").read_text())


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "oddscalc", *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_non_probability_figures_are_not_printed_as_probabilities():
    out = run("dist", "dice", "win", "--version", "1994")
    assert "P(expected throws" not in out
    # 557/165 by hand: 1 + P(point) x E[throws to settle a point] = 1 + sum over points of (w/36)(36/(w+6)).
    ways = (3, 4, 5, 5, 4, 3)
    assert 1 + sum(F(w, 36) * F(36, w + 6) for w in ways) == F(557, 165)
    assert "expected throws to resolution: 557/165 = 3.3758 throws" in out
    out = " ".join(run("dist", "blackjack", "initial", "--version", "1994", "--rule", "max_hands=2").split())
    assert "P(expectation" not in out
    assert "expectation, composition-dependent optimal: " in out and "% per unit initially staked" in out
    data = json.loads(run("dist", "dice", "win", "--version", "1994", "--format", "json"))
    assert [f["name"] for f in data["wagers"][0]["figures"]] == ["expected throws to resolution"]
    assert all(0 <= F(e["exact"]) <= 1 for e in data["wagers"][0]["events"])


def test_dist_columns_line_up():
    """Super Pan 9's player-banker wager has probabilities wider than the old fixed column (29 characters),
    printed whole with --exact."""
    out = run("dist", "super-pan-9", "player-banker", "--version", "1994", "--exact")
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.strip().startswith("net return"))
    header = lines[head]
    end_return = header.index("net return") + len("net return")
    end_p = header.index("probability") + len("probability")
    start_decimal = header.index("decimal")
    rows = lines[head + 1 : head + 4]
    assert any(len(row.split()[1]) > 28 for row in rows)
    for row in rows:
        ret, p, dec = row.split()
        assert row.index(ret) + len(ret) == end_return
        assert row.index(p, end_return) + len(p) == end_p
        assert row.index(dec, end_p) == start_decimal


def test_zero_is_written_one_way_for_people_and_one_way_for_machines():
    """Text, Markdown and CSV write 0 (an integer plainly); JSON writes every exact value as p/q, 0 as 0/1."""
    text = " ".join(run("edge", "punto-banco", "banker", "--version", "1994", "--detail", "--exact").split())
    assert not ZERO.search(text) and "P(push or void) 145057227313/1525814595305" in text
    rows = list(
        csv.DictReader(io.StringIO(run("edge", "roulette", "straight", "--version", "1994", "--format", "csv")))
    )
    assert rows[0]["p_push"] == "0" and rows[0]["average_total_stake"] == "1"
    data = json.loads(run("edge", "roulette", "straight", "--version", "1994", "--format", "json"))
    report = data["wagers"][0]["math_report"]
    assert report["p_push_or_void"]["exact"] == "0/1" and report["standard_deviation"]["exact"] == "216/37"
    assert not ZERO.search((ROOT / "tables" / "1994" / "roulette.md").read_text())
    assert "| 0 (0.0000%) |" in (ROOT / "tables" / "1994" / "roulette.md").read_text()


def test_edge_text_carries_the_math_report_and_its_definitions():
    out = " ".join(run("edge", "three-card-poker", "ante-play", "--version", "2002", "--detail").split())
    assert "element of risk: 686689/34084400 = 2.0147%" in out
    assert "average total stake: 370/221 = 1.6742 units" in out
    assert "RTP band at 95%" in out and "volatility index (z x SD)" in out
    assert "math report definitions:" in out and "hit frequency: P(net return > 0)" in out


REMOVAL_SCHEMA = json.loads(resources.files("oddscalc").joinpath("schemas/removal-1.json").read_text())


def test_every_committed_removal_table_validates_against_its_schema():
    paths = sorted((ROOT / "tables").rglob("*-removal.json"))
    assert paths
    for path in paths:
        data = json.loads(path.read_text())
        jsonschema.validate(data, REMOVAL_SCHEMA)
        for rule_set in data["rule_sets"]:  # every kind has an effect, every measure a wager of the rule set
            cards = {k["card"] for k in rule_set["kinds"]}
            keys = {w["key"] for w in rule_set["wagers"]}
            assert all(set(m["effects"]) == cards and m["wager"] in keys for m in rule_set["measures"]), path


@pytest.mark.slow
def test_every_committed_table_validates_against_the_schema():
    for path in sorted(p for p in (ROOT / "tables").rglob("*.json") if not p.name.endswith("-removal.json")):
        data = json.loads(path.read_text())
        for rule_set in data["rule_sets"]:
            check_rule_set_data(rule_set, path)


def test_a_budgeted_blackjack_law_validates_with_its_bounds():
    """The tables print exact laws only; a blackjack query with the default work budget (1994 rules, 4 packs,
    from the committed cache) gives a distribution that is not the law, with exact bounds: the same checks."""
    from oddscalc import api
    from oddscalc.report.serialize import analysis_to_data

    data = analysis_to_data(api.analyse("blackjack", "1994", "initial", {"decks": "4"}))
    assert data["wagers"][0]["distribution_is_law"] is False and data["wagers"][0]["law_bounds"] is not None
    check_rule_set_data(data, "blackjack 1994 4 packs, budgeted")


def check_rule_set_data(rule_set: dict, where) -> None:
    """One rule set's analysis JSON against the schema, its math report against its wagers, and where a
    distribution is not the law, its bounds against each other."""
    jsonschema.validate(rule_set, SCHEMA)
    for w in rule_set["wagers"]:
        report = w["math_report"]
        assert report["distribution_is_law"] == w["distribution_is_law"], (where, w["key"])
        if not w["distribution_is_law"]:  # variance-based figures only where the variance is exact
            bounds = w["law_bounds"]  # blackjack's lumped rounds: chance, mean and range known
            square = None if bounds is None else bounds["unresolved"]["second_moment"]
            assert report["p_win"] is report["top_award"] is report["third_absolute_central_moment"] is None
            if square is None:
                assert w["variance"] is w["standard_deviation"] is report["standard_deviation"] is None
                assert report["rtp_bands"] == report["volatility_index"] == []
            else:  # the variance the math report gives is the law_bounds' one, its root the SD
                low, high = (x["exact"] for x in bounds["variance"])
                assert low == high == w["variance"]["exact"] == report["variance"]["exact"], (where, w["key"])
                assert report["standard_deviation"]["square"] == low
                sd = Decimal(report["standard_deviation"]["decimal"])
                assert abs(sd * sd - Decimal(F(low).numerator) / F(low).denominator) < Decimal("1e-15")
                assert len(report["volatility_index"]) == 3 and len(report["rtp_bands"]) == 6
            if bounds is not None:
                unresolved = bounds["unresolved"]
                mass = F(unresolved["chance"]["exact"])
                pairs = [[F(x["exact"]) for x in bounds[k]] for k in ("p_win", "p_push", "p_loss")]
                assert all(0 <= lo <= hi <= lo + mass for lo, hi in pairs), (where, w["key"])
                assert sum(hi for _, hi in pairs) >= 1 >= sum(lo for lo, _ in pairs) >= 1 - mass
                low, high = (F(x["exact"]) for x in bounds["variance"])
                if unresolved["second_moment"] is None:  # the exact part's chances, every round once
                    assert sum(lo for lo, _ in pairs) == 1 - mass and 0 < low < high, (where, w["key"])
                else:  # the lumped rounds' second moment known: the variance exact, within their range
                    mean, square = F(unresolved["mean"]["exact"]), F(unresolved["second_moment"]["exact"])
                    a, b = (F(x) for x in unresolved["net_return_range"])
                    assert 0 < low == high and mean**2 <= square <= (a + b) * mean - a * b, (where, w["key"])


def test_blackjack_summary_leads_with_both_edges_as_percentages():
    """The basic-strategy edge (what players face) beside the optimal one, as percentages, in the first lines: the
    same figures as the JSON's exact expectations, rounded to 4 places."""
    lines = run("edge", "blackjack", "--version", "1994").splitlines()
    data = json.loads(run("edge", "blackjack", "initial", "--version", "1994", "--format", "json"))
    figures = {f["name"]: F(f["exact"]) for f in data["wagers"][0]["figures"]}
    head = lines[:8]
    for play, name in (("optimal play", "composition-dependent optimal"), ("basic strategy", "total-dependent basic")):
        expectation = next(v for k, v in figures.items() if name in k)
        row = next(line for line in head if f"initial ({play})" in line)
        assert f"{float(-expectation * 100):.4f}%" in row.split()
    assert max(map(len, lines)) <= 100


@pytest.mark.parametrize(
    ("game", "payouts"),
    [
        ("blackjack", ("win: 1 to 1", "blackjack: 3 to 2")),  # reg 7(3), 7(4): evens, and 3 to 2 on a blackjack
        ("dice", ("total 12: 3 to 1", "total 2: 2 to 1", "total 3, 4, 9, 10 or 11: 1 to 1")),  # the field, Sch 1
    ],
)
def test_the_summary_folds_odds_only_between_payouts(game, payouts):
    """A wager's odds fold onto a further line only after a "; " between payouts, never inside one ("blackjack: 3
    to" / "2"), and the table still fits 100 columns."""
    lines = run("edge", game, "--version", "1994").splitlines()
    table = lines[lines.index("") + 1 : next(i for i, line in enumerate(lines) if "RTP = 100% - edge" in line)]
    for payout in payouts:
        assert any(payout in line for line in table), payout
    for line in table:
        assert not re.search(r"(\bto|:|,)$", line.rstrip()), line
        assert len(line) <= 100, line
    folded = [line for line in table if line.startswith(" " * 20)]  # a continuation line: the wager column empty
    assert folded and all(re.match(r" +\S.*\d$", line) for line in folded)


def _rounded(value: F, figures: int = 8) -> str:
    """`value` to `figures` significant figures, by the decimal module (whose division is correctly rounded)."""
    quotient = Context(prec=figures, rounding=ROUND_HALF_EVEN).divide(value.numerator, value.denominator)
    return format(quotient, "f")


def test_a_long_fraction_prints_as_its_decimal_correctly_rounded_to_eight_figures():
    """A fraction too long to read is written "≈" and its decimal rounded (not cut) to 8 significant figures,
    trailing zeros kept; a short one stays whole."""
    from oddscalc.report.exact import short_text

    assert short_text(F(1, 37)) == "1/37"
    assert short_text(F(1, 37), limit=2) == "≈" + _rounded(F(1, 37)) == "≈0.027027027"
    cases = [
        F(2 * 10**29 + 1, 3 * 10**29 + 7),  # 30-digit denominator; 0.666666666..., rounded up in the 8th figure
        F(-(5 * 10**28) - 3, 7 * 10**29 + 9),
        F(10**30 - 1, 10**30),  # rounds up to 1.0000000
        F(7, 3 * 10**29 + 1),
    ]
    for value in cases:
        assert short_text(value) == "≈" + _rounded(value), value
    assert short_text(cases[0]) == "≈0.66666667" and short_text(cases[2]) == "≈1.0000000"


def test_the_rounding_note_is_printed_once_per_text_output():
    """Text with a rounded decimal says once, on its last line, what "≈" means and how to see the fractions
    whole; with --exact nothing is rounded and no note is printed; Markdown defines it once."""
    from oddscalc.report.exact import ROUNDED_NOTE

    assert "8 significant figures" in ROUNDED_NOTE and "--exact" in ROUNDED_NOTE
    for args in (
        ("edge", "blackjack", "--version", "2007", "--detail"),
        ("edge", "--version", "2007"),  # every game's text, one after another
        ("dist", "blackjack", "initial", "--version", "1994"),
    ):
        out = run(*args)
        assert re.search(r"≈-?\d", out), args
        assert out.count(ROUNDED_NOTE) == 1 and out.splitlines()[-1] == ROUNDED_NOTE, args
        whole = run(*args, "--exact")
        assert "≈" not in whole and ROUNDED_NOTE not in whole, args
    assert "≈" not in (plain := run("edge", "roulette", "--version", "2007")) and ROUNDED_NOTE not in plain
    md = run("edge", "blackjack", "--version", "2007", "--format", "markdown")
    assert md.count("8 significant figures") == 1


def test_long_fractions_are_shortened_and_whole_on_request():
    """dist of blackjack's exact law: 80-digit probabilities shown rounded, within 100 columns; --exact prints
    them whole."""
    args = ("dist", "blackjack", "initial", "--version", "1994", "--exact-law")
    short, whole = run(*args), run(*args, "--exact")
    assert max(map(len, short.splitlines())) <= 100
    assert re.search(r"≈0\.0284153\d\d(?!\d)", short)  # 8 significant figures
    longest = max((w for w in whole.split() if re.fullmatch(r"\d+/\d+", w)), key=len)
    assert len(longest) > 100 and longest not in short
