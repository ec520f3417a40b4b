"""The pack `seafarers` shipped beside `core` (issue 40 item 1): listed, its scenarios played by
`PACK:SCENARIO`, each player count at its own board."""

from __future__ import annotations

import json

from click.testing import CliRunner

from catan_dsl.cli import main

NAMES = ["fog_islands", "four_islands", "new_shores", "seafarers", "through_the_desert", "wonders"]


def test_pack_list_shows_seafarers_beside_core_and_core_keeps_its_own() -> None:
    """Issue 40: `pack list` shows the built-in pack `seafarers` with its scenarios; its source
    folder inside the shipped scenarios is not listed under core."""
    r = CliRunner().invoke(main, ["pack", "list", "--format", "json"])
    assert r.exit_code == 0, r.output
    packs = {p["name"]: p for p in json.loads(r.output)["packs"]}
    assert packs["seafarers"]["version"] == "1.0.0"
    assert sorted(packs["seafarers"]["scenarios"]) == NAMES
    assert not any(s.startswith("seafarers") for s in packs["core"]["scenarios"])


def test_three_players_sit_at_the_three_player_board() -> None:
    """Issue 40, SF-FOG-01: `play seafarers:fog_islands` with 3 bots plays the 3-player board,
    with 4 the 4-player one, and `--board` still picks."""
    def board(*args: str) -> str:
        r = CliRunner().invoke(main, ["play", "seafarers:fog_islands", "--seed", "1",
                                      "--max-turns", "2", "--json", *args])
        assert r.exit_code == 0, r.output
        return json.loads(r.output)["board"]

    assert board("--bots", "random,random,random") == "fog_islands_3"
    assert board("--bots", "random,random,random,random") == "fog_islands_4"
    assert board("--bots", "random,random,random", "--board", "fog_islands_4") == "fog_islands_4"
