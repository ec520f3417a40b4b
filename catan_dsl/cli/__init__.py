"""Command line → the `catan-dsl` click group; the only package that prints or exits."""

from __future__ import annotations

import click

from catan_dsl import __version__
from catan_dsl.cli import frontend, game, pack_cmd, render_cmd


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="catan-dsl")
def main() -> None:
    """Write, check, compile, draw and play Catan scenarios."""


for _module in (frontend, render_cmd, game, pack_cmd):
    for _command in _module.COMMANDS:
        main.add_command(_command)
