"""The third-card rules of baccarat as data: whether each hand draws, by its two-card point.

`PUNTO_BANCO_TABLEAU` is the fixed tableau of punto banco (no person has an option, SI 1994/2899
reg 6(7)(c)). A `Tableau` is plain data, so chemin de fer and baccarat banque can build the variants
their options allow (a player's choice on 5, the banker's optional cells) with `Tableau.with_cells`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NATURALS", "PUNTO_BANCO_TABLEAU", "STOOD", "Tableau"]

#: Column index in `banker_draws` for "the player did not take a third card".
STOOD = 10

#: Two-card points that are naturals: either hand holding one ends the coup, nobody draws.
NATURALS = (8, 9)


@dataclass(frozen=True)
class Tableau:
    """Drawing rules: `player_draws[p]` for the player's two-card point p; `banker_draws[b][x]` for the
    banker's two-card point b and x = the value of the player's third card, or x = STOOD."""

    player_draws: tuple[bool, ...]
    banker_draws: tuple[tuple[bool, ...], ...]

    def with_cells(
        self, player: dict[int, bool] | None = None, banker: dict[tuple[int, int], bool] | None = None
    ) -> Tableau:
        """A copy with some cells changed (a player's or banker's choice fixed one way)."""
        p = list(self.player_draws)
        for point, draw in (player or {}).items():
            p[point] = draw
        b = [list(row) for row in self.banker_draws]
        for (point, column), draw in (banker or {}).items():
            b[point][column] = draw
        return Tableau(tuple(p), tuple(tuple(row) for row in b))

    def rows(self) -> list[tuple[str, ...]]:
        """The banker's chart for printing: a row per two-card point 0-7, D (draw) or S (stand) per column."""
        return [(str(b), *("D" if self.banker_draws[b][x] else "S" for x in (*range(10), STOOD))) for b in range(8)]


def _chart(lines: dict[int, str]) -> tuple[tuple[bool, ...], ...]:
    rows = []
    for point in range(10):
        cells = lines.get(point, "S" * 11)
        rows.append(tuple(c == "D" for c in cells.replace(" ", "")))
    return tuple(rows)


#: Punto banco's tableau. Player: draws on 0-5, stands on 6-7. Banker, by its two-card point (rows), and
#: the player's third card 0..9 (columns), last column when the player stood (D draw, S stand):
PUNTO_BANCO_TABLEAU = Tableau(
    player_draws=tuple(p <= 5 for p in range(10)),
    banker_draws=_chart(
        {
            #   0123456789 stood
            0: "DDDDDDDDDD D",
            1: "DDDDDDDDDD D",
            2: "DDDDDDDDDD D",
            3: "DDDDDDDDSD D",
            4: "SSDDDDDDSS D",
            5: "SSSSDDDDSS D",
            6: "SSSSSSDDSS S",
            7: "SSSSSSSSSS S",
        }
    ),
)
