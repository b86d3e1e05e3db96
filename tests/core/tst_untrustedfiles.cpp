// Every file FlickDesk reads is untrusted: a file of the wrong kind (/dev/zero, a FIFO, a folder), one
// beyond the size limits of core/formats/boundedfile.h, and text that is not UTF-8 or holds a control
// character or a stray byte order mark are refused with `file:line: field`, exit status 2, and
// nothing stored. The commands run in-process (core::runCli).

#include "clitestsupport.h"
#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/store/store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>
#include <sys/types.h>

using namespace flickdesk;
using flickdesk::testing::CliRun;
using flickdesk::testing::dataPath;
using flickdesk::testing::examplePath;
using flickdesk::testing::readBytes;
using flickdesk::testing::run;
using flickdesk::testing::writeFile;

namespace {

// The history folder the spoiled copies are made of: events, results, games and params.json.
QString historyBase()
{
    return dataPath(QStringLiteral("reference/ttt/games"));
}

bool copyFile(const QString& from, const QString& to)
{
    QFile::remove(to);
    return QFile::copy(from, to) && QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
}

// Replaces line `line` (from 1) of the file at `path` by `bytes`.
bool replaceLine(const QString& path, int line, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QList<QByteArray> lines = file.readAll().split('\n');
    file.close();
    if (line < 1 || line > lines.size())
        return false;
    lines[line - 1] = bytes;
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(lines.join('\n')) >= 0;
}

// A file of `size` bytes that takes no disk: QFile::resize makes it sparse.
bool makeSparseFile(const QString& path, qint64 size)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.resize(size);
}

// The files of each kind of input in `dir`, and the command that reads them. `@` in an argument
// stands for `dir`.
struct InputKind {
    QStringList files;   // name in dir <- source path
    QStringList sources; // parallel to files
    QStringList args;
};

InputKind inputKind(const QString& kind)
{
    const QString history = historyBase();
    const auto historyFiles = [&history](const QStringList& args) {
        return InputKind{{QStringLiteral("events.csv"), QStringLiteral("results.csv"),
                          QStringLiteral("games.csv"), QStringLiteral("params.json")},
                         {history + QStringLiteral("/events.csv"), history + QStringLiteral("/results.csv"),
                          history + QStringLiteral("/games.csv"), history + QStringLiteral("/params.json")},
                         args};
    };
    const auto system = [](const QString& command, const QString& prefix) {
        return InputKind{{QStringLiteral("players.csv"), QStringLiteral("games.csv")},
                         {examplePath(prefix + QStringLiteral("-players.csv")),
                          examplePath(prefix + QStringLiteral("-games.csv"))},
                         {command, QStringLiteral("@/games.csv"), QStringLiteral("--players"),
                          QStringLiteral("@/players.csv")}};
    };
    if (kind == QLatin1String("rate"))
        return historyFiles({QStringLiteral("rate"), QStringLiteral("@")});
    if (kind == QLatin1String("points"))
        return historyFiles({QStringLiteral("points"), QStringLiteral("@")});
    if (kind == QLatin1String("import-history"))
        return historyFiles({QStringLiteral("import-history"), QStringLiteral("@"), QStringLiteral("--db"),
                             QStringLiteral("@/db.sqlite")});
    if (kind == QLatin1String("import-ratings"))
        return {{QStringLiteral("ratings.csv")},
                {dataPath(QStringLiteral("untrusted/ratings.csv"))},
                {QStringLiteral("import-ratings"), QStringLiteral("@/ratings.csv"), QStringLiteral("--month"),
                 QStringLiteral("2025-01"), QStringLiteral("--db"), QStringLiteral("@/db.sqlite")}};
    if (kind == QLatin1String("import-event"))
        return {{},
                {},
                {QStringLiteral("import-event"), QStringLiteral("@/event.json"), QStringLiteral("--db"),
                 QStringLiteral("@/db.sqlite")}};
    if (kind == QLatin1String("payout"))
        return {{QStringLiteral("field.csv")},
                {dataPath(QStringLiteral("untrusted/field.csv"))},
                {QStringLiteral("payout"), QStringLiteral("--format"), QStringLiteral("singles"),
                 QStringLiteral("--tier"), QStringLiteral("3"), QStringLiteral("@/field.csv")}};
    if (kind == QLatin1String("acf"))
        return system(kind, QStringLiteral("acf"));
    if (kind == QLatin1String("kc"))
        return system(kind, QStringLiteral("kc"));
    if (kind == QLatin1String("squares"))
        return system(kind, QStringLiteral("squares"));
    return {};
}

// Copies the files of `kind` into `dir`; the command's arguments.
QStringList prepare(const QString& kind, const QString& dir)
{
    const InputKind input = inputKind(kind);
    for (qsizetype i = 0; i < input.files.size(); ++i) {
        if (!copyFile(input.sources[i], dir + u'/' + input.files[i]))
            return {};
    }
    QStringList args = input.args;
    for (QString& arg : args)
        arg.replace(u'@', dir);
    return args;
}

// Whether `err` has a line equal to `expected`.
bool hasLine(const QString& err, const QString& expected)
{
    return err.split(u'\n').contains(expected);
}

// The events stored in the database at `path`; -1 when it cannot be opened.
int storedEvents(const QString& path)
{
    if (!QFile::exists(path))
        return 0;
    core::StoreOptions options;
    options.path = path;
    core::Store::OpenResult opened = core::Store::open(options);
    return opened.store ? opened.store->eventCount() : -1;
}

} // namespace

class TestUntrustedFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void refusesFilesOfTheWrongKindOrSize_data();
    void refusesFilesOfTheWrongKindOrSize();
    void refusesTextThatIsNotUtf8_data();
    void refusesTextThatIsNotUtf8();
    void boundsRowsAndDefects();
    void poolImportRefusesTextThatIsNotUtf8_data();
    void poolImportRefusesTextThatIsNotUtf8();
    void readsFilesWithinTheLimits();
    void unreadableFileStopsItsFollowOns();
    void repeatedHeaderRowIsNamed();
    void historyChecksAreBounded();
};

// What stands in place of one input file: /dev/zero (through a link), a FIFO, a folder, or a
// sparse regular file one byte over the limit.
void TestUntrustedFiles::refusesFilesOfTheWrongKindOrSize_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("file");     // the input file replaced, in the temporary folder
    QTest::addColumn<QString>("special");  // zero, fifo, folder, or oversize
    QTest::addColumn<qint64>("limit");     // for oversize
    QTest::addColumn<QString>("expected"); // a whole line of the error stream; @ is the folder

    const QString notAFile =
        QStringLiteral(": is not an ordinary file (a device, a pipe or a socket); FlickDesk reads only files "
                       "saved on a disk");
    const auto tooLarge = [](qint64 limit) {
        return QStringLiteral(": the file is larger than %1, the most FlickDesk reads from a file of this "
                              "kind; is it the right file?")
            .arg(core::describeFileLimit(limit));
    };
    const qint64 csvLimit = core::file_limits::csvFile;
    QTest::newRow("rate, events.csv is /dev/zero")
        << "rate"
        << "events.csv"
        << "zero" << csvLimit << QStringLiteral("@/events.csv") + notAFile;
    QTest::newRow("points, results.csv is /dev/zero")
        << "points"
        << "results.csv"
        << "zero" << csvLimit << QStringLiteral("@/results.csv") + notAFile;
    QTest::newRow("import-history, events.csv is /dev/zero")
        << "import-history"
        << "events.csv"
        << "zero" << csvLimit << QStringLiteral("@/events.csv") + notAFile;
    QTest::newRow("import-history, games.csv is a FIFO")
        << "import-history"
        << "games.csv"
        << "fifo" << csvLimit << QStringLiteral("@/games.csv") + notAFile;
    QTest::newRow("rate, games.csv is a folder")
        << "rate"
        << "games.csv"
        << "folder" << csvLimit << QStringLiteral("@/games.csv: is a folder, not a file");
    QTest::newRow("rate, params.json is /dev/zero")
        << "rate"
        << "params.json"
        << "zero" << csvLimit << QStringLiteral("@/params.json") + notAFile;
    QTest::newRow("import-event of /dev/zero")
        << "import-event"
        << "event.json"
        << "zero" << csvLimit
        << QStringLiteral("import-event: @/event.json") + notAFile + QStringLiteral("; nothing was imported");
    QTest::newRow("import-ratings of /dev/zero") << "import-ratings"
                                                 << "ratings.csv"
                                                 << "zero" << csvLimit
                                                 << QStringLiteral("import-ratings: @/ratings.csv") +
                                                        notAFile + QStringLiteral("; nothing was imported");
    QTest::newRow("acf, the players are /dev/zero")
        << "acf"
        << "players.csv"
        << "zero" << csvLimit << QStringLiteral("acf: @/players.csv") + notAFile;
    QTest::newRow("payout of /dev/zero") << "payout"
                                         << "field.csv"
                                         << "zero" << csvLimit << QStringLiteral("@/field.csv") + notAFile;

    QTest::newRow("rate, events.csv over the limit")
        << "rate"
        << "events.csv"
        << "oversize" << csvLimit << QStringLiteral("@/events.csv") + tooLarge(csvLimit);
    QTest::newRow("import-history, results.csv over the limit")
        << "import-history"
        << "results.csv"
        << "oversize" << csvLimit << QStringLiteral("@/results.csv") + tooLarge(csvLimit);
    const qint64 paramsLimit = core::file_limits::paramsFile;
    QTest::newRow("rate, params.json over the limit")
        << "rate"
        << "params.json"
        << "oversize" << paramsLimit << QStringLiteral("@/params.json") + tooLarge(paramsLimit);
    const qint64 eventLimit = core::file_limits::eventFile;
    QTest::newRow("import-event over the limit")
        << "import-event"
        << "event.json"
        << "oversize" << eventLimit
        << QStringLiteral("import-event: @/event.json") + tooLarge(eventLimit) +
               QStringLiteral("; nothing was imported");
    QTest::newRow("import-ratings over the limit")
        << "import-ratings"
        << "ratings.csv"
        << "oversize" << csvLimit
        << QStringLiteral("import-ratings: @/ratings.csv") + tooLarge(csvLimit) +
               QStringLiteral("; nothing was imported");
    QTest::newRow("kc, the games over the limit")
        << "kc"
        << "games.csv"
        << "oversize" << csvLimit << QStringLiteral("kc: @/games.csv") + tooLarge(csvLimit);
    QTest::newRow("squares, the players over the limit")
        << "squares"
        << "players.csv"
        << "oversize" << csvLimit << QStringLiteral("squares: @/players.csv") + tooLarge(csvLimit);
    QTest::newRow("payout over the limit")
        << "payout"
        << "field.csv"
        << "oversize" << csvLimit << QStringLiteral("@/field.csv") + tooLarge(csvLimit);
}

void TestUntrustedFiles::refusesFilesOfTheWrongKindOrSize()
{
    QFETCH(QString, kind);
    QFETCH(QString, file);
    QFETCH(QString, special);
    QFETCH(qint64, limit);
    QFETCH(QString, expected);
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QStringList args = prepare(kind, temp.path());
    QVERIFY(!args.isEmpty());
    const QString path = temp.filePath(file);
    QFile::remove(path);
    if (special == QLatin1String("zero")) {
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
    } else if (special == QLatin1String("fifo")) {
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (special == QLatin1String("folder")) {
        QVERIFY(QDir().mkdir(path));
    } else {
        QVERIFY(makeSparseFile(path, limit + 1));
    }

    const CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY2(hasLine(result.err, QString(expected).replace(u'@', temp.path())), qPrintable(result.err));
    QCOMPARE(storedEvents(temp.filePath(QStringLiteral("db.sqlite"))), 0);
}

// One line of a valid file spoiled.
void TestUntrustedFiles::refusesTextThatIsNotUtf8_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QByteArray>("replacement");
    QTest::addColumn<QString>("expected"); // a whole line of the error stream; @ is the folder

    const QString utf8 = QStringLiteral("): save the file as UTF-8");
    const QString bom = QStringLiteral(
        "contains a byte order mark (U+FEFF) at position 1, which belongs only at the very start of a file: "
        "save the file as UTF-8 again");
    // History: tests/data/reference/ttt/games
    QTest::newRow("events.csv, a Latin-1 letter")
        << "rate"
        << "events.csv" << 2 << QByteArray("1,2023-06-06,\xC9v\xE9nement 1,singles,NCA,competitive,2,1,12")
        << QStringLiteral("@/events.csv:2: name: is not valid UTF-8 text (byte 0xC9 at position 1") + utf8;
    QTest::newRow("events.csv, a byte order mark starting a row")
        << "rate"
        << "events.csv" << 3
        << QByteArray("\xEF\xBB\xBF"
                      "2,2023-07-19,Event 2,singles,NCA,competitive,1,1,8")
        << QStringLiteral("@/events.csv:3: event_id: ") + bom;
    QTest::newRow("events.csv, a control character")
        << "rate"
        << "events.csv" << 2 << QByteArray("1,2023-06-06,Event\x01 1,singles,NCA,competitive,2,1,12")
        << QStringLiteral("@/events.csv:2: name: contains a control character (U+0001) at position 6; only "
                          "tabs and, in a quoted field, line breaks are allowed");
    QTest::newRow("events.csv, a header not UTF-8")
        << "rate"
        << "events.csv" << 1 << QByteArray("event_id,date,n\xE4me,format,group,tour,tier,season,field_size")
        << QStringLiteral("@/events.csv:1: field 3: is not valid UTF-8 text (byte 0xE4 at position 2") + utf8;
    QTest::newRow("results.csv, a bad continuation byte")
        << "rate"
        << "results.csv" << 2
        << QByteArray("1,1,P0\xC3\x28"
                      "11,")
        << QStringLiteral("@/results.csv:2: player_id: is not valid UTF-8 text (byte 0xC3 at position 3") +
               utf8;
    QTest::newRow("results.csv, a surrogate")
        << "import-history"
        << "results.csv" << 2
        << QByteArray("1,1,P\xED\xA0\x80"
                      "011,")
        << QStringLiteral("@/results.csv:2: player_id: is not valid UTF-8 text (byte 0xED at position 2") +
               utf8;
    QTest::newRow("results.csv, above U+10FFFF")
        << "import-history"
        << "results.csv" << 2 << QByteArray("1,1,P011\xF4\x90\x80\x80,")
        << QStringLiteral("@/results.csv:2: player_id: is not valid UTF-8 text (byte 0xF4 at position 5") +
               utf8;
    QTest::newRow("results.csv, a Latin-1 id stored as U+FFFD before")
        << "import-history"
        << "results.csv" << 2
        << QByteArray("1,1,P\xE9"
                      "11,")
        << QStringLiteral("@/results.csv:2: player_id: is not valid UTF-8 text (byte 0xE9 at position 2") +
               utf8;
    QTest::newRow("results.csv, a field of 5000 bytes")
        << "import-history"
        << "results.csv" << 2 << QByteArray("1,1,") + QByteArray(5000, 'P') + ','
        << QStringLiteral("@/results.csv:2: player_id: the value is longer than 4096 bytes; no field of a "
                          "FlickDesk file is that long (is a closing quote missing?)");
    QTest::newRow("results.csv, a row of 2000 fields")
        << "rate"
        << "results.csv" << 2 << QByteArray("1,1,P011") + QByteArray(2000, ',')
        << QStringLiteral("@/results.csv:2: the row has more than 1024 fields");
    QTest::newRow("games.csv, an overlong form")
        << "rate"
        << "games.csv" << 2
        << QByteArray("7,1,P\xC0\xAF"
                      "000,P001,b")
        << QStringLiteral("@/games.csv:2: side_a: is not valid UTF-8 text (byte 0xC0 at position 2") + utf8;
    QTest::newRow("games.csv, a three-byte overlong form")
        << "rate"
        << "games.csv" << 3
        << QByteArray("7,2,P000,P0\xE0\x80\xAF"
                      "02,b")
        << QStringLiteral("@/games.csv:3: side_b: is not valid UTF-8 text (byte 0xE0 at position 3") + utf8;
    // The NCA rating list
    QTest::newRow("rating list, a byte order mark starting a row")
        << "import-ratings"
        << "ratings.csv" << 3
        << QByteArray("\xEF\xBB\xBF"
                      "746,Ben Brooks,26.0,1.5")
        << QStringLiteral("@/ratings.csv:3: player_id: ") + bom;
    QTest::newRow("rating list, a Latin-1 name")
        << "import-ratings"
        << "ratings.csv" << 2 << QByteArray("745,An\xE9n Archer,27.5,1.2")
        << QStringLiteral("@/ratings.csv:2: name: is not valid UTF-8 text (byte 0xE9 at position 3") + utf8;
    // ACF, Kings Cribbage and Squares: docs/examples
    QTest::newRow("acf players, a Latin-1 name")
        << "acf"
        << "players.csv" << 2 << QByteArray("101,Ann Arch\xE9r,2000,200,2090,60")
        << QStringLiteral("@/players.csv:2: name: is not valid UTF-8 text (byte 0xE9 at position 9") + utf8;
    QTest::newRow("acf games, a bad continuation byte")
        << "acf"
        << "games.csv" << 2 << QByteArray("Spring Open\xE2\x82,2025-03-01,round,1,101,103,1-0")
        << QStringLiteral("@/games.csv:2: event: is not valid UTF-8 text (byte 0xE2 at position 12") + utf8;
    QTest::newRow("kc players, an overlong form")
        << "kc"
        << "players.csv" << 2 << QByteArray("knight,Kim Knight\xC1\x81,1700,25,1700,12")
        << QStringLiteral("@/players.csv:2: name: is not valid UTF-8 text (byte 0xC1 at position 11") + utf8;
    QTest::newRow("kc games, a byte order mark starting a row")
        << "kc"
        << "games.csv" << 3 << QByteArray("\xEF\xBB\xBFg2,2026-03-01,lord,121,peasant,90,,,,")
        << QStringLiteral("@/games.csv:3: game: ") + bom;
    QTest::newRow("squares players, a Latin-1 name")
        << "squares"
        << "players.csv" << 2 << QByteArray("1,Ana Kova\xE7")
        << QStringLiteral("@/players.csv:2: name: is not valid UTF-8 text (byte 0xE7 at position 9") + utf8;
    QTest::newRow("squares games, a C1 control character")
        << "squares"
        << "games.csv" << 2
        << QByteArray("R1,1,1,Fran\xC2\x85"
                      "ce,18,")
        << QStringLiteral(
               "@/games.csv:2: power: contains a control character (U+0085) at position 5; was the "
               "file saved in another encoding than UTF-8?");
    // A payout preview's FIELD.csv
    QTest::newRow("payout field, a Latin-1 byte")
        << "payout"
        << "field.csv" << 3
        << QByteArray("26\xB7"
                      "0")
        << QStringLiteral("@/field.csv:3: mu: is not valid UTF-8 text (byte 0xB7 at position 3") + utf8;
}

void TestUntrustedFiles::refusesTextThatIsNotUtf8()
{
    QFETCH(QString, kind);
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QByteArray, replacement);
    QFETCH(QString, expected);
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QStringList args = prepare(kind, temp.path());
    QVERIFY(!args.isEmpty());
    QVERIFY(replaceLine(temp.filePath(file), line, replacement));

    const CliRun result = run(args);
    QVERIFY2(result.status == core::cli_exit::inputDefects, qPrintable(result.err));
    QVERIFY2(hasLine(result.err, QString(expected).replace(u'@', temp.path())), qPrintable(result.err));
    QCOMPARE(storedEvents(temp.filePath(QStringLiteral("db.sqlite"))), 0);
}

// A damaged file lists its first 1,000 defects and a note, and is read up to 4,000,000 rows: memory
// stays bounded however many rows are wrong.
void TestUntrustedFiles::boundsRowsAndDefects()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QStringList args = prepare(QStringLiteral("rate"), temp.path());
    QVERIFY(!args.isEmpty());
    const QString results = temp.filePath(QStringLiteral("results.csv"));
    const QString prefix = temp.path() + QStringLiteral("/results.csv:");
    const auto writeRows = [&results](int rows) {
        QByteArray text("event_id,place,player_id,team\n");
        text.reserve(32 + 2 * qsizetype(rows));
        for (int row = 0; row < rows; ++row)
            text.append("x\n");
        QFile file(results);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) == text.size();
    };

    QVERIFY(writeRows(1500));
    CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY2(hasLine(result.err, prefix + QStringLiteral("1001: the row has 1 fields, the header 4")),
             qPrintable(result.err.right(2000)));
    QVERIFY(hasLine(result.err,
                    prefix + QStringLiteral("1002: more than 1000 defects; the first 1000 are listed: "
                                            "correct them and read the files again")));
    QVERIFY(!result.err.contains(prefix + QStringLiteral("1003")));

    QVERIFY(writeRows(core::csv::mostRecords));
    result = run(args);
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY2(
        hasLine(result.err, prefix + QStringLiteral("4000001: the file has more than 4000000 rows; nothing "
                                                    "after this line was read")),
        qPrintable(result.err.right(2000)));
}

// A pool's import (Store::importPool, the window's Import CSV...): the same text rules, and
// nothing stored.
void TestUntrustedFiles::poolImportRefusesTextThatIsNotUtf8_data()
{
    QTest::addColumn<QByteArray>("players");
    QTest::addColumn<QByteArray>("games");
    QTest::addColumn<QString>("expected"); // the first defect's text

    const QByteArray players("player_id,name\n1,Ana Kovac\n2,Ben Walsh\n");
    const QByteArray games(
        "game,round,player_id,power,centres,eliminated_year\nR1,1,1,France,18,\nR1,1,2,England,9,\n");
    QTest::newRow("players, a Latin-1 name")
        << QByteArray("player_id,name\n1,Ana Kova\xE7\n2,Ben Walsh\n") << games
        << QStringLiteral(
               "players.csv line 2, field name: is not valid UTF-8 text (byte 0xE7 at position 9): "
               "save the file as UTF-8");
    QTest::newRow("games, a byte order mark starting a row")
        << players
        << QByteArray("game,round,player_id,power,centres,eliminated_year\nR1,1,1,France,18,\n"
                      "\xEF\xBB\xBFR1,1,2,England,9,\n")
        << QStringLiteral("games.csv line 3, field game: contains a byte order mark (U+FEFF) at position 1, "
                          "which belongs only at the very start of a file: save the file as UTF-8 again");
    QTest::newRow("games, a header not UTF-8")
        << players << QByteArray("game,round,player_id,p\xF6wer,centres,eliminated_year\nR1,1,1,France,18,\n")
        << QStringLiteral("games.csv line 1, field 4: is not valid UTF-8 text (byte 0xF6 at position 2): "
                          "save the file as UTF-8");
}

void TestUntrustedFiles::poolImportRefusesTextThatIsNotUtf8()
{
    QFETCH(QByteArray, players);
    QFETCH(QByteArray, games);
    QFETCH(QString, expected);
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    core::StoreOptions options;
    options.path = temp.filePath(QStringLiteral("pools.sqlite"));
    core::Store::OpenResult opened = core::Store::open(options);
    QVERIFY(opened.store);
    const qint64 pool = opened.store->createPool(core::SystemKind::Squares, QStringLiteral("Cup"));
    const core::PoolChange change = opened.store->importPool(pool, players, QStringLiteral("players.csv"),
                                                             games, QStringLiteral("games.csv"));
    QVERIFY(!change.ok());
    QCOMPARE(change.defects.front().text(), expected);
    QCOMPARE(change.playersAdded, 0);
    QCOMPARE(change.gamesAdded, 0);
}

// The same files unspoiled are read: the checks refuse only what is wrong.
void TestUntrustedFiles::readsFilesWithinTheLimits()
{
    for (const char* kind : {"rate", "import-history", "import-ratings", "acf", "kc", "squares", "payout"}) {
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QStringList args = prepare(QLatin1String(kind), temp.path());
        QVERIFY(!args.isEmpty());
        const CliRun result = run(args);
        QVERIFY2(result.status == core::cli_exit::ok, qPrintable(QLatin1String(kind) + u' ' + result.err));
    }
}

// A results.csv over the size limit: told first and alone, not after one "has 0 units" per event.
void TestUntrustedFiles::unreadableFileStopsItsFollowOns()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QStringList args = prepare(QStringLiteral("rate"), temp.path());
    QVERIFY(!args.isEmpty());
    const QString results = temp.filePath(QStringLiteral("results.csv"));
    QVERIFY(QFile::remove(results));
    QVERIFY(makeSparseFile(results, core::file_limits::csvFile + 1));
    const CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    const QStringList lines = result.err.split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 2, qPrintable(result.err));
    QVERIFY2(lines.first().startsWith(results + QStringLiteral(": the file is larger than 256 MiB")),
             qPrintable(result.err));
    QVERIFY2(lines.last().contains(QLatin1String(": 1 defect in ")), qPrintable(result.err));
}

// Two results files pasted one after the other: the second header is named as such, with its line,
// not judged as a row naming an event "event_id".
void TestUntrustedFiles::repeatedHeaderRowIsNamed()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QStringList args = prepare(QStringLiteral("rate"), temp.path());
    QVERIFY(!args.isEmpty());
    const QString results = temp.filePath(QStringLiteral("results.csv"));
    QByteArray text = readBytes(results);
    const qsizetype half = text.indexOf('\n', text.size() / 2) + 1;
    const int line = static_cast<int>(text.left(half).count('\n')) + 1;
    text.insert(half, "Event_ID,place,player_id,team\n"); // any case, as the header is read
    QVERIFY(writeFile(results, text));
    const CliRun result = run(args);
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    QVERIFY2(
        hasLine(result.err, results + QStringLiteral(":%1: the header row again (the header is on line 1); "
                                                     "a file has one header row: remove this line")
                                          .arg(line)),
        qPrintable(result.err));
    QVERIFY2(!result.err.contains(QLatin1String("no event")), qPrintable(result.err));
    QVERIFY2(result.err.contains(QLatin1String(": 1 defect in ")), qPrintable(result.err));
}

// The NCA history's results.csv pasted twice: each of its 6,707 rows is a player listed twice, a
// defect of the whole history's check, which is held to the 1,000 of the reading.
void TestUntrustedFiles::historyChecksAreBounded()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    for (const char* name : {"events.csv", "results.csv"})
        QVERIFY(copyFile(dataPath(QStringLiteral("nca-history/") + QLatin1String(name)),
                         temp.filePath(QLatin1String(name))));
    const QString results = temp.filePath(QStringLiteral("results.csv"));
    QByteArray text = readBytes(results);
    text += text.mid(text.indexOf('\n') + 1); // the rows again, without their header
    QVERIFY(writeFile(results, text));
    const CliRun result = run({QStringLiteral("rate"), temp.path()});
    QCOMPARE(result.status, core::cli_exit::inputDefects);
    const QStringList lines = result.err.split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 1002, qPrintable(QString::number(lines.size())));
    QVERIFY2(lines[1000].contains(QLatin1String(": more than 1000 defects; the first 1000 are listed")),
             qPrintable(lines[1000]));
    QVERIFY2(lines[1001].contains(QLatin1String("1001 defects")), qPrintable(lines[1001]));
}

QTEST_GUILESS_MAIN(TestUntrustedFiles)
#include "tst_untrustedfiles.moc"
