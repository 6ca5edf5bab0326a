"""The verification report: faults counted by kind and rule, the first ones kept in full, and the summaries.

A fault names the log line (and round), its kind, the rule broken, what the simulator did, what the law
requires, and the citation. Memory stays bounded whatever the log's size: every fault is counted, but only the
first `keep` are kept in full (the JSON says how many were left out).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from oddscalc.core.schemas import named
from oddscalc.sim.roundlog import amount_text

__all__ = [
    "ILLEGAL",
    "KINDS",
    "MISPAID",
    "RANDOM",
    "SHOE",
    "STRATEGY",
    "Fault",
    "Report",
    "amount_text",
    "fraction_text",
]

ILLEGAL, MISPAID, SHOE, STRATEGY, RANDOM = (
    "illegal play",
    "mis-settlement",
    "shoe integrity",
    "strategy",
    "randomness",
)
KINDS = (ILLEGAL, MISPAID, SHOE, STRATEGY, RANDOM)


def fraction_text(x: Fraction | int) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True)
class Fault:
    """One departure from the law (or, when asked, from a strategy): `line` None for a whole-log finding."""

    kind: str
    line: int | None
    round: int | None
    rule: str
    did: str
    law: str
    citation: str
    cost: Fraction | None = None  # strategy departures: exact expected cost in money

    def data(self) -> dict[str, Any]:
        out = {
            "kind": self.kind,
            "line": self.line,
            "round": self.round,
            "rule": self.rule,
            "did": self.did,
            "law": self.law,
            "citation": self.citation,
        }
        if self.cost is not None:
            out["cost"] = fraction_text(self.cost)
        return out

    def text(self) -> str:
        where = f"line {self.line} (round {self.round})" if self.line is not None else "whole log"
        cost = f"; expected cost {amount_text_or_fraction(self.cost)}" if self.cost is not None else ""
        authority = "the strategy" if self.kind == STRATEGY else "the law"
        return (
            f"{where}: {self.kind}, {self.rule}: the simulator {self.did}; {authority}: {self.law} "
            f"[{self.citation}]{cost}"
        )


def amount_text_or_fraction(x: Fraction) -> str:
    exact = fraction_text(x)
    return exact if Fraction(x).denominator == 1 else f"{exact} ({float(x):.6g})"


@dataclass
class Report:
    """Everything `verify` found; `fault` is the one way faults come in."""

    game: str
    version: str
    rules: dict[str, str]
    custom: bool
    log: str
    keep: int = 10_000
    header: dict[str, Any] = field(default_factory=dict)
    notes: Counter = field(default_factory=Counter)
    lines: int = 1
    rounds: int = 0
    interrupted: bool = False
    by_kind: Counter = field(default_factory=Counter)
    by_rule: dict[tuple[str, str], list] = field(default_factory=dict)  # (kind, rule) -> [count, citation]
    faults: list[Fault] = field(default_factory=list)
    count: int = 0  # faults filed
    strategy: dict[str, Any] | None = None
    randomness: dict[str, Any] | None = None

    def fault(
        self,
        kind: str,
        line: int | None,
        rule: str,
        did: str,
        law: str,
        citation: str,
        cost: Fraction | None = None,
        at_round: int | None = None,
    ) -> None:
        """File a fault at `line` (None: the whole log), in the round being read unless `at_round` names another."""
        self.count += 1
        self.by_kind[kind] += 1
        slot = self.by_rule.setdefault((kind, rule), [0, citation])
        slot[0] += 1
        if len(self.faults) < self.keep:
            rnd = None if line is None else self.rounds if at_round is None else at_round
            self.faults.append(Fault(kind, line, rnd, rule, did, law, citation, cost))

    def note(self, text: str) -> None:
        """A remark that is not a fault (something the log does not let us check), counted once per text."""
        self.notes[text] += 1

    @property
    def total(self) -> int:
        return self.count

    @property
    def clean(self) -> bool:
        return self.total == 0

    def verdict(self) -> str:
        scope = f"{self.rounds:,} round(s)" + (" (interrupted: a partial report)" if self.interrupted else "")
        if self.clean:
            return f"CLEAN: {scope} judged, no fault found"
        kinds = ", ".join(f"{n:,} {k}" for k in KINDS if (n := self.by_kind[k]))
        return f"FAULTS: {scope} judged, {self.total:,} fault(s): {kinds}"

    def data(self) -> dict[str, Any]:
        """`verify --format json` (schemas/verify-1.json)."""
        data = {
            "report": "oddscalc verify",
            "log_format": "roundlog-1",
            "log": self.log,
            "game": self.game,
            "version": self.version,
            "rules": self.rules,
            "custom": self.custom,
            "header": self.header,
            "lines": self.lines,
            "rounds": self.rounds,
            "complete": not self.interrupted,
            "faults": {
                "total": self.total,
                "by_kind": {k: self.by_kind[k] for k in KINDS},
                "by_rule": [
                    {"kind": k, "rule": r, "count": n, "citation": c}
                    for (k, r), (n, c) in sorted(self.by_rule.items(), key=lambda kv: -kv[1][0])
                ],
                "listed": len(self.faults),
                "not_listed": self.total - len(self.faults),
            },
            "fault_list": [f.data() for f in self.faults],
            "strategy": self.strategy,
            "randomness": self.randomness,
            "notes": [{"note": n, "count": c} for n, c in self.notes.items()],
            "clean": self.clean,
            "verdict": self.verdict(),
        }
        return named("verify", data)

    def text(self, show: int = 10) -> str:
        custom = " (CUSTOM rule set)" if self.custom else ""
        rules = ", ".join(f"{k}={v}" for k, v in self.rules.items()) or "no rule options"
        lines = [
            f"{self.game}, version {self.version}: {rules}{custom}",
            f"log {self.log}: {self.lines:,} line(s), {self.rounds:,} round(s)"
            + (", INTERRUPTED: partial report" if self.interrupted else ""),
            "",
            "faults by kind:",
        ]
        lines += [f"  {k:16} {self.by_kind[k]:>10,}" for k in KINDS]
        if self.by_rule:
            lines += ["", "faults by rule:"]
            for (kind, rule), (n, cite) in sorted(self.by_rule.items(), key=lambda kv: -kv[1][0]):
                lines.append(f"  {n:>10,}  {kind}: {rule} [{cite}]")
        if self.faults and show:
            shown = self.faults[:show]
            lines += ["", f"first {len(shown)} fault(s) in full:"] + [f"  {f.text()}" for f in shown]
        if self.strategy:
            s = self.strategy
            lines += [
                "",
                f"strategy ({s['name']}): {s['decisions']:,} decision(s) judged, {s['departures']:,} "
                f"departure(s), total expected cost {s['cost']}"
                + (f" ({s['cost_decimal']})" if "/" in s["cost"] else ""),  # a whole cost needs no decimal
                f"  {s['values']}",
            ]
        if self.randomness:
            r = self.randomness
            lines += ["", f"randomness: {r['summary']}", f"  {r['correction']}"]
            for t in r["tests"]:
                mark = "FAIL" if not t["passed"] else "ok"
                lines.append(
                    f"  {mark:4} {t['name']}: {t['statistic_name']} = {t['statistic_decimal']}"
                    f"{' on ' + str(t['dof']) + ' dof' if t.get('dof') else ''}, p = {t['p']}"
                )
                if t.get("detects"):
                    lines.append(f"       detects {t['detects']}")
            for s in r.get("skipped", []):
                lines.append(f"  not tested: {s}")
        if self.notes:
            lines += ["", "notes (not faults):"] + [f"  {c:>10,} x {n}" for n, c in self.notes.items()]
        lines += ["", f"verdict: {self.verdict()}"]
        return "\n".join(lines) + "\n"
