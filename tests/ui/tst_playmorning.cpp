// Issue 28, "done when": a 24-player NCA day run through the real MainWindow at 1280x800 by keyboard,
// from check-in to the award, with no place typed. Ctrl+N, the event; 24 entrants by the type-ahead;
// Alt+G checks them in; Alt+3 shows the Play tab, where the format is chosen and started; every score
// typed as `6 2 3 1` Enter (DECISIONS G1), the shoot-out orders given in the dialog (G2), each
// advancement confirmed (G4, G5); the places of the play used as the results (G6); Alt+2, Ctrl+R
// validates, Alt+A awards (P2); the submission file exported. Every key is printed and counted
// (tests/common/keyboard.h): "day: K keystrokes, C clicks". With FLICKDESK_SCREENSHOT_DIR set (the
// ui.playmorning_xvfb test) it saves the pictures of docs/user-guide.md's day, each checked not blank.
#include "../common/imagecheck.h"
#include "../common/keyboard.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/typeahead.h"
#include "../common/verifyevent.h"
#include "../common/windowactivation.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventeditor.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/mainwindow.h"
#include "widgets/play/playview.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <memory>

using namespace flickdesk;
using testing::press;
using testing::type;
using ui::MainWindow;
using ui::PlayView;
namespace play = engine::play;

namespace {

// Generous waits for the background (the month's ratings) and the event loop: a loaded machine is
// slower, never failing; a wait that succeeds returns at once.
constexpr int underLoad = 30000;

} // namespace

class TestPlayMorning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void eventAndTwentyFourCheckedIn();
    void formatChosenAndStarted();
    void everyScoreByKeyboard();
    void placesFromThePlay();
    void award();

private:
    PlayView* view() const { return m_window->playView(); }
    void screenshot(const QString& name);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QString m_eventId;
};

void TestPlayMorning::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY(m_dir.isValid());
    m_window = std::make_unique<MainWindow>();
    m_window->setRemembersSettings(false);
    // The sample history with its players' names, as a first start offers it.
    QVERIFY(m_window->openDatabase(m_dir.filePath(QStringLiteral("day.sqlite")),
                                   MainWindow::FirstStart::LoadSample));
    m_window->resize(1280, 800); // the smallest screen the day must fit
    m_window->show();
    QVERIFY(testing::activate(m_window.get(), underLoad));
    testing::keyWindow() = m_window.get();
    testing::keyCount() = {};
}

void TestPlayMorning::cleanupTestCase()
{
    testing::keyWindow() = nullptr;
    m_window.reset();
    qInfo("day: %d keystrokes, %d clicks", testing::keyCount().keystrokes, testing::keyCount().clicks);
}

void TestPlayMorning::screenshot(const QString& name)
{
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QVERIFY(QDir().mkpath(dir));
    QTest::qWait(100); // widgets added to a visible window are shown by a queued call
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = m_window->grab().toImage()), underLoad);
    const QString path = QDir(dir).filePath(name + QStringLiteral(".png"));
    QVERIFY2(image.save(path), qPrintable(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestPlayMorning::eventAndTwentyFourCheckedIn()
{
    press(Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget()), underLoad);
    auto* editor = qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(editor, underLoad));
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(editor->nameEdit()),
                              underLoad);
    type(QStringLiteral("Elmira Winter Day"));
    press(Qt::Key_Tab); // the date, selected on entry: typing replaces it
    type(QStringLiteral("20251206"));
    press(Qt::Key_Return); // singles, the tier proposed
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(testing::activate(m_window.get(), underLoad));
    ui::EventSession* session = m_window->session();
    QVERIFY(session);
    m_eventId = session->eventId();
    QCOMPARE(session->event().date, QStringLiteral("2025-12-06"));
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(),
                              static_cast<QWidget*>(m_window->entrantsPanel()->searchEdit()), underLoad);

    const QStringList players = testing::recentPlayers(*m_window->store(), 24);
    QCOMPARE(players.size(), 24);
    for (const QString& id : players)
        testing::addByTypeAhead(*m_window, id);
    press(Qt::Key_G, Qt::AltModifier); // Check in all registered
    QTRY_COMPARE_WITH_TIMEOUT(session->entrants()->startedCount(), 24, underLoad);
    // The play seeds on the month's locked ratings: computed in the background.
    QVERIFY(testing::waitForRatings(*session));
}

void TestPlayMorning::formatChosenAndStarted()
{
    press(Qt::Key_3, Qt::AltModifier); // Show Play
    QCOMPARE(m_window->eventTabs()->currentWidget(), static_cast<QWidget*>(view()));
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view()->templateBox()));
    QComboBox* templates = view()->templateBox();
    const int nca = templates->findData(static_cast<int>(play::Template::NcaDay));
    QVERIFY(nca >= 0);
    press(Qt::Key_Home);
    for (int i = 0; i < nca; ++i)
        press(Qt::Key_Down);
    QCOMPARE(templates->currentIndex(), nca);
    press(Qt::Key_Tab); // the boards
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view()->boardsBox()));
    press(Qt::Key_A, Qt::ControlModifier);
    type(QStringLiteral("12"));
    QCOMPARE(view()->boardsBox()->value(), 12);
    // The groups before Start, with their mean ratings (DECISIONS G4).
    screenshot(QStringLiteral("day-1-groups"));
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view()->startButton()));
    press(Qt::Key_Space); // Start
    QVERIFY2(view()->playSession()->hasFormat(), qPrintable(view()->scoreMessage()->text()));
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view()->scoreEdit()));
}

void TestPlayMorning::everyScoreByKeyboard()
{
    ui::PlaySession* session = view()->playSession();
    std::uint64_t random = 2025;
    int scores = 0;
    int shootOuts = 0;
    int starts = 0;
    bool pictured = false;
    for (int step = 0; step < 2000 && !session->state().placesFinal; ++step) {
        if (ui::ShootOutDialog* dialog = view()->shootOutDialog()) {
            // The dialog asks for the order of the shoot-out: the first named lost it (Ctrl+Down),
            // Enter records the order.
            QTRY_VERIFY_WITH_TIMEOUT(dialog->isAncestorOf(QApplication::focusWidget()), underLoad);
            const std::vector<play::UnitId> shown = dialog->order();
            dialog->list()->setCurrentRow(0);
            press(Qt::Key_Down, Qt::ControlModifier);
            QCOMPARE(dialog->order()[1], shown[0]);
            press(Qt::Key_Return);
            QTRY_VERIFY_WITH_TIMEOUT(!view()->shootOutDialog(), underLoad);
            ++shootOuts;
            continue;
        }
        if (session->state().awaitingStart >= 1 && session->state().blockingTies.empty()) {
            // A stage complete: the next one is shown with who goes on where and why; the director
            // checks it and starts it (Alt+A, the button named after the stage).
            const int stage = session->state().awaitingStart;
            if (starts == 0)
                screenshot(QStringLiteral("day-3-advance"));
            if (!view()->isAncestorOf(QApplication::focusWidget()))
                press(Qt::Key_3, Qt::AltModifier);
            press(Qt::Key_A, Qt::AltModifier);
            QTRY_VERIFY_WITH_TIMEOUT(session->state().awaitingStart != stage, underLoad);
            QVERIFY(session->state().stages[static_cast<std::size_t>(stage)].started);
            ++starts;
            continue;
        }
        const std::optional<play::GameKey> key = view()->selectedGame();
        QVERIFY2(key, qPrintable(view()->scoreMessage()->text()));
        const play::PlayGame* game = session->state().game(*key);
        QVERIFY(game);
        QCOMPARE(game->state, play::GameState::Waiting);
        double ratingA = 0;
        double ratingB = 0;
        for (const play::PlayUnit& unit : session->input()->units) {
            if (unit.id == game->a)
                ratingA = unit.rating;
            if (unit.id == game->b)
                ratingB = unit.rating;
        }
        // The last group of the morning all level (4 4 0 0): only a shoot-out orders it.
        const play::Score score = key->stage == 0 && key->group == 1
                                      ? play::Score{4, 4, 0, 0}
                                      : play::randomScore(*session->settingsOf(*key),
                                                          session->isPlayoff(*key), ratingA, ratingB, random);
        if (QApplication::focusWidget() != view()->scoreEdit())
            press(Qt::Key_3, Qt::AltModifier); // back to the score box
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view()->scoreEdit()));
        const std::size_t stored = m_window->store()->playScores(m_eventId).size();
        type(QString::fromStdString(play::scoreText(score)));
        press(Qt::Key_Return);
        QCOMPARE(m_window->store()->playScores(m_eventId).size(), stored + 1);
        ++scores;
        if (!pictured && key->stage == 1) {
            screenshot(QStringLiteral("day-2-scores"));
            pictured = true;
        }
    }
    QVERIFY(session->state().finished);
    QVERIFY(session->state().placesFinal);
    QVERIFY(shootOuts >= 1);
    QCOMPARE(starts, 2); // the pools, then the playoff
    qInfo("%d scores, %d shoot-out orders and %d starts typed", scores, shootOuts, starts);
}

void TestPlayMorning::placesFromThePlay()
{
    QVERIFY(m_window->store()->standings(m_eventId).empty());
    // The Places list is shown once the play is finished; Use These Places is Alt+U.
    QPushButton* use = view()->usePlacesButton();
    QTRY_VERIFY_WITH_TIMEOUT(use->isVisible() && use->isEnabled(), underLoad);
    press(Qt::Key_U, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->store()->standings(m_eventId).size(), std::size_t(24), underLoad);
    screenshot(QStringLiteral("day-4-places"));
    std::vector<int> places;
    for (const core::Placing& placing : m_window->store()->standings(m_eventId))
        places.push_back(placing.place);
    std::sort(places.begin(), places.end());
    for (int i = 0; i < 24; ++i)
        QCOMPARE(places[static_cast<std::size_t>(i)], i + 1);
}

void TestPlayMorning::award()
{
    press(Qt::Key_2, Qt::AltModifier); // Show Results
    ui::ResultsPanel* results = m_window->resultsPanel();
    QCOMPARE(m_window->eventTabs()->currentWidget(), static_cast<QWidget*>(results));
    press(Qt::Key_R, Qt::ControlModifier); // Validate
    QVERIFY(m_window->session()->validateResults().ok());
    QTRY_VERIFY_WITH_TIMEOUT(results->awardButton()->isEnabled(), underLoad);
    press(Qt::Key_A, Qt::AltModifier); // Award points...
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), underLoad);
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    QCOMPARE(box->objectName(), QStringLiteral("awardConfirmation"));
    QVERIFY(QTest::qWaitForWindowActive(box, underLoad));
    QTRY_VERIFY_WITH_TIMEOUT(box->isAncestorOf(QApplication::focusWidget()), underLoad);
    press(Qt::Key_Y, Qt::AltModifier); // Yes
    QTRY_VERIFY_WITH_TIMEOUT(m_window->session()->isAwarded(), underLoad);
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    const std::optional<core::AwardRecord> awarded = m_window->store()->currentAward(m_eventId);
    QVERIFY(awarded);
    QCOMPARE(awarded->awards.size(), std::size_t(24));
    // The winner of the play's final is the winner of the award.
    const play::Place& first = view()->playSession()->state().places.front();
    QCOMPARE(first.place, 1);
    double best = -1;
    QString bestPlayer;
    for (const core::PlayerAward& award : awarded->awards)
        if (award.points > best) {
            best = award.points;
            bestPlayer = award.playerId;
        }
    const std::vector<core::Entrant> entrants = m_window->store()->entrants(m_eventId);
    const auto winner = std::find_if(entrants.begin(), entrants.end(), [&](const core::Entrant& entrant) {
        return std::to_string(entrant.number) == first.unit;
    });
    QVERIFY(winner != entrants.end());
    QCOMPARE(winner->playerIds().front(), bestPlayer);
    // The submission file, written as Export for Submission writes it. A file dialog cannot be driven
    // in a test: Ctrl+Shift+E, the file's name and Enter are counted, the window's function takes
    // the path.
    testing::keyCount().keystrokes += 1 + int(QStringLiteral("elmira").size()) + 1;
    const QString exported = m_dir.filePath(QStringLiteral("elmira.json"));
    QCOMPARE(m_window->exportEventTo(exported), QString());
    QVERIFY(QFileInfo::exists(exported));
    // The association checks the file without trusting this desk: the places recomputed from its
    // play, the points from its lock (issue 28 item 7).
    const QString differences = testing::verifyEventDifferences(exported);
    QVERIFY2(differences.isEmpty(), qPrintable(differences));
    // The whole day by keyboard.
    QCOMPARE(testing::keyCount().clicks, 0);
}

QTEST_MAIN(TestPlayMorning)
#include "tst_playmorning.moc"
