"""The English catalogue (see ``cardforge.i18n`` for the template syntax)."""

from __future__ import annotations

from collections.abc import Sequence

NAME = "English"


def plural(n: int) -> int:
    """0 for "1 point", 1 for "0 points", "2 points"."""
    return 0 if n == 1 else 1


def join(items: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Chloé"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


#: Between the parts of a sentence joined by a semicolon.
SEMICOLON = "; "

MESSAGES: dict[str, str] = {
    "demo.points": "{n} {n:plural:point|points}",
    "demo.of": "{player}'s card",
    # -- rows: placement (engine events) --------------------------------------------------------
    "rows.row.B": "Blue", "rows.row.R": "Red", "rows.row.Y": "Yellow", "rows.row.G": "Green",
    "rows.order": "Cards are placed in ascending value: {cards}.",
    "rows.tie_order": "Equal values: Shadow first, then Rainbow, then classic colours.",
    "rows.lower": "{player}'s {card} is lower than the {row} row's last card: placed at the end, {player} takes the first card {cards}.",
    "rows.append": "{player}'s {card} is higher than or equal to the {row} row's last card: added at the end.",
    "rows.special_fits": "{player}'s {card} goes on the {row} row, whose card {cards} is the closest lower or equal.",
    "rows.same_value": "{card} goes after a card of the same value in last position.",
    "rows.shadow_equal": "A Shadow equal to a row's last card fits on that row.",
    "rows.shadow_strict": "House rule: a Shadow needs a strictly lower last card; an equal one is not enough.",
    "rows.row_tie": "The {tied:list} rows are equally close: the {row} row is chosen (first in the order Blue, Red, Yellow, Green).",
    "rows.row_tie_fewest": "The {tied:list} rows are equally close: the {row} row, with the fewest cards, is chosen.",
    "rows.rainbow_nowhere": "{player}'s {card} is lower than every row: it goes on the {row} row, whose last card is the closest, and {player} takes the first card {cards}.",
    "rows.shadow_nowhere": "{player}'s {card} fits no row: {player} takes it, for negative points.",
    "rows.fifth": "{player}'s {card} is the {row} row's 5th card: {player} takes all the others, {cards}.",
    "rows.new_first": "{card} becomes the {row} row's new first card.",
    "rows.lower_fifth": "{card} is lower than the row's last card, but as its 5th card it takes the whole row, not only the first card.",
    "rows.explode": "{player}'s {card} is the {row} row's 5th card: the row explodes.",
    "rows.discard": "{cards} are discarded, not captured.",
    "rows.no_points": "Nobody scores points for the {row} row.",
    "rows.survivor": "{card} stays as the {row} row's only card.",
    # -- rows: referee --------------------------------------------------------------------------
    "rows.q.play": "Reveal {reveal} on rows {table}",
    "rows.q.play_explosion": "Reveal {reveal} on rows {table} (explosion variant)",
    "rows.takes": "{player} takes {cards} ({points:+d})",
    "rows.nobody_takes": "nobody takes a card",
    "rows.discarded": "discarded: {cards}",
    "rows.summary": "{parts:semi}",
    "rows.q.score": "Points of the pile {cards}",
    "rows.card_shadow": "{card}: Shadow, negative face value: {points:+d}",
    "rows.card_rainbow": "{card}: Rainbow, positive face value: {points:+d}",
    "rows.card_classic": "{card}: classic card, face value: {points:+d}",
    "points": "{n} {n:plural:point|points}",
    "rows.q.round": "Who wins the round with {piles}",
    "rows.pile_line": "{player}: {cards}",
    "rows.pile_points": "{player}: {cards} = {n} {n:plural:point|points}",
    "rows.most": "Most points: {best} ({players:list})",
    "rows.tie_all": "A tie: each tied player wins the round.",
    "rows.tie_nobody": "A tie: nobody wins the round (house rule).",
    "rows.won_by": "Round won by {players:list}",
    "rows.nobody_wins": "Nobody wins the round",
    # -- live positions -------------------------------------------------------------------------
    "live.rows.board": "Rows now: {rows}",
    "live.rows.reveal": "Reveal {n} of {total} in round {round}",
    "live.rows.piles": "Captured: {piles:list}",
    "live.rows.pile": "{player} {points:+d}",
    "live.rows.round_over": "{summary}. End of the round: {round}",
    # -- tricks ---------------------------------------------------------------------------------
    "tricks.q.trick": "Trick {cards} ({n} {n:plural:player|players})",
    "tricks.wins": "Card {n} ({card}) wins the trick; its player leads the next one.",
    "tricks.wins_named": "{player} ({card}) wins the trick and leads the next one.",
    "tricks.no_winner_same": "No winner: the trick counts for nobody; its leader leads again.",
    "tricks.no_winner_same_named": "No winner: the trick counts for nobody; {player} leads again.",
    "tricks.no_winner_next": "No winner: the trick counts for nobody; the next player leads.",
    "tricks.no_winner_next_named": "No winner: the trick counts for nobody; {player}, the next player, leads.",
    "live.tricks.laid": "{player} lays {card}",
    "live.tricks.waiting": "{cards} {cards:plural:card|cards} laid; still to lay: {players:list}",
    "live.tricks.next": "Next to lay: {player}",
    "live.tricks.won": "Tricks won: {counts:list}",
    "live.tricks.count": "{player} {n}",
    "live.tricks.round_over": "{summary} End of the round: {n} {n:plural:trick|tricks} played.",
    # -- sequence / collection ------------------------------------------------------------------
    "mode.classic": "classic", "mode.discovery": "discovery",
    "seq.q": "Sequence {cards}",
    "seq.q.mode": "Sequence {cards} ({mode})",
    "seq.reason.shadow": "Shadow", "seq.reason.color": "colour", "seq.reason.value": "value",
    "seq.stop_lost": "STOP ({reason}) at {card}: the sequence is lost",
    "seq.stop_turn": "STOP ({reason}) at {card}: the turn ends, the sequence stays open (house rule)",
    "seq.owed": "no STOP, but the player must draw {n} more {n:plural:card|cards} at once (Rainbow): the sequence cannot be secured before",
    "seq.owed_step": "a Rainbow forces the next draw at once: no securing before it (only when both piles are empty)",
    "seq.securable": "no STOP: it can be secured",
    "seq.then": "{first}, {then}",
    "seq.then_scores": "{first}; secured now it scores {n}",
    "seq.points_classic": "Classic mode adds up the face values: {n}",
    "seq.points_discovery": "Discovery mode counts the secured cards: {n}",
    "live.seq.q.secure": "{player} secures {cards}",
    "live.seq.secured": "{player} secures {cards}",
    "live.seq.secured_points": "{player} secures the sequence: {n} {n:plural:point|points}",
    "live.seq.board": "{player}'s open sequence: {cards}; secured this round: {n}",
    "coll.and_void": "{first}, and no objective this round",
}
