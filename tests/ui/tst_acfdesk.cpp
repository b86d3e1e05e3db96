// The ACF checkers desk of the Pools tab (widgets/pools/acfdesk), driven by keyboard as a ratings
// processor enters an event: the events chosen from a list (a lookalike name questioned, issue 27
// trap 5), pairings as their round's result, corrections in place, deletes, undo and redo, the
// event's report checked by hand against DECISIONS A1-A4, and the docs' example imported.
#include "../common/keyboard.h"
#include "../common/storefixtures.h"
#include "core/store/poolstore.h"
#include "core/store/store.h"
#include "models/pools/poolsession.h"
#include "widgets/pools/acfdesk.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSet>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace flickdesk;
using core::SystemKind;
using ui::AcfDesk;
using ui::PoolSession;

namespace {

QString focusName()
{
    QWidget* focus = QApplication::focusWidget();
    return focus ? focus->objectName() : QString();
}

// Every keystroke the flow sends, printed (tests/common/keyboard.h; issue 27: the flow test prints
// its keystrokes).
using testing::type;

// A crosstable cell's editor commits its cell by a queued call: the events are processed after a
// key there, as a window system's event loop would before the next key.
void press(Qt::Key key)
{
    const bool cell = QApplication::focusWidget() &&
                      QApplication::focusWidget()->objectName() == QLatin1String("acfCrosstableCell");
    testing::press(key);
    if (cell)
        QCoreApplication::processEvents();
}

// The box asked `name` (askFirst), answered by its "yesButton" or "cancelButton".
bool answer(QWidget* parent, const QString& name, const char* button)
{
    QMessageBox* box = nullptr;
    for (int i = 0; i < 100 && !box; ++i) {
        QCoreApplication::processEvents();
        box = parent->findChild<QMessageBox*>(name);
        if (!box)
            QTest::qWait(10);
    }
    if (!box)
        return false;
    qInfo().noquote() << "answer:" << name << button;
    auto* b = box->findChild<QAbstractButton*>(QLatin1String(button));
    if (!b)
        return false;
    b->click();
    QCoreApplication::processEvents();
    return true;
}

// Shift+Tab back to the round (after a question was answered the focus is in the result).
void backToRound(QWidget& desk)
{
    if (!QApplication::focusWidget()) {
        desk.activateWindow(); // the question's box has closed
        if (!QTest::qWaitForWindowActive(&desk))
            qWarning("the desk is not active");
    }
    qInfo().noquote() << "focus after the question:" << focusName();
    for (int i = 0; i < 4 && QApplication::focusWidget() &&
                    QApplication::focusWidget()->objectName() != QLatin1String("acfRound");
         ++i) {
        QWidget* focus = QApplication::focusWidget();
        qInfo().noquote() << "keys: Shift+Tab in" << focus->objectName();
        QTest::keyClick(focus, Qt::Key_Backtab, Qt::ShiftModifier);
    }
}

// One pairing as the desk's keys enter it: round (Enter), A (Enter), B (Enter), result (Enter).
void enterPairing(int round, const QString& a, const QString& b, const QString& result)
{
    auto* focus = qobject_cast<QSpinBox*>(QApplication::focusWidget());
    QVERIFY2(focus && focus->objectName() == QLatin1String("acfRound"), "the round has the focus");
    focus->selectAll();
    type(QString::number(round));
    press(Qt::Key_Return);
    type(a);
    press(Qt::Key_Escape); // closes the completion's list, the typed id stays
    press(Qt::Key_Return);
    type(b);
    press(Qt::Key_Escape);
    press(Qt::Key_Return);
    type(result);
    press(Qt::Key_Return);
}

// The report's row of a player (by the name shown), joined with commas.
QString reportRow(const AcfDesk& desk, const QString& player)
{
    for (const QStringList& row : desk.eventReport().rows) {
        if (row.value(0) == player)
            return row.join(u',');
    }
    return {};
}

QString ratingOf(const AcfDesk& desk, const QString& id)
{
    for (const QStringList& row : desk.ratingList().rows) {
        if (row.value(1) == id)
            return row.value(2);
    }
    return {};
}

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Opens the New Event dialog with Alt+N and fills it by keyboard: name, Tab, date, Tab, scoring.
QDialog* newEvent(AcfDesk& desk, const QString& name, const QString& date, bool byGame)
{
    // Tab round to the New Event button, Space presses it.
    if (!QApplication::focusWidget()) {
        desk.activateWindow(); // a question's box has closed
        if (!QTest::qWaitForWindowActive(&desk))
            qWarning("the desk is not active");
    }
    if (!QApplication::focusWidget())
        desk.findChild<QComboBox*>(QStringLiteral("acfEvent"))->setFocus();
    for (int i = 0; i < 12 && QApplication::focusWidget()->objectName() != QLatin1String("acfNewEvent"); ++i)
        press(Qt::Key_Tab);
    press(Qt::Key_Space);
    QDialog* dialog = nullptr;
    for (int i = 0; i < 100 && !dialog; ++i) {
        QCoreApplication::processEvents();
        dialog = desk.findChild<QDialog*>(QStringLiteral("acfNewEventDialog"));
    }
    if (!dialog)
        return nullptr;
    if (!QTest::qWaitForWindowActive(dialog))
        qWarning("the New Event dialog is not active");
    dialog->findChild<QLineEdit*>(QStringLiteral("acfNewEventName"))->setFocus();
    type(name);
    press(Qt::Key_Tab);
    // Tab selects the year of the date editor; a full year, month or day moves on to the next.
    type(QString(date).remove(QLatin1Char('-'))); // each full section moves on to the next
    press(Qt::Key_Tab);                           // leaves the date at once (trap 1)
    if (byGame)
        press(Qt::Key_Down);
    // Trap 5: a scoring of "r" cannot be given: the scoring is one of two, chosen, never typed.
    auto* scoring = qobject_cast<QComboBox*>(QApplication::focusWidget());
    if (!scoring || scoring->isEditable() || scoring->count() != 2)
        return nullptr;
    const int chosen = scoring->currentIndex();
    type(QStringLiteral("r"));
    if (scoring->currentIndex() != chosen || scoring->currentData().toBool() != byGame)
        return nullptr;
    press(Qt::Key_Return);
    return dialog;
}

} // namespace

class TestAcfDesk : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eventByKeyboard();
    void docsExample();
    void crosstable();
    void players();
};

void TestAcfDesk::eventByKeyboard()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    auto store = testing::openStore(temp.filePath(QStringLiteral("acf.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Acf, QStringLiteral("Checkers club"));
    QVERIFY(pool > 0);
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    // Eight players: Ada with a peak far above her rating, the others with records of every kind.
    const QByteArray players = "player_id,name,rating,games,peak,rounds\n"
                               "1,Ada,2000,200,2150,60\n"
                               "2,Bo,1600,128,1600,40\n"
                               "3,Cy,1800,40,1800,10\n"
                               "4,Di,1500,128,1500,30\n"
                               "5,Ed,,,,\n"
                               "6,Fay,1700,128,1700,20\n"
                               "7,Gus,1400,60,1450,14\n"
                               "8,Hal,,,,\n";
    QVERIFY(session.importFiles(players, QStringLiteral("players.csv"), {}, {}).ok());

    AcfDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));
    QVERIFY(desk.events().isEmpty());

    // ---- a new event, scored by four-game rounds (window 400)
    QDialog* dialog = newEvent(desk, QStringLiteral("Club Open"), QStringLiteral("2026-03-07"), false);
    QVERIFY(dialog);
    QTRY_COMPARE(desk.currentEvent(), QStringLiteral("Club Open"));
    QCOMPARE(desk.events().size(), 1);
    QCOMPARE(desk.events().first().byGame, false);
    QCOMPARE(desk.events().first().date, QDate(2026, 3, 7));
    QTRY_COMPARE(focusName(), QStringLiteral("acfRound"));

    // Bad values cannot be typed: "round" in the result of a four-game round keeps only its "d"
    // (a draw), which is not a whole round, and nothing is stored.
    enterPairing(1, QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("round"));
    auto* result = desk.findChild<QLineEdit*>(QStringLiteral("acfResult"));
    QCOMPARE(result->text(), QStringLiteral("d"));
    QVERIFY(desk.messageText().contains(QStringLiteral("add up to 4")));
    QVERIFY(store->poolContent(pool).games.empty());
    result->selectAll();
    type(QStringLiteral("0 3 1"));
    press(Qt::Key_Return);
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(1));
    QCOMPARE(QApplication::focusWidget()->objectName(),
             QStringLiteral("acfRound")); // back to the first field

    // Round 1 and round 2: each pairing's result as A's wins, losses and draws.
    enterPairing(1, QStringLiteral("Cy"), QStringLiteral("Di"), QStringLiteral("2 1 1"));
    enterPairing(1, QStringLiteral("5"), QStringLiteral("6"), QStringLiteral("1 1 2"));
    enterPairing(1, QStringLiteral("7"), QStringLiteral("8"), QStringLiteral("WWWD"));
    enterPairing(2, QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("2 2 0"));
    enterPairing(2, QStringLiteral("2"), QStringLiteral("4"), QStringLiteral("1 2 1"));
    enterPairing(2, QStringLiteral("5"), QStringLiteral("7"), QStringLiteral("4 0 0"));
    enterPairing(2, QStringLiteral("6"), QStringLiteral("8"), QStringLiteral("2 0 2"));
    core::PoolContent content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(8));
    for (const core::PoolGame& game : content.games)
        QCOMPARE(game.rows.size(), 4); // DECISIONS A1: a stored pairing is its round's four games
    // Cy - Di "2 1 1": two wins, a loss, a draw from Cy's side.
    QCOMPARE(content.games[1].rows[0].join(u','), QStringLiteral("Club Open,2026-03-07,round,1,3,4,1-0"));
    QCOMPARE(content.games[1].rows[2].join(u','), QStringLiteral("Club Open,2026-03-07,round,1,3,4,0-1"));
    QCOMPARE(content.games[1].rows[3].join(u','), QStringLiteral("Club Open,2026-03-07,round,1,3,4,1/2-1/2"));
    QCOMPARE(desk.pairingsTable().rows.size(), 8);
    QCOMPARE(desk.pairingsTable().rows[1],
             (QStringList{QStringLiteral("1"), QStringLiteral("Cy (3)"), QStringLiteral("Di (4)"),
                          QStringLiteral("2-1-1"), QStringLiteral("4")}));

    // ---- the report, by hand (window 400, clamp 0.75 x 400 = 300):
    // Ada: lost to Bo (1600 is 400 below her: counts 2000 - 300 = 1700), drew Cy 1800 (200 away):
    //   Rc = 1750, Rp = 1750 + 400 x (0 - 1) / 2 = 1550; (1550 x 8 + 2000 x 128) / 136 = 1973.53, but
    //   with 208 games her floor is min(2150 - 100, 2000) = 2000: held at 2000 (A3, the floor stops a fall).
    QCOMPARE(reportRow(desk, QStringLiteral("Ada")),
             QStringLiteral("Ada,2000,2000,0,1550.0,1750.0,2,8,0-1-1,"));
    // Bo: beat Ada (2000 is 400 above: counts 1600 + 300 = 1900), lost to Di 1500: Rc = Rp = 1700;
    //   the 128-game average: (1700 x 8 + 1600 x 128) / 136 = 1605.88, published 1606.
    QCOMPARE(reportRow(desk, QStringLiteral("Bo")),
             QStringLiteral("Bo,1600,1606,+6,1700.0,1700.0,2,8,1-1-0,"));
    // Cy: beat Di (exactly 300 below: not more than the clamp, counts 1500), drew Ada 2000: Rc = 1750,
    //   Rp = 1750 + 400 / 2 = 1950; only 40 games before: (1950 x 8 + 1800 x 40) / 48 = 1825;
    //   10 + 2 = 12 rated rounds: temporary (A4).
    QCOMPARE(reportRow(desk, QStringLiteral("Cy")),
             QStringLiteral("Cy,1800,1825,+25,1950.0,1750.0,2,8,1-0-1,yes"));
    // Di: lost to Cy (1800), beat Bo (1600): Rc = Rp = 1700; (1700 x 8 + 1500 x 128) / 136 = 1511.76.
    QCOMPARE(reportRow(desk, QStringLiteral("Di")),
             QStringLiteral("Di,1500,1512,+12,1700.0,1700.0,2,8,1-1-0,"));
    // Ed (unrated) drew Fay 1700 and beat Gus 1400: his first rating is his performance against them,
    //   1000 floor only: Rc = 1550, Rp = 1550 + 400 x 1 / 2 = 1750; 2 rounds: temporary (A4).
    QCOMPARE(reportRow(desk, QStringLiteral("Ed")),
             QStringLiteral("Ed,unrated,1750,first rating,1750.0,1550.0,2,8,1-0-1,yes"));
    // Fay played only the unrated Ed and Hal, Gus only Hal and Ed (unrated before the event): nothing
    // counts for them (A4), their ratings stay; Gus keeps 14 rounds: temporary.
    QCOMPARE(reportRow(desk, QStringLiteral("Fay")), QStringLiteral("Fay,1700,1700,0,,,0,0,0-0-0,"));
    QCOMPARE(reportRow(desk, QStringLiteral("Gus")), QStringLiteral("Gus,1400,1400,0,,,0,0,0-0-0,yes"));
    // Hal lost both rounds to rated players: no draw, no rating.
    QCOMPARE(reportRow(desk, QStringLiteral("Hal")), QStringLiteral("Hal,unrated,unrated,,,,2,8,0-2-0,"));
    QCOMPARE(desk.eventReport().rows.size(), 8);
    QCOMPARE(ratingOf(desk, QStringLiteral("3")), QStringLiteral("1825"));

    // ---- duplicates: Ada - Bo "0 3 1" again in round 3 is asked about; cancelled, nothing stored
    enterPairing(3, QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("0 3 1"));
    QVERIFY(answer(&desk, QStringLiteral("acfDuplicatePairing"), "cancelButton"));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(8));
    backToRound(desk);
    // The same pairing of a stored round, whatever its result: the store refuses it, the desk says why.
    enterPairing(1, QStringLiteral("4"), QStringLiteral("3"), QStringLiteral("1 1 2"));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(8));
    QVERIFY2(desk.messageText().contains(QStringLiteral("Nothing was stored")),
             qPrintable(desk.messageText()));
    result->clear();

    // ---- a correction in place: Bo - Di (round 2, game 6) was 1 2 1, is 2 1 1
    auto* pairings = desk.findChild<QTableView*>(QStringLiteral("acfPairings"));
    pairings->setFocus();
    pairings->setCurrentIndex(pairings->model()->index(0, 0));
    for (int i = 0; i < 5; ++i)
        press(Qt::Key_Down);
    QCOMPARE(desk.pairingGames().value(pairings->currentIndex().row()), 6);
    press(Qt::Key_Return); // loads the pairing, the result selected
    QCOMPARE(desk.editingGame(), 6);
    type(QStringLiteral("2 1 1"));
    press(Qt::Key_Return);
    QCOMPARE(desk.editingGame(), 0);
    content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(8));
    QCOMPARE(content.games[5].number, 6); // kept its number, so its place
    QCOMPARE(content.games[5].rows[0].join(u','), QStringLiteral("Club Open,2026-03-07,round,2,2,4,1-0"));
    QCOMPARE(content.games[5].rows[1].join(u','), QStringLiteral("Club Open,2026-03-07,round,2,2,4,1-0"));
    // Bo now beat Di too: Rc = (1900 + 1500) / 2 = 1700, Rp = 1700 + 400 = 2100;
    //   (2100 x 8 + 1600 x 128) / 136 = 1629.41.
    QCOMPARE(ratingOf(desk, QStringLiteral("2")), QStringLiteral("1629"));
    session.undoStack()->undo();
    QCOMPARE(ratingOf(desk, QStringLiteral("2")), QStringLiteral("1606"));
    session.undoStack()->redo();
    QCOMPARE(ratingOf(desk, QStringLiteral("2")), QStringLiteral("1629"));
    session.undoStack()->undo();
    QCOMPARE(ratingOf(desk, QStringLiteral("2")), QStringLiteral("1606"));

    // ---- a delete, asked first, and undone: Fay - Hal (game 8)
    pairings->setFocus();
    pairings->setCurrentIndex(pairings->model()->index(7, 0));
    QCOMPARE(desk.pairingGames().value(7), 8);
    press(Qt::Key_Delete);
    QVERIFY(answer(&desk, QStringLiteral("acfDeletePairingConfirmation"), "yesButton"));
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(7));
    QCOMPARE(desk.pairingsTable().rows.size(), 7);
    session.undoStack()->undo();
    content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(8));
    QCOMPARE(content.games.back().number, 8);
    QCOMPARE(desk.pairingsTable().rows.size(), 8);

    // ---- a per-game event (window 670, clamp 502.5)
    QVERIFY(newEvent(desk, QStringLiteral("Blitz Night"), QStringLiteral("2026-03-14"), true));
    QTRY_COMPARE(desk.currentEvent(), QStringLiteral("Blitz Night"));
    QVERIFY(desk.events().last().byGame);
    QTRY_COMPARE(focusName(), QStringLiteral("acfRound"));
    // Three games' letters do not fit a per-game round: the third cannot be typed.
    enterPairing(1, QStringLiteral("1"), QStringLiteral("7"), QStringLiteral("WWW"));
    enterPairing(1, QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("D"));
    enterPairing(2, QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("WD"));
    content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(11));
    QCOMPARE(content.games[8].rows.size(), 2); // "WWW" was taken as WW
    QCOMPARE(content.games[9].rows.size(), 1);
    QCOMPARE(content.games[9].rows[0].join(u','),
             QStringLiteral("Blitz Night,2026-03-14,game,1,2,3,1/2-1/2"));
    // By hand, from the Club Open's full-precision ratings (Bo 1605.88, Cy 1825):
    // Ada: Gus 1400 is 600 below her, more than 502.5: counts 2000 - 502.5 = 1497.5, twice, both won;
    //   Bo 1605.88 twice, a win and a draw: W 3, L 0, N 4; Rc = (2 x 1497.5 + 2 x 1605.88) / 4 = 1551.69,
    //   Rp = 1551.69 + 670 x 3 / 4 = 2054.19; (2054.19 x 4 + 2000 x 128) / 132 = 2001.64: 2002.
    QCOMPARE(reportRow(desk, QStringLiteral("Ada")),
             QStringLiteral("Ada,2000,2002,+2,2054.2,1551.7,2,4,3-0-1,"));
    // Gus: Ada counts 1400 + 502.5 = 1902.5, both lost: Rp = 1902.5 - 670 = 1232.5;
    //   (1232.5 x 2 + 1400 x 60) / 62 = 1394.60: 1395; 15 rated rounds: still temporary.
    QCOMPARE(reportRow(desk, QStringLiteral("Gus")),
             QStringLiteral("Gus,1400,1395,-5,1232.5,1902.5,1,2,0-2-0,yes"));
    // Bo: Cy 1825 (a draw), Ada 2000 (a loss, a draw): Rc = 1941.67, Rp = 1941.67 - 670 / 3 = 1718.33;
    //   (1718.33 x 3 + 1605.88 x 128) / 131 = 1608.46: 1608.
    QCOMPARE(reportRow(desk, QStringLiteral("Bo")),
             QStringLiteral("Bo,1606,1608,+2,1718.3,1941.7,2,3,0-1-2,"));
    // Cy: Bo 1605.88, a draw: Rp = 1605.88; (1605.88 + 1825 x 48) / 49 = 1820.53: 1821, temporary.
    QCOMPARE(reportRow(desk, QStringLiteral("Cy")),
             QStringLiteral("Cy,1825,1821,-4,1605.9,1605.9,1,1,0-0-1,yes"));

    // ---- trap 5: "Blitz night" beside "Blitz Night" is questioned; taken, the pairings go into the
    // existing event and no new event is made
    QDialog* lookalike = newEvent(desk, QStringLiteral("Blitz night"), QStringLiteral("2026-03-14"), true);
    QVERIFY(lookalike);
    QVERIFY(answer(lookalike, QStringLiteral("acfLookalikeEvent"), "cancelButton"));
    QVERIFY(lookalike->isVisible()); // still open: another name, or the existing event
    QCOMPARE(desk.events().size(), 2);
    lookalike->activateWindow(); // the question's box has closed: the dialog takes the keys again
    QVERIFY(QTest::qWaitForWindowActive(lookalike));
    press(Qt::Key_Return);
    QVERIFY(answer(lookalike, QStringLiteral("acfLookalikeEvent"), "yesButton"));
    QTRY_VERIFY(!desk.findChild<QDialog*>(QStringLiteral("acfNewEventDialog")));
    QCOMPARE(desk.events().size(), 2);
    QCOMPARE(desk.currentEvent(), QStringLiteral("Blitz Night"));
    QCOMPARE(ui::foldedEventName(QStringLiteral("Blitz  night.")),
             ui::foldedEventName(QStringLiteral("Blitz Night")));
    // The scoring is chosen from two, never typed.
    auto* dialogScoring = newEvent(desk, QStringLiteral("Spring Cup"), QStringLiteral("2026-04-01"), false);
    QVERIFY(dialogScoring);
    QTRY_COMPARE(desk.currentEvent(), QStringLiteral("Spring Cup"));
    QCOMPARE(desk.events().size(), 3);
    QVERIFY(!desk.events().last().stored);

    // ---- printing: the event's report first, the rating list last
    QVERIFY(desk.selectEvent(QStringLiteral("Club Open")));
    const std::vector<ui::PrintTable> tables = desk.printTables();
    QCOMPARE(tables.size(), std::size_t(3));
    QVERIFY(tables.front().title.contains(QStringLiteral("Club Open")));
    QCOMPARE(tables.front().table.rows.size(), 8);
    QCOMPARE(tables.back().table.columns.value(2), QStringLiteral("Rating"));
    QCOMPARE(tables.back().table.rows.size(), 8);
    QVERIFY(!ui::printTablesHtml(tables).isEmpty());
    const QString pdf = temp.filePath(QStringLiteral("club-open.pdf"));
    QCOMPARE(ui::savePrintTablesPdf(pdf, tables), QString());
    QVERIFY(QFileInfo(pdf).size() > 1000);

    // ---- the screenshot at 1260 x 640 is not blank
    const QImage shot = desk.grab().toImage();
    QCOMPARE(shot.size(), QSize(1260, 640));
    QSet<QRgb> colours;
    for (int y = 0; y < shot.height(); y += 7)
        for (int x = 0; x < shot.width(); x += 7)
            colours.insert(shot.pixel(x, y));
    QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
    QVERIFY(shot.save(QDir::temp().filePath(QStringLiteral("flickdesk-acfdesk.png"))));
}

void TestAcfDesk::docsExample()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    auto store = testing::openStore(temp.filePath(QStringLiteral("example.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Acf, QStringLiteral("Example"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    AcfDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));

    const QString examples = QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../docs/examples/");
    const QByteArray players = readBytes(examples + QStringLiteral("acf-players.csv"));
    const QByteArray games = readBytes(examples + QStringLiteral("acf-games.csv"));
    QVERIFY(!players.isEmpty() && !games.isEmpty());
    const core::PoolChange change = session.importFiles(players, QStringLiteral("acf-players.csv"), games,
                                                        QStringLiteral("acf-games.csv"));
    QVERIFY2(change.ok(), qPrintable(change.messages().join(u'\n')));
    QCOMPARE(desk.events().size(), 2);
    QCOMPARE(desk.currentEvent(), QStringLiteral("Summer Match")); // the latest
    QVERIFY(desk.selectEvent(QStringLiteral("Spring Open")));
    // docs/acf.md "In the window": the Spring Open's report.
    QCOMPARE(
        desk.eventReport().rows,
        (QList<QStringList>{
            {QStringLiteral("Ann Archer"), QStringLiteral("2000"), QStringLiteral("1990"),
             QStringLiteral("-10"), QStringLiteral("1750.0"), QStringLiteral("1750.0"), QStringLiteral("2"),
             QStringLiteral("8"), QStringLiteral("1-1-0"), QString()},
            {QStringLiteral("Ben Brooks"), QStringLiteral("1800"), QStringLiteral("1838"),
             QStringLiteral("+38"), QStringLiteral("2025.0"), QStringLiteral("1825.0"), QStringLiteral("2"),
             QStringLiteral("8"), QStringLiteral("1-0-1"), QStringLiteral("yes")},
            {QStringLiteral("Cleo Cho"), QStringLiteral("1650"), QStringLiteral("1651"), QStringLiteral("+1"),
             QStringLiteral("1675.0"), QStringLiteral("1875.0"), QStringLiteral("2"), QStringLiteral("8"),
             QStringLiteral("0-1-1"), QString()},
            {QStringLiteral("Dan Dorsey"), QStringLiteral("unrated"), QStringLiteral("1550"),
             QStringLiteral("first rating"), QStringLiteral("1550.0"), QStringLiteral("1816.7"),
             QStringLiteral("3"), QStringLiteral("12"), QStringLiteral("0-2-1"), QStringLiteral("yes")}}));
    // The rating list: docs/acf.md's output, in words.
    QCOMPARE(desk.ratingList().rows.first(),
             (QStringList{QStringLiteral("Ann Archer"), QStringLiteral("101"), QStringLiteral("1993"),
                          QStringLiteral("212"), QStringLiteral("64"), QStringLiteral("2090"), QString()}));
    QCOMPARE(desk.ratingList().rows.last(),
             (QStringList{QStringLiteral("Eve Ellis"), QStringLiteral("105"), QStringLiteral("unrated"),
                          QStringLiteral("0"), QStringLiteral("0"), QString(), QString()}));
    // Every pairing of the example is a pool game: 6 + 6.
    QCOMPARE(store->poolContent(pool).games.size(), std::size_t(12));
    QCOMPARE(desk.pairingsTable().rows.size(), 6);
}

void TestAcfDesk::crosstable()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    auto store = testing::openStore(temp.filePath(QStringLiteral("cross.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Acf, QStringLiteral("Round robins"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    const QByteArray players = "player_id,name,rating,games,peak,rounds\n"
                               "1,Ada,2000,200,2150,60\n"
                               "2,Bo,1600,128,1600,40\n"
                               "3,Cy,1800,40,1800,10\n"
                               "4,Di,1500,128,1500,30\n";
    QVERIFY(session.importFiles(players, QStringLiteral("players.csv"), {}, {}).ok());
    AcfDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));
    QVERIFY(newEvent(desk, QStringLiteral("Round Robin"), QStringLiteral("2026-05-02"), false));
    QTRY_COMPARE(desk.currentEvent(), QStringLiteral("Round Robin"));
    QTRY_COMPARE(focusName(), QStringLiteral("acfRound"));

    // Tab to the tabs of the right side, Right twice to the crosstable, Tab into it.
    for (int i = 0; i < 20 && !QApplication::focusWidget()->inherits("QTabBar"); ++i)
        press(Qt::Key_Tab);
    QVERIFY(QApplication::focusWidget()->inherits("QTabBar"));
    press(Qt::Key_Right);
    press(Qt::Key_Right);
    press(Qt::Key_Tab);
    QCOMPARE(focusName(), QStringLiteral("acfCrosstablePlayers"));
    type(QStringLiteral("1 2 Cy 4"));
    press(Qt::Key_Return);
    QCOMPARE(desk.crosstablePlayers(), (QStringList{QStringLiteral("1"), QStringLiteral("2"),
                                                    QStringLiteral("3"), QStringLiteral("4")}));
    auto* grid = desk.findChild<QTableWidget*>(QStringLiteral("acfCrosstable"));
    QCOMPARE(focusName(), QStringLiteral("acfCrosstable"));
    QCOMPARE(grid->currentRow(), 0);
    QCOMPARE(grid->currentColumn(), 1);
    // Ada - Bo 2 1 1, Ada - Cy 4 0 0, Bo - Cy 1 1 2, Cy - Di "round" (only its d can be typed).
    type(QStringLiteral("2 1 1"));
    press(Qt::Key_Return);
    QCOMPARE(grid->item(0, 1)->text(), QStringLiteral("2 1 1"));
    const QImage shot = desk.grab().toImage();
    QSet<QRgb> colours;
    for (int y = 0; y < shot.height(); y += 7)
        for (int x = 0; x < shot.width(); x += 7)
            colours.insert(shot.pixel(x, y));
    QVERIFY(colours.size() > 8);
    QVERIFY(shot.save(QDir::temp().filePath(QStringLiteral("flickdesk-acfdesk-crosstable.png"))));
    QCOMPARE(grid->item(1, 0)->text(), QStringLiteral("1-2-1")); // Bo's side
    press(Qt::Key_Right);
    type(QStringLiteral("4 0 0"));
    press(Qt::Key_Return);
    press(Qt::Key_Down);
    type(QStringLiteral("1 1 2"));
    press(Qt::Key_Return);
    press(Qt::Key_Down);
    press(Qt::Key_Right);
    QCOMPARE(grid->currentRow(), 2);
    QCOMPARE(grid->currentColumn(), 3);
    type(QStringLiteral("round"));
    press(Qt::Key_Return);
    QCOMPARE(grid->item(2, 3)->text(), QStringLiteral("d"));
    press(Qt::Key_Tab);
    QCOMPARE(focusName(), QStringLiteral("acfCrosstableStore"));
    press(Qt::Key_Space);
    // The whole grid is checked first: nothing stored.
    QVERIFY(store->poolContent(pool).games.empty());
    QVERIFY(desk.findChild<QLabel*>(QStringLiteral("acfCrosstableMessage"))
                ->text()
                .contains(QStringLiteral("add up to 4")));
    QCOMPARE(focusName(), QStringLiteral("acfCrosstable"));
    type(QStringLiteral("0 0 4")); // typing replaces the cell
    press(Qt::Key_Return);
    QCOMPARE(grid->item(2, 3)->text(), QStringLiteral("0 0 4"));
    press(Qt::Key_Tab);
    const int steps = session.undoStack()->count();
    press(Qt::Key_Space);
    core::PoolContent content = store->poolContent(pool);
    QCOMPARE(content.games.size(), std::size_t(4));
    QCOMPARE(session.undoStack()->count(), steps + 1); // one step
    // The circle method's rounds: 1-4 and 2-3 in round 1, 1-3 and 4-2 in round 2, 1-2 and 3-4 in round 3.
    const auto roundOf = [&](const QString& a, const QString& b) {
        for (const core::PoolGame& game : content.games) {
            const QStringList& row = game.rows.first();
            if (row[4] == a && row[5] == b)
                return row[3];
        }
        return QString();
    };
    QCOMPARE(roundOf(QStringLiteral("1"), QStringLiteral("2")), QStringLiteral("3"));
    QCOMPARE(roundOf(QStringLiteral("1"), QStringLiteral("3")), QStringLiteral("2"));
    QCOMPARE(roundOf(QStringLiteral("2"), QStringLiteral("3")), QStringLiteral("1"));
    QCOMPARE(roundOf(QStringLiteral("3"), QStringLiteral("4")), QStringLiteral("3"));
    QCOMPARE(desk.pairingsTable().rows.size(), 4);
    // Ada: Bo counts 1700 (clamped), Cy 1800; both rounds won: Rc = 1750, Rp = 1750 + 400 = 2150;
    //   (2150 x 8 + 2000 x 128) / 136 = 2008.82: 2009.
    QCOMPARE(reportRow(desk, QStringLiteral("Ada")),
             QStringLiteral("Ada,2000,2009,+9,2150.0,1750.0,2,8,2-0-0,"));
    session.undoStack()->undo();
    QVERIFY(store->poolContent(pool).games.empty());
    QCOMPARE(desk.currentEvent(), QStringLiteral("Round Robin")); // still there to enter it again

    // Trap 6: a name taken from the completion's list (Down, Enter in the list) moves on to player B
    // and stores nothing.
    for (int i = 0; i < 40 && focusName() != QLatin1String("acfPlayerA"); ++i)
        press(Qt::Key_Backtab);
    QCOMPARE(focusName(), QStringLiteral("acfPlayerA"));
    type(QStringLiteral("Ad"));
    auto* playerA = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    QVERIFY(playerA && playerA->completer());
    QAbstractItemView* popup = playerA->completer()->popup();
    QTRY_VERIFY(popup->isVisible());
    qInfo().noquote() << "keys: Down Return in the completion's list";
    QTest::keyClick(popup, Qt::Key_Down);
    QTest::keyClick(popup, Qt::Key_Return);
    QCOMPARE(playerA->text(), QStringLiteral("Ada (1)"));
    QCOMPARE(focusName(), QStringLiteral("acfPlayerB"));
    QVERIFY(store->poolContent(pool).games.empty());
}

void TestAcfDesk::players()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    auto store = testing::openStore(temp.filePath(QStringLiteral("players.sqlite")));
    QVERIFY(store);
    const qint64 pool = store->createPool(SystemKind::Acf, QStringLiteral("New club"));
    PoolSession session(*store);
    QVERIFY(session.setPool(pool));
    AcfDesk desk(session);
    desk.resize(1260, 640);
    desk.show();
    QVERIFY(QTest::qWaitForWindowExposed(&desk));
    desk.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&desk));
    if (!QApplication::focusWidget())
        desk.findChild<QComboBox*>(QStringLiteral("acfEvent"))->setFocus();
    // Tab to the tabs, Right to the rating list, Tab past the search box and the list to the player's id.
    for (int i = 0; i < 20 && !QApplication::focusWidget()->inherits("QTabBar"); ++i)
        press(Qt::Key_Tab);
    QVERIFY(QApplication::focusWidget()->inherits("QTabBar"));
    press(Qt::Key_Right);
    for (int i = 0; i < 4 && focusName() != QLatin1String("acfNewPlayerId"); ++i)
        press(Qt::Key_Tab);
    QCOMPARE(focusName(), QStringLiteral("acfNewPlayerId"));
    type(QStringLiteral("9"));
    press(Qt::Key_Tab);
    type(QStringLiteral("Ivy"));
    press(Qt::Key_Tab);
    type(QStringLiteral("1x75y0")); // only digits can be typed in a rating
    QCOMPARE(qobject_cast<QLineEdit*>(QApplication::focusWidget())->text(), QStringLiteral("1750"));
    press(Qt::Key_Tab);
    type(QStringLiteral("40"));
    press(Qt::Key_Tab);
    type(QStringLiteral("1800"));
    press(Qt::Key_Tab);
    type(QStringLiteral("12"));
    press(Qt::Key_Return);
    core::PoolContent content = store->poolContent(pool);
    QCOMPARE(content.players.size(), 1);
    QCOMPARE(content.players.first().join(u','), QStringLiteral("9,Ivy,1750,40,1800,12"));
    QCOMPARE(focusName(), QStringLiteral("acfNewPlayerId"));
    // 12 rounds: temporary.
    QCOMPARE(desk.ratingList().rows.first().join(u','), QStringLiteral("Ivy,9,1750,40,12,1800,yes"));
    // The same id again is refused by the pool, nothing stored.
    type(QStringLiteral("9"));
    press(Qt::Key_Return);
    QCOMPARE(store->poolContent(pool).players.size(), 1);
    QVERIFY(desk.findChild<QLabel*>(QStringLiteral("acfPlayerMessage"))
                ->text()
                .contains(QStringLiteral("Nothing was stored")));

    // Removed from the list by Delete, asked first, and put back by undo.
    auto* list = desk.findChild<QTableView*>(QStringLiteral("acfRatingList"));
    list->setFocus();
    list->setCurrentIndex(list->model()->index(0, 0));
    press(Qt::Key_Delete);
    QVERIFY(answer(&desk, QStringLiteral("acfRemovePlayerConfirmation"), "yesButton"));
    QVERIFY(store->poolContent(pool).players.isEmpty());
    session.undoStack()->undo();
    QCOMPARE(store->poolContent(pool).players.size(), 1);
}

QTEST_MAIN(TestAcfDesk)
#include "tst_acfdesk.moc"
