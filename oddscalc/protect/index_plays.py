"""Index plays: the counter's deviations from the basic strategy by the true count, and the play of a round.

An index play is a hand against an up-card, a play and a condition on the true count ("hard 16 v T: stand at
TC >= 0"). Before a round the player takes, for each hand and up-card, the play of the first index play of the
set whose condition holds at the true count then. (The true count is the running count per pack unseen, exact:
`count_systems`.) Where none holds he takes the full shoe's basic strategy's play. A stand or hit holds for every
hand of the total, a double or a split for two cards. Insurance (`insurance v A: insure`) stakes half the initial
stake on a two-card 21 against an Ace, the only hand the law offers it to.

Built in: hi-lo's "Illustrious 18" (`ILLUSTRIOUS_18`, thresholds from Schlesinger, *Blackjack Attack*, 3rd ed.,
2005, ch. 5, the multi-deck table), and the indices `measures` derives for the rule set and count
(`derived_set`). A user may give his own file (`parse_indices`): one play a line,
`hand, up-card, play, condition`, e.g. `hard 16, T, stand, >= 0` (`#` starts a comment).

>>> s = IndexSet("mine", (IndexPlay("hard 16", "T", "stand", Fraction(0), ">="),))
>>> s.deviations(Fraction(-1, 2)), s.deviations(Fraction(0))
((), (('hard 16', 'T', 'stand'),))
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from oddscalc import api
from oddscalc.core.errors import InputError
from oddscalc.core.inputs import InputPathError, check_input
from oddscalc.core.numbers import parse_number
from oddscalc.protect.count_systems import CountSystem
from oddscalc.protect.decisions_by_removal import decision_shoes
from oddscalc.protect.indices import indices

__all__ = [
    "BUILT_IN",
    "DERIVED",
    "ILLUSTRIOUS_18",
    "OPERATORS",
    "IndexPlay",
    "IndexSet",
    "IndicesError",
    "derived_set",
    "index_set",
    "parse_indices",
]

#: The conditions an index play may put on the true count.
OPERATORS: dict[str, Callable[[Fraction, Fraction], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
}
_PLAYS = ("stand", "hit", "double", "split", "insure")
_MAX_LINES = 400
_MAX_BYTES = 65_536
_MAX_TC = 1000


class IndicesError(InputError):
    """An index set (a file of index plays, or a built-in one) that cannot be read or played."""


@dataclass(frozen=True)
class IndexPlay:
    """One index play: `play` on `hand` ("hard 16", "soft 18", "pair T", "insurance") against `up` where the
    true count stands `direction` (OPERATORS) `threshold`."""

    hand: str
    up: str
    play: str
    threshold: Fraction
    direction: str = ">="
    otherwise: str | None = None  # the play where the condition fails (None: the basic strategy's)

    def holds(self, tc: Fraction) -> bool:
        """Whether the play is made at true count `tc`."""
        return OPERATORS[self.direction](tc, self.threshold)

    def text(self) -> str:
        """`hard 16 v T: stand at TC >= 0`."""
        shown = str(self.threshold) if self.threshold.denominator <= 100 else f"{float(self.threshold):.2f}"
        return self._words(shown)

    def exact(self) -> str:
        """The play with its threshold exact (what a run's values depend on; JSON's)."""
        return self._words(str(self.threshold))

    def _words(self, shown: str) -> str:
        other = "" if self.otherwise is None else f", else {self.otherwise}"
        return f"{self.hand} v {self.up}: {self.play} at TC {self.direction} {shown}{other}"


@dataclass(frozen=True)
class IndexSet:
    """A named set of index plays (in the order they are tried) and the plays left out of it, with why."""

    name: str
    plays: tuple[IndexPlay, ...]
    left_out: tuple[tuple[str, str], ...] = ()  # (the play, why it is left out)

    def deviations(self, tc: Fraction) -> tuple[tuple[str, str, str], ...]:
        """The plays made at true count `tc` in place of the basic strategy's, (hand, up-card, play): per hand
        and up-card, the first whose condition holds."""
        out: dict[tuple[str, str], str] = {}
        for p in self.plays:
            if (p.hand, p.up) in out:
                continue
            if p.holds(tc):
                out[(p.hand, p.up)] = p.play
            elif p.otherwise is not None:
                out[(p.hand, p.up)] = p.otherwise
        return tuple((hand, up, play) for (hand, up), play in out.items())

    def strategy(self) -> str:
        """The strategy in words: `basic strategy + Illustrious 18 (hi-lo)`."""
        return f"basic strategy + {self.name}"


def _i18(hand: str, up: str, play: str, index: int, direction: str = ">=") -> IndexPlay:
    return IndexPlay(hand, up, play, Fraction(index), direction)


#: Schlesinger's Illustrious 18 for hi-lo (*Blackjack Attack*, 3rd ed., 2005, ch. 5; multi-deck, the banker
#: standing on soft 17), most valuable first. Convention there: the count's play at the index or above, the basic
#: play below; where the basic strategy already makes the count's play (13 v 2, 12 v 4-6, 13 v 3), the index play
#: is its other play below the index.
ILLUSTRIOUS_18 = IndexSet(
    "Illustrious 18 (hi-lo)",
    (
        _i18("insurance", "A", "insure", 3),
        _i18("hard 16", "T", "stand", 0),
        _i18("hard 15", "T", "stand", 4),
        _i18("pair T", "5", "split", 5),
        _i18("pair T", "6", "split", 4),
        _i18("hard 10", "T", "double", 4),
        _i18("hard 12", "3", "stand", 2),
        _i18("hard 12", "2", "stand", 3),
        _i18("hard 11", "A", "double", 1),
        _i18("hard 9", "2", "double", 1),
        _i18("hard 10", "A", "double", 4),
        _i18("hard 9", "7", "double", 3),
        _i18("hard 16", "9", "stand", 5),
        _i18("hard 13", "2", "hit", -1, "<"),
        _i18("hard 12", "4", "hit", 0, "<"),
        _i18("hard 12", "5", "hit", -2, "<"),
        _i18("hard 12", "6", "hit", -1, "<"),
        _i18("hard 13", "3", "hit", -2, "<"),
    ),
)

#: The sets `--indices` names: none (the basic strategy alone), the Illustrious 18, and `derived`: the indices
#: `measures` derives for the rule set and count (`derived_set`).
BUILT_IN = {"illustrious18": ILLUSTRIOUS_18}
DERIVED = "derived"


def parse_indices(text: str, name: str = "index file") -> IndexSet:
    """A user's index plays: one a line, `hand, up-card, play, condition` (condition: >=, >, <= or < and an exact
    true count, e.g. `>= 0`, `< -1`, `>= 3/2`); blank lines and `#` comments skipped. Refused (IndicesError) with
    the line and value at fault."""
    plays = []
    lines = text.splitlines()
    if len(lines) > _MAX_LINES:
        raise IndicesError(f"{name}: {len(lines)} lines; allowed at most {_MAX_LINES}")
    for n, raw in enumerate(lines, 1):
        line = raw.split("#")[0].strip()
        if not line:
            continue
        where = f"{name} line {n}"
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 4:
            raise IndicesError(
                f"{where}: {line!r} has {len(fields)} field(s); allowed: hand, up-card, play, condition "
                "(e.g. hard 16, T, stand, >= 0)"
            )
        hand, up, play, condition = fields
        kind, *value = hand.split() or [""]
        hand = " ".join([kind.lower(), *(v.upper() for v in value)])
        up = up.upper()
        if play.lower() not in _PLAYS:
            raise IndicesError(f"{where}: play {play!r}; allowed: {', '.join(_PLAYS)}")
        direction = next((op for op in (">=", "<=", ">", "<") if condition.startswith(op)), None)
        if direction is None:
            raise IndicesError(f"{where}: condition {condition!r}; allowed: >=, >, <= or < and a true count, e.g. >= 0")
        try:
            threshold = parse_number(
                condition[len(direction) :].strip(), "true count", minimum=-_MAX_TC, maximum=_MAX_TC
            )
        except InputError as exc:
            raise IndicesError(f"{where}: {exc}") from None
        plays.append(IndexPlay(hand, up, play.lower(), threshold, direction))
    if not plays:
        raise IndicesError(f"{name}: no index play in it (allowed: lines hand, up-card, play, condition)")
    return IndexSet(name, tuple(plays))


def _read(path: str) -> str:
    try:
        check_input(path, "indices")  # the one message every command gives a path it cannot read
    except InputPathError as exc:
        raise IndicesError(str(exc)) from None
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(_MAX_BYTES + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise IndicesError(f"indices {path}: cannot read the file ({exc.__class__.__name__})") from None
    if len(text) > _MAX_BYTES:
        raise IndicesError(f"indices {path}: the file is over 64 KiB (allowed: a few hundred index plays)")
    return text


def index_set(
    text: str,
    game: str,
    version: str,
    rules: dict[str, str],
    pay: dict[str, str],
    custom: bool,
    count: CountSystem | None,
    pack: int,
    progress=None,
) -> IndexSet | None:
    """`--indices`: none, a built-in set, the indices `measures` derives, or a file of index plays.

    A built-in set is one of BUILT_IN; plays the rule set has no room for are left out, with why. The derived
    indices are for the rules and `count` (`derived_set`). A file goes through `parse_indices`; a play the rule
    set has no room for is refused with its line."""
    choice = text.strip()
    if choice.lower() == "none":
        return None
    if game != "blackjack":
        raise IndicesError(f"indices {choice}: index plays are blackjack's (allowed for {game}: none)")
    if count is None:
        raise IndicesError(f"indices {choice}: index plays are by the true count; give a count with them")
    built = BUILT_IN.get(choice.lower())
    if choice.lower() == DERIVED:
        built = derived_set(game, version, rules, pay, custom, count, pack, progress)
        if not built.plays:
            why = built.left_out[0][1] if built.left_out else "no decision to index"
            raise IndicesError(f"indices derived: no index for the count {count.name} ({why}); allowed: none, a file")
    if built is not None:
        refused = _refusals(built, game, version, rules, custom)
        return replace(
            built,
            plays=tuple(p for p, why in zip(built.plays, refused) if not why),
            left_out=built.left_out + tuple((p.text(), why) for p, why in zip(built.plays, refused) if why),
        )
    text = _read(choice)
    found = parse_indices(text, f"indices {choice}")
    lines = [n for n, raw in enumerate(text.splitlines(), 1) if raw.split("#")[0].strip()]
    bad = next(((n, why) for n, why in zip(lines, _refusals(found, game, version, rules, custom)) if why), None)
    if bad is not None:
        raise IndicesError(f"indices {choice} line {bad[0]}: {bad[1]}")
    return replace(found, name=f"the index plays of {Path(choice).name}")


def derived_set(
    game: str,
    version: str,
    rules: dict[str, str],
    pay: dict[str, str],
    custom: bool,
    count: CountSystem,
    pack: int,
    progress=None,
) -> IndexSet:
    """The index numbers `measures` derives for the Illustrious 18's decisions under the rules and `count`.

    They come from `indices.indices`, exact. The count's play goes on the side of the index where the linear
    estimate of its gain is positive, the other play on the other side. (Insurance: insure, else decline as basic
    strategy does.)"""
    rows = indices(decision_shoes(game, version, rules, pay, custom, progress=progress), count.weights, pack)
    plays: list[IndexPlay] = []
    left: list[tuple[str, str]] = []
    for r in rows:
        hand, _, up = r.group.rpartition(" v ")
        if r.index is None or r.per_true_count is None:
            left.append((f"{r.group}: {r.play}", f"{r.group}: {r.why}"))
            continue
        other = r.other if r.other in _PLAYS else None  # insurance declined: the basic strategy's play
        plays.append(IndexPlay(hand, up, r.play, r.index, ">=" if r.per_true_count > 0 else "<=", other))
    return IndexSet(f"the indices derived for {count.name}", tuple(plays), tuple(left))


def _refusals(found: IndexSet, game: str, version: str, rules: dict[str, str], custom: bool) -> tuple[str, ...]:
    return api.deviation_refusals(game, version, tuple((p.hand, p.up, p.play) for p in found.plays), rules, custom)
