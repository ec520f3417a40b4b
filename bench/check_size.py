"""How `check` time grows with the size of a source file: 100 KB, 1 MB and (with the 1 MB source
limit lifted in-process) 10 MB of rules, each timed by CPU time, to show it stays linear.

    python bench/check_size.py            # ~1 minute on 2 cores
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from catan_dsl import api  # noqa: E402
from catan_dsl.check import reading  # noqa: E402

RULE = ("  on turn_started where vp(player) > {n} and count(v in pieces(player, settlement)) > 1 "
        "{{ gain 1 wool }}\n")


def scenario(size: int) -> str:
    """A valid scenario of about ``size`` bytes: the base game plus many small rules."""
    head = "scenario big extends base {\n"
    body, n = [], 0
    total = len(head) + 2
    while total < size:
        line = RULE.format(n=n % 9)
        body.append(line)
        total += len(line)
        n += 1
    return head + "".join(body) + "}\n"


def main() -> int:
    reading.MAX_SOURCE_BYTES = 20_000_000          # lift the limit for the 10 MB row only here
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in (100_000, 1_000_000, 10_000_000):
            path = Path(tmp) / f"big{size}.catan"
            path.write_text(scenario(size), encoding="utf-8")
            t0 = time.process_time()
            report = api.check_file(str(path))
            dt = time.process_time() - t0
            assert not report.has_errors, report.render_text()[:500]
            rows.append((size, path.stat().st_size, dt))
            print(f"  {size:>10,} bytes: {dt:.2f} s", file=sys.stderr)
    print("| file | bytes | check CPU s | µs per byte |")
    print("| --- | --- | --- | --- |")
    for size, actual, dt in rows:
        print(f"| {size // 1000:,} KB | {actual:,} | {dt:.2f} | {dt / actual * 1e6:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
