"""`oddscalc law`: list or print the law's texts that the outputs cite (shipped with the package)."""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from oddscalc.cli.common import Command, fail
from oddscalc.regulations.texts import TEXTS, TextError, read
from oddscalc.report.text import hanging

__all__ = ["commands"]


def _names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The texts' names, for shell completion (a text's file name, such as README.md, is accepted too)."""
    return [CompletionItem(t.name, help=t.title) for t in TEXTS if t.name.lower().startswith(incomplete.lower())]


@click.command("law", cls=Command, examples=["oddscalc law", "oddscalc law 1994", "oddscalc law README"])
@click.argument("name", required=False, shell_complete=_names)
def law(name: str | None) -> None:
    """Print the law text NAME (README, 1994, 2002, ...), or list the texts when NAME is omitted.

    Outputs that cite "regulations README" mean `oddscalc law README`.
    """
    if name is None:
        width = max(len(t.name) for t in TEXTS)
        for t in TEXTS:
            click.echo("\n".join(hanging(f"{t.name:{width}}  ", f"{t.title} ({t.file})")))
        return
    try:
        data = read(name)
    except TextError as exc:
        fail(str(exc))
    click.echo(data, nl=False)  # bytes: written unchanged


commands = [law]
