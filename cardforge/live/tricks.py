"""Num Plis at a live table: the adapter of ``cardforge.live.match.LiveMatch`` — what the table
types becomes history entries, replayed through the engine (``cardforge.games.tricks``,
``chance="table"``); no rule is decided here.

History entries (notation text)::

    deal Ana=RB3,SH12   a hand dealt (``deal Ana=?``: a hand the table does not show)
    Ana=bid=1           a bid (TRICKS-4.1)
    Ana=pass=RB3        a card set aside for the partner (team variant, TRICKS-11.3)
    Ana=RB12            a card laid (Num-X as declared: ``Ana=numx=17``)

What the table types: ``Ana=hand=RB3,SH12``, ``Ana=bid=1``, ``Ana=pass=RB3,SH5``, ``Ana=RB12``,
several at once, or bare (``RB9 SH4``, ``bid=1 bid=0``) for the next seats in play order once
the seats are known (the first move names them all, in seating order; the ``count`` option fixes
how many).  A round starts with its deal: the hands not typed are hidden (``?``), so a table that
only types bids and cards plays as it always did.  The engine settles each trick, scores every
bidder at the round's end and names the game's winners; the verdict says so with the rules.
Options: ``count``, ``start_cards``, ``rounds``, ``team``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.adapter import CHANCE_PREFIX, Adapter
from cardforge.live.base import check_seats

__all__ = ["TricksAdapter", "ADAPTER"]

#: what a typed value starts with, for each kind of entry but a card laid
_KINDS = ("hand", "bid", "pass")


def _named(token: str) -> bool:
    """``Ana=RB12`` (not ``numx=17``, ``bid=1``, ``hand=?``)."""
    head = token.partition("=")[0].strip().lower()
    return "=" in token and head != "numx" and head not in _KINDS


def _entry(name: str, kind: str, value: str) -> str:
    if kind == "hand":
        return f"{CHANCE_PREFIX}{name}={value.replace(' ', ',') or '?'}"
    return f"{name}={value}" if kind == "card" else f"{name}={kind}={value}"


class TricksAdapter(Adapter):
    game = "tricks"
    options = {"count": int, "start_cards": int, "rounds": int, "team": bool}

    def engine(self, match):
        from cardforge.games.tricks import new_game

        count = match.option("count")
        if count is not None and match.players and len(match.players) != count:
            raise refusal(UsageError, "error.tricks.names_count", n=count, count=len(match.players),
                          names=list(match.players))
        options = {k: match.option(k) for k in ("start_cards", "rounds", "team") if match.option(k) is not None}
        house = dict(pair.split("=", 1) for pair in match.house)
        players = len(match.players) or count or 3
        return new_game(players, chance="table", seat_names=match.players or None, **options, **house)

    def sheet_rounds(self, match, state, verdict) -> list[tuple[list[str], dict[str, Any]]]:
        """A round the engine just scored: each player's bid and tricks won, and the tricks
        nobody won (the sheet scores them as the engine did)."""
        played = verdict.result.get("round") if verdict.result.get("round_over") else None
        if not played:
            return []
        tokens = [f"{p}={played['bids'][p]}/{played['won'][p]}" for p in match.players]
        return [(tokens, {"void": played["cards"] - sum(played["won"].values())})]

    def migrate(self, position: dict[str, Any]) -> dict[str, Any] | None:
        """A format-1 ``TricksPosition`` kept the table's entries (``Ana=hand=?``, ``Ana=bid=1``,
        ``Ana=RB12``): the same history in format 2 (a hand is now ``deal Ana=?``), replayed to
        check it; ``None`` for anything else."""
        from cardforge.errors import CardforgeError
        from cardforge.i18n import DEFAULT_LANG
        from cardforge.live.match import LiveMatch

        players, house, history = position.get("players"), position.get("house", []), position.get("history")
        if not players or not all(isinstance(v, list) and all(isinstance(x, str) for x in v)
                                  for v in (players, house, history)):
            return None
        options = {k: position[k] for k in self.options if position.get(k) not in (None, False)}
        entries, ends = [], []
        try:
            match = LiveMatch("tricks", tuple(players), tuple(house), tuple(sorted(options.items())))
            state = self.engine(match)
            for old in history:
                name, _, value = old.partition("=")
                kind, _, rest = value.partition("=")
                entry = _entry(name, "hand", rest) if kind == "hand" else old
                self.replay(match, state, entry)
                entries.append(entry)
                if not entry.startswith(CHANCE_PREFIX):
                    ends.append(len(entries))
        except (CardforgeError, ValueError):
            return None
        if entries and (not ends or ends[-1] != len(entries)):
            ends.append(len(entries))
        return {"players": players, "house": house, "options": options, "lang": DEFAULT_LANG, "history": entries,
                "moves": [[end, None] for end in ends]}

    def seats(self, tokens: Sequence[str]) -> tuple[str, ...]:
        names = tuple(dict.fromkeys(t.partition("=")[0].strip() for t in tokens if _named(t)))
        if len(names) < 2:
            if tokens and not names:
                from cardforge.referee.tricks import parse_cards

                parse_cards([t for t in tokens if t.partition("=")[0].lower() not in _KINDS])  # a bad card first
            raise refusal(UsageError, "error.tricks.seats_unknown")
        return names

    # -- what the table typed → entries ---------------------------------------------------------

    def entries(self, match, state, tokens: Sequence[str]) -> list[str]:
        plays = self._plays(tokens)
        players = match.players
        check_seats([name for name, _, _ in plays if name], players)
        work = state.clone()
        out: list[str] = []

        def add(entry: str) -> None:
            out.append(entry)
            self.replay(match, work, entry)

        hands = sorted((p for p in plays if p[1] == "hand"), key=lambda p: players.index(p[0]) if p[0] else -1)
        for name, kind, value in [*hands, *(p for p in plays if p[1] != "hand")]:
            if kind == "hand":
                seat = work.dealing_seat if not name else players.index(name)
                if work.dealing_seat is None or seat is None or seat < work.dealing_seat:
                    raise refusal(UsageError, "error.tricks.hand_late", player=name or players[max(work.current_player(), 0)])
                while seat > work.dealing_seat:  # the hands before it: not shown
                    add(_entry(players[work.dealing_seat], "hand", "?"))
                add(_entry(players[seat], "hand", value))
                continue
            while work.dealing_seat is not None:  # the hands not typed: hidden
                add(_entry(players[work.dealing_seat], "hand", "?"))
            seat = work.current_player()
            if seat < 0:
                raise refusal(UsageError, "error.tricks.over")
            name = name or players[seat]
            _check_turn(work, players, name, kind)
            add(_entry(name, kind, value))
        return out

    @staticmethod
    def _plays(tokens: Sequence[str]) -> list[tuple[str, str, str]]:
        """(player or "" for the next seat, kind, value) for each token."""
        if not tokens:
            raise refusal(UsageError, "error.tricks.no_card")
        named = [t for t in tokens if _named(t)]
        if named and len(named) != len(tokens):
            raise refusal(UsageError, "error.tricks.mixed", token=next(t for t in tokens if not _named(t)))
        plays = []
        for token in tokens:
            name, _, value = token.partition("=") if named else ("", "", token)
            name, value = name.strip(), value.strip()
            if named and not (name and value):
                raise refusal(UsageError, "error.seat.malformed", what="card", token=repr(token), example="Ana=RB12")
            kind, _, rest = value.partition("=")
            plays.append((name, kind.lower(), rest.strip()) if kind.lower() in _KINDS else (name, "card", value))
        return plays

    # -- entries → the engine ----------------------------------------------------------------------

    def replay(self, match, state, entry: str) -> None:
        from cardforge.deck import load_deck
        from cardforge.referee.tricks import parse_cards

        if entry.startswith(CHANCE_PREFIX):
            state.apply_chance(state.parse_chance(entry[len(CHANCE_PREFIX):].partition("=")[2]))
            return
        _, _, value = entry.partition("=")
        kind, _, rest = value.partition("=")
        if kind == "bid":
            try:
                bid = int(rest)
            except ValueError:
                raise refusal(UsageError, "error.tricks.bid_number", token=entry) from None
            if bid not in state.legal_actions():
                raise refusal(UsageError, "error.tricks.bid_range", bid=repr(bid), cards=state.cards_per_player)
            state.apply_action(bid)
        elif kind == "pass":
            for card in load_deck("tricks").parse_many(rest):
                state.apply_action(card)
        else:
            (card,) = parse_cards([value])
            state.apply_action(card)

    # -- what the faces show ------------------------------------------------------------------------

    def view(self, match, state) -> dict[str, Any]:
        players, n = match.players, len(match.players)
        if not players:
            return {"leader": None, "trick": (), "played": (), "won": {}, "tricks": 0, "cards": None,
                    "phase": "bid", "bids": {}, "waiting_seats": [], "totals": {}}
        phase = state.phase.value
        if phase == "deal":  # the hands not typed will be hidden: the table goes on with the bids
            phase = "pass" if state.config.team else "bid"
        order = [players[(state.leader + i) % n] for i in range(n)]
        bids = dict(zip(players, state.bids))
        if phase == "bid":
            waiting = [p for p in order if bids[p] is None]
        elif phase == "pass":
            waiting = [p for p in order if len(state.passing[players.index(p)]) < 2]
        else:
            waiting = order[len(state.trick):]
        return {
            "leader": players[state.leader],
            "trick": tuple((players[(state.leader + i) % n], c.code) for i, c in enumerate(state.trick)),
            "played": tuple(c.code for entry in state.trick_log[state.round_start:] for c in entry[1]),
            "won": dict(zip(players, state.won)),
            "tricks": len(state.trick_log) - state.round_start,
            "cards": state.cards_per_player,
            "phase": phase, "bids": bids, "waiting_seats": waiting,
            "totals": dict(zip(players, state.returns())),
        }

    # -- the verdict ------------------------------------------------------------------------------

    def verdict(self, match, before, state, entries: Sequence[str]):
        from cardforge.referee.tricks import round_verdict_steps, trick_verdict
        from cardforge.referee.verdict import Verdict

        players, n = match.players, len(match.players)
        view = self.view(match, state)
        settled = len(state.trick_log) > len(before.trick_log)
        lays = sum(1 for e in entries if not e.startswith(CHANCE_PREFIX) and e.partition("=")[2].partition("=")[0]
                   not in ("bid", "pass"))
        if settled:  # a trick was settled (the last one of the move)
            leader, cards, _, _ = state.trick_log[-1]
            verdict = trick_verdict(list(cards), n, state.config.rules, [players[(leader + i) % n] for i in range(n)])
        elif view["trick"]:
            laid = " ".join(f"{p}={c}" for p, c in view["trick"])
            verdict = Verdict("tricks", Message("tricks.q.trick", cards=laid, n=n), {})
            for name, code in view["trick"][-lays:] if lays else ():
                verdict.say("TRICKS-8.1", "live.tricks.laid", player=name, card=code)
        else:
            verdict = Verdict("tricks", Message("live.tricks.q.round", n=state.round + 1, cards=state.cards_per_player), {})
            first = state.first_player_of_round()
            for seat in [*range(first, n), *range(first)]:
                if state.bids[seat] is not None and before.bids[seat] is None:
                    verdict.say("TRICKS-4.1", "live.tricks.bid", player=players[seat], n=state.bids[seat])
        result = verdict.result
        for key, default in (("players", n), ("seats", list(players)), ("cards", []), ("winner", None),
                             ("winner_player", None), ("winning_card", None), ("cancelled", [])):
            result.setdefault(key, default)
        result["settled"] = settled
        result["round_over"] = len(state.history) > len(before.history)
        result["round"] = None
        if result["round_over"]:
            record = state.history[-1]
            result["round"] = {"number": record.number, "cards": record.cards,
                               "bids": dict(zip(players, record.seat_bids)), "won": dict(zip(players, record.seat_won))}
            verdict.steps.extend(round_verdict_steps(record, state.config, players))
            verdict.summary = Message("live.tricks.round_end", summary=verdict.summary or "", n=record.number)
        result["game_over"] = state.is_terminal()
        result["totals"] = view["totals"]
        result["winners"] = [players[p] for p in state.winners()]
        if state.is_terminal():
            verdict.say("TRICKS-R20", "live.tricks.game_won", players=result["winners"], n=max(state.returns()),
                        count=len(result["winners"]))
            verdict.summary = verdict.steps[-1].message
        else:
            _board(verdict, view, state)
        result["won"] = view["won"]
        result["next"] = players[state.current_player()] if state.current_player() >= 0 else None
        result["phase"] = view["phase"]
        return verdict


def _check_turn(state: Any, players: Sequence[str], name: str, kind: str) -> None:
    """The player named is the one to act, with the kind of move the phase asks for."""
    phase, expected = state.phase.value, players[state.current_player()]
    wanted = {"bid": "bid", "play": "card", "pass": "pass"}[phase]
    if kind != wanted:
        raise refusal(UsageError, f"error.tricks.phase_{phase}", player=expected, token=_entry(name, kind, "…"))
    if name != expected:
        key = "error.tricks.turn_lead" if phase == "play" and not state.trick else "error.tricks.turn_next"
        raise refusal(UsageError, key, expected=expected, name=name)


def _board(verdict: Any, view: dict[str, Any], state: Any) -> None:
    """The board: tricks won this round (or the totals after a round), and who acts next."""
    if verdict.result["round_over"]:
        verdict.board.append(Message("live.tricks.totals", counts=[Message("live.tricks.count", player=p, n=t)
                                                                  for p, t in view["totals"].items()]))
    elif view["tricks"]:
        verdict.board.append(Message("live.tricks.won", counts=[Message("live.tricks.count", player=p, n=w)
                                                               for p, w in view["won"].items()]))
    phase = view["phase"]
    key = "live.tricks.next" if phase == "play" else f"live.tricks.next_{phase}"
    verdict.board.append(Message(key, player=view["waiting_seats"][0] if view["waiting_seats"] else view["leader"],
                                 n=state.cards_per_player, round=state.round + 1))
    if verdict.summary is None:
        verdict.summary = verdict.board[-1]


ADAPTER = TricksAdapter()
