"""One game, each player at their own terminal: `century host`, `join` and `watch`.

`protocol` is what travels, `view` what a remote board is shown of a game, `host` the
server that owns the games, `client` the table a remote board plays on, `join` the app of
`century join` and `century watch` (the one module here that imports the TUI). Only the
command line imports this package.
"""
