"""The exact law of the legal 6-pack round with nothing lumped, written as reference data (by hand, not in
`make bench`: about 24 minutes on two processes) for `tests/games/test_blackjack_exact_reference.py`, which checks
the shipped exact law the tables print, and the budgeted law a query gives (resplit rounds beyond the budget
lumped, with exact moments and bounds), against it.

    .venv/bin/python -m tools.exact_law_reference [OUT]

The 2007 version's default rule set (what `oddscalc blackjack game` computes when no version is given: 6
packs, stand on soft 17, no hole card, double on any two cards, split any pair, tens of one rank, 4 hands;
CD play with CDP1 after a split, and the basic strategy), `--law-budget none`, read from the shipped data
when it holds an entry made by the current blackjack engine (computed otherwise). OUT
defaults to tests/data/blackjack-exact-law-2007-6packs.json. Progress on stderr.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "blackjack-exact-law-2007-6packs.json"
VERSION = "2007"


def reference(progress=None) -> dict:
    """The exact summary's expectations and, per strategy, its law of one round's net result, with what it
    assumes and the commit it was computed at."""
    from oddscalc import api
    from oddscalc.games.blackjack.rules import rule_set
    from oddscalc.games.blackjack.stored_summary import game_summary

    rules, _ = api.resolved_rules("blackjack", VERSION)
    s = game_summary(rule_set(rules), progress, budget=None)
    for name, law in s["laws"].items():
        if Fraction(law["lumped"]) or law["lumped_distribution"]:
            raise AssertionError(f"the {name} law lumps rounds with no budget")
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return {
        "what": "the exact law of one round's net result, nothing lumped (oddscalc blackjack game "
        f"--version {VERSION} --law-budget none), the version's default rules",
        "version": VERSION,
        "rules": rules,
        "computed_at": commit,
        "ev": s["ev"],
        "td_ev": s["td_ev"],
        "laws": {
            name: {"distribution": law["distribution"], "events": law["events"], "stake": law["stake"]}
            for name, law in s["laws"].items()
        },
    }


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print("usage: .venv/bin/python -m tools.exact_law_reference [OUT]", file=sys.stderr)
        return 2
    if argv and not argv[0].strip():
        print(f"exact_law_reference: OUT must be a file path; got {argv[0][:20]!r}", file=sys.stderr)
        return 2
    out = Path(argv[0]) if argv else OUT
    try:  # before an hour of work: the place must take the file
        out.parent.mkdir(parents=True, exist_ok=True)
        if out.is_dir():
            raise IsADirectoryError(21, "a folder, not a file")
        out.touch()
    except OSError as exc:
        print(f"exact_law_reference: cannot write OUT {str(out)[:80]!r}: {exc.strerror}", file=sys.stderr)
        return 2
    from oddscalc.core.progress import StderrBar

    data = reference(StderrBar())
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
