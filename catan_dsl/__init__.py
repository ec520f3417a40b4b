"""catan-dsl: .catan scenario source → checked, compiled JSON IR → a deterministic engine that plays it."""

__version__ = "0.1.0"
