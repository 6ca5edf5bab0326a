"""The round-log schema as shipped, read for the tests."""

from __future__ import annotations

import json
from importlib import resources

SCHEMA = json.loads(resources.files("oddscalc").joinpath("schemas/roundlog-1.json").read_text())
