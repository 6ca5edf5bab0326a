"""The double-precision evaluator of the protection study: never an exact figure, checked against the exact one."""
