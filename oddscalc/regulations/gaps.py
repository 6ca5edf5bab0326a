"""Values used where the legal texts are damaged or defective: each with the source of its reconstruction.

From the gaps list of ../shared/regulations/README.md; every wager that uses one is marked reconstructed.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BIG_SIX_A_COMPARTMENTS", "BIG_SIX_ODDS", "CRAPS_ODDS", "HOP_PAIR", "SIC_BO", "Gap"]


@dataclass(frozen=True)
class Gap:
    value: str
    source: str


_README = "regulations README (oddscalc law README), gaps in the 2002 text"

CRAPS_ODDS = Gap(
    "7 to 1",
    "Sch 1 para 6 reads '7(r) to 1', a transcription fault; 7 to 1 used "
    "(regulations README (oddscalc law README), known defects)",
)
HOP_PAIR = Gap(
    "33 to 1",
    "Sch 1 'Hopping bets' (a) missing from the damaged 2002 text; 33 to 1, the odds of the "
    f"single-number 2 or 12 wager, the same event size ({_README})",
)
BIG_SIX_A_COMPARTMENTS = Gap(
    "1", f"reg 11(5)(a) missing from the damaged 2002 text; the 52 compartments less B-G's 51 leave 1 for A ({_README})"
)
BIG_SIX_ODDS = Gap(
    "A 50, B 50, C 20, D 10, E 5, F 3, G 1 to 1",
    "Schedule 3's odds table missing from the damaged 2002 text; odds as published by UK casino "
    f"guides (knowyourluck.com, gamble.net); some give 45 to 1 for A and B ({_README})",
)
SIC_BO = {
    "total-4-17": Gap("60 to 1", f"Sch 4 para 9(a) missing from the damaged 2002 text ({_README})"),
    "combination-1": Gap(
        "the number 1 with 2, 3, 4, 5 or 6",
        f"Sch 4 'Dice Combinations' (a) missing from the damaged 2002 text ({_README})",
    ),
    "single-one-die": Gap("1 to 1", f"Sch 4 'Single number' (a) missing from the damaged 2002 text ({_README})"),
    "four-6543": Gap(
        "6, 5, 4, 3", f"Sch 4 'Four Number Combination' (a) missing from the damaged 2002 text ({_README})"
    ),
    "three-126": Gap(
        "1, 2, 6",
        "Sch 4 'Three Number Combination' (a) missing from the damaged 2002 text; 1-2-6 is the "
        f"one set of C(6,3) = 20 not listed ({_README})",
    ),
    "combination-rule": Gap(
        "three different numbers, all in the chosen set",
        f"Sch 4 does not say when a four- or three-number combination wins; the usual sic bo rule is used ({_README})",
    ),
}
