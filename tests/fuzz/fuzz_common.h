#pragma once

// What the fuzz targets share: a check that aborts (libFuzzer keeps the input that made it fail).

#include <cstdio>
#include <cstdlib>

// Unlike assert(), stays on in every build type.
#define FUZZ_CHECK(condition)                                                                                \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, __LINE__, #condition);          \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (false)
