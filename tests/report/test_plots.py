"""The pictures: every plot written as PNG and as SVG by its file's extension
(any other refused before work, one line, exit 2), titled with its game, version and rule set, the same bytes on
every run, and drawing the exact values it came from.

Independent derivations: the bars read back from the SVG (their drawn heights, in page units) stand in the ratios
of the exact chances worked here from the rules in words (roulette's even chance under the half-back rule: 18, 1
and 18 numbers of 37); blackjack's merged tail bars hold the sum of the law's chances summed here; the RTP band's
drawn edges are RTP ± 1.96 σ / √N computed here in floats from the exact mean and variance; the count-weighted
mean of the drawn effects of removal of a fixed play is 0; the yield at an earlier cut card, read off a run's
records, equals the yield of a run dealt to that cut card (the same seed, dealt again).
"""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from oddscalc import api
from oddscalc.core.planning import z_two_sided
from oddscalc.protect.count_systems import parse_count
from oddscalc.protect.execute import run
from oddscalc.protect.penetration import PenetrationError, cut_places, yield_by_penetration
from oddscalc.protect.run_summary import Check, summarise
from oddscalc.protect.shoes import Plan
from oddscalc.protect.target import target
from oddscalc.report.booklet import booklet_html
from oddscalc.report.plots import band, canvas, law_chart, study_charts
from oddscalc.report.plots import removal_chart as removal_plot
from oddscalc.report.plots.plot_files import PlotPathError, check_plot, plot_format
from oddscalc.report.removal_render import removal_for
from tests.cli_run import run_cli

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


def title(fig) -> str:
    """The figure's title on one line (it wraps to the figure's width)."""
    return " ".join(fig.get_suptitle().split())


#: Punto banco's rule set on a full shoe of so many packs, in the booklets' plain English (the banker wager
#: void on a tie is reg 6(4)(a)'s default).
PUNTO_BANCO_RULES = "Rules: {packs}, a full shoe, a tie voids the banker wager"


def assert_plain_rules(text: str) -> None:
    """A title names its rule set in words, never as the --rule options ("decks = 6", "soft17=stand")."""
    assert "=" not in text and "decks" not in text and "soft17" not in text, text


def bar_heights(svg: str, tag: str) -> dict[str, float]:
    """The drawn height of every bar whose SVG group id ends `tag`-bar-<i> (its path: M x y0 L x y0 L x y1 ...)."""
    found = {}
    for gid, d in re.findall(r'<g id="([^"]*' + re.escape(tag) + r'-bar-\d+)">\s*<path d="([^"]+)"', svg):
        ys = [float(y) for y in re.findall(r"[ML] [-\d.]+ ([-\d.]+)", d)]
        found[gid.rsplit("-bar-", 1)[0][-len(tag) :] + "-" + gid.rsplit("-", 1)[1]] = max(ys) - min(ys)
    return found


# --- files --------------------------------------------------------------------------------------------------


def test_the_extension_names_the_format(tmp_path):
    assert plot_format("a/b.PNG") == "png" and plot_format("x.svg") == "svg" and plot_format("x.pdf") == "pdf"
    assert check_plot(tmp_path / "new" / "law.svg") == tmp_path / "new" / "law.svg"
    for bad in ("x", "x.png.txt", "x.jpeg"):
        with pytest.raises(PlotPathError, match=r"allowed: \.png, \.svg, \.pdf"):
            check_plot(tmp_path / bad)
    with pytest.raises(ValueError, match="folder"):
        check_plot(tmp_path)


# --- the law of a wager's net result --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def even_chance():
    return api.analyse("roulette", "1994", "even-chance")


def test_law_bars_are_the_exact_chances_and_read_back_from_the_svg(even_chance):
    picture = law_chart.picture_of(even_chance.results[0])
    # the half-back rule in words: 18 numbers win 1, zero loses half, the other 18 lose the stake
    assert [(b.low, b.chance) for b in picture.bars] == [
        (Fraction(-1), Fraction(18, 37)),
        (Fraction(-1, 2), Fraction(1, 37)),
        (Fraction(1), Fraction(18, 37)),
    ]
    fig = law_chart.law_figure([("even-chance", picture)], "roulette", "1994", even_chance.rules)
    drawn = [p.get_height() for p in fig.axes[0].patches]
    assert drawn == [float(Fraction(18, 37) * 100), float(Fraction(1, 37) * 100), float(Fraction(18, 37) * 100)]
    heights = bar_heights(canvas.render(fig, "svg").decode(), "p0")
    assert len(heights) == 3
    assert heights["p0-0"] / heights["p0-1"] == pytest.approx(18, rel=1e-4)
    assert heights["p0-0"] == pytest.approx(heights["p0-2"], rel=1e-6)
    assert "Rules: as the law states" in title(fig) and "roulette, version 1994" in title(fig)


def test_blackjack_tails_merge_to_their_exact_total():
    a = api.analyse("blackjack", "1994", "initial", {"decks": "6"}, exact_law=True)
    outcomes = a.results[0].distribution.outcomes
    picture = law_chart.picture_of(a.results[0])
    assert len(outcomes) == 18 and len(picture.bars) == law_chart.MAX_BARS and picture.log
    low, high = picture.bars[0], picture.bars[-1]
    assert low.label.startswith("≤") and high.label.startswith("≥")
    assert low.chance == sum(p for r, p in outcomes if r <= low.high)
    assert high.chance == sum(p for r, p in outcomes if r >= high.low)
    assert sum(b.chance for b in picture.bars) == 1
    assert all(b.kind == ("loss" if b.high < 0 else "win" if b.low > 0 else "push") for b in picture.bars)
    fig = law_chart.law_figure([("initial", picture)], a.game, a.version, a.rules, columns=1)
    assert [p.get_height() for p in fig.axes[0].patches] == [float(b.chance * 100) for b in picture.bars]
    # the 1994 law's rule set for six packs, worded as a reader would say it (never "decks = 6")
    assert dict(a.rules)["soft17"] == "stand" and dict(a.rules)["double"] == "9-11"
    assert "Rules: 6 packs, dealer stands on soft 17, no hole card, double on 9-11," in title(fig)
    assert_plain_rules(title(fig))
    assert "exact total chance" in fig.get_supxlabel()


def test_a_budgeted_law_shows_its_unresolved_share_and_a_non_law_is_refused():
    a = api.analyse("blackjack", "1994", "initial", {"decks": "6"})
    r = a.results[0]
    assert r.not_a_law and r.partial is not None
    picture = law_chart.picture_of(r)
    assert picture.bars[-1].kind == "unresolved" and picture.bars[-1].chance == r.partial.mass
    assert sum(b.chance for b in picture.bars) == 1 and "not computed" in picture.unresolved
    lumped = type(r)(r.wager, r.distribution, r.edges, not_a_law="rounds lumped at their mean")
    with pytest.raises(law_chart.NotALawError, match="not the law of a round"):
        law_chart.picture_of(lumped)
    assert not law_chart.helps(lumped)


def test_merging_keeps_signs_apart():
    outcomes = [(Fraction(k), Fraction(1, 40)) for k in range(-20, 0)] + [(Fraction(k), Fraction(1, 4)) for k in (1, 2)]
    picture = law_chart.bars_of(outcomes, max_bars=5)
    assert [b.kind for b in picture.bars] == ["loss", "loss", "loss", "win", "win"]
    assert picture.bars[0].chance == Fraction(18, 40) and "−20 to −3" in picture.merged
    few = law_chart.bars_of(
        [(Fraction(-1), Fraction(1, 2)), (Fraction(0), Fraction(1, 4)), (Fraction(1), Fraction(1, 4))], 2
    )
    assert len(few.bars) == 3  # a push between them: nothing can merge


# --- the RTP band ---------------------------------------------------------------------------------------------


def test_band_edges_are_the_normal_band_of_the_exact_moments():
    a = api.analyse("roulette", "1994", "straight")
    p = api.plan_of(a.results[0], rounds=10**6, shift=Fraction(1, 100))
    curve = band.band_curve(p, band.third_of(a.results[0]))
    fig = band.band_figure(curve, a.game, a.version, a.rules, "straight")
    ax = fig.axes[0]
    low = next(line for line in ax.lines if line.get_gid() == "band-low")
    high = next(line for line in ax.lines if line.get_gid() == "band-high")
    # 35 to 1 on one number of 37: E[X] = (35 - 36) / 37, E[X^2] = (35^2 + 36) / 37
    mean, variance = Fraction(-1, 37), Fraction(35**2 + 36, 37) - Fraction(1, 37**2)
    assert a.results[0].math_report().variance == variance
    z = float(z_two_sided(Fraction(95, 100)))
    for n, lo, hi in zip(low.get_xdata(), low.get_ydata(), high.get_ydata()):
        half = z * math.sqrt(float(variance) / n) * 100
        assert lo == pytest.approx(float(1 + mean) * 100 - half, abs=1e-9)
        assert hi == pytest.approx(float(1 + mean) * 100 + half, abs=1e-9)
    assert low.get_xdata()[0] <= 10**5 <= 10**6 * 10 <= low.get_xdata()[-1]  # a decade either side of the asked N
    assert any(b.approximate for b in curve.bands) and not curve.bands[-1].approximate
    assert "RTP band at 95%" in title(fig) and "roulette, version 1994" in title(fig)
    assert any("3,980,234 rounds" in t.get_text() for t in ax.get_legend().get_texts())  # p.rounds_needed
    assert p.rounds_needed == 3980234


# --- effects of removal ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def punto_banco_removal():
    return removal_for("punto-banco", "1994", {"decks": "8"})


def test_removal_bars_are_the_exact_effects(punto_banco_removal):
    r = punto_banco_removal
    fig = removal_plot.removal_figure(r)
    names = [m.name for m in r.target.measures]
    svg = canvas.render(fig, "svg").decode()
    for j, (ax, name) in enumerate(zip(fig.axes, names)):
        exact = [r.effect(name, k) for k in range(len(r.kinds))]
        assert [p.get_height() for p in ax.patches] == [float(e * 100) for e in exact]
        # a fixed play: the count-weighted mean of the effects is exactly 0, so the drawn bars balance
        assert sum(n * p.get_height() for (_, n), p in zip(r.kinds, ax.patches)) == pytest.approx(0, abs=1e-9)
        drawn = bar_heights(svg, f"m{j}")
        big = max(range(len(exact)), key=lambda k: abs(exact[k]))
        for k, e in enumerate(exact):
            assert drawn[f"m{j}-{k}"] / drawn[f"m{j}-{big}"] == pytest.approx(float(abs(e / exact[big])), abs=2e-4)
    assert PUNTO_BANCO_RULES.format(packs="8 packs") in title(fig) and "punto-banco, version 1994" in title(fig)
    assert_plain_rules(title(fig))


# --- a protection study ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_study():
    t = target("punto-banco", "1994", {"decks": "1"})
    kinds = t.kinds()
    count = parse_count("0=-1,A=1,2=1,3=1,4=1", kinds)
    records = run(Plan(t, Fraction(1, 2), 7, 3), 3, processes=1)
    return t, kinds, count, records


def test_yield_at_an_earlier_cut_card_is_that_run_dealt_again(small_study):
    t, kinds, count, records = small_study
    measures = tuple(m.name for m in t.measures)
    rows = yield_by_penetration(records, len(measures), kinds, 52, count, 8, Fraction(1, 2), cut_places(Fraction(1, 2)))
    assert [r.penetration for r in rows] == [Fraction(k, 20) for k in range(1, 11)]
    whole = summarise(records, measures, kinds, 52, count, 8)
    assert rows[-1].yield_per_100 == whole.yield_per_100 and rows[-1].rounds == whole.rounds
    again = run(Plan(t, Fraction(1, 4), 7, 3), 3, processes=1)
    quarter = summarise(again, measures, kinds, 52, count, 8)
    row = next(r for r in rows if r.penetration == Fraction(1, 4))
    assert row.yield_per_100 == quarter.yield_per_100 and row.rounds == quarter.rounds and row.cut == 13
    with pytest.raises(PenetrationError, match="never dealt"):
        yield_by_penetration(records, len(measures), kinds, 52, count, 8, Fraction(1, 2), [Fraction(3, 4)])


def test_study_panels_draw_the_summary(small_study):
    t, kinds, count, records = small_study
    measures = tuple(m.name for m in t.measures)
    s = summarise(records, measures, kinds, 52, count, 8)
    about = {
        "game": "punto-banco",
        "version": "1994",
        "rules": t.resolved(),
        "custom": False,
        "penetration": "1/2",
        "seed": 7,
    }
    st = study_charts.study_of(s, records, kinds, 52, count, about)
    fig = study_charts.study_figure(st)
    advantage, frequency, yields = fig.axes[:3]
    assert [p.get_height() for p in frequency.patches] == [float(b.share * 100) for b in s.bins]
    for j, m in enumerate(measures):
        by_tc = next(c for c in advantage.containers if c.get_label() == m)
        assert list(by_tc.lines[0].get_ydata()) == [float(b.means[j].mean * 100) for b in s.bins]
        by_cut = next(c for c in yields.containers if c.get_label() == m)
        assert list(by_cut.lines[0].get_ydata()) == [float(r.yield_per_100[j].mean) for r in st.penetration]
    assert PUNTO_BANCO_RULES.format(packs="1 pack") in title(fig) and "punto-banco, version 1994" in title(fig)
    assert_plain_rules(title(fig))
    assert "exact" in advantage.get_ylabel() and "expectation exact" in fig.get_supxlabel()
    # a run valued in double precision says so, with its check, never "exact"
    doubles = replace(s, check=Check(10, 0, 2, (Fraction(1, 10**16),) * len(measures)))
    fig = study_charts.study_figure(study_charts.study_of(doubles, records, kinds, 52, count, about))
    assert "exact" not in fig.axes[0].get_ylabel() and "double precision" in fig.axes[0].get_ylabel()
    assert "double precision, 2 rounds checked" in fig.get_supxlabel() and "1.0e-16" in fig.get_supxlabel()
    with pytest.raises(study_charts.StudyError, match="give a count"):
        study_charts.study_of(s, records, kinds, 52, None, about)


# --- reproducible bytes ------------------------------------------------------------------------------------------


def test_bytes_repeat_within_a_process(even_chance, punto_banco_removal):
    figures = [
        lambda: law_chart.law_figure(
            [("even-chance", law_chart.picture_of(even_chance.results[0]))], "roulette", "1994", ()
        ),
        lambda: removal_plot.removal_figure(punto_banco_removal),
    ]
    for build in figures:
        for fmt in ("svg", "png"):
            assert canvas.render(build(), fmt) == canvas.render(build(), fmt)
    svg = canvas.render(figures[0](), "svg").decode()
    assert "<dc:date>" not in svg and "Matplotlib v" not in svg and "DejaVu" in svg


@pytest.mark.slow
def test_bytes_repeat_across_processes(tmp_path):
    """Two fresh interpreters with different hash seeds write the same SVG and PNG bytes."""
    outs = []
    for seed in ("1", "2"):
        for ext in ("svg", "png"):
            path = tmp_path / f"{seed}.{ext}"
            proc = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "oddscalc",
                    "dist",
                    "roulette",
                    "even-chance",
                    "--version",
                    "1994",
                    "--plot",
                    str(path),
                ],
                capture_output=True,
                text=True,
                cwd=ROOT,
                env={**os.environ, "PYTHONHASHSEED": seed},
            )
            assert proc.returncode == 0, proc.stderr
            outs.append(path.read_bytes())
    assert outs[0] == outs[2] and outs[1] == outs[3]


# --- the command line ------------------------------------------------------------------------------------------

COMMANDS = {
    "dist": ("dist", "roulette", "even-chance", "--version", "1994"),
    "plan": ("plan", "roulette", "straight", "--version", "1994", "--rounds", "1e6"),
    "removal": ("removal", "punto-banco", "--version", "1994", "--decks", "8"),
    "protect": (
        "protect",
        "punto-banco",
        "--version",
        "1994",
        "--decks",
        "1",
        "--shoes",
        "2",
        "--penetration",
        "20%",
        "--workers",
        "1",
        "--count",
        "0=-1,A=1",
    ),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_plot_command_writes_png_and_svg(name, capsys, tmp_path):
    for ext in ("png", "svg"):
        path = tmp_path / f"{name}.{ext}"
        code, _, err = run_cli([*COMMANDS[name], "--plot", str(path)], capsys)
        assert code == 0, err
        data = path.read_bytes()
        assert data.startswith(PNG) if ext == "png" else b"<svg" in data[:400] and data.rstrip().endswith(b"</svg>")
        if ext == "svg":  # the title, drawn as paths, is named in the SVG's comments
            assert "version 1994" in data.decode() and "Rules: " in data.decode()


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_bad_plot_files_are_refused_before_work(name, capsys, tmp_path):
    for bad in ("x.gif", "x", "x.svg.gz"):
        argv = [*COMMANDS[name], "--plot", str(tmp_path / bad)]
        if name == "protect":
            argv[argv.index("2")] = "10000000"  # refused before a single shoe is dealt
        code, out, err = run_cli(argv, capsys)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "allowed: .png, .svg, .pdf" in err, err
        assert not out and not (tmp_path / bad).exists()
    code, _, err = run_cli(["protect", "punto-banco", "--shoes", "10000000", "--plot", str(tmp_path / "s.png")], capsys)
    assert code == 2 and "--count" in err and len(err.strip().splitlines()) == 1


# --- the booklet ----------------------------------------------------------------------------------------------------


def test_booklet_figures_are_inline_svg_with_their_own_ids(even_chance):
    games = [
        ("roulette", [api.analyse("roulette", "1994")]),
        ("punto-banco", [api.analyse("punto-banco", "1994", rules={"decks": "8"})]),
    ]
    document = booklet_html("1994", games)
    assert document == booklet_html("1994", games)
    figures = re.findall(r"<figure class='plot'>(.*?)</figure>", document, flags=re.S)
    assert len(figures) == 2  # roulette's even chance (three returns); punto banco's effects of removal
    assert all(f.startswith("<svg") and "<metadata>" not in f and "<?xml" not in f for f in figures)
    ids = re.findall(r'\bid="([^"]+)"', "".join(figures))
    assert ids and len(ids) == len(set(ids))
    refs = set(re.findall(r'(?:href="#|url\(#)([^")]+)', "".join(figures)))
    assert refs <= set(ids)
    words = " ".join(re.findall(r">([^<>]+)</text>", figures[0]))  # the text is text, not glyph paths
    assert "Law of the net result of one round: roulette, version 1994 Rules: as the law states" in words
    removal_words = " ".join(" ".join(re.findall(r">([^<>]+)</text>", figures[1])).split())
    assert "Effects of removal: punto-banco, version 1994" in removal_words
    assert PUNTO_BANCO_RULES.format(packs="8 packs") in removal_words
    assert_plain_rules(removal_words)


@pytest.mark.parametrize("version", ("1994", "2002", "2007"))
def test_committed_booklets_carry_the_figures(version):
    document = (ROOT / "tables" / version / "booklet.html").read_text(encoding="utf-8")
    blackjack = document[document.index("id='game-blackjack'") :]
    end = blackjack.find("<section class='game'", 1)
    blackjack = blackjack if end < 0 else blackjack[:end]
    rule_sets = blackjack.count("<h3 class='ruleset'")
    assert blackjack.count("<figure class='plot'>") == 2 * rule_sets  # each rule set: its law and its EoR
    assert document.count("Effects of removal: punto-banco") == 2  # two table rule sets (6 and 8 packs)
    ids = re.findall(r'\bid="([^"]+)"', document)
    assert len(ids) == len(set(ids))
