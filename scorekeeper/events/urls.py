from django.urls import path

from scorekeeper.events.views import club, evening, standings

urlpatterns = [
    path("events/<int:event_id>/", evening.event_page, name="event"),
    path("events/<int:event_id>/checkin/", evening.checkin, name="event-checkin"),
    path("events/<int:event_id>/draw/", evening.draw, name="event-draw"),
    path("events/<int:event_id>/late/", evening.late_arrival, name="event-late"),
    path("events/<int:event_id>/tables/<int:table_id>/end/", evening.table_end, name="event-table-end"),
    path("events/<int:event_id>/tables/<int:table_id>/extend/", evening.table_extend, name="event-table-extend"),
    path("events/<int:event_id>/tables/<int:table_id>/seats/", evening.table_seats, name="event-table-seats"),
    path("events/<int:event_id>/tables/<int:table_id>/link/", evening.table_link, name="event-table-link"),
    path("events/<int:event_id>/close/", evening.close, name="event-close"),
    path("events/<int:event_id>/reopen/", evening.reopen, name="event-reopen"),
    path("events/<int:event_id>/standings/", standings.standings, name="event-standings"),
    path("events/<int:event_id>/live/", standings.live, name="event-live"),
    path("clubs/<int:club_id>/events/new/", club.event_new, name="event-new"),
    path("clubs/<int:club_id>/players/", club.players, name="players"),
    path("clubs/<int:club_id>/merges/<int:merge_id>/undo/", club.merge_undo, name="merge-undo"),
    path("clubs/<int:club_id>/house-rules/", club.house_rules, name="house-rules"),
    path("clubs/<int:club_id>/house-rules/new/", club.house_rules_edit, name="house-rules-new"),
    path("clubs/<int:club_id>/house-rules/<int:preset_id>/", club.house_rules_edit, name="house-rules-edit"),
    path("clubs/<int:club_id>/house-rules/<int:preset_id>/delete/", club.house_rules_delete, name="house-rules-delete"),
    path("director/", club.director_home, name="director"),
]
