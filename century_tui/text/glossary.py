"""A language's glossary: the `[glossary]` table of its file, naming each game concept once
(a card, a row, each action, the deck, a seat, the log…) as the printed rules of that
language name it, and, per skin, where the two editions print it differently.

A concept is a table: `words`, the forms every edition writes it in (its name first), or
one list per skin, that edition's name first (or both: French rest is "Repos" in Spice,
"Se reposer" in Golem, and "se reposer" in both); `refuse`, the other spellings a player of
the printed edition would trip over. No template may use a refused spelling, nor, in one
edition, another edition's words (tests/i18n/test_i18n_glossary.py checks every template).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from century_tui.resources import Strict
from century_tui.skins import SKINS


@dataclass(frozen=True, slots=True)
class Concept(Strict):
    words: tuple[str, ...] = ()
    """The forms every edition writes the concept in; the first is its name."""
    editions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Skin → that edition's own forms, its name first."""
    refuse: tuple[str, ...] = ()
    """Spellings of the concept no template may use."""

    def name(self, skin: str) -> str:
        """What the concept is called in `skin`'s edition."""
        own = self.editions.get(skin)
        return own[0] if own else self.words[0]

    def accepted(self, skin: str) -> set[str]:
        """Every form `skin`'s edition may write, casefolded."""
        return {w.casefold() for w in (*self.words, *self.editions.get(skin, ()))}

    def others(self, skin: str) -> set[str]:
        """The forms of the other editions, and the refused spellings, casefolded."""
        out = {w.casefold() for w in self.refuse}
        for other, forms in self.editions.items():
            if other != skin:
                out |= {w.casefold() for w in forms}
        return out


Glossary = dict[str, Concept]


def concept_data(raw: Any) -> dict[str, Any]:
    """A concept's table as the record's fields (its skins' lists gathered in `editions`);
    ValueError if it is not a table of lists of words."""
    if not isinstance(raw, dict):
        raise ValueError("must be a table: { words = [...] } or one list per skin, and refuse = [...]")
    unknown = set(raw) - {"words", "refuse", *SKINS}
    if unknown:
        raise ValueError(f"'{sorted(unknown)[0]}' is neither words, refuse nor a skin")
    editions = {skin: raw[skin] for skin in SKINS if skin in raw}
    if editions and len(editions) != len(SKINS):
        raise ValueError(f"names the concept in {', '.join(editions)} but not in every skin")
    if not raw.get("words") and not editions:
        raise ValueError("names nothing: give words = [...] or one list per skin")
    for key, forms in {**editions, "words": raw.get("words", []), "refuse": raw.get("refuse", [])}.items():
        if not isinstance(forms, list) or not all(isinstance(w, str) and w.strip() for w in forms):
            raise ValueError(f"{key} must be a list of words")
    return {"words": raw.get("words", []), "editions": editions, "refuse": raw.get("refuse", [])}


def shipped_glossary(raw: dict[str, Any]) -> Glossary:
    """A shipped file's glossary as it is (the tests checked it)."""
    return {name: Concept(tuple(d["words"]), {k: tuple(v) for k, v in d["editions"].items()}, tuple(d["refuse"]))
            for name, d in ((name, concept_data(c)) for name, c in raw.items())}


def refused(glossary: Glossary, skin: str) -> set[str]:
    """The spellings no template may use in `skin`'s edition: every concept's refused ones
    and the other editions' words, except any word this edition uses for a concept."""
    accepted = set().union(*(c.accepted(skin) for c in glossary.values()))
    return set().union(*(c.others(skin) for c in glossary.values())) - accepted
