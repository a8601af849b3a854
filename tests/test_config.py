"""Defaults that stick (issue 24): ``cardforge.toml`` (user file, project file found upward),
``CARDFORGE_*`` variables, the locale, flags — and ``cardforge config`` saying where each
value comes from; a match remembers its language and house rules."""

from __future__ import annotations

import pytest


@pytest.fixture
def project(tmp_path):
    """A project folder with a cardforge.toml, and a subfolder to run commands from."""
    (tmp_path / "cardforge.toml").write_text(
        'lang = "fr"\npaper = "letter"\nplayers = ["Ana", "Ben"]\n\n[house.rows]\nrow_tie = "fewest_cards"\n',
        encoding="utf-8")
    sub = tmp_path / "deep" / "er"
    sub.mkdir(parents=True)
    return sub


def test_the_locale_chooses_the_language(cli):
    """LC_ALL, then LC_MESSAGES, then LANG: fr_* speaks French."""
    french = cli("referee", "rows", "score", "V5", env={"LANG": "fr_FR.UTF-8"})
    assert french.code == 2 and french.err.startswith("cardforge : erreur : carte inconnue 'V5'"), french.err
    english = cli("referee", "rows", "score", "V5", env={"LANG": "fr_FR.UTF-8", "LC_ALL": "en_GB.UTF-8"})
    assert english.err.startswith("cardforge: error: unknown card 'V5'")
    assert cli("decks", env={"LANG": "fr_CA.UTF-8", "CARDFORGE_LANG": "en"}).out.count("cardforge decks") == 1


def test_config_shows_each_value_and_where_it_comes_from(cli, project, tmp_path):
    user = tmp_path / "user.toml"
    user.write_text('database = "/tmp/user.db"\nlang = "en"\n', encoding="utf-8")
    env = {"CARDFORGE_CONFIG": str(user), "CARDFORGE_PAPER": "a4"}
    data = cli("config", "--json", "--players", "Zoé,Yann", env=env, cwd=project).json()
    settings = data["settings"]
    project_file = str(tmp_path / "cardforge.toml")
    assert settings["lang"] == {"value": "fr", "source": "project file", "origin": project_file}
    assert settings["paper"] == {"value": "a4", "source": "env", "origin": "CARDFORGE_PAPER"}
    assert settings["database"] == {"value": "/tmp/user.db", "source": "user file", "origin": str(user)}
    assert settings["players"] == {"value": "Zoé,Yann", "source": "flag", "origin": "--players"}
    assert data["house"]["rows"][0]["rule"] == "row_tie=fewest_cards"
    assert data["files"] == {"user": str(user), "project": project_file}
    alone = cli("config", "--json", cwd=tmp_path.parent).json()["settings"]
    assert alone["lang"]["source"] == "default" and alone["paper"] == {"value": "a4", "source": "default"}
    shown = cli("config", cwd=project, env={"COLUMNS": "200"})
    assert shown.code == 0 and "project file" in shown.out and "row_tie=fewest_cards" in shown.out


@pytest.mark.parametrize("text, says", [
    ("lang = 'de'\n", "lang: expected fr or en, found 'de'"),
    ("langue = 'fr'\n", "unknown key 'langue'; did you mean 'lang'?"),
    ("lang = \n", "not a valid TOML file"),
])
def test_a_broken_config_file_is_one_line_naming_it(cli, tmp_path, text, says):
    (tmp_path / "cardforge.toml").write_text(text, encoding="utf-8")
    result = cli("decks", cwd=tmp_path)
    assert result.code == 2 and result.err.count("\n") == 1, result.err
    assert str(tmp_path / "cardforge.toml") in result.err and says in result.err


def test_render_takes_the_configured_paper(cli, project, tmp_path):
    result = cli("render", "--calibrate", "--out", str(tmp_path / "out"), "--json", cwd=project)
    assert result.code == 0, result.err
    assert [p.rsplit("/", 1)[-1] for p in result.json()["written"]] == ["calibration-letter-fr.pdf"]


def test_a_match_remembers_its_language_players_and_house_rules(cli, project, tmp_path):
    db = tmp_path / "evening.sqlite3"
    env = {"CARDFORGE_DB": str(db)}
    started = cli("table", "new", "rows", env=env, cwd=project)  # players and house rule from the file
    assert started.code == 0 and started.out.startswith("partie commencée"), started.err
    assert db.is_file()
    elsewhere = {**env, "CARDFORGE_LANG": "en", "COLUMNS": "120"}
    shown = cli("table", "show", env=elsewhere, cwd=tmp_path.parent)  # no project file, English configured
    assert "Num Rangées — partie 1" in shown.out, shown.out  # the match's language, the game's title
    data = cli("table", "show", "--json", env=elsewhere, cwd=tmp_path.parent).json()
    assert data["players"] == ["Ana", "Ben"] and data["house"] == ["row_tie=fewest_cards"]
    asked = cli("table", "show", "--lang", "en", env=elsewhere, cwd=tmp_path.parent)
    assert "Num Rows — match 1" in asked.out
    flag_wins = cli("table", "new", "rows", "--players", "Zoé,Yann", "--house", "row_tie=sheet_order", "--json",
                    env=env, cwd=project).json()
    assert flag_wins["players"] == ["Zoé", "Yann"] and flag_wins["house"] == ["row_tie=sheet_order"]
    nobody = cli("table", "new", "rows", env=env, cwd=tmp_path.parent)
    assert nobody.code == 2 and "missing --players" in nobody.err and nobody.err.count("\n") == 1


def test_a_state_file_refusing_a_new_player_names_itself_and_how_to_start_afresh(cli, tmp_path):
    env = {"CARDFORGE_STATE": str(tmp_path / "evening.json")}
    assert cli("referee", "rows", "play", "Ana=R3", "Ben=G4", env=env).code == 0
    refused = cli("referee", "rows", "play", "Ana=R5", "Xavier=G5", env=env)
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert "unknown player 'Xavier'" in refused.err and str(tmp_path / "evening.json") in refused.err
    assert "CARDFORGE_STATE" in refused.err and "delete that file" in refused.err


def test_config_set_makes_a_default_stick_and_unset_removes_it(cli, tmp_path):
    """Issue 24 ("nothing is remembered"): a default was set only by editing a TOML file by
    hand; ``config set`` writes it (checked first), ``unset`` takes it back, comments stay."""
    user = tmp_path / "conf" / "cardforge.toml"
    env = {"CARDFORGE_CONFIG": str(user), "LC_ALL": "en_GB.UTF-8"}
    said = cli("config", "set", "lang", "fr", env=env, cwd=tmp_path)
    assert said.code == 0 and f"lang = 'fr' in {user}" in said.out, said.err
    french = cli("referee", "rows", "score", "V5", env=env, cwd=tmp_path)
    assert french.err.startswith("cardforge\u00a0: erreur\u00a0: carte inconnue 'V5'"), french.err
    user.write_text("# my defaults\n" + user.read_text(encoding="utf-8"), encoding="utf-8")
    assert cli("config", "set", "house.rows.row_tie", "fewest_cards", env=env, cwd=tmp_path).code == 0
    assert user.read_text(encoding="utf-8") == '# my defaults\nlang = "fr"\n\n[house.rows]\nrow_tie = "fewest_cards"\n'
    shown = cli("config", "--json", env=env, cwd=tmp_path).json()
    assert shown["settings"]["lang"]["source"] == "user file" and shown["house"]["rows"][0]["rule"] == "row_tie=fewest_cards"
    assert cli("config", "unset", "house.rows.row_tie", env=env, cwd=tmp_path).code == 0
    assert user.read_text(encoding="utf-8") == '# my defaults\nlang = "fr"\n'
    again = cli("config", "unset", "paper", "--lang", "en", env=env, cwd=tmp_path)
    assert again.code == 0 and "does not set paper" in again.out


@pytest.mark.parametrize(("args", "fragment"), [
    (("paper", "A5"), "paper\u00a0: attendu a4 ou letter, trouvé 'A5'"),
    (("langue", "fr"), "réglage inconnu 'langue'\u202f; vouliez-vous dire 'lang'\u202f?"),
    (("house.rowz.x", "1"), "attendu house.JEU.CLÉ"),
    (("house.rows.row_ti", "x"), "vouliez-vous dire 'row_tie'"),
    (("house.rows.row_tie", "nope"), "sheet_order, fewest_cards"),
])
def test_config_set_refuses_what_the_reader_would_refuse_in_one_line(cli, tmp_path, args, fragment):
    """Nothing is written when the value is wrong; the refusal speaks the asked language."""
    from cli_helpers import one_line_error

    user = tmp_path / "cardforge.toml"
    result = cli("config", "set", *args, "--lang", "fr", env={"CARDFORGE_CONFIG": str(user)}, cwd=tmp_path)
    one_line_error(result, fragment)
    assert not user.exists()


def test_config_set_project_writes_the_project_file_found_upward(cli, project):
    found = project.parent.parent / "cardforge.toml"
    result = cli("config", "set", "paper", "a4", "--project", env={"CARDFORGE_CONFIG": str(project / "u.toml")},
                 cwd=project)
    assert result.code == 0, result.err
    assert 'paper = "a4"' in found.read_text(encoding="utf-8") and not (project / "u.toml").exists()


def test_the_configured_house_rules_apply_to_the_referee_and_a_flag_wins(cli, tmp_path):
    """Issue 24 ("house rules per game" in the config): ``[house.GAME]`` reached ``table new``
    and ``simulate`` only; a referee ruling ignored it."""
    user = tmp_path / "conf" / "cardforge.toml"
    env = {"CARDFORGE_CONFIG": str(user), "CARDFORGE_LANG": "en"}
    score = ("referee", "tricks", "score", "--bid", "2", "--won", "2", "--cards", "5", "--streak", "3")
    assert cli(*score, env=env, cwd=tmp_path).out.splitlines()[-1] == "→ 16 + bonus 15 = 31 points; streak now 4."
    assert cli("config", "set", "house.tricks.streak_payout", "once", env=env, cwd=tmp_path).code == 0
    configured = cli(*score, env=env, cwd=tmp_path)
    assert configured.code == 0, configured.err
    assert configured.out.splitlines()[-1] == "→ 16 + bonus 0 = 16 points; streak now 4.", configured.out
    flag = cli(*score, "--house", "streak_payout=each_round", env=env, cwd=tmp_path)
    assert flag.out.splitlines()[-1] == "→ 16 + bonus 15 = 31 points; streak now 4.", flag.out
    other_game = cli("referee", "rows", "score", "R5", env=env, cwd=tmp_path)  # tricks' rule is not rows'
    assert other_game.code == 0, other_game.err


def test_the_configured_house_rules_reach_a_play_session(cli, tmp_path):
    """``cardforge play GAME`` takes the configured house rules of its game, as the referee does."""
    import json

    user = tmp_path / "conf" / "cardforge.toml"
    env = {"CARDFORGE_CONFIG": str(user), "CARDFORGE_LANG": "en"}
    assert cli("config", "set", "house.rows.row_tie", "fewest_cards", env=env, cwd=tmp_path).code == 0
    state = tmp_path / "evening.json"
    played = cli("play", "rows", "--players", "Ana,Ben", "--state", str(state), input="Ana=R7 Ben=SH3\nquit\n",
                 env=env, cwd=tmp_path)
    assert played.code == 0, played.err
    assert json.loads(state.read_text(encoding="utf-8"))["matches"]["rows"]["house"] == ["row_tie=fewest_cards"]
