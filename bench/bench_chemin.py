"""Benchmarks for chemin de fer and baccarat banque: coup counts, exact game solutions, the api end to end."""

from fractions import Fraction

from oddscalc import api
from oddscalc.games.baccarat.cards import PUNTO_BANCO
from oddscalc.games.baccarat_banque import coups as banque
from oddscalc.games.baccarat_banque import response
from oddscalc.games.chemin_de_fer import composition as B3
from oddscalc.games.chemin_de_fer import coups, wager_figures
from oddscalc.games.chemin_de_fer import solve as S


def _cold_counts(decks: str):
    def run():
        coups._grouping.cache_clear()
        wager_figures.counts_for.cache_clear()
        wager_figures.counts_for(decks)

    return run


def _solve(decks: str, freedom: str, commission: Fraction = Fraction(0)):
    counts = wager_figures.counts_for(decks)

    def run():
        game = S.build(counts, commission, freedom)
        return S.equilibria(game) if commission else S.solve(game)

    return run


def _api(game: str, rules: dict, custom: bool = False):
    def run():
        wager_figures.solution.cache_clear()
        wager_figures._model_a1.cache_clear()
        banque.banque_counts.cache_clear()
        response._MEMO.clear()
        api.analyse(game, "1994", rules=rules, custom=custom)

    return run


def cases():
    return [
        ("chemin de fer, infinite-shoe cell counts, cold (grouping built)", _cold_counts("infinite"), 3),
        ("chemin de fer, 6-pack cell counts by banker composition, cold", _cold_counts("6"), 3),
        ("chemin de fer, Model A1 solution (2 x 2^88, exact)", _solve("infinite", S.FREE), 5),
        ("chemin de fer, Model B2 solution, 6 packs (2 x 2^484, exact)", _solve("6", S.FREE), 5),
        ("chemin de fer, 6 packs, 5% commission: every Nash equilibrium", _solve("6", S.FREE, Fraction(1, 20)), 3),
        (
            "chemin de fer, Model B3, 6 packs: counts by composition and the LP (2^5 x 2^484, exact)",
            lambda: B3.solve_b3(B3.split_counts(PUNTO_BANCO.counts(6)), S.FREE),
            3,
        ),
        ("chemin de fer, api edge, 6 packs (solution, fixed rules, comparisons)", _api("chemin-de-fer", {}), 3),
        ("baccarat banque, api edge, 6 packs (summaries from the committed cache)", _api("baccarat-banque", {}), 3),
        (
            "baccarat banque, api edge, infinite shoe (counts, best response, comparisons)",
            _api("baccarat-banque", {"decks": "infinite"}, custom=True),
            3,
        ),
        (
            "baccarat banque, 6-pack counts and summary from scratch (no cache)",
            lambda: response._summarise(response.counts_for("6", True)),
            1,
        ),
    ]
