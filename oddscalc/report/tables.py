"""Writes the edge tables: per version, per game, Markdown + JSON + CSV, byte-for-byte reproducible."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from oddscalc import api
from oddscalc.analysis import GameAnalysis
from oddscalc.core.errors import InputError, LimitError
from oddscalc.core.files import write_bytes, write_text
from oddscalc.core.progress import Progress, prefixed
from oddscalc.core.schemas import named
from oddscalc.regulations.versions import get_version
from oddscalc.report.booklet import booklet_html, booklet_pdf
from oddscalc.report.removal import write_removal_tables
from oddscalc.report.serialize import analysis_to_data
from oddscalc.report.text import edges_csv, markdown

__all__ = ["NothingToWrite", "write_game_tables", "write_index", "write_tables"]


class NothingToWrite(InputError):
    """A choice of versions and games that selects no table (a game the chosen versions do not permit)."""


def game_title(game: str, version: str) -> str:
    v = get_version(version)
    return f"{game}: exact edges under version {v.id} ({v.instruments}, in force {v.in_force.isoformat()})"


def write_game_tables(out: Path, version: str, game: str, analyses: Sequence[GameAnalysis]) -> list[Path]:
    """Write <out>/<version>/<game>.{md,json,csv} for the analyses of one game's rule sets."""
    folder = out / version
    data = named("tables", {"game": game, "version": version, "rule_sets": [analysis_to_data(a) for a in analyses]})
    paths = [folder / f"{game}.md", folder / f"{game}.json", folder / f"{game}.csv"]
    write_text(paths[0], markdown(analyses, game_title(game, version)))
    write_text(paths[1], json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n")
    write_text(paths[2], edges_csv(analyses))
    return paths


def write_index(out: Path, version: str, games: Sequence[str], missing: Sequence[str], booklet: bool = False) -> Path:
    """<out>/<version>/README.md: the version, a link to its print booklet (when written) and each game's tables."""
    v = get_version(version)
    lines = [f"# Version {v.id}: {v.title}", "", f"In force {v.in_force.isoformat()}. {v.summary}", ""]
    if booklet:
        lines += [
            "Print booklet (A4, every game, its math report and charts): [booklet.pdf](booklet.pdf) "
            "([HTML](booklet.html)).",
            "",
        ]
    lines += ["| game | tables |", "|---|---|"]
    lines += [f"| {g} | [{g}.md]({g}.md), [{g}.json]({g}.json), [{g}.csv]({g}.csv) |" for g in games]
    if missing:
        lines += ["", "Permitted by this version but not yet computed: " + ", ".join(missing) + "."]
    path = out / version / "README.md"
    write_text(path, "\n".join(lines) + "\n")
    return path


def write_tables(
    out: Path,
    versions: Sequence[str],
    only_games: Sequence[str],
    booklet: bool,
    new_bar: Callable[[], Progress],
    say: Callable[[str], None],
) -> None:
    """Every chosen version's tables of its permitted games (all, or `only_games`): each game's table rule sets
    analysed with every round's law exact, their tables and effects of removal, then (when every game is
    written) the version's index and print booklet, which is laid out and checked to keep every table within its
    page before it is written (`booklet_pdf` raises ValueError otherwise). `new_bar()` gives each game's progress
    reporter; `say` is told what was written. NothingToWrite when the choice selects no game."""
    chosen = {
        v: [g for g in api.GAMES if g in get_version(v).games and (not only_games or g in only_games)] for v in versions
    }
    if not any(chosen.values()):
        raise NothingToWrite(
            f"no tables to write: {', '.join(only_games)} not permitted by version {', '.join(versions)}"
        )
    for version, games in chosen.items():
        done = [g for g in games if api.implemented(g)]
        computed = []
        for game in done:
            bar = new_bar()
            rule_sets = api.table_rule_sets(game, version)
            analyses = []
            for i, rules in enumerate(rule_sets):
                label = f"{version} {game} {i + 1}/{len(rule_sets)}"
                bar(i, len(rule_sets), label)
                # every round's law exactly, however long (blackjack's resplit rounds: shipped as data)
                analyses.append(api.analyse(game, version, rules=rules, progress=prefixed(bar, label), exact_law=True))
            bar(len(rule_sets), len(rule_sets), f"{version} {game}")
            write_game_tables(out, version, game, analyses)
            write_removal_tables(out, version, game, bar)  # effects of removal, shoe games only
            computed.append((game, analyses))
        if not only_games:
            write_index(out, version, done, [g for g in games if g not in done], booklet=booklet)
            if booklet:
                document = booklet_html(version, computed)
                write_text(out / version / "booklet.html", document)
                try:
                    write_bytes(out / version / "booklet.pdf", booklet_pdf(document))
                except ValueError as exc:
                    raise LimitError(f"booklet {version}: {exc}") from None
                say(f"booklet {version}: laid out, every table within its page")
