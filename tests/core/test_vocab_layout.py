"""The layout-only functions the rules runtime keeps per board, and the search bot lists goal
places by, are functions of the rules vocabulary (a renamed one cannot drop out silently)."""

from catan_dsl.core.vocab import FUNCTIONS
from catan_dsl.core.vocab_layout import LAYOUT_FUNCTIONS


def test_every_layout_function_is_a_vocabulary_function():
    assert LAYOUT_FUNCTIONS - set(FUNCTIONS) == set()


def test_functions_that_read_pieces_or_hands_are_not_layout_functions():
    assert {"owner", "count_of", "pieces", "units", "markers", "robber_hex"} & LAYOUT_FUNCTIONS == set()
