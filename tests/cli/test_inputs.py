"""Input files as a command line user gives them: `-` for standard input, gzip-compressed logs read directly
(told by their magic bytes, not their name), one message for a missing file whichever command is asked, and a
round log given to `check` pointed at `verify`."""

from __future__ import annotations

import gzip
import io
import sys

import pytest

from tests.cli_run import run_cli


@pytest.fixture(scope="module")
def roulette_files(tmp_path_factory):
    """A 200-round roulette log and its counts, written by the reference simulator."""
    folder = tmp_path_factory.mktemp("inputs")
    log, counts = folder / "r.jsonl", folder / "r.csv"
    from oddscalc.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(["simulate", "roulette", "even-chance", "--rounds", "200", "--seed", "1", "--log", str(log),
              "--format", "csv", "--out", str(counts)])  # fmt: skip
    assert exc.value.code in (0, None)
    return log, counts


def _stdin(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(io.BytesIO(data))))


def _verdict(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("verdict:"))


def test_verify_and_check_read_standard_input_for_a_dash(roulette_files, monkeypatch, capsys):
    log, counts = roulette_files
    code, out, err = run_cli(["verify", "roulette", log], capsys)
    assert code == 0, err
    _stdin(monkeypatch, log.read_bytes())
    code, piped, err = run_cli(["verify", "roulette", "-"], capsys)
    assert code == 0, err
    assert _verdict(piped) == _verdict(out) == "verdict: CLEAN: 200 round(s) judged, no fault found"
    code, out, err = run_cli(["check", "roulette", "even-chance", counts], capsys)
    assert code == 0, err
    _stdin(monkeypatch, counts.read_bytes())
    code, piped, err = run_cli(["check", "roulette", "even-chance", "-"], capsys)
    assert code == 0, err
    assert piped == out and "200" in out


def test_gzip_logs_and_results_are_read_directly_whatever_their_name(roulette_files, tmp_path, monkeypatch, capsys):
    log, counts = roulette_files
    for source, name in ((log, "log.jsonl.gz"), (log, "log-without-suffix"), (counts, "counts.csv.gz")):
        (tmp_path / name).write_bytes(gzip.compress(source.read_bytes()))
    code, out, err = run_cli(["verify", "roulette", tmp_path / "log.jsonl.gz"], capsys)
    assert code == 0 and "200 round(s) judged" in _verdict(out), err
    code, out, err = run_cli(["verify", "roulette", tmp_path / "log-without-suffix"], capsys)
    assert code == 0 and "200 round(s) judged" in _verdict(out), err
    _stdin(monkeypatch, gzip.compress(log.read_bytes()))
    code, out, err = run_cli(["verify", "roulette", "-"], capsys)
    assert code == 0 and "200 round(s) judged" in _verdict(out), err
    code, plain, _ = run_cli(["check", "roulette", "even-chance", counts], capsys)
    code, out, err = run_cli(["check", "roulette", "even-chance", tmp_path / "counts.csv.gz"], capsys)
    assert code == 0 and out == plain, err
    (tmp_path / "bad.gz").write_bytes(gzip.compress(b"x" * 100)[:30])  # cut short
    code, _, err = run_cli(["verify", "roulette", tmp_path / "bad.gz"], capsys)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1 and "gzip" in err


def test_a_missing_file_gets_one_message_from_check_and_verify(tmp_path, capsys, monkeypatch):
    """One form from both commands, naming the argument (verify's LOG, check's RESULTS) and the file."""
    # relative paths, so that no path is long enough for the one-line rule to cut it (pytest's own can be)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "logs").mkdir()
    code_v, _, err_v = run_cli(["verify", "roulette", "nope.jsonl"], capsys)
    code_c, _, err_c = run_cli(["check", "roulette", "even-chance", "nope.jsonl"], capsys)
    assert code_v == code_c == 2
    assert err_v == "oddscalc: error: cannot read LOG 'nope.jsonl': no such file\n"
    assert err_c == "oddscalc: error: cannot read RESULTS 'nope.jsonl': no such file\n"
    code_v, _, err_v = run_cli(["verify", "roulette", "logs"], capsys)
    code_c, _, err_c = run_cli(["check", "roulette", "even-chance", "logs"], capsys)
    assert code_v == code_c == 2
    assert err_v == "oddscalc: error: cannot read LOG 'logs': it is a folder\n"
    assert err_c == "oddscalc: error: cannot read RESULTS 'logs': it is a folder\n"


def test_check_given_a_round_log_points_at_verify(roulette_files, capsys):
    log, _ = roulette_files
    code, _, err = run_cli(["check", "roulette", "even-chance", log], capsys)
    assert code == 2
    assert "is a round log" in err and f"oddscalc verify roulette {log}" in err and len(err.splitlines()) == 1
    # asked as another game's results, it still points at the game the log's header names
    code, _, err = run_cli(["check", "dice", "win", log], capsys)
    assert code == 2 and err.endswith(f"judge it with oddscalc verify roulette {log}\n") and len(err.splitlines()) == 1


def test_shoe_dealt_results_are_marked_and_check_refuses_them(tmp_path, capsys):
    """Rounds dealt from one shoe to its cut card (`simulate --shuffle`) are not independent: the counts say so
    in CSV and JSON, `check` refuses them pointing at `verify`, and simulate's text no longer points at check."""
    base = ["simulate", "punto-banco", "banker", "--rounds", "300", "--seed", "3", "--shuffle", "fair"]
    code, out, err = run_cli([*base, "--format", "csv", "--out", tmp_path / "s.csv"], capsys)
    assert code == 0, err
    assert (tmp_path / "s.csv").read_text().splitlines()[0] == "net_return,count,dealt"
    code, out, err = run_cli([*base, "--format", "json"], capsys)
    assert code == 0 and '"dealt": "one shoe' in out
    (tmp_path / "s.json").write_text(out)
    for name in ("s.csv", "s.json"):
        code, _, err = run_cli(["check", "punto-banco", "banker", tmp_path / name], capsys)
        assert code == 2 and len(err.splitlines()) == 1, err
        assert "dealt from one shoe" in err and "not independent" in err and "oddscalc verify punto-banco" in err
    code, out, err = run_cli(base, capsys)
    assert code == 0 and "oddscalc check" not in out and "oddscalc verify" in out
    assert max(map(len, out.splitlines())) <= 100  # the hint folded as every text report is
    assert "oddscalc verify punto-banco FILE" in " ".join(out.split())
    code, out, _ = run_cli(base[:7], capsys)  # freshly shuffled shoes: check applies, as before
    assert "oddscalc check" in out


def test_an_unwritable_output_is_named_by_its_option_before_any_work(capsys):
    """/proc/nope looks writable to root, but nothing can be made there: said at once, naming the option."""
    code, _, err = run_cli(["protect", "punto-banco", "--shoes", "1", "--records", "/proc/nope"], capsys)
    assert code == 2 and err.startswith("oddscalc: error: --records '/proc/nope'") and "input/output" not in err
    code, _, err = run_cli(["dist", "roulette", "straight", "--plot", "/proc/nope.png"], capsys)
    assert code == 2 and err.startswith("oddscalc: error: --plot '/proc/nope.png'"), err


def test_a_plot_may_be_a_pdf(tmp_path, capsys):
    path = tmp_path / "law.pdf"
    code, _, err = run_cli(["dist", "roulette", "straight", "--plot", path], capsys)
    assert code == 0, err
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and b"CreationDate" not in data  # the same bytes each run
    run_cli(["dist", "roulette", "straight", "--plot", tmp_path / "again.pdf"], capsys)
    assert (tmp_path / "again.pdf").read_bytes() == data


def test_a_state_run_says_what_an_interruption_kept_and_a_rerun_that_it_resumed(tmp_path, monkeypatch, capsys):
    """Ctrl-C or SIGTERM of a --state run says what was kept and how to go on; a rerun says
    it resumed."""
    state = tmp_path / "state"
    argv = ["protect", "punto-banco", "--shoes", "4", "--chunk-size", "2", "--state", state, "--workers", "1"]
    code, _, err = run_cli(argv, capsys)
    assert code == 0, err
    assert "resumed" not in err
    code, _, err = run_cli(argv, capsys)
    assert code == 0 and "resumed from --state" in err and "2 of 2 chunk(s) already finished" in err, err

    from oddscalc.cli import protect_commands as protect_cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(protect_cli, "run", interrupted)
    code, _, err = run_cli(argv, capsys)
    assert code == 130
    assert f"2 finished chunk(s) kept in --state {state}: run the same command again to resume" in err
    code, _, err = run_cli(["protect", "punto-banco", "--shoes", "4"], capsys)
    assert code == 130 and "with --state DIR an interrupted run resumes" in err


def test_a_sigterm_to_a_state_run_says_what_was_kept_as_ctrl_c_does(tmp_path, monkeypatch, capsys):
    """SIGTERM (cli.main raises it where the command is, as Ctrl-C's KeyboardInterrupt) says
    what the --state folder kept and how to resume, then "terminated", exit status 143."""
    state = tmp_path / "state"
    argv = ["protect", "punto-banco", "--shoes", "4", "--chunk-size", "2", "--state", state, "--workers", "1"]
    code, _, err = run_cli(argv, capsys)
    assert code == 0, err

    from oddscalc.cli import main as cli_main
    from oddscalc.cli import protect_commands as protect_cli

    def terminated(*args, **kwargs):
        raise cli_main.Terminated(15)

    monkeypatch.setattr(protect_cli, "run", terminated)
    code, _, err = run_cli(argv, capsys)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 143 and "Traceback" not in err, err
    assert lines[-2:] == [
        f"oddscalc: 2 finished chunk(s) kept in --state {state}: run the same command again to resume",
        "oddscalc: terminated",
    ], err
    code, _, err = run_cli(["protect", "punto-banco", "--shoes", "4"], capsys)
    assert code == 143 and "with --state DIR an interrupted run resumes" in err and "terminated" in err
