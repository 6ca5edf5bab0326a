"""Results taken in bulk (`ingest_codes`, the benches' path) leave the monitor exactly as one by one."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from oddscalc.monitor.floor import Budget, TableConfig
from oddscalc.monitor.result_laws import wheel_order
from oddscalc.monitor.simulate import numpy_rng, roulette_spins, sector_law
from oddscalc.monitor.streams import statistical_tests
from oddscalc.monitor.table import TableMonitor


def _mon() -> TableMonitor:
    cfg = TableConfig("T", "roulette", "2002", wheel=wheel_order(None))
    return TableMonitor(cfg, {t: Fraction(1, 1000) for t in statistical_tests("roulette")}, Budget())


def test_bulk_equals_one_by_one():
    spins = roulette_spins(numpy_rng(4), 30000, sector_law(7, Fraction(1, 5)))
    one, bulk = _mon(), _mon()
    for x in spins[:12345]:
        one.ingest_bare(int(x), "t")
    one.flush()
    for x in spins[12345:]:
        one.ingest_bare(int(x), "t")
    one.flush()
    bulk.ingest_codes(spins[:100], "t")
    bulk.ingest_codes(spins[100:], "t")
    bulk.flush()
    a, b = one.take()[0], bulk.take()[0]
    assert [(x.test, x.round, x.alternative) for x in a] == [(x.test, x.round, x.alternative) for x in b] != []
    for key, s in one.streams.items():
        assert np.array_equal(s.w, bulk.streams[key].w)  # the same sums in the same order: bit for bit
    assert one.state() == bulk.state()
