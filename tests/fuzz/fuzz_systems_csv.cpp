// libFuzzer target: the readers of the other associations' systems (ui/core/systems/systems.h): ACF,
// Kings Cribbage (all three scopes) and Squares. The first byte picks the system; the rest is the
// games CSV, or, when it holds a NUL byte, the players CSV before it and the games CSV after it.
//
// Checked: the readers and the engines never crash, leak or trip a sanitizer; every defect has a
// message and a line; a result without defects has rows as wide as its header, a player id in
// every history row, and no NaN or infinity in any field (DECISIONS N7 holds for every system).
#include "core/systems/systems.h"
#include "flickdesk/engine/history.h"
#include "fuzz_common.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

using namespace flickdesk;

namespace {

// The columns that hold computed numbers; the others (ids, names, dates) are the input's text,
// which may well read "nan" or "inf".
bool isNumberColumn(const QString& column)
{
    static const QStringList numbers{QStringLiteral("rating"),
                                     QStringLiteral("peak"),
                                     QStringLiteral("Rc"),
                                     QStringLiteral("performance"),
                                     QStringLiteral("rating_before"),
                                     QStringLiteral("rating_after"),
                                     QStringLiteral("change"),
                                     QStringLiteral("group_rating"),
                                     QStringLiteral("total"),
                                     QStringLiteral("best"),
                                     QStringLiteral("second"),
                                     QStringLiteral("third"),
                                     QStringLiteral("score"),
                                     QStringLiteral("games"),
                                     QStringLiteral("rounds"),
                                     QStringLiteral("group_games"),
                                     QStringLiteral("wins"),
                                     QStringLiteral("draws"),
                                     QStringLiteral("W"),
                                     QStringLiteral("L"),
                                     QStringLiteral("D")};
    return numbers.contains(column);
}

void checkTable(const core::SystemTable& table)
{
    for (const QStringList& row : table.rows) {
        FUZZ_CHECK(row.size() == table.columns.size());
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (!isNumberColumn(table.columns[i]) || row[i].isEmpty())
                continue;
            bool ok = false;
            const double value = row[i].toDouble(&ok);
            FUZZ_CHECK(ok && std::isfinite(value));
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    constexpr std::array kinds{core::SystemKind::Acf, core::SystemKind::Kings,
                               core::SystemKind::KingsHeadToHead, core::SystemKind::KingsGroup,
                               core::SystemKind::Squares};
    const core::SystemKind kind = kinds[data[0] % kinds.size()];
    const QByteArray bytes(reinterpret_cast<const char*>(data + 1), static_cast<qsizetype>(size - 1));
    core::SystemInput input;
    if (const qsizetype split = bytes.indexOf('\0'); split >= 0) {
        input.hasPlayers = true;
        input.players = bytes.left(split);
        input.games = bytes.mid(split + 1);
    } else {
        input.games = bytes;
    }
    const core::SystemResult result = core::runSystem(kind, input);
    for (const engine::Defect& defect : result.defects) {
        FUZZ_CHECK(!defect.message.empty());
        FUZZ_CHECK(defect.source.line >= 1);
    }
    if (!result.defects.empty()) {
        FUZZ_CHECK(result.table.rows.isEmpty() && result.history.rows.isEmpty());
        return 0;
    }
    checkTable(result.table);
    checkTable(result.history);
    for (const QStringList& row : result.history.rows)
        FUZZ_CHECK(!row.isEmpty() && !row.first().isEmpty());
    return 0;
}
