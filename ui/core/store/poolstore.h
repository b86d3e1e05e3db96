#pragma once

// The rating pools of the other systems in the FlickDesk database (core/store/store.h).

#include "core/store/storeconnection.h"
#include "core/systems/poolrecords.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace flickdesk::core {

class PoolStore : public virtual StoreConnection {
public:
    // ---- rating pools of the other systems (see PoolSummary). Writes are one transaction each,
    // logged in the audit log, refused on a read-only store (StoreError::ReadOnly). A change of
    // players or games is first checked: the pool with the change is run through runSystem(), and
    // when that gives any defect the change is not written and the PoolChange names each defect.
    std::vector<PoolSummary> pools(); // by name
    std::optional<PoolSummary> pool(qint64 poolId);
    // StoreError::Refused for an empty or taken name or a kind that is not one of poolKinds().
    qint64 createPool(SystemKind kind, const QString& name);
    void renamePool(qint64 poolId, const QString& name);
    void deletePool(qint64 poolId);         // with its players and games
    PoolContent poolContent(qint64 poolId); // StoreError::Refused when there is no such pool
    // runSystem() over the pool's stored rows.
    SystemResult poolResult(qint64 poolId);
    // A player row in the pool's player columns (systemPlayerColumns).
    PoolChange addPoolPlayer(qint64 poolId, const QStringList& fields);
    // One game: one row in the game columns, or (Squares) one row per player.
    PoolChange addPoolGame(qint64 poolId, const QList<QStringList>& rows);
    // Refused (with the defects) when the pool without it is not valid input any more.
    PoolChange deletePoolGame(qint64 poolId, int game);
    // A stored game corrected in place: it keeps its number, so its place among the games of one
    // date, and every rating from it on is computed again. Checked as a new game is.
    PoolChange replacePoolGame(qint64 poolId, int game, const QList<QStringList>& rows);
    // A game stored under a number no game has (the undo of a deletion puts it back in its place).
    PoolChange restorePoolGame(qint64 poolId, int game, const QList<QStringList>& rows);
    // A player's row corrected in place (a name, a starting rating); refused when a game would be
    // left naming an id the pool no longer has.
    PoolChange replacePoolPlayer(qint64 poolId, int line, const QStringList& fields);
    // A player removed: refused while a game names them.
    PoolChange deletePoolPlayer(qint64 poolId, int line);
    // A player stored under a line no player has (the undo of a deletion).
    PoolChange restorePoolPlayer(qint64 poolId, int line, const QStringList& fields);
    // A players file and a games file (either may be empty) added to the pool in one transaction;
    // the columns are found by name in each file's header; defects name the file and its line.
    // Squares rows sharing the value of the games file's `game` column form one game.
    PoolChange importPool(qint64 poolId, const QByteArray& players, const QString& playersFile,
                          const QByteArray& games, const QString& gamesFile);

protected:
    PoolStore() = default;
    ~PoolStore() = default;

private:
    enum class GameWrite { Add, Replace, Restore };
    enum class PlayerWrite { Add, Replace, Delete, Restore };
    PoolChange writePoolGame(qint64 poolId, int game, const QList<QStringList>& rows, GameWrite write);
    PoolChange writePoolPlayer(qint64 poolId, int line, const QStringList& fields, PlayerWrite write);
};

} // namespace flickdesk::core
