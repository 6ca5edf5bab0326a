"""Effects-of-removal tables: text, Markdown, JSON-ready data and CSV for one rule set or a game's table rule
sets, the files tables/<version>/<game>-removal.{md,json,csv}, and the booklet's fragment for blackjack."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from oddscalc import api
from oddscalc.core.distribution import render_decimal
from oddscalc.core.files import write_text
from oddscalc.core.progress import Progress
from oddscalc.core.schemas import named
from oddscalc.protect.removal import Removal, effects_of_removal
from oddscalc.protect.target import Target, target
from oddscalc.report.exact import fraction_text
from oddscalc.report.html_tables import esc, table_html
from oddscalc.report.text import fit, panels

__all__ = [
    "DEFINITION",
    "GAMES",
    "booklet_section",
    "removal_csv",
    "removal_data",
    "removal_document",
    "removal_for",
    "removal_markdown",
    "removal_text",
    "write_removal_tables",
]

#: Games whose tables carry effects of removal (the games dealt from a shoe).
GAMES = ("punto-banco", "blackjack", "super-pan-9")

DEFINITION = (
    "Effect of removal (EoR): the change in a wager's exact expectation per unit initially staked when one "
    "card of that kind leaves the shoe, in percentage points of the stake. Mean = sum over kinds of "
    "(cards of the kind) x EoR / (cards in the shoe): exactly 0 where the play is fixed (removing an unseen "
    "card changes nothing on average), and the value of knowing the card where the play is re-optimised."
)

_PLAYS = {
    "fixed": "fixed play: mean exactly 0",
    "optimised": "play re-optimised per shoe: mean = value of the information, >= 0",
    "follows": "play chosen for another wager: no sign either way",
}


def removal_for(
    game: str,
    version: str,
    rules: dict[str, str] | None = None,
    pay: dict[str, str] | None = None,
    custom: bool = False,
    progress: Progress | None = None,
) -> Removal:
    """The effects of removal a table prints: blackjack's initial wager under CD optimal play and the fixed
    basic strategy, with Under/Over 13; every wager of the other games."""
    t: Target = target(game, version, rules, pay, custom, strategies=("optimal", "basic"), side_wagers=True)
    return effects_of_removal(t, progress=progress)


def _pct(x: Fraction | None, places: int = 4) -> str:
    return "-" if x is None else render_decimal(x * 100, places)


def _frac(x: Fraction | None) -> str:
    return "" if x is None else fraction_text(x)


def _rules_text(r: Removal) -> str:
    rules = r.target.resolved()
    rules.pop("strategy", None)
    return ", ".join(f"{k} = {v}" for k, v in rules.items())


def _rows(r: Removal) -> list[list[str]]:
    """Per measure: name, expectation %, the EoR of each kind (percentage points), the weighted mean, play."""
    plays = {m.name: m.play for m in r.target.measures}
    return [
        [
            m,
            _pct(r.full[m]),
            *(_pct(r.effect(m, k)) for k in range(len(r.kinds))),
            "0 exactly" if r.weighted_mean(m) == 0 else _pct(r.weighted_mean(m), 6),
            plays[m],
        ]
        for m in r.full
    ]


def _header(r: Removal) -> list[str]:
    return ["measure", "expectation %", *(f"{label} ({n})" for label, n in r.kinds), "mean", "play"]


def removal_text(r: Removal) -> str:
    """A plain table for the command line, in panels that fit 100 columns (text.panels), the prose folded."""
    rules = ", ".join(f"{k}={v}" for k, v in r.target.resolved().items() if k != "strategy")  # as --rule takes them
    lines = [f"{r.target.game}, version {r.target.version}: {rules}", ""]
    lines += panels(_header(r), _rows(r))
    lines += [
        "",
        DEFINITION,
        "Columns: a kind of card (how many the shoe holds); cells in percentage points.",
        *(f"{k}: {v}" for k, v in _PLAYS.items()),
    ]
    return "\n".join(fit(lines)) + "\n"


def removal_markdown(removals: Sequence[Removal], title: str) -> str:
    lines = [f"# {title}", "", DEFINITION, ""]
    for r in removals:
        head = _header(r)
        lines += [f"## {_rules_text(r)}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(row) + " |" for row in _rows(r)]
        lines.append("")
    lines += [f"- {k}: {v}" for k, v in _PLAYS.items()]
    return "\n".join(lines) + "\n"


def removal_data(r: Removal) -> dict:
    """Exact values as "p/q"; the wagers measured, each with its odds and citations (and reconstruction)."""
    on = {m.wager for m in r.target.measures}
    wagers = [
        {
            "key": w.key,
            "title": w.title,
            "citation": w.citations,
            "reconstructed": list(w.reconstructions),
            "payouts": [
                {"key": p.key, "odds": p.odds.text, "citation": p.citation, "reconstructed": p.reconstructed}
                for p in w.payouts
            ],
        }
        for w in api.wagers(r.target.game, r.target.version, dict(r.target.pay))
        if w.key in on
    ]
    return {
        "rules": r.target.resolved(),
        "custom": r.target.custom,
        "wagers": wagers,
        "kinds": [{"card": label, "count": n} for label, n in r.kinds],
        "measures": [
            {
                "measure": m.name,
                "wager": m.wager,
                "play": m.play,
                "expectation": _frac(r.full[m.name]),
                "effects": {label: _frac(r.effect(m.name, k)) for k, (label, _) in enumerate(r.kinds)},
                "weighted_mean": _frac(r.weighted_mean(m.name)),
            }
            for m in r.target.measures
        ],
    }


def removal_document(game: str, version: str, removals: Sequence[Removal]) -> dict:
    """schemas/removal-1.json: one game's effects of removal under `version`, one entry per rule set (the
    tables' `<game>-removal.json`, and `oddscalc removal --format json` with its one rule set)."""
    return named(
        "removal",
        {"game": game, "version": version, "definition": DEFINITION, "rule_sets": [removal_data(r) for r in removals]},
    )


def removal_csv(removals: Sequence[Removal]) -> str:
    """One row per rule set, measure and kind of card, exact."""
    lines = ["rules,measure,play,card,count,expectation,effect,effect_percent"]
    for r in removals:
        rules = ";".join(f"{k}={v}" for k, v in r.target.resolved().items() if k != "strategy")
        for m in r.target.measures:
            for k, (label, n) in enumerate(r.kinds):
                e = r.effect(m.name, k)
                lines.append(
                    f"{rules},{m.name.replace(',', ';')},{m.play},{label},{n},{_frac(r.full[m.name])},"
                    f"{_frac(e)},{_pct(e, 6)}"
                )
    return "\n".join(lines) + "\n"


def write_removal_tables(out: Path, version: str, game: str, progress: Progress | None = None) -> list[Path]:
    """tables/<version>/<game>-removal.{md,json,csv} for each of the game's table rule sets ([] for a game
    without a shoe)."""
    if game not in GAMES:
        return []
    removals = [removal_for(game, version, rules, progress=progress) for rules in api.table_rule_sets(game, version)]
    folder = out / version
    paths = [folder / f"{game}-removal.{ext}" for ext in ("md", "json", "csv")]
    write_text(paths[0], removal_markdown(removals, f"{game}: effects of removal under version {version}"))
    write_text(paths[1], json.dumps(removal_document(game, version, removals), indent=1, ensure_ascii=False) + "\n")
    write_text(paths[2], removal_csv(removals))
    return paths


def booklet_section(game: str, version: str, rules: Sequence[tuple[str, str]]) -> str:
    """The booklet's effects-of-removal table for one blackjack rule set ("" for other games)."""
    if game != "blackjack":
        return ""
    r = removal_for(game, version, {k: v for k, v in rules if k != "strategy"})
    cells = [[esc(c) for c in row[:-1]] for row in _rows(r)]
    note = "Basic strategy: the chart above, fixed. CD optimal: re-solved for each shoe."
    # split into parts when the card kinds (13 ranks under the 2007 same-rank rule) do not fit the page; the
    # definition said once, the plays' legend under each part
    return table_html(
        "Effects of removal (percentage points per card removed from the full shoe)",
        _header(r)[:-1],
        cells,
        note,
        once=esc(DEFINITION),
    )
