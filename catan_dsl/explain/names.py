"""A compiled IR's declared names (counters, markers, units, deck items, cards, special cards) →
the words a player knows them by."""

from __future__ import annotations

from catan_dsl.explain.text import plural, title, words


class Names:
    """Looks a bare name of an IR expression up among the IR's declarations."""

    def __init__(self, ir: dict) -> None:
        self.ir = ir
        self.items = {i: (d, name) for name, d in (ir.get("decks") or {}).items()
                      for i in d["items"]}
        self.dev_cards = (ir.get("development") or {}).get("cards") or {}

    def label(self, name: str) -> str:
        """A counter, marker, unit or chain by its label; any other name as words."""
        for table in ("counters", "markers", "units", "chains"):
            d = (self.ir.get(table) or {}).get(name)
            if d is not None:
                return d.get("label") or words(name)
        if name in (self.ir.get("special_cards") or {}) or name in self.dev_cards:
            return title(name)
        if name in self.items:
            return self.item(name)
        return words(name)

    def stock(self, s: object) -> str:
        """A STOCK ({"counter": "gold"}, {"choice": "resource"}, …) as a noun (without number)."""
        if isinstance(s, dict):
            k, v = next(iter(s.items()))
            if k == "choice":
                return "resource card of their choice" if v == "resource" else "resource card they choose"
            if k == "random":
                return "random resource card"
            if k == "expr":
                return "resource card worked out in play"
            return self.label(v) if isinstance(v, str) else "resource card"
        return self.label(s) if isinstance(s, str) else "resource card"

    def item(self, name: str, article: bool = False) -> str:
        """A deck item: ``Knighthood`` (a card), ``the Old Boot`` (a single token)."""
        deck, _ = self.items.get(name, ({}, ""))
        n = deck.get("items", {}).get(name, {}).get("count", 2)
        t = title(name)
        if not article:
            return t
        kind = "token" if deck.get("kind") == "tokens" else "card"
        return f"the {t}" if n == 1 else f"a {t} {kind}"

    def deck(self, name: str) -> str:
        d = (self.ir.get("decks") or {}).get(name) or {}
        return f"the {words(name)} {'supply' if d.get('kind') == 'tokens' else 'deck'}"

    def deck_noun(self, name: str) -> str:
        d = (self.ir.get("decks") or {}).get(name) or {}
        return "token" if d.get("kind") == "tokens" else "card"

    def dev_card(self, name: str) -> str:
        """A development card or flag: ``Knight``; a flag names its cards (``army`` → Knight)."""
        if name in self.dev_cards:
            return title(name)
        flagged = [title(c) for c, d in self.dev_cards.items() if d.get(name)]
        return " or ".join(flagged) if flagged else title(name)

    def feature(self, name: str) -> str:
        return words(name)

    def unit_on(self, name: str) -> str:
        """Where a unit or piece stands: ``path`` or ``intersection``."""
        u = (self.ir.get("units") or {}).get(name) or (self.ir.get("pieces") or {}).get(name) or {}
        return "intersection" if u.get("on") == "vertex" else "path"

    def marker(self, name: str, n: object = 2) -> str:
        lab = self.label(name)
        return lab if n == 1 else plural(lab)

    def die(self, name: str) -> str:
        d = (self.ir.get("dice") or {}).get(name)
        return d["label"] if d and d.get("label") else f"{words(name)} die"
