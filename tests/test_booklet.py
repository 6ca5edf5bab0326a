"""The print booklet: the PDF renders to pages that exist and carry every game's table, reproducibly."""

import pypdfium2 as pdfium

from oddscalc import api
from oddscalc.report.booklet import booklet_html, booklet_pdf


def small_booklet():
    games = [(g, [api.analyse(g, "2002")]) for g in ("roulette", "big-six")]
    return booklet_html("2002", games)


def test_pdf_pages_exist_render_and_carry_the_tables(tmp_path):
    pdf_bytes = booklet_pdf(small_booklet())
    path = tmp_path / "b.pdf"
    path.write_bytes(pdf_bytes)
    pdf = pdfium.PdfDocument(str(path))
    assert len(pdf) == 3  # title page, then a page per game (page-break-before)
    # Text as extracted, with all white space removed (table cells wrap lines anywhere).
    texts = ["".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    assert "version2002" in texts[1] and "roulette" in texts[1]
    assert "1/74" in texts[1] and "SI1994/2899reg4(5)(g)" in texts[1]
    assert "SymbolA" in texts[2] and "Reconstructedvalue" in texts[2]
    image = pdf[1].render(scale=0.5).to_pil()
    width, height = image.size
    assert abs(height / width - 297 / 210) < 0.01  # A4
    # Not a blank page: a good share of pixels carry ink.
    dark = sum(image.convert("L").histogram()[:128])
    assert dark > 0.005 * width * height


def test_pdf_bytes_are_reproducible():
    document = small_booklet()
    assert booklet_pdf(document) == booklet_pdf(document)


def test_reconstructed_values_get_footnotes_in_the_html():
    document = small_booklet()
    assert document.count("<sup>1</sup>") >= 2 and "Reconstructed value" in document
    assert "@page" in document and "A4" in document
