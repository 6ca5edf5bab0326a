"""`oddscalc monitor`: watch live wheel and dice tables against the exact law (docs/monitor.md)."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import click

from oddscalc.cli.common import REFUSALS, Choices, Group, fail, version_option
from oddscalc.core.files import check_output, write_bytes, write_text
from oddscalc.core.numbers import parse_whole, shorten
from oddscalc.core.progress import StderrBar
from oddscalc.core.schemas import named
from oddscalc.monitor.fault_plan import fault_plans
from oddscalc.monitor.feed import line_pattern
from oddscalc.monitor.floor import Budget, horizon_hours, parse_level, read_floor, table_config
from oddscalc.monitor.result_laws import CARD_GAMES, WATCHED
from oddscalc.monitor.run import Feed, Monitor
from oddscalc.monitor.sources import FileSource, SerialSource, StdinSource
from oddscalc.monitor.state import State
from oddscalc.monitor.streams import STAKES, part_fields, part_name
from oddscalc.monitor.table import Alarm, Fault
from oddscalc.monitor.table_summary import summaries
from oddscalc.report.monitor_pages import evidence_page, floor_page, pdf_bytes
from oddscalc.report.text import fit

__all__ = ["commands"]

#: Feed faults of one kind on one table printed by a run (all are counted and kept in the state file).
FAULTS_SHOWN = 20
#: Lines of a round log read for its tables' names before the budget is split.
PEEK_LINES = 1000


def _e(log_e: float | None) -> float | None:
    if log_e is None:
        return None
    return math.exp(log_e) if log_e < 700 else math.inf


def alarm_data(a: Alarm, ident: int | None) -> dict:
    """An alarm as `--format json` prints it (schemas/monitor-alarm-1.json)."""
    e = _e(a.log_e)
    thr = _e(a.log_threshold)
    return named(
        "monitor-alarm",
        {
            "id": ident,
            "table": a.table,
            "test": a.test,
            **part_fields(a.test, a.dealer),
            "round": a.round,
            "time": a.time,
            "e_value": None if e is None or math.isinf(e) else e,
            "log_e_value": a.log_e,
            "threshold": None if thr is None or math.isinf(thr) else thr,
            "level_spent": a.level,
            "level_spent_exact": a.level_exact,
            "alternative": a.alternative,
            "law": a.law,
        },
    )


def alarm_text(a: Alarm, ident: int | None) -> str:
    part = part_name(a.test, a.dealer)
    head = f"ALARM {ident} {a.table} {a.test}" + (f" {part}" if part else "")
    head += f" round {a.round}" + (f" at {a.time}" if a.time else "")
    if a.log_e is None:
        return f"{head}: {a.alternative}"
    return (
        f"{head}: e-value {_e(a.log_e):.3g} >= {_e(a.log_threshold):.3g} (level {a.level:.3g}): "
        f"{a.alternative}; law: {a.law}"
    )


def fault_text(f: Fault) -> str:
    where = f"{f.source}:{f.line}" if f.line is not None else f.source
    return (
        f"feed fault {f.table} {f.kind} at {where}"
        + (f" (round {f.round})" if f.round is not None else "")
        + (f": {f.detail}")
    )


def _state(path: str, create: bool = False) -> State:
    try:
        return State(path, create=create)
    except REFUSALS as exc:
        fail(str(exc))


@click.group("monitor", cls=Group, examples=["oddscalc monitor run floor.log --floor floor.toml --state floor.db"])
def monitor() -> None:
    """Watch live tables (roulette, Big Six, dice, sic bo) against the exact law, with one false-alarm budget.

    `run` reads feeds into a state file; `status`, `alarms`, `evidence` and `reset` read or change it; `plan`
    says how many spins each fault takes to flag.
    """


@monitor.command(
    "run",
    examples=[
        "oddscalc monitor run spins.txt --table R1 --game roulette --state floor.db",
        "oddscalc monitor run floor.log --floor floor.toml --state floor.db --format json --page floor.html",
        "oddscalc monitor run /var/log/wheel.log --follow --table R1 --game roulette --state floor.db "
        "--pattern '^\\*X;(?:[^;]*;){2}(?P<result>\\d+)'",
    ],
)
@click.argument("feeds", nargs=-1)
@click.option("--state", "state_path", required=True, help="The floor's state file (SQLite; made if missing).")
@click.option("--floor", "floor_path", default=None, help="The floor file (TOML): tables and budget.")
@click.option("--table", default=None, help="The table of lines that name none (bare results).")
@click.option("--game", default=None, type=Choices(WATCHED, "game"), help="The --table's game.")
@version_option(help="The --table's regulation version (default: the latest).")
@click.option("--wheel", default=None, help="The --table's pocket order, e.g. 0-32-15-... (roulette).")
@click.option("--level", default=None, help="The floor's false-alarm chance within the horizon (default 1%).")
@click.option("--horizon", default=None, help="The budget's horizon: 1y, 90d, 12h (default 1y).")
@click.option("--pattern", default=None, help="A regular expression whose group (?P<result>...) is the result.")
@click.option("--follow", is_flag=True, help="Follow each feed file as it grows (survives rotation).")
@click.option("--serial", default=None, metavar="DEVICE", help="Read a serial device (a wheel controller).")
@click.option("--baud", default="9600", show_default=True, help="The serial device's speed.")
@click.option("--idle-exit", default=None, metavar="SECONDS", help="Stop a followed feed idle this long.")
@click.option("--batch", default="50000", show_default=True, help="Lines between commits.")
@click.option("--page", default=None, help="A floor page (HTML) rewritten as the monitor runs.")
@click.option("--format", "fmt", default="text", type=Choices(("text", "json"), "format"), show_default=True)
def run(
    feeds: tuple[str, ...],
    state_path: str,
    floor_path: str | None,
    table: str | None,
    game: str | None,
    version: str | None,
    wheel: str | None,
    level: str | None,
    horizon: str | None,
    pattern: str | None,
    follow: bool,
    serial: str | None,
    baud: str,
    idle_exit: str | None,
    batch: str,
    page: str | None,
    fmt: str,
) -> None:
    """Read feeds (files, - for standard input, --serial) into the state file; print each alarm as one line.

    A line is a round-log round (the format `verify` reads, with optional table, round, time, dealer and a
    wager's player), a bare result (17; 3 4; 1 5 5; G) for --table, or a controller's line read by --pattern.
    """
    try:
        floor = read_floor(floor_path)
        budget = floor.budget
        if level is not None or horizon is not None:
            budget = Budget(
                parse_level(level) if level is not None else budget.level,
                horizon_hours(horizon) if horizon is not None else budget.hours,
                horizon or budget.horizon,
            )
            floor = type(floor)(floor.tables, budget)
        if game is not None:
            if table is None:
                fail("--game names the game of --table: give --table NAME too")
            spec: dict = {"game": game}
            if version:
                spec["version"] = version
            if wheel:
                spec["wheel"] = wheel
            floor.tables[table] = table_config(table, spec, "the command line")
        elif table is not None and table not in floor.tables and not feeds:
            fail(f"table {shorten(table)} is not in the floor file: give --game")
        pat = line_pattern(pattern) if pattern is not None else None
        lines_between = parse_whole(batch, "--batch", minimum=1, maximum=10**7)
        idle = None if idle_exit is None else float(parse_whole(idle_exit, "--idle-exit", minimum=0, maximum=10**6))
        speed = parse_whole(baud, "--baud", minimum=50, maximum=4_000_000)
        page_path = check_output(page, "--page") if page else None
    except REFUSALS as exc:
        fail(str(exc))
    if not feeds and serial is None:
        fail("give a feed: a file, - for standard input, or --serial DEVICE")
    if follow and "-" in feeds:
        fail("--follow follows files; standard input is read as it comes anyway")
    state = _state(state_path, create=True)
    last_page = [0.0]
    shown: dict[tuple[str, str], int] = {}

    def emit(x: Alarm | Fault) -> None:
        if isinstance(x, Fault):
            n = shown[(x.table, x.kind)] = shown.get((x.table, x.kind), 0) + 1
            if n <= FAULTS_SHOWN:
                click.echo(fault_text(x), err=True)
            if n == FAULTS_SHOWN:
                click.echo(
                    f"feed fault {x.table} {x.kind}: further ones are counted (monitor status), not shown", err=True
                )
            return
        ident = state.alarm_id(x)
        click.echo(json.dumps(alarm_data(x, ident)) if fmt == "json" else alarm_text(x, ident))

    def committed() -> None:
        if page_path is not None and time.monotonic() - last_page[0] >= 2:
            _write_floor_page(state, page_path)
            last_page[0] = time.monotonic()

    mon = Monitor(floor, state, emit, committed, StderrBar())
    try:
        for name in feeds:
            default = table or (None if name == "-" else Path(name).stem)
            src: FileSource | StdinSource
            if name == "-":
                src = StdinSource()
            else:
                src = FileSource(name, state.position(name), follow, idle, mon.commit)
            _peek_header(mon, name, default)
            mon.read(Feed(src, default, owner=table), pat, lines_between, 2.0)
            src.close()
        if serial is not None:
            port = SerialSource(serial, speed, idle, mon.commit)
            click.echo(f"monitor: reading {serial} at {speed} baud", err=True)
            mon.read(Feed(port, table, owner=table), pat, lines_between, 2.0)
            port.close()
    except REFUSALS as exc:
        fail(str(exc))
    finally:
        if page_path is not None:
            _write_floor_page(state, page_path)
    r = mon.run
    for note in r.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(
        f"monitor: {r.lines:,} line(s), {r.rounds:,} round(s), {r.alarms:,} alarm(s), {r.faults:,} feed fault(s)"
        + (f", {r.ignored:,} line(s) not matching --pattern" if pattern else ""),
        err=True,
    )
    state.close()


def _peek_header(mon: Monitor, name: str, table: str | None) -> None:
    """A round log's header names the game of the tables its lines name: the first lines are read before the
    budget is split, so that those tables count in it from the start (files only)."""
    if name == "-":
        return
    names: list[str] = []
    header = None
    try:
        with open(name, "rb") as f:
            for i, raw in enumerate(f):
                if i >= PEEK_LINES:
                    break
                if raw.lstrip()[:1] != b"{":
                    continue
                try:
                    rec = json.loads(raw)
                except json.JSONDecodeError:
                    continue
                if not isinstance(rec, dict):
                    continue
                if "roundlog" in rec:
                    header = rec
                    continue
                found = rec.get("table", table)
                if isinstance(found, str) and found not in names:
                    names.append(found)
    except OSError:
        return
    if header is not None:
        for n in names:
            if n not in mon.floor.tables:
                mon._add(n, header, None)


def _write_floor_page(state: State, path: Path) -> None:
    write_text(path, floor_page(summaries(state), state.alarms(), state.faults(limit=50), state.resets()))


@monitor.command("status", examples=["oddscalc monitor status --state floor.db"])
@click.option("--state", "state_path", required=True, help="The floor's state file.")
@click.option("--format", "fmt", default="text", type=Choices(("text", "json"), "format"), show_default=True)
def status(state_path: str, fmt: str) -> None:
    """Every table's rounds, feed faults and tests: each statistic beside its threshold."""
    state = _state(state_path)
    rows = summaries(state)
    if fmt == "json":
        click.echo(json.dumps(named("monitor-status", {"tables": [_table_data(t) for t in rows]})))
        return
    for t in rows:
        faults = f"feed faults: {t.faults_text}" if t.faults else "no feed fault"
        rounds = f"{t.rounds:,} round{'' if t.rounds == 1 else 's'}"
        click.echo(f"{t.name} ({t.game} {t.version}): {rounds}, last round {t.last_round}; {faults}")
        if t.game in CARD_GAMES:
            click.echo(f"  settlement, rules, shoe: {t.settled_wrong} fault(s) found by the judge")
        else:
            click.echo(f"  settlement: {t.settled_wrong} wager(s) settled against the law")
        for s in t.streams:
            part = part_name(s.test, s.dealer)
            who = f" {part}" if part else ""
            state_word = f"ALARM at round {s.alarm}" if s.alarm is not None else "ok"
            click.echo(
                f"  {s.test}{who}: {state_word}; log e {s.log_e:.2f} of threshold {s.log_threshold:.2f} "
                f"(level {s.level:.3g}, {s.n:,} result{'' if s.n == 1 else 's'})"
            )


def _table_data(t) -> dict:
    return {
        "table": t.name,
        "game": t.game,
        "version": t.version,
        "rounds": t.rounds,
        "last_round": t.last_round,
        "feed_faults": t.faults,
        "settled_wrong": t.settled_wrong,
        "tests": [
            {
                "test": s.test,
                **part_fields(s.test, s.dealer),
                "results": s.n,
                "alarm_round": s.alarm,
                "log_e_value": s.log_e,
                "log_threshold": s.log_threshold,
                "level_spent": s.level,
            }
            for s in t.streams
        ],
    }


@monitor.command("alarms", examples=["oddscalc monitor alarms --state floor.db --format json"])
@click.option("--state", "state_path", required=True, help="The floor's state file.")
@click.option("--table", default=None, help="Only this table's alarms.")
@click.option("--format", "fmt", default="text", type=Choices(("text", "json"), "format"), show_default=True)
def alarms(state_path: str, table: str | None, fmt: str) -> None:
    """Every alarm the state file holds, one line each, oldest first."""
    state = _state(state_path)
    found = 0
    for row in state.alarms(table):
        found += 1
        a = _alarm(row)
        click.echo(json.dumps(alarm_data(a, row["id"])) if fmt == "json" else alarm_text(a, row["id"]))
    if not found and fmt != "json":  # JSON lines: none is no line; text says so, so silence is never ambiguous
        click.echo(f"no alarm{f' for table {table}' if table else ''} in {state_path}")


def _alarm(row: dict) -> Alarm:
    return Alarm(
        row["tbl"],
        row["test"],
        row["dealer"],
        row["round"],
        row["time"],
        row["log_e"],
        row["log_threshold"],
        row["level"],
        row["level_exact"],
        row["alternative"],
        row["law"],
    )


@monitor.command(
    "evidence", examples=["oddscalc monitor evidence 1 --state floor.db --out alarm-1.html --pdf alarm-1.pdf"]
)
@click.argument("alarm")
@click.option("--state", "state_path", required=True, help="The floor's state file.")
@click.option("--out", required=True, help="The evidence page (HTML).")
@click.option("--pdf", default=None, help="The same page as PDF.")
def evidence(alarm: str, state_path: str, out: str, pdf: str | None) -> None:
    """A page a regulator can read for one alarm (its id in `alarms`): the law, the counts, the evidence over
    time and where it crossed, and what else was tested; for a stakes alarm, the player's shoes and stakes."""
    try:
        out_path = check_output(out)
        pdf_path = check_output(pdf, "--pdf") if pdf else None
        ident = parse_whole(alarm, "ALARM", minimum=1, maximum=10**12)
    except REFUSALS as exc:
        fail(str(exc))
    state = _state(state_path)
    rows = [r for r in state.alarms() if r["id"] == ident]
    if not rows:
        fail(f"no alarm {ident} in {state_path}; `oddscalc monitor alarms --state {state_path}` lists them")
    row = rows[0]
    tables = {t.name: t for t in summaries(state)}
    html = evidence_page(
        row,
        tables[row["tbl"]],
        state.history(row["tbl"], row["test"], row["dealer"]),
        state.faults(row["tbl"]),
        state.stakes_shoes(row["tbl"], row["dealer"]) if row["test"] == STAKES else (),
    )
    write_text(out_path, html)
    if pdf_path is not None:
        write_bytes(pdf_path, pdf_bytes(html))
    click.echo(f"wrote {out_path}" + (f" and {pdf_path}" if pdf_path else ""))


@monitor.command("reset", examples=["oddscalc monitor reset R1 --reason 'wheel serviced' --state floor.db"])
@click.argument("table")
@click.option("--reason", required=True, help="Why (kept in the audit trail): 'wheel serviced, ball changed'.")
@click.option("--state", "state_path", required=True, help="The floor's state file.")
def reset(table: str, reason: str, state_path: str) -> None:
    """Restart every test of TABLE (after its wheel is serviced), kept in the audit trail with the reason."""
    if not reason.strip():
        fail("--reason must say why the table's tests restart")
    state = _state(state_path)
    try:
        before = state.reset(table, reason.strip()[:500])
    except REFUSALS as exc:
        fail(str(exc))
    click.echo(f"reset {table}: {len(before['alarms'])} alarm(s) cleared; reason kept in the audit trail")


@monitor.command(
    "plan",
    examples=["oddscalc monitor plan", "oddscalc monitor plan --tables 50 --level 1% --horizon 1y --format json"],
)
@click.option("--tables", default="50", show_default=True, help="Roulette wheels on the floor sharing the budget.")
@click.option("--level", default="1%", show_default=True, help="The floor's false-alarm chance within the horizon.")
@click.option("--horizon", default="1y", show_default=True, help="The budget's horizon: 1y, 90d, 12h.")
@click.option("--results-per-hour", default="60", show_default=True, help="Spins an hour on each wheel.")
@click.option("--format", "fmt", default="text", type=Choices(("text", "json"), "format"), show_default=True)
def plan(tables: str, level: str, horizon: str, results_per_hour: str, fmt: str) -> None:
    """Spins the monitor needs to flag each named fault on one wheel of the floor, from the exact information
    a spin carries (KL), beside the bound of a test that knows the fault (the SPRT's log(1/a)/KL)."""
    try:
        n = parse_whole(tables, "--tables", minimum=1, maximum=100_000)
        pace = parse_whole(results_per_hour, "--results-per-hour", minimum=1, maximum=100_000)
        budget = Budget(parse_level(level), horizon_hours(horizon), horizon)
    except REFUSALS as exc:
        fail(str(exc))
    plans = fault_plans(n, budget, pace)
    if fmt == "json":
        rows = [
            {
                "fault": f.name,
                "test": f.test,
                "kl_nats": f.kl,
                "drift_nats": f.drift,
                "level": f.level,
                "alternatives": f.alternatives,
                "horizon_results": f.horizon,
                "sprt_results": f.sprt,
                "monitor_results": None if math.isinf(f.monitor) else f.monitor,
            }
            for f in plans
        ]
        click.echo(json.dumps(named("monitor-plan", {"tables": n, "level": level, "horizon": horizon, "faults": rows})))
        return
    lines = [
        f"{n} wheel(s), {level} false-alarm chance within {horizon}, {pace} spins an hour: each test's level "
        f"{plans[0].level:.3g}, {plans[0].horizon:,.0f} spins in the horizon"
    ]
    for f in plans:
        mon = "never (no alternative it watches fits)" if math.isinf(f.monitor) else f"{f.monitor:,.0f} spins"
        lines.append(
            f"{f.name} ({f.test}): KL {f.kl:.4g} nats a spin; knowing the fault (SPRT) {f.sprt:,.0f} spins; "
            f"the monitor {mon}"
            + ("" if math.isinf(f.monitor) else f" ({f.cost:.2f} times: {f.alternatives} alternatives watched)")
        )
    click.echo("\n".join(fit(lines)))


commands = [monitor]
