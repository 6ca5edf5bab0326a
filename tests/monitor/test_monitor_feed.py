"""Feeds: faults in the round ids, malformed lines (file:line), hostile input (one line, exit 2), controller
lines read by a pattern, standard input, a followed file that rotates, and a serial device (a pseudo-terminal)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.table import Fault, TableMonitor
from tests.cli_run import run_cli

ODDSCALC = [sys.executable, "-m", "oddscalc"]


def _status(tmp_path, capsys) -> dict:
    code, out, err = run_cli(["monitor", "status", "--state", tmp_path / "s.db", "--format", "json"], capsys)
    assert code == 0, err
    return json.loads(out)["tables"][0]


def test_duplicate_missing_and_out_of_order_rounds_are_counted_never_dropped_silently(tmp_path, capsys):
    ids = [1, 2, 3, 3, 5, 4, 6]  # 3 repeated, 4 missing (then late), 5 after a gap
    feed = tmp_path / "f.log"
    feed.write_text("".join(json.dumps({"table": "R1", "round": i, "number": i, "wagers": []}) + "\n" for i in ids))
    code, _, err = run_cli(
        ["monitor", "run", feed, "--table", "R1", "--game", "roulette", "--state", tmp_path / "s.db"], capsys
    )
    assert code == 0
    assert "duplicate round" in err and "missing rounds" in err and "out-of-order round" in err
    t = _status(tmp_path, capsys)
    assert t["rounds"] == 5 and t["last_round"] == 6  # 1, 2, 3, 5, 6 counted once each
    assert t["feed_faults"] == {"duplicate round": 1, "missing rounds": 1, "out-of-order round": 1}


def test_a_feed_fault_takes_its_round_source_line_and_detail_by_name():
    """Four arguments in a row (two strings, two numbers) are easily swapped: after the kind they are keywords."""
    mon = TableMonitor(TableConfig("R1", "roulette", "2002"), {}, Budget())
    with pytest.raises(TypeError):
        mon.fault("malformed line", 3, "f.log", 7, "bad")  # type: ignore[misc]
    mon.fault("malformed line", rnd=3, source="f.log", line=7, detail="bad")
    assert mon.take()[1] == [Fault("R1", "malformed line", 3, "f.log", 7, "bad")]
    assert mon.fault_counts == {"malformed line": 1}


def test_a_malformed_line_is_a_fault_with_file_and_line_and_monitoring_goes_on(tmp_path, capsys):
    feed = tmp_path / "spins.txt"
    feed.write_text("1\n2\n37\nseven\n{not json\n5\n")
    code, _, err = run_cli(
        ["monitor", "run", feed, "--table", "R1", "--game", "roulette", "--state", tmp_path / "s.db"], capsys
    )
    assert code == 0
    assert f"{feed}:3" in err and "not a roulette number 0-36" in err
    assert f"{feed}:4" in err and f"{feed}:5" in err
    t = _status(tmp_path, capsys)
    assert t["rounds"] == 3 and t["feed_faults"] == {"malformed line": 3}


def test_a_round_log_header_that_disagrees_with_the_floor_file_is_a_feed_fault_once(tmp_path, capsys):
    floor = tmp_path / "floor.toml"
    floor.write_text('[tables.R1]\ngame = "roulette"\nversion = "2007"\n')
    header = {"roundlog": 1, "game": "roulette", "version": "2002"}
    rounds = [{"table": "R1", "round": i, "number": i, "wagers": []} for i in (1, 2, 3)]
    feed = tmp_path / "f.log"
    feed.write_text("".join(json.dumps(r) + "\n" for r in [header, *rounds]))
    code, _, err = run_cli(["monitor", "run", feed, "--floor", floor, "--state", tmp_path / "s.db"], capsys)
    assert code == 0
    assert err.count("header disagrees") == 1 and "version 2002, the floor file 2007" in err
    t = _status(tmp_path, capsys)
    assert t["rounds"] == 3 and t["feed_faults"] == {"header disagrees": 1}


@pytest.mark.parametrize(
    "args, words",
    [
        (["--pattern", "(unclosed"], "is not a regular expression"),
        (["--pattern", r"\d+"], "named group (?P<result>"),
        (["--level", "150%"], "level"),
        (["--horizon", "3 weeks"], "horizon"),
        (["--wheel", "0-1-2"], "each pocket 0-36 exactly once"),
    ],
)
def test_bad_options_are_one_line_exit_2(tmp_path, capsys, args, words):
    feed = tmp_path / "spins.txt"
    feed.write_text("1\n")
    code, _out, err = run_cli(
        ["monitor", "run", feed, "--table", "R1", "--game", "roulette", "--state", tmp_path / "s.db", *args], capsys
    )
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_state_file_that_is_not_a_monitor_database_is_refused(tmp_path, capsys):
    for content in (b"hello, not sqlite at all\n" * 100, b""):
        bad = tmp_path / "bad.db"
        bad.write_bytes(content)
        if not content:  # an empty file is made a state file; one of another program is refused
            import sqlite3

            sqlite3.connect(bad).execute("CREATE TABLE other (x)").connection.commit()
        feed = tmp_path / "spins.txt"
        feed.write_text("1\n")
        code, _, err = run_cli(["monitor", "run", feed, "--table", "R1", "--game", "roulette", "--state", bad], capsys)
        assert code == 2 and "is not a monitor state file" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "toml, words",
    [
        ("[tables.R1\ngame = 'roulette'", "is not TOML"),
        ("[tables.R1]\ngame = 'poker'", "is not watched"),
        ("[tables.R1]\ngame = 'roulette'\nwheel = '1-2-3'", "exactly once"),
        ("[tables.R1]\ngame = 'roulette'\ncolour = 'red'", "unknown key"),
        ("[budget]\nlevel = 'lots'", "level"),
        ("[tables.R1]\ngame = 'roulette'\nstake_levels = [100, 10]", "increasing order"),
        ("[tables.R1]\ngame = 'roulette'\nstake_levels = [0]", "stake_levels"),
        ("[tables.R1]\ngame = 'roulette'\nstake_levels = 100", "list of 1 to 20 stakes"),
    ],
)
def test_a_bad_floor_file_is_one_line_exit_2(tmp_path, capsys, toml, words):
    floor = tmp_path / "floor.toml"
    floor.write_text(toml)
    feed = tmp_path / "f.txt"
    feed.write_text("1\n")
    code, _, err = run_cli(["monitor", "run", feed, "--floor", floor, "--state", tmp_path / "s.db"], capsys)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1


def test_controller_lines_are_read_by_a_pattern(tmp_path, capsys):
    feed = tmp_path / "wheel.log"
    feed.write_text("*W;0;ball\n*X;1;0;23;0\n*X;2;0;5;0\n*W;1;no spin\n*X;3;0;0;0\n")
    code, _, err = run_cli(
        [
            "monitor",
            "run",
            feed,
            "--table",
            "R1",
            "--game",
            "roulette",
            "--state",
            tmp_path / "s.db",
            "--pattern",
            r"^\*X;(?:[^;]*;){2}(?P<result>\d+)",
        ],
        capsys,
    )
    assert code == 0 and "2 line(s) not matching --pattern" in err
    code, out, _ = run_cli(["monitor", "status", "--state", tmp_path / "s.db", "--format", "json"], capsys)
    assert json.loads(out)["tables"][0]["rounds"] == 3


def test_standard_input(tmp_path):
    done = subprocess.run(
        [*ODDSCALC, "monitor", "run", "-", "--table", "R1", "--game", "roulette", "--state", str(tmp_path / "s.db")],
        input=b"1\n2\n3\n",
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0 and b"3 round(s)" in done.stderr


def _rounds(state: Path) -> int:
    out = subprocess.run(
        [*ODDSCALC, "monitor", "status", "--state", str(state), "--format", "json"], capture_output=True, timeout=60
    )
    return json.loads(out.stdout)["tables"][0]["rounds"]


def _wait_for_line(db: Path, line: int, timeout: float = 120.0) -> None:
    """Wait until the state file has committed a feed position at `line` or beyond."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
                row = con.execute("SELECT max(line) FROM positions").fetchone()
            if row and row[0] is not None and row[0] >= line:
                return
        except sqlite3.Error:
            pass  # not made yet
        time.sleep(0.05)
    raise AssertionError(f"the monitor committed no position at line {line} within {timeout} s")


@pytest.mark.slow
def test_a_followed_file_survives_rotation(tmp_path):
    feed = tmp_path / "wheel.log"
    feed.write_text("1\n2\n")
    proc = subprocess.Popen(
        [
            *ODDSCALC,
            "monitor",
            "run",
            str(feed),
            "--follow",
            "--idle-exit",
            "8",
            "--table",
            "R1",
            "--game",
            "roulette",
            "--state",
            str(tmp_path / "s.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _wait_for_line(tmp_path / "s.db", 2)  # the monitor has the file open (a loaded machine starts it slowly)
    with feed.open("a") as f:
        f.write("3\n4")  # a line still being written
        f.flush()
        time.sleep(0.5)
        f.write("\n5\n")
    os.rename(feed, tmp_path / "wheel.log.1")  # rotation: the old file renamed, a new one at the path
    with (tmp_path / "wheel.log.1").open("a") as f:
        f.write("6\n")  # written to the old file after the rename: still read
    feed.write_text("7\n8\n")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert b"rotated" in err
    assert _rounds(tmp_path / "s.db") == 8


def test_a_serial_device(tmp_path):
    """A pseudo-terminal plays the wheel controller: numbers written to its master arrive on the slave."""
    import pty

    master, slave = pty.openpty()
    device = os.ttyname(slave)
    proc = subprocess.Popen(
        [
            *ODDSCALC,
            "monitor",
            "run",
            "--serial",
            device,
            "--idle-exit",
            "2",
            "--table",
            "R1",
            "--game",
            "roulette",
            "--state",
            str(tmp_path / "s.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    def controller() -> None:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        assert b"reading" in first, first  # the port is open: what is written now is read
        for x in (17, 0, 36, 5):
            os.write(master, f"{x}\r\n".encode())
            time.sleep(0.05)

    t = threading.Thread(target=controller)
    t.start()
    t.join(timeout=60)  # before communicate: the controller reads the monitor's first line itself
    _, err = proc.communicate(timeout=60)
    os.close(master)
    os.close(slave)
    assert proc.returncode == 0, err
    assert _rounds(tmp_path / "s.db") == 4


def _run_wheel(feed: Path, tmp_path, capsys) -> str:
    code, _, err = run_cli(
        ["monitor", "run", feed, "--table", "R1", "--game", "roulette", "--state", tmp_path / "s.db"], capsys
    )
    assert code == 0, err
    return err


def test_a_file_truncated_and_written_again_while_the_monitor_was_away_is_read_from_its_start(tmp_path, capsys):
    """copytruncate: the same inode, emptied and refilled past the old offset; resuming there would skip rounds."""
    feed = tmp_path / "spins.txt"
    feed.write_text("".join(f"{i % 37}\n" for i in range(1, 31)))
    _run_wheel(feed, tmp_path, capsys)
    ino = feed.stat().st_ino
    with feed.open("w") as f:  # truncated in place, then more lines than before, shorter ones first
        f.write("".join(f"{i % 10}\n" for i in range(60)))
    assert feed.stat().st_ino == ino
    err = _run_wheel(feed, tmp_path, capsys)
    assert "not the file last read" in err
    assert _status(tmp_path, capsys)["rounds"] == 30 + 60


def test_a_file_that_grew_is_read_on_from_where_it_was_left(tmp_path, capsys):
    feed = tmp_path / "spins.txt"
    feed.write_text("".join(f"{i % 37}\n" for i in range(1, 31)))
    _run_wheel(feed, tmp_path, capsys)
    with feed.open("a") as f:
        f.write("".join(f"{i % 37}\n" for i in range(31, 41)))
    err = _run_wheel(feed, tmp_path, capsys)
    assert "not the file last read" not in err
    assert _status(tmp_path, capsys)["rounds"] == 40


def test_a_state_file_made_before_positions_kept_their_tails_resumes_at_its_offset(tmp_path, capsys):
    feed = tmp_path / "spins.txt"
    feed.write_text("".join(f"{i % 37}\n" for i in range(1, 31)))
    _run_wheel(feed, tmp_path, capsys)
    db = sqlite3.connect(tmp_path / "s.db")  # the positions table as earlier versions made it
    db.executescript(
        "CREATE TABLE old AS SELECT source, dev, ino, offset, line FROM positions; DROP TABLE positions; "
        "ALTER TABLE old RENAME TO positions;"
    )
    db.close()
    with feed.open("a") as f:
        f.write("5\n6\n")
    err = _run_wheel(feed, tmp_path, capsys)
    assert "not the file last read" not in err
    assert _status(tmp_path, capsys)["rounds"] == 32
    columns = [r[1] for r in sqlite3.connect(tmp_path / "s.db").execute("PRAGMA table_info(positions)")]
    assert columns[-1] == "tail"


def test_feed_faults_are_shown_by_kind_with_their_counts(tmp_path, capsys):
    feed = tmp_path / "spins.txt"
    feed.write_text("1\nseven\n2\neight\n")
    _run_wheel(feed, tmp_path, capsys)
    code, out, _ = run_cli(["monitor", "status", "--state", tmp_path / "s.db"], capsys)
    assert code == 0 and "feed faults: malformed line: 2" in out


def test_a_simulators_log_with_the_default_rules_spelt_out_agrees_with_a_table_named_on_the_command_line(
    tmp_path, capsys
):
    log = tmp_path / "pb.log"
    code, _, err = run_cli(["simulate", "punto-banco", "banker", "--rounds", "20", "--log", log], capsys)
    assert code == 0, err
    assert json.loads(log.read_text().splitlines()[0])["rules"]  # the header spells the rules out
    args = ["monitor", "run", log, "--table", "P1", "--game", "punto-banco", "--state", tmp_path / "s.db"]
    code, _, err = run_cli(args, capsys)
    assert code == 0 and "header disagrees" not in err, err
    eight = tmp_path / "pb8.log"
    code, _, err = run_cli(
        ["simulate", "punto-banco", "banker", "--rounds", "20", "--rule", "decks=8", "--log", eight], capsys
    )
    assert code == 0, err
    args = ["monitor", "run", eight, "--table", "P2", "--game", "punto-banco", "--state", tmp_path / "s.db"]
    code, _, err = run_cli(args, capsys)
    assert code == 0 and "header disagrees" in err and "the command line" in err and "floor file" not in err, err


def test_a_blackjack_log_whose_header_names_the_players_strategy_agrees_with_the_tables_rules(tmp_path, capsys):
    """The strategy a simulator's player follows is no rule of the table, so it is no disagreement."""
    log = tmp_path / "bj.log"
    args = ["simulate", "blackjack", "initial", "--rule", "strategy=basic", "--rounds", "20", "--log", log]
    code, _, err = run_cli(args, capsys)
    assert code == 0, err
    assert json.loads(log.read_text().splitlines()[0])["rules"]["strategy"] == "basic"
    args = ["monitor", "run", log, "--table", "J1", "--game", "blackjack", "--state", tmp_path / "s.db"]
    code, _, err = run_cli(args, capsys)
    assert code == 0 and "header disagrees" not in err, err
