#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang++ and runs each for a bounded time on a
# fresh copy of its seed corpus. Exits non-zero on any crash, leak, timeout or sanitizer report,
# and names the input that caused it. The CTest test fuzz.short_run runs it (tests/fuzz/fuzz.cmake).
#
# Usage: tests/fuzz/run_fuzzers.sh [--build-dir DIR] [--seconds N] [--jobs N] [--cxx CLANG++]
#                                  [--keep-corpus] [TARGET...]
#   --build-dir   where to build and run (default build/fuzz); a build there is reused
#   --seconds     fuzzing time per target (default 20)
#   --jobs        parallel compile jobs (default 2)
#   --cxx         the clang++ to build a new build directory with (default: clang++ on PATH)
#   --keep-corpus go on from the corpus that earlier runs grew in DIR/corpus/TARGET (plus the
#                 seeds), instead of a fresh copy of the seeds
#   TARGET...     the targets to run (default: every target of tests/fuzz/CMakeLists.txt)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build_dir="$root/build/fuzz"
seconds=20
jobs=2
cxx=clang++
keep_corpus=false
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
    --build-dir) build_dir="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --cxx) cxx="$2"; shift 2 ;;
    --keep-corpus) keep_corpus=true; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run_fuzzers: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
    esac
done

if ! command -v "$cxx" >/dev/null 2>&1; then
    echo "run_fuzzers: $cxx not found; the fuzz targets need clang and libFuzzer" \
        "(Debian 12: apt-get install clang libclang-rt-14-dev, as scripts/install-deps.sh does)" >&2
    exit 1
fi

# Configure once; later runs only rebuild what changed (and keep the compiler they were set up with).
configure=()
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
    configure+=(-DCMAKE_CXX_COMPILER="$cxx")
    command -v ninja >/dev/null 2>&1 && configure+=(-G Ninja)
fi
start=$SECONDS
mkdir -p "$build_dir"
cmake -S "$here" -B "$build_dir" "${configure[@]}" >"$build_dir/configure.log" 2>&1 || {
    cat "$build_dir/configure.log" >&2
    echo "run_fuzzers: configuring $here failed" >&2
    exit 1
}
cmake --build "$build_dir" --parallel "$jobs"
echo "run_fuzzers: built in $((SECONDS - start)) s"

if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets <"$build_dir/fuzz-targets.txt"
fi

failed=()
for target in "${targets[@]}"; do
    [ -n "$target" ] || continue
    seeds="$here/corpus/$target"
    corpus="$build_dir/corpus/$target"
    artifacts="$build_dir/artifacts/$target"
    log="$build_dir/$target.log"
    if [ ! -d "$seeds" ]; then
        echo "run_fuzzers: no seed corpus $seeds for $target" >&2
        failed+=("$target")
        continue
    fi
    [ "$keep_corpus" = true ] || rm -rf "$corpus"
    mkdir -p "$corpus"
    for seed in "$seeds"/*; do
        [ -e "$corpus/${seed##*/}" ] || cp "$seed" "$corpus/"
    done
    rm -rf "$artifacts"
    mkdir -p "$artifacts"
    options=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=4096
        -print_final_stats=1 -artifact_prefix="$artifacts/")
    [ -f "$here/$target.dict" ] && options+=(-dict="$here/$target.dict")

    echo "run_fuzzers: $target for $seconds s (log: $log)"
    status=0
    # Leaks are reported after every input; a UBSan report stops the run like a crash (the build
    # also turns recovery off). ASan's quarantine of freed memory, 256 MB by default, is what makes
    # a long run's RSS grow towards -rss_limit_mb: a smaller one keeps long runs below it.
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:quarantine_size_mb=64}" \
        UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}" \
        "$build_dir/$target" "${options[@]}" "$corpus" >"$log" 2>&1 || status=$?
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' "$log" | sed 's/^/    /' || true

    # Any sanitizer or libFuzzer report fails the run, whatever the exit status.
    if [ $status -ne 0 ] ||
        grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:|FUZZ_CHECK failed' "$log"; then
        echo "run_fuzzers: $target FAILED (exit status $status); the end of its log:" >&2
        tail -n 60 "$log" >&2
        for input in "$artifacts"/*; do
            [ -e "$input" ] || continue
            echo "run_fuzzers: input that fails: $input; replay it with: $build_dir/$target $input" >&2
        done
        failed+=("$target")
    fi
done

echo "run_fuzzers: $((SECONDS - start)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
    echo "run_fuzzers: failed: ${failed[*]}" >&2
    exit 1
fi
echo "run_fuzzers: ${#targets[@]} targets, no crash, leak, timeout or sanitizer report"
