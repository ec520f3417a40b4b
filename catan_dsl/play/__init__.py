"""Engine + bots → many seeded games, their statistics, transcripts and readable logs."""
