"""The committed tables are what the code writes now, byte for byte, and every row carries its citation."""

import filecmp
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


VERSIONS = ("1994", "2002", "2007")


def test_the_committed_tables_are_one_folder_per_version():
    assert {p.name for p in (ROOT / "tables").iterdir()} == set(VERSIONS)


@pytest.mark.slow
@pytest.mark.parametrize("version", VERSIONS)
def test_regenerated_tables_match_the_committed_ones(version, tmp_path):
    """From the shipped data alone (ODDSCALC_STORE=shipped: a result the data lacks, or one made by other engine
    versions, is an error, not a computation), each version's tables come out byte for byte as committed (one
    version a test, so that the test workers share the work)."""
    out = tmp_path / "tables"
    proc = subprocess.run(
        [sys.executable, "-m", "oddscalc", "tables", "--version", version, "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "ODDSCALC_STORE": "shipped"},
    )
    assert proc.returncode == 0, proc.stderr
    # The booklet layout test: `tables` lays out every version's booklet with WeasyPrint and refuses (exit 2)
    # one with any table box past its page's content box or any cell line past its cell (booklet.overflowing_tables
    # and overflowing_cells, tested in test_booklet).
    assert f"booklet {version}: laid out, every table within its page" in proc.stderr
    assert [p.name for p in out.iterdir()] == [version]  # nothing written beside the version asked for
    committed = ROOT / "tables" / version
    made = out / version
    assert tree(made) == tree(committed), "run `make tables` and commit the result"
    differ = [name for name in sorted(tree(made)) if not filecmp.cmp(made / name, committed / name, shallow=False)]
    assert not differ, f"tables out of date (run `make tables`): {differ}"


def test_every_table_row_cites_the_law():
    for path in (ROOT / "tables").rglob("*.json"):
        data = json.loads(path.read_text())
        for rule_set in data["rule_sets"]:
            for wager in rule_set["wagers"]:
                assert wager["citation"].startswith("SI ") or "Rules UK" in wager["citation"], (path, wager["key"])
                for p in wager["payouts"]:
                    assert p["citation"], (path, wager["key"], p["key"])


def test_every_blackjack_table_prints_the_exact_law_of_a_round():
    """The tables print each rule set's exact round law, nothing lumped, not the budgeted law of a
    query: no bounds, every chance of the law given, and the 2007 default's law equal, entry for entry, to the
    reference law written from an earlier engine's run (tests/data, `tools/exact_law_reference.py`)."""
    reference = json.loads(
        (Path(__file__).resolve().parents[1] / "data" / "blackjack-exact-law-2007-6packs.json").read_text()
    )
    seen = 0
    matched = False
    for version in ("1994", "2002", "2007"):
        data = json.loads((ROOT / "tables" / version / "blackjack.json").read_text())
        for rule_set in data["rule_sets"]:
            initial = next(w for w in rule_set["wagers"] if w["key"] == "initial")
            where = (version, rule_set["rules"])
            assert initial["distribution_is_law"] is True, where
            assert initial["law_bounds"] is None, where
            assert any("exact law of one round" in n for n in initial["notes"]), where
            assert not any("work budget" in n for n in initial["notes"]), where
            seen += 1
            if version == reference["version"] and rule_set["rules"] == reference["rules"]:
                printed = [[e["return"], e["probability"]] for e in initial["distribution"]]
                assert printed == reference["laws"][rule_set["rules"]["strategy"]]["distribution"]
                matched = True
    assert seen == 12 and matched  # 1994: 2 rule sets, 2002: 4, 2007: 6 (1, 4 and 6 packs)
