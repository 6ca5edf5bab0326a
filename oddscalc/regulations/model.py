"""Wagers as the law permits them: odds as written, exact payout, citation, and reconstruction source."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from oddscalc.core.errors import InputError
from oddscalc.core.numbers import parse_number, shorten
from oddscalc.core.odds import Odds, amount_text, law_style, parse_odds

__all__ = ["OverrideError", "Payout", "Wager", "apply_overrides", "join_citations", "payout", "wager"]


class OverrideError(InputError):
    """A pay override that names no wager or payout of the game, or whose odds cannot be read.

    Examples:
        Odds are written "A to B" or "A:B", so "lots" is refused, and roulette has no wager called "red":

        >>> import oddscalc
        >>> for pay in ({"straight": "lots"}, {"red": "1 to 1"}):
        ...     try:
        ...         oddscalc.wagers("roulette", version="1994", pay=pay)
        ...     except oddscalc.OverrideError as exc:
        ...         print(exc)
        pay 'straight': cannot read odds 'lots': write them as 'A to B' or 'A:B', e.g. '35 to 1', '9½ to 5', '45:1'
        pay 'red': no wager 'red'; allowed: straight, split, street, corner, six-line, dozen, even-chance, two-dozens
    """


@dataclass(frozen=True)
class Payout:
    """One paying result of a wager: `odds` (value = multiple of the stake won) under `citation`.

    `reconstructed` names the source when the figure is not in a clean legal text (the gaps list).
    `custom` marks a figure the user supplied in place of the law's, and `law` then keeps the law's odds; the
    law's own value given again is not custom. `unit` is "stake" for odds, or another base (such as "meter" for
    a progressive jackpot share). `title` names the result for people where the key does not say it (the field's
    "12" is "total 12").
    """

    key: str
    odds: Odds
    citation: str
    reconstructed: str | None = None
    custom: bool = False
    unit: str = "stake"
    law: Odds | None = None
    title: str = ""

    @property
    def value(self) -> Fraction:
        """The exact multiple of the stake won (of the `unit`, for a share of another base).

        >>> payout("win", "19 to 20", "SI 1994/2899 reg 6(7)(i)").value
        Fraction(19, 20)
        """
        return self.odds.value

    @property
    def label(self) -> str:
        """The odds for people: `50 to 1`, or for a user's figure `45 to 1 (custom; law: 50 to 1)`.

        >>> payout("win", "9½ to 5", "SI 1994/2899 Sch 1 para 3(a)").label
        '9½ to 5'
        """
        if not self.custom:
            return self.odds.text
        return f"{self.odds.text} (custom" + (f"; law: {self.law.text})" if self.law else ")")

    @property
    def described(self) -> str:
        """The result it pays on and its odds, for one of several payouts of a wager.

        >>> payout("12", "3 to 1", "SI 1994/2899 Sch 1 para 7(a)", title="total 12").described
        'total 12: 3 to 1'
        """
        return f"{self.title or self.key}: {self.label}"


@dataclass(frozen=True)
class Wager:
    """A permitted wager of a game in one regulation version: its key, the law's words, payouts and citation.

    `params` carries the facts the game needs to compute it (which numbers, which point), as the law
    states them; the game module reads them, the regulation data sets them.

    Examples:
        The 1994 regulations pay 35 to 1 on a single number (reg 4(5)(a)), so a winning unit stake wins 35:

        >>> import oddscalc
        >>> straight = oddscalc.wagers("roulette", version="1994")[0]
        >>> straight.key, straight.payouts[0].odds.text, straight.pay(), straight.citation
        ('straight', '35 to 1', Fraction(35, 1), 'SI 1994/2899 reg 4(5)(a)')
    """

    game: str
    key: str
    title: str
    law: str
    citation: str
    payouts: tuple[Payout, ...]
    params: tuple[tuple[str, object], ...] = ()
    reconstructed: str | None = None

    def pay(self, key: str = "win") -> Fraction:
        """The exact payout (times stake) of the payout named `key`.

        >>> field = wager("dice", "field", "Field", "2, 3, 4, 9, 10, 11 or 12", "SI 1994/2899 Sch 1 para 7",
        ...               {"12": "3 to 1", "2": "2 to 1", "other": "1 to 1"})
        >>> field.pay("12"), field.pay("other")
        (Fraction(3, 1), Fraction(1, 1))
        """
        for p in self.payouts:
            if p.key == key:
                return p.value
        raise KeyError(f"{self.game} {self.key} has no payout {key!r}")

    def param(self, name: str, default: object = None) -> object:
        """The fact `name` the law states for the game module (`default` when it states none).

        >>> hard_4 = wager("dice", "hard-4", "Hard 4", "4 as a double", "SI 1994/2899 Sch 1 para 5(a)",
        ...                "7½ to 1", params={"kind": "hard", "point": 4})
        >>> hard_4.param("point"), hard_4.param("side", "do")
        (4, 'do')
        """
        return dict(self.params).get(name, default)

    @property
    def custom(self) -> bool:
        """Whether any payout is a user's figure in place of the law's (`apply_overrides`).

        >>> law = (wager("roulette", "straight", "One number", "one number", "SI 1994/2899 reg 4(5)(a)", "35 to 1"),)
        >>> law[0].custom, apply_overrides(law, {"straight": "30:1"})[0].custom
        (False, True)
        """
        return any(p.custom for p in self.payouts)

    @property
    def reconstructions(self) -> tuple[str, ...]:
        """Every reconstruction source this wager's figures depend on, in order, without repeats.

        >>> craps = wager("dice", "craps", "Craps", "2, 3 or 12", "SI 1994/2899 Sch 1 para 6", "7 to 1",
        ...               payout_reconstructed={"win": "Sch 1 para 6 reads '7(r) to 1'"})
        >>> craps.reconstructions
        ("Sch 1 para 6 reads '7(r) to 1'",)
        """
        found = [self.reconstructed] + [p.reconstructed for p in self.payouts]
        return tuple(dict.fromkeys(s for s in found if s))

    @property
    def citations(self) -> str:
        """The wager's citation followed by any distinct payout citations, those of one instrument's inserted
        paragraphs in one reference (see `join_citations`).

        >>> wager("punto-banco", "player", "Player", "the opposing hand wins", "SI 1994/2899 reg 6(3)", "1 to 1",
        ...       payout_citations={"win": "SI 1994/2899 reg 6(4)(a)"}).citations
        'SI 1994/2899 reg 6(3), 6(4)(a)'
        """
        extra = [p.citation for p in self.payouts if p.citation != self.citation]
        return join_citations(dict.fromkeys([self.citation, *extra]))


_PARAGRAPHS = re.compile(r"^(SI \d{4}/\d+ reg )(\d[^;'S]*?)((?: \(inserted by (?:[^()]|\([^()]*\))*\))?)$")
_INSERTED = r"(?: \(inserted by (?:[^()]|\([^()]*\))*\))?"
#: A Schedule's paragraph: "SI 1994/2899 Sch 1 para 7(a)" -> ("SI 1994/2899 Sch 1 para ", "7(a)").
_SCHEDULE_PARAGRAPHS = re.compile(rf"^(SI \d{{4}}/\d+ Sch \d+{_INSERTED} para )(\d[^;]*)$")
#: A heading of an inserted Schedule or an item under it: "SI 1994/2899 Sch 4 (inserted by SI 2002/1130) 'Single
#: number' (a)" -> ("SI 1994/2899 Sch 4 (inserted by SI 2002/1130) 'Single number'", " (a)"), the item "" for the
#: heading itself.
_SCHEDULE_ITEMS = re.compile(rf"^(SI \d{{4}}/\d+ Sch \d+{_INSERTED} '[^']+')((?: \([a-z]+\))?)$")
#: A document cited by its title and one of its own headings: 'Blackjack Rules UK (basic game), "Insurance"' ->
#: ('Blackjack Rules UK (basic game), ', '"Insurance"').
_HEADINGS = re.compile(r'^([^";]+, )("[^"]+")$')


def _parts(text: str) -> tuple[str, str, str] | None:
    """(head, paragraph, tail) of a citation of paragraphs or items; None for one of another form."""
    for pattern in (_PARAGRAPHS, _SCHEDULE_PARAGRAPHS, _SCHEDULE_ITEMS, _HEADINGS):
        m = pattern.match(text)
        if m:
            return m.group(1), m.group(2), m.group(3) if pattern is _PARAGRAPHS else ""
    return None


def _joined(head: str, bodies: list[str], tail: str) -> str:
    """One citation of several paragraphs (or items) under one head: `reg 7(5), 7(6)(b)`, `'Single number', (a)`."""
    rest = [b if not b or b.startswith(" ") else f" {b}" for b in bodies[1:]]
    return head + ",".join(bodies[:1] + rest) + tail


def join_citations(citations: Iterable[str]) -> str:
    """Citations joined by "; ", where neighbours citing paragraphs of one instrument's regulations (inserted
    by the same amendment, if any), or paragraphs or items of one of its Schedules, share a single "SI ... reg"
    (or "SI ... Sch N para", "SI ... Sch N 'Heading'") and "(inserted by ...)", and headings of one document its
    title: a lab reads eight paragraphs, not eight repeats. A citation of another form (a whole Schedule) stands
    alone.

    >>> join_citations(["SI 1994/2899 reg 12(8)(a) (inserted by SI 2002/1130)",
    ...                 "SI 1994/2899 reg 12(8)(b) (inserted by SI 2002/1130)", "SI 1994/2899 reg 7(5)",
    ...                 "SI 1994/2899 reg 7(6)(b)", "SI 1994/2899 Sch 3"])
    'SI 1994/2899 reg 12(8)(a), 12(8)(b) (inserted by SI 2002/1130); SI 1994/2899 reg 7(5), 7(6)(b); SI 1994/2899 Sch 3'
    >>> join_citations(["SI 1994/2899 Sch 1 para 7", "SI 1994/2899 Sch 1 para 7(a)", "SI 1994/2899 Sch 2 para 1"])
    'SI 1994/2899 Sch 1 para 7, 7(a); SI 1994/2899 Sch 2 para 1'
    >>> sch4 = "SI 1994/2899 Sch 4 (inserted by SI 2002/1130) 'Single number'"
    >>> print(join_citations([sch4, f"{sch4} (a)", f"{sch4} (b)"]))
    SI 1994/2899 Sch 4 (inserted by SI 2002/1130) 'Single number', (a), (b)
    >>> print(join_citations([f"{sch4} (b)", f"{sch4} (c)"]))
    SI 1994/2899 Sch 4 (inserted by SI 2002/1130) 'Single number' (b), (c)
    >>> print(join_citations(['Rules (basic game), "Doubling"', 'Rules (basic game), "Insurance"']))
    Rules (basic game), "Doubling", "Insurance"
    """
    groups: list[tuple[str, list[str], str]] = []  # (head, paragraphs, tail); another form: (text, [], "")
    for text in citations:
        parts = _parts(text)
        head, body, tail = parts or (text, "", "")
        if parts and groups and groups[-1][1] and groups[-1][0] == head and groups[-1][2] == tail:
            groups[-1][1].append(body)
        else:
            groups.append((head, [body] if parts else [], tail))
    return "; ".join(_joined(head, bodies, tail) for head, bodies, tail in groups)


def payout(
    key: str, odds: str, citation: str, reconstructed: str | None = None, unit: str = "stake", title: str = ""
) -> Payout:
    """A payout from its odds text as written in the law: odds of the stake, or a share of another `unit`.

    >>> payout("win", "19 to 20", "SI 1994/2899 reg 6(7)(i)").value
    Fraction(19, 20)
    >>> levy = payout("levy", "5%", "SI 1994/2899 reg 10(1)", unit="banker's net winnings")
    >>> levy.value, levy.unit
    (Fraction(1, 20), "banker's net winnings")
    """
    return Payout(
        key,
        parse_odds(odds) if unit == "stake" else Odds(odds, _share(odds)),
        citation,
        reconstructed,
        unit=unit,
        title=title,
    )


def _share(text: str) -> Fraction:
    """`10%` -> 1/10: a share of a base other than the stake (read by the bounded number reader)."""
    value = parse_number(text, "share", percent=True, minimum=0, max_digits=30)
    return value if "%" in text else value / 100


def _share_odds(text: str) -> Odds:
    """A user's share in the law's wording: `10` or `10 %` -> `10%`."""
    value = _share(text)
    return Odds(f"{amount_text(value * 100)}%", value)


def wager(
    game: str,
    key: str,
    title: str,
    law: str,
    citation: str,
    odds: str | Mapping[str, str],
    reconstructed: str | None = None,
    params: Mapping[str, object] | None = None,
    payout_citations: Mapping[str, str] | None = None,
    payout_reconstructed: Mapping[str, str] | None = None,
    payout_titles: Mapping[str, str] | None = None,
) -> Wager:
    """A wager with one payout (odds given as a string) or several (a mapping key -> odds), each payout's
    citation, reconstruction source and title (`payout_titles`) where they are its own.

    >>> straight = wager("roulette", "straight", "One specific number", "the score will be one specific number",
    ...                  "SI 1994/2899 reg 4(5)(a)", "35 to 1", params={"numbers": 1})
    >>> straight.pay(), straight.param("numbers"), [p.key for p in straight.payouts]
    (Fraction(35, 1), 1, ['win'])
    """
    table = {"win": odds} if isinstance(odds, str) else dict(odds)
    cites = payout_citations or {}
    recon = payout_reconstructed or {}
    titles = payout_titles or {}
    payouts = tuple(
        payout(k, v, cites.get(k, citation), recon.get(k), title=titles.get(k, "")) for k, v in table.items()
    )
    return Wager(game, key, title, law, citation, payouts, tuple((params or {}).items()), reconstructed)


def apply_overrides(wagers: tuple[Wager, ...], overrides: Mapping[str, str]) -> tuple[Wager, ...]:
    """Replace payouts named `WAGER` (its only payout) or `WAGER.PAYOUT` with user odds, marked custom; the
    law's own figure, however written, stays the law's.

    >>> law = (wager("big-six", "A", "Symbol A", "the selector settles on A", "SI 1994/2899 reg 11(5)(a)", "50 to 1"),)
    >>> (house,) = apply_overrides(law, {"A": "45:1"})
    >>> house.payouts[0].label, house.pay(), house.custom
    ('45 to 1 (custom; law: 50 to 1)', Fraction(45, 1), True)
    >>> apply_overrides(law, {"A": "50 to 1"})[0].custom
    False
    """
    by_key = {w.key.lower(): w for w in wagers}
    changed: dict[str, dict[str, Payout]] = {}
    for name, text in overrides.items():
        wager_key, _, payout_key = name.partition(".")
        w = by_key.get(wager_key.lower())
        if w is None:
            raise OverrideError(
                f"pay {shorten(name, 40)}: no wager {shorten(wager_key, 30)}; "
                f"allowed: {', '.join(x.key for x in wagers)}"
            )
        keys = [p.key for p in w.payouts]
        if not payout_key:
            if len(keys) != 1:
                raise OverrideError(
                    f"pay {shorten(name, 40)}: wager {w.key!r} has several payouts; name one: "
                    + ", ".join(f"{w.key}.{k}" for k in keys)
                )
            payout_key = keys[0]
        if payout_key not in keys:
            raise OverrideError(
                f"pay {shorten(name, 40)}: wager {w.key!r} has no payout {shorten(payout_key, 30)}; "
                f"allowed: {', '.join(keys)}"
            )
        old = next(p for p in w.payouts if p.key == payout_key)
        try:
            odds = law_style(text) if old.unit == "stake" else _share_odds(text)
        except ValueError as exc:
            raise OverrideError(f"pay {shorten(name, 40)}: {exc}") from None
        if odds.value == old.value:  # the law's own figure, however written: not custom
            continue
        changed.setdefault(w.key, {})[payout_key] = replace(
            old, odds=odds, custom=True, reconstructed=None, law=old.odds
        )
    return tuple(replace(w, payouts=tuple(changed.get(w.key, {}).get(p.key, p) for p in w.payouts)) for w in wagers)
