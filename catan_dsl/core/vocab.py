"""The closed vocabulary of the rules language → one catalogue for checker, compiler, engine and docs.

Every trigger, function, effect, prohibition and modifier a scenario may use is listed here with
its parameter types, result type, a one-line meaning, a source example and an English template
for ``catan-dsl explain``.  The checker rejects anything not listed (with a did-you-mean), the
compiler lowers source to the JSON S-expressions named here (their shapes: docs/ir.md, "Rules"),
and the engine's interpreter registers exactly one implementation per entry (a test checks both
directions).  How a template is written: docs/architecture.md, "A new effect".
"""

from __future__ import annotations

from catan_dsl.core.vocab_entry import TYPES, Entry, Param, entry as _e

__all__ = ["ALL_WORDS", "COMPREHENSIONS", "EFFECTS", "Entry", "FORBIDS", "FUNCTIONS", "MODIFIERS",
           "OPERATORS", "Param", "TRIGGERS", "TYPES", "lookup"]

# --- triggers: what a rule can react to (bindings are the variables the rule may read) -------
TRIGGERS: dict[str, Entry] = {e.name: e for e in [
    _e("built", "player:player piece:name:piece at:vertex|edge setup:bool", "none",
       "a piece was built (in setup too; `setup` tells which)",
       "on built road at e where any(h in hexes_of(e) where feature(h, river)) { gain 1 gold }",
       "when {player} builds {piece}"),
    _e("moved", "player:player piece:name:piece at:vertex|edge", "none",
       "a built piece was moved (`move PIECE from E to F`); `at` is where it now stands",
       "on moved road at e { ... }", "when {player} moves {piece}"),
    _e("upgraded", "player:player piece:name:piece at:vertex", "none",
       "a piece replaced another of its owner's (a city on a settlement)",
       "on upgraded city at v { ... }", "when {player} upgrades a piece to {piece}"),
    _e("rolled", "player:player n:int", "none",
       "a production number came up (dice or a card), before production; `reroll` may cancel "
       "it; `on rolled 7 instead of robber` replaces the robber's move and steal",
       "on rolled n where round <= 2 and n == 7 { reroll }", "when {n} is rolled"),
    _e("produced", "player:player n:int", "none",
       "production for number n has been paid out",
       "on produced n { ... }", "after production for {n}"),
    _e("revealed", "player:player deck:name:deck card:name:card n:int", "none",
       "a card of a deck that replaces the dice was turned over (its event runs before production)",
       "on revealed plentiful_year { each p in players { p gains 1 choice } }",
       "when {card} is turned up"),
    _e("drew", "player:player deck:name:deck item:name:item", "none",
       "a player drew an item (token or card) from a deck",
       "on drew old_boot { reveal old_boot }", "when {player} draws {item}"),
    _e("played", "player:player card:name:card", "none",
       "a development card was played", "on played knight { ... }", "when {player} plays {card}"),
    _e("turn_started", "player:player", "none", "a player's turn began",
       "on turn_started { ... }", "at the start of {player}'s turn"),
    _e("turn_ended", "player:player built:bool", "none",
       "a player's turn ended; `built` is true if he built a vertex piece in it",
       "on turn_ended where built { ... }", "at the end of {player}'s turn"),
    _e("setup_done", "", "none", "the setup phase is over",
       "on setup_done { award wealthiest_settler }", "when set-up is over"),
    # A board that changes in play (engine/rules/hex_changes.py):
    _e("hex_revealed", "player:player at:hex terrain:name:terrain", "none",
       "a face-down hex was turned up (`reveal h`); `terrain` is what it shows (`sea` for water)",
       "on hex_revealed at h where produces(h) != nothing { gain 1 produces(h) }",
       "when {player} reveals a face-down hex {at}"),
]}

# --- functions: side-effect-free values --------------------------------------------------
FUNCTIONS: dict[str, Entry] = {e.name: e for e in [
    _e("vp", "p:player", "int", "total VP, hidden cards included", "vp(p) >= vp(player)", "{p}'s VP"),
    _e("public_vp", "p:player", "int", "VP the other players can see",
       "public_vp(p) <= 2", "{p}'s visible VP"),
    _e("round", "", "int", "the current round (1 = first round after setup)", "round <= 2",
       "the round number"),
    _e("turn", "", "int", "completed turns since setup", "turn > 0", "the number of turns played"),
    _e("current", "", "player", "the player whose turn it is", "current()", "the active player"),
    _e("left", "p:player", "player", "the next player clockwise", "left(p)", "{p}'s left neighbour"),
    _e("players", "", "set:player", "every real player in turn order", "each p in players { ... }",
       "player {var}"),
    _e("opponents", "p:player", "set:player", "every other real player", "opponents(player)",
       "opponent {var} of {p}"),
    _e("neutrals", "", "set:player", "the neutral players", "neutrals()", "neutral player {var}"),
    _e("seats", "", "set:player", "every player: the real ones, then the neutral ones",
       "share n among p in seats by count(e in units(p, knight)) { ... }", "player {var} (neutral or not)"),
    _e("real", "p:player", "bool", "p is a real (not neutral) player", "real(player)",
       "{p} is a real player"),
    _e("hexes", "", "set:hex", "every land hex", "hexes()", "hex {var}"),
    _e("resources", "", "set:resource", "every resource, in declared order (a variable bound to "
       "one stands wherever a resource name can: gain 1 r, count_of(p, r), cost r 3)",
       "choose r in resources where r != ore { gain 1 r }", "resource {var}"),
    _e("shared_value", "c:name:counter", "int",
       "the value of a shared counter (in source: its bare name)", "pollution >= 5",
       "the shared {c}"),
    _e("vertices", "", "set:vertex", "every intersection of the board (land or coast)",
       "count(v in vertices where owner(v) == player)", "intersection {var}"),
    _e("edges", "", "set:edge", "every path of the board",
       "any(e in edges where marked(e, damaged))", "path {var}"),
    _e("vertices_of", "h:hex", "set:vertex", "the 6 corners of a hex", "vertices_of(h)",
       "corner {var} of {h}"),
    _e("edges_of", "x:vertex|hex", "set:edge", "the paths at an intersection or around a hex",
       "edges_of(v)", "path {var} touching {x}"),
    _e("hexes_of", "x:vertex|edge", "set:hex", "the land hexes touching an intersection or path",
       "hexes_of(v)", "hex {var} touching {x}"),
    _e("touching", "h:hex", "set:player", "players with a building on a corner of h",
       "touching(h)", "player {var} with a building on {h}"),
    _e("terrain", "h:hex", "name:terrain", "the terrain of a hex", "terrain(h) == desert",
       "the terrain of {h}"),
    _e("has_number", "h:hex n:int", "bool", "the hex produces on n", "has_number(h, n)",
       "{h} carries the number {n}"),
    _e("coast", "x:vertex|edge|hex", "bool", "touches the sea", "coast(v)", "{x} is on the coast"),
    _e("harbor", "v:vertex", "bool", "the intersection is on a harbor", "harbor(v)",
       "{v} is on a harbor"),
    _e("harbor_ratio", "v:vertex", "int",
       "the trade ratio of the harbor at the intersection (3 for 3:1, 2 for 2:1; 0: none)",
       "harbor_ratio(v) == 3", "the harbor ratio at {v}"),
    _e("feature", "x:vertex|edge|hex name:name:feature", "bool",
       "the element belongs to a named board feature (an intersection to a frame feature it touches)",
       "feature(e, bridge_site)",
       "{x} is part of the {name}"),
    _e("feature_number", "v:vertex name:name:feature n:int", "bool",
       "the intersection touches a feature (on the frame) numbered n",
       "feature_number(v, fishing_grounds, n)", "{v} touches the {name} numbered {n}"),
    _e("owner", "x:vertex|edge", "player", "who owns the piece there (none: -1)", "owner(v)",
       "the owner of {x}"),
    _e("piece", "x:vertex|edge", "name:piece", "the kind of piece there", "piece(v) == city",
       "the piece on {x}"),
    _e("pieces", "p:player kind:name:piece", "set:vertex|edge", "where p's pieces of a kind stand",
       "pieces(player, road)", "{kind} {var} of {p}"),
    _e("occupied", "x:vertex|edge kind:name:piece|name:chain|name:unit", "bool",
       "a piece of that kind (or of that chain) stands there (any owner)", "occupied(e, camel)",
       "a {kind} stands on {x}"),
    _e("marked", "x:vertex|edge mark:name:mark", "bool", "the piece there carries a mark",
       "marked(e, damaged)", "{x} is marked {mark}"),
    _e("yield_of", "x:vertex", "int", "how many cards the building there produces",
       "yield_of(v)", "the yield of the building on {x}"),
    _e("vp_of", "x:vertex|edge", "int", "the VP of the piece there", "vp_of(v)", "the VP of the piece on {x}"),
    _e("count_of", "p:player stock:stock", "int",
       "how many of a resource, counter or deck item a player holds",
       "count_of(p, gold)", "{p}'s {stock}"),
    _e("cards", "p:player", "int", "resource cards in hand", "cards(p) > 7", "{p}'s resource cards"),
    _e("played", "p:player flag:name:card", "int",
       "development cards with a flag (or of a kind) the player has played", "played(p, army)",
       "the number of {flag} cards {p} has played"),
    _e("holds", "p:player what:name:special|name:item", "bool",
       "the player holds a special card or a deck item", "holds(p, longest_road)",
       "{p} holds {what}"),
    _e("measured", "p:player what:name:special", "int",
       "what a special card measures for the player now, held or not (the length of his longest "
       "route for a `measure longest_route` card)",
       "measured(player, longest_road) >= 5", "{p}'s measure for {what}"),
    _e("holder", "what:name:special", "player", "who holds a special card (-1: nobody)",
       "holder(largest_army)", "the holder of {what}"),
    _e("option", "name:name:option", "bool", "a named option was chosen at play time",
       "option(all_cards)", "the {name} option is chosen"),
    _e("setup", "", "bool",
       "true during the set-up placements (in 'on built' it is the trigger's own value)",
       "forbid build road at e where setup and coast(e)", "the game is in set-up"),
    _e("robber_forced", "", "bool",
       "the robber's move had no legal hex and fell back (Friendly Robber)", "robber_forced()",
       "the robber was forced onto its fallback"),
    _e("num_players", "", "int", "real players in the game", "num_players() == 2",
       "the number of players"),
    # Added with the rules-language front end (issue 4):
    _e("can_place", "p:player kind:name:piece n:int", "bool",
       "p could place n pieces of that kind one after another, each legally (free placement; "
       "never more than p has in the supply; a look-ahead of at most 200 placements)",
       "can_place(p, settlement, 1)", "{p} has room for {n} {kind}(s)"),
    # Added with the scenarios of issue 5:
    _e("robber_on", "h:hex", "bool", "the robber stands on the hex (false while it is off the board)",
       "not robber_on(h)", "the robber stands on {h}"),
    _e("resolving", "card:name:card", "bool",
       "a development card of that kind is being resolved (its free builds are under way)",
       "not resolving(road_building)", "{card} is being played"),
    # Chains of pieces grown from their heads (engine/chains.py):
    _e("chain_spots", "chain:name:chain", "set:edge",
       "the paths where the chain's next piece may go (each open chain's head; empty once its "
       "supply is used up)", "vote x in chain_spots(caravan) paying wool { extend caravan at x }",
       "path {var} where the {chain} may grow"),
    _e("chain_of", "e:edge", "int",
       "which chain holds the path, or would grow onto it (chains that met count as one; -1: none)",
       "chain_of(y) != chain_of(x)", "the chain holding {e}"),
    _e("chain_supply", "chain:name:chain", "int", "pieces of the chain still in the supply",
       "chain_supply(caravan) > 0", "the number of {chain} pieces left"),
    _e("clockwise_from", "h:hex", "set:hex",
       "the coastal land hexes in clockwise order around the island, starting at h (a sweep "
       "along the coast; from the first coastal hex when h is inland)",
       "each x in clockwise_from(h) { ... }", "coastal hex {var} (going clockwise from {h})"),
    _e("pips", "h:hex", "int",
       "the ways the production dice show one of the hex's numbers (the dots on its token: 5 "
       "for a 6 or an 8 with two dice; 0 without a token)",
       "choose 3 h in hexes at random weighted by pips(h) { ... }", "the number of pips of {h}"),
    _e("markers", "h:hex|edge marker:name:marker", "int",
       "how many markers of a kind lie on the hex (or the path, for markers 'on edge')",
       "markers(h, barbarian) >= 3", "the number of {marker}s on {h}"),
    _e("marker_supply", "marker:name:marker", "int",
       "markers of a kind still in the supply (a large number when the supply is unlimited)",
       "marker_supply(barbarian) > 0", "the number of {marker}s left in the supply"),
    # Units: the players' own pieces on paths, one per path (engine/rules/units.py):
    _e("units", "p:player unit:name:unit", "set:vertex|edge",
       "the paths (or intersections, for units 'on vertex') where p's units of a kind stand",
       "each e in units(player, knight) { ... }", "{unit} {var} of {p}"),
    _e("unit_owner", "e:vertex|edge unit:name:unit", "player",
       "whose unit of that kind stands on the path (on an intersection: the lowest seat with one "
       "there; -1: none)", "unit_owner(e, knight) == player",
       "the owner of the {unit} on {e}"),
    _e("unit_supply", "p:player unit:name:unit", "int", "p's units of a kind not on the board",
       "unit_supply(player, knight) > 0", "the number of {p}'s {unit}s in the supply"),
    _e("paths_within", "e:edge n:int", "set:edge",
       "the paths at most N steps from e, e included (a step goes to a path sharing an "
       "intersection; every path of the board counts, whoever stands on it)",
       "choose f in paths_within(e, 3) { move knight from e to f }", "path {var} within {n} steps of {e}"),
    _e("path_distance", "e:edge f:edge", "int",
       "the fewest steps from path e to path f (0: the same path)",
       "path_distance(e, f) > 3", "the number of steps from {e} to {f}"),
    _e("distance", "v:vertex w:vertex", "int",
       "the fewest paths from intersection v to w, inner paths included, whoever stands on them "
       "(0: the same place; 1,000,000: not joined)",
       "min(w in vertices where interior(w): distance(v, w))", "the number of paths from {v} to {w}"),
    _e("neighbours", "v:vertex", "set:vertex",
       "the intersections one path away from v (a piece moving from corner to corner)",
       "choose w in neighbours(v) by player { ... }", "intersection {var} next to {v}"),
    _e("path_between", "v:vertex w:vertex", "edge",
       "the path joining two neighbouring intersections (-1 when none does)",
       "owner(path_between(v, w)) == player", "the path between {v} and {w}"),
    _e("interior", "v:vertex", "bool",
       "the intersection is the centre of a hex with an interior (a trade hex's plaza)",
       "forbid build settlement at v where interior(v)", "{v} is the centre of a hex"),
    _e("parallel", "e:edge f:edge", "bool",
       "the two paths run in the same direction (a hex's opposite sides are parallel)",
       "any(x in edges where feature(x, red_edges) and parallel(e, x))",
       "{e} runs parallel to {f}"),
    # A board that changes in play, numbered places, declared names (issue 39):
    _e("produces", "x:hex|name:terrain", "resource",
       "the resource a hex yields now — or a terrain's hexes — as a resource variable holds it: "
       "`nothing` for none (desert, sea, face down), `choice` for a hex of choice "
       "(`gain 1 produces(h)` then lets the player pick)",
       "produces(h) == nothing", "what {x} produces"),
    _e("hidden", "h:hex", "bool", "the hex lies face down (a hidden pool's, not revealed yet)",
       "choose h in hexes by player where hidden(h) { reveal h }", "{h} is face down"),
    _e("corner", "h:hex k:int", "vertex",
       "corner K (1..6) of a hex, clockwise from the top (1 = N, 2 = NE, 3 = SE, 4 = S, 5 = SW, "
       "6 = NW; -1 for another K)",
       "corner(h, 1)", "corner {k} of {h}"),
    _e("side", "h:hex k:int", "edge",
       "side K (1..6) of a hex, clockwise from the top right (1 = NE, 2 = E, 3 = SE, 4 = SW, "
       "5 = W, 6 = NW; side K runs from corner K to corner K+1; -1 for another K)",
       "side(h, 1)", "side {k} of {h}"),
    _e("ends", "e:edge", "set:vertex", "the two intersections a path joins",
       "any(v in ends(e) where owner(v) == player)", "intersection {var} at an end of {e}"),
    _e("terrains", "", "set:name:terrain", "every declared terrain, in declared order",
       "each t in terrains where produces(t) == ore { ... }", "terrain {var}"),
    # The sea and ships: pieces on the water, networks, moving built pieces, a second robber
    # (engine/base/networks.py, engine/rules/pieces_moved.py, engine/rules/robbers.py):
    _e("can_place_at", "p:player kind:name:piece x:vertex|edge", "bool",
       "p could place a piece of that kind at x now, by the piece's own rules and the forbids "
       "(free; the supply is not asked: can_place(p, K, 1) asks that)",
       "choose f in edges by player where can_place_at(player, ship, f) { place ship for player at f }",
       "{p} could place {kind} on {x}"),
    _e("can_move_to", "x:vertex|edge y:vertex|edge", "bool",
       "the piece at x could move to y: y is where its owner could place it once it has left x "
       "(what 'move K from x to y' asks)",
       "choose f in edges by player where can_move_to(e, f) { move ship from e to f }",
       "the piece on {x} could move to {y}"),
    _e("route_end", "e:edge", "bool",
       "the piece on e ends an open route: one end of e touches neither a building of its "
       "owner nor another of his pieces of its network",
       "count(e in pieces(player, ship) where route_end(e))", "{e} ends an open route"),
    _e("built_this_turn", "x:vertex|edge", "bool",
       "the piece at x was placed in the current turn (moved pieces keep their day)",
       "not built_this_turn(e)",
       "the piece on {x} was built this turn"),
    _e("robber_hex", "r:name:robber", "hex",
       "the hex a declared robber stands on (-1: off the board); a sea hex's id follows the land's",
       "forbid build ship at e where e in edges_of(robber_hex(pirate))",
       "the {r}'s hex"),
    _e("piece_kinds", "", "set:name:piece",
       "every declared piece, in declared order (written `pieces` as a bare name; "
       "`pieces(p, K)` is where p's pieces stand)",
       "count(k in pieces where count(x in pieces(player, k)) > 0)", "kind of piece {var}"),
]}

# Comprehension heads bind a variable over a set (see module docstring).
COMPREHENSIONS = ("count", "sum", "any", "all", "max", "min", "first")
OPERATORS = ("and", "or", "not", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "if", "var",
             "in")

# --- effects: what a rule does -------------------------------------------------------------
EFFECTS: dict[str, Entry] = {e.name: e for e in [
    _e("gain", "p:player n:int stock:stock", "none",
       "p takes n of a resource (from the bank), a counter (from its supply) or a choice",
       "gain 1 gold", "{p} gains {n} {stock}"),
    _e("lose", "p:player n:int stock:stock", "none", "p returns n to the bank or supply",
       "lose 2 trade_tokens", "{p} loses {n} {stock}"),
    _e("transfer", "from:player to:player n:int stock:stock", "none",
       "cards or counters move between players", "p gives 1 choice to left(p)",
       "{from} gives {to} {n} {stock}"),
    _e("draw", "p:player n:int deck:name:deck", "none", "p draws n items from a deck",
       "draw 1 from fish", "{p} draws {n} {deck}"),
    _e("give_item", "from:player to:player item:name:item", "none",
       "hand a held deck item to another player", "give 1 old_boot to p",
       "{from} gives {item} to {to}"),
    _e("reveal", "item:name:item", "none", "a drawn item becomes public", "reveal old_boot",
       "{item} is shown to everyone"),
    _e("choose", "var:name chooser:player from:set cond:bool body:effects", "none",
       "the chooser picks one element of a set (a prompt); the body runs with it bound",
       "choose e in pieces(player, road) by player { mark e damaged }",
       "{chooser} chooses {var}"),
    _e("choose_one", "chooser:player alternatives:alternatives", "none",
       "the chooser picks one of the named alternatives whose condition holds (a prompt; "
       "bots weigh each as an option); the log names it and its block runs. IR: one "
       "{label, when, do} per alternative after the chooser",
       'choose one by player { "Move the robber" { move robber to choice } "Take 1 grain" '
       'when cards(player) < 7 { gain 1 grain } }',
       "{chooser} chooses one of {alternatives}"),
    _e("each", "var:name from:set cond:bool body:effects", "none",
       "run the body for every element, in turn order / id order",
       "each p in players { p gains 1 choice }", "for each {var}"),
    _e("if", "cond:bool then:effects else:effects", "none", "conditional effects",
       "if cards(p) > 0 { ... }", "if {cond}"),
    _e("move_robber", "to:hex|off_board|choice", "none",
       "move the robber to a hex, off the board, or let the active player choose (with steal)",
       "move robber to off_board", "the robber goes {to}"),
    _e("steal", "p:player from:set n:int", "none",
       "p takes n random resource cards from a player he chooses among the set",
       "steal 1 from opponents(player)", "{p} steals {n} random resource card(s) from {from}"),
    _e("discard_half", "above:int", "none", "players with more than N cards discard half",
       "discard_half above 7", "every player with more than {above} resource cards discards half of them (rounded down)"),
    _e("place", "p:player kind:name:piece at:vertex|edge|choice", "none",
       "put a piece of p's on the board (free; legality per the piece's rules)",
       "place road for player", "{p} gets a free {kind}, placed {at}"),
    _e("remove", "at:vertex|edge", "none", "take a piece off the board", "remove e",
       "the piece on {at} is removed"),
    _e("mark", "at:vertex|edge mark:name:mark", "none", "put a mark on a piece", "mark e damaged",
       "{at} is marked {mark}"),
    _e("unmark", "at:vertex|edge mark:name:mark", "none", "clear a mark", "unmark e damaged",
       "{at} is no longer marked {mark}"),
    _e("build_free", "p:player kind:name:piece n:int", "none",
       "p builds n pieces of a kind without paying (a prompt per piece)",
       "build_free player road 1", "{p} builds {n} {kind} free"),
    _e("take_development", "p:player", "none", "p takes a development card free",
       "take_development player", "{p} takes a development card free"),
    _e("reroll", "", "none", "cancel the number just rolled and roll again", "reroll",
       "the number does not count and the dice are rolled again"),
    _e("reshuffle", "deck:name:deck", "none", "shuffle a deck's spent items back in",
       "reshuffle events", "{deck} is reshuffled"),
    _e("set_yield", "kind:name:piece n:int", "none",
       "for the coming production only, pieces of this kind yield n", "set_yield city 1",
       "for this production only, every {kind} produces {n} resource card(s)"),
    _e("award", "special:name:special", "none", "recompute who holds a special card now",
       "award harbormaster", "who holds {special} is decided again"),
    _e("return_played", "p:player flag:name:card", "none",
       "a played development card goes back (it no longer counts as played)",
       "return_played player army", "{p} takes back one of their played {flag} cards (it no longer counts as played)"),
    # Chance, names and repetition (issue 12). "roll(N)" in source becomes a "roll" effect
    # binding a hidden name around the effect that reads it; "let" and "roll" scope over a body.
    _e("let", "var:name value:any body:effects", "none",
       "name a value for the rest of the block (evaluated once)",
       "let best = max(p in players: vp(p))", "let {var} be {value}"),
    _e("roll", "var:name sides:int|name:die body:effects", "none",
       "one fair die with N sides from the game's seeded chance, logged and replayed; "
       "roll(DIE) of a `die` with named faces reads as the face shown",
       "let d = roll(6)", "the player rolls {sides}"),
    _e("choose_random", "var:name from:set cond:bool body:effects else:effects count:int weight:int",
       "none",
       "a uniformly random element of a set (a chance node, logged); else when it is empty; "
       "`choose N x in S at random weighted by W` picks N different elements one after the "
       "other, each with a chance in proportion to its weight W (0: never)",
       "choose v in vertices at random where owner(v) >= 0 { remove v }",
       "pick {var} at random"),
    _e("set_counter", "counter:name:counter value:int", "none",
       "set a shared counter (one value for the whole game), clamped to 0..its max",
       "set pollution = pollution + 1", "{counter} is set to {value}"),
    _e("via", "procedure:name call:name at:name body:effects", "none",
       "a procedure's body inlined at a call (the compiler writes it): log lines of its "
       "effects name the call's file:line and the procedure's",
       "erupt(h)", "carry out {procedure}"),
    _e("repeat", "n:int body:effects while:bool", "none",
       "run the block N times, one after the other; with 'while COND', at most N times, each "
       "only while COND holds (it is asked before every run; the loop ends at the first no)",
       "repeat 9 while count_of(player, mp) > 0 { ... }", "repeat {n} times"),
    # Added with the rules-language front end (issue 4):
    _e("set_aside", "special:name:special", "none",
       "nobody holds the special card now; its policy awards it again from scratch",
       "set_aside largest_army", "{special} is set aside (nobody holds it)"),
    # Chains of pieces and votes (engine/chains.py, engine/votes.py):
    _e("put_markers", "n:int marker:name:marker at:hex|edge", "none",
       "put N markers from the supply on a hex (fewer when the supply or the hex's max runs out; "
       "the log says so)", "put 1 barbarian on h", "put {n} {marker} on {at}"),
    _e("take_markers", "n:int marker:name:marker at:hex|edge", "none",
       "take N markers off a hex back to the supply (as many as lie there)",
       "take 1 barbarian from h", "take {n} {marker} off {at}"),
    _e("move_markers", "marker:name:marker from:hex|edge to:hex|edge", "none",
       "one marker goes from one hex to another, never to a hex at its max (the log says so)",
       "move barbarian from a to b", "move a {marker} from {from} to {to}"),
    _e("put_unit", "unit:name:unit at:vertex|edge p:player", "none",
       "one of p's units of a kind from his supply onto a free path (one unit per path; any "
       "number share an intersection; the log says why when it can't)", "put 1 knight on e for p", "{p} puts a {unit} on {at}"),
    _e("take_unit", "unit:name:unit at:vertex|edge", "none",
       "the unit on the path goes back to its owner's supply", "take 1 knight from e",
       "the {unit} on {at} goes back to its owner's supply"),
    _e("move_piece", "kind:name:piece from:vertex|edge to:vertex|edge", "none",
       "a built piece of that kind moves to another place, where its owner could place it "
       "once it has left (its route, the forbids); otherwise nothing moves and the log says why. "
       "Written like a unit's move: `move ship from e to f`",
       "move ship from e to f", "the {kind} on {from} moves to {to}"),
    _e("move_unit", "unit:name:unit from:vertex|edge to:vertex|edge", "none",
       "the unit on one path moves to another, free one (it may pass anything on the way)",
       "move knight from e to f", "the {unit} on {from} moves to {to}"),
    _e("share", "var:name n:int from:set cond:bool rank:int|none body:effects else:effects "
       "rolling:int", "none",
       "N items handed out to the players of a set, the body running once per item with var "
       "bound to the receiver: one each while they last; when they run short the players roll "
       "off for them (a fair random draw, logged); items left after one each go to the one "
       "player of highest RANK, the tied rolling off; else runs for each player losing a "
       "roll-off. 'rolling R' (optional): a player whose R is 1 to 6 always rolls R, the others "
       "a die, the tied at the edge rolling again; the draw then follows those exact chances",
       "share n among p in players by count(e in units(p, knight)) { p gains 1 prisoners } "
       "else { p gains 3 gold }",
       "hand out {n}, one each, among the {var}"),
    _e("extend", "chain:name:chain at:edge", "none",
       "the chain's next piece goes on the path (one of chain_spots; merges chains meeting there)",
       "extend caravan at x", "the {chain} grows onto {at}"),
    # A board that changes in play (engine/rules/hex_changes.py):
    _e("reveal_hex", "at:hex", "none",
       "turn a face-down hex up: a tile of its hidden pool at random and, when that terrain "
       "takes one, a token of the pool's own tokens at random (one chance step, logged and "
       "replayed); `on hex_revealed` runs after. Written `reveal h`",
       "reveal h", "{at} is turned face up"),
    _e("set_terrain", "at:hex terrain:name:terrain", "none",
       "the hex shows another terrain (`sea`: water; the robber there goes home); its token "
       "stays when both terrains take one",
       "set terrain h = forest", "{at} becomes {terrain}"),
    _e("set_number", "at:hex n:int|none", "none",
       "the hex's number token becomes N (`= none` takes it away)",
       "set number h = 6", "{at} now carries the number {n}"),
    _e("end_game", "ties:int|none winner:player|none", "none", "the game ends at once: the "
       "most VP wins, a tie going to the most `ties` (a number per player, `player` being each "
       "tied one), then to a roll-off; written `end game [ties by EXPR]`; `end game winner P`: "
       "P wins whatever the VP (a win by a deed)", "end game ties by count_of(player, ore)",
       "the game ends at once and {winner} wins{ties}"),
    _e("vote", "var:name winner:name from:set pay:names body:effects deadlock:effects", "none",
       "each player from the acting one names an option and lays out any number of the listed "
       "cards (to the bank); options backed by more than half of the votes win, else the sole "
       "biggest bidder's, else the acting player's; the body runs with var and winner bound",
       "vote x in chain_spots(caravan) paying wool, grain { extend caravan at x }",
       "the players vote on {var}"),
]}

# --- prohibitions: evaluated when legal actions are listed ---------------------------------
FORBIDS: dict[str, Entry] = {e.name: e for e in [
    _e("robber_move", "to:hex", "bool",
       "the active player may not move the robber there (7 / knight); `else` gives the fallback. "
       "`forbid robber_move pirate to h`: a declared robber's moves (`robber` names the land "
       "one; naming none means the land robber)",
       "forbid robber_move to h where terrain(h) == desert", "the robber may not be moved to {to}"),
    _e("steal", "from:player", "bool", "nobody may be robbed of cards",
       "forbid steal from p where public_vp(p) <= 2", "{from} may not be robbed"),
    _e("build", "kind:name:piece at:vertex|edge", "bool", "a piece may not be built there",
       "forbid build road at e where feature(e, bridge_site)", "no {kind} may be built on {at}"),
    _e("trade", "stock:stock", "bool", "a stock may not be traded between players",
       "forbid trade of fish", "{stock} may not be traded"),
    _e("produce", "at:hex", "bool", "the hex produces nothing when its number comes up",
       "forbid produce at h where markers(h, barbarian) >= 3", "{at} produces nothing"),
    _e("harbor", "at:vertex", "bool",
       "the harbor at the building there may not be used for bank trades (its owner trades at "
       "the bank's ratio, or another harbor's)",
       "forbid harbor at v where all(h in hexes_of(v) where markers(h, barbarian) >= 3)",
       "the harbor at {at} may not be used"),
]}

# --- modifiers: values the engine asks for and the scenario adjusts -------------------------
MODIFIERS: dict[str, Entry] = {e.name: e for e in [
    _e("target", "p:player", "int", "added to the victory target for a player",
       "modifier target + 1 for p where holds(p, old_boot)", "{p} needs {value} {more} to win"),
    _e("vp", "x:vertex|edge", "int", "extra VP for the piece there",
       "modifier vp + 1 for v where count(e in edges_of(v) where occupied(e, camel)) >= 2",
       "a building on {x} {gains} {value}"),
    _e("player_vp", "p:player", "int",
       "extra VP for a player, not for a piece (`modifier vp ... for player p`); `label` names "
       "the VP source in playtest",
       "modifier vp + 1 for player p where count_of(p, gold) >= 10 label \"Treasury\"",
       "{p} {gains} {value}"),
    _e("route_weight", "e:edge", "int", "how much a route piece counts for the longest route",
       "modifier route_weight 2 for e where occupied(e, camel)", "a route piece on {e} counts {value} for the longest route"),
    _e("yield", "x:vertex", "int", "added to what the building there produces",
       "modifier yield - 1 for v where piece(v) == city and coast(v)", "a building on {x} produces {value} {more}"),
    _e("bot_value", "p:player", "int",
       "for bots only: what p's position is worth beyond what a bot already counts, in "
       "hundredths of a VP; greedy bots add it to their score (the game never reads it), and "
       "a scenario with one is trusted on its counters (the bot's own guess for them is off)",
       "modifier bot_value + sum(v in units(p, wagon): 40 - 4 * min(w in vertices where "
       "interior(w): distance(v, w))) for p",
       "bots value {p}'s position {value} {more} (a hint for bots only: the game never reads it)"),
    _e("cost", "action:name p:player", "int", "added to an action's cost",
       "modifier cost - 1 for sell_for_gold where vp(player) < max(q in players: vp(q))",
       "{value} {more}"),
]}

ALL_WORDS = {**TRIGGERS, **FUNCTIONS, **EFFECTS}


def lookup(kind: str, name: str) -> Entry | None:
    """The entry for ``name`` among triggers/functions/effects/forbids/modifiers, or None."""
    table = {"trigger": TRIGGERS, "function": FUNCTIONS, "effect": EFFECTS,
             "forbid": FORBIDS, "modifier": MODIFIERS}[kind]
    return table.get(name)
