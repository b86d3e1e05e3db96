#pragma once

// The day's play as one pure function: from the format, the units with their ratings, the event's
// seed and what the desk recorded (scores, shoot-out orders, withdrawals, hand-set places), every
// stage's groups and games, the standings, what blocks the day from going on, and the places
// (DECISIONS G1-G7). The window, the store, `flickdesk-cli play` and `verify-event` all call
// computePlay: a submission's places can be recomputed from its play.

#include "flickdesk/engine/playformat.h"
#include "flickdesk/engine/playpairing.h"
#include "flickdesk/engine/playstandings.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace flickdesk::engine::play {

struct PlayUnit {
    UnitId id;
    std::string name;  // shown in reasons; empty: the id
    double rating = 0; // the month's locked rating (DECISIONS G4), for snake seeding
};

// A game's place in the day, stable across recomputations: all 0-based. Round robin and random rounds:
// round = the stage's round, slot = the pairing's index in the round (bye last), game = 0. Playoff:
// group = the bracket, round = the bracket's round (its last is the final), slot = the match (the
// final 0, the match for 3rd 1), game = the game of the match.
struct GameKey {
    int stage = 0;
    int group = 0;
    int round = 0;
    int slot = 0;
    int game = 0;
    auto operator<=>(const GameKey&) const = default;
};
// "s0.g1.r2.m3.n0" and back: the key as text, for a store's row or a CSV.
std::string gameKeyText(const GameKey& key);
std::optional<GameKey> parseGameKey(const std::string& text);

struct ShootOutOrder {
    int stage = 0;
    int group = -1;            // -1: the ranking across the stage's groups (G4)
    std::vector<UnitId> order; // best first
};

// DECISIONS G7: from (stage, round) on, the unit's games are walkovers (in a playoff: from that
// bracket round). A score entered for such a game is ignored.
struct Withdrawal {
    UnitId unit;
    int stage = 0;
    int round = 0;
};

// DECISIONS G6: a place set by hand against the play, with its reason.
struct HandPlace {
    UnitId unit;
    int place = 0;
    std::string reason;
};

struct PlayInput {
    Format format;
    std::vector<PlayUnit> units; // every unit that began (DECISIONS P3)
    std::uint64_t seed = 0;
    std::vector<std::vector<UnitId>> handGroups; // Seeding::Hand: the first stage's groups
    std::map<GameKey, Score> scores;
    // The sides each score was entered for (optional, kept by a store): a later stage or a Swiss round
    // is drawn from earlier results, so a corrected earlier score can redraw it. A score whose game
    // now has other sides is not used, and is reported in ignoredEntries.
    std::map<GameKey, std::pair<UnitId, UnitId>> enteredFor;
    std::vector<ShootOutOrder> shootOuts;
    std::vector<Withdrawal> withdrawals;
    std::vector<HandPlace> handPlaces;
    // Issue 28 item 5: the stages the director has started (1: the first only). The stage from this
    // index on is drawn as a preview of the advancement (PlayStage::started false): shown, but it
    // takes no score until the director starts it. 0: no gate, every stage drawn takes scores (the
    // simulator, the benchmark, a play stored before the confirm step).
    int stagesStarted = 0;
};

enum class GameState {
    Waiting, // drawn, no score yet
    Scored,  // a score entered
    Bye,     // DECISIONS G3
    Walkover // DECISIONS G7
};

struct PlayGame {
    GameKey key;
    UnitId a;
    UnitId b;      // empty for a bye
    int board = 0; // 1..boards; 0 for a bye
    int wave = 0;
    GameState state = GameState::Waiting;
    Score score; // the entered score, or the bye's or walkover's
};

struct PlayGroup {
    std::string name;          // "Group A", "Pool B", "Preliminary", "Pool A playoff"
    std::vector<UnitId> units; // in seeding order
    double meanRating = 0;     // DECISIONS G4: shown so that the director sees the groups are even
    std::vector<PlayGame> games;
    Standings standings; // round robins and random rounds
    // Playoff: the bracket's order so far, best first, with the rule in words.
    std::vector<UnitId> playoffOrder;
    std::vector<std::string> playoffReasons;
};

struct PlayStage {
    int index = 0;
    std::vector<PlayGroup> groups;
    std::vector<UnitId> entrants; // in seeding order
    bool complete = false;        // every drawn game finished and nothing more to draw
    // The stage's order (G4 across groups; tiers in order; a playoff's brackets with their pools).
    std::vector<UnitId> order;
    std::vector<std::string> orderReasons;
    std::vector<UnresolvedTie> ties; // of the groups and of the ranking across them
    // False: the advancement into this stage shown before the director confirms it (its entrants,
    // groups and games as they will be); it takes no score and is never complete.
    bool started = true;
};

struct Place {
    UnitId unit;
    int place = 0;
    std::string rule;    // "3rd: lost the semi-final, won the match for 3rd"
    bool byHand = false; // DECISIONS G6: set by hand; `rule` holds the reason
    bool withdrawn = false;
};

struct PlayState {
    std::optional<std::string> problem; // a format or input that cannot be played; nothing else is set
    std::vector<PlayStage> stages;      // the stages drawn so far
    int currentStage = 0;               // the first stage not complete (stages.size() when all are)
    int awaitingStart = -1;             // the stage drawn as a preview, waiting to be started; -1: none
    bool finished = false;              // every stage complete: the places are the play's
    // Ties that must be broken before the day goes on (G2): they decide who advances.
    std::vector<UnresolvedTie> blockingTies;
    int blockingStage = -1;
    int blockingGroup = -1; // -1: across the stage's groups
    // Ties among units whose places the play cannot otherwise decide (only when finished).
    std::vector<UnresolvedTie> placeTies;
    // Every unit that began, place 1..N: the play's when finished (and no place tie is left), before
    // that the standings so far. Sorted by place.
    std::vector<Place> places;
    bool placesFinal = false;
    std::vector<std::string> ignoredEntries; // scores for games not drawn, or invalid, said in words

    // The games waiting for a score (the round's games by board); a stage not started has none.
    std::vector<const PlayGame*> waitingGames() const;
    const PlayGame* game(const GameKey& key) const;
};

// Everything from the recorded play. Pure: the same input gives the same state.
PlayState computePlay(const PlayInput& input);
// computePlay keeps the random rounds it drew (of the last few stages, keyed by everything a round
// is drawn from) so that a score entered does not draw the rounds before it again; this forgets them,
// so that the next computePlay draws every round afresh (tests compare the two).
void forgetDrawnRounds();

// DECISIONS G8, N3: the games a rating from games takes, in the order of the day: every game with a
// score between two units; byes and walkovers are not rated (G3, G7); a game level on points is a draw.
struct RatedGame {
    GameKey key;
    UnitId a;
    UnitId b;
    int pointsA = 0;
    int pointsB = 0;
    bool level = false;
};
std::vector<RatedGame> ratedGames(const PlayState& state);

// Why `score` cannot be entered for game `key` in `state` (not drawn, of a stage not started, a bye or
// walkover, not a possible score of its stage), in the director's words; nothing when it can.
std::optional<std::string> entryProblem(const PlayInput& input, const PlayState& state, const GameKey& key,
                                        const Score& score);

} // namespace flickdesk::engine::play
