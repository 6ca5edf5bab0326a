"""The whole analysis of one rule set as plain data (exact values as "p/q"), stored between runs (`core.store`)."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from oddscalc.core.errors import InputError
from oddscalc.core.parallel import map_parts, relay
from oddscalc.core.progress import Progress
from oddscalc.core.store import Engine, building_now, kept, kept_entry, stored
from oddscalc.games.blackjack import strategy
from oddscalc.games.blackjack.game import full_game, up_cards
from oddscalc.games.blackjack.laws import hand_law
from oddscalc.games.blackjack.laws.hand_law import RoundLaw, default_budget, round_law
from oddscalc.games.blackjack.rules import RuleSet
from oddscalc.games.blackjack.shoe import LABELS

__all__ = [
    "ENGINE",
    "compute_summary",
    "edge_params",
    "edge_summary",
    "frac",
    "game_summary",
    "has_law",
    "kept_summary",
    "law_seconds",
    "strategy_data",
    "summary_params",
]

#: The blackjack engine's version: bump it whenever a figure computed by any module of `games/blackjack` (or by
#: the core modules it calls, such as `core.packed` and `core.residues`) may change, then rebuild the data
#: (`make data`).
ENGINE = Engine("blackjack", 1)


def frac(x: Fraction) -> str:
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def strategy_data(s: strategy.Strategy) -> dict[str, list[list[Any]]]:
    """The basic strategy as plain data: per chart, [row kind, total or pair value index, up index, action]."""
    return {
        name: [[kind, n, up, action] for ((kind, n), up), action in getattr(s, name)]
        for name in ("two_card", "later", "no_double")
    }


def _part(job: tuple[RuleSet, int, bool, int | None, dict]) -> dict[str, Any]:
    """Everything for one up-card: its rows, its chart entries, its basic-strategy value, its round laws' share.

    The laws take the resplit patterns within the work budget. Every quantity is a sum over up-cards, so the
    parts merge exactly. The split laws already computed apart (`_split_part`) are given. The laws' progress
    goes to `map_parts`'s line (`core.parallel.relay`)."""
    rs, up, with_distribution, budget, done = job
    g = full_game(rs, ups=(up,))
    s = strategy.derive(g)
    td, _ = strategy.td_value(g, s)
    shared: dict = dict(done)  # the splits whose hands play alike under both strategies are computed once
    laws = {  # without the distribution: each strategy's events and stake alone (`round_law` with law False)
        "optimal": round_law(g, budget=budget, progress=relay, shared=shared, law=with_distribution),
        "basic": round_law(g, s, budget=budget, progress=relay, shared=shared, law=with_distribution),
    }
    return {
        "ev": g.ev,
        "td": td,
        "per_up": g.per_up,
        "limits": g.split_limits,
        "strategy": s,
        "rows": [_row(r) for r in g.rows],
        "laws": laws,
    }


def _splits_taken(job: tuple[RuleSet, int]) -> list[tuple[int, int]]:
    """(up-card, pair) of every split optimal play or the basic strategy takes against one up-card."""
    rs, up = job
    g = full_game(rs, ups=(up,))
    return sorted(set(hand_law.split_pairs(g)) | set(hand_law.split_pairs(g, strategy.derive(g))))


def _split_part(job: tuple[RuleSet, int, int, int | None]) -> dict:
    """The laws of one pair's splits against one up-card under both strategies (`laws.hand_law.split_laws`), as
    `_part` reads them; the progress line names the split and the strategy."""
    rs, up, pair, budget = job
    g = full_game(rs, ups=(up,))
    where = f"split {LABELS[pair]}s v {LABELS[up]}"
    return hand_law.split_laws(
        g,
        pair,
        (None, strategy.derive(g)),
        budget,
        lambda done, total, label="": relay(done, total, f"{where}, {label}"),
    )


def _dearest_first(split: tuple[int, int]) -> tuple[int, int]:
    """An order of splits by their law's cost, dearest first.

    Small pairs come first (their hands draw most cards and their unions are most numerous). For one pair the
    up-cards go from a 7 outwards. (Measured at 6 packs: 2s and 3s against a 7 carry 90% of the exact law's
    work, `studies.resplit_cost`.)"""
    up, pair = split
    return pair if pair else 10, abs(up - 6)  # value indices: an Ace pair (0) is split to one card each


def split_parts(rs: RuleSet, budget: int | None) -> bool:
    """Whether the round laws take each split apart (`_split_part`) before the up-cards: when no split is
    lumped (budget None), where one up-card's splits can outweigh every other part together; not for CDP, whose
    laws are not shared. Within a budget the up-cards are balanced parts already, and a part per split would
    only add its game's cost (about 0.2 s)."""
    return budget is None and rs.post_split != "cdp"


def _row(r) -> dict[str, Any]:
    return {
        "up": LABELS[r.up],
        "hand": f"{LABELS[r.cards[0]]},{LABELS[r.cards[1]]}",
        "prob": frac(r.prob),
        "best": r.values.best,
        "ev": frac(r.ev),
        "actions": {a: frac(v) for a, v in r.values.actions},
    }


def _merge_laws(parts: list[RoundLaw]) -> RoundLaw:
    dist: dict[Fraction, Fraction] = {}
    events: dict[str, Fraction] = {}
    for law in parts:
        for r, p in law.dist.items():
            dist[r] = dist.get(r, Fraction(0)) + p
        for k, v in law.events.items():
            events[k] = events.get(k, Fraction(0)) + v
    stakes = [law.stake for law in parts if law.stake is not None]
    stake = sum(stakes, Fraction(0)) if len(stakes) == len(parts) else None
    lumped: dict[Fraction, Fraction] = {}
    for law in parts:
        for r, p in law.lumped_dist.items():
            lumped[r] = lumped.get(r, Fraction(0)) + p
    squares = [law.lumped_square for law in parts if law.lumped_square is not None]
    return RoundLaw(
        dict(sorted(dist.items())),
        events,
        stake,
        dict(sorted(lumped.items())),
        max((law.lumped_hands for law in parts), default=0),
        sum(squares, Fraction(0)) if len(squares) == len(parts) else None,
    )


def _work_budget(rs: RuleSet, budget: int | str | None) -> int | None:
    """`budget` with "auto" read as `laws.hand_law.default_budget` for the rule set."""
    if budget == "auto":
        return default_budget(rs)
    if isinstance(budget, str):
        raise InputError(f"law budget {budget!r}: give a whole number, None or 'auto'")
    return budget


def compute_summary(
    rs: RuleSet, progress: Progress | None = None, with_distribution: bool = True, budget: int | str | None = "auto"
) -> dict[str, Any]:
    """Everything reported for a rule set.

    That is CD and TD expectations, per up-card, per hand, charts, the basic strategy as data, and the round
    law under each strategy. Resplit patterns beyond `budget`, the work `laws.hand_law.round_law` allows a
    split, are lumped; None: none lumped, however long it takes. Up-cards are
    independent parts, computed on `core.parallel.workers()` processes and merged in up-card order (the
    result does not depend on it). `budget` "auto": `laws.hand_law.default_budget` for the rule set."""
    limit = _work_budget(rs, budget)
    done: dict[int, dict] = {up: {} for up in up_cards(rs)}
    if with_distribution and split_parts(rs, limit):
        taken = [
            s
            for found in map_parts(
                _splits_taken, [(rs, up) for up in up_cards(rs)], progress, "blackjack: splits taken"
            )
            for s in found
        ]
        jobs = sorted(taken, key=_dearest_first)
        split_found = map_parts(
            _split_part, [(rs, up, pair, limit) for up, pair in jobs], progress, "blackjack: split laws, dearest first"
        )
        for (up, _), shared in zip(jobs, split_found):
            done[up].update(shared)
    parts = map_parts(
        _part, [(rs, up, with_distribution, limit, done[up]) for up in up_cards(rs)], progress, "blackjack: up-cards"
    )
    ev = sum((p["ev"] for p in parts), Fraction(0))
    td = sum((p["td"] for p in parts), Fraction(0))
    s = strategy.Strategy(
        *(
            tuple(sorted(e for p in parts for e in getattr(p["strategy"], name)))
            for name in ("two_card", "later", "no_double")
        )
    )
    laws = {name: _merge_laws([p["laws"][name] for p in parts]) for name in parts[0]["laws"]}
    for name, value in (("optimal", ev), ("basic", td)):
        if with_distribution and sum(r * p for r, p in laws[name].dist.items()) != value:
            raise AssertionError(f"the {name} strategy's round law does not average to its expectation")
    per_up = [(up, p_up, ev_up, part["td"] / p_up) for part in parts for up, p_up, ev_up in part["per_up"]]
    charts = {k: strategy.chart_rows(s, k) for k in ("hard", "soft", "pair", "later")}
    summary: dict[str, Any] = {
        "ev": frac(ev),
        "td_ev": frac(td),
        "per_up": [[LABELS[up], frac(p), frac(e), frac(t)] for up, p, e, t in per_up],
        "split_limits": sorted({n for p in parts for n in p["limits"]}),
        "rows": [row for p in parts for row in p["rows"]],
        "charts": charts,
        "strategy": strategy_data(s),
        "law_budget": limit,
    }
    if not with_distribution:  # the game's figures alone: each strategy's events and expected total stake
        summary["plays"] = {
            name: {
                "events": {k: frac(v) for k, v in law.events.items()},
                "stake": None if law.stake is None else frac(law.stake),
            }
            for name, law in laws.items()
        }
        del summary["law_budget"]
        return summary
    summary["laws"] = {
        name: {
            "distribution": [[frac(r), frac(p)] for r, p in law.dist.items()],
            "lumped": frac(law.lumped),
            "events": {k: frac(v) for k, v in law.events.items()},
            "stake": None if law.stake is None else frac(law.stake),
            "lumped_distribution": [[frac(r), frac(p)] for r, p in law.lumped_dist.items()],
            "lumped_hands": law.lumped_hands,
            "lumped_square": None if law.lumped_square is None else frac(law.lumped_square),
        }
        for name, law in laws.items()
    }
    return summary


def game_summary(
    rs: RuleSet, progress: Progress | None = None, use_cache: bool = True, budget: int | str | None = "auto"
) -> dict[str, Any]:
    """compute_summary through the store (`core.store`: shipped data, else the user cache), keyed on the rule set,
    the law's work budget and the engine's version; `budget` "auto": `laws.hand_law.default_budget` for the rule set."""
    limit = _work_budget(rs, budget)
    return stored(
        "blackjack-game",
        summary_params(rs, limit),
        (ENGINE,),
        lambda: compute_summary(rs, progress, budget=limit),
        use_cache=use_cache,
    )


def summary_params(rs: RuleSet, budget: int | None) -> dict[str, Any]:
    """The parameters a stored summary is keyed on: every field of the rule set, and the law's work budget."""
    params: dict[str, Any] = {}
    for name in rs.__dataclass_fields__:
        value = getattr(rs, name)
        params[name] = sorted(value) if isinstance(value, frozenset) else str(value)
    params["law_budget"] = str(budget)
    return params


def kept_summary(rs: RuleSet) -> dict[str, Any] | None:
    """The whole summary (round laws included) where it is shipped or cached, without computing: under the rule
    set's default work budget, else with nothing lumped; None when neither is at hand."""
    for limit in dict.fromkeys((default_budget(rs), None)):
        found: dict[str, Any] | None = kept("blackjack-game", summary_params(rs, limit), (ENGINE,))
        if found is not None:
            return found
    return None


def edge_summary(rs: RuleSet, progress: Progress | None = None, use_cache: bool = True) -> dict[str, Any]:
    """The game's figures with no round law computed for them (issue 54: the laws are nearly all of the work).

    That is the whole summary where it is shipped or cached (`kept_summary`). Else it is `compute_summary`
    without the distribution (each strategy's events and stake in "plays"), stored as "blackjack-edge". Within a data
    build the whole summary (`game_summary`): the shipped data keeps whole summaries only."""
    if building_now():
        return game_summary(rs, progress, use_cache)
    found = kept_summary(rs) if use_cache else None
    if found is not None:
        return found
    return stored(
        "blackjack-edge",
        edge_params(rs),
        (ENGINE,),
        lambda: compute_summary(rs, progress, with_distribution=False),
        use_cache=use_cache,
    )


def has_law(summary: dict[str, Any]) -> bool:
    """Whether a summary holds the round laws (`game_summary`'s) or the game's figures alone (`edge_summary`'s)."""
    return "laws" in summary


def edge_params(rs: RuleSet) -> dict[str, Any]:
    """The parameters a stored edge summary is keyed on: every field of the rule set (no law, so no budget)."""
    params = summary_params(rs, None)
    del params["law_budget"]
    return params


#: A round law's time over its game's own (`edge_summary`'s, on the same machine and processes), measured on the
#: two-core machine from an empty cache (docs/validation/blackjack-edge-profile.md): within the default work
#: budget (resplit rounds beyond it lumped); with nothing lumped at 1 pack; with nothing lumped at 2 packs or
#: more (the 4- and 6-pack exact laws: about half an hour each); with at most two hands (no resplit).
LAW_OVER_GAME = {"budget": 20.0, "exact-1": 120.0, "exact": 600.0, "two-hands": 12.0}


def law_seconds(rs: RuleSet, exact_law: bool = False, progress: Progress | None = None) -> float | None:
    """About how long the round laws `game_summary` would compute for `rs` take (with nothing lumped when
    `exact_law`), in seconds on this machine as loaded now; None when they are shipped or cached (no work).
    The game's own figures are computed first (`edge_summary`, seconds, then cached) and timed, and the laws'
    time is that times `LAW_OVER_GAME`'s measured ratio for such a rule set: an estimate, said before the work."""
    budget = None if exact_law else default_budget(rs)
    if kept("blackjack-game", summary_params(rs, budget), (ENGINE,)) is not None:
        return None
    start = time.perf_counter()
    edge_summary(rs, progress)
    seconds = time.perf_counter() - start
    entry = kept_entry("blackjack-edge", edge_params(rs), (ENGINE,))
    if entry is not None and seconds < 1:  # read from the cache: the time it took when computed
        seconds = max(seconds, float(entry.provenance.get("seconds", seconds)))
    if rs.max_hands == 2:
        ratio = LAW_OVER_GAME["two-hands"]
    elif budget is not None:
        ratio = LAW_OVER_GAME["budget"]
    else:
        ratio = LAW_OVER_GAME["exact-1" if rs.decks == 1 else "exact"]
    return seconds * ratio
