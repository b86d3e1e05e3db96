// flickdesk-cli verify-event: checks a submission file without trusting the desk that wrote it
// (DECISIONS G8). The file is read as import-event reads it (checksum, content, every rule); its
// points are then computed again from the lock the file carries, through the one payout path the
// award uses (core/awards/payout.h), and every difference is listed.

#include "cli/cliprivate.h"
#include "core/awards/awarding.h"
#include "core/awards/payout.h"
#include "core/formats/boundedfile.h"
#include "core/formats/eventexchange.h"
#include "core/records/monthlock.h"

#include <QHash>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <set>
#include <span>
#include <stdexcept>

namespace flickdesk::core::cli_internal {
namespace {

// verify-event's own status: the file was read and something in it differs from what it recomputes.
// (0 and 2 are the CLI's own: all agree; the file cannot be read.)
constexpr int differs = 1;

// Numbers are written in the file in the shortest form that reads back bit for bit: a point or an
// index the award computed agrees exactly; the margin only absorbs a last bit of another summation.
bool same(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

QString number(double value)
{
    return QString::number(value, 'g', 12);
}

// The stored units of the file as the award sees them: status, place and the order they are listed
// in (DECISIONS N4 breaks a tie by it).
std::vector<Entrant> entrantsOf(const EventRecord& event)
{
    std::vector<Entrant> entrants;
    entrants.reserve(event.units.size());
    int listed = 0;
    for (const UnitRecord& unit : event.units) {
        Entrant entrant;
        entrant.number = unit.number;
        entrant.status = unit.status;
        entrant.place = unit.place;
        entrant.listed = ++listed;
        for (const QString& id : unit.playerIds) {
            PlayerRecord player;
            player.id = id;
            entrant.players.push_back(player);
        }
        entrants.push_back(std::move(entrant));
    }
    return entrants;
}

// DECISIONS P1, P2: the points of the award computed again from the file's lock and the file's
// places; each difference is one line naming the player, the unit and the field.
QStringList pointDifferences(const EventExchange& exchange)
{
    QStringList differences;
    const AwardRecord& award = *exchange.award;
    MonthLockRatings lock;
    lock.month = award.lockMonth;
    for (const LockedRating& rating : award.ratings) {
        lock.mu.insert(rating.playerId, rating.mu);
        lock.sigma.insert(rating.playerId, rating.sigma);
    }
    const std::vector<Entrant> entrants = entrantsOf(exchange.event);
    const std::vector<const Entrant*> order = finishingOrderOf(entrants);
    for (const Entrant* unit : order)
        for (const PlayerRecord& player : unit->players)
            if (!lock.mu.contains(player.id))
                differences.append(
                    Cli::tr("award.ratings: player %1 (unit %2) has no locked rating in the file")
                        .arg(player.id)
                        .arg(unit->number));
    engine::PayoutTable payout;
    try {
        payout = payoutTable(payoutTermsOf(exchange.event), std::span<const Entrant* const>(order), lock);
    } catch (const std::invalid_argument& error) {
        differences.append(
            Cli::tr("award: the points cannot be computed: %1").arg(QString::fromUtf8(error.what())));
        return differences;
    }
    if (!same(payout.fieldStrengthIndex, award.fsi))
        differences.append(Cli::tr("award.fsi: the file says %1, its lock gives %2")
                               .arg(number(award.fsi), number(payout.fieldStrengthIndex)));
    if (!same(payout.fieldDepthIndex, award.fdi))
        differences.append(Cli::tr("award.fdi: the file says %1, its lock gives %2")
                               .arg(number(award.fdi), number(payout.fieldDepthIndex)));

    QHash<QString, const PlayerAward*> written;
    for (const PlayerAward& entry : award.awards)
        written.insert(entry.playerId, &entry);
    QSet<QString> paid;
    for (std::size_t position = 0; position < order.size(); ++position) {
        const Entrant& unit = *order[position];
        const int place = static_cast<int>(position + 1);
        const double points = position < payout.awards.size() ? payout.awards[position] : 0.0;
        // DECISIONS P9: doubles partners both receive the team's award.
        for (const PlayerRecord& player : unit.players) {
            paid.insert(player.id);
            const PlayerAward* entry = written.value(player.id, nullptr);
            if (!entry) {
                differences.append(Cli::tr("award.awards: player %1 (unit %2, place %3) has no award in the "
                                           "file; its lock gives %4 points")
                                       .arg(player.id)
                                       .arg(unit.number)
                                       .arg(place)
                                       .arg(number(points)));
                continue;
            }
            if (entry->place != place)
                differences.append(Cli::tr("award.awards: player %1 (unit %2): place %3 in the award, "
                                           "place %4 in the field")
                                       .arg(player.id)
                                       .arg(unit.number)
                                       .arg(entry->place)
                                       .arg(place));
            if (!same(entry->points, points))
                differences.append(Cli::tr("award.awards: player %1 (unit %2, place %3): the file says %4 "
                                           "points, its lock gives %5")
                                       .arg(player.id)
                                       .arg(unit.number)
                                       .arg(place)
                                       .arg(number(entry->points), number(points)));
        }
    }
    // DECISIONS P3: only the units that began are paid.
    for (const PlayerAward& entry : award.awards)
        if (!paid.contains(entry.playerId))
            differences.append(
                Cli::tr("award.awards: player %1 is paid %2 points but is not in a unit that began")
                    .arg(entry.playerId, number(entry.points)));
    return differences;
}

// ---- the day of play (DECISIONS G8): computed again from the file's own play, field and lock.

namespace play = engine::play;

QString unitText(const play::UnitId& unit)
{
    return QString::fromStdString(unit);
}

QString scoreWords(const play::Score& score)
{
    return QString::fromStdString(play::scoreText(score));
}

QString stateWord(play::GameState state)
{
    switch (state) {
    case play::GameState::Waiting:
        return Cli::tr("waiting for its score");
    case play::GameState::Scored:
        return Cli::tr("scored");
    case play::GameState::Bye:
        return Cli::tr("a bye");
    case play::GameState::Walkover:
        return Cli::tr("a walkover");
    }
    return {};
}

QString sidesText(const play::PlayGame& game)
{
    return game.b.empty() ? Cli::tr("unit %1 (bye)").arg(unitText(game.a))
                          : Cli::tr("unit %1 v unit %2").arg(unitText(game.a), unitText(game.b));
}

// DECISIONS G4: a unit's seeding rating is the mean locked mu of its players (playRatings of
// core/play/playresults.h); the file's award carries the lock. Without an award, the ratings the
// file says the first stage was seeded on.
std::map<play::UnitId, double> lockRatings(const EventExchange& exchange)
{
    std::map<play::UnitId, double> ratings;
    QHash<QString, double> mu;
    for (const LockedRating& rating : exchange.award->ratings)
        mu.insert(rating.playerId, rating.mu);
    for (const UnitRecord& unit : exchange.event.units) {
        if (unit.playerIds.isEmpty())
            continue;
        double sum = 0;
        for (const QString& id : unit.playerIds)
            sum += mu.value(id, 0.0);
        ratings[std::to_string(unit.number)] = sum / static_cast<double>(unit.playerIds.size());
    }
    return ratings;
}

QStringList playDifferences(const EventExchange& exchange)
{
    QStringList differences;
    const EventPlay& filed = *exchange.play;

    // The units: the field's units that began (DECISIONS P3), named by their players.
    std::map<QString, QString> names;
    for (const PlayerRecord& player : exchange.players)
        names.emplace(player.id, player.name);
    std::map<play::UnitId, double> ratings(filed.ratings.begin(), filed.ratings.end());
    if (exchange.award) {
        const std::map<play::UnitId, double> locked = lockRatings(exchange);
        for (std::size_t i = 0; i < filed.ratings.size(); ++i) {
            const auto& [unit, rating] = filed.ratings[i];
            const auto it = locked.find(unit);
            if (it != locked.end() && !same(it->second, rating))
                differences.append(Cli::tr("play.ratings[%1]: unit %2 is seeded on %3 in the file, its "
                                           "award's lock gives %4")
                                       .arg(i)
                                       .arg(unitText(unit), number(rating), number(it->second)));
        }
        ratings = locked;
    }
    play::PlayInput input = playInputOf(filed);
    for (const UnitRecord& unit : exchange.event.units) {
        if (unit.status == EntrantStatus::Registered)
            continue;
        play::PlayUnit playUnit;
        playUnit.id = std::to_string(unit.number);
        QStringList players;
        for (const QString& id : unit.playerIds) {
            const auto name = names.find(id);
            players.append(name == names.end() || name->second.isEmpty() ? id : name->second);
        }
        playUnit.name = players.join(QStringLiteral(" / ")).toStdString();
        const auto rating = ratings.find(playUnit.id);
        playUnit.rating = rating == ratings.end() ? 0.0 : rating->second;
        input.units.push_back(std::move(playUnit));
    }
    const play::PlayState state = play::computePlay(input);
    if (state.problem) {
        differences.append(Cli::tr("play: the play cannot be computed from the file: %1")
                               .arg(QString::fromStdString(*state.problem)));
        return differences;
    }
    const EventPlay computed = eventPlayOf(input, state);

    // DECISIONS G6: a place set by hand needs its reason, and a free place of the field.
    for (std::size_t i = 0; i < filed.handPlaces.size(); ++i) {
        const play::HandPlace& hand = filed.handPlaces[i];
        if (QString::fromStdString(hand.reason).trimmed().isEmpty()) {
            differences.append(Cli::tr("play.hand_places[%1]: unit %2 is set to place %3 by hand without a "
                                       "reason")
                                   .arg(i)
                                   .arg(unitText(hand.unit))
                                   .arg(hand.place));
            continue;
        }
        const bool used =
            std::any_of(state.places.begin(), state.places.end(), [&hand](const play::Place& p) {
                return p.unit == hand.unit && p.place == hand.place && p.byHand;
            });
        if (!used)
            differences.append(Cli::tr("play.hand_places[%1]: unit %2 cannot be set to place %3 by hand: it "
                                       "is not a free place of the field")
                                   .arg(i)
                                   .arg(unitText(hand.unit))
                                   .arg(hand.place));
    }

    // A difference that leaves a stage unfinished (a score that cannot be, a game given to other
    // sides) keeps the play computed again from drawing the stages after it: the file's games and
    // standings there, and the places, are not compared one by one but named in one line.
    const int drawn = static_cast<int>(state.stages.size());
    int fileStages = 0;
    for (const play::PlayGame& game : filed.games)
        fileStages = std::max(fileStages, game.key.stage + 1);
    for (const EventPlayStanding& group : filed.standings)
        fileStages = std::max(fileStages, group.stage + 1);
    const bool stopsShort = drawn < fileStages;

    // Every game of the file against the play computed again: its sides, board, state and score.
    std::map<play::GameKey, const play::PlayGame*> finished;
    int notCompared = 0;
    for (const play::PlayGame& game : computed.games)
        finished.emplace(game.key, &game);
    for (std::size_t i = 0; i < filed.games.size(); ++i) {
        const play::PlayGame& game = filed.games[i];
        const QString at =
            Cli::tr("play.games[%1] (%2)").arg(i).arg(QString::fromStdString(play::gameKeyText(game.key)));
        finished.erase(game.key);
        if (game.key.stage >= drawn) {
            ++notCompared;
            continue;
        }
        const play::PlayGame* again = state.game(game.key);
        if (!again) {
            differences.append(Cli::tr("%1: %2 has no such game in the play").arg(at, sidesText(game)));
            continue;
        }
        const play::Stage& stage = filed.format.stages[static_cast<std::size_t>(game.key.stage)];
        if (game.state == play::GameState::Scored) {
            if (const auto problem =
                    play::scoreProblem(game.score, stage.settings, stage.kind == play::StageKind::Playoff)) {
                differences.append(
                    Cli::tr("%1: the score %2 of %3 is not a possible score of its stage: %4")
                        .arg(at, scoreWords(game.score), sidesText(game), QString::fromStdString(*problem)));
                continue;
            }
        }
        const bool sidesDiffer = game.a != again->a || game.b != again->b;
        if (sidesDiffer || game.board != again->board) {
            differences.append(Cli::tr("%1: the file has %2 on board %3, the play draws %4 on board %5")
                                   .arg(at, sidesText(game))
                                   .arg(game.board)
                                   .arg(sidesText(*again))
                                   .arg(again->board));
            if (sidesDiffer)
                continue; // its score was entered for other sides: not a difference of its own
        }
        if (game.state != again->state)
            differences.append(Cli::tr("%1: %2 is %3 in the file, %4 in the play")
                                   .arg(at, sidesText(game), stateWord(game.state), stateWord(again->state)));
        else if (game.score != again->score)
            differences.append(
                Cli::tr("%1: %2 scores %3 in the file, %4 in the play")
                    .arg(at, sidesText(game), scoreWords(game.score), scoreWords(again->score)));
    }
    for (const auto& [key, game] : finished)
        differences.append(Cli::tr("play.games: game %1 (%2, board %3) is %4 in the play but not in the file")
                               .arg(QString::fromStdString(play::gameKeyText(key)), sidesText(*game))
                               .arg(game->board)
                               .arg(stateWord(game->state)));

    // DECISIONS G2: each group's standing (rank, points, 20s) as the file says the desk computed it.
    std::map<std::pair<int, int>, const EventPlayStanding*> groups;
    for (const EventPlayStanding& group : computed.standings)
        groups.emplace(std::pair(group.stage, group.group), &group);
    const auto rowText = [](const EventPlayStandingRow& row) {
        return Cli::tr("rank %1, %2 points, %3 20s").arg(row.rank).arg(row.points).arg(row.twenties);
    };
    for (std::size_t i = 0; i < filed.standings.size(); ++i) {
        const EventPlayStanding& group = filed.standings[i];
        if (group.stage >= drawn)
            continue; // named with the games not compared
        const QString at = Cli::tr("play.standings[%1] (stage %2, %3)")
                               .arg(i)
                               .arg(group.stage + 1)
                               .arg(QString::fromStdString(group.name));
        const auto found = groups.find(std::pair(group.stage, group.group));
        if (found == groups.end()) {
            differences.append(Cli::tr("%1: the play has no such group").arg(at));
            continue;
        }
        std::map<play::UnitId, const EventPlayStandingRow*> rows;
        for (const EventPlayStandingRow& row : found->second->rows)
            rows.emplace(row.unit, &row);
        for (const EventPlayStandingRow& row : group.rows) {
            const auto again = rows.find(row.unit);
            if (again == rows.end()) {
                differences.append(
                    Cli::tr("%1: unit %2 is not in this group in the play").arg(at, unitText(row.unit)));
                continue;
            }
            if (!(row == *again->second))
                differences.append(Cli::tr("%1: unit %2 has %3 in the file, the play gives %4")
                                       .arg(at, unitText(row.unit), rowText(row), rowText(*again->second)));
            rows.erase(again);
        }
        for (const auto& [unit, row] : rows)
            differences.append(Cli::tr("%1: unit %2 (%3 in the play) is not in the file's standing")
                                   .arg(at, unitText(unit), rowText(*row)));
        groups.erase(found);
    }
    for (const auto& [key, group] : groups)
        differences.append(Cli::tr("play.standings: stage %1, %2 is in the play but not in the file")
                               .arg(key.first + 1)
                               .arg(QString::fromStdString(group->name)));

    if (stopsShort) {
        const QString why =
            !state.blockingTies.empty()
                ? Cli::tr("a tie that decides who goes on to it has no shoot-out order")
                : Cli::tr("stage %1 is not finished").arg(std::min(state.currentStage, drawn - 1) + 1);
        differences.append(Cli::tr("play: the play computed again does not reach stage %1 (%2): %3 games of "
                                   "the file from there, and the places, are not compared")
                               .arg(drawn + 1)
                               .arg(why)
                               .arg(notCompared));
        return differences;
    }

    // DECISIONS G6: the places, as the file's play lists them and as its field's standings say.
    std::map<play::UnitId, int> places;
    for (const play::Place& place : state.places)
        places.emplace(place.unit, place.place);
    std::set<play::UnitId> listed;
    for (std::size_t i = 0; i < filed.places.size(); ++i) {
        const play::Place& place = filed.places[i];
        listed.insert(place.unit);
        const auto again = places.find(place.unit);
        if (again == places.end())
            differences.append(Cli::tr("play.places[%1]: unit %2 has no place in the play")
                                   .arg(i)
                                   .arg(unitText(place.unit)));
        else if (again->second != place.place)
            differences.append(
                Cli::tr("play.places[%1]: unit %2 is place %3 in the file, the play gives place %4")
                    .arg(i)
                    .arg(unitText(place.unit))
                    .arg(place.place)
                    .arg(again->second));
    }
    for (const auto& [unit, place] : places)
        if (!listed.count(unit))
            differences.append(
                Cli::tr("play.places: unit %1 (place %2 in the play) is not in the file's places")
                    .arg(unitText(unit))
                    .arg(place));
    const EventStatus status = exchange.event.status;
    const bool done = status == EventStatus::Finished || status == EventStatus::Awarded;
    if (done && !state.placesFinal) {
        differences.append(
            state.finished
                ? Cli::tr("play: the event is %1 but ties of its play are not broken").arg(keyword(status))
                : Cli::tr("play: the event is %1 but its play is not finished").arg(keyword(status)));
    } else if (state.placesFinal) {
        // The places the field says (the standings the award paid) are the play's.
        for (std::size_t i = 0; i < exchange.event.units.size(); ++i) {
            const UnitRecord& unit = exchange.event.units[i];
            if (unit.status == EntrantStatus::Registered)
                continue;
            const auto again = places.find(std::to_string(unit.number));
            if (again == places.end())
                continue;
            if (!unit.place)
                differences.append(Cli::tr("field: unit %1 has no place, the play gives place %2")
                                       .arg(unit.number)
                                       .arg(again->second));
            else if (*unit.place != again->second)
                differences.append(Cli::tr("field: unit %1 has place %2, the play gives place %3")
                                       .arg(unit.number)
                                       .arg(*unit.place)
                                       .arg(again->second));
        }
    }
    return differences;
}

} // namespace

int runVerifyEvent(Invocation& call)
{
    QTextStream& out = call.out;
    QTextStream& err = call.err;
    const QString& file = call.positional;

    const BoundedFile input = readBoundedFile(file, file_limits::eventFile);
    if (!input.ok()) {
        err << Cli::tr("%1: %2: %3; nothing was verified").arg(call.name(), file, input.problem) << '\n';
        return cli_exit::inputDefects;
    }
    // The same reading as import-event: a file it would refuse is not verified.
    const ParsedEventExchange parsed = parseEventExchange(input.bytes, file);
    if (!parsed.defects.empty())
        return refuseDefects(err, call.name(), parsed.defects, file,
                             QT_TRANSLATE_NOOP("flickdesk::core::Cli", "nothing was verified"));
    const EventExchange& exchange = parsed.exchange;

    QStringList differences;
    if (exchange.play)
        differences.append(playDifferences(exchange));
    if (exchange.award)
        differences.append(pointDifferences(exchange));
    for (const QString& difference : differences)
        out << difference << '\n';

    const QString event = exchange.event.id;
    if (!differences.isEmpty()) {
        err << (differences.size() == 1
                    ? Cli::tr("%1: event %2: 1 difference in %3").arg(call.name(), event, file)
                    : Cli::tr("%1: event %2: %3 differences in %4")
                          .arg(call.name(), event, QString::number(differences.size()), file))
            << '\n';
        return differs;
    }
    if (exchange.play)
        err << Cli::tr(
                   "%1: event %2: the places, the standings and the %3 games agree with its play computed "
                   "again")
                   .arg(call.name(), event, QString::number(exchange.play->games.size()))
            << '\n';
    if (exchange.award)
        err << Cli::tr("%1: event %2: the points of %3 players agree with the lock in the file")
                   .arg(call.name(), event, QString::number(exchange.award->awards.size()))
            << '\n';
    else
        err << Cli::tr("%1: event %2 has no award; its content is valid").arg(call.name(), event) << '\n';
    return cli_exit::ok;
}

} // namespace flickdesk::core::cli_internal
