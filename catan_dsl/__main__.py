"""`python -m catan_dsl ARGS` → the same as `catan-dsl ARGS` (handy under a profiler)."""

from catan_dsl.cli import main

main(prog_name="catan-dsl")
