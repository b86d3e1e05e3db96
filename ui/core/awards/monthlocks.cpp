// The lock of a month (core/awards/monthlocks.h).

#include "core/awards/monthlocks.h"

#include "core/awards/tourlocks.h"
#include "core/formats/historydigest.h"
#include "core/store/store.h"
#include "core/translation.h"

#include <exception>

namespace flickdesk::core {

namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::MonthLocks)

[[noreturn]] void refuse(const QString& message)
{
    throw StoreError(StoreError::Kind::Refused, message);
}

} // namespace

MonthLocks::MonthLocks(Store& store)
    : m_store(store)
{
}

QJsonObject MonthLocks::currentParameters() const
{
    engine::FlickSkillParameters parameters;
    m_store.flickSkillParameters().applyTo(parameters);
    return flickSkillParametersJson(parameters);
}

const MonthLockRatings* MonthLocks::kept(const Month& month)
{
    if (m_locks.empty())
        return nullptr;
    // Whoever changed the rated history or the parameters (this window, another program), the
    // store counts it: locks kept from before are forgotten.
    const qint64 generation = m_store.historyGeneration();
    if (generation != m_generation || currentParameters() != m_parameters) {
        m_locks.clear();
        return nullptr;
    }
    const auto found = m_locks.find(month);
    return found == m_locks.end() ? nullptr : &found->second;
}

std::optional<MonthLockRatings> MonthLocks::ready(const Month& month)
{
    if (const MonthLockRatings* lock = kept(month))
        return *lock;
    const qint64 generation = m_store.historyGeneration();
    const QJsonObject parameters = currentParameters();
    std::optional<MonthLockRatings> stored = m_store.storedLockFor(month.toString());
    if (stored)
        remember(*stored, generation, parameters);
    return stored;
}

bool MonthLocks::quickToRead(const Month& month, int rows)
{
    return kept(month) != nullptr || m_store.lockIsQuickToRead(month.toString(), rows);
}

bool MonthLocks::remember(const MonthLockRatings& ratings, qint64 generation, const QJsonObject& parameters)
{
    const std::optional<Month> month = Month::fromString(ratings.month);
    if (!month || generation != m_store.historyGeneration() || parameters != currentParameters())
        return false;
    if (generation != m_generation || parameters != m_parameters) {
        m_locks.clear();
        m_generation = generation;
        m_parameters = parameters;
    }
    m_locks.insert_or_assign(*month, ratings);
    return true;
}

void MonthLocks::forget()
{
    m_locks.clear();
}

MonthLockRatings MonthLocks::lockOf(const Month& month)
{
    if (std::optional<MonthLockRatings> lock = ready(month))
        return std::move(*lock);
    Outcome outcome = obtain(m_store, month);
    m_computed += outcome.computations;
    remember(*outcome.ratings, outcome.generation, outcome.parameters);
    return std::move(*outcome.ratings);
}

MonthLockRatings MonthLocks::lockFor(const QString& eventDate)
{
    const std::optional<Month> month = Month::ofDate(eventDate);
    if (!month)
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(eventDate));
    return lockOf(*month);
}

engine::MonthlyLock MonthLocks::compute(const engine::RatingHistory& history, const Month& month,
                                        const engine::FlickSkillParameters& parameters,
                                        const engine::FlickSkillRunControl& control)
{
    const engine::DayNumber first = month.firstDay();
    std::vector<engine::MonthlyLock> locks =
        computeMonthlyLocks(history, std::span<const engine::DayNumber>(&first, 1), parameters, control, 1);
    return locks.empty() ? engine::MonthlyLock{} : std::move(locks.front());
}

std::vector<engine::MonthlyLock> MonthLocks::computeMonths(const engine::RatingHistory& history,
                                                           std::span<const engine::DayNumber> months,
                                                           const engine::FlickSkillParameters& parameters,
                                                           const engine::FlickSkillRunControl& control,
                                                           unsigned threads, const FinishedLock& finished,
                                                           std::size_t largeRun)
{
    return computeMonthlyLocks(history, months, parameters, control, threads, finished, largeRun);
}

std::map<engine::DayNumber, engine::MonthlyLock>
MonthLocks::storedMonths(Store& store, const HistoryFolder& folder,
                         const engine::FlickSkillParameters& parameters,
                         const std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>* only)
{
    engine::FlickSkillParameters own;
    store.flickSkillParameters().applyTo(own);
    // --params or --epsilon: the database's locks are of other parameters.
    if (flickSkillParametersJson(own) != flickSkillParametersJson(parameters))
        return {};
    return store.reusableLocks(folder, parameters, only);
}

MonthLocks::MonthsOutcome MonthLocks::obtainMonths(Store* store, const HistoryFolder& folder,
                                                   const engine::FlickSkillParameters& parameters,
                                                   std::span<const engine::DayNumber> months,
                                                   const MonthsRequest& request)
{
    MonthsOutcome outcome;
    std::map<engine::DayNumber, engine::MonthlyLock> read;
    std::map<engine::DayNumber, engine::MonthlyLock>* stored = request.stored;
    if (stored == nullptr && store != nullptr) {
        read = storedMonths(*store, folder, parameters, request.only);
        stored = &read;
    }
    // The months neither imported (core/records/monthlock.h) nor stored: only these are computed.
    std::vector<engine::DayNumber> missing;
    outcome.computed.reserve(months.size());
    for (const engine::DayNumber month : months) {
        const bool have =
            folder.importedLocks.count(month) != 0 || (stored != nullptr && stored->count(month) != 0);
        outcome.computed.push_back(have ? 0 : 1);
        if (!have)
            missing.push_back(month);
    }

    FinishedLock finished;
    std::optional<TourLockStore> storing;
    if (request.computed) {
        finished = [&request](std::size_t, engine::MonthlyLock& lock) { request.computed(lock); };
    } else if (store != nullptr && !missing.empty()) {
        storing.emplace(*store, folder, parameters, missing, request.generation);
        if (storing->accepts()) {
            finished = [&](std::size_t, engine::MonthlyLock& lock) {
                try {
                    storing->store(lock); // nothing more once it has failed
                } catch (const StoreError& error) {
                    // Storing saves the next reader's time only: the locks stand.
                    outcome.storeError = error.message();
                }
                // Only the players asked for are kept: the memory of one whole lock per worker, not
                // of every month's (docs/monthly-locks.md).
                if (request.only != nullptr)
                    lock = lockOfPlayers(lock, request.only->at(lock.month));
            };
        }
    }
    std::vector<engine::MonthlyLock> computed;
    if (!missing.empty())
        computed = computeMonths(folder.history, missing, parameters, request.control, request.threads,
                                 finished, request.largeRun);
    if (computed.size() != missing.size()) {
        outcome.cancelled = true;
        outcome.computed.clear();
        return outcome;
    }
    if (storing)
        outcome.stored = storing->stored();

    outcome.locks.reserve(months.size());
    for (std::size_t m = 0, c = 0; m < months.size(); ++m) {
        if (outcome.computed[m]) {
            engine::MonthlyLock& lock = computed[c++];
            if (request.only != nullptr && !finished) // not trimmed as it was handed over
                lock = lockOfPlayers(lock, request.only->at(lock.month));
            outcome.locks.push_back(std::move(lock));
        } else if (stored != nullptr && stored->count(months[m]) != 0) {
            outcome.locks.push_back(std::move(stored->at(months[m])));
        } else {
            outcome.locks.push_back(importedMonthlyLock(folder, months[m], parameters));
        }
    }
    return outcome;
}

MonthLocks::Outcome MonthLocks::obtain(Store& store, const Month& month,
                                       const engine::FlickSkillRunControl& control)
{
    const QString key = month.toString();
    const auto cancelled = [&control] { return control.cancel != nullptr && control.cancel->isCancelled(); };
    Outcome outcome;
    // A refusal because the history changed while computing means: read it again, once.
    for (int attempt = 0; attempt < 2 && !outcome.ratings && !cancelled(); ++attempt) {
        outcome.generation = store.historyGeneration();
        // Another task (or the CLI) may have stored it meanwhile.
        if (std::optional<MonthLockRatings> stored = store.storedLockFor(key)) {
            engine::FlickSkillParameters parameters;
            store.flickSkillParameters().applyTo(parameters);
            outcome.parameters = flickSkillParametersJson(parameters);
            outcome.ratings = std::move(stored);
            outcome.stored = true;
            break;
        }
        const HistoryFolder folder = store.loadHistory();
        engine::FlickSkillParameters parameters;
        folder.parameters.applyTo(parameters);
        outcome.parameters = flickSkillParametersJson(parameters);
        const QString digest = historyDigestBefore(folder, outcome.parameters, month.firstDay());
        // A stored lock marked stale by a change that left the history before the month as it was
        // (an event finished, then put back): fresh again, not computed.
        if (store.markLockFresh(key, digest, outcome.parameters)) {
            if (std::optional<MonthLockRatings> stored = store.storedLockFor(key)) {
                outcome.ratings = std::move(stored);
                outcome.stored = true;
                break;
            }
        }

        engine::MonthlyLock lock;
        try {
            lock = compute(folder.history, month, parameters, control);
        } catch (const std::exception& error) {
            refuse(tr("The stored history before %1 cannot be rated, so the lock of that month cannot be "
                      // DECISIONS P1: a month's lock rates the history before it.
                      "computed: %2")
                       .arg(key, QString::fromUtf8(error.what())));
        }
        if (cancelled())
            break;
        ++outcome.computations;
        MonthLockRatings ratings = lockRatingsOf(folder, lock, key);
        if (store.isReadOnly()) {
            outcome.ratings = std::move(ratings);
            break;
        }
        const ComputedLock rows = computedLockOf(folder, lock, digest);
        try {
            store.storeComputedLock(key, rows.ratings, outcome.parameters, lock.iterations, lock.converged,
                                    digest, outcome.generation);
            outcome.stored = true;
            outcome.ratings = std::move(ratings);
        } catch (const StoreError& refused) {
            if (refused.kind() != StoreError::Kind::Refused) {
                // A busy or failing database: storing saves the next computation only, the
                // ratings are still the history's it read.
                outcome.ratings = std::move(ratings);
            } else if (store.historyGeneration() == outcome.generation) {
                // Not a changed history: a month an award used keeps its lock (P2); the
                // ratings are still this history's.
                outcome.ratings = std::move(ratings);
            }
            // Otherwise the history changed while computing: the next attempt reads it again.
        }
    }
    if (!outcome.ratings && !cancelled())
        refuse(tr("The stored results kept changing while the ratings of %1 were computed; select "
                  "the event again to compute them.")
                   .arg(key));
    return outcome;
}

} // namespace flickdesk::core
