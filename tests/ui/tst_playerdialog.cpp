// A player's edits through the window (issue 14), offscreen on a temporary database: F2 on an
// entrant opens the player dialog; a corrected name and the association's new id are typed, stored
// and undone with the event's undo; a player entered twice is merged and the merge undone; the
// dialog refuses an id that exists and text a file could not carry; the Ratings tab's player page
// edits the same player; the event editor's location; the sample history's fictional names. With
// FLICKDESK_SCREENSHOT_DIR set (ui.playerdialog_xvfb, a 1280x800 screen) it saves PNGs of them.

#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/awards/awarding.h"
#include "core/awards/tourpoints.h"
#include "core/store/store.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/samplehistory.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventeditor.h"
#include "widgets/playerdialog.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/tour/standingsview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <map>
#include <memory>

using namespace flickdesk;

namespace {

QString screenshotDir()
{
    return qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
}

// Saves `widget` as NAME.png when screenshots are asked for; the image must not be blank.
void saveScreenshot(QWidget* widget, const QString& name)
{
    const QString dir = screenshotDir();
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    const QImage image = widget->grab().toImage();
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 8, qPrintable(name));
    QVERIFY(image.save(QDir(dir).filePath(name + QStringLiteral(".png"))));
}

void replaceText(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

// Awards a finished event of `players`, placed in that order, as the window's award step does: Tour
// points from its month's lock.
QString awardedEvent(core::Store& store, const QString& date, const QStringList& players)
{
    const QString event =
        store.createEvent(testing::draftOn(date, engine::EventFormat::Singles, 3, QStringLiteral("16")));
    std::vector<core::Placing> places;
    for (const QString& player : players) {
        const int unit = store.addEntrant(event, {player}, core::EntrantStatus::Started);
        places.push_back({unit, static_cast<int>(places.size()) + 1});
    }
    store.setStandings(event, places);
    store.setEventStatus(event, core::EventStatus::Finished);
    const core::HistoryFolder folder = store.loadHistory();
    const core::TourPoints points = core::computeTourPoints(
        folder, {}, [&event](const core::EventInfo& info) { return info.eventId == event; }, {}, 1);
    if (points.events.size() != 1)
        return {};
    store.award(event, core::awardRecordOf(folder, points.events.front(), points.locks));
    return event;
}

// Season 16's competitive standings as the Standings tab computes them (awarded events count with
// their frozen awards): player id -> total in tenths, and the events counted.
std::map<QString, std::pair<long long, int>> standingsOf(core::Store& store)
{
    const auto folder = std::make_shared<const core::HistoryFolder>(store.loadHistory());
    const ui::StandingsResult result = ui::computeStandings(
        ui::readStandingsInput(store, folder, QStringLiteral("16"), engine::Division::Competitive));
    std::map<QString, std::pair<long long, int>> totals;
    for (const engine::StandingsRow& row : result.standings.rows)
        totals[QString::fromStdString(row.playerId)] = {row.totalTenths, row.countedEvents};
    return totals;
}

// Every award as "event place points" and every event's FSI and FDI (DECISIONS P2).
QStringList frozenFigures(core::Store& store)
{
    QStringList figures;
    for (const core::EventSummary& event : store.events()) {
        if (const std::optional<core::AwardRecord> award = store.currentAward(event.id)) {
            figures.append(QStringLiteral("%1 FSI %2 FDI %3").arg(event.id).arg(award->fsi).arg(award->fdi));
            for (const core::PlayerAward& each : award->awards)
                figures.append(QStringLiteral("%1 %2 %3").arg(event.id).arg(each.place).arg(each.points));
        }
    }
    figures.sort();
    return figures;
}

} // namespace

class TestPlayerDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void f2EditsNameAndIdAndUndoes();
    void dialogRefusesWhatTheStoreWould();
    void playerEnteredTwiceIsMergedAndUndone();
    void mergeAfterTheAwardThroughTheDialog();
    void editPlayerNeverDoesNothingSilently();
    void ratingsPageEditsThePlayer();
    void eventEditorTakesTheLocation();
    void sampleHistoryHasFictionalNames();

private:
    ui::PlayerDialog* openDialogOnRow(int row);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<core::Store> m_store;
    std::unique_ptr<ui::EventSession> m_session;
    std::unique_ptr<ui::EntrantsPanel> m_panel;
    QString m_ann; // a local player, "Ann Smiht" (misspelt)
    QString m_bo;  // the association's player 1001
};

void TestPlayerDialog::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = testing::openStore(m_dir->filePath(QStringLiteral("players.sqlite")));
    QVERIFY(m_store);
    core::EventDraft draft = testing::draftOn(QStringLiteral("2026-03-07"));
    draft.location = QStringLiteral("Tavistock, ON");
    const QString eventId = m_store->createEvent(draft);
    m_ann = m_store->addPlayer(QStringLiteral("Ann Smiht"), QStringLiteral("Guelph"));
    m_bo = m_store->addPlayer(QStringLiteral("Bo Lee"), QStringLiteral("Kitchener"), QStringLiteral("1001"));
    m_session = std::make_unique<ui::EventSession>(*m_store, eventId);
    QVERIFY(testing::waitForRatings(*m_session));
    QVERIFY(m_session->isValid());
    QVERIFY(m_session->addEntrant({m_ann}));
    m_panel = std::make_unique<ui::EntrantsPanel>();
    m_panel->setSession(m_session.get());
    m_panel->resize(1280, 800);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestPlayerDialog::cleanup()
{
    m_panel.reset();
    m_session.reset();
    m_store.reset();
    m_dir.reset();
}

ui::PlayerDialog* TestPlayerDialog::openDialogOnRow(int row)
{
    QTableView* view = m_panel->entrantsView();
    view->setCurrentIndex(view->model()->index(row, 0));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_F2);
    const QList<ui::PlayerDialog*> dialogs = m_panel->findChildren<ui::PlayerDialog*>();
    return dialogs.isEmpty() ? nullptr : dialogs.last();
}

void TestPlayerDialog::f2EditsNameAndIdAndUndoes()
{
    auto* button = m_panel->findChild<QPushButton*>(QStringLiteral("editPlayerButton"));
    QVERIFY(button && button->isVisible() && button->isEnabled());
    saveScreenshot(m_panel.get(), QStringLiteral("players-1-entrants"));
    ui::PlayerDialog* dialog = openDialogOnRow(0);
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->nameEdit()->text(), QStringLiteral("Ann Smiht"));
    QCOMPARE(dialog->locationEdit()->text(), QStringLiteral("Guelph"));
    QCOMPARE(dialog->idEdit()->text(), m_ann);
    QVERIFY(dialog->idEdit()->isEnabled()); // a local id: the association's may replace it
    replaceText(dialog->nameEdit(), QStringLiteral("Ann Smith"));
    replaceText(dialog->idEdit(), QStringLiteral("1748"));
    QVERIFY(dialog->problemLabel()->text().isEmpty());
    saveScreenshot(dialog, QStringLiteral("players-2-dialog"));
    QTest::keyClick(dialog->idEdit(), Qt::Key_Return);

    const ui::EntrantListModel& model = *m_session->entrants();
    const QModelIndex row = model.index(0, 0);
    QCOMPARE(row.data(ui::EntrantListModel::PlayerIdsRole).toStringList(),
             QStringList{QStringLiteral("1748")});
    QCOMPARE(row.data(ui::EntrantListModel::PlayerNamesRole).toStringList(),
             QStringList{QStringLiteral("Ann Smith")});
    QCOMPARE(m_store->player(QStringLiteral("1748"))->name, QStringLiteral("Ann Smith"));
    QVERIFY(!m_store->player(m_ann));
    QCOMPARE(m_store->searchPlayers(QStringLiteral("Smith")).front().id, QStringLiteral("1748"));

    // One Ctrl+Z step puts the name and the local id back.
    QCOMPARE(m_session->undoStack()->count(), 2); // the entrant, the edit
    m_session->undoStack()->undo();
    QCOMPARE(model.index(0, 0).data(ui::EntrantListModel::PlayerIdsRole).toStringList(), QStringList{m_ann});
    QCOMPARE(m_store->player(m_ann)->name, QStringLiteral("Ann Smiht"));
    QVERIFY(!m_store->player(QStringLiteral("1748")));
    m_session->undoStack()->redo();
    QCOMPARE(m_store->player(QStringLiteral("1748"))->name, QStringLiteral("Ann Smith"));
}

void TestPlayerDialog::dialogRefusesWhatTheStoreWould()
{
    ui::PlayerDialog* dialog = openDialogOnRow(0);
    QVERIFY(dialog);
    QPushButton* ok = dialog->buttons()->button(QDialogButtonBox::Ok);
    replaceText(dialog->idEdit(), m_bo); // an id that exists: merge instead
    QVERIFY(!ok->isEnabled());
    QVERIFY(dialog->problemLabel()->text().contains(QStringLiteral("Bo Lee")));
    replaceText(dialog->idEdit(), QStringLiteral("0175")); // the id grammar
    QVERIFY(!ok->isEnabled());
    QVERIFY(dialog->problemLabel()->text().contains(QStringLiteral("0175")));
    replaceText(dialog->idEdit(), m_ann);
    replaceText(dialog->nameEdit(), QString());
    QVERIFY(!ok->isEnabled());
    replaceText(dialog->nameEdit(), QStringLiteral("Ann Smith"));
    QVERIFY(ok->isEnabled());
    QTest::keyClick(dialog->nameEdit(), Qt::Key_Escape);
    QCOMPARE(m_store->player(m_ann)->name, QStringLiteral("Ann Smiht")); // cancelled: nothing written

    // The association's player: the id stays.
    QVERIFY(m_session->addEntrant({m_bo}));
    ui::PlayerDialog* second = openDialogOnRow(1);
    QVERIFY(second);
    QCOMPARE(second->idEdit()->text(), m_bo);
    QVERIFY(!second->idEdit()->isEnabled());
    QVERIFY(!second->mergeEdit()->isEnabled());
    second->reject();
}

void TestPlayerDialog::playerEnteredTwiceIsMergedAndUndone()
{
    // Bo came in as a new player at the desk; he is the association's 1001.
    const std::optional<QString> twice = m_session->addPlayer(QStringLiteral("Bo Lee"), {});
    QVERIFY(twice);
    QVERIFY(m_session->addEntrant({*twice}));
    ui::PlayerDialog* dialog = openDialogOnRow(1);
    QVERIFY(dialog);
    QCOMPARE(dialog->idEdit()->text(), *twice);
    dialog->mergeEdit()->setFocus();
    QTest::keyClicks(dialog->mergeEdit(), m_bo);
    QVERIFY(dialog->mergeTargetLabel()->text().contains(QStringLiteral("Bo Lee")));
    QVERIFY(!dialog->nameEdit()->isEnabled());
    QTest::keyClick(dialog->mergeEdit(), Qt::Key_Return);

    const ui::EntrantListModel& model = *m_session->entrants();
    QCOMPARE(model.index(1, 0).data(ui::EntrantListModel::PlayerIdsRole).toStringList(), QStringList{m_bo});
    QVERIFY(!m_store->player(*twice));
    QVERIFY(m_store->auditLog().back().action == QStringLiteral("merge-player"));
    m_session->undoStack()->undo();
    QCOMPARE(model.index(1, 0).data(ui::EntrantListModel::PlayerIdsRole).toStringList(), QStringList{*twice});
    QCOMPARE(m_store->player(*twice)->name, QStringLiteral("Bo Lee"));
    QVERIFY(m_store->check().isEmpty());
}

void TestPlayerDialog::mergeAfterTheAwardThroughTheDialog()
{
    // Season 16: Bo (1001) wins in January; in February he is entered as new, finishes second to Cy,
    // and the event is awarded before anyone notices.
    const QString cy = m_store->addPlayer(QStringLiteral("Cy Park"), {}, QStringLiteral("1002"));
    const QString twice = m_store->addPlayer(QStringLiteral("Bo Lee"), {});
    const QString january = awardedEvent(*m_store, QStringLiteral("2026-01-10"), {m_bo, m_ann, cy});
    const QString february = awardedEvent(*m_store, QStringLiteral("2026-02-07"), {cy, twice});
    QVERIFY(!january.isEmpty() && !february.isEmpty());
    const QStringList figures = frozenFigures(*m_store);
    const auto before = standingsOf(*m_store);
    QCOMPARE(before.at(twice).second, 1);
    QCOMPARE(before.at(m_bo).second, 1);

    ui::EventSession session(*m_store, february);
    QVERIFY(testing::waitForRatings(session));
    QVERIFY(!session.isEditable()); // awarded
    m_panel->setSession(&session);
    const auto restore = qScopeGuard([this] { m_panel->setSession(m_session.get()); });
    QAction* action = m_panel->entrantsView()->findChild<QAction*>(QStringLiteral("editPlayerAction"));
    QVERIFY(action && action->isEnabled());
    QVERIFY(m_panel->findChild<QPushButton*>(QStringLiteral("editPlayerButton"))->isEnabled());
    // F2 on the local Bo's row opens the dialog in the awarded event; his id is merged into 1001.
    int row = -1;
    for (int r = 0; r < session.entrants()->rowCount(); ++r)
        if (session.entrants()->index(r, 0).data(ui::EntrantListModel::PlayerIdsRole).toStringList() ==
            QStringList{twice})
            row = r;
    QVERIFY(row >= 0);
    ui::PlayerDialog* dialog = openDialogOnRow(row);
    QVERIFY(dialog);
    QCOMPARE(dialog->idEdit()->text(), twice);
    QVERIFY(dialog->mergeEdit()->isEnabled());
    dialog->mergeEdit()->setFocus();
    QTest::keyClicks(dialog->mergeEdit(), m_bo);
    QVERIFY(dialog->mergeTargetLabel()->text().contains(QStringLiteral("no points change")));
    QTest::keyClick(dialog->mergeEdit(), Qt::Key_Return);

    // DECISIONS D1a: the award names Bo by his own id, no point, FSI or FDI changed, and the
    // standings count his two events under one id.
    QVERIFY(!m_store->player(twice));
    QCOMPARE(session.entrants()->index(row, 0).data(ui::EntrantListModel::PlayerIdsRole).toStringList(),
             QStringList{m_bo});
    QCOMPARE(m_store->currentAward(february)->awards.at(1).playerId, m_bo);
    QCOMPARE(frozenFigures(*m_store), figures);
    const auto after = standingsOf(*m_store);
    QVERIFY(!after.count(twice));
    QCOMPARE(after.at(m_bo).second, 2);
    QCOMPARE(after.at(m_bo).first, before.at(m_bo).first + before.at(twice).first);
    QCOMPARE(after.at(cy), before.at(cy));
    QCOMPARE(m_store->auditLog().back().action, QStringLiteral("merge-player"));
    QVERIFY(m_store->auditLog().back().details.contains(february + QStringLiteral("/1")));
    QVERIFY(m_store->check().isEmpty());

    // Undone with the event's undo while nothing newer depends on it.
    QVERIFY(session.undoStack()->canUndo());
    session.undoStack()->undo();
    QCOMPARE(m_store->currentAward(february)->awards.at(1).playerId, twice);
    QCOMPARE(standingsOf(*m_store), before);
    QCOMPARE(frozenFigures(*m_store), figures);
    QVERIFY(m_store->check().isEmpty());
}

void TestPlayerDialog::editPlayerNeverDoesNothingSilently()
{
    // No current row: the action says why instead of doing nothing.
    QSignalSpy messages(m_panel.get(), &ui::EntrantsPanel::message);
    m_panel->entrantsView()->setCurrentIndex({});
    m_panel->entrantsView()->setFocus();
    QTest::keyClick(m_panel->entrantsView(), Qt::Key_F2);
    QVERIFY(m_panel->findChildren<ui::PlayerDialog*>().isEmpty());
    QCOMPARE(messages.count(), 1);
    QVERIFY(messages.front().front().toString().contains(QStringLiteral("Select an entrant")));
    // The context menu's action opens the dialog for the current row.
    m_panel->entrantsView()->setCurrentIndex(m_panel->entrantsView()->model()->index(0, 0));
    QAction* action = m_panel->entrantsView()->findChild<QAction*>(QStringLiteral("editPlayerAction"));
    QVERIFY(action && action->isEnabled());
    action->trigger();
    const QList<ui::PlayerDialog*> dialogs = m_panel->findChildren<ui::PlayerDialog*>();
    QCOMPARE(dialogs.size(), 1);
    QCOMPARE(dialogs.front()->playerId(), m_ann);
    dialogs.front()->reject();
}

void TestPlayerDialog::ratingsPageEditsThePlayer()
{
    ui::PlayerPage page(*m_store);
    page.resize(1280, 800);
    page.show();
    page.setPlayer(m_bo);
    QVERIFY(page.editButton()->isVisible());
    ui::PlayerDialog* dialog = page.editPlayer();
    QVERIFY(dialog);
    QVERIFY(!dialog->idEdit()->isEnabled());
    // The store announces the edit: whoever shows the player hears it (StoreWatcher).
    QStringList heardPlayers;
    const int listener = m_store->addChangeListener([&heardPlayers](const core::StoreChange& change) {
        if (change.touches(core::StoreChange::Players))
            heardPlayers.append(QStringLiteral("players"));
    });
    replaceText(dialog->locationEdit(), QStringLiteral("Waterloo, ON"));
    QTest::keyClick(dialog->locationEdit(), Qt::Key_Return);
    m_store->removeChangeListener(listener);
    QCOMPARE(heardPlayers, QStringList{QStringLiteral("players")});
    QCOMPARE(m_store->player(m_bo)->location, QStringLiteral("Waterloo, ON"));
    QCOMPARE(m_store->auditLog().back().action, QStringLiteral("edit-player"));
}

void TestPlayerDialog::eventEditorTakesTheLocation()
{
    ui::EventEditor editor;
    editor.setDraft(core::EventDraft::of(m_session->event()));
    editor.resize(editor.sizeHint());
    editor.show();
    QCOMPARE(editor.locationEdit()->text(), QStringLiteral("Tavistock, ON"));
    replaceText(editor.locationEdit(), QStringLiteral("Elora, ON"));
    QCOMPARE(editor.draft().location, QStringLiteral("Elora, ON"));
    saveScreenshot(&editor, QStringLiteral("players-3-event-editor"));
    QVERIFY(m_session->updateEvent(editor.draft()));
    QCOMPARE(m_store->event(m_session->eventId())->location, QStringLiteral("Elora, ON"));
    // A location a submission file could not carry keeps OK off and says why.
    editor.locationEdit()->setText(QStringLiteral("Elora\u200FON"));
    auto* ok = editor.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    QVERIFY(editor.findChild<QLabel*>(QStringLiteral("eventProblem"))
                ->text()
                .contains(QStringLiteral("location")));
}

void TestPlayerDialog::sampleHistoryHasFictionalNames()
{
    QTemporaryDir temp;
    const auto first = testing::openStore(temp.filePath(QStringLiteral("one.sqlite")));
    const auto second = testing::openStore(temp.filePath(QStringLiteral("two.sqlite")));
    QVERIFY(ui::loadSampleHistory(*first, *first).ok());
    QVERIFY(ui::loadSampleHistory(*second, *second).ok());
    // Player 725 of the sample, by the name it was given, in either database.
    const QString name = first->player(QStringLiteral("725"))->name;
    QVERIFY(!name.isEmpty());
    QCOMPARE(second->player(QStringLiteral("725"))->name, name);
    QCOMPARE(name, ui::sampleName(QStringLiteral("725")));
    const std::vector<core::PlayerMatch> found = first->searchPlayers(name.section(u' ', 1), 50);
    QVERIFY(std::any_of(found.begin(), found.end(),
                        [](const core::PlayerMatch& match) { return match.id == QStringLiteral("725"); }));
    // Every player has a name, and the names are distinct enough to tell players apart.
    QCOMPARE(testing::queryInteger(temp.filePath(QStringLiteral("one.sqlite")),
                                   "SELECT count(*) FROM players WHERE coalesce(name, '') = ''"),
             0);
    const std::int64_t players =
        testing::queryInteger(temp.filePath(QStringLiteral("one.sqlite")), "SELECT count(*) FROM players");
    const std::int64_t names = testing::queryInteger(temp.filePath(QStringLiteral("one.sqlite")),
                                                     "SELECT count(DISTINCT name) FROM players");
    QVERIFY2(names * 100 >= players * 95, qPrintable(QStringLiteral("%1 of %2").arg(names).arg(players)));
    QVERIFY(ui::sampleName(QStringLiteral("L7KQX-3")) == ui::sampleName(QStringLiteral("L7KQX-3")));
    QVERIFY(ui::sampleName(QStringLiteral("100")) != ui::sampleName(QStringLiteral("101")));
}

QTEST_MAIN(TestPlayerDialog)
#include "tst_playerdialog.moc"
