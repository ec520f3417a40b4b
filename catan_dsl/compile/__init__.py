"""Checked Model → the rules lowered to typed S-expressions, then the whole IR dict."""
