"""A stakes alarm's evidence page: a punto banco player who stakes only when his side's exact expectation is
positive is flagged, and the page shows each shoe scored, his stakes against their worth and the rounds he staked
above his usual stake, every figure checked against expectations computed here through the api."""

from __future__ import annotations

import html
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import numpy as np

from oddscalc import api
from oddscalc.monitor.simulate import punto_banco_log
from tests.cli_run import run_cli

SIDES = ("player", "banker", "tie")
#: The counter stakes this much more when the best side's expectation exceeds RAISE (his usual stake is 10).
RAISE = Fraction(1, 400)
#: One pack, a raised level and a short horizon: the counter is flagged within a few hundred rounds.
FLOOR = """[budget]
level = "90%"
horizon = "1h"
[tables.P1]
game = "punto-banco"
version = "2002"
rules = { decks = "1" }
results_per_hour = 10
"""


def _points(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() and int(rank) < 10 else 0


def _net(side: str, stake: int, rec: dict) -> Fraction:
    """The law's net: player 1 to 1, banker 19 to 20, tie 8 to 1; player and banker push on a tie."""
    p = sum(map(_points, rec["player"])) % 10
    b = sum(map(_points, rec["banker"])) % 10
    won = "player" if p > b else "banker" if b > p else "tie"
    if won == "tie":
        return Fraction(8 * stake) if side == "tie" else Fraction(0)
    if side != won:
        return Fraction(-stake)
    return Fraction(19 * stake, 20) if side == "banker" else Fraction(stake)


def _counter_table(rounds: int) -> tuple[list[str], list[dict], dict[int, tuple[str, int, Fraction]]]:
    """A fair 1-pack table's log with a counter: 10 (30 above RAISE) on the side of largest exact expectation
    when it is positive, else nothing; the expectations from the api's ordered deals and the law's nets. His
    wagers: round -> (side, stake, exact expectation per unit)."""
    lines, _ = punto_banco_log(4, rounds, "P1", decks=1, stakes=())
    records = [json.loads(x) for x in lines[1:]]
    comps, seen, marker = [], [], None
    for rec in records:
        if rec["shoe"] != marker:
            marker, seen = rec["shoe"], []
        comps.append((16 - seen.count(0), *(4 - seen.count(v) for v in range(1, 10))))
        seen += [_points(c) for c in rec["player"] + rec["banker"]]
    laws = api.composition_laws("punto-banco", "2002", np.array(comps), None, {"decks": "1"})
    assert laws.outcomes == ("banker", "player", "tie")
    mine = {}
    for rec, w, total in zip(records, laws.weights, laws.totals):
        pb, pp, pt = (Fraction(int(x), int(total)) for x in w)
        values = {"player": pp - pb, "banker": Fraction(19, 20) * pb - pp, "tie": 8 * pt - pb - pp}
        best = max(SIDES, key=lambda s: values[s])
        rec["wagers"] = []
        if values[best] > 0:
            stake = 30 if values[best] > RAISE else 10
            rec["wagers"] = [{"on": best, "stake": str(stake), "net": str(_net(best, stake, rec)), "player": "counter"}]
            mine[rec["round"]] = (best, stake, values[best])
    return [lines[0], *map(json.dumps, records)], records, mine


def _cells(table_html: str) -> list[list[str]]:
    """A table's body rows as their cells' text."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table_html, flags=re.S)[1:]
    return [[html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in rows]


def _section(page: str, heading: str) -> str:
    return page.split(f"<h2>{heading}</h2>", 1)[1].split("<h2>", 1)[0]


def test_a_positive_expectation_stakers_page_shows_each_shoe_his_stakes_worth_and_raised_rounds(tmp_path, capsys):
    """The counter is flagged at a shoe's end; his page leads with the verdict, states the guide's null
    hypothesis, and gives per shoe scored its rounds, T (exactly the sum of stake x expectation computed here)
    and e-values kappa p^(kappa - 1) of its p; the plot holds one point per wager on each side; the rounds above
    his usual stake (the median) carry their exact expectations; the PDF is written."""
    lines, records, mine = _counter_table(310)
    (tmp_path / "P1.log").write_text("\n".join(lines) + "\n")
    (tmp_path / "floor.toml").write_text(FLOOR)
    db = tmp_path / "s.db"
    code, out, err = run_cli(
        ["monitor", "run", tmp_path / "P1.log", "--floor", tmp_path / "floor.toml", "--state", db, "--format", "json"],
        capsys,
    )
    assert code == 0, err
    alarms = [json.loads(x) for x in out.splitlines()]
    stakes = [a for a in alarms if a["test"] == "stakes"]
    assert len(stakes) == 1 and stakes[0]["player"] == "counter"
    alarm = stakes[0]
    page_path, pdf_path = tmp_path / "e.html", tmp_path / "e.pdf"
    code, _, err = run_cli(
        ["monitor", "evidence", alarm["id"], "--state", db, "--out", page_path, "--pdf", pdf_path], capsys
    )
    assert code == 0, err
    assert pdf_path.read_bytes()[:5] == b"%PDF-"
    page = page_path.read_text()

    # the verdict first, before any other section
    assert page.index("Verdict: player counter") < page.index("<h2>")
    # the null hypothesis in the guide's words (its italic sentence, unwrapped)
    guide = " ".join((Path(__file__).parents[2] / "docs" / "monitor.md").read_text().split())
    stated = re.search(r"The null hypothesis is this: \*(.+?)\*", guide)
    assert stated and html.escape(stated.group(1), quote=True) in " ".join(page.split())

    # each shoe scored: the shoes whose rounds the counter staked in, seen whole (not the first shoe the monitor
    # saw) and ended by the alarm's round
    first_round = {}
    last_round = {}
    for rec in records:
        first_round.setdefault(rec["shoe"], rec["round"])
        last_round[rec["shoe"]] = rec["round"]
    shoe_of = {rec["round"]: rec["shoe"] for rec in records}
    expected = sorted(
        {shoe_of[r] for r in mine if shoe_of[r] != records[0]["shoe"] and last_round[shoe_of[r]] <= alarm["round"]}
    )
    rows = _cells(_section(page, "Each shoe scored"))
    assert [int(r[0]) for r in rows] == expected and last_round[expected[-1]] == alarm["round"]
    for row in rows:
        shoe = int(row[0])
        wagers = [r for r in mine if shoe_of[r] == shoe]
        assert row[1] == f"{first_round[shoe]:,}-{last_round[shoe]:,}" and int(row[2]) == len(wagers)
        t = sum((mine[r][1] * mine[r][2] for r in wagers), Fraction(0))
        assert Fraction(row[5]) == t and math.isclose(float(row[4]), float(t), rel_tol=1e-3)
        p = float(row[6])
        assert math.isclose(p * 100, round(p * 100)) and 0 < p <= 1  # (1 + k) / 100 for 99 deals drawn
        for cell, kappa in zip(row[7:10], (0.5, 0.25, 0.125)):
            assert math.isclose(float(cell), kappa * p ** (kappa - 1), rel_tol=5e-3)

    # the plot: one point per wager shown, by side (read back from the inline SVG's groups)
    shown = [r for r in mine if shoe_of[r] in expected]
    for side in SIDES:
        group = re.search(rf'<g id="st{alarm["id"]}-stakes-{side}">(.*?)</g>\s*</g>', page, flags=re.S)
        n = sum(mine[r][0] == side for r in shown)
        assert (group.group(1).count("<use") if group else 0) == n, side

    # the rounds above his usual stake, the median of his stakes shown
    ordered = sorted(mine[r][1] for r in shown)
    usual = ordered[(len(ordered) - 1) // 2]
    raised = [r for r in shown if mine[r][1] > usual]
    assert raised, "the case should raise at least once"
    rows = _cells(_section(page, "Rounds staked above his usual stake"))
    assert [(int(r[0].replace(",", "")), r[2], int(r[3]), Fraction(r[5])) for r in rows] == [
        (r, mine[r][0], mine[r][1], mine[r][2]) for r in raised
    ]
    worth = sum((mine[r][1] * mine[r][2] for r in raised), Fraction(0))
    assert f"exactly {worth.numerator}/{worth.denominator}" in page
