"""The blackjack judge (SI 1994/2899 reg 7 as amended in 2002; the 2007 industry rules).

Every decision is checked against the rule set, and so is the banker's drawing rule. Every hand is settled again,
and the shoe is checked.

A round: {"shoe": 1, "banker": ["7", "10"], "hand": HAND, "wagers": [{"on": "initial", "stake": "10",
"net": "..."}, ...]}. HAND is {"cards": [...], "actions": ["hit", "stand"], "stake": "10", "net": "-10"}.
A split hand is {"cards": [pair card, pair card], "actions": ["split"], "split": [HAND, HAND]}, each child
starting with its pair card (a child that is split again nests the same way). Actions are "hit", "stand",
"double" and "split", in the order taken. A hand that ends by rule (bust, 21, a double's one card, split Aces'
one card, a two-card 21) needs no "stand". A hand whose actions stop below 21 stood. The banker's cards are
in dealing order, up-card first (with a peeked hole card, the hole card second).

Dealing order (for the shoe-position tests): the player's first card, the up-card, the player's second card,
the hole card (peek only). Then come the player's hands in order of play (a split hand's second card when it is
played, its own split hands depth first), then the banker's other cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from oddscalc.verify.blackjack_peek import PeekWatch
from oddscalc.verify.blackjack_strategy import BlackjackStrategy
from oddscalc.verify.card_codes import BLACKJACK_VALUE, RANK_NAMES, RANK_OF, pack
from oddscalc.verify.cardgame import CardJudge
from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.findings import ILLEGAL, MISPAID, amount_text
from oddscalc.verify.reader import LogError, amount, check_keys, require, stake
from oddscalc.verify.shoe_integrity import Shoe

__all__ = ["ACTIONS", "BlackjackJudge", "Rules", "total"]

ACTIONS = ("hit", "stand", "double", "split")
_ROUND = frozenset({"shoe", "cut", "burn", "banker", "hand", "wagers", "order", "order_sha256", "reshuffle"})
_LEAF = frozenset({"cards", "actions", "stake", "net"})
_NODE = frozenset({"cards", "actions", "split"})
_SPLIT_VALUES = {
    "no-4-5-10": {1, 2, 3, 6, 7, 8, 9},
    "no-5-10": {1, 2, 3, 4, 6, 7, 8, 9},
    "no-10": set(range(1, 10)),
    "same-rank": set(range(1, 11)),
    "same-value": set(range(1, 11)),
}
_DOUBLES = {"9-11": frozenset({9, 10, 11}), "10-11": frozenset({10, 11}), "any": None}
_PAYS = {"3:2": Fraction(3, 2), "6:5": Fraction(6, 5), "2:1": Fraction(2), "1:1": Fraction(1)}
_R2007 = "Blackjack Rules UK (basic game)"


def total(codes: list[int], value=BLACKJACK_VALUE) -> tuple[int, bool]:
    """(score, soft): an Ace counts 11 where that keeps the score at 21 or less (reg 7(11)(a))."""
    hard = 0
    ace = False
    for c in codes:
        v = value[c]
        hard += v
        if v == 1:
            ace = True
    if ace and hard <= 11:
        return hard + 10, True
    return hard, False


@dataclass(frozen=True)
class Rules:
    """The house rules of a rule set, read from the rule option strings (written here from their wording)."""

    decks: int
    hit_soft17: bool
    peek: bool
    doubles: frozenset[int] | None
    das: bool
    split_values: frozenset[int]
    same_rank_tens: bool
    max_hands: int  # 0: no limit
    resplit_aces: bool
    blackjack_pays: Fraction
    text: dict

    @classmethod
    def of(cls, rules: dict[str, str], blackjack_pays: Fraction | None) -> Rules:
        mh = rules.get("max_hands", "4")
        return cls(
            int(rules.get("decks", "6")),
            rules.get("soft17", "stand") == "hit",
            rules.get("hole_card", "none") == "peek",
            _DOUBLES[rules.get("double", "9-11")],
            rules.get("das", "yes") == "yes",
            frozenset(_SPLIT_VALUES[rules.get("split", "no-4-5-10")]),
            rules.get("split", "no-4-5-10") == "same-rank",
            0 if mh == "max" else int(mh),
            rules.get("resplit_aces", "yes") == "yes",
            blackjack_pays if blackjack_pays is not None else _PAYS[rules.get("blackjack_pays", "3:2")],
            dict(rules),
        )

    def pair(self, a: int, b: int) -> bool:
        """Two cards (codes) a splittable pair under the rule set."""
        va, vb = BLACKJACK_VALUE[a], BLACKJACK_VALUE[b]
        if va != vb or va not in self.split_values:
            return False
        return not (va == 10 and self.same_rank_tens and RANK_OF[a] != RANK_OF[b])

    def may_double(self, score: int) -> bool:
        return self.doubles is None or score in self.doubles

    def banker_draws(self, score: int, soft: bool) -> bool:
        return score < 17 or (score == 17 and soft and self.hit_soft17)

    def limit(self, aces: bool) -> int:
        """Most hands one split may make (0: no limit)."""
        return 2 if aces and not self.resplit_aces else self.max_hands


def citations(version: str, wagers: dict) -> dict[str, str]:
    """The paragraph behind each rule the judge applies, per version (2007: the industry's rules)."""
    initial = wagers["initial"]
    law = {
        "win": payout_citation(initial, "win"),
        "blackjack": payout_citation(initial, "blackjack"),
        "insurance": payout_citation(wagers["insurance"]) if "insurance" in wagers else "",
    }
    if version == "2007":
        return {
            **law,
            "banker": f'{_R2007} ("The dealer is not permitted to draw further cards ... on a score of 17, but '
            'must do so on anything up to a score of 16")',
            "soft17": f'{_R2007} ("Soft 17")',
            "hole": f'{_R2007} ("Basic Outline Rules": the dealer\'s second card)',
            "two21": f'{_R2007} ("Basic Outline Rules": a two-card 21 is a Blackjack); SI 1994/2899 reg 7(1)(f)',
            "double": f'{_R2007} ("Doubling")',
            "split": f'{_R2007} ("Splitting Pairs")',
            "das": f'{_R2007} ("Splitting Pairs": each hand dealt with in turn)',
            "split21": f'{_R2007} ("Splitting Pairs": split Aces and a ten do not count as a Blackjack)',
            "banker_bj": f'{_R2007} ("Basic Outline Rules": a score of 21 achieved by three cards or splitting '
            "a pair would be beaten by a two card Blackjack)",
            "settle": law["win"],
            "shoe": f'{_R2007} ("Basic Outline Rules": four or six decks, or single deck)',
            "stake": f'{_R2007} ("Doubling", "Splitting Pairs": a wager equivalent to the original bet)',
            "asked": f'{_R2007} ("Basic Outline Rules": each player decides whether to receive further cards)',
        }
    soft17 = (
        "SI 1994/2899 reg 7(11)(aa) (inserted by SI 2002/1130 reg 2(4); reconstructed)"
        if version == "2002"
        else "SI 1994/2899 reg 7(1)(g), (11)(a)"
    )
    return {
        **law,
        "banker": "SI 1994/2899 reg 7(1)(g)",
        "soft17": soft17,
        "hole": "SI 1994/2899 reg 7(1)(d)",
        "two21": "SI 1994/2899 reg 7(1)(f)",
        "double": "SI 1994/2899 reg 7(8)",
        "split": "SI 1994/2899 reg 7(9)",
        "das": "SI 1994/2899 reg 7(9)(c)",
        "split21": "SI 1994/2899 reg 7(9)(a)",
        "banker_bj": "SI 1994/2899 reg 7(5)(c)",
        "settle": "SI 1994/2899 reg 7(5), (6)(b)",
        "shoe": "SI 1994/2899 reg 7(1)(b)",
        "stake": "SI 1994/2899 reg 7(8), (9)",
        "asked": "SI 1994/2899 reg 7(1)(e)",
    }


@dataclass
class Leaf:
    """A finished hand: its cards, how it ended, and the logged stake and net."""

    cards: list[int]
    doubled: bool
    split_child: bool
    stake: Any
    net: Any
    path: str


class BlackjackJudge(CardJudge):
    strategy_rules = ("strategy", "post_split")
    judged_rules = ("hole_card",)
    runs_name = "serial independence (runs of rounds the player wins, first round of each shoe)"
    random_law = (
        "a shuffled stack of cards: each card dealt equally likely to be any card left; rounds from fresh "
        "shuffles independent"
    )

    def __init__(self, ctx: Context) -> None:
        custom_bj = next((p.value for p in ctx.wagers["initial"].payouts if p.key == "blackjack" and p.custom), None)
        self.rules = Rules.of(ctx.rules, custom_bj)
        self.cite = citations(ctx.version, ctx.wagers)
        counts = pack("blackjack", self.rules.decks)
        super().__init__(
            ctx,
            Shoe(ctx.report, counts, self.rules.decks, self.cite["shoe"], f"{self.rules.decks} pack(s)"),
            self.cite["shoe"],
        )
        self._stakes: dict[str, Any] = {}  # initial stakes already read and checked
        declared_peek = ctx.declared.get("hole_card") == "peek"
        #: Whether the hole card is dealt second (the dealing order): the rule set's, or what the header declares.
        self.peek_order = self.rules.peek or declared_peek
        self.peeks = PeekWatch(ctx.report, ctx.version, declared_peek, self.cite["hole"])

    def use_strategy(self, name: str) -> None:
        self.strategy = BlackjackStrategy(self.ctx, self.rules, name)

    def finish(self, alpha: Fraction, randomness: bool) -> None:
        self.peeks.finish()
        super().finish(alpha, randomness)

    # -- reading -----------------------------------------------------------------------------------------------
    def _actions(self, node: dict, line: int, where: str) -> list[str]:
        acts = node.get("actions", [])
        if type(acts) is not list or any(a not in ACTIONS for a in acts):
            bad = acts if type(acts) is not list else next(a for a in acts if a not in ACTIONS)
            raise LogError(line, f"{where}: unknown action {bad!r}; actions are {', '.join(ACTIONS)}")
        return acts

    # -- one round ---------------------------------------------------------------------------------------------
    def __call__(self, line: int, rec: dict) -> None:
        if len(rec) != 4:
            check_keys(rec, _ROUND, line)
        rules, report, cite = self.rules, self.report, self.cite
        new = self._begin(line, rec)
        banker = self._cards(rec, "banker", line)
        if not banker:
            raise LogError(line, '"banker" must hold at least the up-card')
        root = require(rec, "hand", line)
        wagers = self._wagers(rec, line)
        initial = wagers.get("initial")
        if initial is None:
            raise LogError(line, 'a blackjack round needs its initial wager ({"on": "initial", ...})')
        S = initial[0]
        if self.strategy is not None:
            self.strategy.staked += S
        if type(root) is not dict:
            raise LogError(line, '"hand" must be an object {"cards": [...], "actions": [...], ...}')
        first = self._codes(require(root, "cards", line, "hand: "), line, "hand: cards")
        if len(first) < 2:
            raise LogError(line, "hand: the player's hand starts with two cards")
        up = banker[0]
        peek = rules.peek
        order = [first[0], up, first[1]]
        if self.peek_order and len(banker) >= 2:
            order.append(banker[1])
        banker_bj = len(banker) >= 2 and total(banker[:2])[0] == 21
        player_bj = "split" not in root and total(first[:2])[0] == 21
        leaves: list[Leaf] = []
        ended_early = False
        peeked = (
            banker_bj
            and not peek
            and not player_bj
            and len(first) == 2
            and "split" not in root
            and not self._actions(root, line, "hand")
        )
        if peek and len(banker) < 2:
            report.fault(
                ILLEGAL,
                line,
                rule="hole card",
                did="dealt no hole card under the peek rule",
                law="the banker takes a second card face down and looks at it before the players act",
                citation=cite["hole"],
            )
        if peek and banker_bj:
            ended_early = True
            leaf = self._leaf(root, first, line, "hand")
            if len(first) > 2 or self._actions(root, line, "hand") not in ([], ["stand"]):
                report.fault(
                    ILLEGAL,
                    line,
                    rule="banker's blackjack (peek)",
                    did="played the hand on after the banker's blackjack was seen",
                    law="with a peeked hole card the round ends on the banker's blackjack",
                    citation=cite["banker_bj"],
                )
            order += first[2:]
            leaves.append(leaf)
        elif peeked:  # the round ended on the banker's blackjack before the player decided: a peek
            ended_early = True
            leaf = self._leaf(root, first, line, "hand")
            names = ",".join(RANK_NAMES[RANK_OF[c]] for c in banker[:2])
            self.peeks.shown(
                line,
                f"ended the round on the banker's blackjack ({names}) with no decision on the player's "
                f"{total(first)[0]} ({','.join(RANK_NAMES[RANK_OF[c]] for c in first)}): a hole card looked at "
                "before the player decides",
            )
            self._stake(line, leaf, S, False)
            leaves.append(leaf)
        elif player_bj:
            ended_early = True
            leaf = self._leaf(root, first, line, "hand")
            acts = self._actions(root, line, "hand")
            if len(first) > 2 or any(a != "stand" for a in acts):
                report.fault(
                    ILLEGAL,
                    line,
                    rule="two-card 21",
                    did=f"played on ({', '.join(acts) or 'a card'}) after a two-card 21",
                    law="a player with 21 from two cards may take no further card",
                    citation=cite["two21"],
                )
            order += first[2:]
            leaves.append(leaf)
        else:
            self._play(root, first, None, line, "hand", order, leaves, up, S, [1])
        order.extend(banker[2:] if self.peek_order else banker[1:])
        self.shoe.deal(line, order)
        self._banker(line, banker, leaves, ended_early, player_bj)
        net_total = self._settle(line, leaves, banker, banker_bj, player_bj, S, initial)
        self._side(line, wagers, first, banker, player_bj, S)
        if new:
            self.runs.add(net_total > 0)

    def _wagers(self, rec: dict, line: int) -> dict[str, tuple]:
        ws = require(rec, "wagers", line)
        if type(ws) is list and len(ws) == 1:  # the common case: the initial wager alone
            w = ws[0]
            if type(w) is dict and len(w) == 3 and w.get("on") == "initial" and "net" in w:
                st = w.get("stake")
                if type(st) is str and st in self._stakes:
                    return {"initial": (self._stakes[st], amount(w.get("net"), line, "wager 1: net"))}
        out = self._wager_map(rec, line)
        if "initial" in out and len(ws) == 1 and type(ws[0]["stake"]) is str and len(self._stakes) < 10_000:
            self._stakes[ws[0]["stake"]] = out["initial"][0]
        return out

    def _leaf(self, node: dict, codes: list[int], line: int, where: str) -> Leaf:
        if len(node) != 4:
            check_keys(node, _LEAF, line, f"{where}: ")
        return Leaf(
            codes,
            False,
            where != "hand",
            stake(require(node, "stake", line, f"{where}: "), line, f"{where}: stake"),
            amount(require(node, "net", line, f"{where}: "), line, f"{where}: net"),
            where,
        )

    def _play(
        self,
        node: dict,
        codes: list[int],
        pair_from: int | None,
        line: int,
        where: str,
        order: list[int],
        leaves: list[Leaf],
        up: int,
        S,
        hands: list[int],
        seen: tuple[int, ...] = (),
    ) -> None:
        """Judge one hand's decisions.

        `pair_from`: the rank of the pair split to make it (None for the first hand). `hands` counts the hands
        made so far (a one-item list, shared). `seen`: the cards the earlier hands of the same split drew (CDP
        play reads them)."""
        rules, report, cite = self.rules, self.report, self.cite
        acts = self._actions(node, line, where)
        child = pair_from is not None
        aces = child and BLACKJACK_VALUE[codes[0]] == 1
        if child:
            order.append(codes[1])
        i, ended, doubled = 2, False, False
        split_node = "split" in node
        for a in acts:
            score, _soft = total(codes[:i])
            if ended or score > 21:
                report.fault(
                    ILLEGAL,
                    line,
                    rule="decision after the hand ended",
                    did=f"took {a!r} on {where} after it had ended",
                    law="a hand ends on standing, doubling, splitting or going bust",
                    citation=cite["asked"],
                )
                break
            if self.strategy is not None:
                self.strategy.judge(
                    line,
                    where,
                    codes[:i],
                    up,
                    a,
                    child,
                    pair_from,
                    aces,
                    self._can_split(codes, i, aces, hands[0]),
                    S,
                    seen,
                )
            if aces and a == "hit":
                report.fault(
                    ILLEGAL,
                    line,
                    rule="split Aces",
                    did=f"took a card on a split Ace ({where}) beyond its one",
                    law="split Aces take one card each",
                    citation=cite["split"],
                )
            if a == "split":
                if not self._can_split(codes, i, aces, hands[0]):
                    self._bad_split(line, where, codes, i, aces)
                if not split_node:
                    raise LogError(line, f'{where}: a split hand needs "split": [hand, hand]')
                ended = True
                hands[0] += 1
                self._children(node, codes, line, where, order, leaves, up, S, hands)
                continue
            if a == "double":
                if i != 2 or aces or not rules.may_double(score) or (child and not rules.das):
                    self._bad_double(line, where, codes, i, score, child, aces)
                doubled = True
                ended = True
            elif a == "stand":
                ended = True
                self.peeks.written += 1
                continue
            elif i == 2 and score == 21:
                report.fault(
                    ILLEGAL,
                    line,
                    rule="two-card 21",
                    did=f"hit a two-card 21 on {where}",
                    law="a player with 21 from two cards may take no further card",
                    citation=cite["two21"],
                )
            if i >= len(codes):
                report.fault(
                    ILLEGAL,
                    line,
                    rule="card for a decision",
                    did=f"took {a!r} on {where} but no card was dealt",
                    law=f"a {a} takes one card",
                    citation=cite["double"] if a == "double" else cite["two21"],
                )
                break
            order.append(codes[i])
            i += 1
        if split_node:
            if "split" not in acts:
                raise LogError(line, f'{where}: "split" hands given but no "split" action')
            return
        if i < len(codes):
            if aces:
                report.fault(
                    ILLEGAL,
                    line,
                    rule="split Aces",
                    did=f"dealt {len(codes) - 1} cards to a split Ace on {where}",
                    law="split Aces take one card each",
                    citation=cite["split"],
                )
            else:
                report.fault(
                    ILLEGAL,
                    line,
                    rule="card without a decision",
                    did=f"dealt {len(codes) - i} card(s) to {where} beyond its decisions",
                    law="a player takes a card only when he asks for it (hit or double)",
                    citation=cite["asked"],
                )
            order.extend(codes[i:])
        elif not ended and total(codes)[0] < 21 and (not aces or self._can_split(codes, i, aces, hands[0])):
            self.peeks.unwritten += 1  # a stand the log leaves unwritten
            if self.strategy is not None:
                self.strategy.judge(
                    line,
                    where,
                    codes,
                    up,
                    "stand",
                    child,
                    pair_from,
                    aces,
                    self._can_split(codes, i, aces, hands[0]),
                    S,
                    seen,
                )
        leaf = self._leaf(node, codes, line, where)
        leaf.doubled = doubled
        self._stake(line, leaf, S, child)
        leaves.append(leaf)

    def _stake(self, line: int, leaf: Leaf, S: Fraction, child: bool) -> None:
        """A finished hand's stake: the initial stake, doubled where the hand doubled."""
        doubled, where = leaf.doubled, leaf.path
        want = S * 2 if doubled else S
        if leaf.stake != want:
            self.report.fault(
                ILLEGAL,
                line,
                rule="stake" if not doubled else "doubled stake",
                did=f"staked {amount_text(leaf.stake)} on {where}" + (" after doubling" if doubled else ""),
                law=(
                    f"doubling doubles the initial stake: {amount_text(want)}"
                    if doubled
                    else f"a split hand carries the same stake as the hand separated: {amount_text(want)}"
                    if child
                    else f"the hand carries the initial stake {amount_text(want)}"
                ),
                citation=self.cite["stake"],
            )

    def _can_split(self, codes: list[int], i: int, aces: bool, hands: int) -> bool:
        rules = self.rules
        if i != 2 or not rules.pair(codes[0], codes[1]):
            return False
        pair_aces = BLACKJACK_VALUE[codes[0]] == 1
        if aces and not rules.resplit_aces:
            return False
        limit = rules.limit(pair_aces)
        return limit == 0 or hands < limit

    def _bad_split(self, line: int, where: str, codes: list[int], i: int, aces: bool) -> None:
        rules, cite = self.rules, self.cite
        names = ",".join(RANK_NAMES[RANK_OF[c]] for c in codes[:i])
        if i != 2 or BLACKJACK_VALUE[codes[0]] != BLACKJACK_VALUE[codes[1]]:
            law, rule = "only two cards of equal value may be separated", "split"
        elif BLACKJACK_VALUE[codes[0]] not in rules.split_values:
            v = BLACKJACK_VALUE[codes[0]]
            law, rule = (
                (
                    f"pairs of {'Aces' if v == 1 else str(v) + 's'} may not be separated (house rule "
                    f"split={rules.text.get('split')})"
                ),
                "split",
            )
        elif not rules.pair(codes[0], codes[1]):
            law, rule = "only a pair of one rank may be separated (house rule split=same-rank)", "split"
        elif aces and not rules.resplit_aces:
            law, rule = "split Aces are not split again (house rule resplit_aces=no)", "split"
        else:
            law, rule = (
                (
                    f"no more than {rules.limit(BLACKJACK_VALUE[codes[0]] == 1)} hands from one split (house "
                    f"rule max_hands={rules.text.get('max_hands')}; the law sets no limit)"
                ),
                "split hand limit",
            )
        self.report.fault(ILLEGAL, line, rule=rule, did=f"split {names} on {where}", law=law, citation=cite["split"])

    def _bad_double(self, line: int, where: str, codes: list[int], i: int, score: int, child: bool, aces: bool) -> None:
        rules, cite = self.rules, self.cite
        if i != 2:
            law, c = "a player doubles only on his first two cards", cite["double"]
        elif aces:
            law, c = "split Aces take one card each and are not doubled", cite["das"]
        elif child and not rules.das:
            law, c = "no doubling after a split (house rule das=no)", cite["das"]
        else:
            allowed = (
                "any two cards" if rules.doubles is None else "a two-card " + ", ".join(map(str, sorted(rules.doubles)))
            )
            law, c = f"a player may double on {allowed}", cite["double"]
        self.report.fault(
            ILLEGAL,
            line,
            rule="double",
            did=f"doubled on {score} ({len(codes[:i])} cards) on {where}",
            law=law,
            citation=c,
        )

    def _children(
        self,
        node: dict,
        codes: list[int],
        line: int,
        where: str,
        order: list[int],
        leaves: list[Leaf],
        up: int,
        S,
        hands: list[int],
    ) -> None:
        kids = node["split"]
        if type(kids) is not list or len(kids) != 2 or any(type(k) is not dict for k in kids):
            raise LogError(line, f'{where}: "split" must hold two hands')
        if len(node) != 3 and not (len(node) == 2 and "actions" not in node):
            check_keys(node, _NODE, line, f"{where}: ")
        if len(codes) != 2:
            raise LogError(line, f"{where}: a split hand lists its two pair cards only")
        seen: tuple[int, ...] = ()
        for k, kid in enumerate(kids):
            name = f"{where}.{k + 1}"
            kc = self._codes(require(kid, "cards", line, f"{name}: "), line, f"{name}: cards")
            if len(kc) < 2 or kc[0] != codes[k]:
                raise LogError(line, f"{name}: a split hand starts with its pair card and has at least two cards")
            self._play(kid, kc, RANK_OF[codes[k]], line, name, order, leaves, up, S, hands, seen)
            seen += tuple(kc[1:])

    # -- the banker --------------------------------------------------------------------------------------------
    def _banker(self, line: int, banker: list[int], leaves: list[Leaf], ended_early: bool, player_bj: bool) -> None:
        rules, report, cite = self.rules, self.report, self.cite
        live = not ended_early and any(total(leaf.cards)[0] <= 21 for leaf in leaves)
        if len(banker) >= 2 and total(banker[:2])[0] == 21:
            if len(banker) > 2:
                report.fault(
                    ILLEGAL,
                    line,
                    rule="banker's drawing rule",
                    did="drew to the banker's blackjack",
                    law="the banker stands on 21",
                    citation=cite["banker"],
                )
            return
        if (live or player_bj) and len(banker) < 2 and not rules.peek:
            report.fault(
                ILLEGAL,
                line,
                rule="banker's second card",
                did="settled the round without the banker's second card",
                law="the banker's second card decides a blackjack and every hand standing",
                citation=cite["hole"],
            )
        hard = BLACKJACK_VALUE[banker[0]] + (BLACKJACK_VALUE[banker[1]] if len(banker) > 1 else 0)
        ace = 1 in (BLACKJACK_VALUE[c] for c in banker[:2])
        for k in range(2, len(banker)):
            soft = ace and hard <= 11
            score = hard + 10 if soft else hard
            v = BLACKJACK_VALUE[banker[k]]
            hard += v
            ace = ace or v == 1
            if not rules.banker_draws(score, soft):
                soft17 = score == 17 and soft
                report.fault(
                    ILLEGAL,
                    line,
                    rule="soft 17" if soft17 else "banker's drawing rule",
                    did=f"drew for the banker on {'soft ' if soft else ''}{score}",
                    law="the banker "
                    + ("stands on soft 17 (house rule soft17=stand)" if soft17 else f"stands on {score}"),
                    citation=cite["soft17"] if soft17 else cite["banker"],
                )
                return
        if live and len(banker) >= 2:
            score, soft = total(banker)
            if rules.banker_draws(score, soft):
                soft17 = score == 17 and soft
                report.fault(
                    ILLEGAL,
                    line,
                    rule="soft 17" if soft17 else "banker's drawing rule",
                    did=f"stood for the banker on {'soft ' if soft else ''}{score}",
                    law=f"the banker {'draws to soft 17 (house rule soft17=hit)' if soft17 else 'draws to 16'}",
                    citation=cite["soft17"] if soft17 else cite["banker"],
                )

    # -- settlement --------------------------------------------------------------------------------------------
    def _settle(
        self, line: int, leaves: list[Leaf], banker: list[int], banker_bj: bool, player_bj: bool, S, initial: tuple
    ) -> Any:
        rules, ctx, cite = self.rules, self.ctx, self.cite
        b_score = total(banker)[0]
        expected_total = 0
        faults_before = self.report.total
        for leaf in leaves:
            stake_ = leaf.stake  # a wrong stake is a fault of its own (illegal play); settle what was staked
            score = total(leaf.cards)[0]
            two = len(leaf.cards) == 2
            if player_bj:
                if banker_bj:
                    exp, law, c = 0, "both hold a two-card 21: void", cite["blackjack"]
                else:
                    exp, law, c = (
                        S * rules.blackjack_pays,
                        (f"a two-card 21 against no banker blackjack: paid at {_odds(rules.blackjack_pays)}"),
                        cite["blackjack"],
                    )
            elif rules.peek and banker_bj:
                exp, law, c = -S, "the banker's blackjack (seen at the peek) takes the initial stake", cite["banker_bj"]
            elif score > 21:
                exp, law, c = -stake_, f"the hand is bust ({score}): the stake is lost", cite["settle"]
            elif banker_bj:
                exp, law, c = (
                    -stake_,
                    (
                        "the banker's two-card 21 beats every hand but a two-card 21"
                        + (
                            " (a split 21 counts as more than two cards)"
                            if leaf.split_child and two and score == 21
                            else ""
                        )
                        + "; doubled and split stakes included"
                    ),
                    cite["banker_bj"],
                )
            elif b_score > 21:
                exp, law, c = stake_, f"the banker is bust ({b_score}): paid at 1 to 1", cite["win"]
            elif score > b_score:
                split21 = leaf.split_child and two and score == 21
                exp, law, c = (
                    stake_,
                    (
                        f"{score} beats the banker's {b_score}: paid at 1 to 1"
                        + (" (a 21 from a split is not a blackjack)" if split21 else "")
                    ),
                    cite["split21"] if split21 else cite["win"],
                )
            elif score < b_score:
                exp, law, c = -stake_, f"the banker's {b_score} beats {score}: the stake is lost", cite["settle"]
            else:
                exp, law, c = 0, f"equal scores {score}: void", cite["settle"]
            expected_total += exp
            if leaf.net != exp:
                ctx.settle(
                    line,
                    leaf.path,
                    leaf.stake,
                    leaf.net,
                    exp,
                    law,
                    c,
                    "blackjack"
                    if player_bj
                    else "banker's blackjack"
                    if banker_bj
                    else "a split hand's 21"
                    if leaf.split_child and two and score == 21
                    else "hand",
                )
        staked, net = initial
        logged_total = sum((leaf.net for leaf in leaves), 0)
        if self.report.total == faults_before:
            if net != expected_total:
                ctx.settle(
                    line, "initial", staked, net, expected_total, "the sum of its hands' settlements", cite["settle"]
                )
        elif net != logged_total:
            self.report.fault(
                MISPAID,
                line,
                rule="initial: sum of hands",
                did=f"settled the initial wager at "
                f"{amount_text(net)} while its hands were settled at {amount_text(logged_total)}",
                law="the initial wager's net is the sum of its hands'",
                citation=cite["settle"],
            )
        return net

    def _side(self, line: int, wagers: dict, first: list[int], banker: list[int], player_bj: bool, S) -> None:
        ctx, report, cite = self.ctx, self.report, self.cite
        for key in ("insurance", "under-13", "over-13"):
            if key not in wagers:
                continue
            staked, net = wagers[key]
            w = ctx.wagers[key]
            if key == "insurance":
                if not (player_bj and BLACKJACK_VALUE[banker[0]] == 1):
                    report.fault(
                        ILLEGAL,
                        line,
                        rule="insurance offered",
                        did="took an insurance wager without a player's two-card 21 against a banker's Ace",
                        law="insurance only where the banker's first card "
                        "is an Ace and the player's first two cards score 21",
                        citation=cite["insurance"],
                    )
                    continue
                if staked > Fraction(S) / 2:
                    report.fault(
                        ILLEGAL,
                        line,
                        rule="insurance stake",
                        did=f"took insurance of {amount_text(staked)} on an initial stake of {amount_text(S)}",
                        law="at most half the initial stake",
                        citation=cite["insurance"],
                    )
                if len(banker) < 2:
                    report.fault(
                        ILLEGAL,
                        line,
                        rule="banker's second card",
                        did="settled insurance without the banker's second card",
                        law="insurance is decided by the banker's second card",
                        citation=cite["insurance"],
                    )
                    continue
                if BLACKJACK_VALUE[banker[1]] == 10:
                    ctx.settle(
                        line,
                        key,
                        staked,
                        net,
                        staked * w.pay(),
                        f"the banker's second card is a ten: paid at {w.payouts[0].odds.text}",
                        cite["insurance"],
                    )
                else:
                    ctx.settle(
                        line,
                        key,
                        staked,
                        net,
                        -staked,
                        "the banker's second card is not a ten: lost",
                        cite["insurance"],
                    )
                continue
            if staked > S:
                report.fault(
                    ILLEGAL,
                    line,
                    rule=f"{key} stake",
                    did=f"took {key} of {amount_text(staked)} on an initial stake of {amount_text(S)}",
                    law="not more than the blackjack wager's stake",
                    citation="SI 1994/2899 reg 7(10)(e)"
                    + (" (kept for 2007; reconstructed)" if self.ctx.version == "2007" else ""),
                )
            pts = BLACKJACK_VALUE[first[0]] + BLACKJACK_VALUE[first[1]]  # Aces count 1 (reg 7(10)(f))
            aces = BLACKJACK_VALUE[first[0]] == BLACKJACK_VALUE[first[1]] == 1
            if key == "under-13":
                if aces:
                    exp, law, c = staked * w.pay("aces"), "two Aces: paid at 7 to 1", payout_citation(w, "aces")
                elif pts < 13:
                    exp, law, c = (
                        staked * w.pay("win"),
                        f"first two cards total {pts}: paid at 1 to 1",
                        payout_citation(w, "win"),
                    )
                else:
                    exp, law, c = -staked, f"first two cards total {pts}: lost", w.citation
            else:
                if pts > 13:
                    exp, law, c = staked * w.pay(), f"first two cards total {pts}: paid at 1 to 1", payout_citation(w)
                else:
                    exp, law, c = -staked, f"first two cards total {pts}: lost", w.citation
            ctx.settle(line, key, staked, net, exp, law, c)


def _odds(x: Fraction) -> str:
    return f"{x.numerator} to {x.denominator}"
