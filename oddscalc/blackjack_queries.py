"""Blackjack's own questions beyond its wagers' laws: one hand's values, the whole game, charts, split laws and
the banker's final hand's law (the monitor's hold test).

The `oddscalc blackjack` commands, the verifier and the door's `blackjack_hand` ask them here, with rules already
resolved (`oddscalc.api.resolved_rules`); the engine (`oddscalc.games.blackjack`) loads only when first asked.

>>> from oddscalc.api import resolved_rules
>>> hand_query(resolved_rules("blackjack", "1994")[0], "8,8", "10").best
'hit'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from oddscalc.api import GameError
from oddscalc.core.numbers import shorten
from oddscalc.core.progress import Progress
from oddscalc.regulations.model import Wager

if TYPE_CHECKING:  # the engine's answers, named for the type checker: the engine loads only when first asked
    from oddscalc.games.blackjack.query import HandQuery as HandQuery  # the type `hand_query` returns
    from oddscalc.games.blackjack.rules import RuleSet

__all__ = [
    "banker_laws",
    "banker_outcomes",
    "default_law_budget",
    "game_summary",
    "hand_query",
    "law_budget",
    "post_split_name",
    "split_strategy",
]


def _engine(part: str) -> ModuleType:
    """The module `part` of the blackjack engine (`games/blackjack/<part>.py`), imported when first asked for."""
    return importlib.import_module(f"oddscalc.games.blackjack.{part}")


def _rule_set(rules: Mapping[str, str]) -> RuleSet:
    """The blackjack engine's rule set for resolved rule strings."""
    rule_set: RuleSet = _engine("rules").rule_set(dict(rules))
    return rule_set


def banker_outcomes() -> tuple[str, ...]:
    """The banker's final hands, in the order `banker_laws` weighs them.

    >>> banker_outcomes()
    ('17', '18', '19', '20', '21', 'bust', 'blackjack')
    """
    outcomes: tuple[str, ...] = _engine("exact.banker").OUTCOMES
    return outcomes


def banker_laws(
    rules: Mapping[str, str], rows: Sequence[tuple[Sequence[int], int]]
) -> list[tuple[tuple[int, ...], int] | None]:
    """The exact law of the banker's final hand for each (cards left, up-card) of `rows`.

    He draws by the fixed rule of the resolved `rules` (soft 17 included) from the cards left, counted by value
    (A, 2-9, ten); his up-card (1 an Ace .. 10) is already out. Each law is integer weights per
    `banker_outcomes` over a denominator; None where the cards left could run out before he stands.

    Against a ten, from an Ace and three tens, the second card makes a blackjack 1 time in 4, else 20:

    >>> from oddscalc.api import resolved_rules
    >>> rules = resolved_rules("blackjack", "2002")[0]
    >>> banker_laws(rules, [((0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 10), ((1, 0, 0, 0, 0, 0, 0, 0, 0, 3), 10)])
    [None, ((0, 0, 0, 18, 0, 0, 6), 24)]
    """
    banker = _engine("exact.banker")
    hit_soft17 = _rule_set(rules).hit_soft17
    out: list[tuple[tuple[int, ...], int] | None] = []
    for left, up in rows:
        if not 1 <= up <= 10 or len(left) != 10 or min(left) < 0:
            raise GameError(f"a banker's law needs ten counts of cards left and an up-card 1-10, not {left}, {up}")
        weights, total = banker.dealer_counts(tuple(left), up, hit_soft17)
        out.append((tuple(weights), total) if sum(weights) == total and total else None)
    return out


def default_law_budget() -> int:
    """Blackjack's default work budget for a split's resplit law beyond one pack (`law_budget`).

    Six million work units, the budget `law_budget` gives when none is named:

    >>> from oddscalc.api import resolved_rules
    >>> rules = resolved_rules("blackjack", "1994")[0]
    >>> default_law_budget() == 6 * 10**6 == law_budget(None, rules)
    True
    """
    return int(_engine("laws.hand_law").LAW_BUDGET)


def law_budget(text: str | None, rules: Mapping[str, str]) -> int | None:
    """A split law's work budget from its text: a whole number of work units, 'none', or None for the default.

    'none' means no limit; None gives the rule set's default, six million units (`default_law_budget`). A
    GameError names a bad one.

    >>> from oddscalc.api import resolved_rules
    >>> rules = resolved_rules("blackjack", "1994")[0]
    >>> law_budget("250000", rules), law_budget("none", rules), law_budget(None, rules)
    (250000, None, 6000000)
    """
    if text is None:
        budget: int | None = _engine("laws.hand_law").default_budget(_rule_set(rules))
        return budget
    word = text.strip()
    if word.lower() == "none":
        return None
    # ASCII digits only: str.isdigit() also passes '²', which int() refuses, and other scripts' digits
    if not (word.isascii() and word.isdigit()) or len(word) > 19 or int(word) > 10**18:
        raise GameError(f"law budget {shorten(text)}: give a whole number from 0 to 10^18 or 'none'")
    return int(word)


def hand_query(
    rules: Mapping[str, str], hand: str, up: str, removed: str = "", wagers: tuple[Wager, ...] = ()
) -> HandQuery:
    """Each action's exact expectation for a blackjack hand against an up-card, and the best action.

    Cards are text, e.g. "8,8" and "10"; `removed` cards are known to be gone. The rules are resolved
    (`oddscalc.api.resolved_rules`), and the blackjack payout is that of `wagers` when it is overridden. Play
    after the decision is composition-dependent optimal. `oddscalc.blackjack_hand` takes the user's words.

    With no hole card (1994) a split pair loses both stakes to a banker's blackjack, so 8,8 against a 10 is hit;
    the banker's blackjack is an Ace among the 309 cards left, 24/309:

    >>> from oddscalc.api import resolved_rules
    >>> q = hand_query(resolved_rules("blackjack", "1994")[0], "8,8", "10")
    >>> q.best, [action for action, _ in q.actions], q.p_banker_bj
    ('hit', ['stand', 'hit', 'split'], Fraction(8, 103))
    """
    shoe = _engine("shoe")
    ups = shoe.parse_cards(up)
    if len(ups) != 1:
        raise GameError(f"the banker shows one up-card, got {shorten(up.strip())}")
    query: HandQuery = _engine("query").query_hand(
        _engine("wagers").effective_rules(wagers, dict(rules)),
        shoe.parse_cards(hand),
        ups[0],
        shoe.parse_cards(removed),
    )
    return query


def post_split_name(post_split: str) -> str:
    """The named definition of a post-split play (CDP1, CDZ-, CDP), as outputs state it.

    >>> post_split_name("cdp1").split(":")[0]
    'CDP1'
    """
    name: str = _engine("rules").POST_SPLIT_NAMES[post_split]
    return name


def split_strategy(rules: Mapping[str, str]) -> str:
    """The post-split strategy the composition-dependent figures of `rules` assume, named and defined.

    >>> from oddscalc.api import resolved_rules
    >>> split_strategy(resolved_rules("blackjack", "1994")[0])[:20]
    'after a split (CDP1)'
    """
    strategy: str = _engine("wagers").split_strategy(_rule_set(rules))
    return strategy


def game_summary(
    rules: Mapping[str, str],
    progress: Progress | None = None,
    use_cache: bool = True,
    budget: int | str | None = "auto",
    law: bool = True,
) -> dict[str, Any]:
    """The whole blackjack game under resolved `rules` as plain data, exact values as "p/q".

    It holds the expectations under CD optimal play and the basic strategy, per up-card and per starting hand,
    the charts, the basic strategy and each strategy's law of a round. Resplit rounds beyond `budget` are lumped
    ("auto": the rule set's default). With `law` False it gives the laws only where shipped or cached, else the
    rest alone, in seconds, for a command that needs no law (the charts). There is then no "laws" key, and each
    strategy's events and expected stake are under "plays".

    The game's expectation is the initial wager's edge negated. With no hole card (1994), a split loses both
    stakes to a banker's blackjack. An Ace up-card makes one with any ten (about 4 cards in 13), a T only with an
    Ace (about 1 in 13); so Aces are split against every up-card (2 to 9, T) but the Ace:

    >>> from fractions import Fraction
    >>> from oddscalc.api import analyse, resolved_rules
    >>> summary = game_summary(resolved_rules("blackjack", "1994")[0])  # read from the shipped data
    >>> Fraction(summary["ev"]) == -analyse("blackjack", "1994", "initial").results[0].edge()
    True
    >>> summary["charts"]["pair"][0]
    ['A,A', ['P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'P', 'H']]
    """
    stored = _engine("stored_summary")
    if not law:
        edge: dict[str, Any] = stored.edge_summary(_rule_set(rules), progress, use_cache=use_cache)
        return edge
    summary: dict[str, Any] = stored.game_summary(_rule_set(rules), progress, use_cache=use_cache, budget=budget)
    return summary
