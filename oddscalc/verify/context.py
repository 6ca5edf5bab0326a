"""What every game's judge shares: the rule set, the wagers the version permits, the report, and the helpers
that read a wager record and file a settlement fault."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from oddscalc.regulations.model import Wager
from oddscalc.regulations.versions import get_version
from oddscalc.verify.findings import ILLEGAL, MISPAID, Report, amount_text
from oddscalc.verify.reader import LogError, amount, check_keys, require, stake, text

__all__ = ["WAGER_KEYS", "Context", "Judge"]

#: Fields of one wager record: which wager, its stake, and the simulator's settlement (the player's net result:
#: winnings positive, 0 for a void or returned stake, minus the stake when lost).
WAGER_KEYS = frozenset({"on", "stake", "net"})


@dataclass
class Context:
    game: str
    version: str
    rules: dict[str, str]
    wagers: dict[str, Wager]
    report: Report
    custom: bool = False
    randomness: bool = True  # whether the randomness tests will run (the judges may skip what feeds them)
    #: Rules the log's header declares that the version does not permit, judged against the law rather than refused
    #: (the rule set above is then the law's): name -> value as declared.
    declared: dict[str, str] = field(default_factory=dict)

    def permitted(self, key: str, line: int) -> Wager | None:
        """The permitted wager `key`, or None after filing an illegal-play fault naming what is permitted."""
        w = self.wagers.get(key)
        if w is None:
            self.refuse(key, line, self.wagers)
        return w

    def refuse(self, key: str, line: int, allowed) -> None:
        """File an illegal-play fault for a wager the version does not permit (`allowed`: the names it does)."""
        self.report.fault(
            ILLEGAL,
            line,
            rule="wager not permitted",
            did=f"took a {key!r} wager",
            law=f"version {self.version} permits only: {', '.join(allowed)}",
            citation=get_version(self.version).instruments,
        )

    def wager_record(
        self, rec: Any, line: int, i: int, extra: frozenset[str] = frozenset(), within: str = ""
    ) -> tuple[str, Any, Any]:
        """(wager name, stake, net) of the i-th wager record, checked for shape; `within` names where the list
        is when it is not the round's own (errors then read "hand 2, wager 1: ...")."""
        where = f"{within}wager {i + 1}: "
        if type(rec) is not dict:
            raise LogError(line, f'{where}must be an object with "on", "stake" and "net"')
        if len(rec) != 3 or extra:
            check_keys(rec, WAGER_KEYS | extra, line, where)
        key = text(require(rec, "on", line, where), line, f'{where}"on"')
        return (
            key,
            stake(require(rec, "stake", line, where), line, f"{where}stake"),
            amount(require(rec, "net", line, where), line, f"{where}net"),
        )

    def settle(
        self,
        line: int,
        key: str,
        staked: Any,
        net: Any,
        expected: Any,
        outcome: str,
        citation: str,
        rule: str | None = None,
    ) -> None:
        """File a mis-settlement unless the simulator's net equals the law's exact settlement."""
        if net != expected:
            self.report.fault(
                MISPAID,
                line,
                rule=rule or f"{key} wager",
                did=f"settled the {key} wager of {amount_text(staked)} at {amount_text(net)}"
                if rule is None
                else f"settled {key} (staked {amount_text(staked)}) at {amount_text(net)}",
                law=f"{outcome} (net {amount_text(expected)})",
                citation=citation,
            )


def payout_citation(w: Wager, key: str = "win") -> str:
    for p in w.payouts:
        if p.key == key:
            return p.citation + (" (reconstructed)" if p.reconstructed or w.reconstructed else "")
    return w.citation


class Judge:
    """A game's judge: called once per round line; `finish` runs the whole-log tests."""

    #: Rule options that describe the player's strategy, not the game: shown only when a strategy is judged.
    strategy_rules: tuple[str, ...] = ()
    #: Rule options a log's header may declare outside what the version permits, to be judged against the law
    #: (illegal play) rather than refused as bad input (`Context.declared`).
    judged_rules: tuple[str, ...] = ()

    def __call__(self, line: int, rec: dict) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def finish(self, alpha: Fraction, randomness: bool) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def use_strategy(self, name: str) -> None:  # pragma: no cover - interface
        """Judge the player's decisions against strategy `name` (the games of `runner.GAMES_WITH_STRATEGY`)."""
        raise NotImplementedError
