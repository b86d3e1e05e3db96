// A player's edits through the window (issue 14), offscreen on a temporary database: F2 on an
// entrant opens the player dialog; a corrected name and the association's new id are typed, stored
// and undone with the event's undo; a player entered twice is merged and the merge undone; the
// dialog refuses an id that exists and text a file could not carry; the Ratings tab's player page
// edits the same player; the event editor's location; the sample history's fictional names. With
// FLICKDESK_SCREENSHOT_DIR set (ui.playerdialog_xvfb, a 1280x800 screen) it saves PNGs of them.

#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "widgets/eventday/entrantlistmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventeditor.h"
#include "widgets/eventday/eventsession.h"
#include "widgets/playerdialog.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/samplehistory.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
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

} // namespace

class TestPlayerDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void f2EditsNameAndIdAndUndoes();
    void dialogRefusesWhatTheStoreWould();
    void playerEnteredTwiceIsMergedAndUndone();
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
    QSignalSpy edited(&page, &ui::PlayerPage::playerEdited);
    replaceText(dialog->locationEdit(), QStringLiteral("Waterloo, ON"));
    QTest::keyClick(dialog->locationEdit(), Qt::Key_Return);
    QCOMPARE(edited.count(), 1); // the window recomputes the ratings with the new data
    QCOMPARE(edited.first().first().toString(), m_bo);
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
    QVERIFY(ui::loadSampleHistory(*first).ok());
    QVERIFY(ui::loadSampleHistory(*second).ok());
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
