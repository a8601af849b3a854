"""Le catalogue français (syntaxe des modèles : voir ``cardforge.i18n``).

Typographie : une espace avant « : ; ? ! » (simple, comme l'arbitre l'a toujours écrit en
terminal ; les livres la rendent insécable à la composition), pas de majuscule après un
deux-points ; les cartes sont féminines (« R3 est supérieure »), les Rainbow et les Shadow aussi.
Les noms des joueurs s'élident (« d'Ana », « d'Émile », « d'Yves », mais « de Yann »).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

NAME = "Français"

#: Between groups of three digits: « 99 992 » (a narrow no-break space).
THOUSANDS = "\u202f"

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
    Aussi ``que`` (« qu'Ana ») et ``le`` (« l'as », « le 7 ») ; devant un article, la
    contraction : ``de`` + « le joueur 1 » → « du joueur 1 », « les joueurs » → « des joueurs » ;
    ``à`` + « le joueur 1 » → « au joueur 1 »."""
    article, _, rest = value.partition(" ")
    if word in ("de", "à") and article in ("le", "les") and rest:
        return _CONTRACTED[word, article] + " " + rest
    if word in ("de", "que", "le", "la") and _starts_with_vowel(value):
        return {"de": "d'", "que": "qu'", "le": "l'", "la": "l'"}[word] + value
    return f"{word} {value}"


#: a preposition before the article « le » / « les »: their contracted form
_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}

#: Between the parts of a sentence joined by a semicolon.
SEMICOLON = " ; "
#: the decimal separator (« 97,7 Kio »)
DECIMAL = ","

MESSAGES: dict[str, str] = {
    "demo.points": "{n:minus} {n:plural:point|points}",
    "list.more": "{shown}, … et {n:grouped} autres",
    "demo.of": "la carte {player:de}",
    # -- rows : placement (événements du moteur) -----------------------------------------------
    "rows.row.B": "Bleue", "rows.row.R": "Rouge", "rows.row.Y": "Jaune", "rows.row.G": "Verte",
    "rows.order": "Les cartes se placent en ordre croissant : {cards}.",
    "rows.tie_order": "À valeur égale : Shadow, puis Rainbow, puis les couleurs classiques.",
    "rows.lower": "{card} {player:de} est inférieure à la dernière carte de la rangée {row} : placée en fin de rangée, {player} récupère la 1re carte {cards}.",
    "rows.append": "{card} {player:de} est supérieure ou égale à la dernière carte de la rangée {row} : ajoutée en fin de rangée.",
    "rows.special_fits": "{card} {player:de} va sur la rangée {row}, dont la carte {cards} est la plus proche inférieure ou égale.",
    "rows.same_value": "{card} se place après une carte de même valeur en dernière position.",
    "rows.shadow_equal": "Une Shadow égale à la dernière carte d'une rangée se place sur cette rangée.",
    "rows.shadow_strict": "Règle maison : une Shadow demande une dernière carte strictement inférieure ; une carte égale ne suffit pas.",
    "rows.row_tie": "Les rangées {tied:list} sont aussi proches : la rangée {row} est choisie (la première dans l'ordre Bleue, Rouge, Jaune, Verte).",
    "rows.row_tie_fewest": "Les rangées {tied:list} sont aussi proches : la rangée {row}, qui a le moins de cartes, est choisie.",
    "rows.rainbow_nowhere": "{card} {player:de} est inférieure à toutes les rangées : posée sur la rangée {row}, dont la dernière carte est la plus proche, et {player} récupère la première carte {cards}.",
    "rows.shadow_nowhere": "{card} {player:de} ne va sur aucune rangée : {player} la récupère, en points négatifs.",
    "rows.fifth": "{card} {player:de} est la 5e carte de la rangée {row} : {player} récupère toutes les autres, {cards}.",
    "rows.new_first": "{card} devient la nouvelle 1re carte de la rangée {row}.",
    "rows.tie_order_classic": "À valeur égale : les couleurs classiques dans l'ordre des rangées (Bleue, Rouge, Jaune, Verte).",
    "rows.rainbow_goes": "{card} {player:de} est inférieure à toutes les rangées : posée sur la rangée {row}, dont la dernière carte est la plus proche.",
    "rows.lower_fifth_explode": "{card} est inférieure à la dernière carte, mais en tant que 5e carte elle fait exploser la rangée au lieu de prendre la 1re carte.",
    "rows.lower_fifth": "{card} est inférieure à la dernière carte, mais en tant que 5e carte elle prend toute la rangée, pas seulement la 1re carte.",
    "rows.explode": "{card} {player:de} est la 5e carte de la rangée {row} : la rangée explose.",
    "rows.discard": "{cards} sont défaussées, pas récupérées.",
    "rows.no_points": "Aucun point n'est marqué pour la rangée {row}.",
    "rows.survivor": "{card} reste seule dans la rangée {row}.",
    # -- rows : arbitre -------------------------------------------------------------------------
    "rows.q.play": "Révélation {reveal} sur les rangées {table:spaced}",
    "rows.q.play_explosion": "Révélation {reveal} sur les rangées {table:spaced} (variante explosion)",
    "rows.takes": "{player} récupère {cards} ({points:+d})",
    "rows.nobody_takes": "personne ne récupère de carte",
    "rows.discarded": "défaussées : {cards}",
    "rows.summary": "{parts:semi}",
    "rows.q.score": "Points de la pile {cards}",
    "rows.card_shadow": "{card} : Shadow, valeur faciale en négatif : {points:+d}",
    "rows.card_rainbow": "{card} : Rainbow, valeur faciale en positif : {points:+d}",
    "rows.card_classic": "{card} : carte classique, valeur faciale : {points:+d}",
    "points": "{n:minus} {n:plural:point|points}",
    "rows.q.round": "Qui gagne la manche avec {piles:spaced}",
    "rows.pile_line": "{player} : {cards}",
    "rows.pile_points": "{player} : {cards} = {n:minus} {n:plural:point|points}",
    "rows.most": "Le plus de points : {best} ({players:list})",
    "rows.tie_all": "Égalité : chaque joueur à égalité gagne la manche.",
    "rows.tie_nobody": "Égalité : personne ne gagne la manche (règle maison).",
    "rows.won_by": "Manche gagnée par {players:list}",
    "rows.nobody_wins": "Personne ne gagne la manche",
    # -- positions en cours ---------------------------------------------------------------------
    "live.rows.board": "Rangées maintenant : {rows:spaced}",
    "rows.row_line": "{colour} : {cards}",
    "live.rows.reveal": "Révélation {n} sur {total} de la manche {round}",
    "live.rows.piles": "Cartes récupérées : {piles:list}",
    "live.rows.pile": "{player} {points:+d}",
    "live.rows.round_over": "{summary}. Fin de la manche : {round}",
    # -- tricks ---------------------------------------------------------------------------------
    "tricks.q.trick": "Pli {cards} ({n} {n:plural:joueur|joueurs})",
    "tricks.wins": "La carte {n} ({card}) remporte le pli ; son joueur commence le suivant.",
    "tricks.wins_named": "{player} ({card}) remporte le pli et commence le suivant.",
    "tricks.no_winner_same": "Aucun vainqueur : le pli ne compte pour personne ; son meneur recommence.",
    "tricks.no_winner_same_named": "Aucun vainqueur : le pli ne compte pour personne ; {player} recommence.",
    "tricks.no_winner_next": "Aucun vainqueur : le pli ne compte pour personne ; le joueur suivant commence.",
    "tricks.no_winner_next_named": "Aucun vainqueur : le pli ne compte pour personne ; {player}, le joueur suivant, commence.",
    "live.tricks.laid": "{player} pose {card}",
    "live.tricks.next": "Au tour {player:de} de poser",
    "live.tricks.won": "Plis remportés : {counts:list}",
    "live.tricks.count": "{player} {n}",
    # -- sequence / collection ------------------------------------------------------------------
    "mode.classic": "classique", "mode.discovery": "découverte",
    "seq.q": "Séquence {cards}",
    "seq.q.mode": "Séquence {cards} (mode {mode})",
    "seq.reason.shadow": "Shadow", "seq.reason.color": "couleur", "seq.reason.value": "valeur",
    "seq.stop_lost": "STOP ({reason}) sur {card} : la séquence est perdue",
    "seq.stop_turn": "STOP ({reason}) sur {card} : le tour s'arrête, la séquence reste ouverte (règle maison)",
    "seq.owed": "pas de STOP, mais le joueur doit piocher immédiatement {n} {n:plural:carte|cartes} de plus : pas de verrouillage avant",
    "seq.owed_joker": "le Joker qui a annulé le STOP fait rejouer immédiatement : pas de verrouillage avant (sauf si les deux pioches sont vides)",
    "seq.owed_step": "une Rainbow impose la pioche suivante immédiatement : pas de verrouillage avant (sauf si les deux pioches sont vides)",
    "seq.securable": "pas de STOP : elle peut être verrouillée",
    "seq.then": "{first}, {then}",
    "seq.then_scores": "{first} ; verrouillée maintenant, elle rapporte {n:minus} {n:plural:point|points}",
    "seq.then_would_score": "{first} ; ses cartes valent pour l'instant {n:minus} {n:plural:point|points}",
    "seq.points_classic": "le Mode Classique additionne les valeurs faciales : {n}",
    "seq.points_discovery": "le Mode Découverte compte les cartes verrouillées : {n}",
    "live.seq.q.secure": "{player} verrouille {cards}",
    "live.seq.secured": "{player} verrouille {cards}",
    "live.seq.secured_points": "{player} verrouille la séquence : {n:minus} {n:plural:point|points}",
    "live.seq.board": "Séquence ouverte {player:de} : {cards} ; verrouillées dans la manche : {n}",
    "coll.and_void": "{first}, et aucun objectif pour cette manche",
    # -- numwin ---------------------------------------------------------------------------------
    "numwin.q.round": "Scores d'une manche",
    "numwin.combo_line": "{player:Cap} : {cards} → {n:minus} {n:plural:point|points}",
    "numwin.incomplete": "le combo {player:de} a {n} {n:plural:carte|cartes}, pas {full} : il ne reste incomplet que si plus rien ne peut être pioché",
    "numwin.lowest": "le plus bas : {n} ({players:list})",
    "numwin.tie": "les joueurs à égalité partagent le plus bas score",
    "numwin.lowest_summary": "{players:list} {count:plural:a|ont} le plus bas score, {n:minus} {n:plural:point|points}",
    "live.numwin.totals": "Totaux après {n} {n:plural:manche|manches} : {totals:list}",
    # -- erreurs --------------------------------------------------------------------------------
    "simulate.figures.unknown": "--figures : format inconnu « {token} » ; formats possibles : {known} ou none, séparés par des virgules (p. ex. --figures svg,pdf)",
    "error.card.unknown": "carte inconnue {token} : {why}{hint}",
    "card.family_named": "{code} ({name})",
    "error.card.french_initial": " ; les codes suivent les initiales anglaises : {name} s'écrit {code}, vouliez-vous dire {suggestion} ?",
    "error.card.hint": " ; vouliez-vous dire {suggestion} ?",
    "error.card.range": "les valeurs {name:de} vont de {low} à {high}",
    "error.card.range_in": "carte inconnue {token} : dans {game}, les valeurs {name:de} vont de {low} à {high}{hint}",
    "error.card.no_family": "pas de famille {code} (les familles : {known:list})",
    "error.card.no_action": "pas de carte action de ce nom",
    "error.card.syntax": "attendu un code de famille et une valeur (R7, RB12, SH0) ou le nom d'une carte action (flash, numx=17)",
    "error.card.action_not_in": "carte inconnue {token} : {name} n'est pas dans {game} (ses cartes action : {have})",
    "error.card.family_not_in": "carte inconnue {token} : la famille {name} n'est pas dans {game} (ses familles : {have:list}){hint}",
    # -- print-on-demand profiles (render/pod, issue 26) -----------------------------------------
    "pod.no_product": "{vendor} ({profile}) n’a pas de carte de {w}×{h} mm ({size}) : ses cartes sont {products} (dans un sens ou dans l’autre) ; rien n’est écrit pour {deck}",
    "pod.bleed": "{vendor} ({profile}) demande {need} mm de fond perdu sur ses cartes {product} et {deck} en a {have} mm ; mettez card : {{bleed_mm: {need}}}",
    "pod.skipped": "cardforge : avertissement : {reason}",
    # -- a deck's own symbols (deck/symbols, issue 26) -------------------------------------------
    "deck.symbol.one_of": "symbole {name} : donnez soit un glyphe (un caractère), soit une image, pas les deux ni aucun",
    "deck.symbol.one_char": "symbole {name} : le glyphe {glyph} fait plus d’un caractère ; donnez un seul caractère, ou une image",
    "deck.symbol.no_font": "symbole {name} : la police {font} n’est ni fournie ni sous « fonts » ; ajoutez-la ou nommez-en une autre",
    "deck.symbol.no_glyph": "symbole {name} : {glyph} ({code}) n’est pas dans la police {font} : il s’imprimerait comme une case vide ; donnez au symbole une police qui l’a, ou une image",
    "deck.symbol.unknown": "symbole inconnu {name} : les symboles sont {known} (ou déclarez-le sous « symbols »){hint}",
    "deck.symbol.hint": " ; vouliez-vous dire {guess} ?",
    "coll.achievable": "{n} {n:plural:objectif réalisable|objectifs réalisables}",
    "seq.q.total": "Total de la manche : {n} {n:plural:séquence verrouillée|séquences verrouillées} (mode {mode})",
    "tricks.q.score": "Annonce {bid}, plis faits {won}, {cards} {cards:plural:carte|cartes}",
    "tricks.q.score_streak": "Annonce {bid}, plis faits {won}, {cards} {cards:plural:carte|cartes}, série {streak}",
    "seq.score_stopped": "{cards} : stoppée sur {card}, elle n'a pas pu être verrouillée : 0",
    "seq.score_line": "{cards} : {n}",
    "seq.score_rainbow_end": "{cards} finit sur une Rainbow : elle n'a pu être verrouillée que si les deux pioches étaient vides, car une Rainbow impose une autre pioche immédiatement",
    "seq.actions_nothing": "les cartes action ne rapportent rien",
    "seq.total": "total des séquences verrouillées : {n}",
    "seq.round_scores": "la manche rapporte {n:minus} {n:plural:point|points}",
    "numwin.adds": "le moins de points gagne : ce combo ajoute {n} au total du joueur",
    "numwin.incomplete_this": "ce combo a {n} {n:plural:carte|cartes}, pas {full} : il ne reste incomplet que si plus rien ne peut être pioché",
    "numwin.locked_not_counted": "règle maison locked_count=false : les paires verrouillées ne comptent pas parmi les 5 cartes",
    # -- collection -----------------------------------------------------------------------------
    "coll.q.objectives": "Objectifs de la collection {cards}",
    "coll.already": "{the:Cap} est déjà {gender:select:f=validée|m=validé} : impossible de {gender:select:f=la|m=le} retenter",
    "coll.match": "{name} : {cards} → {sums}",
    "coll.rainbow_stands_in": "une Rainbow remplace la couleur",
    "coll.rainbows_alone": "des Rainbow seules sont de même couleur : elles font cet objectif à elles seules",
    "coll.bonus_highest": "chaque bonus est la plus haute carte parmi les cartes de l'objectif",
    "coll.share": "une carte peut servir plusieurs objectifs (règle maison)",
    "coll.no_share": "chaque carte ne sert qu'un objectif",
    "coll.best_item": "{name} ({cards}, {n})",
    "coll.nothing": "rien",
    "coll.best_classic": "meilleur ensemble (le plus de points) : {sets:list} = {n:minus} {n:plural:point|points}",
    "coll.best_discovery": "meilleur ensemble (le plus d'objectifs, puis de points) : {sets:list} = {n:minus} {n:plural:point|points}",
    "coll.validate": "valider {sets:list} : {n:minus} {n:plural:point|points}",
    "coll.validate_nothing": "rien à valider : 0 point",
    "coll.void_round": "et le joueur ne valide aucun objectif à la fin de cette manche",
    "coll.void_not": "les séquences déjà verrouillées dans la manche comptent encore (règle maison)",
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
    # -- sequence / collection : le contrôle des STOP (games/pushluck) -------------------------
    "pl.saves": "{card} annule le STOP de {stop} : la séquence continue",
    "pl.shadow_stays": "la Shadow {card} reste sur la table",
    "pl.turn_cost_went_on": "règle maison : le STOP de couleur ou de valeur de {card} n'a coûté que le tour ; la carte a été défaussée et la séquence continue",
    "pl.infini_ahead": "{card} joué à l'avance : la prochaine carte STOP du tour est écartée sans élimination",
    "pl.infini_ahead_saves": "l'Infini joué à l'avance annule le STOP de {card} : la carte est écartée et la séquence continue",
    "pl.action": "{card} est une carte action : elle n'entre pas dans la séquence",
    "pl.reason.shadow": "une Shadow stoppe la séquence",
    "pl.reason.color": "3 cartes consécutives de même couleur",
    "pl.reason.value": "2 cartes consécutives de même valeur",
    "pl.stop_after": "{card} après {after} : STOP — {why}",
    "pl.stop": "{card} : STOP — {why}",
    "pl.rainbow_colour.own": "une Rainbow compte comme sa propre couleur pour ce STOP (sa famille, comme une cinquième couleur)",
    "pl.rainbow_colour.wild": "règle maison : une Rainbow compte comme toutes les couleurs pour ce STOP",
    "pl.rainbow_colour.none": "règle maison : une Rainbow ne compte comme aucune couleur pour ce STOP",
    "pl.rainbow_value": "une Rainbow compte avec sa valeur faciale pour le STOP de valeur",
    "pl.joins": "{card} rejoint la séquence",
    "pl.rainbow_draw": "{card} est une Rainbow : le joueur doit piocher immédiatement une carte de plus",
    "pl.stop_costs_sequence": "un STOP de couleur ou de valeur coûte toute la séquence",
    "pl.turn_cost": "règle maison : un STOP de couleur ou de valeur ne coûte que le tour ; {card} est défaussée et la séquence reste ouverte",
    "pl.discarded": "sans Joker toute la séquence est défaussée : 0 point",
    "pl.discarded_infini": "sans Joker ni Infini toute la séquence est défaussée : 0 point",
    "pl.after_stop": "les cartes après le STOP ne font pas partie de cette séquence : {cards}",
    # -- tricks : résoudre un pli (games/tricks/resolution) -------------------------------------
    "tricks.no_annulation": "Aucune valeur égale entre familles : rien n'est annulé.",
    "tricks.annulation": "Les valeurs égales de familles différentes s'annulent et sont retirées : {listed:semi}.",
    "tricks.pair_only": "Règle maison : seules les deux premières cartes d'une valeur s'annulent.",
    "tricks.rest_normal": "Le reste du pli se résout normalement.",
    "tricks.flash": "Flash annule le pli : aucun vainqueur, quelle que soit sa position.",
    "tricks.numx": "Num-X vaut {value}, comme déclaré.",
    "tricks.no_valid": "Il ne reste aucune carte valide : le pli n'a pas de vainqueur.",
    "tricks.combine": "Flip et Quantique s'appliquent tous deux : la plus petite carte de la bonne parité gagne.",
    "tricks.flip_only": "Règle maison : avec Flip dans le pli, Quantique est sans effet.",
    "tricks.quantique_only": "Règle maison : avec Quantique dans le pli, Flip est sans effet.",
    "tricks.parity": "Quantique à {players} joueurs : seules les cartes {parity:select:odd=impaires|even=paires} comptent ({listed}).",
    "tricks.parity_none": "Quantique : aucune carte {parity:select:odd=impaire|even=paire} valide, le pli n'a pas de vainqueur.",
    "tricks.parity_ignored": "Quantique : aucune carte {parity:select:odd=impaire|even=paire} valide, elle est sans effet.",
    "tricks.flip_single": "Flip : il ne reste qu'une carte valide, {card}, elle gagne.",
    "tricks.flip": "Flip : la plus petite carte valide gagne : {card}.",
    "tricks.highest": "La plus haute carte valide gagne : {card}.",
    # -- tricks : arbitre -----------------------------------------------------------------------
    "tricks.q.legal": "Jouer sur {trick} depuis {hand}",
    "tricks.q.legal_empty": "Commencer le pli depuis {hand}",
    "tricks.cancelled_note": " ; {cards} sont annulées et ne comptent plus",
    "tricks.lead_any": "Le joueur qui commence peut jouer n'importe quelle carte.",
    "tricks.no_value": "Aucune carte valide du pli n'a de valeur{cancelled} : toute carte peut être jouée.",
    "tricks.target_played": "la plus haute carte posée, annulée ou non : règle maison",
    "tricks.target_valid": "la plus haute carte valide{cancelled}",
    "tricks.target": "La carte à battre vaut {n} ({what}).",
    "tricks.flip_still_higher": "Flip est dans le pli, mais on continue à monter.",
    "tricks.none_higher": "Aucune carte de la main n'est strictement plus haute que {n} : toute carte peut être jouée.",
    "tricks.must_higher": "Une carte strictement plus haute peut être jouée, il faut donc la jouer : {cards}.",
    "tricks.equal_allowed": "Valeur égale permise, pour provoquer une annulation : {cards}.",
    "tricks.actions_always": "Les cartes action peuvent toujours être jouées : {cards}.",
    "tricks.actions_follow": "Règle maison : cartes action seulement quand on n'est pas obligé de monter.",
    "tricks.numx_declared": "Num-X est déclarée 17 ou 0 en la jouant.",
    "tricks.legal": "Jouables : {cards}.",
    "tricks.f.exact": "Annonce exacte : 10 + 3 × {bid} = {n}.",
    "tricks.f.missed": "Annonce manquée : −3 × |{bid} − {won}| = {n:minus}.",
    "tricks.f.zero_made": "Annonce 0 réussie : 20 + 2 × {cards} {cards:plural:carte|cartes} = {n}.",
    "tricks.f.zero_missed": "Annonce 0 échouée : −(10 + 5 × {won}) = {n:minus}.",
    "tricks.round_cards": "Les cartes de la manche : {cards:plural:la carte distribuée|les {cards} cartes distribuées} à chaque joueur.",
    "tricks.points": "{n:minus} {n:plural:point|points}.",
    "tricks.streak_grows": "Annonce exacte : la série passe de {before} à {after}.",
    "tricks.streak_reset": "Annonce manquée : la série repart à 0.",
    "tricks.streak_bonus": "Série de {n} : +{bonus}.",
    "tricks.one_line": "Une seule ligne du tableau, payée à la fin de la manche.",
    "tricks.paid_once": "Règle maison : une série est payée une fois, quand elle s'arrête : +{bonus}.",
    "tricks.paid_once_for": "Règle maison : une série est payée une fois, quand elle s'arrête : +{bonus} pour {n}.",
    "tricks.points_bonus": "{points:minus} + bonus {bonus} = {n:minus} {n:plural:point|points} ; série désormais {streak}.",
    "tricks.q.rounds": "Manches pour {n} joueurs",
    "tricks.q.rounds_team": "Manches pour {n} joueurs (équipes)",
    "tricks.deck_extra": "{n} cartes en jeu avec la famille supplémentaire.",
    "tricks.deck_no_extra": "{n} cartes en jeu (sans famille supplémentaire).",
    "tricks.team_deal": "Chaque manche distribue 6 cartes à chacun.",
    "tricks.team_rounds": "La partie se joue en 5 manches.",
    "tricks.first_deal": "La manche 1 distribue {n} {n:plural:carte|cartes}, chaque manche une de plus.",
    "tricks.last_deal_reserve": "La dernière manche distribue {n} cartes, la plus grande distribution qui garde une réserve.",
    "tricks.last_deal_full": "La dernière manche distribue {n} cartes, la plus grande distribution possible.",
    "tricks.schedule": "{n} {n:plural:manche|manches} : {deals} {last:plural:carte|cartes}.",
    # -- numwin : décompte et saisies (games/numwin_scoring) ------------------------------------
    "numwin.locked_removed": "paire verrouillée {a}+{b} supprimée : 0 point",
    "numwin.pair_removed": "paire {a}+{b} découverte en fin de manche et supprimée : 0 point",
    "numwin.same_value_all": "règle maison : toutes les cartes d'une valeur répétée sont supprimées ({cards})",
    "numwin.only_pairs": "seules les paires sont supprimées : sur trois cartes d'une valeur, une compte ; quatre font deux paires",
    "numwin.face_value": "{card} compte sa valeur faciale : {n}",
    "numwin.rainbow_after_pair": "{card} est la Rainbow restante après une paire : 0 point",
    "numwin.rainbow_lone": "{card} est une Rainbow seule : 0 point",
    "numwin.rainbow_every": "règle maison : toute Rainbow restante vaut 0, {card} aussi",
    "numwin.action_card": "carte action {card} : +{n}",
    "numwin.actions_no_pair": "les cartes action n'ont pas de valeur : elles ne forment jamais de paire",
    "numwin.claim_wrong": "{claimed} ({m}) n'a pas la valeur de la carte défaussée {discarded} ({n})",
    "numwin.memory_claim": "saisie mémoire : la paire se fait avec une carte d'un adversaire",
    "numwin.memory_take": "vous récupérez {discarded} et {claimed} dans votre combo ; vous pouvez annoncer Num Win",
    "numwin.joins_combo": "{discarded} rejoint le combo qui contient {claimed}, à côté d'elle",
    "numwin.revealed_locked": "les deux cartes sont révélées et restent visibles, verrouillées",
    "numwin.actions_cannot": "les cartes action ne peuvent plus affecter cette paire",
    "numwin.pair_scores_zero": "la paire est supprimée au décompte : 0 point",
    "numwin.memory_penalty": "rien ne change, les cartes restent en place ; piochez une carte de pénalité et posez-la sans la regarder dans votre combo",
    "numwin.own_penalty": "règle maison : piochez une carte de pénalité et posez-la sans la regarder dans votre combo",
    "numwin.own_miss": "rien ne change ; {claimed} est remise face cachée à sa place dans votre combo, non verrouillée ; pas de carte de pénalité",
    "numwin.q.reflex": "{claimed} peut-elle saisir la carte défaussée {discarded} ?",
    "numwin.q.memory": "{claimed} peut-elle saisir la carte défaussée {discarded} ? (extension mémoire)",
    "numwin.claim_valid": "{claimed} a la valeur de la carte défaussée {discarded} ({n}) : la saisie est valable",
    "numwin.outcome_valid": "{kind:select:reflex=réflexe valable|memory=saisie mémoire valable} : {claimed}+{discarded} forment une paire verrouillée",
    "numwin.outcome_penalty": "{kind:select:reflex=réflexe raté|memory=saisie mémoire ratée} : piochez une carte de pénalité",
    "numwin.outcome_nothing": "{kind:select:reflex=réflexe raté|memory=saisie mémoire ratée} : rien ne change",
    "numwin.q.score": "Score du combo final {combo}",
    # a seat without a name: « le joueur 2 » (the article contracts: « du joueur 2 »)
    "seat.n": "le joueur {n}",
    "error.seat.malformed": "{what:select:reveal=révélation mal formée|card=carte mal formée|move=coup mal formé|combo=combo mal formé|pile=pile mal formée} {token} : attendu {what:select:reveal=JOUEUR=CARTE|card=JOUEUR=CARTE|move=JOUEUR=CARTES ou JOUEUR=secure|combo=JOUEUR=CARTES|pile=JOUEUR=CARTE,CARTE…}, par ex. {example}",
    "error.seat.twice": "le joueur {name} est donné deux fois ({token})",
    "error.seat.unknown": "joueur inconnu {name} : les joueurs sont {players:list}{hint}",
    "error.rows.no_reveal": "aucune carte révélée : attendu des arguments NOM=CARTE, par ex. Ana=R7 Ben=SH3",
    "error.rows.missing": "{missing:list} {missing:plural:n'a|n'ont} pas révélé de carte : chaque joueur révèle une carte à chaque tour (ROWS-2.1) ; les joueurs sont {players:list}",
    "error.rows.captured": "la carte {card} {player:de} est déjà dans la pile récupérée {owner:de}",
    "error.tricks.no_card": "aucune carte posée : attendu des arguments NOM=CARTE dans l'ordre de jeu, par ex. Ana=RB12 Ben=SH3",
    "error.tricks.seats_unknown": "les places ne sont pas encore connues : donnez le premier pli en entier, dans l'ordre de jeu (par ex. Ana=RB12 Ben=SH3 Chloé=RB9)",
    "error.tricks.turn_lead": "c'est au tour {expected:de}, pas {name:de} : {expected} commence ce pli (TRICKS-8.6)",
    "error.tricks.turn_next": "c'est au tour {expected:de}, pas {name:de} : {expected} est le suivant dans l'ordre de jeu (TRICKS-8.1)",
    "error.tricks.twice": "la carte {card} est donnée deux fois : chaque carte n'existe qu'une fois dans le paquet (TRICKS-1.1)",
    "error.tricks.extra_off": "la carte {card} n'est pas en jeu à {n} joueurs : la famille supplémentaire est retirée (TRICKS-R19)",
    "error.tricks.extra_from_7": "la carte {card} n'est pas en jeu à {n} joueurs : elle n'est ajoutée qu'à partir de 7 joueurs (TRICKS-3.1)",
    "error.tricks.count": "{cards} {cards:plural:carte|cartes} pour {n} joueurs : un pli compte une carte par joueur (TRICKS-8.1)",
    "error.pl.chance_first": "{move} : il faut d'abord dire la carte retournée (la pioche de la table est en attente)",
    "error.pl.no_chance": "aucune carte n'est en train d'être retournée : dites d'abord le coup",
    "error.pl.card_expected": "attendu la carte retournée (un code comme R3), trouvé {found}",
    "error.pl.tornade_outcome": "la Tornade redistribue les séquences ouvertes : dites qui reçoit celle de qui, une chacun parmi {holders}",
    "error.pl.flip_outcome": "Flip montre la carte du dessus de chaque pioche qui a des cartes ({piles}) : dites une carte pour chacune, ? si elle n'est pas montrée",
    "error.pl.top_is": "la carte du dessus de la pioche {pile} est {top} (Flip l'a montrée), pas {card}",
    "error.pl.in_sequence": "{card} est déjà dans la séquence {player:de}",
    "error.pl.in_secured": "{card} est déjà dans une séquence verrouillée {player:de}",
    "error.pl.in_reserve": "{card} est déjà dans la réserve {player:de}",
    "error.pl.in_hand": "{card} vient d'être piochée par {player}",
    "error.pl.on_top": "{card} est sur le dessus de la pioche {pile} (Flip l'a montrée)",
    "error.pl.in_quantique": "{card} est déjà parmi les cartes retournées par Quantique",
    "error.pl.on_table": "{card} est déjà sur la table (une Shadow qui a arrêté une séquence)",
    "error.pl.in_discard": "{card} est déjà dans la défausse",
    "error.pl.not_in_deck": "{card} n'est pas dans le paquet {mode} de ce jeu",
    "live.pl.change": "{player}={move}",
    "live.pl.spoken_draw": "{player}=CARTE{pile}",
    "live.pl.q": "{moves}",
    "live.pl.ends": "{player} termine son tour ; la séquence ouverte reste ouverte",
    "live.pl.kept": "{player} garde {card} dans sa réserve",
    "live.pl.quantique_kept": "{player} garde {card} parmi les cartes de Quantique ; les autres sont défaussées",
    "live.pl.accepts": "{player} accepte le STOP",
    "live.pl.declares": "{player} déclare la fin de la manche : chacun des autres joueurs joue un dernier tour",
    "live.pl.validates": "{player} valide {objective} : {n:minus} {n:plural:point|points}",
    "live.pl.tornade_dealt": "les séquences ouvertes sont redistribuées : {seqs:list}",
    "live.pl.holds": "{player} {cards}",
    "live.pl.flip_seen": "{player} regarde les cartes du dessus ({cards}) puis pioche une carte de plus ou dit stop",
    "live.pl.quantique_cards": "Quantique retourne {cards} : {player} en garde une ou aucune",
    "live.pl.action_drawn": "{card} est une carte action : {player} l'active tout de suite ou la garde en réserve ; elle n'entre jamais dans la séquence",
    "live.pl.reserve_full": "la réserve {player:de} est pleine (2 cartes) : pour garder la nouvelle, il faut en jouer une",
    "live.pl.stop_waits": "{player} peut jouer un Joker de sa réserve ({player}=joker) ou accepter le STOP ({player}=accept)",
    "live.pl.owed.joker": "le Joker fait rejouer {player} immédiatement",
    "live.pl.does.force": "{player} joue {card} : {target} doit piocher {n} {n:plural:carte|cartes} de plus",
    "live.pl.does.passe": "{player} joue {card} : {target} passe son prochain tour",
    "live.pl.does.flip": "{player} joue {card} : {player} voit la carte du dessus de chaque pioche",
    "live.pl.does.swipe": "{player} joue {card} : {player} et {target} échangent leurs séquences ouvertes",
    "live.pl.does.eclair": "{player} joue {card} : la séquence ouverte de {target} est défaussée",
    "live.pl.does.tornade": "{player} joue {card} : les séquences ouvertes sont mélangées et redistribuées",
    "live.pl.does.quantique": "{player} joue {card} : trois cartes sont retournées, {player} en garde une ou aucune",
    "live.pl.does.infini": "{player} joue {card} : la prochaine carte STOP de ce tour est mise de côté",
    "live.pl.does.joker": "{player} joue {card} : le tour sauté est joué quand même",
    "live.pl.does.nothing": "{player} joue {card}, sans effet",
    "live.pl.last_action": "Quantique est la dernière action du tour {player:de}",
    "live.pl.validate_now": "la manche est finie : {player} valide ses objectifs ({player}=OBJECTIF, puis {player}=done)",
    "live.pl.skipped": "{player} passe ce tour (Passe Ton Tour) : verrouiller, jouer une carte de sa réserve ou finir le tour",
    "live.pl.total": "{player} {n}",
    "live.pl.round_over": "la manche {round} est finie ; totaux : {totals:list}",
    "live.pl.game_over": "la partie est terminée : {players:list} {n:plural:gagne|gagnent}",
    "live.pl.wait.draw": "quelle carte {player} retourne-t-il ?",
    "live.pl.wait.quantique": "quelles cartes Quantique retourne-t-elle pour {player} ?",
    "live.pl.wait.flip": "quelles cartes du dessus voit {player} (? si elles ne sont pas montrées) ?",
    "live.pl.wait.tornade": "qui reçoit quelle séquence (NOM=DE_QUI, une chacun) ?",
    "live.pl.must_draw": "{player} doit piocher {n} {n:plural:carte|cartes} de plus tout de suite : {why}",
    "live.pl.why.rainbow": "une Rainbow oblige à piocher la carte suivante",
    "live.pl.why.joker": "le Joker qui a annulé le STOP fait rejouer immédiatement",
    "live.pl.why.simple": "on lui a joué un Simple",
    "live.pl.why.double": "on lui a joué un Double",
    "live.pl.choose_action": "{player} a pioché {card} : l'activer ({player}=play) ou la garder ({player}=keep)",
    "live.pl.choose_quantique": "{player} garde une des cartes de Quantique ({player}=keep:CARTE) ou aucune ({player}=keep:none)",
    "live.pl.to_play": "à {player} de jouer",
    "live.pl.board": "{player} : séquence ouverte {cards} ; verrouillées cette manche : {n} ; réserve : {reserve}",
    "live.pl.piles": "Manche {round} ; pioches : A {a}, B {b}",
    "error.pl.history": "la position gardée ne se rejoue pas ({entry}) : recommencez avec un nouveau fichier d'état",
    "error.pl.players": "une partie de {game} en direct a besoin de ses joueurs dans l'ordre : --players Ana,Ben (ou une partie de la table)",
    "error.pl.over": "la partie est terminée ({winners:list} l'a emporté) : commencez-en une nouvelle",
    "error.pl.turn": "c'est à {player} de jouer, pas à {name}",
    "error.pl.not_now": "{player} ne peut pas faire cela maintenant ; possible : {moves:list}",
    "error.pl.owed": "{player} doit d'abord piocher encore : {why}",
    "error.pl.pile": "{typed} : la pioche est A ou B (par ex. Ana=R3@B)",
    "error.pl.tornade_typed": "la Tornade redistribue les séquences de {holders:list} : dites qui reçoit celle de qui, une chacun (Ana=Ben)",
    "error.seq.one_move": "un coup à la fois : NOM=CARTES (piochées) ou NOM=secure, par ex. Ana=R3",
    "error.seq.nothing_open": "{player} n'a pas de séquence ouverte à verrouiller",
    "error.seq.stopped": "la séquence {player:de} est stoppée : elle ne peut pas être verrouillée (un Joker de la réserve peut la sauver, sinon elle est perdue)",
    "error.prefix": "cardforge : erreur : {message}",
    "error.seq.draw_owed": "{said} : cette séquence finit sur {card}, qui impose une pioche de plus avant de verrouiller ({rule}) ; si les deux pioches étaient vides, écrivez {fix}",
    "error.seq.owed": "{player} doit d'abord piocher encore : après une Rainbow la carte suivante se pioche immédiatement, avant de verrouiller ({rule}) ; si les deux pioches sont vides, écrivez {player}=secure-empty",
    "error.numwin.missing": "pas de combo pour {missing:list} : le combo final de chaque joueur est compté",
    "error.state.other_game": "le fichier d'état {path} contient une partie de {held}, pas de {game} ; utilisez un autre fichier --state",
    "error.state.match_game": "la partie {match} est une partie de {held}, pas de {game} : choisissez-en une avec --match ou commencez-en une avec « cardforge table new {game} »",
    "error.mode": "mode inconnu {mode} : attendu classic ou discovery (classique, découverte)",
    "error.no_cards": "aucune carte donnée : attendu des codes de cartes comme R3 G5 RB7",
    "error.house.bool": "règle maison {key} : attendu true ou false, trouvé {raw}",
    "error.house.int": "règle maison {key} : attendu un nombre entier, trouvé {raw}",
    "error.house.pair": "règle maison {pair} : attendu CLÉ=VALEUR (clés : {keys})",
    "error.house.keys": " (clés : {keys})",
    "error.house.unknown": "règle maison inconnue {key}{hint}",
    "error.house.not_here": "la règle maison {key} ne s'applique pas à {where} (elle concerne : {used})",
    "error.house.none_here": "la règle maison {key} ne s'applique pas à {where} (cette commande n'en prend aucune)",
    "error.house.choice": "règle maison {key} : attendu l'une des valeurs {choices}, trouvé {raw}",
    # -- fichiers de réglages : cardforge config set / unset (issue 24) ----------------------
    "config.set": "{key} = {value} dans {path}",
    "config.unset": "{key} retiré de {path}",
    "config.unset_absent": "{path} ne règle pas {key} : rien à retirer",
    "error.config.key": "réglage inconnu {key}{hint}",
    "error.config.keys": " (réglages : {keys}, house.JEU.CLÉ)",
    "error.config.did_you_mean": " ; vouliez-vous dire {guess} ?",
    "error.config.house_key": "{key} : attendu house.JEU.CLÉ, par exemple house.rows.row_tie (jeux : {games})",
    "error.config.value": "{key} : attendu {expected}, trouvé {value}",
    "error.config.either": "{first} ou {second}",
    "error.config.text": "un texte",
    "error.config.not_a_file": "{path} n'est pas un fichier ordinaire : cardforge n'écrit ses réglages que dans un fichier",
    "error.simulate.games_max": "--games {games} dépasse {most}, le maximum d'une simulation (chaque partie reste en mémoire pour le rapport) ; lancez plutôt plusieurs graines",
    "error.simulate.turn_seconds": "--turn-seconds {value} : attendu un nombre de secondes supérieur à 0 et d'au plus {most}",
    # playing time: the cards drawn (issue 29)
    "error.simulate.draw_seconds": "--draw-seconds {value} : attendu un nombre de secondes de 0 à {most}",
    "error.simulate.option_flag": "l'option {key} n'est pas une option du moteur : utilisez {flag}",
    "error.simulate.option_house": "{key} est une règle maison, pas une option du moteur : utilisez --house {pair}",
    "error.simulate.option_unknown": "option {key} inconnue pour {game} : ses options sont {names}{hint}",
    "error.simulate.cluster": "--cluster {address} : pas une adresse de planificateur Dask ({why}) ; attendu par exemple tcp://hôte:8786",
    # -- simulate: the lab's verdicts, seating, records and cluster (issue 29) --------------------
    "error.simulate.combine": "{first} et {second} ne vont pas ensemble\u00a0: lancez-les l'un après l'autre",
    "error.simulate.seating": "--seating {value} : attendu l'un de {known}",
    "error.simulate.precision": "--precision {value} : attendu une demi-largeur supérieure à 0 et inférieure à 0,5 (p. ex. 0.01 pour ±1 point)",
    "error.simulate.players_range": "--players {value} : attendu un nombre de places ou un intervalle comme 2-6",
    "error.simulate.records_missing": "--records {path} : fichier introuvable ; créez-le avec « cardforge simulate JEU --records {path} »",
    "error.simulate.records_line": "{path}:{line} : pas un enregistrement de partie ({why}) ; attendu un objet JSON par ligne, comme les écrit --records",
    "error.simulate.replay_game": "--game {index} : {path} n'a pas de partie {index} ; ses parties vont de {first} à {last}",
    "error.simulate.replay_needs": "simulate replay demande --records FICHIER (écrit par « cardforge simulate JEU --records FICHIER ») et --game I",
    "error.simulate.cluster_lost": "le cluster Dask de {address} n'a plus aucun worker et aucun n'est revenu en {seconds} s : {done} parties jouées sur {total} ; démarrez des workers (dask worker {address}) et relancez",
    "error.simulate.cluster_version": "les workers Dask font tourner d'autres versions de cardforge que celle-ci ({mine}) : {theirs} ; installez cardforge {mine} sur chaque worker",
    "error.simulate.cluster_scheme": "--cluster {address} : protocole {scheme!r} inconnu ; attendu tcp://hôte:8786 ou tls://hôte:8786",
    "sim.p.below": "p < {limit:decimal}",
    "sim.p.equal": "p = {p:decimal}",
    "sim.verdict.first_player": "le premier joueur",
    "sim.verdict.seat_player": "le joueur de la place {seat}",
    "sim.verdict.advantaged": "avantagé",
    "sim.verdict.disadvantaged": "désavantagé",
    "sim.verdict.seat_unfair": "La place {seat} gagne {rate:decimal} % des parties pour une part équitable de {fair:decimal} % ({p}) : {who} est {direction} à {players} joueurs.",
    "sim.verdict.seat_fair": "Aucune place n'est mesurablement favorisée à {players} joueurs : les places gagnent de {low:decimal} à {high:decimal} % pour une part équitable de {fair:decimal} % ({p}, {games:grouped} parties).",
    "sim.verdict.bot_stronger": "{stronger} est plus fort que {weaker} : {bot} gagne {rate:decimal} % de ses parties-places et {other} {other_rate:decimal} % ; par partie, l'écart de {bot} est de {margin:decimal} points [{low:decimal} ; {high:decimal}] ({p}).",
    "sim.verdict.bot_equal": "{bot} et {other} ne se distinguent pas : {bot} gagne {rate:decimal} % de ses parties-places et {other} {other_rate:decimal} % ; par partie, l'écart est de {margin:decimal} points [{low:decimal} ; {high:decimal}] ({p}).",
    "sim.verdict.precision_reached": "Le taux de victoire de chaque place est connu à ±{precision:decimal} points : atteint après {games:grouped} parties (une suite de confiance à 95 % valable à tout instant, ±{half:decimal}).",
    "sim.verdict.precision_short": "±{precision:decimal} points non atteints : après {games:grouped} parties (le maximum permis par --games), la suite de confiance de la place la plus large est de ±{half:decimal} points.",
    "sim.verdict.compare_change": "Avec {label}, {measure} passe de {default:decimal} à {variant:decimal} : {diff:decimal}{unit} [{low:decimal} ; {high:decimal}], taille d'effet d = {d:decimal} ({q}, ajusté).",
    "sim.verdict.compare_rest": "Avec {label}, {n:plural:l'autre mesure ne change|les {n} autres mesures ne changent} pas de façon mesurable (taux de fausses découvertes de {fdr} % sur {tests} tests).",
    "sim.verdict.compare_none": "Avec {label}, aucune mesure ne change de façon mesurable ({n} {n:plural:mesure|mesures} ; taux de fausses découvertes de {fdr} % sur {tests} tests).",
    "sim.label.house": "{pair}",
    "sim.label.full": "le jeu complet",
    "sim.label.without": "le jeu sans {card}",
    "sim.label.swap": "{other} à la place de chaque {card}",
    "sim.verdict.rank": "Retirer {card} change le plus la partie par {measure}\u00a0: d = {d:decimal} ({q}).",
    "sim.unit.points": " points",
    "sim.measure.seat1": "le taux de victoire de la place 1",
    "sim.measure.tie": "le taux d'égalités",
    "sim.measure.score": "le score moyen",
    "sim.measure.turns": "le nombre de tours",
    "sim.measure.rounds": "le nombre de manches",
    "sim.heading.verdicts": "Verdicts",
    "sim.replay.header": "{game}, partie {index} (graine {seed}, {players} joueurs) : {bots}",
    "sim.replay.chance": "hasard : {outcome}",
    "sim.replay.move": "{n}. {player} : {move}",
    "sim.replay.result": "résultat : {winners:list} {count:plural:gagne|gagnent} ; scores {scores}",
    # bots: specs and their parameters (issue 29)
    "error.bots.param_syntax": "bot {spec} : paramètre {pair} : CLÉ=VALEUR attendu, par exemple ismcts:iterations=400",
    "error.bots.no_params": "le bot {name} ne prend aucun paramètre, pas {spec}",
    "error.bots.unknown_param": "bot {spec} : paramètre {key} inconnu : {name} prend {names}",
    "error.bots.wrong_game": "le bot {name} ne joue pas à {game} : il joue à {games}",
    "error.bots.number": "ismcts : {key}={value} : un nombre de {low} à {high} est attendu",
    "error.bots.choice": "ismcts : {key}={value} : attendu l’une des valeurs {choices}",
    "table.rounds_played": "{n} {n:plural:manche jouée|manches jouées}",
    "error.rows.row_malformed": "--row {option} mal formé : attendu COULEUR=CARTE,CARTE,… par ex. R=R0,R5,R9",
    "error.rows.row_unknown": "rangée inconnue {colour} dans --row {option} : les rangées sont {rows}{hint}",
    "error.rows.row_twice": "la rangée {colour} est donnée deux fois (--row {option})",
    "error.rows.row_empty": "--row {option} mal formé : une rangée compte de 1 à 4 cartes, par ex. {colour}={colour}0,{colour}5",
    "error.rows.no_pile": "aucune pile : attendu des arguments JOUEUR=CARTE,CARTE…, par ex. p1=R5,RB7 p2=SH3",
    "error.rows.variant": "variante inconnue {variant} : attendu {variants}",
    "error.rows.engine.deal_first": "la donne n'est pas finie : la main {seat:de} est distribuée d'abord (ROWS-1.4)",
    "error.rows.engine.no_deal": "aucune main n'est distribuée maintenant : la donne a lieu au début d'une manche (ROWS-1.4)",
    "error.rows.engine.hand_size": "la main {seat:de} a {n} {n:plural:carte|cartes} : chaque joueur en reçoit {size} (ROWS-1.4)",
    "error.rows.engine.hand_twice": "la carte {card} est deux fois dans la main {seat:de} : le paquet de Num Rangées n'a qu'un exemplaire de chaque carte",
    "error.rows.engine.in_row": "la carte {card} est déjà dans la rangée {row}",
    "error.rows.engine.in_pile": "la carte {card} est déjà dans la pile récupérée {owner:de}",
    "error.rows.engine.discarded": "la carte {card} a été défaussée par une explosion dans cette manche (ROWS-8.2)",
    "error.rows.engine.revealed": "la carte {card} est déjà révélée par {owner} dans cette révélation",
    "error.rows.engine.in_hand": "la carte {card} est dans la main {owner:de}",
    "error.rows.engine.over": "la partie est finie : plus aucune carte ne peut être jouée",
    "error.rows.engine.not_held": "{player} ne peut pas jouer {card} : elle n'est pas dans sa main ({hand})",
    "error.rows.twice": "la carte {card} est donnée deux fois : le paquet de Num Rangées n'a qu'un exemplaire de chaque carte",
    "error.scorecard.unreadable": "impossible de lire la feuille d'objectifs {path} : {why}",
    "error.scorecard.not_utf8": "la feuille d'objectifs {path} n'est pas du texte UTF-8 : attendu des objectifs comme paire couleur",
    "error.scorecard.json": "la feuille d'objectifs {path} n'est pas du JSON valide : {msg} (ligne {line})",
    "error.scorecard.shape": "feuille d'objectifs {path} : attendu une liste d'objectifs comme [\"pair\", \"flush\"], trouvé {found}",
    "error.scorecard.where": "feuille d'objectifs {path}",
    "error.objective.unknown": "{where} : objectif inconnu {typed}{hint}",
    "error.objective.ids": " (objectifs : {ids})",
    "error.collection.action": "{card} ne peut pas être dans une collection : une carte action n'entre jamais dans une séquence (COLLECTION-2.4)",
    "error.collection.shadow": "{card} ne peut pas être dans une collection : une Shadow stoppe la séquence et reste sur la table (COLLECTION-4.1)",
    "error.numwin.no_combo": "aucun combo donné : attendu des codes de cartes comme R7 RB3 SH0 flash",
    "error.numwin.no_combos": "aucun combo donné : attendu un combo par joueur, par ex. Ana=R7+G7,RB3 Ben=SH2,B9",
    "error.numwin.missing_card": "{option} CARTE manquant : attendu un code de carte comme R7",
    "error.numwin.locked": "--locked {token} : attendu deux cartes jointes par « + », par ex. R7+G7",
    "error.tricks.names": "chaque carte du pli demande le nom de son joueur, par ex. Ana=RB12 Ben=SH3",
    "error.tricks.empty_hand": "la main est vide : donnez les cartes tenues avec --hand \"RB3 SH12 flip\"",
    "error.tricks.numx": "Num-X dans le pli s'écrit telle que déclarée : « numx=17 » ou « numx=0 » (TRICKS-6.2)",
    "error.mode.no_actions": "la carte {card} ne se joue pas en mode {mode} de {game} (il n'a pas de cartes action) ; retirez-la ou utilisez --mode classique",
    "error.mode.no_card": "la carte {card} ne se joue pas en mode {mode} de {game} (il n'a pas cette carte) ; retirez-la ou utilisez --mode classique",
    "error.state.unknown_player": "{refused}, tels qu'assis dans le fichier d'état {path} (--state ou CARDFORGE_STATE) ; pour repartir de zéro avec d'autres joueurs, supprimez ce fichier ou choisissez-en un autre avec --state",
    "error.state.both": "--state et --table disent tous deux où garder la position : donnez l'un des deux",
    "error.state.match_needs_table": "--match demande --table",
    "error.state.unreadable": "impossible de lire le fichier d'état {path} : {why}",
    "error.state.not_utf8": "le fichier d'état {path} n'est pas du texte UTF-8 : attendu une position écrite par cardforge",
    "error.state.json": "le fichier d'état {path} n'est pas du JSON valide : {msg} (ligne {line})",
    "error.state.raced": "la position de la partie {match} a changé entre-temps (un autre appel de l'arbitre) ; relancez la commande",
    "error.position.game": "la position est une partie de {held}, pas de {game}",
    "error.position.version": "la version {found} du format de position n'est pas prise en charge (attendu {expected})",
    "error.position.malformed": "position de {game} mal formée : {why}",
    # -- issue 28 (web server): a page's URL and fields
    "error.web.no_match": "pas de partie {match} : le numéro de la partie est dans l'adresse de la page, par ex. /m/3",
    "error.web.number": "{what} {text} : attendu un nombre entier",
    "error.web.legal_tricks": "pas de pli en cours dans une partie de {game} : les cartes jouables se demandent dans une partie de tricks",
    "error.web.correct_empty": "rien de donné pour {player} : saisissez l'entrée corrigée (les cartes, ou ANNONCE/PLIS en tricks ; - pour aucune)",
    "error.position.no_game": "pas de position en cours pour le jeu {game} : attendu l'un de {games}",
    "error.position.not_one": "ce n'est pas une position : attendu un objet JSON avec une clé \"game\"",
    "error.card.copies": "la carte {card} est donnée {n} fois mais le paquet de {game} en a {have} {have:plural:exemplaire|exemplaires} ; nommez chaque carte physique une seule fois",
    "error.card.copies_round": "la carte {card} est donnée {n} fois dans cette manche mais le paquet de {game} en a {have} {have:plural:exemplaire|exemplaires} ; nommez chaque carte physique une seule fois",
    "error.state.shape": "le fichier d'état {path} n'est pas un état cardforge : attendu un objet JSON avec une position par jeu",
    "error.tricks.option_fixed": "{option} vaut {n} dans cette partie (fixé à son début), pas {given} : commencez une nouvelle partie avec un autre fichier --state",
    "error.tricks.illegal": "coup interdit {action} pour {player} en phase {phase:select:bid=d'annonce|play=de jeu|pass=d'échange|other={phase}} : sont permis {legal} (TRICKS-5.1, 5.2)",
    "error.table.player_round": "{player}, manche {n} : {why}",
    "live.tricks.q.round": "Manche {n}, {cards} {cards:plural:carte|cartes} chacun",
    "error.tricks.live_only": "{token} : annonces, mains et passes appartiennent à une partie gardée : donnez --state CHEMIN (ou CARDFORGE_STATE) ou --table",
    "live.tricks.round_line": "{players:list} : {bid} {bid:plural:annoncé|annoncés}, {won} {won:plural:fait|faits} → {n:minus} {n:plural:point|points} pour la manche",
    "live.tricks.round_line_bonus": "{players:list} : {bid} {bid:plural:annoncé|annoncés}, {won} {won:plural:fait|faits} → {points:minus} {points:plural:point|points} + {bonus} de bonus de série = {n:minus} pour la manche",
    "live.tricks.totals": "Totaux : {counts:list}",
    "live.tricks.bid": "{player} annonce {n}",
    "live.tricks.round_end": "{summary} Fin de la manche {n} : chaque joueur est compté.",
    "live.tricks.game_won": "Fin de la partie : {players:list} {count:plural:gagne|gagnent} avec {n:minus} {n:plural:point|points}",
    "live.tricks.next_bid": "Manche {round}, {n} {n:plural:carte|cartes} chacun : au tour {player:de} d'annoncer (par ex. {player}=bid=1)",
    "live.tricks.next_pass": "Manche {round} : {player} met 2 cartes de côté pour son partenaire (par ex. {player}=pass=RB3,SH5)",
    "live.tricks.next_deal": "Manche {round}, {n} {n:plural:carte|cartes} chacun : la donne",
    "error.tricks.mixed": "{token} : donnez chaque carte avec son joueur (Ana=RB12 Ben=SH3) ou aucune (RB12 SH3), pas les deux",
    "error.tricks.over": "la partie est finie : il ne reste aucun coup à jouer",
    "error.tricks.hand_late": "la main {player:de} ne se donne que pendant la donne, avant les annonces",
    "error.tricks.phase_bid": "{token} : la manche commence par les annonces : au tour {player:de} d'annoncer (par ex. {player}=bid=1, TRICKS-4.1)",
    "error.tricks.phase_play": "{token} : les annonces sont faites : au tour {player:de} de poser une carte (par ex. {player}=RB12)",
    "error.tricks.phase_pass": "{token} : les partenaires mettent d'abord 2 cartes de côté : au tour {player:de} (par ex. {player}=pass=RB3,SH5, TRICKS-11.3)",
    "error.tricks.bid_number": "{token} : une annonce est un nombre entier de plis, par ex. Ana=bid=1",
    "error.tricks.count_fixed": "cette partie compte {n} joueurs (fixé à son début), pas {given} : commencez une nouvelle partie avec un autre fichier --state",
    "error.tricks.names_count": "{n} joueurs à cette table (fixé au début de la partie), mais {count} {count:plural:nommé|nommés} : {names:list}",
    "error.tricks.cards_min": "il faut au moins 1 carte (les cartes distribuées à chaque joueur dans la manche), pas {cards}",
    "error.tricks.bid_range": "l'annonce {bid} est impossible avec {cards} {cards:plural:carte|cartes} : les annonces vont de 0 à {cards} (TRICKS-R3)",
    "error.tricks.won_range": "plis faits {won} : impossible avec {cards} {cards:plural:carte|cartes}, attendu de 0 à {cards}",
    "error.tricks.streak_min": "la série {streak} doit valoir 0 ou plus (annonces exactes d'affilée avant cette manche)",
    "error.tricks.team_players": "la variante en équipes se joue à 4, 6 ou 8 joueurs, pas {n} (TRICKS-R13)",
    "error.tricks.players": "tricks se joue de {low} à {high} joueurs, pas {n} (TRICKS-R13)",
    "error.tricks.team_rounds": "la variante en équipes compte au moins 1 manche (5 par défaut, TRICKS-11.6), pas {rounds}",
    "error.tricks.start_cards": "start_cards va de 1 à {largest} à {players} joueurs, pas {given} (TRICKS-R1)",
    "error.tricks.rounds": "rounds va de 1 à {most} à {players} joueurs en commençant à {start} {start:plural:carte|cartes}, pas {given} (TRICKS-R1)",
    "error.tricks.team_deck": "la variante en équipes distribue {cards} cartes à chacun : {players} joueurs demandent {need} cartes, le paquet en a {deck} (TRICKS-R13, R19)",
    "error.tricks.trick_long": "{n} cartes déjà dans le pli : à {players} joueurs au plus, {most} au plus sont posées avant vous (TRICKS-8.1, R13)",
    "error.tricks.in_hand": "{card} est déjà dans la main {player:de}",
    "error.tricks.in_passing": "{card} est déjà mise de côté par {player} pour son partenaire",
    "error.tricks.in_trick": "{card} est déjà dans le pli en cours",
    "error.tricks.played_in": "{card} a été jouée au pli {n} de cette manche",
    "error.tricks.not_in_hand": "{card} n'est pas dans la main {player:de}",
    "error.tricks.not_in_deck": "la carte {card} n'est pas dans le paquet de cette partie",
    "error.tricks.no_deal": "aucune main n'est distribuée maintenant : c'est {player:à} de jouer",
    "error.tricks.deal_awaited": "la manche est en cours de distribution : la main {player:de} d'abord (ses cartes, ou ? si la table ne la montre pas)",
    "error.tricks.deal_size": "{player} reçoit {n} {n:plural:carte|cartes} dans cette manche, pas {given}",
    "error.tricks.numx_undeclared": "Num-X se déclare en la jouant : tapez numx=17 ou numx=0 (TRICKS-6.2)",
    "error.tricks.numx_value": "{card} : Num-X se déclare 0 ou 17, tapez numx=17 ou numx=0 (TRICKS-6.2)",
    "error.numwin.seat_count": "{n} {n:plural:combo|combos} pour {players:list} : un combo par joueur, dans l'ordre des places (ou par nom, Ana=…)",
    # reading a file the user named (cardforge.userfile)
    "file.not_found": "fichier introuvable",
    "file.permission": "permission refusée (le fichier n'est pas lisible)",
    "file.cannot_read": "lecture impossible : {why}",
    "file.not_regular": "c'est {kind}, pas un fichier ordinaire",
    "file.not_a_folder": "c'est {kind}, pas un fichier",
    "file.too_large": "trop gros ({size} ; au plus {limit})",
    "file.too_large_grew": "trop gros (plus de {limit})",
    "file.kind.folder": "un dossier",
    "file.kind.fifo": "un tube (FIFO)",
    "file.kind.device": "un périphérique",
    "file.kind.socket": "une socket",
    "file.kind.special": "un fichier spécial",
    "file.size.bytes": "{n} {n:plural:octet|octets}",
    "file.size.KiB": "{size:decimal} Kio",
    "file.size.MiB": "{size:decimal} Mio",
    "file.size.GiB": "{size:decimal} Gio",
    "file.json.value": "valeur attendue",
    "file.json.comma": "virgule attendue",
    "file.json.colon": "deux-points attendu",
    "file.json.key": "nom de clé entre guillemets droits attendu",
    "file.json.extra": "données en trop après la fin",
    "file.json.unterminated": "chaîne de caractères non fermée",
    "file.json.control": "caractère de contrôle interdit dans une chaîne",
    "file.json.escape": "séquence d'échappement \\ invalide",
    # the score sheet (cardforge table …)
    "table.syntax.rows": "NOM=CARTE,CARTE,… (les cartes récupérées par chaque joueur)",
    "table.syntax.tricks": "NOM=ANNONCE/PLIS (l'annonce, puis les plis faits)",
    "table.syntax.numwin": "NOM=CARTE,CARTE,… (le combo final ; une paire bloquée s'écrit CARTE+CARTE)",
    "table.syntax.sequence": "NOM=CARTE,CARTE,… (une séquence verrouillée ; répétez NOM pour chacune)",
    "table.syntax.collection": "NOM=OBJECTIF:CARTE,CARTE,… (un objectif validé ; répétez NOM pour chacun ; NOM=- pour aucun)",
    "error.table.objectives_are": " (objectifs : {ids})",
    "error.table.objective": "{token} : attendu OBJECTIF:CARTE,CARTE,… avec un objectif connu{hint}",
    "error.table.objective_cards": "{token} : donnez les cartes qui réalisent l'objectif : {player}={objective}:CARTE,CARTE,…",
    "error.table.export_kind": "choisissez --pdf ou --csv",
    "error.table.objective_twice": "{token} : {objective} est donné deux fois pour {player} dans cette manche",
    "error.table.nothing_and_objective": "{token} : {player} a à la fois « - » (aucun objectif validé) et un objectif dans cette manche",
    "error.table.card_shared": "{token} : {cards} sert déjà un autre objectif dans cette manche ; chaque carte ne sert qu'un objectif (COLLECTION-R17)",
    "error.table.objective_frozen": "{player} a déjà validé {objective} à la manche {round} : un objectif validé l'est pour toute la partie (COLLECTION-6.5)",
    "error.table.locked_pair": "{token} : {part} — une paire bloquée, c'est deux cartes, CARTE+CARTE",
    "error.table.combo_size": "{token} : un combo final a au moins {needed} cartes, {given} {given:plural:donnée|données} (un joueur qui n'a pas 5 cartes pioche pour compléter, NUMWIN-6.3)",
    "error.table.stopped": "{token} : cette séquence a fait STOP ({reason} sur {card}) et ne rapporte rien ; retirez-la",
    # -- issue 28 (web server): bounds on what a page may store
    "error.table.too_long": "{option} {start} fait {n} caractères : au plus {most} sont gardés ; raccourcissez-le",
    "error.table.no_round": "pas de manche {seq} sur la feuille de la partie {match} (retirée entre-temps ?) : rechargez la feuille",
    "error.table.unknown_game": "jeu inconnu {game} : les jeux sont {games}",
    "error.table.bid_won": "{token} : attendu ANNONCE/PLIS, deux nombres entiers, par ex. {player}=2/1",
    "error.table.tricks_sum": "la manche {n} compte {cards} {cards:plural:pli|plis} ({cards} {cards:plural:carte|cartes} chacun) mais les plis faits font {won}{void:select:0=|other= plus {void} sans gagnant} ; indiquez --void N pour les plis que personne n'a gagnés (Flash) ({rule})",
    "table.why": "{parts:semi}{tie:select:True= (égalité : la victoire est partagée)|other=}",
    "table.why.rows_play_on": "{names:list} ont chacun {n} manches gagnées : la partie continue jusqu'à ce qu'un seul joueur mène",
    "table.why.rows_won": "{player} a gagné {n} manches",
    "table.why.scorecard_complete": "{names:list} {names:plural:a|ont} rempli la feuille d'objectifs",
    "table.why.mode_limit": "{played}, la limite du mode {mode}",
    "table.why.most_objectives": "le plus d'objectifs validés, les points ne servant qu'à départager une égalité",
    "table.why.most_points": "le plus de points",
    "table.why.most_cards_secured": "le plus de cartes verrouillées",
    "table.why.highest_total": "le plus grand total",
    "table.why.lowest_total": "le plus petit total",
    "table.why.everyone_dealt": "chaque joueur a distribué une fois",
    "table.next.round": "manche {n}",
    "table.next.round_of": "manche {n} sur {limit}",
    "table.next.rows": "manche {n} (le premier à {target} manches gagnées l'emporte)",
    "table.next.numwin": "manche {n} sur {limit} : {dealer} distribue",
    "table.next.tricks": "manche {n} sur {limit} : {cards} {cards:plural:carte|cartes} chacun",
    "table.status.head": "Partie {match} · {game}",
    "table.status.over": "{head} · terminée : {names:list} {names:plural:gagne|gagnent} ({reason}){rules}",
    "table.status.next": "{head} · à suivre : {next}",
    "table.title": "{game} — partie {match}",
    "table.column.round": "Manche",
    "table.column.total": "Total",
    "table.started": "partie commencée : {status}",
    "table.recorded": "manche {n} enregistrée",
    "table.took_back": "manche {n} reprise ({typed})",
    "table.resumed": "partie {match} reprise",
    "table.list.title": "Feuilles de score",
    "table.list.columns": "|partie|jeu|joueurs|manches|commencée le|état",
    "table.list.won_by": "gagnée par {names:list}",
    "table.list.in_progress": "en cours",
    "table.list.none": "aucune partie pour l'instant : commencez-en une avec 'cardforge table new JEU --players \"Ana,Ben\"'",
    "table.wrote": "écrit : {path}",
    "error.table.over": "la partie {match} est terminée ({reason}) ; reprenez sa dernière manche avec 'cardforge table undo' ou commencez-en une avec 'cardforge table new'",
    "error.table.no_results": "aucun résultat donné : attendu {syntax} pour chaque joueur, par ex. {example}",
    "error.table.token": "{token} : attendu {syntax}, par ex. {example}",
    "error.table.twice": "{token} : {player} est donné deux fois dans cette manche",
    "error.table.where": "{token} : ",
    "error.table.not_player": "{where}{name} ne joue pas dans cette partie{hint}",
    "error.table.did_you_mean": " ; vouliez-vous dire {guess} ?",
    "error.table.players_are": " (joueurs : {names:list})",
    "error.table.missing": "aucun résultat pour {names:list} : attendu {syntax} pour chaque joueur",
    "error.table.player_count": "{game} se joue de {low} à {high} joueurs, pas {n} ({shown})",
    # -- the live framework (cardforge.live.match) ---------------------------------------------
    "error.live.option": "option inconnue {option} pour une partie de {game} : options possibles {options}",
    "error.live.replay": "{where} : l'entrée {entry} ne peut pas être rejouée : {why}",
    "error.live.move_id": "identifiant de coup {move_id} : 1 à 64 lettres, chiffres ou . _ : - attendus",
    "error.live.version": "la version {version} est inconnue : la partie est à la version {now}",
    "error.live.stale": "la table a avancé depuis la version {version} (maintenant {now}) ; entre-temps : {changes:semi} ; rejouez votre coup sur la nouvelle position",
    "live.change.deal": "des mains ont été distribuées",
    "live.change.entered": "{entry} a été saisi",
    "error.live.nothing_to_undo": "rien à annuler : aucun coup joué dans cette partie de {game}",
    "error.live.options_changed": "cette partie de {game} a commencé avec d'autres règles maison ou options, que les coups joués gardent : annulez tous les coups ou commencez une nouvelle partie",
    "error.live.players": "{game} se joue de {low} à {high} joueurs, pas {n}",
    "error.live.rows.dealt": "la main {player:de} n'est pas celle qu'on distribue : les mains sont distribuées une fois par manche, dans l'ordre des places (ROWS-1.4)",
    "live.rows.q.deal": "Les mains de la manche sont distribuées.",
    "live.rows.dealt": "mains distribuées pour la manche {round}",
    "live.rows.change": "révélation {plays}",
    "live.rows.match_won": "{player} a seul {n} manches gagnées : {player} gagne la partie.",
    "live.rows.match_over": "{summary}. {player} gagne la partie",
    "error.schema.bad": "{key} : valeur attendue : {expected} ; trouvée : {found}",
    "error.schema.missing": "{key} manque",
    "schema.list": "une liste", "schema.object": "un objet", "schema.at_most": "au plus {n} éléments",
    "schema.text": "un texte de 1 à {n} caractères", "schema.key": "l'une des clés {keys}",
    "schema.one_of": "l'une des valeurs {values}", "schema.names": "des noms de joueurs distincts sans « = »",
    "schema.bool": "true ou false", "schema.int": "un nombre entier de 0 à 1000",
    "schema.str": "un texte d'au plus 100 caractères",
    "schema.move": "[une version de {low} à {high}, un identifiant de coup ou null]",
    "schema.moves_cover": "des coups couvrant les {n} entrées de l'historique",
    "error.state.bad": "fichier d'état {path} : {problem}",
    "error.state.depth": "le fichier d'état {path} est imbriqué sur plus de {n} niveaux : ce n'est pas un état cardforge",
    "error.state.format1": "le fichier d'état {path} contient une position de {name} au format 1, écrite avant que les coups soient gardés : elle ne peut pas être rejouée ; retirez son entrée {game} ou prenez un nouveau fichier --state pour recommencer",
    "error.state.format": "fichier d'état {path} : le format {found} n'est pas pris en charge (2 attendu)",
    "error.state.locked": "le fichier d'état {path} ne peut pas être verrouillé : {why}",
    "error.position.format1": "une position de {game} au format 1, écrite avant que les coups soient gardés, ne peut pas être rejouée : recommencez la partie",
    "error.rows.row_kept": "--row donne les rangées pour une décision ponctuelle : avec --state ou --table les rangées viennent des coups joués (annulez un coup pour le corriger)",
    "error.numwin.over": "la partie est finie : elle a {n} {n:plural:manche|manches}, une par donneur (NUMWIN-8.1) ; annulez la dernière manche pour la corriger",
    # -- numwin engine at a table (issue 25, h25): the cards taken from the deck
    "error.numwin.engine.no_chance": "aucune carte n’est à prendre dans la pioche maintenant (NUMWIN-2.1)",
    "error.numwin.engine.unknown": "nommez la carte prise dans la pioche (R7, flash…)\u00a0: le moteur de Num Win suit chaque carte",
    "error.numwin.engine.none_left": "il ne reste aucune carte {card} dans la pioche\u00a0: chaque exemplaire est déjà sorti ({places:list})",
    "numwin.engine.place.combo": "dans le combo {owner:de}",
    "numwin.engine.place.discard": "sur la défausse",
    "numwin.engine.place.held": "dans la main {owner:de}",
    "live.numwin.game_won": "Après {rounds} {rounds:plural:manche|manches}, une par donneur, {players:list} {players:plural:a|ont} le plus petit total, {n}, et {players:plural:gagne|gagnent} la partie.",
    "live.numwin.game_over": "{summary}. Fin de la partie : {players:list} {players:plural:gagne|gagnent}",
    "live.numwin.change": "manche {combos}",
    # -- live numwin followed card by card (issue 25, h25: cardforge.live.numwin_play)
    "error.live.numwin.needs_players": "nommez d’abord les joueurs, dans l’ordre des places\u00a0: --players Ana,Ben,Chloé",
    "error.live.numwin.no_move": "rien à jouer\u00a0: attendu un coup (Ana=draw) ou la carte prise dans la pioche (deal R7)",
    "error.live.numwin.bad_move": "coup de Num Win inconnu {token}\u00a0: attendu l’un de {words}, par ex. Ana=draw, Ana=swap:2, Ben=claim:1, Ana=flash>Ben:3",
    "error.live.numwin.card_first": "la carte prise dans la pioche vient d’abord\u00a0: tapez-la, par ex. deal R7",
    "error.live.numwin.not_turn": "{player} ne peut pas jouer maintenant\u00a0: c’est à {expected} de {phase}",
    "error.live.numwin.illegal": "{player} ne peut pas jouer {move} maintenant\u00a0: les coups permis sont {allowed:list}",
    "live.numwin.phase.draw": "piocher ou prendre la carte du dessus de la défausse",
    "live.numwin.phase.place": "placer la carte piochée",
    "live.numwin.phase.reflex": "passer ou réclamer la carte du dessus de la défausse",
    "live.numwin.phase.announce": "annoncer NUM WIN ou continuer",
    "live.numwin.phase.chance": "attendre la carte de la pioche",
    "live.numwin.phase.over": "s’arrêter : la partie est finie",
    "live.numwin.q.move": "Num Win, tel que joué\u00a0: {moves}",
    "live.numwin.played": "{player}\u00a0: {move}",
    # -- live numwin: each move in words, for the rulings and the page's buttons (issue 28, h28)
    "live.numwin.move.draw": "piocher",
    "live.numwin.move.take": "prendre la défausse",
    "live.numwin.move.discard": "la défausser",
    "live.numwin.move.add": "l’ajouter au combo",
    "live.numwin.move.swap": "échanger avec la carte {n}",
    "live.numwin.move.pass": "passer",
    "live.numwin.move.claim": "réflexe avec la carte {n}",
    "live.numwin.move.claim_of": "réflexe avec la carte {t} {player:de}",
    "live.numwin.move.numwin": "NUM WIN",
    "live.numwin.move.continue": "continuer",
    "live.numwin.move.flip": "retourner la carte {n}",
    "live.numwin.move.swipe": "Swipe de la carte {n} contre la carte {t} {player:de}",
    "live.numwin.move.quantum": "Quantum sur la carte {t} {player:de}",
    "live.numwin.move.flash": "Flash sur la carte {t} {player:de}",
    "live.numwin.dealt": "{n} {n:plural:carte prise|cartes prises} dans la pioche",
    "live.numwin.then": "{parts:list}",
    "live.numwin.now": "Manche {round}/{rounds}\u00a0: à {player} de {phase}",
    "live.numwin.now_deal": "Manche {round}/{rounds}\u00a0: distribuez encore {n} {n:plural:carte|cartes} de la pioche, une à une, à {seats} (deal CARTE …)",
    "live.numwin.now_card": "Manche {round}/{rounds}\u00a0: la prochaine carte de la pioche est attendue (deal CARTE)",
    "live.numwin.now_over": "La partie est finie après {rounds} {rounds:plural:manche|manches}",
    "live.numwin.game_won_agreed": "Après {rounds} {rounds:plural:manche convenue|manches convenues}, {players:list} {players:plural:a|ont} le plus petit total, {n}, et {players:plural:gagne|gagnent} la partie.",
    "error.live.undo_needs_state": "rien n'est gardé, rien à annuler : donnez --state CHEMIN ou --table",
    "error.live.no_undo": "{game} n'a pas encore d'annulation dans l'arbitre : corrigez le fichier d'état à la main ou recommencez",
    "live.undo.q": "Reprendre le dernier coup.",
    "live.undo.done": "repris : {entries:semi} ; la partie est à la version {version}",
    # -- cardforge play: a session at the table (issue 25, h25: cardforge/cli/play.py)
    "play.welcome": "{game} à table pour {players:list}\u00a0: tapez chaque coup (par ex. {example})\u202f; «\u202f?\u202f» pour les règles de la dernière étape, score, annuler, aide, quitter.",
    "play.help": "Une ligne est un coup tel que «\u202fcardforge referee {game}\u202f» le lit (docs/notation.md), ou\u00a0: «\u202f?\u202f» (les règles de la dernière étape), score ou classement, annuler (reprendre le dernier coup), quitter (la partie reste dans --state ou --table).",
    "play.no_step": "aucune étape à expliquer pour l’instant\u00a0: jouez d’abord un coup",
    "play.standings": "Classement\u00a0: {scores:list}",
    "play.to_play": "À jouer\u00a0: {player}",
    "play.winners": "La partie est finie\u00a0: {players:list} {players:plural:gagne|gagnent}",
    "error.play.game": "jeu inconnu {game}\u00a0: attendu l’un de {games}",
    "error.play.players": "--players {players}\u00a0: attendu au moins deux noms distincts dans l’ordre des places, sans «\u202f=\u202f», par ex. --players Ana,Ben,Chloé",
    # deck listings: decks, deck show, box (cli/decks.py)
    "decks.title": "paquets cardforge",
    "decks.col.game": "jeu",
    "decks.col.title": "titre",
    "decks.col.cards": "cartes",
    "decks.col.numbered": "numérotées",
    "decks.col.actions": "actions",
    "decks.col.players": "joueurs",
    "decks.col.modes": "modes / variantes",
    "decks.optional": " (+{n} {n:plural:optionnelle|optionnelles})",
    "deck.title": "{title} — {n} {n:plural:carte|cartes}",
    "deck.col.card": "carte",
    "deck.col.name": "nom",
    "deck.col.values": "valeurs / effet",
    "deck.col.count": "nombre",
    "deck.from_players": " (à partir de {n} joueurs)",
    "deck.modes": " (modes : {modes})",
    "box.title": "Boîte pour {games} — {n} {n:plural:carte|cartes}",
    "box.col.cards": "cartes",
    "box.col.copies": "exemplaires",
    "box.col.used_by": "utilisées par",
    "house.title": "Règles maison (--house CLÉ=VALEUR)",
    "house.col.game": "jeu",
    "house.col.key": "clé",
    "house.col.values": "valeurs",
    "house.col.default": "par défaut",
    "house.col.ruling": "décision",
    # click's own command-line errors (cli/click_messages.py)
    "click.no_such_option": "option inconnue : {name}{hint}",
    "click.did_you_mean": " ; vouliez-vous dire {guess} ?",
    "click.possible": " (options possibles : {names})",
    "click.no_such_command": "commande inconnue : {name}",
    "click.missing_argument": "argument manquant : {name}",
    "click.missing_option": "option manquante : {name}",
    "click.extra": "argument(s) en trop : {args}",
    "click.needs_value": "l'option {name} attend une valeur",
    "click.needs_values": "l'option {name} attend {n} valeurs",
    "click.invalid": "valeur invalide pour {name} : {why}",
    "click.not_int": "{value} n'est pas un nombre entier",
    "click.not_float": "{value} n'est pas un nombre",
    "click.not_bool": "{value} n'est ni vrai ni faux (true/false)",
    "click.not_one_of": "{value} n'est pas l'une des valeurs {choices}",
    "help.example": "Exemple : {command}",
    "error.see_help": "{message} (voir « {command} --help »)",
    "error.needs_command": "« {command} » attend une commande ou des arguments : l'une de celles listées ci-dessus (voir « {command} --help »)",
    "error.either": "{first} ou {second}",
    "error.deck.mode": "mode inconnu {mode} pour {game} (modes possibles : {modes})",
    "error.deck.modes_none": "aucun",
    "error.deck.players": "{game} se joue de {low} à {high} joueurs, pas {n}",
    "error.validate.format": "format inconnu {fmt} : attendu {formats}",
    "error.output.no_folder": "impossible d'écrire {path}\xa0: le dossier {folder} n'existe pas\u202f; créez-le d'abord (mkdir -p {mkdir})",
    "error.render.paper": "papier inconnu {paper} : attendu {papers}",
    "error.render.missing_game": "JEU manquant\xa0: donnez un jeu (collection, sequence, tricks, rows, numwin), 'box' ou --calibrate",
    "error.render.profile": "--profile {profile} vaut pour --format pod, pas pour {formats}",
    "error.rulebook.game": "jeu inconnu {value} : attendu {allowed} ou all{hint}",
    "error.rulebook.language": "langue inconnue {value} : attendu {allowed} ou all{hint}",
    "error.rulebook.book": "livre inconnu {value} : attendu {allowed} ou all{hint}",
    "error.rulebook.paper": "format de papier inconnu {paper} : attendu {papers}",
    "error.simulate.jobs": "--jobs doit valoir au moins 1, pas {jobs}",
    "error.simulate.compare_deck": "--compare compare des règles maison et --ablate/--swap des paquets\xa0: utilisez-les l'un après l'autre",
    "error.table.missing_players": '--players manquant\xa0: donnez les joueurs dans l\'ordre des places, par exemple --players "Ana,Ben,Chloé" (ou réglez players dans cardforge.toml, voir «\u202fcardforge config\u202f»)',
    "error.table.not_displayed": "{done} (enregistré dans la feuille de score), mais l'affichage a échoué ({why})\u202f; ne le saisissez pas une seconde fois\xa0: voir «\u202fcardforge table show\u202f»",
    "error.table.saved": "enregistré",
    "error.lang.unknown": "langue inconnue {lang} : attendu {langs}",
    "error.option.empty_path": "le chemin est vide : attendu un nom de fichier ou de dossier, par exemple output/ ou scores.sqlite3",
    "error.option.at_least": "{value} est inférieur à {low} : attendu un nombre entier à partir de {low}",
    "error.config.toml": "{path} : fichier TOML invalide ({why}) ; corrigez-le ou supprimez-le",
    "error.config.unreadable": "{path} : impossible de lire le fichier de réglages ({why})",
    "error.config.house_tables": "{path} : house : attendu des tables [house.JEU] de CLÉ = VALEUR",
    "error.config.file_key": "{path} : clé inconnue {key}{hint}",
    "error.config.file_keys": " (clés : {keys})",
    "error.config.file_text": "{where} : {key} : attendu un texte, trouvé {raw}",
    "error.config.file_choice": "{where} : {key} : attendu {choices}, trouvé {raw}",
    "error.render.format": "format inconnu {fmt} : attendu {formats} ou all",
    "error.rulebook.unknown_game": "jeu inconnu {game} : les jeux sont {games}{hint}",
    "error.rulebook.unknown_book": "livre inconnu {kind} : attendu {kinds}",
    "error.simulate.players_min": "--players doit valoir au moins 1, pas {n}",
    "error.simulate.games_min": "--games doit valoir au moins 1, pas {n}",
    "error.simulate.no_bots": "--bots demande au moins un nom de bot",
    "error.simulate.bots_seats": "{bots} bots pour {players} places : au plus un bot par place",
    "error.simulate.option_pair": "option {pair} : attendu CLÉ=VALEUR",
    "error.simulate.compare_house": "--compare {key} compare toutes les valeurs de {key} : ne la fixez pas aussi avec --house",
    "error.simulate.compare_values": "la règle maison {key} n'a pas de liste de valeurs à comparer",
    "error.simulate.deck_edit": "--ablate et --swap modifient le paquet : ne donnez pas aussi --option deck_edit=…",
    "error.simulate.swap": "--swap {pair} : attendu CARTE=AUTRE, par exemple --swap flip=swipe",
    "error.simulate.replay_move": "partie {index}, coup {step}\xa0: le moteur ne joue pas {words} à cet endroit\u202f; les enregistrements viennent d'une autre version de cardforge ou ont été modifiés",
    "error.simulate.replay_scores": "partie {index} : rejouée, elle donne {scores}, pas {recorded} comme enregistré",
    "error.simulate.no_dask": "--cluster demande Dask distributed\xa0: pip install 'cardforge[cluster]'",
    "error.simulate.unreachable": "impossible de joindre l'ordonnanceur Dask à {address}\xa0: {why}",
    "error.bots.game": "jeu inconnu {game} : les jeux sont {games}",
    "error.bots.unknown": "bot inconnu {name} pour {game}\xa0: attendu l'un de {names}",
    "error.render.back_offset": "--back-offset {text} invalide : attendu X,Y en millimètres, par exemple 0.5,-1",
    "error.render.back_offset_far": "--back-offset {text} dépasse 20 mm : attendu le petit décalage lu sur la page de calibrage",
    "error.render.gutter": "--gutter {gutter} invalide : attendu de 0 à 20 mm",
    "error.render.no_fit": "une carte de {width}×{height} mm ne tient pas sur {paper} avec un espacement de {gutter} mm et des traits de coupe à {margin} mm du bord",
    "error.table.not_utf8": "{option} {value} n'est pas du texte UTF-8\xa0: attendu un texte tapé dans un terminal UTF-8, par exemple Chloé",
    "error.table.empty_name": "--players {text} : un nom est vide ; attendu des noms séparés par des virgules",
    "error.table.name_char": "le nom de joueur {name} contient {char} : à la table, les noms se tapent NOM=…",
    "error.table.same_name": "--players {text} : {first} et {second} sont le même nom",
    "error.table.nothing_to_undo": "rien à annuler dans la partie {match} : aucune manche enregistrée",
    "error.table.undo_raced": "la partie {match} a changé pendant l'annulation\u202f; relancez «\u202fcardforge table undo\u202f»",
    "error.table.no_engine": "le moteur de {game} n'est pas disponible dans ce cardforge ({module})",
    "error.table.no_house": "{game} n'a pas de règles maison\u202f; retirez --house {pair}",
    "error.table.mode": "mode inconnu {mode} pour {game} (modes possibles : {modes})",
    "error.table.variant": "variante inconnue {variant} pour {game} (variantes possibles : {variants})",
    "error.table.variants_none": "aucune",
    "error.table.start_cards": "--start-cards ne vaut pas pour {game} : seul tricks distribue progressivement",
    "error.table.rounds_fixed": "--rounds ne vaut pas pour {game} : les règles fixent la fin de la partie",
    "error.table.round_limit": "cette partie de {game} compte {limit} manches ; la manche {n} est de trop",
    "error.table.rounds_min": "--rounds {rounds} : attendu au moins 1 manche",
    "error.table.db_folder": "--db {path} est un dossier\xa0: attendu le chemin d'un fichier de base de données",
    "error.table.db_create": "impossible de créer la base de la feuille de score {path} : {why}",
    "error.table.db_foreign": "--db {path} n'est pas une base de feuille de score de cardforge ({held})\xa0: choisissez un autre fichier, par exemple scores.sqlite3",
    "error.table.db_tables": "elle contient les tables {tables}",
    "error.table.db_app_id": "son identifiant d'application est {app_id}",
    "error.table.db_newer": "la base de feuille de score {path} a la version de schéma {version}, plus récente que celle que ce cardforge comprend ({known}) ; mettez cardforge à jour",
    "error.table.no_event": "aucun événement {seq} dans {path}",
    "error.table.no_current": 'aucune partie dans {path}\xa0: commencez-en une avec «\u202fcardforge table new JEU --players "Ana,Ben,Chloé"\u202f»',
    "error.table.current_bad": "base de feuille de score {path} : le réglage current_match vaut {value}, pas un numéro de partie (modifié à la main ?) ; choisissez la partie avec « cardforge table resume ID »",
    "error.table.no_match": "aucune partie {match} dans {path} : voir « cardforge table list »",
    "error.table.damaged": "base de feuille de score {path}\xa0: l'événement {seq} ({kind}) est illisible\xa0: {why} (modifié à la main\u202f?)\u202f; rien n'a été changé",
    "error.web.no_card": "aucune carte donnée : touchez une carte (ou tapez son code) pour le joueur qui la joue",
    "error.web.no_referee": "pas d'arbitre pour {game}\xa0: les jeux sont {games}",
    "error.web.no_live": "{game} n'a pas de table en direct\xa0: saisissez chaque manche sur la feuille de score",
    "error.web.over_correct": "la partie {match} est terminée : annulez sa dernière manche pour la corriger",
    "error.web.over": "la partie {match} est terminée : annulez sa dernière manche sur la feuille de score pour continuer",
    "error.web.nothing_to_undo": "rien à annuler sur la table en direct de la partie {match} : aucun coup joué",
    "error.web.raced": "la table de la partie {match} a changé entre-temps (un autre téléphone) : la page montre la nouvelle position ; rejouez votre coup",
    "error.web.reflex_cards": "donnez la carte défaussée et la carte qui la réclame, par exemple R7 et G7",
    "error.web.combos": "donnez le combo final de chaque joueur, en les séparant par ';', par exemple R1 G2 B3 Y4 R5 ; SH1 G6 B7 Y8 R9",
    "error.web.no_question": "pas de question d'arbitrage {key} pour {game}",
    "error.web.unknown_card": "carte inconnue {code} pour {game}",
    "error.serve.port": "--port {port} : attendu un numéro de port de 1 à 65535",
    "error.serve.listen": "impossible d'écouter sur {host}:{port}\xa0: {why}\u202f; {hint}",
    "error.serve.other_port": "essayez un autre --port",
    "error.serve.host": "attendu --host 127.0.0.1, 0.0.0.0 ou une adresse de cet ordinateur",
    "error.new.name": "nom de paquet invalide {name}\xa0: utilisez des minuscules et des chiffres, en commençant par une lettre (par exemple 'mygame')",
    "error.new.not_empty": "{folder} existe déjà et n'est pas vide\xa0: choisissez un nouveau dossier",
    "error.decks.env": "CARDFORGE_DECKS={chosen} : le dossier {what} ; attendu un dossier de fichiers de paquets (base.yaml et un fichier YAML par jeu), ou retirez ce réglage pour utiliser les paquets fournis",
    "error.decks.env_not_folder": "n'est pas un dossier",
    "error.decks.env_missing": "n'existe pas",
    "error.watch.package": "« cardforge watch » demande le paquet watchfiles : pip install watchfiles",
    "error.table.why.deep": "son contenu est imbriqué trop profondément",
    "error.table.why.not_json": "son contenu n'est pas du JSON",
    "error.table.why.shape": "son contenu n'a pas la bonne forme",
    "error.table.why.shape_of": "son contenu n'a pas la bonne forme ({why})",
    "error.table.why.creation": "une partie doit commencer par sa création",
    "error.table.why.kind": "type d'événement inconnu {kind} dans le journal de la feuille de score",
    "error.table.why.payload": "son contenu est {found}, pas un objet",
    "error.table.why.field": "champ inattendu {field} (un événement {kind} contient {fields})",
    "error.table.why.missing": "le champ {field} manque",
    "error.table.why.not_list": "le champ {field} n'est pas une liste",
    "error.output.blocked": "impossible de créer {what} {path} : {blocker} est un fichier, pas un dossier ; choisissez un autre chemin",
    "error.output.create": "impossible de créer {what} {path} : {why}",
    "error.output.not_writable": "{what} {path} n'est pas accessible en écriture",
    "error.output.loop": "impossible {what:de} {path}\xa0: c'est une boucle de liens symboliques",
    "error.output.cannot": "impossible {what:de} {path} : {why}",
    "error.output.folder": "impossible {what:de} {path}\xa0: c'est un dossier\u202f; attendu un nom de fichier, par exemple {example}",
    "error.output.special": "impossible {what:de} {path}\xa0: c'est {kind}, pas un fichier ordinaire\u202f; choisissez un nom de fichier",
    "error.output.write_in": "impossible d'écrire dans {folder}\xa0: {why}",
    "error.output.write": "impossible d'écrire {path}\xa0: {why}",
    "error.output.full": "le disque est plein",
    "error.output.what.output_folder": "le dossier de sortie",
    "error.output.what.config_folder": "le dossier des réglages",
    "error.output.what.database_folder": "le dossier de la base de données",
    "error.output.what.write": "écrire",
    "error.output.what.use_db": "utiliser la base de feuille de score",
    "error.table.not_objective": "{player} : {cards} ne font pas {name} ({objective}){would}",
    "error.table.no_cards": "aucune carte",
    "error.table.would_be": " ; ses cartes seraient {cards}",
    "error.table.combo": "{cards} : {why}",
    "error.db.where": "la base de feuille de score {path}",
    "error.db.unreadable": "impossible d'utiliser {where}\xa0: elle n'est pas lisible (permission refusée)\u202f; rien n'a été changé\u202f; donnez-vous les droits de lecture et d'écriture (chmod u+rw), ou utilisez un autre fichier avec --db",
    "error.db.broken": "impossible d'utiliser {where}\xa0: {what}\u202f; rien n'a été changé\u202f; restaurez-en une copie, ou utilisez un autre fichier avec --db",
    "error.db.not_sqlite": "ce n'est pas une base SQLite",
    "error.db.damaged": "elle est endommagée ({why})",
    "error.db.full": "impossible d'écrire dans {where}\xa0: le disque est plein\u202f; rien n'a été enregistré (libérez de la place et réessayez)",
    "error.db.read_only": "impossible d'écrire dans {where}\xa0: elle est en lecture seule{which}\u202f; rien n'a été enregistré\u202f; rendez-la accessible en écriture, ou copiez-la et utilisez --db",
    "error.db.not_writable": " ({files:comma} non accessibles en écriture)",
    "error.db.its_folder": "son dossier {folder}",
    "error.db.locked": "impossible d'utiliser {where}\xa0: un autre programme la garde verrouillée\u202f; rien n'a été changé\u202f; réessayez",
    "error.db.other": "impossible d'utiliser {where}\xa0: {why}\u202f; rien n'a été changé",
    "error.render.profile_unknown": "profil inconnu {name}\xa0: attendu l'un de {profiles}{hint}",
    "error.render.png_size": "{width}×{height} px dépasse la carte {game:de} avec fond perdu ({full_width}×{full_height} px à {dpi} DPI)",
    "help.usage": "Utilisation : ",
    "out.wrote": "écrit : {path}",
    "out.wrote_files": "{n} {n:plural:fichier image ou de données écrit|fichiers image ou de données écrits} dans {folders}",
    "out.new_wrote": "{n} {n:plural:fichier écrit|fichiers écrits} dans {folder}",
    "out.new_next": "ensuite : cardforge validate {deck}  ·  cardforge render {deck} --format sheets,png,tts  ·  cardforge rulebook {deck}",
    "out.up_to_date": "{name} : à jour",
    "out.target_wrote": "{name} : {n} {n:plural:fichier écrit|fichiers écrits} dans {folders}",
    "out.rendering": "rendu de {deck} ({formats})",
    "out.built": "construit en {seconds:decimal} s : {files} {files:plural:fichier écrit|fichiers écrits} ({targets} {targets:plural:cible|cibles}), {faces} {faces:plural:face distincte|faces distinctes} ({rasterised} {rasterised:plural:rastérisée|rastérisées}, {reused} {reused:plural:reprise|reprises} du cache des faces), {skipped} {skipped:plural:fichier sauté|fichiers sautés} ({up_to_date} {up_to_date:plural:cible à jour|cibles à jour}) dans {folder}",
    "out.simulated": "{games} {games:plural:partie|parties}{every} en {seconds:decimal} s ; rapport dans {report}",
    "out.simulated_runs": " ({runs} exécutions)",
    "out.no_plots": "cardforge\xa0: remarque\xa0: sans matplotlib, le rapport n'a ni figures ni PDF\xa0: pip install 'cardforge[plots]' pour les obtenir",
    "out.sim_interrupted": "cardforge\xa0: interrompu\xa0: le rapport couvre les parties jouées jusqu'ici",
    "out.watch.removed": "le dossier de sortie {folder} a été supprimé pendant la reconstruction : nouvelle construction",
    "out.watch.rebuilt": "reconstruit {targets} : {n} {n:plural:fichier|fichiers} en {seconds:decimal} s ({faces} {faces:plural:face rastérisée|faces rastérisées})",
    "out.watch.up_to_date": "à jour ({seconds:decimal} s)",
    "out.watch.waiting": "en attente du retour de {paths}",
    "out.watch.watching": "surveillance de {paths} (Ctrl-C pour arrêter)",
    "out.watch.changed": "modifié : {names}",
    "out.watch.deleted": "(fichiers supprimés)",
    "out.cannot_build": "construction impossible :{where} {why}",
    "error.interrupted": "cardforge : interrompu",
}

#: ``--help`` texts in French (``cli/helptext.py``): each paragraph of a command's help or an
#: option's help, keyed by its English text with the spaces collapsed.  An English text missing
#: here shows in English; ``tests/test_cli_help.py`` measures how much is covered.
HELP = {
    # the commands
    "Print-ready card sheets, rulebooks and a table referee for the Num card family.":
        "Planches de cartes prêtes à imprimer, livrets de règles et arbitre de table pour la famille de jeux Num.",
    "List the decks: card counts and player counts.": "Liste les paquets : nombre de cartes et de joueurs.",
    "Validate deck and layout files like a linter: every problem of every file, one finding a line on stdout (file:line:col: severity: key: message), including what render would refuse (text fit, fonts, icons, images); exit 1 if any error, 2 for a usage error.":
        "Vérifie les fichiers de paquet et de mise en page comme un linter : chaque problème de chaque fichier, un par ligne sur la sortie standard (fichier:ligne:colonne: gravité: clé: message), y compris ce que render refuserait (texte qui déborde, polices, icônes, images) ; code 1 s'il y a une erreur, 2 pour une erreur d'usage.",
    "Write the deck (or layout) JSON Schema (for `# yaml-language-server: $schema=…`).":
        "Écrit le schéma JSON des paquets (ou des mises en page), pour `# yaml-language-server: $schema=…`.",
    "The smallest set of physical cards that plays every chosen game.":
        "Le plus petit ensemble de cartes physiques qui permet de jouer à tous les jeux choisis.",
    "Create a deck folder: deck YAML (with its $schema), a layout extending the default, a sample picture, rules text and a CSV of cards — ready for validate, render and rulebook.":
        "Crée un dossier de paquet : le YAML du paquet (avec son $schema), une mise en page qui étend celle par défaut, une image d'exemple, le texte des règles et un CSV des cartes — prêt pour validate, render et rulebook.",
    # -- issue 26 (h26model): decks of free cards --
    "A deck of any game: cards as rows of any fields in cards.csv (no Num families).":
        "Un paquet de n’importe quel jeu : des cartes en lignes de champs libres dans cards.csv (sans les familles Num).",
    "Render a deck (or the box) to home sheets, print-on-demand files, PNGs or TTS sheets.":
        "Dessine un paquet (ou la boîte) en planches à imprimer chez soi, fichiers pour imprimeurs, PNG ou planches TTS.",
    "Build every output (card sheets, rulebooks, score sheets, reference files) into output/.":
        "Construit toutes les sorties (planches, livrets, feuilles de score, fichiers de référence) dans output/.",
    "Only what changed since the last build is rebuilt (decks, layouts, images, fonts, templates, rule catalogues and cardforge itself are compared by content).":
        "Seul ce qui a changé depuis la dernière construction est refait (paquets, mises en page, images, polices, gabarits, catalogues de règles et cardforge lui-même sont comparés par contenu).",
    "Rebuild the cards of a deck each time its files change (Ctrl-C to stop).":
        "Reconstruit les cartes d'un paquet à chaque modification de ses fichiers (Ctrl-C pour arrêter).",
    "Build the player's rulebook, the quick reference and the comprehensive rules of each game.":
        "Construit le livret du joueur, l'aide-mémoire et les règles complètes de chaque jeu.",
    "Serve the live table, the referee and the score sheets as a phone-sized web page.":
        "Sert la table en direct, l'arbitre et les feuilles de score sur une page web au format téléphone.",
    "Play many games with bots and report balance with confidence intervals (HTML, PDF, JSON).":
        "Joue de nombreuses parties avec des robots et rend compte de l'équilibre avec des intervalles de confiance (HTML, PDF, JSON).",
    "List the house rules --house KEY=VALUE takes: each key, its values, its default and ruling.":
        "Liste les règles maison que prend --house CLÉ=VALEUR : chaque clé, ses valeurs, sa valeur par défaut et sa décision.",
    "Show each setting, its value and where it comes from: default, user file, project file, env (CARDFORGE_LANG, CARDFORGE_PAPER, CARDFORGE_DB, CARDFORGE_PLAYERS) or flag.":
        "Affiche chaque réglage, sa valeur et d'où elle vient : défaut, fichier utilisateur, fichier du projet, variable d'environnement (CARDFORGE_LANG, CARDFORGE_PAPER, CARDFORGE_DB, CARDFORGE_PLAYERS) ou option.",
    "Look at one deck.": "Examine un paquet.",
    "Show a deck's composition: families with their values, action cards with counts.":
        "Affiche la composition d'un paquet : les familles et leurs valeurs, les cartes action et leur nombre.",
    "Settle rulings at the table: each answer explains its steps and cites the rules applied.":
        "Tranche les litiges à la table : chaque réponse explique ses étapes et cite les règles appliquées.",
    "Num Collection: objectives of a collection, the best set to validate, STOP checks.":
        "Num Collection : objectifs d'une collection, meilleur ensemble à valider, contrôles de STOP.",
    "Every objective this collection achieves, each at its best-scoring choice of cards.":
        "Chaque objectif que réalise cette collection, chacun avec le choix de cartes qui rapporte le plus.",
    "Does this sequence STOP (Shadow, colour, value)? Discovery mode has no Joker.":
        "Cette séquence fait-elle STOP (Shadow, couleur, valeur) ? Le mode Découverte n'a pas de Joker.",
    "Play a player's sequence card by card (collection): each call draws onto it or secures it, checked at once (STOP, draws owed after a Rainbow). With --state or --table the sequences are kept between calls.":
        "Joue la séquence d'un joueur carte par carte (collection) : chaque appel y pioche ou la verrouille, vérifié aussitôt (STOP, pioches dues après une Rainbow). Avec --state ou --table, les séquences sont gardées d'un appel à l'autre.",
    "Num Séquence: STOP conditions and the score of secured sequences.":
        "Num Séquence : conditions de STOP et score des séquences verrouillées.",
    "Does this sequence STOP (Shadow, colour, value), and what does it score if secured now?":
        "Cette séquence fait-elle STOP (Shadow, couleur, valeur), et que rapporte-t-elle si elle est verrouillée maintenant ?",
    "A player's round total from their secured sequences.":
        "Le total de manche d'un joueur d'après ses séquences verrouillées.",
    "Play a player's sequence card by card (sequence): each call draws onto it or secures it, checked at once (STOP, draws owed after a Rainbow). With --state or --table the sequences are kept between calls.":
        "Joue la séquence d'un joueur carte par carte (séquence) : chaque appel y pioche ou la verrouille, vérifié aussitôt (STOP, pioches dues après une Rainbow). Avec --state ou --table, les séquences sont gardées d'un appel à l'autre.",
    "Num Plis: who wins a trick, which cards may be played, how many points a round earns.":
        "Num Plis : qui remporte un pli, quelles cartes peuvent être jouées, combien de points rapporte une manche.",
    "Who wins a trick, with the annulations and action cards applied in order.":
        "Qui remporte un pli, annulations et cartes action appliquées dans l'ordre.",
    "With --state or --table the round goes on trick by trick: cards may be laid a few at a time (Ana=RB12, then Ben=SH3 …), the trick is settled when every seat has laid, and the winner must lead the next one.":
        "Avec --state ou --table, la manche se poursuit pli par pli : les cartes peuvent être posées quelques-unes à la fois (Ana=RB12, puis Ben=SH3 …), le pli est tranché quand chacun a posé, et le gagnant doit entamer le suivant.",
    "Which cards of a hand may be played now.": "Quelles cartes d'une main peuvent être jouées maintenant.",
    "A round's points for one player, and the streak bonus with --streak.":
        "Les points d'une manche pour un joueur, et le bonus de série avec --streak.",
    "How many rounds a game has and how many cards each deals.":
        "Combien de manches compte une partie et combien de cartes chacune distribue.",
    "Num Rangées: place a simultaneous reveal, score captured piles.":
        "Num Rangées : place une révélation simultanée, compte les piles récupérées.",
    "Place a simultaneous reveal on the rows: where each card goes, who takes what, and why.":
        "Place une révélation simultanée sur les rangées : où va chaque carte, qui prend quoi, et pourquoi.",
    "With --state or --table the rows are kept between calls, so the next reveal needs only the cards: cardforge referee rows play --state partie.json Ana=R7 Ben=SH3 Chloé=RB9.":
        "Avec --state ou --table, les rangées sont gardées d'un appel à l'autre : la révélation suivante ne demande que les cartes : cardforge referee rows play --state partie.json Ana=R7 Ben=SH3 Chloé=RB9.",
    "Points of a pile of captured cards (Shadows count negative).":
        "Points d'une pile de cartes récupérées (les Shadow comptent en négatif).",
    "Score every player's captured pile at the end of a round and name the round's winner(s).":
        "Compte la pile récupérée de chaque joueur en fin de manche et nomme le ou les gagnants de la manche.",
    "Num Win: score final combos, check reflex and memory claims (lowest total wins).":
        "Num Win : compte les combinaisons finales, vérifie les annonces réflexe et mémoire (le plus petit total gagne).",
    "Score one final combo: face values, pairs removed, lone Rainbow 0, action cards +5.":
        "Compte un combo final : valeurs faciales, paires retirées, Rainbow seule à 0, cartes action +5.",
    "Is a reflex claim with one of your own cards valid, and what happens?":
        "Une annonce réflexe avec l'une de vos cartes est-elle valable, et que se passe-t-il ?",
    "Memory extension: is a claim with an opponent's card valid, or does it cost a penalty card?":
        "Extension Mémoire : une annonce avec la carte d'un adversaire est-elle valable, ou coûte-t-elle une carte de pénalité ?",
    "Score every player's final combo of a round and name the lowest.":
        "Compte le combo final de chaque joueur d'une manche et nomme le plus petit total.",
    "With --state or --table the totals carry over from round to round (by name).":
        "Avec --state ou --table, les totaux se reportent d'une manche à l'autre (par nom).",
    "Keep a match's score sheet: new, round, show, undo, list, resume, export.":
        "Tient la feuille de score d'une partie : new, round, show, undo, list, resume, export.",
    "Start a match and make it the current one; it remembers its language and house rules (with those of 'cardforge config' for the game).":
        "Commence une partie et en fait la partie en cours ; elle retient sa langue et ses règles maison (avec celles de « cardforge config » pour ce jeu).",
    "Record one round; the game's engine computes the points.":
        "Enregistre une manche ; le moteur du jeu calcule les points.",
    "Print the standings of the current match (in its language unless --lang says another).":
        "Affiche le classement de la partie en cours (dans sa langue, sauf si --lang en demande une autre).",
    "Take back the last round recorded.": "Annule la dernière manche enregistrée.",
    "List the matches in the database.": "Liste les parties de la base.",
    "Make a match the current one again.": "Refait d'une partie la partie en cours.",
    "Export the current match's sheet as a PDF score pad or CSV.":
        "Exporte la feuille de la partie en cours en bloc de score PDF ou en CSV.",
    # the main options
    "Print exactly one JSON object.": "Affiche exactement un objet JSON.",
    "Print one JSON object.": "Affiche un objet JSON.",
    "Language of the output: fr or en (default: 'cardforge config', else the locale).":
        "Langue de la sortie : fr ou en (par défaut : « cardforge config », sinon la locale).",
    "Language of names: fr or en (default: 'cardforge config', else the locale).":
        "Langue des noms : fr ou en (par défaut : « cardforge config », sinon la locale).",
    "Language of the card texts: fr or en (default: 'cardforge config', else the locale).":
        "Langue des textes des cartes : fr ou en (par défaut : « cardforge config », sinon la locale).",
    "House rule switch, repeatable ('cardforge house' lists the keys and values; default: those 'cardforge config' gives the game).":
        "Règle maison, répétable (« cardforge house » liste les clés et les valeurs ; par défaut : celles que « cardforge config » donne au jeu).",
    "Score-sheet database (default: CARDFORGE_DB or database in 'cardforge config', else in your user data folder).":
        "Base des feuilles de score (par défaut : CARDFORGE_DB ou database dans « cardforge config », sinon dans votre dossier de données).",
    "classic or discovery (French: classique, découverte).": "classic ou discovery (en français : classique, découverte).",
    "Keep the position in this JSON file between calls.": "Garde la position dans ce fichier JSON d'un appel à l'autre.",
    "Keep the position in the table store's current match.": "Garde la position dans la partie en cours de la table.",
    "Table database, with --table.": "Base de la table, avec --table.",
    "Match ID, with --table (default: the current match).": "Numéro de partie, avec --table (par défaut : la partie en cours).",
    "Act on this match instead of the current one.": "Agit sur cette partie au lieu de la partie en cours.",
    "Output folder (default: output/).": "Dossier de sortie (par défaut : output/).",
    "Output folder (default: output/cards).": "Dossier de sortie (par défaut : output/cards).",
    "Worker processes (default: one per core).": "Processus de travail (par défaut : un par cœur).",
    "Worker processes (default: every core).": "Processus de travail (par défaut : tous les cœurs).",
    "Print nothing but errors.": "N'affiche que les erreurs.",
    "Show the version and exit.": "Affiche la version et s'arrête.",
    "Language of this help and of the commands after it.":
        "Langue de cette aide et des commandes qui suivent.",
    "Say on stderr which settings are in effect and where each comes from.":
        "Dit sur la sortie d'erreur quels réglages s'appliquent et d'où chacun vient.",
    "Home sheet paper: a4 or letter (default: 'cardforge config', else a4).":
        "Papier des planches maison : a4 ou letter (par défaut : « cardforge config », sinon a4).",
    "sheets, pod, png, tts or all (comma-separated; default sheets).":
        "sheets, pod, png, tts ou all (séparés par des virgules ; par défaut sheets).",
    "Deck or layout files to check.": "Fichiers de paquet ou de mise en page à vérifier.",
    "text (file:line:col: severity: message), json, github or sarif.":
        "text (fichier:ligne:colonne: gravité: message), json, github ou sarif.",
    "The same as --format json.": "Comme --format json.",
    "Game: collection, sequence, tricks, rows or numwin.": "Jeu : collection, sequence, tricks, rows ou numwin.",
    "collection, sequence, tricks, rows or numwin.": "collection, sequence, tricks, rows ou numwin.",
    "Seats at the table.": "Places à la table.",
    "Score-sheet database, the same as 'cardforge table' (default: in your user data folder).":
        "Base des feuilles de score, la même que « cardforge table » (par défaut : dans votre dossier de données).",
    "Address to listen on; 0.0.0.0 lets phones on the LAN join (with a join code).":
        "Adresse d'écoute ; 0.0.0.0 laisse les téléphones du réseau local rejoindre (avec un code).",
    "Port to listen on.": "Port d'écoute.",
    "Games to play.": "Parties à jouer.",
    # options and commands translated in session 6 (issue 24: French all the way)
    "Also write each player's book imposed for saddle-stitch printing (<game>-<lang>-booklet.pdf: two A5 pages per A4 landscape side, printer's order, duplex).":
        "Écrit aussi chaque livret du joueur imposé pour une reliure à cheval (<jeu>-<langue>-booklet.pdf\xa0: deux pages A5 par face A4 à l'italienne, dans l'ordre de l'imprimeur, recto verso).",
    "With --booklet: shift the back sides by X,Y mm (read off the cards' --calibrate page).":
        'Avec --booklet\xa0: décale les versos de X,Y mm (lus sur la page --calibrate des cartes).',
    'Set a default in the user file (or the project file): it sticks for every later command.':
        "Règle une valeur par défaut dans le fichier de l'utilisateur (ou celui du projet)\xa0: elle vaut pour toutes les commandes suivantes.",
    'Remove a default from the user file (or the project file).':
        "Retire une valeur par défaut du fichier de l'utilisateur (ou de celui du projet).",
    'lang, paper, database, players or house.GAME.KEY.':
        'lang, paper, database, players ou house.JEU.CLÉ.',
    "The value, checked as the file's reader checks it.":
        'La valeur, vérifiée comme à la lecture du fichier.',
    'Write to the project file (cardforge.toml here or above, else a new one here) instead of the user file.':
        "Écrit dans le fichier du projet (cardforge.toml ici ou plus haut, sinon un nouveau ici) au lieu du fichier de l'utilisateur.",
    'Show this message and exit.':
        'Affiche cette aide et quitte.',
    'A client move id: the same id sent again is applied once (safe retries).':
        "Un identifiant de coup choisi par le client : le même identifiant renvoyé n'est appliqué qu'une fois (nouvel essai sans risque).",
    "A game (rows, tricks, …) or 'box' for the whole family.":
        'Un jeu (rows, tricks, …) ou « box » pour toute la famille.',
    "A game of Num Plis move by move: bids, hands dealt, passes, cards laid, every house rule applied; kept between calls with --state or --table (the same as 'trick' then), else the moves given make one game.":
        "Une partie de Num Plis coup par coup : annonces, mains distribuées, passes, cartes posées, avec chaque règle maison ; gardée d'un appel à l'autre avec --state ou --table (c'est alors la même chose que « trick »), sinon les coups donnés forment une partie.",
    'A game of collection move by move, as the table plays it: whose turn it is, every action card, STOPs, rounds and the winner. With --state or --table the game is kept between calls.':
        "Une partie de Num Collection coup par coup, comme la table la joue : à qui le tour, chaque carte action, les STOP, les manches et le vainqueur. Avec --state ou --table, la partie est gardée d'un appel à l'autre.",
    'A game of sequence move by move, as the table plays it: whose turn it is, every action card, STOPs, rounds and the winner. With --state or --table the game is kept between calls.':
        "Une partie de Num Séquence coup par coup, comme la table la joue : à qui le tour, chaque carte action, les STOP, les manches et le vainqueur. Avec --state ou --table, la partie est gardée d'un appel à l'autre.",
    'A name for the match (printed on the sheet).':
        'Un nom pour la partie (imprimé sur la feuille de score).',
    'A pair locked by a reflex, e.g. R7+G7 (repeatable).':
        'Une paire verrouillée par un réflexe, par exemple R7+G7 (option répétable).',
    "A row's cards (B R Y G) as the table shows them; the others are kept (from the last reveal, or their 0).":
        "Les cartes d'une rangée (B R Y G) telles que la table les montre ; les autres sont gardées (depuis la dernière révélation, ou leur 0).",
    'Also choose the best set of objectives to validate together.':
        "Choisit aussi le meilleur ensemble d'objectifs à valider ensemble.",
    'Bots dealt to the seats in turn, e.g. strategy,random.':
        'Les bots attribués aux places à tour de rôle, par exemple strategy,random.',
    'Cards already in the trick, e.g. "RB10 SH4".':
        'Les cartes déjà dans le pli, par exemple « RB10 SH4 ».',
    'Cards dealt in round 1.':
        'Cartes distribuées à la manche 1.',
    'Cards dealt to each player this round.':
        'Cartes distribuées à chaque joueur à cette manche.',
    'Cards in your hand, e.g. "RB3 SH12 flip".':
        'Les cartes de votre main, par exemple « RB3 SH12 flip ».',
    # -- simulate: help of the lab's options (issue 29) --
    "collection, sequence, tricks, rows or numwin; or 'replay' (with --records and --game) to print a recorded game.":
        'collection, sequence, tricks, rows ou numwin\u202f; ou «\u202freplay\u202f» (avec --records et --game) pour afficher une partie enregistrée.',
    'Seats at the table, or a range (2-6): one report per count and a sweep figure.':
        'Places à la table, ou un intervalle (2-6)\xa0: un rapport par nombre de joueurs et une figure de balayage.',
    'Games to play (default 1000; with --precision, the most to play, default 100000).':
        'Parties à jouer (1000 par défaut\u202f; avec --precision, le maximum à jouer, 100000 par défaut).',
    'Compare the deck without every copy of CARD (repeatable, or CARD,CARD…) with the full deck, on the same seeds.':
        'Compare le jeu privé de tous les exemplaires de CARTE (option répétable, ou CARTE,CARTE…) avec le jeu complet, sur les mêmes graines.',
    'Compare the deck with OTHER in place of every CARD with the full deck: the same deals, card for card (repeatable).':
        'Compare le jeu où AUTRE remplace chaque CARTE avec le jeu complet\xa0: les mêmes donnes, carte pour carte (option répétable).',
    'rotate (each bot in each seat in turn), random (shuffled per game) or duplicate (each deal replayed once per rotation of the seats).':
        'rotate (chaque bot à chaque place à tour de rôle), random (placement tiré à chaque partie) ou duplicate (chaque donne rejouée une fois par rotation des places).',
    "Play until every seat's win rate is known to ±H (0.01: ±1 point), with an anytime-valid confidence sequence.":
        "Joue jusqu'à connaître le taux de victoire de chaque place à ±H près (0.01\xa0: ±1\xa0point), avec une suite de confiance valable à tout instant.",
    "Write one JSON line per game (seeds, seats, bots, moves, chance, result); with 'replay', the file to read.":
        'Écrit une ligne JSON par partie (graines, places, bots, coups, hasard, résultat)\u202f; avec «\u202freplay\u202f», le fichier à lire.',
    'Play game I of this simulation alone and print it move by move (a game that never ends too).':
        "Joue seule la partie I de cette simulation et l'affiche coup par coup (même une partie qui ne finit pas).",
    "With 'replay': the game of --records to print.":
        'Avec «\u202freplay\u202f»\xa0: la partie de --records à afficher.',
    'Compare every value of this house rule with the default.':
        'Compare chaque valeur de cette règle maison avec la règle normale.',
    'Composition for this many players.':
        'La composition pour ce nombre de joueurs.',
    'Composition for this mode.':
        'La composition pour ce mode.',
    'Dask scheduler address (tcp://host:8786); needs the extra cardforge\\[cluster].':
        "Adresse de l'ordonnanceur Dask (tcp://hôte:8786) ; demande l'extra cardforge\\[cluster].",
    'Decks to watch (default: every deck).':
        'Les paquets à surveiller (sans cette option : tous).',
    "Each player's captured pile, e.g. p1=R5,RB7 p2=SH3.":
        'La pile de cartes prises de chaque joueur, par exemple p1=R5,RB7 p2=SH3.',
    'Engine option KEY=VALUE, e.g. mode=discovery (repeatable).':
        'Option du moteur CLÉ=VALEUR, par exemple mode=discovery (option répétable).',
    'Exact bids in a row before this round.':
        "Annonces exactes d'affilée avant cette manche.",
    'Figure formats, comma-separated: png, svg, pdf (report.pdf), or none.':
        'Formats des figures, séparés par des virgules : png, svg, pdf (report.pdf), ou none.',
    'File of objectives already validated (ids or French/English names).':
        'Fichier des objectifs déjà validés (identifiants ou noms français ou anglais).',
    "Game slug (collection, sequence, tricks, rows, numwin), 'all', or a deck file of your own.":
        'Le jeu (collection, sequence, tricks, rows, numwin), « all », ou un fichier de paquet à vous.',
    'Game slug (rows, tricks, …) or a deck file.':
        'Le jeu (rows, tricks, …) ou un fichier de paquet.',
    'Games the box must play (default: all five).':
        'Les jeux que la boîte doit permettre (sans cette option : les cinq).',
    'Games to list (default: all five).':
        'Les jeux à lister (sans cette option : les cinq).',
    'House rule KEY=VALUE (repeatable).':
        'Règle maison CLÉ=VALEUR (option répétable).',
    'Install completion for the current shell.':
        'Installe la complétion pour le shell courant.',
    'Kept game: cards dealt in round 1 (TRICKS-2.1).':
        'Partie gardée : cartes distribuées à la manche 1 (TRICKS-2.1).',
    "Kept game: fewer rounds than the rules' maximum (TRICKS-R1).":
        'Partie gardée : moins de manches que le maximum des règles (TRICKS-R1).',
    'Kept game: the team variant (TRICKS-11).':
        'Partie gardée : la variante par équipes (TRICKS-11).',
    "Match ID (see 'cardforge table list').":
        'Numéro de la partie (voir « cardforge table list »).',
    'Mode (collection, sequence: classic or discovery).':
        'Mode (collection, sequence : classic ou discovery).',
    'Objectives already validated, e.g. pair,flush or "paire, arc-en-ciel" (with or beside --scorecard).':
        'Objectifs déjà validés, par exemple pair,flush ou « paire, arc-en-ciel » (avec --scorecard ou en plus).',
    "One combo per player: by name, Ana=R7+G7,B2 Ben=SH2,B9, or positional, one quoted combo each ('R7 G7 RB3' 'SH2 B9').":
        "Un combo par joueur : par nom, Ana=R7+G7,B2 Ben=SH2,B9, ou dans l'ordre, un combo entre guillemets chacun ('R7 G7 RB3' 'SH2 B9').",
    'One per player, e.g. tricks Ana=2/1, rows Ana=R5,RB3,SH2.':
        'Un par joueur, par exemple tricks Ana=2/1, rows Ana=R5,RB3,SH2.',
    "Only these decks' cards (default: everything).":
        'Seulement les cartes de ces paquets (sans cette option : tout).',
    "Output file, '-' for standard output (default: scoresheet-ID-GAME.pdf|csv).":
        'Fichier de sortie, « - » pour la sortie standard (sans cette option : scoresheet-ID-JEU.pdf|csv).',
    'Output folder (default: output/); PDFs go in its rulebooks/.':
        'Dossier de sortie (sans cette option : output/) ; les PDF vont dans son sous-dossier rulebooks/.',
    'Players at the table (default: number of cards).':
        'Joueurs à la table (sans cette option : le nombre de cartes).',
    'Players at the table.':
        'Joueurs à la table.',
    'Players in seating order: "Ana,Ben,Chloé" (tricks team variant: partners sit opposite; default: players in \'cardforge config\').':
        "Les joueurs dans l'ordre des places : « Ana,Ben,Chloé » (variante par équipes de tricks : les partenaires sont face à face ; sans cette option : les joueurs de « cardforge config »).",
    'Print one JSON object: the files written, per target.':
        'Écrit un seul objet JSON : les fichiers écrits, par cible.',
    'Print one JSON object: the report, the folder and the files written.':
        'Écrit un seul objet JSON : le rapport, le dossier et les fichiers écrits.',
    'Print-on-demand profile: thegamecrafter, makeplayingcards, drivethrucards, printninja, home-a4, home-letter (default: all).':
        "Profil d'impression à la demande : thegamecrafter, makeplayingcards, drivethrucards, printninja, home-a4, home-letter (sans cette option : tous).",
    'Rebuild everything, even what is up to date.':
        'Refait tout, même ce qui est à jour.',
    'Report folder (default: output/simulate/GAME).':
        'Dossier du rapport (sans cette option : output/simulate/JEU).',
    'Revealed cards, e.g. Ana=R7 Ben=SH3.':
        'Les cartes révélées, par exemple Ana=R7 Ben=SH3.',
    "Rounds agreed (sequence; tricks: fewer than the rules' maximum).":
        'Manches convenues (sequence ; tricks : moins que le maximum des règles).',
    'Seconds a turn takes at the table (playing-time estimate).':
        'Secondes que prend un tour à la table (pour estimer la durée de partie).',
    'Seconds each card drawn adds to its turn in sequence and collection (playing-time estimate).':
        'Secondes qu’ajoute à son tour chaque carte piochée en sequence et collection (pour estimer la durée de partie).',
    'Secured sequences, one quoted argument each ("R3 G5" "B7 Y2").':
        'Séquences verrouillées, une par argument entre guillemets ("R3 G5" "B7 Y2").',
    'Seed: the same seed gives the same report, whatever --jobs.':
        'Graine : la même graine donne le même rapport, quel que soit --jobs.',
    'Shift back pages by X,Y mm (read off the --calibrate page).':
        'Décale les versos de X,Y mm (lus sur la page --calibrate).',
    'Show completion for the current shell, to copy it or customize the installation.':
        "Affiche la complétion pour le shell courant, pour la copier ou adapter l'installation.",
    'Show these players as a flag would set them.':
        'Montre ces joueurs comme une option les fixerait.',
    'Show this database as a flag would set it.':
        'Montre cette base de données comme une option la fixerait.',
    'Show this language as a flag would set it.':
        'Montre cette langue comme une option la fixerait.',
    'Show this paper as a flag would set it.':
        'Montre ce papier comme une option le fixerait.',
    'Space between cards on home sheets, mm.':
        'Espace entre les cartes sur les planches à imprimer chez soi, en mm.',
    'Take back the last move of the kept match (with --state or --table).':
        'Reprend le dernier coup de la partie gardée (avec --state ou --table).',
    'The captured cards, e.g. R5 RB7 SH3.':
        'Les cartes prises, par exemple R5 RB7 SH3.',
    'The card just discarded.':
        "La carte qui vient d'être défaussée.",
    "The cards of a player's collection this round.":
        "Les cartes de la collection d'un joueur à cette manche.",
    'The cards of one sequence in draw order (e.g. R3 G5 RB7 joker).':
        "Les cartes d'une séquence dans l'ordre du tirage (par exemple R3 G5 RB7 joker).",
    'The final combo, e.g. R7 G7 RB3 SH2 flash.':
        'Le combo final, par exemple R7 G7 RB3 SH2 flash.',
    "The layout-file schema instead of the deck's.":
        'Le schéma des fichiers de mise en page au lieu de celui des paquets.',
    'The match version the move was made on: refused if the table moved on since.':
        'La version de la partie sur laquelle le coup a été joué : refusé si la table a avancé depuis.',
    "The new deck's folder; its last part is the deck's id.":
        "Le dossier du nouveau paquet ; son dernier élément est l'identifiant du paquet.",
    "The opponent's card you named.":
        'La carte adverse que vous avez nommée.',
    # -- cardforge play (issue 25, h25)
    "A session at the table: type each move as it happens; ? for the rules of the last step, score, undo, quit. Completes card codes and names in a terminal; reads lines from a pipe.":
        "Une séance à table\u00a0: tapez chaque coup quand il a lieu\u202f; «\u202f?\u202f» pour les règles de la dernière étape, score, annuler, quitter. Complète les codes de cartes et les noms dans un terminal\u202f; lit des lignes depuis un tube.",
    "Keep the game in the table store's current match.":
        "Garder la partie dans le match en cours du registre de table.",
    "Keep the game in this JSON file (the referee's --state).":
        "Garder la partie dans ce fichier JSON (le --state de l\u2019arbitre).",
    "The game at the table: rows, tricks, numwin, sequence or collection.":
        "Le jeu à table\u00a0: rows, tricks, numwin, sequence ou collection.",
    "The players in seat order: Ana,Ben,Chloé.":
        "Les joueurs dans l\u2019ordre des places\u00a0: Ana,Ben,Chloé.",
    # -- referee numwin play (issue 25, h25)
    "A game of Num Win card by card, as the table plays it: every move, every card taken from the deck, the rounds scored and the winner. With --state or --table the game is kept between calls.":
        "Une partie de Num Win carte par carte, telle que la table la joue\u00a0: chaque coup, chaque carte prise dans la pioche, les manches comptées et le gagnant. Avec --state ou --table la partie est gardée d\u2019un appel à l\u2019autre.",
    "Play with the memory extension (NUMWIN-5.*).":
        "Jouer avec l\u2019extension mémoire (NUMWIN-5.*).",
    "Rounds to play (default: one per dealer).":
        "Manches à jouer (par défaut\u00a0: une par donneur).",
    "What the table does, as the engine asks for it: a move (Ana=draw, Ana=swap:2, Ben=claim:1, Ana=numwin, Ana=flash>Ben:3) or the card taken from the deck (deal R7); several at once (Ana=draw G7).":
        "Ce que fait la table, quand le moteur le demande\u00a0: un coup (Ana=draw, Ana=swap:2, Ben=claim:1, Ana=numwin, Ana=flash>Ben:3) ou la carte prise dans la pioche (deal R7)\u202f; plusieurs à la fois (Ana=draw G7).",
    'The players in seat order (Ana,Ben,Chloé), for the first move of a game.':
        "Les joueurs dans l'ordre des places (Ana,Ben,Chloé), pour le premier coup d'une partie.",
    'The team variant.':
        'La variante par équipes.',
    "The trick's cards in play order, the leader's first: RB12 SH3 … or, by name, Ana=RB12 Ben=SH3 …":
        "Les cartes du pli dans l'ordre joué, celle de l'entameur d'abord : RB12 SH3 … ou, par nom, Ana=RB12 Ben=SH3 …",
    "This is the game's last round (streak_payout=once).":
        "C'est la dernière manche de la partie (streak_payout=once).",
    'Tricks bid.':
        'Plis annoncés.',
    'Tricks won.':
        'Plis remportés.',
    'Variant (tricks: team; rows: explosion; numwin: memory).':
        'Variante (tricks : team ; rows : explosion ; numwin : memory).',
    'What the player to act does: cards turned over (Ana=R3, Ana=R3@B), Ana=secure, Ana=end, Ana=keep, Ana=play:double>Ben, Ana=joker after a STOP (docs/notation.md).':
        "Ce que fait le joueur dont c'est le tour : cartes retournées (Ana=R3, Ana=R3@B), Ana=secure, Ana=end, Ana=keep, Ana=play:double>Ben, Ana=joker après un STOP (docs/notation.md).",
    "With --state or --table the match is kept between calls (its moves, replayed by the engine), so the next reveal needs only the cards. 'deal Ana=R1,R4,…' enters a hand a tool dealt.":
        "Avec --state ou --table, la partie est gardée d'un appel à l'autre (ses coups, rejoués par le moteur) : la révélation suivante ne demande que les cartes. « deal Ana=R1,R4,… » entre une main distribuée par un outil.",
    'With --state or --table the totals carry over from round to round (by name), and the game ends after one round per dealer with the lowest total named (NUMWIN-8.1, 8.3).':
        "Avec --state ou --table, les totaux passent d'une manche à l'autre (par nom), et la partie finit après une manche par donneur, le plus petit total étant nommé (NUMWIN-8.1, 8.3).",
    "With --state or --table the whole game is kept (also as 'referee tricks play'): the bids start each round (Ana=bid=1 Ben=bid=0 …), the hands dealt may be given (Ana=hand=RB3,SH12; a hand not given stays hidden), partners pass in the team variant (Ana=pass=RB3,SH5); cards may be laid a few at a time (Ana=RB12, then Ben=SH3 …), the trick is settled when every seat has laid, the winner leads the next one, each round is scored and the game's winner named.":
        'Avec --state ou --table, toute la partie est gardée (aussi avec « referee tricks play ») : les annonces ouvrent chaque manche (Ana=bid=1 Ben=bid=0 …), les mains distribuées peuvent être données (Ana=hand=RB3,SH12 ; une main non donnée reste cachée), les partenaires se passent des cartes dans la variante par équipes (Ana=pass=RB3,SH5) ; les cartes peuvent être posées quelques-unes à la fois (Ana=RB12, puis Ben=SH3 …), le pli est réglé quand chaque place a posé, son gagnant entame le suivant, chaque manche est comptée et le vainqueur de la partie nommé.',
    'Write the duplex calibration page instead.':
        'Écrit plutôt la page de calibrage recto verso.',
    'Write the printable score sheet (PDF).':
        'Écrit la feuille de score imprimable (PDF).',
    'Write the rounds as CSV.':
        'Écrit les manches en CSV.',
    'Write to this file instead of stdout.':
        'Écrit dans ce fichier au lieu de la sortie standard.',
    'Your card shown to seize it.':
        'Votre carte montrée pour la saisir.',
    'a5 (default) or a4.':
        'a5 (sans cette option) ou a4.',
    'explosion: the 5th card makes the row explode.':
        'explosion : la 5e carte fait exploser la rangée.',
    'fr, en or all.':
        'fr, en ou all.',
    'player, reference, comprehensive or all.':
        'player, reference, comprehensive ou all.',
    'tricks: cards dealt in round 1 (default 1).':
        'tricks : cartes distribuées à la manche 1 (1 sans cette option).',
    'tricks: tricks nobody won (Flash).':
        "tricks : plis que personne n'a remportés (Flash).",
}

#: The words typer prints itself on a help page (``cardforge/i18n/library_texts.py`` compiles
#: them for gettext, which typer reads them through).
LIBRARY = {
    "[required]": "[obligatoire]",
    "required": "obligatoire",
    "[default: {}]": "[par défaut\u00a0: {}]",
    "default: {default}": "par défaut\u00a0: {default}",
    "[env var: {}]": "[variable d'environnement\u00a0: {}]",
    "env var: {var}": "variable d'environnement\u00a0: {var}",
    "(deprecated) ": "(obsolète) ",
    "(dynamic)": "(dynamique)",
    "Arguments": "Arguments",
    "Options": "Options",
    "Commands": "Commandes",
    "Error": "Erreur",
    "Aborted.": "Abandon.",
    "Aborted!": "Abandon\u202f!",
    "Try [blue]'{command_path} {help_option}'[/] for help.":
        "Essayez [blue]« {command_path} {help_option} »[/] pour l'aide.",
}
