"""`oddscalc verify`: every reference simulator's log verifies clean; the log format's schema; bad logs are
one-line errors with the line number and exit status 2; the report's forms; streaming and Ctrl-C.

The reference simulators (oddscalc/sim) and the judges (oddscalc/verify) are written apart from each other and
from the engines, so a clean verdict on thousands of their rounds is two independent readings of the law
agreeing round by round; the planted faults are in test_verify_faults.py."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction as F
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from oddscalc.verify import LogError, verify
from tests.cli_run import run_cli as _run
from tests.roundlog_schema import SCHEMA
from tests.verify_logs import rounds_of, write_log

DOC = Path(__file__).resolve().parents[2] / "docs" / "verify.md"

# (game, wager, version, rules): every game, and the wagers and rule sets whose play or settlement differ.
CASES = [
    ("roulette", "even-chance", None, {}),
    ("roulette", "split", None, {}),
    ("roulette", "two-dozens", None, {}),
    ("dice", "win", None, {}),
    ("dice", "dont-come-bar-2", None, {}),
    ("dice", "behind-4", None, {}),
    ("dice", "lay-9", None, {}),
    ("dice", "place-to-win-4", None, {}),
    ("dice", "place-to-lose-6", None, {}),
    ("dice", "hard-10", None, {}),
    ("dice", "field", None, {}),
    ("dice", "craps", None, {}),
    ("dice", "hop-2-5", "2002", {}),
    ("big-six", "A", None, {}),
    ("big-six", "G", None, {}),
    ("sic-bo", "small", None, {}),
    ("sic-bo", "double-3", None, {}),
    ("sic-bo", "single-4", None, {}),
    ("sic-bo", "total-10", None, {}),
    ("sic-bo", "four-2345", None, {}),
    ("sic-bo", "combination-1-6", None, {}),
    ("punto-banco", "banker", "1994", {"decks": "8"}),
    ("punto-banco", "player", "1994", {"decks": "1"}),
    ("punto-banco", "tie", "2007", {}),
    ("punto-banco", "banker", "1994", {"decks": "1", "removed": "0,0,0,K,9"}),
    ("chemin-de-fer", "player", "1994", {}),
    ("chemin-de-fer", "bank", "1994", {"decks": "8"}),
    ("baccarat-banque", "both", "1994", {}),
    ("baccarat-banque", "left", "2002", {"hand5": "stand"}),
    ("blackjack", "initial", "1994", {"strategy": "basic"}),
    ("blackjack", "initial", "2002", {"strategy": "basic", "soft17": "hit", "decks": "4"}),
    ("blackjack", "initial", "2007", {"strategy": "basic", "hole_card": "peek"}),
    ("blackjack", "initial", "2007", {"strategy": "basic", "decks": "1", "soft17": "hit"}),
    ("casino-stud-poker", "ante", "1994", {}),
    ("casino-stud-poker", "progressive-jackpot", "2002", {}),
    ("three-card-poker", "ante-play", "2002", {}),
    ("three-card-poker", "pair-plus", "2002", {}),
    ("super-pan-9", "initial", "1994", {}),
    ("super-pan-9", "tie", "1994", {"decks": "1", "removed": "0,0,6"}),
]
# A player's bank (reg 9(5): two or more opposing hands, one line with "hands"): test_verify_super_pan_9_bank.py.


@pytest.mark.parametrize(
    "game,wager,version,rules", CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_reference_simulator_logs_verify_clean(tmp_path, game, wager, version, rules):
    path = tmp_path / "log.jsonl"
    rounds = 1500 if game == "blackjack" else 2000
    chart = {"strategy": "basic"} if rules.get("hole_card") == "peek" else None  # a cached chart (any is legal)
    _, counts = write_log(path, game, wager, rounds, seed=11, version=version, rules=rules, table_rules=chart)
    report = verify(path, game, custom=True)
    assert report.rounds == rounds
    assert report.clean, report.text()
    assert report.randomness["tests_run"] >= 2
    # the log's settlements are the simulator's own: their total equals the net its counts report
    stake = F(1) if wager == "progressive-jackpot" else F(10)
    logged = sum(sum(F(w["net"]) for w in rec["wagers"]) for _, rec in rounds_of(path))
    assert logged == stake * sum(r * n for r, n in counts.items())


def _schema_for(name: str) -> dict:
    return {**{k: v for k, v in SCHEMA.items() if k != "anyOf"}, "$ref": f"#/$defs/{name}"}


@pytest.mark.parametrize(
    "game,wager,version,rules",
    [
        c
        for c in CASES
        if c[1]
        in (
            "even-chance",
            "win",
            "A",
            "small",
            "banker",
            "player",
            "both",
            "initial",
            "ante",
            "ante-play",
            "pair-plus",
            "progressive-jackpot",
        )
    ],
)
def test_reference_logs_follow_the_shipped_schema(tmp_path, game, wager, version, rules):
    path = tmp_path / "log.jsonl"
    write_log(
        path,
        game,
        wager,
        300,
        seed=5,
        version=version,
        rules=rules,
        table_rules={"strategy": "basic"} if rules.get("hole_card") == "peek" else None,
    )
    lines = path.read_text().splitlines()
    jsonschema.validate(json.loads(lines[0]), _schema_for("header"))
    validator = jsonschema.Draft202012Validator(_schema_for(f"round-{game}"))
    whole = jsonschema.Draft202012Validator(SCHEMA)
    for text in lines[1:]:
        validator.validate(json.loads(text))
    whole.validate(json.loads(lines[1]))  # and the whole-line schema


def test_schema_refuses_floats_and_unknown_cards():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    good = {
        "shoe": 1,
        "player": ["9", "K"],
        "banker": ["3", "4"],
        "wagers": [{"on": "banker", "stake": "10", "net": "9.5"}],
    }
    v = jsonschema.Draft202012Validator(_schema_for("round-punto-banco"))
    v.validate(good)
    for bad in (
        {**good, "wagers": [{"on": "banker", "stake": "10", "net": 9.5}]},
        {**good, "player": ["9", "Z"]},
        {**good, "wagers": [{"on": "banker", "stake": "0", "net": "0"}]},
        {**good, "wagers": [{"on": "banker", "stake": "-10", "net": "0"}]},
        {**good, "extra": 1},
    ):
        with pytest.raises(jsonschema.ValidationError):
            v.validate(bad)


def test_docs_example_lines_follow_the_schema_and_verify():
    """Every worked example line in docs/verify.md is valid against the schema and verifies clean."""
    doc = DOC.read_text()
    blocks = [b.split("```", 1)[0] for b in doc.split("```jsonl\n")[1:]]
    assert len(blocks) >= 11
    for block in blocks:
        lines = block.strip().splitlines()
        header = json.loads(lines[0])
        jsonschema.validate(header, _schema_for("header"))
        validator = jsonschema.Draft202012Validator(_schema_for(f"round-{header['game']}"))
        for text in lines[1:]:
            validator.validate(json.loads(text))


def test_docs_examples_verify_clean(tmp_path):
    doc = DOC.read_text()
    for i, block in enumerate(b.split("```", 1)[0] for b in doc.split("```jsonl\n")[1:]):
        path = tmp_path / f"example{i}.jsonl"
        path.write_text(block)
        game = json.loads(block.splitlines()[0])["game"]
        report = verify(path, game, randomness=False)
        assert report.clean, (block, report.text())


# -- bad input ------------------------------------------------------------------------------------------------
HEADER = '{"roundlog": 1, "game": "punto-banco", "version": "1994", "rules": {"decks": "8"}}'
GOOD = '{"shoe":1,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10","net":"-10"}]}'
BJ_HEADER = '{"roundlog": 1, "game": "blackjack", "version": "1994"}'


@pytest.mark.parametrize(
    "third,what",
    [
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10","net":"-10"}',
            "cut short",
        ),
        ('{"shoe":2,"player":"9K","banker":["3","4"],"wagers":[]}', "must be a list of cards"),
        ('{"shoe":2,"player":[9,"K"],"banker":["3","4"],"wagers":[]}', "unknown card 9 (not a string)"),
        ('{"shoe":2,"player":["9","Z"],"banker":["3","4"],"wagers":[]}', "unknown card 'Z'"),
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"-10","net":"-10"}]}',
            "negative",
        ),
        ('{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"0","net":"0"}]}', "zero"),
        ('{"shoe":2,"player":["9","K"],"wagers":[]}', "missing field 'banker'"),
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10"}]}',
            "missing field 'net'",
        ),
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":10.5,"net":"0"}]}',
            "fraction part",
        ),
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"ten","net":"0"}]}',
            "not a number",
        ),
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"1e99999999","net":"0"}]}',
            "exponent",
        ),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"shoe":2,"shoe":3}', "twice"),
        ('{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[],"stake":"10"}', "unknown field 'stake'"),
        ('{"shoe":2,"player":["9","K"],"banker":["3","4"],"wager":[]}', "unknown field 'wager' (misspelt 'wagers'?)"),
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10","nett":"0"}]}',
            "unknown field 'nett' (misspelt 'net'?)",
        ),
        (
            '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[],"brun":["2"]}',
            "unknown field 'brun' (misspelt 'burn'?); allowed: ",
        ),
        ('{"shoe":2,"player":["9","K","3","4"],"banker":["3","4"],"wagers":[]}', "2 or 3 cards"),
        ("[1, 2]", "JSON object"),
    ],
)
def test_bad_line_is_a_one_line_error_naming_its_line(tmp_path, capsys, third, what):
    path = tmp_path / "bad.jsonl"
    path.write_text(f"{HEADER}\n{GOOD}\n{third}\n{GOOD}\n")
    start = time.perf_counter()
    code, out, err = _run(["verify", "punto-banco", str(path)], capsys)
    assert time.perf_counter() - start < 60  # a guard against a hang, not a speed target
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "line 3:" in err and what in err, err
    assert "Traceback" not in err


def test_a_misspelt_blackjack_field_is_named_as_unknown(tmp_path, capsys):
    """A round with "wager" for "wagers" has the right number of fields: the error still names the misspelling."""
    path = tmp_path / "bj.jsonl"
    hand = '"hand":{"cards":["10","6"],"actions":["stand"],"stake":"10","net":"-10"}'
    path.write_text(
        '{"roundlog": 1, "game": "blackjack", "version": "1994"}\n'
        f'{{"shoe":1,"banker":["10","7"],{hand},"wager":[{{"on":"initial","stake":"10","net":"-10"}}]}}\n'
    )
    code, _, err = _run(["verify", "blackjack", str(path)], capsys)
    assert code == 2 and err.strip().endswith("line 2: unknown field 'wager' (misspelt 'wagers'?)"), err


@pytest.mark.parametrize(
    "content,what",
    [
        (b"\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe\x00\x03\x00>\x00", "line 1: not UTF-8"),
        (f"{HEADER}\n".encode() + bytes(range(128, 256)) * 4, "line 2: not UTF-8"),
        (b"", "line 1: empty"),
        (b'{"game": "punto-banco"}\n', "line 1: the first line must be the header"),
        (b'{"roundlog": 2, "game": "punto-banco", "version": "1994"}\n', "format 2 is not supported"),
        (b'{"roundlog": 1, "game": "punto-banco", "version": "1993"}\n', "unknown version '1993'"),
        (b'{"roundlog": 1, "game": "punto-banco", "version": "1994", "rules": {"decks": "12"}}\n', "decks"),
        (b'{"roundlog": 1, "game": "blackjack", "version": "1994"}\n', "a log of 'blackjack', not 'punto-banco'"),
        (b"x" * (2 << 20), "line 1: longer than"),
    ],
)
def test_bad_files_are_one_line_errors(tmp_path, capsys, content, what):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    code, _out, err = _run(["verify", "punto-banco", str(path)], capsys)
    assert code == 2 and err.count("\n") == 1 and what in err, err


@pytest.mark.parametrize(
    "hand,what",
    [
        ('{"cards":["8","8"],"actions":["split"],"stake":"10","net":"0"}', 'needs "split"'),
        ('{"cards":["8","3"],"actions":["fly"],"stake":"10","net":"0"}', "unknown action 'fly'"),
        ('{"cards":["8","8"],"actions":["split"],"split":[{"cards":["8","3"],"stake":"10","net":"0"}]}', "two hands"),
        ('{"cards":["8"],"stake":"10","net":"0"}', "two cards"),
    ],
)
def test_bad_blackjack_hands_are_errors(tmp_path, capsys, hand, what):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        f'{BJ_HEADER}\n{{"shoe":1,"banker":["7","10"],"hand":{hand},'
        f'"wagers":[{{"on":"initial","stake":"10","net":"0"}}]}}\n'
    )
    code, _, err = _run(["verify", "blackjack", str(path)], capsys)
    assert code == 2 and "line 2:" in err and what in err, err


def test_bad_options_are_errors(tmp_path, capsys):
    path = tmp_path / "ok.jsonl"
    path.write_text(f"{HEADER}\n{GOOD}\n")
    for argv, what in [
        (["--alpha", "2"], "--alpha"),
        (["--strategy", "basic"], "no player decision"),
        (["--format", "csv"], "allowed: text, json"),
        (["--show", "-1"], "--show"),
    ]:
        code, _, err = _run(["verify", "punto-banco", str(path), *argv], capsys)
        assert code == 2 and what in err, err
    code, _, err = _run(["verify", "no-such-game", str(path)], capsys)
    assert code == 2 and "unknown game" in err


# -- the report ----------------------------------------------------------------------------------------------
def test_text_and_json_reports(tmp_path, capsys):
    path = tmp_path / "log.jsonl"
    wrong = '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10","net":"10"}]}'
    path.write_text(f"{HEADER}\n{GOOD}\n{wrong}\n")
    code, out, _ = _run(["verify", "punto-banco", str(path), "--no-randomness"], capsys)
    assert code == 1
    assert re.search(r"mis-settlement +1\n", out) and "line 3 (round 2)" in out
    words = " ".join(out.split())  # the report is folded to 100 columns
    assert "settled the banker wager of 10 at 10" in words and "SI 1994/2899 reg 6(7)(i)" in words
    assert max(map(len, out.splitlines())) <= 100
    code, out, _ = _run(["verify", "punto-banco", str(path), "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["faults"]["by_kind"]["mis-settlement"] == 1 and not data["clean"]
    (fault,) = data["fault_list"]
    assert fault["line"] == 3 and fault["round"] == 2 and "(net -10)" in fault["law"]
    path.write_text(f"{HEADER}\n{GOOD}\n")
    code, out, _ = _run(["verify", "punto-banco", str(path)], capsys)
    assert code == 0 and "CLEAN" in out
    words = " ".join(out.split())
    assert "cards at shoe position 1 (1 shoe)" in words and "shoes)" not in words.split("(1 shoe)")[0]


def test_the_json_report_names_and_meets_its_schema(tmp_path, capsys):
    schema = json.loads(resources.files("oddscalc").joinpath("schemas/verify-1.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    path = tmp_path / "log.jsonl"
    wrong = '{"shoe":2,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10","net":"10"}]}'
    path.write_text(f"{HEADER}\n{GOOD}\n{wrong}\n")
    for extra in ([], ["--no-randomness"]):
        code, out, _ = _run(["verify", "punto-banco", str(path), "--format", "json", *extra], capsys)
        data = json.loads(out)
        assert code == 1 and data["$schema"] == schema["$id"] and data["schema_version"] == 1
        jsonschema.validate(data, schema)


def test_command_line_overrides_the_header_and_says_so(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text(f"{HEADER}\n{GOOD}\n")
    report = verify(path, "punto-banco", rules={"decks": "6"}, randomness=False)
    assert report.rules["decks"] == "6"
    assert any("replaces the log header's decks=8" in n for n in report.notes)


@pytest.mark.slow
def test_memory_stays_bounded_and_ctrl_c_prints_the_partial_report(tmp_path):
    """A log 10 times longer takes no more memory (well under 300 MB); SIGINT gives a partial report, exit 130."""
    line = '{"shoe":%d,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10","net":"-10"}]}\n'
    small, big = tmp_path / "small.jsonl", tmp_path / "big.jsonl"
    small.write_text(HEADER + "\n" + "".join(line % i for i in range(10_000)))
    big.write_text(HEADER + "\n" + "".join(line % i for i in range(100_000)))
    # the peak resident size of this process alone: /proc's VmHWM (ru_maxrss carries the parent's peak over exec)
    probe = (
        "import sys; from oddscalc.verify import verify; r = verify(sys.argv[1], 'punto-banco'); "
        "hwm = [x for x in open('/proc/self/status') if x.startswith('VmHWM')][0].split()[1]; "
        "print(r.rounds, hwm)"
    )
    peaks = []
    for path in (small, big):
        out = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, check=True)
        rounds, kb = map(int, out.stdout.split())
        peaks.append(kb)
    assert peaks[1] < 300 * 1024 and peaks[1] - peaks[0] < 20 * 1024, peaks
    # Ctrl-C mid-log: the log comes through a pipe kept open, so the run cannot end before the signal. The
    # child gets SIGINT's default disposition (a test run in the background inherits it ignored), and the feed
    # is bounded (2,000,000 rounds), so a signal not acted on fails the test instead of hanging it.
    proc = subprocess.Popen(
        [sys.executable, "-m", "oddscalc", "verify", "punto-banco", "/dev/stdin"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    written = threading.Event()

    def feed():
        try:
            proc.stdin.write((HEADER + "\n").encode())
            chunk = "".join(line % i for i in range(10_000)).encode()
            for n in range(200):
                proc.stdin.write(chunk)  # blocks while the reader is behind: a write returning means it read on
                if n == 2:
                    written.set()
            proc.stdin.close()
        except (BrokenPipeError, ValueError):  # the reader stopped, or the pipe was closed here
            pass
        written.set()

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    assert written.wait(120), "the verify process never got going"
    proc.send_signal(signal.SIGINT)
    out, err = proc.stdout.read().decode(), proc.stderr.read().decode()
    proc.wait(60)
    feeder.join(60)
    assert proc.returncode == 130, err
    assert "INTERRUPTED: partial report" in out and "verdict:" in out
    rounds = int(out.split(" round(s)")[0].rsplit(", ", 1)[1].replace(",", ""))
    assert rounds > 0


@pytest.mark.slow
def test_a_log_read_from_a_pipe_is_judged_whole(tmp_path):
    """A log through a pipe (no size, no position: `zcat log.gz | oddscalc verify GAME /dev/stdin`) is read to
    its end and judged exactly as the same log from a file, well past the lines between progress updates."""
    line = '{"shoe":%d,"player":["9","K"],"banker":["3","4"],"wagers":[{"on":"banker","stake":"10","net":"-10"}]}\n'
    text = HEADER + "\n" + "".join(line % i for i in range(20_000))
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    from_file = subprocess.run(
        [sys.executable, "-m", "oddscalc", "verify", "punto-banco", str(path)], capture_output=True, text=True
    )
    piped = subprocess.run(
        [sys.executable, "-m", "oddscalc", "verify", "punto-banco", "/dev/stdin"],
        input=text,
        capture_output=True,
        text=True,
    )
    assert piped.returncode == from_file.returncode and piped.returncode in (0, 1), piped.stderr
    assert "20,000 round(s)" in piped.stdout
    # the same report word for word (the longer path folds its lines in other places)
    assert piped.stdout.replace("/dev/stdin", str(path)).split() == from_file.stdout.split()


def test_log_errors_carry_the_line_number():
    err = LogError(7, "bad")
    assert str(err) == "line 7: bad" and err.line == 7


def test_a_chi_square_test_the_sample_cannot_support_says_why():
    """Pearson's test needs every possible outcome expected at least 5 times; below that it is not run, and the
    reason names the sample size and the outcome whose expected count is too small (worked by hand here)."""
    from oddscalc.verify.randomness import Test, chi_square_test

    # 12 throws of a fair die: each face expected 2 times (< 5)
    said = chi_square_test("die faces", [2, 2, 2, 2, 2, 2], [F(2)] * 6, list("123456"))
    assert said == (
        "die faces: 12 observations, outcome 1 expected 2 times, below the 5 a chi-square test needs "
        "(about 30 observations would do)"
    )
    # one throw: each face expected 1/6 of a time; six throws: once each (one observation, one time: singular)
    said = chi_square_test("die faces", [1, 0, 0, 0, 0, 0], [F(1, 6)] * 6, list("123456"))
    assert said.startswith("die faces: 1 observation, outcome 1 expected 0.17 times, below the 5 ")
    said = chi_square_test("die faces", [1] * 6, [F(1)] * 6, list("123456"))
    assert said.startswith("die faces: 6 observations, outcome 1 expected 1 time, below the 5 ")
    # one outcome only: nothing to compare
    said = chi_square_test("one outcome", [9], [F(9)], ["x"])
    assert said == "one outcome: 9 observations, but fewer than two outcomes can occur"
    # 60 throws: each face expected 10 times; the statistic is sum (o - e)^2 / e
    test = chi_square_test("die faces", [10, 10, 10, 10, 5, 15], [F(10)] * 6, list("123456"))
    assert isinstance(test, Test) and test.statistic == F(25 + 25, 10) and test.dof == 5


def test_the_report_words_counts_and_costs_for_people():
    """ "(1 shoe)", not "(1 shoes)"; no "total expected cost 0 (0)" when nothing departs, and a cost as a decimal
    with its share of the stakes (the exact fraction is the JSON report's)."""
    from types import SimpleNamespace

    from oddscalc.verify.cardgame import card_tests
    from oddscalc.verify.findings import Report

    one = SimpleNamespace(position_tables=lambda: [(1, 1, [1, 0], [F(1, 2), F(1, 2)])])
    assert card_tests(one)[0].startswith("cards at shoe position 1 (1 shoe):")
    two = SimpleNamespace(position_tables=lambda: [(1, 2, [1, 1], [F(1), F(1)])])
    assert card_tests(two)[0].startswith("cards at shoe position 1 (2 shoes):")
    report = Report("blackjack", "1994", {}, False, "log.jsonl")
    values = {"name": "basic", "decisions": 3, "departures": 0, "values": "from the engine"}
    report.strategy = values
    assert "3 decision(s) judged, no departure\n" in report.text() and "expected cost" not in report.text()
    side = {"count": 0, "exact": "0", "decimal": "0", "percent_of_staked": "0%"}
    report.strategy = {
        **values,
        "departures": 1,
        "staked": "30",
        "costing": {"count": 1, "exact": "3/40", "decimal": "0.075", "percent_of_staked": "0.25%", "without_value": 0},
        "gaining": {**side, "listed": []},
        "no_cost": 0,
    }
    text = report.text()
    assert "  1 that cost (faults): total expected cost 0.075, 0.25% of the 30 staked\n" in text and "3/40" not in text
