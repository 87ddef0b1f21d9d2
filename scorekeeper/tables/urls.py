from django.urls import path

from scorekeeper.tables import views

urlpatterns = [
    path("t/<str:token>/", views.table_page, name="table"),
    path("t/<str:token>/preview/", views.table_preview, name="table-preview"),
    path("t/<str:token>/misdeal/", views.table_misdeal, name="table-misdeal"),
    path("t/<str:token>/deals/<int:position>/", views.deal_page, name="deal"),
    path("t/<str:token>/export.json", views.table_export_json, name="table-export-json"),
    path("t/<str:token>/export.csv", views.table_export_csv, name="table-export-csv"),
    path("t/<str:token>/qr.svg", views.table_qr, name="table-qr"),
    path("t/<str:token>/import/", views.table_import, name="table-import"),
]
