"""The deal form, in the order a scorer knows it: hombre, contract, trump, ally, tricks, then what applies."""

from __future__ import annotations

import copy
import functools
from functools import cached_property

from django import forms
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import Claims, Contract, DealRecord, EngineError, Penalty, PenaltyKind, Session
from scorekeeper.engine.fields import fields_read, only_read
from scorekeeper.engine.model import NONE_HELD
from scorekeeper.tables.messages import MESSAGES, field_for, message_for

SUITS = [("S", "♠"), ("C", "♣"), ("H", "♥"), ("D", "♦")]
CONTRACT_LABELS = {
    Contract.ALLIANCE: _("Alliance"),
    Contract.SOLO: _("Solo"),
    Contract.VOLE_BID: _("Vole"),
    Contract.FORCED: _("All passed: forced spadille"),
    Contract.SELF_CALL: _("Own king"),
    Contract.MEDIATEUR: _("Médiateur"),
}
CALLABLE = [("", _("not noted"))] + [(r + s, f"{r}{sym}") for r in ("K", "Q") for s, sym in SUITS]
RUNS = [("0", _("none"))] + [(str(n), str(n)) for n in range(3, 13)]
PENALTIES = [
    ("", _("none")),
    (PenaltyKind.RENOUNCE.value, _("renounce")),
    (PenaltyKind.ELEVEN_CARDS.value, _("played with eleven cards")),
    (PenaltyKind.TURNED_HAND.value, _("turned another's hand")),
    (PenaltyKind.FRIEND_REVEALED.value, _("the friend made themselves known")),
    (PenaltyKind.PARTNER_OUT_OF_TURN.value, _("ally played out of turn")),
    (PenaltyKind.DISCOVERED_GAME.value, _("side discovered its game")),
    (PenaltyKind.SHOWED_CARDS.value, _("showed cards")),
]
WITH_ALLY = {Contract.ALLIANCE.value, Contract.FORCED.value}
PENALTY_PARTS = ("kind", "seat", "other", "count", "intentional")
# The fields folded under "Called card, penalties, late claims": the fold opens when one of them has an error.
MORE = (
    "called",
    *(f"penalty_{part}{slot}" for slot in ("", "_2") for part in PENALTY_PARTS),
    "matadors_late",
    "sans_prendre_late",
)


class DealForm(forms.Form):
    position = forms.IntegerField(widget=forms.HiddenInput)
    # Minted when the page renders (uuid4 hex); the same form saved twice is the same deal (see deal_record).
    idempotency_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    hombre = forms.TypedChoiceField(label=_("Hombre"), coerce=int, widget=forms.RadioSelect)
    contract = forms.ChoiceField(label=_("Contract"), widget=forms.RadioSelect, initial=Contract.ALLIANCE.value)
    trump = forms.ChoiceField(label=_("Trumps"), choices=SUITS, widget=forms.RadioSelect)
    ally = forms.TypedChoiceField(
        label=_("Ally (holds the called king)"), coerce=int, required=False, empty_value=None, widget=forms.RadioSelect
    )
    called = forms.ChoiceField(label=_("Called card"), choices=CALLABLE, required=False)
    tricks = forms.TypedChoiceField(
        label=_("Tricks of the contracting side"),
        coerce=int,
        choices=[(n, str(n)) for n in range(11)],
        widget=forms.RadioSelect,
    )
    hombre_tricks = forms.TypedChoiceField(
        label=_("Hombre's own tricks"),
        coerce=int,
        required=False,
        empty_value=None,
        choices=[(n, str(n)) for n in range(11)],
        widget=forms.RadioSelect,
    )
    # Not required: a field the rule set does not show is simply absent from the post (no run, 0).
    run_side = forms.TypedChoiceField(
        label=_("Matadors held by the side"), coerce=int, choices=RUNS, initial="0", required=False, empty_value=0
    )
    run_hombre = forms.TypedChoiceField(
        label=_("Matadors in the hombre's hand"), coerce=int, choices=RUNS, initial="0", required=False, empty_value=0
    )
    premiers = forms.BooleanField(label=_("Premiers (first six tricks)"), required=False)
    vole_attempted = forms.BooleanField(label=_("Played for the vole"), required=False)
    mediateur_giver = forms.TypedChoiceField(
        label=_("King given by"), coerce=int, required=False, empty_value=None, widget=forms.RadioSelect
    )
    remainder_winner = forms.ChoiceField(label=_("Codille remainder goes to"), required=False, widget=forms.RadioSelect)
    penalty_kind = forms.ChoiceField(label=_("Penalty"), choices=PENALTIES, required=False)
    penalty_seat = forms.TypedChoiceField(label=_("Offender"), coerce=int, required=False, empty_value=None)
    penalty_other = forms.TypedChoiceField(
        label=_("Owner of the turned hand"), coerce=int, required=False, empty_value=None
    )
    penalty_count = forms.IntegerField(label=_("Times"), min_value=1, max_value=9, initial=1, required=False)
    penalty_intentional = forms.BooleanField(label=_("Done with intent"), required=False)
    # A second penalty in the same deal (a renounce and a revealed friend, say): the engine takes any number.
    penalty_kind_2 = forms.ChoiceField(label=_("Second penalty"), choices=PENALTIES, required=False)
    penalty_seat_2 = forms.TypedChoiceField(label=_("Offender"), coerce=int, required=False, empty_value=None)
    penalty_other_2 = forms.TypedChoiceField(
        label=_("Owner of the turned hand"), coerce=int, required=False, empty_value=None
    )
    penalty_count_2 = forms.IntegerField(label=_("Times"), min_value=1, max_value=9, initial=1, required=False)
    penalty_intentional_2 = forms.BooleanField(label=_("Done with intent"), required=False)
    # Ticked for the rare late claim: an unticked box is absent from the post, which must mean "claimed in time"
    # (these boxes come and go with the contract, and a box that was not on the page was not unticked).
    matadors_late = forms.BooleanField(label=_("Matadors claimed too late (not paid)"), required=False)
    sans_prendre_late = forms.BooleanField(label=_("Sans prendre claimed too late (not paid)"), required=False)
    seat_tricks_0 = forms.IntegerField(min_value=0, max_value=10, required=False)
    seat_tricks_1 = forms.IntegerField(min_value=0, max_value=10, required=False)
    seat_tricks_2 = forms.IntegerField(min_value=0, max_value=10, required=False)
    seat_tricks_3 = forms.IntegerField(min_value=0, max_value=10, required=False)

    def __init__(self, *args, session: Session, eligible: tuple[int, ...] = (), held: int = 0, **kwargs) -> None:
        # BaseForm.__init__ deep-copies base_fields (1 ms a form, a preview tap each); fields prepared once for
        # the session's players and options in this language stand in for them, and each form gets its own copies
        # (_SessionFields).
        options = session.options
        self.base_fields = _session_fields(
            type(self),
            tuple(session.players),
            options.call_self_call_allowed,
            options.variant_mediateur == "on",
            tuple(eligible),
            get_language(),
        )
        super().__init__(*args, **kwargs)
        self.session = session
        self.held = held

    # What applies: the engine says which record fields it reads for the entries so far (engine/fields.py); the
    # page shows exactly those, and to_record reads exactly those.
    def value(self, name: str):
        return self[name].value()

    @property
    def contract_value(self) -> str:
        return self.value("contract") or Contract.ALLIANCE.value

    @cached_property
    def read(self) -> frozenset[str]:
        try:
            contract = Contract(self.contract_value)
        except ValueError:
            contract = Contract.ALLIANCE
        ally = _int_or_none(self.value("ally"))
        partial = DealRecord(dealer=0, contract=contract, ally=ally, tricks=_int_or_none(self.value("tricks")))
        return fields_read(self.session, partial, held=self.held)

    @property
    def one_player(self) -> bool:
        return self.contract_value not in WITH_ALLY

    @property
    def shows_ally(self) -> bool:
        return "ally" in self.read

    @property
    def shows_called(self) -> bool:
        return "called" in self.read

    @property
    def shows_hombre_tricks(self) -> bool:
        return "hombre_tricks" in self.read

    @property
    def shows_run_side(self) -> bool:
        return "run_side" in self.read

    @property
    def run_side_label(self) -> str:
        return self.fields["run_hombre"].label if self.one_player else self.fields["run_side"].label

    @property
    def shows_run_hombre(self) -> bool:
        return "run_hombre" in self.read

    @property
    def shows_premiers(self) -> bool:
        return "premiers" in self.read

    @property
    def shows_vole_attempted(self) -> bool:
        return "vole_attempted" in self.read

    @property
    def shows_claims_matadors(self) -> bool:
        return "claims.matadors" in self.read

    @property
    def shows_claims_sans_prendre(self) -> bool:
        return "claims.sans_prendre" in self.read

    @property
    def shows_giver(self) -> bool:
        return "mediateur_giver" in self.read

    @property
    def shows_remainder(self) -> bool:
        return "remainder_winner" in self.read

    @property
    def shows_seat_tricks(self) -> bool:
        return "tricks_by_seat" in self.read

    @property
    def shown_fields(self) -> set[str]:
        """The fields the page shows for the current entries (the rest are absent from the post)."""
        shown = {
            "hombre",
            "contract",
            "trump",
            "tricks",
            "penalty_kind",
            "penalty_seat",
            "penalty_other",
            "penalty_count",
            "penalty_intentional",
            "penalty_kind_2",
            "penalty_seat_2",
            "penalty_other_2",
            "penalty_count_2",
            "penalty_intentional_2",
            "reason",
        }
        conditional = {
            "ally": self.shows_ally,
            "called": self.shows_called,
            "mediateur_giver": self.shows_giver,
            "hombre_tricks": self.shows_hombre_tricks,
            "run_side": self.shows_run_side,
            "run_hombre": self.shows_run_hombre,
            "premiers": self.shows_premiers,
            "vole_attempted": self.shows_vole_attempted,
            "remainder_winner": self.shows_remainder,
            "matadors_late": self.shows_claims_matadors,
            "sans_prendre_late": self.shows_claims_sans_prendre,
        }
        shown |= {name for name, show in conditional.items() if show}
        if self.shows_seat_tricks:
            shown |= {f"seat_tricks_{s}" for s in range(4)}
        return shown

    @property
    def seat_tricks(self) -> list:
        return [self[f"seat_tricks_{s}"] for s in range(4)]

    @property
    def penalty_slots(self) -> list[dict]:
        """The two penalties' fields by part (kind, seat, other, count, intentional), and those whose errors are
        shown below them (`checked`)."""
        slots = []
        for slot in ("", "_2"):
            fields = {part: self[f"penalty_{part}{slot}"] for part in PENALTY_PARTS}
            fields["checked"] = [fields[part] for part in PENALTY_PARTS[:4]]
            slots.append(fields)
        return slots

    @property
    def more_open(self) -> bool:
        """Whether the folded part opens: a penalty is chosen, or one of its fields has an error."""
        chosen = self["penalty_kind"].value() or self["penalty_kind_2"].value()
        return bool(chosen or any(self.errors.get(name) for name in MORE))

    @property
    def stray_errors(self) -> list[str]:
        """Errors on fields the page does not show: shown at the top so that nothing fails silently."""
        shown = self.shown_fields
        return [e for name, errors in self.errors.items() if name != "__all__" and name not in shown for e in errors]

    def clean(self):
        data = super().clean()
        if self.shows_seat_tricks and any(data.get(f"seat_tricks_{s}") is None for s in range(4)):
            self.add_error("seat_tricks_0", MESSAGES["tricks_by_seat_required"])
        return data

    def to_record(self, dealer: int) -> DealRecord:
        """The record the entries describe (call after is_valid()), reading only the fields the engine reads
        for them; the engine checks the rules."""
        data = self.cleaned_data
        read = self.read
        contract = Contract(data["contract"])
        run_side = data.get("run_side") or 0
        run_hombre = data.get("run_hombre") or 0
        penalties = tuple(p for p in (self._penalty(data, ""), self._penalty(data, "_2")) if p is not None)
        by_seat = tuple(data.get(f"seat_tricks_{s}") or 0 for s in range(4)) if "tricks_by_seat" in read else None
        winner = data.get("remainder_winner") or None
        if winner not in (None, NONE_HELD):
            winner = int(winner)
        record = DealRecord(
            dealer=dealer,
            contract=contract,
            hombre=data["hombre"],
            ally=data.get("ally"),
            called=data.get("called") or None,
            trump=data["trump"],
            tricks=data["tricks"],
            hombre_tricks=data.get("hombre_tricks"),
            tricks_by_seat=by_seat,  # type: ignore[arg-type]
            premiers=data["premiers"],
            vole_attempted=data["vole_attempted"],
            run_side=run_side,
            run_hombre=run_hombre,
            mediateur_giver=data.get("mediateur_giver"),
            claims=Claims(not data["matadors_late"], not data["sans_prendre_late"]),
            penalties=penalties,
            remainder_winner=winner,
        )
        return only_read(record, read)

    def _penalty(self, data: dict, slot: str) -> Penalty | None:
        kind = data.get(f"penalty_kind{slot}")
        if not kind:
            return None
        seats = [data.get(f"penalty_seat{slot}")]
        if kind == PenaltyKind.TURNED_HAND.value:
            seats.append(data.get(f"penalty_other{slot}"))
        if any(s is None for s in seats):
            self.add_error(f"penalty_seat{slot}", _("Who committed the penalty?"))
            raise forms.ValidationError("penalty")
        count = data.get(f"penalty_count{slot}") or 1
        return Penalty(PenaltyKind(kind), tuple(seats), count, data[f"penalty_intentional{slot}"])

    def add_engine_error(self, error: EngineError) -> None:
        """Show the engine's refusal next to the field at fault, in the scorer's words."""
        self.add_error(field_for(error, self.fields), message_for(error))


class _SessionFields(dict):
    """A form class's fields with the choices and labels of one session in one language (see _session_fields),
    shared by the forms of that session: BaseForm.__init__ deep-copies base_fields, and the copy of these is a copy
    of each field and its widget, sharing only what nobody changes (choices, labels, messages, validators)."""

    def __deepcopy__(self, memo) -> dict:
        return {name: _own_copy(field) for name, field in self.items()}


def _own_copy(field: forms.Field) -> forms.Field:
    """A field a form may change (a correction's preview makes the reason optional) without changing others'.
    copy.copy, without its detour through __reduce_ex__ (neither class defines __copy__)."""
    copied = object.__new__(type(field))
    copied.__dict__.update(field.__dict__)
    widget = copied.widget = object.__new__(type(field.widget))
    widget.__dict__.update(field.widget.__dict__)
    widget.attrs = dict(field.widget.attrs)
    return copied


@functools.lru_cache(maxsize=256)
def _session_fields(
    form_class: type[DealForm],
    players: tuple[str, ...],
    self_call: bool,
    mediateur: bool,
    eligible: tuple[int, ...],
    language: str | None,
) -> _SessionFields:
    """The fields of `form_class` for a table of these players and options, the seats eligible for a held codille
    remainder and the active language (`language`), its labels and choices translated once: a few tables an
    evening, a few eligible sets a table. Never changed after."""
    fields = copy.deepcopy(form_class.base_fields)
    seats = [(s, name) for s, name in enumerate(players)]
    for name in ("hombre", "ally", "mediateur_giver"):
        fields[name].choices = seats
    for name in ("penalty_seat", "penalty_other", "penalty_seat_2", "penalty_other_2"):
        fields[name].choices = [("", "—"), *seats]
    for s in range(4):
        fields[f"seat_tricks_{s}"].label = players[s]
    contracts = [Contract.ALLIANCE, Contract.SOLO, Contract.VOLE_BID, Contract.FORCED]
    if self_call:
        contracts.append(Contract.SELF_CALL)
    if mediateur:
        contracts.append(Contract.MEDIATEUR)
    fields["contract"].choices = [(c.value, CONTRACT_LABELS[c]) for c in contracts]
    fields["remainder_winner"].choices = [(str(s), players[s]) for s in eligible] + [
        (NONE_HELD, _("nobody holds a trump: to the board"))
    ]
    for name in ("run_side", "run_hombre"):
        fields[name].widget.attrs["class"] = "run"
    # Translated now, once: a lazy label costs a catalogue look-up at every rendering. (Error messages stay lazy:
    # they are worded when raised, in the request's language.)
    for field in fields.values():
        if field.label is not None:
            field.label = str(field.label)
        if isinstance(field, forms.ChoiceField):
            field.choices = [(value, str(label)) for value, label in field.choices]
        field.widget.attrs = {
            key: str(value) if isinstance(value, Promise) else value for key, value in field.widget.attrs.items()
        }
    return _SessionFields(fields)


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class CorrectionForm(DealForm):
    reason = forms.CharField(
        label=_("Reason for the correction"),
        max_length=300,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. Ben had 5 tricks, not 4")}),
    )


def initial_from_record(record: DealRecord, position: int) -> dict:
    """Form values describing a stored record, for a correction."""
    initial = {
        "position": position,
        "hombre": record.hombre,
        "contract": record.contract.value if record.contract else Contract.ALLIANCE.value,
        "trump": record.trump,
        "ally": record.ally,
        "called": record.called or "",
        "tricks": record.tricks,
        "hombre_tricks": record.hombre_tricks,
        "run_side": record.run_side or 0,
        "run_hombre": record.run_hombre or 0,
        "premiers": record.premiers,
        "vole_attempted": record.vole_attempted,
        "mediateur_giver": record.mediateur_giver,
        "remainder_winner": "" if record.remainder_winner is None else str(record.remainder_winner),
        "matadors_late": not record.claims.matadors,
        "sans_prendre_late": not record.claims.sans_prendre,
    }
    for slot, p in zip(("", "_2"), record.penalties, strict=False):
        initial.update(
            {
                f"penalty_kind{slot}": p.kind.value,
                f"penalty_seat{slot}": p.seats[0],
                f"penalty_other{slot}": p.seats[1] if len(p.seats) > 1 else None,
                f"penalty_count{slot}": p.count,
                f"penalty_intentional{slot}": p.intentional,
            }
        )
    if record.tricks_by_seat:
        for s in range(4):
            initial[f"seat_tricks_{s}"] = record.tricks_by_seat[s]
    return initial
