"""Engine package: IR → playable game states (filled in by the engine work)."""
