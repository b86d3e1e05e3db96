#pragma once

// The other associations' systems (ACF checkers ratings, Kings Cribbage ratings, Diplomacy Squares
// scoring), behind one shape so that the command line (`flickdesk-cli acf|kc|squares`) and the
// window's rating pools share one reader, one computation and one output.
//
// Every system reads two CSV texts:
//   - a players list (optional on the command line, always present in a window pool): one row per
//     player, header `player_id,name` plus system-specific starting columns. When it is given,
//     a game naming a player who is not in it is a defect (an unknown player).
//   - the games: one row per game (ACF, Kings Cribbage) or one row per player and game (Squares).
// Both formats are documented in docs/other-systems.md, with example files in docs/examples/.
//
// The engine modules (engine/include/flickdesk/engine/acf.h, kingscribbage.h, squares.h) do the
// arithmetic; the files ui/core/systems/acfsystem.cpp, kingssystem.cpp and squaressystem.cpp read the CSV
// into them and turn their results into tables.

#include "flickdesk/engine/history.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

namespace flickdesk::core {

enum class SystemKind {
    Acf,             // ACF checkers ratings [001]
    Kings,           // Kings Cribbage, head-to-head and group games together (the `kc` command)
    KingsHeadToHead, // Kings Cribbage pool of two-player games only
    KingsGroup,      // Kings Cribbage pool of 3-4 player games only
    Squares,         // Diplomacy Squares tournament [002]
};

// A table of text: the command line writes it as CSV, the window shows it.
struct SystemTable {
    QStringList columns;
    QList<QStringList> rows;
};

struct SystemInput {
    QByteArray players; // the players CSV; empty with hasPlayers false when not given
    QString playersFile = QStringLiteral("players.csv");
    bool hasPlayers = false;
    QByteArray games; // the games CSV
    QString gamesFile = QStringLiteral("games.csv");
};

struct SystemResult {
    // Every defect of the input with file, line and field (DECISIONS D2). When there is any, the
    // tables are empty: nothing of a defective input is computed.
    std::vector<engine::Defect> defects;
    // The ratings (ACF, Kings Cribbage) or the tournament standings (Squares), exactly the CSV the
    // command line writes. The first column is the player id for ratings, the rank for standings.
    SystemTable table;
    // One row per player and rated unit (an ACF event, a Kings game, a Squares game) in the order
    // computed: column 0 is always `player_id`, the others are the system's own (rating before and
    // after, the game's score, ...). The window's "player history" filters it by player.
    SystemTable history;
};

// Runs the system on its input. Never throws for bad input; bad input gives defects.
SystemResult runSystem(SystemKind kind, const SystemInput& input);

// The parts of each system, defined in acfsystem.cpp, kingssystem.cpp and squaressystem.cpp.
SystemResult runAcfSystem(const SystemInput& input);
SystemResult runKingsSystem(const SystemInput& input,
                            SystemKind scope); // Kings, KingsHeadToHead or KingsGroup
SystemResult runSquaresSystem(const SystemInput& input);
// Squares best country awards (spec 002 §4; engine::squaresBestCountries): for each power, Austria
// ... Turkey, the player(s) whose game with it is best by the comparison of games, equal games
// sharing the award (one row each, by player id). Columns squaresBestCountryColumns():
// power (as the games file spells it on that row), player_id, name (empty without a players file),
// game (its id), class (win, draw, elimination, loss), points (2 decimals, as the standings). The
// input is read as runSquaresSystem reads it; its defects are appended to `defects` and then the
// table is empty. Never throws for bad input. `flickdesk-cli squares --best-countries` writes it.
SystemTable squaresBestCountries(const SystemInput& input, std::vector<engine::Defect>& defects);
QStringList squaresBestCountryColumns();
// A new Squares round's boards, drawn by engine::drawBoards (boards of 7, a seat a power): every game
// of `input.games` is an earlier board, so that players meet new opponents first, then play powers
// they have not played. `players` are this round's players, each once; `earlierSitOuts` one entry
// per player and earlier round sat out; the same input and seed give the same draw. An empty games
// text is a first round. The input's defects (read as runSquaresSystem reads it; the players file is
// not read) and a player id empty or given twice are appended to `defects`, and then the draw is
// empty. Never throws for bad input.
struct SquaresRoundDraw {
    QList<QStringList> boards; // each the 7 players by power: Austria, England, ..., Turkey
    QStringList sittingOut;    // when the players are not a multiple of 7: who sat out least so far
    int repeatedMeetings = 0;  // pairs on one board that met before, each counted per earlier meeting
    int repeatedPowers = 0;    // players on a power they played before, per earlier game with it
};
SquaresRoundDraw drawSquaresRound(const SystemInput& input, const QStringList& players,
                                  const QStringList& earlierSitOuts, quint64 seed,
                                  std::vector<engine::Defect>& defects);

// Each system's header lines, defined beside its runner.
QStringList acfPlayerColumns();
QStringList acfGameColumns();
QStringList kingsPlayerColumns();
QStringList kingsGameColumns();
QStringList squaresPlayerColumns();
QStringList squaresGameColumns();

// The header line each system expects, for messages, the window's entry forms and new pools.
QStringList systemPlayerColumns(SystemKind kind);
QStringList systemGameColumns(SystemKind kind);

// A short name for menus and messages ("ACF checkers", "Kings Cribbage head-to-head", ...).
QString systemTitle(SystemKind kind);
// The key used on the command line and in the database: acf, kc, kc-h2h, kc-group, squares.
QString systemKey(SystemKind kind);
bool systemFromKey(const QString& key, SystemKind& kind);

// A table as RFC 4180 CSV (fields quoted only when they need it), lines ending in \n.
QByteArray tableToCsv(const SystemTable& table);

} // namespace flickdesk::core
