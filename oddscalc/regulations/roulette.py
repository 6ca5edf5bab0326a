"""Roulette wagers, SI 1994/2899 reg 4: a 37-compartment wheel (0-36), eight kinds of wager."""

from __future__ import annotations

from oddscalc.regulations.model import Wager, wager

_REG = "SI 1994/2899 reg 4(5)"

# (key, title, numbers covered, odds as written, paragraph letter)
_KINDS = (
    ("straight", "One specific number", 1, "35 to 1", "a"),
    ("split", "One of two specific numbers", 2, "17 to 1", "b"),
    ("street", "One of three specific numbers", 3, "11 to 1", "c"),
    ("corner", "One of four specific numbers", 4, "8 to 1", "d"),
    ("six-line", "One of six specific numbers", 6, "5 to 1", "e"),
    ("dozen", "One of twelve specific numbers", 12, "2 to 1", "f"),
    ("even-chance", "One of eighteen specific numbers not including 0", 18, "1 to 1", "g"),
    ("two-dozens", "One of twenty-four specific numbers", 24, "1 to 2", "h"),
)


def wagers(version: str) -> tuple[Wager, ...]:
    """The same eight wagers in every version (2002 omitted reg 4(7), so a house need not offer all).

    >>> [(w.key, w.payouts[0].label) for w in wagers("1994")][:3]
    [('straight', '35 to 1'), ('split', '17 to 1'), ('street', '11 to 1')]
    >>> even = wagers("2007")[6]
    >>> even.key, even.param("numbers"), even.param("half_back_on_zero")
    ('even-chance', 18, True)
    """
    result = []
    for key, title, numbers, odds, letter in _KINDS:
        half_back = numbers == 18
        result.append(
            wager(
                "roulette",
                key,
                title,
                f"the score will be {title.lower()}"
                + ("; on 0 the stake is divided equally (reg 4(6))" if half_back else ""),
                f"{_REG}({letter})" + ("; reg 4(6)" if half_back else ""),
                odds,
                params={"numbers": numbers, "half_back_on_zero": half_back},
            )
        )
    return tuple(result)
