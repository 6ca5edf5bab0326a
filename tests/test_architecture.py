"""The architecture holds: the import contracts in pyproject.toml ([tool.importlinter]: the layers, the engines
reached only through the api, no import cycles between the modules of a package) are kept, and no module imports
another of the package inside a function (where such an import could hide a cycle or an upward import from the
contracts' reader)."""

import ast
from pathlib import Path

from importlinter.cli import lint_imports

import oddscalc

ROOT = Path(oddscalc.__file__).parent
PYPROJECT = ROOT.parent / "pyproject.toml"


def test_the_import_contracts_are_kept():
    """`lint-imports` (import-linter) on the contracts of pyproject.toml: exit status 0, every contract kept."""
    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0, (
        "a contract is broken: run `lint-imports` to see which"
    )


def _inner_imports(path: Path) -> list[str]:
    """`file:line module` for every import of an oddscalc module made inside a function or method."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                names = (
                    [node.module or ""]
                    if isinstance(node, ast.ImportFrom) and node.level == 0
                    else [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else []
                )
                found += [
                    f"{path.relative_to(ROOT.parent)}:{node.lineno} {n}"
                    for n in names
                    if n == "oddscalc" or n.startswith("oddscalc.")
                ]
    return found


def test_no_module_imports_another_inside_a_function():
    found = [hit for path in sorted(ROOT.rglob("*.py")) for hit in _inner_imports(path)]
    assert not found, "\n".join(found)


def test_the_inner_import_check_sees_an_inner_import(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import os\n\ndef g():\n    from oddscalc.api import x\n    import oddscalc.cli\n", encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path / "pkg"
    try:
        assert [h.split()[1] for h in _inner_imports(f)] == ["oddscalc.api", "oddscalc.cli"]
    finally:
        ROOT = saved


def _repeated_names(root: Path) -> dict[str, list[str]]:
    """Module and package basenames used more than once under `root`, with where: a game's name may repeat across
    the layers (sim/roulette.py, verify/roulette.py), and a module inside a game's package is named by that game
    (games/blackjack/rules.py is "blackjack rules"), so the games keep one layout in every layer."""
    games = {p.stem for p in (root / "games").iterdir() if not p.name.startswith("_")}
    seen: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if path.name in ("__init__.py", "__main__.py"):
            rel, name = rel.parent, rel.parent.name
            if not name:
                continue
        else:
            name = path.stem
        parts = rel.parts
        if name in games:
            continue
        key = f"{parts[1]} {name}" if parts[0] == "games" and len(parts) > 2 else name
        seen.setdefault(key, []).append(str(rel))
    return {k: v for k, v in seen.items() if len(v) > 1}


def test_no_module_name_is_used_twice():
    """Names that say what they hold, each once: no basename repeats outside the games' names."""
    assert _repeated_names(ROOT) == {}


def test_the_name_check_sees_a_repeated_name(tmp_path):
    """The check above finds a name used twice, and lets a game's name and a game's own module repeat."""
    for rel in (
        "games/roulette.py",
        "sim/roulette.py",
        "games/blackjack/rules.py",
        "games/baccarat/rules.py",
        "core/plan.py",
        "report/plan.py",
        "monitor/__init__.py",
        "cli/monitor.py",
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    assert _repeated_names(tmp_path) == {
        "plan": ["core/plan.py", "report/plan.py"],
        "monitor": ["cli/monitor.py", "monitor"],
    }
