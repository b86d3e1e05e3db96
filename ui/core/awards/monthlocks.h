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
// computeMonthlyLocks (core/awards/monthlylocks.h), through MonthLocks::compute for one month and
// directly for many months at once (the Recompute, Tour points).

#include "core/awards/monthlylocks.h"
#include "core/records/month.h"
#include "core/records/monthlock.h"

#include <QJsonObject>
#include <QString>
#include <QtGlobal>
#include <map>
#include <optional>

namespace flickdesk::core {

class Store;

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
