"""`verify --strategy`: the reference simulators follow the engines' strategies (no departure); players that
depart are caught decision by decision, each departure costed exactly with the engine's values as the per-hand
commands print them; Three Card Poker's departures agree with the published Q-6-4 rule."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction as F
from importlib import resources

import jsonschema
import pytest

from oddscalc import api
from oddscalc.cli.main import main
from oddscalc.sim import blackjack as sim_bj
from oddscalc.sim import casino_stud_poker as sim_stud
from oddscalc.sim import super_pan_9 as sim_sp9
from oddscalc.sim import three_card_poker as sim_tcp
from oddscalc.verify import verify
from oddscalc.verify.findings import STRATEGY
from tests.verify_logs import BJ, first, rank, rounds_of, write_log


def _cli_json(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    out = capsys.readouterr().out
    assert exc.value.code == 0
    return json.loads(out)


@pytest.mark.parametrize(
    "version,rules", [("1994", {}), ("2002", {"soft17": "hit"}), ("2007", {"soft17": "hit", "decks": "4"})]
)
def test_reference_blackjack_log_follows_basic_strategy(tmp_path, version, rules):
    path = tmp_path / "bj.jsonl"
    write_log(path, "blackjack", "initial", 1500, 31, version, {"strategy": "basic", **rules})
    report = verify(path, "blackjack", strategy="basic", randomness=False)
    assert report.clean, report.text()
    assert report.strategy["decisions"] >= 1500 * 0.9 and report.strategy["departures"] == 0
    text = report.text()
    assert "decision(s) judged, no departure\n" in text and "expected cost" not in text
    assert "strategy=basic" in text.splitlines()[0]  # the strategy judged, not the engine's default (optimal)
    plain = verify(path, "blackjack", randomness=False).text().splitlines()[0]
    assert "strategy=" not in plain and "post_split=" not in plain  # no strategy judged: none stated


def _stands_on_16_against_tens(tmp_path, rounds: int, seed: int):
    version, wanted = "1994", {"strategy": "basic"}
    resolved, _ = api.resolved_rules("blackjack", version, wanted, custom=True)
    w = {x.key: x for x in api.wagers("blackjack", version)}["initial"]
    table = sim_bj._table(w, resolved, api.decision_table("blackjack", version, "initial", resolved))
    changes = {("hard", 16, 9): "stand"}
    table = dataclasses.replace(table, two_card={**table.two_card, **changes}, later={**table.later, **changes})
    shoe = sim_bj.Shoe(table.decks)

    def play(_, rng, record=None):
        shoe.reset()
        return sim_bj.play_round(table, lambda: shoe.draw(rng), record)

    path = tmp_path / "bj16.jsonl"
    write_log(path, "blackjack", "initial", rounds, seed, version, wanted, play)
    return path


def test_standing_on_16_against_a_ten_departs_from_basic_at_the_engines_exact_cost(tmp_path, capsys):
    path = _stands_on_16_against_tens(tmp_path, 2000, 37)
    report = verify(path, "blackjack", strategy="basic", randomness=False)
    faults = [f for f in report.faults if f.kind == STRATEGY]
    schema = json.loads(resources.files("oddscalc").joinpath("schemas/verify-1.json").read_text())
    jsonschema.validate(json.loads(json.dumps(report.data())), schema)
    # Costs print as decimals of four significant figures with their share of the stake; JSON keeps them exact.
    for f in faults[:20]:
        shown = f.text().split("expected cost ")[1]
        decimal, share = shown.split(" (")[0], shown.split(" (")[1].split("%")[0]
        assert (
            float(decimal) == pytest.approx(float(f.cost), rel=5e-4) and len(decimal.replace(".", "").lstrip("0")) <= 4
        )
        assert float(share) == pytest.approx(float(f.cost / 10 * 100), rel=5e-4)
        assert F(f.data()["cost"]) == f.cost and f.data()["stake"] == "10"
    s = report.strategy
    assert s["costing"]["count"] == len(faults) and F(s["costing"]["exact"]) == sum(f.cost for f in faults)
    assert s["gaining"]["count"] == 0
    assert faults and report.by_kind[STRATEGY] == len(faults) == report.total
    # a strategy reads the up-card by its value: against 10, J, Q or K the departure is one rule, counted once
    assert {f.did.split(" against ")[1] for f in faults} >= {"10", "J", "Q", "K"}
    assert all(f.rule == "hard 16 against T" for f in faults)
    assert [(rule, n) for (kind, rule), (n, _) in report.by_rule.items() if kind == STRATEGY] == [
        ("hard 16 against T", len(faults))
    ]

    def two_card_16_v_ten(rec):
        cards = rec["hand"]["cards"]
        return (
            BJ[rec["banker"][0]] == 10
            and "split" not in rec["hand"]
            and sum(BJ[c] for c in cards[:2]) == 16
            and "A" not in map(rank, cards[:2])
        )

    line = next(n for n, rec in rounds_of(path) if two_card_16_v_ten(rec))
    f = first(report, STRATEGY)
    assert f.line <= line  # a later 16 (three cards or more) may come first
    rec = dict(rounds_of(path))[f.line]
    hand = f.did.split("(")[1].split(")")[0]
    data = _cli_json(
        ["blackjack", "hand", f"{hand} vs {rank(rec['banker'][0])}", "--version", "1994", "--format", "json"],
        capsys,
    )
    values = {a: F(v["exact"]) for a, v in data["actions"].items()}
    assert f.cost == (values["hit"] - values["stand"]) * 10 > 0


@pytest.mark.slow
def test_optimal_costs_are_never_negative_and_match_the_hand_query(tmp_path, capsys):
    path = tmp_path / "bj.jsonl"
    write_log(path, "blackjack", "initial", 400, 41, "1994", {"strategy": "basic"})
    report = verify(path, "blackjack", strategy="optimal", randomness=False)
    faults = [f for f in report.faults if f.kind == STRATEGY]
    assert faults, "basic strategy departs from composition-dependent play somewhere in 400 rounds"
    assert all(f.cost is not None and f.cost >= 0 for f in faults)
    assert F(report.strategy["cost"]) == sum(f.cost for f in faults)
    f = faults[0]
    rec = dict(rounds_of(path))[f.line]
    hand = f.did.split("(")[1].split(")")[0]
    argv = ["blackjack", "hand", f"{hand} vs {rank(rec['banker'][0])}", "--version", "1994", "--format", "json"]
    if "split" in rec["hand"]:
        argv += ["--removed", rank(rec["hand"]["cards"][0])]
    values = {a: F(v["exact"]) for a, v in _cli_json(argv, capsys)["actions"].items()}
    taken = f.did.split("chose ")[1].split(" ")[0]
    assert f.cost == (max(values.values()) - values[taken]) * 10


def test_a_chart_file_as_the_strategy(tmp_path, capsys):
    resolved, _ = api.resolved_rules("blackjack", "1994", {"strategy": "basic"}, custom=True)
    chart = api.decision_table("blackjack", "1994", "initial", resolved)
    changed = {
        part: [[k, n, up, "stand" if (k, n, up) == ("hard", 16, 9) else a] for k, n, up, a in rows]
        for part, rows in chart.items()
    }
    changed["later"].append(["hard", 16, 9, "stand"])
    (tmp_path / "chart.json").write_text(json.dumps(changed))
    reference = tmp_path / "bj.jsonl"
    write_log(reference, "blackjack", "initial", 1000, 43, "1994", {"strategy": "basic"})
    report = verify(reference, "blackjack", strategy=str(tmp_path / "chart.json"), randomness=False)
    s = report.strategy
    assert s["departures"] > 0 and s["departures"] == s["costing"]["count"] + s["gaining"]["count"] + s["no_cost"]
    departures = [f.did for f in report.faults] + [g["did"] for g in s["gaining"]["listed"]]
    assert all("chose hit" in d and any(f"against {t}" in d for t in ("10", "J", "Q", "K")) for d in departures)
    assert all(f.kind == STRATEGY and f.cost > 0 for f in report.faults)  # a fault never carries a negative cost
    # Hitting 16 against a ten where the chart stands: the reference player (basic strategy) gains, reported apart,
    # by exactly what the hand query says hitting is worth over standing.
    gains = s["gaining"]["listed"]
    assert gains and s["gaining"]["count"] == len(gains)
    g = gains[0]
    rec = dict(rounds_of(reference))[g["line"]]
    hand = g["did"].split("(")[1].split(")")[0]
    argv = ["blackjack", "hand", f"{hand} vs {rank(rec['banker'][0])}", "--version", "1994", "--format", "json"]
    values = {a: F(v["exact"]) for a, v in _cli_json(argv, capsys)["actions"].items()}
    assert F(g["gain"]) == (values["hit"] - values["stand"]) * 10 > 0
    assert F(s["gaining"]["exact"]) > 0 and F(s["staked"]) == 10 * report.rounds
    assert "that gain (not faults)" in report.text()
    report = verify(
        _stands_on_16_against_tens(tmp_path, 1000, 43),
        "blackjack",
        strategy=str(tmp_path / "chart.json"),
        randomness=False,
    )
    assert report.clean, report.text()
    (tmp_path / "bad.json").write_text('{"two_card": [["hard", 16, 12, "stand"]], "later": [], "no_double": []}')
    with pytest.raises(ValueError, match="bad chart row"):
        verify(reference, "blackjack", strategy=str(tmp_path / "bad.json"))


def test_three_card_poker_departures_follow_the_published_q64_rule(tmp_path, capsys):
    table = api.decision_table("three-card-poker", "2002", "ante-play")
    always = dict.fromkeys(table, "play")

    def play(w, rng, record=None):
        return sim_tcp.tcp_ante_play_round(w, rng, always, record=record)

    path = tmp_path / "tcp.jsonl"
    write_log(path, "three-card-poker", "ante-play", 600, 47, "2002", {}, play)
    report = verify(path, "three-card-poker", strategy="optimal", randomness=False)
    rank = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(v): v for v in range(2, 10)}}

    def below_q64(cards):  # published optimal strategy (Wizard of Odds): play Q-6-4 or better
        ranks = sorted((rank[c[0]] for c in cards), reverse=True)
        flush = len({c[1] for c in cards}) == 1
        straight = (ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3) or ranks == [14, 3, 2]
        if flush or straight or len(set(ranks)) < 3:
            return False
        return ranks < [12, 6, 4]

    expected = [n for n, rec in rounds_of(path) if below_q64(rec["player"])]
    got = [f.line for f in report.faults if f.kind == STRATEGY]
    assert got == expected and got
    f = report.faults[[x.kind for x in report.faults].index(STRATEGY)]
    hand = " ".join(dict(rounds_of(path))[f.line]["player"])
    data = _cli_json(["poker-hand", "three-card-poker", hand, "--version", "2002", "--format", "json"], capsys)
    assert f.cost == (F(-1) - F(data["ev_play"])) * 10 > 0


def test_super_pan_9_player_standing_on_5_departs(tmp_path):
    labels, shoe = sim_sp9.super_pan_9_labels(8), sim_sp9.super_pan_9_shoe(8)

    def play(w, rng, record=None):
        return sim_sp9.super_pan_9_round(w, rng, shoe, lambda c: sum(c) % 10 <= 4, labels, record)

    path = tmp_path / "sp9.jsonl"
    write_log(path, "super-pan-9", "initial", 800, 53, "1994", {}, play)
    report = verify(path, "super-pan-9", strategy="optimal", randomness=False)
    point = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "J": 0, "Q": 0, "K": 0}
    # the engine's (and the published) best play on the full shoe: draw on 0-5, stand on 6-9
    expected = [n for n, rec in rounds_of(path) if sum(point[c.rstrip("cdhs")] for c in rec["player"][:3]) % 10 == 5]
    got = [f.line for f in report.faults if f.kind == STRATEGY]
    assert got == expected and got and report.by_kind[STRATEGY] == report.total
    assert all(f.cost > 0 and "chose to stand on 5" in f.did for f in report.faults)


@pytest.mark.slow
def test_casino_stud_player_raising_everything(tmp_path, capsys):
    class Always:
        def decide(self, hand, up, category):
            return True

    def play(w, rng, record=None):
        return sim_stud.stud_round(w, rng, Always(), record=record)

    path = tmp_path / "csp.jsonl"
    write_log(path, "casino-stud-poker", "ante", 150, 59, "1994", {}, play)
    report = verify(path, "casino-stud-poker", strategy="optimal", randomness=False)
    faults = [f for f in report.faults if f.kind == STRATEGY]
    # every hand without a pair and without both an Ace and a King is folded by the optimal strategy
    plain = [
        n
        for n, rec in rounds_of(path)
        if len({c[0] for c in rec["player"]}) == 5
        and not {"A", "K"} <= {c[0] for c in rec["player"]}
        and len({c[1] for c in rec["player"]}) > 1
        and not _straight(rec["player"])
    ]
    assert set(plain) <= {f.line for f in faults}
    f = faults[0]
    rec = dict(rounds_of(path))[f.line]
    data = _cli_json(
        [
            "poker-hand",
            "casino-stud-poker",
            " ".join(rec["player"]),
            "--up",
            rec["banker"][4],
            "--version",
            "1994",
            "--format",
            "json",
        ],
        capsys,
    )
    assert f.cost == (F(-1) - F(data["ev_raise"])) * 10 > 0


def _straight(cards):
    order = "23456789TJQKA"
    idx = sorted(order.index(c[0]) for c in cards)
    return idx == list(range(idx[0], idx[0] + 5)) or idx == [0, 1, 2, 3, 12]


@pytest.mark.parametrize("post_split", ["cdp", "cdp1"])
def test_cdp_judges_the_second_split_hand_with_the_first_hands_cards_gone(tmp_path, post_split):
    """One pack (2007 rules, two hands): 8,8 split against a ten; the first hand 8,7 hits and busts on a 7; the
    second, 8,3, hits. With the first hand's 7,7 also gone the optimum doubles (CDP), with only the pair's other
    8 gone it hits (CDP1): the hit is a departure under CDP only, costed with the first hand's cards removed."""
    from oddscalc.games.blackjack.query import query_hand
    from oddscalc.games.blackjack.rules import rule_set
    from oddscalc.sim.log_lines import round_log

    wanted = {"decks": "1", "max_hands": "2", "post_split": post_split}
    resolved, _ = api.resolved_rules("blackjack", "2007", wanted, custom=False)
    path = tmp_path / "cdp.jsonl"
    rec = {
        "shoe": 1,
        "cut": 40,
        "banker": ["10", "7"],
        "hand": {
            "cards": ["8", "8"],
            "actions": ["split"],
            "split": [
                {"cards": ["8", "7", "7"], "actions": ["hit"], "stake": "10", "net": "-10"},
                {"cards": ["8", "3", "9"], "actions": ["hit"], "stake": "10", "net": "10"},
            ],
        },
        "wagers": [{"on": "initial", "stake": "10", "net": "0"}],
    }
    with round_log(path, "blackjack", "2007", resolved, None, {"simulator": "test", "seed": 0}) as log:
        log(rec)
    report = verify(path, "blackjack", strategy="optimal", randomness=False)
    second = [f for f in report.faults if f.kind == STRATEGY and "hand.2" in f.did]
    rules = rule_set(resolved)

    def values(removed):
        return dict(query_hand(rules, ["8", "3"], "10", removed).actions)

    seen, alone = values(["8", "7", "7"]), values(["8"])
    assert seen["double"] > seen["hit"] >= seen["stand"] and alone["hit"] > alone["double"]  # the case is as stated
    if post_split == "cdp":
        assert len(second) == 1 and "chose hit" in second[0].did
        assert second[0].cost == (seen["double"] - seen["hit"]) * 10
    else:
        assert not second
