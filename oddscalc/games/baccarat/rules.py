"""Rule options shared by the baccarat-family games: the number of packs and the cards already dealt."""

from __future__ import annotations

from oddscalc.games.baccarat.cards import ShoeSpec
from oddscalc.regulations.rule_values import NONE
from oddscalc.wager_results import RuleOption

__all__ = ["NONE", "decks_option", "removed_option"]


def decks_option(default: str, choices: tuple[str, ...]) -> RuleOption:
    return RuleOption("decks", "number of 52-card packs in the shoe", choices, default)


def removed_option(spec: ShoeSpec) -> RuleOption:
    return RuleOption(
        "removed",
        f"cards already gone from the shoe, comma-separated ({spec.labels_doc}); 'none' for a full shoe",
        (),
        NONE,
    )
