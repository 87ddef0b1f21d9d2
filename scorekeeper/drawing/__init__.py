"""Drawings shared by the pages and the printed reports (charts, and the DejaVu fonts they and the PDFs use).

A low room: reportlab only, no Django, no app; reports and analysis both import it, it imports neither."""
