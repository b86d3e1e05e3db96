#include "cli/cli.h"

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
namespace flickdesk::core {
namespace cli_internal {
namespace {

// (The shared types and the commands are declared in cli/cliprivate.h.)

const Command commands[] = {
    {QLatin1String("rate"),
     QLatin1String("HISTORY_DIR [--params FILE] [--epsilon E] [--max-iter N] [-o OUT.csv]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Rate a history folder with FlickSkill: mu and sigma of every player on every date played."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json\n"
         "  --params FILE    parameters (JSON) overriding the folder's params.json\n"
         "  --epsilon E      convergence tolerance (default 0.001), overrides both files\n"
         "  --max-iter N     at most N backward/forward sweeps (default 50), overrides both files\n"
         "  -o, --output OUT.csv  write player_id,date,mu,sigma there instead of to standard output\n"),
     &runRate, DatabaseUse::InPlaceOfHistory, QLatin1String("--params --epsilon --max-iter --output"),
     "HISTORY_DIR", QLatin1String(""), &checkRatingOptions},
    {QLatin1String("lock"),
     QLatin1String("HISTORY_DIR --month YYYY-MM [--params FILE] [--epsilon E] [--max-iter N] [-o OUT.csv]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "The monthly rating lock: every player's rating from the events before the 1st of a month."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json\n"
         "  --month YYYY-MM  the month whose lock to compute: events dated before its 1st count,\n"
         "                   events earlier in the same month do not (DECISIONS P1)\n"
         "  --params FILE    parameters (JSON) overriding the folder's params.json\n"
         "  --epsilon E      convergence tolerance (default 0.001), overrides both files\n"
         "  --max-iter N     at most N backward/forward sweeps (default 50), overrides both files\n"
         "  -o, --output OUT.csv  write player_id,mu,sigma there instead of to standard output;\n"
         "                   one row per player with an event before the month\n"),
     &runLock, DatabaseUse::InPlaceOfHistory, QLatin1String("--month --params --epsilon --max-iter --output"),
     "HISTORY_DIR", QLatin1String(""), &checkRatingOptions},
    {QLatin1String("points"), QLatin1String("HISTORY_DIR [-o OUT.csv]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Field-Weighted Points of every Tour event of a history folder, from its monthly locks."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json; every event\n"
         "                   whose tour is competitive or recreational is awarded with the ratings\n"
         "                   locked on the 1st of its month\n"
         "  -o, --output OUT.csv  write event_id,place,player_id,fsi,fdi,points there instead of to\n"
         "                   standard output: events by date, rows by place then player; doubles\n"
         "                   partners each have a row with the team's award\n"),
     &runPoints, DatabaseUse::InPlaceOfHistory, QLatin1String("--output"), "HISTORY_DIR"},
    {QLatin1String("standings"),
     QLatin1String("HISTORY_DIR --season S --division competitive|recreational [--finale EVENT_ID] "
                   "[--past-champions ID,ID...] [-o OUT.csv]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "NCA Tour standings of one season and division: the best 5 (4) awards of each player."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json\n"
         "  --season S       the season label of events.csv's season column\n"
         "  --division D     competitive (best 5 awards count) or recreational (best 4)\n"
         "  --finale EVENT_ID  the Finale whose finish breaks ties at the top (default: the season's\n"
         "                   competitive event named WCC Singles..., the latest if there are several)\n"
         "  --past-champions ID,ID...  players who won the Recreational Tour title in seasons before\n"
         "                   the history's; the history's own earlier champions are found from it\n"
         "  -o, --output OUT.csv  write rank,player_id,total,counted_events,note there instead of to\n"
         "                   standard output; the note of the recreational title's winner is `leader`\n"
         "                   until the season's Finale has been played (a season without one: until\n"
         "                   the next season has begun), `champion` after\n"),
     &runStandings, DatabaseUse::InPlaceOfHistory,
     QLatin1String("--season --division --finale --past-champions --output"), "HISTORY_DIR"},
    {QLatin1String("payout"),
     QLatin1String("--format singles|doubles --tier 1|2|3 [--experimental-cap X] [-o OUT.csv] FIELD.csv"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "The Field-Weighted Points payout table of a field of locked ratings (a preview)."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  --format F       singles or doubles\n"
         "  --tier T         the event's Tier: 1, 2 or 3 (its FSI floor 0.80, 0.60 or 0.40)\n"
         "  --experimental-cap X  the FSI cap of an experimental-format event (FlickDesk proposes 1.00)\n"
         "  FIELD.csv        header mu and one row per entrant (singles), or header mu_a,mu_b and\n"
         "                   one row per team (doubles): the locked FlickSkill mu\n"
         "  -o, --output OUT.csv  write the table there instead of to standard output: lines\n"
         "                   '# FSI', '# FDI' and '# N', then place,points for places 1..N\n"),
     &runPayout, DatabaseUse::None, QLatin1String("--format --tier --experimental-cap --output"),
     "FIELD.csv"},
    {QLatin1String("import-history"), QLatin1String("HISTORY_DIR [--accept-parameters] [--db FILE]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Import a history folder into the database: all of it, or nothing when it has a defect."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  HISTORY_DIR      events.csv, results.csv, optional games.csv and params.json; every defect\n"
         "                   is listed, and then nothing is written (DECISIONS D2). An event already in\n"
         "                   the database with the same content is skipped; with other content, a defect;\n"
         "                   the same event (date, name and field) under another id, a defect\n"
         "  --accept-parameters  make the folder's params.json the database's FlickSkill parameters\n"
         "                   (recorded in the audit log); without it a params.json that differs from\n"
         "                   them is a defect. An empty database takes them without it\n"),
     &runImportHistory, DatabaseUse::WritesOrMakes, QLatin1String(""), "HISTORY_DIR",
     QLatin1String("--accept-parameters")},
    {QLatin1String("import-ratings"), QLatin1String("FILE --month YYYY-MM [--replace] [--db FILE]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli", "Import an NCA rating list as the monthly lock of a month."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  FILE             CSV with the header player_id,name,mu,sigma (name may be empty)\n"
         "  --month YYYY-MM  the month whose lock the list is (DECISIONS P1)\n"
         "  --replace        replace a lock that awarded events used; logged in the audit log, and their\n"
         "                   awards stay as they were (DECISIONS P2)\n"),
     &runImportRatings, DatabaseUse::WritesOrMakes, QLatin1String("--month"), "FILE",
     QLatin1String("--replace")},
    {QLatin1String("export-event"), QLatin1String("EVENT_ID -o FILE.json [--db FILE]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Export an event for the NCA: FILE.json, and its results as the history folder FILE-history/."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  EVENT_ID         the event ('flickdesk-cli events' lists them)\n"
         "  -o, --output FILE.json  the event, its field, standings or games, and its award (the locked\n"
         "                   ratings, FSI, FDI and every award), FlickDesk's version and a SHA-256 of the\n"
         "                   content; the same results go to FILE-history/ (events.csv, results.csv,\n"
         "                   games.csv)\n"),
     &runExportEvent, DatabaseUse::Reads, QLatin1String("--output"), "EVENT_ID"},
    {QLatin1String("import-event"), QLatin1String("FILE.json [--db FILE]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Import an event that FlickDesk exported; a file whose checksum does not match is refused."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  FILE.json        written by export-event; the event and its award are added in one\n"
         "                   transaction, or nothing is when the file has a defect. The same event\n"
         "                   (date, name and field) under another id, and a player the database\n"
         "                   knows under another name, are defects\n"),
     &runImportEvent, DatabaseUse::WritesOrMakes, QLatin1String(""), "FILE.json"},
    {QLatin1String("verify-event"), QLatin1String("FILE.json"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "Check a submission file: its day of play and its points computed again from what it "
                       "carries."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  FILE.json        written by export-event; read as import-event reads it, then its day of\n"
         "                   play (when it has one) is computed again from its own format, scores and\n"
         "                   field, and its award's FSI, FDI, places and points from the locked ratings\n"
         "                   in the file; every difference is listed on standard output. Exit status 0\n"
         "                   when all agree, 1 when something differs, 2 when the file cannot be read\n"),
     &runVerifyEvent, DatabaseUse::None, QLatin1String(""), "FILE.json"},
    {QLatin1String("events"), QLatin1String("[--db FILE]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "List the database's events: id, date, name and status, tab-separated, one per line."),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "  Events by date. Status: planned, started, finished or awarded.\n"),
     &runEvents, DatabaseUse::Reads, QLatin1String("")},
    {QLatin1String("edit-player"), QLatin1String("ID [--name NAME] [--location PLACE] [--db FILE]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "Correct a player's name or location, as the window's player dialog does."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  ID               the player's id: the association's, or a local one (L7KQX-3)\n"
         "  --name NAME      the name; a player who has one keeps one\n"
         "  --location PLACE  where the player is from; an empty PLACE removes it\n"
         "                   Recorded in the audit log; exit status 2, with the reason, when refused\n"),
     &runEditPlayer, DatabaseUse::Writes, QLatin1String("--name --location"), "ID"},
    {QLatin1String("merge-player"), QLatin1String("FROM_ID --into TO_ID [--db FILE]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "Merge a local player into the player they really are, or give them the NCA's id."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  FROM_ID          a player with a local id (L7KQX-3), e.g. one entered twice as new\n"
         "  --into TO_ID     a player the database knows: FROM_ID's entries, games, awards and lock\n"
         "                   rows move to TO_ID and FROM_ID goes. An id it does not know yet: FROM_ID\n"
         "                   takes it (the association's id). Before or after an award; no points\n"
         "                   change, and the standings count the merged record. Recorded in the\n"
         "                   audit log with the events and awards it touched. Refused (exit status\n"
         "                   2), naming the event, when both played in one event (DECISIONS D1a)\n"),
     &runMergePlayer, DatabaseUse::Writes, QLatin1String("--into"), "ID"},
    {QLatin1String("backup"), QLatin1String("-o FILE [--force] [--db FILE]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "Copy the database to FILE: a consistent copy, even while FlickDesk is using it."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  -o, --output FILE  the copy; an earlier backup there is replaced, any other file (not a\n"
         "                   FlickDesk database, or one in use) only with --force. FlickDesk also keeps\n"
         "                   its own backups in backups/ beside the database: before every upgrade and\n"
         "                   once a day\n"
         "  --force          replace FILE whatever it is\n"),
     &runBackup, DatabaseUse::Reads, QLatin1String("--output"), nullptr, QLatin1String("--force")},
    {QLatin1String("check"), QLatin1String("[--db FILE]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "Check the database: its integrity and its foreign keys; exit status 65 when broken."),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "  Lists each problem on standard output: integrity, foreign keys, and every table,\n"
                       "                   column, index and trigger the database's version should have.\n"),
     &runCheck, DatabaseUse::ReadsChecked, QLatin1String("")},
    {QLatin1String("unlock"), QLatin1String("[--db FILE]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Take over a database that FlickDesk on another computer, or one that crashed, still holds."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  Removes the lock file (FILE.lock) that keeps the database read-only. A lock of a FlickDesk\n"
         "                   still running on this computer is left alone (exit status 75); the lock of\n"
         "                   another computer is removed: do it only when FlickDesk no longer runs there.\n"),
     &runUnlock, DatabaseUse::Path, QLatin1String("")},
    {QLatin1String("acf"), QLatin1String("GAMES.csv [--players PLAYERS.csv] [-o OUT.csv]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "American Checker Federation ratings from a file of games (docs/other-systems.md)."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  GAMES.csv        one row per game: event, date, scoring (round or game), round, players\n"
         "                   and result, in the format of docs/other-systems.md\n"
         "  --players PLAYERS.csv  the players and their ratings before the first event; every\n"
         "                   player of GAMES.csv must be in it. Without it everyone starts unrated\n"
         "  -o, --output OUT.csv  write the ratings there instead of to standard output\n"),
     &runAcf, DatabaseUse::None, QLatin1String("--players --output"), "GAMES.csv"},
    {QLatin1String("kc"), QLatin1String("GAMES.csv [--players PLAYERS.csv] [-o OUT.csv]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Kings Cribbage head-to-head and group ratings from a file of games (docs/other-systems.md)."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  GAMES.csv        one row per game: two players (head-to-head) or 3-4 in seat order\n"
         "                   (group), with their scores, in the format of docs/other-systems.md\n"
         "  --players PLAYERS.csv  the players and their ratings before the first game; every\n"
         "                   player of GAMES.csv must be in it. Without it everyone starts at a\n"
         "                   provisional 1500\n"
         "  -o, --output OUT.csv  write the ratings there instead of to standard output\n"),
     &runKings, DatabaseUse::None, QLatin1String("--players --output"), "GAMES.csv"},
    {QLatin1String("squares"),
     QLatin1String("GAMES.csv [--players PLAYERS.csv] [--best-countries] [-o OUT.csv]"),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "Diplomacy Squares tournament standings from each power's supply centres (docs/other-systems.md)."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  GAMES.csv        one row per player and game: the centres held at the end and, for an\n"
         "                   eliminated power, the year, in the format of docs/other-systems.md\n"
         "  --players PLAYERS.csv  the tournament's players; every player of GAMES.csv must be\n"
         "                   in it\n"
         "  --best-countries  the best country awards in place of the standings: for each power,\n"
         "                   the player whose game with it is best by the comparison of games\n"
         "                   (equal games share it), as power,player_id,name,game,class,points\n"
         "  -o, --output OUT.csv  write the standings, or the awards, there instead of to standard\n"
         "                   output\n"),
     &runSquares, DatabaseUse::None, QLatin1String("--players --output"), "GAMES.csv",
     QLatin1String("--best-countries")},
    {QLatin1String("play"),
     QLatin1String(
         "format|draw|scores|standings|places|advance|shoot-out|withdraw|place DB EVENT [...] [OPTIONS]"),
     QT_TRANSLATE_NOOP("flickdesk::core::Cli",
                       "The day of play of an event in a database: format, draw, scores, standings, places, "
                       "advance, shoot-outs, withdrawals, places set by hand (docs/play.md)."),
     QT_TRANSLATE_NOOP(
         "flickdesk::core::Cli",
         "  format DB EVENT --template NAME [--boards N] [--seed S]  the event's format from a template\n"
         "                   (\"NCA day\", WCC, \"One round robin\", \"Random rounds then top 8\"), for the\n"
         "                   players or teams that began; only before the first score\n"
         "  draw DB EVENT     the games waiting for a score, by board, as CSV\n"
         "  scores DB EVENT FILE.csv  record the scores of FILE.csv, a row at a time (each its own\n"
         "                   entry): game (or round and board), points_a, points_b, twenties_a,\n"
         "                   twenties_b, optional shoot_out (A or B); a refused row stops the file\n"
         "  standings DB EVENT  every group's standings with the reason for each order, as CSV\n"
         "  places DB EVENT [--apply [--rate-from-games]]  the places with their rule, as CSV;\n"
         "                   --apply writes them as the event's standings (refused while a tie is\n"
         "                   unresolved); with --rate-from-games the play's games too, and the event\n"
         "                   is rated from its games instead of its places\n"
         "  advance DB EVENT [--undo]  start the next stage once the one before is complete (its\n"
         "                   games take scores from then on), writing who goes on where and why as\n"
         "                   CSV; --undo takes the last start back, until that stage's first score\n"
         "  shoot-out DB EVENT --stage S [--group G] UNIT,UNIT,...  the order of a shoot-out that\n"
         "                   broke a tie, best first, units by entrant number; --group is the group's\n"
         "                   name or number (without it: the group the tie is in); --clear in\n"
         "                   place of the units removes the order recorded there\n"
         "  withdraw DB EVENT UNIT --stage S --round R  the unit leaves the play from that round on:\n"
         "                   its games are walkovers, and it keeps a place; --clear takes it back\n"
         "  place DB EVENT UNIT PLACE --reason TEXT  a place set by hand against the play, with\n"
         "                   its reason; place DB EVENT UNIT --clear gives it its place from the play\n"
         "  -o, --output OUT.csv  write the CSV there instead of to standard output\n"),
     &runPlay, DatabaseUse::None,
     QLatin1String("--template --boards --seed --output --stage --group --round --reason"), nullptr,
     QLatin1String("--apply --rate-from-games --clear --undo"), nullptr, true},
};

} // namespace

const Command* findCommand(const QString& name)
{
    const auto it = std::find_if(std::begin(commands), std::end(commands),
                                 [name](const Command& command) { return name == command.name; });
    return it == std::end(commands) ? nullptr : it;
}

namespace {

QLatin1String programName()
{
    return QLatin1String("flickdesk-cli");
}

void printHelp(QTextStream& out)
{
    out << Cli::tr("Usage: %1 COMMAND [ARGUMENTS]\n       %1 --help | --version\n\nCommands:\n")
               .arg(programName());
    for (const Command& command : commands)
        out << "  " << command.name << ' ' << command.synopsis << "\n        " << Cli::tr(command.summary)
            << '\n';
    out << '\n'
        << Cli::tr(
               "Run '%1 COMMAND --help' for a command's options.\n"
               "\n"
               "The database: every command but payout, acf, kc, squares and play takes --db FILE, before "
               "the\n"
               "command or among its options; without it, %2.\n"
               "rate, lock, points and standings read it in place of HISTORY_DIR.\n"
               "Only import-history, import-ratings and import-event make a new database, when nothing is\n"
               "at the path; the other commands say there is none. An empty file is not a database.\n"
               "No command writes its output over the database, its working files or its backups/ folder;\n"
               "every output file is written whole under a temporary name and then renamed, so a failure\n"
               "leaves the earlier file as it was. A database on read-only media is read in place.\n"
               "Exit status: 0 done; 2 defects in the input, each listed as file:line: field: message;\n"
               "64 usage error; 65 not a FlickDesk database, damaged, or check found a problem;\n"
               "66 no database at the path given, nothing created; 70 internal error; 73 output file or\n"
               "database not written; 75 the database is in use by another FlickDesk, nothing written.\n")
               .arg(programName(), QDir::toNativeSeparators(Store::defaultPath()));
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
    out << Cli::tr("Usage: %1 %2 %3").arg(programName(), QString(command.name), QString(command.synopsis))
        << '\n'
        << Cli::tr(command.summary) << "\n\n"
        << Cli::tr(command.details);
    if (readsHistory(command))
        out << Cli::tr("  --db FILE        read the finished events of a FlickDesk database in place of "
                       "HISTORY_DIR\n");
    else if (takesDatabase(command))
        out << Cli::tr("  --db FILE        the database (default %1)\n")
                   .arg(QDir::toNativeSeparators(Store::defaultPath()));
}

} // namespace

int usageError(QTextStream& err, const Command& command, const QString& problem)
{
    err << programName() << ' ' << command.name << ": " << problem << '\n'
        << Cli::tr("Usage: %1 %2 %3").arg(programName(), QString(command.name), QString(command.synopsis))
        << '\n';
    return cli_exit::usage;
}

namespace {

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

} // namespace

namespace {

// Reads `args` against the value options a command knows; the message of a usage error, or an
// empty string. Every option but -h/--help takes a value.
QString readArguments(const QStringList& args, const QStringList& valueOptions, Arguments& arguments)
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
        if (!valueOptions.contains(name))
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

// Whether `args` hold the option `name`, which takes no value (before a "--"); `rest` gets the other
// arguments, in order.
bool takeSwitch(const QStringList& args, const QString& name, QStringList& rest)
{
    bool given = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--")) {
            rest += args.mid(i);
            break;
        }
        if (args[i] == name)
            given = true;
        else
            rest.append(args[i]);
    }
    return given;
}

QStringList words(QLatin1String list)
{
    return QString(list).split(u' ', Qt::SkipEmptyParts);
}

// The positional argument and --db as the command's row says; the message of a usage error, or an
// empty string.
QString readPositional(Invocation& call)
{
    const Command& command = call.command;
    const Arguments& arguments = call.arguments;
    const std::optional<QString> database = arguments.value("--db");
    if (command.database == DatabaseUse::InPlaceOfHistory && database) {
        // HISTORY_DIR, or --db FILE in its place.
        if (database->isEmpty())
            return Cli::tr("--db needs a database file");
        if (!arguments.positional.isEmpty())
            return Cli::tr("give HISTORY_DIR or --db FILE, not both");
        call.positional = *database;
        return {};
    }
    if (command.database != DatabaseUse::InPlaceOfHistory && database && database->isEmpty())
        return Cli::tr("--db needs a database file");
    if (command.ownPositionals)
        return {};
    if (command.positional != nullptr)
        return readOnePositional(arguments, command.positional, call.positional);
    if (!arguments.positional.isEmpty())
        return Cli::tr("unexpected argument '%1'").arg(arguments.positional.first());
    return {};
}

// The one preamble of every command: its switches, its options (--db among them when it takes a
// database), the checks made even with --help, --help, its positional argument. A usage error or
// --help ends the command here; otherwise its function runs.
int runCommand(const Command& command, const QStringList& args, QTextStream& out, QTextStream& err)
{
    Invocation call{command, out, err, {}, {}, {}};
    QStringList rest = args;
    for (const QString& name : words(command.switches)) {
        QStringList others;
        if (takeSwitch(rest, name, others))
            call.switches.append(name);
        rest = std::move(others);
    }
    QStringList options = words(command.options);
    if (takesDatabase(command))
        options.append(QStringLiteral("--db"));
    QString problem = readArguments(rest, options, call.arguments);
    if (problem.isEmpty() && command.checkedBeforeHelp != nullptr)
        problem = command.checkedBeforeHelp(call.arguments);
    if (problem.isEmpty() && !call.arguments.help)
        problem = readPositional(call);
    if (!problem.isEmpty())
        return usageError(err, command, problem);
    if (call.arguments.help) {
        printCommandHelp(out, command);
        return cli_exit::ok;
    }
    return command.run(call);
}

} // namespace

int Invocation::usage(const QString& problem) const
{
    return usageError(err, command, problem);
}

std::unique_ptr<Store> Invocation::openStore(int& status) const
{
    const bool writes =
        command.database == DatabaseUse::Writes || command.database == DatabaseUse::WritesOrMakes;
    return cli_internal::openStore(arguments, command.name, writes, err, status,
                                   command.database == DatabaseUse::WritesOrMakes
                                       ? StoreOptions::Creation::IfMissing
                                       : StoreOptions::Creation::Never,
                                   command.database == DatabaseUse::ReadsChecked);
}

// DECISIONS D2: bad input is refused with every defect named, and nothing is written.
int refuseDefects(QTextStream& err, QLatin1String command, const std::vector<engine::Defect>& defects,
                  const QString& source, const char* consequence)
{
    for (const engine::Defect& defect : defects)
        err << QString::fromStdString(engine::describe(defect)) << '\n';
    err << command << ": "
        << (defects.size() == 1 ? Cli::tr("1 defect in %1; %2").arg(source, Cli::tr(consequence))
                                : Cli::tr("%1 defects in %2; %3")
                                      .arg(QString::number(defects.size()), source, Cli::tr(consequence)))
        << '\n';
    return cli_exit::inputDefects;
}

// Why a command must not write `output`: it is the database of --db or the default one, or one of
// their files (core/formats/outputfiles.h); an empty string when it may.
QStringList databaseFiles(const Arguments& arguments)
{
    return {Store::defaultPath(), arguments.value("--db").value_or(QString())};
}

QString databaseClash(const Arguments& arguments, const QString& output)
{
    return outputClashWithDatabase(output, databaseFiles(arguments));
}

std::optional<int> refuseOutputOverDatabase(QTextStream& err, QLatin1String command,
                                            const Arguments& arguments)
{
    const QString outputFile = arguments.value("--output").value_or(QString());
    if (outputFile.isEmpty())
        return std::nullopt;
    if (const QString clash = databaseClash(arguments, outputFile); !clash.isEmpty()) {
        err << command << ": " << clash << '\n';
        return cli_exit::cannotWrite;
    }
    return std::nullopt;
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
    if (const std::optional<int> refused = refuseOutputOverDatabase(err, command, arguments))
        return *refused;
    // A failure (a full disk) leaves no partial file and the earlier one as it was.
    if (const QString error = writeFileAtomically(outputFile, bytes); !error.isEmpty()) {
        err << command << ": " << error << '\n';
        return cli_exit::cannotWrite;
    }
    return cli_exit::ok;
}

namespace {

int dispatch(const QStringList& args, QTextStream& out, QTextStream& err);

// flickdesk-cli --db FILE COMMAND ...: the database given before the command goes to the command.
int dispatchWithDatabase(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QStringList database;
    qsizetype next = 0;
    while (next < args.size()) {
        if (args[next] == QLatin1String("--db")) {
            if (next + 1 >= args.size()) {
                err << Cli::tr("%1: --db needs a database file\nUsage: %1 [--db FILE] COMMAND [ARGUMENTS]\n")
                           .arg(programName());
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
        return usageError(err, *command, Cli::tr("%1 does not use a database").arg(command->name));
    return runCommand(*command, database + args.mid(next + 1), out, err);
}

int dispatch(const QStringList& args, QTextStream& out, QTextStream& err)
{
    if (!args.isEmpty() &&
        (args.first() == QLatin1String("--db") || args.first().startsWith(QLatin1String("--db="))))
        return dispatchWithDatabase(args, out, err);
    if (args.isEmpty()) {
        err << Cli::tr("%1: missing command\nUsage: %1 COMMAND [ARGUMENTS]; '%1 --help' lists the commands\n")
                   .arg(programName());
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
        return runCommand(*command, args.mid(1), out, err);
    err << (first.startsWith(u'-') ? Cli::tr("%1: unknown option '%2'\n")
                                   : Cli::tr("%1: unknown command '%2'\n"))
               .arg(programName(), first)
        << Cli::tr("Usage: %1 COMMAND [ARGUMENTS]; '%1 --help' lists the commands\n").arg(programName());
    return cli_exit::usage;
}
} // namespace
} // namespace cli_internal

int runCli(const QStringList& args, QTextStream& out, QTextStream& err)
{
    const int status = cli_internal::dispatch(args, out, err);
    out.flush();
    err.flush();
    return status;
}

} // namespace flickdesk::core
