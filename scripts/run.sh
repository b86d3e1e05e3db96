#!/usr/bin/env bash
# Installs what is missing, builds FlickDesk (Release) into build/ and starts the flickdesk window.
# Arguments go to flickdesk, e.g. `./scripts/run.sh --version`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

bash "$root/scripts/install-deps.sh"

# The generator can only be chosen when build/ is configured for the first time.
generator=()
[ -f build/CMakeCache.txt ] || generator=(-G Ninja)
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release
cmake --build build --parallel "$(nproc)" --target flickdesk

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
    echo "run: no DISPLAY or WAYLAND_DISPLAY: the window needs a desktop session (or xvfb-run -a $0)." >&2
fi
exec "$root/build/app/flickdesk" "$@"
