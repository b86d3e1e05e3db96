#pragma once

// "The lock of month M" (DECISIONS P1), one meaning for every caller: the award, the morning
// preview, the player page and the recompute comparison all take it from core::MonthLocks
// (core/awards/monthlocks.h), which applies this rule:
//
//  1. The NCA rating list imported for M (`flickdesk-cli ratings import`), when there is one, is
//     the lock of M: a director who does not hold the whole history pays from the NCA's list.
//  2. Otherwise the lock is computed from the stored history (every event dated before the 1st of
//     M, P1) and stored as it is first used, with the rating run it came from. A stored computed
//     lock is used again while the history and the FlickSkill parameters it was computed from are
//     unchanged; when they change it is computed again (and replaced, unless an award used it: P2).
//
// A player the lock does not name has the prior (N6). docs/user-guide.md, "The lock of a month".

#include "flickdesk/engine/flickskill.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

namespace flickdesk::core {

struct MonthLockRatings {
    enum class Source {
        Computed, // from the stored history (P1)
        Imported, // the NCA list imported for the month
    };

    QString month; // YYYY-MM
    Source source = Source::Computed;
    int eventsRated = 0;       // Computed: the stored events dated before the month
    int players = 0;           // the players the lock names
    QString origin;            // Imported: the list's file name
    QHash<QString, double> mu; // latest posterior mu before the month, by player id
    QHash<QString, double> sigma;
    double unseenMu = 0.0; // DECISIONS N6: a player with no event before the month
    double unseenSigma = 1.667;

    double muOf(const QString& playerId) const { return mu.value(playerId, unseenMu); }
    double sigmaOf(const QString& playerId) const { return sigma.value(playerId, unseenSigma); }
};

// Where a lock came from, in a director's words: "NCA list for 2026-11, 1,744 players" or
// "computed from 153 stored events".
QString lockSourceText(const MonthLockRatings& lock);

// The FlickSkill parameters as a rating run stores them (the keys of params.json).
QJsonObject flickSkillParametersJson(const engine::FlickSkillParameters& parameters);

} // namespace flickdesk::core
