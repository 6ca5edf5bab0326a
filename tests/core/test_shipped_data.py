"""The shipped data (oddscalc/data) is honest: every entry was made by the engine versions the code declares, and
for each engine a sample of the shipped entries, cheap enough to compute here, is recomputed from scratch and
compared exactly with the data. A change to an engine's figures without a version bump fails here; a bump without
`make data` fails `test_every_shipped_entry_was_made_by_the_current_engines` and the tables test (which reads
only shipped data)."""

import json
from dataclasses import asdict
from fractions import Fraction

import pytest

from oddscalc import api
from oddscalc.core.store import data_dir, entry_key, read_entry, shipped_entries, value_changes
from oddscalc.games.baccarat_banque import response
from oddscalc.games.blackjack import stored_summary, strategy
from oddscalc.games.blackjack.game import full_game
from oddscalc.games.blackjack.laws.hand_law import default_budget
from oddscalc.games.blackjack.shoe import LABELS
from oddscalc.games.blackjack.wagers import effective_rules
from oddscalc.games.casino_stud_poker import wagers as stud
from oddscalc.games.casino_stud_poker.payouts import raise_pays
from oddscalc.games.super_pan_9 import bank_models as pan_laws
from oddscalc.games.super_pan_9.engine import DRAW, STAND
from oddscalc.games.super_pan_9.finite_bank import finite_law
from oddscalc.protect import decisions_by_removal, removal
from oddscalc.protect.target import target

#: Every engine whose results are shipped, with the version the code declares.
ENGINES = {
    e.name: e.version
    for e in (
        stored_summary.ENGINE,
        removal.ENGINE,
        decisions_by_removal.ENGINE,
        pan_laws.ENGINE,
        stud.ENGINE,
        response.ENGINE,
    )
}


def _json(value):
    """A value as the store keeps it (a JSON round trip: tuples become lists)."""
    return json.loads(json.dumps(value))


def _same(computed, shipped, engine, where: str) -> None:
    """Fail, naming the engine to bump and the first difference, when a recomputed value differs from the data."""
    if computed == shipped:
        return
    first = value_changes(shipped, computed, limit=1)
    raise AssertionError(
        f"{where}: recomputed from scratch, the {engine.name} engine's figures differ from the shipped "
        f"data made by {engine.name} version {engine.version} ({'; '.join(first)}): if the change is "
        f"meant, bump its ENGINE version and run `make data` (DEVELOPING.md, 'When to bump')"
    )


def _entry(kind: str, params: dict):
    path = data_dir() / entry_key(kind, params)
    assert path.exists(), f"no shipped {kind} entry for {params}: run `make data`"
    return read_entry(path)


def test_every_shipped_entry_was_made_by_the_current_engines():
    entries = shipped_entries()
    assert len(entries) >= 30
    for e in entries:
        assert set(e.engines) <= set(ENGINES), f"{e.path.name}: unknown engine in {e.engines}; add it to ENGINES"
        current = {name: ENGINES[name] for name in e.engines}
        assert e.engines == current, (
            f"{e.path.name} was made by engines {e.engines}, the code declares {current}: run `make data`"
        )
        assert e.path.name == entry_key(e.kind, e.params)
        assert {"oddscalc", "created", "seconds"} <= set(e.provenance)


def _bj_rules(version: str, rules: dict):
    resolved, _ = api.resolved_rules("blackjack", version, rules)
    return effective_rules((), resolved)


@pytest.mark.parametrize("up", [0, 5, 9])  # the Ace, the 6 and a ten up
def test_blackjack_one_up_card_of_the_1994_game_recomputed_from_scratch(up):
    """The 1994 default game (6 packs), one up-card: its rows (every two-card hand's values), its expectation under
    CD optimal play and the basic strategy, and its strategy entries, computed afresh, equal the shipped summary's."""
    rs = _bj_rules("1994", {})
    data = _entry("blackjack-game", stored_summary.summary_params(rs, default_budget(rs))).value
    g = full_game(rs, ups=(up,))
    s = strategy.derive(g)
    td, _ = strategy.td_value(g, s)
    where = f"1994 blackjack, up-card {LABELS[up]}"
    _same(
        _json([stored_summary._row(r) for r in g.rows]),
        [r for r in data["rows"] if r["up"] == LABELS[up]],
        stored_summary.ENGINE,
        f"{where}, two-card hands",
    )
    ((_, p_up, ev_up),) = g.per_up
    shipped = next(row for row in data["per_up"] if row[0] == LABELS[up])
    _same(
        [LABELS[up], stored_summary.frac(p_up), stored_summary.frac(ev_up), stored_summary.frac(td / p_up)],
        shipped,
        stored_summary.ENGINE,
        f"{where}, expectations",
    )
    for chart, rows in stored_summary.strategy_data(s).items():
        _same(
            _json(rows),
            [r for r in data["strategy"][chart] if r[2] == up],
            stored_summary.ENGINE,
            f"{where}, {chart} chart",
        )


@pytest.mark.slow
def test_blackjack_effects_of_removal_at_one_pack_recomputed_from_scratch():
    """The 2007 one-pack effects of removal: the full shoe's values and those with one Ace and one ten-card (a
    King) removed, computed afresh, equal the shipped entry's rows."""
    t = target("blackjack", "2007", {"decks": "1"}, strategies=("optimal", "basic"), side_wagers=True)
    base = tuple(n for _, n in t.kinds())
    rows = _entry("blackjack-removal", removal.stored_params(t, base)).value
    labels = [label for label, _ in t.kinds()]
    for kind in (None, labels.index("A"), labels.index("K")):
        counts = base if kind is None else tuple(n - (i == kind) for i, n in enumerate(base))
        row = rows[0] if kind is None else rows[1 + kind]
        _same(
            {k: f"{v.numerator}/{v.denominator}" for k, v in t.evaluate(counts).items()},
            row,
            stored_summary.ENGINE,
            f"2007 one-pack effects of removal, {'full shoe' if kind is None else labels[kind] + ' removed'}",
        )


def test_super_pan_9_three_hand_bank_law_at_one_pack_recomputed_from_scratch():
    """The finite bank law of three hands dealt from one pack (the smallest shoe shipped) computed afresh."""
    banks = [e for e in shipped_entries() if e.kind == "super-pan-9-bank" and e.params["hands"] == 3]
    smallest = min(sum(e.params["counts"]) for e in banks)
    found = [e for e in banks if sum(e.params["counts"]) == smallest]
    assert found and smallest < 40
    for e in found:
        strategy_ = {tuple(h): DRAW for h in e.params["draws"]} | {tuple(h): STAND for h in e.params["stands"]}
        law = finite_law(tuple(e.params["counts"]), strategy_, 3)
        _same(_json(pan_laws._encode(law)), e.value, pan_laws.ENGINE, "Super Pan 9, three hands from one pack")


@pytest.mark.slow
def test_baccarat_banque_six_pack_summary_recomputed_from_scratch():
    params = {"decks": "6", "draw_on_5": False}
    _same(
        _json(response._encode(response._summarise(response.counts_for("6", False)))),
        _entry("banque-6-packs", params).value,
        response.ENGINE,
        "baccarat banque, six packs",
    )


def test_casino_stud_hand_categories_recomputed_from_scratch():
    data = _entry("casino-stud-poker-categories", {"ranks": list(range(2, 15)), "suits": 4}).value
    _same(stud.category_counts(use_cache=False), data, stud.ENGINE, "casino stud hand categories")


@pytest.mark.slow
def test_casino_stud_1994_optimal_strategy_recomputed_from_scratch():
    """The 1994 pay table's optimal-strategy totals (every player hand against every banker up-card), computed
    afresh (about 30 s), equal the shipped entry."""
    w = api.wagers("casino-stud-poker", "1994")[0]
    pays, ante = raise_pays(w), w.pay("ante")
    params = {"ranks": list(range(2, 15)), "suits": 4, "ante": str(ante), "pays": [str(p) for p in pays]}
    shipped = _entry("casino-stud-poker-optimal", params).value
    _same(_json(asdict(stud.optimal(pays, ante, use_cache=False))), shipped, stud.ENGINE, "casino stud 1994 optimal")
    assert Fraction(ante) == 1
