"""One card table's monitor (punto banco, Super Pan 9, blackjack): rounds with their cards, shoe by shoe, judged by
verify's judge and valued from the cards seen since the shuffle (what differs by game: card_games.py).

Each round goes to the game's judge (oddscalc.verify). Three findings are an alarm at their round, named for the
round's dealer and spending no budget. They are a wager settled against the law (`settlement`), a third card
drawn or withheld against the drawing rules (`rules`), and a card more often than the shoe holds (`shoe`).

Before the round's cards are judged, the shoe's composition fixes the round's exact law (in Super Pan 9 with the
opposing hand and its decision, card_games.py). The composition is the packs less the cards dealt since the
shuffle and any burnt at the start of the round. The function api.composition_laws gives the ordered deals ending
in each outcome. From them come each wager's exact expectation and variance, and the house's result
H(o) = -sum of stake x net on each outcome o. The laws are cached by key.

A blackjack round's outcome is the banker's final hand (17-21, bust, blackjack). Its law is conditioned on every
card dealt before his second card: the box's final hands, the up-card and the composition left. The law lets
him take only one card until the players have decided (reg 7(1)(c)-(d)), then he draws by a fixed rule. So
the law holds whatever the player's strategy; H(o) settles the box's hands and any insurance against each
hand. Under the peek rule it is also conditioned on what the peek showed. The test says nothing of the player's
own cards: a fault there is for the shuffle and shoe checks.

The hold test is a betting e-process on the house's result, one stream per table. For each bet lambda of
HOLD_BETS the round's factor is 1 + l u, with u = (H - m) / s. Here m and s^2 are the round's exact conditional
mean and variance. The bet l is lambda capped so that the factor is at least 1/2 on every outcome; the cap comes
from the round's law alone, before its cards. The factor's conditional mean is exactly 1 whatever the stakes,
since they are placed before the cards. So every product of factors from any start is a test martingale. Hence
detector.py's CUSUM of their logs keeps its guarantee (at most the stream's level of false alarms within the
horizon). The stakes may follow the cards seen (a counter): the test stays valid, and does not flag him. It flags
a deal whose outcomes depart from what the shoe's composition makes them (a stacked shoe, a dealing fault). It
also flags a house result the nets do not explain.

The shuffle test has one stream per dealer. When a shoe ends (the next one starts), it is scored by verify's six
shuffle tests (verify.shuffle_tests, `PairScores`: pairs, order and positions kept). They score it against the
previous shoe's dealt order and the packs' factory order. The shoe is attributed to the dealer of its first
round, who shuffled it. Each test's score is a sum of martingale differences with exact conditional means and
variances. Its averaged Bennett supermartingale (verify.supermartingale, whose reciprocal is verify's p-value) is
an e-value: given the previous shoe, a fair shuffle makes its expectation at most 1. So the six e-values of each
shoe are the factors of the dealer's stream, run through detector.py's CUSUM like every other test. The stream's
level is split among the dealers as the signature test's is (budget.py). A shoe reshuffled in mid-round is not
scored, but is the next shoe's previous shoe; the first shoe the table shows has none.

The stakes test has one stream per player, in punto banco only: a Super Pan 9 round depends on the player's draw.
When a shoe seen whole ends, player_stakes.py's randomization test asks whether each player's stakes follow the
shoe's composition. It compares them against B deals drawn with the shoe's scorecard, seeded by the table, shoe
and first round and shared by the shoe's players. The statistic T is the sum of stake x the wager's exact
expectation on the composition before its round (the hold test's laws and cache). The calibrated e-values of its
p-value p are the stream's row at the shoe's last round.

The stakes test skips a shoe not seen whole from its shuffle: the first the monitor sees, or one with missing
rounds or a reshuffle in mid-round. It also skips a shoe with a round not valued, and a player who staked nothing
in the shoe. Each of these decisions is the same for every deal drawn, so validity holds.

The table's state keeps the judge's shoe (its marker, cards dealt and cut), the previous shoe's order, and the
current shoe's rounds and players' stakes. So after a restart the rest of a shoe is judged, valued and scored as
in a run that never stopped.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from oddscalc import api
from oddscalc.monitor.card_games import card_game
from oddscalc.monitor.feed import FeedRound
from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.player_stakes import (
    DRAWS,
    KAPPAS,
    compositions_before,
    log_e_values,
    p_value,
    sample_deals,
    shoe_seed,
)
from oddscalc.monitor.streams import CARD_CHECKS, HOLD_BETS, STAKES, statistical_tests
from oddscalc.monitor.table import Stream, TableMonitor
from oddscalc.verify.card_codes import CARD_CODES, RANK_OF
from oddscalc.verify.reader import LogError, amount, stake
from oddscalc.verify.shuffle_tests import Evidence, PairScores

__all__ = ["CACHE", "CardTableMonitor"]

#: Round laws kept (a shoe of 8 packs deals some 80 rounds; the full shoe recurs every shoe).
CACHE = 200_000
_BETS = np.array([float(b) for b in HOLD_BETS])
_LABELS = tuple(
    f"house result {'above' if b > 0 else 'below'} its conditional expectation (bet {b})" for b in HOLD_BETS
)


class CardTableMonitor(TableMonitor):
    """The monitor of one card table (the module's docstring)."""

    def __init__(self, config: TableConfig, levels: dict[str, Fraction], budget: Budget) -> None:
        super().__init__(config, levels, budget)
        self.card_game = card_game(config)
        self.full = self.card_game.full()
        laws = self.card_game.laws(config, [self.card_game.sample(tuple(self.full.tolist()))])
        self.outcomes = laws.outcomes
        self.nets = {k: tuple(float(x) for x in v) for k, v in laws.nets.items()}
        self.probs: dict[tuple[int, ...], np.ndarray] = {}
        self.previous: list[int] | None = (
            None  # the previous shoe's cards in dealing order (the next score's reference)
        )
        self.shoe_now: dict[str, Any] | None = None  # the current shoe: marker, dealer, first and last round, time
        self.ended: list[tuple[list[int], bool]] = []  # shoes ended in the round being judged (the shoe's observer)
        self.pairs: PairScores | None = None
        self.watch_stakes = STAKES in statistical_tests(self.game)
        self.net_keys = tuple(laws.nets)
        self.net_matrix = np.array([[float(x) for x in laws.nets[k]] for k in self.net_keys])  # keys x outcomes
        #: The current shoe for the stakes test: marker, first and last round, time, whether seen whole, its
        #: rounds [block, burn, class] (block and burn by point value) and each player's stakes [position, key, stake].
        self.stakes_shoe: dict[str, Any] | None = None

    def _clear(self) -> None:
        super()._clear()
        self.q_card: tuple[list[tuple[int, ...]], list[list[float]], list[float], list[int]] = ([], [], [], [])
        self.q_shuffle: list[tuple[dict[str, Any], list[int], list[int]]] = []  # (shoe, previous, its cards)
        self.q_stakes: list[dict[str, Any]] = []  # shoes ended whole, for the stakes test

    def _laws(self, rows: list[tuple[int, ...]]) -> Any:
        return api.composition_laws(
            self.game, self.config.version, np.array(rows, dtype=np.int64), None, self.config.rules, self.config.pay
        )

    def judged(self, judge: Any) -> None:
        self.card_game.judged(judge)

    def law_text(self, test: str) -> str:
        return self.card_game.LAWS[test]

    def fault_test(self, kind: str) -> str:
        return CARD_CHECKS.get(kind, "rules")

    def judge(self) -> Any:
        judge = super().judge()
        if judge.shoe.observer is None:
            judge.shoe.observer = self._shoe_ended
        return judge

    def _shoe_ended(self, cards: list[int], full: bool) -> None:
        self.ended.append((list(cards), full))

    def _shoes(self, record: dict, rnd: int, when: str, dealer: str, began: bool) -> None:
        """After a round is judged: queue each shoe that ended for its score (one begun full, after another), and
        start the new shoe's record at this round when one began (its dealer shuffled it)."""
        for cards, full in self.ended:
            if full and self.previous is not None and self.shoe_now is not None:
                self.q_shuffle.append((self.shoe_now, self.previous, cards))
            self.previous = cards
        self.ended.clear()
        if began or self.shoe_now is None:
            self.shoe_now = {"marker": record.get("shoe"), "dealer": dealer, "first": rnd}
        self.shoe_now.update(last=rnd, time=when)

    # -- rounds in --------------------------------------------------------------------------------------------
    def left(self, record: dict) -> tuple[int, ...] | None:
        """The shoe's composition before the round's own cards (by point value), from the judge's shoe.

        It is the full shoe at a new shoe marker. It is None when it cannot be told (a reshuffle in mid-round,
        unreadable burnt cards, more cards gone than the shoe held, a card the game's shoe lacks: the judge files
        those)."""
        if "reshuffle" in record:
            return None
        shoe = self.judge().shoe
        marker = record.get("shoe")
        kinds = self.card_game.KINDS
        left = self.full.copy()
        if not (marker != shoe.marker or marker is None):
            dealt = np.array(shoe.dealt, dtype=np.int64)
            if dealt[kinds < 0].any():
                return None
            np.subtract.at(left, kinds[kinds >= 0], dealt[kinds >= 0])
        burn = record.get("burn")
        if burn is not None:
            try:
                for c in burn:
                    kind = int(kinds[RANK_OF[CARD_CODES[c]]])
                    if kind < 0:
                        return None
                    left[kind] -= 1
            except (KeyError, TypeError):
                return None
        if left.min() < 0:
            return None
        return tuple(left.tolist())

    def ingest(self, fr: FeedRound, source: str, line: int | None, received: str) -> None:
        """Take one round: its id checked, its cards and wagers judged, its law queued for the hold test."""
        rnd = self.accept(fr, source, line)
        if rnd is None:
            return
        record = fr.record
        assert record is not None  # a card round always carries its cards
        gap = self.last_round is not None and rnd > self.last_round + 1
        left = self.left(record)
        law_key = None if left is None else self.card_game.key(record, left)
        self.last_round = rnd
        self.rounds += 1
        self.results += 1
        when = fr.time or received
        self.q_time[rnd] = when
        shoes = self.judge().shoe.shoes
        judged = self._settle(record, rnd, when, source, line, fr.dealer)
        began = self.judge().shoe.shoes > shoes
        self._shoes(record, rnd, when, fr.dealer, began)
        if self.watch_stakes:
            self._stakes_round(fr, rnd, when, began, gap, judged and law_key is not None, line)
        if not judged or law_key is None or not fr.wagers:
            return
        if self.card_game.BY_NETS:
            figures = self._by_nets(fr, rnd, source, line)
        else:
            figures = self.card_game.house(record, fr.wagers, self.judge(), fr.house)
        if figures is None:
            return
        q = self.q_card
        q[0].append(law_key)
        q[1].append(figures[0])
        q[2].append(figures[1])
        q[3].append(rnd)

    def _by_nets(self, fr: FeedRound, rnd: int, source: str, line: int | None) -> tuple[list[float], float] | None:
        """The house's result on each outcome from the wagers' nets by outcome, and the one observed (None: a
        wager not of the round's law, or an amount unreadable, filed as a malformed line)."""
        house = [0.0] * len(self.outcomes)
        observed = 0.0
        for i, (key, st, net) in enumerate(fr.wagers):
            nets = self.nets.get(key)
            if nets is None:
                return None  # a wager the version does not permit (the judge files it) or not of this round's law
            try:
                staked = float(stake(st, line or 0, f"wager {i + 1}: stake"))
                if net is not None:
                    observed -= float(amount(net, line or 0, f"wager {i + 1}: net"))
            except LogError as exc:
                self.fault("malformed line", rnd=rnd, source=source, line=line, detail=str(exc).split(": ", 1)[-1])
                return None
            for o, x in enumerate(nets):
                house[o] -= staked * x
        if fr.house is not None:
            try:
                observed = float(amount(fr.house, line or 0, '"house"'))
            except LogError as exc:
                self.fault("malformed line", rnd=rnd, source=source, line=line, detail=str(exc).split(": ", 1)[-1])
                return None
        return house, observed

    def _stakes_round(
        self, fr: FeedRound, rnd: int, when: str, began: bool, gap: bool, valued: bool, line: int | None
    ) -> None:
        """Record a round for the stakes test: its card block, burn and scorecard class, each player's stakes; a
        shoe that ended before it is queued (when seen whole)."""
        shoe = self.stakes_shoe
        if began or shoe is None:
            if shoe is not None and shoe["whole"] and not gap:
                self.q_stakes.append(shoe)
            shoe = self.stakes_shoe = {
                "marker": fr.record.get("shoe") if fr.record else None,
                "first": rnd,
                "whole": shoe is not None and not gap,  # the first shoe seen may have begun before the feed
                "rounds": [],
                "stakes": {},
            }
        elif gap:
            shoe["whole"] = False
        shoe.update(last=rnd, time=when)
        if not shoe["whole"]:
            return
        cards = _points(self.card_game.KINDS, fr.record or {})
        if not valued or cards is None:
            shoe["whole"] = False  # a round not valued (or unreadable): the shoe has no test
            return
        (player, banker), burn = cards
        pos = len(shoe["rounds"])
        shoe["rounds"].append([player, banker, burn])
        for i, ((key, st, _), who) in enumerate(zip(fr.wagers, fr.players)):
            if not who:
                continue
            try:
                staked = stake(st, line or 0, f"wager {i + 1}: stake")
            except LogError:
                shoe["whole"] = False
                return
            if key not in self.nets:
                shoe["whole"] = False
                return
            if staked:
                shoe["stakes"].setdefault(who, []).append([pos, key, str(staked)])

    def round_values(self, left: tuple[int, ...]) -> dict[str, tuple[Fraction, Fraction]]:
        """Each wager's exact expectation and variance per unit staked on a round dealt from `left`."""
        laws = self._laws([left])
        probs = [Fraction(int(w), int(laws.totals[0])) for w in laws.weights[0]]
        out = {}
        for key, nets in laws.nets.items():
            mean = sum((p * x for p, x in zip(probs, nets)), Fraction(0))
            out[key] = (mean, sum((p * (x - mean) ** 2 for p, x in zip(probs, nets)), Fraction(0)))
        return out

    # -- the tests --------------------------------------------------------------------------------------------
    def flush(self) -> None:
        comps, house, observed, rounds = self.q_card
        if comps:
            self._rows(
                "hold",
                hold_increments(self._chances(comps), np.array(house), np.array(observed)),
                np.array(rounds, dtype=np.int64),
                _LABELS,
            )
        self._score_shoes()
        for shoe in self.q_stakes:
            self._score_stakes(shoe)
        super().flush()

    def _score_shoes(self) -> None:
        """Each queued shoe's six e-values into its dealer's shuffle stream, at the shoe's last round."""
        for shoe, previous, cards in self.q_shuffle:
            if self.pairs is None:
                judge_shoe = self.judge().shoe
                self.pairs = PairScores(judge_shoe.counts, judge_shoe.packs)
            scores = self.pairs.score(previous, cards)
            z = np.array([[s.log_e if isinstance(s, Evidence) else 0.0] for s in scores])
            dealer, rnd = shoe["dealer"], shoe["last"]
            if dealer not in self.dealers:
                self.dealers.append(dealer)
            self.q_time[rnd] = shoe["time"]
            where = f"shoe {shoe['marker']} (rounds {shoe['first']}-{rnd})"
            labels = tuple(
                f"{where}: {s.test.name}, p = {s.p:.3g}" if isinstance(s, Evidence) else f"{where}: {s}" for s in scores
            )
            self._rows("shuffle", z, np.array([rnd], dtype=np.int64), labels, dealer)

    def _chances(self, keys: list[tuple[int, ...]]) -> np.ndarray:
        """The outcomes' chances (floats, rounds x outcomes) of the rounds keyed `keys`, from the cache of laws
        (the laws it lacks computed in one batch; a full cache starts again with this batch's)."""
        probs = self.probs
        missing = list(dict.fromkeys(k for k in keys if k not in probs))
        if missing:
            if len(probs) + len(missing) > CACHE:
                probs.clear()
                missing = list(dict.fromkeys(keys))
            laws = self.card_game.laws(self.config, missing)
            p = np.asarray(laws.weights, dtype=np.float64) / np.asarray(laws.totals, dtype=np.float64)[:, None]
            for c, row in zip(missing, p):
                probs[c] = row
        return np.array([probs[k] for k in keys])

    def _means(self, comps: np.ndarray) -> np.ndarray:
        """Each wager's expectation per unit (floats, keys in `net_keys` order) on each composition (rows)."""
        return self._chances([tuple(r) for r in comps.tolist()]) @ self.net_matrix.T

    def _exact_t(self, comps: np.ndarray, stakes: list[tuple[int, int, Fraction]]) -> Fraction:
        """T exactly: the sum of stake x the wager's exact expectation on the composition before its round."""
        laws = self._laws([tuple(comps[pos].tolist()) for pos, _, _ in stakes])
        total = Fraction(0)
        for r, (_, k, st) in enumerate(stakes):
            nets = laws.nets[self.net_keys[k]]
            mean = sum((int(w) * x for w, x in zip(laws.weights[r], nets)), Fraction(0)) / int(laws.totals[r])
            total += st * mean
        return total

    def _score_stakes(self, shoe: dict[str, Any]) -> None:
        """The shoe's randomization test for each player who staked in it: a row of log e-values at its last
        round."""
        rounds, players = shoe["rounds"], shoe["stakes"]
        if not players or not rounds:
            return
        burns = np.array([r[2] for r in rounds], dtype=np.int64)
        seen = [(r[0], r[1]) for r in rounds]
        unseen = self.full - burns.sum(axis=0) - _counts([c for p, b in seen for c in p + b])
        if unseen.min() < 0:
            return  # more cards than the shoe holds: the judge files it
        drawn = sample_deals(
            seen,
            [k for k, n in enumerate(unseen.tolist()) for _ in range(n)],
            DRAWS,
            seed=shoe_seed(self.config.name, shoe["marker"], shoe["first"]),
        )
        blocks = np.array([[_counts(p + b) for p, b in deal] for deal in [seen, *drawn]], dtype=np.int64)
        comps = compositions_before(self.full, burns, blocks)  # deals x rounds x kinds, the deal seen first
        used = sorted({pos for st in players.values() for pos, _, _ in st})
        means = self._means(comps[:, used, :].reshape(-1, comps.shape[2])).reshape(len(comps), len(used), -1)
        col = {pos: j for j, pos in enumerate(used)}
        key_of = {k: i for i, k in enumerate(self.net_keys)}
        last = shoe["last"]
        self.q_time[last] = shoe["time"]
        worth = self._seen_worth(comps[0], used)
        for who, entries in players.items():
            stakes = [(int(pos), key_of[key], Fraction(st)) for pos, key, st in entries]
            w = np.zeros((len(used), len(self.net_keys)))
            for pos, k, st in stakes:
                w[col[pos], k] += float(st)
            t = (means * w[None, :, :]).sum(axis=(1, 2))
            t0, rest = float(t[0]), t[1:]
            same = (comps[1:, used, :] == comps[0, used, :][None]).all(axis=(1, 2))
            scale = sum(abs(float(st)) for _, _, st in stakes) * float(np.abs(self.net_matrix).max()) + 1.0
            near = np.flatnonzero(~same & (np.abs(rest - t0) <= 1e-9 * scale))
            if near.size:  # too close for floats: the exact comparison
                exact0 = self._exact_t(comps[0], stakes)
                for b in near:
                    rest[b] = t0 if self._exact_t(comps[b + 1], stakes) >= exact0 else -math.inf
            rest = np.where(same, t0, rest)
            p = p_value(rest, t0)
            if who not in self.players:
                self.players.append(who)
            where = f"shoe {shoe['marker']} (rounds {shoe['first']}-{last})"
            labels = tuple(
                f"{where}: stakes follow the shoe's composition: T = {t0:.4g} (float: the sum of stake x exact "
                f"expectation), p = {p:.3g} against {DRAWS} deals of the same scorecard, calibrator {k}"
                for k in KAPPAS
            )
            z = np.array([[x] for x in log_e_values(p)])
            self._rows(STAKES, z, np.array([last], dtype=np.int64), labels, who)
            self.stakes_shoes.append(_shoe_row(shoe, who, entries, worth, p, z[:, 0].tolist()))

    def _seen_worth(self, comps: np.ndarray, used: list[int]) -> dict[tuple[int, str], Fraction]:
        """Each wager's exact expectation per unit on the composition before each round of the deal seen (the
        evidence page's rows): {(position, wager key): expectation}."""
        laws = self._laws([tuple(comps[pos].tolist()) for pos in used])
        out = {}
        for r, pos in enumerate(used):
            total = int(laws.totals[r])
            for key, nets in laws.nets.items():
                out[(pos, key)] = sum((int(w) * x for w, x in zip(laws.weights[r], nets)), Fraction(0)) / total
        return out

    # -- state ------------------------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        return {
            **super().state(),
            "shoe": self.judge().shoe.snapshot(),
            "shuffle": {"previous": self.previous, "shoe": self.shoe_now},
            "stakes": self.stakes_shoe,
            "players": self.players,
        }

    def restore(self, state: dict[str, Any], streams: dict[tuple[str, str], Stream]) -> None:
        super().restore(state, streams)
        if "shoe" in state:
            self.judge().shoe.resume(state["shoe"])
        shuffle = state.get("shuffle", {})
        self.previous, self.shoe_now = shuffle.get("previous"), shuffle.get("shoe")
        self.stakes_shoe = state.get("stakes")
        self.players = list(state.get("players", ()))


def _shoe_row(
    shoe: dict[str, Any], who: str, entries: list, worth: dict[tuple[int, str], Fraction], p: float, log_e: list[float]
) -> dict[str, Any]:
    """What the evidence page shows of one player's scored shoe: the shoe, T exactly, p, the log e-values, and
    each wager as [round, stake, side, exact expectation per unit] (fractions as "p/q")."""
    wagers = [[shoe["first"] + int(pos), st, key, _frac(worth[(int(pos), key)])] for pos, key, st in entries]
    t = sum((Fraction(st) * worth[(int(pos), key)] for pos, key, st in entries), Fraction(0))
    return {
        "player": who,
        "marker": shoe["marker"],
        "first": shoe["first"],
        "last": shoe["last"],
        "time": shoe["time"],
        "t": _frac(t),
        "p": p,
        "log_e": log_e,
        "wagers": wagers,
    }


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _counts(values: list[int]) -> np.ndarray:
    """Cards counted by point value (kinds 0-9)."""
    return np.bincount(np.array(values, dtype=np.intp), minlength=10)


def _points(kinds: np.ndarray, record: dict) -> tuple[tuple[list[int], list[int]], list[int]] | None:
    """A round's hands as point values and its burnt cards counted by point value (None: a card unreadable)."""
    try:
        hands = tuple([int(kinds[RANK_OF[CARD_CODES[c]]]) for c in record[side]] for side in ("player", "banker"))
        burn = [0] * 10
        for c in record.get("burn") or ():
            burn[int(kinds[RANK_OF[CARD_CODES[c]]])] += 1
    except (KeyError, TypeError):
        return None
    if min((*hands[0], *hands[1], 0)) < 0:
        return None
    return (hands[0], hands[1]), burn


def hold_increments(p: np.ndarray, house: np.ndarray, observed: np.ndarray) -> np.ndarray:
    """The hold test's log factors (bets x rounds): p (rounds x outcomes) the outcomes' chances, house the house's
    result on each outcome, observed its result. A round whose result cannot vary adds 0.

    >>> z = hold_increments(np.array([[0.5, 0.5]]), np.array([[1.0, -1.0]]), np.array([1.0]))
    >>> bool(np.allclose(z[:, 0], np.log1p(np.clip(_BETS, -0.5, 0.5))))
    True
    """
    mean = (p * house).sum(axis=1)
    dev = house - mean[:, None]
    sd = np.sqrt((p * dev * dev).sum(axis=1))
    live = sd > 1e-12 * (np.abs(house).max(axis=1) + 1)
    sd = np.where(live, sd, 1.0)
    u_dev = np.where(p > 0, dev / sd[:, None], 0.0)
    lo = np.minimum(u_dev.min(axis=1), -1e-300)  # the worst outcome for a bet on "above" (below the mean)
    hi = np.maximum(u_dev.max(axis=1), 1e-300)
    u = (observed - mean) / sd
    bets = _BETS[:, None]
    lam = np.where(bets > 0, np.minimum(bets, 0.5 / -lo), np.maximum(bets, -0.5 / hi))
    factor = np.maximum(1 + lam * u, 1e-300)  # below 1/2 only for a result outside the law's support
    return np.ascontiguousarray(np.where(live, np.log(factor), 0.0))
