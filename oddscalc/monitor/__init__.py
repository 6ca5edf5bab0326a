"""`oddscalc monitor`: live tables (roulette, Big Six, dice, sic bo; punto banco and Super Pan 9 from the shoe)
watched against the exact law as results arrive, with one false-alarm budget for the floor and a state file that
survives a kill (docs/monitor.md)."""

from oddscalc.monitor.floor import Budget, Floor, FloorError, TableConfig, read_floor
from oddscalc.monitor.run import Feed, Monitor
from oddscalc.monitor.state import State, StateError

__all__ = ["Budget", "Feed", "Floor", "FloorError", "Monitor", "State", "StateError", "TableConfig", "read_floor"]
