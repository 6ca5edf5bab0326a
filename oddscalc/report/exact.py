"""How exact values are written for readers and machines: a fraction as "p/q", an exact value with its decimal
and percentage renderings (the JSON form), and a table cell as text.

>>> from fractions import Fraction
>>> fraction_text(Fraction(-1, 37))
'-1/37'
>>> exact(Fraction(1, 8))
{'exact': '1/8', 'decimal': '0.1250000000', 'percent': '12.50000000'}
>>> cell_text(Fraction(3)), cell_text(Fraction(2, 3)), cell_text("hit")
('3', '2/3', 'hit')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.distribution import render_decimal

__all__ = ["DECIMAL_PLACES", "RENDERING_COLUMNS", "cell_text", "exact", "fraction_text", "rendered_beside"]

DECIMAL_PLACES = 10


def fraction_text(value: Fraction) -> str:
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def exact(value: Fraction) -> dict[str, str]:
    """An exact value with its decimal and percentage renderings."""
    value = Fraction(value)
    return {
        "exact": fraction_text(value),
        "decimal": render_decimal(value, DECIMAL_PLACES),
        "percent": render_decimal(value * 100, DECIMAL_PLACES - 2),
    }


def cell_text(cell: object) -> str:
    """A table cell as text: fractions exact."""
    if isinstance(cell, Fraction):
        return fraction_text(cell) if cell.denominator != 1 else str(cell.numerator)
    return str(cell)


#: Column headings that hold a rendering of the column before them: no percentage is added beside that one.
RENDERING_COLUMNS = ("decimal", "(%)")


def rendered_beside(columns: Sequence[str]) -> list[bool]:
    """For each column, whether the next one renders it (RENDERING_COLUMNS): its fractions then go without a
    percentage."""
    return [i + 1 < len(columns) and columns[i + 1] in RENDERING_COLUMNS for i in range(len(columns))]
