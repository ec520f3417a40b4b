"""The rules vocabulary's functions whose value depends only on a board's layout → one set.

Terrains, numbers, harbours, features and geometry are fixed for one Board object (a hex
changed in play makes a new one, so what is kept per board stays right); none of these reads
pieces, hands or turns. The rules runtime keeps such answers per board, and the search bot lists
the places where a layout-only condition holds; both read this one list.
"""

LAYOUT_FUNCTIONS = frozenset({
    "coast", "edges_of", "feature", "feature_number", "harbor", "harbor_ratio", "has_number",
    "hexes", "hexes_of", "terrain", "vertices_of", "neighbours", "path_between", "interior",
    "distance", "parallel", "paths_within", "path_distance", "clockwise_from", "pips",
    "vertices", "edges", "produces", "hidden", "corner", "side", "ends", "terrains",
    "piece_kinds"})
