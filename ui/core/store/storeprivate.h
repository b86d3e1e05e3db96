#pragma once

// The inside of the FlickDesk database (core/store/store.h), shared by the files that implement it:
// store.cpp (opening, schema, migrations, backups, check, settings), storeevents.cpp (reading
// events and players, the history import, addEvent, award), storeeventday.cpp (the event day),
// storeratings.cpp (rating lists, rating runs, the lock of a month) and storepools.cpp (rating
// pools). Included by those files only.

#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/formats/outputfiles.h"
#include "core/records/identifiers.h"
#include "core/records/month.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/translation.h"
#include "flickdesk/engine/date.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSysInfo>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sqlite3.h>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace flickdesk::core {

// Helpers that several of the store's files use.
namespace storedetail {

using engine::Defect;
using engine::SourceRef;

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::Store)

// ---------------------------------------------------------------------------------------------
// Names of things in the database

// The columns of a whole event, in the order eventFromRow reads them: both queries of whole events
// select these (Private::eventColumns(), with the location last), so the mapping from a row exists once.
inline constexpr std::string_view kEventColumns =
    R"sql(id, date, name, format, "group", tour, tier, season, field_size, experimental, experimental_cap, status)sql";

inline EventRecord eventFromRow(const sqlite::Statement& select)
{
    EventRecord event;
    event.id = select.text(0);
    event.date = select.text(1);
    event.name = select.text(2);
    event.format = eventFormatFromKeyword(select.text(3)).value_or(engine::EventFormat::Singles);
    event.group = select.text(4);
    event.tour = tourFromKeyword(select.text(5)).value_or(Tour::None);
    if (const auto tier = select.optionalInteger(6))
        event.tier = static_cast<int>(*tier);
    event.season = select.text(7);
    if (const auto size = select.optionalInteger(8))
        event.fieldSize = static_cast<int>(*size);
    event.experimental = select.integer(9) != 0;
    event.experimentalCap = select.optionalReal(10);
    event.status = eventStatusFromKeyword(select.text(11)).value_or(EventStatus::Planned);
    event.location = select.text(12);
    return event;
}

// NOT NULL text columns take "" for a null QString.
inline QString nonNull(const QString& text)
{
    return text.isNull() ? QStringLiteral("") : text;
}

inline QString jsonText(const QJsonObject& object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

inline QString isoUtc(const QDateTime& time)
{
    return time.toUTC().toString(Qt::ISODate);
}

inline bool isMonth(const QString& text)
{
    return Month::fromString(text).has_value();
}

// ---------------------------------------------------------------------------------------------
// ParameterOverrides <-> JSON (the keys of params.json)

inline QJsonObject parametersJson(const ParameterOverrides& p)
{
    QJsonObject object;
    const auto put = [&object](const char* key, const std::optional<double>& value) {
        if (value)
            object.insert(QLatin1String(key), *value);
    };
    put("mu", p.mu0);
    put("sigma", p.sigma0);
    put("beta", p.beta);
    put("gamma", p.gamma);
    put("epsilon", p.epsilon);
    if (p.maxIterations)
        object.insert(QStringLiteral("max_iter"), *p.maxIterations);
    put("p_draw", p.drawProbabilityFinish);
    put("p_draw_game", p.drawProbabilityGame);
    put("doubles_weight", p.doublesWeight);
    return object;
}

inline ParameterOverrides parametersFromJson(const QJsonObject& object)
{
    ParameterOverrides p;
    const auto get = [&object](const char* key) -> std::optional<double> {
        const QJsonValue value = object.value(QLatin1String(key));
        return value.isDouble() ? std::optional(value.toDouble()) : std::nullopt;
    };
    p.mu0 = get("mu");
    p.sigma0 = get("sigma");
    p.beta = get("beta");
    p.gamma = get("gamma");
    p.epsilon = get("epsilon");
    if (const auto iterations = get("max_iter"))
        p.maxIterations = static_cast<int>(*iterations);
    p.drawProbabilityFinish = get("p_draw");
    p.drawProbabilityGame = get("p_draw_game");
    p.doublesWeight = get("doubles_weight");
    return p;
}

inline const QString parametersKey = QStringLiteral("flickskill.parameters");
// Four characters that make this database's local player ids its own (Store::addPlayer).
inline const QString deskTagKey = QStringLiteral("desk.tag");

inline QString nameConflictMessage(const QString& playerId, const QString& stored, const QString& given)
{
    return tr("player %1 is '%2' here but '%3' in the database; an import never merges two people: "
              "correct the name in the file or in the database, or give one of them another id")
        .arg(playerId, given, stored);
}

// SHA-256 (hex) of a history's events, standings and games: what a rating run was computed from.
inline QString fingerprintOf(const HistoryFolder& folder)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const auto add = [&hash](const std::string& text) {
        hash.addData(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())));
        hash.addData(QByteArrayView("\n", 1));
    };
    for (const engine::Event& event : folder.history.events) {
        add("event " + event.id + ' ' + engine::formatIsoDate(event.date) +
            (event.format == engine::EventFormat::Doubles ? " doubles" : " singles"));
        for (const engine::Standing& standing : event.standings) {
            std::string line = "unit " + std::to_string(standing.place);
            for (const engine::PlayerIndex player : standing.unit.players)
                line += ' ' + folder.history.playerIds[static_cast<std::size_t>(player)];
            add(line);
        }
        for (const engine::HeadToHeadGame& game : event.games) {
            std::string line = "game";
            for (const engine::PlayerIndex player : game.a.players)
                line += ' ' + folder.history.playerIds[static_cast<std::size_t>(player)];
            line += " vs";
            for (const engine::PlayerIndex player : game.b.players)
                line += ' ' + folder.history.playerIds[static_cast<std::size_t>(player)];
            line += ' ' + keyword(game.outcome).toStdString();
            add(line);
        }
    }
    return QString::fromLatin1(hash.result().toHex());
}

[[noreturn]] inline void refuse(const QString& message)
{
    throw StoreError(StoreError::Kind::Refused, message);
}

} // namespace storedetail
using namespace storedetail;

// ---------------------------------------------------------------------------------------------

// The event day's cache: what Store::searchPlayers keeps in memory.
struct EventDayCache {
    struct IndexedPlayer {
        PlayerMatch match;
        QString id; // case-folded, as are the two below
        QString associationId;
        QString name;
    };
    std::optional<std::vector<IndexedPlayer>> players;    // none: rebuilt at the next search
    std::unordered_map<QString, std::size_t> playerIndex; // id -> position in `players`
};

struct StoreConnection::Private {
    StoreOptions options;
    QString path;
    sqlite::Database db;
    sqlite::Database::Mode mode = sqlite::Database::Mode::ReadWrite; // how `db` was opened (openWorker)
    // Shared with the worker connections (Store::openWorker): the lock file goes only when the last
    // connection closes, so a background write that outlives the window (closed, or another
    // database opened, mid-task) still holds it, and no other FlickDesk writes meanwhile.
    std::shared_ptr<QLockFile> lock;
    QString readOnlyReason;
    int schemaVersion = 0;
    bool created = false;
    QStringList backupsMade;
    QStringList warnings;
    bool heldByAnother = false;
    Store::OpenCheck openCheck = Store::OpenCheck::Skipped;

    QDateTime now() const { return options.clock ? options.clock() : QDateTime::currentDateTime(); }

    // Runs `work`, turning SQLite's failures into StoreError::Failed.
    // The outermost call announces what its committed transactions touched (touched()).
    template <typename Work> auto guarded(Work&& work) -> decltype(work())
    {
        const Announcing announcing(*this);
        try {
            return work();
        } catch (const sqlite::Error& error) {
            throw StoreError(StoreError::Kind::Failed,
                             tr("The database %1 could not be read or changed: %2")
                                 .arg(QDir::toNativeSeparators(path), QString::fromUtf8(error.what())));
        }
    }

    // ---- announcements (Store::addChangeListener, core/store/storechange.h)
    std::map<int, std::function<void(const StoreChange&)>> listeners;
    int nextListener = 1;
    int writeDepth = 0;          // guarded() calls under way
    StoreChange pendingChange;   // touched in the transaction under way: dropped if it rolls back
    StoreChange committedChange; // touched in transactions committed: announced by the outermost guarded()
    sqlite3* hookedHandle = nullptr;
    // The write under way touched `change`: announced once its transaction commits.
    void touched(const StoreChange& change);
    void announcePending() noexcept;
    // What an event-day write of `eventId` (eventChanged's `action` and `details`) touched.
    StoreChange eventDayChange(const QString& eventId, EventStatus status, const QString& action,
                               const QJsonObject& details);
    struct Announcing {
        explicit Announcing(Private& d)
            : d(d)
        {
            ++d.writeDepth;
        }
        ~Announcing()
        {
            if (--d.writeDepth == 0)
                d.announcePending();
        }
        Announcing(const Announcing&) = delete;
        Announcing& operator=(const Announcing&) = delete;
        Private& d;
    };

    void requireWritable() const
    {
        if (db.isReadOnly())
            throw StoreError(StoreError::Kind::ReadOnly, readOnlyReason + u' ' + tr("Nothing was written."));
    }

    void audit(const QString& action, const QString& eventId, const QJsonObject& details)
    {
        sqlite::Statement insert(db,
                                 "INSERT INTO audit_log (at, action, event_id, details) VALUES (?, ?, ?, ?)");
        insert.bind(1, isoUtc(now())).bind(2, action).bind(3, eventId).bind(4, jsonText(details)).run();
    }

    QString makeBackup(const QString& kind);
    void rotateBackups();
    std::map<QString, EventRecord> readEvents(const QString& onlyEventId, bool ratedOnly,
                                              std::vector<QString>* order);
    HistoryFolder loadHistory();
    int insertPlayers(const std::vector<PlayerRecord>& players, const QString& origin = {});
    // The stored event under another id that is `event` (Store::sameEventAs).
    std::optional<EventSummary> lookalike(const EventRecord& event);
    struct NameConflict {
        std::size_t index; // in the players given
        QString storedName;
    };
    // The players given whose id the database holds under another non-empty name.
    std::vector<NameConflict> nameConflicts(const std::vector<PlayerRecord>& players);
    void insertEventRow(const EventRecord& event);
    void insertUnits(const EventRecord& event);
    void insertEntrantPlayer(const QString& eventId, int unit, int seat, const QString& playerId);
    void insertGames(const EventRecord& event);
    void insertAward(const QString& eventId, const AwardRecord& award);
    std::vector<AwardRecord> readAwards(const QString& eventId);

    // The event day (Store::createEvent and after): caches and helpers, in the event-day section.
    EventDayCache eventDay;
    // The stored history or its parameters changed. Nothing the store keeps in memory depends on
    // them (the locks kept in memory are core::MonthLocks', which checks the history's generation):
    // the writes that call it mark where such a change happens.
    void historyChanged() {}
    bool hasListedColumn() const { return schemaVersion >= 3; }
    bool hasLocationColumn() const { return schemaVersion >= 5; }
    // kEventColumns and the location (schema 5; '' in an older file).
    std::string eventColumns() const
    {
        return std::string(kEventColumns) + (hasLocationColumn() ? ", location" : ", ''");
    }
    // The event's own row (no units, no games); StoreError::Refused when there is none.
    EventRecord requireEvent(const QString& eventId);
    void eventChanged(const QString& eventId, EventStatus status, const QString& action,
                      const QJsonObject& details);
    std::vector<Entrant> readEntrants(const QString& eventId, std::optional<int> onlyUnit = std::nullopt);
    void writeEntrant(const QString& eventId, const Entrant& entrant);
    // The month's lock when it needs no computing: the imported list, or a computed lock not marked
    // stale whose parameters are `parameters`. Reads the lock's rows only, never the history.
    std::optional<MonthLockRatings> storedLock(const QString& month, const QJsonObject& parameters);
    // The stored parameters as a rating run stores them (flickSkillParametersJson).
    QJsonObject currentParametersJson();
    qint64 historyGeneration();
    // Writes computed locks in one transaction under one rating_runs row, each with the digest of
    // the history before its month, fresh. A month an award used (P2) or an imported list keeps
    // its lock. The months written.
    std::int64_t insertRatingRun(const QString& now, const QJsonObject& parameters,
                                 const QString& fingerprint, int iterations, bool converged);
    // The `locks` row of a computed lock of run `runId` with its ratings (`players` of them, in a
    // blob, core/store/lockblob.h), in place of the month's earlier lock.
    void replaceComputedLock(const QString& month, std::int64_t runId, const QString& now,
                             const QString& digest, bool stale, const QByteArray& ratings, qint64 players);
    // The months whose lock a computed one never replaces: those an award was paid from (P2) and
    // those whose lock is an imported NCA list.
    std::set<QString> monthsKeptAsTheyAre();
    // The players the locks name that have no row yet (read without the write lock).
    std::vector<PlayerRecord> lockPlayersMissing(const std::vector<const ComputedLock*>& locks);
    // The same of `ids` (in any order, repeats allowed).
    std::vector<PlayerRecord> playersMissing(std::vector<const QString*> ids);
    QStringList writeComputedLocks(const std::vector<ComputedLock>& locks, const QJsonObject& parameters,
                                   const QString& fingerprint, int iterations, bool converged);
    // The same for `count` locks made one at a time as they are written: the k-th is lockAt(k), of
    // month monthOf(k), valid until the next call. `players` holds every player they name.
    QStringList writeComputedLocks(std::size_t count, const std::function<QString(std::size_t)>& monthOf,
                                   const std::function<const ComputedLock&(std::size_t)>& lockAt,
                                   const std::vector<PlayerRecord>& players, const QJsonObject& parameters,
                                   const QString& fingerprint, int iterations, bool converged);
    // Writes the locks of run `runId` (created at `now`), each whole, a few months per transaction:
    // at most StoreOptions::lockRowsPerTransaction players (one lock at least) and about
    // StoreOptions::lockWriteMilliseconds. Each transaction first checks the history's count of
    // changes against `expected` (`changed(written, total)` is thrown otherwise) and keeps the
    // months awarded or imported since (appended to `kept`). The months written are appended to
    // `written`; `stored`, when given, is called after each transaction with the locks done, the
    // locks, and 0 (no lock is ever written in part).
    void writeLocksInTurns(const std::vector<const ComputedLock*>& toWrite, std::int64_t runId,
                           const QString& now, qint64 expected, QStringList& written, QStringList& kept,
                           const std::function<StoreError(int, int)>& changed,
                           const std::function<void(int, int, std::size_t)>& stored);
    // The search index's last events of these players, read again after an entry changed.
    void lastEventsChanged(const QStringList& playerIds);
};

// RAII: PRAGMA synchronous=FULL for the length of an import (an import is worth a flush to disk).
class FullSync {
public:
    explicit FullSync(sqlite::Database& db)
        : db_(db)
    {
        db_.execute("PRAGMA synchronous = FULL");
    }
    ~FullSync()
    {
        try {
            db_.execute("PRAGMA synchronous = NORMAL");
        } catch (const sqlite::Error&) { // NORMAL is only an optimisation
        }
    }
    FullSync(const FullSync&) = delete;
    FullSync& operator=(const FullSync&) = delete;

private:
    sqlite::Database& db_;
};

} // namespace flickdesk::core
