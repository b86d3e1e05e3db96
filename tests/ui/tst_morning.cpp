// The director's whole morning (issue 14), through the real MainWindow at 1280x800, on the keyboard
// wherever a director would use it, every keystroke and click counted: a first start with the
// sample history; Ctrl+N, a Tier 2 singles event; 60 entrants: 47 by the type-ahead (a few letters
// of a name, Enter), 3 new players (Enter on an unknown name, the location, Enter) and a pasted list
// of 10; "Check in all registered" (Alt+G) and the 5 who did not come unchecked (Space); 2 withdrawn
// (Alt+W, DECISIONS P3: they stay in N); the payout preview against core::payoutTable of the stored
// entrants, and its PDF; the simulator; places numbered (Ctrl+Shift+N), moved and typed, a tie shown
// and broken (DECISIONS N4); the award (P2) with its points beside the places; the submission file
// exported and imported into a second database, equal; a doubles event with pairs; a Tier 3
// recreational doubles of 8 teams (issue 25: 2 new players, check-in by id, a team removed before
// the start and one withdrawn after it, places typed, the award, then a duplicate new player merged
// into the real one, DECISIONS D1a); the Ratings, Standings and Tier Report tabs; quit (Ctrl+Q) and
// reopen, the event still there. It prints "morning: K keystrokes, C clicks" and, counted on their
// own, "doubles: K keystrokes, C clicks". A file dialog cannot be driven in a test: the window's own
// functions take the path, and the keys a director types there (the name, Enter) are counted.
// Every wait for the event loop or background work is generous (underLoad): a loaded machine makes
// the test slower, never failing. With FLICKDESK_SCREENSHOT_DIR set it saves morning-1..6 PNGs,
// each checked not to be blank.
#include "../common/imagecheck.h"
#include "../common/keyboard.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/typeahead.h"
#include "../common/verifyevent.h"
#include "../common/windowactivation.h"
#include "core/awards/monthlocks.h"
#include "core/awards/payout.h"
#include "core/store/store.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "models/eventday/playersearchmodel.h"
#include "models/ratings/playereventsmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventeditor.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/eventday/simulatorwidget.h"
#include "widgets/mainwindow.h"
#include "widgets/playerdialog.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>
#include <algorithm>
#include <map>
#include <memory>

using namespace flickdesk;
using testing::activate;
using ui::MainWindow;

namespace {

// place:unit by place. (The listed order itself is not part of the submission file: an imported
// event lists its standings by unit number.)
QStringList placings(std::vector<core::Placing> standings)
{
    std::sort(standings.begin(), standings.end(),
              [](const core::Placing& a, const core::Placing& b) { return a.place < b.place; });
    QStringList rows;
    for (const core::Placing& placing : standings)
        rows.append(QStringLiteral("%1:%2").arg(placing.place).arg(placing.unit));
    return rows;
}

// How long a step waits for what the window does in the background or through the event loop (the
// month's ratings, a dialog opening or closing, the focus): generous, so that a machine under heavy
// load is slower but never fails; a wait that succeeds returns at once.
constexpr int underLoad = 30000;

// Every key the director presses goes through tests/common/keyboard.h, which prints and counts it.
using testing::click;
using testing::press;
using testing::type;
int& keystrokes = testing::keyCount().keystrokes;
int& clicks = testing::keyCount().clicks;

// The keys typed into a file dialog (the file's name, Enter) that the test replaces by a path.
void typedInFileDialog(const QString& fileName)
{
    keystrokes += int(fileName.size()) + 1;
}

} // namespace

class TestMorning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void firstStartWithTheSample();
    void newTierTwoSinglesEvent();
    void fortySevenByTheTypeAhead();
    void threeNewPlayers();
    void aPastedListOfTen();
    void fiftyFiveCheckedInTwoWithdrawn();
    void previewAndItsPdf();
    void simulatorFromTheEvent();
    void placesWithATie();
    void award();
    void exportAndImportIntoASecondDatabase();
    void aDoublesEventWithPairs();
    void recreationalDoublesOfEightTeams();
    void ratingsStandingsAndTierTabs();
    void quitAndReopen();

private:
    void screenshot(const QString& name, QWidget* widget);
    // The entrants list, by keyboard: Alt+C ("Check-in list").
    void focusEntrants();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QString m_database;
    QString m_eventId;
    QString m_doublesId;
    QStringList m_typed;  // the 47 chosen by the type-ahead
    QStringList m_pasted; // the 10 of the pasted list
    QString m_exported;
    QString m_recDoublesId;
    int m_doublesKeystrokes = -1; // the recreational doubles flow, counted on its own
    int m_doublesClicks = 0;
};

void TestMorning::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_morning"));
    QVERIFY(m_dir.isValid());
    m_database = m_dir.filePath(QStringLiteral("first.sqlite"));
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800); // the smallest screen the morning must fit
    m_window->show();
    QVERIFY(activate(m_window.get(), underLoad));
}

void TestMorning::cleanupTestCase()
{
    m_window.reset();
    qInfo("morning: %d keystrokes, %d clicks", keystrokes, clicks);
    if (m_doublesKeystrokes >= 0)
        qInfo("doubles: %d keystrokes, %d clicks", m_doublesKeystrokes, m_doublesClicks);
}

void TestMorning::screenshot(const QString& name, QWidget* widget)
{
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QVERIFY(QDir().mkpath(dir));
    QTest::qWait(100); // widgets added to a visible window are shown by a queued call
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = widget->grab().toImage()), underLoad);
    const QString path = QDir(dir).filePath(name + QStringLiteral(".png"));
    QVERIFY2(image.save(path), qPrintable(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestMorning::focusEntrants()
{
    press(Qt::Key_C, Qt::AltModifier); // the list's own shortcut ("Check-in list")
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->entrantsPanel()->entrantsView()));
}

void TestMorning::firstStartWithTheSample()
{
    QVERIFY(m_window->openDatabase(m_database, MainWindow::FirstStart::LoadSample));
    QVERIFY(m_window->store());
    QCOMPARE(m_window->store()->eventCount(), 153);
    QCOMPARE(m_window->eventList()->rowCount(), 153);
    QCOMPARE(m_window->size(), QSize(1280, 800));
    screenshot(QStringLiteral("morning-1-events"), m_window.get());
}

void TestMorning::newTierTwoSinglesEvent()
{
    press(Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget()), underLoad);
    auto* editor = qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(editor, underLoad));
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(editor->nameEdit()),
                              underLoad);
    type(QStringLiteral("Tavistock Winter Open"));
    press(Qt::Key_Tab); // the date, selected on entry: typing replaces it
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(editor->dateEdit()));
    type(QStringLiteral("20251213"));
    QCOMPARE(editor->dateEdit()->text(), QStringLiteral("2025-12-13"));
    press(Qt::Key_Tab); // format: singles
    QCOMPARE(editor->formatBox()->currentText(), QStringLiteral("Singles"));
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(editor->tierBox()));
    press(Qt::Key_Up); // Tier 3 -> Tier 2
    QVERIFY(editor->tierBox()->currentText().startsWith(QStringLiteral("Tier 2")));
    press(Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(activate(m_window.get(), underLoad));

    ui::EventSession* session = m_window->session();
    QVERIFY(session);
    m_eventId = session->eventId();
    const core::EventRecord& event = session->event();
    QCOMPARE(event.name, QStringLiteral("Tavistock Winter Open"));
    QCOMPARE(event.date, QStringLiteral("2025-12-13"));
    QCOMPARE(event.tier, std::optional<int>(2));
    QCOMPARE(event.format, engine::EventFormat::Singles);
    QCOMPARE(m_window->eventList()->rowCount(), 154);
    // Ready for the first entrant.
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(),
                              static_cast<QWidget*>(m_window->entrantsPanel()->searchEdit()), underLoad);
}

void TestMorning::fortySevenByTheTypeAhead()
{
    core::Store& store = *m_window->store();
    // The players of the latest singles events, newest first: a real field for December 2025. The
    // pasted ten are players whose name no one else has, so that a line means one player.
    const QStringList recent = testing::recentPlayers(store, 120, [](const core::EventSummary& event) {
        return event.format == engine::EventFormat::Singles;
    });
    for (const QString& id : recent) {
        if (m_typed.size() < 47) {
            m_typed.append(id);
            continue;
        }
        if (m_pasted.size() == 10)
            break;
        const QString name = store.player(id)->name;
        const std::vector<core::PlayerMatch> matches = ui::nearMatches(store, name);
        const auto sameName = std::count_if(matches.begin(), matches.end(), [&](const core::PlayerMatch& m) {
            return m.name.compare(name, Qt::CaseInsensitive) == 0;
        });
        if (sameName == 1)
            m_pasted.append(id);
    }
    QCOMPARE(m_typed.size(), 47);
    QCOMPARE(m_pasted.size(), 10);

    const int before = keystrokes;
    for (const QString& id : std::as_const(m_typed))
        testing::addByTypeAhead(*m_window, id);
    qInfo("47 by the type-ahead: %d keystrokes", keystrokes - before);
    ui::EntrantsPanel* panel = m_window->entrantsPanel();
    QCOMPARE(m_window->session()->entrants()->rowCount(), 47);
    QVERIFY2(panel->countsLabel()->text().contains(QStringLiteral("Not checked in: 47")),
             qPrintable(panel->countsLabel()->text()));
    QCOMPARE(m_window->store()->entrants(m_eventId).size(), size_t(47));
}

void TestMorning::threeNewPlayers()
{
    ui::EntrantsPanel* panel = m_window->entrantsPanel();
    const int before = keystrokes;
    const QStringList names = {QStringLiteral("Wendelin Quarry"), QStringLiteral("Oona Brightwater"),
                               QStringLiteral("Taddeo Ruzicka")};
    for (const QString& name : names) {
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->searchEdit()));
        type(name);
        QCOMPARE(m_window->session()->playerSearch()->rowCount(), 0);
        press(Qt::Key_Return); // nobody of that name: to the new-player form, name carried
        QCOMPARE(panel->newPlayerNameEdit()->text(), name);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->newPlayerLocationEdit()));
        type(QStringLiteral("Elmira"));
        press(Qt::Key_Return); // adds the player and enters them
        const core::Entrant& added = m_window->session()->entrants()->entrants().back();
        const std::optional<core::PlayerRecord> player = m_window->store()->player(added.playerIds().front());
        QVERIFY(player);
        QCOMPARE(player->name, name);
        QCOMPARE(player->location, QStringLiteral("Elmira"));
    }
    qInfo("3 new players: %d keystrokes", keystrokes - before);
    QCOMPARE(m_window->session()->entrants()->rowCount(), 50);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->searchEdit()));
}

void TestMorning::aPastedListOfTen()
{
    QStringList lines;
    for (const QString& id : std::as_const(m_pasted))
        lines.append(m_window->store()->player(id)->name);
    // The list the director copied from the club's e-mail.
    QApplication::clipboard()->setText(lines.join(u'\n') + u'\n');
    press(Qt::Key_L, Qt::AltModifier); // Paste a list...
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<ui::NameListDialog*>(QApplication::activeModalWidget()), underLoad);
    auto* dialog = qobject_cast<ui::NameListDialog*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(dialog, underLoad));
    auto* text = dialog->findChild<QPlainTextEdit*>(QStringLiteral("nameListText"));
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(text), underLoad);
    press(Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(text->toPlainText().trimmed(), lines.join(u'\n'));
    press(Qt::Key_F, Qt::AltModifier); // Find players (From fi&le... has its own letter)
    QTRY_COMPARE_WITH_TIMEOUT(dialog->table()->rowCount(), 10, underLoad);
    for (int row = 0; row < 10; ++row)
        QCOMPARE(dialog->choices().at(size_t(row)).playerId, m_pasted.at(row));
    press(Qt::Key_A, Qt::AltModifier); // Add these entrants
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(activate(m_window.get(), underLoad));
    const ui::EntrantListModel* entrants = m_window->session()->entrants();
    QCOMPARE(entrants->rowCount(), 60);
    for (int i = 0; i < 10; ++i)
        QCOMPARE(entrants->entrants().at(size_t(50 + i)).playerIds(), QStringList{m_pasted.at(i)});
    QCOMPARE(m_window->store()->entrants(m_eventId).size(), size_t(60));
    QVERIFY2(m_window->entrantsPanel()->countsLabel()->text().contains(QStringLiteral("Not checked in: 60")),
             qPrintable(m_window->entrantsPanel()->countsLabel()->text()));
}

void TestMorning::fiftyFiveCheckedInTwoWithdrawn()
{
    ui::EntrantsPanel* panel = m_window->entrantsPanel();
    const ui::EntrantListModel* entrants = m_window->session()->entrants();
    press(Qt::Key_G, Qt::AltModifier); // Check in all registered
    QTRY_COMPARE_WITH_TIMEOUT(entrants->startedCount(), 60, underLoad);

    // The five who did not come: the last five of the list.
    focusEntrants();
    QTableView* view = panel->entrantsView();
    press(Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(view->currentIndex().row(), 59);
    for (int i = 0; i < 5; ++i) {
        if (i > 0)
            press(Qt::Key_Up);
        press(Qt::Key_Space);
    }
    QCOMPARE(entrants->startedCount(), 55);
    QCOMPARE(entrants->registeredCount(), 5);
    for (int row = 55; row < 60; ++row)
        QCOMPARE(entrants->entrants().at(size_t(row)).status, core::EntrantStatus::Registered);

    // Two withdraw after starting: the first two of the list (DECISIONS P3: they stay in N).
    press(Qt::Key_Home, Qt::ControlModifier);
    QCOMPARE(view->currentIndex().row(), 0);
    press(Qt::Key_W, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(entrants->withdrawnCount(), 1, underLoad);
    if (QApplication::focusWidget() != view)
        focusEntrants();
    QCOMPARE(view->currentIndex().row(), 0);
    press(Qt::Key_Down);
    press(Qt::Key_W, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(entrants->withdrawnCount(), 2, underLoad);
    QCOMPARE(entrants->startedCount(), 53);

    const QString counts = panel->countsLabel()->text();
    QVERIFY2(counts.contains(QStringLiteral("Not checked in: 5")) &&
                 counts.contains(QStringLiteral("Checked in: 53")) &&
                 counts.contains(QStringLiteral("Withdrawn: 2")) &&
                 counts.contains(QStringLiteral("Field (N): 55")),
             qPrintable(counts));
    // In the real file.
    int began = 0;
    int withdrawn = 0;
    for (const core::Entrant& entrant : m_window->store()->entrants(m_eventId)) {
        began += entrant.began() ? 1 : 0;
        withdrawn += entrant.status == core::EntrantStatus::Withdrawn ? 1 : 0;
    }
    QCOMPARE(began, 55);
    QCOMPARE(withdrawn, 2);
    // Ctrl+Z takes the last withdrawal back, Ctrl+Shift+Z brings it again.
    press(Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(entrants->withdrawnCount(), 1);
    press(Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(entrants->withdrawnCount(), 2);
    // The preview's chart at 1280x800: its legend (two lines here) under the chart, never drawn
    // over the axis title.
    auto* chart = panel->findChild<QWidget*>(QStringLiteral("payoutChartView"));
    auto* legend = panel->findChild<QLabel*>(QStringLiteral("payoutChartLegend"));
    QVERIFY(chart && legend && chart->parentWidget() == legend->parentWidget());
    QTRY_VERIFY2_WITH_TIMEOUT(legend->y() > chart->geometry().bottom() &&
                                  legend->height() >= legend->heightForWidth(legend->width()),
                              qPrintable(QStringLiteral("chart %1..%2, legend from %3, %4 high of %5")
                                             .arg(chart->y())
                                             .arg(chart->geometry().bottom())
                                             .arg(legend->y())
                                             .arg(legend->height())
                                             .arg(legend->heightForWidth(legend->width()))),
                              underLoad);
    screenshot(QStringLiteral("morning-2-entrants-preview"), m_window.get());
}

void TestMorning::previewAndItsPdf()
{
    // The month's ratings are computed in the background when the event is created: the preview
    // shows them once they are in (a loaded machine takes longer).
    QVERIFY(testing::waitForRatings(*m_window->session(), underLoad));
    core::Store& store = *m_window->store();
    const std::optional<core::EventRecord> event = store.event(m_eventId);
    QVERIFY(event);
    const std::vector<core::Entrant> stored = store.entrants(m_eventId);
    std::vector<const core::Entrant*> began;
    for (const core::Entrant& entrant : stored) {
        if (entrant.began())
            began.push_back(&entrant);
    }
    const engine::PayoutTable expected =
        core::payoutTable(core::payoutTermsOf(*event), began, core::MonthLocks(store).lockFor(event->date));
    const engine::PayoutTable& shown = m_window->entrantsPanel()->preview()->table();
    QCOMPARE(shown.fieldSize, 55);
    QCOMPARE(expected.fieldSize, 55);
    QCOMPARE(shown.fieldStrengthIndex, expected.fieldStrengthIndex);
    QCOMPARE(shown.fieldDepthIndex, expected.fieldDepthIndex);
    QCOMPARE(shown.tier, engine::Tier::Two);
    QCOMPARE(shown.awards, expected.awards);
    QCOMPARE(m_window->session()->payoutPreview()->rowCount(), 55);
    QCOMPARE(m_window->session()->payoutPreview()->fieldStrengthIndex(), expected.fieldStrengthIndex);

    // File > Save Payout Preview as PDF (Alt+F, D), then the file's name in the dialog.
    keystrokes += 2;
    typedInFileDialog(QStringLiteral("payout"));
    const QString pdf = m_dir.filePath(QStringLiteral("payout.pdf"));
    QVERIFY(m_window->entrantsPanel()->savePreviewPdf(pdf));
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(5) == "%PDF-");
}

void TestMorning::simulatorFromTheEvent()
{
    press(Qt::Key_M, Qt::ControlModifier);
    QCOMPARE(m_window->tabs()->currentWidget(), static_cast<QWidget*>(m_window->simulator()));
    const engine::PayoutTable& preview = m_window->session()->payoutPreview()->table();
    QCOMPARE(m_window->simulator()->fieldSize(), 55);
    QCOMPARE(m_window->simulator()->table().awards, preview.awards);
    press(Qt::Key_D, Qt::AltModifier); // back to the Event Day
    QCOMPARE(m_window->tabs()->currentIndex(), 0);
}

void TestMorning::placesWithATie()
{
    ui::ResultsPanel* results = m_window->resultsPanel();
    QStandardItemModel* model = results->standingsModel();
    QTableView* view = results->standingsView();
    // Number in listed order: the Results tab, places 1..55, one undo step.
    press(Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_window->eventTabs()->currentWidget(), static_cast<QWidget*>(results));
    QCOMPARE(model->rowCount(), 55);
    QCOMPARE(model->item(54, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 55);
    QCOMPARE(m_window->store()->standings(m_eventId).size(), size_t(55));
    // The standings have the focus, ready for Ctrl+Up and a typed place.
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view));

    // The sheet says the sixth listed finished fourth: down to it, Ctrl+Up twice.
    press(Qt::Key_Home, Qt::ControlModifier);
    for (int i = 0; i < 5; ++i)
        press(Qt::Key_Down);
    QCOMPARE(view->currentIndex().row(), 5);
    const int moved = model->item(5, ui::ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt();
    press(Qt::Key_Up, Qt::ControlModifier);
    press(Qt::Key_Up, Qt::ControlModifier);
    QCOMPARE(model->item(3, ui::ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt(), moved);
    QCOMPARE(model->item(3, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 4);

    // Two shared tenth place on the sheet: the eleventh row is typed 10, Enter (DECISIONS N4).
    for (int i = 0; i < 7; ++i)
        press(Qt::Key_Down);
    QCOMPARE(view->currentIndex().row(), 10);
    if (view->currentIndex().column() != ui::ResultsPanel::PlaceColumn)
        view->setCurrentIndex(model->index(10, ui::ResultsPanel::PlaceColumn));
    press(Qt::Key_1); // opens the editor with "1"
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::focusWidget() != view, underLoad);
    type(QStringLiteral("0"));
    press(Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(model->item(10, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 10,
                              underLoad);
    QCOMPARE(model->item(9, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 10);

    press(Qt::Key_R, Qt::ControlModifier); // Validate
    QVERIFY(results->defectsList()->count() >= 1);
    QVERIFY2(results->defectsList()->item(0)->text().contains(QStringLiteral("10")),
             qPrintable(results->defectsList()->item(0)->text()));
    QVERIFY(results->breakTiesButton()->isEnabled());
    // No points for a tied place until it is broken.
    QVERIFY(model->item(10, ui::ResultsPanel::PointsColumn)->text().isEmpty());
    screenshot(QStringLiteral("morning-3-results"), m_window.get());
    press(Qt::Key_B, Qt::AltModifier); // Break ties by listed order
    QTRY_VERIFY_WITH_TIMEOUT(!results->breakTiesButton()->isEnabled(), underLoad);
    QVERIFY(m_window->session()->validateResults().ok());
    const std::vector<core::Placing> standings = m_window->store()->standings(m_eventId);
    QCOMPARE(standings.size(), size_t(55));
    for (size_t i = 0; i < standings.size(); ++i)
        QCOMPARE(standings.at(i).place, int(i) + 1);
    QCOMPARE(standings.at(3).unit, moved);
}

void TestMorning::award()
{
    ui::ResultsPanel* results = m_window->resultsPanel();
    // Award waits for the month's ratings (computed in the background), as the button does.
    QTRY_VERIFY_WITH_TIMEOUT(results->awardButton()->isEnabled(), underLoad);
    press(Qt::Key_A, Qt::AltModifier); // Award points...
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), underLoad);
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    QCOMPARE(box->objectName(), QStringLiteral("awardConfirmation"));
    QVERIFY(QTest::qWaitForWindowActive(box, underLoad));
    // The keys go where the focus is: into the box once it has it (a loaded machine hands it late).
    QTRY_VERIFY_WITH_TIMEOUT(box->isAncestorOf(QApplication::focusWidget()), underLoad);
    press(Qt::Key_Y, Qt::AltModifier); // Yes (the default is Cancel)
    QTRY_VERIFY_WITH_TIMEOUT(m_window->session()->isAwarded(), underLoad);
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(activate(m_window.get(), underLoad));

    const std::optional<core::AwardRecord> awarded = m_window->store()->currentAward(m_eventId);
    QVERIFY(awarded);
    const engine::PayoutTable& preview = m_window->entrantsPanel()->preview()->table();
    QCOMPARE(awarded->fsi, preview.fieldStrengthIndex);
    QCOMPARE(awarded->awards.size(), size_t(55));
    // The points beside the places, as awarded.
    QStandardItemModel* model = results->standingsModel();
    std::map<QString, double> points;
    for (const core::PlayerAward& award : awarded->awards)
        points[award.playerId] = award.points;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QStringList ids =
            model->item(row, ui::ResultsPanel::PlayersColumn)->data(Qt::UserRole).toStringList();
        QVERIFY(!ids.isEmpty() && points.count(ids.front()));
        QCOMPARE(model->item(row, ui::ResultsPanel::PointsColumn)->text(),
                 QLocale().toString(points.at(ids.front()), 'f', 1));
    }
    QVERIFY(points.at(
                model->item(0, ui::ResultsPanel::PlayersColumn)->data(Qt::UserRole).toStringList().front()) >
            0.0);
    // The two withdrawn, withdrawn after the rows were laid out, show the whole word.
    QTableView* view = results->standingsView();
    QVERIFY(view->columnWidth(ui::ResultsPanel::StatusColumn) >=
            static_cast<const QAbstractItemView*>(view)->sizeHintForColumn(ui::ResultsPanel::StatusColumn));
    // DECISIONS P2: frozen.
    QVERIFY(!m_window->session()->isEditable());
    QVERIFY(!results->awardButton()->isEnabled());
    screenshot(QStringLiteral("morning-4-awarded"), m_window.get());
}

void TestMorning::exportAndImportIntoASecondDatabase()
{
    // Export for Submission (Ctrl+Shift+E; it opens the file dialog, so it is counted, not sent),
    // then the file's name in the dialog.
    ++keystrokes;
    typedInFileDialog(QStringLiteral("tavistock"));
    m_exported = m_dir.filePath(QStringLiteral("tavistock.json"));
    QCOMPARE(m_window->exportEventTo(m_exported), QString());
    QVERIFY(QFileInfo::exists(m_exported));
    // The association checks the file without trusting this desk (verify-event: the points from the
    // file's own lock).
    const QString differences = testing::verifyEventDifferences(m_exported);
    QVERIFY2(differences.isEmpty(), qPrintable(differences));

    MainWindow second;
    QVERIFY(second.openDatabase(m_dir.filePath(QStringLiteral("second.sqlite")),
                                MainWindow::FirstStart::StartEmpty));
    QCOMPARE(second.importEventFrom(m_exported), QString());
    QCOMPARE(second.store()->eventCount(), 1);
    core::Store& first = *m_window->store();
    const std::optional<core::EventRecord> original = first.event(m_eventId);
    const std::optional<core::EventRecord> imported = second.store()->event(m_eventId);
    QVERIFY(original && imported);
    QVERIFY(*imported == *original);
    QCOMPARE(placings(second.store()->standings(m_eventId)), placings(first.standings(m_eventId)));
    QVERIFY(second.store()->currentAward(m_eventId) == first.currentAward(m_eventId));
    QVERIFY(activate(m_window.get(), underLoad));
}

void TestMorning::aDoublesEventWithPairs()
{
    press(Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget()), underLoad);
    auto* editor = qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(editor, underLoad));
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(editor->nameEdit()),
                              underLoad);
    type(QStringLiteral("Tavistock Doubles"));
    press(Qt::Key_Tab);
    type(QStringLiteral("20251213"));
    press(Qt::Key_Tab);
    press(Qt::Key_Down); // Doubles
    QCOMPARE(editor->formatBox()->currentText(), QStringLiteral("Doubles"));
    press(Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(activate(m_window.get(), underLoad));
    m_doublesId = m_window->session()->eventId();
    QVERIFY(m_doublesId != m_eventId);
    QCOMPARE(m_window->session()->event().format, engine::EventFormat::Doubles);
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(),
                              static_cast<QWidget*>(m_window->entrantsPanel()->searchEdit()), underLoad);

    for (int i = 0; i < 4; ++i)
        testing::addByTypeAhead(*m_window, m_typed.at(i));
    // Pairs: two rows selected (Shift+Down), Pair partners (Alt+A).
    focusEntrants();
    press(Qt::Key_Home, Qt::ControlModifier);
    press(Qt::Key_Down, Qt::ShiftModifier);
    press(Qt::Key_A, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->entrants()->rowCount(), 3, underLoad);
    if (QApplication::focusWidget() != m_window->entrantsPanel()->entrantsView())
        focusEntrants();
    // The other two: wherever the new team was listed, the two single players left.
    if (m_window->session()->entrants()->entrants().front().playerIds().size() == 2) {
        press(Qt::Key_End, Qt::ControlModifier); // moves without selecting
        press(Qt::Key_Up);
        press(Qt::Key_Down, Qt::ShiftModifier);
    } else {
        press(Qt::Key_Home, Qt::ControlModifier);
        press(Qt::Key_Down);
        press(Qt::Key_Up, Qt::ShiftModifier);
    }
    QCOMPARE(m_window->entrantsPanel()->entrantsView()->selectionModel()->selectedRows().size(), 2);
    press(Qt::Key_A, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->entrants()->rowCount(), 2, underLoad);
    QSet<QString> paired;
    for (const core::Entrant& team : m_window->store()->entrants(m_doublesId)) {
        QCOMPARE(team.playerIds().size(), 2);
        for (const QString& id : team.playerIds())
            paired.insert(id);
    }
    QCOMPARE(paired, QSet<QString>(m_typed.begin(), m_typed.begin() + 4));
    press(Qt::Key_G, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->session()->entrants()->startedCount(), 2, underLoad);
    QVERIFY2(m_window->entrantsPanel()->countsLabel()->text().contains(QStringLiteral("Field (N): 2")),
             qPrintable(m_window->entrantsPanel()->countsLabel()->text()));
}

// Issue 25's doubles morning, by keyboard through the window: a Tier 3 recreational doubles event
// of 8 teams, two of whose players are new (entered by name and location), checked in by id at the
// desk; one team does not come (removed before the start: not in N), one withdraws after it
// (DECISIONS P3: stays in N); the preview against core::payoutTable of the stored entrants; places
// typed; the award; then one of the new players turns out to be a sample player entered twice and
// is merged into them (DECISIONS D1a): awards and points unchanged, the real player holds the
// finish. Its keystrokes are counted on their own ("doubles: K keystrokes").
void TestMorning::recreationalDoublesOfEightTeams()
{
    const int keysBefore = keystrokes;
    const int clicksBefore = clicks;
    core::Store& store = *m_window->store();
    ui::EntrantsPanel* panel = m_window->entrantsPanel();

    // The sample players of the eight teams (none of the earlier doubles), and the player the
    // second new name turns out to be: a sample player of the morning's field, whom the director
    // types with a misspelt surname that finds nobody.
    const QStringList partners = m_typed.mid(4, 14);
    QString realId;
    QString misspelt;
    for (const QString& id : m_typed.mid(18)) {
        const QString name = store.player(id)->name;
        const qsizetype space = name.lastIndexOf(u' ');
        if (space < 0 || name.size() - space < 4)
            continue;
        QString typo = name;
        typo.remove(name.size() - 2, 1); // "Zeller" -> "Zeler"
        if (store.searchPlayers(typo, 1).empty()) {
            realId = id;
            misspelt = typo;
            break;
        }
    }
    QVERIFY2(!realId.isEmpty(), "no sample player for the duplicate");
    const QString newName = QStringLiteral("Philippa Vandersloot");

    // Event > New Event: the name, the date, Doubles, Tier 3 (the proposal), the Recreational Tour.
    press(Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget()), underLoad);
    auto* editor = qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(editor, underLoad));
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(editor->nameEdit()),
                              underLoad);
    type(QStringLiteral("Elmira Rec Doubles"));
    press(Qt::Key_Tab);
    type(QStringLiteral("20251213"));
    press(Qt::Key_Tab);
    press(Qt::Key_Down); // Doubles
    QCOMPARE(editor->formatBox()->currentText(), QStringLiteral("Doubles"));
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(editor->tierBox()));
    QVERIFY(editor->tierBox()->currentText().startsWith(QStringLiteral("Tier 3")));
    press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(editor->divisionBox()));
    press(Qt::Key_Down); // Recreational Tour
    QCOMPARE(editor->divisionBox()->currentData().toInt(), int(core::Tour::Recreational));
    press(Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(activate(m_window.get(), underLoad));
    ui::EventSession* session = m_window->session();
    m_recDoublesId = session->eventId();
    QVERIFY(m_recDoublesId != m_doublesId && m_recDoublesId != m_eventId);
    QCOMPARE(session->event().format, engine::EventFormat::Doubles);
    QCOMPARE(session->event().tier, std::optional<int>(3));
    QCOMPARE(session->event().tour, core::Tour::Recreational);
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(panel->searchEdit()),
                              underLoad);

    // A new player: the name that finds nobody, Enter, the location, Enter.
    QStringList newIds;
    const auto addNewPlayer = [&](const QString& name, const QString& location) {
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->searchEdit()));
        type(name);
        QCOMPARE(session->playerSearch()->rowCount(), 0);
        press(Qt::Key_Return);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->newPlayerLocationEdit()));
        type(location);
        press(Qt::Key_Return);
        const core::Entrant& added = session->entrants()->entrants().back();
        QCOMPARE(added.players.size(), size_t(1));
        QCOMPARE(added.players.front().name, name);
        QCOMPARE(added.players.front().location, location);
        QVERIFY(added.playerIds().front() != realId);
        newIds.append(added.playerIds().front());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->searchEdit()));
    };
    // Team by team as they register: two partners, then Pair partners on the last two rows (the
    // list, Ctrl+End, Up, Shift+Down, Alt+A) and back to the search (Ctrl+F).
    int partner = 0;
    for (int team = 0; team < 8; ++team) {
        for (int seat = 0; seat < 2; ++seat) {
            if (team == 2 && seat == 0) {
                addNewPlayer(misspelt, store.player(realId)->location);
                if (QTest::currentTestFailed())
                    return;
            } else if (team == 5 && seat == 1) {
                addNewPlayer(newName, QStringLiteral("Elmira"));
                if (QTest::currentTestFailed())
                    return;
            } else {
                testing::addByTypeAhead(*m_window, partners.at(partner++));
                if (QTest::currentTestFailed())
                    return;
            }
        }
        focusEntrants();
        press(Qt::Key_End, Qt::ControlModifier);
        press(Qt::Key_Up);
        press(Qt::Key_Down, Qt::ShiftModifier);
        QCOMPARE(panel->entrantsView()->selectionModel()->selectedRows().size(), 2);
        press(Qt::Key_A, Qt::AltModifier);
        QTRY_COMPARE_WITH_TIMEOUT(session->entrants()->rowCount(), team + 1, underLoad);
        QCOMPARE(session->entrants()->entrants().back().players.size(), size_t(2));
        press(Qt::Key_F, Qt::ControlModifier);
    }
    QCOMPARE(partner, 14);
    QCOMPARE(newIds.size(), 2);
    const ui::EntrantListModel* entrants = session->entrants();
    // Eight teams, stored as units 1, 3, 5... and shown as teams 1 to 8.
    const std::vector<core::Entrant> teams = entrants->entrants();
    QCOMPARE(teams.size(), size_t(8));
    for (int row = 0; row < 8; ++row) {
        QCOMPARE(teams.at(size_t(row)).players.size(), size_t(2));
        QCOMPARE(entrants->index(row, ui::EntrantListModel::NumberColumn).data().toInt(), row + 1);
    }
    const QString duplicateId = newIds.at(0);
    QVERIFY(teams.at(2).playerIds().contains(duplicateId));
    QVERIFY(teams.at(5).playerIds().contains(newIds.at(1)));

    // The desk: Alt+I, each arriving team's id (the sample partner's), Enter. Team 5 never comes.
    press(Qt::Key_I, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->checkInEdit()));
    for (int row = 0; row < 8; ++row) {
        if (row == 4)
            continue;
        const QStringList ids = teams.at(size_t(row)).playerIds();
        type(newIds.contains(ids.at(0)) ? ids.at(1) : ids.at(0));
        press(Qt::Key_Return);
        QCOMPARE(panel->checkInEdit()->text(), QString());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->checkInEdit()));
    }
    QTRY_COMPARE_WITH_TIMEOUT(entrants->startedCount(), 7, underLoad);
    QCOMPARE(entrants->registeredCount(), 1);
    QCOMPARE(store.entrant(m_recDoublesId, teams.at(4).number)->status, core::EntrantStatus::Registered);

    // The start: team 5 is not there. It cannot withdraw (it never began: P3); Delete removes it,
    // and the teams after it are numbered 5 to 7.
    focusEntrants();
    press(Qt::Key_Home, Qt::ControlModifier);
    for (int i = 0; i < 4; ++i)
        press(Qt::Key_Down);
    QCOMPARE(panel->entrantsView()->currentIndex().row(), 4);
    QVERIFY(!panel->withdrawButton()->isEnabled());
    press(Qt::Key_Delete);
    QTRY_COMPARE_WITH_TIMEOUT(entrants->rowCount(), 7, underLoad);
    QVERIFY(!store.entrant(m_recDoublesId, teams.at(4).number));
    // The stored numbers keep the gap; the list (and the Results tab) number the teams 1 to 7.
    QCOMPARE(entrants->entrants().back().number, teams.back().number);
    QVERIFY(teams.back().number > 7);
    for (int row = 0; row < 7; ++row)
        QCOMPARE(entrants->index(row, ui::EntrantListModel::NumberColumn).data().toInt(), row + 1);
    // Team 2 leaves after the first round: withdrawn (Alt+W in the list), still in N (P3).
    if (QApplication::focusWidget() != panel->entrantsView())
        focusEntrants();
    press(Qt::Key_Home, Qt::ControlModifier);
    press(Qt::Key_Down);
    QCOMPARE(panel->entrantsView()->currentIndex().data(ui::EntrantListModel::UnitRole).toInt(),
             teams.at(1).number);
    QVERIFY(panel->withdrawButton()->isEnabled());
    press(Qt::Key_W, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(entrants->withdrawnCount(), 1, underLoad);
    QCOMPARE(store.entrant(m_recDoublesId, teams.at(1).number)->status, core::EntrantStatus::Withdrawn);
    QCOMPARE(entrants->startedCount(), 6);
    QCOMPARE(entrants->registeredCount(), 0);
    const QString counts = panel->countsLabel()->text();
    QVERIFY2(counts.contains(QStringLiteral("Checked in: 6")) &&
                 counts.contains(QStringLiteral("Withdrawn: 1")) &&
                 counts.contains(QStringLiteral("Field (N): 7")),
             qPrintable(counts));

    // The preview: N = 7 teams, and its winner's points (every place's) those of core::payoutTable
    // of the stored entrants that began, from the month's locked ratings.
    QVERIFY(testing::waitForRatings(*session, underLoad));
    const std::optional<core::EventRecord> event = store.event(m_recDoublesId);
    QVERIFY(event);
    const std::vector<core::Entrant> stored = store.entrants(m_recDoublesId);
    QCOMPARE(stored.size(), size_t(7));
    std::vector<const core::Entrant*> began;
    for (const core::Entrant& entrant : stored) {
        if (entrant.began())
            began.push_back(&entrant);
    }
    QCOMPARE(began.size(), size_t(7));
    const engine::PayoutTable expected =
        core::payoutTable(core::payoutTermsOf(*event), began, core::MonthLocks(store).lockFor(event->date));
    QCOMPARE(expected.fieldSize, 7);
    QCOMPARE(expected.format, engine::EventFormat::Doubles);
    QCOMPARE(expected.tier, engine::Tier::Three);
    QTRY_COMPARE_WITH_TIMEOUT(panel->preview()->table().fieldSize, 7, underLoad);
    const engine::PayoutTable& shown = panel->preview()->table();
    QCOMPARE(shown.fieldStrengthIndex, expected.fieldStrengthIndex);
    QCOMPARE(shown.fieldDepthIndex, expected.fieldDepthIndex);
    QCOMPARE(shown.winnerPoints(), expected.winnerPoints());
    QCOMPARE(shown.awards, expected.awards);
    QVERIFY(expected.awards.front() > 0.0);
    QCOMPARE(session->payoutPreview()->rowCount(), 7);

    // Places from the sheet, typed on the Results tab (Alt+2): a digit, Enter, row after row. The
    // rows are the teams that began, numbered as the entrant list numbers them (1 to 7).
    press(Qt::Key_2, Qt::AltModifier);
    ui::ResultsPanel* results = m_window->resultsPanel();
    QCOMPARE(m_window->eventTabs()->currentWidget(), static_cast<QWidget*>(results));
    QStandardItemModel* model = results->standingsModel();
    QTableView* view = results->standingsView();
    QCOMPARE(model->rowCount(), 7);
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(view), underLoad);
    QCOMPARE(view->currentIndex(), model->index(0, ui::ResultsPanel::PlaceColumn));
    std::map<int, int> placeOfUnit;
    const std::vector<int> sheet = {3, 7, 1, 5, 2, 6, 4}; // the withdrawn team (row 2) last
    for (int row = 0; row < 7; ++row) {
        const int unit = model->item(row, ui::ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt();
        QCOMPARE(model->item(row, ui::ResultsPanel::UnitColumn)->text(),
                 QString::number(entrants->shownNumber(unit)));
        QCOMPARE(model->item(row, ui::ResultsPanel::UnitColumn)->text(), QString::number(row + 1));
        QCOMPARE(view->currentIndex().row(), row);
        type(QString::number(sheet.at(size_t(row))));
        press(Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), static_cast<QWidget*>(view), underLoad);
        placeOfUnit[unit] = sheet.at(size_t(row));
    }
    QCOMPARE(placeOfUnit[teams.at(1).number], 7);
    for (const core::Entrant& entrant : store.entrants(m_recDoublesId)) {
        QVERIFY(entrant.place);
        QCOMPARE(*entrant.place, placeOfUnit.at(entrant.number));
    }
    QVERIFY(session->validateResults().ok());

    // The award: Alt+A, the confirmation, Alt+Y.
    QTRY_VERIFY_WITH_TIMEOUT(results->awardButton()->isEnabled(), underLoad);
    press(Qt::Key_A, Qt::AltModifier);
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()), underLoad);
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    QCOMPARE(box->objectName(), QStringLiteral("awardConfirmation"));
    QVERIFY(QTest::qWaitForWindowActive(box, underLoad));
    // The keys go where the focus is: into the box once it has it (a loaded machine hands it late).
    QTRY_VERIFY_WITH_TIMEOUT(box->isAncestorOf(QApplication::focusWidget()), underLoad);
    press(Qt::Key_Y, Qt::AltModifier);
    QTRY_VERIFY2_WITH_TIMEOUT(session->isAwarded(),
                              qPrintable(m_window->statusBar()->currentMessage() + session->lastError()),
                              underLoad);
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(activate(m_window.get(), underLoad));
    const std::optional<core::AwardRecord> awarded = store.currentAward(m_recDoublesId);
    QVERIFY(awarded);
    QCOMPARE(awarded->fsi, expected.fieldStrengthIndex);
    QCOMPARE(awarded->fdi, expected.fieldDepthIndex);
    QCOMPARE(awarded->awards.size(), size_t(14)); // both partners of each of the 7 teams
    const auto awardOf = [](const core::AwardRecord& award, const QString& id) {
        for (const core::PlayerAward& a : award.awards) {
            if (a.playerId == id)
                return std::optional<core::PlayerAward>(a);
        }
        return std::optional<core::PlayerAward>();
    };
    const auto pointsOf = [&](const core::AwardRecord& award, const QString& id) {
        const std::optional<core::PlayerAward> found = awardOf(award, id);
        return found ? std::optional<double>(found->points) : std::optional<double>();
    };
    const int duplicatePlace = placeOfUnit.at(teams.at(2).number);
    QCOMPARE(pointsOf(*awarded, duplicateId),
             std::optional<double>(expected.awards.at(size_t(duplicatePlace - 1))));
    QVERIFY(!pointsOf(*awarded, realId));

    // After the award: the misspelt new player is the sample player. Alt+1, the list (Alt+C), the
    // third team, F2 "Edit player...", that partner, Merge into (Alt+M) the real id, Enter.
    press(Qt::Key_1, Qt::AltModifier);
    QCOMPARE(m_window->eventTabs()->currentWidget(), static_cast<QWidget*>(panel));
    focusEntrants();
    press(Qt::Key_Home, Qt::ControlModifier);
    press(Qt::Key_Down);
    press(Qt::Key_Down);
    QCOMPARE(panel->entrantsView()->currentIndex().data(ui::EntrantListModel::UnitRole).toInt(),
             teams.at(2).number);
    press(Qt::Key_F2);
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<ui::PlayerDialog*>(QApplication::activeModalWidget()), underLoad);
    auto* dialog = qobject_cast<ui::PlayerDialog*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(dialog, underLoad));
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isAncestorOf(QApplication::focusWidget()), underLoad);
    if (dialog->playerId() != duplicateId) {
        // The team's two players are in the chooser, the focus on it: Down to the other.
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(dialog->playerChooser()));
        press(Qt::Key_Down);
    }
    QCOMPARE(dialog->playerId(), duplicateId);
    press(Qt::Key_M, Qt::AltModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(dialog->mergeEdit()));
    type(realId);
    QCOMPARE(dialog->problemLabel()->text(), QString());
    QVERIFY2(dialog->mergeTargetLabel()->text().contains(realId),
             qPrintable(dialog->mergeTargetLabel()->text()));
    press(Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::activeModalWidget() == nullptr, underLoad);
    QVERIFY(activate(m_window.get(), underLoad));

    // DECISIONS D1a: the duplicate is gone, the real player holds the finish; no point changed.
    QVERIFY(!store.player(duplicateId));
    const std::optional<core::AwardRecord> merged = store.currentAward(m_recDoublesId);
    QVERIFY(merged);
    QCOMPARE(merged->fsi, awarded->fsi);
    QCOMPARE(merged->fdi, awarded->fdi);
    QCOMPARE(merged->awards.size(), awarded->awards.size());
    for (const core::PlayerAward& before : awarded->awards) {
        const QString now = before.playerId == duplicateId ? realId : before.playerId;
        const std::optional<core::PlayerAward> after = awardOf(*merged, now);
        QVERIFY2(after, qPrintable(now));
        QCOMPARE(after->place, before.place);
        QCOMPARE(after->points, before.points);
    }
    QVERIFY(!pointsOf(*merged, duplicateId));
    const std::optional<core::Entrant> finish = store.entrant(m_recDoublesId, teams.at(2).number);
    QVERIFY(finish);
    QVERIFY(finish->playerIds().contains(realId));
    QVERIFY(!finish->playerIds().contains(duplicateId));
    QCOMPARE(finish->place, std::optional<int>(duplicatePlace));
    QVERIFY(entrants->entrant(teams.at(2).number)->playerIds().contains(realId));
    // The Results tab names the real player with the same points.
    bool shownThere = false;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QStringList ids =
            model->item(row, ui::ResultsPanel::PlayersColumn)->data(Qt::UserRole).toStringList();
        if (ids.contains(realId)) {
            shownThere = true;
            QCOMPARE(model->item(row, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(),
                     duplicatePlace);
            QCOMPARE(model->item(row, ui::ResultsPanel::PointsColumn)->text(),
                     QLocale().toString(expected.awards.at(size_t(duplicatePlace - 1)), 'f', 1));
        }
        QVERIFY(!ids.contains(duplicateId));
    }
    QVERIFY(shownThere);
    // The guide's picture: the Results tab after the merge (shown for it, not a key of the flow).
    if (!qEnvironmentVariableIsEmpty("FLICKDESK_SCREENSHOT_DIR")) {
        m_window->eventTabs()->setCurrentWidget(results);
        screenshot(QStringLiteral("morning-6-doubles-awarded"), m_window.get());
    }

    // Counted on their own: the morning's figure stays the morning's.
    m_doublesKeystrokes = keystrokes - keysBefore;
    m_doublesClicks = clicks - clicksBefore;
    keystrokes = keysBefore;
    clicks = clicksBefore;
    qInfo("doubles: %d keystrokes, %d clicks", m_doublesKeystrokes, m_doublesClicks);
    // Kept from growing unnoticed: 269 when it was written (8 teams, 2 new players, a merge).
    QVERIFY2(m_doublesKeystrokes < 320, qPrintable(QString::number(m_doublesKeystrokes)));
    QCOMPARE(m_doublesClicks, 0);
}

void TestMorning::ratingsStandingsAndTierTabs()
{
    press(Qt::Key_R, Qt::AltModifier);
    QCOMPARE(m_window->tabs()->tabText(m_window->tabs()->currentIndex()), QStringLiteral("&Ratings"));
    auto* list = m_window->findChild<ui::RatingsListView*>();
    QVERIFY(list);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 2 * underLoad); // the whole history, rated
    QTRY_VERIFY_WITH_TIMEOUT(list->table()->model()->rowCount() > 1000, underLoad);
    // Tab to the list, Enter on the first player: their page beside it.
    for (int tab = 0; tab < 6 && QApplication::focusWidget() != list->table(); ++tab)
        press(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(list->table()));
    if (!list->table()->currentIndex().isValid())
        press(Qt::Key_Down);
    press(Qt::Key_Return);
    auto* page = m_window->findChild<ui::PlayerPage*>();
    QVERIFY(page);
    QVERIFY(!page->playerId().isEmpty());
    // At 1280x800 the list and the player's events fit: no sideways scrolling, every figure whole.
    QVERIFY(!list->table()->horizontalScrollBar()->isVisible());
    auto* search = list->findChild<QLineEdit*>(QStringLiteral("ratingsSearch"));
    QVERIFY(search);
    QVERIFY(search->width() > search->fontMetrics().horizontalAdvance(search->placeholderText()));
    auto* events = page->findChild<QTableView*>();
    QVERIFY(events);
    QVERIFY(!events->horizontalScrollBar()->isVisible());
    const QHeaderView* header = events->horizontalHeader();
    QVERIFY(header->sectionViewportPosition(header->count() - 1) + header->sectionSize(header->count() - 1) <=
            events->viewport()->width());
    for (int column = 0; column < header->count(); ++column)
        QVERIFY2(header->sectionSize(column) >= header->sectionSizeHint(column) ||
                     column == ui::PlayerEventsModel::EventColumn ||
                     column == ui::PlayerEventsModel::ExplanationColumn,
                 qPrintable(QString::number(column)));
    screenshot(QStringLiteral("morning-5-ratings"), m_window.get());
    press(Qt::Key_S, Qt::AltModifier);
    QCOMPARE(m_window->tabs()->tabText(m_window->tabs()->currentIndex()), QStringLiteral("&Standings"));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->tabs()->currentWidget()->findChild<QTableView*>(), underLoad);
    press(Qt::Key_T, Qt::AltModifier);
    QCOMPARE(m_window->tabs()->tabText(m_window->tabs()->currentIndex()), QStringLiteral("&Tier Report"));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->tabs()->currentWidget()->findChild<QTableView*>(), underLoad);
}

void TestMorning::quitAndReopen()
{
    // Quit: Ctrl+Q where the platform's keys have it (X11); the offscreen platform follows the
    // Windows keys, where it is Alt+F4, which only a window manager handles: one keystroke either way.
    auto* quit = m_window->findChild<QAction*>(QStringLiteral("quitAction"));
    QVERIFY(quit);
    if (quit->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Q))) {
        press(Qt::Key_Q, Qt::ControlModifier);
    } else {
        ++keystrokes;
        quit->trigger();
    }
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isVisible(), underLoad);
    m_window.reset();

    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(activate(m_window.get(), underLoad));
    QVERIFY(m_window->openDatabase(m_database));
    QCOMPARE(m_window->store()->eventCount(), 156);
    // The recreational doubles, awarded, with the merged player's finish.
    QVERIFY(m_window->store()->currentAward(m_recDoublesId));
    QVERIFY(m_window->store()->currentAward(m_eventId));
    QCOMPARE(m_window->store()->entrants(m_eventId).size(), size_t(60));
    // Find Event (Ctrl+L), a few letters: the morning's event in the list.
    press(Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->eventSearch()));
    type(QStringLiteral("tavistock w"));
    QSortFilterProxyModel* filter = m_window->eventFilter();
    QCOMPARE(filter->rowCount(), 1);
    QCOMPARE(filter->index(0, ui::EventListModel::NameColumn).data().toString(),
             QStringLiteral("Tavistock Winter Open"));
    QCOMPARE(filter->index(0, ui::EventListModel::StatusColumn).data().toString(), QStringLiteral("Awarded"));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->eventListView()->isVisible(), underLoad);
    // What the morning costs on the keyboard, kept from growing unnoticed (issue 14 aims under 600).
    QVERIFY2(keystrokes < 600, qPrintable(QString::number(keystrokes)));
    QCOMPARE(clicks, 0);
    const QModelIndex shown = m_window->eventListView()->model()->index(0, ui::EventListModel::NameColumn);
    QVERIFY(m_window->eventListView()->visualRect(shown).intersects(
        m_window->eventListView()->viewport()->rect()));
}

QTEST_MAIN(TestMorning)
#include "tst_morning.moc"
