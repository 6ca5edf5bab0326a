"""Casino stud poker wagers, SI 1994/2899 reg 8 and Schedule 2; the progressive jackpot from SI 2002/1130.

The Ante and Raise are one game (reg 8(5)-(11)): the `ante` wager carries the Ante's even money and the
Raise payouts of reg 8(8)(b), per unit Ante. Reg 8(8)(b) lists no royal flush although Schedule 2 ranks it
apart: it pays as a straight flush (50 to 1) unless the user gives it its own figure
(`--pay ante.royal-flush=100:1`).
"""

from __future__ import annotations

from oddscalc.regulations.model import Wager, payout
from oddscalc.regulations.versions import in_force

REG = "SI 1994/2899 reg 8"
JACKPOT = "SI 1994/2899 reg 8(11A)(e)"
INSERTED = " (inserted by SI 2002/1130 reg 2(5))"
_README = "regulations README (oddscalc law README)"

ROYAL_AS_STRAIGHT_FLUSH = (
    "reg 8(8)(b) lists no payout for a royal flush though Sch 2 para 2(a) ranks it apart; paid as a "
    f"straight flush, 50 to 1 ({_README}, known defects); override with --pay ante.royal-flush=ODDS"
)
JACKPOT_ROYAL = (
    "reg 8(11A)(e)(i) missing from the damaged 2002 text; the Royal Flush pays 100% of the "
    f"Progressive Jackpot Meter (items (ii)-(v) and usual practice; {_README}, gaps in the 2002 text)"
)
JACKPOT_STAKE = (
    f"reg 8(11A)(a) missing from the damaged 2002 text; a fixed stake of 1 unit ({_README}, gaps in the 2002 text)"
)

#: Raise payouts of reg 8(8)(b): (payout key, odds as written, paragraph item); the royal flush first.
RAISE_PAYOUTS = (
    ("royal-flush", "50 to 1", "i"),
    ("straight-flush", "50 to 1", "i"),
    ("four-of-a-kind", "20 to 1", "ii"),
    ("full-house", "8 to 1", "iii"),
    ("flush", "6 to 1", "iv"),
    ("straight", "4 to 1", "v"),
    ("three-of-a-kind", "3 to 1", "vi"),
    ("two-pairs", "2 to 1", "vii"),
    ("one-pair-or-less", "1 to 1", "viii"),
)

#: Progressive jackpot payouts of reg 8(11A)(e): (key, figure, unit, item).
JACKPOT_PAYOUTS = (
    ("royal-flush", "100%", "meter", "i"),
    ("straight-flush", "10%", "meter", "ii"),
    ("four-of-a-kind", "100 to 1", "stake", "iii"),
    ("full-house", "75 to 1", "stake", "iv"),
    ("flush", "50 to 1", "stake", "v"),
)


def _ante() -> Wager:
    payouts = [payout("ante", "1 to 1", f"{REG}(8)(a), (b)")]
    for key, odds, item in RAISE_PAYOUTS:
        recon = ROYAL_AS_STRAIGHT_FLUSH if key == "royal-flush" else None
        payouts.append(payout(key, odds, f"{REG}(8)(b)({item})", recon))
    return Wager(
        "casino-stud-poker",
        "ante",
        "Ante and Raise (per unit Ante, optimal raise or fold)",
        "Ante before the deal; after seeing five cards and the banker's up-card the player folds (losing the "
        "Ante) or Raises exactly twice the Ante; a banker without Ace/King or better pays the Ante 1 to 1 and "
        "returns the Raise; otherwise the better hand wins both, the Raise paid by the player's hand; equal "
        "hands void",
        f"{REG}(5)-(11), Sch 2",
        tuple(payouts),
        params=(("raise", 2),),
    )


def _jackpot() -> Wager:
    payouts = tuple(
        payout(key, figure, f"{JACKPOT}({item}){INSERTED}", JACKPOT_ROYAL if item == "i" else None, unit=unit)
        for key, figure, unit, item in JACKPOT_PAYOUTS
    )
    return Wager(
        "casino-stud-poker",
        "progressive-jackpot",
        "Progressive Jackpot side wager (1 unit)",
        "a fixed 1-unit side wager paid on the player's own five cards: royal flush 100% and straight flush "
        "10% of the Progressive Jackpot Meter, four of a kind 100, full house 75, flush 50 times the wager",
        f"{JACKPOT}{INSERTED}",
        payouts,
        reconstructed=JACKPOT_STAKE,
    )


def wagers(version: str) -> tuple[Wager, ...]:
    """The Ante/Raise game in every version; the progressive jackpot from 2002 (reg 8(11A)).

    >>> [w.key for w in wagers("1994")], [w.key for w in wagers("2002")]
    (['ante'], ['ante', 'progressive-jackpot'])
    >>> ante = wagers("1994")[0]
    >>> ante.pay("royal-flush"), ante.pay("straight-flush"), ante.param("raise")
    (Fraction(50, 1), Fraction(50, 1), 2)
    """
    return (_ante(), _jackpot()) if in_force(version, "2002") else (_ante(),)
