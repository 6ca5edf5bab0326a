"""A player holding the Super Pan 9 bank, as the tables report it.

First come the rule options that describe the table (how many hands, the House's wager, how the bank plays and
what it sees, the shoe model). Then the two wagers' results. Then the extras: 2 to 7 hands side by side, the
bank's fourth-card choices, the House's wager, and the check that the hands' own play is a best reply. Every figure
comes from `player_bank.evaluate`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from oddscalc.core.distribution import Distribution, render_decimal
from oddscalc.core.numbers import parse_number, parse_whole
from oddscalc.core.odds import amount_text
from oddscalc.core.progress import Progress
from oddscalc.games.super_pan_9.bank_law import Info
from oddscalc.games.super_pan_9.bank_models import AUTO, FINITE, INFINITE, MODELS, law_for
from oddscalc.games.super_pan_9.engine import DRAW, STAND
from oddscalc.games.super_pan_9.finite_bank import MAX_HANDS
from oddscalc.games.super_pan_9.infinite_bank import opposing_values
from oddscalc.games.super_pan_9.player_bank import (
    BEST,
    HOUSE_PLAY,
    OWN,
    SEES_DRAWS,
    SEES_OWN,
    SHARED,
    BankResult,
    Table,
    evaluate,
)
from oddscalc.regulations.model import Wager
from oddscalc.wager_results import Extra, RuleOption, WagerResult, edges_for

__all__ = [
    "BANK_RULES",
    "TABLE_HANDS",
    "BankRules",
    "bank_assumptions",
    "bank_extras",
    "bank_rules",
    "bank_wagers",
    "figures",
    "model_assumption",
]

#: The numbers of opposing hands the tables show side by side.
TABLE_HANDS = tuple(range(2, 8))

#: One table of the 2-7 hands comparison: (opposing hands, shoe model, how the bank plays, its figures).
_Row = tuple[int, str, str, BankResult]

BANK_RULES = (
    RuleOption(
        "hands",
        "opposing hands against a player's bank, one unit staked on each (reg 9(5): with one "
        "opposing player the House holds the bank, so 1 is a custom rule set)",
        tuple(str(n) for n in range(1, 8)),
        "2",
    ),
    RuleOption(
        "bank-play",
        "the player-banker's fourth card (reg 9(2)(h), his discretion): 'best' (his exact best "
        "choice after the levy) or 'house-rule' (draw on 0-5 as the House must, reg 9(2)(g))",
        (BEST, HOUSE_PLAY),
        BEST,
    ),
    RuleOption(
        "bank-sees",
        "what the player-banker knows when he decides: 'draws' (his three cards and which hands "
        "took a fourth card: he acts last and the hands are disclosed only at the end, reg "
        "9(8),(10)) or 'own-cards' (his three cards alone)",
        (SEES_DRAWS, SEES_OWN),
        SEES_DRAWS,
    ),
    RuleOption(
        "house-wager",
        "the House's wager of reg 9(11) when the others' stakes fall short of the bank's, in "
        "units of one opposing stake (a number >= 0; 0: none)",
        (),
        "0",
    ),
    RuleOption(
        "house-hand",
        "where the House's reg 9(11) wager rides: 'own' (a hand of its own, dealt and played "
        "like the others) or 'shared' (on an opposing hand)",
        (OWN, SHARED),
        OWN,
    ),
    RuleOption(
        "model",
        f"the shoe model of every wager: 'auto' (the finite shoe exactly up to {MAX_HANDS} hands dealt "
        "against the bank, so always against the House's bank; the infinite shoe beyond), 'finite' or "
        "'infinite' (the House's bank and a player's alike)",
        MODELS,
        AUTO,
    ),
)


@dataclass(frozen=True)
class BankRules:
    """The table a player's bank faces and how he plays, read from the rule options."""

    hands: int
    play: str
    sees: str
    house: Fraction
    house_hand: str
    model: str

    def table(self, pays: Fraction) -> Table:
        return Table(self.hands, self.house, self.house_hand, pays)


def bank_rules(rules: Mapping[str, str]) -> BankRules:
    """The bank's options from the rule set (choices are checked by `resolve_rules`; the numbers here)."""
    hands = parse_whole(rules.get("hands", "2"), "rule hands", minimum=1, maximum=7)
    house = parse_number(rules.get("house-wager", "0"), "rule house-wager", minimum=0)
    return BankRules(
        hands,
        rules.get("bank-play", BEST),
        rules.get("bank-sees", SEES_DRAWS),
        house,
        rules.get("house-hand", OWN),
        rules.get("model", AUTO),
    )


def figures(
    counts: tuple[int, ...],
    strategy: Mapping[tuple[int, int, int], str],
    table: Table,
    levy: Fraction,
    play: str = BEST,
    sees: str = SEES_DRAWS,
    model: str = AUTO,
    cache: bool = True,
    progress: Progress | None = None,
) -> BankResult:
    """The bank's exact figures for one table (the law behind them memoised in the process by `laws`)."""
    return evaluate(law_for(counts, strategy, table.hands, model, progress, cache), table, levy, play, sees)


def _pct(value: Fraction) -> str:
    return render_decimal(value * 100, 4) + "%"


def _levy(rate: Fraction) -> str:
    """The levy rate as the pay writes it: 1/20 -> '5%'."""
    return amount_text(rate * 100) + "%"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _levy_rule(rate: Fraction, charged_on: str, citation: str) -> str:
    """The levy at `rate` in words, `charged_on` what it is a share of; at 0% that none is charged (the House
    "may" charge it, reg 10(1))."""
    if not rate:
        return "no levy is charged (levy 0%, a custom pay; reg 10(1) lets the House charge one, it need not)"
    return f"the levy is {_levy(rate)} {charged_on} ({citation})"


def _label(r: BankResult) -> str:
    t = r.table
    house = ""
    if t.house:
        house = f", the House wagering {t.house} on {'a hand of its own' if t.own_hand else 'an opposing hand'}"
    return (
        f"{t.opposing} opposing hands of one unit{house}; the bank playing "
        f"{'its best response' if r.play == BEST else 'the House rule'}, seeing "
        f"{'which hands drew' if r.sees == SEES_DRAWS else 'its own cards only'}; {r.model}"
    )


def bank_wagers(initial: Wager | None, banker: Wager | None, r: BankResult) -> list[WagerResult]:
    """The opposing hand's initial wager against a player's bank, and the player-banker's side of it."""
    out = []
    label = _label(r)
    if initial is not None:
        win, tie, lose = r.ordinary
        dist = Distribution.from_weights([(initial.pay(), win), (0, tie), (-1, lose)])
        events = (("the opposing hand wins", win), ("equal points (void)", tie), ("the bank wins", lose))
        out.append(
            WagerResult(
                initial,
                dist,
                edges_for(dist),
                events,
                (
                    f"an opposing hand without the House's wager: {label}",
                    "the opposing hands draw on the exact best decision at these odds against the House's rule "
                    "(on the full shoe: draw on 0-5)",
                ),
            )
        )
    if banker is not None:
        dist = Distribution.from_weights(r.net.items())
        staked = r.table.staked
        positive, zero, negative = r.sign  # his net before the levy: the three add to 1 whatever the pay
        events = (
            ("the bank's net is positive " + ("(levy charged)" if r.levy_rate else "(no levy at 0%)"), positive),
            ("the bank's net is zero", zero),
            ("the bank's net is negative", negative),
        )
        less = (
            f"less the levy of {_levy(r.levy_rate)} of any excess of losing over winning wagers (reg 10(1))"
            if r.levy_rate
            else "with no levy (levy 0%, a custom pay)"
        )
        notes = (
            f"returns are the player-banker's per unit wagered against him ({staked} units): his net over the "
            f"round {less}; the edge shown is his expected loss; {label}",
            f"per unit wagered against him: before the levy {_pct(r.per_unit(r.before))} "
            f"({r.per_unit(r.before)}), expected levy {_pct(r.per_unit(r.levy))} ({r.per_unit(r.levy)}), after "
            f"the levy {_pct(r.per_unit(r.after))}",
            f"each opposing hand's expectation per unit: {_pct(r.opposing_ev)} ({r.opposing_ev})",
        )
        out.append(WagerResult(banker, dist, edges_for(dist), events, notes))
    return out


def _rows_by_hands(
    counts: tuple[int, ...],
    strategy: Mapping[tuple[int, int, int], str],
    pays: Fraction,
    levy: Fraction,
    rules: BankRules,
    progress: Progress | None,
) -> list[_Row]:
    rows = []
    for n in TABLE_HANDS:
        for model in ([FINITE] if n <= MAX_HANDS else []) + [INFINITE]:
            for play in (BEST, HOUSE_PLAY):
                r = figures(counts, strategy, Table(n, pays=pays), levy, play, rules.sees, model, True, progress)
                rows.append((n, model, play, r))
    return rows


def _summary_extras(rows: Sequence[_Row], levy: Fraction) -> tuple[Extra, Extra]:
    summary = Extra(
        "Super Pan 9: a player holding the bank against 2 to 7 opposing hands (regs 9(4), 9(5), 10)",
        ("hands", "shoe", "bank plays", "bank before levy", "expected levy", "bank after levy", "each hand", "P(levy)"),
        tuple(
            (
                n,
                model,
                play,
                _pct(r.per_unit(r.before)),
                _pct(r.per_unit(r.levy)),
                _pct(r.per_unit(r.after)),
                _pct(r.opposing_ev),
                _pct(r.p_levy),
            )
            for n, model, play, r in rows
        ),
        "Per unit wagered against the bank (each opposing hand: per unit it stakes), one round. "
        + _sentence(
            _levy_rule(
                levy,
                "of the bank's net winnings over all the wagers settled against it, nothing when "
                "the net is not positive",
                "reg 10(1)",
            )
        )
        + ". 'best': the player-banker's exact best fourth-card choice after the levy for what he sees "
        "(reg 9(2)(h)); 'house-rule': draw on 0-5. The opposing hands draw on 0-5. Shoe 'finite': exact from the "
        f"finite shoe (reached up to {MAX_HANDS} hands); 'infinite': exact under the infinite-shoe model (cards "
        "drawn with replacement in the shoe's proportions); where both are shown the difference is what the "
        "model leaves out.",
    )
    quantities = (
        ("bank after the levy, per unit against it", lambda r: r.per_unit(r.after)),
        ("expected levy, per unit against it", lambda r: r.per_unit(r.levy)),
        ("each opposing hand, per unit", lambda r: r.opposing_ev),
    )
    exact = Extra(
        "Super Pan 9: a player's bank, exact figures with his best fourth-card choice",
        ("opposing hands", "shoe", "quantity", "exact"),
        tuple((n, model, name, get(r)) for n, model, play, r in rows if play == BEST for name, get in quantities),
        "The figures of the table above as fractions (the bank playing its best response).",
    )
    return summary, exact


def _choice_extra(r: BankResult) -> Extra:
    """The bank's decisions by its point and what it saw, merged over its holdings (finite shoe)."""
    cells: dict[tuple, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for seen, decision in r.decisions.items():
        cells[seen[2:]][seen[1]][decision == DRAW] += 1
    columns = sorted(cells)

    def heading(key: tuple) -> str:
        if not key:
            return "his decision"
        text = f"{key[0]} drew"
        if len(key) > 1:
            text += ", hand 0 " + ("drew" if key[1] else "stood")
        return text

    def cell(counts: list[int]) -> str:
        stood, drew = counts
        if not drew:
            return STAND
        if not stood:
            return DRAW
        return f"draw on {drew} of {stood + drew} holdings"

    points = sorted({p for column in cells.values() for p in column})
    rows = tuple((p, *(cell(cells[c][p]) if p in cells[c] else "" for c in columns)) for p in points)
    return Extra(
        f"Super Pan 9: the player-banker's fourth card (reg 9(2)(h)) against {r.table.hands} hands, by his point",
        ("bank's three-card point", *(heading(c) for c in columns)),
        rows,
        f"{_label(r)}. Columns: how many hands took a fourth card (and, where the House's wager makes hand 0 "
        "different, whether it did). Best after the levy for what he sees; on an exact tie, the House's rule.",
    )


def _house_extra(
    counts: tuple[int, ...],
    strategy: Mapping[tuple[int, int, int], str],
    pays: Fraction,
    levy: Fraction,
    rules: BankRules,
) -> Extra:
    tables = [Table(n, Fraction(1), OWN, pays) for n in range(2, 7)]
    tables += [Table(n, Fraction(1), SHARED, pays) for n in TABLE_HANDS]
    if rules.house:
        tables.insert(0, rules.table(pays))
    rows = []
    for t in tables:
        model = FINITE if t.hands <= MAX_HANDS else INFINITE
        r = figures(counts, strategy, t, levy, rules.play, rules.sees, model)
        rows.append(
            (
                t.opposing,
                t.house,
                "its own hand" if t.own_hand else "an opposing hand",
                model,
                _pct(r.per_unit(r.after)),
                _pct(r.levy),
                _pct(r.zero_ev),
                _pct(r.house_takes),
                _pct(r.opposing_ev),
            )
        )
    return Extra(
        "Super Pan 9: the House's wager when the others' stakes fall short of the bank's (reg 9(11))",
        (
            "opposing hands",
            "House's wager",
            "on",
            "shoe",
            "bank after the levy, per unit against it",
            "expected levy per round",
            "House's wager, per unit of it",
            "House's takings per round",
            "each other opposing hand",
        ),
        tuple(rows),
        "Money per round in units of one opposing stake unless stated. The House's wager counts among the wagers "
        "against the bank, so the levy is on the net including it. On its own hand the House's hand is dealt and "
        "played like the others (draw on 0-5); on an opposing hand it shares that hand's fate. The bank plays as "
        f"the rules say ({'its best response' if rules.play == BEST else 'the House rule'}).",
    )


def _reply_extra(
    counts: tuple[int, ...],
    strategy: Mapping[tuple[int, int, int], str],
    pays: Fraction,
    levy: Fraction,
    rules: BankRules,
) -> Extra | None:
    table = rules.table(pays)
    if table.hands < 2 or pays != 1:
        return None
    r = figures(counts, strategy, table, levy, rules.play, rules.sees, INFINITE, False)
    length = len(next(iter(r.decisions)))  # what the bank tells apart is a prefix of the information set

    def decide(info: Info) -> str:
        return r.decisions[info[:length]]

    rule: dict[int, set[str]] = {}
    for h, d in strategy.items():
        rule.setdefault(sum(h) % 10, set()).add(d)
    values = opposing_values(counts, strategy, table.hands, decide)
    rows, deviations = [], []
    for p, (stand, draw) in values.items():
        best = DRAW if draw > stand else STAND
        played = " or ".join(sorted(rule.get(p, {"-"})))
        rows.append((p, stand, draw, played, best))
        if played != best:
            deviations.append(p)
    verdict = (
        "On every point the hands' play is the better choice: with the bank's best response it is an "
        "equilibrium of the infinite-shoe game (no hand gains by changing alone, and the bank's reply is "
        "best)."
        if not deviations and rules.play == BEST
        else "The hands' play is the better choice on every point."
        if not deviations
        else f"The hands would do better otherwise on points {', '.join(map(str, deviations))}."
    )
    return Extra(
        f"Super Pan 9: is each opposing hand's play a best reply to the bank? ({table.hands} hands, infinite shoe)",
        ("hand's three-card point", "expectation if it stands", "if it draws", "the hands' play", "best reply"),
        tuple(rows),
        f"One opposing hand (not hand 0) choosing alone against the bank's decisions ({_label(r)}); the others "
        f"keep drawing on 0-5. {verdict}",
    )


def bank_extras(
    counts: tuple[int, ...],
    strategy: Mapping[tuple[int, int, int], str],
    pays: Fraction,
    levy: Fraction,
    rules: BankRules,
    full_shoe: bool,
    chosen: BankResult,
    progress: Progress | None = None,
) -> tuple[Extra, ...]:
    """The player-bank extras: on a full shoe 2-7 hands side by side, the House's wager and the best-reply check;
    on a depleted shoe (a composition query, where speed matters) the bank's choices for the rule's table only."""
    if not full_shoe:
        return (_choice_extra(chosen),)
    rows = _rows_by_hands(counts, strategy, pays, levy, rules, progress)
    out = [*_summary_extras(rows, levy), _choice_extra(chosen), _house_extra(counts, strategy, pays, levy, rules)]
    reply = _reply_extra(counts, strategy, pays, levy, rules)
    if reply is not None:
        out.append(reply)
    return tuple(out)


def bank_assumptions(r: BankResult, rules: BankRules, plays_model: str) -> list[str]:
    """What the player-bank figures assume, every default named; `plays_model` is the shoe model the opposing
    hands' one-hand decisions were solved in."""
    t = r.table
    return [
        f"a player holding the bank (reg 9(4)) faces {t.opposing} opposing hands of one unit each (rule hands, "
        "default 2: reg 9(5) gives the House the bank when only one opposing player wagers); the tables also show "
        "2 to 7 hands",
        _levy_rule(
            r.levy_rate,
            "of the bank's net winnings over all the wagers settled against it in the round, "
            "nothing when that net is not positive",
            "reg 10(1): 'any excess of losing wagers over winning wagers'",
        ),
        f"the player-banker's fourth card (reg 9(2)(h)): rule bank-play={rules.play} (default best: his exact best "
        "choice after the levy; on an exact tie the House's rule; 'house-rule': draw on 0-5), knowing rule "
        f"bank-sees={rules.sees} (default draws: his three cards and which hands took a fourth card, as he acts "
        "last and the hands are disclosed only at the end, reg 9(8),(10); 'own-cards': his three cards alone)",
        "the opposing hands each decide on their own three cards by the exact best one-hand decision at 1 to 1 "
        f"against the House's rule ({plays_model}; on the full shoe: draw on 0-5), not re-optimised against the bank; "
        "a table checks that this is each hand's best reply (infinite shoe)",
        f"the House's wager of reg 9(11): rule house-wager={t.house} (default 0) on rule house-hand={rules.house_hand}"
        " (default own: a hand of its own, played like the others; 'shared': on an opposing hand); it counts "
        "among the wagers the levy is reckoned on",
    ]


def model_assumption(rule: str, used: Mapping[str, str]) -> str:
    """The rule `model` and the shoe model each group of wagers was computed under (`used`: group -> model), one
    model named for all only where they all used it."""
    models = set(used.values())
    found = (
        "these figures: " + models.pop()
        if len(models) == 1
        else "; ".join(f"{group}: {model}" for group, model in used.items())
    )
    return (
        f"shoe model: rule model={rule} (default auto: the finite shoe exactly up to {MAX_HANDS} hands dealt, the "
        f"infinite shoe, exact under that model, beyond); {found}"
    )
