"""Where a plot may be written: a PNG, SVG or PDF file, the format chosen by the file's extension.

Kept apart from the drawing modules (which load matplotlib, a second's import) so that a command checks its
--plot path before any work at no cost.

>>> plot_format("rtp.SVG")
'svg'
"""

from __future__ import annotations

from pathlib import Path

from oddscalc.core.errors import InputError
from oddscalc.core.files import check_output

__all__ = ["FORMATS", "PlotPathError", "check_plot", "plot_format"]

#: The formats a plot is written in, by file extension.
FORMATS = ("png", "svg", "pdf")


class PlotPathError(InputError):
    """A plot file whose extension names no format the plots are written in."""


def plot_format(path: str | Path) -> str:
    """The format ("png", "svg" or "pdf") a plot file's extension names; PlotPathError (one line) for any
    other."""
    suffix = Path(path).suffix
    if suffix.lower().lstrip(".") not in FORMATS:
        what = f": extension {suffix!r} names no plot format" if suffix else " has no extension to name its format"
        raise PlotPathError(f"plot file {str(path)[:80]!r}{what}; allowed: .png, .svg, .pdf")
    return suffix.lower().lstrip(".")


def check_plot(path: object, what: str = "--plot") -> Path:
    """The plot file `path`, checked before any work: a writable file path (core.files.check_output) ending in
    .png, .svg or .pdf; a one-line ValueError otherwise."""
    checked = check_output(path, what)
    try:
        plot_format(checked)
    except PlotPathError as exc:
        raise PlotPathError(f"{what}: {exc}") from None
    return checked
