"""A tournament in the database: its settings, entrants, teams and keep-apart pairs, the schedule as planned, the
substitutes, and the physical tables whose one link lasts the whole event.

Each model says how it maps to the tournament document of T-82 (docs/TOURNAMENTS.md §10), which the tournament's
export writes from these rows and its import reads back into them. The rules (planning, verifying, scoring) stay
in `scorekeeper.engine.tournament`; these rows only keep what it was given and what it returned.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.links import new_token


class Tournament(models.Model):
    """The tournament settings of an `events.Event` of kind tournament (T-5).

    Document (T-82): `name`, `date`, `ruleset`, `options` (the rule set's, session.tours among them) and `start`
    are the event's; `tournament` is `options` here (Appendix T's keys, only those that differ from the defaults,
    as `TournamentOptions.as_mapping(changed_only=True)` writes them); `seed_sha256` is `seed_sha256`; `seed` is
    `seed` once `seed_revealed_at` is set, null before (T-26). The sessions (`sessions`: rounds per session, as
    T-81's request) give each round's `session`. The tours per table-round are the event's `session.tours`
    option (`tours`), the one length every table plays (T-6).

    `record` is the schedule record of T-28 as the planner last returned it (with T-81's `measures` and `target`,
    and what *verify* needs: `version`, `fixed_rounds`, …); the rounds below are its rows, the truth for play.
    `confirmed_at` is set when the director confirms the plan's preview (T-15); before it nothing is opened.
    """

    event = models.OneToOneField(
        "events.Event", on_delete=models.CASCADE, related_name="tournament", verbose_name=_("event")
    )
    # At least 128 random bits in lowercase hex (T-26); kept secret until the tournament closes.
    seed = models.CharField(_("seed"), max_length=128)
    seed_sha256 = models.CharField(_("seed commitment"), max_length=64)
    seed_revealed_at = models.DateTimeField(null=True, blank=True)
    sessions = models.JSONField(_("rounds per session"), default=list)
    options = models.JSONField(_("tournament options"), default=dict, blank=True)
    record = models.JSONField(default=dict, blank=True, editable=False)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return str(self.event)

    @property
    def rounds(self) -> int:
        """R: the number of rounds over all sessions."""
        return sum(self.sessions)

    @property
    def tours(self) -> int:
        """Tours per table-round (T-6): the event's session.tours."""
        return self.event.tours_per_round

    def session_of(self, round_number: int) -> int:
        """The session (1-based) that holds a round (1-based)."""
        total = 0
        for session, count in enumerate(self.sessions, start=1):
            total += count
            if round_number <= total:
                return session
        raise ValueError(f"round {round_number} is past the plan")


class Team(models.Model):
    """A team or pair (§6): its members are the entrants whose `team` it is.

    Document (T-82, T-81): one entry of `teams`, `{name: [member numbers]}`, members in entrant-number order.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team"), max_length=80)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique_in_tournament")]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """A player entered in the tournament, numbered 1, 2, … in order of entry (a late arrival takes the next).

    Document (T-82): one item of `entrants`: `number`, `name` (the player's), and `withdrawn_after` when set.
    Schedule request (T-81): `from_round` (rounds before it are absences, T-23) and `until_round`, which is
    `withdrawn_after` (null: present to the last round, T-24).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    number = models.PositiveIntegerField(_("number"))
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="+", verbose_name=_("player"))
    from_round = models.PositiveSmallIntegerField(_("from round"), default=1)
    withdrawn_after = models.PositiveSmallIntegerField(_("withdrawn after round"), null=True, blank=True)
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="members", verbose_name=_("team")
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entrant_number_unique_in_tournament"),
            models.UniqueConstraint(fields=["tournament", "player"], name="entrant_player_once_in_tournament"),
        ]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")

    def __str__(self) -> str:
        return f"{self.number} {self.player}"


class KeepApart(models.Model):
    """Two entrants the director keeps from one table (family, same car, …; T-13 item 4).

    Document (T-82, T-81): one item of `keep_apart`, `[first.number, second.number]`, in the order entered.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="keep_apart")
    first = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="keep_apart_pair_once"),
            models.CheckConstraint(condition=~models.Q(first=models.F("second")), name="keep_apart_two_entrants"),
        ]
        verbose_name = _("keep-apart pair")
        verbose_name_plural = _("keep-apart pairs")

    def __str__(self) -> str:
        return f"{self.first_id} / {self.second_id}"


class PlannedRound(models.Model):
    """One round of the schedule (T-11, T-28): its tables (below) and its byes.

    Document (T-82): one item of `rounds`: `round` is `number`, `session` is `session`, `started` is whether
    `started_at` is set (T-22: its tables are open; it is never re-planned), `byes` is `byes` (entrant numbers).
    An entrant neither seated nor on a bye is absent in that round. A round not started is the plan only:
    re-planning (T-22 … T-25) replaces it and its tables.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="planned_rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    session = models.PositiveSmallIntegerField(_("session"))
    byes = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="planned_round_unique_in_tournament")
        ]
        verbose_name = _("planned round")
        verbose_name_plural = _("planned rounds")

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"

    @property
    def started(self) -> bool:
        return self.started_at is not None


class PlannedTable(models.Model):
    """One table of a planned round: four entrant numbers in seat order 0–3 (seat 0 deals first, T-11), and, once
    the round is started, the `tables.Table` where it is played (its deals, its end).

    Document (T-82): one item of a round's `tables`: `table` is `number`, `seats` is `seats`, `short` is `short`
    (the director ended it after its last whole tour, T-9), `substitutes` are its `Substitute` rows, and `deals`
    are the deal records of `table` (`tables.Deal`, in play order, as the table's interchange export writes them).
    """

    round = models.ForeignKey(PlannedRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    seats = models.JSONField()
    table = models.OneToOneField(
        "tables.Table", on_delete=models.SET_NULL, null=True, blank=True, related_name="planned"
    )
    short = models.BooleanField(_("short"), default=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="planned_table_unique_in_round")]
        verbose_name = _("planned table")
        verbose_name_plural = _("planned tables")

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"


class Substitute(models.Model):
    """Someone who takes an entrant's seat from a given deal to the end of one table-round (T-25); never ranked.

    Document (T-82): one item of the table's `substitutes`: `seat` (0–3), `name` (the player's name when `player`
    is set, else `name`), `from_deal` (the 1-based position of the first deal record the substitute played, void
    records included). The entrant replaced is `planned_table.seats[seat]`.
    """

    planned_table = models.ForeignKey(PlannedTable, on_delete=models.CASCADE, related_name="substitutes")
    seat = models.PositiveSmallIntegerField(_("seat"))
    name = models.CharField(_("name"), max_length=80, blank=True, default="")
    player = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("player")
    )
    from_deal = models.PositiveIntegerField(_("from deal"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["planned_table", "seat", "from_deal"]
        constraints = [
            models.CheckConstraint(condition=models.Q(seat__lte=3), name="substitute_seat_is_a_seat"),
            models.CheckConstraint(condition=models.Q(from_deal__gte=1), name="substitute_from_a_deal"),
            models.UniqueConstraint(fields=["planned_table", "seat", "from_deal"], name="substitute_once_per_deal"),
        ]
        verbose_name = _("substitute")
        verbose_name_plural = _("substitutes")

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        return self.player.name if self.player_id else self.name


class PhysicalTable(models.Model):
    """A table in the room, for a whole event (an evening or a tournament): its one link and QR code, printed once
    on its table card, open whichever `tables.Table` of that number the current round plays there.

    Not part of the tournament document: a link belongs to the room, not to the results.
    """

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="physical_tables")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="physical_table_unique_in_event")]
        verbose_name = _("physical table")
        verbose_name_plural = _("physical tables")

    def __str__(self) -> str:
        return f"{self.event} · {self.number}"


# A duplicate round's boards live in a module of their own; imported here so that Django registers them.
from scorekeeper.tournaments.board_models import Board, BoardPlay  # noqa: E402

__all__ = [
    "Board",
    "BoardPlay",
    "Entrant",
    "KeepApart",
    "PhysicalTable",
    "PlannedRound",
    "PlannedTable",
    "Substitute",
    "Team",
    "Tournament",
]
