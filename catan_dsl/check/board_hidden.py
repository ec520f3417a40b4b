"""A board's hidden pools (``pool NAME hidden at q,r ... { TILES } tokens { N ... }``) → the
face-down hexes, each pool's tiles and tokens, and their diagnostics (a part of check/board.py)."""

from __future__ import annotations

from typing import Callable

from catan_dsl.core import geometry as g
from catan_dsl.core.source import Span
from catan_dsl.core.topology import WATER
from catan_dsl.syntax import ast as A


class HiddenPools:
    """Mixed into the board checker: uses its ``info``, ``c``, ``r``, ``items``, ``land_hex``
    and ``takes_token``."""

    def water(self, name: str) -> bool:
        """``sea`` in a pool is water unless the scenario declares a terrain of that name."""
        return name == WATER and name not in self.c.terrains  # type: ignore[attr-defined]

    def hidden(self, claim: Callable[[g.Hex, Span], bool]) -> None:
        """Face-down hexes: claimed like a pool's slots, filled by nothing until revealed."""
        info, c, r = self.info, self.c, self.r  # type: ignore[attr-defined]
        for stray in self.items(A.PoolTokens):  # type: ignore[attr-defined]
            r.error("E206", stray.span, message="'tokens { ... }' belongs to a hidden pool",
                    hint="write it right after 'pool NAME hidden at q,r ... { ... }', or list "
                         "the board's tokens as 'tokens 2 3 4 ...'")
        seen: dict[str, A.Pool] = {}
        for p in self.items(A.Pool):  # type: ignore[attr-defined]
            if not p.hidden:
                continue
            if p.name.value in seen:
                r.error("E205", p.name.span, what="pool", name=p.name.value,
                        notes=(("first defined here", seen[p.name.value].name.span),))
                continue
            seen[p.name.value] = p
            if not isinstance(p.slots, A.PoolAt):
                r.error("E206", p.span, message=f"hidden pool {p.name.value} does not say which "
                        "hexes start face down",
                        hint=f"write 'pool {p.name.value} hidden at q,r q,r ...'")
                continue
            slots = [cd.hex for cd in p.slots.coords if self.land_hex(cd) and claim(cd.hex, cd.span)]  # type: ignore[attr-defined]
            tiles: dict[str, int] = {}
            for a in p.tiles:
                name = a.name.value
                if not self.water(name):
                    info.used_terrains.add(name)
                    if not c.ref(a.name, list(c.terrains) + [WATER], "E202"):
                        continue
                if c.num(a.n, "a pool count"):
                    tiles[name] = tiles.get(name, 0) + a.n.value
            total = sum(tiles.values())
            if total < len(slots):
                r.error("E305", p.span, name=p.name.value, tiles=total, slots=len(slots),
                        hint="a hidden pool needs a tile for each of its hexes (more stay in "
                             "the box)")
            tokens = [n.value for n in p.tokens or ()]
            for n in p.tokens or ():
                c.token_number(n)
            bearing = sum(k for t, k in tiles.items() if not self.water(t) and self.takes_token(t))  # type: ignore[attr-defined]
            need = min(bearing, len(slots))
            if len(tokens) < need:
                r.error("E306", p.tokens[0].span if p.tokens else p.span, tokens=len(tokens),
                        hexes=need, hint=f"the revealed hexes of pool {p.name.value} may need "
                        f"{need} tokens: add 'tokens {{ ... }}' after it")
            for h in slots:
                info.hidden_of[h] = p.name.value
                info.terrain[h] = None
                info.numbers[h] = []
            slots.sort(key=g.sort_key_hex)
            info.hidden_pools.append((p.name.value, slots, tiles, tokens))
