from django.contrib import admin

from scorekeeper.events.models import Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "ruleset", "status"]
    list_filter = ["club", "ruleset", "status"]
