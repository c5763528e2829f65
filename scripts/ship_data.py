"""Write data/shipped.json after changing a language, skin or card file:
`python scripts/ship_data.py`.

It lists the sha-256 of each file read at every start (`century_tui.resources.TRUSTED`),
which the game then reads as it is instead of checking it with pydantic at each start. So
it first checks every one of them in full, and writes nothing if one fails.
tests/test_shipped_data.py fails while the list is stale, and checks every listed file too.
"""

import sys

from century_tui.engine.card_file import parse_cards
from century_tui.resources import SHIPPED, data_dir, read_toml, shipped_list
from century_tui.skins import SKINS, SkinDataError, parse_skin, skin_path
from century_tui.text.catalog import TextDataError, languages, parse_language


def check_all() -> None:
    """Check every trusted file in full; ValueError (naming the file and fault) at the first fault."""
    parse_cards(read_toml(data_dir() / "cards.toml", ValueError))
    for name in SKINS:
        parse_skin(name, read_toml(skin_path(name), SkinDataError))
    for code in languages():
        path = data_dir() / "lang" / f"{code}.toml"
        parse_language(code, read_toml(path, TextDataError), str(path))


if __name__ == "__main__":
    try:
        check_all()
    except ValueError as e:
        sys.exit(f"not written: {e}")
    (data_dir() / SHIPPED).write_text(shipped_list())
    print(f"wrote {data_dir() / SHIPPED}")
