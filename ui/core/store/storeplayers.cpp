// The FlickDesk database (core/store/store.h): a player's edits after they were added (issue 14): a
// misspelt name, a new location, the association's id for a local player, and the merge of a local
// player into the player they turned out to be. One transaction each, logged in the audit log.

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

// DECISIONS P2: what an award froze names the player as they were; a lock (an NCA list or a computed
// one) does too. Empty when nothing does.
QString frozenReason(sqlite::Database& db, const QString& playerId)
{
    sqlite::Statement awarded(db, R"sql(
        SELECT event_id FROM award_ratings WHERE player_id = ?1
        UNION ALL SELECT event_id FROM awards WHERE player_id = ?1 LIMIT 1)sql");
    awarded.bind(1, playerId);
    if (awarded.step())
        return tr("the award of event %1 names player %2").arg(awarded.text(0), playerId);
    sqlite::Statement locked(db, "SELECT month FROM lock_ratings WHERE player_id = ? ORDER BY month LIMIT 1");
    locked.bind(1, playerId);
    if (locked.step())
        return tr("the rating lock of %1 names player %2").arg(locked.text(0), playerId);
    return {};
}

QStringList eventsOf(sqlite::Database& db, const QString& playerId)
{
    QStringList events;
    sqlite::Statement select(db,
                             "SELECT DISTINCT event_id FROM entrant_players WHERE player_id = ? ORDER BY 1");
    select.bind(1, playerId);
    while (select.step())
        events.append(select.text(0));
    return events;
}

} // namespace

bool Store::isLocalPlayerId(const QString& id)
{
    return isLocalId(id);
}

QString Store::playerIdFrozen(const QString& playerId)
{
    return d->guarded([&] { return frozenReason(d->db, playerId); });
}

void Store::editPlayer(const QString& playerId, const QString& name, const QString& location)
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
        transaction.commit();
        d->eventDay.players.reset(); // the search finds the new name
    });
}

void Store::changePlayerId(const QString& playerId, const QString& newId, PlayerIdChange change)
{
    if (const QString problem = idProblem(newId); !problem.isEmpty())
        refuse(tr("The id '%1' %2.").arg(printableId(newId), problem));
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        PlayerRecord player = requirePlayer(d->db, playerId);
        if (newId == playerId)
            return;
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
        if (const QString frozen = frozenReason(d->db, playerId); !frozen.isEmpty())
            refuse(tr("The id of player %1 cannot change: %2.").arg(playerId, frozen));
        const QStringList events = eventsOf(d->db, playerId);
        d->db.execute("PRAGMA defer_foreign_keys = ON"); // the rows move before the old player goes
        const QString oldId = player.id;
        player.id = newId;
        player.associationId = change == PlayerIdChange::Assign ? newId : QString();
        d->insertPlayers({player});
        for (const char* sql : {"UPDATE entrant_players SET player_id = ?2 WHERE player_id = ?1",
                                "UPDATE game_players SET player_id = ?2 WHERE player_id = ?1",
                                "DELETE FROM players WHERE id = ?1"}) {
            sqlite::Statement statement(d->db, sql);
            statement.bind(1, oldId);
            if (std::string_view(sql).find("?2") != std::string_view::npos)
                statement.bind(2, newId);
            statement.run();
        }
        d->audit(QStringLiteral("change-player-id"), QString(),
                 QJsonObject{{QStringLiteral("before"), oldId},
                             {QStringLiteral("after"), newId},
                             {QStringLiteral("undo"), change == PlayerIdChange::Undo},
                             {QStringLiteral("events"), QJsonArray::fromStringList(events)}});
        transaction.commit();
        d->eventDay.players.reset();
        d->historyChanged();
    });
}

PlayerMerge Store::mergePlayer(const QString& playerId, const QString& intoId)
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
        if (const QString frozen = frozenReason(d->db, playerId); !frozen.isEmpty())
            refuse(tr("Player %1 cannot be merged: %2.").arg(playerId, frozen));
        sqlite::Statement both(d->db, R"sql(
            SELECT a.event_id FROM entrant_players a JOIN entrant_players b ON b.event_id = a.event_id
            WHERE a.player_id = ? AND b.player_id = ? ORDER BY 1 LIMIT 1)sql");
        both.bind(1, playerId).bind(2, intoId);
        if (both.step())
            refuse(tr("Players %1 and %2 are both entered in event %3: remove one of the entries first.")
                       .arg(playerId, intoId, both.text(0)));
        sqlite::Statement entries(d->db,
                                  "SELECT event_id, unit, seat FROM entrant_players WHERE player_id = ?");
        entries.bind(1, playerId);
        while (entries.step())
            merge.entries.push_back({entries.text(0), static_cast<int>(entries.integer(1)),
                                     static_cast<int>(entries.integer(2))});
        sqlite::Statement games(d->db,
                                "SELECT event_id, game, side, seat FROM game_players WHERE player_id = ?");
        games.bind(1, playerId);
        while (games.step())
            merge.games.push_back({games.text(0), static_cast<int>(games.integer(1)), games.text(2),
                                   static_cast<int>(games.integer(3))});
        const QStringList events = eventsOf(d->db, playerId);
        d->db.execute("PRAGMA defer_foreign_keys = ON"); // the rows move before the player goes
        for (const char* sql : {"UPDATE entrant_players SET player_id = ?2 WHERE player_id = ?1",
                                "UPDATE game_players SET player_id = ?2 WHERE player_id = ?1"}) {
            sqlite::Statement statement(d->db, sql);
            statement.bind(1, playerId).bind(2, intoId).run();
        }
        sqlite::Statement remove(d->db, "DELETE FROM players WHERE id = ?");
        remove.bind(1, playerId).run();
        d->audit(QStringLiteral("merge-player"), QString(),
                 QJsonObject{{QStringLiteral("player"), playerId},
                             {QStringLiteral("name"), merge.merged.name},
                             {QStringLiteral("into"), intoId},
                             {QStringLiteral("events"), QJsonArray::fromStringList(events)}});
        transaction.commit();
        d->eventDay.players.reset();
        d->historyChanged();
        return merge;
    });
}

void Store::unmergePlayer(const PlayerMerge& merge)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement exists(d->db, "SELECT 1 FROM players WHERE id = ?");
        exists.bind(1, merge.merged.id);
        if (exists.step())
            refuse(tr("There is a player %1 already.").arg(merge.merged.id));
        // DECISIONS P2: an award made since froze the entries as they are.
        QStringList events;
        for (const PlayerMerge::Seat& entry : merge.entries) {
            if (!events.contains(entry.eventId))
                events.append(entry.eventId);
        }
        sqlite::Statement awarded(d->db, "SELECT 1 FROM event_awards WHERE event_id = ?");
        for (const QString& event : events) {
            awarded.reset();
            awarded.bind(1, event);
            if (awarded.step())
                refuse(tr("Event %1 has been awarded since: the merge of player %2 stays.")
                           .arg(event, merge.merged.id));
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
                refuse(tr("Entrant %1 of event %2 has changed since the merge: it stays as it is.")
                           .arg(seat.unit)
                           .arg(seat.eventId));
        }
        sqlite::Statement game(d->db, R"sql(
            UPDATE game_players SET player_id = ?6
            WHERE event_id = ?1 AND game = ?2 AND side = ?3 AND seat = ?4 AND player_id = ?5)sql");
        for (const PlayerMerge::GameSeat& seat : merge.games) {
            game.reset();
            game.bind(1, seat.eventId).bind(2, seat.game).bind(3, seat.side).bind(4, seat.seat);
            game.bind(5, merge.into).bind(6, merge.merged.id).run();
        }
        d->audit(QStringLiteral("unmerge-player"), QString(),
                 QJsonObject{{QStringLiteral("player"), merge.merged.id},
                             {QStringLiteral("from"), merge.into},
                             {QStringLiteral("events"), QJsonArray::fromStringList(events)}});
        transaction.commit();
        d->eventDay.players.reset();
        d->historyChanged();
    });
}

int Store::namePlayers(const std::function<QString(const QString& playerId)>& nameOf, const QString& origin)
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
        transaction.commit();
        d->eventDay.players.reset();
        return named;
    });
}

} // namespace flickdesk::core
