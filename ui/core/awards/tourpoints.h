#pragma once

// Field-Weighted Points of a history folder's Tour events and the Tour season they make: the glue
// between a HistoryFolder and the engine's monthly locks (DECISIONS P1), payout tables (P3-P9) and
// Tour standings (T1-T3). Used by flickdesk-cli's `points` and `standings`, and by the window.

#include "core/awards/payout.h"
#include "core/formats/historyreader.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"
#include "flickdesk/engine/standings.h"

#include <QString>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace flickdesk::core {

// One unit (a player, or a doubles team) at a Tour event and what it was awarded.
struct UnitAward {
    // The unit's position in the event's finishing order, 1..N: the place its points are for.
    int place = 0;
    std::vector<engine::PlayerIndex> players; // one (singles) or two partners (doubles)
    std::vector<double> lockedMu;             // parallel to `players`: mu of the month's lock (P1)
    double unitRating = 0.0;                  // the player's mu, or the team rating (DECISIONS P5)
    double points = 0.0;                      // unrounded (DECISIONS P7)
    double award = 0.0;                       // rounded to 0.1 (DECISIONS P8); each partner gets it (P9)
};

// The payout of one Tour event, as awarded.
struct TourEventPoints {
    std::size_t eventIndex = 0;      // into HistoryFolder::events and HistoryFolder::history.events
    engine::DayNumber lockMonth = 0; // the 1st of the event's month: the lock its ratings come from
    engine::PayoutTable payout;      // FSI, FDI, unrounded points and awards by place
    std::vector<UnitAward> units;    // by place, 1..N
};

// Which tour events to award; every event of a tour (competitive or recreational) when empty.
using TourEventFilter = std::function<bool(const EventInfo&)>;

struct TourPoints {
    std::vector<TourEventPoints> events; // by date, then in events.csv order
    // The locks the events needed, by month; a lock handed to computeTourPoints's `onComputed` holds
    // only the awarded events' players.
    std::vector<engine::MonthlyLock> locks;
    std::vector<char> computed; // parallel to `locks`: computed now, not reused or imported
    unsigned threads = 0;       // worker threads the locks were computed on
    // Every defect that keeps the events from being awarded (the folder's own and those of Tour
    // points); when there is any, nothing was computed.
    std::vector<engine::Defect> defects;
    bool cancelled = false;
};

// Defects of a folder for Tour points beyond HistoryFolder::defects: a tour event without a tier,
// or one rated from its games that lacks a strict finishing order (a missing or tied place).
std::vector<engine::Defect> tourPointsDefects(const HistoryFolder& folder);

// Orders defects as a history folder's reader does: events.csv, results.csv, games.csv, params.json,
// then any other file, each by line; stable otherwise.
void orderDefects(std::vector<engine::Defect>& defects);

// The players of the Tour events `include` takes (every Tour event when empty), by the 1st of each
// event's month, each month's ascending and once each: all that Tour points read of a month's lock.
std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>
tourEntrantsByMonth(const HistoryFolder& folder, const TourEventFilter& include);

// The same lock rating only those of `players` (ascending) it rates: all that the awards of its
// month read of it (DECISIONS P1, N6: the others keep the prior, as they would in the whole lock).
engine::MonthlyLock lockOfPlayers(const engine::MonthlyLock& lock,
                                  const std::vector<engine::PlayerIndex>& players);

// The awards of every tour event that `include` accepts (DECISIONS P1-P9): the lock of each event's
// month, computed all at once in worker threads (`threads` 0: one per core), each unit's locked mu,
// the payout table from the event's tier and its N units, and each unit's award by its place.
// `reusable` holds locks computed before for this history and parameters (Store::reusableLocks):
// those months are not computed again. With `onComputed`, each lock computed now is handed to it
// whole on the calling thread as soon as it is done (to be stored), and the result then keeps of
// it only the players of the events awarded (its `computed` flag still set): the memory of one
// lock per worker, not of every month's (docs/monthly-locks.md).
using ComputedLockSink = std::function<void(const engine::MonthlyLock&)>;
TourPoints computeTourPoints(const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                             const TourEventFilter& include = {},
                             const engine::FlickSkillRunControl& control = {}, unsigned threads = 0,
                             const std::map<engine::DayNumber, engine::MonthlyLock>& reusable = {},
                             const ComputedLockSink& onComputed = {});

// The NCA list imported for the month of `month` as an engine lock over the folder's players: a
// player not on it has the prior (N6). The prior for everyone when the folder has no such list.
engine::MonthlyLock importedMonthlyLock(const HistoryFolder& folder, engine::DayNumber month,
                                        const engine::FlickSkillParameters& parameters);

// The index of the event with this id, if there is one.
std::optional<std::size_t> findEvent(const HistoryFolder& folder, const QString& eventId);

// The season labels of events.csv, in the order of their first event's date.
QStringList seasonsOf(const HistoryFolder& folder);

// DECISIONS T2's default Finale: the season's competitive-tour event whose name begins with
// "WCC Singles" (any case). When the season has several (the NCA's season 15 holds WCC 2024 and
// WCC 2025), the latest one: the Finale is the event that closes the season.
std::optional<std::size_t> defaultFinale(const HistoryFolder& folder, const QString& season);

// Which events a standings request needs the awards of: the division's tour events of the season
// (DECISIONS T1) and, for the recreational division, those of earlier seasons too, whose champions
// cannot win the title again (T3).
TourEventFilter standingsEvents(const HistoryFolder& folder, const QString& season,
                                engine::Division division);

struct TourSeasonRequest {
    QString season; // the label of events.csv's `season`
    engine::Division division = engine::Division::Competitive;
    std::optional<QString> finaleEventId; // overrides the default Finale (DECISIONS T2)
    // DECISIONS T3: players who won the Recreational Tour title in seasons the history does not
    // hold. Champions of the history's earlier seasons are found from their standings.
    std::set<std::string> pastChampions;
};

struct TourSeasonBuild {
    engine::TourSeason season;
    std::optional<std::size_t> finaleEvent; // index of the Finale in HistoryFolder::events
    QString error; // an unknown season or Finale event: the request cannot be answered
};

// The engine's TourSeason of one season and division from `points`, which must hold the awards of
// every event standingsEvents accepts: the awards of the division's tour events of that season
// (DECISIONS T1), the Finale and the position in its finishing order of every player who played
// it (T2), and the Recreational champions of earlier seasons (T3).
TourSeasonBuild buildTourSeason(const HistoryFolder& folder, const TourPoints& points,
                                const TourSeasonRequest& request);

// DECISIONS T2: the Finale closes the season. Until the season's Finale (the named one, else the
// default) has its results, nobody is champion: the top of the standings is the season's leader.
// A history folder holds played events only, and a database's history its finished and awarded
// ones, so a Finale in `folder` with a finishing order has been played. A season without any
// Finale is decided once a later season has begun (an event of another season after its last).
bool seasonDecided(const HistoryFolder& folder, const TourSeasonBuild& build, const QString& season);

// Before the season is decided, the engine's "champion" notes (DECISIONS T3) read "leader", as
// `flickdesk-cli standings` prints them and the window shows them.
void noteLeadersBeforeTheFinale(engine::TourStandings& standings);

// A payout preview's field (flickdesk-cli payout FIELD.csv): the locked mu of each entrant
// (header `mu`) or of each team's partners (header `mu_a,mu_b`), one row per unit.
struct PayoutField {
    std::vector<double> ratings;               // singles
    std::vector<engine::PartnerRatings> teams; // doubles
    std::vector<engine::Defect> defects;       // every defect, by file, line and field
};

PayoutField readPayoutField(const QString& path, engine::EventFormat format);

} // namespace flickdesk::core
