"""The law's texts that outputs cite, shipped with the package (`oddscalc/law/`).

They are byte for byte the project's source texts. So a citation such as "regulations README, gaps in the 2002
text" can be read from any install with `oddscalc law README`.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import shorten

__all__ = ["TEXTS", "Text", "TextError", "find", "read"]


class TextError(InputError):
    """A name that is not one of the shipped texts."""


@dataclass(frozen=True)
class Text:
    """One shipped text: a short name, its file under oddscalc/law/, and what it is."""

    name: str
    file: str
    title: str


TEXTS: tuple[Text, ...] = (
    Text(
        "README",
        "README.md",
        "The regulations README: the texts, the versions, the gaps in the 2002 text and "
        "the values used for them, other known defects",
    ),
    Text("1994", "002_02daaa89bededfee.txt", "SI 1994/2899 as made (regs 1-10, Schedules 1 and 2): the primary text"),
    Text("1994-regs", "001_c312ee6580ff2b74.txt", "SI 1994/2899, regs 1-10 only, without the schedules"),
    Text("reg7", "000_bff059047c51937f.txt", "SI 1994/2899 regulation 7 (blackjack) alone"),
    Text("2002", "003_ef3a5b6a77688240.txt", "SI 2002/1130, the 2002 amendment (a damaged copy: see README)"),
    Text(
        "2007-blackjack",
        "004_c8b4f1de36979071.txt",
        "Blackjack Rules UK (basic game): the industry's rules after the Gambling Act 2005",
    ),
)


def find(name: str) -> Text:
    """The text called `name` (its short name or file name, any case).

    >>> find("reg7").title
    'SI 1994/2899 regulation 7 (blackjack) alone'
    >>> find("003_EF3A5B6A77688240.TXT").name
    '2002'
    """
    for t in TEXTS:
        if name.lower() in (t.name.lower(), t.file.lower()):
            return t
    raise TextError(f"no law text {shorten(name)}; allowed: {', '.join(t.name for t in TEXTS)}")


def read(name: str) -> bytes:
    """The text's bytes, exactly as shipped (what `oddscalc law NAME` prints).

    >>> read("README").splitlines()[0]
    b'# The regulations this project computes'
    """
    return resources.files("oddscalc").joinpath("law", find(name).file).read_bytes()
