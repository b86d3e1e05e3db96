#!/usr/bin/env bash
# Installs the Debian 12 packages that FlickDesk needs to build and run; with --tests also those
# the test suite needs (the fuzzers' clang, the package test's tools).
# Runs apt only when something is missing, so calling it before every build stays fast.
# Uses sudo only when not already root. Safe without a terminal (CI): nothing asks a question.
set -euo pipefail

packages=(
    build-essential
    cmake
    ninja-build
    qt6-base-dev
    libqt6charts6-dev
    # qt6-charts-dev's CMake package needs Qt6OpenGL's, and libqt6opengl6-dev arrives only as a
    # Recommends, which --no-install-recommends leaves out (tests/install/test-fromsource.sh proves
    # this list on an empty Debian root).
    libqt6opengl6-dev
    # Printing and PDF export: the library with its print-support plugin (QPrinter's PdfFormat
    # needs no printer or CUPS server), and a real font for offscreen rendering and the PDF sheets.
    libqt6printsupport6
    fonts-dejavu-core
    qt6-qpa-plugins
    libgl-dev
    libsqlite3-dev
    xvfb
    xauth
)
test_packages=(
    # The fuzz targets (tests/fuzz): clang with libFuzzer and the sanitizers.
    clang
    libclang-rt-14-dev
    # The package test (tests/install): CPack's DEB generator (dpkg-shlibdeps, fakeroot, file),
    # a clean Debian root (mmdebstrap), and the validators of what the package installs.
    dpkg-dev
    fakeroot
    file
    mmdebstrap
    desktop-file-utils
    appstream
    man-db
    lintian
    # The from-source test (tests/install/test-fromsource.sh) copies the git-tracked files.
    git
    # bench.generate_history runs bench/generate_history.py; python3-minimal lacks the argparse
    # and csv modules it uses.
    python3
)

case "${1:-}" in
--tests) packages+=("${test_packages[@]}") ;;
"") ;;
*)
    echo "usage: install-deps.sh [--tests]" >&2
    exit 2
    ;;
esac

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: dpkg and apt-get not found; this script supports Debian 12." >&2
    echo "install-deps: install these packages by other means: ${packages[*]}" >&2
    exit 1
fi

# Names that installed packages provide: libqt6charts6-dev is such a virtual name (qt6-charts-dev
# provides it), which `dpkg -s` does not know.
provided="$(dpkg-query -W -f='${db:Status-Abbrev}|${Provides}\n' 2>/dev/null |
    sed -n 's/^ii *|//p' | tr ',' '\n' | sed 's/^ *//; s/ .*//' | sort -u)"

is_installed() {
    # `dpkg -s` also succeeds for removed packages whose config files remain: read the status.
    dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed$' ||
        grep -qxF "$1" <<<"$provided"
}

missing=()
for package in "${packages[@]}"; do
    is_installed "$package" || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#packages[@]} packages already installed"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "install-deps: missing packages (${missing[*]}), and not root with no sudo to install them." >&2
    exit 1
fi

echo "install-deps: installing ${missing[*]}"
# sudo drops most of the environment, so DEBIAN_FRONTEND goes through env.
apt_get=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
"${apt_get[@]}" update
"${apt_get[@]}" install --no-install-recommends "${missing[@]}"
