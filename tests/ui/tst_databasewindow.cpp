// The window and its database file: a database is made only when the director agrees, an empty
// file is refused with its reason, exports never go over the open database, and --smoke-test says
// why a database did not open.
#include "core/store/store.h"
#include "widgets/charts/curvechart.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "widgets/mainwindow.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"
#include "models/ratings/ratingslistmodel.h"
#include "widgets/tour/standingsview.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/resource.h>
#endif

using namespace flickdesk;
using flickdesk::ui::MainWindow;

namespace {

// A window whose question "make a new database?" is answered by the test.
class AnsweringWindow : public MainWindow {
public:
    bool answer = false;
    QStringList asked;

protected:
    bool confirmNewDatabase(const QString& path, bool emptyFile) override
    {
        asked.append(path + (emptyFile ? QStringLiteral(" (empty)") : QString()));
        return answer;
    }
};

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void closeOpenErrorBox()
{
    QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
    QPointer<QMessageBox> box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    QVERIFY(box);
    box->button(QMessageBox::Close)->click();
    QTRY_VERIFY(box.isNull());
}

#ifdef Q_OS_UNIX
// While it lives, no file of this process may grow (a full disk): write() fails with EFBIG, and
// SIGXFSZ, which would end the process, is ignored.
class FullDisk {
public:
    FullDisk()
    {
        m_signal = std::signal(SIGXFSZ, SIG_IGN);
        m_ok = ::getrlimit(RLIMIT_FSIZE, &m_limit) == 0;
        rlimit none = m_limit;
        none.rlim_cur = 0;
        m_ok = m_ok && ::setrlimit(RLIMIT_FSIZE, &none) == 0;
    }
    ~FullDisk()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_limit);
        std::signal(SIGXFSZ, m_signal);
    }
    FullDisk(const FullDisk&) = delete;
    FullDisk& operator=(const FullDisk&) = delete;
    bool ok() const { return m_ok; }

private:
    rlimit m_limit{};
    void (*m_signal)(int) = nullptr;
    bool m_ok = false;
};
#endif

} // namespace

class TestDatabaseWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void missingDatabaseIsMadeOnlyWhenAgreed();
    void emptyFileIsRefusedWithItsReason();
    void exportNeverGoesOverTheDatabase();
    void reopeningKeepsOneEventList();
    void reopeningKeepsTheNewestEventsInSight();
    void playerPageFollowsTheSelection();
    void smokeTestPrintsTheReason();
    void savedFilesAreWholeOrUntouched();
};

void TestDatabaseWindow::initTestCase()
{
    // openDatabase remembers the file in QSettings: keep the tests' settings apart.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskTests"));
}

// Item: a mistyped database path made a database and its folders.
void TestDatabaseWindow::missingDatabaseIsMadeOnlyWhenAgreed()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("typo/flickdesk.sqlite"));
    AnsweringWindow window;
    window.show();
    QVERIFY(!window.openDatabase(path));
    QCOMPARE(window.asked, QStringList{path});
    QVERIFY(!window.store());
    QVERIFY2(window.lastOpenError().contains(QLatin1String("There is no database at")),
             qPrintable(window.lastOpenError()));
    QVERIFY2(window.statusBar()->currentMessage().contains(QDir::toNativeSeparators(path)),
             qPrintable(window.statusBar()->currentMessage()));
    QCOMPARE(QDir(temp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
}

// Item: a 0-byte file given with --db was made a database, and the window loaded the sample into it.
void TestDatabaseWindow::emptyFileIsRefusedWithItsReason()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("empty.sqlite"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    AnsweringWindow window;
    window.show();
    QVERIFY(!window.openDatabase(path, MainWindow::FirstStart::LoadSample));
    QVERIFY(window.asked.isEmpty());
    QVERIFY2(window.lastOpenError().contains(QLatin1String("is an empty file, not a FlickDesk database")),
             qPrintable(window.lastOpenError()));
    QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("empty file")));
    closeOpenErrorBox();
    QCOMPARE(QFileInfo(path).size(), 0);
    // Asked, and not agreed: left as it was.
    QVERIFY(!window.openDatabase(path));
    QCOMPARE(window.asked, QStringList{path + QStringLiteral(" (empty)")});
    QCOMPARE(QFileInfo(path).size(), 0);
    QCOMPARE(QDir(temp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("empty.sqlite")});
}

// Item: the window's export wrote over the open database.
void TestDatabaseWindow::exportNeverGoesOverTheDatabase()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("desk.sqlite"));
    {
        core::StoreOptions options;
        options.path = path;
        const core::Store::OpenResult opened = core::Store::open(options);
        QVERIFY(opened.store);
        QVERIFY(
            opened.store->importHistory(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/reference/ttt/tiny")).ok());
    }
    MainWindow window;
    QVERIFY(window.openDatabase(path, MainWindow::FirstStart::StartEmpty));
    QVERIFY(window.selectEvent(QStringLiteral("1")));
    const QByteArray before = readBytes(path);
    for (const QString& target : {path, temp.filePath(QStringLiteral("./desk.sqlite")),
                                  temp.filePath(QStringLiteral("desk.sqlite-wal")),
                                  temp.filePath(QStringLiteral("backups/event.json"))}) {
        const QString error = window.exportEventTo(target);
        QVERIFY2(error.contains(QLatin1String("Nothing was written")), qPrintable(error));
    }
    QCOMPARE(readBytes(path), before);
    QCOMPARE(window.store()->eventCount(), 6); // the tiny history
    QCOMPARE(window.exportEventTo(temp.filePath(QStringLiteral("event.json"))), QString());
}

// Item: --smoke-test printed only "could not be opened".
// Item: opening a second database left the first one's event list and its filter behind, each
// holding the closed database.
void TestDatabaseWindow::reopeningKeepsOneEventList()
{
    QTemporaryDir temp;
    const QString first = temp.filePath(QStringLiteral("first.sqlite"));
    const QString second = temp.filePath(QStringLiteral("second.sqlite"));
    {
        core::StoreOptions options;
        options.path = first;
        const core::Store::OpenResult opened = core::Store::open(options);
        QVERIFY(opened.store);
        QVERIFY(
            opened.store->importHistory(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/reference/ttt/tiny")).ok());
    }
    MainWindow window;
    QVERIFY(window.openDatabase(first, MainWindow::FirstStart::StartEmpty));
    QCOMPARE(window.eventList()->rowCount(), 6);
    QVERIFY(window.selectEvent(QStringLiteral("1")));
    QPointer<ui::EventListModel> firstList = window.eventList();
    QPointer<QSortFilterProxyModel> firstFilter = window.eventFilter();

    QVERIFY(window.openDatabase(second, MainWindow::FirstStart::StartEmpty));
    // The first database's list went with it: nothing refers to the closed database.
    QVERIFY(firstList.isNull());
    QVERIFY(firstFilter.isNull());
    QCOMPARE(window.findChildren<ui::EventListModel*>().size(), 1);

    // The list in use is the second database's, and it works.
    QCOMPARE(window.eventList()->rowCount(), 0);
    QCOMPARE(window.eventListView()->model(), window.eventFilter());
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-12-06");
    draft.name = QStringLiteral("Reopened Open");
    const QString id = window.store()->createEvent(draft);
    window.eventList()->reload();
    QCOMPARE(window.eventList()->rowCount(), 1);
    window.eventSearch()->setText(QStringLiteral("reopened"));
    QCOMPARE(window.eventFilter()->rowCount(), 1);
    QVERIFY(window.selectEvent(id));

    // And back to the first.
    QVERIFY(window.openDatabase(first, MainWindow::FirstStart::StartEmpty));
    QCOMPARE(window.findChildren<ui::EventListModel*>().size(), 1);
    QCOMPARE(window.eventList()->rowCount(), 6);
}

namespace {

// The ids of the first `count` rows of the events list, top down.
QStringList topEvents(QTableView* list, int count)
{
    QStringList ids;
    for (int row = 0; row < count; ++row)
        ids.append(list->model()->index(row, ui::EventListModel::IdColumn).data().toString());
    return ids;
}

// Whether the whole of `row` is within the visible rows of `list`.
bool rowInSight(QTableView* list, int row)
{
    const int top = list->rowViewportPosition(row);
    return top >= 0 && top + list->rowHeight(row) <= list->viewport()->height();
}

} // namespace

// Issue 14, item 5: after reopening, the remembered event was scrolled to the top, so a newer event
// created after it lay above the visible rows and looked deleted; events of one date changed order
// from one session to the next. Reopened twice at 1280x800: the same order, the remembered event
// selected, the newest in sight; an event far down is selected in the middle of the list.
void TestDatabaseWindow::reopeningKeepsTheNewestEventsInSight()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("morning.sqlite"));
    QString remembered;
    QStringList order;
    {
        MainWindow window;
        window.resize(1280, 800);
        QVERIFY(window.openDatabase(path, MainWindow::FirstStart::LoadSample));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTableView* list = window.eventListView();
        remembered = topEvents(list, 4).back(); // the fourth newest of the history
        // Two events of one date, after the history's last: above it in the list.
        for (const char* name : {"Tavistock Morning Singles", "Tavistock Afternoon Doubles"}) {
            core::EventDraft draft;
            draft.date = QStringLiteral("2025-12-13");
            draft.name = QLatin1String(name);
            window.eventList()->refreshEvent(window.store()->createEvent(draft));
        }
        QVERIFY(window.selectEvent(remembered));
        order = topEvents(list, 8);
        QCOMPARE(order.indexOf(remembered), 5);
    }
    for (int reopening = 1; reopening <= 2; ++reopening) {
        MainWindow window;
        window.resize(1280, 800);
        QVERIFY(window.openDatabase(path, MainWindow::FirstStart::StartEmpty));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTableView* list = window.eventListView();
        QVERIFY(list->viewport()->height() > 10 * list->rowHeight(0)); // a list of some length
        QCOMPARE(topEvents(list, 8), order);
        QVERIFY(window.session());
        QCOMPARE(window.session()->eventId(), remembered);
        QCOMPARE(list->currentIndex().row(), 5);
        QVERIFY(list->selectionModel()->isRowSelected(5, {}));
        QVERIFY2(rowInSight(list, 0), "the newest event is above the visible rows");
        QVERIFY(rowInSight(list, 1));
        QVERIFY(rowInSight(list, 5));
    }

    // An event far down the list: selected, in sight, in the middle rather than at the top.
    QString deep;
    {
        MainWindow window;
        window.resize(1280, 800);
        QVERIFY(window.openDatabase(path, MainWindow::FirstStart::StartEmpty));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        deep = topEvents(window.eventListView(), 101).back();
        QVERIFY(window.selectEvent(deep));
    }
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openDatabase(path, MainWindow::FirstStart::StartEmpty));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTableView* list = window.eventListView();
    QCOMPARE(list->currentIndex().row(), 100);
    QVERIFY(rowInSight(list, 100));
    const int middle = list->rowViewportPosition(100) + list->rowHeight(100) / 2;
    QVERIFY2(middle > list->viewport()->height() / 4 && middle < list->viewport()->height() * 3 / 4,
             qPrintable(QString::number(middle)));
}

// Issue 14, item 13: the player page followed only a double-click or Enter. Up/Down in the ratings
// list now shows the highlighted player's page, and the chart's date axis names each month or year
// once.
void TestDatabaseWindow::playerPageFollowsTheSelection()
{
    QTemporaryDir temp;
    MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openDatabase(temp.filePath(QStringLiteral("ratings.sqlite")),
                                MainWindow::FirstStart::LoadSample));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::keyClick(&window, Qt::Key_R, Qt::AltModifier);
    auto* list = window.findChild<ui::RatingsListView*>();
    auto* page = window.findChild<ui::PlayerPage*>();
    QVERIFY(list);
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 30000);
    QTRY_VERIFY(list->table()->model()->rowCount() > 100);
    QTableView* table = list->table();
    const auto idAt = [table](int row) {
        return table->model()->index(row, 0).data(ui::RatingsListModel::PlayerIdRole).toString();
    };
    table->setFocus();
    table->setCurrentIndex(table->model()->index(0, 0));
    QCOMPARE(page->playerId(), idAt(0));
    QVERIFY(!page->playerId().isEmpty());
    for (int row = 1; row <= 3; ++row) {
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(table->currentIndex().row(), row);
        QCOMPARE(page->playerId(), idAt(row));
        QTRY_VERIFY_WITH_TIMEOUT(!page->chart()->muPoints().isEmpty(), 30000);
        const QStringList labels = page->chart()->dateLabels();
        QVERIFY(!labels.isEmpty());
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
    }
    QTest::keyClick(table, Qt::Key_Up);
    QCOMPARE(page->playerId(), idAt(2));
}

void TestDatabaseWindow::smokeTestPrintsTheReason()
{
    const QString program =
        QFileInfo(QStringLiteral(FLICKDESK_CLI_PATH)).dir().filePath(QStringLiteral("flickdesk"));
    if (!QFileInfo(program).isExecutable())
        QSKIP("the flickdesk program is not beside flickdesk-cli in this build");
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("empty.sqlite"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), temp.filePath(QStringLiteral("config")));
    process.setProcessEnvironment(environment);
    process.start(program, {QStringLiteral("--smoke-test"), QStringLiteral("--db"), path});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 1);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(err.contains(QLatin1String("is an empty file, not a FlickDesk database")), qPrintable(err));
    QCOMPARE(QFileInfo(path).size(), 0);
}

// Item: on a full disk a save left a cut or empty file in place of the earlier one. The window's
// CSV export and PDF, on a full disk and over the database.
void TestDatabaseWindow::savedFilesAreWholeOrUntouched()
{
#ifndef Q_OS_UNIX
    QSKIP("the full disk is a POSIX file size limit");
#else
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("ratings.sqlite"));
    core::StoreOptions options;
    options.path = path;
    const core::Store::OpenResult opened = core::Store::open(options);
    QVERIFY(opened.store);
    QVERIFY(opened.store->importHistory(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/reference/ttt/tiny")).ok());
    const QString out = temp.filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(out));

    ui::RatingsListView ratings(*opened.store);
    QSignalSpy changed(&ratings, &ui::RatingsListView::ratingRunChanged);
    QVERIFY(changed.wait(30000));
    const QString csv = QDir(out).filePath(QStringLiteral("ratings.csv"));
    QString error;
    QVERIFY2(ratings.exportCsv(csv, &error), qPrintable(error));
    const QByteArray goodCsv = readBytes(csv);
    QVERIFY(goodCsv.startsWith("player_id,"));

    ui::StandingsView standings(*opened.store);
    QSignalSpy ready(&standings, &ui::StandingsView::standingsReady);
    QVERIFY(ready.wait(30000));
    const QString pdf = QDir(out).filePath(QStringLiteral("standings.pdf"));
    QVERIFY2(standings.savePdf(pdf, &error), qPrintable(error));
    const QByteArray goodPdf = readBytes(pdf);
    QVERIFY(goodPdf.trimmed().endsWith("%%EOF"));
    const QStringList files = QDir(out).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);

    {
        FullDisk full;
        QVERIFY(full.ok());
        error.clear();
        QVERIFY(!ratings.exportCsv(csv, &error));
        QVERIFY2(error.contains(QLatin1String("ratings.csv")), qPrintable(error));
        error.clear();
        QVERIFY(!standings.savePdf(pdf, &error));
        QVERIFY2(error.contains(QLatin1String("standings.pdf")), qPrintable(error));
    }
    QCOMPARE(readBytes(csv), goodCsv);
    QCOMPARE(readBytes(pdf), goodPdf);
    QCOMPARE(QDir(out).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), files);

    // Over the open database or its working files: refused, the database as it was.
    const QByteArray database = readBytes(path);
    error.clear();
    QVERIFY(!ratings.exportCsv(path, &error));
    QVERIFY2(error.contains(QLatin1String("Nothing was written")), qPrintable(error));
    error.clear();
    QVERIFY(!standings.savePdf(path + QStringLiteral("-wal"), &error));
    QVERIFY2(error.contains(QLatin1String("Nothing was written")), qPrintable(error));
    QCOMPARE(readBytes(path), database);
#endif
}

QTEST_MAIN(TestDatabaseWindow)
#include "tst_databasewindow.moc"
