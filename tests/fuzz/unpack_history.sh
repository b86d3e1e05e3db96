#!/usr/bin/env bash
# Turns an input of the fuzz target fuzz_history_csv (a crash, a corpus entry) back into a history
# folder, for flickdesk-cli rate or a test. The reverse of pack_history.sh; a section of another
# tag is left out, as the fuzz target ignores it.
# Usage: tests/fuzz/unpack_history.sh INPUT HISTORY_DIR
set -euo pipefail
input="${1:?usage: unpack_history.sh INPUT HISTORY_DIR}"
dir="${2:?usage: unpack_history.sh INPUT HISTORY_DIR}"
mkdir -p "$dir"
rm -f "$dir/events.csv" "$dir/results.csv" "$dir/games.csv" "$dir/params.json"
: >"$dir/results.csv"
section=0
# Each NUL-terminated section in turn; read -d '' keeps every other byte, line breaks included.
while IFS= read -r -d '' part || [ -n "$part" ]; do
    case $section in
    0) printf '%s' "$part" >"$dir/events.csv" ;;
    1) printf '%s' "$part" >"$dir/results.csv" ;;
    *) case "$part" in
        g*) printf '%s' "${part#g}" >"$dir/games.csv" ;;
        p*) printf '%s' "${part#p}" >"$dir/params.json" ;;
        esac ;;
    esac
    section=$((section + 1))
done <"$input"
[ -f "$dir/events.csv" ] || : >"$dir/events.csv"
