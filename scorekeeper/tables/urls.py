from django.urls import path

from scorekeeper.tables.views import deals, entry, files

urlpatterns = [
    path("t/<str:token>/", entry.table_page, name="table"),
    path("t/<str:token>/preview/", entry.table_preview, name="table-preview"),
    path("t/<str:token>/misdeal/", entry.table_misdeal, name="table-misdeal"),
    path("t/<str:token>/sign/", entry.table_sign, name="table-sign"),
    path("t/<str:token>/deals/<int:position>/", deals.deal_page, name="deal"),
    path("t/<str:token>/deals/<int:position>/strike/", deals.deal_strike, name="deal-strike"),
    path("t/<str:token>/export.json", files.table_export_json, name="table-export-json"),
    path("t/<str:token>/export.csv", files.table_export_csv, name="table-export-csv"),
    path("t/<str:token>/qr.svg", files.table_qr, name="table-qr"),
    path("t/<str:token>/import/", files.table_import, name="table-import"),
]
