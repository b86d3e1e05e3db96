#!/usr/bin/env bash
# Renders flickdesk.svg into the committed icon files: hicolor PNGs (16..512), the Windows .ico
# and the macOS .icns. Run it after changing the SVG (needs rsvg-convert: apt-get install
# librsvg2-bin, and python3). The build does not run it: the outputs are committed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

sizes=(16 22 24 32 48 64 128 256 512)
for size in "${sizes[@]}"; do
    mkdir -p "hicolor/${size}x${size}"
    rsvg-convert -w "$size" -h "$size" flickdesk.svg -o "hicolor/${size}x${size}/flickdesk.png"
done
rsvg-convert -w 1024 -h 1024 flickdesk.svg -o /tmp/flickdesk-1024.png

# .ico and .icns both hold PNG images; writing their small headers needs no image library.
python3 - <<'PY'
import struct

def png(size):
    path = "/tmp/flickdesk-1024.png" if size == 1024 else f"hicolor/{size}x{size}/flickdesk.png"
    with open(path, "rb") as f:
        return f.read()

# ICO: ICONDIR, then one ICONDIRENTRY per image (width/height 0 means 256), then the PNGs.
ico_sizes = [16, 24, 32, 48, 64, 128, 256]
images = [png(s) for s in ico_sizes]
offset = 6 + 16 * len(images)
out = struct.pack("<HHH", 0, 1, len(images))
for size, data in zip(ico_sizes, images):
    dim = 0 if size == 256 else size
    out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
    offset += len(data)
with open("flickdesk.ico", "wb") as f:
    f.write(out + b"".join(images))

# ICNS: 'icns' + total length, then (type, length, PNG) per image.
types = [(b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
         (b"ic09", 512), (b"ic10", 1024)]
body = b"".join(t + struct.pack(">I", 8 + len(png(s))) + png(s) for t, s in types)
with open("flickdesk.icns", "wb") as f:
    f.write(b"icns" + struct.pack(">I", 8 + len(body)) + body)
PY
rm -f /tmp/flickdesk-1024.png
