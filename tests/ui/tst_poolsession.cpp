// The Pools tab's session (models/pools/poolsession.h): every edit of a pool is one undoable step
// that reaches the undo stack only when the store took it; undo and redo put back exactly what was
// there (a corrected game keeps its number, a deleted game or player comes back in its place); an
// import is one step; a change written past the session (another view, another connection's
// announcement) is read again; and the window's Edit > Undo undoes the Pools tab's edits while that
// tab is shown and the event's elsewhere.
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "models/pools/poolsession.h"
#include "widgets/mainwindow.h"
#include "widgets/pools/pooldesk.h"
#include "widgets/pools/poolsview.h"

#include <QAction>
#include <QDialog>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace flickdesk;
using core::PoolChange;
using core::SystemKind;
using ui::PoolSession;

namespace {

QStringList kingsGame(const QString& id, const QString& p1, int s1, const QString& p2, int s2)
{
    return {id, QStringLiteral("2025-03-01"), p1, QString::number(s1), p2, QString::number(s2)};
}

const QStringList ann{QStringLiteral("A"), QStringLiteral("Ann"), QStringLiteral("1700"),
                      QStringLiteral("10")};
const QStringList bob{QStringLiteral("B"), QStringLiteral("Bob"), QStringLiteral("1500"),
                      QStringLiteral("10")};

// The rating of `player` in the session's table.
QString ratingOf(const PoolSession& session, const QString& player)
{
    const core::SystemTable& table = session.result().table;
    const qsizetype column = table.columns.indexOf(QStringLiteral("rating"));
    for (const QStringList& row : table.rows) {
        if (row.value(0) == player)
            return row.value(column);
    }
    return QStringLiteral("<none>");
}

QStringList numbers(const PoolSession& session)
{
    QStringList list;
    for (const core::PoolGame& game : session.content()->games)
        list.append(QString::number(game.number));
    return list;
}

} // namespace

class TestPoolSession : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void everyEditIsOneUndoableStep();
    void refusedEditReachesNoStack();
    void importIsOneStep();
    void changesMadeElsewhereAreReadAgain();
    void editUndoFollowsTheTab();
    void printAndPdfOfThePool();
};

void TestPoolSession::everyEditIsOneUndoableStep()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("session.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Club"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    QUndoStack* undo = session.undoStack();
    QVERIFY(session.addPlayer(ann).ok());
    QVERIFY(session.addPlayer(bob).ok());
    QCOMPARE(undo->count(), 2);
    QCOMPARE(undo->undoText(), QStringLiteral("Add player Bob"));
    for (int game = 1; game <= 3; ++game)
        QVERIFY(session
                    .addGame({kingsGame(QString::number(game), QStringLiteral("A"), 121, QStringLiteral("B"),
                                        100)})
                    .ok());
    QCOMPARE(undo->undoText(), QStringLiteral("Add game 3"));
    // K1: A 1700 beats B 1500: g = clamp(21 + (1500 - 1700)/25) = 13 -> 1713; then
    // g = 21 + (1487 - 1713)/25 = 11.96 -> 12 -> 1725; then 21 + (1475 - 1725)/25 = 11 -> 1736.
    QCOMPARE(ratingOf(session, QStringLiteral("A")), QStringLiteral("1736"));

    // Game 1 corrected (B won it): it stays game 1, first of the day, and the ratings follow:
    // B beats A: g = 21 + 200/25 = 29: A 1671, B 1529; A beats B: 21 + (1529 - 1671)/25 = 15.32 -> 15:
    // A 1686, B 1514; A beats B: 21 + (1514 - 1686)/25 = 14.12 -> 14: A 1700.
    QVERIFY(
        session
            .editGame(1, {kingsGame(QStringLiteral("1"), QStringLiteral("B"), 121, QStringLiteral("A"), 100)})
            .ok());
    QCOMPARE(undo->undoText(), QStringLiteral("Correct game 1"));
    QCOMPARE(numbers(session), (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}));
    QCOMPARE(ratingOf(session, QStringLiteral("A")), QStringLiteral("1700"));
    undo->undo();
    QCOMPARE(ratingOf(session, QStringLiteral("A")), QStringLiteral("1736"));
    QCOMPARE(session.content()->game(1)->rows.first().value(2), QStringLiteral("A"));
    undo->redo();
    QCOMPARE(ratingOf(session, QStringLiteral("A")), QStringLiteral("1700"));

    // Game 2 deleted and put back in its place by undo.
    QVERIFY(session.deleteGame(2).ok());
    QCOMPARE(numbers(session), (QStringList{QStringLiteral("1"), QStringLiteral("3")}));
    undo->undo();
    QCOMPARE(numbers(session), (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}));
    QCOMPARE(ratingOf(session, QStringLiteral("A")), QStringLiteral("1700"));

    // A player added, corrected, removed; each undone.
    const QStringList cleo{QStringLiteral("C"), QStringLiteral("Cleo"), QString(), QString()};
    QVERIFY(session.addPlayer(cleo).ok());
    QStringList renamed = cleo;
    renamed[1] = QStringLiteral("Cleo Cho");
    QVERIFY(session.editPlayer(3, renamed).ok());
    QCOMPARE(session.content()->playerName(QStringLiteral("C")), QStringLiteral("Cleo Cho"));
    QVERIFY(session.deletePlayer(3).ok());
    QCOMPARE(session.content()->players.size(), 2);
    undo->undo();
    QCOMPARE(session.content()->playerName(QStringLiteral("C")), QStringLiteral("Cleo Cho"));
    undo->undo();
    QCOMPARE(session.content()->playerName(QStringLiteral("C")), QStringLiteral("Cleo"));
    undo->undo();
    QCOMPARE(session.content()->playerIndex(QStringLiteral("C")), -1);
    // Everything undone leaves the pool empty, as it began.
    while (undo->canUndo())
        undo->undo();
    QVERIFY(session.content()->games.empty());
    QVERIFY(session.content()->players.isEmpty());
    // And redone, the same games under the same numbers (the deletion of game 2 was undone before
    // the player was added: no step redoes it).
    while (undo->canRedo())
        undo->redo();
    QCOMPARE(numbers(session), (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}));
    QCOMPARE(ratingOf(session, QStringLiteral("A")), QStringLiteral("1700"));
    QCOMPARE(store->poolContent(pool).players.size(), 2);
}

void TestPoolSession::refusedEditReachesNoStack()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("refused.sqlite"));
    auto store = testing::openStore(path);
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Club"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    QVERIFY(session.addPlayer(ann).ok());
    QVERIFY(session.addPlayer(bob).ok());
    QVERIFY(
        session.addGame({kingsGame(QStringLiteral("1"), QStringLiteral("A"), 121, QStringLiteral("B"), 100)})
            .ok());
    const QString before = testing::dumpTables(path);
    const int steps = session.undoStack()->count();
    const PoolChange unknown = session.addGame(
        {kingsGame(QStringLiteral("2"), QStringLiteral("A"), 121, QStringLiteral("Zed"), 90)});
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.defects.front().field, QStringLiteral("player2"));
    QVERIFY(!session.deletePlayer(1).ok()); // A plays game 1
    QVERIFY(!session.editGame(7, {}).ok());
    QCOMPARE(session.undoStack()->count(), steps);
    QCOMPARE(testing::dumpTables(path), before);
}

void TestPoolSession::importIsOneStep()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("import.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Kings, QStringLiteral("Club"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    const QByteArray players =
        "player_id,name,rating,games,group_rating,group_games\nA,Ann,1700,10,,\nB,Bob,1500,10,,\n";
    const QByteArray games = "game,date,player1,score1,player2,score2,player3,score3,player4,score4\n"
                             "g1,2025-03-01,A,121,B,100,,,,\ng2,2025-03-01,B,121,A,60,,,,\n";
    const PoolChange change =
        session.importFiles(players, QStringLiteral("players.csv"), games, QStringLiteral("games.csv"));
    QVERIFY2(change.ok(), qPrintable(change.messages().join(QLatin1Char('\n'))));
    QCOMPARE(session.undoStack()->count(), 1);
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Import players.csv, games.csv"));
    QCOMPARE(session.content()->games.size(), std::size_t(2));
    session.undoStack()->undo();
    QVERIFY(session.content()->games.empty());
    QVERIFY(session.content()->players.isEmpty());
    session.undoStack()->redo();
    QCOMPARE(session.content()->games.size(), std::size_t(2));
    QCOMPARE(session.content()->players.size(), 2);
    // K1 then K3: A 1700 beats B 1500 -> 1713 / 1487; B beats A by 61 (no skunk): g = 21 + 226/25
    // = 30.04 -> 30: A 1683, B 1517.
    QCOMPARE(ratingOf(session, QStringLiteral("A")), QStringLiteral("1683"));
}

void TestPoolSession::changesMadeElsewhereAreReadAgain()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("elsewhere.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Club"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    QSignalSpy changed(&session, &PoolSession::poolChanged);
    QSignalSpy listed(&session, &PoolSession::poolsChanged);
    QVERIFY(store->addPoolPlayer(pool, ann).ok()); // written past the session
    QVERIFY(changed.count() >= 1);
    QCOMPARE(session.content()->players.size(), 1);
    store->renamePool(pool, QStringLiteral("Tuesday club"));
    QVERIFY(listed.count() >= 1);
    QCOMPARE(session.pools().front().name, QStringLiteral("Tuesday club"));
    store->deletePool(pool);
    QCOMPARE(session.content(), nullptr);
    QVERIFY(session.pools().empty());
}

void TestPoolSession::editUndoFollowsTheTab()
{
    QTemporaryDir temp;
    ui::MainWindow window;
    QVERIFY(window.openDatabase(temp.filePath(QStringLiteral("window.sqlite")),
                                ui::MainWindow::FirstStart::StartEmpty));
    window.show();
    core::Store& store = *window.store();
    const qint64 pool = store.createPool(SystemKind::KingsHeadToHead, QStringLiteral("Club"));
    ui::PoolsView* view = window.poolsView();
    QVERIFY(view->selectPool(pool));
    QVERIFY(view->session()->addPlayer(ann).ok());
    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    QVERIFY(undo);
    window.tabs()->setCurrentIndex(0); // the event's tab: no event, nothing to undo
    QVERIFY(!undo->isEnabled());
    window.tabs()->setCurrentWidget(view);
    QTRY_VERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Add player Ann"));
    undo->trigger();
    QVERIFY(store.poolContent(pool).players.isEmpty());
}

void TestPoolSession::printAndPdfOfThePool()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("print.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Tuesday club"));
    QVERIFY(store->addPoolPlayer(pool, ann).ok());
    QVERIFY(store->addPoolPlayer(pool, bob).ok());
    ui::PoolsView view(*store);
    view.resize(1280, 760);
    view.show();
    QVERIFY(view.selectPool(pool));
    const std::vector<ui::PrintTable> tables = view.printTables();
    QVERIFY(!tables.empty());
    QVERIFY(tables.front().title.contains(QStringLiteral("Tuesday club")) ||
            !tables.front().table.rows.isEmpty());
    const QString html = ui::printTablesHtml(tables);
    QVERIFY(html.contains(QStringLiteral("Ann")));
    QVERIFY(html.contains(QStringLiteral("Bob")));
    const QString pdf = temp.filePath(QStringLiteral("club.pdf"));
    QCOMPARE(view.savePdfTo(pdf), QString());
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(5).startsWith("%PDF-"));
    QVERIFY(file.size() > 1000);
    // Never over the open database.
    QVERIFY(!view.savePdfTo(temp.filePath(QStringLiteral("print.sqlite"))).isEmpty());
    // Print opens the print dialog (window-modal, not waiting); cancelled, nothing is printed.
    QTest::mouseClick(view.printButton(), Qt::LeftButton);
    QDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = view.findChild<QDialog*>(QStringLiteral("poolPrintDialog"))) != nullptr);
    dialog->reject();
}

QTEST_MAIN(TestPoolSession)
#include "tst_poolsession.moc"
