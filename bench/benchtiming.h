#pragma once

// The timing every benchmark of bench/ shares: the time since a start on the steady clock, and the
// median of repeated runs. Benchmarks print these figures and never assert time
// (CODING_GUIDELINES.md). Not a benchmark itself: bench/CMakeLists.txt builds only bench_*.cpp.
// Also the history folder a benchmark reads: the NCA sample, or a folder given on its command line
// (one bench/generate_history.py wrote, see bench/README.md).

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QStringList>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <cstdio>
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

// The history folder named on the command line (`arguments` without the program): the first
// argument that is neither an option (-...) nor a number; the NCA sample (tests/data/nca-history)
// when there is none. Prints the folder it takes, so every figure says what it measured.
inline QString historyDirArgument(const QStringList& arguments)
{
    QString folder = QDir(QStringLiteral(FLICKDESK_BENCH_DATA_DIR)).filePath(QStringLiteral("nca-history"));
    for (const QString& argument : arguments) {
        bool number = false;
        argument.toDouble(&number);
        if (!number && !argument.startsWith(QLatin1Char('-'))) {
            folder = argument;
            break;
        }
    }
    std::printf("history folder: %s\n", qPrintable(QFileInfo(folder).absoluteFilePath()));
    return folder;
}

// Runs the event loop until `done` is true (checked every 2 ms) or 5 minutes pass. The loop sleeps
// between events: no busy wait takes a core from the workers.
template <typename Done> void waitUntil(Done done)
{
    if (done())
        return;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    poll.start(2);
    QTimer::singleShot(300000, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace flickdesk::bench
