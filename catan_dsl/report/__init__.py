"""Playtest results → reports people read: HTML and Markdown, A/B comparisons with tests."""
