#pragma once

// An event's awarded points and what they were computed from (DECISIONS P2), as stored
// (core/store/historystore.h).

#include "core/records/ratingrecords.h"

#include <QString>
#include <optional>
#include <vector>

namespace flickdesk::core {

struct PlayerAward {
    QString playerId;
    int place = 0;
    double points = 0.0; // rounded to 0.1 when awarded (DECISIONS P8)
    friend bool operator==(const PlayerAward&, const PlayerAward&) = default;
};

// DECISIONS P2: what an event's awarded points were computed from, frozen with them.
struct AwardRecord {
    int revision = 1;  // 1 when first awarded; each re-award adds one
    QString lockMonth; // YYYY-MM: the monthly lock the ratings come from (DECISIONS P1)
    double fsi = 0.0;
    double fdi = 0.0;
    QString awardedAt;                 // ISO 8601, UTC
    QString reason;                    // why it was re-awarded; empty for the first award
    std::vector<LockedRating> ratings; // the locked rating of every player of the field
    std::vector<PlayerAward> awards;   // every player's award (doubles partners each, P9)
    friend bool operator==(const AwardRecord&, const AwardRecord&) = default;

    // The same award whatever the order of its rating and award rows (they are sets by player).
    bool sameContent(const AwardRecord& other) const;
};

// The same award, or both none, whatever the order of their rows.
bool sameAward(const std::optional<AwardRecord>& a, const std::optional<AwardRecord>& b);

} // namespace flickdesk::core
