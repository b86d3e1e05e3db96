#include "core/store.h"

#include "core/boundedfile.h"
#include "core/csvtable.h"
#include "core/outputfiles.h"
#include "core/payout.h"
#include "core/sqlite.h"
#include "core/tourpoints.h"
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
#include <limits>
#include <map>
#include <set>
#include <sqlite3.h>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace flickdesk::core {
namespace {

using engine::Defect;
using engine::SourceRef;

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::Store)

// ---------------------------------------------------------------------------------------------
// Schema. Each migration runs in one transaction that also sets PRAGMA user_version; a new file
// gets all of them. Never change a released migration: add the next one.

// Version 1: everything FlickDesk stores.
constexpr const char* schemaVersion1 = R"sql(
-- DECISIONS D1: a player is an id, never a name; names are optional and not unique.
CREATE TABLE players (
    id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
    name TEXT,
    association_id TEXT,
    location TEXT
);

-- Events keep the association's event id where they have one (events.csv event_id).
CREATE TABLE events (
    id TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
    date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    name TEXT NOT NULL DEFAULT '',
    format TEXT NOT NULL CHECK (format IN ('singles', 'doubles')),
    tier INTEGER CHECK (tier IN (1, 2, 3)),
    tour TEXT NOT NULL DEFAULT 'none' CHECK (tour IN ('competitive', 'recreational', 'none')),
    experimental INTEGER NOT NULL DEFAULT 0 CHECK (experimental IN (0, 1)),
    experimental_cap REAL CHECK (experimental_cap >= 0),
    season TEXT NOT NULL DEFAULT '',
    "group" TEXT NOT NULL DEFAULT '',
    field_size INTEGER CHECK (field_size >= 0),
    status TEXT NOT NULL DEFAULT 'planned'
        CHECK (status IN ('planned', 'started', 'finished', 'awarded'))
);

-- A unit of the field: a player, or a doubles pairing (entrant_players).
-- DECISIONS P3: started and withdrawn units began competition and are the field.
CREATE TABLE entrants (
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    unit INTEGER NOT NULL CHECK (unit >= 1),
    status TEXT NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'started', 'withdrawn')),
    PRIMARY KEY (event_id, unit)
) WITHOUT ROWID;

-- Rows keep the order in which results were read: loadHistory() numbers the players in it.
CREATE TABLE entrant_players (
    event_id TEXT NOT NULL,
    unit INTEGER NOT NULL,
    seat INTEGER NOT NULL CHECK (seat IN (1, 2)),
    player_id TEXT NOT NULL REFERENCES players (id),
    PRIMARY KEY (event_id, unit, seat),
    UNIQUE (event_id, player_id),
    FOREIGN KEY (event_id, unit) REFERENCES entrants (event_id, unit) ON DELETE CASCADE
);

-- Final standings: a unit's finishing place, 1 = winner.
CREATE TABLE standings (
    event_id TEXT NOT NULL,
    unit INTEGER NOT NULL,
    place INTEGER NOT NULL CHECK (place >= 1),
    PRIMARY KEY (event_id, unit),
    FOREIGN KEY (event_id, unit) REFERENCES entrants (event_id, unit) ON DELETE CASCADE
) WITHOUT ROWID;

-- DECISIONS N3: head-to-head games, numbered in the order they were played.
CREATE TABLE games (
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    winner TEXT NOT NULL CHECK (winner IN ('a', 'b', 'draw')),
    PRIMARY KEY (event_id, game)
) WITHOUT ROWID;

-- A game's sides name entrants of its event only.
CREATE TABLE game_players (
    event_id TEXT NOT NULL,
    game INTEGER NOT NULL,
    side TEXT NOT NULL CHECK (side IN ('a', 'b')),
    seat INTEGER NOT NULL CHECK (seat IN (1, 2)),
    player_id TEXT NOT NULL,
    PRIMARY KEY (event_id, game, side, seat),
    FOREIGN KEY (event_id, game) REFERENCES games (event_id, game) ON DELETE CASCADE,
    FOREIGN KEY (event_id, player_id) REFERENCES entrant_players (event_id, player_id)
);

CREATE TABLE rating_runs (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    parameters TEXT NOT NULL,          -- JSON
    history_fingerprint TEXT NOT NULL, -- SHA-256 of the history rated
    iterations INTEGER NOT NULL,
    converged INTEGER NOT NULL CHECK (converged IN (0, 1))
);

-- DECISIONS P1: the monthly lock, computed by a run or imported from an NCA rating list.
CREATE TABLE locks (
    month TEXT PRIMARY KEY NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
    source TEXT NOT NULL CHECK (source IN ('computed', 'imported')),
    run_id INTEGER REFERENCES rating_runs (id),
    origin TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    CHECK ((source = 'computed') = (run_id IS NOT NULL))
);

CREATE TABLE lock_ratings (
    month TEXT NOT NULL REFERENCES locks (month) ON DELETE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id),
    mu REAL NOT NULL,
    sigma REAL NOT NULL CHECK (sigma > 0),
    PRIMARY KEY (month, player_id)
) WITHOUT ROWID;

-- DECISIONS P2: awarded points frozen with the lock, FSI and FDI they used. Append-only: a
-- re-award adds a revision; the triggers below refuse every change to what was awarded.
CREATE TABLE event_awards (
    event_id TEXT NOT NULL REFERENCES events (id),
    revision INTEGER NOT NULL CHECK (revision >= 1),
    lock_month TEXT NOT NULL CHECK (lock_month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
    fsi REAL NOT NULL,
    fdi REAL NOT NULL,
    awarded_at TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (event_id, revision)
) WITHOUT ROWID;

CREATE TABLE award_ratings (
    event_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (id),
    mu REAL NOT NULL,
    sigma REAL NOT NULL CHECK (sigma > 0),
    PRIMARY KEY (event_id, revision, player_id),
    FOREIGN KEY (event_id, revision) REFERENCES event_awards (event_id, revision)
) WITHOUT ROWID;

CREATE TABLE awards (
    event_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (id),
    place INTEGER NOT NULL CHECK (place >= 1),
    points REAL NOT NULL CHECK (points >= 0),
    PRIMARY KEY (event_id, revision, player_id),
    FOREIGN KEY (event_id, revision) REFERENCES event_awards (event_id, revision)
) WITHOUT ROWID;

CREATE TRIGGER event_awards_frozen_update BEFORE UPDATE ON event_awards
BEGIN SELECT RAISE(ABORT, 'awarded points are frozen (DECISIONS P2): re-award instead'); END;
CREATE TRIGGER event_awards_frozen_delete BEFORE DELETE ON event_awards
BEGIN SELECT RAISE(ABORT, 'awarded points are frozen (DECISIONS P2): re-award instead'); END;
CREATE TRIGGER award_ratings_frozen_update BEFORE UPDATE ON award_ratings
BEGIN SELECT RAISE(ABORT, 'awarded points are frozen (DECISIONS P2): re-award instead'); END;
CREATE TRIGGER award_ratings_frozen_delete BEFORE DELETE ON award_ratings
BEGIN SELECT RAISE(ABORT, 'awarded points are frozen (DECISIONS P2): re-award instead'); END;
CREATE TRIGGER awards_frozen_update BEFORE UPDATE ON awards
BEGIN SELECT RAISE(ABORT, 'awarded points are frozen (DECISIONS P2): re-award instead'); END;
CREATE TRIGGER awards_frozen_delete BEFORE DELETE ON awards
BEGIN SELECT RAISE(ABORT, 'awarded points are frozen (DECISIONS P2): re-award instead'); END;

-- Engine parameters, the Finale of each season, earlier Recreational champions: JSON values.
CREATE TABLE settings (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- Every change to a finished or awarded event. No foreign key: the log outlives what it names.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    event_id TEXT,
    details TEXT NOT NULL DEFAULT '{}'
);
)sql";

// Version 2: indexes on the referring columns that look-ups by player and the foreign-key checks of
// a player's deletion search.
constexpr const char* schemaVersion2 = R"sql(
CREATE INDEX entrant_players_by_player ON entrant_players (player_id);
CREATE INDEX lock_ratings_by_player ON lock_ratings (player_id);
CREATE INDEX award_ratings_by_player ON award_ratings (player_id);
CREATE INDEX awards_by_player ON awards (player_id);
CREATE INDEX events_by_date ON events (date);
CREATE INDEX audit_log_by_event ON audit_log (event_id);
)sql";

// Version 3: the order in which a director listed the standings; DECISIONS N4 breaks a tie by it.
// NULL for imported events, whose units are numbered in the order of their rows already.
constexpr const char* schemaVersion3 = R"sql(
ALTER TABLE standings ADD COLUMN listed INTEGER CHECK (listed >= 1);
)sql";

// Version 4: rating pools of the other systems (issue 7): ACF checkers, Kings Cribbage head-to-head
// and group, Diplomacy Squares. Each row is a JSON object by column name, so that a row reads back
// in the system's columns even after the system gains a column. Ratings are computed, never stored.
constexpr const char* schemaVersion4 = R"sql(
CREATE TABLE pools (
    id INTEGER PRIMARY KEY,
    system TEXT NOT NULL CHECK (system IN ('acf', 'kc-h2h', 'kc-group', 'squares')),
    name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (name <> ''),
    created TEXT NOT NULL
);

CREATE TABLE pool_players (
    pool_id INTEGER NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
    line INTEGER NOT NULL CHECK (line >= 1),
    fields TEXT NOT NULL,
    PRIMARY KEY (pool_id, line)
) WITHOUT ROWID;

-- A game is one row (ACF, Kings Cribbage) or one row per player (Squares), at position 1, 2, ...
CREATE TABLE pool_games (
    pool_id INTEGER NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    position INTEGER NOT NULL CHECK (position >= 1),
    fields TEXT NOT NULL,
    PRIMARY KEY (pool_id, game, position)
) WITHOUT ROWID;
)sql";

struct Migration {
    int version;
    const char* sql;
};

const Migration migrations[] = {
    {1, schemaVersion1},
    {2, schemaVersion2},
    {3, schemaVersion3},
    {4, schemaVersion4},
};
static_assert(std::size(migrations) == Store::latestSchemaVersion);

// The oldest schema whose tables this version can read: a read-only open of an older file works.
constexpr int oldestReadableVersion = 1;

// All the steps from `from` to `to` in one transaction: a step that fails leaves the file as it
// was, so the backup made before it is not needed and the open that failed can remove it.
void migrate(sqlite::Database& db, int from, int to)
{
    sqlite::Transaction transaction(db);
    for (const Migration& migration : migrations) {
        if (migration.version <= from || migration.version > to)
            continue;
        if (migration.version == 1)
            db.execute("PRAGMA application_id = " + std::to_string(Store::applicationId));
        db.execute(migration.sql);
        db.execute("PRAGMA user_version = " + std::to_string(migration.version));
    }
    transaction.commit();
}

// The schema of a database: its tables, columns, indexes and triggers, compared with the one the
// migrations make for a version (a new database in memory), so that `check` finds a table that is
// missing and an open does not migrate a file whose version number does not match its tables.
struct SchemaObject {
    QString type;
    QString table;
    QString sql;         // normalized: one space between words, none inside parentheses
    QStringList columns; // a table's: "name type [NOT NULL] [DEFAULT x] [PRIMARY KEY]"
};

QString normalizedSql(QString sql)
{
    sql = sql.simplified();
    static const QRegularExpression aroundPunctuation(QStringLiteral("\\s*([(),])\\s*"));
    sql.replace(aroundPunctuation, QStringLiteral("\\1"));
    return sql;
}

std::map<QString, SchemaObject> schemaOf(sqlite::Database& db)
{
    std::map<QString, SchemaObject> objects;
    sqlite::Statement select(db, "SELECT type, name, tbl_name, sql FROM sqlite_schema "
                                 "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    while (select.step())
        objects[select.text(1)] =
            SchemaObject{select.text(0), select.text(2), normalizedSql(select.text(3)), {}};
    for (auto& [name, object] : objects) {
        if (object.type != QLatin1String("table"))
            continue;
        sqlite::Statement columns(db,
                                  "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)");
        columns.bind(1, name);
        while (columns.step()) {
            QString column = columns.text(0) + u' ' + columns.text(1).toUpper();
            if (columns.integer(2) != 0)
                column += QStringLiteral(" NOT NULL");
            if (!columns.isNull(3))
                column += QStringLiteral(" DEFAULT ") + columns.text(3);
            if (columns.integer(4) != 0)
                column += QStringLiteral(" PRIMARY KEY");
            object.columns.append(column);
        }
    }
    return objects;
}

// What differs between the database's schema and the one of `version`, in words; empty when none.
QStringList schemaDifferences(sqlite::Database& db, int version)
{
    sqlite::Database expectedDb(QStringLiteral(":memory:"), sqlite::Database::Mode::ReadWriteCreate);
    migrate(expectedDb, 0, version);
    const std::map<QString, SchemaObject> expected = schemaOf(expectedDb);
    const std::map<QString, SchemaObject> found = schemaOf(db);
    QStringList differences;
    const auto kind = [](const SchemaObject& object) {
        if (object.type == QLatin1String("table"))
            return tr("table");
        if (object.type == QLatin1String("index"))
            return tr("index");
        if (object.type == QLatin1String("trigger"))
            return tr("trigger");
        if (object.type == QLatin1String("view"))
            return tr("view");
        return object.type;
    };
    for (const auto& [name, object] : expected) {
        const auto it = found.find(name);
        if (it == found.end()) {
            differences.append(tr("schema: the %1 %2 is missing").arg(kind(object), name));
            continue;
        }
        const SchemaObject& other = it->second;
        if (other.type != object.type) {
            differences.append(tr("schema: %1 is a %2, not a %3").arg(name, kind(other), kind(object)));
            continue;
        }
        const qsizetype before = differences.size();
        if (object.type == QLatin1String("table")) {
            const auto columnName = [](const QString& column) { return column.section(u' ', 0, 0); };
            for (const QString& column : object.columns) {
                const auto same =
                    std::find_if(other.columns.begin(), other.columns.end(),
                                 [&](const QString& c) { return columnName(c) == columnName(column); });
                if (same == other.columns.end())
                    differences.append(
                        tr("schema: the column %1 of the table %2 is missing").arg(columnName(column), name));
                else if (*same != column)
                    differences.append(tr("schema: the column %1 of the table %2 is '%3', not '%4'")
                                           .arg(columnName(column), name, *same, column));
            }
            for (const QString& column : other.columns) {
                const bool known =
                    std::any_of(object.columns.begin(), object.columns.end(),
                                [&](const QString& c) { return columnName(c) == columnName(column); });
                if (!known)
                    differences.append(tr("schema: the table %1 has a column %2 that FlickDesk does not make")
                                           .arg(name, columnName(column)));
            }
        }
        if (other.sql != object.sql && differences.size() == before)
            differences.append(
                tr("schema: the %1 %2 is not defined as FlickDesk defines it").arg(kind(object), name));
    }
    for (const auto& [name, object] : found) {
        if (expected.count(name) == 0)
            differences.append(
                tr("schema: the %1 %2 is not part of a FlickDesk database").arg(kind(object), name));
    }
    return differences;
}

// ---------------------------------------------------------------------------------------------
// Names of things in the database

// The columns of a whole event, in the order eventFromRow reads them: both queries of whole events
// select these, so the mapping from a row exists once.
constexpr std::string_view kEventColumns =
    R"sql(id, date, name, format, "group", tour, tier, season, field_size, experimental, experimental_cap, status)sql";

EventRecord eventFromRow(const sqlite::Statement& select)
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
    return event;
}

// NOT NULL text columns take "" for a null QString.
QString nonNull(const QString& text)
{
    return text.isNull() ? QStringLiteral("") : text;
}

QString jsonText(const QJsonObject& object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString isoUtc(const QDateTime& time)
{
    return time.toUTC().toString(Qt::ISODate);
}

bool isMonth(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\d{4}-(0[1-9]|1[0-2])$"));
    return pattern.match(text).hasMatch();
}

// ---------------------------------------------------------------------------------------------
// Backups: backups/<stem>-YYYYMMDD-HHMMSS-<daily|before-vN>[-n].sqlite beside the database.

QString backupStem(const QString& databasePath)
{
    return QFileInfo(databasePath).completeBaseName();
}

QRegularExpression backupPattern(const QString& databasePath)
{
    return QRegularExpression(QStringLiteral("^%1-(\\d{8})-(\\d{6})-(daily|before-v\\d+)(-\\d+)?\\.sqlite$")
                                  .arg(QRegularExpression::escape(backupStem(databasePath))));
}

struct BackupFile {
    QString path;
    QString stamp; // YYYYMMDD-HHMMSS
    QString name;
};

std::vector<BackupFile> listBackups(const QString& databasePath)
{
    const QDir dir(Store::backupFolder(databasePath));
    const QRegularExpression pattern = backupPattern(databasePath);
    std::vector<BackupFile> files;
    for (const QString& name : dir.entryList(QDir::Files)) {
        const QRegularExpressionMatch match = pattern.match(name);
        if (match.hasMatch())
            files.push_back({dir.filePath(name), match.captured(1) + u'-' + match.captured(2), name});
    }
    // Newest first; within one second the later copy has the higher number suffix, hence name.
    std::sort(files.begin(), files.end(), [](const BackupFile& a, const BackupFile& b) {
        return std::tie(a.stamp, a.name) > std::tie(b.stamp, b.name);
    });
    return files;
}

QString sentenceAboutBackups(const QString& databasePath)
{
    const QStringList backups = Store::backups(databasePath);
    if (backups.isEmpty())
        return tr("No backup of it was found in %1.")
            .arg(QDir::toNativeSeparators(Store::backupFolder(databasePath)));
    return tr("The newest backup is %1: to go back to it, close FlickDesk and copy it in place of the "
              "database.")
        .arg(QDir::toNativeSeparators(backups.first()));
}

// ---------------------------------------------------------------------------------------------
// The file header: SQLite's magic string and the application id, read without SQLite so that
// nothing ever opens a foreign file with write access (SQLite may write even to read a WAL file).

enum class HeaderVerdict { FlickDesk, NotSqlite, OtherApplication, Unreadable };

HeaderVerdict checkHeader(const QString& path, QString& detail)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        detail = file.errorString();
        return HeaderVerdict::Unreadable;
    }
    const QByteArray header = file.read(100);
    static const QByteArray magic("SQLite format 3\0", 16);
    if (header.size() < 100 || !header.startsWith(magic)) {
        detail = tr("it is not an SQLite database");
        return HeaderVerdict::NotSqlite;
    }
    const auto id = qFromBigEndian<qint32>(header.constData() + 68);
    if (id != Store::applicationId) {
        detail = id == 0 ? tr("it is an SQLite database of another application")
                         : tr("it is an SQLite database of another application (application id 0x%1)")
                               .arg(static_cast<quint32>(id), 8, 16, QLatin1Char('0'));
        return HeaderVerdict::OtherApplication;
    }
    return HeaderVerdict::FlickDesk;
}

// A new database is made whole under another name and then renamed into place, so that a process
// killed while creating it never leaves a half-made file at the database's path.
void createDatabase(const QString& path, int version)
{
    const QString temporary = path + QStringLiteral(".new");
    for (const QString& leftover :
         {temporary, temporary + QStringLiteral("-journal"), temporary + QStringLiteral("-wal"),
          temporary + QStringLiteral("-shm"), path + QStringLiteral("-wal"), path + QStringLiteral("-shm")})
        QFile::remove(leftover); // we hold the lock: these belong to no one
    {
        sqlite::Database db(temporary, sqlite::Database::Mode::ReadWriteCreate);
        db.execute("PRAGMA foreign_keys = ON");
        migrate(db, 0, version);
        // Set after the schema, which was written through a rollback journal straight into the file:
        // the header holds the application id from the first byte on.
        db.execute("PRAGMA journal_mode = WAL");
    }
    if (std::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(path).constData()) != 0) {
        QFile::remove(path); // an empty file may not be replaced on every platform
        if (!QFile::rename(temporary, path))
            throw sqlite::Error(SQLITE_CANTOPEN,
                                "cannot rename " + temporary.toStdString() + " to " + path.toStdString());
    }
}

// Whether a database holds anything worth a backup: a new, empty one does not.
bool holdsData(sqlite::Database& db)
{
    if (db.queryInteger("SELECT EXISTS (SELECT 1 FROM players) OR EXISTS (SELECT 1 FROM events) OR "
                        "EXISTS (SELECT 1 FROM locks) OR EXISTS (SELECT 1 FROM settings) OR "
                        "EXISTS (SELECT 1 FROM audit_log)")
            .value_or(0) != 0)
        return true;
    // The pools (version 4 on) may be all a database holds.
    return db.queryInteger("SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'pools')").value_or(0) !=
               0 &&
           db.queryInteger("SELECT EXISTS (SELECT 1 FROM pools)").value_or(0) != 0;
}

QStringList quickCheck(sqlite::Database& db)
{
    QStringList problems;
    sqlite::Statement statement(db, "PRAGMA quick_check(20)");
    while (statement.step()) {
        QString line = statement.text(0);
        if (line == QLatin1String("ok"))
            continue;
        line.remove(QStringLiteral("*** in database main ***"));
        problems.append(line.simplified());
    }
    return problems;
}

// ---------------------------------------------------------------------------------------------
// ParameterOverrides <-> JSON (the keys of params.json)

QJsonObject parametersJson(const ParameterOverrides& p)
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

ParameterOverrides parametersFromJson(const QJsonObject& object)
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

const QString parametersKey = QStringLiteral("flickskill.parameters");
// Four characters that make this database's local player ids its own (Store::addPlayer).
const QString deskTagKey = QStringLiteral("desk.tag");

// ---------------------------------------------------------------------------------------------
// Events of a history folder as records

EventRecord recordOf(const HistoryFolder& folder, std::size_t index)
{
    const engine::Event& event = folder.history.events[index];
    const EventInfo& info = folder.events[index];
    EventRecord record;
    record.id = info.eventId;
    record.date = QString::fromStdString(engine::formatIsoDate(event.date));
    record.name = info.name;
    record.format = event.format;
    record.group = info.group;
    record.tour = info.tour;
    record.tier = info.tier;
    record.season = info.season;
    record.fieldSize = info.fieldSize;
    record.status = EventStatus::Finished;
    // Units are numbered in the order of their first row; a doubles team's number in the file is
    // not kept (the history format numbers teams only to pair partners).
    int number = 0;
    for (const engine::Standing& standing : event.standings) {
        UnitRecord unit;
        unit.number = ++number;
        unit.status = EntrantStatus::Started;
        if (standing.place > 0)
            unit.place = standing.place;
        for (const engine::PlayerIndex player : standing.unit.players)
            unit.playerIds.append(
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]));
        record.units.push_back(std::move(unit));
    }
    // Games keep their order; their numbers become 1..n.
    number = 0;
    for (const engine::HeadToHeadGame& game : event.games) {
        GameRecord g;
        g.number = ++number;
        for (const engine::PlayerIndex player : game.a.players)
            g.sideA.append(
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]));
        for (const engine::PlayerIndex player : game.b.players)
            g.sideB.append(
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]));
        g.outcome = game.outcome;
        record.games.push_back(std::move(g));
    }
    return record;
}

// The first difference between a record and the stored one, in words.
QString describeDifference(const EventRecord& mine, const EventRecord& stored)
{
    const auto differs = [](const char* what, const QString& a, const QString& b) {
        return tr("its %1 is '%2' here and '%3' in the database").arg(QLatin1String(what), a, b);
    };
    if (mine.date != stored.date)
        return differs("date", mine.date, stored.date);
    if (mine.name != stored.name)
        return differs("name", mine.name, stored.name);
    if (mine.format != stored.format)
        return differs("format", keyword(mine.format), keyword(stored.format));
    if (mine.group != stored.group)
        return differs("group", mine.group, stored.group);
    if (mine.tour != stored.tour)
        return differs("tour", keyword(mine.tour), keyword(stored.tour));
    if (mine.tier != stored.tier)
        return differs("tier", mine.tier ? QString::number(*mine.tier) : QString(),
                       stored.tier ? QString::number(*stored.tier) : QString());
    if (mine.season != stored.season)
        return differs("season", mine.season, stored.season);
    if (mine.fieldSize != stored.fieldSize)
        return differs("field_size", mine.fieldSize ? QString::number(*mine.fieldSize) : QString(),
                       stored.fieldSize ? QString::number(*stored.fieldSize) : QString());
    if (mine.units != stored.units)
        return tr("its field or standings differ from those in the database");
    if (mine.games != stored.games)
        return tr("its games differ from those in the database");
    return tr("its experimental-format settings differ from those in the database");
}

// ---------------------------------------------------------------------------------------------
// Lookalikes: one event under two ids would count twice in the ratings and the Tour standings.

// An event's name as compared: in any case and spacing.
QString nameKey(const QString& name)
{
    return name.simplified().toCaseFolded();
}

// The field of an event as a set of units, each a set of players: the units that began (DECISIONS
// P3). Empty when none began: an event without a field is nobody's lookalike.
QString fieldKey(const std::vector<QStringList>& units)
{
    QStringList keys;
    for (QStringList players : units) {
        players.sort();
        keys.append(players.join(u'+'));
    }
    keys.sort();
    return keys.join(u'|');
}

QString fieldKey(const EventRecord& event)
{
    std::vector<QStringList> units;
    for (const UnitRecord& unit : event.units) {
        if (unit.status != EntrantStatus::Registered)
            units.push_back(unit.playerIds);
    }
    return fieldKey(units);
}

// The date, name and field of an event: equal for two records of the same event.
QString lookalikeKey(const EventRecord& event)
{
    const QString field = fieldKey(event);
    return field.isEmpty() ? QString() : event.date + u'\n' + nameKey(event.name) + u'\n' + field;
}

QString lookalikeMessage(const EventSummary& stored)
{
    return tr("this is event %1 (%2, %3) already in the database under id %1: the same date, name and "
              "field; imported again it would count twice")
        .arg(stored.id, stored.name, stored.date);
}

// Two names of one player id that are not the same person's (compared in any case and spacing).
bool differentNames(const QString& stored, const QString& given)
{
    return !stored.trimmed().isEmpty() && !given.trimmed().isEmpty() && nameKey(stored) != nameKey(given);
}

QString nameConflictMessage(const QString& playerId, const QString& stored, const QString& given)
{
    return tr("player %1 is '%2' here but '%3' in the database; an import never merges two people: "
              "correct the name in the file or in the database, or give one of them another id")
        .arg(playerId, given, stored);
}

// What SQLite's constraints would refuse of an event and its award, in words: checked before
// anything is written, so that a defect of a file never ends as a failed write.
QStringList storageProblems(const EventRecord& event, const std::optional<AwardRecord>& award)
{
    QStringList problems;
    if (event.id.isEmpty())
        problems.append(tr("the event has no id"));
    std::set<int> units;
    std::set<QString> field;
    std::set<QString> began;
    for (const UnitRecord& unit : event.units) {
        if (unit.number < 1 || !units.insert(unit.number).second)
            problems.append(tr("unit %1 is listed twice or has no number").arg(unit.number));
        if (unit.playerIds.size() > 2)
            problems.append(tr("unit %1 has more than two players").arg(unit.number));
        if (unit.place && *unit.place < 1)
            problems.append(tr("unit %1 has place %2").arg(unit.number).arg(*unit.place));
        for (const QString& id : unit.playerIds) {
            if (id.isEmpty() || !field.insert(id).second)
                problems.append(tr("player '%1' is in the field twice, or has no id").arg(id));
            if (unit.status != EntrantStatus::Registered)
                began.insert(id);
        }
    }
    std::set<int> games;
    for (const GameRecord& game : event.games) {
        if (game.number < 1 || !games.insert(game.number).second)
            problems.append(tr("game %1 is listed twice or has no number").arg(game.number));
        for (const QStringList* side : {&game.sideA, &game.sideB}) {
            if (side->size() > 2)
                problems.append(tr("a side of game %1 has more than two players").arg(game.number));
            for (const QString& id : *side) {
                if (!field.count(id))
                    problems.append(
                        tr("game %1 names player %2, who is not in the field").arg(game.number).arg(id));
            }
        }
    }
    if (award) {
        // Each list is one row per player of the field.
        const auto oncePerPlayer = [&](const QString& what, const auto& rows) {
            std::set<QString> seen;
            for (const auto& row : rows) {
                if (!seen.insert(row.playerId).second)
                    problems.append(tr("the award's %1 list player %2 twice").arg(what, row.playerId));
                else if (!began.count(row.playerId))
                    problems.append(
                        tr("the award's %1 name player %2, who is not in the field").arg(what, row.playerId));
            }
        };
        oncePerPlayer(tr("ratings"), award->ratings);
        oncePerPlayer(tr("awards"), award->awards);
        if (!isMonth(award->lockMonth))
            problems.append(tr("the award has no lock month of the form YYYY-MM"));
        if (award->revision < 1)
            problems.append(tr("the award's revision is below 1"));
        for (const LockedRating& rating : award->ratings) {
            if (!(rating.sigma > 0.0))
                problems.append(tr("the locked rating of player %1 has a sigma that is not above 0")
                                    .arg(rating.playerId));
        }
        for (const PlayerAward& points : award->awards) {
            if (points.place < 1 || !(points.points >= 0.0))
                problems.append(
                    tr("the award of player %1 has a place below 1 or points below 0").arg(points.playerId));
        }
    }
    problems.removeDuplicates();
    return problems;
}

} // namespace

bool EventRecord::sameContent(const EventRecord& other) const
{
    // Units by number, games by number; the partners of a unit or of a side in any order.
    const auto canonical = [](EventRecord event) {
        std::sort(event.units.begin(), event.units.end(),
                  [](const UnitRecord& a, const UnitRecord& b) { return a.number < b.number; });
        for (UnitRecord& unit : event.units)
            unit.playerIds.sort();
        std::sort(event.games.begin(), event.games.end(),
                  [](const GameRecord& a, const GameRecord& b) { return a.number < b.number; });
        for (GameRecord& game : event.games) {
            game.sideA.sort();
            game.sideB.sort();
        }
        return event;
    };
    EventRecord mine = canonical(*this);
    mine.status = other.status;
    return mine == canonical(other);
}

bool AwardRecord::sameContent(const AwardRecord& other) const
{
    // The locked ratings and the awards are one row per player: their order means nothing.
    const auto canonical = [](AwardRecord award) {
        std::sort(award.ratings.begin(), award.ratings.end(),
                  [](const LockedRating& a, const LockedRating& b) { return a.playerId < b.playerId; });
        std::sort(award.awards.begin(), award.awards.end(),
                  [](const PlayerAward& a, const PlayerAward& b) { return a.playerId < b.playerId; });
        return award;
    };
    return canonical(*this) == canonical(other);
}

bool sameAward(const std::optional<AwardRecord>& a, const std::optional<AwardRecord>& b)
{
    return a && b ? a->sameContent(*b) : a.has_value() == b.has_value();
}

// ---------------------------------------------------------------------------------------------

StoreError::StoreError(Kind kind, const QString& message)
    : std::runtime_error(message.toStdString())
    , kind_(kind)
{
}

// ---------------------------------------------------------------------------------------------

// The event day's caches: what Store::searchPlayers and Store::lockedRatingsFor keep in memory.
struct EventDayCache {
    struct IndexedPlayer {
        PlayerMatch match;
        QString id; // case-folded, as are the two below
        QString associationId;
        QString name;
    };
    std::optional<std::vector<IndexedPlayer>> players;    // none: rebuilt at the next search
    std::unordered_map<QString, std::size_t> playerIndex; // id -> position in `players`
    std::map<QString, MonthLockRatings> locks;            // by month (YYYY-MM)
};

struct Store::Private {
    StoreOptions options;
    QString path;
    sqlite::Database db;
    std::unique_ptr<QLockFile> lock;
    QString readOnlyReason;
    int schemaVersion = 0;
    bool created = false;
    QStringList backupsMade;
    QStringList warnings;
    bool heldByAnother = false;

    QDateTime now() const { return options.clock ? options.clock() : QDateTime::currentDateTime(); }

    // Runs `work`, turning SQLite's failures into StoreError::Failed.
    template <typename Work> auto guarded(Work&& work) -> decltype(work())
    {
        try {
            return work();
        } catch (const sqlite::Error& error) {
            throw StoreError(StoreError::Kind::Failed,
                             tr("The database %1 could not be read or changed: %2")
                                 .arg(QDir::toNativeSeparators(path), QString::fromUtf8(error.what())));
        }
    }

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
    // The stored history or its parameters changed: the cached monthly locks are stale.
    void historyChanged() { eventDay.locks.clear(); }
    bool hasListedColumn() const { return schemaVersion >= 3; }
    // The event's own row (no units, no games); StoreError::Refused when there is none.
    EventRecord requireEvent(const QString& eventId);
    void eventChanged(const QString& eventId, EventStatus status, const QString& action,
                      const QJsonObject& details);
    std::vector<Entrant> readEntrants(const QString& eventId, std::optional<int> onlyUnit = std::nullopt);
    void writeEntrant(const QString& eventId, const Entrant& entrant);
    const MonthLockRatings& monthLock(const QString& month);
    void storeFirstUse(const QString& month, const std::vector<LockedRating>& rated,
                       const QJsonObject& parameters, const QString& fingerprint,
                       const engine::MonthlyLock& lock);
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

QString Store::Private::makeBackup(const QString& kind)
{
    const QString folder = Store::backupFolder(path);
    if (!QDir().mkpath(folder))
        throw sqlite::Error(SQLITE_CANTOPEN, "cannot create the folder " + folder.toStdString());
    const QString base = QStringLiteral("%1-%2-%3")
                             .arg(backupStem(path), now().toString(QStringLiteral("yyyyMMdd-HHmmss")), kind);
    QString target = QDir(folder).filePath(base + QStringLiteral(".sqlite"));
    for (int n = 2; QFileInfo::exists(target); ++n)
        target = QDir(folder).filePath(QStringLiteral("%1-%2.sqlite").arg(base).arg(n));
    db.backupTo(target);
    backupsMade.append(target);
    // Rotated by open() once the open has succeeded: an open that fails deletes no older backup.
    return target;
}

void Store::Private::rotateBackups()
{
    const std::vector<BackupFile> files = listBackups(path);
    for (std::size_t i = static_cast<std::size_t>(std::max(options.backupsKept, 1)); i < files.size(); ++i)
        QFile::remove(files[i].path);
    // Copies cut short by a killed process (we hold the lock: no one is writing them now).
    const QDir dir(Store::backupFolder(path));
    for (const QString& name : dir.entryList({backupStem(path) + QStringLiteral("-*.partial")}, QDir::Files))
        QFile::remove(dir.filePath(name));
}

// ---------------------------------------------------------------------------------------------
// Opening

QString Store::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("flickdesk.sqlite"));
}

QString Store::backupFolder(const QString& databasePath)
{
    return QFileInfo(databasePath).absoluteDir().filePath(QStringLiteral("backups"));
}

QStringList Store::backups(const QString& databasePath)
{
    QStringList paths;
    for (const BackupFile& file : listBackups(databasePath))
        paths.append(file.path);
    return paths;
}

Store::Store(std::unique_ptr<Private> p)
    : d(std::move(p))
{
}

Store::~Store()
{
    forgetOpenDatabase(d->path);
}

Store::OpenResult Store::open(const StoreOptions& options)
{
    OpenResult result;
    auto d = std::make_unique<Private>();
    d->options = options;
    d->path = QFileInfo(options.path.isEmpty() ? defaultPath() : options.path).absoluteFilePath();
    const QString& path = d->path;
    const QString shown = QDir::toNativeSeparators(path);
    const int target = options.schemaVersion > 0 ? std::min(options.schemaVersion, latestSchemaVersion)
                                                 : latestSchemaVersion;
    const auto refuse = [&result](OpenFailure failure, const QString& message) {
        result.failure = failure;
        result.error = message;
        return std::move(result);
    };

    const QFileInfo info(path);
    if (info.exists() && !info.isFile())
        return refuse(OpenFailure::CannotOpen, tr("%1 is not a file.").arg(shown));
    // Making a database is an explicit act: a mistyped path makes nothing, not even a folder.
    const bool missing = !info.exists();
    const bool empty = !missing && info.size() == 0;
    if (missing && options.creation == StoreOptions::Creation::Never)
        return refuse(OpenFailure::Missing,
                      tr("There is no database at %1. Nothing was created.").arg(shown));
    if (empty && options.creation != StoreOptions::Creation::IfMissingOrEmpty)
        return refuse(
            OpenFailure::NotFlickDesk,
            tr("%1 is an empty file, not a FlickDesk database. FlickDesk did not change it.").arg(shown));
    const bool creating = missing || empty;
    if (creating && !QDir().mkpath(info.absolutePath()))
        return refuse(
            OpenFailure::CannotOpen,
            tr("The folder %1 cannot be created.").arg(QDir::toNativeSeparators(info.absolutePath())));

    // Read-only media, or a file or folder this user may not write: read in place with SQLite's
    // immutable mode, which writes nothing beside the file (a -shm made from a read-only file
    // would itself be read-only, and block every write once the file is made writable again).
    const QString folderPath = info.absolutePath();
    const bool fileReadOnly = !creating && !QFileInfo(path).isWritable();
    const bool folderReadOnly = !creating && !QFileInfo(folderPath).isWritable();
    bool readOnly = options.readOnly || fileReadOnly || folderReadOnly;
    bool& heldByAnother = d->heldByAnother; // another FlickDesk holds the lock
    if (fileReadOnly || folderReadOnly) {
        d->readOnlyReason =
            fileReadOnly ? tr("%1 is a read-only file, so it was opened read-only: nothing can be changed, "
                              "and no backup is made.")
                               .arg(shown)
                         : tr("%1 is in a folder that cannot be written to (%2), so it was opened read-only: "
                              "nothing can be changed, and no backup is made.")
                               .arg(shown, QDir::toNativeSeparators(folderPath));
    } else if (readOnly) {
        d->readOnlyReason = tr("%1 is open read-only.").arg(shown);
    } else {
        auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
        // FlickDesk holds the lock for as long as it runs: a lock is stale only when the process
        // that wrote it is gone, never because it is old.
        lock->setStaleLockTime(0);
        bool locked = lock->tryLock(0);
        if (!locked && lock->error() == QLockFile::LockFailedError &&
            !lock->getLockInfo(nullptr, nullptr, nullptr)) {
            // A lock file without the holder's process id: its writer died between creating and
            // filling it. A live holder keeps a native lock on the file, which removeStaleLockFile()
            // respects, so removing it cannot take the lock from a running FlickDesk.
            if (lock->removeStaleLockFile())
                locked = lock->tryLock(0);
        }
        if (locked) {
            d->lock = std::move(lock);
            // A -shm this user cannot write (left by an older FlickDesk that opened the file while
            // it was read-only) would keep the database read-only for good. We hold the lock, so
            // no FlickDesk uses it, and SQLite rebuilds it from the -wal: it can go.
            const QFileInfo shm(path + QStringLiteral("-shm"));
            if (shm.exists() && !shm.isWritable())
                QFile::remove(shm.filePath());
        } else {
            readOnly = true;
            heldByAnother = lock->error() == QLockFile::LockFailedError;
            qint64 pid = 0;
            QString host;
            QString application;
            const bool hasInfo =
                lock->error() == QLockFile::LockFailedError && lock->getLockInfo(&pid, &host, &application);
            if (hasInfo && !host.isEmpty() && host != QSysInfo::machineHostName())
                // A lock of another computer (a shared folder): whether its FlickDesk still runs cannot
                // be known from here, so the lock stands until someone who knows takes it over.
                d->readOnlyReason =
                    tr("%1 is in use by FlickDesk on the computer %2 (%3, process %4); it was opened "
                       "read-only, and nothing can be changed until it is closed there. If FlickDesk no "
                       "longer runs on %2 (it was switched off or crashed), take the database over with: "
                       "flickdesk-cli unlock --db %5")
                        .arg(shown, host, application.isEmpty() ? QStringLiteral("?") : application)
                        .arg(pid)
                        .arg(shown);
            else if (hasInfo)
                d->readOnlyReason =
                    tr("%1 is in use by another FlickDesk (%2, process %3); it was opened read-only, and "
                       "nothing can be changed until the other one closes it.")
                        .arg(shown, application.isEmpty() ? QStringLiteral("?") : application)
                        .arg(pid);
            else if (lock->error() == QLockFile::LockFailedError)
                d->readOnlyReason =
                    tr("%1 is in use by another FlickDesk; it was opened read-only, and nothing "
                       "can be changed until the other one closes it.")
                        .arg(shown);
            else
                d->readOnlyReason =
                    tr("The lock file %1.lock cannot be created, so %1 was opened read-only.").arg(shown);
        }
    }

    bool changed = false; // a migration was committed: the backup made before it must stay
    try {
        if (creating) {
            if (readOnly)
                return refuse(
                    heldByAnother ? OpenFailure::Busy : OpenFailure::CannotOpen,
                    tr("%1 does not exist, and it cannot be created now: %2").arg(shown, d->readOnlyReason));
            createDatabase(path, target);
            d->created = true;
        } else {
            QString detail;
            switch (checkHeader(path, detail)) {
            case HeaderVerdict::FlickDesk:
                break;
            case HeaderVerdict::Unreadable:
                return refuse(OpenFailure::CannotOpen, tr("%1 cannot be read: %2.").arg(shown, detail));
            case HeaderVerdict::NotSqlite:
            case HeaderVerdict::OtherApplication:
                return refuse(OpenFailure::NotFlickDesk,
                              tr("%1 is not a FlickDesk database: %2. FlickDesk did not change it.")
                                      .arg(shown, detail) +
                                  u' ' + sentenceAboutBackups(path));
            }
        }

        // A -wal left beside a read-only file holds committed changes, which immutable mode would
        // not read: then SQLite's plain read-only mode, which reads it.
        const bool walLeft = QFileInfo(path + QStringLiteral("-wal")).size() > 0;
        d->db = sqlite::Database(path, (fileReadOnly || folderReadOnly) && !walLeft
                                           ? sqlite::Database::Mode::ReadOnlyImmutable
                                       : readOnly ? sqlite::Database::Mode::ReadOnly
                                                  : sqlite::Database::Mode::ReadWrite);
        d->db.setBusyTimeout(5000);
        d->db.execute("PRAGMA foreign_keys = ON");
        if (const QStringList problems = quickCheck(d->db); !problems.isEmpty()) {
            d->db.close();
            return refuse(OpenFailure::Damaged,
                          tr("%1 is damaged: %2. FlickDesk did not change it.")
                                  .arg(shown, problems.mid(0, 3).join(QStringLiteral("; "))) +
                              u' ' + sentenceAboutBackups(path));
        }
        const std::int64_t version = d->db.queryInteger("PRAGMA user_version").value_or(0);
        if (version > latestSchemaVersion) {
            d->db.close();
            return refuse(OpenFailure::TooNew,
                          tr("%1 was made by a newer FlickDesk (database version %2; this one "
                             "knows up to %3). FlickDesk did not change it.")
                              .arg(shown)
                              .arg(version)
                              .arg(latestSchemaVersion));
        }
        d->schemaVersion = static_cast<int>(version);
        if (version < target) {
            if (readOnly && version < oldestReadableVersion) {
                d->db.close();
                return refuse(
                    heldByAnother ? OpenFailure::Busy : OpenFailure::CannotOpen,
                    tr("%1 needs an upgrade, which cannot be done now: %2").arg(shown, d->readOnlyReason));
            }
            if (!readOnly) {
                // A version number lowered by hand, or tables dropped: migrating would fail or
                // build on a wrong base. Refused before any backup is made.
                if (const QStringList differences = schemaDifferences(d->db, static_cast<int>(version));
                    !differences.isEmpty()) {
                    d->db.close();
                    return refuse(OpenFailure::Damaged,
                                  tr("%1 is damaged: its tables do not match its database version %2 (%3). "
                                     "FlickDesk did not change it.")
                                          .arg(shown)
                                          .arg(version)
                                          .arg(differences.mid(0, 3)
                                                   .join(QStringLiteral("; "))
                                                   .remove(QStringLiteral("schema: "))) +
                                      u' ' + sentenceAboutBackups(path));
                }
                // Before a migration, a copy of the file as it was (when it holds anything).
                if (holdsData(d->db))
                    d->makeBackup(QStringLiteral("before-v%1").arg(target));
                migrate(d->db, static_cast<int>(version), target);
                changed = true;
                d->schemaVersion = target;
            }
        }
        if (!readOnly) {
            d->db.execute("PRAGMA journal_mode = WAL");
            d->db.execute("PRAGMA synchronous = NORMAL");
            // The day's backup, at the first open of a day (any backup of today counts).
            const QString today = d->now().toString(QStringLiteral("yyyyMMdd"));
            const std::vector<BackupFile> existing = listBackups(path);
            const bool backedUpToday =
                std::any_of(existing.begin(), existing.end(),
                            [&today](const BackupFile& file) { return file.stamp.startsWith(today); });
            // A failing daily backup must not keep the director from the database: it is reported.
            try {
                if (!d->created && !backedUpToday && holdsData(d->db))
                    d->makeBackup(QStringLiteral("daily"));
            } catch (const sqlite::Error& error) {
                d->warnings.append(tr("The day's backup of %1 could not be made: %2")
                                       .arg(shown, QString::fromStdString(error.reason())));
            }
        }
    } catch (const sqlite::Error& error) {
        d->db.close();
        // The open failed: a backup it made of a file it did not change is no backup to keep.
        if (!changed) {
            for (const QString& backup : std::as_const(d->backupsMade))
                QFile::remove(backup);
        }
        const int primary = error.code() & 0xff;
        if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB)
            return refuse(OpenFailure::Damaged, tr("%1 is damaged: %2. FlickDesk did not change it.")
                                                        .arg(shown, QString::fromStdString(error.reason())) +
                                                    u' ' + sentenceAboutBackups(path));
        return refuse(OpenFailure::CannotOpen,
                      tr("%1 cannot be opened: %2").arg(shown, QString::fromStdString(error.reason())));
    }

    if (!d->backupsMade.isEmpty())
        d->rotateBackups();
    registerOpenDatabase(d->path);
    result.store.reset(new Store(std::move(d)));
    return result;
}

QString Store::path() const
{
    return d->path;
}

bool Store::isReadOnly() const
{
    return d->db.isReadOnly();
}

QString Store::readOnlyReason() const
{
    return d->db.isReadOnly() ? d->readOnlyReason : QString();
}

bool Store::isHeldByAnother() const
{
    return d->db.isReadOnly() && d->heldByAnother;
}

int Store::schemaVersion() const
{
    return d->schemaVersion;
}

bool Store::created() const
{
    return d->created;
}

QStringList Store::backupsMade() const
{
    return d->backupsMade;
}

QStringList Store::warnings() const
{
    return d->warnings;
}

// ---------------------------------------------------------------------------------------------
// Reading

std::map<QString, EventRecord> Store::Private::readEvents(const QString& onlyEventId, bool ratedOnly,
                                                          std::vector<QString>* order)
{
    // One query per table, for all events at once or for one event (its key then finds it: an "OR ?1
    // IS NULL" would make SQLite scan every row).
    const auto filter = [&onlyEventId](const char* column) {
        return onlyEventId.isNull() ? std::string("(?1 IS NULL)") : std::string(column) + " = ?1";
    };
    std::map<QString, EventRecord> events;
    {
        sqlite::Statement select(db, R"sql(
            SELECT )sql" + std::string(kEventColumns) +
                                         R"sql(
            FROM events
            WHERE )sql" + filter("id") + R"sql( AND (?2 = 0 OR status IN ('finished', 'awarded'))
            ORDER BY rowid)sql");
        select.bind(1, onlyEventId).bind(2, ratedOnly ? 1 : 0);
        while (select.step()) {
            EventRecord event = eventFromRow(select);
            if (order)
                order->push_back(event.id);
            events.emplace(event.id, std::move(event));
        }
    }
    if (events.empty())
        return events;

    std::map<std::pair<QString, int>, UnitRecord*> units;
    {
        sqlite::Statement select(db, "SELECT event_id, unit, status FROM entrants WHERE " +
                                         filter("event_id") +
                                         " "
                                         "ORDER BY event_id, unit");
        select.bind(1, onlyEventId);
        while (select.step()) {
            const auto event = events.find(select.text(0));
            if (event == events.end())
                continue;
            UnitRecord unit;
            unit.number = static_cast<int>(select.integer(1));
            unit.status = entrantStatusFromKeyword(select.text(2)).value_or(EntrantStatus::Registered);
            event->second.units.push_back(std::move(unit));
        }
        for (auto& [id, event] : events) {
            for (UnitRecord& unit : event.units)
                units.emplace(std::pair(id, unit.number), &unit);
        }
    }
    {
        sqlite::Statement select(db,
                                 "SELECT event_id, unit, place FROM standings WHERE " + filter("event_id"));
        select.bind(1, onlyEventId);
        while (select.step()) {
            if (const auto unit = units.find({select.text(0), static_cast<int>(select.integer(1))});
                unit != units.end())
                unit->second->place = static_cast<int>(select.integer(2));
        }
    }
    {
        sqlite::Statement select(db, "SELECT event_id, unit, player_id FROM entrant_players "
                                     "WHERE " +
                                         filter("event_id") + " ORDER BY event_id, unit, seat");
        select.bind(1, onlyEventId);
        while (select.step()) {
            if (const auto unit = units.find({select.text(0), static_cast<int>(select.integer(1))});
                unit != units.end())
                unit->second->playerIds.append(select.text(2));
        }
    }
    std::map<std::pair<QString, int>, GameRecord*> games;
    {
        sqlite::Statement select(db, "SELECT event_id, game, winner FROM games WHERE " + filter("event_id") +
                                         " "
                                         "ORDER BY event_id, game");
        select.bind(1, onlyEventId);
        while (select.step()) {
            const auto event = events.find(select.text(0));
            if (event == events.end())
                continue;
            GameRecord game;
            game.number = static_cast<int>(select.integer(1));
            game.outcome = gameOutcomeFromKeyword(select.text(2)).value_or(engine::GameOutcome::Draw);
            event->second.games.push_back(std::move(game));
        }
        for (auto& [id, event] : events) {
            for (GameRecord& game : event.games)
                games.emplace(std::pair(id, game.number), &game);
        }
    }
    {
        sqlite::Statement select(db, "SELECT event_id, game, side, player_id FROM game_players "
                                     "WHERE " +
                                         filter("event_id") + " ORDER BY event_id, game, side, seat");
        select.bind(1, onlyEventId);
        while (select.step()) {
            const auto game = games.find({select.text(0), static_cast<int>(select.integer(1))});
            if (game == games.end())
                continue;
            (select.text(2) == QLatin1String("a") ? game->second->sideA : game->second->sideB)
                .append(select.text(3));
        }
    }
    return events;
}

std::vector<EventSummary> Store::events()
{
    return d->guarded([this] {
        std::vector<EventSummary> list;
        sqlite::Statement select(
            d->db, "SELECT id, date, name, status, format, tier FROM events ORDER BY date, rowid");
        while (select.step()) {
            EventSummary summary;
            summary.id = select.text(0);
            summary.date = select.text(1);
            summary.name = select.text(2);
            summary.status = eventStatusFromKeyword(select.text(3)).value_or(EventStatus::Planned);
            summary.format = eventFormatFromKeyword(select.text(4)).value_or(engine::EventFormat::Singles);
            if (const auto tier = select.optionalInteger(5))
                summary.tier = static_cast<int>(*tier);
            list.push_back(std::move(summary));
        }
        return list;
    });
}

std::optional<EventRecord> Store::event(const QString& id)
{
    return d->guarded([&]() -> std::optional<EventRecord> {
        if (id.isEmpty())
            return std::nullopt;
        std::map<QString, EventRecord> events = d->readEvents(id, false, nullptr);
        if (events.empty())
            return std::nullopt;
        return std::move(events.begin()->second);
    });
}

std::optional<PlayerRecord> Store::player(const QString& id)
{
    std::vector<PlayerRecord> found = players({id});
    if (found.empty())
        return std::nullopt;
    return std::move(found.front());
}

std::vector<PlayerRecord> Store::players(const QStringList& ids)
{
    return d->guarded([&] {
        std::vector<PlayerRecord> found;
        sqlite::Statement select(d->db,
                                 "SELECT id, name, association_id, location FROM players WHERE id = ?");
        for (const QString& id : ids) {
            select.reset();
            select.bind(1, nonNull(id));
            if (select.step())
                found.push_back({select.text(0), select.text(1), select.text(2), select.text(3)});
        }
        return found;
    });
}

int Store::eventCount()
{
    return d->guarded(
        [this] { return static_cast<int>(d->db.queryInteger("SELECT count(*) FROM events").value_or(0)); });
}

int Store::playerCount()
{
    return d->guarded(
        [this] { return static_cast<int>(d->db.queryInteger("SELECT count(*) FROM players").value_or(0)); });
}

std::vector<AwardRecord> Store::Private::readAwards(const QString& eventId)
{
    std::vector<AwardRecord> revisions;
    sqlite::Statement select(db,
                             "SELECT revision, lock_month, fsi, fdi, awarded_at, reason FROM event_awards "
                             "WHERE event_id = ? ORDER BY revision");
    select.bind(1, eventId);
    while (select.step()) {
        AwardRecord award;
        award.revision = static_cast<int>(select.integer(0));
        award.lockMonth = select.text(1);
        award.fsi = select.real(2);
        award.fdi = select.real(3);
        award.awardedAt = select.text(4);
        award.reason = select.text(5);
        revisions.push_back(std::move(award));
    }
    sqlite::Statement ratings(
        db, "SELECT player_id, mu, sigma FROM award_ratings WHERE event_id = ? AND revision = ? "
            "ORDER BY player_id");
    sqlite::Statement awards(
        db, "SELECT player_id, place, points FROM awards WHERE event_id = ? AND revision = ? "
            "ORDER BY place, player_id");
    for (AwardRecord& award : revisions) {
        ratings.reset();
        ratings.bind(1, eventId).bind(2, award.revision);
        while (ratings.step())
            award.ratings.push_back({ratings.text(0), ratings.real(1), ratings.real(2)});
        awards.reset();
        awards.bind(1, eventId).bind(2, award.revision);
        while (awards.step())
            award.awards.push_back({awards.text(0), static_cast<int>(awards.integer(1)), awards.real(2)});
    }
    return revisions;
}

std::optional<AwardRecord> Store::currentAward(const QString& eventId)
{
    std::vector<AwardRecord> revisions = awardRevisions(eventId);
    if (revisions.empty())
        return std::nullopt;
    return std::move(revisions.back());
}

std::vector<AwardRecord> Store::awardRevisions(const QString& eventId)
{
    return d->guarded([&] { return d->readAwards(eventId); });
}

std::vector<LockedRating> Store::lockRatings(const QString& month)
{
    return d->guarded([&] {
        std::vector<LockedRating> ratings;
        sqlite::Statement select(
            d->db, "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ? ORDER BY player_id");
        select.bind(1, month);
        while (select.step())
            ratings.push_back({select.text(0), select.real(1), select.real(2)});
        return ratings;
    });
}

std::vector<AuditEntry> Store::auditLog(const QString& eventId)
{
    return d->guarded([&] {
        std::vector<AuditEntry> entries;
        sqlite::Statement select(d->db, "SELECT at, action, event_id, details FROM audit_log "
                                        "WHERE ?1 IS NULL OR event_id = ?1 ORDER BY id");
        select.bind(1, eventId.isEmpty() ? QString() : eventId);
        while (select.step())
            entries.push_back({select.text(0), select.text(1), select.text(2), select.text(3)});
        return entries;
    });
}

HistoryFolder Store::Private::loadHistory()
{
    HistoryFolder folder;
    std::vector<QString> order;
    const std::map<QString, EventRecord> records = readEvents(QString(), true, &order);

    // Players are numbered as readHistoryFolder numbers them: by their first result row, then by
    // their first game (the rows keep the order in which they were stored).
    std::unordered_map<QString, engine::PlayerIndex> players;
    const auto indexOf = [&](const QString& id) {
        const auto [it, inserted] = players.try_emplace(id, static_cast<engine::PlayerIndex>(players.size()));
        if (inserted)
            folder.history.playerIds.push_back(id.toStdString());
        return it->second;
    };
    {
        sqlite::Statement select(db, R"sql(
            SELECT ep.player_id FROM entrant_players ep
            JOIN events e ON e.id = ep.event_id
            JOIN entrants u ON u.event_id = ep.event_id AND u.unit = ep.unit
            WHERE e.status IN ('finished', 'awarded') AND u.status IN ('started', 'withdrawn')
            ORDER BY ep.rowid)sql");
        while (select.step())
            indexOf(select.text(0));
        sqlite::Statement games(db, R"sql(
            SELECT gp.player_id FROM game_players gp JOIN events e ON e.id = gp.event_id
            WHERE e.status IN ('finished', 'awarded') ORDER BY gp.rowid)sql");
        while (games.step())
            indexOf(games.text(0));
    }

    const SourceRef source{path.toStdString(), 0};
    folder.history.events.reserve(order.size());
    folder.events.reserve(order.size());
    for (const QString& id : order) {
        const EventRecord& record = records.at(id);
        engine::Event event;
        event.id = record.id.toStdString();
        event.date = engine::parseIsoDate(record.date.toStdString()).value_or(0);
        event.format = record.format;
        event.source = source;
        int began = 0;
        for (const UnitRecord& unit : record.units) {
            if (unit.status == EntrantStatus::Registered) // DECISIONS P3: only units that began
                continue;
            ++began;
            engine::Standing standing;
            standing.place = unit.place.value_or(0);
            for (const QString& player : unit.playerIds)
                standing.unit.players.push_back(indexOf(player));
            standing.source = source;
            event.standings.push_back(std::move(standing));
        }
        for (const GameRecord& game : record.games) {
            engine::HeadToHeadGame g;
            for (const QString& player : game.sideA)
                g.a.players.push_back(indexOf(player));
            for (const QString& player : game.sideB)
                g.b.players.push_back(indexOf(player));
            g.outcome = game.outcome;
            g.source = source;
            event.games.push_back(std::move(g));
        }
        EventInfo info;
        info.eventId = record.id;
        info.date = event.date;
        info.name = record.name;
        info.format = record.format;
        info.group = record.group;
        info.tour = record.tour;
        info.tier = record.tier;
        info.season = record.season;
        info.fieldSize = record.fieldSize.value_or(began);
        info.source = source;
        info.experimental = record.experimental;
        info.experimentalCap = record.experimentalCap;
        folder.history.events.push_back(std::move(event));
        folder.events.push_back(std::move(info));
    }

    sqlite::Statement parameters(db, "SELECT value FROM settings WHERE key = ?");
    parameters.bind(1, parametersKey);
    if (parameters.step())
        folder.parameters = parametersFromJson(QJsonDocument::fromJson(parameters.text(0).toUtf8()).object());
    // The NCA lists imported as monthly locks: each is its month's lock (core/monthlock.h).
    sqlite::Statement imported(db, "SELECT l.month, r.player_id, r.mu, r.sigma FROM locks l "
                                   "JOIN lock_ratings r ON r.month = l.month WHERE l.source = 'imported'");
    while (imported.step()) {
        if (const std::optional<engine::DayNumber> first =
                engine::parseIsoDate((imported.text(0) + QStringLiteral("-01")).toStdString()))
            folder.importedLocks[*first].insert(imported.text(1), {imported.real(2), imported.real(3)});
    }
    folder.defects = engine::validateHistory(folder.history);
    return folder;
}

HistoryFolder Store::loadHistory()
{
    return d->guarded([this] { return d->loadHistory(); });
}

namespace {

// SHA-256 (hex) of a history's events, standings and games: what a rating run was computed from.
QString fingerprintOf(const HistoryFolder& folder)
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

} // namespace

QString Store::historyFingerprint()
{
    return fingerprintOf(loadHistory());
}

// ---------------------------------------------------------------------------------------------
// Settings

QJsonValue Store::setting(const QString& key)
{
    return d->guarded([&]() -> QJsonValue {
        sqlite::Statement select(d->db, "SELECT value FROM settings WHERE key = ?");
        select.bind(1, key);
        if (!select.step())
            return QJsonValue(QJsonValue::Undefined);
        // A JSON value of any type: wrapped in an array so that QJsonDocument can parse it.
        const QJsonDocument document = QJsonDocument::fromJson("[" + select.text(0).toUtf8() + "]");
        return document.array().first();
    });
}

void Store::setSetting(const QString& key, const QJsonValue& value)
{
    d->guarded([&] {
        d->requireWritable();
        QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        text = text.mid(1, text.size() - 2);
        sqlite::Transaction transaction(d->db);
        d->historyChanged(); // the FlickSkill parameters are a setting
        sqlite::Statement upsert(d->db, "INSERT INTO settings (key, value) VALUES (?, ?) "
                                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
        upsert.bind(1, key).bind(2, QString::fromUtf8(text)).run();
        transaction.commit();
    });
}

ParameterOverrides Store::flickSkillParameters()
{
    return parametersFromJson(setting(parametersKey).toObject());
}

QString Store::finaleKey(const QString& season)
{
    return QStringLiteral("season.%1.finale").arg(season);
}

QString Store::earlierRecreationalChampionsKey()
{
    return QStringLiteral("recreational.earlier_champions");
}

// ---------------------------------------------------------------------------------------------
// Writing

int Store::Private::insertPlayers(const std::vector<PlayerRecord>& players, const QString& origin)
{
    eventDay.players.reset(); // the search index learns of new players and events at its next search
    sqlite::Statement insert(
        db, "INSERT OR IGNORE INTO players (id, name, association_id, location) VALUES (?, ?, ?, ?)");
    // A name fills in only a missing one: the id is the identity (DECISIONS D1). Another name is
    // refused before (nameConflicts); a name filled in is logged, with the file it came from.
    sqlite::Statement fillName(db, "UPDATE players SET name = ?2 WHERE id = ?1 AND coalesce(name, '') = ''");
    int added = 0;
    for (const PlayerRecord& player : players) {
        insert.reset();
        insert.bind(1, player.id)
            .bind(2, player.name.isEmpty() ? QString() : player.name)
            .bind(3, player.associationId.isEmpty() ? QString() : player.associationId)
            .bind(4, player.location.isEmpty() ? QString() : player.location)
            .run();
        if (db.changes() > 0) {
            ++added;
        } else if (!player.name.isEmpty()) {
            fillName.reset();
            fillName.bind(1, player.id).bind(2, player.name).run();
            if (db.changes() > 0)
                audit(QStringLiteral("name-player"), QString(),
                      QJsonObject{{QStringLiteral("player"), player.id},
                                  {QStringLiteral("name"), player.name},
                                  {QStringLiteral("origin"), origin}});
        }
    }
    return added;
}

std::optional<EventSummary> Store::Private::lookalike(const EventRecord& event)
{
    const QString key = fieldKey(event);
    if (key.isEmpty())
        return std::nullopt;
    // events_by_date finds the few events of that day; only those of the same name are read further.
    sqlite::Statement candidates(
        db, "SELECT id, name, status, format, tier FROM events WHERE date = ? AND id <> ? ORDER BY rowid");
    candidates.bind(1, event.date).bind(2, event.id);
    sqlite::Statement field(db, R"sql(
        SELECT p.unit, p.player_id FROM entrant_players p
        JOIN entrants e ON e.event_id = p.event_id AND e.unit = p.unit
        WHERE p.event_id = ? AND e.status <> 'registered'
        ORDER BY p.unit, p.seat)sql");
    const QString name = nameKey(event.name);
    while (candidates.step()) {
        if (nameKey(candidates.text(1)) != name)
            continue;
        field.reset();
        field.bind(1, candidates.text(0));
        std::map<qint64, QStringList> units;
        while (field.step())
            units[field.integer(0)].append(field.text(1));
        std::vector<QStringList> stored;
        for (auto& [number, players] : units)
            stored.push_back(std::move(players));
        if (fieldKey(stored) != key)
            continue;
        EventSummary summary;
        summary.id = candidates.text(0);
        summary.date = event.date;
        summary.name = candidates.text(1);
        summary.status = eventStatusFromKeyword(candidates.text(2)).value_or(EventStatus::Planned);
        summary.format = eventFormatFromKeyword(candidates.text(3)).value_or(engine::EventFormat::Singles);
        if (!candidates.isNull(4))
            summary.tier = static_cast<int>(candidates.integer(4));
        return summary;
    }
    return std::nullopt;
}

std::vector<Store::Private::NameConflict>
Store::Private::nameConflicts(const std::vector<PlayerRecord>& players)
{
    std::vector<NameConflict> conflicts;
    sqlite::Statement select(db, "SELECT name FROM players WHERE id = ?");
    for (std::size_t i = 0; i < players.size(); ++i) {
        if (players[i].name.trimmed().isEmpty())
            continue;
        select.reset();
        select.bind(1, players[i].id);
        if (select.step() && differentNames(select.text(0), players[i].name))
            conflicts.push_back({i, select.text(0)});
    }
    return conflicts;
}

void Store::Private::insertEventRow(const EventRecord& event)
{
    sqlite::Statement insert(db, R"sql(
        INSERT INTO events (id, date, name, format, tier, tour, experimental, experimental_cap, season,
                            "group", field_size, status)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?))sql");
    insert.bind(1, event.id)
        .bind(2, event.date)
        .bind(3, nonNull(event.name))
        .bind(4, keyword(event.format))
        .bind(5, event.tier)
        .bind(6, keyword(event.tour))
        .bind(7, event.experimental ? 1 : 0)
        .bind(8, event.experimentalCap)
        .bind(9, nonNull(event.season))
        .bind(10, nonNull(event.group))
        .bind(11, event.fieldSize)
        .bind(12, keyword(event.status))
        .run();
}

void Store::Private::insertUnits(const EventRecord& event)
{
    sqlite::Statement entrant(db, "INSERT INTO entrants (event_id, unit, status) VALUES (?, ?, ?)");
    sqlite::Statement standing(db, "INSERT INTO standings (event_id, unit, place) VALUES (?, ?, ?)");
    for (const UnitRecord& unit : event.units) {
        entrant.reset();
        entrant.bind(1, event.id).bind(2, unit.number).bind(3, keyword(unit.status)).run();
        if (unit.place) {
            standing.reset();
            standing.bind(1, event.id).bind(2, unit.number).bind(3, *unit.place).run();
        }
    }
}

void Store::Private::insertGames(const EventRecord& event)
{
    sqlite::Statement game(db, "INSERT INTO games (event_id, game, winner) VALUES (?, ?, ?)");
    sqlite::Statement side(
        db, "INSERT INTO game_players (event_id, game, side, seat, player_id) VALUES (?, ?, ?, ?, ?)");
    for (const GameRecord& g : event.games) {
        game.reset();
        game.bind(1, event.id).bind(2, g.number).bind(3, keyword(g.outcome)).run();
        for (const auto& [name, players] : {std::pair("a", &g.sideA), std::pair("b", &g.sideB)}) {
            int seat = 0;
            for (const QString& player : *players) {
                side.reset();
                side.bind(1, event.id).bind(2, g.number).bind(3, name).bind(4, ++seat).bind(5, player).run();
            }
        }
    }
}

void Store::Private::insertAward(const QString& eventId, const AwardRecord& award)
{
    sqlite::Statement header(
        db, "INSERT INTO event_awards (event_id, revision, lock_month, fsi, fdi, awarded_at, reason) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)");
    header.bind(1, eventId)
        .bind(2, award.revision)
        .bind(3, award.lockMonth)
        .bind(4, award.fsi)
        .bind(5, award.fdi)
        .bind(6, nonNull(award.awardedAt))
        .bind(7, nonNull(award.reason))
        .run();
    sqlite::Statement rating(
        db, "INSERT INTO award_ratings (event_id, revision, player_id, mu, sigma) VALUES (?, ?, ?, ?, ?)");
    for (const LockedRating& r : award.ratings) {
        rating.reset();
        rating.bind(1, eventId)
            .bind(2, award.revision)
            .bind(3, r.playerId)
            .bind(4, r.mu)
            .bind(5, r.sigma)
            .run();
    }
    sqlite::Statement points(
        db, "INSERT INTO awards (event_id, revision, player_id, place, points) VALUES (?, ?, ?, ?, ?)");
    for (const PlayerAward& a : award.awards) {
        points.reset();
        points.bind(1, eventId)
            .bind(2, award.revision)
            .bind(3, a.playerId)
            .bind(4, a.place)
            .bind(5, a.points)
            .run();
    }
}

ImportReport Store::importHistory(const QString& dir, bool acceptParameters)
{
    return importHistory(readHistoryFolder(dir), dir, acceptParameters);
}

std::optional<EventSummary> Store::sameEventAs(const EventRecord& event)
{
    return d->guarded([&] { return d->lookalike(event); });
}

QString Store::deskTag()
{
    return setting(deskTagKey).toString();
}

namespace {
void nameDefectiveEvents(ImportReport& report)
{
    // A set beside the list: a history with a million defective rows is named in linear time.
    std::unordered_set<std::string> named;
    for (const Defect& defect : report.defects) {
        if (!defect.eventId.empty() && named.insert(defect.eventId).second)
            report.defectiveEvents.append(QString::fromStdString(defect.eventId));
    }
}
} // namespace

ImportReport Store::checkHistory(const HistoryFolder& folder)
{
    ImportReport report;
    report.defects = folder.defects;
    nameDefectiveEvents(report);
    return report;
}

ImportReport Store::importHistory(const HistoryFolder& folder, const QString& origin, bool acceptParameters)
{
    if (!folder.defects.empty())
        return checkHistory(folder);
    ImportReport report;
    return d->guarded([&] {
        d->requireWritable();
        FullSync fullSync(d->db);
        sqlite::Transaction transaction(d->db);
        d->historyChanged();

        // Events already stored: the same content is skipped, other content is a defect. An event
        // that is a stored one, or an earlier one of the folder, under another id is a defect too: it
        // would count twice.
        std::vector<EventRecord> records;
        std::vector<bool> add(folder.events.size(), true);
        std::unordered_map<QString, std::size_t> folderEvents; // lookalikeKey -> index
        for (std::size_t i = 0; i < folder.events.size(); ++i) {
            records.push_back(recordOf(folder, i));
            std::map<QString, EventRecord> stored = d->readEvents(records.back().id, false, nullptr);
            if (stored.empty()) {
                const EventInfo& info = folder.events[i];
                const auto refuse = [&](const QString& message) {
                    report.defects.push_back(
                        Defect{info.source, "event_id", info.eventId.toStdString(), message.toStdString()});
                };
                for (const QString& problem : storageProblems(records.back(), std::nullopt))
                    refuse(problem);
                if (const std::optional<EventSummary> same = d->lookalike(records.back())) {
                    refuse(lookalikeMessage(*same));
                } else if (const QString key = lookalikeKey(records.back()); !key.isEmpty()) {
                    const auto [first, inserted] = folderEvents.try_emplace(key, i);
                    if (!inserted) {
                        const EventInfo& earlier = folder.events[first->second];
                        refuse(tr("this is event %1 (%2, %3) of line %4 again under another id: the same "
                                  "date, name and field; it would count twice")
                                   .arg(earlier.eventId, earlier.name, records[first->second].date)
                                   .arg(earlier.source.line));
                    }
                }
                continue;
            }
            add[i] = false;
            const EventRecord& existing = stored.begin()->second;
            if (records.back().sameContent(existing)) {
                ++report.eventsUnchanged;
                continue;
            }
            const EventInfo& info = folder.events[i];
            report.defects.push_back(
                Defect{info.source, "event_id", info.eventId.toStdString(),
                       tr("event %1 is already in the database, and %2")
                           .arg(info.eventId, describeDifference(records.back(), existing))
                           .toStdString()});
        }
        if (!report.defects.empty()) {
            nameDefectiveEvents(report);
            return report; // the transaction rolls back: nothing was written
        }

        // Players, then events with their units, then each player row in the order of the files (so
        // that loadHistory numbers players as readHistoryFolder does), then the games.
        std::vector<PlayerRecord> players;
        players.reserve(folder.history.playerIds.size());
        for (const std::string& id : folder.history.playerIds)
            players.push_back({QString::fromStdString(id), {}, {}, {}});
        report.playersAdded = d->insertPlayers(players);

        struct PlayerRow {
            std::tuple<int, int, std::size_t> order; // line in results.csv, then position
            const QString* eventId;
            int unit;
            int seat;
            const QString* playerId;
        };
        std::vector<PlayerRow> rows;
        for (std::size_t i = 0; i < records.size(); ++i) {
            if (!add[i])
                continue;
            d->insertEventRow(records[i]);
            d->insertUnits(records[i]);
            ++report.eventsAdded;
            const engine::Event& event = folder.history.events[i];
            for (std::size_t u = 0; u < records[i].units.size(); ++u) {
                const UnitRecord& unit = records[i].units[u];
                const engine::Standing& standing = event.standings[u];
                for (qsizetype seat = 0; seat < unit.playerIds.size(); ++seat) {
                    const auto k = static_cast<std::size_t>(seat);
                    const int line = k < standing.playerSources.size() ? standing.playerSources[k].line
                                                                       : standing.source.line;
                    rows.push_back({{line, static_cast<int>(i), k},
                                    &records[i].id,
                                    unit.number,
                                    static_cast<int>(seat) + 1,
                                    &unit.playerIds[seat]});
                }
            }
        }
        std::stable_sort(rows.begin(), rows.end(),
                         [](const PlayerRow& a, const PlayerRow& b) { return a.order < b.order; });
        sqlite::Statement insert(
            d->db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
        for (const PlayerRow& row : rows) {
            insert.reset();
            insert.bind(1, *row.eventId).bind(2, row.unit).bind(3, row.seat).bind(4, *row.playerId).run();
        }
        report.finishes = static_cast<int>(rows.size());
        for (std::size_t i = 0; i < records.size(); ++i) {
            if (add[i]) {
                d->insertGames(records[i]);
                report.games += static_cast<int>(records[i].games.size());
            }
        }

        // The folder's params.json sets the stored FlickSkill parameters (its keys win) only by an
        // explicit act: they rate every event, so a change would change every rating and award
        // preview. A database with no events and no parameters yet takes them; either is logged.
        if (const QJsonObject given = parametersJson(folder.parameters); !given.isEmpty()) {
            QJsonObject before;
            {
                sqlite::Statement select(d->db, "SELECT value FROM settings WHERE key = ?");
                select.bind(1, parametersKey);
                if (select.step())
                    before = QJsonDocument::fromJson(select.text(0).toUtf8()).object();
            }
            ParameterOverrides merged = parametersFromJson(before);
            merged.overrideWith(folder.parameters);
            const QJsonObject after = parametersJson(merged);
            if (after != parametersJson(parametersFromJson(before))) {
                // The first history of an empty database: its events were all added just now.
                sqlite::Statement count(d->db, "SELECT count(*) FROM events");
                const bool firstParameters =
                    before.isEmpty() && count.step() && count.integer(0) == report.eventsAdded;
                if (!acceptParameters && !firstParameters) {
                    QStringList changes;
                    for (auto it = after.begin(); it != after.end(); ++it) {
                        const QJsonValue old = before.value(it.key());
                        if (old != it.value())
                            changes.append(tr("%1 %2 here, %3 in the database")
                                               .arg(it.key(), QString::number(it.value().toDouble()),
                                                    old.isUndefined() ? tr("the default")
                                                                      : QString::number(old.toDouble())));
                    }
                    report.defects.push_back(Defect{
                        SourceRef{QDir(origin).filePath(QStringLiteral("params.json")).toStdString(), 0},
                        {},
                        {},
                        tr("its FlickSkill parameters differ from the database's (%1): they would change "
                           "every rating. To make them the database's parameters, import the folder with "
                           "--accept-parameters (recorded in the audit log); to keep the database's, remove "
                           "params.json from the folder")
                            .arg(changes.join(QStringLiteral("; ")))
                            .toStdString()});
                    return report; // the transaction rolls back: nothing was written
                }
                sqlite::Statement upsert(d->db, "INSERT INTO settings (key, value) VALUES (?, ?) "
                                                "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
                upsert.bind(1, parametersKey).bind(2, jsonText(after)).run();
                report.parametersChanged = true;
                d->audit(QStringLiteral("set-parameters"), QString(),
                         QJsonObject{{QStringLiteral("origin"), origin},
                                     {QStringLiteral("before"), before},
                                     {QStringLiteral("after"), after}});
            }
        }

        if (report.eventsAdded > 0) {
            QJsonArray added;
            for (std::size_t i = 0; i < records.size(); ++i) {
                if (add[i])
                    added.append(records[i].id);
            }
            d->audit(QStringLiteral("import-history"), QString(),
                     QJsonObject{{QStringLiteral("origin"), origin},
                                 {QStringLiteral("events"), added},
                                 {QStringLiteral("unchanged"), report.eventsUnchanged},
                                 {QStringLiteral("players_added"), report.playersAdded}});
        }
        transaction.commit();
        return report;
    });
}

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
                   "awards stay as they were, DECISIONS P2). Nothing was written.")
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
        d->eventDay.locks.clear(); // the list is the month's lock now (core/monthlock.h)
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
                tr("The lock of %1 was used to award events; it is not replaced (DECISIONS P2).").arg(month));
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
            // An NCA list imported for the month is its lock (core/monthlock.h): a run keeps it.
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

void Store::addEvent(const EventRecord& event, const std::vector<PlayerRecord>& players,
                     const std::optional<AwardRecord>& award, const QString& origin)
{
    d->guarded([&] {
        d->requireWritable();
        FullSync fullSync(d->db);
        sqlite::Transaction transaction(d->db);
        d->historyChanged();
        sqlite::Statement exists(d->db, "SELECT 1 FROM events WHERE id = ?");
        exists.bind(1, event.id);
        if (exists.step())
            throw StoreError(StoreError::Kind::Refused,
                             tr("Event %1 is already in the database.").arg(event.id));
        // Nothing that SQLite would refuse, no lookalike, no second person under a known id: each is
        // a defect of what is imported, refused before anything is written.
        const QString source = origin.isEmpty() ? tr("Event %1").arg(event.id) : origin;
        if (const QStringList problems = storageProblems(event, award); !problems.isEmpty())
            throw StoreError(
                StoreError::Kind::Refused,
                tr("%1: %2; nothing was imported.").arg(source, problems.join(QStringLiteral("; "))));
        if (const std::optional<EventSummary> same = d->lookalike(event))
            throw StoreError(StoreError::Kind::Refused,
                             tr("%1: %2; nothing was imported.").arg(source, lookalikeMessage(*same)));
        if (const auto conflicts = d->nameConflicts(players); !conflicts.empty()) {
            const PlayerRecord& player = players[conflicts.front().index];
            throw StoreError(
                StoreError::Kind::Refused,
                tr("%1: %2; nothing was imported.")
                    .arg(source, nameConflictMessage(player.id, conflicts.front().storedName, player.name)));
        }
        std::vector<PlayerRecord> all = players;
        for (const UnitRecord& unit : event.units) {
            for (const QString& id : unit.playerIds)
                all.push_back({id, {}, {}, {}});
        }
        d->insertPlayers(all, origin);
        d->insertEventRow(event);
        d->insertUnits(event);
        sqlite::Statement insert(
            d->db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
        for (const UnitRecord& unit : event.units) {
            int seat = 0;
            for (const QString& player : unit.playerIds) {
                insert.reset();
                insert.bind(1, event.id).bind(2, unit.number).bind(3, ++seat).bind(4, player).run();
            }
        }
        d->insertGames(event);
        if (award)
            d->insertAward(event.id, *award);
        if (event.status == EventStatus::Finished || event.status == EventStatus::Awarded)
            d->audit(QStringLiteral("add-event"), event.id,
                     QJsonObject{{QStringLiteral("origin"), origin},
                                 {QStringLiteral("status"), keyword(event.status)},
                                 {QStringLiteral("units"), static_cast<int>(event.units.size())},
                                 {QStringLiteral("award_revision"),
                                  award ? QJsonValue(award->revision) : QJsonValue()}});
        transaction.commit();
    });
}

void Store::setEventStatus(const QString& eventId, EventStatus status)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement select(d->db, "SELECT status FROM events WHERE id = ?");
        select.bind(1, eventId);
        if (!select.step())
            throw StoreError(StoreError::Kind::Refused, tr("There is no event %1.").arg(eventId));
        const EventStatus before = eventStatusFromKeyword(select.text(0)).value_or(EventStatus::Planned);
        if (before == status)
            return;
        d->historyChanged(); // finished and awarded events are the rated history
        // DECISIONS P2: awarding and re-awarding are their own, logged actions.
        if (before == EventStatus::Awarded || status == EventStatus::Awarded)
            throw StoreError(StoreError::Kind::Refused,
                             tr("Event %1 is %2: only awarding changes an event to or from awarded.")
                                 .arg(eventId, keyword(before)));
        sqlite::Statement update(d->db, "UPDATE events SET status = ? WHERE id = ?");
        update.bind(1, keyword(status)).bind(2, eventId).run();
        if (before == EventStatus::Finished)
            d->audit(QStringLiteral("status"), eventId,
                     QJsonObject{{QStringLiteral("before"), keyword(before)},
                                 {QStringLiteral("after"), keyword(status)}});
        transaction.commit();
    });
}

namespace {

// Every player an award names must be a player of the event's field.
void requireFieldPlayers(const EventRecord& event, const AwardRecord& award)
{
    std::set<QString> field;
    for (const UnitRecord& unit : event.units) {
        if (unit.status != EntrantStatus::Registered)
            field.insert(unit.playerIds.begin(), unit.playerIds.end());
    }
    const auto check = [&](const QString& player) {
        if (!field.count(player))
            throw StoreError(
                StoreError::Kind::Refused,
                tr("The award of event %1 names player %2, who is not in its field.").arg(event.id, player));
    };
    for (const LockedRating& rating : award.ratings)
        check(rating.playerId);
    for (const PlayerAward& points : award.awards)
        check(points.playerId);
    if (!isMonth(award.lockMonth))
        throw StoreError(StoreError::Kind::Refused,
                         tr("The award of event %1 has no lock month of the form YYYY-MM.").arg(event.id));
}

} // namespace

void Store::award(const QString& eventId, AwardRecord award)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        std::map<QString, EventRecord> events = d->readEvents(eventId, false, nullptr);
        if (events.empty())
            throw StoreError(StoreError::Kind::Refused, tr("There is no event %1.").arg(eventId));
        const EventRecord& event = events.begin()->second;
        if (event.status != EventStatus::Finished)
            throw StoreError(
                StoreError::Kind::Refused,
                event.status == EventStatus::Awarded
                    ? tr("Event %1 is awarded already: re-award it instead (DECISIONS P2).").arg(eventId)
                    : tr("Event %1 is %2: only a finished event is awarded.")
                          .arg(eventId, keyword(event.status)));
        requireFieldPlayers(event, award);
        award.revision = 1;
        award.reason.clear();
        if (award.awardedAt.isEmpty())
            award.awardedAt = isoUtc(d->now());
        d->insertAward(eventId, award);
        sqlite::Statement update(d->db, "UPDATE events SET status = 'awarded' WHERE id = ?");
        update.bind(1, eventId).run();
        d->audit(QStringLiteral("award"), eventId,
                 QJsonObject{{QStringLiteral("revision"), 1},
                             {QStringLiteral("lock_month"), award.lockMonth},
                             {QStringLiteral("fsi"), award.fsi},
                             {QStringLiteral("fdi"), award.fdi},
                             {QStringLiteral("awards"), static_cast<int>(award.awards.size())}});
        transaction.commit();
    });
}

void Store::reaward(const QString& eventId, AwardRecord award, const QString& reason)
{
    if (reason.trimmed().isEmpty())
        throw StoreError(
            StoreError::Kind::Refused,
            tr("Re-awarding event %1 needs a reason; it is logged (DECISIONS P2).").arg(eventId));
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        std::map<QString, EventRecord> events = d->readEvents(eventId, false, nullptr);
        if (events.empty())
            throw StoreError(StoreError::Kind::Refused, tr("There is no event %1.").arg(eventId));
        const EventRecord& event = events.begin()->second;
        const std::vector<AwardRecord> earlier = d->readAwards(eventId);
        if (event.status != EventStatus::Awarded || earlier.empty())
            throw StoreError(StoreError::Kind::Refused,
                             tr("Event %1 has not been awarded: award it first.").arg(eventId));
        requireFieldPlayers(event, award);
        const AwardRecord& previous = earlier.back();
        award.revision = previous.revision + 1;
        award.reason = reason.trimmed();
        if (award.awardedAt.isEmpty())
            award.awardedAt = isoUtc(d->now());
        d->insertAward(eventId, award);
        d->audit(
            QStringLiteral("reaward"), eventId,
            QJsonObject{
                {QStringLiteral("revision"), award.revision},
                {QStringLiteral("reason"), award.reason},
                {QStringLiteral("before"), QJsonObject{{QStringLiteral("lock_month"), previous.lockMonth},
                                                       {QStringLiteral("fsi"), previous.fsi},
                                                       {QStringLiteral("fdi"), previous.fdi}}},
                {QStringLiteral("after"), QJsonObject{{QStringLiteral("lock_month"), award.lockMonth},
                                                      {QStringLiteral("fsi"), award.fsi},
                                                      {QStringLiteral("fdi"), award.fdi}}}});
        transaction.commit();
    });
}

void Store::backup(const QString& target)
{
    d->guarded([&] {
        // Never over the database, its working files or its own backups (symbolic and hard links too).
        if (const QString clash = outputClashWithDatabase(target, {d->path}); !clash.isEmpty())
            throw StoreError(StoreError::Kind::Refused, clash);
        d->db.backupTo(target);
    });
}

QStringList Store::check()
{
    return d->guarded([this] {
        QStringList problems;
        {
            sqlite::Statement integrity(d->db, "PRAGMA integrity_check(100)");
            while (integrity.step()) {
                if (const QString line = integrity.text(0); line != QLatin1String("ok"))
                    problems.append(tr("integrity: %1").arg(line));
            }
        }
        {
            sqlite::Statement foreignKeys(d->db, "PRAGMA foreign_key_check");
            while (foreignKeys.step()) {
                const QString row =
                    foreignKeys.isNull(1) ? QString() : tr(" (row %1)").arg(foreignKeys.integer(1));
                problems.append(tr("foreign key: a row of %1%2 refers to a missing row of %3")
                                    .arg(foreignKeys.text(0), row, foreignKeys.text(2)));
            }
        }
        if (d->db.queryInteger("PRAGMA application_id").value_or(0) != applicationId)
            problems.append(tr("header: the application id is not FlickDesk's"));
        // Every table, column, index and trigger of the database's version, and nothing else.
        problems += schemaDifferences(d->db, d->schemaVersion);
        // DECISIONS P2: an awarded event has its awards, and only an awarded event has any.
        try {
            sqlite::Statement awarded(d->db, R"sql(
                SELECT id, status FROM events e
                WHERE (status = 'awarded') <> EXISTS (SELECT 1 FROM event_awards a WHERE a.event_id = e.id)
                ORDER BY id)sql");
            while (awarded.step())
                problems.append(
                    awarded.text(1) == QLatin1String("awarded")
                        ? tr("awards: event %1 is awarded but has no awards").arg(awarded.text(0))
                        : tr("awards: event %1 is %2 but has awards").arg(awarded.text(0), awarded.text(1)));
        } catch (const sqlite::Error&) { // a table it needs is missing: the schema lines say so
        }
        return problems;
    });
}

// ---------------------------------------------------------------------------------------------
// The event day: events a director creates, their players, entrants and results, and the award.

QStringList Entrant::playerIds() const
{
    QStringList ids;
    for (const PlayerRecord& player : players)
        ids.append(player.id);
    return ids;
}

EventDraft EventDraft::of(const EventRecord& event)
{
    EventDraft draft;
    draft.date = event.date;
    draft.name = event.name;
    draft.format = event.format;
    draft.tier = event.tier;
    draft.tour = event.tour;
    draft.group = event.group;
    draft.season = event.season;
    draft.experimental = event.experimental;
    draft.experimentalCap = event.experimentalCap.value_or(engine::proposedExperimentalCap);
    return draft;
}

namespace {

// tr() with a count, for the plural forms of "%n unit(s)".
QString trn(const char* text, int count)
{
    return QCoreApplication::translate("flickdesk::core::Store", text, nullptr, count);
}

[[noreturn]] void refuse(const QString& message)
{
    throw StoreError(StoreError::Kind::Refused, message);
}

// The next free local id of `table` (events or players): "L", the desk tag and "-" when given, and
// one more than the highest local number in it. Ids of the association's are plain numbers, so the
// two never meet (DECISIONS D1).
QString nextLocalId(sqlite::Database& db, const std::string& table, const QString& deskTag = {},
                    QChar letter = u'L')
{
    const QString prefix = deskTag.isEmpty() ? QString(letter) : QStringLiteral("%1%2-").arg(letter).arg(deskTag);
    std::int64_t highest = 0;
    sqlite::Statement select(db, "SELECT id FROM " + table + " WHERE id GLOB ? || '[0-9]*'");
    select.bind(1, prefix);
    while (select.step()) {
        bool ok = false;
        const qint64 number = select.text(0).mid(prefix.size()).toLongLong(&ok);
        if (ok)
            highest = std::max<std::int64_t>(highest, number);
    }
    sqlite::Statement exists(db, "SELECT 1 FROM " + table + " WHERE id = ?");
    for (std::int64_t number = highest + 1;; ++number) {
        const QString id = prefix + QString::number(number);
        exists.reset();
        exists.bind(1, id);
        if (!exists.step())
            return id;
    }
}

// The desk tag of the database, made and stored in the settings the first time a local id needs it
// (in the caller's transaction): four characters drawn at random from letters and digits that cannot
// be mistaken for one another (no 0/O, 1/I/L), so that the players and events two desks add get
// different ids (players "L7KQX-1" here, "LM4TC-1" there; events "E7KQX-1", "EM4TC-1") and an
// import never merges them.
QString localIdTag(sqlite::Database& db)
{
    sqlite::Statement select(db, "SELECT value FROM settings WHERE key = ?");
    select.bind(1, deskTagKey);
    if (select.step()) {
        const QString tag =
            QJsonDocument::fromJson("[" + select.text(0).toUtf8() + "]").array().first().toString();
        if (!tag.isEmpty())
            return tag;
    }
    static constexpr char alphabet[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    QString tag;
    for (int i = 0; i < 4; ++i)
        tag.append(QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))]));
    sqlite::Statement insert(db, "INSERT INTO settings (key, value) VALUES (?, ?)");
    insert.bind(1, deskTagKey).bind(2, QStringLiteral("\"%1\"").arg(tag)).run();
    return tag;
}

// A draft as stored: the cap of an event that is not experimental is not kept.
EventDraft normalized(EventDraft draft)
{
    draft.name = draft.name.trimmed();
    draft.group = draft.group.trimmed();
    draft.season = draft.season.trimmed();
    if (!draft.experimental)
        draft.experimentalCap = engine::proposedExperimentalCap;
    return draft;
}

void checkDraft(const EventDraft& draft)
{
    if (!engine::parseIsoDate(draft.date.toStdString()))
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(draft.date));
    if (draft.tier && (*draft.tier < 1 || *draft.tier > 3))
        refuse(tr("Tier %1 does not exist: an event is Tier 1, 2 or 3.").arg(*draft.tier));
    if (draft.experimental && !(std::isfinite(draft.experimentalCap) && draft.experimentalCap >= 0.0))
        refuse(tr("The FSI cap of an experimental format must be a number of 0 or more (DECISIONS P4)."));
}

QJsonObject draftJson(const EventDraft& draft)
{
    return QJsonObject{{QStringLiteral("date"), draft.date},
                       {QStringLiteral("name"), draft.name},
                       {QStringLiteral("format"), keyword(draft.format)},
                       {QStringLiteral("tier"), draft.tier ? QJsonValue(*draft.tier) : QJsonValue()},
                       {QStringLiteral("tour"), keyword(draft.tour)},
                       {QStringLiteral("group"), draft.group},
                       {QStringLiteral("season"), draft.season},
                       {QStringLiteral("experimental"), draft.experimental},
                       {QStringLiteral("experimental_cap"),
                        draft.experimental ? QJsonValue(draft.experimentalCap) : QJsonValue()}};
}

QJsonArray unitsJson(const std::vector<Entrant>& entrants)
{
    QJsonArray array;
    for (const Entrant& entrant : entrants)
        array.append(
            QJsonObject{{QStringLiteral("unit"), entrant.number},
                        {QStringLiteral("status"), keyword(entrant.status)},
                        {QStringLiteral("place"), entrant.place ? QJsonValue(*entrant.place) : QJsonValue()},
                        {QStringLiteral("players"), QJsonArray::fromStringList(entrant.playerIds())}});
    return array;
}

bool isRated(EventStatus status)
{
    return status == EventStatus::Finished || status == EventStatus::Awarded;
}

// "entrant 3 (1041)" or "team 2 (1041 + 1077)": ids, since names are not unique (DECISIONS D1).
QString unitName(const Entrant& entrant, engine::EventFormat format)
{
    return (format == engine::EventFormat::Doubles ? tr("team %1 (%2)") : tr("entrant %1 (%2)"))
        .arg(entrant.number)
        .arg(entrant.playerIds().join(QStringLiteral(" + ")));
}

QString unitList(const std::vector<const Entrant*>& units, engine::EventFormat format)
{
    QStringList names;
    for (const Entrant* entrant : units)
        names.append(unitName(*entrant, format));
    return names.join(QStringLiteral(", "));
}

// The order in which a unit was listed in the standings; imported events list none, and their
// units are numbered in the order of their rows (DECISIONS N4: "the listed order").
int listedKey(const Entrant& entrant)
{
    return entrant.listed.value_or(entrant.number);
}

// The units that began, in finishing order: by place, then in listed order.
std::vector<const Entrant*> finishingOrderOf(const std::vector<Entrant>& entrants)
{
    std::vector<const Entrant*> order;
    for (const Entrant& entrant : entrants) {
        if (entrant.began())
            order.push_back(&entrant);
    }
    std::stable_sort(order.begin(), order.end(), [](const Entrant* a, const Entrant* b) {
        return std::pair(a->place.value_or(std::numeric_limits<int>::max()), listedKey(*a)) <
               std::pair(b->place.value_or(std::numeric_limits<int>::max()), listedKey(*b));
    });
    return order;
}

ResultsValidation validateEventResults(const EventRecord& event, const std::vector<Entrant>& entrants)
{
    ResultsValidation result;
    const engine::EventFormat format = event.format;
    const bool doubles = format == engine::EventFormat::Doubles;
    const auto add = [&result](ResultDefect::Kind kind, std::optional<int> place,
                               const std::vector<const Entrant*>& units, int game, const QString& message) {
        ResultDefect defect;
        defect.kind = kind;
        defect.place = place;
        for (const Entrant* unit : units)
            defect.units.push_back(unit->number);
        defect.game = game;
        defect.message = message;
        result.defects.push_back(std::move(defect));
    };

    std::vector<const Entrant*> began;
    for (const Entrant& entrant : entrants) {
        if (entrant.began())
            began.push_back(&entrant);
    }
    if (began.size() < 2)
        add(ResultDefect::Kind::TooFewUnits, std::nullopt, began, 0,
            trn("Event %1: %n unit(s) began competition; an event needs at least two.",
                static_cast<int>(began.size()))
                .arg(event.id));
    for (const Entrant* entrant : began) {
        if (entrant->players.size() != (doubles ? 2u : 1u))
            add(ResultDefect::Kind::IncompleteTeam, entrant->place, {entrant}, 0,
                doubles ? tr("Event %1: %2 began with one player; a doubles team is two players: pair "
                             "a partner (DECISIONS N2).")
                              .arg(event.id, unitName(*entrant, format))
                        : tr("Event %1: %2 is not one player.").arg(event.id, unitName(*entrant, format)));
    }
    for (const Entrant& entrant : entrants) {
        if (!entrant.began() && entrant.place)
            add(ResultDefect::Kind::PlacedNotStarted, entrant.place, {&entrant}, 0,
                tr("Event %1: %2 holds place %3 but is registered, not started; check it in or remove "
                   "its place (DECISIONS P3).")
                    .arg(event.id, unitName(entrant, format))
                    .arg(*entrant.place));
    }
    // An event rated from its games needs places only to award Tour points (tourPointsDefects).
    if (event.games.empty() || event.tour != Tour::None) {
        for (const Entrant* entrant : began) {
            if (entrant->place)
                continue;
            add(ResultDefect::Kind::MissingPlace, std::nullopt, {entrant}, 0,
                entrant->status == EntrantStatus::Withdrawn
                    ? tr("Event %1: %2 withdrew after starting; it stays in the field and needs a place "
                         "(DECISIONS P3).")
                          .arg(event.id, unitName(*entrant, format))
                    : tr("Event %1: %2 began competition but has no place.")
                          .arg(event.id, unitName(*entrant, format)));
        }
    }

    // DECISIONS N4: every tie, with the units in listed order, and the offer to break them by it.
    std::vector<const Entrant*> placed;
    for (const Entrant* entrant : finishingOrderOf(entrants)) {
        if (entrant->place)
            placed.push_back(entrant);
    }
    bool tied = false;
    for (std::size_t begin = 0; begin < placed.size();) {
        std::size_t end = begin + 1;
        while (end < placed.size() && placed[end]->place == placed[begin]->place)
            ++end;
        if (end - begin > 1) {
            tied = true;
            const std::vector<const Entrant*> group(placed.begin() + static_cast<std::ptrdiff_t>(begin),
                                                    placed.begin() + static_cast<std::ptrdiff_t>(end));
            add(ResultDefect::Kind::TiedPlace, placed[begin]->place, group, 0,
                tr("Event %1: place %2 is tied between %3; a tied finish cannot be rated (DECISIONS N4). "
                   "Break the tie by the listed order?")
                    .arg(event.id)
                    .arg(*placed[begin]->place)
                    .arg(unitList(group, format)));
        }
        begin = end;
    }
    if (tied) {
        // Every placed unit, registered ones too, so that the offer is a whole set of standings.
        std::vector<const Entrant*> all;
        for (const Entrant& entrant : entrants) {
            if (entrant.place)
                all.push_back(&entrant);
        }
        std::stable_sort(all.begin(), all.end(), [](const Entrant* a, const Entrant* b) {
            return std::pair(*a->place, listedKey(*a)) < std::pair(*b->place, listedKey(*b));
        });
        int previous = 0;
        for (const Entrant* entrant : all) {
            previous = std::max(*entrant->place, previous + 1);
            result.tieBreak.push_back({entrant->number, previous});
        }
    }

    // DECISIONS N3: games between units that began; sides of the format's size.
    std::map<QString, const Entrant*> field;
    for (const Entrant* entrant : began) {
        for (const PlayerRecord& player : entrant->players)
            field.emplace(player.id, entrant);
    }
    const qsizetype sideSize = doubles ? 2 : 1;
    for (const GameRecord& game : event.games) {
        for (const QStringList* side : {&game.sideA, &game.sideB}) {
            if (side->size() != sideSize)
                add(ResultDefect::Kind::GameSides, std::nullopt, {}, game.number,
                    trn("Event %1: a side of game %2 has %n player(s).", static_cast<int>(side->size()))
                        .arg(event.id)
                        .arg(game.number));
            for (const QString& player : *side) {
                if (!field.count(player))
                    add(ResultDefect::Kind::GameOutsideField, std::nullopt, {}, game.number,
                        tr("Event %1: game %2 names player %3, who is not in a unit that began.")
                            .arg(event.id)
                            .arg(game.number)
                            .arg(player));
            }
        }
        for (const QString& player : game.sideB) {
            if (game.sideA.contains(player))
                add(ResultDefect::Kind::GameSides, std::nullopt, {}, game.number,
                    tr("Event %1: player %2 plays on both sides of game %3.")
                        .arg(event.id, player)
                        .arg(game.number));
        }
    }
    return result;
}

} // namespace

EventRecord Store::Private::requireEvent(const QString& eventId)
{
    sqlite::Statement select(db, "SELECT " + std::string(kEventColumns) + " FROM events WHERE id = ?");
    select.bind(1, eventId);
    if (!select.step())
        refuse(tr("There is no event %1.").arg(eventId));
    return eventFromRow(select);
}

void Store::Private::eventChanged(const QString& eventId, EventStatus status, const QString& action,
                                  const QJsonObject& details)
{
    // Finished and awarded events are the rated history: every change to one is logged (P2).
    if (isRated(status)) {
        audit(action, eventId, details);
        historyChanged();
    }
}

void Store::Private::lastEventsChanged(const QStringList& playerIds)
{
    if (!eventDay.players)
        return;
    sqlite::Statement last(db, R"sql(
        SELECT e.id, e.name, e.date
        FROM entrant_players ep
        JOIN entrants u ON u.event_id = ep.event_id AND u.unit = ep.unit
        JOIN events e ON e.id = ep.event_id
        WHERE ep.player_id = ? AND u.status <> 'registered' ORDER BY e.date DESC, e.rowid DESC LIMIT 1)sql");
    for (const QString& id : playerIds) {
        const auto found = eventDay.playerIndex.find(id);
        if (found == eventDay.playerIndex.end())
            continue;
        PlayerMatch& match = (*eventDay.players)[found->second].match;
        last.reset();
        last.bind(1, id);
        const bool any = last.step();
        match.lastEventId = any ? last.text(0) : QString();
        match.lastEventName = any ? last.text(1) : QString();
        match.lastEventDate = any ? last.text(2) : QString();
    }
}

std::vector<Entrant> Store::Private::readEntrants(const QString& eventId, std::optional<int> onlyUnit)
{
    std::vector<Entrant> entrants;
    sqlite::Statement select(db, std::string("SELECT u.unit, u.status, s.place, ") +
                                     (hasListedColumn() ? "s.listed" : "NULL") + R"sql(
        FROM entrants u LEFT JOIN standings s ON s.event_id = u.event_id AND s.unit = u.unit
        WHERE u.event_id = ?1 AND (?2 IS NULL OR u.unit = ?2) ORDER BY u.unit)sql");
    select.bind(1, eventId).bind(2, onlyUnit);
    while (select.step()) {
        Entrant entrant;
        entrant.number = static_cast<int>(select.integer(0));
        entrant.status = entrantStatusFromKeyword(select.text(1)).value_or(EntrantStatus::Registered);
        if (const auto place = select.optionalInteger(2))
            entrant.place = static_cast<int>(*place);
        if (const auto listed = select.optionalInteger(3))
            entrant.listed = static_cast<int>(*listed);
        entrants.push_back(std::move(entrant));
    }
    sqlite::Statement players(db, R"sql(
        SELECT ep.unit, p.id, p.name, p.association_id, p.location
        FROM entrant_players ep JOIN players p ON p.id = ep.player_id
        WHERE ep.event_id = ?1 AND (?2 IS NULL OR ep.unit = ?2) ORDER BY ep.unit, ep.seat)sql");
    players.bind(1, eventId).bind(2, onlyUnit);
    auto next = entrants.begin();
    while (players.step()) {
        const int unit = static_cast<int>(players.integer(0));
        while (next != entrants.end() && next->number < unit)
            ++next;
        if (next == entrants.end() || next->number != unit)
            continue;
        next->players.push_back({players.text(1), players.text(2), players.text(3), players.text(4)});
    }
    return entrants;
}

void Store::Private::writeEntrant(const QString& eventId, const Entrant& entrant)
{
    sqlite::Statement unit(db, "INSERT INTO entrants (event_id, unit, status) VALUES (?, ?, ?)");
    unit.bind(1, eventId).bind(2, entrant.number).bind(3, keyword(entrant.status)).run();
    sqlite::Statement player(
        db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
    int seat = 0;
    for (const PlayerRecord& p : entrant.players) {
        player.reset();
        player.bind(1, eventId).bind(2, entrant.number).bind(3, ++seat).bind(4, p.id).run();
    }
    if (entrant.place) {
        if (hasListedColumn()) {
            sqlite::Statement standing(
                db, "INSERT INTO standings (event_id, unit, place, listed) VALUES (?, ?, ?, ?)");
            standing.bind(1, eventId)
                .bind(2, entrant.number)
                .bind(3, *entrant.place)
                .bind(4, entrant.listed)
                .run();
        } else {
            sqlite::Statement standing(db, "INSERT INTO standings (event_id, unit, place) VALUES (?, ?, ?)");
            standing.bind(1, eventId).bind(2, entrant.number).bind(3, *entrant.place).run();
        }
    }
}

// The one answer to "the lock of month M" (DECISIONS P1; the rule in core/monthlock.h and
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
    ratings.eventsRated = static_cast<int>(
        std::count_if(folder.history.events.begin(), folder.history.events.end(),
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
                  "computed (DECISIONS P1): %2")
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

QString Store::createEvent(const EventDraft& given)
{
    const EventDraft draft = normalized(given);
    checkDraft(draft);
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        EventRecord event;
        // The desk tag keeps two desks' new events apart, as it does their new players: "E7KQX-1" here
        // and "EM4TC-1" there, so each can import the other's submission file.
        event.id = nextLocalId(d->db, "events", localIdTag(d->db), u'E');
        event.date = draft.date;
        event.name = draft.name;
        event.format = draft.format;
        event.tier = draft.tier;
        event.tour = draft.tour;
        event.group = draft.group;
        event.season = draft.season;
        event.experimental = draft.experimental;
        if (draft.experimental)
            event.experimentalCap = draft.experimentalCap;
        event.status = EventStatus::Planned;
        d->insertEventRow(event);
        transaction.commit();
        return event.id;
    });
}

void Store::updateEvent(const QString& eventId, const EventDraft& given)
{
    const EventDraft draft = normalized(given);
    checkDraft(draft);
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        const EventDraft before = normalized(EventDraft::of(event));
        if (before == draft)
            return;
        if (draft.format == engine::EventFormat::Singles && event.format == engine::EventFormat::Doubles) {
            sqlite::Statement teams(d->db,
                                    "SELECT unit FROM entrant_players WHERE event_id = ? AND seat = 2");
            teams.bind(1, eventId);
            if (teams.step())
                refuse(tr("Event %1 has doubles teams (team %2 is one); split them before making it a "
                          "singles event.")
                           .arg(eventId)
                           .arg(teams.integer(0)));
        }
        sqlite::Statement update(d->db, R"sql(
            UPDATE events SET date = ?, name = ?, format = ?, tier = ?, tour = ?, "group" = ?, season = ?,
                              experimental = ?, experimental_cap = ?
            WHERE id = ?)sql");
        update.bind(1, draft.date)
            .bind(2, nonNull(draft.name))
            .bind(3, keyword(draft.format))
            .bind(4, draft.tier)
            .bind(5, keyword(draft.tour))
            .bind(6, nonNull(draft.group))
            .bind(7, nonNull(draft.season))
            .bind(8, draft.experimental ? 1 : 0)
            .bind(9, draft.experimental ? std::optional(draft.experimentalCap) : std::nullopt)
            .bind(10, eventId)
            .run();
        d->eventChanged(eventId, event.status, QStringLiteral("update-event"),
                        QJsonObject{{QStringLiteral("before"), draftJson(before)},
                                    {QStringLiteral("after"), draftJson(draft)}});
        transaction.commit();
        // The players' last event may be this one under its new name or date.
        if (d->eventDay.players && (draft.date != before.date || draft.name != before.name)) {
            QStringList players;
            for (const Entrant& entrant : d->readEntrants(eventId))
                players.append(entrant.playerIds());
            d->lastEventsChanged(players);
        }
    });
}

QString Store::addPlayer(const QString& name, const QString& location, const QString& associationId)
{
    const QString trimmedName = name.trimmed();
    const QString association = associationId.trimmed();
    if (trimmedName.isEmpty())
        refuse(tr("A new player needs a name."));
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        QString id = association;
        if (id.isEmpty()) {
            id = nextLocalId(d->db, "players", localIdTag(d->db));
        } else {
            sqlite::Statement exists(d->db, "SELECT name FROM players WHERE id = ?");
            exists.bind(1, id);
            if (exists.step())
                refuse(tr("There is a player %1 already (%2): enter that player instead.")
                           .arg(id, exists.text(0).isEmpty() ? tr("no name") : exists.text(0)));
        }
        sqlite::Statement insert(
            d->db, "INSERT INTO players (id, name, association_id, location) VALUES (?, ?, ?, ?)");
        insert.bind(1, id)
            .bind(2, trimmedName)
            .bind(3, association.isEmpty() ? QString() : association)
            .bind(4, location.trimmed().isEmpty() ? QString() : location.trimmed())
            .run();
        transaction.commit();
        if (d->eventDay.players) { // the search finds the new player at once
            EventDayCache::IndexedPlayer player;
            player.match.id = id;
            player.match.name = trimmedName;
            player.match.location = location.trimmed();
            player.match.associationId = association;
            player.id = id.toCaseFolded();
            player.associationId = association.toCaseFolded();
            player.name = trimmedName.toCaseFolded();
            d->eventDay.playerIndex.emplace(id, d->eventDay.players->size());
            d->eventDay.players->push_back(std::move(player));
        }
        return id;
    });
}

void Store::restorePlayer(const PlayerRecord& player)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement exists(d->db, "SELECT 1 FROM players WHERE id = ?");
        exists.bind(1, player.id);
        if (exists.step())
            refuse(tr("There is a player %1 already.").arg(player.id));
        d->insertPlayers({player});
        transaction.commit();
    });
}

void Store::removePlayer(const QString& playerId)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement used(d->db, R"sql(
            SELECT EXISTS (SELECT 1 FROM entrant_players WHERE player_id = ?1)
                OR EXISTS (SELECT 1 FROM lock_ratings WHERE player_id = ?1)
                OR EXISTS (SELECT 1 FROM award_ratings WHERE player_id = ?1)
                OR EXISTS (SELECT 1 FROM awards WHERE player_id = ?1))sql");
        used.bind(1, playerId);
        if (used.step() && used.integer(0) != 0)
            refuse(tr("Player %1 has entries, ratings or awards, and stays.").arg(playerId));
        sqlite::Statement remove(d->db, "DELETE FROM players WHERE id = ?");
        remove.bind(1, playerId).run();
        if (d->db.changes() == 0)
            refuse(tr("There is no player %1.").arg(playerId));
        transaction.commit();
        d->eventDay.players.reset();
    });
}

std::vector<PlayerMatch> Store::searchPlayers(const QString& text, int limit)
{
    const QString query = text.trimmed().toCaseFolded();
    if (query.isEmpty() || limit <= 0)
        return {};
    return d->guarded([&] {
        if (!d->eventDay.players) {
            std::vector<EventDayCache::IndexedPlayer> players;
            std::unordered_map<QString, std::size_t>& byId = d->eventDay.playerIndex;
            byId.clear();
            sqlite::Statement select(d->db, "SELECT id, name, location, association_id FROM players");
            while (select.step()) {
                EventDayCache::IndexedPlayer player;
                player.match.id = select.text(0);
                player.match.name = select.text(1);
                player.match.location = select.text(2);
                player.match.associationId = select.text(3);
                player.id = player.match.id.toCaseFolded();
                player.associationId = player.match.associationId.toCaseFolded();
                player.name = player.match.name.toCaseFolded();
                byId.emplace(player.match.id, players.size());
                players.push_back(std::move(player));
            }
            // The latest event each player began: the last row of each wins.
            sqlite::Statement last(d->db, R"sql(
                SELECT ep.player_id, e.id, e.name, e.date
                FROM entrant_players ep
                JOIN entrants u ON u.event_id = ep.event_id AND u.unit = ep.unit
                JOIN events e ON e.id = ep.event_id
                WHERE u.status <> 'registered' ORDER BY e.date, e.rowid)sql");
            while (last.step()) {
                if (const auto found = byId.find(last.text(0)); found != byId.end()) {
                    PlayerMatch& match = players[found->second].match;
                    match.lastEventId = last.text(1);
                    match.lastEventName = last.text(2);
                    match.lastEventDate = last.text(3);
                }
            }
            d->eventDay.players = std::move(players);
        }
        struct Found {
            int rank;
            const EventDayCache::IndexedPlayer* player;
        };
        std::vector<Found> found;
        for (const EventDayCache::IndexedPlayer& player : *d->eventDay.players) {
            int rank = -1;
            if (player.id == query || player.associationId == query)
                rank = 0;
            else if (player.id.startsWith(query) || player.associationId.startsWith(query))
                rank = 1;
            else if (player.name.startsWith(query))
                rank = 2;
            else if (const qsizetype at = player.name.indexOf(query); at > 0)
                rank = player.name.at(at - 1).isLetterOrNumber() ? 4 : 3; // a later word begins with it
            if (rank >= 0)
                found.push_back({rank, &player});
        }
        const auto before = [](const Found& a, const Found& b) {
            return std::tuple(a.rank, a.player->name, a.player->id.size(), a.player->id) <
                   std::tuple(b.rank, b.player->name, b.player->id.size(), b.player->id);
        };
        const auto end =
            found.begin() + std::min<std::ptrdiff_t>(limit, static_cast<std::ptrdiff_t>(found.size()));
        std::partial_sort(found.begin(), end, found.end(), before);
        std::vector<PlayerMatch> matches;
        for (auto it = found.begin(); it != end; ++it)
            matches.push_back(it->player->match);
        return matches;
    });
}

namespace {

// Refuses a list of players that a unit of `event` cannot hold: the wrong number for its format,
// an unknown player, one named twice, or one who is in another unit of the event (DECISIONS D1: a
// player is at most once in an event). Units in `replaced` are being replaced and do not count.
void checkUnitPlayers(sqlite::Database& db, const EventRecord& event, const QStringList& playerIds,
                      const std::set<int>& replaced)
{
    const bool doubles = event.format == engine::EventFormat::Doubles;
    if (playerIds.isEmpty() || playerIds.size() > (doubles ? 2 : 1))
        refuse(doubles ? tr("A doubles team of event %1 is one or two players, not %2.")
                             .arg(event.id)
                             .arg(playerIds.size())
                       : tr("An entrant of singles event %1 is one player, not %2.")
                             .arg(event.id)
                             .arg(playerIds.size()));
    if (playerIds.size() == 2 && playerIds[0] == playerIds[1])
        refuse(tr("Player %1 cannot partner themselves.").arg(playerIds[0]));
    sqlite::Statement exists(db, "SELECT 1 FROM players WHERE id = ?");
    sqlite::Statement entered(db, "SELECT unit FROM entrant_players WHERE event_id = ? AND player_id = ?");
    for (const QString& id : playerIds) {
        exists.reset();
        exists.bind(1, id);
        if (!exists.step())
            refuse(tr("There is no player %1.").arg(id));
        entered.reset();
        entered.bind(1, event.id).bind(2, id);
        if (entered.step() && !replaced.count(static_cast<int>(entered.integer(0))))
            refuse(tr("Player %1 is entrant %2 of event %3 already: a player enters an event once.")
                       .arg(id)
                       .arg(entered.integer(0))
                       .arg(event.id));
    }
}

// Refuses to take players out of a unit while a game of the event names them (DECISIONS N3).
void checkNotInGames(sqlite::Database& db, const QString& eventId, const QStringList& playerIds)
{
    sqlite::Statement games(db, "SELECT min(game) FROM game_players WHERE event_id = ? AND player_id = ?");
    for (const QString& id : playerIds) {
        games.reset();
        games.bind(1, eventId).bind(2, id);
        if (games.step() && !games.isNull(0))
            refuse(tr("Player %1 plays in game %2 of event %3: change the games first.")
                       .arg(id)
                       .arg(games.integer(0))
                       .arg(eventId));
    }
}

} // namespace

int Store::addEntrant(const QString& eventId, const QStringList& playerIds, EntrantStatus status)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        checkUnitPlayers(d->db, event, playerIds, {});
        sqlite::Statement next(d->db, "SELECT coalesce(max(unit), 0) + 1 FROM entrants WHERE event_id = ?");
        next.bind(1, eventId);
        next.step();
        Entrant entrant;
        entrant.number = static_cast<int>(next.integer(0));
        entrant.status = status;
        for (const QString& id : playerIds)
            entrant.players.push_back({id, {}, {}, {}});
        d->writeEntrant(eventId, entrant);
        d->eventChanged(eventId, event.status, QStringLiteral("add-entrant"),
                        QJsonObject{{QStringLiteral("added"), unitsJson({entrant})}});
        transaction.commit();
        d->lastEventsChanged(playerIds);
        return entrant.number;
    });
}

void Store::removeEntrant(const QString& eventId, int unit)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        const std::vector<Entrant> found = d->readEntrants(eventId, unit);
        if (found.empty())
            refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(unit));
        checkNotInGames(d->db, eventId, found.front().playerIds());
        sqlite::Statement remove(d->db, "DELETE FROM entrants WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, unit).run();
        d->eventChanged(eventId, event.status, QStringLiteral("remove-entrant"),
                        QJsonObject{{QStringLiteral("removed"), unitsJson(found)}});
        transaction.commit();
        d->lastEventsChanged(found.front().playerIds());
    });
}

void Store::setEntrantStatus(const QString& eventId, int unit, EntrantStatus status)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        sqlite::Statement select(d->db, "SELECT status FROM entrants WHERE event_id = ? AND unit = ?");
        select.bind(1, eventId).bind(2, unit);
        if (!select.step())
            refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(unit));
        const QString before = select.text(0);
        if (before == keyword(status))
            return;
        sqlite::Statement update(d->db, "UPDATE entrants SET status = ? WHERE event_id = ? AND unit = ?");
        update.bind(1, keyword(status)).bind(2, eventId).bind(3, unit).run();
        d->eventChanged(eventId, event.status, QStringLiteral("entrant-status"),
                        QJsonObject{{QStringLiteral("unit"), unit},
                                    {QStringLiteral("before"), before},
                                    {QStringLiteral("after"), keyword(status)}});
        transaction.commit();
        // Checking in or out decides whether this event is the players' last event.
        if (d->eventDay.players &&
            (before == keyword(EntrantStatus::Registered)) != (status == EntrantStatus::Registered)) {
            for (const Entrant& entrant : d->readEntrants(eventId, unit))
                d->lastEventsChanged(entrant.playerIds());
        }
    });
}

int Store::pairPartners(const QString& eventId, int unit, int partnerUnit)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        if (event.format != engine::EventFormat::Doubles)
            refuse(tr("Event %1 is a singles event: its entrants have no partners.").arg(eventId));
        if (unit == partnerUnit)
            refuse(tr("Entrant %1 cannot partner itself.").arg(unit));
        const std::vector<Entrant> first = d->readEntrants(eventId, unit);
        const std::vector<Entrant> second = d->readEntrants(eventId, partnerUnit);
        for (const auto& [found, number] : {std::pair(&first, unit), std::pair(&second, partnerUnit)}) {
            if (found->empty())
                refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(number));
            if (found->front().players.size() != 1)
                refuse(tr("Team %1 of event %2 has two players already.").arg(number).arg(eventId));
        }
        // The team began if either partner had; it keeps the first unit's status otherwise.
        const EntrantStatus status = first.front().began() ? first.front().status : second.front().status;
        sqlite::Statement move(
            d->db, "UPDATE entrant_players SET unit = ?, seat = 2 WHERE event_id = ? AND unit = ?");
        move.bind(1, unit).bind(2, eventId).bind(3, partnerUnit).run();
        sqlite::Statement update(d->db, "UPDATE entrants SET status = ? WHERE event_id = ? AND unit = ?");
        update.bind(1, keyword(status)).bind(2, eventId).bind(3, unit).run();
        sqlite::Statement remove(d->db, "DELETE FROM entrants WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, partnerUnit).run();
        d->eventChanged(eventId, event.status, QStringLiteral("pair-partners"),
                        QJsonObject{{QStringLiteral("before"), unitsJson({first.front(), second.front()})},
                                    {QStringLiteral("unit"), unit}});
        transaction.commit();
        d->lastEventsChanged(first.front().playerIds() + second.front().playerIds());
        return unit;
    });
}

void Store::setTeam(const QString& eventId, int unit, const QStringList& playerIds)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        const std::vector<Entrant> found = d->readEntrants(eventId, unit);
        if (found.empty())
            refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(unit));
        checkUnitPlayers(d->db, event, playerIds, {unit});
        if (found.front().playerIds() == playerIds)
            return;
        QStringList leaving;
        for (const QString& id : found.front().playerIds()) {
            if (!playerIds.contains(id))
                leaving.append(id);
        }
        checkNotInGames(d->db, eventId, leaving);
        d->db.execute("PRAGMA defer_foreign_keys = ON"); // games name the players who stay
        sqlite::Statement remove(d->db, "DELETE FROM entrant_players WHERE event_id = ? AND unit = ?");
        remove.bind(1, eventId).bind(2, unit).run();
        sqlite::Statement insert(
            d->db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
        int seat = 0;
        for (const QString& id : playerIds) {
            insert.reset();
            insert.bind(1, eventId).bind(2, unit).bind(3, ++seat).bind(4, id).run();
        }
        d->eventChanged(
            eventId, event.status, QStringLiteral("set-team"),
            QJsonObject{{QStringLiteral("unit"), unit},
                        {QStringLiteral("before"), QJsonArray::fromStringList(found.front().playerIds())},
                        {QStringLiteral("after"), QJsonArray::fromStringList(playerIds)}});
        transaction.commit();
        d->lastEventsChanged(leaving + playerIds);
    });
}

void Store::restoreEntrants(const QString& eventId, const std::vector<Entrant>& entrants)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        std::set<int> numbers;
        for (const Entrant& entrant : entrants) {
            if (entrant.number < 1 || !numbers.insert(entrant.number).second)
                refuse(tr("Entrant numbers to restore must be distinct and 1 or more."));
        }
        QStringList all;
        for (const Entrant& entrant : entrants) {
            checkUnitPlayers(d->db, event, entrant.playerIds(), numbers);
            for (const QString& id : entrant.playerIds()) {
                if (all.contains(id))
                    refuse(tr("Player %1 is named twice among the entrants to restore.").arg(id));
                all.append(id);
            }
        }
        d->db.execute("PRAGMA defer_foreign_keys = ON"); // games name players who come back
        sqlite::Statement remove(d->db, "DELETE FROM entrants WHERE event_id = ? AND unit = ?");
        for (const int number : numbers) {
            for (const Entrant& replaced : d->readEntrants(eventId, number))
                all.append(replaced.playerIds()); // their last events may change too
            remove.reset();
            remove.bind(1, eventId).bind(2, number).run();
        }
        for (const Entrant& entrant : entrants)
            d->writeEntrant(eventId, entrant);
        d->eventChanged(eventId, event.status, QStringLiteral("restore-entrants"),
                        QJsonObject{{QStringLiteral("restored"), unitsJson(entrants)}});
        transaction.commit();
        d->lastEventsChanged(all);
    });
}

std::vector<Entrant> Store::entrants(const QString& eventId)
{
    return d->guarded([&] { return d->readEntrants(eventId); });
}

std::optional<Entrant> Store::entrant(const QString& eventId, int unit)
{
    return d->guarded([&]() -> std::optional<Entrant> {
        std::vector<Entrant> found = d->readEntrants(eventId, unit);
        if (found.empty())
            return std::nullopt;
        return std::move(found.front());
    });
}

void Store::setStandings(const QString& eventId, const std::vector<Placing>& listed)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const EventRecord event = d->requireEvent(eventId);
        std::set<int> units;
        {
            sqlite::Statement select(d->db, "SELECT unit FROM entrants WHERE event_id = ?");
            select.bind(1, eventId);
            while (select.step())
                units.insert(static_cast<int>(select.integer(0)));
        }
        std::set<int> seen;
        QJsonArray json;
        for (const Placing& placing : listed) {
            if (!units.count(placing.unit))
                refuse(tr("Event %1 has no entrant %2.").arg(eventId).arg(placing.unit));
            if (!seen.insert(placing.unit).second)
                refuse(tr("Entrant %1 is listed twice in the standings of event %2.")
                           .arg(placing.unit)
                           .arg(eventId));
            if (placing.place < 1)
                refuse(tr("Place %1 of entrant %2 is not a place: 1 is the winner.")
                           .arg(placing.place)
                           .arg(placing.unit));
            json.append(QJsonArray{placing.unit, placing.place});
        }
        sqlite::Statement remove(d->db, "DELETE FROM standings WHERE event_id = ?");
        remove.bind(1, eventId).run();
        sqlite::Statement insert(d->db,
                                 d->hasListedColumn()
                                     ? "INSERT INTO standings (event_id, unit, place, listed) "
                                       "VALUES (?1, ?2, ?3, ?4)"
                                     : "INSERT INTO standings (event_id, unit, place) VALUES (?1, ?2, ?3)");
        int position = 0;
        for (const Placing& placing : listed) {
            insert.reset();
            insert.bind(1, eventId).bind(2, placing.unit).bind(3, placing.place);
            if (d->hasListedColumn())
                insert.bind(4, ++position);
            insert.run();
        }
        d->eventChanged(eventId, event.status, QStringLiteral("set-standings"),
                        QJsonObject{{QStringLiteral("standings"), json}});
        transaction.commit();
    });
}

std::vector<Placing> Store::standings(const QString& eventId)
{
    return d->guarded([&] {
        std::vector<Placing> list;
        sqlite::Statement select(d->db,
                                 d->hasListedColumn()
                                     ? "SELECT unit, place FROM standings WHERE event_id = ? "
                                       "ORDER BY listed, unit"
                                     : "SELECT unit, place FROM standings WHERE event_id = ? ORDER BY unit");
        select.bind(1, eventId);
        while (select.step())
            list.push_back({static_cast<int>(select.integer(0)), static_cast<int>(select.integer(1))});
        return list;
    });
}

void Store::setGames(const QString& eventId, const std::vector<GameRecord>& games)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        EventRecord event = d->requireEvent(eventId);
        sqlite::Statement entered(d->db,
                                  "SELECT 1 FROM entrant_players WHERE event_id = ? AND player_id = ?");
        int number = 0;
        for (const GameRecord& game : games) {
            ++number;
            if (game.sideA.isEmpty() || game.sideB.isEmpty())
                refuse(tr("Game %1 of event %2 needs a player on each side.").arg(number).arg(eventId));
            for (const QStringList* side : {&game.sideA, &game.sideB}) {
                for (const QString& id : *side) {
                    entered.reset();
                    entered.bind(1, eventId).bind(2, id);
                    if (!entered.step())
                        refuse(tr("Game %1 names player %2, who is not an entrant of event %3.")
                                   .arg(number)
                                   .arg(id, eventId));
                }
            }
            GameRecord stored = game;
            stored.number = number;
            event.games.push_back(std::move(stored));
        }
        sqlite::Statement remove(d->db, "DELETE FROM games WHERE event_id = ?");
        remove.bind(1, eventId).run();
        d->insertGames(event);
        d->eventChanged(eventId, event.status, QStringLiteral("set-games"),
                        QJsonObject{{QStringLiteral("games"), static_cast<int>(games.size())}});
        transaction.commit();
    });
}

ResultsValidation Store::validateResults(const QString& eventId)
{
    return d->guarded([&] {
        std::map<QString, EventRecord> events = d->readEvents(eventId, false, nullptr);
        if (events.empty())
            refuse(tr("There is no event %1.").arg(eventId));
        return validateEventResults(events.begin()->second, d->readEntrants(eventId));
    });
}

AwardRecord Store::awardEvent(const QString& eventId)
{
    const AwardRecord award = d->guarded([&] {
        d->requireWritable();
        std::map<QString, EventRecord> events = d->readEvents(eventId, false, nullptr);
        if (events.empty())
            refuse(tr("There is no event %1.").arg(eventId));
        const EventRecord& event = events.begin()->second;
        if (event.status == EventStatus::Awarded)
            refuse(tr("Event %1 is awarded already: re-award it instead (DECISIONS P2).").arg(eventId));
        if (event.status != EventStatus::Finished)
            refuse(tr("Event %1 is %2: finish it before awarding its points.")
                       .arg(eventId, keyword(event.status)));
        if (event.tour == Tour::None)
            refuse(tr("Event %1 is not a Tour event: it feeds ratings only and awards no points (DECISIONS "
                      "T1).")
                       .arg(eventId));
        if (!event.tier)
            refuse(
                tr("Event %1 has no tier: set one before awarding its points (DECISIONS P4).").arg(eventId));
        const std::vector<Entrant> entrants = d->readEntrants(eventId);
        const ResultsValidation validation = validateEventResults(event, entrants);
        if (!validation.ok()) {
            QStringList messages;
            for (const ResultDefect& defect : validation.defects)
                messages.append(defect.message);
            refuse(tr("The results of event %1 cannot be awarded: %2")
                       .arg(eventId, messages.join(QStringLiteral(" "))));
        }

        // DECISIONS P1: the lock of the event's month; P3: the units that began, in finishing order,
        // their places 1..N (a gap that the standings leave closes up, as in core/tourpoints.cpp).
        const MonthLockRatings& lock = d->monthLock(event.date.left(7));
        const std::vector<const Entrant*> order = finishingOrderOf(entrants);
        engine::PayoutTable payout;
        try {
            payout = payoutTable(payoutTermsOf(event), order, lock); // core/payout.h: the one path
        } catch (const std::invalid_argument& error) {
            refuse(tr("The points of event %1 cannot be computed: %2")
                       .arg(eventId, QString::fromUtf8(error.what())));
        }
        AwardRecord record;
        record.lockMonth = lock.month;
        record.fsi = payout.fieldStrengthIndex;
        record.fdi = payout.fieldDepthIndex;
        for (std::size_t position = 0; position < order.size(); ++position) {
            for (const PlayerRecord& player : order[position]->players) {
                record.ratings.push_back({player.id, lock.muOf(player.id), lock.sigmaOf(player.id)});
                // DECISIONS P9: doubles partners both receive the team's award.
                record.awards.push_back({player.id, static_cast<int>(position + 1), payout.awards[position]});
            }
        }
        // The order the database returns them in: ratings by player id, awards by place then player id.
        std::sort(record.ratings.begin(), record.ratings.end(),
                  [](const LockedRating& a, const LockedRating& b) { return a.playerId < b.playerId; });
        std::sort(record.awards.begin(), record.awards.end(), [](const PlayerAward& a, const PlayerAward& b) {
            return std::tie(a.place, a.playerId) < std::tie(b.place, b.playerId);
        });
        return record;
    });
    this->award(eventId, award);
    return currentAward(eventId).value_or(award);
}

MonthLockRatings Store::lockedRatingsFor(const QString& eventDate)
{
    const QString month = eventDate.left(7);
    if (!isMonth(month))
        refuse(tr("'%1' is not a date of the form YYYY-MM-DD.").arg(eventDate));
    return d->guarded([&] { return d->monthLock(month); });
}

// ---------------------------------------------------------------------------------------------

AwardRecord awardRecordOf(const HistoryFolder& folder, const TourEventPoints& event,
                          const std::vector<engine::MonthlyLock>& locks)
{
    AwardRecord award;
    award.lockMonth = QString::fromStdString(engine::formatIsoDate(event.lockMonth)).left(7);
    award.fsi = event.payout.fieldStrengthIndex;
    award.fdi = event.payout.fieldDepthIndex;
    const auto lock = std::find_if(locks.begin(), locks.end(), [&event](const engine::MonthlyLock& l) {
        return l.month == event.lockMonth;
    });
    for (const UnitAward& unit : event.units) {
        for (std::size_t k = 0; k < unit.players.size(); ++k) {
            const engine::PlayerIndex player = unit.players[k];
            const QString id =
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]);
            // An unrated player's locked rating is the prior (DECISIONS N6), which the lock holds too.
            const double sigma = lock != locks.end() ? lock->ratings[static_cast<std::size_t>(player)].sigma
                                                     : engine::FlickSkillParameters{}.sigma0;
            award.ratings.push_back({id, k < unit.lockedMu.size() ? unit.lockedMu[k] : 0.0, sigma});
            award.awards.push_back({id, unit.place, unit.award});
        }
    }
    // The order the database returns them in: ratings by player id, awards by place then player id.
    std::sort(award.ratings.begin(), award.ratings.end(),
              [](const LockedRating& a, const LockedRating& b) { return a.playerId < b.playerId; });
    std::sort(award.awards.begin(), award.awards.end(), [](const PlayerAward& a, const PlayerAward& b) {
        return std::tie(a.place, a.playerId) < std::tie(b.place, b.playerId);
    });
    return award;
}

} // namespace flickdesk::core

// ---------------------------------------------------------------------------------------------
// Rating pools of the other systems (issue 7)

namespace flickdesk::core {
namespace {

QString poolTr(const char* text)
{
    return QCoreApplication::translate("flickdesk::core::Store", text);
}

// The "file" names runSystem gives the pool's rows in its messages ("no player X in the pool's
// players"): a pool is no file.
QString poolPlayersFile()
{
    return poolTr("the pool's players");
}

QString poolGamesFile()
{
    return poolTr("the pool's games");
}

int columnIndex(const QStringList& columns, const QString& name)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].compare(name, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

// The column of a Squares games file that names the game its row belongs to: the first whose name
// begins with "game" (game, game_id, ...).
int gameKeyColumn(const QStringList& columns)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].startsWith(QLatin1String("game"), Qt::CaseInsensitive))
            return static_cast<int>(i);
    }
    return -1;
}

QString rowJson(const QStringList& columns, const QStringList& fields)
{
    QJsonObject object;
    for (qsizetype i = 0; i < columns.size(); ++i)
        object.insert(columns[i], i < fields.size() ? fields[i].trimmed() : QString());
    return jsonText(object);
}

QStringList rowFromJson(const QStringList& columns, const QString& json)
{
    const QJsonObject object = QJsonDocument::fromJson(json.toUtf8()).object();
    QStringList fields;
    fields.reserve(columns.size());
    for (const QString& column : columns)
        fields.append(object.value(column).toString());
    return fields;
}

// Where a row of a CSV text built for runSystem came from.
struct RowOrigin {
    int line = 0; // the row's first line in the built text
    QString where;
    int game = 0;
    int playerLine = 0;
    QString file; // an imported file's name (its rows' defects about a missing column are merged)
};

// A CSV text for runSystem, one row at a time, remembering where each row came from.
class PoolCsv {
public:
    explicit PoolCsv(QStringList columns)
        : columns_(std::move(columns))
    {
        text_ = tableToCsv(SystemTable{columns_, {}});
        nextLine_ = 1 + static_cast<int>(text_.count('\n'));
    }

    void add(QStringList fields, RowOrigin origin)
    {
        while (fields.size() < columns_.size())
            fields.append(QString());
        fields = fields.mid(0, columns_.size());
        for (QString& field : fields)
            field = field.trimmed();
        const QByteArray row = tableToCsv(SystemTable{fields, {}});
        origin.line = nextLine_;
        origins_.push_back(std::move(origin));
        text_ += row;
        nextLine_ += static_cast<int>(row.count('\n'));
    }

    const QByteArray& text() const { return text_; }

    const RowOrigin* originOf(int line) const
    {
        const RowOrigin* found = nullptr;
        for (const RowOrigin& origin : origins_) {
            if (origin.line <= line)
                found = &origin;
        }
        return found;
    }

private:
    QStringList columns_;
    QByteArray text_;
    int nextLine_ = 1;
    std::vector<RowOrigin> origins_;
};

struct PoolCheck {
    SystemKind kind = SystemKind::Acf;
    PoolCsv players;
    PoolCsv games;

    SystemInput input() const
    {
        SystemInput input;
        input.players = players.text();
        input.playersFile = poolPlayersFile();
        input.hasPlayers = true;
        input.games = games.text();
        input.gamesFile = poolGamesFile();
        return input;
    }
};

QString playerWhere(const PoolContent& content, int line, const QStringList& fields)
{
    int idColumn = columnIndex(content.playerColumns, QStringLiteral("player_id"));
    if (idColumn < 0)
        idColumn = 0;
    const QString id = idColumn < fields.size() ? fields[idColumn].trimmed() : QString();
    return id.isEmpty() ? poolTr("player %1").arg(line) : poolTr("player %1 (%2)").arg(line).arg(id);
}

// The pool as CSV texts; `skipGame` leaves one game out (the check of its deletion).
PoolCheck checkOf(const PoolContent& content, int skipGame = 0)
{
    PoolCheck check{content.pool.kind, PoolCsv(content.playerColumns), PoolCsv(content.gameColumns)};
    int line = 0;
    for (const QStringList& player : content.players) {
        ++line;
        check.players.add(player, {0, playerWhere(content, line, player), 0, line, {}});
    }
    for (const PoolGame& game : content.games) {
        if (game.number == skipGame)
            continue;
        int row = 0;
        for (const QStringList& fields : game.rows) {
            ++row;
            const QString where = game.rows.size() > 1 ? poolTr("game %1, row %2").arg(game.number).arg(row)
                                                       : poolTr("game %1").arg(game.number);
            check.games.add(fields, {0, where, game.number, 0, {}});
        }
    }
    return check;
}

std::vector<PoolDefect> runCheck(const PoolCheck& check)
{
    const SystemResult result = runSystem(check.kind, check.input());
    std::vector<PoolDefect> defects;
    for (const engine::Defect& defect : result.defects) {
        PoolDefect mapped;
        mapped.field = QString::fromStdString(defect.field);
        mapped.message = QString::fromStdString(defect.message);
        const QString file = QString::fromStdString(defect.source.file);
        const PoolCsv* csv = file == poolPlayersFile() ? &check.players
                             : file == poolGamesFile() ? &check.games
                                                       : nullptr;
        const RowOrigin* origin = csv ? csv->originOf(defect.source.line) : nullptr;
        if (origin) {
            mapped.where = origin->where;
            mapped.game = origin->game;
            mapped.playerLine = origin->playerLine;
        } else {
            mapped.where = csv == &check.players ? poolTr("the players")
                           : csv == &check.games ? poolTr("the games")
                                                 : poolTr("the pool");
        }
        defects.push_back(std::move(mapped));
    }
    return defects;
}

// The rows of an imported file in `columns`, found by name in its header; the file's own lines.
struct ImportedFile {
    QList<QStringList> rows;
    QList<int> lines;
    QStringList missing; // columns of the system the file does not have: empty in every row
    int headerLine = 1;
};

ImportedFile readImportedFile(const QByteArray& bytes, const QString& file, const QStringList& columns,
                              std::vector<PoolDefect>& defects)
{
    ImportedFile imported;
    const auto defect = [&](int line, const QString& field, const QString& message) {
        if (defects.size() > csv::mostDefects) // a damaged file's defects, as csv::report bounds them
            return;
        PoolDefect d;
        d.where = poolTr("%1 line %2").arg(file).arg(line);
        if (defects.size() == csv::mostDefects) {
            d.message = poolTr("more than %1 defects; the first %1 are listed").arg(csv::mostDefects);
            defects.push_back(std::move(d));
            return;
        }
        d.field = field;
        d.message = message;
        defects.push_back(std::move(d));
    };
    csv::CsvParser parser(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    csv::CsvRecord header;
    if (!parser.next(header)) {
        defect(1, {}, poolTr("the file is empty; expected a header line such as %1").arg(columns.join(u',')));
        return imported;
    }
    imported.headerLine = header.line;
    if (!header.error.empty()) {
        defect(header.line, header.errorField < 0 ? QString() : QString::number(header.errorField + 1),
               QString::fromStdString(header.error));
        return imported;
    }
    std::vector<int> position(static_cast<std::size_t>(columns.size()), -1); // column -> file field
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
        const QString name = QString::fromStdString(header.fields[i]);
        const int column = columnIndex(columns, name);
        if (column < 0) {
            defect(header.line, name,
                   poolTr("not a column of this pool; its columns are %1")
                       .arg(columns.join(QStringLiteral(", "))));
        } else if (position[static_cast<std::size_t>(column)] >= 0) {
            defect(header.line, name, poolTr("the column appears twice in the header"));
        } else {
            position[static_cast<std::size_t>(column)] = static_cast<int>(i);
        }
    }
    for (qsizetype c = 0; c < columns.size(); ++c) {
        if (position[static_cast<std::size_t>(c)] < 0)
            imported.missing.append(columns[c]);
    }
    csv::CsvRecord record;
    while (parser.next(record)) {
        if (!record.error.empty()) {
            // The column's name, or its number ("field 4") where the header has no usable one.
            const std::string name =
                record.errorField < 0 ? std::string() : csv::fieldName(header.fields, record.errorField);
            defect(record.line, QString::fromStdString(name.rfind("field ", 0) == 0 ? name.substr(6) : name),
                   QString::fromStdString(record.error));
            continue;
        }
        if (record.fields.size() != header.fields.size()) {
            defect(record.line, {},
                   poolTr("the row has %1 fields, the header %2")
                       .arg(record.fields.size())
                       .arg(header.fields.size()));
            continue;
        }
        QStringList row;
        for (const int at : position)
            row.append(at < 0 ? QString()
                              : QString::fromStdString(record.fields[static_cast<std::size_t>(at)]));
        imported.rows.append(row);
        imported.lines.append(record.line);
    }
    return imported;
}

// Defects of an imported file's rows about a column the file does not have become one defect of
// its header: "missing column" once, not once a row.
void mergeMissingColumns(std::vector<PoolDefect>& defects, const QString& file, const ImportedFile& imported)
{
    if (imported.missing.isEmpty())
        return;
    const QString prefix = file + u' ';
    QStringList reported;
    std::vector<PoolDefect> merged;
    for (PoolDefect& defect : defects) {
        const int missing = columnIndex(imported.missing, defect.field);
        if (missing >= 0 && defect.where.startsWith(prefix)) {
            if (!reported.contains(imported.missing[missing])) {
                reported.append(imported.missing[missing]);
                PoolDefect header;
                header.where = poolTr("%1 line %2").arg(file).arg(imported.headerLine);
                header.field = imported.missing[missing];
                header.message = poolTr("missing column");
                merged.push_back(std::move(header));
            }
            continue;
        }
        merged.push_back(std::move(defect));
    }
    defects = std::move(merged);
}

std::optional<PoolSummary> readPoolSummary(sqlite::Database& db, qint64 poolId)
{
    sqlite::Statement select(db, R"sql(
        SELECT p.id, p.system, p.name, p.created,
               (SELECT COUNT(*) FROM pool_players WHERE pool_id = p.id),
               (SELECT COUNT(DISTINCT game) FROM pool_games WHERE pool_id = p.id)
        FROM pools p WHERE p.id = ?)sql");
    select.bind(1, static_cast<std::int64_t>(poolId));
    if (!select.step())
        return std::nullopt;
    PoolSummary pool;
    pool.id = select.integer(0);
    systemFromKey(select.text(1), pool.kind);
    pool.name = select.text(2);
    pool.created = select.text(3);
    pool.players = static_cast<int>(select.integer(4));
    pool.games = static_cast<int>(select.integer(5));
    return pool;
}

PoolContent readPoolContent(sqlite::Database& db, qint64 poolId)
{
    const std::optional<PoolSummary> summary = readPoolSummary(db, poolId);
    if (!summary)
        refuse(poolTr("There is no rating pool %1.").arg(poolId));
    PoolContent content;
    content.pool = *summary;
    content.playerColumns = systemPlayerColumns(summary->kind);
    content.gameColumns = systemGameColumns(summary->kind);
    {
        sqlite::Statement select(db, "SELECT fields FROM pool_players WHERE pool_id = ? ORDER BY line");
        select.bind(1, static_cast<std::int64_t>(poolId));
        while (select.step())
            content.players.append(rowFromJson(content.playerColumns, select.text(0)));
    }
    sqlite::Statement select(db,
                             "SELECT game, fields FROM pool_games WHERE pool_id = ? ORDER BY game, position");
    select.bind(1, static_cast<std::int64_t>(poolId));
    while (select.step()) {
        const int number = static_cast<int>(select.integer(0));
        if (content.games.empty() || content.games.back().number != number)
            content.games.push_back(PoolGame{number, {}});
        content.games.back().rows.append(rowFromJson(content.gameColumns, select.text(1)));
    }
    return content;
}

QString checkedPoolName(const QString& name)
{
    const QString trimmed = name.simplified();
    if (trimmed.isEmpty())
        refuse(poolTr("A rating pool needs a name."));
    return trimmed;
}

void requireFreePoolName(sqlite::Database& db, const QString& name, qint64 except)
{
    sqlite::Statement taken(db, "SELECT name FROM pools WHERE name = ? AND id <> ?");
    taken.bind(1, name).bind(2, static_cast<std::int64_t>(except));
    if (taken.step())
        refuse(poolTr("There is a rating pool named %1 already.").arg(taken.text(0)));
}

void insertPoolPlayer(sqlite::Database& db, const PoolContent& content, int line, const QStringList& fields)
{
    sqlite::Statement insert(db, "INSERT INTO pool_players (pool_id, line, fields) VALUES (?, ?, ?)");
    insert.bind(1, static_cast<std::int64_t>(content.pool.id))
        .bind(2, line)
        .bind(3, rowJson(content.playerColumns, fields))
        .run();
}

void insertPoolGame(sqlite::Database& db, const PoolContent& content, int game,
                    const QList<QStringList>& rows)
{
    sqlite::Statement insert(db,
                             "INSERT INTO pool_games (pool_id, game, position, fields) VALUES (?, ?, ?, ?)");
    int row = 0;
    for (const QStringList& fields : rows) {
        insert.reset();
        insert.bind(1, static_cast<std::int64_t>(content.pool.id))
            .bind(2, game)
            .bind(3, ++row)
            .bind(4, rowJson(content.gameColumns, fields))
            .run();
    }
}

// The game an imported games row belongs to: rows with the same key form one game; an empty key
// makes a game of the row alone.
QString importedGameKey(SystemKind kind, const QStringList& columns, const QStringList& row)
{
    const auto value = [&](const char* name) {
        const int column = columnIndex(columns, QLatin1String(name));
        return column >= 0 && column < row.size() ? row[column].trimmed() : QString();
    };
    if (kind == SystemKind::Squares) {
        const int column = gameKeyColumn(columns);
        return column >= 0 && column < row.size() ? row[column].trimmed() : QString();
    }
    if (kind == SystemKind::Acf) {
        QString a = value("player_a");
        QString b = value("player_b");
        if (b < a)
            std::swap(a, b);
        return QStringList{value("event"), value("round"), a, b}.join(QChar(0x1f));
    }
    return {};
}

// The game keys (importedGameKey) of a pool's stored games, each to the pool's game number.
QHash<QString, int> storedGameKeys(const PoolContent& content)
{
    QHash<QString, int> keys;
    for (const PoolGame& stored : content.games) {
        if (stored.rows.isEmpty())
            continue;
        const QString key = importedGameKey(content.pool.kind, content.gameColumns, stored.rows.first());
        if (!key.isEmpty() && !keys.contains(key))
            keys.insert(key, stored.number);
    }
    return keys;
}

// A new game must not carry the key of a stored one (a Squares game id, an ACF round's pairing):
// its rows would belong to that game, yet be stored, and deleted, apart from it. The defect names
// the stored game; `where` is the new row's place.
void refuseStoredGameKey(const PoolContent& content, const QHash<QString, int>& storedKeys,
                         const QString& key, const QStringList& row, const QString& where, int game,
                         std::vector<PoolDefect>& defects)
{
    const auto stored = key.isEmpty() ? storedKeys.cend() : storedKeys.constFind(key);
    if (stored == storedKeys.cend())
        return;
    const bool squares = content.pool.kind == SystemKind::Squares;
    defects.push_back(
        {where, squares ? QStringLiteral("game") : QStringLiteral("round"),
         squares ? tr("game %1 is stored already (as the pool's game %2): delete it and enter the "
                      "whole game again, or give this game another id")
                       .arg(row.value(gameKeyColumn(content.gameColumns)).trimmed())
                       .arg(*stored)
                 : tr("this pairing of this round is stored already (as the pool's game %1): delete "
                      "it and enter the round's games together")
                       .arg(*stored),
         game, 0});
}

int nextGameNumber(const PoolContent& content)
{
    return content.games.empty() ? 1 : content.games.back().number + 1;
}

QJsonObject poolDetails(const PoolSummary& pool)
{
    return QJsonObject{{QStringLiteral("pool"), pool.id},
                       {QStringLiteral("name"), pool.name},
                       {QStringLiteral("system"), systemKey(pool.kind)}};
}

QJsonArray jsonArray(const QStringList& fields)
{
    return QJsonArray::fromStringList(fields);
}

} // namespace

bool poolGameHasRowPerPlayer(SystemKind kind)
{
    return kind == SystemKind::Squares;
}

bool poolGameHasSeveralRows(SystemKind kind)
{
    return kind == SystemKind::Squares || kind == SystemKind::Acf;
}

QList<SystemKind> poolKinds()
{
    return {SystemKind::Acf, SystemKind::KingsHeadToHead, SystemKind::KingsGroup, SystemKind::Squares};
}

QString PoolDefect::text() const
{
    QString text = where;
    if (!field.isEmpty())
        text += poolTr(", field %1").arg(field);
    return text + QStringLiteral(": ") + message;
}

QStringList PoolChange::messages() const
{
    QStringList lines;
    for (const PoolDefect& defect : defects)
        lines.append(defect.text());
    return lines;
}

SystemInput PoolContent::input() const
{
    return checkOf(*this).input();
}

std::vector<PoolSummary> Store::pools()
{
    return d->guarded([&] {
        std::vector<PoolSummary> pools;
        if (d->schemaVersion < 4) // an older file opened read-only has no pools
            return pools;
        sqlite::Statement select(d->db, "SELECT id FROM pools ORDER BY name COLLATE NOCASE, id");
        std::vector<qint64> ids;
        while (select.step())
            ids.push_back(select.integer(0));
        for (const qint64 id : ids) {
            if (auto pool = readPoolSummary(d->db, id))
                pools.push_back(std::move(*pool));
        }
        return pools;
    });
}

std::optional<PoolSummary> Store::pool(qint64 poolId)
{
    return d->guarded([&]() -> std::optional<PoolSummary> {
        if (d->schemaVersion < 4)
            return std::nullopt;
        return readPoolSummary(d->db, poolId);
    });
}

qint64 Store::createPool(SystemKind kind, const QString& name)
{
    if (!poolKinds().contains(kind))
        refuse(tr("A rating pool is of ACF checkers, Kings Cribbage head-to-head, Kings Cribbage group or "
                  "Diplomacy Squares."));
    const QString poolName = checkedPoolName(name);
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        requireFreePoolName(d->db, poolName, 0);
        sqlite::Statement insert(d->db, "INSERT INTO pools (system, name, created) VALUES (?, ?, ?)");
        insert.bind(1, systemKey(kind)).bind(2, poolName).bind(3, isoUtc(d->now())).run();
        const qint64 id = d->db.lastInsertRowId();
        d->audit(QStringLiteral("pool-create"), QString(), poolDetails(*readPoolSummary(d->db, id)));
        transaction.commit();
        return id;
    });
}

void Store::renamePool(qint64 poolId, const QString& name)
{
    const QString poolName = checkedPoolName(name);
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent before = readPoolContent(d->db, poolId);
        if (before.pool.name == poolName)
            return;
        requireFreePoolName(d->db, poolName, poolId);
        sqlite::Statement update(d->db, "UPDATE pools SET name = ? WHERE id = ?");
        update.bind(1, poolName).bind(2, static_cast<std::int64_t>(poolId)).run();
        QJsonObject details = poolDetails(before.pool);
        details.insert(QStringLiteral("before"), before.pool.name);
        details.insert(QStringLiteral("name"), poolName);
        d->audit(QStringLiteral("pool-rename"), QString(), details);
        transaction.commit();
    });
}

void Store::deletePool(qint64 poolId)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        sqlite::Statement remove(d->db, "DELETE FROM pools WHERE id = ?");
        remove.bind(1, static_cast<std::int64_t>(poolId)).run(); // its rows go with it (ON DELETE CASCADE)
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("players"), content.pool.players);
        details.insert(QStringLiteral("games"), content.pool.games);
        d->audit(QStringLiteral("pool-delete"), QString(), details);
        transaction.commit();
    });
}

PoolContent Store::poolContent(qint64 poolId)
{
    return d->guarded([&] {
        if (d->schemaVersion < 4)
            refuse(tr("There is no rating pool %1.").arg(poolId));
        return readPoolContent(d->db, poolId);
    });
}

SystemResult Store::poolResult(qint64 poolId)
{
    const PoolContent content = poolContent(poolId);
    return runSystem(content.pool.kind, content.input());
}

PoolChange Store::addPoolPlayer(qint64 poolId, const QStringList& fields)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        PoolCheck check = checkOf(content);
        const int line = static_cast<int>(content.players.size()) + 1;
        check.players.add(fields, {0, tr("the new player"), 0, line, {}});
        PoolChange change;
        change.defects = runCheck(check);
        if (!change.ok())
            return change; // the transaction rolls back: nothing written
        insertPoolPlayer(d->db, content, line, fields);
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("player"), jsonArray(fields));
        d->audit(QStringLiteral("pool-add-player"), QString(), details);
        transaction.commit();
        change.playersAdded = 1;
        return change;
    });
}

PoolChange Store::addPoolGame(qint64 poolId, const QList<QStringList>& rows)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        PoolChange change;
        const int number = nextGameNumber(content);
        if (rows.isEmpty()) {
            change.defects.push_back({tr("the new game"), {}, tr("the game has no rows"), number, 0});
            return change;
        }
        PoolCheck check = checkOf(content);
        int row = 0;
        for (const QStringList& fields : rows) {
            ++row;
            const QString where = rows.size() > 1 ? tr("the new game, row %1").arg(row) : tr("the new game");
            check.games.add(fields, {0, where, number, 0, {}});
            if (row == 1)
                refuseStoredGameKey(content, storedGameKeys(content),
                                    importedGameKey(content.pool.kind, content.gameColumns, fields), fields,
                                    where, number, change.defects);
        }
        if (!change.ok())
            return change;
        change.defects = runCheck(check);
        if (!change.ok())
            return change;
        insertPoolGame(d->db, content, number, rows);
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("game"), number);
        QJsonArray written;
        for (const QStringList& fields : rows)
            written.append(jsonArray(fields));
        details.insert(QStringLiteral("rows"), written);
        d->audit(QStringLiteral("pool-add-game"), QString(), details);
        transaction.commit();
        change.gamesAdded = 1;
        return change;
    });
}

PoolChange Store::deletePoolGame(qint64 poolId, int game)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        const auto found = std::find_if(content.games.begin(), content.games.end(),
                                        [game](const PoolGame& g) { return g.number == game; });
        if (found == content.games.end())
            refuse(tr("Rating pool %1 has no game %2.").arg(content.pool.name).arg(game));
        PoolChange change;
        change.defects = runCheck(checkOf(content, game));
        if (!change.ok())
            return change;
        sqlite::Statement remove(d->db, "DELETE FROM pool_games WHERE pool_id = ? AND game = ?");
        remove.bind(1, static_cast<std::int64_t>(poolId)).bind(2, game).run();
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("game"), game);
        QJsonArray removed;
        for (const QStringList& fields : found->rows)
            removed.append(jsonArray(fields));
        details.insert(QStringLiteral("rows"), removed);
        d->audit(QStringLiteral("pool-delete-game"), QString(), details);
        transaction.commit();
        return change;
    });
}

PoolChange Store::importPool(qint64 poolId, const QByteArray& players, const QString& playersFile,
                             const QByteArray& games, const QString& gamesFile)
{
    return d->guarded([&] {
        d->requireWritable();
        FullSync sync(d->db); // before the transaction: SQLite refuses it inside one
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        PoolChange change;
        const QString playersName = playersFile.isEmpty() ? QStringLiteral("players.csv") : playersFile;
        const QString gamesName = gamesFile.isEmpty() ? QStringLiteral("games.csv") : gamesFile;
        ImportedFile importedPlayers;
        ImportedFile importedGames;
        if (!players.isEmpty())
            importedPlayers = readImportedFile(players, playersName, content.playerColumns, change.defects);
        if (!games.isEmpty())
            importedGames = readImportedFile(games, gamesName, content.gameColumns, change.defects);
        if (players.isEmpty() && games.isEmpty())
            change.defects.push_back(
                {tr("the import"), {}, tr("neither a players file nor a games file"), 0, 0});
        if (!change.ok())
            return change;

        PoolCheck check = checkOf(content);
        const int firstLine = static_cast<int>(content.players.size()) + 1;
        for (qsizetype i = 0; i < importedPlayers.rows.size(); ++i)
            check.players.add(importedPlayers.rows[i],
                              {0, tr("%1 line %2").arg(playersName).arg(importedPlayers.lines[i]), 0,
                               firstLine + static_cast<int>(i), playersName});
        // Games: a row each, but the rows of one Squares game, or of one pairing of an ACF round
        // (DECISIONS A1: four games when scored by round), form one game, deleted together.
        std::vector<QList<QStringList>> newGames;
        QHash<QString, std::size_t> gameOfKey; // a game key -> its index in newGames
        const QHash<QString, int> storedKeys = storedGameKeys(content);
        const int firstGame = nextGameNumber(content);
        for (qsizetype i = 0; i < importedGames.rows.size(); ++i) {
            const QStringList& row = importedGames.rows[i];
            const QString key = importedGameKey(content.pool.kind, content.gameColumns, row);
            const auto found = key.isEmpty() ? gameOfKey.cend() : gameOfKey.constFind(key);
            const bool known = found != gameOfKey.cend();
            const std::size_t index = known ? *found : newGames.size();
            if (!known) {
                if (!key.isEmpty())
                    gameOfKey.insert(key, index);
                newGames.emplace_back();
            }
            newGames[index].append(row);
            const QString where = tr("%1 line %2").arg(gamesName).arg(importedGames.lines[i]);
            check.games.add(row, {0, where, firstGame + static_cast<int>(index), 0, gamesName});
            if (!known)
                refuseStoredGameKey(content, storedKeys, key, row, where, firstGame + static_cast<int>(index),
                                    change.defects);
        }
        if (!change.ok())
            return change;
        change.defects = runCheck(check);
        mergeMissingColumns(change.defects, playersName, importedPlayers);
        mergeMissingColumns(change.defects, gamesName, importedGames);
        if (!change.ok())
            return change;

        for (qsizetype i = 0; i < importedPlayers.rows.size(); ++i)
            insertPoolPlayer(d->db, content, firstLine + static_cast<int>(i), importedPlayers.rows[i]);
        for (std::size_t i = 0; i < newGames.size(); ++i)
            insertPoolGame(d->db, content, firstGame + static_cast<int>(i), newGames[i]);
        change.playersAdded = static_cast<int>(importedPlayers.rows.size());
        change.gamesAdded = static_cast<int>(newGames.size());
        QJsonObject details = poolDetails(content.pool);
        if (!players.isEmpty())
            details.insert(QStringLiteral("players_file"), playersName);
        if (!games.isEmpty())
            details.insert(QStringLiteral("games_file"), gamesName);
        details.insert(QStringLiteral("players_added"), change.playersAdded);
        details.insert(QStringLiteral("games_added"), change.gamesAdded);
        d->audit(QStringLiteral("pool-import"), QString(), details);
        transaction.commit();
        return change;
    });
}

} // namespace flickdesk::core
