// The store says what changed (issue 26): every write is announced once its transaction committed
// (never one rolled back), the event day's models follow the announcement without being told, and
// with every tab of the window opened once, an award, an import, a merge, its undo and a Recompute
// each leave every tab showing the new state or saying its figures are older than the history.
#include "../common/samplewindow.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/store/store.h"
#include "models/backgroundpool.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "widgets/mainwindow.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"
#include "widgets/ratings/recomputedialog.h"
#include "widgets/tour/standingsview.h"
#include "widgets/tour/tierreport.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <vector>

using namespace flickdesk;
using flickdesk::core::StoreChange;
using flickdesk::ui::MainWindow;

namespace {

// Every announcement of `store` while it lives.
class Heard {
public:
    explicit Heard(core::Store& store)
        : m_store(store)
        , m_id(store.addChangeListener([this](const StoreChange& change) { changes.push_back(change); }))
    {
    }
    ~Heard() { m_store.removeChangeListener(m_id); }
    Heard(const Heard&) = delete;
    Heard& operator=(const Heard&) = delete;

    std::vector<StoreChange> changes;

private:
    core::Store& m_store;
    int m_id;
};

QString statusShown(const MainWindow& window, const QString& eventId)
{
    const ui::EventListModel* list = window.eventList();
    const int row = list->rowOf(eventId);
    return row < 0 ? QString() : list->data(list->index(row, ui::EventListModel::StatusColumn)).toString();
}

} // namespace

class TestStoreChanges : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void onlyCommittedWritesAreAnnounced();
    void aCheckInReachesThePreviewByTheAnnouncement();
    void awardMergeUndoAndRecomputeWithEveryTabOpen();
    void importWithEveryTabOpen();

private:
    std::unique_ptr<MainWindow> openWindow(const QString& path);
    // Every tab of the window shown once, each view built and done with its first computing.
    bool showEveryTab(MainWindow& window);

    QTemporaryDir m_dir;
    QString m_sample;
    int m_copies = 0;
};

void TestStoreChanges::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_sample = m_dir.filePath(QStringLiteral("sample.sqlite"));
    QVERIFY(testing::makeSampleDatabase(m_sample));
}

void TestStoreChanges::cleanupTestCase()
{
    QVERIFY(ui::backgroundPool()->waitForDone(120000));
}

std::unique_ptr<MainWindow> TestStoreChanges::openWindow(const QString& path)
{
    return testing::openWindowOn(path);
}

bool TestStoreChanges::showEveryTab(MainWindow& window)
{
    QTabWidget* tabs = window.tabs();
    for (int index = 0; index < tabs->count(); ++index) {
        tabs->setCurrentIndex(index);
        QCoreApplication::processEvents();
        if (auto* list = window.findChild<ui::RatingsListView*>();
            list && tabs->currentIndex() == index && list->isVisible()) {
            if (!QTest::qWaitFor([list] { return !list->isComputing(); }, 120000))
                return false;
        }
        if (auto* standings = window.findChild<ui::StandingsView*>(); standings && standings->isVisible()) {
            if (!QTest::qWaitFor([standings] { return !standings->isComputing(); }, 120000))
                return false;
        }
        if (auto* tier = window.findChild<ui::TierReport*>(); tier && tier->isVisible()) {
            if (!QTest::qWaitFor([tier] { return !tier->isComputing(); }, 120000))
                return false;
        }
    }
    tabs->setCurrentIndex(0); // back to the event day
    return true;
}

void TestStoreChanges::onlyCommittedWritesAreAnnounced()
{
    const std::unique_ptr<core::Store> store =
        testing::openStore(m_dir.filePath(QStringLiteral("announce-%1.sqlite").arg(++m_copies)));
    QVERIFY(store);
    Heard heard(*store);
    const QString id = store->createEvent(testing::draftOn(QStringLiteral("2025-12-06")));
    QCOMPARE(heard.changes.size(), std::size_t(1));
    QVERIFY(heard.changes.back().touchesEvent(id, StoreChange::Event));
    QVERIFY(!heard.changes.back().touches(StoreChange::History)); // a planned event is not rated

    const QString ann = store->addPlayer(QStringLiteral("Ann Lee"), {});
    const QString bo = store->addPlayer(QStringLiteral("Bo Chan"), {});
    QCOMPARE(heard.changes.size(), std::size_t(3));
    QVERIFY(heard.changes.back().touches(StoreChange::Players));
    const int first = store->addEntrant(id, {ann});
    const int second = store->addEntrant(id, {bo});
    heard.changes.clear();

    // A check-in names its unit: the entrant list reads that row and nothing else.
    store->setEntrantStatus(id, second, core::EntrantStatus::Started);
    QCOMPARE(heard.changes.size(), std::size_t(1));
    QCOMPARE(heard.changes.back().units, QList<int>{second});
    QVERIFY(heard.changes.back().touchesEvent(id, StoreChange::Entrants));
    QVERIFY(!heard.changes.back().touchesEvent(QStringLiteral("other"), StoreChange::Entrants));

    // Refused inside its transaction (rolled back): nothing is announced, nothing changed.
    heard.changes.clear();
    QVERIFY_THROWS_EXCEPTION(core::StoreError, store->setEventStatus(id, core::EventStatus::Awarded));
    QVERIFY_THROWS_EXCEPTION(core::StoreError,
                             store->setEntrantStatuses(id, {second, 99}, core::EntrantStatus::Withdrawn));
    QVERIFY(heard.changes.empty());
    QCOMPARE(store->entrant(id, second)->status, core::EntrantStatus::Started);

    // Finished: the rated history changes from the event's date on, so the locks of later months
    // may be others, and not the lock of its own month (computed from before it).
    store->setEventStatus(id, core::EventStatus::Started);
    store->setStandings(id, {{first, 1}, {second, 2}});
    store->setEntrantStatus(id, first, core::EntrantStatus::Started);
    heard.changes.clear();
    store->setEventStatus(id, core::EventStatus::Finished);
    QCOMPARE(heard.changes.size(), std::size_t(1));
    const StoreChange& finished = heard.changes.back();
    QVERIFY(finished.touches(StoreChange::History));
    QVERIFY(finished.touchesLockOf(QStringLiteral("2026-01")));
    QVERIFY(!finished.touchesLockOf(QStringLiteral("2025-12")));

    // A change written through another connection is announced when reported.
    heard.changes.clear();
    store->announce(StoreChange::locks());
    QCOMPARE(heard.changes.size(), std::size_t(1));
    QVERIFY(heard.changes.back().touchesLockOf(QStringLiteral("2025-12")));
}

void TestStoreChanges::aCheckInReachesThePreviewByTheAnnouncement()
{
    const QString path = m_dir.filePath(QStringLiteral("copy-%1.sqlite").arg(++m_copies));
    QVERIFY(QFile::copy(m_sample, path));
    const std::unique_ptr<core::Store> store = testing::openStore(path);
    QVERIFY(store);
    const QString id = store->createEvent(testing::draftOn(QStringLiteral("2025-12-06")));
    ui::EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    const QStringList players = testing::recentPlayers(*store, 3);
    for (const QString& player : players)
        QVERIFY(session.addEntrant({player}));
    QVERIFY(!session.lockedRatings().month.isEmpty());
    QCOMPARE(session.payoutPreview()->fieldSize(), 0);

    // A write made past the session (another window of the program, a test): the session's
    // models follow the store's announcement alone.
    QSignalSpy entrants(&session, &ui::EventSession::entrantsChanged);
    QSignalSpy payout(session.payoutPreview(), &ui::PayoutPreviewModel::payoutChanged);
    store->setEntrantStatuses(id, {1, 2}, core::EntrantStatus::Started);
    QCOMPARE(entrants.count(), 1);
    QVERIFY(payout.count() >= 1);
    QCOMPARE(session.payoutPreview()->fieldSize(), 2);
    QCOMPARE(session.entrants()->entrant(1)->status, core::EntrantStatus::Started);

    // The session's own check-in: the same path, and undo too.
    QVERIFY(session.setCheckedIn(3, true));
    QCOMPARE(session.payoutPreview()->fieldSize(), 3);
    session.undoStack()->undo();
    QCOMPARE(session.payoutPreview()->fieldSize(), 2);
    QCOMPARE(session.entrants()->entrant(3)->status, core::EntrantStatus::Registered);
}

void TestStoreChanges::awardMergeUndoAndRecomputeWithEveryTabOpen()
{
    const QString path = m_dir.filePath(QStringLiteral("copy-%1.sqlite").arg(++m_copies));
    QVERIFY(QFile::copy(m_sample, path));
    const std::unique_ptr<MainWindow> window = openWindow(path);
    QVERIFY(window);
    QVERIFY(showEveryTab(*window));
    auto* list = window->findChild<ui::RatingsListView*>();
    auto* page = window->findChild<ui::PlayerPage*>();
    auto* standings = window->findChild<ui::StandingsView*>();
    auto* tier = window->findChild<ui::TierReport*>();
    QVERIFY(list && page && standings && tier);
    QVERIFY(list->ratingRun() != nullptr);
    QVERIFY(!list->isStale());
    const int standingsEvents = standings->result().events;
    const QString season = standings->season();

    // ---- an award, made through the window's session, the director's way.
    core::Store& store = *window->store();
    QString date;
    for (const core::EventSummary& event : store.events()) {
        if (event.season == season)
            date = std::max(date, event.date);
    }
    QVERIFY(!date.isEmpty());
    const QString id = store.createEvent(testing::draftOn(date, engine::EventFormat::Singles, 3, season));
    QCOMPARE(window->eventList()->rowOf(id) >= 0, true); // the list heard the new event
    QVERIFY(window->selectEvent(id));
    ui::EventSession* session = window->session();
    QVERIFY(testing::waitForRatings(*session));
    const std::optional<QString> newcomer =
        session->addPlayer(QStringLiteral("Ann Newcomer"), QStringLiteral("Tavistock"));
    QVERIFY(newcomer);
    const QStringList players = testing::recentPlayers(store, 3);
    for (const QString& player : players)
        QVERIFY(session->addEntrant({player}, core::EntrantStatus::Started));
    QVERIFY(session->addEntrant({*newcomer}, core::EntrantStatus::Started));
    QCOMPARE(session->payoutPreview()->fieldSize(), 4);
    QVERIFY(session->setStandings({{4, 1}, {1, 2}, {2, 3}, {3, 4}}));
    QVERIFY(session->setEventStatus(core::EventStatus::Started));
    QVERIFY(session->setEventStatus(core::EventStatus::Finished));
    QCOMPARE(statusShown(*window, id), QStringLiteral("Finished"));
    QVERIFY(session->award());
    QCOMPARE(statusShown(*window, id), QStringLiteral("Awarded"));
    QVERIFY(!session->isEditable());
    // The hidden Ratings tab knows, and says so once shown.
    QVERIFY(list->isStale());
    QVERIFY(page->isStale());
    window->tabs()->setCurrentIndex(window->tabs()->indexOf(list->parentWidget()));
    QTRY_VERIFY(list->staleBanner()->isVisible());
    QVERIFY2(list->staleText()->text().contains(QStringLiteral("1 event was added")),
             qPrintable(list->staleText()->text()));
    QVERIFY(page->staleNote()->isVisible());
    // The Tour views compute again once shown.
    window->tabs()->setCurrentWidget(standings);
    QTRY_VERIFY_WITH_TIMEOUT(!standings->isComputing() && standings->result().events == standingsEvents + 1,
                             120000);
    window->tabs()->setCurrentWidget(tier);
    QTRY_VERIFY_WITH_TIMEOUT(!tier->isComputing(), 120000);
    window->tabs()->setCurrentIndex(0);

    // ---- a merge (DECISIONS D1a) of the new player into one who did not play: the entrant row
    // shows the player they are now, the event list and the history views heard it.
    const QStringList others = testing::recentPlayers(store, 8);
    QString into;
    for (const QString& other : others) {
        if (!players.contains(other))
            into = other;
    }
    QVERIFY(!into.isEmpty());
    const QString intoName = store.player(into)->name;
    QVERIFY(session->mergePlayer(*newcomer, into));
    const ui::EntrantListModel* entrants = session->entrants();
    QCOMPARE(entrants->entrant(4)->players.front().id, into);
    QCOMPARE(
        entrants->data(entrants->index(entrants->rowOf(4), ui::EntrantListModel::PlayersColumn)).toString(),
        intoName.isEmpty() ? into : intoName);
    QVERIFY(list->isStale());

    // ---- its undo: the new player is back in the row.
    QVERIFY(session->undoStack()->canUndo());
    session->undoStack()->undo();
    QCOMPARE(entrants->entrant(4)->players.front().id, *newcomer);
    QCOMPARE(
        entrants->data(entrants->index(entrants->rowOf(4), ui::EntrantListModel::PlayersColumn)).toString(),
        QStringLiteral("Ann Newcomer"));

    // ---- a Recompute (its locks stored through a worker connection): the Ratings tab is current
    // again, and the Tour views, which heard the locks stored, compute again once shown.
    QSignalSpy finished(window.get(), &MainWindow::historyChanged); // not one: the history is as it was
    window->recomputeRatings();
    auto* dialog = window->findChild<ui::RecomputeDialog*>();
    QVERIFY(dialog);
    QSignalSpy stored(dialog, &ui::RecomputeDialog::runFinished);
    QVERIFY(stored.wait(180000) || stored.count() == 1);
    QCOMPARE(stored.front().front().toBool(), true);
    QVERIFY(!list->isStale());
    QVERIFY(!page->isStale());
    QCOMPARE(finished.count(), 0);
    dialog->close();
    window->tabs()->setCurrentWidget(standings);
    QTRY_VERIFY_WITH_TIMEOUT(!standings->isComputing(), 120000);
    QCOMPARE(standings->result().events, standingsEvents + 1);
    window->tabs()->setCurrentIndex(window->tabs()->indexOf(list->parentWidget()));
    QTRY_VERIFY(list->staleBanner()->isHidden());
}

void TestStoreChanges::importWithEveryTabOpen()
{
    const QString path = m_dir.filePath(QStringLiteral("empty-%1.sqlite").arg(++m_copies));
    const std::unique_ptr<MainWindow> window = openWindow(path);
    QVERIFY(window);
    QVERIFY(showEveryTab(*window));
    QCOMPARE(window->eventList()->rowCount(), 0);
    auto* list = window->findChild<ui::RatingsListView*>();
    auto* standings = window->findChild<ui::StandingsView*>();
    QVERIFY(list && standings);

    const core::ImportReport report =
        window->store()->importHistory(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/nca-history"));
    QVERIFY(report.ok());
    // The event list heard the import: every event, without a reload by hand.
    QCOMPARE(window->eventList()->rowCount(), window->store()->eventCount());
    QVERIFY(window->eventList()->rowCount() > 100);
    // The Ratings tab had nothing to show: shown again, it computes the history imported.
    window->tabs()->setCurrentIndex(window->tabs()->indexOf(list->parentWidget()));
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr && !list->isComputing() &&
                                 list->ratingRun()->folder.events.size() > 100,
                             120000);
    QVERIFY(!list->isStale());
    QVERIFY(list->model()->rowCount() > 100);
    // The standings read the new history once shown.
    window->tabs()->setCurrentWidget(standings);
    QTRY_VERIFY_WITH_TIMEOUT(!standings->isComputing() && standings->result().events > 0, 120000);
}

QTEST_MAIN(TestStoreChanges)
#include "tst_storechanges.moc"
