"""`oddscalc data`: the exact results shipped with the package: list them with their provenance, or rebuild them."""

from __future__ import annotations

import json
import time

import click

from oddscalc.cli.common import REFUSALS, REPORT_FORMATS, Group, fail, format_option
from oddscalc.core.files import check_output
from oddscalc.core.numbers import shorten
from oddscalc.core.parallel import on_cluster, scheduler_address
from oddscalc.core.progress import StderrBar
from oddscalc.core.schemas import named
from oddscalc.core.store import data_dir, shipped_entries, user_cache_dir
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
    click.echo("\n".join(fit([head])))
    for e in entries:
        p = e.provenance
        took = "time not recorded" if p.get("seconds") is None else f"{p['seconds']:,.1f} s"
        engines = ", ".join(f"{k} {v}" for k, v in e.engines.items())
        click.echo(f"{e.kind:30} {engines:28} {str(p.get('created', '?'))[:10]}  {took}")


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
