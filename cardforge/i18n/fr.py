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
    "rows.q.play": "Révélation {reveal} sur les rangées {table:spaced}",
    "rows.q.play_explosion": "Révélation {reveal} sur les rangées {table:spaced} (variante explosion)",
    "rows.takes": "{player} récupère {cards} ({points:+d})",
    "rows.nobody_takes": "personne ne récupère de carte",
    "rows.discarded": "défaussées : {cards}",
    "rows.summary": "{parts:semi}",
    "rows.q.score": "Points de la pile {cards}",
    "rows.card_shadow": "{card} : Shadow, valeur faciale en négatif : {points:+d}",
    "rows.card_rainbow": "{card} : Rainbow, valeur faciale en positif : {points:+d}",
    "rows.card_classic": "{card} : carte classique, valeur faciale : {points:+d}",
    "points": "{n} {n:plural:point|points}",
    "rows.q.round": "Qui gagne la manche avec {piles:spaced}",
    "rows.pile_line": "{player} : {cards}",
    "rows.pile_points": "{player} : {cards} = {n} {n:plural:point|points}",
    "rows.most": "Le plus de points : {best} ({players:list})",
    "rows.tie_all": "Égalité : chaque joueur à égalité gagne la manche.",
    "rows.tie_nobody": "Égalité : personne ne gagne la manche (règle maison).",
    "rows.won_by": "Manche gagnée par {players:list}",
    "rows.nobody_wins": "Personne ne gagne la manche",
    # -- positions en cours ---------------------------------------------------------------------
    "live.rows.board": "Rangées maintenant : {rows:spaced}",
    "rows.row_line": "{colour} : {cards}",
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
    # -- numwin ---------------------------------------------------------------------------------
    "numwin.q.round": "Scores d'une manche",
    "numwin.player_n": "joueur {n}",
    "numwin.combo_line": "{player} : {cards} → {n} {n:plural:point|points}",
    "numwin.incomplete": "le combo {player:de} a {n} {n:plural:carte|cartes}, pas {full} : il ne reste incomplet que si plus rien ne peut être pioché",
    "numwin.lowest": "le plus bas : {n} ({players:list})",
    "numwin.tie": "les joueurs à égalité partagent le plus bas score",
    "numwin.lowest_summary": "{players:list} {count:plural:a|ont} le plus bas score, {n} {n:plural:point|points}",
    "live.numwin.totals": "Totaux après {n} {n:plural:manche|manches} : {totals:list}",
    # -- erreurs --------------------------------------------------------------------------------
    "error.card.unknown": "carte inconnue {token} : {why}{hint}",
    "error.card.hint": " ; vouliez-vous dire {suggestion} ?",
    "error.card.range": "les valeurs {name:de} vont de {low} à {high}",
    "error.card.range_in": "carte inconnue {token} : dans {game}, les valeurs {name:de} vont de {low} à {high}{hint}",
    "error.card.no_family": "pas de famille {code} (les familles : {known})",
    "error.card.no_action": "pas de carte action de ce nom",
    "error.card.syntax": "attendu un code de famille et une valeur (R7, RB12, SH0) ou le nom d'une carte action (flash, numx=17)",
    "error.card.action_not_in": "carte inconnue {token} : {name} n'est pas dans {game} (ses cartes action : {have})",
    "error.card.family_not_in": "carte inconnue {token} : la famille {name} n'est pas dans {game} (ses familles : {have}){hint}",
    "coll.achievable": "{n} {n:plural:objectif réalisable|objectifs réalisables}",
    "seq.q.total": "Total de la manche : {n} {n:plural:séquence sécurisée|séquences sécurisées} (mode {mode})",
    "tricks.q.score": "Annonce {bid}, plis faits {won}, {cards} {cards:plural:carte|cartes}",
    "tricks.q.score_streak": "Annonce {bid}, plis faits {won}, {cards} {cards:plural:carte|cartes}, série {streak}",
    "seq.score_stopped": "{cards} : stoppée sur {card}, elle n'a pas pu être sécurisée : 0",
    "seq.score_line": "{cards} : {n}",
    "seq.score_rainbow_end": "{cards} finit sur une Rainbow : elle n'a pu être sécurisée que si les deux pioches étaient vides, car une Rainbow impose une autre pioche immédiatement",
    "seq.actions_nothing": "les cartes action ne rapportent rien",
    "seq.total": "total des séquences sécurisées : {n}",
    "seq.round_scores": "la manche rapporte {n} {n:plural:point|points}",
    "numwin.adds": "le moins de points gagne : ce combo ajoute {n} au total du joueur",
    "numwin.incomplete_this": "ce combo a {n} {n:plural:carte|cartes}, pas {full} : il ne reste incomplet que si plus rien ne peut être pioché",
    "numwin.locked_not_counted": "règle maison locked_count=false : les paires verrouillées ne comptent pas parmi les 5 cartes",
    # -- collection -----------------------------------------------------------------------------
    "coll.q.objectives": "Objectifs de la collection {cards}",
    "coll.already": "{the:Cap} est déjà {gender:select:f=validée|m=validé} : impossible de {gender:select:f=la|m=le} retenter",
    "coll.match": "{name} : {cards} → {sums}",
    "coll.rainbow_stands_in": "une Rainbow remplace la couleur",
    "coll.rainbows_alone": "des Rainbow seules sont de même couleur : elles font cet objectif à elles seules",
    "coll.bonus_highest": "chaque bonus est la plus haute carte parmi les cartes de l'objectif",
    "coll.share": "une carte peut servir plusieurs objectifs (règle maison)",
    "coll.no_share": "chaque carte ne sert qu'un objectif",
    "coll.best_item": "{name} ({cards}, {n})",
    "coll.nothing": "rien",
    "coll.best_classic": "meilleur ensemble (le plus de points) : {sets:list} = {n} {n:plural:point|points}",
    "coll.best_discovery": "meilleur ensemble (le plus d'objectifs, puis de points) : {sets:list} = {n} {n:plural:point|points}",
    "coll.validate": "valider {sets:list} : {n} {n:plural:point|points}",
    "coll.validate_nothing": "rien à valider : 0 point",
    "coll.void_round": "et le joueur ne valide aucun objectif à la fin de cette manche",
    "coll.void_not": "les séquences déjà sécurisées dans la manche comptent encore (règle maison)",
    # objectifs : l'article et le genre, pour l'accord (« la Paire est déjà validée »)
    "objective.the.pair": "la Paire", "objective.gender.pair": "f",
    "objective.the.three_of_a_kind": "le Brelan", "objective.gender.three_of_a_kind": "m",
    "objective.the.four_of_a_kind": "le Carré", "objective.gender.four_of_a_kind": "m",
    "objective.the.flush": "la Couleur", "objective.gender.flush": "f",
    "objective.the.grand_flush": "la Grande Couleur", "objective.gender.grand_flush": "f",
    "objective.the.small_straight": "la Petite Suite", "objective.gender.small_straight": "f",
    "objective.the.large_straight": "la Grande Suite", "objective.gender.large_straight": "f",
    "objective.the.straight_flush": "la Suite Couleur", "objective.gender.straight_flush": "f",
    "objective.the.rainbow_set": "l'Arc-en-ciel", "objective.gender.rainbow_set": "m",
    "objective.the.rainbow_straight": "la Rainbow", "objective.gender.rainbow_straight": "f",
}
