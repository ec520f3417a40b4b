"""Transcript + IR → the engine state at the end of turn N → a renderer's ``StateView``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from catan_dsl.engine import Game, IllegalActionError, State, parse_action
from catan_dsl.ir.counters import bookkeeping
from catan_dsl.play.playtest import seat_name  # the colour names of the game log
from catan_dsl.play.transcript import check_format, ir_sha256
from catan_dsl.play.turns import TurnCounter
from catan_dsl.render.state import DEFAULT_PLAYER_COLORS, StateView


class StateAtError(ValueError):
    """The transcript cannot be replayed to the requested turn; the message says why."""


@dataclass(frozen=True)
class StateAt:
    """A replayed game stopped at a turn boundary: the state and how it was reached."""

    state: State
    turn: int           # the turn drawn, numbered as the log numbers it (0 = right after setup)
    steps: int          # transcript steps applied
    last_turn: int      # the transcript's final turn: the one the game ended in
    finished: bool      # every step applied (the end of the recorded game)


def last_turn(transcript: dict) -> int | None:
    """The turn a transcript's game ended in (play.turns numbering); a version-1 transcript
    recorded the turns completed, one fewer for a game won during a turn."""
    final = transcript["final"] if isinstance(transcript["final"], dict) else {}
    last = final.get("turn")
    if not isinstance(last, int):
        return None
    if transcript.get("version") == 1 and final.get("terminal") and final.get("winner") is not None:
        return last + 1
    return last


def state_at(transcript: dict, ir: dict, turn: int | None = None) -> StateAt:
    """Replay ``transcript`` on ``ir`` up to the end of ``turn`` (None: the whole game).

    Turns are numbered as the game log numbers them (play.turns): turn 0 is the position right
    after setup, turn N ends when turn N+1 is about to begin (everything a rule opened at its end
    resolved), and the turn a game was won in ends with the game. Each step must parse and be
    legal, as in :func:`catan_dsl.play.transcript.replay`; no random number is drawn.

    Raises:
        TranscriptError: the document is not a transcript.
        StateAtError: wrong rules (IR hash), a bad turn number or a step that does not apply.
    """
    check_format(transcript)
    if transcript["ir_sha256"] != ir_sha256(ir):
        raise StateAtError("the transcript was played with other rules than this scenario "
                           "(IR hash differs); pass the scenario it was played with")
    last = last_turn(transcript)
    if turn is not None and (turn < 0 or (last is not None and turn > last)):
        raise StateAtError(f"turn {turn} is not in this game: it has turns 0..{last} "
                           f"(0 = after setup)")
    try:
        game = Game(ir, num_players=int(transcript["players"]))
    except (ValueError, KeyError, TypeError) as exc:
        raise StateAtError(f"cannot start the recorded game: {exc}") from exc
    if not isinstance(transcript["board_seed"], int):
        raise StateAtError(f"board_seed must be a whole number, not {transcript['board_seed']!r}")
    state = game.new_initial_state(seed=transcript["board_seed"])
    steps = transcript["steps"]
    counter = TurnCounter()
    done = 0
    for i, step in enumerate(steps):
        if turn is not None and counter.over and counter.turn >= turn:
            break
        try:
            state.apply_action(parse_action(str(step["action"]), game))
        except IllegalActionError as exc:
            raise StateAtError(f"step {i} ({step['action']!r}) is illegal here: {exc}") from exc
        except (ValueError, KeyError, TypeError) as exc:
            raise StateAtError(f"step {i} ({step['action']!r}) cannot be read: {exc}") from exc
        counter.after(state)
        done = i + 1
    if turn is not None and counter.turn < turn and not state.is_terminal():
        raise StateAtError(f"the transcript stops in turn {counter.turn}, before turn {turn} "
                           f"ends")
    return StateAt(state, counter.turn, done, last if last is not None else counter.turn,
                   done == len(steps))


def _chain_pieces(state: State) -> dict[int, str]:
    """Edge → piece kind of the engine's chains (pieces grown path by path, owned by nobody)."""
    chains = getattr(state.game.rules, "chains", None)
    st = getattr(state.rules_state, "chains", None)
    if not chains or not st:
        return {}
    out = {}
    for e in range(state.board.n_edges):
        i = chains.piece_at(st, e)
        if i >= 0:
            out[e] = chains.specs[chains.inst_spec[i]].piece
    return out


def _counters(state: State, p: int) -> list[tuple[str, int | str]]:
    """What the table can see of seat ``p``'s rule items: each counter a player sees (not the
    rules' bookkeeping, ``ir.counters.bookkeeping``) that is not 0, how many tokens it holds of
    each token deck (face down, so only the count) and any revealed item."""
    rules, rules_state = state.game.rules, state.rules_state
    if rules is None or rules_state is None:
        return []
    decl = state.game.ir.get("counters") or {}
    out: list[tuple[str, int | str]] = [
        ((decl.get(c.name) or {}).get("label") or c.name.replace("_", " "), rules_state.counters[p][i])
        for i, c in enumerate(getattr(rules, "counters", ()))
        if not c.shared and rules_state.counters[p][i]
        and not bookkeeping(c.name, decl.get(c.name) or {})]
    for di, d in enumerate(getattr(rules, "decks", ())):
        if d.kind != "tokens":
            continue
        held = rules_state.held[di][p]
        n = sum(held)
        if n:
            out.append((f"{d.name.replace('_', ' ')} token{'' if n == 1 else 's'}", n))
        out += [("", item.replace("_", " ")) for i, item in enumerate(d.items)
                if held[i] and (d.revealed[i] or rules_state.revealed.get(item))]
    return out


def _idle_hexes(state: State) -> frozenset[int]:
    """Producing hexes a ``forbid produce`` holds for now (asked as at production)."""
    rules = state.game.rules
    if rules is None or not rules.forbids.get("produce"):
        return frozenset()
    b = state.board
    return frozenset(h for h in range(b.n_hexes) if b.hex_resource[h] >= 0
                     and rules.forbidden(state, "produce", state.cur, {"at": h}) is not None)


def state_view(state: State, colors: tuple[str, ...] = DEFAULT_PLAYER_COLORS) -> StateView:
    """Read the engine's public state into a ``StateView``: pieces by kind and owner, the robber
    (None when off the board), marks, and per-seat labels with VP (neutral seats say so)."""
    g = state.game
    names = g.piece_names
    verts = {v: (names[k], state.v_owner[v]) for v, k in enumerate(state.v_kind) if k >= 0}
    edges = {e: (names[k], state.e_owner[e]) for e, k in enumerate(state.e_kind) if k >= 0}
    marks: dict[str, tuple[str, ...]] = {}
    hex_markers: dict[int, tuple[tuple[str, int], ...]] = {}
    edge_markers: dict[int, tuple[tuple[str, int], ...]] = {}
    vertex_units: dict[int, tuple[tuple[str, int], ...]] = {}
    more: dict[int, tuple[tuple[str, int], ...]] = {}
    rules_state: Any = state.rules_state
    if rules_state is not None:
        marks = {str(k): tuple(v) for k, v in sorted(rules_state.marks.items(), key=lambda kv: str(kv[0]))}
        labels_of = {n: (m.get("label") or n) for n, m in (g.ir.get("markers") or {}).items()}
        for i, (name, _, _) in enumerate(g.rules.marker_specs):
            into = edge_markers if g.rules.marker_on[i] == "edge" else hex_markers
            for h, n in enumerate(rules_state.markers[i]):
                if n:
                    into[h] = into.get(h, ()) + ((labels_of.get(name, name), n),)
        for i, (name, _) in enumerate(g.rules.unit_specs):
            label = ((g.ir.get("units") or {}).get(name) or {}).get("label") or name
            places = g.rules.unit_places[i]
            for x, owner in places.standing(rules_state.units[i]):
                if places.vertex:
                    vertex_units[x] = vertex_units.get(x, ()) + ((label, owner),)
                elif x in edges:                    # beside whatever road shares its path
                    more[x] = more.get(x, ()) + ((label, owner),)
                else:
                    edges[x] = (label, owner)
        for e, kind in _chain_pieces(state).items():
            # A chain piece owns no seat (-1) and may share its path with a player's piece.
            if e in edges:
                more[e] = more.get(e, ()) + ((kind, -1),)
            else:
                edges[e] = (kind, -1)
    robber = state.robber if 0 <= state.robber < state.board.n_hexes else None
    labels = []
    for p in range(g.num_players):
        who = seat_name(p)
        if p >= g.n_real:
            labels.append(f"{who} (neutral)")
        else:
            held = [g.specials[i].name.replace("_", " ") for i, h in enumerate(state.holders)
                    if h == p]
            counts = [f"{n} {label}".strip() for label, n in _counters(state, p)]
            labels.append(f"{who} {state.vp(p)} VP" + (f" ({', '.join(held)})" if held else "")
                          + "".join(f" · {c}" for c in counts)
                          + (" — winner" if state.winner() == p else ""))
    shared = tuple(f"{c.label} {rules_state.shared[i]}" + (f" of {c.max}" if c.max is not None else "")
                   for i, c in enumerate(g.rules.counters) if c.shared) \
        if rules_state is not None and g.rules.any_shared else ()
    b = state.board
    faces = tuple((b.hex_terrain[h], tuple(b.hex_numbers[h]), h in b.hex_hidden)
                  for h in range(b.n_hexes)) if b.revision else None
    robbers = tuple((r.name, h) for r, h in zip(g.rules.robbers, rules_state.robbers)) \
        if rules_state is not None and g.rules.robbers else ()
    return StateView(pieces_on_vertices=verts, pieces_on_edges=edges, robber_hex=robber, hexes=faces,
                     player_colors=colors, more_on_edges=more, marks=marks, player_labels=tuple(labels),
                     robber_off_board=robber is None and not g.no_robber, shared_labels=shared,
                     hex_markers=hex_markers, edge_markers=edge_markers, vertex_units=vertex_units,
                     idle_hexes=_idle_hexes(state), robbers=robbers)


def caption(at: StateAt) -> str:
    """Words for where the replay stopped: after setup, end of turn N, or the game's end (the
    turn numbers of the game log)."""
    s = at.state
    if s.is_terminal():
        w = s.winner()
        return (f"end of the game: {seat_name(w)} wins in turn {at.turn}" if w is not None
                else f"end of the game after {at.turn} turns")
    if at.finished and at.turn == at.last_turn and at.turn > 0:
        return f"end of the recorded game (turn cap): {at.turn} turns"
    return "after setup (turn 0)" if at.turn == 0 else f"end of turn {at.turn}"
