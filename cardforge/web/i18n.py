"""The page's own words (buttons, headings, labels) in French and English.

Rulings, verdict steps and rule texts come with both languages from the referee and the rule
catalogue; this catalogue holds only what the page itself says.  A third language is one more
column here.

>>> words("fr")["undo"]
'Annuler la dernière entrée'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

__all__ = ["LANGS", "words", "choose_lang"]

LANGS: tuple[str, ...] = ("en", "fr")

_WORDS: dict[str, tuple[str, str]] = {
    # key: (en, fr)
    "app": ("Num table", "Table Num"),
    "matches": ("Matches", "Parties"),
    "no_matches": ("No match yet: start one below.", "Aucune partie : commencez-en une ci-dessous."),
    "new_match": ("New match", "Nouvelle partie"),
    "game": ("Game", "Jeu"),
    "players": ("Players, in seating order, separated by commas", "Joueurs, dans l'ordre de la table, séparés par des virgules"),
    "title": ("Title (optional)", "Titre (facultatif)"),
    "variant": ("Variant", "Variante"),
    "mode": ("Mode", "Mode"),
    "none": ("none", "aucune"),
    "start": ("Start the match", "Commencer la partie"),
    "open": ("Open", "Ouvrir"),
    "match": ("Match", "Partie"),
    "round": ("Round", "Manche"),
    "rounds": ("Rounds", "Manches"),
    "next": ("Next:", "À suivre :"),
    "over": ("Match over", "Partie terminée"),
    "winners": ("Winners:", "Vainqueurs :"),
    "total": ("Total", "Total"),
    "points": ("Points", "Points"),
    "record_round": ("Record the round", "Enregistrer la manche"),
    "undo": ("Undo the last entry", "Annuler la dernière entrée"),
    "sheet": ("Score sheet", "Feuille de score"),
    "entry": ("Enter the round", "Saisir la manche"),
    "bid": ("Bid", "Annonce"),
    "won": ("Won", "Plis"),
    "void": ("Tricks nobody won (Flash)", "Plis sans gagnant (Flash)"),
    "cards_hint": ("Card codes separated by commas, e.g.", "Codes des cartes séparés par des virgules, ex."),
    "several_hint": ("several: separate them with ;", "plusieurs : séparez-les par ;"),
    "pick_cards": ("Tap the cards", "Touchez les cartes"),
    "clear": ("Clear", "Effacer"),
    "referee": ("Referee", "Arbitre"),
    "ask": ("Ask the referee", "Demander à l'arbitre"),
    "rules_applied": ("Rules applied", "Règles appliquées"),
    "error": ("Refused:", "Refusé :"),
    "join": ("Join the table", "Rejoindre la table"),
    "join_code": ("Join code", "Code de la table"),
    "join_needed": ("This table is shared on the network: enter its join code (shown on the laptop) to write.",
                    "Cette table est partagée sur le réseau : saisissez son code (affiché sur l'ordinateur) pour écrire."),
    "join_wrong": ("Wrong join code.", "Code de la table incorrect."),
    # -- issue 28 (web server): the guard's refusals
    "join_wait": ("Too many wrong codes from this phone: wait {s} s, then type the code again.",
                  "Trop de codes incorrects depuis ce téléphone\u00a0: attendez {s}\u00a0s, puis saisissez le code à nouveau."),
    "cross_site": ("Refused: this write comes from another site, not from this table's page.",
                   "Refusé\u00a0: cette écriture vient d'un autre site, pas de la page de cette table."),
    "too_big": ("Refused: the form is far larger than any this page sends.",
                "Refusé\u00a0: le formulaire est bien plus gros que ceux de cette page."),
    "lang_other": ("Français", "English"),
    "home": ("All matches", "Toutes les parties"),
    "live": ("Live table", "Table en direct"),
    "reveal": ("Reveal", "Révéler"),
    "play": ("Play", "Jouer"),
    "legal": ("Legal cards", "Cartes jouables"),
    "show_legal": ("Which cards may be played?", "Quelles cartes peut-on jouer ?"),
    "hand": ("Hand", "Main"),
    "trick": ("Trick", "Pli"),
    "question": ("Question", "Question"),
    "cards": ("Cards", "Cartes"),
    "answer": ("Answer", "Réponse"),
    "entries": ("entries", "entrées"),
    "round_wins": ("Round wins", "Manches gagnées"),
    "rows": ("Rows", "Rangées"),
    "captured": ("Captured", "Récupérées"),
    "seat": ("Seat", "Place"),
    "reveals": ("reveals", "révèle"),
    "reveal_n": ("Reveals", "Révélations"),
    "cards_each": ("{n} cards each", "{n} cartes chacun"),
    "card_each": ("1 card each", "1 carte chacun"),
    "won_by": ("won by", "gagnée par"),
    "lays": ("lays", "pose"),
    "bids_n": ("bids", "annonce"),
    "bid_col": ("Bid", "Annonce"),
    "bid": ("Record the bids", "Enregistrer les annonces"),
    "passes": ("passes 2 cards", "passe 2 cartes"),
    "lay": ("Lay the cards", "Poser les cartes"),
    "undo_move": ("Undo the last move", "Annuler le dernier coup"),
    "draw": ("Draw", "Piocher"),
    "secure": ("Lock", "Verrouiller"),
    "secured": ("Locked:", "Verrouillées :"),
    "open_sequence": ("Open sequence", "Séquence en cours"),
    "stop_pending": ("STOP: only a Joker from the reserve can save it", "STOP : seul un Joker de la réserve peut la sauver"),
    "tricks_won": ("Tricks won", "Plis gagnés"),
    "scorecard": ("Scorecard", "Feuille d'objectifs"),
    "best_set": ("Best set to validate", "Meilleur ensemble à valider"),
    "by_hand": ("Enter a round by hand", "Saisir une manche à la main"),
    "player": ("Player", "Joueur"),
    "waiting": ("…", "…"),
    # -- issue 28: the entry tray, the shared table, the sheet as a grid -------------------------
    "why": ("Why?", "Pourquoi\u202f?"),
    "last_move": ("Last move", "Dernier coup"),
    "turn_of": ("{name} to play", "À {name} de jouer"),
    "end_turn": ("End the turn", "Finir le tour"),
    "accept_stop": ("Accept the STOP", "Accepter le STOP"),
    "offline": ("Offline: the table cannot be reached. Your last move may not be saved yet.",
                "Hors ligne\u00a0: la table est injoignable. Votre dernier coup n'est peut-être pas encore enregistré."),
    "back_online": ("Back online: your last move is not sent yet.",
                    "De nouveau en ligne\u00a0: votre dernier coup n'est pas encore envoyé."),
    "retry": ("Send again", "Renvoyer"),
    "skip": ("Skip to the content", "Aller au contenu"),
    "colours": ("Card colours", "Couleurs des cartes"),
    "actions": ("Actions", "Actions"),
    "seats_now": ("Cards entered for this move", "Cartes saisies pour ce coup"),
    "correct": ("Correct", "Corriger"),
    "correct_cell": ("Correct {name}, round {n}", "Corriger {name}, manche {n}"),
    "correct_hint": ("Tap a cell to correct it.", "Touchez une case pour la corriger."),
    "running": ("Running total", "Cumul"),
    "leader": ("in the lead", "en tête"),
    "winner": ("winner", "vainqueur"),
    "rematch": ("Rematch", "Revanche"),
    "final_sheet": ("Final sheet to share", "Feuille finale à partager"),
    "error_title": ("This page cannot be shown", "Cette page ne peut pas s'afficher"),
    "cancel": ("Cancel", "Annuler"),
    "round_done": ("All tricks played: enter the bids to record the round.", "Tous les plis sont joués : saisissez les annonces pour enregistrer la manche."),
    # -- issue 28: the new-match form's options (as table new --rounds, --start-cards, --house) -----
    "rounds_field": ("Rounds (empty: as the rules say)", "Manches (vide\u00a0: selon les règles)"),
    "start_cards_field": ("Cards dealt in the first round (empty: as the rules say)",
                          "Cartes distribuées à la première manche (vide\u00a0: selon les règles)"),
    "house_field": ("House rules, one a line: KEY=VALUE", "Règles maison, une par ligne\u00a0: CLÉ=VALEUR"),
    # -- issue 28: Num Win followed card by card on the page (cardforge.live.numwin_play) ---------
    "nw_deck_cards": ("Cards from the deck", "Cartes de la pioche"),
    "nw_name_cards": ("Enter the cards", "Saisir les cartes"),
    "nw_discard": ("Discard top", "Dessus de la défausse"),
    "nw_held": ("Card drawn", "Carte piochée"),
    "nw_held_discard": ("Card taken from the discard", "Carte prise sur la défausse"),
    "nw_dealer": ("dealer", "donneur"),
    "nw_moves": ("Moves", "Coups"),
    "nw_locked": ("locked", "verrouillée"),
    "nw_face_down": ("a card face down", "une carte face cachée"),
    "nw_peek": ("{name}'s cards: only {name} looks", "Cartes de {name}\u00a0: {name} seul regarde"),
}


@functools.cache
def words(lang: str) -> Mapping[str, str]:
    """Every word of the page in ``lang`` (English for an unknown language)."""
    column = LANGS.index(lang) if lang in LANGS else 0
    return {key: pair[column] for key, pair in _WORDS.items()}


def choose_lang(cookie: str | None, accept_language: str | None) -> str:
    """The language asked for by the ``lang`` cookie, else the browser's first fr/en choice."""
    if cookie in LANGS:
        return cookie
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGS:
            return code
    return "en"
