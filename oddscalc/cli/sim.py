"""`oddscalc simulate` and `oddscalc check`: the reference simulator and the statistical cross-check."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import click

from oddscalc import api
from oddscalc.cli import analysis_options, check_format, emit, fail, run_analysis
from oddscalc.core.progress import StderrBar
from oddscalc.report.text import _csv
from oddscalc.sim.check import check_counts
from oddscalc.sim.results import counts_csv, counts_json, read_results
from oddscalc.sim.roundlog import RoundLogWriter
from oddscalc.sim.simulators import NEEDS_TABLE
from oddscalc.sim.simulators import simulate as run_simulation


@click.command()
@click.argument("game")
@click.argument("wager")
@click.option("--rounds", type=int, default=100_000, show_default=True, help="Number of rounds to play.")
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed (same seed, same results).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the results here instead of standard output.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write every round to this round log (JSON Lines, docs/verify.md), for `oddscalc verify`.")
@analysis_options
def simulate(game, wager, rounds, seed, out, log_path, version, pay, rule, decks, custom, fmt) -> None:
    """Play WAGER for --rounds rounds with real dice, wheels and shuffled shoes; write outcome counts.

    The output (CSV `net_return,count`, or JSON with --format json) is what `oddscalc check` reads; --log
    FILE also writes each round (cards, throws, decisions, stakes and settlements) for `oddscalc verify`.
    """
    if fmt not in ("csv", "json", "text"):
        check_format(fmt)
    if log_path is not None:
        from oddscalc.core.files import check_output
        try:
            check_output(log_path, "--log")
        except ValueError as exc:
            fail(str(exc))
    a = run_analysis(game, wager, version, pay, rule, decks, custom)
    w = a.results[0].wager
    writer = None
    try:
        table = (api.decision_table(a.game, a.version, w.key, dict(a.rules), custom=True)
                 if a.game in NEEDS_TABLE else None)
        if log_path is not None:
            writer = RoundLogWriter(log_path, a.game, a.version, dict(a.rules), _pay_pairs(pay),
                                    {"simulator": "oddscalc simulate (reference)", "seed": seed})
        counts = run_simulation(a.game, w, rounds, seed, StderrBar(), rules=dict(a.rules), table=table, log=writer)
        if writer is not None:
            writer.close()
            click.echo(f"{rounds} rounds logged to {log_path}", err=True)
    except ValueError as exc:
        if writer is not None:
            writer.abort()
        fail(str(exc))
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    meta = {"schema_version": 1, "game": a.game, "wager": w.key, "version": a.version, "rules": dict(a.rules),
            "seed": seed, "rounds": rounds}
    text = counts_json(counts, meta) if fmt == "json" else counts_csv(counts)
    if out:
        out.write_text(text)
        click.echo(f"{rounds} rounds written to {out}", err=True)
    else:
        emit(text)


def _pay_pairs(pay: tuple[str, ...]) -> dict[str, str]:
    return dict(item.split("=", 1) for item in pay)


@click.command()
@click.argument("game")
@click.argument("wager")
@click.argument("results", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--alpha", default="1/100", show_default=True,
              help="Significance level of the verdict (split equally between the two tests).")
@analysis_options
def check(game, wager, results, alpha, version, pay, rule, decks, custom, fmt) -> None:
    """Test observed outcome counts in RESULTS (CSV or JSON) against WAGER's exact distribution.

    Exit status 0 when consistent, 1 when the simulator disagrees with the mathematics, 2 on bad input.
    """
    check_format(fmt)
    try:
        level = Fraction(alpha)
    except (ValueError, ZeroDivisionError):
        fail(f"--alpha {alpha!r} is not a number; give a level between 0 and 1, e.g. 0.01 or 1/100")
    if not 0 < level < 1:
        fail(f"--alpha {alpha} must lie strictly between 0 and 1")
    a = run_analysis(game, wager, version, pay, rule, decks, custom)
    if a.results[0].not_a_law:
        fail(f"cannot check {a.game} {a.results[0].wager.key} under these rules: {a.results[0].not_a_law}")
    try:
        outcome = check_counts(a.results[0].distribution, read_results(results), level)
    except ValueError as exc:
        fail(str(exc))
    bins = [{"returns": [str(r) for r in b.returns], "observed": b.observed,
             "expected": f"{b.expected.numerator}/{b.expected.denominator}"} for b in outcome.bins]
    if fmt == "json":
        emit({"game": a.game, "wager": a.results[0].wager.key, "version": a.version, "rules": dict(a.rules),
              "rounds": outcome.rounds, "bins": bins,
              "chi_square": {"statistic": str(outcome.chi_square), "dof": outcome.degrees_of_freedom,
                             "p": outcome.chi_square_p},
              "mean": {"observed": str(outcome.observed_mean), "exact": str(outcome.expected_mean),
                       "z": outcome.z, "p": outcome.z_p},
              "alpha": str(outcome.alpha), "passed": outcome.passed, "verdict": outcome.verdict})
    elif fmt == "csv":
        emit(_csv([("returns", "observed", "expected"),
                   *[(" ".join(b["returns"]), b["observed"], b["expected"]) for b in bins],
                   ("verdict", outcome.passed, outcome.verdict)]))
    else:
        lines = [f"{a.game} {a.results[0].wager.key}, version {a.version}: {outcome.rounds} rounds",
                 f"  {'net returns':24} {'observed':>10} {'expected':>14}"]
        for b in outcome.bins:
            lines.append(f"  {' '.join(str(r) for r in b.returns):24} {b.observed:>10} {float(b.expected):>14.2f}")
        lines += [f"  chi-square {float(outcome.chi_square):.4f} on {outcome.degrees_of_freedom} degrees of freedom: "
                  f"p = {outcome.chi_square_p}",
                  f"  mean return {float(outcome.observed_mean):.6f} against exact {outcome.expected_mean} "
                  f"({float(outcome.expected_mean):.6f}): z = {outcome.z}, p = {outcome.z_p}",
                  f"verdict: {outcome.verdict}"]
        emit("\n".join(lines) + "\n")
    if not outcome.passed:
        raise SystemExit(1)


commands = [simulate, check]
