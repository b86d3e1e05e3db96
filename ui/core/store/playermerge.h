#pragma once

// A merge or a change of a player's id as PlayerStore (core/store/playerstore.h) made it: what
// its undo puts back.

#include "core/records/playerrecords.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace flickdesk::core {

// What Store::mergePlayer or Store::changePlayerId moved (DECISIONS D1a), so that
// Store::unmergePlayer puts it back while nothing newer depends on it.
struct PlayerMerge {
    PlayerRecord merged; // the local player, as they were
    QString into;
    bool renamed = false; // `into` did not exist: the player took that id (the association's)
    struct Seat {
        QString eventId;
        int unit = 0;
        int seat = 1;
    };
    struct GameSeat {
        QString eventId;
        int game = 0;
        QString side;
        int seat = 1;
    };
    struct AwardRow {
        QString eventId;
        int revision = 1;
    };
    struct LockRow {
        QString month;
        double mu = 0.0;
        double sigma = 1.0;
    };
    std::vector<Seat> entries;
    std::vector<GameSeat> games;
    std::vector<AwardRow> awards;           // awarded points that now name `into` (points unchanged, P2)
    std::vector<AwardRow> awardRatings;     // the locked ratings frozen with an award, likewise
    std::vector<LockRow> locks;             // lock rows that now name `into`
    std::vector<LockRow> droppedLocks;      // the player's rows of months where `into` had one already
    std::optional<QString> championsBefore; // the earlier champions setting, when the player was one
    // "event/revision" of every award naming `into` just after: one made since depends on the merge.
    QStringList awardsAfter;
};

} // namespace flickdesk::core
