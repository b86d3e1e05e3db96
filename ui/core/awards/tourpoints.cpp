#include "core/awards/tourpoints.h"

#include "core/awards/monthlocks.h"
#include "core/awards/payout.h"
#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/translation.h"

#include <QFileInfo>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <numeric>
#include <string_view>
#include <thread>
#include <utility>

namespace flickdesk::core {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::TourPoints)

using engine::Defect;
using engine::SourceRef;

std::string eventPrefix(const engine::Event& event)
{
    return "event " + event.id + ": ";
}

Tour tourOf(engine::Division division)
{
    return division == engine::Division::Recreational ? Tour::Recreational : Tour::Competitive;
}

std::string tourName(Tour tour)
{
    return tour == Tour::Recreational ? "recreational" : "competitive";
}

// The first date of each season label, for telling earlier seasons from later ones.
std::map<QString, engine::DayNumber> seasonStarts(const HistoryFolder& folder)
{
    std::map<QString, engine::DayNumber> starts;
    for (const EventInfo& info : folder.events) {
        if (info.season.isEmpty())
            continue;
        const auto [it, inserted] = starts.try_emplace(info.season, info.date);
        if (!inserted)
            it->second = std::min(it->second, info.date);
    }
    return starts;
}

// The awards of one season and division, and the Finale's places (DECISIONS T1, T2).
engine::TourSeason seasonFromAwards(const HistoryFolder& folder, const TourPoints& points,
                                    const QString& season, engine::Division division,
                                    std::optional<std::size_t> finale)
{
    engine::TourSeason result;
    result.division = division;
    const Tour tour = tourOf(division);
    for (const TourEventPoints& event : points.events) {
        const EventInfo& info = folder.events[event.eventIndex];
        if (info.season != season || info.tour != tour)
            continue;
        const std::string& eventId = folder.history.events[event.eventIndex].id;
        for (const UnitAward& unit : event.units) {
            // DECISIONS P9: both partners of a doubles team get the team's award.
            for (const engine::PlayerIndex player : unit.players)
                result.awards.push_back({folder.history.playerIds[static_cast<std::size_t>(player)], eventId,
                                         unit.place, unit.award});
        }
    }
    if (finale) {
        // DECISIONS T2: every player who played the Finale has a finish there, whichever division or
        // tour it belongs to; the engine needs the places of a Finale outside the awards given directly.
        const engine::Event& event = folder.history.events[*finale];
        result.finaleEventId = event.id;
        const std::vector<const engine::Standing*> order = finishingOrder(event);
        for (std::size_t position = 0; position < order.size(); ++position) {
            for (const engine::PlayerIndex player : order[position]->unit.players)
                result.finalePlaces[folder.history.playerIds[static_cast<std::size_t>(player)]] =
                    static_cast<int>(position + 1);
        }
    }
    return result;
}

// ---------------------------------------------------------------------------------------------
// FIELD.csv of a payout preview: a header and one row per unit. Quoted fields ("" escapes) are
// read; a quoted field cannot span lines.

struct CsvLine {
    int line = 0;
    std::vector<std::string> fields;
    std::string error;
    int errorField = -1; // the field (from 0) the error is in; -1 when it is the line's
};

std::string trimmed(std::string_view text)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return std::string(text);
}

CsvLine splitCsvLine(std::string_view text, int line)
{
    CsvLine result;
    result.line = line;
    std::size_t pos = 0;
    for (;;) {
        std::string field;
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
            ++pos;
        if (pos < text.size() && text[pos] == '"') {
            ++pos;
            bool closed = false;
            while (pos < text.size()) {
                const char c = text[pos++];
                if (c == '"') {
                    if (pos < text.size() && text[pos] == '"') {
                        field += '"';
                        ++pos;
                        continue;
                    }
                    closed = true;
                    break;
                }
                field += c;
            }
            if (!closed && result.error.empty())
                result.error = "a quoted field is not closed on its line";
            while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
                ++pos;
            if (pos < text.size() && text[pos] != ',' && result.error.empty())
                result.error = "text after the closing quote of a field";
            while (pos < text.size() && text[pos] != ',')
                ++pos;
        } else {
            const std::size_t comma = std::min(text.find(',', pos), text.size());
            field = trimmed(text.substr(pos, comma - pos));
            pos = comma;
        }
        // The same bounds and the same text as every other CSV file (core/formats/csvtable.h).
        if (result.error.empty()) {
            if (std::string problem = csv::fieldTextProblem(field); !problem.empty()) {
                result.error = std::move(problem);
                result.errorField = static_cast<int>(result.fields.size());
            }
        }
        if (result.fields.size() == csv::mostFields) {
            if (result.error.empty())
                result.error = "the row has more than " + std::to_string(csv::mostFields) + " fields";
            return result;
        }
        result.fields.push_back(std::move(field));
        if (pos >= text.size())
            return result;
        ++pos; // the comma
    }
}

// The non-blank lines of a text (LF or CRLF; a UTF-8 BOM skipped), with their line numbers.
std::vector<CsvLine> csvLines(const QByteArray& bytes)
{
    std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::vector<CsvLine> lines;
    int number = 0;
    std::size_t begin = 0;
    while (begin < text.size()) {
        const std::size_t end = std::min(text.find('\n', begin), text.size());
        std::string_view line = text.substr(begin, end - begin);
        ++number;
        begin = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (trimmed(line).empty())
            continue;
        if (lines.size() == static_cast<std::size_t>(csv::mostRecords)) { // the bound of every CSV file
            CsvLine tooMany;
            tooMany.line = number;
            tooMany.error = "the file has more than " + std::to_string(csv::mostRecords) +
                            " rows; nothing after this line was read";
            lines.push_back(std::move(tooMany));
            break;
        }
        lines.push_back(splitCsvLine(line, number));
    }
    return lines;
}

bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b)
{
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return lower(x) == lower(y); });
}

// A locked rating as FIELD.csv gives it: a finite decimal number, nothing else.
std::optional<double> parseRating(std::string_view text)
{
    double value = 0.0;
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string quotedValue(std::string_view value)
{
    constexpr std::size_t longest = 40;
    if (value.size() > longest)
        return "'" + std::string(value.substr(0, longest)) + "...'";
    return "'" + std::string(value) + "'";
}

} // namespace

engine::MonthlyLock lockOfPlayers(const engine::MonthlyLock& lock,
                                  const std::vector<engine::PlayerIndex>& players)
{
    engine::MonthlyLock kept;
    kept.month = lock.month;
    kept.prior = lock.prior;
    kept.eventsRated = lock.eventsRated;
    kept.iterations = lock.iterations;
    kept.converged = lock.converged;
    for (const engine::PlayerIndex player : players) {
        if (lock.isRated(player)) {
            kept.players.push_back(player);
            kept.posteriors.push_back(lock.rating(player));
        }
    }
    return kept;
}

void orderDefects(std::vector<Defect>& defects)
{
    const auto fileRank = [](const Defect& defect) {
        const QString name = QFileInfo(QString::fromStdString(defect.source.file)).fileName();
        const char* const order[] = {"events.csv", "results.csv", "games.csv", "params.json"};
        for (int i = 0; i < 4; ++i) {
            if (name == QLatin1String(order[i]))
                return i;
        }
        return 4;
    };
    std::stable_sort(defects.begin(), defects.end(), [&fileRank](const Defect& a, const Defect& b) {
        return std::pair(fileRank(a), a.source.line) < std::pair(fileRank(b), b.source.line);
    });
}

std::vector<Defect> tourPointsDefects(const HistoryFolder& folder)
{
    std::vector<Defect> defects;
    for (std::size_t i = 0; i < folder.events.size() && i < folder.history.events.size(); ++i) {
        const EventInfo& info = folder.events[i];
        const engine::Event& event = folder.history.events[i];
        if (info.tour == Tour::None)
            continue;
        // The reader reports an empty tier of a tour event; a file without the column has none at all.
        if (!info.tier)
            defects.push_back({info.source, "tier", event.id,
                               eventPrefix(event) + "an event of the " + tourName(info.tour) +
                                   // DECISIONS P4: the Tier sets the FSI floor.
                                   " tour needs tier 1, 2 or 3 for its Tour points"});
        // An event rated from its standings has a strict order already (validateHistory, N4); one
        // rated from its games needs one for its points all the same.
        if (!event.ratedFromGames())
            continue;
        std::map<int, const engine::Standing*> byPlace;
        for (const engine::Standing& standing : event.standings) {
            if (standing.place < 1) {
                defects.push_back({standing.source, "place", event.id,
                                   eventPrefix(event) +
                                       "a Tour event needs every unit's finishing place for its points, "
                                       "even when it is rated from its games"});
            } else if (const auto [it, inserted] = byPlace.emplace(standing.place, &standing); !inserted) {
                defects.push_back({standing.source, "place", event.id,
                                   eventPrefix(event) + "place " + std::to_string(standing.place) +
                                       " is also held on line " + std::to_string(it->second->source.line) +
                                       "; Tour points need a strict finishing order"});
            }
        }
    }
    return defects;
}

std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>
tourEntrantsByMonth(const HistoryFolder& folder, const TourEventFilter& include)
{
    std::map<engine::DayNumber, std::vector<engine::PlayerIndex>> entrants;
    for (std::size_t i = 0; i < folder.events.size(); ++i) {
        // DECISIONS T1: only Tour events award points, as computeTourPoints chooses them.
        if (folder.events[i].tour == Tour::None || (include && !include(folder.events[i])))
            continue;
        const engine::Event& event = folder.history.events[i];
        std::vector<engine::PlayerIndex>& players = entrants[engine::firstOfMonth(event.date)];
        for (const engine::Standing& standing : event.standings)
            players.insert(players.end(), standing.unit.players.begin(), standing.unit.players.end());
    }
    for (auto& [month, players] : entrants) {
        std::sort(players.begin(), players.end());
        players.erase(std::unique(players.begin(), players.end()), players.end());
    }
    return entrants;
}

TourPoints computeTourPoints(const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                             const TourEventFilter& include, const engine::FlickSkillRunControl& control,
                             unsigned threads,
                             const std::map<engine::DayNumber, engine::MonthlyLock>& reusable,
                             const ComputedLockSink& onComputed)
{
    TourPoints result;
    result.defects = folder.defects;
    for (Defect& defect : tourPointsDefects(folder))
        result.defects.push_back(std::move(defect));
    orderDefects(result.defects);
    if (!result.defects.empty())
        return result;

    const engine::RatingHistory& history = folder.history;
    std::vector<std::size_t> chosen;
    for (std::size_t i = 0; i < folder.events.size(); ++i) {
        // DECISIONS T1: only Tour events award points; the other groups only feed the ratings.
        if (folder.events[i].tour != Tour::None && (!include || include(folder.events[i])))
            chosen.push_back(i);
    }
    std::stable_sort(chosen.begin(), chosen.end(), [&history](std::size_t a, std::size_t b) {
        return history.events[a].date < history.events[b].date;
    });

    // DECISIONS P1: one lock per month that has a chosen event, all computed at once.
    std::vector<engine::DayNumber> months;
    for (std::size_t i : chosen)
        months.push_back(engine::firstOfMonth(history.events[i].date));
    std::sort(months.begin(), months.end());
    months.erase(std::unique(months.begin(), months.end()), months.end());
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    result.threads =
        std::clamp<unsigned>(threads, 1u, static_cast<unsigned>(std::max<std::size_t>(1, months.size())));
    // An NCA list imported into the database for a month is that month's lock (core/records/monthlock.h):
    // only the other months are computed.
    // So is a lock stored before for the same history before its month and the same parameters.
    std::vector<engine::DayNumber> computed;
    for (const engine::DayNumber month : months) {
        if (folder.importedLocks.count(month) == 0 && reusable.count(month) == 0)
            computed.push_back(month);
    }
    FinishedLock finished;
    std::map<engine::DayNumber, std::vector<engine::PlayerIndex>> entrants; // of the chosen events
    if (onComputed && !computed.empty()) {
        entrants = tourEntrantsByMonth(folder, include);
        finished = [&](std::size_t, engine::MonthlyLock& lock) {
            onComputed(lock);
            lock = lockOfPlayers(lock, entrants.at(lock.month));
        };
    }
    std::vector<engine::MonthlyLock> locks =
        MonthLocks::computeMonths(history, computed, parameters, control, result.threads, finished);
    if (locks.size() != computed.size()) {
        result.cancelled = true;
        return result;
    }
    result.locks.reserve(months.size());
    result.computed.reserve(months.size());
    for (std::size_t m = 0, c = 0; m < months.size(); ++m) {
        const bool imported = folder.importedLocks.count(months[m]) != 0;
        const auto stored = reusable.find(months[m]);
        result.computed.push_back(!imported && stored == reusable.end() ? 1 : 0);
        result.locks.push_back(imported                   ? importedMonthlyLock(folder, months[m], parameters)
                               : stored != reusable.end() ? stored->second
                                                          : std::move(locks[c++]));
    }

    result.events.reserve(chosen.size());
    for (std::size_t index : chosen) {
        const engine::Event& event = history.events[index];
        const EventInfo& info = folder.events[index];
        TourEventPoints awarded;
        awarded.eventIndex = index;
        awarded.lockMonth = engine::firstOfMonth(event.date);
        const auto month = std::lower_bound(months.begin(), months.end(), awarded.lockMonth);
        const engine::MonthlyLock& lock = result.locks[static_cast<std::size_t>(month - months.begin())];

        // The place a unit's points are for is its position in the finishing order, 1..N. In the
        // clean NCA data (tests/data/nca-history) the file's places are exactly 1..N, so the two
        // agree; a gap that a file leaves (a place nobody holds) closes up: places 1, 2, 4 are paid
        // as places 1, 2, 3 of a field of 3, as the formula needs place <= N (DECISIONS P3, P7).
        const std::vector<const engine::Standing*> order = finishingOrder(event);
        // DECISIONS P3: N is every unit that began, and results.csv lists each of them.
        awarded.units.reserve(order.size());
        for (std::size_t position = 0; position < order.size(); ++position) {
            UnitAward unit;
            unit.place = static_cast<int>(position + 1);
            unit.players = order[position]->unit.players;
            // DECISIONS P1, N6: the latest posterior mu before the 1st of the month; a player with no
            // event before it has the prior mu (0 with the spec's parameters).
            for (const engine::PlayerIndex player : unit.players)
                unit.lockedMu.push_back(lock.mu(player));
            // DECISIONS P5. Validation guarantees two partners per doubles unit (N2).
            unit.unitRating =
                engine::unitRating(event.format, unit.lockedMu.at(0),
                                   event.format == engine::EventFormat::Doubles ? unit.lockedMu.at(1) : 0.0);
            awarded.units.push_back(std::move(unit));
        }

        // DECISIONS P4-P8: the one path of the preview and the award (core/awards/payout.h), with the
        // event's experimental cap.
        awarded.payout = payoutTable(payoutTermsOf(info, event.format), event, lock);
        for (UnitAward& unit : awarded.units) {
            const auto at = static_cast<std::size_t>(unit.place - 1);
            unit.points = awarded.payout.points[at];
            unit.award = awarded.payout.awards[at];
        }
        result.events.push_back(std::move(awarded));
    }
    return result;
}

engine::MonthlyLock importedMonthlyLock(const HistoryFolder& folder, engine::DayNumber month,
                                        const engine::FlickSkillParameters& parameters)
{
    engine::MonthlyLock lock;
    lock.month = engine::firstOfMonth(month);
    const auto list = folder.importedLocks.find(lock.month);
    const std::size_t players = folder.history.playerIds.size();
    lock.prior = engine::Gaussian{parameters.mu0, parameters.sigma0}; // N6
    if (list == folder.importedLocks.end())
        return lock;
    for (std::size_t p = 0; p < players; ++p) {
        const auto rating = list->second.constFind(QString::fromStdString(folder.history.playerIds[p]));
        if (rating != list->second.constEnd()) {
            // Ascending indices: appended in order.
            lock.players.push_back(static_cast<engine::PlayerIndex>(p));
            lock.posteriors.push_back(*rating);
        }
    }
    return lock;
}

std::optional<std::size_t> findEvent(const HistoryFolder& folder, const QString& eventId)
{
    for (std::size_t i = 0; i < folder.events.size(); ++i) {
        if (folder.events[i].eventId == eventId)
            return i;
    }
    return std::nullopt;
}

QStringList seasonsOf(const HistoryFolder& folder)
{
    std::vector<std::pair<engine::DayNumber, QString>> seasons;
    for (const auto& [label, start] : seasonStarts(folder))
        seasons.emplace_back(start, label);
    std::sort(seasons.begin(), seasons.end());
    QStringList labels;
    for (const auto& season : seasons)
        labels.append(season.second);
    return labels;
}

std::optional<std::size_t> defaultFinale(const HistoryFolder& folder, const QString& season)
{
    std::optional<std::size_t> finale;
    for (std::size_t i = 0; i < folder.events.size(); ++i) {
        const EventInfo& info = folder.events[i];
        if (info.season != season || !mayBeDefaultFinale(info.tour, info.name))
            continue;
        if (!finale || info.date >= folder.events[*finale].date)
            finale = i;
    }
    return finale;
}

bool seasonDecided(const HistoryFolder& folder, const TourSeasonBuild& build, const QString& season)
{
    if (!build.error.isEmpty())
        return false;
    if (build.finaleEvent)
        return *build.finaleEvent < folder.history.events.size() &&
               !finishingOrder(folder.history.events[*build.finaleEvent]).empty();
    // No Finale at all (the NCA's season 13 had no WCC Singles): the season closed when the next
    // one began, after its last event.
    std::optional<engine::DayNumber> last;
    for (const EventInfo& info : folder.events) {
        if (info.season == season && (!last || info.date > *last))
            last = info.date;
    }
    if (!last)
        return false;
    for (const auto& [label, start] : seasonStarts(folder)) {
        if (label != season && start > *last)
            return true;
    }
    return false;
}

void noteLeadersBeforeTheFinale(engine::TourStandings& standings)
{
    static const std::string champion = "champion";
    for (engine::StandingsRow& row : standings.rows) {
        for (std::size_t at = row.note.find(champion); at != std::string::npos;
             at = row.note.find(champion, at + 1))
            row.note.replace(at, champion.size(), "leader");
    }
}

TourEventFilter standingsEvents(const HistoryFolder& folder, const QString& season, engine::Division division)
{
    const std::map<QString, engine::DayNumber> starts = seasonStarts(folder);
    const auto start = starts.find(season);
    const std::optional<engine::DayNumber> seasonStart =
        start == starts.end() ? std::nullopt : std::optional(start->second);
    const Tour tour = tourOf(division);
    return [starts, seasonStart, season, division, tour](const EventInfo& info) {
        if (info.tour != tour)
            return false;
        if (info.season == season)
            return true;
        if (division != engine::Division::Recreational || !seasonStart)
            return false;
        const auto other = starts.find(info.season);
        return other != starts.end() && other->second < *seasonStart;
    };
}

TourSeasonBuild buildTourSeason(const HistoryFolder& folder, const TourPoints& points,
                                const TourSeasonRequest& request)
{
    TourSeasonBuild build;
    const QStringList seasons = seasonsOf(folder);
    if (!seasons.contains(request.season)) {
        build.error = tr("unknown season '%1'; the seasons of events.csv are %2")
                          .arg(request.season, seasons.join(QStringLiteral(", ")));
        return build;
    }
    if (request.finaleEventId) {
        build.finaleEvent = findEvent(folder, *request.finaleEventId);
        if (!build.finaleEvent) {
            build.error =
                tr("unknown Finale event '%1': events.csv has no event_id %1").arg(*request.finaleEventId);
            return build;
        }
        if (finishingOrder(folder.history.events[*build.finaleEvent]).empty()) {
            build.error = tr("Finale event '%1' has no finishing order (a unit without a place)")
                              .arg(*request.finaleEventId);
            return build;
        }
    } else {
        build.finaleEvent = defaultFinale(folder, request.season);
    }

    build.season = seasonFromAwards(folder, points, request.season, request.division, build.finaleEvent);
    build.season.earlierRecreationalChampions = request.pastChampions;
    if (request.division == engine::Division::Recreational) {
        // DECISIONS T3: the title goes once. The champions of the history's earlier seasons are those
        // of their own standings (each with its default Finale and the champions before it).
        std::set<std::string> champions = request.pastChampions;
        for (const QString& earlier : seasons) {
            if (earlier == request.season)
                break;
            engine::TourSeason past = seasonFromAwards(
                folder, points, earlier, engine::Division::Recreational, defaultFinale(folder, earlier));
            if (past.awards.empty())
                continue;
            past.earlierRecreationalChampions = champions;
            for (std::string& champion : engine::computeTourStandings(past).recreationalChampions)
                champions.insert(std::move(champion));
        }
        build.season.earlierRecreationalChampions = std::move(champions);
    }
    return build;
}

PayoutField readPayoutField(const QString& path, engine::EventFormat format)
{
    PayoutField field;
    const std::string file = path.toStdString();
    const auto report = [&field, &file](int line, std::string column, std::string message) {
        csv::report(field.defects, file, line, std::move(column), {}, std::move(message)); // bounded
    };
    const BoundedFile input = readBoundedFile(path, file_limits::csvFile);
    if (input.status == BoundedFile::Status::Missing) {
        report(0, {}, "the file is missing");
        return field;
    }
    if (!input.ok()) {
        report(0, {}, input.problem.toStdString());
        return field;
    }
    const bool doubles = format == engine::EventFormat::Doubles;
    const std::vector<std::string_view> names =
        doubles ? std::vector<std::string_view>{"mu_a", "mu_b"} : std::vector<std::string_view>{"mu"};
    const std::string expected = doubles ? "mu_a,mu_b" : "mu";
    const std::string unit = doubles ? "team" : "entrant";

    const std::vector<CsvLine> lines = csvLines(input.bytes);
    if (lines.empty()) {
        report(1, {}, "the file is empty; expected the header " + expected + " and one row per " + unit);
        return field;
    }
    const CsvLine& header = lines.front();
    if (!header.error.empty()) {
        report(header.line, header.errorField < 0 ? std::string() : csv::fieldName({}, header.errorField),
               header.error);
        return field;
    }
    std::vector<std::size_t> columns;
    for (const std::string_view name : names) {
        std::vector<std::size_t> found;
        for (std::size_t i = 0; i < header.fields.size(); ++i) {
            if (equalsIgnoringAsciiCase(header.fields[i], name))
                found.push_back(i);
        }
        if (found.size() == 1) {
            columns.push_back(found.front());
            continue;
        }
        const bool other =
            std::any_of(header.fields.begin(), header.fields.end(), [doubles](const std::string& f) {
                return doubles ? equalsIgnoringAsciiCase(f, "mu")
                               : equalsIgnoringAsciiCase(f, "mu_a") || equalsIgnoringAsciiCase(f, "mu_b");
            });
        report(header.line, std::string(name),
               found.empty() ? "missing column; a " + std::string(doubles ? "doubles" : "singles") +
                                   " field has the header " + expected +
                                   (other ? std::string(doubles ? " (mu is a singles field)"
                                                                : " (mu_a,mu_b is a doubles field)")
                                          : std::string())
                             : std::string("the column appears twice in the header"));
    }
    if (columns.size() != names.size())
        return field;

    for (std::size_t r = 1; r < lines.size(); ++r) {
        const CsvLine& row = lines[r];
        if (!row.error.empty()) {
            report(row.line,
                   row.errorField < 0 ? std::string() : csv::fieldName(header.fields, row.errorField),
                   row.error);
            continue;
        }
        if (row.fields.size() > header.fields.size()) {
            report(row.line, {},
                   "the row has " + std::to_string(row.fields.size()) + " fields, the header " +
                       std::to_string(header.fields.size()));
            continue;
        }
        std::vector<double> values;
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const std::string name(names[c]);
            if (columns[c] >= row.fields.size()) {
                report(row.line, name,
                       "missing; the row has " + std::to_string(row.fields.size()) + " fields, the header " +
                           std::to_string(header.fields.size()));
                continue;
            }
            const std::string& text = row.fields[columns[c]];
            const std::string what =
                doubles ? "a partner's locked FlickSkill mu" : "the entrant's locked FlickSkill mu";
            if (text.empty()) {
                report(row.line, name, "empty; expected a number, " + what);
            } else if (const auto value = parseRating(text)) {
                values.push_back(*value);
            } else {
                report(row.line, name, quotedValue(text) + " is not a number; expected " + what);
            }
        }
        if (values.size() != columns.size())
            continue;
        if (doubles)
            field.teams.emplace_back(values[0], values[1]);
        else
            field.ratings.push_back(values[0]);
    }
    if (field.defects.empty() && field.ratings.empty() && field.teams.empty())
        report(header.line, {},
               "the field has no " + unit + "s; expected one row per " + unit + " below the header");
    return field;
}

} // namespace flickdesk::core
