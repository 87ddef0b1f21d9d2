from django.urls import path

from scorekeeper.tournaments import views

urlpatterns = [
    path("clubs/<int:club_id>/tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:event_id>/", views.tournament_page, name="tournament"),
    path("tournaments/<int:event_id>/change/", views.change, name="tournament-change"),
    path("tournaments/<int:event_id>/schedule.json", views.schedule_record, name="tournament-schedule"),
    path("at/<str:token>/", views.place, name="place"),
    path("at/<str:token>/qr.svg", views.place_qr, name="place-qr"),
]
