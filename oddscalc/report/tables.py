"""Writes the edge tables: per version, per game, Markdown + JSON + CSV, byte-for-byte reproducible."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from oddscalc.core.files import write_text
from oddscalc.games.base import GameAnalysis
from oddscalc.regulations.versions import get_version
from oddscalc.report.serialize import SCHEMA_VERSION, analysis_to_data
from oddscalc.report.text import edges_csv, markdown

__all__ = ["write_game_tables", "write_index"]


def game_title(game: str, version: str) -> str:
    v = get_version(version)
    return f"{game}: exact edges under version {v.id} ({v.instruments}, in force {v.in_force.isoformat()})"


def write_game_tables(out: Path, version: str, game: str, analyses: Sequence[GameAnalysis]) -> list[Path]:
    """Write <out>/<version>/<game>.{md,json,csv} for the analyses of one game's rule sets."""
    folder = out / version
    data = {"schema_version": SCHEMA_VERSION, "game": game, "version": version,
            "rule_sets": [analysis_to_data(a) for a in analyses]}
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
        lines += ["Print booklet (A4, every game, its math report and charts): [booklet.pdf](booklet.pdf) "
                  "([HTML](booklet.html)).", ""]
    lines += ["| game | tables |", "|---|---|"]
    lines += [f"| {g} | [{g}.md]({g}.md), [{g}.json]({g}.json), [{g}.csv]({g}.csv) |" for g in games]
    if missing:
        lines += ["", "Permitted by this version but not yet computed: " + ", ".join(missing) + "."]
    path = out / version / "README.md"
    write_text(path, "\n".join(lines) + "\n")
    return path
