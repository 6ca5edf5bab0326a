"""The Three Card Poker judge (reg 12 as inserted in 2002): the player's decision and stakes, the banker's
qualification, the Ante, Play, Ante Bonus and Pair Plus wagers settled again."""

from __future__ import annotations

from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.poker import THREE, PokerJudge, odds_text, three_value
from oddscalc.verify.poker_strategy import PokerStrategy
from oddscalc.verify.reader import LogError

__all__ = ["ThreeCardJudge"]


class ThreeCardJudge(PokerJudge):
    KEYS = frozenset({"shoe", "player", "banker", "decision", "wagers"})
    size = 3
    decisions = ("play", "fold")
    bet = "play"
    REG = "SI 1994/2899 reg 12"
    INSERTED = " (inserted by SI 2002/1130)"

    def use_strategy(self, name: str) -> None:
        self.strategy = PokerStrategy(self.ctx, name)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, f"{self.REG}(1)(b){self.INSERTED}")
        self.log_wagers = ("ante", "play", "pair-plus")
        self.ante_wager = ctx.wagers["ante-play"]

    def __call__(self, line: int, rec: dict) -> None:
        wagers, player, banker, d = self._open(line, rec, 4)
        game = "ante" in wagers or "play" in wagers
        mine = three_value(player)
        theirs = three_value(banker) if banker else None
        if theirs is not None:
            self.runs.add(mine > theirs)
        if self.strategy is not None and d is not None:
            self.strategy.judge(line, player, None, d, wagers["ante"][0] if "ante" in wagers else 1)
        if game:
            self._ante_play(line, d, wagers, mine, theirs)
        if "pair-plus" in wagers:
            self._pair_plus(line, wagers["pair-plus"], mine)

    def _ante_play(self, line: int, d: str | None, wagers: dict, mine, theirs) -> None:
        ctx, w = self.ctx, self.ante_wager
        ante = wagers.get("ante")
        if ante is None:
            raise LogError(line, "a play wager needs its Ante wager")
        ok = self._bet_stake(
            line,
            d,
            wagers,
            1,
            f"{self.REG}{self.INSERTED}: the Play wager equal to the Ante (its "
            "paragraph is lost from the damaged copy; reconstructed)",
        )
        A = ante[0]
        if d == "fold":
            ctx.settle(
                line, "ante", A, ante[1], -A, "the player folded: the Ante is lost", f"{self.REG}{self.INSERTED}"
            )
            return
        name = THREE[mine[0]]
        bonus_key = {
            "straight": "bonus-straight",
            "three of a kind": "bonus-three-of-a-kind",
            "straight flush": "bonus-straight-flush",
        }.get(name)
        bonus = A * w.pay(bonus_key) if bonus_key else 0
        with_bonus = f" plus the Ante Bonus for a {name} at {odds_text(w, bonus_key)}" if bonus_key else ""
        play = wagers.get("play")
        qualifies = theirs[0] >= 1 or theirs[1][0] >= 12
        if not qualifies:
            law = f"the banker's {THREE[theirs[0]]} is not Queen-high or better"
            ctx.settle(
                line,
                "ante",
                A,
                ante[1],
                A * w.pay("ante-banker-not-qualifying") + bonus,
                f"{law}: the Ante wins at 1 to 1{with_bonus}",
                payout_citation(w, "ante-banker-not-qualifying"),
            )
            if play and ok:
                ctx.settle(
                    line,
                    "play",
                    play[0],
                    play[1],
                    0,
                    f"{law}: the Play wager is returned",
                    payout_citation(w, "ante-banker-not-qualifying"),
                )
        elif mine > theirs:
            law = f"the player's {name} outranks the banker's {THREE[theirs[0]]}"
            ctx.settle(
                line,
                "ante",
                A,
                ante[1],
                A * w.pay("ante") + bonus,
                f"{law}: the Ante wins at 1 to 1{with_bonus}",
                payout_citation(w, "ante"),
            )
            if play and ok:
                ctx.settle(
                    line,
                    "play",
                    play[0],
                    play[1],
                    play[0] * w.pay("play"),
                    f"{law}: the Play wins at 1 to 1",
                    payout_citation(w, "play"),
                )
        elif mine == theirs:
            law = "the hands are of exactly equal ranking: Ante and Play void"
            ctx.settle(
                line,
                "ante",
                A,
                ante[1],
                bonus,
                law + with_bonus,
                f"{self.REG}{self.INSERTED} (equal hands void, as reg 8(11); the damaged reg 12 shows no rule)",
            )
            if play and ok:
                ctx.settle(line, "play", play[0], play[1], 0, law, f"{self.REG}{self.INSERTED}")
        else:
            law = f"the banker's {THREE[theirs[0]]} outranks the player's {name}: lost"
            ctx.settle(line, "ante", A, ante[1], -A + bonus, law + with_bonus, f"{self.REG}(10){self.INSERTED}")
            if play and ok:
                ctx.settle(line, "play", play[0], play[1], -play[0], law, f"{self.REG}(10){self.INSERTED}")

    def _pair_plus(self, line: int, wager: tuple, mine) -> None:
        ctx = self.ctx
        w = ctx.wagers["pair-plus"]
        staked, net = wager
        name = THREE[mine[0]]
        key = {
            "pair": "pair",
            "flush": "flush",
            "straight": "straight",
            "three of a kind": "three-of-a-kind",
            "straight flush": "straight-flush",
        }.get(name)
        if key is None:
            ctx.settle(
                line,
                "pair-plus",
                staked,
                net,
                -staked,
                "no pair or better: the stake is surrendered",
                f"{self.REG}(13){self.INSERTED}",
            )
        else:
            ctx.settle(
                line,
                "pair-plus",
                staked,
                net,
                staked * w.pay(key),
                f"a {name}: paid at {odds_text(w, key)}",
                payout_citation(w, key),
            )
