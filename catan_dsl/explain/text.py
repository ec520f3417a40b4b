"""Names and numbers → English words: plurals, articles, lists, labels and the numbered steps the
explain text is laid out in."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Sentences longer than this become numbered steps or lists (issue 37: "at most ~40 words").
LIMIT = 40

# Nouns that take no plural "s" in Catan's rule books ("2 brick", "3 gold").
UNCOUNTABLE = {"lumber", "brick", "wool", "grain", "ore", "gold", "sand", "marble", "glass", "fish",
               "wood", "wheat", "clay", "cloth", "paper", "coin", "vp", "mp", "salt", "oil", "silk"}
_IRREGULAR = {"ox": "oxen", "city": "cities", "delivery": "deliveries", "die": "dice"}
_SINGULAR = {v: k for k, v in _IRREGULAR.items()}
_PARTICIPLES = {"brought", "built", "taken", "won", "held"}


def words(name: str) -> str:
    """A declared name as words: ``black_knight`` → ``black knight``."""
    return name.replace("_", " ").strip()


_SMALL = {"of", "the", "and", "a", "an", "in", "on", "for", "to", "if", "or", "at"}


def title(name: str) -> str:
    """A declared name as a title: ``year_of_plenty`` → ``Year of Plenty``."""
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:]
                    for i, w in enumerate(words(name).split()))


def count_words(text: str) -> int:
    return len(text.split())


def plural(noun: str) -> str:
    """``road`` → ``roads``, ``hex`` → ``hexes``, ``city`` → ``cities``; the last word of a phrase
    (``coastal hex`` → ``coastal hexes``); uncountable nouns and plurals stay."""
    parts = noun.split(" ")
    if any(is_plural(w) for w in parts):
        return noun
    # "trip ended at a plaza" → "trips ended at a plaza": the noun before the participle.
    verb = next((i for i, w in enumerate(parts) if i and (w.endswith("ed") or w in _PARTICIPLES)),
                None)
    if verb is not None:
        return " ".join(parts[:verb - 1] + [plural(parts[verb - 1])] + parts[verb:])
    head, _, last = noun.rpartition(" ")
    low = last.lower()
    if not last or low in UNCOUNTABLE:
        return noun
    if low in _IRREGULAR:
        out = _IRREGULAR[low]
    elif low.endswith("s") and not low.endswith(("ss", "us")):
        out = last
    elif low.endswith(("x", "ch", "sh", "ss")):
        out = last + "es"
    elif low.endswith("y") and low[-2:-1] not in "aeiou":
        out = last[:-1] + "ies"
    else:
        out = last + "s"
    return f"{head} {out}" if head else out


def is_plural(word: str) -> bool:
    low = word.lower()
    if low in ("this", "his", "its", "was", "is", "as", "has", "yes", "plus", "minus"):
        return False
    return low in _SINGULAR or (low.endswith("s") and not low.endswith(("ss", "us"))
                                and low not in UNCOUNTABLE and len(low) > 2)


def singular(noun: str) -> str:
    """``prisoners`` → ``prisoner``, ``movement points`` → ``movement point``, ``trips this turn``
    → ``trip this turn`` (the first plural word of the phrase)."""
    parts = noun.split(" ")
    for i, w in enumerate(parts):
        low = w.lower()
        if low in _SINGULAR:
            parts[i] = _SINGULAR[low]
            break
        if low.endswith("ies") and len(low) > 4:
            parts[i] = w[:-3] + "y"
            break
        if low.endswith("s") and not low.endswith(("ss", "us")) and low not in UNCOUNTABLE:
            parts[i] = w[:-2] if low.endswith(("xes", "ches", "shes")) else w[:-1]
            break
    return " ".join(parts)


def counted(n: object, noun: str) -> str:
    """``1 prisoner``, ``2 prisoners``, ``3 gold``: a number and its noun in agreement."""
    if n == 1 or n == "1":
        return f"1 {singular(noun)}"
    return f"{n} {plural(noun)}"


def article(noun: str) -> str:
    """``a road``, ``an oasis``; a noun phrase that already starts with one is kept."""
    if re.match(r"(a|an|the|one|every|each|some|no|any)\b", noun):
        return noun
    return f"an {noun}" if noun.lstrip("“‘")[:1].lower() in "aeiou" else f"a {noun}"


def join(items: list[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """Capitalised and ending in a full stop (a colon that opens a list is kept)."""
    text = cap(text.strip())
    return text if text.endswith((".", ":", "?", "!")) else text + "."


def var_name(name: str) -> str:
    """A rule's variable as the text names it: one letter becomes a capital label (hex ``H``),
    a longer name reads as words; the compiler's hidden names say what they hold. A define's
    variable renamed at its use (``w'3``, compile/defines.py) reads as the name written."""
    name = name.split("'", 1)[0] or name
    if name == "player":
        return "the player"
    if name.startswith("#winner"):
        return "the winner of the vote"
    if name.startswith("#roll"):
        return "the roll"
    return name.upper() if len(name) == 1 else f"‘{words(name)}’"


def tidy(text: str) -> str:
    """Grammar the templates cannot know: "1 road(s)" → "1 road", "the player's" → "their"."""
    text = re.sub(r"\b1 ((?:\w+ ){0,3}\w+)\(s\)", r"1 \1", text)
    text = re.sub(r"\b(\w+)\(s\)", lambda m: plural(m.group(1)), text)
    text = text.replace("the player's", "their")
    text = re.sub(r"\bthe number of (\w+) of the player\b(?!')", r"the number of their \1", text)
    text = re.sub(r"\bthe ((?:\w+ )?\w+s) of the player\b(?!')", r"their \1", text)
    text = re.sub(r"\ba ([“‘]?[aeiouAEIOU])", r"an \1", text)
    text = re.sub(r"\b([a-z]+ [A-Z]) of the player\b(?!')", r"\1 of theirs", text)
    # "some city of the player" → "one of their cities"; "each knight …" → "each of their knights"
    text = re.sub(r"\b(some|each) (\w+) of the player\b(?!')",
                  lambda m: f"{'one' if m.group(1) == 'some' else 'each'} of their {plural(m.group(2))}",
                  text)
    text = re.sub(r"\bthe (first|last) (\w+) of the player\b(?!')", r"their \1 \2", text)
    text = re.sub(r"\ban (one|use|uni)", r"a \1", text)
    # A label that carries its own article ("the village granary") after the template's one.
    text = re.sub(r"\bthe (shared )?the\b", r"the \1", text)
    text = re.sub(r"\bthe shared (?=[A-Z])", "", text)        # a name: "Pollution", not "the …"
    return re.sub(r"\s+", " ", text).strip()


@dataclass
class Step:
    """One line of the explain text: a sentence, and the steps or conditions under it."""

    text: str
    items: list[Step] = field(default_factory=list)
    bullet: str = "step"        # "step": numbered; "cond": a dash (a condition of a list)

    def flat(self) -> bool:
        return not self.items


def _roman(n: int) -> str:
    out = ""
    for value, digits in ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out, n = out + digits, n - value
    return out


def render(steps: list[Step], indent: int = 0, depth: int = 0) -> list[str]:
    """Steps as indented lines: 1. 2. at the first depth, a. b. below, then i. ii., conditions
    with dashes."""
    out: list[str] = []
    n = 0
    for s in steps:
        if s.bullet == "cond":
            mark = "-"
        else:
            n += 1
            mark = [f"{n}.", f"{chr(ord('a') + (n - 1) % 26)}.", f"{_roman(n)}.", f"({n})",
                    f"({chr(ord('a') + (n - 1) % 26)})"][depth % 5]
        out.append(f"{'   ' * indent}{mark} {s.text}")
        out += render(s.items, indent + 1, depth + (s.bullet != "cond" or 0))
    return out
