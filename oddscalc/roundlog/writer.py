"""`RoundLog`: a round log written line by line, each line checked against the schema as it is written, the shoe's
bookkeeping (markers, cut, burnt cards, declared orders, reshuffles in mid-round) kept by the writer.

The writer records what the simulator did, never what the law would have it do: it computes no settlement and
judges no play (that is `oddscalc verify`'s work), and every amount it writes is one the simulator gave it. It
refuses only what the format cannot hold (an unknown field, a card that is no card, an amount that is not exact),
with a one-line `RoundLogError`.

>>> import io
>>> out = io.StringIO()
>>> with RoundLog(out, "punto-banco", "1994", {"decks": 8}) as log:
...     log.shuffle(cut=400, burn=["5d", "Kh"])
...     log.write({"player": ["9s", "Kc"], "banker": ["3h", "4d"], "wagers": [log.wager("banker", 10, -10)]})
>>> print(out.getvalue(), end="")
{"roundlog": 1, "game": "punto-banco", "version": "1994", "rules": {"decks": "8"}}
{"player":["9s","Kc"],"banker":["3h","4d"],"wagers":[{"on":"banker","stake":"10","net":"-10"}],"shoe":1,"cut":400,"burn":["5d","Kh"]}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Protocol

from oddscalc.core.files import writing_text
from oddscalc.core.numbers import shorten
from oddscalc.roundlog.amounts import Amount, amount
from oddscalc.roundlog.blackjack import BlackjackRound
from oddscalc.roundlog.card_text import Card, cards
from oddscalc.roundlog.schema import GAMES, RoundLogError, check_header, check_round, schema
from oddscalc.sim.log_lines import FORMAT
from oddscalc.sim.shoe_dealing import order_sha256

__all__ = ["SHOE_GAMES", "SHOE_KEYS", "Record", "RoundLog"]

#: The fields the writer keeps for a game dealt from a shoe (give them through shuffle, burn and reshuffle).
SHOE_KEYS = frozenset({"shoe", "cut", "burn", "order", "order_sha256", "reshuffle"})


def _shoe_games() -> tuple[str, ...]:
    defs = schema()["$defs"]
    found = []
    for game in GAMES:
        node = defs[f"round-{game}"]
        forms = [node] if "required" in node else [defs[f["$ref"].rsplit("/", 1)[1]] for f in node["oneOf"]]
        if all("shoe" in f["required"] for f in forms):
            found.append(game)
    return tuple(found)


#: The games dealt from a shoe, a series of rounds to a shoe (the baccarat games, blackjack, Super Pan 9).
SHOE_GAMES: tuple[str, ...] = _shoe_games()


class Record(Protocol):
    """A round builder, such as `BlackjackRound`: anything whose `record()` gives its round's record."""

    def record(self) -> dict[str, Any]: ...


@dataclass
class _Shoe:
    """The shoe being dealt: its marker, what the next line must carry, and a committed order to reveal."""

    marker: int | str
    pending: dict[str, Any] = field(default_factory=dict)
    committed: list[str] | None = None  # the order committed to, revealed on the shoe's last round


class RoundLog:
    """A round-log writer for `oddscalc verify`: one line per round, each checked against the schema first.

    Use it as a context manager: the header line is written on entering, and a held last round on leaving.

    Args:
        out: a path, where the file appears complete when the block ends without an error; or an open text stream.
        game: the game, one of `roundlog.schema.GAMES`, e.g. "punto-banco".
        version: the version of the law the rounds are played under, e.g. "1994".
        rules: rule options as `oddscalc verify` takes them, e.g. {"decks": 8}; written as text.
        pay: payout overrides as `oddscalc verify` takes them.
        places: the decimal places a float amount is rounded to (`roundlog.amounts`); None refuses floats.
        **about: the header's "simulator", "seed", "note", "created" and any "x-..." field.

    Attributes:
        rounds: how many rounds have been written.

    Raises:
        RoundLogError: an unknown game, or a header field the format does not hold.

    Examples:
        A roulette log, not dealt from a shoe: the header, then one line per round. A straight bet pays 35 to 1,
        so 10 staked on 5 nets -10 when 17 comes up and 35 x 10 = 350 when 5 does:

        >>> import io
        >>> out = io.StringIO()
        >>> with RoundLog(out, "roulette", "1994", simulator="mine") as log:
        ...     log.write({"number": 17, "wagers": [log.wager("straight", 10, -10, numbers=[5])]})
        ...     log.write({"number": 5, "wagers": [log.wager("straight", 10, 350, numbers=[5])]})
        >>> print(out.getvalue(), end="")
        {"roundlog": 1, "game": "roulette", "version": "1994", "simulator": "mine"}
        {"number":17,"wagers":[{"on":"straight","numbers":[5],"stake":"10","net":"-10"}]}
        {"number":5,"wagers":[{"on":"straight","numbers":[5],"stake":"10","net":"350"}]}
        >>> log.rounds
        2
    """

    def __init__(
        self,
        out: str | Path | IO[str],
        game: str,
        version: str,
        rules: Mapping[str, str | int] | None = None,
        pay: Mapping[str, str] | None = None,
        *,
        places: int | None = 2,
        **about: Any,
    ) -> None:
        if game not in GAMES:
            raise RoundLogError(f"unknown game {shorten(game)}; a round log holds one of: {', '.join(GAMES)}")
        self.game = game
        self.places = places
        self.header: dict[str, Any] = {"roundlog": FORMAT, "game": game, "version": version}
        if rules:
            self.header["rules"] = {k: str(v) for k, v in rules.items()}
        if pay:
            self.header["pay"] = dict(pay)
        self.header.update(about)
        check_header(self.header)
        self._out = out
        self._stack = ExitStack()
        self._f: IO[str] | None = None
        self._shoe: _Shoe | None = None
        self._next_marker = 1
        self._held: dict[str, Any] | None = None  # a committed shoe's latest round, written once the next one comes
        self._reshuffle: dict[str, Any] | None = None
        self._dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
        self.rounds = 0

    # -- opening and closing -------------------------------------------------------------------------------------
    def __enter__(self) -> RoundLog:
        if isinstance(self._out, (str, Path)):
            self._f = self._stack.enter_context(writing_text(Path(self._out), newline="\n"))
        else:
            self._f = self._out
        self._f.write(json.dumps(self.header, ensure_ascii=False) + "\n")
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool | None:
        try:
            if kind is None:
                self._end_shoe()
                self._flush()
        finally:
            self._stack.__exit__(kind, exc, tb)
        return None

    def _file(self) -> IO[str]:
        if self._f is None:
            raise RoundLogError("the round log is not open: use it as `with RoundLog(...) as log:`")
        return self._f

    # -- amounts and wagers --------------------------------------------------------------------------------------
    def amount(self, x: Amount, what: str = "amount") -> str:
        """`x` as the log's exact text, a float rounded to this log's `places`.

        Args:
            x: an amount: an int, a `Fraction`, a `Decimal`, a string such as "9.5" or "19/20", or a float.
            what: what the amount is, for the error message.

        Returns:
            The exact text: whole, a terminating decimal, or else a fraction p/q.

        Raises:
            RoundLogError: `x` is not an amount, or is a float that rounding to `places` would change by more
                than float noise (any float when `places` is None).

        Examples:
            A banker's win at 19 to 20 on 10 staked is 9.5; 0.1 + 0.2 is 0.3 with float noise:

            >>> import io
            >>> log = RoundLog(io.StringIO(), "punto-banco", "1994")
            >>> log.amount(10 * 19 / 20), log.amount(0.1 + 0.2), log.amount("20/3")
            ('9.5', '0.3', '20/3')
        """
        return amount(x, self.places, what)

    def wager(self, on: str, stake: Amount, net: Amount, **extra: Any) -> dict[str, Any]:
        """One wager's record {"on", "stake", "net"}, for a round's "wagers" list.

        Args:
            on: the wager's key, e.g. "banker".
            stake: what the player staked on it.
            net: the simulator's settlement, the player's net result: won positive, 0 void, -stake lost.
            **extra: any further field the game's wager takes, e.g. roulette's "numbers".

        Returns:
            The record, its amounts as exact text (`amount`).

        Raises:
            RoundLogError: a stake or net that is not an amount.

        Examples:
            A banker wager of 10 won at 19 to 20 nets 10 x 19/20 = 9.5:

            >>> import io
            >>> RoundLog(io.StringIO(), "punto-banco", "1994").wager("banker", 10, "9.5")
            {'on': 'banker', 'stake': '10', 'net': '9.5'}
        """
        return {"on": on, **extra, "stake": self.amount(stake, f"{on} stake"), "net": self.amount(net, f"{on} net")}

    def blackjack(self, stake: Amount) -> BlackjackRound:
        """A blackjack round to build as it is dealt (`roundlog.blackjack`), then `write`.

        Args:
            stake: the initial wager's stake.

        Returns:
            A `BlackjackRound` that rounds amounts as this log does and writes its reshuffles here.

        Raises:
            RoundLogError: the log is not a blackjack log, or the stake is not an amount.
        """
        if self.game != "blackjack":
            raise RoundLogError(f"a blackjack round in a log of {self.game}")
        return BlackjackRound(stake, log=self)

    # -- the shoe ------------------------------------------------------------------------------------------------
    def _shoe_game(self, what: str) -> None:
        if self.game not in SHOE_GAMES:
            raise RoundLogError(
                f"{what}: {self.game} is not dealt from a shoe (the shoe games: {', '.join(SHOE_GAMES)})"
            )

    def _marker(self, given: int | str | None) -> int | str:
        if given is None:
            marker: int | str = self._next_marker
        elif type(given) in (int, str):
            marker = given
        else:
            raise RoundLogError(f"a shoe marker is a whole number or a string, not {shorten(given)}")
        if self._shoe is not None and marker == self._shoe.marker:
            raise RoundLogError(f"shoe marker {marker!r} is the current shoe's: a new shoe needs a new marker")
        if type(marker) is int:
            self._next_marker = max(self._next_marker, marker + 1)
        return marker

    def _shoe_fields(
        self,
        cut: int | None,
        order: Iterable[Card] | None,
        commit: bool,
        burn: Iterable[Card] | None,
    ) -> tuple[dict[str, Any], list[str] | None]:
        """The new shoe's fields (cut, burn, order or its commitment) and the order to reveal later."""
        out: dict[str, Any] = {}
        if cut is not None:
            out["cut"] = cut
        committed = None
        if order is not None:
            written = cards(order)
            if commit:
                out["order_sha256"] = order_sha256(written)
                committed = written
            else:
                out["order"] = written
        elif commit:
            raise RoundLogError("commit=True commits to a declared order: give the order too")
        if burn is not None:
            out["burn"] = cards(burn)
        return out, committed

    def shuffle(
        self,
        shoe: int | str | None = None,
        *,
        cut: int | None = None,
        order: Iterable[Card] | None = None,
        commit: bool = False,
        burn: Iterable[Card] | None = None,
    ) -> None:
        """A freshly shuffled shoe, dealt from the next round on; its fields go on that round's line.

        Args:
            shoe: the shoe's marker, a whole number or a string; None for the next number.
            cut: the cut card lies after this many cards; burnt cards count toward it.
            order: the shoe's cards at its shuffle, top card first, burnt cards included. Written on its first
                round, or with `commit` written on its last round.
            commit: write the order's SHA-256 on the first round, and the order itself on the shoe's last round.
            burn: cards burnt at the shuffle, before the first round's cards; written on that round.

        Raises:
            RoundLogError: a game not dealt from a shoe, a reshuffle in mid-round still pending, a marker that is the
                current shoe's, `commit` without an `order`, or a card that is no card.

        Examples:
            The commitment is the SHA-256 of the order's cards joined by single spaces (docs/verify.md). With one
            round to the shoe, that round is its last and reveals the order:

            >>> import hashlib, io, json
            >>> out = io.StringIO()
            >>> with RoundLog(out, "punto-banco", "1994", {"decks": 8}) as log:
            ...     log.shuffle(order=["9s", "Kc", "3h", "4d", "5d", "6d"], commit=True, cut=4)
            ...     log.write({"player": ["9s", "3h"], "banker": ["Kc", "4d"], "wagers": [log.wager("player", 10, 10)]})
            >>> line = json.loads(out.getvalue().splitlines()[1])
            >>> line["shoe"], line["cut"], line["order"][:2]
            (1, 4, ['9s', 'Kc'])
            >>> line["order_sha256"] == hashlib.sha256(b"9s Kc 3h 4d 5d 6d").hexdigest()
            True
        """
        self._shoe_game("shuffle")
        if self._reshuffle is not None:
            raise RoundLogError("a reshuffle in mid-round is pending: write its round before shuffling again")
        marker = self._marker(shoe)
        self._end_shoe()
        fields, committed = self._shoe_fields(cut, order, commit, burn)
        self._shoe = _Shoe(marker, {"shoe": marker, **fields}, committed)

    def burn(self, burnt: Iterable[Card]) -> None:
        """Cards burnt, discarded unseen, before the next round's cards; written on that round.

        They count toward the cut card like any card out of the shoe.

        Args:
            burnt: the cards, in the order burnt.

        Raises:
            RoundLogError: a game not dealt from a shoe, no shoe shuffled yet, or a card that is no card.
        """
        self._shoe_game("burn")
        if self._shoe is None:
            raise RoundLogError("burn before any shuffle: call log.shuffle() first")
        self._shoe.pending.setdefault("burn", []).extend(cards(burnt))

    def reshuffle(
        self,
        after: int,
        shoe: int | str | None = None,
        *,
        cut: int | None = None,
        order: Iterable[Card] | None = None,
        commit: bool = False,
        burn: Iterable[Card] | None = None,
    ) -> None:
        """A reshuffle in mid-round, written on the next round: a new shoe deals the rest of that round.

        The shoe ran out (or was reshuffled) after the first `after` of the round's cards, in the order dealt, burnt
        cards aside. The new shoe holds the packs less the cards on the table. Whether the law allows it is the
        verifier's to say: blackjack 1994 and 2002 do not. A `BlackjackRound` counts `after` itself
        (`BlackjackRound.reshuffle`).

        Args:
            after: how many of the round's cards came out before the reshuffle, at least 1.
            shoe: the new shoe's marker, as for `shuffle`.
            cut: the new shoe's cut, as for `shuffle`.
            order: the new shoe's order, as for `shuffle`.
            commit: commit to that order, as for `shuffle`.
            burn: cards burnt from the new shoe before the round goes on.

        Raises:
            RoundLogError: a game not dealt from a shoe, no shoe shuffled yet, a second reshuffle in one round, or
                `after` not a whole number of at least 1.

        Examples:
            The shoe runs out after the player's two cards and the up-card, so `after` is 3 (docs/verify.md):

            >>> import io, json
            >>> out = io.StringIO()
            >>> hand = {"cards": ["8h", "9d"], "actions": ["stand"], "stake": "10", "net": "-10"}
            >>> lost = [{"on": "initial", "stake": "10", "net": "-10"}]
            >>> with RoundLog(out, "blackjack", "2007") as log:
            ...     log.shuffle(cut=260)
            ...     log.reshuffle(3)
            ...     log.write({"banker": ["6c", "Qs", "5s"], "hand": hand, "wagers": lost})
            >>> json.loads(out.getvalue().splitlines()[1])["reshuffle"]
            {'after': 3, 'shoe': 2}
        """
        self._shoe_game("reshuffle")
        if self._shoe is None:
            raise RoundLogError("reshuffle before any shuffle: call log.shuffle() first")
        if self._reshuffle is not None:
            raise RoundLogError("one reshuffle in mid-round per round: write the round first")
        if type(after) is not int or after < 1:
            raise RoundLogError(
                f"reshuffle after {shorten(after)} cards: after is how many of the round's cards came out before "
                "it, at least 1 (a reshuffle before any card is a new shoe: log.shuffle())"
            )
        marker = self._marker(shoe)
        fields, committed = self._shoe_fields(cut, order, commit, burn)
        self._reshuffle = {"entry": {"after": after, "shoe": marker, **fields}, "committed": committed}

    def _end_shoe(self) -> None:
        """The current shoe is over: a committed order is revealed on its last round (held until now)."""
        shoe, held = self._shoe, self._held
        if shoe is not None and shoe.committed is not None and held is not None and held["shoe"] == shoe.marker:
            held["order"] = shoe.committed
            check_round(self.game, held)
        if shoe is not None:
            shoe.committed = None
        self._flush()

    def _flush(self) -> None:
        if self._held is not None:
            self._file().write(self._dumps(self._held) + "\n")
            self._held = None

    # -- rounds --------------------------------------------------------------------------------------------------
    def write(self, round_: Mapping[str, Any] | Record) -> None:
        """Write one round: a record in the game's round form (docs/verify.md), or a round builder.

        For a shoe game the writer adds the shoe's fields (marker, cut, burnt cards, order, reshuffle); a record must
        not carry them itself. The line is checked against the schema before anything is written. A round builder is
        written once, and is closed to change from then on.

        Args:
            round_: the round's record (a mapping), or a builder with a `record()` method, such as `BlackjackRound`.

        Raises:
            RoundLogError: a record the schema refuses, a shoe field in the record, a shoe game with no shoe
                shuffled, a builder already written, or a log not opened with `with`.

        Examples:
            A wheel has the numbers 0 to 36, so 37 is refused and nothing is written:

            >>> import io
            >>> out = io.StringIO()
            >>> with RoundLog(out, "roulette", "1994") as log:
            ...     log.write({"number": 37, "wagers": []})
            Traceback (most recent call last):
            ...
            oddscalc.roundlog.schema.RoundLogError: round: number: must be at most 36, not 37
            >>> len(out.getvalue().splitlines())  # the header only
            1
        """
        if isinstance(round_, BlackjackRound):
            round_._open()
        record = dict(round_.record() if hasattr(round_, "record") else round_)
        self._write(record)
        if isinstance(round_, BlackjackRound):
            round_.written = True

    def _write(self, record: dict[str, Any]) -> None:
        if self.game not in SHOE_GAMES:
            check_round(self.game, record)
            self._flush()
            self._file().write(self._dumps(record) + "\n")
            self.rounds += 1
            return
        shoe = self._shoe
        own = sorted(SHOE_KEYS & record.keys())
        if own:
            raise RoundLogError(
                f"the round gives {', '.join(own)}: the writer keeps the shoe's fields; use log.shuffle(), "
                "log.burn() and log.reshuffle()"
            )
        if shoe is None:
            raise RoundLogError(f"{self.game} is dealt from a shoe: call log.shuffle() before the first round")
        record.update(shoe.pending)
        record["shoe"] = shoe.marker
        moved = self._reshuffle
        if moved is not None:
            if shoe.committed is not None:  # this round is the old shoe's last: its order is revealed here
                record["order"] = shoe.committed
            record["reshuffle"] = moved["entry"]
        check_round(self.game, record)
        shoe.pending = {}
        self._flush()
        if moved is not None:
            self._reshuffle = None
            shoe = self._shoe = _Shoe(moved["entry"]["shoe"], {}, moved["committed"])
        self._held = record
        if shoe.committed is None or moved is not None:
            self._flush()
        self.rounds += 1
