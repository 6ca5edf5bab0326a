"""A p-value valid at every sample size for a sum of martingale differences with exactly known conditional variances.

It is Bennett's exponential supermartingale (Freedman 1975), mixed over a fixed grid of bets.

Let X_1, X_2, ... have E[X_i | past] = 0, E[X_i^2 | past] = s_i^2 and |X_i| <= B_i, with B_i known before X_i.
Bennett's lemma gives E[exp(t X_i) | past] <= exp(s_i^2 psi(t, B_i)), psi(t, B) = (e^(|t| B) - 1 - |t| B) / B^2,
for every real t, and psi grows with B. Let D = sum X_i and V_b the sum of s_i^2 over the steps whose B_i is at
most 2^b. Then M(t) = exp(t D - sum_b psi(t, 2^b) V_b) has expectation at most 1, whatever the sample size or the
rule that stopped it. So has the average of M over any grid of t fixed in advance. By Markov's inequality
P(average >= 1/u) <= u. So p = min(1, 1 / average) is a valid p-value (P(p <= u) <= u for every u), no
asymptotics. The grid: t = 2^(j/2) / scale for j = -28..6 (35 bets, a factor of sqrt 2 apart). It is positive
only for a one-sided test, both signs for a two-sided one. `scale` is the test's typical step size (its standard
deviation), fixed by the game before the log is read. The price of the grid is a factor of 35 (70) on p. In return
no step of the computation rests on a normal approximation. Its tails at the Bonferroni levels used (10^-5 and
below) are not to be trusted for skewed counts.

>>> from fractions import Fraction
>>> float(p_value(Fraction(0), {3: Fraction(100)}, Fraction(1), 2))  # nothing observed beyond expectation
1.0
>>> p_value(Fraction(60), {0: Fraction(100)}, Fraction(1), 1, digits=3)  # 6 sd, steps of range 1: Poisson-like
'6.64e-6'
>>> p_value(Fraction(60), {-3: Fraction(100)}, Fraction(1), 1, digits=3)  # 6 sd in steps of range 1/8: nearer normal
'6.86e-7'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

import mpmath
import numpy as np

__all__ = ["GRID", "log_e_float", "p_value"]

#: The exponents j of the bets t = 2^(j/2) / scale.
GRID = range(-28, 7)


def _mpf(x: Fraction) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator


def p_value(total: Fraction, variance: Mapping[int, Fraction], scale: Fraction, sides: int, digits: int = 15) -> str:
    """The p-value (decimal text) of the observed sum `total` of the steps, given `variance`: {b: the summed
    conditional variance of the steps whose range bound is at most 2^b}; `sides` 1 (large sums) or 2 (either)."""
    with mpmath.workdps(digits + 15):
        d = _mpf(Fraction(total))
        v = {b: _mpf(Fraction(x)) for b, x in variance.items() if x}
        unit = 1 / _mpf(Fraction(scale))
        logs = []
        for j in GRID:
            t = mpmath.power(2, mpmath.mpf(j) / 2) * unit
            penalty = mpmath.mpf(0)
            for b, vb in v.items():
                u = t * mpmath.ldexp(1, b)
                penalty += (mpmath.expm1(u) - u) / mpmath.ldexp(1, 2 * b) * vb
            logs.append(t * d - penalty)
            if sides == 2:
                logs.append(-t * d - penalty)
        top = max(logs)
        mean = top + mpmath.log(mpmath.fsum(mpmath.exp(x - top) for x in logs) / len(logs))
        return mpmath.nstr(mpmath.exp(-mean) if mean > 0 else mpmath.mpf(1), digits)


def log_e_float(total: float, variance: np.ndarray, scale: float, sides: int) -> float:
    """The log of the average over the grid of M(t) (the e-value whose reciprocal, capped at 1, is `p_value`), in
    double precision: `variance[b]` the summed conditional variance of the steps of range bound at most 2^b.

    >>> v = np.zeros(4)
    >>> v[0] = 100.0
    >>> f"{math.exp(-log_e_float(60.0, v, 1.0, 1)):.3g}", p_value(Fraction(60), {0: Fraction(100)}, Fraction(1), 1, 3)
    ('6.64e-06', '6.64e-6')
    """
    t = np.power(2.0, np.array(GRID, dtype=np.float64) / 2) / scale
    bound = np.ldexp(1.0, np.arange(len(variance)))
    with np.errstate(over="ignore", invalid="ignore"):
        u = t[:, None] * bound[None, :]
        psi = np.where(u < 1e-4, u * u * (0.5 + u / 6 + u * u / 24), np.expm1(u) - u) / (bound * bound)[None, :]
        live = variance != 0
        penalty = (psi[:, live] * variance[live]).sum(axis=1) if live.any() else np.zeros(len(t))
        logs = np.concatenate([t * total - penalty, -t * total - penalty]) if sides == 2 else t * total - penalty
        logs = np.where(np.isnan(logs), -np.inf, logs)
    top = float(logs.max())
    return top + math.log(float(np.exp(logs - top).sum()) / len(logs))
