"""IR or a game-state view → matplotlib figures of the board → SVG/PNG."""
