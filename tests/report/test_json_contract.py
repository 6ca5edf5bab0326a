"""One JSON contract (DEVELOPING.md, "The JSON contract"): every JSON document oddscalc writes names a schema shipped
in the package (`"$schema"`: its `$id`; `"schema_version"`: its major version) and validates against it.

The commands are read from the click command tree: every command whose `--format` offers json must have a cheap
representative invocation below, so a new command with JSON output cannot go unvalidated."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import click
import jsonschema
import pytest

from oddscalc.cli.main import cli
from oddscalc.core.schemas import SCHEMA_BASE, schema_names
from tests.cli_run import run_cli
from tests.json_schemas import SCHEMAS, validate_named

ROOT = Path(__file__).resolve().parents[2]

#: A cheap representative invocation of each command with JSON output (`--format json` is added); {log} and
#: {results} are a round log and simulated counts written by the `files` fixture.
INVOCATIONS = {
    ("versions",): ["versions"],
    ("wagers",): ["wagers", "sic-bo"],
    ("edge",): ["edge", "dice", "--version", "1994"],  # figures, per-roll edges, several payouts
    ("dist",): ["dist", "blackjack", "initial", "--version", "1994", "--decks", "4"],  # lumped rounds: law_bounds
    ("baccarat",): ["baccarat", "--removed", "9,9,8,8,0,0"],
    ("super-pan-9",): ["super-pan-9", "--removed", "6,6,5,0,K,A"],
    ("blackjack", "hand"): ["blackjack", "hand", "A,K", "vs", "A", "--version", "1994"],  # insurance too
    ("blackjack", "game"): ["blackjack", "game", "--version", "1994", "--decks", "4"],
    ("blackjack", "chart"): ["blackjack", "chart", "--version", "1994", "--decks", "4"],
    ("blackjack", "side"): ["blackjack", "side", "--version", "1994"],
    ("poker-hand",): ["poker-hand", "casino-stud-poker", "As Kd 5c 4h 2d", "--up", "7h"],
    ("simulate",): ["simulate", "punto-banco", "banker", "--rounds", "300", "--seed", "2"],
    ("check",): ["check", "punto-banco", "banker", "{results}"],
    ("plan",): ["plan", "roulette", "straight", "--shift", "1%", "--rounds", "1000"],  # rounds needed and a band
    ("verify",): ["verify", "punto-banco", "{log}"],  # the randomness tests
    ("removal",): ["removal", "punto-banco"],
    ("protect",): ["protect", "punto-banco", "--shoes", "1", "--count", "0=1,A=-1"],  # true-count bins, a spread
    ("measures",): ["measures", "punto-banco", "--count", "0=1,A=-1"],
    ("data", "list"): ["data", "list"],
    ("monitor", "run"): ["monitor", "run", "{monitor_log}", "--state", "{monitor_fresh}"],  # one settlement alarm
    ("monitor", "status"): ["monitor", "status", "--state", "{monitor_state}"],
    ("monitor", "alarms"): ["monitor", "alarms", "--state", "{monitor_state}"],
    ("monitor", "plan"): ["monitor", "plan"],
}


def json_commands() -> set[tuple[str, ...]]:
    """Every command of the tree whose --format offers json."""
    found: set[tuple[str, ...]] = set()

    def walk(group: click.Group, path: tuple[str, ...]) -> None:
        for name, command in group.commands.items():
            if isinstance(command, click.Group):
                walk(command, path + (name,))
                continue
            for p in command.params:
                if p.name == "fmt" and isinstance(p.type, click.Choice) and "json" in p.type.choices:
                    found.add(path + (name,))

    walk(cli, ())
    return found


def test_every_command_with_json_output_has_an_invocation_here():
    assert json_commands() == set(INVOCATIONS)


def test_every_shipped_schema_is_well_formed_and_on_the_one_base():
    names = schema_names()
    assert len(names) == len(SCHEMAS) >= len(INVOCATIONS) - 5  # some commands share a schema (analysis-1)
    for name in names:
        s = json.loads((ROOT / "oddscalc" / "schemas" / name).read_text())
        jsonschema.Draft202012Validator.check_schema(s)
        assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert s["$id"] == SCHEMA_BASE + name, name
        if name == "roundlog-1.json":  # a line of a JSON Lines file written by a simulator, not a document
            continue
        major = int(name.rsplit("-", 1)[1].removesuffix(".json"))
        assert s["properties"]["$schema"] == {"const": s["$id"]}, name
        assert s["properties"]["schema_version"] == {"const": major}, name
        assert {"$schema", "schema_version"} <= set(s["required"]), name


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A round log and its counts (JSON), from the reference simulator."""
    folder = tmp_path_factory.mktemp("contract")
    log, results = folder / "pb.jsonl", folder / "pb.json"
    argv = ["simulate", "punto-banco", "banker", "--rounds", "300", "--seed", "1", "--log", log, "--out", results]
    with pytest.raises(SystemExit) as exc:
        from oddscalc.cli.main import main

        main([str(a) for a in [*argv, "--format", "json"]])
    assert exc.value.code == 0
    from oddscalc.monitor.simulate import numpy_rng, roulette_log, roulette_spins

    spins = roulette_spins(numpy_rng(1), 300)  # fair spins; the first 17 paid 34 to 1: one settlement alarm
    monitor_log, monitor_state = folder / "wheel.jsonl", folder / "wheel.db"
    first = 1 + list(spins).index(17)
    monitor_log.write_text("\n".join(roulette_log(spins, "R1", mispay_at=first)) + "\n")
    with pytest.raises(SystemExit) as exc:
        main(["monitor", "run", str(monitor_log), "--state", str(monitor_state)])
    assert exc.value.code == 0
    return {
        "log": str(log),
        "results": str(results),
        "monitor_log": str(monitor_log),
        "monitor_state": str(monitor_state),
        "monitor_fresh": str(folder / "fresh.db"),
    }


@pytest.mark.parametrize("path", sorted(INVOCATIONS), ids=" ".join)
def test_every_command_s_json_validates_against_the_schema_it_names(path, files, capsys, monkeypatch):
    monkeypatch.setenv("ODDSCALC_WORKERS", "1")
    monkeypatch.setenv("ODDSCALC_STORE", "shipped")  # from the shipped data: a cheap invocation computes nothing long
    argv = [a.format(**files) for a in INVOCATIONS[path]] + ["--format", "json"]
    code, out, err = run_cli(argv, capsys)
    assert code == 0, err
    doc = json.loads(out)
    sid = validate_named(doc)
    assert sid.startswith(SCHEMA_BASE) and doc["schema_version"] == 1


def test_the_simulated_counts_file_names_its_schema_and_check_reads_it(files):
    doc = json.loads(Path(files["results"]).read_text())
    assert validate_named(doc) == SCHEMA_BASE + "simulation-1.json"
    assert sum(doc["counts"].values()) == doc["rounds"] == 300


def test_a_document_that_breaks_its_schema_fails(capsys):
    code, out, _ = run_cli(["poker-hand", "three-card-poker", "Qs 6d 4c", "--format", "json"], capsys)
    doc = json.loads(out)
    assert code == 0 and validate_named(doc)
    # the margin is exact and agrees with the expectations it is the difference of
    assert Fraction(doc["gain_over_folding"]["exact"]) == Fraction(doc["ev_play"]) - Fraction(doc["ev_fold"])
    for broken in (
        {k: v for k, v in doc.items() if k != "gain_over_folding"},  # a required key missing
        {**doc, "ev_play": "-0.99"},  # an exact value as a decimal
        {**doc, "schema_version": 2},  # another major version under this $id
        {k: v for k, v in doc.items() if k != "$schema"},  # no schema named
    ):
        with pytest.raises((jsonschema.ValidationError, AssertionError)):
            validate_named(broken)


def test_every_committed_json_table_validates_against_the_schema_it_names():
    paths = sorted((ROOT / "tables").rglob("*.json"))
    assert len(paths) > 30
    named = {validate_named(json.loads(p.read_text())) for p in paths}
    assert named == {SCHEMA_BASE + "tables-1.json", SCHEMA_BASE + "removal-1.json"}
