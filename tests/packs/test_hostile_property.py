"""Packs built from random member names and manifests: each is refused with a message (and
nothing is written), or installed and listed under exactly the name it claims, holding exactly
its members."""

from __future__ import annotations

import json
import os
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from catan_dsl.packs import store
from catan_dsl.packs.manifest import PackError, normalize
from tests.packs.conftest import tree, write_zip

# Characters a hostile pack would try: the allowed ones, separators, line ends, NUL, escapes,
# other scripts' letters and digits, look-alikes (Kelvin sign, long s), direction overrides.
ALPHABET = list("aZ09._-+/ \t\n\r\0\\:$~") + ["\x1b", "\u00e9", "\u0661", "\u212a", "\u017f",
                                               "\u202e", "\u200b", "\u2028", "\U0001f600"]
WORDS = ["core", "CON", "con", "aux", "Nul", "COM1", "lpt9", "scenarios", "images", "..", ".",
         "x", "Rivers", "rivers", "a.catan", "pic.png", "README.md", "pack.toml", "RECORD"]
fragment = st.one_of(st.sampled_from(WORDS), st.text(st.sampled_from(ALPHABET), max_size=4))
piece = st.one_of(st.lists(fragment, min_size=1, max_size=3).map("".join),
                 st.from_regex(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,8}", fullmatch=True))

pack_name = st.one_of(st.sampled_from(["first-pack", "core", "Core", "my.pack", "a"]),
                      st.from_regex(r"[A-Za-z0-9]([A-Za-z0-9._-]{0,8}[A-Za-z0-9])?", fullmatch=True),
                      st.tuples(st.sampled_from(["core", "hostile", "A_b"]), piece).map("".join),
                      piece)
version = st.one_of(st.sampled_from(["1.0.0", "2.1.0-beta.1", "1.0.0+build.5"]),
                    st.tuples(st.sampled_from(["1.0.0", "0.1.0"]), piece).map("".join))
member = st.one_of(
    st.tuples(st.sampled_from(["scenarios/", "scenarios/sub/", "images/", ""]), piece,
              st.sampled_from([".catan", ".CATAN", ".png", "", ".catan\n"])).map("".join),
    st.lists(piece, min_size=1, max_size=3).map("/".join))

VARIANT = b'variant v "V" {\n  victory 8\n}\n'


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string, every character written as itself where TOML allows."""
    return json.dumps(text, ensure_ascii=False)


def _manifest(name: str, ver: str) -> bytes:
    return (f"[pack]\nname = {_toml_string(name)}\nversion = {_toml_string(ver)}\n"
            'description = "Random"\nlicense = "MIT"\nauthors = ["A"]\n').encode("utf-8",
                                                                                "surrogatepass")


@settings(max_examples=int(os.environ.get("PACK_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=pack_name, ver=version, members=st.lists(member, min_size=1, max_size=4,
                                                     unique=True))
@example(name="core\n", ver="1.0.0", members=["scenarios/a.catan"])
@example(name="first-pack", ver="1.0.0\n", members=["scenarios/a.catan"])
@example(name="first-pack", ver="1.0.0", members=["scenarios/CON.catan"])
@example(name="first-pack", ver="1.0.0", members=["scenarios/a.catan", "scenarios/A.catan"])
@example(name="ok", ver="1.0.0", members=["scenarios/a.catan", "images/p.png"])
@example(name="first-pack", ver="1.0.0", members=["scenarios/a.catan", ""])   # once IndexError
def test_a_random_pack_is_refused_with_a_message_or_listed_as_it_claims(
        name: str, ver: str, members: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as mp:
        home = Path(tmp) / "home"
        mp.setenv("CATAN_DSL_HOME", str(home))
        (Path(tmp) / "p").mkdir()
        files = {"pack.toml": _manifest(name, ver)}
        files.update({m: VARIANT if m.lower().endswith(".catan") else b"\x89PNG" for m in members
                      if m != "pack.toml"})
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")      # zipfile warns on names it cannot store
                path = write_zip(Path(tmp) / "p" / "random.catanpack", files)
        except (ValueError, UnicodeEncodeError):
            return                                   # zipfile cannot even write this name
        before = tree(home)
        try:
            meta, what = store.install(path)
        except PackError as e:
            event(f"refused: {str(e).split(':')[-1][:40]}")
            assert str(e).strip() and "Traceback" not in str(e)
            assert ".tmp-" not in str(e)          # never the install's temporary folder
            assert tree(home) == before
            return
        event("installed")
        assert what == "installed"
        assert meta.name == name and meta.version == ver          # exactly what it claims
        listed = store.installed()
        assert list(listed) == [normalize(name)] and listed[normalize(name)].meta.name == name
        folder = home / "packs" / f"{normalize(name)}-{ver}"
        assert {k: v for k, v in tree(folder).items()} == \
            {k: v for k, v in files.items() if k in tree(folder)}
        assert set(tree(folder)) == set(files)
        store.remove(name)
        assert store.installed() == {}
