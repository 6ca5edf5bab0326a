"""`oddscalc law`: list or print the law's texts that the outputs cite (shipped with the package)."""

from __future__ import annotations

import click

from oddscalc.cli.common import fail
from oddscalc.regulations.texts import TEXTS, TextError, read

__all__ = ["commands"]


@click.command("law")
@click.argument("name", required=False)
def law(name: str | None) -> None:
    """Print the law text NAME (README, 1994, 2002, ...), or list the texts when NAME is omitted.

    Outputs that cite "regulations README" mean `oddscalc law README`.
    """
    if name is None:
        width = max(len(t.name) for t in TEXTS)
        for t in TEXTS:
            click.echo(f"{t.name:{width}}  {t.title} ({t.file})")
        return
    try:
        data = read(name)
    except TextError as exc:
        fail(str(exc))
    click.echo(data, nl=False)  # bytes: written unchanged


commands = [law]
