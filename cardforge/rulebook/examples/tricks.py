"""Worked examples of Num Plis, resolved by ``cardforge.games.tricks`` (``resolve_trick``,
``legal_plays``, ``bid_points``, ``streak_bonus``)."""

from __future__ import annotations

from typing import Any

from cardforge.cards import Text, parse_cards
from cardforge.games import tricks as engine
from cardforge.rulebook.examples import PLAYERS, Example, Figure, Table, points, require, signed, steps_of

__all__ = ["examples", "tables", "EVENING", "evening"]

#: Chloé's first five rounds (cards dealt, bid, tricks won): the player's book's big scoring
#: example, every figure from ``round_points`` — the referee's and the score pad's arithmetic.
EVENING = ((1, 0, 0), (2, 1, 1), (3, 1, 1), (4, 2, 2), (5, 3, 1))


def evening() -> list[tuple[int, int, int, engine.RoundScore, int]]:
    """Each round of ``EVENING`` scored in turn: (cards, bid, won, score, running total)."""
    rows, streak, total = [], 0, 0
    for cards, bid, won in EVENING:
        score = engine.round_points(bid, won, cards, streak)
        streak, total = score.streak_after, total + score.total
        rows.append((cards, bid, won, score, total))
    return rows


def _facts(result: engine.TrickResult) -> dict[str, Any]:
    # the winning card's place counted from 1, as the referee's JSON gives it (docs/notation.md)
    return {"winner": None if result.winner is None else result.winner + 1,
            "cancelled": [c.code for c in result.cancelled]}


def _trick(id: str, title: Text, rules: tuple[str, ...], codes: str, players: int, promise: str, shows) -> Example:
    """A trick played by the first ``len(codes)`` example players, resolved by the engine."""
    cards = parse_cards(codes)
    names = PLAYERS[: len(cards)]

    def recompute() -> dict[str, Any]:
        return _facts(engine.resolve_trick(cards, players))

    result = engine.resolve_trick(cards, players)
    require(shows(result), id, promise)
    facts = _facts(result)
    marks = tuple("win" if i == result.winner else "cancel" if c in result.cancelled else "-"
                  for i, c in enumerate(cards))
    played_fr = ", ".join(f"{n} {c.code}" for n, c in zip(names, cards))
    if result.winner is None:
        outcome = Text("Résultat : personne ne remporte le pli.", "Result: nobody wins the trick.")
    else:
        who, card = names[result.winner], cards[result.winner].code
        outcome = Text(f"Résultat : {who} remporte le pli avec {card}.", f"Result: {who} wins the trick with {card}.")
    return Example(
        id=id, title=title, rules=rules,
        setup=Text(f"À {players} joueurs, dans l'ordre de jeu : {played_fr}.",
                   f"With {players} players, in play order: {played_fr}."),
        before=(Figure(tuple(c.code for c in cards), captions=names, marks=marks),),
        steps=steps_of(result.steps), outcome=outcome, facts=facts, recompute=recompute,
        command=f"cardforge referee tricks trick --players {players} {codes}",
    )


def _legal(id: str, trick_codes: str, hand_codes: str) -> Example:
    trick, hand = parse_cards(trick_codes), parse_cards(hand_codes)

    def recompute() -> dict[str, Any]:
        return {"legal": [c.code for c in engine.legal_plays(trick, hand)]}

    facts = recompute()
    legal = facts["legal"]
    require(0 < len(legal) < len(hand), id, "a hand where some cards may not be played")
    refused = [c.code for c in hand if c.code not in legal]
    marks = tuple("win" if c.code in legal else "cancel" for c in hand)
    return Example(
        id=id, title=Text("Monter si l'on peut", "Go higher if you can"), rules=("TRICKS-5.1", "TRICKS-5.2"),
        setup=Text(f"Le pli contient déjà {trick_codes} ; votre main : {hand_codes}.",
                   f"The trick already holds {trick_codes}; your hand: {hand_codes}."),
        before=(Figure(tuple(c.code for c in trick), label=Text("Pli", "Trick")),
                Figure(tuple(c.code for c in hand), label=Text("Main", "Hand"), marks=marks)),
        steps=(),
        outcome=Text(f"Résultat : vous pouvez jouer {', '.join(legal)} ; pas {', '.join(refused)}.",
                     f"Result: you may play {', '.join(legal)}; not {', '.join(refused)}."),
        facts=facts, recompute=recompute,
        command=f'cardforge referee tricks legal --trick "{trick_codes}" --hand "{hand_codes}"',
    )


def _cancels(result: engine.TrickResult) -> bool:
    return bool(result.cancelled)


def examples() -> list[Example]:
    """The examples of the Num Plis rulebook."""
    return [
        _legal("tricks-follow", "RB9", "SH4 SH9 RB12"),
        _trick("tricks-numx", Text("Num-X déclarée à 17", "Num-X declared as 17"), ("TRICKS-6.2", "TRICKS-6.5"),
               "RB16 numx=17 SH4", 3, "Num-X winning as 17", lambda r: r.winner == 1),
        _trick("tricks-flash", Text("Flash annule le pli", "Flash cancels the trick"), ("TRICKS-6.1",),
               "RB14 flash SH2", 3, "a trick without winner", lambda r: r.winner is None),
        _trick("tricks-quantique", Text("Quantique à 4 joueurs", "Quantum with 4 players"), ("TRICKS-6.4",),
               "RB13 SH8 quantique RB11", 4, "an even card beating higher odd ones",
               lambda r: r.winner == 1),
        _trick("tricks-annulation", Text("Une annulation", "Two cards cancel"), ("TRICKS-7.1", "TRICKS-7.2"),
               "RB12 SH12 RB7 SH3", 4, "an annulation", _cancels),
        _trick("tricks-flip", Text("Flip après une annulation", "Flip after a cancel"),
               ("TRICKS-7.5", "TRICKS-6.3"), "RB6 SH6 flip RB2", 4, "Flip with one valid card left",
               lambda r: bool(r.cancelled) and r.winner == 3),
    ]


def tables() -> list[Table]:
    """Points of a few bids (``bid_points``) and the streak bonuses (``streak_bonus``)."""
    cards = 5
    bids = [(2, 2), (4, 4), (3, 1), (1, 3), (0, 0), (0, 2)]
    bid_rows = tuple(
        (str(bid), str(won), engine.bid_rule(bid, won), signed(engine.bid_points(bid, won, cards)))
        for bid, won in bids
    )
    streaks = range(2, 11)
    night = tuple((str(n), str(cards), str(bid), str(won), signed(sc.points), signed(sc.bonus) if sc.bonus else "",
                   str(total)) for n, (cards, bid, won, sc, total) in enumerate(evening(), start=1))
    return [
        Table(
            id="tricks-evening",
            title=Text("Les cinq premières manches de Chloé", "Chloé's first five rounds"),
            header=(Text("Manche", "Round"), Text("Cartes", "Cards"), Text("Annonce", "Bid"), Text("Plis", "Tricks"),
                    Text("Points", "Points"), Text("Série", "Streak"), Text("Total", "Total")),
            rows=night, rules=("TRICKS-10.1",),
        ),
        Table(
            id="tricks-bids",
            title=Text(f"Points d'une manche à {cards} cartes", f"Points of a {cards}-card round"),
            header=(Text("Annonce", "Bid"), Text("Plis faits", "Tricks won"), Text("Règle", "Rule"),
                    Text("Points", "Points")),
            rows=bid_rows, rules=("TRICKS-9.1",),
        ),
        Table(
            id="tricks-streaks",
            title=Text("Bonus de série", "Streak bonus"),
            header=(Text("Annonces exactes de suite", "Exact bids in a row"), Text("Bonus", "Bonus")),
            rows=tuple((str(n), points(engine.streak_bonus(n))) for n in streaks),
            rules=("TRICKS-10.1",),
        ),
    ]

