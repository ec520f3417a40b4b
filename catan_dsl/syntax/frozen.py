"""The syntax nodes' kind: core/frozen.py's frozen records (`syntax_node`, `Frozen`)."""

from __future__ import annotations

from catan_dsl.core.frozen import Frozen
from catan_dsl.core.frozen import frozen_record as syntax_node

__all__ = ["Frozen", "syntax_node"]
