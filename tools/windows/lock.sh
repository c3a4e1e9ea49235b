#!/usr/bin/env bash
# Regenerates tools/windows/requirements.lock: requirements.in resolved for Windows x64 and
# CPython 3.13 with every file's hash. `pip download --platform` alone misses the packages behind
# `sys_platform == "win32"` markers, so uv resolves for the target platform. Needs PyPI.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=build/windows/uv-venv
[ -x "$venv/bin/uv" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet uv==0.13.9; }
"$venv/bin/uv" pip compile --python-platform x86_64-pc-windows-msvc --python-version 3.13 \
  --generate-hashes --no-header --index-url https://pypi.org/simple \
  tools/windows/requirements.in -o tools/windows/requirements.lock
