#pragma once

// What the files of flickdesk-cli's commands share (cli.cpp: dispatch, arguments, help and output;
// clirating.cpp, clidatabase.cpp, clisystems.cpp: the commands). Private to ui/core.

#include "cli/cli.h"
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

// A command's arguments: its positional arguments and the values of its options (the last one
// given wins); -o is --output.
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

// How a command uses a database (--db FILE, or the default one).
enum class DatabaseUse {
    None,             // it reads only its files: --db is not one of its options
    InPlaceOfHistory, // it reads the database's finished events in place of HISTORY_DIR
    Path,             // it takes --db FILE but opens no store (unlock)
    Reads,            // it opens the database to read it; a read-only one is read in place
    ReadsChecked,     // Reads, with the open's quick check whatever the day (check)
    Writes,           // it writes to the database: a read-only one is refused, a missing one too
    WritesOrMakes,    // Writes, and makes the database when nothing is at the path (the imports)
};

struct Invocation;
using CommandFunction = int (*)(Invocation& call);

// One command of flickdesk-cli. To add one, write its function and add a row to `commands` in
// cli.cpp: its arguments are read and checked, and --help answered, there (runCommand), before the
// function runs.
struct Command {
    QLatin1String name;
    QLatin1String synopsis; // the arguments, after the name
    // Marked with QT_TRANSLATE_NOOP("flickdesk::core::Cli", ...), printed through Cli::tr().
    const char* summary; // one line for --help
    const char* details; // the options, for `flickdesk-cli COMMAND --help`
    CommandFunction run;
    DatabaseUse database;
    // The options that take a value, space-separated (-o is --output); --db is one for every command
    // that takes a database.
    QLatin1String options;
    // The command's one positional argument (HISTORY_DIR, FILE.json), or nullptr: it takes none.
    const char* positional = nullptr;
    // The options that take no value (--replace), space-separated.
    QLatin1String switches = QLatin1String("");
    // What is checked even when --help is given (rate's and lock's numbers): the message of a usage
    // error, or an empty string.
    QString (*checkedBeforeHelp)(const Arguments& arguments) = nullptr;
    // Its positional arguments are its function's to read (play: a subcommand, DB, EVENT...).
    bool ownPositionals = false;
};

// A command being run, its arguments read and checked as its row says (runCommand in cli.cpp): what
// each command's function had read, checked and opened for itself.
struct Invocation {
    const Command& command;
    QTextStream& out;
    QTextStream& err;
    Arguments arguments;
    // The positional argument; with --db in place of HISTORY_DIR, the database's path.
    QString positional;
    QStringList switches; // those given

    QLatin1String name() const { return command.name; }
    bool has(const char* switchName) const { return switches.contains(QLatin1String(switchName)); }
    // A usage error: the problem and the command's usage written; its exit status.
    int usage(const QString& problem) const;
    // The database of --db FILE (the default one without it), opened as the command's DatabaseUse
    // says (openStore); null, with the message written and `status` set, when it cannot be.
    std::unique_ptr<Store> openStore(int& status) const;
};

int runRate(Invocation& call);
int runLock(Invocation& call);
int runPoints(Invocation& call);
int runStandings(Invocation& call);
int runPayout(Invocation& call);
int runImportHistory(Invocation& call);
int runImportRatings(Invocation& call);
int runExportEvent(Invocation& call);
int runImportEvent(Invocation& call);
int runEvents(Invocation& call);
int runBackup(Invocation& call);
int runCheck(Invocation& call);
int runUnlock(Invocation& call);
int runEditPlayer(Invocation& call);  // cliplayers.cpp
int runMergePlayer(Invocation& call); // cliplayers.cpp
int runAcf(Invocation& call);
int runKings(Invocation& call);
int runSquares(Invocation& call);
int runPlay(Invocation& call); // cliplay.cpp

// The checks of --params, --epsilon and --max-iter (rate, lock; clirating.cpp), made even with --help.
QString checkRatingOptions(const Arguments& arguments);

// Writes the problem and the command's usage; the exit status of a usage error.
int usageError(QTextStream& err, const Command& command, const QString& problem);

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

// The databases a command's output must not be written over: --db FILE's and the default one.
QStringList databaseFiles(const Arguments& arguments);

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
