"""CLI commands (placeholder until its owner fills it in)."""

COMMANDS: list = []
