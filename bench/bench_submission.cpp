// Benchmark of reading a submission file (core/formats/eventexchange.h): prints figures, asserts nothing.
//
//   bench_submission [--quick]
//
// An awarded singles event of 1,000 and of 100,000 units (every player with a name, a locked rating
// and an award), serialised as export-event writes it. For each: the median of 5 runs of the strict
// pass alone (core/formats/strictjson.h: repeated keys, invisible characters, lengths), of QJsonDocument
// alone, and of the whole reader (both, the checksum, the content and its checks), in milliseconds
// and MB/s.

#include "benchtiming.h"
#include "core/formats/eventexchange.h"
#include "core/formats/strictjson.h"

#include <QJsonDocument>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::median;
using flickdesk::bench::millisecondsSince;
using Clock = std::chrono::steady_clock;

namespace {

QByteArray awardedEvent(int units)
{
    core::EventExchange exchange;
    exchange.flickdeskVersion = QStringLiteral("0.1.0");
    core::EventRecord& event = exchange.event;
    event.id = QStringLiteral("175");
    event.date = QStringLiteral("2025-03-01");
    event.name = QStringLiteral("Spring Open");
    event.group = QStringLiteral("NCA");
    event.tour = core::Tour::Competitive;
    event.tier = 1;
    event.season = QStringLiteral("15");
    event.fieldSize = units;
    event.status = core::EventStatus::Awarded;
    exchange.award = core::AwardRecord{};
    exchange.award->lockMonth = QStringLiteral("2025-03");
    exchange.award->fsi = 0.8;
    exchange.award->awardedAt = QStringLiteral("2025-03-02T10:00:00Z");
    for (int i = 0; i < units; ++i) {
        const QString id = QString::number(1000 + i);
        event.units.push_back({i + 1, core::EntrantStatus::Started, i + 1, {id}});
        exchange.players.push_back({id, QStringLiteral("Player Zoë %1").arg(i), {}, {}});
        exchange.award->ratings.push_back({id, 1.5 - i * 1e-5, 0.5});
        exchange.award->awards.push_back({id, i + 1, std::max(0.0, 40.0 - i * 0.01)});
    }
    return core::serializeEventExchange(exchange);
}

double medianMs(int runs, const std::function<void()>& work)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        work();
        times.push_back(millisecondsSince(start));
    }
    return median(times);
}

} // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int runs = quick ? 1 : 5;
    for (const int units : {1'000, quick ? 10'000 : 100'000}) {
        const QByteArray bytes = awardedEvent(units);
        const double megabytes = static_cast<double>(bytes.size()) / 1e6;
        std::size_t defects = 0;
        const double strict = medianMs(runs, [&] { defects = core::checkStrictJson(bytes).size(); });
        const double qt = medianMs(runs, [&] { (void)QJsonDocument::fromJson(bytes); });
        std::size_t readerDefects = 0;
        const double whole = medianMs(runs, [&] {
            readerDefects = core::parseEventExchange(bytes, QStringLiteral("e.json")).defects.size();
        });
        if (defects != 0 || readerDefects != 0) {
            // A reader that refused the file measured nothing worth a figure.
            std::fprintf(stderr, "the generated file of %d units was refused (%zu/%zu defects): no figure\n",
                         units, defects, readerDefects);
            return 1;
        }
        std::printf(
            "submission file of %d units (%.1f MB): strict pass %.1f ms (%.0f MB/s), QJsonDocument %.1f ms, "
            "whole reader %.1f ms (%.0f MB/s); defects %zu/%zu\n",
            units, megabytes, strict, megabytes / strict * 1e3, qt, whole, megabytes / whole * 1e3, defects,
            readerDefects);
    }
    return 0;
}
