// A player's edits after they were added (core/store/storeplayers.cpp, issue 14): name and location,
// a local id that becomes the association's, the merge of a local player into another and its undo,
// each one transaction in the audit log; the event's location (schema 5, the migration of an older
// file); and the locations of the event and its players in the submission file.
#include "../common/storefixtures.h"
#include "core/formats/eventexchange.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace flickdesk;
using core::EntrantStatus;
using core::Store;
using core::StoreError;

namespace {

QStringList actions(Store& store)
{
    QStringList found;
    for (const core::AuditEntry& entry : store.auditLog())
        found.append(entry.action);
    return found;
}

// The message of the StoreError that `write` throws; empty when it throws none.
template <typename Write> QString refusal(Write&& write)
{
    try {
        write();
    } catch (const StoreError& error) {
        return error.message();
    }
    return {};
}

// An event with two players and a game between them.
struct SmallEvent {
    QString event;
    QString ann;
    QString bo;
};

SmallEvent smallEvent(Store& store)
{
    SmallEvent small;
    core::EventDraft draft = testing::draftOn(QStringLiteral("2026-01-10"));
    draft.location = QStringLiteral("Tavistock, ON");
    small.event = store.createEvent(draft);
    small.ann = store.addPlayer(QStringLiteral("Ann Smiht"), QStringLiteral("Guelph"));
    small.bo = store.addPlayer(QStringLiteral("Bo Lee"), QStringLiteral("Elora"), QStringLiteral("1001"));
    store.addEntrant(small.event, {small.ann}, EntrantStatus::Started);
    store.addEntrant(small.event, {small.bo}, EntrantStatus::Started);
    core::GameRecord game;
    game.sideA = {small.ann};
    game.sideB = {small.bo};
    store.setGames(small.event, {game});
    return small;
}

// A dumpTables text without the audit log, which an undo adds to, and the count of changes to the
// rated history (history_state), which an undo raises too.
QString withoutAudit(const QString& dump)
{
    QString kept;
    bool keep = true;
    for (const QString& line : dump.split(u'\n')) {
        if (line.startsWith(u'['))
            keep = line != QStringLiteral("[audit_log]") && line != QStringLiteral("[history_state]");
        if (keep)
            kept += line + u'\n';
    }
    return kept;
}

// DECISIONS P2: a finished event of two awarded as the award step stores it.
void awardTwo(Store& store, const QString& event, const QString& first, const QString& second,
              double firstPoints, double secondPoints)
{
    if (store.event(event)->status != core::EventStatus::Finished) {
        store.setStandings(event, {{1, 1}, {2, 2}});
        store.setEventStatus(event, core::EventStatus::Finished);
    }
    core::AwardRecord award;
    award.lockMonth = store.event(event)->date.left(7);
    award.fsi = 0.4;
    award.fdi = 0.125;
    award.awardedAt = QStringLiteral("2026-01-17T20:00:00Z");
    award.ratings = {{first, 1.25, 1.0}, {second, 0.5, 1.0}};
    award.awards = {{first, 1, firstPoints}, {second, 2, secondPoints}};
    store.award(event, award);
}

QByteArray withoutLocations(const QByteArray& file)
{
    QJsonObject root = QJsonDocument::fromJson(file).object();
    QJsonObject content = root.value(QStringLiteral("content")).toObject();
    QJsonObject event = content.value(QStringLiteral("event")).toObject();
    event.remove(QStringLiteral("location"));
    content.insert(QStringLiteral("event"), event);
    QJsonArray field;
    for (const QJsonValue& unitValue : content.value(QStringLiteral("field")).toArray()) {
        QJsonObject unit = unitValue.toObject();
        QJsonArray players;
        for (const QJsonValue& player : unit.value(QStringLiteral("players")).toArray()) {
            QJsonObject object = player.toObject();
            object.remove(QStringLiteral("location"));
            players.append(object);
        }
        unit.insert(QStringLiteral("players"), players);
        field.append(unit);
    }
    content.insert(QStringLiteral("field"), field);
    root.insert(QStringLiteral("content"), content);
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content));
    return QJsonDocument(root).toJson();
}

} // namespace

class TestStorePlayers : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void editsNameAndLocation();
    void localIdBecomesTheAssociations();
    void idChangeRefusals();
    void mergeMovesEntriesAndUndoes();
    void mergeRefusals();
    void awardSinceEndsTheUndo();
    void mergeAfterAwardKeepsEveryPoint();
    void idChangeAfterAwardKeepsEveryPoint();
    void eventLocationIsStoredAndChecked();
    void olderDatabaseGainsLocation();
    void submissionFileCarriesLocations();
    void olderSubmissionFileStillImports();
};

void TestStorePlayers::editsNameAndLocation()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    store->editPlayer(small.ann, QStringLiteral(" Ann Smith "), QStringLiteral("Elora"));
    QCOMPARE(store->player(small.ann)->name, QStringLiteral("Ann Smith"));
    QCOMPARE(store->player(small.ann)->location, QStringLiteral("Elora"));
    QCOMPARE(store->entrant(small.event, 1)->players.front().name, QStringLiteral("Ann Smith"));
    QCOMPARE(store->searchPlayers(QStringLiteral("smith")).size(), std::size_t(1));
    QVERIFY(store->searchPlayers(QStringLiteral("smiht")).empty());
    QCOMPARE(actions(*store).count(QStringLiteral("edit-player")), 1);
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM players WHERE name = 'Ann Smith'"), 1);
    // A name once given is not taken away; text a file could not carry is refused; nothing changes.
    QVERIFY(refusal([&] {
                store->editPlayer(small.ann, QStringLiteral("  "), {});
            }).contains(QStringLiteral("name")));
    QVERIFY(!refusal([&] { store->editPlayer(small.ann, QStringLiteral("Ann\tSmith"), {}); }).isEmpty());
    QVERIFY(
        !refusal([&] { store->editPlayer(small.ann, QStringLiteral("Ann"), QString(201, u'x')); }).isEmpty());
    QVERIFY(
        !refusal([&] { store->editPlayer(QStringLiteral("L999"), QStringLiteral("Nobody"), {}); }).isEmpty());
    QCOMPARE(store->player(small.ann)->name, QStringLiteral("Ann Smith"));
    QCOMPARE(actions(*store).count(QStringLiteral("edit-player")), 1);
}

void TestStorePlayers::localIdBecomesTheAssociations()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    QVERIFY(Store::isLocalPlayerId(small.ann));
    QVERIFY(!Store::isLocalPlayerId(small.bo));
    store->changePlayerId(small.ann, QStringLiteral("1748"));
    QVERIFY(!store->player(small.ann));
    const core::PlayerRecord moved = *store->player(QStringLiteral("1748"));
    QCOMPARE(moved.name, QStringLiteral("Ann Smiht"));
    QCOMPARE(moved.location, QStringLiteral("Guelph"));
    QCOMPARE(moved.associationId, QStringLiteral("1748"));
    QCOMPARE(store->entrant(small.event, 1)->playerIds(), QStringList{QStringLiteral("1748")});
    QCOMPARE(store->event(small.event)->games.front().sideA, QStringList{QStringLiteral("1748")});
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM game_players WHERE player_id = '1748'"), 1);
    QVERIFY(store->check().isEmpty());
    QVERIFY(actions(*store).contains(QStringLiteral("change-player-id")));
    QCOMPARE(store->searchPlayers(QStringLiteral("1748")).front().id, QStringLiteral("1748"));
    // The undo puts the local id back, with every reference.
    store->changePlayerId(QStringLiteral("1748"), small.ann, Store::PlayerIdChange::Undo);
    QCOMPARE(store->entrant(small.event, 1)->playerIds(), QStringList{small.ann});
    QCOMPARE(store->player(small.ann)->associationId, QString());
    QVERIFY(!store->player(QStringLiteral("1748")));
    QVERIFY(store->check().isEmpty());
}

void TestStorePlayers::idChangeRefusals()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    const QString before = testing::dumpTables(path);
    // An id that exists, that breaks the id grammar, a player who has the association's id already.
    QVERIFY(refusal([&] { store->changePlayerId(small.ann, small.bo); }).contains(QStringLiteral("merge")));
    QVERIFY(refusal([&] {
                store->changePlayerId(small.ann, QStringLiteral("0175"));
            }).contains(QStringLiteral("0")));
    QVERIFY(!refusal([&] { store->changePlayerId(small.ann, QStringLiteral("17 48")); }).isEmpty());
    QVERIFY(!refusal([&] { store->changePlayerId(small.bo, QStringLiteral("2002")); }).isEmpty());
    QCOMPARE(testing::dumpTables(path), before);
    // DECISIONS D1a: a lock that names the player no longer keeps the id: its row moves.
    store->importRatings({{small.ann, {}, 1.0, 0.5, 2}}, QStringLiteral("2026-01"), false,
                         QStringLiteral("list.csv"));
    store->changePlayerId(small.ann, QStringLiteral("1748"));
    const std::vector<core::LockedRating> moved = store->lockRatings(QStringLiteral("2026-01"));
    QCOMPARE(moved.size(), std::size_t(1));
    QCOMPARE(moved.front().playerId, QStringLiteral("1748"));
    QVERIFY(store->check().isEmpty());
}

void TestStorePlayers::mergeMovesEntriesAndUndoes()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    // The same person entered again as new at another event: a local player, later found to be Bo.
    const QString second = store->createEvent(testing::draftOn(QStringLiteral("2026-01-17")));
    const QString twice = store->addPlayer(QStringLiteral("Bo Lee"), {});
    const QString cy = store->addPlayer(QStringLiteral("Cy Park"), {});
    store->addEntrant(second, {twice}, EntrantStatus::Started);
    store->addEntrant(second, {cy}, EntrantStatus::Started);
    core::GameRecord game;
    game.sideA = {cy};
    game.sideB = {twice};
    store->setGames(second, {game});
    const QString before = testing::dumpTables(path, testing::RowOrder::Sorted);

    const core::PlayerMerge merge = store->mergePlayer(twice, small.bo);
    QVERIFY(!store->player(twice));
    QCOMPARE(store->entrant(second, 1)->playerIds(), QStringList{small.bo});
    QCOMPARE(store->event(second)->games.front().sideB, QStringList{small.bo});
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM entrant_players WHERE player_id = '1001'"), 2);
    QVERIFY(actions(*store).contains(QStringLiteral("merge-player")));
    QVERIFY(store->check().isEmpty());
    QCOMPARE(store->searchPlayers(QStringLiteral("bo lee")).size(), std::size_t(1));

    store->unmergePlayer(merge);
    QCOMPARE(store->entrant(second, 1)->playerIds(), QStringList{twice});
    QCOMPARE(store->entrant(small.event, 2)->playerIds(), QStringList{small.bo});
    QCOMPARE(store->event(second)->games.front().sideB, QStringList{twice});
    QVERIFY(store->check().isEmpty());
    // Everything but the audit log is as before the merge.
    QCOMPARE(withoutAudit(testing::dumpTables(path, testing::RowOrder::Sorted)), withoutAudit(before));
}

void TestStorePlayers::mergeRefusals()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    const QString other = store->addPlayer(QStringLiteral("Di Ng"), {});
    // Both in one event; into themselves; an association player merged away; an unknown player.
    QVERIFY(refusal([&] { store->mergePlayer(small.ann, small.bo); }).contains(small.event));
    QVERIFY(!refusal([&] { store->mergePlayer(small.ann, small.ann); }).isEmpty());
    QVERIFY(!refusal([&] { store->mergePlayer(small.bo, other); }).isEmpty());
    QVERIFY(!refusal([&] { store->mergePlayer(other, QStringLiteral("9999")); }).isEmpty());
    QVERIFY(store->player(small.ann) && store->player(other));
    QVERIFY(!actions(*store).contains(QStringLiteral("merge-player")));
}

void TestStorePlayers::awardSinceEndsTheUndo()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    const QString second = store->createEvent(testing::draftOn(QStringLiteral("2026-01-17")));
    const QString twice = store->addPlayer(QStringLiteral("Bo Lee"), {});
    const QString cy = store->addPlayer(QStringLiteral("Cy Park"), {});
    store->addEntrant(second, {twice}, EntrantStatus::Started);
    store->addEntrant(second, {cy}, EntrantStatus::Started);
    const core::PlayerMerge merge = store->mergePlayer(twice, small.bo);
    // DECISIONS P2, D1a: an award made since the merge froze points over the merged record: it
    // depends on the merge, which then stays.
    awardTwo(*store, second, small.bo, cy, 20.0, 10.0);
    const QString before = testing::dumpTables(path);
    QVERIFY(refusal([&] { store->unmergePlayer(merge); }).contains(second));
    QCOMPARE(testing::dumpTables(path), before);
    QVERIFY(!store->player(twice));
    // An id given since the award is undone as long as nothing newer names it.
    const core::PlayerMerge renamed = store->changePlayerId(cy, QStringLiteral("1750"));
    QVERIFY(renamed.renamed);
    QCOMPARE(store->currentAward(second)->awards.back().playerId, QStringLiteral("1750"));
    store->unmergePlayer(renamed);
    QCOMPARE(store->currentAward(second)->awards.back().playerId, cy);
    QCOMPARE(withoutAudit(testing::dumpTables(path)), withoutAudit(before));
    // An id entered in a new event since stays.
    const core::PlayerMerge again = store->changePlayerId(cy, QStringLiteral("1750"));
    const QString third = store->createEvent(testing::draftOn(QStringLiteral("2026-02-07")));
    store->addEntrant(third, {QStringLiteral("1750")}, EntrantStatus::Registered);
    QVERIFY(refusal([&] { store->unmergePlayer(again); }).contains(third));
    QVERIFY(store->player(QStringLiteral("1750")));
}

void TestStorePlayers::mergeAfterAwardKeepsEveryPoint()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    // Bo (1001) wins the first event; a week later the same Bo is entered as new (a local id),
    // finishes second and is awarded under it.
    store->setStandings(small.event, {{1, 2}, {2, 1}});
    store->setEventStatus(small.event, core::EventStatus::Finished);
    awardTwo(*store, small.event, small.bo, small.ann, 20.0, 9.4);
    const QString second = store->createEvent(testing::draftOn(QStringLiteral("2026-01-17")));
    const QString twice = store->addPlayer(QStringLiteral("Bo Lee"), {});
    const QString cy = store->addPlayer(QStringLiteral("Cy Park"), {});
    store->addEntrant(second, {cy}, EntrantStatus::Started);
    store->addEntrant(second, {twice}, EntrantStatus::Started);
    core::GameRecord game;
    game.sideA = {cy};
    game.sideB = {twice};
    store->setGames(second, {game});
    awardTwo(*store, second, cy, twice, 25.0, 11.8);
    // Both in the lock of February (a computed lock would be stale after the merge): Bo's row stays.
    store->importRatings(
        {{small.bo, {}, 2.0, 0.5, 2}, {twice, {}, 1.5, 0.6, 1}, {small.ann, {}, 1.0, 0.7, 1}},
        QStringLiteral("2026-02"), false, QStringLiteral("list.csv"));
    const QString dumpBefore = testing::dumpTables(path, testing::RowOrder::Sorted);
    const core::AwardRecord firstBefore = *store->currentAward(small.event);
    const core::AwardRecord secondBefore = *store->currentAward(second);

    const core::PlayerMerge merge = store->mergePlayer(twice, small.bo);
    QVERIFY(!store->player(twice));
    QVERIFY(store->check().isEmpty());
    // DECISIONS D1a: no point, FSI or FDI changes; the award names Bo by his own id.
    QVERIFY(store->currentAward(small.event)->sameContent(firstBefore));
    core::AwardRecord expected = secondBefore;
    for (core::PlayerAward& award : expected.awards)
        award.playerId = award.playerId == twice ? small.bo : award.playerId;
    for (core::LockedRating& rating : expected.ratings)
        rating.playerId = rating.playerId == twice ? small.bo : rating.playerId;
    const core::AwardRecord secondAfter = *store->currentAward(second);
    QVERIFY(secondAfter.sameContent(expected));
    QCOMPARE(secondAfter.fsi, secondBefore.fsi);
    QCOMPARE(secondAfter.fdi, secondBefore.fdi);
    // Bo's record is both events: 20.0 + 11.8 under 1001, nothing left under the local id.
    QCOMPARE(
        testing::queryInteger(path, "SELECT round(sum(points) * 10) FROM awards WHERE player_id = '1001'"),
        318);
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM award_ratings WHERE player_id = '1001'"), 2);
    QCOMPARE(store->entrant(second, 2)->playerIds(), QStringList{small.bo});
    QCOMPARE(store->event(second)->games.front().sideB, QStringList{small.bo});
    {
        // Each lock is read whole: the merged player's rating where theirs moved, one local id left.
        const std::vector<core::LockedRating> february = store->lockRatings(QStringLiteral("2026-02"));
        const auto merged = std::find_if(february.begin(), february.end(),
                                         [](const core::LockedRating& r) { return r.playerId == u"1001"; });
        QVERIFY(merged != february.end());
        QCOMPARE(merged->mu, 2.0);
        int local = 0;
        core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
        core::sqlite::Statement months(db, "SELECT month FROM locks");
        while (months.step()) {
            for (const core::LockedRating& r : store->lockRatings(months.text(0)))
                local += r.playerId.startsWith(u'L') ? 1 : 0;
        }
        QCOMPARE(local, 1);
    }
    QCOMPARE(merge.droppedLocks.size(), std::size_t(1));
    // Audited with the events and awards it touched.
    const core::AuditEntry last = store->auditLog().back();
    QCOMPARE(last.action, QStringLiteral("merge-player"));
    const QJsonObject details = QJsonDocument::fromJson(last.details.toUtf8()).object();
    QCOMPARE(details.value(QStringLiteral("events")).toArray(), QJsonArray{second});
    QCOMPARE(details.value(QStringLiteral("awards")).toArray(), QJsonArray{second + QStringLiteral("/1")});
    QCOMPARE(details.value(QStringLiteral("into")).toString(), small.bo);

    // Undone while nothing newer depends on it: every row as before, the audit log apart.
    store->unmergePlayer(merge);
    QVERIFY(store->check().isEmpty());
    QCOMPARE(withoutAudit(testing::dumpTables(path, testing::RowOrder::Sorted)), withoutAudit(dumpBefore));
    QVERIFY(actions(*store).contains(QStringLiteral("unmerge-player")));

    // DECISIONS D1a: two players of one awarded event are refused, naming it; nothing changes.
    const QString dump = testing::dumpTables(path);
    QVERIFY(refusal([&] { store->mergePlayer(twice, cy); }).contains(second));
    QCOMPARE(testing::dumpTables(path), dump);
}

void TestStorePlayers::idChangeAfterAwardKeepsEveryPoint()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("players.sqlite"));
    const auto store = testing::openStoppedStore(path);
    const SmallEvent small = smallEvent(*store);
    store->setStandings(small.event, {{1, 1}, {2, 2}});
    store->setEventStatus(small.event, core::EventStatus::Finished);
    awardTwo(*store, small.event, small.ann, small.bo, 20.0, 9.4);
    store->setSetting(Store::earlierRecreationalChampionsKey(), QJsonArray{small.ann});
    const core::AwardRecord before = *store->currentAward(small.event);

    const core::PlayerMerge change = store->changePlayerId(small.ann, QStringLiteral("1748"));
    const core::AwardRecord after = *store->currentAward(small.event);
    QCOMPARE(after.awards.front().playerId, QStringLiteral("1748"));
    QCOMPARE(after.awards.front().points, before.awards.front().points);
    QCOMPARE(after.fsi, before.fsi);
    QCOMPARE(after.fdi, before.fdi);
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM award_ratings WHERE player_id = '1748'"), 1);
    QCOMPARE(store->setting(Store::earlierRecreationalChampionsKey()).toArray(),
             QJsonArray{QStringLiteral("1748")});
    QVERIFY(store->check().isEmpty());
    // The awards stay frozen: the triggers lifted for the rename are back, word for word.
    QCOMPARE(testing::queryInteger(
                 path, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%frozen%' "
                       "AND sql LIKE '%RAISE(ABORT%'"),
             6);
    const core::AuditEntry last = store->auditLog().back();
    QCOMPARE(last.action, QStringLiteral("change-player-id"));
    QVERIFY(last.details.contains(small.event + QStringLiteral("/1")));

    store->unmergePlayer(change);
    QVERIFY(store->currentAward(small.event)->sameContent(before));
    QCOMPARE(store->setting(Store::earlierRecreationalChampionsKey()).toArray(), QJsonArray{small.ann});
    QVERIFY(!store->player(QStringLiteral("1748")));
    QVERIFY(store->check().isEmpty());
}

void TestStorePlayers::eventLocationIsStoredAndChecked()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(temp.filePath(QStringLiteral("events.sqlite")));
    core::EventDraft draft = testing::draftOn(QStringLiteral("2026-02-07"));
    draft.location = QStringLiteral("  Tavistock, ON ");
    const QString id = store->createEvent(draft);
    QCOMPARE(store->event(id)->location, QStringLiteral("Tavistock, ON"));
    QCOMPARE(core::EventDraft::of(*store->event(id)).location, QStringLiteral("Tavistock, ON"));
    draft.location = QStringLiteral("Elora, ON");
    store->updateEvent(id, draft);
    QCOMPARE(store->event(id)->location, QStringLiteral("Elora, ON"));
    draft.location = QStringLiteral("Elora\nON");
    QVERIFY(refusal([&] { store->updateEvent(id, draft); }).contains(QStringLiteral("location")));
    draft.location = QString(201, u'x');
    QVERIFY(refusal([&] { store->createEvent(draft); }).contains(QStringLiteral("200")));
    QCOMPARE(store->event(id)->location, QStringLiteral("Elora, ON"));
    QCOMPARE(store->eventCount(), 1);
}

void TestStorePlayers::olderDatabaseGainsLocation()
{
    QTemporaryDir temp;
    const QString path = temp.filePath(QStringLiteral("v4.sqlite"));
    QString event;
    {
        core::StoreOptions options;
        options.path = path;
        options.schemaVersion = 4;
        const auto store = Store::open(options).store;
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), 4);
        event = store->createEvent(testing::draftOn(QStringLiteral("2025-11-08")));
        QVERIFY(store->check().isEmpty());
    }
    {
        // Read-only, a version 4 file reads without its location.
        core::StoreOptions options;
        options.path = path;
        options.readOnly = true;
        const auto reader = Store::open(options).store;
        QVERIFY(reader);
        QCOMPARE(reader->schemaVersion(), 4);
        QCOMPARE(reader->event(event)->location, QString());
    }
    const auto upgraded = testing::openStoppedStore(path);
    QCOMPARE(upgraded->schemaVersion(), Store::latestSchemaVersion);
    QCOMPARE(Store::latestSchemaVersion, 10);
    QVERIFY(!upgraded->backupsMade().isEmpty()); // the backup made before the migration
    QCOMPARE(upgraded->event(event)->location, QString());
    QVERIFY2(upgraded->check().isEmpty(), qPrintable(upgraded->check().join(u'\n')));
    core::EventDraft draft = core::EventDraft::of(*upgraded->event(event));
    draft.location = QStringLiteral("Tavistock, ON");
    upgraded->updateEvent(event, draft);
    QCOMPARE(upgraded->event(event)->location, QStringLiteral("Tavistock, ON"));
}

void TestStorePlayers::submissionFileCarriesLocations()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(temp.filePath(QStringLiteral("desk.sqlite")));
    const SmallEvent small = smallEvent(*store);
    const QByteArray file = core::serializeEventExchange(core::exchangeOfEvent(*store, small.event));
    const core::ParsedEventExchange parsed = core::parseEventExchange(file, QStringLiteral("event.json"));
    QVERIFY(parsed.defects.empty());
    QCOMPARE(parsed.exchange.event.location, QStringLiteral("Tavistock, ON"));
    QCOMPARE(parsed.exchange.players.front().location, QStringLiteral("Guelph"));

    // Another desk takes the event and the new player's location.
    const auto other = testing::openStoppedStore(temp.filePath(QStringLiteral("other.sqlite")));
    core::EventImportResult result = core::importEventExchange(*other, file, QStringLiteral("event.json"));
    QCOMPARE(result.outcome, core::EventImportResult::Outcome::Added);
    QVERIFY(result.notes.isEmpty());
    QCOMPARE(other->event(small.event)->location, QStringLiteral("Tavistock, ON"));
    QCOMPARE(other->player(small.ann)->location, QStringLiteral("Guelph"));

    // A desk that knows a player from elsewhere keeps its location and says so.
    const auto third = testing::openStoppedStore(temp.filePath(QStringLiteral("third.sqlite")));
    third->addPlayer(QStringLiteral("Bo Lee"), QStringLiteral("Kitchener"), QStringLiteral("1001"));
    third->restorePlayer({small.ann, QStringLiteral("Ann Smiht"), {}, {}});
    result = core::importEventExchange(*third, file, QStringLiteral("event.json"));
    QCOMPARE(result.outcome, core::EventImportResult::Outcome::Added);
    QCOMPARE(third->player(QStringLiteral("1001"))->location, QStringLiteral("Kitchener"));
    QCOMPARE(third->player(small.ann)->location, QStringLiteral("Guelph")); // a missing one is filled in
    QCOMPARE(result.notes.size(), 1);
    QVERIFY(result.notes.front().contains(QStringLiteral("Kitchener")));

    // A location with a control character is refused by its place in the file.
    QByteArray bad = file;
    bad.replace("\"Tavistock, ON\"", "\"Tavistock,\\tON\"");
    QJsonObject root = QJsonDocument::fromJson(bad).object();
    root.insert(QStringLiteral("sha256"),
                core::contentChecksum(root.value(QStringLiteral("content")).toObject()));
    const core::ParsedEventExchange refused =
        core::parseEventExchange(QJsonDocument(root).toJson(), QStringLiteral("bad.json"));
    QVERIFY(!refused.defects.empty());
    QCOMPARE(QString::fromStdString(refused.defects.front().field), QStringLiteral("content.event.location"));
}

void TestStorePlayers::olderSubmissionFileStillImports()
{
    QTemporaryDir temp;
    const auto store = testing::openStoppedStore(temp.filePath(QStringLiteral("desk.sqlite")));
    const SmallEvent small = smallEvent(*store);
    const QByteArray file =
        withoutLocations(core::serializeEventExchange(core::exchangeOfEvent(*store, small.event)));
    QVERIFY(!file.contains("location"));
    const auto other = testing::openStoppedStore(temp.filePath(QStringLiteral("other.sqlite")));
    const core::EventImportResult result =
        core::importEventExchange(*other, file, QStringLiteral("old.json"));
    QCOMPARE(result.outcome, core::EventImportResult::Outcome::Added);
    QCOMPARE(other->event(small.event)->location, QString());
    QCOMPARE(other->player(small.ann)->location, QString());
}

QTEST_MAIN(TestStorePlayers)
#include "tst_storeplayers.moc"
