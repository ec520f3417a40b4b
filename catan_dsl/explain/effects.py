"""IR effects → numbered English steps, each effect through its vocabulary template; long
conditions become lists and procedures are named once (procedures.py)."""

from __future__ import annotations

import re

from catan_dsl.core import vocab as V
from catan_dsl.explain.expressions import Speaker, and_parts, is_call, or_parts, plus_terms, uses

_CMP = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
        ">=": "is at least"}
from catan_dsl.explain.text import (
    LIMIT,
    UNCOUNTABLE,
    Step,
    article,
    count_words,
    counted,
    join,
    plural,
    singular,
    tidy,
    title,
    var_name,
    words,
)

# Effects whose parts include a block of effects: their steps nest.
BLOCKS = {"choose", "each", "if", "let", "roll", "choose_random", "repeat", "share", "vote", "via"}


def fits(text: str) -> bool:
    return count_words(text) <= LIMIT


def _and(parts: list) -> object:
    out: object = True
    for p in parts:
        out = p if out is True else ["and", out, p]
    return out


class Narrator:
    """Tells one IR's effects as steps; ``procedures`` decides which calls are named."""

    def __init__(self, speaker: Speaker, procedures: object = None) -> None:
        self.s = speaker
        self.procedures = procedures

    # --- blocks ---------------------------------------------------------------------
    def steps(self, effects: list) -> list[Step]:
        out: list[Step] = []
        times: list[int] = []
        for e in effects:
            for st in self.effect(e):
                if out and st.flat() and out[-1].flat() and st.text == out[-1].text:
                    times[-1] += 1
                    continue
                out.append(st)
                times.append(1)
        for st, k in zip(out, times):
            if k > 1:
                st.text += " (twice)" if k == 2 else f" ({k} times)"
        return out

    def inline(self, steps: list[Step]) -> str | None:
        """Up to two flat steps as one clause ("A; B"), or None when they need lines (an
        "otherwise" on the same line would read as the outer condition's)."""
        if not steps or len(steps) > 2 or any(not s.flat() for s in steps) or \
                any(s.text.startswith("otherwise") for s in steps):
            return None
        return "; ".join(s.text.rstrip(".") for s in steps)

    def block(self, head: str, body: list[Step], joiner: str = ": ") -> Step:
        """A head and its steps: on one line when it fits, else the steps under it."""
        text = self.inline(body)
        if text is not None and fits(head + joiner + text):
            return Step(f"{head}{joiner}{text}")
        return Step(f"{head}:", body)

    def conditional(self, before: str, cond: object, after: str = "", word: str = " where ") -> Step:
        """``before where COND after`` on one line, or the condition as a list under it."""
        text = f"{before}{word}{self.s.cond(cond)}{after}" if cond is not True else before + after
        if fits(text) or cond is True:
            return Step(text)
        intro, items = self.cond_list(cond)
        return Step(f"{before}{word}{intro}{after}:", items)

    def cond_list(self, cond: object) -> tuple[str, list[Step]]:
        """A long condition as a list: ("all of these hold", [each part])."""
        parts, intro = and_parts(cond), "all of these hold"
        if len(parts) == 1:
            parts, intro = or_parts(cond), "one of these holds"
        if len(parts) == 1:
            return self.s.cond(cond), []
        return intro, [self.cond_step(p) for p in parts]

    def cond_step(self, p: object) -> Step:
        """One condition of a list; a long one becomes a list of its own."""
        text = self.s.cond(p)
        if fits(text):
            return Step(text, bullet="cond")
        if is_call(p, "and") or is_call(p, "or"):
            sub_intro, sub = self.cond_list(p)
            return Step(f"{sub_intro}:", sub, bullet="cond")
        if is_call(p, *_CMP) and not isinstance(p[2], str):
            verb = _CMP[p[0]]
            return Step(f"the first amount {verb} the second, where:",
                        [self.value_step("the first amount is", p[1]),
                         self.value_step("the second amount is", p[2])], bullet="cond")
        return Step(text, bullet="cond")

    def value_step(self, lead: str, e: object) -> Step:
        """``lead`` and a value; a long sum as its terms, a long choice as its cases."""
        text = f"{lead} {self.s.value(e)}"
        if fits(text):
            return Step(text, bullet="cond")
        terms = plus_terms(e)
        if len(terms) > 1:
            return Step(f"{lead} the sum of:", [self.value_step("", t) for t in terms], bullet="cond")
        if is_call(e, "if"):
            return Step(f"{lead}:", [self.value_step(f"if {self.s.cond(e[1])},", e[2]),
                                     self.value_step("otherwise", e[3])], bullet="cond")
        return Step(text, bullet="cond")

    def with_cond_body(self, head: Step, body: list[Step], joiner: str = ": ") -> Step:
        """A head (maybe with a condition list) and the steps it leads to."""
        if head.flat():
            return self.block(head.text, body, joiner)
        return Step(head.text, head.items + [self.block("then", body, " ")] if body else head.items)

    # --- amounts -------------------------------------------------------------------------
    def amount(self, n: object, noun: str, suffix: str = "", whose: object = None) -> str:
        """``2 gold``, ``2 tokens if …, else 1 token``, ``as much gold as they have baggage cards``."""
        s = self.s
        if isinstance(n, int) and not isinstance(n, bool):
            return counted(n, noun) + suffix
        if is_call(n, "if"):
            return f"{self.amount(n[2], noun)} if {s.cond(n[1])}, else {self.amount(n[3], noun)}" + \
                (f",{suffix}" if suffix else "")
        if is_call(n, "/") and is_call(n[1], "count_of") and isinstance(n[2], int):
            return f"1 {singular(noun)} for every {n[2]} {plural(s.names.label(n[1][2]))} " \
                   f"{s.value(n[1][1])} has{suffix}"
        if is_call(n, "count_of") and whose is not None and n[1] == whose and \
                isinstance(n[2], str) and s.names.label(n[2]) == noun:
            return f"all their {plural(noun)}" + suffix
        if is_call(n, "count_of"):
            much = "much" if noun.lower() in UNCOUNTABLE and noun != "VP" else "many"
            return f"as {much} {plural(noun)} as {s.value(n[1])} has " \
                   f"{plural(s.names.label(n[2]))}{suffix}".replace("the player has", "they have")
        if is_call(n, "var"):
            return f"{s.value(n)} {plural(noun)}{suffix}"
        return f"{plural(noun)} equal to {s.value(n)}{suffix}"

    def stock_noun(self, stock: object) -> tuple[str, str]:
        """(noun, what follows the number) for a STOCK."""
        if isinstance(stock, dict):
            k, v = next(iter(stock.items()))
            if k == "choice":
                return "resource card", " of their choice"
            if k == "random":
                return "random resource card", ""
            if k == "expr":                    # gain 1 produces(h): a resource worked out in play
                return "card", f" of {self.s.value(v)}"
            return self.s.names.label(v), ""
        return self.s.names.label(stock), ""

    def fill(self, entry: V.Entry, args: list, **over: str) -> str:
        """An effect's template with its arguments spoken; ``{n} {noun}`` pairs agree in number."""
        s = self.s
        template = entry.describe
        types = {p.name: p.type for p in entry.params}
        vals = dict(zip((p.name for p in entry.params), args))
        spoken: dict[str, str] = {p.name: "" for p in entry.params}
        for m in re.finditer(r"\{(\w+)\}(?= \{(\w+)\})", entry.describe):
            num, what = m.group(1), m.group(2)
            if types.get(num) != "int" or what not in vals or num in over:
                continue
            if types[what] == "stock":
                noun, suffix = self.stock_noun(vals[what])
            elif types[what] == "name:deck":
                noun, suffix = s.names.deck_noun(vals[what]), f" from {s.names.deck(vals[what])}"
            else:
                noun, suffix = s.arg(types[what], vals[what]), ""
            whose = vals.get("p")
            spoken[num] = self.amount(vals[num], noun, suffix, whose)
            template = template.replace(f"{{{num}}} {{{what}}}", "{" + num + "}")
        for name, v in vals.items():
            if name not in over and not spoken[name]:
                spoken[name] = s.arg(types[name], v)
        return tidy(template.format(**{**spoken, **over}))

    def cases(self, entry: V.Entry, args: list) -> Step | None:
        """An effect whose amount is a chain of cases, one case a line: "the player gains
        movement points: - 4 if …; - otherwise 5 if …"."""
        for i, p in enumerate(entry.params):
            n = args[i] if i < len(args) else None
            if p.type != "int" or not is_call(n, "if"):
                continue
            nxt = entry.params[i + 1] if i + 1 < len(entry.params) else None
            noun = ""
            if nxt is not None and nxt.type == "stock":
                noun = self.stock_noun(args[i + 1])[0]
            elif nxt is not None and nxt.type.startswith("name:"):
                noun = self.s.arg(nxt.type, args[i + 1])
            head = self.fill(entry, args, **{p.name: plural(noun) if noun else "an amount"})
            if nxt is not None and noun:
                head = head.replace(f"{plural(noun)} {plural(noun)}", plural(noun))
            items, case, first = [], n, True
            while is_call(case, "if"):
                items.append(Step(f"{'' if first else 'otherwise '}{self.amount(case[2], noun)} if "
                                  f"{self.s.cond(case[1])}", bullet="cond"))
                case, first = case[3], False
            items.append(Step(f"otherwise {self.amount(case, noun)}", bullet="cond"))
            return Step(f"{head}:", items)
        return None

    # --- one effect ---------------------------------------------------------------------
    def effect(self, e: list) -> list[Step]:
        head, a = e[0], e[1:]
        entry = V.EFFECTS.get(head)
        method = getattr(self, f"e_{head}", None)
        if method is not None:
            out = method(*a)
            out = out if isinstance(out, list) else [out]
            if entry is not None and len(out) == 1 and out[0].flat() and not fits(out[0].text):
                return [self.cases(entry, a) or out[0]]
            return out
        if entry is None:
            return [Step(words(head))]
        bodies = [(p.name, v) for p, v in zip(entry.params, a) if p.type == "effects"]
        over = {name: "" for name, _ in bodies}
        text = self.fill(entry, [v if p.type != "effects" else None for p, v in zip(entry.params, a)],
                         **over)
        steps = [st for _, v in bodies if v for st in self.steps(v)]
        if not steps and not fits(text):
            return [self.cases(entry, list(a)) or Step(text)]
        return [self.block(text, steps) if steps else Step(text)]

    def e_choose_one(self, chooser: object, *alternatives: dict) -> list[Step]:
        """``choose one``: the chooser picks one labelled alternative whose condition holds."""
        names = join([f"“{alt['label']}”" for alt in alternatives], last="or")
        head = self.fill(V.EFFECTS["choose_one"], [chooser, None],
                         chooser=self.s.value(chooser), alternatives=names)
        items = []
        for alt in alternatives:
            lead = f"“{alt['label']}”"
            if alt["when"] is not True:
                lead += f" (only if {self.s.cond(alt['when'])})"
            items.append(self.block(lead, self.steps(alt["do"])))
        return [Step(f"{head}:", items)]

    def e_let(self, var: str, value: object, body: list) -> list[Step]:
        text = self.fill(V.EFFECTS["let"], [var, value], var=var_name(var), value=self.s.value(value))
        return [Step(text)] + self.steps(body)

    def e_if(self, cond: object, then: list, other: list,
             told: list[Step] | None = None) -> list[Step]:
        before, _, after = V.EFFECTS["if"].describe.format(cond="\x00").partition("\x00")
        head = self.conditional(before.strip(), cond, after, word=" ")
        out = [self.with_cond_body(head, told if told is not None else self.steps(then), ", ")]
        if other:
            rest = self.steps(other)
            if len(rest) == 1 and rest[0].text.startswith("if "):
                rest[0].text = "otherwise, " + rest[0].text
                out += rest
            else:
                out.append(self.block("otherwise", rest, ", "))
        return out

    def e_choose(self, var: str, chooser: object, set_: object, cond: object, body: list,
                 other: list | None = None) -> list[Step]:
        s = self.s
        # Conditions that do not read the element are said first: "if the player has a knight
        # left, they choose a path …" (only without an else: there they would pick it).
        parts = and_parts(cond)
        outer = [p for p in parts if not uses(p, var)] if not other and cond is not True else []
        inner = [p for p in parts if p not in outer]
        cond = _and(inner)
        keep = uses(body, var) or uses(cond, var)
        who = s.value(chooser)
        elem = article(s.element(set_, var, keep))
        rel = s.relative(var, cond)
        text = self.fill(V.EFFECTS["choose"], [var, chooser], var=elem + rel, chooser=who)
        head = Step(text) if fits(text) else self.conditional(
            self.fill(V.EFFECTS["choose"], [var, chooser], var=elem, chooser=who), cond)
        out = [self.with_cond_body(head, self.steps(body))]
        if other:
            such = s.element(set_, var, keep).split(" of ")[0].split(" touching ")[0]
            out.append(self.block(f"if there is no such {such}", self.steps(other), ", "))
        if outer:
            return self.e_if(_and(outer), [], [], out)
        return out

    def e_each(self, var: str, set_: object, cond: object, body: list) -> list[Step]:
        s = self.s
        elem = s.element(set_, var, uses(body, var) or uses(cond, var))
        rel = s.relative(var, cond)
        steps = self.steps(body)
        label = var_name(var)
        if len(steps) == 1 and steps[0].flat() and not re.search(rf"\b{label}\b", rel):
            # "for each hex H that carries 2: put 1 barbarian on H" → "put 1 barbarian on each
            # hex that carries 2"
            found = re.findall(rf"\b{re.escape(label)}\b", steps[0].text)
            phrase = f"each {s.element(set_, var, False)}{rel}"
            text = steps[0].text
            if len(found) > 1 and text.startswith(label + " "):
                # "P gives P's left neighbour …" → "each player gives their left neighbour …"
                text = re.sub(rf"\b{re.escape(label)}'s\b", "their", text[len(label):])
                text = re.sub(rf"\bthe ([\w ]+?) of {re.escape(label)}\b", r"their \1", text)
                text = re.sub(rf"\b(\w+ [A-Z]) of {re.escape(label)}\b", r"\1 of theirs", text)
                text = label + text
                found = re.findall(rf"\b{re.escape(label)}\b", text)
            text = re.sub(rf"\b{re.escape(label)}\b", phrase, text)
            if len(found) == 1 and fits(text):
                return [Step(text)]
        text = self.fill(V.EFFECTS["each"], [var], var=elem + rel)
        head = Step(text) if fits(text) else self.conditional(
            self.fill(V.EFFECTS["each"], [var], var=elem), cond)
        return [self.with_cond_body(head, steps)]

    def e_roll(self, var: str, sides: object, body: list) -> list[Step]:
        s = self.s
        if isinstance(sides, str):
            die = f"the {s.names.die(sides)}" if not s.names.die(sides).startswith("the ") \
                else s.names.die(sides)
        else:
            die = "the die"
        s.dice[var] = die
        spoken = (f"{die}" if isinstance(sides, str) else
                  "a die" if sides == 6 else f"a {s.value(sides)}-sided die")
        text = self.fill(V.EFFECTS["roll"], [var, sides], sides=spoken)
        if len(body) == 1 and is_call(body[0], "if") and not body[0][3] and \
                is_call(body[0][1], ">=", "==", "<=") and body[0][1][1] == ["var", var]:
            op, bound = body[0][1][0], s.value(body[0][1][2], nested=True)
            on = {">=": f"{bound} or more", "==": f"a {bound}", "<=": f"{bound} or less"}[op]
            return [self.block(f"{text}: on {on}", self.steps(body[0][2]), ", ")]
        return [Step(text)] + self.steps(body)

    def e_choose_random(self, var: str, set_: object, cond: object, body: list, other: list,
                        count: int = 1, weight: object = None) -> list[Step]:
        s = self.s
        keep = uses(body, var) or uses(cond, var) or uses(weight, var)
        chance = f", each with a chance in proportion to {s.value(weight)}" if weight is not None else ""
        template = V.EFFECTS["choose_random"]
        if count == 1 and weight is None:
            # "pick a hex H at random where …": the chance beside the pick, not after the clause.
            elem = article(s.element(set_, var, keep))
            head = self.fill(template, [var], var=elem) + s.relative(var, cond)
        else:
            things = s.plural_set(set_, var if keep else None).removeprefix("the ")
            rel = s.relative(var, cond, many=True)
            picked = self.fill(template, [var], var=f"{count} different {things}")
            text = picked + rel + chance if rel.startswith(" that") else picked + chance + rel
            head = Step(text) if fits(text) else self.conditional(
                self.fill(template, [var], var=f"{count} different {things}") + chance, cond)
            steps = self.steps(body)
            label = var_name(var)
            if len(steps) == 1 and steps[0].flat() and \
                    len(re.findall(rf"\b{re.escape(label)}\b", steps[0].text)) == 1:
                steps = [Step(re.sub(rf"\b{re.escape(label)}\b", "each of them", steps[0].text))]
                if head.flat() and fits(f"{head.text}, then {steps[0].text}"):
                    return [Step(f"{head.text}, then {steps[0].text}")]
            if head.flat():
                return [self.block(f"{head.text}; for each of them", steps, ", ")]
            return [Step(head.text, head.items + [self.block("then, for each of them", steps, ", ")])]
        out = [self.block(head, self.steps(body), ", then ")]
        if other:
            out.append(self.block("if there is none", self.steps(other), ", "))
        return out

    def e_repeat(self, n: object, body: list, cond: object = None) -> list[Step]:
        times = self.s.value(n)
        if cond is None:
            return [self.block(self.fill(V.EFFECTS["repeat"], [n], n=times), self.steps(body))]
        head = self.conditional(self.fill(V.EFFECTS["repeat"], [n], n=f"up to {times}") +
                                ", each time only while", cond, word=" ")
        return [self.with_cond_body(head, self.steps(body))]

    def e_via(self, name: str, call: str, at: str, body: list) -> list[Step]:
        told = getattr(self.procedures, "tell", None)
        if told is not None:
            out = told(self, name, at, body)
            if out is not None:
                return out
        head = self.fill(V.EFFECTS["via"], [name, call, at], procedure=f"“{title(name)}”")
        return [self.block(head, self.steps(body))]

    def e_move_robber(self, to: object) -> Step:
        s = self.s
        if to == "choice":
            where = "where the player chooses, and the player robs someone there, as on a 7"
        elif to == "off_board":
            where = "off the board"
        elif to == "home":
            homes = [f"the {words(h['terrain'])}" if isinstance(h, dict) else
                     "off the board" if h == "off_board" else words(h)
                     for h in s.ir["robber"].get("home") or ["off_board"]]
            where = "home: " + ", else ".join(("to " + h) if h.startswith("the ") else h for h in homes)
        else:
            where = f"to {s.value(to)}"
        return Step(self.fill(V.EFFECTS["move_robber"], [to], to=where))

    def e_steal(self, p: object, from_: object, n: object) -> Step:
        return Step(self.fill(V.EFFECTS["steal"], [p, from_, n],
                              **{"from": f"one of {self.s.plural_set(from_)}"}))

    def e_place(self, p: object, kind: str, at: object, chooser: object = None) -> Step:
        where = f"where {self.s.value(chooser)} chooses" if at == "choice" else f"on {self.s.value(at)}"
        return Step(self.fill(V.EFFECTS["place"], [p, kind, at], at=where))

    def e_end_game(self, ties: object, winner: object = None) -> Step:
        """``end game [ties by EXPR]``: "… wins (a tie goes to the one with the most gold, then
        to a roll-off)"; EXPR reads the tied player as ``player``. ``end game winner P``:
        "the game ends at once and P wins, whatever the VP"."""
        if winner is not None:
            return Step(self.fill(V.EFFECTS["end_game"], [ties, winner],
                                  winner=self.s.value(winner), ties=", whatever the VP"))
        if ties is None:
            broken = " (a tie is rolled off)"
        else:
            ranked = self.s.value(ties).replace("the player's ", "").replace("their ", "")
            ranked = ranked.removeprefix("the number of ").removeprefix("the ")
            ranked = ranked.removeprefix("their ").removesuffix(" of the player")
            broken = f" (a tie goes to the one with the most {ranked}, then to a roll-off)"
        return Step(self.fill(V.EFFECTS["end_game"], [ties, None],
                              winner="the player with the most VP", ties=broken))

    def e_set_counter(self, counter: str, value: object) -> Step:
        """``set lava = lava + 1`` reads "lava is set to 1 more than before"."""
        spoken = None
        if is_call(value, "+", "-") and value[1] == ["shared_value", counter]:
            spoken = (f"{value[2]} {'more' if value[0] == '+' else 'less'} than before"
                      if isinstance(value[2], int) else
                      f"what it was {'plus' if value[0] == '+' else 'minus'} "
                      f"{self.s.value(value[2], nested=True)}")
        return Step(self.fill(V.EFFECTS["set_counter"], [counter, value],
                              **({"value": spoken} if spoken else {})))

    def e_set_number(self, at: object, n: object) -> Step:
        """``set number h = none`` takes the token away: said so, never "H carries None"."""
        if n is None:
            return Step(f"{self.s.value(at)} loses its number token")
        return Step(self.fill(V.EFFECTS["set_number"], [at, n]))

    def e_lose(self, p: object, n: object, stock: object) -> Step:
        return Step(self.fill(V.EFFECTS["lose"], [p, n, stock]))

    def e_return_played(self, p: object, flag: str) -> Step:
        return Step(self.fill(V.EFFECTS["return_played"], [p, flag], flag=self.s.names.dev_card(flag)))

    def e_share(self, var: str, n: object, set_: object, cond: object, rank: object, body: list,
                other: list, rolling: object = None) -> list[Step]:
        s = self.s
        label = var_name(var)
        who = f"{s.plural_set(set_, var).removeprefix('the ')}{s.relative(var, cond, many=True)}"
        head = self.fill(V.EFFECTS["share"], [var, n], var=who, n=f"{s.value(n)} shares")
        items = [self.block(f"each {label} who receives one", self.steps(body))]
        tie = "if there are too few for one each, they roll off for them (highest roll wins)"
        if rolling is not None:
            tie += "; " + self.rolling(var, rolling)
        items.append(Step(tie))
        if other:
            items.append(self.block(f"each {label} who loses the roll-off", self.steps(other)))
        if rank is not None:
            ranked = s.value(rank).replace(f"{label}'s ", "")
            most = f"the most {ranked[len('the number of '):]}" if ranked.startswith("the number of ") \
                else f"the highest {ranked.removeprefix('the ')}"
            items.append(Step(f"shares left over after one each go to the one of them with {most} "
                              "(the tied roll off)"))
        return [Step(f"{head}:", items)]

    def rolling(self, var: str, rolling: object) -> str:
        s = self.s
        label = var_name(var)
        if is_call(rolling, "if") and isinstance(rolling[2], int) and 1 <= rolling[2] <= 6 and \
                isinstance(rolling[3], int) and not 1 <= rolling[3] <= 6:
            return f"in a roll-off {label} always rolls a {rolling[2]} if {s.cond(rolling[1])}, " \
                   "otherwise a die"
        return f"in a roll-off {label} rolls {s.value(rolling)} when that is 1 to 6, otherwise a die"

    def e_vote(self, var: str, winner: str, set_: object, pay: list, body: list,
               deadlock: list | None) -> list[Step]:
        s = self.s
        option = s.element(set_, var, False)
        cards = " and/or ".join(words(r) for r in pay)
        decider = "" if winner.startswith("#") else \
            f"; {var_name(winner)} is the player whose vote decided"
        items = [Step(f"from the player on, clockwise, each player names {article(option)} and "
                      f"lays out any number of {cards} cards, each card one vote, paid to the bank"),
                 Step(f"{var_name(var)} is the one backed by more than half of the votes; else the "
                      f"single biggest bidder's; else the first voter's{decider}"),
                 self.block("then", self.steps(body), ", ")]
        if deadlock is not None:
            items.append(self.block("in a deadlock instead", self.steps(deadlock), ", "))
        head = self.fill(V.EFFECTS["vote"], [var], var=article(s.element(set_, var)))
        return [Step(f"{head}:", items)]
