"""Validating oddscalc's JSON against the shipped schema it names (`$schema`), with every shipped schema in one
registry, so that a schema may refer to another by its `$id` (tables-1 refers to analysis-1)."""

from __future__ import annotations

import jsonschema
from referencing import Registry, Resource

from oddscalc.core.schemas import schema, schema_names

SCHEMAS = {s["$id"]: s for s in (schema(name) for name in schema_names())}
REGISTRY = Registry().with_resources((sid, Resource.from_contents(s)) for sid, s in SCHEMAS.items())


def validate_named(doc: object) -> str:
    """Validate `doc` against the shipped schema its "$schema" names (formats such as dates checked too);
    returns that schema's `$id`. A document that names no shipped schema fails."""
    assert isinstance(doc, dict), f"a JSON document names its schema, so it is an object, not {type(doc).__name__}"
    sid = doc.get("$schema")
    assert sid in SCHEMAS, f"$schema {sid!r} is not a shipped schema's $id"
    validator = jsonschema.Draft202012Validator(
        SCHEMAS[sid], registry=REGISTRY, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    validator.validate(doc)
    return sid
