"""Which law a player's bank is computed under: the finite shoe exactly where that is within reach (at most
`finite_bank.MAX_HANDS` hands dealt), else the infinite shoe, exact under that model; or the one asked for.

Finite laws of three or more hands take seconds to a minute, so they are stored (`oddscalc.core.store`: shipped
data, else the user cache), keyed on the shoe, the hands' strategy, the number of hands and `ENGINE`.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import gcd
from typing import Any

from oddscalc.core.progress import Progress
from oddscalc.core.store import Engine, stored
from oddscalc.games.super_pan_9.bank_law import BankLaw, Outcome
from oddscalc.games.super_pan_9.engine import DRAW
from oddscalc.games.super_pan_9.finite_bank import MAX_HANDS, FiniteReachError, finite_law
from oddscalc.games.super_pan_9.infinite_bank import infinite_law

__all__ = ["AUTO", "ENGINE", "FINITE", "INFINITE", "MODELS", "FiniteReachError", "law_for", "model_for"]

AUTO, FINITE, INFINITE = "auto", "finite", "infinite"
MODELS = (AUTO, FINITE, INFINITE)
_CACHED_FROM = 3  # hands; fewer take well under a second

#: The version of the finite bank law's engine (`finite_bank`, `bank_law`, `hands`, and `core.residues`) and of
#: this module's encoding: bump it whenever a stored law may change, then rebuild the data (`make data`).
ENGINE = Engine("super-pan-9-bank", 1)


def model_for(model: str, hands: int) -> str:
    """FINITE or INFINITE: `auto` is the finite shoe up to MAX_HANDS hands dealt, the infinite shoe beyond."""
    if model == AUTO:
        return FINITE if hands <= MAX_HANDS else INFINITE
    if model == FINITE and hands > MAX_HANDS:
        raise FiniteReachError(
            f"rule model=finite: the exact finite-shoe computation reaches {MAX_HANDS} hands "
            f"dealt against the bank, not {hands}; use model=auto or model=infinite"
        )
    return model


def _encode(law: BankLaw) -> dict[str, object]:
    """Cells as lists, every weight divided by the weights' greatest common divisor (`scale`; some 13 digits
    off each on the full shoe)."""
    scale = 0
    for cell in law.cells.values():
        for side in cell:
            for w in side.values():
                scale = gcd(scale, w)
    cells = [
        [
            list(cards),
            point,
            drawers,
            drew,
            *([[*outcome, str(w // scale)] for outcome, w in sorted(cell[a].items())] for a in (0, 1)),
        ]
        for (cards, point, drawers, drew), cell in sorted(law.cells.items())
    ]
    return {"model": law.model, "hands": law.hands, "total": str(law.total), "scale": str(scale), "cells": cells}


def _decode(data: Any) -> BankLaw:
    scale = int(data["scale"])

    def weights(side: Any) -> dict[Outcome, int]:
        return {(o[0], o[1], o[2]): int(o[3]) * scale for o in side}

    cells = {
        (tuple(cards), point, drawers, bool(drew)): (weights(stand), weights(draw))
        for cards, point, drawers, drew, stand, draw in data["cells"]
    }
    law = BankLaw(data["model"], data["hands"], int(data["total"]), cells)
    law.check()
    return law


_MEMO: dict[tuple[object, ...], BankLaw] = {}  # laws computed in this process (the tables ask for each several times)
_MEMO_SIZE = 16


def law_for(
    counts: tuple[int, ...],
    strategy: Mapping[tuple[int, int, int], str],
    hands: int,
    model: str = AUTO,
    progress: Progress | None = None,
    cache: bool = True,
) -> BankLaw:
    """The bank's law against `hands` hands dealt from `counts`, every hand playing `strategy`; finite laws of
    three hands or more come from the disk cache when `cache` (the full shoes the tables use)."""
    counts = tuple(int(c) for c in counts)
    model = model_for(model, hands)
    from_disk = cache and model != INFINITE and hands >= _CACHED_FROM  # the only case `cache` changes anything
    key = (counts, tuple(sorted(strategy.items())), hands, model, from_disk)
    if key not in _MEMO:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.pop(next(iter(_MEMO)))
        _MEMO[key] = _compute(counts, dict(strategy), hands, model, from_disk, progress)
    return _MEMO[key]


def _compute(
    counts: tuple[int, ...],
    strategy: dict[tuple[int, int, int], str],
    hands: int,
    model: str,
    from_disk: bool,
    progress: Progress | None,
) -> BankLaw:
    """The law itself: the infinite-shoe model, the finite shoe computed here, or (`from_disk`) the finite
    shoe through the disk cache."""
    if model == INFINITE:
        return infinite_law(counts, strategy, hands)
    if not from_disk:
        return finite_law(counts, strategy, hands, progress)
    params = {
        "counts": list(counts),
        "hands": hands,
        "draws": sorted(list(h) for h, d in strategy.items() if d == DRAW),
        "stands": sorted(list(h) for h, d in strategy.items() if d != DRAW),
    }
    return stored(
        "super-pan-9-bank", params, (ENGINE,), lambda: finite_law(counts, strategy, hands, progress), _encode, _decode
    )
