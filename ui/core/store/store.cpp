// The FlickDesk database (core/store/store.h): opening, the schema and its migrations, backups, the
// check, and the settings.

#include "core/store/lockblob.h"
#include "core/store/storeprivate.h"

namespace flickdesk::core {
namespace {

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

// Version 5: where an event was played, for the submission file (issue 14); NULL when not given.
constexpr const char* schemaVersion5 = R"sql(
ALTER TABLE events ADD COLUMN location TEXT;
)sql";

// Version 6: a computed monthly lock keeps the digest of the history before its month (SHA-256 of
// its events, results and games and the FlickSkill parameters). The triggers mark it stale when a
// rated event before its month changes (DECISIONS P1: events of the month itself and later do not
// count), so a lock is reused without reading the history, and an import or an edit invalidates
// only the months after it (docs/monthly-locks.md).
constexpr const char* schemaVersion6 = R"sql(
ALTER TABLE locks ADD COLUMN history_digest TEXT NOT NULL DEFAULT '';
ALTER TABLE locks ADD COLUMN stale INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1));
-- Locks computed before this version were checked against the whole history: each is checked
-- again, by its month's digest, at its next use.
UPDATE locks SET stale = 1 WHERE source = 'computed';
CREATE INDEX locks_fresh ON locks (month) WHERE source = 'computed' AND stale = 0;

-- Counts the changes to the rated history: a lock computed away from the database is stored only
-- if it did not change meanwhile.
CREATE TABLE history_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL
);
INSERT INTO history_state (id, generation) VALUES (1, 0);

CREATE TRIGGER locks_stale_event_insert AFTER INSERT ON events
WHEN NEW.status IN ('finished', 'awarded') BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > substr(NEW.date, 1, 7);
END;
CREATE TRIGGER locks_stale_event_update AFTER UPDATE OF date, format, status ON events
WHEN OLD.status IN ('finished', 'awarded') OR NEW.status IN ('finished', 'awarded') BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > min(substr(OLD.date, 1, 7), substr(NEW.date, 1, 7));
END;
CREATE TRIGGER locks_stale_event_delete AFTER DELETE ON events
WHEN OLD.status IN ('finished', 'awarded') BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > substr(OLD.date, 1, 7);
END;
CREATE TRIGGER locks_stale_entrants_insert AFTER INSERT ON entrants
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_entrants_update_new AFTER UPDATE ON entrants
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_entrants_update_old AFTER UPDATE ON entrants
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_entrants_delete AFTER DELETE ON entrants
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_entrant_players_insert AFTER INSERT ON entrant_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_entrant_players_update_new AFTER UPDATE ON entrant_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_entrant_players_update_old AFTER UPDATE ON entrant_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_entrant_players_delete AFTER DELETE ON entrant_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_standings_insert AFTER INSERT ON standings
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_standings_update_new AFTER UPDATE ON standings
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_standings_update_old AFTER UPDATE ON standings
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_standings_delete AFTER DELETE ON standings
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_games_insert AFTER INSERT ON games
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_games_update_new AFTER UPDATE ON games
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_games_update_old AFTER UPDATE ON games
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_games_delete AFTER DELETE ON games
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_game_players_insert AFTER INSERT ON game_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_game_players_update_new AFTER UPDATE ON game_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = NEW.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_game_players_update_old AFTER UPDATE ON game_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
CREATE TRIGGER locks_stale_game_players_delete AFTER DELETE ON game_players
WHEN EXISTS (SELECT 1 FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded')) BEGIN
    UPDATE history_state SET generation = generation + 1;
    UPDATE locks SET stale = 1 WHERE source = 'computed' AND stale = 0 AND month > (SELECT substr(date, 1, 7) FROM events WHERE id = OLD.event_id AND status IN ('finished', 'awarded'));
END;
)sql";

// Version 7: a monthly lock is stored whole, its ratings in one blob of its `locks` row
// (core/store/lockblob.h) with the count of players it names, in place of a `lock_ratings` row per
// player: a lock is always written and read whole, and a row per player made storing the locks of a
// first Recompute at a million finishes take longer than computing them (50.8 s against 40.9 s).
// convertLockRows moves each lock's rows into its blob, then drops the table.
constexpr const char* schemaVersion7 = R"sql(
ALTER TABLE locks ADD COLUMN players INTEGER NOT NULL DEFAULT 0;
ALTER TABLE locks ADD COLUMN ratings BLOB NOT NULL DEFAULT X'';
)sql";

void convertLockRows(sqlite::Database& db)
{
    QStringList months;
    {
        sqlite::Statement select(db, "SELECT month FROM locks ORDER BY month");
        while (select.step())
            months.append(select.text(0));
    }
    sqlite::Statement rows(db, "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ?");
    sqlite::Statement update(db, "UPDATE locks SET players = ?, ratings = ? WHERE month = ?");
    for (const QString& month : months) {
        std::vector<LockedRating> ratings;
        rows.reset();
        rows.bind(1, month);
        while (rows.step())
            ratings.push_back({rows.text(0), rows.real(1), rows.real(2)});
        rows.reset();
        QString problem;
        const QByteArray blob = lockblob::encode(ratings, &problem);
        if (blob.isEmpty()) // the table's keys and checks refused what encode refuses: not reached
            throw sqlite::Error(
                SQLITE_CONSTRAINT,
                (QStringLiteral("the lock of ") + month + QStringLiteral(": ") + problem).toStdString());
        update.reset();
        update.bind(1, static_cast<std::int64_t>(ratings.size()))
            .bindBlob(2, std::string_view(blob.constData(), static_cast<std::size_t>(blob.size())))
            .bind(3, month)
            .run();
    }
    db.execute("DROP INDEX lock_ratings_by_player; DROP TABLE lock_ratings;");
}

// Version 8: a Kings Cribbage club's pool (system 'kc': its members' head-to-head and group games
// in one pool, as the `kc` command reads them, issue 27). SQLite cannot change a CHECK in place: the
// three pool tables are built again under new names, filled, the old ones dropped (the children
// first, so that no ON DELETE CASCADE fires) and the new ones renamed, which also renames the
// children's references to `pools`.
constexpr const char* schemaVersion8 = R"sql(
CREATE TABLE pools_v8 (
    id INTEGER PRIMARY KEY,
    system TEXT NOT NULL CHECK (system IN ('acf', 'kc', 'kc-h2h', 'kc-group', 'squares')),
    name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (name <> ''),
    created TEXT NOT NULL
);
CREATE TABLE pool_players_v8 (
    pool_id INTEGER NOT NULL REFERENCES pools_v8 (id) ON DELETE CASCADE,
    line INTEGER NOT NULL CHECK (line >= 1),
    fields TEXT NOT NULL,
    PRIMARY KEY (pool_id, line)
) WITHOUT ROWID;
CREATE TABLE pool_games_v8 (
    pool_id INTEGER NOT NULL REFERENCES pools_v8 (id) ON DELETE CASCADE,
    game INTEGER NOT NULL CHECK (game >= 1),
    position INTEGER NOT NULL CHECK (position >= 1),
    fields TEXT NOT NULL,
    PRIMARY KEY (pool_id, game, position)
) WITHOUT ROWID;
INSERT INTO pools_v8 (id, system, name, created) SELECT id, system, name, created FROM pools;
INSERT INTO pool_players_v8 (pool_id, line, fields) SELECT pool_id, line, fields FROM pool_players;
INSERT INTO pool_games_v8 (pool_id, game, position, fields) SELECT pool_id, game, position, fields FROM pool_games;
DROP TABLE pool_games;
DROP TABLE pool_players;
DROP TABLE pools;
ALTER TABLE pools_v8 RENAME TO pools;
ALTER TABLE pool_players_v8 RENAME TO pool_players;
ALTER TABLE pool_games_v8 RENAME TO pool_games;
)sql";

// Version 9: an event's day of play (issue 28, DECISIONS G1-G8): its format as JSON (every setting,
// core/store/playstore.h), seed and hand-set groups; each score with the two units it was entered for
// (PlayInput::enteredFor); the shoot-out orders, withdrawals during play and hand-set places with
// their reasons. Game keys are the engine's text ("s0.g1.r2.m3.n0"), units the entrant numbers.
constexpr const char* schemaVersion9 = R"sql(
CREATE TABLE play_formats (
    event_id TEXT PRIMARY KEY NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    format TEXT NOT NULL,
    seed INTEGER NOT NULL,
    hand_groups TEXT NOT NULL DEFAULT '[]'
) WITHOUT ROWID;
CREATE TABLE play_scores (
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    game TEXT NOT NULL CHECK (game GLOB 's[0-9]*.g[0-9]*.r[0-9]*.m[0-9]*.n[0-9]*'),
    unit_a TEXT NOT NULL,
    unit_b TEXT NOT NULL,
    points_a INTEGER NOT NULL CHECK (points_a >= 0),
    points_b INTEGER NOT NULL CHECK (points_b >= 0),
    twenties_a INTEGER NOT NULL CHECK (twenties_a >= 0),
    twenties_b INTEGER NOT NULL CHECK (twenties_b >= 0),
    shoot_out TEXT NOT NULL DEFAULT '' CHECK (shoot_out IN ('', 'A', 'B')),
    entered TEXT NOT NULL,
    PRIMARY KEY (event_id, game)
) WITHOUT ROWID;
CREATE TABLE play_shoot_outs (
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    stage INTEGER NOT NULL CHECK (stage >= 0),
    group_index INTEGER NOT NULL CHECK (group_index >= -1),
    units TEXT NOT NULL,
    PRIMARY KEY (event_id, stage, group_index)
) WITHOUT ROWID;
CREATE TABLE play_withdrawals (
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    unit TEXT NOT NULL,
    stage INTEGER NOT NULL CHECK (stage >= 0),
    round INTEGER NOT NULL CHECK (round >= 0),
    PRIMARY KEY (event_id, unit)
) WITHOUT ROWID;
CREATE TABLE play_places (
    event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    unit TEXT NOT NULL,
    place INTEGER NOT NULL CHECK (place >= 1),
    reason TEXT NOT NULL CHECK (reason <> ''),
    PRIMARY KEY (event_id, unit)
) WITHOUT ROWID;
)sql";

// Version 10: the stages of an event's play the director has started (issue 28 item 5,
// PlayInput::stagesStarted): the next stage is shown before it is confirmed. 0 is no gate: a play
// with scores from before this version (or written whole, as an imported one) keeps every stage
// drawn open; a play not begun yet waits for the director from its second stage on.
constexpr const char* schemaVersion10 = R"sql(
ALTER TABLE play_formats ADD COLUMN stages_started INTEGER NOT NULL DEFAULT 0 CHECK (stages_started >= 0);
UPDATE play_formats SET stages_started = 1
    WHERE NOT EXISTS (SELECT 1 FROM play_scores WHERE play_scores.event_id = play_formats.event_id);
)sql";

struct Migration {
    int version;
    const char* sql;
    void (*after)(sqlite::Database&) = nullptr; // what SQL alone cannot do, after `sql`
};

const Migration migrations[] = {
    {1, schemaVersion1},
    {2, schemaVersion2},
    {3, schemaVersion3},
    {4, schemaVersion4},
    {5, schemaVersion5},
    {6, schemaVersion6},
    {7, schemaVersion7, convertLockRows},
    {8, schemaVersion8},
    {9, schemaVersion9},
    {10, schemaVersion10},
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
        if (migration.after)
            migration.after(db);
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

} // namespace

// ---------------------------------------------------------------------------------------------

StoreError::StoreError(Kind kind, const QString& message)
    : std::runtime_error(message.toStdString())
    , kind_(kind)
{
}

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

StoreConnection::StoreConnection() = default;

StoreConnection::StoreConnection(std::unique_ptr<Private> p)
    : d(std::move(p))
{
}

StoreConnection::~StoreConnection() = default;

Store::Store(std::unique_ptr<Private> p)
    : StoreConnection(std::move(p))
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
    // A new database needs a folder it may write to (the file, its lock and its journal): said as
    // such, not as a database "opened read-only" that does not exist.
    if (creating && !QFileInfo(info.absolutePath()).isWritable())
        return refuse(OpenFailure::CannotOpen,
                      tr("%1 cannot be created: the folder %2 cannot be written to. Nothing was created.")
                          .arg(shown, QDir::toNativeSeparators(info.absolutePath())));

    // Read-only media, or a file or folder this user may not write: read in place with SQLite's
    // immutable mode, which writes nothing beside the file (a -shm made from a read-only file
    // would itself be read-only, and block every write once the file is made writable again).
    const QString folderPath = info.absolutePath();
    const bool fileReadOnly = !creating && !QFileInfo(path).isWritable();
    const bool folderReadOnly = !creating && !QFileInfo(folderPath).isWritable();
    bool readOnly = options.readOnly || fileReadOnly || folderReadOnly;
    bool& heldByAnother = d->heldByAnother; // another FlickDesk holds the lock
    // Whether the last session with this file ended without closing it (a crash, a kill, a power
    // cut): then this open checks the whole file (OpenCheck::AfterUncleanClose). Two signs, each
    // left by exactly that and removed by a clean close, so nothing has to be written at open or
    // close to keep them: the lock file, which a FlickDesk holds for as long as it has the file
    // open and deletes when it closes it (found here and yet taken by this open: its holder is
    // gone), and a -wal file, which SQLite deletes when the last connection closes cleanly (it is
    // also the sign after `flickdesk-cli unlock` removed the lock of a crashed computer). A -wal
    // of a FlickDesk that still runs (this open read-only because it holds the lock) is no sign.
    // Either sign may also follow a clean close in a rare case (a read-only reader that closed
    // last leaves the -wal): that costs one check more, never one less.
    bool uncleanClose = false;
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
        const bool lockLeft = !creating && QFileInfo::exists(lock->fileName());
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
            uncleanClose = lockLeft;
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
        d->mode = (fileReadOnly || folderReadOnly) && !walLeft ? sqlite::Database::Mode::ReadOnlyImmutable
                  : readOnly                                   ? sqlite::Database::Mode::ReadOnly
                                                               : sqlite::Database::Mode::ReadWrite;
        d->db = sqlite::Database(path, d->mode);
        // The window's writes go before those of its background workers (openWorker).
        d->db.shareWriteTurns(std::make_shared<sqlite::WriteTurns>(), sqlite::WriteTurns::Role::Window);
        d->db.setBusyTimeout(5000);
        d->db.execute("PRAGMA foreign_keys = ON");
        // 32 MiB of page cache (SQLite's default is 2 MiB): a monthly lock or a rating run writes
        // one row per rated player, and a large history's reads and writes stay in memory.
        d->db.execute("PRAGMA cache_size = -32768");
        // The day's backup is made at the first open of a day (any backup of today counts), and the
        // whole file is checked before it: a damaged file is never kept as the day's good copy.
        const QString today = d->now().toString(QStringLiteral("yyyyMMdd"));
        const std::vector<BackupFile> existing = listBackups(path);
        const bool backedUpToday =
            std::any_of(existing.begin(), existing.end(),
                        [&today](const BackupFile& file) { return file.stamp.startsWith(today); });
        if (walLeft && !heldByAnother)
            uncleanClose = true;
        if (!d->created)
            d->openCheck = options.checkOnOpen ? OpenCheck::Asked
                           : uncleanClose      ? OpenCheck::AfterUncleanClose
                           : !backedUpToday    ? OpenCheck::FirstOpenOfDay
                                               : OpenCheck::Skipped;
        if (const QStringList problems =
                d->openCheck == OpenCheck::Skipped ? QStringList() : quickCheck(d->db);
            !problems.isEmpty()) {
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
        // A check (flickdesk-cli check) never changes what it checks: no upgrade and no day's backup,
        // so that checking a backup file writes nothing beside it. It judges the file's own version.
        const bool mayChange = !readOnly && !options.checkOnOpen;
        if (version < target && !options.checkOnOpen) {
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
            // The day's backup, at the first open of a day (backedUpToday, above; the backup made
            // before a migration by this open counts as the day's). A failing daily backup must not
            // keep the director from the database: it is reported.
            try {
                if (mayChange && !d->created && !backedUpToday && d->backupsMade.isEmpty() &&
                    holdsData(d->db))
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

std::unique_ptr<Store> Store::openWorker() const
{
    auto w = std::make_unique<Private>();
    w->options = d->options;
    w->path = d->path;
    w->mode = d->mode;
    w->readOnlyReason = d->readOnlyReason;
    w->heldByAnother = d->heldByAnother;
    w->schemaVersion = d->schemaVersion;
    w->lock = d->lock; // held until this connection closes too
    try {
        w->db = sqlite::Database(w->path, w->mode);
        w->db.shareWriteTurns(d->db.writeTurns(), sqlite::WriteTurns::Role::Background);
        // The window's connection writes in short transactions: a worker waits for them.
        w->db.setBusyTimeout(10000);
        w->db.execute("PRAGMA foreign_keys = ON");
        w->db.execute("PRAGMA cache_size = -32768"); // as the window's: a worker writes the large runs
        if (w->mode == sqlite::Database::Mode::ReadWrite)
            w->db.execute("PRAGMA synchronous = NORMAL");
    } catch (const sqlite::Error& error) {
        throw StoreError(StoreError::Kind::Failed,
                         tr("The database %1 could not be opened a second time: %2")
                             .arg(QDir::toNativeSeparators(d->path), QString::fromStdString(error.reason())));
    }
    registerOpenDatabase(w->path); // ~Store forgets it once
    return std::unique_ptr<Store>(new Store(std::move(w)));
}

QString Store::path() const
{
    return d->path;
}

bool StoreConnection::isReadOnly() const
{
    return d->db.isReadOnly();
}

QString StoreConnection::readOnlyReason() const
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

Store::OpenCheck Store::openCheck() const
{
    return d->openCheck;
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
// Settings

QJsonValue HistoryStore::setting(const QString& key)
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

void HistoryStore::setSetting(const QString& key, const QJsonValue& value)
{
    d->guarded([&] {
        d->requireWritable();
        QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        text = text.mid(1, text.size() - 2);
        sqlite::Transaction transaction(d->db);
        d->historyChanged(); // the FlickSkill parameters are a setting
        d->touched(
            StoreChange::of(StoreChange::Settings | (key == parametersKey ? StoreChange::History : 0u)));
        sqlite::Statement upsert(d->db, "INSERT INTO settings (key, value) VALUES (?, ?) "
                                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
        upsert.bind(1, key).bind(2, QString::fromUtf8(text)).run();
        transaction.commit();
    });
}

ParameterOverrides HistoryStore::flickSkillParameters()
{
    return parametersFromJson(setting(parametersKey).toObject());
}

QString HistoryStore::finaleKey(const QString& season)
{
    return QStringLiteral("season.%1.finale").arg(season);
}

QString StoreConnection::earlierRecreationalChampionsKey()
{
    return QStringLiteral("recreational.earlier_champions");
}

void Store::backup(const QString& target)
{
    // Never over the database, its working files or its own backups (symbolic and hard links too).
    if (const QString clash = outputClashWithDatabase(target, {d->path}); !clash.isEmpty())
        throw StoreError(StoreError::Kind::Refused, clash);
    // What keeps the copy from being written is the target's, not the database's: said so.
    const QFileInfo folder(QFileInfo(target).absolutePath());
    if (!folder.isDir())
        throw StoreError(StoreError::Kind::Failed, tr("No backup was made: the folder %1 does not exist.")
                                                       .arg(QDir::toNativeSeparators(folder.filePath())));
    if (!folder.isWritable())
        throw StoreError(StoreError::Kind::Failed,
                         tr("No backup was made: the folder %1 cannot be written to.")
                             .arg(QDir::toNativeSeparators(folder.filePath())));
    try {
        d->db.backupTo(target);
    } catch (const sqlite::Error& error) {
        // The reason names the target ("cannot back up to FILE: ...").
        throw StoreError(StoreError::Kind::Failed,
                         tr("No backup was made: %1").arg(QString::fromStdString(error.reason())));
    }
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
        problems += lockblob::problems(d->db, d->schemaVersion);
        return problems;
    });
}

} // namespace flickdesk::core
