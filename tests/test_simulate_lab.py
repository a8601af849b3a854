"""Issue 29: the lab's figures are right (n/a effects, per-bot rates clustered by game), its
tests are the textbook's (chi-square, Benjamini–Hochberg, an anytime-valid confidence
sequence), it answers in words (fr, en) and catches a planted seat bias at its stated error
rate, its seeds do not overlap, and its games can be audited move by move."""

from __future__ import annotations

import json
import math
import random

import pytest

from cardforge.simulate import SimSpec, compare, simulate
from cardforge.simulate.report import bin_width, build_report
from cardforge.simulate.spec import game_seed
from cardforge.simulate.stats import (benjamini_hochberg, chi2_sf, chi2_uniform, cluster_rate,
                                      eb_confidence_sequence, gamma_q, wilson)
from cardforge.simulate.verdicts import lines as verdict_lines
from tests.cli_helpers import one_line_error


def _record(index: int, bots: list[str], winners: list[int], events: dict | None = None) -> dict:
    players = len(bots)
    return {"index": index, "bots": bots, "scores": [1 if s in winners else 0 for s in range(players)],
            "winners": winners, "turns": 10, "rounds": 2, "events": events or {}}


# -- the wrong figures ---------------------------------------------------------------------------

def test_an_event_every_seat_game_had_has_no_win_rate_without_nor_effect():
    """Every seat-game saw ``always``: "without" is n/a, not 0 % [0, 0] with a +25 % effect."""
    records = [_record(i, ["strategy"] * 4, [i % 4], {"always": [1, 2, 1, 1], "some": [1, 0, 0, 0]})
               for i in range(40)]
    report = build_report(SimSpec("collection", 4, ("strategy",), games=40), records)
    events = {e["event"]: e for e in report["events"]}
    assert events["always"]["win_rate_without"] is None and events["always"]["effect"] is None
    assert events["some"]["effect"] is not None
    from cardforge.simulate.figures import figure_data
    from cardforge.simulate.output import _html

    assert figure_data(report)["events_effect"]["labels"] == ["some"]
    assert "<td>n/a</td>" in _html(report, None, [])


def test_the_collection_run_of_the_issue_says_n_a(tmp_path):
    report = simulate(SimSpec("collection", 4, ("strategy",), seed=11, games=60), jobs=1)
    every = [e for e in report["events"] if e["seat_games_with"]["value"] == 1.0]
    assert every, "some event is in every seat-game (stop:shadow, round_voided …)"
    assert all(e["effect"] is None and e["win_rate_without"] is None for e in every)


def test_a_bots_win_rate_is_clustered_by_game_as_by_hand():
    """Two bots at four seats: a bot's two seats in one game share one win.  By hand, strategy
    (seats 1 and 3) wins games 0, 1 and shares game 3 with random: per game (wins, seats) =
    (1, 2), (1, 2), (0, 2), (0.5, 2); rate 2.5/8; residuals s − r·n = 0.375, 0.375, −0.625,
    −0.125; Σ² = 0.6875; se = √(0.6875·4/3)/8 = 0.119678; ±1.96·se."""
    table = ["strategy", "random", "strategy", "random"]
    records = [_record(0, table, [0]), _record(1, table, [2]), _record(2, table, [1]), _record(3, table, [0, 1])]
    report = build_report(SimSpec("rows", 4, ("strategy", "random"), games=4), records)
    strategy = next(b for b in report["bots"] if b["bot"] == "strategy")
    se = math.sqrt(0.6875 * 4 / 3) / 8
    assert strategy["win_rate"]["value"] == pytest.approx(0.3125, abs=1e-4)
    assert strategy["win_rate"]["low"] == pytest.approx(0.3125 - 1.959964 * se, abs=1e-4)
    assert strategy["win_rate"]["high"] == pytest.approx(0.3125 + 1.959964 * se, abs=1e-4)
    assert strategy["games"] == 4 and strategy["seat_games"] == 8


def test_the_clustered_interval_is_narrower_than_the_seat_game_one_where_seats_compete():
    """tricks, strategy against random: the strategy seats of a game compete for one win, so
    counting them as independent trials (Wilson over seat-games) was several times too wide."""
    report = simulate(SimSpec("tricks", 4, ("strategy", "random"), seed=1, games=120), jobs=1)
    strategy = next(b for b in report["bots"] if b["bot"] == "strategy")
    clustered = strategy["win_rate"]["high"] - strategy["win_rate"]["low"]
    _, low, high = wilson(strategy["win_rate"]["value"] * strategy["seat_games"], strategy["seat_games"])
    assert (high - low) / clustered > 2.5


# -- the tests behind the verdicts -------------------------------------------------------------

@pytest.mark.parametrize("statistic, df, expected", [
    (3.841458820694124, 1, 0.05), (7.814727903251178, 3, 0.05), (18.307038053275146, 10, 0.05),
    (10.0, 4, 0.040427681994512805), (20.0, 2, math.exp(-10)), (0.5, 3, 0.9188914116616219),
    (100.0, 5, 5.2908e-20),
])
def test_chi_square_survival_matches_known_values(statistic, df, expected):
    assert chi2_sf(statistic, df) == pytest.approx(expected, rel=1e-4)


def test_regularized_gamma_matches_closed_forms():
    for x in (0.01, 0.5, 1.0, 3.0, 12.0):
        assert gamma_q(1.0, x) == pytest.approx(math.exp(-x), rel=1e-12)
        assert gamma_q(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), rel=1e-10)


def test_chi_square_of_seats_by_hand():
    statistic, df, p = chi2_uniform([30, 20, 25, 25])  # expected 25: (25 + 25 + 0 + 0)/25 = 2
    assert (statistic, df) == (2.0, 3) and p == pytest.approx(0.5724067, rel=1e-6)


def test_benjamini_hochberg_matches_r_p_adjust():
    p = [0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205]
    # R: p.adjust(p, "BH")
    expected = [0.008, 0.032, 0.0672, 0.0672, 0.0672, 0.08, 0.08457143, 0.205]
    assert benjamini_hochberg(p) == pytest.approx(expected, rel=1e-6)
    assert benjamini_hochberg([0.5, 0.01]) == pytest.approx([0.5, 0.02])


def test_the_confidence_sequence_covers_at_every_look_at_its_level():
    """400 runs of a 25 % coin, each looked at after every 100 draws up to 3,000: the share of runs
    where the sequence ever excludes the truth stays below its 10 % level (seeded, bounded work)."""
    misses = 0
    for run in range(400):
        rng = random.Random(run)
        values = [1.0 if rng.random() < 0.25 else 0.0 for _ in range(3000)]
        for n in range(100, 3001, 100):
            centre, half = eb_confidence_sequence(values[:n], 0.10)
            if abs(centre - 0.25) > half:
                misses += 1
                break
    assert misses / 400 <= 0.10


def test_precision_runs_until_the_half_width_is_reached():
    report = simulate(SimSpec("rows", 3, ("random",), seed=2, games=30_000), jobs=1, precision=0.05)
    run = report["precision"]
    assert run["reached"] and run["half_width"] <= 0.05 and run["games"] == report["games_played"] < 30_000
    assert run["looks"] >= 1 and len(run["seats"]) == 3
    assert any("known to ±5 points" in line and f"{run['games']:,} games" in line for line in verdict_lines(report))
    short = simulate(SimSpec("rows", 3, ("random",), seed=2, games=600), jobs=1, precision=0.01)
    assert not short["precision"]["reached"] and short["games_played"] == 600
    assert any("not reached" in line for line in verdict_lines(short))


# -- verdicts in words, and the planted bias ---------------------------------------------------

def _seat_games(rng: random.Random, games: int, players: int, edge: float) -> list[dict]:
    """A seeded one-card engine: each seat is dealt a card of 100, the highest wins; with
    ``edge`` seat 1 redraws a losing card with that probability (a planted first-player edge:
    it then wins about 25 % + 75 % × edge × 23 %)."""
    records = []
    for i in range(games):
        cards = rng.sample(range(100), players)
        if edge and cards[0] != max(cards) and rng.random() < edge:
            cards[0] = rng.choice([c for c in range(100) if c not in cards])
        winner = max(range(players), key=lambda s: cards[s])
        records.append(_record(i, ["random"] * players, [winner]))
    return records


def _detected(records: list[dict], players: int) -> bool:
    report = build_report(SimSpec("rows", players, ("random",), games=len(records)), records)
    said = verdict_lines(report)[0]
    return said.startswith("Seat ")


def test_a_planted_seat_bias_is_detected_and_a_fair_game_is_not_at_the_stated_rate():
    """300 fair runs of 400 games: the verdict says a seat is favoured in at most 5 % of them
    (with the binomial slack of 300 runs: ≤ 26, the 99.9 % bound of 300 × 5 %); 100 runs of 1,000
    games with seat 1 redrawing a losing card one time in two (about 33.6 % instead of 25 %):
    detected in at least 90 % (the chi-square test's power there is about 99 %)."""
    rng = random.Random(29)
    false_alarms = sum(_detected(_seat_games(rng, 400, 4, 0.0), 4) for _ in range(300))
    assert false_alarms <= 26, false_alarms
    found = sum(_detected(_seat_games(rng, 1000, 4, 0.5), 4) for _ in range(100))
    assert found >= 90, found


def test_verdicts_open_the_report_in_english_and_french():
    rng = random.Random(3)
    records = _seat_games(rng, 2000, 4, 0.0)
    for r in records[:300]:  # seat 1 loses 300 games it won or not: the first player is disadvantaged
        r["winners"] = [1 + r["index"] % 3]
    report = build_report(SimSpec("sequence", 4, ("random",), games=2000), records)
    en, fr = verdict_lines(report, None, "en")[0], verdict_lines(report, None, "fr")[0]
    rate = report["seats"][0]["win_rate"]["value"] * 100
    assert en == f"Seat 1 wins {rate:.1f} % against a fair 25.0 % (p < 0.001): the first player is disadvantaged at 4 players."
    assert fr == (f"La place 1 gagne {rate:.1f}".replace(".", ",") + "\u00a0% des parties pour une part équitable de "
                  "25,0\u00a0% (p < 0,001)\u00a0: le premier joueur est désavantagé à 4\u00a0joueurs.")
    fair = build_report(SimSpec("sequence", 4, ("random",), games=400), _seat_games(rng, 400, 4, 0.0))
    assert verdict_lines(fair)[0].startswith("No seat is measurably favoured at 4 players")


def test_the_cli_prints_the_verdicts_first_in_the_users_language(cli, tmp_path):
    result = cli("--lang", "fr", "simulate", "rows", "--players", "3", "--games", "30", "--bots", "strategy,random",
                 "--jobs", "1", "--out", str(tmp_path / "r"))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].startswith(("Aucune place", "La place")) and "strategy est plus fort que random" in lines[1]
    page = (tmp_path / "r" / "index.html").read_text()
    assert page.index("Verdicts") < page.index("<table") and "<pre>" not in page and 'lang="fr"' in page


def test_compare_controls_the_false_discovery_rate_and_counts_each_measure_once():
    report, comparison = compare(SimSpec("collection", 3, ("strategy",), seed=5, games=40), "shadow_voids_round", jobs=1)
    measures = comparison["variants"][0]["measures"]
    names = [m["measure"] for m in measures]
    assert not any(n.replace("per player-round", "per player") in names for n in names if n.endswith("player-round"))
    tested = [m for m in measures if not m["identical"]]
    assert comparison["tests"] == len(tested) < len(measures) and all("q_value" in m for m in tested)
    voided = next(m for m in measures if m["measure"] == "round_voided per player-round")
    assert voided["discovery"] and voided["rate"] and voided["effect_size"] is not None
    said = verdict_lines(report, comparison)
    assert any(line.startswith("With shadow_voids_round=false, round_voided per player-round goes from") for line in said)
    assert report["all_runs"]["runs"] == 2 and report["all_runs"]["games"] == 80


def test_compare_prints_every_runs_games_and_rates_in_percent(cli, tmp_path):
    result = cli("simulate", "collection", "--players", "3", "--games", "10", "--bots", "strategy", "--jobs", "1",
                 "--compare", "shadow_voids_round", "--out", str(tmp_path / "c"))
    assert result.code == 0, result.err
    assert "20 games (2 runs) in " in result.out
    tie = next(line for line in result.out.splitlines() if line.strip().startswith("tie:"))
    assert " % → " in tie and " points [" in tie.split("difference")[1]


# -- seeds, seating ---------------------------------------------------------------------------

def test_seed_streams_do_not_overlap():
    """Before, game 1,000,003 of seed 0 was game 0 of seed 1, and the bots' stream was another
    game's deal (``seed ^ 0xB07``)."""
    assert game_seed(0, 1_000_003) != game_seed(1, 0)
    deals = {game_seed(s, i) for s in range(3) for i in range(3000)}
    bots = {game_seed(s, i, "bots") for s in range(3) for i in range(3000)}
    assert len(deals) == 9000 and len(bots) == 9000 and not deals & bots
    assert game_seed(7, 3) == game_seed(7, 3)


def test_random_seating_does_not_always_alternate_and_duplicate_replays_each_deal():
    rotate = SimSpec("rows", 4, ("strategy", "random"), games=40)
    assert {tuple(rotate.seat_bots(i)) for i in range(40)} == {("strategy", "random") * 2, ("random", "strategy") * 2}
    shuffled = SimSpec("rows", 4, ("strategy", "random"), games=40, seating="random")
    tables = [shuffled.seat_bots(i) for i in range(40)]
    assert len({tuple(t) for t in tables}) > 2 and all(sorted(t) == ["random", "random", "strategy", "strategy"] for t in tables)
    duplicate = SimSpec("rows", 4, ("strategy", "random", "random", "random"), games=8, seating="duplicate")
    assert duplicate.deal_seed(0) == duplicate.deal_seed(3) != duplicate.deal_seed(4)
    assert [duplicate.seat_bots(i).index("strategy") for i in range(4)] == [0, 3, 2, 1]
    with pytest.raises(Exception, match="--seating"):
        SimSpec("rows", 4, seating="sideways")


# -- the audit trail --------------------------------------------------------------------------

def test_records_hold_every_move_and_replay_prints_them(cli, tmp_path):
    records = tmp_path / "records.jsonl"
    result = cli("simulate", "tricks", "--players", "3", "--games", "4", "--bots", "strategy,random", "--seed", "2",
                 "--jobs", "1", "-q", "--records", str(records), "--out", str(tmp_path / "r"))
    assert result.code == 0, result.err
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert [r["index"] for r in lines] == [0, 1, 2, 3]
    game = lines[2]
    assert {"seed", "bot_seed", "bots", "moves", "chance", "scores", "winners"} <= set(game)
    shown = cli("simulate", "replay", "--records", str(records), "--game", "2")
    assert shown.code == 0, shown.err
    out = shown.out.splitlines()
    assert out[0].startswith("tricks game 2 (seed ") and len([l for l in out if l[:1].isdigit()]) == len(game["moves"])
    assert out[-1].startswith("result: ")
    game["moves"][5][2] = "bid 99"  # an edited file is refused, not printed
    records.write_text("\n".join(json.dumps(r) for r in lines) + "\n")
    one_line_error(cli("simulate", "replay", "--records", str(records), "--game", "2"), "move 6", "'bid 99'")
    one_line_error(cli("simulate", "replay", "--records", str(tmp_path / "none.jsonl"), "--game", "0"), "no such file")


def test_a_traced_game_is_the_same_game():
    from cardforge.simulate.play import play_game

    for game in ("rows", "tricks", "sequence", "collection", "numwin"):
        spec = SimSpec(game, 3, ("strategy", "random"), seed=4, games=2)
        plain, traced = play_game(spec, 1), play_game(spec, 1, trace=True)
        assert {k: traced[k] for k in plain} == plain, game


def test_the_runaway_replay_command_prints_the_moves(monkeypatch, capsys, tmp_path):
    from cardforge.cli import main
    from cardforge.simulate import play

    monkeypatch.setattr(play, "MAX_ACTIONS", 40)
    with pytest.raises(SystemExit) as done:
        main(["simulate", "numwin", "--players", "3", "--bots", "random", "--seed", "5", "--replay", "1"])
    captured = capsys.readouterr()
    assert done.value.code == 70 and "did not end within 40 actions" in captured.err
    moves = [line for line in captured.out.splitlines() if line[:1].isdigit()]
    assert len(moves) == 41 and moves[0].startswith("1. ")


# -- the other defects ------------------------------------------------------------------------

def test_histograms_are_binned():
    assert bin_width(list(range(30))) == 1 and bin_width([0, 300]) == 10 and bin_width([-48, 304]) == 10
    report = simulate(SimSpec("tricks", 3, ("strategy", "random"), seed=1, games=40), jobs=1)
    for bot in report["bots"]:
        hist = bot["score_histogram"]
        assert len(hist["counts"]) <= 40 and sum(hist["counts"]) == bot["seat_games"]


def test_playing_time_is_a_range_of_games_not_a_zero_width_interval():
    report = simulate(SimSpec("tricks", 3, ("random",), seed=1, games=10), jobs=1)
    minutes = report["length"]["minutes_range"]
    assert minutes["low"] <= minutes["median"] <= minutes["high"]


def test_with_duplicate_seating_the_margin_is_clustered_by_deal():
    """Each deal played once per rotation of the seats: when the deal alone decides (seat 1
    wins both games of every deal), the bots are even with no doubt, not ±1 per game."""
    records = [_record(i, ["a", "b"] if i % 2 == 0 else ["b", "a"], [0]) for i in range(40)]
    duplicate = build_report(SimSpec("rows", 2, ("a", "b"), games=40, seating="duplicate"), records)["margins"][0]
    assert duplicate["deals"] == 20 and duplicate["games"] == 40
    assert duplicate["margin"]["low"] == duplicate["margin"]["high"] == 0
    rotate = build_report(SimSpec("rows", 2, ("a", "b"), games=40), records)["margins"][0]
    assert rotate["deals"] == 40 and rotate["margin"]["high"] - rotate["margin"]["low"] > 0.5


def test_playing_time_counts_the_cards_each_turn_draws():
    """A push-your-luck turn lasts as long as the cards it turns over: two games of as many
    turns, one drawing three times the cards, are not estimated alike."""
    def game(index: int, draws: int) -> dict:
        return {**_record(index, ["strategy"] * 2, [index % 2]), "turns": 10, "draws": draws}

    spec = SimSpec("sequence", 2, ("strategy",), games=2, turn_seconds=3, draw_seconds=2)
    length = build_report(spec, [game(0, 10), game(1, 30)])["length"]
    assert length["minutes_range"]["low"] == pytest.approx((10 * 3 + 10 * 2) / 60, abs=0.01)
    assert length["minutes_range"]["high"] == pytest.approx((10 * 3 + 30 * 2) / 60, abs=0.01)
    assert length["draws_per_turn"]["value"] == pytest.approx(2.0)
    played = simulate(SimSpec("collection", 2, ("strategy",), seed=1, games=4), jobs=1)["length"]
    assert played["draws_per_turn"]["value"] > 1 and played["seconds_per_draw"] == 2.0


def test_compare_figures_show_absolute_differences(tmp_path):
    from cardforge.simulate.figures import figure_data

    report, comparison = compare(SimSpec("collection", 3, ("strategy",), seed=5, games=20), "shadow_voids_round", jobs=1)
    figures = figure_data(report, comparison)
    rates = figures["compare_shadow_voids_round_false_rates"]
    tie = next(m for m in comparison["variants"][0]["measures"] if m["measure"] == "tie")
    assert rates["values"][rates["labels"].index("tie")] == pytest.approx(tie["difference"]["value"] * 100)


def test_matplotlib_figures_warn_nothing(tmp_path):
    pytest.importorskip("matplotlib")
    import warnings

    from cardforge.simulate.figures import draw

    series = {name: {"values": list(range(200)), "counts": [1] * 200, "width": 1} for name in ("a", "b")}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        draw({"kind": "histograms", "title": "t", "xlabel": "x", "ylabel": "y", "series": series}).savefig(
            tmp_path / "f.png")


def test_a_mistyped_cluster_protocol_is_one_line(cli, tmp_path):
    one_line_error(cli("simulate", "rows", "--games", "2", "--cluster", "tpc://127.0.0.1:8786", "--out",
                       str(tmp_path / "x")), "unknown protocol 'tpc'")


def test_workers_of_another_version_are_refused():
    from cardforge.errors import UsageError
    from cardforge.simulate.runner import check_versions

    check_versions("0.1.0", {"tcp://a:1": "0.1.0"})
    with pytest.raises(UsageError, match="tcp://b:2: 0.0.9"):
        check_versions("0.1.0", {"tcp://a:1": "0.1.0", "tcp://b:2": "0.0.9"})


def test_players_sweep_writes_one_report_per_count_and_a_figure(cli, tmp_path):
    result = cli("simulate", "rows", "--players", "2-3", "--games", "20", "--jobs", "1", "--out", str(tmp_path / "s"))
    assert result.code == 0, result.err
    assert result.out.startswith("2 players: ")
    for n in (2, 3):
        assert (tmp_path / "s" / f"players-{n}" / "report.json").is_file()
    assert (tmp_path / "s" / "figures" / "sweep_seat1.svg").read_text().startswith("<svg")
    one_line_error(cli("simulate", "rows", "--players", "5-2", "--out", str(tmp_path / "x")), "--players '5-2'")


# -- designer experiments: the deck edited ----------------------------------------------------

def test_a_swapped_card_keeps_every_deal_card_for_card():
    from cardforge.games import new_game

    plain = new_game("tricks", players=4, seed=3, record_chance=True)
    swapped = new_game("tricks", players=4, seed=3, record_chance=True, deck_edit="flip=flash")
    assert len(plain.config.deck) == len(swapped.config.deck)
    codes = [c.code for c in plain.config.deck]
    assert [c.code for c in swapped.config.deck] == ["flash" if c == "flip" else c for c in codes]
    removed = new_game("collection", players=4, seed=3, deck_edit="flip=")
    assert "flip" not in {c.code for c in removed.cards}
    with pytest.raises(Exception, match="no card 'flpi' in the numwin deck; did you mean 'flip'"):
        new_game("numwin", players=4, seed=3, deck_edit="flpi=")


def test_ablate_and_swap_compare_the_edited_decks_with_the_full_one(cli, tmp_path):
    result = cli("simulate", "numwin", "--players", "3", "--games", "30", "--bots", "strategy", "--jobs", "1",
                 "--ablate", "flip", "--swap", "flash=quantum", "--seed", "3", "--out", str(tmp_path / "a"), "--json")
    assert result.code == 0, result.err
    comparison = result.json()["comparison"]
    assert comparison["key"] == "deck" and [v["value"] for v in comparison["variants"]] == ["-flip", "flash=quantum"]
    without = {m["measure"]: m for m in comparison["variants"][0]["measures"]}
    assert without["action:flip per player"]["variant"]["value"] == 0
    one_line_error(cli("simulate", "numwin", "--games", "3", "--ablate", "flpi", "--out", str(tmp_path / "b")),
                   "no card 'flpi'")
    one_line_error(cli("simulate", "numwin", "--games", "3", "--swap", "flip", "--out", str(tmp_path / "b")),
                   "expected CARD=OTHER")


@pytest.mark.parametrize("args, fragment", [
    (("--players", "2-3", "--compare", "shadow_voids_round"), "--players A-B and --compare/--ablate/--swap"),
    (("--players", "2-3", "--records", "r.jsonl"), "--players A-B and --records"),
    (("--ablate", "flip", "--precision", "0.05"), "--compare/--ablate/--swap and --precision"),
    (("--compare", "shadow_voids_round", "--records", "r.jsonl"), "--compare/--ablate/--swap and --records"),
    (("--precision", "0.7"), "--precision 0.7"),
    (("--seating", "sideways"), "--seating 'sideways'"),
])
def test_options_that_do_not_go_together_are_one_line(cli, tmp_path, args, fragment):
    one_line_error(cli("simulate", "collection", "--games", "3", *args, "--out", str(tmp_path / "x")), fragment)
