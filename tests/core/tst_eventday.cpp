// The event day in the store (core/store/store.h): events a director creates with local ids, new players
// and the search for them, entrants and check-in, doubles pairing, standings with a tie reported
// and the offer to break it (DECISIONS N4, P3), games, the award frozen from the month's lock and
// the payout table (P1, P2), computed here independently, the audit log, and a read-only store.
#include "../common/storefixtures.h"
#include "core/awards/awarding.h"
#include "core/awards/monthlocks.h"
#include "core/store/store.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <map>
#include <memory>

using namespace flickdesk;
using core::EntrantStatus;
using core::EventStatus;
using core::Store;
using core::StoreError;
using testing::recentPlayers;

namespace {

QString ncaHistory()
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR)).filePath(QStringLiteral("nca-history"));
}

// A tier 2 event of season 16.
core::EventDraft tourDraft(const QString& date, engine::EventFormat format = engine::EventFormat::Singles)
{
    return testing::draftOn(date, format, 2, QStringLiteral("16"));
}

QStringList auditActions(Store& store, const QString& eventId)
{
    QStringList actions;
    for (const core::AuditEntry& entry : store.auditLog(eventId))
        actions.append(entry.action);
    return actions;
}

// The award of an event as the test computes it, without the store's code: the lock of the event's
// month from loadHistory() by engine::computeMonthlyLock, the payout table by computePayoutTable.
struct ExpectedAward {
    engine::PayoutTable payout;
    std::map<QString, double> mu;
};

ExpectedAward expectedAward(Store& store, const QString& date, engine::EventFormat format, engine::Tier tier,
                            const std::vector<QStringList>& finishingOrder)
{
    const core::HistoryFolder folder = store.loadHistory();
    engine::FlickSkillParameters parameters;
    folder.parameters.applyTo(parameters);
    const engine::MonthlyLock lock =
        engine::computeMonthlyLock(folder.history, *engine::parseIsoDate(date.toStdString()), parameters);
    ExpectedAward expected;
    for (const QStringList& unit : finishingOrder) {
        for (const QString& id : unit) {
            const auto found =
                std::find(folder.history.playerIds.begin(), folder.history.playerIds.end(), id.toStdString());
            // DECISIONS N6: a player the history has never seen has mu 0.
            expected.mu[id] =
                found == folder.history.playerIds.end()
                    ? 0.0
                    : lock.mu(static_cast<engine::PlayerIndex>(found - folder.history.playerIds.begin()));
        }
    }
    if (format == engine::EventFormat::Doubles) {
        std::vector<engine::PartnerRatings> teams;
        for (const QStringList& unit : finishingOrder)
            teams.emplace_back(expected.mu[unit[0]], expected.mu[unit[1]]);
        expected.payout = engine::computePayoutTable(tier, teams);
    } else {
        std::vector<double> ratings;
        for (const QStringList& unit : finishingOrder)
            ratings.push_back(expected.mu[unit[0]]);
        expected.payout = engine::computePayoutTable(format, tier, ratings);
    }
    return expected;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<flickdesk::core::Placing>)
Q_DECLARE_METATYPE(std::vector<flickdesk::core::ResultDefect::Kind>)
Q_DECLARE_METATYPE(std::function<void(flickdesk::core::Store&)>)

class TestEventDay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void createsAndUpdatesEvents();
    void localIdsNeverCollide();
    void searchFindsByIdAndName();
    void entrantsAndCheckIn();
    void doublesPairing();
    void standingsReportTies_data();
    void standingsReportTies();
    void gamesNameEntrantsOnly();
    void awardFreezesPayoutOfMonthLock();
    void awardDoubles();
    void awardRefusesInvalidResults();
    void lockCacheFollowsHistory();
    void changesToFinishedEventsAreLogged();
    void readOnlyStoreRefuses_data();
    void readOnlyStoreRefuses();
    void olderDatabaseKeepsWorking();

private:
    // A database holding the NCA history, made once and copied for each test that needs it.
    QString historyCopy(const QTemporaryDir& temp);

    QTemporaryDir m_template;
    QString m_historyDatabase;
};

void TestEventDay::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_template.isValid());
    m_historyDatabase = m_template.filePath(QStringLiteral("history.sqlite"));
    const auto store = testing::openStoppedStore(m_historyDatabase);
    QVERIFY(store);
    QVERIFY(store->importHistory(ncaHistory()).ok());
}

QString TestEventDay::historyCopy(const QTemporaryDir& temp)
{
    const QString path = temp.filePath(QStringLiteral("day.sqlite"));
    if (!QFile::copy(m_historyDatabase, path))
        qWarning("cannot copy the history database");
    return path;
}

void TestEventDay::createsAndUpdatesEvents()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(temp.filePath(QStringLiteral("new.sqlite")));
    QVERIFY(store);
    core::EventDraft draft = tourDraft(QStringLiteral("2026-01-10"));
    const QString first = store->createEvent(draft);
    // A new event's local id carries the desk tag, as a new player's does.
    QVERIFY(!store->deskTag().isEmpty());
    QCOMPARE(first, QStringLiteral("E%1-1").arg(store->deskTag()));
    draft.experimental = true; // DECISIONS P4: FlickDesk proposes a cap of 1.00
    const QString second = store->createEvent(draft);
    QCOMPARE(second, QStringLiteral("E%1-2").arg(store->deskTag()));
    // Another desk's database draws its own tag: its first event has another id (the chance that
    // two tags are equal is 1 in 923,521; a second draw makes a false failure negligible).
    {
        QTemporaryDir otherDesk;
        QString otherFirst;
        for (int attempt = 0; attempt < 2 && (otherFirst.isEmpty() || otherFirst == first); ++attempt) {
            const auto other =
                testing::openStoppedStore(otherDesk.filePath(QStringLiteral("desk%1.sqlite").arg(attempt)));
            QVERIFY(other);
            otherFirst = other->createEvent(draft);
        }
        QVERIFY2(otherFirst != first, qPrintable(otherFirst));
    }

    const core::EventRecord one = *store->event(first);
    QCOMPARE(one.status, EventStatus::Planned);
    QCOMPARE(one.tier, std::optional<int>(2));
    QCOMPARE(one.tour, core::Tour::Competitive);
    QCOMPARE(one.experimentalCap, std::optional<double>());
    QCOMPARE(store->event(second)->experimentalCap, std::optional<double>(1.0));
    QCOMPARE(core::EventDraft::of(*store->event(second)), draft);

    core::EventDraft changed = draft;
    changed.name = QStringLiteral("Tavistock Open (Saturday)");
    changed.date = QStringLiteral("2026-01-11");
    changed.format = engine::EventFormat::Doubles;
    changed.tier = 1;
    changed.tour = core::Tour::Recreational;
    changed.group = QStringLiteral("NCA REC");
    changed.season = QStringLiteral("17");
    changed.experimentalCap = 0.9;
    store->updateEvent(second, changed);
    QCOMPARE(core::EventDraft::of(*store->event(second)), changed);
    const std::vector<core::EventSummary> events = store->events();
    QCOMPARE(events.size(), std::size_t{2});
    QCOMPARE(events[1].format, engine::EventFormat::Doubles);
    QCOMPARE(events[1].tier, std::optional<int>(1));

    core::EventDraft bad = draft;
    bad.date = QStringLiteral("2026-02-30");
    QVERIFY_THROWS_EXCEPTION(StoreError, store->createEvent(bad));
    bad = draft;
    bad.tier = 4;
    QVERIFY_THROWS_EXCEPTION(StoreError, store->updateEvent(first, bad));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->updateEvent(QStringLiteral("L99"), draft));
    QCOMPARE(store->eventCount(), 2);

    // Planned and started events are not history: nothing of them goes to the audit log.
    store->setEventStatus(first, EventStatus::Started);
    QVERIFY(store->auditLog(first).empty());
    QVERIFY(store->check().isEmpty());
}

void TestEventDay::localIdsNeverCollide()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const int events = store->eventCount();
    const int players = store->playerCount();
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-06")));
    QCOMPARE(event, QStringLiteral("E%1-1").arg(store->deskTag()));
    QCOMPARE(store->eventCount(), events + 1);

    // DECISIONS D1: a new player gets a local id until the association assigns one, made with the
    // database's desk tag so that two desks never hand out the same one.
    const QString ann = store->addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Tavistock"));
    const QString tag = store->deskTag();
    QVERIFY2(QRegularExpression(QStringLiteral("^[2-9A-HJKMNP-Z]{4}$")).match(tag).hasMatch(),
             qPrintable(tag));
    QCOMPARE(ann, QStringLiteral("L%1-1").arg(tag));
    const QString second = QStringLiteral("L%1-2").arg(tag);
    QCOMPARE(store->addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Elmira")), second);
    QCOMPARE(store->addPlayer(QStringLiteral("Bo Lee"), {}, QStringLiteral("990001")),
             QStringLiteral("990001"));
    QCOMPARE(store->player(QStringLiteral("990001"))->associationId, QStringLiteral("990001"));
    QCOMPARE(store->player(second)->location, QStringLiteral("Elmira"));
    QCOMPARE(store->playerCount(), players + 3);
    // An id the history uses is refused as a new player's association id; a name is needed.
    QVERIFY_THROWS_EXCEPTION(StoreError, store->addPlayer(QStringLiteral("X"), {}, QStringLiteral("725")));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->addPlayer(QStringLiteral("  "), {}));

    // The undo of adding a player, and its redo, with the same id.
    const core::PlayerRecord added = *store->player(second);
    store->removePlayer(second);
    QVERIFY(!store->player(second));
    store->restorePlayer(added);
    QCOMPARE(store->player(second)->name, QStringLiteral("Ann Smith"));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->removePlayer(QStringLiteral("725"))); // has results
    QVERIFY(store->check().isEmpty());
}

void TestEventDay::searchFindsByIdAndName()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString tavistock = store->addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Tavistock"));
    const QString elmira = store->addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Elmira"));
    store->addPlayer(QStringLiteral("Joanne Annable"), QStringLiteral("Stratford"));

    // By name, in any case; two players of one name are two matches with their ids and locations.
    // The first search builds the index in memory; later ones only read it (figures for people).
    QElapsedTimer timer;
    timer.start();
    std::vector<core::PlayerMatch> found = store->searchPlayers(QStringLiteral("ann smith"));
    const qint64 first = timer.nsecsElapsed();
    timer.start();
    store->searchPlayers(QStringLiteral("17"));
    qInfo("player search over %d players: %.3f ms with building the index, %.3f ms after",
          store->playerCount(), static_cast<double>(first) / 1e6,
          static_cast<double>(timer.nsecsElapsed()) / 1e6);
    QCOMPARE(found.size(), std::size_t{2});
    QCOMPARE(found[0].id, tavistock);
    QCOMPARE(found[0].location, QStringLiteral("Tavistock"));
    QCOMPARE(found[1].id, elmira);
    QCOMPARE(found[1].location, QStringLiteral("Elmira"));
    // A name beginning with the text ranks before one containing it.
    found = store->searchPlayers(QStringLiteral("ANN"));
    QCOMPARE(found.size(), std::size_t{3});
    QCOMPARE(found[2].name, QStringLiteral("Joanne Annable"));
    // The start of each word, in order: "jo an" and "an sm" find by first name and surname; the
    // pieces out of order, or one not at a word's start, find nobody.
    found = store->searchPlayers(QStringLiteral("jo an"));
    QCOMPARE(found.size(), std::size_t{1});
    QCOMPARE(found[0].name, QStringLiteral("Joanne Annable"));
    QCOMPARE(store->searchPlayers(QStringLiteral("an sm")).size(), std::size_t{2});
    QVERIFY(store->searchPlayers(QStringLiteral("sm an")).empty());
    QVERIFY(store->searchPlayers(QStringLiteral("jo nn")).empty());

    // By id: the exact id first, then ids beginning with it; with the player's last event.
    found = store->searchPlayers(QStringLiteral("725"), 5);
    QVERIFY(!found.empty());
    QVERIFY(found.size() <= 5);
    QCOMPARE(found[0].id, QStringLiteral("725"));
    QVERIFY(!found[0].lastEventId.isEmpty());
    QVERIFY(!found[0].lastEventDate.isEmpty());
    for (const core::PlayerMatch& match : found)
        QVERIFY(match.id.startsWith(QLatin1String("725")));
    QCOMPARE(store->event(found[0].lastEventId)->name, found[0].lastEventName);
    QVERIFY(store->searchPlayers(QString()).empty());
    QVERIFY(store->searchPlayers(QStringLiteral("no such player")).empty());

    // The index learns of a new player and of the events players begin.
    const QString bo = store->addPlayer(QStringLiteral("Bo Lee"), {});
    QCOMPARE(store->searchPlayers(QStringLiteral("bo l")).size(), std::size_t{1});
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-06")));
    const int unit = store->addEntrant(event, {bo});
    QVERIFY(store->searchPlayers(bo).front().lastEventId.isEmpty()); // registered only
    store->setEntrantStatus(event, unit, EntrantStatus::Started);
    QCOMPARE(store->searchPlayers(bo).front().lastEventId, event);
    core::EventDraft renamed = tourDraft(QStringLiteral("2025-12-07"));
    renamed.name = QStringLiteral("Tavistock Open, Sunday");
    store->updateEvent(event, renamed);
    QCOMPARE(store->searchPlayers(bo).front().lastEventName, renamed.name);
    QCOMPARE(store->searchPlayers(bo).front().lastEventDate, renamed.date);
    // A history player's last event becomes today's when checked in, and goes back when not.
    const QString before = store->searchPlayers(QStringLiteral("725")).front().lastEventId;
    const int regular = store->addEntrant(event, {QStringLiteral("725")}, EntrantStatus::Started);
    QCOMPARE(store->searchPlayers(QStringLiteral("725")).front().lastEventId, event);
    store->setEntrantStatus(event, regular, EntrantStatus::Registered);
    QCOMPARE(store->searchPlayers(QStringLiteral("725")).front().lastEventId, before);
    store->setEntrantStatus(event, regular, EntrantStatus::Withdrawn);
    QCOMPARE(store->searchPlayers(QStringLiteral("725")).front().lastEventId, event);
    store->removeEntrant(event, regular);
    QCOMPARE(store->searchPlayers(QStringLiteral("725")).front().lastEventId, before);
}

void TestEventDay::entrantsAndCheckIn()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-06")));
    const QStringList ids = recentPlayers(*store, 4);
    QCOMPARE(store->addEntrant(event, {ids[0]}), 1);
    QCOMPARE(store->addEntrant(event, {ids[1]}), 2);
    QCOMPARE(store->addEntrant(event, {ids[2]}, EntrantStatus::Started), 3);
    // A player is at most once in an event; a singles entrant is one player.
    QVERIFY_THROWS_EXCEPTION(StoreError, store->addEntrant(event, {ids[0]}));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->addEntrant(event, {QStringLiteral("nobody")}));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->addEntrant(event, QStringList{}));
    const QString newcomer = store->addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Tavistock"));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->addEntrant(event, {newcomer, ids[0]}));
    QCOMPARE(store->addEntrant(event, {newcomer}), 4);

    store->setEntrantStatus(event, 1, EntrantStatus::Started);
    store->setEntrantStatus(event, 2, EntrantStatus::Withdrawn);
    std::vector<core::Entrant> entrants = store->entrants(event);
    QCOMPARE(entrants.size(), std::size_t{4});
    QCOMPARE(entrants[0].status, EntrantStatus::Started);
    QCOMPARE(entrants[1].status, EntrantStatus::Withdrawn);
    QVERIFY(entrants[1].began()); // DECISIONS P3
    QCOMPARE(entrants[3].status, EntrantStatus::Registered);
    QCOMPARE(entrants[3].players.front().name, QStringLiteral("Ann Smith"));
    QCOMPARE(entrants[3].players.front().location, QStringLiteral("Tavistock"));

    // Removal and its undo put the entrant back exactly, number, status and place.
    store->setStandings(event, {{1, 1}, {3, 2}, {2, 3}});
    const core::Entrant removed = *store->entrant(event, 2);
    QCOMPARE(removed.place, std::optional<int>(3));
    QCOMPARE(removed.listed, std::optional<int>(3));
    store->removeEntrant(event, 2);
    QVERIFY(!store->entrant(event, 2));
    QCOMPARE(store->standings(event), (std::vector<core::Placing>{{1, 1}, {3, 2}}));
    store->restoreEntrants(event, {removed});
    QCOMPARE(store->entrant(event, 2)->status, EntrantStatus::Withdrawn);
    QCOMPARE(store->entrant(event, 2)->place, std::optional<int>(3));
    QCOMPARE(store->standings(event), (std::vector<core::Placing>{{1, 1}, {3, 2}, {2, 3}}));
    QCOMPARE(store->addEntrant(event, {ids[3]}), 5);
    QVERIFY_THROWS_EXCEPTION(StoreError, store->removeEntrant(event, 42));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->setEntrantStatus(event, 42, EntrantStatus::Started));
    QVERIFY(store->check().isEmpty());
}

void TestEventDay::doublesPairing()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString event =
        store->createEvent(tourDraft(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    const QStringList ids = recentPlayers(*store, 5);
    QCOMPARE(store->addEntrant(event, {ids[0], ids[1]}), 1);
    QCOMPARE(store->addEntrant(event, {ids[2]}), 2);
    QCOMPARE(store->addEntrant(event, {ids[3]}), 3);
    QVERIFY_THROWS_EXCEPTION(StoreError, store->pairPartners(event, 1, 2)); // team 1 is full
    QVERIFY_THROWS_EXCEPTION(StoreError, store->pairPartners(event, 2, 2));

    // DECISIONS P3, P5: one player alone does not begin a doubles event (it would count in N as a
    // team with an unseen partner): checking in, withdrawing or entering as started is refused.
    const auto refusal = [](const std::function<void()>& edit) {
        try {
            edit();
        } catch (const StoreError& error) {
            return error.message();
        }
        return QString();
    };
    const QString refused = refusal([&] { store->setEntrantStatus(event, 3, EntrantStatus::Started); });
    QVERIFY2(refused.contains(QLatin1String("pair a partner first")), qPrintable(refused));
    QVERIFY(!refused.contains(QLatin1String("DECISIONS")));
    QVERIFY(refusal([&] {
                store->setEntrantStatus(event, 3, EntrantStatus::Withdrawn);
            }).contains(QLatin1String("pair a partner first")));
    QVERIFY(refusal([&] {
                store->addEntrant(event, {ids[4]}, EntrantStatus::Started);
            }).contains(QLatin1String("pair a partner first")));
    QCOMPARE(store->entrants(event).size(), std::size_t{3});
    QCOMPARE(store->entrant(event, 3)->status, EntrantStatus::Registered);
    // Several at once are one transaction: a full team is not checked in when a single is refused.
    QVERIFY(!refusal([&] { store->setEntrantStatuses(event, {1, 3}, EntrantStatus::Started); }).isEmpty());
    QCOMPARE(store->entrant(event, 1)->status, EntrantStatus::Registered);
    store->setEntrantStatuses(event, {1}, EntrantStatus::Started);
    QCOMPARE(store->entrant(event, 1)->status, EntrantStatus::Started);
    // A team that began keeps two players.
    QVERIFY(
        refusal([&] { store->setTeam(event, 1, {ids[0]}); }).contains(QLatin1String("pair a partner first")));
    QCOMPARE(store->entrant(event, 1)->playerIds(), (QStringList{ids[0], ids[1]}));

    // A database written before the rule may hold a single that began: it is put back as it was
    // (the undo of an edit never fails on it), and pairing it makes a team that began.
    core::Entrant legacy = *store->entrant(event, 3);
    legacy.status = EntrantStatus::Started;
    store->restoreEntrants(event, {legacy});
    QCOMPARE(store->entrant(event, 3)->status, EntrantStatus::Started);

    const std::vector<core::Entrant> before = store->entrants(event);
    QCOMPARE(store->pairPartners(event, 2, 3), 2);
    std::vector<core::Entrant> after = store->entrants(event);
    QCOMPARE(after.size(), std::size_t{2});
    QCOMPARE(after[1].playerIds(), (QStringList{ids[2], ids[3]}));
    QCOMPARE(after[1].status, EntrantStatus::Started); // the team began: one partner had

    // The undo of pairing: both entrants as they were.
    store->restoreEntrants(event, {before[1], before[2]});
    after = store->entrants(event);
    QCOMPARE(after.size(), std::size_t{3});
    QCOMPARE(after[1].playerIds(), QStringList{ids[2]});
    QCOMPARE(after[1].status, EntrantStatus::Registered);
    QCOMPARE(after[2].playerIds(), QStringList{ids[3]});
    QCOMPARE(after[2].status, EntrantStatus::Started);

    store->setTeam(event, 2, {ids[2], ids[4]});
    QCOMPARE(store->entrant(event, 2)->playerIds(), (QStringList{ids[2], ids[4]}));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->setTeam(event, 2, {ids[2], ids[3]})); // ids[3] is entrant 3
    QVERIFY_THROWS_EXCEPTION(StoreError, store->setTeam(event, 2, {ids[2], ids[4], ids[3]}));

    // A singles event has no partners; a doubles event with teams does not become singles.
    QVERIFY_THROWS_EXCEPTION(StoreError, store->updateEvent(event, tourDraft(QStringLiteral("2025-12-06"))));
    const QString singles = store->createEvent(tourDraft(QStringLiteral("2025-12-06")));
    store->addEntrant(singles, {ids[0]});
    store->addEntrant(singles, {ids[1]});
    QVERIFY_THROWS_EXCEPTION(StoreError, store->pairPartners(singles, 1, 2));
    // Nor does a singles event with a player checked in become doubles: that player would count in
    // N as a team of one. Checked out again, it may, and the players wait for partners.
    store->setEntrantStatus(singles, 1, EntrantStatus::Started);
    const core::EventDraft doubles = tourDraft(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles);
    try {
        store->updateEvent(singles, doubles);
        QFAIL("a singles event with a player checked in became doubles");
    } catch (const StoreError& error) {
        QVERIFY2(error.message().contains(QStringLiteral("check them out")), qPrintable(error.message()));
    }
    QCOMPARE(store->event(singles)->format, engine::EventFormat::Singles);
    store->setEntrantStatus(singles, 1, EntrantStatus::Registered);
    store->updateEvent(singles, doubles);
    QCOMPARE(store->event(singles)->format, engine::EventFormat::Doubles);
    QVERIFY(store->check().isEmpty());
}

void TestEventDay::standingsReportTies_data()
{
    QTest::addColumn<std::vector<core::Placing>>("listed");
    QTest::addColumn<std::vector<core::ResultDefect::Kind>>("kinds");
    QTest::addColumn<std::vector<int>>("tiedUnits");        // of the first tie, in listed order
    QTest::addColumn<std::vector<core::Placing>>("broken"); // the offer to break the ties

    using Kind = core::ResultDefect::Kind;
    // Units 1-4 started, 5 withdrew after starting, 6 is registered only.
    QTest::newRow("strict") << std::vector<core::Placing>{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}
                            << std::vector<Kind>{} << std::vector<int>{} << std::vector<core::Placing>{};
    // The real data's case: two 2nd, no 3rd. Listed order 3 before 2.
    QTest::newRow("two second, none third")
        << std::vector<core::Placing>{{1, 1}, {3, 2}, {2, 2}, {4, 4}, {5, 5}}
        << std::vector<Kind>{Kind::TiedPlace} << std::vector<int>{3, 2}
        << std::vector<core::Placing>{{1, 1}, {3, 2}, {2, 3}, {4, 4}, {5, 5}};
    // Dense places after a tie move down as far as needed.
    QTest::newRow("dense places") << std::vector<core::Placing>{{4, 1}, {1, 1}, {2, 2}, {3, 3}, {5, 4}}
                                  << std::vector<Kind>{Kind::TiedPlace} << std::vector<int>{4, 1}
                                  << std::vector<core::Placing>{{4, 1}, {1, 2}, {2, 3}, {3, 4}, {5, 5}};
    // DECISIONS P3: a unit that withdrew after starting stays in the field and needs a place.
    QTest::newRow("withdrawn unplaced")
        << std::vector<core::Placing>{{1, 1}, {2, 2}, {3, 3}, {4, 4}} << std::vector<Kind>{Kind::MissingPlace}
        << std::vector<int>{} << std::vector<core::Placing>{};
    QTest::newRow("registered placed")
        << std::vector<core::Placing>{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}}
        << std::vector<Kind>{Kind::PlacedNotStarted} << std::vector<int>{} << std::vector<core::Placing>{};
    QTest::newRow("tie and missing") << std::vector<core::Placing>{{1, 1}, {2, 1}, {3, 3}, {5, 4}}
                                     << std::vector<Kind>{Kind::MissingPlace, Kind::TiedPlace}
                                     << std::vector<int>{1, 2}
                                     << std::vector<core::Placing>{{1, 1}, {2, 2}, {3, 3}, {5, 4}};
}

void TestEventDay::standingsReportTies()
{
    QFETCH(std::vector<core::Placing>, listed);
    QFETCH(std::vector<core::ResultDefect::Kind>, kinds);
    QFETCH(std::vector<int>, tiedUnits);
    QFETCH(std::vector<core::Placing>, broken);

    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-06")));
    const QStringList ids = recentPlayers(*store, 6);
    for (int i = 0; i < 6; ++i)
        store->addEntrant(event, {ids[i]}, i < 4 ? EntrantStatus::Started : EntrantStatus::Registered);
    store->setEntrantStatus(event, 5, EntrantStatus::Withdrawn);
    store->setStandings(event, listed);
    QCOMPARE(store->standings(event), listed);

    const core::ResultsValidation validation = core::validateResults(*store, event);
    std::vector<core::ResultDefect::Kind> found;
    for (const core::ResultDefect& defect : validation.defects) {
        found.push_back(defect.kind);
        QVERIFY(!defect.message.isEmpty());
    }
    QCOMPARE(found, kinds);
    QCOMPARE(validation.ok(), kinds.empty());
    QCOMPARE(validation.tieBreak, broken);
    if (!tiedUnits.empty()) {
        const auto tie = std::find_if(
            validation.defects.begin(), validation.defects.end(),
            [](const core::ResultDefect& d) { return d.kind == core::ResultDefect::Kind::TiedPlace; });
        QCOMPARE(tie->units, tiedUnits);
        QVERIFY(tie->place);
        // DECISIONS N4, said in plain words (the rule code is for the code, not the director).
        QVERIFY(tie->message.contains(QLatin1String("a tied finish cannot be rated")));
        QVERIFY(!tie->message.contains(QLatin1String("N4")));
        // Taking the offer leaves no tie.
        store->setStandings(event, validation.tieBreak);
        const core::ResultsValidation again = core::validateResults(*store, event);
        QVERIFY(!again.hasTies());
        for (const core::ResultDefect& defect : again.defects)
            QVERIFY(defect.kind != core::ResultDefect::Kind::TiedPlace);
    }
    QVERIFY_THROWS_EXCEPTION(StoreError, store->setStandings(event, {{1, 1}, {1, 2}}));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->setStandings(event, {{9, 1}}));
    QVERIFY_THROWS_EXCEPTION(StoreError, store->setStandings(event, {{1, 0}}));
}

void TestEventDay::gamesNameEntrantsOnly()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-06")));
    const QStringList ids = recentPlayers(*store, 4);
    for (int i = 0; i < 3; ++i)
        store->addEntrant(event, {ids[i]}, EntrantStatus::Started);
    std::vector<core::GameRecord> games{{7, {ids[0]}, {ids[1]}, engine::GameOutcome::WinA},
                                        {9, {ids[1]}, {ids[2]}, engine::GameOutcome::Draw}};
    store->setGames(event, games);
    std::vector<core::GameRecord> stored = store->event(event)->games;
    QCOMPARE(stored.size(), std::size_t{2});
    QCOMPARE(stored[0].number, 1); // numbered as given
    QCOMPARE(stored[1].sideB, QStringList{ids[2]});
    QCOMPARE(stored[1].outcome, engine::GameOutcome::Draw);
    // A game names entrants only; an entrant who plays cannot be removed.
    QVERIFY_THROWS_EXCEPTION(StoreError,
                             store->setGames(event, {{1, {ids[0]}, {ids[3]}, engine::GameOutcome::WinB}}));
    QCOMPARE(store->event(event)->games, stored);
    QVERIFY_THROWS_EXCEPTION(StoreError, store->removeEntrant(event, 1));
    // A registered entrant's game is reported; so is a player on both sides.
    store->addEntrant(event, {ids[3]});
    store->setGames(event, {{1, {ids[0]}, {ids[3]}, engine::GameOutcome::WinB},
                            {2, {ids[1]}, {ids[1]}, engine::GameOutcome::WinA}});
    std::vector<core::ResultDefect::Kind> kinds;
    for (const core::ResultDefect& defect : core::validateResults(*store, event).defects)
        kinds.push_back(defect.kind);
    QVERIFY(std::count(kinds.begin(), kinds.end(), core::ResultDefect::Kind::GameOutsideField) == 1);
    QVERIFY(std::count(kinds.begin(), kinds.end(), core::ResultDefect::Kind::GameSides) == 1);
    store->setGames(event, {});
    QVERIFY(store->event(event)->games.empty());
    store->removeEntrant(event, 1);
    QVERIFY(store->check().isEmpty());
}

void TestEventDay::awardFreezesPayoutOfMonthLock()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    // An event in the month after the history, with an event earlier in the same month that the
    // lock must not see (DECISIONS P1).
    const QString earlier = store->createEvent(tourDraft(QStringLiteral("2025-12-01")));
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-13")));
    const QStringList ids = recentPlayers(*store, 26);
    for (int i = 0; i < 2; ++i)
        store->addEntrant(earlier, {ids[i]}, EntrantStatus::Started);
    store->setStandings(earlier, {{2, 1}, {1, 2}});
    store->setEventStatus(earlier, EventStatus::Finished);

    // 24 of the history, a newcomer, and one who registered but never began (not in N: P3).
    for (int i = 0; i < 24; ++i)
        store->addEntrant(event, {ids[i]}, EntrantStatus::Started);
    const QString newcomer = store->addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Tavistock"));
    QCOMPARE(store->addEntrant(event, {newcomer}, EntrantStatus::Started), 25);
    QCOMPARE(store->addEntrant(event, {ids[24]}), 26);
    store->setEntrantStatus(event, 7, EntrantStatus::Withdrawn); // withdrew after starting: placed
    // Finishing order: the newcomer wins, then units 24 down to 1.
    std::vector<core::Placing> standings{{25, 1}};
    std::vector<QStringList> order{{newcomer}};
    for (int unit = 24; unit >= 1; --unit) {
        standings.push_back({unit, static_cast<int>(standings.size()) + 1});
        order.push_back({ids[unit - 1]});
    }
    store->setStandings(event, standings);
    QVERIFY(core::validateResults(*store, event).ok());
    QVERIFY_THROWS_EXCEPTION(StoreError, core::awardEvent(*store, event)); // not finished yet
    store->setEventStatus(event, EventStatus::Finished);

    const ExpectedAward expected = expectedAward(*store, QStringLiteral("2025-12-13"),
                                                 engine::EventFormat::Singles, engine::Tier::Two, order);
    QCOMPARE(expected.payout.fieldSize, 25);
    QCOMPARE(expected.mu.at(newcomer), 0.0);

    // The preview's ratings are the same lock.
    const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(QStringLiteral("2025-12-13"));
    QCOMPARE(lock.month, QStringLiteral("2025-12"));
    for (const auto& [id, mu] : expected.mu)
        QCOMPARE(lock.muOf(id), mu);

    const core::AwardRecord award = core::awardEvent(*store, event);
    QCOMPARE(store->event(event)->status, EventStatus::Awarded);
    QCOMPARE(award.revision, 1);
    QCOMPARE(award.lockMonth, QStringLiteral("2025-12"));
    QCOMPARE(award.fsi, expected.payout.fieldStrengthIndex);
    QCOMPARE(award.fdi, expected.payout.fieldDepthIndex);
    QCOMPARE(award.awards.size(), std::size_t{25});
    QCOMPARE(award.ratings.size(), std::size_t{25});
    for (const core::PlayerAward& points : award.awards) {
        const auto position =
            std::find(order.begin(), order.end(), QStringList{points.playerId}) - order.begin();
        QCOMPARE(points.place, static_cast<int>(position) + 1);
        QCOMPARE(points.points, expected.payout.awards[static_cast<std::size_t>(position)]);
    }
    for (const core::LockedRating& rating : award.ratings)
        QCOMPARE(rating.mu, expected.mu.at(rating.playerId));
    QCOMPARE(store->currentAward(event), std::optional(award));
    QCOMPARE(auditActions(*store, event).last(), QStringLiteral("award"));

    // Awarded once; again is refused (DECISIONS P2: re-awarding is its own, logged action).
    QVERIFY_THROWS_EXCEPTION(StoreError, core::awardEvent(*store, event));
    QVERIFY(store->check().isEmpty());
}

void TestEventDay::awardDoubles()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString event =
        store->createEvent(tourDraft(QStringLiteral("2025-12-13"), engine::EventFormat::Doubles));
    const QStringList ids = recentPlayers(*store, 24);
    std::vector<QStringList> order;
    std::vector<core::Placing> standings;
    for (int team = 0; team < 12; ++team) {
        const QStringList partners{ids[2 * team], ids[2 * team + 1]};
        const int unit = store->addEntrant(event, {partners[0]});
        const int partner = store->addEntrant(event, {partners[1]});
        QCOMPARE(store->pairPartners(event, unit, partner), unit);
        store->setEntrantStatus(event, unit, EntrantStatus::Started); // a pair checks in
        standings.push_back({unit, 12 - team});
        order.insert(order.begin(), partners);
    }
    store->setStandings(event, standings);
    store->setEventStatus(event, EventStatus::Finished);
    const ExpectedAward expected = expectedAward(*store, QStringLiteral("2025-12-13"),
                                                 engine::EventFormat::Doubles, engine::Tier::Two, order);
    const core::AwardRecord award = core::awardEvent(*store, event);
    QCOMPARE(award.fsi, expected.payout.fieldStrengthIndex);
    QCOMPARE(award.awards.size(), std::size_t{24}); // DECISIONS P9: both partners
    for (const core::PlayerAward& points : award.awards) {
        const auto position =
            std::find_if(order.begin(), order.end(),
                         [&](const QStringList& team) { return team.contains(points.playerId); }) -
            order.begin();
        QCOMPARE(points.place, static_cast<int>(position) + 1);
        QCOMPARE(points.points, expected.payout.awards[static_cast<std::size_t>(position)]);
    }
}

void TestEventDay::awardRefusesInvalidResults()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-13")));
    const QStringList ids = recentPlayers(*store, 3);
    for (const QString& id : ids)
        store->addEntrant(event, {id}, EntrantStatus::Started);
    store->setStandings(event, {{1, 1}, {2, 1}, {3, 3}}); // a tie (DECISIONS N4)
    store->setEventStatus(event, EventStatus::Finished);
    QVERIFY_THROWS_EXCEPTION(StoreError, core::awardEvent(*store, event));
    QCOMPARE(store->event(event)->status, EventStatus::Finished);
    QVERIFY(!store->currentAward(event));
    try {
        core::awardEvent(*store, event);
    } catch (const StoreError& error) {
        QCOMPARE(error.kind(), StoreError::Kind::Refused);
        QVERIFY(error.message().contains(QLatin1String("tied")));
    }
    store->setStandings(event, core::validateResults(*store, event).tieBreak);
    // A Tour event needs a tier; an event of no Tour awards nothing (DECISIONS T1).
    core::EventDraft draft = core::EventDraft::of(*store->event(event));
    draft.tier.reset();
    store->updateEvent(event, draft);
    QVERIFY_THROWS_EXCEPTION(StoreError, core::awardEvent(*store, event));
    draft.tier = 3;
    draft.tour = core::Tour::None;
    store->updateEvent(event, draft);
    QVERIFY_THROWS_EXCEPTION(StoreError, core::awardEvent(*store, event));
    draft.tour = core::Tour::Competitive;
    store->updateEvent(event, draft);
    QCOMPARE(core::awardEvent(*store, event).awards.size(), std::size_t{3});
}

void TestEventDay::lockCacheFollowsHistory()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QStringList ids = recentPlayers(*store, 2);
    // One home of the locks, as a session keeps it: its memory must follow the stored history.
    core::MonthLocks locks(*store);
    const core::MonthLockRatings before = locks.lockFor(QStringLiteral("2026-01-10"));
    QCOMPARE(locks.computed(), 1);
    QCOMPARE(locks.lockFor(QStringLiteral("2026-01")).mu, before.mu); // from the cache
    QCOMPARE(locks.computed(), 1);
    QVERIFY(locks.quickToRead(*core::Month::fromString(QStringLiteral("2026-01")), 0)); // in memory

    // A finished event in December is history for January's lock: the cache must not hide it.
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-13")));
    store->addEntrant(event, {ids[0]}, EntrantStatus::Started);
    store->addEntrant(event, {ids[1]}, EntrantStatus::Started);
    store->setStandings(event, {{2, 1}, {1, 2}});
    QCOMPARE(locks.lockFor(QStringLiteral("2026-01-10")).mu, before.mu); // started: not history
    QCOMPARE(locks.computed(), 1);
    store->setEventStatus(event, EventStatus::Finished);
    const core::MonthLockRatings after = locks.lockFor(QStringLiteral("2026-01-10"));
    QCOMPARE(locks.computed(), 2);
    QVERIFY(after.muOf(ids[1]) > before.muOf(ids[1])); // a win raises mu
    QVERIFY(after.mu != before.mu);
    // Another home (another session) of the same database takes the stored lock, computing nothing.
    core::MonthLocks other(*store);
    QCOMPARE(other.lockFor(QStringLiteral("2026-01-31")).mu, after.mu);
    QCOMPARE(other.computed(), 0);
    QCOMPARE(locks.lockFor(QStringLiteral("2025-12-20")).mu,
             locks.lockFor(QStringLiteral("2025-12-01")).mu); // P1: not its own month
    QCOMPARE(after.muOf(QStringLiteral("never-seen")), 0.0);  // N6
    QVERIFY_THROWS_EXCEPTION(StoreError, locks.lockFor(QStringLiteral("January")));
    QVERIFY_THROWS_EXCEPTION(StoreError, locks.lockFor(QStringLiteral("2026-02-30")));
}

void TestEventDay::changesToFinishedEventsAreLogged()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(historyCopy(temp));
    QVERIFY(store);
    const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-13")));
    const QStringList ids = recentPlayers(*store, 4);
    for (int i = 0; i < 3; ++i)
        store->addEntrant(event, {ids[i]}, EntrantStatus::Started);
    store->setStandings(event, {{1, 1}, {2, 2}, {3, 3}});
    QVERIFY(store->auditLog(event).empty());
    store->setEventStatus(event, EventStatus::Finished);
    QCOMPARE(store->auditLog(event).size(), std::size_t{0}); // started -> finished is not a change to history

    store->setEntrantStatus(event, 3, EntrantStatus::Withdrawn);
    store->setStandings(event, {{2, 1}, {1, 2}, {3, 3}});
    store->addEntrant(event, {ids[3]});
    store->removeEntrant(event, 4);
    core::EventDraft draft = core::EventDraft::of(*store->event(event));
    draft.name = QStringLiteral("Tavistock Open 2025");
    store->updateEvent(event, draft);
    store->updateEvent(event, draft); // no change: not logged
    store->setGames(event, {});
    QCOMPARE(auditActions(*store, event),
             (QStringList{QStringLiteral("entrant-status"), QStringLiteral("set-standings"),
                          QStringLiteral("add-entrant"), QStringLiteral("remove-entrant"),
                          QStringLiteral("update-event"), QStringLiteral("set-games")}));
    const QJsonObject details = QJsonDocument::fromJson(store->auditLog(event)[4].details.toUtf8()).object();
    QCOMPARE(details.value(QStringLiteral("after")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("Tavistock Open 2025"));
    core::awardEvent(*store, event);
    store->setEntrantStatus(event, 3, EntrantStatus::Started); // an awarded event: logged too
    QCOMPARE(auditActions(*store, event).last(), QStringLiteral("entrant-status"));
    QCOMPARE(store->currentAward(event)->awards.size(), std::size_t{3}); // the award stays (P2)
}

void TestEventDay::readOnlyStoreRefuses_data()
{
    QTest::addColumn<std::function<void(Store&)>>("write");
    QTest::newRow("createEvent") << std::function<void(Store&)>(
        [](Store& s) { s.createEvent(tourDraft(QStringLiteral("2025-12-13"))); });
    QTest::newRow("updateEvent") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        s.updateEvent(event, tourDraft(QStringLiteral("2025-12-14")));
    });
    QTest::newRow("addPlayer") << std::function<void(Store&)>(
        [](Store& s) { s.addPlayer(QStringLiteral("Ann Smith"), {}); });
    QTest::newRow("addEntrant") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        s.addEntrant(event, {QStringLiteral("725")});
    });
    QTest::newRow("removeEntrant") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        s.removeEntrant(event, 1);
    });
    QTest::newRow("setEntrantStatus") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        s.setEntrantStatus(event, 1, EntrantStatus::Withdrawn);
    });
    QTest::newRow("setStandings") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        s.setStandings(event, {{2, 1}, {1, 2}});
    });
    QTest::newRow("setGames") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        s.setGames(event, {});
    });
    QTest::newRow("restoreEntrants") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        s.restoreEntrants(event, {*s.entrant(event, 1)});
    });
    QTest::newRow("awardEvent") << std::function<void(Store&)>([](Store& s) {
        const QString event = testing::createdEvent(s);
        core::awardEvent(s, event);
    });
}

void TestEventDay::readOnlyStoreRefuses()
{
    QFETCH(std::function<void(Store&)>, write);
    QTemporaryDir temp;
    const QString path = historyCopy(temp);
    {
        const auto store = testing::openStoppedStore(path);
        QVERIFY(store);
        const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-13")));
        const QStringList ids = recentPlayers(*store, 2);
        store->addEntrant(event, {ids[0]}, EntrantStatus::Started);
        store->addEntrant(event, {ids[1]}, EntrantStatus::Started);
        store->setStandings(event, {{1, 1}, {2, 2}});
        store->setEventStatus(event, EventStatus::Finished);
    }
    const auto writer = testing::openStoppedStore(path); // holds the lock: the second one is read-only
    QVERIFY(writer);
    const auto reader = testing::openStoppedStore(path);
    QVERIFY(reader);
    QVERIFY(reader->isReadOnly());
    const QString event = testing::createdEvent(*reader);
    const QString before = QString::number(reader->entrants(event).size()) + reader->event(event)->name;
    try {
        write(*reader);
        QFAIL("a read-only store wrote");
    } catch (const StoreError& error) {
        QCOMPARE(error.kind(), StoreError::Kind::ReadOnly);
    }
    // Reading works.
    QCOMPARE(QString::number(reader->entrants(event).size()) + reader->event(event)->name, before);
    QVERIFY(core::validateResults(*reader, event).ok());
    QVERIFY(!reader->searchPlayers(QStringLiteral("72")).empty());
    QVERIFY(!core::MonthLocks(*reader).lockFor(QStringLiteral("2025-12-13")).mu.isEmpty());
    QCOMPARE(reader->event(event)->status, EventStatus::Finished);
}

void TestEventDay::olderDatabaseKeepsWorking()
{
    // A version 2 file, without the listed order of standings, read by this version read-only.
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("v2.sqlite"));
    {
        const auto store = testing::openStoreAtVersion(path, 2);
        QVERIFY(store);
        const QString event = store->createEvent(tourDraft(QStringLiteral("2025-12-13")));
        const QString a = store->addPlayer(QStringLiteral("Ann Smith"), {});
        const QString b = store->addPlayer(QStringLiteral("Bo Lee"), {});
        store->addEntrant(event, {a}, EntrantStatus::Started);
        store->addEntrant(event, {b}, EntrantStatus::Started);
        store->setStandings(event, {{2, 1}, {1, 1}});
        QCOMPARE(store->entrant(event, 1)->listed, std::optional<int>());
        QCOMPARE(core::validateResults(*store, event).tieBreak, (std::vector<core::Placing>{{1, 1}, {2, 2}}));
    }
    const auto reader = testing::openStoppedStore(path, true);
    QVERIFY(reader);
    QCOMPARE(reader->schemaVersion(), 2);
    const QString event = testing::createdEvent(*reader);
    QCOMPARE(reader->standings(event), (std::vector<core::Placing>{{1, 1}, {2, 1}}));
    const auto upgraded = testing::openStoppedStore(path);
    QCOMPARE(upgraded->schemaVersion(), Store::latestSchemaVersion);
    upgraded->setStandings(event, {{2, 1}, {1, 1}});
    QCOMPARE(core::validateResults(*upgraded, event).tieBreak, (std::vector<core::Placing>{{2, 1}, {1, 2}}));
}

QTEST_MAIN(TestEventDay)
#include "tst_eventday.moc"
