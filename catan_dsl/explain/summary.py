"""Compiled IR (a scenario with its variants) + the base game's IR → the English summary: what the
game is made of and its rules, as a rule book would say them (``explain(ir, base)``)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from catan_dsl.explain import board as B
from catan_dsl.explain import components as C
from catan_dsl.explain import setting as S
from catan_dsl.explain.effects import Narrator
from catan_dsl.explain.expressions import Speaker
from catan_dsl.explain.procedures import Procedures
from catan_dsl.explain.rules import RuleTeller
from catan_dsl.explain.text import Step, render, sentence, tidy, title

WIDTH = 100


def _where(span: str) -> str:
    file, _, line = span.rpartition(":")
    return f"{Path(file).name}:{line}"


def _wrap(lines: list[str]) -> list[str]:
    """Long lines folded at WIDTH, continuation lines indented under the text."""
    out = []
    for line in lines:
        stripped = line.lstrip(" ")
        marker = stripped.partition(" ")[0]
        is_item = re.fullmatch(r"-|\w+\.|\(\w+\)", marker) is not None
        hang = len(line) - len(stripped) + (len(marker) + 1 if is_item else 0)
        out += textwrap.wrap(line, WIDTH, subsequent_indent=" " * hang,
                             break_long_words=False, break_on_hyphens=False) or [""]
    return out


def _polish(step: Step, last: bool = True) -> Step:
    """Sentence case and full stops, all the way down; a list of conditions reads as one
    sentence ("- D is on the coast;" … "- D is not Y.")."""
    if step.bullet == "cond":
        text = tidy(step.text).rstrip(".;")
        step.text = text if text.endswith(":") else text + ("." if last else ";")
    else:
        step.text = sentence(tidy(step.text))
    conds = [i for i in step.items if i.bullet == "cond"]
    tail = last if step.bullet == "cond" else True
    step.items = [_polish(i, (i is conds[-1] and tail) if i.bullet == "cond" else True)
                  for i in step.items]
    return step


def explain(ir: dict, base: dict | None = None) -> str:
    """The summary, section by section. A file that extends another (or comes with variants) is
    told against ``base`` (the base game's IR): only what changes; the base game itself, or any
    IR without ``base``, is told in full."""
    against = base if ir["meta"].get("extends") or ir["meta"].get("with") else None
    speaker = Speaker(ir)
    procedures = Procedures(ir)
    narrator = Narrator(speaker, procedures)
    teller = RuleTeller(narrator, ir)
    meta = ir["meta"]
    names = [meta["title"]] + [title(w) for w in meta["with"]]
    head = f"{' + '.join(names)}: " + ("changes against the base game" if against is not None
                                       else "the game")
    out = [head, "=" * len(head)]
    sections = [
        ("Players and set-up", S.players(ir, against) + S.setup(ir, against)),
        ("Board", B.board(ir, against) + B.terrains(ir, against)),
        ("Resources and pieces", S.resources(ir, against) + S.pieces(ir, against)),
        ("Cards", S.development(ir, against, speaker) + S.special_cards(ir, against, speaker)),
        ("The turn", S.turn(ir, against) + S.robber(ir, against) + S.trade(ir, against)),
        ("Components", C.counters(ir, against) + C.markers(ir) + C.units(ir) + C.dice(ir)
         + C.chains(ir, speaker) + C.decks(ir, speaker) + C.options(ir)),
        ("Victory", S.victory(ir, against)),
    ]
    for name, lines in sections:
        if lines:
            out += ["", f"{name}:"] + _wrap([f"      - {tidy(x)}" if x.startswith("\t") else
                                             f"  - {tidy(x)}" for x in lines])
    told = []
    for rule in teller.merged(ir["rules"]):
        step = teller.tell(rule)
        if step is not None:
            step = _polish(step)
            step.text += f"  [{_where(rule['span'])}]"
            told.append(step)
    if told:
        out += ["", "Rules:"] + _wrap(["  " + x for x in render(told)])
    told_procs = procedures.section(narrator)
    if told_procs:
        out += ["", "Procedures (named steps the rules above carry out):"]
        for heading, where, steps in told_procs:
            out += _wrap([f"  {heading}  [{where}]"])
            out += _wrap(["  " + x for x in render([_polish(s) for s in steps], indent=1)])
    return "\n".join(out) + "\n"
