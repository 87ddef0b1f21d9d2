from django.urls import path

from scorekeeper.pages import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("docs/<slug:name>/", views.document, name="document"),
]
