"""Writing round logs for `oddscalc verify`: the format's schema as a checker, shared with the verifier's reader."""
