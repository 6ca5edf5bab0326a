"""The cards a 1994 blackjack round takes from a shuffled shoe with 1 to 7 boxes, counted by a player written
from the deal in words and the basic strategy chart (apart from `sim.blackjack` and `protect.round_cards`)."""

from __future__ import annotations

__all__ = ["SPLITTABLE", "round_cards"]

SPLITTABLE = {1, 2, 3, 6, 7, 8, 9}  # 1994: any pair but 4s, 5s and tens


def round_cards(order: list[int], pos: int, boxes: int, chart: dict, charts: list[dict] | None = None) -> int:
    """Cards one 1994 round takes (6 packs, no hole card, banker stands on 17, double on 9-11, doubling after a
    split, pairs split up to 4 hands, split Aces one card each) with `boxes` boxes, each following the chart
    (box i `charts[i]` when given): one card to each box, the banker's, a second to each box; the boxes play in
    turn; the banker takes his second card and, unless every box has a natural or he has one, draws to 17. Kind
    index k is value k + 1."""
    tables = [{name: {(a, b, c): d for a, b, c, d in ch[name]} for name in ch} for ch in charts or [chart] * boxes]
    rows = tables[0]
    i = pos

    def card() -> int:
        nonlocal i
        i += 1
        return order[i - 1] + 1

    def total(hand: list[int]) -> tuple[int, bool]:
        s = sum(hand)
        return (s + 10, True) if 1 in hand and s + 10 <= 21 else (s, False)

    def natural(hand: list[int]) -> bool:
        return len(hand) == 2 and total(hand)[0] == 21

    def keep_hitting(hand: list[int], up: int) -> None:
        while True:
            t, soft = total(hand)
            if t >= 21:
                return
            if not (t <= 11 or (soft and t <= 16)) and rows["later"].get(("soft" if soft else "hard", t, up)) != "hit":
                return
            hand.append(card())

    def play(hand: list[int], up: int, action: str) -> None:
        if action == "double" and total(hand)[0] in (9, 10, 11):
            hand.append(card())
        elif action == "hit":
            hand.append(card())
            keep_hitting(hand, up)
        elif action not in ("stand", "double"):
            keep_hitting(hand, up)

    def split(value: int, up: int) -> None:
        hands = 2
        done = 0
        while done < hands:
            hand = [value, card()]
            while hand[1] == value and hands < 4:
                hands += 1
                hand[1] = card()
            if value != 1:
                t, soft = total(hand)
                play(hand, up, rows["two_card"].get(("soft" if soft else "hard", t, up), "by the later rows"))
            done += 1

    firsts = [card() for _ in range(boxes)]
    up_card = card()
    hands = [[f, card()] for f in firsts]
    up = up_card - 1
    for box, hand in enumerate(hands):
        rows = tables[box]
        if natural(hand):
            continue
        if hand[0] == hand[1] and hand[0] in SPLITTABLE:
            action = rows["two_card"].get(("pair", hand[0] - 1, up), "stand")
            if action == "split":
                split(hand[0], up)
                continue
        else:
            t, soft = total(hand)
            action = rows["two_card"].get(("soft" if soft else "hard", t, up), "stand")
        play(hand, up, action)
    banker = [up_card, card()]
    if not natural(banker) and not all(natural(h) for h in hands):
        while total(banker)[0] < 17:
            banker.append(card())
    return i - pos
