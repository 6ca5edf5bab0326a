"""Self-checks of the tools that write the tests' reference data (not part of `make test`; run with `make studies`)."""

import pytest


@pytest.mark.parametrize(
    "argv, named",
    [(["a", "b"], "usage"), (["/proc/no-such/file.json"], "OUT"), ([""], "OUT"), (["/"], "OUT"), ([" "], "OUT")],
)
def test_the_reference_writer_refuses_bad_arguments_before_any_work(argv, named, capsys):
    """`tools/exact_law_reference.py`: too many arguments, an empty path, a folder or a place the file cannot go,
    one line, exit 2, before the hour of work."""
    from tools.exact_law_reference import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and named in err
