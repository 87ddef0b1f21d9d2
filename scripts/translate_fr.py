"""Fill locale/fr/LC_MESSAGES/django.po from the French glossary below (run after makemessages)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

PO = Path(__file__).resolve().parent.parent / "locale" / "fr" / "LC_MESSAGES" / "django.po"

FR = {
    "Clubs": "Clubs",
    "name": "nom",
    "directors": "directeurs",
    "club": "club",
    "clubs": "trèfles",
    "active": "actif",
    "player": "joueur",
    "players": "joueurs",
    "Events": "Événements",
    "Parlett chips": "Jetons (Parlett)",
    "Parlett points": "Points (Parlett)",
    "Modern chips": "Jetons (moderne)",
    "Britannica counters": "Fiches (Britannica)",
    "Club evening": "Soirée de club",
    "Tournament": "Tournoi",
    "Open": "Ouvert",
    "Closed": "Clos",
    "date": "date",
    "kind": "genre",
    "rule set": "règle de paiement",
    "options": "options",
    "favourite suit": "couleur favorite",
    "starting chips": "jetons de départ",
    "status": "état",
    "event": "événement",
    "events": "événements",
    "Tables": "Tables",
    "spades": "piques",
    "hearts": "cœurs",
    "diamonds": "carreaux",
    "Alliance": "Appel",
    "Solo": "Sans prendre",
    "Vole": "Vole",
    "All passed: forced spadille": "Tous passent : spadille forcé",
    "Own king": "Appel à soi-même",
    "Médiateur": "Médiateur",
    "not noted": "non noté",
    "none": "aucun",
    "renounce": "renonce",
    "played with eleven cards": "a joué avec onze cartes",
    "turned another's hand": "a retourné le jeu d'un autre",
    "friend revealed himself": "l'ami s'est découvert",
    "ally played out of turn": "l'appelé a joué hors de son tour",
    "side discovered its game": "le camp a découvert son jeu",
    "showed cards": "a montré ses cartes",
    "Hombre": "L'hombre",
    "Contract": "Contrat",
    "Trumps": "Atout",
    "Ally (holds the called king)": "L'appelé (tient le roi appelé)",
    "Called card": "Carte appelée",
    "Tricks of the contracting side": "Levées du camp de l'hombre",
    "Hombre's own tricks": "Levées de l'hombre lui-même",
    "Matadors held by the side": "Matadors du camp",
    "Matadors in the hombre's hand": "Matadors dans la main de l'hombre",
    "Premiers (first six tricks)": "Premières (les six premières levées)",
    "Played for the vole": "A joué la vole",
    "King given by": "Roi donné par",
    "Codille remainder goes to": "Le reste de la codille va à",
    "Penalty": "Pénalité",
    "Offender": "Fautif",
    "Owner of the turned hand": "Propriétaire du jeu retourné",
    "Times": "Fois",
    "Done with intent": "Fait exprès",
    "Matadors claimed in time": "Matadors demandés à temps",
    "Sans prendre claimed in time": "Sans prendre demandé à temps",
    "nobody holds a trump: to the board": "personne n'a d'atout : au tapis",
    "Who committed the penalty?": "Qui a commis la faute ?",
    "Reason for the correction": "Motif de la correction",
    "e.g. Ben had 5 tricks, not 4": "p. ex. Ben avait 5 levées, pas 4",
    "This is not the dealer whose turn it is.": "Ce n'est pas à ce joueur de donner.",
    "Choose a contract.": "Choisissez un contrat.",
    "This contract is not played in this event.": "Ce contrat ne se joue pas dans cet événement.",
    "Who is the hombre?": "Qui est l'hombre ?",
    "Who holds the called king (the ally)?": "Qui tient le roi appelé (l'appelé) ?",
    "The hombre cannot be his own ally: choose “own king” instead.": "L'hombre ne peut être son propre appelé : choisissez « appel à soi-même ».",
    "Only an alliance or forced spadille has an ally.": "Seuls l'appel et le spadille forcé ont un appelé.",
    "Which suit was trumps?": "Quelle couleur était l'atout ?",
    "The called card is a king or a queen.": "La carte appelée est un roi ou une dame.",
    "The king and the queen of trumps cannot be called.": "On ne peut appeler ni le roi ni la dame d'atout.",
    "A solo or a vole calls no card.": "Un sans-prendre ou une vole n'appelle aucune carte.",
    "Which king did the médiateur buy?": "Quel roi le médiateur a-t-il pris ?",
    "Who gave the king to the médiateur?": "Qui a donné le roi au médiateur ?",
    "The hombre cannot buy his own king.": "L'hombre ne peut pas prendre son propre roi.",
    "How many tricks did the contracting side take (0 to 10)?": "Combien de levées le camp de l'hombre a-t-il faites (0 à 10) ?",
    "The hombre's own tricks cannot be more than the side's.": "L'hombre ne peut avoir plus de levées que son camp.",
    "How many tricks did the hombre take himself? Under three, he pays alone.": "Combien de levées l'hombre a-t-il faites lui-même ? Sous trois, il paie seul.",
    "The hombre plays alone: his tricks are the side's.": "L'hombre joue seul : ses levées sont celles du camp.",
    "The four players' tricks must add up to 10.": "Les levées des quatre joueurs doivent faire 10.",
    "The players' tricks do not match the side's tricks.": "Les levées des joueurs ne correspondent pas à celles du camp.",
    "This event needs every player's tricks.": "Cet événement demande les levées de chaque joueur.",
    "Matadors: none, or a run of 3 or more trumps from Spadille down.": "Matadors : aucun, ou une suite de 3 atouts ou plus depuis Spadille.",
    "The hombre cannot hold more matadors than the side.": "L'hombre ne peut avoir plus de matadors que son camp.",
    "The hombre plays alone: his matadors are the side's.": "L'hombre joue seul : ses matadors sont ceux du camp.",
    "Premiers means the side took the first six tricks.": "Premières : le camp a fait les six premières levées.",
    "With premiers and no vole, play stopped at six tricks.": "Avec premières et sans vole, le jeu s'arrête à six levées.",
    "The vole is played for only after winning the first six tricks.": "On ne joue la vole qu'après les six premières levées.",
    "Ten tricks are a vole: tick “played for the vole”.": "Dix levées font la vole : cochez « a joué la vole ».",
    "Ten tricks include the first six: tick premiers.": "Dix levées comprennent les six premières : cochez premières.",
    "The vole may not be played for in this deal.": "La vole ne peut pas être jouée dans ce coup.",
    "The ally played out of turn: after premiers the side had to play for the vole.": "L'appelé a joué hors de son tour : après les premières, le camp devait jouer la vole.",
    "That penalty does not fit those players.": "Cette pénalité ne correspond pas à ces joueurs.",
    "Choose a penalty.": "Choisissez une pénalité.",
    "A penalty happens at least once.": "Une pénalité compte au moins une fois.",
    "Who takes the codille remainder (Spadille, or the highest trump)?": "Qui prend le reste de la codille (Spadille, ou le plus haut atout) ?",
    "Only the defenders of the last codille may take the remainder.": "Seuls les défenseurs de la dernière codille peuvent prendre le reste.",
    "No codille remainder is waiting.": "Aucun reste de codille n'attend.",
    "The pot has not been won: play on until it is.": "Le pot n'a pas été gagné : continuez jusqu'à ce qu'il le soit.",
    "table": "table",
    "round": "tour de table",
    "seat 1": "place 1",
    "seat 2": "place 2",
    "seat 3": "place 3",
    "seat 4": "place 4",
    "first dealer": "premier donneur",
    "tables": "tables",
    "recorded": "noté",
    "corrected": "corrigé",
    "imported": "importé",
    "alliance": "appel",
    "own king": "appel à soi",
    "solo": "sans prendre",
    "vole": "vole",
    "forced": "forcé",
    "médiateur": "médiateur",
    "won": "gagné",
    "premiers": "premières",
    "vole won": "vole gagnée",
    "vole lost": "vole manquée",
    "remise": "remise",
    "codille": "codille",
    "misdeal (%(dealer)s deals again)": "maldonne (%(dealer)s redonne)",
    "table link": "lien de table",
    "this file is for another rule set": "ce fichier est pour une autre règle de paiement",
    "this file's options differ from the event's": "les options de ce fichier diffèrent de celles de l'événement",
    "an imported file cannot open with chips on the table": "un fichier importé ne peut commencer avec des jetons sur le tapis",
    "This event is closed: nothing can be changed.": "Cet événement est clos : rien ne peut être modifié.",
    "Deal %(position)s was already recorded from another phone. Your entries are kept below: check the ledger, and save them again only if they are a new deal.": "Le coup %(position)s a déjà été noté depuis un autre téléphone. Votre saisie est conservée ci-dessous : vérifiez la feuille, et ne l'enregistrez à nouveau que s'il s'agit d'un nouveau coup.",
    "Deal %(position)s saved.": "Coup %(position)s enregistré.",
    "That deal was already recorded from another phone: nothing was added.": "Ce coup a déjà été noté depuis un autre téléphone : rien n'a été ajouté.",
    "Misdeal recorded: %(dealer)s deals again.": "Maldonne notée : %(dealer)s redonne.",
    "This correction would make deal %(position)s impossible: %(problem)s": "Cette correction rendrait le coup %(position)s impossible : %(problem)s",
    "Deal %(position)s corrected; every later deal was settled again.": "Coup %(position)s corrigé ; tous les coups suivants ont été recalculés.",
    "Choose an interchange file (.json) to import.": "Choisissez un fichier d'échange (.json) à importer.",
    "deal %(position)s: ": "coup %(position)s : ",
    "Nothing was imported. ": "Rien n'a été importé. ",
    "%(count)s deals imported.": "%(count)s coups importés.",
    "The event is closed: table links no longer write.": "L'événement est clos : les liens de table n'écrivent plus.",
    "Quadrille scorekeeper": "Marqueur de quadrille",
    "Quadrille": "Quadrille",
    "Score Quadrille (four-handed Ombre) at the table: record each deal on a phone, see the settlement before saving, and keep every player's chips across tours, tables and evenings.": "Marquez le quadrille (l'hombre à quatre) à la table : notez chaque coup sur un téléphone, voyez le paiement avant d'enregistrer, et tenez les jetons de chacun d'un tour, d'une table et d'une soirée à l'autre.",
    "Four settlement rule sets are supported: Parlett chips, Parlett points, modern chips and Britannica counters. The rules are written down in the scoring specification (QUADRILLE-SCORING.md) that ships with the project.": "Quatre règles de paiement sont prises en charge : jetons et points selon Parlett, jetons modernes et fiches de la Britannica. Les règles sont écrites dans la spécification de marque (QUADRILLE-SCORING.md) livrée avec le projet.",
    "Director login": "Connexion du directeur",
    "Log in": "Se connecter",
    "Tricks of each player": "Levées de chaque joueur",
    "Called card, penalties, late claims": "Carte appelée, pénalités, demandes tardives",
    "next deal counts ×%(m)s": "le coup suivant compte ×%(m)s",
    "board %(board)s": "tapis %(board)s",
    "beasts": "bêtes",
    "remainder %(held)s held": "reste %(held)s en attente",
    "pot %(pot)s": "pot %(pot)s",
    "Deal %(position)s": "Coup %(position)s",
    "Back to the table": "Retour à la table",
    "Record %(position)s: misdeal": "Ligne %(position)s : maldonne",
    "Deal %(number)s (tour %(tour)s)": "Coup %(number)s (tour %(tour)s)",
    "History of this deal": "Historique de ce coup",
    "History": "Historique",
    "Reason:": "Motif :",
    "Before and after": "Avant et après",
    "Correct this deal": "Corriger ce coup",
    "Every later deal is settled again after a correction.": "Après une correction, tous les coups suivants sont recalculés.",
    "Save the correction": "Enregistrer la correction",
    "Director": "Directeur",
    "Log out": "Se déconnecter",
    "No event yet.": "Aucun événement pour l'instant.",
    "You direct no club yet.": "Vous ne dirigez encore aucun club.",
    "Close the event": "Clore l'événement",
    "Table %(number)s": "Table %(number)s",
    "Tour %(tour)s of %(tours)s · %(count)s deals played": "Tour %(tour)s sur %(tours)s · %(count)s coups joués",
    "Open the table": "Ouvrir la table",
    "QR code of the entry link of table %(number)s": "Code QR du lien de saisie de la table %(number)s",
    "Event": "Événement",
    "The table": "La table",
    "Tour %(tour)s of %(tours)s · deal %(number)s": "Tour %(tour)s sur %(tours)s · coup %(number)s",
    "Seats, in playing order to the right": "Places, dans l'ordre du jeu vers la droite",
    "deals": "donne",
    "eldest": "premier à parler",
    "This event is closed: the sheet is final.": "Cet événement est clos : la feuille est définitive.",
    "Deal %(number)s": "Coup %(number)s",
    "Settlement": "Paiement",
    "After the deal:": "Après le coup :",
    "Save": "Enregistrer",
    "Preview": "Aperçu",
    "Misdeal (same dealer deals again)": "Maldonne (le même joueur redonne)",
    "Ledger": "Feuille de marque",
    "No deal recorded yet.": "Aucun coup noté pour l'instant.",
    "Tours": "Tours",
    "Tour %(tour)s": "Tour %(tour)s",
    "in play": "en cours",
    "Export (JSON)": "Exporter (JSON)",
    "Export (CSV)": "Exporter (CSV)",
    "Import deals kept on paper (interchange JSON)": "Importer des coups tenus sur papier (JSON d'échange)",
    "Import": "Importer",
    "Directors: your club's events and tables": "Directeurs : les événements et les tables de votre club",
    "Scorers: open your table's link, or scan its QR code.": "Marqueurs : ouvrez le lien de votre table, ou scannez son code QR.",
}


def unquote(block: str) -> str:
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)).replace('\\"', '"').replace("\\n", "\n")


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main() -> int:
    text = PO.read_text()
    entries = text.split("\n\n")
    missing = []
    out = []
    for entry in entries:
        match = re.search(r'^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)', entry, re.M)
        if not match or entry.lstrip().startswith('msgid ""\nmsgstr ""\n"Project'):
            out.append(entry)
            continue
        msgid = unquote(match.group(1))
        if msgid == "":
            out.append(entry.replace('"Language: \\n"', '"Language: fr\\n"'))
            continue
        if msgid not in FR:
            missing.append(msgid)
            out.append(entry)
            continue
        head = entry[: match.start(2)]
        head = head.replace("#, fuzzy\n", "")
        out.append(head + quote(FR[msgid]) + entry[match.end(2) :].rstrip("\n"))
    PO.write_text("\n\n".join(out).rstrip("\n") + "\n")
    for msgid in missing:
        print("untranslated:", msgid, file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
