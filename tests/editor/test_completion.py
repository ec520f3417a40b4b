"""Completion as a user types, over stdio against the real `catan-dsl lsp`: the buffer holds the
partial word with the cursor after it, the line (and often the file) unfinished; each position
offers the names that fit there (issue 38), and hover on a file name says what the file is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.editor.test_lsp import Client

HEAD = ('scenario isle "Isle" extends base {\n'
        '  counter gold\n'
        '  special harbor_master { vp 2; measure counter gold; policy sole_max }\n')


@pytest.fixture(scope="module")
def server():
    """One server for the module (starting one costs a second); each test opens its own file."""
    c = Client()
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    c.notify("initialized", {})
    yield c
    c.close()


class Buffer:
    """An open document that a test types into, one change at a time, as an editor sends it."""

    def __init__(self, client: Client, path: Path, text: str) -> None:
        self.client, self.uri, self.text, self.version = client, path.as_uri(), text, 1
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "catan", "version": 1, "text": text}})

    def type(self, chars: str) -> None:
        self.text += chars
        self.version += 1
        self.client.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version},
            "contentChanges": [{"text": self.text}]})

    def complete(self) -> dict[str, dict]:
        """The completion items at the end of the buffer (the cursor after what was typed)."""
        lines = self.text.split("\n")
        result = self.client.request("textDocument/completion", {
            "textDocument": {"uri": self.uri},
            "position": {"line": len(lines) - 1, "character": len(lines[-1])}})["result"]
        return {i["label"]: i for i in result["items"]}


def _buffer(server: Client, tmp_path: Path, text: str, name: str = "isle") -> Buffer:
    path = tmp_path / f"{name}.catan"
    path.write_text(text, encoding="utf-8")
    return Buffer(server, path, text)


def test_after_on_the_triggers_as_the_word_is_typed(server: Client, tmp_path: Path) -> None:
    buf = _buffer(server, tmp_path, HEAD)
    buf.type("  o")
    assert {"on", "terrain", "victory"} <= set(buf.complete())
    buf.type("n ")
    items = buf.complete()
    assert {"built", "rolled", "turn_started", "produced"} <= set(items)
    assert items["turn_started"]["kind"] == 23                    # CompletionItemKind.Event
    assert "grain" not in items and "on" not in items and "count" not in items
    buf.type("tu")
    assert "turn_started" in buf.complete()


def test_after_gain_1_resources_and_counters_of_the_composition(server: Client,
                                                                tmp_path: Path) -> None:
    """Before issue 38 only `and in or` came after `gain 1 ` (lark's accepts() skips the
    grammar's namespaced NAME terminal)."""
    buf = _buffer(server, tmp_path, HEAD + "  on turn_started {\n    gain 1 g")
    items = buf.complete()
    assert {"grain", "wool", "ore", "gold"} <= set(items)        # base's resources, our counter
    assert items["gold"]["detail"] == "counter declared in isle.catan"
    assert not {"pasture", "city", "harbor_master", "turn_started"} & set(items)


def test_an_unfinished_line_above_does_not_hide_the_files_declarations(server: Client,
                                                                       tmp_path: Path) -> None:
    text = HEAD + "  victory\n  piece tower { on vertex; limit 3; cost ore\n  on built {\n" \
                  "    award h"
    items = _buffer(server, tmp_path, text).complete()
    assert {"harbor_master", "longest_road", "largest_army"} <= set(items)
    assert not {"gold", "grain"} & set(items)


def test_after_double_equals_in_a_where_the_values_of_the_compared_kind(server: Client,
                                                                        tmp_path: Path) -> None:
    buf = _buffer(server, tmp_path, HEAD + "  on built settlement at v where any(h in "
                                           "hexes_of(v) where terrain(h) == pa")
    items = buf.complete()
    assert {"pasture", "forest", "desert"} <= set(items)
    assert not {"city", "grain", "gold"} & set(items)
    buf.type(")) { gain 1 wool }\n  on built where piece == ")
    items = buf.complete()
    assert {"road", "settlement", "city"} <= set(items) and "pasture" not in items


def test_in_a_board_row_the_terrains(server: Client, tmp_path: Path) -> None:
    """Typing `pa` in a board's tiles offers `pasture` (it offered nothing while the buffer had
    an error, which is whenever someone is typing)."""
    buf = _buffer(server, tmp_path, HEAD + "  board b {\n    layout rows 1 2 1\n"
                                           "    tiles { forest 5, hills 6, pa")
    items = buf.complete()
    assert {"pasture", "fields", "mountains", "desert"} <= set(items)
    assert not {"grain", "gold", "road"} & set(items)


def test_after_extends_the_files_it_can_reach_and_hover_shows_title_and_path(
        server: Client, tmp_path: Path) -> None:
    (tmp_path / "my_rules.catan").write_text('variant my_rules "My house rules" { victory 9 }\n',
                                             encoding="utf-8")
    buf = _buffer(server, tmp_path, 'scenario isle "Isle" extends ba', name="head")
    items = buf.complete()
    assert {"base", "rivers", "harbormaster", "my_rules"} <= set(items)
    assert items["base"]["detail"].startswith("The Settlers of Catan — ")
    assert items["my_rules"]["detail"] == f"My house rules — {tmp_path / 'my_rules.catan'}"
    buf.type("se with my")
    assert "my_rules" in buf.complete()
    hover = server.request("textDocument/hover", {"textDocument": {"uri": buf.uri},
                                                  "position": {"line": 0, "character": 31}})
    text = hover["result"]["contents"]["value"]
    assert "**file `base`** — scenario “The Settlers of Catan”" in text
    assert text.rstrip().endswith("base.catan`")


def test_the_offers_come_from_the_vocabulary_and_the_composition(monkeypatch, tmp_path: Path
                                                                 ) -> None:
    """A trigger added to core/vocab.py and a terrain declared in the buffer are offered with no
    change to the editor's code (the words of other issues appear the day they are added)."""
    from catan_dsl.core import vocab
    from catan_dsl.editor.language import completions

    monkeypatch.setitem(vocab.TRIGGERS, "traded", vocab.TRIGGERS["rolled"])
    path = str(tmp_path / "isle.catan")
    lagoon = "  terrain lagoon { produces nothing }\n"
    assert "traded" in {c.label for c in completions(path, HEAD + lagoon + "  on ", 4, 5)}
    in_piece = HEAD + "  piece tower {\n    on "
    assert "rolled" not in {c.label for c in completions(path, in_piece, 4, 7)}
    text = HEAD + lagoon + "  board b {\n    tiles { lag"
    labels = {c.label for c in completions(path, text, 5, len("    tiles { lag"))}
    assert {"lagoon", "pasture"} <= labels
