from django.contrib import admin

from scorekeeper.tables.models import Deal, DealChange, Table


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "number", "seat_0", "seat_1", "seat_2", "seat_3"]
    list_filter = ["event"]
    # Every field is recorded data: seats change through the director's audited seat actions (which replay the
    # table), the end of a round through its service, the link through "new link"; the first dealer fixes the
    # rotation every recorded deal was checked against. The admin shows them.
    readonly_fields = [
        "event",
        "round",
        "number",
        "seat_0",
        "seat_1",
        "seat_2",
        "seat_3",
        "first_dealer",
        "ended_at",
        "drawn_cards",
        "revision",
    ]

    def has_add_permission(self, request) -> bool:
        return False  # tables are seated by the draw, which checks the players

    def has_change_permission(self, request, obj=None) -> bool:
        # An extra tour, a new link or a seat goes through its audited service. A save from this page would write back
        # every column as it was read, the table's revision and snapshot among them, over a deal saved meanwhile.
        return False


class DealChangeInline(admin.TabularInline):
    model = DealChange
    extra = 0
    can_delete = False
    readonly_fields = ["action", "before", "after", "reason", "who", "at"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "void", "contract", "hombre", "tricks"]
    list_filter = ["table__event"]
    inlines = [DealChangeInline]

    def has_change_permission(self, request, obj=None) -> bool:
        # Corrections go through the table page, which replays the table and writes the audit.
        return False
