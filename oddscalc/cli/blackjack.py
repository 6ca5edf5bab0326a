"""`oddscalc blackjack ...`: per-hand queries, the full-shoe game, strategy charts and side wagers."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, NoReturn, overload

import click

from oddscalc import api, blackjack_queries, door
from oddscalc.cli.common import (
    QUERY_FORMATS,
    REFUSALS,
    Choices,
    CommandFn,
    Group,
    UserError,
    default_version,
    exact_option,
    flag_names,
    format_option,
    parse_pairs,
    rule_option,
    version_option,
)
from oddscalc.core.distribution import render_decimal
from oddscalc.core.files import OutputPathError, check_output, write_text
from oddscalc.core.numbers import shorten
from oddscalc.core.parallel import on_cluster, scheduler_address
from oddscalc.core.progress import StderrBar
from oddscalc.core.schemas import named
from oddscalc.report.exact import cell_text, exact, noted, short_text
from oddscalc.report.markdown import table_markdown
from oddscalc.report.strategy_charts import Charts, charts_markdown, charts_page
from oddscalc.report.text import _csv, fit, md_table

__all__ = ["blackjack", "commands"]

#: The rule options given as flags of their own (`--soft17 hit`); every option is also `--rule NAME=VALUE`.
_FLAGS = (
    "decks",
    "soft17",
    "hole_card",
    "double",
    "das",
    "split",
    "max_hands",
    "resplit_aces",
    "blackjack_pays",
    "post_split",
)


def _fail(message: str) -> NoReturn:
    raise UserError(flag_names(message))


@overload
def rule_flags(fn: CommandFn, *, formats: tuple[str, ...] = ...) -> CommandFn: ...
@overload
def rule_flags(fn: None = None, *, formats: tuple[str, ...] = ...) -> Callable[[CommandFn], CommandFn]: ...
def rule_flags(
    fn: CommandFn | None = None, *, formats: tuple[str, ...] = QUERY_FORMATS
) -> CommandFn | Callable[[CommandFn], CommandFn]:
    """--version, --rule NAME=VALUE, the rule options as flags (each listing its values), --custom and --format (one
    of `formats`), in the order of every query's options; `@rule_flags` or, with other formats,
    `@rule_flags(formats=...)`."""
    if fn is None:
        return lambda f: rule_flags(f, formats=formats)
    options = {o.name: o for o in api.rule_options("blackjack")}
    fn = format_option(formats)(fn)
    fn = click.option("--custom", is_flag=True, help="Allow a rule set the version does not permit.")(fn)
    for name in reversed(_FLAGS):
        flag, doc = "--" + name.replace("_", "-"), options[name].doc
        fn = click.option(
            flag, name, type=Choices(options[name].choices, flag), default=None, help=f"{doc[0].upper()}{doc[1:]}."
        )(fn)
    fn = rule_option("Set any rule option.")(fn)
    return version_option()(fn)


def resolve(
    version: str | None, rule: tuple[str, ...], custom: bool, flags: Mapping[str, str | None]
) -> tuple[str, dict[str, str], bool]:
    """(version, resolved rule strings, is_custom); refuses rule values the version does not permit."""
    try:
        version = version or default_version("blackjack")
        api.check_game("blackjack", version)  # a bad version is named before a malformed --rule
        given = parse_pairs(rule, "--rule")
        given.update({k: str(v) for k, v in flags.items() if v is not None})
        rules, outside = api.resolved_rules("blackjack", version, given, custom)
    except REFUSALS as exc:
        _fail(str(exc))
    return version, rules, outside


def pct(x: Fraction) -> str:
    return render_decimal(Fraction(x) * 100, 4) + "%"


@click.group(
    "blackjack",
    cls=Group,
    examples=["oddscalc blackjack hand 8,8 vs 10 --version 1994", "oddscalc blackjack game --version 2007 --decks 6"],
)
def blackjack() -> None:
    """Blackjack: exact per-hand values, the full-shoe game, strategy charts and side wagers."""


@blackjack.command(
    "hand",
    examples=[
        "oddscalc blackjack hand 8,8 vs 10 --version 1994 --decks 6",
        "oddscalc blackjack hand A,7 vs 9 --removed K,5,5,A --format json",
    ],
)
@click.argument("words", nargs=-1, required=True, metavar="HAND vs UP")
@click.option("--removed", default="", help="Cards known to be gone, e.g. 'K,5,5,A'.")
@exact_option
@rule_flags
def hand_cmd(
    words: tuple[str, ...],
    removed: str,
    whole: bool,
    fmt: str,
    custom: bool,
    version: str | None,
    rule: tuple[str, ...],
    **flags: str | None,
) -> None:
    """Each action's exact expectation for HAND against UP, as in `8,8 vs 10`."""
    version, rules, outside = resolve(version, rule, custom, flags)
    text = " ".join(words)
    before, sep, after = text.partition(" vs ")
    if not sep:
        _fail(f"write the query as HAND vs UP, e.g. '8,8 vs 10'; got {text!r}")
    try:
        q = door.blackjack_hand(before, after, version=version, rules=rules, removed=removed, custom=custom)
    except REFUSALS as exc:
        _fail(str(exc))
    data = {
        "game": "blackjack",
        "version": version,
        "rules": rules,
        "custom": outside,
        "hand": list(q.hand),
        "up": q.up,
        "removed": removed,
        "cards_left": q.cards_left,
        "best": q.best,
        "conditional_on_no_banker_blackjack": q.conditional_on_no_banker_bj,
        "actions": {a: exact(v) for a, v in q.actions},
        "split_hand_limit": q.split_limit or None,
        "insurance": None if q.insurance is None else exact(q.insurance),
    }
    if fmt == "json":
        click.echo(json.dumps(named("blackjack-hand", data), indent=1))
    elif fmt in ("csv", "markdown"):
        rows = [("action", "exact", "percent", "best")]
        rows += [(a, cell_text(v), pct(v), "yes" if a == q.best else "") for a, v in q.actions]
        title = f"{','.join(q.hand)} vs {q.up}, blackjack version {version}" + (" (CUSTOM)" if outside else "")
        rules_line = "Rules: " + ", ".join(f"{k}={v}" for k, v in rules.items()) + "."
        click.echo(_csv(rows) if fmt == "csv" else table_markdown(title, rows, [rules_line]), nl=False)
    else:
        lines = [
            f"{','.join(q.hand)} vs {q.up}: version {version}, "
            + ", ".join(f"{k}={v}" for k, v in rules.items())
            + (" (CUSTOM)" if outside else "")
        ]
        if q.conditional_on_no_banker_bj:
            lines.append("values given the banker has no blackjack (peek)")
        for a, v in q.actions:
            mark = "  <- best" if a == q.best else ""
            lines.append(f"  {a:7} {pct(v):>10}  {short_text(v, whole)}{mark}")
        if q.split_limit:
            lines.append(
                f"  split: up to {q.split_limit} hands; split hands played by "
                + blackjack_queries.post_split_name(rules.get("post_split", "cdp1"))
            )
        if q.insurance is not None:
            lines.append(
                f"  insurance (reg 7(7)) per unit insurance stake: {pct(q.insurance)}  {short_text(q.insurance, whole)}"
            )
        click.echo(noted("\n".join(fit(lines)) + "\n"), nl=False)


@blackjack.command(
    "game",
    examples=[
        "oddscalc blackjack game --version 1994 --decks 6",
        "oddscalc blackjack game --version 2007 --decks 1 --law-budget none --format json",
    ],
)
@click.option("--no-cache", is_flag=True, help="Recompute instead of using the cache.")
@click.option(
    "--law-budget",
    "budget",
    default=None,
    metavar="N|none",
    help="Work allowed for each split's resplit law (block tuples tried; default 6000000, and 'none' "
    "at 1 pack with at most 4 hands); resplit rounds beyond it are lumped at their exact mean. "
    "'none': the exact law of every round, however long (about 4 minutes at 1 pack, 4 hands, "
    "then cached; at 6 packs, about 24 minutes on two processes, most of it 2s and 3s against a 7, "
    "the progress line showing each split's share done; it stops with an error before "
    "memory runs out).",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Run the independent parts (up-cards; with --law-budget none, each split's law) on the Dask "
    "cluster at ADDRESS (tcp://host:8786); default: Dask's scheduler-address config / "
    "$DASK_SCHEDULER_ADDRESS, else local processes. The figures do not depend on it.",
)
@rule_flags
def game_cmd(
    no_cache: bool,
    budget: str | None,
    scheduler: str | None,
    fmt: str,
    custom: bool,
    version: str | None,
    rule: tuple[str, ...],
    **flags: str | None,
) -> None:
    """The full-shoe game: exact expectation under composition-dependent play and basic strategy, and the
    law of one round's net result under each."""
    version, rules, outside = resolve(version, rule, custom, flags)
    try:
        law_budget = blackjack_queries.law_budget(budget, rules)
        with on_cluster(scheduler_address(scheduler)):
            s = blackjack_queries.game_summary(rules, StderrBar(), use_cache=not no_cache, budget=law_budget)
    except REFUSALS as exc:  # a bad --law-budget, a cluster that fails
        _fail(str(exc))
    except MemoryError as exc:
        _fail(
            f"the law of a round needs more memory than is free ({exc or 'allocation failed'}); "
            f"--law-budget N bounds its work ({blackjack_queries.default_law_budget()} is the default beyond 1 pack)"
        )
    SPLIT_STRATEGY = blackjack_queries.split_strategy(rules)
    ev, td = Fraction(s["ev"]), Fraction(s["td_ev"])
    if fmt == "json":
        click.echo(json.dumps(game_data(version, rules, outside, SPLIT_STRATEGY, s), indent=1))
        return
    if fmt == "markdown":
        click.echo(game_markdown(version, rules, outside, SPLIT_STRATEGY, s), nl=False)
        return
    if fmt == "csv":
        click.echo("up,hand,prob,best,ev,stand,hit,double,split")
        for r in s["rows"]:
            a = r["actions"]
            click.echo(
                ",".join(
                    [r["up"], f'"{r["hand"]}"', r["prob"], r["best"], r["ev"]]
                    + [a.get(k, "") for k in ("stand", "hit", "double", "split")]
                )
            )
        return
    shown: list[str] = []  # the text report, its lines folded to 100 columns at the end
    say = shown.append
    say(
        f"blackjack, version {version}: "
        + ", ".join(f"{k}={v}" for k, v in rules.items())
        + (" (CUSTOM)" if outside else "")
    )
    say(
        f"composition-dependent optimal ({rules.get('post_split', 'cdp1').upper()} after a split): "
        f"player expectation {pct(ev)}, house edge {pct(-ev)}"
    )
    say(f"  the fraction: {short_text(ev)} (whole in --format json)")
    say(f"total-dependent basic strategy: player expectation {pct(td)}, house edge {pct(-td)}")
    say(f"  the fraction: {short_text(td)} (whole in --format json)")
    say(f"splits: {SPLIT_STRATEGY}; hand limit used: {', '.join(map(str, s['split_limits'])) or '-'}")
    tens = rules.get("split") == "same-rank"  # a count per value cannot follow a same-rank ten split's resplits
    why = (
        "same-rank ten splits"
        if law_budget is None
        else f"beyond the work budget {law_budget}" + (", or same-rank ten splits" if tens else "")
    )
    for name, rl in s["laws"].items():
        lumped = Fraction(rl["lumped"])
        say(
            f"law of a round ({name}): "
            + (
                "exact for every round"
                if not lumped
                else f"exact but for resplit rounds of chance {pct(lumped)} ({rl['lumped']}: {why}), lumped at "
                "their exact mean"
                + (
                    ""
                    if law_budget is None
                    else "; --law-budget none gives the exact law "
                    "(up to about half an hour at 4 or 6 packs unless cached)"
                )
            )
        )
    say("per up-card (CD optimal, basic strategy):")
    for up, p, e, t in s["per_up"]:
        say(f"  {up:>2}  chance {cell_text(Fraction(p)):>6}  {pct(Fraction(e)):>10}  {pct(Fraction(t)):>10}")
    say(charts_text(s["charts"]))
    click.echo(noted("\n".join(fit("\n".join(shown).split("\n"))) + "\n"), nl=False)


def game_data(
    version: str, rules: dict[str, str], outside: bool, split_strategy: str, s: dict[str, Any]
) -> dict[str, Any]:
    """`blackjack game --format json` (schemas/blackjack-game-1.json): every exact value as {"exact": "p/q",
    "decimal", "percent"}, every entry an object with named keys (per up-card, per starting hand, the charts and
    the round laws)."""
    ev, td = Fraction(s["ev"]), Fraction(s["td_ev"])
    data = {
        "game": "blackjack",
        "version": version,
        "rules": rules,
        "custom": outside,
        "split_strategy": split_strategy,
        "split_limits": s["split_limits"],
        "law_budget": s.get("law_budget"),
        "ev": exact(ev),
        "td_ev": exact(td),
        "house_edge": {"optimal": exact(-ev), "basic": exact(-td)},
        "per_up": [
            {"up": up, "chance": exact(Fraction(p)), "ev_optimal": exact(Fraction(e)), "ev_basic": exact(Fraction(t))}
            for up, p, e, t in s["per_up"]
        ],
        "rows": [
            {
                "up": r["up"],
                "hand": r["hand"],
                "chance": exact(Fraction(r["prob"])),
                "best": r["best"],
                "ev": exact(Fraction(r["ev"])),
                "actions": {a: exact(Fraction(v)) for a, v in r["actions"].items()},
            }
            for r in s["rows"]
        ],
        "charts": charts_data(s["charts"]),
        "laws": {
            name: {
                "distribution": [
                    {"return": exact(Fraction(r)), "probability": exact(Fraction(p))} for r, p in rl["distribution"]
                ],
                "lumped": exact(Fraction(rl["lumped"])),
                "events": {k: exact(Fraction(v)) for k, v in rl["events"].items()},
            }
            for name, rl in s["laws"].items()
        },
        # the basic strategy as data (what the simulator follows): hand kind, total (or pair value) index,
        # up-card value index, action
        "strategy": {
            chart: [{"kind": k, "hand_index": n, "up_index": u, "action": act} for k, n, u, act in rows]
            for chart, rows in s["strategy"].items()
        },
    }
    return named("blackjack-game", data)


def game_markdown(version: str, rules: dict[str, str], outside: bool, split_strategy: str, s: dict[str, Any]) -> str:
    """`blackjack game --format markdown`: both expectations, the per-up-card table and the charts."""
    ev, td = Fraction(s["ev"]), Fraction(s["td_ev"])
    lines = [
        f"# Blackjack, version {version}" + (" (CUSTOM)" if outside else ""),
        "",
        "Rules: " + ", ".join(f"{k}={v}" for k, v in rules.items()) + ".",
        "",
        f"- composition-dependent optimal play: house edge {pct(-ev)} (player expectation {s['ev']})",
        f"- total-dependent basic strategy: house edge {pct(-td)} (player expectation {s['td_ev']})",
        f"- splits: {split_strategy}",
        "",
        *md_table(
            ("up-card", "chance", "CD optimal", "basic strategy"),
            [(up, cell_text(Fraction(p)), pct(Fraction(e)), pct(Fraction(t))) for up, p, e, t in s["per_up"]],
        ),
        "",
    ]
    return "\n".join(lines) + charts_markdown("Basic strategy", s["charts"]).replace("# ", "## ", 1)


_UPS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
_CODES = {"S": "stand", "H": "hit", "D": "double", "P": "split"}


def charts_data(charts: Charts) -> dict[str, list[dict[str, Any]]]:
    """The four charts as {kind: [{"hand": label, "actions": {up-card: code}}]}."""
    return {
        kind: [{"hand": label, "actions": dict(zip(_UPS, codes))} for label, codes in rows]
        for kind, rows in charts.items()
    }


def charts_csv(charts: Charts) -> str:
    """The charts as CSV rows: chart, hand, up-card, action code."""
    return _csv(
        [
            ("chart", "hand", "up", "action"),
            *[
                (kind, label, up, code)
                for kind, rows in charts.items()
                for label, codes in rows
                for up, code in zip(_UPS, codes)
            ],
        ]
    )


def charts_text(charts: Charts) -> str:
    """The four charts as text tables, with the codes' legend."""
    ups = "  ".join(_UPS)
    titles = {
        "hard": "hard totals (first two cards)",
        "soft": "soft totals (first two cards)",
        "pair": "pairs",
        "later": "three or more cards",
    }
    lines = []
    for k, title in titles.items():
        lines += ["", f"{title}:", f"  {'':9} {ups}"]
        lines += [f"  {label:9} {'  '.join(codes)}" for label, codes in charts[k]]
    return "\n".join(lines) + "\n  S stand, H hit, D double, P split"


_CHART_FORMATS = ("text", "markdown", "html", "json", "csv")


@blackjack.command(
    "chart",
    examples=[
        "oddscalc blackjack chart --version 1994 --decks 6",
        "oddscalc blackjack chart --version 2007 --format html --out chart.html",
    ],
)
@click.option("--out", "out", default=None, help="Write here instead of standard output.")
@rule_flags(formats=_CHART_FORMATS)
def chart_cmd(
    out: str | None, fmt: str, custom: bool, version: str | None, rule: tuple[str, ...], **flags: str | None
) -> None:
    """Basic-strategy charts (hard, soft, pairs, later cards): text, Markdown, a printable HTML page, JSON or CSV."""
    version, rules, outside = resolve(version, rule, custom, flags)
    try:
        path = None if out is None else check_output(out, "--out")
    except OutputPathError as exc:
        _fail(str(exc))
    s = blackjack_queries.game_summary(rules, StderrBar(), law=False)  # the charts need no law of a round
    title = (  # the chart is the basic strategy whatever the strategy rule says (it picks the game's own play)
        f"Blackjack basic strategy, version {version}: "
        + ", ".join(f"{k}={v}" for k, v in rules.items() if k != "strategy")
        + (" (CUSTOM)" if outside else "")
    )
    if fmt == "html":
        body = charts_page(title, s["charts"], s["ev"], s["td_ev"])
    elif fmt == "markdown":
        body = charts_markdown(title, s["charts"])
    elif fmt == "json":
        data = {
            "game": "blackjack",
            "version": version,
            "rules": rules,
            "custom": outside,
            "title": title,
            "legend": _CODES,
            "charts": charts_data(s["charts"]),
        }
        body = json.dumps(named("blackjack-chart", data), indent=1) + "\n"
    elif fmt == "csv":
        body = charts_csv(s["charts"])
    else:
        body = "\n".join(fit([title])) + "\n" + charts_text(s["charts"]) + "\n"
    if path:
        try:
            write_text(path, body)
        except OSError as exc:
            _fail(f"cannot write --out {shorten(str(path))}: {exc.strerror or exc}")
        click.echo(f"chart written to {path}", err=True)
    else:
        click.echo(body, nl=False)


@blackjack.command(
    "side",
    examples=["oddscalc blackjack side --version 1994 --decks 4", "oddscalc blackjack side --format csv"],
)
@rule_flags
def side_cmd(fmt: str, custom: bool, version: str | None, rule: tuple[str, ...], **flags: str | None) -> None:
    """Under 13 / Over 13 (reg 7(10)) and insurance (reg 7(7)), exact for the deck count."""
    version, rules, outside = resolve(version, rule, custom, flags)
    try:  # each side wager alone: none needs the initial wager's full-shoe game
        keys = [w.key for w in api.wagers("blackjack", version) if w.key != "initial"]
        rows = [api.analyse("blackjack", version, key, rules, None, custom).results[0] for key in keys]
    except REFUSALS as exc:
        _fail(str(exc))
    packs = rules["decks"]
    if fmt == "json":
        data = {
            "game": "blackjack",
            "version": version,
            "decks": packs,
            "rules": rules,
            "custom": outside,
            "wagers": [
                {
                    "key": r.wager.key,
                    "citation": r.wager.citations,
                    "odds": "; ".join(p.label for p in r.wager.payouts),
                    "ev": exact(r.distribution.mean),
                    "house_edge": exact(r.edge()),
                    "outcomes": [{"return": exact(x), "probability": exact(p)} for x, p in r.distribution.outcomes],
                }
                for r in rows
            ],
        }
        click.echo(json.dumps(named("blackjack-side", data), indent=1))
        return
    if fmt in ("csv", "markdown"):
        table = [("version", "decks", "custom", "wager", "house_edge", "house_edge_percent", "citation")]
        table += [
            (
                version,
                packs,
                "yes" if outside else "no",
                r.wager.key,
                cell_text(r.edge()),
                pct(r.edge()),
                r.wager.citations,
            )
            for r in rows
        ]
        title = f"Blackjack side wagers, version {version}, {packs} pack{'s' if packs != '1' else ''}"
        click.echo(_csv(table) if fmt == "csv" else table_markdown(title, table), nl=False)
        return
    lines = [
        f"blackjack side wagers, version {version}, {packs} pack{'s' if packs != '1' else ''}"
        + (" (CUSTOM)" if outside else "")
        + ":"
    ]
    for r in rows:
        line = f"  {r.wager.key:10} house edge {pct(r.edge()):>9}  ({short_text(r.edge())})  {r.wager.citations}"
        lines += fit([line])
    click.echo(noted("\n".join(lines) + "\n"), nl=False)


commands = [blackjack]
