"""Draw the web app's icons (kahvehane/web/static/icons/): a tea glass on a felt-green
rounded square, as PNG at 192 and 512 px (and a maskable 512 px with more margin), in
pure Python (zlib only, no image library), plus the same picture as SVG.

    .venv/bin/python tools/make_icons.py

The PNGs are committed; run this again only to change the picture.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "kahvehane" / "web" / "static" / "icons"
FELT = (0x1F, 0x5F, 0x3F)
GLASS = (0xF6, 0xEF, 0xE2)
TEA = (0xB0, 0x3A, 0x1C)
SAUCER = (0xF3, 0xC9, 0x7A)

Shape = Callable[[float, float], bool]


def _rounded(x0: float, y0: float, x1: float, y1: float, r: float) -> Shape:
    def inside(x: float, y: float) -> bool:
        cx = min(max(x, x0 + r), x1 - r)
        cy = min(max(y, y0 + r), y1 - r)
        return x0 <= x <= x1 and y0 <= y <= y1 and (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    return inside


def _glass(top: float, bottom: float, half_top: float, half_bottom: float) -> Shape:
    """A tulip-ish tea glass: a trapezium narrowing towards its middle."""
    def inside(x: float, y: float) -> bool:
        if not top <= y <= bottom:
            return False
        t = (y - top) / (bottom - top)
        waist = 1 - 4 * t * (1 - t) * 0.28  # narrower in the middle
        half = (half_top + (half_bottom - half_top) * t) * waist
        return abs(x - 0.5) <= half
    return inside


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> Shape:
    return lambda x, y: ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1


def picture(margin: float) -> list[tuple[Shape, tuple[int, int, int]]]:
    """The layers, in unit coordinates; ``margin`` shrinks the drawing (maskable)."""
    def m(shape: Shape) -> Shape:
        scale = 1 - 2 * margin
        return lambda x, y: shape((x - margin) / scale, (y - margin) / scale)
    return [
        (_rounded(0, 0, 1, 1, 0.18) if margin == 0 else (lambda x, y: True), FELT),
        (m(_ellipse(0.5, 0.80, 0.30, 0.07)), SAUCER),
        (m(_glass(0.22, 0.78, 0.19, 0.15)), GLASS),
        (m(_glass(0.36, 0.74, 0.165, 0.125)), TEA),
    ]


def render(size: int, margin: float = 0.0, samples: int = 3) -> bytes:
    layers = picture(margin)
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) / size
                    y = (py + (sy + 0.5) / samples) / size
                    colour = None
                    for shape, rgb in layers:
                        if shape(x, y):
                            colour = rgb
                    if colour is not None:
                        acc[0] += colour[0]
                        acc[1] += colour[1]
                        acc[2] += colour[2]
                        acc[3] += 255
            n = samples * samples
            alpha = acc[3] / n
            if alpha:
                row += bytes(round(c / (acc[3] / 255)) for c in acc[:3]) + bytes([round(alpha)])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="18" fill="#1f5f3f"/>
<ellipse cx="50" cy="80" rx="30" ry="7" fill="#f3c97a"/>
<path d="M31 22 H69 Q61 50 65 78 H35 Q39 50 31 22 Z" fill="#f6efe2"/>
<path d="M35.5 36 H64.5 Q58 55 61.5 74 H38.5 Q42 55 35.5 36 Z" fill="#b03a1c"/>
</svg>
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon-192.png").write_bytes(render(192))
    (OUT / "icon-512.png").write_bytes(render(512, samples=2))
    (OUT / "maskable-512.png").write_bytes(render(512, margin=0.12, samples=2))
    (OUT / "icon.svg").write_text(SVG, encoding="utf-8")


if __name__ == "__main__":
    main()
