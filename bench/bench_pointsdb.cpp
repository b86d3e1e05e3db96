// Benchmark of `flickdesk-cli points --db` against `points` on the folder: prints figures, asserts
// nothing.
//
//   bench_pointsdb [repetitions] [HISTORY_DIR]   (default 3; tests/data/nca-history)
//
// Runs the real flickdesk-cli (built beside this benchmark) as a director does, each a whole process:
//   rate      `rate HISTORY_DIR`: one FlickSkill run over the folder
//   folder    `points HISTORY_DIR`: every monthly lock computed, nothing stored
//   first     `points --db FILE` on a database just imported from the folder: every lock computed
//             and stored (a fresh copy of the imported file for each repetition)
//   second    `points --db FILE` again: every lock read from the database
// and whether the three `points` outputs are the same bytes. The targets (issue 26): a first run
// within 1.3 times `points` on the folder, a second within 1.5 times `rate`. Medians of the
// repetitions, the commands taken in turn so that a drift of the machine's speed touches each alike.

#include "benchtiming.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <cstdio>

using namespace flickdesk;

namespace {

// Seconds the command took, or -1 when it failed (its error output printed).
double run(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedOutputChannel); // only the error output is read
    const auto start = std::chrono::steady_clock::now();
    process.start(program, arguments);
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        std::fprintf(stderr, "%s %s failed: %s\n", qPrintable(program), qPrintable(arguments.join(u' ')),
                     process.readAllStandardError().constData());
        return -1.0;
    }
    return bench::secondsSince(start);
}

QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments().mid(1);
    int repetitions = 3;
    for (const QString& argument : arguments) {
        bool number = false;
        if (const int n = argument.toInt(&number); number && n > 0)
            repetitions = n;
    }
    const QString history = bench::historyDirArgument(arguments);
    const QString cli = QStringLiteral(FLICKDESK_BENCH_CLI);
    std::printf("history: %s; flickdesk-cli: %s\n", qPrintable(history), qPrintable(cli));
    QTemporaryDir temp;
    const QString imported = temp.filePath(QStringLiteral("imported.sqlite"));
    const QString importedNow = temp.filePath(QStringLiteral("import.sqlite"));
    if (run(cli, {QStringLiteral("import-history"), history, QStringLiteral("--db"), importedNow}) < 0)
        return 1;
    // The imported file alone, without its backups and logs: each first run starts from a copy.
    QFile::copy(importedNow, imported);

    std::vector<double> rate, folder, first, second;
    bool same = true;
    for (int i = 0; i < repetitions; ++i) {
        const QString db = temp.filePath(QStringLiteral("run%1.sqlite").arg(i));
        QFile::copy(imported, db);
        const QString folderOut = temp.filePath(QStringLiteral("folder.csv"));
        const QString firstOut = temp.filePath(QStringLiteral("first.csv"));
        const QString secondOut = temp.filePath(QStringLiteral("second.csv"));
        const double r = run(cli, {QStringLiteral("rate"), history, QStringLiteral("-o"),
                                   temp.filePath(QStringLiteral("rate.csv"))});
        const double f = run(cli, {QStringLiteral("points"), history, QStringLiteral("-o"), folderOut});
        const double d1 =
            run(cli, {QStringLiteral("points"), QStringLiteral("--db"), db, QStringLiteral("-o"), firstOut});
        const double d2 =
            run(cli, {QStringLiteral("points"), QStringLiteral("--db"), db, QStringLiteral("-o"), secondOut});
        if (r < 0 || f < 0 || d1 < 0 || d2 < 0)
            return 1;
        const QByteArray expected = contents(folderOut);
        same =
            same && !expected.isEmpty() && contents(firstOut) == expected && contents(secondOut) == expected;
        rate.push_back(r);
        folder.push_back(f);
        first.push_back(d1);
        second.push_back(d2);
        std::printf(
            "  run %d: rate %.2f s, points on the folder %.2f s, points --db first %.2f s, second %.2f s\n",
            i + 1, r, f, d1, d2);
    }
    const double firstRatio = bench::median(first) / bench::median(folder);
    const double secondRatio = bench::median(second) / bench::median(rate);
    std::printf("medians of %d: rate %.2f s, points on the folder %.2f s, points --db first %.2f s, second "
                "%.2f s; the same output: %s\n",
                repetitions, bench::median(rate), bench::median(folder), bench::median(first),
                bench::median(second), same ? "yes" : "NO");
    std::printf("target: points --db first / points on the folder = %.2f (within 1.3: %s); second / rate = "
                "%.2f (within 1.5: %s)\n",
                firstRatio, firstRatio <= 1.3 ? "yes" : "no", secondRatio, secondRatio <= 1.5 ? "yes" : "no");
    return 0;
}
