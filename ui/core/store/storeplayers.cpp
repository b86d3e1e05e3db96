// The FlickDesk database (core/store/store.h): a player's edits after they were added (issue 14): a
// misspelt name, a new location, the association's id for a local player, and the merge of a local
// player into the player they turned out to be, before or after an award (DECISIONS D1a). One
// transaction each, logged in the audit log with the events and awards it touched.

#include "core/store/lockblob.h"
#include "core/store/storeprivate.h"

namespace flickdesk::core {

namespace {

// DECISIONS D1: the local ids FlickDesk gives ("L7KQX-3"; "L1" before desk tags).
bool isLocalId(const QString& id)
{
    static const QRegularExpression pattern(QStringLiteral("^L(?:[0-9A-Z]{4}-)?[1-9][0-9]*$"));
    return pattern.match(id).hasMatch();
}

QString shown(const QString& name)
{
    return name.isEmpty() ? tr("no name") : name;
}

PlayerRecord requirePlayer(sqlite::Database& db, const QString& playerId)
{
    sqlite::Statement select(db, "SELECT id, name, association_id, location FROM players WHERE id = ?");
    select.bind(1, playerId);
    if (!select.step())
        refuse(tr("There is no player %1.").arg(playerId));
    return {select.text(0), select.text(1), select.text(2), select.text(3)};
}

QStringList eventsOf(sqlite::Database& db, const QString& playerId)
{
    QStringList events;
    sqlite::Statement select(db, R"sql(
        SELECT event_id FROM entrant_players WHERE player_id = ?1
        UNION SELECT event_id FROM awards WHERE player_id = ?1
        UNION SELECT event_id FROM award_ratings WHERE player_id = ?1 ORDER BY 1)sql");
    select.bind(1, playerId);
    while (select.step())
        events.append(select.text(0));
    return events;
}

// "event/revision" of every award that names the player (its points or its locked ratings).
QStringList awardsNaming(sqlite::Database& db, const QString& playerId)
{
    QStringList awards;
    sqlite::Statement select(db, R"sql(
        SELECT event_id, revision FROM awards WHERE player_id = ?1
        UNION SELECT event_id, revision FROM award_ratings WHERE player_id = ?1 ORDER BY 1, 2)sql");
    select.bind(1, playerId);
    while (select.step())
        awards.append(QStringLiteral("%1/%2").arg(select.text(0)).arg(select.integer(1)));
    return awards;
}

// DECISIONS D1a: P2 freezes the points, not the spelling of an id. The triggers that refuse every
// change to an award are lifted for this one statement, inside the caller's transaction, and put
// back exactly as they were (their own text from the schema; a rollback puts them back too).
void renameInAwardTable(sqlite::Database& db, const char* table, const char* trigger, const QString& from,
                        const QString& to, const std::vector<PlayerMerge::AwardRow>* only = nullptr)
{
    std::optional<QString> triggerSql;
    {
        sqlite::Statement select(db, "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?");
        select.bind(1, trigger);
        if (select.step())
            triggerSql = select.text(0);
    }
    if (triggerSql)
        db.execute(std::string("DROP TRIGGER ") + trigger);
    if (only) {
        sqlite::Statement update(db, std::string("UPDATE ") + table +
                                         " SET player_id = ?2 WHERE player_id = ?1 AND event_id = ?3 AND "
                                         "revision = ?4");
        for (const PlayerMerge::AwardRow& row : *only) {
            update.reset();
            update.bind(1, from).bind(2, to).bind(3, row.eventId).bind(4, row.revision).run();
        }
    } else {
        sqlite::Statement update(db,
                                 std::string("UPDATE ") + table + " SET player_id = ?2 WHERE player_id = ?1");
        update.bind(1, from).bind(2, to).run();
    }
    if (triggerSql)
        db.execute(triggerSql->toStdString());
}

std::vector<PlayerMerge::AwardRow> awardRowsOf(sqlite::Database& db, const char* table,
                                               const QString& playerId)
{
    std::vector<PlayerMerge::AwardRow> rows;
    sqlite::Statement select(db, std::string("SELECT event_id, revision FROM ") + table +
                                     " WHERE player_id = ? ORDER BY 1, 2");
    select.bind(1, playerId);
    while (select.step())
        rows.push_back({select.text(0), static_cast<int>(select.integer(1))});
    return rows;
}

QJsonArray awardKeys(const std::vector<PlayerMerge::AwardRow>& awards,
                     const std::vector<PlayerMerge::AwardRow>& ratings)
{
    QStringList keys;
    for (const auto* rows : {&awards, &ratings}) {
        for (const PlayerMerge::AwardRow& row : *rows) {
            const QString key = QStringLiteral("%1/%2").arg(row.eventId).arg(row.revision);
            if (!keys.contains(key))
                keys.append(key);
        }
    }
    keys.sort();
    return QJsonArray::fromStringList(keys);
}

// DECISIONS D1a: every row that names `merge.merged.id` moves to `merge.into`, recorded in `merge`
// for the undo. The caller has checked that no event names both, and made `merge.into` a player.
void moveIdentity(sqlite::Database& db, PlayerMerge& merge)
{
    const QString& from = merge.merged.id;
    const QString& into = merge.into;
    sqlite::Statement entries(db, "SELECT event_id, unit, seat FROM entrant_players WHERE player_id = ?");
    entries.bind(1, from);
    while (entries.step())
        merge.entries.push_back(
            {entries.text(0), static_cast<int>(entries.integer(1)), static_cast<int>(entries.integer(2))});
    sqlite::Statement games(db, "SELECT event_id, game, side, seat FROM game_players WHERE player_id = ?");
    games.bind(1, from);
    while (games.step())
        merge.games.push_back({games.text(0), static_cast<int>(games.integer(1)), games.text(2),
                               static_cast<int>(games.integer(3))});
    merge.awards = awardRowsOf(db, "awards", from);
    merge.awardRatings = awardRowsOf(db, "award_ratings", from);
    // A lock holds one rating per player: where `into` has one already, theirs stays (a computed
    // lock of that month is stale from this change on and is computed again over the merged
    // record). Each lock naming `from` is rewritten whole (core/store/lockblob.h).
    const QByteArray fromKey = from.toUtf8();
    const QByteArray intoKey = into.toUtf8();
    const std::string_view fromId(fromKey.constData(), static_cast<std::size_t>(fromKey.size()));
    const std::string_view intoId(intoKey.constData(), static_cast<std::size_t>(intoKey.size()));
    for (const lockblob::Named& named : lockblob::locksNaming(db, Store::latestSchemaVersion, from)) {
        const std::optional<QByteArray> blob =
            lockblob::readStored(db, Store::latestSchemaVersion, named.month);
        std::vector<lockblob::Entry> entries = lockblob::decodeOrRefuse(*blob, named.month);
        const bool intoRated = lockblob::find(entries, intoId) != nullptr;
        lockblob::erase(entries, fromId);
        if (!intoRated)
            lockblob::put(entries, {intoId, named.mu, named.sigma});
        lockblob::rewrite(db, named.month, entries);
        PlayerMerge::LockRow row{named.month, named.mu, named.sigma};
        (intoRated ? merge.droppedLocks : merge.locks).push_back(std::move(row));
    }

    db.execute("PRAGMA defer_foreign_keys = ON"); // the rows move before the old player goes
    for (const char* sql : {"UPDATE entrant_players SET player_id = ?2 WHERE player_id = ?1",
                            "UPDATE game_players SET player_id = ?2 WHERE player_id = ?1"}) {
        sqlite::Statement statement(db, sql);
        statement.bind(1, from).bind(2, into).run();
    }
    renameInAwardTable(db, "awards", "awards_frozen_update", from, into);
    renameInAwardTable(db, "award_ratings", "award_ratings_frozen_update", from, into);

    // DECISIONS T3: an earlier Recreational champion stays one under the real id.
    sqlite::Statement champions(db, "SELECT value FROM settings WHERE key = ?");
    champions.bind(1, Store::earlierRecreationalChampionsKey());
    if (champions.step()) {
        const QString before = champions.text(0);
        QJsonArray ids = QJsonDocument::fromJson(before.toUtf8()).array();
        if (ids.contains(QJsonValue(from))) {
            QJsonArray after;
            for (const QJsonValue& id : ids) {
                const QJsonValue renamed = id == QJsonValue(from) ? QJsonValue(into) : id;
                if (!after.contains(renamed))
                    after.append(renamed);
            }
            sqlite::Statement update(db, "UPDATE settings SET value = ? WHERE key = ?");
            update.bind(1, QString::fromUtf8(QJsonDocument(after).toJson(QJsonDocument::Compact)))
                .bind(2, Store::earlierRecreationalChampionsKey())
                .run();
            merge.championsBefore = before;
        }
    }
    sqlite::Statement remove(db, "DELETE FROM players WHERE id = ?");
    remove.bind(1, from).run();
    merge.awardsAfter = awardsNaming(db, into);
}

QJsonObject mergeDetails(const PlayerMerge& merge, const QStringList& events)
{
    QJsonArray months;
    for (const auto* rows : {&merge.locks, &merge.droppedLocks})
        for (const PlayerMerge::LockRow& row : *rows)
            months.append(row.month);
    return QJsonObject{{QStringLiteral("events"), QJsonArray::fromStringList(events)},
                       {QStringLiteral("awards"), awardKeys(merge.awards, merge.awardRatings)},
                       {QStringLiteral("locks"), months}};
}

} // namespace

bool PlayerStore::isLocalPlayerId(const QString& id)
{
    return isLocalId(id);
}

void PlayerStore::editPlayer(const QString& playerId, const QString& name, const QString& location)
{
    const QString newName = name.trimmed();
    const QString newLocation = location.trimmed();
    if (const QString problem = textProblem(newName); !problem.isEmpty())
        refuse(tr("The name %1.").arg(problem));
    if (const QString problem = textProblem(newLocation); !problem.isEmpty())
        refuse(tr("The location %1.").arg(problem));
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PlayerRecord before = requirePlayer(d->db, playerId);
        // The NCA history's players have no name; once a player has one, it is not taken away.
        if (newName.isEmpty() && !before.name.isEmpty())
            refuse(tr("A player needs a name."));
        if (before.name == newName && before.location == newLocation)
            return;
        sqlite::Statement update(d->db, "UPDATE players SET name = ?, location = ? WHERE id = ?");
        update.bind(1, newName.isEmpty() ? QString() : newName)
            .bind(2, newLocation.isEmpty() ? QString() : newLocation)
            .bind(3, playerId)
            .run();
        d->audit(QStringLiteral("edit-player"), QString(),
                 QJsonObject{
                     {QStringLiteral("player"), playerId},
                     {QStringLiteral("before"), QJsonObject{{QStringLiteral("name"), before.name},
                                                            {QStringLiteral("location"), before.location}}},
                     {QStringLiteral("after"), QJsonObject{{QStringLiteral("name"), newName},
                                                           {QStringLiteral("location"), newLocation}}}});
        d->touched(StoreChange::of(StoreChange::Players | StoreChange::Entrants | StoreChange::Results));
        transaction.commit();
        d->eventDay.players.reset(); // the search finds the new name
    });
}

PlayerMerge PlayerStore::changePlayerId(const QString& playerId, const QString& newId, PlayerIdChange change)
{
    if (const QString problem = idProblem(newId); !problem.isEmpty())
        refuse(tr("The id '%1' %2.").arg(printableId(newId), problem));
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        PlayerMerge merge;
        merge.merged = requirePlayer(d->db, playerId);
        merge.into = newId;
        merge.renamed = true;
        if (newId == playerId)
            return merge;
        // DECISIONS D1: only a local id gives way to the association's; an undo puts the local one back.
        if (change == PlayerIdChange::Assign && !isLocalId(playerId))
            refuse(tr("Player %1 has the association's id already; only a local id (such as L7KQX-3) "
                      "changes.")
                       .arg(playerId));
        if (change == PlayerIdChange::Undo && !isLocalId(newId))
            refuse(tr("'%1' is not a local id.").arg(newId));
        sqlite::Statement exists(d->db, "SELECT name FROM players WHERE id = ?");
        exists.bind(1, newId);
        if (exists.step())
            refuse(tr("There is a player %1 already (%2): merge into that player instead.")
                       .arg(newId, shown(exists.text(0))));
        // DECISIONS D1a: allowed after an award too; the awards keep their points under the new id.
        const QStringList events = eventsOf(d->db, playerId);
        PlayerRecord player = merge.merged;
        player.id = newId;
        player.associationId = change == PlayerIdChange::Assign ? newId : QString();
        d->db.execute("PRAGMA defer_foreign_keys = ON");
        d->insertPlayers({player});
        moveIdentity(d->db, merge);
        QJsonObject details = mergeDetails(merge, events);
        details.insert(QStringLiteral("before"), playerId);
        details.insert(QStringLiteral("after"), newId);
        details.insert(QStringLiteral("undo"), change == PlayerIdChange::Undo);
        d->audit(QStringLiteral("change-player-id"), QString(), details);
        d->touched(StoreChange::of(StoreChange::Players | StoreChange::Entrants | StoreChange::Results |
                                   StoreChange::Awards | StoreChange::History | StoreChange::Locks));
        transaction.commit();
        d->eventDay.players.reset();
        d->historyChanged();
        return merge;
    });
}

PlayerMerge PlayerStore::mergePlayer(const QString& playerId, const QString& intoId)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        PlayerMerge merge;
        merge.merged = requirePlayer(d->db, playerId);
        merge.into = requirePlayer(d->db, intoId).id;
        if (playerId == intoId)
            refuse(tr("A player cannot be merged into themselves."));
        if (!isLocalId(playerId))
            refuse(tr("Player %1 has the association's id; only a local player (such as L7KQX-3) is "
                      "merged into another.")
                       .arg(playerId));
        // DECISIONS D1a: two players of one event are two people (and one event cannot hold a
        // player twice); an award's rows are checked too, for an award that outlived its entries.
        sqlite::Statement both(d->db, R"sql(
            SELECT a.event_id FROM entrant_players a JOIN entrant_players b ON b.event_id = a.event_id
            WHERE a.player_id = ?1 AND b.player_id = ?2
            UNION SELECT a.event_id FROM awards a JOIN awards b
                ON b.event_id = a.event_id AND b.revision = a.revision
            WHERE a.player_id = ?1 AND b.player_id = ?2
            UNION SELECT a.event_id FROM award_ratings a JOIN award_ratings b
                ON b.event_id = a.event_id AND b.revision = a.revision
            WHERE a.player_id = ?1 AND b.player_id = ?2 ORDER BY 1 LIMIT 1)sql");
        both.bind(1, playerId).bind(2, intoId);
        if (both.step())
            refuse(tr("Players %1 and %2 both played in event %3: they are two people, and one event "
                      "cannot hold a player twice. Remove one of the entries first if that event is "
                      "not awarded.")
                       .arg(playerId, intoId, both.text(0)));
        const QStringList events = eventsOf(d->db, playerId);
        moveIdentity(d->db, merge);
        QJsonObject details = mergeDetails(merge, events);
        details.insert(QStringLiteral("player"), playerId);
        details.insert(QStringLiteral("name"), merge.merged.name);
        details.insert(QStringLiteral("into"), intoId);
        d->audit(QStringLiteral("merge-player"), QString(), details);
        d->touched(StoreChange::of(StoreChange::Players | StoreChange::Entrants | StoreChange::Results |
                                   StoreChange::Awards | StoreChange::History | StoreChange::Locks));
        transaction.commit();
        d->eventDay.players.reset();
        d->historyChanged();
        return merge;
    });
}

void PlayerStore::unmergePlayer(const PlayerMerge& merge)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        if (merge.merged.id == merge.into || merge.into.isEmpty())
            return;
        sqlite::Statement exists(d->db, "SELECT 1 FROM players WHERE id = ?");
        exists.bind(1, merge.merged.id);
        if (exists.step())
            refuse(tr("There is a player %1 already.").arg(merge.merged.id));
        requirePlayer(d->db, merge.into);
        // DECISIONS D1a: undoable while nothing newer depends on it. An award made since that names
        // `into` froze points over the merged record (DECISIONS P2).
        for (const QString& award : awardsNaming(d->db, merge.into)) {
            if (!merge.awardsAfter.contains(award))
                refuse(tr("Event %1 has been awarded since, with player %2: the change of player %3 stays.")
                           .arg(award.section(u'/', 0, -2), merge.into, merge.merged.id));
        }
        // A player who took a new id and was entered under it since: that entry depends on the id.
        if (merge.renamed) {
            sqlite::Statement entries(
                d->db, "SELECT event_id, unit FROM entrant_players WHERE player_id = ? ORDER BY 1");
            entries.bind(1, merge.into);
            while (entries.step()) {
                const QString event = entries.text(0);
                const int unit = static_cast<int>(entries.integer(1));
                if (std::none_of(merge.entries.begin(), merge.entries.end(),
                                 [&](const PlayerMerge::Seat& seat) {
                                     return seat.eventId == event && seat.unit == unit;
                                 }))
                    refuse(tr("Player %1 has been entered in event %2 since: the id stays.")
                               .arg(merge.into, event));
            }
            sqlite::Statement imported(d->db, "SELECT 1 FROM locks WHERE month = ? AND source = 'imported'");
            for (const lockblob::Named& named : lockblob::locksNaming(d->db, d->schemaVersion, merge.into)) {
                imported.reset();
                imported.bind(1, named.month);
                if (!imported.step())
                    continue;
                const QString& month = named.month;
                if (std::none_of(merge.locks.begin(), merge.locks.end(),
                                 [&](const PlayerMerge::LockRow& row) { return row.month == month; }))
                    refuse(tr("The rating list of %1 names player %2 since: the id stays.")
                               .arg(month, merge.into));
            }
        }
        QStringList events;
        for (const PlayerMerge::Seat& entry : merge.entries) {
            if (!events.contains(entry.eventId))
                events.append(entry.eventId);
        }
        d->db.execute("PRAGMA defer_foreign_keys = ON");
        d->insertPlayers({merge.merged});
        sqlite::Statement entry(d->db, R"sql(
            UPDATE entrant_players SET player_id = ?5
            WHERE event_id = ?1 AND unit = ?2 AND seat = ?3 AND player_id = ?4)sql");
        for (const PlayerMerge::Seat& seat : merge.entries) {
            entry.reset();
            entry.bind(1, seat.eventId).bind(2, seat.unit).bind(3, seat.seat).bind(4, merge.into);
            entry.bind(5, merge.merged.id).run();
            if (d->db.changes() == 0)
                refuse(tr("Entrant %1 of event %2 has changed since: player %3 stays as it is.")
                           .arg(seat.unit)
                           .arg(seat.eventId, merge.into));
        }
        sqlite::Statement game(d->db, R"sql(
            UPDATE game_players SET player_id = ?6
            WHERE event_id = ?1 AND game = ?2 AND side = ?3 AND seat = ?4 AND player_id = ?5)sql");
        for (const PlayerMerge::GameSeat& seat : merge.games) {
            game.reset();
            game.bind(1, seat.eventId).bind(2, seat.game).bind(3, seat.side).bind(4, seat.seat);
            game.bind(5, merge.into).bind(6, merge.merged.id).run();
        }
        renameInAwardTable(d->db, "awards", "awards_frozen_update", merge.into, merge.merged.id,
                           &merge.awards);
        renameInAwardTable(d->db, "award_ratings", "award_ratings_frozen_update", merge.into, merge.merged.id,
                           &merge.awardRatings);
        // The locks' ratings as they were; a lock computed again since is stale after this change
        // anyway. Each lock touched is rewritten whole, once (core/store/lockblob.h).
        {
            const QByteArray intoKey = merge.into.toUtf8();
            const QByteArray mergedKey = merge.merged.id.toUtf8();
            const std::string_view intoId(intoKey.constData(), static_cast<std::size_t>(intoKey.size()));
            const std::string_view mergedId(mergedKey.constData(),
                                            static_cast<std::size_t>(mergedKey.size()));
            std::map<QString, std::pair<QByteArray, std::vector<lockblob::Entry>>> edited; // by month
            const auto entriesOf = [&](const QString& month) -> std::vector<lockblob::Entry>* {
                if (const auto it = edited.find(month); it != edited.end())
                    return &it->second.second;
                std::optional<QByteArray> blob = lockblob::readStored(d->db, d->schemaVersion, month);
                if (!blob)
                    return nullptr; // the lock is gone since
                auto& [bytes, entries] = edited[month];
                bytes = std::move(*blob);
                entries = lockblob::decodeOrRefuse(bytes, month);
                return &entries;
            };
            // The player's rating where `into` took it over.
            for (const PlayerMerge::LockRow& row : merge.locks) {
                if (std::vector<lockblob::Entry>* entries = entriesOf(row.month);
                    entries && lockblob::erase(*entries, intoId))
                    lockblob::put(*entries, {mergedId, row.mu, row.sigma});
            }
            // Where `into` had a rating of their own, the player's is added back beside it.
            for (const PlayerMerge::LockRow& row : merge.droppedLocks) {
                if (std::vector<lockblob::Entry>* entries = entriesOf(row.month);
                    entries && !lockblob::find(*entries, mergedId))
                    lockblob::put(*entries, {mergedId, row.mu, row.sigma});
            }
            if (merge.renamed) {
                // Ratings of a lock computed since under the new id: the player's again (the lock is
                // stale).
                for (const lockblob::Named& named :
                     lockblob::locksNaming(d->db, d->schemaVersion, merge.into)) {
                    std::vector<lockblob::Entry>* entries = entriesOf(named.month);
                    if (!entries || !lockblob::find(*entries, intoId))
                        continue;
                    lockblob::erase(*entries, intoId);
                    if (!lockblob::find(*entries, mergedId))
                        lockblob::put(*entries, {mergedId, named.mu, named.sigma});
                }
            }
            for (const auto& [month, stored] : edited)
                lockblob::rewrite(d->db, month, stored.second);
        }
        if (merge.championsBefore) {
            sqlite::Statement champions(d->db, "UPDATE settings SET value = ? WHERE key = ?");
            champions.bind(1, *merge.championsBefore).bind(2, earlierRecreationalChampionsKey()).run();
        }
        if (merge.renamed) {
            sqlite::Statement remove(d->db, "DELETE FROM players WHERE id = ?");
            remove.bind(1, merge.into).run();
        }
        QJsonObject details = mergeDetails(merge, events);
        details.insert(QStringLiteral("player"), merge.merged.id);
        details.insert(QStringLiteral("from"), merge.into);
        d->audit(merge.renamed ? QStringLiteral("undo-change-player-id") : QStringLiteral("unmerge-player"),
                 QString(), details);
        d->touched(StoreChange::of(StoreChange::Players | StoreChange::Entrants | StoreChange::Results |
                                   StoreChange::Awards | StoreChange::History | StoreChange::Locks));
        transaction.commit();
        d->eventDay.players.reset();
        d->historyChanged();
    });
}

int PlayerStore::namePlayers(const std::function<QString(const QString& playerId)>& nameOf,
                             const QString& origin)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        QStringList unnamed;
        sqlite::Statement select(d->db,
                                 "SELECT id FROM players WHERE coalesce(name, '') = '' ORDER BY rowid");
        while (select.step())
            unnamed.append(select.text(0));
        sqlite::Statement update(d->db, "UPDATE players SET name = ? WHERE id = ?");
        int named = 0;
        for (const QString& id : unnamed) {
            const QString name = nameOf(id).trimmed();
            if (name.isEmpty() || !textProblem(name).isEmpty())
                continue;
            update.reset();
            update.bind(1, name).bind(2, id).run();
            ++named;
        }
        if (named > 0)
            d->audit(QStringLiteral("name-players"), QString(),
                     QJsonObject{{QStringLiteral("players"), named}, {QStringLiteral("origin"), origin}});
        d->touched(StoreChange::of(StoreChange::Players | StoreChange::Entrants | StoreChange::Results));
        transaction.commit();
        d->eventDay.players.reset();
        return named;
    });
}

} // namespace flickdesk::core
