"""One way for the tests to run the command line in-process: its exit status, standard output and error."""

from __future__ import annotations

import pytest

from oddscalc.cli.main import main


def run_cli(argv, capsys) -> tuple[int, str, str]:
    """Run `oddscalc ARGV` (each item as text) and return (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as exc:
        main([str(a) for a in argv])
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err
