"""Rebuilding the shipped data (`oddscalc data build`, `make data`): every stored result that the tables and the
default queries read, computed by the current engines into the package's data folder.

What is shipped is what these requests read (`REQUESTS`):

- every version's tables (all rule sets, every round's law exact, effects of removal);
- each game's default analysis under each version;
- blackjack's budgeted laws of the table rule sets (the default of a query);
- the decision tables the simulators and the verifier follow;
- the 1994 blackjack decisions `oddscalc measures` reads.

An entry already made by the current engine versions is kept, unless `force`, so an interrupted build resumes
where it stopped. An entry no request reads is removed unless `keep_unused`.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from oddscalc import api
from oddscalc.core.progress import Progress
from oddscalc.core.store import SUFFIX, Build, building, data_dir
from oddscalc.protect.decisions_by_removal import decision_shoes
from oddscalc.regulations.versions import VERSIONS, get_version
from oddscalc.report.edge_tables import write_tables
from oddscalc.wager_results import GameAnalysis

__all__ = ["Request", "rebuild", "requests"]

#: Rules a game's decision table is asked under, where the default is not one a simulator follows (blackjack's
#: reference simulator plays the basic strategy).
_DECISION_RULES = {"blackjack": {"strategy": "basic"}}

#: The work of a request, given a maker of progress bars and a reporter of lines.
Run = Callable[[Callable[[], Progress], Callable[[str], None]], object]
#: One request: its label and the work that reads (and so builds) its entries.
Request = tuple[str, Run]


def requests() -> Iterator[Request]:
    """The requests whose stored results are shipped, in the order they are built (cheapest first, the exact
    blackjack laws, about half an hour each at 4 or 6 packs, last through the tables)."""
    for version in VERSIONS:
        for game in _games(version):
            yield f"{version} {game}: default analysis", partial(_analysis, game, version)
            for wager in api.wagers(game, version):
                if api.has_decision_table(game):
                    yield (
                        f"{version} {game} {wager.key}: decision table",
                        partial(_decision_table, game, version, wager.key),
                    )
        for rules in api.table_rule_sets("blackjack", version) if "blackjack" in _games(version) else ():
            yield (
                f"{version} blackjack {_rules_text(rules)}: budgeted law",
                partial(_analysis, "blackjack", version, rules=rules),
            )
    for label, game, version, rules, pay in EXAMPLES:
        yield label, partial(_analysis, game, version, rules=rules, pay=pay, custom=True)
    yield "1994 blackjack decisions on the full shoe and one card less (oddscalc measures)", _blackjack_decisions
    yield "tables of every version", _all_tables


def _analysis(
    game: str,
    version: str,
    new_bar: Callable[[], Progress],
    say: Callable[[str], None],
    *,
    rules: dict[str, str] | None = None,
    pay: dict[str, str] | None = None,
    custom: bool = False,
) -> GameAnalysis:
    return api.analyse(game, version, rules=rules, pay=pay, custom=custom, progress=new_bar())


def _decision_table(
    game: str, version: str, wager: str, new_bar: Callable[[], Progress], say: Callable[[str], None]
) -> object:
    return api.decision_table(game, version, wager, _DECISION_RULES.get(game))


def _blackjack_decisions(new_bar: Callable[[], Progress], say: Callable[[str], None]) -> object:
    return decision_shoes("blackjack", "1994", progress=new_bar())


#: Rule sets and pay tables outside the tables that the README's and the guides' examples (and the tests'
#: reference cases) query: label, game, version, rules, pay.
EXAMPLES: tuple[tuple[str, str, str, dict[str, str], dict[str, str]], ...] = (
    ("1994 blackjack without resplits (max_hands=2): budgeted law", "blackjack", "1994", {"max_hands": "2"}, {}),
    ("1994 casino-stud-poker, royal flush at 100 to 1", "casino-stud-poker", "1994", {}, {"ante.royal-flush": "100:1"}),
    (
        "1994 casino-stud-poker, royal flush 100 to 1, full house 7 to 1, flush 5 to 1",
        "casino-stud-poker",
        "1994",
        {},
        {"ante.royal-flush": "100:1", "ante.full-house": "7:1", "ante.flush": "5:1"},
    ),
    ("1994 super-pan-9 from one pack", "super-pan-9", "1994", {"decks": "1"}, {}),
)


def _games(version: str) -> list[str]:
    return [g for g in api.GAMES if g in get_version(version).games and api.implemented(g)]


def _rules_text(rules: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in rules.items())


def _all_tables(new_bar: Callable[[], Progress], say: Callable[[str], None]) -> None:
    with tempfile.TemporaryDirectory(prefix="oddscalc-data-") as out:
        write_tables(Path(out), list(VERSIONS), (), True, new_bar, lambda line: None)


def rebuild(
    new_bar: Callable[[], Progress],
    say: Callable[[str], None],
    folder: Path | None = None,
    force: bool = False,
    compute: bool = True,
    keep_unused: bool = False,
) -> Build:
    """Run every request with the store writing to `folder` (default: the package's data folder).

    It computes what is missing or was made by other engine versions: all of it when `force`, and none when not
    `compute`, which raises `core.store.StoreMiss` at the first entry missing. Returns the build: what was used,
    computed (seconds, and the values that changed) and, unless `keep_unused`, removed."""
    build = Build(data_dir() if folder is None else Path(folder), compute=compute, force=force, report=say)
    all_requests = list(requests())
    with building(build):
        for i, (label, run) in enumerate(all_requests):
            say(f"[{i + 1}/{len(all_requests)}] {label}")
            run(new_bar, say)
    build.unused = sorted(p for p in build.folder.glob(f"*{SUFFIX}") if p.name not in build.used)
    if compute and not keep_unused:
        for path in build.unused:
            path.unlink()
            build.removed.append(path)
    return build
