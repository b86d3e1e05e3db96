// From process start to a usable main window on the full sample history (target < 1.5 s): the
// database open, the events list filled, the last selected event restored with its locked
// ratings, the window shown. The parent prepares a database once, then starts itself as a child
// several times and times each from QProcess::start to the child's "ready". Prints only; when the
// child fails (no display, a crash, the database not opened) it says so and exits 1, with no figure.
//
//   bench_startup [HISTORY_DIR]   (default tests/data/nca-history; see bench/README.md)
#include "benchtiming.h"
#include "core/awards/monthlocks.h"
#include "core/store/store.h"
#include "models/eventday/eventsession.h"
#include "widgets/mainwindow.h"
#include "widgets/settings.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QWindow>
#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

void describe()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_startup"));
}

int child(int argc, char* argv[], const QString& database)
{
    QElapsedTimer sinceMain;
    sinceMain.start();
    QApplication app(argc, argv);
    describe();
    flickdesk::ui::MainWindow window;
    window.restoreWindowSettings();
    window.show();
    const bool opened = window.openDatabase(database, flickdesk::ui::MainWindow::FirstStart::StartEmpty);
    while (!window.windowHandle() || !window.windowHandle()->isExposed())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    QCoreApplication::processEvents();
    const qint64 ready = sinceMain.elapsed();
    // The preview's ratings: at once from a stored lock, else computed in the background (issue 15).
    while (window.session() && window.session()->isComputingRatings())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    std::printf("ready %lld %d %d ratings %lld\n", static_cast<long long>(ready), opened ? 1 : 0,
                window.session() ? 1 : 0, static_cast<long long>(sinceMain.elapsed()));
    std::fflush(stdout);
    return 0;
}

} // namespace

int main(int argc, char* argv[])
{
    if (argc == 3 && qstrcmp(argv[1], "--child") == 0)
        return child(argc, argv, QString::fromLocal8Bit(argv[2]));

    QCoreApplication app(argc, argv);
    describe();
    const QString history = flickdesk::bench::historyDirArgument(app.arguments().mid(1));
    QTemporaryDir dir;
    const QString database = dir.filePath(QStringLiteral("sample.sqlite"));
    QString lastEvent;
    {
        flickdesk::core::StoreOptions options;
        options.path = database;
        auto opened = flickdesk::core::Store::open(options);
        if (!opened.store) {
            std::printf("cannot create %s: %s\n", qPrintable(database), qPrintable(opened.error));
            return 1;
        }
        QElapsedTimer timer;
        timer.start();
        const auto report = opened.store->importHistory(history);
        if (!report.ok() || report.eventsAdded == 0) {
            std::printf("the history did not import\n");
            return 1;
        }
        std::printf("history: %d events imported in %lld ms\n", report.eventsAdded,
                    static_cast<long long>(timer.elapsed()));
        lastEvent = opened.store->events().back().id;
        // As after the first morning: the lock of its month is stored (docs/monthly-locks.md).
        timer.restart();
        const auto lock =
            flickdesk::core::MonthLocks(*opened.store).lockFor(opened.store->events().back().date);
        std::printf("the lock of %s: %d players, computed and stored in %lld ms\n", qPrintable(lock.month),
                    lock.players, static_cast<long long>(timer.elapsed()));
        // The window restores the event selected last: the latest one, with its month's lock.
        flickdesk::ui::settings::lastEvent(opened.store->path()).set(lastEvent);
    }

    std::vector<qint64> wall;
    for (int run = 0; run < 5; ++run) {
        QProcess process;
        QElapsedTimer timer;
        timer.start();
        process.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child"), database});
        const bool answered = process.waitForReadyRead(30000);
        const qint64 elapsed = timer.elapsed();
        // The child's first line is "ready MS OPENED SESSION ratings MS"; it reaches that line only with
        // a window shown and exposed.
        const QByteArray line = process.readLine().trimmed();
        // waitForFinished is false for a child that has already ended: that one has finished too.
        const bool finished = process.state() == QProcess::NotRunning || process.waitForFinished(30000);
        if (!finished) {
            process.kill();
            process.waitForFinished(5000);
        }
        const QList<QByteArray> words = line.split(' ');
        const bool ready =
            answered && words.size() >= 4 && words[0] == "ready" && words[2] == "1" && words[3] == "1";
        if (!ready || !finished || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
            // A window that never started has no startup time: say what the child did, print no figure.
            const QByteArray rest = process.readAllStandardOutput().trimmed();
            const QByteArray errors = process.readAllStandardError().trimmed();
            QByteArray how;
            if (!answered && process.state() != QProcess::NotRunning)
                how = "did not answer within 30 s";
            else if (!finished)
                how = "did not finish within 30 s after answering";
            else if (process.exitStatus() != QProcess::NormalExit)
                how = "crashed";
            else if (process.exitCode() != 0)
                how = "exited with status " + QByteArray::number(process.exitCode());
            else if (!ready && words.size() >= 4 && words[0] == "ready")
                how = words[2] != "1" ? "showed a window that could not open the database"
                                      : "showed a window without the database's session";
            else
                how = "exited without reporting a usable window";
            const bool noDisplay = errors.contains("platform plugin") || errors.contains("display");
            std::fprintf(stderr,
                         "run %d: the window did not start: the child %s.\n"
                         "child's output: %s\nchild's errors: %s\nno startup figure%s\n",
                         run + 1, how.constData(),
                         line.isEmpty() && rest.isEmpty() ? "(none)"
                                                          : (line + ' ' + rest).trimmed().constData(),
                         errors.isEmpty() ? "(none)" : errors.constData(),
                         noDisplay ? "; the window needs a display: run under xvfb-run, or with "
                                     "QT_QPA_PLATFORM=offscreen"
                                   : "");
            return 1;
        }
        // The child's warnings (a font missing) go where they would have gone.
        const QByteArray errors = process.readAllStandardError();
        if (!errors.isEmpty())
            std::fwrite(errors.constData(), 1, static_cast<std::size_t>(errors.size()), stderr);
        wall.push_back(elapsed);
        std::printf("run %d: %lld ms from process start to a usable window (child: %s)\n", run + 1,
                    static_cast<long long>(elapsed), line.constData());
    }
    std::sort(wall.begin(), wall.end());
    std::printf("startup on the history (%s selected): median %lld ms, best %lld ms (target < 1500 ms)\n",
                qPrintable(lastEvent), static_cast<long long>(wall[wall.size() / 2]),
                static_cast<long long>(wall.front()));
    return 0;
}
