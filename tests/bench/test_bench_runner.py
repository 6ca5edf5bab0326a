"""`python -m bench.run`: a partial run (`--only`, `--module`) never rewrites the results file; it prints its rows,
or with `--out` replaces only its own cases' rows and keeps every other line; a full run rewrites the table."""

import importlib
import sys

import pytest

from bench import run

FAKE = """
def cases():
    return [("fake: alpha", lambda: None, 1), ("fake: beta", lambda: None, 1, 10, "things")]
"""
OTHER = """
def cases():
    return [("other: gamma", lambda: None, 1)]
"""
KEPT_PART = "\n## a study kept by hand\n\n| case | runs | median | ratio to baseline |\n|---|---|---|---|\n| fake: alpha | 9 | 9.0 ms | 9.0 |\n"
RESULTS = (
    "# Benchmark results\n\nPython 3.11.7 on x86_64; baseline (exact harmonic-telescoping sum, median of 7): 4.89 ms.\n\n"
    "| case | runs | median | ratio to baseline |\n|---|---|---|---|\n"
    "| fake: alpha | 3 | 777.7 ms | 159.0 |\n"
    "| other: gamma | 5 | 888.8 ms | 181.8 |\n"
    f"\n{run.KEPT}{KEPT_PART}"
)


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A benchmark package of two modules in tmp_path, and a results file at bench/results.md under the cwd."""
    pkg = tmp_path / "fakebench"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "bench_fake.py").write_text(FAKE)
    (pkg / "bench_other.py").write_text(OTHER)
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "results.md").write_text(RESULTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    yield importlib.import_module("fakebench")
    for name in [m for m in sys.modules if m.split(".")[0] == "fakebench"]:
        del sys.modules[name]


def _rows(text: str) -> list[str]:
    """The case names of the table above the kept line, in order."""
    head = text.partition(run.KEPT)[0]
    return [line.split(" | ")[0][2:] for line in head.splitlines() if line.startswith("| ") and "---" not in line][1:]


@pytest.mark.parametrize("argv", [["--module", "fake"], ["--only", "alpha"], ["--module", "fake", "--only", "beta"]])
def test_a_partial_run_prints_its_rows_and_leaves_the_results_file_alone(package, tmp_path, capsys, argv):
    assert run.main(argv, package=package) == 0
    assert (tmp_path / "bench" / "results.md").read_text() == RESULTS
    printed = capsys.readouterr().out
    wanted = {"fake: alpha": "alpha" in argv or "beta" not in argv, "fake: beta": "alpha" not in argv}
    for case, shown in wanted.items():
        assert (f"| {case} " in printed) == shown
    assert "other: gamma" not in printed


def test_a_module_run_counts_only_that_modules_cases(package, capsys):
    assert run.main(["--module", "bench_other"], package=package) == 0
    assert _rows(capsys.readouterr().out) == ["other: gamma"]


def test_a_partial_run_with_out_replaces_only_its_own_rows(package, tmp_path):
    out = tmp_path / "bench" / "results.md"
    for _ in range(2):  # a second run replaces the first's rows and note, adding nothing
        assert run.main(["--module", "fake", "--out", str(out)], package=package) == 0
        text = out.read_text()
        head, _, kept = text.partition(run.KEPT)
        assert kept == KEPT_PART
        # alpha's row is replaced in place, beta (new) goes after it, gamma is another module's and stays as it was
        rows = _rows(text)
        assert [r.split(" (")[0] for r in rows] == ["fake: alpha", "fake: beta", "other: gamma"]
        assert rows[1].endswith(" things/s)")
        assert "| other: gamma | 5 | 888.8 ms | 181.8 |" in head
        assert "777.7 ms" not in head
        assert head.startswith(RESULTS.partition("\n\n| case")[0] + "\n\n")
        notes = [
            x for x in head.splitlines() if x.startswith("Rows rerun apart by `python -m bench.run --module fake`")
        ]
        assert len(notes) == 1
        assert "the 2 case(s) of bench/bench_fake.py, timed against a baseline of " in notes[0]
        assert head.count("| case | runs |") == 1


def test_a_full_run_rewrites_the_table_and_keeps_what_is_below_the_kept_line(package, tmp_path):
    out = tmp_path / "bench" / "results.md"
    assert run.main([], package=package) == 0
    text = out.read_text()
    assert [r.split(" (")[0] for r in _rows(text)] == ["fake: alpha", "fake: beta", "other: gamma"]
    assert "888.8 ms" not in text
    assert text.partition(run.KEPT)[2] == KEPT_PART


def test_an_unknown_module_is_a_one_line_error_naming_it_and_the_modules(package, tmp_path, capsys):
    assert run.main(["--module", "nosuch", "--out", str(tmp_path / "x.md")], package=package) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "'nosuch'" in err and "fake, other" in err
    assert not (tmp_path / "x.md").exists()
