"""The casino stud poker judge (reg 8, Sch 2; the progressive jackpot of reg 8(11A)): the player's decision and
stakes, the banker's qualification, every wager settled again."""

from __future__ import annotations

from oddscalc.regulations.params import int_param
from oddscalc.verify.context import Context, payout_citation
from oddscalc.verify.poker import FIVE, PokerJudge, five_value
from oddscalc.verify.poker_strategy import PokerStrategy
from oddscalc.verify.reader import LogError, amount

__all__ = ["StudJudge"]


class StudJudge(PokerJudge):
    KEYS = frozenset({"shoe", "player", "banker", "decision", "meter", "wagers"})
    REG = "SI 1994/2899 reg 8"

    def use_strategy(self, name: str) -> None:
        self.strategy = PokerStrategy(self.ctx, name)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, "SI 1994/2899 reg 8(1)(b)")
        self.log_wagers = ("ante", "raise", *(("progressive-jackpot",) if "progressive-jackpot" in ctx.wagers else ()))
        self.ante_wager = ctx.wagers["ante"]

    def __call__(self, line: int, rec: dict) -> None:
        wagers, player, banker, d = self._open(line, rec, 5)
        game = "ante" in wagers or "raise" in wagers
        mine = five_value(player)
        if banker:
            theirs = five_value(banker)
            self.runs.add(mine > theirs)
        if self.strategy is not None and d is not None and banker:
            self.strategy.judge(line, player, banker[4], d, wagers["ante"][0] if "ante" in wagers else 1)
        if game:
            self._ante_raise(line, d, wagers, mine, theirs)
        if "progressive-jackpot" in wagers:
            self._jackpot(line, rec, wagers["progressive-jackpot"], mine)

    def _ante_raise(self, line: int, d: str | None, wagers: dict, mine, theirs) -> None:
        ctx, w = self.ctx, self.ante_wager
        ante = wagers.get("ante")
        if ante is None:
            raise LogError(line, "a raise wager needs its Ante wager")
        ok = self._bet_stake(line, d, wagers, int_param(w, "raise", 2), f"{self.REG}(6), (7)")
        A = ante[0]
        if d == "fold":
            ctx.settle(line, "ante", A, ante[1], -A, "the player folded: the Ante is surrendered", f"{self.REG}(7)")
            return
        raise_ = wagers.get("raise")
        qualifies = theirs[0] >= 1 or (theirs[1][0] == 14 and 13 in theirs[1])
        cite_ante = payout_citation(w, "ante")
        name = FIVE[mine[0]]
        key = {"no pair": "one-pair-or-less", "one pair": "one-pair-or-less"}.get(name, name.replace(" ", "-"))
        if not qualifies:
            law = f"the banker's {FIVE[theirs[0]]} is not Ace/King or better"
            ctx.settle(
                line, "ante", A, ante[1], A * w.pay("ante"), f"{law}: the Ante wins at 1 to 1", f"{self.REG}(8)(a), (9)"
            )
            if raise_ and ok:
                ctx.settle(
                    line,
                    "raise",
                    raise_[0],
                    raise_[1],
                    0,
                    f"{law}: the Raise is a no bet, returned",
                    f"{self.REG}(8)(a)",
                )
        elif mine > theirs:
            ctx.settle(
                line,
                "ante",
                A,
                ante[1],
                A * w.pay("ante"),
                f"the player's {name} outranks the banker's {FIVE[theirs[0]]}: the Ante wins at 1 to 1",
                cite_ante,
            )
            if raise_ and ok:
                payout = next(p for p in w.payouts if p.key == key)
                ctx.settle(
                    line,
                    "raise",
                    raise_[0],
                    raise_[1],
                    raise_[0] * payout.value,
                    f"the player's {name} "
                    f"outranks the banker's {FIVE[theirs[0]]}: the Raise wins at {payout.odds.text}",
                    payout_citation(w, key),
                )
        elif mine == theirs:
            law = "the hands are of exactly equal ranking: void"
            ctx.settle(line, "ante", A, ante[1], 0, law, f"{self.REG}(11)")
            if raise_ and ok:
                ctx.settle(line, "raise", raise_[0], raise_[1], 0, law, f"{self.REG}(11)")
        else:
            law = f"the banker's {FIVE[theirs[0]]} outranks the player's {name}: lost"
            ctx.settle(line, "ante", A, ante[1], -A, law, f"{self.REG}(10)")
            if raise_ and ok:
                ctx.settle(line, "raise", raise_[0], raise_[1], -raise_[0], law, f"{self.REG}(10)")

    def _jackpot(self, line: int, rec: dict, wager: tuple, mine) -> None:
        ctx = self.ctx
        w = ctx.wagers["progressive-jackpot"]
        staked, net = wager
        meter_text = rec.get("meter", ctx.rules.get("meter"))
        meter = amount(meter_text, line, '"meter"')
        if meter < 0:
            raise LogError(line, f'"meter" {meter_text!r} is negative')
        returned = ctx.rules.get("jackpot-stake", "forfeited") == "returned"
        name = FIVE[mine[0]]
        key = name.replace(" ", "-")
        payout = next((p for p in w.payouts if p.key == key), None)
        if payout is None:
            ctx.settle(
                line, "progressive-jackpot", staked, net, -staked, f"the player's {name} wins nothing: lost", w.citation
            )
            return
        won = payout.value * meter if payout.unit == "meter" else payout.value * staked
        exp = won - (0 if returned else staked)
        ctx.settle(
            line,
            "progressive-jackpot",
            staked,
            net,
            exp,
            f"the player's {name}: paid {payout.odds.text}"
            + (" of the meter" if payout.unit == "meter" else " times the wager")
            + ("" if returned else ", the stake kept (rule jackpot-stake=forfeited)"),
            payout_citation(w, key),
        )
