"""A pack source folder ⇄ a ``NAME-VERSION.catanpack`` zip: reproducible build, and a reader that
refuses unsafe entries, oversized files and changed bytes before anything is written to disk."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from catan_dsl.core.files import write_atomic
from catan_dsl.packs.manifest import (PACK_TOML, RECORD, PackError, PackMeta, parse_meta,
                                      parse_record, record_text, sha256)

# Limits (docs/packs.md): a pack is scenario text and a few pictures, so these are generous for
# real packs and small enough that a hostile archive cannot fill a disk or memory.
MAX_TEXT_FILE = 1_000_000          # a scenario, pack.toml, README.md or RECORD
MAX_IMAGE_FILE = 5_000_000
MAX_TOTAL = 50_000_000             # all files of one pack, unpacked
MAX_ENTRIES = 2_000
IMAGE_SUFFIXES = (".png", ".svg", ".jpg", ".jpeg", ".gif", ".webp")
README = "README.md"
MAX_PART = 100                     # characters of one path part of a member name
MAX_MEMBER = 200                   # characters of a member name (deep packs folders, Windows)
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*", re.ASCII)       # fullmatch, as every check
# Names Windows cannot create, whatever the extension or case (CON, con.catan, Lpt1.x.png).
_RESERVED = re.compile(r"(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\..*)?", re.IGNORECASE | re.ASCII)
_EPOCH = (1980, 1, 1, 0, 0, 0)     # the earliest zip timestamp: builds do not depend on mtimes


@dataclass(frozen=True)
class Pack:
    """A pack read into memory and checked against its RECORD."""

    meta: PackMeta
    files: dict[str, bytes]

    @property
    def scenarios(self) -> list[str]:
        return sorted(n for n in self.files if n.startswith("scenarios/"))


def check_entry_name(name: str) -> None:
    """Refuse any path a pack may not contain: absolute, drive letters, '..', backslashes, odd
    characters (NUL, line breaks, anything but ASCII letters, digits and . _ + -), names
    Windows reserves or trims, overlong names, or a file outside the pack layout."""
    if not name or "\\" in name or name.startswith("/") or re.match(r"[A-Za-z]:", name):  # a prefix
        raise PackError(f"unsafe entry {name!r}: absolute paths, drive letters and backslashes "
                        "are refused")
    parts = name.split("/")
    if any(p in ("", ".", "..") for p in parts):
        raise PackError(f"unsafe entry {name!r}: '..', '.' and empty path parts are refused")
    if not all(_PART.fullmatch(p) for p in parts):
        raise PackError(f"entry {name!r}: path parts may use ASCII letters, digits and . _ + - "
                        "only (no spaces or accents: a pack unpacks the same on every system)")
    if len(name) > MAX_MEMBER or any(len(p) > MAX_PART for p in parts):
        raise PackError(f"entry {name!r}: longer than {MAX_MEMBER} characters, or a part longer "
                        f"than {MAX_PART} (refused: some systems cannot create it)")
    for p in parts:
        if _RESERVED.fullmatch(p):
            raise PackError(f"entry {name!r}: {p!r} is a name Windows reserves (CON, PRN, AUX, "
                            "NUL, COM1-9, LPT1-9, with any extension): refused, so a pack "
                            "installs the same everywhere")
        if p.endswith("."):
            raise PackError(f"entry {name!r}: {p!r} ends with '.', which Windows drops (refused)")
    if name in (PACK_TOML, RECORD, README):
        return
    if parts[0] == "scenarios" and len(parts) > 1 and name.endswith(".catan"):
        return
    if parts[0] == "images" and len(parts) > 1 and name.lower().endswith(IMAGE_SUFFIXES):
        return
    raise PackError(f"entry {name!r} is not part of a pack (pack.toml, RECORD, README.md, "
                    "scenarios/*.catan, images/*.png|svg|jpg|gif|webp)")


def size_limit(name: str) -> int:
    return MAX_IMAGE_FILE if name.startswith("images/") else MAX_TEXT_FILE


def collect_source(src: Path) -> Pack:
    """Read a pack source folder: pack.toml, optional README.md, scenarios/**.catan, images/**."""
    if not src.is_dir():
        raise PackError(f"{src}: not a folder (a pack source folder holds pack.toml and scenarios/)")
    toml = src / PACK_TOML
    if not toml.is_file():
        raise PackError(f"{src}: no {PACK_TOML} (see docs/packs.md for its fields)")
    files: dict[str, bytes] = {}
    candidates = [toml, src / README]
    for sub, suffixes in (("scenarios", (".catan",)), ("images", IMAGE_SUFFIXES)):
        candidates += _packed_below(src / sub, suffixes)
    for p in candidates:
        if p.is_symlink():
            raise PackError(f"{p}: symbolic links are not packed (copy the file instead)")
        if not p.is_file():
            continue
        name = p.relative_to(src).as_posix()
        check_entry_name(name)
        if p.stat().st_size > size_limit(name):
            raise PackError(f"{p}: {p.stat().st_size:,} bytes, over the limit of "
                            f"{size_limit(name):,} bytes per file")
        files[name] = p.read_bytes()
    meta = parse_meta(_text(files[PACK_TOML], str(toml)), str(toml))    # named as the user did
    if not any(n.startswith("scenarios/") for n in files):
        raise PackError(f"{src}: no scenarios/*.catan to pack")
    check_clashes(files)
    return Pack(meta, files)


def _packed_below(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files below ``folder`` a pack takes, sorted; a symbolic link to a folder (or the
    folder itself a link) is refused, not skipped: the pack would silently lack its files."""
    if folder.is_symlink():
        raise PackError(f"{folder}: a symbolic link to a folder; symbolic links are not packed "
                        "(copy the folder instead)")
    if not folder.is_dir():
        return []
    out = []
    for p in sorted(folder.rglob("*")):
        if p.is_symlink() and p.is_dir():
            raise PackError(f"{p}: a symbolic link to a folder; symbolic links are not packed "
                            "(copy the folder instead)")
        if p.name.lower().endswith(suffixes):
            out.append(p)
    return out


def write_pack(pack: Pack, out_dir: Path) -> Path:
    """Write ``OUT_DIR/NAME-VERSION.catanpack``: same files in → same bytes out (sorted entries,
    fixed timestamps and modes), written to a temporary file and renamed into place."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = dict(pack.files)
    files[RECORD] = record_text(pack.files).encode("utf-8")
    target = out_dir / pack.meta.filename
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3                     # unix, whatever builds it
            info.external_attr = 0o100644 << 16        # a regular file, rw-r--r--
            zf.writestr(info, files[name], compresslevel=9)
    write_atomic(target, buf.getvalue())
    return target


def read_pack(path: Path) -> Pack:
    """Open a .catanpack and check every entry before reading it, then every byte against the
    RECORD; nothing is written anywhere."""
    if not path.is_file():
        raise PackError(f"{path}: no such pack file")
    try:
        zf = zipfile.ZipFile(path)
    except UnicodeDecodeError as e:      # the zip says "UTF-8 names" and one is not
        raise PackError(f"{path}: entry name {bytes(e.object)!r} is not UTF-8, though the zip "
                        "says its names are (refused)") from None
    except (zipfile.BadZipFile, OSError) as e:
        raise PackError(f"{path}: not a readable pack (zip) file: {e}") from None
    except Exception as e:  # noqa: BLE001 - a damaged directory raises what zipfile meets
        raise PackError(f"{path}: not a readable pack (zip) file: {type(e).__name__}: {e}") \
            from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_ENTRIES:
            raise PackError(f"{path}: {len(infos)} entries, over the limit of {MAX_ENTRIES}")
        seen: set[str] = set()
        total = 0
        for info in infos:
            name = info.filename
            if info.orig_filename != name:  # zipfile cuts a name at NUL; the name is a lie
                raise PackError(f"{path}: entry {info.orig_filename!r} holds a NUL character "
                                "(refused)")
            if not name:                    # zipfile's is_dir() would fail on it
                raise PackError(f"{path}: an entry has an empty name (refused)")
            if name in seen:
                raise PackError(f"{path}: entry {name!r} appears twice")
            seen.add(name)
            kind = (info.external_attr >> 16) & 0o170000
            if kind == 0o120000:
                raise PackError(f"{path}: entry {name!r} is a symbolic link (refused)")
            if info.is_dir() or kind not in (0, 0o100000):
                raise PackError(f"{path}: entry {name!r} is not a regular file (refused)")
            check_entry_name(name)
            if info.file_size > size_limit(name):
                raise PackError(f"{path}: {name} unpacks to {info.file_size:,} bytes, over the "
                                f"limit of {size_limit(name):,} bytes per file")
            total += info.file_size
            if total > MAX_TOTAL:
                raise PackError(f"{path}: unpacks to more than {MAX_TOTAL:,} bytes (the limit "
                                "for a whole pack)")
        try:
            check_clashes(seen)
        except PackError as e:
            raise PackError(f"{path}: {e}") from None
        files = {info.filename: _read_capped(zf, info, path) for info in infos}
    if RECORD not in files:
        raise PackError(f"{path}: no {RECORD} (the manifest of file hashes)")
    if PACK_TOML not in files:
        raise PackError(f"{path}: no {PACK_TOML}")
    record = parse_record(_text(files.pop(RECORD), RECORD))
    for name, data in sorted(files.items()):
        if name not in record:
            raise PackError(f"{path}: {name} is not listed in {RECORD}")
        digest, size = record[name]
        if len(data) != size or sha256(data) != digest:
            raise PackError(f"{path}: {name} does not match its hash in {RECORD} (changed "
                            "after the pack was built)")
    missing = sorted(set(record) - set(files))
    if missing:
        raise PackError(f"{path}: {missing[0]!r} is listed in {RECORD} but missing from the pack")
    meta = parse_meta(_text(files[PACK_TOML], PACK_TOML), f"{path}:{PACK_TOML}")
    if not any(n.startswith("scenarios/") for n in files):
        raise PackError(f"{path}: holds no scenarios/*.catan")
    return Pack(meta, files)


def unpack(pack: Pack, dest: Path) -> None:
    """Write a pack's checked files below ``dest`` (read_pack validated every name); a failure
    is a PackError naming the member, not the (temporary) place it was written to."""
    for name, data in sorted(pack.files.items()):
        target = dest.joinpath(*name.split("/"))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        except OSError as e:
            raise PackError(f"cannot unpack {name}: {e.strerror or type(e).__name__}") from None


def _read_capped(zf: zipfile.ZipFile, info: zipfile.ZipInfo, path: Path) -> bytes:
    """Read one entry, never more than its limit (a header can lie about the size)."""
    limit = size_limit(info.filename)
    try:
        with zf.open(info) as fh:
            data = fh.read(limit + 1)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as e:
        raise PackError(f"{path}: {info.filename} is damaged ({e})") from None
    except Exception as e:  # noqa: BLE001 - zlib and friends raise their own kinds
        raise PackError(f"{path}: {info.filename} is damaged ({type(e).__name__}: {e})") from None
    if len(data) > limit:
        raise PackError(f"{path}: {info.filename} unpacks to more than {limit:,} bytes (the "
                        "limit per file)")
    return data


def check_clashes(names: Iterable[str]) -> None:
    """Refuse names one file system would make one: differing only by case, in the file or a
    folder part, or a file named as a folder of another entry."""
    files: dict[str, str] = {}
    folders: dict[str, str] = {}
    for name in sorted(names):
        other = files.setdefault(name.casefold(), name)
        if other != name:
            raise PackError(f"entries {other!r} and {name!r} differ only by case (refused: they "
                            "would overwrite each other on some systems)")
        parts = name.split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            other = folders.setdefault(folder.casefold(), folder)
            if other != folder:
                raise PackError(f"folders {other!r} and {folder!r} differ only by case (refused: "
                                "they would be one folder on some systems)")
    for key, name in sorted(files.items()):
        if key in folders:
            raise PackError(f"entry {name!r} is both a file and a folder of another entry "
                            "(refused)")


def _text(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise PackError(f"{name} is not UTF-8 text") from None


def sha256_file(path: Path) -> str:
    return sha256(path.read_bytes())
