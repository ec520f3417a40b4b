"""Scenario packs: a folder of .catan files ⇄ a versioned, hashed .catanpack; installed packs and
pip-shipped packs; ``PACK:SCENARIO`` names (docs/packs.md)."""
