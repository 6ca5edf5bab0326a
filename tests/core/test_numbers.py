"""The bounded number reader: exact values, and hostile text refused quickly with a one-line message."""

import time
from fractions import Fraction

import pytest

from oddscalc.core.numbers import MAX_DIGITS, NumberError, parse_number, parse_whole


@pytest.mark.parametrize(
    "text, value",
    [
        ("12", Fraction(12)),
        ("-3.25", Fraction(-13, 4)),
        (".5", Fraction(1, 2)),
        ("1e6", Fraction(10**6)),
        ("2.5E-3", Fraction(1, 400)),
        ("19/20", Fraction(19, 20)),
        (" 7 / 14 ", Fraction(1, 2)),
        ("+0.0", Fraction(0)),
        ("0.000e99999", Fraction(0)),
    ],
)
def test_exact_values(text, value):
    assert parse_number(text) == value


def test_percent_only_where_asked():
    assert parse_number("75%", percent=True) == Fraction(3, 4)
    assert parse_number("0.5 %", percent=True) == Fraction(1, 200)
    with pytest.raises(NumberError, match="percentage is not accepted"):
        parse_number("75%")


@pytest.mark.parametrize(
    "text",
    [
        "1e99999999",
        "1e-99999999",
        "1e5000",
        "9" * 5000,
        "1" * (MAX_DIGITS + 1),
        "1/" + "3" * (MAX_DIGITS + 1),
        "abc",
        "1/0",
        "",
        "1e",
        "--1",
        "nan",
        "inf",
        "0x10",
        "1_000",
        "١٢",
    ],
)
def test_hostile_text_is_refused_quickly_in_one_short_line(text):
    start = time.perf_counter()
    with pytest.raises(NumberError) as info:
        parse_number(text, "meter")
    assert time.perf_counter() - start < 0.5
    message = str(info.value)
    assert "\n" not in message and len(message) < 200 and message.startswith("meter")


def test_ranges_and_whole_numbers():
    assert parse_whole("1e3", "rounds", minimum=1) == 1000
    with pytest.raises(NumberError, match="at least 1"):
        parse_whole("0", "rounds", minimum=1)
    with pytest.raises(NumberError, match="not a whole number"):
        parse_whole("2.5", "rounds")
    with pytest.raises(NumberError, match="above 0 and below 1"):
        parse_number("1", "alpha", minimum=0, maximum=1, min_open=True, max_open=True)
    with pytest.raises(NumberError):
        parse_number(True)
    assert parse_number(Fraction(1, 3), maximum=1) == Fraction(1, 3)


def test_output_paths_are_checked_before_work(tmp_path):
    from oddscalc.core.files import OutputPathError, check_output

    assert check_output(tmp_path / "new" / "deeper" / "x.csv") == tmp_path / "new" / "deeper" / "x.csv"
    assert check_output(tmp_path / "tables", directory=True) == tmp_path / "tables"
    with pytest.raises(OutputPathError, match="empty"):
        check_output("")
    with pytest.raises(OutputPathError, match="is a folder"):
        check_output(tmp_path)
    (tmp_path / "f").write_text("x")
    with pytest.raises(OutputPathError, match="is not a folder"):
        check_output(tmp_path / "f" / "x.csv")
    with pytest.raises(OutputPathError, match="is a file"):
        check_output(tmp_path / "f", directory=True)
    for impossible in ("\0", f"{tmp_path}/a\0b.csv", "x\ud800"):  # pathlib calls them absent; mkdir would raise
        for directory in (False, True):
            with pytest.raises(OutputPathError, match="not a possible file name"):
                check_output(impossible, directory=directory)


def test_json_reader_is_exact_bounded_and_refuses_repeated_keys():
    from oddscalc.core.jsonread import JsonReadError, loads

    assert loads('{"a": 0.1, "b": [1, 2e0, "x\\"[["]}') == {"a": Fraction(1, 10), "b": [1, Fraction(2), 'x"[[']}
    assert loads(b"\xef\xbb\xbf[1]") == [1]
    for bad, match in [
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"a": 1, "a": 2}', "twice"),
        ("[1e99999999]", "exponent"),
        ("[" + "9" * 5000 + "]", "digits|long"),
        ("[NaN]", "NaN"),
        ("[1,", "not valid JSON"),
        (b"\xff\xfe", "UTF-8"),
    ]:
        start = time.perf_counter()
        with pytest.raises(JsonReadError, match=match):
            loads(bad)
        assert time.perf_counter() - start < 1
