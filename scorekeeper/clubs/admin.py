from django.contrib import admin

from scorekeeper.clubs.models import Club, Player


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "language"]
    filter_horizontal = ["directors"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "active"]
    list_filter = ["club", "active"]
    search_fields = ["name"]

    def get_readonly_fields(self, request, obj=None) -> list[str]:
        return ["club"] if obj is not None else []  # his seats and check-ins are in this club's events
