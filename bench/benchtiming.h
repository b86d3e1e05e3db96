#pragma once

// The timing every benchmark of bench/ shares: the time since a start on the steady clock, and the
// median of repeated runs. Benchmarks print these figures and never assert time
// (CODING_GUIDELINES.md). Not a benchmark itself: bench/CMakeLists.txt builds only bench_*.cpp.

#include <algorithm>
#include <chrono>
#include <vector>

namespace flickdesk::bench {

inline double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

inline double millisecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The middle value (the upper of the two middle ones for an even count): one disturbed run does not
// move it, as it would move a mean.
inline double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace flickdesk::bench
