"""The exact engine's values: the banker's totals for a shoe, and the player's stand, hit and double values."""
