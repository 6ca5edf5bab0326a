"""Chunked execution of a run's shoes on local processes or a Dask distributed cluster, resumable.

The shoes are cut into chunks of consecutive indices (a chunk is one task: thousands of tiny tasks would
choke a scheduler). Every shoe is fixed by the seed and its index, so the records, merged in shoe order, do
not depend on the chunking, the number of workers or where they run. Locally the chunks go to
`core.parallel.map_parts` (its processes; 1 for none). With a scheduler address they go to that Dask cluster
(`core.cluster.completed_on_dask`: a lost scheduler is a `ClusterFailure` saying how many chunks finished). The
address is the `scheduler` argument, or Dask's own configuration `scheduler-address`, which
$DASK_SCHEDULER_ADDRESS sets. With a state folder every finished chunk is written there at once (atomically,
`core.files`), beside a manifest of the run. A later run of the same plan reads those chunks and computes only
the others, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import closing
from dataclasses import asdict, replace
from fractions import Fraction
from pathlib import Path

from oddscalc.core.cluster import ClusterFailure, completed_on_dask, scheduler_address
from oddscalc.core.errors import DataError
from oddscalc.core.files import write_text
from oddscalc.core.jsonread import loads
from oddscalc.core.parallel import map_parts
from oddscalc.protect.burn import NO_BURN
from oddscalc.protect.count_systems import CountSystem
from oddscalc.protect.index_plays import IndexSet
from oddscalc.protect.players import Player
from oddscalc.protect.shoes import Plan, Round, ShoeRecord, deal_shoe
from oddscalc.protect.stakes import Stakes

__all__ = ["StateError", "chunks", "fingerprint", "run", "scheduler_address"]

Job = tuple[Plan, int, int]


class StateError(DataError):
    """A state folder that belongs to another run, or holds a damaged chunk."""


def chunks(shoes: int, size: int) -> list[tuple[int, int]]:
    """[start, stop) shoe index ranges of at most `size` shoes."""
    return [(a, min(a + size, shoes)) for a in range(0, shoes, size)]


def run_chunk(job: Job) -> list[ShoeRecord]:
    """Deal and value the shoes start..stop-1 (a pure function of the job: any worker gives the same)."""
    plan, start, stop = job
    return [deal_shoe(plan, i) for i in range(start, stop)]


def fingerprint(plan: Plan, size: int) -> dict:
    """What a chunk's records depend on (not the number of shoes: a run can be extended). The burn and the boxes
    appear only when not the defaults (index plays only when given), so that the state folders of earlier runs
    stay theirs."""
    data = asdict(plan.target)
    return {
        "target": json.loads(json.dumps(data)),
        "penetration": str(plan.penetration),
        "seed": plan.seed,
        "chunk_size": size,
        "check": plan.check,
        **({"burn": plan.burn.text()} if plan.burn != NO_BURN else {}),
        **({"boxes": plan.boxes} if plan.boxes != 1 else {}),
        **(
            {"indices": _indices_print(plan.indices, plan.count, plan.pack, plan.stakes)}
            if plan.indices is not None
            else {}
        ),
        **({"players": [_player_print(p, plan.pack) for p in plan.players]} if plan.players else {}),
    }


def _player_print(p: Player, pack: int) -> dict:
    """What one player of a table changes in a run's records: his count, stakes and index plays."""
    return {
        "stakes": p.stakes.text(),
        **(_indices_print(p.indices, p.count, pack) if p.indices is not None else {}),
        "count": [str(w) for w in p.count.weights] + [str(p.count.initial)],
    }


def _indices_print(indices: IndexSet, count: CountSystem | None, pack: int, stakes: Stakes | None = None) -> dict:
    """What index plays make a run's values and cards: the plays, the count and pack their true count is read by,
    and (a single player's) the stakes that say which rounds he plays (the boxes drawing by the plays)."""
    return {
        "plays": [p.exact() for p in indices.plays],
        "count": None if count is None else [str(w) for w in count.weights] + [str(count.initial)],
        "pack": pack,
        "drawn": "by the index plays",  # earlier runs' boxes drew by the basic strategy: their chunks are not these
        **({"stakes": stakes.text()} if stakes is not None else {}),
    }


def _chunk_path(state: Path, start: int, stop: int) -> Path:
    return state / f"chunk-{start:07d}-{stop:07d}.json"


def _encode(records: list[ShoeRecord]) -> str:
    """A round is [cards, values], and for an estimated round a third item: its exact values if checked, else
    null; a shoe with burnt cards has them (and how many were face up)."""
    rounds = [
        {
            "shoe": r.index,
            "end": r.end,
            **({"burnt": list(r.burnt), "face_up": r.face_up} if r.burnt else {}),
            **(
                {"seats": [[_fractions(v) for v in x.seats] for x in r.rounds]}
                if any(x.seats for x in r.rounds)
                else {}
            ),
            "rounds": [
                [list(x.cards), _fractions(x.values)]
                + ([None if x.exact is None else _fractions(x.exact)] if x.estimated else [])
                for x in r.rounds
            ],
        }
        for r in records
    ]
    return json.dumps(rounds, separators=(",", ":")) + "\n"


def _fractions(values: tuple[Fraction, ...]) -> list[str]:
    return [f"{v.numerator}/{v.denominator}" for v in values]


def _round(cards: list[int], vals: list[str], *extra: list[str] | None) -> Round:
    exact = None if not extra or extra[0] is None else tuple(Fraction(v) for v in extra[0])
    return Round(tuple(int(c) for c in cards), tuple(Fraction(v) for v in vals), bool(extra), exact)


def _seated(rounds: tuple[Round, ...], seats: list | None) -> tuple[Round, ...]:
    """The rounds with each player's values (a table of several players), as `_encode` wrote them."""
    if seats is None:
        return rounds
    if len(seats) != len(rounds):
        raise ValueError("a seat list per round")
    return tuple(replace(x, seats=tuple(tuple(Fraction(v) for v in p) for p in ps)) for x, ps in zip(rounds, seats))


def _decode(text: str, path: Path) -> list[ShoeRecord]:
    try:
        return [
            ShoeRecord(
                int(r["shoe"]),
                _seated(tuple(_round(*x) for x in r["rounds"]), r.get("seats")),
                str(r["end"]),
                tuple(int(k) for k in r.get("burnt", ())),
                int(r.get("face_up", 0)),
            )
            for r in loads(text)
        ]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StateError(f"state chunk {str(path)!r} is damaged ({exc}); delete it to recompute it") from None


def _save(state: Path | None, start: int, stop: int, records: list[ShoeRecord]) -> None:
    if state is not None:
        write_text(_chunk_path(state, start, stop), _encode(records))


def _local_job(job: tuple[Job, str | None]) -> list[ShoeRecord]:
    (plan, start, stop), state = job
    records = run_chunk((plan, start, stop))
    _save(Path(state) if state else None, start, stop, records)  # written by the worker: the same machine
    return records


def _open_state(state: Path, plan: Plan, size: int) -> dict[tuple[int, int], list[ShoeRecord]]:
    """Check (or write) the run's manifest; the chunks already finished."""
    manifest = state / "run.json"
    mine = fingerprint(plan, size)
    if manifest.exists():
        try:
            theirs = loads(manifest.read_text())
        except ValueError as exc:
            raise StateError(f"state manifest {str(manifest)!r} is damaged ({exc})") from None
        if theirs != mine:
            raise StateError(
                f"state folder {str(state)!r} holds another run (different game, rules, penetration, "
                "seed or chunk size); give a new folder"
            )
    else:
        write_text(manifest, json.dumps(mine, indent=1, sort_keys=True) + "\n")
    done = {}
    for start, stop in chunks(plan.shoes, size):
        path = _chunk_path(state, start, stop)
        if path.exists():
            done[(start, stop)] = _decode(path.read_text(), path)
    return done


def run(
    plan: Plan,
    chunk_size: int,
    processes: int | None = None,
    scheduler: str | None = None,
    state: Path | None = None,
    progress: Callable[[int, int, str], None] | None = None,
    say: Callable[[str], None] | None = None,
) -> list[ShoeRecord]:
    """Every shoe's record, in shoe order: chunks from `state` where finished, the rest computed locally
    (`processes`, default `core.parallel.workers()`) or on the Dask cluster at `scheduler`. `say` is told when
    a run resumes from chunks already finished."""
    done = _open_state(state, plan, chunk_size) if state is not None else {}
    todo = [c for c in chunks(plan.shoes, chunk_size) if c not in done]
    total = len(done) + len(todo)
    if done and say:
        say(f"resumed from --state {state}: {len(done)} of {total} chunk(s) already finished")
    label = f"{plan.target.game}: chunks of {chunk_size} shoe(s)"
    if progress:
        progress(len(done), total, label)
    if scheduler and todo:
        try:
            _on_dask(scheduler, plan, todo, done, state, lambda n: progress and progress(n, total, label))
        except ClusterFailure as exc:  # the chunks finished so far are saved already
            raise ClusterFailure(f"{exc}; {len(done)} of {total} chunks finished") from None
    elif todo:

        def step(n: int, _total: int, _label: str) -> None:
            if progress:
                progress(len(done) + n, total, label)

        results = map_parts(
            _local_job, [((plan, a, b), str(state) if state else None) for a, b in todo], step, label, processes
        )
        done.update(zip(todo, results))
    return [r for c in sorted(done) for r in done[c]]


def _on_dask(
    address: str,
    plan: Plan,
    todo: list[tuple[int, int]],
    done: dict,
    state: Path | None,
    report: Callable[[int], object],
) -> None:
    """Submit the chunks to the cluster at `address`; save and collect each as it finishes (its data then
    released on the cluster: a worker lost later makes nothing saved run again). Ctrl-C (or any error) cancels
    what is left and closes the connection (`core.cluster.completed_on_dask`)."""
    keys = [f"oddscalc-protect-{_digest(plan)}-{a}-{b}" for a, b in todo]
    with closing(completed_on_dask(run_chunk, [(plan, a, b) for a, b in todo], address, keys)) as finished:
        for i, records in finished:
            start, stop = todo[i]
            _save(state, start, stop, records)
            done[(start, stop)] = records
            report(len(done))


def _digest(plan: Plan) -> str:
    return hashlib.sha256(json.dumps(fingerprint(plan, 0), sort_keys=True).encode()).hexdigest()[:12]
