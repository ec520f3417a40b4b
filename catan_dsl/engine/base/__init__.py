"""The built-in turn of the base game from IR tables: setup, rolls and production, building, cards, trade, awards."""
