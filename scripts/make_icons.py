#!/usr/bin/env python3
"""Draw the app icons (web/icons/*.png, web/icons/icon.svg) with no dependencies.

The icon is our own: three fanned cards on the site's green, a red heart on the front card.
The PNGs are rasterised here with plain Python (shapes tested per pixel with 4×4
supersampling, written with zlib), so the result is the same on every machine. The files
are committed; run this again only to change the drawing:

    python3 scripts/make_icons.py            # writes web/icons/

Sizes: 192 and 512 px ("any": rounded corners, transparent outside) and a 512 px
"maskable" one (full-bleed background, the drawing inside the central 80 % safe circle).
"""
from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"

GREEN = (31, 94, 70)
CARD = (248, 241, 226)
EDGE = (20, 60, 45)
RED = (200, 54, 61)

CARD_W, CARD_H, CARD_R = 0.34, 0.48, 0.045   # in units of the drawing's size
FAN = (-16.0, 0.0, 16.0)                     # card angles, degrees, around the pivot
PIVOT = (0.5, 0.78)


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> bool:
    """Is (x, y) inside the w×h rectangle centred on the origin with corner radius r?"""
    dx, dy = abs(x) - (w / 2 - r), abs(y) - (h / 2 - r)
    if dx <= 0 or dy <= 0:
        return abs(x) <= w / 2 and abs(y) <= h / 2
    return dx * dx + dy * dy <= r * r


def heart(x: float, y: float, size: float) -> bool:
    """The classic heart curve (x²+y²−1)³ − x²y³ ≤ 0, point up-side down for screen y."""
    u, v = x / size, -y / size
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0


def colour_at(x: float, y: float, scale: float, full_bleed: bool):
    """Colour of the point (x, y) in [0, 1)², or None for transparent."""
    if full_bleed:
        colour = GREEN
    elif rounded_rect(x - 0.5, y - 0.5, 1.0, 1.0, 0.18):
        colour = GREEN
    else:
        return None
    # the drawing is scaled about the centre (maskable: into the safe circle)
    x, y = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
    card_centre_y = PIVOT[1] - CARD_H / 2
    for k, angle in enumerate(FAN):
        a = math.radians(-angle)
        px, py = x - PIVOT[0], y - PIVOT[1]
        rx = px * math.cos(a) - py * math.sin(a)
        ry = px * math.sin(a) + py * math.cos(a)
        cx, cy = rx, ry + PIVOT[1] - card_centre_y
        if rounded_rect(cx, cy, CARD_W, CARD_H, CARD_R):
            inner = rounded_rect(cx, cy, CARD_W - 0.022, CARD_H - 0.022, CARD_R - 0.011)
            colour = CARD if inner else EDGE
            if k == len(FAN) - 1 and inner and heart(cx, cy + 0.01, 0.105):
                colour = RED
    return colour


def render(size: int, scale: float, full_bleed: bool, samples: int = 4) -> bytes:
    """RGBA rows of the icon at ``size`` px."""
    rows = bytearray()
    n = samples * samples
    for j in range(size):
        rows.append(0)  # PNG filter: none
        for i in range(size):
            r = g = b = a = 0
            for sj in range(samples):
                for si in range(samples):
                    c = colour_at((i + (si + 0.5) / samples) / size, (j + (sj + 0.5) / samples) / size,
                                  scale, full_bleed)
                    if c is not None:
                        r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
            if a:
                rows += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / n)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + chunk(b"IEND", b""))


def svg() -> str:
    """The same drawing as a scalable SVG (favicon)."""
    cards = []
    for k, angle in enumerate(FAN):
        x, y = (PIVOT[0] - CARD_W / 2) * 100, (PIVOT[1] - CARD_H) * 100
        cards.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W * 100:.1f}" height="{CARD_H * 100:.1f}" '
                     f'rx="{CARD_R * 100:.1f}" fill="#{bytes(CARD).hex()}" stroke="#{bytes(EDGE).hex()}" '
                     f'stroke-width="1.1" transform="rotate({angle:g} {PIVOT[0] * 100:g} {PIVOT[1] * 100:g})"/>')
    cx, cy = PIVOT[0] * 100, (PIVOT[1] - CARD_H / 2) * 100 + 1
    heart_path = (f'<path transform="rotate({FAN[-1]:g} {PIVOT[0] * 100:g} {PIVOT[1] * 100:g})" '
                  f'd="M{cx:.1f} {cy + 9:.1f} C{cx - 14:.1f} {cy - 1:.1f} {cx - 9:.1f} {cy - 13:.1f} '
                  f'{cx:.1f} {cy - 6:.1f} C{cx + 9:.1f} {cy - 13:.1f} {cx + 14:.1f} {cy - 1:.1f} '
                  f'{cx:.1f} {cy + 9:.1f}Z" fill="#{bytes(RED).hex()}"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" rx="18" fill="#{bytes(GREEN).hex()}"/>'
            + "".join(cards) + heart_path + "</svg>\n")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, scale, full in [("icon-192.png", 192, 1.0, False), ("icon-512.png", 512, 1.0, False),
                                    ("icon-maskable-512.png", 512, 0.8, True)]:
        (OUT / name).write_bytes(png(size, render(size, scale, full)))
        print(f"wrote web/icons/{name}")
    (OUT / "icon.svg").write_text(svg())
    print("wrote web/icons/icon.svg")


if __name__ == "__main__":
    main()
