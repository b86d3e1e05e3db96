// libFuzzer target: the NCA rating list (ui/core/eventexchange's parseRatingList). The input is the
// CSV file's bytes.
//
// Checked: the reader never crashes, leaks or trips a sanitizer; every defect has a message and a
// line; every entry it returns has an id, no id twice, a finite mu and a finite sigma above 0.
#include "core/formats/eventexchange.h"
#include "flickdesk/engine/history.h"
#include "fuzz_common.h"

#include <QByteArray>
#include <QString>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <set>

using namespace flickdesk;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const core::ParsedRatingList list = core::parseRatingList(bytes, QStringLiteral("ratings.csv"));
    for (const engine::Defect& defect : list.defects) {
        FUZZ_CHECK(!defect.message.empty());
        FUZZ_CHECK(defect.source.line >= 1);
    }
    std::set<QString> ids;
    for (const core::RatingListEntry& entry : list.entries) {
        FUZZ_CHECK(!entry.playerId.isEmpty());
        FUZZ_CHECK(ids.insert(entry.playerId).second);
        FUZZ_CHECK(std::isfinite(entry.mu));
        FUZZ_CHECK(std::isfinite(entry.sigma) && entry.sigma > 0.0);
    }
    return 0;
}
