"""`core.parallel`: parts on several processes, and the progress a part sends from inside a worker."""

import pytest
import re
import time

from oddscalc.core.parallel import map_parts, relay


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
    from oddscalc.games.blackjack.analysis import _part
    from oddscalc.games.blackjack.rules import rule_set
    rs = rule_set({"decks": "1", "max_hands": "3"})
    heard: list[str] = []
    parts = map_parts(_part, [(rs, up, True, 10 ** 6, {}) for up in (6, 7)], lambda d, t, label: heard.append(label),
                      "up-cards", processes=2)
    assert [p["per_up"][0][0] for p in parts] == [6, 7]
    line = r"up-cards: [01] of 2; law of a round, (optimal play|basic strategy), up-card [78], split [2-9A]s: "
    assert any(re.fullmatch(line + r"last hands \d+%", label) for label in heard)
    assert any(re.fullmatch(line + "dealing the hands", label) for label in heard)
