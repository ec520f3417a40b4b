"""IR ``chains`` → an arrow per chain start along each path its first piece may take (asked of the engine)."""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

ARROW = "#0d47a1"


def chain_starts(ir: dict, seed: int | None) -> list[tuple[str, int, int]]:
    """(chain, start vertex, first path) for every legal first piece, as the engine computes it."""
    if not ir.get("chains"):
        return []
    from catan_dsl.engine import Game
    try:
        s = Game(ir).new_initial_state(seed or 0)
    except Exception:  # a picture never fails because a game could not start
        return []
    ch = s.game.rules.chains
    out = []
    for d, sp in enumerate(ch.specs):
        for e, i in ch.steps(s, d):
            out.append((sp.name, s.rules_state.chains[ch.base + 3 * i], e))
    return out


def draw_chain_starts(ax: Axes, ir: dict, vpts, seed: int | None) -> list:
    """Arrows from each chain's start intersection along its first path; legend handles."""
    starts = chain_starts(ir, seed)
    edges = ir["board"]["edges"]
    for j, (name, v, e) in enumerate(starts):
        a, b = edges[e]["vertices"]
        far = b if a == v else a
        art = FancyArrowPatch(vpts[v], vpts[far], arrowstyle="-|>", mutation_scale=22,
                              color=ARROW, linewidth=3.5, zorder=7)
        art.set_gid(f"chain-start-{name}-{j}")
        ax.add_patch(art)
    names = sorted({n for n, _, _ in starts})
    return [Line2D([], [], color=ARROW, linewidth=3, marker=">", markevery=[1],
                   label=f"{n} starts") for n in names]
