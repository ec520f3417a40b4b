"""Diagnostic code ids → slug, message template and one-line explanation (the stable catalogue).

Codes are never renumbered or reused: tools and tests match on them. E1xx syntax and files,
E2xx names and values, E3xx board, E4xx rules language (reserved), E5xx IR schema,
E9xx internal, W… warnings.
"""

from __future__ import annotations

from catan_dsl.core.frozen import Frozen, frozen_record


@frozen_record
class Code(Frozen):
    """One catalogue entry; ``template`` is formatted with ``str.format(**args)``."""

    id: str
    slug: str
    template: str
    explanation: str

    @property
    def is_warning(self) -> bool:
        return self.id.startswith("W")

    def format(self, **args: object) -> str:
        return self.template.format(**args)


_ALL: list[Code] = [
    # --- E1xx: files and syntax -------------------------------------------------------------
    Code("E100", "syntax-error", "{message}",
         "The text does not follow the grammar; the message says what was expected instead."),
    Code("E101", "unexpected-eof", "unexpected end of file{detail}",
         "The file ends in the middle of a construct, usually a '{' that is never closed."),
    Code("E102", "unterminated-string", "unterminated string",
         "A string opened with '\"' has no closing '\"' on the same line."),
    Code("E103", "unexpected-character", "unexpected character {char}",
         "A character that cannot start any token of the language."),
    Code("E104", "reserved-keyword", "'{word}' is reserved for the rules language and not supported yet",
         "'rule' is kept for a future construct of the rules language."),
    Code("E105", "not-utf8", "file is not valid UTF-8 ({reason})",
         "Scenario files must be UTF-8 encoded text."),
    Code("E106", "file-not-found", "cannot read {path}: {reason}",
         "The named file does not exist or cannot be read."),
    Code("E107", "file-too-large", "{path} is {size:,} bytes, over the limit of {limit:,} bytes "
         "for a source file",
         "A scenario file is text a person writes; the limit (docs/limits.md) keeps a wrong file "
         "(a log, a data dump) from tying the checker up."),
    Code("E109", "nested-too-deep", "{what} (limit {limit})",
         "Blocks, parentheses and chains of 'not' deeper than any scenario needs; the limit "
         "(docs/limits.md) keeps the checker from running out of stack."),
    Code("E110", "out-of-memory", "{stage} ran out of memory",
         "The input needs more memory than this machine can give; the limits in docs/limits.md "
         "keep shipped-size inputs far below this, so look for an enormous repetition."),
    Code("E108", "not-a-file", "cannot read {path}: it is {kind}, not a regular file",
         "Only regular files are read: a folder, a named pipe or a device is refused before "
         "anything is read from it (a pipe would wait for input forever)."),
    # --- E2xx: names, types and values ------------------------------------------------------
    Code("E201", "unknown-resource", "unknown resource \"{name}\"",
         "A cost, bank, harbor, pool or terrain names a resource that is not declared."),
    Code("E202", "unknown-terrain", "unknown terrain \"{name}\"",
         "A tile, pool or replacement names a terrain that is not declared."),
    Code("E203", "unknown-piece", "unknown piece \"{name}\"",
         "A card effect, setup step, measure or upgrade names a piece that is not declared."),
    Code("E204", "unknown-board", "unknown board \"{name}\"",
         "--board or a default names a board the scenario does not declare."),
    Code("E205", "duplicate-definition", "{what} \"{name}\" is defined twice",
         "Each name may be declared once per file; a file that extends another may override it."),
    Code("E206", "bad-value", "{message}",
         "A value is not one of the words allowed at this place (e.g. a side name)."),
    Code("E207", "bad-count", "{message}",
         "A construct has the wrong number of values, or a range whose ends are swapped."),
    Code("E208", "missing-section", "scenario has no {section}",
         "Every playable scenario needs resources, terrains, pieces, a board and a victory target."),
    Code("E209", "unresolved-file", "cannot find {what} \"{name}\"",
         "extends/import/with names a file found neither beside this one nor among the shipped scenarios."),
    Code("E210", "import-cycle", "{what} cycle: {chain}",
         "Files extend or import each other in a loop, or variants combine each other with "
         "'with' in a loop."),
    Code("E211", "not-positive", "{what} must be at least {least}, got {value}",
         "Limits, counts and ratios must be positive."),
    Code("E212", "number-too-large", "number {value} is too large (at most {most})",
         "Numbers above the sanity bound are almost certainly typos."),
    Code("E213", "bad-token-number", "number token {value} is not allowed (2..12, never 7)",
         "Number tokens show a dice sum from 2 to 12; 7 moves the robber instead."),
    Code("E214", "unknown-kind", "unknown {what} \"{name}\"",
         "Card effects, special-card measures and award policies come from a closed vocabulary."),
    Code("E215", "reserved-name", "\"{name}\" is a reserved word and cannot name a {what}",
         "Reserved words of the rules language cannot be used as names."),
    Code("E216", "card-effect", "{message}",
         "A development card needs exactly one effect."),
    Code("E217", "several-defaults", "more than one board is marked default",
         "Only one board may be the default; the others are selected with --board."),
    Code("E218", "unknown-card", "unknown {what} \"{name}\"",
         "A name refers to a development card, special card or flag that is not declared."),
    Code("E219", "unknown-param", "parameter \"{name}\" is not declared",
         "A number slot or --set names a parameter that no file of the composition declares "
         "with 'param NAME = VALUE'."),
    Code("E220", "param-out-of-range", "parameter {name} = {value} is outside {low}..{high}",
         "A parameter's value (declared, or given with --set) lies outside the range its "
         "declaration allows."),
    # E230: issue 38 (packs); E221..E229 left to the other name-and-value checks.
    Code("E230", "composition-too-deep", "{what} \"{name}\" reaches a file {depth} references "
         "deep (limit {limit})",
         "A file reaches the files it builds on through extends, import and with; a chain deeper "
         "than any scenario needs (docs/limits.md) is refused before it is read, so a pack of "
         "many chained files cannot stall a check."),
    Code("E225", "action-declared-twice",
         "two files of this composition declare an action \"{name}\"",
         "Two files merged into one game (extends, import, with) declare an action of the same "
         "name: its two legal actions would read the same, in the log and in a transcript. A "
         "file replaces an inherited action by withdrawing it first ('without action NAME'), "
         "or names its own differently."),
    # --- E3xx: board ------------------------------------------------------------------------
    Code("E301", "hex-outside-layout", "hex {hex} is not a land hex of this board's layout",
         "Tiles, harbors and features may only refer to hexes in the layout."),
    Code("E302", "harbor-not-on-coast", "harbor at {hex} {side} is not on a coast edge",
         "A harbor must sit on a side between a land hex and a frame sea hex."),
    Code("E303", "never-on-coast", "{terrain} may never lie on the coast, but hex {hex} is coastal",
         "Terrains declared never_on_coast must be inner hexes."),
    Code("E304", "disconnected-land", "{what}",
         "The land must form as many islands as the board's 'islands N' says (one when it says "
         "nothing); the message names the hexes of each island too many, the smallest first."),
    Code("E305", "pool-mismatch", "pool \"{name}\" has {tiles} tiles for {slots} slots",
         "A shuffled pool must hold exactly one tile per slot it fills."),
    Code("E306", "token-count", "{tokens} number tokens for {hexes} token-bearing hexes",
         "Each hex whose terrain takes a token gets exactly one (spiral or random placement)."),
    Code("E307", "adjacent-red-numbers", "{a} on hex {hex_a} touches {b} on hex {hex_b}",
         "Under 'apart' the listed numbers may not lie on neighbouring hexes."),
    Code("E308", "frame-feature-on-harbor", "frame feature \"{name}\" at {hex} overlaps a harbor",
         "A sea hex cannot hold both a harbor and a frame feature such as a fishing ground."),
    Code("E309", "frame-feature-touch", "frame feature \"{name}\" at {hex} touches {n} coastal intersections, not 3",
         "A frame feature must sit where a sea hex touches exactly three coastal intersections."),
    Code("E310", "duplicate-hex", "hex {hex} is given twice",
         "A hex appears twice in a layout, tile list, pool or feature."),
    Code("E311", "tile-count", "{tiles} tiles for {hexes} hexes",
         "A tiles block fills the hexes not placed otherwise, in reading order, one tile each."),
    Code("E312", "not-in-frame", "{hex} is not a sea hex of the frame",
         "Frame features and harbors refer to sea hexes next to the land."),
    Code("E313", "empty-board", "board \"{name}\" has no land hexes",
         "A board needs a layout with at least one hex."),
    Code("E314", "unfilled-hex", "{message}",
         "Every land hex needs a fixed tile or a slot in a pool."),
    Code("E320", "board-too-large", "board \"{name}\": the layout has {what}, over the limit of {most}",
         "A layout of more rows or land hexes than the documented bounds (docs/limits.md) is "
         "far beyond any published board, and almost certainly a typo; building its topology "
         "would tie the checker up."),
    # --- E4xx: rules language --------------------------------------------------------------
    Code("E401", "unknown-trigger", "unknown trigger \"{name}\"",
         "'on' takes a trigger from the closed vocabulary (catan_dsl/core/vocab.py TRIGGERS)."),
    Code("E402", "unknown-function", "unknown function \"{name}\"",
         "Expressions call only the functions and comprehensions of catan_dsl/core/vocab.py."),
    Code("E403", "unknown-effect", "unknown effect \"{name}\"",
         "A rule's block holds effects of the closed vocabulary (gain, lose, give, choose, ...)."),
    Code("E404", "unknown-forbid", "unknown prohibition \"{name}\"",
         "'forbid' takes robber_move, steal, build, trade, produce or harbor (catan_dsl/core/vocab.py FORBIDS)."),
    Code("E405", "unknown-modifier", "unknown modifier \"{name}\"",
         "'modifier' takes target, vp, route_weight, yield or cost (catan_dsl/core/vocab.py MODIFIERS)."),
    Code("E406", "bad-arguments", "{message}",
         "A function, trigger or effect gets the wrong number or the wrong type of values."),
    Code("E407", "undeclared-name", "{what} \"{name}\" is not declared",
         "A counter, deck, option, mark, item, action or other name is used but never declared."),
    Code("E408", "unbound-variable", "variable \"{name}\" is not bound here",
         "A variable is used outside the rule, comprehension or block that binds it."),
    Code("E409", "unpayable-cost", "the cost of action \"{name}\" can never be paid: {reason}",
         "An action costs more than the bank, the counter's supply or the held tokens can ever cover."),
    Code("E410", "undeclared-special", "special card \"{name}\" is not declared",
         "award / set_aside name a special card that neither this file nor what it extends declares."),
    Code("E411", "incompatible-combination", "{message}",
         "The combined scenario and variants cannot work together (e.g. their player counts exclude each other)."),
    Code("E412", "bad-neutral-site", "{message}",
         "Neutral players' starting settlements must be intersections of the board, one per neutral player."),
    # --- E5xx: IR schema --------------------------------------------------------------------
    Code("E501", "ir-schema", "IR does not match the schema at {where}: {message}",
         "The compiled or loaded IR breaks catan_dsl/ir/schema.json."),
    Code("E502", "ir-version", "IR version {found} is not supported (expected {expected})",
         "The IR file was written by an incompatible version of catan-dsl."),
    Code("E503", "ir-json", "not valid JSON: {reason}",
         "An IR file must be a JSON document."),
    Code("E504", "board-generation", "cannot realise the board: {reason}",
         "--seed could not fill the pools or lay the tokens (e.g. an unsatisfiable constraint)."),
    Code("E505", "ir-inconsistent", "IR is inconsistent: {message}",
         "A schema-valid IR whose board tables disagree, whose counts are absurd or whose names "
         "point nowhere (checked on load, before a game starts)."),
    # --- E9xx: internal ---------------------------------------------------------------------
    Code("E900", "internal-error", "internal error: {reason}",
         "A bug in catan-dsl, not in your file; please report it with the input."),
    # --- warnings ---------------------------------------------------------------------------
    Code("W201", "unused-terrain", "terrain \"{name}\" is declared but no board uses it",
         "A declared terrain that no board places is probably a leftover."),
    Code("E413", "shadowed-name", "'{name}' is already {what} here",
         "A 'let' (or a loop or choice variable) may not reuse a name that is already visible: "
         "a variable of an enclosing block, a declared name or a function. Pick another name."),
    Code("E414", "roll-outside-effect", "roll() can only be used inside an effect",
         "A die is rolled when an effect runs; conditions of 'on', 'forbid', 'modifier' and "
         "action 'when' are decided without chance. Roll in the block: 'let d = roll(6)'."),
    Code("E415", "recursive-procedure", "{what} {name} calls itself ({chain})",
         "Procedures and defines are expanded where they are used, so one may not use itself, "
         "directly or through others; loop with 'each' or 'repeat' instead."),
    Code("E416", "modifier-reads-itself", "modifier {what} reads {name}(), which counts this modifier",
         "A VP modifier's value or condition may not read vp(), public_vp() or vp_of(): they add "
         "the VP modifiers up, so the modifier would ask for itself without end. Count the piece "
         "instead, e.g. '(2 if piece(v) == city else 1)'."),
    Code("W401", "conflicting-settings", "{what} is set differently by two files of the composition",
         "Two variants or scenarios set the same thing in different ways; the later one wins."),
    Code("W402", "self-trigger", "this rule can trigger itself without end: {how}",
         "An 'on' rule with no 'where' condition whose effect causes its own trigger again "
         "(a 'place' in 'on built', a 'reroll' in 'on rolled', a 'draw' in 'on drew') repeats "
         "until the engine's step budget stops the game; add a condition that becomes false."),
    Code("W403", "board-replaced", "{what} replaces board \"{board}\" of scenario {scenario}",
         "A variant chooses another board (the tournament variant picks the base game's random "
         "board), so the scenario's own board, with its special hexes, is not played; a "
         "scenario keeps its board with 'if with VARIANT { use board NAME }'."),
    Code("W404", "read-after-remove", "{what} is read after 'remove {name}' in the same block",
         "After 'remove v' the place is empty: owner(v) is -1 and piece(v) names nothing, so a "
         "later effect of the block reading them does nothing useful; read them first with let."),
    Code("W405", "division-by-zero", "division by zero: this divisor is always 0, and the game "
         "reads the quotient as 0",
         "A divisor that is 0 whatever happens (a literal 0, or numbers and parameters that "
         "make 0) gives 0 in the game, never an error; it is almost certainly a mistake."),
    Code("W406", "amount-too-large", "an amount of {value} in '{what}' is beyond the bound of {most}",
         "An effect's amount (gain, lose, give, draw, steal, build, put, take, share, set_yield) "
         "above the documented bound (docs/limits.md) moves more than a game ever holds: a bank "
         "or supply runs dry long before, so the number is almost certainly a typo."),
    Code("W407", "negative-target", "this modifier can lower the victory target to {low} "
         "(from {target})",
         "'modifier target' with a negative value that, alone or with the other target "
         "modifiers, brings the victory target to 0 or below: every player has that many VP, "
         "so the game is won the moment a turn starts."),
    Code("W408", "never-fires", "this {what} can never {why}",
         "A rule whose trigger number the dice never show (on rolled 13, or on produced 7: "
         "nothing is produced on the robber's number), or whose 'where' / 'when' is always "
         "false (round < 0, 1 > 2, false), never does anything; it is almost certainly a "
         "typo."),
    Code("W301", "divided-sea", "the sea is in {n} parts that no ship sails between: hexes "
         "{hexes} are reached by ship only from the sea around them",
         "In a scenario with ships, a board whose sea hexes form separate parts (islands whose "
         "sea rings do not meet) keeps ships in their own part: land that only a small part "
         "touches can never be reached from the rest of the sea."),
    Code("W202", "unproduced-resource", "no terrain produces resource \"{name}\"",
         "A resource that nothing produces can only come from rules or trades."),
]

CODES: dict[str, Code] = {c.id: c for c in _ALL}
BY_SLUG: dict[str, Code] = {c.slug: c for c in _ALL}
RESERVED_WORDS = frozenset({"on", "action", "counter", "deck", "option", "rule"})
# Words that are reserved but not yet statements (E104 when written as one).
RESERVED_SYNTAX = frozenset({"rule"})
MAX_NUMBER = 10_000
# An amount a rule's effect moves (gain, give, draw...): a whole game's bank and decks hold a few
# hundred items, so more than this is a typo (W406, docs/limits.md).
MAX_AMOUNT = 1_000
