"""One error family: every exception class of the package derives from `OddscalcError`, and the command line
turns that family, and only it, into one line with exit status 2; anything else is a bug, shown with its
traceback and a request to report it, exit status 70."""

import importlib
import inspect
import pkgutil

import pytest

import oddscalc
from oddscalc import api
from oddscalc.cli.main import BUG_EXIT, REPORT_LINE
from oddscalc.core.errors import CardError, DataError, InputError, LimitError, OddscalcError, RunError, ShoeError
from tests.cli_run import run_cli

#: Exceptions outside the family on purpose, each with why (documented in core/errors.py's tree).
OUTSIDE = {
    # SIGTERM, raised like KeyboardInterrupt so that no `except Exception` swallows it; main() turns it into 143
    "oddscalc.cli.main.Terminated",
}


def _package_exceptions():
    """Every exception class defined in a module of the package (imported by name, as a user would)."""
    found = {}
    for info in pkgutil.walk_packages(oddscalc.__path__, "oddscalc."):
        if info.name == "oddscalc.__main__":
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == info.name:
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return found


def test_every_exception_class_of_the_package_is_in_the_family():
    found = _package_exceptions()
    # the walk found the package's errors where they live (not a walk that finds nothing and passes)
    assert {"oddscalc.core.numbers.NumberError", "oddscalc.api.GameError", "oddscalc.core.store.StoreMiss"} <= set(
        found
    )
    assert len(found) >= 40
    outside = {name for name, cls in found.items() if not issubclass(cls, OddscalcError)}
    assert outside == OUTSIDE


def test_the_family_is_a_value_error_tree_with_one_card_and_one_shoe_error():
    assert issubclass(OddscalcError, ValueError)
    for branch in (InputError, DataError, LimitError, RunError):
        assert branch.__bases__ == (OddscalcError,)
    # the three card errors and the two shoe errors of old are one class each, re-exported where they were
    from oddscalc.core import card_shoe as shoe
    from oddscalc.games.baccarat import cards as baccarat_cards
    from oddscalc.games.blackjack import shoe as blackjack_shoe
    from oddscalc.games.blackjack import shoe_value
    from oddscalc.games.poker import cards as poker_cards

    assert blackjack_shoe.CardError is baccarat_cards.CardError is poker_cards.CardError is CardError
    assert shoe.ShoeError is shoe_value.ShoeError is ShoeError
    assert issubclass(CardError, ShoeError)
    # the cluster lost mid-run is a run error (exit 1) and still a RuntimeError for code that caught it so
    from oddscalc.core.cluster import ClusterFailure

    assert issubclass(ClusterFailure, RunError) and issubclass(ClusterFailure, RuntimeError)


def test_the_root_exports_the_family():
    for name in ("OddscalcError", "InputError", "DataError", "LimitError", "RunError", "CardError", "ShoeError"):
        assert getattr(oddscalc, name) is getattr(importlib.import_module("oddscalc.core.errors"), name)


def _broken(exc):
    def wagers(*args, **kwargs):
        raise exc

    return wagers


def test_a_bug_in_a_command_shows_its_traceback_and_asks_for_a_report(monkeypatch, capsys):
    """An exception outside the family (here a KeyError from deep in the library) is a bug: not exit 2 with
    "error: ..." as if the input were wrong, but the traceback, one line asking for a report, exit 70."""
    monkeypatch.setattr(api, "wagers", _broken(KeyError("the engine's own bug")))
    code, out, err = run_cli(["wagers", "roulette", "--version", "1994"], capsys)
    assert code == BUG_EXIT == 70
    assert "Traceback (most recent call last)" in err and 'KeyError: "the engine\'s own bug"' in err
    assert err.rstrip().splitlines()[-1] == REPORT_LINE and "report" in REPORT_LINE
    assert out == ""


def test_a_plain_value_error_is_a_bug_too(monkeypatch, capsys):
    """A ValueError outside the family no longer passes for bad input (the commands catch the family only)."""
    monkeypatch.setattr(api, "wagers", _broken(ValueError("math domain error")))
    code, _, err = run_cli(["wagers", "roulette", "--version", "1994"], capsys)
    assert code == BUG_EXIT and "Traceback" in err and err.rstrip().endswith(REPORT_LINE)


@pytest.mark.parametrize(("exc", "status"), [(InputError("game 'x' is bad"), 2), (RunError("the cluster is lost"), 1)])
def test_the_family_is_one_line(monkeypatch, capsys, exc, status):
    """The family's errors are one line, no traceback: 2 for input, 1 for a run that failed after it started."""
    monkeypatch.setattr(api, "wagers", _broken(exc))
    code, _, err = run_cli(["wagers", "roulette", "--version", "1994"], capsys)
    assert code == status
    assert err == f"oddscalc: error: {exc}\n"


@pytest.mark.parametrize(
    ("library", "command_line"),
    [
        ("pay 'Z': no wager 'Z'; allowed: A", "--pay 'Z': no wager 'Z'; allowed: A"),
        (
            "rule soft17=hit is not permitted; give custom=True to evaluate",
            "rule soft17=hit is not permitted; pass --custom to evaluate",
        ),
        ("three-card-poker has no up-card; give up=None", "three-card-poker has no up-card; drop --up"),
        ("count 'x': every weight is zero", "--count 'x': every weight is zero"),
        ("cut 400 is outside the shoe of 312 cards", "--cut 400 is outside the shoe of 312 cards"),
        ("strategy file c.json: not JSON", "--strategy c.json: not JSON"),
        ("count of net return -1 '3.5' is not a whole number", "count of net return -1 '3.5' is not a whole number"),
        ("ramp step '1': allowed TC:STAKE", "--ramp step '1': allowed TC:STAKE"),
        ("player 1: ramp stake in '1:x' 'x' is not a number", "player 1: --ramp stake in '1:x' 'x' is not a number"),
        ("a ramp of a few lines", "a ramp of a few lines"),
        (
            "indices i18: index plays are by the true count; give a count with them",
            "--indices i18: index plays are by the true count; give a --count with them",
        ),
        ("cannot read indices 'x.csv': no such file", "cannot read --indices 'x.csv': no such file"),
        ("the indices derived for hi-lo", "the indices derived for hi-lo"),
        ("leave 2 is above enter 1: he would leave", "--leave 2 is above --enter 1: he would leave"),
        ("re_enter: allowed only with both enter and leave", "--re-enter: allowed only with both --enter and --leave"),
        ("burn down:N 'x' is not a number", "--burn down:N 'x' is not a number"),
        (
            "burn down:45 burns 45 cards or more; or a deeper penetration",
            "--burn down:45 burns 45 cards or more; or a deeper --penetration",
        ),
        ("count weight for 2 'x' is not a number", "--count weight for 2 'x' is not a number"),
        ("player 1: count 'Z=1': give hi-lo", "player 1: --count 'Z=1': give hi-lo"),
        ("give weights such as 0=1,A=-1", "give weights such as --count 0=1,A=-1"),
        ("shuffle strip: the cut chance '2' is out of range", "--shuffle strip: the cut chance '2' is out of range"),
        ("pattern '(' is not a regular expression: x", "--pattern '(' is not a regular expression: x"),
        ("strategy file 'c.json': not basic or optimal", "--strategy 'c.json': not basic or optimal"),
        (
            "dice has no player decision; strategy applies to blackjack",
            "dice has no player decision; --strategy applies to blackjack",
        ),
    ],
)
def test_the_command_line_says_as_flags_what_the_library_names_as_parameters(library, command_line):
    from oddscalc.cli.common import flag_names

    assert flag_names(library) == command_line


def test_a_burn_rule_refused_names_the_parameter_and_the_command_its_flag(capsys):
    from oddscalc.protect.burn import BurnError, parse_burn

    with pytest.raises(BurnError) as exc:
        parse_burn("some")
    assert str(exc.value).startswith("burn 'some': allowed ") and "--" not in str(exc.value)
