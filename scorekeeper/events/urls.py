from django.urls import path

from scorekeeper.events import views

urlpatterns = [
    path("events/<int:event_id>/", views.event_page, name="event"),
    path("events/<int:event_id>/checkin/", views.checkin, name="event-checkin"),
    path("events/<int:event_id>/draw/", views.draw, name="event-draw"),
    path("events/<int:event_id>/late/", views.late_arrival, name="event-late"),
    path("events/<int:event_id>/tables/<int:table_id>/end/", views.table_end, name="event-table-end"),
    path("events/<int:event_id>/tables/<int:table_id>/seats/", views.table_seats, name="event-table-seats"),
    path("events/<int:event_id>/tables/<int:table_id>/link/", views.table_link, name="event-table-link"),
    path("events/<int:event_id>/close/", views.close, name="event-close"),
    path("events/<int:event_id>/reopen/", views.reopen, name="event-reopen"),
    path("events/<int:event_id>/standings/", views.standings, name="event-standings"),
    path("events/<int:event_id>/live/", views.live, name="event-live"),
    path("clubs/<int:club_id>/events/new/", views.event_new, name="event-new"),
    path("clubs/<int:club_id>/players/", views.players, name="players"),
    path("clubs/<int:club_id>/merges/<int:merge_id>/undo/", views.merge_undo, name="merge-undo"),
    path("clubs/<int:club_id>/house-rules/", views.house_rules, name="house-rules"),
    path("clubs/<int:club_id>/house-rules/new/", views.house_rules_edit, name="house-rules-new"),
    path("clubs/<int:club_id>/house-rules/<int:preset_id>/", views.house_rules_edit, name="house-rules-edit"),
    path(
        "clubs/<int:club_id>/house-rules/<int:preset_id>/delete/", views.house_rules_delete, name="house-rules-delete"
    ),
    path("director/", views.director_home, name="director"),
]
