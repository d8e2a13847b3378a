"""Every value that passes the schema is valid for the renderer (issue 12): validate and build agree.

Colours, lengths, counts, fonts, pictures and ids that used to validate and then crash or hang the
build are each one `file:line:col: error:` line at load (or, for a picture, a warning and a card that
shows its placeholder, or a correct render). The real CLI on a copy of the tiny game.
"""
from __future__ import annotations

import shutil
import struct
import zlib

from tests.attacks.harness import REPO, assert_refused, edit, kit_hashes, previous_kit, timed, tiny_copy  # noqa: F401


def front_template(game):
    """The game's own copy of kitgen's card front, to break one box of."""
    path = game / "templates" / "card-front.yaml"
    path.parent.mkdir(exist_ok=True)
    shutil.copyfile(REPO / "templates" / "card-front.yaml", path)
    return path


def without_deck_rules(game):
    """The tiny deck declares its size: drop those rules so a count reaches the count checks alone."""
    deck = game / "decks" / "main.yaml"
    deck.write_text("".join(line for line in deck.read_text().splitlines(keepends=True)
                            if "{rule: deck-size" not in line and "{rule: count-per-type" not in line))


def validate_refuses(game, file, message, at: str | None = None):
    """`at`: "LINE:COL" where the one error line must point (the value's column, or its record's);
    "LINE" where no column is known (a line of a table that is not YAML): then none is printed."""
    run = timed("validate", game)
    found = assert_refused(run, file, message)
    if at is not None:
        assert ":".join(filter(None, (found["line"], found["col"]))) == at, run.describe()


# --- colours --------------------------------------------------------------------------------------

def test_css_color_name_on_a_card_type__builds_in_that_color(tmp_path):
    import pypdfium2 as pdfium

    game = tiny_copy(tmp_path)
    edit(game / "game.yaml", 'color: "#2f5d8c"', "color: red")
    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0 and "Traceback" not in run.output, run.describe()
    page = pdfium.PdfDocument(str(tmp_path / "kit" / "cards-main.pdf"))[0]
    colors = page.render(scale=0.5).to_pil().convert("RGB").getcolors(maxcolors=1 << 20)
    assert dict((rgb, n) for n, rgb in colors).get((255, 0, 0), 0) > 1000  # the Ship cards' frames and bands


def test_unknown_color_name__refused_with_a_suggestion(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "game.yaml", 'color: "#2f5d8c"', "color: blurple")
    validate_refuses(game, game / "game.yaml", r"card_types\[0\]\.color: 'blurple' is not a colour: write #rgb, "
                     r"#rrggbb or a CSS colour name such as red \(did you mean 'purple'\?\)", "13:52")


def test_malformed_hex_color_on_a_back__refused(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "subtitle: Main Deck}", "subtitle: Main Deck, color: '#12'}")
    validate_refuses(game, game / "decks" / "main.yaml", r"back\.color: '#12' is not a colour", "4:56")


def test_template_color_that_renders_to_text__refused_at_the_box(tmp_path):
    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, '    color: "#ffffff"\n    content: "{{ card.name }}', '    color: "{{ card.name }}"\n'
         '    content: "{{ card.name }}')
    validate_refuses(game, front, r"box 'name': 'Scout' is not a colour", "28:5")


# --- lengths --------------------------------------------------------------------------------------

def test_huge_text_size__refused(tmp_path):
    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, "    size: 12.5pt", "    size: 1000000000pt")
    validate_refuses(game, front, r"boxes\[2\]\.size: '1000000000pt' is too long a length: at most 1000mm", "35:11")


def test_infinite_text_size__refused(tmp_path):
    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, "    size: 12.5pt", f"    size: {'9' * 400}pt")  # float() of it is inf
    validate_refuses(game, front, r"boxes\[2\]\.size: '9+\.\.\.' is too long a length", "35:11")


def test_text_size_beyond_what_fitting_handles__refused(tmp_path):
    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, "    size: 12.5pt", "    size: 900mm")
    validate_refuses(game, front, r"size and min_size must be from 0pt to 144pt", "28:5")


def test_zero_width_text_box__refused(tmp_path):
    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, "    w: 46mm", "    w: 0mm")
    validate_refuses(game, front, r"boxes\[2\] \('name'\): w and h must be more than 0mm for a text box", "28:5")


def test_zero_width_card_template__refused(tmp_path):
    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, "width: 63.5mm", "width: 0mm")
    validate_refuses(game, front, r"width and height must be more than 0mm")


# --- counts ---------------------------------------------------------------------------------------

def test_a_billion_copies__refused_with_the_bound(tmp_path):
    game = tiny_copy(tmp_path)
    without_deck_rules(game)
    edit(game / "decks" / "main.yaml", "{name: Scout,", "{name: Scout, copies: 1000000000,")
    validate_refuses(game, game / "decks" / "main.yaml", r"card 'Scout': copies is 1,000,000,000; it must be from 1 "
                     r"to 1,000")


def test_a_billion_copies__build_refused_at_once_and_previous_kit_intact(tmp_path, built_kit):
    game = tiny_copy(tmp_path)
    without_deck_rules(game)
    edit(game / "decks" / "main.yaml", "{name: Scout,", "{name: Scout, copies: 1000000000,")
    out, before = previous_kit(built_kit, tmp_path)
    run = timed("build", game, "-o", out)
    assert_refused(run, game / "decks" / "main.yaml", r"copies is 1,000,000,000")
    assert kit_hashes(out) == before


def test_5000_digit_number__refused(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "delta: +1}", f"delta: {'9' * 5000}}}")
    validate_refuses(game, game / "decks" / "main.yaml", r"cards\[0\]\.effects\[0\]\.delta: the number is 5,000 "
                     r"digits long; at most 18", "11:70")


def test_100_turns__refused_with_the_bound(tmp_path):
    game = tiny_copy(tmp_path)
    with open(game / "game.yaml", "a", encoding="utf-8") as file:
        file.write("turns: 100\n")
    validate_refuses(game, game / "game.yaml", r"turns: 100 is out of range: from 1 to 40", "16:8")


def test_track_with_500_columns__refused_with_the_bound(tmp_path):
    game = tiny_copy(tmp_path)
    with open(game / "game.yaml", "a", encoding="utf-8") as file:
        file.write("tracks:\n  - {name: Score, columns: 500}\n")
    validate_refuses(game, game / "game.yaml", r"track 'Score': columns is 500; it must be from 0 .* to 40", "17:5")


# --- fonts ----------------------------------------------------------------------------------------

def with_game_font(game, data: bytes):
    (game / "fonts").mkdir()
    (game / "fonts" / "body.ttf").write_bytes(data)
    with open(game / "game.yaml", "a", encoding="utf-8") as file:
        file.write("fonts: {body: fonts/body.ttf}\n")


def test_unknown_font_in_a_card_template__refused(tmp_path):
    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, "    font: title", "    font: Comic Sans")
    validate_refuses(game, front, r"boxes\[2\]\.font: 'Comic Sans' is not one of: body, bold, italic, title", "34:11")


def test_truncated_game_font__refused_naming_the_file(tmp_path):
    game = tiny_copy(tmp_path)
    with_game_font(game, (REPO / "fonts" / "Lato-Regular.ttf").read_bytes()[:3000])
    validate_refuses(game, game / "fonts" / "body.ttf", r"cannot load font")


def test_garbage_game_font__refused_naming_the_file(tmp_path):
    game = tiny_copy(tmp_path)
    with_game_font(game, b"\x00\x01\x00\x00" + bytes(range(256)) * 4)
    validate_refuses(game, game / "fonts" / "body.ttf", r"cannot load font")


# --- pictures -------------------------------------------------------------------------------------

def test_one_pixel_wide_picture_with_fit_contain__builds(tmp_path):
    from PIL import Image

    game = tiny_copy(tmp_path)
    front = front_template(game)
    edit(front, "{name: art, kind: art,", "{name: art, kind: art, fit: contain,")
    (game / "art").mkdir()
    Image.new("RGB", (1, 30000), "red").save(game / "art" / "scout.png")
    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0 and "Traceback" not in run.output, run.describe()
    assert run.problems == [], run.describe()


def png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header says width x height pixels, with almost no data: a decompression bomb."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + \
        chunk(b"IEND", b"")


def test_decompression_bomb__one_warning_and_a_placeholder(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "art").mkdir()
    (game / "art" / "frigate.png").write_bytes(png_claiming(100_000, 100_000))
    run = timed("validate", game)
    assert_refused(run, game / "decks" / "main.yaml", r"card 'Frigate': art .*frigate\.png: .*(megapixels|bomb)",
                   exit=0, level="warning")


def test_truncated_png__one_warning_and_a_placeholder(tmp_path):
    from PIL import Image

    game = tiny_copy(tmp_path)
    (game / "art").mkdir()
    Image.effect_noise((300, 300), 40).convert("RGB").save(tmp_path / "whole.png")
    (game / "art" / "market.png").write_bytes((tmp_path / "whole.png").read_bytes()[:2000])
    run = timed("validate", game)
    assert_refused(run, game / "decks" / "main.yaml", r"card 'Market': art .*market\.png: cannot read the image",
                   exit=0, level="warning")


# --- ids that become file names ------------------------------------------------------------------

def test_card_id_with_a_slash__refused(tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "{name: Market,", "{name: Market, id: market/v2,")
    validate_refuses(game, game / "decks" / "main.yaml", r"card 'Market': id 'market/v2' may hold only lower-case "
                     r"letters a-z, digits and dashes \(ids name files\), e\.g\. id: market-v2", "13:5")


# --- icon files -----------------------------------------------------------------------------------

def test_icon_file_with_an_infinite_size__refused(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "templates" / "icons").mkdir(parents=True)
    (game / "templates" / "icons" / "icons.json").write_text(
        '{"icons": {"rocket": {"width": Infinity, "height": 512, "path": "M0 0L10 10Z"}}}')
    validate_refuses(game, game / "templates" / "icons" / "icons.json", r"icon 'rocket': width and height must be")


def _own_icon_table(game, lines: list[str]):
    """The game's own icon set (icons/game-icons.tsv on its template path) and a card type using it."""
    (game / "templates" / "icons").mkdir(parents=True)
    table = game / "templates" / "icons" / "game-icons.tsv"
    table.write_text("# attribution: Icons by us\n" + "\n".join(lines) + "\n", encoding="utf-8")
    edit(game / "game.yaml", "deck: main, color: \"#2f5d8c\",", "deck: main, color: \"#2f5d8c\", icon: rocket,")
    return table


def test_icon_table_line_without_tabs__refused_at_its_line(tmp_path):
    game = tiny_copy(tmp_path)
    table = _own_icon_table(game, ["rocket\t512\t512\tM0 0L10 10Z", "a line someone pasted"])
    validate_refuses(game, table, r"icon set is damaged: expected a name, a width, a height and a path", "3")


def test_icon_table_size_that_is_no_number__refused_at_its_line(tmp_path):
    game = tiny_copy(tmp_path)
    table = _own_icon_table(game, ["star\t512\t512\tM0 0L10 10Z", "rocket\tlots\t512\tM0 0L10 10Z"])
    validate_refuses(game, table, r"icon 'rocket': .*lots", "3")


def test_icon_table_with_too_many_fields__refused_at_its_line(tmp_path):
    game = tiny_copy(tmp_path)
    table = _own_icon_table(game, ["rocket\t512\t512\tM0 0L10 10Z\textra"])
    validate_refuses(game, table, r"icon 'rocket': expected a name, a width, a height and a path separated by tabs, "
                     r"found 5 fields", "2")


def test_icon_table_of_a_game__its_icon_drawn(tmp_path):
    """A game's own table replaces the shipped set, and its icon is what the card shows."""
    game = tiny_copy(tmp_path)
    _own_icon_table(game, ["rocket\t10\t10\tM0 0H10V10H0Z"])
    import pdfplumber

    run = timed("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0, run.describe()
    with pdfplumber.open(tmp_path / "kit" / "rules.pdf") as pdf:  # the kit credits the set it drew with
        assert "Icons by us" in " ".join(page.extract_text() or "" for page in pdf.pages)


def test_icon_table_path_that_is_no_path_data__the_build_refuses_it_at_its_line(tmp_path):
    """A table's outlines are read when drawn: validate takes the line (its name and box read), the
    build stops at the icon's file:line and keeps no half kit."""
    game = tiny_copy(tmp_path)
    table = _own_icon_table(game, ["rocket\t512\t512\tM0 0L10 10Zq"])
    assert timed("validate", game).returncode == 0
    run = timed("build", game, "-o", tmp_path / "kit")
    found = assert_refused(run, table, r"icon set is damaged: icon 'rocket': path data: q takes numbers")
    assert found["line"] == "2", run.describe()
    assert not (tmp_path / "kit").exists()
