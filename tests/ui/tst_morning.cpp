// The director's morning end to end, offscreen, typed on the keyboard: a database holding the
// sample history; Ctrl+N and the event editor; 40 entrants by the type-ahead and Enter; 36 check
// in (Space), with undo and redo of a check-in; the payout preview against
// engine::computePayoutTable over the locked ratings of those 36; results typed and reordered, a
// tie reported and broken (DECISIONS N4); the award (P2); the submission file exported and
// imported into a second database, where the event, its standings and its award are the same.
// With FLICKDESK_SCREENSHOT_DIR set it saves PNGs of the event list, the entrants with the
// preview, and the results, each checked not to be blank.
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "widgets/eventday/entrantlistmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventeditor.h"
#include "widgets/eventday/eventlistmodel.h"
#include "widgets/eventday/eventsession.h"
#include "widgets/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/eventday/simulatorwidget.h"
#include "widgets/mainwindow.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"
#include "widgets/ratings/recomputedialog.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoGroup>
#include <QWindow>
#include <algorithm>
#include <memory>

using namespace flickdesk;
using ui::MainWindow;

namespace {

bool showsSomething(const QImage& image)
{
    if (image.isNull())
        return false;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    QSet<QRgb> colours;
    double sum = 0.0;
    double sumOfSquares = 0.0;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x) {
            colours.insert(line[x]);
            const double grey = qGray(line[x]);
            sum += grey;
            sumOfSquares += grey * grey;
        }
    }
    const double pixels = double(rgb.width()) * rgb.height();
    const double mean = sum / pixels;
    return colours.size() > 2 && sumOfSquares / pixels - mean * mean > 1.0;
}

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

void type(const QString& text)
{
    QTest::keyClicks(QApplication::focusWidget(), text);
}

void key(Qt::Key k, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QTest::keyClick(QApplication::focusWidget(), k, modifiers);
}

} // namespace

class TestMorning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void openWithTheSampleHistory();
    void createAnEventByTyping();
    void addFortyEntrantsByTyping();
    void checkInThirtySix();
    void undoAndRedoACheckIn();
    void previewIsTheEnginesTable();
    void nameListSuggestsNearMatches();
    void enterResultsWithATie();
    void award();
    void exportAndImportIntoASecondDatabase();
    void simulatorStartsFromTheEvent();
    void ratingsTabOpensAPlayersPage();
    void recomputeFromTheMenu();

private:
    void screenshot(const QString& name, QWidget* widget);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QString m_eventId;
    QStringList m_players; // the 40 entrants, in the order typed
    QString m_exported;
};

void TestMorning::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_morning"));
    QVERIFY(m_dir.isValid());
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(activate(m_window.get()));
}

void TestMorning::cleanupTestCase()
{
    m_window.reset();
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

void TestMorning::openWithTheSampleHistory()
{
    QVERIFY(m_window->openDatabase(m_dir.filePath(QStringLiteral("first.sqlite")),
                                   MainWindow::FirstStart::LoadSample));
    core::Store* store = m_window->store();
    QVERIFY(store);
    QCOMPARE(store->eventCount(), 153);
    QCOMPARE(m_window->eventList()->rowCount(), 153);
    // The search box filters the list through the proxy.
    QTest::keyClicks(m_window->eventSearch(), QStringLiteral("louisville"));
    QVERIFY(m_window->eventFilter()->rowCount() > 0);
    QVERIFY(m_window->eventFilter()->rowCount() < 153);
    m_window->eventSearch()->clear();
    QCOMPARE(m_window->eventFilter()->rowCount(), 153);
    screenshot(QStringLiteral("morning-1-events"), m_window.get());
}

void TestMorning::createAnEventByTyping()
{
    QTest::keyClick(m_window.get(), Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY(qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget()));
    auto* editor = qobject_cast<ui::EventEditor*>(QApplication::activeModalWidget());
    QVERIFY(QTest::qWaitForWindowActive(editor));
    // DECISIONS P4: the proposed cap, shown.
    QCOMPARE(editor->capBox()->value(), 1.00);
    QCOMPARE(editor->capBox()->text(), QStringLiteral("1.00"));
    QTRY_COMPARE(QApplication::focusWidget(), editor->nameEdit());
    type(QStringLiteral("Tavistock Winter Open"));
    key(Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), editor->dateEdit());
    editor->dateEdit()->selectAll();
    type(QStringLiteral("20251213"));
    QCOMPARE(editor->dateEdit()->text(), QStringLiteral("2025-12-13"));
    key(Qt::Key_Tab); // format: singles
    key(Qt::Key_Tab); // tier
    QCOMPARE(QApplication::focusWidget(), editor->tierBox());
    key(Qt::Key_Up);  // Tier 3 -> Tier 2
    key(Qt::Key_Tab); // division: competitive
    key(Qt::Key_Tab); // group
    QCOMPARE(QApplication::focusWidget(), editor->groupEdit());
    key(Qt::Key_Tab); // season: proposed from the date, the season of the stored events around it
    QCOMPARE(editor->seasonBox()->currentText(), QStringLiteral("16"));
    key(Qt::Key_Return);
    QTRY_VERIFY(QApplication::activeModalWidget() == nullptr);
    // The offscreen platform does not hand activation back to the window when a dialog closes.
    QVERIFY(activate(m_window.get()));

    ui::EventSession* session = m_window->session();
    QVERIFY(session);
    m_eventId = session->eventId();
    const core::EventRecord& event = session->event();
    QCOMPARE(event.name, QStringLiteral("Tavistock Winter Open"));
    QCOMPARE(event.date, QStringLiteral("2025-12-13"));
    QCOMPARE(event.tier, std::optional<int>(2));
    QCOMPARE(event.tour, core::Tour::Competitive);
    QCOMPARE(event.group, QStringLiteral("NCA"));
    QCOMPARE(event.season, QStringLiteral("16"));
    QVERIFY(!event.experimental);
    QCOMPARE(m_window->eventList()->rowCount(), 154);
    // Ready for the first entrant.
    QTRY_COMPARE(QApplication::focusWidget(), m_window->entrantsPanel()->searchEdit());
}

void TestMorning::addFortyEntrantsByTyping()
{
    ui::EntrantsPanel* panel = m_window->entrantsPanel();
    // The players of the latest singles events, newest first: a real field for December 2025.
    m_players = testing::recentPlayers(*m_window->store(), 40, [](const core::EventSummary& event) {
        return event.format == engine::EventFormat::Singles;
    });
    QCOMPARE(m_players.size(), 40);
    for (const QString& id : std::as_const(m_players)) {
        QTest::keyClicks(panel->searchEdit(), id);
        QVERIFY(panel->searchResults()->model()->rowCount() >= 1);
        // The list shows id, name, rating, location, last event; the exact id comes first.
        QCOMPARE(panel->searchResults()->currentIndex().row(), 0);
        QTest::keyClick(panel->searchEdit(), Qt::Key_Return);
        QVERIFY(panel->searchEdit()->text().isEmpty());
    }
    const ui::EntrantListModel* entrants = m_window->session()->entrants();
    QCOMPARE(entrants->rowCount(), 40);
    for (int row = 0; row < 40; ++row)
        QCOMPARE(entrants->entrants().at(size_t(row)).playerIds(), QStringList{m_players.at(row)});
    QCOMPARE(entrants->registeredCount(), 40);
    QVERIFY(panel->countsLabel()->text().contains(QStringLiteral("Not checked in: 40")));
}

void TestMorning::checkInThirtySix()
{
    ui::EntrantsPanel* panel = m_window->entrantsPanel();
    QTableView* view = panel->entrantsView();
    view->setFocus();
    for (int row = 0; row < 36; ++row) {
        view->setCurrentIndex(view->model()->index(row, ui::EntrantListModel::PlayersColumn));
        QTest::keyClick(view, Qt::Key_Space);
    }
    const ui::EntrantListModel* entrants = m_window->session()->entrants();
    QCOMPARE(entrants->startedCount(), 36);
    QCOMPARE(entrants->registeredCount(), 4);
    QVERIFY2(panel->countsLabel()->text().contains(QStringLiteral("Checked in: 36")),
             qPrintable(panel->countsLabel()->text()));
    QCOMPARE(m_window->session()->payoutPreview()->fieldSize(), 36);
    QCOMPARE(panel->preview()->table().fieldSize, 36);
    screenshot(QStringLiteral("morning-2-entrants-preview"), m_window.get());
}

void TestMorning::undoAndRedoACheckIn()
{
    ui::EntrantsPanel* panel = m_window->entrantsPanel();
    QTableView* view = panel->entrantsView();
    // Check in the 37th, then take it back and bring it again.
    view->setCurrentIndex(view->model()->index(36, ui::EntrantListModel::PlayersColumn));
    QTest::keyClick(view, Qt::Key_Space);
    QCOMPARE(m_window->session()->entrants()->startedCount(), 37);
    QCOMPARE(panel->preview()->table().fieldSize, 37);
    QAction* undo = m_window->findChild<QAction*>(QStringLiteral("undoAction"));
    QVERIFY(undo && undo->isEnabled());
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_window->session()->entrants()->startedCount(), 36);
    QCOMPARE(panel->preview()->table().fieldSize, 36);
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_window->session()->entrants()->startedCount(), 37);
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_window->session()->entrants()->startedCount(), 36);
    QCOMPARE(m_window->store()->entrant(m_eventId, 37)->status, core::EntrantStatus::Registered);
}

void TestMorning::previewIsTheEnginesTable()
{
    core::Store& store = *m_window->store();
    const core::MonthLockRatings lock = store.lockedRatingsFor(QStringLiteral("2025-12-13"));
    QCOMPARE(lock.month, QStringLiteral("2025-12"));
    std::vector<double> ratings;
    for (int i = 0; i < 36; ++i)
        ratings.push_back(lock.muOf(m_players.at(i)));
    const engine::PayoutTable expected =
        engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::Two, ratings);
    const engine::PayoutTable& shown = m_window->entrantsPanel()->preview()->table();
    QCOMPARE(shown.fieldSize, 36);
    QCOMPARE(shown.fieldSize, expected.fieldSize);
    QCOMPARE(shown.fieldStrengthIndex, expected.fieldStrengthIndex);
    QCOMPARE(shown.fieldDepthIndex, expected.fieldDepthIndex);
    QCOMPARE(shown.tier, engine::Tier::Two);
    QCOMPARE(shown.points.size(), size_t(36));
    for (size_t place = 0; place < expected.points.size(); ++place) {
        QCOMPARE(shown.points.at(place), expected.points.at(place));
        QCOMPARE(shown.awards.at(place), expected.awards.at(place));
    }
    // The model the session feeds agrees with the widget.
    const ui::PayoutPreviewModel* model = m_window->session()->payoutPreview();
    QCOMPARE(model->rowCount(), 36);
    QCOMPARE(model->fieldStrengthIndex(), expected.fieldStrengthIndex);
    QCOMPARE(model->tierFloor(), 0.60);
}

void TestMorning::nameListSuggestsNearMatches()
{
    core::Store& store = *m_window->store();
    const QString anna = store.addPlayer(QStringLiteral("Anna Kowalski"), QStringLiteral("Tavistock"));
    const QString other = store.addPlayer(QStringLiteral("Anna Kowalski"), QStringLiteral("Elmira"));
    QCOMPARE(ui::editDistance(QStringLiteral("kowalsky"), QStringLiteral("kowalski")), 1);
    // Both players of one name are offered (DECISIONS D1), and a typo still finds them.
    for (const QString& typed :
         {QStringLiteral("anna kowalski"), QStringLiteral("Ana Kowalski"), QStringLiteral("kowal")}) {
        QStringList found;
        for (const core::PlayerMatch& match : ui::nearMatches(store, typed))
            found.append(match.id);
        QVERIFY2(found.contains(anna) && found.contains(other), qPrintable(typed + u' ' + found.join(u',')));
    }
    ui::NameListDialog dialog(store);
    dialog.setText(QStringLiteral("Ana Kowalski\nZzyzx Nobody\n\n"));
    dialog.findPlayers();
    QCOMPARE(dialog.table()->rowCount(), 2);
    const std::vector<ui::NameListDialog::Choice> choices = dialog.choices();
    QCOMPARE(choices.size(), size_t(2));
    QVERIFY(choices.at(0).playerId == anna || choices.at(0).playerId == other);
    QVERIFY(choices.at(1).createNew);
    store.removePlayer(anna);
    store.removePlayer(other);
}

void TestMorning::enterResultsWithATie()
{
    m_window->eventTabs()->setCurrentWidget(m_window->resultsPanel());
    ui::ResultsPanel* results = m_window->resultsPanel();
    QTableView* view = results->standingsView();
    QStandardItemModel* model = results->standingsModel();
    QCOMPARE(model->rowCount(), 36);
    view->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), view);

    // Places start empty; Ctrl+Shift+N numbers them in the listed order, as one step.
    QVERIFY(!model->item(0, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).isValid());
    QTest::keyClick(view, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(model->item(35, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 36);
    QCOMPARE(m_window->store()->standings(m_eventId).size(), size_t(36));

    // Reorder: the entrant of row 5 moves up twice (Ctrl+Up), to third place.
    const int moved = model->item(5, ui::ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt();
    view->setCurrentIndex(model->index(5, ui::ResultsPanel::PlaceColumn));
    QTest::keyClick(view, Qt::Key_Up, Qt::ControlModifier);
    QTest::keyClick(view, Qt::Key_Up, Qt::ControlModifier);
    QCOMPARE(model->item(3, ui::ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt(), moved);
    QCOMPARE(model->item(3, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 4);

    // Type a place: row 10 says 10, as row 9 does: a tie (DECISIONS N4).
    view->setCurrentIndex(model->index(10, ui::ResultsPanel::PlaceColumn));
    QTest::keyClick(view, Qt::Key_1); // opens the editor with "1"
    QTRY_VERIFY(QApplication::focusWidget() != view);
    type(QStringLiteral("0"));
    key(Qt::Key_Return);
    QTRY_COMPARE(model->item(10, ui::ResultsPanel::PlaceColumn)->data(Qt::EditRole).toInt(), 10);

    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier); // validate
    QVERIFY(results->defectsList()->count() >= 1);
    QVERIFY2(results->defectsList()->item(0)->text().contains(QStringLiteral("10")),
             qPrintable(results->defectsList()->item(0)->text()));
    QVERIFY(results->breakTiesButton()->isEnabled());
    screenshot(QStringLiteral("morning-3-results"), m_window.get());
    QTest::mouseClick(results->breakTiesButton(), Qt::LeftButton);
    QVERIFY(!results->breakTiesButton()->isEnabled());
    QVERIFY(m_window->session()->validateResults().ok());
    const std::vector<core::Placing> standings = m_window->store()->standings(m_eventId);
    QCOMPARE(standings.size(), size_t(36));
    for (size_t i = 0; i < standings.size(); ++i)
        QCOMPARE(standings.at(i).place, int(i) + 1);
    QCOMPARE(standings.at(3).unit, moved);
}

void TestMorning::award()
{
    QAction* awardAction = m_window->findChild<QAction*>(QStringLiteral("awardAction"));
    QVERIFY(awardAction && awardAction->isEnabled());
    awardAction->trigger();
    QTRY_VERIFY(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()));
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    QCOMPARE(box->objectName(), QStringLiteral("awardConfirmation"));
    box->button(QMessageBox::Yes)->click();
    QTRY_VERIFY(m_window->session()->isAwarded());

    const std::optional<core::AwardRecord> awarded = m_window->store()->currentAward(m_eventId);
    QVERIFY(awarded);
    const engine::PayoutTable& preview = m_window->entrantsPanel()->preview()->table();
    QCOMPARE(awarded->fsi, preview.fieldStrengthIndex);
    QCOMPARE(awarded->fdi, preview.fieldDepthIndex);
    QCOMPARE(awarded->awards.size(), size_t(36));
    QCOMPARE(awarded->awards.front().points, preview.awards.front());
    // DECISIONS P2: frozen; nothing left to undo and editing is off.
    QVERIFY(!m_window->findChild<QAction*>(QStringLiteral("undoAction"))->isEnabled());
    QVERIFY(!m_window->session()->isEditable());
    QVERIFY(!m_window->entrantsPanel()->searchEdit()->isEnabled());
    QVERIFY(!m_window->resultsPanel()->awardButton()->isEnabled());
    screenshot(QStringLiteral("morning-4-awarded"), m_window.get());
}

void TestMorning::exportAndImportIntoASecondDatabase()
{
    m_exported = m_dir.filePath(QStringLiteral("tavistock.json"));
    QCOMPARE(m_window->exportEventTo(m_exported), QString());
    QVERIFY(QFileInfo::exists(m_exported));

    MainWindow second;
    QVERIFY(second.openDatabase(m_dir.filePath(QStringLiteral("second.sqlite")),
                                MainWindow::FirstStart::StartEmpty));
    QCOMPARE(second.store()->eventCount(), 0);
    QCOMPARE(second.importEventFrom(m_exported), QString());
    QCOMPARE(second.store()->eventCount(), 1);
    QVERIFY(second.session());
    QCOMPARE(second.session()->eventId(), m_eventId);

    core::Store& first = *m_window->store();
    const std::optional<core::EventRecord> original = first.event(m_eventId);
    const std::optional<core::EventRecord> imported = second.store()->event(m_eventId);
    QVERIFY(original && imported);
    QVERIFY(*imported == *original);
    QCOMPARE(placings(second.store()->standings(m_eventId)), placings(first.standings(m_eventId)));
    QVERIFY(second.store()->currentAward(m_eventId) == first.currentAward(m_eventId));
    // Importing again changes nothing.
    QCOMPARE(second.importEventFrom(m_exported), QString());
    QCOMPARE(second.store()->eventCount(), 1);
}

void TestMorning::simulatorStartsFromTheEvent()
{
    QVERIFY(activate(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_M, Qt::ControlModifier);
    QCOMPARE(m_window->tabs()->currentWidget(), static_cast<QWidget*>(m_window->simulator()));
    const engine::PayoutTable& preview = m_window->session()->payoutPreview()->table();
    QCOMPARE(m_window->simulator()->fieldSize(), preview.fieldSize);
    QCOMPARE(m_window->simulator()->table().awards, preview.awards);
}

// The ratings officer's side, reached from the window: the list, and Enter on a player opens their
// page beside it, on the same rating run.
void TestMorning::ratingsTabOpensAPlayersPage()
{
    QVERIFY(activate(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::AltModifier);
    auto* list = m_window->findChild<flickdesk::ui::RatingsListView*>();
    auto* page = m_window->findChild<flickdesk::ui::PlayerPage*>();
    QVERIFY(list);
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 20000);
    QTRY_VERIFY(list->table()->model()->rowCount() > 1000);
    list->table()->setFocus();
    const QModelIndex first = list->table()->model()->index(0, 0);
    list->table()->setCurrentIndex(first);
    QTest::keyClick(list->table(), Qt::Key_Return);
    QVERIFY(!page->playerId().isEmpty());
    screenshot(QStringLiteral("morning-5-ratings"), m_window.get());
}

// Event > Recompute FlickSkill: runs in the background with progress, stores a rating run, and the
// window stays responsive meanwhile.
void TestMorning::recomputeFromTheMenu()
{
    QVERIFY(activate(m_window.get()));
    const std::size_t runsBefore = m_window->store()->ratingRuns().size();
    auto* action = m_window->findChild<QAction*>(QStringLiteral("recomputeAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    action->trigger();
    auto* dialog = m_window->findChild<flickdesk::ui::RecomputeDialog*>();
    QVERIFY(dialog);
    QSignalSpy finished(dialog, &flickdesk::ui::RecomputeDialog::runFinished);
    QSignalSpy progressed(dialog, &flickdesk::ui::RecomputeDialog::progressed);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(progressed.count() > 3);
    QCOMPARE(m_window->store()->ratingRuns().size(), runsBefore + 1);
    dialog->close();
}

QTEST_MAIN(TestMorning)
#include "tst_morning.moc"
