"""Game protection commands: `oddscalc removal GAME` (exact effects of removal), `oddscalc measures GAME` (a
count's betting correlation, playing efficiency, insurance correlation and index numbers) and `oddscalc protect
GAME` (shoes dealt to the cut, every round valued exactly or, for blackjack, in checked double precision;
a counting system's view; locally or on Dask)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import floor
from pathlib import Path

import click

from oddscalc import api
from oddscalc.cli.common import (
    QUERY_FORMATS,
    REFUSALS,
    REPORT_FORMATS,
    Choices,
    Command,
    CommandFn,
    UserError,
    analysis_options,
    default_version,
    emit,
    fail,
    game_argument,
    parse_pairs,
)
from oddscalc.cli.plotting import checked_plot, draw, plot_option
from oddscalc.core.cluster import ClusterFailure
from oddscalc.core.files import check_output, write_text
from oddscalc.core.numbers import parse_number, parse_whole, shorten
from oddscalc.core.progress import StderrBar
from oddscalc.protect.best_side import SIDES, best_side
from oddscalc.protect.burn import BURN_RULES, parse_burn
from oddscalc.protect.correlations import PE_DEFINITIONS
from oddscalc.protect.count_measures import measure_count
from oddscalc.protect.count_systems import MAX_COUNT, NAMED, CountSystem, imbalance_warning, parse_count, with_initial
from oddscalc.protect.execute import run, scheduler_address
from oddscalc.protect.index_plays import IndexSet, index_set
from oddscalc.protect.players import SPEC_KEYS, STAKE_KEYS, Player, split_spec
from oddscalc.protect.round_cards import MAX_BOXES, MAX_CUSTOM_BOXES
from oddscalc.protect.run_summary import Summary, seated, summarise
from oddscalc.protect.shoes import Plan, ShoeRecord
from oddscalc.protect.stakes import Stakes, parse_ramp, wonging
from oddscalc.protect.study_figures import study_figures, variances
from oddscalc.protect.target import ENGINES, INDEXED_MEASURE, STRATEGY_MEASURES, Target, target
from oddscalc.report.exact import fraction_text
from oddscalc.report.measures_render import measures_data, measures_text
from oddscalc.report.protect_render import (
    best_side_text,
    player_data,
    player_text,
    records_csv,
    study_text,
    summary_csv,
    summary_data,
    summary_text,
    table_csv,
    table_records_csv,
)
from oddscalc.report.removal_render import (
    GAMES,
    removal_csv,
    removal_document,
    removal_for,
    removal_markdown,
    removal_text,
)

__all__ = ["commands"]

_GAMES = tuple(sorted(GAMES))
_CHUNK = {"blackjack": 1}  # shoes per chunk: a blackjack shoe is seconds in doubles, minutes exactly; others 20
_MAX_SHOES = 10_000_000
_MAX_PENETRATION = Fraction(95, 100)


def _game_rules(
    game: str, version: str | None, rule: tuple[str, ...], decks: str | None
) -> tuple[str, str, dict[str, str]]:
    rules = parse_pairs(rule, "--rule")
    if decks is not None:
        rules["decks"] = decks
    return game, version or default_version(game), rules


def _common(formats: tuple[str, ...]) -> Callable[[CommandFn], CommandFn]:
    """GAME (a game dealt from a shoe) and the options every protection command shares (`analysis_options`)."""

    def wrap(fn: CommandFn) -> CommandFn:
        return game_argument(_GAMES)(analysis_options(formats)(fn))

    return wrap


@click.command(
    "removal",
    cls=Command,
    examples=["oddscalc removal blackjack --version 1994 --decks 6", "oddscalc removal punto-banco --format markdown"],
)
@_common(QUERY_FORMATS)
@plot_option("the effects of removal by card (a bar chart per wager)")
def removal(
    game: str,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str,
    plot_path: str | None,
) -> None:
    """Exact effects of removal: each wager's change in expectation when one card of each kind leaves the
    full shoe (blackjack: CD optimal and the fixed basic strategy; punto banco; Super Pan 9)."""
    plot = checked_plot(plot_path)
    game, version, rules = _game_rules(game, version, rule, decks)
    try:
        r = removal_for(game, version, rules, parse_pairs(pay, "--pay"), custom, StderrBar())
    except REFUSALS as exc:
        fail(str(exc))
    if plot:
        draw("removal_chart", "write_removal_plot", plot, r)
    if fmt == "json":
        emit(removal_document(game, version, [r]))
    elif fmt == "csv":
        emit(removal_csv([r]))
    elif fmt == "markdown":
        emit(removal_markdown([r], f"{game}: effects of removal under version {version}"))
    else:
        emit(removal_text(r))


@click.command(
    "protect",
    cls=Command,
    examples=[
        "oddscalc protect blackjack --version 1994 --decks 6 --shoes 100",
        "oddscalc protect blackjack --version 1994 --decks 6 --strategy both --engine exact --shoes 2",
        "oddscalc protect punto-banco --count 0=1,A=-1 --shoes 1000 --format json",
        "oddscalc protect blackjack --version 1994 --decks 6 --indices illustrious18 --shoes 100",
        "oddscalc protect blackjack --version 1994 --decks 6 --shoes 100 --player ramp=-1:0,1:1,2:2,3:4 "
        "--player spread=4,enter=1,leave=-1",
    ],
)
@_common(("text", "json", "csv"))
@click.option("--penetration", default="75%", show_default=True, help="Share of the shoe dealt before the cut card.")
@click.option(
    "--count",
    "count_text",
    default=None,
    help=f"Counting system: {', '.join(NAMED)} (hi-lo blackjack's default), none (others' default), or weights "
    "CARD=WEIGHT,... (e.g. 2=1,3=1,A=-1).",
)
@click.option(
    "--initial-count",
    "initial_text",
    default=None,
    metavar="IRC",
    help="Running count at each shuffle (an unbalanced count's start, e.g. -20 for K-O on 6 packs; exact).",
)
@click.option(
    "--key-count",
    "key_text",
    default=None,
    metavar="K",
    help="Bet by the running count: 1 unit below K, the --spread's top from K up (an unbalanced count's key count).",
)
@click.option(
    "--ramp",
    "ramp_text",
    default=None,
    metavar="RAMP",
    help="Stakes by true count TC:STAKE,... (e.g. -1:0,1:1,2:2,3:4,4:8: from bin TC up, STAKE units; 0 sits the "
    "round out; bins below the first take its stake), or @FILE; replaces --spread.",
)
@click.option(
    "--enter",
    "enter_text",
    default=None,
    metavar="TC",
    help="Wonging: back-count from the first round (watching every round) and play from a true count of TC.",
)
@click.option(
    "--leave",
    "leave_text",
    default=None,
    metavar="TC",
    help="Wonging: leave before a round below a true count of TC, for the rest of the shoe (the default; see "
    "--re-enter).",
)
@click.option(
    "--re-enter",
    "re_enter",
    is_flag=True,
    default=False,
    help="Wonging with --enter and --leave: after leaving, watch again and re-enter at --enter's count (default: "
    "once out, out for the rest of the shoe).",
)
@click.option("--shoes", default="100", show_default=True, help="Number of shoes dealt.")
@click.option("--seed", default="1", show_default=True, help="Seed: shoe i is shuffled by (seed, i) alone.")
@click.option(
    "--strategy",
    type=Choices(("basic", "optimal", "both"), "--strategy"),
    default="basic",
    show_default=True,
    help="Blackjack: the expectation under basic strategy (a fixed chart), optimal play (CD) or both.",
)
@click.option("--spread", default="8", show_default=True, help="Bet spread: 1 to N units by true count.")
@click.option("--chunk-size", default=None, help="Shoes per task (default: 1 for blackjack, 20 otherwise).")
@click.option(
    "--workers",
    default=None,
    help="Local processes (default: $ODDSCALC_WORKERS or min(2, CPUs); never more than the CPUs).",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Dask scheduler (tcp://host:8786); default: Dask's scheduler-address config / "
    "$DASK_SCHEDULER_ADDRESS, else local processes. A scheduler lost mid-run ends the run (exit 1); "
    "with --state, running the command again resumes it.",
)
@click.option("--state", default=None, metavar="DIR", help="Folder of finished chunks: an interrupted run resumes.")
@click.option("--records", default=None, metavar="FILE", help="Also write every round (CSV).")
@click.option(
    "--engine",
    type=Choices(ENGINES, "--engine"),
    default=None,
    help="How rounds are valued: exact, or double (blackjack's default: its double-precision evaluator, a sample "
    "of rounds checked against the exact engine and the largest difference reported).",
)
@click.option(
    "--check-every",
    "check_every",
    default="10",
    show_default=True,
    help="With --engine double: one round of every N-th shoe is also valued exactly.",
)
@click.option(
    "--ramp-variance",
    "ramp_variance_text",
    default=None,
    metavar="V",
    help="Variance per unit staked for the bet ramp's N0, SCORE and risk of ruin (exact, e.g. 1.3 or 13/10; "
    "default: the full shoe's, from each wager's math report).",
)
@click.option(
    "--burn",
    "burn_text",
    default="none",
    show_default=True,
    help=f"Cards burnt before the first round ({', '.join(BURN_RULES)}): the law is silent, so none by default; "
    "down:1 is blackjack's custom, first-card baccarat's (the first card face up, then its point value face down, "
    "tens and court cards 10; first-card-ace11: an Ace burns 11). Face-up cards are counted; face-down ones stay "
    "unseen.",
)
@click.option(
    "--boxes",
    "boxes_text",
    default="1",
    show_default=True,
    help=f"Blackjack: player boxes dealt each round (1 to {MAX_BOXES}), each playing the same strategy and staking "
    "the ramp's bet.",
)
@click.option(
    "--indices",
    "indices_text",
    default="none",
    show_default=True,
    metavar="SET",
    help="Blackjack: index plays by the true count in place of basic strategy's: none, illustrious18 (hi-lo's "
    "Illustrious 18, Schlesinger), derived (the indices `measures` derives for the rules and --count) or a FILE of "
    "lines 'hand, up-card, play, condition' (e.g. 'hard 16, T, stand, >= 0').",
)
@click.option(
    "--player",
    "player_specs",
    multiple=True,
    metavar="SPEC",
    help="Blackjack: one player at the table, repeatable (seat order; up to the table's boxes): KEY=VALUE,... with "
    f"the keys {', '.join(SPEC_KEYS)} (this command's options of those names, which give a key left out), e.g. "
    "'count=hi-lo,ramp=-1:0,1:1,2:2,3:4,indices=illustrious18,enter=1,leave=-1'; results per player.",
)
@plot_option("the advantage by true count, the true-count frequency and the yield by penetration")
def protect(
    game: str,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str,
    penetration: str,
    count_text: str | None,
    initial_text: str | None,
    key_text: str | None,
    ramp_text: str | None,
    enter_text: str | None,
    leave_text: str | None,
    re_enter: bool,
    shoes: str,
    seed: str,
    strategy: str,
    spread: str,
    chunk_size: str | None,
    workers: str | None,
    scheduler: str | None,
    state: str | None,
    records: str | None,
    engine: str | None,
    check_every: str,
    ramp_variance_text: str | None,
    burn_text: str,
    boxes_text: str,
    indices_text: str,
    player_specs: tuple[str, ...],
    plot_path: str | None,
) -> None:
    """Deal random shoes to the cut; before each round record the count and the expectation of the next round
    on the cards left (exact, or blackjack's double-precision evaluator checked against the exact engine);
    summarise by true count, favourable rounds and a bet spread's yield."""
    game, version, rules = _game_rules(game, version, rule, decks)
    try:
        pen = parse_number(
            penetration, "--penetration", minimum=0, maximum=_MAX_PENETRATION, min_open=True, percent=True
        )
        n_shoes = parse_whole(shoes, "--shoes", minimum=1, maximum=_MAX_SHOES)
        n_seed = parse_whole(seed, "--seed", minimum=0, maximum=2**63)
        n_spread = parse_whole(spread, "--spread", minimum=1, maximum=1000)
        size = (
            parse_whole(chunk_size, "--chunk-size", minimum=1, maximum=_MAX_SHOES)
            if chunk_size
            else _CHUNK.get(game, 20)
        )
        processes = parse_whole(workers, "--workers", minimum=1, maximum=1024) if workers else None
        strategies = {"basic": ("basic",), "optimal": ("optimal",), "both": ("basic", "optimal")}[strategy]
        state_dir = check_output(state, "--state", directory=True) if state else None
        records_path = check_output(records, "--records") if records else None
        plot = checked_plot(plot_path)
        check = parse_whole(check_every, "--check-every", minimum=1, maximum=_MAX_SHOES)
        ramp_variance = (
            parse_number(ramp_variance_text, "--ramp-variance", minimum=0, min_open=True, maximum=10**6)
            if ramp_variance_text is not None
            else None
        )
        burn = parse_burn(burn_text)
        boxes = _boxes(boxes_text, game)
        valued_by = engine or ("double" if api.has_estimates(game) else "exact")
        specs = _player_specs(player_specs, game, custom, boxes)
        indexed = any(sp.get("indices", indices_text).strip().lower() != "none" for sp in specs) or (
            not specs and indices_text.strip().lower() != "none"
        )
        if indexed and "basic" not in strategies:
            raise UserError("--indices: index plays change basic strategy's plays; give --strategy basic or both")
        t = target(
            game,
            version,
            rules,
            parse_pairs(pay, "--pay"),
            custom,
            strategies,
            engine=valued_by,
            indexed=indexed,
        )
        kinds = t.kinds()
        size_of_shoe = sum(n for _, n in kinds)
        burn.check_cut(floor(pen * size_of_shoe), size_of_shoe)
        count = parse_count(
            count_text if count_text is not None else ("hi-lo" if game == "blackjack" else "none"), kinds
        )
        count, stakes = _count_and_stakes(
            count, n_spread, initial_text, key_text, ramp_text, enter_text, leave_text, re_enter
        )
        pack = size_of_shoe // int(t.resolved()["decks"])
        if count is not None and not specs:
            warning = imbalance_warning(count, kinds, floor(pen * size_of_shoe), pack)
            if warning:
                _say(f"warning: {warning}")
        if plot and count is None and not specs:  # a table's players each count
            fail("--plot: the study's plots are by true count; give --count (a counting system)")
        own = {
            "count": count_text or "hi-lo",
            "initial-count": initial_text,
            "key-count": key_text,
            "ramp": ramp_text,
            "spread": spread,
            "enter": enter_text,
            "leave": leave_text,
            "re-enter": "yes" if re_enter else None,
            "indices": indices_text,
        }
        where = (game, version, rules, dict(t.pay), custom)
        sets: dict[tuple[str, CountSystem], IndexSet | None] = {}  # one derivation of a set the players share
        players = tuple(
            _player(i, sp, own, kinds, floor(pen * size_of_shoe), pack, where, sets) for i, sp in enumerate(specs, 1)
        )
        indices = None if players else index_set(indices_text, *where, count, pack, StderrBar())
        if indices is not None and count is not None and indices.name.endswith("(hi-lo)") and count.name != "hi-lo":
            _say(f"warning: the {indices.name} are hi-lo's thresholds, played here by the count {count.name}")
        if players:
            plan = Plan(t, pen, n_seed, n_shoes, check, burn, 1, None, None, pack, players)
        else:
            plan = Plan(
                t, pen, n_seed, n_shoes, check, burn, boxes, indices, count, pack, stakes=stakes if indices else None
            )
        address = scheduler_address(scheduler)
        try:
            found = run(plan, size, processes, address, state_dir, StderrBar(), say=_say)
        except BaseException as exc:  # Ctrl-C or SIGTERM (cli.main says "interrupted"): what was kept, and how on
            if not isinstance(exc, (Exception, SystemExit, GeneratorExit)):
                click.echo(f"\noddscalc: {_kept(state_dir)}", err=True)
            raise
    except REFUSALS as exc:
        fail(str(exc))
    except ClusterFailure as exc:  # exit 1 (cli.main); the chunks finished are saved when there is a state folder
        kept = (
            f"kept in --state {state_dir}: run the same command again to resume"
            if state_dir
            else "none kept: with --state DIR a rerun resumes from the finished chunks"
        )
        raise ClusterFailure(f"{exc}, {kept}") from None
    measures = tuple(m.name for m in t.measures)
    about = {  # a table of players has each player's count and no index set of its own (summary_data per player)
        "game": game,
        "version": version,
        "rules": t.resolved(),
        "custom": custom,
        "penetration": str(pen),
        "seed": n_seed,
        "pack": pack,
        "engine": valued_by,
        "check_every": check,
        "count": None if players or count is None else _count_about(count, kinds),
        "where": address or "local processes",
        "burn": {"rule": burn.text(), "description": burn.describe()},
        "boxes": 1 if players else boxes,
        **({"indices": _indices_about(indices)} if indices is not None else {}),
    }
    rules_text = ", ".join(f"{k} = {v}" for k, v in t.resolved().items() if k != "strategy")
    title = f"{game}, version {version}{' (CUSTOM)' if custom else ''}: {rules_text}"
    if players:
        heading = [
            title,
            f"penetration {float(pen) * 100:g}% (cut after floor(penetration x {size_of_shoe}) cards), "
            f"seed {n_seed}, each player's own count; true count = running count / (cards left / {pack})",
            f"burn: {burn.describe()}",
            f"table: {len(players)} players (--player), seated in that order; a box is dealt to each player staking "
            "on a round (boxes in seat order, the banker after them), none to a player sitting out or away (one box, "
            "another punter's, when no player stakes); every box plays the full shoe's basic strategy chart"
            + (", a player's with his index plays at his true count" if any(p.indices for p in players) else ""),
        ]
        try:
            _table_output(
                fmt, heading, about, t, found, measures, players, kinds, pen, ramp_variance, records_path, plot
            )
        except REFUSALS as exc:
            fail(str(exc))
        return
    s = summarise(found, measures, kinds, pack, count, stakes, boxes)
    best = best_side(game, found, measures)
    try:
        figures = (
            study_figures(
                s, found, kinds, pack, count, pen, (ramp_variance,) * len(measures) if ramp_variance else variances(t)
            )
            if count is not None
            else None
        )
    except REFUSALS as exc:
        fail(str(exc))
    if records_path:
        write_text(records_path, records_csv(found, measures, kinds, pack, count, stakes, SIDES.get(game, ())))
    if plot:
        draw("study_charts", "write_study_plot", plot, s, found, kinds, pack, count, about)
    if fmt == "json":
        emit(summary_data(s, about, figures, best))
    elif fmt == "csv":
        emit(summary_csv(s))
    else:
        heading = [
            title,
            f"penetration {float(pen) * 100:g}% (cut after floor(penetration x {size_of_shoe}) cards), "
            f"seed {n_seed}, {_count_heading(count, kinds) if count else 'no count'}; "
            f"true count = running count / (cards left / {pack})",
            f"burn: {burn.describe()}"
            + ("" if game != "blackjack" else f"; {boxes} player box{'' if boxes == 1 else 'es'} a round"),
            *([] if indices is None else [_indices_heading(indices)]),
        ]
        emit(
            summary_text(s, heading) + (study_text(figures) if figures else "") + (best_side_text(best) if best else "")
        )


@click.command(
    "measures",
    cls=Command,
    examples=[
        "oddscalc measures blackjack --version 1994 --decks 6",
        "oddscalc measures punto-banco --count 0=-1,9=1 --format json",
    ],
)
@_common(REPORT_FORMATS)
@click.option(
    "--count",
    "count_text",
    default="hi-lo",
    show_default=True,
    help="Counting system: hi-lo, or weights CARD=WEIGHT,... (e.g. 2=1,3=1,A=-1; exact, 2=1/2).",
)
@click.option(
    "--strategy",
    type=Choices(("basic", "optimal"), "--strategy"),
    default="basic",
    show_default=True,
    help="Blackjack: the play whose expectation BC is quoted for, basic strategy (a fixed chart) or optimal (CD).",
)
@click.option(
    "--penetration",
    default="75%",
    show_default=True,
    help="PE's depth model: rounds dealt evenly until the cut card, after this share of the shoe.",
)
@click.option(
    "--pe",
    "definition",
    type=Choices(tuple(PE_DEFINITIONS), "--pe"),
    default="griffin",
    show_default=True,
    help="PE's headline definition (both are printed).",
)
@click.option(
    "--pe-scope",
    "scope",
    type=Choices(("every", "starting"), "--pe-scope"),
    default="starting",
    show_default=True,
    help="Blackjack PE over the starting hands alone (the shipped decisions), or over every decision "
    "(Griffin's) printed beside it (the decisions after the first two cards valued: minutes at 6 packs).",
)
def measures(
    game: str,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str,
    count_text: str,
    strategy: str,
    penetration: str,
    definition: str,
    scope: str,
) -> None:
    """A count's betting correlation (BC), playing efficiency (PE) and insurance correlation (IC) from the exact
    effects of removal, and its index numbers for the Illustrious 18 (blackjack; BC alone for the other games)."""
    game, version, rules = _game_rules(game, version, rule, decks)
    try:
        pen = parse_number(
            penetration, "--penetration", minimum=0, maximum=_MAX_PENETRATION, min_open=True, percent=True
        )
        m = measure_count(
            game,
            version,
            rules,
            parse_pairs(pay, "--pay"),
            custom,
            count_text,
            strategy,
            pen,
            definition,
            StderrBar(),
            every_decision=scope == "every",
        )
    except REFUSALS as exc:
        fail(str(exc))
    emit(measures_data(m) if fmt == "json" else measures_text(m))


def _say(line: str) -> None:
    click.echo(f"oddscalc: {line}", err=True)


def _kept(state_dir: Path | None) -> str:
    """What an interrupted study kept, and how to go on from it."""
    if state_dir is None:
        return "no chunk kept: with --state DIR an interrupted run resumes from its finished chunks"
    kept = len(list(state_dir.glob("chunk-*"))) if state_dir.is_dir() else 0
    return f"{kept} finished chunk(s) kept in --state {state_dir}: run the same command again to resume"


def _count_and_stakes(
    count: CountSystem | None,
    spread: int,
    initial: str | None,
    key: str | None,
    ramp: str | None,
    enter: str | None = None,
    leave: str | None = None,
    re_enter: bool = False,
) -> tuple[CountSystem | None, Stakes]:
    """The count with its initial running count, and the stakes: the spread, a key count's or a ramp's, with the
    wonging's entry and exit."""
    named = (
        ("--initial-count", initial),
        ("--key-count", key),
        ("--ramp", ramp),
        ("--enter", enter),
        ("--leave", leave),
    )
    given = [name for name, v in named if v is not None]
    if count is None and given:
        raise UserError(f"{given[0]}: the study keeps no count (--count none); give a --count with it")
    if key is not None and ramp is not None:
        raise UserError("--key-count and --ramp: give one (a key count bets by the running count, a ramp by the true)")
    if count is not None and initial is not None:
        count = with_initial(count, parse_number(initial, "--initial-count", minimum=-MAX_COUNT, maximum=MAX_COUNT))
    if key is not None:
        stakes = Stakes(spread, key=parse_number(key, "--key-count", minimum=-MAX_COUNT, maximum=MAX_COUNT))
    else:
        stakes = parse_ramp(ramp) if ramp is not None else Stakes(spread)
    if enter is None and leave is None and not re_enter:
        return count, stakes
    if count is None:
        raise UserError("--re-enter: the study keeps no count (--count none); give a --count with it")
    return count, wonging(
        stakes, enter=_true_count(enter, "--enter"), leave=_true_count(leave, "--leave"), re_enter=re_enter
    )


def _true_count(text: str | None, flag: str) -> Fraction | None:
    """A wonging threshold: an exact true count within the count's bounds (None when not given)."""
    if text is None:
        return None
    try:
        return parse_number(text, flag, minimum=-MAX_COUNT, maximum=MAX_COUNT)
    except REFUSALS:
        raise UserError(
            f"{flag} {shorten(text.strip())}: allowed a true count, an exact number from -{MAX_COUNT:,} to "
            f"{MAX_COUNT:,} (e.g. 1, -0.5 or 3/2)"
        ) from None


def _count_heading(count: CountSystem, kinds: tuple[tuple[str, int], ...]) -> str:
    """The heading's count: its name and weights, and an initial running count when given."""
    start = "" if count.initial is None else f", initial running count {count.initial}"
    return f"count {count.name}: {count.describe(kinds)}{start}"


def _count_about(count: CountSystem, kinds: tuple[tuple[str, int], ...]) -> dict:
    """JSON's count: name and weights, with the initial running count when given."""
    start = {} if count.initial is None else {"initial_running_count": fraction_text(count.initial)}
    return {"name": count.name, "weights": count.describe(kinds), **start}


def _indices_heading(indices: IndexSet) -> str:
    """The heading's strategy line: the set, its plays, and those the rules left out."""
    line = f"strategy: {indices.strategy()}: " + ("; ".join(p.text() for p in indices.plays) or "no index play")
    out = "; ".join(why for _, why in indices.left_out)
    return line + (f"; left out: {out}" if out else "")


def _indices_about(indices: IndexSet) -> dict:
    """JSON's index plays: the strategy, its plays, and those the rules left out with why."""
    return {
        "strategy": indices.strategy(),
        "plays": [p.exact() for p in indices.plays],
        "left_out": [{"play": what, "why": why} for what, why in indices.left_out],
    }


def _table_output(
    fmt: str,
    heading: list[str],
    about: dict,
    t: Target,
    found: list[ShoeRecord],
    measures: tuple[str, ...],
    players: tuple[Player, ...],
    kinds: tuple[tuple[str, int], ...],
    pen: Fraction,
    ramp_variance: Fraction | None,
    records: Path | None = None,
    plot: Path | None = None,
) -> None:
    """A table of several players: the shoes' own figures (the basic strategy's values), then each player's; with
    `records`, every round with each player's count, place, stake and values; with `plot`, each player's study
    (one series a player)."""
    shared = tuple(STRATEGY_MEASURES["basic"] if m == INDEXED_MEASURE else m for m in measures)
    pack = about["pack"]
    if records:
        named = [(p.count, p.stakes, measures if p.indices is not None else shared) for p in players]
        write_text(records, table_records_csv(found, shared, kinds, pack, named))
    s = summarise(found, shared, kinds, pack, None, Stakes(), 1)
    per_unit = (ramp_variance,) * len(measures) if ramp_variance else variances(t)
    results = []
    drawn: list[tuple[str, Summary, list[ShoeRecord], CountSystem]] = []  # each player's study, for the plot
    for i, p in enumerate(players):
        view = seated(found, i)
        names = measures if p.indices is not None else shared
        mine = summarise(view, names, kinds, pack, p.count, p.stakes, 1)
        lines = [f"Player {i + 1} ({p.spec or 'the command options'}): {_count_heading(p.count, kinds)}"]
        if p.indices is not None:
            lines.append(_indices_heading(p.indices))
        about_p = {
            "seat": i + 1,
            "spec": p.spec,
            "count": _count_about(p.count, kinds),
            **({"indices": _indices_about(p.indices)} if p.indices is not None else {}),
        }
        results.append((lines, about_p, mine, study_figures(mine, view, kinds, pack, p.count, pen, per_unit)))
        drawn.append((f"player {i + 1}", mine, view, p.count))
    if fmt == "json":
        emit({**summary_data(s, about), "players": [player_data(*r[1:]) for r in results]})
    elif fmt == "csv":
        emit(table_csv(s, [r[2] for r in results]))
    else:
        emit(summary_text(s, heading) + "".join(player_text(r[0], r[2], r[3]) for r in results))
    if plot:
        draw("study_charts", "write_table_plot", plot, drawn, kinds, pack, about)


def _player_specs(specs: tuple[str, ...], game: str, custom: bool, boxes: int) -> list[dict[str, str]]:
    """The --player specs split by key (`players.split_spec`), refused where the table or the run cannot take them."""
    if not specs:
        return []
    if game != "blackjack":
        raise UserError(f"--player: {game} deals one player hand; several players are blackjack's")
    top = MAX_CUSTOM_BOXES if custom else MAX_BOXES
    if len(specs) > top:
        raise UserError(
            f"--player given {len(specs)} times: the table has {MAX_BOXES} boxes (allowed 1 to {MAX_BOXES} players"
            + (f"; a custom table {MAX_CUSTOM_BOXES})" if custom else f", or up to {MAX_CUSTOM_BOXES} with --custom)")
        )
    if boxes != 1:
        raise UserError(f"--boxes {boxes} and --player: each player takes one box; give --boxes 1 (the default)")
    return [split_spec(sp, f"--player {i}") for i, sp in enumerate(specs, 1)]


def _player(
    seat: int,
    spec: dict[str, str],
    own: dict[str, str | None],
    kinds: tuple[tuple[str, int], ...],
    cut: int,
    pack: int,
    where: tuple[str, str, dict[str, str], dict[str, str], bool],
    sets: dict[tuple[str, CountSystem], IndexSet | None],
) -> Player:
    """Player `seat` from his spec, a key left out taking the command's option of that name (`own`), each value
    read by that option's own reader (its errors prefixed with the player); a spec naming his stakes (STAKE_KEYS)
    takes none of the command's; `sets`: the index sets read so far, by text and count."""
    got = {**own, **spec}
    if any(k in spec for k in STAKE_KEYS):  # his own stakes: none of the command's (a ramp would replace his spread)
        got.update({k: spec.get(k) for k in STAKE_KEYS})
    try:
        count = parse_count(got["count"] or "hi-lo", kinds)
        if count is None:
            raise UserError("count=none: a player at the table counts; allowed: a count (e.g. count=hi-lo)")
        spread = parse_whole(got["spread"] or "8", "spread", minimum=1, maximum=1000)
        count, stakes = _count_and_stakes(
            count,
            spread,
            got["initial-count"],
            got["key-count"],
            got["ramp"],
            got["enter"],
            got["leave"],
            got["re-enter"] is not None,
        )
        assert count is not None  # a count was given
        key = (got["indices"] or "none", count)
        if key not in sets:
            sets[key] = index_set(key[0], *where, count, pack, StderrBar())
        indices = sets[key]
    except REFUSALS as exc:
        raise UserError(f"--player {seat}: {exc}") from None
    warning = imbalance_warning(count, kinds, cut, pack)
    if warning:
        _say(f"warning: player {seat}: {warning}")
    if indices is not None and indices.name.endswith("(hi-lo)") and count.name != "hi-lo":
        _say(
            f"warning: player {seat}: the {indices.name} are hi-lo's thresholds, played here by the count {count.name}"
        )
    text = ",".join(f"{k}={v}" if k != "re-enter" else k for k, v in spec.items())
    return Player(count, stakes, indices, text)


def _boxes(text: str, game: str) -> int:
    """--boxes: 1 to MAX_BOXES (blackjack only; other games deal one player hand)."""
    try:
        n = parse_whole(text, "--boxes", minimum=1, maximum=MAX_BOXES)
    except REFUSALS:
        raise UserError(f"--boxes {text.strip()!r}: allowed a whole number from 1 to {MAX_BOXES}") from None
    if n != 1 and game != "blackjack":
        raise UserError(f"--boxes {n}: {game} deals one player hand; boxes are blackjack's (allowed: 1)")
    return n


commands = [removal, measures, protect]
