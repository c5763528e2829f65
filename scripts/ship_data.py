"""Write data/shipped.toml after changing a language or skin file: `python scripts/ship_data.py`.

It lists the sha-256 of each file read at every start (`century_tui.resources.TRUSTED`),
which the game then trusts as checked by the tests instead of checking it with pydantic at
each start. tests/test_shipped_data.py fails while the list is stale, and checks every
listed file in full.
"""

from century_tui.resources import SHIPPED, data_dir, shipped_list

if __name__ == "__main__":
    (data_dir() / SHIPPED).write_text(shipped_list())
    print(f"wrote {data_dir() / SHIPPED}")
