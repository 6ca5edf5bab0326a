"""How many results the monitor needs to flag a named fault, from the exact information per result.

For a fault q against the law p, the Kullback-Leibler information is KL(q || p) = sum q log(q / p), in nats a
result (the laws exact, the logarithms to 30 digits). It sets the sequential probability ratio test's bound: a
test that knows the fault needs about log(1/a) / KL results at level a. The monitor does not know the fault: each
of its tests watches K alternatives over a horizon of N results, and alarms at log(K N / a) (detector.py). Under
the fault its best alternative's statistic drifts up at D = max_k E_q[log(q_k / p)] <= KL a result, so it needs
about log(K N / a) / D. The ratio of the two is the price of not knowing the fault: the log K and log N in the
threshold, and D below KL when no alternative is the fault itself.

>>> plans = fault_plans(50, Budget(), 60)
>>> [(f.name, f.test) for f in plans][:2]
[('a pocket at 2/37', 'result-law'), ('nine neighbouring pockets 10% likelier in total', 'sectors')]
>>> round(plans[0].kl, 6)  # 2/37 log 2 + 35/37 log(35/36)
0.010819
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np

from oddscalc.monitor.budget import dealer_share
from oddscalc.monitor.detector import log_threshold
from oddscalc.monitor.families import raised_law
from oddscalc.monitor.floor import Budget
from oddscalc.monitor.result_laws import distance_law, result_law, wheel_order
from oddscalc.monitor.streams import ARC, families, statistical_tests

__all__ = ["FaultPlan", "fault_plans", "kl"]


@dataclass(frozen=True)
class FaultPlan:
    name: str
    test: str
    kl: float  # nats a result, KL(fault || law)
    drift: float  # the best alternative's expected log-ratio a result under the fault
    level: float  # the test's share of the floor's budget
    alternatives: int
    horizon: float  # results in the horizon, N
    sprt: float  # log(1/level) / KL
    monitor: float  # log(K N / level) / drift (inf: no alternative drifts up under this fault)

    @property
    def cost(self) -> float:
        return self.monitor / self.sprt


def kl(q: Sequence[Fraction], p: Sequence[Fraction]) -> float:
    """KL(q || p) in nats, from exact laws (30-digit logarithms).

    >>> round(kl([Fraction(1, 2), Fraction(1, 2)], [Fraction(1, 4), Fraction(3, 4)]), 6)  # 1/2 log 2 + 1/2 log 2/3
    0.143841
    """
    with mpmath.workdps(30):
        total = mpmath.mpf(0)
        for a, b in zip(q, p):
            if a:
                r = Fraction(a) / b
                total += mpmath.mpf(a.numerator) / a.denominator * mpmath.log(mpmath.mpf(r.numerator) / r.denominator)
        return float(total)


def _faults() -> list[tuple[str, str, tuple[Fraction, ...], tuple[Fraction, ...]]]:
    p = result_law("roulette", "2002").p
    wheel = wheel_order(None)
    uniform = distance_law(wheel, wheel[0])
    return [
        ("a pocket at 2/37", "result-law", raised_law(p, (17,), Fraction(1)), p),
        (
            "nine neighbouring pockets 10% likelier in total",
            "sectors",
            raised_law(p, wheel[3 : 3 + ARC], Fraction(1, 10)),
            p,
        ),
        ("a pocket at 1/36", "result-law", raised_law(p, (17,), Fraction(37, 36) - 1), p),
        (
            "a dealer's signature: 9 neighbouring distances 25% likelier",
            "signature",
            raised_law(uniform, tuple(range(10, 10 + ARC)), Fraction(1, 4)),
            uniform,
        ),
    ]


def fault_plans(tables: int, budget: Budget, results_per_hour: int | Fraction) -> list[FaultPlan]:
    """The named faults on one table of a floor of `tables` roulette wheels sharing `budget`."""
    level = float(budget.level) / (tables * len(statistical_tests("roulette")))
    horizon = float(Fraction(results_per_hour) * budget.hours)
    fams = families("roulette", "2002", wheel_order(None))
    out = []
    for name, test, q, p in _faults():
        fam = fams[test]
        drift = float((fam.llr @ np.array([float(x) for x in q])).max())
        lv = dealer_share(level, 1) if test == "signature" else level
        info = kl(q, p)
        out.append(
            FaultPlan(
                name,
                test,
                info,
                drift,
                lv,
                fam.size,
                horizon,
                math.log(1 / lv) / info,
                log_threshold(fam.size, horizon, lv) / drift if drift > 0 else math.inf,
            )
        )
    return out
