#pragma once

// The lock of a month (DECISIONS P1, P1a), one home for every caller, above the store: the payout
// preview (through the event session's MonthLockTask), the award (core/awards/awarding.h), the
// player page, the window's Recompute and `flickdesk-cli lock`, `points --db` and `standings --db`.
// The rule is core/records/monthlock.h's: the NCA list imported for the month; else the stored
// computed lock while the history before the month and the FlickSkill parameters are those it was
// computed from; else the cold run over the stored history before the month, stored as it is first
// used. A lock is never continued from another month's.
//
// The store (core/store/store.h) only stores and reads locks; the one place a lock is computed is
// computeMonthlyLocks (core/awards/monthlylocks.h), called through this class only: compute for one
// month, computeMonths for many, obtain and obtainMonths for locks that are stored as well (the
// Recompute, `points --db`, `standings --db`).

#include "core/awards/monthlylocks.h"
#include "core/records/month.h"
#include "core/records/monthlock.h"

#include <QJsonObject>
#include <QString>
#include <QtGlobal>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace flickdesk::core {

class Store;
struct HistoryFolder;

class MonthLocks {
public:
    // What obtain() did for one month.
    struct Outcome {
        std::optional<MonthLockRatings> ratings; // none when cancelled
        qint64 generation = 0;                   // the history's generation it was read or computed at
        QJsonObject parameters;                  // the FlickSkill parameters it was computed with
        bool stored = false;  // in the database (read from it, or written: not read-only, not refused)
        int computations = 0; // locks computed: 0 when the stored one was taken
    };

    // The locks of `store`'s database, kept in memory by this object (one per session or caller)
    // while the rated history and the parameters are those they were read or computed at.
    explicit MonthLocks(Store& store);
    Store& store() const { return m_store; }

    // The lock of `month`: in memory, else stored, else computed, stored and returned (obtain()).
    // StoreError::Refused when the history before the month cannot be rated.
    MonthLockRatings lockOf(const Month& month);
    // The same for the month of `eventDate` (YYYY-MM-DD or YYYY-MM); StoreError::Refused for a text
    // that is neither.
    MonthLockRatings lockFor(const QString& eventDate);
    // The lock of `month` when it is ready without computing: in memory, the imported list, or a
    // stored computed lock whose history and parameters are unchanged (read, then kept in memory).
    std::optional<MonthLockRatings> ready(const Month& month);
    // Whether ready() answers within a few tens of milliseconds: the lock is in memory, or it is not
    // stored, or it has at most `rows` players (Store::lockIsQuickToRead).
    bool quickToRead(const Month& month, int rows = 50000);
    // A lock computed away from this object (a worker connection, from the history as it was at
    // `generation` with these parameters) kept in memory, so that lockOf does not compute it again.
    // Ignored when the rated history or the parameters changed since. Whether it was taken.
    bool remember(const MonthLockRatings& ratings, qint64 generation, const QJsonObject& parameters);
    // Forgets the locks kept in memory: they are read again at their next use.
    void forget();
    // The locks this object computed (not read): what a test counts to see a lock taken as stored.
    int computed() const { return m_computed; }

    // The lock of `month` of `store` without a memory: the stored lock when it is valid, or the stored
    // computed lock made fresh again when the history before the month is the one it was computed
    // from (Store::markLockFresh), else computed from the stored history, with `control`'s progress
    // and cancel, and stored through `store` (unless it is read-only; a month an award used keeps its
    // lock, P2, and a store that fails to write does not stop the payout: storing saves the next
    // computation only). A history that changed while the lock was computed is read again, once.
    // Used by the window's background task with a worker connection (Store::openWorker).
    // StoreError::Refused when the history cannot be rated or kept changing; what the store throws.
    static Outcome obtain(Store& store, const Month& month, const engine::FlickSkillRunControl& control = {});

    // The cold run of `month` over `history` (DECISIONS P1), with `control`'s progress (the run's
    // sweeps) and cancel; an empty lock when cancelled. Throws what the engine throws for a history
    // that cannot be rated. computeMonthlyLocks computes many months at once the same way.
    static engine::MonthlyLock compute(const engine::RatingHistory& history, const Month& month,
                                       const engine::FlickSkillParameters& parameters = {},
                                       const engine::FlickSkillRunControl& control = {});

    // The locks of many months at once, as computeMonthlyLocks computes them (its `threads`,
    // `finished` and `largeRun`): the Tour points of a history folder and the Tour views.
    static std::vector<engine::MonthlyLock>
    computeMonths(const engine::RatingHistory& history, std::span<const engine::DayNumber> months,
                  const engine::FlickSkillParameters& parameters = {},
                  const engine::FlickSkillRunControl& control = {}, unsigned threads = 0,
                  const FinishedLock& finished = {}, std::size_t largeRun = kLargeRunFinishes);

    // What obtainMonths does besides the months: see there.
    struct MonthsRequest {
        // Each lock returned (read or computed) holds only these players of its month (ascending):
        // what Tour points read of many months (Store::reusableLocks's `only`).
        const std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>* only = nullptr;
        // The stored locks read already with the history (the Recompute reads them before its run):
        // taken from here (moved) instead of read again.
        std::map<engine::DayNumber, engine::MonthlyLock>* stored = nullptr;
        qint64 generation = 0; // Store::historyGeneration before the folder was read
        engine::FlickSkillRunControl control;
        unsigned threads = 0; // 0: one per core
        std::size_t largeRun = kLargeRunFinishes;
        // Each computed lock, as soon as it is done, on the calling thread: a caller that stores its
        // locks its own way (the Recompute, with its rating run). Without it each is stored as its
        // month's computed lock (Store::storeComputedLock through TourLockStore, core/awards/tourlocks.h).
        std::function<void(engine::MonthlyLock&)> computed;
    };
    struct MonthsOutcome {
        std::vector<engine::MonthlyLock> locks; // of the months asked, in their order; none when cancelled
        std::vector<char> computed;             // for each: 1 computed now, 0 stored (or the imported list)
        int stored = 0;                         // computed locks stored (without `computed`)
        QString storeError;                     // why storing stopped, when it failed (the locks stand)
        bool cancelled = false;
    };
    // The locks of `months` (1st days) of the history `folder` read from `store` (none: nothing is
    // read or stored): the imported NCA list; else the stored lock when it is `folder`'s with these
    // parameters (Store::reusableLocks, only for the database's own parameters); else computed, all
    // at once in worker threads, and each stored as soon as it is done (TourLockStore: not when
    // read-only, not for other parameters, a month an award used keeps its lock, P2). Only the
    // missing months are computed. Throws what computeMonthlyLocks throws for a history that cannot
    // be rated.
    static MonthsOutcome obtainMonths(Store* store, const HistoryFolder& folder,
                                      const engine::FlickSkillParameters& parameters,
                                      std::span<const engine::DayNumber> months,
                                      const MonthsRequest& request);
    // The stored locks that are `folder`'s with these parameters (none when they are not the
    // database's own parameters: its locks are of others), each holding only `only`'s players.
    static std::map<engine::DayNumber, engine::MonthlyLock>
    storedMonths(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                 const std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>* only = nullptr);

private:
    // The locks in memory, emptied when the history's generation or the parameters changed.
    const MonthLockRatings* kept(const Month& month);
    QJsonObject currentParameters() const;

    Store& m_store;
    std::map<Month, MonthLockRatings> m_locks;
    qint64 m_generation = -1; // of the locks above
    QJsonObject m_parameters; // likewise
    int m_computed = 0;
};

} // namespace flickdesk::core
