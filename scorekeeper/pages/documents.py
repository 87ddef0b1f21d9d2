"""The project's own documents a club may want to read from the app (the rules it scores by, the format its
exports use), written in Markdown and served as pages: the text stays the one the engine is checked against."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.conf import settings
from markdown_it import MarkdownIt

DOCUMENTS = {"rules": "QUADRILLE-SCORING.md", "interchange": "INTERCHANGE.md"}


@dataclass(frozen=True)
class Document:
    title: str
    html: str


def _markdown() -> MarkdownIt:
    # CommonMark with tables; raw HTML in the text is shown as text, never passed through.
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    # A wide table scrolls inside its own box, so the page keeps to the phone's width.
    markdown.add_render_rule("table_open", lambda *_: '<div class="scroll-x"><table>\n')
    markdown.add_render_rule("table_close", lambda *_: "</table></div>\n")
    return markdown


@functools.cache
def document(name: str) -> Document | None:
    """The document `name` rendered once per process (None for an unknown name)."""
    if name not in DOCUMENTS:
        return None
    text = (settings.BASE_DIR / "docs" / DOCUMENTS[name]).read_text(encoding="utf-8")
    markdown = _markdown()
    tokens = markdown.parse(text)
    title = next(
        (tokens[i + 1].content for i, token in enumerate(tokens) if token.type == "heading_open" and token.tag == "h1"),
        DOCUMENTS[name],
    )
    return Document(title=title, html=markdown.renderer.render(tokens, markdown.options, {}))
