"""The package's layers (README "Layout"): a module imports only from its own layer or below."""
from __future__ import annotations

import ast
from pathlib import Path

import oddscalc

ROOT = Path(oddscalc.__file__).parent
# lowest first; a layer may import from itself and any lower one; verify and protect are siblings
LAYERS = [("core",), ("regulations", "law"), ("games",), ("sim",), ("verify", "protect"), ("report",), ("api",),
          ("cli",)]
RANK = {name: i for i, names in enumerate(LAYERS) for name in names}

def _layer(module: str) -> str | None:
    """The layer of a dotted module name inside oddscalc (None for the package root)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "oddscalc" else None


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names)
    return found


def test_nothing_imports_upward():
    wrong = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        own = rel.parts[0].removesuffix(".py")
        if own not in RANK:
            continue  # __init__.py, __main__.py of the package itself
        for line, module in _imports(path):
            other = _layer(module)
            if other is None or other not in RANK or other == own:
                continue
            if RANK[other] >= RANK[own]:
                wrong.append(f"{rel}:{line} imports {module} ({own} may not use {other})")
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_an_upward_import(tmp_path):
    """The walker finds imports in the forms the package uses (so the test above can fail)."""
    f = tmp_path / "m.py"
    f.write_text("from oddscalc.cli import main\nimport oddscalc.report.tables\n\ndef g():\n"
                 "    from oddscalc.api import x\n", encoding="utf-8")
    assert [_layer(m) for _, m in _imports(f)] == ["cli", "report", "api"]
