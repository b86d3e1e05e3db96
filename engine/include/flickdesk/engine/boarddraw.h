#pragma once

// The draw of a round's boards: players seated at boards of a fixed size so that they meet new
// opponents and take new seats where they can. A Diplomacy round (Squares, spec 002) seats 7 players
// a board, one a power; the day's play of crokinole (DECISIONS G3's random rounds) can seat 2 a
// board with seats that do not matter. Deterministic for a seed, on every platform: the generator
// is the module's own (splitmix64), never a standard distribution. docs/squares.md, "Drawing the
// boards", describes the method and its bounds.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace flickdesk::engine {

// What the earlier rounds did.
struct BoardDrawHistory {
    // Every earlier board, its players in seat order (seat k: the k-th power for Diplomacy); an empty
    // id is an empty seat. Players who are not drawn this round may appear.
    std::vector<std::vector<std::string>> boards;
    // Every earlier sit-out, one entry per player and round sat out.
    std::vector<std::string> sitOuts;
};

struct BoardDrawInput {
    std::vector<std::string> players; // this round's players, each once, no empty id
    BoardDrawHistory history;
    int boardSize = 7;       // players a board, 2 or more (7 for Diplomacy)
    bool seatsMatter = true; // false: repeated seats cost nothing (a crokinole board)
    std::uint64_t seed = 0;  // the same input and seed give the same draw
};

struct BoardDraw {
    // The boards, each boardSize players in seat order: players[k] takes seat k.
    std::vector<std::vector<std::string>> boards;
    // The players who sit this round out when their number is not a multiple of the board size:
    // those with the fewest sit-outs so far, drawn among equals. Empty when everyone plays.
    std::vector<std::string> sittingOut;
    // What could not be avoided, as the draw left it: the sum over pairs sharing a board of the
    // times they met before, and the sum over seated players of the times they held that seat before
    // (0 when seats do not matter).
    int repeatedMeetings = 0;
    int repeatedSeats = 0;
};

// Why `input` cannot be drawn (a board size below 2, an empty or repeated player id), or nothing.
std::optional<std::string> boardDrawProblem(const BoardDrawInput& input);

// Draws the boards: fewest repeated meetings first, then fewest repeated seats. Players are shuffled
// by the seed, sit-outs chosen, boards filled greedily (each player to the board where they met the
// fewest before), then improved by swaps of two players between boards, each swap taken when it
// lowers (repeated meetings, repeated seats); then each board's seats are assigned (exactly, by
// trying every order, for boards of up to 8; by seat swaps above). All of it from 8 shuffles of the
// seed; the best draw is kept. Bounded: at most 8 x 50 passes of n² / 2 swaps of O(boardSize) each
// (n players), so 100 players take a few milliseconds. Throws std::invalid_argument when
// boardDrawProblem names a problem.
BoardDraw drawBoards(const BoardDrawInput& input);

// Counts of a draw against a history, as BoardDraw reports them (for a draw made elsewhere, or by
// hand): repeated meetings and, when `seatsMatter`, repeated seats.
int countRepeatedMeetings(const std::vector<std::vector<std::string>>& boards,
                          const BoardDrawHistory& history);
int countRepeatedSeats(const std::vector<std::vector<std::string>>& boards, const BoardDrawHistory& history);

// The module's generator (splitmix64, Steele, Lea and Flood 2014): the same numbers on every
// platform and library, which std::uniform_int_distribution does not promise.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) noexcept
        : state_(seed)
    {
    }
    std::uint64_t next() noexcept;
    // A number in [0, bound), bound > 0, without modulo bias (the lowest 2^64 mod bound values are
    // drawn again).
    std::uint64_t below(std::uint64_t bound) noexcept;

private:
    std::uint64_t state_;
};

} // namespace flickdesk::engine
