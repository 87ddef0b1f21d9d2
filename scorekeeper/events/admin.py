from django.contrib import admin

from scorekeeper.events.models import Event, EventLog, HouseRules, PlayerMerge
from scorekeeper.tables.models import Deal

# Set at creation by event_create (checked by the engine) and frozen once a deal is recorded: every table's fold,
# its exports, the standings and the season's ladder are computed with them.
FROZEN_BY_DEALS = ["ruleset", "options", "favourite_suit", "start"]


class EventLogInline(admin.TabularInline):
    model = EventLog
    extra = 0
    can_delete = False
    readonly_fields = ["action", "who", "note", "at"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "ruleset", "status"]
    list_filter = ["club", "ruleset", "status"]
    inlines = [EventLogInline]

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        # Closing and reopening go through the director's page, which ends the tables and writes the log.
        fields = ["status", "closed_at"]
        if obj is not None:
            fields.append("club")  # its tables seat players of this club
            if Deal.objects.filter(table__event=obj).exists():
                fields += FROZEN_BY_DEALS
        return fields

    def has_add_permission(self, request) -> bool:
        return False  # the new-event page checks the rule set and options with the engine


@admin.register(HouseRules)
class HouseRulesAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "ruleset"]
    list_filter = ["club"]


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    list_display = ["name", "into", "who", "at", "undone_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # undone from the players page, which puts back what moved
