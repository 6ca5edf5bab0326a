"""Benchmarks for the fixed-odds games: a whole version's worth of analyses each."""

from oddscalc import api


def cases():
    return [
        ("roulette, all wagers (2002)", lambda: api.analyse("roulette", "2002"), 5),
        ("dice, all 70 wagers incl. hops, exact chains (2002)", lambda: api.analyse("dice", "2002"), 3),
        ("big six, all wagers (2002)", lambda: api.analyse("big-six", "2002"), 5),
        ("sic bo, all wagers over 216 throws (2002)", lambda: api.analyse("sic-bo", "2002"), 3),
    ]
