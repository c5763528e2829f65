"""The player's settings: what they chose once and expect remembered (skin, language, bot
pace, the last game's seats). A damaged file is reported and a copy kept; a file that is
not a settings file is neither read nor overwritten."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from century_tui.bots.registry import BUDGET_RANGE_MS, DEFAULT_BUDGET_MS
from century_tui.engine import MAX_NAME, MAX_PLAYERS
from century_tui.skins import DEFAULT_SKIN, SKINS
from century_tui.storage.files import Refused, holds, os_reason, read_regular, settings_path, write_atomic

SETTINGS_CAP = 64 * 1024
"""The most of a settings file that is read: a real one is a few lines."""

BOT_SPEEDS = {"fast": 200, "normal": 600, "slow": 1500}
"""The pause after a bot's move, in ms, by the name the command palette offers."""
BOT_BUDGET_MS = BUDGET_RANGE_MS
"""The thinking budgets a player may set (settings file or --budget-ms), in ms: the bot registry's."""


class SeatChoice(BaseModel):
    """One seat of the last game started: its name, and its bot level (None: a person)."""

    model_config = ConfigDict(extra="ignore")
    name: str = Field("", max_length=MAX_NAME)
    bot: str | None = None


class Settings(BaseModel):
    """What the player chose once and expects remembered."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)
    skin: Literal[SKINS] = DEFAULT_SKIN  # type: ignore[valid-type]  (one name of SKINS)
    handoff: bool = True
    """Show a "pass to <name>" screen between two human players."""
    bot_delay_ms: int = Field(600, ge=0, le=5000)
    """Pause after a bot's move so people can follow it."""
    bot_budget_ms: int = Field(DEFAULT_BUDGET_MS, ge=BUDGET_RANGE_MS[0], le=BUDGET_RANGE_MS[1])
    """Longest a searching (hard) bot may think about one move."""
    language: str | None = None
    seats: list[SeatChoice] = Field(default_factory=list, max_length=MAX_PLAYERS)
    """The last game's seats, offered again on the new-game form."""
    cube_code: Literal["letters", "digits", "shapes"] = "letters"
    """How a cube reads: its colour's letter, or its tier as a digit or a shape (text.CUBE_CODES)."""


@dataclass(frozen=True)
class SettingsNotice:
    """Why the settings on disk were not used. `code` names the words the player reads
    (notify.settings_<code>): "damaged" (a copy of the file is kept), "damaged_uncopied"
    (the copy could not be written), "unreadable", or "not_a_file" and "too_large" (left
    alone: not read, and not overwritten by a change of setting)."""

    code: str
    path: Path
    kept: Path | None = None
    detail: str = ""


def damaged_settings_path() -> Path:
    return settings_path().with_name("settings.damaged.json")


def load_settings() -> tuple[Settings, SettingsNotice | None]:
    """(settings, notice): a missing file gives defaults silently, a damaged one with a notice.
    A damaged file is copied aside first, since the next change of setting rewrites it."""
    path = settings_path()
    try:
        raw = read_regular(path, SETTINGS_CAP)
    except FileNotFoundError:
        return Settings(), None
    except Refused as e:
        return Settings(), SettingsNotice(e.code, path)
    except OSError as e:
        return Settings(), SettingsNotice("unreadable", path, detail=os_reason(e))
    try:
        return Settings.model_validate_json(raw), None
    except ValidationError:
        kept: Path | None = damaged_settings_path()
        try:
            if not holds(kept, raw):  # every command reads settings
                write_atomic(kept, raw)
        except OSError:
            kept = None
        return Settings(), SettingsNotice("damaged" if kept else "damaged_uncopied", path, kept)


def save_settings(settings: Settings) -> None:
    """Write the settings; OSError, and nothing written, if the settings path holds something
    `load_settings` refused for what it is (a pipe, a device, a huge file): that is left alone."""
    path = settings_path()
    try:
        found = os.stat(path)
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(found.st_mode) or found.st_size > SETTINGS_CAP:
            raise OSError(f"{path} is not a settings file; it is left as it is")
    write_atomic(path, settings.model_dump_json(indent=1) + "\n")
