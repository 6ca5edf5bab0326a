"""`oddscalc data`: the exact results shipped with the package: list them with their provenance, or rebuild them."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import click

from oddscalc.cli.common import REFUSALS, REPORT_FORMATS, Group, fail, format_option
from oddscalc.core.files import check_output
from oddscalc.core.numbers import shorten
from oddscalc.core.parallel import on_cluster, scheduler_address
from oddscalc.core.progress import StderrBar
from oddscalc.core.schemas import named
from oddscalc.core.store import Entry, data_dir, shipped_entries, user_cache_dir
from oddscalc.report.data_build import rebuild
from oddscalc.report.text import fit

__all__ = ["commands"]


@click.group("data", cls=Group, examples=["oddscalc data list", "oddscalc data build --check"])
def data() -> None:
    """The exact results shipped with oddscalc (list them, or rebuild them)."""


@data.command("list", examples=["oddscalc data list", "oddscalc data list --format json"])
@format_option(REPORT_FORMATS)
def list_cmd(fmt: str) -> None:
    """List the shipped results: kind, engine versions, when made and how long it took."""
    entries = shipped_entries()
    if fmt == "json":
        listed = [
            {"file": e.path.name, "kind": e.kind, "params": e.params, "engines": e.engines, "provenance": e.provenance}
            for e in entries
        ]
        click.echo(json.dumps(named("data-list", {"entries": listed}), indent=1))
        return
    head = (
        f"{len(entries)} results shipped in {data_dir()} (computed results of other rule sets are kept in "
        f"{user_cache_dir()})"
    )
    click.echo(list_text(entries, head), nl=False)


def list_text(entries: Sequence[Entry], head: str) -> str:
    """The shipped results for people: a row each, named by its kind and its file's key.

    Under each row are the parameters in which it differs from the others of its kind. The compute time is a
    column only where some result recorded one; else it is said once."""
    recorded = any(e.provenance.get("seconds") is not None for e in entries)
    lines = fit([head])
    if not recorded:
        lines += fit(["compute time: recorded for none (each was carried over from a cache that did not keep it)"])
    kinds = {e.kind for e in entries}
    varying = {kind: _varying([_flat(e.params) for e in entries if e.kind == kind]) for kind in kinds}
    rows = [("result", "engines", "made", *(("took",) if recorded else ()))]
    held = [""]
    for e in entries:
        flat = _flat(e.params)
        held.append(", ".join(f"{k}={flat[k]}" for k in varying[e.kind] if k in flat))
        seconds = e.provenance.get("seconds")
        took = (("-" if seconds is None else f"{seconds:,.1f} s"),) if recorded else ()
        rows.append((_key(e), ", ".join(f"{k} {v}" for k, v in e.engines.items()), _day(e), *took))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines += fit(
        [
            "each result: its kind and file key, engine versions, the day made; under it, the parameters that "
            "tell it from the others of its kind"
        ]
    )
    lines += ["", "  ".join(f"{c:{w}}" for c, w in zip(rows[0], widths)).rstrip()]
    for row, what in zip(rows[1:], held[1:]):
        lines.append("  ".join(f"{c:{w}}" for c, w in zip(row, widths)).rstrip())
        if what:
            lines += fit(["    " + what])
    return "\n".join(lines) + "\n"


def _key(e: Entry) -> str:
    """The result's kind and its file's key: `blackjack-game 2c7168a2` for blackjack-game-2c7168a25bef2b58..."""
    stem = e.path.name.split(".")[0]
    key = stem[len(e.kind) + 1 :] if stem.startswith(e.kind + "-") else stem
    return f"{e.kind} {key[:8]}"


def _day(e: Entry) -> str:
    return str(e.provenance.get("created", "?"))[:10]


def _flat(params: dict[str, Any]) -> dict[str, str]:
    """A result's parameters as short texts: a list of (name, value) pairs (a rule set) spread into its names, a
    list of numbers joined by commas, anything longer named by its size."""
    out: dict[str, str] = {}
    for name, value in params.items():
        if isinstance(value, list) and value and all(_pair(x) for x in value):
            out.update((str(k), _short(v)) for k, v in value)
        else:
            out[name] = _short(value)
    return out


def _pair(x: Any) -> bool:
    return isinstance(x, list | tuple) and len(x) == 2 and isinstance(x[0], str)


def _short(value: Any) -> str:
    if isinstance(value, list | tuple):
        text = ",".join(map(str, value)) if all(not isinstance(v, list | tuple | dict) for v in value) else ""
        return text if text and len(text) <= 40 else f"({len(value)} items)"
    return str(value)


def _varying(params: list[dict[str, str]]) -> list[str]:
    """The parameter names whose values are not the same in every result of a kind, in their first order."""
    names = list(dict.fromkeys(k for p in params for k in p))
    return [k for k in names if len({p.get(k) for p in params}) > 1]


@data.command("build", examples=["oddscalc data build", "oddscalc data build --check"])
@click.option("--force", is_flag=True, help="Recompute every result, even those made by the current engines.")
@click.option(
    "--check",
    is_flag=True,
    help="Compute nothing: fail if a result the tables or default queries "
    "read is missing or was made by other engine versions.",
)
@click.option("--keep-unused", is_flag=True, help="Keep shipped results that nothing reads any more.")
@click.option(
    "--folder",
    default=None,
    metavar="DIR",
    help="Build into DIR instead of the package's data folder (to measure a build, or compare one).",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Compute the independent parts on the Dask cluster at ADDRESS (tcp://host:8786).",
)
def build_cmd(force: bool, check: bool, keep_unused: bool, folder: str | None, scheduler: str | None) -> None:
    """Rebuild the shipped results into the package's data folder (a developer's command, run by `make data`).

    Only results missing or made by other engine versions are computed, so an interrupted build resumes where
    it stopped; each result computed is compared with the one it replaces, value by value. From scratch the
    blackjack laws of the tables take about half an hour each at 4 or 6 packs on two processes.
    """
    try:
        address = scheduler_address(scheduler)
        where = None if folder is None else check_output(folder, "--folder", directory=True)
    except REFUSALS as exc:
        fail(str(exc))
    start = time.perf_counter()
    try:
        with on_cluster(address):
            build = rebuild(StderrBar, _say, folder=where, force=force, compute=not check, keep_unused=keep_unused)
    except REFUSALS as exc:  # a result missing under --check (core.store.StoreMiss), a cluster that fails
        fail(str(exc))
    for c in build.computed:
        if c["changes"] is None:
            verdict = "new"
        elif not c["changes"]:
            verdict = "values identical" + (
                f" (engines {c['was']} -> {c['engines']})" if c["was"] != c["engines"] else ""
            )
        else:
            verdict = f"{len(c['changes'])} value(s) changed: " + "; ".join(c["changes"][:5])
        click.echo(f"{c['kind']} {shorten(c['file'])}: {c['seconds']:,.1f} s, {verdict}")
    for path in build.unused:
        click.echo(f"{'removed' if path in build.removed else 'unused'}, nothing reads it: {path.name}")
    click.echo(
        f"{len(build.used)} results read, {len(build.computed)} computed, {len(build.removed)} removed, in "
        f"{time.perf_counter() - start:,.0f} s"
    )


def _say(line: str) -> None:
    click.echo(line, err=True)


commands = [data]
