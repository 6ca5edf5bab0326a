"""Property-based fuzzing of the command line and the results-file reader (hypothesis).

Command lines are drawn from the real vocabulary (introspected from the click command tree and the api) mixed
with hostile values, and run in forked children under a time bound (see tests/fuzz_harness.py): every one must
exit 0, 1 (a verdict) or 2 (a one-line error), never with a traceback, and never sit silent past the bound.
Malformed results files go straight to `read_results`, which must return counts or raise ResultsError.

`make test` runs a few hundred command lines ($FUZZ_EXAMPLES, default 200); `make fuzz` runs thousands.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.fuzz_harness as H
from oddscalc.cli.main import cli
from oddscalc.sim.results import ResultsError, read_results

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "200"))
BOUND = float(os.environ.get("FUZZ_BOUND", "8"))  # seconds a command may take before it must show progress
GRACE = float(os.environ.get("FUZZ_GRACE", "0.5"))  # seconds of work allowed once progress is shown
SLOW = float(os.environ.get("FUZZ_SLOW_BOUND", "2"))  # a check run reading a fixed small file: validation only


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    env = H.prepare(folder)
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)  # the parent warms its memos with the same private cache
    try:
        H.warm()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    files = H.results_files(folder)
    outs = H.output_paths(folder)
    return folder, env, H.Draw(H.commands(cli), H.vocabulary(), files, outs)


@pytest.mark.slow
def test_the_vocabulary_is_read_from_the_command_tree(world):
    _, _, draw = world
    paths = {" ".join(c.path) for c in draw.cmds}
    assert {"edge", "dist", "check", "simulate", "tables", "blackjack hand", "blackjack chart", "law"} <= paths
    check = next(c for c in draw.cmds if c.path == ("check",))
    assert {p.opt for p in check.params if p.opt} >= {"--alpha", "--rule", "--pay", "--format"}


@pytest.mark.slow
def test_command_lines_never_trace_back_or_hang(world):
    folder, env, draw = world
    problems: list[str] = []
    ran = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=EXAMPLES <= 500,
        suppress_health_check=list(HealthCheck),
    )
    @given(draw.argv())
    def one(argv):
        outcome = H.run(argv, folder, env, BOUND, GRACE)
        ran.append(outcome.code)
        problem = H.verdict(argv, outcome)
        if problem:
            problems.append(problem)
        assert problem is None, problem

    one()
    assert len(ran) >= EXAMPLES, f"only {len(ran)} command lines ran"
    assert {0, 2} <= set(ran)  # both successes and refusals were reached


MALFORMED = st.one_of(
    st.binary(max_size=300),
    st.lists(
        st.sampled_from(
            [
                "net_return",
                "net_return,count",
                "-1",
                "35",
                "-1,5",
                "35,2",
                "1e99999999",
                "9" * 500,
                "-1,1e5000",
                "\ufeff",
                "\r",
                "",
                ",",
                '"',
                "19/20",
                "0.95",
                "-1.0,3",
                "x,y",
                "1/0",
                "nan",
                "-1,-1",
                "35,2.5",
            ]
        ),
        max_size=30,
    ).map(lambda rows: "\n".join(rows).encode()),
    st.recursive(
        st.one_of(
            st.integers(-(10**12), 10**12),
            st.text(max_size=8),
            st.booleans(),
            st.none(),
            st.sampled_from(["1e99999999", "-1", "35", "0.5"]),
        ),
        lambda inner: st.one_of(
            st.lists(inner, max_size=5),
            st.dictionaries(st.sampled_from(["counts", "returns", "-1", "35", "x"]), inner, max_size=4),
        ),
        max_leaves=20,
    ).map(lambda doc: __import__("json").dumps(doc).encode()),
)


@pytest.mark.slow
@settings(
    max_examples=max(100, EXAMPLES),
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(MALFORMED, st.sampled_from([b"", b"\xef\xbb\xbf"]), st.booleans())
def test_malformed_results_files_are_counts_or_one_line_errors(tmp_path_factory, content, bom, crlf):
    path = tmp_path_factory.mktemp("results") / "r.csv"
    path.write_bytes(bom + (content.replace(b"\n", b"\r\n") if crlf else content))
    start = time.perf_counter()
    try:
        counts = read_results(path)
    except ResultsError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 600, message
    else:
        assert isinstance(counts, Counter)
        assert all(isinstance(k, Fraction) and isinstance(n, int) and n >= 0 for k, n in counts.items())
    assert time.perf_counter() - start < 2
