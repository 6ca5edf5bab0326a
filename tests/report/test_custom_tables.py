"""`oddscalc tables` for a house's own pay table or rule set (`--pay`, `--rule`, `--custom`, as `edge` takes them):
every table and every booklet page says it is custom; `--booklet` with `--game` is honoured."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from oddscalc import api
from tests.cli_run import run_cli


@pytest.fixture(scope="module")
def custom_tables(tmp_path_factory):
    """Roulette 2007 with a straight up paid 34 to 1: its tables and booklet, as the command writes them."""
    from oddscalc.cli.main import main

    out = tmp_path_factory.mktemp("custom") / "t"
    with pytest.raises(SystemExit) as exc:
        main(["tables", "--version", "2007", "--game", "roulette", "--pay", "straight=34:1", "--booklet",
              "--out", str(out)])  # fmt: skip
    assert exc.value.code in (0, None)
    return out / "2007"


def test_a_house_pay_table_is_labelled_custom_in_every_table(custom_tables):
    md = (custom_tables / "roulette.md").read_text()
    assert md.splitlines()[0].startswith("# CUSTOM")
    assert "CUSTOM: this rule set or pay table is not the law's" in md
    data = json.loads((custom_tables / "roulette.json").read_text())
    assert data["custom"] is True and all(r["custom"] for r in data["rule_sets"])
    straight = next(w for w in data["rule_sets"][0]["wagers"] if w["key"] == "straight")
    # a straight up at 34 to 1 on 37 numbers: expectation (34 - 36) / 37, worked here, not read from the code
    assert straight["edges"][0]["exact"] == "2/37"
    csv = (custom_tables / "roulette.csv").read_text().splitlines()
    custom_column = csv[0].split(",").index("custom")
    assert all(row.split(",")[custom_column] == "yes" for row in csv[1:])


def test_every_page_of_a_custom_booklet_says_so(custom_tables):
    html = (custom_tables / "booklet.html").read_text()
    assert "CUSTOM" in html.split("<h3>Contents</h3>")[0]  # on the cover
    pdf = pdfium.PdfDocument(str(custom_tables / "booklet.pdf"))
    pages = ["".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    assert len(pages) >= 2 and all("CUSTOM" in p for p in pages)


def test_tables_refuse_a_rule_the_game_lacks_and_a_rule_set_outside_the_law(tmp_path, capsys):
    code, _, err = run_cli(["tables", "--game", "dice", "--rule", "nope=1", "--out", tmp_path], capsys)
    assert code == 2 and len(err.splitlines()) == 1 and "nope" in err
    code, _, err = run_cli(["tables", "--game", "blackjack", "--rule", "decks=8", "--out", tmp_path], capsys)
    assert code == 2 and "--custom" in err and len(err.splitlines()) == 1
    assert not any(tmp_path.iterdir())


def test_the_law_tables_are_not_marked_custom():
    assert not api.analyse("roulette", "2007").custom
