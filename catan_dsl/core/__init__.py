"""Shared foundations → source files and spans, diagnostic codes and reports, hex geometry, board topology, the rules vocabulary."""
