from django.urls import path

from scorekeeper.tournaments import views

urlpatterns = [
    path("clubs/<int:club_id>/tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:event_id>/", views.tournament_page, name="tournament"),
    path("tournaments/<int:event_id>/confirm/", views.confirm, name="tournament-confirm"),
    path("tournaments/<int:event_id>/open/", views.round_open, name="tournament-open"),
    path("tournaments/<int:event_id>/redraw/", views.redraw, name="tournament-redraw"),
    path("tournaments/<int:event_id>/late/", views.late_arrival, name="tournament-late"),
    path("tournaments/<int:event_id>/withdraw/", views.withdraw, name="tournament-withdraw"),
    path("tournaments/<int:event_id>/keep-apart/", views.keep_apart, name="tournament-keep-apart"),
    path("tournaments/<int:event_id>/substitute/", views.substitute, name="tournament-substitute"),
    path("tournaments/<int:event_id>/tables/<int:planned_id>/end/", views.table_end, name="tournament-table-end"),
    path("tournaments/<int:event_id>/close/", views.close, name="tournament-close"),
    path("tournaments/<int:event_id>/verify/", views.verify, name="tournament-verify"),
    path("at/<str:token>/", views.place, name="place"),
    path("at/<str:token>/qr.svg", views.place_qr, name="place-qr"),
]
