"""A root ``.catan`` path → the files of its composition (what it extends and imports, then
its ``with`` variants), each read and parsed once, in merge order, with the files' diagnostics:
unreadable files, loops (E210) and chains past the depth limit (E230)."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Iterable

from catan_dsl.core.diagnostics import Report
from catan_dsl.core.files import FileRefused, read_limited
from catan_dsl.core.paths import candidates
from catan_dsl.core.source import SourceFile, Span, file_span
from catan_dsl.syntax import ast as A
from catan_dsl.syntax.recovery import parse_all
from catan_dsl.syntax.transformer import to_ast

_SCENARIO_DIRS = candidates("scenarios")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)      # what extends/import/with take

MAX_SOURCE_BYTES = 1_000_000     # docs/limits.md


def read_source(path: str, report: Report, span: Span | None = None,
                shown: str | None = None) -> SourceFile | None:
    """Read a file as UTF-8; a missing, non-regular, oversized or undecodable file becomes a
    diagnostic, decided before any byte is read. Diagnostics name the file ``shown`` (default:
    ``path``), e.g. a pack's member name instead of where it was unpacked."""
    shown = path if shown is None else shown
    try:
        data = read_limited(path, MAX_SOURCE_BYTES)
    except FileRefused as refused:
        hint = ("is this the scenario file you meant?" if refused.code == "E107" else
                "name a .catan file" + (" or use 'check' on the folder"
                                        if refused.args_.get("kind") == "a folder" else ""))
        args = {**refused.args_, "path": shown}
        report.error(refused.code, span or file_span(shown), hint=hint, **args)
        return None
    except OSError as e:
        report.error("E106", span or file_span(shown), path=shown, reason=e.strerror or type(e).__name__,
                     hint="check the path" if span is None else "is the file name right?")
        return None
    path = shown
    odd = _not_text(data)
    if odd is not None:
        src = SourceFile(path, "")
        report.add_source(src)
        report.error("E105", src.span_at(0, 1), reason=odd[0], hint=odd[1])
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        prefix = data[: e.start].decode("utf-8", errors="replace")
        src = SourceFile(path, prefix)
        report.add_source(src)
        legacy = _legacy_text(data)
        report.error("E105", src.span_at(len(prefix), 1),
                     reason=f"byte 0x{data[e.start]:02x} at offset {e.start}",
                     hint=f"save the file as UTF-8 (it reads as Windows-1252 / Latin-1 text, "
                          f"where that byte is '{legacy[e.start]}')" if legacy is not None
                     else "save the file as UTF-8")
        return None
    if text.startswith("\ufeff"):
        text = text[1:]  # a BOM is harmless; editors on Windows add it
    if "\r" in text:
        # Windows (CRLF) and old Mac (CR) line ends, even mixed, count lines as "\n" does.
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    src = SourceFile(path, text)
    report.add_source(src)
    return src


def _not_text(data: bytes) -> tuple[str, str] | None:
    """What a file that is no UTF-8 text is instead (the reason and the hint of E105): UTF-16,
    whose byte-order mark says so, or a binary file, which holds NUL bytes; None otherwise."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return ("it is UTF-16 text, its first bytes say", "save the file as UTF-8 (in most "
                "editors: Save As, encoding UTF-8)")
    nul = data.find(b"\0", 0, 4096)
    if nul >= 0:
        return (f"byte 0x00 at offset {nul}: a binary file, not text",
                "is this the scenario file you meant? A .catan file is UTF-8 text")
    return None


def _legacy_text(data: bytes) -> str | None:
    """The file as Windows-1252 text when it reads as text in it (an editor's legacy encoding),
    one character per byte; None for anything else (a binary file)."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        return None
    odd = sum(1 for ch in text if not ch.isprintable() and ch not in "\n\r\t")
    return text if odd == 0 else None


def parse_source(src: SourceFile, report: Report) -> A.File | None:
    """The file's AST, or None with every syntax error of the file in the report."""
    tree, diags = parse_all(src)
    report.extend(diags)
    if tree is None:
        return None
    return to_ast(tree, src.path)


def suggest(name: str, candidates: Iterable[str]) -> str | None:
    """A "did you mean" hint from the closest candidate, if any is close enough."""
    import difflib          # here: a check without a misspelt name never needs it (start-up)

    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return f'did you mean "{close[0]}"?' if close else None


def resolve_name(name: str, from_dir: Path) -> Path | None:
    """``extends base`` → ``base.catan`` beside the file, then the shipped scenario folders,
    then the scenarios of the packs shipped in them (``extends seafarers`` from any folder)."""
    for d in (from_dir, *_SCENARIO_DIRS, *_shipped_pack_dirs()):
        p = d / f"{name}.catan"
        if p.is_file():
            return p
    return None


@functools.cache
def _shipped_pack_dirs() -> tuple[Path, ...]:
    """``<shipped scenarios>/PACK/scenarios`` of every pack folder shipped there (``seafarers``),
    looked at once: a designer's own file extends a pack's shared rules by name."""
    return tuple(sorted(p.parent / "scenarios" for d in _SCENARIO_DIRS if d.is_dir()
                        for p in d.glob("*/pack.toml")))


def reachable_files(from_dir: Path) -> dict[str, Path]:
    """Every name ``extends``/``import``/``with`` can take from a file in ``from_dir`` → the
    file it resolves to (beside the file first, then the shipped scenarios and packs), as
    resolve_name."""
    out: dict[str, Path] = {}
    for d in (from_dir, *_SCENARIO_DIRS, *_shipped_pack_dirs()):
        if d.is_dir():
            for p in sorted(d.glob("*.catan")):
                if p.is_file() and _NAME.fullmatch(p.stem):
                    out.setdefault(p.stem, p)
    return out


def display(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


# How many extends/import/with references deep a composition may reach (docs/limits.md): the
# shipped scenarios need 2; the bound keeps a pack of many chained files from stalling a check.
MAX_COMPOSITION_DEPTH = 32


class ParsedFiles:
    """Files read, parsed and located once for many checks that share them (a pack's scenarios
    all extend one another and the shipped files): resolved path → source, AST and syntax
    diagnostics. Only for files that do not change while it lives; ``shown`` names files in
    diagnostics (resolved path → e.g. a pack member's name instead of a temporary folder)."""

    def __init__(self, shown: dict[Path, str] | None = None) -> None:
        self.shown = {p.resolve(): name for p, name in (shown or {}).items()}
        self.parsed: dict[Path, tuple[SourceFile, A.File | None, list]] = {}
        self.found: dict[tuple[str, Path], Path | None] = {}
        self.resolved: dict[Path, Path] = {}

    def resolve(self, p: Path) -> Path:
        key = self.resolved.get(p)
        if key is None:
            key = self.resolved[p] = p.resolve()
        return key

    def resolve_name(self, name: str, from_dir: Path) -> Path | None:
        key = (name, from_dir)
        if key not in self.found:
            self.found[key] = resolve_name(name, from_dir)
        return self.found[key]


class Loader:
    """Reads the files of one composition depth-first; each file is collected once."""

    def __init__(self, report: Report, texts: dict[Path, str] | None = None,
                 cache: ParsedFiles | None = None) -> None:
        self.report = report
        self.texts = texts or {}      # resolved path → unsaved text (an editor's open buffers)
        self.cache = cache if cache is not None else ParsedFiles()
        self.files: dict[Path, A.File | None] = {}
        self.failed = False
        self.with_seen: set[Path] = set()
        self.collected: set[Path] = set()   # started: a second visit adds nothing new

    def file(self, path: Path, shown: str | None, span: Span | None) -> A.File | None:
        """The AST of ``path`` (None if unreadable or not parsed), named ``shown`` in diagnostics
        unless the cache names it (default: relative to the working folder)."""
        key = self.cache.resolve(path)
        if key not in self.files:
            shown = self.cache.shown.get(key) or shown or display(path)
            if key in self.texts:
                src: SourceFile | None = SourceFile(shown, self.texts[key].replace("\r\n", "\n"))
                self.report.add_source(src)  # type: ignore[arg-type]
                self.files[key] = parse_source(src, self.report) if src else None
            elif key in self.cache.parsed:
                src, tree, diags = self.cache.parsed[key]
                self.report.add_source(src)
                self.report.extend(diags)
                self.files[key] = tree
            else:
                src = read_source(str(path), self.report, span, shown)
                if src is None:
                    self.files[key] = None
                else:
                    own = Report()
                    tree = parse_source(src, own)
                    self.cache.parsed[key] = (src, tree, own.diagnostics)
                    self.report.add_source(src)
                    self.report.extend(own.diagnostics)
                    self.files[key] = tree
        return self.files[key]

    def collect(self, path: Path, shown: str | None, span: Span | None, stack: tuple[Path, ...],
                via: tuple[Span, ...] = (), withs: tuple[Path, ...] = (),
                with_via: tuple[Span, ...] = (), depth: int = 0) -> list[A.File]:
        """``path``'s file after what it extends and imports, then its ``with`` variants.

        ``stack``/``via``: the extends/import chain here and its references (loops are E210);
        ``withs``/``with_via``: the chain of ``with`` references here (a loop of them is E210);
        ``depth``: references from the root, all kinds counted (past the limit: E230). A file
        collected before adds nothing: the merge keeps a file's first place anyway, and this
        keeps a lattice of imports linear."""
        key = self.cache.resolve(path)
        f = self.file(path, shown, span)
        if f is None or key in self.collected:
            return []
        self.collected.add(key)
        here = key.parent
        stack = stack + (key,)
        withs = withs or (key,)
        out: list[A.File] = []
        refs: list[tuple[str, A.Ident]] = []
        if f.unit.extends is not None:
            refs.append(("extends", f.unit.extends))
        refs += [("import", imp.name) for imp in f.imports]
        for what, ident in refs:
            out += self._follow(what, ident, here, stack, via, depth)
        out.append(f)
        for ident in f.unit.with_:
            target = self.cache.resolve_name(ident.value, here)
            if target is not None and self.cache.resolve(target) in withs:
                chain = withs + (self.cache.resolve(target),)
                k = withs.index(self.cache.resolve(target))
                self.failed = True
                self.report.error("E210", (with_via + (ident.span,))[k], what="with",
                                  chain=" -> ".join(p.stem for p in chain[k:]),
                                  hint="a variant combines what it needs without being "
                                       "combined back: drop one of these 'with's")
                continue
            if target is not None and self.cache.resolve(target) in self.with_seen:
                continue  # combined already; a variant may extend the file that names it
            if target is not None:
                self.with_seen.add(self.cache.resolve(target))
            # A variant applied with "with" may extend the file that names it (variant
            # harbormaster extends base; base with harbormaster): not a cycle, so the
            # extends/import chain starts afresh; only a loop of "with" references is one.
            out += self._follow("with", ident, here, (), (), depth, withs, with_via)
        return out

    def _follow(self, what: str, ident: A.Ident, here: Path, stack: tuple[Path, ...],
                via: tuple[Span, ...], depth: int, withs: tuple[Path, ...] = (),
                with_via: tuple[Span, ...] = ()) -> list[A.File]:
        """The files ``ident`` brings in, ``depth`` references below the root."""
        target = self.cache.resolve_name(ident.value, here)
        if target is None:
            self.failed = True
            looked = (f"looked for {ident.value}.catan beside this file, in the shipped "
                      f"scenarios and in the shipped packs' scenarios")
            close = suggest(ident.value, reachable_files(here))
            self.report.error("E209", ident.span, what=what, name=ident.value,
                              hint=f"{close} ({looked})" if close else looked)
            return []
        if depth + 1 > MAX_COMPOSITION_DEPTH:
            self.failed = True
            self.report.error("E230", ident.span, what=what, name=ident.value, depth=depth + 1,
                              limit=MAX_COMPOSITION_DEPTH,
                              hint="merge some files of the chain, or extend a file nearer the "
                                   "base game")
            return []
        key = self.cache.resolve(target)
        via = via + (ident.span,)
        if key in stack:
            self.failed = True
            k = stack.index(key)
            chain = " -> ".join(p.stem for p in stack[k:])
            # Report where the loop starts (the reference leaving the first file of the loop),
            # so checking any file of the loop points at a line of that file when possible.
            self.report.error("E210", via[k], what=what, chain=f"{chain} -> {target.stem}",
                              hint="one file of the loop must stop naming the next: extend "
                                   "base, or put what both share in a file both import")
            return []
        if self.file(target, None, ident.span) is None:
            self.failed = True
        if what == "with":
            return self.collect(target, None, ident.span, (), (), withs + (key,),
                                with_via + (ident.span,), depth + 1)
        return self.collect(target, None, ident.span, stack, via, depth=depth + 1)
