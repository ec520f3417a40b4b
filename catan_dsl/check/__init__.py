"""AST files → a merged Model (extends, imports, variants) and its semantic diagnostics."""
