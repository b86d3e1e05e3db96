// flickdesk-cli rate against the reference results of tests/data/reference/ttt, in-process and as
// the real executable; refusal of defective input; --help, --version and usage errors.
#include "clitestsupport.h"
#include "cli/cli.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

// Compares ratings `player_id,date,mu,sigma`: the same rows in the same order, mu and sigma within
// `tolerance`. Returns a description of the first difference, or an empty string.
QString compareRatings(const QString& actualText, const QString& expectedText, double tolerance)
{
    const QList<QStringList> actual = parseCsv(actualText);
    const QList<QStringList> expected = parseCsv(expectedText);
    if (expected.isEmpty())
        return QStringLiteral("no expected rows");
    if (actual.size() != expected.size())
        return QStringLiteral("%1 lines, expected %2").arg(actual.size()).arg(expected.size());
    if (actual.first() != expected.first())
        return QStringLiteral("header %1, expected %2")
            .arg(actual.first().join(u','), expected.first().join(u','));
    double largest = 0.0;
    for (qsizetype i = 1; i < expected.size(); ++i) {
        const QStringList& a = actual[i];
        const QStringList& e = expected[i];
        if (a.size() != 4 || e.size() != 4 || a[0] != e[0] || a[1] != e[1])
            return QStringLiteral("line %1: %2, expected %3").arg(i + 1).arg(a.join(u','), e.join(u','));
        for (int column : {2, 3}) {
            bool ok = false;
            const double value = a[column].toDouble(&ok);
            const double difference = std::abs(value - e[column].toDouble());
            if (!ok || !(difference <= tolerance))
                return QStringLiteral("line %1: %2, expected %3 (tolerance %4)")
                    .arg(i + 1)
                    .arg(a.join(u','), e.join(u','))
                    .arg(tolerance);
            largest = std::max(largest, difference);
        }
    }
    qInfo("%lld rows, largest difference %.3g", static_cast<long long>(expected.size() - 1), largest);
    return {};
}

// "rate: N players, M events, K iterations, ..." -> K
int iterationsOf(const QString& summary)
{
    static const QRegularExpression pattern(
        QStringLiteral("rate: \\d+ players, \\d+ events, (\\d+) iterations"));
    const QRegularExpressionMatch match = pattern.match(summary);
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

// "rate: ..., log evidence L" -> L
double logEvidenceOf(const QString& summary)
{
    static const QRegularExpression pattern(QStringLiteral(", log evidence (-?[0-9.]+)\\n"));
    const QRegularExpressionMatch match = pattern.match(summary);
    return match.hasMatch() ? match.captured(1).toDouble() : std::nan("");
}

} // namespace

class TestCliRate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesReference_data();
    void matchesReference();
    void executableRatesTinyCase();
    void writesToStandardOutput();
    void appliesParametersInOrder();
    void ratesNcaHistory();
    void refusesRawNcaHistory();
    void leavesNoFileWhenWritingFails();
    void helpAndVersion();
    void usageErrors_data();
    void usageErrors();
};

void TestCliRate::matchesReference_data()
{
    QTest::addColumn<QString>("caseDir");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("expectedFile");
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<QString>("schedule"); // the key of summary.json

    // Tolerances of tests/data/reference/README.md.
    const QDir reference(dataPath(QStringLiteral("reference/ttt")));
    for (const QString& name : reference.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString dir = reference.filePath(name);
        QTest::addRow("%s schedule", qPrintable(name))
            << dir << QStringList() << QStringLiteral("expected_schedule.csv") << 1e-5
            << QStringLiteral("schedule");
        QTest::addRow("%s tight", qPrintable(name))
            << dir
            << QStringList{QStringLiteral("--epsilon"), QStringLiteral("1e-9"), QStringLiteral("--max-iter"),
                           QStringLiteral("2000")}
            << QStringLiteral("expected_tight.csv") << 1e-6 << QStringLiteral("tight");
    }
}

void TestCliRate::matchesReference()
{
    QFETCH(QString, caseDir);
    QFETCH(QStringList, options);
    QFETCH(QString, expectedFile);
    QFETCH(double, tolerance);
    QFETCH(QString, schedule);

    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString output = temp.filePath(QStringLiteral("ratings.csv"));
    const CliRun result = run(QStringList{QStringLiteral("rate"), caseDir} + options +
                              QStringList{QStringLiteral("-o"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    QVERIFY(result.out.isEmpty());

    const QString difference =
        compareRatings(readText(output), readText(QDir(caseDir).filePath(expectedFile)), tolerance);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));

    QFile summaryFile(QDir(caseDir).filePath(QStringLiteral("summary.json")));
    QVERIFY(summaryFile.open(QIODevice::ReadOnly));
    const QJsonObject summary =
        QJsonDocument::fromJson(summaryFile.readAll()).object().value(schedule).toObject();
    if (schedule == QLatin1String("schedule")) {
        // DECISIONS N5: following the reference's schedule takes the reference's number of iterations.
        QCOMPARE(iterationsOf(result.err), summary.value(QStringLiteral("iterations")).toInt(-2));
    } else {
        // At the fixed point the evidence is the reference's, whatever the schedule (printed to 6 decimals).
        const double expected = summary.value(QStringLiteral("log_evidence")).toDouble(std::nan(""));
        const double reported = logEvidenceOf(result.err);
        QVERIFY2(std::abs(reported - expected) <= 1e-5,
                 qPrintable(QStringLiteral("log evidence %1, expected %2")
                                .arg(reported, 0, 'f', 9)
                                .arg(expected, 0, 'f', 9)));
    }
}

void TestCliRate::executableRatesTinyCase()
{
    const QString caseDir = dataPath(QStringLiteral("reference/ttt/tiny"));
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString output = temp.filePath(QStringLiteral("tiny.csv"));
    QProcess process;
    process.start(QStringLiteral(FLICKDESK_CLI_PATH),
                  {QStringLiteral("rate"), caseDir, QStringLiteral("-o"), output});
    QVERIFY2(process.waitForFinished(30000), qPrintable(process.errorString()));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == core::cli_exit::ok, qPrintable(err));
    QVERIFY(err.startsWith(QLatin1String("rate: ")));
    const QString difference = compareRatings(
        readText(output), readText(QDir(caseDir).filePath(QStringLiteral("expected_schedule.csv"))), 1e-5);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));

    process.start(QStringLiteral(FLICKDESK_CLI_PATH), {QStringLiteral("--version")});
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 0);
    QCOMPARE(QString::fromUtf8(process.readAllStandardOutput()).trimmed(),
             QStringLiteral("flickdesk-cli " FLICKDESK_VERSION));
}

void TestCliRate::writesToStandardOutput()
{
    const QString caseDir = dataPath(QStringLiteral("reference/ttt/one-event"));
    const CliRun result = run({QStringLiteral("rate"), caseDir});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));
    const QString difference = compareRatings(
        result.out, readText(QDir(caseDir).filePath(QStringLiteral("expected_schedule.csv"))), 1e-5);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QVERIFY(result.out.startsWith(QLatin1String("player_id,date,mu,sigma\n")));
}

void TestCliRate::appliesParametersInOrder()
{
    // The folder's params.json, then --params FILE, then --max-iter: each later one wins.
    const QString caseDir = dataPath(QStringLiteral("reference/ttt/tiny"));
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString params = temp.filePath(QStringLiteral("params.json"));
    QFile file(params);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"max_iter\": 1}");
    file.close();

    const CliRun fromFile = run({QStringLiteral("rate"), caseDir, QStringLiteral("--params"), params});
    QVERIFY2(fromFile.status == core::cli_exit::ok, qPrintable(fromFile.err));
    QCOMPARE(iterationsOf(fromFile.err), 1);
    QVERIFY(fromFile.err.contains(QLatin1String("converged no")));

    const CliRun fromOption = run({QStringLiteral("rate"), caseDir, QStringLiteral("--params=") + params,
                                   QStringLiteral("--max-iter"), QStringLiteral("3")});
    QVERIFY2(fromOption.status == core::cli_exit::ok, qPrintable(fromOption.err));
    QCOMPARE(iterationsOf(fromOption.err), 3);

    // A defective --params file is refused like defective history.
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\"max_iterations\": 1}");
    file.close();
    const CliRun refused = run({QStringLiteral("rate"), caseDir, QStringLiteral("--params"), params});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(QLatin1String("params.json:1: max_iterations: ")), qPrintable(refused.err));
}

void TestCliRate::ratesNcaHistory()
{
    const QString dir = dataPath(QStringLiteral("nca-history"));
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString output = temp.filePath(QStringLiteral("nca.csv"));
    const CliRun result = run({QStringLiteral("rate"), dir, QStringLiteral("-o"), output});
    QVERIFY2(result.status == core::cli_exit::ok, qPrintable(result.err));

    // One row per player per date played: the (player, event date) pairs of the input.
    const QList<QStringList> events = parseCsv(readText(QDir(dir).filePath(QStringLiteral("events.csv"))));
    const QList<QStringList> results = parseCsv(readText(QDir(dir).filePath(QStringLiteral("results.csv"))));
    QHash<QString, QString> dateOfEvent;
    for (qsizetype i = 1; i < events.size(); ++i)
        dateOfEvent.insert(events[i][0], events[i][1]);
    QSet<QString> played;
    for (qsizetype i = 1; i < results.size(); ++i)
        played.insert(results[i][2] + u',' + dateOfEvent.value(results[i][0]));

    const QList<QStringList> rows = parseCsv(readText(output));
    QCOMPARE(rows.value(0), (QStringList{QStringLiteral("player_id"), QStringLiteral("date"),
                                         QStringLiteral("mu"), QStringLiteral("sigma")}));
    QCOMPARE(rows.size() - 1, played.size());
    QSet<QString> written;
    for (qsizetype i = 1; i < rows.size(); ++i) {
        written.insert(rows[i][0] + u',' + rows[i][1]);
        if (i > 1) { // by date, then numerically by player id
            const QStringList& previous = rows[i - 1];
            const bool ordered =
                previous[1] < rows[i][1] ||
                (previous[1] == rows[i][1] && previous[0].toLongLong() < rows[i][0].toLongLong());
            QVERIFY2(ordered, qPrintable(QStringLiteral("line %1 out of order").arg(i + 1)));
        }
        for (int column : {2, 3}) {
            bool ok = false;
            QVERIFY(std::isfinite(rows[i][column].toDouble(&ok)) && ok); // DECISIONS N7
            QCOMPARE(rows[i][column].section(u'.', 1).size(), 9);
        }
    }
    QCOMPARE(written, played);
}

void TestCliRate::refusesRawNcaHistory()
{
    const QDir source(dataPath(QStringLiteral("nca-history")));
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    QVERIFY(QDir(temp.path()).mkpath(QStringLiteral("raw")));
    const QDir raw(temp.filePath(QStringLiteral("raw")));
    QVERIFY(QFile::copy(source.filePath(QStringLiteral("events.csv")),
                        raw.filePath(QStringLiteral("events.csv"))));
    QVERIFY(QFile::copy(source.filePath(QStringLiteral("results_raw.csv")),
                        raw.filePath(QStringLiteral("results.csv"))));

    const QString output = temp.filePath(QStringLiteral("ratings.csv"));
    const CliRun result = run({QStringLiteral("rate"), raw.path(), QStringLiteral("-o"), output});
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY(!QFileInfo::exists(output));
    QVERIFY(result.out.isEmpty());

    // Every defect on a line of its own as file:line: field: message, then one summary line.
    QStringList lines = result.err.split(u'\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 1);
    const QString summary = lines.takeLast();
    QVERIFY2(summary.startsWith(QStringLiteral("rate: %1 defects").arg(lines.size())), qPrintable(summary));
    static const QRegularExpression defectLine(
        QStringLiteral("^.*results\\.csv:\\d+: (place|player_id): event \\d+: .+$"));
    for (const QString& line : lines)
        QVERIFY2(defectLine.match(line).hasMatch(), qPrintable(line));
}

void TestCliRate::leavesNoFileWhenWritingFails()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString output = temp.filePath(QStringLiteral("no/such/folder/ratings.csv"));
    const CliRun result = run({QStringLiteral("rate"), dataPath(QStringLiteral("reference/ttt/tiny")),
                               QStringLiteral("-o"), output});
    QCOMPARE(result.status, core::cli_exit::cannotWrite);
    QVERIFY(result.err.contains(QLatin1String("cannot write")));
    QVERIFY(!QFileInfo::exists(output));
}

void TestCliRate::helpAndVersion()
{
    const CliRun help = run({QStringLiteral("--help")});
    QCOMPARE(help.status, core::cli_exit::ok);
    QVERIFY(help.out.contains(
        QLatin1String("\n  rate HISTORY_DIR [--params FILE] [--epsilon E] [--max-iter N] [-o OUT.csv]\n")));
    QVERIFY(help.err.isEmpty());

    const CliRun rateHelp = run({QStringLiteral("rate"), QStringLiteral("--help")});
    QCOMPARE(rateHelp.status, core::cli_exit::ok);
    QVERIFY(rateHelp.out.contains(QLatin1String("--epsilon")));

    const CliRun version = run({QStringLiteral("--version")});
    QCOMPARE(version.status, core::cli_exit::ok);
    QCOMPARE(version.out, QStringLiteral("flickdesk-cli " FLICKDESK_VERSION "\n"));
}

void TestCliRate::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    const QString tiny = dataPath(QStringLiteral("reference/ttt/tiny"));
    QTest::newRow("no command") << QStringList();
    QTest::newRow("unknown command") << QStringList{QStringLiteral("rank")};
    QTest::newRow("unknown global option") << QStringList{QStringLiteral("--frobnicate")};
    QTest::newRow("unknown rate option")
        << QStringList{QStringLiteral("rate"), tiny, QStringLiteral("--frobnicate")};
    QTest::newRow("missing folder") << QStringList{QStringLiteral("rate")};
    QTest::newRow("two folders") << QStringList{QStringLiteral("rate"), tiny, tiny};
    QTest::newRow("missing value") << QStringList{QStringLiteral("rate"), tiny, QStringLiteral("-o")};
    QTest::newRow("bad epsilon") << QStringList{QStringLiteral("rate"), tiny, QStringLiteral("--epsilon"),
                                                QStringLiteral("tiny")};
    QTest::newRow("zero epsilon") << QStringList{QStringLiteral("rate"), tiny, QStringLiteral("--epsilon=0")};
    QTest::newRow("negative max-iter")
        << QStringList{QStringLiteral("rate"), tiny, QStringLiteral("--max-iter"), QStringLiteral("-1")};
}

void TestCliRate::usageErrors()
{
    QFETCH(QStringList, args);
    const CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::usage);
    QVERIFY(result.out.isEmpty());
    QVERIFY(result.err.contains(QLatin1String("Usage: flickdesk-cli")));
}

QTEST_MAIN(TestCliRate)
#include "tst_clirate.moc"
