#include "models/ratings/recomputejob.h"

#include "core/awards/monthlocks.h"
#include "core/awards/payout.h"
#include "core/awards/tourpoints.h"
#include "core/formats/historydigest.h"
#include "core/store/store.h"
#include "flickdesk/engine/date.h"
#include "flickdesk/engine/points.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <exception>
#include <limits>
#include <map>
#include <set>

namespace flickdesk::ui {
namespace {

engine::DayNumber nextMonth(engine::DayNumber day)
{
    engine::CivilDate date = engine::toCivilDate(engine::firstOfMonth(day));
    date.month += 1;
    if (date.month > 12) {
        date.month = 1;
        date.year += 1;
    }
    return engine::toDayNumber(date);
}

// DECISIONS P2: what the new lock of an awarded event's month would pay, beside what was frozen.
LockDifference differenceOf(const RatingRun& run, const AwardedEvent& awarded,
                            const engine::MonthlyLock& lock, std::size_t eventIndex)
{
    const engine::Event& event = run.folder.history.events[eventIndex];
    const core::EventInfo& info = run.folder.events[eventIndex];
    LockDifference difference;
    difference.eventId = awarded.eventId;
    difference.eventName = info.name;
    difference.date = QString::fromStdString(engine::formatIsoDate(event.date));
    difference.lockMonth = awarded.award.lockMonth;
    difference.oldFsi = awarded.award.fsi;
    difference.oldFdi = awarded.award.fdi;
    for (const core::PlayerAward& award : awarded.award.awards) {
        if (award.place == 1)
            difference.oldWinnerPoints = std::max(difference.oldWinnerPoints, award.points);
    }

    // The one path of the award (core/awards/payout.h), with the cap the award was paid with (P4).
    core::PayoutTerms terms = core::payoutTermsOf(info, event.format);
    terms.experimentalCap = awarded.experimentalCap;
    const engine::PayoutTable table = core::payoutTable(terms, event, lock);
    difference.newFsi = table.fieldStrengthIndex;
    difference.newFdi = table.fieldDepthIndex;
    difference.newWinnerPoints = table.awards.empty() ? 0.0 : table.awards.front();
    return difference;
}

// An awarded event of the run's history: its index in the job's `awarded` and in the history, and
// the month of the lock it was paid from (DECISIONS P1: the event's month, as the award names it).
struct AwardedLock {
    std::size_t awarded = 0;
    std::size_t event = 0;
    QString month;
};

std::vector<AwardedLock> lockMonthsOfAwards(const RatingRun& run, const std::vector<AwardedEvent>& awarded)
{
    std::vector<AwardedLock> months;
    for (std::size_t a = 0; a < awarded.size(); ++a) {
        const std::optional<std::size_t> index = core::findEvent(run.folder, awarded[a].eventId);
        if (!index)
            continue;
        months.push_back({a, *index,
                          awarded[a].award.lockMonth.isEmpty()
                              ? monthKey(engine::firstOfMonth(run.folder.history.events[*index].date))
                              : awarded[a].award.lockMonth});
    }
    return months;
}

// DECISIONS P2: what each awarded event's month's new lock would pay (run.lockDifferences), from
// the locks the run kept and the imported lists.
void addLockDifferences(RatingRun& run, const std::vector<AwardedEvent>& awarded,
                        const std::vector<AwardedLock>& awardedMonths)
{
    std::map<QString, const engine::MonthlyLock*> lockByMonth;
    for (const engine::MonthlyLock& lock : run.locks)
        lockByMonth[monthKey(lock.month)] = &lock;
    for (const auto& [a, index, month] : awardedMonths) {
        // An NCA list imported for the month is its lock, which a run leaves as it is
        // (core/records/monthlock.h).
        const std::optional<core::Month> lockMonth = core::Month::fromString(month);
        const auto lock = lockByMonth.find(month);
        if (lockMonth && run.folder.importedLocks.count(lockMonth->firstDay()) != 0)
            run.lockDifferences.push_back(differenceOf(
                run, awarded[a], core::importedMonthlyLock(run.folder, lockMonth->firstDay(), run.parameters),
                index));
        else if (lock != lockByMonth.end())
            run.lockDifferences.push_back(differenceOf(run, awarded[a], *lock->second, index));
    }
}

} // namespace

QString monthKey(engine::DayNumber day)
{
    return core::Month::ofDay(day).toString();
}

QDate dateOf(engine::DayNumber day)
{
    const engine::CivilDate date = engine::toCivilDate(day);
    return QDate(date.year, date.month, date.day);
}

engine::DayNumber dayOf(const QDate& date)
{
    return engine::toDayNumber({date.year(), date.month(), date.day()});
}

QString HistoryStaleness::text(const QString& what) const
{
    if (!stale)
        return {};
    // Spelled out for one and for many: no translation file turns "%n event(s)" into words.
    const auto events = [](int count) {
        return count == 1 ? RecomputeJob::tr("1 event") : RecomputeJob::tr("%1 events").arg(count);
    };
    const QString added = eventsAdded == 1 ? RecomputeJob::tr("1 event was added")
                                           : RecomputeJob::tr("%1 events were added").arg(eventsAdded);
    QString change;
    if (eventsAdded > 0 && eventsRemoved > 0)
        change = RecomputeJob::tr("%1 and %2 removed").arg(added, events(eventsRemoved));
    else if (eventsAdded > 0)
        change = added;
    else if (eventsRemoved > 0)
        change = eventsRemoved == 1 ? RecomputeJob::tr("1 event was removed")
                                    : RecomputeJob::tr("%1 events were removed").arg(eventsRemoved);
    else
        change = RecomputeJob::tr("the latest changes to the results");
    const QString sentence = RecomputeJob::tr("These %1 are from before %2").arg(what, change);
    if (!computedFrom.isValid())
        return RecomputeJob::tr("%1.").arg(sentence);
    return RecomputeJob::tr("%1 (computed %2).")
        .arg(sentence, computedFrom.toString(QStringLiteral("yyyy-MM-dd HH:mm")));
}

HistoryStaleness historyStaleness(core::Store& store, const RatingRun& run)
{
    HistoryStaleness staleness;
    staleness.computedFrom = run.readAt;
    if (!run.generation)
        return staleness;
    try {
        if (store.historyGeneration() == *run.generation)
            return staleness;
        staleness.stale = true;
        // What the director sees as changed: the events the run rated against those rated now
        // (Store::loadHistory takes every finished or awarded event).
        std::set<QString> rated;
        for (const core::EventInfo& event : run.folder.events)
            rated.insert(event.eventId);
        std::size_t stillRated = 0;
        for (const core::EventSummary& event : store.events()) {
            if (event.status != core::EventStatus::Finished && event.status != core::EventStatus::Awarded)
                continue;
            if (rated.count(event.id) != 0)
                ++stillRated;
            else
                ++staleness.eventsAdded;
        }
        staleness.eventsRemoved = static_cast<int>(rated.size() - stillRated);
    } catch (const core::StoreError&) {
        staleness = HistoryStaleness{};
        staleness.computedFrom = run.readAt;
    }
    return staleness;
}

std::optional<engine::PlayerIndex> RatingRun::playerIndex(const QString& playerId) const
{
    const std::string id = playerId.toStdString();
    const auto& ids = folder.history.playerIds;
    const auto it = std::find(ids.begin(), ids.end(), id);
    if (it == ids.end())
        return std::nullopt;
    return static_cast<engine::PlayerIndex>(it - ids.begin());
}

QString RatingRun::playerId(engine::PlayerIndex player) const
{
    return QString::fromStdString(folder.history.playerIds.at(static_cast<std::size_t>(player)));
}

RecomputeInput RecomputeJob::readInput(core::Store& store, Mode mode, const QDate& today)
{
    RecomputeInput input;
    // The count of changes first: a change while reading makes the run older than the history,
    // never taken for newer.
    input.generation = store.historyGeneration();
    input.readAt = QDateTime::currentDateTime();
    input.folder = store.loadHistory();
    store.flickSkillParameters().applyTo(input.parameters);
    input.parametersJson = core::flickSkillParametersJson(input.parameters);
    input.computeLocks = mode == Mode::Full;
    input.today = today;

    QStringList ids;
    ids.reserve(static_cast<qsizetype>(input.folder.history.playerIds.size()));
    for (const std::string& id : input.folder.history.playerIds)
        ids.append(QString::fromStdString(id));
    for (const core::PlayerRecord& player : store.players(ids)) {
        if (!player.name.isEmpty())
            input.names.insert(player.id, player.name);
    }
    if (mode == Mode::Full) {
        input.historyFingerprint = core::Store::historyFingerprintOf(input.folder); // not read again
        for (const core::EventSummary& summary : store.events()) {
            if (summary.status != core::EventStatus::Awarded)
                continue;
            std::optional<core::AwardRecord> award = store.currentAward(summary.id);
            if (!award)
                continue;
            AwardedEvent awarded;
            awarded.eventId = summary.id;
            awarded.award = std::move(*award);
            if (const std::optional<core::EventRecord> record = store.event(summary.id))
                awarded.experimentalCap =
                    core::experimentalCapOf(record->experimental, record->experimentalCap);
            input.awarded.push_back(std::move(awarded));
        }
    }
    return input;
}

RecomputeJob::RecomputeJob(RecomputeInput input, QObject* parent)
    : QObject(parent)
    , m_input(std::move(input))
{
    setAutoDelete(false);
}

RecomputeJob::RecomputeJob(std::unique_ptr<core::Store> worker, Mode mode, const QDate& today,
                           unsigned lockThreads, QObject* parent)
    : QObject(parent)
    , m_worker(std::move(worker))
    , m_mode(mode)
    , m_today(today)
{
    m_input.lockThreads = lockThreads;
    setAutoDelete(false);
}

RecomputeJob::~RecomputeJob()
{
    cancel();
    wait();
}

void RecomputeJob::start(QThreadPool* pool)
{
    {
        std::lock_guard<std::mutex> guard(m_mutex);
        if (m_started)
            return;
        m_started = true;
        m_running = true;
    }
    m_pool = pool;
    pool->start(this);
}

void RecomputeJob::cancel()
{
    m_cancel.cancel();
}

void RecomputeJob::wait()
{
    // A job still in the pool's queue is taken off it: it never runs, and nothing waits for it.
    if (m_pool != nullptr && m_pool->tryTake(this)) {
        std::lock_guard<std::mutex> guard(m_mutex);
        m_running = false;
        m_cancelled = true;
        return;
    }
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return !m_running; });
}

void RecomputeJob::deleteWhenFinished()
{
    cancel();
    {
        std::lock_guard<std::mutex> guard(m_mutex);
        if (m_running && m_pool != nullptr && m_pool->tryTake(this)) {
            m_running = false; // taken off the queue: it never runs
            m_cancelled = true;
        }
        if (m_running) {
            m_deleteWhenFinished = true; // run() asks for the deletion as it ends
            return;
        }
    }
    deleteLater();
}

bool RecomputeJob::isRunning() const
{
    std::lock_guard<std::mutex> guard(m_mutex);
    return m_running;
}

std::vector<PlayerRatingRow> ratingRows(const RatingRun& run)
{
    std::vector<PlayerRatingRow> rows;
    const engine::RatingHistory& history = run.folder.history;
    for (std::size_t p = 0; p < history.playerIds.size(); ++p) {
        if (p >= run.result.curves.size() || run.result.curves[p].empty())
            continue;
        PlayerRatingRow row;
        row.playerId = QString::fromStdString(history.playerIds[p]);
        row.name = run.name(row.playerId);
        const engine::Gaussian rating = run.rating(static_cast<engine::PlayerIndex>(p));
        row.mu = rating.mu;
        row.sigma = rating.sigma;
        if (p < run.playerEvents.size()) {
            for (const std::size_t event : run.playerEvents[p]) {
                ++row.eventsPlayed;
                row.playedCompetitive |= run.folder.events[event].tour == core::Tour::Competitive;
                row.playedRecreational |= run.folder.events[event].tour == core::Tour::Recreational;
            }
        }
        row.lastPlayed = dateOf(run.result.curves[p].back().date);
        rows.push_back(std::move(row));
    }
    RatingsListModel::rankByPlayerId(rows);
    RatingsListModel::sortRows(rows, RatingsListModel::MuColumn, Qt::DescendingOrder);
    return rows;
}

void RecomputeJob::run()
{
    // A run is large (at a million finishes: the history, every player's curve, the list's rows)
    // and its last holder is often the window's thread (a view taking the next run): it is freed
    // on a pool thread instead: freeing the list's and the page's previous runs there had blocked
    // the event loop for 226 ms at a million finishes (bench_recompute).
    std::shared_ptr<RatingRun> run = freedInPool(new RatingRun);
    QString error;
    bool cancelled = false;
    std::optional<qint64> generation;
    QStringList importedMonths; // never computed: the NCA list is the month's lock
    // By the 1st of their month: the stored locks still this history's (a worker's job only).
    std::map<engine::DayNumber, engine::MonthlyLock> reusable;
    try {
        RecomputeInput& input = m_input;
        if (m_worker) {
            // Read in this thread, through the job's own connection (Store::openWorker). The count of
            // changes first: a change while reading makes the run's store refused, never wrong.
            QElapsedTimer timer;
            timer.start();
            Q_EMIT progress(0, 0, tr("Reading the stored history"));
            const unsigned lockThreads = input.lockThreads;
            input = readInput(*m_worker, m_mode, m_today);
            input.lockThreads = lockThreads;
            generation = input.generation;
            if (m_mode == Mode::Full)
                reusable = m_worker->reusableLocks(input.folder, input.parameters);
            m_readMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        }
        run->folder = std::move(input.folder);
        run->parameters = input.parameters;
        run->parametersJson = input.parametersJson;
        run->historyFingerprint = input.historyFingerprint;
        run->generation = input.generation;
        run->readAt = input.readAt;
        run->names = std::move(input.names);
        const engine::RatingHistory& history = run->folder.history;

        if (!run->folder.defects.empty()) {
            error = tr("The stored history cannot be rated: %n defect(s), the first: %1", nullptr,
                       static_cast<int>(run->folder.defects.size()))
                        .arg(QString::fromStdString(engine::describe(run->folder.defects.front())));
        } else {
            // The months to lock (DECISIONS P1): every month with an event, the month after the
            // last one and the current month: the locks the next events will be paid from.
            std::vector<engine::DayNumber> months;
            if (input.computeLocks && !history.events.empty()) {
                months = engine::monthsOfEvents(history);
                months.push_back(nextMonth(months.back()));
                if (input.today.isValid() && engine::firstOfMonth(dayOf(input.today)) > months.back())
                    months.push_back(engine::firstOfMonth(dayOf(input.today)));
            }
            // Only what changed is computed: a stored lock whose history before its month is
            // unchanged is reused; an imported NCA list is the month's lock and never computed
            // (core/records/monthlock.h). Without a worker connection every month is computed.
            std::vector<engine::MonthlyLock> reused;
            if (m_worker) {
                std::vector<engine::DayNumber> toCompute;
                for (const engine::DayNumber month : months) {
                    if (const auto found = reusable.find(month); found != reusable.end())
                        reused.push_back(std::move(found->second));
                    else if (run->folder.importedLocks.count(month) == 0)
                        toCompute.push_back(month);
                    else
                        importedMonths.append(monthKey(month));
                }
                months = std::move(toCompute);
            }
            // The bar's steps: the run's sweeps (at most max_iter + 1), then one per lock. Each lock
            // is a run of its own, so with locks the whole run counts as a few of them.
            const int maxSweeps = run->parameters.maxIterations + 1;
            const int sweeps = months.empty() ? maxSweeps : std::min(maxSweeps, 5);
            const int total = sweeps + static_cast<int>(months.size());

            engine::FlickSkillRunControl control;
            control.cancel = &m_cancel;
            control.onProgress = [this, total, sweeps, maxSweeps](const engine::FlickSkillProgress& p) {
                const QString step =
                    p.iteration == 0 ? tr("Rating the history: forward pass")
                                     : tr("Rating the history: sweep %1 of at most %2 (largest change %3)")
                                           .arg(p.iteration)
                                           .arg(p.maxIterations)
                                           .arg(p.step, 0, 'g', 3);
                Q_EMIT progress(std::min(sweeps, (p.iteration + 1) * sweeps / maxSweeps), total, step);
            };
            Q_EMIT progress(0, total, tr("Rating the history"));
            run->result = engine::rateHistory(history, run->parameters, control);
            cancelled = run->result.cancelled || m_cancel.isCancelled();

            if (!cancelled) {
                run->playerEvents.assign(history.playerIds.size(), {});
                std::vector<std::size_t> byDate(history.events.size());
                for (std::size_t i = 0; i < byDate.size(); ++i)
                    byDate[i] = i;
                std::stable_sort(byDate.begin(), byDate.end(), [&history](std::size_t a, std::size_t b) {
                    return history.events[a].date < history.events[b].date;
                });
                for (const std::size_t i : byDate) {
                    std::vector<engine::PlayerIndex> players;
                    for (const engine::Standing& standing : history.events[i].standings)
                        players.insert(players.end(), standing.unit.players.begin(),
                                       standing.unit.players.end());
                    for (const engine::HeadToHeadGame& game : history.events[i].games) {
                        players.insert(players.end(), game.a.players.begin(), game.a.players.end());
                        players.insert(players.end(), game.b.players.begin(), game.b.players.end());
                    }
                    std::sort(players.begin(), players.end());
                    players.erase(std::unique(players.begin(), players.end()), players.end());
                    for (const engine::PlayerIndex player : players)
                        run->playerEvents[static_cast<std::size_t>(player)].push_back(i);
                }
                run->listRows = ratingRows(*run);
            }

            // The months whose lock the differences of awarded events need (P2): kept in memory.
            const std::vector<AwardedLock> awardedMonths = lockMonthsOfAwards(*run, input.awarded);
            std::set<QString> keptInMemory;
            for (const AwardedLock& awarded : awardedMonths)
                keptInMemory.insert(awarded.month);
            if (!cancelled) {
                LockPlan plan;
                plan.months = std::move(months);
                plan.reused = std::move(reused);
                plan.keptInMemory = std::move(keptInMemory);
                plan.importedMonths = importedMonths;
                plan.generation = generation;
                plan.sweeps = sweeps;
                plan.total = total;
                cancelled = !lockMonths(*run, std::move(plan));
            }
            if (!cancelled) {
                addLockDifferences(*run, input.awarded, awardedMonths);
                Q_EMIT progress(total, total, tr("Done"));
            }
        }
    } catch (const core::StoreError& failure) {
        error = failure.message();
    } catch (const std::exception& failure) {
        error = tr("The ratings could not be computed: %1").arg(QString::fromUtf8(failure.what()));
    }
    m_worker.reset(); // the connection closes in the thread that used it

    {
        std::lock_guard<std::mutex> guard(m_mutex);
        m_cancelled = cancelled;
        m_error = error;
        if (!cancelled && error.isEmpty())
            m_result = std::move(run);
    }
    Q_EMIT finished();
    // Notified under the lock: a waiter may destroy the job as soon as it sees the job ended, so
    // nothing of it is touched after the lock is released.
    std::lock_guard<std::mutex> guard(m_mutex);
    m_running = false;
    if (m_deleteWhenFinished)
        deleteLater(); // thread-safe: an event to the GUI thread, whose destructor waits for the lock
    m_done.notify_all();
}

bool RecomputeJob::lockMonths(RatingRun& run, LockPlan plan)
{
    const engine::RatingHistory& history = run.folder.history;
    std::vector<engine::DayNumber>& months = plan.months;
    std::vector<engine::MonthlyLock>& reused = plan.reused;
    const std::set<QString>& keptInMemory = plan.keptInMemory;
    const int sweeps = plan.sweeps;
    const int total = plan.total;
    // Every lock a worker's full recompute computes is stored as soon as it is done and let go, so
    // that storing overlaps computing and the locks are never all held (at a million finishes they
    // were 1.78 GB with the history and the run); only those of `keptInMemory` stay.
    const bool streaming = m_worker && m_mode == Mode::Full;
    bool cancelled = false;
    const auto letGo = [&keptInMemory](engine::MonthlyLock& lock) {
        if (keptInMemory.count(monthKey(lock.month)) == 0) {
            engine::MonthlyLock stored; // only its month is kept
            stored.month = lock.month;
            lock = std::move(stored);
        }
    };
    std::unique_ptr<core::RatingRunStore> storing;
    std::vector<QString> ids;                     // every player's id, shared by every lock's rows
    std::map<engine::DayNumber, QString> digests; // of the history before each month stored
    const auto storeLock = [&](const engine::MonthlyLock& lock) {
        // Cancelled: the locks already computed are let go, not stored (Cancel stops at once).
        if (!storing || storing->failed() || m_cancel.isCancelled())
            return;
        QElapsedTimer timer;
        timer.start();
        try {
            const core::ComputedLock computed =
                core::computedLockOf(run.folder, lock, digests.at(lock.month), ids);
            storing->add({&computed});
        } catch (const core::StoreError& failure) {
            m_storeError = failure.message(); // the run is still shown; nothing more is stored
        }
        m_storeMs += static_cast<double>(timer.nsecsElapsed()) / 1e6;
    };
    if (streaming) {
        ids.reserve(history.playerIds.size());
        for (const std::string& id : history.playerIds)
            ids.push_back(QString::fromStdString(id));
        std::vector<engine::DayNumber> all = months;
        for (const engine::MonthlyLock& lock : reused)
            all.push_back(lock.month);
        digests = core::historyDigestsBefore(run.folder, run.parametersJson, std::move(all));
        try {
            storing =
                m_worker->beginRatingRun(run.parametersJson, run.historyFingerprint, run.result.iterations,
                                         run.result.converged, plan.generation, ids);
        } catch (const core::StoreError& failure) {
            m_storeError = failure.message();
        }
    }

    // DECISIONS P1, N6: the lock of a month after every event (the month after the last
    // one, the current month) holds the run's latest posteriors, bit for bit what a run of
    // its own gives (engine::lockAfterHistory): taken from the run, not computed again. They
    // are the two largest locks (at 16 times the NCA's history, 0.7 s each).
    std::vector<engine::MonthlyLock> taken;
    {
        std::vector<engine::DayNumber> toRun;
        for (const engine::DayNumber month : months) {
            if (engine::isAfterHistory(history, month))
                taken.push_back(engine::lockAfterHistory(history, month, run.parameters, run.result));
            else
                toRun.push_back(month);
        }
        months = std::move(toRun);
    }
    // Each lock as it is done, in this thread: stored, then let go. The bar counts the locks
    // stored (reported here only, so its steps never go back). The locks taken from the run
    // are stored at the first hand-over, while the workers compute.
    const int count = static_cast<int>(months.size() + taken.size());
    int done = 0;
    const auto handOver = [&](engine::MonthlyLock& lock) {
        storeLock(lock);
        letGo(lock);
        ++done;
        Q_EMIT progress(sweeps + done, total,
                        tr("Monthly locks: %1 of %2 computed and stored").arg(done).arg(count));
    };
    std::size_t takenStored = 0;
    const auto storeTaken = [&] {
        for (; takenStored < taken.size(); ++takenStored)
            handOver(taken[takenStored]);
    };
    if (!months.empty()) {
        engine::FlickSkillRunControl lockControl;
        lockControl.cancel = &m_cancel;
        core::MonthLocks::MonthsRequest request;
        if (streaming) {
            request.computed = [&](engine::MonthlyLock& lock) {
                storeTaken();
                handOver(lock);
            };
        } else {
            // Finished locks are reported from several threads, one at a time but not
            // necessarily in order: only a count above the last one reported is passed on.
            lockControl.onProgress = [this, sweeps, total, before = static_cast<int>(taken.size()),
                                      reported = 0](const engine::FlickSkillProgress& p) mutable {
                if (p.iteration <= reported)
                    return;
                reported = p.iteration;
                Q_EMIT progress(
                    sweeps + before + p.iteration, total,
                    tr("Monthly locks: %1 of %2").arg(before + p.iteration).arg(before + p.maxIterations));
            };
        }
        request.control = lockControl;
        request.threads = m_input.lockThreads;
        // Never the large-history schedule, which hands memory back after each lock: that
        // holds the allocator's locks, and the window's thread waited on them (a check-in
        // took 223 ms at a million finishes).
        request.largeRun = std::numeric_limits<std::size_t>::max();
        // The one door of the locks (core::MonthLocks): the stored locks read with the history are
        // taken as they are, the others computed and handed over here to be stored with the run.
        std::vector<engine::DayNumber> asked = months;
        std::map<engine::DayNumber, engine::MonthlyLock> stored;
        for (engine::MonthlyLock& lock : reused) {
            asked.push_back(lock.month);
            stored.emplace(lock.month, std::move(lock));
        }
        request.stored = &stored;
        core::MonthLocks::MonthsOutcome obtained =
            core::MonthLocks::obtainMonths(nullptr, run.folder, run.parameters, asked, request);
        cancelled = m_cancel.isCancelled() || obtained.cancelled;
        reused.clear();
        if (obtained.cancelled) { // the stored ones untouched, as they were read
            for (auto& [month, lock] : stored)
                reused.push_back(std::move(lock));
        }
        for (std::size_t m = 0; m < obtained.locks.size(); ++m)
            (obtained.computed[m] ? run.locks : reused).push_back(std::move(obtained.locks[m]));
        cancelled = cancelled || run.locks.size() != months.size();
    }
    if (!cancelled) {
        if (streaming)
            storeTaken();
        for (engine::MonthlyLock& lock : taken)
            run.locks.push_back(std::move(lock));
    }
    m_locksComputed = cancelled ? 0 : static_cast<int>(run.locks.size());
    m_locksReused = static_cast<int>(reused.size());
    if (!cancelled && !reused.empty()) {
        // The reused locks last: they are found unchanged and only attributed to the run, so
        // a run cancelled before writes no more than the locks it computed.
        for (engine::MonthlyLock& lock : reused) {
            storeLock(lock);
            if (streaming)
                letGo(lock);
            run.locks.push_back(std::move(lock));
        }
    }
    if (streaming) {
        std::erase_if(run.locks, [&keptInMemory](const engine::MonthlyLock& lock) {
            return keptInMemory.count(monthKey(lock.month)) == 0;
        });
    }
    std::sort(run.locks.begin(), run.locks.end(),
              [](const engine::MonthlyLock& a, const engine::MonthlyLock& b) { return a.month < b.month; });

    // The run stored, or what of it was stored before a cancel or a failure (logged as
    // stopped when the store is let go).
    if (storing) {
        if (!cancelled && !storing->failed()) {
            QElapsedTimer timer;
            timer.start();
            try {
                m_report = storing->finish();
                // An imported list stays the month's lock: reported as kept, as it always was.
                m_report.kept += plan.importedMonths;
                m_report.kept.sort();
                m_stored = true;
            } catch (const core::StoreError& failure) {
                m_storeError = failure.message();
            }
            m_storeMs += static_cast<double>(timer.nsecsElapsed()) / 1e6;
        } else {
            m_report = storing->report();
        }
        storing.reset();
    }
    return !cancelled;
}

void startRatingsOnlyJob(core::Store& store, RecomputeJobHandle& slot, QObject* context,
                         const std::function<void(RatingRunPtr)>& shown,
                         const std::function<void(const QString&)>& failed)
{
    std::unique_ptr<core::Store> worker;
    try {
        worker = store.openWorker();
    } catch (const core::StoreError& error) {
        failed(error.message());
        return;
    }
    slot.reset(new RecomputeJob(std::move(worker), RecomputeJob::Mode::RatingsOnly));
    RecomputeJob* job = slot.get();
    // `slot` belongs to `context`: the connection goes with it.
    QObject::connect(job, &RecomputeJob::finished, context, [&slot, job, shown, failed] {
        if (slot.get() != job)
            return; // a job let go
        if (job->result())
            shown(job->result());
        else
            failed(job->errorString());
    });
    job->start();
}

QFuture<LoadedHistory> loadHistoryInBackground(core::Store& store)
{
    std::shared_ptr<core::Store> worker;
    try {
        worker = store.openWorker();
    } catch (const core::StoreError& error) {
        LoadedHistory failed;
        failed.error = error.message();
        return runInThreadPool([failed] { return failed; });
    }
    return runInThreadPool([worker]() mutable {
        LoadedHistory loaded;
        try {
            // Read first: a change while the history is read makes the locks computed from it
            // refused, never stored as another history's (core::storeComputedTourLocks).
            loaded.generation = worker->historyGeneration();
            loaded.folder =
                freedInPool<const core::HistoryFolder>(new core::HistoryFolder(worker->loadHistory()));
        } catch (const core::StoreError& error) {
            loaded.error = error.message();
        }
        worker.reset(); // closed in the thread that used it
        return loaded;
    });
}

QFuture<int> storeTourLocksInBackground(core::Store& store,
                                        std::shared_ptr<const core::ComputedTourLocks> locks)
{
    std::shared_ptr<core::Store> worker;
    try {
        if (!store.isReadOnly())
            worker = store.openWorker();
    } catch (const core::StoreError&) {
    }
    return runInThreadPool([worker, locks]() mutable {
        int stored = 0;
        if (worker && locks && locks->folder) {
            try {
                // Quitting stops it between locks: the next reader computes the others again.
                stored = core::storeComputedTourLocks(*worker, *locks->folder, locks->parameters,
                                                      locks->points, locks->generation, &quitting());
            } catch (const core::StoreError&) {
                // Storing saves the next view's time only: the view's result stands.
            }
        }
        locks.reset();
        worker.reset();
        return stored;
    });
}

} // namespace flickdesk::ui
