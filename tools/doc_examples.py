"""Run the command examples of the README and the docs, so that every example shows the output it really gives.

An example is a ```` ```console ```` block whose lines beginning ``$ oddscalc `` are commands; the lines after a
command, up to the next one, are its output. Those lines are never typed: ``python -m tools.doc_examples --write``
(``make examples``) writes them into README.md and every page of docs/, so each page shows its outputs in the
repository too. The tests (``tests/docs/test_doc_examples.py``) and the site's build (``docs/hooks.py``) run every
example and fail when a page's output differs from what the commands print, so no example can rot.

An HTML comment on the line before a block sets what the block shows, for every command in it:
``<!-- example: lines=8 -->`` (the first 8 lines of each output, then ``…``), ``exit=1`` (the exit status the
commands are meant to end with; the default is 0, and any other status is an error of the docs). Commands run
in-process, in the order written, in one scratch folder per page (so a later example may read a file an earlier
one wrote), with ``ODDSCALC_STORE=shipped`` (an example must answer from the shipped data: one that would
compute for minutes fails instead of slowing the build) and ``ODDSCALC_WORKERS=1``.

Commands too long to run (hours of work, a Dask cluster) are shown in ```` ```sh ```` blocks instead, without
``$``; the tests check that each of those names real commands and options (`sh_commands`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from oddscalc.cli.main import main as oddscalc_main

ROOT = Path(__file__).resolve().parents[1]
PROMPT = "$ "
ELLIPSIS = "…"
_BLOCK = re.compile(r"(?:^<!-- example:(?P<opts>[^>]*)-->\n)?^```console\n(?P<body>.*?)^```$", re.M | re.S)
_SH_BLOCK = re.compile(r"^```(?:sh|bash)\n(.*?)^```$", re.M | re.S)
ENV = {"ODDSCALC_STORE": "shipped", "ODDSCALC_WORKERS": "1"}


class ExampleError(ValueError):
    """An example that does not run as the docs say (a wrong exit status, an unknown option): the docs' fault."""


@dataclass(frozen=True)
class Options:
    """What a block shows: at most `lines` lines of each output (None: all), and the exit status expected."""

    lines: int | None = None
    exit: int = 0


@dataclass(frozen=True)
class Block:
    """One ```console block: where it sits in the text, its options and its commands (each without the prompt)."""

    start: int
    end: int
    options: Options
    commands: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    """What a command gave: its exit status, standard output and standard error."""

    code: int
    out: str
    err: str


def parse_options(text: str) -> Options:
    """The options of an ``<!-- example: ... -->`` comment.

    >>> parse_options(" lines=8 exit=1 ")
    Options(lines=8, exit=1)
    """
    values: dict[str, int] = {}
    for item in text.split():
        name, _, value = item.partition("=")
        if name not in ("lines", "exit") or not value.isdigit():
            raise ExampleError(f"example option {item!r}: give lines=N or exit=N")
        values[name] = int(value)
    return Options(**values)


def blocks(text: str) -> list[Block]:
    """Every example block of a Markdown text, in order.

    >>> [b.commands for b in blocks("```console\\n$ oddscalc versions\\nold output\\n```\\n")]
    [('oddscalc versions',)]
    """
    found = []
    for m in _BLOCK.finditer(text):
        commands = tuple(line[len(PROMPT) :] for line in m["body"].splitlines() if line.startswith(PROMPT))
        if commands:
            found.append(Block(m.start(), m.end(), parse_options(m["opts"] or ""), commands))
    return found


def argv_of(command: str) -> list[str]:
    """The arguments after ``oddscalc`` of a command line; anything else (a pipe, another program) is refused.

    >>> argv_of("oddscalc edge roulette straight --version 1994")
    ['edge', 'roulette', 'straight', '--version', '1994']
    """
    words = shlex.split(command)
    if not words or words[0] != "oddscalc" or any(w in ("|", ">", "<", "&&", ";") for w in words):
        raise ExampleError(f"example {command!r}: an example runs one oddscalc command (show others in ```sh)")
    return words[1:]


#: Words that end a shown command's own arguments: what follows is the shell's (a redirection, a pipe).
_SHELL_OPERATORS = frozenset({">", ">>", "2>", "<", "|", "&&", ";"})


def sh_commands(text: str) -> list[list[str]]:
    """The ``oddscalc`` lines of the ```sh blocks (shown, not run), each as its arguments after ``oddscalc``; a
    line ending in a backslash goes on on the next, as in the shell, and a redirection or pipe ends the command.

    >>> sh_commands("```sh\\noddscalc protect blackjack --shoes 2000   # hours\\nmake docs\\n```\\n")
    [['protect', 'blackjack', '--shoes', '2000']]
    >>> sh_commands("```sh\\noddscalc edge dice \\\\\\n  --version 1994\\n```\\n")
    [['edge', 'dice', '--version', '1994']]
    >>> sh_commands("```sh\\noddscalc versions --format json > v.json\\n```\\n")
    [['versions', '--format', 'json']]
    """
    found = []
    for body in _SH_BLOCK.findall(text):
        for line in re.sub(r"\\\n\s*", " ", body).splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("oddscalc "):
                words = shlex.split(line)[1:]
                ends = [i for i, w in enumerate(words) if w in _SHELL_OPERATORS]
                found.append(words[: ends[0]] if ends else words)
    return found


@contextlib.contextmanager
def _environment(folder: Path) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in ENV}
    here = Path.cwd()
    os.environ.update(ENV)
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def run(command: str, folder: Path) -> Outcome:
    """Run one example command in-process in `folder` (see the module's docstring for its environment)."""
    argv = argv_of(command)
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    code = 0
    with _environment(folder), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            oddscalc_main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8"))  # type: ignore[attr-defined]
    return Outcome(code, texts[0], texts[1])


def shown(outcome: Outcome, options: Options) -> list[str]:
    """The lines an example shows of an outcome: its output (with the error line when it exits 2), cut at
    `options.lines` with an ellipsis.

    >>> shown(Outcome(0, "a\\nb\\nc\\n", ""), Options(lines=2))
    ['a', 'b', '…']
    """
    text = outcome.out + (outcome.err if outcome.code == 2 else "")
    lines = [line.rstrip() for line in text.rstrip("\n").splitlines()]
    if options.lines is not None and len(lines) > options.lines:
        lines = [*lines[: options.lines], ELLIPSIS]
    return lines


def render_block(block: Block, folder: Path, source: str = "") -> str:
    """The block written anew: each command followed by what it printed."""
    body = []
    for command in block.commands:
        outcome = run(command, folder)
        if outcome.code != block.options.exit:
            last = (outcome.err.strip().splitlines() or [""])[-1]
            raise ExampleError(f"{source}: `{command}` exited {outcome.code}, not {block.options.exit}: {last}")
        body += [PROMPT + command, *shown(outcome, block.options)]
    opts = []
    if block.options.lines is not None:
        opts.append(f"lines={block.options.lines}")
    if block.options.exit:
        opts.append(f"exit={block.options.exit}")
    comment = f"<!-- example: {' '.join(opts)} -->\n" if opts else ""
    return comment + "```console\n" + "\n".join(body) + "\n```"


def render(text: str, source: str = "", folder: Path | None = None) -> str:
    """`text` with every example block's output filled in by running its commands (in a scratch folder)."""
    with contextlib.ExitStack() as stack:
        where = folder or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="oddscalc-docs-")))
        parts, at = [], 0
        for block in blocks(text):
            parts += [text[at : block.start], render_block(block, where, source)]
            at = block.end
        parts.append(text[at:])
    return "".join(parts)


def pages() -> list[Path]:
    """The pages whose examples are written and checked: README.md and every Markdown page under docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.doc_examples [--write] [FILE ...]``: check (or rewrite) the examples' output."""
    parser = argparse.ArgumentParser(prog="python -m tools.doc_examples", description=main.__doc__)
    parser.add_argument("files", nargs="*", type=Path, default=pages())
    parser.add_argument("--write", action="store_true", help="rewrite the files with the output the commands give")
    args = parser.parse_args(argv)
    stale = []
    for path in args.files:
        text = path.read_text(encoding="utf-8")
        try:
            new = render(text, str(path))
        except ExampleError as exc:
            print(f"doc_examples: {exc}", file=sys.stderr)
            return 2
        if new != text:
            stale.append(path)
            if args.write:
                path.write_text(new, encoding="utf-8")
    for path in stale:
        print(f"{'rewrote' if args.write else 'stale examples in'} {path}", file=sys.stderr)
    return 1 if stale and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
