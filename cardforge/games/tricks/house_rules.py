"""The house rules of Num Plis: each ruling that is a genuine design choice, as a switch.

Defaults are the project's rulings; ``parse_house_rules(HouseRules, ["key=value"])`` builds
a variant (``--house key=value`` on referee commands).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["HouseRules", "DEFAULT_RULES"]


def _switch(default: str | bool, ruling: str, choices: tuple = ()) -> object:
    return field(default=default, metadata={"ruling": ruling, "choices": choices})


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Switchable rulings (field metadata names the ruling and the allowed values)."""

    #: TRICKS-R1: stop at the largest deal that keeps a reserve, or deal the whole deck
    last_round: str = _switch("reserve", "TRICKS-R1", ("reserve", "full"))
    #: TRICKS-R4: action cards always playable, or only when not forced to go higher
    action_cards: str = _switch("always", "TRICKS-R4", ("always", "follow"))
    #: TRICKS-R5: "strictly higher" than the highest valid card, or the highest card laid
    follow_target: str = _switch("valid", "TRICKS-R5", ("valid", "played"))
    #: TRICKS-R6: the equal-value exception matches any numbered card laid, or only the card to beat
    equal_value: str = _switch("any", "TRICKS-R6", ("any", "highest"))
    #: TRICKS-R7: three equal values all cancel, or only the first two laid
    triple_annulation: str = _switch("all", "TRICKS-R7", ("all", "pair"))
    #: TRICKS-R10: Flip and Quantique together: both apply, or only one of them
    flip_quantique: str = _switch("combine", "TRICKS-R10", ("combine", "flip", "quantique"))
    #: TRICKS-R11: Quantique with no card of the parity: no effect, or no winner
    quantique_fallback: str = _switch("highest", "TRICKS-R11", ("highest", "none"))
    #: TRICKS-R12: after a trick with no winner, the same leader, or the next player
    no_winner_lead: str = _switch("same", "TRICKS-R12", ("same", "next"))
    #: TRICKS-R14: streak bonus every exact round, or once when the streak ends
    streak_payout: str = _switch("each_round", "TRICKS-R14", ("each_round", "once"))
    #: TRICKS-R15: beyond 7, +10 on the previous line, or a flat +10
    streak_beyond_7: str = _switch("progressive", "TRICKS-R15", ("progressive", "flat"))
    #: TRICKS-R18: partners scored apart and summed, or the team scored as one bidder
    team_bids: str = _switch("individual", "TRICKS-R18", ("individual", "joint"))
    #: TRICKS-R19: add the extra family from 7 players
    extra_family: bool = _switch(True, "TRICKS-R19")


DEFAULT_RULES = HouseRules()
