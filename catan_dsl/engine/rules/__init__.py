"""The rules-language runtime: compiled expressions, functions and effects, their executor, and the mechanisms (counters, decks, chains, votes, actions)."""
