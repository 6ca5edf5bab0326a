"""Game protection commands: `oddscalc removal GAME` (exact effects of removal) and `oddscalc protect GAME`
(shoes dealt to the cut, every round valued exactly, a counting system's view; locally or on Dask)."""

from __future__ import annotations

from fractions import Fraction

import click

from oddscalc import api
from oddscalc.cli import analysis_options, check_format, default_version, emit, fail, parse_pairs
from oddscalc.core.files import check_output, write_text
from oddscalc.core.numbers import parse_number, parse_whole
from oddscalc.core.progress import StderrBar
from oddscalc.protect.counting import NAMED, parse_count
from oddscalc.protect.execute import run, scheduler_address
from oddscalc.protect.shoes import Plan
from oddscalc.protect.summary import summarise
from oddscalc.protect.target import ENGINES, target
from oddscalc.report.protect import records_csv, summary_csv, summary_data, summary_text
from oddscalc.report.removal import GAMES, removal_csv, removal_data, removal_for, removal_text

__all__ = ["commands"]

_GAMES = tuple(sorted(GAMES))
_CHUNK = {"blackjack": 1}  # shoes per chunk: a blackjack shoe is seconds in doubles, minutes exactly; others 20
_MAX_SHOES = 10_000_000
_MAX_PENETRATION = Fraction(95, 100)


def _game_rules(game: str, version, rule, decks) -> tuple[str, str, dict[str, str]]:
    game = game.lower()
    if game not in _GAMES:
        fail(f"unknown game {game!r} for protection analysis; allowed: {', '.join(_GAMES)}")
    rules = parse_pairs(rule, "--rule")
    if decks is not None:
        rules["decks"] = decks
    return game, version or default_version(game), rules


def _common(fn):
    return click.argument("game")(analysis_options(fn))


@click.command("removal")
@_common
def removal(game, version, pay, rule, decks, custom, fmt) -> None:
    """Exact effects of removal: each wager's change in expectation when one card of each kind leaves the
    full shoe (blackjack: CD optimal and the fixed basic strategy; punto banco; Super Pan 9)."""
    check_format(fmt)
    game, version, rules = _game_rules(game, version, rule, decks)
    try:
        r = removal_for(game, version, rules, parse_pairs(pay, "--pay"), custom, StderrBar())
    except ValueError as exc:
        fail(str(exc))
    if fmt == "json":
        emit({"game": game, "version": version, **removal_data(r)})
    elif fmt == "csv":
        emit(removal_csv([r]))
    else:
        emit(removal_text(r))


@click.command("protect")
@_common
@click.option("--penetration", default="75%", show_default=True, help="Share of the shoe dealt before the cut card.")
@click.option("--count", "count_text", default=None,
              help=f"Counting system: {', '.join(NAMED)} (blackjack's default), none (others' default), or weights "
                   "CARD=WEIGHT,... (e.g. 2=1,3=1,A=-1).")
@click.option("--shoes", default="100", show_default=True, help="Number of shoes dealt.")
@click.option("--seed", default="1", show_default=True, help="Seed: shoe i is shuffled by (seed, i) alone.")
@click.option("--strategy", default="basic", show_default=True,
              help="Blackjack: the expectation under basic (fixed chart), optimal (CD) or both.")
@click.option("--spread", default="8", show_default=True, help="Bet spread: 1 to N units by true count.")
@click.option("--chunk-size", default=None, help="Shoes per task (default: 1 for blackjack, 20 otherwise).")
@click.option("--workers", default=None, help="Local processes (default: $ODDSCALC_WORKERS or min(2, CPUs)).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Dask scheduler (tcp://host:8786); default: Dask's scheduler-address config / "
                   "$DASK_SCHEDULER_ADDRESS, else local processes.")
@click.option("--state", default=None, metavar="DIR", help="Folder of finished chunks: an interrupted run resumes.")
@click.option("--records", default=None, metavar="FILE", help="Also write every round (CSV).")
@click.option("--engine", default=None,
              help="How rounds are valued: exact, or double (blackjack's default: its double-precision evaluator, "
                   "a sample of rounds checked against the exact engine and the largest difference reported).")
@click.option("--check-every", "check_every", default="10", show_default=True,
              help="With --engine double: one round of every N-th shoe is also valued exactly.")
def protect(game, version, pay, rule, decks, custom, fmt, penetration, count_text, shoes, seed, strategy, spread,
            chunk_size, workers, scheduler, state, records, engine, check_every) -> None:
    """Deal random shoes to the cut; before each round record the count and the expectation of the next round
    on the cards left (exact, or blackjack's double-precision evaluator checked against the exact engine);
    summarise by true count, favourable rounds and a bet spread's yield."""
    check_format(fmt)
    game, version, rules = _game_rules(game, version, rule, decks)
    try:
        pen = parse_number(penetration, "--penetration", minimum=0, maximum=_MAX_PENETRATION, min_open=True, percent=True)
        n_shoes = parse_whole(shoes, "--shoes", minimum=1, maximum=_MAX_SHOES)
        n_seed = parse_whole(seed, "--seed", minimum=0, maximum=2**63)
        n_spread = parse_whole(spread, "--spread", minimum=1, maximum=1000)
        size = parse_whole(chunk_size, "--chunk-size", minimum=1, maximum=_MAX_SHOES) if chunk_size else \
            _CHUNK.get(game, 20)
        processes = parse_whole(workers, "--workers", minimum=1, maximum=1024) if workers else None
        strategies = {"basic": ("basic",), "optimal": ("optimal",), "both": ("basic", "optimal")}.get(strategy)
        if game == "blackjack" and strategies is None:
            fail(f"--strategy {strategy!r}: allowed basic, optimal, both")
        state_dir = check_output(state, "--state", directory=True) if state else None
        records_path = check_output(records, "--records") if records else None
        check = parse_whole(check_every, "--check-every", minimum=1, maximum=_MAX_SHOES)
        engine = engine or ("double" if api.has_estimates(game) else "exact")
        if engine not in ENGINES:
            fail(f"--engine {engine!r}: allowed {', '.join(ENGINES)}")
        t = target(game, version, rules, parse_pairs(pay, "--pay"), custom, strategies or (), engine=engine)
        kinds = t.kinds()
        count = parse_count(count_text if count_text is not None else ("hi-lo" if game == "blackjack" else "none"), kinds)
        pack = sum(n for _, n in kinds) // int(t.resolved()["decks"])
        plan = Plan(t, pen, n_seed, n_shoes, check)
        address = scheduler_address(scheduler)
        found = run(plan, size, processes, address, state_dir, StderrBar())
    except ValueError as exc:
        fail(str(exc))
    measures = tuple(m.name for m in t.measures)
    s = summarise(found, measures, kinds, pack, count, n_spread)
    if records_path:
        write_text(records_path, records_csv(found, measures, kinds, pack, count, n_spread))
    about = {"game": game, "version": version, "rules": t.resolved(), "custom": custom,
             "penetration": str(pen), "seed": n_seed, "pack": pack, "engine": engine, "check_every": check,
             "count": None if count is None else {"name": count.name, "weights": count.describe(kinds)},
             "where": address or "local processes"}
    if fmt == "json":
        emit(summary_data(s, about))
    elif fmt == "csv":
        emit(summary_csv(s))
    else:
        rules_text = ", ".join(f"{k} = {v}" for k, v in t.resolved().items() if k != "strategy")
        heading = [f"{game}, version {version}{' (CUSTOM)' if custom else ''}: {rules_text}",
                   f"penetration {float(pen) * 100:g}% (cut after floor(penetration x {sum(n for _, n in kinds)}) cards), "
                   f"seed {n_seed}, {('count ' + count.name + ': ' + count.describe(kinds)) if count else 'no count'}; "
                   f"true count = running count / (cards left / {pack})"]
        emit(summary_text(s, heading))




commands = [removal, protect]
