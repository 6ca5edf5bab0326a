"""The fonts every PDF is drawn with: the DejaVu faces shipped in `report/fonts`, and only those.

So a PDF comes out byte for byte the same on any machine; the system's fonts (e.g. Liberation installed beside a
browser) changed the booklet's glyphs before. Each face is subset by fontTools, pinned in constraints.txt.
WeasyPrint would prefer the system's HarfBuzz-Subset where it is installed, but its output differs from
fontTools' and from one HarfBuzz release to the next: a machine without it made every booklet differ before."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

FONTS = Path(__file__).with_name("fonts")
_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
</fontconfig>
"""


def use_shipped_fonts() -> Path:
    """Point fontconfig (read by WeasyPrint's Pango when it first lays out text) at the shipped fonts only; call it
    before the first PDF of a process. Returns the configuration file written (in the temporary folder, one
    per installation).

    >>> use_shipped_fonts().read_text().count(str(FONTS))
    1
    """
    where = hashlib.sha256(str(FONTS.resolve()).encode()).hexdigest()[:12]
    user = os.getuid() if hasattr(os, "getuid") else "user"
    folder = Path(tempfile.gettempdir()) / f"oddscalc-fonts-{user}-{where}"
    folder.mkdir(exist_ok=True)
    conf = folder / "fonts.conf"
    text = _CONF.format(fonts=FONTS.resolve(), cache=folder / "cache")
    if not conf.exists() or conf.read_text() != text:
        partial = folder / f"fonts.conf.{os.getpid()}"
        partial.write_text(text)
        partial.replace(conf)
    os.environ["FONTCONFIG_FILE"] = str(conf)
    _subset_with_fonttools()
    return conf


def _subset_with_fonttools() -> None:
    """Make WeasyPrint subset fonts with fontTools whether or not the system has HarfBuzz-Subset (its choice is
    the module global `harfbuzz_subset`, read at each subset).

    >>> import weasyprint.pdf.fonts
    >>> _subset_with_fonttools()
    >>> weasyprint.pdf.fonts.harfbuzz_subset is None
    True
    """
    import weasyprint.pdf.fonts as pdf_fonts  # after FONTCONFIG_FILE: Pango reads it when first loaded

    pdf_fonts.harfbuzz_subset = None
