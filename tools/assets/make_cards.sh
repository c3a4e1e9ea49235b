#!/usr/bin/env bash
# Regenerate assets/cards/ PNGs from Adrian Kennard's CC0 SVG card designs,
# as shipped in the npm package @heruka_urgyen/react-playing-cards.
#
# Needs: npm (to fetch the package tarball) and rsvg-convert (Debian: librsvg2-bin).
# Usage: bash tools/assets/make_cards.sh          (run from anywhere)
set -euo pipefail

PKG="@heruka_urgyen/react-playing-cards"
VERSION="0.5.0"
WIDTH=240
HEIGHT=336

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
out="$repo/assets/cards"

for tool in npm rsvg-convert tar; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (rsvg-convert: apt-get install librsvg2-bin)" >&2; exit 1; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "$PKG@$VERSION" >/dev/null)
tar -xzf "$work"/*.tgz -C "$work"
images="$work/package/src/images"

# Baloot uses the 32-card deck: 7 8 9 10 J Q K A in each suit.
# The package already names the ten "T" (e.g. TH.svg), matching our naming.
ranks="7 8 9 T J Q K A"
suits="S H D C"

for style in 2color 4color; do
    mkdir -p "$out/$style"
    for r in $ranks; do
        for s in $suits; do
            src="$images/$style/$r$s.svg"
            [ -f "$src" ] || { echo "error: missing $src" >&2; exit 1; }
            rsvg-convert -w "$WIDTH" -h "$HEIGHT" "$src" -o "$out/$style/$r$s.png"
        done
    done
done
rsvg-convert -w "$WIDTH" -h "$HEIGHT" "$images/back.svg" -o "$out/back.png"

# Optional lossless squeeze if optipng is around (not required).
if command -v optipng >/dev/null; then
    optipng -quiet -o2 "$out"/back.png "$out"/2color/*.png "$out"/4color/*.png
fi

echo "wrote $(ls "$out"/2color/*.png "$out"/4color/*.png "$out"/back.png | wc -l) PNGs to $out"
