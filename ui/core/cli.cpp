#include "core/cli.h"

#include "core/boundedfile.h"
#include "core/csvwriting.h"
#include "core/eventexchange.h"
#include "core/historyreader.h"
#include "core/outputfiles.h"
#include "core/payout.h"
#include "core/store.h"
#include "core/systems.h"
#include "core/tourpoints.h"
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

namespace flickdesk::core {
namespace {

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

// One command of flickdesk-cli. To add one, write its function and add a row to `commands` below.
struct Command {
    QLatin1String name;
    QLatin1String synopsis; // the arguments, after the name
    QLatin1String summary;  // one line for --help
    QLatin1String details;  // the options, for `flickdesk-cli COMMAND --help`
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
int runAcf(const QStringList& args, QTextStream& out, QTextStream& err);
int runKings(const QStringList& args, QTextStream& out, QTextStream& err);
int runSquares(const QStringList& args, QTextStream& out, QTextStream& err);

const Command commands[] = {
    {QLatin1String("rate"),
     QLatin1String("HISTORY_DIR [--params FILE] [--epsilon E] [--max-iter N] [-o OUT.csv]"),
     QLatin1String(
         "Rate a history folder with FlickSkill: mu and sigma of every player on every date played."),
     QLatin1String(
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json\n"
         "  --params FILE    parameters (JSON) overriding the folder's params.json\n"
         "  --epsilon E      convergence tolerance (default 0.001), overrides both files\n"
         "  --max-iter N     at most N backward/forward sweeps (default 50), overrides both files\n"
         "  -o, --output OUT.csv  write player_id,date,mu,sigma there instead of to standard output\n"),
     &runRate, DatabaseUse::InPlaceOfHistory},
    {QLatin1String("lock"),
     QLatin1String("HISTORY_DIR --month YYYY-MM [--params FILE] [--epsilon E] [--max-iter N] [-o OUT.csv]"),
     QLatin1String(
         "The monthly rating lock: every player's rating from the events before the 1st of a month."),
     QLatin1String("  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json\n"
                   "  --month YYYY-MM  the month whose lock to compute: events dated before its 1st count,\n"
                   "                   events earlier in the same month do not (DECISIONS P1)\n"
                   "  --params FILE    parameters (JSON) overriding the folder's params.json\n"
                   "  --epsilon E      convergence tolerance (default 0.001), overrides both files\n"
                   "  --max-iter N     at most N backward/forward sweeps (default 50), overrides both files\n"
                   "  -o, --output OUT.csv  write player_id,mu,sigma there instead of to standard output;\n"
                   "                   one row per player with an event before the month\n"),
     &runLock, DatabaseUse::InPlaceOfHistory},
    {QLatin1String("points"), QLatin1String("HISTORY_DIR [-o OUT.csv]"),
     QLatin1String("Field-Weighted Points of every Tour event of a history folder, from its monthly locks."),
     QLatin1String(
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json; every event\n"
         "                   whose tour is competitive or recreational is awarded with the ratings\n"
         "                   locked on the 1st of its month\n"
         "  -o, --output OUT.csv  write event_id,place,player_id,fsi,fdi,points there instead of to\n"
         "                   standard output: events by date, rows by place then player; doubles\n"
         "                   partners each have a row with the team's award\n"),
     &runPoints, DatabaseUse::InPlaceOfHistory},
    {QLatin1String("standings"),
     QLatin1String("HISTORY_DIR --season S --division competitive|recreational [--finale EVENT_ID] "
                   "[--past-champions ID,ID...] [-o OUT.csv]"),
     QLatin1String("NCA Tour standings of one season and division: the best 5 (4) awards of each player."),
     QLatin1String(
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json\n"
         "  --season S       the season label of events.csv's season column\n"
         "  --division D     competitive (best 5 awards count) or recreational (best 4)\n"
         "  --finale EVENT_ID  the Finale whose finish breaks ties at the top (default: the season's\n"
         "                   competitive event named WCC Singles..., the latest if there are several)\n"
         "  --past-champions ID,ID...  players who won the Recreational Tour title in seasons before\n"
         "                   the history's; the history's own earlier champions are found from it\n"
         "  -o, --output OUT.csv  write rank,player_id,total,counted_events,note there instead of to\n"
         "                   standard output\n"),
     &runStandings, DatabaseUse::InPlaceOfHistory},
    {QLatin1String("payout"),
     QLatin1String("--format singles|doubles --tier 1|2|3 [--experimental-cap X] [-o OUT.csv] FIELD.csv"),
     QLatin1String("The Field-Weighted Points payout table of a field of locked ratings (a preview)."),
     QLatin1String(
         "  --format F       singles or doubles\n"
         "  --tier T         the event's Tier: 1, 2 or 3 (its FSI floor 0.80, 0.60 or 0.40)\n"
         "  --experimental-cap X  the FSI cap of an experimental-format event (FlickDesk proposes 1.00)\n"
         "  FIELD.csv        header mu and one row per entrant (singles), or header mu_a,mu_b and\n"
         "                   one row per team (doubles): the locked FlickSkill mu\n"
         "  -o, --output OUT.csv  write the table there instead of to standard output: lines\n"
         "                   '# FSI', '# FDI' and '# N', then place,points for places 1..N\n"),
     &runPayout, DatabaseUse::None},
    {QLatin1String("import-history"), QLatin1String("HISTORY_DIR [--accept-parameters] [--db FILE]"),
     QLatin1String("Import a history folder into the database: all of it, or nothing when it has a defect."),
     QLatin1String(
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json; every defect\n"
         "                   is listed, and then nothing is written (DECISIONS D2). An event already in\n"
         "                   the database with the same content is skipped; with other content, a defect;\n"
         "                   the same event (date, name and field) under another id, a defect\n"
         "  --accept-parameters  make the folder's params.json the database's FlickSkill parameters\n"
         "                   (recorded in the audit log); without it a params.json that differs from\n"
         "                   them is a defect. An empty database takes them without it\n"),
     &runImportHistory},
    {QLatin1String("import-ratings"), QLatin1String("FILE --month YYYY-MM [--replace] [--db FILE]"),
     QLatin1String("Import an NCA rating list as the monthly lock of a month."),
     QLatin1String(
         "  FILE             CSV with the header player_id,name,mu,sigma (name may be empty)\n"
         "  --month YYYY-MM  the month whose lock the list is (DECISIONS P1)\n"
         "  --replace        replace a lock that awarded events used; logged in the audit log, and their\n"
         "                   awards stay as they were (DECISIONS P2)\n"),
     &runImportRatings},
    {QLatin1String("export-event"), QLatin1String("EVENT_ID -o FILE.json [--db FILE]"),
     QLatin1String(
         "Export an event for the NCA: FILE.json, and its results as the history folder FILE-history/."),
     QLatin1String(
         "  EVENT_ID         the event ('flickdesk-cli events' lists them)\n"
         "  -o, --output FILE.json  the event, its field, standings or games, and its award (the locked\n"
         "                   ratings, FSI, FDI and every award), FlickDesk's version and a SHA-256 of the\n"
         "                   content; the same results go to FILE-history/ (events.csv, results.csv,\n"
         "                   games.csv)\n"),
     &runExportEvent},
    {QLatin1String("import-event"), QLatin1String("FILE.json [--db FILE]"),
     QLatin1String(
         "Import an event that FlickDesk exported; a file whose checksum does not match is refused."),
     QLatin1String("  FILE.json        written by export-event; the event and its award are added in one\n"
                   "                   transaction, or nothing is when the file has a defect. The same event\n"
                   "                   (date, name and field) under another id, and a player the database\n"
                   "                   knows under another name, are defects\n"),
     &runImportEvent},
    {QLatin1String("events"), QLatin1String("[--db FILE]"),
     QLatin1String("List the database's events: id, date, name and status, tab-separated, one per line."),
     QLatin1String("  Events by date. Status: planned, started, finished or awarded.\n"), &runEvents},
    {QLatin1String("backup"), QLatin1String("-o FILE [--db FILE]"),
     QLatin1String("Copy the database to FILE: a consistent copy, even while FlickDesk is using it."),
     QLatin1String(
         "  -o, --output FILE  the copy (replaced if it exists); FlickDesk also keeps its own backups\n"
         "                   in backups/ beside the database: before every upgrade and once a day\n"),
     &runBackup},
    {QLatin1String("check"), QLatin1String("[--db FILE]"),
     QLatin1String("Check the database: its integrity and its foreign keys; exit status 65 when broken."),
     QLatin1String("  Lists each problem on standard output: integrity, foreign keys, and every table,\n"
                   "                   column, index and trigger the database's version should have.\n"),
     &runCheck},
    {QLatin1String("unlock"), QLatin1String("[--db FILE]"),
     QLatin1String(
         "Take over a database that FlickDesk on another computer, or one that crashed, still holds."),
     QLatin1String(
         "  Removes the lock file (FILE.lock) that keeps the database read-only. A lock of a FlickDesk\n"
         "                   still running on this computer is left alone (exit status 75); the lock of\n"
         "                   another computer is removed: do it only when FlickDesk no longer runs there.\n"),
     &runUnlock},
    {QLatin1String("acf"), QLatin1String("GAMES.csv [--players PLAYERS.csv] [-o OUT.csv]"),
     QLatin1String("American Checker Federation ratings from a file of games (docs/other-systems.md)."),
     QLatin1String(
         "  GAMES.csv        one row per game: event, date, scoring (round or game), round, players\n"
         "                   and result, in the format of docs/other-systems.md\n"
         "  --players PLAYERS.csv  the players and their ratings before the first event; every\n"
         "                   player of GAMES.csv must be in it. Without it everyone starts unrated\n"
         "  -o, --output OUT.csv  write the ratings there instead of to standard output\n"),
     &runAcf, DatabaseUse::None},
    {QLatin1String("kc"), QLatin1String("GAMES.csv [--players PLAYERS.csv] [-o OUT.csv]"),
     QLatin1String(
         "Kings Cribbage head-to-head and group ratings from a file of games (docs/other-systems.md)."),
     QLatin1String("  GAMES.csv        one row per game: two players (head-to-head) or 3-4 in seat order\n"
                   "                   (group), with their scores, in the format of docs/other-systems.md\n"
                   "  --players PLAYERS.csv  the players and their ratings before the first game; every\n"
                   "                   player of GAMES.csv must be in it. Without it everyone starts at a\n"
                   "                   provisional 1500\n"
                   "  -o, --output OUT.csv  write the ratings there instead of to standard output\n"),
     &runKings, DatabaseUse::None},
    {QLatin1String("squares"), QLatin1String("GAMES.csv [--players PLAYERS.csv] [-o OUT.csv]"),
     QLatin1String(
         "Diplomacy Squares tournament standings from each power's supply centres (docs/other-systems.md)."),
     QLatin1String("  GAMES.csv        one row per player and game: the centres held at the end and, for an\n"
                   "                   eliminated power, the year, in the format of docs/other-systems.md\n"
                   "  --players PLAYERS.csv  the tournament's players; every player of GAMES.csv must be\n"
                   "                   in it\n"
                   "  -o, --output OUT.csv  write the standings there instead of to standard output\n"),
     &runSquares, DatabaseUse::None},
};

const Command* findCommand(const QString& name)
{
    const auto it = std::find_if(std::begin(commands), std::end(commands),
                                 [name](const Command& command) { return name == command.name; });
    return it == std::end(commands) ? nullptr : it;
}

QLatin1String programName()
{
    return QLatin1String("flickdesk-cli");
}

void printHelp(QTextStream& out)
{
    out << "Usage: " << programName() << " COMMAND [ARGUMENTS]\n"
        << "       " << programName() << " --help | --version\n\nCommands:\n";
    for (const Command& command : commands)
        out << "  " << command.name << ' ' << command.synopsis << "\n        " << command.summary << '\n';
    out << "\nRun '" << programName() << " COMMAND --help' for a command's options.\n"
        << "\nThe database: every command but payout, acf, kc and squares takes --db FILE, before the\n"
        << "command or among its options; without it, " << QDir::toNativeSeparators(Store::defaultPath())
        << ".\n"
        << "rate, lock, points and standings read it in place of HISTORY_DIR.\n"
        << "Only import-history, import-ratings and import-event make a new database, when nothing is\n"
        << "at the path; the other commands say there is none. An empty file is not a database.\n"
        << "No command writes its output over the database, its working files or its backups/ folder;\n"
        << "every output file is written whole under a temporary name and then renamed, so a failure\n"
        << "leaves the earlier file as it was. A database on read-only media is read in place.\n"
        << "Exit status: 0 done; 2 defects in the input, each listed as file:line: field: message;\n"
        << "64 usage error; 65 not a FlickDesk database, damaged, or check found a problem;\n"
        << "66 no database at the path given, nothing created; 70 internal error; 73 output file or\n"
        << "database not written; 75 the database is in use by another FlickDesk, nothing written.\n";
}

// The commands that read a history take --db FILE in place of HISTORY_DIR.
bool readsHistory(const Command& command)
{
    return command.database == DatabaseUse::InPlaceOfHistory;
}

bool takesDatabase(const Command& command)
{
    return command.database != DatabaseUse::None;
}

void printCommandHelp(QTextStream& out, const Command& command)
{
    out << "Usage: " << programName() << ' ' << command.name << ' ' << command.synopsis << "\n"
        << command.summary << "\n\n"
        << command.details;
    if (readsHistory(command))
        out << "  --db FILE        read the finished events of a FlickDesk database in place of "
               "HISTORY_DIR\n";
    else if (takesDatabase(command))
        out << "  --db FILE        the database (default " << QDir::toNativeSeparators(Store::defaultPath())
            << ")\n";
}

int usageError(QTextStream& err, const Command& command, const QString& problem)
{
    err << programName() << ' ' << command.name << ": " << problem << '\n'
        << Cli::tr("Usage: %1 %2 %3").arg(programName(), QString(command.name), QString(command.synopsis))
        << '\n';
    return cli_exit::usage;
}

// ---------------------------------------------------------------------------------------------
// Options shared by the commands: "--name value", "--name=value", "--" ends the options.

class OptionReader {
public:
    explicit OptionReader(const QStringList& args)
        : args_(args)
    {
    }

    // The next argument; false at the end. `isOption` tells an option from a positional argument.
    bool next(QString& argument, bool& isOption)
    {
        if (index_ >= args_.size())
            return false;
        argument = args_[index_++];
        if (!positionalOnly_ && argument == QLatin1String("--")) {
            positionalOnly_ = true;
            return next(argument, isOption);
        }
        isOption = !positionalOnly_ && argument.size() > 1 && argument.startsWith(u'-');
        inlineValue_.reset();
        if (isOption && argument.startsWith(QLatin1String("--"))) {
            if (const qsizetype equals = argument.indexOf(u'='); equals > 0) {
                inlineValue_ = argument.mid(equals + 1);
                argument.truncate(equals);
            }
        }
        return true;
    }

    // The value of the option just read: after '=' or the next argument.
    std::optional<QString> value()
    {
        if (inlineValue_)
            return std::exchange(inlineValue_, std::nullopt);
        if (index_ >= args_.size())
            return std::nullopt;
        return args_[index_++];
    }

private:
    const QStringList& args_;
    qsizetype index_ = 0;
    bool positionalOnly_ = false;
    std::optional<QString> inlineValue_;
};

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
                      Arguments& arguments)
{
    OptionReader reader(args);
    QString argument;
    bool isOption = false;
    while (reader.next(argument, isOption)) {
        if (!isOption) {
            arguments.positional.append(argument);
            continue;
        }
        if (argument == QLatin1String("-h") || argument == QLatin1String("--help")) {
            arguments.help = true;
            continue;
        }
        const QString name = argument == QLatin1String("-o") ? QStringLiteral("--output") : argument;
        const bool known = std::any_of(valueOptions.begin(), valueOptions.end(),
                                       [&name](const char* option) { return name == QLatin1String(option); });
        if (!known)
            return Cli::tr("unknown option '%1'").arg(argument);
        const std::optional<QString> value = reader.value();
        if (!value)
            return Cli::tr("option %1 needs a value").arg(argument);
        arguments.values[name] = *value;
    }
    return {};
}

// The one positional argument a command takes (HISTORY_DIR, FIELD.csv); the message of a usage
// error, or an empty string.
QString readOnePositional(const Arguments& arguments, const char* what, QString& value)
{
    if (arguments.positional.size() > 1)
        return Cli::tr("unexpected argument '%1'").arg(arguments.positional[1]);
    if (arguments.positional.isEmpty())
        return Cli::tr("missing %1").arg(QLatin1String(what));
    value = arguments.positional.first();
    return {};
}

// The end of every command's argument reading: a usage error, or --help, ends the command there.
std::optional<int> usageOrHelp(const Command& command, const QString& problem, const Arguments& arguments,
                               QTextStream& out, QTextStream& err)
{
    if (!problem.isEmpty())
        return usageError(err, command, problem);
    if (arguments.help) {
        printCommandHelp(out, command);
        return cli_exit::ok;
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Reading a history folder and its FlickSkill parameters (rate, lock, points, standings)

// The options of the rating parameters: --params FILE, --epsilon E, --max-iter N.
struct RatingOptions {
    QString paramsFile;
    ParameterOverrides overrides; // --epsilon, --max-iter
    QString database;             // --db FILE in place of HISTORY_DIR
};

QString readRatingOptions(const Arguments& arguments, RatingOptions& options)
{
    options.paramsFile = arguments.value("--params").value_or(QString());
    if (const auto value = arguments.value("--epsilon")) {
        bool ok = false;
        const double epsilon = value->toDouble(&ok);
        if (!ok || !std::isfinite(epsilon) || epsilon <= 0.0)
            return QStringLiteral("--epsilon needs a number above 0, not '%1'").arg(*value);
        options.overrides.epsilon = epsilon;
    }
    if (const auto value = arguments.value("--max-iter")) {
        bool ok = false;
        const int iterations = value->toInt(&ok);
        if (!ok || iterations < 0)
            return QStringLiteral("--max-iter needs a whole number 0 or above, not '%1'").arg(*value);
        options.overrides.maxIterations = iterations;
    }
    return {};
}

// HISTORY_DIR, or --db FILE in its place; the message of a usage error, or an empty string.
QString readHistorySource(const Arguments& arguments, QString& historyDir, RatingOptions& options)
{
    const std::optional<QString> database = arguments.value("--db");
    if (!database)
        return readOnePositional(arguments, "HISTORY_DIR", historyDir);
    if (database->isEmpty())
        return QStringLiteral("--db needs a database file");
    if (!arguments.positional.isEmpty())
        return QStringLiteral("give HISTORY_DIR or --db FILE, not both");
    options.database = *database;
    historyDir = *database;
    return {};
}

// The finished events of a database as the history a folder gives; a database that cannot be
// opened is a defect of the input.
// What the database keeps for Tour standings (settings): each season's Finale and the players who
// won the Recreational title before its history.
struct StoredTourSettings {
    std::map<QString, QString> finaleBySeason;
    std::set<std::string> earlierRecreationalChampions;
};

HistoryFolder readStoredHistory(const QString& database, StoredTourSettings& settings)
{
    StoreOptions options;
    options.path = database;
    options.creation = StoreOptions::Creation::Never;
    Store::OpenResult opened = Store::open(options);
    if (!opened.store) {
        HistoryFolder folder;
        folder.defects.push_back(
            engine::Defect{engine::SourceRef{database.toStdString(), 0}, {}, {}, opened.error.toStdString()});
        return folder;
    }
    try {
        HistoryFolder folder = opened.store->loadHistory();
        for (const EventInfo& event : folder.events) {
            if (settings.finaleBySeason.count(event.season) != 0)
                continue;
            const QJsonValue finale = opened.store->setting(Store::finaleKey(event.season));
            if (finale.isString() && !finale.toString().isEmpty())
                settings.finaleBySeason[event.season] = finale.toString();
        }
        const QJsonValue champions = opened.store->setting(Store::earlierRecreationalChampionsKey());
        for (const QJsonValue& id : champions.toArray())
            settings.earlierRecreationalChampions.insert(id.toString().toStdString());
        return folder;
    } catch (const StoreError& error) {
        HistoryFolder folder;
        folder.defects.push_back(engine::Defect{
            engine::SourceRef{database.toStdString(), 0}, {}, {}, error.message().toStdString()});
        return folder;
    }
}

struct RatingInput {
    HistoryFolder folder; // its defects moved to `defects`
    engine::FlickSkillParameters parameters;
    std::vector<engine::Defect> defects;
    StoredTourSettings tourSettings; // from the database's settings; empty for a folder
};

// The folder and its parameters: the folder's params.json, then --params FILE, then --epsilon /
// --max-iter, each later one winning. Every defect of the folder and the parameters file is listed.
RatingInput readRatingInput(const QString& historyDir, const RatingOptions& options)
{
    RatingInput input;
    input.folder = options.database.isEmpty() ? readHistoryFolder(historyDir)
                                              : readStoredHistory(options.database, input.tourSettings);
    input.defects = std::move(input.folder.defects);
    input.folder.defects.clear();
    ParameterOverrides overrides = input.folder.parameters;
    if (!options.paramsFile.isEmpty()) {
        ParametersFile file = readParametersJson(options.paramsFile);
        overrides.overrideWith(file.parameters);
        std::move(file.defects.begin(), file.defects.end(), std::back_inserter(input.defects));
    }
    overrides.overrideWith(options.overrides);
    overrides.applyTo(input.parameters);
    // What the command line sets is checked against the engine's limits as well (params.json
    // values were checked when read), and against the history (a draw needs p_draw_game > 0).
    for (const std::string& problem : engine::ratingProblems(input.folder.history, input.parameters))
        input.defects.push_back(engine::Defect{engine::SourceRef{"command line", 0}, {}, {}, problem});
    return input;
}

// DECISIONS D2: bad input is refused with every defect named, and nothing is written.
int refuseDefects(QTextStream& err, QLatin1String command, const std::vector<engine::Defect>& defects,
                  const QString& source, const char* consequence)
{
    for (const engine::Defect& defect : defects)
        err << QString::fromStdString(engine::describe(defect)) << '\n';
    err << command << ": "
        << (defects.size() == 1
                ? Cli::tr("1 defect in %1; %2").arg(source, QLatin1String(consequence))
                : Cli::tr("%1 defects in %2; %3")
                      .arg(QString::number(defects.size()), source, QLatin1String(consequence)))
        << '\n';
    return cli_exit::inputDefects;
}

// Why a command must not write `output`: it is the database of --db or the default one, or one of
// their files (core/outputfiles.h); an empty string when it may.
QString databaseClash(const Arguments& arguments, const QString& output)
{
    return outputClashWithDatabase(output,
                                   {Store::defaultPath(), arguments.value("--db").value_or(QString())});
}

// Writes a command's result to its -o file, or to `out` when none is given.
int writeOutput(QTextStream& out, QTextStream& err, QLatin1String command, const Arguments& arguments,
                const QByteArray& bytes)
{
    const QString outputFile = arguments.value("--output").value_or(QString());
    if (outputFile.isEmpty()) {
        out << QString::fromUtf8(bytes);
        out.flush();
        return cli_exit::ok;
    }
    if (const QString clash = databaseClash(arguments, outputFile); !clash.isEmpty()) {
        err << command << ": " << clash << '\n';
        return cli_exit::cannotWrite;
    }
    // A failure (a full disk) leaves no partial file and the earlier one as it was.
    if (const QString error = writeFileAtomically(outputFile, bytes); !error.isEmpty()) {
        err << command << ": " << error << '\n';
        return cli_exit::cannotWrite;
    }
    return cli_exit::ok;
}

// ---------------------------------------------------------------------------------------------
// CSV output

// printf-style formatting of numbers into a CSV text (the C locale's decimal point).
template <typename... Values> void appendFormatted(QByteArray& text, const char* format, Values... values)
{
    char buffer[128];
    const int length = std::snprintf(buffer, sizeof buffer, format, values...);
    text.append(buffer, std::clamp(length, 0, static_cast<int>(sizeof buffer) - 1));
}

// A sum of awards kept in whole tenths, printed like %.1f without a detour through binary fractions.
void appendTenths(QByteArray& text, long long tenths)
{
    if (tenths < 0) {
        text.append('-');
        tenths = -tenths;
    }
    appendFormatted(text, "%lld.%lld", tenths / 10, tenths % 10);
}

// ---------------------------------------------------------------------------------------------
// rate

// player_id,date,mu,sigma: one row per player per date played, by date and then player id.
QByteArray ratingsCsv(const engine::RatingHistory& history, const engine::FlickSkillResult& result)
{
    const std::size_t players = std::min(history.playerIds.size(), result.curves.size());
    std::vector<std::size_t> byId(players);
    std::iota(byId.begin(), byId.end(), std::size_t{0});
    std::sort(byId.begin(), byId.end(), [&](std::size_t x, std::size_t y) {
        return csv::playerIdLess(history.playerIds[x], history.playerIds[y]);
    });
    std::vector<std::size_t> rankOfPlayer(players);
    for (std::size_t rank = 0; rank < players; ++rank)
        rankOfPlayer[byId[rank]] = rank;

    struct Row {
        engine::DayNumber date;
        std::size_t rank;
        const engine::LearningCurvePoint* point;
    };
    std::vector<Row> rows;
    for (std::size_t player = 0; player < players; ++player) {
        for (const engine::LearningCurvePoint& point : result.curves[player])
            rows.push_back({point.date, rankOfPlayer[player], &point});
    }
    std::sort(rows.begin(), rows.end(),
              [](const Row& x, const Row& y) { return std::tie(x.date, x.rank) < std::tie(y.date, y.rank); });

    QByteArray text;
    text.reserve(static_cast<qsizetype>(rows.size() * 48 + 32));
    text.append("player_id,date,mu,sigma\n");
    for (const Row& row : rows) {
        csv::appendField(text, history.playerIds[byId[row.rank]]);
        text.append(',');
        text.append(engine::formatIsoDate(row.date).c_str());
        appendFormatted(text, ",%.9f,%.9f\n", row.point->mu, row.point->sigma);
    }
    return text;
}

int runRate(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("rate"));
    Arguments arguments;
    RatingOptions ratingOptions;
    QString historyDir;
    QString problem =
        readArguments(args, {"--db", "--params", "--epsilon", "--max-iter", "--output"}, arguments);
    if (problem.isEmpty())
        problem = readRatingOptions(arguments, ratingOptions);
    if (problem.isEmpty() && !arguments.help)
        problem = readHistorySource(arguments, historyDir, ratingOptions);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (!input.defects.empty())
        return refuseDefects(err, command.name, input.defects, historyDir, "nothing rated");

    engine::FlickSkillResult result;
    try {
        result = engine::rateHistory(input.folder.history, input.parameters);
    } catch (const std::exception& error) {
        err << "rate: " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }

    const QByteArray csv = ratingsCsv(input.folder.history, result);
    if (const int status = writeOutput(out, err, command.name, arguments, csv); status != cli_exit::ok)
        return status;

    const auto playersRated = std::count_if(result.curves.begin(), result.curves.end(),
                                            [](const auto& curve) { return !curve.empty(); });
    err << "rate: " << playersRated << " players, " << input.folder.history.events.size() << " events, "
        << result.iterations << " iterations, step " << QString::number(result.lastStep, 'g', 3)
        << ", converged " << (result.converged ? "yes" : "no") << ", log evidence "
        << QString::number(result.logEvidence, 'f', 6) << '\n';
    return cli_exit::ok;
}

// ---------------------------------------------------------------------------------------------
// lock

// YYYY-MM, strictly: the 1st of that month.
std::optional<engine::DayNumber> parseMonth(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\d{4}-\\d{2}$"));
    if (!pattern.match(text).hasMatch())
        return std::nullopt;
    return engine::parseIsoDate((text + QStringLiteral("-01")).toStdString());
}

// player_id,mu,sigma: every player with an event before the month, by player id.
QByteArray lockCsv(const engine::RatingHistory& history, const engine::MonthlyLock& lock)
{
    std::vector<std::size_t> players;
    for (std::size_t p = 0; p < lock.rated.size() && p < history.playerIds.size(); ++p) {
        if (lock.rated[p])
            players.push_back(p);
    }
    std::sort(players.begin(), players.end(), [&history](std::size_t x, std::size_t y) {
        return csv::playerIdLess(history.playerIds[x], history.playerIds[y]);
    });
    QByteArray text;
    text.reserve(static_cast<qsizetype>(players.size() * 36 + 32));
    text.append("player_id,mu,sigma\n");
    for (const std::size_t p : players) {
        csv::appendField(text, history.playerIds[p]);
        appendFormatted(text, ",%.9f,%.9f\n", lock.ratings[p].mu, lock.ratings[p].sigma);
    }
    return text;
}

int runLock(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("lock"));
    Arguments arguments;
    RatingOptions ratingOptions;
    QString historyDir;
    std::optional<engine::DayNumber> month;
    QString problem = readArguments(
        args, {"--db", "--month", "--params", "--epsilon", "--max-iter", "--output"}, arguments);
    if (problem.isEmpty())
        problem = readRatingOptions(arguments, ratingOptions);
    if (problem.isEmpty() && !arguments.help) {
        problem = readHistorySource(arguments, historyDir, ratingOptions);
        const std::optional<QString> monthText = arguments.value("--month");
        if (problem.isEmpty() && !monthText)
            problem = QStringLiteral("missing --month YYYY-MM");
        else if (problem.isEmpty() && !(month = parseMonth(*monthText)))
            problem =
                QStringLiteral("--month needs a month as YYYY-MM, e.g. 2025-01, not '%1'").arg(*monthText);
    }
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (!input.defects.empty())
        return refuseDefects(err, command.name, input.defects, historyDir, "nothing rated");

    engine::MonthlyLock lock;
    try {
        lock = engine::computeMonthlyLock(input.folder.history, *month, input.parameters);
    } catch (const std::exception& error) {
        err << "lock: " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }
    const QByteArray csv = lockCsv(input.folder.history, lock);
    if (const int status = writeOutput(out, err, command.name, arguments, csv); status != cli_exit::ok)
        return status;

    err << "lock: " << QString::fromStdString(engine::formatIsoDate(lock.month)) << ": "
        << std::count(lock.rated.begin(), lock.rated.end(), 1) << " players, " << lock.eventsRated
        << " events before it, " << lock.iterations << " iterations, converged "
        << (lock.converged ? "yes" : "no") << '\n';
    return cli_exit::ok;
}

// ---------------------------------------------------------------------------------------------
// points and standings

// Every defect of the folder, its parameters and its Tour events (DECISIONS D2), in file order.
std::vector<engine::Defect> tourInputDefects(const RatingInput& input)
{
    std::vector<engine::Defect> defects = input.defects;
    for (engine::Defect& defect : tourPointsDefects(input.folder))
        defects.push_back(std::move(defect));
    orderDefects(defects);
    return defects;
}

// Computes the awards `include` asks for; an exit status other than ok when the engine fails (the
// message written to `err`).
int awardTourPoints(QTextStream& err, QLatin1String command, const QString& historyDir,
                    const RatingInput& input, const TourEventFilter& include, TourPoints& points)
{
    try {
        points = computeTourPoints(input.folder, input.parameters, include);
    } catch (const std::exception& error) {
        err << command << ": " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }
    if (!points.defects.empty())
        return refuseDefects(err, command, points.defects, historyDir, "no points awarded");
    return cli_exit::ok;
}

// event_id,place,player_id,fsi,fdi,points: events in the order given, rows by place then player id.
QByteArray pointsCsv(const HistoryFolder& folder, const TourPoints& points)
{
    QByteArray text;
    text.append("event_id,place,player_id,fsi,fdi,points\n");
    for (const TourEventPoints& event : points.events) {
        const std::string& eventId = folder.history.events[event.eventIndex].id;
        for (const UnitAward& unit : event.units) {
            std::vector<const std::string*> players;
            for (const engine::PlayerIndex player : unit.players)
                players.push_back(&folder.history.playerIds[static_cast<std::size_t>(player)]);
            std::sort(players.begin(), players.end(),
                      [](const std::string* a, const std::string* b) { return csv::playerIdLess(*a, *b); });
            for (const std::string* player : players) {
                csv::appendField(text, eventId);
                appendFormatted(text, ",%d,", unit.place);
                csv::appendField(text, *player);
                // DECISIONS P8: FSI and FDI shown to 3 decimals; the award as rounded when awarded.
                appendFormatted(text, ",%.3f,%.3f,%.1f\n", event.payout.fieldStrengthIndex,
                                event.payout.fieldDepthIndex, unit.award);
            }
        }
    }
    return text;
}

int runPoints(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("points"));
    Arguments arguments;
    QString historyDir;
    RatingOptions ratingOptions; // --db FILE
    QString problem = readArguments(args, {"--db", "--output"}, arguments);
    if (problem.isEmpty() && !arguments.help)
        problem = readHistorySource(arguments, historyDir, ratingOptions);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    // The ratings behind the points are the folder's: its params.json applies, as it does to `lock`.
    const RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (const std::vector<engine::Defect> defects = tourInputDefects(input); !defects.empty())
        return refuseDefects(err, command.name, defects, historyDir, "no points awarded");
    TourPoints points;
    if (const int status = awardTourPoints(err, command.name, historyDir, input, {}, points);
        status != cli_exit::ok)
        return status;

    const QByteArray csv = pointsCsv(input.folder, points);
    if (const int status = writeOutput(out, err, command.name, arguments, csv); status != cli_exit::ok)
        return status;

    std::size_t rows = 0;
    for (const TourEventPoints& event : points.events) {
        for (const UnitAward& unit : event.units)
            rows += unit.players.size();
        // DECISIONS P10: an event whose unfloored winner points reach a higher Tier's floor says so.
        if (const auto tier = event.payout.meetsHigherTierFloor) {
            const EventInfo& info = input.folder.events[event.eventIndex];
            err << "points: event " << info.eventId << " (" << info.name << ", Tier "
                << static_cast<int>(event.payout.tier) << ") meets the Tier " << static_cast<int>(*tier)
                << " points floor: unfloored winner points "
                << QString::number(event.payout.unflooredWinnerPoints, 'f', 1) << '\n';
        }
    }
    err << "points: " << points.events.size() << " Tour events, " << rows << " awards, "
        << points.locks.size() << " monthly locks on " << points.threads
        << (points.threads == 1 ? " thread" : " threads") << '\n';
    return cli_exit::ok;
}

// rank,player_id,total,counted_events,note: by rank, then player id.
QByteArray standingsCsv(const engine::TourStandings& standings)
{
    std::vector<const engine::StandingsRow*> rows;
    for (const engine::StandingsRow& row : standings.rows)
        rows.push_back(&row);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const engine::StandingsRow* a, const engine::StandingsRow* b) {
                         if (a->rank != b->rank)
                             return a->rank < b->rank;
                         return csv::playerIdLess(a->playerId, b->playerId);
                     });
    QByteArray text;
    text.append("rank,player_id,total,counted_events,note\n");
    for (const engine::StandingsRow* row : rows) {
        appendFormatted(text, "%d,", row->rank);
        csv::appendField(text, row->playerId);
        text.append(',');
        appendTenths(text, row->totalTenths); // DECISIONS P8: the sum of the rounded awards
        appendFormatted(text, ",%d,", row->countedEvents);
        csv::appendField(text, row->note);
        text.append('\n');
    }
    return text;
}

int runStandings(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("standings"));
    Arguments arguments;
    QString historyDir;
    RatingOptions ratingOptions; // --db FILE
    TourSeasonRequest request;
    QString problem = readArguments(
        args, {"--db", "--season", "--division", "--finale", "--past-champions", "--output"}, arguments);
    if (problem.isEmpty() && !arguments.help) {
        problem = readHistorySource(arguments, historyDir, ratingOptions);
        const std::optional<QString> season = arguments.value("--season");
        const std::optional<QString> division = arguments.value("--division");
        if (problem.isEmpty() && (!season || season->isEmpty()))
            problem = QStringLiteral("missing --season S");
        else if (problem.isEmpty() && !division)
            problem = QStringLiteral("missing --division competitive|recreational");
        else if (problem.isEmpty() &&
                 division->compare(QLatin1String("competitive"), Qt::CaseInsensitive) == 0)
            request.division = engine::Division::Competitive;
        else if (problem.isEmpty() &&
                 division->compare(QLatin1String("recreational"), Qt::CaseInsensitive) == 0)
            request.division = engine::Division::Recreational;
        else if (problem.isEmpty())
            problem = QStringLiteral("--division needs competitive or recreational, not '%1'").arg(*division);
        if (problem.isEmpty()) {
            request.season = *season;
            request.finaleEventId = arguments.value("--finale");
            if (request.finaleEventId && request.finaleEventId->isEmpty())
                problem = QStringLiteral("--finale needs an event id");
        }
        if (const auto champions = arguments.value("--past-champions"); problem.isEmpty() && champions) {
            for (const QString& id : champions->split(u',')) {
                if (id.trimmed().isEmpty()) {
                    problem =
                        QStringLiteral("--past-champions needs player ids separated by commas, not '%1'")
                            .arg(*champions);
                    break;
                }
                request.pastChampions.insert(id.trimmed().toStdString());
            }
        }
    }
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    const RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (const std::vector<engine::Defect> defects = tourInputDefects(input); !defects.empty())
        return refuseDefects(err, command.name, defects, historyDir, "no standings computed");
    // A database's settings name the season's Finale and earlier champions (T2, T3); the command
    // line wins over them.
    if (const auto stored = input.tourSettings.finaleBySeason.find(request.season);
        !request.finaleEventId && stored != input.tourSettings.finaleBySeason.end())
        request.finaleEventId = stored->second;
    request.pastChampions.insert(input.tourSettings.earlierRecreationalChampions.begin(),
                                 input.tourSettings.earlierRecreationalChampions.end());
    // An unknown season or Finale is a usage error, found before any rating is computed.
    if (const QString error = buildTourSeason(input.folder, {}, request).error; !error.isEmpty())
        return usageError(err, command, error);

    TourPoints points;
    if (const int status =
            awardTourPoints(err, command.name, historyDir, input,
                            standingsEvents(input.folder, request.season, request.division), points);
        status != cli_exit::ok)
        return status;
    const TourSeasonBuild build = buildTourSeason(input.folder, points, request);
    engine::TourStandings standings;
    try {
        standings = engine::computeTourStandings(build.season);
    } catch (const std::exception& error) {
        err << "standings: " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }

    const QByteArray csv = standingsCsv(standings);
    if (const int status = writeOutput(out, err, command.name, arguments, csv); status != cli_exit::ok)
        return status;

    std::set<std::string> events;
    for (const engine::TourAward& award : build.season.awards)
        events.insert(award.eventId);
    const bool recreational = request.division == engine::Division::Recreational;
    err << "standings: season " << request.season << ' ' << (recreational ? "recreational" : "competitive")
        << ": " << standings.rows.size() << " players, " << events.size()
        << (events.size() == 1 ? " event; " : " events; ");
    if (build.finaleEvent) {
        const EventInfo& finale = input.folder.events[*build.finaleEvent];
        err << "Finale " << finale.eventId << " (" << finale.name << ')';
    } else {
        err << "no Finale";
    }
    if (recreational) {
        err << "; Recreational Tour Champion "
            << (standings.recreationalChampions.empty()
                    ? QStringLiteral("none")
                    : QString::fromStdString(standings.recreationalChampions.front()));
        for (std::size_t i = 1; i < standings.recreationalChampions.size(); ++i)
            err << " and " << QString::fromStdString(standings.recreationalChampions[i]);
        if (!build.season.earlierRecreationalChampions.empty()) {
            err << " (earlier champions:";
            for (const std::string& id : build.season.earlierRecreationalChampions)
                err << ' ' << QString::fromStdString(id);
            err << ')';
        }
    }
    err << '\n';
    return cli_exit::ok;
}

// ---------------------------------------------------------------------------------------------
// payout

int runPayout(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("payout"));
    Arguments arguments;
    QString fieldFile;
    engine::EventFormat format = engine::EventFormat::Singles;
    engine::Tier tier = engine::Tier::Three;
    std::optional<double> cap;
    QString problem =
        readArguments(args, {"--format", "--tier", "--experimental-cap", "--output"}, arguments);
    if (problem.isEmpty() && !arguments.help) {
        problem = readOnePositional(arguments, "FIELD.csv", fieldFile);
        const std::optional<QString> formatText = arguments.value("--format");
        const std::optional<QString> tierText = arguments.value("--tier");
        // The keywords of every file and command; as before, in any case ("Singles").
        const std::optional<engine::EventFormat> keywordFormat =
            formatText ? eventFormatFromKeyword(formatText->toLower()) : std::nullopt;
        if (problem.isEmpty() && !formatText)
            problem = Cli::tr("missing --format singles|doubles");
        else if (problem.isEmpty() && keywordFormat)
            format = *keywordFormat;
        else if (problem.isEmpty())
            problem = Cli::tr("--format needs singles or doubles, not '%1'").arg(*formatText);
        if (problem.isEmpty() && !tierText)
            problem = Cli::tr("missing --tier 1|2|3");
        else if (problem.isEmpty() && *tierText == QLatin1String("1"))
            tier = engine::Tier::One;
        else if (problem.isEmpty() && *tierText == QLatin1String("2"))
            tier = engine::Tier::Two;
        else if (problem.isEmpty() && *tierText == QLatin1String("3"))
            tier = engine::Tier::Three;
        else if (problem.isEmpty())
            problem = Cli::tr("--tier needs 1, 2 or 3, not '%1'").arg(*tierText);
        if (const auto capText = arguments.value("--experimental-cap"); problem.isEmpty() && capText) {
            bool ok = false;
            cap = capText->toDouble(&ok);
            if (!ok || !std::isfinite(*cap) || *cap < 0.0)
                problem = Cli::tr("--experimental-cap needs a number 0 or above, not '%1'").arg(*capText);
        }
    }
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    const PayoutField field = readPayoutField(fieldFile, format);
    if (!field.defects.empty())
        return refuseDefects(err, command.name, field.defects, fieldFile, "no payout computed");
    // The one path of the award and the preview (core/payout.h); an explicit cap is an experimental
    // event's own (DECISIONS P4).
    std::vector<FieldUnit> units;
    for (const double rating : field.ratings)
        units.push_back({rating, 0.0});
    for (const engine::PartnerRatings& team : field.teams)
        units.push_back({team.first, team.second});
    engine::PayoutTable table;
    try {
        table = payoutTable(PayoutTerms{format, tier, cap}, units);
    } catch (const std::exception& error) {
        err << "payout: " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }

    QByteArray text;
    // DECISIONS P8: FSI and FDI shown to 3 decimals.
    appendFormatted(text, "# FSI %.3f\n# FDI %.3f\n# N %d\n", table.fieldStrengthIndex, table.fieldDepthIndex,
                    table.fieldSize);
    text.append("place,points\n");
    for (std::size_t i = 0; i < table.awards.size(); ++i)
        appendFormatted(text, "%zu,%.1f\n", i + 1, table.awards[i]);
    if (const int status = writeOutput(out, err, command.name, arguments, text); status != cli_exit::ok)
        return status;

    const QString unflooredText = QString::number(table.unflooredFieldStrength, 'f', 3);
    err << "payout: "
        << (format == engine::EventFormat::Doubles
                ? Cli::tr("doubles, Tier %1, %2 teams: FSI before the floor %3")
                : Cli::tr("singles, Tier %1, %2 entrants: FSI before the floor %3"))
               .arg(static_cast<int>(tier))
               .arg(table.fieldSize)
               .arg(unflooredText);
    if (table.capApplied)
        err << Cli::tr(", lowered to the experimental cap %1")
                   .arg(QString::number(*table.experimentalCap, 'f', 3));
    if (table.meetsHigherTierFloor) // DECISIONS P10
        err << Cli::tr("; meets the Tier %1 points floor").arg(static_cast<int>(*table.meetsHigherTierFloor));
    err << '\n';
    return cli_exit::ok;
}

// ---------------------------------------------------------------------------------------------
// The other associations' systems: acf, kc, squares (ui/core/systems.h)

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

// ---------------------------------------------------------------------------------------------
// The database: import-history, import-ratings, export-event, import-event, events, backup, check

// Opens the database of --db FILE (the default one without it). On failure the message is written
// and `status` says why: 65 not a FlickDesk database or damaged, 75 held by another FlickDesk.
// Only the import commands make a database (`creation`); the others say there is none.
std::unique_ptr<Store> openStore(const Arguments& arguments, QLatin1String command, bool forWriting,
                                 QTextStream& err, int& status,
                                 StoreOptions::Creation creation = StoreOptions::Creation::Never)
{
    StoreOptions options;
    options.path = arguments.value("--db").value_or(QString());
    options.creation = creation;
    Store::OpenResult opened = Store::open(options);
    if (!opened.store) {
        err << command << ": " << opened.error << '\n';
        switch (opened.failure) {
        case Store::OpenFailure::Missing:
            err << command << ": 'flickdesk-cli import-history HISTORY_DIR --db FILE' makes a new database\n";
            status = cli_exit::noDatabase;
            break;
        case Store::OpenFailure::NotFlickDesk:
        case Store::OpenFailure::Damaged:
        case Store::OpenFailure::TooNew:
            status = cli_exit::badDatabase;
            break;
        case Store::OpenFailure::Busy:
            status = cli_exit::databaseBusy;
            break;
        case Store::OpenFailure::CannotOpen:
        case Store::OpenFailure::None:
            status = cli_exit::cannotWrite;
            break;
        }
        return nullptr;
    }
    for (const QString& backup : opened.store->backupsMade())
        err << command << ": backed up the database to " << QDir::toNativeSeparators(backup) << '\n';
    for (const QString& warning : opened.store->warnings())
        err << command << ": " << warning << '\n';
    if (opened.store->isReadOnly()) {
        err << command << ": " << opened.store->readOnlyReason();
        if (forWriting) {
            err << " Nothing was written.\n";
            status = opened.store->isHeldByAnother() ? cli_exit::databaseBusy : cli_exit::cannotWrite;
            return nullptr;
        }
        err << '\n';
    }
    status = cli_exit::ok;
    return std::move(opened.store);
}

// A StoreError as an exit status, its message written.
int storeFailure(QTextStream& err, QLatin1String command, const StoreError& error)
{
    err << command << ": " << error.message() << '\n';
    switch (error.kind()) {
    case StoreError::Kind::ReadOnly:
        return cli_exit::databaseBusy;
    case StoreError::Kind::Refused:
        return cli_exit::inputDefects;
    case StoreError::Kind::Failed:
        break;
    }
    return cli_exit::cannotWrite;
}

// Reads a command's options, with `--db` among them, and checks the number of positional
// arguments; the message of a usage error, or an empty string.
QString readDatabaseArguments(const QStringList& args, std::initializer_list<const char*> valueOptions,
                              qsizetype positional, Arguments& arguments)
{
    QString problem = readArguments(args, valueOptions, arguments);
    if (!problem.isEmpty() || arguments.help)
        return problem;
    if (const auto database = arguments.value("--db"); database && database->isEmpty())
        return QStringLiteral("--db needs a database file");
    if (arguments.positional.size() > positional)
        return QStringLiteral("unexpected argument '%1'").arg(arguments.positional[positional]);
    return {};
}

int runImportHistory(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("import-history"));
    // --accept-parameters is an option without a value: taken out before the others are read.
    QStringList rest;
    bool acceptParameters = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--")) {
            rest += args.mid(i);
            break;
        }
        if (args[i] == QLatin1String("--accept-parameters"))
            acceptParameters = true;
        else
            rest.append(args[i]);
    }
    Arguments arguments;
    QString historyDir;
    QString problem = readDatabaseArguments(rest, {"--db"}, 1, arguments);
    if (problem.isEmpty() && !arguments.help)
        problem = readOnePositional(arguments, "HISTORY_DIR", historyDir);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    // DECISIONS D2: the folder is judged whole before the database is touched.
    const HistoryFolder folder = readHistoryFolder(historyDir);
    int status = cli_exit::ok;
    std::unique_ptr<Store> store;
    ImportReport report;
    if (folder.defects.empty()) {
        store = openStore(arguments, command.name, true, err, status, StoreOptions::Creation::IfMissing);
        if (!store)
            return status;
    }
    try {
        report =
            store ? store->importHistory(folder, historyDir, acceptParameters) : Store::checkHistory(folder);
    } catch (const StoreError& error) {
        return storeFailure(err, command.name, error);
    }
    if (!report.ok()) {
        for (const engine::Defect& defect : report.defects)
            err << QString::fromStdString(engine::describe(defect)) << '\n';
        err << command.name << ": " << report.defects.size()
            << (report.defects.size() == 1 ? " defect" : " defects") << " in " << historyDir;
        if (!report.defectiveEvents.isEmpty())
            err << ", in " << report.defectiveEvents.size()
                << (report.defectiveEvents.size() == 1 ? " event: " : " events: ")
                << report.defectiveEvents.join(QStringLiteral(", "));
        err << "; nothing was imported\n";
        return cli_exit::inputDefects;
    }
    err << command.name << ": " << report.eventsAdded << " events added (" << report.eventsUnchanged
        << " already there, unchanged), " << report.playersAdded << " new players, " << report.finishes
        << " finishes, " << report.games << " games"
        << (report.parametersChanged ? ", the folder's FlickSkill parameters" : "") << "; "
        << QDir::toNativeSeparators(store->path()) << '\n';
    return cli_exit::ok;
}

int runImportRatings(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("import-ratings"));
    // --replace is the one option without a value: taken out before the others are read.
    QStringList rest;
    bool replace = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--")) {
            rest += args.mid(i);
            break;
        }
        if (args[i] == QLatin1String("--replace"))
            replace = true;
        else
            rest.append(args[i]);
    }
    Arguments arguments;
    QString file;
    QString month;
    QString problem = readDatabaseArguments(rest, {"--db", "--month"}, 1, arguments);
    if (problem.isEmpty() && !arguments.help) {
        problem = readOnePositional(arguments, "FILE", file);
        const std::optional<QString> monthText = arguments.value("--month");
        if (problem.isEmpty() && !monthText)
            problem = QStringLiteral("missing --month YYYY-MM");
        else if (problem.isEmpty() && !parseMonth(*monthText))
            problem =
                QStringLiteral("--month needs a month as YYYY-MM, e.g. 2025-01, not '%1'").arg(*monthText);
        else if (problem.isEmpty())
            month = *monthText;
    }
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    const BoundedFile input = readBoundedFile(file, file_limits::csvFile);
    if (!input.ok()) {
        err << command.name << ": " << file << ": " << input.problem << "; nothing was imported\n";
        return cli_exit::inputDefects;
    }
    const ParsedRatingList list = parseRatingList(input.bytes, file);
    if (!list.defects.empty())
        return refuseDefects(err, command.name, list.defects, file, "nothing was imported");
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store =
        openStore(arguments, command.name, true, err, status, StoreOptions::Creation::IfMissing);
    if (!store)
        return status;
    RatingsImportReport report;
    try {
        report = store->importRatings(list.entries, month, replace, file);
    } catch (const StoreError& error) {
        return storeFailure(err, command.name, error);
    }
    if (!report.defects.empty())
        return refuseDefects(err, command.name, report.defects, file, "nothing was imported");
    err << command.name << ": the lock of " << month << ": " << report.players << " players ("
        << report.playersAdded << " new)" << (report.replaced ? ", replacing the earlier lock" : "") << "; "
        << QDir::toNativeSeparators(store->path()) << '\n';
    return cli_exit::ok;
}

int runExportEvent(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("export-event"));
    Arguments arguments;
    QString eventId;
    QString output;
    QString problem = readDatabaseArguments(args, {"--db", "--output"}, 1, arguments);
    if (problem.isEmpty() && !arguments.help) {
        problem = readOnePositional(arguments, "EVENT_ID", eventId);
        output = arguments.value("--output").value_or(QString());
        if (problem.isEmpty() && output.isEmpty())
            problem = QStringLiteral("missing -o FILE.json");
    }
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = openStore(arguments, command.name, false, err, status);
    if (!store)
        return status;
    EventExchange exchange;
    try {
        // The list of events, not the event itself: exchangeOfEvent reads its field once.
        const std::vector<EventSummary> events = store->events();
        if (std::none_of(events.begin(), events.end(),
                         [&eventId](const EventSummary& summary) { return summary.id == eventId; }))
            return usageError(
                err, command,
                QStringLiteral("there is no event '%1' in %2; 'flickdesk-cli events' lists them")
                    .arg(eventId, QDir::toNativeSeparators(store->path())));
        exchange = exchangeOfEvent(*store, eventId);
    } catch (const StoreError& error) {
        return storeFailure(err, command.name, error);
    }
    for (const QString& target : {output, historyFolderFor(output)}) {
        if (const QString clash = databaseClash(arguments, target); !clash.isEmpty()) {
            err << command.name << ": " << clash << '\n';
            return cli_exit::cannotWrite;
        }
    }
    if (const QString error = writeEventExport(exchange, output); !error.isEmpty()) {
        err << command.name << ": " << error << '\n';
        return cli_exit::cannotWrite;
    }
    err << command.name << ": event " << eventId << " (" << exchange.event.name << ", "
        << keyword(exchange.event.status) << ", " << exchange.event.units.size() << " units"
        << (exchange.award ? ", awarded" : "") << ") to " << QDir::toNativeSeparators(output) << " and "
        << QDir::toNativeSeparators(historyFolderFor(output)) << '\n';
    return cli_exit::ok;
}

int runImportEvent(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("import-event"));
    Arguments arguments;
    QString file;
    QString problem = readDatabaseArguments(args, {"--db"}, 1, arguments);
    if (problem.isEmpty() && !arguments.help)
        problem = readOnePositional(arguments, "FILE.json", file);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;

    const BoundedFile input = readBoundedFile(file, file_limits::eventFile);
    if (!input.ok()) {
        err << command.name << ": " << file << ": " << input.problem << "; nothing was imported\n";
        return cli_exit::inputDefects;
    }
    const QByteArray& bytes = input.bytes;
    // The checksum and the content are judged before the database is touched.
    if (const ParsedEventExchange parsed = parseEventExchange(bytes, file); !parsed.defects.empty())
        return refuseDefects(err, command.name, parsed.defects, file,
                             parsed.checksumMismatch ? "refused, nothing was imported"
                                                     : "nothing was imported");
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store =
        openStore(arguments, command.name, true, err, status, StoreOptions::Creation::IfMissing);
    if (!store)
        return status;
    EventImportResult result;
    try {
        result = importEventExchange(*store, bytes, file);
    } catch (const StoreError& error) {
        return storeFailure(err, command.name, error);
    }
    switch (result.outcome) {
    case EventImportResult::Outcome::Refused:
        return refuseDefects(err, command.name, result.defects, file, "nothing was imported");
    case EventImportResult::Outcome::Unchanged:
        err << command.name << ": event " << result.eventId << " is in the database already, unchanged\n";
        return cli_exit::ok;
    case EventImportResult::Outcome::Added:
        break;
    }
    err << command.name << ": event " << result.eventId << " added to "
        << QDir::toNativeSeparators(store->path()) << '\n';
    return cli_exit::ok;
}

// A field of `events`' tab-separated lines as one unambiguous line: a backslash, tab, line break or
// carriage return as \\, \t, \n, \r; any other control or format character (a right-to-left mark,
// a zero-width space, an escape) as \uXXXX, so that nothing in an id can split a line or a column,
// or reorder what a terminal shows.
QString escapedField(const QString& text)
{
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar c : text) {
        switch (c.unicode()) {
        case u'\\':
            escaped += QStringLiteral("\\\\");
            continue;
        case u'\t':
            escaped += QStringLiteral("\\t");
            continue;
        case u'\n':
            escaped += QStringLiteral("\\n");
            continue;
        case u'\r':
            escaped += QStringLiteral("\\r");
            continue;
        default:
            break;
        }
        const QChar::Category category = c.category();
        if (category == QChar::Other_Control || category == QChar::Other_Format ||
            category == QChar::Separator_Line || category == QChar::Separator_Paragraph)
            escaped += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            escaped += c;
    }
    return escaped;
}

int runEvents(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("events"));
    Arguments arguments;
    const QString problem = readDatabaseArguments(args, {"--db"}, 0, arguments);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = openStore(arguments, command.name, false, err, status);
    if (!store)
        return status;
    try {
        const std::vector<EventSummary> events = store->events();
        for (const EventSummary& event : events)
            out << escapedField(event.id) << '\t' << escapedField(event.date) << '\t'
                << escapedField(event.name) << '\t' << keyword(event.status) << '\n';
        err << command.name << ": " << events.size() << (events.size() == 1 ? " event in " : " events in ")
            << QDir::toNativeSeparators(store->path());
        if (events.empty())
            err << "; 'flickdesk-cli import-history HISTORY_DIR' adds a history";
        err << '\n';
    } catch (const StoreError& error) {
        return storeFailure(err, command.name, error);
    }
    return cli_exit::ok;
}

int runBackup(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("backup"));
    Arguments arguments;
    QString problem = readDatabaseArguments(args, {"--db", "--output"}, 0, arguments);
    const QString output = arguments.value("--output").value_or(QString());
    if (problem.isEmpty() && !arguments.help && output.isEmpty())
        problem = QStringLiteral("missing -o FILE");
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = openStore(arguments, command.name, false, err, status);
    if (!store)
        return status;
    try {
        store->backup(output);
    } catch (const StoreError& error) {
        err << command.name << ": " << error.message() << '\n';
        return cli_exit::cannotWrite;
    }
    err << command.name << ": " << QDir::toNativeSeparators(store->path()) << " copied to "
        << QDir::toNativeSeparators(output) << '\n';
    return cli_exit::ok;
}

int runCheck(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("check"));
    Arguments arguments;
    const QString problem = readDatabaseArguments(args, {"--db"}, 0, arguments);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;
    int status = cli_exit::ok;
    const std::unique_ptr<Store> store = openStore(arguments, command.name, false, err, status);
    if (!store)
        return status;
    try {
        const QStringList problems = store->check();
        for (const QString& problem : problems)
            out << problem << '\n';
        if (!problems.isEmpty()) {
            err << command.name << ": " << problems.size()
                << (problems.size() == 1 ? " problem" : " problems") << " in "
                << QDir::toNativeSeparators(store->path()) << '\n';
            return cli_exit::badDatabase;
        }
        err << command.name << ": " << QDir::toNativeSeparators(store->path())
            << " is sound: integrity, tables and foreign keys ok, " << store->eventCount() << " events, "
            << store->playerCount() << " players, database version " << store->schemaVersion() << '\n';
    } catch (const StoreError& error) {
        return storeFailure(err, command.name, error);
    }
    return cli_exit::ok;
}

int runUnlock(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const Command& command = *findCommand(QStringLiteral("unlock"));
    Arguments arguments;
    const QString problem = readDatabaseArguments(args, {"--db"}, 0, arguments);
    if (const std::optional<int> status = usageOrHelp(command, problem, arguments, out, err))
        return *status;
    const QString database =
        QFileInfo(arguments.value("--db").value_or(Store::defaultPath())).absoluteFilePath();
    const QString shown = QDir::toNativeSeparators(database);
    const QString lockPath = database + QStringLiteral(".lock");
    if (!QFileInfo::exists(lockPath)) {
        err << command.name << ": " << shown << " is not locked: there is nothing to take over\n";
        return cli_exit::ok;
    }
    QLockFile lock(lockPath);
    lock.setStaleLockTime(0); // as Store::open: stale only when its process is gone
    qint64 pid = 0;
    QString host;
    QString application;
    const bool hasInfo = lock.getLockInfo(&pid, &host, &application);
    if (hasInfo && (host.isEmpty() || host == QSysInfo::machineHostName())) {
        // This computer's lock: whether its process still runs is known here.
        if (!lock.tryLock(0)) {
            err << command.name << ": " << shown << " is in use by FlickDesk on this computer ("
                << (application.isEmpty() ? QStringLiteral("?") : application) << ", process " << pid
                << "); close it there. The lock was left in place.\n";
            return cli_exit::databaseBusy;
        }
        lock.unlock(); // removes the lock file
        err << command.name << ": removed the lock of a FlickDesk that no longer runs (process " << pid
            << "); " << shown << " can be changed again\n";
        return cli_exit::ok;
    }
    // Another computer's lock, or one whose writer died before filling it in. A FlickDesk running
    // on this computer keeps a lock on the file itself, which removeStaleLockFile() respects.
    if (!lock.removeStaleLockFile()) {
        err << command.name << ": the lock file " << QDir::toNativeSeparators(lockPath)
            << " cannot be removed (it is in use on this computer, or the folder cannot be written to)\n";
        return cli_exit::cannotWrite;
    }
    err << command.name << ": took over " << shown;
    if (hasInfo)
        err << " from FlickDesk on the computer " << host << " (process " << pid << ')';
    err << "; it can be changed again. Make sure FlickDesk no longer uses it there.\n";
    return cli_exit::ok;
}

int dispatch(const QStringList& args, QTextStream& out, QTextStream& err);

// flickdesk-cli --db FILE COMMAND ...: the database given before the command goes to the command.
int dispatchWithDatabase(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QStringList database;
    qsizetype next = 0;
    while (next < args.size()) {
        if (args[next] == QLatin1String("--db")) {
            if (next + 1 >= args.size()) {
                err << programName() << ": --db needs a database file\n"
                    << "Usage: " << programName() << " [--db FILE] COMMAND [ARGUMENTS]\n";
                return cli_exit::usage;
            }
            database = {args[next], args[next + 1]};
            next += 2;
        } else if (args[next].startsWith(QLatin1String("--db="))) {
            database = {args[next]};
            next += 1;
        } else {
            break;
        }
    }
    const Command* command = next < args.size() ? findCommand(args[next]) : nullptr;
    if (!command) // --help, --version, help COMMAND, or a usage error
        return dispatch(args.mid(next), out, err);
    if (!takesDatabase(*command))
        return usageError(err, *command, QStringLiteral("%1 does not use a database").arg(command->name));
    return command->run(database + args.mid(next + 1), out, err);
}

int dispatch(const QStringList& args, QTextStream& out, QTextStream& err)
{
    if (!args.isEmpty() &&
        (args.first() == QLatin1String("--db") || args.first().startsWith(QLatin1String("--db="))))
        return dispatchWithDatabase(args, out, err);
    if (args.isEmpty()) {
        err << programName() << ": missing command\n"
            << "Usage: " << programName() << " COMMAND [ARGUMENTS]; '" << programName()
            << " --help' lists the commands\n";
        return cli_exit::usage;
    }
    const QString& first = args.first();
    if (first == QLatin1String("--help") || first == QLatin1String("-h")) {
        printHelp(out);
        return cli_exit::ok;
    }
    if (first == QLatin1String("--version")) {
        out << programName() << ' ' << QLatin1String(FLICKDESK_VERSION) << '\n';
        return cli_exit::ok;
    }
    if (first == QLatin1String("help") && args.size() == 2) {
        if (const Command* command = findCommand(args[1])) {
            printCommandHelp(out, *command);
            return cli_exit::ok;
        }
    }
    if (const Command* command = findCommand(first))
        return command->run(args.mid(1), out, err);
    err << programName() << ": " << (first.startsWith(u'-') ? "unknown option" : "unknown command") << " '"
        << first << "'\n"
        << "Usage: " << programName() << " COMMAND [ARGUMENTS]; '" << programName()
        << " --help' lists the commands\n";
    return cli_exit::usage;
}

} // namespace

int runCli(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const int status = dispatch(args, out, err);
    out.flush();
    err.flush();
    return status;
}

} // namespace flickdesk::core
