"""The director's tournament forms: every value is checked here and a bad one comes back beside its field, with
what was typed kept. The engine's refusals (T-8, T-13, T-26 …) are worded here too (`engine_error`)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.clubs.models import Player
from scorekeeper.engine import EngineError, RuleSet
from scorekeeper.engine.options import Options
from scorekeeper.engine.tournament.duplicate import check_duplicate_options
from scorekeeper.engine.tournament.scores import end_rule_check
from scorekeeper.events.forms import EventForm
from scorekeeper.events.options import field_name
from scorekeeper.tables.messages import message_for
from scorekeeper.tournaments.models import Entrant, PlannedTable

DUPLICATE_METHODS = ("matchpoints", "imps")
IMP_STEP = "duplicate.imp_step"  # Appendix T's one number a director types (T-73)
BY_STANDINGS = "seating.by_standings"  # and the other: how many last rounds are seated by the standings (T-29)
MAX_IMP_STEP = 10_000
# A board is compared only when at least two tables play it: min(tables, tours) times a round (T-64, T-65).
DUPLICATE_MIN_ENTRANTS = 8
DUPLICATE_MIN_TOURS = 2
SEED = re.compile(r"[0-9a-fA-F]{32,128}")
# The options of Appendix T a director chooses among words (key: default, the other values, what it means).
TOURNAMENT_OPTIONS = {
    "tournament.format": (
        "table",
        ("duplicate",),
        _(
            "Each table plays its own deals, or every table plays the same prepared boards, compared seat by seat "
            "(duplicate, T-57)."
        ),
    ),
    "tournament.method": (
        "placement+chips",
        ("chips", "placement", "contracts", "matchpoints", "imps"),
        _(
            "How a table-round scores (T-30): places and chips, chips only, places only, or contracts; a duplicate "
            "tournament scores each board by matchpoints or IMPs (T-69, T-74)."
        ),
    ),
    "placement.points": ("linear", ("top_heavy",), _("Points for places 1 to 4: 3, 1, −1, −3 or 4, 2, 1, 0 (T-34).")),
    "bye.score": ("average", ("fixed",), _("A bye scores the entrant's own average, or a fixed value (T-41).")),
    "absence.score": ("zero", ("average",), _("An absent round scores zero, or the entrant's average (T-43).")),
    "substitute.score": (
        "entrant",
        ("absent",),
        _("A substituted seat's score counts for the entrant, or the round is his absence (T-25)."),
    ),
    "bye.choice": (
        "planner",
        ("lowest_standing",),
        _(
            "When more entrants could sit out than a round has byes: the planner chooses, or those lowest in the "
            "standings after the round before sit out (T-18)."
        ),
    ),
    "tiebreak.last": ("share", ("lot",), _("Entrants still level share the place, or draw lots (T-48).")),
    "withdrawn": (
        "ranked",
        ("unranked",),
        _("A withdrawn entrant stays ranked, or is listed after the others (T-52)."),
    ),
}


# How the form names each option to a director (the key is the rules' name, kept in the stored options).
TOURNAMENT_LABELS = {
    "tournament.format": _("Format"),
    "tournament.method": _("Scoring method"),
    "placement.points": _("Points for places"),
    "bye.score": _("Score of a bye"),
    "absence.score": _("Score of an absence"),
    "substitute.score": _("Score of a substitute"),
    "bye.choice": _("Who sits out"),
    "tiebreak.last": _("Last tie-break"),
    "withdrawn": _("A withdrawn entrant"),
    IMP_STEP: _("IMP step"),
    BY_STANDINGS: _("Last rounds seated by the standings"),
}


# How the form names each value of those options (the value itself is what is stored and what the rules say).
TOURNAMENT_VALUE_WORDS = {
    "table": _("tables play their own deals"),
    "duplicate": _("duplicate boards"),
    "placement+chips": _("places and chips"),
    "chips": _("chips only"),
    "placement": _("places only"),
    "contracts": _("contracts"),
    "matchpoints": _("matchpoints"),
    "imps": _("IMPs"),
    "linear": "3, 1, −1, −3",
    "top_heavy": "4, 2, 1, 0",
    "average": _("the entrant's average"),
    "fixed": _("a fixed value"),
    "zero": _("zero"),
    "entrant": _("counts for the entrant"),
    "absent": _("an absence"),
    "share": _("share the place"),
    "lot": _("draw lots"),
    "ranked": _("stays ranked"),
    "unranked": _("listed after the others"),
    "planner": _("the planner chooses"),
    "lowest_standing": _("the lowest in the standings"),
}


def tournament_field_name(key: str) -> str:
    return "tournament_" + key.replace(".", "__").replace("+", "_")


MAX_ROUNDS = 32
BY_STANDINGS_WORDS = _(
    "Give how many last rounds are seated by the standings: a whole number from 0 to the number of rounds."
)


def _names(text: str, separators: str = "\n") -> list[str]:
    return [" ".join(part.split()) for part in re.split(f"[{separators}]", text) if part.strip()]


def _whole_number_field(key: str, low: int, high: int, *, help_text, placeholder: str, refusal) -> forms.IntegerField:
    """An option of Appendix T a director types as a whole number from `low` to `high`, or leaves empty; anything
    else is refused beside it in the one sentence `refusal`."""
    return forms.IntegerField(
        label=TOURNAMENT_LABELS[key],
        required=False,
        min_value=low,
        max_value=high,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": placeholder}),
        error_messages={"invalid": refusal, "min_value": refusal, "max_value": refusal},
    )


class TournamentForm(EventForm):
    """A new tournament: the event's rule set and options (the end-of-round rule must be split_equally, T-8),
    its sessions, its entrants (one name a line; a name the club does not know becomes a new player), its teams
    and keep-apart pairs, and the seed (drawn by the app when left empty, T-26)."""

    sessions = forms.CharField(
        label=_("Rounds per session"),
        initial="3, 2",
        max_length=100,
        help_text=_("One number per session, separated by commas: 3, 2 is five rounds over two sessions."),
        error_messages={"required": _("Give the number of rounds of each session, such as 3, 2.")},
    )
    entrants = forms.CharField(
        label=_("Entrants, one name a line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("They are numbered 1, 2, … in this order. A name the club does not know yet is added."),
        error_messages={"required": _("List the entrants, one name a line.")},
    )
    teams = forms.CharField(
        label=_("Teams, one a line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Team name, a colon, the members: Aces: Ann, Ben. Team-mates never sit at one table."),
    )
    keep_apart = forms.CharField(
        label=_("Keep apart, one pair a line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Two entrants who never sit at one table: Ann, Ben."),
    )
    seed = forms.CharField(
        label=_("Seed"),
        required=False,
        max_length=128,
        help_text=_("Left empty: drawn by the app. At least 32 hexadecimal digits (0-9, a-f)."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["kind"]
        del self.fields["rounds"]
        self.fields["name"].error_messages["required"] = gettext("Give the tournament a name.")
        for key, (default, others, meaning) in TOURNAMENT_OPTIONS.items():
            words = TOURNAMENT_VALUE_WORDS
            empty = gettext("default: %(value)s") % {"value": words[default]}
            if key == "tournament.method":  # the default depends on the format (Appendix T)
                empty = gettext("default: %(table)s, or %(duplicate)s in duplicate") % {
                    "table": words[default],
                    "duplicate": words[DUPLICATE_METHODS[0]],
                }
            self.fields[tournament_field_name(key)] = forms.ChoiceField(
                label=TOURNAMENT_LABELS[key],
                help_text=meaning,
                required=False,
                choices=[("", empty)] + [(v, words[v]) for v in others],
            )
        self.fields[tournament_field_name(IMP_STEP)] = _whole_number_field(
            IMP_STEP,
            1,
            MAX_IMP_STEP,
            help_text=_(
                "In duplicate scored by IMPs, the difference of board values worth one step of the IMP scale (T-73). "
                "Left empty: the rule set's, 1 chip in Parlett and modern chips, 2 points, 4 counters."
            ),
            placeholder=gettext("default"),
            refusal=_("Give the IMP step as a whole number from 1, or leave it empty."),
        )
        self.fields[tournament_field_name(BY_STANDINGS)] = _whole_number_field(
            BY_STANDINGS,
            0,
            MAX_ROUNDS,
            help_text=_(
                "0: none. k: the last k rounds are seated by the standings after the round before: places 1 to 4 at "
                "table 1, 5 to 8 at table 2, … (T-29). Each such round is drawn when it opens."
            ),
            placeholder="0",
            refusal=BY_STANDINGS_WORDS,
        )

    @property
    def tournament_fields(self) -> list:
        return [self[tournament_field_name(key)] for key in (*TOURNAMENT_OPTIONS, IMP_STEP, BY_STANDINGS)]

    def clean_sessions(self) -> list[int]:
        text = self.cleaned_data["sessions"]
        parts = [p.strip() for p in text.split(",")]
        if not parts or not all(p.isascii() and p.isdigit() and 1 <= int(p) <= MAX_ROUNDS for p in parts):
            raise forms.ValidationError(_("Give the number of rounds of each session, such as 3, 2."))
        sessions = [int(p) for p in parts]
        if sum(sessions) > MAX_ROUNDS:
            raise forms.ValidationError(_("A tournament has at most %(max)s rounds.") % {"max": MAX_ROUNDS})
        return sessions

    def clean_entrants(self) -> list[str]:
        names = _names(self.cleaned_data["entrants"])
        if len(names) < 4:
            raise forms.ValidationError(_("A tournament needs at least four entrants: one table."))
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                raise forms.ValidationError(_("%(name)s is listed twice.") % {"name": name})
            if len(name) > Player._meta.get_field("name").max_length:
                raise forms.ValidationError(_("%(name)s is too long for a name.") % {"name": name[:20] + "…"})
            seen.add(name.casefold())
        return names

    def clean_seed(self) -> str:
        seed = self.cleaned_data["seed"].strip()
        if seed and not SEED.fullmatch(seed):
            raise forms.ValidationError(_("A seed is at least 32 hexadecimal digits (0-9, a-f), or left empty."))
        return seed.lower()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["tournament_options"] = {
            key: data[tournament_field_name(key)] for key in TOURNAMENT_OPTIONS if data.get(tournament_field_name(key))
        }
        if data.get(tournament_field_name(IMP_STEP)) is not None:
            data["tournament_options"][IMP_STEP] = data[tournament_field_name(IMP_STEP)]
        self._check_by_standings(data)
        entrants = {n.casefold(): n for n in data.get("entrants") or []}
        if entrants:
            data["teams"] = self._teams(data.get("teams", ""), entrants)
            data["keep_apart"] = self._pairs(data.get("keep_apart", ""), entrants)
        ruleset = data.get("ruleset")
        if ruleset and "options" in data:
            try:
                end_rule_check(RuleSet(ruleset), Options.from_mapping(data["options"]))
            except EngineError as error:
                # Any other refusal of the options is already beside its field (EventForm's check).
                if error.code == "tournament_end_rule":
                    self.add_error(field_name(error.field.removeprefix("options.")), engine_error(error))
        self._check_format(data)
        return data

    def _check_by_standings(self, data: dict[str, Any]) -> None:
        """T-29's k is 0 … the number of rounds (Appendix T); 0 is the default and is not kept."""
        field = tournament_field_name(BY_STANDINGS)
        count = data.get(field)
        if not count:
            return
        rounds = sum(data.get("sessions") or [])
        if rounds and count > rounds:
            self.add_error(
                field,
                _("The tournament has %(rounds)s rounds: at most %(rounds)s can be seated by the standings.")
                % {"rounds": rounds},
            )
            return
        data["tournament_options"][BY_STANDINGS] = count

    def _check_format(self, data: dict[str, Any]) -> None:
        """The method belongs to the format (T-30, T-69, T-74), and a duplicate tournament compares every board
        at two tables or more and settles it alike at each (T-61, T-64)."""
        duplicate = data["tournament_options"].get("tournament.format") == "duplicate"
        method = data["tournament_options"].get("tournament.method")
        method_field = tournament_field_name("tournament.method")
        if duplicate and method and method not in DUPLICATE_METHODS:
            self.add_error(
                method_field,
                _("A duplicate tournament is scored by matchpoints or IMPs, not by %(method)s.") % {"method": method},
            )
        if not duplicate and method in DUPLICATE_METHODS:
            self.add_error(
                method_field,
                _("%(method)s scores the boards of a duplicate tournament: choose the duplicate format as well.")
                % {"method": method},
            )
        if IMP_STEP in data["tournament_options"] and (not duplicate or method != "imps"):
            self.add_error(
                tournament_field_name(IMP_STEP),
                _("The IMP step belongs to a duplicate tournament scored by IMPs: leave it empty otherwise."),
            )
        if not duplicate:
            return
        if data["tournament_options"].get("bye.choice", "planner") != "planner":
            self.add_error(
                tournament_field_name("bye.choice"),
                _("In duplicate the planner chooses who sits out: the standings of the boards do not draw rounds."),
            )
        if data["tournament_options"].get(BY_STANDINGS):
            self.add_error(
                tournament_field_name(BY_STANDINGS),
                _("In duplicate every round is seated by the planner: leave it at 0."),
            )
        entrants = data.get("entrants")
        if entrants and len(entrants) < DUPLICATE_MIN_ENTRANTS:
            self.add_error(
                "entrants",
                _(
                    "A duplicate tournament needs at least eight entrants, two tables: at one table no board is "
                    "compared with another table's play of it."
                ),
            )
        tours = data.get("tours")
        if tours is not None and tours < DUPLICATE_MIN_TOURS:
            self.add_error(
                "tours",
                _(
                    "In duplicate a round needs at least two tours: each table plays one set of boards a tour, and "
                    "with one tour no board reaches a second table."
                ),
            )
        try:
            options = Options.from_mapping(data.get("options") or {})
        except EngineError:
            return  # already refused beside its field (EventForm's check)
        try:
            check_duplicate_options(options)
        except EngineError as error:
            name = field_name((error.field or "").removeprefix("options."))
            self.add_error(name if name in self.fields else "rules", message_for(error))

    def _teams(self, text: str, entrants: dict[str, str]) -> dict[str, list[str]]:
        teams: dict[str, list[str]] = {}
        for line in _names(text):
            name, colon, members = line.partition(":")
            members_list = _names(members, ",")
            if not colon or not name.strip() or len(members_list) < 2:
                self.add_error("teams", _("Write a team as its name, a colon and two or more members: Aces: Ann, Ben."))
                return {}
            unknown = [m for m in members_list if m.casefold() not in entrants]
            if unknown:
                self.add_error("teams", _("%(name)s is not among the entrants.") % {"name": unknown[0]})
                return {}
            teams[name.strip()] = [entrants[m.casefold()] for m in members_list]
        return teams

    def _pairs(self, text: str, entrants: dict[str, str]) -> list[tuple[str, str]]:
        pairs = []
        for line in _names(text):
            pair = _names(line, ",")
            if len(pair) != 2 or pair[0].casefold() == pair[1].casefold():
                self.add_error("keep_apart", _("Write two different entrants a line: Ann, Ben."))
                return []
            unknown = [m for m in pair if m.casefold() not in entrants]
            if unknown:
                self.add_error("keep_apart", _("%(name)s is not among the entrants.") % {"name": unknown[0]})
                return []
            pairs.append((entrants[pair[0].casefold()], entrants[pair[1].casefold()]))
        return pairs


def engine_error(error: EngineError) -> str:
    """An engine refusal in the director's words."""
    if error.code == "tournament_end_rule":
        return gettext(
            "A tournament table shares out what is left on it at the end of its round (split equally): every table "
            "plays the same length and none outlives its round."
        )
    if error.code == "keep_apart_infeasible":
        return gettext(
            "No seating can keep these entrants apart (%(constraint)s): there are not enough tables and byes in a "
            "round. Nothing was drawn."
        ) % {"constraint": constraint_name(error.field)}
    if error.code == "duplicate_option":
        return message_for(error)
    if error.code == "too_few_entrants":
        return gettext("A round needs at least four entrants present: one table. Nothing was drawn.")
    if error.field == "seed":
        return gettext("A seed is at least 32 hexadecimal digits (0-9, a-f), or left empty.")
    if error.code == "tour_unfinished":
        return gettext("A table ends only after a whole tour: finish the tour being played first.")
    return gettext("This cannot be done: %(reason)s.") % {"reason": error.message}


def constraint_name(field: str | None) -> str:
    """`teams.Aces` → team Aces; `keep_apart[0]` → the first keep-apart pair."""
    field = field or ""
    if field.startswith("teams."):
        return gettext("team %(name)s") % {"name": field.removeprefix("teams.")}
    match = re.fullmatch(r"keep_apart\[(\d+)\]", field)
    if match:
        return gettext("keep-apart pair %(number)s") % {"number": int(match.group(1)) + 1}
    return field


def engine_field(error: EngineError) -> str | None:
    """The form field beside which an engine refusal of a new tournament is shown."""
    field = error.field or ""
    if field.startswith("teams"):
        return "teams"
    if field.startswith("keep_apart"):
        return "keep_apart"
    if field.startswith("options."):
        return field_name(field.removeprefix("options."))
    if field in ("seed", "sessions", "entrants"):
        return field
    return None


class LateArrivalForm(forms.Form):
    name = forms.CharField(
        label=_("Late arrival"), max_length=80, error_messages={"required": _("Type the late arrival's name.")}
    )


class WithdrawForm(forms.Form):
    entrant = forms.ModelChoiceField(
        label=_("Withdraws"),
        queryset=Entrant.objects.none(),
        error_messages={"invalid_choice": _("Choose an entrant."), "required": _("Choose an entrant.")},
    )

    def __init__(self, *args, tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entrant"].queryset = tournament.entrants.filter(withdrawn_after=None).select_related("player")
        self.fields["entrant"].label_from_instance = lambda e: f"{e.number}. {e.player.name}"


class KeepApartForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Keep"), queryset=Entrant.objects.none())
    second = forms.ModelChoiceField(label=_("apart from"), queryset=Entrant.objects.none())

    def __init__(self, *args, tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = tournament.entrants.select_related("player")
            self.fields[name].label_from_instance = lambda e: f"{e.number}. {e.player.name}"
            self.fields[name].error_messages["invalid_choice"] = gettext("Choose an entrant.")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different entrants."))
        return data


class FoulForm(forms.Form):
    """The director marks a board fouled at a table of a started duplicate round (T-63)."""

    table = forms.TypedChoiceField(
        label=_("Table"),
        coerce=int,
        error_messages={"invalid_choice": _("Choose a table."), "required": _("Choose a table.")},
    )
    board = forms.IntegerField(
        label=pgettext_lazy("duplicate board", "Board"),
        min_value=1,
        max_value=10_000,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "required": pgettext_lazy("duplicate board", "Enter the board's number."),
            "invalid": pgettext_lazy("duplicate board", "Enter the board's number."),
            "min_value": pgettext_lazy("duplicate board", "Enter the board's number."),
            "max_value": pgettext_lazy("duplicate board", "Enter the board's number."),
        },
    )
    reason = forms.CharField(
        label=_("Why (wrong cards in a pocket, …)"),
        max_length=300,
        error_messages={"required": _("Say why the board is fouled.")},
    )

    def __init__(self, *args, round_number: int, tables: list[int], **kwargs) -> None:
        """One form a started round (`tables`: its tables' numbers), its fields' ids told apart by the round's."""
        kwargs.setdefault("auto_id", f"id_foul{round_number}_%s")
        super().__init__(*args, **kwargs)
        self.round_number = round_number
        self.fields["table"].choices = [(number, number) for number in tables]


class SubstituteForm(forms.Form):
    table = forms.ModelChoiceField(
        label=_("Table"), queryset=PlannedTable.objects.none(), error_messages={"invalid_choice": _("Choose a table.")}
    )
    seat = forms.TypedChoiceField(
        label=_("Seat"),
        coerce=int,
        choices=[(s, _("seat %(number)s") % {"number": s + 1}) for s in range(4)],
        error_messages={"invalid_choice": _("This seat has no player to replace.")},
    )
    name = forms.CharField(
        label=_("Substitute"), max_length=80, error_messages={"required": _("Type the substitute's name.")}
    )
    # Empty: the table's next deal, the usual case (a substitute sits in now); a deal already played, when the
    # substitution is recorded after the fact.
    from_deal = forms.IntegerField(
        label=_("From deal (empty: the next one)"),
        min_value=1,
        max_value=10_000,
        required=False,
        error_messages={
            "invalid": _("Enter the number of the first deal the substitute plays."),
            "min_value": _("Enter the number of the first deal the substitute plays."),
            "max_value": _("Enter the number of the first deal the substitute plays."),
        },
    )

    def __init__(self, *args, tables, names: dict[int, str] | None = None, **kwargs) -> None:
        """`names`: each entrant's name by number, so that a table is offered with who sits where (the seat is
        chosen by its number beside it)."""
        super().__init__(*args, **kwargs)
        self.fields["table"].queryset = tables
        names = names or {}

        def label(table: PlannedTable) -> str:
            number = gettext("Table %(number)s") % {"number": table.number}
            seated = " · ".join(f"{s + 1} {names[n]}" for s, n in enumerate(table.seats) if n in names)
            return f"{number}: {seated}" if seated else number

        self.fields["table"].label_from_instance = label
