#!/usr/bin/env bash
# The package test (ctest install.deb, tests/install/install.cmake):
#   1. builds the .deb with CPack from the build directory and checks its control data and files;
#   2. validates the desktop file, the AppStream metadata and the man pages; runs lintian if there;
#   3. bootstraps a clean Debian root with nothing but apt in it (mmdebstrap --variant=apt),
#      installs the .deb there with apt, which fetches the declared dependencies from the mirror:
#      a missing dependency makes a command below fail;
#   4. runs from that root only (chroot; nothing bound in, only a copy of a tiny history):
#      flickdesk-cli --version, flickdesk-cli rate on the history, flickdesk --version and
#      flickdesk --smoke-test offscreen.
# The bootstrapped root is cached as a tarball under the work folder (and the .debs apt fetched),
# so later runs skip the bootstrap; without the cache it starts from nothing.
# Needs root, mmdebstrap, dpkg-deb, chroot, unshare and a reachable Debian mirror. When one is
# missing the test is skipped (exit 77), except under CI=true, where it fails.
#
# Usage: test-package.sh --build-dir DIR --cli FLICKDESK_CLI --source-dir DIR --work DIR
# Environment: FLICKDESK_DEBIAN_MIRROR (default http://deb.debian.org/debian),
#              FLICKDESK_DEBIAN_SUITE (default bookworm), FLICKDESK_KEEP_ROOT=1 keeps the root.
set -euo pipefail

build_dir= cli= source_dir= work=
while [ $# -gt 0 ]; do
    case "$1" in
        --build-dir) build_dir=$2; shift 2 ;;
        --cli) cli=$2; shift 2 ;;
        --source-dir) source_dir=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        *) echo "test-package: unknown argument $1" >&2; exit 64 ;;
    esac
done
[ -n "$build_dir" ] && [ -n "$cli" ] && [ -n "$source_dir" ] && [ -n "$work" ] || {
    echo "usage: test-package.sh --build-dir DIR --cli FLICKDESK_CLI --source-dir DIR --work DIR" >&2
    exit 64
}

mirror=${FLICKDESK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${FLICKDESK_DEBIAN_SUITE:-bookworm}
start=$SECONDS
failures=0

step() { printf '== [%3ds] %s\n' $((SECONDS - start)) "$*"; }
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
skip_or_fail() {
    if [ "${CI:-}" = "true" ]; then
        echo "FAIL (CI=true, so not skipped): $*" >&2
        exit 1
    fi
    echo "SKIP: $*"
    exit 77
}

[ "$(id -u)" -eq 0 ] || skip_or_fail "needs root (chroot and a bootstrapped root)"
for tool in cpack dpkg-deb mmdebstrap chroot unshare desktop-file-validate appstreamcli man; do
    command -v "$tool" >/dev/null 2>&1 || skip_or_fail "$tool is missing (scripts/install-deps.sh installs it)"
done

mkdir -p "$work"
work=$(cd "$work" && pwd)

# 1. The package.
step "cpack -G DEB"
rm -rf "$work/package"
mkdir -p "$work/package"
cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/package" >"$work/cpack.log" 2>&1 || {
    cat "$work/cpack.log" >&2
    fail "cpack failed"
    exit 1
}
debs=("$work"/package/flickdesk_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || {
    ls -l "$work/package" >&2
    fail "expected one flickdesk_*.deb"
    exit 1
}
deb=${debs[0]}
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"

step "dpkg-deb -I"
dpkg-deb -I "$deb" | tee "$work/control.txt"
depends=$(dpkg-deb -f "$deb" Depends)
depend_names=$(tr ',|' '\n\n' <<<"$depends" | sed 's/^ *//; s/ .*//')
# dpkg-shlibdeps' part: the libraries the programs link (found by reading the ELF files, so
# their presence shows shlibdeps ran). The platform plugins come with libqt6gui6 in Debian 12:
# checked below in the clean root (ldd of the xcb and offscreen plugins).
for package in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 \
    libqt6printsupport6 libsqlite3-0; do
    grep -qxF "$package" <<<"$depend_names" || fail "Depends lacks $package: $depends"
done
# FlickDesk uses SQLite's C API, not Qt SQL: no Qt SQL driver may be declared.
grep -q "libqt6sql6" <<<"$depends" && fail "Depends declares a Qt SQL driver that is never loaded"
[ "$(dpkg-deb -f "$deb" Package)" = flickdesk ] || fail "the package is not named flickdesk"
# The version: the project's (as the built flickdesk-cli says) with Debian revision 1.
project_version=$("$cli" --version | awk '{print $2}')
[ "$(dpkg-deb -f "$deb" Version)" = "$project_version-1" ] ||
    fail "the package version $(dpkg-deb -f "$deb" Version) is not $project_version-1"

step "dpkg-deb -c"
dpkg-deb -c "$deb" | awk '{print $6}' | sort >"$work/contents.txt"
expected=(./usr/bin/flickdesk ./usr/bin/flickdesk-cli
    ./usr/share/applications/org.flickdesk.FlickDesk.desktop
    ./usr/share/metainfo/org.flickdesk.FlickDesk.metainfo.xml
    ./usr/share/man/man1/flickdesk.1.gz ./usr/share/man/man1/flickdesk-cli.1.gz
    ./usr/share/doc/flickdesk/copyright ./usr/share/doc/flickdesk/changelog.Debian.gz
    ./usr/share/icons/hicolor/scalable/apps/flickdesk.svg)
for size in 16 22 24 32 48 64 128 256 512; do
    expected+=("./usr/share/icons/hicolor/${size}x${size}/apps/flickdesk.png")
done
for file in "${expected[@]}"; do
    grep -qxF "$file" "$work/contents.txt" || fail "the package lacks $file"
done
echo "$(grep -vc '/$' "$work/contents.txt") files; all ${#expected[@]} expected ones checked"

# 2. What the package installs, checked by the tools that read it.
step "validate the desktop file, AppStream metadata, icons and man pages"
rm -rf "$work/extracted"
dpkg-deb -x "$deb" "$work/extracted"
x=$work/extracted
desktop-file-validate "$x/usr/share/applications/org.flickdesk.FlickDesk.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net --pedantic "$x/usr/share/metainfo/org.flickdesk.FlickDesk.metainfo.xml" ||
    fail "appstreamcli validate"
for size in 16 22 24 32 48 64 128 256 512; do
    file "$x/usr/share/icons/hicolor/${size}x${size}/apps/flickdesk.png" |
        grep -q "PNG image data, $size x $size" || fail "icon ${size}x${size} is not a ${size}x${size} PNG"
done
for page in flickdesk flickdesk-cli; do
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$x/usr/share/man/man1/$page.1.gz" 2>&1 >/dev/null) || true
    [ -z "$warnings" ] || fail "man $page: $warnings"
done
# The CLI's man page names every command that 'flickdesk-cli --help' lists (the built one).
commands=$("$cli" --help | awk '/^Commands:/{on=1; next} /^$/{on=0} on && /^  [a-z]/{print $1}')
[ -n "$commands" ] || fail "no commands found in flickdesk-cli --help"
cli_page=$(zcat "$x/usr/share/man/man1/flickdesk-cli.1.gz")
for command in $commands; do
    grep -q "^\.B $(sed 's/-/\\\\-/g' <<<"$command")\( \|$\)" <<<"$cli_page" || fail "man flickdesk-cli lacks the command $command"
done
echo "man flickdesk-cli documents: $(echo $commands)"
if command -v lintian >/dev/null 2>&1; then
    step "lintian (informational; errors fail)"
    lintian --tag-display-limit 0 "$deb" | tee "$work/lintian.txt" || true
    if grep -q '^E: ' "$work/lintian.txt"; then
        fail "lintian reports errors"
    fi
else
    echo "lintian not installed: skipped"
fi

# 3. A clean root: minimal Debian with apt, bootstrapped once and cached as a tarball.
cache=$work/cache
mkdir -p "$cache/archives"
key=$(printf '%s %s' "$suite" "$mirror" | md5sum | cut -c1-12)
tarball=$cache/$suite-apt-$key.tar
# install.fromsource shares this cache: one bootstraps while the other waits (ctest -j2).
exec 9>"$cache/.bootstrap.lock"
flock 9
if [ ! -s "$tarball" ]; then
    step "mmdebstrap --variant=apt $suite (no cache yet)"
    rm -f "$tarball.part"
    mmdebstrap --variant=apt --mode=root --format=tar "$suite" "$tarball.part" \
        "deb $mirror $suite main" "deb $mirror $suite-updates main" \
        "deb ${mirror%/debian}/debian-security $suite-security main" >"$work/mmdebstrap.log" 2>&1 || {
        tail -20 "$work/mmdebstrap.log" >&2
        rm -f "$tarball.part"
        skip_or_fail "mmdebstrap failed: is $mirror reachable?"
    }
    mv "$tarball.part" "$tarball"
else
    step "bootstrapped root from the cache: $tarball"
fi
flock -u 9
exec 9>&-

root=$work/root
rm -rf "$root"
mkdir -p "$root"
tar -C "$root" -xf "$tarball"
# Into the root: the package, a copy of the tiny history, DNS, and the .debs fetched before
# (only to save downloads: apt still resolves every dependency from the mirror's lists).
cp "$deb" "$root/tmp/"
cp -r "$source_dir/tests/install/history" "$root/root/history"
cp /etc/resolv.conf "$root/etc/resolv.conf"
install -d -m 0700 "$root/run/user/0"
cp "$cache/archives/"*.deb "$root/var/cache/apt/archives/" 2>/dev/null || true

# Runs a command in the root: own mount namespace (proc mounted there vanishes with it), a clean
# environment, the offscreen platform. Nothing of the build tree is visible inside.
in_root() {
    unshare --mount --fork -- sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$root" \
        env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
        XDG_RUNTIME_DIR=/run/user/0 DEBIAN_FRONTEND=noninteractive "$@"
}

step "apt-get install ./$(basename "$deb") in the clean root"
in_root apt-get -q update >"$work/apt.log" 2>&1 || {
    tail -20 "$work/apt.log" >&2
    skip_or_fail "apt-get update in the root failed: is $mirror reachable?"
}
if ! in_root apt-get -q -y --no-install-recommends install "/tmp/$(basename "$deb")" >>"$work/apt.log" 2>&1; then
    tail -30 "$work/apt.log" >&2
    fail "apt-get install of the package failed"
    exit 1
fi
grep -E '^(Need to get|After this operation)' "$work/apt.log" || true
cp "$root/var/cache/apt/archives/"*.deb "$cache/archives/" 2>/dev/null || true
in_root dpkg -s flickdesk | grep -q '^Status: install ok installed' || fail "dpkg does not list flickdesk as installed"
# Every library of the programs and of the platform plugins the window loads (X11 on a desktop,
# offscreen here) is in the root: what Depends brought, nothing recommended.
plugins=$(in_root sh -c "ls -d /usr/lib/*/qt6/plugins/platforms" 2>/dev/null | head -1 || true)
[ -n "$plugins" ] || fail "the root has no Qt platform plugins folder"
for plugin in libqxcb.so libqoffscreen.so; do
    in_root test -f "$plugins/$plugin" || fail "the root lacks the platform plugin $plugins/$plugin"
done
missing=$(in_root sh -c "ldd /usr/bin/flickdesk /usr/bin/flickdesk-cli $plugins/libqxcb.so $plugins/libqoffscreen.so | grep 'not found'" || true)
[ -z "$missing" ] || fail "libraries not found in the root: $missing"

# 4. The programs, from the installed files only.
step "flickdesk-cli --version"
version=$(in_root flickdesk-cli --version) || fail "flickdesk-cli --version exited non-zero"
echo "$version"
[ "$version" = "flickdesk-cli $project_version" ] ||
    fail "flickdesk-cli --version printed '$version'"

step "flickdesk-cli rate /root/history"
if in_root flickdesk-cli rate /root/history -o /root/ratings.csv; then
    ratings=$(cat "$root/root/ratings.csv")
    echo "$ratings"
    # Checked by hand from tests/install/history: 4 + 4 + 3 rows, and the player who won every
    # night (101) has the highest mu on every date; 104, last twice, the lowest where it played.
    [ "$(head -1 <<<"$ratings")" = "player_id,date,mu,sigma" ] || fail "rate: wrong header"
    [ "$(tail -n +2 <<<"$ratings" | wc -l)" -eq 11 ] || fail "rate: expected 11 rows"
    for date in 2025-01-11 2025-02-08 2025-03-08; do
        top=$(grep ",$date," <<<"$ratings" | sort -t, -k3,3 -g | tail -1 | cut -d, -f1)
        [ "$top" = 101 ] || fail "rate: on $date the highest mu is $top's, not 101's"
    done
    for date in 2025-01-11 2025-02-08; do
        bottom=$(grep ",$date," <<<"$ratings" | sort -t, -k3,3 -g | head -1 | cut -d, -f1)
        [ "$bottom" = 104 ] || fail "rate: on $date the lowest mu is $bottom's, not 104's"
    done
    # The packaged program computes what the program in the build tree computes.
    "$cli" rate "$source_dir/tests/install/history" -o "$work/ratings-build.csv" 2>/dev/null
    cmp -s "$work/ratings-build.csv" "$root/root/ratings.csv" ||
        fail "rate: the installed flickdesk-cli differs from the built one"
else
    fail "flickdesk-cli rate exited non-zero"
fi

step "flickdesk --version"
gui_version=$(in_root flickdesk --version) || fail "flickdesk --version exited non-zero"
echo "$gui_version"
[ "$gui_version" = "FlickDesk $project_version" ] ||
    fail "flickdesk --version printed '$gui_version'"

step "flickdesk --smoke-test --db /root/smoke.sqlite (offscreen)"
if smoke=$(in_root timeout 300 flickdesk --smoke-test --db /root/smoke.sqlite 2>"$work/smoke.err"); then
    echo "$smoke"
    grep -q "window shown (offscreen), database /root/smoke.sqlite open with [1-9][0-9]* event" <<<"$smoke" ||
        fail "flickdesk --smoke-test printed '$smoke'"
    [ -s "$root/root/smoke.sqlite" ] || fail "flickdesk --smoke-test left no database"
else
    cat "$work/smoke.err" >&2
    fail "flickdesk --smoke-test failed"
fi
if [ -s "$work/smoke.err" ]; then
    echo "flickdesk --smoke-test, standard error:"
    cat "$work/smoke.err"
fi

if [ "${FLICKDESK_KEEP_ROOT:-}" != 1 ] && [ "$failures" -eq 0 ]; then
    rm -rf "$root" "$work/extracted"
fi
step "done: $failures failure(s)"
[ "$failures" -eq 0 ]
