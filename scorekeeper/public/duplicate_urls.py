from django.urls import path

from scorekeeper.public import views_duplicate as views

urlpatterns = [
    path("p/<str:token>/duplicate/", views.public_results, name="duplicate-results"),
    path("p/<str:token>/duplicate/boards/<int:board>/", views.public_traveller, name="duplicate-traveller"),
    path("p/<str:token>/duplicate/entrants/<int:number>/", views.public_card, name="duplicate-card"),
]
