// The Play tab's groups by hand and advancing (widgets/play/playview.h, issue 28 items 2 and 5), by
// keyboard in the main window at 1280x800: a player moved from one group to another before the first
// score (Ctrl+Down in the groups, and Move to Group...), the groups' mean ratings following, one undo
// step each; then the groups played to their end, the pools shown before they start with the reason
// each player goes on, started (Alt+A), the start undone and made again, a pool score entered, after
// which the start can no longer be taken back. Every keystroke is printed.

#include "../common/playwindow.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/store/storeerror.h"
#include "flickdesk/engine/playsim.h"
#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"
#include "models/samplehistory.h"
#include "widgets/mainwindow.h"
#include "widgets/play/playview.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>
#include <memory>

using namespace flickdesk;
using core::EntrantStatus;
namespace play = engine::play;
using ui::MainWindow;
using ui::PlayView;

class TestPlayAdvance : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void moveBetweenGroupsByKeyboardAndUndo();
    void advancementShownStartedAndTakenBack();

private:
    PlayView* view() const { return m_window->playView(); }
    void startNcaDay();
    void key(QWidget* widget, Qt::Key key, Qt::KeyboardModifiers modifiers, const char* said);
    void typeScore(const QString& text);
    QStringList groupTexts() const; // the first stage's groups as the tree shows them, with their means
    int stagesStarted() const { return m_window->store()->playSetup(m_eventId)->stagesStarted; }
    std::int64_t audits(const char* action) const;

    testing::PlayWindow m_fixture;
    std::unique_ptr<MainWindow>& m_window = m_fixture.window;
    QString& m_eventId = m_fixture.eventId;
};

void TestPlayAdvance::initTestCase()
{
    QVERIFY(m_fixture.makeTemplate());
}

// A fresh copy of the history, an event of 24 players of the history who all checked in, on the
// Play tab.
void TestPlayAdvance::init()
{
    QVERIFY(m_fixture.open(24));
}

void TestPlayAdvance::cleanup()
{
    m_fixture.close();
}

void TestPlayAdvance::startNcaDay()
{
    view()->templateBox()->setCurrentIndex(
        view()->templateBox()->findData(static_cast<int>(play::Template::NcaDay)));
    view()->boardsBox()->setValue(12);
    qInfo("keys: click Start (NCA day, 12 boards)");
    QTest::mouseClick(view()->startButton(), Qt::LeftButton);
    QVERIFY(view()->playSession()->hasFormat());
    QCOMPARE(stagesStarted(), 1);
}

void TestPlayAdvance::key(QWidget* widget, Qt::Key key, Qt::KeyboardModifiers modifiers, const char* said)
{
    qInfo("keys: %s", said);
    QTest::keyClick(widget, key, modifiers);
}

void TestPlayAdvance::typeScore(const QString& text)
{
    qInfo("keys: %s Enter", qPrintable(text));
    QTest::keyClicks(view()->scoreEdit(), text);
    QTest::keyClick(view()->scoreEdit(), Qt::Key_Return);
}

QStringList TestPlayAdvance::groupTexts() const
{
    QStringList texts;
    const QTreeWidgetItem* stage = view()->groupsTree()->topLevelItem(0);
    for (int g = 0; g < stage->childCount(); ++g)
        texts.append(stage->child(g)->text(0) + QStringLiteral(" / ") + stage->child(g)->text(1));
    return texts;
}

std::int64_t TestPlayAdvance::audits(const char* action) const
{
    core::sqlite::Database db(m_window->store()->path(), core::sqlite::Database::Mode::ReadOnly);
    core::sqlite::Statement select(db, "SELECT count(*) FROM audit_log WHERE action = ?");
    select.bind(1, action);
    select.step();
    return select.integer(0);
}

void TestPlayAdvance::moveBetweenGroupsByKeyboardAndUndo()
{
    startNcaDay();
    ui::PlaySession* session = view()->playSession();
    QTreeWidget* tree = view()->groupsTree();
    const play::PlayState drawn = session->state();
    QCOMPARE(drawn.stages[0].groups.size(), std::size_t{2});
    QCOMPARE(session->input()->format.stages[0].settings.seeding, play::Seeding::Snake);
    const QStringList before = groupTexts();
    QVERIFY2(before[0].startsWith(QStringLiteral("Group A: 12 players / mean ")), qPrintable(before[0]));
    QVERIFY(view()->moveUnitButton()->isVisible());

    // The first player of Group A, reached by keyboard from the stage's row.
    m_window->eventTabs()->setCurrentWidget(view());
    tree->setFocus();
    tree->setCurrentItem(tree->topLevelItem(0));
    key(tree, Qt::Key_Down, Qt::NoModifier, "Down (Group A)");
    key(tree, Qt::Key_Down, Qt::NoModifier, "Down (its first player)");
    const play::UnitId moved = drawn.stages[0].groups[0].units[0];
    QCOMPARE(tree->currentItem()->text(0), session->unitName(moved));
    QVERIFY(view()->moveUnitButton()->isEnabled());

    // Ctrl+Down: to Group B. The seeding is by hand now, the groups 11 and 13, their means follow.
    key(tree, Qt::Key_Down, Qt::ControlModifier, "Ctrl+Down (to Group B)");
    QVERIFY2(view()->scoreMessage()->text().isEmpty(), qPrintable(view()->scoreMessage()->text()));
    const std::optional<core::PlaySetup> setup = m_window->store()->playSetup(m_eventId);
    QCOMPARE(setup->format.stages[0].settings.seeding, play::Seeding::Hand);
    QCOMPARE(setup->handGroups.size(), std::size_t{2});
    QCOMPARE(setup->handGroups[0].size(), std::size_t{11});
    QCOMPARE(setup->handGroups[1].size(), std::size_t{13});
    QCOMPARE(setup->handGroups[1].back(), moved);
    const QStringList after = groupTexts();
    QVERIFY2(after[0].startsWith(QStringLiteral("Group A: 11 players / mean ")), qPrintable(after[0]));
    QVERIFY2(after[1].startsWith(QStringLiteral("Group B: 13 players / mean ")), qPrintable(after[1]));
    QVERIFY(after[0] != before[0] && after[1] != before[1]); // the means moved with the player
    QCOMPARE(session->state().stages[0].groups[1].units.back(), moved);
    // The moved player stays chosen, in Group B, for the next key.
    QCOMPARE(tree->currentItem()->text(0), session->unitName(moved));
    QCOMPARE(tree->currentItem()->parent()->text(0).left(7), QStringLiteral("Group B"));
    QUndoStack* stack = m_window->session()->undoStack();
    QCOMPARE(stack->count(), 1);
    QVERIFY2(stack->text(0).startsWith(QStringLiteral("Move ")), qPrintable(stack->text(0)));
    QCOMPARE(audits("play-seeding"), std::int64_t{1});
    // Ctrl+Down in the last group: nowhere to go, nothing written.
    key(tree, Qt::Key_Down, Qt::ControlModifier, "Ctrl+Down (in the last group)");
    QCOMPARE(stack->count(), 1);

    // Ctrl+Z: the snake's groups again; Ctrl+Shift+Z: the move again.
    key(tree, Qt::Key_Z, Qt::ControlModifier, "Ctrl+Z");
    QCOMPARE(m_window->store()->playSetup(m_eventId)->format.stages[0].settings.seeding,
             play::Seeding::Snake);
    QCOMPARE(groupTexts(), before);
    QCOMPARE(session->state().stages[0].groups[0].units, drawn.stages[0].groups[0].units);
    tree->setFocus();
    key(tree, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier, "Ctrl+Shift+Z");
    QCOMPARE(groupTexts(), after);

    // Move to Group... (Alt+G) on a player of Group B: the menu offers Group A; Enter moves there.
    tree->setFocus();
    QTreeWidgetItem* groupB = tree->topLevelItem(0)->child(1);
    tree->setCurrentItem(groupB->child(0));
    const QString second = groupB->child(0)->text(0);
    QVERIFY(view()->moveUnitButton()->isEnabled());
    key(tree, Qt::Key_G, Qt::AltModifier, "Alt+G (Move to Group...)");
    QTRY_VERIFY(view()->moveMenu() && view()->moveMenu()->isVisible());
    QMenu* menu = view()->moveMenu();
    QCOMPARE(menu->actions().size(), 2);
    QVERIFY(menu->actions()[0]->isEnabled());  // Group A
    QVERIFY(!menu->actions()[1]->isEnabled()); // Group B, where the player is
    QVERIFY(menu->actions()[0]->text().contains(QStringLiteral("mean ")));
    key(menu, Qt::Key_Down, Qt::NoModifier, "Down (Group A)");
    key(menu, Qt::Key_Return, Qt::NoModifier, "Enter");
    QTRY_COMPARE(stack->count(), 2);
    QCOMPARE(m_window->store()->playSetup(m_eventId)->handGroups[0].size(), std::size_t{12});
    QCOMPARE(session->unitName(session->state().stages[0].groups[0].units.back()), second);
    key(tree, Qt::Key_Z, Qt::ControlModifier, "Ctrl+Z");
    QCOMPARE(groupTexts(), after);

    QVERIFY(tree->isVisible()); // the groups stay in view while players move

    // After the first score the groups stay as they are, and the tab says why.
    typeScore(QStringLiteral("6 2 3 1"));
    QCOMPARE(m_window->store()->playScores(m_eventId).size(), std::size_t{1});
    const int steps = stack->count();
    tree->setFocus();
    tree->setCurrentItem(tree->topLevelItem(0)->child(0)->child(0));
    key(tree, Qt::Key_Down, Qt::ControlModifier, "Ctrl+Down (after the first score)");
    QCOMPARE(stack->count(), steps);
    QVERIFY2(view()->scoreMessage()->text().contains(QStringLiteral("first score")),
             qPrintable(view()->scoreMessage()->text()));
    QVERIFY(!view()->moveUnitButton()->isVisible());
    QCOMPARE(m_window->store()->playSetup(m_eventId)->handGroups[1].back(), moved);
}

void TestPlayAdvance::advancementShownStartedAndTakenBack()
{
    startNcaDay();
    ui::PlaySession* session = view()->playSession();
    QVERIFY(!view()->advanceButton()->isVisible());
    QVERIFY(!view()->takeBackButton()->isVisible());
    std::uint64_t random = 7;
    int entered = 0;
    for (int step = 0; step < 400 && session->state().awaitingStart < 1; ++step) {
        if (ui::ShootOutDialog* dialog = view()->shootOutDialog()) {
            key(dialog->list(), Qt::Key_Return, Qt::NoModifier, "Enter (shoot-out order as listed)");
            QTRY_VERIFY(!view()->shootOutDialog());
            continue;
        }
        const std::optional<play::GameKey> game = view()->selectedGame();
        QVERIFY2(game, qPrintable(view()->scoreMessage()->text()));
        QCOMPARE(game->stage, 0);
        typeScore(QString::fromStdString(
            play::scoreText(play::randomScore(*session->settingsOf(*game), false, 0, 0, random))));
        ++entered;
    }
    QCOMPARE(entered, 132); // two groups of 12, every pair once

    // The groups complete: the pools shown before they start, each player with the reason from the
    // standings; none of their games waits for a score.
    QCOMPARE(session->state().awaitingStart, 1);
    const std::vector<play::UnitId> previewed = session->state().stages[1].entrants;
    QCOMPARE(previewed.size(), std::size_t{24});
    QVERIFY(view()->advanceButton()->isVisible());
    QCOMPARE(view()->advanceButton()->text(), QStringLiteral("St&art Pools"));
    QVERIFY2(view()->statusLabel()->text().contains(QStringLiteral("Check who goes on to Pools")),
             qPrintable(view()->statusLabel()->text()));
    QTreeWidget* tree = view()->groupsTree();
    QTabWidget* side = qobject_cast<QTabWidget*>(tree->parentWidget()->parentWidget());
    QVERIFY(side);
    QCOMPARE(side->currentWidget(), static_cast<QWidget*>(tree));
    QTreeWidgetItem* pools = tree->topLevelItem(1);
    QVERIFY2(pools->text(0).contains(QStringLiteral("who goes on")), qPrintable(pools->text(0)));
    QCOMPARE(pools->childCount(), 4);
    QTreeWidgetItem* poolA = pools->child(0);
    QVERIFY(poolA->text(0).startsWith(QStringLiteral("Pool A")));
    for (int i = 0; i < poolA->childCount(); ++i)
        QVERIFY2(poolA->child(i)->text(2).contains(QStringLiteral(" in Group ")),
                 qPrintable(poolA->child(i)->text(2)));
    qInfo("preview: %s goes on to Pool A: %s", qPrintable(poolA->child(0)->text(0)),
          qPrintable(poolA->child(0)->text(2)));
    QVERIFY(view()->gamesTable()->rowCount() > 0);
    QCOMPARE(view()->gamesTable()->item(0, PlayView::StateColumn)->text(),
             QStringLiteral("When Pools starts"));
    QVERIFY(!view()->selectedGame());
    QCOMPARE(m_window->size(), QSize(1280, 800));
    QTest::qWait(50);
    const QString shot = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-play-advance.png"));
    QVERIFY(m_window->grab().toImage().save(shot));
    qInfo("screenshot: %s", qPrintable(shot));
    const std::size_t scores = m_window->store()->playScores(m_eventId).size();
    typeScore(QStringLiteral("6 2 0 0"));
    QCOMPARE(m_window->store()->playScores(m_eventId).size(), scores);
    view()->scoreEdit()->clear();
    QUndoStack* stack = m_window->session()->undoStack();
    const int steps = stack->count();

    // Alt+A starts the pools: the same players in the same pools, their games waiting.
    QVERIFY(testing::activate(m_window.get())); // again, after any shoot-out's dialog
    view()->scoreEdit()->setFocus();
    key(view()->scoreEdit(), Qt::Key_A, Qt::AltModifier, "Alt+A (Start Pools)");
    QTRY_COMPARE(stagesStarted(), 2); // a button's mnemonic clicks it once its press is drawn
    QVERIFY(session->state().stages[1].started);
    QCOMPARE(session->state().stages[1].entrants, previewed);
    QVERIFY(view()->selectedGame());
    QCOMPARE(view()->selectedGame()->stage, 1);
    QVERIFY(!view()->advanceButton()->isVisible());
    QVERIFY(view()->takeBackButton()->isVisible());
    QCOMPARE(stack->count(), steps + 1);
    QCOMPARE(stack->text(steps), QStringLiteral("Start Pools"));

    // Ctrl+Z in the empty score box: the pools are a preview again.
    key(view()->scoreEdit(), Qt::Key_Z, Qt::ControlModifier, "Ctrl+Z");
    QCOMPARE(stagesStarted(), 1);
    QCOMPARE(session->state().awaitingStart, 1);
    QVERIFY(view()->advanceButton()->isVisible());
    QVERIFY(!view()->selectedGame());
    QCOMPARE(session->state().stages[1].entrants, previewed);

    // Alt+A again, then a score in Pool A.
    view()->scoreEdit()->setFocus();
    key(view()->scoreEdit(), Qt::Key_A, Qt::AltModifier, "Alt+A (Start Pools)");
    QTRY_COMPARE(stagesStarted(), 2); // a button's mnemonic clicks it once its press is drawn
    const play::GameKey poolGame = *view()->selectedGame();
    typeScore(QStringLiteral("5 3 1 0"));
    QCOMPARE(m_window->store()->playScores(m_eventId).size(), scores + 1);
    QCOMPARE(session->state().game(poolGame)->state, play::GameState::Scored);

    // Take Back Start (Alt+B) is now refused, in words; the store refuses it too.
    QVERIFY(view()->takeBackButton()->isVisible());
    key(view()->scoreEdit(), Qt::Key_B, Qt::AltModifier, "Alt+B (Take Back Start)");
    QTRY_VERIFY2(view()->scoreMessage()->text().contains(QStringLiteral("has a score")),
                 qPrintable(view()->scoreMessage()->text()));
    qInfo("refused: %s", qPrintable(view()->scoreMessage()->text()));
    QCOMPARE(stagesStarted(), 2);
    QVERIFY_THROWS_EXCEPTION(core::StoreError, m_window->store()->undoPlayStageStart(m_eventId, 1));
    QCOMPARE(stagesStarted(), 2);
    QCOMPARE(audits("play-advance"), std::int64_t{2});
    QCOMPARE(audits("play-advance-undo"), std::int64_t{1});
}

QTEST_MAIN(TestPlayAdvance)
#include "tst_playadvance.moc"
