"""A board's number-token statements (spiral, random with set-aside tokens and groups, fixed)
→ the IR's ``numbers`` spec, with their diagnostics (a part of check/board.py's checker)."""

from __future__ import annotations

from catan_dsl.core import geometry as g
from catan_dsl.syntax import ast as A


class NumberChecks:
    """Mixed into the board checker: uses its ``info``, ``c``, ``r``, ``b``, ``coast``,
    ``tile_span``, ``one`` and ``terrain_prop``."""

    def token_bearing(self) -> int:
        n = sum(1 for h, t in self.info.terrain.items() if t is not None and self.takes_token(t))
        for _, _, tiles in self.info.pools:
            n += sum(k for t, k in tiles.items() if self.takes_token(t))
        return n

    def aside(self, aside, letters: str, tokens: list[int]) -> list[dict]:
        """``aside L joins N`` → IR entries; the letter must exist and N be another token's number."""
        out = []
        for letter, joins in aside:
            self.c.token_number(joins)
            if letter.value not in letters or len(letter.value) != 1:
                self.r.error("E206", letter.span,
                             message=f"there is no token {letter.value} to set aside",
                             hint=f"the tokens are lettered {letters[:1]}..{letters[-1:]}")
                continue
            rest = [n for k, n in enumerate(tokens) if letters[k:k + 1] not in {a.value for a, _ in aside}]
            if joins.value not in rest:
                self.r.error("E206", joins.span,
                             message=f"no token {joins.value} stays on the board for {letter.value} to join",
                             hint="name the number of a token the spiral lays")
                continue
            out.append({"letter": letter.value, "joins": joins.value})
        return out

    def hex_group_hexes(self, name) -> list[g.Hex] | None:
        """The land hexes of the board's ``hexes NAME { ... }`` set (None: no such set, E407)."""
        sets = [fs for fs in self.items(A.FeatureSet) if fs.kind == "hexes"
                and fs.name.value == name.value]
        if not sets:
            known = [fs.name.value for fs in self.items(A.FeatureSet) if fs.kind == "hexes"]
            self.c.ref(name, known, "E407", what="hex set")
            return None
        return [cd.hex for cd in sets[0].refs if isinstance(cd, A.Coord) and cd.hex in self.land_set]

    def hex_groups(self, groups) -> tuple[list[dict], set[g.Hex], int]:
        """Check ``on hexes NAME { tokens }`` groups → IR entries (hexes as coordinates), the
        hexes they take, and the token-bearing hexes they cover (-1 after an error)."""
        out, taken, covered = [], set(), 0
        for name, nums in groups:
            for n in nums:
                self.c.token_number(n)
            hexes = self.hex_group_hexes(name)
            if hexes is None:
                covered = -1
                continue
            overlap = [h for h in hexes if h in taken]
            if overlap:
                self.r.error("E206", name.span, message=f"hex {g.fmt_hex(overlap[0])} is in two "
                             "number groups", hint="give each hex set its own hexes")
                covered = -1
                continue
            taken.update(hexes)
            need = self.bearing_in(hexes)
            covered += need if covered >= 0 else 0
            if len(nums) < need:
                self.r.error("E306", name.span, tokens=len(nums), hexes=need,
                             hint=f"the hexes of {name.value} need at least {need} tokens")
            out.append({"on": "hexes", "name": name.value, "at": [list(h) for h in hexes],
                        "tokens": [n.value for n in nums]})
        return out, taken, covered

    def group_tokens(self, groups, exclude: set = frozenset()) -> int:  # type: ignore[assignment]
        """Check ``on coast|inner { tokens }`` groups; the token-bearing hexes they cover (-1
        after a group word was wrong). Hexes of ``exclude`` (a hex set's group) count for none.

        A group may list more tokens than its hexes take (the rest stay in the box, chosen at
        random) but not fewer: E306 says how many its hexes need."""
        covered, seen, bad = 0, set(), False
        for where, nums in groups:
            for n in nums:
                self.c.token_number(n)
            if not self.c.word(where, ("coast", "inner"), "number group"):
                bad = True
                continue
            if where.value in seen:
                continue
            seen.add(where.value)
            want_coast = where.value == "coast"
            hexes = [h for h in self.info.land if (h in self.coast) == want_coast and h not in exclude]
            need = self.bearing_in(hexes)
            covered += need
            if len(nums) < need:
                self.r.error("E306", where.span, tokens=len(nums), hexes=need,
                             hint=f"the {where.value} group needs at least {need} tokens")
        return -1 if bad else covered

    def random_pins(self, pins, tokens: list[int], groups, aside, by_set: list = ()) -> list[dict]:  # type: ignore[assignment]
        """``pin N at Q,R`` of a random deal → IR entries (the hex as a coordinate; the compiler
        gives its id): the hex must always take a token, and N be a token of the list that
        covers it (its hex set's group's, its coast or inner group's, else the board's) not
        pinned or set aside already."""
        in_set = {tuple(h): list(grp["tokens"]) for grp in by_set for h in grp["at"]}
        for grp in by_set:                   # one list per set, shared by its hexes
            shared = in_set[tuple(grp["at"][0])] if grp["at"] else []
            for h in grp["at"]:
                in_set[tuple(h)] = shared
        lists: dict[str, list[int]] = {w.value: [n.value for n in ns] for w, ns in reversed(groups)}
        lists[""] = list(tokens)
        for number, _ in aside:
            if number.value in lists[""]:
                lists[""].remove(number.value)
        out, seen = [], set()
        for number, at in pins:
            self.c.token_number(number)
            if not 2 <= number.value <= 12 or number.value == 7 or not self.land_hex(at):
                continue                          # said above, or by land_hex
            where = ("coast" if at.hex in self.coast else "inner")
            left = in_set[at.hex] if at.hex in in_set else lists.get(where, lists[""])
            if at.hex in seen or not self.always_bears_token(at.hex):
                self.r.error("E206", at.span,
                             message=f"hex {at} is pinned twice" if at.hex in seen else
                             f"hex {at} does not always take a number token",
                             hint="pin one number on a hex whose terrain always takes a token")
            elif number.value not in left:
                self.r.error("E206", number.span,
                             message=f"there is no {number.value} token left to pin at {at}",
                             hint="pin a number of the tokens that cover that hex"
                                  + (f" (the {where} group)" if where in lists else ""))
            else:
                left.remove(number.value)
                out.append({"at": [at.q, at.r], "number": number.value})
            seen.add(at.hex)
        return out

    def always_bears_token(self, h: g.Hex) -> bool:
        """Whether hex ``h`` takes a number token whatever its pool deals it."""
        if self.info.terrain.get(h) is not None:
            return self.bears_token(h)
        pool = self.info.pool_of.get(h)
        tiles = next((tl for name, _, tl in self.info.pools if name == pool), {})
        return bool(tiles) and all(self.takes_token(t) for t in tiles)

    def bears_token(self, h: g.Hex) -> bool:
        """Whether hex ``h`` takes a number token (a pool slot counts when any of the pool's
        tiles takes one)."""
        t = self.info.terrain.get(h)
        if t is not None:
            return self.takes_token(t)
        pool = self.info.pool_of.get(h)
        tiles = next((tl for name, _, tl in self.info.pools if name == pool), {})
        return any(self.takes_token(t) for t in tiles) if tiles else False

    def bearing_in(self, hexes) -> int:
        """How many of ``hexes`` take a number token: a fixed tile that takes one; of a pool's
        slots among them, as many as its token-taking tiles when all its slots are there (a
        desert in the pool takes none), else each slot that may get such a tile."""
        n, slots_here = 0, {}
        for h in hexes:
            t = self.info.terrain.get(h)
            pool = self.info.pool_of.get(h) if t is None else None
            if pool is not None:
                slots_here[pool] = slots_here.get(pool, 0) + 1
            elif self.bears_token(h):
                n += 1
        for name, k in slots_here.items():
            tiles = next((tl for pn, _, tl in self.info.pools if pn == name), {})
            taking = sum(c for t, c in tiles.items() if self.takes_token(t))
            every = sum(1 for pn in self.info.pool_of.values() if pn == name)
            n += min(k, taking) if k == every else (k if taking else 0)
        return n

    def random_aside(self, aside, tokens: list[int]) -> list[dict]:
        """``aside N joins M`` of a random deal → IR entries: each N must be a token of the list,
        and each M a number dealt to a hex, with one such hex per aside token that joins it."""
        out, rest = [], list(tokens)
        for number, joins in aside:
            self.c.token_number(number)
            self.c.token_number(joins)
            if number.value not in rest:
                self.r.error("E206", number.span,
                             message=f"there is no {number.value} token left to set aside",
                             hint="set aside numbers of the board's token list, each token once")
                continue
            rest.remove(number.value)
            out.append({"number": number.value, "joins": joins.value})
        for entry in out:
            wanted = sum(1 for e in out if e["joins"] == entry["joins"])
            if rest.count(entry["joins"]) < wanted:
                span = next(j.span for n, j in aside if j.value == entry["joins"])
                self.r.error("E206", span,
                             message=f"{wanted} token(s) join a {entry['joins']}, but only "
                                     f"{rest.count(entry['joins'])} {entry['joins']} token(s) "
                                     "are dealt to hexes",
                             hint="each set-aside token joins its own hex")
                return []
        return out

    def numbers(self) -> None:
        info, c = self.info, self.c
        spec = self.one(A.NumbersSpiral, A.NumbersRandom, A.NumbersFixed)
        tok = self.one(A.Tokens) or self.c.m.get("tokens")
        tokens = [n.value for n in tok.values] if isinstance(tok, A.Tokens) else []
        if isinstance(tok, A.Tokens) and tok in self.b.items:
            for n in tok.values:
                c.token_number(n)
        if isinstance(spec, (A.NumbersSpiral, A.NumbersRandom)):
            fixed_nums = [(h, ns) for h, ns in info.numbers.items() if ns]
            for h, _ in fixed_nums[:1]:
                self.r.error("E206", self.tile_span[h],
                             message="this tile has a number, but the board lays numbers itself",
                             hint="drop the numbers from tiles, or use 'numbers fixed'")
            bearing = self.token_bearing()
            # Tokens set aside (numbers spiral ... aside B joins 12) take no hex of their own.
            aside = spec.aside
            groups = spec.groups if isinstance(spec, A.NumbersRandom) else ()
            by_set = spec.hex_groups if isinstance(spec, A.NumbersRandom) else ()
            set_groups, in_sets, set_covered = self.hex_groups(by_set) if by_set else ([], set(), 0)
            covered = self.group_tokens(groups, in_sets) if groups else 0
            # The hexes no group covers take the board's tokens. A group counts every slot of
            # a pool with a token-taking tile while the tiles count each such tile once, so with
            # a desert in a group's pool the difference goes below 0: none are left over.
            bearing = max(0, bearing - max(covered, 0) - max(set_covered, 0))
            # A group with a wrong word (-1) was reported; no count error follows from it.
            if len(tokens) - len(aside) != bearing and not ((groups or by_set) and bearing == 0) \
                    and covered >= 0 and set_covered >= 0:
                self.r.error("E306", spec.span, tokens=len(tokens), hexes=bearing,
                             hint=f"the {bearing} token-bearing hexes no number group covers "
                                  "take the board's 'tokens ...' (or the scenario's)"
                             if groups or by_set else
                             "the token list is 'tokens ...' in the scenario or the board")
            if isinstance(spec, A.NumbersSpiral):
                start: object = "random"
                if spec.start is not None:
                    if spec.start.value > 5:
                        self.r.error("E206", spec.start.span,
                                     message=f"corner {spec.start.value} does not exist",
                                     hint="corners are numbered 0..5 (E, NE, NW, W, SW, SE)")
                    start = spec.start.value
                letters = "".join(chr(ord("A") + i) for i in range(min(len(tokens), 26)))
                info.numbers_spec = {"method": "spiral", "sequence": tokens, "letters": letters,
                                     "start": start, "clockwise": spec.clockwise}
                if aside:
                    info.numbers_spec["aside"] = self.aside(aside, letters, tokens)
            else:
                for n in spec.apart:
                    c.token_number(n)
                info.numbers_spec = {"method": "random", "tokens": sorted(tokens),
                                     "no_adjacent": sorted({n.value for n in spec.apart})}
                if aside:
                    info.numbers_spec["aside"] = self.random_aside(aside, tokens)
                if groups or set_groups:
                    # Hex sets' groups first: the coast and inner groups deal to the hexes left.
                    info.numbers_spec["groups"] = set_groups + [
                        {"on": w.value, "tokens": [n.value for n in ns]} for w, ns in groups]
                if spec.pins:
                    info.numbers_spec["pins"] = self.random_pins(spec.pins, tokens, groups, aside,
                                                                 set_groups)
            return
        if info.pools and self.token_bearing() and not any(info.numbers.values()):
            self.r.error("E207", self.b.name.span,
                         message=f"board {self.b.name.value} shuffles terrain but fixes no numbers",
                         hint="add 'numbers spiral from random corner' or 'numbers random'")
            return
        for h in info.land:
            t = info.terrain.get(h)
            if t is not None and self.takes_token(t) and not info.numbers.get(h) and any(info.numbers.values()):
                self.r.error("E306", self.tile_span.get(h, self.b.name.span), tokens=0, hexes=1,
                             hint=f"give the {t} at {g.fmt_hex(h)} a number")
        apart = {n.value for n in spec.apart} if isinstance(spec, A.NumbersFixed) else set()
        for n in (spec.apart if isinstance(spec, A.NumbersFixed) else ()):
            c.token_number(n)
        for h in info.land:
            for n2 in g.neighbors(h):
                if g.sort_key_hex(n2) <= g.sort_key_hex(h) or n2 not in self.land_set:
                    continue
                a = set(info.numbers.get(h, [])) & apart
                b = set(info.numbers.get(n2, [])) & apart
                if a and b:
                    self.r.error("E307", self.tile_span.get(n2, self.b.name.span), a=min(b), b=min(a),
                                 hex_a=g.fmt_hex(n2), hex_b=g.fmt_hex(h),
                                 hint="swap one of them with a number that is not kept apart")
