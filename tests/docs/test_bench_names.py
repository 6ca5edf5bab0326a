"""The benchmarks (`make bench`), the studies and the tools (none run by the tests, which import none of them)
only name things that exist: every attribute they read from an oddscalc module they import is there. A renamed
function once broke `make bench` unseen."""

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
SCRIPTS = sorted([*BENCH.glob("bench_*.py"), *(ROOT / "studies").glob("*.py"), *(ROOT / "tools").glob("*.py")])


def _uses(path: Path) -> list[tuple[str, str]]:
    """(module, attribute) for every `alias.attr` read where `alias` is an imported oddscalc module."""
    tree = ast.parse(path.read_text())
    modules: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("oddscalc"):
            for a in node.names:
                name = f"{node.module}.{a.name}"
                try:
                    importlib.import_module(name)
                except ImportError:
                    continue  # a function or class, not a module
                modules[a.asname or a.name] = name
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("oddscalc") and a.asname:
                    modules[a.asname] = a.name
    return [
        (modules[n.value.id], n.attr)
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in modules
    ]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bench_names_exist(path):
    for module, attr in _uses(path):
        assert hasattr(importlib.import_module(module), attr), f"{path.name}: {module}.{attr} does not exist"


def test_the_check_sees_the_api():
    assert ("oddscalc.api", "resolved_rules") in _uses(BENCH / "bench_verify.py")
