// The Diplomacy Squares desk (widgets/pools/squaresdesk.h) driven by keyboard as a tournament
// director would: a 14-player tournament, round 1's two boards typed power by power (a draw and a
// solo), the scores and standings checked by hand against DECISIONS S1-S5; Enter never saving a
// board (a 2-power board is asked about, never taken), the same player on two boards of one round
// refused naming the board, a wrong row cleared before saving, a board corrected in place and
// deleted, each undone and redone; the standings after round 1 and after round 2; the round drawn
// for new opponents and powers; the best countries; the docs' example imported and its table
// reproduced; a board typed and not saved never dropped when the pool changes. Every keystroke sent
// is printed ("keys: ..."). A screenshot at 1260x640 is saved under the temporary directory.
#include "../common/imagecheck.h"
#include "../common/keyboard.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "core/systems/systems.h"
#include "models/pools/poolsession.h"
#include "widgets/pools/squaresdesk.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>
#include <memory>

using namespace flickdesk;
using core::SystemKind;
using ui::PoolSession;
using ui::SquaresDesk;

namespace {

enum Power { Austria, England, France, Germany, Italy, Russia, Turkey };

QWidget* focused()
{
    return QApplication::focusWidget();
}

// Keys as typed, printed (tests/common/keyboard.h).
using testing::press;
using testing::type;

// Types a whole power's row from its player field: player Enter centres Enter (year Enter).
void row(const QString& player, int centres, const QString& year = QString())
{
    type(player);
    press(Qt::Key_Return);
    type(QString::number(centres));
    press(Qt::Key_Return);
    if (centres == 0) {
        type(year);
        press(Qt::Key_Return);
    }
}

// The question box `name` the desk opened (null when none is open).
QMessageBox* question(const QWidget& desk, const QString& name)
{
    for (QMessageBox* box : desk.findChildren<QMessageBox*>(name)) {
        if (box->isVisible())
            return box;
    }
    return nullptr;
}

// Answers the open question `name` with its button `button` ("yesButton" or "cancelButton") and
// returns the question's text.
QString answer(QWidget& desk, const QString& name, const char* button)
{
    QMessageBox* box = nullptr;
    [&] { QTRY_VERIFY((box = question(desk, name)) != nullptr); }();
    if (!box)
        return {};
    const QString text = box->text();
    auto* choice = box->findChild<QPushButton*>(QLatin1String(button));
    if (!choice)
        return text;
    qInfo().noquote() << "answer:" << button << "to" << name;
    choice->click();
    // The box closed, the desk's window is active again (as the window manager would make it).
    desk.activateWindow();
    [&] { QVERIFY(QTest::qWaitForWindowActive(&desk)); }();
    return text;
}

// The standings as the desk shows them: column `column` of every row, in order.
QStringList standingsColumn(const SquaresDesk& desk, int column)
{
    QStringList values;
    for (int r = 0; r < desk.standingsModel()->rowCount(); ++r)
        values.append(desk.standingsModel()->item(r, column)->text());
    return values;
}

// A power's row of a board shown: {player, centres, eliminated, result, place, score}.
QStringList boardSeat(const SquaresDesk& desk, const QString& board, const QString& power)
{
    const QStandardItemModel* model = desk.boardsModel();
    for (int b = 0; b < model->rowCount(); ++b) {
        const QStandardItem* top = model->item(b, 0);
        if (top->text() != QStringLiteral("Board ") + board)
            continue;
        for (int s = 0; s < top->rowCount(); ++s) {
            if (top->child(s, 0)->text() == power)
                return {top->child(s, 1)->text(), top->child(s, 3)->text(), top->child(s, 4)->text(),
                        top->child(s, 5)->text(), top->child(s, 6)->text(), top->child(s, 7)->text()};
        }
    }
    return {};
}

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString examplePath(const QString& name)
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../docs/examples/")).filePath(name);
}

QStringList seat(const QString& game, int round, const QString& player, const QString& power, int centres,
                 const QString& year = QString())
{
    return {game, QString::number(round), player, power, QString::number(centres), year};
}

} // namespace

class TestSquaresDesk : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void tournamentByKeyboard();
    void unsavedBoardIsNeverDropped();
    void boardCheckedAsAWhole();
    void docsExampleImports();

private:
    // A database with pool "Autumn Squares" of players 1..14 ("Player 1" ...).
    qint64 makePool(core::Store& store, const QString& name, int players);
};

void TestSquaresDesk::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

qint64 TestSquaresDesk::makePool(core::Store& store, const QString& name, int players)
{
    const qint64 pool = store.createPool(SystemKind::Squares, name);
    for (int p = 1; p <= players; ++p) {
        const core::PoolChange change =
            store.addPoolPlayer(pool, {QString::number(p), QStringLiteral("Player %1").arg(p)});
        if (!change.ok())
            qWarning("%s", qPrintable(change.messages().join(QLatin1Char(' '))));
    }
    return pool;
}

void TestSquaresDesk::tournamentByKeyboard()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("squares.sqlite")));
    QVERIFY(store);
    const qint64 pool = makePool(*store, QStringLiteral("Autumn Squares"), 14);
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    SquaresDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));
    desk.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&desk));
    QVERIFY(desk.shows(SystemKind::Squares));
    QVERIFY(!desk.shows(SystemKind::Acf));

    // The form offers round 1 and its first board's id; the seven powers are listed.
    QCOMPARE(desk.roundEdit()->value(), 1);
    QCOMPARE(desk.boardEdit()->text(), QStringLiteral("R1B1"));
    for (int p = 0; p < SquaresDesk::kPowers; ++p)
        QVERIFY(desk.playerEdit(p)->isVisible());

    // ---- Board R1B1, a draw. The director clicks into Austria's player and types on.
    desk.playerEdit(Austria)->setFocus();
    QCOMPARE(focused(), desk.playerEdit(Austria));
    type(QStringLiteral("1"));
    press(Qt::Key_Return);
    QCOMPARE(focused(), desk.centresEdit(Austria)); // Enter moves on
    type(QStringLiteral("10"));
    press(Qt::Key_Return);
    QCOMPARE(focused(), desk.playerEdit(England)); // 10 centres: no year to give
    type(QStringLiteral("2"));
    press(Qt::Key_Return);
    type(QStringLiteral("8"));
    press(Qt::Key_Return);
    // Trap 4: Enter after the second power saved a 2-power board. Here nothing is stored.
    QCOMPARE(focused(), desk.playerEdit(France));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));
    QVERIFY(desk.hasUnsavedBoard());

    // Save Board on two powers is asked about, never taken silently; Cancel stores nothing.
    press(Qt::Key_Return, Qt::ControlModifier);
    const QString shortText = answer(desk, QStringLiteral("squaresShortBoardQuestion"), "cancelButton");
    QVERIFY2(shortText.contains(QStringLiteral("2 powers")), qPrintable(shortText));
    QVERIFY(shortText.contains(QStringLiteral("France, Germany, Italy, Russia, Turkey")));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));
    QCOMPARE(session.undoStack()->count(), 0);

    desk.playerEdit(France)->setFocus();
    row(QStringLiteral("3"), 6);
    // A wrong row: player 13 on Germany. Ctrl+Delete clears it before the board is saved.
    QCOMPARE(focused(), desk.playerEdit(Germany));
    type(QStringLiteral("13"));
    press(Qt::Key_Return);
    type(QStringLiteral("4"));
    press(Qt::Key_Delete, Qt::ControlModifier);
    QCOMPARE(desk.playerEdit(Germany)->text(), QString());
    QCOMPARE(desk.centresEdit(Germany)->text(), QString());
    QCOMPARE(focused(), desk.playerEdit(Germany));
    row(QStringLiteral("4"), 0, QStringLiteral("1907"));
    row(QStringLiteral("5"), 0, QStringLiteral("1905"));
    row(QStringLiteral("6"), 0, QStringLiteral("1909"));
    row(QStringLiteral("7"), 0, QStringLiteral("1908"));
    QCOMPARE(focused(), desk.playerEdit(Austria)); // Enter after Turkey goes round, never saves
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));
    QCOMPARE(desk.nameLabel(Turkey)->text(), QStringLiteral("Player 7"));
    press(Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(question(desk, QStringLiteral("squaresShortBoardQuestion")), nullptr); // seven powers
    core::PoolContent stored = store->poolContent(pool);
    QCOMPARE(stored.games.size(), std::size_t(1));
    QCOMPARE(stored.games[0].rows,
             (QList<QStringList>{
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("1"), QStringLiteral("Austria"), 10),
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("2"), QStringLiteral("England"), 8),
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("3"), QStringLiteral("France"), 6),
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("4"), QStringLiteral("Germany"), 0,
                      QStringLiteral("1907")),
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("5"), QStringLiteral("Italy"), 0,
                      QStringLiteral("1905")),
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("6"), QStringLiteral("Russia"), 0,
                      QStringLiteral("1909")),
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("7"), QStringLiteral("Turkey"), 0,
                      QStringLiteral("1908"))}));
    QCOMPARE(session.undoStack()->count(), 1);
    QVERIFY(!desk.hasUnsavedBoard());
    // The form is ready for the next board of the same round (the round is kept).
    QCOMPARE(desk.roundEdit()->value(), 1);
    QCOMPARE(desk.boardEdit()->text(), QStringLiteral("R1B2"));
    QCOMPARE(desk.playerEdit(Austria)->text(), QString());
    QCOMPARE(focused(), desk.playerEdit(Austria));

    // S1 by hand: Σc² = 10² + 8² + 6² = 100 + 64 + 36 = 200; 100·100/200 = 50, 100·64/200 = 32,
    // 100·36/200 = 18; the four eliminated powers score 0.
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("Austria")),
             (QStringList{QStringLiteral("1"), QStringLiteral("10"), QString(), QStringLiteral("draw"),
                          QStringLiteral("1"), QStringLiteral("50.00")}));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("England")).value(5),
             QStringLiteral("32.00"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("France")).value(5),
             QStringLiteral("18.00"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("Russia")),
             (QStringList{QStringLiteral("6"), QStringLiteral("0"), QStringLiteral("1909"),
                          QStringLiteral("eliminated"), QStringLiteral("=4"), QStringLiteral("0.00")}));

    // ---- Board R1B2, a solo. Player 1 sits on board R1B1: refused, naming that board.
    row(QStringLiteral("1"), 18);
    row(QStringLiteral("9"), 6);
    row(QStringLiteral("10"), 5);
    row(QStringLiteral("11"), 3);
    // Italy: 2 centres and a year by mistake; Russia: player 9 a second time on this board.
    type(QStringLiteral("12"));
    press(Qt::Key_Return);
    type(QStringLiteral("2"));
    press(Qt::Key_Tab); // Tab reaches the year although the power holds centres
    type(QStringLiteral("1906"));
    press(Qt::Key_Return);
    row(QStringLiteral("9"), 0, QStringLiteral("1906"));
    row(QStringLiteral("14"), 0, QStringLiteral("1910"));
    press(Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(1));
    const QString refused = desk.messageLabel()->text();
    QVERIFY2(refused.contains(QStringLiteral("Player 1 plays on board R1B1 of round 1 already (Austria)")),
             qPrintable(refused));
    QVERIFY2(refused.contains(QStringLiteral("Italy holds 2 centres")), qPrintable(refused));
    QVERIFY2(refused.contains(QStringLiteral("Player 9 plays England on this board already")),
             qPrintable(refused));
    QCOMPARE(desk.markedFields(),
             (QStringList{QStringLiteral("squaresPlayer_Austria"), QStringLiteral("squaresEliminated_Italy"),
                          QStringLiteral("squaresPlayer_Russia")}));
    QCOMPARE(session.undoStack()->count(), 1);
    // The first field marked has the focus, its text selected: typing replaces it.
    QCOMPARE(focused(), desk.playerEdit(Austria));
    type(QStringLiteral("8"));
    desk.eliminatedEdit(Italy)->setFocus();
    desk.eliminatedEdit(Italy)->selectAll();
    press(Qt::Key_Delete);
    desk.playerEdit(Russia)->setFocus();
    desk.playerEdit(Russia)->selectAll();
    type(QStringLiteral("13"));
    press(Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(2));
    QVERIFY2(desk.messageLabel()->text().contains(QStringLiteral("Board R1B2 of round 1 saved (7 powers)")),
             qPrintable(desk.messageLabel()->text()));
    QVERIFY(desk.markedFields().isEmpty());
    // S1: a solo scores 100 for the winner, 0 for everyone else; S2 classes.
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B2"), QStringLiteral("Austria")).value(5),
             QStringLiteral("100.00"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B2"), QStringLiteral("Austria")).value(3),
             QStringLiteral("solo"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B2"), QStringLiteral("England")).value(3),
             QStringLiteral("lost to a solo"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B2"), QStringLiteral("England")).value(5),
             QStringLiteral("0.00"));

    // ---- Standings after round 1, by hand (S5): 8 100; 1 50; 2 32; 3 18. The zeros: 4-7 were
    // eliminated in a drawn game (one drawn game played each), so they stand above 9-14, who played
    // none; among them S4 the later elimination: 6 (1909), 7 (1908), 4 (1907), 5 (1905). 13 and 14
    // were eliminated in the solo, 9-12 survived it (a loss): S2 elimination beats loss, 14 (1910)
    // before 13 (1906); the losses by position: 9 (6 centres, 2nd), 10 (5), 11 (3), 12 (2).
    const QStringList afterRound1{QStringLiteral("8"),  QStringLiteral("1"), QStringLiteral("2"),
                                  QStringLiteral("3"),  QStringLiteral("6"), QStringLiteral("7"),
                                  QStringLiteral("4"),  QStringLiteral("5"), QStringLiteral("14"),
                                  QStringLiteral("13"), QStringLiteral("9"), QStringLiteral("10"),
                                  QStringLiteral("11"), QStringLiteral("12")};
    QCOMPARE(standingsColumn(desk, 1), afterRound1);
    QCOMPARE(standingsColumn(desk, 3).mid(0, 5),
             (QStringList{QStringLiteral("100.00"), QStringLiteral("50.00"), QStringLiteral("32.00"),
                          QStringLiteral("18.00"), QStringLiteral("0.00")}));
    QCOMPARE(
        standingsColumn(desk, 10),
        (QStringList{QString(), QStringLiteral("total"), QStringLiteral("total"), QStringLiteral("total"),
                     QStringLiteral("total"), QStringLiteral("best game"), QStringLiteral("best game"),
                     QStringLiteral("best game"), QStringLiteral("drawn games played"),
                     QStringLiteral("best game"), QStringLiteral("best game"), QStringLiteral("best game"),
                     QStringLiteral("best game"), QStringLiteral("best game")}));
    QCOMPARE(desk.standingsModel()->headerData(6, Qt::Horizontal).toString(), QStringLiteral("Draws"));

    // ---- Correct R1B1 in place: England and France ended with 7 each, not 8 and 6. The board is
    // chosen in the boards' tab by keyboard and Enter loads it.
    desk.tabs()->setCurrentIndex(1);
    desk.boardsView()->setFocus();
    desk.boardsView()->setCurrentIndex(desk.boardsModel()->index(0, 0));
    press(Qt::Key_Return);
    QCOMPARE(desk.editingGame(), stored.games[0].number);
    QCOMPARE(desk.boardEdit()->text(), QStringLiteral("R1B1"));
    QCOMPARE(desk.centresEdit(England)->text(), QStringLiteral("8"));
    QCOMPARE(focused(), desk.playerEdit(Austria));
    press(Qt::Key_Return); // Austria's centres
    press(Qt::Key_Return); // England's player
    press(Qt::Key_Return); // England's centres
    QCOMPARE(focused(), desk.centresEdit(England));
    desk.centresEdit(England)->selectAll();
    type(QStringLiteral("7"));
    press(Qt::Key_Return);
    press(Qt::Key_Return);
    QCOMPARE(focused(), desk.centresEdit(France));
    desk.centresEdit(France)->selectAll();
    type(QStringLiteral("7"));
    press(Qt::Key_Return, Qt::ControlModifier);
    stored = store->poolContent(pool);
    QCOMPARE(stored.games.size(), std::size_t(2));
    QCOMPARE(stored.games[0].number, 1); // kept its number: corrected in place
    QCOMPARE(stored.games[0].rows[1].value(4), QStringLiteral("7"));
    QCOMPARE(session.undoStack()->count(), 3);
    // S1: Σc² = 100 + 49 + 49 = 198; 10000/198 = 50.505 -> 50.51, 4900/198 = 24.747 -> 24.75.
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("Austria")).value(5),
             QStringLiteral("50.51"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("England")).value(5),
             QStringLiteral("24.75"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("England")).value(4),
             QStringLiteral("=2"));
    session.undoStack()->undo();
    QCOMPARE(store->poolContent(pool).games[0].rows[1].value(4), QStringLiteral("8"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("England")).value(5),
             QStringLiteral("32.00"));
    session.undoStack()->redo();
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("England")).value(5),
             QStringLiteral("24.75"));
    session.undoStack()->undo();
    QCOMPARE(standingsColumn(desk, 1), afterRound1);

    // ---- Delete R1B2 after asking (Delete on the board), then Edit > Undo brings it back.
    desk.boardsView()->setFocus();
    desk.boardsView()->setCurrentIndex(desk.boardsModel()->index(1, 0));
    press(Qt::Key_Delete);
    const QString deleteText = answer(desk, QStringLiteral("squaresDeleteQuestion"), "yesButton");
    QVERIFY2(deleteText.contains(QStringLiteral("Delete board R1B2 of round 1")), qPrintable(deleteText));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(1));
    QCOMPARE(desk.boardsModel()->rowCount(), 1);
    session.undoStack()->undo();
    stored = store->poolContent(pool);
    QCOMPARE(stored.games.size(), std::size_t(2));
    QCOMPARE(stored.games[1].number, 2);
    QCOMPARE(standingsColumn(desk, 1), afterRound1);

    // ---- Round 2 drawn: the form's round set to 2, then Draw Boards. Every player seated once,
    // nobody on a power played in round 1 (two boards of seven can always avoid that).
    desk.roundEdit()->setFocus();
    desk.roundEdit()->selectAll();
    type(QStringLiteral("2"));
    press(Qt::Key_Return);
    QCOMPARE(desk.roundEdit()->value(), 2);
    QCOMPARE(desk.boardEdit()->text(), QStringLiteral("R2B1"));
    QVERIFY(desk.drawRound());
    QCOMPARE(desk.drawModel()->rowCount(), 2);
    QSet<QString> drawn;
    QHash<QString, QString> powerInRound1;
    for (const core::PoolGame& game : stored.games) {
        for (const QStringList& r : game.rows)
            powerInRound1.insert(r.value(2), r.value(3));
    }
    for (int b = 0; b < 2; ++b) {
        for (int p = 0; p < SquaresDesk::kPowers; ++p) {
            const QString id = desk.drawModel()->item(b, 1 + p)->data(Qt::UserRole).toString();
            QVERIFY(!id.isEmpty());
            drawn.insert(id);
            QVERIFY2(powerInRound1.value(id) != SquaresDesk::powerName(p), qPrintable(id));
        }
    }
    QCOMPARE(drawn.size(), 14);
    // New opponents, counted here: a round-2 board taking a players from R1B1 and 7 - a from R1B2
    // repeats C(a,2) + C(7-a,2) meetings, at least 3 + 6 = 9 (a = 3 or 4): 18 for the two boards.
    QHash<QString, QString> boardInRound1;
    for (const core::PoolGame& game : stored.games) {
        for (const QStringList& r : game.rows)
            boardInRound1.insert(r.value(2), r.value(0));
    }
    int repeats = 0;
    for (int b = 0; b < 2; ++b) {
        for (int p = 0; p < SquaresDesk::kPowers; ++p) {
            for (int q = p + 1; q < SquaresDesk::kPowers; ++q) {
                const QString a = desk.drawModel()->item(b, 1 + p)->data(Qt::UserRole).toString();
                const QString c = desk.drawModel()->item(b, 1 + q)->data(Qt::UserRole).toString();
                repeats += boardInRound1.value(a) == boardInRound1.value(c) ? 1 : 0;
            }
        }
    }
    QCOMPARE(repeats, 18);
    QVERIFY2(desk.drawSummary()->text().contains(QStringLiteral("Pairs meeting again: 18")),
             qPrintable(desk.drawSummary()->text()));
    QCOMPARE(desk.tabs()->currentIndex(), 3); // the Draw tab shows the proposal
    QVERIFY(desk.drawView()->horizontalScrollBar()->maximum() == 0 ||
            !desk.drawView()->horizontalScrollBar()->isVisible());
    QVERIFY(desk.grab().toImage().save(
        QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-squaresdesk-draw.png"))));
    // The first drawn board is in the form, its players only: centres are the director's to type.
    for (int p = 0; p < SquaresDesk::kPowers; ++p) {
        QCOMPARE(desk.playerEdit(p)->text(), desk.drawModel()->item(0, 1 + p)->data(Qt::UserRole).toString());
        QCOMPARE(desk.centresEdit(p)->text(), QString());
    }
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(2)); // a proposal, nothing stored
    desk.clearButton()->setFocus();
    press(Qt::Key_Space); // Clear
    QCOMPARE(desk.playerEdit(Austria)->text(), QString());

    // Round 2 as it was played (entered in one step; the hand working below follows it).
    // R2B1: 9 A10, 2 E6, 4 F6, 6 G4, 8 I2, 10 R2, 12 T2; R2B2: 11 A10, 1 E6, 3 F6, 5 G4, 7 I2, 13 R2, 14 T2.
    const auto board = [](const QString& id, const QStringList& players) {
        const QList<int> centres{10, 6, 6, 4, 2, 2, 2};
        QList<QStringList> rows;
        for (int p = 0; p < SquaresDesk::kPowers; ++p)
            rows.append(seat(id, 2, players[p], SquaresDesk::powerName(p), centres[p]));
        return rows;
    };
    const core::PoolChange round2 = session.addGames(
        {board(QStringLiteral("R2B1"),
               {QStringLiteral("9"), QStringLiteral("2"), QStringLiteral("4"), QStringLiteral("6"),
                QStringLiteral("8"), QStringLiteral("10"), QStringLiteral("12")}),
         board(QStringLiteral("R2B2"),
               {QStringLiteral("11"), QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("5"),
                QStringLiteral("7"), QStringLiteral("13"), QStringLiteral("14")})},
        QStringLiteral("Add round 2"));
    QVERIFY2(round2.ok(), qPrintable(round2.messages().join(QLatin1Char(' '))));
    QCOMPARE(desk.afterRoundBox()->count(), 2);
    QCOMPARE(desk.afterRoundBox()->currentData().toInt(), 2); // the last round stays chosen

    // After round 2, by hand. S1: Σc² = 100 + 36 + 36 + 16 + 4 + 4 + 4 = 200 on both boards: 50, 18, 18,
    // 8, 2, 2, 2. Totals: 8 100+2 = 102; 1 50+18 = 68; 2 32+18, 9 0+50 and 11 0+50 = 50; 3 36; 4 18;
    // 5 and 6 8; 7, 10, 12, 13, 14 2. S5: at 50 nobody won; 2 played two drawn games, 9 and 11 one,
    // so 2 first at draws; 9 and 11 have equal best games (Austria 10 on alike boards), their second
    // is R1B2's loss, 9 2nd by position, 11 4th: 9 above at the second best game. 5 and 6 have equal
    // best games; their second, R1B1, both eliminated: 6 in 1909, 5 in 1905 (S4). At 2: 7 played two
    // drawn games, the others one; their best games are equal (2 centres, =5th of 3 on alike boards);
    // their second: 14 and 13 eliminated in R1B2 (1910, 1906) above 10 and 12's losses (3rd, 5th).
    QCOMPARE(standingsColumn(desk, 1),
             (QStringList{QStringLiteral("8"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("9"),
                          QStringLiteral("11"), QStringLiteral("3"), QStringLiteral("4"), QStringLiteral("6"),
                          QStringLiteral("5"), QStringLiteral("7"), QStringLiteral("14"),
                          QStringLiteral("13"), QStringLiteral("10"), QStringLiteral("12")}));
    QCOMPARE(standingsColumn(desk, 3),
             (QStringList{QStringLiteral("102.00"), QStringLiteral("68.00"), QStringLiteral("50.00"),
                          QStringLiteral("50.00"), QStringLiteral("50.00"), QStringLiteral("36.00"),
                          QStringLiteral("18.00"), QStringLiteral("8.00"), QStringLiteral("8.00"),
                          QStringLiteral("2.00"), QStringLiteral("2.00"), QStringLiteral("2.00"),
                          QStringLiteral("2.00"), QStringLiteral("2.00")}));
    QCOMPARE(standingsColumn(desk, 10).mid(2, 3),
             (QStringList{QStringLiteral("total"), QStringLiteral("drawn games played"),
                          QStringLiteral("second best game")}));
    QCOMPARE(standingsColumn(desk, 6).value(2), QStringLiteral("2")); // player 2's drawn games

    // After round 1 is still there to choose: the table of round 1 again, by keyboard.
    desk.tabs()->setCurrentIndex(0);
    desk.afterRoundBox()->setFocus();
    press(Qt::Key_Up);
    QCOMPARE(desk.afterRoundBox()->currentData().toInt(), 1);
    QCOMPARE(standingsColumn(desk, 1), afterRound1);
    QVERIFY(desk.printTables().front().title.contains(QStringLiteral("after round 1")));
    press(Qt::Key_Down);
    QCOMPARE(desk.afterRoundBox()->currentData().toInt(), 2);

    // The search box filters the standings.
    desk.searchBox()->setFocus();
    type(QStringLiteral("Player 11"));
    QCOMPARE(desk.standingsView()->model()->rowCount(), 1);
    press(Qt::Key_Escape);
    QCOMPARE(desk.standingsView()->model()->rowCount(), 14);

    // Best countries after round 2: Austria to 8's solo (a win beats any draw, S2); England to 2's
    // 32 in R1B1 (above 1's and 2's 18s and 9's loss).
    QHash<QString, QStringList> best;
    for (int r = 0; r < desk.bestCountriesModel()->rowCount(); ++r)
        best[desk.bestCountriesModel()->item(r, 0)->text()].append(
            desk.bestCountriesModel()->item(r, 1)->text());
    QCOMPARE(best.value(QStringLiteral("Austria")), QStringList{QStringLiteral("8")});
    QCOMPARE(best.value(QStringLiteral("England")), QStringList{QStringLiteral("2")});
    QCOMPARE(best.size(), 7);

    // A board entered twice (the same players, powers and centres as R1B1 under another id, in a
    // round where they do not play yet) is asked about; Cancel stores nothing.
    desk.roundEdit()->setFocus();
    desk.roundEdit()->selectAll();
    type(QStringLiteral("3"));
    press(Qt::Key_Return);
    QCOMPARE(focused(), desk.boardEdit());
    QCOMPARE(desk.boardEdit()->text(), QStringLiteral("R3B1"));
    press(Qt::Key_Return);
    row(QStringLiteral("1"), 10);
    row(QStringLiteral("2"), 8);
    row(QStringLiteral("3"), 6);
    row(QStringLiteral("4"), 0, QStringLiteral("1907"));
    row(QStringLiteral("5"), 0, QStringLiteral("1905"));
    row(QStringLiteral("6"), 0, QStringLiteral("1909"));
    row(QStringLiteral("7"), 0, QStringLiteral("1908"));
    press(Qt::Key_Return, Qt::ControlModifier);
    const QString duplicate = answer(desk, QStringLiteral("squaresDuplicateQuestion"), "cancelButton");
    QVERIFY2(duplicate.contains(QStringLiteral("board R1B1 of round 1")), qPrintable(duplicate));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(4));

    // Printing: the standings after the round chosen, the boards of the round shown, the best countries.
    desk.roundBox()->setCurrentIndex(desk.roundBox()->findData(2));
    const std::vector<ui::PrintTable> printed = desk.printTables();
    QCOMPARE(printed.size(), std::size_t(4));
    QCOMPARE(printed[0].title, QStringLiteral("Standings after round 2"));
    QCOMPARE(printed[0].table.rows.size(), 14);
    QCOMPARE(printed[1].title, QStringLiteral("Round 2, Board R2B1"));
    QCOMPARE(printed[1].table.columns,
             (QStringList{QStringLiteral("Power"), QStringLiteral("Player"), QStringLiteral("Centres"),
                          QStringLiteral("Eliminated"), QStringLiteral("Result"), QStringLiteral("Score")}));
    QCOMPARE(printed[1].table.rows[0],
             (QStringList{QStringLiteral("Austria"), QStringLiteral("Player 9 (9)"), QStringLiteral("10"),
                          QString(), QStringLiteral("draw"), QStringLiteral("50.00")}));
    QCOMPARE(printed[3].title, QStringLiteral("Best countries after round 2"));

    // The screenshot: the desk at 1260x640 shows its tables and form.
    desk.tabs()->setCurrentIndex(0);
    QTest::qWait(20);
    const QImage shot = desk.grab().toImage();
    QCOMPARE(shot.size(), QSize(1260, 640));
    QVERIFY(showsSomething(shot, 8));
    const QString shotPath = QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-squaresdesk.png"));
    QVERIFY(shot.save(shotPath));
    qInfo().noquote() << "screenshot:" << shotPath;
    desk.tabs()->setCurrentIndex(1); // the rounds and boards
    QTest::qWait(20);
    const QImage boards = desk.grab().toImage();
    QVERIFY(showsSomething(boards, 8));
    QVERIFY(boards.save(QDir(QDir::tempPath()).filePath(QStringLiteral("flickdesk-squaresdesk-boards.png"))));
    // Everything visible without scrolling sideways: the form's fields are inside the desk.
    for (int p = 0; p < SquaresDesk::kPowers; ++p) {
        const QRect field(desk.eliminatedEdit(p)->mapTo(&desk, QPoint(0, 0)), desk.eliminatedEdit(p)->size());
        QVERIFY(desk.rect().contains(field));
    }
}

void TestSquaresDesk::unsavedBoardIsNeverDropped()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("squares.sqlite")));
    QVERIFY(store);
    const qint64 pool = makePool(*store, QStringLiteral("Autumn Squares"), 7);
    const qint64 other = makePool(*store, QStringLiteral("Spring Squares"), 7);
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    SquaresDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));
    desk.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&desk));

    // Nothing typed: leaving needs no question.
    bool left = false;
    desk.askToLeave([&] { left = true; });
    QVERIFY(left);

    desk.playerEdit(Austria)->setFocus();
    row(QStringLiteral("1"), 12);
    row(QStringLiteral("2"), 0, QStringLiteral("1905"));
    QVERIFY(desk.hasUnsavedBoard());

    // Switching pools with an unsaved board asks; Cancel keeps the pool and the board.
    desk.askToLeave([&] { session.setPool(other); });
    const QString text = answer(desk, QStringLiteral("squaresUnsavedQuestion"), "cancelButton");
    QVERIFY2(text.contains(QStringLiteral("Board R1B1 of round 1 is not saved (2 powers entered)")),
             qPrintable(text));
    QCOMPARE(session.poolId(), pool);
    QCOMPARE(desk.playerEdit(Austria)->text(), QStringLiteral("1"));

    // Another pool selected without asking (elsewhere): the board is kept for its pool, not dropped.
    QVERIFY(session.setPool(other));
    QCOMPARE(desk.playerEdit(Austria)->text(), QString());
    QVERIFY(!desk.hasUnsavedBoard());
    QVERIFY(session.setPool(pool));
    QCOMPARE(desk.playerEdit(Austria)->text(), QStringLiteral("1"));
    QCOMPARE(desk.eliminatedEdit(England)->text(), QStringLiteral("1905"));
    QVERIFY(desk.hasUnsavedBoard());
    QVERIFY(desk.messageLabel()->text().contains(QStringLiteral("was kept")));

    // Closing the window with the board unsaved asks too; Cancel keeps the window and the board.
    QVERIFY(!desk.close());
    answer(desk, QStringLiteral("squaresUnsavedQuestion"), "cancelButton");
    QVERIFY(desk.isVisible());
    QCOMPARE(desk.playerEdit(Austria)->text(), QStringLiteral("1"));

    // Discarding it, when asked, clears it and leaves.
    desk.askToLeave([&] { session.setPool(other); });
    answer(desk, QStringLiteral("squaresUnsavedQuestion"), "yesButton");
    QCOMPARE(session.poolId(), other);
    QVERIFY(session.setPool(pool));
    QCOMPARE(desk.playerEdit(Austria)->text(), QString());
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));

    // Closing with a board typed, discarded when asked: the window closes, nothing is stored.
    desk.playerEdit(Austria)->setFocus();
    row(QStringLiteral("3"), 9);
    QVERIFY(!desk.close());
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = question(desk, QStringLiteral("squaresUnsavedQuestion"))) != nullptr);
    qInfo().noquote() << "answer: yesButton to squaresUnsavedQuestion";
    box->findChild<QPushButton*>(QStringLiteral("yesButton"))->click();
    QTRY_VERIFY(!desk.isVisible());
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));
}

void TestSquaresDesk::boardCheckedAsAWhole()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("squares.sqlite")));
    QVERIFY(store);
    const qint64 pool = makePool(*store, QStringLiteral("Autumn Squares"), 7);
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    SquaresDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));
    desk.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&desk));

    // Two powers of 20 and 18 centres (38 on a board of 34, two solos), a player not in the pool, and
    // a power with no centre and no year: every fault is listed at once, nothing is stored.
    // Austria's player taken from the completion list: Down and Enter in the list accept the name and
    // move on to the centres, never saving (on the Kings Cribbage desk it once saved the game).
    desk.playerEdit(Austria)->setFocus();
    type(QStringLiteral("Player 1"));
    QCompleter* completer = desk.playerEdit(Austria)->completer();
    QVERIFY(completer);
    QTRY_VERIFY(completer->popup()->isVisible());
    qInfo().noquote() << "keys: Down Return on the completion list";
    QTest::keyClick(completer->popup(), Qt::Key_Down);
    QTest::keyClick(completer->popup(), Qt::Key_Return);
    QCOMPARE(desk.playerEdit(Austria)->text(), QStringLiteral("Player 1 (1)"));
    QCOMPARE(desk.nameLabel(Austria)->text(), QStringLiteral("Player 1"));
    QCOMPARE(focused(), desk.centresEdit(Austria));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));
    type(QStringLiteral("20"));
    press(Qt::Key_Return);
    row(QStringLiteral("2"), 18);
    type(QStringLiteral("99"));
    QCOMPARE(desk.nameLabel(France)->text(), QStringLiteral("not a player of the pool"));
    press(Qt::Key_Return);
    type(QStringLiteral("0"));
    press(Qt::Key_Return);
    QCOMPARE(focused(), desk.eliminatedEdit(France)); // no centre: the year is asked next
    press(Qt::Key_Return, Qt::ControlModifier);
    const QString refused = desk.messageLabel()->text();
    QVERIFY2(refused.contains(QStringLiteral("The powers hold 38 centres in all; the board has 34.")),
             qPrintable(refused));
    QVERIFY2(refused.contains(QStringLiteral("England: a second power with 18 or more centres")),
             qPrintable(refused));
    QVERIFY2(refused.contains(QStringLiteral("France: 99 is not a player of this pool.")),
             qPrintable(refused));
    QVERIFY2(
        refused.contains(QStringLiteral("France ended with no centre: in which year was it eliminated?")),
        qPrintable(refused));
    QCOMPARE(
        desk.markedFields(),
        (QStringList{QStringLiteral("squaresCentres_England"), QStringLiteral("squaresPlayer_France"),
                     QStringLiteral("squaresEliminated_France"), QStringLiteral("squaresCentres_Austria")}));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));
    QCOMPARE(session.undoStack()->count(), 0);

    // France's row cleared, England's centres corrected to 4: a board of two powers, saved only
    // when the director says so.
    QCOMPARE(focused(), desk.centresEdit(England));
    type(QStringLiteral("4"));
    desk.playerEdit(France)->setFocus();
    press(Qt::Key_Delete, Qt::ControlModifier);
    QCOMPARE(desk.playerEdit(France)->text(), QString());
    press(Qt::Key_Return, Qt::ControlModifier);
    answer(desk, QStringLiteral("squaresShortBoardQuestion"), "yesButton");
    const core::PoolContent stored = store->poolContent(pool);
    QCOMPARE(stored.games.size(), std::size_t(1));
    QCOMPARE(stored.games[0].rows,
             (QList<QStringList>{
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("1"), QStringLiteral("Austria"), 20),
                 seat(QStringLiteral("R1B1"), 1, QStringLiteral("2"), QStringLiteral("England"), 4)}));
    // S1: 20 centres are a solo: 100 and 0.
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("Austria")).value(5),
             QStringLiteral("100.00"));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1B1"), QStringLiteral("England")).value(5),
             QStringLiteral("0.00"));
    QCOMPARE(desk.boardEdit()->text(), QStringLiteral("R1B2"));
}

void TestSquaresDesk::docsExampleImports()
{
    QTemporaryDir temp;
    auto store = testing::openStore(temp.filePath(QStringLiteral("squares.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Squares, QStringLiteral("Docs example"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    SquaresDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));
    desk.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&desk));

    const QByteArray players = readBytes(examplePath(QStringLiteral("squares-players.csv")));
    const QByteArray games = readBytes(examplePath(QStringLiteral("squares-games.csv")));
    QVERIFY(!players.isEmpty() && !games.isEmpty());
    const core::PoolChange change = session.importFiles(players, QStringLiteral("squares-players.csv"), games,
                                                        QStringLiteral("squares-games.csv"));
    QVERIFY2(change.ok(), qPrintable(change.messages().join(QLatin1Char(' '))));

    // docs/squares.md, "Worked example": the table after the last round, as the document prints it.
    const QStringList expected{QStringLiteral("1,1,Ana Kovac,105.33,2,1,1,100.00,5.33,,"),
                               QStringLiteral("2,8,Hamish Reid,60.00,2,0,2,48.00,12.00,,total"),
                               QStringLiteral("3,9,Ines Duarte,33.33,2,0,2,33.33,0.00,,total"),
                               QStringLiteral("4,5,Erin O'Neill,33.33,2,0,1,33.33,0.00,,draws"),
                               QStringLiteral("5,6,Felix Braun,33.33,2,0,1,33.33,0.00,,second"),
                               QStringLiteral("6,7,Grace Liu,21.33,2,0,1,21.33,0.00,,total"),
                               QStringLiteral("7,10,Jonah Cole,12.00,2,0,2,12.00,0.00,,total"),
                               QStringLiteral("8,2,Ben Walsh,1.33,2,0,1,1.33,0.00,,total"),
                               QStringLiteral("9,3,Chloe Martin,0.00,3,0,2,0.00,0.00,0.00,total"),
                               QStringLiteral("10,4,Dev Patel,0.00,2,0,1,0.00,0.00,,draws")};
    QCOMPARE(desk.afterRoundBox()->currentData().toInt(), 3);
    QCOMPARE(desk.standingsModel()->rowCount(), expected.size());
    const QHash<QString, QString> words{{QString(), QString()},
                                        {QStringLiteral("total"), QStringLiteral("total")},
                                        {QStringLiteral("draws"), QStringLiteral("drawn games played")},
                                        {QStringLiteral("second"), QStringLiteral("second best game")}};
    for (int r = 0; r < expected.size(); ++r) {
        QStringList fields = expected[r].split(QLatin1Char(','));
        fields[10] = words.value(fields[10], QStringLiteral("?"));
        QStringList shown;
        for (int c = 0; c < 11; ++c)
            shown.append(desk.standingsModel()->item(r, c)->text());
        QCOMPARE(shown, fields);
    }
    // The rounds and boards: R1's solo by France, player 3's Germany a loss.
    QCOMPARE(desk.roundBox()->count(), 3);
    desk.roundBox()->setCurrentIndex(0);
    QCOMPARE(desk.boardsModel()->rowCount(), 1);
    QVERIFY2(desk.boardsModel()->item(0, 5)->text().contains(QStringLiteral("solo by France")),
             qPrintable(desk.boardsModel()->item(0, 5)->text()));
    QCOMPARE(boardSeat(desk, QStringLiteral("R1"), QStringLiteral("Germany")),
             (QStringList{QStringLiteral("3"), QStringLiteral("5"), QString(),
                          QStringLiteral("lost to a solo"), QStringLiteral("3"), QStringLiteral("0.00")}));
    // After round 1 only the solo counts: 1 has 100, everyone else 0.
    desk.afterRoundBox()->setCurrentIndex(0);
    QCOMPARE(desk.standingsModel()->item(0, 1)->text(), QStringLiteral("1"));
    QCOMPARE(desk.standingsModel()->item(0, 3)->text(), QStringLiteral("100.00"));
    QCOMPARE(desk.standingsModel()->rowCount(), 7);
    // The import is one step: undone, the pool is empty again.
    session.undoStack()->undo();
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(0));
    QCOMPARE(desk.standingsModel()->rowCount(), 0);
}

QTEST_MAIN(TestSquaresDesk)
#include "tst_squaresdesk.moc"
