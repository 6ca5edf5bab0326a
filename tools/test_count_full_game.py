"""The full game's work counter (`tools/count_full_game.py`) counts what a direct enumeration of the hands says."""

from oddscalc.games.blackjack.rules import RuleSet
from tools.count_full_game import count

SIX = 5  # the up-card's value index


def _total(h: tuple[int, ...]) -> tuple[int, bool]:
    hard = sum((c + 1) * n for c, n in enumerate(h))
    return (hard + 10, True) if h[0] and hard + 10 <= 21 else (hard, False)


def _enumerate(shoe: tuple[int, ...]):
    """The hands optimal play works against a 6 without splits, walked directly: every two-card hand but a blackjack
    (each is hit, and the 9 to 11 doubled), every card drawn to one below 21, and on from there while the hand is
    soft or below 17 (a hard 17 or more stands against a 6: standing beats even the hit whose every safe card wins).
    Returns the hands, the hit sums and their multiply-adds (one per safe next card in the shoe, one for the busts
    where a card can bust the hand), and the double sums' multiply-adds (one per next card in the shoe)."""
    starts = set()
    for a in range(10):
        for b in range(a, 10):
            h = tuple((i == a) + (i == b) for i in range(10))
            if all(x <= y for x, y in zip(h, shoe)) and sorted((a, b)) != [0, 9]:
                starts.add(h)
    seen, hits, madds, double = set(starts), 0, 0, 0
    frontier = list(starts)
    while frontier:
        h = frontier.pop()
        total, soft = _total(h)
        if h in starts and 9 <= total <= 11:
            double += sum(1 for c in range(10) if shoe[c] > h[c])
        if total >= 21 or (h not in starts and not soft and total >= 17):
            continue
        hits += 1
        madds += (not soft and total >= 12) + sum(
            1 for c in range(10) if shoe[c] > h[c] and (soft or total + c + 1 <= 21)
        )
        for c in range(10):
            nxt = h[:c] + (h[c] + 1,) + h[c + 1 :]
            if shoe[c] > h[c] and _total(nxt)[0] <= 21 and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return seen, hits, madds, double


def test_the_counted_hands_and_sums_are_those_a_direct_enumeration_finds():
    rules = RuleSet(decks=1, split_values=frozenset())
    n, _ = count(rules, ups=(SIX,))
    shoe = tuple(4 - (c == SIX) for c in range(9)) + (16,)
    hands, hits, madds, double = _enumerate(shoe)
    assert (n.shoes, n.split_shoes) == (1, 0)
    assert n.compositions == n.hands == len(hands)
    assert n.calls["hit"] == hits
    assert n.madds["hit"] == madds
    assert n.madds["double"] == double
    assert n.stand_values >= len(n.worked["stand"]) > 0  # every stand value the hands asked for was computed
