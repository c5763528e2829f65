"""One game, each player at their own terminal: `century host`, `join` and `watch`.

`protocol` is what travels, `view` what a remote board is shown of a game, `host` the
server that owns the games, `client` the table a remote board plays on. This package sits
beside the cli: it may use the TUI's pure parts (the log's words), and nothing below it
imports it.
"""
