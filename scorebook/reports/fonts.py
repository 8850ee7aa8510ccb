"""Names on the printed pages in whatever script they are written: each letter in a font that
has it, in the order it is read.

reportlab draws a string left to right, as given, in one font. So before a text is drawn:
- Hebrew and Arabic are put in the order a reader sees them (the Unicode bidirectional
  algorithm, python-bidi, on a left-to-right page), Arabic letters first joined into the forms
  they take inside a word (arabic-reshaper);
- the text is cut into runs by font: DejaVu Sans (embedded) has Latin, Greek, Cyrillic, Hebrew
  and Arabic; Chinese, Japanese and Korean letters go to Adobe's Asian fonts that reportlab
  names (`UnicodeCIDFont`): the font of the name's language, Korean if it has Hangul, Japanese
  if it has kana, else Chinese. Those are not embedded, the PDF reader supplies them (Acrobat
  with its Asian font pack, browsers, macOS, a Linux reader with a CJK font installed);
  a reader without a CJK font shows boxes. A script that neither has (Devanagari, Thai, ...)
  prints as boxes: docs/pdf-review.md.

`draw` (a canvas), `Line` (a table cell), `strings` (a chart) and `markup` (a paragraph) draw
a text that way; `width` and `fit` measure it."""

from __future__ import annotations

import functools
from pathlib import Path

FONT = "Sheet"  # the registered name of the embedded font
FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",  # Latin, Greek, Cyrillic, Hebrew, Arabic
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
)
ASIAN_FONTS = {"ko": "HYGothic-Medium", "ja": "HeiseiKakuGo-W5", "zh": "STSong-Light"}
HANGUL = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7FF))
KANA = ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F))
HAN = (  # ideographs, and the punctuation and full-width forms the three share
    (0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3190, 0x31EF), (0x3200, 0x33FF), (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x2FA1F),
)  # fmt: skip
RIGHT_TO_LEFT = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))  # Hebrew, Arabic and their forms
ARABIC = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF))


def base_font() -> str:
    """The embedded font, registered once: DejaVu Sans, else reportlab's own Vera (Latin only)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if FONT not in pdfmetrics.getRegisteredFontNames():
        import reportlab

        vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
        path = next((p for p in FONT_FILES if Path(p).exists()), str(vera))
        pdfmetrics.registerFont(TTFont(FONT, path))
    return FONT


def _within(char: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in ranges)


def _asian_font(name: str) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(name))
    return name


def _reading_order(text: str) -> str:
    """Right-to-left letters as they are seen on a left-to-right line, Arabic joined."""
    if not any(_within(c, RIGHT_TO_LEFT) for c in text):
        return text
    from bidi import get_display

    if any(_within(c, ARABIC) for c in text):
        import arabic_reshaper

        text = arabic_reshaper.reshape(text)
    return get_display(text, base_dir="L")


@functools.lru_cache(maxsize=4096)
def runs(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """The text as drawn, left to right: its runs of letters and the font of each."""
    if text.isascii():
        return ((text, font),)
    from reportlab.pdfbase import pdfmetrics

    shown = _reading_order(text)
    has = pdfmetrics.getFont(font).face.charToGlyph
    language = "ko" if any(_within(c, HANGUL) for c in text) else "ja" if any(_within(c, KANA) for c in text) else "zh"
    found: list[list[str]] = []
    for char in shown:
        asian = ord(char) not in has and any(_within(char, script) for script in (HANGUL, KANA, HAN))
        char_font = _asian_font(ASIAN_FONTS[language]) if asian else font
        if found and found[-1][1] == char_font:
            found[-1][0] += char
        else:
            found.append([char, char_font])
    return tuple((part, part_font) for part, part_font in found)


def width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(part, part_font, size) for part, part_font in runs(text, font))


@functools.lru_cache(maxsize=8192)  # a scoresheet fits the same codes, numbers and names page after page
def fit(text: str, font: str, size: float, room: float, smallest: float = 5) -> tuple[str, float]:
    """The text at the largest size down to `smallest` that fits in `room`, else cut with an
    ellipsis."""
    while size > smallest and width(text, font, size) > room:
        size -= 0.5
    while text and width(text, font, size) > room:
        text = text[:-2] + "…" if len(text) > 1 else ""
    return text, size


def draw(pdf, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
    """Draw a text on a canvas from x (its left, centre or right: `align`), at baseline y."""
    parts = runs(text, font)
    if len(parts) == 1:  # one font: the canvas's own call
        _set_font(pdf, parts[0][1], size)
        {"left": pdf.drawString, "centre": pdf.drawCentredString, "right": pdf.drawRightString}[align](x, y, parts[0][0])
        return
    from reportlab.pdfbase.pdfmetrics import stringWidth

    x -= {"left": 0, "centre": 0.5, "right": 1}[align] * width(text, font, size)
    for part, part_font in parts:
        _set_font(pdf, part_font, size)
        pdf.drawString(x, y, part)
        x += stringWidth(part, part_font, size)


def _set_font(pdf, font: str, size: float) -> None:
    if (pdf._fontname, pdf._fontsize) != (font, size):  # setFont writes to the page every time
        pdf.setFont(font, size)


def needs_runs(text: str, font: str) -> bool:
    """Whether a text is drawn otherwise than as written in one font (reordered, or in more
    than one font): a table cell or a chart then draws it with `Line` or `strings`."""
    parts = runs(text, font)
    return len(parts) > 1 or parts[0] != (text, font)


def markup(text: str, font: str) -> str:
    """A paragraph's text: escaped, in reading order, the Asian runs in their fonts."""
    from xml.sax.saxutils import escape

    return "".join(escape(part) if part_font == font else f'<font face="{part_font}">{escape(part)}</font>' for part, part_font in runs(text, font))


def strings(x: float, y: float, text: str, font: str, size: float) -> list:
    """A chart's text (reportlab graphics) from x at baseline y: a String a run."""
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase.pdfmetrics import stringWidth

    drawn = []
    for part, part_font in runs(text, font):
        drawn.append(String(x, y, part, fontName=part_font, fontSize=size))
        x += stringWidth(part, part_font, size)
    return drawn


def line(text: str, font: str, size: float):
    """A table cell's text drawn in its runs (a cell draws a plain string in one font)."""
    from reportlab.platypus.flowables import Flowable

    class Line(Flowable):
        def wrap(self, available_width, available_height):
            self.width = width(text, font, size)
            return self.width, size * 1.2  # a string cell's leading

        def draw(self):
            self.canv.saveState()
            draw(self.canv, 0, size * 0.2 + 0.3, text, font, size)
            self.canv.restoreState()

    return Line()
