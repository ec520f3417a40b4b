"""No input crashes the front end: random and mutated sources give diagnostics, never exceptions."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_dsl import api

ROOT = Path(__file__).resolve().parents[2]
BASE_TEXT = (ROOT / "scenarios" / "base.catan").read_text(encoding="utf-8")
KEYWORDS = sorted(set(re.findall(r'"([a-z_]+)"', "".join(
    p.read_text(encoding="utf-8") for p in (ROOT / "grammar").glob("*.lark")))))
TOKENS = KEYWORDS + ["{", "}", ";", ",", ":", "..", "-", "0", "7", "12", "99999999999999999999",
                     "forest", "lumber", "road", "base", '"t"', "0,-2", "NW", "#", "\n", "@", '"',
                     # rules language: punctuation, vocabulary words and a whole rule
                     "(", ")", "==", "<=", "+", "*", "|", "player", "players", "vp", "count", "x",
                     "built", "rolled", "desert", "choice", "gold", "harbor",
                     "on built settlement at v where coast(v) { gain 1 wool }",
                     "action a { cost lumber 1; do { move robber to home } }"]
LINES = BASE_TEXT.splitlines()
EXAMPLES = 0


def _mutations():  # type: ignore[no-untyped-def]
    idx = st.integers(0, len(LINES) - 1)
    truncated = st.integers(0, len(BASE_TEXT)).map(lambda n: BASE_TEXT[:n])
    deleted = st.lists(idx, max_size=8).map(
        lambda ks: "\n".join(l for i, l in enumerate(LINES) if i not in set(ks)))
    duplicated = st.lists(idx, max_size=6).map(
        lambda ks: "\n".join(l for i, l in enumerate(LINES) for _ in range(2 if i in ks else 1)))
    tokens = st.lists(st.sampled_from(TOKENS), max_size=60).map(" ".join)
    spliced = st.tuples(idx, st.lists(st.sampled_from(TOKENS), max_size=8)).map(
        lambda t: "\n".join(LINES[: t[0]] + [" ".join(t[1])] + LINES[t[0]:]))
    nested = st.integers(1, 400).map(lambda n: "scenario t {" + "board b {" * n + "}" * n)
    numbers = st.integers(-10**30, 10**30).map(
        lambda n: BASE_TEXT.replace("limit 15", f"limit {n}").replace("victory 10", f"victory {abs(n)}"))
    junk = st.text(max_size=200)
    return st.one_of(truncated, deleted, duplicated, tokens, spliced, nested, numbers, junk)


# 800 examples (~50 CPU s on a quiet core): Hypothesis draws new inputs on every run, so
# successive CI runs cover far more than one does.
@settings(max_examples=800, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=_mutations(), raw=st.binary(max_size=40), use_raw=st.booleans())
def test_front_end_never_raises(tmp_path_factory, text: str, raw: bytes, use_raw: bool) -> None:  # type: ignore[no-untyped-def]
    global EXAMPLES
    EXAMPLES += 1
    p = tmp_path_factory.mktemp("fuzz") / "f.catan"
    if use_raw:
        p.write_bytes(text.encode("utf-8", "surrogatepass")[:200] + raw)
    else:
        p.write_text(text, encoding="utf-8", errors="surrogatepass")
    report = api.check_file(str(p))
    ir, report2 = api.compile_file(str(p), seed=1)
    for r in (report, report2):
        assert not [d for d in r.diagnostics if d.code == "E900"], r.render_text()
        r.render_text()
        r.to_json()
    assert (ir is None) == report2.has_errors


def test_fuzz_ran_examples() -> None:
    """Runs after the fuzzer (file order): records how many examples were tried."""
    print(f"fuzz examples: {EXAMPLES}")


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=_mutations())
def test_syntax_recovery_never_raises(text: str) -> None:
    """The recovery after a syntax error (which parse_all guards, keeping the first error if
    it ever failed) itself raises on no input, and reports each spot once, in file order."""
    from catan_dsl.core.source import SourceFile
    from catan_dsl.syntax.parser import parse
    from catan_dsl.syntax.recovery import _recover

    src = SourceFile("f.catan", text)
    tree, found = parse(src)
    if tree is None and found:
        _recover(src, found)
        starts = [d.span.start for d in found if d.span is not None]
        assert len(starts) == len(set(starts))
