"""Where `oddscalc edge blackjack` spends its time on a rule set not shipped, from an empty cache (issue 54).

Runs one command line of oddscalc in this process under cProfile, with the user cache pointed at a fresh
temporary folder (``ODDSCALC_CACHE``) and one process (``ODDSCALC_WORKERS=1``, so that the profile sees every
part's work), and prints the wall time and the functions of the blackjack engine taking most cumulative time,
with their call counts: docs/validation/blackjack-edge-profile.md records what it printed.

    .venv/bin/python -m bench.profile_blackjack_edge peek          # edge blackjack --version 2007 --rule hole_card=peek
    .venv/bin/python -m bench.profile_blackjack_edge soft17 --law  # the 8-pack soft 17 hit rule set, with --law
    .venv/bin/python -m bench.profile_blackjack_edge -- edge blackjack --version 1994 --decks 1 --custom

Not part of `make bench` (a run takes seconds to minutes).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time

#: The issue's two command lines, by a short name.
CASES = {
    "peek": ["edge", "blackjack", "--version", "2007", "--rule", "hole_card=peek"],
    "soft17": ["edge", "blackjack", "--version", "2007", "--decks", "8", "--rule", "soft17=hit", "--custom"],
}


def profile(argv: list[str], top: int = 25) -> tuple[float, str]:
    """(wall seconds, the profile's top `top` lines by cumulative time) of `oddscalc argv` from an empty cache."""
    from oddscalc.cli.main import main

    with tempfile.TemporaryDirectory() as folder:
        os.environ["ODDSCALC_CACHE"] = folder
        os.environ["ODDSCALC_WORKERS"] = "1"
        prof = cProfile.Profile()
        start = time.perf_counter()
        prof.enable()
        try:
            main(argv)
        except SystemExit as exc:
            if exc.code:
                raise
        finally:
            prof.disable()
        seconds = time.perf_counter() - start
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("cumulative").print_stats(r"oddscalc/(games|api|core/parallel|core/store)", top)
    return seconds, out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("case", nargs="?", help=f"one of {', '.join(CASES)}")
    parser.add_argument("--law", action="store_true", help="add --law (the law-dependent figures too)")
    parser.add_argument("--top", type=int, default=25, help="profile lines to print")
    parser.add_argument("argv", nargs="*", help="after --: a whole oddscalc command line instead of a case")
    args = parser.parse_args()
    if args.case in CASES:
        argv = list(CASES[args.case])
    elif args.case is None and args.argv:
        argv = list(args.argv)
    else:
        parser.error(f"give a case ({', '.join(CASES)}) or -- and a command line")
    if args.law:
        argv.append("--law")
    seconds, text = profile(argv, args.top)
    print(f"oddscalc {' '.join(argv)}: {seconds:.1f} s wall, one process, empty cache", file=sys.stderr)
    print(text, file=sys.stderr)


if __name__ == "__main__":
    main()
