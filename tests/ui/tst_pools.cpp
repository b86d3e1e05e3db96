// The Pools tab (widgets/pools/poolsview.h): a rating pool of each of the four kinds made through the
// new-pool dialog, players and games entered through the forms' widgets, the table checked against
// runSystem on the same rows written independently here (and Kings K1 by hand), a player's
// history, refused games and imports that store nothing, export, and a pool that survives closing
// and reopening the database. A pool renamed and deleted through the tab's dialogs, refused names
// and a refused game deletion that leave the database as it was. With FLICKDESK_SCREENSHOT_DIR set,
// a PNG of the tab.
#include "../common/imagecheck.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "core/systems/systems.h"
#include "widgets/mainwindow.h"
#include "widgets/pools/poolnewdialog.h"
#include "widgets/pools/poolrowform.h"
#include "widgets/pools/poolsview.h"
#include "models/pools/pooltablemodel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace flickdesk;
using core::Store;
using core::SystemKind;
using testing::dumpTables;
using testing::openStore;
using testing::queryInteger;
using ui::NewPoolDialog;
using ui::PoolRowForm;
using ui::PoolsView;

namespace {

// Types into the editor of `column` as a person would (a date editor is set: it has no free text).
void typeInto(PoolRowForm* form, const QString& column, const QString& text)
{
    QWidget* editor = form->editorOf(column);
    QVERIFY2(editor, qPrintable(column));
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        combo->lineEdit()->clear();
        if (!text.isEmpty())
            QTest::keyClicks(combo->lineEdit(), text);
    } else if (auto* line = qobject_cast<QLineEdit*>(editor)) {
        line->clear();
        if (!text.isEmpty())
            QTest::keyClicks(line, text);
    } else if (auto* date = qobject_cast<QDateEdit*>(editor)) {
        date->setDate(QDate::fromString(text, Qt::ISODate));
    }
}

// Fills a form from "column=value" pairs.
void fill(PoolRowForm* form, const QStringList& pairs)
{
    for (const QString& pair : pairs) {
        const qsizetype at = pair.indexOf(u'=');
        typeInto(form, pair.left(at), pair.mid(at + 1));
    }
}

// Creates a pool through the view's New Pool button and dialog.
qint64 createThroughDialog(PoolsView& view, SystemKind kind, const QString& name)
{
    QTest::mouseClick(view.newPoolButton(), Qt::LeftButton);
    QPointer<NewPoolDialog> dialog;
    [&] { QTRY_VERIFY((dialog = view.findChild<NewPoolDialog*>()) != nullptr); }();
    if (!dialog)
        return 0;
    dialog->systemBox()->setCurrentIndex(dialog->systemBox()->findData(core::systemKey(kind)));
    QTest::keyClicks(dialog->nameEdit(), name);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    [&] { QTRY_VERIFY(dialog.isNull() || !dialog->isVisible()); }();
    return view.currentPool();
}

// The table runSystem gives on hand-written CSV texts: the independent side of each comparison.
core::SystemResult computed(SystemKind kind, const QByteArray& players, const QByteArray& games)
{
    core::SystemInput input;
    input.players = players;
    input.hasPlayers = true;
    input.games = games;
    return core::runSystem(kind, input);
}

QString cellOf(const ui::PoolTableModel* model, const QString& player, const QString& column)
{
    int idColumn = model->columnOf(QStringLiteral("player_id"));
    if (idColumn < 0)
        idColumn = 0;
    const int c = model->columnOf(column);
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->cell(row, idColumn) == player)
            return model->cell(row, c);
    }
    return QStringLiteral("<none>");
}

// Selects the row of `player` in the view's (sorted) table, as a click would.
bool clickPlayer(PoolsView& view, const QString& player)
{
    int idColumn = view.tableModel()->columnOf(QStringLiteral("player_id"));
    if (idColumn < 0)
        idColumn = 0;
    for (int row = 0; row < view.tableProxy()->rowCount(); ++row) {
        const QModelIndex index = view.tableProxy()->index(row, idColumn);
        if (index.data().toString() == player) {
            QTableView* table = view.tableView();
            table->scrollTo(index);
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
            return true;
        }
    }
    return false;
}

// The names the pool selector lists, in its order.
QStringList selectorTexts(const PoolsView& view)
{
    QStringList texts;
    for (int i = 0; i < view.poolSelector()->count(); ++i)
        texts.append(view.poolSelector()->itemText(i));
    return texts;
}

// Clicks "Rename Pool..." and returns the dialog it opens (null when none opens).
QPointer<QInputDialog> openRenameDialog(PoolsView& view)
{
    QTest::mouseClick(view.renamePoolButton(), Qt::LeftButton);
    QPointer<QInputDialog> dialog;
    [&] {
        QTRY_VERIFY((dialog = view.findChild<QInputDialog*>(QStringLiteral("renamePoolDialog"))) != nullptr);
    }();
    if (dialog)
        [&] { QTRY_VERIFY(dialog->isVisible()); }();
    return dialog;
}

// Types `name` into the rename dialog as a person would and clicks its OK button.
void renameThroughDialog(QInputDialog* dialog, const QString& name)
{
    auto* edit = dialog->findChild<QLineEdit*>();
    QVERIFY(edit);
    edit->clear();
    if (!name.isEmpty())
        QTest::keyClicks(edit, name);
    auto* buttons = dialog->findChild<QDialogButtonBox*>();
    QVERIFY(buttons);
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
}

// Clicks "Delete Pool..." and returns the confirmation it opens (null when none opens).
QPointer<QMessageBox> openDeleteConfirmation(PoolsView& view)
{
    QTest::mouseClick(view.deletePoolButton(), Qt::LeftButton);
    QPointer<QMessageBox> box;
    [&] {
        QTRY_VERIFY((box = view.findChild<QMessageBox*>(QStringLiteral("deletePoolConfirmation"))) !=
                    nullptr);
    }();
    if (box)
        [&] { QTRY_VERIFY(box->isVisible()); }();
    return box;
}

const QByteArray kingsPlayers = "player_id,name,rating,games,group_rating,group_games\n"
                                "A,Ann,1700,10,,\n"
                                "B,Bob,1500,10,,\n";

} // namespace

class TestPools : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void kingsHeadToHeadThroughTheForms();
    void acfThroughTheForms();
    void kingsGroupThroughTheForms();
    void squaresRowsOfAGame();
    void importAndExport();
    void readOnlyStoreEditsNothing();
    void renamePoolThroughTheDialog();
    void refusedRenameChangesNothing_data();
    void refusedRenameChangesNothing();
    void deletePoolAfterConfirming();
    void readOnlyStoreCannotRenameOrDeletePools();
    void reusedGameIsRefused();
    void mainWindowHasThePoolsTab();
    void screenshot();
};

void TestPools::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestPools::kingsHeadToHeadThroughTheForms()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("kings.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    auto view = std::make_unique<PoolsView>(*store);
    view->resize(1280, 800);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    QAbstractItemModelTester tableTester(view->tableModel(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(view->tableProxy(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester historyTester(view->historyModel(),
                                           QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester gamesTester(view->gamesModel(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);

    const qint64 pool =
        createThroughDialog(*view, SystemKind::KingsHeadToHead, QStringLiteral("Kings ladder"));
    QVERIFY(pool != 0);
    QCOMPARE(store->pool(pool)->kind, SystemKind::KingsHeadToHead);
    QVERIFY(view->poolSelector()->currentText().contains(QStringLiteral("Kings ladder")));
    QVERIFY(view->gameForm()->isVisible());
    QVERIFY(view->playerForm()->isVisible());

    // Players through the player form; Enter in the last field adds one.
    fill(view->playerForm(), {QStringLiteral("player_id=A"), QStringLiteral("name=Ann"),
                              QStringLiteral("rating=1700"), QStringLiteral("games=10")});
    QTest::keyClick(view->playerForm()->editorOf(QStringLiteral("games")), Qt::Key_Return);
    fill(view->playerForm(), {QStringLiteral("player_id=B"), QStringLiteral("name=Bob"),
                              QStringLiteral("rating=1500"), QStringLiteral("games=10")});
    QTest::mouseClick(view->addPlayerButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->players, 2);

    // The game id is offered; the players are offered in the player columns.
    QCOMPARE(view->gameForm()->value(QStringLiteral("game")), QStringLiteral("1"));
    auto* player1 = qobject_cast<QComboBox*>(view->gameForm()->editorOf(QStringLiteral("player1")));
    QVERIFY(player1);
    QCOMPARE(player1->count(), 2);
    QCOMPARE(player1->itemText(0), QStringLiteral("A"));

    fill(view->gameForm(),
         {QStringLiteral("date=2025-03-01"), QStringLiteral("player1=A"), QStringLiteral("score1=121"),
          QStringLiteral("player2=B"), QStringLiteral("score2=100")});
    // Enter in a field adds the game.
    QTest::keyClick(view->gameForm()->editorOf(QStringLiteral("score2")), Qt::Key_Return);
    QCOMPARE(store->pool(pool)->games, 1);
    QCOMPARE(view->gamesModel()->rowCount(), 1);

    // DECISIONS K1, worked by hand: g = 21 + (1500 - 1700)/25 = 13 -> 1713 / 1487 (both have 10
    // games: rated, K2; a margin of 21 is no skunk, K3). The document's own example.
    QCOMPARE(cellOf(view->tableModel(), QStringLiteral("A"), QStringLiteral("rating")),
             QStringLiteral("1713"));
    QCOMPARE(cellOf(view->tableModel(), QStringLiteral("B"), QStringLiteral("rating")),
             QStringLiteral("1487"));

    // A second game through the button; the table equals runSystem on the same rows written here.
    QCOMPARE(view->gameForm()->value(QStringLiteral("game")), QStringLiteral("2"));
    QCOMPARE(view->gameForm()->value(QStringLiteral("date")), QStringLiteral("2025-03-01")); // kept
    fill(view->gameForm(), {QStringLiteral("player1=B"), QStringLiteral("score1=121"),
                            QStringLiteral("player2=A"), QStringLiteral("score2=40")});
    QTest::mouseClick(view->addGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 2);
    const core::SystemResult expected =
        computed(SystemKind::KingsHeadToHead, kingsPlayers,
                 "game,date,player1,score1,player2,score2,player3,score3,player4,score4\n"
                 "1,2025-03-01,A,121,B,100,,,,\n"
                 "2,2025-03-01,B,121,A,40,,,,\n");
    QVERIFY(expected.defects.empty());
    QCOMPARE(view->tableModel()->table().rows, expected.table.rows);
    QCOMPARE(view->tableModel()->table().columns, expected.table.columns);

    // A player's history: the rows of history whose player_id is theirs.
    QVERIFY(clickPlayer(*view, QStringLiteral("B")));
    QCOMPARE(view->historyModel()->rowCount(), 2);
    for (int row = 0; row < view->historyModel()->rowCount(); ++row)
        QCOMPARE(view->historyModel()->cell(row, 0), QStringLiteral("B"));
    QVERIFY(view->historyTitle()->text().contains(QStringLiteral("Bob")));

    // Refused: an unknown player. The message names the game and field; nothing is stored.
    fill(view->gameForm(), {QStringLiteral("player1=A"), QStringLiteral("score1=121"),
                            QStringLiteral("player2=Zed"), QStringLiteral("score2=90")});
    QTest::mouseClick(view->addGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 2);
    QVERIFY2(view->messageLabel()->text().contains(QStringLiteral("the new game, field player2")),
             qPrintable(view->messageLabel()->text()));
    QVERIFY(view->messageLabel()->text().contains(QStringLiteral("Zed")));
    QCOMPARE(view->gameForm()->markedFields(), QStringList{QStringLiteral("player2")});
    QCOMPARE(view->gameForm()->value(QStringLiteral("player2")), QStringLiteral("Zed")); // kept to fix

    // Refused: a game with one player.
    fill(view->gameForm(), {QStringLiteral("player2="), QStringLiteral("score2=")});
    QTest::mouseClick(view->addGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 2);
    QVERIFY(view->messageLabel()->text().contains(QStringLiteral("not added")));
    QCOMPARE(view->tableModel()->table().rows, expected.table.rows);

    // Delete game 2: the table is game 1's again.
    view->gamesView()->selectRow(1);
    QTest::mouseClick(view->deleteGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 1);
    QCOMPARE(cellOf(view->tableModel(), QStringLiteral("A"), QStringLiteral("rating")),
             QStringLiteral("1713"));

    // Closing and reopening the database keeps the pool.
    view.reset();
    store.reset();
    store = openStore(path);
    QVERIFY(store);
    PoolsView reopened(*store);
    QVERIFY(reopened.selectPool(pool));
    QCOMPARE(reopened.gamesModel()->rowCount(), 1);
    QCOMPARE(cellOf(reopened.tableModel(), QStringLiteral("B"), QStringLiteral("rating")),
             QStringLiteral("1487"));
    QVERIFY(store->check().isEmpty());
}

void TestPools::acfThroughTheForms()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("acf.sqlite")));
    QVERIFY(store);
    PoolsView view(*store);
    view.show();
    QAbstractItemModelTester tester(view.tableModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    const qint64 pool = createThroughDialog(view, SystemKind::Acf, QStringLiteral("Checkers club"));
    QVERIFY(pool != 0);
    fill(view.playerForm(),
         {QStringLiteral("player_id=101"), QStringLiteral("name=Ann Archer"), QStringLiteral("rating=2000"),
          QStringLiteral("games=200"), QStringLiteral("peak=2090"), QStringLiteral("rounds=60")});
    QTest::mouseClick(view.addPlayerButton(), Qt::LeftButton);
    fill(view.playerForm(),
         {QStringLiteral("player_id=102"), QStringLiteral("name=Ben Brooks"), QStringLiteral("rating=1800"),
          QStringLiteral("games=40"), QStringLiteral("peak=1850"), QStringLiteral("rounds=12")});
    QTest::mouseClick(view.addPlayerButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->players, 2);

    // An event scored by game: each game may be entered alone (DECISIONS A1: one or two a round).
    fill(view.gameForm(),
         {QStringLiteral("event=Club night"), QStringLiteral("date=2025-04-02"),
          QStringLiteral("scoring=game"), QStringLiteral("round=1"), QStringLiteral("player_a=101"),
          QStringLiteral("player_b=102"), QStringLiteral("result=0-1")});
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QVERIFY2(store->pool(pool)->games == 1, qPrintable(view.messageLabel()->text()));
    // event, date, scoring and round stay for the next game of the evening.
    QCOMPARE(view.gameForm()->value(QStringLiteral("event")), QStringLiteral("Club night"));
    fill(view.gameForm(), {QStringLiteral("round=2"), QStringLiteral("player_a=102"),
                           QStringLiteral("player_b=101"), QStringLiteral("result=1/2-1/2")});
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 2);

    const core::SystemResult expected =
        computed(SystemKind::Acf,
                 "player_id,name,rating,games,peak,rounds\n101,Ann Archer,2000,200,2090,60\n"
                 "102,Ben Brooks,1800,40,1850,12\n",
                 "event,date,scoring,round,player_a,player_b,result\n"
                 "Club night,2025-04-02,game,1,101,102,0-1\n"
                 "Club night,2025-04-02,game,2,102,101,1/2-1/2\n");
    QVERIFY(expected.defects.empty());
    QCOMPARE(view.tableModel()->table().rows, expected.table.rows);
    // Ben beat the higher-rated Ann and drew: his rating went up, hers down.
    QVERIFY(cellOf(view.tableModel(), QStringLiteral("102"), QStringLiteral("rating")).toDouble() > 1800.0);
    QVERIFY(cellOf(view.tableModel(), QStringLiteral("101"), QStringLiteral("rating")).toDouble() < 2000.0);

    // Refused: a player against themselves; nothing stored.
    fill(view.gameForm(), {QStringLiteral("round=3"), QStringLiteral("player_a=101"),
                           QStringLiteral("player_b=101"), QStringLiteral("result=1-0")});
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 2);
    QVERIFY(view.messageLabel()->text().contains(QStringLiteral("field player_b")));

    QVERIFY(clickPlayer(view, QStringLiteral("102")));
    QVERIFY(view.historyModel()->rowCount() >= 1);
    for (int row = 0; row < view.historyModel()->rowCount(); ++row)
        QCOMPARE(view.historyModel()->cell(row, 0), QStringLiteral("102"));
}

void TestPools::kingsGroupThroughTheForms()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("group.sqlite")));
    QVERIFY(store);
    PoolsView view(*store);
    view.show();
    const qint64 pool = createThroughDialog(view, SystemKind::KingsGroup, QStringLiteral("Kings tables"));
    QVERIFY(pool != 0);
    for (const char* id : {"A", "B", "C"}) {
        fill(view.playerForm(), {QStringLiteral("player_id=") + QLatin1String(id)});
        QTest::mouseClick(view.addPlayerButton(), Qt::LeftButton);
    }
    QCOMPARE(store->pool(pool)->players, 3);
    fill(view.gameForm(),
         {QStringLiteral("date=2025-05-01"), QStringLiteral("player1=A"), QStringLiteral("score1=121"),
          QStringLiteral("player2=B"), QStringLiteral("score2=110"), QStringLiteral("player3=C"),
          QStringLiteral("score3=95")});
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QVERIFY2(store->pool(pool)->games == 1, qPrintable(view.messageLabel()->text()));

    const core::SystemResult expected =
        computed(SystemKind::KingsGroup,
                 "player_id,name,rating,games,group_rating,group_games\nA,,,,,\nB,,,,,\nC,,,,,\n",
                 "game,date,player1,score1,player2,score2,player3,score3,player4,score4\n"
                 "1,2025-05-01,A,121,B,110,C,95,,\n");
    QVERIFY(expected.defects.empty());
    QCOMPARE(view.tableModel()->table().rows, expected.table.rows);
    // DECISIONS K4: the changes of one game sum to zero, from the start of 1500 each.
    const int ratingColumn = view.tableModel()->columnOf(QStringLiteral("group_rating"));
    QVERIFY(ratingColumn >= 0);
    double sum = 0.0;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row)
        sum += view.tableModel()->cell(row, ratingColumn).toDouble();
    QCOMPARE(sum, 3 * 1500.0);

    // Refused: a head-to-head game in a group pool.
    fill(view.gameForm(),
         {QStringLiteral("player1=A"), QStringLiteral("score1=121"), QStringLiteral("player2=B"),
          QStringLiteral("score2=100"), QStringLiteral("player3="), QStringLiteral("score3=")});
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 1);
    QVERIFY(view.messageLabel()->text().contains(QStringLiteral("not added")));
}

void TestPools::squaresRowsOfAGame()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("squares.sqlite")));
    QVERIFY(store);
    PoolsView view(*store);
    view.show();
    QAbstractItemModelTester gamesTester(view.gamesModel(),
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);
    const qint64 pool = createThroughDialog(view, SystemKind::Squares, QStringLiteral("Diplomacy cup"));
    QVERIFY(pool != 0);
    QVERIFY(view.addRowButton()->isVisible());
    for (const char* id : {"1", "2", "3"}) {
        fill(view.playerForm(), {QStringLiteral("player_id=") + QLatin1String(id)});
        QTest::mouseClick(view.addPlayerButton(), Qt::LeftButton);
    }

    // A game of one player: refused, nothing stored.
    fill(view.gameForm(),
         {QStringLiteral("game=G1"), QStringLiteral("round=1"), QStringLiteral("player_id=1"),
          QStringLiteral("power=France"), QStringLiteral("centres=18")});
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QCOMPARE(store->pool(pool)->games, 0);
    QVERIFY(view.messageLabel()->text().contains(QStringLiteral("not added")));

    // Three rows: two kept with Add Row, the third in the form when Add Game is clicked.
    fill(view.gameForm(), {QStringLiteral("centres=10")});
    QTest::mouseClick(view.addRowButton(), Qt::LeftButton);
    QCOMPARE(view.pendingRows()->count(), 1);
    QCOMPARE(view.gameForm()->value(QStringLiteral("game")), QStringLiteral("G1")); // kept
    fill(view.gameForm(),
         {QStringLiteral("player_id=2"), QStringLiteral("power=England"), QStringLiteral("centres=8")});
    QTest::mouseClick(view.addRowButton(), Qt::LeftButton);
    fill(view.gameForm(), {QStringLiteral("player_id=3"), QStringLiteral("power=Germany"),
                           QStringLiteral("centres=0"), QStringLiteral("eliminated_year=1905")});
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QVERIFY2(store->pool(pool)->games == 1, qPrintable(view.messageLabel()->text()));
    QCOMPARE(view.gamesModel()->rowCount(), 3);
    QCOMPARE(view.pendingRows()->count(), 0);

    const core::SystemResult expected = computed(SystemKind::Squares, "player_id,name\n1,\n2,\n3,\n",
                                                 "game,round,player_id,power,centres,eliminated_year\n"
                                                 "G1,1,1,France,10,\n"
                                                 "G1,1,2,England,8,\n"
                                                 "G1,1,3,Germany,0,1905\n");
    QVERIFY(expected.defects.empty());
    QCOMPARE(view.tableModel()->table().rows, expected.table.rows);
    // DECISIONS S1 by hand: 100 * 10^2 / (10^2 + 8^2) = 60.98 for player 1, who ranks first.
    const QStringList first = view.tableModel()->table().rows.value(0);
    QVERIFY(first.contains(QStringLiteral("1")));
    bool sawScore = false;
    for (const QString& field : first)
        sawScore = sawScore || qAbs(field.toDouble() - 60.98) < 0.01;
    QVERIFY2(sawScore, qPrintable(first.join(u',')));

    // History of player 2 (the standings begin with the rank: the player_id column is found by name).
    QVERIFY(clickPlayer(view, QStringLiteral("2")));
    QCOMPARE(view.historyModel()->rowCount(), 1);
    QCOMPARE(view.historyModel()->cell(0, 0), QStringLiteral("2"));
}

void TestPools::importAndExport()
{
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("import.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Imported"));
    PoolsView view(*store);
    QVERIFY(view.selectPool(pool));
    const auto write = [&temp](const QString& name, const QByteArray& bytes) {
        QFile file(temp.filePath(name));
        if (file.open(QIODevice::WriteOnly))
            file.write(bytes);
        return temp.filePath(name);
    };
    const QString players = write(QStringLiteral("players.csv"), kingsPlayers);
    const QByteArray goodGames = "game,date,player1,score1,player2,score2\n"
                                 "1,2025-03-01,A,121,B,100\n";
    // Line 3 names player Zed, who is nowhere: nothing of either file is stored.
    const QString bad = write(QStringLiteral("bad.csv"), goodGames + "2,2025-03-02,A,121,Zed,100\n");
    const QString error = view.importFiles({players, bad});
    QVERIFY2(error.contains(QStringLiteral("bad.csv line 3, field player2")), qPrintable(error));
    QCOMPARE(store->pool(pool)->players, 0);
    QCOMPARE(store->pool(pool)->games, 0);

    const QString good = write(QStringLiteral("good.csv"), goodGames);
    QCOMPARE(view.importFiles({good, players}), QString()); // in either order: told apart by header
    QCOMPARE(store->pool(pool)->players, 2);
    QCOMPARE(store->pool(pool)->games, 1);
    QCOMPARE(cellOf(view.tableModel(), QStringLiteral("A"), QStringLiteral("rating")),
             QStringLiteral("1713"));

    // Export: the command line's CSV of the same table.
    const QString out = temp.filePath(QStringLiteral("out.csv"));
    QCOMPARE(view.exportTableTo(out), QString());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const core::SystemResult expected = computed(SystemKind::KingsHeadToHead, kingsPlayers, goodGames);
    QCOMPARE(file.readAll(), core::tableToCsv(expected.table));
}

void TestPools::readOnlyStoreEditsNothing()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("shared.sqlite"));
    auto first = openStore(path);
    QVERIFY(first);
    const qint64 pool = first->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Shared"));
    auto second = openStore(path);
    QVERIFY(second && second->isReadOnly());
    PoolsView view(*second);
    view.show();
    QVERIFY(view.selectPool(pool));
    QVERIFY(!view.newPoolButton()->isEnabled());
    QVERIFY(!view.addGameButton()->isEnabled());
    QVERIFY(!view.addPlayerButton()->isEnabled());
    QVERIFY(!view.addPlayerFromForm());
    QCOMPARE(first->pool(pool)->players, 0);
}

void TestPools::renamePoolThroughTheDialog()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("rename.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 ladder = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Kings ladder"));
    const qint64 club = store->createPool(SystemKind::Acf, QStringLiteral("Checkers club"));
    QVERIFY(store
                ->addPoolPlayer(ladder, {QStringLiteral("A"), QStringLiteral("Ann"), QStringLiteral("1700"),
                                         QStringLiteral("10")})
                .ok());
    auto view = std::make_unique<PoolsView>(*store);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    QVERIFY(view->selectPool(ladder));
    QCOMPARE(view->poolSelector()->currentIndex(), 1); // listed by name: "Checkers club" first
    QVERIFY(view->renamePoolButton()->isEnabled());
    QVERIFY(view->deletePoolButton()->isEnabled());
    // What is being typed in a form stays through a rename.
    fill(view->playerForm(), {QStringLiteral("player_id=B"), QStringLiteral("name=Bob")});

    const QPointer<QInputDialog> dialog = openRenameDialog(*view);
    QVERIFY(dialog);
    QCOMPARE(dialog->windowModality(), Qt::WindowModal);           // open(), not a blocking exec()
    QCOMPARE(dialog->textValue(), QStringLiteral("Kings ladder")); // prefilled with the name
    renameThroughDialog(dialog, QStringLiteral("Arcade ladder"));
    QTRY_VERIFY(dialog.isNull());

    QCOMPARE(store->pool(ladder)->name, QStringLiteral("Arcade ladder"));
    QCOMPARE(store->pool(club)->name, QStringLiteral("Checkers club"));
    QCOMPARE(view->currentPool(), ladder);
    QVERIFY2(view->poolSelector()->currentText().startsWith(QStringLiteral("Arcade ladder (")),
             qPrintable(view->poolSelector()->currentText()));
    QCOMPARE(view->poolSelector()->currentIndex(), 0); // listed by its new name
    QCOMPARE(view->poolSelector()->count(), 2);
    for (const QString& text : selectorTexts(*view))
        QVERIFY2(!text.contains(QStringLiteral("Kings ladder")), qPrintable(text));
    QVERIFY2(view->messageLabel()->text().contains(QStringLiteral("Arcade ladder")),
             qPrintable(view->messageLabel()->text()));
    QCOMPARE(view->content()->pool.name, QStringLiteral("Arcade ladder"));
    QCOMPARE(view->playerForm()->value(QStringLiteral("player_id")), QStringLiteral("B"));
    QCOMPARE(view->playerForm()->value(QStringLiteral("name")), QStringLiteral("Bob"));

    // Closing and reopening the database keeps the new name, and the pool's players.
    view.reset();
    store.reset();
    store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->pool(ladder)->name, QStringLiteral("Arcade ladder"));
    QCOMPARE(store->pool(ladder)->players, 1);
    PoolsView reopened(*store);
    QVERIFY(reopened.selectPool(ladder));
    QVERIFY(reopened.poolSelector()->currentText().startsWith(QStringLiteral("Arcade ladder (")));
    QVERIFY(store->check().isEmpty());
}

void TestPools::refusedRenameChangesNothing_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("message"); // a part of the store's message

    const QString taken = QStringLiteral("There is a rating pool named Checkers club already.");
    QTest::newRow("another pool's name") << QStringLiteral("Checkers club") << taken;
    QTest::newRow("another pool's name in another case") << QStringLiteral("CHECKERS club") << taken;
    QTest::newRow("with spaces around") << QStringLiteral("  Checkers   club ") << taken;
    QTest::newRow("empty") << QString() << QStringLiteral("needs a name");
    QTest::newRow("spaces only") << QStringLiteral("   ") << QStringLiteral("needs a name");
}

void TestPools::refusedRenameChangesNothing()
{
    QFETCH(QString, name);
    QFETCH(QString, message);
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("refused-rename.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 ladder = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Kings ladder"));
    const qint64 club = store->createPool(SystemKind::Acf, QStringLiteral("Checkers club"));
    PoolsView view(*store);
    view.show();
    QVERIFY(view.selectPool(ladder));
    const QStringList listed = selectorTexts(view);
    const QString before = dumpTables(path);

    const QPointer<QInputDialog> dialog = openRenameDialog(view);
    QVERIFY(dialog);
    renameThroughDialog(dialog, name);
    QTRY_VERIFY(dialog.isNull());

    // The store's message below the forms; nothing changed in the store or the selector.
    QVERIFY2(view.messageLabel()->text().contains(message), qPrintable(view.messageLabel()->text()));
    QCOMPARE(store->pool(ladder)->name, QStringLiteral("Kings ladder"));
    QCOMPARE(store->pool(club)->name, QStringLiteral("Checkers club"));
    QCOMPARE(dumpTables(path), before);
    QCOMPARE(selectorTexts(view), listed);
    QCOMPARE(view.currentPool(), ladder);
    QCOMPARE(view.content()->pool.name, QStringLiteral("Kings ladder"));
}

void TestPools::deletePoolAfterConfirming()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("delete-pool.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 alpha = store->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Alpha ladder"));
    const qint64 beta = store->createPool(SystemKind::Squares, QStringLiteral("Beta cup"));
    QVERIFY(store
                ->addPoolPlayer(alpha, {QStringLiteral("A"), QStringLiteral("Ann"), QStringLiteral("1700"),
                                        QStringLiteral("10")})
                .ok());
    QVERIFY(store
                ->addPoolPlayer(alpha, {QStringLiteral("B"), QStringLiteral("Bob"), QStringLiteral("1500"),
                                        QStringLiteral("10")})
                .ok());
    QVERIFY(store
                ->addPoolGame(alpha, {{QStringLiteral("1"), QStringLiteral("2025-03-01"), QStringLiteral("A"),
                                       QStringLiteral("121"), QStringLiteral("B"), QStringLiteral("100")}})
                .ok());
    QVERIFY(store->addPoolPlayer(beta, {QStringLiteral("1")}).ok());
    PoolsView view(*store);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.selectPool(alpha));

    // Asked first, window-modal without blocking: the pool, its players and its games are named.
    QPointer<QMessageBox> box = openDeleteConfirmation(view);
    QVERIFY(box);
    QCOMPARE(box->windowModality(), Qt::WindowModal);
    QVERIFY2(box->text().contains(QStringLiteral("Alpha ladder")), qPrintable(box->text()));
    QVERIFY2(box->text().contains(QStringLiteral("2 player")), qPrintable(box->text()));
    QVERIFY2(box->text().contains(QStringLiteral("1 game")), qPrintable(box->text()));

    // Cancel: nothing deleted, the pool still shown.
    QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
    QTRY_VERIFY(box.isNull());
    QCOMPARE(store->pools().size(), std::size_t(2));
    QCOMPARE(store->pool(alpha)->players, 2);
    QCOMPARE(store->pool(alpha)->games, 1);
    QCOMPARE(view.currentPool(), alpha);
    QCOMPARE(view.poolSelector()->count(), 2);

    // Confirmed: the pool and its rows are gone; the selector moves to the other pool.
    box = openDeleteConfirmation(view);
    QVERIFY(box);
    auto* confirm = box->findChild<QPushButton*>(QStringLiteral("confirmDeletePoolButton"));
    QVERIFY(confirm);
    QTest::mouseClick(confirm, Qt::LeftButton);
    QTRY_VERIFY(box.isNull());
    const std::vector<core::PoolSummary> pools = store->pools();
    QCOMPARE(pools.size(), std::size_t(1));
    QCOMPARE(pools.front().id, beta);
    QVERIFY(!store->pool(alpha));
    QVERIFY_THROWS_EXCEPTION(core::StoreError, store->poolContent(alpha));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM pool_games"), std::int64_t(0));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM pool_players"), std::int64_t(1)); // Beta's
    QCOMPARE(view.currentPool(), beta);
    QCOMPARE(view.poolSelector()->count(), 1);
    QVERIFY(view.poolSelector()->currentText().startsWith(QStringLiteral("Beta cup (")));
    QVERIFY2(view.messageLabel()->text().contains(QStringLiteral("Alpha ladder")),
             qPrintable(view.messageLabel()->text()));

    // The last pool: the tab's empty state, with nothing left to rename or delete.
    box = openDeleteConfirmation(view);
    QVERIFY(box);
    QVERIFY(box->text().contains(QStringLiteral("Beta cup")));
    QVERIFY(box->text().contains(QStringLiteral("1 player")));
    QVERIFY(box->text().contains(QStringLiteral("0 game")));
    QTest::mouseClick(box->findChild<QPushButton*>(QStringLiteral("confirmDeletePoolButton")),
                      Qt::LeftButton);
    QTRY_VERIFY(box.isNull());
    QVERIFY(store->pools().empty());
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM pool_players"), std::int64_t(0));
    QCOMPARE(view.currentPool(), qint64(0));
    QCOMPARE(view.poolSelector()->count(), 0);
    QVERIFY(!view.renamePoolButton()->isEnabled());
    QVERIFY(!view.deletePoolButton()->isEnabled());
    QVERIFY(view.newPoolButton()->isEnabled());
    QVERIFY(view.messageLabel()->text().contains(QStringLiteral("Beta cup")));
    QVERIFY(view.messageLabel()->text().contains(QStringLiteral("New Pool...")));
    QVERIFY(store->check().isEmpty());
}

void TestPools::readOnlyStoreCannotRenameOrDeletePools()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("shared.sqlite"));
    auto first = openStore(path);
    QVERIFY(first);
    {
        // No pool yet: nothing to rename or delete; enabled once there is one.
        PoolsView empty(*first);
        QVERIFY(!empty.renamePoolButton()->isEnabled());
        QVERIFY(!empty.deletePoolButton()->isEnabled());
        first->createPool(SystemKind::Acf, QStringLiteral("Checkers club"));
        empty.reloadPools();
        QVERIFY(empty.renamePoolButton()->isEnabled());
        QVERIFY(empty.deletePoolButton()->isEnabled());
    }
    const qint64 pool = first->createPool(SystemKind::KingsHeadToHead, QStringLiteral("Shared"));
    auto second = openStore(path);
    QVERIFY(second && second->isReadOnly());
    PoolsView view(*second);
    view.show();
    QVERIFY(view.selectPool(pool));
    QVERIFY(!view.renamePoolButton()->isEnabled());
    QVERIFY(!view.deletePoolButton()->isEnabled());
    const QString before = dumpTables(path);
    // Nor through the slots: no dialog opens, and the store is not touched.
    view.renamePoolWithDialog();
    view.deletePoolWithConfirmation();
    QTest::qWait(50);
    QVERIFY(!view.findChild<QInputDialog*>());
    QVERIFY(!view.findChild<QMessageBox*>());
    QVERIFY(!view.renamePool(pool, QStringLiteral("Renamed")));
    QVERIFY(!view.deletePool(pool));
    QCOMPARE(first->pool(pool)->name, QStringLiteral("Shared"));
    QCOMPARE(first->pools().size(), std::size_t(2));
    QCOMPARE(dumpTables(path), before);
}

void TestPools::reusedGameIsRefused()
{
    // Squares rows with the same game id are one game (docs/pools.md): a later entry, or an import,
    // that names a stored game's id is refused whole, else its rows would be stored, and could be
    // deleted, apart from the game they belong to.
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("reused-game.sqlite"));
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Squares, QStringLiteral("Diplomacy cup"));
    for (const char* id : {"1", "2", "3", "4"})
        QVERIFY(store->addPoolPlayer(pool, {QLatin1String(id)}).ok());
    const auto row = [](const char* player, const char* power, const char* centres, const char* eliminated) {
        return QStringList{QStringLiteral("G1"), QStringLiteral("1"),    QLatin1String(player),
                           QLatin1String(power), QLatin1String(centres), QLatin1String(eliminated)};
    };
    core::PoolChange change = store->addPoolGame(
        pool, {row("1", "France", "10", ""), row("2", "England", "8", ""), row("3", "Germany", "0", "1905")});
    QVERIFY2(change.ok(), qPrintable(change.messages().join(u'\n')));
    const QString before = dumpTables(path);

    // Through the store: an entry and an import naming G1.
    change = store->addPoolGame(pool, {row("4", "Italy", "5", "")});
    QVERIFY(!change.ok());
    QVERIFY2(change.messages().join(u'\n').contains(QStringLiteral("game G1 is stored already")),
             qPrintable(change.messages().join(u'\n')));
    change = store->importPool(pool, {}, {},
                               "game,round,player_id,power,centres,eliminated_year\n"
                               "G2,1,1,France,6,\nG2,1,4,Italy,4,\nG1,1,4,Turkey,3,\n",
                               QStringLiteral("more.csv"));
    QVERIFY(!change.ok());
    QVERIFY2(change.messages().join(u'\n').contains(QStringLiteral("more.csv line 4")),
             qPrintable(change.messages().join(u'\n')));
    QCOMPARE(dumpTables(path), before); // nothing of either, not even the audit log
    QCOMPARE(store->pool(pool)->games, 1);

    // Through the window: the row typed into the form, then Add Game.
    PoolsView view(*store);
    view.show();
    QVERIFY(view.selectPool(pool));
    const core::SystemTable standings = view.tableModel()->table();
    PoolRowForm* form = view.gameForm();
    QVERIFY(form);
    const QStringList typed = row("4", "Italy", "5", "");
    for (qsizetype i = 0; i < typed.size(); ++i)
        form->setValue(form->columns().at(i), typed.at(i));
    QTest::mouseClick(view.addGameButton(), Qt::LeftButton);
    QVERIFY2(view.messageLabel()->text().contains(QStringLiteral("game G1 is stored already")),
             qPrintable(view.messageLabel()->text()));
    QCOMPARE(dumpTables(path), before);
    QCOMPARE(view.gamesModel()->rowCount(), 3);
    QCOMPARE(view.tableModel()->table().rows, standings.rows);

    // ACF: a pairing of a round is one entry; entering it again is refused the same way.
    const qint64 acf = store->createPool(SystemKind::Acf, QStringLiteral("Checkers club"));
    QVERIFY(store
                ->addPoolPlayer(
                    acf, {QStringLiteral("101"), QStringLiteral("Ann"), QStringLiteral("1800"), {}, {}, {}})
                .ok());
    QVERIFY(store
                ->addPoolPlayer(
                    acf, {QStringLiteral("102"), QStringLiteral("Ben"), QStringLiteral("1700"), {}, {}, {}})
                .ok());
    const QStringList game{QStringLiteral("Open"), QStringLiteral("2025-03-01"), QStringLiteral("game"),
                           QStringLiteral("1"),    QStringLiteral("101"),        QStringLiteral("102"),
                           QStringLiteral("1-0")};
    change = store->addPoolGame(acf, {game});
    QVERIFY2(change.ok(), qPrintable(change.messages().join(u'\n')));
    change = store->addPoolGame(acf, {game});
    QVERIFY(!change.ok());
    QVERIFY2(change.messages().join(u'\n').contains(QStringLiteral("stored already")),
             qPrintable(change.messages().join(u'\n')));
    QCOMPARE(store->pool(acf)->games, 1);

    // The window enters an ACF round's games as rows of one entry (four when scored by round).
    view.reloadPools();
    QVERIFY(view.selectPool(acf));
    QVERIFY(view.addRowButton()->isVisibleTo(&view));
    QVERIFY(view.selectPool(pool));
    QVERIFY(view.addRowButton()->isVisibleTo(&view));
}

void TestPools::mainWindowHasThePoolsTab()
{
    QTemporaryDir temp;
    ui::MainWindow window;
    QVERIFY(window.openDatabase(temp.filePath(QStringLiteral("window.sqlite")),
                                ui::MainWindow::FirstStart::StartEmpty));
    window.show();
    QVERIFY(window.poolsView());
    QVERIFY(window.tabs()->indexOf(window.poolsView()) >= 0);
    auto* action = window.findChild<QAction*>(QStringLiteral("newPoolAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    action->trigger();
    QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget*>(window.poolsView()));
    QPointer<NewPoolDialog> dialog;
    QTRY_VERIFY((dialog = window.findChild<NewPoolDialog*>()) != nullptr);
    QTRY_VERIFY(dialog->isVisible());
    dialog->reject();
    QTRY_VERIFY(dialog.isNull());
    QVERIFY(window.store()->pools().empty());
}

void TestPools::screenshot()
{
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("FLICKDESK_SCREENSHOT_DIR is not set");
    QVERIFY(QDir().mkpath(dir));
    QTemporaryDir temp;
    ui::MainWindow window;
    QVERIFY(window.openDatabase(temp.filePath(QStringLiteral("shot.sqlite")),
                                ui::MainWindow::FirstStart::StartEmpty));
    Store& store = *window.store();
    const qint64 pool =
        store.createPool(SystemKind::KingsHeadToHead, QStringLiteral("Kings Cribbage club ladder"));
    const QStringList names{QStringLiteral("Ann Archer"), QStringLiteral("Bob Brown"),
                            QStringLiteral("Cleo Cho"), QStringLiteral("Dan Dorsey"),
                            QStringLiteral("Eve Ellis")};
    const QStringList ratings{QStringLiteral("1700"), QStringLiteral("1500"), QStringLiteral("1620"),
                              QString(), QStringLiteral("1550")};
    for (qsizetype i = 0; i < names.size(); ++i)
        QVERIFY(
            store
                .addPoolPlayer(pool, {QString(QChar(static_cast<char16_t>(u'A' + i))), names[i], ratings[i],
                                      ratings[i].isEmpty() ? QString() : QStringLiteral("12")})
                .ok());
    const char* games[][4] = {{"A", "B", "121", "96"},  {"C", "D", "121", "40"},  {"E", "A", "121", "118"},
                              {"B", "C", "121", "110"}, {"D", "E", "121", "101"}, {"A", "C", "121", "119"}};
    int number = 0;
    for (const auto& game : games) {
        ++number;
        QVERIFY(store
                    .addPoolGame(pool, {{QString::number(number), QStringLiteral("2025-03-0%1").arg(number),
                                         QLatin1String(game[0]), QLatin1String(game[2]),
                                         QLatin1String(game[1]), QLatin1String(game[3])}})
                    .ok());
    }
    window.resize(1280, 820);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.poolsView());
    PoolsView* view = window.poolsView();
    view->reloadPools();
    QVERIFY(view->selectPool(pool));
    QVERIFY(clickPlayer(*view, QStringLiteral("A")));
    fill(view->gameForm(),
         {QStringLiteral("date=2025-03-08"), QStringLiteral("player1=B"), QStringLiteral("score1=121"),
          QStringLiteral("player2=Zed"), QStringLiteral("score2=80")});
    QTest::mouseClick(view->addGameButton(), Qt::LeftButton); // refused: the message shows why
    QVERIFY(view->gameForm()->isVisible());
    QCOMPARE(view->gameForm()->markedFields(), QStringList{QStringLiteral("player2")});
    QTest::qWait(100); // let the window paint what changed
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = window.grab().toImage(), 8), 5000);
    const QString file = QDir(dir).filePath(QStringLiteral("pools.png"));
    QVERIFY2(image.save(file), qPrintable(file));
    qInfo("screenshot: %s", qPrintable(file));
}

QTEST_MAIN(TestPools)
#include "tst_pools.moc"
