"""The laws of a hand's and a split round's net result (not only their expectations), and their moments."""
