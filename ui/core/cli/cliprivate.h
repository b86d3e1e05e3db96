#pragma once

// What the files of flickdesk-cli's commands share (cli.cpp: dispatch, arguments, help and output;
// clirating.cpp, clidatabase.cpp, clisystems.cpp: the commands). Private to ui/core.

#include "core/cli/cli.h"
#include "core/store/store.h"
#include "flickdesk/engine/date.h"
#include "flickdesk/engine/history.h"

#include <QCoreApplication>
#include <QLatin1String>
#include <QString>
#include <QStringList>
#include <QTextStream>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace flickdesk::core::cli_internal {

// The translation context of the command-line messages: Cli::tr("...").
struct Cli {
    Q_DECLARE_TR_FUNCTIONS(flickdesk::core::Cli)
};

using CommandFunction = int (*)(const QStringList& args, QTextStream& out, QTextStream& err);

// How a command uses a database (--db FILE, or the default one).
enum class DatabaseUse {
    Store,            // it opens the database: the default
    InPlaceOfHistory, // it reads the database's finished events in place of HISTORY_DIR
    None,             // it reads only its files
};

// One command of flickdesk-cli. To add one, write its function and add a row to `commands` in cli.cpp.
struct Command {
    QLatin1String name;
    QLatin1String synopsis; // the arguments, after the name
    // Marked with QT_TRANSLATE_NOOP("flickdesk::core::Cli", ...), printed through Cli::tr().
    const char* summary; // one line for --help
    const char* details; // the options, for `flickdesk-cli COMMAND --help`
    CommandFunction run;
    DatabaseUse database = DatabaseUse::Store;
};

int runRate(const QStringList& args, QTextStream& out, QTextStream& err);
int runLock(const QStringList& args, QTextStream& out, QTextStream& err);
int runPoints(const QStringList& args, QTextStream& out, QTextStream& err);
int runStandings(const QStringList& args, QTextStream& out, QTextStream& err);
int runPayout(const QStringList& args, QTextStream& out, QTextStream& err);
int runImportHistory(const QStringList& args, QTextStream& out, QTextStream& err);
int runImportRatings(const QStringList& args, QTextStream& out, QTextStream& err);
int runExportEvent(const QStringList& args, QTextStream& out, QTextStream& err);
int runImportEvent(const QStringList& args, QTextStream& out, QTextStream& err);
int runEvents(const QStringList& args, QTextStream& out, QTextStream& err);
int runBackup(const QStringList& args, QTextStream& out, QTextStream& err);
int runCheck(const QStringList& args, QTextStream& out, QTextStream& err);
int runUnlock(const QStringList& args, QTextStream& out, QTextStream& err);
int runEditPlayer(const QStringList& args, QTextStream& out, QTextStream& err);  // cliplayers.cpp
int runMergePlayer(const QStringList& args, QTextStream& out, QTextStream& err); // cliplayers.cpp
int runAcf(const QStringList& args, QTextStream& out, QTextStream& err);
int runKings(const QStringList& args, QTextStream& out, QTextStream& err);
int runSquares(const QStringList& args, QTextStream& out, QTextStream& err);

// The command called `name`, or nullptr.
const Command* findCommand(const QString& name);

// Writes the problem and the command's usage; the exit status of a usage error.
int usageError(QTextStream& err, const Command& command, const QString& problem);

// A command's arguments: its positional arguments and the values of its options (the last one
// given wins). Every option but -h/--help takes a value; -o is --output.
struct Arguments {
    QStringList positional;
    std::map<QString, QString> values;
    bool help = false;

    std::optional<QString> value(const char* option) const
    {
        const auto it = values.find(QLatin1String(option));
        return it == values.end() ? std::nullopt : std::optional(it->second);
    }
};

// Reads `args` against the value options a command knows; the message of a usage error, or an
// empty string.
QString readArguments(const QStringList& args, std::initializer_list<const char*> valueOptions,
                      Arguments& arguments);

// The one positional argument a command takes (HISTORY_DIR, FIELD.csv); the message of a usage
// error, or an empty string.
QString readOnePositional(const Arguments& arguments, const char* what, QString& value);

// The end of every command's argument reading: a usage error, or --help, ends the command there.
std::optional<int> usageOrHelp(const Command& command, const QString& problem, const Arguments& arguments,
                               QTextStream& out, QTextStream& err);

// Opens the database of --db FILE (the default one without it). On failure the message is written
// and `status` says why: 66 none there, 65 not a FlickDesk database or damaged, 75 held by another
// FlickDesk, 73 not writable (`forWriting`). Only the import commands make a database
// (`creation`); the others say there is none.
std::unique_ptr<Store> openStore(const Arguments& arguments, QLatin1String command, bool forWriting,
                                 QTextStream& err, int& status,
                                 StoreOptions::Creation creation = StoreOptions::Creation::Never,
                                 bool checkOnOpen = false);

// DECISIONS D2: bad input is refused with every defect named, and nothing is written.
int refuseDefects(QTextStream& err, QLatin1String command, const std::vector<engine::Defect>& defects,
                  const QString& source, const char* consequence); // consequence: QT_TRANSLATE_NOOP

// Why a command must not write `output` (the database or one of its files); empty when it may.
QString databaseClash(const Arguments& arguments, const QString& output);

// The refusal of a command whose -o file is the database or one of its files (databaseClash), as
// writeOutput refuses it: what a command that writes to the database before its output (the monthly
// locks of points and standings) checks first. Nothing when it may write there.
std::optional<int> refuseOutputOverDatabase(QTextStream& err, QLatin1String command,
                                            const Arguments& arguments);

// Writes a command's result to its -o file, or to `out` when none is given.
int writeOutput(QTextStream& out, QTextStream& err, QLatin1String command, const Arguments& arguments,
                const QByteArray& bytes);

// YYYY-MM, strictly: the 1st of that month (lock, import-ratings).
std::optional<engine::DayNumber> parseMonth(const QString& text);

} // namespace flickdesk::core::cli_internal
