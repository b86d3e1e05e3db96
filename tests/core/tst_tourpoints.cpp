// The Tour points glue (core/awards/tourpoints.h): the monthly lock each Tour event is awarded from, locked
// ratings, payout tables and awards on the real NCA history and crafted folders; the TourSeason built
// for standings (Finale, earlier Recreational champions); defects of Tour input; FIELD.csv reading.
#include "clitestsupport.h"
#include "core/awards/monthlylocks.h"
#include "core/awards/tourpoints.h"
#include "core/formats/historyreader.h"
#include "flickdesk/engine/date.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"
#include "flickdesk/engine/standings.h"

#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#ifdef __linux__
#include <cerrno>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

QString describeAll(const std::vector<engine::Defect>& defects)
{
    QString text;
    for (const engine::Defect& defect : defects)
        text += QString::fromStdString(engine::describe(defect)) + u'\n';
    return text;
}

bool writeFolder(const QTemporaryDir& dir, const QByteArray& events, const QByteArray& results,
                 const QByteArray& games = {})
{
    return writeFile(dir.filePath(QStringLiteral("events.csv")), events) &&
           writeFile(dir.filePath(QStringLiteral("results.csv")), results) &&
           (games.isNull() || writeFile(dir.filePath(QStringLiteral("games.csv")), games));
}

// The NCA history, read once for all tests.
const core::HistoryFolder& ncaHistory()
{
    static const core::HistoryFolder folder =
        core::readHistoryFolder(dataPath(QStringLiteral("nca-history")));
    return folder;
}

// Its awards with the spec's parameters, computed once.
const core::TourPoints& ncaPoints()
{
    static const core::TourPoints points = core::computeTourPoints(ncaHistory(), {});
    return points;
}

const core::TourEventPoints* awardedEvent(const core::HistoryFolder& folder, const core::TourPoints& points,
                                          const QString& eventId)
{
    for (const core::TourEventPoints& event : points.events) {
        if (folder.events[event.eventIndex].eventId == eventId)
            return &event;
    }
    return nullptr;
}

std::string idOf(const core::HistoryFolder& folder, engine::PlayerIndex player)
{
    return folder.history.playerIds[static_cast<std::size_t>(player)];
}

// A crafted folder in which every player's rating is known to come from a particular lock:
//   event 1, 2024-01-10, ratings only: 1 > 2 > 3 > 4
//   event 2, 2024-02-03, Tour, Tier 3: 1 > 5 > 6 > 7            (lock of February: event 1)
//   event 3, 2024-02-20, Tour doubles, Tier 2: 1+8 > 2+9 > 3+5  (lock of February: event 1 only)
//   event 4, 2024-03-02, Tour, Tier 1, places 1, 2, 4 (a gap): 5 > 6 > 2  (lock of March: events 1-3)
const QByteArray craftedEvents = "event_id,date,name,format,group,tour,tier,season,field_size\n"
                                 "1,2024-01-10,January Open,singles,UK,none,,S1,4\n"
                                 "2,2024-02-03,February Open,singles,NCA,competitive,3,S1,4\n"
                                 "3,2024-02-20,February Doubles,doubles,NCA,competitive,2,S1,3\n"
                                 "4,2024-03-02,March Open,singles,NCA,competitive,1,S1,3\n";
const QByteArray craftedResults = "event_id,place,player_id,team\n"
                                  "1,1,1,\n1,2,2,\n1,3,3,\n1,4,4,\n"
                                  "2,1,1,\n2,2,5,\n2,3,6,\n2,4,7,\n"
                                  "3,1,1,1\n3,1,8,1\n3,2,2,2\n3,2,9,2\n3,3,3,3\n3,3,5,3\n"
                                  "4,4,2,\n4,1,5,\n4,2,6,\n";

} // namespace

class TestTourPoints : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void awardsEveryNcaTourEvent();
    void lockedRatingsComeFromTheEventsMonth_data();
    void lockedRatingsComeFromTheEventsMonth();
    void excludesEventsEarlierInTheSameMonth();
    void placesArePositionsInTheFinishingOrder();
    void filterLimitsTheLocks();
    void refusesDefectiveTourInput_data();
    void refusesDefectiveTourInput();
    void seasonOfAwards_data();
    void seasonOfAwards();
    void defaultFinaleIsTheLatestWccSingles();
    void finalePlacesOfEveryPlayer();
    void earlierRecreationalChampionsFromTheHistory();
    void unknownSeasonOrFinale();
    void readsPayoutFields_data();
    void readsPayoutFields();
    void locksDoNotDependOnThreadsOrCompany_data();
    void locksDoNotDependOnThreadsOrCompany();
    void cancelledLocksAreNoResult();
    void finishedLocksAreHandedOverOnTheCallingThread_data();
    void finishedLocksAreHandedOverOnTheCallingThread();
    void failureHandingOverStopsTheWorkers();
    void lockWorkersYieldWhenAsked();
    void computedLocksAreHandedOverWholeAndKeptForTheAwards();
};

void TestTourPoints::awardsEveryNcaTourEvent()
{
    const core::HistoryFolder& folder = ncaHistory();
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
    const core::TourPoints& points = ncaPoints();
    QVERIFY2(points.defects.empty(), qPrintable(describeAll(points.defects)));
    QVERIFY(!points.cancelled);

    std::size_t tourEvents = 0;
    std::set<engine::DayNumber> months;
    for (const core::EventInfo& info : folder.events) {
        if (info.tour != core::Tour::None) {
            ++tourEvents;
            months.insert(engine::firstOfMonth(info.date));
        }
    }
    QCOMPARE(points.events.size(), tourEvents);
    QCOMPARE(points.locks.size(), months.size()); // one lock per month with a Tour event (P1)
    QCOMPARE(points.locks.size(), std::size_t{65});
    QVERIFY(points.threads >= 1);

    std::set<std::size_t> seen;
    for (std::size_t i = 0; i < points.events.size(); ++i) {
        const core::TourEventPoints& event = points.events[i];
        const core::EventInfo& info = folder.events[event.eventIndex];
        const engine::Event& source = folder.history.events[event.eventIndex];
        QVERIFY(seen.insert(event.eventIndex).second);
        if (i > 0) { // by date, then in events.csv order
            const core::TourEventPoints& previous = points.events[i - 1];
            QVERIFY(std::tie(folder.events[previous.eventIndex].date, previous.eventIndex) <
                    std::tie(info.date, event.eventIndex));
        }
        QCOMPARE(event.lockMonth, engine::firstOfMonth(info.date));
        // DECISIONS P3: N = the units of results.csv = field_size.
        QCOMPARE(event.payout.fieldSize, static_cast<int>(source.standings.size()));
        QCOMPARE(event.payout.fieldSize, info.fieldSize);
        QCOMPARE(static_cast<int>(event.payout.tier), info.tier.value_or(-1));
        QCOMPARE(event.units.size(), source.standings.size());
        // DECISIONS P7, P8: the winner gets FSI x 50, rounded to 0.1.
        QCOMPARE(event.units.front().award, engine::roundAward(event.payout.fieldStrengthIndex * 50.0));
        QVERIFY(event.payout.fieldStrengthIndex >= engine::fieldStrengthFloor(event.payout.tier));
        for (std::size_t u = 0; u < event.units.size(); ++u) {
            const core::UnitAward& unit = event.units[u];
            QCOMPARE(unit.place, static_cast<int>(u + 1));
            QCOMPARE(unit.players.size(),
                     info.format == engine::EventFormat::Doubles ? std::size_t{2} : std::size_t{1});
            QCOMPARE(unit.lockedMu.size(), unit.players.size());
            QCOMPARE(unit.points, event.payout.points[u]);
            QCOMPARE(unit.award, event.payout.awards[u]);
            QVERIFY(unit.award >= 1.0);
            if (u > 0)
                QVERIFY(unit.award <= event.units[u - 1].award);
            const double expectedRating = unit.players.size() == 2
                                              ? engine::teamRating(unit.lockedMu[0], unit.lockedMu[1])
                                              : unit.lockedMu[0];
            QCOMPARE(unit.unitRating, expectedRating);
        }
    }
}

void TestTourPoints::lockedRatingsComeFromTheEventsMonth_data()
{
    QTest::addColumn<QString>("eventId");
    // A singles and a doubles event of the real history; the first event of all (nobody rated yet);
    // an event late in a month that has earlier events (WCC 2025 on the 7th, Ontario Singles REC on the 3rd).
    QTest::newRow("Elmira 2025, singles") << QStringLiteral("82");
    QTest::newRow("US Open 2025, doubles") << QStringLiteral("136");
    QTest::newRow("WCC Doubles 2016, first event") << QStringLiteral("174");
    QTest::newRow("Ontario Singles 2025, 17 May") << QStringLiteral("89");
}

void TestTourPoints::lockedRatingsComeFromTheEventsMonth()
{
    QFETCH(QString, eventId);
    const core::HistoryFolder& folder = ncaHistory();
    const core::TourEventPoints* event = awardedEvent(folder, ncaPoints(), eventId);
    QVERIFY(event);
    const engine::Event& source = folder.history.events[event->eventIndex];

    // DECISIONS P1: an independent lock of the event's date is the lock of its month's 1st.
    const engine::MonthlyLock lock = engine::computeMonthlyLock(folder.history, source.date);
    for (const core::UnitAward& unit : event->units) {
        for (std::size_t p = 0; p < unit.players.size(); ++p) {
            const auto player = static_cast<std::size_t>(unit.players[p]);
            // N6: a player without an event before the month is at mu0 = 0.
            QCOMPARE(unit.lockedMu[p], lock.isRated(unit.players[p]) ? lock.mu(unit.players[p]) : 0.0);
            Q_UNUSED(player)
        }
    }
    // The field sent to the engine is the units' locked ratings: the same table from the engine directly.
    std::vector<double> ratings;
    for (const core::UnitAward& unit : event->units)
        ratings.push_back(unit.unitRating);
    const engine::PayoutTable table =
        engine::computePayoutTable(source.format, static_cast<engine::Tier>(event->payout.tier), ratings);
    QCOMPARE(event->payout.fieldStrengthIndex, table.fieldStrengthIndex);
    QCOMPARE(event->payout.fieldDepthIndex, table.fieldDepthIndex);
    QCOMPARE(event->payout.awards, table.awards);
}

void TestTourPoints::excludesEventsEarlierInTheSameMonth()
{
    QTemporaryDir dir;
    QVERIFY(writeFolder(dir, craftedEvents, craftedResults));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
    const core::TourPoints points = core::computeTourPoints(folder, {});
    QVERIFY2(points.defects.empty(), qPrintable(describeAll(points.defects)));
    QCOMPARE(points.events.size(), std::size_t{3}); // event 1 has no tour
    QCOMPARE(points.locks.size(), std::size_t{2});  // February and March

    const core::TourEventPoints* february = awardedEvent(folder, points, QStringLiteral("2"));
    const core::TourEventPoints* doubles = awardedEvent(folder, points, QStringLiteral("3"));
    const core::TourEventPoints* march = awardedEvent(folder, points, QStringLiteral("4"));
    QVERIFY(february && doubles && march);

    const engine::MonthlyLock januaryOnly =
        engine::computeMonthlyLock(folder.history, *engine::parseIsoDate("2024-02-01"));
    QCOMPARE(januaryOnly.eventsRated, 1);
    std::map<std::string, double> mu;
    for (std::size_t p = 0; p < folder.history.playerIds.size(); ++p)
        mu[folder.history.playerIds[p]] = januaryOnly.mu(static_cast<engine::PlayerIndex>(p));
    QVERIFY(mu["1"] > mu["2"] && mu["2"] > 0.0 && 0.0 > mu["3"] && mu["3"] > mu["4"]);

    // Event 2: player 1 rated by event 1; 5, 6, 7 new (mu 0).
    QCOMPARE(february->units[0].lockedMu, std::vector<double>{mu["1"]});
    for (std::size_t u = 1; u < 4; ++u)
        QCOMPARE(february->units[u].lockedMu, std::vector<double>{0.0});
    // Event 3: later in February, still the February lock: player 5 played event 2 on the 3rd, yet is 0.
    QCOMPARE(doubles->lockMonth, february->lockMonth);
    QCOMPARE(doubles->units[0].lockedMu, (std::vector<double>{mu["1"], 0.0}));
    QCOMPARE(doubles->units[1].lockedMu, (std::vector<double>{mu["2"], 0.0}));
    QCOMPARE(doubles->units[2].lockedMu, (std::vector<double>{mu["3"], 0.0}));
    QCOMPARE(doubles->units[0].unitRating, 0.6 * mu["1"]);             // DECISIONS P5: 0.6 higher + 0.4 lower
    QCOMPARE(doubles->units[2].unitRating, 0.6 * 0.0 + 0.4 * mu["3"]); // mu 3 is below 0
    // DECISIONS P9: both partners of a team have the team's award (one award per unit).
    QCOMPARE(doubles->units[0].players.size(), std::size_t{2});

    // Event 4 in March: the events of February count now, player 5 has a rating.
    const engine::MonthlyLock marchLock =
        engine::computeMonthlyLock(folder.history, *engine::parseIsoDate("2024-03-02"));
    QCOMPARE(marchLock.eventsRated, 3);
    QCOMPARE(idOf(folder, march->units[0].players[0]), std::string("5"));
    QVERIFY(march->units[0].lockedMu[0] != 0.0);
    for (const core::UnitAward& unit : march->units)
        QCOMPARE(unit.lockedMu[0], marchLock.mu(unit.players[0]));
}

void TestTourPoints::placesArePositionsInTheFinishingOrder()
{
    // Event 4 lists places 4, 1, 2 (file order, with 3 missing): the points go by the order 5, 6, 2
    // as places 1, 2, 3 of a field of 3.
    QTemporaryDir dir;
    QVERIFY(writeFolder(dir, craftedEvents, craftedResults));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
    const core::TourPoints points = core::computeTourPoints(folder, {});
    const core::TourEventPoints* march = awardedEvent(folder, points, QStringLiteral("4"));
    QVERIFY(march);
    QCOMPARE(march->payout.fieldSize, 3);
    QCOMPARE(march->units.size(), std::size_t{3});
    const char* order[] = {"5", "6", "2"};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(march->units[static_cast<std::size_t>(i)].place, i + 1);
        QCOMPARE(idOf(folder, march->units[static_cast<std::size_t>(i)].players[0]), std::string(order[i]));
    }
    // The last of 3 gets (1 - 3/3)^1.7 = 0 of the winner's points: the 1-point floor (P7).
    QCOMPARE(march->units[2].award, 1.0);
    QCOMPARE(march->units[0].award, engine::roundAward(march->payout.fieldStrengthIndex * 50.0));
}

void TestTourPoints::filterLimitsTheLocks()
{
    const core::HistoryFolder& folder = ncaHistory();
    const core::TourEventFilter season15 =
        core::standingsEvents(folder, QStringLiteral("15"), engine::Division::Competitive);
    const core::TourPoints points = core::computeTourPoints(folder, {}, season15, {}, 1);
    QVERIFY2(points.defects.empty(), qPrintable(describeAll(points.defects)));
    QCOMPARE(points.threads, 1u);
    QCOMPARE(points.events.size(), std::size_t{32});
    std::set<engine::DayNumber> months;
    for (const core::TourEventPoints& event : points.events) {
        const core::EventInfo& info = folder.events[event.eventIndex];
        QCOMPARE(info.season, QStringLiteral("15"));
        QCOMPARE(info.tour, core::Tour::Competitive);
        months.insert(event.lockMonth);
        // Each lock is a run of its own: the same awards as when all months are computed together.
        const core::TourEventPoints* all = awardedEvent(folder, ncaPoints(), info.eventId);
        QVERIFY(all);
        QCOMPARE(event.payout.awards, all->payout.awards);
    }
    QCOMPARE(points.locks.size(), months.size());

    // Recreational standings need the earlier seasons' recreational events as well (T3).
    const core::TourEventFilter recreational =
        core::standingsEvents(folder, QStringLiteral("15"), engine::Division::Recreational);
    QSet<QString> seasons;
    for (const core::EventInfo& info : folder.events) {
        if (recreational(info)) {
            QCOMPARE(info.tour, core::Tour::Recreational);
            seasons.insert(info.season);
        }
    }
    QCOMPARE(seasons, (QSet<QString>{QStringLiteral("13"), QStringLiteral("14"), QStringLiteral("15")}));
}

void TestTourPoints::refusesDefectiveTourInput_data()
{
    QTest::addColumn<QByteArray>("events");
    QTest::addColumn<QByteArray>("results");
    QTest::addColumn<QByteArray>("games");
    QTest::addColumn<QStringList>("expected");

    const QByteArray results = "event_id,place,player_id\n1,1,A\n1,2,B\n1,3,C\n";
    QTest::newRow("no tier column")
        << QByteArray("event_id,date,name,format,group,tour,season\n"
                      "1,2024-01-06,Open,singles,NCA,competitive,15\n")
        << results << QByteArray()
        << QStringList{
               QStringLiteral("events.csv:2: tier: event 1: an event of the competitive tour needs tier")};
    QTest::newRow("games without places")
        << QByteArray("event_id,date,name,format,group,tour,tier,season\n"
                      "1,2024-01-06,Round Robin,singles,NCA,recreational,3,15\n")
        << QByteArray("event_id,place,player_id\n1,1,A\n1,,B\n1,,C\n")
        << QByteArray("event_id,game,side_a,side_b,winner\n1,1,A,B,a\n1,2,B,C,draw\n")
        << QStringList{QStringLiteral(
                           "results.csv:3: place: event 1: a Tour event needs every unit's finishing place"),
                       QStringLiteral(
                           "results.csv:4: place: event 1: a Tour event needs every unit's finishing place")};
    QTest::newRow("games with a tied place")
        << QByteArray("event_id,date,name,format,group,tour,tier,season\n"
                      "1,2024-01-06,Round Robin,singles,NCA,competitive,3,15\n")
        << QByteArray("event_id,place,player_id\n1,1,A\n1,2,B\n1,2,C\n")
        << QByteArray("event_id,game,side_a,side_b,winner\n1,1,A,B,a\n1,2,B,C,draw\n")
        << QStringList{QStringLiteral("results.csv:4: place: event 1: place 2 is also held on line 3")};
}

void TestTourPoints::refusesDefectiveTourInput()
{
    QFETCH(QByteArray, events);
    QFETCH(QByteArray, results);
    QFETCH(QByteArray, games);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    QVERIFY(writeFolder(dir, events, results, games));
    const core::HistoryFolder folder = core::readHistoryFolder(dir.path());
    QVERIFY2(folder.defects.empty(), qPrintable(describeAll(folder.defects)));
    const core::TourPoints points = core::computeTourPoints(folder, {});
    QVERIFY(points.events.empty());
    QVERIFY(points.locks.empty());
    const QString text = describeAll(points.defects);
    QCOMPARE(points.defects.size(), static_cast<std::size_t>(expected.size()));
    for (const QString& part : expected)
        QVERIFY2(text.contains(part), qPrintable(text));
    QCOMPARE(describeAll(core::tourPointsDefects(folder)), text);
}

void TestTourPoints::seasonOfAwards_data()
{
    QTest::addColumn<QString>("season");
    QTest::addColumn<int>("division");
    QTest::newRow("15 competitive") << QStringLiteral("15")
                                    << static_cast<int>(engine::Division::Competitive);
    QTest::newRow("15 recreational") << QStringLiteral("15")
                                     << static_cast<int>(engine::Division::Recreational);
    QTest::newRow("9 competitive") << QStringLiteral("9") << static_cast<int>(engine::Division::Competitive);
    QTest::newRow("9 recreational (none)")
        << QStringLiteral("9") << static_cast<int>(engine::Division::Recreational);
}

void TestTourPoints::seasonOfAwards()
{
    QFETCH(QString, season);
    QFETCH(int, division);
    const core::HistoryFolder& folder = ncaHistory();
    const auto wanted = static_cast<engine::Division>(division);
    const core::Tour tour =
        wanted == engine::Division::Recreational ? core::Tour::Recreational : core::Tour::Competitive;
    const core::TourSeasonBuild build = core::buildTourSeason(folder, ncaPoints(), {season, wanted, {}, {}});
    QVERIFY2(build.error.isEmpty(), qPrintable(build.error));
    QCOMPARE(build.season.division, wanted);

    // Exactly one award per player of every unit of the season's events of that tour (T1, P9).
    std::multiset<std::pair<std::string, std::string>> expected;
    for (const core::TourEventPoints& event : ncaPoints().events) {
        const core::EventInfo& info = folder.events[event.eventIndex];
        if (info.season != season || info.tour != tour)
            continue;
        for (const core::UnitAward& unit : event.units) {
            for (engine::PlayerIndex player : unit.players)
                expected.emplace(idOf(folder, player), info.eventId.toStdString());
        }
    }
    std::multiset<std::pair<std::string, std::string>> actual;
    for (const engine::TourAward& award : build.season.awards) {
        actual.emplace(award.playerId, award.eventId);
        const core::TourEventPoints* event =
            awardedEvent(folder, ncaPoints(), QString::fromStdString(award.eventId));
        QVERIFY(event);
        const core::UnitAward& unit = event->units[static_cast<std::size_t>(award.place - 1)];
        const bool playedThere =
            std::any_of(unit.players.begin(), unit.players.end(),
                        [&](engine::PlayerIndex p) { return idOf(folder, p) == award.playerId; });
        QVERIFY(playedThere);
        QCOMPARE(award.points, unit.award);
    }
    QCOMPARE(actual, expected);
    QCOMPARE(actual.empty(), season == QLatin1String("9") && wanted == engine::Division::Recreational);
}

void TestTourPoints::defaultFinaleIsTheLatestWccSingles()
{
    const core::HistoryFolder& folder = ncaHistory();
    const auto idOfFinale = [&folder](const QString& season) {
        const std::optional<std::size_t> finale = core::defaultFinale(folder, season);
        return finale ? folder.events[*finale].eventId : QString();
    };
    QCOMPARE(idOfFinale(QStringLiteral("9")), QStringLiteral("175")); // WCC Singles 2016
    QCOMPARE(idOfFinale(QStringLiteral("14")), QStringLiteral("74")); // WCC Singles 2023, not the REC one
    QCOMPARE(idOfFinale(QStringLiteral("15")), QStringLiteral("96")); // WCC Singles 2025, not 2024's (95)
    QCOMPARE(idOfFinale(QStringLiteral("13")), QString());            // the season has none
    QCOMPARE(idOfFinale(QStringLiteral("16")), QString());

    // The same Finale for the recreational division: the competitive WCC Singles (T2).
    const core::TourSeasonBuild recreational = core::buildTourSeason(
        folder, ncaPoints(), {QStringLiteral("15"), engine::Division::Recreational, {}, {}});
    QCOMPARE(recreational.season.finaleEventId, std::optional<std::string>("96"));
    const core::TourSeasonBuild overridden = core::buildTourSeason(
        folder, ncaPoints(), {QStringLiteral("15"), engine::Division::Competitive, QStringLiteral("95"), {}});
    QVERIFY2(overridden.error.isEmpty(), qPrintable(overridden.error));
    QCOMPARE(overridden.season.finaleEventId, std::optional<std::string>("95"));
}

void TestTourPoints::finalePlacesOfEveryPlayer()
{
    const core::HistoryFolder& folder = ncaHistory();
    for (const auto& [finaleId, division] :
         {std::pair{QStringLiteral("96"), engine::Division::Competitive},
          std::pair{QStringLiteral("96"), engine::Division::Recreational},
          std::pair{QStringLiteral("138"), engine::Division::Competitive}}) { // a doubles Finale
        const core::TourSeasonBuild build =
            core::buildTourSeason(folder, ncaPoints(), {QStringLiteral("15"), division, finaleId, {}});
        QVERIFY2(build.error.isEmpty(), qPrintable(build.error));
        QVERIFY(build.finaleEvent);
        const engine::Event& finale = folder.history.events[*build.finaleEvent];
        std::size_t players = 0;
        for (const engine::Standing& standing : finale.standings) {
            players += standing.unit.players.size();
            for (engine::PlayerIndex player : standing.unit.players) {
                const auto it = build.season.finalePlaces.find(idOf(folder, player));
                QVERIFY(it != build.season.finalePlaces.end());
                QCOMPARE(it->second, standing.place); // clean data: places are 1..N
            }
        }
        QCOMPARE(build.season.finalePlaces.size(), players);
    }
}

void TestTourPoints::earlierRecreationalChampionsFromTheHistory()
{
    const core::HistoryFolder& folder = ncaHistory();
    const auto championsOf = [&folder](const QString& season, const std::set<std::string>& past) {
        const core::TourSeasonBuild build =
            core::buildTourSeason(folder, ncaPoints(), {season, engine::Division::Recreational, {}, past});
        return engine::computeTourStandings(build.season).recreationalChampions;
    };
    // The history's first recreational season (13) has no earlier champion.
    const core::TourSeasonBuild first = core::buildTourSeason(
        folder, ncaPoints(), {QStringLiteral("13"), engine::Division::Recreational, {}, {}});
    QVERIFY(first.season.earlierRecreationalChampions.empty());

    std::set<std::string> champions;
    for (const QString& season :
         {QStringLiteral("13"), QStringLiteral("14"), QStringLiteral("15"), QStringLiteral("16")}) {
        const core::TourSeasonBuild build =
            core::buildTourSeason(folder, ncaPoints(), {season, engine::Division::Recreational, {}, {}});
        QCOMPARE(build.season.earlierRecreationalChampions, champions);
        const std::vector<std::string> won = championsOf(season, {});
        QVERIFY(!won.empty());
        for (const std::string& id : won)
            QVERIFY(champions.insert(id).second); // T3: nobody wins the title twice
    }
    // Titles won before the history's seasons count as well.
    const std::vector<std::string> season13 = championsOf(QStringLiteral("13"), {});
    const std::vector<std::string> moved =
        championsOf(QStringLiteral("13"), {season13.begin(), season13.end()});
    QVERIFY(!moved.empty());
    QVERIFY(std::find(moved.begin(), moved.end(), season13.front()) == moved.end());
}

void TestTourPoints::unknownSeasonOrFinale()
{
    const core::HistoryFolder& folder = ncaHistory();
    const core::TourSeasonBuild season = core::buildTourSeason(
        folder, ncaPoints(), {QStringLiteral("2099"), engine::Division::Competitive, {}, {}});
    QVERIFY(season.error.contains(QLatin1String("unknown season '2099'")));
    QVERIFY(season.error.contains(QLatin1String("9, 10, 11, 12, 13, 14, 15, 16")));
    const core::TourSeasonBuild finale = core::buildTourSeason(
        folder, ncaPoints(),
        {QStringLiteral("15"), engine::Division::Competitive, QStringLiteral("9999"), {}});
    QVERIFY(finale.error.contains(QLatin1String("'9999'")));
    QCOMPARE(core::seasonsOf(folder).join(u' '), QStringLiteral("9 10 11 12 13 14 15 16"));
}

void TestTourPoints::readsPayoutFields_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<bool>("doubles");
    QTest::addColumn<int>("units");
    QTest::addColumn<QStringList>("defects"); // each as "line: field: message start"

    QTest::newRow("singles") << QByteArray("mu\n1.5\n-0.25\n\n3e-1\n") << false << 3 << QStringList();
    QTest::newRow("doubles, CRLF, BOM, extra column, quoted")
        << QByteArray("\xEF\xBB\xBFteam,MU_A,mu_b\r\n1,2.0,1.0\r\n\"two, three\",\"0.5\",0\r\n") << true << 2
        << QStringList();
    // A blank line is no row (as in a history folder); an empty quoted value is an empty field.
    QTest::newRow("bad singles rows")
        << QByteArray("mu\n1.0\n\nabc\n\"\"\n2.0,3.0\n\"1.0\nnan\n") << false << 0
        << QStringList{QStringLiteral("4: mu: 'abc' is not a number"), QStringLiteral("5: mu: empty"),
                       QStringLiteral("6: the row has 2 fields, the header 1"),
                       QStringLiteral("7: a quoted field is not closed"),
                       QStringLiteral("8: mu: 'nan' is not a number")};
    QTest::newRow("bad doubles rows")
        << QByteArray("mu_a,mu_b\n1.0\n,2.0\n1.0,x\n") << true << 0
        << QStringList{QStringLiteral("2: mu_b: missing; the row has 1 fields, the header 2"),
                       QStringLiteral("3: mu_a: empty"), QStringLiteral("4: mu_b: 'x' is not a number")};
    QTest::newRow("singles header for doubles")
        << QByteArray("mu\n1.0\n") << true << 0
        << QStringList{QStringLiteral("1: mu_a: missing column; a doubles field has the header mu_a,mu_b (mu "
                                      "is a singles field)"),
                       QStringLiteral("1: mu_b: missing column")};
    QTest::newRow("doubles header for singles")
        << QByteArray("mu_a,mu_b\n1.0,2.0\n") << false << 0
        << QStringList{QStringLiteral(
               "1: mu: missing column; a singles field has the header mu (mu_a,mu_b is a doubles field)")};
    QTest::newRow("empty file") << QByteArray("") << false << 0
                                << QStringList{QStringLiteral("1: the file is empty")};
    QTest::newRow("no entrants") << QByteArray("mu\n") << false << 0
                                 << QStringList{QStringLiteral("1: the field has no entrants")};
}

void TestTourPoints::readsPayoutFields()
{
    QFETCH(QByteArray, contents);
    QFETCH(bool, doubles);
    QFETCH(int, units);
    QFETCH(QStringList, defects);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("field.csv"));
    QVERIFY(writeFile(path, contents));
    const core::PayoutField field =
        core::readPayoutField(path, doubles ? engine::EventFormat::Doubles : engine::EventFormat::Singles);
    const QString text = describeAll(field.defects);
    QCOMPARE(field.defects.size(), static_cast<std::size_t>(defects.size()));
    for (const QString& defect : defects)
        QVERIFY2(text.contains(path + u':' + defect), qPrintable(text));
    if (defects.isEmpty()) {
        QCOMPARE(static_cast<int>(doubles ? field.teams.size() : field.ratings.size()), units);
        if (doubles) {
            QCOMPARE(field.teams.front(), (engine::PartnerRatings{2.0, 1.0}));
            QCOMPARE(field.teams.back(), (engine::PartnerRatings{0.5, 0.0}));
        } else {
            QCOMPARE(field.ratings, (std::vector<double>{1.5, -0.25, 0.3}));
        }
    }
    const core::PayoutField missing =
        core::readPayoutField(dir.filePath(QStringLiteral("none.csv")), engine::EventFormat::Singles);
    QCOMPARE(missing.defects.size(), std::size_t{1});
    QVERIFY(describeAll(missing.defects).contains(QLatin1String("none.csv: the file is missing")));
}

void TestTourPoints::locksDoNotDependOnThreadsOrCompany_data()
{
    QTest::addColumn<unsigned>("threads");
    // The schedule of a large history handed over lock by lock: largest and smallest months.
    QTest::addColumn<bool>("large");
    QTest::newRow("one thread") << 1u << false;
    QTest::newRow("two threads") << 2u << false;
    QTest::newRow("three threads") << 3u << false;
    QTest::newRow("one per core") << 0u << false;
    QTest::newRow("two threads, large") << 2u << true;
    QTest::newRow("three threads, large") << 3u << true;
}

// DECISIONS P1: the locks of many months, spread over workers here in ui/core (the engine starts no
// threads), are each the engine's one lock of that month, in the order asked.
void TestTourPoints::locksDoNotDependOnThreadsOrCompany()
{
    QFETCH(unsigned, threads);
    QFETCH(bool, large);
    const engine::RatingHistory& history = ncaHistory().history;
    std::vector<engine::DayNumber> months = engine::monthsOfEvents(history);
    QVERIFY(months.size() > 8);
    months.resize(8); // the earliest months: short runs
    std::reverse(months.begin(), months.end());
    int reports = 0;
    int lastReport = 0;
    engine::FlickSkillRunControl control;
    control.onProgress = [&](const engine::FlickSkillProgress& progress) {
        ++reports;
        lastReport = std::max(lastReport, progress.iteration);
        QCOMPARE(progress.maxIterations, 8);
    };
    const std::vector<engine::MonthlyLock> locks = core::computeMonthlyLocks(
        history, months, {}, control, threads,
        large ? core::FinishedLock([](std::size_t, engine::MonthlyLock&) {}) : core::FinishedLock(),
        large ? 0 : core::kLargeRunFinishes);
    QCOMPARE(locks.size(), months.size());
    QCOMPARE(reports, 8);
    QCOMPARE(lastReport, 8);
    for (std::size_t m = 0; m < months.size(); ++m) {
        QCOMPARE(locks[m].month, months[m]);
        const engine::MonthlyLock alone = engine::computeMonthlyLock(history, months[m]);
        QCOMPARE(locks[m].eventsRated, alone.eventsRated);
        QCOMPARE(locks[m].players, alone.players);
        for (std::size_t k = 0; k < alone.players.size(); ++k) {
            QCOMPARE(locks[m].posteriors[k].mu, alone.posteriors[k].mu);
            QCOMPARE(locks[m].posteriors[k].sigma, alone.posteriors[k].sigma);
        }
    }
}

void TestTourPoints::cancelledLocksAreNoResult()
{
    const engine::RatingHistory& history = ncaHistory().history;
    const std::vector<engine::DayNumber> months = engine::monthsOfEvents(history);
    engine::CancelToken cancel;
    cancel.cancel();
    engine::FlickSkillRunControl control;
    control.cancel = &cancel;
    QVERIFY(core::computeMonthlyLocks(history, months, {}, control, 2).empty());
}

// With `finished`, each lock is handed over once, on the calling thread, as soon as it is done; what
// `finished` leaves of it is what is returned, and the locks are those of the months asked for.
void TestTourPoints::finishedLocksAreHandedOverOnTheCallingThread_data()
{
    QTest::addColumn<bool>("large");
    QTest::newRow("largest first") << false;
    QTest::newRow("largest and smallest") << true;
}

void TestTourPoints::finishedLocksAreHandedOverOnTheCallingThread()
{
    QFETCH(bool, large);
    const engine::RatingHistory& history = ncaHistory().history;
    std::vector<engine::DayNumber> months = engine::monthsOfEvents(history);
    QVERIFY(months.size() > 12);
    months.resize(12);
    std::reverse(months.begin(), months.end());
    const std::thread::id caller = std::this_thread::get_id();
    std::vector<int> handed(months.size(), 0);
    bool onCaller = true;
    std::vector<engine::MonthlyLock> whole(months.size());
    const std::vector<engine::MonthlyLock> locks = core::computeMonthlyLocks(
        history, months, {}, {}, 2,
        [&](std::size_t index, engine::MonthlyLock& lock) {
            onCaller = onCaller && std::this_thread::get_id() == caller;
            ++handed.at(index);
            whole.at(index) = lock;
            lock.players.resize(std::min<std::size_t>(lock.players.size(), 1)); // what is kept
            lock.posteriors.resize(lock.players.size());
        },
        large ? 0 : core::kLargeRunFinishes);
    QVERIFY(onCaller);
    QCOMPARE(handed, std::vector<int>(months.size(), 1));
    QCOMPARE(locks.size(), months.size());
    for (std::size_t m = 0; m < months.size(); ++m) {
        const engine::MonthlyLock alone = engine::computeMonthlyLock(history, months[m]);
        QCOMPARE(whole[m].month, months[m]);
        QCOMPARE(whole[m].players, alone.players);
        for (std::size_t k = 0; k < alone.players.size(); ++k) {
            QCOMPARE(whole[m].posteriors[k].mu, alone.posteriors[k].mu);
            QCOMPARE(whole[m].posteriors[k].sigma, alone.posteriors[k].sigma);
        }
        QVERIFY(locks[m].players.size() <= 1);
        QCOMPARE(locks[m].players.size(), std::min<std::size_t>(alone.players.size(), 1));
    }
}

// A process with a window asks the lock workers to yield (core::setLockWorkersYield): those of a
// caller that stores each lock as it is done run below its other threads, so that the thread
// storing the locks, which the window's check-ins wait for, gets its share of the CPU. The calling
// thread, a pool thread used again later, keeps its priority; the workers of a caller that only
// waits for the locks (the Tour views), and all workers without the request, run as the caller does.
void TestTourPoints::lockWorkersYieldWhenAsked()
{
#ifdef __linux__
    const engine::RatingHistory& history = ncaHistory().history;
    std::vector<engine::DayNumber> months = engine::monthsOfEvents(history);
    months.resize(6);
    const auto niceOfThisThread = [] {
        errno = 0;
        return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
    };
    const int caller = niceOfThisThread();
    const auto workersNice = [&](bool handOver) {
        std::set<int> seen; // each worker reports its finished locks, one at a time
        engine::FlickSkillRunControl control;
        control.onProgress = [&](const engine::FlickSkillProgress&) { seen.insert(niceOfThisThread()); };
        core::FinishedLock finished;
        if (handOver)
            finished = [](std::size_t, engine::MonthlyLock&) {};
        core::computeMonthlyLocks(history, months, {}, control, 2, finished);
        return seen;
    };
    core::setLockWorkersYield(true);
    const std::set<int> yielding = workersNice(true);
    const std::set<int> waitingOnly = workersNice(false); // no hand-over
    core::setLockWorkersYield(false);
    const std::set<int> asTheCaller = workersNice(true);
    QCOMPARE(niceOfThisThread(), caller);
    const int expected = std::max(caller, core::kLockWorkerNice); // a thread may raise its nice only
    QCOMPARE(yielding, std::set<int>{expected});
    QCOMPARE(waitingOnly, std::set<int>{caller});
    QCOMPARE(asTheCaller, std::set<int>{caller});
#else
    QSKIP("thread priorities are set on Linux only");
#endif
}

// What `finished` throws (a store that failed) stops the workers and is thrown to the caller once
// they have: no lock is handed over after it, and nothing is left running.
void TestTourPoints::failureHandingOverStopsTheWorkers()
{
    const engine::RatingHistory& history = ncaHistory().history;
    const std::vector<engine::DayNumber> months = engine::monthsOfEvents(history);
    QVERIFY(months.size() > 20);
    int handed = 0;
    bool thrown = false;
    try {
        core::computeMonthlyLocks(history, months, {}, {}, 2, [&](std::size_t, engine::MonthlyLock&) {
            ++handed;
            throw std::runtime_error("the disk is full");
        });
    } catch (const std::runtime_error& error) {
        thrown = QByteArray(error.what()) == "the disk is full";
    }
    QVERIFY(thrown);
    QCOMPARE(handed, 1);
}

// computeTourPoints hands each lock it computes to `onComputed` whole (the engine's lock of that
// month) and keeps of it only the awarded events' players; the awards are those of the whole locks.
void TestTourPoints::computedLocksAreHandedOverWholeAndKeptForTheAwards()
{
    const core::HistoryFolder& folder = ncaHistory();
    const core::TourEventFilter season15 =
        core::standingsEvents(folder, QStringLiteral("15"), engine::Division::Competitive);
    const core::TourPoints plain = core::computeTourPoints(folder, {}, season15);
    QVERIFY(plain.defects.empty());
    QVERIFY(plain.locks.size() > 3);
    std::vector<engine::MonthlyLock> handed;
    const core::TourPoints kept = core::computeTourPoints(
        folder, {}, season15, {}, 2, {}, [&](const engine::MonthlyLock& lock) { handed.push_back(lock); });
    QCOMPARE(handed.size(), plain.locks.size());
    std::sort(handed.begin(), handed.end(),
              [](const engine::MonthlyLock& a, const engine::MonthlyLock& b) { return a.month < b.month; });
    QCOMPARE(kept.locks.size(), plain.locks.size());
    for (std::size_t m = 0; m < plain.locks.size(); ++m) {
        QCOMPARE(handed[m].month, plain.locks[m].month);
        QCOMPARE(handed[m].players, plain.locks[m].players);
        QVERIFY(kept.computed[m]);
        QVERIFY(kept.locks[m].players.size() < plain.locks[m].players.size());
        for (std::size_t k = 0; k < kept.locks[m].players.size(); ++k) {
            const engine::PlayerIndex player = kept.locks[m].players[k];
            QCOMPARE(kept.locks[m].posteriors[k].mu, plain.locks[m].mu(player));
        }
    }
    QCOMPARE(kept.events.size(), plain.events.size());
    for (std::size_t e = 0; e < plain.events.size(); ++e) {
        QCOMPARE(kept.events[e].units.size(), plain.events[e].units.size());
        for (std::size_t u = 0; u < plain.events[e].units.size(); ++u) {
            QCOMPARE(kept.events[e].units[u].lockedMu, plain.events[e].units[u].lockedMu);
            QCOMPARE(kept.events[e].units[u].points, plain.events[e].units[u].points);
        }
        QCOMPARE(kept.events[e].payout.fieldStrengthIndex, plain.events[e].payout.fieldStrengthIndex);
        QCOMPARE(kept.events[e].payout.fieldDepthIndex, plain.events[e].payout.fieldDepthIndex);
    }
}

QTEST_GUILESS_MAIN(TestTourPoints)
#include "tst_tourpoints.moc"
