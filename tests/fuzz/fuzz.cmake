# Included by tests/CMakeLists.txt. fuzz.short_run builds the libFuzzer targets of tests/fuzz with
# clang++ into build/fuzz (a standalone project: everything in it is compiled with sanitizers) and
# fuzzes each for a short, bounded time; any crash, leak or sanitizer report fails it.
# Registered only where clang++ is found (scripts/install-deps.sh installs it); under CI=true a
# missing clang++ registers a test that fails instead, so that CI cannot skip the fuzzing silently.
set(FLICKDESK_FUZZ_SECONDS 20 CACHE STRING "Seconds that fuzz.short_run fuzzes each target")
find_program(FLICKDESK_CLANGXX NAMES clang++ clang++-14)
find_program(FLICKDESK_BASH bash)
if(FLICKDESK_CLANGXX AND FLICKDESK_BASH)
    # One compile job: CTest runs other tests beside this one (ctest -j2 on two cores).
    add_test(NAME fuzz.short_run
        COMMAND ${FLICKDESK_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run_fuzzers.sh
            --build-dir ${CMAKE_BINARY_DIR}/fuzz --seconds ${FLICKDESK_FUZZ_SECONDS} --jobs 1
            --cxx ${FLICKDESK_CLANGXX})
    set_tests_properties(fuzz.short_run PROPERTIES LABELS fuzz TIMEOUT 900)
elseif("$ENV{CI}" STREQUAL "true")
    message(WARNING "clang++ not found: fuzz.short_run will fail (CI=true); install clang and "
        "libclang-rt-14-dev (scripts/install-deps.sh)")
    add_test(NAME fuzz.short_run
        COMMAND ${CMAKE_COMMAND} -E echo
            "fuzz.short_run: CI=true but clang++ is missing; scripts/install-deps.sh installs clang and libclang-rt-14-dev")
    # The message above is the test's whole output; it must fail, not pass.
    set_tests_properties(fuzz.short_run PROPERTIES LABELS fuzz WILL_FAIL TRUE)
else()
    message(STATUS "clang++ not found: fuzz.short_run is not registered")
endif()
