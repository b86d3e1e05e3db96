#include "core/formats/historyreader.h"

#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/formats/strictjson.h"
#include "core/records/identifiers.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace flickdesk::core {
namespace {

using namespace csv;
using engine::Defect;
using engine::EventFormat;
using engine::PlayerIndex;
using engine::SourceRef;

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// ---------------------------------------------------------------------------------------------

// Column positions in the lists given to CsvTable::readHeader.
namespace events_csv {
enum : std::size_t { EventId, Date, Format, Name, Group, Tour, Tier, Season, FieldSize };
}
namespace results_csv {
enum : std::size_t { EventId, Place, PlayerId, Team };
}
namespace games_csv {
enum : std::size_t { EventId, Game, SideA, SideB, Winner };
}

struct PendingGame {
    int number = 0;
    engine::HeadToHeadGame game;
};

// An event while its files are read.
struct EventBuild {
    engine::Event event;
    EventInfo info;
    bool formatKnown = true;
    bool fieldSizeKnown = false;
    bool placesUnreliable = false; // a place could not be read: the order cannot be judged
    bool rowsMissing = false;      // a result row could not be read: the units are incomplete
    bool gamesMentioned = false;   // games.csv has rows for it: rated from games (DECISIONS N3)
    bool hasTeams = false;
    std::unordered_map<std::string, std::size_t> teams; // team number -> index into standings
    std::unordered_map<int, int> gameLines;             // game number -> line in games.csv
    std::vector<PendingGame> games;
    std::vector<int> emptyPlaceLines;
};

// One file of a history folder as found: absent, present but unreadable, or its contents.
struct FolderFile {
    bool exists = false;
    std::string readError; // why a file that exists was not read; empty when it was read
    QByteArray text;
};

FolderFile inMemory(const QByteArray& text)
{
    return FolderFile{true, {}, text};
}

FolderFile loadFolderFile(const QDir& dir, const QString& name, qint64 limit)
{
    FolderFile result;
    const QString path = dir.filePath(name);
    if (!QFileInfo(path).exists() && !QFileInfo(path).isSymLink())
        return result;
    result.exists = true;
    BoundedFile file = readBoundedFile(path, limit);
    if (!file.ok()) {
        result.readError = file.problem.toStdString();
        return result;
    }
    result.text = std::move(file.bytes);
    return result;
}

// Parses the files of a history folder; never touches the file system itself.
class FolderReader {
public:
    // `dir` only names the files in defects; without it they are named by their plain names.
    explicit FolderReader(std::optional<QDir> dir)
        : dir_(std::move(dir))
    {
    }

    HistoryFolder read(const FolderFile& events, const FolderFile& results, const FolderFile& games,
                       const FolderFile& params)
    {
        if (const auto text = contents(events, QStringLiteral("events.csv"), true))
            readEvents(*text);
        else
            eventsKnown_ = false;
        if (const auto text = contents(results, QStringLiteral("results.csv"), true)) {
            readResults(*text);
        } else {
            // A file that cannot be read is told once, alone: no event is then also short of units
            // or of the field its field_size says.
            for (EventBuild& build : builds_)
                build.rowsMissing = true;
        }
        if (const auto text = contents(games, QStringLiteral("games.csv"), false))
            readGames(*text);
        else
            gamesUnread_ = games.exists; // which events are rated from games is not known

        if (params.exists) {
            const QString paramsName = QStringLiteral("params.json");
            if (!params.readError.empty()) {
                report(defects_, fileRef(paramsName), 0, {}, {}, params.readError);
            } else {
                ParametersFile parsed = parseParametersJson(params.text, filePath(paramsName));
                folder_.parameters = parsed.parameters;
                std::move(parsed.defects.begin(), parsed.defects.end(), std::back_inserter(defects_));
            }
        }
        finish();
        // DECISIONS N3: with p_draw_game 0 games cannot end level, so a drawn game cannot be rated.
        if (folder_.parameters.drawProbabilityGame && !(*folder_.parameters.drawProbabilityGame > 0.0)) {
            for (const engine::Event& event : folder_.history.events) {
                for (const engine::HeadToHeadGame& game : event.games) {
                    if (game.outcome == engine::GameOutcome::Draw)
                        report(
                            folder_.defects,
                            engine::Defect{game.source, "winner", event.id,
                                           "event " + event.id +
                                               ": a drawn game, but params.json sets p_draw_game to 0 (games "
                                               "cannot end level)"});
                }
            }
        }
        return std::move(folder_);
    }

private:
    QString filePath(const QString& name) const { return dir_ ? dir_->filePath(name) : name; }
    std::string fileRef(const QString& name) const { return filePath(name).toStdString(); }

    // The text of `file`, or nothing when it is absent (a defect when `required`) or unreadable.
    std::optional<QByteArray> contents(const FolderFile& file, const QString& name, bool required)
    {
        if (!file.exists) {
            if (required)
                report(defects_, fileRef(name), 0, {}, {}, "the file is missing");
            return std::nullopt;
        }
        if (!file.readError.empty()) {
            report(defects_, fileRef(name), 0, {}, {}, file.readError);
            return std::nullopt;
        }
        return file.text;
    }

    PlayerIndex playerIndex(std::string_view id)
    {
        auto [it, inserted] =
            players_.try_emplace(std::string(id), static_cast<PlayerIndex>(folder_.history.playerIds.size()));
        if (inserted)
            folder_.history.playerIds.emplace_back(id);
        return it->second;
    }

    // The event a results or games row names; reports an unknown one.
    EventBuild* eventOf(const CsvTable& table, std::string_view id)
    {
        if (id.empty()) {
            report(defects_, table.file(), table.line(), "event_id", {}, "empty");
            return nullptr;
        }
        const auto it = eventIndex_.find(std::string(id));
        if (it != eventIndex_.end())
            return &builds_[it->second];
        // An event whose own row is defective has been reported already; so has every row when
        // events.csv could not be read.
        if (eventsKnown_ && !defectiveEventIds_.count(std::string(id)))
            report(defects_, table.file(), table.line(), "event_id", std::string(id),
                   "no event " + std::string(id) + " in events.csv");
        return nullptr;
    }

    void readEvents(const QByteArray& text)
    {
        using namespace events_csv;
        CsvTable table(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                       fileRef(QStringLiteral("events.csv")), defects_);
        if (!table.readHeader({{"event_id"},
                               {"date"},
                               {"format"},
                               {"name", false},
                               {"group", false},
                               {"tour", false},
                               {"tier", false},
                               {"season", false},
                               {"field_size", false}})) {
            eventsKnown_ = false;
            return;
        }
        const SourceFile& file = table.file();
        bool wellFormed = false;
        while (table.next(wellFormed)) {
            const std::string id(table.field(EventId));
            const int line = table.line();
            if (!wellFormed) {
                defectiveEventIds_.insert(id);
                continue;
            }
            if (id.empty()) {
                report(defects_, file, line, "event_id", {}, "empty");
                continue;
            }
            if (const std::string problem = idProblem(id); !problem.empty()) {
                report(defects_, file, line, "event_id", {}, "the id '" + printableId(id) + "' " + problem);
                defectiveEventIds_.insert(id); // its results and games are not judged
                continue;
            }
            if (const auto it = eventIndex_.find(id); it != eventIndex_.end()) {
                // Its results cannot be told apart from the first event's: judge no consequences.
                builds_[it->second].rowsMissing = true;
                builds_[it->second].placesUnreliable = true;
                report(defects_, file, line, "event_id", id,
                       "event " + id + " is listed twice (line " +
                           std::to_string(builds_[it->second].info.source.line) + " and line " +
                           std::to_string(line) + ")");
                continue;
            }
            EventBuild build;
            build.event.id = id;
            build.event.source = SourceRef{file, line};
            build.info.eventId = toQString(id);
            build.info.source = build.event.source;

            const std::string_view date = table.field(Date);
            if (const auto day = engine::parseIsoDate(date)) {
                build.event.date = *day;
            } else {
                report(defects_, file, line, "date", id,
                       date.empty() ? std::string("empty; expected YYYY-MM-DD")
                                    : quoted(date) + " is not a date of the form YYYY-MM-DD");
            }

            const std::string_view format = table.field(Format);
            if (equalsIgnoringAsciiCase(format, "singles")) {
                build.event.format = EventFormat::Singles;
            } else if (equalsIgnoringAsciiCase(format, "doubles")) {
                build.event.format = EventFormat::Doubles;
            } else {
                build.formatKnown = false;
                report(defects_, file, line, "format", id,
                       (format.empty() ? std::string("empty") : quoted(format) + " is not a format") +
                           "; expected singles or doubles");
            }

            build.info.name = toQString(table.field(Name));
            build.info.group = toQString(table.field(Group));
            build.info.season = toQString(table.field(Season));

            if (table.hasColumn(Tour)) {
                const std::string_view tour = table.field(Tour);
                if (equalsIgnoringAsciiCase(tour, "competitive"))
                    build.info.tour = core::Tour::Competitive;
                else if (equalsIgnoringAsciiCase(tour, "recreational"))
                    build.info.tour = core::Tour::Recreational;
                else if (equalsIgnoringAsciiCase(tour, "none"))
                    build.info.tour = core::Tour::None;
                else
                    report(defects_, file, line, "tour", id,
                           (tour.empty() ? std::string("empty") : quoted(tour) + " is not a tour") +
                               "; expected competitive, recreational or none");
            }

            if (table.hasColumn(Tier)) {
                const std::string_view tier = table.field(Tier);
                const auto value = parseWholeNumber(tier);
                if (!tier.empty() && !value)
                    report(defects_, file, line, "tier", id,
                           quoted(tier) + " is not a tier; expected 1, 2 or 3");
                else if (const std::string problem = eventTierProblem(
                             value, table.hasColumn(Tour) ? build.info.tour : core::Tour::None);
                         !problem.empty())
                    report(defects_, file, line, "tier", id, (tier.empty() ? "empty; " : "") + problem);
                else
                    build.info.tier = value;
            }

            if (table.hasColumn(FieldSize)) {
                const std::string_view size = table.field(FieldSize);
                if (const auto value = parseWholeNumber(size)) {
                    build.info.fieldSize = *value;
                    build.fieldSizeKnown = true;
                } else {
                    report(defects_, file, line, "field_size", id,
                           (size.empty() ? std::string("empty") : quoted(size) + " is not a whole number") +
                               "; expected the number of units that began");
                }
            }

            eventIndex_.emplace(id, builds_.size());
            builds_.push_back(std::move(build));
        }
    }

    void readResults(const QByteArray& text)
    {
        using namespace results_csv;
        CsvTable table(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                       fileRef(QStringLiteral("results.csv")), defects_);
        if (!table.readHeader({{"event_id"}, {"place"}, {"player_id"}, {"team", false}})) {
            // Nothing of results.csv can be judged, so neither can the events' units.
            for (EventBuild& build : builds_)
                build.rowsMissing = true;
            return;
        }
        const SourceFile& file = table.file();
        bool teamColumnReported = false;
        bool wellFormed = false;
        while (table.next(wellFormed)) {
            const int line = table.line();
            if (!wellFormed) {
                if (const auto it = eventIndex_.find(std::string(table.field(EventId)));
                    it != eventIndex_.end())
                    builds_[it->second].rowsMissing = true;
                continue;
            }
            EventBuild* build = eventOf(table, table.field(EventId));
            if (!build)
                continue;
            const std::string& eventId = build->event.id;

            const std::string_view playerId = table.field(PlayerId);
            bool usable = true;
            if (playerId.empty()) {
                report(defects_, file, line, "player_id", eventId, "empty");
                usable = false;
            } else if (const std::string problem = idProblem(playerId); !problem.empty()) {
                report(defects_, file, line, "player_id", eventId,
                       "the id '" + printableId(playerId) + "' " + problem);
                usable = false;
            }

            int place = 0;
            const std::string_view placeText = table.field(Place);
            if (placeText.empty()) {
                build->emptyPlaceLines.push_back(line); // fine when the event is rated from games
            } else if (const auto value = parseWholeNumber(placeText); value && *value >= 1) {
                place = *value;
            } else {
                report(defects_, file, line, "place", eventId,
                       quoted(placeText) + " is not a place; expected a whole number, 1 = winner");
                build->placesUnreliable = true;
            }

            const std::string_view team = table.field(Team);
            if (team.empty() && build->formatKnown && build->event.format == EventFormat::Doubles) {
                if (!table.hasColumn(Team)) {
                    if (!teamColumnReported)
                        report(defects_, file, table.headerLine(), "team", {},
                               "missing column; doubles events need it to pair partners");
                    teamColumnReported = true;
                } else {
                    report(defects_, file, line, "team", eventId,
                           "empty; in a doubles event every player names their team");
                }
                usable = false;
            }
            if (!usable) {
                build->rowsMissing = true;
                continue;
            }

            const PlayerIndex player = playerIndex(playerId);
            const SourceRef source{file, line};
            if (!team.empty()) {
                build->hasTeams = true;
                const auto [it, inserted] =
                    build->teams.try_emplace(std::string(team), build->event.standings.size());
                if (!inserted) {
                    engine::Standing& standing = build->event.standings[it->second];
                    if (place != standing.place && place != 0 && standing.place != 0) {
                        report(defects_, file, line, "place", eventId,
                               "place " + std::to_string(place) + " differs from place " +
                                   std::to_string(standing.place) + " of team " + std::string(team) +
                                   " on line " + std::to_string(standing.source.line) +
                                   "; doubles partners share one place");
                        build->placesUnreliable = true;
                    }
                    standing.unit.players.push_back(player);
                    standing.playerSources.push_back(source);
                    continue;
                }
            }
            engine::Standing standing;
            standing.place = place;
            standing.unit.players.push_back(player);
            standing.source = source;
            if (!team.empty()) // partners come from rows of their own
                standing.playerSources.push_back(source);
            build->event.standings.push_back(std::move(standing));
        }
    }

    // A game side: one player id, or two joined by '+'. Reports and returns false when malformed.
    bool readSide(const CsvTable& table, std::string_view text, const char* field, const std::string& eventId,
                  engine::Unit& unit)
    {
        std::vector<std::string_view> ids;
        std::size_t begin = 0;
        for (;;) {
            const std::size_t plus = text.find('+', begin);
            std::string_view id = text.substr(begin, plus == std::string_view::npos ? plus : plus - begin);
            while (!id.empty() && (id.front() == ' ' || id.front() == '\t'))
                id.remove_prefix(1);
            while (!id.empty() && (id.back() == ' ' || id.back() == '\t'))
                id.remove_suffix(1);
            ids.push_back(id);
            if (plus == std::string_view::npos)
                break;
            begin = plus + 1;
        }
        if (text.empty()) {
            report(defects_, table.file(), table.line(), field, eventId,
                   "empty; expected a player id or two joined by +");
            return false;
        }
        const bool emptyId =
            std::any_of(ids.begin(), ids.end(), [](std::string_view id) { return id.empty(); });
        if (emptyId || ids.size() > 2) {
            report(defects_, table.file(), table.line(), field, eventId,
                   quoted(text) + " is not a side; expected a player id or two joined by +");
            return false;
        }
        for (std::string_view id : ids) {
            if (const std::string problem = idProblem(id); !problem.empty()) {
                report(defects_, table.file(), table.line(), field, eventId,
                       "the id '" + printableId(id) + "' " + problem);
                return false;
            }
        }
        for (std::string_view id : ids)
            unit.players.push_back(playerIndex(id));
        return true;
    }

    void readGames(const QByteArray& text)
    {
        using namespace games_csv;
        CsvTable table(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                       fileRef(QStringLiteral("games.csv")), defects_);
        if (!table.readHeader({{"event_id"}, {"game"}, {"side_a"}, {"side_b"}, {"winner"}}))
            return;
        const SourceFile& file = table.file();
        bool wellFormed = false;
        while (table.next(wellFormed)) {
            const int line = table.line();
            if (!wellFormed) {
                if (const auto it = eventIndex_.find(std::string(table.field(EventId)));
                    it != eventIndex_.end())
                    builds_[it->second].gamesMentioned = true;
                continue;
            }
            EventBuild* build = eventOf(table, table.field(EventId));
            if (!build)
                continue;
            build->gamesMentioned = true;
            const std::string& eventId = build->event.id;
            bool usable = true;

            const std::string_view gameText = table.field(Game);
            const auto number = parseWholeNumber(gameText);
            if (!number || *number < 1) {
                report(
                    defects_, file, line, "game", eventId,
                    (gameText.empty() ? std::string("empty") : quoted(gameText) + " is not a game number") +
                        "; expected a whole number 1 or more, the order of the event's games");
                usable = false;
            } else if (const auto [it, inserted] = build->gameLines.try_emplace(*number, line); !inserted) {
                report(defects_, file, line, "game", eventId,
                       "game " + std::to_string(*number) + " of event " + eventId +
                           " is listed twice (line " + std::to_string(it->second) + " and line " +
                           std::to_string(line) + ")");
                usable = false;
            }

            PendingGame pending;
            pending.number = number.value_or(0);
            pending.game.source = SourceRef{file, line};
            usable = readSide(table, table.field(SideA), "side_a", eventId, pending.game.a) && usable;
            usable = readSide(table, table.field(SideB), "side_b", eventId, pending.game.b) && usable;

            const std::string_view winner = table.field(Winner);
            if (equalsIgnoringAsciiCase(winner, "a")) {
                pending.game.outcome = engine::GameOutcome::WinA;
            } else if (equalsIgnoringAsciiCase(winner, "b")) {
                pending.game.outcome = engine::GameOutcome::WinB;
            } else if (equalsIgnoringAsciiCase(winner, "draw")) {
                pending.game.outcome = engine::GameOutcome::Draw;
            } else {
                report(defects_, file, line, "winner", eventId,
                       (winner.empty() ? std::string("empty") : quoted(winner) + " is not a result") +
                           "; expected a, b or draw");
                usable = false;
            }
            if (usable)
                build->games.push_back(std::move(pending));
        }
    }

    // Whether a defect found by validateHistory is only a consequence of a defect already reported
    // while reading (a place or a row that could not be read), so that each problem is told once.
    bool isConsequence(const Defect& defect) const
    {
        const auto it = eventIndex_.find(defect.eventId);
        if (it == eventIndex_.end())
            return false;
        const EventBuild& build = builds_[it->second];
        if (defect.field == "place")
            return build.placesUnreliable || build.rowsMissing || build.gamesMentioned || gamesUnread_;
        if (defect.field == "team" || defect.field.empty())
            return build.rowsMissing;
        // With result rows unread the event's entrants are not known, so neither is whether a game
        // names one of them.
        if (defect.field == "side_a" || defect.field == "side_b")
            return build.rowsMissing;
        return false;
    }

    void finish()
    {
        engine::RatingHistory& history = folder_.history;
        history.events.reserve(builds_.size());
        folder_.events.reserve(builds_.size());
        for (EventBuild& build : builds_) {
            engine::Event& event = build.event;
            if (!build.formatKnown) // judge the units by what the rows say (a team column or not)
                event.format = build.hasTeams ? EventFormat::Doubles : EventFormat::Singles;

            if (!build.gamesMentioned && !gamesUnread_) {
                for (int line : build.emptyPlaceLines)
                    report(defects_, fileRef(QStringLiteral("results.csv")), line, "place", event.id,
                           // DECISIONS N2: standings as one game of N units.
                           "empty; an event rated from its standings needs every place");
                build.placesUnreliable = build.placesUnreliable || !build.emptyPlaceLines.empty();
            }

            // DECISIONS N3: the games of an event in the order of their numbers.
            std::stable_sort(build.games.begin(), build.games.end(),
                             [](const PendingGame& x, const PendingGame& y) { return x.number < y.number; });
            event.games.reserve(build.games.size());
            for (PendingGame& pending : build.games)
                event.games.push_back(std::move(pending.game));

            // DECISIONS P3: the field is every unit that began, and results.csv lists every one of them.
            const std::size_t units = event.standings.size();
            if (!build.fieldSizeKnown)
                build.info.fieldSize = static_cast<int>(units);
            else if (const std::string problem = eventFieldSizeProblem(event.id, build.info.fieldSize, units);
                     !build.rowsMissing && !problem.empty())
                report(defects_, event.source.file, event.source.line, "field_size", event.id, problem);

            build.info.date = event.date;
            build.info.format = event.format;
            event.standings.shrink_to_fit(); // grown row by row: up to half of it unused
            history.events.push_back(std::move(event));
            folder_.events.push_back(std::move(build.info));
        }

        for (Defect& defect : engine::validateHistory(history)) {
            if (!isConsequence(defect))
                report(defects_, std::move(defect)); // held to mostDefects like the reading's
        }

        // A file that could not be read first (line 0: the whole file), then in file order (events,
        // results, games, then anything else), then by line; the note that more were found last.
        const std::string fileOrder[] = {
            fileRef(QStringLiteral("events.csv")), fileRef(QStringLiteral("results.csv")),
            fileRef(QStringLiteral("games.csv")), fileRef(QStringLiteral("params.json"))};
        const auto fileRank = [&fileOrder](const std::string& file) {
            return static_cast<int>(std::find(std::begin(fileOrder), std::end(fileOrder), file) -
                                    std::begin(fileOrder));
        };
        std::vector<std::pair<int, Defect>> ranked;
        ranked.reserve(defects_.size());
        for (Defect& defect : defects_)
            ranked.emplace_back(fileRank(defect.source.file), std::move(defect));
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) {
            const bool xNote = isCapNote(x.second);
            const bool yNote = isCapNote(y.second);
            const bool xWhole = x.second.source.line == 0;
            const bool yWhole = y.second.source.line == 0;
            return std::tie(xNote, yWhole, x.first, x.second.source.line) <
                   std::tie(yNote, xWhole, y.first, y.second.source.line);
        });
        folder_.defects.reserve(ranked.size());
        for (auto& [rank, defect] : ranked)
            folder_.defects.push_back(std::move(defect));
    }

    std::optional<QDir> dir_;
    HistoryFolder folder_;
    std::vector<Defect> defects_;
    std::vector<EventBuild> builds_;
    std::unordered_map<std::string, std::size_t> eventIndex_;
    std::unordered_set<std::string> defectiveEventIds_;
    std::unordered_map<std::string, PlayerIndex> players_;
    bool eventsKnown_ = true;
    bool gamesUnread_ = false; // games.csv exists but could not be read
};

// ---------------------------------------------------------------------------------------------
// params.json

struct ParameterKey {
    const char* name;
    std::optional<double> ParameterOverrides::*member; // null for max_iter
    double lowest;
    bool lowestIncluded;
    double highest;
    bool highestIncluded;
    const char* range; // in words, for the message
};

constexpr double unbounded = 1e300;
using Limits = engine::ParameterLimits;

// The engine's limits (ParameterLimits): beyond them it could not keep DECISIONS N7.
const ParameterKey parameterKeys[] = {
    {"mu", &ParameterOverrides::mu0, -Limits::muMagnitude, true, Limits::muMagnitude, true,
     "a number from -100 to 100"},
    {"sigma", &ParameterOverrides::sigma0, Limits::sigmaLowest, true, Limits::sigmaHighest, true,
     "a number from 0.01 to 100"},
    {"beta", &ParameterOverrides::beta, Limits::sigmaLowest, true, Limits::sigmaHighest, true,
     "a number from 0.01 to 100"},
    {"gamma", &ParameterOverrides::gamma, 0.0, true, Limits::gammaHighest, true, "a number from 0 to 10"},
    {"epsilon", &ParameterOverrides::epsilon, 0.0, false, unbounded, true, "a number above 0"},
    {"max_iter", nullptr, 0.0, true, Limits::iterationsHighest, true, "a whole number from 0 to 100000"},
    {"p_draw", &ParameterOverrides::drawProbabilityFinish, 0.0, true, Limits::drawHighest, true,
     "a probability from 0 to 0.999"},
    {"p_draw_game", &ParameterOverrides::drawProbabilityGame, 0.0, true, Limits::drawHighest, true,
     "a probability from 0 to 0.999"},
    {"doubles_weight", &ParameterOverrides::doublesWeight, Limits::weightLowest, true, 1.0, true,
     "a number from 0.01 to 1"},
};

int lineAtOffset(const QByteArray& text, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, text.size());
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

int lineOfKey(const QByteArray& text, const QString& key)
{
    const qsizetype at = text.indexOf(QByteArray("\"") + key.toUtf8() + QByteArray("\""));
    return at < 0 ? 1 : lineAtOffset(text, at);
}

} // namespace

std::string eventTierProblem(std::optional<int> tier, Tour tour)
{
    if (tier && (*tier < 1 || *tier > 3))
        return std::to_string(*tier) + " is not a tier; expected 1, 2 or 3";
    if (!tier && tour != Tour::None)
        return "an event of the competitive or recreational tour needs tier 1, 2 or 3";
    return {};
}

std::string eventFieldSizeProblem(const std::string& eventId, int fieldSize, std::size_t unitsThatBegan)
{
    if (unitsThatBegan < 2 || static_cast<std::size_t>(fieldSize) == unitsThatBegan)
        return {};
    return "event " + eventId + " has field_size " + std::to_string(fieldSize) + " but lists " +
           std::to_string(unitsThatBegan) + " units that began; the field is every unit that began";
}

void ParameterOverrides::overrideWith(const ParameterOverrides& later)
{
    for (const ParameterKey& key : parameterKeys) {
        if (key.member && (later.*key.member))
            this->*key.member = later.*key.member;
    }
    if (later.maxIterations)
        maxIterations = later.maxIterations;
}

void ParameterOverrides::applyTo(engine::FlickSkillParameters& parameters) const
{
    parameters.mu0 = mu0.value_or(parameters.mu0);
    parameters.sigma0 = sigma0.value_or(parameters.sigma0);
    parameters.beta = beta.value_or(parameters.beta);
    parameters.gamma = gamma.value_or(parameters.gamma);
    parameters.epsilon = epsilon.value_or(parameters.epsilon);
    parameters.maxIterations = maxIterations.value_or(parameters.maxIterations);
    parameters.drawProbabilityFinish = drawProbabilityFinish.value_or(parameters.drawProbabilityFinish);
    parameters.drawProbabilityGame = drawProbabilityGame.value_or(parameters.drawProbabilityGame);
    parameters.doublesWeight = doublesWeight.value_or(parameters.doublesWeight);
}

ParametersFile readParametersJson(const QString& path)
{
    const BoundedFile input = readBoundedFile(path, file_limits::paramsFile);
    if (!input.ok()) {
        ParametersFile result;
        report(result.defects, path.toStdString(), 0, {}, {}, input.problem.toStdString());
        return result;
    }
    return parseParametersJson(input.bytes, path);
}

ParametersFile parseParametersJson(const QByteArray& text, const QString& fileName)
{
    ParametersFile result;
    const std::string file = fileName.toStdString();
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError) {
        report(result.defects, file, lineAtOffset(text, error.offset), {}, {},
               "not valid JSON: " + error.errorString().toStdString());
        return result;
    }
    // A key given twice (QJsonDocument keeps the last one silently), invisible characters, over-long
    // text: refused as in a submission file.
    for (const StrictJsonProblem& problem : checkStrictJson(text))
        report(result.defects, file, problem.line, problem.path.toStdString(), {},
               problem.message.toStdString());
    if (!result.defects.empty())
        return result;
    if (!document.isObject()) {
        report(result.defects, file, 1, {}, {},
               "expected one JSON object of parameters, e.g. {\"p_draw_game\": 0.1}");
        return result;
    }
    const QJsonObject object = document.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string name = it.key().toStdString();
        const int line = lineOfKey(text, it.key());
        const auto key = std::find_if(std::begin(parameterKeys), std::end(parameterKeys),
                                      [&](const ParameterKey& k) { return name == k.name; });
        if (key == std::end(parameterKeys)) {
            std::string known;
            for (const ParameterKey& k : parameterKeys)
                known += (known.empty() ? "" : ", ") + std::string(k.name);
            report(result.defects, file, line, name, {}, "unknown parameter; the parameters are " + known);
            continue;
        }
        const QJsonValue value = it.value();
        const double number = value.toDouble();
        const bool isWhole = std::isfinite(number) && number == std::floor(number);
        const bool inRange = value.isDouble() && std::isfinite(number) &&
                             (key->lowestIncluded ? number >= key->lowest : number > key->lowest) &&
                             (key->highestIncluded ? number <= key->highest : number < key->highest) &&
                             (key->member || isWhole);
        if (!inRange) {
            report(result.defects, file, line, name, {}, std::string("expected ") + key->range);
            continue;
        }
        if (key->member)
            result.parameters.*(key->member) = number;
        else
            result.parameters.maxIterations = static_cast<int>(number);
    }
    std::stable_sort(result.defects.begin(), result.defects.end(),
                     [](const Defect& x, const Defect& y) { return x.source.line < y.source.line; });
    return result;
}

HistoryFolder readHistoryFolder(const QString& dir)
{
    const QDir folder(dir);
    using namespace file_limits;
    return FolderReader(folder).read(loadFolderFile(folder, QStringLiteral("events.csv"), csvFile),
                                     loadFolderFile(folder, QStringLiteral("results.csv"), csvFile),
                                     loadFolderFile(folder, QStringLiteral("games.csv"), csvFile),
                                     loadFolderFile(folder, QStringLiteral("params.json"), paramsFile));
}

HistoryFolder parseHistoryFiles(const QByteArray& events, const QByteArray& results,
                                const std::optional<QByteArray>& games,
                                const std::optional<QByteArray>& params, const QString& dir)
{
    std::optional<QDir> folder;
    if (!dir.isEmpty())
        folder.emplace(dir);
    return FolderReader(folder).read(inMemory(events), inMemory(results),
                                     games ? inMemory(*games) : FolderFile{},
                                     params ? inMemory(*params) : FolderFile{});
}

} // namespace flickdesk::core
