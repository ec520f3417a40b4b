"""``pack.toml`` text and ``RECORD`` lines → validated pack metadata and file hashes (or a PackError)."""

from __future__ import annotations

import hashlib
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from catan_dsl import __version__

# Every pattern here is used with fullmatch (a '$' also matches before a final newline, which
# once let "core\n" install as a second "core") and re.ASCII (without it, \d takes any
# script's digits and [A-Z] with IGNORECASE takes the Kelvin sign and the long s).
# Python's project-name rule (PEP 508 names): letters, digits, '.', '_' and '-', starting and
# ending with a letter or digit; compared after normalisation (PEP 503).
NAME_RE = re.compile(r"[A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9]", re.IGNORECASE | re.ASCII)
# Semantic versioning 2.0.0: MAJOR.MINOR.PATCH with an optional pre-release and build part.
SEMVER_RE = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
                       r"(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?",
                       re.ASCII)
MAX_NAME = 100            # characters of a pack name or version (a folder name is both)
MAX_FIELD = 1_000         # characters of a description, license or author
RECORD = "RECORD"
PACK_TOML = "pack.toml"
KNOWN_KEYS = {"name", "version", "description", "license", "authors", "requires-catan-dsl",
              "dependencies"}


class PackError(Exception):
    """A pack that cannot be built, verified, installed or used; the message says why."""


def normalize(name: str) -> str:
    """The canonical form pack names are compared in: ``Island_Race`` → ``island-race``."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class PackMeta:
    """What ``pack.toml`` says about a pack."""

    name: str
    version: str
    description: str
    license: str
    authors: tuple[str, ...]
    requires: str = ""                                     # catan-dsl versions, e.g. ">=0.1,<1"
    dependencies: dict[str, str] = field(default_factory=dict)  # pack name → version range

    @property
    def key(self) -> str:
        return normalize(self.name)

    @property
    def filename(self) -> str:
        return f"{self.key}-{self.version}.catanpack"

    def to_dict(self) -> dict:
        return {"name": self.name, "version": self.version, "description": self.description,
                "license": self.license, "authors": list(self.authors),
                "requires-catan-dsl": self.requires, "dependencies": dict(self.dependencies)}


def parse_meta(text: str, where: str = PACK_TOML) -> PackMeta:
    """Validate ``pack.toml`` (a ``[pack]`` table, plus an optional ``[dependencies]`` table)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        # tomllib ends its message "(at line L, column C)": lead with it, as a compiler does.
        at = re.search(r" \(at line (\d+), column (\d+)\)$", str(e))
        if at is None:
            raise PackError(f"{where}: not valid TOML: {e}") from None
        raise PackError(f"{where}:{at[1]}:{at[2]}: not valid TOML: {str(e)[:at.start()]}") from None
    pack = data.get("pack")
    if not isinstance(pack, dict):
        raise PackError(f"{where}: needs a [pack] table with name, version, description, license "
                        "and authors")
    extra = sorted(set(pack) - KNOWN_KEYS)
    if extra:
        raise PackError(f"{where}: unknown key {extra[0]!r} in [pack]; keys: "
                        + ", ".join(sorted(KNOWN_KEYS)))
    for key in ("name", "version", "description", "license"):
        if not isinstance(pack.get(key), str) or not pack[key].strip():
            raise PackError(f"{where}: [pack] {key} must be a non-empty string")
        _one_line(pack[key], f"{where}: [pack] {key}", MAX_NAME if key in ("name", "version")
                  else MAX_FIELD)
    name, version = pack["name"], pack["version"]
    if not NAME_RE.fullmatch(name):
        raise PackError(f"{where}: pack name {name!r} is not a valid project name (letters, "
                        "digits, '.', '_', '-'; starting and ending with a letter or digit)")
    if not SEMVER_RE.fullmatch(version):
        raise PackError(f"{where}: version {version!r} is not a semantic version "
                        "(MAJOR.MINOR.PATCH, e.g. 1.0.0 or 2.1.0-beta.1)")
    authors = pack.get("authors")
    if not isinstance(authors, list) or not authors or not all(isinstance(a, str) and a.strip()
                                                              for a in authors):
        raise PackError(f"{where}: [pack] authors must be a non-empty list of strings")
    for author in authors:
        _one_line(author, f"{where}: [pack] authors", MAX_FIELD)
    requires = pack.get("requires-catan-dsl", "")
    if not isinstance(requires, str):
        raise PackError(f"{where}: requires-catan-dsl must be a version range string")
    _specifier(requires, f"{where}: requires-catan-dsl")
    deps = data.get("dependencies", pack.get("dependencies", {}))
    if not isinstance(deps, dict):
        raise PackError(f"{where}: [dependencies] maps pack names to version ranges")
    for dep, rng in deps.items():
        if len(dep) > MAX_NAME or not NAME_RE.fullmatch(dep):
            raise PackError(f"{where}: dependency {dep!r} is not a valid pack name")
        if not isinstance(rng, str):
            raise PackError(f"{where}: dependency {dep} needs a version range string, e.g. \">=1.0\"")
        _specifier(rng, f"{where}: dependency {dep}")
        if normalize(dep) == normalize(name):
            raise PackError(f"{where}: pack {name} depends on itself")
    return PackMeta(name=name, version=version, description=pack["description"],
                    license=pack["license"], authors=tuple(authors), requires=requires,
                    dependencies={normalize(d): r for d, r in sorted(deps.items())})


def _one_line(text: str, what: str, limit: int) -> None:
    """Refuse what could rewrite a listing: line breaks, control and format characters (a
    description "x\\ncore 9.9.9" would print as a second pack in 'pack list'; a right-to-left
    override would reverse what follows), and overlong text."""
    if len(text) > limit:
        raise PackError(f"{what} is {len(text):,} characters long (at most {limit:,})")
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise PackError(f"{what} holds the character {ascii(ch)} (line breaks, "
                            "control, format and unassigned characters are refused)")


def _specifier(text: str, what: str) -> SpecifierSet:
    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        raise PackError(f"{what}: {text!r} is not a version range (e.g. \">=1.0,<2\")") from None


def satisfies(version: str, rng: str) -> bool:
    """Does ``version`` (semantic) lie in the range ``rng`` (PEP 440 specifiers)?"""
    try:
        return SpecifierSet(rng).contains(Version(version), prereleases=True)
    except (InvalidSpecifier, InvalidVersion):
        return False


def check_tool_version(meta: PackMeta) -> None:
    """Refuse a pack that needs another catan-dsl than the one running."""
    if meta.requires and not satisfies(__version__, meta.requires):
        raise PackError(f"pack {meta.name} {meta.version} needs catan-dsl {meta.requires}, "
                        f"this is catan-dsl {__version__}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def record_text(files: dict[str, bytes]) -> str:
    """RECORD lines (``path,sha256=HEX,SIZE``) for every file, sorted; RECORD lists itself last
    without a hash, as a wheel's does."""
    lines = [f"{name},sha256={sha256(data)},{len(data)}" for name, data in sorted(files.items())]
    return "\n".join(lines + [f"{RECORD},,"]) + "\n"


def parse_record(text: str) -> dict[str, tuple[str, int]]:
    """RECORD text → path → (sha256 hex, size); a malformed line is a PackError naming it."""
    out: dict[str, tuple[str, int]] = {}
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        parts = line.rsplit(",", 2)
        if len(parts) != 3:
            raise PackError(f"{RECORD}:{i}: expected 'path,sha256=HEX,SIZE', got {line!r}")
        path, digest, size = parts
        if path == RECORD:
            continue
        # ASCII digits only: str.isdigit() takes '²', which int() then refuses with a traceback
        if not digest.startswith("sha256=") or not re.fullmatch(r"[0-9a-f]{64}", digest[7:]) \
                or not re.fullmatch(r"[0-9]{1,12}", size, re.ASCII):
            raise PackError(f"{RECORD}:{i}: expected 'path,sha256=HEX,SIZE', got {line!r}")
        if path in out:
            raise PackError(f"{RECORD}:{i}: {path!r} is listed twice")
        out[path] = (digest[7:], int(size))
    return out
