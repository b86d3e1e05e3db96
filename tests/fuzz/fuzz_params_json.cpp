// libFuzzer target: params.json (ui/core/historyreader's parseParametersJson). The input is the
// file's bytes.
//
// Checked: the reader never crashes, leaks or trips a sanitizer; every defect has a message and a
// line of the file; every value it accepts is within the range that its key documents.
#include "core/formats/historyreader.h"
#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/history.h"
#include "fuzz_common.h"

#include <QByteArray>
#include <QString>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>

using namespace flickdesk;

namespace {

bool within(const std::optional<double>& value, double lowest, bool lowestIncluded, double highest,
            bool highestIncluded)
{
    if (!value)
        return true;
    const double x = *value;
    return std::isfinite(x) && (lowestIncluded ? x >= lowest : x > lowest) &&
           (highestIncluded ? x <= highest : x < highest);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray text(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const core::ParametersFile file = core::parseParametersJson(text, QStringLiteral("params.json"));

    const int lines = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    for (const engine::Defect& defect : file.defects) {
        FUZZ_CHECK(!defect.message.empty());
        FUZZ_CHECK(defect.source.file == "params.json");
        FUZZ_CHECK(defect.source.line >= 1 && defect.source.line <= lines);
    }

    const core::ParameterOverrides& p = file.parameters;
    constexpr double any = HUGE_VAL;
    FUZZ_CHECK(within(p.mu0, -any, false, any, false));
    FUZZ_CHECK(within(p.sigma0, 0.0, false, any, false));
    FUZZ_CHECK(within(p.beta, 0.0, false, any, false));
    FUZZ_CHECK(within(p.gamma, 0.0, true, any, false));
    FUZZ_CHECK(within(p.epsilon, 0.0, false, any, false));
    FUZZ_CHECK(within(p.drawProbabilityFinish, 0.0, true, 1.0, false));
    FUZZ_CHECK(within(p.drawProbabilityGame, 0.0, true, 1.0, false));
    FUZZ_CHECK(within(p.doublesWeight, 0.0, false, 1.0, true));
    FUZZ_CHECK(!p.maxIterations || *p.maxIterations >= 0);

    // What the command line does with them: later overrides win, then onto the engine's defaults.
    core::ParameterOverrides overrides;
    overrides.overrideWith(p);
    engine::FlickSkillParameters parameters;
    overrides.applyTo(parameters);
    FUZZ_CHECK(parameters.maxIterations ==
               p.maxIterations.value_or(engine::FlickSkillParameters{}.maxIterations));
    return 0;
}
