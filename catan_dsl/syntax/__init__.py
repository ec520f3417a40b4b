"""Source text → Lark parse tree → frozen AST (the grammar itself lives in grammar/*.lark).

Lark is imported here, before any module of the package imports it, so that it is imported
without the modules only building a parser needs when a built one is cached (`lark_import`)."""

from catan_dsl.syntax.lark_import import import_lark

import_lark()
