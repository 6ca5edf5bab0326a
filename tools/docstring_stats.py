"""Docstring measures (issue 51): the sentences over a word limit, and the public names that carry a worked example.

    python3 -m tools.docstring_stats [--limit 40] [--list] [PATH ...]

It prints how many docstring sentences under the paths (default `oddscalc`) run over the limit, the worst first
with `--list`, and how many of the names `oddscalc` and `oddscalc.api` export have a `>>>` example.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

LIMIT = 40

# A sentence ends at . ? or ! followed by white space and a capital, a backtick, a quote or a bracket, or the end.
_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z`\"'(\[])")
# Abbreviations whose full stop ends no sentence.
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "cf.", "vs.", "No.")
# A list item: "- ", "* " or "1. " at the start of a line.
_ITEM = re.compile(r"([-*]|\d+\.) ")
# A Google-style field ("    game: a game's name") and section heading ("Args:").
_FIELD = re.compile(r"\s+[\w*.]+( \([^)]*\))?: ")
_SECTION = re.compile(r"\s*(Args|Arguments|Returns|Raises|Examples?|Attributes|Notes?|Yields):$")


def sentences(doc: str) -> list[str]:
    """The prose sentences of a docstring: doctest lines and their output, commands and table rows left out.

    >>> sentences("One two. Three four, e.g. Five.\\n\\n>>> 1 + 1\\n2\\n\\n- an item\\n- another")
    ['One two.', 'Three four, e.g. Five.', '- an item', '- another']
    """
    chunks: list[list[str]] = [[]]
    in_example = False
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>"):
            in_example = True
            continue
        if in_example:
            if not stripped:
                in_example = False
            continue
        if stripped.startswith(("|", "$ ", "python", "oddscalc ")):  # a table row or a command shown
            continue
        if not stripped or _ITEM.match(stripped) or _FIELD.match(line) or _SECTION.match(line):
            chunks.append([])  # a paragraph, a list item, an argument or a section starts a new run
        chunks[-1].append(stripped)
    found: list[str] = []
    for chunk in chunks:
        text = " ".join(chunk)
        for abbreviation in _ABBREVIATIONS:
            text = text.replace(abbreviation, abbreviation.replace(".", "\0"))
        found.extend(part.replace("\0", ".").strip() for part in _END.split(text) if part.strip())
    return found


def words(sentence: str) -> int:
    """How many words a sentence has (runs of characters between white space).

    >>> words("a single-zero wheel: 18 of 37 pockets")
    7
    """
    return len(sentence.split())


def docstrings(path: Path) -> Iterator[tuple[str, int, str]]:
    """Each docstring of a module: (file, line, text), the module's own included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes: list[ast.AST] = [tree, *ast.walk(tree)]
    seen: set[int] = set()
    for node in nodes:
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        doc = ast.get_docstring(node)
        if doc:
            yield str(path), getattr(node, "lineno", 1), doc


def long_sentences(paths: list[Path], limit: int = LIMIT) -> list[tuple[int, str, int, str]]:
    """The docstring sentences over `limit` words under the paths: (words, file, line, sentence), longest first."""
    found: list[tuple[int, str, int, str]] = []
    for root in paths:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            for file, line, doc in docstrings(path):
                found.extend((words(s), file, line, s) for s in sentences(doc) if words(s) > limit)
    return sorted(found, key=lambda item: (-item[0], item[1], item[2]))


def public_names() -> dict[str, object]:
    """Each object `oddscalc` and `oddscalc.api` export (their `__all__`), by its qualified name.

    An object both export is counted once, under the module it is defined in.
    """
    names: dict[str, object] = {}
    for module_name in ("oddscalc", "oddscalc.api"):
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if all(value is not seen for seen in names.values()):
                names[f"{getattr(value, '__module__', module_name)}.{name}"] = value
    return names


def with_example(names: Mapping[str, object]) -> list[str]:
    """The classes and functions among the names whose docstring carries a `>>>` example."""
    return [
        name
        for name, value in names.items()
        if (inspect.isclass(value) or callable(value)) and ">>>" in (value.__doc__ or "")
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[Path("oddscalc")])
    parser.add_argument("--limit", type=int, default=LIMIT)
    parser.add_argument("--list", action="store_true", help="list the long sentences, the longest first")
    parser.add_argument("--missing", action="store_true", help="list the public names without an example")
    args = parser.parse_args(argv)
    found = long_sentences(args.paths, args.limit)
    if args.list:
        for count, file, line, sentence in found:
            print(f"{count:4d} {file}:{line}: {sentence[:100]}")
    print(f"docstring sentences over {args.limit} words: {len(found)}")
    names = {
        name: value
        for name, value in public_names().items()
        if inspect.isclass(value) or inspect.isfunction(value) or inspect.isbuiltin(value)
    }
    examples = with_example(names)
    if args.missing:
        for name in sorted(set(names) - set(examples)):
            print(f"  no example: {name}")
    print(f"public classes and functions with an example: {len(examples)} of {len(names)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
