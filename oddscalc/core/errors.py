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

Two exceptions of the command line stay outside the family on purpose: `cli.common.UserError` is a
`click.ClickException` *and* an `InputError` (so it is in the family), and `cli.main.Terminated` is a
`BaseException` (SIGTERM, like `KeyboardInterrupt`: no `except Exception` may swallow it); it never leaves
`cli.main.main`, which turns it into exit status 143.

>>> issubclass(CardError, InputError) and issubclass(InputError, OddscalcError)
True
>>> isinstance(CardError("unknown card 'Z'"), ValueError)  # old code catching ValueError still works
True
"""

from __future__ import annotations

__all__ = ["CardError", "DataError", "InputError", "LimitError", "OddscalcError", "RunError", "ShoeError"]


class OddscalcError(ValueError):
    """Any error oddscalc raises on purpose: one line saying what is wrong and, for input, what is allowed."""


class InputError(OddscalcError):
    """A value the caller gave is not allowed; the message names the parameter, the value and what is allowed."""


class DataError(OddscalcError):
    """The content of a file, a log or a stored result is not what it must be (one line naming where)."""


class LimitError(OddscalcError):
    """A question beyond what the engines compute here (the message says which bound it passes)."""


class RunError(OddscalcError):
    """A run that failed after it started, through no fault of its input (the command line exits with 1)."""


class ShoeError(InputError):
    """A shoe or pack composition, or a removal of cards, that the game cannot take."""


class CardError(ShoeError):
    """A card written in a way that cannot be read, one the game does not know, or one not in the shoe."""
