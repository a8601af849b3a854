"""Le catalogue français (syntaxe des modèles : voir ``cardforge.i18n``).

Typographie : espace insécable avant « : ; ? ! » comme le reste du projet l'écrit (espace
simple ici, les textes existants n'en ont pas d'autre) ; pas de majuscule après un deux-points.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

NAME = "Français"

_VOWELS = set("aeiouh")


def plural(n: int) -> int:
    """0 (singulier) pour 0 et 1 : « 0 point », « 1 point » ; 1 (pluriel) dès 2."""
    return 0 if abs(n) < 2 else 1


def join(items: Sequence[str]) -> str:
    """« Ana », « Inès et Olivier », « Ana, Ben et Chloé »."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]


def _starts_with_vowel(word: str) -> bool:
    letters = unicodedata.normalize("NFD", word[:2].lower())
    letters = "".join(c for c in letters if not unicodedata.combining(c))
    if letters[:1] == "y":  # « d'Yves », mais « de Yann »
        return len(letters) > 1 and letters[1] not in "aeiou"
    return letters[:1] in _VOWELS


def elide(word: str, value: str) -> str:
    """``de`` + « Ana » → « d'Ana » ; « Émile » → « d'Émile » ; « Ben » → « de Ben ».
    Aussi ``que`` (« qu'Ana ») et ``le`` (« l'as », « le 7 »)."""
    if word in ("de", "que", "le", "la") and _starts_with_vowel(value):
        return {"de": "d'", "que": "qu'", "le": "l'", "la": "l'"}[word] + value
    return f"{word} {value}"


#: Between the parts of a sentence joined by a semicolon.
SEMICOLON = " ; "

MESSAGES: dict[str, str] = {
    "demo.points": "{n} {n:plural:point|points}",
    "demo.of": "la carte {player:de}",
    # -- rows : placement (événements du moteur) -----------------------------------------------
    "rows.row.B": "Bleue", "rows.row.R": "Rouge", "rows.row.Y": "Jaune", "rows.row.G": "Verte",
    "rows.order": "Les cartes se placent en ordre croissant : {cards}.",
    "rows.tie_order": "À valeur égale : Shadow, puis Rainbow, puis les couleurs classiques.",
    "rows.lower": "{card} {player:de} est inférieure à la dernière carte de la rangée {row} : placée en fin de rangée, {player} récupère la 1re carte {cards}.",
    "rows.append": "{card} {player:de} est supérieure ou égale à la dernière carte de la rangée {row} : ajoutée en fin de rangée.",
    "rows.special_fits": "{card} {player:de} va sur la rangée {row}, dont la carte {cards} est la plus proche inférieure ou égale.",
    "rows.same_value": "{card} se place après une carte de même valeur en dernière position.",
    "rows.shadow_equal": "Une Shadow égale à la dernière carte d'une rangée se place sur cette rangée.",
    "rows.shadow_strict": "Règle maison : une Shadow demande une dernière carte strictement inférieure ; une carte égale ne suffit pas.",
    "rows.row_tie": "Les rangées {tied:list} sont aussi proches : la rangée {row} est choisie (la première dans l'ordre Bleue, Rouge, Jaune, Verte).",
    "rows.row_tie_fewest": "Les rangées {tied:list} sont aussi proches : la rangée {row}, qui a le moins de cartes, est choisie.",
    "rows.rainbow_nowhere": "{card} {player:de} est inférieure à toutes les rangées : posée sur la rangée {row}, dont la dernière carte est la plus proche, et {player} récupère la première carte {cards}.",
    "rows.shadow_nowhere": "{card} {player:de} ne va sur aucune rangée : {player} la récupère, en points négatifs.",
    "rows.fifth": "{card} {player:de} est la 5e carte de la rangée {row} : {player} récupère toutes les autres, {cards}.",
    "rows.new_first": "{card} devient la nouvelle 1re carte de la rangée {row}.",
    "rows.lower_fifth": "{card} est inférieure à la dernière carte, mais en tant que 5e carte elle prend toute la rangée, pas seulement la 1re carte.",
    "rows.explode": "{card} {player:de} est la 5e carte de la rangée {row} : la rangée explose.",
    "rows.discard": "{cards} sont défaussées, pas récupérées.",
    "rows.no_points": "Aucun point n'est marqué pour la rangée {row}.",
    "rows.survivor": "{card} reste seule dans la rangée {row}.",
    # -- rows : arbitre -------------------------------------------------------------------------
    "rows.q.play": "Révélation {reveal} sur les rangées {table}",
    "rows.q.play_explosion": "Révélation {reveal} sur les rangées {table} (variante explosion)",
    "rows.takes": "{player} récupère {cards} ({points:+d})",
    "rows.nobody_takes": "personne ne récupère de carte",
    "rows.discarded": "défaussées : {cards}",
    "rows.summary": "{parts:semi}",
    "rows.q.score": "Points de la pile {cards}",
    "rows.card_shadow": "{card} : Shadow, valeur faciale en négatif : {points:+d}",
    "rows.card_rainbow": "{card} : Rainbow, valeur faciale en positif : {points:+d}",
    "rows.card_classic": "{card} : carte classique, valeur faciale : {points:+d}",
    "points": "{n} {n:plural:point|points}",
    "rows.q.round": "Qui gagne la manche avec {piles}",
    "rows.pile_line": "{player} : {cards}",
    "rows.pile_points": "{player} : {cards} = {n} {n:plural:point|points}",
    "rows.most": "Le plus de points : {best} ({players:list})",
    "rows.tie_all": "Égalité : chaque joueur à égalité gagne la manche.",
    "rows.tie_nobody": "Égalité : personne ne gagne la manche (règle maison).",
    "rows.won_by": "Manche gagnée par {players:list}",
    "rows.nobody_wins": "Personne ne gagne la manche",
    # -- positions en cours ---------------------------------------------------------------------
    "live.rows.board": "Rangées maintenant : {rows}",
    "live.rows.reveal": "Révélation {n} sur {total} de la manche {round}",
    "live.rows.piles": "Cartes récupérées : {piles:list}",
    "live.rows.pile": "{player} {points:+d}",
    "live.rows.round_over": "{summary}. Fin de la manche : {round}",
    # -- tricks ---------------------------------------------------------------------------------
    "tricks.q.trick": "Pli {cards} ({n} {n:plural:joueur|joueurs})",
    "tricks.wins": "La carte {n} ({card}) remporte le pli ; son joueur commence le suivant.",
    "tricks.wins_named": "{player} ({card}) remporte le pli et commence le suivant.",
    "tricks.no_winner_same": "Aucun vainqueur : le pli ne compte pour personne ; son meneur recommence.",
    "tricks.no_winner_same_named": "Aucun vainqueur : le pli ne compte pour personne ; {player} recommence.",
    "tricks.no_winner_next": "Aucun vainqueur : le pli ne compte pour personne ; le joueur suivant commence.",
    "tricks.no_winner_next_named": "Aucun vainqueur : le pli ne compte pour personne ; {player}, le joueur suivant, commence.",
    "live.tricks.laid": "{player} pose {card}",
    "live.tricks.waiting": "{cards} {cards:plural:carte posée|cartes posées} ; {players:plural:reste|restent} à poser : {players:list}",
    "live.tricks.next": "Au tour {player:de} de poser",
    "live.tricks.won": "Plis remportés : {counts:list}",
    "live.tricks.count": "{player} {n}",
    "live.tricks.round_over": "{summary} Fin de la manche : {n} {n:plural:pli joué|plis joués}.",
    # -- sequence / collection ------------------------------------------------------------------
    "mode.classic": "classique", "mode.discovery": "découverte",
    "seq.q": "Séquence {cards}",
    "seq.q.mode": "Séquence {cards} (mode {mode})",
    "seq.reason.shadow": "Shadow", "seq.reason.color": "couleur", "seq.reason.value": "valeur",
    "seq.stop_lost": "STOP ({reason}) sur {card} : la séquence est perdue",
    "seq.stop_turn": "STOP ({reason}) sur {card} : le tour s'arrête, la séquence reste ouverte (règle maison)",
    "seq.owed": "pas de STOP, mais le joueur doit piocher immédiatement {n} {n:plural:carte|cartes} de plus (Rainbow) : pas de sécurisation avant",
    "seq.owed_step": "une Rainbow impose la pioche suivante immédiatement : pas de sécurisation avant (sauf si les deux pioches sont vides)",
    "seq.securable": "pas de STOP : elle peut être sécurisée",
    "seq.then": "{first}, {then}",
    "seq.then_scores": "{first} ; sécurisée maintenant, elle rapporte {n} {n:plural:point|points}",
    "seq.points_classic": "le Mode Classique additionne les valeurs faciales : {n}",
    "seq.points_discovery": "le Mode Découverte compte les cartes sécurisées : {n}",
    "live.seq.q.secure": "{player} sécurise {cards}",
    "live.seq.secured": "{player} sécurise {cards}",
    "live.seq.secured_points": "{player} sécurise la séquence : {n} {n:plural:point|points}",
    "live.seq.board": "Séquence ouverte {player:de} : {cards} ; sécurisées dans la manche : {n}",
    "coll.and_void": "{first}, et aucun objectif pour cette manche",
}
