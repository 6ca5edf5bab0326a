"""`core.parallel`: parts on several processes, and the progress a part sends from inside a worker."""

import os
import re
import time

import pytest

from oddscalc.core.parallel import cpus, map_parts, relay


def _part(x: int) -> int:
    """A part that says how far it has got, then works on long enough for the parent to hear it."""
    relay(1, 4, f"part {x}")
    time.sleep(1.0)
    return x * x


def test_words_from_inside_a_worker_reach_the_parents_line():
    """On two processes the parts' results come back in input order, and the parent's progress line shows
    what a worker said through `relay` (a quarter done: 25%) after the count of parts done."""
    heard: list[tuple[int, int, str]] = []
    assert map_parts(_part, [3, 4], lambda *said: heard.append(said), "squares", processes=2) == [9, 16]
    assert heard[0] == (0, 2, "squares: 0 of 2") and heard[-1][:2] == (2, 2)
    assert any(label.startswith("squares: 0 of 2; part ") and label.endswith(" 25%") for _, _, label in heard)


def _own_pid(x: int) -> int:
    """A part that takes a little while and says which process ran it."""
    time.sleep(0.3)
    return os.getpid()


def _nested(x: int) -> tuple[int, list[int]]:
    """A part whose work is itself a map of parts (as a blackjack composition's game maps its up-cards)."""
    return os.getpid(), map_parts(_own_pid, [x, x], label="inner")


def test_a_parts_own_parts_run_in_its_process_and_show_on_its_line():
    """Asked for 64 processes on a machine with fewer CPUs, two parts each mapping two parts of their own: the
    outer parts run in at most `cpus()` worker processes, each one's own parts in that same process (no
    grandchild: nested pools used to put 4 processes to work on 2 CPUs), and the inner count is on the line."""
    heard: list[str] = []
    got = map_parts(_nested, [1, 2, 3], lambda d, t, label: heard.append(label), "outer", processes=64)
    outer = {pid for pid, _ in got}
    assert os.getpid() not in outer and len(outer) <= min(cpus(), 3)
    assert all(inner == [pid, pid] for pid, inner in got)
    assert any(re.fullmatch(r"outer: [0-2] of 3; inner: [12] of 2", label) for label in heard), heard


def test_one_process_shows_the_parts_words_too_and_relay_is_silent_outside():
    """With one process the words go straight to the same line; outside `map_parts` `relay` does nothing."""
    heard: list[str] = []
    assert map_parts(_part, [2], lambda d, t, label: heard.append(label), "one", processes=1) == [4]
    assert heard == ["one: 1 of 1", "one: 1 of 1; part 2 25%", "one: done"]
    relay(1, 2, "nobody listens")  # no error, nothing to show


@pytest.mark.slow
def test_a_blackjack_split_law_in_a_worker_shows_its_share_done(monkeypatch):
    """The summary's parts (`analysis._part`, one up-card each) on two processes: the progress line names
    the up-card and the split a worker is on, and how far that split's last hands have got (every line sent:
    the workers, forked after the patch, do not hold any back)."""
    from oddscalc.core import parallel

    monkeypatch.setattr(parallel, "RELAY_EVERY", 0.0)
    from oddscalc.games.blackjack.rules import rule_set
    from oddscalc.games.blackjack.stored_summary import _part

    rs = rule_set({"decks": "1", "max_hands": "3"})
    heard: list[str] = []
    parts = map_parts(
        _part,
        [(rs, up, True, 10**6, {}) for up in (6, 7)],
        lambda d, t, label: heard.append(label),
        "up-cards",
        processes=2,
    )
    assert [p["per_up"][0][0] for p in parts] == [6, 7]
    line = r"up-cards: [01] of 2; law of a round, (optimal play|basic strategy), up-card [78], split [2-9A]s: "
    assert any(re.fullmatch(line + r"last hands \d+%", label) for label in heard)
    assert any(re.fullmatch(line + "dealing the hands", label) for label in heard)
