"""The `oddscalc` command: its group of commands, gathered from the command modules of this package, and its entry.

The entry point turns every error of oddscalc's family (`oddscalc.OddscalcError`) into one line and an exit
status. Anything else is a bug: it prints its traceback and a request to report it (exit status 70)."""

from __future__ import annotations

import signal
import sys
import threading
import traceback
from concurrent.futures.process import BrokenProcessPool
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version

import click

from oddscalc.cli import (
    baccarat,
    blackjack,
    data_commands,
    game_commands,
    law_commands,
    monitor_commands,
    plan_commands,
    poker,
    protect_commands,
    sim_commands,
    verify_commands,
)
from oddscalc.cli.common import Group, flag_names, one_line
from oddscalc.core.compiled import on_first_compile
from oddscalc.core.errors import OddscalcError, RunError
from oddscalc.core.numbers import shorten
from oddscalc.core.progress import is_terminal

__all__ = ["BUG_EXIT", "COMMAND_MODULES", "REPORT_LINE", "cli", "main"]

#: The exit status of a bug: an exception outside oddscalc's error family (sysexits.h's EX_SOFTWARE).
BUG_EXIT = 70
#: The line printed under a bug's traceback.
REPORT_LINE = (
    "oddscalc: internal error: this is a bug in oddscalc, not in your input; please report it with the command "
    "line and the traceback above"
)

#: The command modules, each exposing `commands` (a list of click commands), in the order `--help` lists them.
COMMAND_MODULES = (
    game_commands,
    blackjack,
    baccarat,
    poker,
    sim_commands,
    law_commands,
    plan_commands,
    verify_commands,
    monitor_commands,
    protect_commands,
    data_commands,
)


def _own_version() -> str:
    try:
        return package_version("oddscalc")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown (not installed)"


@click.group(
    cls=Group,
    examples=[
        "oddscalc edge roulette",
        "oddscalc blackjack hand 8,8 vs 10 --version 1994",
        'eval "$(_ODDSCALC_COMPLETE=bash_source oddscalc)"    # completion in bash (zsh_source, fish_source)',
    ],
)
@click.version_option(
    _own_version(),
    "--version",
    prog_name="oddscalc",
    message="%(prog)s %(version)s",
    help="Show oddscalc's version and exit (a command's own --version is the regulation version).",
)
def cli() -> None:
    """Exact odds, expectations and house edges for the casino games of the British regulations.

    `oddscalc COMMAND --help` describes a command, with examples; the shell completes commands, games, versions
    and formats once set up (last example; the documentation's "Shell completion" page).
    """


for _module in COMMAND_MODULES:
    for _command in _module.commands:
        cli.add_command(_command)


class Terminated(BaseException):
    """SIGTERM, raised where the command is (like Ctrl-C's KeyboardInterrupt) so that it stops its workers."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated(signum)


def _compiling(text: str) -> None:
    """The first run's compile notice on stderr, on a line of its own (over a progress bar being drawn)."""
    click.echo(("\r\x1b[K" if is_terminal(sys.stderr) else "") + text, err=True)


def main(argv: list[str] | None = None) -> None:
    """Entry point: each error of oddscalc's family as one line and an exit status; a bug as its traceback.

    Bad input exits with status 2, and a run that failed after it started (`RunError`: a Dask cluster lost)
    with 1. An interrupt (130) or SIGTERM (143) gives a clean message, local workers stopped first. Any other
    exception is a bug: its traceback, `REPORT_LINE`, exit status 70 (`BUG_EXIT`)."""
    here = threading.current_thread() is threading.main_thread()  # only the main thread may set a handler
    previous = signal.signal(signal.SIGTERM, _terminate) if here else None
    on_first_compile(_compiling)  # a first run says it compiles loops for seconds, once (later runs reuse them)
    try:
        rv = cli.main(args=argv, prog_name="oddscalc", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        click.echo(f"oddscalc: error: {one_line(exc.format_message())}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("oddscalc: interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("\noddscalc: interrupted", err=True)
        sys.exit(130)
    except Terminated:
        click.echo("\noddscalc: terminated", err=True)
        sys.exit(143)
    except RunError as exc:  # the run started, then (its cluster) failed: not the input's fault
        click.echo(f"oddscalc: error: {one_line(str(exc))}", err=True)
        sys.exit(1)
    except OddscalcError as exc:  # the family: bad input, data or a bound, said in one line
        click.echo(f"oddscalc: error: {one_line(flag_names(str(exc)))}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(1)
    except MemoryError as exc:  # work a user asked for without a bound (a blackjack law with --law-budget none)
        click.echo(one_line(f"oddscalc: error: out of memory{': ' + str(exc) if str(exc) else ''}"), err=True)
        sys.exit(2)
    except BrokenProcessPool:  # a worker killed by the system, most often for want of memory
        click.echo("oddscalc: error: a worker process was killed (most likely for want of memory)", err=True)
        sys.exit(2)
    except OSError as exc:  # a file that cannot be written or read after all (disk full, a device, /proc)
        where = f" ({shorten(exc.filename)})" if exc.filename else ""
        click.echo(f"oddscalc: error: input/output failed{where}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    except Exception:  # anything else is a bug: show where, and ask for a report (never exit 2, never silent)
        traceback.print_exc()
        click.echo(REPORT_LINE, err=True)
        sys.exit(BUG_EXIT)
    finally:
        on_first_compile(None)
        if here and previous is not None:
            signal.signal(signal.SIGTERM, previous)
    sys.exit(rv if isinstance(rv, int) else 0)
