"""Draw the app's icons: a white playing card with a black spade on the club's green felt.

Run `python scripts/make_icons.py` after changing the drawing; the files in static/icons/ are committed,
so the app serves them without Pillow doing anything at run time. The SVG favicon is written by hand
beside them (static/icons/favicon.svg) and shows the same drawing.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
FELT = (31, 92, 58)  # --felt in app.css
PAPER = (251, 248, 241)  # --paper
INK = (29, 27, 22)  # --ink
GOLD = (184, 134, 11)  # --accent
SUPERSAMPLE = 4


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill) -> None:
    """A spade of height `size` centred on (cx, cy): two lobes, a point, a flared stem."""
    r = size * 0.24
    lobe_y = cy + size * 0.06
    for dx in (-r * 0.98, r * 0.98):
        draw.ellipse([cx + dx - r, lobe_y - r, cx + dx + r, lobe_y + r], fill=fill)
    top = cy - size * 0.5
    # The upper body: a curve from the point down to the lobes' outer edges.
    steps = 40
    left, right = [], []
    for i in range(steps + 1):
        t = i / steps
        y = top + t * (lobe_y - top)
        half = (1.96 * r) * math.sin(t * math.pi / 2) ** 1.3
        left.append((cx - half, y))
        right.append((cx + half, y))
    draw.polygon(left + [(cx, lobe_y + r * 0.4)] + right[::-1], fill=fill)
    stem_top = lobe_y + r * 0.2
    stem_bottom = cy + size * 0.5
    draw.polygon(
        [
            (cx - size * 0.04, stem_top),
            (cx + size * 0.04, stem_top),
            (cx + size * 0.2, stem_bottom),
            (cx - size * 0.2, stem_bottom),
        ],
        fill=fill,
    )


def card_icon(px: int, *, safe: float = 1.0, rounded: bool = True) -> Image.Image:
    """The icon at px×px. `safe` shrinks the drawing into the centre (maskable icons are cropped to a circle)."""
    n = px * SUPERSAMPLE
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if rounded:
        draw.rounded_rectangle([0, 0, n - 1, n - 1], radius=n * 0.18, fill=FELT)
    else:
        draw.rectangle([0, 0, n - 1, n - 1], fill=FELT)
    card_h = n * 0.78 * safe
    card_w = card_h * 0.7
    x0, y0 = (n - card_w) / 2, (n - card_h) / 2
    draw.rounded_rectangle(
        [x0, y0, x0 + card_w, y0 + card_h], radius=card_w * 0.12, fill=PAPER, outline=GOLD, width=max(1, n // 48)
    )
    spade(draw, n / 2, n / 2, card_h * 0.55, INK)
    return image.resize((px, px), Image.LANCZOS)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    card_icon(192).save(ICONS / "icon-192.png", optimize=True)
    card_icon(512).save(ICONS / "icon-512.png", optimize=True)
    # Maskable: full-bleed felt, the card inside the central 80% circle the launcher keeps.
    card_icon(512, safe=0.72, rounded=False).save(ICONS / "icon-maskable-512.png", optimize=True)
    # iOS draws its own rounded corners and fills transparency with black: square and opaque.
    card_icon(180, rounded=False).convert("RGB").save(ICONS / "apple-touch-icon.png", optimize=True)
    card_icon(32, safe=1.15).save(ICONS / "favicon-32.png", optimize=True)
    card_icon(48, safe=1.15).save(ICONS / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])


if __name__ == "__main__":
    main()
