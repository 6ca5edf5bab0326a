"""Settings for every test and every doctest (this file sits at the top so that the doctests under `oddscalc/` get
them too): computed results go to a folder of this test session, never to the user's cache; numba's compiled
loops are kept in the checkout's `.cache/numba`, shared by the test workers and by later runs."""

import os
import tempfile
from pathlib import Path

# Set before any test imports oddscalc: every stored result the shipped data lacks is computed into this session's
# own folder (core.store), so no run reads what an earlier run left, and nothing is written outside it.
os.environ["ODDSCALC_CACHE"] = tempfile.mkdtemp(prefix="oddscalc-test-cache-")
# Compiled code is not a result: compiling the loops afresh in every worker of every run would cost minutes.
os.environ.setdefault("NUMBA_CACHE_DIR", str(Path(__file__).resolve().parent / ".cache" / "numba"))


def pytest_collection_modifyitems(items: list) -> None:
    """Run the tests marked slow first: the test workers then end on short tests and finish together (the longest
    work first), instead of one waiting on a minute-long test dealt last."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
