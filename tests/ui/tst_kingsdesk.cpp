// The Kings Cribbage desk of the Pools tab (widgets/pools/kingsdesk.h), driven by keyboard as a club
// organizer would, every keystroke printed: a club evening of 10 games over two evenings (a skunk, a
// double skunk, a draw, a member who joins during the evening), a group part (two games of three and
// one of four, in seat order), every figure checked by hand against DECISIONS K1-K4; the traps of
// issue 27 (a score typed after the date, a name taken from the list with Down+Enter, a game entered
// twice, impossible entries, a game corrected in place, a delete confirmed, undo and redo); the
// documents' example imported into a club's pool and the exported ladder imported back; a screenshot.
#include "../common/keyboard.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "core/systems/systems.h"
#include "models/pools/poolsession.h"
#include "widgets/pools/kingsdesk.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QCompleter>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>
#include <memory>

using namespace flickdesk;
using core::SystemKind;
using ui::KingsDesk;
using ui::PoolSession;

namespace {

// Keys as a director types them, printed (tests/common/keyboard.h); the desk's window is given its
// activation back before each key, as a window system would when a list of names or a question closes.
using testing::press;
using testing::type;

// Answers the desk's question `name` (askFirst) with its yes or cancel button, and waits until it
// is gone. False when no such question was open.
bool answer(QWidget& desk, const QString& name, bool yes)
{
    QPointer<QMessageBox> box;
    QTest::qWait(0);
    box = desk.findChild<QMessageBox*>(name);
    if (!box)
        return false;
    qInfo("answer: %s %s", qPrintable(name), yes ? "yes" : "cancel");
    auto* button =
        box->findChild<QPushButton*>(yes ? QStringLiteral("yesButton") : QStringLiteral("cancelButton"));
    if (!button)
        return false;
    button->click();
    for (int i = 0; i < 100 && box; ++i)
        QTest::qWait(10);
    if (box && box->isVisible())
        return false;
    // The window system gives the desk's window back its activation when the box closes.
    QApplication::setActiveWindow(desk.window());
    return QTest::qWaitForWindowActive(desk.window());
}

QStringList strings(std::initializer_list<const char*> items)
{
    QStringList list;
    for (const char* item : items)
        list.append(QString::fromUtf8(item));
    return list;
}

QByteArray readExample(const QString& name)
{
    QFile file(QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../docs/examples")).filePath(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A column of a member's row of the system's table ("rating", "group_rating", ...).
QString cell(const core::SystemTable& table, const QString& player, const QString& column)
{
    const qsizetype c = table.columns.indexOf(column);
    for (const QStringList& row : table.rows) {
        if (!row.isEmpty() && row[0] == player && c >= 0)
            return row.value(c);
    }
    return QStringLiteral("<none>");
}

// A column (by its header) of a member's row of a ladder model.
QString ladderCell(const QStandardItemModel* model, const QString& player, const QString& header)
{
    int column = -1;
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal).toString() == header)
            column = c;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->item(row, 2)->text() == player && column >= 0)
            return model->item(row, column)->text();
    }
    return QStringLiteral("<none>");
}

// The header of the ladder's last column, the change of the evening shown.
QString eveningColumn(const KingsDesk& desk, bool group = false)
{
    const QStandardItemModel* model = group ? desk.groupLadderModel() : desk.ladderModel();
    return model->headerData(model->columnCount() - 1, Qt::Horizontal).toString();
}

struct Fixture {
    QTemporaryDir dir;
    std::unique_ptr<core::Store> store;
    std::unique_ptr<PoolSession> session;
    std::unique_ptr<KingsDesk> desk;
    qint64 pool = 0;

    bool open(SystemKind kind, const QString& name)
    {
        store = testing::openStore(dir.filePath(QStringLiteral("club.sqlite")));
        if (!store)
            return false;
        pool = store->createPool(kind, name);
        session = std::make_unique<PoolSession>(*store);
        if (!session->setPool(pool))
            return false;
        desk = std::make_unique<KingsDesk>(*session);
        desk->resize(1260, 640);
        desk->show();
        testing::keyWindow() = desk.get();
        QApplication::setActiveWindow(desk.get());
        return QTest::qWaitForWindowExposed(desk.get());
    }
    int games() const { return static_cast<int>(store->poolContent(pool).games.size()); }
    QString rating(const QString& player) const
    {
        return cell(session->result().table, player, QStringLiteral("rating"));
    }
    QString groupRating(const QString& player) const
    {
        return cell(session->result().table, player, QStringLiteral("group_rating"));
    }
};

} // namespace

class TestKingsDesk : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void clubEveningByKeyboard();
    void groupGamesInSeatOrder();
    void docsExampleImportsAndLadderImportsBack();
    void searchAndCancelledCorrection();
    void screenshotIsNotBlank();

private:
    // Adds a member through the member form (Alt+N: the name), typing the id only when given.
    void addMember(KingsDesk& desk, const QString& name, const QString& id, const QString& rating,
                   const QString& games, const QString& groupRating = {});
    // Enters a head-to-head game from the winner's field: winner, score, loser, score, Enter.
    void enterGame(const QString& winner, const QString& winnerScore, const QString& loser,
                   const QString& loserScore);
};

void TestKingsDesk::addMember(KingsDesk& desk, const QString& name, const QString& id, const QString& rating,
                              const QString& games, const QString& groupRating)
{
    press(Qt::Key_N, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), desk.memberNameEdit());
    type(name);
    if (!id.isEmpty()) {
        press(Qt::Key_Backtab);
        QCOMPARE(QApplication::focusWidget(), desk.memberIdEdit());
        type(id);
        press(Qt::Key_Tab);
    }
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), desk.memberField(2));
    type(rating);
    press(Qt::Key_Tab);
    type(games);
    if (!groupRating.isEmpty()) {
        press(Qt::Key_Tab);
        type(groupRating);
    }
    press(Qt::Key_Return);
}

void TestKingsDesk::enterGame(const QString& winner, const QString& winnerScore, const QString& loser,
                              const QString& loserScore)
{
    type(winner);
    if (QApplication::activePopupWidget())
        press(Qt::Key_Escape); // the list of names closes; the typed id stays
    press(Qt::Key_Tab);
    type(winnerScore);
    press(Qt::Key_Tab);
    type(loser);
    if (QApplication::activePopupWidget())
        press(Qt::Key_Escape);
    press(Qt::Key_Tab);
    type(loserScore);
    press(Qt::Key_Return);
}

void TestKingsDesk::clubEveningByKeyboard()
{
    Fixture f;
    QVERIFY(f.open(SystemKind::Kings, QStringLiteral("Tuesday club")));
    KingsDesk& desk = *f.desk;
    QVERIFY(desk.shows(SystemKind::Kings) && desk.shows(SystemKind::KingsHeadToHead) &&
            desk.shows(SystemKind::KingsGroup) && !desk.shows(SystemKind::Acf));
    QTRY_VERIFY(QTest::qWaitForWindowActive(&desk));

    // Members: six rated members (10 games before: rated, DECISIONS K2); "ann" typed, the others'
    // ids made from their names.
    addMember(desk, QStringLiteral("Ann Ace"), QStringLiteral("ann"), QStringLiteral("1700"),
              QStringLiteral("10"));
    for (const QString& name :
         {QStringLiteral("Bob Baker"), QStringLiteral("Cat Cole"), QStringLiteral("Dan Dale"),
          QStringLiteral("Eve East"), QStringLiteral("Fay Ford")})
        addMember(desk, name, {}, QStringLiteral("1500"), QStringLiteral("10"));
    const core::PoolContent members = f.store->poolContent(f.pool);
    QCOMPARE(members.players.size(), 6);
    QCOMPARE(members.players[0].mid(0, 4), strings({"ann", "Ann Ace", "1700", "10"}));
    QCOMPARE(members.players[1][0], QStringLiteral("bob-baker"));
    QCOMPARE(desk.memberIdFor(QStringLiteral("Bob Baker")), QStringLiteral("bob-baker-2")); // unique
    // A second "Bob Baker" typed with the taken id is refused, nothing stored.
    press(Qt::Key_N, Qt::AltModifier);
    type(QStringLiteral("Bob Baker"));
    press(Qt::Key_Backtab);
    type(QStringLiteral("BOB-BAKER"));
    press(Qt::Key_Return);
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("Nothing was stored")));
    QCOMPARE(f.store->poolContent(f.pool).players.size(), 6);
    press(Qt::Key_A, Qt::ControlModifier);
    press(Qt::Key_Delete);
    // A rating that is no number is refused by the store: its message, the field marked, nothing stored.
    addMember(desk, QStringLiteral("Hal Hill"), {}, QStringLiteral("abc"), {});
    QVERIFY(desk.messageLabel()->text().startsWith(QStringLiteral("Nothing was stored:")));
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("abc")));
    QVERIFY(desk.memberField(2)->styleSheet().contains(QStringLiteral("border")));
    QCOMPARE(f.store->poolContent(f.pool).players.size(), 6);
    press(Qt::Key_N, Qt::AltModifier);
    press(Qt::Key_Delete); // the name selected by Alt+N
    press(Qt::Key_Tab);
    press(Qt::Key_Delete);
    // Undo and redo of a member added.
    f.session->undoStack()->undo();
    QCOMPARE(f.store->poolContent(f.pool).players.size(), 5);
    f.session->undoStack()->redo();
    QCOMPARE(f.store->poolContent(f.pool).players.size(), 6);

    // Evening 1. The date once: Tab leaves it at once (trap 1: "121" typed next never goes into it).
    press(Qt::Key_V, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), desk.dateEdit());
    type(QStringLiteral("2026-03-03"));
    press(Qt::Key_Tab);
    QVERIFY(QApplication::focusWidget() != desk.dateEdit());
    QCOMPARE(QApplication::focusWidget(), desk.groupGameBox()); // the club pool's "Group game"
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    QCOMPARE(desk.gameIdLabel()->text(), QStringLiteral("Next game: g1"));

    // g1: 1700 beats 1500 121-100 (K1): g = 21 + (1500 - 1700) / 25 = 13: 1713 / 1487.
    enterGame(QStringLiteral("ann"), QStringLiteral("121"), QStringLiteral("bob-baker"),
              QStringLiteral("100"));
    QCOMPARE(f.games(), 1);
    QCOMPARE(desk.dateEdit()->date(), QDate(2026, 3, 3)); // trap 1: the score never went into the date
    QCOMPARE(f.store->poolContent(f.pool).games[0].rows[0].mid(0, 6),
             strings({"g1", "2026-03-03", "ann", "121", "bob-baker", "100"}));
    QCOMPARE(f.rating(QStringLiteral("ann")), QStringLiteral("1713"));
    QCOMPARE(f.rating(QStringLiteral("bob-baker")), QStringLiteral("1487"));
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0)); // back on the winner
    QVERIFY(desk.playerEdit(0)->text().isEmpty() && desk.playerEdit(1)->text().isEmpty());
    QCOMPARE(desk.scoreEdit(0)->text(), QStringLiteral("121")); // the winner's default

    // Trap 6: a name taken from the list with Down+Enter only fills the field.
    type(QStringLiteral("cat"));
    QTRY_VERIFY(QApplication::activePopupWidget() != nullptr);
    press(Qt::Key_Down);
    press(Qt::Key_Return);
    QCOMPARE(desk.playerEdit(0)->text(), QStringLiteral("Cat Cole (cat-cole)"));
    QCOMPARE(f.games(), 1); // not stored
    QVERIFY(!QApplication::activePopupWidget());
    // g2: cat beats dan 121-40 (the winner's 121 kept): a margin of 81, a skunk (K3): 21 x 1.5 =
    // 31.5 -> 32: 1532 / 1468.
    press(Qt::Key_Tab);
    press(Qt::Key_Tab);
    type(QStringLiteral("Dan Dale"));
    if (QApplication::activePopupWidget())
        press(Qt::Key_Escape);
    press(Qt::Key_Tab);
    type(QStringLiteral("40"));
    press(Qt::Key_Return);
    QCOMPARE(f.games(), 2);
    QCOMPARE(f.rating(QStringLiteral("cat-cole")), QStringLiteral("1532"));
    QCOMPARE(f.rating(QStringLiteral("dan-dale")), QStringLiteral("1468"));

    // Impossible entries are refused and store nothing: the winner's score below the loser's, a
    // member against themself, an unknown name, a score that is no number. (Alt+W: the winner.)
    enterGame(QStringLiteral("eve-east"), QStringLiteral("90"), QStringLiteral("fay-ford"),
              QStringLiteral("121"));
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("below the loser's")));
    QCOMPARE(QApplication::focusWidget(), desk.scoreEdit(0));
    press(Qt::Key_W, Qt::AltModifier);
    enterGame(QStringLiteral("fay-ford"), QStringLiteral("121"), QStringLiteral("fay-ford"),
              QStringLiteral("40"));
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("twice")));
    press(Qt::Key_W, Qt::AltModifier);
    enterGame(QStringLiteral("eve-east"), QStringLiteral("121"), QStringLiteral("Zed"), QStringLiteral("40"));
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("no member")));
    press(Qt::Key_W, Qt::AltModifier);
    enterGame(QStringLiteral("eve-east"), QStringLiteral("x1"), QStringLiteral("fay-ford"),
              QStringLiteral("40"));
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("not a whole number")));
    QCOMPARE(f.games(), 2);

    // g3: eve beats fay 200-40, a score above 121 is asked about first; stored, a margin of 160 is a
    // double skunk (K3): 21 x 2 = 42: 1542 / 1458.
    press(Qt::Key_W, Qt::AltModifier);
    enterGame(QStringLiteral("eve-east"), QStringLiteral("200"), QStringLiteral("fay-ford"),
              QStringLiteral("40"));
    QCOMPARE(f.games(), 2);
    QVERIFY(answer(desk, QStringLiteral("kingsGameQuestion"), true));
    QCOMPARE(f.games(), 3);
    QCOMPARE(f.rating(QStringLiteral("eve-east")), QStringLiteral("1542"));
    QCOMPARE(f.rating(QStringLiteral("fay-ford")), QStringLiteral("1458"));

    // g4: a draw, bob 1487 and cat 1532 at 100-100, asked first: each moves by (R_opp - R) / 25 =
    // 45 / 25 = 1.8 -> 2 (K1): bob 1489, cat 1530.
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    enterGame(QStringLiteral("bob-baker"), QStringLiteral("100"), QStringLiteral("cat-cole"),
              QStringLiteral("100"));
    QVERIFY(answer(desk, QStringLiteral("kingsGameQuestion"), true));
    QCOMPARE(f.games(), 4);
    QCOMPARE(f.rating(QStringLiteral("bob-baker")), QStringLiteral("1489"));
    QCOMPARE(f.rating(QStringLiteral("cat-cole")), QStringLiteral("1530"));

    // A new member joins during the evening: Gil Gray, no rating (1500, 0 games: provisional).
    addMember(desk, QStringLiteral("Gil Gray"), {}, {}, {});
    QCOMPARE(f.store->poolContent(f.pool).players.size(), 7);
    QCOMPARE(f.session->content()->playerName(QStringLiteral("gil-gray")), QStringLiteral("Gil Gray"));
    // g5: gil (provisional) beats ann (rated 1713) 121-90 (K2): ann -6 + (1500 - 1713) / 100 =
    // -8.13 -> -8: 1705; gil 0.2 x (1713 - 1500) + 80 = 122.6 -> 123: 1623.
    press(Qt::Key_W, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    enterGame(QStringLiteral("gil-gray"), QStringLiteral("121"), QStringLiteral("ann"), QStringLiteral("90"));
    QCOMPARE(f.games(), 5);
    QCOMPARE(f.rating(QStringLiteral("ann")), QStringLiteral("1705"));
    QCOMPARE(f.rating(QStringLiteral("gil-gray")), QStringLiteral("1623"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("gil-gray"), QStringLiteral("Provisional")),
             QStringLiteral("yes"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("ann"), QStringLiteral("Provisional")), QString());
    // The change this evening: ann 1700 before g1, 1705 now; gil 1500 -> 1623.
    QCOMPARE(desk.evening(), QDate(2026, 3, 3));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("ann"), eveningColumn(desk)),
             QStringLiteral("+5"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("gil-gray"), eveningColumn(desk)),
             QStringLiteral("+123"));

    // Evening 2.
    press(Qt::Key_V, Qt::AltModifier);
    type(QStringLiteral("2026-03-10"));
    press(Qt::Key_Tab);
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    // g6: dan 1468 beats fay 1458: 21 - 10/25 = 20.6 -> 21: 1489 / 1437.
    enterGame(QStringLiteral("dan-dale"), QStringLiteral("121"), QStringLiteral("fay-ford"),
              QStringLiteral("110"));
    // g7: ann 1705 beats cat 1530: 21 - 175/25 = 14: 1719 / 1516.
    enterGame(QStringLiteral("ann"), QStringLiteral("121"), QStringLiteral("cat-cole"), QStringLiteral("95"));
    // g8: bob 1489 beats eve 1542: 21 + 53/25 = 23.12 -> 23: 1512 / 1519.
    enterGame(QStringLiteral("bob-baker"), QStringLiteral("121"), QStringLiteral("eve-east"),
              QStringLiteral("100"));
    // g9: dan (rated 1489) beats gil (provisional 1623) 121-60 (K2): dan 6 + 134/100 = 7.34 -> 7:
    // 1496; gil 0.2 x (1489 - 1623) - 80 = -106.8 -> -107: 1516.
    enterGame(QStringLiteral("dan-dale"), QStringLiteral("121"), QStringLiteral("gil-gray"),
              QStringLiteral("60"));
    // g10: fay 1437 beats cat 1516: 21 + 79/25 = 24.16 -> 24: 1461 / 1492.
    enterGame(QStringLiteral("fay-ford"), QStringLiteral("121"), QStringLiteral("cat-cole"),
              QStringLiteral("111"));
    QCOMPARE(f.games(), 10);
    const QStringList expected = strings({"ann=1719", "bob-baker=1512", "cat-cole=1492", "dan-dale=1496",
                                          "eve-east=1519", "fay-ford=1461", "gil-gray=1516"});
    for (const QString& pair : expected) {
        const QStringList parts = pair.split(u'=');
        QCOMPARE(f.rating(parts[0]), parts[1]);
        QCOMPARE(ladderCell(desk.ladderModel(), parts[0], QStringLiteral("Rating")), parts[1]);
    }
    // Ranks follow the ratings: ann first, fay last.
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("ann"), QStringLiteral("Rank")),
             QStringLiteral("1"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("fay-ford"), QStringLiteral("Rank")),
             QStringLiteral("7"));
    // The change this evening (the 10th): dan 1468 -> 1496 = +28, ann 1705 -> 1719 = +14, gil -107.
    QCOMPARE(desk.evening(), QDate(2026, 3, 10));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("dan-dale"), eveningColumn(desk)),
             QStringLiteral("+28"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("ann"), eveningColumn(desk)),
             QStringLiteral("+14"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("gil-gray"), eveningColumn(desk)),
             QStringLiteral("-107"));
    // Evening 1 selected: ann 1700 -> 1705 = +5, eve 1500 -> 1542 = +42.
    QVERIFY(desk.selectEvening(QDate(2026, 3, 3)));
    QCOMPARE(desk.evening(), QDate(2026, 3, 3));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("ann"), eveningColumn(desk)),
             QStringLiteral("+5"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("eve-east"), eveningColumn(desk)),
             QStringLiteral("+42"));

    // The evenings in the games tree: two dates, five games each; the skunks and the draw in words.
    QTreeWidget* tree = desk.gamesTree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QCOMPARE(tree->topLevelItem(0)->childCount(), 5);
    QCOMPARE(tree->topLevelItem(1)->childCount(), 5);
    const QTreeWidgetItem* g2 = tree->topLevelItem(0)->child(1);
    QCOMPARE(g2->text(1), QStringLiteral("Cat Cole"));
    QCOMPARE(g2->text(2), QStringLiteral("Dan Dale"));
    QCOMPARE(g2->text(3), QStringLiteral("121–40"));
    QCOMPARE(g2->text(4), QStringLiteral("skunk"));
    QCOMPARE(g2->text(5), QStringLiteral("+32 / -32"));
    QCOMPARE(tree->topLevelItem(0)->child(2)->text(4), QStringLiteral("double skunk"));
    QCOMPARE(tree->topLevelItem(0)->child(2)->text(5), QStringLiteral("+42 / -42"));
    QCOMPARE(tree->topLevelItem(0)->child(3)->text(4), QStringLiteral("draw"));

    // The history of ann, every column in words.
    QVERIFY(desk.selectMember(QStringLiteral("ann")));
    QStandardItemModel* history = desk.historyModel();
    QCOMPARE(history->columnCount(), 10);
    QCOMPARE(history->rowCount(), 3);
    QCOMPARE(history->item(1, 3)->text(), QStringLiteral("Gil Gray")); // opponents by name
    QCOMPARE(history->item(1, 5)->text(), QStringLiteral("90 to 121"));
    QCOMPARE(history->item(1, 6)->text(), QStringLiteral("lost"));
    QCOMPARE(history->item(1, 7)->text(), QStringLiteral("1713"));
    QCOMPARE(history->item(1, 8)->text(), QStringLiteral("-8"));
    QCOMPARE(history->item(1, 9)->text(), QStringLiteral("1705"));
    QVERIFY(desk.selectMember(QStringLiteral("eve-east")));
    QCOMPARE(history->item(0, 6)->text(), QStringLiteral("won, double skunk"));

    // Trap 3: g10 entered again is asked about; cancelled, nothing is stored.
    press(Qt::Key_W, Qt::AltModifier);
    enterGame(QStringLiteral("cat-cole"), QStringLiteral("111"), QStringLiteral("fay-ford"),
              QStringLiteral("121"));
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("below"))); // the winner is the higher score
    press(Qt::Key_W, Qt::AltModifier);
    press(Qt::Key_A, Qt::ControlModifier);
    enterGame(QStringLiteral("fay-ford"), QStringLiteral("121"), QStringLiteral("cat-cole"),
              QStringLiteral("111"));
    QPointer<QMessageBox> question = desk.findChild<QMessageBox*>(QStringLiteral("kingsGameQuestion"));
    QVERIFY(question);
    QVERIFY(question->text().contains(QStringLiteral("entered already as game g10")));
    QVERIFY(answer(desk, QStringLiteral("kingsGameQuestion"), false));
    QCOMPARE(f.games(), 10);
    press(Qt::Key_A, Qt::ControlModifier); // the winner's field: clear what is left of the game
    press(Qt::Key_Delete);

    // Correct g7 in place: the loser's score 95 -> 40 makes it a skunk (K3): 14 x 1.5 = 21: ann
    // 1705 + 21 = 1726, cat 1530 - 21 = 1509; then g10: fay 1437 beats cat 1509: 21 + 72/25 = 23.88
    // -> 24: cat 1485, fay 1461.
    QVERIFY(desk.selectGame(7));
    press(Qt::Key_E, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(tree));
    press(Qt::Key_Return);
    QCOMPARE(desk.correctingGame(), 7);
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    QCOMPARE(desk.playerEdit(0)->text(), QStringLiteral("Ann Ace (ann)"));
    QCOMPARE(desk.scoreEdit(1)->text(), QStringLiteral("95"));
    QCOMPARE(desk.dateEdit()->date(), QDate(2026, 3, 10));
    press(Qt::Key_Tab);
    press(Qt::Key_Tab);
    press(Qt::Key_Tab);
    type(QStringLiteral("40"));
    press(Qt::Key_Return);
    QCOMPARE(desk.correctingGame(), 0);
    QCOMPARE(f.games(), 10);
    const core::PoolContent corrected = f.store->poolContent(f.pool);
    QCOMPARE(corrected.games[6].number, 7); // the same number: its place among the evening's games
    QCOMPARE(corrected.games[6].rows[0].mid(0, 6),
             strings({"g7", "2026-03-10", "ann", "121", "cat-cole", "40"}));
    QCOMPARE(f.rating(QStringLiteral("ann")), QStringLiteral("1726"));
    QCOMPARE(f.rating(QStringLiteral("cat-cole")), QStringLiteral("1485"));
    QCOMPARE(f.rating(QStringLiteral("fay-ford")), QStringLiteral("1461"));
    // Undone, g7 is 121-95 again; redone, 121-40.
    f.session->undoStack()->undo();
    QCOMPARE(f.rating(QStringLiteral("ann")), QStringLiteral("1719"));
    QCOMPARE(f.store->poolContent(f.pool).games[6].rows[0][5], QStringLiteral("95"));
    f.session->undoStack()->redo();
    QCOMPARE(f.rating(QStringLiteral("ann")), QStringLiteral("1726"));
    f.session->undoStack()->undo();
    QCOMPARE(f.rating(QStringLiteral("cat-cole")), QStringLiteral("1492"));

    // Delete g10 (Delete on it in the tree): asked first, cancelled nothing changes; confirmed it
    // is gone and cat is back at 1516; undone it is back as number 10.
    QVERIFY(desk.selectGame(10));
    press(Qt::Key_E, Qt::AltModifier);
    press(Qt::Key_Delete);
    QVERIFY(answer(desk, QStringLiteral("kingsDeleteGameQuestion"), false));
    QCOMPARE(f.games(), 10);
    press(Qt::Key_Delete);
    QVERIFY(answer(desk, QStringLiteral("kingsDeleteGameQuestion"), true));
    QCOMPARE(f.games(), 9);
    QCOMPARE(f.rating(QStringLiteral("cat-cole")), QStringLiteral("1516"));
    f.session->undoStack()->undo();
    QCOMPARE(f.games(), 10);
    QCOMPARE(f.store->poolContent(f.pool).games.back().number, 10);
    QCOMPARE(f.rating(QStringLiteral("cat-cole")), QStringLiteral("1492"));
    f.session->undoStack()->redo();
    QCOMPARE(f.games(), 9);
    f.session->undoStack()->undo();
    QCOMPARE(f.games(), 10);

    // A member named by games cannot be removed: the store's message, nothing removed.
    QVERIFY(desk.selectMember(QStringLiteral("gil-gray")));
    desk.ladderView()->setFocus();
    press(Qt::Key_Delete);
    QVERIFY(answer(desk, QStringLiteral("kingsRemoveMemberQuestion"), true));
    QVERIFY(desk.messageLabel()->text().startsWith(QStringLiteral("Nothing was stored")));
    QCOMPARE(f.store->poolContent(f.pool).players.size(), 7);
    // Corrected: Gil's name, through Enter on the ladder.
    press(Qt::Key_Return);
    QCOMPARE(QApplication::focusWidget(), desk.memberNameEdit());
    press(Qt::Key_A, Qt::ControlModifier);
    type(QStringLiteral("Gil Grey"));
    press(Qt::Key_Return);
    QCOMPARE(f.session->content()->playerName(QStringLiteral("gil-gray")), QStringLiteral("Gil Grey"));
    QCOMPARE(f.rating(QStringLiteral("gil-gray")), QStringLiteral("1516"));

    // Printing: the ladder, then the evening's results (the selected evening), no group ladder.
    QVERIFY(desk.selectEvening(QDate(2026, 3, 10)));
    const std::vector<ui::PrintTable> printed = desk.printTables();
    QCOMPARE(printed.size(), std::size_t(2));
    QVERIFY(printed[0].title.contains(QStringLiteral("Ladder")));
    QCOMPARE(printed[0].table.rows.size(), 7);
    QCOMPARE(printed[0].table.rows[0][1], QStringLiteral("Ann Ace"));
    QCOMPARE(printed[1].table.rows.size(), 5);
    QCOMPARE(printed[1].table.rows[0].mid(1, 4), strings({"Dan Dale", "Fay Ford", "121–110", ""}));
    const QString pdf = f.dir.filePath(QStringLiteral("evening.pdf"));
    QCOMPARE(ui::savePrintTablesPdf(pdf, printed), QString());
    QFile written(pdf);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QVERIFY(written.read(5) == "%PDF-");
    QVERIFY(ui::printTablesHtml(printed).contains(QStringLiteral("Gil Grey")));
}

void TestKingsDesk::groupGamesInSeatOrder()
{
    Fixture f;
    QVERIFY(f.open(SystemKind::Kings, QStringLiteral("Club tables")));
    KingsDesk& desk = *f.desk;
    QTRY_VERIFY(QTest::qWaitForWindowActive(&desk));
    // The documents' knights and peasant (group ratings 1700, 1700, 1500) and a new member.
    addMember(desk, QStringLiteral("Knight A"), QStringLiteral("ka"), {}, {}, QStringLiteral("1700"));
    addMember(desk, QStringLiteral("Knight B"), QStringLiteral("kb"), {}, {}, QStringLiteral("1700"));
    addMember(desk, QStringLiteral("Peasant"), QStringLiteral("p"), {}, {}, QStringLiteral("1500"));
    addMember(desk, QStringLiteral("Quinn"), QStringLiteral("q"), {}, {}, {});
    QCOMPARE(f.store->poolContent(f.pool).players.size(), 4);

    press(Qt::Key_V, Qt::AltModifier);
    type(QStringLiteral("2026-04-07"));
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), desk.groupGameBox());
    press(Qt::Key_Space);
    QVERIFY(desk.groupGameBox()->isChecked());
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    const auto seats = [&](const QStringList& players, const QStringList& scores) {
        for (int s = 0; s < 4; ++s) {
            type(players.value(s));
            if (QApplication::activePopupWidget())
                press(Qt::Key_Escape);
            press(Qt::Key_Tab);
            type(scores.value(s));
            if (s < 3)
                press(Qt::Key_Tab);
        }
        press(Qt::Key_Return);
    };
    // G1, seats A, B, peasant; A wins, B second: the documents' example (K4): A +16, B -4, peasant -12.
    seats(strings({"ka", "kb", "p"}), strings({"121", "100", "90"}));
    QCOMPARE(f.games(), 1);
    QCOMPARE(f.groupRating(QStringLiteral("ka")), QStringLiteral("1716"));
    QCOMPARE(f.groupRating(QStringLiteral("kb")), QStringLiteral("1696"));
    QCOMPARE(f.groupRating(QStringLiteral("p")), QStringLiteral("1488"));
    QCOMPARE(f.rating(QStringLiteral("ka")), QStringLiteral("1500")); // the head-to-head rating stays
    // A group game with two equal scores is refused (places come from the scores).
    seats(strings({"ka", "kb", "p"}), strings({"121", "100", "100"}));
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("different scores")));
    QCOMPARE(f.games(), 1);
    for (int s = 0; s < 4; ++s) {
        desk.playerEdit(s)->clear();
        desk.scoreEdit(s)->clear();
    }
    press(Qt::Key_1, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    // G2, seats A, B, peasant; B wins, A second, from 1716, 1696, 1488 (n - 1 = 2):
    //   B over A: (21 + 20/25) / 2 = 10.9 -> 11, B follows A: (20/50) / 2 = 0.2 -> 0: 11
    //   B over P: (21 - 208/25) / 2 = 6.34 -> 6: 6
    //   A over P: (21 - 228/25) / 2 = 5.94 -> 6, A follows P: (-228/50) / 2 = -2.28 -> -2: 4
    //   B +17, A -11 + 4 = -7, P -10: 1713, 1709, 1478.
    seats(strings({"ka", "kb", "p"}), strings({"100", "121", "90"}));
    QCOMPARE(f.games(), 2);
    QCOMPARE(f.groupRating(QStringLiteral("kb")), QStringLiteral("1713"));
    QCOMPARE(f.groupRating(QStringLiteral("ka")), QStringLiteral("1709"));
    QCOMPARE(f.groupRating(QStringLiteral("p")), QStringLiteral("1478"));
    // G3, four players: seats A 100, B 90, P 121, Q 110 (places P, Q, A, B; n - 1 = 3), from 1709,
    // 1713, 1478, 1500; B follows A, P follows B, Q follows P, A follows Q:
    //   P over Q 21.88/3 -> 7; P over A 30.24/3 -> 10; P over B 30.4/3 -> 10 and P follows B:
    //   (235/50)/3 = 1.57 -> 2: 12; Q over A 29.36/3 -> 10; Q over B 29.52/3 -> 10; A over B 21.16/3 -> 7.
    //   P +29, Q -7 + 20 = +13, A -20 + 7 = -13, B -29 (sum 0): 1507, 1513, 1696, 1684.
    seats(strings({"ka", "kb", "p", "q"}), strings({"100", "90", "121", "110"}));
    QCOMPARE(f.games(), 3);
    QCOMPARE(f.groupRating(QStringLiteral("p")), QStringLiteral("1507"));
    QCOMPARE(f.groupRating(QStringLiteral("q")), QStringLiteral("1513"));
    QCOMPARE(f.groupRating(QStringLiteral("ka")), QStringLiteral("1696"));
    QCOMPARE(f.groupRating(QStringLiteral("kb")), QStringLiteral("1684"));
    QCOMPARE(f.store->poolContent(f.pool).games[2].rows[0],
             strings({"g3", "2026-04-07", "ka", "100", "kb", "90", "p", "121", "q", "110"}));

    // The tree shows the group game in seat order, its winner on its line.
    const QTreeWidgetItem* g3 = desk.gamesTree()->topLevelItem(0)->child(2);
    QCOMPARE(g3->text(1), QStringLiteral("Peasant"));
    QCOMPARE(g3->text(3), QStringLiteral("100, 90, 121, 110"));
    QCOMPARE(g3->text(5), QStringLiteral("-13 / -29 / +29 / +13"));
    QCOMPARE(g3->childCount(), 4);
    QCOMPARE(g3->child(0)->text(1), QStringLiteral("Knight A"));
    QCOMPARE(g3->child(0)->text(2), QStringLiteral("3rd"));
    // The group ladder: the peasant's change this evening 1500 -> 1507 = +7; Quinn +13.
    QCOMPARE(ladderCell(desk.groupLadderModel(), QStringLiteral("q"), QStringLiteral("Rank")),
             QStringLiteral("3"));
    const QString header = eveningColumn(desk, true);
    QCOMPARE(ladderCell(desk.groupLadderModel(), QStringLiteral("p"), header), QStringLiteral("+7"));
    QCOMPARE(ladderCell(desk.groupLadderModel(), QStringLiteral("q"), header), QStringLiteral("+13"));
    QCOMPARE(ladderCell(desk.groupLadderModel(), QStringLiteral("ka"), QStringLiteral("Group rating")),
             QStringLiteral("1696"));
    // Printing a club with group games: the ladder, the evening, the group ladder.
    const std::vector<ui::PrintTable> printed = desk.printTables();
    QCOMPARE(printed.size(), std::size_t(3));
    QVERIFY(printed[2].title.contains(QStringLiteral("Group ladder")));
    QCOMPARE(printed[1].table.rows.size(), 3);
    QVERIFY(printed[1].table.rows[2][2].startsWith(QStringLiteral("Knight A 100 (3rd), Knight B 90 (4th)")));

    // One member list: a head-to-head game in the same club pool (Shift+Tab from the first seat to
    // "Group game", Space leaves group games).
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    press(Qt::Key_Backtab);
    QCOMPARE(QApplication::focusWidget(), desk.groupGameBox());
    press(Qt::Key_Space);
    QVERIFY(!desk.groupGameBox()->isChecked());
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), desk.playerEdit(0));
    enterGame(QStringLiteral("q"), QStringLiteral("121"), QStringLiteral("ka"), QStringLiteral("100"));
    QVERIFY2(f.games() == 4, qPrintable(desk.messageLabel()->text()));
    QCOMPARE(f.groupRating(QStringLiteral("q")), QStringLiteral("1513"));
    QVERIFY(f.rating(QStringLiteral("q")) != QStringLiteral("1500"));
    // The history of Quinn: the group game and the head-to-head one.
    QVERIFY(desk.selectMember(QStringLiteral("q")));
    QCOMPARE(desk.historyModel()->rowCount(), 2);
    QCOMPARE(desk.historyModel()->item(0, 2)->text(), QStringLiteral("group"));
    QCOMPARE(desk.historyModel()->item(0, 6)->text(), QStringLiteral("2nd of 4"));
    QCOMPARE(desk.historyModel()->item(0, 3)->text(),
             QStringLiteral("Knight A 100, Knight B 90, Peasant 121"));
}

void TestKingsDesk::docsExampleImportsAndLadderImportsBack()
{
    Fixture f;
    QVERIFY(f.open(SystemKind::Kings, QStringLiteral("Docs club")));
    KingsDesk& desk = *f.desk;
    const QByteArray players = readExample(QStringLiteral("kc-players.csv"));
    const QByteArray games = readExample(QStringLiteral("kc-games.csv"));
    QVERIFY(!players.isEmpty() && !games.isEmpty());
    // Trap 7: the documents' example (head-to-head and group games in one file) imports into a club.
    const core::PoolChange imported = f.session->importFiles(players, QStringLiteral("kc-players.csv"), games,
                                                             QStringLiteral("kc-games.csv"));
    QVERIFY2(imported.ok(), qPrintable(imported.messages().join(u'\n')));
    QCOMPARE(imported.gamesAdded, 8);
    // The documents' table (docs/kings-cribbage.md): queen 2038 (group 1956) ... servant 1162.
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("queen"), QStringLiteral("Rating")),
             QStringLiteral("2038"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("queen"), QStringLiteral("Rank")),
             QStringLiteral("1"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("newbie"), QStringLiteral("Provisional")),
             QStringLiteral("yes"));
    QCOMPARE(ladderCell(desk.groupLadderModel(), QStringLiteral("queen"), QStringLiteral("Group rating")),
             QStringLiteral("1956"));
    QCOMPARE(ladderCell(desk.groupLadderModel(), QStringLiteral("knight"), QStringLiteral("Group rating")),
             QStringLiteral("1716"));
    // g5 is the draw, g6 the group game: A +16, B -4, peasant -12 (K4, the documents' example).
    QVERIFY(desk.selectGame(6));
    QCOMPARE(desk.gamesTree()->currentItem()->text(5), QStringLiteral("+16 / -4 / -12"));
    QVERIFY(desk.selectGame(5));
    QCOMPARE(desk.gamesTree()->currentItem()->text(4), QStringLiteral("draw"));
    QVERIFY(desk.selectGame(3));
    QCOMPARE(desk.gamesTree()->currentItem()->text(4), QStringLiteral("skunk"));
    // The last evening is 4 March: newbie 1577 -> 1431 = -146.
    QVERIFY(desk.selectEvening(QDate(2026, 3, 4)));
    QVERIFY(
        desk.eveningLabel()->toolTip().contains(QLocale().toString(QDate(2026, 3, 4), QLocale::LongFormat)));
    const QString header = eveningColumn(desk);
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("newbie"), header), QStringLiteral("-146"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("queen"), header), QString());

    // The exported ladder (the table `Export Table...` writes) imports back as a players file: its
    // ratings and games the new pool's starting record, `status` left out.
    const QByteArray ladder = core::tableToCsv(f.session->result().table);
    QVERIFY(ladder.startsWith("player_id,name,rating,games,status,group_rating,group_games\n"));
    const qint64 next = f.store->createPool(SystemKind::Kings, QStringLiteral("Next season"));
    QVERIFY(f.session->setPool(next));
    const core::PoolChange back = f.session->importFiles(ladder, QStringLiteral("ladder.csv"), {}, {});
    QVERIFY2(back.ok(), qPrintable(back.messages().join(u'\n')));
    QCOMPARE(back.playersAdded, 7);
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("queen"), QStringLiteral("Rating")),
             QStringLiteral("2038"));
    QCOMPARE(ladderCell(desk.ladderModel(), QStringLiteral("queen"), QStringLiteral("Games")),
             QStringLiteral("81"));
    QCOMPARE(ladderCell(desk.groupLadderModel(), QStringLiteral("servant"), QStringLiteral("Group rating")),
             QStringLiteral("1336"));
    // A truly unknown column is still refused, naming the file, the line and the column.
    const qint64 third = f.store->createPool(SystemKind::Kings, QStringLiteral("Third"));
    QVERIFY(f.session->setPool(third));
    const core::PoolChange refused =
        f.session->importFiles("player_id,name,colour\nx,Xena,red\n", QStringLiteral("odd.csv"), {}, {});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.defects.front().where, QStringLiteral("odd.csv line 1"));
    QCOMPARE(refused.defects.front().field, QStringLiteral("colour"));
    QCOMPARE(f.store->poolContent(third).players.size(), 0);
}

void TestKingsDesk::searchAndCancelledCorrection()
{
    Fixture f;
    QVERIFY(f.open(SystemKind::Kings, QStringLiteral("Docs club")));
    KingsDesk& desk = *f.desk;
    QVERIFY(f.session
                ->importFiles(readExample(QStringLiteral("kc-players.csv")), QStringLiteral("kc-players.csv"),
                              readExample(QStringLiteral("kc-games.csv")), QStringLiteral("kc-games.csv"))
                .ok());
    QTRY_VERIFY(QTest::qWaitForWindowActive(&desk));
    // The search box filters the ladders by name or id; Escape empties it.
    desk.searchBox()->setFocus();
    type(QStringLiteral("NELL"));
    QCOMPARE(desk.ladderProxy()->rowCount(), 1);
    QCOMPARE(desk.groupLadderView()->model()->rowCount(), 1);
    press(Qt::Key_Escape);
    QCOMPARE(desk.ladderProxy()->rowCount(), 7);
    // A correction begun and cancelled with Escape stores nothing and leaves the form empty.
    QVERIFY(desk.selectGame(3));
    press(Qt::Key_E, Qt::AltModifier);
    press(Qt::Key_Return);
    QCOMPARE(desk.correctingGame(), 3);
    QCOMPARE(desk.playerEdit(0)->text(), QStringLiteral("Sam Servant (servant)"));
    type(QStringLiteral("queen"));
    if (QApplication::activePopupWidget())
        press(Qt::Key_Escape);
    press(Qt::Key_Escape);
    QCOMPARE(desk.correctingGame(), 0);
    QVERIFY(desk.playerEdit(0)->text().isEmpty());
    QCOMPARE(f.store->poolContent(f.pool).games[2].rows[0][2], QStringLiteral("servant"));
    QCOMPARE(f.session->undoStack()->count(), 1); // the import only
    // Another pool selected: the desk starts afresh (no member, no evening of the last pool).
    QVERIFY(desk.selectMember(QStringLiteral("newbie")));
    const qint64 other = f.store->createPool(SystemKind::KingsGroup, QStringLiteral("Tables"));
    QVERIFY(f.session->setPool(other));
    QCOMPARE(desk.ladderModel()->rowCount(), 0);
    QCOMPARE(desk.historyModel()->rowCount(), 0);
    QVERIFY(desk.groupGameBox()->isChecked() && !desk.groupGameBox()->isVisible()); // group games only
    QVERIFY(!desk.ladderTabs()->isTabVisible(0));
}

void TestKingsDesk::screenshotIsNotBlank()
{
    Fixture f;
    QVERIFY(f.open(SystemKind::Kings, QStringLiteral("Docs club")));
    QVERIFY(f.session
                ->importFiles(readExample(QStringLiteral("kc-players.csv")), QStringLiteral("kc-players.csv"),
                              readExample(QStringLiteral("kc-games.csv")), QStringLiteral("kc-games.csv"))
                .ok());
    QVERIFY(f.desk->selectMember(QStringLiteral("newbie")));
    QCOMPARE(f.desk->size(), QSize(1260, 640));
    QTest::qWait(50); // the layouts take the texts just set, as on screen
    const QImage image = f.desk->grab().toImage();
    QCOMPARE(image.size(), QSize(1260, 640) * image.devicePixelRatio());
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
    const QString path = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-kingsdesk.png"));
    QVERIFY(image.save(path));
    qInfo("screenshot: %s", qPrintable(path));
    // Nothing scrolls sideways at 1260x640: the tree's and the ladder's columns fit.
    QVERIFY(!f.desk->ladderView()->horizontalScrollBar()->isVisible());
}

QTEST_MAIN(TestKingsDesk)
#include "tst_kingsdesk.moc"
