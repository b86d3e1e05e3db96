// The Places pane of the Play tab (widgets/play/playplaces.h) in the main window at 1280x800, a
// One round robin of 8 players played by keyboard: the Points column is the payout of each place
// as the scores come in, and the Results tab's after Use These Places; a player withdraws mid-play
// (their games become walkovers, they keep a place) and a place is set by hand with its reason
// (refused without one), each one undo step; Use These Places with "Rate from the games" writes the
// places and the day's games as one undo step; a score another desk stored first is refused in
// words, without the game's internal key; the standings' reasons fit their column at 1280x800.
// Every keystroke is printed.

#include "../common/imagecheck.h"
#include "../common/playwindow.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/awards/payout.h"
#include "core/play/playresults.h"
#include "core/records/monthlock.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"
#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"
#include "models/samplehistory.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/mainwindow.h"
#include "widgets/play/playplaces.h"
#include "widgets/play/playview.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <map>
#include <memory>
#include <set>

using namespace flickdesk;
using core::EntrantStatus;
namespace play = engine::play;
using ui::MainWindow;
using ui::PlayPlaces;
using ui::PlayView;

class TestPlayPlaces : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void pointsColumnIsThePayoutOfEachPlace();
    void withdrawalMidPlayKeepsAPlace();
    void placeSetByHandNeedsAReason();
    void usePlacesRatedFromTheGames();
    void refusedScoreSaysTheGameInWords();
    void standingsReasonsFitAt1280x800();

private:
    PlayView* view() const { return m_window->playView(); }
    PlayPlaces* pane() const { return view()->placesPane(); }
    ui::PlaySession* session() const { return view()->playSession(); }
    void start();
    void typeScore(const QString& text);
    // One waiting game scored at the keyboard (a plausible random score); a shoot-out asked for is
    // answered in the order listed. False when nothing waits.
    bool playOne();
    void playToTheEnd();
    void showPlacesTab();
    // The row of `unit` chosen in the places list by keyboard (Ctrl+Home, then Down).
    void chooseUnit(const play::UnitId& unit);
    QAction* undoAction() const;
    // What each place pays in this field, computed here from the store (core::payoutTable).
    std::vector<QString> expectedPoints() const;
    play::PlayInput storedInput() const;
    int rowOf(const play::UnitId& unit) const;

    testing::PlayWindow m_fixture;
    std::unique_ptr<MainWindow>& m_window = m_fixture.window;
    QString& m_eventId = m_fixture.eventId;
    std::uint64_t m_random = 8;
};

void TestPlayPlaces::initTestCase()
{
    QVERIFY(m_fixture.makeTemplate());
}

// A fresh copy of the history, an event of 8 players of the history who all checked in, on the Play
// tab with a One round robin started on 4 boards.
void TestPlayPlaces::init()
{
    // The history has no names: the players get a director's long ones, so that the lists are seen
    // at their widest.
    const auto longNames = [](MainWindow& window, const QStringList& players) {
        const QStringList names = {
            QStringLiteral("Bartholomew Kowalczyk"),  QStringLiteral("Anna-Lena Vandermeer"),
            QStringLiteral("Jean-François Tremblay"), QStringLiteral("Siobhan O'Driscoll"),
            QStringLiteral("Maximilian Hohenberger"), QStringLiteral("Priya Raghunathan"),
            QStringLiteral("Christopher McAllister"), QStringLiteral("Zofia Wiśniewska")};
        for (int i = 0; i < players.size(); ++i) {
            const std::optional<core::PlayerRecord> record = window.store()->player(players[i]);
            if (!record || !window.session()->editPlayer(players[i], names[i], record->location))
                return false;
        }
        return true;
    };
    QVERIFY(m_fixture.open(8, QStringLiteral("2025-12-06"), longNames));
    QVERIFY(session());
    m_random = 8;
    start();
}

void TestPlayPlaces::cleanup()
{
    m_fixture.close();
}

void TestPlayPlaces::start()
{
    const int index = view()->templateBox()->findData(static_cast<int>(play::Template::OneRoundRobin));
    QVERIFY(index >= 0);
    view()->templateBox()->setCurrentIndex(index);
    view()->boardsBox()->setValue(4);
    qInfo("keys: click Start (One round robin, 4 boards)");
    QTest::mouseClick(view()->startButton(), Qt::LeftButton);
    QVERIFY2(session()->hasFormat(), qPrintable(view()->scoreMessage()->text()));
}

QAction* TestPlayPlaces::undoAction() const
{
    for (QAction* action : m_window->findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(QKeySequence::Undo))
            return action;
    return nullptr;
}

void TestPlayPlaces::typeScore(const QString& text)
{
    QLineEdit* edit = view()->scoreEdit();
    qInfo("keys: %s Enter", qPrintable(text));
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

bool TestPlayPlaces::playOne()
{
    if (ui::ShootOutDialog* dialog = view()->shootOutDialog()) {
        qInfo("keys: Enter (shoot-out order as listed)");
        QTest::keyClick(dialog->list(), Qt::Key_Return);
        return true;
    }
    std::optional<play::GameKey> key = view()->selectedGame();
    if (!key)
        return false;
    // A game that became a walkover stays selected: Down (or Up at the end) to a waiting one.
    for (const Qt::Key move : {Qt::Key_Down, Qt::Key_Up}) {
        for (int i = 0; i < view()->gamesTable()->rowCount() &&
                        session()->state().game(*key)->state != play::GameState::Waiting;
             ++i) {
            qInfo("keys: %s", move == Qt::Key_Down ? "Down" : "Up");
            QTest::keyClick(view()->scoreEdit(), move);
            key = view()->selectedGame();
        }
    }
    if (session()->state().game(*key)->state != play::GameState::Waiting)
        return false;
    const play::Score score =
        play::randomScore(*session()->settingsOf(*key), session()->isPlayoff(*key), 0, 0, m_random);
    typeScore(QString::fromStdString(play::scoreText(score)));
    return true;
}

void TestPlayPlaces::playToTheEnd()
{
    for (int step = 0; step < 200 && !session()->state().placesFinal; ++step) {
        if (!playOne())
            QTest::qWait(10); // a shoot-out dialog closing
    }
    const play::PlayState& state = session()->state();
    QVERIFY2(state.placesFinal, qPrintable(QStringLiteral("finished %1, place ties %2, waiting %3, dialog %4")
                                               .arg(state.finished)
                                               .arg(state.placeTies.size())
                                               .arg(state.waitingGames().size())
                                               .arg(view()->shootOutDialog() != nullptr)));
}

void TestPlayPlaces::showPlacesTab()
{
    auto* tabs = qobject_cast<QTabWidget*>(pane()->parentWidget()->parentWidget());
    QVERIFY(tabs);
    qInfo("keys: click the Places tab");
    tabs->setCurrentWidget(pane());
}

int TestPlayPlaces::rowOf(const play::UnitId& unit) const
{
    QTableWidget* table = pane()->placesTable();
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->item(row, PlayPlaces::PlaceColumn)->data(Qt::UserRole).toString().toStdString() == unit)
            return row;
    return -1;
}

void TestPlayPlaces::chooseUnit(const play::UnitId& unit)
{
    showPlacesTab();
    QTableWidget* table = pane()->placesTable();
    const int row = rowOf(unit);
    QVERIFY(row >= 0);
    table->setFocus();
    qInfo("keys: Ctrl+Home, Down x%d (%s)", row, qPrintable(session()->unitName(unit)));
    QTest::keyClick(table, Qt::Key_Home, Qt::ControlModifier);
    for (int i = 0; i < row; ++i)
        QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(pane()->selectedUnit(), std::optional<play::UnitId>(unit));
}

std::vector<QString> TestPlayPlaces::expectedPoints() const
{
    core::Store& store = *m_window->store();
    const std::optional<core::EventRecord> event = store.event(m_eventId);
    const std::vector<core::Entrant> entrants = store.entrants(m_eventId);
    std::vector<const core::Entrant*> began;
    for (const core::Entrant& entrant : entrants)
        if (entrant.began())
            began.push_back(&entrant);
    const engine::PayoutTable table =
        core::payoutTable(core::payoutTermsOf(*event), began, m_window->session()->lockedRatings());
    std::vector<QString> points;
    for (const double award : table.awards)
        points.push_back(ui::payouttext::points(award));
    return points;
}

play::PlayInput TestPlayPlaces::storedInput() const
{
    return m_window->store()->playInput(m_eventId, ui::playRatings(*m_window->session()));
}

void TestPlayPlaces::pointsColumnIsThePayoutOfEachPlace()
{
    const std::vector<QString> expected = expectedPoints();
    QCOMPARE(expected.size(), std::size_t(8));
    QVERIFY(expected.front() != expected.back()); // the winner is paid more than the last
    QTableWidget* table = pane()->placesTable();
    QCOMPARE(table->horizontalHeaderItem(PlayPlaces::PointsColumn)->text(), QStringLiteral("Points"));
    // As the scores come in, each row's points are what its place pays; the player at the top changes.
    std::set<QString> leaders;
    for (int step = 0; step < 200 && !session()->state().placesFinal; ++step) {
        QCOMPARE(table->rowCount(), 8);
        for (int row = 0; row < table->rowCount(); ++row) {
            const int place = table->item(row, PlayPlaces::PlaceColumn)->text().toInt();
            QVERIFY(place >= 1 && place <= 8);
            QCOMPARE(table->item(row, PlayPlaces::PointsColumn)->text(),
                     expected[static_cast<std::size_t>(place - 1)]);
        }
        leaders.insert(table->item(0, PlayPlaces::UnitColumn)->text());
        if (!playOne())
            QTest::qWait(10);
    }
    QVERIFY(session()->state().placesFinal);
    QVERIFY(leaders.size() >= 2);
    // The Results tab pays each place the same once the places are used.
    QVERIFY(pane()->usePlacesButton()->isEnabled());
    qInfo("keys: click Use These Places");
    QTest::mouseClick(pane()->usePlacesButton(), Qt::LeftButton);
    QStandardItemModel* results = m_window->resultsPanel()->standingsModel();
    QCOMPARE(results->rowCount(), 8);
    std::map<int, QString> resultPoints;
    for (int row = 0; row < results->rowCount(); ++row)
        resultPoints[results->item(row, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt()] =
            results->item(row, ui::ResultsPanel::PointsColumn)->text();
    for (int row = 0; row < table->rowCount(); ++row) {
        const int place = table->item(row, PlayPlaces::PlaceColumn)->text().toInt();
        QCOMPARE(table->item(row, PlayPlaces::PointsColumn)->text(), resultPoints[place]);
    }
}

void TestPlayPlaces::withdrawalMidPlayKeepsAPlace()
{
    // The first round on every board.
    for (int i = 0; i < 4; ++i)
        QVERIFY(playOne());
    // The player of the next waiting game withdraws.
    const play::GameKey next = *view()->selectedGame();
    const play::UnitId unit = session()->state().game(next)->a;
    chooseUnit(unit);
    QVERIFY(pane()->withdrawButton()->isEnabled());
    QVERIFY(!pane()->takeBackButton()->isEnabled());
    qInfo("keys: click Withdraw..., Enter");
    QTest::mouseClick(pane()->withdrawButton(), Qt::LeftButton);
    QTRY_VERIFY(pane()->withdrawDialog());
    ui::WithdrawDialog* dialog = pane()->withdrawDialog();
    QTest::qWait(20);
    const QImage image = dialog->grab().toImage();
    QVERIFY(showsSomething(image));
    const QString file = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-withdraw.png"));
    QVERIFY(image.save(file));
    qInfo("screenshot: %s", qPrintable(file));
    // The round the player plays next is offered first.
    QVERIFY2(dialog->roundBox()->currentText().endsWith(QStringLiteral("round %1").arg(next.round + 1)),
             qPrintable(dialog->roundBox()->currentText()));
    QTest::keyClick(dialog->roundBox(), Qt::Key_Return);
    QTRY_VERIFY(!pane()->withdrawDialog());

    // Stored, and the player's games from that round on are walkovers; they keep a place.
    const std::vector<play::Withdrawal> stored = storedInput().withdrawals;
    QCOMPARE(stored.size(), std::size_t(1));
    QCOMPARE(stored.front().unit, unit);
    QCOMPARE(stored.front().stage, next.stage);
    QCOMPARE(stored.front().round, next.round);
    int walkovers = 0;
    for (const play::PlayGroup& group : session()->state().stages.front().groups)
        for (const play::PlayGame& game : group.games)
            if (game.a == unit || game.b == unit) {
                if (game.key.round >= next.round)
                    QCOMPARE(game.state, play::GameState::Walkover);
                else
                    QCOMPARE(game.state, play::GameState::Scored);
                walkovers += game.state == play::GameState::Walkover;
            }
    QCOMPARE(walkovers, 7 - next.round);
    int shownWalkovers = 0;
    for (int row = 0; row < view()->gamesTable()->rowCount(); ++row)
        shownWalkovers +=
            view()->gamesTable()->item(row, PlayView::StateColumn)->text() == QStringLiteral("Walkover");
    QCOMPARE(shownWalkovers, walkovers);
    QCOMPARE(pane()->placesTable()->rowCount(), 8);
    const int row = rowOf(unit);
    QVERIFY(row >= 0);
    QVERIFY(pane()
                ->placesTable()
                ->item(row, PlayPlaces::UnitColumn)
                ->text()
                .contains(QStringLiteral("withdrew")));
    QVERIFY(pane()
                ->placesTable()
                ->item(row, PlayPlaces::RuleColumn)
                ->text()
                .contains(QStringLiteral("withdrew")));
    QVERIFY(!pane()->placesTable()->item(row, PlayPlaces::PointsColumn)->text().isEmpty());
    QCOMPARE(pane()->selectedUnit(), std::optional<play::UnitId>(unit));
    QVERIFY(pane()->takeBackButton()->isEnabled());

    // One undo step: undone, the games wait again; redone, they are walkovers again.
    QUndoStack* stack = m_window->session()->undoStack();
    QCOMPARE(stack->text(stack->count() - 1), QStringLiteral("%1 withdraws").arg(session()->unitName(unit)));
    qInfo("keys: Edit > Undo");
    undoAction()->trigger();
    QVERIFY(storedInput().withdrawals.empty());
    QCOMPARE(session()->state().game(next)->state, play::GameState::Waiting);
    m_window->session()->undoStack()->redo();
    QCOMPARE(storedInput().withdrawals.size(), std::size_t(1));
    QCOMPARE(session()->state().game(next)->state, play::GameState::Walkover);

    // Take Back Withdrawal, one undo step too.
    chooseUnit(unit);
    qInfo("keys: click Take Back Withdrawal");
    QTest::mouseClick(pane()->takeBackButton(), Qt::LeftButton);
    QVERIFY(storedInput().withdrawals.empty());
    QCOMPARE(session()->state().game(next)->state, play::GameState::Waiting);
    undoAction()->trigger();
    QCOMPARE(storedInput().withdrawals.size(), std::size_t(1));

    // The day plays to its end around the walkovers; every player has a distinct place.
    playToTheEnd();
    std::vector<int> places;
    for (const play::Place& place : session()->state().places)
        places.push_back(place.place);
    std::sort(places.begin(), places.end());
    QCOMPARE(places, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

void TestPlayPlaces::placeSetByHandNeedsAReason()
{
    for (int i = 0; i < 8; ++i)
        QVERIFY(playOne());
    const play::UnitId unit = session()->state().places[4].unit; // 5th so far
    chooseUnit(unit);
    QVERIFY(!pane()->clearHandPlaceButton()->isEnabled());
    qInfo("keys: click Set Place by Hand...");
    QTest::mouseClick(pane()->handPlaceButton(), Qt::LeftButton);
    QTRY_VERIFY(pane()->handPlaceDialog());
    ui::HandPlaceDialog* dialog = pane()->handPlaceDialog();
    QCOMPARE(dialog->placeBox()->value(), 5);
    qInfo("keys: Ctrl+A 2 Enter (no reason)");
    QTest::keyClick(dialog->placeBox(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(dialog->placeBox(), QStringLiteral("2"));
    QTest::keyClick(dialog->reasonEdit(), Qt::Key_Return);
    // Refused in words: nothing stored, the dialog stays to give the reason.
    QVERIFY(pane()->handPlaceDialog());
    QVERIFY(dialog->problemLabel()->isVisibleTo(dialog));
    QVERIFY2(dialog->problemLabel()->text().contains(QStringLiteral("reason")),
             qPrintable(dialog->problemLabel()->text()));
    QVERIFY(storedInput().handPlaces.empty());
    QCOMPARE(m_window->session()->undoStack()->count(), 8); // the 8 scores only
    QTest::qWait(20);
    const QImage image = dialog->grab().toImage();
    QVERIFY(showsSomething(image));
    // The problem's lines take room of their own: the place and the reason keep theirs.
    QVERIFY(dialog->placeBox()->height() >= dialog->placeBox()->minimumSizeHint().height());
    QVERIFY(dialog->reasonEdit()->height() >= dialog->reasonEdit()->minimumSizeHint().height());
    const QString file = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-hand-place.png"));
    QVERIFY(image.save(file));
    qInfo("screenshot: %s", qPrintable(file));
    const QString reason = QStringLiteral("board 3's score was miscounted and agreed at the desk");
    qInfo("keys: %s Enter", qPrintable(reason));
    QTest::keyClicks(dialog->reasonEdit(), reason);
    QTest::keyClick(dialog->reasonEdit(), Qt::Key_Return);
    QTRY_VERIFY(!pane()->handPlaceDialog());

    const std::vector<play::HandPlace> stored = storedInput().handPlaces;
    QCOMPARE(stored.size(), std::size_t(1));
    QCOMPARE(stored.front().unit, unit);
    QCOMPARE(stored.front().place, 2);
    QCOMPARE(QString::fromStdString(stored.front().reason), reason);
    // The places list: the unit 2nd, the reason in the rule column; every place still distinct.
    const int row = rowOf(unit);
    QCOMPARE(pane()->placesTable()->item(row, PlayPlaces::PlaceColumn)->text(), QStringLiteral("2"));
    QVERIFY(pane()->placesTable()->item(row, PlayPlaces::RuleColumn)->text().contains(reason));
    QVERIFY(pane()->clearHandPlaceButton()->isEnabled());
    std::set<int> places;
    for (const play::Place& place : session()->state().places)
        places.insert(place.place);
    QCOMPARE(places.size(), std::size_t(8));

    // One undo step; redo; Clear Hand Place, undoable too.
    qInfo("keys: Edit > Undo");
    undoAction()->trigger();
    QVERIFY(storedInput().handPlaces.empty());
    QCOMPARE(pane()->placesTable()->item(rowOf(unit), PlayPlaces::PlaceColumn)->text(), QStringLiteral("5"));
    m_window->session()->undoStack()->redo();
    QCOMPARE(storedInput().handPlaces.size(), std::size_t(1));
    chooseUnit(unit);
    qInfo("keys: click Clear Hand Place");
    QTest::mouseClick(pane()->clearHandPlaceButton(), Qt::LeftButton);
    QVERIFY(storedInput().handPlaces.empty());
    undoAction()->trigger();
    QCOMPARE(storedInput().handPlaces.size(), std::size_t(1));
}

void TestPlayPlaces::usePlacesRatedFromTheGames()
{
    showPlacesTab();
    QCheckBox* box = pane()->rateFromGamesBox();
    QVERIFY(!box->isChecked()); // DECISIONS G8: rated from its places unless the director chooses
    QVERIFY(pane()->ratedFromLabel()->text().contains(QStringLiteral("rated from its places")));
    playToTheEnd();
    core::Store& store = *m_window->store();
    QVERIFY(store.standings(m_eventId).empty());
    qInfo("keys: Space (Rate from the games on)");
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Space);
    QVERIFY(box->isChecked());
    QVERIFY2(pane()->ratedFromLabel()->text().contains(QStringLiteral("will be rated from its games")),
             qPrintable(pane()->ratedFromLabel()->text()));
    QVERIFY(pane()->usePlacesButton()->isEnabled());
    qInfo("keys: click Use These Places");
    QTest::mouseClick(pane()->usePlacesButton(), Qt::LeftButton);
    QVERIFY2(pane()->messageLabel()->text().isEmpty(), qPrintable(pane()->messageLabel()->text()));

    // The places in the Results tab and the day's games in the event, checked through the store.
    const std::vector<core::Placing> standings = store.standings(m_eventId);
    QCOMPARE(standings.size(), std::size_t(8));
    for (const play::Place& place : session()->state().places) {
        const auto it = std::find_if(standings.begin(), standings.end(),
                                     [&](const core::Placing& p) { return p.unit == std::stoi(place.unit); });
        QVERIFY(it != standings.end());
        QCOMPARE(it->place, place.place);
    }
    QStandardItemModel* results = m_window->resultsPanel()->standingsModel();
    for (int row = 0; row < results->rowCount(); ++row)
        QVERIFY(results->item(row, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).isValid());
    const core::EventRecord event = *store.event(m_eventId);
    QCOMPARE(event.games.size(), std::size_t(28)); // 8 players meet once each
    QCOMPARE(event.games, core::playGameRecords(event.units, session()->state()));
    QVERIFY(!pane()->usePlacesButton()->isEnabled());
    QVERIFY2(pane()->ratedFromLabel()->text().contains(QStringLiteral("is rated from its games")),
             qPrintable(pane()->ratedFromLabel()->text()));

    // One undo step takes both back; redo writes both.
    QUndoStack* stack = m_window->session()->undoStack();
    QCOMPARE(stack->text(stack->count() - 1), QStringLiteral("Places and games from the play"));
    qInfo("keys: Edit > Undo");
    undoAction()->trigger();
    QVERIFY(store.standings(m_eventId).empty());
    QVERIFY(store.event(m_eventId)->games.empty());
    QVERIFY(pane()->usePlacesButton()->isEnabled());
    stack->redo();
    QCOMPARE(store.standings(m_eventId).size(), std::size_t(8));
    QCOMPARE(store.event(m_eventId)->games.size(), std::size_t(28));

    // Unchecked, Use These Places rates the event from its places again: the games are cleared.
    qInfo("keys: Space (Rate from the games off), click Use These Places");
    QTest::keyClick(box, Qt::Key_Space);
    QVERIFY(!box->isChecked());
    QVERIFY(pane()->usePlacesButton()->isEnabled());
    QTest::mouseClick(pane()->usePlacesButton(), Qt::LeftButton);
    QVERIFY(store.event(m_eventId)->games.empty());
    QCOMPARE(store.standings(m_eventId).size(), std::size_t(8));
    QVERIFY(pane()->ratedFromLabel()->text().contains(QStringLiteral("is rated from its places")));
    undoAction()->trigger();
    QCOMPARE(store.event(m_eventId)->games.size(), std::size_t(28));
}

void TestPlayPlaces::refusedScoreSaysTheGameInWords()
{
    // A score typed, then taken back (Edit > Undo); another desk stores the game's score meanwhile
    // (the command line on this file); Edit > Redo would write the first score over it: refused.
    const play::GameKey key = *view()->selectedGame();
    const play::PlayGame game = *session()->state().game(key);
    typeScore(QStringLiteral("6 2 3 1"));
    qInfo("keys: Edit > Undo");
    undoAction()->trigger();
    QVERIFY(m_window->store()->playScores(m_eventId).empty());
    m_window->store()->recordScore(m_eventId, ui::playRatings(*m_window->session()), key,
                                   play::Score{5, 3, 2, 2});
    qInfo("keys: Edit > Redo");
    m_window->session()->undoStack()->redo();
    const QString message = m_window->session()->lastError();
    qInfo("refused: %s", qPrintable(message));
    QVERIFY(!message.isEmpty());
    QVERIFY2(!message.contains(QString::fromStdString(play::gameKeyText(key))), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("round %1").arg(key.round + 1)), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("board %1").arg(game.board)), qPrintable(message));
    QVERIFY(message.contains(session()->unitName(game.a)));
    QVERIFY(message.contains(session()->unitName(game.b)));
    QVERIFY2(message.contains(QStringLiteral("%1 has a score already").arg(session()->gameInWords(key))),
             qPrintable(message));
    // The other desk's score stands.
    QCOMPARE(m_window->store()->playScores(m_eventId).size(), std::size_t(1));
    QCOMPARE(m_window->store()->playScores(m_eventId).front().score, (play::Score{5, 3, 2, 2}));

    // The words for a game, whatever path refuses it: group, round, board and the two names.
    const QString words = session()->gameInWords(key);
    QCOMPARE(words, QStringLiteral("Round robin, round %1, board %2 (%3 v %4)")
                        .arg(key.round + 1)
                        .arg(game.board)
                        .arg(session()->unitName(game.a), session()->unitName(game.b)));
}

void TestPlayPlaces::standingsReasonsFitAt1280x800()
{
    for (int i = 0; i < 12; ++i)
        QVERIFY(playOne());
    QCOMPARE(m_window->size(), QSize(1280, 800));
    QTableWidget* standings = view()->standingsTable();
    auto* tabs = qobject_cast<QTabWidget*>(standings->parentWidget()->parentWidget());
    QVERIFY(tabs);
    tabs->setCurrentWidget(standings);
    QTest::qWait(50);
    const QImage image = m_window->grab().toImage();
    QVERIFY(showsSomething(image));
    const QString file = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-standings.png"));
    QVERIFY(image.save(file));
    qInfo("screenshot: %s", qPrintable(file));
    // Every reason whole in its cell: the Why column ends inside the list, and each row is as high
    // as its reason wrapped to the column's width.
    constexpr int why = 5;
    QVERIFY(standings->columnViewportPosition(why) + standings->columnWidth(why) <=
            standings->viewport()->width());
    QVERIFY(standings->columnWidth(why) >= standings->fontMetrics().averageCharWidth() * 20);
    int reasons = 0;
    for (int row = 0; row < standings->rowCount(); ++row) {
        const QTableWidgetItem* item = standings->item(row, why);
        if (!item || item->text().isEmpty())
            continue;
        ++reasons;
        // The item view's text margin on each side (QCommonStyle's layout of an item's text).
        const int margin =
            standings->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, standings) + 1;
        const QRect text = standings->fontMetrics().boundingRect(
            QRect(0, 0, standings->columnWidth(why) - 2 * margin, 10000), Qt::TextWordWrap, item->text());
        QVERIFY2(text.height() <= standings->rowHeight(row), qPrintable(QStringLiteral("%1: %2 > %3")
                                                                            .arg(item->text())
                                                                            .arg(text.height())
                                                                            .arg(standings->rowHeight(row))));
    }
    QCOMPARE(reasons, 7); // every player but the last has a reason for being above the next

    // The places at 1280x800: every button and the Points column shown.
    showPlacesTab();
    QTest::qWait(50);
    const QImage places = m_window->grab().toImage();
    QVERIFY(showsSomething(places));
    const QString placesFile =
        QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-places-pane.png"));
    QVERIFY(places.save(placesFile));
    qInfo("screenshot: %s", qPrintable(placesFile));
    QTableWidget* table = pane()->placesTable();
    // Each place's rule whole too, the names never cut within a word.
    const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    for (int row = 0; row < table->rowCount(); ++row) {
        const QString rule = table->item(row, PlayPlaces::RuleColumn)->text();
        const QRect text = table->fontMetrics().boundingRect(
            QRect(0, 0, table->columnWidth(PlayPlaces::RuleColumn) - 2 * margin, 10000), Qt::TextWordWrap,
            rule);
        QVERIFY2(text.height() <= table->rowHeight(row), qPrintable(rule));
        for (const QString& word : table->item(row, PlayPlaces::UnitColumn)->text().split(u' '))
            QVERIFY(table->fontMetrics().horizontalAdvance(word) <=
                    table->columnWidth(PlayPlaces::UnitColumn) - 2 * margin);
    }
    QVERIFY(table->columnViewportPosition(PlayPlaces::RuleColumn) +
                table->columnWidth(PlayPlaces::RuleColumn) <=
            table->viewport()->width());
    QVERIFY(table->columnViewportPosition(PlayPlaces::PointsColumn) +
                table->columnWidth(PlayPlaces::PointsColumn) <=
            table->viewport()->width());
    for (QWidget* button :
         {static_cast<QWidget*>(pane()->withdrawButton()), static_cast<QWidget*>(pane()->takeBackButton()),
          static_cast<QWidget*>(pane()->handPlaceButton()),
          static_cast<QWidget*>(pane()->clearHandPlaceButton()),
          static_cast<QWidget*>(pane()->usePlacesButton()),
          static_cast<QWidget*>(pane()->rateFromGamesBox())}) {
        QVERIFY(button->isVisible());
        QVERIFY(button->width() >= button->sizeHint().width());
    }
}

QTEST_MAIN(TestPlayPlaces)
#include "tst_playplaces.moc"
