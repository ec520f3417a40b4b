"""Language Server Protocol over stdio (pygls) → the checker's diagnostics as you type, hover,
completion, go to definition, the outline and formatting for ``.catan`` files."""

from __future__ import annotations

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from catan_dsl import __version__
from catan_dsl.core.diagnostics import Diagnostic, Severity
from catan_dsl.core.source import SourceFile, Span
from catan_dsl.editor import language
from catan_dsl.editor.fmt import format_source

_SYMBOL_KINDS = {"scenario": T.SymbolKind.Module, "variant": T.SymbolKind.Module,
                 "board": T.SymbolKind.Struct, "deck": T.SymbolKind.Array,
                 "rule": T.SymbolKind.Event, "action": T.SymbolKind.Method,
                 "procedure": T.SymbolKind.Function, "terrain": T.SymbolKind.EnumMember,
                 "piece": T.SymbolKind.Class, "counter": T.SymbolKind.Variable,
                 "option": T.SymbolKind.Boolean, "namespace": T.SymbolKind.Namespace}
_COMPLETION_KINDS = {"keyword": T.CompletionItemKind.Keyword,
                     "function": T.CompletionItemKind.Function,
                     "trigger": T.CompletionItemKind.Event,
                     "resource": T.CompletionItemKind.Value,
                     "terrain": T.CompletionItemKind.EnumMember,
                     "procedure": T.CompletionItemKind.Function}


def _range(span: Span | None) -> T.Range:
    if span is None:
        return T.Range(T.Position(0, 0), T.Position(0, 1))
    end_line = max(span.end_line, span.line)
    end_col = span.end_col if span.end_line >= span.line else span.col + 1
    return T.Range(T.Position(span.line - 1, max(0, span.col - 1)),
                   T.Position(end_line - 1, max(0, end_col - 1)))


def to_lsp(d: Diagnostic) -> T.Diagnostic:
    """A checker diagnostic as the editor shows it: range, code, message, hint and notes."""
    message = d.message + (f"\nhelp: {d.hint}" if d.hint else "")
    related = [T.DiagnosticRelatedInformation(
        T.Location(from_fs_path(span.path) or span.path, _range(span)), label)
        for label, span in d.notes if span is not None and span.path]
    severity = {Severity.ERROR: T.DiagnosticSeverity.Error,
                Severity.WARNING: T.DiagnosticSeverity.Warning}.get(d.severity,
                                                                    T.DiagnosticSeverity.Information)
    return T.Diagnostic(range=_range(d.span), message=message, severity=severity, code=d.code,
                        source="catan-dsl", related_information=related or None)


def _symbol(s: language.Symbol) -> T.DocumentSymbol:
    r = _range(s.span)
    return T.DocumentSymbol(name=s.name, kind=_SYMBOL_KINDS.get(s.kind, T.SymbolKind.Object),
                            range=r, selection_range=r,
                            children=[_symbol(c) for c in s.children] or None)


def build_server() -> LanguageServer:
    server = LanguageServer("catan-dsl", __version__,
                            text_document_sync_kind=T.TextDocumentSyncKind.Full)

    def path_of(uri: str) -> str:
        return to_fs_path(uri) or uri

    def publish(uri: str) -> None:
        doc = server.workspace.get_text_document(uri)
        opened = {path_of(u): d.source for u, d in server.workspace.text_documents.items()
                  if u != uri}
        found = language.diagnostics(path_of(uri), doc.source, opened)
        server.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
            uri=uri, version=doc.version, diagnostics=[to_lsp(d) for d in found]))

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: T.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: T.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: T.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LanguageServer, params: T.DidCloseTextDocumentParams) -> None:
        server.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: T.HoverParams) -> T.Hover | None:
        doc = server.workspace.get_text_document(params.text_document.uri)
        text = language.hover(path_of(doc.uri), doc.source, params.position.line,
                              params.position.character)
        if text is None:
            return None
        return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text))

    @server.feature(T.TEXT_DOCUMENT_COMPLETION,
                    T.CompletionOptions(trigger_characters=[" ", "("]))
    def completion(ls: LanguageServer, params: T.CompletionParams) -> T.CompletionList:
        doc = server.workspace.get_text_document(params.text_document.uri)
        items = [T.CompletionItem(label=c.label, detail=c.detail or None,
                                  kind=_COMPLETION_KINDS.get(c.kind, T.CompletionItemKind.Reference))
                 for c in language.completions(path_of(doc.uri), doc.source,
                                               params.position.line, params.position.character)]
        return T.CompletionList(is_incomplete=False, items=items)

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: LanguageServer, params: T.DefinitionParams) -> T.Location | None:
        doc = server.workspace.get_text_document(params.text_document.uri)
        span = language.definition(path_of(doc.uri), doc.source, params.position.line,
                                   params.position.character)
        if span is None:
            return None
        return T.Location(from_fs_path(span.path) or span.path, _range(span))

    @server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(ls: LanguageServer, params: T.DocumentSymbolParams
                        ) -> list[T.DocumentSymbol]:
        doc = server.workspace.get_text_document(params.text_document.uri)
        return [_symbol(s) for s in language.symbols(path_of(doc.uri), doc.source)]

    @server.feature(T.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: LanguageServer, params: T.DocumentFormattingParams
                   ) -> list[T.TextEdit] | None:
        doc = server.workspace.get_text_document(params.text_document.uri)
        after, _ = format_source(SourceFile(path_of(doc.uri), doc.source))
        if after is None or after == doc.source:
            return [] if after is not None else None
        lines = doc.source.split("\n")
        whole = T.Range(T.Position(0, 0), T.Position(len(lines), 0))
        return [T.TextEdit(range=whole, new_text=after)]

    return server


def serve() -> None:
    """Run the server on stdin/stdout until the client says exit."""
    build_server().start_io()
