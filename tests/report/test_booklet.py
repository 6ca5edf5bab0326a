"""The print booklet: pages that exist and carry every game's tables, reproducibly; a layout check that catches
a table off its page; wide tables split, long fractions shortened, charts once, footnotes under their tables.

Every version's full booklet is laid out and checked by `oddscalc tables` (test_tables.py runs it); the checks
on the committed booklet HTML below rely on that test to keep it current."""

import re
from fractions import Fraction
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from oddscalc import api
from oddscalc.report.booklet import (
    CSS,
    booklet_document,
    booklet_html,
    booklet_pdf,
    overflowing_cells,
    overflowing_tables,
)
from oddscalc.report.html_tables import CONTENT_WIDTH_PT, split_columns

ROOT = Path(__file__).resolve().parents[2]
VERSIONS = ("1994", "2002", "2007")


@pytest.fixture(scope="module")
def small_booklet():
    games = [(g, [api.analyse(g, "2002")]) for g in ("roulette", "big-six")]
    return booklet_html("2002", games)


@pytest.fixture(scope="module")
def small_pdf(small_booklet, tmp_path_factory):
    path = tmp_path_factory.mktemp("booklet") / "b.pdf"
    path.write_bytes(booklet_pdf(small_booklet))
    return pdfium.PdfDocument(str(path))


def page_texts(pdf) -> list[str]:
    # Text as extracted, with all white space removed (table cells wrap lines anywhere).
    return ["".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]


@pytest.mark.slow
def test_pdf_pages_exist_render_and_carry_the_tables(small_pdf):
    texts = page_texts(small_pdf)
    assert "Exactoddsofthepermittedcasinogames" in texts[0]
    assert "oddscalc:version2002" not in texts[0]  # no running header on the cover
    roulette = [t for t in texts if "1/74" in t]
    assert roulette and "oddscalc:version2002" in roulette[0] and "citation:SI1994/2899reg" in roulette[0]
    assert "4(5)(g);reg4(6)" in roulette[0]  # the rest of the even-chance wager's citation
    assert any("Mathreport" in t and "216/37" in t for t in texts)  # the straight bet's SD, exact
    # Big Six's A carries two footnotes, marked "[1,2]" on the line (never "12", never an exponent), and both
    # notes are on the page of the mark.
    six = next(t for t in texts if "A[1,2]" in t)
    assert six.count("Reconstructedvalue") >= 2 and "[1]Reconstructedvalue" in six
    image = small_pdf[1].render(scale=0.5).to_pil()
    width, height = image.size
    assert abs(height / width - 297 / 210) < 0.01  # A4
    dark = sum(image.convert("L").histogram()[:128])  # not a blank page: a good share of pixels carry ink
    assert dark > 0.005 * width * height


@pytest.mark.slow
def test_pdf_bytes_are_reproducible(small_booklet):
    assert booklet_pdf(small_booklet) == booklet_pdf(small_booklet)


def test_layout_check_catches_a_table_off_its_page(small_booklet):
    wide = (
        "<html><body><p>x</p><table style='width:250mm'><tr><td>wide</td></tr></table>"
        "<table style='table-layout:fixed;width:100%'><tr><td style='height:300mm'>tall</td></tr></table>"
        "</body></html>"
    )
    found = overflowing_tables(booklet_document(wide))
    assert len(found) == 2 and "past the right edge" in found[0]
    with pytest.raises(ValueError, match="run off the page"):
        booklet_pdf(wide)
    assert overflowing_tables(booklet_document(small_booklet)) == []


def test_a_number_is_never_folded_and_one_too_wide_for_its_cell_is_refused(small_booklet):
    """In a numeric cell a shortened fraction stays on one line (never "≈0.087092" over "838"): one too wide for
    its column runs past the cell, and the layout check refuses the booklet; the booklet's own numbers fit."""
    number = "≈0.087092838 = 8.7092838%"
    narrow = (
        f"<html><head><style>{CSS}</style></head><body><table class='report fixed'><colgroup>"
        "<col style='width:4%'><col style='width:96%'></colgroup>"
        f"<tr><td class='num'>{number}</td><td>x</td></tr></table></body></html>"
    )
    found = overflowing_cells(booklet_document(narrow))
    lines = {f.split("'")[1] for f in found}
    assert "≈0.087092838" in lines and lines <= set(number.split())  # whole past the cell; folded at spaces only
    with pytest.raises(ValueError, match="past the cell"):
        booklet_pdf(narrow)
    assert overflowing_cells(booklet_document(small_booklet)) == []


def test_wide_charts_are_split_repeating_the_label_column():
    columns = ["player hand", *"23456789TJQKA"]
    rows = [["A K Q 9", *(["R 96.9639%"] * 13)]] * 5
    groups = split_columns(columns, rows, font_pt=7.5)
    assert len(groups) >= 2 and all(g[0] == 0 for g in groups)
    assert sorted(i for g in groups for i in g[1:]) == list(range(1, 14))
    assert split_columns(columns[:5], rows, font_pt=7.5) == [list(range(5))]
    assert CONTENT_WIDTH_PT == pytest.approx(182 / 25.4 * 72)


def committed(version: str) -> str:
    return (ROOT / "tables" / version / "booklet.html").read_text()


def section(document: str, game: str) -> str:
    start = document.index(f"id='game-{game}'")
    end = document.find("<section class='game'", start)
    return document[start : end if end > 0 else len(document)]


@pytest.mark.parametrize("version", VERSIONS)
def test_committed_booklets_fixes(version):
    doc = committed(version)
    assert "class='version-name'" not in doc and "@page :first" in doc  # the cover does not repeat the header
    bj = section(doc, "blackjack")
    rule_sets = bj.count("<h3 class='ruleset'")
    assert rule_sets >= 2
    assert bj.count("Basic strategy: hard totals") == rule_sets  # each chart once (coloured), not twice
    assert bj.count("Effect of removal (EoR):") == rule_sets  # each removal table's definition once
    # each chart page names its rule set, in plain English, and every chart is on it with the legend
    pages = bj.split("<div class='chart-page'>")[1:]
    assert len(pages) == rule_sets
    for page in pages:
        assert re.match(r"<p class='caption'>For rule set \d+\.\d+: \d+ packs?, dealer (stands on|hits) soft 17", page)
        page = page.split("Expectation per up-card")[0]
        assert page.count("<h4>Basic strategy:") == 4 and "</span> stand" in page and "</span> double" in page
    up = bj.split("Expectation per up-card")[1].split("</table>")[0]
    cells = re.findall(r"<td>([^<]*(?:<br>[^<]*)?)</td>", up)
    assert cells and all(len(c.split("<br>")[0]) <= 24 for c in cells)  # no 80-digit fraction
    assert up.count("%") >= 30  # every chance and expectation has its percentage
    stud = section(doc, "casino-stud-poker")
    chart = stud.split("optimal decision by player hand and banker up-card")[1].split("<h3>")[0]
    assert "part 2 of 2" in chart and "<th>K</th>" in chart and "<th>A</th>" in chart
    assert chart.count("R raise in every case, F fold in every case") == 2  # the codes' legend under each part
    assert "Math report" in doc and "RTP band at 95%" in doc


@pytest.mark.parametrize("version", VERSIONS)
def test_version_readme_links_the_booklet(version):
    readme = (ROOT / "tables" / version / "README.md").read_text()
    assert "[booklet.pdf](booklet.pdf)" in readme and "(booklet.html)" in readme


@pytest.mark.parametrize("version", VERSIONS)
def test_version_readme_links_every_file_beside_it(version):
    """The version's index lists every file the tables write beside it, the effects-of-removal files too."""
    folder = ROOT / "tables" / version
    readme = (folder / "README.md").read_text()
    linked = set(re.findall(r"\]\(([^)]+)\)", readme))
    assert {p.name for p in folder.iterdir() if p.name != "README.md"} <= linked


@pytest.mark.parametrize("version", VERSIONS)
def test_committed_booklets_notes_begin_as_sentences(version):
    """Every paragraph under a table (assumptions, a further table's note) begins with a capital letter, and a
    sentence after a full stop too (a paragraph led by a wager's name in bold, "initial: ...", is a label's)."""
    found = re.findall(r"<p class='assume'>(?!<b>)(.*?)</p>", committed(version))
    paragraphs = [re.sub(r"<[^>]+>", "", p) for p in found]
    assert paragraphs
    assert [p for p in paragraphs if p[:1].islower()] == []
    assert [p for p in paragraphs if re.search(r"\. [a-z]", p)] == []


def _demo_section(version, games):
    """A further section, as helper modules add them (one line in booklet.SECTIONS)."""
    from oddscalc.report.booklet import section_html
    from oddscalc.report.html_tables import extra_html
    from oddscalc.wager_results import Extra

    table = Extra("Demo table", ("game", "share"), tuple((g, Fraction(1, 3)) for g, _ in games))
    return section_html(f"Demo for {version}", extra_html(table), "demo")


def test_a_further_section_is_one_line(monkeypatch):
    from oddscalc.report import booklet

    monkeypatch.setattr(booklet, "SECTIONS", ("test_booklet:_demo_section",))
    document = booklet.booklet_html("1994", [("roulette", [api.analyse("roulette", "1994")])])
    assert "<section class='game' id='demo'><h2>Demo for 1994</h2>" in document
    assert "1/3<br>33.3333%" in document


def _text(document: str) -> str:
    return re.sub(r"<style>.*?</style>|<[^>]+>", " ", document, flags=re.S)


@pytest.mark.parametrize("version", VERSIONS)
def test_committed_booklets_read_well(version):
    """Rule sets numbered, named in plain English and listed in the contents; no number longer than 25
    characters; footnote marks on the line, not superscripts; square roots typeset; back matter."""
    doc = committed(version)
    contents = doc.split("<h3>Contents</h3>")[1].split("</ul></li></ul>")[0]
    names = re.findall(r"<h3 class='ruleset' id='(rules-blackjack-\d+)' data-short='[^']*'>([^<]+)</h3>", doc)
    assert len(names) >= 2
    for anchor, name in names:
        assert f"href='#{anchor}'" in contents
        number, words = name.split(" ", 1)
        assert re.fullmatch(r"\d+\.\d+", number) and re.match(r"\d+ packs?, dealer", words)
        assert "=" not in words and "decks" not in words  # not "decks = 4, soft17 = stand"
    longest = max(re.findall(r"[-+]?\d[\d.,/]*", _text(doc)), key=len)
    assert len(longest) <= 25, longest
    assert "<sup>" not in doc and not re.search(r"sqrt\(\d", _text(doc))  # not "3*sqrt(78)/37"
    assert "√<span class='rad'>" in doc
    for heading in ("Definitions", "Edge conventions", "Citations", "How to reproduce this booklet"):
        assert f">{heading}</h3>" in doc and f">{heading}</a>" in contents


def _summary_citations(document: str) -> list[tuple[str, list[str]]]:
    """Each summary table's citation heading and its rows' citation cells, as printed."""
    found = []
    for table in re.findall(r"<table class='summary fixed'>.*?</table>", document, flags=re.S):
        head = re.findall(r"<th>([^<]*)</th>", table)[-1]
        rows = [re.findall(r"<td[^>]*>(.*?)</td>", row)[-1] for row in re.findall(r"<tr>(.*?)</tr>", table)[1:]]
        found.append((head, [re.sub(r"<[^>]+>", "", r).replace("&quot;", '"').replace("&#x27;", "'") for r in rows]))
    return found


def test_summary_citations_read_whole_from_heading_and_row(small_booklet):
    """Read as the booklet says (the heading's words, then the row), each citation is whole: the 2007 blackjack
    section cites its rules by title and heading, with no file name."""
    from oddscalc.report.serialize import analysis_to_data
    from oddscalc.report.text import edges_csv, markdown

    bj = api.analyse("blackjack", "2007")
    document = booklet_html("2007", [("blackjack", [bj])])
    for doc, analyses in ((document, [bj]), (small_booklet, [api.analyse(g, "2002") for g in ("roulette", "big-six")])):
        tables = _summary_citations(doc)
        assert len(tables) == len(analyses)
        for (head, rows), a in zip(tables, analyses, strict=True):
            prefix = head.removeprefix("citation").removeprefix(": ").removesuffix(" …")
            for row, r in zip(rows, a.results, strict=True):
                row = row.removesuffix(" (reconstructed)")
                assert (f"{prefix} {row}" if prefix else row) == r.wager.citations
    rows = _summary_citations(document)[0][1]
    assert rows[1] == 'Blackjack Rules UK (basic game), "Insurance"'
    outputs = [document, markdown([bj], "t"), edges_csv([bj]), str(analysis_to_data(bj))]
    assert not any("file)" in out or "(004" in out for out in outputs)


def test_assumption_paragraphs_begin_as_sentences(small_booklet):
    """An assumption paragraph begins with a capital letter, as a sentence does."""
    paragraphs = re.findall(r"<p class='assume'>([^<])", small_booklet)
    assert paragraphs and all(not p.islower() for p in paragraphs), paragraphs


def test_a_split_removal_table_explains_itself_once():
    """A blackjack effects-of-removal table too wide for the page is split; its definition of the effect of
    removal is said once, under the last part, and the plays' legend under every part."""
    from oddscalc.report.html_tables import esc
    from oddscalc.report.removal_render import DEFINITION, booklet_section

    rules = api.table_rule_sets("blackjack", "2007")[0]
    html = booklet_section("blackjack", "2007", tuple(rules.items()))
    parts = html.split("<p class='part'>")[1:]
    assert len(parts) >= 2  # 13 ranks do not fit the page
    assert html.count(esc(DEFINITION)) == 1 and esc(DEFINITION) in parts[-1]
    assert all(p.count("CD optimal: re-solved for each shoe.") == 1 for p in parts)
