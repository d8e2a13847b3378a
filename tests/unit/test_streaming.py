"""What the build reads and writes a piece at a time must equal what it would make whole."""
from __future__ import annotations

import dataclasses
import json

import pytest
import yaml

from kitgen.kit.changes import card_entries, manifest_chunks
from kitgen.load import load_game
from kitgen.load.nodes import Converted, read_nodes
from kitgen.project import Project


def test_read_nodes__hands_over_each_card_as_it_is_read_and_keeps_only_what_take_returns(tmp_path):
    deck = tmp_path / "main.yaml"
    deck.write_text("id: main\nname: Main\ncards:\n  - {name: A, type: Ship}\n  - name: B\n    type: Build\n"
                    "other: [1, 2]\n", encoding="utf-8")
    taken = []

    def take(item, index):
        assert isinstance(item, yaml.MappingNode)
        taken.append((index, item.start_mark.line + 1, [k.value for k, _ in item.value]))
        return Converted(f"card {index}", item.start_mark)

    root = read_nodes(deck, "main.yaml", ("cards", take))
    assert taken == [(0, 4, ["name", "type"]), (1, 5, ["name", "type"])]
    cards = dict((k.value, v) for k, v in root.value)["cards"]
    assert [node.value for node in cards.value] == ["card 0", "card 1"]
    other = dict((k.value, v) for k, v in root.value)["other"]
    assert [node.value for node in other.value] == ["1", "2"]  # only the named list is streamed


def test_read_nodes__a_problem_anywhere_stops_the_handing_over(tmp_path):
    deck = tmp_path / "main.yaml"
    deck.write_text("cards:\n  - {name: A, name: B}\n  - {name: C}\n", encoding="utf-8")
    taken = []
    with pytest.raises(Exception) as caught:
        read_nodes(deck, "main.yaml", ("cards", lambda item, index: taken.append(index) or item))
    assert "duplicate key 'name' (first on line 2)" in str(caught.value.problems[0])
    assert taken == []


@pytest.mark.parametrize("name", Project.default().game_names())
def test_manifest__written_piece_by_piece_is_the_json_of_every_card(name):
    game = load_game(Project.default().data / name)
    cards = [{"deck": deck, "id": card, **entry} for (deck, card), entry in card_entries(game).items()]
    whole = json.dumps({"game": game.id, "cards": cards}, indent=1, ensure_ascii=False) + "\n"
    assert "".join(manifest_chunks(game)) == whole
    empty = dataclasses.replace(game, decks=())
    assert json.loads("".join(manifest_chunks(empty))) == {"game": game.id, "cards": []}
