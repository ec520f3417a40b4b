"""Regenerates the two pictures of docs/editors.md from the real lexer and checker:
editor-colours.png (a shipped example, coloured by the Pygments lexer) and
editor-diagnostics.png (a file with three mistakes: the lines marked, the language server's
messages below). Usage: python docs/img/make_editor_images.py (needs the "editor" extra)."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from pygments import highlight
from pygments.formatters import ImageFormatter

from catan_dsl.editor import language
from catan_dsl.editor.highlight import CatanLexer

HERE = Path(__file__).resolve().parent
FONT = "DejaVu Sans Mono"
BROKEN = """scenario isle "Isle" extends base {
  terrain swamp { produces nothing; color "#333 }
  on built road at e where coast(e) {
    gain 1 wool
  piece wall { on edge; limit 5; cost lumber 1 }
  victory 11 @
  procedure pay(p) { p gains 1 wol }
}
"""


def coloured(code: str, marked: list[int] | None = None) -> Image.Image:
    fmt = ImageFormatter(font_name=FONT, font_size=16, line_numbers=True,
                         hl_lines=marked or [], hl_color="#ffe4e1", line_pad=3)
    return Image.open(io.BytesIO(highlight(code, CatanLexer(), fmt)))


def main() -> None:
    story = (HERE.parent / "examples" / "stories" / "oil.catan").read_text(encoding="utf-8")
    coloured(story).save(HERE / "editor-colours.png")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "isle.catan"
        path.write_text(BROKEN, encoding="utf-8")
        found = language.diagnostics(str(path), BROKEN)
    code = coloured(BROKEN, sorted({d.span.line for d in found}))
    font = ImageFont.truetype("DejaVuSansMono.ttf", 14)
    rows = [f"{d.span.line}:{d.span.col}  {d.code}  {d.message}" for d in found]
    width = max(code.width, 40 + max(int(font.getlength("● " + r)) for r in rows))
    panel = Image.new("RGB", (width, 28 + 22 * len(rows)), "#f3f3f3")
    draw = ImageDraw.Draw(panel)
    draw.text((10, 6), "PROBLEMS (catan-dsl lsp)", fill="#555555", font=font)
    for i, row in enumerate(rows):
        draw.text((10, 28 + 22 * i), "● " + row, fill="#b00020", font=font)
    out = Image.new("RGB", (width, code.height + panel.height), "white")
    out.paste(code, (0, 0))
    out.paste(panel, (0, code.height))
    out.save(HERE / "editor-diagnostics.png")


if __name__ == "__main__":
    main()
