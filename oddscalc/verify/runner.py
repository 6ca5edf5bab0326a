"""`verify`: stream a round log through its game's judge, line by line, in bounded memory.

The header's version, rules and pay table are used unless the caller overrides them (the report says so). A
malformed line stops the run with a `LogError` naming it; Ctrl-C stops it with a partial report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path

from oddscalc import api
from oddscalc.core.errors import InputError
from oddscalc.core.inputs import input_name, is_stdin, known_size, reading
from oddscalc.core.progress import Progress
from oddscalc.verify import (
    baccarat_banque,
    big_six,
    blackjack,
    casino_stud_poker,
    chemin_de_fer,
    dice,
    punto_banco,
    roulette,
    sic_bo,
    super_pan_9,
    three_card_poker,
)
from oddscalc.verify.context import Context, Judge
from oddscalc.verify.findings import Report
from oddscalc.verify.reader import MAX_LINE, LogError, parse_line, read_header

__all__ = ["GAMES_WITH_STRATEGY", "JUDGES", "VerifyError", "verify"]


class VerifyError(InputError):
    """A log or request that cannot be verified: an unreadable file, a log for another game, a bad option."""


#: Each game's judge (`verify/<game>.py`), built for one log from its context.
JUDGES: dict[str, Callable[[Context], Judge]] = {
    "roulette": roulette.RouletteJudge,
    "dice": dice.DiceJudge,
    "big-six": big_six.BigSixJudge,
    "sic-bo": sic_bo.SicBoJudge,
    "punto-banco": punto_banco.PuntoBancoJudge,
    "chemin-de-fer": chemin_de_fer.CheminJudge,
    "baccarat-banque": baccarat_banque.BanqueJudge,
    "blackjack": blackjack.BlackjackJudge,
    "casino-stud-poker": casino_stud_poker.StudJudge,
    "super-pan-9": super_pan_9.SuperPan9Judge,
    "three-card-poker": three_card_poker.ThreeCardJudge,
}


#: Games with a player's decision a strategy can be judged on, and the strategies each knows.
GAMES_WITH_STRATEGY = {
    "blackjack": ("basic", "optimal", "FILE"),
    "casino-stud-poker": ("optimal",),
    "three-card-poker": ("optimal",),
    "super-pan-9": ("optimal",),
}


def _merge(report: Report, what: str, header: Mapping[str, str], given: Mapping[str, str] | None) -> dict[str, str]:
    merged = dict(header)
    for k, v in (given or {}).items():
        if k in merged and merged[k] != v:
            report.note(f"{what} {k}={v} from the command line replaces the log header's {k}={merged[k]}")
        merged[k] = v
    return merged


def verify(
    path: Path | str,
    game: str,
    version: str | None = None,
    rules: Mapping[str, str] | None = None,
    pay: Mapping[str, str] | None = None,
    custom: bool = False,
    strategy: str | None = None,
    alpha: Fraction = Fraction(1, 100),
    randomness: bool = True,
    progress: Progress | None = None,
    keep: int = 10_000,
) -> Report:
    """Judge every round of the log at `path` (`-`: standard input; gzip-compressed or not) against the law; the
    report (partial if interrupted)."""
    with reading(path) as f:
        header = read_header(f)
        if header.game != game:
            raise VerifyError(f"{input_name(path)} is a log of {header.game!r}, not {game!r}")
        report = Report(
            game,
            version or header.version,
            {},
            False,
            "standard input" if is_stdin(path) else str(path),
            keep,
            {"version": header.version, "rules": dict(header.rules), "pay": dict(header.pay), **header.about},
        )
        if version and version != header.version:
            report.note(f"judged under version {version} (the command line); the log's header says {header.version}")
        wanted = _merge(report, "rule", header.rules, rules)
        pay_table = _merge(report, "pay", header.pay, pay)
        declared = {} if custom else _declared(game, report.version, header.rules, rules or {})
        for name in declared:
            del wanted[name]
        resolved, outside = api.resolved_rules(game, report.version, wanted, custom)
        wagers = {w.key: w for w in api.wagers(game, report.version, pay_table)}
        report.rules = resolved
        report.custom = outside or any(w.custom for w in wagers.values())
        ctx = Context(game, report.version, resolved, wagers, report, report.custom, randomness, declared)
        judge = JUDGES[game](ctx)
        if strategy is not None:
            _attach_strategy(judge, game, strategy)
        report.rules = _shown_rules(resolved, judge.strategy_rules, strategy)
        _stream(f, judge, report, progress, known_size(f))  # no size known (a pipe): the bar counts bytes
        judge.finish(alpha, randomness)
    return report


def _declared(game: str, version: str, header: Mapping[str, str], given: Mapping[str, str]) -> dict[str, str]:
    """The header's rules that the game judges against the law (a blackjack hole card under a version without
    one) and that the version does not permit: the log is judged under the law's value instead of refused. A rule
    given on the command line is a request, not a declaration: it is refused as before unless --custom."""
    judged: tuple[str, ...] = getattr(JUDGES[game], "judged_rules", ())  # a Judge class's (JUDGES types factories)
    out = {}
    for name in judged:
        if name in header and name not in given:
            _, outside = api.resolved_rules(game, version, {name: header[name]}, custom=True)
            if outside:
                out[name] = header[name]
    return out


def _shown_rules(resolved: dict[str, str], strategy_rules: tuple[str, ...], strategy: str | None) -> dict[str, str]:
    """The rule set as the report states it: the options that describe a strategy only when one is judged, and
    then the strategy judged (not the engine's default strategy, which the judging does not follow)."""
    if strategy is None:
        return {k: v for k, v in resolved.items() if k not in strategy_rules}
    name = strategy if strategy in ("basic", "optimal") else Path(strategy).name
    return {k: name if k == "strategy" else v for k, v in resolved.items()}


def _attach_strategy(judge: Judge, game: str, strategy: str) -> None:
    known = GAMES_WITH_STRATEGY.get(game)
    if known is None:
        raise VerifyError(
            f"{game} has no player decision to judge a strategy on; strategy applies to "
            f"{', '.join(GAMES_WITH_STRATEGY)}"
        )
    if strategy not in known and not (known[-1] == "FILE"):
        raise VerifyError(f"strategy for {game} may be: {', '.join(known)}; not {strategy!r}")
    judge.use_strategy(strategy)


def _stream(f, judge: Judge, report: Report, progress: Progress | None, size: int) -> None:
    """Judge the rounds after the header, line by line; `size`: the file's bytes (0 when unknown: a pipe, read
    as it comes, whose position cannot be asked)."""
    readline = f.readline
    line = 1
    done = f.tell() if f.seekable() else 0  # bytes read, counted here: a pipe cannot tell
    label = f"verifying {report.game}"
    try:
        while True:
            raw = readline(MAX_LINE + 1)
            if not raw:
                break
            done += len(raw)
            line += 1
            if len(raw) <= MAX_LINE and raw.isspace():
                continue
            rec = parse_line(raw, line)
            if type(rec) is not dict:
                raise LogError(line, "a round must be a JSON object {...}")
            report.rounds += 1
            judge(line, rec)
            if progress is not None and not line & 8191:
                progress(done, size, label)
    except KeyboardInterrupt:
        report.interrupted = True
    finally:
        report.lines = line
    if progress is not None and not report.interrupted:
        progress(size or done, size or done, label)
