"""MkDocs hooks of the documentation site (mkdocs.yml `hooks:`): nothing on the site is a copy made by hand.

- Every page's command examples get the output the commands really give (`tools/doc_examples.py`).
- Docstrings' worked examples (``>>>`` lines, run by the tests as doctests) are shown as Python sessions in the
  API reference, not read as Markdown quotes.
- ``<!-- law: NAME -->`` becomes the shipped law text NAME (`oddscalc law NAME`; a Markdown text such as the
  regulations README, its headings one level down), so the law's data is never typed twice.
- `bench/results.md` (written by `make bench`) and `studies/README.md` are pages too, read where they are kept.
- The printed odds tables of every version (`tables/<version>/`, written by `oddscalc tables`) become pages of
  the site, with their JSON, CSV and the print booklets (PDF, HTML) beside them, read at build time.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.config.defaults import MkDocsConfig
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


def _title(readme: Path) -> str:
    first = readme.read_text(encoding="utf-8").splitlines()[0]
    return first.lstrip("# ").strip()


def _index() -> str:
    rows = "\n".join(
        f"| [{v.name}]({v.name}/index.md) | {_title(v / 'README.md').split(': ', 1)[-1]} "
        f"| [PDF]({v.name}/booklet.pdf), [HTML]({v.name}/booklet.html) |"
        for v in _versions()
    )
    return (
        "# The printed odds tables\n\n"
        "Every wager of every regulation version, exact, with the paragraph of law that fixes its odds: the pages\n"
        "below are the tables in `tables/` of the repository (written by `oddscalc tables --out tables/`, read when\n"
        "this site is built), and each version has a print booklet (A4) with every game, its math report and charts.\n"
        "What the tables hold: [odds tables and booklets](../odds.md).\n\n"
        "| version | regulations | print booklet |\n|---|---|---|\n" + rows + "\n"
    )


#: Pages read from files kept outside docs/ for their own tools: the benchmark figures `make bench` writes, and the
#: list of the studies behind the design notes' figures.
OUTSIDE = {"benchmarks.md": ROOT / "bench" / "results.md", "studies.md": ROOT / "studies" / "README.md"}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the tables of every version (a page per game and version, and the files they link to), the benchmark
    figures and the studies' list."""
    for uri, path in OUTSIDE.items():
        files.append(File.generated(config, uri, abs_src_path=str(path)))
    files.append(File.generated(config, "tables/index.md", content=_index()))
    for version in _versions():
        for path in sorted(version.iterdir()):
            uri = f"tables/{version.name}/{'index.md' if path.name == 'README.md' else path.name}"
            if path.suffix == ".md" or path.suffix in STATIC:
                files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files, **_: Any) -> str:
    """Run the page's command examples and show their output (one scratch folder per page)."""
    if page.file.src_uri.startswith("tables/"):
        return markdown
    return doc_examples.render(_LAW.sub(_law, markdown), page.file.src_uri)
