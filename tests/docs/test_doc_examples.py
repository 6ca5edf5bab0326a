"""Every command shown in README.md and docs/ runs as shown (tools/doc_examples.py): each page's outputs are what
the commands print now, each example exits as its page says, and every command shown but not run (hours of work,
a cluster) names real commands, options and values. Also the sizes the front door and the guides keep to."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from oddscalc.cli.main import cli
from tools import doc_examples

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").rglob("*.md"))
PAGES = [README, *DOCS]


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


#: Pages whose examples take more than about a second to run (measured with --durations on two shared cores:
#: simulators.md 13 s, the others 1-3.5 s each, about 25 s together): `make test` and the site's build check them,
#: `make check` leaves them out. Every other page (under a second each, about 2 s together) is checked every run.
SLOW_PAGES = frozenset(
    {
        "docs/simulators.md",
        "docs/blackjack.md",
        "docs/custom.md",
        "docs/chemin.md",
        "docs/protect.md",
        "docs/baccarat.md",
        "docs/measures.md",
        "docs/protect-options.md",
        "docs/validation/blackjack.md",
    }
)


def _example_pages() -> list[object]:
    pages = [p for p in PAGES if doc_examples.blocks(p.read_text())]
    return [pytest.param(p, marks=pytest.mark.slow) if _rel(p) in SLOW_PAGES else p for p in pages]


def test_the_readme_and_the_docs_have_examples():
    assert len(doc_examples.blocks(README.read_text())) >= 5
    assert len(_example_pages()) >= 15


@pytest.mark.parametrize("page", _example_pages(), ids=_rel)
def test_every_page_shows_what_its_commands_print(page, tmp_path):
    """Each page's outputs are committed (it is read in the repository as well as on the site): `make examples`
    rewrites them; a failure names the page, or the command and its error."""
    text = page.read_text()
    assert doc_examples.render(text, _rel(page), tmp_path) == text, f"{_rel(page)}'s examples are stale: make examples"


def _parsed(argv: list[str]) -> click.Command:
    cmd, i = cli, 0
    while isinstance(cmd, click.Group):
        assert argv[i] in cmd.commands, f"no command {argv[i]!r}: oddscalc {' '.join(argv)}"
        cmd, i = cmd.commands[argv[i]], i + 1
    with cmd.make_context(" ".join(argv[:i]), list(argv[i:])):
        return cmd  # make_context raises on an unknown option or a bad value


def test_every_command_shown_but_not_run_parses():
    shown = [(page, argv) for page in PAGES for argv in doc_examples.sh_commands(page.read_text())]
    assert shown
    for page, argv in shown:
        try:
            _parsed(argv)
        except click.ClickException as exc:
            pytest.fail(f"{_rel(page)}: oddscalc {' '.join(argv)}: {exc.format_message()}")


def test_an_example_that_exits_otherwise_than_its_page_says_fails_the_build(tmp_path):
    with pytest.raises(doc_examples.ExampleError, match="exited 2, not 0"):
        doc_examples.render("```console\n$ oddscalc edge no-such-game\n```\n", "page.md", tmp_path)
    with pytest.raises(doc_examples.ExampleError, match="one oddscalc command"):
        doc_examples.render("```console\n$ make docs\n```\n", "page.md", tmp_path)
    text = "<!-- example: exit=2 -->\n```console\n$ oddscalc edge no-such-game\nstale\n```\n"
    shown = doc_examples.render(text, "page.md", tmp_path)
    assert "stale" not in shown and "oddscalc: error:" in shown and "no-such-game" in shown


def test_an_example_shows_its_first_lines_and_the_commands_share_a_folder(tmp_path):
    text = (
        "<!-- example: lines=2 -->\n```console\n$ oddscalc simulate roulette straight --rounds 1000 --seed 1 "
        "--out r.csv\n$ oddscalc check roulette straight r.csv\n```\n"
    )
    shown = doc_examples.render(text, "page.md", tmp_path)
    assert (tmp_path / "r.csv").is_file()  # written by the first command, read by the second
    outputs = re.split(r"^\$ oddscalc.*$", shown.split("```console\n")[1].split("```")[0], flags=re.M)[1:]
    assert len(outputs) == 2 and outputs[0].strip() == ""  # simulate reports on stderr, which is not shown
    assert outputs[1].strip().splitlines()[1:] == [outputs[1].strip().splitlines()[1], doc_examples.ELLIPSIS]


def test_the_readme_is_a_front_door():
    text = README.read_text()
    assert len(text.encode()) <= 8 * 1024
    setup = re.search(r"```sh\n(.*?)```", text, re.S).group(1)
    assert setup.splitlines()[0].startswith("make tables") and setup.splitlines()[1].startswith("make test")
    for guide in ("odds.md", "simulators.md", "protect.md", "law.md", "api.md", "cli.md", "how-it-works.md"):
        assert f"docs/{guide})" in text, guide


@pytest.mark.parametrize("page", DOCS, ids=_rel)
def test_no_page_is_over_25_kb(page):
    assert len(page.read_bytes()) <= 25 * 1024


_HASH = re.compile(r"\b(?=[0-9a-f]*[a-f][0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b")


@pytest.mark.parametrize("page", [README, *(p for p in DOCS if "notes" not in p.parts)], ids=_rel)
def test_no_guide_names_a_commit(page):
    """A guide states the finished design; a commit belongs to its history (the design notes)."""
    assert not _HASH.findall(page.read_text()), _rel(page)
