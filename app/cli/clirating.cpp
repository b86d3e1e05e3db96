#include "cli/cliprivate.h"
#include "core/awards/monthlocks.h"
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
#include <charconv>
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
            return Cli::tr("--epsilon needs a number above 0, not '%1'").arg(*value);
        options.overrides.epsilon = epsilon;
    }
    if (const auto value = arguments.value("--max-iter")) {
        bool ok = false;
        const int iterations = value->toInt(&ok);
        if (!ok || iterations < 0)
            return Cli::tr("--max-iter needs a whole number 0 or above, not '%1'").arg(*value);
        options.overrides.maxIterations = iterations;
    }
    return {};
}

} // namespace

QString checkRatingOptions(const Arguments& arguments)
{
    RatingOptions options;
    return readRatingOptions(arguments, options);
}

namespace {

// The rating options of a command whose arguments runCommand has checked (checkRatingOptions), and
// --db FILE in place of HISTORY_DIR.
RatingOptions ratingOptionsOf(const Invocation& call)
{
    RatingOptions options;
    readRatingOptions(call.arguments, options);
    options.database = call.arguments.value("--db").value_or(QString());
    return options;
}

// The finished events of a database as the history a folder gives; a database that cannot be
// opened is a defect of the input.
// What the database keeps for Tour standings (settings): each season's Finale and the players who
// won the Recreational title before its history.
struct StoredTourSettings {
    std::map<QString, QString> finaleBySeason;
    std::set<std::string> earlierRecreationalChampions;
};

// The database stays open in `store` (with the history's generation) for the monthly locks it
// holds and for those a command computes (core::MonthLocks::obtainMonths).
HistoryFolder readStoredHistory(const QString& database, StoredTourSettings& settings,
                                std::shared_ptr<Store>& store, qint64& generation)
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
        generation = opened.store->historyGeneration();
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
        store = std::move(opened.store);
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
    std::shared_ptr<Store> store;    // the database, when read from one
    qint64 generation = 0;           // its history's generation when it was read
};

// The folder and its parameters: the folder's params.json, then --params FILE, then --epsilon /
// --max-iter, each later one winning. Every defect of the folder and the parameters file is listed.
RatingInput readRatingInput(const QString& historyDir, const RatingOptions& options)
{
    RatingInput input;
    input.folder = options.database.isEmpty() ? readHistoryFolder(historyDir)
                                              : readStoredHistory(options.database, input.tourSettings,
                                                                  input.store, input.generation);
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
// ---------------------------------------------------------------------------------------------
// CSV output

// printf-style formatting of numbers into a CSV text (the C locale's decimal point).
template <typename... Values> void appendFormatted(QByteArray& text, const char* format, Values... values)
{
    char buffer[128];
    const int length = std::snprintf(buffer, sizeof buffer, format, values...);
    text.append(buffer, std::clamp(length, 0, static_cast<int>(sizeof buffer) - 1));
}

// A number as printf's %.<decimals>f writes it, several times faster: std::to_chars rounds the
// exact binary value to nearest, ties to even, as glibc's printf does, so the bytes are the same
// (compared on 33 million values, the ties, infinities and NaNs among them).
void appendFixed(QByteArray& text, double value, int decimals)
{
    char buffer[400]; // the longest double, 309 digits, with its sign, point and decimals
    const auto [end, error] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (error == std::errc())
        text.append(buffer, end - buffer);
    else
        appendFormatted(text, "%.*f", decimals, value);
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
    std::size_t points = 0;
    for (std::size_t player = 0; player < players; ++player)
        points += result.curves[player].size();
    rows.reserve(points);
    for (std::size_t player = 0; player < players; ++player) {
        for (const engine::LearningCurvePoint& point : result.curves[player])
            rows.push_back({point.date, rankOfPlayer[player], &point});
    }
    std::sort(rows.begin(), rows.end(),
              [](const Row& x, const Row& y) { return std::tie(x.date, x.rank) < std::tie(y.date, y.rank); });

    QByteArray text;
    text.reserve(static_cast<qsizetype>(rows.size() * 48 + 32));
    text.append("player_id,date,mu,sigma\n");
    std::string date; // the rows come by date: each date is formatted once
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        if (i == 0 || row.date != rows[i - 1].date)
            date = engine::formatIsoDate(row.date);
        csv::appendField(text, history.playerIds[byId[row.rank]]);
        text.append(',');
        text.append(date.data(), static_cast<qsizetype>(date.size()));
        text.append(',');
        appendFixed(text, row.point->mu, 9);
        text.append(',');
        appendFixed(text, row.point->sigma, 9);
        text.append('\n');
    }
    return text;
}

} // namespace

int runRate(Invocation& call)
{
    QTextStream& err = call.err;
    const QString& historyDir = call.positional;
    const RatingOptions ratingOptions = ratingOptionsOf(call);

    RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (!input.defects.empty())
        return refuseDefects(err, call.name(), input.defects, historyDir,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "nothing rated"));

    engine::FlickSkillResult result;
    try {
        result = engine::rateHistory(input.folder.history, input.parameters);
    } catch (const std::exception& error) {
        err << "rate: " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }

    const QByteArray csv = ratingsCsv(input.folder.history, result);
    if (const int status = writeOutput(call.out, err, call.name(), call.arguments, csv);
        status != cli_exit::ok)
        return status;

    const auto playersRated = std::count_if(result.curves.begin(), result.curves.end(),
                                            [](const auto& curve) { return !curve.empty(); });
    err << (result.converged
                ? Cli::tr(
                      "rate: %1 players, %2 events, %3 iterations, step %4, converged yes, log evidence %5\n")
                : Cli::tr(
                      "rate: %1 players, %2 events, %3 iterations, step %4, converged no, log evidence %5\n"))
               .arg(playersRated)
               .arg(input.folder.history.events.size())
               .arg(result.iterations)
               .arg(QString::number(result.lastStep, 'g', 3), QString::number(result.logEvidence, 'f', 6));
    return cli_exit::ok;
}

// ---------------------------------------------------------------------------------------------
// lock

// YYYY-MM, strictly (core::Month): the 1st of that month.
std::optional<engine::DayNumber> parseMonth(const QString& text)
{
    const std::optional<Month> month = Month::fromString(text);
    return month ? std::optional<engine::DayNumber>(month->firstDay()) : std::nullopt;
}

namespace {

// player_id,mu,sigma: every player with an event before the month, by player id.
QByteArray lockCsv(const engine::RatingHistory& history, const engine::MonthlyLock& lock)
{
    std::vector<std::size_t> players; // positions in the lock
    for (std::size_t k = 0; k < lock.players.size(); ++k) {
        if (static_cast<std::size_t>(lock.players[k]) < history.playerIds.size())
            players.push_back(k);
    }
    const auto idOf = [&](std::size_t k) -> const std::string& {
        return history.playerIds[static_cast<std::size_t>(lock.players[k])];
    };
    std::sort(players.begin(), players.end(),
              [&idOf](std::size_t x, std::size_t y) { return csv::playerIdLess(idOf(x), idOf(y)); });
    QByteArray text;
    text.reserve(static_cast<qsizetype>(players.size() * 36 + 32));
    text.append("player_id,mu,sigma\n");
    for (const std::size_t k : players) {
        csv::appendField(text, idOf(k));
        appendFormatted(text, ",%.9f,%.9f\n", lock.posteriors[k].mu, lock.posteriors[k].sigma);
    }
    return text;
}

} // namespace

int runLock(Invocation& call)
{
    QTextStream& err = call.err;
    const QString& historyDir = call.positional;
    const RatingOptions ratingOptions = ratingOptionsOf(call);
    const std::optional<QString> monthText = call.arguments.value("--month");
    if (!monthText)
        return call.usage(Cli::tr("missing --month YYYY-MM"));
    const std::optional<engine::DayNumber> month = parseMonth(*monthText);
    if (!month)
        return call.usage(
            Cli::tr("--month needs a month as YYYY-MM, e.g. 2025-01, not '%1'").arg(*monthText));

    RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (!input.defects.empty())
        return refuseDefects(err, call.name(), input.defects, historyDir,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "nothing rated"));

    engine::MonthlyLock lock;
    try {
        // The one computation of a lock (core/awards/monthlocks.h), on the folder's history.
        lock = MonthLocks::compute(input.folder.history, Month::ofDay(*month), input.parameters);
    } catch (const std::exception& error) {
        err << "lock: " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }
    const QByteArray csv = lockCsv(input.folder.history, lock);
    if (const int status = writeOutput(call.out, err, call.name(), call.arguments, csv);
        status != cli_exit::ok)
        return status;

    err << (lock.converged
                ? Cli::tr("lock: %1: %2 players, %3 events before it, %4 iterations, converged yes\n")
                : Cli::tr("lock: %1: %2 players, %3 events before it, %4 iterations, converged no\n"))
               .arg(QString::fromStdString(engine::formatIsoDate(lock.month)))
               .arg(lock.players.size())
               .arg(lock.eventsRated)
               .arg(lock.iterations);
    return cli_exit::ok;
}

namespace {

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
    // A database's stored locks are reused when they were computed from the same history before
    // their month with the same parameters; each lock computed now is stored for the next command
    // as soon as it is done, and only its awarded players are kept (docs/monthly-locks.md): the
    // whole locks of a long history are never all held at once (65 of up to 250,000 players at a
    // million finishes). A history folder computes every lock.
    try {
        std::map<engine::DayNumber, engine::MonthlyLock> obtained;
        std::set<engine::DayNumber> computedNow;
        // A folder with defects computes nothing: computeTourPoints reports them.
        if (input.store && input.folder.defects.empty() && tourPointsDefects(input.folder).empty()) {
            // The one door of the locks (core::MonthLocks): every month points reads, each holding
            // only the entrants of the Tour events asked for (all that points and standings use);
            // stored ones read, the others computed and stored. Only locks of the database's own
            // parameters are shared.
            const auto entrants = tourEntrantsByMonth(input.folder, include);
            std::vector<engine::DayNumber> months;
            for (const auto& [month, players] : entrants)
                months.push_back(month);
            MonthLocks::MonthsRequest request;
            request.only = &entrants;
            request.generation = input.generation;
            MonthLocks::MonthsOutcome many =
                MonthLocks::obtainMonths(input.store.get(), input.folder, input.parameters, months, request);
            if (!many.storeError.isEmpty()) // storing saves the next command's time only: the points stand
                err << command << ": " << many.storeError << '\n';
            for (std::size_t m = 0; m < many.locks.size(); ++m) {
                if (many.computed[m])
                    computedNow.insert(months[m]);
                obtained.emplace(months[m], std::move(many.locks[m]));
            }
        }
        points = computeTourPoints(input.folder, input.parameters, include, {}, 0, obtained);
        // What the door computed rather than read, for the summary.
        for (std::size_t m = 0; m < points.locks.size(); ++m) {
            if (computedNow.count(points.locks[m].month) != 0)
                points.computed[m] = 1;
        }
    } catch (const std::exception& error) {
        err << command << ": " << QString::fromUtf8(error.what()) << '\n';
        return cli_exit::internalError;
    }
    if (!points.defects.empty())
        return refuseDefects(err, command, points.defects, historyDir,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "no points awarded"));
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

} // namespace

int runPoints(Invocation& call)
{
    QTextStream& out = call.out;
    QTextStream& err = call.err;
    const Command& command = call.command;
    const Arguments& arguments = call.arguments;
    const QString& historyDir = call.positional;
    const RatingOptions ratingOptions = ratingOptionsOf(call); // --db FILE
    // The locks it computes are stored as they are done, before the output is written.
    if (const std::optional<int> refused = refuseOutputOverDatabase(err, command.name, arguments))
        return *refused;

    // The ratings behind the points are the folder's: its params.json applies, as it does to `lock`.
    const RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (const std::vector<engine::Defect> defects = tourInputDefects(input); !defects.empty())
        return refuseDefects(err, command.name, defects, historyDir,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "no points awarded"));
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
            err << Cli::tr("points: event %1 (%2, Tier %3) meets the Tier %4 points floor: unfloored winner "
                           "points %5\n")
                       .arg(info.eventId, info.name)
                       .arg(static_cast<int>(event.payout.tier))
                       .arg(static_cast<int>(*tier))
                       .arg(QString::number(event.payout.unflooredWinnerPoints, 'f', 1));
        }
    }
    const auto computed = std::count(points.computed.begin(), points.computed.end(), 1);
    err << (points.threads == 1
                ? Cli::tr("points: %1 Tour events, %2 awards, %3 monthly locks (%4 computed on %5 thread, %6 "
                          "stored before)\n")
                : Cli::tr(
                      "points: %1 Tour events, %2 awards, %3 monthly locks (%4 computed on %5 threads, %6 "
                      "stored before)\n"))
               .arg(points.events.size())
               .arg(rows)
               .arg(points.locks.size())
               .arg(computed)
               .arg(points.threads)
               .arg(static_cast<qsizetype>(points.locks.size()) - computed);
    return cli_exit::ok;
}

namespace {

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

} // namespace

int runStandings(Invocation& call)
{
    QTextStream& out = call.out;
    QTextStream& err = call.err;
    const Arguments& arguments = call.arguments;
    const Command& command = call.command;
    const QString& historyDir = call.positional;
    const RatingOptions ratingOptions = ratingOptionsOf(call); // --db FILE
    TourSeasonRequest request;
    QString problem;
    {
        const std::optional<QString> season = arguments.value("--season");
        const std::optional<QString> division = arguments.value("--division");
        if (problem.isEmpty() && (!season || season->isEmpty()))
            problem = Cli::tr("missing --season S");
        else if (problem.isEmpty() && !division)
            problem = Cli::tr("missing --division competitive|recreational");
        else if (problem.isEmpty() &&
                 division->compare(QLatin1String("competitive"), Qt::CaseInsensitive) == 0)
            request.division = engine::Division::Competitive;
        else if (problem.isEmpty() &&
                 division->compare(QLatin1String("recreational"), Qt::CaseInsensitive) == 0)
            request.division = engine::Division::Recreational;
        else if (problem.isEmpty())
            problem = Cli::tr("--division needs competitive or recreational, not '%1'").arg(*division);
        if (problem.isEmpty()) {
            request.season = *season;
            request.finaleEventId = arguments.value("--finale");
            if (request.finaleEventId && request.finaleEventId->isEmpty())
                problem = Cli::tr("--finale needs an event id");
        }
        if (const auto champions = arguments.value("--past-champions"); problem.isEmpty() && champions) {
            for (const QString& id : champions->split(u',')) {
                if (id.trimmed().isEmpty()) {
                    problem = Cli::tr("--past-champions needs player ids separated by commas, not '%1'")
                                  .arg(*champions);
                    break;
                }
                request.pastChampions.insert(id.trimmed().toStdString());
            }
        }
    }
    if (!problem.isEmpty())
        return call.usage(problem);
    // The locks it computes are stored as they are done, before the output is written.
    if (const std::optional<int> refused = refuseOutputOverDatabase(err, command.name, arguments))
        return *refused;

    const RatingInput input = readRatingInput(historyDir, ratingOptions);
    if (const std::vector<engine::Defect> defects = tourInputDefects(input); !defects.empty())
        return refuseDefects(err, command.name, defects, historyDir,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "no standings computed"));
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
    // DECISIONS T2: nobody is champion before the season's Finale has its results.
    const bool decided = seasonDecided(input.folder, build, request.season);
    if (!decided)
        noteLeadersBeforeTheFinale(standings);

    const QByteArray csv = standingsCsv(standings);
    if (const int status = writeOutput(out, err, command.name, arguments, csv); status != cli_exit::ok)
        return status;

    std::set<std::string> events;
    for (const engine::TourAward& award : build.season.awards)
        events.insert(award.eventId);
    const bool recreational = request.division == engine::Division::Recreational;
    QString line = (recreational ? Cli::tr("standings: season %1 recreational: %2 players, %3 %4; %5")
                                 : Cli::tr("standings: season %1 competitive: %2 players, %3 %4; %5"))
                       .arg(request.season)
                       .arg(standings.rows.size())
                       .arg(events.size())
                       .arg(events.size() == 1 ? Cli::tr("event") : Cli::tr("events"))
                       .arg(build.finaleEvent ? Cli::tr("Finale %1 (%2)")
                                                    .arg(input.folder.events[*build.finaleEvent].eventId,
                                                         input.folder.events[*build.finaleEvent].name)
                                              : Cli::tr("no Finale"));
    if (recreational) {
        QStringList champions;
        for (const std::string& id : standings.recreationalChampions)
            champions.append(QString::fromStdString(id));
        const QString names = champions.isEmpty() ? Cli::tr("none") : champions.join(Cli::tr(" and "));
        line += decided ? Cli::tr("; Recreational Tour Champion %1").arg(names)
                        : Cli::tr("; Recreational Tour leader (no Finale played yet) %1").arg(names);
        if (!build.season.earlierRecreationalChampions.empty()) {
            QStringList earlier;
            for (const std::string& id : build.season.earlierRecreationalChampions)
                earlier.append(QString::fromStdString(id));
            line += Cli::tr(" (earlier champions: %1)").arg(earlier.join(u' '));
        }
    }
    err << line;
    err << '\n';
    return cli_exit::ok;
}

// ---------------------------------------------------------------------------------------------
// payout

int runPayout(Invocation& call)
{
    QTextStream& err = call.err;
    const Arguments& arguments = call.arguments;
    const QString& fieldFile = call.positional;
    engine::EventFormat format = engine::EventFormat::Singles;
    engine::Tier tier = engine::Tier::Three;
    std::optional<double> cap;
    QString problem;
    {
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
    if (!problem.isEmpty())
        return call.usage(problem);

    const PayoutField field = readPayoutField(fieldFile, format);
    if (!field.defects.empty())
        return refuseDefects(err, call.name(), field.defects, fieldFile,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "no payout computed"));
    // The one path of the award and the preview (core/awards/payout.h); an explicit cap is an experimental
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
    if (const int status = writeOutput(call.out, err, call.name(), arguments, text); status != cli_exit::ok)
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

} // namespace flickdesk::core::cli_internal
