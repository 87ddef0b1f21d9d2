"""The director's forms: every value a director sends is checked here, and a bad one comes back beside its field."""

from __future__ import annotations

import difflib
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorekeeper.clubs.models import Club, Player
from scorekeeper.engine import EngineError, Options
from scorekeeper.events.models import RULESET_CHOICES, Event, HouseRules
from scorekeeper.events.options import DEFAULT_START, OptionsMixin, field_name

MAX_START = 1_000_000  # chips or counters each player brings: far above any club's, far below any overflow
MAX_TOURS = 100
MAX_ROUNDS = 50


def _whole(low: int, high: int) -> dict[str, Any]:
    words = _("Enter a whole number from %(low)s.") % {"low": low}
    return {
        "min_value": low,
        "max_value": high,
        "error_messages": {
            "invalid": words,
            "required": words,
            "min_value": words,
            "max_value": _("Enter a whole number up to %(high)s.") % {"high": high},
        },
    }


class EventForm(OptionsMixin, forms.Form):
    """A new event. A house-rules preset, when chosen, gives the rule set and options (then frozen in the event)."""

    name = forms.CharField(
        label=_("Name"),
        max_length=Event._meta.get_field("name").max_length,
        error_messages={"required": _("Give the event a name.")},
    )
    date = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
        error_messages={
            "invalid": _("Enter a date such as 2026-11-21."),
            "required": _("Enter a date such as 2026-11-21."),
        },
    )
    kind = forms.ChoiceField(label=_("Kind"), choices=Event.Kind.choices, initial=Event.Kind.EVENING, required=False)
    rules = forms.ModelChoiceField(
        label=_("House rules"),
        queryset=None,
        required=False,
        empty_label=_("none: choose a rule set below"),
        error_messages={"invalid_choice": _("Choose one of the club's house rules.")},
    )
    ruleset = forms.ChoiceField(
        label=_("Rule set"), choices=RULESET_CHOICES, error_messages={"invalid_choice": _("Choose a rule set.")}
    )
    start = forms.IntegerField(
        label=_("Starting chips"),
        required=False,
        help_text=_(
            "Left empty: the rule set's own (40 chips; 0 points in Parlett points; 400 counters in Britannica)."
        ),
        **_whole(0, MAX_START),
    )
    tours = forms.IntegerField(label=_("Tours per round"), initial=10, **_whole(1, MAX_TOURS))
    rounds = forms.IntegerField(label=_("Rounds"), initial=1, **_whole(1, MAX_ROUNDS))

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules"].queryset = club.house_rules.all()
        self.fields["date"].initial = timezone.localdate
        self.add_option_fields()
        for name in ("start", "tours", "rounds"):
            self.fields[name].widget.attrs["inputmode"] = "numeric"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["kind"] = data.get("kind") or Event.Kind.EVENING
        preset = data.get("rules")
        if preset is not None:
            data["ruleset"], data["options"] = preset.ruleset, dict(preset.options)
        else:
            data["options"] = {}
        ruleset = data.get("ruleset")
        if ruleset is None:
            return data
        data["options"].update(self.chosen_options(ruleset))
        if data.get("start") is None and "start" not in self.errors:
            data["start"] = DEFAULT_START[ruleset]
        if data.get("tours") is not None:
            data["options"]["session.tours"] = data["tours"]
            _check_options(self, data["options"], "rules" if preset is not None else None)
        return data


def _check_options(form: forms.Form, options: dict[str, Any], fallback: str | None) -> None:
    """The engine's word on the options, beside the option it names."""
    try:
        Options.from_mapping(options)
    except EngineError as error:
        key = (error.field or "").removeprefix("options.")
        name = field_name(key)
        form.add_error(name if name in form.fields else fallback, error.message)


class CheckInForm(forms.Form):
    """The players present (ticked), and what to do with them: save the list, or save it and draw the seats."""

    ACTIONS = [("save", _("Save check-in")), ("draw", _("Draw seats"))]
    METHODS = [
        ("random", _("at random")),
        ("cards", _("the old way: king, queen, knave, ace")),
        ("standings", _("by standings: the leaders meet")),
    ]

    present = forms.ModelMultipleChoiceField(
        queryset=None,
        required=False,
        error_messages={
            "invalid_choice": _("Tick only players of this club."),
            "invalid_pk_value": _("Tick only players of this club."),
        },
    )
    action = forms.ChoiceField(choices=ACTIONS, required=False)
    method = forms.ChoiceField(
        label=_("How"), choices=METHODS, required=False, error_messages={"invalid_choice": _("Choose how to draw.")}
    )

    def __init__(self, *args, event: Event, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["present"].queryset = event.club.players.filter(active=True)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["action"] = data.get("action") or "save"
        data["method"] = data.get("method") or "random"
        return data


class ReopenForm(forms.Form):
    note = forms.CharField(label=_("Why reopen?"), max_length=300, required=False)


class RoundForm(forms.Form):
    """`?round=` of the standings: a round played, or none for the overall standings."""

    round = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS * 10, required=False)


LIVE_ROWS = 10  # players a screen on a projector at 800 px in the live page's type


def screen_asked(query) -> tuple[int, int]:
    """The screen (from 1) and the players a screen that a live page's address asks for (`?screen=&rows=`, as
    its script sizes them to the projector): a number out of range is brought into it, anything else is the
    first screen of LIVE_ROWS."""

    def number(text: str | None, default: int, low: int, high: int) -> int:
        return min(high, max(low, int(text))) if text and text.isascii() and text.isdigit() else default

    return number(query.get("screen"), 1, 1, 10_000), number(query.get("rows"), LIVE_ROWS, 3, 60)


class ConfirmForm(forms.Form):
    """A destructive action is done only when the confirm page was submitted."""

    confirm = forms.BooleanField(required=False)


def similar_names(a: str, b: str) -> bool:
    a, b = a.casefold(), b.casefold()
    return a != b and (
        difflib.SequenceMatcher(None, a, b).ratio() >= 0.8 or a.split()[-1:] == b.split()[-1:] and a[:1] == b[:1]
    )


PLAYER_NAME = Player._meta.get_field("name").max_length


def _tidy(name: str) -> str:
    return " ".join(name.split())


class PlayerAddForm(forms.Form):
    """A new player; a name like one already in the club is added only when the director says it is another person."""

    name = forms.CharField(
        label=_("Add a player"), max_length=PLAYER_NAME, error_messages={"required": _("Type the player's name.")}
    )
    confirm = forms.BooleanField(label=_("a different person"), required=False)

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.similar: list[Player] = []

    def clean_name(self) -> str:
        name = _tidy(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Type the player's name."))
        existing = list(self.club.players.all())
        if any(p.name.casefold() == name.casefold() for p in existing):
            raise forms.ValidationError(_("%(name)s is already a player of this club.") % {"name": name})
        self.similar = [p for p in existing if similar_names(p.name, name)]
        if self.similar and not self.data.get("confirm"):
            raise forms.ValidationError(
                _("Similar names exist: is this one of them? Tick “a different person” to add anyway.")
            )
        return name


class _PlayerForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=None,
        widget=forms.HiddenInput,
        error_messages={
            "invalid_choice": _("Choose a player of this club."),
            "required": _("Choose a player of this club."),
        },
    )

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["player"].queryset = club.players.all()


class PlayerRenameForm(_PlayerForm):
    name = forms.CharField(
        label=_("Name"), max_length=PLAYER_NAME, error_messages={"required": _("Type the player's name.")}
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        player, name = data.get("player"), _tidy(data.get("name", ""))
        if "name" in data and not name:
            self.add_error("name", _("Type the player's name."))
        elif player is not None and name:
            if self.club.players.exclude(pk=player.pk).filter(name__iexact=name).exists():
                self.add_error("name", _("%(name)s is already a player of this club.") % {"name": name})
            data["name"] = name
        return data


class PlayerActiveForm(_PlayerForm):
    pass


class PlayerMergeForm(_PlayerForm):
    into = forms.ModelChoiceField(
        label=_("Same person as"),
        queryset=None,
        error_messages={
            "invalid_choice": _("Choose the player to merge into."),
            "required": _("Choose the player to merge into."),
        },
    )

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, club=club, **kwargs)
        self.fields["into"].queryset = club.players.all()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("player") is not None and data.get("player") == data.get("into"):
            self.add_error("into", _("Choose the player to merge into."))
        return data


SEAT_CHOICES = [(0, _("seat 1")), (1, _("seat 2")), (2, _("seat 3")), (3, _("seat 4"))]


class SeatForm(forms.Form):
    """A director's seat action at one table: replace the player of a seat, or swap two seats."""

    action = forms.ChoiceField(choices=[("replace", _("Replace")), ("swap", _("Swap"))])
    seat = forms.TypedChoiceField(label=_("Seat"), choices=SEAT_CHOICES, coerce=int, required=False)
    player = forms.ModelChoiceField(
        label=_("New player"),
        queryset=None,
        required=False,
        error_messages={"invalid_choice": _("Choose a player of this club.")},
    )
    first = forms.TypedChoiceField(label=_("Swap"), choices=SEAT_CHOICES, coerce=int, required=False)
    second = forms.TypedChoiceField(label=_("with"), choices=SEAT_CHOICES, coerce=int, required=False)

    def __init__(self, *args, event: Event, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = event.club.players.filter(active=True)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("action") == "replace":
            if data.get("seat") is None:
                self.add_error("seat", _("Choose the seat."))
            if data.get("player") is None:
                self.add_error("player", _("Choose a player of this club."))
        elif data.get("action") == "swap" and (
            data.get("first") is None or data.get("second") is None or data.get("first") == data.get("second")
        ):
            self.add_error("second", _("Choose two different seats."))
        return data


class LateArrivalForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Late arrival"), queryset=None, error_messages={"invalid_choice": _("Choose a player of this club.")}
    )

    def __init__(self, *args, event: Event, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = event.club.players.filter(active=True)


class HouseRulesForm(OptionsMixin, forms.Form):
    """A club's preset: a name, a rule set and the options that differ from Appendix A's defaults."""

    name = forms.CharField(
        label=_("Name"),
        max_length=HouseRules._meta.get_field("name").max_length,
        error_messages={"required": _("Give the house rules a name.")},
    )
    ruleset = forms.ChoiceField(
        label=_("Rule set"), choices=RULESET_CHOICES, error_messages={"invalid_choice": _("Choose a rule set.")}
    )

    def __init__(self, *args, club: Club, preset: HouseRules | None = None, **kwargs) -> None:
        if preset is not None:
            kwargs.setdefault("initial", {"name": preset.name, "ruleset": preset.ruleset})
        super().__init__(*args, **kwargs)
        self.club, self.preset = club, preset
        self.add_option_fields(preset.options if preset is not None else None)

    def clean_name(self) -> str:
        name = _tidy(self.cleaned_data["name"])
        others = self.club.house_rules.exclude(pk=self.preset.pk if self.preset else None)
        if others.filter(name__iexact=name).exists():
            raise forms.ValidationError(_("The club already has house rules of that name."))
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("ruleset"):
            data["options"] = self.chosen_options(data["ruleset"])
            _check_options(self, data["options"], None)
        return data
