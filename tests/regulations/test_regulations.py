"""The regulation data: versions, citations, reconstructions, and pay overrides."""

import pytest

from oddscalc import api
from oddscalc.regulations.model import OverrideError, apply_overrides
from oddscalc.regulations.versions import VERSIONS, get_version


def all_wagers():
    for version in VERSIONS.values():
        for game in version.games:
            if api.implemented(game):
                yield version.id, game, api.wagers(game, version.id)


def test_every_wager_cites_and_keys_are_unique():
    for version, game, wagers in all_wagers():
        keys = [w.key for w in wagers]
        assert len(keys) == len(set(keys)), (version, game)
        for w in wagers:
            assert w.citation and w.payouts, (version, game, w.key)
            assert all(p.citation for p in w.payouts)


def test_a_wagers_citations_keep_every_paragraph_and_name_each_instrument_once_per_run():
    """`Wager.citations` joins neighbouring paragraphs of one instrument (and one amendment) under one "SI ...
    reg", and those of one Schedule under one "SI ... Sch N para" (or one heading of an inserted Schedule): checked
    here against each payout's own citation, taken apart by splits written differently from the code's patterns
    (at " reg " or " para " and at " (inserted by"; a Schedule heading's item at its closing quote; a document's
    heading at its opening quote)."""

    def parts(citation: str) -> tuple[str, str, str]:
        if " reg " in citation:
            head, rest = citation.split(" reg ", 1)
            body, _, amendment = rest.partition(" (inserted by")
            return head + " reg ", body, amendment
        if " para " in citation:
            head, body = citation.split(" para ", 1)
            return head + " para ", body, ""
        if citation.endswith('"'):  # a document's title, then one of its headings in double quotes
            title, _, heading = citation.partition(', "')
            return title + ", ", f'"{heading}', ""
        quote = citation.rindex("'")
        return citation[: quote + 1], citation[quote + 1 :].strip(), ""

    for version, game, wagers in all_wagers():
        for w in wagers:
            joined = w.citations
            for c in [w.citation, *(p.citation for p in w.payouts)]:
                if c in joined:
                    continue
                head, body, amendment = parts(c)  # a joined paragraph: in a run of its instrument and amendment
                runs = [r for r in joined.split("; ") if r.startswith(head) and body in r[len(head) :]]
                assert runs, (version, game, w.key, c, joined)
                if head.endswith(" reg "):  # a Schedule's amendment is in its head
                    assert runs[0].endswith(f" (inserted by{amendment}") if amendment else "inserted" not in runs[0]
                assert runs[0].count(head) == 1, (version, game, w.key, joined)  # the instrument named once per run
    tcp = {w.key: w.citations for w in api.wagers("three-card-poker", "2002")}
    assert tcp["ante-play"] == (
        "SI 1994/2899 reg 12(5)-(10), 12(8)(a), 12(8)(b), 12(9)(a), 12(9)(b), 12(9)(c) (inserted by SI 2002/1130)"
    )
    blackjack = {w.key: w.citations for w in api.wagers("blackjack", "1994")}
    assert blackjack["initial"] == "SI 1994/2899 reg 7(5), 7(6)(b), 7(6)(a)"
    dice = {w.key: w.citations for w in api.wagers("dice", "2002")}
    assert dice["hop-1-1"] == "SI 1994/2899 Sch 1 'Hopping bets' (a) (inserted by SI 2002/1130 reg 2(8)(b))"
    assert dice["field"] == "SI 1994/2899 Sch 1 para 7, 7(a), 7(b), 7(c)"
    initial = {w.key: w.citations for w in api.wagers("blackjack", "2007")}["initial"]
    assert initial == 'Blackjack Rules UK (basic game), "Basic Outline Rules / How to Play", "Usual odds payable"'
    single = {w.key: w.citations for w in api.wagers("sic-bo", "2002")}["single-2"]
    assert single == "SI 1994/2899 Sch 4 (inserted by SI 2002/1130) 'Single number', (a), (b), (c)"


def test_2002_additions_only_from_2002():
    v1994, v2002 = get_version("1994"), get_version("2002")
    assert set(v2002.games) - set(v1994.games) == {"big-six", "three-card-poker", "sic-bo"}
    assert "chemin-de-fer" not in get_version("2007").games
    assert "super-pan-9" not in get_version("2007").games


def test_schedule_1_odds_as_written():
    odds = {w.key: w.payouts[0].odds.text for w in api.wagers("dice", "1994")}
    assert odds["place-to-win-4"] == "9½ to 5"
    assert odds["hard-4"] == "7½ to 1"
    assert odds["place-to-lose-4"] == "5 to 11"


def test_gap_values_are_marked_reconstructed_with_their_source():
    marked = {w.key for w in api.wagers("dice", "2002") if w.reconstructions}
    assert marked == {"craps", *(f"hop-{n}-{n}" for n in range(1, 7))}
    for w in api.wagers("big-six", "2002"):
        assert any("gaps in the 2002 text" in s for s in w.reconstructions)


def test_override_clears_reconstruction_of_the_replaced_figure_only():
    wagers = api.wagers("dice", "2002")
    changed = {w.key: w for w in apply_overrides(wagers, {"hop-1-1": "30 to 1", "field.12": "2 to 1"})}
    assert changed["hop-1-1"].custom and not changed["hop-1-1"].reconstructions
    assert changed["field"].pay("12") == 2 and changed["field"].pay("2") == 2
    with pytest.raises(OverrideError, match="no payout 'thirteen'"):
        apply_overrides(wagers, {"field.thirteen": "1:1"})


def _balanced(text: str) -> bool:
    """No parenthesis or quotation left open: checked by counting, not by the report's own splitting."""
    return text.count("(") == text.count(")") and text.count('"') % 2 == 0 and text.count("'") % 2 == 0


def test_every_citation_reads_whole_under_the_heading_plus_row_rule():
    """The booklet names the citations' common start once in the column heading ("citation: X …") and each row
    reads as X followed by the row: for every wager of every version that reading gives the citation whole, and X
    ends at a whole part of it, never inside parentheses or quotes."""
    from oddscalc.report.booklet import cited_rows

    for version, game, wagers in all_wagers():
        citations = [w.citations for w in wagers]
        prefix, rows = cited_rows(citations)
        assert _balanced(prefix), (version, game, prefix)
        for citation, row in zip(citations, rows, strict=True):
            assert (f"{prefix} {row}" if prefix else row) == citation, (version, game, prefix, row)
            assert _balanced(row), (version, game, row)
    assert cited_rows([w.citations for w in api.wagers("roulette", "1994")])[0] == "SI 1994/2899 reg"


def test_the_2007_blackjack_rules_are_cited_by_title_and_their_own_headings():
    """No file name of ours in a citation; every heading cited is a heading of the document as shipped."""
    from oddscalc.regulations.texts import read

    lines = {line.strip().strip("“”") for line in read("2007-blackjack").decode().splitlines()}
    title = "Blackjack Rules UK (basic game)"
    assert title in lines
    for version, game, wagers in all_wagers():
        for w in wagers:
            texts = [w.citations, *w.reconstructions]
            assert not any("004" in t or "file)" in t for t in texts), (version, game, w.key, texts)
    cites = {w.key: w.citations for w in api.wagers("blackjack", "2007")}
    assert cites["insurance"] == f'{title}, "Insurance"'
    assert '"Usual odds payable"' in cites["initial"]
    headings = [h for c in cites.values() if c.startswith(title) for h in c.split('"')[1::2]]
    assert headings and all(h in lines for h in headings), headings
