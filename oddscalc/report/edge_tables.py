"""Writes the edge tables: per version, per game, Markdown + JSON + CSV, byte-for-byte reproducible."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from oddscalc import api
from oddscalc.core.errors import InputError, LimitError
from oddscalc.core.files import write_bytes, write_text
from oddscalc.core.progress import Progress, prefixed
from oddscalc.core.schemas import named
from oddscalc.regulations.versions import get_version
from oddscalc.report.booklet import booklet_html, booklet_pdf
from oddscalc.report.removal_render import write_removal_tables
from oddscalc.report.serialize import analysis_to_data
from oddscalc.report.text import edges_csv, markdown
from oddscalc.wager_results import GameAnalysis

__all__ = ["CUSTOM_TITLE", "House", "NothingToWrite", "write_game_tables", "write_index", "write_tables"]


class NothingToWrite(InputError):
    """A choice of versions and games that selects no table (a game the chosen versions do not permit)."""


@dataclass(frozen=True)
class House:
    """A house's own choices for its tables, as `edge` takes them: rule values, a pay table, and whether a rule
    set the version does not permit is allowed."""

    rules: Mapping[str, str] = field(default_factory=dict)
    pay: Mapping[str, str] = field(default_factory=dict)
    custom: bool = False

    @property
    def given(self) -> bool:
        """True when the tables are not the law's table rule sets."""
        return bool(self.rules or self.pay or self.custom)

    def check(self, game: str, version: str) -> None:
        """Refuse, before any work, a rule, value or wager `game` lacks (a one-line ValueError)."""
        if self.rules:
            api.resolved_rules(game, version, self.rules, self.custom)
        if self.pay:
            api.wagers(game, version, self.pay)


#: How a custom table's title begins: a house's own rule set or pay table, not the law's.
CUSTOM_TITLE = "CUSTOM (the house's own rule set or pay table, not the law's)"


def game_title(game: str, version: str, custom: bool = False) -> str:
    """A game's tables' title, marked CUSTOM when they are not the law's.

    >>> game_title("dice", "1994", custom=True)[:36]
    "CUSTOM (the house's own rule set or "
    """
    v = get_version(version)
    title = f"{game}: exact edges under version {v.id} ({v.instruments}, in force {v.in_force.isoformat()})"
    return f"{CUSTOM_TITLE}: {title}" if custom else title


def write_game_tables(out: Path, version: str, game: str, analyses: Sequence[GameAnalysis]) -> list[Path]:
    """Write <out>/<version>/<game>.{md,json,csv} for the analyses of one game's rule sets (marked custom in
    each when any rule set or pay table is not the law's)."""
    folder = out / version
    custom = any(a.custom for a in analyses)
    data = named(
        "tables",
        {"game": game, "version": version}
        | ({"custom": True} if custom else {})
        | {"rule_sets": [analysis_to_data(a) for a in analyses]},
    )
    paths = [folder / f"{game}.md", folder / f"{game}.json", folder / f"{game}.csv"]
    write_text(paths[0], markdown(analyses, game_title(game, version, custom)))
    write_text(paths[1], json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n")
    write_text(paths[2], edges_csv(analyses))
    return paths


def write_index(
    out: Path,
    version: str,
    games: Sequence[str],
    missing: Sequence[str],
    booklet: bool = False,
    removal: Collection[str] = (),
) -> Path:
    """<out>/<version>/README.md: the version, a link to its print booklet (when written) and each game's tables,
    its effects-of-removal tables beside them for the games in `removal`."""
    v = get_version(version)
    lines = [f"# Version {v.id}: {v.title}", "", f"In force {v.in_force.isoformat()}. {v.summary}", ""]
    if booklet:
        lines += [
            "Print booklet (A4, every game, its math report and charts): [booklet.pdf](booklet.pdf) "
            "([HTML](booklet.html)).",
            "",
        ]
    lines += ["| game | tables |", "|---|---|"]
    for g in games:
        files = [f"{g}.{ext}" for ext in ("md", "json", "csv")]
        files += [f"{g}-removal.{ext}" for ext in ("md", "json", "csv")] if g in removal else []
        lines.append(f"| {g} | " + ", ".join(f"[{f}]({f})" for f in files) + " |")
    if missing:
        lines += ["", "Permitted by this version but not yet computed: " + ", ".join(missing) + "."]
    path = out / version / "README.md"
    write_text(path, "\n".join(lines) + "\n")
    return path


def write_tables(
    out: Path,
    versions: Sequence[str],
    only_games: Sequence[str],
    booklet: bool | None,
    new_bar: Callable[[], Progress],
    say: Callable[[str], None],
    house: House | None = None,
) -> None:
    """Every chosen version's tables of its permitted games (all, or `only_games`), its index and its booklet.

    Each game's table rule sets are analysed with every round's law exact, and their tables and effects of
    removal written. When every game is written, so is the version's index. The print booklet is written when
    `booklet` is True (None: only when every game is written). It is laid out and checked to keep every table
    within its page before it is written (`booklet_pdf` raises ValueError otherwise).

    `house`: a house's own rule values and pay table. Its rule set replaces the table rule sets, and a pay table
    applies to each; every page is then marked custom where it is not the law's. `new_bar()` gives each game's
    progress reporter; `say` is told what was written. NothingToWrite when the choice selects no game."""
    chosen = {
        v: [g for g in api.GAMES if g in get_version(v).games and (not only_games or g in only_games)] for v in versions
    }
    if not any(chosen.values()):
        raise NothingToWrite(
            f"no tables to write: {', '.join(only_games)} not permitted by version {', '.join(versions)}"
        )
    house = house or House()
    for version, games in chosen.items():  # the house's choices checked for every game before any work
        for game in games:
            if api.implemented(game):
                house.check(game, version)
    for version, games in chosen.items():
        done = [g for g in games if api.implemented(g)]
        computed, removal = [], set()
        for game in done:
            bar = new_bar()
            rule_sets = (dict(house.rules),) if house.rules else api.table_rule_sets(game, version)
            analyses = []
            for i, rules in enumerate(rule_sets):
                label = f"{version} {game} {i + 1}/{len(rule_sets)}"
                bar(i, len(rule_sets), label)
                # every round's law exactly, however long (blackjack's resplit rounds: shipped as data)
                analyses.append(
                    api.analyse(
                        game,
                        version,
                        rules=rules,
                        pay=house.pay,
                        custom=house.custom,
                        progress=prefixed(bar, label),
                        exact_law=True,
                    )
                )
            bar(len(rule_sets), len(rule_sets), f"{version} {game}")
            write_game_tables(out, version, game, analyses)
            if not house.given and write_removal_tables(out, version, game, bar):  # the law's, shoe games only
                removal.add(game)
            computed.append((game, analyses))
        if not only_games:
            missing = [g for g in games if g not in done]
            write_index(out, version, done, missing, booklet=booklet is not False, removal=removal)
        if booklet or (booklet is None and not only_games):
            document = booklet_html(version, computed)
            write_text(out / version / "booklet.html", document)
            try:
                write_bytes(out / version / "booklet.pdf", booklet_pdf(document))
            except ValueError as exc:
                raise LimitError(f"booklet {version}: {exc}") from None
            say(f"booklet {version}: laid out, every table within its page")
