"""A document's text + a cursor → what an editor shows: diagnostics, hover text, completions,
the definition of a name and the outline; plain data, so the language server only translates."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from catan_dsl import api
from catan_dsl.check.load import resolve_name
from catan_dsl.core import vocab
from catan_dsl.core.diagnostics import Diagnostic, Report
from catan_dsl.core.source import SourceFile, Span
from catan_dsl.syntax import ast as A
from catan_dsl.syntax import rules_ast as R
from catan_dsl.editor.completion import Completion, completions, model_of, title_of
from catan_dsl.syntax.parser import parse
from catan_dsl.syntax.transformer import to_ast

__all__ = ["Completion", "Symbol", "completions", "definition", "diagnostics", "hover",
           "symbols", "word_at"]

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# What the declaration keywords mean (the rest of the vocabulary documents itself in
# core/vocab.py, the source of docs/reference.md).
KEYWORD_DOCS = {
    "scenario": "A playable scenario: `scenario NAME \"Title\" extends base { ... }`.",
    "variant": "A variant combined with a scenario by `with` or `--with`.",
    "extends": "Inherit every declaration of another file; later declarations replace by name.",
    "with": "Combine variants: `scenario s extends base with harbormaster { ... }`.",
    "import": "Use the declarations of another file (`import rivers_common`).",
    "players": "How many seats: `players 2..4 default 4`.",
    "resources": "The resource cards of the game, in bank order.",
    "bank": "Cards per resource in the bank: `bank 19 each`.",
    "tokens": "The number tokens dealt onto the land hexes.",
    "victory": "The VP target (`victory 10`), or `victory target + 1` for a combination.",
    "terrain": "A hex type: what it produces, its colour, whether it takes a token.",
    "piece": "A kind of piece: edge or vertex, limit, cost, VP, yield, upgrades.",
    "development": "The development card deck: cost, cards per turn, the cards.",
    "special": "A special card (Longest Road, Largest Army): its VP, measure and policy.",
    "robber": "Robber settings: discard limit, cards stolen, where it starts and goes home.",
    "trade": "Trade settings: bank ratio, domestic trade, offers per turn.",
    "production": "How numbers are made: dice, a deck, rolls per turn, the robber number.",
    "setup": "The set-up placements: order, rounds, what is placed, which round yields.",
    "board": "A board: layout, sea, tiles, pools, numbers, harbors and named features.",
    "option": "A named switch of the scenario, turned on with `--option NAME`.",
    "counter": "A per-player counter (gold, trade tokens) or, with `shared`, one for the game.",
    "deck": "A deck of scenario items (tokens or cards) that players draw and hold.",
    "neutral": "Neutral players with their own pieces (Catan for Two).",
    "on": "A triggered rule: `on TRIGGER [names] [at VAR] [where COND] { EFFECTS }`.",
    "action": "An action a player may take: cost, phase, limits, target, condition, effects.",
    "forbid": "A prohibition consulted when legal actions are listed.",
    "modifier": "Adjusts a value (VP, yield, cost, target, route weight) where a condition holds.",
    "chain": "A chain of pieces that grows along paths (Caravans' camels).",
    "procedure": "Named effects with parameters, called as an effect `NAME(ARG, ...)`.",
    "without": "Withdraw actions another file declared: `without action A, B`.",
    "use": "Compile an inherited board by default: `use board NAME`.",
}


@dataclass(frozen=True)
class Symbol:
    name: str
    kind: str          # "scenario" | "board" | "deck" | "rule" | "action" | ...
    span: Span
    children: tuple["Symbol", ...] = ()


def diagnostics(path: str, text: str, open_texts: dict[str, str] | None = None
                ) -> list[Diagnostic]:
    """What ``catan-dsl check`` says about the unsaved ``text`` of ``path`` (and the files it
    extends, as the editor holds them), only those located in this file."""
    texts = {Path(p).resolve(): t for p, t in (open_texts or {}).items()}
    texts[Path(path).resolve()] = text
    report: Report = api.check_file(path, texts=texts)
    here = Path(path).resolve()
    return [d for d in report.diagnostics
            if d.span is None or not d.span.path or _same(d.span.path, here)]


def _same(path: str, here: Path) -> bool:
    try:
        return Path(path).resolve() == here
    except OSError:
        return False


def word_at(text: str, line: int, col: int) -> tuple[str, int] | None:
    """The identifier at 0-based (line, col) and its start column, or None."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    for m in _WORD.finditer(lines[line]):
        if m.start() <= col <= m.end():
            return m.group(0), m.start()
    return None


def hover(path: str, text: str, line: int, col: int) -> str | None:
    """Markdown for the word under the cursor: a keyword, a trigger, function, effect,
    prohibition or modifier of the vocabulary, or a name the scenario declares."""
    found = word_at(text, line, col)
    if found is None:
        return None
    word = found[0]
    parts = []
    target = _file_named(path, text, line, found[1], word)
    if target is not None:
        kind, title = title_of(target)
        parts.append(f"**file `{word}`**" + (f" — {kind} “{title}”" if title else
                                              f" — {kind}" if kind else "") + f"\n\n`{target}`")
    if word in KEYWORD_DOCS:
        parts.append(f"**{word}** — {KEYWORD_DOCS[word]}")
    for table, what in ((vocab.TRIGGERS, "trigger"), (vocab.FUNCTIONS, "function"),
                        (vocab.EFFECTS, "effect"), (vocab.FORBIDS, "forbid"),
                        (vocab.MODIFIERS, "modifier")):
        entry = table.get(word)
        if entry is not None:
            params = ", ".join(f"{p.name}: {p.type}" for p in entry.params)
            result = f" → {entry.returns}" if entry.returns != "none" else ""
            parts.append(f"**{what} `{word}({params}){result}`** — {entry.doc}\n\n"
                         f"e.g. `{entry.example}`")
    decl = _declaration(path, text, word)
    if decl is not None:
        kind, span = decl
        parts.append(f"**{kind} `{word}`** declared at {Path(span.path).name}:{span.line}")
    return "\n\n---\n\n".join(parts) or None


def _declaration(path: str, text: str, word: str) -> tuple[str, Span] | None:
    model = model_of(path, text)
    if model is None:
        return None
    for key, node in model.decls.items():
        if len(key) >= 2 and key[1] == word:
            ident = getattr(node, "name", None)
            if isinstance(ident, A.Ident):
                return key[0], ident.span
        if key == ("resources",) and isinstance(node, A.Resources):
            for ident in node.names:
                if ident.value == word:
                    return "resource", ident.span
    return None


def definition(path: str, text: str, line: int, col: int) -> Span | None:
    """Where the name under the cursor is declared: a file named by extends/with/import, or a
    declaration (terrain, piece, deck, procedure, board, ...) of the composition."""
    found = word_at(text, line, col)
    if found is None:
        return None
    word, start = found
    target = _file_named(path, text, line, start, word)
    if target is not None:
        return Span(str(target), 1, 1, 1, 1)
    decl = _declaration(path, text, word)
    return decl[1] if decl is not None else None


def _file_named(path: str, text: str, line: int, start: int, word: str) -> Path | None:
    """The file a word after ``extends``/``import``/``with`` (or a comma of a with list) names."""
    before = text.split("\n")[line][:start].split()
    if before and before[-1].rstrip(",") in ("extends", "with", "import") or \
            (before and before[-1].endswith(",") and "with" in before):
        return resolve_name(word, Path(path).resolve().parent)
    return None


def symbols(path: str, text: str) -> list[Symbol]:
    """The outline of the file: its unit, and in it each declaration and rule."""
    tree, _ = parse(SourceFile(path, text))
    if tree is None:
        return []
    file: A.File = to_ast(tree, path)
    unit = file.unit
    children = tuple(s for s in (_symbol(n) for n in unit.body) if s is not None)
    return [Symbol(unit.name.value, unit.kind, unit.span, children)]


def _symbol(node: A.Node) -> Symbol | None:
    kind = type(node).__name__.lower()
    if isinstance(node, R.OnRule):
        names = " ".join(i.value for i in node.names)
        return Symbol(f"on {node.trigger.value} {names}".strip(), "rule", node.span)
    if isinstance(node, (R.Forbid, R.Modifier)):
        return Symbol(f"{kind} {node.what.value}", "rule", node.span)
    if isinstance(node, R.IfWith):
        inner = tuple(s for s in (_symbol(n) for n in (*node.body, *node.orelse)) if s)
        return Symbol(f"if with {node.name.value}", "namespace", node.span, inner)
    ident = getattr(node, "name", None)
    if isinstance(ident, A.Ident):
        return Symbol(ident.value, kind, node.span)
    return None
