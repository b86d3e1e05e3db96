// The FlickDesk database (core/store/store.h): NCA rating lists, rating runs and the lock of a month.

#include "core/formats/historydigest.h"
#include "core/store/lockblob.h"
#include "core/store/storeprivate.h"

#include <chrono>

namespace flickdesk::core {

namespace {

// A computed lock's digest as its `locks` row holds it (never NULL).
QString digestText(const ComputedLock& lock)
{
    return lock.historyDigest.isNull() ? QStringLiteral("") : lock.historyDigest;
}

std::string_view bytesOf(const QByteArray& blob)
{
    return {blob.constData(), static_cast<std::size_t>(blob.size())};
}

} // namespace

RatingsImportReport RatingStore::importRatings(const std::vector<RatingListEntry>& list, const QString& month,
                                               bool replace, const QString& origin)
{
    if (!isMonth(month))
        throw StoreError(StoreError::Kind::Refused,
                         tr("'%1' is not a month of the form YYYY-MM.").arg(month));
    return d->guarded([&] {
        d->requireWritable();
        RatingsImportReport report;
        FullSync fullSync(d->db);
        sqlite::Transaction transaction(d->db);
        d->touched(StoreChange::locks(month));

        QStringList awardedEvents;
        {
            sqlite::Statement select(
                d->db, "SELECT DISTINCT event_id FROM event_awards WHERE lock_month = ? ORDER BY event_id");
            select.bind(1, month);
            while (select.step())
                awardedEvents.append(select.text(0));
        }
        sqlite::Statement existing(d->db, "SELECT source, origin, players FROM locks l WHERE month = ?");
        existing.bind(1, month);
        const bool hadLock = existing.step();
        const QJsonObject before =
            hadLock ? QJsonObject{{QStringLiteral("source"), existing.text(0)},
                                  {QStringLiteral("origin"), existing.text(1)},
                                  {QStringLiteral("players"), static_cast<qint64>(existing.integer(2))}}
                    : QJsonObject();
        existing.reset();
        if (hadLock && !awardedEvents.isEmpty() && !replace)
            throw StoreError(
                StoreError::Kind::Refused,
                tr("The lock of %1 was used to award event(s) %2; replacing it needs --replace (the "
                   // DECISIONS P2: awards keep the lock they were made with.
                   "awards stay as they were). Nothing was written.")
                    .arg(month, awardedEvents.join(QStringLiteral(", "))));

        std::vector<PlayerRecord> players;
        players.reserve(list.size());
        for (const RatingListEntry& entry : list)
            players.push_back({entry.playerId, entry.name, {}, {}});
        // DECISIONS D1: an import never merges two people under one id.
        for (const Private::NameConflict& conflict : d->nameConflicts(players)) {
            const RatingListEntry& entry = list[conflict.index];
            report.defects.push_back(
                Defect{SourceRef{origin.toStdString(), entry.line},
                       "name",
                       {},
                       nameConflictMessage(entry.playerId, conflict.storedName, entry.name).toStdString()});
        }
        if (!report.defects.empty())
            return report; // the transaction rolls back: nothing was written
        report.playersAdded = d->insertPlayers(players, origin);

        if (hadLock) {
            sqlite::Statement remove(d->db, "DELETE FROM locks WHERE month = ?");
            remove.bind(1, month).run();
            report.replaced = true;
        }
        std::vector<LockedRating> ratings;
        ratings.reserve(list.size());
        for (const RatingListEntry& entry : list)
            ratings.push_back({entry.playerId, entry.mu, entry.sigma});
        const QByteArray blob = lockblob::encodeOrRefuse(ratings, month);
        sqlite::Statement lock(d->db,
                               "INSERT INTO locks (month, source, run_id, origin, created_at, players, "
                               "ratings) VALUES (?, 'imported', NULL, ?, ?, ?, ?)");
        lock.bind(1, month)
            .bind(2, nonNull(QFileInfo(origin).fileName()))
            .bind(3, isoUtc(d->now()))
            .bind(4, static_cast<std::int64_t>(ratings.size()))
            .bindBlob(5, bytesOf(blob))
            .run();
        report.players = static_cast<int>(list.size());
        if (hadLock) {
            // A lock that awarded events used is part of their history: its replacement is logged
            // under each of them (their frozen awards do not change, DECISIONS P2).
            const QJsonObject details{{QStringLiteral("month"), month},
                                      {QStringLiteral("origin"), origin},
                                      {QStringLiteral("before"), before},
                                      {QStringLiteral("players"), report.players}};
            if (awardedEvents.isEmpty())
                d->audit(QStringLiteral("replace-lock"), QString(), details);
            for (const QString& eventId : awardedEvents)
                d->audit(QStringLiteral("replace-lock"), eventId, details);
        }
        transaction.commit();
        return report;
    });
}

void RatingStore::storeComputedLock(const QString& month, const std::vector<LockedRating>& ratings,
                                    const QJsonObject& parameters, int iterations, bool converged,
                                    const QString& historyDigest, std::optional<qint64> generation,
                                    const std::function<void(int, int)>& stored)
{
    if (!isMonth(month))
        throw StoreError(StoreError::Kind::Refused,
                         tr("'%1' is not a month of the form YYYY-MM.").arg(month));
    QString digest = historyDigest;
    if (digest.isEmpty())
        digest = historyDigestBefore(loadHistory(), parameters, Month::fromString(month)->firstDay());
    const ComputedLock lock{month, ratings, digest};
    d->guarded([&] {
        d->requireWritable();
        d->touched(StoreChange::locks(month));
        // A lock computed from a copy of the history (a worker thread) is stored only if the rated
        // history did not change since the copy was read.
        const auto changed = [&month] {
            return StoreError(StoreError::Kind::Refused,
                              tr("The stored history changed while the ratings of %1 were computed; "
                                 "they were not stored.")
                                  .arg(month));
        };
        const auto awarded = [this, &month] {
            sqlite::Statement used(d->db, "SELECT count(*) FROM event_awards WHERE lock_month = ?");
            used.bind(1, month);
            return used.step() && used.integer(0) > 0;
        };
        // DECISIONS P2: awards keep the lock they were made with.
        const auto usedByAwards = [&month] {
            return StoreError(StoreError::Kind::Refused,
                              tr("The lock of %1 was used to award events; it is not replaced.").arg(month));
        };
        // The lock whole in one transaction (a row and its blob, core/store/lockblob.h): at a million
        // finishes its 250,000 players take a few milliseconds to write, so the director's check-ins
        // wait no longer than for a rows-per-transaction split of the old table. What takes longer,
        // the blob and the players it names, is made before the write lock is taken.
        const QByteArray blob = lockblob::encodeOrRefuse(ratings, month);
        std::vector<PlayerRecord> missingPlayers;
        {
            sqlite::Transaction reading(d->db, sqlite::Transaction::Kind::Deferred);
            missingPlayers = d->lockPlayersMissing({&lock});
            reading.commit();
        }
        sqlite::Transaction transaction(d->db);
        if (generation && *generation != d->historyGeneration())
            throw changed();
        if (awarded())
            throw usedByAwards();
        if (d->monthsKeptAsTheyAre().count(month) != 0)
            return; // the NCA list is the month's lock (core/records/monthlock.h)
        const QString now = isoUtc(d->now());
        const std::int64_t runId = d->insertRatingRun(now, parameters, digest, iterations, converged);
        d->insertPlayers(missingPlayers);
        d->replaceComputedLock(month, runId, now, digest, false, blob, static_cast<qint64>(ratings.size()));
        transaction.commit();
        if (stored)
            stored(static_cast<int>(ratings.size()), static_cast<int>(ratings.size()));
    });
}

qint64 RatingStore::historyGeneration()
{
    return d->guarded([&] { return d->historyGeneration(); });
}

qint64 StoreConnection::Private::historyGeneration()
{
    // Before schema version 6 there is no counter: nothing was computed away from the store then.
    if (db.queryInteger("PRAGMA user_version").value_or(0) < 6)
        return 0;
    return db.queryInteger("SELECT generation FROM history_state WHERE id = 1").value_or(0);
}

std::int64_t StoreConnection::Private::insertRatingRun(const QString& now, const QJsonObject& parameters,
                                                       const QString& fingerprint, int iterations,
                                                       bool converged)
{
    sqlite::Statement run(db, "INSERT INTO rating_runs (created_at, parameters, history_fingerprint, "
                              "iterations, converged) VALUES (?, ?, ?, ?, ?)");
    run.bind(1, now)
        .bind(2, jsonText(parameters))
        .bind(3, fingerprint)
        .bind(4, iterations)
        .bind(5, converged ? 1 : 0)
        .run();
    return db.lastInsertRowId();
}

std::vector<PlayerRecord>
StoreConnection::Private::lockPlayersMissing(const std::vector<const ComputedLock*>& locks)
{
    std::vector<const QString*> ids;
    for (const ComputedLock* lock : locks) {
        for (const LockedRating& r : lock->ratings)
            ids.push_back(&r.playerId);
    }
    return playersMissing(std::move(ids));
}

std::vector<PlayerRecord> StoreConnection::Private::playersMissing(std::vector<const QString*> ids)
{
    // Each id once, in key order (each look-up lands beside the last): sorted pointers, not a set of
    // copies (a lock at a million finishes names 250,000 players).
    std::sort(ids.begin(), ids.end(), [](const QString* a, const QString* b) { return *a < *b; });
    ids.erase(
        std::unique(ids.begin(), ids.end(), [](const QString* a, const QString* b) { return *a == *b; }),
        ids.end());
    std::vector<PlayerRecord> missing;
    sqlite::Statement known(db, "SELECT 1 FROM players WHERE id = ?");
    for (const QString* id : ids) {
        known.reset();
        known.bind(1, *id);
        if (!known.step())
            missing.push_back({*id, {}, {}, {}});
    }
    return missing;
}

void StoreConnection::Private::replaceComputedLock(const QString& month, std::int64_t runId,
                                                   const QString& now, const QString& digest, bool stale,
                                                   const QByteArray& ratings, qint64 players)
{
    sqlite::Statement remove(db, "DELETE FROM locks WHERE month = ?");
    remove.bind(1, month).run();
    sqlite::Statement insert(db,
                             "INSERT INTO locks (month, source, run_id, origin, created_at, history_digest, "
                             "stale, players, ratings) VALUES (?, 'computed', ?, '', ?, ?, ?, ?, ?)");
    insert.bind(1, month)
        .bind(2, runId)
        .bind(3, now)
        .bind(4, digest)
        .bind(5, stale ? 1 : 0)
        .bind(6, static_cast<std::int64_t>(players))
        .bindBlob(7, bytesOf(ratings))
        .run();
}

std::set<QString> StoreConnection::Private::monthsKeptAsTheyAre()
{
    // DECISIONS P2: the lock an award was paid from stays; an imported NCA list is the month's lock
    // (core/records/monthlock.h).
    std::set<QString> kept;
    sqlite::Statement select(db, "SELECT lock_month FROM event_awards UNION "
                                 "SELECT month FROM locks WHERE source = 'imported'");
    while (select.step())
        kept.insert(select.text(0));
    return kept;
}

QStringList StoreConnection::Private::writeComputedLocks(const std::vector<ComputedLock>& locks,
                                                         const QJsonObject& parameters,
                                                         const QString& fingerprint, int iterations,
                                                         bool converged)
{
    std::vector<const ComputedLock*> all;
    for (const ComputedLock& lock : locks)
        all.push_back(&lock);
    return writeComputedLocks(
        locks.size(), [&locks](std::size_t k) { return locks[k].month; },
        [&locks](std::size_t k) -> const ComputedLock& { return locks[k]; }, lockPlayersMissing(all),
        parameters, fingerprint, iterations, converged);
}

QStringList StoreConnection::Private::writeComputedLocks(
    std::size_t count, const std::function<QString(std::size_t)>& monthOf,
    const std::function<const ComputedLock&(std::size_t)>& lockAt, const std::vector<PlayerRecord>& players,
    const QJsonObject& parameters, const QString& fingerprint, int iterations, bool converged)
{
    QStringList written;
    const std::set<QString> kept = monthsKeptAsTheyAre();
    std::vector<std::size_t> chosen;
    for (std::size_t k = 0; k < count; ++k) {
        if (kept.count(monthOf(k)) == 0)
            chosen.push_back(k);
    }
    if (chosen.empty())
        return written;
    const QString now = isoUtc(this->now());
    const std::int64_t runId = insertRatingRun(now, parameters, fingerprint, iterations, converged);
    insertPlayers(players);
    for (const std::size_t k : chosen) {
        const ComputedLock& lock = lockAt(k);
        replaceComputedLock(lock.month, runId, now, digestText(lock), false,
                            lockblob::encodeOrRefuse(lock.ratings, lock.month),
                            static_cast<qint64>(lock.ratings.size()));
        written.append(lock.month);
    }
    return written;
}

void StoreConnection::Private::writeLocksInTurns(const std::vector<const ComputedLock*>& toWrite,
                                                 std::int64_t runId, const QString& now, qint64 expected,
                                                 QStringList& written, QStringList& kept,
                                                 const std::function<StoreError(int, int)>& changed,
                                                 const std::function<void(int, int, std::size_t)>& stored)
{
    // Each lock is one row (core/store/lockblob.h), written whole: a reader between two
    // transactions finds each month's lock as it was, absent, or as this run computed it. A
    // transaction writes a few months: at most StoreOptions::lockRowsPerTransaction players (one
    // lock at least), and no more locks once StoreOptions::lockWriteMilliseconds are up, so a
    // director's check-in waits for one such transaction at most (sqlite::WriteTurns). The blobs
    // are made before the write lock is taken.
    int writtenHere = 0;
    int done = 0;
    std::size_t k = 0; // the next lock to write
    const std::size_t budget = static_cast<std::size_t>(std::max(1, options.lockRowsPerTransaction));
    while (k < toWrite.size()) {
        std::vector<QByteArray> blobs;
        std::size_t rows = 0;
        for (std::size_t j = k; j < toWrite.size(); ++j) {
            const std::size_t size = toWrite[j]->ratings.size();
            if (j > k && rows + size > budget)
                break;
            blobs.push_back(lockblob::encodeOrRefuse(toWrite[j]->ratings, toWrite[j]->month));
            rows += size;
        }
        sqlite::Transaction transaction(db);
        if (expected != historyGeneration())
            throw changed(writtenHere, static_cast<int>(toWrite.size()));
        // Awarded or imported since the months were read: kept as they are now (P2).
        const std::set<QString> keep = monthsKeptAsTheyAre();
        const auto began = std::chrono::steady_clock::now();
        const auto timeIsUp = [&] {
            return options.lockWriteMilliseconds > 0 &&
                   std::chrono::steady_clock::now() - began >=
                       std::chrono::milliseconds(options.lockWriteMilliseconds);
        };
        QStringList writtenNow;
        std::size_t j = 0;
        for (; j < blobs.size(); ++j) {
            if (j > 0 && timeIsUp())
                break; // the rest in the next transaction
            const ComputedLock& lock = *toWrite[k + j];
            if (keep.count(lock.month) != 0) {
                kept.append(lock.month);
                continue;
            }
            replaceComputedLock(lock.month, runId, now, digestText(lock), false, blobs[j],
                                static_cast<qint64>(lock.ratings.size()));
            writtenNow.append(lock.month);
        }
        transaction.commit();
        k += j;
        done += static_cast<int>(j);
        writtenHere += static_cast<int>(writtenNow.size());
        written += writtenNow;
        if (stored)
            stored(done, static_cast<int>(toWrite.size()), 0);
    }
}

std::map<engine::DayNumber, engine::MonthlyLock>
RatingStore::reusableLocks(const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                           const PlayersByMonth* only)
{
    const QJsonObject parametersJson = flickSkillParametersJson(parameters);
    return d->guarded([&] {
        std::map<engine::DayNumber, engine::MonthlyLock> reusable;
        if (d->db.queryInteger("PRAGMA user_version").value_or(0) < 6)
            return reusable;
        struct Candidate {
            QString month;
            engine::DayNumber first = 0;
            bool stale = false;
            QString digest;
        };
        std::vector<Candidate> candidates;
        // One read transaction: one file lock for every row read below, not one per statement.
        sqlite::Transaction reading(d->db, sqlite::Transaction::Kind::Deferred);
        {
            sqlite::Statement select(d->db,
                                     "SELECT l.month, l.stale, l.history_digest, r.parameters FROM locks l "
                                     "JOIN rating_runs r ON r.id = l.run_id WHERE l.source = 'computed'");
            while (select.step()) {
                if (QJsonDocument::fromJson(select.text(3).toUtf8()).object() != parametersJson)
                    continue;
                const std::optional<Month> month = Month::fromString(select.text(0));
                // With `only`, the months it names: the others are not asked for.
                if (month && (!only || only->count(month->firstDay()) != 0))
                    candidates.push_back(
                        {select.text(0), month->firstDay(), select.integer(1) != 0, select.text(2)});
            }
        }
        // A lock marked stale is still the month's lock when the history before the month is what
        // it was (an edit undone, a change that moved nothing before it): its digest says so.
        std::vector<engine::DayNumber> staleMonths;
        for (const Candidate& c : candidates) {
            if (c.stale)
                staleMonths.push_back(c.first);
        }
        const std::map<engine::DayNumber, QString> digests =
            staleMonths.empty() ? std::map<engine::DayNumber, QString>{}
                                : historyDigestsBefore(folder, parametersJson, staleMonths);
        std::unordered_map<std::string, engine::PlayerIndex> indexOf; // for whole locks only
        if (!only) {
            indexOf.reserve(folder.history.playerIds.size());
            for (std::size_t p = 0; p < folder.history.playerIds.size(); ++p)
                indexOf.emplace(folder.history.playerIds[p], static_cast<engine::PlayerIndex>(p));
        }
        sqlite::Statement fresh(d->db, "UPDATE locks SET stale = 0 WHERE month = ?");
        for (const Candidate& c : candidates) {
            if (c.stale) {
                const auto digest = digests.find(c.first);
                if (digest == digests.end() || c.digest.isEmpty() || digest->second != c.digest)
                    continue;
                if (!d->db.isReadOnly()) {
                    fresh.reset();
                    fresh.bind(1, c.month).run();
                }
            }
            // The lock whole (core/store/lockblob.h). A damaged one is not reused: computed again, it
            // is stored over it.
            const std::optional<QByteArray> blob = lockblob::readStored(d->db, d->schemaVersion, c.month);
            QString problem;
            const std::optional<std::vector<lockblob::Entry>> entries =
                blob ? lockblob::decode(bytesOf(*blob), &problem) : std::nullopt;
            if (!entries)
                continue;
            engine::MonthlyLock lock;
            lock.month = c.first;
            lock.prior = {parameters.mu0, parameters.sigma0};
            lock.eventsRated = static_cast<int>(
                std::count_if(folder.history.events.begin(), folder.history.events.end(),
                              [&c](const engine::Event& event) { return event.date < c.first; }));
            std::vector<std::pair<engine::PlayerIndex, engine::Gaussian>> rated;
            if (only) {
                const auto wanted = only->find(c.first);
                if (wanted != only->end()) {
                    for (const engine::PlayerIndex player : wanted->second) {
                        if (const lockblob::Entry* entry = lockblob::find(
                                *entries, folder.history.playerIds[static_cast<std::size_t>(player)]))
                            rated.push_back({player, {entry->mu, entry->sigma}});
                    }
                }
                std::sort(rated.begin(), rated.end(),
                          [](const auto& x, const auto& y) { return x.first < y.first; });
                rated.erase(std::unique(rated.begin(), rated.end(),
                                        [](const auto& x, const auto& y) { return x.first == y.first; }),
                            rated.end());
                for (const auto& [player, posterior] : rated) {
                    lock.players.push_back(player);
                    lock.posteriors.push_back(posterior);
                }
                reusable.emplace(c.first, std::move(lock));
                continue;
            }
            bool complete = true;
            rated.reserve(entries->size());
            for (const lockblob::Entry& entry : *entries) {
                const auto index = indexOf.find(std::string(entry.id));
                if (index == indexOf.end()) {
                    complete = false; // a player the history no longer holds: not this history's lock
                    break;
                }
                rated.push_back({index->second, {entry.mu, entry.sigma}});
            }
            if (!complete)
                continue;
            std::sort(rated.begin(), rated.end(),
                      [](const auto& x, const auto& y) { return x.first < y.first; });
            lock.players.reserve(rated.size());
            lock.posteriors.reserve(rated.size());
            for (const auto& [player, posterior] : rated) {
                lock.players.push_back(player);
                lock.posteriors.push_back(posterior);
            }
            reusable.emplace(c.first, std::move(lock));
        }
        reading.commit();
        return reusable;
    });
}

namespace {

StoreError historyChangedWhileComputed()
{
    return StoreError(StoreError::Kind::Refused,
                      tr("The stored history changed while the ratings were computed; the run was "
                         "not stored. Recompute again."));
}

// Refused part way: the months written before stay, each lock whole.
StoreError historyChangedWhileStored(qsizetype written)
{
    return StoreError(StoreError::Kind::Refused,
                      tr("The stored history changed while the ratings were stored: the monthly ratings "
                         "of %1 were stored, the others were not. Recompute again.")
                          .arg(written == 1 ? tr("one month") : tr("%1 months").arg(written)));
}

} // namespace

RatingRunReport RatingStore::storeRatingRun(const QJsonObject& parameters, const QString& historyFingerprint,
                                            int iterations, bool converged,
                                            const std::vector<ComputedLock>& locks,
                                            std::optional<qint64> generation,
                                            const std::function<void(int, int)>& stored)
{
    for (const ComputedLock& lock : locks) {
        if (!isMonth(lock.month))
            throw StoreError(StoreError::Kind::Refused,
                             tr("'%1' is not a month of the form YYYY-MM.").arg(lock.month));
    }
    std::vector<const ComputedLock*> all;
    all.reserve(locks.size());
    std::vector<const QString*> ids;
    for (const ComputedLock& lock : locks) {
        all.push_back(&lock);
        for (const LockedRating& r : lock.ratings)
            ids.push_back(&r.playerId);
    }
    const std::unique_ptr<RatingRunStore> run =
        beginRatingRun(parameters, historyFingerprint, iterations, converged, generation, std::move(ids));
    run->add(all, stored);
    return run->finish();
}

std::unique_ptr<RatingRunStore> RatingStore::beginRatingRun(const QJsonObject& parameters,
                                                            const QString& historyFingerprint, int iterations,
                                                            bool converged, std::optional<qint64> generation,
                                                            const std::vector<QString>& players)
{
    std::vector<const QString*> ids;
    ids.reserve(players.size());
    for (const QString& id : players)
        ids.push_back(&id);
    return beginRatingRun(parameters, historyFingerprint, iterations, converged, generation, std::move(ids));
}

std::unique_ptr<RatingRunStore> RatingStore::beginRatingRun(const QJsonObject& parameters,
                                                            const QString& historyFingerprint, int iterations,
                                                            bool converged, std::optional<qint64> generation,
                                                            std::vector<const QString*> players)
{
    // Without the count of changes the history is read again and compared (the whole history).
    if (!generation && this->historyFingerprint() != historyFingerprint)
        throw historyChangedWhileComputed();
    return d->guarded([&] {
        d->requireWritable();
        const qint64 expected = generation ? *generation : d->historyGeneration();
        std::vector<PlayerRecord> missing; // of a history read from elsewhere: none after an import
        {
            sqlite::Transaction reading(d->db, sqlite::Transaction::Kind::Deferred);
            missing = d->playersMissing(std::move(players));
            reading.commit();
        }
        return std::unique_ptr<RatingRunStore>(new RatingRunStore(
            *this, parameters, historyFingerprint, iterations, converged, expected, std::move(missing)));
    });
}

RatingRunStore::RatingRunStore(RatingStore& store, const QJsonObject& parameters,
                               const QString& historyFingerprint, int iterations, bool converged,
                               qint64 expected, std::vector<PlayerRecord> missingPlayers)
    : m_store(store)
    , m_parameters(parameters)
    , m_fingerprint(historyFingerprint)
    , m_iterations(iterations)
    , m_converged(converged)
    , m_expected(expected)
    , m_missingPlayers(std::move(missingPlayers))
{
}

RatingRunStore::~RatingRunStore()
{
    if (!m_begun || m_audited)
        return;
    try {
        m_store.d->guarded([&] { auditRun(false); });
    } catch (...) {
    }
}

void RatingRunStore::auditRun(bool complete)
{
    Store::Private& d = *m_store.d;
    QJsonObject details{{QStringLiteral("run"), m_report.runId},
                        {QStringLiteral("locks_written"), QJsonArray::fromStringList(m_report.written)},
                        {QStringLiteral("locks_unchanged"), QJsonArray::fromStringList(m_report.unchanged)},
                        {QStringLiteral("locks_kept"), QJsonArray::fromStringList(m_report.kept)}};
    if (!complete)
        details.insert(QStringLiteral("stopped"), true);
    m_audited = true; // once, whether or not it could be written
    sqlite::Transaction transaction(d.db);
    d.audit(QStringLiteral("rating-run"), QString(), details);
    transaction.commit();
}

void RatingRunStore::add(const std::vector<const ComputedLock*>& locks,
                         const std::function<void(int, int)>& stored)
{
    if (m_failed || m_audited)
        return;
    for (const ComputedLock* lock : locks) {
        if (!isMonth(lock->month))
            throw StoreError(StoreError::Kind::Refused,
                             tr("'%1' is not a month of the form YYYY-MM.").arg(lock->month));
    }
    Store::Private& d = *m_store.d;
    try {
        d.guarded([&] {
            d.touched(StoreChange::locks()); // with the transactions below that commit
            // What each month needs, read without the write lock (WAL: the window writes meanwhile).
            struct Repoint {
                const ComputedLock* lock;
                std::optional<std::int64_t> runId; // the stored lock's, to find it unchanged when repointed
                QString createdAt;
            };
            std::vector<Repoint> repoint;
            std::vector<const ComputedLock*> toWrite;
            {
                sqlite::Transaction reading(d.db, sqlite::Transaction::Kind::Deferred);
                const std::set<QString> keep = d.monthsKeptAsTheyAre();
                sqlite::Statement existing(d.db,
                                           "SELECT source, run_id, created_at FROM locks WHERE month = ?");
                for (const ComputedLock* lock : locks) {
                    // DECISIONS P2: the lock an awarded event was paid from stays as it was; an NCA
                    // list imported for the month is its lock (core/records/monthlock.h).
                    if (keep.count(lock->month) != 0) {
                        m_report.kept.append(lock->month);
                        continue;
                    }
                    existing.reset();
                    existing.bind(1, lock->month);
                    const bool hasLock = existing.step();
                    const QString source = hasLock ? existing.text(0) : QString();
                    const std::optional<std::int64_t> runId =
                        hasLock ? existing.optionalInteger(1) : std::nullopt;
                    const QString createdAt = hasLock ? existing.text(2) : QString();
                    existing.reset();
                    // A computed lock with exactly these ratings is attributed to this run without
                    // being rewritten: a new event changes only the locks after it (P1), so a
                    // recompute after one event writes a month or two.
                    // A blob is the same lock when its bytes are (core/store/lockblob.h: one order,
                    // the doubles as they are).
                    // The players' count first (the blob's header): a lock of another size is another
                    // lock, without encoding this one to see it.
                    if (source == QLatin1String("computed")) {
                        const std::optional<QByteArray> stored =
                            lockblob::readStored(d.db, d.schemaVersion, lock->month);
                        if (stored && lockblob::countOf(bytesOf(*stored)) ==
                                          static_cast<qint64>(lock->ratings.size())) {
                            QString problem;
                            const QByteArray blob = lockblob::encode(lock->ratings, &problem);
                            if (!blob.isEmpty() && *stored == blob) {
                                repoint.push_back({lock, runId, createdAt});
                                continue;
                            }
                        }
                    }
                    toWrite.push_back(lock);
                }
                reading.commit();
            }

            // The run and its players with the first locks, and the unchanged locks attributed to it.
            // A lock that changed since it was read (another run stored it meanwhile) is written instead.
            if (!m_begun || !repoint.empty()) {
                sqlite::Transaction transaction(d.db);
                if (m_expected != d.historyGeneration()) {
                    if (!m_begun)
                        throw historyChangedWhileComputed();
                    throw historyChangedWhileStored(m_report.written.size());
                }
                if (!m_begun) {
                    m_now = isoUtc(d.now());
                    m_report.runId =
                        d.insertRatingRun(m_now, m_parameters, m_fingerprint, m_iterations, m_converged);
                    // A player merged away since they were read makes a lock's write fail (a foreign
                    // key): no lock names a player the database does not hold.
                    d.insertPlayers(m_missingPlayers);
                }
                sqlite::Statement update(
                    d.db, "UPDATE locks SET run_id = ?, history_digest = ?, stale = 0 WHERE month = ? AND "
                          "source = 'computed' AND run_id IS ? AND created_at = ? AND month NOT IN "
                          "(SELECT lock_month FROM event_awards)");
                for (const Repoint& r : repoint) {
                    update.reset();
                    update.bind(1, static_cast<std::int64_t>(m_report.runId))
                        .bind(2, digestText(*r.lock))
                        .bind(3, r.lock->month)
                        .bind(4, r.runId)
                        .bind(5, r.createdAt)
                        .run();
                    if (d.db.changes() == 1)
                        m_report.unchanged.append(r.lock->month);
                    else
                        toWrite.push_back(r.lock);
                }
                transaction.commit();
                m_begun = true;
            }
            if (stored)
                stored(0, static_cast<int>(toWrite.size()));

            d.writeLocksInTurns(
                toWrite, m_report.runId, m_now, m_expected, m_report.written, m_report.kept,
                [this](int, int) { return historyChangedWhileStored(m_report.written.size()); },
                [&stored](int done, int total, std::size_t) {
                    if (stored)
                        stored(done, total);
                });
        });
    } catch (...) {
        m_failed = true;
        if (m_begun && !m_audited) {
            try {
                d.guarded([&] { auditRun(false); }); // what was written before the refusal or the failure
            } catch (...) {
            }
        }
        throw;
    }
}

RatingRunReport RatingRunStore::finish()
{
    if (!m_failed && !m_begun)
        add({}); // a run with no lock to store: the run alone
    m_report.written.sort();
    m_report.unchanged.sort();
    m_report.kept.sort();
    if (!m_audited)
        m_store.d->guarded([&] { auditRun(!m_failed); });
    return m_report;
}

std::vector<RatingRunRecord> RatingStore::ratingRuns()
{
    return d->guarded([&] {
        std::vector<RatingRunRecord> runs;
        sqlite::Statement select(d->db, "SELECT id, created_at, parameters, history_fingerprint, iterations, "
                                        "converged FROM rating_runs ORDER BY id DESC");
        sqlite::Statement months(d->db, "SELECT month FROM locks WHERE run_id = ? ORDER BY month");
        while (select.step()) {
            RatingRunRecord run;
            run.id = select.integer(0);
            run.createdAt = select.text(1);
            run.parameters = QJsonDocument::fromJson(select.text(2).toUtf8()).object();
            run.historyFingerprint = select.text(3);
            run.iterations = static_cast<int>(select.integer(4));
            run.converged = select.integer(5) != 0;
            months.reset();
            months.bind(1, static_cast<std::int64_t>(run.id));
            while (months.step())
                run.lockMonths.append(months.text(0));
            runs.push_back(std::move(run));
        }
        return runs;
    });
}

QJsonObject StoreConnection::Private::currentParametersJson()
{
    engine::FlickSkillParameters parameters;
    sqlite::Statement select(db, "SELECT value FROM settings WHERE key = ?");
    select.bind(1, parametersKey);
    if (select.step())
        parametersFromJson(QJsonDocument::fromJson(select.text(0).toUtf8()).object()).applyTo(parameters);
    return flickSkillParametersJson(parameters);
}

std::optional<MonthLockRatings> StoreConnection::Private::storedLock(const QString& month,
                                                                     const QJsonObject& parameters)
{
    const bool digests = db.queryInteger("PRAGMA user_version").value_or(0) >= 6;
    sqlite::Statement stored(db, digests ? "SELECT l.source, l.origin, l.stale, r.parameters FROM locks l "
                                           "LEFT JOIN rating_runs r ON r.id = l.run_id WHERE l.month = ?"
                                         : "SELECT l.source, l.origin, 1, r.parameters FROM locks l "
                                           "LEFT JOIN rating_runs r ON r.id = l.run_id WHERE l.month = ?");
    stored.bind(1, month);
    if (!stored.step())
        return std::nullopt;
    engine::FlickSkillParameters prior;
    parametersFromJson(parameters).applyTo(prior);
    MonthLockRatings ratings;
    ratings.month = month;
    ratings.unseenMu = prior.mu0;
    ratings.unseenSigma = prior.sigma0;
    if (stored.text(0) == QLatin1String("imported")) {
        // An NCA list is the month's lock whatever the stored history holds.
        ratings.source = MonthLockRatings::Source::Imported;
        ratings.origin = stored.text(1);
    } else if (stored.integer(2) != 0 ||
               QJsonDocument::fromJson(stored.text(3).toUtf8()).object() != parameters) {
        return std::nullopt; // the history before the month or the parameters changed since
    }
    stored.reset();
    // The lock whole (core/store/lockblob.h). A damaged computed lock is not taken: computed again,
    // it is stored over it; a damaged NCA list is refused, saying how to replace it.
    const std::optional<QByteArray> blob = lockblob::readStored(db, schemaVersion, month);
    if (!blob)
        return std::nullopt;
    QString problem;
    const std::optional<std::vector<lockblob::Entry>> entries = lockblob::decode(bytesOf(*blob), &problem);
    if (!entries) {
        if (ratings.source == MonthLockRatings::Source::Computed)
            return std::nullopt;
        lockblob::decodeOrRefuse(*blob, month); // refuses
    }
    ratings.mu.reserve(static_cast<qsizetype>(entries->size()));
    ratings.sigma.reserve(static_cast<qsizetype>(entries->size()));
    for (const lockblob::Entry& entry : *entries) {
        const QString id = lockblob::idOf(entry);
        ratings.mu.insert(id, entry.mu);
        ratings.sigma.insert(id, entry.sigma);
    }
    ratings.players = static_cast<int>(ratings.mu.size());
    if (ratings.source == MonthLockRatings::Source::Computed) {
        sqlite::Statement count(
            db, "SELECT count(*) FROM events WHERE date < ? AND status IN ('finished', 'awarded')");
        // Dates are stored as YYYY-MM-DD: the events before the 1st of the month.
        const std::optional<Month> first = Month::fromString(month);
        count.bind(1, first ? QString::fromStdString(engine::formatIsoDate(first->firstDay())) : month);
        ratings.eventsRated = count.step() ? static_cast<int>(count.integer(0)) : 0;
    }
    return ratings;
}

bool RatingStore::markLockFresh(const QString& month, const QString& historyDigest,
                                const QJsonObject& parameters)
{
    if (!isMonth(month))
        refuse(tr("'%1' is not a month of the form YYYY-MM.").arg(month));
    return d->guarded([&] {
        // A stale computed lock whose history before the month is the same again (the schema's
        // triggers mark it stale when an event before the month changes): fresh again.
        if (d->db.isReadOnly() || d->db.queryInteger("PRAGMA user_version").value_or(0) < 6)
            return false;
        sqlite::Statement same(d->db,
                               "UPDATE locks SET stale = 0 WHERE month = ? AND source = 'computed' AND "
                               "history_digest = ? AND run_id IN (SELECT id FROM rating_runs WHERE "
                               "parameters = ?)");
        same.bind(1, month).bind(2, historyDigest).bind(3, jsonText(parameters)).run();
        return d->db.changes() > 0;
    });
}

bool RatingStore::lockIsQuickToRead(const QString& eventDate, int rows)
{
    const std::optional<Month> parsed = Month::ofDate(eventDate);
    if (!parsed)
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(eventDate));
    const QString month = parsed->toString();
    return d->guarded([&] {
        if (d->schemaVersion >= 7) {
            sqlite::Statement count(d->db, "SELECT players FROM locks WHERE month = ?");
            count.bind(1, month);
            return !count.step() || count.integer(0) <= rows;
        }
        sqlite::Statement count(d->db,
                                "SELECT count(*) FROM (SELECT 1 FROM lock_ratings WHERE month = ? LIMIT ?)");
        count.bind(1, month).bind(2, rows + 1);
        return !count.step() || count.integer(0) <= rows;
    });
}

std::optional<MonthLockRatings> RatingStore::storedLockFor(const QString& eventDate)
{
    const std::optional<Month> month = Month::ofDate(eventDate);
    if (!month)
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(eventDate));
    return d->guarded([&] { return d->storedLock(month->toString(), d->currentParametersJson()); });
}

QString HistoryStore::historyFingerprintOf(const HistoryFolder& folder)
{
    return fingerprintOf(folder);
}

} // namespace flickdesk::core
