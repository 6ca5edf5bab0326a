"""Super Pan 9 written apart from the engine, for the tests: every hand's values by enumeration, and ordered deals counted by trying every order."""

from __future__ import annotations

from fractions import Fraction

from oddscalc.games.super_pan_9.engine import DRAW, STAND

HOUSE = Fraction(19, 20)


def enumerate_values(counts: list[int]) -> dict[tuple[int, ...], dict[str, tuple[int, int, int, int]]]:
    """Per holding: (wins, ties, losses, denominator) standing and drawing, by nested loops in dealing order:
    player's three cards, banker's three, the player's fourth, the banker's fourth, from a mutable shoe."""
    shoe = list(counts)
    out: dict[tuple[int, ...], dict[str, tuple[int, int, int, int]]] = {}
    holdings = sorted({tuple(sorted((a, b, c))) for a in range(7) for b in range(7) for c in range(7)})
    for held in holdings:
        for v in held:
            shoe[v] -= 1
        if min(shoe) < 0:
            for v in held:
                shoe[v] += 1
            continue
        n = sum(shoe)
        p = sum(held) % 10
        res = {STAND: [0, 0, 0], DRAW: [0, 0, 0]}
        for b1 in range(7):
            w1 = shoe[b1]
            if not w1:
                continue
            shoe[b1] -= 1
            for b2 in range(7):
                w2 = w1 * shoe[b2]
                if not w2:
                    continue
                shoe[b2] -= 1
                for b3 in range(7):
                    w3 = w2 * shoe[b3]
                    if not w3:
                        continue
                    shoe[b3] -= 1
                    b = (b1 + b2 + b3) % 10
                    # stand: the banker may take the next card (denominator n(n-1)(n-2)(n-3)(n-4) throughout)
                    if house_draws(b):
                        for y in range(7):
                            if shoe[y]:
                                res[STAND][1 - settle(p, (b + y) % 10)] += w3 * shoe[y] * (n - 4)
                    else:
                        res[STAND][1 - settle(p, b)] += w3 * (n - 3) * (n - 4)
                    for x in range(7):
                        wx = w3 * shoe[x]
                        if not wx:
                            continue
                        shoe[x] -= 1
                        px = (p + x) % 10
                        if house_draws(b):
                            for y in range(7):
                                if shoe[y]:
                                    res[DRAW][1 - settle(px, (b + y) % 10)] += wx * shoe[y]
                        else:
                            res[DRAW][1 - settle(px, b)] += wx * (n - 4)
                        shoe[x] += 1
                    shoe[b3] += 1
                shoe[b2] += 1
            shoe[b1] += 1
        denominator = n * (n - 1) * (n - 2) * (n - 3) * (n - 4)
        out[held] = {d: (*res[d], denominator) for d in res}
        for v in held:
            shoe[v] += 1
    return out


def ordered_deals(counts: list[int], held: tuple[int, ...]) -> int:
    """Ordered three-card deals with these values, by trying every order."""
    from itertools import permutations

    total = 0
    for order in set(permutations(held)):
        shoe, w = list(counts), 1
        for v in order:
            w *= shoe[v]
            shoe[v] -= 1
        total += w
    return total


def house_draws(point: int) -> bool:
    return point < 6  # reg 9(2)(g): draw on five or less


def settle(player: int, banker: int) -> int:
    return (player > banker) - (player < banker)
