"""How long the language server takes to re-check a file after a keystroke, fmt to lay it
out, and completion to answer (in the middle of the file, and while typing an unfinished
`gain 1 g` before the file's closing brace): median CPU milliseconds per shipped scenario
(warm: the parser is loaded once, as in a running server). Usage: python bench/editor.py
[--repeat N]"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from catan_dsl.core.source import SourceFile
from catan_dsl.editor import language
from catan_dsl.editor.fmt import format_source

REPO = Path(__file__).resolve().parents[1]


def cpu_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    files = sorted(REPO.glob("scenarios/*.catan"), key=lambda p: -len(p.read_text()))
    language.diagnostics(str(files[0]), files[0].read_text())       # warm the parser
    print(f"{'file':28} {'lines':>5} {'check ms':>9} {'fmt ms':>7} {'complete ms':>11} "
          f"{'typing ms':>9}")
    for p in files:
        text = p.read_text(encoding="utf-8")
        n = text.count("\n")
        check = cpu_ms(lambda: language.diagnostics(str(p), text), args.repeat)
        fmt = cpu_ms(lambda: format_source(SourceFile(str(p), text)), args.repeat)
        comp = cpu_ms(lambda: language.completions(str(p), text, n // 2, 2), args.repeat)
        typed = text[:text.rindex("}")] + "  on built { gain 1 g"
        last = typed.split("\n")
        typing = cpu_ms(lambda: language.completions(str(p), typed, len(last) - 1,
                                                     len(last[-1])), args.repeat)
        print(f"{p.name:28} {n:5d} {check:9.1f} {fmt:7.1f} {comp:11.1f} {typing:9.1f}")


if __name__ == "__main__":
    main()
