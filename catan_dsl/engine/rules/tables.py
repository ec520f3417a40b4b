"""Every rules-language implementation module → the merged tables the runtime is handed:
effects by IR head, functions by vocabulary name, continuations by name."""

from __future__ import annotations

from typing import Callable

from catan_dsl.engine.rules import (board_effects, board_functions, chains, chance, effects,
                                    functions, game_flow, hex_changes, markers, piece_moves, shares,
                                    special_cards, stocks, units, votes)

# IR effect head → factory (node, ctx) → Eff; one entry per vocab.EFFECTS name.
EFFECTS: dict[str, Callable] = {**effects.EFFECTS, **board_effects.EFFECTS, **chains.EFFECTS,
                                **votes.EFFECTS, **chance.EFFECTS, **markers.EFFECTS,
                                **units.EFFECTS, **shares.EFFECTS, **hex_changes.EFFECTS,
                                **piece_moves.EFFECTS, **game_flow.EFFECTS}
# vocab.FUNCTIONS name → factory (ctx, compiled args, raw args) → (closure, type).
FUNCTIONS: dict[str, Callable] = {**functions.FUNCTIONS, **chains.FUNCTIONS, **markers.FUNCTIONS,
                                    **units.FUNCTIONS, **board_functions.FUNCTIONS,
                                    **piece_moves.FUNCTIONS, **special_cards.FUNCTIONS}
# Continuations named in plain data inside prompts and work items (so clones and transcripts
# stay plain data): name → fn(state, *args).
CALLS: dict[str, Callable] = {**board_effects.CALLS, **stocks.CALLS, **chance.CALLS,
                              **shares.CALLS, **hex_changes.CALLS, **effects.CALLS,
                              **game_flow.CALLS}
