"""The Super Pan 9 judge (regs 9, 10): three cards each and a fourth by choice, the House's drawing rule as banker.

The bank is held by the House or a player (several hands: `verify.super_pan_9_hands`). Every wager is settled
again, and the levy and the shoe are checked."""

from __future__ import annotations

from oddscalc.verify.baccarat import CARD_GAME_KEYS, BaccaratJudge, hand_points
from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.findings import ILLEGAL
from oddscalc.verify.reader import LogError, check_keys
from oddscalc.verify.super_pan_9_hands import HandsJudge
from oddscalc.verify.super_pan_9_strategy import SuperPan9Strategy

__all__ = ["SuperPan9Judge"]


class SuperPan9Judge(BaccaratJudge):
    """Super Pan 9: {"shoe": 1, "bank": "house", "player": [3 or 4 cards], "banker": [3 or 4], "wagers": [...]}.

    That is for one opposing hand. For a bank against several (`verify.super_pan_9_hands`) it is
    {"shoe": 1, "bank": "player", "hands": [...], "banker": [...], "levy": "0.5", "wagers": [...]}.

    Three cards each (reg 9(2)(e)); the player may take a fourth (9(2)(f)). The House as banker must draw on 0-5
    and stand on 6-9 (9(2)(g)). A player holding the bank chooses (9(2)(h)), and holds it only against two or more
    opposing players (9(5)). Initial wagers win on the higher point, void on equal points (9(8)). They pay 19 to 20
    against the House's bank and 1 to 1 against a player's (9(9)). The tie wager pays 7 to 1 against the House
    (9(10)). A player holding the bank may be charged a levy of 5% on his net winnings (reg 10(1)).
    """

    KEYS = CARD_GAME_KEYS | {"player", "banker", "bank"}
    HOUSE_RULE = "SI 1994/2899 reg 9(2)(g)"
    ONE_PLAYER = "SI 1994/2899 reg 9(5)"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, "SI 1994/2899 reg 9(2)(b)", "SI 1994/2899 reg 9(2)(b) (a shoe of 288 cards)")
        self.hands = HandsJudge(self)

    def use_strategy(self, name: str) -> None:
        self.strategy = SuperPan9Strategy(self.ctx, name)

    def bank_of(self, rec: dict, line: int) -> str:
        bank = rec.get("bank", "house")
        if bank not in ("house", "player"):
            raise LogError(line, f'"bank" must be "house" or "player", not {bank!r}')
        return bank

    def __call__(self, line: int, rec: dict) -> None:
        if "hands" in rec:
            self.hands(line, rec)
            return
        if len(rec) != 5:
            check_keys(rec, self.KEYS, line)
        new = self._begin(line, rec)
        bank = self.bank_of(rec, line)
        P, B = self._cards(rec, "player", line), self._cards(rec, "banker", line)
        if not (3 <= len(P) <= 4 and 3 <= len(B) <= 4):
            raise LogError(line, f"a Super Pan 9 hand holds 3 or 4 cards (player {len(P)}, banker {len(B)})")
        self.shoe.deal(line, [*P[:3], *B[:3], *P[3:], *B[3:]])
        if bank == "house":
            self.house_rule(line, B)
        else:
            self.one_player(line, 1)
        fp, fb = hand_points(P), hand_points(B)
        if new:
            self.runs.add(fb > fp)
        initial = 1
        for key, staked, net, wager, _ in self._each(rec, line):
            if key.startswith("initial"):
                initial = staked
            self.settle(line, key, wager, bank, staked, net, fp, fb)
        if self.strategy is not None:
            self.strategy.judge(line, P, bank, initial)

    def house_rule(self, line: int, B: list[int]) -> None:
        """The House as banker draws on 0-5 and stands on 6-9 (reg 9(2)(g))."""
        b3 = hand_points(B[:3])
        if (len(B) == 4) != (b3 <= 5):
            self.report.fault(
                ILLEGAL,
                line,
                rule="the House's fourth card",
                did=f"{'drew' if len(B) == 4 else 'stood'} for the House on {b3}",
                law=f"the House, if banker, must draw a fourth card on 5 or less and "
                f"stand on 6 or more: on {b3} it {'draws' if b3 <= 5 else 'stands'}",
                citation=self.HOUSE_RULE,
            )

    def one_player(self, line: int, players: int) -> None:
        """A player's bank against fewer than two opposing players: reg 9(5) gives that bank to the House (unless
        the rule set is the custom hands=1). The round is then judged as written."""
        if players >= 2:
            return
        if self.ctx.rules.get("hands") == "1":
            self.report.note(
                "a player's bank against one opposing player: the custom rule set hands=1 (reg 9(5) "
                "gives such a bank to the House)"
            )
            return
        self.report.fault(
            ILLEGAL,
            line,
            rule="the bank (one opposing player)",
            did="gave the bank to a player with "
            f"{'one opposing player' if players == 1 else 'no opposing player'} wagering against it",
            law="where only one opposing player has placed a wager the bank is always held by the House",
            citation=self.ONE_PLAYER,
        )

    def bank_matches(self, line: int, key: str, wager, bank: str) -> bool:
        """Is the wager one made against this bank? (An illegal-play fault when not; the tie is against the House
        whoever holds the bank, reg 9(10).)"""
        against = wager.param("bank")
        if key == "tie" or against == bank:
            return True
        self.report.fault(
            ILLEGAL,
            line,
            rule=f"{key}: the bank",
            did=f"took a {key} wager with the bank held by the {bank}",
            law=f"the {key} wager is against a bank held by the {'House' if against == 'house' else 'player'}",
            citation=wager.citation,
        )
        return False

    def settle(
        self, line: int, key: str, wager, bank: str, staked, net, fp: int, fb: int, who: str = "", also: str = ""
    ) -> None:
        """One wager settled again: `who` names the hand ("hand 2: "), `also` adds to the citation."""
        ctx, cite = self.ctx, payout_citation(wager) + also
        if not self.bank_matches(line, key, wager, bank):
            return
        if key == "tie":
            if fp == fb:
                ctx.settle(
                    line,
                    key,
                    staked,
                    net,
                    staked * wager.pay(),
                    f"{who}equal points {fp}: paid at {wager.payouts[0].odds.text}",
                    cite,
                )
            else:
                ctx.settle(line, key, staked, net, -staked, f"{who}points {fp} and {fb}: the stake is lost", cite)
        elif fp == fb:
            ctx.settle(line, key, staked, net, 0, f"{who}equal points {fp}: void, the stake returned", cite)
        elif key == "player-banker":  # the bank's side of the one opposing hand's wager (a custom rule set)
            if fb > fp:
                levied = staked * wager.pay() * (1 - wager.pay("levy"))
                if net == staked * wager.pay():
                    ctx.report.note("the House charged no levy on a player-banker's winnings (reg 10(1): it may)")
                else:
                    ctx.settle(
                        line,
                        key,
                        staked,
                        net,
                        levied,
                        f"the bank wins {fb} to {fp}: the wager won, less the "
                        "House's levy of 5% of the bank's net winnings",
                        cite,
                    )
            else:
                ctx.settle(
                    line, key, staked, net, -staked, f"the player wins {fp} to {fb}: the bank pays the wager", cite
                )
        elif fp > fb:
            ctx.settle(
                line,
                key,
                staked,
                net,
                staked * wager.pay(),
                f"{who}the player wins {fp} to {fb}: paid at {wager.payouts[0].odds.text}",
                cite,
            )
        else:
            ctx.settle(line, key, staked, net, -staked, f"{who}the banker wins {fb} to {fp}: the stake is lost", cite)
