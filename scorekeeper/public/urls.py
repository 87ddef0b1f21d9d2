from django.urls import path

from scorekeeper.public import views

urlpatterns = [
    path("events/<int:event_id>/public-link/", views.event_link, name="event-public-link"),
    path("p/<str:token>/", views.standings, name="public-standings"),
    path("p/<str:token>/live/", views.live, name="public-live"),
    path("p/<str:token>/cards/<int:number>/", views.score_card, name="public-card"),
    path("p/<str:token>/qr.svg", views.standings_qr, name="public-qr"),
    path("me/<str:token>/", views.player_page, name="player-page"),
    path("clubs/<int:club_id>/results-site/", views.club_site_switch, name="club-site-switch"),
    path("results/<int:club_id>/", views.club_site, name="club-site"),
    path("results/<int:club_id>/events/<int:event_id>/", views.club_site_event, name="club-site-event"),
    path("results/<int:club_id>/season/<int:year>/", views.club_site_season, name="club-site-season"),
    path("results/<int:club_id>/players/<int:player_id>/", views.club_site_player, name="club-site-player"),
]
