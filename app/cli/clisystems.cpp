#include "cli/cliprivate.h"
#include "core/awards/payout.h"
#include "core/awards/tourpoints.h"
#include "core/formats/boundedfile.h"
#include "core/formats/csvwriting.h"
#include "core/formats/eventexchange.h"
#include "core/formats/historyreader.h"
#include "core/formats/outputfiles.h"
#include "core/store/store.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"
#include "flickdesk/engine/standings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QLockFile>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSysInfo>
#include <QTextStream>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>
namespace flickdesk::core::cli_internal {
namespace {

// ---------------------------------------------------------------------------------------------
// The other associations' systems: acf, kc, squares (ui/core/systems/systems.h)

bool readInputFile(const QString& path, QByteArray& bytes, QString& problem)
{
    BoundedFile file = readBoundedFile(path, file_limits::csvFile);
    if (!file.ok()) {
        problem = QStringLiteral("%1: %2").arg(path, file.problem);
        return false;
    }
    bytes = std::move(file.bytes);
    return true;
}

// acf, kc and squares: the same steps, each with its system's rules (core/systems/systems.h).
int runSystemCommand(SystemKind kind, Invocation& call)
{
    QTextStream& err = call.err;
    SystemInput input;
    input.gamesFile = call.positional;
    const std::optional<QString> playersFile = call.arguments.value("--players");
    QString readProblem;
    if (!readInputFile(input.gamesFile, input.games, readProblem) ||
        (playersFile && !readInputFile(*playersFile, input.players, readProblem))) {
        err << call.name() << ": " << readProblem << '\n';
        return cli_exit::inputDefects;
    }
    if (playersFile) {
        input.hasPlayers = true;
        input.playersFile = *playersFile;
    }
    const SystemResult result = runSystem(kind, input);
    if (!result.defects.empty())
        return refuseDefects(err, call.name(), result.defects,
                             playersFile ? QStringLiteral("%1 and %2").arg(*playersFile, input.gamesFile)
                                         : input.gamesFile,
                             kind == SystemKind::Squares ? "no standings computed" : "no ratings computed");
    return writeOutput(call.out, err, call.name(), call.arguments, tableToCsv(result.table));
}

} // namespace

int runAcf(Invocation& call)
{
    return runSystemCommand(SystemKind::Acf, call);
}

int runKings(Invocation& call)
{
    return runSystemCommand(SystemKind::Kings, call);
}

int runSquares(Invocation& call)
{
    if (!call.has("--best-countries"))
        return runSystemCommand(SystemKind::Squares, call);
    // The best country awards (spec 002 §4) in place of the standings: the same files, the same
    // refusal of defective input, the same output.
    SystemInput input;
    input.gamesFile = call.positional;
    const std::optional<QString> playersFile = call.arguments.value("--players");
    QString readProblem;
    if (!readInputFile(input.gamesFile, input.games, readProblem) ||
        (playersFile && !readInputFile(*playersFile, input.players, readProblem))) {
        call.err << call.name() << ": " << readProblem << '\n';
        return cli_exit::inputDefects;
    }
    if (playersFile) {
        input.hasPlayers = true;
        input.playersFile = *playersFile;
    }
    std::vector<engine::Defect> defects;
    const SystemTable table = squaresBestCountries(input, defects);
    if (!defects.empty())
        return refuseDefects(call.err, call.name(), defects,
                             playersFile ? QStringLiteral("%1 and %2").arg(*playersFile, input.gamesFile)
                                         : input.gamesFile,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "no awards computed"));
    return writeOutput(call.out, call.err, call.name(), call.arguments, tableToCsv(table));
}

} // namespace flickdesk::core::cli_internal
