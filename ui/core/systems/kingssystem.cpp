// Kings Cribbage ratings [003] for `flickdesk-cli kc` and the window's rating pools: reads the players
// and games CSV (formats in docs/kings-cribbage.md), checks every row (DECISIONS D2), rates with
// engine::kings::rateGames (DECISIONS K1-K4) and turns the result into the ratings and history tables.
#include "core/formats/csvtable.h"
#include "core/formats/csvwriting.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/kingscribbage.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace flickdesk::core {
namespace {

using namespace csv;
using engine::Defect;
using engine::PlayerIndex;
using engine::SourceRef;
namespace kings = engine::kings;

// Column positions in the lists given to CsvTable::readHeader.
namespace players_csv {
enum : std::size_t { PlayerId, Name, Rating, Games, GroupRating, GroupGames };
}
namespace games_csv {
// PlayerN / ScoreN of seat N are at Player1 + 2 (N - 1) and Score1 + 2 (N - 1).
enum : std::size_t { Game, Date, Player1, Score1 };
} // namespace games_csv
// Seats read from the games file: 4, plus a fifth pair of columns that is only read to refuse a
// fifth player clearly.
constexpr std::size_t kSeatColumns = 5;
constexpr std::size_t kMostSeats = 4;
constexpr int kHighestRating = 9999;

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

std::string seatField(const char* prefix, std::size_t seat)
{
    return prefix + std::to_string(seat + 1);
}

struct Reader {
    const SystemInput& input;
    SystemKind scope;
    std::vector<Defect> defects;
    std::vector<std::string> ids;
    std::vector<QString> names;
    std::vector<kings::PlayerState> states;
    std::unordered_map<std::string, PlayerIndex> index;
    std::vector<kings::Game> games;
    // False when the players file has no usable header: its missing players are not reported again
    // for every game that names them.
    bool playersReadable = true;

    PlayerIndex addPlayer(std::string_view id)
    {
        const auto [it, inserted] = index.try_emplace(std::string(id), static_cast<PlayerIndex>(ids.size()));
        if (inserted) {
            ids.emplace_back(id);
            names.emplace_back();
            states.emplace_back();
        }
        return it->second;
    }

    // An optional whole-number column of the players file; the default when empty.
    template <typename T>
    std::optional<T> number(const CsvTable& table, std::size_t column, const char* field, int highest,
                            const std::string& id, T fallback)
    {
        const std::string_view text = table.field(column);
        if (text.empty())
            return fallback;
        const auto value = parseWholeNumber(text);
        if (!value || *value > highest) {
            report(defects, table.file(), table.line(), field, id,
                   quoted(text) + " is not a whole number from 0 to " + std::to_string(highest));
            return std::nullopt;
        }
        return static_cast<T>(*value);
    }

    void readPlayers()
    {
        using namespace players_csv;
        CsvTable table(
            std::string_view(input.players.constData(), static_cast<std::size_t>(input.players.size())),
            input.playersFile.toStdString(), defects);
        if (!table.readHeader({{"player_id"},
                               {"name", false},
                               {"rating", false},
                               {"games", false},
                               {"group_rating", false},
                               {"group_games", false}})) {
            playersReadable = false;
            return;
        }
        std::unordered_map<std::string, int> firstLine;
        bool wellFormed = false;
        while (table.next(wellFormed)) {
            if (!wellFormed) {
                // The row is reported (a name not in UTF-8, a field too many); a readable id in it
                // still names a player the director meant, so the games naming them are not also
                // reported as naming an unknown player. Nothing is computed anyway.
                const std::string id(table.field(PlayerId));
                if (!id.empty() && fieldTextProblem(id).empty() &&
                    firstLine.try_emplace(id, table.line()).second)
                    addPlayer(id);
                continue;
            }
            const std::string id(table.field(PlayerId));
            const int line = table.line();
            if (id.empty()) {
                report(defects, table.file(), line, "player_id", {}, "empty");
                continue;
            }
            if (const auto [it, inserted] = firstLine.try_emplace(id, line); !inserted) {
                report(defects, table.file(), line, "player_id", {},
                       "player " + id + " is listed twice (line " + std::to_string(it->second) +
                           " and line " + std::to_string(line) + ")");
                continue;
            }
            // DECISIONS K2: an empty rating starts at 1500 with 0 games.
            const auto rating =
                number<kings::Rating>(table, Rating, "rating", kHighestRating, id, kings::kStartRating);
            const auto games = number<int>(table, Games, "games", 1'000'000, id, 0);
            const auto groupRating = number<kings::Rating>(table, GroupRating, "group_rating", kHighestRating,
                                                           id, kings::kStartRating);
            const auto groupGames = number<int>(table, GroupGames, "group_games", 1'000'000, id, 0);
            // A player whose numbers are defective is still known, so that their games are not also
            // reported as naming an unknown player; nothing is computed anyway.
            const PlayerIndex player = addPlayer(id);
            names[static_cast<std::size_t>(player)] = toQString(table.field(Name));
            if (rating && games && groupRating && groupGames)
                states[static_cast<std::size_t>(player)] =
                    kings::PlayerState{*rating, *games, *groupRating, *groupGames};
        }
    }

    void readGames()
    {
        using namespace games_csv;
        CsvTable table(
            std::string_view(input.games.constData(), static_cast<std::size_t>(input.games.size())),
            input.gamesFile.toStdString(), defects);
        if (!table.readHeader({{"game"},
                               {"date"},
                               {"player1"},
                               {"score1"},
                               {"player2"},
                               {"score2"},
                               {"player3", false},
                               {"score3", false},
                               {"player4", false},
                               {"score4", false},
                               // Read only to refuse a fifth player: never proposed in a hint.
                               {"player5", false, false},
                               {"score5", false, false}}))
            return;
        const SourceFile& file = table.file();
        std::unordered_map<std::string, int> firstLine;
        bool wellFormed = false;
        while (table.next(wellFormed)) {
            if (!wellFormed)
                continue;
            const int line = table.line();
            const std::string id(table.field(Game));
            const std::size_t defectsBefore = defects.size();
            if (id.empty()) {
                report(defects, file, line, "game", {}, "empty");
            } else if (const auto [it, inserted] = firstLine.try_emplace(id, line); !inserted) {
                report(defects, file, line, "game", id,
                       "game " + id + " is listed twice (line " + std::to_string(it->second) + " and line " +
                           std::to_string(line) + ")");
            }
            kings::Game game;
            game.id = id;
            game.source = SourceRef{file, line};
            const std::string_view date = table.field(Date);
            if (const auto day = engine::parseIsoDate(date)) {
                game.date = *day;
            } else {
                report(defects, file, line, "date", id,
                       date.empty() ? std::string("empty; expected YYYY-MM-DD")
                                    : quoted(date) + " is not a date of the form YYYY-MM-DD");
            }
            std::size_t lastSeat = 0; // seats filled so far, to find gaps
            bool gap = false;
            for (std::size_t seat = 0; seat < kSeatColumns; ++seat) {
                const std::string playerField = seatField("player", seat);
                const std::string scoreField = seatField("score", seat);
                const std::string_view player = table.field(Player1 + 2 * seat);
                const std::string_view score = table.field(Score1 + 2 * seat);
                if (player.empty()) {
                    if (!score.empty())
                        report(defects, file, line, scoreField, id, "a score without a player");
                    gap = true;
                    continue;
                }
                if (gap) {
                    report(defects, file, line, playerField, id,
                           "player" + std::to_string(lastSeat + 1) +
                               " is empty: players are listed in seat order without gaps");
                    gap = false;
                }
                if (seat >= kMostSeats) {
                    report(defects, file, line, playerField, id,
                           "a Kings Cribbage game has at most 4 players");
                    continue;
                }
                lastSeat = seat + 1;
                std::optional<PlayerIndex> index = knownPlayer(player);
                if (!index)
                    report(defects, file, line, playerField, id,
                           "no player " + std::string(player) + " in " + input.playersFile.toStdString());
                for (std::size_t other = 0; other < game.seats.size(); ++other) {
                    if (index && game.seats[other] == *index)
                        report(defects, file, line, playerField, id,
                               "player " + std::string(player) + " is also player" +
                                   std::to_string(other + 1) + " of this game");
                }
                const auto value = parseWholeNumber(score);
                if (!value)
                    report(defects, file, line, scoreField, id,
                           (score.empty() ? std::string("empty") : quoted(score) + " is not a score") +
                               "; expected a whole number of points, 0 or more");
                game.seats.push_back(index.value_or(-1));
                game.scores.push_back(value.value_or(0));
            }
            const std::size_t n = game.seats.size();
            if (n < 2) {
                report(defects, file, line, n == 0 ? "player1" : "player2", id,
                       "a game needs at least 2 players, this one has " + std::to_string(n));
            } else if (n == 2 && scope == SystemKind::KingsGroup) {
                report(defects, file, line, "player3", id,
                       "a head-to-head game in a group pool; group games have 3 or 4 players");
            } else if (n > 2 && scope == SystemKind::KingsHeadToHead) {
                report(defects, file, line, "player3", id,
                       "a group game in a head-to-head pool; head-to-head games have 2 players");
            }
            if (n > 2 && n <= kMostSeats && defects.size() == defectsBefore) {
                // DECISIONS K4 (FlickDesk): group places come from the scores, so they must differ.
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j < i; ++j)
                        if (game.scores[i] == game.scores[j])
                            report(defects, file, line, seatField("score", i), id,
                                   "tied with player" + std::to_string(j + 1) +
                                       "; a group game needs different scores to place its players");
            }
            if (defects.size() == defectsBefore)
                games.push_back(std::move(game));
        }
    }

    std::optional<PlayerIndex> knownPlayer(std::string_view id)
    {
        if (!input.hasPlayers || !playersReadable)
            return addPlayer(id);
        const auto it = index.find(std::string(id));
        if (it == index.end())
            return std::nullopt;
        return it->second;
    }
};

QString kindText(kings::GameKind kind)
{
    return kind == kings::GameKind::HeadToHead ? QStringLiteral("head-to-head") : QStringLiteral("group");
}

} // namespace

SystemResult runKingsSystem(const SystemInput& input, SystemKind scope)
{
    SystemResult result;
    Reader reader{input, scope, {}, {}, {}, {}, {}, {}, true};
    if (input.hasPlayers)
        reader.readPlayers();
    reader.readGames();
    if (!reader.defects.empty()) {
        result.defects = std::move(reader.defects);
        return result;
    }
    // Games are rated in date order, in file order within a date.
    std::stable_sort(reader.games.begin(), reader.games.end(),
                     [](const kings::Game& a, const kings::Game& b) { return a.date < b.date; });
    kings::KingsResult rated = kings::rateGames(reader.states, reader.games);
    if (!rated.defects.empty()) {
        result.defects = std::move(rated.defects);
        return result;
    }

    const bool headToHead = scope != SystemKind::KingsGroup;
    const bool group = scope != SystemKind::KingsHeadToHead;
    result.table.columns = {QStringLiteral("player_id"), QStringLiteral("name")};
    if (headToHead)
        result.table.columns << QStringLiteral("rating") << QStringLiteral("games")
                             << QStringLiteral("status");
    if (group)
        result.table.columns << QStringLiteral("group_rating") << QStringLiteral("group_games");

    std::vector<std::size_t> order(rated.players.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const kings::Rating ra = headToHead ? rated.players[a].rating : rated.players[a].groupRating;
        const kings::Rating rb = headToHead ? rated.players[b].rating : rated.players[b].groupRating;
        if (ra != rb)
            return ra > rb;
        return playerIdLess(reader.ids[a], reader.ids[b]); // the order of every table (csvwriting.h)
    });
    result.table.rows.reserve(static_cast<qsizetype>(order.size()));
    for (const std::size_t i : order) {
        const kings::PlayerState& state = rated.players[i];
        QStringList row{toQString(reader.ids[i]), reader.names[i]};
        if (headToHead)
            row << QString::number(state.rating) << QString::number(state.games)
                << (state.provisional() ? QStringLiteral("provisional") : QStringLiteral("rated"));
        if (group)
            row << QString::number(state.groupRating) << QString::number(state.groupGames);
        result.table.rows.append(row);
    }

    result.history.columns = {
        QStringLiteral("player_id"), QStringLiteral("game"),        QStringLiteral("date"),
        QStringLiteral("kind"),      QStringLiteral("seat"),        QStringLiteral("place"),
        QStringLiteral("score"),     QStringLiteral("opponents"),   QStringLiteral("rating_before"),
        QStringLiteral("change"),    QStringLiteral("rating_after")};
    // Texts shared by many rows are made once (QString is implicitly shared): the player ids, and
    // a game's id and date for its 2-4 rows.
    std::vector<QString> idTexts;
    idTexts.reserve(reader.ids.size());
    for (const std::string& id : reader.ids)
        idTexts.push_back(toQString(id));
    const QString seatTexts[] = {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                                 QStringLiteral("4")};
    std::size_t currentGame = rated.entries.empty() ? 0 : rated.entries.front().game + 1;
    QString gameText;
    QString dateText;
    result.history.rows.reserve(static_cast<qsizetype>(rated.entries.size()));
    for (const kings::GameEntry& entry : rated.entries) {
        const kings::Game& game = reader.games[entry.game];
        if (entry.game != currentGame) {
            currentGame = entry.game;
            gameText = toQString(game.id);
            dateText = QString::fromStdString(engine::formatIsoDate(game.date));
        }
        QString opponents;
        for (const PlayerIndex seat : game.seats) {
            if (seat == entry.player)
                continue;
            if (!opponents.isEmpty())
                opponents += u';';
            opponents += idTexts[static_cast<std::size_t>(seat)];
        }
        result.history.rows.append(
            {idTexts[static_cast<std::size_t>(entry.player)], gameText, dateText, kindText(entry.kind),
             seatTexts[entry.seat - 1], seatTexts[entry.place - 1],
             QString::number(game.scores[static_cast<std::size_t>(entry.seat - 1)]), opponents,
             QString::number(entry.ratingBefore), QString::number(entry.change),
             QString::number(entry.ratingBefore + entry.change)});
    }
    return result;
}

QStringList kingsPlayerColumns()
{
    return {QStringLiteral("player_id"), QStringLiteral("name"),         QStringLiteral("rating"),
            QStringLiteral("games"),     QStringLiteral("group_rating"), QStringLiteral("group_games")};
}

QStringList kingsGameColumns()
{
    return {QStringLiteral("game"),    QStringLiteral("date"),    QStringLiteral("player1"),
            QStringLiteral("score1"),  QStringLiteral("player2"), QStringLiteral("score2"),
            QStringLiteral("player3"), QStringLiteral("score3"),  QStringLiteral("player4"),
            QStringLiteral("score4")};
}

} // namespace flickdesk::core
