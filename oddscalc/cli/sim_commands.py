"""`oddscalc simulate` and `oddscalc check`: the reference simulator and the statistical cross-check."""

from __future__ import annotations

from collections import Counter
from contextlib import nullcontext
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from oddscalc import api, door
from oddscalc.cli.common import (
    EXACT_LAW_COST,
    REFUSALS,
    Command,
    analysis_options,
    emit,
    exact_law_option,
    exact_option,
    fail,
    format_option,
    game_argument,
    parse_pairs,
    run_analysis,
    wager_argument,
)
from oddscalc.core.distribution import render_decimal
from oddscalc.core.files import OutputPathError, check_output, write_text
from oddscalc.core.inputs import InputPathError, check_input
from oddscalc.core.numbers import NumberError, parse_number, parse_whole, shorten
from oddscalc.core.progress import StderrBar
from oddscalc.core.schemas import named
from oddscalc.report.exact import cell_text, fraction_text, short_text, shorten_numbers
from oddscalc.report.text import _csv, fit
from oddscalc.sim.check import CheckResult, significant
from oddscalc.sim.log_lines import round_log
from oddscalc.sim.results import SHOE_DEALT, counts_csv, counts_json, read_results
from oddscalc.sim.shoe_dealing import DECLARE, Dealing
from oddscalc.sim.shuffle_models import SHUFFLE_HELP, ShuffleError, parse_shuffle
from oddscalc.sim.simulators import NEEDS_TABLE
from oddscalc.sim.simulators import simulate as run_simulation

#: The most rounds one `simulate` run plays (hours of work already); add the counts of several seeds for more.
MAX_ROUNDS = 10**9
#: What `simulate` writes: a summary for people, or the counts `check` reads.
SIMULATE_FORMATS = ("text", "json", "csv")


@click.command(
    cls=Command,
    examples=[
        "oddscalc simulate roulette straight --rounds 1e5",
        "oddscalc simulate punto-banco banker --decks 8 --rounds 20000 --seed 1 --out sim.csv",
        "oddscalc simulate blackjack initial --version 1994 --rule strategy=basic --log bj.jsonl --out bj.csv",
    ],
)
@game_argument()
@wager_argument()
@click.option(
    "--rounds",
    default="100000",
    show_default=True,
    help="Number of rounds to play, 1 to 10^9 (exponent notation such as 1e6 accepted).",
)
@click.option("--seed", default="1", show_default=True, help="Random seed, a whole number (same seed, same results).")
@click.option("--out", default=None, help="Write the results here instead of standard output.")
@click.option(
    "--log",
    "log_path",
    default=None,
    help="Also write every round to this round log (JSON Lines; the documentation's page \"Verifying round by "
    'round"), for `oddscalc verify`.',
)
@click.option(
    "--shuffle",
    "shuffle",
    default=None,
    help=f"Testing verify: deal one shoe to its cut card, then rebuild it from its own cards and shuffle it "
    f"by this model ({SHUFFLE_HELP}); punto banco, blackjack, Super Pan 9 (House bank). Not a game "
    "rule: rounds are not independent, so `check` does not apply.",
)
@click.option(
    "--cut",
    "cut",
    default=None,
    help="With --shuffle: cards dealt before the cut card (default: 16 from the end in punto banco and Super "
    "Pan 9, one pack in blackjack; the shoe's size deals it to the end, reshuffling in mid-round).",
)
@click.option(
    "--declare-order",
    "declare",
    type=click.Choice(DECLARE),
    default=None,
    help="With --shuffle and --log: write each shoe's order on its first round (open), or its SHA-256 there "
    "and the order on its last round (commit).",
)
@analysis_options(None)
@format_option(
    SIMULATE_FORMATS,
    None,
    "Output format (default: text on standard output; csv, what `oddscalc check` reads, with --out).",
)
def simulate(
    game: str,
    wager: str,
    rounds: str,
    seed: str,
    out: str | None,
    log_path: str | None,
    shuffle: str | None,
    cut: str | None,
    declare: str | None,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str | None,
) -> None:
    """Play WAGER for --rounds rounds with real dice, wheels and shuffled shoes; count each net return.

    Prints the counts with the observed mean beside the exact expectation; --format csv (`net_return,count`) or
    json writes them as `oddscalc check` reads them, and --out FILE writes csv unless told otherwise. --log FILE
    also writes each round (cards, throws, decisions, stakes and settlements) for `oddscalc verify`.
    """
    fmt = fmt or ("text" if out is None else "csv")
    try:
        n_rounds = parse_whole(rounds, "--rounds", minimum=1, maximum=MAX_ROUNDS)
        n_seed = parse_whole(seed, "--seed", max_digits=100)
        out_path = None if out is None else check_output(out, "--out")
        log_file = None if log_path is None else check_output(log_path, "--log")
        dealing = _dealing(shuffle, cut, declare, log_file)
    except (NumberError, OutputPathError, ShuffleError) as exc:
        fail(str(exc))
    a = run_analysis(game, wager, version, pay, rule, decks, custom)
    w = a.results[0].wager
    try:
        table = (
            api.decision_table(a.game, a.version, w.key, dict(a.rules), custom=True) if a.game in NEEDS_TABLE else None
        )
        with (
            nullcontext()
            if log_file is None
            else round_log(
                log_file,
                a.game,
                a.version,
                dict(a.rules),
                parse_pairs(pay, "--pay"),
                {"simulator": "oddscalc simulate (reference)", "seed": n_seed},
            )
        ) as log:
            counts = run_simulation(
                a.game, w, n_rounds, n_seed, StderrBar(), rules=dict(a.rules), table=table, log=log, dealing=dealing
            )
    except REFUSALS as exc:
        fail(str(exc))
    if log_file is not None:
        click.echo(f"{n_rounds:,} round{'' if n_rounds == 1 else 's'} logged to {log_file}", err=True)
    meta = {
        "game": a.game,
        "wager": w.key,
        "version": a.version,
        "rules": dict(a.rules),
        "seed": n_seed,
        "rounds": n_rounds,
    }
    if dealing is not None:  # one shoe to its cut card: the rounds are not independent
        meta["dealt"] = SHOE_DEALT
    if fmt == "json":
        text = counts_json(counts, named("simulation", meta))
    elif fmt == "csv":
        text = counts_csv(counts, shoe_dealt=dealing is not None)
    else:
        text = _counts_text(
            f"{a.game} {w.key}, version {a.version}",
            n_rounds,
            n_seed,
            counts,
            a.results[0].distribution.mean,
            None if dealing is None else a.game,
        )
    if out_path:
        try:
            write_text(out_path, text)
        except OSError as exc:
            fail(f"cannot write --out {shorten(str(out_path))}: {exc.strerror or exc}")
        click.echo(f"{n_rounds:,} round{'' if n_rounds == 1 else 's'} written to {out_path}", err=True)
    else:
        emit(text)


def _counts_text(
    what: str, rounds: int, seed: int, counts: Counter[Fraction], exact: Fraction, shoe_game: str | None = None
) -> str:
    """The counts for people: each net return's rounds and share, and the observed mean beside the exact one;
    how to test them (`check`, or for rounds dealt from one shoe of `shoe_game`, `verify` on their log)."""
    hint = (
        "  to test them: --format csv --out FILE, then oddscalc check GAME WAGER FILE"
        if shoe_game is None
        else "  dealt from one shoe to its cut card, the rounds are not independent and check does not apply: "
        f"write them with --log FILE and judge it with oddscalc verify {shoe_game} FILE"
    )
    rows = [("net return", "rounds", "share")]
    rows += [
        (cell_text(r), f"{n:,}", render_decimal(Fraction(n * 100, rounds), 4) + "%") for r, n in sorted(counts.items())
    ]
    widths = [max(len(cell) for cell in column) for column in zip(*rows)]
    observed = Fraction(sum(r * n for r, n in counts.items()), rounds)
    return (
        "\n".join(
            fit(
                [
                    f"{what}: {rounds:,} round{'' if rounds == 1 else 's'}, seed {seed}",
                    *["  " + "  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows],
                    f"  mean net return per unit staked: {render_decimal(observed, 6)} "
                    f"(exact expectation {render_decimal(exact, 6)})",
                    hint,
                ]
            )
        )
        + "\n"
    )


def _dealing(shuffle: str | None, cut: str | None, declare: str | None, log_path: Path | None) -> Dealing | None:
    """`--shuffle`, `--cut` and `--declare-order` read and checked together (the cut's bound is the game's)."""
    if shuffle is None:
        if cut is not None or declare is not None:
            raise ShuffleError(
                f"{'--cut' if cut is not None else '--declare-order'} needs --shuffle (without it every "
                "round is dealt from a freshly shuffled shoe)"
            )
        return None
    if declare is not None and log_path is None:
        raise ShuffleError("--declare-order writes into the round log; give --log FILE")
    return Dealing(
        parse_shuffle(shuffle), None if cut is None else parse_whole(cut, "--cut", minimum=1, maximum=100_000), declare
    )


@click.command(
    cls=Command,
    examples=[
        "oddscalc check punto-banco banker sim.csv --decks 8",
        "oddscalc check blackjack initial bj.csv --version 1994 --rule strategy=basic --format json",
    ],
)
@game_argument()
@wager_argument()
@click.argument("results")
@click.option(
    "--alpha",
    default="1/100",
    show_default=True,
    help="Significance level of the verdict (split equally between the two tests).",
)
@analysis_options(SIMULATE_FORMATS)
@exact_law_option
@exact_option
def check(
    game: str,
    wager: str,
    results: str,
    alpha: str,
    version: str | None,
    pay: tuple[str, ...],
    rule: tuple[str, ...],
    decks: str | None,
    custom: bool,
    fmt: str,
    exact_law: bool,
    whole: bool,
) -> None:
    """Test observed outcome counts in RESULTS (CSV or JSON, gzip-compressed or not; - reads standard input)
    against WAGER's exact distribution.

    Exit status 0 when consistent, 1 when the simulator disagrees with the mathematics, 2 on bad input.
    """
    try:
        level = parse_number(alpha, "--alpha", minimum=0, maximum=1, min_open=True, max_open=True, max_digits=30)
    except NumberError as exc:
        fail(f"{exc}; give a level such as 0.01 or 1/100")
    try:
        check_input(results, "RESULTS")  # before the analysis, which may take a while
    except InputPathError as exc:
        fail(str(exc))
    a = run_analysis(game, wager, version, pay, rule, decks, custom, exact_law)
    result = a.results[0]
    if result.not_a_law and result.partial is None:
        fail(f"cannot check {a.game} {result.wager.key} under these rules: {result.not_a_law}")
    try:
        outcome = door.check_counts(result, read_results(results, a.game), alpha=level)
    except REFUSALS as exc:
        fail(str(exc))
    bins: list[dict[str, Any]] = [
        {"returns": [str(r) for r in b.returns], "observed": b.observed, "expected": fraction_text(b.expected)}
        | ({} if b.low is None or b.high is None else {"allowed": [fraction_text(b.low), fraction_text(b.high)]})
        for b in outcome.bins
    ]
    data = {
        "game": a.game,
        "wager": a.results[0].wager.key,
        "version": a.version,
        "rules": dict(a.rules),
        "rounds": outcome.rounds,
        "bins": bins,
        "chi_square": {
            "statistic": str(outcome.chi_square),
            "dof": outcome.degrees_of_freedom,
            "p": outcome.chi_square_p,
        },
        "mean": {
            "observed": str(outcome.observed_mean),
            "exact": str(outcome.expected_mean),
            "z": outcome.z,
            "p": outcome.z_p,
        },
        "alpha": str(outcome.alpha),
        "passed": outcome.passed,
        "verdict": outcome.verdict,
    }
    if fmt == "json":
        emit(named("check", data))
    elif fmt == "csv":
        emit(
            _csv(
                [
                    ("returns", "observed", "expected"),
                    *[(" ".join(b["returns"]), b["observed"], b["expected"]) for b in bins],
                    ("verdict", "consistent" if outcome.passed else "inconsistent", outcome.verdict),
                ]
            )
        )
    else:
        lines = [
            f"{a.game} {a.results[0].wager.key}, version {a.version}: {outcome.rounds} rounds",
            f"  {'net returns':24} {'observed':>10} {'expected':>14}"
            + ("  allowed (the nearest allowed law is shown)" if result.partial else ""),
        ]
        for b in outcome.bins:
            allowed = (
                ""
                if b.low is None or b.high is None or b.low == b.high
                else f"  {render_decimal(b.low, 2)} to {render_decimal(b.high, 2)}"
            )
            lines.append(
                f"  {' '.join(str(r) for r in b.returns):24} {b.observed:>10} "
                f"{render_decimal(b.expected, 2):>14}{allowed}"
            )
        lines += [
            f"  chi-square {render_decimal(outcome.chi_square, 4)} on {outcome.degrees_of_freedom} degrees of "
            f"freedom: p = {significant(outcome.chi_square_p)}",
            f"  mean return {render_decimal(outcome.observed_mean, 6)} against exact {_exact_mean(outcome, whole)}: "
            f"z = {outcome.z}, p = {significant(outcome.z_p)}",
            f"verdict: {shorten_numbers(outcome.verdict, whole)}",
        ]
        if result.partial is not None and not exact_law:
            lines.append(
                f"note: --exact-law checks against the law of every round with nothing lumped ({EXACT_LAW_COST})"
            )
        emit("\n".join(fit(lines)) + "\n")
    if not outcome.passed:
        raise SystemExit(1)


def _exact_mean(outcome: CheckResult, whole: bool) -> str:
    """The exact mean as a fraction with its decimal, or shortened (already a decimal) where long."""
    shown = short_text(outcome.expected_mean, whole)
    whole_fraction = shown == cell_text(outcome.expected_mean)
    return f"{shown} ({render_decimal(outcome.expected_mean, 6)})" if whole_fraction else shown


commands = [simulate, check]
