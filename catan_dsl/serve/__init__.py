"""A game or a transcript → a local web server: play against bots or friends in the browser, watch a replay."""
