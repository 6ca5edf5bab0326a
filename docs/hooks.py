"""MkDocs hooks of the documentation site (mkdocs.yml `hooks:`): nothing on the site is a copy made by hand.

- Every page's command examples get the output the commands really give (`tools/doc_examples.py`).
- Docstrings' worked examples (``>>>`` lines, run by the tests as doctests) are shown as Python sessions in the
  API reference, not read as Markdown quotes.
- ``<!-- law: NAME -->`` becomes the shipped law text NAME (`oddscalc law NAME`; a Markdown text such as the
  regulations README, its headings one level down), so the law's data is never typed twice.
- `bench/results.md` (written by `make bench`) and `studies/README.md` are pages too, read where they are kept.
- The printed odds tables of every version (`tables/<version>/`, written by `oddscalc tables`) become pages of
  the site, with their JSON, CSV and the print booklets (PDF, HTML) beside them, read at build time.
- A page links to those files where the repository keeps them (`../bench/results.md`,
  `../tables/1994/README.md`), so the link works in the repository too; on the site it leads to their page.
- A page whose examples' output is not what the commands print fails the build (`make examples` rewrites them).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parents[1]
TABLES = ROOT / "tables"
STATIC = (".json", ".csv", ".pdf", ".html")

if str(ROOT) not in sys.path:  # `mkdocs build` runs from the venv's bin: make `tools` importable
    sys.path.insert(0, str(ROOT))

from oddscalc.regulations import texts  # noqa: E402
from tools import doc_examples  # noqa: E402

_LAW = re.compile(r"^<!-- law: (?P<name>[\w-]+) -->$", re.M)


def _law(m: re.Match[str]) -> str:
    text = texts.read(m["name"]).decode("utf-8")
    return re.sub(r"^(#+) ", r"#\1 ", text, flags=re.M)


class _DoctestLines(Preprocessor):
    """Fence every run of doctest lines (``>>>`` and what follows it up to a blank line) outside a fence."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence = ""
        session: list[str] = []
        for line in [*lines, ""]:
            bare = line.strip()
            if session and bare:
                session.append(line)
                continue
            if session:
                out += ["```pycon", *session, "```"]
                session = []
            if fence:
                fence = "" if bare.startswith(fence) else fence
            elif bare.startswith(("```", "~~~")):
                fence = bare[:3]
            elif line.startswith(">>> "):
                session = [line]
                continue
            out.append(line)
        return out[:-1]


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_DoctestLines(md), "oddscalc_doctests", 35)


@event_priority(100)  # before mkdocstrings reads the extensions
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    config.markdown_extensions.append(DoctestExtension())  # type: ignore[arg-type]
    return config


def _versions() -> list[Path]:
    return sorted(p for p in TABLES.iterdir() if p.is_dir() and (p / "README.md").is_file())


#: Pages read from files kept outside docs/ for their own tools: the benchmark figures `make bench` writes, and the
#: list of the studies behind the design notes' figures.
OUTSIDE = {
    "validation/benchmarks.md": ROOT / "bench" / "results.md",
    "validation/studies.md": ROOT / "studies" / "README.md",
}


def _outside() -> dict[Path, str]:
    """Every file kept outside docs/ that the site shows, by its path in the repository, with its site path."""
    shown = {path: uri for uri, path in OUTSIDE.items()}
    for version in _versions():
        for path in sorted(version.iterdir()):
            if path.suffix == ".md" or path.suffix in STATIC:
                shown[path] = f"tables/{version.name}/{'index.md' if path.name == 'README.md' else path.name}"
    return shown


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the tables of every version (a page per game and version, and the files they link to), the benchmark
    figures and the studies' list."""
    for path, uri in _outside().items():
        files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files


_LINK = re.compile(r"(\]\()([^)\s#]+)(#[^)\s]*)?\)")


def site_links(markdown: str, source: Path, uri: str, shown: dict[Path, str]) -> str:
    """`markdown` (the page at `source` in the repository, `uri` on the site) with every relative link to a file
    the site shows from outside docs/ (or, on such a page, to a page of docs/) made a link between site pages.

    >>> shown = {ROOT / "bench" / "results.md": "validation/benchmarks.md"}
    >>> site_links("[b](../../bench/results.md#x)", ROOT / "docs" / "validation" / "a.md", "validation/a.md", shown)
    '[b](benchmarks.md#x)'
    >>> site_links("[g](../docs/odds.md)", ROOT / "bench" / "results.md", "validation/benchmarks.md", shown)
    '[g](../odds.md)'
    """
    docs = ROOT / "docs"
    here = Path(uri).parent

    def relink(m: re.Match[str]) -> str:
        target = m[2]
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
            return m[0]
        path = Path(os.path.normpath(source.parent / target))
        if path in shown:
            site = shown[path]
        elif path.is_relative_to(docs) and not source.is_relative_to(docs):
            site = path.relative_to(docs).as_posix()
        else:
            return m[0]
        return f"{m[1]}{os.path.relpath(site, here).replace(os.sep, '/')}{m[3] or ''})"

    return _LINK.sub(relink, markdown)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files, **_: Any) -> str:
    """Check the page's command examples show what the commands print (one scratch folder per page), put in the
    law texts it names, and make its links to files outside docs/ links between the site's pages."""
    source = Path(page.file.abs_src_path or ROOT / "docs" / page.file.src_uri)
    markdown = site_links(markdown, source, page.file.src_uri, _outside())
    if page.file.src_uri.startswith("tables/"):
        return markdown
    if doc_examples.render(markdown, page.file.src_uri) != markdown:
        raise PluginError(f"{page.file.src_uri}: its examples' output is stale: run make examples")
    return _LAW.sub(_law, markdown)
