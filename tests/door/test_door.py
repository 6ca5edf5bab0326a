"""The door, `import oddscalc`: a small set of functions, numbers in any common spelling, errors that name
parameters (never command-line flags), and an import that loads no engine."""

import math
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction as F
from statistics import NormalDist

import pytest

import oddscalc
from oddscalc.core.numbers import as_fraction

# A straight bet at roulette: net -1 with chance 36/37, +35 with chance 1/37; by hand its variance is
# 36^2 x (1/37)(36/37), so its standard deviation is 36 x 6/37 = 216/37.
SD_STRAIGHT = F(216, 37)


def rounds_by_hand(alpha, power, shift, sd=SD_STRAIGHT):
    """The normal-approximation sample size, worked apart from core.planning: ((z_{1-a/2} + z_power) sd / shift)^2."""
    z = NormalDist().inv_cdf
    return math.ceil(((z(1 - alpha / 2) + z(power)) * float(sd) / float(shift)) ** 2)


# ---- numbers -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["1%", "1/100", "0.01", " 1e-2 ", F(1, 100), Decimal("0.01")])
def test_every_exact_spelling_of_one_percent_is_one_hundredth(value):
    assert as_fraction(value, "alpha") == F(1, 100)


def test_a_float_is_taken_at_its_exact_binary_value():
    """0.01 is not 1/100 in binary: it is the double nearest, 5764607523034235 / 2^59 (Decimal(0.01) spells it
    out exactly); the door takes that value, not the decimal it was typed as."""
    exact = as_fraction(0.01, "alpha")
    assert exact == F(Decimal(0.01))  # noqa: RUF032 (the float's exact value is the point) == F(5764607523034235, 2**59)
    assert exact != F(1, 100) and abs(exact - F(1, 100)) < F(1, 10**18)
    assert as_fraction(0.5, "power") == F(1, 2) and as_fraction(1 / 100, "alpha") == exact


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("abc", "alpha 'abc' is not a number"),
        (float("nan"), "alpha nan is not a finite number"),
        (float("inf"), "alpha inf is not a finite number"),
        (Decimal("NaN"), "alpha 'NaN' is not a finite number"),
        (True, "alpha 'True' is not a number"),
        ([1], "alpha '[1]' is not a number"),
        (0, "alpha '0' is out of range; it must be above 0 and below 1"),
        ("100%", "alpha '100%' is out of range; it must be above 0 and below 1"),
    ],
)
def test_a_number_refused_is_one_line_naming_the_parameter(value, said):
    with pytest.raises(oddscalc.NumberError) as exc:
        as_fraction(value, "alpha", minimum=0, maximum=1, min_open=True, max_open=True)
    assert str(exc.value).startswith(said) and "\n" not in str(exc.value) and "--" not in str(exc.value)
    assert isinstance(exc.value, oddscalc.InputError) and isinstance(exc.value, ValueError)


# ---- plan ------------------------------------------------------------------------------------------------------


def test_plan_takes_the_numbers_the_docs_show_as_python_writes_them():
    """`alpha=1/100` is a float in Python, `power=0.8` too: once an AttributeError, now the plan of their exact
    binary values, which round to the same number of rounds as 1/100 and 4/5."""
    by_hand = rounds_by_hand(0.01, 0.8, 0.01)
    exact = oddscalc.plan("roulette", "straight", version="1994", shift=F(1, 100), alpha=F(1, 100), power=F(4, 5))
    assert exact.rounds_needed == by_hand == 3980234
    for spelling in [
        dict(shift=0.01, alpha=1 / 100, power=0.8, level=0.95),
        dict(shift="1%", alpha="1%", power="80%", level="19/20"),
        dict(shift=Decimal("0.01"), alpha="0.01", power=Decimal("0.8")),
    ]:
        assert oddscalc.plan("roulette", "straight", version="1994", **spelling).rounds_needed == by_hand


def test_plan_rounds_may_be_any_whole_number_spelling():
    bands = {
        str(oddscalc.plan("roulette", "straight", version="1994", rounds=r).band) for r in (10**6, "1e6", 1e6, F(10**6))
    }
    assert len(bands) == 1
    with pytest.raises(oddscalc.NumberError, match=r"^rounds '1\.5' is not a whole number"):
        oddscalc.plan("roulette", "straight", version="1994", rounds=1.5)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [(dict(shift="abc"), "shift"), (dict(shift="1%", alpha="x"), "alpha"), (dict(shift="1%", power=1.0), "power")],
)
def test_plan_names_the_bad_parameter(kwargs, name):
    with pytest.raises(oddscalc.NumberError) as exc:
        oddscalc.plan("roulette", "straight", version="1994", **kwargs)
    assert str(exc.value).startswith(f"{name} ") and "--" not in str(exc.value)


# ---- check of observed counts -----------------------------------------------------------------------------------


def test_check_counts_reads_returns_and_alpha_in_any_spelling():
    """37,000 straight bets, the number hitting 900 times where 1,000 are expected: the chi-square statistic by
    hand is 100^2/36000 + 100^2/1000 (two bins, each expected far above 5)."""
    straight = oddscalc.analyse("roulette", "straight", version="1994").result("straight")
    by_hand = F(100**2, 36000) + F(100**2, 1000)
    results = [
        oddscalc.check_counts(straight, counts, alpha=alpha)
        for counts, alpha in [
            ({-1: 36100, 35: 900}, F(1, 100)),
            ({"-1": 36100, "35": 900}, "1%"),
            ({-1.0: 36100, 35.0: 900}, 0.01),
            ({F(-1): 36000, "-1/1": 100, Decimal(35): 900}, "0.01"),
        ]
    ]
    assert {r.chi_square for r in results} == {by_hand}
    assert {r.rounds for r in results} == {37000}
    assert {r.observed_mean for r in results} == {F(-36100 + 35 * 900, 37000)}


@pytest.mark.parametrize(
    ("counts", "alpha", "error", "said"),
    [
        ({"abc": 3}, "1%", "NumberError", "counts' net return 'abc'"),
        ({-1: 3.5}, "1%", "NumberError", "count of net return -1 '3.5' is not a whole number"),
        ({-1: "3"}, "1%", "NumberError", "count of net return -1 '3' is not a whole number"),
        ({-1: 10, 35: 1}, 2.0, "NumberError", "alpha '2.0' is out of range"),
        ({-1: 10, 7: 1}, "1%", "CheckError", "outcome 7 cannot happen"),
        ([(-1, 10)], "1%", "NumberError", "counts "),
    ],
)
def test_check_counts_refuses_in_one_line(counts, alpha, error, said):
    straight = oddscalc.analyse("roulette", "straight", version="1994").result("straight")
    with pytest.raises(getattr(oddscalc, error)) as exc:
        oddscalc.check_counts(straight, counts, alpha=alpha)
    assert said in str(exc.value) and "\n" not in str(exc.value) and "--" not in str(exc.value)


# ---- errors name parameters ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "said"),
    [
        (lambda: oddscalc.analyse("roulette", "nope", version="1994"), "WagerError", "no wager 'nope'"),
        (lambda: oddscalc.analyse("craps"), "GameError", "unknown game 'craps'"),
        (lambda: oddscalc.analyse("roulette", version="1999"), "VersionError", "'1999'"),
        (
            lambda: oddscalc.analyse("blackjack", "insurance", version="1994", rules={"soft17": "hit"}),
            "RuleError",
            "give custom=True",
        ),
        (lambda: oddscalc.wagers("big-six", pay={"Z": "1:1"}), "OverrideError", "pay 'Z': no wager 'Z'"),
        (lambda: oddscalc.poker_hand("casino-stud-poker", "As Ks Qs Js 9s"), "GameError", "give up='7h'"),
        (lambda: oddscalc.poker_hand("three-card-poker", "Qs 6d 4c", "7h"), "GameError", "give up=None"),
        (lambda: oddscalc.poker_hand("roulette", "Qs 6d 4c"), "GameError", "no poker hand"),
        (lambda: oddscalc.blackjack_hand("8,Z", "10", version="1994"), "CardError", "'Z'"),
        (lambda: oddscalc.blackjack_hand("8,8", 10, version="1994"), "CardError", "up '10' is not cards"),
        (lambda: oddscalc.analyse("roulette", rules=["decks"]), "RuleError", "rules "),
        (lambda: oddscalc.analyse(3), "GameError", "game '3'"),
    ],
)
def test_errors_name_parameters_never_flags(call, error, said):
    with pytest.raises(oddscalc.OddscalcError) as exc:
        call()
    assert type(exc.value).__name__ == error, exc.value
    message = str(exc.value)
    assert said in message and "--" not in message and "\n" not in message


# ---- resolution and the root ---------------------------------------------------------------------------------


def test_words_are_resolved_once_into_a_game():
    g = oddscalc.resolve("roulette")
    assert (g.name, g.version.id) == ("roulette", "2007")  # the newest version, which still permits roulette
    assert oddscalc.resolve("super-pan-9").version.id == "2002"  # dropped in 2007: the newest that permits it
    assert oddscalc.edge(g, "straight") == oddscalc.edge("roulette", "straight", version="2007") == F(1, 37)
    with pytest.raises(oddscalc.VersionError):
        oddscalc.edge(g, "straight", version="1994")
    assert [v.id for v in oddscalc.versions()] == ["1994", "2002", "2007"]
    assert oddscalc.game_names("2007") == tuple(g for g in oddscalc.game_names() if g in oddscalc.versions()[2].games)


def test_import_oddscalc_loads_no_engine():
    code = "import oddscalc, sys; print(sorted(m for m in sys.modules if m.startswith('oddscalc')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['oddscalc']"


def test_the_root_exports_what_it_lists_and_nothing_else():
    from oddscalc import _EXPORTS

    assert oddscalc.__all__ == sorted(_EXPORTS)
    for name in oddscalc.__all__:
        assert getattr(oddscalc, name) is not None and name in dir(oddscalc)
    assert set(oddscalc.__all__) >= {"analyse", "edge", "plan", "check_counts", "OddscalcError", "GameAnalysis"}
    with pytest.raises(AttributeError):
        oddscalc.no_such_thing  # noqa: B018
    from oddscalc import api  # a submodule is still reached as one (the door's names shadow none)

    assert api.analyse is not oddscalc.analyse


def test_the_api_lists_every_name_it_exports():
    """`oddscalc.api.__all__` once missed decision_table, version_ids and RuleError: every public name defined
    or re-exported at its top level is listed, and every listed name exists."""
    from oddscalc import api

    public = {
        name
        for name, value in vars(api).items()
        if not name.startswith("_") and callable(value) and getattr(value, "__module__", "") == "oddscalc.api"
    }
    assert {"decision_table", "version_ids", "RuleError"} <= set(api.__all__)
    assert public <= set(api.__all__) and all(hasattr(api, name) for name in api.__all__)


def test_blackjack_questions_live_in_their_own_module_and_list_every_name():
    """The api holds no one game's command endpoints: blackjack's own questions (a hand, the whole game, split
    laws' budgets) are in `oddscalc.blackjack_queries`, whose `__all__` lists every public function it defines."""
    from oddscalc import api, blackjack_queries

    assert [name for name in api.__all__ if name.startswith("blackjack")] == []
    public = {
        name
        for name, value in vars(blackjack_queries).items()
        if not name.startswith("_") and callable(value) and value.__module__ == blackjack_queries.__name__
    }
    assert public == set(blackjack_queries.__all__) and "hand_query" in public


def test_every_exported_class_and_function_has_a_lead_sentence_and_a_worked_example():
    """The names `oddscalc`, `oddscalc.api` and `oddscalc.blackjack_queries` export are what a Python user reads
    first: each class and function opens with a one-line lead sentence and carries a `>>>` example of its own
    (run by --doctest-modules), an error class included (raised, caught and its message shown). Its own
    `__doc__`, never one inherited."""
    import inspect

    from oddscalc import api, blackjack_queries

    names = {f"oddscalc.{name}": getattr(oddscalc, name) for name in oddscalc.__all__}
    for module in (api, blackjack_queries):
        names.update((f"{module.__name__}.{name}", getattr(module, name)) for name in module.__all__)
    checked = {name: value for name, value in names.items() if inspect.isclass(value) or inspect.isfunction(value)}
    assert len(checked) >= 60
    without = sorted(name for name, value in checked.items() if ">>>" not in (value.__doc__ or ""))
    assert without == []
    no_lead = sorted(
        name
        for name, value in checked.items()
        if not (value.__doc__ or "").split("\n", 1)[0].rstrip().endswith((".", ":", ")"))
    )
    assert no_lead == []
