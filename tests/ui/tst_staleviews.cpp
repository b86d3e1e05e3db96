// The views of the whole history never show figures older than it as current (issue 25): after an
// award through the window's own event session, the Ratings tab says what its figures are from
// before, in a director's words, with the count of events rated, until "Recompute now" brings the
// new event and its new player in; the Tour standings and the Tier report compute again once shown.
// By keyboard: Ctrl+F on the Ratings tab reaches the rating list's search (on the event day it is
// still the event's player search), and the simulator's "Players arriving" has its key.
#include "../common/samplewindow.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/store/store.h"
#include "models/backgroundpool.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/simulatorwidget.h"
#include "widgets/mainwindow.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"
#include "widgets/tour/standingsview.h"
#include "widgets/tour/tierreport.h"

#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFrame>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPixmap>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>
#include <memory>

using namespace flickdesk;
using flickdesk::ui::MainWindow;
using testing::activate;

namespace {

// A key as a keyboard sends it: to the widget with the focus, or the active window.
void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* target = QApplication::focusWidget();
    QTest::keyClick(target != nullptr ? target : QApplication::activeWindow(), key, modifiers);
}

QString currentTabText(const MainWindow& window)
{
    return window.tabs()->tabText(window.tabs()->currentIndex());
}

bool listShows(const ui::RatingsListView& list, const QString& playerId)
{
    for (const ui::PlayerRatingRow& row : list.model()->rows()) {
        if (row.playerId == playerId)
            return true;
    }
    return false;
}

#define REQUIRE(condition)                                                                                   \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            qWarning("%s:%d: %s", __FILE__, __LINE__, #condition);                                           \
            return false;                                                                                    \
        }                                                                                                    \
    } while (false)

// The director's event, as the window's session does it: three players of the history and a new
// one (who wins), started, placed, finished and awarded. `newcomer` gets the new player's id.
bool awardEventWithANewPlayer(MainWindow& window, const core::EventDraft& draft, QString& newcomer)
{
    core::Store& store = *window.store();
    const QString id = store.createEvent(draft);
    window.eventList()->reload();
    REQUIRE(window.selectEvent(id));
    ui::EventSession* session = window.session();
    REQUIRE(session != nullptr && session->eventId() == id);
    REQUIRE(testing::waitForRatings(*session));
    const std::optional<QString> added =
        session->addPlayer(QStringLiteral("Ann Newcomer"), QStringLiteral("Tavistock"));
    REQUIRE(added.has_value());
    newcomer = *added;
    const QStringList players = testing::recentPlayers(store, 3);
    REQUIRE(players.size() == 3);
    for (const QString& player : players)
        REQUIRE(session->addEntrant({player}, core::EntrantStatus::Started));
    REQUIRE(session->addEntrant({newcomer}, core::EntrantStatus::Started));
    REQUIRE(session->setStandings({{4, 1}, {1, 2}, {2, 3}, {3, 4}}));
    REQUIRE(session->setEventStatus(core::EventStatus::Started));
    REQUIRE(session->setEventStatus(core::EventStatus::Finished));
    REQUIRE(session->award());
    REQUIRE(store.currentAward(id).has_value());
    return true;
}

} // namespace

class TestStaleViews : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void ratingsSayTheyAreOutOfDateUntilRecomputed();
    void tourViewsComputeAgainAfterAnAward();
    void finishingAndItsUndoAreAnnounced();
    void ctrlFReachesTheRatingsSearch();
    void simulatorPlayersArrivingHasItsKey();

private:
    // The window on a copy of the sample database, 1280x800, shown and active.
    std::unique_ptr<MainWindow> openWindow();

    QTemporaryDir m_dir;
    QString m_sample;
    int m_copies = 0;
};

void TestStaleViews::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_sample = m_dir.filePath(QStringLiteral("sample.sqlite"));
    QVERIFY(testing::makeSampleDatabase(m_sample));
}

void TestStaleViews::cleanupTestCase()
{
    // The locks the Tour views computed are stored in the pool: done before the databases go.
    QVERIFY(ui::backgroundPool()->waitForDone(120000));
}

std::unique_ptr<MainWindow> TestStaleViews::openWindow()
{
    const QString path = m_dir.filePath(QStringLiteral("copy-%1.sqlite").arg(++m_copies));
    if (!QFile::copy(m_sample, path))
        return nullptr;
    std::unique_ptr<MainWindow> window = testing::openWindowOn(path);
    if (!window || !activate(window.get()))
        return nullptr;
    // Where the director starts: the events list, the tabs shown (their keys work once they are).
    window->eventListView()->setFocus(Qt::OtherFocusReason);
    if (!QTest::qWaitFor([&window] {
            return window->eventListView()->hasFocus() && window->tabs()->tabBar()->isVisible();
        }))
        return nullptr;
    return window;
}

void TestStaleViews::ratingsSayTheyAreOutOfDateUntilRecomputed()
{
    const std::unique_ptr<MainWindow> window = openWindow();
    QVERIFY(window);
    press(Qt::Key_R, Qt::AltModifier);
    QCOMPARE(currentTabText(*window), QStringLiteral("&Ratings"));
    auto* list = window->findChild<ui::RatingsListView*>();
    auto* page = window->findChild<ui::PlayerPage*>();
    QVERIFY(list && page);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 60000);
    QTRY_VERIFY(page->ratingRun() == list->ratingRun());
    const int rated = static_cast<int>(list->ratingRun()->folder.events.size());
    QVERIFY(rated > 100);
    // Current: no banner, the count of events as it is.
    QVERIFY(!list->isStale());
    QVERIFY(list->staleBanner()->isHidden());
    QVERIFY(page->staleNote()->isHidden());
    QVERIFY2(list->summaryLabel()->text().contains(QStringLiteral("· %1 events rated ·").arg(rated)),
             qPrintable(list->summaryLabel()->text()));

    // On the event day, an event with a new player is awarded.
    press(Qt::Key_D, Qt::AltModifier);
    QCOMPARE(currentTabText(*window), QStringLiteral("Event &Day"));
    QString newcomer;
    QVERIFY(awardEventWithANewPlayer(*window, testing::draftOn(QStringLiteral("2025-12-06")), newcomer));
    // The session announced it: the hidden views know before they are shown again.
    QVERIFY(list->isStale());
    QCOMPARE(list->staleness().eventsAdded, 1);
    QCOMPARE(list->staleness().eventsRemoved, 0);
    QVERIFY(page->isStale());

    // Back on the Ratings tab: figures from before the award, and said so in words.
    press(Qt::Key_R, Qt::AltModifier);
    QCOMPARE(currentTabText(*window), QStringLiteral("&Ratings"));
    QVERIFY(list->staleBanner()->isVisible());
    const QString banner = list->staleText()->text();
    QVERIFY2(banner.startsWith(QStringLiteral("These ratings are from before 1 event was added (computed ")),
             qPrintable(banner));
    QVERIFY2(!banner.contains(QStringLiteral("DECISIONS")), qPrintable(banner));
    QVERIFY(list->recomputeNowButton()->isVisible() && list->recomputeNowButton()->isEnabled());
    QVERIFY2(list->summaryLabel()->text().contains(
                 QStringLiteral("%1 events rated (out of date: %2 stored now)").arg(rated).arg(rated + 1)),
             qPrintable(list->summaryLabel()->text()));
    QVERIFY(page->staleNote()->isVisible());
    QVERIFY2(
        page->staleNote()->text().contains(QStringLiteral("These figures are from before 1 event was added")),
        qPrintable(page->staleNote()->text()));
    QVERIFY(!listShows(*list, newcomer));
    // At 1280x800 the banner's words and its button are whole.
    QVERIFY(list->recomputeNowButton()->width() >= list->recomputeNowButton()->sizeHint().width());
    QVERIFY(list->staleText()->height() >= list->staleText()->heightForWidth(list->staleText()->width()));

    // The strongest player's page: still marked, whoever is shown.
    list->table()->setCurrentIndex(list->table()->model()->index(0, 0));
    QCOMPARE(page->playerId(), list->model()->rows().front().playerId);
    QVERIFY(page->model()->rowCount() > 0);
    QVERIFY(page->staleNote()->isVisible());

    // With FLICKDESK_SCREENSHOT_DIR set: what the director sees (docs/user-guide.md).
    if (const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QVERIFY(QDir().mkpath(dir));
        QTest::qWait(100); // the layout follows the page's new header
        const QString path = QDir(dir).filePath(
            QStringLiteral("ratings-out-of-date-%1.png").arg(QGuiApplication::platformName()));
        QVERIFY2(window->grab().save(path), qPrintable(path));
        qInfo("screenshot: %s", qPrintable(path));
    }

    // "Recompute now" by its key: recomputing, said in the banner (as the click left it), then current.
    bool computing = false;
    bool enabled = true;
    QString recomputing;
    connect(list->recomputeNowButton(), &QPushButton::clicked, this, [&] {
        computing = list->isComputing();
        enabled = list->recomputeNowButton()->isEnabled();
        recomputing = list->staleText()->text();
    });
    QSignalSpy clicked(list->recomputeNowButton(), &QPushButton::clicked);
    press(Qt::Key_N, Qt::AltModifier);
    QTRY_COMPARE(clicked.count(), 1);
    QVERIFY(computing);
    QVERIFY(!enabled);
    QVERIFY2(recomputing.endsWith(QStringLiteral("Recomputing them…")), qPrintable(recomputing));
    QTRY_VERIFY_WITH_TIMEOUT(!list->isComputing(), 60000);
    QVERIFY(!list->isStale());
    QVERIFY(list->staleBanner()->isHidden());
    QCOMPARE(static_cast<int>(list->ratingRun()->folder.events.size()), rated + 1);
    QVERIFY2(list->summaryLabel()->text().contains(QStringLiteral("· %1 events rated ·").arg(rated + 1)),
             qPrintable(list->summaryLabel()->text()));
    QVERIFY(listShows(*list, newcomer));
    // The page beside shares the run: the new player's page holds the event just played.
    QTRY_VERIFY(page->ratingRun() == list->ratingRun());
    QVERIFY(!page->isStale());
    QVERIFY(page->staleNote()->isHidden());
    page->setPlayer(newcomer);
    QCOMPARE(page->model()->rowCount(), 1);

    // The awarded event takes no more players, yet Ctrl+F here finds the new player in the list.
    QVERIFY(!window->session()->isEditable());
    list->table()->setFocus();
    QTRY_VERIFY(list->table()->hasFocus());
    press(Qt::Key_F, Qt::ControlModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(list->searchEdit()));
    QTest::keyClicks(list->searchEdit(), newcomer);
    QCOMPARE(list->filterModel()->rowCount(), 1);
}

void TestStaleViews::tourViewsComputeAgainAfterAnAward()
{
    const std::unique_ptr<MainWindow> window = openWindow();
    QVERIFY(window);
    press(Qt::Key_S, Qt::AltModifier);
    QCOMPARE(currentTabText(*window), QStringLiteral("&Standings"));
    auto* standings = window->findChild<ui::StandingsView*>();
    QVERIFY(standings);
    QTRY_VERIFY_WITH_TIMEOUT(!standings->isComputing() && standings->model()->rowCount() > 0, 120000);
    const QString season = standings->season();
    QVERIFY(!season.isEmpty());
    QCOMPARE(standings->division(), engine::Division::Competitive);
    const int events = standings->result().events;
    press(Qt::Key_T, Qt::AltModifier);
    QCOMPARE(currentTabText(*window), QStringLiteral("&Tier Report"));
    auto* tier = window->findChild<ui::TierReport*>();
    QVERIFY(tier);
    QTRY_VERIFY_WITH_TIMEOUT(!tier->isComputing() && !tier->model()->rows().empty(), 120000);
    QCOMPARE(tier->season(), season);
    const std::size_t reported = tier->model()->rows().size();

    // A Tier 3 competitive event of that season, on the day of its latest event, awarded.
    QString date;
    for (const core::EventSummary& event : window->store()->events()) {
        if (event.season == season)
            date = std::max(date, event.date);
    }
    QVERIFY(!date.isEmpty());
    press(Qt::Key_D, Qt::AltModifier);
    QString newcomer;
    QVERIFY(awardEventWithANewPlayer(*window, testing::draftOn(date, engine::EventFormat::Singles, 3, season),
                                     newcomer));

    // Shown again, each computes again: the event counted, the new player's points in.
    press(Qt::Key_S, Qt::AltModifier);
    QTRY_VERIFY_WITH_TIMEOUT(!standings->isComputing() && standings->result().events == events + 1, 120000);
    bool inStandings = false;
    for (int row = 0; row < standings->model()->rowCount(); ++row) {
        for (int column = 0; column < standings->model()->columnCount(); ++column)
            inStandings |= standings->model()->index(row, column).data().toString().contains(newcomer);
    }
    QVERIFY(inStandings);
    press(Qt::Key_T, Qt::AltModifier);
    QTRY_VERIFY_WITH_TIMEOUT(!tier->isComputing() && tier->model()->rows().size() == reported + 1, 120000);
}

void TestStaleViews::finishingAndItsUndoAreAnnounced()
{
    const std::unique_ptr<MainWindow> window = openWindow();
    QVERIFY(window);
    press(Qt::Key_R, Qt::AltModifier);
    auto* list = window->findChild<ui::RatingsListView*>();
    QVERIFY(list);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 60000);
    press(Qt::Key_D, Qt::AltModifier);
    const QString id = window->store()->createEvent(testing::draftOn(QStringLiteral("2025-12-06")));
    window->eventList()->reload();
    QVERIFY(window->selectEvent(id));
    ui::EventSession* session = window->session();
    QVERIFY(testing::waitForRatings(*session));
    QSignalSpy announced(window.get(), &MainWindow::historyChanged);
    const QStringList players = testing::recentPlayers(*window->store(), 3);
    for (const QString& player : players)
        QVERIFY(session->addEntrant({player}, core::EntrantStatus::Started));
    QVERIFY(session->setStandings({{1, 1}, {2, 2}, {3, 3}}));
    QVERIFY(session->setEventStatus(core::EventStatus::Started));
    QCOMPARE(announced.count(), 0); // an event not finished is not rated yet
    QVERIFY(!list->isStale());
    // Finished: rated from now on, so the list is out of date by one event.
    QVERIFY(session->setEventStatus(core::EventStatus::Finished));
    QCOMPARE(announced.count(), 1);
    QVERIFY(list->isStale());
    QCOMPARE(list->staleness().eventsAdded, 1);
    // Undone (Ctrl+Z): announced too; the list still does not claim to be current.
    window->eventListView()->setFocus();
    press(Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window->store()->event(id)->status, core::EventStatus::Started);
    QCOMPARE(announced.count(), 2);
    QVERIFY(list->isStale());
    QCOMPARE(list->staleness().eventsAdded, 0);
    QVERIFY2(list->staleText()->text().startsWith(
                 QStringLiteral("These ratings are from before the latest changes to the results")),
             qPrintable(list->staleText()->text()));
}

void TestStaleViews::ctrlFReachesTheRatingsSearch()
{
    const std::unique_ptr<MainWindow> window = openWindow();
    QVERIFY(window);
    press(Qt::Key_R, Qt::AltModifier);
    auto* list = window->findChild<ui::RatingsListView*>();
    QVERIFY(list);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 60000);
    list->table()->setFocus();
    QTRY_VERIFY(list->table()->hasFocus());
    press(Qt::Key_F, Qt::ControlModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(list->searchEdit()));
    QCOMPARE(currentTabText(*window), QStringLiteral("&Ratings"));
    // What is typed filters the list.
    const ui::PlayerRatingRow first = list->model()->rows().front();
    QTest::keyClicks(QApplication::focusWidget(), first.playerId);
    QCOMPARE(list->filterModel()->searchText(), first.playerId);
    QVERIFY(list->filterModel()->rowCount() >= 1);
    QVERIFY(list->filterModel()->rowCount() < list->model()->rowCount());

    // On the event day Ctrl+F is still the event's player search.
    const QString id = window->store()->createEvent(testing::draftOn(QStringLiteral("2025-12-06")));
    window->eventList()->reload();
    QVERIFY(window->selectEvent(id));
    QVERIFY(window->session()->isEditable());
    press(Qt::Key_D, Qt::AltModifier);
    QCOMPARE(currentTabText(*window), QStringLiteral("Event &Day"));
    window->eventListView()->setFocus();
    press(Qt::Key_F, Qt::ControlModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(window->entrantsPanel()->searchEdit()));
    // And on the Ratings tab again, the ratings' search, the text typed before selected to replace.
    press(Qt::Key_R, Qt::AltModifier);
    list->table()->setFocus();
    press(Qt::Key_F, Qt::ControlModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(list->searchEdit()));
    QCOMPARE(list->searchEdit()->selectedText(), first.playerId);
}

void TestStaleViews::simulatorPlayersArrivingHasItsKey()
{
    const std::unique_ptr<MainWindow> window = openWindow();
    QVERIFY(window);
    press(Qt::Key_M, Qt::AltModifier);
    QCOMPARE(currentTabText(*window), QStringLiteral("Si&mulator"));
    ui::SimulatorWidget* simulator = window->simulator();
    auto* caption = simulator->findChild<QLabel*>(QStringLiteral("addCaption"));
    QVERIFY(caption);
    QCOMPARE(caption->text(), QStringLiteral("Pla&yers arriving"));
    QCOMPARE(caption->buddy(), static_cast<QWidget*>(simulator->addCountSpin()));
    // Alt+Y to the count, Alt+B to the rating, Alt+A adds them: no mouse.
    press(Qt::Key_Y, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(simulator->addCountSpin()));
    press(Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("12"));
    press(Qt::Key_B, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(simulator->addRatingSpin()));
    press(Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("2.5"));
    const int groups = simulator->hypotheticalGroupCount();
    press(Qt::Key_A, Qt::AltModifier); // a button's key clicks it as the mouse does, a moment later
    QTRY_COMPARE(simulator->hypotheticalGroupCount(), groups + 1);
    QCOMPARE(simulator->groupList()->item(simulator->groupList()->count() - 1)->text(),
             QStringLiteral("12 players rated about 2.50"));
}

QTEST_MAIN(TestStaleViews)
#include "tst_staleviews.moc"
