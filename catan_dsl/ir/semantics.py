"""A schema-valid IR dict → E505 diagnostics for what a schema cannot say: board tables that
point out of range or disagree with each other, counts past their limits, names that point
nowhere. Run on every IR loaded from a file, before the engine sees it."""

from __future__ import annotations

from catan_dsl.core import vocab
from catan_dsl.core.codes import MAX_NUMBER
from catan_dsl.core.diagnostics import Diagnostic, make
from catan_dsl.core.geometry import is_centre_key, is_inner_path_key
from catan_dsl.core.source import Span
from catan_dsl.core.topology import WATER

MAX_BOARD_ITEMS = 10_000          # hexes, intersections or paths of one board (docs/limits.md)
MAX_DICE = 8                      # as check.checker: the roll distribution grows with the count
MAX_SETUP_ROUNDS = 20
MAX_PLAYERS = 16
# Board table → (its id lists, the table each list points into, the list there that points back).
LINKS = (
    ("hexes", "vertices", "vertices", "hexes"),
    ("hexes", "edges", "edges", "hexes"),
    ("vertices", "edges", "edges", "vertices"),
    ("vertices", "hexes", "hexes", "vertices"),
    ("edges", "vertices", "vertices", "edges"),
    ("edges", "hexes", "hexes", "edges"),
)
SINGULAR = {"hexes": "hex", "vertices": "vertex", "edges": "edge", "sea": "sea hex"}
NEIGHBOURS = (("hexes", "neighbors"), ("vertices", "adjacent"), ("edges", "adjacent"))


def check(ir: dict, path: str = "<ir>") -> list[Diagnostic]:
    """Every inconsistency found, each naming its JSON path (at most 20, most useful first)."""
    out: list[str] = []
    board = ir.get("board", {})
    tables = {name: board.get(name, []) for name in ("hexes", "vertices", "edges")}
    for name, rows in tables.items():
        if len(rows) > MAX_BOARD_ITEMS:
            out.append(f"/board/{name} has {len(rows)} entries, over the limit of "
                       f"{MAX_BOARD_ITEMS}")
            return [_diag(path, m) for m in out]
        for i, row in enumerate(rows):
            if row.get("id", i) != i:
                out.append(f"/board/{name}/{i}/id is {row.get('id')}, not its position {i}")
    for name, key, target, back in LINKS:
        n = len(tables[target])
        for i, row in enumerate(tables[name]):
            for j in row.get(key, ()):
                if not isinstance(j, int) or not 0 <= j < n:
                    out.append(f"/board/{name}/{i}/{key} names {target[:-1] if target != 'vertices' else 'vertex'} {j}, "
                               f"but the board has {n}")
                elif back in tables[target][j] and i not in tables[target][j][back] \
                        and not _interior(row):
                    out.append(f"/board/{name}/{i}/{key} names {j}, but /board/{target}/{j}/"
                               f"{back} does not name {i}")
    for name, key in NEIGHBOURS:
        rows = tables[name]
        for i, row in enumerate(rows):
            for j in row.get(key, ()):
                if not isinstance(j, int) or not 0 <= j < len(rows):
                    out.append(f"/board/{name}/{i}/{key} names {j}, but the board has {len(rows)}")
                elif i not in rows[j].get(key, ()):
                    out.append(f"/board/{name}/{i}/{key} names {j}, but {j} does not name {i} "
                               "(neighbour tables must be symmetric)")
    out += _places(board, {**tables, "sea": board.get("sea") or []})
    out += _counts(ir)
    out += _names(ir)
    out += _rules(ir)
    return [_diag(path, m) for m in out[:20]]


def _places(board: dict, tables: dict[str, list]) -> list[str]:
    """Features, sea hexes, harbors and pools may only name hexes, intersections, paths and sea
    hexes the board has."""
    out = []

    def check(where: str, ids: object, table: str) -> None:
        n = len(tables[table])
        for j, x in enumerate(ids if isinstance(ids, list) else ()):
            if not isinstance(x, int) or not 0 <= x < n:
                out.append(f"{where}/{j} names {SINGULAR[table]} {x}, but the board has {n}")

    for table, named in (board.get("features") or {}).items():
        for name, ids in (named or {}).items() if table in tables else ():
            check(f"/board/features/{table}/{name}", ids, table)
    for i, sea in enumerate(tables["sea"]):
        if isinstance(sea, dict):
            check(f"/board/sea/{i}/vertices", sea.get("vertices"), "vertices")
            check(f"/board/sea/{i}/land_neighbors", sea.get("land_neighbors"), "hexes")
            for key, table in (("corners", "vertices"), ("sides", "edges")):
                check(f"/board/sea/{i}/{key}", [x for x in sea.get(key) or () if x != -1], table)
    for table in ("vertices", "edges"):          # the sea hexes a sea path or intersection touches
        for i, row in enumerate(tables[table]):
            if isinstance(row, dict) and "sea" in row:
                check(f"/board/{table}/{i}/sea", row.get("sea"), "sea")
    for name, at in ((board.get("robber") or {}).get("starts") or {}).items():
        if isinstance(at, dict):
            check(f"/board/robber/starts/{name}/sea", [at.get("sea")], "sea")
    for i, harbor in enumerate(board.get("harbors") or ()):
        if isinstance(harbor, dict):
            check(f"/board/harbors/{i}/vertices", harbor.get("vertices"), "vertices")
            for key, table in (("edge", "edges"), ("sea", "sea")):
                if key in harbor and harbor[key] is not None:
                    check(f"/board/harbors/{i}/{key}", [harbor[key]], table)
    for i, pool in enumerate(board.get("pools") or ()):
        if isinstance(pool, dict):
            check(f"/board/pools/{i}/slots", pool.get("slots"), "hexes")
    for i, pool in enumerate(board.get("hidden_pools") or ()):
        if isinstance(pool, dict):
            check(f"/board/hidden_pools/{i}/hexes", pool.get("hexes"), "hexes")
    return out


def _counts(ir: dict) -> list[str]:
    """Amounts a person could mean: a typo of 10**9 cards is refused, not dealt."""
    out = []
    for res, n in (ir.get("bank") or {}).items():
        if isinstance(n, int) and n > MAX_NUMBER:
            out.append(f"/bank/{res} is {n}, over the limit of {MAX_NUMBER}")
    for name, card in ((ir.get("development") or {}).get("cards") or {}).items():
        n = card.get("count") if isinstance(card, dict) else None
        if isinstance(n, int) and n > MAX_NUMBER:
            out.append(f"/development/cards/{name}/count is {n}, over the limit of {MAX_NUMBER}")
    for name, piece in (ir.get("pieces") or {}).items():
        n = piece.get("limit") if isinstance(piece, dict) else None
        if isinstance(n, int) and n > MAX_NUMBER:
            out.append(f"/pieces/{name}/limit is {n}, over the limit of {MAX_NUMBER}")
    for where, value, most in (
            ("/production/dice", (ir.get("production") or {}).get("dice"), MAX_DICE),
            ("/setup/rounds", (ir.get("setup") or {}).get("rounds"), MAX_SETUP_ROUNDS),
            ("/players/max", (ir.get("players") or {}).get("max"), MAX_PLAYERS),
            ("/players/neutral", (ir.get("players") or {}).get("neutral"), MAX_PLAYERS)):
        if isinstance(value, int) and value > most:
            out.append(f"{where} is {value}, over the limit of {most}")
    target = (ir.get("victory") or {}).get("target")
    if isinstance(target, int) and target > MAX_NUMBER:
        out.append(f"/victory/target is {target}, over the limit of {MAX_NUMBER}")
    return out


def _interior(row: dict) -> bool:
    """A hex's centre or inner path (``interiors``) names its hex, which lists only its own six
    corners and sides (docs/ir.md)."""
    key = str(row.get("key", ""))
    return is_centre_key(key) or is_inner_path_key(key)


def _names(ir: dict) -> list[str]:
    """Resources and terrains named by other sections must be declared."""
    out = []
    resources = set(ir.get("resources") or ())
    terrains = set(ir.get("terrains") or {})
    for name, piece in (ir.get("pieces") or {}).items():
        for res in (piece.get("cost") or {}) if isinstance(piece, dict) else ():
            if res not in resources:
                out.append(f"/pieces/{name}/cost names resource {res!r}, which is not declared")
    pieces = set(ir.get("pieces") or {})
    setup = ir.get("setup") or {}
    placed = [("/setup/place", setup.get("place") or ())] + [
        (f"/setup/place_rounds/{rnd}", names) for rnd, names in (setup.get("place_rounds") or {}).items()]
    for where, names in placed:
        for i, name in enumerate(names):
            for j, one in enumerate(name if isinstance(name, list) else [name]):
                if one not in pieces:
                    at = f"{where}/{i}" + (f"/{j}" if isinstance(name, list) else "")
                    out.append(f"{at} names piece {one!r}, which is not declared")
    for name, robber in (ir.get("robbers") or {}).items():
        for j, one in enumerate((robber.get("robs") or ()) if isinstance(robber, dict) else ()):
            if one not in pieces:
                out.append(f"/robbers/{name}/robs/{j} names piece {one!r}, which is not declared")
    for name in ((ir.get("board") or {}).get("robber") or {}).get("starts") or {}:
        if name not in (ir.get("robbers") or {}):
            out.append(f"/board/robber/starts names robber {name!r}, which is not declared")
    for name, piece in (ir.get("pieces") or {}).items():
        up = piece.get("upgrades") if isinstance(piece, dict) else None
        if up is not None and up not in pieces:
            out.append(f"/pieces/{name}/upgrades names piece {up!r}, which is not declared")
    for res in ir.get("bank") or {}:
        if res not in resources:
            out.append(f"/bank names resource {res!r}, which is not declared")
    for i, h in enumerate((ir.get("board") or {}).get("hexes") or ()):
        t = h.get("terrain")
        if t is not None and t not in terrains:
            out.append(f"/board/hexes/{i}/terrain is {t!r}, which is not declared")
    for name, t in (ir.get("terrains") or {}).items():
        res = t.get("produces") if isinstance(t, dict) else None
        if res is not None and res != "choice" and res not in resources:
            out.append(f"/terrains/{name}/produces names resource {res!r}, which is not declared")
        for j, res in enumerate((t.get("except") or ()) if isinstance(t, dict) else ()):
            if res not in resources:
                out.append(f"/terrains/{name}/except/{j} names resource {res!r}, which is not declared")
    for i, pool in enumerate((ir.get("board") or {}).get("hidden_pools") or ()):
        for t in (pool.get("tiles") or {}) if isinstance(pool, dict) else ():
            if t not in terrains and t != WATER:
                out.append(f"/board/hidden_pools/{i}/tiles names terrain {t!r}, which is not declared")
    return out


# Every head an IR S-expression may start with (the closed vocabulary of core/vocab.py).
KNOWN_HEADS = frozenset(vocab.FUNCTIONS) | frozenset(vocab.EFFECTS) \
    | frozenset(vocab.COMPREHENSIONS) | frozenset(vocab.OPERATORS)
RULE_TABLES = {"on": ("event", vocab.TRIGGERS), "forbid": ("what", vocab.FORBIDS),
               "modifier": ("what", vocab.MODIFIERS)}


def _rules(ir: dict) -> list[str]:
    """Every trigger, prohibition, modifier, function and effect a rule names must exist, so a
    hand-edited IR is refused on load, by JSON path, instead of failing when the game starts."""
    declared = _declared_names(ir)
    out: list[str] = []
    for i, rule in enumerate(ir.get("rules") or ()):
        if not isinstance(rule, dict):
            continue
        field, table = RULE_TABLES.get(rule.get("kind"), (None, {}))
        if field and rule.get(field) not in table:
            out.append(f"/rules/{i}/{field} is {rule.get(field)!r}, which is not a "
                       f"{'trigger' if field == 'event' else rule['kind'] + ' kind'}")
        for key in ("when", "do", "value", "else"):
            if key in rule:
                _walk(rule[key], f"/rules/{i}/{key}", declared, out)
    return out


def _walk(node: object, path: str, declared: set[str], out: list[str]) -> None:
    """Depth-first over one S-expression; a list headed by an unknown word is an unknown
    function or effect unless it is a literal list of declared names (``["wool", "grain"]``)."""
    stack = [(node, path)]
    while stack and len(out) < 20:
        n, where = stack.pop()
        if isinstance(n, dict):
            stack.extend((v, f"{where}/{k}") for k, v in n.items())
        elif isinstance(n, list):
            head = n[0] if n else None
            if isinstance(head, str) and head not in KNOWN_HEADS \
                    and not all(isinstance(x, str) and x in declared for x in n):
                out.append(f"{where}/0 names {head!r}, which is not a function or effect of "
                           "the rules language")
                continue
            stack.extend((x, f"{where}/{j}") for j, x in enumerate(n))


def _declared_names(ir: dict) -> set[str]:
    """The names a scenario declares (resources, pieces, terrains, decks, cards, counters…)."""
    names = set(ir.get("resources") or ())
    for key in ("pieces", "terrains", "decks", "special_cards", "counters", "chains", "robbers"):
        section = ir.get(key)
        if isinstance(section, dict):
            names |= set(section)
    cards = (ir.get("development") or {}).get("cards")
    if isinstance(cards, dict):
        names |= set(cards)
    return {n for n in names if isinstance(n, str)}


def _diag(path: str, message: str) -> Diagnostic:
    return make("E505", Span(path, 1, 1, 1, 2), message=message,
                hint="recompile the scenario; a hand-edited IR must keep its tables consistent")
