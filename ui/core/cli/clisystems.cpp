#include "core/awards/payout.h"
#include "core/awards/tourpoints.h"
#include "core/cli/cliprivate.h"
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

int runSystemCommand(SystemKind kind, const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(systemKey(kind));
    Arguments arguments;
    SystemInput input;
    QString problem = readArguments(args, {"--players", "--output"}, arguments);
    if (problem.isEmpty() && !arguments.help)
        problem = readOnePositional(arguments, "GAMES.csv", input.gamesFile);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;
    const std::optional<QString> playersFile = arguments.value("--players");
    QString readProblem;
    if (!readInputFile(input.gamesFile, input.games, readProblem) ||
        (playersFile && !readInputFile(*playersFile, input.players, readProblem))) {
        err << command.name << ": " << readProblem << '\n';
        return cli_exit::inputDefects;
    }
    if (playersFile) {
        input.hasPlayers = true;
        input.playersFile = *playersFile;
    }
    const SystemResult result = runSystem(kind, input);
    if (!result.defects.empty())
        return refuseDefects(err, command.name, result.defects,
                             playersFile ? QStringLiteral("%1 and %2").arg(*playersFile, input.gamesFile)
                                         : input.gamesFile,
                             kind == SystemKind::Squares ? "no standings computed" : "no ratings computed");
    return writeOutput(out, err, command.name, arguments, tableToCsv(result.table));
}

} // namespace

int runAcf(const QStringList& args, QTextStream& out, QTextStream& err)
{
    return runSystemCommand(SystemKind::Acf, args, out, err);
}

int runKings(const QStringList& args, QTextStream& out, QTextStream& err)
{
    return runSystemCommand(SystemKind::Kings, args, out, err);
}

int runSquares(const QStringList& args, QTextStream& out, QTextStream& err)
{
    return runSystemCommand(SystemKind::Squares, args, out, err);
}

} // namespace flickdesk::core::cli_internal
