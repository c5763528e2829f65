"""The `century` command: `parser` (the arguments, in the player's language), `simulate`
(`century sim`), `games` (new, resume, replay, review, saves), `network` (host, join,
watch) and `files` (the save a command names, and `say`). Textual is imported only when
a window opens."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from typing import Sequence

from century_tui.cli.files import say
from century_tui.cli.games import cmd_new, cmd_replay, cmd_resume, cmd_review, cmd_saves
from century_tui.cli.parser import CLOSING, OPENING, Parser, build_parser, wrap_cells
from century_tui.cli.simulate import cmd_sim, sim_summary


def cmd_cards(args: argparse.Namespace) -> int:
    from century_tui import cardlist

    if args.json:
        print(json.dumps(cardlist.as_json()))
    else:
        cardlist.print_tables()
    return 0


def _words_for(argv: Sequence[str]) -> None:
    """Messages in the player's language from the start: --lang, the saved one, LANG...;
    cubes in the saved skin and cube code (`century cards` and `review` read like the board)."""
    from century_tui import storage, text

    asked = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    settings = storage.load_settings()[0]
    try:
        text.set_language(text.resolve_language(asked, settings.language))
    except text.TextDataError:  # its file is damaged: English here, and the window says why
        text.set_language(text.DEFAULT_LANGUAGE)
    text.set_skin(settings.skin)
    text.set_cube_code(settings.cube_code)


WINDOWS = (None, "new", "resume", "replay", "join", "watch")
"""The commands that open the game's window: their start lasts until its first frame."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    collecting = gc.isenabled()
    # A start allocates a great deal and frees next to nothing: looking for garbage meanwhile
    # costs a tenth of it. Collecting resumes once the arguments are read, or for a window
    # at its first frame (CenturyApp.on_ready), and in any case when the command is done.
    gc.disable()
    try:
        _words_for(argv)
        parser = build_parser()
        args = parser.parse_args(argv)
        if collecting and args.command not in WINDOWS:
            gc.enable()
        return dispatch(args, parser)
    finally:
        if collecting:
            gc.enable()


def dispatch(args: argparse.Namespace, parser: Parser) -> int:
    """Carry out the command the arguments name (`parser` read them: it is built once)."""
    commands = {"sim": cmd_sim, "cards": cmd_cards, "resume": cmd_resume, "replay": cmd_replay,
                "saves": cmd_saves, "review": cmd_review}
    if args.command in commands:
        try:
            return commands[args.command](args)
        except BrokenPipeError:  # `century saves | head`: the reader has all it wanted
            return _reader_gone()
    if args.command in ("host", "join", "watch"):
        from century_tui.cli.network import run

        return run(args, parser)
    if args.command is None:
        args = parser.parse_args(["new", *(["--lang", args.lang] if args.lang else [])])
    return cmd_new(args, parser)


def _reader_gone() -> int:
    """Stop quietly, as other command-line tools do, when what reads our output has closed
    it; output points at /dev/null from here, so that Python's last flush on the way out
    does not fail again with a traceback."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


__all__ = [
    "CLOSING", "OPENING", "Parser", "WINDOWS", "build_parser", "cmd_cards", "cmd_new", "cmd_replay", "cmd_resume",
    "cmd_saves", "cmd_sim", "dispatch", "main", "say", "sim_summary", "wrap_cells",
]
