"""Fuzzing the command line: the vocabulary (read from the click command tree and the api), hostile values,
malformed results files, and a runner that plays one command line in a forked child under a time bound.

The vocabulary is introspected, not listed: every command and sub-command of `oddscalc.cli.main.cli`, each with its
arguments, options, flags and click choices, so a command added later is fuzzed with no change here. Values are
drawn by what a parameter is called (a `game` gets game names, `--rule` gets NAME=VALUE pairs built from the
games' rule options, an `--out` gets paths good and bad, a results argument gets malformed files), always mixed
with hostile text (huge exponents, thousands of digits, ten thousand characters, control characters, ...).

A command line passes when it exits 0, 1 (a verdict) or 2 (a one-line error) without a traceback, and either
finishes within the time bound or has shown progress (`StderrBar`, the project's progress reporter) by then:
validation must be fast, and long work must say it is working. A child still silent at the bound is a hang.
"""

from __future__ import annotations

import io
import json
import os
import select
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import click
from hypothesis import strategies as st

HOSTILE = (
    "",
    " ",
    "-",
    "--",
    "-1",
    "0",
    "1e99999999",
    "1e-99999999",
    "1e5000",
    "1e-999",
    "9" * 5000,
    "x" * 10_000,
    "nan",
    "inf",
    "-inf",
    "1/0",
    "0/0",
    "0x10",
    "1_000",
    "١٢",
    "\x00",
    "\u202e",
    "é",
    "😀",
    "a=b=c",
    "=",
    "=1",
    "1=",
    "..",
    "/",
    "%s%s",
    "{}",
    "[",
    "'",
    '"',
    "\\",
    "\n",
    "true",
    "None",
    "-1e3",
    "1e-300",
    "10**9",
    "9" * 401,
    "0." + "0" * 500 + "1",
    "1" + "0" * 450,
    "3 to 0",
    "to",
    ":",
    "45:1:1",
)
NUMBERS = (
    "1",
    "2",
    "3",
    "4",
    "6",
    "8",
    "9",
    "100",
    "150",
    "400",
    "1000",
    "2500",
    "0.01",
    "0.5",
    "1/100",
    "19/20",
    "1e3",
    "2.5",
    "0",
    "-3",
    "1e9",
    "1000000001",
)
CARDS = (
    "8,8",
    "A",
    "K,5",
    "10",
    "T",
    "9,9,8,8,0,0",
    "6,6,5,0,K,A",
    "none",
    "A,A,A,A,A,A,A,A,A",
    "Q",
    "2,3",
    "As Kd 5c 5h 2d",
    "Qs 6d 4c",
    "7h",
    "Ah Ah",
    "vs",
    "8,8 vs 10",
    "K,Q,5",
    "X",
    "0,0,0,0,0,0,0,0,0,0,0,0,0",
)
ODDS = (
    "45:1",
    "3 to 1",
    "6:2",
    "9½ to 5",
    "0:1",
    "1:0",
    "9" * 5000 + ":1",
    "lots",
    "1e99999999:1",
    "2.5:1",
    "100:1",
    "1 to 2",
    "7 1/2 to 1",
    "10%",
    "1e5%",
    "50%",
)
FORMATS = ("text", "json", "csv", "markdown", "html", "yaml")


@dataclass(frozen=True)
class Param:
    """One parameter of a command: how it is written on the command line and what it takes."""

    name: str
    opt: str | None  # None for a positional argument
    flag: bool
    multiple: bool
    nargs: int
    required: bool
    choices: tuple[str, ...]


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]
    params: tuple[Param, ...]


def commands(group: click.Group) -> list[Command]:
    """Every leaf command under `group`, each with its parameters (help options left out)."""
    found: list[Command] = []

    def walk(g: click.Group, prefix: tuple[str, ...]) -> None:
        for name, cmd in sorted(g.commands.items()):
            if isinstance(cmd, click.Group):
                walk(cmd, prefix + (name,))
                continue
            params = []
            for p in cmd.params:
                if isinstance(p, click.Option) and p.name in ("help",):
                    continue
                choices = tuple(p.type.choices) if isinstance(p.type, click.Choice) else ()
                if isinstance(p, click.Option):
                    opt = max(p.opts, key=len)
                    params.append(Param(p.name, opt, bool(p.is_flag), bool(p.multiple), p.nargs, p.required, choices))
                    for secondary in p.secondary_opts:  # --booklet/--no-booklet
                        params.append(Param(p.name, secondary, True, False, 1, False, ()))
                else:
                    params.append(Param(p.name, None, False, False, p.nargs, p.required, choices))
            found.append(Command(prefix + (name,), tuple(params)))

    walk(group, ())
    return found


@dataclass
class Vocabulary:
    """The domain's words, read from the api: games, wagers, versions, rule options and payouts."""

    games: tuple[str, ...]
    versions: tuple[str, ...]
    wagers: dict[str, tuple[str, ...]]
    rules: dict[str, tuple[str, ...]]  # game -> NAME=VALUE pairs
    pays: dict[str, tuple[str, ...]]  # game -> WAGER.PAYOUT keys
    laws: tuple[str, ...]


def vocabulary() -> Vocabulary:
    from oddscalc import api
    from oddscalc.regulations.versions import VERSIONS

    games = tuple(api.GAMES)
    wagers: dict[str, tuple[str, ...]] = {}
    pays: dict[str, tuple[str, ...]] = {}
    rules: dict[str, tuple[str, ...]] = {}
    for g in games:
        keys, payouts = [], []
        for v in VERSIONS.values():
            if g in v.games:
                for w in api.wagers(g, v.id):
                    keys.append(w.key)
                    payouts += [w.key] + [f"{w.key}.{p.key}" for p in w.payouts]
        wagers[g] = tuple(dict.fromkeys(keys))
        pays[g] = tuple(dict.fromkeys(payouts))
        pairs = []
        for o in api.rule_options(g):
            values = o.choices or {"removed": CARDS, "meter": NUMBERS, "commission": NUMBERS}.get(o.name, NUMBERS)
            pairs += [f"{o.name}={v}" for v in values]
        rules[g] = tuple(pairs)
    try:
        from oddscalc.regulations.texts import TEXTS

        laws = tuple(t.name for t in TEXTS)
    except ImportError:
        laws = ()
    return Vocabulary(games, tuple(VERSIONS), wagers, rules, pays, laws)


def results_files(folder: Path) -> tuple[str, ...]:
    """Results files good and bad, written once: what `check` (and any command taking a results file) reads."""
    good = "net_return,count\n-1,9730\n35,270\n"
    files = {
        "good.csv": good,
        "rounds.csv": "net_return\n" + "-1\n" * 300 + "35\n" * 10,
        "bom.csv": "\ufeff" + good.replace("\n", "\r\n"),
        "dup.csv": good + "-1.0,5\n",
        "dupsame.csv": good + "35,1\n",
        "huge.csv": "net_return,count\n-1,1" + "0" * 330 + "\n35,270\n",
        "expo.csv": "net_return,count\n-1,1e99999999\n35,270\n",
        "neg.csv": "net_return,count\n-1,-5\n35,3\n",
        "frac.csv": "net_return,count\n-1,2.5\n35,3\n",
        "empty.csv": "",
        "header.csv": "net_return,count\n",
        "badheader.csv": "x,y\n1,2\n",
        "long.csv": "net_return\n" + "1" * 100_000 + "\n",
        "digits.csv": "net_return\n" + "9" * 5000 + "\n",
        "fields.csv": "net_return,count\n1,2,3\n",
        "binary.csv": "\x00\x01\x02\xff",
        "unknown.csv": "net_return,count\n17,5\n-1,9000\n",
        "quoted.csv": 'net_return,count\n"-1","9730"\n"35",270\n',
        "crlf-rounds.csv": "net_return\r\n-1\r\n35\r\n" * 200,
        "good.json": json.dumps({"counts": {"-1": 9730, "35": 270}}),
        "rounds.json": json.dumps({"returns": [-1] * 300 + ["35"] * 10}),
        "dupkey.json": '{"counts": {"-1": 9730, "-1": 5, "35": 270}}',
        "dupvalue.json": '{"counts": {"-1": 9730, "-1.0": 5}}',
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "nan.json": '{"counts": {"-1": NaN}}',
        "bool.json": '{"counts": {"-1": true, "35": 3}}',
        "list.json": "[1, 2, 3]",
        "trunc.json": '{"counts": {"-1": 9',
        "bigexp.json": '{"counts": {"-1": 1e99999999}}',
        "float.json": '{"counts": {"-1": 9730.5}}',
        "nested.json": '{"returns": [[1], {"a": 2}, null]}',
        "bomjson.json": "\ufeff" + json.dumps({"counts": {"-1": 97}}),
    }
    paths = []
    for name, text in files.items():
        p = folder / name
        p.write_bytes(text.encode("utf-8", "surrogateescape") if name != "binary.csv" else b"\x00\x01\x02\xff")
        paths.append(str(p))
    return tuple(paths) + (str(folder / "missing.csv"), str(folder), "")


def output_paths(folder: Path) -> tuple[str, ...]:
    (folder / "afile").write_text("x")
    return (
        "",
        str(folder),
        str(folder / "out.csv"),
        str(folder / "new" / "deeper" / "x.csv"),
        str(folder / "afile" / "x.csv"),
        "/proc/version",
        "/dev/full",
        "rel/out.txt",
        "out.html",
        "x" * 300,
    )


class Draw:
    """Hypothesis strategies for whole command lines."""

    def __init__(self, cmds: list[Command], vocab: Vocabulary, files: tuple[str, ...], outs: tuple[str, ...]):
        self.cmds, self.v, self.files, self.outs = cmds, vocab, files, outs
        self.all_wagers = tuple(sorted({w for ws in vocab.wagers.values() for w in ws}))
        self.all_rules = tuple(sorted({r for rs in vocab.rules.values() for r in rs}))
        self.folder = Path(files[0]).parent
        self._valid: dict[tuple[str, str], str | None] = {}

    def valid_file(self, game: str, wager: str) -> str | None:
        """Counts near the exact expectation for (game, wager) under the newest version, so that `check` gets
        as far as a verdict; None where there is no such law (made once, in the parent)."""
        key = (game, wager)
        if key not in self._valid:
            from oddscalc import api
            from oddscalc.cli.common import default_version

            try:
                a = api.analyse(game, default_version(game), wager)
                d = a.results[0].distribution
                if a.results[0].not_a_law or len(d.outcomes) > 40:
                    raise ValueError("no law to test")
                path = self.folder / f"valid-{len(self._valid)}.csv"
                rows = [f"{r.numerator}/{r.denominator},{round(p * 20_000)}" for r, p in d.outcomes]
                path.write_text("net_return,count\n" + "\n".join(rows) + "\n")
                self._valid[key] = str(path)
            except Exception:
                self._valid[key] = None
        return self._valid[key]

    def value(self, draw, p: Param, game: str | None, wager: str | None = None) -> str:
        name = (p.name or "").lower()
        domain: tuple[str, ...]
        if p.choices:
            domain = p.choices
        elif "game" in name:
            domain = self.v.games
        elif "wager" in name:
            domain = self.v.wagers.get(game, ()) or self.all_wagers
        elif "version" in name:
            domain = self.v.versions
        elif name in ("fmt", "format", "kind"):
            domain = FORMATS
        elif "rule" in name:
            domain = self.v.rules.get(game, ()) or self.all_rules
            domain = domain + tuple(f"{r.split('=')[0]}={h}" for r in domain[:3] for h in ("1e99999999", "x" * 10_000))
        elif "pay" in name:
            keys = self.v.pays.get(game, ()) or ("A", "field.12", "ante.royal-flush")
            return draw(st.sampled_from(keys)) + "=" + draw(st.sampled_from(ODDS + HOSTILE[:12]))
        elif "result" in name or "file" in name or "log" in name or "input" in name:
            domain = self.files
            valid = self.valid_file(game, wager) if game and wager else None
            if valid and draw(st.booleans()):
                return valid
        elif "out" in name or "path" in name or "dir" in name:
            domain = self.outs
        elif any(k in name for k in ("removed", "card", "word", "hand", "up")):
            domain = CARDS
        elif "law" in name or name == "name":
            domain = self.v.laws + ("README", "readme", "2003")
        else:
            domain = NUMBERS + self.v.games[:3] + self.v.versions
        return draw(st.one_of(st.sampled_from(domain), st.sampled_from(domain), st.sampled_from(HOSTILE)))

    def argv(self) -> st.SearchStrategy[list[str]]:
        @st.composite
        def build(draw) -> list[str]:
            cmd = draw(st.sampled_from(self.cmds))
            game = draw(st.sampled_from(self.v.games))
            wager = None
            argv = list(cmd.path)
            for p in cmd.params:
                if p.opt is not None:
                    continue
                if "game" in (p.name or ""):
                    argv.append(game)
                    continue
                if not p.required and draw(st.booleans()):
                    continue
                if p.nargs == -1 and draw(st.booleans()):  # free words: often a query such as `8,8 vs 10`
                    argv += [draw(st.sampled_from(CARDS)), "vs", draw(st.sampled_from(CARDS))]
                    continue
                count = draw(st.integers(1, 4)) if p.nargs == -1 else p.nargs
                values = [self.value(draw, p, game, wager) for _ in range(count)]
                if "wager" in (p.name or ""):
                    wager = values[0]
                argv += values
            for p in cmd.params:
                if p.opt is None or not (p.required or draw(st.integers(0, 3)) == 0):
                    continue
                if p.flag:
                    argv.append(p.opt)
                    continue
                for _ in range(draw(st.integers(1, 2)) if p.multiple else 1):
                    argv += [p.opt, self.value(draw, p, game, wager)]
            if draw(st.integers(0, 15)) == 0:  # an unknown option or a stray argument
                argv.insert(
                    draw(st.integers(len(cmd.path), len(argv))), draw(st.sampled_from(("--bogus", "stray", "-x")))
                )
            if draw(st.integers(0, 20)) == 0:  # a missing value at the end
                argv.append(draw(st.sampled_from([p.opt for p in cmd.params if p.opt] or ["--help"])))
            return argv

        return build()


@dataclass
class Outcome:
    code: int | None  # exit status; None when the child was stopped at the time bound
    traceback: str
    stderr: str
    seconds: float
    progressed: bool


def prepare(workdir: Path) -> dict[str, str]:
    """A private cache folder (the shipped data is read first) and one process per computation for the children."""
    cache = workdir / "cache"
    return {"ODDSCALC_CACHE": str(cache), "ODDSCALC_WORKERS": "1", "COLUMNS": "100"}


def warm() -> None:
    """Compute every game's default analysis once in the parent, so forked children start with warm memos."""
    from oddscalc import api
    from oddscalc.regulations.versions import VERSIONS

    for v in VERSIONS.values():
        for g in v.games:
            if api.implemented(g):
                api.analyse(g, v.id)


def run(argv: list[str], workdir: Path, env: dict[str, str], bound: float, grace: float) -> Outcome:
    """Play `argv` through `oddscalc.cli.main` in a forked child (so a hang can be stopped and state cannot leak).

    The child reports each progress call and its end through a pipe; the parent waits `bound` seconds for it to
    finish, or, once it has shown progress, `grace` seconds more before stopping it as long work in progress.
    """
    read_fd, write_fd = os.pipe()
    out = tempfile.TemporaryFile(dir=workdir)
    err = tempfile.TemporaryFile(dir=workdir)
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_fd)
        code, tb = 0, ""
        try:
            os.chdir(workdir)
            os.environ.update(env)
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
            sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
            sys.stdin = io.StringIO("")
            from oddscalc.core import progress

            def beat(self, done, total, label=""):
                os.write(write_fd, b"p")

            progress.StderrBar.__call__ = beat
            from oddscalc.cli.main import main

            try:
                main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:
            code, tb = 99, traceback.format_exc()
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except BaseException:
                pass
            os.write(write_fd, b"x" + json.dumps([code, tb[-4000:]]).encode())
            os._exit(0)
    os.close(write_fd)
    progressed = False
    buf = b""
    deadline = start + bound
    try:
        while True:
            now = time.monotonic()
            if now >= deadline:
                os.kill(pid, signal.SIGKILL)
                break
            ready, _, _ = select.select([read_fd], [], [], deadline - now)
            if not ready:
                continue
            chunk = os.read(read_fd, 65536)
            if not chunk:  # the child has ended
                break
            buf += chunk
            if not progressed and b"p" in buf.split(b"x", 1)[0]:
                progressed = True
                deadline = min(deadline, time.monotonic() + grace)
    finally:
        os.waitpid(pid, 0)
        os.close(read_fd)
    message = buf.split(b"x", 1)[1] if b"x" in buf else b""
    seconds = time.monotonic() - start
    err.seek(0)
    stderr = err.read().decode("utf-8", "replace")
    out.close()
    err.close()
    if message:
        code, tb = json.loads(message.decode())
        return Outcome(code, tb, stderr, seconds, progressed)
    return Outcome(None, "", stderr, seconds, progressed)


def verdict(argv: list[str], o: Outcome) -> str | None:
    """None when the command line behaved; else what went wrong."""
    shown = " ".join(a if len(a) < 40 else a[:37] + "..." for a in argv)
    if o.traceback or "Traceback (most recent call last)" in o.stderr:
        return f"traceback for `oddscalc {shown}`:\n{o.traceback or o.stderr[-3000:]}"
    if o.code is None:
        if o.progressed:
            return None  # long work under way, reporting progress: not a hang
        return f"hang: `oddscalc {shown}` was silent for {o.seconds:.1f} s with no progress shown"
    if o.code not in (0, 1, 2):
        return f"exit status {o.code} for `oddscalc {shown}`"
    if o.code == 2:
        lines = [line for line in o.stderr.splitlines() if line.startswith("oddscalc: error:")]
        if len(lines) != 1:
            return f"exit 2 without a one-line error for `oddscalc {shown}`: {o.stderr[-500:]!r}"
        if len(lines[0]) > 1500:
            return f"an error of {len(lines[0])} characters for `oddscalc {shown}`"
    return None
