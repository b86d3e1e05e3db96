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
#include <cmath>
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
    if (exchange.award)
        err << Cli::tr("%1: event %2: the points of %3 players agree with the lock in the file")
                   .arg(call.name(), event, QString::number(exchange.award->awards.size()))
            << '\n';
    else
        err << Cli::tr("%1: event %2 has no award; its content is valid").arg(call.name(), event) << '\n';
    return cli_exit::ok;
}

} // namespace flickdesk::core::cli_internal
