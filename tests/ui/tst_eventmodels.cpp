// The event-day models (models/eventday/eventlistmodel.h, entrantlistmodel.h, playersearchmodel.h,
// payoutpreviewmodel.h), each under QAbstractItemModelTester in Fatal mode while real edits go
// through an EventSession: rows inserted, changed and removed precisely, never reset by an edit;
// the entrant counts; the search by id and by name telling two players of one name apart; the
// payout preview equal to computePayoutTable on the units that began (DECISIONS P3) and its update
// time for 200 entrants. The sample history built into flickdesk_ui is what they work on.
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/awards/monthlocks.h"
#include "core/store/store.h"
#include "flickdesk/engine/points.h"
#include "models/commands/setentrantstatuscommand.h"
#include "models/eventday/entrantlistmodel.h"
#include "widgets/eventday/eventeditor.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "models/eventday/playersearchmodel.h"
#include "models/samplehistory.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <memory>

using namespace flickdesk;
using core::EntrantStatus;
using core::EventStatus;
using core::Store;
using testing::draftOn;
using testing::openStore;
using testing::recentPlayers;
using ui::EntrantListModel;
using ui::EventListModel;
using ui::EventSession;
using ui::PayoutPreviewModel;
using ui::PlayerSearchModel;

namespace {

// Every model signal that would mean "everything changed": edits must never send one.
struct ResetCounter {
    explicit ResetCounter(QAbstractItemModel* model)
        : spy(model, &QAbstractItemModel::modelReset)
    {
    }
    QSignalSpy spy;
};

} // namespace

class TestEventModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sampleHistoryIsBuiltIn();
    void eventListFollowsEdits();
    void eventListKeepsTheOrderOfOneDate();
    void seasonOfADate_data();
    void seasonOfADate();
    void eventEditorOffersTheStoredSeasons();
    void newSeasonIsAskedBeforeItIsMade();
    void entrantListFollowsEdits();
    void checkInColumnIsCheckable();
    void playerSearchByIdAndName();
    void payoutPreviewFollowsCheckIn();
    void payoutPreviewDoubles();
    void doublesWithdrawOnlyAfterCheckIn();
    void payoutPreviewTierNote();
    void payoutPreviewTimeFor200Entrants();

private:
    QString historyCopy(const QTemporaryDir& temp);

    QTemporaryDir m_template;
    QString m_historyDatabase;
};

void TestEventModels::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_template.isValid());
    m_historyDatabase = m_template.filePath(QStringLiteral("sample.sqlite"));
    const auto store = openStore(m_historyDatabase);
    QVERIFY(store);
    // The sample history built into flickdesk_ui, through a resource path.
    const core::ImportReport report = store->importHistory(ui::sampleHistoryFolder());
    for (const engine::Defect& defect : report.defects)
        qWarning("%s", engine::describe(defect).c_str());
    QVERIFY(report.ok());
    QCOMPARE(report.eventsAdded, 153);
}

QString TestEventModels::historyCopy(const QTemporaryDir& temp)
{
    const QString path = temp.filePath(QStringLiteral("day.sqlite"));
    if (!QFile::copy(m_historyDatabase, path))
        qWarning("cannot copy the sample database");
    return path;
}

void TestEventModels::sampleHistoryIsBuiltIn()
{
    const QDir sample(ui::sampleHistoryFolder());
    QCOMPARE(sample.path(), QStringLiteral(":/sample/nca-history"));
    for (const char* name : {"events.csv", "results.csv", "README.md"})
        QVERIFY2(QFile::exists(sample.filePath(QLatin1String(name))), name);
    QVERIFY(!QFile::exists(sample.filePath(QStringLiteral("results_raw.csv")))); // clean files only
    // The same bytes as the test data.
    for (const char* name : {"events.csv", "results.csv"}) {
        QFile builtIn(sample.filePath(QLatin1String(name)));
        QFile original(
            QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/nca-history")).filePath(QLatin1String(name)));
        QVERIFY(builtIn.open(QIODevice::ReadOnly));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(builtIn.readAll(), original.readAll());
    }
    // Importing it again into the same database changes nothing (every event already there).
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const core::ImportReport again = store->importHistory(ui::sampleHistoryFolder());
    QVERIFY(again.ok());
    QCOMPARE(again.eventsUnchanged, 153);
}

void TestEventModels::eventListFollowsEdits()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    EventListModel events(*store);
    QAbstractItemModelTester tester(&events, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(&events);
    sorted.setSortRole(EventListModel::SortRole);
    sorted.sort(EventListModel::TierColumn, Qt::DescendingOrder);
    QAbstractItemModelTester sortedTester(&sorted, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(events.rowCount(), 153);
    ResetCounter resets(&events);
    QSignalSpy inserted(&events, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&events, &QAbstractItemModel::dataChanged);

    // A new event: one row inserted where its date puts it.
    const QString id = store->createEvent(draftOn(QStringLiteral("2025-12-06")));
    events.refreshEvent(id);
    QCOMPARE(inserted.count(), 1);
    const int row = events.rowOf(id);
    QCOMPARE(row, 153); // after the history, which ends in November 2025
    QCOMPARE(events.data(events.index(row, EventListModel::IdColumn)).toString(), id);
    QCOMPARE(events.data(events.index(row, EventListModel::FormatColumn)).toString(),
             QStringLiteral("Singles"));
    QCOMPARE(events.data(events.index(row, EventListModel::TierColumn)).toInt(), 3);
    QCOMPARE(events.data(events.index(row, 0), EventListModel::StatusRole).toInt(),
             static_cast<int>(EventStatus::Planned));
    QCOMPARE(sorted.rowCount(), 154);

    // Edits through a session change the event's row only: the list hears the store, nobody
    // tells it.
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    core::EventDraft draft = draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles);
    draft.name = QStringLiteral("Tavistock Doubles");
    QVERIFY(session.updateEvent(draft));
    QVERIFY(session.setEventStatus(EventStatus::Started));
    QVERIFY(changed.count() >= 2);
    for (const QList<QVariant>& signal : changed) {
        QCOMPARE(signal.at(0).toModelIndex().row(), row);
        QCOMPARE(signal.at(1).toModelIndex().row(), row);
    }
    QCOMPARE(events.data(events.index(row, EventListModel::NameColumn)).toString(),
             QStringLiteral("Tavistock Doubles"));
    QCOMPARE(events.data(events.index(row, EventListModel::FormatColumn)).toString(),
             QStringLiteral("Doubles"));
    QCOMPARE(events.data(events.index(row, EventListModel::StatusColumn)).toString(),
             QStringLiteral("Started"));
    session.undoStack()->undo();
    QCOMPARE(events.data(events.index(row, EventListModel::StatusColumn)).toString(),
             QStringLiteral("Planned"));
    QCOMPARE(resets.spy.count(), 0);
    QCOMPARE(events.rowCount(), 154);

    // The sort key of a tier is a number: Tier 3 first, descending.
    QCOMPARE(sorted.data(sorted.index(0, EventListModel::TierColumn)).toInt(), 3);
    events.reload(); // a reload is a reset, and only that
    QCOMPARE(resets.spy.count(), 1);
}

// Issue 14, item 5: events of one date kept no order from one session to the next. Newest first,
// the event added last is above the others of its date, now and after reopening (a new model).
void TestEventModels::eventListKeepsTheOrderOfOneDate()
{
    QTemporaryDir temp;
    const QString path = historyCopy(temp);
    QStringList added;
    {
        const auto store = openStore(path);
        QVERIFY(store);
        EventListModel events(*store);
        QSortFilterProxyModel sorted;
        sorted.setSourceModel(&events);
        sorted.setSortRole(EventListModel::SortRole);
        sorted.sort(EventListModel::DateColumn, Qt::DescendingOrder);
        for (const char* name : {"Morning Singles", "Afternoon Doubles", "Evening Singles"}) {
            core::EventDraft draft = draftOn(QStringLiteral("2025-12-13"));
            draft.name = QLatin1String(name);
            added.append(store->createEvent(draft));
            events.refreshEvent(added.back());
        }
        // One more a day earlier, added last: below the three.
        added.append(store->createEvent(draftOn(QStringLiteral("2025-12-12"))));
        events.refreshEvent(added.back());
        const QStringList expected{added[2], added[1], added[0], added[3]};
        QStringList shown;
        for (int row = 0; row < 4; ++row)
            shown.append(sorted.index(row, EventListModel::IdColumn).data().toString());
        QCOMPARE(shown, expected);
    }
    for (int session = 0; session < 2; ++session) {
        const auto store = openStore(path);
        QVERIFY(store);
        EventListModel events(*store);
        QSortFilterProxyModel sorted;
        sorted.setSourceModel(&events);
        sorted.setSortRole(EventListModel::SortRole);
        sorted.sort(EventListModel::DateColumn, Qt::DescendingOrder);
        QStringList shown;
        for (int row = 0; row < 4; ++row)
            shown.append(sorted.index(row, EventListModel::IdColumn).data().toString());
        QCOMPARE(shown, (QStringList{added[2], added[1], added[0], added[3]}));
        // And ascending, the order they were added.
        sorted.sort(EventListModel::DateColumn, Qt::AscendingOrder);
        const int last = sorted.rowCount() - 1;
        QCOMPARE(sorted.index(last, 0).data().toString(), added[2]);
        QCOMPARE(sorted.index(last - 2, 0).data().toString(), added[0]);
    }
}

// The season a new event's date falls in, from the sample history's events (seasons run from June
// to the next May or June: 15 holds 2024-06-01..2025-06-07, 16 holds 2025-06-21..2025-11-29).
void TestEventModels::seasonOfADate_data()
{
    QTest::addColumn<QString>("date");
    QTest::addColumn<QString>("season");
    QTest::newRow("inside season 16") << QStringLiteral("2025-09-13") << QStringLiteral("16");
    QTest::newRow("after the last event") << QStringLiteral("2025-12-13") << QStringLiteral("16");
    QTest::newRow("inside season 15") << QStringLiteral("2024-11-16") << QStringLiteral("15");
    QTest::newRow("first day of season 14") << QStringLiteral("2023-06-02") << QStringLiteral("14");
    QTest::newRow("between 15 and 16, as near to both")
        << QStringLiteral("2025-06-14") << QStringLiteral("16");
    // Season 15 began on 2024-06-01: a year (and the week the WCC's weekend moves) later it is over.
    QTest::newRow("between 15 and 16, after 15's year")
        << QStringLiteral("2025-06-09") << QStringLiteral("16");
    QTest::newRow("between 15 and 16, 15's last week")
        << QStringLiteral("2025-06-08") << QStringLiteral("15");
    QTest::newRow("before the history") << QStringLiteral("2015-01-10") << QStringLiteral("9");
}

void TestEventModels::seasonOfADate()
{
    QFETCH(QString, date);
    QFETCH(QString, season);
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const std::vector<core::EventSummary> events = store->events();
    QCOMPARE(ui::EventEditor::seasonOfDate(events, QDate::fromString(date, Qt::ISODate)), season);
    QVERIFY(ui::EventEditor::seasonOfDate({}, QDate::fromString(date, Qt::ISODate)).isEmpty());
}

// Issue 14, item 4: the season was blank free text. The editor lists the stored seasons and
// proposes the one the date falls in; a date typed later moves the proposal, a season picked by
// the director stays.
void TestEventModels::eventEditorOffersTheStoredSeasons()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    ui::EventEditor editor;
    editor.setKnownEvents(store->events());
    core::EventDraft fresh = draftOn(QStringLiteral("2025-12-13"));
    fresh.season.clear();
    editor.setDraft(fresh);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));

    QComboBox* seasons = editor.seasonBox();
    QVERIFY(seasons->isEditable());
    QStringList listed;
    for (int i = 0; i < seasons->count(); ++i)
        listed.append(seasons->itemText(i));
    QCOMPARE(listed, (QStringList{QStringLiteral("9"), QStringLiteral("10"), QStringLiteral("11"),
                                  QStringLiteral("12"), QStringLiteral("13"), QStringLiteral("14"),
                                  QStringLiteral("15"), QStringLiteral("16")}));
    QCOMPARE(seasons->currentText(), QStringLiteral("16"));
    QVERIFY(!editor.seasonNote()->isVisible());

    // A date typed in season 15 moves the proposal there.
    editor.dateEdit()->setFocus();
    editor.dateEdit()->selectAll();
    QTest::keyClicks(editor.dateEdit(), QStringLiteral("20241116"));
    QCOMPARE(editor.dateEdit()->text(), QStringLiteral("2024-11-16"));
    QCOMPARE(seasons->currentText(), QStringLiteral("15"));

    // The director picks 14 from the list by keyboard: a new date then leaves it alone.
    seasons->setFocus();
    QTest::keyClick(seasons, Qt::Key_Up);
    QCOMPARE(seasons->currentText(), QStringLiteral("14"));
    editor.dateEdit()->selectAll();
    QTest::keyClicks(editor.dateEdit(), QStringLiteral("20251213"));
    QCOMPARE(seasons->currentText(), QStringLiteral("14"));
    QVERIFY(!editor.seasonNote()->isVisible());
    QCOMPARE(editor.draft().season, QStringLiteral("14"));

    // Editing an event keeps its season whatever its date.
    core::EventDraft stored = draftOn(QStringLiteral("2025-12-13"));
    stored.season = QStringLiteral("15");
    editor.setDraft(stored);
    QCOMPARE(seasons->currentText(), QStringLiteral("15"));
}

// Issue 14, item 4: typing "2026" made a new season with standings of its own. The editor says so
// under the field and asks before saving; "Keep editing" saves nothing.
void TestEventModels::newSeasonIsAskedBeforeItIsMade()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    ui::EventEditor editor;
    editor.setKnownEvents(store->events());
    // January 2026: still season 16 (it began on 2025-06-21), so "2026" and "17" are typed seasons.
    core::EventDraft fresh = draftOn(QStringLiteral("2026-01-17"));
    fresh.name = QStringLiteral("Kitchener Fall Open");
    fresh.season.clear();
    editor.setDraft(fresh);
    QSignalSpy accepted(&editor, &QDialog::accepted);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QCOMPARE(editor.seasonBox()->currentText(), QStringLiteral("16"));

    editor.seasonEdit()->setFocus();
    editor.seasonEdit()->selectAll();
    QTest::keyClicks(editor.seasonEdit(), QStringLiteral("2026"));
    QVERIFY(editor.seasonNote()->isVisible());
    QVERIFY2(editor.seasonNote()->text().contains(QLatin1String("new season")),
             qPrintable(editor.seasonNote()->text()));
    QVERIFY(editor.seasonNote()->text().contains(QLatin1String("2026")));

    QTest::keyClick(editor.seasonEdit(), Qt::Key_Return);
    QMessageBox* question = editor.newSeasonQuestion();
    QVERIFY(question);
    QVERIFY(question->text().contains(QLatin1String("2026")));
    QVERIFY2(question->text().contains(QLatin1String("12, 13, 14, 15, 16")), qPrintable(question->text()));
    QCOMPARE(accepted.count(), 0);
    // The default answer keeps the editor open.
    QCOMPARE(question->defaultButton(), question->button(QMessageBox::No));
    question->button(QMessageBox::No)->click();
    QTRY_VERIFY(editor.newSeasonQuestion() == nullptr);
    QCOMPARE(accepted.count(), 0);
    QVERIFY(editor.isVisible());

    // Back to the proposed season: no question, saved at once.
    editor.seasonEdit()->selectAll();
    QTest::keyClicks(editor.seasonEdit(), QStringLiteral("16"));
    QVERIFY(!editor.seasonNote()->isVisible());
    QTest::keyClick(editor.seasonBox(), Qt::Key_Return); // Return on the list itself: OK
    QVERIFY(editor.newSeasonQuestion() == nullptr);
    QCOMPARE(accepted.count(), 1);
    QCOMPARE(editor.draft().season, QStringLiteral("16"));

    // Confirmed, a new season is made.
    ui::EventEditor second;
    second.setKnownEvents(store->events());
    second.setDraft(fresh);
    QSignalSpy secondAccepted(&second, &QDialog::accepted);
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    second.seasonEdit()->selectAll();
    QTest::keyClicks(second.seasonEdit(), QStringLiteral("17"));
    second.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
    QVERIFY(second.newSeasonQuestion());
    second.newSeasonQuestion()->button(QMessageBox::Yes)->click();
    QCOMPARE(secondAccepted.count(), 1);
    QCOMPARE(second.draft().season, QStringLiteral("17"));
}

void TestEventModels::entrantListFollowsEdits()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const QString id = store->createEvent(draftOn(QStringLiteral("2025-12-06")));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    EntrantListModel* entrants = session.entrants();
    QAbstractItemModelTester tester(entrants, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSortFilterProxyModel byRating;
    byRating.setSourceModel(entrants);
    byRating.setSortRole(EntrantListModel::SortRole);
    byRating.sort(EntrantListModel::RatingColumn, Qt::DescendingOrder);
    QAbstractItemModelTester proxyTester(&byRating, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ResetCounter resets(entrants);
    QSignalSpy counts(entrants, &EntrantListModel::countsChanged);
    QSignalSpy inserted(entrants, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(entrants, &QAbstractItemModel::rowsRemoved);

    const QStringList ids = recentPlayers(*store, 6);
    for (const QString& player : ids)
        QVERIFY(session.addEntrant({player}));
    QCOMPARE(inserted.count(), 6);
    QCOMPARE(entrants->rowCount(), 6);
    QCOMPARE(entrants->registeredCount(), 6);
    QCOMPARE(entrants->property("registeredCount").toInt(), 6);

    // Two newcomers of one name: the rows show their ids and locations.
    const QString tavistock = *session.addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Tavistock"));
    const QString elmira = *session.addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Elmira"));
    const int first = *session.addEntrant({tavistock});
    const int second = *session.addEntrant({elmira});
    const int firstRow = entrants->rowOf(first);
    const int secondRow = entrants->rowOf(second);
    QCOMPARE(entrants->data(entrants->index(firstRow, EntrantListModel::PlayersColumn)).toString(),
             entrants->data(entrants->index(secondRow, EntrantListModel::PlayersColumn)).toString());
    QCOMPARE(entrants->data(entrants->index(firstRow, EntrantListModel::IdsColumn)).toString(), tavistock);
    QCOMPARE(entrants->data(entrants->index(secondRow, EntrantListModel::IdsColumn)).toString(), elmira);
    QCOMPARE(entrants->data(entrants->index(firstRow, EntrantListModel::LocationColumn)).toString(),
             QStringLiteral("Tavistock"));
    QCOMPARE(entrants->data(entrants->index(secondRow, EntrantListModel::LocationColumn)).toString(),
             QStringLiteral("Elmira"));
    QVERIFY(entrants->data(entrants->index(secondRow, EntrantListModel::PlayersColumn), Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("Elmira")));
    // A history player without a name shows the id; an unseen newcomer's rating is 0 (N6).
    QCOMPARE(entrants->data(entrants->index(0, EntrantListModel::PlayersColumn)).toString(), ids[0]);
    QCOMPARE(entrants->data(entrants->index(firstRow, 0), EntrantListModel::RatingRole).toDouble(), 0.0);
    const double locked = core::MonthLocks(*store).lockFor(QStringLiteral("2025-12-06")).muOf(ids[0]);
    QCOMPARE(entrants->data(entrants->index(0, 0), EntrantListModel::RatingRole).toDouble(), locked);
    QVERIFY(locked != 0.0);

    // Check-in, withdrawal and removal: counts follow, each row changes alone.
    counts.clear();
    QSignalSpy changed(entrants, &QAbstractItemModel::dataChanged);
    QVERIFY(session.setCheckedIn(1, true));
    QVERIFY(session.setCheckedIn(2, true));
    QVERIFY(session.setCheckedIn(3, true));
    QVERIFY(session.setEntrantStatus(3, EntrantStatus::Withdrawn));
    QCOMPARE(entrants->registeredCount(), 5);
    QCOMPARE(entrants->startedCount(), 2);
    QCOMPARE(entrants->withdrawnCount(), 1);
    QCOMPARE(counts.count(), 4);
    QCOMPARE(changed.count(), 4);
    for (const QList<QVariant>& signal : changed)
        QCOMPARE(signal.at(0).toModelIndex().row(), signal.at(1).toModelIndex().row());
    QCOMPARE(entrants->data(entrants->index(2, EntrantListModel::CheckInColumn), Qt::CheckStateRole).toInt(),
             static_cast<int>(Qt::Checked)); // withdrawn after starting: began (P3)
    QCOMPARE(entrants->data(entrants->index(2, EntrantListModel::StatusColumn)).toString(),
             QStringLiteral("Withdrawn"));
    QVERIFY(session.removeEntrant(4));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(entrants->rowCount(), 7);
    QCOMPARE(entrants->rowOf(4), -1);
    session.undoStack()->undo();
    QCOMPARE(entrants->rowOf(4), 3);
    QCOMPARE(entrants->registeredCount(), 5);

    // The proxy sorts by the locked rating: highest first.
    for (int row = 1; row < byRating.rowCount(); ++row)
        QVERIFY(byRating.data(byRating.index(row - 1, 0), EntrantListModel::RatingRole).toDouble() >=
                byRating.data(byRating.index(row, 0), EntrantListModel::RatingRole).toDouble());
    QCOMPARE(resets.spy.count(), 0);
}

void TestEventModels::checkInColumnIsCheckable()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const QString id = store->createEvent(draftOn(QStringLiteral("2025-12-06")));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    EntrantListModel* entrants = session.entrants();
    QAbstractItemModelTester tester(entrants, QAbstractItemModelTester::FailureReportingMode::Fatal);
    for (const QString& player : recentPlayers(*store, 3))
        QVERIFY(session.addEntrant({player}));
    const QModelIndex check = entrants->index(1, EntrantListModel::CheckInColumn);
    QVERIFY(entrants->flags(check) & Qt::ItemIsUserCheckable);
    QVERIFY(!(entrants->flags(entrants->index(1, EntrantListModel::RatingColumn)) & Qt::ItemIsUserCheckable));
    // A view's click: setData with a check state goes through the session's undo stack.
    QVERIFY(entrants->setData(check, Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(store->entrant(id, 2)->status, EntrantStatus::Started);
    QCOMPARE(entrants->data(check, Qt::CheckStateRole).toInt(), static_cast<int>(Qt::Checked));
    QCOMPARE(session.undoStack()->count(), 4);
    QVERIFY(entrants->setData(check, Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(store->entrant(id, 2)->status, EntrantStatus::Registered);
    QVERIFY(!entrants->setData(entrants->index(1, EntrantListModel::StatusColumn), Qt::Checked,
                               Qt::CheckStateRole));
}

void TestEventModels::playerSearchByIdAndName()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const QString id = store->createEvent(draftOn(QStringLiteral("2025-12-06")));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    PlayerSearchModel* search = session.playerSearch();
    QAbstractItemModelTester tester(search, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ResetCounter resets(search);
    const QString tavistock = *session.addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Tavistock"));
    const QString elmira = *session.addPlayer(QStringLiteral("Ann Smith"), QStringLiteral("Elmira"));

    // By name, typed a letter at a time: rows change in place, grow and shrink, never reset.
    for (const QString& typed :
         {QStringLiteral("a"), QStringLiteral("an"), QStringLiteral("ann s"), QStringLiteral("ann smith")})
        search->setQuery(typed);
    QCOMPARE(search->rowCount(), 2);
    // Two players of one name: told apart by id and location.
    QCOMPARE(search->data(search->index(0, PlayerSearchModel::NameColumn)).toString(),
             QStringLiteral("Ann Smith"));
    QCOMPARE(search->data(search->index(1, PlayerSearchModel::NameColumn)).toString(),
             QStringLiteral("Ann Smith"));
    QCOMPARE(search->data(search->index(0, PlayerSearchModel::IdColumn)).toString(), tavistock);
    QCOMPARE(search->data(search->index(1, PlayerSearchModel::IdColumn)).toString(), elmira);
    QCOMPARE(search->data(search->index(0, PlayerSearchModel::LocationColumn)).toString(),
             QStringLiteral("Tavistock"));
    QCOMPARE(search->data(search->index(1, PlayerSearchModel::LocationColumn)).toString(),
             QStringLiteral("Elmira"));
    QCOMPARE(search->data(search->index(0, 0), PlayerSearchModel::RatingRole).toDouble(), 0.0); // unseen: N6

    // By id: the history's player 725, with the locked rating and the last event.
    search->setQuery(QStringLiteral("725"));
    QVERIFY(search->rowCount() >= 1);
    QCOMPARE(search->data(search->index(0, PlayerSearchModel::IdColumn)).toString(), QStringLiteral("725"));
    QCOMPARE(search->data(search->index(0, 0), PlayerSearchModel::RatingRole).toDouble(),
             core::MonthLocks(*store).lockFor(QStringLiteral("2025-12-06")).muOf(QStringLiteral("725")));
    QVERIFY(!search->data(search->index(0, PlayerSearchModel::LastEventColumn)).toString().isEmpty());
    const QString lastEvent =
        search->data(search->index(0, 0), PlayerSearchModel::LastEventIdRole).toString();
    QCOMPARE(search->data(search->index(0, 0), PlayerSearchModel::LastEventDateRole).toString(),
             store->event(lastEvent)->date);
    for (int row = 0; row < search->rowCount(); ++row)
        QVERIFY(search->matchAt(row).id.startsWith(QLatin1String("725")));

    // A limit, and an empty query empties the list.
    search->setLimit(3);
    search->setQuery(QStringLiteral("1"));
    QCOMPARE(search->rowCount(), 3);
    search->setQuery(QString());
    QCOMPARE(search->rowCount(), 0);
    // A player added through the session shows up at once; its undo takes it away.
    search->setQuery(QStringLiteral("bo lee"));
    QCOMPARE(search->rowCount(), 0);
    QVERIFY(session.addPlayer(QStringLiteral("Bo Lee"), QStringLiteral("Kitchener")));
    QCOMPARE(search->rowCount(), 1);
    session.undoStack()->undo();
    QCOMPARE(search->rowCount(), 0);
    QCOMPARE(resets.spy.count(), 0);
}

void TestEventModels::payoutPreviewFollowsCheckIn()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const QString id = store->createEvent(draftOn(QStringLiteral("2025-12-06")));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    PayoutPreviewModel* preview = session.payoutPreview();
    QAbstractItemModelTester tester(preview, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ResetCounter resets(preview);
    QSignalSpy changed(preview, &PayoutPreviewModel::payoutChanged);
    QCOMPARE(preview->rowCount(), 0);
    QCOMPARE(preview->tierFloor(), 0.40);

    const QStringList ids = recentPlayers(*store, 24);
    for (const QString& player : ids)
        QVERIFY(session.addEntrant({player}));
    QCOMPARE(preview->rowCount(), 0); // registered is not the field (P3)
    const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(QStringLiteral("2025-12-06"));
    std::vector<double> field;
    for (int unit = 1; unit <= 24; ++unit) {
        QVERIFY(session.setCheckedIn(unit, true));
        field.push_back(lock.muOf(ids[unit - 1]));
        QCOMPARE(preview->rowCount(), unit);
        QCOMPARE(preview->fieldSize(), unit);
    }
    QVERIFY(changed.count() >= 24);
    // A withdrawal after starting keeps the unit in the field (P3); checking out takes it away.
    QVERIFY(session.setEntrantStatus(24, EntrantStatus::Withdrawn));
    QCOMPARE(preview->fieldSize(), 24);
    QVERIFY(session.setCheckedIn(1, false));
    field.erase(field.begin());
    QCOMPARE(preview->rowCount(), 23);

    // The preview is computePayoutTable's table for the units that began.
    const engine::PayoutTable expected =
        engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::Three, field);
    QCOMPARE(preview->table().awards, expected.awards);
    QCOMPARE(preview->fieldStrengthIndex(), expected.fieldStrengthIndex);
    QCOMPARE(preview->fieldDepthIndex(), expected.fieldDepthIndex);
    QCOMPARE(preview->property("fieldDepthIndex").toDouble(), expected.fieldDepthIndex);
    QCOMPARE(preview->unflooredFieldStrength(), expected.unflooredFieldStrength);
    QCOMPARE(preview->data(preview->index(0, PayoutPreviewModel::PointsColumn), PayoutPreviewModel::AwardRole)
                 .toDouble(),
             expected.awards[0]);
    QCOMPARE(preview->data(preview->index(22, PayoutPreviewModel::PlaceColumn)).toInt(), 23);

    // An experimental format's cap (P4: FlickDesk proposes 1.00) and the tier come from the event.
    core::EventDraft draft = draftOn(QStringLiteral("2025-12-06"));
    draft.tier = 1;
    draft.experimental = true;
    draft.experimentalCap = 0.5;
    QVERIFY(session.updateEvent(draft));
    QCOMPARE(preview->tierFloor(), 0.80);
    QCOMPARE(preview->fieldStrengthIndex(), 0.5); // the cap below the floor wins (an explicit decision)
    QVERIFY(preview->capApplied());
    session.undoStack()->undo();
    QCOMPARE(preview->fieldStrengthIndex(), expected.fieldStrengthIndex);
    QCOMPARE(resets.spy.count(), 0);
}

void TestEventModels::payoutPreviewDoubles()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const QString id =
        store->createEvent(draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    PayoutPreviewModel* preview = session.payoutPreview();
    QAbstractItemModelTester tester(preview, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester entrantTester(session.entrants(),
                                           QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QStringList ids = recentPlayers(*store, 20);
    const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(QStringLiteral("2025-12-06"));
    std::vector<engine::PartnerRatings> teams;
    for (int team = 0; team < 10; ++team) {
        const int unit = *session.addEntrant({ids[2 * team]});
        const int partner = *session.addEntrant({ids[2 * team + 1]});
        QVERIFY(session.pairPartners(unit, partner));
        QVERIFY(session.setCheckedIn(unit, true)); // a pair checks in (DECISIONS P3, P5)
        teams.emplace_back(lock.muOf(ids[2 * team]), lock.muOf(ids[2 * team + 1]));
    }
    QCOMPARE(session.entrants()->rowCount(), 10);
    QCOMPARE(preview->fieldSize(), 10);
    const engine::PayoutTable expected = engine::computePayoutTable(engine::Tier::Three, teams);
    QCOMPARE(preview->table().awards, expected.awards);
    QCOMPARE(preview->fieldDepthIndex(), expected.fieldDepthIndex); // 10 teams: FDI counts (P6)
    // A team's rating is 0.6 x higher + 0.4 x lower partner (P5).
    const double shown =
        session.entrants()->data(session.entrants()->index(0, 0), EntrantListModel::RatingRole).toDouble();
    QCOMPARE(shown, engine::teamRating(teams[0].first, teams[0].second));
}

// Issue 25, items 1 and 13, on the sample's ratings: a doubles field registered first and paired
// after (the store's teams are 1, 3, 5...) is numbered 1, 2, 3... in the list; a team that never
// checked in cannot withdraw (DECISIONS P3), through the session or the command itself, and N and
// the winner's points stay what they were (the withdrawal would have lowered them).
void TestEventModels::doublesWithdrawOnlyAfterCheckIn()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const QString id =
        store->createEvent(draftOn(QStringLiteral("2025-12-06"), engine::EventFormat::Doubles));
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    EntrantListModel* entrants = session.entrants();
    QAbstractItemModelTester tester(entrants, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QStringList ids = recentPlayers(*store, 9);
    for (const QString& player : ids)
        QVERIFY(session.addEntrant({player}));
    QVERIFY(session.addEntrant({store->addPlayer(QStringLiteral("New Partner"), QString())}));
    QSignalSpy numbers(entrants, &QAbstractItemModel::dataChanged);
    for (int unit = 1; unit < 10; unit += 2)
        QVERIFY(session.pairPartners(unit, unit + 1));
    QVERIFY(!numbers.isEmpty());
    QCOMPARE(entrants->rowCount(), 5);
    for (int row = 0; row < 5; ++row) {
        QCOMPARE(entrants->entrants().at(size_t(row)).number, 2 * row + 1);
        QCOMPARE(entrants->index(row, EntrantListModel::NumberColumn).data().toInt(), row + 1);
        QCOMPARE(entrants->shownNumber(2 * row + 1), row + 1);
    }
    for (int unit = 1; unit <= 7; unit += 2)
        QVERIFY(session.setCheckedIn(unit, true));
    const engine::PayoutTable before = session.payoutPreview()->table();
    QCOMPARE(before.fieldSize, 4);
    const int steps = session.undoStack()->count();

    // Team 5 (its second partner is new) never checked in: no withdrawal.
    QVERIFY(!session.setEntrantStatus(9, EntrantStatus::Withdrawn));
    QVERIFY2(session.lastError().contains(QStringLiteral("(team 5) never checked in")),
             qPrintable(session.lastError()));
    ui::SetEntrantStatusCommand command(session, 9, EntrantStatus::Registered, EntrantStatus::Withdrawn);
    QVERIFY(!command.apply());
    QVERIFY(!command.error().isEmpty());
    QCOMPARE(store->entrant(id, 9)->status, EntrantStatus::Registered);
    QCOMPARE(entrants->withdrawnCount(), 0);
    QCOMPARE(session.undoStack()->count(), steps);
    const engine::PayoutTable after = session.payoutPreview()->table();
    QCOMPARE(after.fieldSize, 4);
    QCOMPARE(after.winnerPoints(), before.winnerPoints());
    QCOMPARE(after.awards, before.awards);
    // What the refused withdrawal would have made of them: another N.
    std::vector<double> five;
    for (const core::Entrant& entrant : entrants->entrants())
        five.push_back(entrants->unitRating(entrant));
    const engine::PayoutTable withFifth =
        engine::computePayoutTable(engine::EventFormat::Doubles, engine::Tier::Three, five);
    QCOMPARE(withFifth.fieldSize, 5);

    // Checked in, it can.
    QVERIFY(session.setCheckedIn(9, true));
    QVERIFY(session.setEntrantStatus(9, EntrantStatus::Withdrawn));
    QCOMPARE(session.payoutPreview()->fieldSize(), 5);
}

void TestEventModels::payoutPreviewTierNote()
{
    PayoutPreviewModel preview;
    QAbstractItemModelTester tester(&preview, QAbstractItemModelTester::FailureReportingMode::Fatal);
    preview.setTerms(engine::EventFormat::Singles, engine::Tier::Three, std::nullopt);
    preview.setField(std::vector<double>(14, 0.5));
    QCOMPARE(preview.fieldSize(), 14);
    QVERIFY(preview.tierNote().isEmpty()); // 0.5 / 3.3 x 50 = 7.6: no higher floor
    // Mean 2.2 / 3.3 x 50 = 33.3 reaches Tier 2's 30 (DECISIONS P10).
    preview.setField(std::vector<double>(14, 2.2));
    QVERIFY(preview.tierNote().contains(QLatin1String("Tier 2")));
    QCOMPARE(preview.property("tierNote").toString(), preview.tierNote());
    QCOMPARE(preview.fieldStrengthIndex(), 2.2 / 3.3);
    preview.setField({});
    QCOMPARE(preview.rowCount(), 0);
    QCOMPARE(preview.fieldStrengthIndex(), 0.40); // the Tier floor (P4)
}

void TestEventModels::payoutPreviewTimeFor200Entrants()
{
    QTemporaryDir temp;
    const auto store = openStore(historyCopy(temp));
    QVERIFY(store);
    const QString id = store->createEvent(draftOn(QStringLiteral("2025-12-06")));
    const QStringList ids = recentPlayers(*store, 200);
    QCOMPARE(ids.size(), 200);
    for (const QString& player : ids)
        store->addEntrant(id, {player});
    EventSession session(*store, id);
    QVERIFY(testing::waitForRatings(session));
    PayoutPreviewModel* preview = session.payoutPreview();
    EntrantListModel* entrants = session.entrants();
    QCOMPARE(entrants->rowCount(), 200);

    // The whole check-in: the store's transaction, the undo command, the entrant row and the preview.
    QElapsedTimer timer;
    qint64 slowest = 0;
    qint64 total = 0;
    for (int unit = 1; unit <= 200; ++unit) {
        timer.start();
        QVERIFY(session.setCheckedIn(unit, true));
        const qint64 elapsed = timer.nsecsElapsed();
        slowest = std::max(slowest, elapsed);
        total += elapsed;
    }
    QCOMPARE(preview->fieldSize(), 200);
    // The preview alone, as a check-in makes it recompute: from the ratings in memory.
    qint64 previewSlowest = 0;
    qint64 previewTotal = 0;
    for (int round = 0; round < 200; ++round) {
        core::Entrant entrant = entrants->entrants()[static_cast<std::size_t>(round)];
        entrant.status = round % 2 ? core::EntrantStatus::Started : core::EntrantStatus::Registered;
        timer.start();
        entrants->updateEntrant(entrant); // emits fieldChanged: the preview recomputes
        const qint64 elapsed = timer.nsecsElapsed();
        previewSlowest = std::max(previewSlowest, elapsed);
        previewTotal += elapsed;
    }
    QCOMPARE(preview->fieldSize(), 100);
    qInfo("check-in with 200 entrants: mean %.3f ms, slowest %.3f ms (store write, undo command, models)",
          static_cast<double>(total) / 200 / 1e6, static_cast<double>(slowest) / 1e6);
    qInfo("preview update with 200 entrants: mean %.3f ms, slowest %.3f ms (entrant row and payout table)",
          static_cast<double>(previewTotal) / 200 / 1e6, static_cast<double>(previewSlowest) / 1e6);
    // Tests assert behaviour, not time (CODING_GUIDELINES.md): the figures above are for people.
}

QTEST_MAIN(TestEventModels)
#include "tst_eventmodels.moc"
