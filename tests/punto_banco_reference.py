"""Punto banco written apart from the engine, for the tests: the banker's rule in words, every six-card deal counted by nested loops, and published counts."""

from __future__ import annotations

# Published counts of ordered six-card deals (Wizard of Odds style, as tabulated on casinoexploit.com
# "Probabilities in 8deck / 6deck Baccarat"): (banker wins, player wins, ties).
PUBLISHED = {
    8: (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
    6: (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
}


def banker_draws_independent(banker: int, third: int | None) -> bool:
    """The banker's rule written out in words, as the usual summaries put it (not the engine's table)."""
    if third is None:
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return third != 8
    if banker == 4:
        return 2 <= third <= 7
    if banker == 5:
        return 4 <= third <= 7
    if banker == 6:
        return third in (6, 7)
    return False


def enumerate_independent(counts: list[int]) -> tuple[int, int, int, int]:
    """(banker, player, tie, total) over ordered six-card deals, by nested loops drawing from a mutable shoe."""
    shoe = list(counts)
    size = sum(shoe)
    res = [0, 0, 0]

    def take(v):
        n = shoe[v]
        shoe[v] -= 1
        return n

    for p1 in range(10):
        if not shoe[p1]:
            continue
        w1 = take(p1)
        for b1 in range(10):
            if not shoe[b1]:
                continue
            w2 = w1 * take(b1)
            for p2 in range(10):
                if not shoe[p2]:
                    continue
                w3 = w2 * take(p2)
                for b2 in range(10):
                    if not shoe[b2]:
                        continue
                    w4 = w3 * take(b2)
                    left = size - 4
                    p, b = (p1 + p2) % 10, (b1 + b2) % 10
                    if p >= 8 or b >= 8:
                        res[winner(p, b)] += w4 * left * (left - 1)
                    elif p >= 6:
                        if b <= 5:
                            for x in range(10):
                                if shoe[x]:
                                    res[winner(p, (b + x) % 10)] += w4 * shoe[x] * (left - 1)
                        else:
                            res[winner(p, b)] += w4 * left * (left - 1)
                    else:
                        for x in range(10):
                            if not shoe[x]:
                                continue
                            w5 = w4 * take(x)
                            pf = (p + x) % 10
                            if banker_draws_independent(b, x):
                                for y in range(10):
                                    if shoe[y]:
                                        res[winner(pf, (b + y) % 10)] += w5 * shoe[y]
                            else:
                                res[winner(pf, b)] += w5 * (left - 1)
                            shoe[x] += 1
                    shoe[b2] += 1
                shoe[p2] += 1
            shoe[b1] += 1
        shoe[p1] += 1
    total = 1
    for k in range(6):
        total *= size - k
    return res[0], res[1], res[2], total


def winner(p: int, b: int) -> int:
    return 0 if b > p else 1 if p > b else 2
