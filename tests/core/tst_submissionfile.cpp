// The submission file of one event (core/formats/eventexchange.h) as untrusted input: ids by the grammar of
// core/records/identifiers.h, repeated keys, invisible characters, over-long text and lists, a player listed
// twice where the database keeps one row per player, and the rules of events.csv, so that whatever
// `rate` would refuse of the exported history, import-event refuses. Each refused file goes through
// the real flickdesk-cli, is named by its JSON path (and line where the text shows it), exits 2 and
// leaves the database as it was. The files are in tests/data/submission (README.md there).
#include "../common/storefixtures.h"
#include "cli/cli.h"
#include "clitestsupport.h"
#include "core/formats/csvtable.h"
#include "core/formats/eventexchange.h"
#include "core/formats/strictjson.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

QString submissionPath(const QString& name)
{
    return dataPath(QStringLiteral("submission/") + name);
}

QString describeAll(const std::vector<engine::Defect>& defects)
{
    QString text;
    for (const engine::Defect& defect : defects)
        text += QString::fromStdString(engine::describe(defect)) + u'\n';
    return text;
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// valid.json with its event's `key` set to `value` and the checksum made to match.
QByteArray validWith(const QString& key, const QJsonValue& value)
{
    QJsonObject root =
        QJsonDocument::fromJson(readBytes(submissionPath(QStringLiteral("valid.json")))).object();
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    QJsonObject event = content.value(QStringLiteral("event")).toObject();
    event.insert(key, value);
    content.insert(QStringLiteral("event"), event);
    root.insert(QStringLiteral("content"), content);
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

// valid.json with its content changed by `edit` and the checksum made to match.
template <typename Edit> QByteArray validEdited(Edit edit)
{
    QJsonObject root =
        QJsonDocument::fromJson(readBytes(submissionPath(QStringLiteral("valid.json")))).object();
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    edit(content);
    root.insert(QStringLiteral("content"), content);
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

// valid-play.json (valid.json with a day of play) with content.play changed by `edit`, resealed.
template <typename Edit> QByteArray playEdited(Edit edit)
{
    QJsonObject root =
        QJsonDocument::fromJson(readBytes(submissionPath(QStringLiteral("valid-play.json")))).object();
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    QJsonObject play = content.value(QStringLiteral("play")).toObject();
    edit(play);
    content.insert(QStringLiteral("play"), play);
    root.insert(QStringLiteral("content"), content);
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

// Sets `key` of item `index` of the list `list` of `object`.
void setIn(QJsonObject& object, const QString& list, qsizetype index, const QString& key,
           const QJsonValue& value)
{
    QJsonArray items = object.value(list).toArray();
    QJsonObject item = items.at(index).toObject();
    item.insert(key, value);
    items.replace(index, item);
    object.insert(list, items);
}

// Sets `key` of unit `index` of content.field.
void setInField(QJsonObject& content, qsizetype index, const QString& key, const QJsonValue& value)
{
    QJsonArray field = content.value(QStringLiteral("field")).toArray();
    QJsonObject unit = field.at(index).toObject();
    unit.insert(key, value);
    field.replace(index, unit);
    content.insert(QStringLiteral("field"), field);
}

} // namespace

class TestSubmissionFile : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void acceptsValidFile_data();
    void acceptsValidFile();
    void refusesFile_data();
    void refusesFile();
    void refusesHugeId();
    void survivesDeepNesting();
    void boundsLists();
    void listsEveryStageInOnePass();
    void namesTiedUnitsByTheirPath();
    void boundsConsistencyDefects();
    void strictJson_data();
    void strictJson();
    void ratingListIds();
    void readsOlderIdsBack();
    void verifiesOlderFile();
    void importsPlay();
    void refusesPlay_data();
    void refusesPlay();

private:
    // A database holding the events of reference/ttt/tiny, copied for each case.
    QString database(const QTemporaryDir& temp) const;
    QTemporaryDir fixtures_;
};

void TestSubmissionFile::initTestCase()
{
    QVERIFY(fixtures_.isValid());
    const CliRun imported =
        run({QStringLiteral("import-history"), dataPath(QStringLiteral("reference/ttt/tiny")),
             QStringLiteral("--db"), fixtures_.filePath(QStringLiteral("base.sqlite"))});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
}

QString TestSubmissionFile::database(const QTemporaryDir& temp) const
{
    const QString path = temp.filePath(QStringLiteral("db.sqlite"));
    QFile::copy(fixtures_.filePath(QStringLiteral("base.sqlite")), path);
    return path;
}

void TestSubmissionFile::acceptsValidFile_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("valid") << QStringLiteral("valid.json");
    // A byte order mark before the document, as some editors save UTF-8, is accepted.
    QTest::newRow("byte order mark at the start") << QStringLiteral("valid-bom.json");
}

void TestSubmissionFile::acceptsValidFile()
{
    QFETCH(QString, file);
    QTemporaryDir temp;
    const QString db = database(temp);
    const CliRun imported =
        runProcess({QStringLiteral("import-event"), submissionPath(file), QStringLiteral("--db"), db});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    QVERIFY2(imported.err.contains(QLatin1String("event 175 added")), qPrintable(imported.err));
}

void TestSubmissionFile::refusesFile_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("where"); // what follows the file name: ":line: path" or ": path"
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const char* file, const char* where, const QString& message) {
        QTest::newRow(name) << QString::fromLatin1(file) << QString::fromLatin1(where) << message;
    };
    // 1. Lookalike ids: each would add event 175 a second time.
    row("space at the end", "id-space-at-end.json", ": content.event.id",
        QStringLiteral("the id '175 ' has a space at its end"));
    row("leading zero", "id-leading-zero.json", ": content.event.id",
        QStringLiteral("the id '0175' begins with 0"));
    row("tab", "id-tab.json", ":7: content.event.id", QStringLiteral("the text contains a tab"));
    row("line break", "id-line-break.json", ":7: content.event.id",
        QStringLiteral("the text contains a line break"));
    row("null character", "id-nul.json", ":7: content.event.id",
        QStringLiteral("the text contains a null character U+0000"));
    row("right-to-left mark", "id-right-to-left-mark.json", ":7: content.event.id",
        QStringLiteral("the text contains an invisible character U+200F"));
    row("quote", "id-quote.json", ": content.event.id",
        QStringLiteral("the id '175';DROP' contains a quote"));
    row("path", "id-path.json", ": content.event.id",
        QStringLiteral("the id '../../etc/passwd' contains the character '.'"));
    row("40 characters", "id-too-long.json", ": content.event.id",
        QStringLiteral("the id '%1' is 40 characters long; at most 32").arg(QString(40, u'E')));
    row("fullwidth digit", "player-id-fullwidth.json", ": content.field[0].players[0].id",
        QStringLiteral("the id '7\uFF146' contains the character '\uFF14' (U+FF14)"));
    // 2. Repeated keys: QJsonDocument keeps the last, and the checksum is of what it keeps.
    row("place twice", "duplicate-place.json", ":58: content.field[3].place",
        QStringLiteral("the key \"place\" appears twice"));
    row("content twice", "duplicate-content.json", ":6: content",
        QStringLiteral("the key \"content\" appears twice"));
    // 3. Qt drops a U+FEFF at the start of a string: "\ufeff746" would pass for "746".
    row("U+FEFF escaped", "feff-escaped.json", ":7: content.event.id",
        QStringLiteral("the text contains an invisible character U+FEFF"));
    row("U+FEFF raw", "feff-raw.json", ":27: content.field[0].players[0].id",
        QStringLiteral("the text contains an invisible character U+FEFF"));
    row("half a surrogate pair", "lone-surrogate.json", ":39: content.field[1].players[0].name",
        QStringLiteral("the text contains half of a UTF-16 surrogate pair, U+D800, without its other half"));
    // 4. What the database keeps once per player is checked first: a defect of the file, not exit 73.
    row("award player twice", "award-player-twice.json", ": content.award.awards[1].player_id",
        QStringLiteral("player 746 is listed twice (awards[0] and awards[1])"));
    row("rating player twice", "rating-player-twice.json", ": content.award.ratings[3].player_id",
        QStringLiteral("player 58 is listed twice (ratings[1] and ratings[3])"));
    row("unit twice", "unit-twice.json", ": content.field[1].unit", QStringLiteral("unit 1 is listed twice"));
    row("player twice in the field", "field-player-twice.json", ": content.field[3].players",
        QStringLiteral("player 746 is in the field twice"));
    row("game number twice", "game-number-twice.json", ": content.games[1].game",
        QStringLiteral("game 1 is listed twice"));
    row("player on both sides of a game", "game-player-twice.json", ": content.games[0].b",
        QStringLiteral("player 746 plays twice in this game"));
    // 5. What `rate` would refuse of the exported history.
    row("field size 1e9", "field-size-billion.json", ": content.event.field_size",
        QStringLiteral("event 175 has field_size 1000000000 but lists 4 units that began"));
    row("tour event without tier", "tier-missing.json", ": content.event.tier",
        QStringLiteral("an event of the competitive or recreational tour needs tier 1, 2 or 3"));
    row("player id with +", "player-id-plus.json", ": content.field[0].players[0].id",
        QStringLiteral("the id '7+46' contains the character '+'"));
    // 6. Every text is bounded.
    row("name of 201 characters", "name-too-long.json", ":9: content.event.name",
        QStringLiteral("the text is 201 characters long; at most 200"));
}

void TestSubmissionFile::refusesFile()
{
    QFETCH(QString, file);
    QFETCH(QString, where);
    QFETCH(QString, message);
    QTemporaryDir temp;
    const QString db = database(temp);
    const QString before = dumpTables(db);
    const QString path = submissionPath(file);
    const CliRun refused = runProcess({QStringLiteral("import-event"), path, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(path + where + QStringLiteral(": ") + message), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QLatin1String("nothing was imported")), qPrintable(refused.err));
    QCOMPARE(dumpTables(db), before);
}

void TestSubmissionFile::refusesHugeId()
{
    // A 10 MB event id: refused by its length, and the database does not grow.
    QTemporaryDir temp;
    const QString db = database(temp);
    const QString before = dumpTables(db);
    const qint64 size = QFileInfo(db).size();
    const QString file = temp.filePath(QStringLiteral("huge.json"));
    QVERIFY(writeBytes(file, validWith(QStringLiteral("id"), QString(10 * 1024 * 1024, u'7'))));
    const CliRun refused = runProcess({QStringLiteral("import-event"), file, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(
                 QLatin1String("content.event.id: the text is 10485760 characters long; at most 200")),
             qPrintable(refused.err.left(2000)));
    QVERIFY(refused.err.size() < 2000); // the id itself is not repeated back
    QCOMPARE(dumpTables(db), before);
    QCOMPARE(QFileInfo(db).size(), size);
}

void TestSubmissionFile::survivesDeepNesting()
{
    for (const int depth : {40, 5000}) {
        const QByteArray bytes = QByteArray(depth, '[') + QByteArray(depth, ']');
        const core::ParsedEventExchange parsed = core::parseEventExchange(bytes, QStringLiteral("deep.json"));
        QCOMPARE(parsed.defects.size(), std::size_t{1});
        QVERIFY(!parsed.defects.front().message.empty());
    }
    // Deeper than any FlickDesk file, though QJsonDocument would read it: the path says where.
    const auto problems =
        core::checkStrictJson(QByteArray("{\"a\":") + QByteArray(40, '[') + QByteArray(40, ']') + "}");
    QCOMPARE(problems.size(), std::size_t{1});
    QCOMPARE(problems.front().path, QStringLiteral("a[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]["
                                                   "0][0][0][0][0][0][0][0][0][0][0][0][0]"));
    QVERIFY(problems.front().message.contains(QLatin1String("nested deeper than 32 levels")));
}

void TestSubmissionFile::boundsLists()
{
    // 100,000 units at most: one more is refused at the list's path, before anything else is read.
    QJsonObject root =
        QJsonDocument::fromJson(readBytes(submissionPath(QStringLiteral("valid.json")))).object();
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    QJsonArray field;
    for (int i = 0; i < 100'001; ++i)
        field.append(QJsonObject{});
    content.insert(QStringLiteral("field"), field);
    root.insert(QStringLiteral("content"), content);
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    const core::ParsedEventExchange parsed = core::parseEventExchange(
        QJsonDocument(root).toJson(QJsonDocument::Compact), QStringLiteral("many.json"));
    QVERIFY2(parsed.defects.size() == 1, qPrintable(describeAll(parsed.defects).left(2000)));
    QCOMPARE(parsed.defects.front().field, std::string("content.field"));
    QCOMPARE(parsed.defects.front().message, std::string("the list has more than 100000 items"));
}

// A wrong field_size, a tie and a wrong tier in one file: all three in one reading, the tie named by
// the paths of its units, never by a "line 0".
void TestSubmissionFile::listsEveryStageInOnePass()
{
    QTemporaryDir temp;
    const QString db = database(temp);
    const QString before = dumpTables(db);
    const QString path = temp.filePath(QStringLiteral("stages.json"));
    QVERIFY(writeBytes(path, validEdited([](QJsonObject& content) {
                           QJsonObject event = content.value(QStringLiteral("event")).toObject();
                           event.insert(QStringLiteral("field_size"), 5);
                           event.insert(QStringLiteral("tier"), 7);
                           content.insert(QStringLiteral("event"), event);
                           setInField(content, 1, QStringLiteral("place"), 1); // 58 ties with 746
                       })));
    const CliRun refused = runProcess({QStringLiteral("import-event"), path, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(
        refused.err.contains(path + QStringLiteral(": content.event.field_size: event 175 has field_size 5 "
                                                   "but lists 4 units that began")),
        qPrintable(refused.err));
    QVERIFY2(refused.err.contains(path + QStringLiteral(": content.event.tier: 7 is not a tier")),
             qPrintable(refused.err));
    QVERIFY2(
        refused.err.contains(path + QStringLiteral(": content.field[0].place: event 175: place 1 is tied "
                                                   "between 746 (content.field[0]) and 58 "
                                                   "(content.field[1])")),
        qPrintable(refused.err));
    QVERIFY2(!refused.err.contains(QLatin1String("line 0")), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QLatin1String("3 defects")), qPrintable(refused.err));
    QCOMPARE(dumpTables(db), before);
}

// Units listed out of the order of their numbers: a tie names each unit where it is in the file.
void TestSubmissionFile::namesTiedUnitsByTheirPath()
{
    const QByteArray bytes = validEdited([](QJsonObject& content) {
        QJsonArray field = content.value(QStringLiteral("field")).toArray();
        QJsonArray reversed;
        for (qsizetype i = field.size() - 1; i >= 0; --i)
            reversed.append(field.at(i));
        content.insert(QStringLiteral("field"), reversed);
        setInField(content, 1, QStringLiteral("place"), 4); // unit 3 (12) ties with unit 4 (content.field[0])
    });
    const core::ParsedEventExchange parsed = core::parseEventExchange(bytes, QStringLiteral("e.json"));
    const QString all = describeAll(parsed.defects);
    QVERIFY2(parsed.defects.size() == 1, qPrintable(all));
    QCOMPARE(parsed.defects.front().source.line, 0);
    QVERIFY2(all.contains(QLatin1String("(content.field[1]) and ")) &&
                 all.contains(QLatin1String("(content.field[0])")),
             qPrintable(all));
    QVERIFY2(all.startsWith(QLatin1String("e.json: content.field[")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("].place: event 175: place 4 is tied")), qPrintable(all));
}

// Checks of the whole file are held to the 1,000 defects of every reader too.
void TestSubmissionFile::boundsConsistencyDefects()
{
    const QByteArray bytes = validEdited([](QJsonObject& content) {
        const QJsonArray field = content.value(QStringLiteral("field")).toArray();
        QJsonArray many;
        for (int i = 0; i < 3000; ++i)
            many.append(field.at(i % field.size())); // each unit and player again and again
        content.insert(QStringLiteral("field"), many);
    });
    const core::ParsedEventExchange parsed = core::parseEventExchange(bytes, QStringLiteral("many.json"));
    QCOMPARE(parsed.defects.size(), core::csv::mostDefects + 1);
    QVERIFY(parsed.defects.back().message.find("more than 1000 defects") == 0);
}

void TestSubmissionFile::strictJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message"); // empty: no problem
    QTest::newRow("plain") << QByteArray("{\"a\": [1, {\"b\": \"x\"}], \"c\": null}") << 0 << QString()
                           << QString();
    QTest::newRow("letters of any script")
        << QByteArray("{\"name\": \"Zo\xC3\xAB \xE5\xBC\xA0 \\u00e9 \\ud83d\\ude00\"}") << 0 << QString()
        << QString();
    QTest::newRow("joiners") << QByteArray("{\"name\": \"\\u200c\\u200d\"}") << 0 << QString() << QString();
    QTest::newRow("same key in two objects")
        << QByteArray("[{\"a\": 1}, {\"a\": 2}]") << 0 << QString() << QString();
    QTest::newRow("repeated key") << QByteArray("{\"x\": {\"a\": 1,\n \"a\": 2}}") << 2
                                  << QStringLiteral("x.a") << QStringLiteral("the key \"a\" appears twice");
    QTest::newRow("repeated key in a list")
        << QByteArray("{\"l\": [0, 1, {\"k\": 1, \"k\": 1}]}") << 1 << QStringLiteral("l[2].k")
        << QStringLiteral("the key \"k\" appears twice");
    QTest::newRow("keys that differ by U+FEFF")
        << QByteArray("{\"a\": 1, \"\\ufeffa\": 2}") << 1 << QStringLiteral("<U+FEFF>a")
        << QStringLiteral("the key contains an invisible character U+FEFF");
    QTest::newRow("zero-width space") << QByteArray("{\"a\": \"x\xE2\x80\x8B\"}") << 1 << QStringLiteral("a")
                                      << QStringLiteral("the text contains an invisible character U+200B");
    QTest::newRow("right-to-left override")
        << QByteArray("{\"a\": \"\\u202e\"}") << 1 << QStringLiteral("a")
        << QStringLiteral("the text contains an invisible character U+202E");
    QTest::newRow("escaped tab") << QByteArray("{\"a\": \"x\\ty\"}") << 1 << QStringLiteral("a")
                                 << QStringLiteral("the text contains a tab");
    QTest::newRow("not UTF-8") << QByteArray("{\"a\": \"\xC0\xAF\"}") << 1 << QStringLiteral("a")
                               << QStringLiteral("the text contains bytes that are not UTF-8 text");
    QTest::newRow("UTF-8 of a surrogate")
        << QByteArray("{\"a\": \"\xED\xA0\x80\"}") << 1 << QStringLiteral("a")
        << QStringLiteral("the text contains bytes that are not UTF-8 text");
    QTest::newRow("noncharacter") << QByteArray("{\"a\": \"\\uffff\"}") << 1 << QStringLiteral("a")
                                  << QStringLiteral("the text contains an invisible character U+FFFF");
    QTest::newRow("201 characters") << QByteArray("{\"a\": \"") + QByteArray(201, 'x') + "\"}" << 1
                                    << QStringLiteral("a")
                                    << QStringLiteral("the text is 201 characters long; at most 200");
    QTest::newRow("200 characters of two bytes")
        << QByteArray("{\"a\": \"") + QByteArray(200, 'x').replace("x", "\xC3\xA9") + "\"}" << 0 << QString()
        << QString();
}

void TestSubmissionFile::strictJson()
{
    QFETCH(QByteArray, json);
    QFETCH(int, line);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const std::vector<core::StrictJsonProblem> problems = core::checkStrictJson(json);
    if (message.isEmpty()) {
        QVERIFY2(problems.empty(), problems.empty() ? "" : qPrintable(problems.front().message));
        return;
    }
    QVERIFY2(problems.size() == 1, qPrintable(problems.back().path + u' ' + problems.back().message));
    QCOMPARE(problems.front().line, line);
    QCOMPARE(problems.front().path, path);
    QCOMPARE(problems.front().message, message);
}

void TestSubmissionFile::ratingListIds()
{
    const core::ParsedRatingList list = core::parseRatingList(
        "player_id,name,mu,sigma\n746,Ann,1.5,0.5\n\"746 \",Ann,1.5,0.5\n0746,Ann,1.5,0.5\n",
        QStringLiteral("list.csv"));
    QCOMPARE(list.entries.size(), std::size_t{1});
    QCOMPARE(
        describeAll(list.defects),
        QStringLiteral("list.csv:3: player_id: the id '746 ' has a space at its end\n"
                       "list.csv:4: player_id: the id '0746' begins with 0; a number has no leading zero\n"));
}

void TestSubmissionFile::readsOlderIdsBack()
{
    // A database may hold ids from before the grammar: they are listed, rated and exported as they
    // are; only a new file is held to it.
    QTemporaryDir temp;
    const QString db = database(temp);
    core::ParsedEventExchange parsed = core::parseEventExchange(
        readBytes(submissionPath(QStringLiteral("valid.json"))), QStringLiteral("valid.json"));
    QVERIFY(parsed.defects.empty());
    parsed.exchange.event.id = QStringLiteral("0175 ");
    {
        const std::unique_ptr<core::Store> store = openStore(db);
        QVERIFY(store);
        store->addEvent(parsed.exchange.event, parsed.exchange.players, parsed.exchange.award,
                        QStringLiteral("old"));
    }
    const CliRun events = run({QStringLiteral("events"), QStringLiteral("--db"), db});
    QCOMPARE(events.status, core::cli_exit::ok);
    QVERIFY2(events.out.contains(QLatin1String("0175 \t")), qPrintable(events.out));
    const CliRun rate = run({QStringLiteral("rate"), QStringLiteral("--db"), db});
    QVERIFY2(rate.status == core::cli_exit::ok, qPrintable(rate.err));
    const QString exported = temp.filePath(QStringLiteral("old.json"));
    const CliRun exportRun = run({QStringLiteral("export-event"), QStringLiteral("0175 "),
                                  QStringLiteral("-o"), exported, QStringLiteral("--db"), db});
    QVERIFY2(exportRun.status == core::cli_exit::ok, qPrintable(exportRun.err));
    // Into another database it is new input, and refused.
    QTemporaryDir other;
    const CliRun refused =
        run({QStringLiteral("import-event"), exported, QStringLiteral("--db"), database(other)});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(QLatin1String("content.event.id: the id '0175 ' has a space at its end")),
             qPrintable(refused.err));
}

void TestSubmissionFile::verifiesOlderFile()
{
    // valid.json was written before locations and the play: it still imports, and verify-event
    // reads it too. Its points were written by hand (40, 30, 20, 10 and an FSI of 0.8), not by the
    // award: each is named against what the lock in the file gives.
    QTemporaryDir temp;
    const QString file = submissionPath(QStringLiteral("valid.json"));
    const CliRun imported =
        run({QStringLiteral("import-event"), file, QStringLiteral("--db"), database(temp)});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    const CliRun verified = run({QStringLiteral("verify-event"), file});
    QCOMPARE(verified.status, 1);
    const QStringList lines = verified.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QVERIFY2(lines.at(0).startsWith(QLatin1String("award.fsi: the file says 0.8, its lock gives ")),
             qPrintable(verified.out));
    const QStringList players{QStringLiteral("746"), QStringLiteral("58"), QStringLiteral("12"),
                              QStringLiteral("9")};
    const QStringList written{QStringLiteral("40"), QStringLiteral("30"), QStringLiteral("20"),
                              QStringLiteral("10")};
    for (qsizetype i = 0; i < players.size(); ++i)
        QVERIFY2(lines.at(i + 1).startsWith(QStringLiteral("award.awards: player %1 (unit %2, place %2): "
                                                           "the file says %3 points")
                                                .arg(players.at(i))
                                                .arg(i + 1)
                                                .arg(written.at(i))),
                 qPrintable(verified.out));
    QVERIFY2(verified.err.contains(QLatin1String("event 175: 5 differences")), qPrintable(verified.err));
}

void TestSubmissionFile::importsPlay()
{
    // DECISIONS G8: the day of play comes in with the event, in the same import.
    QTemporaryDir temp;
    const QString db = database(temp);
    const CliRun imported =
        runProcess({QStringLiteral("import-event"), submissionPath(QStringLiteral("valid-play.json")),
                    QStringLiteral("--db"), db});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    const auto store = openStoppedStore(db, true);
    QVERIFY(store);
    const std::optional<core::PlaySetup> setup = store->playSetup(QStringLiteral("175"));
    QVERIFY(setup.has_value());
    QCOMPARE(setup->seed, std::uint64_t{18446744073709551557ULL});
    QCOMPARE(setup->format.stages.size(), std::size_t{1});
    QCOMPARE(store->playScores(QStringLiteral("175")).size(),
             std::size_t{5}); // the walkover is the play's own
    const engine::play::PlayInput input = store->playInput(QStringLiteral("175"), {});
    QCOMPARE(input.withdrawals.size(), std::size_t{1});
    QCOMPARE(input.handPlaces.size(), std::size_t{1});
    QCOMPARE(input.handPlaces.front().reason, std::string("the director's ruling"));
    QCOMPARE(input.shootOuts.size(), std::size_t{1});
}

void TestSubmissionFile::refusesPlay_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    const auto games = QStringLiteral("games");
    QTest::newRow("unit not in the field")
        << playEdited([&](QJsonObject& p) { setIn(p, games, 0, QStringLiteral("a"), 5); })
        << QStringLiteral("content.play.games[0].a")
        << QStringLiteral("unit 5 is not a unit of the field that began");
    QTest::newRow("unit in a shoot-out not in the field")
        << playEdited([](QJsonObject& p) {
               setIn(p, QStringLiteral("shoot_outs"), 0, QStringLiteral("order"), QJsonArray{2, 77});
           })
        << QStringLiteral("content.play.shoot_outs[0].order[1]")
        << QStringLiteral("unit 77 is not a unit of the field that began");
    QTest::newRow("seed as a number")
        << playEdited([](QJsonObject& p) { p.insert(QStringLiteral("seed"), 3.0); })
        << QStringLiteral("content.play.seed") << QStringLiteral("expected a string");
    QTest::newRow("seed beyond 64 bits") << playEdited([](QJsonObject& p) {
        p.insert(QStringLiteral("seed"), QStringLiteral("18446744073709551616"));
    }) << QStringLiteral("content.play.seed")
                                         << QStringLiteral("expected a whole number from 0 to");
    QTest::newRow("key of another round")
        << playEdited([&](QJsonObject& p) { setIn(p, games, 0, QStringLiteral("round"), 2); })
        << QStringLiteral("content.play.games[0].key")
        << QStringLiteral("the key s0.g0.r0.m0.n0 is not of stage 0, group 0, round 2 as the game says");
    QTest::newRow("game twice") << playEdited([&](QJsonObject& p) {
        setIn(p, games, 1, QStringLiteral("key"), QStringLiteral("s0.g0.r0.m0.n0"));
        setIn(p, games, 1, QStringLiteral("round"), 0);
    }) << QStringLiteral("content.play.games[1].key")
                                << QStringLiteral("listed twice (also at [0])");
    QTest::newRow("unknown state") << playEdited([&](QJsonObject& p) {
        setIn(p, games, 0, QStringLiteral("state"), QStringLiteral("won"));
    }) << QStringLiteral("content.play.games[0].state")
                                   << QStringLiteral("'won' is not one of scored, bye, walkover");
    QTest::newRow("scored game without side b")
        << playEdited([&](QJsonObject& p) { setIn(p, games, 0, QStringLiteral("b"), QJsonValue()); })
        << QStringLiteral("content.play.games[0].b") << QStringLiteral("only a bye has no side b");
    QTest::newRow("negative points") << playEdited([&](QJsonObject& p) {
        setIn(p, games, 0, QStringLiteral("points_a"), -6);
    }) << QStringLiteral("content.play.games[0].points_a")
                                     << QStringLiteral("expected a whole number 0 or above");
    QTest::newRow("withdrawal twice") << playEdited([](QJsonObject& p) {
        QJsonArray list = p.value(QStringLiteral("withdrawals")).toArray();
        list.append(list.at(0));
        p.insert(QStringLiteral("withdrawals"), list);
    }) << QStringLiteral("content.play.withdrawals[1].unit")
                                      << QStringLiteral("listed twice (also at [0])");
    QTest::newRow("unknown tie-break") << playEdited([](QJsonObject& p) {
        QJsonObject format = p.value(QStringLiteral("format")).toObject();
        QJsonArray stages = format.value(QStringLiteral("stages")).toArray();
        QJsonObject stage = stages.at(0).toObject();
        QJsonObject settings = stage.value(QStringLiteral("settings")).toObject();
        settings.insert(QStringLiteral("tieBreaks"),
                        QJsonArray{QStringLiteral("twenties"), QStringLiteral("coin")});
        stage.insert(QStringLiteral("settings"), settings);
        stages.replace(0, stage);
        format.insert(QStringLiteral("stages"), stages);
        p.insert(QStringLiteral("format"), format);
    }) << QStringLiteral("content.play.format.stages[0].settings.tieBreaks[1]")
                                       << QStringLiteral("expected one of twenties, mini-league, shoot-out");
    QTest::newRow("format the field cannot play")
        << playEdited([](QJsonObject& p) {
               QJsonObject format = p.value(QStringLiteral("format")).toObject();
               QJsonArray stages = format.value(QStringLiteral("stages")).toArray();
               QJsonObject stage = stages.at(0).toObject();
               stage.insert(QStringLiteral("groups"), 3);
               stages.replace(0, stage);
               format.insert(QStringLiteral("stages"), stages);
               p.insert(QStringLiteral("format"), format);
           })
        << QStringLiteral("content.play.format")
        << QStringLiteral("the format cannot be played by the 4 units that began");
    // DECISIONS G6: read (verify-event names it), but the database keeps a hand-set place only with its
    // reason.
    QTest::newRow("hand place without reason")
        << playEdited([](QJsonObject& p) {
               setIn(p, QStringLiteral("hand_places"), 0, QStringLiteral("reason"), QString());
           })
        << QStringLiteral("content.play.hand_places[0].reason")
        << QStringLiteral("the place 3 set by hand for unit 3 has no reason");
}

void TestSubmissionFile::refusesPlay()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, where);
    QFETCH(QString, message);
    QTemporaryDir temp;
    const QString db = database(temp);
    const QString before = dumpTables(db);
    const QString path = temp.filePath(QStringLiteral("play.json"));
    QVERIFY(writeBytes(path, bytes));
    const CliRun refused = run({QStringLiteral("import-event"), path, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(where + QStringLiteral(": ") + message), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QLatin1String("nothing was imported")), qPrintable(refused.err));
    QCOMPARE(dumpTables(db), before);
}

QTEST_MAIN(TestSubmissionFile)
#include "tst_submissionfile.moc"
