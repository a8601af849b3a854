"""``cardforge play``: a session at the table on the live model (issue #25, item 5) — moves,
``?``, ``score``, ``undo``, ``quit``, one-line refusals that let the session go on, French,
the state file shared with the referee, completion, history and coloured cards."""

from __future__ import annotations

import io
import json

from prompt_toolkit.document import Document

from cardforge.cli.play import MemorySlot, Session, completer, prompted_lines
from tests.cli_helpers import one_line_error


def _session(game="rows", players=("Ana", "Ben"), lang="en", colour=False, **kw):
    out, err = io.StringIO(), io.StringIO()
    return Session(game, players, kw.pop("storage", MemorySlot()), lang=lang, out=out, err=err, colour=colour, **kw), out, err


def test_a_piped_session_plays_explains_scores_undoes_and_quits(cli):
    lines = "Ana=R7 Ben=SH3\n?\nscore\nAna=R7 Ben=G3\nundo\nscore\nquit\nAna=R9 Ben=B5\n"
    result = cli("play", "rows", "--players", "Ana,Ben", input=lines)
    assert result.code == 0, result.err
    assert result.out.startswith("Num Rows at the table for Ana and Ben")
    assert "ROWS-5.1: Ben's SH3 goes on the Blue row" in result.out  # ? : the last step's rules
    assert result.out.count("Standings: Ana 0 and Ben 0") == 2
    assert "taken back: deal Ana=?; deal Ben=?; Ana=R7 Ben=SH3" in result.out
    assert result.err.splitlines() == ["cardforge: error: card R7 is already in the Red row"]  # and it went on
    assert "R9" not in result.out  # nothing after quit


def test_bad_input_is_one_line_and_the_session_goes_on():
    session, out, err = _session()
    for line in ("bogus", "Zoé=R1 Ben=R2", "Ana=R7 Ben=SH3"):
        assert session.handle(line)
    assert len(err.getvalue().splitlines()) == 2 and all(l.startswith("cardforge: error: ") for l in err.getvalue().splitlines())
    assert "Rows now: B: B0 SH3  R: R0 R7" in out.getvalue()
    assert session.handle("quit") is False


def test_french_under_lang_fr(cli):
    result = cli("play", "rows", "--players", "Ana,Ben", "--lang", "fr", input="aide\nbogus\nquitter\n")
    assert result.code == 0 and result.out.startswith("Num Rangées à table pour Ana et Ben")
    assert "Une ligne est un coup" in result.out and result.err.replace("\xa0", " ").startswith("cardforge : erreur : ")


def test_the_session_keeps_the_game_in_the_state_file_the_referee_continues(cli, tmp_path):
    state = str(tmp_path / "evening.json")
    assert cli("play", "rows", "--players", "Ana,Ben", "--state", state, input="Ana=R7 Ben=SH3\n").code == 0
    again = cli("referee", "rows", "play", "--state", state, "--json", "Ana=R9", "Ben=B5")
    assert again.code == 0 and again.json()["rows"]["R"] == ["R0", "R7", "R9"]
    resumed = cli("play", "rows", "--players", "Ana,Ben", "--state", state, input="undo\n")
    assert "Ana=R9 Ben=B5" in resumed.out
    assert json.loads(open(state).read())["matches"]["rows"]["history"][-1] == "Ana=R7 Ben=SH3"


def test_numwin_is_played_card_by_card_with_the_totals():
    session, out, err = _session("numwin")
    for line in ("deal R1 R2 R3 R4", "Ben=draw G7", "Ben=discard", "score"):
        session.handle(line)
    assert err.getvalue() == ""
    said = out.getvalue()
    assert "Ana is to pass or claim the discard top" in said and "Standings: Ana 0 and Ben 0" in said
    assert "To play: Ana" in said


def test_tricks_bids_and_cards(cli):
    result = cli("play", "tricks", "--players", "Ana,Ben,Chloé", input="Ana=bid=1 Ben=bid=0 Chloé=bid=0\nscore\n")
    assert result.code == 0 and result.err == "", result.err
    assert "Standings:" in result.out


def test_completion_of_names_move_words_and_card_codes():
    rows = completer("rows", ("Ana", "Ben"))
    words = lambda c, text: [x.text for x in c.get_completions(Document(text), None)]  # noqa: E731
    assert "Ben=" in words(rows, "Be") and "RB12" in words(rows, "RB1") and "undo" in words(rows, "un")
    numwin = completer("numwin", ("Ana", "Ben"))
    assert "Ana=swap" in words(numwin, "Ana=sw") and "Ana=swipe" in words(numwin, "Ana=sw")
    assert "Chloé=bid=" in words(completer("tricks", ("Ana", "Ben", "Chloé")), "Chl")


def test_the_prompt_reads_lines_and_keeps_a_history():
    """The terminal path (prompt_toolkit), driven through a pipe input: a line typed is played,
    the up arrow brings it back (here refused: R7 is on the table); completion is the
    completer's (above)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    session, out, err = _session()
    with create_pipe_input() as pipe:
        lines = prompted_lines(session, input=pipe, output=DummyOutput())
        pipe.send_text("Ana=R7 Ben=SH3\r")
        assert session.handle(next(lines))
        pipe.send_text("\x1b[A\r")
        assert next(lines) == "Ana=R7 Ben=SH3"
        pipe.send_text("quit\r")
        assert session.handle(next(lines)) is False
    assert "Rows now: B: B0 SH3  R: R0 R7" in out.getvalue() and err.getvalue() == ""


def test_cards_are_coloured_in_a_terminal():
    session, out, _ = _session(colour=True)
    session.say("Ana plays R7 and RB12")
    shown = out.getvalue()
    assert "\x1b[" in shown and "R7" in shown and "Ana plays" in shown
    assert shown.index("\x1b[") < shown.index("R7")


def test_bad_players_and_games_are_one_line(cli):
    one_line_error(cli("play", "rows", "--players", "Ana"), "--players 'Ana'", "at least two distinct names")
    one_line_error(cli("play", "chess", "--players", "Ana,Ben"), "unknown game 'chess'")
