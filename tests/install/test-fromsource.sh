#!/usr/bin/env bash
# The from-source test (ctest install.fromsource, label fromsource, tests/install/install.cmake):
# proves README.md's first command on an empty Debian 12.
#   1. bootstraps a clean Debian root with nothing but apt in it (mmdebstrap --variant=apt), cached
#      as a tarball under the work folder (shared with install.deb's cache when given the same
#      --cache);
#   2. copies the git-tracked files of the source tree into it (no build folders, nothing else);
#   3. runs there, as root, what a new user runs: ./scripts/run.sh, which installs the missing
#      packages with scripts/install-deps.sh (plain, not --tests: this proves its package list),
#      configures and builds flickdesk, and starts it; here with --smoke-test and the offscreen
#      platform, so that it opens the window, reads the database and exits;
#   4. builds flickdesk-cli in the same build folder and rates tests/install/history with it.
# Every step in the root runs in its own mount and PID namespace under a time limit: when the step
# ends, times out or the test is killed, every process in the root dies with it and the proc mount
# vanishes. The root is deleted on exit (FLICKDESK_KEEP_ROOT=1 keeps it).
# Needs root, mmdebstrap, chroot, unshare, git and a reachable Debian mirror. When one is missing
# the test is skipped (exit 77), except under CI=true, where it fails.
#
# Usage: test-fromsource.sh --source-dir DIR --work DIR [--cache DIR] [--cli FLICKDESK_CLI]
#   --cache: where the bootstrapped root's tarball is kept (default WORK/cache);
#   --cli:   a flickdesk-cli built outside; its ratings must equal those of the one built inside.
# Environment: FLICKDESK_DEBIAN_MIRROR (default http://deb.debian.org/debian),
#              FLICKDESK_DEBIAN_SUITE (default bookworm), FLICKDESK_KEEP_ROOT=1 keeps the root,
#              FLICKDESK_FROMSOURCE_JOBS (default 2) compile jobs in the root.
set -euo pipefail

source_dir= work= cache= cli=
while [ $# -gt 0 ]; do
    case "$1" in
        --source-dir) source_dir=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --cache) cache=$2; shift 2 ;;
        --cli) cli=$2; shift 2 ;;
        *) echo "test-fromsource: unknown argument $1" >&2; exit 64 ;;
    esac
done
[ -n "$source_dir" ] && [ -n "$work" ] || {
    echo "usage: test-fromsource.sh --source-dir DIR --work DIR [--cache DIR] [--cli FLICKDESK_CLI]" >&2
    exit 64
}

mirror=${FLICKDESK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${FLICKDESK_DEBIAN_SUITE:-bookworm}
jobs=${FLICKDESK_FROMSOURCE_JOBS:-2}
start=$SECONDS
failures=0

step() { printf '== [%4ds] %s\n' $((SECONDS - start)) "$*"; }
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
for tool in mmdebstrap chroot unshare git flock timeout; do
    command -v "$tool" >/dev/null 2>&1 || skip_or_fail "$tool is missing (scripts/install-deps.sh --tests installs it)"
done
# safe.directory: a checkout owned by another user than root (a CI runner's) is read all the same.
git=(git -c "safe.directory=*")
"${git[@]}" -C "$source_dir" rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
    skip_or_fail "$source_dir is not a git checkout: the test copies its git-tracked files"

mkdir -p "$work"
work=$(cd "$work" && pwd)
cache=${cache:-$work/cache}
mkdir -p "$cache" "$work/archives"
cache=$(cd "$cache" && pwd)
root=$work/root
child=

# On any exit (a failure, a time limit, ctest killing the test): end the step running in the root
# (its PID namespace takes every process in it along), then delete the root. Nothing is mounted
# outside the steps' own mount namespaces, so nothing is left mounted.
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
        kill -TERM "$child" 2>/dev/null || true
        wait "$child" 2>/dev/null || true
    fi
    if [ "${FLICKDESK_KEEP_ROOT:-}" = 1 ]; then
        echo "root kept: $root"
    else
        rm -rf "$root"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# 1. A clean root: minimal Debian with apt, bootstrapped once and cached as a tarball. The lock
# keeps two tests (install.deb and this one, under ctest -j2) from bootstrapping the same tarball.
key=$(printf '%s %s' "$suite" "$mirror" | md5sum | cut -c1-12)
tarball=$cache/$suite-apt-$key.tar
exec 9>"$cache/.bootstrap.lock"
flock 9
if [ ! -s "$tarball" ]; then
    step "mmdebstrap --variant=apt $suite (no cache yet)"
    rm -f "$tarball.part"
    timeout 600 mmdebstrap --variant=apt --mode=root --format=tar "$suite" "$tarball.part" \
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

rm -rf "$root"
mkdir -p "$root"
tar -C "$root" -xf "$tarball"

# 2. The source tree as a clone has it: the tracked files (as they are in the work tree), no build
# folders, no untracked files. Plus DNS, and the .debs fetched before (only to save downloads: apt
# still resolves every package from the mirror's lists).
step "copy the git-tracked files of $source_dir"
src=/root/flickdesk
mkdir -p "$root$src"
(cd "$source_dir" && "${git[@]}" ls-files -z --cached | tar --null --no-recursion --ignore-failed-read -cf - -T -) |
    tar -C "$root$src" -xf -
echo "$(find "$root$src" -type f | wc -l) files, $(du -sk "$root$src" | cut -f1) KiB"
[ -x "$root$src/scripts/run.sh" ] || { fail "the copy has no executable scripts/run.sh"; exit 1; }
[ ! -e "$root$src/build" ] || { fail "the copy has a build folder"; exit 1; }
cp /etc/resolv.conf "$root/etc/resolv.conf"
install -d -m 0700 "$root/run/user/0"
cp "$work/archives/"*.deb "$root/var/cache/apt/archives/" 2>/dev/null || true

# Runs a command in the root under a time limit (seconds): its own mount namespace (the proc mounted
# there vanishes with it) and PID namespace (--kill-child: when unshare dies, every process of the
# root dies), a clean environment, the offscreen platform. Nothing of the host is visible inside.
# Runs in the background and is waited for, so that the traps above act at once.
in_root() {
    local limit=$1
    shift
    timeout --kill-after=30 "$limit" \
        unshare --mount --pid --fork --kill-child -- \
        sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$root" \
        env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen \
        XDG_RUNTIME_DIR=/run/user/0 DEBIAN_FRONTEND=noninteractive "$@" &
    child=$!
    local status=0
    wait "$child" || status=$?
    child=
    return "$status"
}

# 3. README.md's first command. run.sh runs install-deps.sh (apt), configures, builds flickdesk and
# execs it with the arguments given: the smoke test opens the window offscreen and the database.
# The build uses $jobs compile jobs (run.sh's nproc; the root sees the host's cores).
step "./scripts/run.sh --smoke-test in the clean root (install-deps.sh, configure, build flickdesk)"
run_status=0
in_root 1800 sh -c "cd $src && ./scripts/run.sh --smoke-test --db /root/smoke.sqlite" \
    >"$work/run.log" 2>&1 || run_status=$?
cp "$root/var/cache/apt/archives/"*.deb "$work/archives/" 2>/dev/null || true
grep -E '^(install-deps:|Need to get|After this operation)' "$work/run.log" || true
if [ "$run_status" -ne 0 ]; then
    tail -40 "$work/run.log" >&2
    if [ "$run_status" -eq 124 ] || [ "$run_status" -eq 137 ]; then
        fail "./scripts/run.sh took longer than 30 minutes"
    elif grep -q 'install-deps: installing' "$work/run.log" && ! grep -q '^-- Configuring done' "$work/run.log"; then
        fail "./scripts/run.sh failed (exit $run_status) before CMake configured the build: a package missing from scripts/install-deps.sh?"
    else
        fail "./scripts/run.sh --smoke-test failed (exit $run_status)"
    fi
    exit 1
fi
grep -q "window shown (offscreen), database /root/smoke.sqlite open with [1-9][0-9]* event" "$work/run.log" ||
    fail "flickdesk --smoke-test did not print its report: $(tail -5 "$work/run.log")"
[ -s "$root/root/smoke.sqlite" ] || fail "flickdesk --smoke-test left no database"
grep -E '^(smoke|FlickDesk|window)' "$work/run.log" || true

# The second command the README gives for a user who installed only what run.sh installs:
# flickdesk-cli from the same build folder.
step "cmake --build build --target flickdesk-cli"
in_root 600 sh -c "cd $src && cmake --build build --parallel $jobs --target flickdesk-cli" \
    >"$work/build-cli.log" 2>&1 || {
    tail -40 "$work/build-cli.log" >&2
    fail "building flickdesk-cli failed"
    exit 1
}

# 4. flickdesk-cli rate on the tiny history (checked by hand, as in test-package.sh: 4 + 4 + 3
# rows, and 101, who won every night, has the highest mu on every date).
step "flickdesk-cli rate tests/install/history"
if in_root 120 "$src/build/app/flickdesk-cli" rate "$src/tests/install/history" -o /root/ratings.csv; then
    ratings=$(cat "$root/root/ratings.csv")
    echo "$ratings"
    [ "$(head -1 <<<"$ratings")" = "player_id,date,mu,sigma" ] || fail "rate: wrong header"
    [ "$(tail -n +2 <<<"$ratings" | wc -l)" -eq 11 ] || fail "rate: expected 11 rows"
    for date in 2025-01-11 2025-02-08 2025-03-08; do
        top=$(grep ",$date," <<<"$ratings" | sort -t, -k3,3 -g | tail -1 | cut -d, -f1)
        [ "$top" = 101 ] || fail "rate: on $date the highest mu is $top's, not 101's"
    done
    if [ -n "$cli" ]; then
        "$cli" rate "$source_dir/tests/install/history" -o "$work/ratings-build.csv" 2>/dev/null
        cmp -s "$work/ratings-build.csv" "$root/root/ratings.csv" ||
            fail "rate: the flickdesk-cli built in the clean root differs from the one built here"
    fi
else
    fail "flickdesk-cli rate exited non-zero"
fi

step "done: $failures failure(s)"
[ "$failures" -eq 0 ]
