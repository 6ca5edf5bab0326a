"""CUSUM detectors of a family of alternatives, updated a batch at a time with numpy.

For each alternative k the statistic is W_k(n) = max(0, W_k(n-1) + z_k(n)). Here z_k(n) is the round's
log-likelihood ratio, or any log of a nonnegative factor with conditional mean at most 1 under the law (Bennett's
factors in hold.py). W_k(n) is the largest log-product of the factors since any start: exp W_k(n) = max_j
prod_{i=j..n} L_k(i). That is at most the Shiryaev-Roberts statistic R_k(n) = sum_j prod_{i=j..n} L_k(i). Its
expectation under the law is at most n, since each product from a start j is a test supermartingale. The mixture
R(n) = mean_k R_k(n) obeys E[R(n) | past] <= 1 + R(n-1). So R(n) + N - n is a nonnegative supermartingale on
n <= N starting at N. By Ville's inequality the chance that max_k W_k(n) >= log(K N / a) (so R(n) >= N / a) at
some n <= N is then at most a. That is the guarantee (an e-detector in the sense of Shin, Ramdas and Rinaldo): at
most a false-alarm chance a over the first N rounds, however often one looks. And a fault that starts late is
found as fast as on a new table, since the statistic forgets fair play (it restarts at 0).

A batch: with S the running sum of z from the batch's start, W(n) = S(n) - min(-W(0), min_{j<=n} S(j)), so the
whole batch is a cumsum and a running minimum.

>>> import numpy as np
>>> w, top = update(np.zeros(1), np.array([[1.0, -3.0, 2.0, 0.5]]))
>>> w.tolist(), top.tolist()
([2.5], [1.0, 0.0, 2.0, 2.5])
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["first_crossing", "log_threshold", "update"]


def update(w0: np.ndarray, z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(W after the batch, max_k W_k after each round) for increments z of shape (K, rounds)."""
    if z.shape[1] == 0:
        return w0, np.empty(0)
    s = np.cumsum(z, axis=1)
    low = np.minimum.accumulate(s, axis=1)
    np.minimum(low, -w0[:, None], out=low)
    s -= low
    return s[:, -1].copy(), s.max(axis=0)


def log_threshold(alternatives: int, rounds: float, level: float) -> float:
    """log(K N / a): the CUSUM threshold for K alternatives, N rounds in the horizon and false-alarm chance a.

    >>> round(log_threshold(1, 100, 0.01), 4)  # log 10^4
    9.2103
    """
    return math.log(alternatives) + math.log(rounds) - math.log(level)


def first_crossing(top: np.ndarray, threshold: float) -> int | None:
    """The index of the first round whose statistic reaches the threshold, or None."""
    hits = np.flatnonzero(top >= threshold)
    return int(hits[0]) if hits.size else None
