"""`oddscalc monitor`: live tables watched against the exact law as results arrive.

Roulette, Big Six, dice and sic bo are watched, and punto banco, Super Pan 9 and blackjack from the shoe. The floor
has one false-alarm budget and a state file that survives a kill (docs/monitor.md).
"""

from oddscalc.monitor.floor import Budget, Floor, FloorError, TableConfig, read_floor
from oddscalc.monitor.run import Feed, Monitor
from oddscalc.monitor.state import State, StateError

__all__ = ["Budget", "Feed", "Floor", "FloorError", "Monitor", "State", "StateError", "TableConfig", "read_floor"]
