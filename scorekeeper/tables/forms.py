"""The deal form, in the order a scorer knows it: hombre, contract, trump, ally, tricks, then what applies."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.engine import Claims, Contract, DealRecord, EngineError, Penalty, PenaltyKind, RuleSet, Session
from scorekeeper.engine.model import NONE_HELD
from scorekeeper.tables.messages import field_for, message_for

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
    claims_matadors = forms.BooleanField(label=_("Matadors claimed in time"), required=False, initial=True)
    claims_sans_prendre = forms.BooleanField(label=_("Sans prendre claimed in time"), required=False, initial=True)
    seat_tricks_0 = forms.IntegerField(min_value=0, max_value=10, required=False)
    seat_tricks_1 = forms.IntegerField(min_value=0, max_value=10, required=False)
    seat_tricks_2 = forms.IntegerField(min_value=0, max_value=10, required=False)
    seat_tricks_3 = forms.IntegerField(min_value=0, max_value=10, required=False)

    def __init__(self, *args, session: Session, eligible: tuple[int, ...] = (), held: int = 0, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.session = session
        self.held = held
        seats = [(s, name) for s, name in enumerate(session.players)]
        for name in ("hombre", "ally", "mediateur_giver"):
            self.fields[name].choices = seats
        self.fields["penalty_seat"].choices = [("", "—"), *seats]
        self.fields["penalty_other"].choices = [("", "—"), *seats]
        for s in range(4):
            self.fields[f"seat_tricks_{s}"].label = session.players[s]
        options = session.options
        contracts = [Contract.ALLIANCE, Contract.SOLO, Contract.VOLE_BID, Contract.FORCED]
        if options.call_self_call_allowed:
            contracts.append(Contract.SELF_CALL)
        if options.variant_mediateur == "on":
            contracts.append(Contract.MEDIATEUR)
        self.fields["contract"].choices = [(c.value, CONTRACT_LABELS[c]) for c in contracts]
        self.fields["remainder_winner"].choices = [(str(s), session.players[s]) for s in eligible] + [
            (NONE_HELD, _("nobody holds a trump: to the board"))
        ]
        for name in ("run_side", "run_hombre"):
            self.fields[name].widget.attrs["class"] = "run"

    # What applies: the template shows these groups only when they matter for the current entries.
    def value(self, name: str):
        return self[name].value()

    @property
    def contract_value(self) -> str:
        return self.value("contract") or Contract.ALLIANCE.value

    @property
    def shows_ally(self) -> bool:
        return self.contract_value in WITH_ALLY

    @property
    def shows_hombre_tricks(self) -> bool:
        if self.contract_value != Contract.ALLIANCE.value:
            return False
        o = self.session.options
        if o.bc_ombre_alone_basis != "own_tricks":
            return False
        ruleset = self.session.ruleset
        return ruleset is RuleSet.BRITANNICA_COUNTERS or (
            ruleset is RuleSet.PARLETT_CHIPS and o.pc_alliance_loss == "britannica_split"
        )

    @property
    def shows_run_side(self) -> bool:
        ruleset = self.session.ruleset
        if ruleset is RuleSet.PARLETT_POINTS:
            return False
        if ruleset is RuleSet.MODERN_CHIPS:
            return self.session.options.mc_loss == "parlett" or self.shows_ally
        return True

    @property
    def shows_run_hombre(self) -> bool:
        return self.session.ruleset is RuleSet.MODERN_CHIPS and self.shows_ally

    @property
    def shows_premiers(self) -> bool:
        try:
            return int(self.value("tricks")) >= 6
        except (TypeError, ValueError):
            return False

    @property
    def shows_giver(self) -> bool:
        return self.contract_value == Contract.MEDIATEUR.value

    @property
    def shows_remainder(self) -> bool:
        return self.held > 0

    @property
    def shows_seat_tricks(self) -> bool:
        return self.session.options.outcome_thresholds == "ombre_style"

    @property
    def shown_fields(self) -> set[str]:
        """The fields the page shows for the current entries (the rest are absent from the post)."""
        shown = {
            "hombre",
            "contract",
            "trump",
            "tricks",
            "called",
            "penalty_kind",
            "penalty_seat",
            "penalty_other",
            "penalty_count",
            "penalty_intentional",
            "claims_matadors",
            "claims_sans_prendre",
            "reason",
        }
        conditional = {
            "ally": self.shows_ally,
            "mediateur_giver": self.shows_giver,
            "hombre_tricks": self.shows_hombre_tricks,
            "run_side": self.shows_run_side,
            "run_hombre": self.shows_run_hombre,
            "premiers": self.shows_premiers,
            "vole_attempted": self.shows_premiers,
            "remainder_winner": self.shows_remainder,
        }
        shown |= {name for name, show in conditional.items() if show}
        if self.shows_seat_tricks:
            shown |= {f"seat_tricks_{s}" for s in range(4)}
        return shown

    @property
    def stray_errors(self) -> list[str]:
        """Errors on fields the page does not show: shown at the top so that nothing fails silently."""
        shown = self.shown_fields
        return [e for name, errors in self.errors.items() if name != "__all__" and name not in shown for e in errors]

    def to_record(self, dealer: int) -> DealRecord:
        """The record the entries describe (call after is_valid()); the engine checks the rules."""
        data = self.cleaned_data
        contract = Contract(data["contract"])
        with_ally = contract.value in WITH_ALLY
        one_player = not with_ally
        run_side = data.get("run_side") or 0
        run_hombre = data.get("run_hombre") or 0
        if one_player:
            run_hombre = run_side
        elif self.session.ruleset is RuleSet.MODERN_CHIPS and not self.shows_run_side:
            run_side = max(run_side, run_hombre)
        penalties: list[Penalty] = []
        kind = data.get("penalty_kind")
        if kind:
            seats = [data.get("penalty_seat")]
            if kind == PenaltyKind.TURNED_HAND.value:
                seats.append(data.get("penalty_other"))
            if any(s is None for s in seats):
                self.add_error("penalty_seat", _("Who committed the penalty?"))
                raise forms.ValidationError("penalty")
            penalties.append(
                Penalty(PenaltyKind(kind), tuple(seats), data.get("penalty_count") or 1, data["penalty_intentional"])
            )
        by_seat = None
        if self.shows_seat_tricks:
            values = [data.get(f"seat_tricks_{s}") for s in range(4)]
            by_seat = tuple(v or 0 for v in values)
        winner = data.get("remainder_winner") or None
        if winner not in (None, NONE_HELD):
            winner = int(winner)
        called = data.get("called") or None
        if contract in (Contract.SOLO, Contract.VOLE_BID):
            called = None
        return DealRecord(
            dealer=dealer,
            contract=contract,
            hombre=data["hombre"],
            ally=data.get("ally") if with_ally else None,
            called=called,
            trump=data["trump"],
            tricks=data["tricks"],
            hombre_tricks=data.get("hombre_tricks") if self.shows_hombre_tricks else None,
            tricks_by_seat=by_seat,  # type: ignore[arg-type]
            premiers=data["premiers"] if data["tricks"] >= 6 else False,
            vole_attempted=data["vole_attempted"] if data["tricks"] >= 6 or contract is Contract.VOLE_BID else False,
            run_side=run_side,
            run_hombre=run_hombre,
            mediateur_giver=data.get("mediateur_giver") if contract is Contract.MEDIATEUR else None,
            claims=Claims(data["claims_matadors"], data["claims_sans_prendre"]),
            penalties=tuple(penalties),
            remainder_winner=winner if self.held else None,
        )

    def add_engine_error(self, error: EngineError) -> None:
        """Show the engine's refusal next to the field at fault, in the scorer's words."""
        self.add_error(field_for(error, self.fields), message_for(error))


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
        "claims_matadors": record.claims.matadors,
        "claims_sans_prendre": record.claims.sans_prendre,
    }
    if record.penalties:
        p = record.penalties[0]
        initial.update(
            penalty_kind=p.kind.value,
            penalty_seat=p.seats[0],
            penalty_other=p.seats[1] if len(p.seats) > 1 else None,
            penalty_count=p.count,
            penalty_intentional=p.intentional,
        )
    if record.tricks_by_seat:
        for s in range(4):
            initial[f"seat_tricks_{s}"] = record.tricks_by_seat[s]
    return initial
