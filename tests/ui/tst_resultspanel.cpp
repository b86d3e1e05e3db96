// The Results tab (widgets/eventday/resultspanel.h) in the main window at 1280x800, driven by the
// keyboard as a director would: places start empty and the window never writes one the director did
// not give; numbering in the listed order is one undoable command; typing digits and Enter moves
// down; each unit's points beside its place, live from the payout table and frozen after the award;
// the validation box follows every change (typing, undo and redo, finishing, the award); the results
// sheet as a PDF on the paper of the locale or of the director's choice.

#include "../common/imagecheck.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/store/store.h"
#include "models/eventday/entrantlistmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/eventday/resultssheet.h"
#include "widgets/eventday/sheetprinting.h"
#include "widgets/mainwindow.h"
#include "models/samplehistory.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWindow>
#include <map>
#include <memory>

using namespace flickdesk;
using core::EntrantStatus;
using core::EventStatus;
using testing::activate;
using ui::MainWindow;
using ui::ResultsPanel;

namespace {

// Every line of the validation box.
QStringList defects(const ResultsPanel& panel)
{
    QStringList lines;
    for (int row = 0; row < panel.defectsList()->count(); ++row)
        lines.append(panel.defectsList()->item(row)->text());
    return lines;
}

bool anyContains(const QStringList& lines, const QString& text)
{
    for (const QString& line : lines)
        if (line.contains(text))
            return true;
    return false;
}

// The page size a PDF was written on, in points: "612 792" (Letter) or "595 842" (A4).
QString mediaBox(const QString& path)
{
    QFile pdf(path);
    if (!pdf.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = pdf.readAll();
    const qsizetype at = bytes.indexOf("/MediaBox");
    if (at < 0)
        return {};
    const qsizetype open = bytes.indexOf('[', at);
    const qsizetype close = bytes.indexOf(']', open);
    const QStringList numbers =
        QString::fromLatin1(bytes.mid(open + 1, close - open - 1)).split(u' ', Qt::SkipEmptyParts);
    if (numbers.size() != 4)
        return {};
    return QStringLiteral("%1 %2").arg(qRound(numbers[2].toDouble())).arg(qRound(numbers[3].toDouble()));
}

const QString letter = QStringLiteral("612 792");
const QString a4 = QStringLiteral("595 842");

} // namespace

class TestResultsPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void placesStartEmptyAndNothingIsWrittenUntilGiven();
    void numberInListedOrderIsOneUndoableStep();
    void typingPlacesMovesDownAndShowsPoints();
    void validationFollowsUndoRedoFinishAndAward();
    void typedPlacesOutliveTheWindow();
    void placeTypedWithoutEnterIsStoredOnQuit();
    void incompletePlacesTakeAFinishedEventBack();
    void keysReachTheTabsAndDigitsTypeAtOnce();
    void awardConfirmationShowsWhatIsFrozen();
    void doublesTeamsNumberedAsInTheEntrantList();
    void resultsSheetAsPdf();
    void paperFollowsTheLocaleOrTheChoice();
    void printPreviewOpensWithoutWaiting();
    void screenshotAt1280x800();

private:
    ResultsPanel* panel() const { return m_window->resultsPanel(); }
    QStandardItemModel* model() const { return panel()->standingsModel(); }
    QVariant placeAt(int row) const
    {
        return model()->item(row, ResultsPanel::PlaceColumn)->data(Qt::EditRole);
    }
    QString pointsAt(int row) const { return model()->item(row, ResultsPanel::PointsColumn)->text(); }
    // The place the rows show for `unit`.
    QVariant placeOfUnit(int unit) const
    {
        for (int row = 0; row < model()->rowCount(); ++row)
            if (model()->item(row, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt() == unit)
                return placeAt(row);
        return {};
    }
    void typePlace(const QString& digits);

    QTemporaryDir m_template;
    QString m_historyDatabase;
    std::unique_ptr<QTemporaryDir> m_temp;
    std::unique_ptr<MainWindow> m_window;
    QString m_eventId;
};

void TestResultsPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY(m_template.isValid());
    m_historyDatabase = m_template.filePath(QStringLiteral("sample.sqlite"));
    const auto sample = testing::openStore(m_historyDatabase);
    QVERIFY(sample);
    QVERIFY(sample->importHistory(ui::sampleHistoryFolder()).ok());
}

// A fresh copy of the history, a Tour event of 8 players who all checked in, on its Results tab.
void TestResultsPanel::init()
{
    ui::sheet::setPaperChoice(ui::sheet::Paper::ByLocale);
    m_temp = std::make_unique<QTemporaryDir>();
    const QString path = m_temp->filePath(QStringLiteral("day.sqlite"));
    QVERIFY(QFile::copy(m_historyDatabase, path));
    m_window = std::make_unique<MainWindow>();
    QVERIFY(m_window->openDatabase(path, MainWindow::FirstStart::StartEmpty));
    core::Store& store = *m_window->store();
    m_eventId = store.createEvent(testing::draftOn(QStringLiteral("2025-12-06")));
    QStringList players = testing::recentPlayers(store, 7);
    QCOMPARE(players.size(), 7);
    QVERIFY(m_window->selectEvent(m_eventId));
    QVERIFY(testing::waitForRatings(*m_window->session()));
    // One player new today, with a name (the history's players have ids only).
    const std::optional<QString> anna =
        m_window->session()->addPlayer(QStringLiteral("Anna Kowalski"), QStringLiteral("Tavistock"));
    QVERIFY(anna);
    players.append(*anna);
    for (const QString& player : players)
        QVERIFY(m_window->session()->addEntrant({player}, EntrantStatus::Started));
    m_window->session()->undoStack()->clear();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(activate(m_window.get()));
    m_window->eventTabs()->setCurrentWidget(panel());
    QCOMPARE(model()->rowCount(), 8);
}

void TestResultsPanel::cleanup()
{
    m_window.reset();
    m_temp.reset();
    ui::sheet::setPaperChoice(ui::sheet::Paper::ByLocale);
}

void TestResultsPanel::typePlace(const QString& digits)
{
    QTableView* view = panel()->standingsView();
    QTest::keyClicks(view, digits.left(1)); // opens the editor with the first digit
    QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
    if (digits.size() > 1)
        QTest::keyClicks(QApplication::focusWidget(), digits.mid(1));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view));
}

void TestResultsPanel::placesStartEmptyAndNothingIsWrittenUntilGiven()
{
    QCOMPARE(model()->headerData(ResultsPanel::UnitColumn, Qt::Horizontal).toString(),
             QStringLiteral("Entrant"));
    for (int row = 0; row < 8; ++row) {
        QVERIFY2(!placeAt(row).isValid(), qPrintable(placeAt(row).toString()));
        QCOMPARE(model()->item(row, ResultsPanel::PlaceColumn)->text(), QString());
        QCOMPARE(pointsAt(row), QString());
    }
    // Validate by keyboard (Ctrl+R): refused, every missing place named, nothing written.
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
    QVERIFY(m_window->store()->standings(m_eventId).empty());
    const QStringList lines = defects(*panel());
    QCOMPARE(lines.filter(QStringLiteral("has no place")).size(), 8);
    QVERIFY(!anyContains(lines, QStringLiteral("complete")));
    // Finishing and awarding are refused while places are missing.
    QVERIFY(!panel()->markFinished());
    QVERIFY(!panel()->award());
    QCOMPARE(m_window->store()->event(m_eventId)->status, EventStatus::Planned);
    QVERIFY(!m_window->store()->currentAward(m_eventId));
    QVERIFY(m_window->store()->standings(m_eventId).empty());
    for (const core::Entrant& entrant : m_window->store()->entrants(m_eventId))
        QVERIFY(!entrant.place);
}

void TestResultsPanel::numberInListedOrderIsOneUndoableStep()
{
    QUndoStack* stack = m_window->session()->undoStack();
    QVERIFY(m_window->findChild<QAction*>(QStringLiteral("numberPlacesAction"))->isEnabled());
    std::vector<int> units;
    for (int row = 0; row < 8; ++row)
        units.push_back(model()->item(row, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt());

    QTest::keyClick(m_window.get(), Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(stack->count(), 1);
    std::vector<core::Placing> stored = m_window->store()->standings(m_eventId);
    QCOMPARE(stored.size(), size_t(8));
    for (int row = 0; row < 8; ++row) {
        QCOMPARE(placeAt(row).toInt(), row + 1);
        QCOMPARE(stored.at(size_t(row)).unit, units.at(size_t(row)));
        QCOMPARE(stored.at(size_t(row)).place, row + 1);
    }
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("The results are complete")));

    // Ctrl+Z takes every place back at once; Ctrl+Shift+Z numbers them again.
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(m_window->store()->standings(m_eventId).empty());
    for (int row = 0; row < 8; ++row)
        QVERIFY(!placeAt(row).isValid());
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("has no place")));
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_window->store()->standings(m_eventId).size(), size_t(8));
    QCOMPARE(placeAt(7).toInt(), 8);
}

void TestResultsPanel::typingPlacesMovesDownAndShowsPoints()
{
    QTableView* view = panel()->standingsView();
    view->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view));
    view->setCurrentIndex(model()->index(0, ResultsPanel::PlaceColumn));
    const engine::PayoutTable& table = m_window->session()->payoutPreview()->table();
    QCOMPARE(table.fieldSize, 8);

    // Row after row: digits, Enter, and the next row is current.
    const QStringList typed{QStringLiteral("3"), QStringLiteral("1"), QStringLiteral("2"),
                            QStringLiteral("8")};
    for (int row = 0; row < typed.size(); ++row) {
        QCOMPARE(view->currentIndex().row(), row);
        typePlace(typed[row]);
        QCOMPARE(placeAt(row).toInt(), typed[row].toInt());
    }
    QCOMPARE(view->currentIndex().row(), 4);
    // The points of each place, from the payout table, live; none for a row without a place.
    QCOMPARE(pointsAt(0), ui::payouttext::points(table.awards[2]));
    QCOMPARE(pointsAt(1), ui::payouttext::points(table.awards[0]));
    QCOMPARE(pointsAt(3), ui::payouttext::points(table.awards[7]));
    QCOMPARE(pointsAt(4), QString());
    // Each place stored as it was typed, one undo step each: exactly what the director gave.
    std::vector<core::Placing> stored = m_window->store()->standings(m_eventId);
    QCOMPARE(stored.size(), size_t(4));
    QCOMPARE(m_window->session()->undoStack()->count(), 4);
    QVERIFY(!panel()->hasUnsavedPlaces());
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("stored as you type")));
    QVERIFY(!anyContains(defects(*panel()), QStringLiteral("when you validate")));

    // A tie shows no points for either tied unit, and says why in the tooltip.
    typePlace(QStringLiteral("1"));
    QCOMPARE(placeAt(4).toInt(), 1);
    QCOMPARE(pointsAt(1), QString());
    QCOMPARE(pointsAt(4), QString());
    QVERIFY(model()->item(4, ResultsPanel::PointsColumn)->toolTip().contains(QStringLiteral("tied")));
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("tied")));

    // F2 and Backspace empty a place again.
    view->setCurrentIndex(model()->index(4, ResultsPanel::PlaceColumn));
    QTest::keyClick(view, Qt::Key_F2);
    QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backspace);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QTRY_VERIFY(!placeAt(4).isValid());
    QCOMPARE(pointsAt(1), ui::payouttext::points(table.awards[0]));

    QCOMPARE(m_window->store()->standings(m_eventId).size(), size_t(4));
    QCOMPARE(m_window->session()->undoStack()->count(), 6);

    // Validate only checks: nothing stored, no undo step; the rows in finishing order.
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
    stored = m_window->store()->standings(m_eventId);
    QCOMPARE(stored.size(), size_t(4));
    QCOMPARE(stored.front().place, 1);
    QCOMPARE(m_window->session()->undoStack()->count(), 6);
    QCOMPARE(defects(*panel()).filter(QStringLiteral("has no place")).size(), 4);
    for (int row = 0; row < 4; ++row)
        QCOMPARE(placeAt(row).toInt(), QList<int>({1, 2, 3, 8}).at(row));
    QVERIFY(!placeAt(4).isValid());
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("problem")));
}

void TestResultsPanel::validationFollowsUndoRedoFinishAndAward()
{
    ui::EventSession* session = m_window->session();
    // A tie stored: the box says so and offers the tie break.
    QVERIFY(session->setStandings({{1, 1}, {2, 2}, {3, 2}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}}));
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("tied")));
    QVERIFY(panel()->breakTiesButton()->isEnabled());
    // The rule is in the tooltip, not in the words a director reads.
    for (int row = 0; row < panel()->defectsList()->count(); ++row)
        QVERIFY(!panel()->defectsList()->item(row)->text().contains(QStringLiteral("DECISIONS")));
    QVERIFY(panel()->defectsList()->item(0)->toolTip().contains(QStringLiteral("DECISIONS N4")));
    // Ctrl+Z: the tie is gone from the box, and so is the offer.
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!anyContains(defects(*panel()), QStringLiteral("tied")));
    QVERIFY(!panel()->breakTiesButton()->isEnabled());
    QCOMPARE(defects(*panel()).filter(QStringLiteral("has no place")).size(), 8);
    // Ctrl+Shift+Z: back.
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("tied")));
    QTest::mouseClick(panel()->breakTiesButton(), Qt::LeftButton);
    QVERIFY(!anyContains(defects(*panel()), QStringLiteral("tied")));
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("can be marked finished and awarded")));

    QVERIFY(panel()->markFinished());
    QVERIFY(!anyContains(defects(*panel()), QStringLiteral("can be marked finished")));
    QVERIFY(anyContains(defects(*panel()), QStringLiteral("finished: it can be awarded")));

    QVERIFY(panel()->award());
    const QStringList lines = defects(*panel());
    QCOMPARE(lines, QStringList{QStringLiteral(
                        "The points are awarded and frozen: these results no longer change.")});
    QVERIFY(!panel()->numberButton()->isEnabled());

    // The frozen points beside each place: the award, player by player.
    const std::optional<core::AwardRecord> award = m_window->store()->currentAward(m_eventId);
    QVERIFY(award);
    for (int row = 0; row < model()->rowCount(); ++row) {
        const QStringList ids =
            model()->item(row, ResultsPanel::PlayersColumn)->data(Qt::UserRole).toStringList();
        QCOMPARE(ids.size(), 1);
        const auto found =
            std::find_if(award->awards.begin(), award->awards.end(),
                         [&](const core::PlayerAward& a) { return a.playerId == ids.front(); });
        QVERIFY(found != award->awards.end());
        QCOMPARE(found->place, placeAt(row).toInt());
        QCOMPARE(pointsAt(row), QLocale().toString(found->points, 'f', 1));
    }
    QVERIFY(panel()->findChild<QLabel*>(QStringLiteral("pointsNote"))->text().contains(award->lockMonth));
}

void TestResultsPanel::typedPlacesOutliveTheWindow()
{
    // Typed through the widget, never validated: each place is in the database as it is typed.
    QTableView* view = panel()->standingsView();
    QTest::keyClick(m_window.get(), Qt::Key_2, Qt::AltModifier); // Results, first place ready
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view));
    std::map<int, int> typed; // unit -> place
    const QStringList places{QStringLiteral("2"), QStringLiteral("1"), QStringLiteral("3")};
    for (int row = 0; row < places.size(); ++row) {
        typed[model()->item(row, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt()] =
            places[row].toInt();
        typePlace(places[row]);
    }
    // The status bar says what is true: stored, and how to take it back.
    const QString said = m_window->statusBar()->currentMessage();
    QVERIFY2(said.contains(QStringLiteral("Place 3 for")) && said.contains(QStringLiteral("stored")),
             qPrintable(said));
    QVERIFY(!said.contains(QStringLiteral("Standings saved")));
    QCOMPARE(m_window->session()->undoStack()->count(), 3);
    QVERIFY(m_window->session()->undoStack()->undoText().startsWith(QStringLiteral("Place 3 for")));

    // Ctrl+Z takes back the last place typed, and only it, in the rows and in the database.
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!placeAt(2).isValid());
    QCOMPARE(placeAt(0).toInt(), 2);
    QCOMPARE(placeAt(1).toInt(), 1);
    QCOMPARE(m_window->store()->standings(m_eventId).size(), size_t(2));
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(placeAt(2).toInt(), 3);

    // The window goes without a validate; the same file opened again shows the places typed.
    const QString path = m_window->store()->path();
    m_window.reset();
    m_window = std::make_unique<MainWindow>();
    QVERIFY(m_window->openDatabase(path, MainWindow::FirstStart::StartEmpty));
    QVERIFY(m_window->selectEvent(m_eventId));
    QVERIFY(testing::waitForRatings(*m_window->session()));
    std::map<int, int> shown;
    for (int row = 0; row < model()->rowCount(); ++row)
        if (placeAt(row).isValid())
            shown[model()->item(row, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt()] =
                placeAt(row).toInt();
    QCOMPARE(shown, typed);
    // Work in progress, not results: the places missing are named, nothing can be awarded.
    QCOMPARE(defects(*panel()).filter(QStringLiteral("has no place")).size(), 5);
    QVERIFY(!panel()->award());
    QVERIFY(!m_window->store()->currentAward(m_eventId));
}

void TestResultsPanel::placeTypedWithoutEnterIsStoredOnQuit()
{
    QTableView* view = panel()->standingsView();
    panel()->focusStandings();
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view));
    const int unit = model()->item(0, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt();
    QTest::keyClicks(view, QStringLiteral("7")); // the editor opens with "7"; no Enter
    QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
    QVERIFY(m_window->store()->standings(m_eventId).empty());
    // File > Quit (Ctrl+Q where the platform binds it): the place in the editor is stored as Enter
    // would store it.
    const QString path = m_window->store()->path();
    m_window->findChild<QAction*>(QStringLiteral("quitAction"))->trigger();
    QTRY_VERIFY(!m_window->isVisible());
    m_window.reset();
    const auto store = testing::openStore(path);
    QVERIFY(store);
    QCOMPARE(store->standings(m_eventId), (std::vector<core::Placing>{{unit, 7}}));
}

void TestResultsPanel::incompletePlacesTakeAFinishedEventBack()
{
    ui::EventSession* session = m_window->session();
    QVERIFY(panel()->numberInListedOrder());
    QVERIFY(panel()->markFinished());
    QCOMPARE(session->event().status, EventStatus::Finished);
    const int stackBefore = session->undoStack()->count();

    // A correction typed on the finished event: row 3 takes place 5, a tie with row 5 for now.
    QTableView* view = panel()->standingsView();
    panel()->focusStandings();
    view->setCurrentIndex(model()->index(2, ResultsPanel::PlaceColumn));
    typePlace(QStringLiteral("5"));
    // Stored, but incomplete results are not final: the event is started again, in the same step.
    const int unit = model()->item(2, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt();
    const std::vector<core::Placing> stored = m_window->store()->standings(m_eventId);
    QVERIFY(std::find(stored.begin(), stored.end(), core::Placing{unit, 5}) != stored.end());
    QCOMPARE(m_window->store()->event(m_eventId)->status, EventStatus::Started);
    QCOMPARE(session->undoStack()->count(), stackBefore + 1);
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("no longer finished")));
    QVERIFY(!panel()->award());
    QVERIFY(!m_window->store()->currentAward(m_eventId));

    // Ctrl+Z: the place back and the event finished again.
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(placeOfUnit(unit).toInt(), 3);
    QCOMPARE(m_window->store()->event(m_eventId)->status, EventStatus::Finished);
    QVERIFY(session->validateResults().ok());
}

void TestResultsPanel::keysReachTheTabsAndDigitsTypeAtOnce()
{
    QTabWidget* tabs = m_window->eventTabs();
    QTableView* view = panel()->standingsView();
    // Alt+1: Entrants & Preview.
    QTest::keyClick(m_window.get(), Qt::Key_1, Qt::AltModifier);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(m_window->entrantsPanel()));
    QVERIFY(m_window->entrantsPanel()->isAncestorOf(QApplication::focusWidget()));
    // Alt+2: Results, and nothing else: no check run, nothing stored.
    m_window->statusBar()->clearMessage();
    QTest::keyClick(m_window.get(), Qt::Key_2, Qt::AltModifier);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(panel()));
    QVERIFY(m_window->statusBar()->currentMessage().isEmpty());
    // The first row's place is current and has the focus: digits type it, Enter moves down.
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view));
    QCOMPARE(view->currentIndex(), model()->index(0, ResultsPanel::PlaceColumn));
    QTest::keyClick(view, Qt::Key_4);
    QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view));
    QCOMPARE(placeAt(0).toInt(), 4);
    QCOMPARE(view->currentIndex(), model()->index(1, ResultsPanel::PlaceColumn));
    // A digit on another cell of the row types that row's place.
    view->setCurrentIndex(model()->index(1, ResultsPanel::PlayersColumn));
    typePlace(QStringLiteral("6"));
    QCOMPARE(placeAt(1).toInt(), 6);
    QCOMPARE(m_window->store()->standings(m_eventId).size(), size_t(2));

    // Ctrl+R from the Entrants tab: validates (a check) and shows the answer on Results.
    QTest::keyClick(m_window.get(), Qt::Key_1, Qt::AltModifier);
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(panel()));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("problem")));
    QCOMPARE(m_window->store()->standings(m_eventId).size(), size_t(2));
    QCOMPARE(m_window->session()->undoStack()->count(), 2);
    // Both are commands of the Event menu, with their keys, for Help > Keyboard Shortcuts.
    for (const char* name : {"showEntrantsAction", "showResultsAction"}) {
        auto* action = m_window->findChild<QAction*>(QString::fromLatin1(name));
        QVERIFY(action && !action->shortcut().isEmpty());
        QVERIFY(m_window->findChild<QMenu*>(QStringLiteral("eventMenu"))->actions().contains(action));
    }
}

void TestResultsPanel::awardConfirmationShowsWhatIsFrozen()
{
    ui::EventSession* session = m_window->session();
    core::EventDraft draft = core::EventDraft::of(session->event());
    draft.season = QStringLiteral("17");
    draft.tier = 2;
    QVERIFY(session->updateEvent(draft));
    QVERIFY(panel()->numberInListedOrder());
    const engine::PayoutTable table = session->payoutPreview()->table();
    const QString winner = model()->item(0, ResultsPanel::PlayersColumn)->text();

    // Incomplete results are refused before any question is asked.
    session->undoStack()->undo();
    panel()->requestAward();
    QVERIFY(!m_window->findChild<QMessageBox*>(QStringLiteral("awardConfirmation")));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("cannot be awarded")));
    session->undoStack()->redo();

    // Alt+A: the confirmation names everything the award freezes, before the irreversible step.
    // It opens window-modal without a loop of its own: read and answered here.
    QTest::keyClick(m_window.get(), Qt::Key_A, Qt::AltModifier);
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox*>(QStringLiteral("awardConfirmation"))));
    QTRY_VERIFY(box->isVisible());
    const QString text = box->text() + u'\n' + box->informativeText();
    QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
    QVERIFY(!session->isAwarded()); // nothing frozen while the question is asked
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(box->grab().save(QDir(dir).filePath(QStringLiteral("award-confirmation.png"))));
    }
    box->button(QMessageBox::Yes)->click();
    QTRY_VERIFY(session->isAwarded());
    const std::optional<core::AwardRecord> award = m_window->store()->currentAward(m_eventId);
    QVERIFY(award);
    for (const QString& shown :
         {QStringLiteral("Tavistock Open"), QStringLiteral("Players (N): 8"), QStringLiteral("Season 17"),
          QStringLiteral("Competitive Tour"), QStringLiteral("Tier 2"),
          QStringLiteral("Ratings locked for December 2025"),
          QStringLiteral("FSI ") + ui::payouttext::fieldStrength(award->fsi),
          QStringLiteral("FDI ") + ui::payouttext::fieldDepth(award->fdi),
          QStringLiteral("Winner: %1, %2 points").arg(winner, ui::payouttext::points(table.awards.front()))})
        QVERIFY2(text.contains(shown), qPrintable(shown + QStringLiteral(" not in:\n") + text));
    QCOMPARE(award->lockMonth, QStringLiteral("2025-12"));
    // The winner's points shown are the points awarded.
    const QString winnerId =
        model()->item(0, ResultsPanel::PlayersColumn)->data(Qt::UserRole).toStringList().front();
    for (const core::PlayerAward& points : award->awards)
        if (points.playerId == winnerId)
            QCOMPARE(ui::payouttext::points(points.points), ui::payouttext::points(table.awards.front()));
    QVERIFY(!text.contains(QStringLiteral("DECISIONS")));
}

// A doubles event: the stored units are 1, 3, 5... (a pair keeps the first partner's number), the
// entrant list numbers the teams 1, 2, 3 by their place in it, and the Results tab shows the same
// numbers, renumbered with the list when a team before them goes. The undo steps name the team by
// its players, never by a stored number the window does not show.
void TestResultsPanel::doublesTeamsNumberedAsInTheEntrantList()
{
    core::Store& store = *m_window->store();
    const QString doubles =
        store.createEvent(testing::draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    QVERIFY(m_window->selectEvent(doubles));
    ui::EventSession* session = m_window->session();
    QVERIFY(testing::waitForRatings(*session));
    const QStringList players = testing::recentPlayers(store, 10);
    QCOMPARE(players.size(), 10);
    for (const QString& player : players)
        QVERIFY(session->addEntrant({player}, EntrantStatus::Registered));
    for (int first = 1; first <= 9; first += 2)
        QVERIFY(session->pairPartners(first, first + 1));
    const ui::EntrantListModel* entrants = session->entrants();
    QCOMPARE(entrants->rowCount(), 5);
    std::vector<int> units;
    for (const core::Entrant& team : entrants->entrants())
        units.push_back(team.number);
    QVERIFY2(units.back() > 5, "the stored numbers are not the shown ones"); // else the test shows nothing
    // The first team never comes; the other four check in.
    for (std::size_t i = 1; i < units.size(); ++i)
        QVERIFY(session->setCheckedIn(units[i], true));
    m_window->eventTabs()->setCurrentWidget(panel());
    QCOMPARE(model()->rowCount(), 4);
    QCOMPARE(model()->headerData(ResultsPanel::UnitColumn, Qt::Horizontal).toString(),
             QStringLiteral("Team"));
    const auto shownNumbers = [this, entrants] {
        QStringList shown;
        for (int row = 0; row < model()->rowCount(); ++row) {
            const int unit = model()->item(row, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt();
            const QString number = model()->item(row, ResultsPanel::UnitColumn)->text();
            if (number != QString::number(entrants->shownNumber(unit)))
                return QStringList{QStringLiteral("unit %1 shown as %2").arg(unit).arg(number)};
            shown.append(number);
        }
        return shown;
    };
    QCOMPARE(shownNumbers(), (QStringList{QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4"),
                                          QStringLiteral("5")}));

    // The first team is removed: the list numbers the others 1..4, and so do the results.
    const core::Entrant gone = entrants->entrants().front();
    QVERIFY(session->removeEntrant(gone.number));
    // The sample's players may have no name: a player is named by id then (DECISIONS D1).
    const auto teamName = [](const core::Entrant& team) {
        QStringList names;
        for (const core::PlayerRecord& player : team.players)
            names.append(player.name.isEmpty() ? player.id : player.name);
        return names.join(QStringLiteral(" / "));
    };
    QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Remove %1").arg(teamName(gone)));
    QCOMPARE(shownNumbers(), (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                                          QStringLiteral("4")}));
    // Ctrl+Z brings it back before them: 2..5 again.
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(entrants->rowCount(), 5);
    QCOMPARE(shownNumbers(), (QStringList{QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4"),
                                          QStringLiteral("5")}));

    // A team that withdraws: the undo step names its players (it was "Withdraw entrant 9").
    const core::Entrant leaving = entrants->entrants().back();
    QVERIFY(session->setEntrantStatus(leaving.number, EntrantStatus::Withdrawn));
    QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Withdraw %1").arg(teamName(leaving)));
    // Its status changed in place: the column still shows the whole word.
    QTableView* view = panel()->standingsView();
    QVERIFY2(view->columnWidth(ResultsPanel::StatusColumn) >=
                 static_cast<const QAbstractItemView*>(view)->sizeHintForColumn(ResultsPanel::StatusColumn),
             qPrintable(QStringLiteral("%1 < %2")
                            .arg(view->columnWidth(ResultsPanel::StatusColumn))
                            .arg(static_cast<const QAbstractItemView*>(view)->sizeHintForColumn(
                                ResultsPanel::StatusColumn))));
    // Two teams on one place: the check names them by the numbers the rows show (the list's).
    QVERIFY(session->setStandings({{units[3], 1}, {units[4], 1}, {units[1], 3}, {units[2], 4}}));
    const QStringList tie = defects(*panel()).filter(QStringLiteral("tied"));
    QCOMPARE(tie.size(), 1);
    QVERIFY2(tie.front().contains(QStringLiteral("team 4 (")) &&
                 tie.front().contains(QStringLiteral("team 5 (")) &&
                 !tie.front().contains(QStringLiteral("team %1 (").arg(units[4])),
             qPrintable(tie.front()));
    QVERIFY(session->setCheckedIn(units[0], true));
    QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Check in %1").arg(teamName(gone)));
    QCOMPARE(model()->rowCount(), 5);
    QCOMPARE(shownNumbers(), (QStringList{QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4"),
                                          QStringLiteral("5"), QStringLiteral("1")}));
    // No step of the day names a unit by its stored number ("Pair entrants 1 and 2").
    const QRegularExpression number(QStringLiteral("entrants? \\d"));
    for (int step = 0; step < session->undoStack()->count(); ++step)
        QVERIFY2(!session->undoStack()->text(step).contains(number),
                 qPrintable(session->undoStack()->text(step)));
}

void TestResultsPanel::resultsSheetAsPdf()
{
    QVERIFY(m_window->session()->numberInListedOrder({1, 2, 3, 4, 5, 6, 7, 8}));
    QVERIFY(panel()->markFinished());
    QVERIFY(panel()->award());
    const std::optional<core::AwardRecord> award = m_window->store()->currentAward(m_eventId);
    QVERIFY(award);

    // The sheet: title, date, FSI / FDI / N, then place, players with names, points, by place.
    const ui::ResultsSheet sheet = panel()->resultsSheet();
    QCOMPARE(sheet.title, QStringLiteral("Tavistock Open"));
    QCOMPARE(sheet.date, QDate(2025, 12, 6));
    QCOMPARE(sheet.fieldStrength, ui::payouttext::fieldStrength(award->fsi));
    QCOMPARE(sheet.fieldDepth, ui::payouttext::fieldDepth(award->fdi));
    QCOMPARE(sheet.fieldSize, QStringLiteral("8"));
    QCOMPARE(sheet.rows.size(), size_t(8));
    for (size_t i = 0; i < sheet.rows.size(); ++i) {
        QCOMPARE(sheet.rows[i].place, QString::number(i + 1));
        const core::Entrant entrant = *m_window->store()->entrant(m_eventId, int(i) + 1);
        QVERIFY2(sheet.rows[i].players.contains(entrant.players.front().id),
                 qPrintable(sheet.rows[i].players));
        if (!entrant.players.front().name.isEmpty())
            QVERIFY(sheet.rows[i].players.contains(entrant.players.front().name));
        if (i == 7)
            QCOMPARE(sheet.rows[i].players,
                     QStringLiteral("Anna Kowalski (%1)").arg(entrant.players.front().id));
        const auto found =
            std::find_if(award->awards.begin(), award->awards.end(), [&](const core::PlayerAward& a) {
                return a.playerId == entrant.players.front().id;
            });
        QVERIFY(found != award->awards.end());
        QCOMPARE(sheet.rows[i].points, QLocale().toString(found->points, 'f', 1));
    }
    QCOMPARE(
        ui::sheet::printedAtText(QDateTime(QDate(2025, 12, 6), QTime(17, 45))),
        QStringLiteral("Printed %1")
            .arg(QLocale().toString(QDateTime(QDate(2025, 12, 6), QTime(17, 45)), QLocale::ShortFormat)));

    // The PDF: en_US prints on Letter.
    const QString path = m_temp->filePath(QStringLiteral("results.pdf"));
    QVERIFY(panel()->saveResultsPdf(path));
    QCOMPARE(mediaBox(path), letter);
    QVERIFY(!panel()->saveResultsPdf(m_temp->filePath(QStringLiteral("no/such/folder/results.pdf"))));

    // A page as an image, for a person to look at.
    const QImage page = sheet.pageImage(0, 100, QDateTime(QDate(2025, 12, 6), QTime(17, 45)));
    QVERIFY(showsSomething(page));
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(page.save(QDir(dir).filePath(QStringLiteral("results-sheet.png"))));
    }
}

void TestResultsPanel::paperFollowsTheLocaleOrTheChoice()
{
    using ui::sheet::paperOfLocale;
    QCOMPARE(paperOfLocale(QLocale(QLocale::English, QLocale::UnitedStates)), QPageSize::Letter);
    QCOMPARE(paperOfLocale(QLocale(QLocale::English, QLocale::Canada)), QPageSize::Letter);
    QCOMPARE(paperOfLocale(QLocale(QLocale::French, QLocale::Canada)), QPageSize::Letter);
    QCOMPARE(paperOfLocale(QLocale(QLocale::English, QLocale::UnitedKingdom)), QPageSize::A4);
    QCOMPARE(paperOfLocale(QLocale(QLocale::German, QLocale::Germany)), QPageSize::A4);

    ui::PayoutPreviewWidget& preview = *m_window->entrantsPanel()->preview();
    const QString payout = m_temp->filePath(QStringLiteral("payout.pdf"));
    const QString results = m_temp->filePath(QStringLiteral("results.pdf"));
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::Canada));
    QVERIFY(preview.savePdf(payout));
    QCOMPARE(mediaBox(payout), letter);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    QVERIFY(preview.savePdf(payout));
    QCOMPARE(mediaBox(payout), a4);
    QVERIFY(panel()->saveResultsPdf(results));
    QCOMPARE(mediaBox(results), a4);

    // The director's choice in File > Paper Size is kept, and wins over the locale.
    QAction* letterAction = m_window->findChild<QAction*>(QStringLiteral("paperLetterAction"));
    QVERIFY(letterAction);
    letterAction->trigger();
    QCOMPARE(ui::sheet::paperChoice(), ui::sheet::Paper::Letter);
    QVERIFY(preview.savePdf(payout));
    QCOMPARE(mediaBox(payout), letter);
    QVERIFY(panel()->saveResultsPdf(results));
    QCOMPARE(mediaBox(results), letter);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_window->findChild<QAction*>(QStringLiteral("paperA4Action"))->trigger();
    QVERIFY(preview.savePdf(payout));
    QCOMPARE(mediaBox(payout), a4);
    QLocale::setDefault(before);
}

void TestResultsPanel::printPreviewOpensWithoutWaiting()
{
    // File > Print Preview opens (window-modal, without a loop of its own) on the tab's sheet and paper.
    QAction* preview = m_window->findChild<QAction*>(QStringLiteral("printPreviewAction"));
    QVERIFY(preview && preview->isEnabled());
    preview->trigger();
    auto* dialog = m_window->findChild<QPrintPreviewDialog*>(QStringLiteral("printPreviewDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->windowTitle().contains(QStringLiteral("results")));
    QCOMPARE(dialog->printer()->pageLayout().pageSize().id(), QPageSize::Letter);
    dialog->close();
    QTRY_VERIFY(!m_window->findChild<QPrintPreviewDialog*>(QStringLiteral("printPreviewDialog")));
}

void TestResultsPanel::screenshotAt1280x800()
{
    // Typed by keyboard, a tie left in, at the smaller screen: everything within reach.
    QTableView* view = panel()->standingsView();
    view->setFocus();
    view->setCurrentIndex(model()->index(0, ResultsPanel::PlaceColumn));
    for (const QString& place : {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                                 QStringLiteral("3"), QStringLiteral("5"), QStringLiteral("6")})
        typePlace(place);
    QCOMPARE(m_window->size(), QSize(1280, 800));
    for (QPushButton* button : panel()->findChildren<QPushButton*>()) {
        const QRect shown(button->mapTo(m_window.get(), QPoint(0, 0)), button->size());
        QVERIFY2(m_window->rect().contains(shown), qPrintable(button->text()));
    }
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("FLICKDESK_SCREENSHOT_DIR is not set");
    QVERIFY(QDir().mkpath(dir));
    QTest::qWait(100);
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = m_window->grab().toImage()), 5000);
    QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("results-1280x800.png"))));
}

QTEST_MAIN(TestResultsPanel)
#include "tst_resultspanel.moc"
