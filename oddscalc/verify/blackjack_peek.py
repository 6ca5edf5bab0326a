"""A peeked hole card, judged under a rule set without one (SI 1994/2899 reg 7(1)(d); 2007: the house's rule).

The law of 1994 and 2002 deals the banker one card only until the players have decided. The 2007 rules let a house
deal the second card face down at the outset (rule `hole_card=peek`); without that rule it waits until all hands
are dealt with. A simulator of the US game looks at a hole card instead, and a banker's blackjack ends its round
at once. The log then shows the banker's two-card 21 and a player's hand (two cards, not 21, not split) with no
decision at all. Under a rule set without a hole card such a round is illegal play.

A log whose header declares `hole_card=peek` where the version has no hole card is judged under the law. That
gives one finding for the log, and a fault at every round that shows the peek. Without that declaration a round
showing no decision could also be a stand the writer left unwritten. (The format reads a hand whose actions stop
below 21 as stood.) So such rounds are judged at the end of the log. They are faults when the log writes its
other stands (`"stand"`), and a note when it leaves some unwritten.
"""

from __future__ import annotations

from oddscalc.verify.findings import ILLEGAL, Report

__all__ = ["RULE", "PeekWatch"]

RULE = "hole card (peek)"


class PeekWatch:
    """The rounds that show a peeked hole card, and the stands the log writes or leaves unwritten.

    >>> report = Report("blackjack", "1994", {}, False, "log.jsonl")
    >>> watch = PeekWatch(report, "1994", False, "SI 1994/2899 reg 7(1)(d)")
    >>> watch.written += 1  # the log writes its stands
    >>> watch.shown(7, "ended the round on the banker's blackjack with no decision on the player's 15")
    >>> watch.finish()
    >>> report.count, report.faults[0].line, report.faults[0].rule
    (1, 7, 'hole card (peek)')
    """

    def __init__(self, report: Report, version: str, declared: bool, citation: str) -> None:
        self.report = report
        self.declared = declared
        self.citation = citation
        self.law = (
            "with the house's rule set hole_card=none the dealer's second card waits until all hands are dealt "
            "with, so a dealer's blackjack cannot end a round before the players decide"
            if version == "2007"
            else "one card only is dealt to the banker initially, before any opposing player decides whether to "
            "take a further card; his second card comes after, so a banker's blackjack cannot end a round before "
            "the players decide"
        )
        self.written = 0  # stands the log writes ("stand")
        self.unwritten = 0  # hands that stood below 21 with no "stand" written
        self.count = 0  # rounds that show the peek
        self.pending: list[tuple[int, int, str]] = []  # (line, round, what it did) of the first `keep` of them
        if declared:
            report.fault(
                ILLEGAL,
                None,
                rule=RULE,
                did=f"declared hole_card=peek in its header (version {version}): the banker's second card dealt face "
                "down at the outset and looked at for a blackjack before the players decide",
                law=f"{self.law} (judged under hole_card=none; --custom judges under the log's rule set)",
                citation=citation,
            )

    def shown(self, line: int, did: str) -> None:
        """A round that ended on the banker's blackjack with no decision on the player's hand."""
        self.count += 1
        if self.declared:
            self.report.fault(ILLEGAL, line, rule=RULE, did=did, law=self.law, citation=self.citation)
            return
        if len(self.pending) < self.report.keep:
            self.pending.append((line, self.report.rounds, did))

    def finish(self) -> None:
        """Judge the rounds that show the peek, now that the log's way of writing stands is known."""
        if self.declared or not self.count:
            return
        if self.written and not self.unwritten:
            for line, rnd, did in self.pending:
                self.report.fault(ILLEGAL, line, rule=RULE, did=did, law=self.law, citation=self.citation, at_round=rnd)
            self.report.unlisted(ILLEGAL, RULE, self.citation, self.count - len(self.pending))
            return
        self.report.note(
            f"{self.count:,} round(s) ended on the banker's blackjack with the player's hand showing no decision, as "
            f"a peeked hole card ends them ({self.citation}: {self.law}); not judged, as this log leaves some "
            'stands unwritten and these may be stands: write every stand ("stand") and they are'
        )
