"""Every relative link in README.md and docs/ leads to a file of the repository (and to a heading of it, for a
Markdown page with an #anchor), so the pages read as well in a clone as on the site; and the guides keep the
validation records on pages of their own (docs/validation/). Help text names no file of the repository."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from oddscalc.cli.main import cli
from oddscalc.regulations import texts

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
GUIDES = sorted(DOCS.glob("*.md"))

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6} (.+?)\s*#*$", re.M)
_LAW = re.compile(r"^<!-- law: (?P<name>[\w-]+) -->$", re.M)  # a shipped law text, put in by docs/hooks.py


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _prose(text: str) -> str:
    return _CODE.sub("", _FENCE.sub("", text))


def slug(heading: str) -> str:
    """A heading's anchor as the site makes it (Python-Markdown's toc slugify): ASCII, lower case, words and
    hyphens only, runs of spaces and hyphens one hyphen.

    >>> slug("The 2,000-shoe study")
    'the-2000-shoe-study'
    >>> slug("Correctness checks (`tests/test_protect.py`)")
    'correctness-checks-teststest_protectpy'
    """
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown page's headings (a repeated heading's later anchors get _1, _2, ...)."""
    found: set[str] = set()
    text = _LAW.sub(lambda m: texts.read(m["name"]).decode("utf-8"), path.read_text(encoding="utf-8"))
    for heading in _HEADING.findall(_FENCE.sub("", text)):
        base = slug(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading))
        name, n = base, 0
        while name in found:
            n += 1
            name = f"{base}_{n}"
        found.add(name)
    return found


def broken_links(page: Path) -> list[str]:
    """The relative links of `page` that lead to no file, or to no heading of a Markdown page."""
    broken = []
    for target in _LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
            continue
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        if not path.is_file():
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(target)
    return broken


def test_a_broken_link_is_found(tmp_path):
    (tmp_path / "a.md").write_text("# A page\n\n## The 2,000-shoe study\n")
    page = tmp_path / "b.md"
    page.write_text(
        "[ok](a.md) [ok](a.md#the-2000-shoe-study) [web](https://example.org/x.md) `[code](nowhere.md)`\n"
        "[gone](nowhere.md) [bad anchor](a.md#no-such-heading) [self](#no-such-heading)\n"
    )
    assert broken_links(page) == ["nowhere.md", "a.md#no-such-heading", "#no-such-heading"]


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_relative_link_resolves_in_the_repository(page):
    assert not broken_links(page), f"{_rel(page)}: links to nothing: {broken_links(page)}"


def test_the_tables_index_names_every_version():
    text = (DOCS / "tables" / "index.md").read_text()
    versions = sorted(p.name for p in (ROOT / "tables").iterdir() if (p / "README.md").is_file())
    assert versions
    for version in versions:
        assert f"../../tables/{version}/README.md" in text, version


_RECORD_HEADING = re.compile(
    r"^#{2,6} .*\b(checks|measured|measurements|benchmarks?|speed|stud(y|ies)|larger run)\b", re.I | re.M
)


@pytest.mark.parametrize("page", GUIDES, ids=_rel)
def test_a_guide_points_to_its_validation_record_and_holds_none(page):
    """A guide's section on checks, timings or studies is one pointer to docs/validation/, a few lines long."""
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    for section in re.split(r"(?m)^(?=#{1,6} )", text):
        if _RECORD_HEADING.match(section):
            body = section.split("\n", 1)[1].strip()
            assert "validation/" in body and len(body.splitlines()) <= 3, f"{_rel(page)}: {section[:60]!r}"


def test_every_validation_record_is_linked_from_a_guide():
    linked = {
        (page.parent / t.partition("#")[0]).resolve()
        for page in [*GUIDES, DOCS / "validation" / "index.md"]
        for t in _LINK.findall(page.read_text())
    }
    for record in sorted((DOCS / "validation").glob("*.md")):
        assert record.resolve() in linked, _rel(record)


def _commands(command: click.Command, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    found = [(path, command)]
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            found += _commands(sub, (*path, name))
    return found


def test_help_and_shipped_schemas_name_no_file_an_installed_user_lacks():
    """An installed user has no docs/ folder: help text and the shipped schemas name a guide by its title."""
    runner = CliRunner()
    for path, _ in _commands(cli):
        shown = runner.invoke(cli, [*path, "--help"])
        assert shown.exit_code == 0 and "docs/" not in shown.output, f"oddscalc {' '.join(path)} --help"
    for schema in sorted((ROOT / "oddscalc" / "schemas").glob("*.json")):
        assert "docs/" not in schema.read_text(), schema.name


def test_the_package_metadata_names_its_addresses():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert set(urls) >= {"Homepage", "Documentation", "Source", "Issues"}


def test_the_printed_tables_name_no_file_an_installed_user_lacks():
    """The tables are what `oddscalc tables` writes for an installed user: their notes name a guide by its
    title, never a path of the repository (docs/, tests/)."""
    for path in sorted((ROOT / "tables").rglob("*")):
        if path.suffix in (".md", ".json", ".csv", ".html"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"\b(docs|tests)/\w", text), _rel(path)
