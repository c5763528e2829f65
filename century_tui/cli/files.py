"""What the commands share of the files they are given: a save found by what was typed,
its game loaded, and why one is not opened said in one line on stderr; and `say`, which
prints a line holding text from disk or the command line with its control characters
escaped."""

from __future__ import annotations

import sys
from pathlib import Path


def say(line: str, file=None) -> None:
    """Print a line that holds text from disk or the command line (file and player names):
    a control character in it is shown as an escape ("\\x1b"), never obeyed by the terminal."""
    from century_tui.engine import printable

    print(printable(line), file=file or sys.stdout)


def save_file(typed: str) -> Path | None:
    """The save file FILE names (a name `century saves` prints, or a path), or None after
    saying on stderr that no saved game has that name."""
    from century_tui import storage
    from century_tui.engine import clipped
    from century_tui.text import t

    path = storage.find_save(typed)
    if path is None:
        name = clipped(typed, 80)  # not 100 KB of a pasted name back at the player
        say(f"century: {t('cli.no_save_named', name=name, folder=storage.saves_dir())}", file=sys.stderr)
    return path


def load_save(path: Path):
    """The game in a save file, or None after saying why on stderr (the file is left as it is)."""
    from century_tui import storage
    from century_tui.engine import SaveError

    try:
        return storage.load_game(path)
    except SaveError as e:
        return refused(path, e)


def refused(path: Path, error) -> None:
    """Say on stderr, in one line, why the file at `path` is not opened (a path typed
    100 KB long is cut short, as every argument in a message is)."""
    from century_tui.engine import clipped
    from century_tui.engine import SaveError
    from century_tui.text import error_text, t

    file = clipped(str(path), 80)
    if "path" in error.params:
        error = SaveError(error.code, **{**error.params, "path": file})
    say(f"century: {t('cli.save_refused', file=file, error=error_text(error))}", file=sys.stderr)


def folder_unreadable(error: OSError) -> int:
    """The saves folder cannot be listed: say so (not "no saved games"), exit code 1."""
    from century_tui import storage
    from century_tui.text import t

    detail = storage.os_reason(error)
    say(f"century: {t('cli.saves_unreadable', folder=storage.saves_dir(), detail=detail)}", file=sys.stderr)
    return 1
