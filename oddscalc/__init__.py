"""oddscalc: exact odds, expectations and house edges for the casino games of the British regulations.

The package exports the functions a Python user starts from (`oddscalc.door`), their result types and the
error family (`oddscalc.core.errors`); they are imported when first used, so `import oddscalc` stays cheap.
Everything else lives in task-named modules: `oddscalc.api` (the engines' own questions),
`oddscalc.blackjack_queries` (blackjack's), `oddscalc.sim`, `oddscalc.verify`, `oddscalc.protect`,
`oddscalc.report`. The guide is "Python API" in the documentation, whose address `pip show -v oddscalc` gives.

>>> import oddscalc
>>> oddscalc.edge("roulette", "straight", version="1994")
Fraction(1, 37)
>>> oddscalc.plan("roulette", "straight", version="1994", shift="1%", alpha=0.01).rounds_needed
3980234
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from oddscalc.api import GameError, WagerError
    from oddscalc.core.distribution import Distribution
    from oddscalc.core.errors import CardError, DataError, InputError, LimitError, OddscalcError, RunError, ShoeError
    from oddscalc.core.math_report import MathReport
    from oddscalc.core.numbers import NumberError, as_fraction
    from oddscalc.core.planning import Plan, PlanError
    from oddscalc.door import (
        Game,
        analyse,
        blackjack_hand,
        check_counts,
        edge,
        game_names,
        math_report,
        plan,
        poker_hand,
        resolve,
        versions,
        wagers,
    )
    from oddscalc.regulations.model import OverrideError, Wager
    from oddscalc.regulations.rule_values import RuleError
    from oddscalc.regulations.versions import Version, VersionError
    from oddscalc.sim.check import CheckError, CheckResult
    from oddscalc.wager_results import GameAnalysis, WagerResult

#: Each name the package exports, and the module it is defined in (imported on first use, PEP 562).
_EXPORTS: dict[str, str] = {
    # the functions
    **dict.fromkeys(
        (
            "analyse",
            "blackjack_hand",
            "check_counts",
            "edge",
            "game_names",
            "math_report",
            "plan",
            "poker_hand",
            "resolve",
            "versions",
            "wagers",
        ),
        "oddscalc.door",
    ),
    "as_fraction": "oddscalc.core.numbers",
    # the result types
    "Game": "oddscalc.door",
    "Version": "oddscalc.regulations.versions",
    "Wager": "oddscalc.regulations.model",
    "GameAnalysis": "oddscalc.wager_results",
    "WagerResult": "oddscalc.wager_results",
    "Distribution": "oddscalc.core.distribution",
    "MathReport": "oddscalc.core.math_report",
    "Plan": "oddscalc.core.planning",
    "CheckResult": "oddscalc.sim.check",
    # the errors: the family's root and branches, and those the functions raise
    **dict.fromkeys(
        ("OddscalcError", "InputError", "DataError", "LimitError", "RunError", "ShoeError", "CardError"),
        "oddscalc.core.errors",
    ),
    "NumberError": "oddscalc.core.numbers",
    "VersionError": "oddscalc.regulations.versions",
    "RuleError": "oddscalc.regulations.rule_values",
    "GameError": "oddscalc.api",
    "WagerError": "oddscalc.api",
    "OverrideError": "oddscalc.regulations.model",
    "PlanError": "oddscalc.core.planning",
    "CheckError": "oddscalc.sim.check",
}

__all__ = [
    "CardError",
    "CheckError",
    "CheckResult",
    "DataError",
    "Distribution",
    "Game",
    "GameAnalysis",
    "GameError",
    "InputError",
    "LimitError",
    "MathReport",
    "NumberError",
    "OddscalcError",
    "OverrideError",
    "Plan",
    "PlanError",
    "RuleError",
    "RunError",
    "ShoeError",
    "Version",
    "VersionError",
    "Wager",
    "WagerError",
    "WagerResult",
    "analyse",
    "as_fraction",
    "blackjack_hand",
    "check_counts",
    "edge",
    "game_names",
    "math_report",
    "plan",
    "poker_hand",
    "resolve",
    "versions",
    "wagers",
]


def __getattr__(name: str) -> Any:
    """An exported name, imported from its module on first use (PEP 562); AttributeError for any other."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'oddscalc' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
