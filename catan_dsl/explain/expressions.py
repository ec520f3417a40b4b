"""IR expressions → English noun phrases and clauses, through the vocabulary's templates
(``core/vocab.py`` ``describe``) and a few idioms for the numbers a player would not say."""

from __future__ import annotations

import re

from catan_dsl.core import vocab as V
from catan_dsl.explain.idioms import (
    AMOUNTS,
    SENTINEL,
    ZERO,
    counted_amount,
    merge_or,
    negate_clause,
    plural_verb,
    quantity,
)
from catan_dsl.explain.names import Names
from catan_dsl.explain.text import article, join, plural, singular, tidy, var_name, words

_CMP = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
        ">=": "is at least"}
_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
_NOT = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_ARITH = {"+": "plus", "-": "minus", "*": "times"}
def is_call(e: object, *heads: str) -> bool:
    return isinstance(e, list) and bool(e) and isinstance(e[0], str) and (not heads or e[0] in heads)


def uses(node: object, var: str) -> bool:
    """Whether an IR subtree reads the variable."""
    if isinstance(node, list):
        if node[:1] == ["var"] and node[1:2] == [var]:
            return True
        return any(uses(x, var) for x in node)
    if isinstance(node, dict):
        return any(uses(x, var) for x in node.values())
    return False


def and_parts(e: object) -> list:
    if is_call(e, "and"):
        return and_parts(e[1]) + and_parts(e[2])
    return [e]


def or_parts(e: object) -> list:
    if is_call(e, "or"):
        return or_parts(e[1]) + or_parts(e[2])
    return [e]


def plus_terms(e: object) -> list:
    """The terms of a sum: ``a + b + c`` → [a, b, c]."""
    if is_call(e, "+"):
        return plus_terms(e[1]) + plus_terms(e[2])
    return [e]



class Speaker:
    """Speaks the expressions of one IR: names from its declarations, variables as labels."""

    def __init__(self, ir: dict) -> None:
        self.ir = ir
        self.names = Names(ir)
        self.dice: dict[str, str] = {}        # a roll's variable → its die ("the colour die")
        self.flags: dict[str, tuple[str, str]] = {}   # a trigger's bool variable → (yes, no)

    # --- arguments and templates ---------------------------------------------------------
    def arg(self, ptype: str, a: object) -> str:
        """One argument of a template, spoken for its parameter type."""
        if isinstance(a, str) and ptype.startswith("name:"):
            kinds = ptype.split("|")
            if "name:card" in kinds and a in self.names.dev_cards or ptype == "name:card":
                return self.names.dev_card(a)
            if "name:item" in kinds and a in self.names.items:
                return self.names.item(a, article=True)
            return self.names.label(a)
        if ptype == "stock":
            return plural(self.names.stock(a if not isinstance(a, str) else {"counter": a}))
        if ptype.startswith("set:") or ptype == "set":
            return self.plural_set(a)
        return self.value(a, nested=True)

    def call(self, template: str, entry: V.Entry, args: list, **extra: str) -> str:
        vals = {p.name: self.arg(p.type, a) for p, a in zip(entry.params, args)}
        return tidy(template.format(**{**{p.name: "" for p in entry.params}, **vals, **extra}))

    def element(self, set_: object, var: str, keep: bool = True) -> str:
        """One element of a set, named: ``hex H touching E`` (``keep=False``: ``hex touching E``)."""
        label = var_name(var) if keep else "\x00"
        fn = V.FUNCTIONS.get(set_[0]) if is_call(set_) else None
        if fn is None or "{var}" not in fn.describe:
            return f"{label} among {self.value(set_)}".replace("\x00 among ", "one of ")
        text = self.call(fn.describe, fn, set_[1:], var=label)
        return re.sub(r"\s*\x00", "", text).rstrip(",")

    def plural_set(self, set_: object, var: str | None = None) -> str:
        """A whole set: ``the paths touching E`` (with ``var``: ``paths E touching V``)."""
        fn = V.FUNCTIONS.get(set_[0]) if is_call(set_) else None
        if fn is None or "{var}" not in fn.describe:
            return self.value(set_)
        text = self.call(fn.describe, fn, set_[1:], var="\x00")
        before, _, after = text.partition("\x00")
        head, _, noun = before.rstrip().rpartition(" ")
        noun = plural(noun)
        label = f" {var_name(var)}" if var else ""
        out = f"{head} {noun}{label}{after}" if head else f"{noun}{label}{after}"
        out = re.sub(r"\s+", " ", out).strip().rstrip(",")
        return out if var else f"the {out}"

    # --- values ------------------------------------------------------------------------
    def value(self, e: object, nested: bool = False) -> str:
        """A noun phrase for a value."""
        if isinstance(e, bool):
            return "true" if e else "false"
        if isinstance(e, int):
            return str(e) if e >= 0 else f"minus {-e}"
        if isinstance(e, str):
            return self.names.label(e)
        if isinstance(e, dict):
            return self.names.stock(e)
        if not is_call(e):
            return str(e)
        head, a = e[0], e[1:]
        if head == "var":
            if a[0] in self.dice:
                return f"what {self.dice[a[0]]} shows"
            return var_name(a[0])
        if head == "-" and a[0] == 0:
            return f"minus {self.value(a[1], True)}"
        if head in _ARITH:
            left = self.value(a[0], not is_call(a[0], head) or head == "-")
            text = f"{left} {_ARITH[head]} {self.value(a[1], True)}"
            return f"({text})" if nested else text
        if head == "/":
            whole = self.value(a[0], True)
            text = (f"half of {whole}, rounded down" if a[1] == 2 else
                    f"{whole} divided by {self.value(a[1], True)}, rounded down")
            return f"({text})" if nested else text
        if head == "if":
            text = f"{self.value(a[1], True)} if {self.cond(a[0])}, else {self.value(a[2], True)}"
            return f"({text})" if nested else text
        if head in V.COMPREHENSIONS:
            return self.comprehension(head, a)
        if head in _CMP or head in ("and", "or", "not", "in"):
            return self.cond(e)
        fn = V.FUNCTIONS.get(head)
        if fn is None:
            return words(head)
        if "{var}" in fn.describe:
            return self.plural_set(e)
        return self.call(fn.describe, fn, a)

    def comprehension(self, head: str, a: list) -> str:
        var, set_ = a[0], a[1]
        if head in ("any", "all"):
            return self.quantified(head, var, set_, a[2])
        # max/min carry a filter only in sum's shape: [var, set, cond, value].
        cond = a[2] if head in ("count", "first", "sum") or len(a) == 4 else True
        if head == "count":
            if is_call(cond, "occupied") and cond[1] == ["var", var] and isinstance(cond[2], str):
                return f"the number of {plural(self.names.label(cond[2]))} on {self.plural_set(set_)}"
            if is_call(cond, "==") and is_call(cond[1], "unit_owner") and cond[1][1] == ["var", var] \
                    and not uses(cond[2], var):
                return (f"the number of {self.value(cond[2])}'s {plural(self.names.label(cond[1][2]))} "
                        f"on {self.plural_set(set_)}")
            keep = uses(cond, var)
            rel = self.relative(var, cond, many=True)
            keep = keep and not rel.startswith(" that ")
            return f"the number of {self.plural_set(set_, var if keep else None).removeprefix('the ')}" \
                   f"{rel}"
        if head == "first":
            if set_ == ["hexes"] and is_call(cond, "==") and is_call(cond[1], "terrain") \
                    and cond[1][1] == ["var", var] and isinstance(cond[2], str):
                return f"the {words(cond[2])} hex"
            return f"the first {self.element(set_, var, uses(cond, var))}{self.relative(var, cond)}"
        value = a[-1]
        label = var_name(var)
        spoken = self.value(value)
        if head == "sum":
            return f"the sum, over every {self.element(set_, var)}{self.relative(var, cond)}, of {spoken}"
        most = "highest" if head == "max" else "lowest"
        among = self.plural_set(set_)
        if spoken.startswith(f"{label}'s ") and not uses(cond, var):
            return f"the {most} {spoken[len(label) + 3:]} among {among}"
        direct = is_call(value) and ["var", var] in value[1:] and \
            not any(uses(x, var) for x in value[1:] if x != ["var", var])
        if direct and cond is True and len(re.findall(rf"\b{re.escape(label)}\b", spoken)) == 1:
            anyone = f"any {self.element(set_, var, False)}"
            return f"the {most} " + re.sub(rf"\b{re.escape(label)}\b", anyone,
                                            spoken.removeprefix("the "))
        return f"the {most} {spoken.removeprefix('the ')}, for any {self.element(set_, var)}" \
               f"{self.relative(var, cond)}"

    def relative(self, var: str, cond: object, many: bool = False) -> str:
        """A filter as a relative clause: `` that is on the coast and holds no barbarians``
        (``many``: for a plural noun, `` that are on the coast``)."""
        if cond is True:
            return ""
        label = var_name(var)
        texts = [self.cond(p) for p in and_parts(cond)]
        if all(t.startswith(label + " ") for t in texts) and not any(" or " in t for t in texts):
            preds = [t[len(label) + 1:] for t in texts]
            return " that " + join([plural_verb(p) if many else p for p in preds])
        return f" where {self.cond(cond)}"

    # --- conditions --------------------------------------------------------------------
    def cond(self, e: object) -> str:
        """A clause that is true or false."""
        if e is True:
            return "always"
        if e is False:
            return "never"
        if not is_call(e):
            return self.value(e)
        head, a = e[0], e[1:]
        if head == "and":
            return " and ".join(self.grouped(p, "or") for p in and_parts(e))
        if head == "or":
            return merge_or([self.grouped(p, "and") for p in or_parts(e)])
        if head == "not":
            return self.negate(a[0])
        if head == "var" and a[0] in self.flags:
            return self.flags[a[0]][0]
        if head in _CMP:
            return self.compare(head, a[0], a[1])
        if head == "in" and is_call(a[0], "owner"):
            return f"the piece on {self.value(a[0][1])} belongs to one of {self.plural_set(a[1])}"
        if head == "in" and is_call(a[1], "edges_of", "hexes_of"):     # "E touches the hex …"
            return f"{self.value(a[0])} touches {self.value(a[1][1])}"
        if head == "in":
            return f"{self.value(a[0])} is one of {self.plural_set(a[1])}"
        if head in ("any", "all"):
            return self.quantified(head, a[0], a[1], a[2])
        return self.value(e)

    def grouped(self, e: object, other: str) -> str:
        text = self.cond(e)
        return f"({text})" if is_call(e, other) else text

    def negate(self, e: object) -> str:
        if is_call(e, "not"):
            return self.cond(e[1])
        if is_call(e, "var") and e[1] in self.flags:
            return self.flags[e[1]][1]
        if is_call(e, "and"):
            return " or ".join(self.grouped(["not", p], "and") for p in and_parts(e))
        if is_call(e, "or"):
            return " and ".join(self.grouped(["not", p], "or") for p in or_parts(e))
        if is_call(e, *_NOT):
            return self.compare(_NOT[e[0]], e[1], e[2])
        if is_call(e, "any", "all"):
            return self.quantified(e[0], e[1], e[2], e[3], negative=True)
        if is_call(e, "real"):
            return f"{self.value(e[1])} is a neutral player"
        return negate_clause(self.cond(e))

    def compare(self, op: str, a: object, b: object) -> str:
        if isinstance(a, int) and not isinstance(b, int):
            a, b, op = b, a, _FLIP[op]
        if is_call(a, *SENTINEL) and b in (-1, 0) and not isinstance(b, bool):
            none = (op, b) in (("<", 0), ("==", -1), ("<=", -1))
            some = (op, b) in ((">=", 0), ("!=", -1), (">", -1))
            if none or some:
                return self.call(SENTINEL[a[0]][0 if none else 1], V.FUNCTIONS[a[0]], a[1:])
        if is_call(a, "produces") and b in (-1, -2) and op in ("==", "!="):
            # The resource words a rule compares with: nothing (-1) and choice (-2).
            what = "nothing" if b == -1 else "a resource of its owner's choice"
            if op == "!=" and b == -1:
                return f"{self.value(a[1])} produces something"
            return f"{self.value(a[1])} produces {'' if op == '==' else 'other than '}{what}"
        if is_call(a, *ZERO) and b == 0 and op in (">", "!=", "==", "<="):
            return self.call(ZERO[a[0]][op in (">", "!=")], V.FUNCTIONS[a[0]], a[1:])
        if is_call(a, "var") and a[1] in self.dice:
            return self.die_compare(op, a[1], b)
        if isinstance(b, int) and not isinstance(b, bool):
            spoken = self.amount_clause(op, a, b)
            if spoken:
                return spoken
        if isinstance(b, str) and op in ("==", "!="):
            neg = " not" if op == "!=" else ""
            if is_call(a, "terrain"):
                return f"{self.value(a[1])} is{neg} {article(words(b))} hex"
            if is_call(a, "piece"):
                return f"{self.value(a[1])} {'holds' if not neg else 'does not hold'} " \
                       f"{article(self.names.label(b))}"
            return f"{self.value(a)} is{neg} {article(self.names.label(b))}"
        if op == "==" and is_call(b, "unit_owner", "owner") and not is_call(a, "unit_owner", "owner"):
            a, b = b, a
        if op == "==" and is_call(a, "unit_owner"):
            return f"{self.value(b)} has {article(self.names.label(a[2]))} on {self.value(a[1])}"
        if op == "==" and is_call(a, "owner"):
            return f"{self.value(b)} owns the piece on {self.value(a[1])}"
        if op == "==" and is_call(a, "harbor_ratio") and isinstance(b, int) and b > 0:
            return f"{self.value(a[1])} is on a {b}:1 harbor"
        best = self.against_best(op, a, b)
        if best:
            return best
        if is_call(a) and is_call(b) and a[0] == b[0] and AMOUNTS.get(a[0], ("",))[0] == "{p} has {n}" \
                and a[2:] == b[2:]:
            noun = self.call(AMOUNTS[a[0]][1], V.FUNCTIONS[a[0]], a[1:])
            than = {">=": "at least as many {} as", ">": "more {} than", "<": "fewer {} than",
                    "<=": "at most as many {} as", "==": "as many {} as", "!=": "not as many {} as"}
            return f"{self.value(a[1])} has {than[op].format(plural(noun))} {self.value(b[1])}"
        left = self.value(a)
        verb = _CMP[op]
        if re.search(r"[a-z]s$", left) and not left.endswith("ss"):
            verb = verb.replace("is", "are", 1)
        return f"{left} {verb} {self.value(b)}"

    def against_best(self, op: str, a: object, b: object) -> str | None:
        """``vp(player) > max(q in opponents(player): vp(q))`` → "the player has more VP than any
        of their opponents"; ``== max(…)`` → "… has the most VP of all the players"."""
        if not (is_call(b, "max") and len(b) == 4 and op in (">", "==")):
            return None
        var, set_, value = b[1], b[2], b[3]
        among = self.plural_set(set_)
        more = "more {} than any of " + among if op == ">" else "the most {} of all " + among
        if is_call(a, "count") and a[3] is True and is_call(a[2], "pieces", "units") and \
                is_call(value, "count") and value[3] is True and is_call(value[2], a[2][0]) and \
                value[2][1] == ["var", var] and value[2][2:] == a[2][2:]:
            things = plural(self.names.label(a[2][2]))
            return f"{self.value(a[2][1])} has {more.format(things + ' on the board')}"
        if not (is_call(a, *AMOUNTS) and is_call(value, a[0]) and value[1] == ["var", var]
                and value[2:] == a[2:]):
            return None
        clause, noun = AMOUNTS[a[0]]
        fn = V.FUNCTIONS[a[0]]
        things = plural(self.call(noun, fn, a[1:]))
        return self.call(clause, fn, a[1:], n=more.format(things))

    def die_compare(self, op: str, var: str, b: object) -> str:
        die = self.dice[var]
        shown = self.value(b)
        if isinstance(b, str):
            return f"{die} {'shows' if op == '==' else 'does not show'} {shown}"
        words_ = {">=": f"{shown} or more", ">": f"more than {shown}", "<=": f"{shown} or less",
                  "<": f"less than {shown}", "==": shown, "!=": f"anything but {shown}"}
        return f"{die} shows {words_[op]}"

    def amount_clause(self, op: str, a: object, b: int) -> str | None:
        q = quantity(op, b)
        if q is None:
            return None
        amount, n = q
        terms = plus_terms(a)
        if len(terms) > 1 and b == 0 and op in ("==", ">", "!=") and \
                all(is_call(t, "count_of") and t[1] == terms[0][1] for t in terms):
            stocks = join([self.names.label(t[2]) for t in terms], "or")
            return f"{self.value(terms[0][1])} has {'no' if op == '==' else 'some'} {stocks}"
        if is_call(a, *AMOUNTS) and AMOUNTS[a[0]][1]:
            clause, noun = AMOUNTS[a[0]]
            fn = V.FUNCTIONS[a[0]]
            noun_text = self.call(noun, fn, a[1:])
            return self.call(clause, fn, a[1:], n=counted_amount(amount, n, noun_text))
        if is_call(a, "count"):
            var, set_, cond = a[1], a[2], a[3]
            if is_call(set_, "pieces", "units") and cond is True:
                fn = V.FUNCTIONS[set_[0]]
                noun = self.arg(fn.params[1].type, set_[2])
                return f"{self.value(set_[1])} has {counted_amount(amount, n, noun)} on the board"
            if is_call(cond, "occupied") and cond[1] == ["var", var] and isinstance(cond[2], str):
                kind = self.names.label(cond[2])
                stand = "stands" if n == 1 else "stand"
                return f"{counted_amount(amount, n, kind)} {stand} on {self.plural_set(set_)}"
            keep = uses(cond, var)
            things = self.plural_set(set_, var if keep else None).removeprefix("the ")
            noun, _, rest = things.partition(" ")
            be = "is" if n == 1 else "are"
            return tidy(f"there {be} {amount} {noun if n != 1 else singular(noun)} {rest}"
                        f"{self.relative(var, cond)}")
        return None

    def quantified(self, head: str, var: str, set_: object, cond: object,
                   negative: bool = False) -> str:
        """``some hex touching E holds at least 3 barbarians``, ``no road of theirs is marked``."""
        label = var_name(var)
        texts = [self.cond(p) for p in and_parts(cond)] if cond is not True else []
        if texts and all(t.startswith(label + " ") for t in texts) and \
                (len(texts) == 1 or not any(" or " in t for t in texts)):
            preds = [t[len(label) + 1:] for t in texts]
            keep = any(re.search(rf"\b{re.escape(label)}\b", p) for p in preds)
            elem = self.element(set_, var, keep)
            word = {("any", False): "some", ("any", True): "no", ("all", False): "every",
                    ("all", True): "not every"}[(head, negative)]
            return f"{word} {elem} {join(preds)}"
        whole = self.cond(cond) if cond is not True else ""
        word = {("any", False): "some", ("any", True): "no", ("all", False): "every",
                ("all", True): "not every"}[(head, negative)]
        if whole and len(re.findall(rf"\b{re.escape(label)}\b", whole)) == 1 \
                and not whole.startswith(label + " ") and head == "any":
            return re.sub(rf"\b{re.escape(label)}\b", f"{word} {self.element(set_, var, False)}", whole)
        if head == "any" and not negative and len(texts) > 1 and texts[0].startswith(label + " "):
            return f"some {self.element(set_, var)} {texts[0][len(label) + 1:]} and " \
                   f"{' and '.join(texts[1:])}"
        elem = self.element(set_, var, cond is not True)
        if head == "any":
            where = "" if cond is True else f" where {whole}"
            return f"there is {'no' if negative else article(elem).split(' ')[0]} {elem}{where}"
        return f"{'not ' if negative else ''}for every {elem}, {self.cond(cond)}"
