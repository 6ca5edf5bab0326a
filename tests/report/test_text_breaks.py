"""Text that a reader saw break (issue 55, item 5): each output checked as it prints."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from oddscalc import api
from oddscalc.regulations.versions import VERSIONS
from oddscalc.report.text import WIDTH
from tests.cli_run import run_cli

_ATOM = re.compile(r"\((?:[^()]|\([^()]*\))*\)|'[^']+'|\"[^\"]+\"|SI \d{4}/\d+(?: (?:reg|Sch) \w+)?")


def _units(citation: str) -> list[str]:
    """The parts of a citation a fold must not cut: a parenthesis, a quoted heading, "SI 1994/2899 reg 7"."""
    return _ATOM.findall(citation)


@pytest.mark.parametrize("game", ["three-card-poker", "dice", "casino-stud-poker", "blackjack", "big-six"])
def test_wagers_never_fold_a_citation_inside_a_reference(game, capsys):
    for version in VERSIONS:
        if game not in VERSIONS[version].games:
            continue
        code, out, err = run_cli(["wagers", game, "--version", version], capsys)
        assert code == 0, err
        lines = out.splitlines()
        assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
        for w in api.wagers(game, version):
            for unit in _units(w.citations):
                assert any(unit in line for line in lines), (version, w.key, unit)


_NOTE_ATOM = re.compile(
    r"SI \d{4}/\d+(?: (?:reg|Sch) [\w()]+)?|regulations README \(oddscalc law README\)|"
    r"Blackjack Rules UK \(basic game\)|\"[^\"]+\"|(?<!\w)'[^']+'(?!\w)"
)


@pytest.mark.parametrize("game", ["three-card-poker", "dice", "casino-stud-poker", "blackjack"])
def test_wagers_never_fold_a_reconstruction_note_inside_a_citation(game, capsys):
    """A reconstructed wager's note cites too ("kept from SI 1994/2899 reg 7(10)", "regulations README (oddscalc
    law README)"): folded, each citation in it stays on one line."""
    for version in VERSIONS:
        if game not in VERSIONS[version].games:
            continue
        code, out, err = run_cli(["wagers", game, "--version", version], capsys)
        assert code == 0, err
        lines = out.splitlines()
        assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
        folded = "\n".join(line.strip() for line in lines)  # a fold's break, where the space was
        joined = folded.replace("\n", " ")
        units = {u for w in api.wagers(game, version) for note in w.reconstructions for u in _NOTE_ATOM.findall(note)}
        for unit in units:
            starts = [m.start() for m in re.finditer(re.escape(unit), joined)]
            assert starts, (version, unit)
            cut = [folded[i : i + len(unit)] for i in starts if "\n" in folded[i : i + len(unit)]]
            assert not cut, (version, cut)


def test_edge_markdown_summary_gives_the_text_tables_rtp_hit_frequency_and_sd(capsys):
    """The Markdown summary carries what the text summary does: RTP, hit frequency and SD beside the edge."""
    code, out, err = run_cli(["edge", "roulette", "--version", "2007", "--format", "markdown"], capsys)
    assert code == 0, err
    lines = [line for line in out.split("\n\n### ")[0].splitlines() if line.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = {r[0]: dict(zip(head, r)) for r in ([c.strip() for c in x.strip("|").split("|")] for x in lines[2:])}
    assert {"RTP", "P(win) = hit frequency", "standard deviation"} <= set(head), head
    # straight: +35 with chance 1/37, -1 otherwise; variance 1261/37 - (1/37)^2 = 46656/1369 = (216/37)^2
    p = F(1, 37)
    mean = 35 * p - (1 - p)
    assert (35**2 * p + (1 - p) - mean**2) == F(216, 37) ** 2
    straight = rows["straight"]
    assert straight["RTP"] == f"{float((1 + mean) * 100):.4f}%"
    assert straight["P(win) = hit frequency"].startswith("1/37 (")
    assert straight["standard deviation"] == f"{216 / 37:.4f}"


def test_a_share_out_of_range_is_answered_in_the_form_given(capsys):
    """A percentage is answered in percent, a decimal in decimals, a fraction as a fraction: one line, exit 2."""
    limit = F(19, 20)  # protect's largest penetration
    for given, said in (("150%", f"{limit * 100}%"), ("1.5", str(float(limit))), ("3/2", str(limit))):
        code, _, err = run_cli(["protect", "punto-banco", "--penetration", given], capsys)
        assert code == 2 and len(err.splitlines()) == 1, err
        assert err.endswith(f"--penetration '{given}' is out of range; it must be above 0 and at most {said}\n")
    from oddscalc.core.numbers import NumberError, parse_number

    with pytest.raises(NumberError, match=r"above 0 and at most 1/3$"):  # no exact decimal: said as a fraction
        parse_number("0.5", "share", minimum=0, maximum=F(1, 3), min_open=True, percent=True)


def test_one_round_is_one_round(capsys):
    code, out, _ = run_cli(["simulate", "roulette", "straight", "--rounds", "1"], capsys)
    assert code == 0 and "1 round," in out and "1 rounds" not in out
    # a shoe cut after floor(1% x 312) = 3 cards deals one round (a punto banco coup takes 4 to 6 cards)
    code, out, err = run_cli(["protect", "punto-banco", "--shoes", "1", "--penetration", "1%"], capsys)
    assert code == 0, err
    assert "1 shoe, 1 round;" in out and "1 rounds" not in out and "1 shoes" not in out


def test_a_table_that_has_seen_one_round_says_one_round(tmp_path, capsys):
    log, state = tmp_path / "wheel.jsonl", tmp_path / "floor.db"
    code, _, err = run_cli(["simulate", "roulette", "straight", "--rounds", "1", "--log", log], capsys)
    assert code == 0, err
    code, _, err = run_cli(["monitor", "run", log, "--state", state], capsys)
    assert code == 0, err
    code, out, err = run_cli(["monitor", "status", "--state", state], capsys)
    assert code == 0, err
    assert ": 1 round, last round 1;" in out and "1 result)" in out
    assert "1 rounds" not in out and "1 results" not in out


def test_sic_bo_outcomes_print_in_the_laws_order():
    """Single number: the number on one, two or three dice, in that order (the law's), not alphabetical."""
    (r,) = api.analyse("sic-bo", "2002", "single-2").results
    # C(3,k) 5^(3-k) of the 216 throws show the number on exactly k dice
    assert list(r.events) == [("win (one)", F(75, 216)), ("win (two)", F(15, 216)), ("win (three)", F(1, 216))]


def test_the_docs_say_what_their_commands_do():
    """Issue 55, item 7: the larger run's exact figures come with the command that makes them exactly (the
    default engine is double precision), and games.md refers to nothing that is not there."""
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    studies = " ".join((docs / "validation" / "protect-studies.md").read_text().split())
    command = re.search(r"`oddscalc protect blackjack --version 1994 [^`]*`", studies).group()
    assert "--engine exact" in command
    assert "(see above)" not in (docs / "games.md").read_text()


def test_the_chart_header_names_no_strategy_but_the_basic_one(capsys):
    """The chart is the basic strategy: its header says so, not also "strategy=optimal" (the game's rule)."""
    code, out, err = run_cli(["blackjack", "chart", "--version", "1994", "--decks", "6"], capsys)
    assert code == 0, err
    head = " ".join(out.split("\n\n")[0].split())
    assert head.startswith("Blackjack basic strategy, version 1994: decks=6,") and "strategy=" not in head
    for name, value in api.resolved_rules("blackjack", "1994", {"decks": "6"})[0].items():
        assert (f"{name}={value}" in head) is (name != "strategy")


def test_data_list_tells_its_rows_apart_and_says_once_what_was_not_recorded(capsys):
    """Each shipped result is a row of its own: those of one kind whose parameters differ print different
    parameters under their row; a compute time none recorded is said once, not on every row."""
    import json
    from dataclasses import replace

    from oddscalc.cli.data_commands import list_text
    from oddscalc.core.store import shipped_entries

    code, out, err = run_cli(["data", "list"], capsys)
    assert code == 0, err
    entries = shipped_entries()
    body = out.split("\n\nresult ")[1].splitlines()[1:]
    blocks: list[list[str]] = []
    for line in body:
        if line.startswith("    "):
            blocks[-1].append(line.strip())
        else:
            blocks.append([line])
    assert len(blocks) == len(entries) and "time not recorded" not in out
    assert out.count("compute time: recorded for none") == (all(e.provenance.get("seconds") is None for e in entries))
    for e, block in zip(entries, blocks):
        assert block[0].split()[0] == e.kind and block[0].split()[1] in e.path.name
    for kind in {e.kind for e in entries}:
        mine = [
            (json.dumps(e.params, sort_keys=True), " ".join(b[1:])) for e, b in zip(entries, blocks) if e.kind == kind
        ]
        assert len({held for _, held in mine}) == len({params for params, _ in mine}), kind

    timed = [replace(entries[0], provenance={**entries[0].provenance, "seconds": 12.3}), entries[1]]
    text = list_text(timed, "two results")
    rows = [line for line in text.splitlines() if line.startswith(entries[0].kind + " ")]
    assert "recorded for none" not in text and "took" in text
    assert rows[0].endswith("  12.3 s") and rows[1].endswith("  -")  # a column, where one result recorded it


def test_protect_positive_rounds_table_keeps_its_columns_apart():
    """The favourable-rounds table's values never run into each other ("3.85 ± 2.5 0.33 ± 0.21 0.0002 ±
    0.00016"): every column at least two spaces from the next and right-aligned, however wide a value."""
    from oddscalc.protect.run_summary import Estimate, PositiveRow, Summary
    from oddscalc.report.protect_render import summary_text

    def est(mean: F, se: F) -> Estimate:
        return Estimate(mean, se * se)

    rows = (  # the row, and one wider than the old fixed columns (12.50 ± 10 % of rounds, 12.5 a shoe)
        PositiveRow(
            "tie",
            est(F(385, 10000), F(25, 1000)),
            est(F(33, 100), F(21, 100)),
            est(F(2, 10000), F(16, 100000)),
            3,
            F(1, 100),
        ),
        PositiveRow("player", est(F(1, 8), F(1, 10)), est(F(25, 2), F(11)), est(F(1, 4), F(1, 5)), 12, None),
    )
    s = Summary(2, 40, ("tie", "player"), (None, None), rows, (), 8, (), None, (("cut card", 2),))
    lines = summary_text(s, ["heading"]).splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("measure"))
    table = lines[start : start + 3]
    cells = [re.split(r"\s{2,}", line.strip()) for line in table]
    assert cells[1] == ["tie", "3.85 ± 2.5", "0.33 ± 0.21", "0.0002 ± 0.00016", "3", "1.000%"]
    assert cells[2] == ["player", "12.50 ± 10.0", "12.50 ± 11.0", "0.2500 ± 0.2", "12", "-"]
    # right-aligned: each column's cells end at one place in every line, the header's too
    for k in range(1, 6):
        ends = {line.index(c[k], line.index(c[k - 1]) + len(c[k - 1])) + len(c[k]) for line, c in zip(table, cells)}
        assert len(ends) == 1, (k, table)


def test_protect_ramp_tables_keep_their_columns_apart():
    """The bet ramp's tables (W, SD, N0, SCORE, bankrolls; the risks of ruin) stay apart and aligned when a
    value is wider than usual, as a ramp near break-even gives (N0 in the billions)."""
    import math

    from oddscalc.protect.bankroll import RampMeasures
    from oddscalc.protect.study_figures import BANKROLLS, RISKS, Ramp, StudyFigures
    from oddscalc.report.protect_render import study_text

    win, var = F(1, 100000), F(13, 10)  # per round: N0 = V / W^2 = 13,000,000,000
    good = Ramp(
        "tie",
        F(1),
        RampMeasures(win, var, var / win**2, 10**6 * win**2 / var),
        tuple(math.exp(-2 * win * b / var) for b in BANKROLLS),
        tuple(-math.log(r) * var / (2 * win) for r in RISKS),
    )
    losing = Ramp("player", F(1), RampMeasures(-win, var, None, None), None, None)
    text = study_text(StudyFigures(("tie", "player"), (good, losing), (), ()))
    lines = text.splitlines()
    for first in (r"measure\s+win/100", r"measure\s+B = "):
        start = next(i for i, line in enumerate(lines) if re.match(first, line.strip()))
        table = [lines[start]] + [x for x in lines[start + 1 : start + 3] if x.startswith("  ") and "ramp" not in x]
        cells = [re.split(r"\s{2,}", line.strip()) for line in table]
        assert len({len(c) for c in cells}) == 1, table
        for k in range(1, len(cells[0])):  # right-aligned: each column ends at one place on every line
            ends = set()
            for line, c in zip(table, cells):
                at = len(line) - len(line.lstrip())
                for j in range(k + 1):
                    at = line.index(c[j], at) + len(c[j])
                ends.add(at)
            assert len(ends) == 1, (k, table)
    assert "13,000,000,000" in text and "-: the ramp loses: no N0, SCORE or bankroll" in text
