// The FlickDesk database (core/store/store.h): NCA rating lists, rating runs and the lock of a month.

#include "core/store/storeprivate.h"

namespace flickdesk::core {

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
                              const QJsonObject& parameters, int iterations, bool converged)
{
    if (!isMonth(month))
        throw StoreError(StoreError::Kind::Refused,
                         tr("'%1' is not a month of the form YYYY-MM.").arg(month));
    const QString fingerprint = historyFingerprint();
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement used(d->db, "SELECT count(*) FROM event_awards WHERE lock_month = ?");
        used.bind(1, month);
        if (used.step() && used.integer(0) > 0)
            throw StoreError(
                StoreError::Kind::Refused,
                // DECISIONS P2: awards keep the lock they were made with.
                tr("The lock of %1 was used to award events; it is not replaced.").arg(month));
        sqlite::Statement run(
            d->db, "INSERT INTO rating_runs (created_at, parameters, history_fingerprint, iterations, "
                   "converged) VALUES (?, ?, ?, ?, ?)");
        run.bind(1, isoUtc(d->now()))
            .bind(2, jsonText(parameters))
            .bind(3, fingerprint)
            .bind(4, iterations)
            .bind(5, converged ? 1 : 0)
            .run();
        const std::int64_t runId = d->db.lastInsertRowId();
        sqlite::Statement remove(d->db, "DELETE FROM locks WHERE month = ?");
        remove.bind(1, month).run();
        sqlite::Statement lock(
            d->db,
            "INSERT INTO locks (month, source, run_id, origin, created_at) VALUES (?, 'computed', ?, '', ?)");
        lock.bind(1, month).bind(2, runId).bind(3, isoUtc(d->now())).run();
        std::vector<PlayerRecord> players;
        for (const LockedRating& r : ratings)
            players.push_back({r.playerId, {}, {}, {}});
        d->insertPlayers(players);
        sqlite::Statement rating(
            d->db, "INSERT INTO lock_ratings (month, player_id, mu, sigma) VALUES (?, ?, ?, ?)");
        for (const LockedRating& r : ratings) {
            rating.reset();
            rating.bind(1, month).bind(2, r.playerId).bind(3, r.mu).bind(4, r.sigma).run();
        }
        transaction.commit();
        d->eventDay.locks.clear();
    });
}

RatingRunReport Store::storeRatingRun(const QJsonObject& parameters, const QString& historyFingerprint,
                                      int iterations, bool converged, const std::vector<ComputedLock>& locks)
{
    for (const ComputedLock& lock : locks) {
        if (!isMonth(lock.month))
            throw StoreError(StoreError::Kind::Refused,
                             tr("'%1' is not a month of the form YYYY-MM.").arg(lock.month));
    }
    if (this->historyFingerprint() != historyFingerprint)
        throw StoreError(StoreError::Kind::Refused,
                         tr("The stored history changed while the ratings were computed; the run was "
                            "not stored. Recompute again."));
    return d->guarded([&] {
        d->requireWritable();
        RatingRunReport report;
        sqlite::Transaction transaction(d->db);
        std::set<QString> used;
        {
            sqlite::Statement select(d->db, "SELECT DISTINCT lock_month FROM event_awards");
            while (select.step())
                used.insert(select.text(0));
        }
        const QString now = isoUtc(d->now());
        sqlite::Statement run(
            d->db, "INSERT INTO rating_runs (created_at, parameters, history_fingerprint, iterations, "
                   "converged) VALUES (?, ?, ?, ?, ?)");
        run.bind(1, now)
            .bind(2, jsonText(parameters))
            .bind(3, historyFingerprint)
            .bind(4, iterations)
            .bind(5, converged ? 1 : 0)
            .run();
        report.runId = d->db.lastInsertRowId();
        sqlite::Statement remove(d->db, "DELETE FROM locks WHERE month = ?");
        sqlite::Statement insertLock(
            d->db,
            "INSERT INTO locks (month, source, run_id, origin, created_at) VALUES (?, 'computed', ?, '', ?)");
        sqlite::Statement insertRating(
            d->db, "INSERT INTO lock_ratings (month, player_id, mu, sigma) VALUES (?, ?, ?, ?)");
        // Every player of every lock once (the latest lock names nearly all of them).
        {
            std::set<QString> ids;
            for (const ComputedLock& lock : locks) {
                for (const LockedRating& r : lock.ratings)
                    ids.insert(r.playerId);
            }
            std::vector<PlayerRecord> players;
            players.reserve(ids.size());
            for (const QString& id : ids)
                players.push_back({id, {}, {}, {}});
            d->insertPlayers(players);
        }
        sqlite::Statement existing(d->db, "SELECT source FROM locks WHERE month = ?");
        sqlite::Statement existingRatings(d->db,
                                          "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ?");
        sqlite::Statement repoint(d->db, "UPDATE locks SET run_id = ? WHERE month = ?");
        for (const ComputedLock& lock : locks) {
            // DECISIONS P2: the lock an awarded event was paid from stays as it was.
            if (used.count(lock.month) != 0) {
                report.kept.append(lock.month);
                continue;
            }
            // A computed lock with exactly these ratings is attributed to this run without being
            // rewritten: a new event changes only the locks after it (P1), so a recompute after
            // one event writes a month or two.
            existing.reset();
            existing.bind(1, lock.month);
            const bool hasLock = existing.step();
            const bool computedBefore = hasLock && existing.text(0) == QLatin1String("computed");
            const bool importedBefore = hasLock && existing.text(0) == QLatin1String("imported");
            existing.reset();
            // An NCA list imported for the month is its lock (core/records/monthlock.h): a run keeps it.
            if (importedBefore) {
                report.kept.append(lock.month);
                continue;
            }
            if (computedBefore) {
                std::map<QString, std::pair<double, double>> stored;
                existingRatings.reset();
                existingRatings.bind(1, lock.month);
                while (existingRatings.step())
                    stored.emplace(existingRatings.text(0),
                                   std::pair(existingRatings.real(1), existingRatings.real(2)));
                existingRatings.reset();
                const bool same =
                    stored.size() == lock.ratings.size() &&
                    std::all_of(lock.ratings.begin(), lock.ratings.end(), [&stored](const LockedRating& r) {
                        const auto it = stored.find(r.playerId);
                        return it != stored.end() && it->second == std::pair(r.mu, r.sigma);
                    });
                if (same) {
                    repoint.reset();
                    repoint.bind(1, static_cast<std::int64_t>(report.runId)).bind(2, lock.month).run();
                    report.unchanged.append(lock.month);
                    continue;
                }
            }
            remove.reset();
            remove.bind(1, lock.month).run();
            insertLock.reset();
            insertLock.bind(1, lock.month)
                .bind(2, static_cast<std::int64_t>(report.runId))
                .bind(3, now)
                .run();
            for (const LockedRating& r : lock.ratings) {
                insertRating.reset();
                insertRating.bind(1, lock.month).bind(2, r.playerId).bind(3, r.mu).bind(4, r.sigma).run();
            }
            report.written.append(lock.month);
        }
        d->audit(
            QStringLiteral("rating-run"), QString(),
            QJsonObject{{QStringLiteral("run"), report.runId},
                        {QStringLiteral("locks_written"), QJsonArray::fromStringList(report.written)},
                        {QStringLiteral("locks_unchanged"), QJsonArray::fromStringList(report.unchanged)},
                        {QStringLiteral("locks_kept"), QJsonArray::fromStringList(report.kept)}});
        transaction.commit();
        d->eventDay.locks.clear();
        return report;
    });
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

// The one answer to "the lock of month M" (DECISIONS P1; the rule in core/records/monthlock.h and
// docs/user-guide.md): the NCA list imported for M; otherwise the lock computed from the stored
// history, stored as it is first used and used again while the history it rated is unchanged.
const MonthLockRatings& Store::Private::monthLock(const QString& month)
{
    if (const auto cached = eventDay.locks.find(month); cached != eventDay.locks.end())
        return cached->second;
    const std::optional<engine::DayNumber> first =
        engine::parseIsoDate((month + QStringLiteral("-01")).toStdString());
    if (!first)
        refuse(tr("'%1' is not a month of the form YYYY-MM.").arg(month));
    const HistoryFolder folder = loadHistory();
    engine::FlickSkillParameters parameters;
    folder.parameters.applyTo(parameters);

    MonthLockRatings ratings;
    ratings.month = month;
    ratings.unseenMu = parameters.mu0;
    ratings.unseenSigma = parameters.sigma0;
    ratings.eventsRated =
        static_cast<int>(std::count_if(folder.history.events.begin(), folder.history.events.end(),
                                       [&first](const engine::Event& event) { return event.date < *first; }));
    const auto readStored = [&] {
        sqlite::Statement select(db, "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ?");
        select.bind(1, month);
        while (select.step()) {
            ratings.mu.insert(select.text(0), select.real(1));
            ratings.sigma.insert(select.text(0), select.real(2));
        }
        ratings.players = static_cast<int>(ratings.mu.size());
    };
    const QString fingerprint = fingerprintOf(folder);
    const QJsonObject parametersJson = flickSkillParametersJson(parameters);
    {
        sqlite::Statement stored(db, "SELECT l.source, l.origin, r.history_fingerprint, r.parameters FROM "
                                     "locks l LEFT JOIN rating_runs r ON r.id = l.run_id WHERE l.month = ?");
        stored.bind(1, month);
        if (stored.step()) {
            if (stored.text(0) == QLatin1String("imported")) {
                // An NCA list is the month's lock whatever the stored history holds.
                ratings.source = MonthLockRatings::Source::Imported;
                ratings.origin = stored.text(1);
                stored.reset();
                readStored();
                return eventDay.locks.emplace(month, std::move(ratings)).first->second;
            }
            if (stored.text(2) == fingerprint &&
                QJsonDocument::fromJson(stored.text(3).toUtf8()).object() == parametersJson) {
                stored.reset();
                readStored();
                return eventDay.locks.emplace(month, std::move(ratings)).first->second;
            }
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
    ratings.mu.reserve(static_cast<qsizetype>(folder.history.playerIds.size()));
    ratings.sigma.reserve(static_cast<qsizetype>(folder.history.playerIds.size()));
    std::vector<LockedRating> rated;
    for (std::size_t p = 0; p < folder.history.playerIds.size(); ++p) {
        const QString id = QString::fromStdString(folder.history.playerIds[p]);
        ratings.mu.insert(id, lock.ratings[p].mu);
        ratings.sigma.insert(id, lock.ratings[p].sigma);
        if (lock.rated[p])
            rated.push_back({id, lock.ratings[p].mu, lock.ratings[p].sigma});
    }
    ratings.players = static_cast<int>(rated.size());
    try {
        storeFirstUse(month, rated, parametersJson, fingerprint, lock);
    } catch (const sqlite::Error&) {
        // Storing it saves the next computation only: a busy database does not stop the payout.
    }
    return eventDay.locks.emplace(month, std::move(ratings)).first->second;
}

void Store::Private::storeFirstUse(const QString& month, const std::vector<LockedRating>& rated,
                                   const QJsonObject& parameters, const QString& fingerprint,
                                   const engine::MonthlyLock& lock)
{
    // Stored as it is first used, as a rating run writes it (one row per player rated before the
    // month), unless the database is read-only or an award used the month's lock (P2: it stays).
    if (db.isReadOnly())
        return;
    sqlite::Transaction transaction(db);
    sqlite::Statement used(db, "SELECT count(*) FROM event_awards WHERE lock_month = ?");
    used.bind(1, month);
    if (used.step() && used.integer(0) > 0)
        return;
    used.reset();
    sqlite::Statement run(db, "INSERT INTO rating_runs (created_at, parameters, history_fingerprint, "
                              "iterations, converged) VALUES (?, ?, ?, ?, ?)");
    run.bind(1, isoUtc(now()))
        .bind(2, jsonText(parameters))
        .bind(3, fingerprint)
        .bind(4, lock.iterations)
        .bind(5, lock.converged ? 1 : 0)
        .run();
    const std::int64_t runId = db.lastInsertRowId();
    sqlite::Statement remove(db, "DELETE FROM locks WHERE month = ?");
    remove.bind(1, month).run();
    sqlite::Statement insertLock(
        db, "INSERT INTO locks (month, source, run_id, origin, created_at) VALUES (?, 'computed', ?, '', ?)");
    insertLock.bind(1, month).bind(2, runId).bind(3, isoUtc(now())).run();
    sqlite::Statement rating(db,
                             "INSERT INTO lock_ratings (month, player_id, mu, sigma) VALUES (?, ?, ?, ?)");
    for (const LockedRating& r : rated) {
        rating.reset();
        rating.bind(1, month).bind(2, r.playerId).bind(3, r.mu).bind(4, r.sigma).run();
    }
    transaction.commit();
}

MonthLockRatings Store::lockedRatingsFor(const QString& eventDate)
{
    const QString month = eventDate.left(7);
    if (!isMonth(month))
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(eventDate));
    return d->guarded([&] { return d->monthLock(month); });
}

} // namespace flickdesk::core
