"""The deal form, in the order a scorer knows it: hombre, contract, trump, ally, tricks, then what applies."""

from __future__ import annotations

import copy
import dataclasses
import functools
from functools import cached_property

from django import forms
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import Contract, DealRecord, EngineError, PenaltyKind, Session
from scorekeeper.engine.fields import fields_read, only_read
from scorekeeper.engine.model import NONE_HELD
from scorekeeper.tables.messages import MESSAGES, field_for, message_for
from scorekeeper.tables.records import MissingOffender, form_fields_reading, record_from_form
from scorekeeper.tables.records import initial_from_record as initial_from_record  # the views fill a form with it

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
EMPTY = (None, "", False, "0", 0)  # a box unticked, no run
# Ticked with fewer than six tricks, these contradict them (premiers is the first six tricks; the vole is played
# for after them): refused, never dropped (to_record).
CONTRADICT_FEW_TRICKS = frozenset({"premiers", "vole_attempted"})
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
        # the session's players and options in this language stand in for them, shared by its forms
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
    # page carries every field it reads for these entries at some count of tricks, and shows those it reads at
    # the count tapped (table.js shows and hides the rest on each tap on the tricks, without the server); to_record
    # reads exactly those read at that count.
    def value(self, name: str):
        return self[name].value()

    @property
    def contract_value(self) -> str:
        return self.value("contract") or Contract.ALLIANCE.value

    @cached_property
    def reading(self) -> Reading:
        try:
            contract = Contract(self.contract_value)
        except ValueError:
            contract = Contract.ALLIANCE
        return _reading(self.session, contract, _int_or_none(self.value("ally")) is not None, bool(self.held))

    @cached_property
    def read(self) -> frozenset[str]:
        """The record fields the engine reads for the entries, the tricks tapped included."""
        return self.reading.at(_int_or_none(self.value("tricks")))

    @property
    def offered(self) -> frozenset[str]:
        """The record fields the page carries: those read for these entries at some count of tricks."""
        return self.reading.offered

    @property
    def applies(self) -> dict[str, dict]:
        """For each form field the page carries that applies at some counts of tricks only: those counts
        (`counts`, "6 7 8 9 10", which table.js reads) and whether it is hidden now (`hidden`: not read at the
        count tapped, with nothing entered in it and no error to show: what was sent is never hidden)."""
        read = form_fields_reading(self.read)
        return {
            name: {
                "counts": counts,
                "hidden": name not in read and self.value(name) in EMPTY and not self.errors.get(name),
            }
            for name, counts in self.reading.counts.items()
        }

    @property
    def one_player(self) -> bool:
        """The side is the hombre alone (forced spadille too, when he may play it alone and names no ally)."""
        if self.contract_value == Contract.FORCED.value and self.session.options.call_forced_self_call:
            return _int_or_none(self.value("ally")) is None
        return self.contract_value not in WITH_ALLY

    @property
    def shows_ally(self) -> bool:
        return "ally" in self.offered

    @property
    def shows_called(self) -> bool:
        return "called" in self.offered

    @property
    def shows_hombre_tricks(self) -> bool:
        return "hombre_tricks" in self.offered

    @property
    def shows_run_side(self) -> bool:
        return "run_side" in self.offered

    @property
    def run_side_label(self) -> str:
        return self.fields["run_hombre"].label if self.one_player else self.fields["run_side"].label

    @property
    def shows_run_hombre(self) -> bool:
        return "run_hombre" in self.offered

    @property
    def shows_premiers(self) -> bool:
        return "premiers" in self.offered

    @property
    def shows_vole_attempted(self) -> bool:
        return "vole_attempted" in self.offered

    @property
    def shows_claims_matadors(self) -> bool:
        return "claims.matadors" in self.offered

    @property
    def shows_claims_sans_prendre(self) -> bool:
        return "claims.sans_prendre" in self.offered

    @property
    def shows_giver(self) -> bool:
        return "mediateur_giver" in self.offered

    @property
    def shows_remainder(self) -> bool:
        return "remainder_winner" in self.offered

    @property
    def shows_seat_tricks(self) -> bool:
        return "tricks_by_seat" in self.read

    @property
    def shown_fields(self) -> set[str]:
        """The fields the page carries for the current entries (the rest are absent from the post)."""
        return form_fields_reading(self.offered) | {"reason"}

    @property
    def seat_tricks(self) -> list:
        return [self[f"seat_tricks_{s}"] for s in range(4)]

    @property
    def penalty_slots(self) -> list[dict]:
        """The two penalties' fields by part (kind, seat, other, count, intentional), those whose errors are shown
        below them (`checked`), and what applies of them: a slot's kind once the slot before has one (`shown`), its
        other parts once its kind is chosen (`chosen`), the owner of a turned hand for that penalty only (`turned`).
        A part with an error is always shown."""
        slots = []
        before = True  # the first slot's kind is always asked for
        for slot in ("", "_2"):
            fields = {part: self[f"penalty_{part}{slot}"] for part in PENALTY_PARTS}
            fields["checked"] = [fields[part] for part in PENALTY_PARTS[:4]]
            kind = fields["kind"].value() or ""
            wrong = any(fields[part].errors for part in PENALTY_PARTS)
            fields["chosen"] = bool(kind) or wrong
            fields["shown"] = before or fields["chosen"]
            fields["turned"] = kind == PenaltyKind.TURNED_HAND.value or bool(fields["other"].errors)
            before = bool(kind)
            slots.append(fields)
        return slots

    @property
    def penalty_layout(self) -> tuple[tuple[bool, bool], ...]:
        """What decides penalty_slots and more_open when no field has an error: for each slot, whether its kind is
        chosen and whether it is a turned hand (read from the two kinds alone, without the slots' bound fields)."""
        kinds = (self.value("penalty_kind") or "", self.value("penalty_kind_2") or "")
        return tuple((bool(kind), kind == PenaltyKind.TURNED_HAND.value) for kind in kinds)

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
        try:
            record = record_from_form(self.cleaned_data, dealer=dealer, by_seat="tricks_by_seat" in self.read)
        except MissingOffender as missing:
            self.add_error(missing.field, _("Who committed the penalty?"))
            raise forms.ValidationError("penalty") from None
        read = self.read
        if record.tricks < 6:
            # Premiers and the vole attempt stay on the page whatever the tricks (hidden below six): ticked with
            # fewer tricks they contradict them, and the engine refuses them beside their field, never dropped.
            read |= self.offered & CONTRADICT_FEW_TRICKS
        return only_read(record, read)

    def add_engine_error(self, error: EngineError) -> None:
        """Show the engine's refusal next to the field at fault, in the scorer's words."""
        self.add_error(field_for(error, self.fields), message_for(error))


@dataclasses.dataclass(frozen=True)
class Reading:
    """What the engine reads of a deal of one shape (session, contract, ally named or not, remainder held), by
    the count of tricks: the same for every tap on the tricks, so the form's fields never change with them."""

    by_count: tuple[frozenset[str], ...]  # the record fields read at 0 to 10 tricks
    unknown: frozenset[str]  # read before the tricks are tapped
    offered: frozenset[str]  # read at some count: the fields the page carries
    counts: dict[str, str]  # form field -> the counts it applies at ("6 7 8 9 10"), for those not read at all

    def at(self, tricks: int | None) -> frozenset[str]:
        return self.by_count[tricks] if tricks is not None and 0 <= tricks <= 10 else self.unknown


@functools.lru_cache(maxsize=1024)
def _reading(session: Session, contract: Contract, ally_named: bool, held: bool) -> Reading:
    ally = 0 if ally_named else None
    by_count = tuple(
        fields_read(session, DealRecord(dealer=0, contract=contract, ally=ally, tricks=t), held=held) for t in range(11)
    )
    unknown = fields_read(session, DealRecord(dealer=0, contract=contract, ally=ally), held=held)
    offered = unknown.union(*by_count)
    counts = {}
    for field in sorted(offered):
        applies = [t for t in range(11) if field in by_count[t]]
        if len(applies) < 11:
            for name in sorted(form_fields_reading(frozenset({field}))):
                counts[name] = " ".join(map(str, applies))
    return Reading(by_count, unknown, offered, counts)


class _SessionFields(dict):
    """A form class's fields with the choices and labels of one session in one language (see _session_fields),
    shared by the forms of that session. BaseForm.__init__ deep-copies base_fields so that a form may change its
    fields; validating and rendering a form only read them, so the copy of these is a new dictionary of the same
    fields, and the one form that changes a field (CorrectionForm's reason) takes its own copy of it first."""

    def __deepcopy__(self, memo) -> dict:
        return dict(self)


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
    # The server asks for what is missing, beside its field: the browser's own check would hold back the
    # live preview (a reason is needed to save, not to look).
    use_required_attribute = False

    reason = forms.CharField(
        label=_("Reason for the correction"),
        max_length=300,
        # hx-preserve: a live preview swapped in after the scorer typed here leaves what was typed (its form was sent
        # before, without it).
        widget=forms.TextInput(
            attrs={
                "placeholder": _("e.g. Ben had 5 tricks, not 4"),
                "aria-describedby": "reason-error",
                "hx-preserve": "true",
            }
        ),
        error_messages={"required": _("Say why this deal is corrected: the reason is kept in its history.")},
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["reason"] = _own_copy(self.fields["reason"])  # a page may make it optional (_SessionFields)
