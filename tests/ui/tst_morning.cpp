// The director's whole morning (issue 14), through the real MainWindow at 1280x800, on the keyboard
// wherever a director would use it, every keystroke and click counted: a first start with the
// sample history; Ctrl+N, a Tier 2 singles event; 60 entrants: 47 by the type-ahead (a few letters
// of a name, Enter), 3 new players (Enter on an unknown name, the location, Enter) and a pasted list
// of 10; "Check in all registered" (Alt+G) and the 5 who did not come unchecked (Space); 2 withdrawn
// (Alt+W, DECISIONS P3: they stay in N); the payout preview against core::payoutTable of the stored
// entrants, and its PDF; the simulator; places numbered (Ctrl+Shift+N), moved and typed, a tie shown
// and broken (DECISIONS N4); the award (P2) with its points beside the places; the submission file
// exported and imported into a second database, equal; a doubles event with pairs; the Ratings,
// Standings and Tier Report tabs; quit (Ctrl+Q) and reopen, the event still there. It prints
// "morning: K keystrokes, C clicks". A file dialog cannot be driven in a test: the window's own
// functions take the path, and the keys a director types there (the name, Enter) are counted.
// With FLICKDESK_SCREENSHOT_DIR set it saves morning-1..5 PNGs, each checked not to be blank.
#include "../common/imagecheck.h"
#include "../common/storefixtures.h"
#include "core/awards/payout.h"
#include "core/store/store.h"
#include "widgets/eventday/entrantlistmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventeditor.h"
#include "widgets/eventday/eventlistmodel.h"
#include "widgets/eventday/eventsession.h"
#include "widgets/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/playersearchmodel.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/eventday/simulatorwidget.h"
#include "widgets/mainwindow.h"
#include "widgets/ratings/playereventsmodel.h"
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
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>
#include <algorithm>
#include <memory>

using namespace flickdesk;
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

// Makes `window` the active window, as a click on it would (the offscreen platform and a bare
// Xvfb, without a window manager, do not hand activation back when a dialog closes).
bool activate(QWidget* window)
{
    window->activateWindow();
    window->windowHandle()->requestActivate();
    QApplication::setActiveWindow(window);
    return QTest::qWaitForWindowActive(window);
}

// Every key the director presses goes through these: to the widget with the focus (or the active
// window), as a keyboard would send it.
int keystrokes = 0;
int clicks = 0;

QWidget* keyTarget()
{
    if (QWidget* focus = QApplication::focusWidget())
        return focus;
    return QApplication::activeWindow();
}

void press(Qt::Key k, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    ++keystrokes;
    QTest::keyClick(keyTarget(), k, modifiers);
}

void type(const QString& text)
{
    keystrokes += int(text.size());
    QTest::keyClicks(keyTarget(), text);
}

// A mouse click, only where the window has no keyboard way (none is needed this morning).
[[maybe_unused]] void click(QWidget* widget)
{
    ++clicks;
    QTest::mouseClick(widget, Qt::LeftButton);
}

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
    void ratingsStandingsAndTierTabs();
    void quitAndReopen();

private:
    void screenshot(const QString& name, QWidget* widget);
    // Types the fewest letters of the player's name that bring them to the top of the type-ahead
    // list (Down when the whole name does not), then Enter.
    void addByTypeAhead(const QString& playerId);
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
    QVERIFY(activate(m_window.get()));
}

void TestMorning::cleanupTestCase()
{
    m_window.reset();
    qInfo("morning: %d keystrokes, %d clicks", keystrokes, clicks);
}

void TestMorning::screenshot(const QString& name, QWidget* widget)
{
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QVERIFY(QDir().mkpath(dir));
    QTest::qWait(100); // widgets added to a visible window are shown by a queued call
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = widget->grab().toImage()), 5000);
    const QString path = QDir(dir).filePath(name + QStringLiteral(".png"));
    QVERIFY2(image.save(path), qPrintable(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestMorning::addByTypeAhead(const QString& playerId)
{
    ui::EntrantsPanel* panel = m_window->entrantsPanel();
    ui::PlayerSearchModel* search = m_window->session()->playerSearch();
    const std::optional<core::PlayerRecord> player = m_window->store()->player(playerId);
    QVERIFY(player);
    QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(panel->searchEdit()));
    const auto onTop = [&] {
        return search->rowCount() > 0 && search->matchAt(0).id == playerId &&
               panel->searchResults()->currentIndex().row() == 0;
    };
    // The fewest letters, as a director who knows the field types them: the start of the first
    // name, or of a later word (a surname).
    QString typedFrom = player->name;
    qsizetype fewest = player->name.size();
    const QStringList words = player->name.split(u' ', Qt::SkipEmptyParts);
    for (qsizetype word = 0; word < words.size(); ++word) {
        const QString from = words.mid(word).join(u' ');
        for (qsizetype letters = 1; letters < std::min(fewest, from.size() + 1); ++letters) {
            const std::vector<core::PlayerMatch> top =
                m_window->store()->searchPlayers(from.left(letters), 1);
            if (!top.empty() && top.front().id == playerId) {
                fewest = letters;
                typedFrom = from;
                break;
            }
        }
    }
    // Or the start of the first name and of the last ("te ja" for Tessa Jarvis).
    if (words.size() > 1) {
        for (qsizetype first = 1; first <= std::min<qsizetype>(3, words.front().size()); ++first) {
            for (qsizetype last = 1; last <= std::min<qsizetype>(3, words.back().size()); ++last) {
                const QString pieces = words.front().left(first) + u' ' + words.back().left(last);
                if (pieces.size() >= fewest)
                    continue;
                const std::vector<core::PlayerMatch> top = m_window->store()->searchPlayers(pieces, 1);
                if (!top.empty() && top.front().id == playerId) {
                    fewest = pieces.size();
                    typedFrom = pieces;
                }
            }
        }
    }
    for (const QChar letter : typedFrom) {
        type(QString(letter));
        if (onTop())
            break;
    }
    if (!onTop()) { // a name two players share (DECISIONS D1): down the list to the right one
        int row = 0;
        while (row < search->rowCount() && search->matchAt(row).id != playerId)
            ++row;
        QVERIFY2(row < search->rowCount(), qPrintable(player->name));
        for (int step = 0; step < row; ++step)
            press(Qt::Key_Down);
        QCOMPARE(panel->searchResults()->currentIndex().row(), row);
    }
    const int before = m_window->session()->entrants()->rowCount();
    press(Qt::Key_Return);
    QCOMPARE(m_window->session()->entrants()->rowCount(), before + 1);
    QCOMPARE(m_window->session()->entrants()->entrants().back().playerIds(), QStringList{playerId});
    QVERIFY(panel->searchEdit()->text().isEmpty());
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
    QTRY_VERIFY(qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget()));
    auto* editor = qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(editor));
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(editor->nameEdit()));
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
    QTRY_VERIFY(QApplication::activeModalWidget() == nullptr);
    QVERIFY(activate(m_window.get()));

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
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->entrantsPanel()->searchEdit()));
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
        addByTypeAhead(id);
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
    QTRY_VERIFY(qobject_cast<ui::NameListDialog*>(QApplication::activeModalWidget()));
    auto* dialog = qobject_cast<ui::NameListDialog*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(dialog));
    auto* text = dialog->findChild<QPlainTextEdit*>(QStringLiteral("nameListText"));
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(text));
    press(Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(text->toPlainText().trimmed(), lines.join(u'\n'));
    press(Qt::Key_F, Qt::AltModifier); // Find players (From fi&le... has its own letter)
    QTRY_COMPARE(dialog->table()->rowCount(), 10);
    for (int row = 0; row < 10; ++row)
        QCOMPARE(dialog->choices().at(size_t(row)).playerId, m_pasted.at(row));
    press(Qt::Key_A, Qt::AltModifier); // Add these entrants
    QTRY_VERIFY(QApplication::activeModalWidget() == nullptr);
    QVERIFY(activate(m_window.get()));
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
    QTRY_COMPARE(entrants->startedCount(), 60);

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
    QTRY_COMPARE(entrants->withdrawnCount(), 1);
    if (QApplication::focusWidget() != view)
        focusEntrants();
    QCOMPARE(view->currentIndex().row(), 0);
    press(Qt::Key_Down);
    press(Qt::Key_W, Qt::AltModifier);
    QTRY_COMPARE(entrants->withdrawnCount(), 2);
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
    screenshot(QStringLiteral("morning-2-entrants-preview"), m_window.get());
}

void TestMorning::previewAndItsPdf()
{
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
        core::payoutTable(core::payoutTermsOf(*event), began, store.lockedRatingsFor(event->date));
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
    QTRY_VERIFY(QApplication::focusWidget() != view);
    type(QStringLiteral("0"));
    press(Qt::Key_Return);
    QTRY_COMPARE(model->item(10, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 10);
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
    QTRY_VERIFY(!results->breakTiesButton()->isEnabled());
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
    press(Qt::Key_A, Qt::AltModifier); // Award points...
    QTRY_VERIFY(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()));
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    QCOMPARE(box->objectName(), QStringLiteral("awardConfirmation"));
    QVERIFY(QTest::qWaitForWindowActive(box));
    press(Qt::Key_Y, Qt::AltModifier); // Yes (the default is Cancel)
    QTRY_VERIFY(m_window->session()->isAwarded());
    QTRY_VERIFY(QApplication::activeModalWidget() == nullptr);
    QVERIFY(activate(m_window.get()));

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
    QVERIFY(activate(m_window.get()));
}

void TestMorning::aDoublesEventWithPairs()
{
    press(Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY(qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget()));
    auto* editor = qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(editor));
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(editor->nameEdit()));
    type(QStringLiteral("Tavistock Doubles"));
    press(Qt::Key_Tab);
    type(QStringLiteral("20251213"));
    press(Qt::Key_Tab);
    press(Qt::Key_Down); // Doubles
    QCOMPARE(editor->formatBox()->currentText(), QStringLiteral("Doubles"));
    press(Qt::Key_Return);
    QTRY_VERIFY(QApplication::activeModalWidget() == nullptr);
    QVERIFY(activate(m_window.get()));
    m_doublesId = m_window->session()->eventId();
    QVERIFY(m_doublesId != m_eventId);
    QCOMPARE(m_window->session()->event().format, engine::EventFormat::Doubles);
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(m_window->entrantsPanel()->searchEdit()));

    for (int i = 0; i < 4; ++i)
        addByTypeAhead(m_typed.at(i));
    // Pairs: two rows selected (Shift+Down), Pair partners (Alt+A).
    focusEntrants();
    press(Qt::Key_Home, Qt::ControlModifier);
    press(Qt::Key_Down, Qt::ShiftModifier);
    press(Qt::Key_A, Qt::AltModifier);
    QTRY_COMPARE(m_window->session()->entrants()->rowCount(), 3);
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
    QTRY_COMPARE(m_window->session()->entrants()->rowCount(), 2);
    QSet<QString> paired;
    for (const core::Entrant& team : m_window->store()->entrants(m_doublesId)) {
        QCOMPARE(team.playerIds().size(), 2);
        for (const QString& id : team.playerIds())
            paired.insert(id);
    }
    QCOMPARE(paired, QSet<QString>(m_typed.begin(), m_typed.begin() + 4));
    press(Qt::Key_G, Qt::AltModifier);
    QTRY_COMPARE(m_window->session()->entrants()->startedCount(), 2);
    QVERIFY2(m_window->entrantsPanel()->countsLabel()->text().contains(QStringLiteral("Field (N): 2")),
             qPrintable(m_window->entrantsPanel()->countsLabel()->text()));
}

void TestMorning::ratingsStandingsAndTierTabs()
{
    press(Qt::Key_R, Qt::AltModifier);
    QCOMPARE(m_window->tabs()->tabText(m_window->tabs()->currentIndex()), QStringLiteral("&Ratings"));
    auto* list = m_window->findChild<ui::RatingsListView*>();
    QVERIFY(list);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 20000);
    QTRY_VERIFY(list->table()->model()->rowCount() > 1000);
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
    QTRY_VERIFY(m_window->tabs()->currentWidget()->findChild<QTableView*>());
    press(Qt::Key_T, Qt::AltModifier);
    QCOMPARE(m_window->tabs()->tabText(m_window->tabs()->currentIndex()), QStringLiteral("&Tier Report"));
    QTRY_VERIFY(m_window->tabs()->currentWidget()->findChild<QTableView*>());
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
    QTRY_VERIFY(!m_window->isVisible());
    m_window.reset();

    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(activate(m_window.get()));
    QVERIFY(m_window->openDatabase(m_database));
    QCOMPARE(m_window->store()->eventCount(), 155);
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
    QTRY_VERIFY(m_window->eventListView()->isVisible());
    // What the morning costs on the keyboard, kept from growing unnoticed (issue 14 aims under 600).
    QVERIFY2(keystrokes < 600, qPrintable(QString::number(keystrokes)));
    QCOMPARE(clicks, 0);
    const QModelIndex shown = m_window->eventListView()->model()->index(0, ui::EventListModel::NameColumn);
    QVERIFY(m_window->eventListView()->visualRect(shown).intersects(
        m_window->eventListView()->viewport()->rect()));
}

QTEST_MAIN(TestMorning)
#include "tst_morning.moc"
