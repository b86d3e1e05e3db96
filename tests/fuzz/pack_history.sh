#!/usr/bin/env bash
# Writes a history folder as one input of the fuzz target fuzz_history_csv, to standard output:
# events.csv, NUL, results.csv, then NUL 'g' games.csv and NUL 'p' params.json for those the folder
# has. Usage: tests/fuzz/pack_history.sh HISTORY_DIR > INPUT
set -euo pipefail
dir="${1:?usage: pack_history.sh HISTORY_DIR > INPUT}"
cat "$dir/events.csv"
printf '\0'
cat "$dir/results.csv"
if [ -f "$dir/games.csv" ]; then
    printf '\0g'
    cat "$dir/games.csv"
fi
if [ -f "$dir/params.json" ]; then
    printf '\0p'
    cat "$dir/params.json"
fi
