"""A syntax error's statement → the form that statement takes, as the hint of an E100."""

from __future__ import annotations

import re

# The statements a designer writes most, each as docs/language.md shows it.
FORMS = {
    "victory": "victory 10 (or a parameter: victory vp_target)",
    "players": "players 3..4 default 4",
    "resources": "resources lumber brick wool grain ore",
    "bank": "bank 19 each, or bank lumber 19 brick 19 ...",
    "tokens": "tokens 5 2 6 3 8 10 ...",
    "param": "param NAME = 10 in 3..20",
    "cost": "cost lumber 1 brick 1 (each resource, then how many)",
    "limit": "limit 15 (a piece), or limit 1 per turn (an action)",
    "color": "color \"#2e7d32\" (in quotes: '#' starts a comment)",
    "produces": "produces ore, produces nothing or produces choice",
    "layout": "layout rows 3 4 5 4 3, layout hexes 0,0 1,0 ... or layout hexagon 2",
    "hex": "hex 0,0 forest 6 (a coordinate q,r, a terrain, its number)",
    "pool": "pool NAME { forest 4, hills 3 }",
    "harbors": "harbors { 3:1 at 0,-2 NW; wool 2:1 at 1,-2 NE }",
    "robber": "robber { discard above 7; steal 1 }, or robber starts at 0,0 on a board",
    "trade": "trade { bank 4; domestic }",
    "production": "production { dice 2; robber_number 7 }",
    "setup": "setup { order snake; rounds 2; place settlement road }",
    "counter": "counter NAME \"label\" { start 0 }",
    "marker": "marker NAME \"label\" { on hex; supply 10 }",
    "card": "card NAME 14 { effect robber; army }",
    "vp": "vp 1",
    "on": "on TRIGGER [NAME] [at VAR] [where COND] { EFFECTS }, e.g. on built settlement at v "
          "{ gain 1 ore }",
    "action": "action NAME \"label\" { cost ore 1; after roll; do { gain 1 wool } }",
    "forbid": "forbid build settlement at v where COND",
    "modifier": "modifier vp + 1 for v where COND",
    "gain": "gain 1 ore (how many, then what)",
    "lose": "lose 1 ore (how many, then what)",
}

_STATEMENT_START = re.compile(r"[{};\n]")
_HEADED = ("on", "action", "forbid", "modifier")     # a head, then a condition
_CONDITION = re.compile(r"\b(where|when)\b")
_WORD = re.compile(r"\s*(\w+)")


def form_hint(text: str, pos: int) -> str | None:
    """How the statement around offset ``pos`` is written, when it is one of ``FORMS``."""
    start = max((m.end() for m in _STATEMENT_START.finditer(text, max(0, pos - 2000), pos)),
                default=0)
    word = _WORD.match(text, start)
    if word is None or word.group(1) in _HEADED and _CONDITION.search(text, start, pos):
        return None         # inside a rule's condition: the rule's form says nothing of it
    form = FORMS.get(word.group(1))
    return f"write it as {form}" if form else None
