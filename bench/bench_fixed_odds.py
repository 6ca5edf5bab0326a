"""Benchmarks for the fixed-odds games: a whole version's worth of analyses."""

from oddscalc import api


def cases():
    return [
        ("roulette, all wagers (2002)", lambda: api.analyse("roulette", "2002"), 5),
    ]
