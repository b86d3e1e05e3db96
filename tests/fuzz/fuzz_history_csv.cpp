// libFuzzer target: a history folder's files (ui/core/historyreader), then the FlickSkill engine on
// every history the reader accepts.
//
// The input is the folder's files separated by NUL bytes: events.csv, results.csv, then any number
// of tagged sections, whose first byte says which file the rest is: 'g' games.csv, 'p' params.json
// (a later section of a kind replaces an earlier one; other tags are ignored). pack_history.sh makes
// such an input from a folder, unpack_history.sh turns one back into a folder.
//
// Checked: the reader never crashes, leaks or trips a sanitizer on any bytes; every defect has a
// message; and a history it accepts without defects is rated by the engine without an exception,
// with every point of every learning curve finite and every sigma above 0 (DECISIONS N7), whatever
// parameters within the engine's limits (engine::ParameterLimits) its params.json sets.
#include "core/formats/historyreader.h"
#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/history.h"
#include "fuzz_common.h"

#include <QByteArray>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

using namespace flickdesk;

namespace {

// The reader accepts up to 1e9 sweeps, which would only make an input slow, not wrong: the engine's
// default is plenty to reach any NaN or crash.
constexpr int sweepsAtMost = 50;

struct FolderInput {
    QByteArray events;
    QByteArray results;
    std::optional<QByteArray> games;
    std::optional<QByteArray> params;
};

FolderInput splitInput(std::string_view input)
{
    std::vector<std::string_view> sections;
    for (;;) {
        const std::size_t separator = input.find('\0');
        sections.push_back(input.substr(0, separator));
        if (separator == std::string_view::npos)
            break;
        input.remove_prefix(separator + 1);
    }
    const auto bytes = [](std::string_view text) {
        return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
    };
    FolderInput folder;
    folder.events = bytes(sections[0]);
    if (sections.size() > 1)
        folder.results = bytes(sections[1]);
    for (std::size_t i = 2; i < sections.size(); ++i) {
        const std::string_view section = sections[i];
        if (section.empty())
            continue;
        if (section.front() == 'g')
            folder.games = bytes(section.substr(1));
        else if (section.front() == 'p')
            folder.params = bytes(section.substr(1));
    }
    return folder;
}

void checkRatable(const core::HistoryFolder& folder)
{
    const engine::RatingHistory& history = folder.history;
    FUZZ_CHECK(folder.events.size() == history.events.size());
    FUZZ_CHECK(engine::validateHistory(history).empty());

    engine::FlickSkillParameters parameters;
    folder.parameters.applyTo(parameters);
    parameters.maxIterations = std::min(parameters.maxIterations, sweepsAtMost);
    // An exception here escapes: the engine refused a history that the reader accepted.
    const engine::FlickSkillResult result = engine::rateHistory(history, parameters);

    FUZZ_CHECK(!result.cancelled);
    FUZZ_CHECK(result.curves.size() == history.playerIds.size());
    for (const std::vector<engine::LearningCurvePoint>& curve : result.curves) {
        for (const engine::LearningCurvePoint& point : curve) {
            FUZZ_CHECK(std::isfinite(point.mu));
            FUZZ_CHECK(std::isfinite(point.sigma));
            FUZZ_CHECK(point.sigma > 0.0);
        }
    }
    FUZZ_CHECK(!std::isnan(result.logEvidence));
    FUZZ_CHECK(!std::isnan(result.lastStep));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const FolderInput input = splitInput(std::string_view(reinterpret_cast<const char*>(data), size));
    const core::HistoryFolder folder =
        core::parseHistoryFiles(input.events, input.results, input.games, input.params);
    for (const engine::Defect& defect : folder.defects) {
        FUZZ_CHECK(!defect.message.empty());
        FUZZ_CHECK(!engine::describe(defect).empty());
    }
    if (folder.defects.empty())
        checkRatable(folder);
    return 0;
}
