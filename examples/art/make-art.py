#!/usr/bin/env python3
"""Draws the text-art images of the LayerLab examples (deterministic; run from this folder).

Text art is one character a pixel under a palette (see docs/text-art.md). The skyline tiles
seamlessly: buildings that cross its right edge continue at its left.
"""
import random

def write(name, palette, rows, comment):
    with open(name, "w") as f:
        f.write(f"# {comment}\n# made by examples/art/make-art.py\n")
        for k, v in palette.items():
            f.write(f"{k} = {v}\n")
        f.write("\n")
        for r in rows:
            f.write("".join(r).rstrip() + "\n")

def skyline():
    w, h = 160, 48
    g = [["." for _ in range(w)] for _ in range(h)]
    rng = random.Random(7)
    x = 0
    while x < w:
        bw = rng.randint(9, 18)
        bh = rng.randint(14, 44)
        col = rng.choice("ABC")
        for dx in range(bw):
            xx = (x + dx) % w
            for y in range(h - bh, h):
                g[y][xx] = col
        # windows: a grid of lit and dark panes
        for y in range(h - bh + 3, h - 2, 4):
            for dx in range(2, bw - 2, 3):
                xx = (x + dx) % w
                g[y][xx] = "W" if rng.random() < 0.55 else "D"
                g[y + 1][xx] = g[y][xx]
        # an antenna on some roofs
        if rng.random() < 0.3 and bh < 42:
            ax = (x + bw // 2) % w
            for y in range(h - bh - 4, h - bh):
                g[y][ax] = col
        x += bw + rng.randint(0, 3)
    # ground strip
    for y in range(h - 2, h):
        for xx in range(w):
            g[y][xx] = "G"
    write("skyline.txt", {"A": "#8a9bb0", "B": "#6f8196", "C": "#a4b2c2", "W": "#f4e7a1",
                          "D": "#4d5b6b", "G": "#5b6b5b"}, g,
          "a city skyline that tiles left to right, 160x48")

def tree():
    w, h = 24, 32
    g = [["." for _ in range(w)] for _ in range(h)]
    cx = w // 2
    for y in range(18, h):
        for x in range(cx - 1, cx + 2):
            g[y][x] = "T"
    blobs = [(12, 8, 8), (7, 12, 6), (17, 12, 6), (12, 14, 7)]
    for bx, by, r in blobs:
        for y in range(h):
            for x in range(w):
                if (x - bx) ** 2 + (y - by) ** 2 <= r * r:
                    g[y][x] = "L" if (x + y) % 5 else "M"
    write("tree.txt", {"T": "#6b4a2b", "L": "#3f8f4a", "M": "#2f6f3a"}, g, "a tree, 24x32")

def man(frame):
    """A walker seen from the side: four poses of one stride cycle."""
    w, h = 16, 24
    g = [["." for _ in range(w)] for _ in range(h)]
    def px(x, y, c):
        if 0 <= x < w and 0 <= y < h:
            g[y][x] = c
    def line(x0, y0, x1, y1, c):
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(n + 1):
            px(round(x0 + (x1 - x0) * i / n), round(y0 + (y1 - y0) * i / n), c)
    # head
    for y in range(1, 5):
        for x in range(6, 10):
            if (x - 7.5) ** 2 + (y - 2.5) ** 2 <= 4.5:
                px(x, y, "S")
    px(9, 2, "K")
    # body
    for y in range(5, 13):
        for x in range(6, 10):
            px(x, y, "J")
    swings = [(-3, 3), (0, 0), (3, -3), (0, 0)]
    front, back = swings[frame]
    bob = 0 if frame in (0, 2) else -1
    # legs from hip (8, 13) to feet
    line(7, 13, 7 + front, 22 + bob, "P")
    line(8, 13, 8 + back, 22 + bob, "Q")
    px(8 + front, 22 + bob, "B"); px(9 + front, 22 + bob, "B")
    px(9 + back, 22 + bob, "B"); px(10 + back, 22 + bob, "B")
    # arms swing opposite to the legs
    line(8, 6, 8 - front, 12, "S")
    line(7, 6, 7 - back, 12, "K")
    write(f"man{frame}.txt", MAN_PALETTE, g, f"walker, frame {frame} of 4, 16x24")
    return g

MAN_PALETTE = {"S": "#f1c27d", "K": "#333333", "J": "#d12a18", "P": "#2e4a7a", "Q": "#243a60", "B": "#222222"}

def walk_sheet(frames):
    """The four walker poses side by side: a sprite sheet for contentsRect."""
    rows = [sum((f[y] for f in frames), []) for y in range(len(frames[0]))]
    # Beside the basics script that plays it (images load from the script's own folder).
    write("../basics/walk-sheet.txt", MAN_PALETTE, rows, "walker sprite sheet, 4 frames of 16x24 side by side, 64x24")

skyline()
tree()
walk_sheet([man(i) for i in range(4)])
