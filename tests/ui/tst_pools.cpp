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
#include "models/pools/poolsession.h"
#include "widgets/mainwindow.h"
#include "widgets/pools/kingsdesk.h"
#include "widgets/pools/pooldesk.h"
#include "widgets/pools/poolnewdialog.h"
#include "widgets/pools/poolsview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
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
#include <QUndoStack>
#include <memory>

using namespace flickdesk;
using core::Store;
using core::SystemKind;
using testing::dumpTables;
using testing::openStore;
using testing::queryInteger;
using ui::NewPoolDialog;
using ui::PoolsView;

namespace {

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
    void importAndExport();
    void docsExamplesImportThroughTheTab_data();
    void docsExamplesImportThroughTheTab();
    void exportedTableReadsBackAsPlayers();
    void readOnlyStoreEditsNothing();
    void renamePoolThroughTheDialog();
    void refusedRenameChangesNothing_data();
    void refusedRenameChangesNothing();
    void deletePoolAfterConfirming();
    void readOnlyStoreCannotRenameOrDeletePools();
    void eachSystemHasItsDesk();
    void mainWindowHasThePoolsTab();
    void screenshot();
};

void TestPools::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
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
    const core::SystemTable& table = view.result().table;
    QCOMPARE(table.rows.value(0).value(0), QStringLiteral("A"));
    QCOMPARE(table.rows.value(0).value(table.columns.indexOf(QStringLiteral("rating"))),
             QStringLiteral("1713"));
    // One undo step: Edit > Undo removes the import's players and games together.
    QCOMPARE(view.session()->undoStack()->undoText(), QStringLiteral("Import players.csv, good.csv"));
    view.session()->undoStack()->undo();
    QCOMPARE(store->pool(pool)->players, 0);
    QCOMPARE(store->pool(pool)->games, 0);
    view.session()->undoStack()->redo();
    QCOMPARE(store->pool(pool)->games, 1);

    // Export: the command line's CSV of the same table.
    const QString out = temp.filePath(QStringLiteral("out.csv"));
    QCOMPARE(view.exportTableTo(out), QString());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const core::SystemResult expected = computed(SystemKind::KingsHeadToHead, kingsPlayers, goodGames);
    QCOMPARE(file.readAll(), core::tableToCsv(expected.table));
}

void TestPools::docsExamplesImportThroughTheTab_data()
{
    QTest::addColumn<int>("kindValue");
    QTest::addColumn<QString>("players");
    QTest::addColumn<QString>("games");
    QTest::newRow("ACF") << int(SystemKind::Acf) << QStringLiteral("acf-players.csv")
                         << QStringLiteral("acf-games.csv");
    // Head-to-head and group games in one file: a Kings Cribbage club takes both.
    QTest::newRow("Kings Cribbage club")
        << int(SystemKind::Kings) << QStringLiteral("kc-players.csv") << QStringLiteral("kc-games.csv");
    QTest::newRow("Squares") << int(SystemKind::Squares) << QStringLiteral("squares-players.csv")
                             << QStringLiteral("squares-games.csv");
}

void TestPools::docsExamplesImportThroughTheTab()
{
    // The files of docs/examples, chosen in Import CSV... as a director would (the games first), give
    // the table the command line computes from the same files.
    QFETCH(int, kindValue);
    const auto kind = static_cast<SystemKind>(kindValue);
    QFETCH(QString, players);
    QFETCH(QString, games);
    const QDir examples(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../docs/examples"));
    const auto read = [&](const QString& name) {
        QFile file(examples.filePath(name));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("examples.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(kind, QStringLiteral("Example"));
    PoolsView view(*store);
    QVERIFY(view.selectPool(pool));
    QCOMPARE(view.importFiles({examples.filePath(games), examples.filePath(players)}), QString());
    const core::SystemResult expected = computed(kind, read(players), read(games));
    QVERIFY(expected.defects.empty());
    QVERIFY(!expected.table.rows.isEmpty());
    QCOMPARE(view.result().table.columns, expected.table.columns);
    QCOMPARE(view.result().table.rows, expected.table.rows);
    QVERIFY(view.currentDesk() && view.currentDesk()->shows(kind));
}

void TestPools::exportedTableReadsBackAsPlayers()
{
    // A club's ladder exported and imported into a new pool: the members start from the ratings and
    // games they have now; the computed columns (the status) are left out, not refused.
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("ladder.sqlite")));
    QVERIFY(store);
    const qint64 season1 = store->createPool(SystemKind::Kings, QStringLiteral("Season 1"));
    PoolsView view(*store);
    QVERIFY(view.selectPool(season1));
    QVERIFY(view.session()
                ->importFiles(kingsPlayers, QStringLiteral("players.csv"),
                              "game,date,player1,score1,player2,score2,player3,score3,player4,score4\n"
                              "g1,2025-03-01,A,121,B,100,,,,\n",
                              QStringLiteral("games.csv"))
                .ok());
    const QString ladder = temp.filePath(QStringLiteral("ladder.csv"));
    QCOMPARE(view.exportTableTo(ladder), QString());
    const qint64 season2 = store->createPool(SystemKind::Kings, QStringLiteral("Season 2"));
    QVERIFY(view.selectPool(season2));
    QCOMPARE(view.importFiles({ladder}), QString());
    const core::PoolContent content = store->poolContent(season2);
    QCOMPARE(content.players.size(), 2);
    QVERIFY(content.games.empty());
    // K1: A 1700 beat B 1500: 1713 / 1487, each with 11 games now: the new season starts there.
    const int a = content.playerIndex(QStringLiteral("A"));
    QVERIFY(a >= 0);
    QCOMPARE(content.players[a].value(content.playerColumns.indexOf(QStringLiteral("rating"))),
             QStringLiteral("1713"));
    QCOMPARE(content.players[a].value(content.playerColumns.indexOf(QStringLiteral("games"))),
             QStringLiteral("11"));
    QCOMPARE(content.playerName(QStringLiteral("B")), QStringLiteral("Bob"));
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
    QVERIFY(!view.importButton()->isEnabled());
    QVERIFY(view.exportButton()->isEnabled());
    // The desk shows the pool and takes no entry; an edit tried anyway is refused and writes nothing.
    QVERIFY(view.currentDesk());
    QVERIFY(!view.currentDesk()->findChild<QGroupBox*>()->isEnabled());
    QVERIFY(
        !view.session()->addPlayer({QStringLiteral("A"), QStringLiteral("Ann"), QString(), QString()}).ok());
    QCOMPARE(view.session()->undoStack()->count(), 0);
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
    // What is being typed on the desk stays through a rename.
    auto* kings = qobject_cast<ui::KingsDesk*>(view->currentDesk());
    QVERIFY(kings);
    QTest::keyClicks(kings->memberNameEdit(), QStringLiteral("Bob"));

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
    QCOMPARE(kings->memberNameEdit()->text(), QStringLiteral("Bob"));

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
    const auto* empty = view.findChild<QLabel*>(QStringLiteral("poolsEmpty"));
    QVERIFY(empty && empty->isVisible());
    QVERIFY(empty->text().contains(QStringLiteral("New Pool...")));
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

void TestPools::eachSystemHasItsDesk()
{
    // A pool made through New Pool... is shown on its system's desk; switching pools switches desks.
    QTemporaryDir temp;
    auto store = openStore(temp.filePath(QStringLiteral("desks.sqlite")));
    QVERIFY(store);
    PoolsView view(*store);
    view.resize(1280, 760);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSet<ui::PoolDesk*> seen;
    for (const SystemKind kind :
         {SystemKind::Acf, SystemKind::Kings, SystemKind::Squares, SystemKind::KingsGroup}) {
        const qint64 pool = createThroughDialog(view, kind, core::systemKey(kind) + QStringLiteral(" pool"));
        QVERIFY(pool > 0);
        QCOMPARE(store->pool(pool)->kind, kind);
        ui::PoolDesk* desk = view.currentDesk();
        QVERIFY(desk);
        QVERIFY(desk->isVisible());
        QVERIFY(desk->shows(kind));
        seen.insert(desk);
        // Every desk prints something for a new pool (at least its empty table with its title).
        QVERIFY(!view.printTables().empty());
    }
    QCOMPARE(seen.size(), 3); // ACF, Kings Cribbage (club and group share one), Squares
    QCOMPARE(view.poolSelector()->count(), 4);
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
    const qint64 pool = store.createPool(SystemKind::Kings, QStringLiteral("Tuesday cribbage club"));
    const QStringList names{QStringLiteral("Ann Archer"), QStringLiteral("Bob Brown"),
                            QStringLiteral("Cleo Cho"), QStringLiteral("Dan Dorsey"),
                            QStringLiteral("Eve Ellis")};
    const QStringList ratings{QStringLiteral("1700"), QStringLiteral("1500"), QStringLiteral("1620"),
                              QString(), QStringLiteral("1550")};
    for (qsizetype i = 0; i < names.size(); ++i)
        QVERIFY(store
                    .addPoolPlayer(pool, {QString(QChar(static_cast<char16_t>(u'A' + i))), names[i],
                                          ratings[i], ratings[i].isEmpty() ? QString() : QStringLiteral("12"),
                                          QString(), QString()})
                    .ok());
    const char* games[][4] = {{"A", "B", "121", "96"},  {"C", "D", "121", "40"},  {"E", "A", "121", "118"},
                              {"B", "C", "121", "110"}, {"D", "E", "121", "101"}, {"A", "C", "121", "119"}};
    int number = 0;
    for (const auto& game : games) {
        ++number;
        QVERIFY(
            store
                .addPoolGame(pool, {{QStringLiteral("g%1").arg(number),
                                     number < 4 ? QStringLiteral("2025-03-04") : QStringLiteral("2025-03-11"),
                                     QLatin1String(game[0]), QLatin1String(game[2]), QLatin1String(game[1]),
                                     QLatin1String(game[3])}})
                .ok());
    }
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.poolsView());
    PoolsView* view = window.poolsView();
    QVERIFY(view->selectPool(pool));
    auto* kings = qobject_cast<ui::KingsDesk*>(view->currentDesk());
    QVERIFY(kings);
    QVERIFY(kings->selectMember(QStringLiteral("A")));
    // The whole tab fits a 1280x800 screen: the window is no wider than asked.
    QVERIFY2(window.width() <= 1280, qPrintable(QString::number(window.width())));
    for (ui::PoolDesk* desk : view->desks())
        QVERIFY2(desk->minimumSizeHint().width() <= 1260,
                 qPrintable(QStringLiteral("%1 needs %2 pixels")
                                .arg(QLatin1String(desk->metaObject()->className()))
                                .arg(desk->minimumSizeHint().width())));
    QTest::qWait(100); // let the window paint what changed
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = window.grab().toImage(), 8), 5000);
    const QString file = QDir(dir).filePath(QStringLiteral("pools.png"));
    QVERIFY2(image.save(file), qPrintable(file));
    qInfo("screenshot: %s", qPrintable(file));

    // The ACF and Squares desks on the docs' examples, imported as a director would.
    const auto example = [](const char* name) {
        QFile file(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../docs/examples/") + QLatin1String(name));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    const struct {
        SystemKind kind;
        const char* pool;
        const char* players;
        const char* games;
        const char* shot;
    } others[] = {{SystemKind::Acf, "Spring checkers", "acf-players.csv", "acf-games.csv", "pools-acf.png"},
                  {SystemKind::Squares, "Diplomacy nationals", "squares-players.csv", "squares-games.csv",
                   "pools-squares.png"}};
    for (const auto& other : others) {
        const qint64 id = store.createPool(other.kind, QLatin1String(other.pool));
        QVERIFY(view->selectPool(id));
        QVERIFY(view->session()
                    ->importFiles(example(other.players), QLatin1String(other.players), example(other.games),
                                  QLatin1String(other.games))
                    .ok());
        QVERIFY(view->currentDesk() && view->currentDesk()->shows(other.kind));
        QVERIFY2(window.width() <= 1280, qPrintable(QString::number(window.width())));
        QTest::qWait(100);
        QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = window.grab().toImage(), 8), 5000);
        const QString shot = QDir(dir).filePath(QLatin1String(other.shot));
        QVERIFY2(image.save(shot), qPrintable(shot));
        qInfo("screenshot: %s", qPrintable(shot));
    }
}

QTEST_MAIN(TestPools)
#include "tst_pools.moc"
