// The Play tab (widgets/play/playview.h) in the main window at 1280x800: a template's groups with
// their mean ratings before Start, Start storing the format, scores typed at the keyboard ("6 2 3 1"
// Enter) each stored at once and undoable from Edit > Undo, a refused score said in words writing
// nothing, the shoot-out order asked where a tie blocks the day, each next stage shown before the
// director starts it (Alt+A), and a 24-player NCA day played by keyboard to places in the event's
// results with no place typed. Every keystroke is printed.

#include "../common/imagecheck.h"
#include "../common/playwindow.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/awards/monthlocks.h"
#include "core/play/playresults.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"
#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"
#include "models/samplehistory.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/mainwindow.h"
#include "widgets/play/playview.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>
#include <algorithm>
#include <memory>

using namespace flickdesk;
using core::EntrantStatus;
namespace play = engine::play;
using ui::MainWindow;
using ui::PlayView;

class TestPlayView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void templateShowsGroupsAndStartStoresTheFormat();
    void scoreByKeyboardIsStoredAndUndoable();
    void refusedScoreWritesNothing();
    void ncaDayByKeyboardToTheResults();
    void doublesRoundRobinByKeyboard();
    void screenshotAt1280x800();
    void lateGameStandsOut();

private:
    PlayView* view() const { return m_window->playView(); }
    void startWith(play::Template kind, int boards);
    // Types `text` and Enter into the score box, printing the keys.
    void typeScore(const QString& text);
    int storedScores() const { return static_cast<int>(m_window->store()->playScores(m_eventId).size()); }
    QAction* undoAction() const;

    testing::PlayWindow m_fixture;
    std::unique_ptr<MainWindow>& m_window = m_fixture.window;
    QString& m_eventId = m_fixture.eventId;
};

void TestPlayView::initTestCase()
{
    QVERIFY(m_fixture.makeTemplate());
}

// A fresh copy of the history, an event of 24 players of the history who all checked in, on the
// Play tab.
void TestPlayView::init()
{
    QVERIFY(m_fixture.open(24));
}

void TestPlayView::cleanup()
{
    m_fixture.close();
}

QAction* TestPlayView::undoAction() const
{
    for (QAction* action : m_window->findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(QKeySequence::Undo))
            return action;
    return nullptr;
}

void TestPlayView::startWith(play::Template kind, int boards)
{
    const int index = view()->templateBox()->findData(static_cast<int>(kind));
    QVERIFY(index >= 0);
    view()->templateBox()->setCurrentIndex(index);
    view()->boardsBox()->setValue(boards);
    QVERIFY(view()->startButton()->isEnabled());
    QTest::mouseClick(view()->startButton(), Qt::LeftButton);
    QVERIFY2(view()->playSession()->hasFormat(), qPrintable(view()->scoreMessage()->text()));
}

void TestPlayView::typeScore(const QString& text)
{
    QLineEdit* edit = view()->scoreEdit();
    qInfo("keys: %s Enter", qPrintable(text));
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

void TestPlayView::templateShowsGroupsAndStartStoresTheFormat()
{
    QCOMPARE(view()->templateBox()->count(), 4);
    const int nca = view()->templateBox()->findData(static_cast<int>(play::Template::NcaDay));
    view()->templateBox()->setCurrentIndex(nca);
    view()->boardsBox()->setValue(12);
    // Before Start: the first stage's groups with their mean ratings, every player in one group.
    QTreeWidget* tree = view()->groupsTree();
    QVERIFY(tree->topLevelItemCount() >= 3);
    QTreeWidgetItem* first = tree->topLevelItem(0);
    QVERIFY(first->childCount() >= 2);
    int players = 0;
    for (int g = 0; g < first->childCount(); ++g) {
        QVERIFY2(first->child(g)->text(1).startsWith(QStringLiteral("mean ")),
                 qPrintable(first->child(g)->text(1)));
        players += first->child(g)->childCount();
    }
    QCOMPARE(players, 24);
    // DECISIONS G4: snake seeding keeps the groups' means close: within the spread of the ratings.
    const std::vector<play::PlayUnit> units = view()->playSession()->units();
    QCOMPARE(units.size(), std::size_t(24));
    // The same ratings as the command line's (flickdesk-cli play): either desk draws the same groups.
    core::MonthLocks locks(*m_window->store());
    QCOMPARE(core::playRatings(*m_window->store(), locks, m_eventId), ui::playRatings(*m_window->session()));
    QVERIFY(!m_window->store()->playSetup(m_eventId));

    QTest::mouseClick(view()->startButton(), Qt::LeftButton);
    const std::optional<core::PlaySetup> setup = m_window->store()->playSetup(m_eventId);
    QVERIFY(setup);
    QCOMPARE(setup->format.name, play::templateName(play::Template::NcaDay));
    QCOMPARE(setup->format.stages.front().settings.boards, 12);
    QVERIFY(!view()->startButton()->isEnabled());
    QVERIFY(!view()->templateBox()->isEnabled());
    // The first round's games by board, waiting, one selected for the score.
    QVERIFY(view()->gamesTable()->rowCount() > 0);
    QCOMPARE(view()->gamesTable()->item(0, PlayView::StateColumn)->text(), QStringLiteral("Waiting"));
    QVERIFY(view()->selectedGame().has_value());
}

void TestPlayView::scoreByKeyboardIsStoredAndUndoable()
{
    startWith(play::Template::OneRoundRobin, 0);
    const play::GameKey firstGame = *view()->selectedGame();
    typeScore(QStringLiteral("6 2 3 1"));
    QCOMPARE(storedScores(), 1);
    const std::vector<core::PlayScoreRecord> scores = m_window->store()->playScores(m_eventId);
    QCOMPARE(scores.front().key, firstGame);
    QCOMPARE(scores.front().score, (play::Score{6, 2, 3, 1}));
    QVERIFY(view()->scoreEdit()->text().isEmpty());
    // The next waiting game follows.
    QVERIFY(view()->selectedGame().has_value());
    QVERIFY(*view()->selectedGame() != firstGame);
    QCOMPARE(view()->playSession()->state().game(firstGame)->state, play::GameState::Scored);
    // Edit > Undo takes the score away; Redo puts it back.
    QAction* undo = undoAction();
    QVERIFY(undo);
    QVERIFY(undo->isEnabled());
    qInfo("keys: Edit > Undo");
    undo->trigger();
    QCOMPARE(storedScores(), 0);
    QCOMPARE(view()->playSession()->state().game(firstGame)->state, play::GameState::Waiting);
    m_window->session()->undoStack()->redo();
    QCOMPARE(storedScores(), 1);

    // Ctrl+Z in the empty score box is Edit > Undo too.
    qInfo("keys: Ctrl+Z");
    QTest::keyClick(view()->scoreEdit(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(storedScores(), 0);
    qInfo("keys: Ctrl+Shift+Z");
    QTest::keyClick(view()->scoreEdit(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(storedScores(), 1);

    // A scored game chosen again (Up) and typed again is corrected; undo puts the first score back.
    const int row = view()->gamesTable()->currentRow();
    qInfo("keys: Up");
    QTest::keyClick(view()->scoreEdit(), Qt::Key_Up);
    QCOMPARE(view()->gamesTable()->currentRow(), row - 1);
    QCOMPARE(*view()->selectedGame(), firstGame);
    typeScore(QStringLiteral("2 6 1 3"));
    QCOMPARE(storedScores(), 1);
    QCOMPARE(m_window->store()->playScores(m_eventId).front().score, (play::Score{2, 6, 1, 3}));
    undo->trigger();
    QCOMPARE(m_window->store()->playScores(m_eventId).front().score, (play::Score{6, 2, 3, 1}));
}

void TestPlayView::refusedScoreWritesNothing()
{
    startWith(play::Template::OneRoundRobin, 0);
    const QString before = testing::dumpTables(m_window->store()->path(), testing::RowOrder::Sorted);
    const play::GameKey game = *view()->selectedGame();
    typeScore(QStringLiteral("6 3 0 0")); // 9 points: a game of 4 rounds splits 8
    QVERIFY(!view()->scoreMessage()->text().isEmpty());
    qInfo("refused: %s", qPrintable(view()->scoreMessage()->text()));
    QCOMPARE(storedScores(), 0);
    QCOMPARE(*view()->selectedGame(), game);
    QVERIFY(!view()->scoreEdit()->text().isEmpty()); // kept to correct it
    view()->scoreEdit()->clear();
    typeScore(QStringLiteral("six two"));
    QVERIFY(view()->scoreMessage()->text().contains(QStringLiteral("four numbers")));
    QCOMPARE(storedScores(), 0);
    QCOMPARE(testing::dumpTables(m_window->store()->path(), testing::RowOrder::Sorted), before);
    QCOMPARE(m_window->session()->undoStack()->count(), 0);
}

void TestPlayView::ncaDayByKeyboardToTheResults()
{
    startWith(play::Template::NcaDay, 12);
    ui::PlaySession* session = view()->playSession();
    std::uint64_t random = 28;
    int entered = 0;
    int shootOuts = 0;
    int advances = 0;
    for (int step = 0; step < 2000 && !session->state().placesFinal; ++step) {
        if (ui::ShootOutDialog* dialog = view()->shootOutDialog()) {
            QStringList names;
            for (int row = 0; row < dialog->list()->count(); ++row)
                names.append(dialog->list()->item(row)->text());
            // The director's order: the first named moves down one (Ctrl+Down), then Enter records it.
            const std::vector<play::UnitId> shown = dialog->order();
            qInfo("keys: Ctrl+Down Enter (shoot-out of %s)", qPrintable(names.join(QStringLiteral(", "))));
            dialog->list()->setCurrentRow(0);
            QTest::keyClick(dialog->list(), Qt::Key_Down, Qt::ControlModifier);
            const std::vector<play::UnitId> given = dialog->order();
            QCOMPARE(given[0], shown[1]);
            QCOMPARE(given[1], shown[0]);
            const int orders = static_cast<int>(session->input()->shootOuts.size());
            QTest::keyClick(dialog->list(), Qt::Key_Return);
            QTRY_VERIFY(!view()->shootOutDialog());
            // Recorded with the given order (an earlier order of the same group kept before it).
            QVERIFY(static_cast<int>(session->input()->shootOuts.size()) >= std::max(orders, 1));
            bool recorded = false;
            for (const play::ShootOutOrder& order : session->input()->shootOuts) {
                const auto first = std::find(order.order.begin(), order.order.end(), given[0]);
                const auto second = std::find(order.order.begin(), order.order.end(), given[1]);
                recorded =
                    recorded || (first != order.order.end() && second != order.order.end() && first < second);
            }
            QVERIFY(recorded);
            if (shootOuts == 0) {
                // One undo step: undone, the order is gone and the day waits again; redone, it is back.
                const std::size_t withOrder = session->input()->shootOuts.size();
                qInfo("keys: Edit > Undo, Edit > Redo");
                undoAction()->trigger();
                QCOMPARE(static_cast<int>(session->input()->shootOuts.size()), orders);
                QVERIFY(!session->state().blockingTies.empty());
                m_window->session()->undoStack()->redo();
                QCOMPARE(session->input()->shootOuts.size(), withOrder);
            }
            ++shootOuts;
            continue;
        }
        if (const int stage = session->state().awaitingStart; stage >= 1) {
            // The stage before is complete: who goes on, and where, is shown before it starts; none
            // of its games waits for a score until the director starts it.
            const QString name =
                QString::fromStdString(session->input()->format.stages[static_cast<std::size_t>(stage)].name);
            QVERIFY(view()->advanceButton()->isVisible());
            QCOMPARE(view()->advanceButton()->text(), QStringLiteral("St&art %1").arg(name));
            QVERIFY(!session->state().stages[static_cast<std::size_t>(stage)].started);
            QVERIFY(!view()->selectedGame());
            QVERIFY(view()->statusLabel()->text().contains(name));
            // The window active again after the shoot-out's dialog, the score box focused.
            QVERIFY(testing::activate(m_window.get()));
            view()->scoreEdit()->setFocus();
            qInfo("keys: Alt+A (Start %s)", qPrintable(name));
            QTest::keyClick(view()->scoreEdit(), Qt::Key_A, Qt::AltModifier);
            // A button's mnemonic clicks it once its press is drawn.
            QTRY_VERIFY2(session->state().stages[static_cast<std::size_t>(stage)].started,
                         qPrintable(view()->scoreMessage()->text()));
            QVERIFY(view()->selectedGame());
            ++advances;
            continue;
        }
        const std::optional<play::GameKey> key = view()->selectedGame();
        QVERIFY2(key, qPrintable(view()->scoreMessage()->text()));
        const play::PlayGame* game = session->state().game(*key);
        QVERIFY(game);
        QCOMPARE(game->state, play::GameState::Waiting);
        double ra = 0, rb = 0;
        for (const play::PlayUnit& unit : session->input()->units) {
            if (unit.id == game->a)
                ra = unit.rating;
            if (unit.id == game->b)
                rb = unit.rating;
        }
        // Group A of the morning all level (4 4 0 0): a tie on everything that decides who goes to
        // which pool, which only a shoot-out breaks; every other game a plausible random score.
        const play::Score score =
            key->stage == 0 && key->group == 0
                ? play::Score{4, 4, 0, 0}
                : play::randomScore(*session->settingsOf(*key), session->isPlayoff(*key), ra, rb, random);
        const int before = storedScores();
        typeScore(QString::fromStdString(play::scoreText(score)));
        QCOMPARE(storedScores(), before + 1);
        ++entered;
    }
    QVERIFY(session->state().finished);
    QVERIFY(session->state().placesFinal);
    QVERIFY(shootOuts >= 1);
    QCOMPARE(advances, 2); // the pools, then the finals
    qInfo("%d scores, %d shoot-out orders and %d starts entered by keyboard", entered, shootOuts, advances);

    // The places with their rule in words; nothing in the results until the director uses them.
    QCOMPARE(view()->placesTable()->rowCount(), 24);
    QVERIFY(!view()->placesTable()->item(0, ui::PlayPlaces::RuleColumn)->text().isEmpty());
    QVERIFY(m_window->store()->standings(m_eventId).empty());
    QVERIFY(view()->usePlacesButton()->isEnabled());
    qInfo("keys: click Use These Places");
    QTest::mouseClick(view()->usePlacesButton(), Qt::LeftButton);

    // Every unit that began has a distinct place 1..24, the play's; no place was typed.
    std::vector<int> places;
    for (const core::Entrant& entrant : m_window->store()->entrants(m_eventId)) {
        QVERIFY(entrant.place);
        places.push_back(*entrant.place);
        const auto it =
            std::find_if(session->state().places.begin(), session->state().places.end(),
                         [&](const play::Place& p) { return p.unit == std::to_string(entrant.number); });
        QVERIFY(it != session->state().places.end());
        QCOMPARE(it->place, *entrant.place);
    }
    std::sort(places.begin(), places.end());
    for (int i = 0; i < 24; ++i)
        QCOMPARE(places[static_cast<std::size_t>(i)], i + 1);
    // The Results tab shows them.
    QStandardItemModel* results = m_window->resultsPanel()->standingsModel();
    QCOMPARE(results->rowCount(), 24);
    for (int row = 0; row < 24; ++row)
        QVERIFY(results->item(row, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).isValid());
    QTest::qWait(50);
    const QImage image = m_window->grab().toImage();
    QVERIFY(showsSomething(image));
    const QString file = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-places.png"));
    QVERIFY(image.save(file));
    qInfo("screenshot: %s", qPrintable(file));
    QVERIFY(!view()->usePlacesButton()->isEnabled()); // nothing more to write
    // The event's history of edits: the scores, the stages started and the places from the play, no
    // place typed.
    const QUndoStack* stack = m_window->session()->undoStack();
    const int steps = entered + shootOuts + advances;
    QCOMPARE(stack->count(), steps + 1);
    int starts = 0;
    for (int i = 0; i < steps; ++i) {
        QVERIFY2(stack->text(i).startsWith(QStringLiteral("Score ")) ||
                     stack->text(i).startsWith(QStringLiteral("Shoot-out order ")) ||
                     stack->text(i).startsWith(QStringLiteral("Start ")),
                 qPrintable(stack->text(i)));
        starts += stack->text(i).startsWith(QStringLiteral("Start ")) ? 1 : 0;
    }
    QCOMPARE(starts, advances);
    QCOMPARE(stack->text(steps), QStringLiteral("Places from the play"));
    // One undo step takes the places back out of the results; they can be used again.
    undoAction()->trigger();
    QVERIFY(m_window->store()->standings(m_eventId).empty());
    QVERIFY(view()->usePlacesButton()->isEnabled());

    // A morning score taken away at another desk (the command line): the later stages are no longer
    // drawn, and the tab says how many scores wait for their games; put back, the day is whole again.
    const core::PlayScoreRecord morning = m_window->store()->playScores(m_eventId).front();
    QCOMPARE(morning.key.stage, 0);
    m_window->store()->clearScore(m_eventId, morning.key);
    QVERIFY(!session->state().finished);
    QVERIFY(view()->statusLabel()->text().contains(QStringLiteral("no longer drawn")));
    QVERIFY(!view()->statusLabel()->toolTip().isEmpty());
    // Each in words, never by the internal key ("s1.g0.r0.m0.n0").
    QVERIFY2(
        !view()->statusLabel()->toolTip().contains(QRegularExpression(QStringLiteral("s\\d+\\.g\\d+\\.r"))),
        qPrintable(view()->statusLabel()->toolTip()));
    m_window->store()->recordScore(m_eventId, ui::playRatings(*m_window->session()), morning.key,
                                   morning.score);
    QVERIFY(session->state().placesFinal);
    QVERIFY(!view()->statusLabel()->text().contains(QStringLiteral("no longer drawn")));
}

// A doubles event of 8 teams in one round robin: a team is one unit, named by its two players, and
// its place goes to the team's entrant in the results.
void TestPlayView::doublesRoundRobinByKeyboard()
{
    core::Store& store = *m_window->store();
    const QString doubles =
        store.createEvent(testing::draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    QVERIFY(m_window->selectEvent(doubles));
    m_eventId = doubles;
    ui::EventSession* eventSession = m_window->session();
    QVERIFY(testing::waitForRatings(*eventSession));
    const QStringList players = testing::recentPlayers(store, 16);
    QCOMPARE(players.size(), 16);
    std::vector<int> numbers;
    for (const QString& player : players)
        numbers.push_back(*eventSession->addEntrant({player}, EntrantStatus::Registered));
    for (std::size_t i = 0; i < numbers.size(); i += 2)
        QVERIFY(eventSession->pairPartners(numbers[i], numbers[i + 1]));
    QCOMPARE(eventSession->checkInAllRegistered(), std::optional<int>(8));
    eventSession->undoStack()->clear();

    startWith(play::Template::OneRoundRobin, 4);
    ui::PlaySession* session = view()->playSession();
    QCOMPARE(session->input()->units.size(), std::size_t(8));
    QVERIFY(session->unitName(session->input()->units.front().id).contains(QStringLiteral(" / ")));
    QCOMPARE(view()->standingsTable()->horizontalHeaderItem(1)->text(), QStringLiteral("Team"));
    std::uint64_t random = 2;
    int entered = 0;
    for (int step = 0; step < 200 && !session->state().placesFinal; ++step) {
        if (ui::ShootOutDialog* dialog = view()->shootOutDialog()) {
            qInfo("keys: Enter (shoot-out order as listed)");
            QTest::keyClick(dialog->list(), Qt::Key_Return);
            QTRY_VERIFY(!view()->shootOutDialog());
            continue;
        }
        const std::optional<play::GameKey> key = view()->selectedGame();
        QVERIFY(key);
        const play::Score score = play::randomScore(*session->settingsOf(*key), false, 0, 0, random);
        typeScore(QString::fromStdString(play::scoreText(score)));
        QCOMPARE(storedScores(), ++entered);
    }
    QVERIFY(session->state().placesFinal);
    QCOMPARE(entered, 28); // 8 teams meet once each
    qInfo("keys: click Use These Places");
    QTest::mouseClick(view()->usePlacesButton(), Qt::LeftButton);
    std::vector<int> places;
    for (const core::Placing& placing : store.standings(doubles))
        places.push_back(placing.place);
    std::sort(places.begin(), places.end());
    QCOMPARE(places, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

void TestPlayView::screenshotAt1280x800()
{
    startWith(play::Template::NcaDay, 12);
    typeScore(QStringLiteral("6 2 3 1"));
    typeScore(QStringLiteral("5 3 2 2"));
    QCOMPARE(m_window->size(), QSize(1280, 800));
    QTest::qWait(50); // the layout follows the score label's new text
    const QImage image = m_window->grab().toImage();
    QVERIFY(showsSomething(image));
    const QString file = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-tab.png"));
    QVERIFY(image.save(file));
    qInfo("screenshot: %s", qPrintable(file));
}

// Issue 28 "a late or missing score visible at a glance": the round's waiting games are plain; a game
// still waiting once a later round of its group has a score is late, bold on amber with the round
// being scored in its tooltip, and plain again once its score comes (or the later one is undone).
void TestPlayView::lateGameStandsOut()
{
    startWith(play::Template::OneRoundRobin, 0);
    QTableWidget* games = view()->gamesTable();
    const auto roundOf = [&](int row) {
        const QString text = games->item(row, PlayView::RoundColumn)->text();
        return text.mid(text.lastIndexOf(u' ') + 1).toInt();
    };
    const auto isLate = [&](int row) {
        const QTableWidgetItem* state = games->item(row, PlayView::StateColumn);
        return state->text() == QStringLiteral("Late") && state->font().bold() &&
               state->background().style() != Qt::NoBrush &&
               games->item(row, PlayView::SideAColumn)->font().bold();
    };
    const auto isPlainWaiting = [&](int row) {
        const QTableWidgetItem* state = games->item(row, PlayView::StateColumn);
        return state->text() == QStringLiteral("Waiting") && !state->font().bold() &&
               state->background().style() == Qt::NoBrush && state->toolTip().isEmpty();
    };
    // The first round's games, all waiting and none late.
    QCOMPARE(roundOf(0), 1);
    int secondRound = -1;
    for (int row = 0; row < games->rowCount(); ++row) {
        if (roundOf(row) == 1)
            QVERIFY2(isPlainWaiting(row), qPrintable(games->item(row, PlayView::StateColumn)->text()));
        else if (secondRound < 0 && roundOf(row) == 2)
            secondRound = row;
    }
    QVERIFY(secondRound > 1);
    // Round 1's first game scored: the others of round 1 wait, in time.
    typeScore(QStringLiteral("6 2 3 1"));
    QCOMPARE(games->item(0, PlayView::StateColumn)->text(), QStringLiteral("Scored"));
    for (int row = 1; row < secondRound; ++row)
        QVERIFY(isPlainWaiting(row));
    // A round 2 game scored before round 1 is complete: round 1's waiting games are late.
    qInfo("keys: Down x%d", secondRound - games->currentRow());
    while (games->currentRow() < secondRound)
        QTest::keyClick(view()->scoreEdit(), Qt::Key_Down);
    QCOMPARE(roundOf(games->currentRow()), 2);
    typeScore(QStringLiteral("4 4 1 1"));
    QCOMPARE(storedScores(), 2);
    for (int row = 1; row < secondRound; ++row) {
        QVERIFY2(isLate(row), qPrintable(games->item(row, PlayView::StateColumn)->text()));
        QCOMPARE(games->item(row, PlayView::SideBColumn)->toolTip(),
                 QStringLiteral("late: round 2 is being scored"));
    }
    // Round 2's other waiting games are not late; nor round 3's.
    for (int row = secondRound + 1; row < games->rowCount(); ++row)
        QVERIFY2(isPlainWaiting(row), qPrintable(QStringLiteral("row %1").arg(row)));
    // Readable at 1280x800: the state column holds the bold "Late" whole.
    QFont bold = games->font();
    bold.setBold(true);
    QVERIFY(games->horizontalHeader()->sectionSize(PlayView::StateColumn) >
            QFontMetrics(bold).horizontalAdvance(QStringLiteral("Late")));
    QCOMPARE(m_window->size(), QSize(1280, 800));
    QTest::qWait(50);
    const QImage image = m_window->grab().toImage();
    QVERIFY(showsSomething(image));
    const QString file = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-late.png"));
    QVERIFY(image.save(file));
    qInfo("screenshot: %s", qPrintable(file));
    // A late game's score in: that row is plain, the others of round 1 still late.
    qInfo("keys: Up x%d", games->currentRow() - 1);
    while (games->currentRow() > 1)
        QTest::keyClick(view()->scoreEdit(), Qt::Key_Up);
    typeScore(QStringLiteral("5 3 2 0"));
    QCOMPARE(games->item(1, PlayView::StateColumn)->text(), QStringLiteral("Scored"));
    QVERIFY(!games->item(1, PlayView::StateColumn)->font().bold());
    QVERIFY(games->item(1, PlayView::StateColumn)->toolTip().isEmpty());
    QVERIFY(isLate(2));
    // The round 2 score undone (the last but one step): nothing is late any more.
    qInfo("keys: Edit > Undo x2");
    undoAction()->trigger();
    undoAction()->trigger();
    QCOMPARE(storedScores(), 1);
    for (int row = 1; row < games->rowCount(); ++row)
        QVERIFY2(isPlainWaiting(row), qPrintable(QStringLiteral("row %1").arg(row)));
}

QTEST_MAIN(TestPlayView)
#include "tst_playview.moc"
