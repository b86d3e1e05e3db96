// The FlickDesk database (core/store/store.h): NCA rating lists, rating runs and the lock of a month.

#include "core/formats/historydigest.h"
#include "core/store/storeprivate.h"

#include <chrono>

namespace flickdesk::core {

namespace {

// A computed lock's digest as its `locks` row holds it (never NULL).
QString digestText(const ComputedLock& lock)
{
    return lock.historyDigest.isNull() ? QStringLiteral("") : lock.historyDigest;
}

} // namespace

RatingsImportReport Store::importRatings(const std::vector<RatingListEntry>& list, const QString& month,
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
        sqlite::Statement existing(
            d->db, "SELECT source, origin, (SELECT count(*) FROM lock_ratings r WHERE r.month = l.month) "
                   "FROM locks l WHERE month = ?");
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
        sqlite::Statement lock(d->db, "INSERT INTO locks (month, source, run_id, origin, created_at) VALUES "
                                      "(?, 'imported', NULL, ?, ?)");
        lock.bind(1, month).bind(2, nonNull(QFileInfo(origin).fileName())).bind(3, isoUtc(d->now())).run();
        sqlite::Statement rating(
            d->db, "INSERT INTO lock_ratings (month, player_id, mu, sigma) VALUES (?, ?, ?, ?)");
        for (const RatingListEntry& entry : list) {
            rating.reset();
            rating.bind(1, month).bind(2, entry.playerId).bind(3, entry.mu).bind(4, entry.sigma).run();
        }
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
        d->eventDay.locks.clear(); // the list is the month's lock now (core/records/monthlock.h)
        return report;
    });
}

void Store::storeComputedLock(const QString& month, const std::vector<LockedRating>& ratings,
                              const QJsonObject& parameters, int iterations, bool converged,
                              const QString& historyDigest, std::optional<qint64> generation,
                              const std::function<void(int, int)>& stored)
{
    if (!isMonth(month))
        throw StoreError(StoreError::Kind::Refused,
                         tr("'%1' is not a month of the form YYYY-MM.").arg(month));
    QString digest = historyDigest;
    if (digest.isEmpty()) {
        const std::optional<engine::DayNumber> first =
            engine::parseIsoDate((month + QStringLiteral("-01")).toStdString());
        digest = historyDigestBefore(loadHistory(), parameters, *first);
    }
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
        if (ratings.size() <= static_cast<std::size_t>(std::max(1, d->options.lockRowsPerTransaction))) {
            sqlite::Transaction transaction(d->db);
            if (generation && *generation != d->historyGeneration())
                throw changed();
            if (awarded())
                throw usedByAwards();
            d->writeComputedLocks({lock}, parameters, digest, iterations, converged);
            transaction.commit();
            d->eventDay.locks.clear();
            return;
        }
        // A lock larger than one transaction (StoreOptions::lockRowsPerTransaction; the window's
        // background task at 64 times the NCA's history): the run and the players it names first,
        // then its rows over several transactions, the director's check-ins between them, as a
        // Recompute stores (writeLocksInTurns).
        std::vector<PlayerRecord> missingPlayers;
        {
            sqlite::Transaction reading(d->db, sqlite::Transaction::Kind::Deferred);
            missingPlayers = d->lockPlayersMissing({&lock});
            reading.commit();
        }
        const QString now = isoUtc(d->now());
        std::int64_t runId = 0;
        qint64 expected = 0;
        {
            sqlite::Transaction transaction(d->db);
            expected = d->historyGeneration();
            if (generation && *generation != expected)
                throw changed();
            if (awarded())
                throw usedByAwards();
            sqlite::Statement imported(d->db, "SELECT 1 FROM locks WHERE month = ? AND source = 'imported'");
            imported.bind(1, month);
            if (imported.step())
                return; // the NCA list is the month's lock (core/records/monthlock.h)
            imported.reset();
            runId = d->insertRatingRun(now, parameters, digest, iterations, converged);
            d->insertPlayers(missingPlayers);
            transaction.commit();
        }
        QStringList written;
        QStringList kept;
        try {
            // Reported by rows: the one lock is written a transaction at a time.
            const int rows = static_cast<int>(ratings.size());
            d->writeLocksInTurns(
                {&lock}, runId, now, expected, written, kept, [&changed](int, int) { return changed(); },
                [&](int done, int, std::size_t part) {
                    if (stored)
                        stored(done == 1 ? rows : static_cast<int>(part), rows);
                });
        } catch (...) {
            try { // the run alone, without its lock, is no one's
                sqlite::Transaction transaction(d->db);
                sqlite::Statement remove(d->db, "DELETE FROM rating_runs WHERE id = ? AND NOT EXISTS "
                                                "(SELECT 1 FROM locks WHERE run_id = ?)");
                remove.bind(1, static_cast<std::int64_t>(runId))
                    .bind(2, static_cast<std::int64_t>(runId))
                    .run();
                transaction.commit();
            } catch (...) {
            }
            throw;
        }
        if (!kept.isEmpty() && awarded())
            throw usedByAwards(); // awarded while it was written: that award's lock stands
    });
}

qint64 Store::historyGeneration()
{
    return d->guarded([&] { return d->historyGeneration(); });
}

qint64 Store::Private::historyGeneration()
{
    // Before schema version 6 there is no counter: nothing was computed away from the store then.
    if (db.queryInteger("PRAGMA user_version").value_or(0) < 6)
        return 0;
    return db.queryInteger("SELECT generation FROM history_state WHERE id = 1").value_or(0);
}

std::int64_t Store::Private::insertRatingRun(const QString& now, const QJsonObject& parameters,
                                             const QString& fingerprint, int iterations, bool converged)
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

std::vector<PlayerRecord> Store::Private::lockPlayersMissing(const std::vector<const ComputedLock*>& locks)
{
    std::vector<const QString*> ids;
    for (const ComputedLock* lock : locks) {
        for (const LockedRating& r : lock->ratings)
            ids.push_back(&r.playerId);
    }
    return playersMissing(std::move(ids));
}

std::vector<PlayerRecord> Store::Private::playersMissing(std::vector<const QString*> ids)
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

std::vector<const LockedRating*> Store::Private::lockRowsInKeyOrder(const ComputedLock& lock)
{
    // In the table's key order: each row lands beside the last instead of anywhere in the month's
    // part of the tree (a first Recompute at 16 times the NCA's history stored its 70 locks in
    // 1.70 s instead of 1.94 s, in one transaction).
    std::vector<const LockedRating*> rows;
    rows.reserve(lock.ratings.size());
    for (const LockedRating& r : lock.ratings)
        rows.push_back(&r);
    std::sort(rows.begin(), rows.end(),
              [](const LockedRating* x, const LockedRating* y) { return x->playerId < y->playerId; });
    return rows;
}

void Store::Private::insertLockRatings(const QString& month, const std::vector<const LockedRating*>& rows,
                                       std::size_t begin, std::size_t end)
{
    sqlite::Statement insert(db,
                             "INSERT INTO lock_ratings (month, player_id, mu, sigma) VALUES (?, ?, ?, ?)");
    for (std::size_t k = begin; k < end; ++k) {
        insert.reset();
        insert.bind(1, month).bind(2, rows[k]->playerId).bind(3, rows[k]->mu).bind(4, rows[k]->sigma).run();
    }
}

void Store::Private::insertLockRatings(const ComputedLock& lock)
{
    const std::vector<const LockedRating*> rows = lockRowsInKeyOrder(lock);
    insertLockRatings(lock.month, rows, 0, rows.size());
}

void Store::Private::replaceComputedLock(const QString& month, std::int64_t runId, const QString& now,
                                         const QString& digest, bool stale)
{
    sqlite::Statement remove(db, "DELETE FROM locks WHERE month = ?");
    remove.bind(1, month).run();
    sqlite::Statement insert(db,
                             "INSERT INTO locks (month, source, run_id, origin, created_at, history_digest, "
                             "stale) VALUES (?, 'computed', ?, '', ?, ?, ?)");
    insert.bind(1, month).bind(2, runId).bind(3, now).bind(4, digest).bind(5, stale ? 1 : 0).run();
}

std::set<QString> Store::Private::monthsKeptAsTheyAre()
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

QStringList Store::Private::writeComputedLocks(const std::vector<ComputedLock>& locks,
                                               const QJsonObject& parameters, const QString& fingerprint,
                                               int iterations, bool converged)
{
    std::vector<const ComputedLock*> all;
    for (const ComputedLock& lock : locks)
        all.push_back(&lock);
    return writeComputedLocks(
        locks.size(), [&locks](std::size_t k) { return locks[k].month; },
        [&locks](std::size_t k) -> const ComputedLock& { return locks[k]; }, lockPlayersMissing(all),
        parameters, fingerprint, iterations, converged);
}

QStringList Store::Private::writeComputedLocks(std::size_t count,
                                               const std::function<QString(std::size_t)>& monthOf,
                                               const std::function<const ComputedLock&(std::size_t)>& lockAt,
                                               const std::vector<PlayerRecord>& players,
                                               const QJsonObject& parameters, const QString& fingerprint,
                                               int iterations, bool converged)
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
        replaceComputedLock(lock.month, runId, now, digestText(lock), false);
        insertLockRatings(lock);
        written.append(lock.month);
    }
    return written;
}

void Store::Private::writeLocksInTurns(const std::vector<const ComputedLock*>& toWrite, std::int64_t runId,
                                       const QString& now, qint64 expected, QStringList& written,
                                       QStringList& kept, const std::function<StoreError(int, int)>& changed,
                                       const std::function<void(int, int, std::size_t)>& stored)
{
    int writtenHere = 0;
    // The locks to write, in transactions of at most StoreOptions::lockRowsPerTransaction rows: a few
    // months each, and a lock larger than that over several. A lock written whole carries the digest of
    // the history it was computed from at once. A lock split over transactions is written
    // marked stale with no digest, which no reader takes (Private::storedLock, reusableLocks),
    // and made fresh with its digest by the transaction of its last rows; a lock stored
    // meanwhile by another (the window's background task) is left to it. So a reader between
    // two transactions finds each month's lock as it was, absent, or as this run computed it.
    int done = 0;
    std::size_t k = 0;                     // the lock being written
    std::size_t offset = 0;                // its rows written so far
    std::vector<const LockedRating*> rows; // toWrite[k]'s, in key order
    try {
        sqlite::Statement pending(db, "SELECT 1 FROM locks WHERE month = ? AND source = 'computed' AND "
                                      "run_id = ? AND created_at = ? AND stale = 1 AND history_digest = ''");
        sqlite::Statement demote(db, "UPDATE locks SET history_digest = '', stale = 1 WHERE month = ? AND "
                                     "run_id = ? AND created_at = ?");
        sqlite::Statement finish(db, "UPDATE locks SET history_digest = ?, stale = 0 WHERE month = ? AND "
                                     "run_id = ? AND created_at = ? AND stale = 1 AND history_digest = ''");
        const auto isPending = [&](const QString& month) {
            pending.reset();
            pending.bind(1, month).bind(2, static_cast<std::int64_t>(runId)).bind(3, now);
            const bool found = pending.step();
            pending.reset();
            return found;
        };
        while (k < toWrite.size()) {
            sqlite::Transaction transaction(db);
            if (expected != historyGeneration())
                throw changed(writtenHere, static_cast<int>(toWrite.size()));
            // Awarded or imported since the months were read: kept as they are now (P2).
            const std::set<QString> keep = monthsKeptAsTheyAre();
            QStringList writtenNow;
            // StoreOptions::lockRowsPerTransaction: where it waited for the whole store, a check-in
            // waits for one such transaction at most (sqlite::WriteTurns): 1.4 s at 16 times the
            // NCA's history, and over SQLite's busy timeout at 64 times, in one transaction.
            std::size_t budget = static_cast<std::size_t>(std::max(1, options.lockRowsPerTransaction));
            // StoreOptions::lockWriteMilliseconds: the rows alone do not bound the wait as the table
            // grows (10,000 rows took 104 ms at a million finishes), so the clock is read between
            // chunks of rows too. Every transaction writes one chunk at least.
            const auto began = std::chrono::steady_clock::now();
            const auto timeIsUp = [&] {
                return options.lockWriteMilliseconds > 0 &&
                       std::chrono::steady_clock::now() - began >=
                           std::chrono::milliseconds(options.lockWriteMilliseconds);
            };
            bool upToTime = false;
            while (k < toWrite.size() && budget > 0 && !upToTime) {
                const ComputedLock& lock = *toWrite[k];
                const auto next = [&] {
                    ++k;
                    ++done;
                    offset = 0;
                    rows.clear();
                };
                if (offset == 0) {
                    if (keep.count(lock.month) != 0) {
                        kept.append(lock.month);
                        next();
                        continue;
                    }
                    rows = lockRowsInKeyOrder(lock);
                    const bool whole = rows.size() <= budget;
                    replaceComputedLock(lock.month, runId, now, whole ? digestText(lock) : QStringLiteral(""),
                                        !whole);
                } else if (!isPending(lock.month)) {
                    next(); // replaced meanwhile by a lock stored by another: theirs stands
                    continue;
                }
                const std::size_t limit = std::min(budget, rows.size() - offset);
                std::size_t take = 0;
                while (take < limit && !upToTime) {
                    const std::size_t chunk = std::min<std::size_t>(1000, limit - take);
                    insertLockRatings(lock.month, rows, offset + take, offset + take + chunk);
                    take += chunk;
                    upToTime = timeIsUp();
                }
                const bool split = offset > 0 || take < rows.size();
                if (offset == 0 && take < rows.size() && rows.size() <= budget) {
                    // Inserted as whole, and the clock cut it: pending until its last rows are in.
                    demote.reset();
                    demote.bind(1, lock.month).bind(2, static_cast<std::int64_t>(runId)).bind(3, now).run();
                }
                offset += take;
                budget -= take;
                if (offset < rows.size())
                    break; // the rest in the next transaction
                if (split) {
                    finish.reset();
                    finish.bind(1, digestText(lock))
                        .bind(2, lock.month)
                        .bind(3, static_cast<std::int64_t>(runId))
                        .bind(4, now)
                        .run();
                }
                writtenNow.append(lock.month);
                next();
            }
            transaction.commit();
            eventDay.locks.clear();
            writtenHere += static_cast<int>(writtenNow.size());
            written += writtenNow;
            if (stored)
                stored(done, static_cast<int>(toWrite.size()), offset);
        }
    } catch (...) {
        try {
            if (offset > 0) { // the rows of a split lock written so far: no one's lock
                sqlite::Transaction transaction(db);
                sqlite::Statement remove(db, "DELETE FROM locks WHERE month = ? AND run_id = ? AND "
                                             "created_at = ? AND stale = 1 AND history_digest = ''");
                remove.bind(1, toWrite[k]->month)
                    .bind(2, static_cast<std::int64_t>(runId))
                    .bind(3, now)
                    .run();
                transaction.commit();
            }
        } catch (...) {
        }
        throw;
    }
}

std::map<engine::DayNumber, engine::MonthlyLock>
Store::reusableLocks(const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
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
                const std::optional<engine::DayNumber> first =
                    engine::parseIsoDate((select.text(0) + QStringLiteral("-01")).toStdString());
                // With `only`, the months it names: the others are not asked for.
                if (first && (!only || only->count(*first) != 0))
                    candidates.push_back({select.text(0), *first, select.integer(1) != 0, select.text(2)});
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
        sqlite::Statement rows(d->db, "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ?");
        sqlite::Statement one(d->db, "SELECT mu, sigma FROM lock_ratings WHERE month = ? AND player_id = ?");
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
                        one.reset();
                        one.bind(1, c.month)
                            .bind(2, QString::fromStdString(
                                         folder.history.playerIds[static_cast<std::size_t>(player)]));
                        if (one.step())
                            rated.push_back({player, {one.real(0), one.real(1)}});
                    }
                    one.reset();
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
            rows.reset();
            rows.bind(1, c.month);
            bool complete = true;
            while (rows.step()) {
                const auto index = indexOf.find(rows.text(0).toStdString());
                if (index == indexOf.end()) {
                    complete = false; // a player the history no longer holds: not this history's lock
                    break;
                }
                rated.push_back({index->second, {rows.real(1), rows.real(2)}});
            }
            rows.reset();
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

RatingRunReport Store::storeRatingRun(const QJsonObject& parameters, const QString& historyFingerprint,
                                      int iterations, bool converged, const std::vector<ComputedLock>& locks,
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

std::unique_ptr<RatingRunStore> Store::beginRatingRun(const QJsonObject& parameters,
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

std::unique_ptr<RatingRunStore> Store::beginRatingRun(const QJsonObject& parameters,
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

RatingRunStore::RatingRunStore(Store& store, const QJsonObject& parameters, const QString& historyFingerprint,
                               int iterations, bool converged, qint64 expected,
                               std::vector<PlayerRecord> missingPlayers)
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
                sqlite::Statement existingRatings(
                    d.db, "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ?");
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
                    if (source == QLatin1String("computed")) {
                        std::map<QString, std::pair<double, double>> rows;
                        existingRatings.reset();
                        existingRatings.bind(1, lock->month);
                        while (existingRatings.step())
                            rows.emplace(existingRatings.text(0),
                                         std::pair(existingRatings.real(1), existingRatings.real(2)));
                        existingRatings.reset();
                        const bool same =
                            rows.size() == lock->ratings.size() &&
                            std::all_of(lock->ratings.begin(), lock->ratings.end(),
                                        [&rows](const LockedRating& r) {
                                            const auto it = rows.find(r.playerId);
                                            return it != rows.end() && it->second == std::pair(r.mu, r.sigma);
                                        });
                        if (same) {
                            repoint.push_back({lock, runId, createdAt});
                            continue;
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
                d.eventDay.locks.clear();
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

std::vector<RatingRunRecord> Store::ratingRuns()
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

QJsonObject Store::Private::currentParametersJson()
{
    engine::FlickSkillParameters parameters;
    sqlite::Statement select(db, "SELECT value FROM settings WHERE key = ?");
    select.bind(1, parametersKey);
    if (select.step())
        parametersFromJson(QJsonDocument::fromJson(select.text(0).toUtf8()).object()).applyTo(parameters);
    return flickSkillParametersJson(parameters);
}

const MonthLockRatings* Store::Private::storedLock(const QString& month, const QJsonObject& parameters)
{
    // Whoever changed the rated history (this session, another program), the triggers counted it:
    // locks kept in memory from before are forgotten.
    if (const qint64 generation = historyGeneration(); generation != eventDay.locksGeneration) {
        eventDay.locks.clear();
        eventDay.locksGeneration = generation;
    }
    if (const auto cached = eventDay.locks.find(month); cached != eventDay.locks.end())
        return &cached->second;
    const bool digests = db.queryInteger("PRAGMA user_version").value_or(0) >= 6;
    sqlite::Statement stored(db, digests ? "SELECT l.source, l.origin, l.stale, r.parameters FROM locks l "
                                           "LEFT JOIN rating_runs r ON r.id = l.run_id WHERE l.month = ?"
                                         : "SELECT l.source, l.origin, 1, r.parameters FROM locks l "
                                           "LEFT JOIN rating_runs r ON r.id = l.run_id WHERE l.month = ?");
    stored.bind(1, month);
    if (!stored.step())
        return nullptr;
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
        return nullptr; // the history before the month or the parameters changed since
    }
    stored.reset();
    sqlite::Statement select(db, "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ?");
    select.bind(1, month);
    while (select.step()) {
        ratings.mu.insert(select.text(0), select.real(1));
        ratings.sigma.insert(select.text(0), select.real(2));
    }
    ratings.players = static_cast<int>(ratings.mu.size());
    if (ratings.source == MonthLockRatings::Source::Computed) {
        sqlite::Statement count(
            db, "SELECT count(*) FROM events WHERE date < ? AND status IN ('finished', 'awarded')");
        count.bind(1, month + QStringLiteral("-01"));
        ratings.eventsRated = count.step() ? static_cast<int>(count.integer(0)) : 0;
    }
    return &eventDay.locks.emplace(month, std::move(ratings)).first->second;
}

// The one answer to "the lock of month M" (DECISIONS P1; the rule in core/records/monthlock.h and
// docs/user-guide.md): the NCA list imported for M; otherwise the lock computed from the stored
// history, stored as it is first used with the digest of the history before M, and used again
// while that history is unchanged (the schema's triggers mark it stale when an event before M
// changes; a stale lock whose digest still matches is fresh again).
const MonthLockRatings& Store::Private::monthLock(const QString& month)
{
    const QJsonObject parametersJson = currentParametersJson();
    if (const MonthLockRatings* stored = storedLock(month, parametersJson))
        return *stored;
    const std::optional<engine::DayNumber> first =
        engine::parseIsoDate((month + QStringLiteral("-01")).toStdString());
    if (!first)
        refuse(tr("'%1' is not a month of the form YYYY-MM.").arg(month));
    const HistoryFolder folder = loadHistory();
    engine::FlickSkillParameters parameters;
    folder.parameters.applyTo(parameters);
    const QString digest = historyDigestBefore(folder, parametersJson, *first);
    if (!db.isReadOnly() && db.queryInteger("PRAGMA user_version").value_or(0) >= 6) {
        sqlite::Statement same(db, "UPDATE locks SET stale = 0 WHERE month = ? AND source = 'computed' AND "
                                   "history_digest = ? AND run_id IN (SELECT id FROM rating_runs WHERE "
                                   "parameters = ?)");
        same.bind(1, month).bind(2, digest).bind(3, jsonText(parametersJson)).run();
        if (db.changes() > 0) {
            if (const MonthLockRatings* stored = storedLock(month, parametersJson))
                return *stored;
        }
    }

    engine::MonthlyLock lock;
    try {
        lock = engine::computeMonthlyLock(folder.history, *first, parameters);
    } catch (const std::exception& error) {
        refuse(tr("The stored history before %1 cannot be rated, so the lock of that month cannot be "
                  // DECISIONS P1: a month's lock rates the history before it.
                  "computed: %2")
                   .arg(month, QString::fromUtf8(error.what())));
    }
    MonthLockRatings ratings = lockRatingsOf(folder, lock, month);
    const ComputedLock computed = computedLockOf(folder, lock, digest);
    // Stored as it is first used, unless the database is read-only; a month whose lock an award used
    // keeps it (P2). Storing it saves the next computation only: a busy database does not stop the
    // payout.
    if (!db.isReadOnly()) {
        try {
            sqlite::Transaction transaction(db);
            writeComputedLocks({computed}, parametersJson, digest, lock.iterations, lock.converged);
            transaction.commit();
        } catch (const sqlite::Error&) {
        }
    }
    return eventDay.locks.insert_or_assign(month, std::move(ratings)).first->second;
}

bool Store::lockIsQuickToRead(const QString& eventDate, int rows)
{
    const QString month = eventDate.left(7);
    return d->guarded([&] {
        if (d->eventDay.locks.count(month) != 0 && d->eventDay.locksGeneration == d->historyGeneration())
            return true;
        sqlite::Statement count(d->db,
                                "SELECT count(*) FROM (SELECT 1 FROM lock_ratings WHERE month = ? LIMIT ?)");
        count.bind(1, month).bind(2, rows + 1);
        return !count.step() || count.integer(0) <= rows;
    });
}

std::optional<MonthLockRatings> Store::storedLockFor(const QString& eventDate)
{
    const QString month = eventDate.left(7);
    if (!isMonth(month))
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(eventDate));
    return d->guarded([&]() -> std::optional<MonthLockRatings> {
        if (const MonthLockRatings* stored = d->storedLock(month, d->currentParametersJson()))
            return *stored;
        return std::nullopt;
    });
}

bool Store::rememberLock(const MonthLockRatings& ratings, qint64 generation, const QJsonObject& parameters)
{
    if (!isMonth(ratings.month))
        return false;
    return d->guarded([&] {
        if (generation != d->historyGeneration() || parameters != d->currentParametersJson())
            return false;
        sqlite::Statement source(d->db, "SELECT source FROM locks WHERE month = ?");
        source.bind(1, ratings.month);
        if (source.step() && source.text(0) == QLatin1String("imported"))
            return false; // the NCA list is the month's lock (core/records/monthlock.h)
        d->eventDay.locks.insert_or_assign(ratings.month, ratings);
        return true;
    });
}

QString Store::historyFingerprintOf(const HistoryFolder& folder)
{
    return fingerprintOf(folder);
}

void Store::locksChangedElsewhere()
{
    d->eventDay.locks.clear();
    announce(StoreChange::locks());
}

MonthLockRatings Store::lockedRatingsFor(const QString& eventDate)
{
    const QString month = eventDate.left(7);
    if (!isMonth(month))
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(eventDate));
    return d->guarded([&] { return d->monthLock(month); });
}

} // namespace flickdesk::core
