"""The worked examples in the documentation run as written (every module's docstring examples run through
pytest's --doctest-modules, set in pyproject.toml)."""

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_api_guide_worked_example_runs():
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False)
    assert result.attempted >= 10 and result.failed == 0
