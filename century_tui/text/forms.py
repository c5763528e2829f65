"""The shapes a template takes in a language file: a string, or a table choosing among
forms, each form itself a template.

- by a count: `{ by = "excess", one = "…", other = "…" }`, the CLDR plural category of the
  param named in `by` (Babel's rules for the file's locale) picks the form (`Plural`);
- by the gender of the skin's cube noun: `{ m = "…", f = "…" }` ("choisie : retirez-la"
  for an épice, "choisi : retirez-le" for a cristal) (`ByGender`);
- by the skin: `{ spice = "…", golem = "…" }`, where the two editions print a word
  differently (French Spice "Acheter", Golem "Acquérir") (`BySkin`).

A plural form may itself choose by gender or skin, and so on. A word that agrees with the
cube is a param's form: `{tier:cube}` is a tier's colour said of one cube ("verte" for an
épice), `{tier:cubes}` of several ("vertes"); see `Word`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping, Union

from century_tui.resources import Strict
from century_tui.skins import SKINS

GENDERS = ("m", "f")
"""The genders a cube noun takes where its language has them (French, Spanish, Portuguese)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Plural(Strict):
    """A template whose words follow a number: one form per CLDR plural category (`one`,
    `few`, `many`, ...; `other` always), picked by the number in the param named `by`."""

    by: str
    zero: Template | None = None
    one: Template | None = None
    two: Template | None = None
    few: Template | None = None
    many: Template | None = None
    other: Template

    def forms(self) -> dict[str, Template]:
        """The forms given, by category."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "by" and getattr(self, f.name) is not None}

    def form(self, category: str) -> Template:
        """The form for a category; `other` when the file gives none for it."""
        return getattr(self, category, None) or self.other


@dataclass(frozen=True, slots=True)
class ByGender(Strict):
    """A template whose words agree with the gender of the current skin's cube noun
    (`[skin.*] cube_gender`): the masculine and the feminine form."""

    m: Template
    f: Template

    def forms(self) -> dict[str, Template]:
        return {"m": self.m, "f": self.f}


@dataclass(frozen=True, slots=True)
class BySkin(Strict):
    """A template each edition words its own way: one form per skin."""

    skins: dict[str, Template]

    def forms(self) -> dict[str, Template]:
        return dict(self.skins)


Template = Union[str, Plural, ByGender, BySkin]


def choices(template: Template) -> list[Template]:
    """The tables of forms a template holds, itself first, however deep."""
    if isinstance(template, str):
        return []
    return [template, *(c for form in template.forms().values() for c in choices(form))]


def leaves(template: Template) -> list[str]:
    """Every string a template may read as, whatever picks its forms."""
    if isinstance(template, str):
        return [template]
    return [leaf for form in template.forms().values() for leaf in leaves(form)]


def pick(template: Template, category: Callable[[str], str], gender: str, skin: str) -> str:
    """The string a template reads as: plural forms by `category(param name)`, gender
    forms by the cube's `gender`, skin forms by the `skin`."""
    while not isinstance(template, str):
        if isinstance(template, Plural):
            template = template.form(category(template.by))
        elif isinstance(template, ByGender):
            template = template.f if gender == "f" else template.m
        else:
            template = template.skins[skin]
    return template


def choice_shape(value: dict[str, Any]) -> str | None:
    """What a table in a language file is: 'plural', 'gender' or 'skin' for a template's
    forms, None for a table of templates (`[modal]`)."""
    if "by" in value:
        return "plural"
    if value and set(value) <= set(GENDERS):
        return "gender"
    if value and set(value) <= set(SKINS):
        return "skin"
    return None


class FormError(ValueError):
    """A template's forms are wrong: `where` is the dotted path under the template's key."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}" if where else what)
        self.where = where
        self.what = what


def build(value: Any, plural: Callable[[dict[str, Any]], Plural], where: str = "") -> Template:
    """A template from its data: a string, or a table of forms (see the module); `plural`
    makes a Plural of its forms (checking them or not). FormError says what is wrong."""
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        raise FormError(where, f"must be text, not {type(value).__name__}")
    shape = choice_shape(value)
    inner = {k: v if k == "by" else build(v, plural, f"{where}.{k}".lstrip(".")) for k, v in value.items()}
    if shape == "plural":
        return plural(inner)
    if shape == "gender":
        missing = [g for g in GENDERS if g not in inner]
        if missing:
            raise FormError(where, f"needs the '{missing[0]}' form too (a gender table gives m and f)")
        return ByGender(**inner)
    if shape == "skin":
        missing = [s for s in SKINS if s not in inner]
        if missing:
            raise FormError(where, f"needs the '{missing[0]}' form too (a skin table gives every skin)")
        return BySkin(inner)
    raise FormError(where, "is not a template")


class Word(str):
    """A word that agrees with the cube: reads as itself, and as `format(word, "cube")`
    or `"{tier:cube}"` in the form said of one cube, `"cubes"` of several. A tier's colour
    is one: French "vert", of an épice "verte", of épices "vertes"."""

    def __new__(cls, word: str, forms: Mapping[str, str] | None = None) -> Word:
        made = super().__new__(cls, word)
        made._forms = dict(forms or {})
        return made

    def __format__(self, spec: str) -> str:
        if spec in self._forms:
            return self._forms[spec]
        return format(str(self), spec)

    def __reduce__(self):  # pickles (and copies) with its forms
        return (Word, (str(self), self._forms))


WORD_FORMS = ("cube", "cubes")
"""The forms a `Word` param is written in: `{tier:cube}`, `{tier:cubes}`."""

