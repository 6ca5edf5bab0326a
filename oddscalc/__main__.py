"""`python -m oddscalc`: the same as the `oddscalc` command."""

from oddscalc.cli.main import main

main()
