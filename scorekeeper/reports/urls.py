from django.urls import path

from scorekeeper.reports import views

urlpatterns = [
    path("t/<str:token>/sheet.pdf", views.table_sheet, name="table-sheet"),
    path("t/<str:token>/blank.pdf", views.blank_sheet, name="table-blank"),
    path("events/<int:event_id>/report.pdf", views.event_report, name="event-report"),
    path("events/<int:event_id>/rounds/<int:number>/results.pdf", views.round_report, name="tournament-round-report"),
    path("events/<int:event_id>/table-cards.pdf", views.table_cards, name="event-table-cards"),
    path("events/<int:event_id>/rounds/<int:round>/seating.pdf", views.seating_list, name="event-seating"),
    path("events/<int:event_id>/players/<int:player_id>/report.pdf", views.personal_report, name="player-report"),
    path("clubs/<int:club_id>/players/<int:player_id>/season.pdf", views.season_report, name="player-season"),
]
