"""``catan-dsl pack build|verify|install|list|remove`` → packs built, checked and installed."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import click

from catan_dsl.cli.common import EXIT_ERRORS, fail

_FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                       show_default=True, help="Output format.")


def _guard(fn, *args, **kw):  # type: ignore[no-untyped-def]
    """Run a pack operation; a PackError is one error line and exit 1."""
    from catan_dsl.packs.manifest import PackError

    try:
        return fn(*args, **kw)
    except PackError as e:
        fail(str(e), EXIT_ERRORS)
    except OSError as e:
        fail(f"{e.filename or ''}: {e.strerror or e}".lstrip(": "), EXIT_ERRORS)


@click.group("pack")
def pack() -> None:
    """Build, verify, install, list and remove scenario packs (docs/packs.md)."""


@pack.command("build")
@click.argument("src_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("-o", "--output", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write NAME-VERSION.catanpack into.")
@_FORMAT
def build_cmd(src_dir: Path, out_dir: Path, fmt: str) -> None:
    """Check every scenario of SRC_DIR and write a reproducible pack."""
    from catan_dsl.packs.archive import sha256_file
    from catan_dsl.packs.build import build

    replaced: list[Path] = []
    path, built = _guard(build, src_dir, out_dir, replaced)
    digest = sha256_file(path)
    if replaced:
        # A published file may have been overwritten: players' --sha256 no longer matches it.
        click.echo(f"warning: replaced {path}, which held other contents under the same "
                   f"version; give a changed pack a new version before publishing it", err=True)
    if fmt == "json":
        click.echo(json.dumps({"path": str(path), "sha256": digest, **built.meta.to_dict(),
                               "scenarios": built.scenarios}, indent=2, sort_keys=True))
    else:
        click.echo(f"built {path} ({len(built.scenarios)} scenario"
                   f"{'s' if len(built.scenarios) != 1 else ''}, sha256 {digest})")


@pack.command("verify")
@click.argument("pack_file", metavar="PACK", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--sha256", "expected", default=None, metavar="HEX",
              help="Also compare the whole file with this SHA-256 (as printed by 'pack build').")
@_FORMAT
def verify_cmd(pack_file: Path, expected: str | None, fmt: str) -> None:
    """Check a pack's manifest, hashes, fields and every scenario, without installing it."""
    from catan_dsl.packs.build import verify

    checked = _guard(verify, pack_file, expected)
    if fmt == "json":
        click.echo(json.dumps({"path": str(pack_file), "ok": True, **checked.meta.to_dict(),
                               "scenarios": checked.scenarios}, indent=2, sort_keys=True))
    else:
        click.echo(f"{pack_file}: ok, {checked.meta.name} {checked.meta.version}, "
                   f"{len(checked.files)} files, {len(checked.scenarios)} scenarios check")


@pack.command("install")
@click.argument("pack_file", metavar="PACK", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--upgrade", is_flag=True, help="Replace an installed version of the same pack.")
def install_cmd(pack_file: Path, upgrade: bool) -> None:
    """Verify PACK and install it into the packs folder ($CATAN_DSL_HOME/packs)."""
    from catan_dsl.packs.store import install, packs_dir

    meta, what = _guard(install, pack_file, upgrade=upgrade)
    click.echo(f"{what} {meta.name} {meta.version} in {packs_dir()}")


@pack.command("list")
@_FORMAT
def list_cmd(fmt: str) -> None:
    """List installed packs and the packs Python distributions ship (entry points)."""
    from catan_dsl.packs.store import available

    packs = _guard(available)
    if fmt == "json":
        click.echo(json.dumps({"packs": [p.to_dict() for _, p in sorted(packs.items())]},
                              indent=2, sort_keys=True))
        return
    if not packs:
        click.echo("no packs")
    for _, p in sorted(packs.items()):
        names = p.scenarios()
        click.echo(f"{p.meta.name} {p.meta.version}  [{p.origin}]  {p.meta.description}")
        # Wrapped: core's 18 names made one line of 600 characters.
        click.echo(textwrap.fill(", ".join(f"{p.meta.key}:{n}" for n in names) or "none",
                                 width=100, break_on_hyphens=False, break_long_words=False,
                                 initial_indent=f"  {len(names)} scenario"
                                                f"{'s' if len(names) != 1 else ''}: ",
                                 subsequent_indent="    "))


@pack.command("remove")
@click.argument("name")
@click.option("--force", is_flag=True, help="Remove it even if other installed packs need it.")
def remove_cmd(name: str, force: bool) -> None:
    """Uninstall the pack NAME from the packs folder."""
    from catan_dsl.packs.store import remove

    meta = _guard(remove, name, force=force)
    click.echo(f"removed {meta.name} {meta.version}")


COMMANDS = [pack]
