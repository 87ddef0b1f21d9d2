from django.urls import path

from scorekeeper.pages import views

urlpatterns = [
    path("", views.home, name="home"),
    path("docs/<slug:name>/", views.document, name="document"),
]
