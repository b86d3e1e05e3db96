// The entrants panel's own wiring, offscreen, on a temporary database: a new player typed inline
// or carried from a search that matches nobody, doubles partners paired from the table (and
// undone), a player without a partner refused at check-in, check-in by a typed id and of all
// registered, a pasted name list confirmed, the first-start dialog's two answers, the columns of
// the Event Day at 1280x800 (a screenshot under Xvfb) and its payout preview there and at 1600x1000
// (figures in rows, the table and the chart stacked or side by side, nothing scrolling sideways).
// tst_morning covers the singles morning end to end.

#include "../common/imagecheck.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "widgets/charts/payoutchart.h"
#include "widgets/eventday/entrantlistmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventlistmodel.h"
#include "widgets/eventday/eventsession.h"
#include "widgets/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/playersearchmodel.h"
#include "widgets/firststartdialog.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFontMetrics>
#include <QHeaderView>
#include <QImage>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWindow>
#include <memory>

using namespace flickdesk;

namespace {

QSet<QString> playersOf(const ui::EntrantListModel& model)
{
    QSet<QString> teams;
    for (int row = 0; row < model.rowCount(); ++row)
        teams.insert(model.index(row, 0).data(ui::EntrantListModel::PlayerIdsRole).toStringList().join(u'+'));
    return teams;
}

// Makes `window` the active window, as a click on it would (offscreen and a bare Xvfb do not).
bool activate(QWidget* window)
{
    window->activateWindow();
    window->windowHandle()->requestActivate();
    QApplication::setActiveWindow(window);
    return QTest::qWaitForWindowActive(window);
}

// Types `text` as keys into `widget`; QTest::keyClicks knows ASCII only, so the other letters are
// sent as key events with their text, as a keyboard layout sends them.
void typeText(QWidget* widget, const QString& text)
{
    for (const QChar letter : text) {
        if (letter.unicode() < 0x80)
            QTest::keyClick(widget, char(letter.unicode()));
        else
            QTest::sendKeyEvent(QTest::Click, widget, Qt::Key_unknown, QString(letter), Qt::NoModifier);
    }
}

// The text a view shows in `column` of `row`.
QString shown(const QTableView* view, int row, int column)
{
    return view->model()->index(row, column).data().toString();
}

// Every section fits the view: no sideways scrolling, and each column's text has its width (on
// one line unless `wraps`: the events list wraps a long event's name).
void checkColumnsFit(const QTableView* view, bool wraps = false)
{
    const QHeaderView* header = view->horizontalHeader();
    QVERIFY2(header->length() <= view->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(header->length()).arg(view->viewport()->width())));
    QVERIFY(!view->horizontalScrollBar()->isVisible());
    QCOMPARE(view->horizontalScrollBar()->maximum(), 0);
    QVERIFY(wraps || !view->wordWrap());
}

// Whether `widget` is shown whole: nothing of it is cut by the widgets around it.
bool shownWhole(const QWidget* widget)
{
    if (!widget->isVisible())
        return false;
    QRect area = widget->rect();
    for (const QWidget* w = widget; w->parentWidget() && !w->isWindow(); w = w->parentWidget()) {
        area.translate(w->pos());
        if (!w->parentWidget()->rect().contains(area))
            return false;
    }
    return true;
}

// Issue 14, item 10: nothing on the Event Day scrolls sideways, the five figures of the preview
// are whole inside the window, the chart has a useful size and its legend shows whole.
void checkPreviewFits(ui::MainWindow& window)
{
    auto* day = window.findChild<QSplitter*>(QStringLiteral("daySplitter"));
    QVERIFY(day);
    for (const QScrollBar* bar : day->findChildren<QScrollBar*>()) {
        if (bar->orientation() == Qt::Horizontal)
            QVERIFY2(!bar->isVisible(), qPrintable(bar->parentWidget()->parentWidget()->objectName()));
    }
    ui::PayoutPreviewWidget* preview = window.entrantsPanel()->preview();
    const QRect inWindow = window.rect();
    for (const QString& figure :
         {QStringLiteral("fieldStrength"), QStringLiteral("fieldDepth"), QStringLiteral("fieldSize"),
          QStringLiteral("tierFloor"), QStringLiteral("winnerPoints")}) {
        auto* value = preview->findChild<QLabel*>(figure);
        QVERIFY2(value, qPrintable(figure));
        QWidget* box = value->parentWidget();
        QVERIFY2(shownWhole(box), qPrintable(figure));
        QVERIFY2(inWindow.contains(QRect(box->mapTo(&window, QPoint(0, 0)), box->size())),
                 qPrintable(figure));
        // A label's new text is laid out by a posted event: its width is checked once the layout
        // has had it (a loaded CI machine once checked before).
        QTRY_VERIFY2_WITH_TIMEOUT(value->width() >= value->sizeHint().width(), qPrintable(figure), 5000);
        auto* caption = preview->findChild<QLabel*>(figure + QStringLiteral("Caption"));
        QVERIFY2(caption, qPrintable(figure));
        QTRY_VERIFY2_WITH_TIMEOUT(caption->width() >= caption->sizeHint().width(), qPrintable(figure), 5000);
    }
    // The rows of figures end above the notes under them: nothing drawn over anything.
    auto* notes = preview->findChild<QLabel*>(QStringLiteral("notes"));
    QVERIFY(notes && notes->isVisible());
    for (const QLabel* value : preview->findChildren<QLabel*>()) {
        if (value->parentWidget() != preview && value->parentWidget()->parentWidget() == preview)
            QVERIFY2(value->parentWidget()->geometry().bottom() < notes->y(),
                     qPrintable(value->objectName()));
    }
    QVERIFY(notes->height() >= notes->heightForWidth(notes->width()));
    auto* chart = preview->findChild<QWidget*>(QStringLiteral("payoutChartView"));
    QVERIFY(chart);
    QVERIFY(shownWhole(chart));
    QVERIFY2(chart->width() >= 250 && chart->height() >= 180,
             qPrintable(QStringLiteral("%1x%2").arg(chart->width()).arg(chart->height())));
    auto* legend = preview->findChild<QLabel*>(QStringLiteral("payoutChartLegend"));
    QVERIFY(legend);
    QVERIFY(shownWhole(legend));
    QVERIFY(legend->height() >= legend->heightForWidth(legend->width()));
    QVERIFY(shownWhole(preview->tableView()));
    QVERIFY(preview->tableView()->height() >=
            4 * preview->tableView()->verticalHeader()->defaultSectionSize());
    checkColumnsFit(preview->tableView(), true);
    auto* print = window.entrantsPanel()->findChild<QPushButton*>(QStringLiteral("printPreviewButton"));
    QVERIFY(print && shownWhole(print));
}

} // namespace

class TestEntrantsPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void newPlayerTypedInline();
    void doublesPartnersPairedAndUndone();
    void pastedNameListAddsEveryLine();
    void nameListFileRefused_data();
    void nameListFileRefused();
    void pastedNameListRefused();
    void firstStartDialogAnswers();
    void checkInUpdatesThePreviewOnce();
    void unknownNameBecomesANewPlayer();
    void unpairedPlayerIsNotCheckedIn();
    void checkInByTypedId();
    void checkInAllRegistered();
    void columnsFitAt1280x800();
    void previewSideBySideAt1600x1000();
    void previewStacksWhenNarrow();

private:
    // The real window with the sample history and today's event of 23 entrants, 20 checked in, at
    // `size`, on the Entrants & Preview tab.
    void openMorningWindow(ui::MainWindow& window, QSize size, QStringList* ids = nullptr);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<core::Store> m_store;
    std::unique_ptr<ui::EventSession> m_session;
    std::unique_ptr<ui::EntrantsPanel> m_panel;
};

void TestEntrantsPanel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = testing::openStore(m_dir->filePath(QStringLiteral("panel.sqlite")));
    QVERIFY(m_store);
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-06");
    draft.name = QStringLiteral("Tavistock Doubles");
    draft.format = engine::EventFormat::Doubles;
    draft.tier = 3;
    draft.tour = core::Tour::Competitive;
    const QString eventId = m_store->createEvent(draft);
    m_session = std::make_unique<ui::EventSession>(*m_store, eventId);
    QVERIFY(testing::waitForRatings(*m_session));
    QVERIFY(m_session->isValid());
    m_panel = std::make_unique<ui::EntrantsPanel>();
    m_panel->setSession(m_session.get());
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestEntrantsPanel::cleanup()
{
    m_panel.reset();
    m_session.reset();
    m_store.reset();
    m_dir.reset();
}

void TestEntrantsPanel::newPlayerTypedInline()
{
    auto* name = m_panel->findChild<QLineEdit*>(QStringLiteral("newPlayerName"));
    auto* location = m_panel->findChild<QLineEdit*>(QStringLiteral("newPlayerLocation"));
    QVERIFY(name && location);
    QTest::keyClicks(name, QStringLiteral("Ann Example"));
    QTest::keyClicks(location, QStringLiteral("Tavistock"));
    QTest::keyClick(location, Qt::Key_Return);

    const ui::EntrantListModel& model = *m_session->entrants();
    QCOMPARE(model.rowCount(), 1);
    const QString id = *playersOf(model).begin();
    QVERIFY2(id.startsWith(u'L'), qPrintable(id)); // DECISIONS D1: a local id until the NCA gives one
    const std::optional<core::PlayerRecord> player = m_store->player(id);
    QVERIFY(player);
    QCOMPARE(player->name, QStringLiteral("Ann Example"));
    QCOMPARE(player->location, QStringLiteral("Tavistock"));
    QVERIFY(name->text().isEmpty()); // ready for the next one
}

void TestEntrantsPanel::doublesPartnersPairedAndUndone()
{
    const QString a = m_store->addPlayer(QStringLiteral("Ann"), QStringLiteral("Tavistock"));
    const QString b = m_store->addPlayer(QStringLiteral("Bea"), QStringLiteral("Elmira"));
    QVERIFY(m_session->addEntrant({a}));
    QVERIFY(m_session->addEntrant({b}));
    const ui::EntrantListModel& model = *m_session->entrants();
    QCOMPARE(model.rowCount(), 2);

    QTableView* table = m_panel->entrantsView();
    table->selectionModel()->select(table->model()->index(0, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    table->selectionModel()->select(table->model()->index(1, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    auto* pair = m_panel->findChild<QPushButton*>(QStringLiteral("pairButton"));
    QVERIFY(pair);
    QVERIFY(pair->isEnabled());
    QTest::mouseClick(pair, Qt::LeftButton);

    QCOMPARE(model.rowCount(), 1);
    const QString team = *playersOf(model).begin();
    QVERIFY2(team == a + u'+' + b || team == b + u'+' + a, qPrintable(team));
    QCOMPARE(m_store->entrants(m_session->event().id).size(), std::size_t{1});

    m_session->undoStack()->undo();
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(playersOf(model), QSet<QString>({a, b}));
    QCOMPARE(m_store->entrants(m_session->event().id).size(), std::size_t{2});
}

void TestEntrantsPanel::pastedNameListAddsEveryLine()
{
    // Two players share a first name; one pasted line is nobody yet.
    const QString lopez = m_store->addPlayer(QStringLiteral("Maria Lopez"), QStringLiteral("Kitchener"));
    const QString lopes = m_store->addPlayer(QStringLiteral("Maria Lopes"), QStringLiteral("Ottawa"));
    ui::NameListDialog dialog(*m_store);
    dialog.setText(QStringLiteral("maria lopez\nMaria Lopes\nNobody Here Yet\n"));
    dialog.findPlayers();
    const std::vector<ui::NameListDialog::Choice> choices = dialog.choices();
    QCOMPARE(choices.size(), std::size_t{3});
    QCOMPARE(choices[0].playerId, lopez); // case does not matter
    QCOMPARE(choices[1].playerId, lopes); // the exact name wins over the near one
    QVERIFY(choices[2].createNew);

    QCOMPARE(m_panel->addChoices(choices), 3);
    const QSet<QString> entered = playersOf(*m_session->entrants());
    QVERIFY(entered.contains(lopez));
    QVERIFY(entered.contains(lopes));
    QCOMPARE(entered.size(), 3);
}

// A list of names read from a file: UTF-8 text of an ordinary file, or nothing is proposed.
void TestEntrantsPanel::nameListFileRefused_data()
{
    QTest::addColumn<QByteArray>("bytes"); // the file's contents; empty for a link to /dev/zero
    QTest::addColumn<QString>("expected"); // the problem shown, after the file's path

    QTest::newRow("/dev/zero") << QByteArray()
                               << QStringLiteral(
                                      ": is not an ordinary file (a device, a pipe or a socket); FlickDesk "
                                      "reads only files saved on a disk");
    QTest::newRow("a Latin-1 name")
        << QByteArray("Maria Lopez\nAn\xE9n\n")
        << QStringLiteral(
               " line 2: is not valid UTF-8 text (byte 0xE9 at position 3): save the file as UTF-8");
    QTest::newRow("a byte order mark starting a line")
        << QByteArray("\xEF\xBB\xBFMaria Lopez\n\xEF\xBB\xBFMaria Lopes\n")
        << QStringLiteral(
               " line 2: contains a byte order mark (U+FEFF) at position 1, which belongs only at the "
               "very start of a file: save the file as UTF-8 again");
}

void TestEntrantsPanel::nameListFileRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const QString path = m_dir->filePath(QStringLiteral("names.txt"));
    if (bytes.isEmpty()) {
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
    } else {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
    }
    ui::NameListDialog dialog(*m_store);
    QCOMPARE(dialog.loadNames(path), QDir::toNativeSeparators(path) + expected);
    QCOMPARE(dialog.problem(), QDir::toNativeSeparators(path) + expected);
    QVERIFY(dialog.choices().empty());
}

// A pasted list: a stray byte order mark or a control character is shown, not made a new player;
// a list longer than NameListDialog::mostNames is refused before any search.
void TestEntrantsPanel::pastedNameListRefused()
{
    ui::NameListDialog dialog(*m_store);
    dialog.setText(QStringLiteral("Maria Lopez\n\uFEFF746\n"));
    dialog.findPlayers();
    QCOMPARE(dialog.problem(),
             QStringLiteral("Line 2: contains a byte order mark (U+FEFF) at position 1, which "
                            "belongs only at the very start of a file: save the file as UTF-8 "
                            "again"));
    QVERIFY(dialog.choices().empty());

    QStringList names;
    for (int i = 0; i <= ui::NameListDialog::mostNames; ++i)
        names.append(QStringLiteral("Player %1").arg(i));
    dialog.setText(names.join(u'\n'));
    dialog.findPlayers();
    QCOMPARE(dialog.problem(), QStringLiteral("The list has more than 2000 names: add it in parts."));
    QVERIFY(dialog.choices().empty());

    dialog.setText(QStringLiteral("Maria Lopez\n"));
    dialog.findPlayers();
    QCOMPARE(dialog.problem(), QString());
    QCOMPARE(dialog.choices().size(), std::size_t{1});
}

void TestEntrantsPanel::firstStartDialogAnswers()
{
    ui::FirstStartDialog sample;
    sample.show();
    QTest::mouseClick(sample.sampleButton(), Qt::LeftButton);
    QCOMPARE(sample.choice(), ui::FirstStartDialog::Choice::LoadSample);
    QCOMPARE(sample.result(), int(QDialog::Accepted));

    ui::FirstStartDialog empty;
    empty.show();
    QTest::mouseClick(empty.emptyButton(), Qt::LeftButton);
    QCOMPARE(empty.choice(), ui::FirstStartDialog::Choice::StartEmpty);
}

// One model, one update per edit: the preview's table is the session's model, and a check-in sets
// it once (one row in or out, each changed row named once), not again through a copy in the widget.
void TestEntrantsPanel::checkInUpdatesThePreviewOnce()
{
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-06");
    draft.name = QStringLiteral("Elmira Singles");
    draft.tier = 3;
    ui::EventSession session(*m_store, m_store->createEvent(draft));
    QVERIFY(testing::waitForRatings(session));
    QVERIFY(session.isValid());
    m_panel->setSession(&session);
    const auto detach = qScopeGuard([this] { m_panel->setSession(nullptr); });
    for (int player = 1; player <= 6; ++player)
        QVERIFY(session.addEntrant(
            {m_store->addPlayer(QStringLiteral("Player %1").arg(player), QStringLiteral("Elmira"))}));

    ui::PayoutPreviewModel* preview = session.payoutPreview();
    QTableView* view = m_panel->preview()->tableView();
    QCOMPARE(view->model(), static_cast<QAbstractItemModel*>(preview));
    QSignalSpy payout(preview, &ui::PayoutPreviewModel::payoutChanged);
    QSignalSpy inserted(preview, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(preview, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(preview, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(preview, &QAbstractItemModel::modelReset);
    const auto eachRowChangedOnce = [&changed] {
        QList<int> rows;
        for (const QList<QVariant>& signal : changed) {
            for (int row = signal[0].toModelIndex().row(); row <= signal[1].toModelIndex().row(); ++row) {
                if (rows.contains(row))
                    return false;
                rows.append(row);
            }
        }
        return true;
    };
    for (int unit = 1; unit <= 6; ++unit) {
        payout.clear();
        inserted.clear();
        changed.clear();
        QVERIFY(session.setCheckedIn(unit, true));
        QCOMPARE(payout.count(), 1);
        QCOMPARE(inserted.count(), 1);
        QVERIFY(eachRowChangedOnce());
        QCOMPARE(view->model()->rowCount(), unit);
        QCOMPARE(m_panel->preview()->table().fieldSize, unit);
    }
    payout.clear();
    changed.clear();
    QVERIFY(session.setCheckedIn(3, false));
    QCOMPARE(payout.count(), 1);
    QCOMPARE(removed.count(), 1);
    QVERIFY(eachRowChangedOnce());
    QCOMPARE(m_panel->preview()->table().fieldSize, 5);
    QCOMPARE(reset.count(), 0);
}

// Enter on a name that matches nobody carries it to the new-player form; Enter there adds the player
// and enters them; the search box is cleared and focused; the new row is selected and in view; a
// player the lock never rated shows "new".
void TestEntrantsPanel::unknownNameBecomesANewPlayer()
{
    for (int i = 1; i <= 40; ++i) // enough rows that the new one is below the fold
        QVERIFY(m_session->addEntrant({m_store->addPlayer(QStringLiteral("Player %1").arg(i), QString())}));
    QVERIFY(activate(m_panel.get()));
    QLineEdit* search = m_panel->searchEdit();
    search->setFocus();
    QTRY_VERIFY(search->hasFocus());
    typeText(search, QStringLiteral("Jocelyn Bérubé"));
    QCOMPARE(m_panel->searchResults()->model()->rowCount(), 0);
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(m_panel->newPlayerNameEdit()->text(), QStringLiteral("Jocelyn Bérubé"));
    QTRY_VERIFY(m_panel->newPlayerLocationEdit()->hasFocus());
    QCOMPARE(m_session->entrants()->rowCount(), 40); // nothing added yet

    QTest::keyClicks(m_panel->newPlayerLocationEdit(), QStringLiteral("Sherbrooke"));
    QTest::keyClick(m_panel->newPlayerLocationEdit(), Qt::Key_Return);
    const ui::EntrantListModel& model = *m_session->entrants();
    QCOMPARE(model.rowCount(), 41);
    const core::Entrant& added = model.entrants().back();
    const std::optional<core::PlayerRecord> player = m_store->player(added.playerIds().front());
    QVERIFY(player);
    QCOMPARE(player->name, QStringLiteral("Jocelyn Bérubé"));
    QCOMPARE(player->location, QStringLiteral("Sherbrooke"));
    QCOMPARE(m_store->entrant(m_session->eventId(), added.number)->playerIds(), added.playerIds());
    // Ready for the next one.
    QVERIFY(search->text().isEmpty());
    QTRY_VERIFY(search->hasFocus());
    QVERIFY(m_panel->newPlayerNameEdit()->text().isEmpty());
    QVERIFY(m_panel->newPlayerLocationEdit()->text().isEmpty());
    QTableView* view = m_panel->entrantsView();
    QCOMPARE(view->currentIndex().row(), 40);
    QCOMPARE(view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(view->selectionModel()->selectedRows().front().row(), 40);
    QVERIFY(view->viewport()->rect().contains(view->visualRect(view->currentIndex()).center()));
    // DECISIONS N6: never rated, "new" rather than 0.000, in the list and in the type-ahead.
    QCOMPARE(shown(view, 40, ui::EntrantListModel::RatingColumn), QStringLiteral("new"));
    typeText(search, QStringLiteral("Bérubé"));
    QCOMPARE(m_panel->searchResults()->model()->rowCount(), 1);
    QCOMPARE(shown(m_panel->searchResults(), 0, ui::PlayerSearchModel::RatingColumn), QStringLiteral("new"));
    // Enter on a match adds it as before: a known player is not offered as new.
    QTest::keyClick(search, Qt::Key_Escape);
    QTest::keyClicks(search, QStringLiteral("Player 1"));
    QTest::keyClick(search, Qt::Key_Return);
    QVERIFY(m_panel->newPlayerNameEdit()->text().isEmpty());
}

// DECISIONS P3, P5: in doubles a player without a partner is shown apart and cannot be checked in
// (Space, the checkbox, or all at once); once paired the team checks in, and undo works throughout.
void TestEntrantsPanel::unpairedPlayerIsNotCheckedIn()
{
    const QString a = m_store->addPlayer(QStringLiteral("Ann"), QStringLiteral("Tavistock"));
    const QString b = m_store->addPlayer(QStringLiteral("Bea"), QStringLiteral("Elmira"));
    const QString c = m_store->addPlayer(QStringLiteral("Cy"), QStringLiteral("Ottawa"));
    const QString d = m_store->addPlayer(QStringLiteral("Di"), QStringLiteral("Ottawa"));
    QVERIFY(m_session->addEntrant({c, d}));
    QVERIFY(m_session->addEntrant({a}));
    QVERIFY(m_session->addEntrant({b}));
    QVERIFY(m_session->setCheckedIn(1, true));
    const int steps = m_session->undoStack()->count();
    QTableView* view = m_panel->entrantsView();
    QLabel* counts = m_panel->countsLabel();
    QVERIFY2(counts->text().endsWith(QStringLiteral("Field (N): 1 · Without a partner: 2")),
             qPrintable(counts->text()));
    QCOMPARE(shown(view, 1, ui::EntrantListModel::StatusColumn), QStringLiteral("Needs a partner"));
    QVERIFY(!view->model()->index(1, ui::EntrantListModel::PlayersColumn).data(Qt::DecorationRole).isNull());
    QVERIFY(view->model()->index(0, ui::EntrantListModel::PlayersColumn).data(Qt::DecorationRole).isNull());
    QVERIFY(!m_panel->warningLabel()->isVisible());

    // Space on Ann's row.
    view->setFocus();
    view->setCurrentIndex(view->model()->index(1, ui::EntrantListModel::PlayersColumn));
    QTest::keyClick(view, Qt::Key_Space);
    QVERIFY(m_panel->warningLabel()->isVisible());
    QVERIFY2(m_panel->warningLabel()->text().contains(QStringLiteral("pair a partner first")),
             qPrintable(m_panel->warningLabel()->text()));
    QVERIFY(!m_panel->warningLabel()->text().contains(QStringLiteral("DECISIONS")));
    QCOMPARE(m_store->entrant(m_session->eventId(), 2)->status, core::EntrantStatus::Registered);
    QCOMPARE(m_panel->preview()->table().fieldSize, 1);
    QVERIFY(counts->text().contains(QStringLiteral("Field (N): 1")));
    QCOMPARE(m_session->undoStack()->count(), steps);
    // The checkbox, as a click sets it; the check-in box; all at once.
    m_panel->warningLabel()->clear();
    QVERIFY(!view->model()->setData(view->model()->index(2, ui::EntrantListModel::CheckInColumn), Qt::Checked,
                                    Qt::CheckStateRole));
    QVERIFY(m_panel->warningLabel()->text().contains(QStringLiteral("pair a partner first")));
    QTest::keyClicks(m_panel->checkInEdit(), b);
    QTest::keyClick(m_panel->checkInEdit(), Qt::Key_Return);
    QCOMPARE(m_store->entrant(m_session->eventId(), 3)->status, core::EntrantStatus::Registered);
    QTest::mouseClick(m_panel->checkInAllButton(), Qt::LeftButton);
    QCOMPARE(m_store->entrant(m_session->eventId(), 2)->status, core::EntrantStatus::Registered);
    QCOMPARE(m_session->undoStack()->count(), steps); // nobody else was registered: no step
    QVERIFY(m_panel->warningLabel()->text().contains(QStringLiteral("2 players without a partner")));
    QCOMPARE(m_panel->preview()->table().fieldSize, 1);
    if (const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        m_panel->resize(1000, 640);
        QVERIFY(QDir().mkpath(dir));
        QImage image;
        QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = m_panel->grab().toImage()), 5000);
        QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("entrants-doubles-no-partner.png"))));
    }

    // Paired, the team checks in; undo takes back the check-in, then the pairing.
    view->selectionModel()->select(view->model()->index(1, 0),
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->selectionModel()->select(view->model()->index(2, 0),
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QTest::mouseClick(m_panel->findChild<QPushButton*>(QStringLiteral("pairButton")), Qt::LeftButton);
    QCOMPARE(view->model()->rowCount(), 2);
    QVERIFY2(!counts->text().contains(QStringLiteral("Without a partner")), qPrintable(counts->text()));
    view->setCurrentIndex(view->model()->index(1, ui::EntrantListModel::PlayersColumn));
    QTest::keyClick(view, Qt::Key_Space);
    QCOMPARE(m_store->entrant(m_session->eventId(), 2)->status, core::EntrantStatus::Started);
    QVERIFY(!m_panel->warningLabel()->isVisible());
    QVERIFY(counts->text().contains(QStringLiteral("Field (N): 2")));
    QCOMPARE(m_panel->preview()->table().fieldSize, 2);
    m_session->undoStack()->undo();
    QCOMPARE(m_store->entrant(m_session->eventId(), 2)->status, core::EntrantStatus::Registered);
    m_session->undoStack()->undo();
    QCOMPARE(playersOf(*m_session->entrants()), QSet<QString>({c + u'+' + d, a, b}));
    QVERIFY(counts->text().endsWith(QStringLiteral("Field (N): 1 · Without a partner: 2")));
}

// A registration desk types or scans ids: Enter checks that entrant in and the box, emptied, keeps
// the focus; an unknown id or a player not entered is said plainly and changes nothing.
void TestEntrantsPanel::checkInByTypedId()
{
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-06");
    draft.name = QStringLiteral("Elmira Singles");
    draft.tier = 3;
    ui::EventSession session(*m_store, m_store->createEvent(draft));
    QVERIFY(testing::waitForRatings(session));
    m_panel->setSession(&session);
    const auto detach = qScopeGuard([this] { m_panel->setSession(nullptr); });
    QStringList ids;
    for (int i = 1; i <= 4; ++i)
        ids.append(m_store->addPlayer(QStringLiteral("Player %1").arg(i), QStringLiteral("Elmira")));
    for (int i = 0; i < 3; ++i)
        QVERIFY(session.addEntrant({ids[i]}));
    QVERIFY(activate(m_panel.get()));
    QSignalSpy messages(m_panel.get(), &ui::EntrantsPanel::message);

    // Alt+I, as the label says, then the second player's id (a scanner types and sends Enter).
    QTest::keyClick(m_panel.get(), Qt::Key_I, Qt::AltModifier);
    QLineEdit* box = m_panel->checkInEdit();
    QTRY_VERIFY(box->hasFocus());
    QTest::keyClicks(box, ids[1].toLower());
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(m_store->entrant(session.eventId(), 2)->status, core::EntrantStatus::Started);
    QCOMPARE(session.entrants()->startedCount(), 1);
    QVERIFY(box->text().isEmpty());
    QVERIFY(box->hasFocus());
    QCOMPARE(messages.last().at(0).toString(), QStringLiteral("Checked in Player 2 (entrant 2)."));
    QCOMPARE(m_panel->entrantsView()->currentIndex().row(), 1);
    QVERIFY(!m_panel->warningLabel()->isVisible());

    QTest::keyClicks(box, QStringLiteral("99999"));
    QTest::keyClick(box, Qt::Key_Return);
    QVERIFY(m_panel->warningLabel()->isVisible());
    QCOMPARE(m_panel->warningLabel()->text(),
             QStringLiteral("No player has the id 99999: check the id, or add a new player above."));
    QTest::keyClicks(box, ids[3]);
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(
        m_panel->warningLabel()->text(),
        QStringLiteral("Player 4 (id %1) is not entered in this event: add them above first.").arg(ids[3]));
    QTest::keyClicks(box, ids[1]);
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(messages.last().at(0).toString(), QStringLiteral("Player 2 (entrant 2) is checked in already."));
    QCOMPARE(session.entrants()->startedCount(), 1);
    QVERIFY(box->text().isEmpty());
    QVERIFY(box->hasFocus());

    QTest::keyClicks(box, QStringLiteral("  ") + ids[0] + QStringLiteral(" "));
    QTest::keyClick(box, Qt::Key_Enter);
    QCOMPARE(session.entrants()->startedCount(), 2);
    session.undoStack()->undo();
    QCOMPARE(m_store->entrant(session.eventId(), 1)->status, core::EntrantStatus::Registered);
    QCOMPARE(m_store->entrant(session.eventId(), 2)->status, core::EntrantStatus::Started);
}

// "Check in all registered": one click (or Alt+G), every registered entrant started, one undo step.
void TestEntrantsPanel::checkInAllRegistered()
{
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-06");
    draft.name = QStringLiteral("Elmira Singles");
    draft.tier = 3;
    ui::EventSession session(*m_store, m_store->createEvent(draft));
    QVERIFY(testing::waitForRatings(session));
    m_panel->setSession(&session);
    const auto detach = qScopeGuard([this] { m_panel->setSession(nullptr); });
    for (int i = 1; i <= 12; ++i)
        QVERIFY(session.addEntrant({m_store->addPlayer(QStringLiteral("Player %1").arg(i), QString())}));
    QVERIFY(session.setCheckedIn(4, true));
    QVERIFY(session.setEntrantStatus(4, core::EntrantStatus::Withdrawn));
    const int steps = session.undoStack()->count();
    QVERIFY(activate(m_panel.get()));
    QVERIFY(m_panel->checkInAllButton()->isEnabled());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_G, Qt::AltModifier);
    QTRY_COMPARE(session.entrants()->startedCount(), 11); // a shortcut clicks the button animated
    QCOMPARE(session.entrants()->withdrawnCount(), 1);
    QCOMPARE(session.entrants()->registeredCount(), 0);
    for (const core::Entrant& entrant : m_store->entrants(session.eventId()))
        QVERIFY(entrant.began());
    QCOMPARE(m_panel->preview()->table().fieldSize, 12);
    QVERIFY(m_panel->countsLabel()->text().contains(QStringLiteral("Field (N): 12")));
    QCOMPARE(session.undoStack()->count(), steps + 1);
    QCOMPARE(session.undoStack()->undoText(), QStringLiteral("Check in 11 registered entrants"));
    session.undoStack()->undo();
    QCOMPARE(session.entrants()->registeredCount(), 11);
    QCOMPARE(m_store->entrant(session.eventId(), 4)->status, core::EntrantStatus::Withdrawn);
    QCOMPARE(m_panel->preview()->table().fieldSize, 1);
    session.undoStack()->redo();
    QCOMPARE(session.entrants()->startedCount(), 11);
}

void TestEntrantsPanel::openMorningWindow(ui::MainWindow& window, QSize size, QStringList* shownIds)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_entrantspanel"));
    m_panel.reset();
    m_session.reset();
    m_store.reset();
    window.show();
    QVERIFY(window.openDatabase(m_dir->filePath(QStringLiteral("window.sqlite")),
                                ui::MainWindow::FirstStart::LoadSample));
    core::Store* store = window.store();
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-13");
    draft.name = QStringLiteral("Tavistock Winter Open");
    draft.tier = 2;
    draft.tour = core::Tour::Competitive;
    QVERIFY(window.selectEvent(store->createEvent(draft)));
    QVERIFY(testing::waitForRatings(*window.session()));
    ui::EventSession* session = window.session();
    QVERIFY(session);
    // The sample history has ids, not names; players new today have long names and towns.
    const QStringList ids = testing::recentPlayers(*store, 18);
    for (const QString& id : ids)
        QVERIFY(session->addEntrant({id}));
    const QList<std::pair<QString, QString>> newcomers{
        {QStringLiteral("Jocelyn Bérubé"), QStringLiteral("Sherbrooke")},
        {QStringLiteral("Joanna Kowalczyk-Smith"), QStringLiteral("Kitchener-Waterloo")},
        {QStringLiteral("Jonathan Vanderberg"), QStringLiteral("Tavistock")},
        {QStringLiteral("Josée Lafleur-Tremblay"), QStringLiteral("Saint-Jean-sur-Richelieu")},
        {QStringLiteral("Marie-Claude Tremblay-Bérubé"), QStringLiteral("Trois-Rivières")}};
    for (const auto& [name, location] : newcomers)
        QVERIFY(session->addEntrant({store->addPlayer(name, location)}));
    for (int unit = 1; unit <= 20; ++unit)
        QVERIFY(session->setCheckedIn(unit, true));
    window.resize(size);
    QVERIFY(activate(&window));
    window.eventTabs()->setCurrentWidget(window.entrantsPanel());
    ui::EntrantsPanel* panel = window.entrantsPanel();
    QTest::keyClicks(panel->searchEdit(), QStringLiteral("Jo"));
    QVERIFY(panel->searchResults()->model()->rowCount() >= 4); // the sample's fictional names too
    QTRY_COMPARE(window.size(), size);
    QCoreApplication::processEvents();
    if (shownIds)
        *shownIds = ids;
}

// The Event Day at 1280x800 in the window: the type-ahead and the entrant list fit their columns,
// names on one line, nothing scrolls sideways, the preview's figures, table and chart are whole
// (stacked), and the events list shows id, date and event. Under Xvfb (FLICKDESK_SCREENSHOT_DIR) a
// PNG of it.
void TestEntrantsPanel::columnsFitAt1280x800()
{
    ui::MainWindow window;
    QStringList ids;
    openMorningWindow(window, QSize(1280, 800), &ids);
    if (QTest::currentTestFailed())
        return;
    ui::EntrantsPanel* panel = window.entrantsPanel();

    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QVERIFY(QDir().mkpath(dir));
        QTest::qWait(100); // widgets added to a visible window are shown by a queued call
        QImage image;
        QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = window.grab().toImage()), 5000);
        QCOMPARE(image.size() / image.devicePixelRatio(), QSize(1280, 800));
        const QString path = QDir(dir).filePath(QStringLiteral("entrants-1280x800.png"));
        QVERIFY2(image.save(path), qPrintable(path));
        qInfo("screenshot: %s", qPrintable(path));
    }

    checkPreviewFits(window);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(panel->preview()->tableChartSplitter()->orientation(), Qt::Vertical);
    // The events list: narrower, its id, date and event whole (the name wraps), Tier and status
    // shown when it is widened.
    QTableView* events = window.eventListView();
    QVERIFY2(events->width() < 320, qPrintable(QString::number(events->width())));
    checkColumnsFit(events, true);
    for (int row = 0; row < events->model()->rowCount(); ++row) {
        for (const int column : {ui::EventListModel::IdColumn, ui::EventListModel::DateColumn})
            QVERIFY2(events->horizontalHeader()->sectionSize(column) >
                         events->fontMetrics().horizontalAdvance(shown(events, row, column)),
                     qPrintable(shown(events, row, column)));
    }
    // Today's event, made here, has a local id ("ETW89-1"), longer than the sample's: the widest
    // such id fits, whatever the random tag of this database.
    const QString today = window.session()->event().id;
    QVERIFY(events->horizontalHeader()->sectionSize(ui::EventListModel::IdColumn) >
            events->fontMetrics().horizontalAdvance(QStringLiteral("EWWWW-99")));
    QVERIFY2(today.startsWith(u'E'), qPrintable(today));
    QVERIFY(events->horizontalHeader()->sectionSize(ui::EventListModel::IdColumn) >
            events->fontMetrics().horizontalAdvance(today));
    QVERIFY(events->horizontalHeader()->sectionSize(ui::EventListModel::NameColumn) >
            events->fontMetrics().horizontalAdvance(QStringLiteral("Connecticut Doubles")));
    QVERIFY(events->isColumnHidden(ui::EventListModel::TierColumn));

    QTableView* entrants = panel->entrantsView();
    checkColumnsFit(entrants);
    const QHeaderView* header = entrants->horizontalHeader();
    const QFontMetrics metrics = entrants->fontMetrics();
    for (int row = 0; row < entrants->model()->rowCount(); ++row) {
        QCOMPARE(entrants->rowHeight(row), entrants->verticalHeader()->defaultSectionSize()); // one line
        for (const int column : {ui::EntrantListModel::NumberColumn, ui::EntrantListModel::IdsColumn,
                                 ui::EntrantListModel::RatingColumn, ui::EntrantListModel::StatusColumn})
            QVERIFY2(header->sectionSize(column) > metrics.horizontalAdvance(shown(entrants, row, column)),
                     qPrintable(shown(entrants, row, column)));
    }
    // The names have the room: a name of twenty letters shows whole (a longer one is elided, its
    // tooltip whole).
    const int players = header->sectionSize(ui::EntrantListModel::PlayersColumn);
    const int twenty = metrics.horizontalAdvance(QStringLiteral("Jonathan Vanderberg"));
    QVERIFY2(players > twenty, qPrintable(QStringLiteral("%1 <= %2").arg(players).arg(twenty)));
    QCOMPARE(
        entrants->model()->index(22, ui::EntrantListModel::PlayersColumn).data(Qt::ToolTipRole).toString(),
        QStringLiteral("Marie-Claude Tremblay-Bérubé (%1, Trois-Rivières)")
            .arg(entrants->model()
                     ->index(22, 0)
                     .data(ui::EntrantListModel::PlayerIdsRole)
                     .toStringList()
                     .front()));
    QCOMPARE(shown(entrants, int(ids.size()), ui::EntrantListModel::RatingColumn), QStringLiteral("new"));
    QVERIFY(shown(entrants, 0, ui::EntrantListModel::RatingColumn) != QStringLiteral("new"));

    QTableView* results = panel->searchResults();
    checkColumnsFit(results);
    const int names = results->horizontalHeader()->sectionSize(ui::PlayerSearchModel::NameColumn);
    QVERIFY2(names > twenty, qPrintable(QStringLiteral("%1 <= %2").arg(names).arg(twenty)));
    QVERIFY(results->horizontalHeader()->sectionSize(ui::PlayerSearchModel::RatingColumn) >
            metrics.horizontalAdvance(shown(results, 0, ui::PlayerSearchModel::RatingColumn)));
}

// On a wide screen the preview uses the room: the table and the chart side by side, the events
// list with its Tier and status, nothing scrolls sideways.
void TestEntrantsPanel::previewSideBySideAt1600x1000()
{
    ui::MainWindow window;
    openMorningWindow(window, QSize(1600, 1000));
    if (QTest::currentTestFailed())
        return;
    const QString dir = qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QVERIFY(QDir().mkpath(dir));
        QImage image;
        QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = window.grab().toImage()), 5000);
        const QString path = QDir(dir).filePath(QStringLiteral("entrants-1600x1000.png"));
        QVERIFY2(image.save(path), qPrintable(path));
    }
    checkPreviewFits(window);
    if (QTest::currentTestFailed())
        return;
    ui::PayoutPreviewWidget* preview = window.entrantsPanel()->preview();
    QCOMPARE(preview->tableChartSplitter()->orientation(), Qt::Horizontal);
    QVERIFY(preview->tableView()->y() == preview->chart()->y()); // beside, not above
    checkColumnsFit(window.entrantsPanel()->entrantsView());
    // The preview took the width the entrant list does not need.
    QVERIFY(window.entrantsPanel()->preview()->width() > 600);

    // The events list widened by its divider shows the Tier and the status again.
    auto* day = window.findChild<QSplitter*>(QStringLiteral("daySplitter"));
    QVERIFY(day);
    QTableView* events = window.eventListView();
    QVERIFY(events->isColumnHidden(ui::EventListModel::StatusColumn));
    const QList<int> sizes = day->sizes();
    day->setSizes({sizes[0] + 250, sizes[1] - 250});
    QCoreApplication::processEvents();
    QVERIFY(!events->isColumnHidden(ui::EventListModel::TierColumn));
    QVERIFY(!events->isColumnHidden(ui::EventListModel::StatusColumn));
    day->setSizes(sizes);
    QCoreApplication::processEvents();
    QVERIFY(events->isColumnHidden(ui::EventListModel::StatusColumn));
    checkColumnsFit(events, true);
}

// The preview alone, narrowed and widened a step at a time: the table and the chart stack below a
// width and go side by side again only well above it (no flipping while a divider is dragged), and
// the five figures flow into more rows as the width shrinks, never wider than the preview.
void TestEntrantsPanel::previewStacksWhenNarrow()
{
    m_panel.reset();
    auto owned = std::make_unique<ui::PayoutPreviewWidget>();
    ui::PayoutPreviewWidget* preview = owned.get();
    preview->setModel(m_session->payoutPreview());
    preview->setEvent(m_session->event().name, QDate(2025, 12, 6));
    preview->show();
    QVERIFY(QTest::qWaitForWindowExposed(preview));
    QSplitter* splitter = preview->tableChartSplitter();
    auto* fieldStrength = preview->findChild<QLabel*>(QStringLiteral("fieldStrength"))->parentWidget();
    auto* winner = preview->findChild<QLabel*>(QStringLiteral("winnerPoints"))->parentWidget();
    preview->resize(1000, 800);
    QCoreApplication::processEvents();
    QCOMPARE(splitter->orientation(), Qt::Horizontal);
    QCOMPARE(winner->y(), fieldStrength->y()); // one row of figures

    int stackedAt = -1;
    for (int width = 1000; width >= 380; width -= 10) {
        preview->resize(width, 800);
        QCoreApplication::processEvents();
        QVERIFY2(winner->geometry().right() < preview->width(), qPrintable(QString::number(width)));
        if (stackedAt < 0 && splitter->orientation() == Qt::Vertical)
            stackedAt = width;
        if (stackedAt >= 0)
            QCOMPARE(splitter->orientation(), Qt::Vertical);
    }
    QVERIFY(stackedAt > 0);
    QVERIFY(winner->y() > fieldStrength->y()); // the figures in more than one row

    int besideAt = -1;
    for (int width = 380; width <= 1000; width += 10) {
        preview->resize(width, 800);
        QCoreApplication::processEvents();
        if (besideAt < 0 && splitter->orientation() == Qt::Horizontal)
            besideAt = width;
        if (besideAt >= 0)
            QCOMPARE(splitter->orientation(), Qt::Horizontal);
    }
    QVERIFY(besideAt > 0);
    QVERIFY2(besideAt >= stackedAt + 30, qPrintable(QStringLiteral("%1 %2").arg(besideAt).arg(stackedAt)));
}

QTEST_MAIN(TestEntrantsPanel)
#include "tst_entrantspanel.moc"
