"""Test-wide settings: computed results go to a folder of this test session, never to the user's cache."""

import os
import tempfile

# Set before any test imports oddscalc: every stored result the shipped data lacks is computed into this session's
# own folder (core.store), so no run reads what an earlier run left, and nothing is written outside it.
os.environ["ODDSCALC_CACHE"] = tempfile.mkdtemp(prefix="oddscalc-test-cache-")
