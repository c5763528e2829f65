"""The language files: every English key in every language with the same placeholders,
complete skins with distinct one-character tier letters, the rule sheets' vocabulary;
and which language is shown: --lang, then the saved setting, then the environment."""

from __future__ import annotations

import tomllib
from dataclasses import asdict

import pytest
from rich.cells import cell_len

from century_tui import cli, storage, text
from century_tui.resources import data_dir
from century_tui.skins import SKINS
from century_tui.storage import Settings
from support import demo
from century_tui.tui.app import CenturyApp
from tests.helpers.words import say

OTHERS = ["fr", "es", "pt", "ja"]
ENGLISH = text.load_language("en")
NOUNS = set(ENGLISH.skins["spice"].nouns())


def params(template: str) -> set[str]:
    """The fields a caller fills in (the skin's nouns are the language's own business:
    French says « 1 {cube} » where English says "a {cube}", to dodge a gender)."""
    return text.fields_of(template) - NOUNS


def specs(template: text.Template) -> dict[str, str]:
    """Each field's format spec, but a word's form ({tier:cubes}): agreeing with the cube
    is the language's own business (English colours do not agree)."""
    return {name: spec for form in text.leaves(template) for _, name, spec, _ in text.FORMATTER.parse(form)
            if name and spec not in text.WORD_FORMS}


def test_the_five_languages_are_there():
    assert set(text.languages()) >= {"en", *OTHERS}


def test_the_index_lists_every_language_file_by_its_own_name():
    """data/lang/index.toml names the languages: one entry for each file, and no other."""
    files = {p.stem for p in (data_dir() / "lang").glob("*.toml")} - {"index"}
    assert set(text.languages()) == files
    names = {code: text.language_name(code) for code in files}
    assert names == {"en": "English", "es": "Español", "fr": "Français", "ja": "日本語", "pt": "Português"}


@pytest.mark.parametrize("code", OTHERS)
def test_every_english_key_and_no_other_with_the_same_placeholders(code):
    lang = text.load_language(code)  # validated on load (structure, error codes, fields)
    assert sorted(set(ENGLISH.text) - set(lang.text)) == [], "missing keys"
    assert sorted(set(lang.text) - set(ENGLISH.text)) == [], "keys English does not have"
    for key, english in ENGLISH.text.items():
        assert params(lang.text[key]) == params(english), key
        assert text.fields_of(lang.text[key]) <= params(english) | NOUNS, key
        assert {k: v for k, v in specs(lang.text[key]).items() if v} == {
            k: v for k, v in specs(english).items() if v
        }, key


@pytest.mark.parametrize("code", OTHERS)
def test_the_file_has_the_same_tables_as_english(code):
    with open(data_dir() / "lang" / "en.toml", "rb") as f:
        english = tomllib.load(f)
    with open(data_dir() / "lang" / f"{code}.toml", "rb") as f:
        raw = tomllib.load(f)
    assert list(raw) == list(english)  # same tables, same order
    assert set(raw["skin"]) == set(english["skin"]) == set(SKINS)
    for skin in SKINS:
        assert set(raw["skin"][skin]) == set(english["skin"][skin])


@pytest.mark.parametrize("code", ["en", *OTHERS])
def test_every_save_refusal_has_words_with_the_params_it_is_given(code):
    """A SaveError or a problem code without words would crash the message about a bad file."""
    from century_tui.engine.save_errors import PROBLEMS, REASONS

    lang = text.load_language(code)
    for reason, english in REASONS.items():
        assert text.fields_of(lang.text[f"save_error.{reason}"]) - NOUNS == text.fields_of(english), reason
    assert {k.partition(".")[2] for k in lang.text if k.startswith("save_problem.")} == set(PROBLEMS)


@pytest.mark.parametrize("code", ["en", *OTHERS])
def test_skins_are_complete_and_their_letters_distinct(code):
    lang = text.load_language(code)
    for skin in SKINS:
        words = lang.skins[skin]
        assert all(value for key, value in asdict(words).items() if key != "cube_gender"), skin
        assert words.cube_gender in (("",) if code in ("en", "ja") else ("m", "f")), skin
        assert all(len(x) == 1 for x in words.letters) and len(set(words.letters)) == 4
        assert len(set(words.tiers)) == 4


def test_the_rule_sheets_vocabulary():
    """The words of the printed sheets (../shared/seeds): Japanese Spice, French Spice and
    Golem, Spanish Spice, Portuguese Golem; each edition's own where they differ."""
    ja, fr, es, pt = (text.load_language(c) for c in ("ja", "fr", "es", "pt"))
    assert ja.skins["spice"].letters == ("黄", "赤", "緑", "茶")
    assert (ja.skins["spice"].upper_coin, ja.skins["spice"].lower_coin) == ("金貨", "銀貨")
    assert ja.skins["spice"].point_card == "勝利点カード" and ja.skins["golem"].upper_coin == "銅貨"
    assert [say("ja", f"key.{k}") for k in ("rest", "claim", "acquire")] == ["休息", "納品", "獲得"]
    assert ja.text["kind.trade"] == "交換" and "価値上昇" in ja.text["card.upgrade"]
    assert ja.text["advice.move_rest"] == "休息する" and "納品" in ja.text["advice.move_claim"]
    # French Spice: cartes Points, cartes Marchand, pièces; Acheter, Repos, Réclamer
    assert fr.skins["spice"].letters == ("J", "R", "V", "B") and fr.skins["spice"].point_card == "carte Points"
    assert [say("fr", f"key.{k}") for k in ("acquire", "rest", "claim")] == ["Acheter", "Repos", "Réclamer"]
    # French Golem: Jaune > Vert > Bleu > Rose, cartes de points, jetons; Acquérir, Se reposer, Revendiquer
    golem = fr.skins["golem"]
    assert golem.tiers == ("jaune", "vert", "bleu", "rose") and golem.letters == ("J", "V", "B", "R")
    assert golem.point_cards == "cartes de points" and golem.merchant_cards == "cartes marchands"
    assert golem.cubes == "cristaux" and golem.upper_coin == "jeton de cuivre" and golem.coins == "jetons"
    assert [say("fr", f"key.{k}", "golem") for k in ("acquire", "rest", "claim")] == ["Acquérir", "Se reposer", "Revendiquer"]
    assert fr.text["modal.upgrade_title"].other.startswith("Améliorer") and fr.text["card.deck"] == "pioche"
    # Spanish Spice: Century: Spice Road, cartas de conversión (convertir), Adquirir, Descanso
    assert es.skins["spice"].title == "Century: Spice Road" and es.skins["spice"].point_card == "carta de puntuación"
    assert es.text["kind.upgrade"] == "conversión" and say("es", "key.raise_tier") == "Convertir"
    assert [say("es", f"key.{k}") for k in ("acquire", "rest")] == ["Adquirir", "Descanso"]
    assert es.skins["spice"].tiers == ("amarillo", "rojo", "verde", "marrón")
    # Portuguese Golem: fichas, troca (Comércio is the card's kind), Comprar, Reivindicar
    assert pt.skins["golem"].tiers == ("amarelo", "verde", "turquesa", "magenta")
    assert pt.skins["golem"].merchant_card == "carta de mercador" and pt.skins["golem"].coins == "fichas"
    assert [say("pt", f"key.{k}", "golem") for k in ("claim", "acquire")] == ["Reivindicar", "Comprar"]
    assert say("pt", "modal.trade_title", "golem", pay="AA", gain="V") == "Troca AA→V" and pt.text["kind.trade"] == "comércio"
    assert "fichas" in say("pt", "results.note", "golem") and "moedas" not in say("pt", "results.note", "golem")


@pytest.mark.parametrize("code", ["en", *OTHERS])
def test_help_key_columns_line_up_in_terminal_cells(code):
    """The key list is two columns: the words start at the same cell on every line,
    also when the key column holds a two-cell character (か)."""
    lines = [x for x in text.load_language(code).text["help.keys"].strip("\n").splitlines() if "   " in x]
    assert len(lines) >= 8
    columns = set()
    for line in lines:
        head, _, _ = line.partition("   ")
        tail = line[len(head):]
        columns.add(cell_len(head) + (len(tail) - len(tail.lstrip(" "))))
    assert columns == {18}, columns


# ---------------------------------------------------------------- which language
@pytest.mark.parametrize(
    "env, want",
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "pt_BR"}, "pt"),
        ({"LANG": "es_ES@euro"}, "es"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "fr_FR"}, "ja"),
        ({"LC_MESSAGES": "es_ES", "LANG": "fr_FR"}, "es"),
        ({"LC_ALL": "", "LANG": "pt_PT.UTF-8"}, "pt"),
    ],
)
def test_language_from_the_environment(env, want):
    assert text.resolve_language(None, None, env) == want


def test_order_lang_then_setting_then_environment_then_english():
    env = {"LANG": "es_ES.UTF-8"}
    assert text.resolve_language("ja", "fr", env) == "ja"
    assert text.resolve_language(None, "fr", env) == "fr"
    assert text.resolve_language(None, None, env) == "es"
    assert text.resolve_language(None, "zz", env) == "es"  # a setting for a language that went away
    assert text.resolve_language(None, None, {"LANG": "C"}) == "en"


def test_the_app_resolves_the_same_way(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert CenturyApp(demo.new_game()).language == "fr" and text.language() == "fr"
    storage.save_settings(Settings(language="ja"))
    assert CenturyApp(demo.new_game()).language == "ja"
    assert CenturyApp(demo.new_game(), language="es").language == "es"
    # settings handed in by a caller are the whole configuration: the environment is not read
    assert CenturyApp(demo.new_game(), settings=Settings()).language == "en"
    assert CenturyApp(demo.new_game(), settings=Settings(language="pt")).language == "pt"


def test_lang_on_the_command_line(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "C")
    parser = cli.build_parser()
    assert parser.parse_args(["--lang", "ja"]).lang == "ja"
    assert parser.parse_args(["--lang", "ja", "new"]).lang == "ja"
    assert parser.parse_args(["new", "--lang", "pt"]).lang == "pt"
    assert parser.parse_args(["resume", "--lang", "es"]).lang == "es"
    for argv in (["--lang", "xx"], ["new", "--lang", "de"]):
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "en, es, fr, ja, pt" in err
    with pytest.raises(SystemExit):  # messages in the language asked for
        cli.main(["new", "--lang", "fr", "--players", "Ann"])
    assert "il faut de 2 à 5 joueurs" in capsys.readouterr().err


def test_player_names_are_listed_the_language_s_way():
    from century_tui.text import Names

    try:
        text.set_language("ja")
        assert "Ann、Bob、Cy" in text.t("log.new_game", names=Names(("Ann", "Bob", "Cy")), name="Ann")
        text.set_language("fr")
        assert "Ann, Bob, Cy" in text.t("log.new_game", names=Names(("Ann", "Bob", "Cy")), name="Ann")
    finally:
        text.set_language("en")


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--lang", "fr", "new", "--players", "A,B", "--seed", "x"], "century new : erreur : --seed : « x » n'est pas un nombre entier"),
        (["--lang", "ja", "new", "--players", "A,B", "--skin", "tea"], "「tea」は選べません"),
        (["--lang", "es", "new", "--players", "A,B", "--budget-ms", "5"], "5 está fuera de rango (de 50 a 60000)"),
        (["--lang", "pt", "replay"], "faltam argumentos: NAME"),
        (["--lang", "fr", "new", "--zzz"], "arguments non reconnus : --zzz"),
        (["--lang", "fr", "sim", "--bots", "genius"], "niveau de bot inconnu « genius »"),
        (["--lang", "fr", "sim", "--json=1"], "--json : ne prend pas de valeur (« 1 » donné)"),
        (["--lang", "fr", "new", "--s", "golem"], "arguments non reconnus : --s golem"),
        (["cards", "--xml"], "century cards: error: unrecognized arguments: --xml"),  # names its command
        (["--lang", "ja", "saves", "x"], "century saves：エラー：認識できない引数：x"),
        (["new", "--skin", "wood"], "invalid choice “wood” (choose from spice, golem)"),  # one style of quotes
    ],
)
def test_argument_errors_are_in_the_player_s_language(argv, says, capsys, monkeypatch):
    """argparse's own framing and messages too, not only ours: one line, exit code 2."""
    monkeypatch.setenv("LANG", "C")
    try:
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
    finally:
        text.set_language("en")
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and says in err, err
    assert "error: argument" not in err  # argparse's English framing is gone


def test_command_line_help_in_the_player_s_language(capsys, monkeypatch):
    """`century --help` too: argparse's headings, every option, wrapped by terminal cells."""
    monkeypatch.setenv("COLUMNS", "60")
    try:
        with pytest.raises(SystemExit) as stop:
            cli.main(["--lang", "fr", "--help"])
        out = capsys.readouterr().out
        assert stop.value.code == 0
        assert out.startswith("usage : century") and "afficher cette aide et quitter" in out
        assert "revoir une partie enregistrée" in out and "show this help" not in out
        for columns in (50, 60, 80):
            monkeypatch.setenv("COLUMNS", str(columns))
            for argv in (["--help"], ["new", "--help"], ["sim", "--help"], ["resume", "--help"]):
                with pytest.raises(SystemExit):
                    cli.main(["--lang", "ja", *argv])
                lines = capsys.readouterr().out.splitlines()
                assert lines[0].startswith("使い方：century")
                for line in lines:  # fits (a closing mark may hang one over); no orphan marks
                    assert cell_len(line) <= columns + 2, (columns, line)
                    assert not line.lstrip().startswith(tuple(cli.CLOSING)), line
                    assert not line.endswith(tuple(cli.OPENING)), line
                indent = cell_len(lines[0][: lines[0].index("[")])  # "使い方：century new "
                for line in lines[1 : lines.index("")]:  # the usage goes on under its first option
                    assert len(line) - len(line.lstrip()) == indent, (line, indent)
    finally:
        text.set_language("en")
