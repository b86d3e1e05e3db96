// Places typed on the Results tab survive a kill: a child process (this test's own executable, run
// with FLICKDESK_RESULTSKILL_CHILD) opens the window on a real database, types places through the
// standings view by keyboard (Alt+2, digits and Enter, as a director does), never validates, says
// so on its standard output and waits; the test kills it with SIGKILL and opens the same file
// again. Every place typed is there, in the store and in the window's rows, and the results are
// work in progress: the places missing are named and nothing can be awarded.

#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "models/eventday/eventsession.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>
#include <cstdio>
#include <map>
#include <memory>

using namespace flickdesk;
using ui::MainWindow;
using ui::ResultsPanel;

namespace {

const char* const childVariable = "FLICKDESK_RESULTSKILL_CHILD";
const QStringList typedPlaces{QStringLiteral("3"), QStringLiteral("1"), QStringLiteral("4"),
                              QStringLiteral("2")};
constexpr int fieldSize = 6;

// The child: types `typedPlaces` into the first rows of `eventId` in the database at `path`, prints
// "typed UNIT:PLACE ..." and waits to be killed. A line starting "failed" says why it could not.
int runChild(int argc, char** argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // the settings of a test, not the user's
    const QStringList arguments = qEnvironmentVariable(childVariable).split(u'|');
    const auto fail = [](const char* why) {
        std::printf("failed %s\n", why);
        std::fflush(stdout);
        return 1;
    };
    if (arguments.size() != 2)
        return fail("arguments");
    MainWindow window;
    window.setRemembersSettings(false);
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return fail("window");
    window.activateWindow();
    QApplication::setActiveWindow(&window);
    if (!window.openDatabase(arguments.at(0), MainWindow::FirstStart::StartEmpty) ||
        !window.selectEvent(arguments.at(1)) || !testing::waitForRatings(*window.session()))
        return fail("event");
    ResultsPanel* panel = window.resultsPanel();
    QTableView* view = panel->standingsView();
    QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier); // the Results tab, its first place ready
    if (!QTest::qWaitFor([&] { return QApplication::focusWidget() == view; }))
        return fail("focus");
    QString typed;
    for (int row = 0; row < typedPlaces.size(); ++row) {
        const int unit =
            panel->standingsModel()->item(row, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt();
        QTest::keyClicks(view, typedPlaces.at(row));
        if (!QTest::qWaitFor([] { return qobject_cast<QLineEdit*>(QApplication::focusWidget()) != nullptr; }))
            return fail("editor");
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        if (!QTest::qWaitFor([&] { return QApplication::focusWidget() == view; }))
            return fail("enter");
        typed += QStringLiteral(" %1:%2").arg(unit).arg(typedPlaces.at(row));
    }
    std::printf("typed%s\n", qPrintable(typed));
    std::fflush(stdout);
    return app.exec(); // until the kill
}

} // namespace

class TestResultsKill : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void placesTypedSurviveSigkill();
};

void TestResultsKill::placesTypedSurviveSigkill()
{
#ifndef Q_OS_UNIX
    QSKIP("SIGKILL is a Unix signal");
#endif
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("day.sqlite"));
    QString eventId;
    {
        // A Tour event of six new players, all checked in, no place given.
        const auto store = testing::openStore(path);
        QVERIFY(store);
        eventId = store->createEvent(testing::draftOn(QStringLiteral("2026-11-21")));
        for (int i = 1; i <= fieldSize; ++i) {
            const QString player =
                store->addPlayer(QStringLiteral("Player %1").arg(i), QStringLiteral("Tavistock"));
            QVERIFY(store->addEntrant(eventId, {player}, core::EntrantStatus::Started) > 0);
        }
        QVERIFY(store->standings(eventId).empty());
    }

    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QString::fromLatin1(childVariable), path + u'|' + eventId);
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    child.setProcessEnvironment(environment);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForStarted());
    QByteArray said;
    while (!said.contains('\n') && child.waitForReadyRead(60000))
        said += child.readAllStandardOutput();
    QVERIFY2(said.startsWith("typed "), said.constData());
    // Killed the moment the last place was typed: no validate, no quit, nothing flushed by hand.
    child.kill(); // SIGKILL
    QVERIFY(child.waitForFinished(10000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    std::map<int, int> typed; // unit -> place, as the child typed them
    for (const QByteArray& pair : said.trimmed().split(' ').mid(1))
        typed[pair.split(':').at(0).toInt()] = pair.split(':').at(1).toInt();
    QCOMPARE(typed.size(), std::size_t(typedPlaces.size()));

    // The same file opened again (the killed window's lock is stale): the places are there.
    {
        const auto store = testing::openStore(path);
        QVERIFY(store);
        std::map<int, int> stored;
        for (const core::Placing& placing : store->standings(eventId))
            stored[placing.unit] = placing.place;
        QCOMPARE(stored, typed);
        QCOMPARE(store->event(eventId)->status, core::EventStatus::Planned);
    }
    MainWindow window;
    window.setRemembersSettings(false);
    QVERIFY(window.openDatabase(path, MainWindow::FirstStart::StartEmpty));
    QVERIFY(window.selectEvent(eventId));
    QVERIFY(testing::waitForRatings(*window.session()));
    QStandardItemModel* model = window.resultsPanel()->standingsModel();
    QCOMPARE(model->rowCount(), fieldSize);
    std::map<int, int> shown;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QVariant place = model->item(row, ResultsPanel::PlaceColumn)->data(Qt::EditRole);
        if (place.isValid())
            shown[model->item(row, ResultsPanel::PlaceColumn)->data(Qt::UserRole).toInt()] = place.toInt();
    }
    QCOMPARE(shown, typed);
    // Work in progress: two places missing, named; the award refused.
    QListWidget* defects = window.resultsPanel()->defectsList();
    int missing = 0;
    for (int row = 0; row < defects->count(); ++row)
        missing += defects->item(row)->text().contains(QStringLiteral("has no place")) ? 1 : 0;
    QCOMPARE(missing, fieldSize - int(typedPlaces.size()));
    QVERIFY(!window.resultsPanel()->award());
    QVERIFY(!window.store()->currentAward(eventId));
}

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsSet(childVariable))
        return runChild(argc, argv);
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    TestResultsKill test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_resultskill.moc"
