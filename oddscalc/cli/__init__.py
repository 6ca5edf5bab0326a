"""The `oddscalc` command line (`cli.main`): thin wrappers over `oddscalc.api` and the report writers."""
