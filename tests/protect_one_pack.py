"""What the protect tests that play a one-pack blackjack shoe in the test share: the command's options for the
custom one-pack 1994 game, and hi-lo's weights written from the count's definition (independently of protect)."""

from __future__ import annotations

#: Hi-lo by card label: 2-6 +1, 7-9 0, tens and Aces -1.
HI_LO = {"A": -1, "T": -1, **dict.fromkeys("23456", 1), **dict.fromkeys("789", 0)}


def one_pack_args(seed: int, shoes: int) -> tuple[str, ...]:
    """`protect blackjack` on the custom one-pack 1994 game, `shoes` shoes from `seed`, on one process.

    >>> one_pack_args(3, 2)[:6]
    ('protect', 'blackjack', '--version', '1994', '--custom', '--decks')
    """
    return (
        "protect",
        "blackjack",
        "--version",
        "1994",
        "--custom",
        "--decks",
        "1",
        "--shoes",
        str(shoes),
        "--seed",
        str(seed),
        "--workers",
        "1",
        "--ramp-variance",  # given, so that no math report of the one-pack game is computed (minutes)
        "4/3",
        "--check-every",  # and no round valued by the exact engine too (seconds on a custom rule set)
        "1000",
    )
