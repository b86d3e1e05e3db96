// A kill -9 during score entry loses at most the score being typed (issue 28, "Done when"). This
// test's own executable, started again with --type-scores, is the desk: it opens the real main
// window (offscreen) on a real database holding a started 24-player NCA day, and types scores into
// the Play tab by keyboard ("6 2 3 1" Enter), writing a line to its standard output after each Enter
// the database stored. The test kills it with SIGKILL halfway through typing a score (after 0, 3 and
// 11 stored scores), and at moments it does not choose while the desk types on; then it opens the
// database: the integrity check says ok, exactly the confirmed scores are stored, each whole (points,
// 20s and its audit line), none partial; and the window opens on it again and the day goes on with
// the next score. Every keystroke is printed.

#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/awards/monthlocks.h"
#include "core/play/playresults.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "flickdesk/engine/playday.h"
#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"
#include "models/samplehistory.h"
#include "widgets/mainwindow.h"
#include "widgets/play/playview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <csignal>
#include <cstdio>
#include <map>
#include <memory>
#include <sys/types.h>

using namespace flickdesk;
namespace play = engine::play;
using ui::MainWindow;

namespace {

const QLatin1String childSwitch("--type-scores");

// The scores the desk types, in turn: games of 4 rounds (8 points), with their 20s.
const QStringList kScores{QStringLiteral("6 2 3 1"), QStringLiteral("5 3 2 2"), QStringLiteral("4 4 1 1"),
                          QStringLiteral("2 6 0 3"), QStringLiteral("8 0 4 0"), QStringLiteral("3 5 1 2"),
                          QStringLiteral("7 1 2 0"), QStringLiteral("1 7 0 2")};

QString scoreAt(int index)
{
    return kScores[index % kScores.size()];
}

// The main window on `path`, showing `event`'s Play tab at 1280x800; null with a warning when it
// cannot be had.
std::unique_ptr<MainWindow> openDesk(const QString& path, const QString& event)
{
    auto window = std::make_unique<MainWindow>();
    window->setRemembersSettings(false);
    if (!window->openDatabase(path, MainWindow::FirstStart::StartEmpty)) {
        qWarning("the window does not open %s: %s", qPrintable(path), qPrintable(window->lastOpenError()));
        return nullptr;
    }
    if (!window->selectEvent(event) || !testing::waitForRatings(*window->session())) {
        qWarning("the window does not show event %s", qPrintable(event));
        return nullptr;
    }
    window->resize(1280, 800);
    window->show();
    if (!testing::activate(window.get()))
        return nullptr;
    window->eventTabs()->setCurrentWidget(window->playView());
    if (!window->playView()->playSession() || !window->playView()->selectedGame())
        return nullptr;
    return window;
}

// ---- the desk: the child process.

void say(const QString& line)
{
    std::fputs(qPrintable(line + u'\n'), stdout);
    std::fflush(stdout);
}

// flickdesk's Play tab typed into: `--type-scores DB EVENT CUT` types kScores in turn, each score's
// keys then Enter, and says "stored N KEY SCORE" once the database holds it. CUT >= 0: the score after
// CUT stored ones is typed halfway, "halfway" said, and the desk waits to be killed. CUT < 0: it types
// on, up to 200 scores.
int typeScores(const QStringList& args)
{
    if (args.size() < 3)
        return 64;
    const QString path = args[0];
    const QString event = args[1];
    const int cut = args[2].toInt();
    QStandardPaths::setTestModeEnabled(true);
    const std::unique_ptr<MainWindow> window = openDesk(path, event);
    if (!window) {
        say(QStringLiteral("error: the window did not open"));
        return 3;
    }
    ui::PlayView* view = window->playView();
    core::Store& store = *window->store();
    QLineEdit* edit = view->scoreEdit();
    const int already = static_cast<int>(store.playScores(event).size());
    say(QStringLiteral("ready %1").arg(already));
    for (int i = 0; i < 200; ++i) {
        const std::optional<play::GameKey> key = view->selectedGame();
        if (!key) {
            say(QStringLiteral("error: no game waits"));
            return 4;
        }
        const QString keyText = QString::fromStdString(play::gameKeyText(*key));
        const QString score = scoreAt(already + i);
        if (i == cut) {
            const QString half = score.left(score.size() / 2 + 1); // "5 3 2" of "5 3 2 2"
            say(QStringLiteral("keys %1 (for %2, no Enter)").arg(half, keyText));
            QTest::keyClicks(edit, half);
            say(QStringLiteral("halfway %1").arg(edit->text()));
            for (;;)
                QTest::qWait(50);
        }
        say(QStringLiteral("keys %1 Enter (for %2)").arg(score, keyText));
        QTest::keyClicks(edit, score);
        QTest::keyClick(edit, Qt::Key_Return);
        const int stored = static_cast<int>(store.playScores(event).size());
        if (stored != already + i + 1) {
            say(QStringLiteral("error: not stored: %1").arg(view->scoreMessage()->text()));
            return 5;
        }
        say(QStringLiteral("stored %1 %2 %3").arg(stored).arg(keyText, score));
    }
    say(QStringLiteral("done"));
    return 0;
}

// ---- the test: the parent process.

// What the desk said before it died.
struct DeskRun {
    std::map<QString, QString> stored; // game key -> score, the scores it confirmed
    QString typing;                    // the score whose keys it was typing (key and score) when killed
    QString typingKey;
    int confirmed = 0;
    bool killed = false;
    QString error;
};

// A score line's game key and score: "stored 3 s0.g1.r0.m2.n0 6 2 3 1".
void readStored(const QString& line, DeskRun& run)
{
    const QStringList words = line.split(u' ');
    if (words.size() < 7)
        return;
    run.stored[words[2]] = words.mid(3).join(u' ');
    run.confirmed = words[1].toInt();
}

} // namespace

class TestPlayKill : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killedHalfwayThroughAScore_data();
    void killedHalfwayThroughAScore();
    void killedWhileTypingOn_data();
    void killedWhileTypingOn();

private:
    // A fresh copy of the started day.
    QString freshDay(QTemporaryDir& dir) const;
    // Starts the desk on `path` and kills it with SIGKILL: at its "halfway" line (cut >= 0), or
    // `delayUs` microseconds after its `after`-th stored score (cut < 0).
    DeskRun runAndKill(const QString& path, int cut, int after, int delayUs);
    // The database after the kill: intact, holding exactly what the desk confirmed (or, killed
    // between the commit and its line, that and the score it was entering, whole); then the window
    // opens on it and the next score is stored.
    void checkAfterKill(const QString& path, const DeskRun& run);

    QTemporaryDir m_template;
    QString m_day;
    QString m_eventId;
};

void TestPlayKill::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_template.isValid());
    m_day = m_template.filePath(QStringLiteral("day.sqlite"));
    const auto store = testing::openStore(m_day);
    QVERIFY(store);
    QVERIFY(store->importHistory(ui::sampleHistoryFolder()).ok());
    m_eventId = store->createEvent(testing::draftOn(QStringLiteral("2025-12-06")));
    const QStringList players = testing::recentPlayers(*store, 24);
    QCOMPARE(players.size(), 24);
    for (const QString& player : players)
        store->addEntrant(m_eventId, {player}, core::EntrantStatus::Started);
    // The month's lock is computed and stored once, here: the desk reads it as it opens.
    core::MonthLocks locks(*store);
    const core::PlayRatings ratings = core::playRatings(*store, locks, m_eventId);
    QCOMPARE(ratings.size(), std::size_t(24));
    // The day started: the NCA day's format on 12 boards, as Start stores it.
    store->setPlayFormat(m_eventId, play::makeTemplate(play::Template::NcaDay, 24, 12), 1);
    QVERIFY(store->playSetup(m_eventId));
}

QString TestPlayKill::freshDay(QTemporaryDir& dir) const
{
    const QString path = dir.filePath(QStringLiteral("day.sqlite"));
    return QFile::copy(m_day, path) ? path : QString();
}

DeskRun TestPlayKill::runAndKill(const QString& path, int cut, int after, int delayUs)
{
    DeskRun run;
    QProcess desk;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    desk.setProcessEnvironment(environment);
    desk.setProcessChannelMode(QProcess::SeparateChannels);
    desk.start(QCoreApplication::applicationFilePath(), {childSwitch, path, m_eventId, QString::number(cut)});
    if (!desk.waitForStarted(30000)) {
        run.error = QStringLiteral("the desk did not start");
        return run;
    }
    // "keys 6 2 3 1 Enter (for s0.g1.r0.m2.n0)": a whole score and Enter; the halfway one has no Enter.
    static const QRegularExpression whole(QStringLiteral("^keys (.+) Enter \\(for (\\S+)\\)$"));
    const auto handle = [&run](const QString& line) {
        if (line.startsWith(QLatin1String("keys "))) {
            qInfo("keys: %s", qPrintable(line.mid(5)));
            const QRegularExpressionMatch match = whole.match(line);
            run.typing = match.hasMatch() ? match.captured(1) : QString();
            run.typingKey = match.hasMatch() ? match.captured(2) : QString();
        } else if (line.startsWith(QLatin1String("stored "))) {
            readStored(line, run);
        } else if (line.startsWith(QLatin1String("error"))) {
            run.error = line;
        }
    };
    QElapsedTimer clock;
    clock.start();
    while (!run.killed && run.error.isEmpty() && clock.elapsed() < 240000) {
        if (!desk.canReadLine() && !desk.waitForReadyRead(1000)) {
            if (desk.state() == QProcess::NotRunning) {
                run.error = QStringLiteral("the desk ended by itself: %1")
                                .arg(QString::fromUtf8(desk.readAllStandardError()));
                break;
            }
            continue;
        }
        while (desk.canReadLine() && !run.killed) {
            const QString line = QString::fromUtf8(desk.readLine()).trimmed();
            handle(line);
            const bool halfway = cut >= 0 && line.startsWith(QLatin1String("halfway"));
            const bool enough =
                cut < 0 && line.startsWith(QLatin1String("stored ")) && run.confirmed >= after;
            if (halfway || enough) {
                if (enough && delayUs > 0)
                    QThread::usleep(static_cast<unsigned long>(delayUs));
                const qint64 pid = desk.processId();
                qInfo("kill -9 %lld after %d confirmed scores%s", static_cast<long long>(pid), run.confirmed,
                      halfway ? qPrintable(QStringLiteral(", halfway through '%1'").arg(line.mid(8)))
                              : qPrintable(QStringLiteral(", %1 us later").arg(delayUs)));
                ::kill(static_cast<pid_t>(pid), SIGKILL);
                run.killed = true;
            }
        }
    }
    if (!run.killed && run.error.isEmpty())
        run.error = QStringLiteral("the desk was not killed in time");
    if (desk.state() != QProcess::NotRunning) {
        if (!run.killed)
            desk.kill();
        desk.waitForFinished(30000);
    }
    if (run.killed && desk.exitStatus() != QProcess::CrashExit)
        run.error = QStringLiteral("the desk was not killed by the signal");
    // What it said before it died, still in the pipe.
    for (const QByteArray& rest : desk.readAllStandardOutput().split('\n')) {
        const QString line = QString::fromUtf8(rest).trimmed();
        if (!line.isEmpty())
            handle(line);
    }
    return run;
}

void TestPlayKill::checkAfterKill(const QString& path, const DeskRun& run)
{
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QVERIFY(run.killed);
    // The file as the next start finds it: a -wal beside it, a lock file of a process that is gone.
    const bool wal = QFile::exists(path + QStringLiteral("-wal"));
    qInfo("left beside the database: -wal %s, lock %s", wal ? "yes" : "no",
          QFile::exists(path + QStringLiteral(".lock")) ? "yes" : "no");
    std::map<QString, QString> stored;
    {
        // Read only: the window below opens the files as the crash left them (the -wal not folded in).
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(db.queryText("PRAGMA integrity_check").value_or(QString()), QStringLiteral("ok"));
        QVERIFY(!db.queryText("PRAGMA foreign_key_check"));
        core::sqlite::Statement rows(
            db, "SELECT game, points_a, points_b, twenties_a, twenties_b FROM play_scores");
        while (rows.step())
            stored[rows.text(0)] =
                QStringLiteral("%1 %2 %3 %4").arg(rows.text(1), rows.text(2), rows.text(3), rows.text(4));
        // Each score stored with its audit line, in one transaction.
        QCOMPARE(db.queryInteger("SELECT COUNT(*) FROM audit_log WHERE action = 'play-score'").value_or(-1),
                 static_cast<std::int64_t>(stored.size()));
    }
    // Exactly the confirmed scores; killed between its commit and its line, the score being entered
    // may be there too, whole.
    std::map<QString, QString> expected = run.stored;
    if (stored.size() == expected.size() + 1 && !run.typing.isEmpty() && !expected.contains(run.typingKey)) {
        qInfo("the score being entered when the desk died (%s) was committed whole", qPrintable(run.typing));
        expected[run.typingKey] = run.typing;
    }
    QCOMPARE(stored, expected);
    qInfo("%d scores confirmed, %d stored, intact", run.confirmed, static_cast<int>(stored.size()));

    // The window opens on it again, the score box empty, and the day goes on.
    QCOMPARE(QFile::exists(path + QStringLiteral("-wal")), wal);
    const std::unique_ptr<MainWindow> window = openDesk(path, m_eventId);
    QVERIFY(window);
    QVERIFY(!window->store()->isReadOnly());
    ui::PlayView* view = window->playView();
    QVERIFY(view->scoreEdit()->text().isEmpty());
    int scored = 0;
    for (const play::PlayStage& stage : view->playSession()->state().stages)
        for (const play::PlayGroup& group : stage.groups)
            for (const play::PlayGame& game : group.games)
                scored += game.state == play::GameState::Scored ? 1 : 0;
    QCOMPARE(scored, static_cast<int>(stored.size()));
    const std::optional<play::GameKey> next = view->selectedGame();
    QVERIFY(next);
    QVERIFY(!stored.contains(QString::fromStdString(play::gameKeyText(*next))));
    const QString score = scoreAt(static_cast<int>(stored.size()));
    qInfo("keys: %s Enter (for %s, the window opened again)", qPrintable(score),
          play::gameKeyText(*next).c_str());
    QTest::keyClicks(view->scoreEdit(), score);
    QTest::keyClick(view->scoreEdit(), Qt::Key_Return);
    QVERIFY2(view->scoreEdit()->text().isEmpty(), qPrintable(view->scoreMessage()->text()));
    const std::vector<core::PlayScoreRecord> after = window->store()->playScores(m_eventId);
    QCOMPARE(after.size(), stored.size() + 1);
    QCOMPARE(view->playSession()->state().game(*next)->state, play::GameState::Scored);
}

void TestPlayKill::killedHalfwayThroughAScore_data()
{
    QTest::addColumn<int>("cut");
    QTest::newRow("the first score") << 0;
    QTest::newRow("after 3 scores") << 3;
    QTest::newRow("after 11 scores") << 11;
}

void TestPlayKill::killedHalfwayThroughAScore()
{
    QFETCH(int, cut);
    QTemporaryDir dir;
    const QString path = freshDay(dir);
    QVERIFY(!path.isEmpty());
    const DeskRun run = runAndKill(path, cut, 0, 0);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QCOMPARE(run.confirmed, cut);
    checkAfterKill(path, run);
}

void TestPlayKill::killedWhileTypingOn_data()
{
    QTest::addColumn<int>("after");
    QTest::addColumn<int>("delayUs");
    QTest::newRow("after 2 scores, at once") << 2 << 0;
    QTest::newRow("after 5 scores, 700 us later") << 5 << 700;
    QTest::newRow("after 8 scores, 3 ms later") << 8 << 3000;
}

// The desk types on without stopping; the kill falls where it falls: between keys, in an Enter, or
// in the store's transaction.
void TestPlayKill::killedWhileTypingOn()
{
    QFETCH(int, after);
    QFETCH(int, delayUs);
    QTemporaryDir dir;
    const QString path = freshDay(dir);
    QVERIFY(!path.isEmpty());
    const DeskRun run = runAndKill(path, -1, after, delayUs);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QVERIFY(run.confirmed >= after);
    checkAfterKill(path, run);
}

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() > 1 && args[1] == childSwitch)
        return typeScores(args.mid(2));
    TestPlayKill test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_playkill.moc"
