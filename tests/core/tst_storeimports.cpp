// What an import means for the database, through the real flickdesk-cli and the Store on real
// SQLite files: the same event under another id is refused (it would count twice in the Tour
// standings), local player ids of two desks never meet, an import never merges two people,
// re-importing a file whose rows are in another order changes nothing, a history folder's
// params.json changes the stored parameters only when asked to, and a defect of a file is a defect
// (exit status 2), never a failed write, with nothing of the import written.
#include "../common/storefixtures.h"
#include "clitestsupport.h"
#include "core/awards/awarding.h"
#include "core/awards/tourpoints.h"
#include "cli/cli.h"
#include "core/formats/eventexchange.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <functional>

using namespace flickdesk;
using namespace flickdesk::testing;

namespace {

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

// A database with the NCA history of tests/data.
void importNca(const QString& database)
{
    const CliRun imported =
        run({QStringLiteral("import-history"), ncaHistoryDir(), QStringLiteral("--db"), database});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
}

// Awards `eventId` through the store, as the window does: Tour points from its month's lock.
void awardEvent(const QString& database, const QString& eventId)
{
    const auto store = openStore(database);
    QVERIFY(store);
    const core::HistoryFolder folder = store->loadHistory();
    const core::TourPoints points = core::computeTourPoints(
        folder, {}, [&eventId](const core::EventInfo& info) { return info.eventId == eventId; }, {}, 1);
    QVERIFY(points.defects.empty());
    QCOMPARE(points.events.size(), std::size_t{1});
    store->award(eventId, core::awardRecordOf(folder, points.events.front(), points.locks));
}

void exportEvent(const QString& database, const QString& eventId, const QString& json)
{
    const CliRun exported = run({QStringLiteral("export-event"), eventId, QStringLiteral("-o"), json,
                                 QStringLiteral("--db"), database});
    QVERIFY2(exported.status == core::cli_exit::ok, qPrintable(exported.err));
}

// A copy of the submission file `from` at `to` with its content changed by `edit` and its checksum
// computed again, as the exchange format defines it (eventexchange.h): a file that is genuine.
void rewriteContent(const QString& from, const QString& to, const std::function<void(QJsonObject&)>& edit)
{
    QJsonObject root = QJsonDocument::fromJson(readBytes(from)).object();
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    edit(content);
    root.insert(QStringLiteral("content"), content);
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    writeBytes(to, QJsonDocument(root).toJson(QJsonDocument::Indented));
}

// content.<object>.<key> = value
void setIn(QJsonObject& content, const char* object, const char* key, const QJsonValue& value)
{
    QJsonObject inner = content.value(QLatin1String(object)).toObject();
    inner.insert(QLatin1String(key), value);
    content.insert(QLatin1String(object), inner);
}

QJsonArray reversed(const QJsonArray& array)
{
    QJsonArray result;
    for (qsizetype i = array.size() - 1; i >= 0; --i)
        result.append(array.at(i));
    return result;
}

// content.award.<list> changed by `edit`
void editAwardList(QJsonObject& content, const char* list, const std::function<QJsonArray(QJsonArray)>& edit)
{
    QJsonObject award = content.value(QStringLiteral("award")).toObject();
    award.insert(QLatin1String(list), edit(award.value(QLatin1String(list)).toArray()));
    content.insert(QStringLiteral("award"), award);
}

// The Competitive Tour standings of season 9 (that of WCC Singles 2016, event 175) from a database.
QString season9Standings(const QString& database)
{
    const CliRun standings =
        run({QStringLiteral("standings"), QStringLiteral("--db"), database, QStringLiteral("--season"),
             QStringLiteral("9"), QStringLiteral("--division"), QStringLiteral("competitive")});
    return standings.status == core::cli_exit::ok ? standings.out : QString();
}

// The folder `to` with the NCA history's events and results and the given params.json.
void ncaFolderWithParameters(const QString& to, const QByteArray& params)
{
    QVERIFY(QDir().mkpath(to));
    for (const QString& name : {QStringLiteral("events.csv"), QStringLiteral("results.csv")})
        QVERIFY(QFile::copy(QDir(ncaHistoryDir()).filePath(name), QDir(to).filePath(name)));
    writeBytes(QDir(to).filePath(QStringLiteral("params.json")), params);
}

// A finished club event of a desk: its new player against an association player.
core::EventRecord clubNight(const QString& id, const QString& date, const QString& newPlayer,
                            const QString& other)
{
    core::EventRecord event;
    event.id = id;
    event.date = date;
    event.name = QStringLiteral("Club night");
    event.group = QStringLiteral("NCA");
    event.status = core::EventStatus::Finished;
    event.units = {{1, core::EntrantStatus::Started, 1, {newPlayer}},
                   {2, core::EntrantStatus::Started, 2, {other}}};
    return event;
}

bool hasAudit(core::Store& store, const QString& action, const QString& detail)
{
    const std::vector<core::AuditEntry> log = store.auditLog();
    return std::any_of(log.begin(), log.end(), [&](const core::AuditEntry& entry) {
        return entry.action == action && entry.details.contains(detail);
    });
}

} // namespace

class TestStoreImports : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void lookalikeEventIsRefused_data();
    void lookalikeEventIsRefused();
    void lookalikeInHistoryFolder();
    void reimportInAnotherOrderIsUnchanged();
    void localIdsOfTwoDesksStayApart();
    void eventsOfTwoDesksStayApart();
    void olderLocalIdsStay();
    void importNeverMergesTwoPeople();
    void missingNameIsFilledAndLogged();
    void parametersChangeOnlyWhenAccepted();
    void firstParametersOfEmptyDatabase();
    void fileDefectsAreNeverFailedWrites_data();
    void fileDefectsAreNeverFailedWrites();
    void storeRefusesWhatSqliteWould_data();
    void storeRefusesWhatSqliteWould();

private:
    QTemporaryDir m_temp;
    QString m_nca;     // the NCA history with event 175 awarded
    QString m_awarded; // event 175 exported from it
};

void TestStoreImports::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_temp.isValid());
    m_nca = m_temp.filePath(QStringLiteral("nca.sqlite"));
    importNca(m_nca);
    awardEvent(m_nca, QStringLiteral("175"));
    m_awarded = m_temp.filePath(QStringLiteral("175.json"));
    exportEvent(m_nca, QStringLiteral("175"), m_awarded);
}

void TestStoreImports::lookalikeEventIsRefused_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("date");
    QTest::addColumn<bool>("refused");
    // Event 175 sent again under another id: refused, however the id and the name's case differ.
    QTest::newRow("another number") << QStringLiteral("1175") << QString() << QString() << true;
    QTest::newRow("a local id") << QStringLiteral("L9-175") << QString() << QString() << true;
    QTest::newRow("name in capitals")
        << QStringLiteral("1175") << QStringLiteral("WCC  SINGLES 2016") << QString() << true;
    // The same players on another day are another event.
    QTest::newRow("another date") << QStringLiteral("1175") << QString() << QStringLiteral("2016-06-05")
                                  << false;
}

void TestStoreImports::lookalikeEventIsRefused()
{
    QFETCH(QString, id);
    QFETCH(QString, name);
    QFETCH(QString, date);
    QFETCH(bool, refused);
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("nca.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    const QString standingsBefore = season9Standings(db);
    QVERIFY(!standingsBefore.isEmpty());
    const QString before = dumpTables(db);

    const QString lookalike = temp.filePath(QStringLiteral("lookalike.json"));
    rewriteContent(m_awarded, lookalike, [&](QJsonObject& content) {
        setIn(content, "event", "id", id);
        if (!name.isEmpty())
            setIn(content, "event", "name", name);
        if (!date.isEmpty())
            setIn(content, "event", "date", date);
    });
    const CliRun imported =
        runProcess({QStringLiteral("import-event"), lookalike, QStringLiteral("--db"), db});
    if (!refused) {
        QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
        return;
    }
    QCOMPARE(imported.status, core::cli_exit::inputDefects);
    QVERIFY2(
        imported.err.contains(QStringLiteral("%1: content.event.id: this is event 175 (WCC Singles 2016, "
                                             "2016-06-04) already in the database under id 175")
                                  .arg(lookalike)),
        qPrintable(imported.err));
    QVERIFY(imported.err.contains(QLatin1String("nothing was imported")));
    QCOMPARE(dumpTables(db), before);
    QCOMPARE(season9Standings(db), standingsBefore);
}

void TestStoreImports::lookalikeInHistoryFolder()
{
    QTemporaryDir temp;
    const QString json = temp.filePath(QStringLiteral("event.json"));
    exportEvent(m_nca, QStringLiteral("175"), json);
    const QDir exported(core::historyFolderFor(json));
    const QByteArray events = readBytes(exported.filePath(QStringLiteral("events.csv")));
    const QByteArray results = readBytes(exported.filePath(QStringLiteral("results.csv")));
    // The rows (without the header) with event id 1175 in place of 175.
    const auto renamed = [](const QByteArray& csv) {
        QByteArray rows;
        const QList<QByteArray> lines = csv.split('\n');
        for (qsizetype i = 1; i < lines.size(); ++i) {
            if (!lines[i].isEmpty())
                rows += (lines[i].startsWith("175,") ? "1" + lines[i] : lines[i]) + '\n';
        }
        return rows;
    };
    const QByteArray renamedEvents = renamed(events);
    const QByteArray renamedResults = renamed(results);
    QVERIFY(renamedEvents.startsWith("1175,2016-06-04,WCC Singles 2016,"));
    QVERIFY(!renamedResults.contains("\n175,"));

    // The event under another id, into the database that holds it: refused, naming the stored id.
    const QString db = temp.filePath(QStringLiteral("nca.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    // Standings store the monthly locks they computed (docs/monthly-locks.md): asked first, so that
    // the dump below holds them and the refused import must leave it as it is.
    const QString standingsBefore = season9Standings(db);
    const QString before = dumpTables(db);
    const QString renamedFolder = temp.filePath(QStringLiteral("renamed"));
    QVERIFY(QDir().mkpath(renamedFolder));
    writeBytes(QDir(renamedFolder).filePath(QStringLiteral("events.csv")),
               events.left(events.indexOf('\n') + 1) + renamedEvents);
    writeBytes(QDir(renamedFolder).filePath(QStringLiteral("results.csv")),
               results.left(results.indexOf('\n') + 1) + renamedResults);
    const CliRun again =
        runProcess({QStringLiteral("import-history"), renamedFolder, QStringLiteral("--db"), db});
    QCOMPARE(again.status, core::cli_exit::inputDefects);
    QVERIFY2(again.err.contains(
                 QStringLiteral("renamed/events.csv:2: event_id: this is event 175 (WCC Singles 2016, "
                                "2016-06-04) already in the database under id 175")),
             qPrintable(again.err));
    QCOMPARE(dumpTables(db), before);
    QCOMPARE(season9Standings(db), standingsBefore);

    // Both ids in one folder, into a new database: the second is refused, naming the first.
    const QString both = temp.filePath(QStringLiteral("both"));
    QVERIFY(QDir().mkpath(both));
    writeBytes(QDir(both).filePath(QStringLiteral("events.csv")), events + renamedEvents);
    writeBytes(QDir(both).filePath(QStringLiteral("results.csv")), results + renamedResults);
    const QString fresh = temp.filePath(QStringLiteral("fresh.sqlite"));
    const CliRun twice = run({QStringLiteral("import-history"), both, QStringLiteral("--db"), fresh});
    QCOMPARE(twice.status, core::cli_exit::inputDefects);
    QVERIFY2(
        twice.err.contains(QStringLiteral("both/events.csv:3: event_id: this is event 175 (WCC Singles 2016, "
                                          "2016-06-04) of line 2 again under another id")),
        qPrintable(twice.err));
    QVERIFY(twice.err.contains(QLatin1String("in 1 event: 1175; nothing was imported")));
    const auto store = openStore(fresh);
    QVERIFY(store);
    QCOMPARE(store->eventCount(), 0);
}

void TestStoreImports::reimportInAnotherOrderIsUnchanged()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("second.sqlite"));
    const CliRun first = run({QStringLiteral("import-event"), m_awarded, QStringLiteral("--db"), db});
    QVERIFY2(first.status == core::cli_exit::ok, qPrintable(first.err));
    const QString before = dumpTables(db);

    // The locked ratings, the awards and the field listed backwards: the same event and award.
    const QString shuffled = temp.filePath(QStringLiteral("shuffled.json"));
    rewriteContent(m_awarded, shuffled, [](QJsonObject& content) {
        editAwardList(content, "ratings", reversed);
        editAwardList(content, "awards", reversed);
        content.insert(QStringLiteral("field"), reversed(content.value(QStringLiteral("field")).toArray()));
    });
    QVERIFY(readBytes(shuffled) != readBytes(m_awarded));
    const CliRun again = run({QStringLiteral("import-event"), shuffled, QStringLiteral("--db"), db});
    QVERIFY2(again.status == core::cli_exit::ok, qPrintable(again.err));
    QVERIFY2(again.err.contains(QLatin1String("event 175 is in the database already, unchanged")),
             qPrintable(again.err));
    QCOMPARE(dumpTables(db), before);

    // Another award in that order is still another award.
    const QString changed = temp.filePath(QStringLiteral("changed.json"));
    rewriteContent(shuffled, changed, [](QJsonObject& content) {
        editAwardList(content, "awards", [](QJsonArray awards) {
            QJsonObject last = awards.last().toObject();
            last.insert(QStringLiteral("points"), last.value(QStringLiteral("points")).toDouble() + 0.1);
            awards.replace(awards.size() - 1, last);
            return awards;
        });
    });
    const CliRun refused = run({QStringLiteral("import-event"), changed, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(QLatin1String("other content or another award")), qPrintable(refused.err));
    QCOMPARE(dumpTables(db), before);
}

void TestStoreImports::localIdsOfTwoDesksStayApart()
{
    QTemporaryDir temp;
    // Two desks each add a new player and run a club night with them; the NCA imports both files.
    struct Desk {
        QString database;
        QString player;
        QString json;
    };
    Desk desks[] = {{temp.filePath(QStringLiteral("alice-desk.sqlite")), QStringLiteral("Alice Archer"), {}},
                    {temp.filePath(QStringLiteral("bob-desk.sqlite")), QStringLiteral("Bob Baker"), {}}};
    QStringList ids;
    int n = 0;
    for (Desk& desk : desks) {
        ++n;
        const QString eventId = QStringLiteral("90000%1").arg(n);
        {
            const auto store = openStore(desk.database);
            QVERIFY(store);
            const QString id = store->addPlayer(desk.player, QStringLiteral("Tavistock"));
            QVERIFY2(QRegularExpression(QStringLiteral("^L[2-9A-HJKMNP-Z]{4}-1$")).match(id).hasMatch(),
                     qPrintable(id));
            ids.append(id);
            store->addEvent(
                clubNight(eventId, QStringLiteral("2025-03-0%1").arg(n), id, QStringLiteral("10%1").arg(n)),
                {{id, desk.player, {}, {}}});
        }
        desk.json = temp.filePath(QStringLiteral("%1.json").arg(eventId));
        exportEvent(desk.database, eventId, desk.json);
    }
    QVERIFY2(ids[0] != ids[1], qPrintable(ids.join(u' ')));

    const QString nca = temp.filePath(QStringLiteral("nca.sqlite"));
    for (const Desk& desk : desks) {
        const CliRun imported =
            runProcess({QStringLiteral("import-event"), desk.json, QStringLiteral("--db"), nca});
        QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    }
    const auto store = openStore(nca);
    QVERIFY(store);
    QCOMPARE(store->player(ids[0])->name, QStringLiteral("Alice Archer"));
    QCOMPARE(store->player(ids[1])->name, QStringLiteral("Bob Baker"));
    QCOMPARE(store->event(QStringLiteral("900002"))->units.front().playerIds, QStringList{ids[1]});
}

void TestStoreImports::eventsOfTwoDesksStayApart()
{
    QTemporaryDir temp;
    // Two desks each create their first event on the event day (a local id, no association id yet),
    // with one new player and one player of the NCA's each; the NCA imports both submission files.
    const QString names[] = {QStringLiteral("Alice Archer"), QStringLiteral("Bob Baker")};
    QStringList events;
    QStringList files;
    for (int n = 0; n < 2; ++n) {
        const QString database = temp.filePath(QStringLiteral("desk%1.sqlite").arg(n));
        QString event;
        {
            const auto store = openStore(database);
            QVERIFY(store);
            event = store->createEvent(draftOn(QStringLiteral("2025-03-0%1").arg(n + 1)));
            const QString newcomer = store->addPlayer(names[n], QStringLiteral("Tavistock"));
            const QString known =
                store->addPlayer(QStringLiteral("Known %1").arg(n), {}, QStringLiteral("10%1").arg(n));
            store->addEntrant(event, {newcomer}, core::EntrantStatus::Started);
            store->addEntrant(event, {known}, core::EntrantStatus::Started);
            store->setStandings(event, {{1, 1}, {2, 2}});
            store->setEventStatus(event, core::EventStatus::Finished);
        }
        events.append(event);
        files.append(temp.filePath(QStringLiteral("desk%1.json").arg(n)));
        exportEvent(database, event, files.last());
    }
    QVERIFY2(events[0] != events[1], qPrintable(events.join(u' ')));

    const QString nca = temp.filePath(QStringLiteral("nca.sqlite"));
    for (const QString& file : files) {
        const CliRun imported =
            runProcess({QStringLiteral("import-event"), file, QStringLiteral("--db"), nca});
        QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    }
    const auto store = openStore(nca);
    QVERIFY(store);
    QCOMPARE(store->eventCount(), 2);
    for (int n = 0; n < 2; ++n) {
        const auto event = store->event(events[n]);
        QVERIFY(event);
        QCOMPARE(event->date, QStringLiteral("2025-03-0%1").arg(n + 1));
        QCOMPARE(store->player(event->units.front().playerIds.front())->name, names[n]);
    }
}

void TestStoreImports::olderLocalIdsStay()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("older.sqlite"));
    QString tag;
    {
        const auto store = openStore(db);
        QVERIFY(store);
        store->restorePlayer({QStringLiteral("L1"), QStringLiteral("Old Timer"), {}, {}}); // before desk tags
        QVERIFY(store->deskTag().isEmpty());
        const QString id = store->addPlayer(QStringLiteral("New Comer"), {});
        tag = store->deskTag();
        QCOMPARE(id, QStringLiteral("L%1-1").arg(tag));
        QCOMPARE(store->player(QStringLiteral("L1"))->name, QStringLiteral("Old Timer"));
    }
    // The tag is the database's: the same after it is opened again.
    const auto store = openStore(db);
    QVERIFY(store);
    QCOMPARE(store->deskTag(), tag);
    QCOMPARE(store->addPlayer(QStringLiteral("Next One"), {}), QStringLiteral("L%1-2").arg(tag));
    QVERIFY(store->check().isEmpty());
}

void TestStoreImports::importNeverMergesTwoPeople()
{
    QTemporaryDir temp;
    // A desk from before desk tags calls its new player L1, as the NCA's database calls another.
    const QString desk = temp.filePath(QStringLiteral("desk.sqlite"));
    {
        const auto store = openStore(desk);
        QVERIFY(store);
        store->restorePlayer({QStringLiteral("L1"), QStringLiteral("Alice Archer"), {}, {}});
        store->addEvent(clubNight(QStringLiteral("900001"), QStringLiteral("2025-03-01"),
                                  QStringLiteral("L1"), QStringLiteral("101")),
                        {});
    }
    const QString json = temp.filePath(QStringLiteral("club.json"));
    exportEvent(desk, QStringLiteral("900001"), json);

    const QString nca = temp.filePath(QStringLiteral("nca.sqlite"));
    const QString list = temp.filePath(QStringLiteral("list.csv"));
    writeBytes(list, "player_id,name,mu,sigma\nL1,Bob Baker,0.5,1.5\n");
    QCOMPARE(run({QStringLiteral("import-ratings"), list, QStringLiteral("--month"),
                  QStringLiteral("2025-01"), QStringLiteral("--db"), nca})
                 .status,
             core::cli_exit::ok);
    const QString before = dumpTables(nca);

    const CliRun imported = runProcess({QStringLiteral("import-event"), json, QStringLiteral("--db"), nca});
    QCOMPARE(imported.status, core::cli_exit::inputDefects);
    QVERIFY2(imported.err.contains(
                 QStringLiteral("%1: content.field[0].players[0].name: player L1 is 'Alice Archer' "
                                "here but 'Bob Baker' in the database")
                     .arg(json)),
             qPrintable(imported.err));
    QCOMPARE(dumpTables(nca), before);

    // A rating list naming L1 otherwise is refused the same way, line and field named.
    const QString other = temp.filePath(QStringLiteral("other.csv"));
    writeBytes(other, "player_id,name,mu,sigma\n101,,0.1,1.0\nL1,alice archer,0.5,1.5\n");
    const CliRun ratings = run({QStringLiteral("import-ratings"), other, QStringLiteral("--month"),
                                QStringLiteral("2025-02"), QStringLiteral("--db"), nca});
    QCOMPARE(ratings.status, core::cli_exit::inputDefects);
    QVERIFY2(ratings.err.contains(
                 QStringLiteral("%1:3: name: player L1 is 'alice archer' here but 'Bob Baker'").arg(other)),
             qPrintable(ratings.err));
    QCOMPARE(dumpTables(nca), before);

    // The same name in another case or spacing is the same person.
    writeBytes(other, "player_id,name,mu,sigma\nL1,bob  BAKER,0.5,1.5\n");
    QCOMPARE(run({QStringLiteral("import-ratings"), other, QStringLiteral("--month"),
                  QStringLiteral("2025-02"), QStringLiteral("--db"), nca})
                 .status,
             core::cli_exit::ok);
}

void TestStoreImports::missingNameIsFilledAndLogged()
{
    QTemporaryDir temp;
    const QString desk = temp.filePath(QStringLiteral("desk.sqlite"));
    {
        const auto store = openStore(desk);
        QVERIFY(store);
        store->addEvent(clubNight(QStringLiteral("900001"), QStringLiteral("2025-03-01"),
                                  QStringLiteral("555"), QStringLiteral("101")),
                        {{QStringLiteral("555"), QStringLiteral("Cleo Carter"), {}, {}}});
    }
    const QString json = temp.filePath(QStringLiteral("club.json"));
    exportEvent(desk, QStringLiteral("900001"), json);

    // The NCA's database knows 555 without a name (its history has none): the file's name is stored,
    // and the audit log says where it came from.
    const QString nca = temp.filePath(QStringLiteral("nca.sqlite"));
    const QString list = temp.filePath(QStringLiteral("list.csv"));
    writeBytes(list, "player_id,name,mu,sigma\n555,,0.5,1.5\n");
    QCOMPARE(run({QStringLiteral("import-ratings"), list, QStringLiteral("--month"),
                  QStringLiteral("2025-01"), QStringLiteral("--db"), nca})
                 .status,
             core::cli_exit::ok);
    const CliRun imported = run({QStringLiteral("import-event"), json, QStringLiteral("--db"), nca});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    const auto store = openStore(nca);
    QVERIFY(store);
    QCOMPARE(store->player(QStringLiteral("555"))->name, QStringLiteral("Cleo Carter"));
    QVERIFY(hasAudit(*store, QStringLiteral("name-player"), QStringLiteral("\"player\":\"555\"")));
    QVERIFY(hasAudit(*store, QStringLiteral("name-player"), QStringLiteral("club.json")));
}

void TestStoreImports::parametersChangeOnlyWhenAccepted()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("nca.sqlite"));
    QVERIFY(QFile::copy(m_nca, db));
    const QString standingsBefore = season9Standings(db);
    const QString before = dumpTables(db);

    // The NCA history again (no new event) with parameters of its own: refused, saying what to do.
    const QString folder = temp.filePath(QStringLiteral("with-params"));
    ncaFolderWithParameters(folder, "{\"beta\": 9.0, \"p_draw\": 0.2}\n");
    const CliRun refused = runProcess({QStringLiteral("import-history"), folder, QStringLiteral("--db"), db});
    QCOMPARE(refused.status, core::cli_exit::inputDefects);
    QVERIFY2(refused.err.contains(
                 QStringLiteral("with-params/params.json: its FlickSkill parameters differ from the "
                                "database's (beta 9 here, the default in the database")),
             qPrintable(refused.err));
    QVERIFY(refused.err.contains(QLatin1String("--accept-parameters")));
    QVERIFY(refused.err.contains(QLatin1String("nothing was imported")));
    QCOMPARE(dumpTables(db), before);
    QCOMPARE(season9Standings(db), standingsBefore);

    // Accepted explicitly: no event added, the parameters stored and the change logged.
    const CliRun accepted = run({QStringLiteral("import-history"), folder,
                                 QStringLiteral("--accept-parameters"), QStringLiteral("--db"), db});
    QVERIFY2(accepted.status == core::cli_exit::ok, qPrintable(accepted.err));
    QVERIFY2(accepted.err.contains(QLatin1String("0 events added (153 already there, unchanged)")),
             qPrintable(accepted.err));
    QVERIFY(accepted.err.contains(QLatin1String("the folder's FlickSkill parameters")));
    {
        const auto store = openStore(db);
        QVERIFY(store);
        QCOMPARE(store->flickSkillParameters().beta, std::optional<double>(9.0));
        QVERIFY(hasAudit(*store, QStringLiteral("set-parameters"), QStringLiteral("\"beta\":9")));
    }
    QVERIFY(season9Standings(db) != standingsBefore);

    // The same parameters again are no change: imported without the option, nothing logged.
    const QString afterAccept = dumpTables(db);
    const CliRun same = run({QStringLiteral("import-history"), folder, QStringLiteral("--db"), db});
    QVERIFY2(same.status == core::cli_exit::ok, qPrintable(same.err));
    QCOMPARE(dumpTables(db), afterAccept);
}

void TestStoreImports::firstParametersOfEmptyDatabase()
{
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("games.sqlite"));
    const CliRun imported =
        run({QStringLiteral("import-history"), dataPath(QStringLiteral("reference/ttt/games")),
             QStringLiteral("--db"), db});
    QVERIFY2(imported.status == core::cli_exit::ok, qPrintable(imported.err));
    const auto store = openStore(db);
    QVERIFY(store);
    QCOMPARE(store->flickSkillParameters().drawProbabilityGame, std::optional<double>(0.1));
    QVERIFY(hasAudit(*store, QStringLiteral("set-parameters"), QStringLiteral("\"p_draw_game\":0.1")));
}

void TestStoreImports::fileDefectsAreNeverFailedWrites_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("path");
    // An award that lists a player twice: the database's keys would refuse the second row.
    QTest::newRow("a locked rating twice")
        << QStringLiteral("ratings") << QStringLiteral("content.award.ratings");
    QTest::newRow("an award twice") << QStringLiteral("awards") << QStringLiteral("content.award.awards");
}

void TestStoreImports::fileDefectsAreNeverFailedWrites()
{
    QFETCH(QString, list);
    QFETCH(QString, path);
    QTemporaryDir temp;
    const QString twice = temp.filePath(QStringLiteral("twice.json"));
    const QByteArray key = list.toLatin1();
    rewriteContent(m_awarded, twice, [&](QJsonObject& content) {
        editAwardList(content, key.constData(), [](QJsonArray rows) {
            rows.append(rows.first());
            return rows;
        });
    });
    // Into a database without event 175 (one with it would only find it changed).
    const QString other = temp.filePath(QStringLiteral("other.sqlite"));
    QVERIFY(openStore(other));
    const QString otherBefore = dumpTables(other);
    const CliRun imported =
        runProcess({QStringLiteral("import-event"), twice, QStringLiteral("--db"), other});
    QCOMPARE(imported.status, core::cli_exit::inputDefects);
    QVERIFY2(imported.err.contains(twice + QStringLiteral(": ") + path), qPrintable(imported.err));
    QVERIFY(imported.err.contains(QLatin1String("nothing was imported")));
    QCOMPARE(dumpTables(other), otherBefore);

    // The window's import: the same defect, nothing written.
    const auto store = openStore(other);
    QVERIFY(store);
    const core::EventImportResult result = core::importEventExchange(*store, readBytes(twice), twice);
    QCOMPARE(result.outcome, core::EventImportResult::Outcome::Refused);
    QVERIFY(!result.defects.empty());
    QCOMPARE(store->eventCount(), 0);
}

void TestStoreImports::storeRefusesWhatSqliteWould_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("message");
    QTest::newRow("unit twice") << QStringLiteral("unit twice") << QStringLiteral("unit 1 is listed twice");
    QTest::newRow("player twice") << QStringLiteral("player twice")
                                  << QStringLiteral("player 'A' is in the field twice");
    QTest::newRow("three partners") << QStringLiteral("three partners")
                                    << QStringLiteral("unit 1 has more than two players");
    QTest::newRow("game outside field") << QStringLiteral("game outside field")
                                        << QStringLiteral("game 1 names player Z, who is not in the field");
    QTest::newRow("rating twice") << QStringLiteral("rating twice")
                                  << QStringLiteral("the award's ratings list player A twice");
    QTest::newRow("award outside field")
        << QStringLiteral("award outside field")
        << QStringLiteral("the award's awards name player Z, who is not in the field");
    QTest::newRow("lookalike") << QStringLiteral("lookalike")
                               << QStringLiteral("this is event 1 (Event 1, 2023-06-03)");
}

// The store itself refuses (StoreError::Refused, not Failed) what its keys and checks would, and
// writes nothing: whoever calls addEvent.
void TestStoreImports::storeRefusesWhatSqliteWould()
{
    QFETCH(QString, change);
    QFETCH(QString, message);
    QTemporaryDir temp;
    const QString db = temp.filePath(QStringLiteral("tiny.sqlite"));
    const auto store = openStore(db);
    QVERIFY(store);
    QVERIFY(store->importHistory(dataPath(QStringLiteral("reference/ttt/tiny"))).ok());
    const QString before = dumpTables(db);

    core::EventRecord event = *store->event(QStringLiteral("1"));
    event.id = QStringLiteral("900001");
    std::optional<core::AwardRecord> award;
    if (change == QLatin1String("unit twice"))
        event.units[1].number = 1;
    else if (change == QLatin1String("player twice"))
        event.units[1].playerIds = {QStringLiteral("A")};
    else if (change == QLatin1String("three partners"))
        event.units[0].playerIds = {QStringLiteral("A"), QStringLiteral("X"), QStringLiteral("Y")};
    else if (change == QLatin1String("game outside field"))
        event.games = {{1, {QStringLiteral("A")}, {QStringLiteral("Z")}, engine::GameOutcome::WinA}};
    if (change == QLatin1String("lookalike")) {
        // Event 1 itself under another id.
    } else if (change != QLatin1String("unit twice") && change != QLatin1String("player twice") &&
               change != QLatin1String("three partners") && change != QLatin1String("game outside field")) {
        event.date = QStringLiteral("2025-03-01"); // not a lookalike: only the award is wrong
        event.status = core::EventStatus::Awarded;
        core::AwardRecord a;
        a.lockMonth = QStringLiteral("2025-03");
        a.ratings = {{QStringLiteral("A"), 0.0, 1.0}, {QStringLiteral("A"), 0.0, 1.0}};
        a.awards = {{QStringLiteral("A"), 1, 10.0}};
        if (change == QLatin1String("award outside field")) {
            a.ratings.pop_back();
            a.awards.push_back({QStringLiteral("Z"), 2, 5.0});
        }
        award = a;
    }
    try {
        store->addEvent(event, {}, award, QStringLiteral("club.json"));
        QFAIL("stored");
    } catch (const core::StoreError& error) {
        QCOMPARE(error.kind(), core::StoreError::Kind::Refused);
        QVERIFY2(error.message().contains(message), qPrintable(error.message()));
        QVERIFY2(error.message().startsWith(QLatin1String("club.json: ")), qPrintable(error.message()));
    }
    QCOMPARE(dumpTables(db), before);
}

QTEST_MAIN(TestStoreImports)
#include "tst_storeimports.moc"
