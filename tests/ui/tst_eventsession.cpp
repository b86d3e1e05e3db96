// An event's day in models/eventday/eventsession.h: every command done, undone and redone, with the store
// and the models checked each time; refused edits never reach the undo stack; consecutive check-ins
// of one entrant merge; a failed undo clears the stack; the stack survives until the award and is
// cleared by it, after which every edit is refused (DECISIONS P2).
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/awards/monthlocks.h"
#include "core/store/store.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "models/eventday/playersearchmodel.h"
#include "models/samplehistory.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <functional>
#include <memory>

using namespace flickdesk;
using core::EntrantStatus;
using core::EventStatus;
using core::Store;
using testing::draftOn;
using testing::openStore;
using testing::recentPlayers;
using ui::EntrantListModel;
using ui::EventSession;

namespace {

// The entrants as the store holds them and as the model shows them, in one comparable form.
QStringList storedEntrants(Store& store, const QString& eventId)
{
    QStringList rows;
    for (const core::Entrant& entrant : store.entrants(eventId))
        rows.append(QStringLiteral("%1:%2:%3:%4")
                        .arg(entrant.number)
                        .arg(entrant.playerIds().join(u'+'), core::keyword(entrant.status))
                        .arg(entrant.place ? QString::number(*entrant.place) : QString()));
    return rows;
}

QStringList shownEntrants(const EntrantListModel& model)
{
    QStringList rows;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex index = model.index(row, 0);
        const QVariant place = model.data(index, EntrantListModel::PlaceRole);
        rows.append(QStringLiteral("%1:%2:%3:%4")
                        .arg(model.data(index, EntrantListModel::UnitRole).toInt())
                        .arg(model.data(index, EntrantListModel::PlayerIdsRole).toStringList().join(u'+'),
                             core::keyword(static_cast<EntrantStatus>(
                                 model.data(index, EntrantListModel::StatusRole).toInt())))
                        .arg(place.isValid() ? QString::number(place.toInt()) : QString()));
    }
    return rows;
}

} // namespace

// The store and the entrant model agree, and hold `expected`.
#define CHECK_ENTRANTS(expected)                                                                             \
    do {                                                                                                     \
        QCOMPARE(storedEntrants(*store, id), QStringList(expected));                                         \
        QCOMPARE(shownEntrants(*session.entrants()), QStringList(expected));                                 \
    } while (false)

class TestEventSession : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void addPlayer();
    void addEntrant();
    void removeEntrant();
    void setEntrantStatus();
    void checkInsMerge();
    void pairPartners();
    void checkInAllRegistered();
    void unratedPlayersShowNew();
    void setTeam();
    void setStandings();
    void partialStandingsAreWorkInProgress();
    void breakTies();
    void setGames();
    void setEventStatus();
    void updateEvent();
    void refusedEditIsNotPushed();
    void failedUndoClearsStack();
    void undoSurvivesUntilAward();
    void readOnlyStoreIsNotEditable();

private:
    QTemporaryDir m_template;
    QString m_historyDatabase;
    // Each test's own copy of the sample database and a new event on it.
    std::unique_ptr<QTemporaryDir> m_temp;
    std::unique_ptr<Store> store;
    QString id;
    QStringList players;
};

void TestEventSession::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_template.isValid());
    m_historyDatabase = m_template.filePath(QStringLiteral("sample.sqlite"));
    const auto sample = openStore(m_historyDatabase);
    QVERIFY(sample);
    QVERIFY(sample->importHistory(ui::sampleHistoryFolder()).ok());
}

void TestEventSession::init()
{
    m_temp = std::make_unique<QTemporaryDir>();
    const QString path = m_temp->filePath(QStringLiteral("day.sqlite"));
    QVERIFY(QFile::copy(m_historyDatabase, path));
    store = openStore(path);
    QVERIFY(store);
    id = store->createEvent(draftOn(QStringLiteral("2025-12-06")));
    players = recentPlayers(*store, 8);
}

void TestEventSession::cleanup()
{
    store.reset();
    m_temp.reset();
}

void TestEventSession::addPlayer()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    ui::PlayerSearchModel* search = session.playerSearch();
    search->setQuery(QStringLiteral("ann smith"));
    const int before = store->playerCount();
    const std::optional<QString> added =
        session.addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Tavistock"));
    QVERIFY(added);
    QCOMPARE(*added, QStringLiteral("L%1-1").arg(store->deskTag())); // DECISIONS D1: a local id
    QCOMPARE(store->player(*added)->location, QStringLiteral("Tavistock"));
    QCOMPARE(store->playerCount(), before + 1);
    QCOMPARE(search->rowCount(), 1);
    QCOMPARE(session.undoStack()->count(), 1);

    session.undoStack()->undo();
    QVERIFY(!store->player(*added));
    QCOMPARE(store->playerCount(), before);
    QCOMPARE(search->rowCount(), 0);

    session.undoStack()->redo();
    QCOMPARE(store->player(*added)->name, QStringLiteral("Ann Smith")); // the same id again
    QCOMPARE(store->player(*added)->location, QStringLiteral("Tavistock"));
    QCOMPARE(search->rowCount(), 1);
    QCOMPARE(search->matchAt(0).id, *added);
}

void TestEventSession::addEntrant()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QAbstractItemModelTester tester(session.entrants(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(session.addEntrant({players[0]}), std::optional<int>(1));
    QCOMPARE(session.addEntrant({players[1]}, EntrantStatus::Started), std::optional<int>(2));
    const QStringList both{QStringLiteral("1:%1:registered:").arg(players[0]),
                           QStringLiteral("2:%1:started:").arg(players[1])};
    CHECK_ENTRANTS(both);
    QCOMPARE(session.payoutPreview()->fieldSize(), 1);

    session.undoStack()->undo();
    CHECK_ENTRANTS(both.mid(0, 1));
    QCOMPARE(session.payoutPreview()->fieldSize(), 0);
    session.undoStack()->undo();
    CHECK_ENTRANTS(QStringList());

    session.undoStack()->redo();
    session.undoStack()->redo();
    CHECK_ENTRANTS(both); // the same numbers again
    QCOMPARE(session.payoutPreview()->fieldSize(), 1);
    QCOMPARE(session.entrants()->registeredCount(), 1);
    QCOMPARE(session.entrants()->startedCount(), 1);
}

void TestEventSession::removeEntrant()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QAbstractItemModelTester tester(session.entrants(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    for (int i = 0; i < 3; ++i)
        QVERIFY(session.addEntrant({players[i]}, EntrantStatus::Started));
    QVERIFY(session.setStandings({{3, 1}, {2, 2}, {1, 3}}));
    const QStringList all{QStringLiteral("1:%1:started:3").arg(players[0]),
                          QStringLiteral("2:%1:started:2").arg(players[1]),
                          QStringLiteral("3:%1:started:1").arg(players[2])};
    CHECK_ENTRANTS(all);

    QVERIFY(session.removeEntrant(2));
    CHECK_ENTRANTS((QStringList{all[0], all[2]}));
    QCOMPARE(session.payoutPreview()->fieldSize(), 2);
    session.undoStack()->undo();
    CHECK_ENTRANTS(all); // number, status and place back
    QCOMPARE(store->standings(id), (std::vector<core::Placing>{{3, 1}, {2, 2}, {1, 3}}));
    QCOMPARE(session.payoutPreview()->fieldSize(), 3);
    session.undoStack()->redo();
    CHECK_ENTRANTS((QStringList{all[0], all[2]}));
}

void TestEventSession::setEntrantStatus()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QAbstractItemModelTester tester(session.entrants(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QVERIFY(session.addEntrant({players[0]}, EntrantStatus::Started));
    QVERIFY(session.addEntrant({players[1]}, EntrantStatus::Started));
    QVERIFY(session.setEntrantStatus(2, EntrantStatus::Withdrawn));
    CHECK_ENTRANTS((QStringList{QStringLiteral("1:%1:started:").arg(players[0]),
                                QStringLiteral("2:%1:withdrawn:").arg(players[1])}));
    QCOMPARE(session.entrants()->withdrawnCount(), 1);
    QCOMPARE(session.payoutPreview()->fieldSize(), 2); // P3: withdrawn after starting stays
    session.undoStack()->undo();
    CHECK_ENTRANTS((QStringList{QStringLiteral("1:%1:started:").arg(players[0]),
                                QStringLiteral("2:%1:started:").arg(players[1])}));
    QCOMPARE(session.entrants()->withdrawnCount(), 0);
    session.undoStack()->redo();
    QCOMPARE(store->entrant(id, 2)->status, EntrantStatus::Withdrawn);
    QCOMPARE(session.entrants()->withdrawnCount(), 1);
    QVERIFY(session.setEntrantStatus(2, EntrantStatus::Withdrawn)); // no change: no command
    QCOMPARE(session.undoStack()->count(), 3);
}

void TestEventSession::checkInsMerge()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QUndoStack* stack = session.undoStack();
    for (int i = 0; i < 3; ++i)
        QVERIFY(session.addEntrant({players[i]}));
    QCOMPARE(stack->count(), 3);

    // Consecutive toggles of one entrant: one step; back where it began: no step at all.
    QVERIFY(session.setCheckedIn(1, true));
    QCOMPARE(stack->count(), 4);
    QVERIFY(session.setCheckedIn(1, false));
    QCOMPARE(stack->count(), 3);
    QVERIFY(session.setCheckedIn(1, true));
    QVERIFY(session.setCheckedIn(1, false));
    QVERIFY(session.setCheckedIn(1, true));
    QCOMPARE(stack->count(), 4);
    QCOMPARE(store->entrant(id, 1)->status, EntrantStatus::Started);

    // Another entrant's check-in is its own step; so is a withdrawal, which never merges.
    QVERIFY(session.setCheckedIn(2, true));
    QCOMPARE(stack->count(), 5);
    QVERIFY(session.setCheckedIn(1, false)); // entrant 1 again, but not consecutive
    QCOMPARE(stack->count(), 6);
    QVERIFY(session.setEntrantStatus(2, EntrantStatus::Withdrawn));
    QVERIFY(session.setEntrantStatus(2, EntrantStatus::Started));
    QCOMPARE(stack->count(), 8);

    stack->undo();
    stack->undo();
    QCOMPARE(store->entrant(id, 2)->status, EntrantStatus::Started);
    stack->undo();
    QCOMPARE(store->entrant(id, 1)->status, EntrantStatus::Started);
    stack->undo();
    QCOMPARE(store->entrant(id, 2)->status, EntrantStatus::Registered);
    stack->undo(); // the merged toggles of entrant 1: undone at once
    QCOMPARE(store->entrant(id, 1)->status, EntrantStatus::Registered);
    QCOMPARE(session.entrants()->startedCount(), 0);
    QCOMPARE(stack->index(), 3);
}

void TestEventSession::pairPartners()
{
    store->updateEvent(id, draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QAbstractItemModelTester tester(session.entrants(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QVERIFY(session.addEntrant({players[0]}));
    QVERIFY(session.addEntrant({players[1]}));
    QVERIFY(session.addEntrant({players[2], players[3]}, EntrantStatus::Started));
    const QStringList apart{QStringLiteral("1:%1:registered:").arg(players[0]),
                            QStringLiteral("2:%1:registered:").arg(players[1]),
                            QStringLiteral("3:%1+%2:started:").arg(players[2], players[3])};
    CHECK_ENTRANTS(apart);
    QCOMPARE(session.payoutPreview()->fieldSize(), 1);
    QCOMPARE(session.entrants()->unpairedCount(), 2);
    // DECISIONS P3, P5: a player alone does not start; the refusal never reaches the stack.
    QVERIFY(!session.setCheckedIn(1, true));
    QVERIFY2(session.lastError().contains(QLatin1String("pair a partner first")),
             qPrintable(session.lastError()));
    QVERIFY(!session.addEntrant({players[4]}, EntrantStatus::Started));
    CHECK_ENTRANTS(apart);
    QCOMPARE(session.payoutPreview()->fieldSize(), 1);
    QCOMPARE(session.undoStack()->count(), 3);

    QVERIFY(session.pairPartners(1, 2));
    const QStringList paired{QStringLiteral("1:%1+%2:registered:").arg(players[0], players[1]), apart[2]};
    CHECK_ENTRANTS(paired);
    QCOMPARE(session.entrants()->unpairedCount(), 0);
    session.undoStack()->undo();
    CHECK_ENTRANTS(apart);
    session.undoStack()->redo();
    CHECK_ENTRANTS(paired);
    QVERIFY(!session.pairPartners(1, 3)); // both teams are full
    QCOMPARE(session.undoStack()->count(), 4);
    // The pair checks in, and the check-in and the pairing undo in turn.
    QVERIFY(session.setCheckedIn(1, true));
    QCOMPARE(session.payoutPreview()->fieldSize(), 2);
    session.undoStack()->undo();
    CHECK_ENTRANTS(paired);
    QCOMPARE(session.payoutPreview()->fieldSize(), 1);
    session.undoStack()->undo();
    CHECK_ENTRANTS(apart);
}

// "Check in all registered": every registered entrant in one transaction and one undo step; in
// doubles a player without a partner stays registered.
void TestEventSession::checkInAllRegistered()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    for (int i = 0; i < 5; ++i)
        QVERIFY(
            session.addEntrant({players[i]}, i == 1 ? EntrantStatus::Started : EntrantStatus::Registered));
    QVERIFY(session.setCheckedIn(3, true)); // DECISIONS P3: only one who started withdraws
    QVERIFY(session.setEntrantStatus(3, EntrantStatus::Withdrawn));
    const int steps = session.undoStack()->count();
    const QStringList before = storedEntrants(*store, id);
    QCOMPARE(session.checkInAllRegistered(), std::optional<int>(3));
    QCOMPARE(session.undoStack()->count(), steps + 1);
    const QStringList after{
        QStringLiteral("1:%1:started:").arg(players[0]), QStringLiteral("2:%1:started:").arg(players[1]),
        QStringLiteral("3:%1:withdrawn:").arg(players[2]), QStringLiteral("4:%1:started:").arg(players[3]),
        QStringLiteral("5:%1:started:").arg(players[4])};
    CHECK_ENTRANTS(after);
    QCOMPARE(session.payoutPreview()->fieldSize(), 5);
    session.undoStack()->undo();
    CHECK_ENTRANTS(before);
    QCOMPARE(session.payoutPreview()->fieldSize(), 2);
    session.undoStack()->redo();
    CHECK_ENTRANTS(after);
    QCOMPARE(session.checkInAllRegistered(), std::optional<int>(0)); // nobody left: no step
    QCOMPARE(session.undoStack()->count(), steps + 1);

    const QString doublesId =
        store->createEvent(draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    EventSession doubles(*store, doublesId);
    QVERIFY(testing::waitForRatings(doubles));
    QVERIFY(doubles.addEntrant({players[0], players[1]}));
    QVERIFY(doubles.addEntrant({players[2]}));
    QVERIFY(doubles.addEntrant({players[3], players[4]}));
    QCOMPARE(doubles.checkInAllRegistered(), std::optional<int>(2));
    QCOMPARE(store->entrant(doublesId, 1)->status, EntrantStatus::Started);
    QCOMPARE(store->entrant(doublesId, 2)->status, EntrantStatus::Registered);
    QCOMPARE(store->entrant(doublesId, 3)->status, EntrantStatus::Started);
    QCOMPARE(doubles.payoutPreview()->fieldSize(), 2);
    QCOMPARE(doubles.entrants()->unpairedCount(), 1);
    doubles.undoStack()->undo();
    QCOMPARE(store->entrant(doublesId, 1)->status, EntrantStatus::Registered);
    QCOMPARE(store->entrant(doublesId, 3)->status, EntrantStatus::Registered);
    QCOMPARE(doubles.payoutPreview()->fieldSize(), 0);
}

// DECISIONS N6: a player the lock of the month never rated counts as 0 but reads "new", in the
// type-ahead and in the entrant list; a rated player shows the locked rating.
void TestEventSession::unratedPlayersShowNew()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    const std::optional<QString> newcomer = session.addPlayer(QStringLiteral("Ann Newcomer"), QString());
    QVERIFY(newcomer);
    QVERIFY(session.addEntrant({players[0]}));
    QVERIFY(session.addEntrant({*newcomer}));
    const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(QStringLiteral("2025-12-06"));
    QVERIFY(lock.mu.contains(players[0]));
    const EntrantListModel& entrants = *session.entrants();
    QCOMPARE(entrants.index(0, EntrantListModel::RatingColumn).data().toString(),
             QLocale().toString(lock.mu.value(players[0]), 'f', 3));
    QCOMPARE(entrants.index(1, EntrantListModel::RatingColumn).data().toString(), QStringLiteral("new"));
    QCOMPARE(entrants.index(1, 0).data(EntrantListModel::RatingRole).toDouble(), 0.0); // what P4 counts
    ui::PlayerSearchModel* search = session.playerSearch();
    search->setQuery(players[0]);
    QVERIFY(search->rowCount() >= 1);
    QCOMPARE(search->index(0, ui::PlayerSearchModel::RatingColumn).data().toString(),
             QLocale().toString(lock.mu.value(players[0]), 'f', 3));
    search->setQuery(QStringLiteral("Ann Newcomer"));
    QCOMPARE(search->rowCount(), 1);
    QCOMPARE(search->index(0, ui::PlayerSearchModel::RatingColumn).data().toString(), QStringLiteral("new"));
}

void TestEventSession::setTeam()
{
    store->updateEvent(id, draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QVERIFY(session.addEntrant({players[0], players[1]}, EntrantStatus::Started));
    const double before = session.entrants()->unitRating(*session.entrants()->entrant(1));
    QVERIFY(session.setTeam(1, {players[0], players[4]}));
    CHECK_ENTRANTS(QStringList{QStringLiteral("1:%1+%2:started:").arg(players[0], players[4])});
    const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(QStringLiteral("2025-12-06"));
    QCOMPARE(session.payoutPreview()->unflooredFieldStrength(),
             engine::teamRating(lock.muOf(players[0]), lock.muOf(players[4])) / 3.3);
    session.undoStack()->undo();
    CHECK_ENTRANTS(QStringList{QStringLiteral("1:%1+%2:started:").arg(players[0], players[1])});
    QCOMPARE(session.entrants()->unitRating(*session.entrants()->entrant(1)), before);
    session.undoStack()->redo();
    CHECK_ENTRANTS(QStringList{QStringLiteral("1:%1+%2:started:").arg(players[0], players[4])});
}

void TestEventSession::setStandings()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QSignalSpy results(&session, &EventSession::resultsChanged);
    for (int i = 0; i < 3; ++i)
        QVERIFY(session.addEntrant({players[i]}, EntrantStatus::Started));
    QVERIFY(session.setStandings({{2, 1}, {3, 2}, {1, 3}}));
    QCOMPARE(store->standings(id), (std::vector<core::Placing>{{2, 1}, {3, 2}, {1, 3}}));
    CHECK_ENTRANTS((QStringList{QStringLiteral("1:%1:started:3").arg(players[0]),
                                QStringLiteral("2:%1:started:1").arg(players[1]),
                                QStringLiteral("3:%1:started:2").arg(players[2])}));
    QVERIFY(session.setStandings({{1, 1}, {2, 2}, {3, 3}}));
    session.undoStack()->undo();
    QCOMPARE(store->standings(id), (std::vector<core::Placing>{{2, 1}, {3, 2}, {1, 3}}));
    session.undoStack()->undo();
    QVERIFY(store->standings(id).empty());
    CHECK_ENTRANTS((QStringList{QStringLiteral("1:%1:started:").arg(players[0]),
                                QStringLiteral("2:%1:started:").arg(players[1]),
                                QStringLiteral("3:%1:started:").arg(players[2])}));
    session.undoStack()->redo();
    QCOMPARE(store->standings(id), (std::vector<core::Placing>{{2, 1}, {3, 2}, {1, 3}}));
    QCOMPARE(results.count(), 5);
}

void TestEventSession::partialStandingsAreWorkInProgress()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    for (int i = 0; i < 3; ++i)
        QVERIFY(session.addEntrant({players[i]}, EntrantStatus::Started));
    // A place typed is one step of its own, named for the undo menu; a part of the standings is
    // stored as it is, without being complete.
    QVERIFY(session.setStandings({{2, 1}}, QStringLiteral("Place 1 for %1").arg(players[1])));
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Place 1 for %1").arg(players[1]));
    QCOMPARE(store->standings(id), (std::vector<core::Placing>{{2, 1}}));
    QVERIFY(!session.validateResults().ok());
    QVERIFY(session.setStandings({{2, 1}, {3, 2}, {1, 3}}));
    QVERIFY(session.setEventStatus(EventStatus::Finished));

    // Finished events are the rated history: a tie typed there takes the event back to started,
    // in the same step; undo makes it finished again with its complete standings.
    QSignalSpy updated(&session, &EventSession::eventUpdated);
    const int steps = session.undoStack()->count();
    QVERIFY(session.setStandings({{2, 1}, {3, 1}, {1, 3}}, QStringLiteral("Place 1 for %1").arg(players[2])));
    QCOMPARE(session.undoStack()->count(), steps + 1);
    QCOMPARE(store->event(id)->status, EventStatus::Started);
    QCOMPARE(session.event().status, EventStatus::Started);
    QVERIFY(updated.count() >= 1);
    QVERIFY(session.validateResults().hasTies());
    session.undoStack()->undo();
    QCOMPARE(store->standings(id), (std::vector<core::Placing>{{2, 1}, {3, 2}, {1, 3}}));
    QCOMPARE(store->event(id)->status, EventStatus::Finished);
    session.undoStack()->redo();
    QCOMPARE(store->event(id)->status, EventStatus::Started);
    // A complete set on a finished event leaves it finished.
    session.undoStack()->undo();
    QVERIFY(session.setStandings({{1, 1}, {2, 2}, {3, 3}}));
    QCOMPARE(store->event(id)->status, EventStatus::Finished);
    // The award still wants complete results: refused on a part, nothing frozen.
    QVERIFY(session.setStandings({{1, 1}, {2, 2}}));
    QVERIFY(!session.award());
    QVERIFY(!store->currentAward(id));
}

void TestEventSession::breakTies()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    for (int i = 0; i < 3; ++i)
        QVERIFY(session.addEntrant({players[i]}, EntrantStatus::Started));
    QVERIFY(session.setStandings({{3, 1}, {1, 2}, {2, 2}}));
    const core::ResultsValidation tied = session.validateResults();
    QVERIFY(tied.hasTies());
    QCOMPARE(tied.defects.front().units, (std::vector<int>{1, 2}));
    QVERIFY(session.breakTiesByListedOrder());
    QVERIFY(session.validateResults().ok());
    QCOMPARE(store->standings(id), (std::vector<core::Placing>{{3, 1}, {1, 2}, {2, 3}}));
    session.undoStack()->undo(); // one step: the tie is back
    QVERIFY(session.validateResults().hasTies());
}

void TestEventSession::setGames()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    for (int i = 0; i < 3; ++i)
        QVERIFY(session.addEntrant({players[i]}, EntrantStatus::Started));
    const std::vector<core::GameRecord> first{{1, {players[0]}, {players[1]}, engine::GameOutcome::WinA}};
    const std::vector<core::GameRecord> second{{1, {players[1]}, {players[2]}, engine::GameOutcome::Draw},
                                               {2, {players[0]}, {players[2]}, engine::GameOutcome::WinB}};
    QVERIFY(session.setGames(first));
    QCOMPARE(store->event(id)->games, first);
    QVERIFY(session.setGames(second));
    QCOMPARE(store->event(id)->games, second);
    session.undoStack()->undo();
    QCOMPARE(store->event(id)->games, first);
    session.undoStack()->undo();
    QVERIFY(store->event(id)->games.empty());
    session.undoStack()->redo();
    session.undoStack()->redo();
    QCOMPARE(store->event(id)->games, second);
    // An entrant who plays a game cannot be removed: refused, and nothing pushed.
    const int count = session.undoStack()->count();
    QVERIFY(!session.removeEntrant(1));
    QCOMPARE(session.undoStack()->count(), count);
}

void TestEventSession::setEventStatus()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QSignalSpy updated(&session, &EventSession::eventUpdated);
    QVERIFY(session.setEventStatus(EventStatus::Started));
    QCOMPARE(store->event(id)->status, EventStatus::Started);
    QCOMPARE(session.event().status, EventStatus::Started);
    QVERIFY(session.setEventStatus(EventStatus::Finished));
    session.undoStack()->undo();
    QCOMPARE(store->event(id)->status, EventStatus::Started);
    QCOMPARE(session.event().status, EventStatus::Started);
    session.undoStack()->undo();
    QCOMPARE(store->event(id)->status, EventStatus::Planned);
    session.undoStack()->redo();
    QCOMPARE(session.event().status, EventStatus::Started);
    QVERIFY(updated.count() >= 5);
    QVERIFY(!session.setEventStatus(EventStatus::Awarded)); // only award() awards
}

void TestEventSession::updateEvent()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QVERIFY(session.addEntrant({players[0]}, EntrantStatus::Started));
    const double december = session.entrants()->unitRating(*session.entrants()->entrant(1));
    // Another month: another lock (DECISIONS P1); the preview's terms follow the event.
    core::EventDraft draft = draftOn(QStringLiteral("2016-09-24"));
    draft.name = QStringLiteral("Belleville");
    draft.tier = 1;
    QVERIFY(session.updateEvent(draft));
    QCOMPARE(store->event(id)->name, QStringLiteral("Belleville"));
    QCOMPARE(session.event().date, QStringLiteral("2016-09-24"));
    QCOMPARE(session.payoutPreview()->tierFloor(), 0.80);
    const double september = session.entrants()->unitRating(*session.entrants()->entrant(1));
    QCOMPARE(september, core::MonthLocks(*store).lockFor(QStringLiteral("2016-09")).muOf(players[0]));
    QVERIFY(september != december);
    session.undoStack()->undo();
    QCOMPARE(store->event(id)->name, QStringLiteral("Tavistock Open"));
    QCOMPARE(session.payoutPreview()->tierFloor(), 0.40);
    QCOMPARE(session.entrants()->unitRating(*session.entrants()->entrant(1)), december);
    session.undoStack()->redo();
    QCOMPARE(core::EventDraft::of(*store->event(id)), draft);
}

void TestEventSession::refusedEditIsNotPushed()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QSignalSpy errors(&session, &EventSession::errorOccurred);
    QVERIFY(session.addEntrant({players[0]}));
    QVERIFY(!session.addEntrant({players[0]})); // a player once per event
    QVERIFY(!session.addEntrant({QStringLiteral("nobody")}));
    QVERIFY(!session.addPlayer(QString(), {}));
    QVERIFY(!session.setStandings({{7, 1}}));
    QVERIFY(!session.setEntrantStatus(7, EntrantStatus::Started));
    QCOMPARE(errors.count(), 5);
    QVERIFY(session.lastError().contains(QLatin1String("7")));
    QCOMPARE(session.undoStack()->count(), 1);
    QCOMPARE(session.entrants()->rowCount(), 1);
}

void TestEventSession::failedUndoClearsStack()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QAbstractItemModelTester tester(session.entrants(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy errors(&session, &EventSession::errorOccurred);
    QVERIFY(session.addEntrant({players[0]}));
    QVERIFY(session.addEntrant({players[1]}));
    // Behind the session's back, the entrant its last command added goes: that undo must fail.
    store->removeEntrant(id, 2);
    session.undoStack()->undo();
    QCOMPARE(errors.count(), 1);
    QVERIFY(session.lastError().contains(QLatin1String("undo history was cleared")));
    CHECK_ENTRANTS(QStringList{QStringLiteral("1:%1:registered:").arg(players[0])}); // read again
    QTRY_COMPARE(session.undoStack()->count(), 0);
    QVERIFY(session.addEntrant({players[1]})); // and the session goes on
}

void TestEventSession::undoSurvivesUntilAward()
{
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    QUndoStack* stack = session.undoStack();
    QSignalSpy editable(&session, &EventSession::editableChanged);
    for (int i = 0; i < 4; ++i)
        QVERIFY(session.addEntrant({players[i]}, EntrantStatus::Started));
    QVERIFY(session.addEntrant({players[4]}));
    QVERIFY(session.setStandings({{4, 1}, {3, 2}, {2, 3}, {1, 4}}));
    QVERIFY(session.setEventStatus(EventStatus::Started));
    QVERIFY(session.setEventStatus(EventStatus::Finished));
    QCOMPARE(stack->count(), 8);

    // Everything undone and redone: still the same, the award still possible.
    const QStringList before = storedEntrants(*store, id);
    while (stack->canUndo())
        stack->undo();
    QVERIFY(store->entrants(id).empty());
    QCOMPARE(store->event(id)->status, EventStatus::Planned);
    while (stack->canRedo())
        stack->redo();
    QCOMPARE(storedEntrants(*store, id), before);
    QCOMPARE(store->event(id)->status, EventStatus::Finished);
    QVERIFY(session.isEditable());
    // A change to the finished event is logged (DECISIONS P2), through undo and redo alike.
    QVERIFY(!store->auditLog(id).empty());

    QSignalSpy awarded(&session, &EventSession::awarded);
    QVERIFY(session.award());
    QCOMPARE(awarded.count(), 1);
    QCOMPARE(store->event(id)->status, EventStatus::Awarded);
    QCOMPARE(store->currentAward(id)->awards.size(), std::size_t{4});
    QCOMPARE(stack->count(), 0);
    QVERIFY(!stack->canUndo());
    QVERIFY(!session.isEditable());
    QCOMPARE(editable.count(), 1); // frozen by the award
    QCOMPARE(editable.last().at(0).toBool(), false);

    // Every edit is refused from now on; the check-in column is no longer checkable.
    QVERIFY(!session.addEntrant({players[5]}));
    QVERIFY(!session.setCheckedIn(5, true));
    QVERIFY(!session.removeEntrant(1));
    QVERIFY(!session.setStandings({{1, 1}, {2, 2}, {3, 3}, {4, 4}}));
    QVERIFY(!session.addPlayer(QStringLiteral("Ann Smith"), {}));
    QVERIFY(!session.award());
    QVERIFY(session.lastError().contains(QLatin1String("awarded")));
    const QModelIndex check = session.entrants()->index(4, EntrantListModel::CheckInColumn);
    QVERIFY(!(session.entrants()->flags(check) & Qt::ItemIsUserCheckable));
    QVERIFY(!session.entrants()->setData(check, Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(stack->count(), 0);
    QCOMPARE(storedEntrants(*store, id), before);

    // A new session on the awarded event is frozen from the start.
    EventSession later(*store, id);
    QVERIFY(testing::waitForRatings(later));
    QVERIFY(later.isAwarded());
    QVERIFY(!later.isEditable());
    QVERIFY(!later.setCheckedIn(5, true));
}

void TestEventSession::readOnlyStoreIsNotEditable()
{
    QVERIFY(store->addEntrant(id, {players[0]}) == 1);
    core::StoreOptions options;
    options.path = store->path();
    const auto reader = Store::open(options).store; // the test's store holds the lock
    QVERIFY(reader);
    QVERIFY(reader->isReadOnly());
    EventSession session(*reader, id);
    QVERIFY(testing::waitForRatings(session));
    QVERIFY(session.isValid());
    QVERIFY(!session.isEditable());
    QCOMPARE(session.entrants()->rowCount(), 1);
    QVERIFY(!session.setCheckedIn(1, true));
    QCOMPARE(session.lastError(), reader->readOnlyReason());
    QCOMPARE(reader->entrant(id, 1)->status, EntrantStatus::Registered);
    QVERIFY(!(session.entrants()->flags(session.entrants()->index(0, 0)) & Qt::ItemIsUserCheckable));

    EventSession missing(*store, QStringLiteral("L99"));
    QVERIFY(testing::waitForRatings(missing));
    QVERIFY(!missing.isValid());
    QVERIFY(!missing.addEntrant({players[0]}));
}

QTEST_MAIN(TestEventSession)
#include "tst_eventsession.moc"
