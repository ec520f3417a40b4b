"""Pack size → CPU seconds to install it (every scenario checked): loading must stay linear in
the number of files, whatever their shape (issue 38: 1,500 chained files once took 373 s).

    python bench/pack_loading.py                 # 100, 1,000 and 2,000 entries, three shapes
    python bench/pack_loading.py --sizes 100     # a quick look

Shapes: ``wide`` (every scenario extends base), ``chained`` (each extends the one before: past
32 references deep every check is refused with E230, so the install is refused), ``blocks``
(chains of 32, each starting at base: the deepest a pack may go, and it installs). A pack
of N entries holds N - 2 scenarios (pack.toml and RECORD are entries too; 2,000 is the limit).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from catan_dsl.check.load import MAX_COMPOSITION_DEPTH  # noqa: E402
from catan_dsl.packs import store  # noqa: E402
from catan_dsl.packs.manifest import PackError, record_text  # noqa: E402

TOML = ('[pack]\nname = "bench"\nversion = "1.0.0"\ndescription = "Bench"\nlicense = "MIT"\n'
        'authors = ["bench"]\n').encode()


def scenarios(shape: str, n: int) -> dict[str, bytes]:
    """``n`` scenario members of the given shape."""
    out = {}
    for i in range(n):
        if shape == "wide" or (shape == "blocks" and i % MAX_COMPOSITION_DEPTH == 0) or i == 0:
            parent = "base"
        else:
            parent = f"s{i - 1}"
        out[f"scenarios/s{i}.catan"] = (f'scenario s{i} "S{i}" extends {parent} {{\n'
                                        f"  victory {10 + i % 3}\n}}\n").encode()
    return out


def write_pack(path: Path, files: dict[str, bytes]) -> None:
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in sorted(files.items()):
            zf.writestr(name, data)
        zf.writestr("RECORD", record_text(files))


def install_seconds(shape: str, entries: int) -> tuple[float, str]:
    """CPU seconds to install a pack of ``entries`` entries, and what happened."""
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CATAN_DSL_HOME"] = str(Path(tmp) / "home")
        pack = Path(tmp) / "bench-1.0.0.catanpack"
        write_pack(pack, {"pack.toml": TOML, **scenarios(shape, entries - 2)})
        t0 = time.process_time()
        try:
            _, what = store.install(pack)
        except PackError as e:
            codes = sorted({w for w in str(e).split() if w.startswith("error[")})
            what = "refused " + ",".join(c[6:-2] for c in codes)
        return time.process_time() - t0, what


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 2000])
    parser.add_argument("--shapes", nargs="+", default=["wide", "chained", "blocks"])
    args = parser.parse_args()
    from catan_dsl import api

    api.check_file(str(REPO / "scenarios" / "base.catan"))       # grammar built, caches warm
    print("| shape | entries | CPU s | per scenario, ms | result |")
    print("| --- | ---: | ---: | ---: | --- |")
    for shape in args.shapes:
        for n in args.sizes:
            secs, what = install_seconds(shape, n)
            print(f"| {shape} | {n:,} | {secs:.1f} | {1000 * secs / (n - 2):.1f} | {what} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
