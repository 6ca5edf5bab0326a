"""How exact values are written for readers and machines: a fraction as "p/q", an exact value with its decimal
and percentage renderings (the JSON form), and a table cell as text.

>>> from fractions import Fraction
>>> fraction_text(Fraction(-1, 37))
'-1/37'
>>> exact(Fraction(1, 8))
{'exact': '1/8', 'decimal': '0.1250000000', 'percent': '12.50000000'}
>>> cell_text(Fraction(3)), cell_text(Fraction(2, 3)), cell_text("hit")
('3', '2/3', 'hit')

People read a long fraction by its decimal. `short_text` keeps a fraction of at most LONG_DIGITS digits whole,
and writes a longer one as "≈" and its decimal rounded to SHORT_DIGITS significant figures; JSON and CSV always
carry it whole. `noted` then says once, at the end of a text output, what "≈" means.

>>> short_text(Fraction(10**30 + 1, 3 * 10**31))
'≈0.033333333'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from oddscalc.core.distribution import render_decimal

__all__ = [
    "DECIMAL_PLACES",
    "LONG_DIGITS",
    "LONG_MEANING",
    "LONG_WORDS",
    "RENDERING_COLUMNS",
    "ROUNDED_MARK",
    "ROUNDED_NOTE",
    "SHORT_DIGITS",
    "cell_text",
    "exact",
    "fraction_text",
    "noted",
    "rendered_beside",
    "short_text",
    "shorten_numbers",
    "significant",
]

DECIMAL_PLACES = 10
#: An exact fraction with more digits than this (numerator and denominator together) is written shortened for
#: people (`short_text`): in text, Markdown and the booklets, unless asked for whole.
LONG_DIGITS = 20
#: Significant figures of a shortened fraction, rounded from the exact value.
SHORT_DIGITS = 8
#: The mark before a shortened fraction's rounded decimal.
ROUNDED_MARK = "≈"
#: How a shortened fraction looks, and what it means (for the definitions under a table or at a booklet's back).
LONG_WORDS = f"{ROUNDED_MARK}0.43653112"
LONG_MEANING = (
    f"an exact fraction too long to read, shown as its decimal rounded to {SHORT_DIGITS} significant figures; "
    "the JSON and CSV tables, and `--exact`, give it whole"
)
#: The line that ends a text output with a shortened fraction in it (`noted`): once, however many there are.
ROUNDED_NOTE = (
    f"{ROUNDED_MARK}: a decimal rounded to {SHORT_DIGITS} significant figures; --exact prints every fraction whole"
)


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


def significant(value: Fraction, digits: int = SHORT_DIGITS) -> tuple[str, bool]:
    """(`value` rounded to `digits` significant figures as a decimal, exactly from the fraction (half to even,
    trailing zeros kept); whether it was rounded: an exact decimal of fewer digits is written as it is).

    >>> significant(Fraction(-2, 3), 4), significant(Fraction(1, 8), 4), significant(Fraction(99999, 100000), 3)
    (('-0.6667', True), ('0.125', False), ('1.00', True))
    """
    value = Fraction(value)
    size = abs(value)
    if size == 0:
        return "0", False
    top = len(str(size.numerator)) - len(str(size.denominator))  # 10**top <= size < 10**(top + 1), or one below
    if Fraction(10) ** top > size:
        top -= 1
    places = max(0, digits - 1 - top)
    if len(str(round(size * 10**places))) > max(digits, top + 1):  # rounded up to the next power of ten
        places = max(0, places - 1)
    scaled = size * 10**places
    whole = round(scaled)  # Fraction.__round__: exact, half to even
    rounded = whole != scaled
    text = str(whole).rjust(places + 1, "0")
    if places:
        text = f"{text[:-places]}.{text[-places:]}"
        if not rounded:
            text = text.rstrip("0").rstrip(".")
    return ("-" if value < 0 else "") + text, rounded


def short_text(value: Fraction, whole: bool = False, limit: int = LONG_DIGITS) -> str:
    """A fraction for people: `p/q` (an integer plainly) if short or `whole`, else "≈" and its rounded decimal.

    A fraction is short when it has at most `limit` digits; the decimal has SHORT_DIGITS significant figures. The
    exact value is in JSON and CSV, or printed with --exact, and ROUNDED_NOTE says so once per output.

    >>> short_text(Fraction(1, 37)), short_text(Fraction(1, 37), limit=2), short_text(Fraction(3, 8), limit=1)
    ('1/37', '≈0.027027027', '0.375')
    >>> short_text(Fraction(2**80, 3**60), whole=True)[:12]
    '120892581961'
    """
    value = Fraction(value)
    text = cell_text(value)
    if whole or sum(c.isdigit() for c in text) <= limit:
        return text
    shown, rounded = significant(value)
    return f"{ROUNDED_MARK}{shown}" if rounded else shown


_FRACTION = re.compile(r"-?\d+/\d+")


def shorten_numbers(text: str, whole: bool = False) -> str:
    """Prose with every long fraction in it shortened (short_text), unless `whole`.

    >>> shorten_numbers("value of the game: -" + "9" * 15 + "/" + "7" * 16 + " per unit")
    'value of the game: ≈-0.12857143 per unit'
    """
    return text if whole else _FRACTION.sub(lambda m: short_text(Fraction(m[0])), text)


_ROUNDED = re.compile(re.escape(ROUNDED_MARK) + r"-?\d")


def noted(text: str) -> str:
    """A text output with ROUNDED_NOTE as its last line when a rounded decimal is in it and nothing there says
    what one is yet (LONG_MEANING, in Markdown's definitions): said once, however many parts the text joins.

    >>> noted("p = ≈0.33333333").splitlines()[-1] == ROUNDED_NOTE, noted("p = 1/3")
    (True, 'p = 1/3')
    """
    if not _ROUNDED.search(text) or ROUNDED_NOTE in text or LONG_MEANING in text:
        return text
    return text.rstrip("\n") + f"\n\n{ROUNDED_NOTE}\n"


#: Column headings that hold a rendering of the column before them: no percentage is added beside that one.
RENDERING_COLUMNS = ("decimal", "(%)")


def rendered_beside(columns: Sequence[str]) -> list[bool]:
    """For each column, whether the next one renders it (RENDERING_COLUMNS): its fractions then go without a
    percentage."""
    return [i + 1 < len(columns) and columns[i + 1] in RENDERING_COLUMNS for i in range(len(columns))]
