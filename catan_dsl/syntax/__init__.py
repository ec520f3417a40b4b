"""Source text → Lark parse tree → frozen AST (the grammar itself lives in grammar/*.lark)."""
