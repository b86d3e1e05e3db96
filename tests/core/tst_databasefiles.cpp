// The files FlickDesk writes and the database file itself, taken as untrusted: no output over the
// database or its files, outputs whole or not at all on a full disk, no database made by a mistyped
// path, a database's backups kept through failed opens, its tables checked, read-only media read in
// place, a lock of another computer named and taken over, `events` output unambiguous.
#include "clitestsupport.h"
#include "cli/cli.h"
#include "core/formats/outputfiles.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <memory>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

// Every file under `folder` (names relative to it) with a digest of its bytes: what a failed
// command must leave exactly as it was.
QMap<QString, QByteArray> snapshot(const QString& folder)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(folder, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info(path);
        files.insert(QDir(folder).relativeFilePath(path),
                     info.isDir() ? QByteArray("folder")
                                  : QCryptographicHash::hash(readBytes(path), QCryptographicHash::Sha256));
    }
    return files;
}

QString tinyHistory()
{
    return dataPath(QStringLiteral("reference/ttt/tiny"));
}

// The path of a command's argument list with the placeholders DB, OUT and DIR replaced.
QStringList expand(QStringList args, const QString& db, const QString& out, const QString& dir)
{
    for (QString& arg : args) {
        arg.replace(QStringLiteral("DIR"), dir);
        if (arg == QLatin1String("DB"))
            arg = db;
        else if (arg == QLatin1String("OUT"))
            arg = out;
    }
    return args;
}

// Runs flickdesk-cli through bash with a file size limit of `kilobytes` (SIGXFSZ ignored, so that
// write() fails with EFBIG, as on a full disk, instead of killing the process).
CliRun runWithFileSizeLimit(int kilobytes, const QStringList& args)
{
    QStringList quoted;
    for (const QString& arg : args)
        quoted.append(u'\'' + QString(arg).replace(u'\'', QStringLiteral("'\\''")) + u'\'');
    const QString script = QStringLiteral("trap '' XFSZ; ulimit -f %1; exec '%2' %3")
                               .arg(kilobytes)
                               .arg(QStringLiteral(FLICKDESK_CLI_PATH), quoted.join(u' '));
    CliRun result;
    QProcess process;
    process.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
    if (!process.waitForFinished(60000))
        return result;
    result.status = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

#ifdef Q_OS_UNIX
// A command run as a user whom file permissions bind: the test's own user when it is not root,
// else `nobody` through setpriv. Empty `why` when possible.
struct Unprivileged {
    QString why; // why the test cannot run: empty when it can
    bool asNobody = false;
};

Unprivileged unprivileged()
{
    if (::geteuid() != 0)
        return {};
    if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
        return {
            QStringLiteral("the test runs as root (which ignores file permissions) and setpriv is missing"),
            false};
    QProcess probe;
    probe.start(QStringLiteral("setpriv"), {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                            QStringLiteral("--clear-groups"),
                                            QStringLiteral(FLICKDESK_CLI_PATH), QStringLiteral("--version")});
    if (!probe.waitForFinished(20000) || probe.exitCode() != 0)
        return {QStringLiteral("flickdesk-cli cannot run as nobody here (the build folder is not readable "
                               "to others?)"),
                false};
    return {{}, true};
}

CliRun runUnprivileged(const Unprivileged& how, const QStringList& args)
{
    if (!how.asNobody)
        return runProcess(args);
    CliRun result;
    QProcess process;
    process.start(QStringLiteral("setpriv"),
                  QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                              QStringLiteral("--clear-groups"), QStringLiteral(FLICKDESK_CLI_PATH)} +
                      args);
    if (!process.waitForFinished(60000))
        return result;
    result.status = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}
#endif

} // namespace

class TestDatabaseFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void refusesOutputOverDatabase_data();
    void refusesOutputOverDatabase();
    void refusesOutputOverOpenDatabase();
    void fullDiskKeepsEarlierFiles_data();
    void fullDiskKeepsEarlierFiles();
    void pointsStandWhenTheirLocksDoNotFit();
    void replacingFileKeepsTargetWhenCut();
    void exportReplacesEarlierExportWhole();
    void killedExportNeverPairsTwoEvents();
    void failedOpensKeepBackups();
    void missingDatabaseIsNotMade_data();
    void missingDatabaseIsNotMade();
    void emptyFileIsNotDatabase();
    void checkComparesSchema_data();
    void checkComparesSchema();
    void readsReadOnlyMedia();
    void readOnlyFolderIsNamed();
    void backupReplacesOnlyABackup();
    void checkWritesNothing();
    void lockOfAnotherComputer();
    void eventsEscapesControlCharacters();

private:
    QTemporaryDir m_dir;
    QString m_nca; // an NCA history database, imported once
};

void TestDatabaseFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_nca = m_dir.filePath(QStringLiteral("nca.sqlite"));
    const CliRun imported =
        run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), m_nca});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
}

// Item: `export-event 9002 -o w.sqlite` while w.sqlite is the database destroyed it. Every command
// that writes a file refuses the database, its working files and its backups, however named.
void TestDatabaseFiles::refusesOutputOverDatabase_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("target"); // OUT, relative to the database's folder; '@' a link to the DB

    const QStringList exportEvent{QStringLiteral("export-event"), QStringLiteral("1"),
                                  QStringLiteral("-o"),           QStringLiteral("OUT"),
                                  QStringLiteral("--db"),         QStringLiteral("DB")};
    const QStringList backup{QStringLiteral("backup"), QStringLiteral("-o"), QStringLiteral("OUT"),
                             QStringLiteral("--db"), QStringLiteral("DB")};
    const QStringList rate{QStringLiteral("rate"), QStringLiteral("--db"), QStringLiteral("DB"),
                           QStringLiteral("-o"), QStringLiteral("OUT")};
    const QStringList lock{QStringLiteral("lock"),    QStringLiteral("--db"),    QStringLiteral("DB"),
                           QStringLiteral("--month"), QStringLiteral("2023-08"), QStringLiteral("-o"),
                           QStringLiteral("OUT")};
    const QStringList points{QStringLiteral("points"), QStringLiteral("--db"), QStringLiteral("DB"),
                             QStringLiteral("-o"), QStringLiteral("OUT")};
    QTest::newRow("export-event: the database") << exportEvent << QStringLiteral("live.sqlite");
    QTest::newRow("export-event: ./ and ..") << exportEvent << QStringLiteral("./backups/../live.sqlite");
    QTest::newRow("export-event: a symbolic link") << exportEvent << QStringLiteral("@symlink");
    QTest::newRow("export-event: a hard link") << exportEvent << QStringLiteral("@hardlink");
    QTest::newRow("export-event: -wal") << exportEvent << QStringLiteral("live.sqlite-wal");
    QTest::newRow("export-event: -journal") << exportEvent << QStringLiteral("live.sqlite-journal");
    QTest::newRow("export-event: in the backups") << exportEvent << QStringLiteral("backups/e.json");
    QTest::newRow("export-event: history folder holds the database")
        << exportEvent << QStringLiteral("../dbfolder.json");
    QTest::newRow("backup: the database") << backup << QStringLiteral("live.sqlite");
    QTest::newRow("backup: a symbolic link") << backup << QStringLiteral("@symlink");
    QTest::newRow("backup: into the backups") << backup << QStringLiteral("backups/copy.sqlite");
    QTest::newRow("backup: the backup folder") << backup << QStringLiteral("backups");
    QTest::newRow("rate: -shm") << rate << QStringLiteral("live.sqlite-shm");
    QTest::newRow("lock: a hard link") << lock << QStringLiteral("@hardlink");
    const QStringList standings{
        QStringLiteral("standings"),   QStringLiteral("--db"), QStringLiteral("DB"),
        QStringLiteral("--season"),    QStringLiteral("15"),   QStringLiteral("--division"),
        QStringLiteral("competitive"), QStringLiteral("-o"),   QStringLiteral("OUT")};
    // Both store the monthly locks they compute before their output is written: refused first.
    QTest::newRow("points: the database") << points << QStringLiteral("live.sqlite");
    QTest::newRow("standings: a symbolic link") << standings << QStringLiteral("@symlink");
}

void TestDatabaseFiles::refusesOutputOverDatabase()
{
    QFETCH(QStringList, args);
    QFETCH(QString, target);
    QTemporaryDir temp;
    // The database's folder is named like the history folder of ../dbfolder.json.
    const QString folder = temp.filePath(QStringLiteral("dbfolder-history"));
    QVERIFY(QDir().mkpath(folder));
    const QString db = QDir(folder).filePath(QStringLiteral("live.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), tinyHistory(), QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    // A day's backup in backups/, as any database has.
    QVERIFY(QDir().mkpath(core::Store::backupFolder(db)));
    QCOMPARE(run({QStringLiteral("backup"), QStringLiteral("-o"), temp.filePath(QStringLiteral("b.sqlite")),
                  QStringLiteral("--db"), db})
                 .status,
             core::cli_exit::ok);
    QVERIFY(QFile::copy(
        temp.filePath(QStringLiteral("b.sqlite")),
        QDir(core::Store::backupFolder(db)).filePath(QStringLiteral("live-20250101-000000-daily.sqlite"))));
    QString out = QDir(folder).filePath(target);
    if (target == QLatin1String("@symlink")) {
        out = temp.filePath(QStringLiteral("alias.json"));
        QVERIFY(QFile::link(db, out));
    } else if (target == QLatin1String("@hardlink")) {
#ifdef Q_OS_UNIX
        out = temp.filePath(QStringLiteral("hard.csv"));
        QCOMPARE(::link(QFile::encodeName(db).constData(), QFile::encodeName(out).constData()), 0);
#else
        QSKIP("hard links are made with POSIX link()");
#endif
    }
    const QMap<QString, QByteArray> before = snapshot(temp.path());
    const CliRun refused = run(expand(args, db, out, folder));
    QCOMPARE(refused.status, core::cli_exit::cannotWrite);
    QVERIFY2(refused.err.contains(QLatin1String("Nothing was written")), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QFileInfo(db).canonicalFilePath()), qPrintable(refused.err));
    QCOMPARE(snapshot(temp.path()), before);
    QCOMPARE(run({QStringLiteral("check"), QStringLiteral("--db"), db}).status, core::cli_exit::ok);
}

// The window, and commands without --db, never write over a database this process has open.
void TestDatabaseFiles::refusesOutputOverOpenDatabase()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("open.sqlite"));
    core::StoreOptions options;
    options.path = db;
    const core::Store::OpenResult opened = core::Store::open(options);
    QVERIFY(opened.store);
    const QByteArray bytes = readBytes(db);
    const CliRun acf =
        run({QStringLiteral("acf"), examplePath(QStringLiteral("acf-games.csv")), QStringLiteral("-o"), db});
    QCOMPARE(acf.status, core::cli_exit::cannotWrite);
    QVERIFY2(acf.err.contains(QLatin1String("is the database")), qPrintable(acf.err));
    QCOMPARE(readBytes(db), bytes);
    QVERIFY(!core::outputClashWithDatabase(db + QStringLiteral("-shm")).isEmpty());
    QVERIFY(core::outputClashWithDatabase(temp.filePath(QStringLiteral("open.csv"))).isEmpty());
}

// Item: on a full disk export-event exited 0 with a cut JSON and empty CSVs, the earlier export
// gone. A file size limit makes write() fail as a full disk does.
void TestDatabaseFiles::fullDiskKeepsEarlierFiles_data()
{
    QTest::addColumn<QStringList>("first");  // writes the good file(s)
    QTest::addColumn<QStringList>("second"); // the same output, run with the limit
    QTest::addColumn<int>("kilobytes");
    const QString out = QStringLiteral("DIR/out/e.json");
    QTest::newRow("export-event: the JSON does not fit")
        << QStringList{QStringLiteral("export-event"), QStringLiteral("175"), QStringLiteral("-o"), out,
                       QStringLiteral("--db"),         QStringLiteral("DB")}
        << QStringList{QStringLiteral("export-event"), QStringLiteral("174"), QStringLiteral("-o"), out,
                       QStringLiteral("--db"),         QStringLiteral("DB")}
        << 4;
    QTest::newRow("export-event: nothing fits")
        << QStringList{QStringLiteral("export-event"), QStringLiteral("175"), QStringLiteral("-o"), out,
                       QStringLiteral("--db"),         QStringLiteral("DB")}
        << QStringList{QStringLiteral("export-event"), QStringLiteral("174"), QStringLiteral("-o"), out,
                       QStringLiteral("--db"),         QStringLiteral("DB")}
        << 0;
    QTest::newRow("backup") << QStringList{QStringLiteral("backup"), QStringLiteral("-o"),
                                           QStringLiteral("DIR/out/copy.sqlite"), QStringLiteral("--db"),
                                           QStringLiteral("DB")}
                            << QStringList{QStringLiteral("backup"), QStringLiteral("-o"),
                                           QStringLiteral("DIR/out/copy.sqlite"), QStringLiteral("--db"),
                                           QStringLiteral("DB")}
                            << 64;
    QTest::newRow("rate -o") << QStringList{QStringLiteral("rate"), tinyHistory(), QStringLiteral("-o"),
                                            QStringLiteral("DIR/out/r.csv")}
                             << QStringList{QStringLiteral("rate"),
                                            dataPath(QStringLiteral("reference/ttt/mixed")),
                                            QStringLiteral("-o"), QStringLiteral("DIR/out/r.csv")}
                             << 0;
    QTest::newRow("acf -o")
        << QStringList{QStringLiteral("acf"), examplePath(QStringLiteral("acf-games.csv")),
                       QStringLiteral("-o"), QStringLiteral("DIR/out/acf.csv")}
        << QStringList{QStringLiteral("acf"),       examplePath(QStringLiteral("acf-games.csv")),
                       QStringLiteral("-o"),        QStringLiteral("DIR/out/acf.csv"),
                       QStringLiteral("--players"), examplePath(QStringLiteral("acf-players.csv"))}
        << 0;
}

void TestDatabaseFiles::fullDiskKeepsEarlierFiles()
{
#ifndef Q_OS_UNIX
    QSKIP("the full disk is made with ulimit -f");
#endif
    if (QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
        QSKIP("the full disk is made with bash's ulimit -f, and bash is missing");
    QFETCH(QStringList, first);
    QFETCH(QStringList, second);
    QFETCH(int, kilobytes);
    QTemporaryDir temp;
    QVERIFY(QDir().mkpath(temp.filePath(QStringLiteral("out"))));
    // The director's window holds the database: the command reads it without writing beside it.
    core::StoreOptions options;
    options.path = m_nca;
    const core::Store::OpenResult holder = core::Store::open(options);
    QVERIFY(holder.store);

    const CliRun good = runProcess(expand(first, m_nca, {}, temp.path()));
    QVERIFY2(good.status == core::cli_exit::ok, qPrintable(good.err));
    const QMap<QString, QByteArray> before = snapshot(temp.filePath(QStringLiteral("out")));
    QVERIFY(!before.isEmpty());
    const CliRun full = runWithFileSizeLimit(kilobytes, expand(second, m_nca, {}, temp.path()));
    QVERIFY2(full.status == core::cli_exit::cannotWrite, qPrintable(full.err));
    QVERIFY2(full.err.contains(QLatin1String("cannot")), qPrintable(full.err));
    // The earlier files byte for byte, and no temporary file left.
    QCOMPARE(snapshot(temp.filePath(QStringLiteral("out"))), before);
}

// `points --db` stores each lock it computes as soon as it is done. A database that cannot take
// them (here a disk full after a few) costs the next command time, never this one's points: they
// are all written, the failure is reported once, and the locks stored are each whole.
void TestDatabaseFiles::pointsStandWhenTheirLocksDoNotFit()
{
#ifndef Q_OS_UNIX
    QSKIP("the full disk is made with ulimit -f");
#endif
    if (QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
        QSKIP("the full disk is made with bash's ulimit -f, and bash is missing");
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("full.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    QVERIFY(QFile::setPermissions(db, QFile::ReadOwner | QFile::WriteOwner));
    const CliRun folder = run({QStringLiteral("points"), ncaHistoryDir()});
    QCOMPARE(folder.status, core::cli_exit::ok);
    const QStringList points{QStringLiteral("points"), QStringLiteral("--db"), db};

    // Room for a few of the locks' rows in the database's log, not for all of them.
    const int kilobytes = static_cast<int>(QFileInfo(db).size() / 1024) + 256;
    const CliRun full = runWithFileSizeLimit(kilobytes, points);
    QVERIFY2(full.status == core::cli_exit::ok, qPrintable(full.err));
    QCOMPARE(full.out, folder.out);
    // The failure once, naming the database, and the summary line.
    QCOMPARE(full.err.count(QDir::toNativeSeparators(db)), 1);
    QVERIFY2(full.err.contains(QLatin1String("0 stored before)")), qPrintable(full.err));
    QCOMPARE(run({QStringLiteral("check"), QStringLiteral("--db"), db}).status, core::cli_exit::ok);
    const auto storedLocks = [&db] {
        core::sqlite::Database connection(db, core::sqlite::Database::Mode::ReadOnly);
        return connection.queryInteger("SELECT count(*) FROM locks").value_or(-1);
    };
    const std::int64_t fitted = storedLocks();
    QVERIFY2(fitted > 0, "the limit let no lock in: the test proves nothing");

    // The next command reads those it stored (each whole: they give the same points) and computes
    // and stores the others.
    const CliRun next = run(points);
    QCOMPARE(next.status, core::cli_exit::ok);
    QCOMPARE(next.out, folder.out);
    QVERIFY2(next.err.contains(QStringLiteral("%1 stored before)").arg(fitted)), qPrintable(next.err));
    const CliRun last = run(points);
    QVERIFY2(last.err.contains(QLatin1String("(0 computed on")), qPrintable(last.err));
    QVERIFY(storedLocks() > fitted);
}

// The PDF writers write to a path of their own: a ReplacingFile whose file came out empty or cut
// short (a full disk) leaves the earlier file, and no temporary file.
void TestDatabaseFiles::replacingFileKeepsTargetWhenCut()
{
    QTemporaryDir temp;
    const QString target = temp.filePath(QStringLiteral("standings.pdf"));
    QVERIFY(writeFile(target, "%PDF-1.4 the earlier one\n%%EOF\n"));
    {
        core::ReplacingFile cut(target);
        QVERIFY(!cut.temporaryPath().isEmpty());
        QVERIFY(writeFile(cut.temporaryPath(), "%PDF-1.4 cut short by a full dis"));
        QVERIFY(!cut.commit("%PDF-", "%%EOF"));
        QVERIFY2(cut.errorString().contains(QLatin1String("standings.pdf")), qPrintable(cut.errorString()));
    }
    {
        core::ReplacingFile empty(target);
        QVERIFY(!empty.commit("%PDF-", "%%EOF"));
    }
    QCOMPARE(readBytes(target), QByteArray("%PDF-1.4 the earlier one\n%%EOF\n"));
    QCOMPARE(QDir(temp.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("standings.pdf")});
    {
        core::ReplacingFile whole(target);
        QVERIFY(writeFile(whole.temporaryPath(), "%PDF-1.4 the new one\n%%EOF\n"));
        QVERIFY2(whole.commit("%PDF-", "%%EOF"), qPrintable(whole.errorString()));
    }
    QCOMPARE(readBytes(target), QByteArray("%PDF-1.4 the new one\n%%EOF\n"));
    QCOMPARE(QDir(temp.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("standings.pdf")});
}

// An export over an earlier one: the JSON and the history folder are both the new event's, the
// earlier's games.csv gone, nothing left beside them.
void TestDatabaseFiles::exportReplacesEarlierExportWhole()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("games.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), dataPath(QStringLiteral("reference/ttt/games")),
                  QStringLiteral("--db"), db})
                 .status,
             core::cli_exit::ok);
    const QString json = temp.filePath(QStringLiteral("out/e.json"));
    QVERIFY(QDir().mkpath(temp.filePath(QStringLiteral("out"))));
    QCOMPARE(run({QStringLiteral("export-event"), QStringLiteral("7"), QStringLiteral("-o"), json,
                  QStringLiteral("--db"), db})
                 .status,
             core::cli_exit::ok);
    QVERIFY(QFileInfo::exists(temp.filePath(QStringLiteral("out/e-history/games.csv"))));
    // A note of the director's in the folder stays.
    QVERIFY(writeFile(temp.filePath(QStringLiteral("out/e-history/notes.txt")), "sent to the NCA\n"));
    QCOMPARE(run({QStringLiteral("export-event"), QStringLiteral("175"), QStringLiteral("-o"), json,
                  QStringLiteral("--db"), m_nca})
                 .status,
             core::cli_exit::ok);
    QCOMPARE(QDir(temp.filePath(QStringLiteral("out")))
                 .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             (QStringList{QStringLiteral("e-history"), QStringLiteral("e.json")}));
    QCOMPARE(QDir(temp.filePath(QStringLiteral("out/e-history"))).entryList(QDir::Files),
             (QStringList{QStringLiteral("events.csv"), QStringLiteral("notes.txt"),
                          QStringLiteral("results.csv")}));
    QCOMPARE(readBytes(temp.filePath(QStringLiteral("out/e-history/notes.txt"))),
             QByteArray("sent to the NCA\n"));
    QVERIFY(readText(temp.filePath(QStringLiteral("out/e-history/events.csv")))
                .contains(QLatin1String("\n175,")));
    QVERIFY(readText(json).contains(QLatin1String("WCC Singles 2016")));
    QVERIFY(QFileInfo(temp.filePath(QStringLiteral("out/e-history")))
                .permissions()
                .testFlag(QFileDevice::ReadOther));
}

// kill -9 at any moment of an export over an earlier one of another event: the JSON file, when there
// is one, is always beside its own history folder (or none). The kills fall at 0, 2, 4... ms.
void TestDatabaseFiles::killedExportNeverPairsTwoEvents()
{
    QTemporaryDir temp;
    const QString json = temp.filePath(QStringLiteral("e.json"));
    const QString events = temp.filePath(QStringLiteral("e-history/events.csv"));
    const auto eventOfJson = [&json]() {
        const QJsonObject root = QJsonDocument::fromJson(readBytes(json)).object();
        return root.value(QStringLiteral("content"))
            .toObject()
            .value(QStringLiteral("event"))
            .toObject()
            .value(QStringLiteral("id"))
            .toString();
    };
    const auto eventOfHistory = [&events]() {
        const QStringList lines = readText(events).split(u'\n', Qt::SkipEmptyParts);
        return lines.size() < 2 ? QString() : lines[1].section(u',', 0, 0);
    };
    int whole = 0;
    for (int round = 0; round < 30; ++round) {
        const QString eventId = round % 2 == 0 ? QStringLiteral("174") : QStringLiteral("175");
        QProcess process;
        process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                      {QStringLiteral("export-event"), eventId, QStringLiteral("-o"), json,
                       QStringLiteral("--db"), m_nca});
        QVERIFY(process.waitForStarted());
        // Killed at every moment of the first 40 ms, then later and later (up to half a second), so
        // that on a loaded machine, where an export takes longer, some exports still finish whole.
        QThread::msleep(static_cast<unsigned long>(round < 20 ? 2 * round : 50 * (round - 19)));
        process.kill();
        process.waitForFinished();
        if (QFileInfo::exists(json)) {
            QVERIFY2(QFileInfo::exists(events), "a JSON file without its history folder");
            QCOMPARE(eventOfJson(), eventOfHistory());
            ++whole;
        }
    }
    QVERIFY(whole > 0);
}

// Item: three failed opens of a database whose user_version was lowered each wrote a before-v4
// copy and rotated away the three oldest good daily backups.
void TestDatabaseFiles::failedOpensKeepBackups()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("lowered.sqlite"));
    auto now = std::make_shared<QDateTime>(QDateTime(QDate(2025, 3, 1), QTime(8, 0), Qt::UTC));
    core::StoreOptions options;
    options.path = path;
    options.clock = [now] { return *now; };
    {
        const core::Store::OpenResult opened = core::Store::open(options);
        QVERIFY(opened.store);
        QVERIFY(opened.store->importHistory(tinyHistory()).ok());
    }
    for (int day = 1; day <= 7; ++day) {
        *now = now->addDays(1);
        QVERIFY(core::Store::open(options).store);
    }
    const QStringList good = core::Store::backups(path);
    QCOMPARE(good.size(), 7);
    {
        core::sqlite::Database raw(path, core::sqlite::Database::Mode::ReadWrite);
        raw.execute("PRAGMA user_version = 3");
    }
    const QByteArray lowered = readBytes(path);
    for (int attempt = 0; attempt < 3; ++attempt) {
        *now = now->addDays(1);
        const core::Store::OpenResult failed = core::Store::open(options);
        QVERIFY(!failed.store);
        QCOMPARE(failed.failure, core::Store::OpenFailure::Damaged);
        QVERIFY2(failed.error.contains(QLatin1String("database version 3")), qPrintable(failed.error));
    }
    QCOMPARE(core::Store::backups(path), good);
    QCOMPARE(QDir(core::Store::backupFolder(path)).entryList(QDir::Files).size(), 7);
    QCOMPARE(readBytes(path), lowered);
    const CliRun check = run({QStringLiteral("check"), QStringLiteral("--db"), path});
    QCOMPARE(check.status, core::cli_exit::badDatabase);
    QCOMPARE(core::Store::backups(path), good);
}

// Item: a mistyped --db made a database and its folders, and `check` called it sound.
void TestDatabaseFiles::missingDatabaseIsNotMade_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("status");
    const QString db = QStringLiteral("DB");
    QTest::newRow("events") << QStringList{QStringLiteral("events"), QStringLiteral("--db"), db}
                            << core::cli_exit::noDatabase;
    QTest::newRow("check") << QStringList{QStringLiteral("check"), QStringLiteral("--db"), db}
                           << core::cli_exit::noDatabase;
    QTest::newRow("backup") << QStringList{QStringLiteral("--db"), db, QStringLiteral("backup"),
                                           QStringLiteral("-o"), QStringLiteral("DIR/copy.sqlite")}
                            << core::cli_exit::noDatabase;
    QTest::newRow("export-event") << QStringList{QStringLiteral("export-event"), QStringLiteral("1"),
                                                 QStringLiteral("-o"),           QStringLiteral("DIR/e.json"),
                                                 QStringLiteral("--db"),         db}
                                  << core::cli_exit::noDatabase;
    // The commands that read a database in place of a history folder: a defect of their input.
    QTest::newRow("points --db") << QStringList{QStringLiteral("points"), QStringLiteral("--db"), db}
                                 << core::cli_exit::inputDefects;
    QTest::newRow("rate --db") << QStringList{QStringLiteral("rate"), QStringLiteral("--db"), db}
                               << core::cli_exit::inputDefects;
}

void TestDatabaseFiles::missingDatabaseIsNotMade()
{
    QFETCH(QStringList, args);
    QFETCH(int, status);
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("mistyped/folder/flickdesk.sqlite"));
    const CliRun result = run(expand(args, db, {}, temp.path()));
    QCOMPARE(result.status, status);
    QVERIFY2(result.err.contains(QStringLiteral("no database at %1").arg(QDir::toNativeSeparators(db))),
             qPrintable(result.err));
    QCOMPARE(QDir(temp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
    QCOMPARE(runProcess(expand(args, db, {}, temp.path())).status, status);
    QCOMPARE(QDir(temp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
    // The import commands make one.
    const CliRun imported =
        run({QStringLiteral("import-history"), tinyHistory(), QStringLiteral("--db"), db});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    QCOMPARE(run({QStringLiteral("check"), QStringLiteral("--db"), db}).status, core::cli_exit::ok);
}

// Item: a 0-byte file given with --db was silently made a new database.
void TestDatabaseFiles::emptyFileIsNotDatabase()
{
    QTemporaryDir temp;
    const QString empty = temp.filePath(QStringLiteral("empty.sqlite"));
    QVERIFY(writeFile(empty, {}));
    for (const QStringList& args :
         {QStringList{QStringLiteral("events"), QStringLiteral("--db"), empty},
          QStringList{QStringLiteral("check"), QStringLiteral("--db"), empty},
          QStringList{QStringLiteral("import-history"), tinyHistory(), QStringLiteral("--db"), empty}}) {
        const CliRun refused = run(args);
        QCOMPARE(refused.status, core::cli_exit::badDatabase);
        QVERIFY2(refused.err.contains(QStringLiteral("%1 is an empty file, not a FlickDesk database")
                                          .arg(QDir::toNativeSeparators(empty))),
                 qPrintable(refused.err));
        QCOMPARE(QFileInfo(empty).size(), 0);
        QCOMPARE(QDir(temp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("empty.sqlite")});
    }
    // Explicitly, a new database in its place.
    core::StoreOptions options;
    options.path = empty;
    options.creation = core::StoreOptions::Creation::IfMissingOrEmpty;
    const core::Store::OpenResult made = core::Store::open(options);
    QVERIFY2(made.store, qPrintable(made.error));
    QVERIFY(made.store->created());
}

// Item: `check` called a database without the entrant_players table sound.
void TestDatabaseFiles::checkComparesSchema_data()
{
    QTest::addColumn<QByteArray>("change");
    QTest::addColumn<QString>("problem");
    QTest::newRow("a table dropped") << QByteArray("DROP TABLE entrant_players")
                                     << QStringLiteral("the table entrant_players is missing");
    QTest::newRow("a column dropped")
        << QByteArray("ALTER TABLE standings DROP COLUMN listed")
        << QStringLiteral("the column listed of the table standings is missing");
    QTest::newRow("an index dropped")
        << QByteArray("DROP INDEX events_by_date") << QStringLiteral("the index events_by_date is missing");
    QTest::newRow("a trigger dropped") << QByteArray("DROP TRIGGER event_awards_frozen_update")
                                       << QStringLiteral("the trigger event_awards_frozen_update is missing");
    QTest::newRow("a table added") << QByteArray("CREATE TABLE notes (text TEXT)")
                                   << QStringLiteral("the table notes is not part of a FlickDesk database");
}

void TestDatabaseFiles::checkComparesSchema()
{
    QFETCH(QByteArray, change);
    QFETCH(QString, problem);
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("schema.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), tinyHistory(), QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    const CliRun sound = run({QStringLiteral("check"), QStringLiteral("--db"), db});
    QCOMPARE(sound.status, core::cli_exit::ok);
    {
        core::sqlite::Database raw(db, core::sqlite::Database::Mode::ReadWrite);
        raw.execute("PRAGMA foreign_keys = OFF");
        raw.execute(change.toStdString());
    }
    const CliRun broken = run({QStringLiteral("check"), QStringLiteral("--db"), db});
    QCOMPARE(broken.status, core::cli_exit::badDatabase);
    QVERIFY2(broken.out.contains(problem), qPrintable(broken.out));
}

// Item: a database in a read-only folder could not even be listed, and a read-only file left a
// read-only -shm that blocked writes after chmod 644.
void TestDatabaseFiles::readsReadOnlyMedia()
{
#ifndef Q_OS_UNIX
    QSKIP("file permissions are POSIX ones here");
#else
    const Unprivileged how = unprivileged();
    if (!how.why.isEmpty())
        QSKIP(qPrintable(how.why));
    QTemporaryDir temp;
    // Every user may enter the test's folders; `media` is read-only, `shared` writable to all.
    QFile::setPermissions(temp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                           QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                           QFileDevice::ExeOther);
    const QString media = temp.filePath(QStringLiteral("media"));
    const QString shared = temp.filePath(QStringLiteral("shared"));
    QVERIFY(QDir().mkpath(media));
    QVERIFY(QDir().mkpath(shared));
    const QString db = QDir(media).filePath(QStringLiteral("nca.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    const QFileDevice::Permissions readable =
        QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;
    const QFileDevice::Permissions enterable =
        readable | QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther;
    const QFileDevice::Permissions everything =
        enterable | QFileDevice::WriteOwner | QFileDevice::WriteGroup | QFileDevice::WriteOther;
    QVERIFY(QFile::setPermissions(db, readable));
    QVERIFY(QFile::setPermissions(media, enterable));
    QVERIFY(QFile::setPermissions(shared, everything));

    const CliRun events = runUnprivileged(how, {QStringLiteral("events"), QStringLiteral("--db"), db});
    QVERIFY2(events.status == core::cli_exit::ok, qPrintable(events.err));
    QCOMPARE(events.out.count(u'\n'), 153);
    QVERIFY2(events.err.contains(QLatin1String("read-only")), qPrintable(events.err));
    const CliRun check = runUnprivileged(how, {QStringLiteral("check"), QStringLiteral("--db"), db});
    QVERIFY2(check.status == core::cli_exit::ok, qPrintable(check.err));
    const CliRun exported =
        runUnprivileged(how, {QStringLiteral("export-event"), QStringLiteral("175"), QStringLiteral("-o"),
                              QDir(shared).filePath(QStringLiteral("e.json")), QStringLiteral("--db"), db});
    QVERIFY2(exported.status == core::cli_exit::ok, qPrintable(exported.err));
    const CliRun copied = runUnprivileged(how, {QStringLiteral("backup"), QStringLiteral("-o"),
                                                QDir(shared).filePath(QStringLiteral("copy.sqlite")),
                                                QStringLiteral("--db"), db});
    QVERIFY2(copied.status == core::cli_exit::ok, qPrintable(copied.err));
    // Writing is refused as a file not written, not as a database in use.
    const CliRun import =
        runUnprivileged(how, {QStringLiteral("import-history"), tinyHistory(), QStringLiteral("--db"), db});
    QCOMPARE(import.status, core::cli_exit::cannotWrite);
    QVERIFY2(import.err.contains(QLatin1String("Nothing was written")), qPrintable(import.err));
    QCOMPARE(QDir(media).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
             QStringList{QStringLiteral("nca.sqlite")});

    // A read-only file in a writable folder: read in place, and no trap file that would keep it
    // read-only once it is writable again.
    const QString own = QDir(shared).filePath(QStringLiteral("own.sqlite"));
    QVERIFY(QFile::copy(m_nca, own));
    if (how.asNobody)
        QCOMPARE(::chown(QFile::encodeName(own).constData(), 65534, 65534), 0);
    QVERIFY(QFile::setPermissions(own, readable));
    const CliRun listed = runUnprivileged(how, {QStringLiteral("events"), QStringLiteral("--db"), own});
    QVERIFY2(listed.status == core::cli_exit::ok, qPrintable(listed.err));
    QVERIFY(!QFileInfo::exists(own + QStringLiteral("-shm")));
    QVERIFY(!QFileInfo::exists(own + QStringLiteral("-wal")));
    QVERIFY(!QFileInfo::exists(own + QStringLiteral(".lock")));
    QVERIFY(QFile::setPermissions(own, readable | QFileDevice::WriteOwner));
    const QString ratings = QDir(shared).filePath(QStringLiteral("ratings.csv"));
    QVERIFY(writeFile(ratings, "player_id,name,mu,sigma\nnew-player,,0.5,1.0\n"));
    QVERIFY(QFile::setPermissions(ratings, readable));
    const CliRun written =
        runUnprivileged(how, {QStringLiteral("import-ratings"), ratings, QStringLiteral("--month"),
                              QStringLiteral("2030-01"), QStringLiteral("--db"), own});
    QVERIFY2(written.status == core::cli_exit::ok, qPrintable(written.err));
    // The trap an older FlickDesk left: a -shm as read-only as the file was. It goes.
    QVERIFY(writeFile(own + QStringLiteral("-shm"), QByteArray(32768, '\0')));
    if (how.asNobody)
        QCOMPARE(::chown(QFile::encodeName(own + QStringLiteral("-shm")).constData(), 65534, 65534), 0);
    QVERIFY(QFile::setPermissions(own + QStringLiteral("-shm"), readable));
    const CliRun healed =
        runUnprivileged(how, {QStringLiteral("import-ratings"), ratings, QStringLiteral("--month"),
                              QStringLiteral("2030-02"), QStringLiteral("--db"), own});
    QVERIFY2(healed.status == core::cli_exit::ok, qPrintable(healed.err));
#endif
}

// Item: a backup into a read-only folder blamed the database ("could not be read or changed"), and
// a database made in a read-only folder was said to be "opened read-only": the folder is named.
void TestDatabaseFiles::readOnlyFolderIsNamed()
{
#ifndef Q_OS_UNIX
    QSKIP("file permissions are POSIX ones here");
#else
    const Unprivileged how = unprivileged();
    if (!how.why.isEmpty())
        QSKIP(qPrintable(how.why));
    QTemporaryDir temp;
    const QFileDevice::Permissions enterable = QFileDevice::ReadOwner | QFileDevice::ReadGroup |
                                               QFileDevice::ReadOther | QFileDevice::ExeOwner |
                                               QFileDevice::ExeGroup | QFileDevice::ExeOther;
    const QFileDevice::Permissions everything =
        enterable | QFileDevice::WriteOwner | QFileDevice::WriteGroup | QFileDevice::WriteOther;
    QVERIFY(QFile::setPermissions(temp.path(), everything));
    const QString media = temp.filePath(QStringLiteral("media"));
    QVERIFY(QDir().mkpath(media));
    QVERIFY(QFile::setPermissions(media, enterable));
    const QString db = temp.filePath(QStringLiteral("live.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    if (how.asNobody)
        QCOMPARE(::chown(QFile::encodeName(db).constData(), 65534, 65534), 0);
    QVERIFY(QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    const QString shownMedia = QDir::toNativeSeparators(media);

    const CliRun copied = runUnprivileged(how, {QStringLiteral("backup"), QStringLiteral("-o"),
                                                QDir(media).filePath(QStringLiteral("copy.sqlite")),
                                                QStringLiteral("--db"), db});
    QCOMPARE(copied.status, core::cli_exit::cannotWrite);
    QVERIFY2(
        copied.err.contains(QStringLiteral("backup: No backup was made: the folder %1 cannot be written to.")
                                .arg(shownMedia)),
        qPrintable(copied.err));
    QVERIFY2(!copied.err.contains(QLatin1String("could not be read or changed")), qPrintable(copied.err));

    const QString fresh = QDir(media).filePath(QStringLiteral("new.sqlite"));
    const CliRun created = runUnprivileged(
        how, {QStringLiteral("import-history"), tinyHistory(), QStringLiteral("--db"), fresh});
    QCOMPARE(created.status, core::cli_exit::cannotWrite);
    QVERIFY2(created.err.contains(QStringLiteral("%1 cannot be created: the folder %2 cannot be written to. "
                                                 "Nothing was created.")
                                      .arg(QDir::toNativeSeparators(fresh), shownMedia)),
             qPrintable(created.err));
    QVERIFY2(!created.err.contains(QLatin1String("read-only")), qPrintable(created.err));
    QVERIFY(QDir(media).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));
#endif
}

// Item: `backup -o notes.csv` replaced a CSV without a word. Only an earlier backup (a FlickDesk
// database not in use) is replaced; anything else needs --force.
void TestDatabaseFiles::backupReplacesOnlyABackup()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("live.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    const QString notes = temp.filePath(QStringLiteral("notes.csv"));
    QVERIFY(writeFile(notes, "player_id,name\n746,Ann Lee\n"));
    const CliRun refused =
        runProcess({QStringLiteral("backup"), QStringLiteral("-o"), notes, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::cannotWrite);
    QVERIFY2(refused.err.contains(QStringLiteral("%1 exists and is not a FlickDesk database, so it was not "
                                                 "replaced; no backup was made")
                                      .arg(QDir::toNativeSeparators(notes))),
             qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QLatin1String("--force")), qPrintable(refused.err));
    QCOMPARE(readBytes(notes), QByteArray("player_id,name\n746,Ann Lee\n"));

    // An earlier backup is replaced, as every day's copy to one name.
    const QString copy = temp.filePath(QStringLiteral("copy.sqlite"));
    for (int time = 0; time < 2; ++time) {
        const CliRun made =
            runProcess({QStringLiteral("backup"), QStringLiteral("-o"), copy, QStringLiteral("--db"), db});
        QVERIFY2(made.status == core::cli_exit::ok, qPrintable(made.err));
    }
    const auto eventsIn = [](const QString& path) {
        return run({QStringLiteral("events"), QStringLiteral("--db"), path}).out.count(u'\n');
    };
    QCOMPARE(eventsIn(copy), 153);

    // A FlickDesk database in use is not a backup to replace.
    core::StoreOptions options;
    options.path = copy;
    {
        const core::Store::OpenResult holder = core::Store::open(options);
        QVERIFY(holder.store);
        const QByteArray before = readBytes(copy);
        const CliRun inUse =
            runProcess({QStringLiteral("backup"), QStringLiteral("-o"), copy, QStringLiteral("--db"), db});
        QCOMPARE(inUse.status, core::cli_exit::cannotWrite);
        QVERIFY2(inUse.err.contains(QLatin1String("is a FlickDesk database in use")), qPrintable(inUse.err));
        QCOMPARE(readBytes(copy), before);
    }

    // With --force, whatever is there.
    const CliRun forced = runProcess({QStringLiteral("backup"), QStringLiteral("-o"), notes,
                                      QStringLiteral("--force"), QStringLiteral("--db"), db});
    QVERIFY2(forced.status == core::cli_exit::ok, qPrintable(forced.err));
    QCOMPARE(eventsIn(notes), 153);
}

// Item: `check` on a backup file wrote a day's backup of it (backups/ beside it). A check writes
// nothing: not the file, not a folder beside it.
void TestDatabaseFiles::checkWritesNothing()
{
    QTemporaryDir temp;
    const QString folder = temp.filePath(QStringLiteral("copies"));
    QVERIFY(QDir().mkpath(folder));
    const QString copy = QDir(folder).filePath(QStringLiteral("copy.sqlite"));
    QCOMPARE(
        run({QStringLiteral("backup"), QStringLiteral("-o"), copy, QStringLiteral("--db"), m_nca}).status,
        core::cli_exit::ok);
    const QMap<QString, QByteArray> before = snapshot(folder);
    QCOMPARE(before.size(), 1);
    const CliRun checked = runProcess({QStringLiteral("check"), QStringLiteral("--db"), copy});
    QVERIFY2(checked.status == core::cli_exit::ok, qPrintable(checked.err));
    QVERIFY2(checked.err.contains(QLatin1String("is sound")), qPrintable(checked.err));
    QVERIFY2(!checked.err.contains(QLatin1String("backed up")), qPrintable(checked.err));
    QCOMPARE(snapshot(folder), before);
    QVERIFY(!QFileInfo::exists(core::Store::backupFolder(copy)));
}

// Item: a lock file written on another computer kept the database read-only forever, naming
// "process 4242" but not the computer.
void TestDatabaseFiles::lockOfAnotherComputer()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("shared.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    QVERIFY(writeFile(db + QStringLiteral(".lock"), "4242\nFlickDesk\nclubhouse-laptop\n"));
    const CliRun events = runProcess({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(events.status, core::cli_exit::ok);
    QVERIFY2(events.err.contains(QLatin1String("on the computer clubhouse-laptop")), qPrintable(events.err));
    QVERIFY2(
        events.err.contains(QStringLiteral("flickdesk-cli unlock --db %1").arg(QDir::toNativeSeparators(db))),
        qPrintable(events.err));
    const QString ratings = temp.filePath(QStringLiteral("ratings.csv"));
    QVERIFY(writeFile(ratings, "player_id,name,mu,sigma\nnew-player,,0.5,1.0\n"));
    const QStringList importRatings{QStringLiteral("import-ratings"), ratings,
                                    QStringLiteral("--month"),        QStringLiteral("2030-01"),
                                    QStringLiteral("--db"),           db};
    const CliRun refused = runProcess(importRatings);
    QCOMPARE(refused.status, core::cli_exit::databaseBusy);
    QVERIFY2(refused.err.contains(QLatin1String("clubhouse-laptop")), qPrintable(refused.err));

    const CliRun unlocked = runProcess({QStringLiteral("unlock"), QStringLiteral("--db"), db});
    QVERIFY2(unlocked.status == core::cli_exit::ok, qPrintable(unlocked.err));
    QVERIFY2(unlocked.err.contains(QLatin1String("clubhouse-laptop")), qPrintable(unlocked.err));
    QVERIFY(!QFileInfo::exists(db + QStringLiteral(".lock")));
    QCOMPARE(runProcess(importRatings).status, core::cli_exit::ok);

    // A FlickDesk running on this computer keeps its lock.
    core::StoreOptions options;
    options.path = db;
    const core::Store::OpenResult holder = core::Store::open(options);
    QVERIFY(holder.store && !holder.store->isReadOnly());
    const CliRun kept = runProcess({QStringLiteral("unlock"), QStringLiteral("--db"), db});
    QCOMPARE(kept.status, core::cli_exit::databaseBusy);
    QVERIFY2(kept.err.contains(QStringLiteral("process %1").arg(QCoreApplication::applicationPid())),
             qPrintable(kept.err));
    QVERIFY(QFileInfo::exists(db + QStringLiteral(".lock")));
}

// Item: `events` printed tabs and newlines inside ids raw.
void TestDatabaseFiles::eventsEscapesControlCharacters()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("odd.sqlite"));
    QCOMPARE(run({QStringLiteral("import-history"), tinyHistory(), QStringLiteral("--db"), db}).status,
             core::cli_exit::ok);
    {
        core::sqlite::Database raw(db, core::sqlite::Database::Mode::ReadWrite);
        core::sqlite::Statement insert(
            raw, "INSERT INTO events (id, date, name, format) VALUES (?, ?, ?, 'singles')");
        insert.bind(1, QStringLiteral("a\tb\nc\\d\r"))
            .bind(2, QStringLiteral("2024-01-01"))
            .bind(3, QStringLiteral("Open \u202Eevil\u200B\u0007"));
        insert.run();
    }
    const CliRun events = run({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(events.status, core::cli_exit::ok);
    const QStringList lines = events.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 7); // the six events of the tiny history, and the odd one
    QVERIFY2(lines.contains(
                 QStringLiteral("a\\tb\\nc\\\\d\\r\t2024-01-01\tOpen \\u202eevil\\u200b\\u0007\tplanned")),
             qPrintable(events.out));
    for (const QString& line : lines)
        QCOMPARE(line.count(u'\t'), 3);
}

QTEST_GUILESS_MAIN(TestDatabaseFiles)
#include "tst_databasefiles.moc"
