"""Writing round logs for `oddscalc verify` (docs/simulators.md), each line checked against the format's schema.

`RoundLog` writes a log line by line, checking each line as it is written. `BlackjackRound` builds a blackjack
round as it is dealt. `amount` and `card` give an amount's and a card's text. The schema's checker is shared with
the verifier's reader."""

from oddscalc.roundlog.amounts import amount
from oddscalc.roundlog.blackjack import BlackjackRound, Hand
from oddscalc.roundlog.card_text import card
from oddscalc.roundlog.schema import RoundLogError
from oddscalc.roundlog.writer import RoundLog

__all__ = ["BlackjackRound", "Hand", "RoundLog", "RoundLogError", "amount", "card"]
