"""The command line: one-line errors with exit status 2, and the exact game through the generic door."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from oddscalc import api
from oddscalc.games.blackjack.laws.hand_law import LAW_BUDGET
from tests.cli_run import run_cli as run


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["blackjack", "hand", "8,8", "vs", "10", "--version", "1994", "--removed", ",".join(["8"] * 23)], "8"),
        (["blackjack", "hand", "K,Q,5", "vs", "2", "--version", "1994"], "over 21"),
        (["blackjack", "hand", "8,X", "vs", "2", "--version", "1994"], "'X'"),
        (["blackjack", "hand", "8,8", "vs", "2", "--version", "1994", "--removed", "8,Z"], "'Z'"),
        (["blackjack", "hand", "8,8", "10", "--version", "1994"], "vs"),
        (["blackjack", "hand", "8,8", "vs", "10", "--version", "1994", "--decks", "1"], "--custom"),
        (["blackjack", "hand", "8,8", "vs", "10", "--version", "1994", "--decks", "9", "--custom"], "9"),
        (["blackjack", "hand", "8,8", "vs", "10", "--version", "1994", "--double", "any"], "--custom"),
        (["blackjack", "game", "--version", "1994", "--soft17", "hit"], "soft17"),
        (["blackjack", "hand", "8,8", "vs", "10", "--version", "1993"], "1993"),
        (["blackjack", "game", "--version", "2007", "--post-split", "cdp"], "max_hands=2, not max_hands=4"),
        (["blackjack", "hand", "8,8", "vs", "10", "--post-split", "cdp", "--max-hands", "max"], "not max_hands=max"),
        (["edge", "blackjack", "--rule", "post_split=cdp", "--rule", "max_hands=3"], "not max_hands=3"),
        (["simulate", "blackjack", "initial", "--rounds", "10", "--rule", "post_split=cdp"], "max_hands=2"),
        (["blackjack", "hand", "8,8", "vs", "10", "--post-split", "cdp0"], "cdp1, cdz-, cdp"),
        (["blackjack", "game", "--law-budget", "lots"], "'lots'"),
        (["blackjack", "game", "--law-budget", "-1"], "'-1'"),
        (["blackjack", "game", "--law-budget", "1e5"], "'none'"),
        (["blackjack", "game", "--law-budget", "\u00b2"], "\u00b2"),  # a digit to str.isdigit(), not to int()
        (["blackjack", "game", "--law-budget", "\u0663"], "\u0663"),  # an Arabic-Indic 3: ASCII digits only
        (["blackjack", "game", "--law-budget", "1000000000000000001"], "10^18"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, fragment, capsys):
    code, _out, err = run(argv, capsys)
    assert code == 2
    assert err.startswith("oddscalc: error:") and err.count("\n") == 1
    assert fragment in err
    assert "Traceback" not in err


def test_hand_query_json(capsys):
    code, out, _ = run(
        ["blackjack", "hand", "A,K", "vs", "A", "--version", "1994", "--decks", "6", "--format", "json"], capsys
    )
    assert code == 0
    data = json.loads(out)
    # 6 packs less A, K and the banker's A: 95 tens among 309 cards; insurance 2 to 1 (reg 7(7))
    p = Fraction(95, 309)
    assert Fraction(data["insurance"]["exact"]) == 2 * p - (1 - p)
    # a player blackjack against an Ace: 3 to 2 unless the banker's next card is a ten (then void)
    assert Fraction(data["actions"]["stand"]["exact"]) == Fraction(3, 2) * (1 - p)


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A private user cache: the 2007 1-pack summary (every round's exact law, about 12 minutes from scratch) is
    read from the shipped data; what these tests compute anew stays in this folder. The law's computation is
    tested from scratch elsewhere, on tiny shoes and on single splits of a real pack."""
    return tmp_path_factory.mktemp("bjcache")


def test_edge_blackjack_through_the_api(cache, monkeypatch):
    monkeypatch.setenv("ODDSCALC_CACHE", str(cache))
    a = api.analyse("blackjack", "2007", rules={"decks": "1"})
    r = a.result("initial")
    ev = r.figure("expectation, composition-dependent optimal")
    td = r.figure("expectation, total-dependent basic strategy")
    assert r.distribution.mean == ev and r.edge() == -ev
    assert td <= ev  # no fixed total-dependent strategy can beat the composition-dependent optimum
    per_up = next(x for x in a.extras if x.title == "Expectation per up-card")
    assert sum(row[1] * row[2] for row in per_up.rows) == ev
    assert sum(row[1] for row in per_up.rows) == 1
    # a player blackjack: 4*16 ordered A-ten deals of 52*51 ... times both orders
    assert dict(r.events)["player blackjack"] == Fraction(2 * 4 * 16, 52 * 51)
    assert {x.title for x in a.extras} >= {"Basic strategy: pairs", "Basic strategy: hard totals, first two cards"}


def test_charts_as_text_markdown_html_and_booklet_fragment(cache, monkeypatch, capsys, tmp_path):
    from oddscalc.report.strategy_charts import charts_html

    monkeypatch.setenv("ODDSCALC_CACHE", str(cache))
    a = api.analyse("blackjack", "2007", rules={"decks": "1"})
    fragment = charts_html(a)
    assert fragment.count("<table>") == 4 and "background:" in fragment
    page = tmp_path / "chart.html"
    code, _, _ = run(
        ["blackjack", "chart", "--version", "2007", "--decks", "1", "--format", "html", "--out", str(page)], capsys
    )
    text = page.read_text()
    assert code == 0 and text.startswith("<!DOCTYPE html>") and text.count("<table>") == 4
    code, out, _ = run(["blackjack", "chart", "--version", "2007", "--decks", "1", "--format", "markdown"], capsys)
    assert code == 0 and "| A,A |" in out and out.count("## ") == 4
    code, out, _ = run(["blackjack", "game", "--version", "2007", "--decks", "1", "--format", "json"], capsys)
    data = json.loads(out)
    assert Fraction(data["ev"]["exact"]) == a.result("initial").figure("expectation, composition-dependent optimal")
    assert "both original pair cards" in data["split_strategy"]


@pytest.mark.slow
def test_the_law_budget_lumps_more_or_less_and_keeps_the_mean(cache, monkeypatch, capsys):
    """`blackjack game --law-budget`: at 1 pack (four hands) the default is no limit, every round's law exact;
    with no work allowed every resplit round is lumped, the laws' means stay the exact expectations, and the
    budget used is named in the output."""
    monkeypatch.setenv("ODDSCALC_CACHE", str(cache))
    argv = ["blackjack", "game", "--version", "2007", "--decks", "1", "--format", "json"]
    code, out, _ = run(argv, capsys)
    usual = json.loads(out)
    code0, out0, _ = run(argv + ["--law-budget", "0"], capsys)
    none = json.loads(out0)
    assert code == code0 == 0 and usual["law_budget"] is None and none["law_budget"] == 0
    for name, ev in (("optimal", "ev"), ("basic", "td_ev")):
        laws = [data["laws"][name] for data in (usual, none)]
        lumped = [Fraction(law["lumped"]["exact"]) for law in laws]
        assert 0 == lumped[0] < lumped[1]
        for law in laws:
            dist = [(Fraction(x["return"]["exact"]), Fraction(x["probability"]["exact"])) for x in law["distribution"]]
            assert sum(p for _, p in dist) == 1 and sum(r * p for r, p in dist) == Fraction(usual[ev]["exact"])
    code, out, _ = run(argv[:-2] + ["--law-budget", "0"], capsys)
    words = " ".join(out.split())  # text is folded to 100 columns
    assert "exact but for resplit rounds" in words and "beyond the work budget 0" in words
    code, out, _ = run(argv[:-2], capsys)
    assert code == 0 and " ".join(out.split()).count("exact for every round") == 2
    code, out, _ = run(["blackjack", "game", "--help"], capsys)  # the help states the default the code uses
    assert code == 0 and f"default {LAW_BUDGET}" in " ".join(out.split())


@pytest.mark.slow
def test_a_law_that_outgrows_the_free_memory_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    """`--law-budget none` at 6 packs asks for more than any machine holds: the dealing stops before the
    system runs out (here it is told that 1 MB is free) and the command says so in one line, exit 2, naming
    the option that bounds the work, instead of a traceback or a process killed for want of memory."""
    from oddscalc.core import packed

    monkeypatch.setenv("ODDSCALC_CACHE", str(tmp_path))
    monkeypatch.setenv("ODDSCALC_WORKERS", "1")
    monkeypatch.setattr(packed, "free_bytes", lambda: 1_000_000)
    code, out, err = run(["blackjack", "game", "--no-cache", "--law-budget", "none"], capsys)
    lines = [line for line in err.replace("\r", "\n").splitlines() if line.startswith("oddscalc:")]
    assert code == 2 and not out and len(lines) == 1 and "Traceback" not in err
    assert "more memory than is free" in lines[0] and "--law-budget" in lines[0]


def test_dist_with_exact_law_prints_the_tables_law(capsys):
    """`dist --exact-law`: the law of every round, nothing lumped, read from the committed cache; for the 2007
    default it equals the reference law an earlier engine wrote (tests/data); without the flag the query lumps
    resplit rounds beyond the work budget and gives bounds."""
    reference = json.loads(
        (Path(__file__).resolve().parents[1] / "data" / "blackjack-exact-law-2007-6packs.json").read_text()
    )
    code, out, err = run(
        ["dist", "blackjack", "initial", "--version", "2007", "--exact-law", "--format", "json"], capsys
    )
    assert code == 0, err
    wager = json.loads(out)["wagers"][0]
    assert wager["distribution_is_law"] is True and wager["law_bounds"] is None
    printed = [[e["return"], e["probability"]] for e in wager["distribution"]]
    assert printed == reference["laws"]["optimal"]["distribution"]
    code, out, err = run(["dist", "blackjack", "initial", "--version", "2007", "--format", "json"], capsys)
    wager = json.loads(out)["wagers"][0]
    assert code == 0 and wager["distribution_is_law"] is False and wager["law_bounds"] is not None


def test_exact_law_changes_nothing_for_a_game_whose_law_is_always_exact(capsys):
    plain = run(["edge", "roulette", "--format", "json"], capsys)
    assert run(["edge", "roulette", "--exact-law", "--format", "json"], capsys) == plain and plain[0] == 0


@pytest.mark.parametrize(
    "rules, title",
    [
        ([], "Initial wager (composition-dependent optimal play)"),
        (["--rule", "strategy=basic"], "Initial wager (basic strategy)"),
    ],
)
def test_the_initial_wagers_title_names_the_play_its_figures_assume(rules, title, capsys):
    code, out, err = run(["edge", "blackjack", "initial", "--version", "1994", "--detail", *rules], capsys)
    assert code == 0 and f"initial: {title}\n" in out, err
