from django.contrib import admin

from scorekeeper.tables.models import Deal, DealChange, Table


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "number", "seat_0", "seat_1", "seat_2", "seat_3"]
    list_filter = ["event"]
    # The first dealer fixes the rotation every recorded deal was checked against.
    readonly_fields = ["first_dealer", "revision"]

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        obj.changed()  # a seat may have changed hands: figures kept for the table are stale


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
