// Diplomacy Squares (spec 002; DECISIONS S1-S5): reads the games CSV (one row per player and game)
// and the players CSV into engine::SquaresGame, and turns engine::SquaresTournament into the
// standings and history tables. Formats: docs/squares.md.

#include "core/formats/csvtable.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/boarddraw.h"
#include "flickdesk/engine/squares.h"

#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace flickdesk::core {
namespace {

using namespace csv;
using engine::Defect;

// Column positions in the lists given to CsvTable::readHeader.
namespace players_csv {
enum : std::size_t { PlayerId, Name };
}
namespace games_csv {
enum : std::size_t { Game, Round, PlayerId, Power, Centres, EliminatedYear };
}

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

std::string_view view(const QByteArray& bytes)
{
    return {bytes.constData(), static_cast<std::size_t>(bytes.size())};
}

// Scores with 2 decimals (docs/squares.md, "Precision"), from the engine's exact rounding: never
// QString::number of the double, which prints 27.125 as 27.12.
QString points(std::int64_t hundredths)
{
    const std::int64_t magnitude = hundredths < 0 ? -hundredths : hundredths;
    return (hundredths < 0 ? QStringLiteral("-") : QString()) + QString::number(magnitude / 100) +
           QLatin1Char('.') +
           QStringLiteral("%1").arg(static_cast<qlonglong>(magnitude % 100), 2, 10, QLatin1Char('0'));
}

struct PlayersFile {
    std::map<std::string, std::string> names; // id -> name
    bool readable = true;
};

PlayersFile readPlayers(const SystemInput& input, std::vector<Defect>& defects)
{
    using namespace players_csv;
    PlayersFile players;
    CsvTable table(view(input.players), input.playersFile.toStdString(), defects);
    if (!table.readHeader({{"player_id"}, {"name", false}})) {
        players.readable = false;
        return players;
    }
    std::unordered_map<std::string, int> lines;
    bool wellFormed = false;
    while (table.next(wellFormed)) {
        if (!wellFormed)
            continue;
        const std::string id(table.field(PlayerId));
        if (id.empty()) {
            report(defects, table.file(), table.line(), "player_id", {}, "empty");
            continue;
        }
        if (const auto [it, inserted] = lines.try_emplace(id, table.line()); !inserted) {
            report(defects, table.file(), table.line(), "player_id", {},
                   "player " + id + " is listed twice (first on line " + std::to_string(it->second) + ")");
            continue;
        }
        players.names.emplace(id, std::string(table.field(Name)));
    }
    return players;
}

// A centre count or a year: a whole number, told apart from a negative one and from text.
struct NumberField {
    std::optional<int> value;
    bool negative = false;
};

NumberField readNumber(std::string_view text)
{
    if (!text.empty() && text.front() == '-') {
        const std::optional<int> magnitude = parseWholeNumber(text.substr(1));
        return NumberField{std::nullopt, magnitude.has_value() && *magnitude > 0};
    }
    return NumberField{parseWholeNumber(text), false};
}

// A game while its rows are read.
struct GameBuild {
    engine::SquaresGame game;
    std::vector<std::string> powerTexts; // the power of each seat as the file spells it
    int roundLine = 0;                   // the line that gave the game its round
    bool rowsDefective = false;          // a row could not be read: the game's own checks would mislead
};

// The games, and with `powerTexts` each seat's power as the file spells it (game by game, seat by
// seat): the best country awards write it back in the file's own case.
std::vector<engine::SquaresGame> readGames(const SystemInput& input, const PlayersFile* players,
                                           std::vector<Defect>& defects,
                                           std::vector<std::vector<std::string>>* powerTexts = nullptr)
{
    using namespace games_csv;
    CsvTable table(view(input.games), input.gamesFile.toStdString(), defects);
    if (!table.readHeader(
            {{"game"}, {"round"}, {"player_id"}, {"power"}, {"centres"}, {"eliminated_year", false}}))
        return {};

    std::vector<GameBuild> builds;
    std::unordered_map<std::string, std::size_t> gameIndex;
    std::vector<Defect> unknownPlayers; // of the current row
    bool wellFormed = false;
    while (table.next(wellFormed)) {
        const SourceFile file = table.file();
        const int line = table.line();
        const std::string gameId(table.field(Game));
        if (gameId.empty()) {
            if (wellFormed)
                report(defects, file, line, "game", {}, "empty");
            continue;
        }
        auto [found, isNew] = gameIndex.try_emplace(gameId, builds.size());
        if (isNew) {
            GameBuild build;
            build.game.id = gameId;
            build.game.source = {file, line};
            builds.push_back(std::move(build));
        }
        GameBuild& build = builds[found->second];
        if (!wellFormed) {
            build.rowsDefective = true;
            continue;
        }
        const std::string where = "game " + gameId + ": ";

        const std::optional<int> round = parseWholeNumber(table.field(Round));
        if (!round || *round < 1) {
            report(defects, file, line, "round", {},
                   where + quoted(table.field(Round)) + " is not a round number (1, 2, ...)");
        } else if (build.game.round == 0) {
            build.game.round = *round;
            build.roundLine = line;
        } else if (build.game.round != *round) {
            report(defects, file, line, "round", {},
                   where + "round " + std::to_string(*round) + ", but line " +
                       std::to_string(build.roundLine) + " puts the game in round " +
                       std::to_string(build.game.round));
        }

        // A round at odds with the game's leaves the seat whole: the game's own checks still run,
        // so that one reading lists them too. Every defect below makes the seat unknown.
        const std::size_t defectsBefore = defects.size();
        engine::SquaresSeat seat;
        seat.source = {file, line};
        seat.playerId = std::string(table.field(PlayerId));
        if (seat.playerId.empty())
            report(defects, file, line, "player_id", {}, where + "empty");
        else if (players && players->readable && !players->names.count(seat.playerId))
            report(unknownPlayers, file, line, "player_id", {},
                   where + "unknown player " + quoted(seat.playerId) + " (not in " +
                       input.playersFile.toStdString() + ")");

        if (const auto power = engine::powerFromName(table.field(Power)))
            seat.power = *power;
        else
            report(defects, file, line, "power", {},
                   where + quoted(table.field(Power)) +
                       " is not a power (Austria, England, France, Germany, Italy, Russia, Turkey)");

        const NumberField centres = readNumber(table.field(Centres));
        if (centres.negative)
            report(defects, file, line, "centres", {},
                   where + quoted(table.field(Centres)) + " is negative; a power holds 0 to 34 centres");
        else if (!centres.value)
            report(defects, file, line, "centres", {},
                   where + quoted(table.field(Centres)) + " is not a number of centres (0 to 34)");
        else if (*centres.value > engine::kSupplyCentres)
            report(defects, file, line, "centres", {},
                   where + std::to_string(*centres.value) + " centres; the board has 34");
        else
            seat.centres = *centres.value;

        // DECISIONS S4 needs the year of every elimination; a power holding centres has none.
        const std::string_view yearText = table.hasColumn(EliminatedYear) ? table.field(EliminatedYear) : "";
        if (centres.value && *centres.value <= engine::kSupplyCentres) {
            if (*centres.value > 0 && !yearText.empty()) {
                report(defects, file, line, "eliminated_year", {},
                       where + "a power holding " + std::to_string(*centres.value) +
                           " centres was not eliminated; leave the year empty");
            } else if (*centres.value == 0 && yearText.empty()) {
                report(defects, file, line, "eliminated_year", {},
                       where + "a power with 0 centres was eliminated: give the year");
            } else if (*centres.value == 0) {
                const std::optional<int> year = parseWholeNumber(yearText);
                if (!year || *year < engine::kFirstGameYear || *year > engine::kLastGameYear)
                    report(defects, file, line, "eliminated_year", {},
                           where + quoted(yearText) + " is not a year of a game (1901 to 2000)");
                else
                    seat.eliminatedYear = *year;
            }
        }

        // An unknown player leaves the game's own checks meaningful; the other defects do not.
        if (defects.size() != defectsBefore) {
            build.rowsDefective = true;
        } else {
            build.game.seats.push_back(std::move(seat));
            build.powerTexts.emplace_back(table.field(Power));
        }
        std::move(unknownPlayers.begin(), unknownPlayers.end(), std::back_inserter(defects));
        unknownPlayers.clear();
    }

    std::vector<engine::SquaresGame> games;
    games.reserve(builds.size());
    for (GameBuild& build : builds) {
        if (build.rowsDefective)
            continue;
        std::vector<Defect> gameDefects = engine::validateSquaresGame(build.game);
        if (!gameDefects.empty()) {
            for (Defect& defect : gameDefects)
                report(defects, std::move(defect)); // held to mostDefects like the reading's
            continue;
        }
        games.push_back(std::move(build.game));
        if (powerTexts)
            powerTexts->push_back(std::move(build.powerTexts));
    }
    return games;
}

QString positionText(const engine::SquaresPosition& position)
{
    const QString place = QString::number(position.place);
    return position.sharing > 1 ? QStringLiteral("=") + place : place;
}

QString nameOf(const std::optional<PlayersFile>& players, const std::string& id)
{
    if (players) {
        if (const auto it = players->names.find(id); it != players->names.end())
            return QString::fromStdString(it->second);
    }
    return {};
}

} // namespace

SystemTable squaresBestCountries(const SystemInput& input, std::vector<engine::Defect>& defects)
{
    const std::size_t defectsBefore = defects.size();
    std::optional<PlayersFile> players;
    if (input.hasPlayers)
        players = readPlayers(input, defects);
    std::vector<std::vector<std::string>> powerTexts;
    const std::vector<engine::SquaresGame> games =
        readGames(input, players ? &*players : nullptr, defects, &powerTexts);
    SystemTable table;
    if (defects.size() != defectsBefore)
        return table;

    std::vector<engine::SquaresBestCountry> awards;
    std::vector<engine::SquaresGameResult> results;
    try {
        for (std::size_t g = 0; g < games.size(); ++g) {
            std::vector<engine::SquaresGameResult> scored = engine::scoreSquaresGame(games[g], g);
            std::move(scored.begin(), scored.end(), std::back_inserter(results));
        }
        awards = engine::squaresBestCountries(games, results);
    } catch (const std::exception& error) {
        // Not reached: every game was validated above. Kept so that bad input never escapes.
        report(defects, input.gamesFile.toStdString(), 0, {}, {}, error.what());
        return table;
    }

    table.columns = squaresBestCountryColumns();
    for (const engine::SquaresBestCountry& award : awards) {
        const engine::SquaresGameResult& result = results[award.result];
        table.rows.append(
            QStringList{QString::fromStdString(powerTexts[result.game][result.seat]),
                        QString::fromStdString(result.playerId), nameOf(players, result.playerId),
                        QString::fromStdString(games[result.game].id),
                        toQString(engine::className(result.gameClass)), points(result.score.hundredths())});
    }
    return table;
}

QStringList squaresBestCountryColumns()
{
    return {QStringLiteral("power"), QStringLiteral("player_id"), QStringLiteral("name"),
            QStringLiteral("game"),  QStringLiteral("class"),     QStringLiteral("points")};
}

SquaresRoundDraw drawSquaresRound(const SystemInput& input, const QStringList& players,
                                  const QStringList& earlierSitOuts, quint64 seed,
                                  std::vector<engine::Defect>& defects)
{
    SquaresRoundDraw draw;
    const std::size_t defectsBefore = defects.size();
    std::vector<engine::SquaresGame> games;
    if (!input.games.trimmed().isEmpty())
        games = readGames(input, nullptr, defects);
    if (defects.size() != defectsBefore)
        return draw;

    engine::BoardDrawInput drawInput;
    drawInput.boardSize = engine::kDiplomacyPowers;
    drawInput.seed = seed;
    for (const QString& player : players)
        drawInput.players.push_back(player.trimmed().toStdString());
    for (const QString& player : earlierSitOuts)
        drawInput.history.sitOuts.push_back(player.trimmed().toStdString());
    // Each earlier game is a board whose seat k is the k-th power; a power nobody played is empty.
    for (const engine::SquaresGame& game : games) {
        std::vector<std::string> board(engine::kDiplomacyPowers);
        for (const engine::SquaresSeat& seat : game.seats)
            board[static_cast<std::size_t>(seat.power)] = seat.playerId;
        drawInput.history.boards.push_back(std::move(board));
    }
    if (const std::optional<std::string> problem = engine::boardDrawProblem(drawInput)) {
        report(defects, SourceFile{}, 0, "player_id", {}, "the round's players: " + *problem);
        return draw;
    }
    const engine::BoardDraw drawn = engine::drawBoards(drawInput);
    for (const std::vector<std::string>& board : drawn.boards) {
        QStringList ids;
        for (const std::string& id : board)
            ids << QString::fromStdString(id);
        draw.boards.append(ids);
    }
    for (const std::string& id : drawn.sittingOut)
        draw.sittingOut << QString::fromStdString(id);
    draw.repeatedMeetings = drawn.repeatedMeetings;
    draw.repeatedPowers = drawn.repeatedSeats;
    return draw;
}

SystemResult runSquaresSystem(const SystemInput& input)
{
    SystemResult result;
    std::optional<PlayersFile> players;
    if (input.hasPlayers)
        players = readPlayers(input, result.defects);
    const std::vector<engine::SquaresGame> games =
        readGames(input, players ? &*players : nullptr, result.defects);
    if (!result.defects.empty())
        return result;

    engine::SquaresTournament tournament;
    try {
        tournament = engine::scoreSquaresTournament(games);
    } catch (const std::exception& error) {
        // Not reached: every game was validated above. Kept so that bad input never escapes.
        report(result.defects, input.gamesFile.toStdString(), 0, {}, {}, error.what());
        return result;
    }

    result.table.columns =
        QStringList{QStringLiteral("rank"),  QStringLiteral("player_id"), QStringLiteral("name"),
                    QStringLiteral("total"), QStringLiteral("games"),     QStringLiteral("wins"),
                    QStringLiteral("draws"), QStringLiteral("best"),      QStringLiteral("second"),
                    QStringLiteral("third"), QStringLiteral("tie_break")};
    for (const engine::SquaresStanding& standing : tournament.standings) {
        QStringList row;
        row << QString::number(standing.rank) << QString::fromStdString(standing.playerId);
        QString name;
        if (players) {
            if (const auto it = players->names.find(standing.playerId); it != players->names.end())
                name = QString::fromStdString(it->second);
        }
        row << name << points(standing.totalHundredths) << QString::number(standing.games)
            << QString::number(standing.wins) << QString::number(standing.draws);
        for (std::size_t k = 0; k < 3; ++k)
            row << (k < standing.gamesBestFirst.size()
                        ? points(tournament.results[standing.gamesBestFirst[k]].score.hundredths())
                        : QString());
        row << toQString(engine::tieBreakName(standing.tieBreak));
        result.table.rows.append(row);
    }

    result.history.columns = QStringList{
        QStringLiteral("player_id"), QStringLiteral("game"),     QStringLiteral("round"),
        QStringLiteral("power"),     QStringLiteral("centres"),  QStringLiteral("eliminated_year"),
        QStringLiteral("class"),     QStringLiteral("position"), QStringLiteral("score")};
    for (const engine::SquaresGameResult& game : tournament.results) {
        const engine::SquaresGame& source = games[game.game];
        const engine::SquaresSeat& seat = source.seats[game.seat];
        result.history.rows.append(
            QStringList{QString::fromStdString(game.playerId), QString::fromStdString(source.id),
                        QString::number(source.round), toQString(engine::powerName(seat.power)),
                        QString::number(seat.centres),
                        seat.centres == 0 ? QString::number(seat.eliminatedYear) : QString(),
                        toQString(engine::className(game.gameClass)), positionText(game.position),
                        points(game.score.hundredths())});
    }
    return result;
}

QStringList squaresPlayerColumns()
{
    return {QStringLiteral("player_id"), QStringLiteral("name")};
}

QStringList squaresGameColumns()
{
    return {QStringLiteral("game"),  QStringLiteral("round"),   QStringLiteral("player_id"),
            QStringLiteral("power"), QStringLiteral("centres"), QStringLiteral("eliminated_year")};
}

} // namespace flickdesk::core
