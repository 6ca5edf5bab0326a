"""A content-addressed cache for expensive exact analyses, stored as JSON beside the package.

The key hashes the analysis name, its parameters and the source text of the modules that compute it,
so a change to the code invalidates the entry; deleting the folder recomputes from scratch.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from oddscalc.core.files import write_text

__all__ = ["cache_dir", "cached_json", "source_digest"]

T = TypeVar("T")


def cache_dir() -> Path:
    """$ODDSCALC_CACHE if set, else the `cache/` folder at the top of the project."""
    env = os.environ.get("ODDSCALC_CACHE")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "cache"


def source_digest(modules: Iterable[ModuleType]) -> str:
    h = hashlib.sha256()
    for m in modules:
        h.update(inspect.getsource(m).encode())
    return h.hexdigest()[:16]


def cached_json(
    name: str,
    params: Mapping[str, Any],
    modules: Iterable[ModuleType],
    compute: Callable[[], T],
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
    use_cache: bool = True,
) -> T:
    """Return decode(stored) if an entry for (name, params, module sources) exists, else compute and store it."""
    digest = source_digest(modules)
    tag = hashlib.sha256(json.dumps([name, dict(params), digest], sort_keys=True).encode()).hexdigest()[:16]
    path = cache_dir() / f"{name}-{tag}.json"
    if use_cache and path.exists():
        return decode(json.loads(path.read_text())["value"])
    value = compute()
    if use_cache:
        # Key order is kept as encoded: a cached value must decode to exactly what was computed.
        blob = json.dumps({"name": name, "params": dict(params), "source": digest, "value": encode(value)},
                          indent=0)
        write_text(path, blob + "\n")
    return value
