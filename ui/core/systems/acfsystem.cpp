// ACF checkers ratings [001] for `flickdesk-cli acf` and the window's rating pools: reads the players
// and games CSV (formats in docs/acf.md), checks every row (DECISIONS D2), rates with
// engine::rateAcf (DECISIONS A1-A4) and turns the result into the ratings and history tables.
#include "core/formats/csvtable.h"
#include "core/formats/csvwriting.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/acf.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace flickdesk::core {
namespace {

using namespace csv;
using engine::AcfRecord;
using engine::AcfScoring;
using engine::Defect;
using engine::GameOutcome;
using engine::PlayerIndex;
using engine::SourceRef;

// Column positions in the lists given to CsvTable::readHeader.
namespace players_csv {
enum : std::size_t { PlayerId, Name, Rating, Games, Peak, Rounds };
}
namespace games_csv {
enum : std::size_t { Event, Date, Scoring, Round, PlayerA, PlayerB, Result };
}

// A player given with a rating but without games or rounds is taken as holding an established
// rating with a full record: 128 games (their rating weighs fully, DECISIONS A3) and 16 rounds (more
// than 15: not temporary, DECISIONS A4). docs/acf.md says so.
constexpr int kDefaultGamesOfRated = engine::kAcfGameLimit;
constexpr int kDefaultRoundsOfRated = engine::kAcfTemporaryRounds + 1;
constexpr double kHighestRating = 9999.0;

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// A rating: a number from 0 to 9999 with an optional fraction ("1834" or "1834.5"), no sign.
std::optional<double> parseRating(std::string_view text)
{
    if (text.empty() || !((text.front() >= '0' && text.front() <= '9')))
        return std::nullopt;
    double value = 0.0;
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
    if (error != std::errc() || stop != end || !std::isfinite(value) || value > kHighestRating)
        return std::nullopt;
    return value;
}

std::optional<GameOutcome> parseResult(std::string_view text)
{
    if (text == "1-0")
        return GameOutcome::WinA;
    if (text == "0-1")
        return GameOutcome::WinB;
    if (text == "1/2-1/2" || text == "\xC2\xBD-\xC2\xBD" || text == "0.5-0.5" ||
        equalsIgnoringAsciiCase(text, "draw"))
        return GameOutcome::Draw;
    return std::nullopt;
}

GameOutcome reversed(GameOutcome outcome)
{
    switch (outcome) {
    case GameOutcome::WinA:
        return GameOutcome::WinB;
    case GameOutcome::WinB:
        return GameOutcome::WinA;
    case GameOutcome::Draw:
        break;
    }
    return GameOutcome::Draw;
}

std::string scoringName(AcfScoring scoring)
{
    return scoring == AcfScoring::ByRound ? "round" : "game";
}

std::uint64_t seatKey(int round, PlayerIndex player)
{
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(round)) << 32) |
           static_cast<std::uint32_t>(player);
}

struct PlayerEntry {
    std::string id;
    std::string name;
    AcfRecord start;
    bool unknown = false; // named by a game but missing from the players file given
};

// One pairing of one round while the games are read.
struct PairingBuild {
    engine::AcfRound round;
    std::vector<int> lines; // the line of each game
};

struct EventBuild {
    std::string id;
    SourceRef source; // the event's first row
    std::optional<engine::DayNumber> date;
    int dateLine = 0;
    std::optional<AcfScoring> scoring;
    int scoringLine = 0;
    bool scoringUnreadable = false; // a row's scoring was not understood: its rounds cannot be judged
    bool rowsMissing = false;       // a row could not be placed in a pairing: its rounds cannot be judged
    std::vector<PairingBuild> pairings;
    std::unordered_map<std::uint64_t, std::size_t> seats; // (round, player) -> pairing
};

class AcfReader {
public:
    explicit AcfReader(const SystemInput& input)
        : input_(input)
    {
    }

    bool read()
    {
        if (input_.hasPlayers)
            readPlayers();
        readGames();
        checkRounds();
        // In file order (the players file first), then by line: the round checks come last otherwise.
        const std::string gamesFile = input_.gamesFile.toStdString();
        std::stable_sort(defects_.begin(), defects_.end(), [&](const Defect& x, const Defect& y) {
            const bool xGames = x.source.file == gamesFile;
            const bool yGames = y.source.file == gamesFile;
            if (xGames != yGames)
                return yGames;
            return x.source.line < y.source.line;
        });
        return defects_.empty();
    }

    std::vector<Defect> takeDefects() { return std::move(defects_); }
    const std::vector<PlayerEntry>& players() const { return players_; }

    engine::AcfHistory history() const
    {
        engine::AcfHistory history;
        history.playerIds.reserve(players_.size());
        history.start.reserve(players_.size());
        for (const PlayerEntry& player : players_) {
            history.playerIds.push_back(player.id);
            history.start.push_back(player.start);
        }
        history.events.reserve(events_.size());
        for (const EventBuild& build : events_) {
            engine::AcfEvent event;
            event.id = build.id;
            event.date = build.date.value_or(0);
            event.scoring = build.scoring.value_or(AcfScoring::ByRound);
            event.source = build.source;
            event.rounds.reserve(build.pairings.size());
            for (const PairingBuild& pairing : build.pairings)
                event.rounds.push_back(pairing.round);
            history.events.push_back(std::move(event));
        }
        return history;
    }

private:
    static std::string_view view(const QByteArray& bytes)
    {
        return {bytes.constData(), static_cast<std::size_t>(bytes.size())};
    }

    PlayerIndex addPlayer(std::string id)
    {
        const auto index = static_cast<PlayerIndex>(players_.size());
        playerIndex_.emplace(id, index);
        players_.push_back(PlayerEntry{std::move(id), {}, {}});
        return index;
    }

    void readPlayers()
    {
        using namespace players_csv;
        CsvTable table(view(input_.players), input_.playersFile.toStdString(), defects_);
        if (!table.readHeader({{"player_id"},
                               {"name", false},
                               {"rating"},
                               {"games", false},
                               {"peak", false},
                               {"rounds", false}})) {
            playersUnreadable_ = true;
            return;
        }
        const SourceFile& file = table.file();
        std::unordered_map<std::string, int> firstLine;
        bool wellFormed = false;
        while (table.next(wellFormed)) {
            const int line = table.line();
            const std::string id(table.field(PlayerId));
            if (!wellFormed) {
                // Its games are judged as if it were listed: the defect is this row, not theirs.
                if (!id.empty() && !playerIndex_.count(id))
                    addPlayer(id);
                continue;
            }
            if (id.empty()) {
                report(defects_, file, line, "player_id", {}, "empty");
                continue;
            }
            if (const auto it = firstLine.find(id); it != firstLine.end()) {
                report(defects_, file, line, "player_id", {},
                       "player " + id + " is listed twice (line " + std::to_string(it->second) +
                           " and line " + std::to_string(line) + ")");
                continue;
            }
            firstLine.emplace(id, line);
            if (playerIndex_.count(id))
                continue; // a malformed row named it already
            const PlayerIndex index = addPlayer(id);
            PlayerEntry& player = players_[static_cast<std::size_t>(index)];
            player.name = std::string(table.field(Name));
            readStart(table, player);
        }
    }

    // The columns rating, games, peak and rounds of a well-formed players row.
    void readStart(const CsvTable& table, PlayerEntry& player)
    {
        using namespace players_csv;
        const SourceFile& file = table.file();
        const int line = table.line();
        AcfRecord& start = player.start;
        const std::string who = "player " + player.id;

        const std::string_view rating = table.field(Rating);
        if (!rating.empty()) {
            if (const auto value = parseRating(rating)) {
                start.rated = true;
                start.rating = *value;
            } else {
                report(
                    defects_, file, line, "rating", {},
                    who + ": " + quoted(rating) +
                        " is not a rating; expected a number from 0 to 9999, or empty for an unrated player");
            }
        }
        const bool ratingBad = !rating.empty() && !start.rated;

        const auto readCount = [&](std::size_t column, const char* name, int whenEmpty) {
            const std::string_view text = table.field(column);
            if (text.empty())
                return start.rated ? whenEmpty : 0;
            const auto value = parseWholeNumber(text);
            if (!value || *value > engine::kAcfMostRecordedGames) {
                report(defects_, file, line, name, {},
                       who + ": " + quoted(text) + " is not a whole number from 0 to " +
                           std::to_string(engine::kAcfMostRecordedGames));
                return 0;
            }
            if (*value > 0 && !start.rated && !ratingBad)
                report(defects_, file, line, name, {},
                       who + " has no rating, so no rated " + name + " (leave it empty or 0)");
            return *value;
        };
        start.games = readCount(Games, "games", kDefaultGamesOfRated);
        start.rounds = readCount(Rounds, "rounds", kDefaultRoundsOfRated);

        const std::string_view peak = table.field(Peak);
        start.peak = start.rating;
        if (peak.empty())
            return;
        const auto value = parseRating(peak);
        if (!value) {
            report(defects_, file, line, "peak", {},
                   who + ": " + quoted(peak) + " is not a rating; expected a number from 0 to 9999");
        } else if (!start.rated) {
            if (!ratingBad)
                report(defects_, file, line, "peak", {}, who + " has no rating, so no peak (leave it empty)");
        } else if (*value < start.rating) {
            report(defects_, file, line, "peak", {},
                   who + ": the peak " + std::string(peak) + " is below the rating " + std::string(rating) +
                       " (the peak is the highest rating held)");
        } else {
            start.peak = *value;
        }
    }

    // The player a games row names, added when no players file limits them; nullopt with a defect.
    std::optional<PlayerIndex> playerOf(const CsvTable& table, std::size_t column, const char* field,
                                        const std::string& eventId)
    {
        const std::string_view id = table.field(column);
        if (id.empty()) {
            report(defects_, table.file(), table.line(), field, eventId, "empty; expected a player id");
            return std::nullopt;
        }
        std::string key(id);
        PlayerIndex index = 0;
        if (const auto it = playerIndex_.find(key); it != playerIndex_.end()) {
            index = it->second;
        } else {
            // Known from here on, so that its other games are judged too.
            index = addPlayer(key);
            players_[static_cast<std::size_t>(index)].unknown = input_.hasPlayers && !playersUnreadable_;
        }
        if (players_[static_cast<std::size_t>(index)].unknown)
            report(defects_, table.file(), table.line(), field, eventId,
                   "unknown player " + key + ": not in " + input_.playersFile.toStdString());
        return index;
    }

    void readGames()
    {
        using namespace games_csv;
        CsvTable table(view(input_.games), input_.gamesFile.toStdString(), defects_);
        if (!table.readHeader(
                {{"event"}, {"date"}, {"scoring"}, {"round"}, {"player_a"}, {"player_b"}, {"result"}}))
            return;
        const SourceFile& file = table.file();
        bool wellFormed = false;
        while (table.next(wellFormed)) {
            const int line = table.line();
            const std::string id(table.field(Event));
            if (!wellFormed) {
                if (const auto it = eventIndex_.find(id); it != eventIndex_.end())
                    events_[it->second].rowsMissing = true;
                continue;
            }
            if (id.empty()) {
                report(defects_, file, line, "event", {}, "empty; expected the event's name or id");
                continue;
            }
            auto [it, inserted] = eventIndex_.try_emplace(id, events_.size());
            if (inserted) {
                events_.emplace_back();
                events_.back().id = id;
                events_.back().source = SourceRef{file, line};
            }
            EventBuild& event = events_[it->second];
            readEventFields(table, event);

            const std::string_view roundText = table.field(Round);
            const auto round = parseWholeNumber(roundText);
            if (!round || *round < 1)
                report(defects_, file, line, "round", id,
                       (roundText.empty() ? std::string("empty")
                                          : quoted(roundText) + " is not a round number") +
                           "; expected a whole number from 1");
            const auto a = playerOf(table, PlayerA, "player_a", id);
            const auto b = playerOf(table, PlayerB, "player_b", id);
            if (a && b && *a == *b)
                report(defects_, file, line, "player_b", id,
                       "player " + std::string(table.field(PlayerB)) + " plays against themselves");
            const std::string_view resultText = table.field(Result);
            std::optional<GameOutcome> outcome = parseResult(resultText);
            if (!outcome)
                report(defects_, file, line, "result", id,
                       (resultText.empty() ? std::string("empty") : quoted(resultText) + " is not a result") +
                           "; expected 1-0, 0-1 or 1/2-1/2 (player_a's score first)");
            if (!round || *round < 1 || !a || !b || *a == *b) {
                event.rowsMissing = true;
                continue;
            }
            // A result not understood is reported already; the game still fills its round, so that
            // the round is not also reported short.
            placeGame(table, event, *round, *a, *b, outcome.value_or(GameOutcome::Draw));
        }
    }

    // The event's date and scoring: the same on every row of the event.
    void readEventFields(const CsvTable& table, EventBuild& event)
    {
        using namespace games_csv;
        const SourceFile& file = table.file();
        const int line = table.line();

        const std::string_view dateText = table.field(Date);
        if (const auto day = engine::parseIsoDate(dateText)) {
            if (!event.date) {
                event.date = day;
                event.dateLine = line;
            } else if (*event.date != *day) {
                report(defects_, file, line, "date", event.id,
                       "event " + event.id + " has two dates: " + engine::formatIsoDate(*event.date) +
                           " (line " + std::to_string(event.dateLine) + ") and " + std::string(dateText) +
                           "; an event is played on one date");
            }
        } else {
            report(defects_, file, line, "date", event.id,
                   (dateText.empty() ? std::string("empty") : quoted(dateText) + " is not a date") +
                       "; expected YYYY-MM-DD");
        }

        const std::string_view scoringText = table.field(Scoring);
        std::optional<AcfScoring> scoring;
        if (equalsIgnoringAsciiCase(scoringText, "round"))
            scoring = AcfScoring::ByRound;
        else if (equalsIgnoringAsciiCase(scoringText, "game"))
            scoring = AcfScoring::ByGame;
        if (!scoring) {
            event.scoringUnreadable = true;
            report(
                defects_, file, line, "scoring", event.id,
                (scoringText.empty() ? std::string("empty") : quoted(scoringText) + " is not a scoring") +
                    "; expected round (four-game rounds, window 400) or game (two-game rounds, window 670)");
        } else if (!event.scoring) {
            event.scoring = scoring;
            event.scoringLine = line;
        } else if (*event.scoring != *scoring) {
            event.scoringUnreadable = true;
            report(defects_, file, line, "scoring", event.id,
                   "event " + event.id + " is scored by " + scoringName(*event.scoring) + " on line " +
                       std::to_string(event.scoringLine) + " and by " + scoringName(*scoring) +
                       " here; an event has one scoring");
        }
    }

    // Adds a game to the pairing of its round, or reports a player who plays two pairings in it.
    void placeGame(const CsvTable& table, EventBuild& event, int round, PlayerIndex a, PlayerIndex b,
                   GameOutcome outcome)
    {
        const auto seatA = event.seats.find(seatKey(round, a));
        const auto seatB = event.seats.find(seatKey(round, b));
        if (seatA == event.seats.end() && seatB == event.seats.end()) {
            event.seats.emplace(seatKey(round, a), event.pairings.size());
            event.seats.emplace(seatKey(round, b), event.pairings.size());
            PairingBuild& pairing = event.pairings.emplace_back();
            pairing.round.number = round;
            pairing.round.a = a;
            pairing.round.b = b;
            pairing.round.source = SourceRef{table.file(), table.line()};
            pairing.round.games.push_back(outcome);
            pairing.lines.push_back(table.line());
            return;
        }
        if (seatA != event.seats.end() && seatB != event.seats.end() && seatA->second == seatB->second) {
            PairingBuild& pairing = event.pairings[seatA->second];
            pairing.round.games.push_back(pairing.round.a == a ? outcome : reversed(outcome));
            pairing.lines.push_back(table.line());
            return;
        }
        event.rowsMissing = true;
        for (const auto& [seat, player, field] :
             {std::tuple{seatA, a, "player_a"}, std::tuple{seatB, b, "player_b"}}) {
            if (seat == event.seats.end())
                continue;
            const PairingBuild& other = event.pairings[seat->second];
            const PlayerIndex opponent = other.round.a == player ? other.round.b : other.round.a;
            report(defects_, table.file(), table.line(), field, event.id,
                   "player " + players_[static_cast<std::size_t>(player)].id + " is in round " +
                       std::to_string(round) + " twice: against " +
                       players_[static_cast<std::size_t>(opponent)].id + " (line " +
                       std::to_string(other.lines.front()) + ") and here");
        }
    }

    // DECISIONS A1: a round-scored round is exactly four games; a game-scored round one or two.
    void checkRounds()
    {
        for (const EventBuild& event : events_) {
            if (!event.scoring || event.scoringUnreadable || event.rowsMissing)
                continue;
            const bool byRound = *event.scoring == AcfScoring::ByRound;
            const std::size_t most = static_cast<std::size_t>(engine::acfGamesPerRound(*event.scoring));
            for (const PairingBuild& pairing : event.pairings) {
                const std::size_t count = pairing.lines.size();
                if (count == most || (!byRound && count < most))
                    continue;
                std::string lines;
                for (std::size_t i = 0; i < count && i < 8; ++i)
                    lines += (i ? ", " : "") + std::to_string(pairing.lines[i]);
                if (count > 8)
                    lines += ", ...";
                const int at = count > most ? pairing.lines[most] : pairing.lines.front();
                report(defects_, pairing.round.source.file, at, "round", event.id,
                       "round " + std::to_string(pairing.round.number) + ": " + std::to_string(count) +
                           " games between " + players_[static_cast<std::size_t>(pairing.round.a)].id +
                           " and " + players_[static_cast<std::size_t>(pairing.round.b)].id + " (lines " +
                           lines + "); " +
                           (byRound ? "an event scored by round has exactly 4 games in each round"
                                    : "an event scored by game has at most 2 games in each round"));
            }
        }
    }

    const SystemInput& input_;
    std::vector<Defect> defects_;
    std::vector<PlayerEntry> players_;
    std::unordered_map<std::string, PlayerIndex> playerIndex_;
    bool playersUnreadable_ = false;
    std::vector<EventBuild> events_;
    std::unordered_map<std::string, std::size_t> eventIndex_;
};

QString wholePoints(double rating)
{
    return QString::number(engine::roundAcfRating(rating));
}

QString statusName(const AcfRecord& record)
{
    switch (engine::acfStatus(record)) {
    case engine::AcfStatus::Unrated:
        return QStringLiteral("unrated");
    case engine::AcfStatus::Temporary:
        return QStringLiteral("temporary");
    case engine::AcfStatus::Established:
        return QStringLiteral("established");
    }
    return {};
}

SystemTable ratingsTable(const std::vector<PlayerEntry>& players, const std::vector<AcfRecord>& records)
{
    SystemTable table;
    table.columns = {QStringLiteral("player_id"), QStringLiteral("name"),   QStringLiteral("rating"),
                     QStringLiteral("games"),     QStringLiteral("rounds"), QStringLiteral("peak"),
                     QStringLiteral("status")};
    std::vector<std::size_t> order(players.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    // By the published (whole-point) rating, highest first, then by id; unrated players last.
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        const AcfRecord& rx = records[x];
        const AcfRecord& ry = records[y];
        if (rx.rated != ry.rated)
            return rx.rated;
        if (rx.rated) {
            const long long px = engine::roundAcfRating(rx.rating);
            const long long py = engine::roundAcfRating(ry.rating);
            if (px != py)
                return px > py;
        }
        return playerIdLess(players[x].id, players[y].id);
    });
    table.rows.reserve(static_cast<qsizetype>(order.size()));
    for (const std::size_t i : order) {
        const AcfRecord& record = records[i];
        table.rows.append({toQString(players[i].id), toQString(players[i].name),
                           record.rated ? wholePoints(record.rating) : QString(),
                           QString::number(record.games), QString::number(record.rounds),
                           record.rated ? wholePoints(record.peak) : QString(), statusName(record)});
    }
    return table;
}

SystemTable historyTable(const engine::AcfHistory& history, const engine::AcfResult& rated)
{
    SystemTable table;
    table.columns = {QStringLiteral("player_id"),
                     QStringLiteral("event"),
                     QStringLiteral("date"),
                     QStringLiteral("scoring"),
                     QStringLiteral("rounds"),
                     QStringLiteral("games"),
                     QStringLiteral("W"),
                     QStringLiteral("L"),
                     QStringLiteral("D"),
                     QStringLiteral("Rc"),
                     QStringLiteral("performance"),
                     QStringLiteral("rating_before"),
                     QStringLiteral("rating_after"),
                     QStringLiteral("status_after")};
    const auto oneDecimal = [](const std::optional<double>& value) {
        return value ? QString::number(*value, 'f', 1) : QString();
    };
    table.rows.reserve(static_cast<qsizetype>(rated.lines.size()));
    for (const engine::AcfEventLine& line : rated.lines) {
        const engine::AcfEvent& event = history.events[line.event];
        table.rows.append({toQString(history.playerIds[static_cast<std::size_t>(line.player)]),
                           toQString(event.id), QString::fromStdString(engine::formatIsoDate(event.date)),
                           QString::fromStdString(scoringName(event.scoring)), QString::number(line.rounds),
                           QString::number(line.games), QString::number(line.wins),
                           QString::number(line.losses), QString::number(line.draws),
                           oneDecimal(line.competition), oneDecimal(line.performance),
                           line.before.rated ? wholePoints(line.before.rating) : QString(),
                           line.after.rated ? wholePoints(line.after.rating) : QString(),
                           // DECISIONS A4: temporary while 15 or fewer rated rounds, after this event
                           statusName(line.after)});
    }
    return table;
}

} // namespace

SystemResult runAcfSystem(const SystemInput& input)
{
    SystemResult result;
    AcfReader reader(input);
    if (!reader.read()) {
        result.defects = reader.takeDefects();
        return result;
    }
    const engine::AcfHistory history = reader.history();
    engine::AcfResult rated = engine::rateAcf(history);
    if (!rated.defects.empty()) {
        // The reader checks everything the engine does; this is a second line of defence.
        result.defects = std::move(rated.defects);
        return result;
    }
    result.table = ratingsTable(reader.players(), rated.final);
    result.history = historyTable(history, rated);
    return result;
}

QStringList acfPlayerColumns()
{
    return {QStringLiteral("player_id"), QStringLiteral("name"), QStringLiteral("rating"),
            QStringLiteral("games"),     QStringLiteral("peak"), QStringLiteral("rounds")};
}

QStringList acfGameColumns()
{
    return {QStringLiteral("event"), QStringLiteral("date"),     QStringLiteral("scoring"),
            QStringLiteral("round"), QStringLiteral("player_a"), QStringLiteral("player_b"),
            QStringLiteral("result")};
}

} // namespace flickdesk::core
