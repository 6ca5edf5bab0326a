"""The store of exact results (`core.store`): keys by meaning, shipped data before the user cache, nothing written
inside the package, an unwritable cache a warning, and the build mode that rebuilds the shipped data."""

import json
import lzma
import os
import stat

import pytest

from oddscalc.core import store
from oddscalc.core.store import Build, Engine, StoreMiss, building, cache_folder, entry_key, read_entry, stored

DEMO = (Engine("demo", 1),)


def test_a_stored_value_decodes_to_exactly_what_was_computed_key_order_included(tmp_path):
    value = {"zebra": 1, "apple": 2, "mango": 3}
    with cache_folder(tmp_path):
        first = stored("order", {}, DEMO, lambda: value, dict, dict)
        again = stored("order", {}, DEMO, lambda: {"never": 0}, dict, dict)
    assert list(first) == list(again) == ["zebra", "apple", "mango"]


def test_the_key_is_the_meaning_an_engine_bump_recomputes_and_other_engines_do_not_share(tmp_path):
    calls = []

    def compute():
        calls.append(1)
        return len(calls)

    with cache_folder(tmp_path):
        assert stored("k", {"n": 1}, DEMO, compute) == 1
        assert stored("k", {"n": 1}, DEMO, compute) == 1  # read back
        assert stored("k", {"n": 1}, (Engine("demo", 2),), compute) == 2  # bumped: computed again
        assert stored("k", {"n": 2}, (Engine("demo", 2),), compute) == 3  # other parameters
        assert stored("k", {"n": 1}, (Engine("demo", 2),), compute) == 2
    entry = read_entry(tmp_path / entry_key("k", {"n": 1}))
    assert entry.engines == {"demo": 2} and entry.params == {"n": 1}
    assert set(entry.provenance) >= {"oddscalc", "created", "seconds", "processes"}


def test_shipped_data_is_read_first_and_a_stale_entry_is_never_used(tmp_path, monkeypatch):
    shipped, user = tmp_path / "shipped", tmp_path / "user"
    shipped.mkdir()
    monkeypatch.setattr(store, "data_dir", lambda: shipped)
    blob = {"kind": "k", "params": {}, "engines": {"demo": 1}, "provenance": {}, "value": 41}
    (shipped / entry_key("k", {})).write_bytes(lzma.compress(json.dumps(blob).encode()))
    with cache_folder(user):
        assert stored("k", {}, DEMO, lambda: 99) == 41
        assert not user.exists()  # nothing computed, nothing written
        assert stored("k", {}, (Engine("demo", 2),), lambda: 99) == 99  # stale shipped entry: computed
    assert read_entry(user / entry_key("k", {})).value == 99
    assert json.loads(lzma.decompress((shipped / entry_key("k", {})).read_bytes()))["value"] == 41


def test_the_user_cache_is_env_overridable_and_otherwise_the_platform_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("ODDSCALC_CACHE", str(tmp_path / "mine"))
    assert store.user_cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("ODDSCALC_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert store.user_cache_dir() == tmp_path / "xdg" / "oddscalc"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_an_unwritable_cache_folder_is_a_warning_not_a_failure_as_user(tmp_path, capsys):
    _unwritable_case(tmp_path, capsys)


def test_an_unwritable_cache_folder_is_a_warning_not_a_failure(tmp_path, capsys, monkeypatch):
    def refuse(path, data):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store, "write_bytes", refuse)
    monkeypatch.setattr(store, "_warned", set())
    _unwritable_case(tmp_path, capsys)


def _unwritable_case(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with cache_folder(folder):
            assert stored("k", {}, DEMO, lambda: 5) == 5
            assert stored("k", {"again": 1}, DEMO, lambda: 6) == 6
    finally:
        folder.chmod(stat.S_IRWXU)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "warning: results cannot be kept in" in err[0] and "ODDSCALC_CACHE" in err[0]


def test_a_build_writes_its_folder_reports_changes_and_can_refuse_to_compute(tmp_path):
    folder = tmp_path / "data"
    with building(Build(folder)) as build:
        assert stored("k", {"n": 1}, DEMO, lambda: {"ev": "1/2"}) == {"ev": "1/2"}
    assert [c["changes"] for c in build.computed] == [None] and build.used == {entry_key("k", {"n": 1})}
    with building(Build(folder)) as build:  # current: read, not computed (a resumed build skips it)
        assert stored("k", {"n": 1}, DEMO, lambda: {"ev": "0/1"}) == {"ev": "1/2"}
    assert build.computed == []
    with building(Build(folder)) as build:  # the engine bumped: computed, and what changed is said
        stored("k", {"n": 1}, (Engine("demo", 2),), lambda: {"ev": "1/3"})
    assert build.computed[0]["changes"] == ["ev: 1/2 -> 1/3"] and build.computed[0]["was"] == {"demo": 1}
    with building(Build(folder, force=True)) as build:  # forced: computed again; identical values say so
        stored("k", {"n": 1}, (Engine("demo", 2),), lambda: {"ev": "1/3"})
    assert build.computed[0]["changes"] == []
    with building(Build(folder, compute=False)), pytest.raises(StoreMiss, match="missing: k"):
        stored("k", {"n": 2}, DEMO, lambda: 0)
    with building(Build(folder, compute=False)), pytest.raises(StoreMiss, match="made by other engine versions"):
        stored("k", {"n": 1}, DEMO, lambda: 0)
