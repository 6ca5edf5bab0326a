"""The JSON contract: every JSON document oddscalc writes (a command's `--format json`, a JSON table) names its schema.

It names it by the schema's `$id` in `"$schema"` and its major version in `"schema_version"`. The schema ships in
the package as `oddscalc/schemas/<name>-<major>.json`, every `$id` on one base.

>>> schema_id("analysis")
'https://oddscalc.invalid/schemas/analysis-1.json'
>>> named("versions", {"versions": []})
{'$schema': 'https://oddscalc.invalid/schemas/versions-1.json', 'schema_version': 1, 'versions': []}
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["SCHEMA_BASE", "named", "schema", "schema_id", "schema_names"]

#: The base of every schema's `$id` (`.invalid`: a name, never fetched; the schemas ship in the package).
SCHEMA_BASE = "https://oddscalc.invalid/schemas/"


def schema_id(name: str, major: int = 1) -> str:
    """The `$id` of schema `name` at major version `major`."""
    return f"{SCHEMA_BASE}{name}-{major}.json"


def named(name: str, data: dict[str, Any], major: int = 1) -> dict[str, Any]:
    """`data` led by the schema it follows (`$schema`, `schema_version`); keys of `data` of those names are
    replaced, so a document stamped twice names its schema once."""
    rest = {k: v for k, v in data.items() if k not in ("$schema", "schema_version")}
    return {"$schema": schema_id(name, major), "schema_version": major, **rest}


def schema_names() -> tuple[str, ...]:
    """The file names of the schemas shipped in the package (`analysis-1.json`, ...), sorted."""
    folder = resources.files("oddscalc").joinpath("schemas")
    return tuple(sorted(p.name for p in folder.iterdir() if p.name.endswith(".json")))


def schema(file_name: str) -> dict[str, Any]:
    """The shipped schema in `oddscalc/schemas/<file_name>` (`analysis-1.json`), as data."""
    loaded: dict[str, Any] = json.loads(resources.files("oddscalc").joinpath("schemas", file_name).read_text())
    return loaded
