"""Atomic writes (core.files.atomic_open) and the round log built on them: a file appears only when the work
completes; an error or Ctrl-C leaves no file (not even a temporary one) and an older file untouched."""

from __future__ import annotations

import json
import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from oddscalc.cli import sim_commands as cli_sim
from oddscalc.core.errors import InputError
from oddscalc.core.files import atomic_open, write_text
from oddscalc.sim.log_lines import round_log
from tests.cli_run import run_cli


@pytest.mark.parametrize("error", [RuntimeError("boom"), KeyboardInterrupt()])
def test_a_block_that_fails_leaves_no_file(tmp_path, error):
    path = tmp_path / "new" / "out.txt"
    with pytest.raises(type(error)):
        with atomic_open(path, "w", encoding="utf-8") as f:
            f.write("half a file")
            raise error
    assert not path.exists() and os.listdir(path.parent) == []


def test_a_block_that_fails_leaves_the_old_file_untouched(tmp_path):
    path = tmp_path / "out.txt"
    write_text(path, "old\n")
    with pytest.raises(ValueError):
        with atomic_open(path, "wb") as f:
            f.write(b"new")
            raise ValueError("stop")
    assert path.read_text(encoding="utf-8") == "old\n" and os.listdir(tmp_path) == ["out.txt"]


def test_a_completed_block_writes_the_file_with_the_usual_permissions(tmp_path):
    path = tmp_path / "out.txt"
    with atomic_open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("a\nb\n")
        assert not path.exists()  # not under its name until the block ends
    umask = os.umask(0)
    os.umask(umask)
    assert path.read_bytes() == b"a\nb\n" and os.listdir(tmp_path) == ["out.txt"]
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask


def test_a_round_log_is_its_header_and_records_or_nothing(tmp_path):
    path = tmp_path / "log.jsonl"
    with round_log(path, "roulette", "1994", {"zero": "single"}, {"straight": "35:1"}, {"seed": 3}) as log:
        log({"spin": 17, "wagers": []})
    header, record = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    assert header == {
        "roundlog": 1,
        "game": "roulette",
        "version": "1994",
        "rules": {"zero": "single"},
        "pay": {"straight": "35:1"},
        "seed": 3,
    }
    assert record == {"spin": 17, "wagers": []}
    failed = tmp_path / "failed.jsonl"
    with pytest.raises(KeyboardInterrupt):
        with round_log(failed, "roulette", "1994", {}) as log:
            log({"spin": 1})
            raise KeyboardInterrupt
    assert not failed.exists() and sorted(os.listdir(tmp_path)) == ["log.jsonl"]


@pytest.mark.parametrize(
    "error, status, said",
    [
        (InputError("bad table"), 2, "error: bad table"),
        (KeyboardInterrupt(), 130, "interrupted"),
        (MemoryError("too big"), 2, "error: out of memory: too big"),
        (BrokenProcessPool(), 2, "error: a worker process was killed"),
    ],
)
def test_simulate_leaves_no_log_when_the_run_fails(tmp_path, capsys, monkeypatch, error, status, said):
    def half_a_run(*args, log=None, **kwargs):
        log({"spin": 1})
        raise error

    monkeypatch.setattr(cli_sim, "run_simulation", half_a_run)
    path = tmp_path / "log.jsonl"
    code, _, err = run_cli(["simulate", "roulette", "straight", "--rounds", "10", "--log", path], capsys)
    assert code == status and said in err and os.listdir(tmp_path) == [], err
