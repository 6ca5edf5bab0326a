"""The detectors' inner loops, compiled by numba (core.compiled).

Page's CUSUM recursion W = max(0, W + z) runs round by round for every alternative, in the order the rounds came.
So the result never depends on where a batch was cut (a restart replays exactly). The function detector.update is
the same recursion in numpy, its reference.

>>> import numpy as np
>>> w, top = np.zeros(1), np.empty(4)
>>> cusum_rows(w, np.array([[1.0, -3.0, 2.0, 0.5]]), top)
>>> w.tolist(), top.tolist()
([2.5], [1.0, 0.0, 2.0, 2.5])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from oddscalc.core.compiled import compile_loop

__all__ = ["cusum_codes", "cusum_rows"]


def _codes(w: np.ndarray, llr_t: np.ndarray, obs: np.ndarray, top: np.ndarray) -> None:
    k_count = w.shape[0]
    for j in range(obs.shape[0]):
        row = llr_t[obs[j]]
        best = 0.0
        for k in range(k_count):
            v = w[k] + row[k]
            if v < 0.0:
                v = 0.0
            w[k] = v
            if v > best:
                best = v
        top[j] = best


def _rows(w: np.ndarray, z: np.ndarray, top: np.ndarray) -> None:
    k_count = w.shape[0]
    for j in range(z.shape[1]):
        best = 0.0
        for k in range(k_count):
            v = w[k] + z[k, j]
            if v < 0.0:
                v = 0.0
            w[k] = v
            if v > best:
                best = v
        top[j] = best


_compiled: dict[str, Callable[..., Any]] = {}


def _loop(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    found = _compiled.get(name)
    if found is None:
        found = _compiled[name] = compile_loop(fn)
    return found


def cusum_codes(w: np.ndarray, llr_t: np.ndarray, obs: np.ndarray, top: np.ndarray) -> None:
    """W updated in place by the rounds' results `obs` (llr_t[c, k]: alternative k's log-ratio for result c);
    top[j] = max_k W_k after round j."""
    _loop("codes", _codes)(w, llr_t, obs, top)


def cusum_rows(w: np.ndarray, z: np.ndarray, top: np.ndarray) -> None:
    """W updated in place by increments z[k, j]; top[j] = max_k W_k after round j."""
    _loop("rows", _rows)(w, z, top)
