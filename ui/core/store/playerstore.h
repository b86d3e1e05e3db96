#pragma once

// The players of the FlickDesk database (core/store/store.h): reading and finding them, adding,
// editing, merging and naming them.

#include "core/records/playerrecords.h"
#include "core/store/playermerge.h"
#include "core/store/storeconnection.h"

#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

namespace flickdesk::core {

class PlayerStore : public virtual StoreConnection {
public:
    std::optional<PlayerRecord> player(const QString& id);
    std::vector<PlayerRecord> players(const QStringList& ids); // those that exist, in the order asked
    int playerCount();

    // DECISIONS D1: a new player. Its id is the association's when given (refused when a player
    // has that id already), otherwise a local one until the association assigns one: "L", the
    // database's desk tag, "-" and a number ("L7KQX-1", ...), so that the players two desks add
    // never share an id. Players added before desk tags keep their ids ("L1", ...).
    // Names are not unique.
    QString addPlayer(const QString& name, const QString& location, const QString& associationId = {});
    // Puts back a player that removePlayer removed (an undo's redo), with the same id.
    void restorePlayer(const PlayerRecord& player);
    // Removes a player nothing refers to (no entry, lock, award): the undo of addPlayer.
    void removePlayer(const QString& playerId);
    // Players whose id (or association id) begins with `text`, or whose name contains it, in any
    // case: an exact id first, then id prefixes, names beginning with it, names containing it.
    // From an index kept in memory: no query per keystroke.
    std::vector<PlayerMatch> searchPlayers(const QString& text, int limit = 20);

    // ---- a player's edits after they were added (core/store/storeplayers.cpp): one transaction each,
    // logged in the audit log; StoreError::Refused with the reason in words.
    // DECISIONS D1: a local id FlickDesk gave ("L7KQX-3", or "L1" before desk tags).
    static bool isLocalPlayerId(const QString& id);
    // A misspelt name, a new location. Every entry shows the new name at once (it is the player's).
    void editPlayer(const QString& playerId, const QString& name, const QString& location);
    // DECISIONS D1a: a local player's id becomes the association's (Assign: "L7KQX-3" -> "1748",
    // stored as the association id too), before or after an award: every entry, game, award and
    // lock row moves, no points change. Refused for an id that exists (merge instead) or breaks the
    // id grammar (core/records/identifiers.h), and for a player that is not local. Undo renames a
    // local id back, without the checks of unmergePlayer.
    enum class PlayerIdChange { Assign, Undo };
    PlayerMerge changePlayerId(const QString& playerId, const QString& newId,
                               PlayerIdChange change = PlayerIdChange::Assign);
    // DECISIONS D1a: a local player who turns out to be `intoId`, before or after an award: every
    // entry, game, award and lock row moves to `intoId` (points unchanged) and the local player goes.
    // Refused, naming the event, when both played in one event.
    PlayerMerge mergePlayer(const QString& playerId, const QString& intoId);
    // The undo of mergePlayer or changePlayerId: the local player and exactly their rows back;
    // refused, naming the event, once something newer depends on it (an award since naming
    // `into`, an entry of the new id since).
    void unmergePlayer(const PlayerMerge& merge);
    // Gives every player without a name the one `nameOf` gives (the sample history's fictional
    // names), in one transaction logged once; returns how many were named.
    int namePlayers(const std::function<QString(const QString& playerId)>& nameOf, const QString& origin);

protected:
    PlayerStore() = default;
    ~PlayerStore() = default;
};

} // namespace flickdesk::core
