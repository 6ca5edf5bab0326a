"""Splitting pairs, exactly: the expectation of a split with resplits, its hands' blocks and their dealing."""
