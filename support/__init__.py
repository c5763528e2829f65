"""What the tests, the benchmarks and the screenshot script share, and no player needs: not
part of the package (`century_tui`), not installed with it.

`demo`: reproducible positions (a small deterministic player, games played until a
condition holds) and the showcase of screens every screenshot and snapshot is taken of.
"""
