"""The --plot option the commands share: the file checked before any work, and the picture drawn.

The file is PNG, SVG or PDF by its extension, a one-line error otherwise. The picture is drawn by a module of
report/plots loaded by name, since matplotlib takes a second to import and only --plot needs it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from oddscalc.cli.common import REFUSALS, UserError, fail, flag_names
from oddscalc.report.plots.plot_files import check_plot

__all__ = ["checked_plot", "draw", "plot_option"]

#: The package of the drawing modules.
PLOTS = "oddscalc.report.plots"


def plot_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """`--plot FILE` (parameter `plot_path`): also draw `what` to FILE."""
    return click.option(
        "--plot",
        "plot_path",
        default=None,
        metavar="FILE",
        help=f"Also draw {what} to FILE: PNG, SVG or PDF, by its extension (.png, .svg, .pdf).",
    )


def checked_plot(path: str | None) -> Path | None:
    """The --plot file, checked before any work (None when none was asked for); a one-line error, exit 2."""
    if path is None:
        return None
    try:
        return check_plot(path)
    except REFUSALS as exc:
        raise UserError(flag_names(str(exc))) from None


def draw(module: str, function: str, *args: object) -> None:
    """Call `function` of report/plots/`module` with `args` (it writes the file); its ValueError (a picture that
    cannot be drawn) becomes a one-line error, exit 2."""
    try:
        getattr(importlib.import_module(f"{PLOTS}.{module}"), function)(*args)
    except REFUSALS as exc:
        fail(str(exc))
