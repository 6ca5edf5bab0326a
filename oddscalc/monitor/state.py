"""The monitor's state file: SQLite (WAL), one per floor.

Every table's test state is committed in one transaction with the position reached in each feed (file identity
and byte offset), the alarms and the feed faults of the batch. So a kill at any moment leaves the last commit,
and a restart reads the feed again from that position. Nothing is lost, nothing is counted twice, and each alarm
is emitted once its batch is committed.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from oddscalc.core.errors import DataError
from oddscalc.monitor.sources import Position
from oddscalc.monitor.table import Alarm, Fault, Stream, TableMonitor

__all__ = ["FORMAT", "STAKES_SHOES_KEPT", "State", "StateError"]

FORMAT = "oddscalc-monitor-1"
#: A player's scored shoes kept for his evidence page (the last ones: the file stays bounded).
STAKES_SHOES_KEPT = 40

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (name TEXT PRIMARY KEY, config TEXT NOT NULL, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS streams (
    tbl TEXT, test TEXT, dealer TEXT, w BLOB, n INTEGER, alarm INTEGER, top REAL, peak REAL,
    PRIMARY KEY (tbl, test, dealer));
CREATE TABLE IF NOT EXISTS positions (source TEXT PRIMARY KEY, dev INTEGER, ino INTEGER, offset INTEGER,
    line INTEGER, tail BLOB);
CREATE TABLE IF NOT EXISTS alarms (id INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT, test TEXT, dealer TEXT,
    round INTEGER, time TEXT, log_e REAL, log_threshold REAL, level REAL, level_exact TEXT, alternative TEXT,
    law TEXT, UNIQUE (tbl, test, dealer, round, alternative));
CREATE TABLE IF NOT EXISTS faults (id INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT, kind TEXT, round INTEGER,
    source TEXT, line INTEGER, detail TEXT);
CREATE TABLE IF NOT EXISTS history (tbl TEXT, test TEXT, dealer TEXT, n INTEGER, round INTEGER, log_stat REAL);
CREATE INDEX IF NOT EXISTS history_stream ON history (tbl, test, dealer, n);
CREATE TABLE IF NOT EXISTS stakes_shoes (tbl TEXT, player TEXT, last INTEGER, row TEXT);
CREATE INDEX IF NOT EXISTS stakes_shoes_player ON stakes_shoes (tbl, player, last);
CREATE TABLE IF NOT EXISTS resets (id INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT, time TEXT, reason TEXT,
    before TEXT);
"""


class StateError(DataError):
    """A state file that cannot be used (not a monitor's, unreadable): one line, exit 2."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class State:
    """An open state file (created when `create` and missing)."""

    def __init__(self, path: Path | str, create: bool = True) -> None:
        self.path = Path(path)
        if not self.path.exists() and not create:
            raise StateError(f"no monitor state file {self.path}; `oddscalc monitor run --state {self.path}` makes one")
        if self.path.is_dir():
            raise StateError(f"state file {self.path} is a directory")
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
            self.db.execute("PRAGMA journal_mode=WAL")
            if fresh:
                self.db.executescript(_SCHEMA)
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (FORMAT,))
            row = self.db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise StateError(f"{self.path} is not a monitor state file (SQLite says: {exc})") from None
        if row is None or row[0] != FORMAT:
            raise StateError(f"{self.path} is not a monitor state file (format {row[0] if row else 'missing'!r})")
        self.db.execute("PRAGMA synchronous=NORMAL")
        kept = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stakes_shoes'").fetchone()
        if kept is None:  # a state file made before the players' shoes were kept gains their table
            try:
                self.db.executescript(_SCHEMA)
            except sqlite3.OperationalError:
                pass  # read-only: the reader finds no shoes
        columns = [r[1] for r in self.db.execute("PRAGMA table_info(positions)")]
        self._tails = "tail" in columns
        if not self._tails:  # a state file made before the bytes before each offset were kept
            try:
                self.db.execute("ALTER TABLE positions ADD COLUMN tail BLOB")
                self._tails = True
            except sqlite3.OperationalError:
                pass  # read-only: positions are read without their tails

    def close(self) -> None:
        self.db.close()

    # -- reading ----------------------------------------------------------------------------------------------
    def position(self, source: str) -> Position | None:
        """Where the feed `source` was last committed (sources.Position), None if never."""
        row = self.db.execute(
            f"SELECT dev, ino, offset, line, {'tail' if self._tails else 'NULL'} FROM positions WHERE source = ?",
            (source,),
        ).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3], row[4])

    def table_rows(self) -> list[tuple[str, dict, dict]]:
        return [(n, json.loads(c), json.loads(s)) for n, c, s in self.db.execute("SELECT * FROM tables ORDER BY name")]

    def restore(self, mon: TableMonitor) -> None:
        row = self.db.execute("SELECT state FROM tables WHERE name = ?", (mon.config.name,)).fetchone()
        if row is None:
            return
        streams = {}
        for test, dealer, w, n, alarm, top, peak in self.db.execute(
            "SELECT test, dealer, w, n, alarm, top, peak FROM streams WHERE tbl = ?", (mon.config.name,)
        ):
            streams[(test, dealer)] = Stream(np.frombuffer(w, dtype=np.float64).copy(), n, alarm, top, peak)
        mon.restore(json.loads(row[0]), streams)

    def streams(self, table: str) -> list[tuple[str, str, int, int | None, float, float]]:
        return list(
            self.db.execute(
                "SELECT test, dealer, n, alarm, top, peak FROM streams WHERE tbl = ? ORDER BY test, dealer", (table,)
            )
        )

    def stream_w(self, table: str, test: str, dealer: str) -> np.ndarray:
        row = self.db.execute(
            "SELECT w FROM streams WHERE tbl = ? AND test = ? AND dealer = ?", (table, test, dealer)
        ).fetchone()
        return np.frombuffer(row[0], dtype=np.float64) if row else np.zeros(1)

    def alarm_id(self, a: Alarm) -> int | None:
        row = self.db.execute(
            "SELECT id FROM alarms WHERE tbl = ? AND test = ? AND dealer = ? AND round = ? AND alternative = ?",
            (a.table, a.test, a.dealer, a.round, a.alternative),
        ).fetchone()
        return None if row is None else row[0]

    def alarms(self, table: str | None = None) -> list[dict[str, Any]]:
        cur = self.db.execute(
            "SELECT id, tbl, test, dealer, round, time, log_e, log_threshold, level, level_exact, alternative, law "
            "FROM alarms" + (" WHERE tbl = ?" if table else "") + " ORDER BY id",
            (table,) if table else (),
        )
        keys = [d[0] for d in cur.description]
        return [dict(zip(keys, r)) for r in cur]

    def faults(self, table: str | None = None, limit: int = 1000) -> list[dict[str, Any]]:
        cur = self.db.execute(
            "SELECT tbl, kind, round, source, line, detail FROM faults"
            + (" WHERE tbl = ?" if table else "")
            + " ORDER BY id LIMIT ?",
            ((table, limit) if table else (limit,)),
        )
        keys = [d[0] for d in cur.description]
        return [dict(zip(keys, r)) for r in cur]

    def history(self, table: str, test: str, dealer: str) -> list[tuple[int, int, float]]:
        return list(
            self.db.execute(
                "SELECT n, round, log_stat FROM history WHERE tbl = ? AND test = ? AND dealer = ? ORDER BY n, rowid",
                (table, test, dealer),
            )
        )

    def stakes_shoes(self, table: str, player: str) -> list[dict[str, Any]]:
        """A player's last scored shoes at a table (STAKES_SHOES_KEPT at most), oldest first."""
        try:
            rows = self.db.execute(
                "SELECT row FROM stakes_shoes WHERE tbl = ? AND player = ? ORDER BY last, rowid", (table, player)
            )
            return [json.loads(r) for (r,) in rows]
        except sqlite3.OperationalError:
            return []

    def resets(self) -> list[tuple[str, str, str]]:
        return list(self.db.execute("SELECT tbl, time, reason FROM resets ORDER BY id"))

    # -- writing ----------------------------------------------------------------------------------------------
    def commit(
        self,
        monitors: Iterable[TableMonitor],
        positions: dict[str, Position],
        alarms: list[Alarm],
        faults: list[Fault],
        history: list[tuple[str, str, str, int, int, float]],
        stakes_shoes: Iterable[tuple[str, dict[str, Any]]] = (),
    ) -> None:
        """One transaction: every table's state, the feed positions, the batch's alarms, faults and history, and
        the players' scored shoes (each player's last STAKES_SHOES_KEPT kept)."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for m in monitors:
                db.execute(
                    "INSERT OR REPLACE INTO tables VALUES (?, ?, ?)",
                    (m.config.name, json.dumps(_config(m)), json.dumps(m.state())),
                )
                db.executemany(
                    "INSERT OR REPLACE INTO streams VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (m.config.name, t, d, s.w.astype(np.float64).tobytes(), s.n, s.alarm, s.top, s.peak)
                        for (t, d), s in m.streams.items()
                    ],
                )
            db.executemany(
                "INSERT OR REPLACE INTO positions VALUES (?, ?, ?, ?, ?, ?)", [(k, *v) for k, v in positions.items()]
            )
            db.executemany(
                "INSERT OR IGNORE INTO alarms (tbl, test, dealer, round, time, log_e, log_threshold, level, "
                "level_exact, alternative, law) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        a.table,
                        a.test,
                        a.dealer,
                        a.round,
                        a.time,
                        a.log_e,
                        a.log_threshold,
                        a.level,
                        a.level_exact,
                        a.alternative,
                        a.law,
                    )
                    for a in alarms
                ],
            )
            db.executemany(
                "INSERT INTO faults (tbl, kind, round, source, line, detail) VALUES (?, ?, ?, ?, ?, ?)",
                [(f.table, f.kind, f.round, f.source, f.line, f.detail) for f in faults],
            )
            db.executemany("INSERT INTO history VALUES (?, ?, ?, ?, ?, ?)", history)
            players = set()
            for tbl, row in stakes_shoes:
                db.execute(
                    "INSERT INTO stakes_shoes VALUES (?, ?, ?, ?)", (tbl, row["player"], row["last"], json.dumps(row))
                )
                players.add((tbl, row["player"]))
            for tbl, player in players:
                db.execute(
                    "DELETE FROM stakes_shoes WHERE tbl = ? AND player = ? AND rowid NOT IN (SELECT rowid FROM "
                    "stakes_shoes WHERE tbl = ? AND player = ? ORDER BY last DESC, rowid DESC LIMIT ?)",
                    (tbl, player, tbl, player, STAKES_SHOES_KEPT),
                )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def reset(self, table: str, reason: str) -> dict[str, Any]:
        """Restart every test of `table` (after the wheel is serviced), kept in the audit trail; its feed position
        and round count stay."""
        row = self.db.execute("SELECT state FROM tables WHERE name = ?", (table,)).fetchone()
        if row is None:
            known = [r[0] for r in self.db.execute("SELECT name FROM tables ORDER BY name")]
            raise StateError(f"no table {table[:60]!r} in {self.path}; known: {', '.join(known) or 'none'}")
        state = json.loads(row[0])
        before = {
            "alarms": [dict(test=t, dealer=d, round=a) for t, d, _, a, _, _ in self.streams(table) if a is not None]
        }
        state.update(prev=None, counts=[0] * len(state["counts"]))  # dealers keep their budget shares
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("UPDATE tables SET state = ? WHERE name = ?", (json.dumps(state), table))
        self.db.execute("DELETE FROM streams WHERE tbl = ?", (table,))
        self.db.execute(
            "INSERT INTO resets (tbl, time, reason, before) VALUES (?, ?, ?, ?)",
            (table, now(), reason, json.dumps(before)),
        )
        self.db.execute("COMMIT")
        return before


def _config(m: TableMonitor) -> dict[str, Any]:
    c = m.config
    return {
        "game": c.game,
        "version": c.version,
        "rules": c.rules,
        "pay": c.pay,
        "wheel": list(c.wheel),
        "results_per_hour": str(c.results_per_hour),
        "levels": {k: f"{v.numerator}/{v.denominator}" for k, v in m.levels.items()},
        "horizon_results": m.horizon,
        "stake_levels": [str(e) for e in c.stake_levels],
    }
