"""The verification report: faults counted by kind and rule, the first ones kept in full, and the summaries.

A fault names the log line (and round), its kind, the rule broken, what the simulator did, what the law
requires, and the citation. Memory stays bounded whatever the log's size: every fault is counted, but only the
first `keep` are kept in full (the JSON says how many were left out).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from decimal import Context as DecimalContext
from fractions import Fraction
from typing import Any

from oddscalc.core.schemas import named
from oddscalc.sim.log_lines import amount_text

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
    "decimal_text",
    "fraction_text",
    "percent_text",
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


def decimal_text(x: Fraction | int, digits: int = 4) -> str:
    """An exact value as a decimal of `digits` significant figures (correctly rounded, half to even; whole numbers
    kept whole), never in exponent form: a rendering only, the exact value is the fraction.

    >>> decimal_text(Fraction(1, 3)), decimal_text(Fraction(-2, 30000)), decimal_text(123456), decimal_text(0)
    ('0.3333', '-0.00006667', '123456', '0')
    """
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    ctx = DecimalContext(prec=digits, rounding=ROUND_HALF_EVEN)
    d = ctx.divide(Decimal(x.numerator), Decimal(x.denominator))
    if d.adjusted() >= digits - 1:
        d = d.quantize(Decimal(1), rounding=ROUND_HALF_EVEN)
    return format(d, "f")


def percent_text(x: Fraction | int, digits: int = 4) -> str:
    """An exact share as a percentage of `digits` significant figures.

    >>> percent_text(Fraction(1, 400)), percent_text(Fraction(1, 3))
    ('0.25%', '33.33%')
    """
    return decimal_text(Fraction(x) * 100, digits) + "%"


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
    stake: Fraction | int | None = None  # the stake a strategy departure's cost is reckoned on

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
            out["cost_decimal"] = decimal_text(self.cost)
        if self.stake is not None:
            out["stake"] = fraction_text(self.stake)
        return out

    def text(self) -> str:
        where = f"line {self.line} (round {self.round})" if self.line is not None else "whole log"
        cost = f"; expected cost {cost_text(self.cost, self.stake)}" if self.cost is not None else ""
        authority = "the strategy" if self.kind == STRATEGY else "the law"
        return (
            f"{where}: {self.kind}, {self.rule}: the simulator {self.did}; {authority}: {self.law} "
            f"[{self.citation}]{cost}"
        )


def cost_text(cost: Fraction, stake: Fraction | int | None) -> str:
    """A cost in money as a decimal, with its share of the stake it is reckoned on (the exact value is in JSON).

    >>> cost_text(Fraction(1, 30), 10)
    '0.03333 (0.3333% of the stake of 10)'
    """
    share = f" ({percent_text(cost / stake)} of the stake of {amount_text(stake)})" if stake else ""
    return decimal_text(cost) + share


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
        *,
        rule: str,
        did: str,
        law: str,
        citation: str,
        cost: Fraction | None = None,
        at_round: int | None = None,
        stake: Fraction | int | None = None,
    ) -> None:
        """File a fault at `line` (None: the whole log), in the round being read unless `at_round` names another."""
        self.count += 1
        self.by_kind[kind] += 1
        slot = self.by_rule.setdefault((kind, rule), [0, citation])
        slot[0] += 1
        if len(self.faults) < self.keep:
            rnd = None if line is None else self.rounds if at_round is None else at_round
            self.faults.append(Fault(kind, line, rnd, rule, did, law, citation, cost, stake))

    def unlisted(self, kind: str, rule: str, citation: str, n: int) -> None:
        """Count `n` faults whose lines were not kept (beyond `keep`): in the totals, never in the list."""
        if n > 0:
            self.count += n
            self.by_kind[kind] += n
            self.by_rule.setdefault((kind, rule), [0, citation])[0] += n

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
            lines += ["", *_strategy_lines(self.strategy, show)]
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
            skipped = r.get("skipped", [])
            if len(skipped) == 1:
                lines.append(f"  not tested: {skipped[0]}")
            elif skipped:  # said once: the count, and the first as an example (--format json lists each)
                lines.append(f"  not tested, lacking data: {len(skipped)} tests, such as {skipped[0]}")
        if self.notes:
            lines += ["", "notes (not faults):"] + [f"  {c:>10,} x {n}" for n, c in self.notes.items()]
        lines += ["", f"verdict: {self.verdict()}"]
        return "\n".join(lines) + "\n"


def _strategy_lines(s: dict[str, Any], show: int) -> list[str]:
    """The strategy summary: decisions judged; departures that cost (faults) apart from those that gain or cost
    nothing; totals as decimals with their share of the stakes judged."""
    head = f"strategy ({s['name']}): {s['decisions']:,} decision(s) judged, "
    if not s["departures"]:
        return [head + "no departure", f"  {s['values']}"]
    total = Fraction(s["staked"])
    staked = f"{total.numerator:,}" if total.denominator == 1 else amount_text(total)

    def side(part: dict[str, Any], what: str) -> str:
        share = f", {part['percent_of_staked']} of the {staked} staked" if part["percent_of_staked"] else ""
        return f"total expected {what} {part['decimal']}{share}"

    cost, gain = s["costing"], s["gaining"]
    lines = [head + f"{s['departures']:,} departure(s) from it"]
    if cost["count"]:
        unvalued = f" ({cost['without_value']:,} without an engine value)" if cost["without_value"] else ""
        lines.append(f"  {cost['count']:,} that cost (faults){unvalued}: {side(cost, 'cost')}")
    if gain["count"]:
        lines.append(f"  {gain['count']:,} that gain (not faults): {side(gain, 'gain')}")
        for g in gain["listed"][:show]:
            lines.append(
                f"    line {g['line']} (round {g['round']}): {g['rule']}: the simulator {g['did']}; the strategy: "
                f"{g['strategy']}; expected gain {cost_text(Fraction(g['gain']), _stake(g['stake']))}"
            )
    if s["no_cost"]:
        lines.append(f"  {s['no_cost']:,} worth exactly the strategy's action (neither cost nor gain)")
    return [*lines, f"  {s['values']}"]


def _stake(text: str | None) -> Fraction | None:
    return Fraction(text) if text is not None else None
