"""What the card games' judges share: reading hands, the shoe marker (cut, burnt cards), the wager list, and
the whole-log tests (cards by shoe position, the runs of one yes/no result per shoe's first round)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from oddscalc.verify.card_codes import CARD_CODES, RANK_NAMES
from oddscalc.verify.context import Context, Judge
from oddscalc.verify.randomness import Runs, assess, chi_square_test, runs_test
from oddscalc.verify.reader import LogError, cards, require, wager_list
from oddscalc.verify.shoe_integrity import Shoe
from oddscalc.verify.shoe_order import ShoeOrders
from oddscalc.verify.shuffle_tests import ShuffleTests

__all__ = ["CardJudge", "card_tests"]


def card_tests(shoe: Shoe) -> list:
    """A chi-square test of the ranks dealt at each position of the shoe that has the data for one."""
    return [
        chi_square_test(
            f"cards at shoe position {position} ({reaching:,} shoe{'' if reaching == 1 else 's'})",
            observed,
            expected,
            RANK_NAMES,
        )
        for position, reaching, observed, expected in shoe.position_tables()
    ]


class CardJudge(Judge):
    """A card game's judge; subclasses set `shoe`, the runs test's name and the randomness law and citation."""

    runs_name = "serial independence (runs of banker wins, first round of each shoe)"
    subject = "shoe"
    random_law = (
        "a fairly shuffled shoe: each card dealt equally likely to be any card left; rounds from fresh "
        "shuffles independent"
    )
    #: Whether the game deals a series of rounds from one shoe (the shuffle tests between shoes, declared orders).
    shoe_game = True

    def __init__(self, ctx: Context, shoe: Shoe, random_citation: str) -> None:
        self.ctx = ctx
        self.report = ctx.report
        self.shoe = shoe
        self.runs = Runs()
        self.random_citation = random_citation
        self.strategy: Any = None
        self.orders = ShoeOrders(ctx.report, shoe, ctx.game, ctx.version, shoe.citation)
        self.shuffles = None
        if self.shoe_game and ctx.randomness and shoe.packs is not None:  # a shoe of known packs (not infinite)
            self.shuffles = ShuffleTests(ctx.report, shoe.counts, shoe.packs)
            shoe.observer = self.shuffles.add

    def _codes(self, value: Any, line: int, what: str) -> list[int]:
        if type(value) is list:
            try:
                return [CARD_CODES[c] for c in value]
            except (KeyError, TypeError):
                pass
        return cards(value, line, what)

    def _cards(self, rec: dict, key: str, line: int) -> list[int]:
        return self._codes(require(rec, key, line), line, f'"{key}"')

    def _begin(self, line: int, rec: dict) -> bool:
        """The round's shoe marker and cut, any declared order, any burnt cards and any reshuffle in mid-round
        (`verify.shoe_order`); True when a new shoe starts."""
        new = self.shoe.begin(line, require(rec, "shoe", line), rec.get("cut"))
        declared = "order" in rec or "order_sha256" in rec or "reshuffle" in rec
        if declared or (new and self.orders.current is not None):
            self.orders.round(line, rec, new)
        burn = rec.get("burn")
        if burn is not None:
            self.shoe.deal(line, cards(burn, line, '"burn"'))
        if declared and "reshuffle" in rec:
            self.orders.reshuffle(line, rec["reshuffle"])
        return new

    def _wager_map(self, rec: dict, line: int, allowed=None) -> dict[str, tuple]:
        """{name: (stake, net)} of the round's wagers, one of each (one box per line); a name outside `allowed`
        (default: the version's wagers) is filed as illegal play and left out."""
        out: dict[str, tuple] = {}
        for i, w in enumerate(wager_list(rec, line)):
            key, staked, net = self.ctx.wager_record(w, line, i)
            if key in out:
                raise LogError(line, f"wager {i + 1}: a second {key!r} wager in one round (one box per line)")
            if allowed is None and self.ctx.permitted(key, line) is None:
                continue
            if allowed is not None and key not in allowed:
                self.ctx.refuse(key, line, allowed)
                continue
            out[key] = (staked, net)
        return out

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        self.orders.close()
        self.shoe.finish()
        if self.strategy is not None:
            self.strategy.summarise()
        if randomness:
            between = self.shuffles.tests() if self.shuffles is not None else []
            assess(
                self.report,
                card_tests(self.shoe) + [runs_test(self.runs_name, self.runs)] + between,
                alpha,
                self.subject,
                self.random_citation,
                self.random_law,
            )
