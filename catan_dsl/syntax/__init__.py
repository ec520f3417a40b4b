"""Source text → Lark parse tree → frozen AST (the grammar itself lives in grammar/*.lark).

The modules that use lark take its names from `lark_import`, which imports lark without the
modules only building a parser needs when a built one is cached."""
