"""Exit codes and small output helpers shared by every CLI command."""

from __future__ import annotations

EXIT_OK = 0
EXIT_ERRORS = 1  # the input has errors (diagnostics were printed)
EXIT_USAGE = 2  # the command line itself is wrong (click uses 2 as well)
EXIT_MISMATCH = 3  # replay: the transcript does not reproduce
