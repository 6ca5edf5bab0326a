"""The one family of oddscalc's errors: every exception class of the package derives from `OddscalcError`.

`OddscalcError` is a `ValueError`, so code written against the old errors (each a `ValueError` of its own)
keeps working; catch `OddscalcError` to catch every error oddscalc raises on purpose. Anything else raised
from oddscalc (a `KeyError`, a `TypeError`, a plain `ValueError`) is a bug: the command line prints its
traceback and asks for a report (exit status 70) instead of turning it into a one-line error (exit status 2).

The tree (each class is defined in the module named beside it; the `oddscalc` package exports the first two
levels and the errors its functions raise):

* OddscalcError (`core.errors`): any error oddscalc raises on purpose; one line, naming what is wrong.
    * InputError (`core.errors`): a value the caller gave is not allowed: the message names the parameter
      (never a command-line flag), the value and what is allowed.
        * NumberError (`core.numbers`): text or a value that is not a number accepted there, or out of range.
        * OddsError (`core.odds`): odds text that cannot be read as `A to B`.
        * ShoeError (`core.errors`): a shoe or pack composition, or a removal, the game cannot take.
            * CardError (`core.errors`): a card written in a way that cannot be read, or not in the shoe.
        * VersionError (`regulations.versions`): an unknown regulation version.
        * RuleError (`regulations.rule_values`): a rule option or value the game or version does not allow.
            * MeterError (`regulations.rule_values`), MeterRuleError (`games.casino_stud_poker.jackpot`).
        * OverrideError (`regulations.model`): a pay override that names no wager or cannot be read.
        * TextError (`regulations.texts`): a name that is not one of the shipped texts of the law.
        * GameError, WagerError (`api`): an unknown game or wager, or one the version does not permit.
        * PlanError (`core.planning`), CheckError (`sim.check`): a test plan or a check of counts that
          has no answer (a level outside (0, 1), negative counts).
        * DistributionError (`core.distribution`), MatrixGameError (`core.matrix_game`): a law or a
          payoff matrix given that is not one.
        * OutputPathError (`core.files`), PlotPathError (`report.plots.plot_files`): a path that cannot be written;
          InputPathError (`core.inputs`): an input path that cannot be read.
        * ClusterError (`core.cluster`): a Dask scheduler address that is malformed or does not answer.
        * SimulationError (`sim.round_function`), DealingError (`sim.shoe_dealing`), ShuffleError
          (`sim.shuffle_models`): a simulation that cannot be run as asked.
        * StrategyError (`verify.conformance`), VerifyError (`verify.runner`): a verification that cannot run.
        * CountError (`protect.count_systems`), BurnError (`protect.burn`), PenetrationError
          (`protect.penetration`), StudyError (`report.plots.study_charts`): a protection study asked for wrongly.
        * NothingToWrite (`report.edge_tables`), NotALawError (`report.plots.law_chart`): a choice that selects
          nothing to write, or a law that cannot be drawn.
    * DataError (`core.errors`): the content of a file, a log or a stored result is not what it must be.
        * JsonReadError (`core.jsonread`), ResultsError (`sim.results`), RoundLogError
          (`roundlog.schema`), LogError (`verify.reader`), StateError (`protect.execute`).
    * LimitError (`core.errors`): a question beyond what the engines compute (too many hands, a table
      too fine for its exact sums, a result the shipped data lacks where computing is not allowed).
        * StoreMiss (`core.store`), FiniteReachError (`games.super_pan_9.finite_bank`),
          DecisionTableError (`games.casino_stud_poker.wagers`), BookletLayoutError (`report.booklet`).
        * ShoeRunsOut (`analysis`): a shoe so small that a hand could run out of cards.
        * OutOfCards (`protect.round_cards`): a shoe ran out mid-round; caught inside a protection study (it
          ends the shoe) and never escapes it.
    * RunError (`core.errors`): a run that failed after it started, not the input's fault (exit status 1).
        * ClusterFailure (`core.cluster`): the cluster failed after the parts were sent (also a RuntimeError).

Two exceptions of the command line need a word. `cli.common.UserError` is a `click.ClickException` *and* an
`InputError`, so it is in the family. `cli.main.Terminated` stays outside on purpose: it is a `BaseException`
(SIGTERM, like `KeyboardInterrupt`), so no `except Exception` may swallow it. It never leaves `cli.main.main`,
which turns it into exit status 143.

>>> issubclass(CardError, InputError) and issubclass(InputError, OddscalcError)
True
>>> isinstance(CardError("unknown card 'Z'"), ValueError)  # old code catching ValueError still works
True
"""

from __future__ import annotations

__all__ = ["CardError", "DataError", "InputError", "LimitError", "OddscalcError", "RunError", "ShoeError"]


class OddscalcError(ValueError):
    """Any error oddscalc raises on purpose: one line saying what is wrong and, for input, what is allowed.

    Catch it to catch every refusal at once; anything else that escapes oddscalc is a bug.

    Examples:
        The law has had three versions, 1994, 2002 and 2007, so a version "1066" is refused. The `VersionError`
        is caught as one of the family:

        >>> import oddscalc
        >>> try:
        ...     oddscalc.edge("roulette", "straight", version="1066")
        ... except oddscalc.OddscalcError as exc:
        ...     print(f"{type(exc).__name__}: {exc}")
        VersionError: unknown version '1066'; allowed: 1994, 2002, 2007
    """


class InputError(OddscalcError):
    """A value the caller gave is not allowed; the message names the parameter, the value and what is allowed.

    Examples:
        A punto banco shoe holds 1 to 8 packs (`oddscalc.api.rule_options`), so 9 packs are refused:

        >>> import oddscalc
        >>> try:
        ...     oddscalc.edge("punto-banco", "banker", rules={"decks": "9"})
        ... except oddscalc.InputError as exc:
        ...     print(f"{type(exc).__name__}: {exc}")
        RuleError: rule decks='9' is not allowed; choose from: 1, 2, 3, 4, 5, 6, 7, 8
    """


class DataError(OddscalcError):
    """The content of a file, a log or a stored result is not what it must be (one line naming where).

    Examples:
        JSON allows a key twice in one object and keeps the last; oddscalc's reader refuses it, since a log that
        says "rounds" twice says two things:

        >>> import oddscalc
        >>> from oddscalc.core.jsonread import loads
        >>> try:
        ...     loads('{"rounds": 10, "rounds": 12}')
        ... except oddscalc.DataError as exc:
        ...     print(f"{type(exc).__name__}: {exc}")
        JsonReadError: key 'rounds' appears twice in one object
    """


class LimitError(OddscalcError):
    """A question beyond what the engines compute here (the message says which bound it passes).

    Examples:
        The 1994 law permits blackjack with 4 or 6 packs, so the shipped data holds no 5-pack figures. With
        computing forbidden (`ODDSCALC_STORE=shipped`), the 5-pack edge is out of reach:

        >>> import os
        >>> from unittest import mock
        >>> import oddscalc
        >>> with mock.patch.dict(os.environ, {"ODDSCALC_STORE": "shipped"}):
        ...     try:
        ...         oddscalc.edge("blackjack", "initial", version="1994", rules={"decks": "5"}, custom=True)
        ...     except oddscalc.LimitError as exc:
        ...         print(f"{type(exc).__name__}: {str(exc).split(' {')[0]}")
        StoreMiss: shipped data missing: blackjack-edge
    """


class RunError(OddscalcError):
    """A run that failed after it started, through no fault of its input (the command line exits with 1).

    Examples:
        A cluster that drops out midway raises one. It is in the family but is no `InputError`, since the
        input was fine:

        >>> import oddscalc
        >>> try:
        ...     raise oddscalc.RunError("the cluster failed after 3 of 8 parts were sent")
        ... except oddscalc.OddscalcError as exc:
        ...     print(isinstance(exc, oddscalc.InputError), exc)
        False the cluster failed after 3 of 8 parts were sent
    """


class ShoeError(InputError):
    """A shoe or pack composition, or a removal of cards, that the game cannot take.

    Examples:
        Six packs hold 6 x 4 = 24 eights. A hand of 8,8 with 23 more eights gone would need 25, so the removal
        is refused. The error is a `CardError`, the branch of `ShoeError` that names a card:

        >>> import oddscalc
        >>> try:
        ...     oddscalc.blackjack_hand("8,8", "10", version="1994", removed=",".join(["8"] * 23))
        ... except oddscalc.ShoeError as exc:
        ...     print(f"{type(exc).__name__}: {exc}")
        CardError: cannot remove another 8: a 6-pack shoe holds only 24
    """


class CardError(ShoeError):
    """A card written in a way that cannot be read, one the game does not know, or one not in the shoe.

    Examples:
        Blackjack cards are A, 2 to 10 (or T), J, Q and K, so "Z" is refused:

        >>> import oddscalc
        >>> try:
        ...     oddscalc.blackjack_hand("8,Z", "10", version="1994")
        ... except oddscalc.CardError as exc:
        ...     print(exc)
        unknown card 'Z'; allowed: A, 2-10 (or T), J, Q, K
    """
