"""A first run says, once, that it compiles the fast loops (numba takes seconds, later runs read the machine code
back), so that the wait is not taken for a hang; a run with the loops cached says nothing."""

from __future__ import annotations

import importlib.util
import sys

import numpy as np
import pytest

from oddscalc.core import compiled
from tests.cli_run import run_cli

LOOPS = """
def total(a):
    s = 0
    for x in a:
        s += x
    return s


def largest(a):
    m = a[0]
    for x in a:
        if x > m:
            m = x
    return m
"""


@pytest.fixture
def loops(tmp_path, monkeypatch):
    """A module of two plain loops in a file (numba caches only functions defined in one), its compiled machine
    code kept in a fresh cache folder of the test's own."""
    import numba.core.config as config

    source = tmp_path / "nu_loops.py"
    source.write_text(LOOPS)
    monkeypatch.setattr(compiled, "_cache_ok", True)
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "cache"), raising=False)

    def fresh():
        """The module imported anew, as a new run would (a new dispatcher reading the cache folder)."""
        spec = importlib.util.spec_from_file_location("nu_loops", source)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    yield fresh
    compiled.on_first_compile(None)
    sys.modules.pop("nu_loops", None)


def test_a_first_run_says_once_that_it_compiles_and_a_cached_run_says_nothing(loops):
    said: list[str] = []
    compiled.on_first_compile(said.append)
    module = loops()
    total = compiled.compile_loop(module.total)
    largest = compiled.compile_loop(module.largest)  # a second loop of the same run: nothing more said
    assert said == [compiled.COMPILE_NOTICE]
    assert "compiling the fast loops once (about" in said[0] and "later runs reuse them" in said[0]
    assert total(np.array([3, 4, 5])) == 3 + 4 + 5 and largest(np.array([3, 9, 5])) == 9  # compiled, so cached

    said.clear()
    compiled.on_first_compile(said.append)  # the next run: both loops are cached
    module = loops()
    assert compiled.compile_loop(module.total)(np.array([1, 2])) == 3
    assert compiled.compile_loop(module.largest)(np.array([1, 2])) == 2
    assert said == []


def test_nothing_is_said_without_a_listener(loops):
    """A Python user (no listener set) is told nothing: core writes to no stream of its own."""
    compiled.on_first_compile(None)
    assert compiled.compile_loop(loops().total)(np.array([1, 2])) == 3  # compiles silently, and raises no error


def test_the_command_line_says_it_on_stderr(loops, monkeypatch, capsys):
    """The command line sets the listener for its run: the notice comes on standard error, the output apart."""
    from oddscalc.cli import main as cli_main

    def command(*args, **kwargs):
        compiled.compile_loop(loops().total)(np.array([1]))
        return 0

    monkeypatch.setattr(cli_main.cli, "main", command)
    code, out, err = run_cli(["versions"], capsys)
    assert code == 0 and out == ""
    assert err.strip().splitlines() == [compiled.COMPILE_NOTICE]
    assert compiled._listener is None  # the run over, a library call after it is told nothing
