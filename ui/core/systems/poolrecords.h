#pragma once

// The rating pools of the other systems as the FlickDesk database (core/store/store.h) stores them.

#include "core/systems/systems.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

namespace flickdesk::core {

// ---- rating pools of the other systems (ACF, Kings Cribbage, Diplomacy Squares; issue 7)
//
// A pool holds the players and games of one system. Its ratings or standings are never stored:
// runSystem() computes them from the stored rows whenever they are shown (every system is fast).
// Rows are stored by column name, so they are read back in the columns the system has now.

struct PoolSummary {
    qint64 id = 0;
    SystemKind kind = SystemKind::Acf; // Acf, KingsHeadToHead, KingsGroup or Squares
    QString name;                      // unique among the pools (in any case)
    QString created;                   // ISO 8601, UTC
    int players = 0;
    int games = 0; // games entered: for Squares a game is one row per player
};

// One game as entered: one row (ACF, Kings Cribbage) or one row per player (Squares).
struct PoolGame {
    int number = 0;          // 1.. in the order entered; kept when an earlier game is deleted
    QList<QStringList> rows; // in the pool's game columns
};

struct PoolContent {
    PoolSummary pool;
    QStringList playerColumns; // systemPlayerColumns(kind)
    QList<QStringList> players;
    QList<int> playerLines;  // each player's stored line, 1.. (a deleted player leaves a gap)
    QStringList gameColumns; // systemGameColumns(kind)
    std::vector<PoolGame> games;

    // The CSV texts runSystem reads (players.csv and games.csv), one line per row.
    SystemInput input() const;

    // The stored game of this number; nullptr when there is none.
    const PoolGame* game(int number) const;
    // The stored games that are the same game as `rows` (the same date, players and scores, in any
    // seat order; for Squares the same board), whatever id or round they were given; `except` is a
    // game left out (the one being edited). A game entered twice is asked about before it is stored.
    QList<int> sameGames(const QList<QStringList>& rows, int except = 0) const;
    // The player of this id (trimmed, in any case): its index in `players`, -1 when there is none.
    int playerIndex(const QString& playerId) const;
    // The player's name, or the id when the pool has no name for it.
    QString playerName(const QString& playerId) const;
};

// One thing that keeps a change of a pool from being written, named for the user: `where` is
// "game 4", "the new game", "player 3 (P12)" or "games.csv line 7"; `field` the column, if any.
struct PoolDefect {
    QString where;
    QString field;
    QString message;
    int game = 0;         // the game concerned (0: none; the new game has the next number)
    int playerLine = 0;   // the player concerned, 1.. (0: none)
    QString text() const; // "where, field: message"
};

// What a change of a pool did, or why it did nothing: when there is any defect, nothing was written.
struct PoolChange {
    std::vector<PoolDefect> defects;
    int playersAdded = 0;
    int gamesAdded = 0;
    int game = 0;       // the number of the game added, replaced or restored
    int playerLine = 0; // the line of the player added, replaced or restored
    bool ok() const noexcept { return defects.empty(); }
    QStringList messages() const;
};

// Whether a system's games file has one row per player and game (Squares) rather than per game.
// True where one game of the pool is entered as several rows: Squares (a row per player) and ACF
// (the games of one pairing in one round: four when the event is scored by round, DECISIONS A1).
bool poolGameHasSeveralRows(SystemKind kind);
bool poolGameHasRowPerPlayer(SystemKind kind);
// The pool kinds a user can create: ACF, Kings Cribbage head-to-head and group, Squares.
QList<SystemKind> poolKinds();

} // namespace flickdesk::core
