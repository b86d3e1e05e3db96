#pragma once

// Helpers shared by the tests of tests/core that drive flickdesk-cli, in-process (core::runCli) or
// as the real executable (FLICKDESK_CLI_PATH), and read or write their files: the test data and
// docs/examples paths, whole-file reads and writes, and a splitter for CSV without quoted fields.
// Every test target defines FLICKDESK_TEST_DATA_DIR and FLICKDESK_CLI_PATH (tests/CMakeLists.txt).

#include "cli/cli.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace flickdesk::testing {

// `relative` inside tests/data.
inline QString dataPath(const QString& relative)
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR)).filePath(relative);
}

// The NCA history folder of tests/data.
inline QString ncaHistoryDir()
{
    return dataPath(QStringLiteral("nca-history"));
}

// `name` inside docs/examples.
inline QString examplePath(const QString& name)
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../docs/examples/")).filePath(name);
}

// The exit status and the two streams of one flickdesk-cli command.
struct CliRun {
    int status = -1;
    QString out;
    QString err;
};

// Runs one command in-process; `args` without the program name.
inline CliRun run(const QStringList& args)
{
    CliRun result;
    QTextStream out(&result.out);
    QTextStream err(&result.err);
    result.status = core::runCli(args, out, err);
    return result;
}

// Runs one command as the real executable: status -1 if it did not finish within a minute, -2 if
// it crashed.
inline CliRun runProcess(const QStringList& args)
{
    CliRun result;
    QProcess process;
    process.start(QStringLiteral(FLICKDESK_CLI_PATH), args);
    if (!process.waitForFinished(60000))
        return result;
    result.status = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

// The whole file; empty if it cannot be read.
inline QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The whole file as UTF-8 text; empty if it cannot be read.
inline QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Writes `contents` as the whole file; false if it could not be written entirely.
inline bool writeFile(const QString& path, const QByteArray& contents)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(contents) == contents.size();
}

// The rows of a CSV text without quoted fields, header first, blank lines left out.
inline QList<QStringList> parseCsv(const QString& text)
{
    QList<QStringList> rows;
    for (const QString& line : text.split(u'\n')) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            rows.append(trimmed.split(u','));
    }
    return rows;
}

// The lines of a text that are not blank, as written.
inline QStringList nonEmptyLines(const QString& text)
{
    QStringList result;
    for (const QString& line : text.split(u'\n')) {
        if (!line.trimmed().isEmpty())
            result << line;
    }
    return result;
}

} // namespace flickdesk::testing
