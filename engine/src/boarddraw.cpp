#include "flickdesk/engine/boarddraw.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace flickdesk::engine {

std::uint64_t SplitMix64::next() noexcept
{
    state_ += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t bound) noexcept
{
    // Rejection of the lowest 2^64 mod bound values, so that every remainder is equally likely.
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        const std::uint64_t value = next();
        if (value >= threshold)
            return value % bound;
    }
}

namespace {

constexpr int kShuffles = 8;       // restarts from fresh shuffles of the seed's stream
constexpr int kPasses = 50;        // swap passes a restart at most
constexpr int kExactSeatsUpTo = 8; // boards up to this size get their seats by trying every order

// A draw's cost, compared lexicographically: meetings first (the stated aim), then seats.
struct Cost {
    long meetings = 0;
    long seats = 0;
    bool operator<(const Cost& other) const
    {
        return meetings != other.meetings ? meetings < other.meetings : seats < other.seats;
    }
};

// The history of this round's players, by index.
class Memory {
public:
    Memory(const BoardDrawInput& input)
        : n_(input.players.size())
        , seats_(static_cast<std::size_t>(input.boardSize))
        , meetings_(n_ * n_, 0)
        , seatCounts_(n_ * seats_, 0)
        , sitOuts_(n_, 0)
        , seatsMatter_(input.seatsMatter)
    {
        std::unordered_map<std::string, std::size_t> index;
        for (std::size_t i = 0; i < n_; ++i)
            index.emplace(input.players[i], i);
        for (const std::vector<std::string>& board : input.history.boards) {
            std::vector<std::size_t> present; // indices of this round's players on the board, by seat
            for (std::size_t seat = 0; seat < board.size(); ++seat) {
                const auto it = index.find(board[seat]);
                if (board[seat].empty() || it == index.end())
                    continue;
                if (seat < seats_)
                    ++seatCounts_[it->second * seats_ + seat];
                present.push_back(it->second);
            }
            for (std::size_t a = 0; a < present.size(); ++a) {
                for (std::size_t b = a + 1; b < present.size(); ++b) {
                    if (present[a] == present[b])
                        continue;
                    ++meetings_[present[a] * n_ + present[b]];
                    ++meetings_[present[b] * n_ + present[a]];
                }
            }
        }
        for (const std::string& id : input.history.sitOuts) {
            if (const auto it = index.find(id); it != index.end())
                ++sitOuts_[it->second];
        }
    }

    int met(std::size_t a, std::size_t b) const { return meetings_[a * n_ + b]; }
    int sat(std::size_t player, std::size_t seat) const
    {
        return seatsMatter_ ? seatCounts_[player * seats_ + seat] : 0;
    }
    int sitOuts(std::size_t player) const { return sitOuts_[player]; }

private:
    std::size_t n_;
    std::size_t seats_;
    std::vector<int> meetings_;   // n x n
    std::vector<int> seatCounts_; // n x seats
    std::vector<int> sitOuts_;
    bool seatsMatter_;
};

using Boards = std::vector<std::vector<std::size_t>>; // player indices by board, in seat order

// What player `p` has met of board `board`, leaving out the one at seat `skip`.
long metOnBoard(const Memory& memory, std::size_t p, const std::vector<std::size_t>& board, std::size_t skip)
{
    long sum = 0;
    for (std::size_t s = 0; s < board.size(); ++s) {
        if (s != skip)
            sum += memory.met(p, board[s]);
    }
    return sum;
}

Cost costOf(const Memory& memory, const Boards& boards)
{
    Cost cost;
    for (const std::vector<std::size_t>& board : boards) {
        for (std::size_t a = 0; a < board.size(); ++a) {
            cost.seats += memory.sat(board[a], a);
            for (std::size_t b = a + 1; b < board.size(); ++b)
                cost.meetings += memory.met(board[a], board[b]);
        }
    }
    return cost;
}

// Each player to the board where they met the fewest so far (the first such board), at its free
// seat they held the fewest times (the first such seat).
Boards fillGreedily(const Memory& memory, const std::vector<std::size_t>& playing, std::size_t boardSize)
{
    const std::size_t count = playing.size() / boardSize;
    const std::size_t none = static_cast<std::size_t>(-1);
    std::vector<std::vector<std::size_t>> seats(count, std::vector<std::size_t>(boardSize, none));
    std::vector<std::size_t> filled(count, 0);
    for (const std::size_t p : playing) {
        std::size_t bestBoard = none;
        long bestMet = 0;
        for (std::size_t b = 0; b < count; ++b) {
            if (filled[b] == boardSize)
                continue;
            long met = 0;
            for (const std::size_t q : seats[b])
                met += q == none ? 0 : memory.met(p, q);
            if (bestBoard == none || met < bestMet) {
                bestBoard = b;
                bestMet = met;
            }
        }
        std::size_t bestSeat = none;
        for (std::size_t s = 0; s < boardSize; ++s) {
            if (seats[bestBoard][s] == none &&
                (bestSeat == none || memory.sat(p, s) < memory.sat(p, bestSeat)))
                bestSeat = s;
        }
        seats[bestBoard][bestSeat] = p;
        ++filled[bestBoard];
    }
    return seats;
}

// Swaps of two players, on two boards (each takes the other's seat) or on one (seats only), each
// taken when it lowers the cost; at most kPasses passes over every pair.
void improveBySwaps(const Memory& memory, Boards& boards)
{
    struct Place {
        std::size_t board;
        std::size_t seat;
    };
    std::vector<Place> places;
    for (std::size_t b = 0; b < boards.size(); ++b) {
        for (std::size_t s = 0; s < boards[b].size(); ++s)
            places.push_back({b, s});
    }
    for (int pass = 0; pass < kPasses; ++pass) {
        bool changed = false;
        for (std::size_t x = 0; x < places.size(); ++x) {
            for (std::size_t y = x + 1; y < places.size(); ++y) {
                const auto [a, i] = places[x];
                const auto [b, j] = places[y];
                const std::size_t p = boards[a][i];
                const std::size_t q = boards[b][j];
                long meetings = 0;
                if (a != b)
                    meetings = metOnBoard(memory, q, boards[a], i) + metOnBoard(memory, p, boards[b], j) -
                               metOnBoard(memory, p, boards[a], i) - metOnBoard(memory, q, boards[b], j);
                const long seats = memory.sat(q, i) + memory.sat(p, j) - memory.sat(p, i) - memory.sat(q, j);
                if (meetings < 0 || (meetings == 0 && seats < 0)) {
                    std::swap(boards[a][i], boards[b][j]);
                    changed = true;
                }
            }
        }
        if (!changed)
            break;
    }
}

// The seats of one board: the order of fewest repeated seats, the first found from the board's
// order (so that equals keep the drawn order), by trying every order.
void seatExactly(const Memory& memory, std::vector<std::size_t>& board)
{
    std::vector<std::size_t> order(board.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto seatCost = [&](const std::vector<std::size_t>& o) {
        long sum = 0;
        for (std::size_t s = 0; s < o.size(); ++s)
            sum += memory.sat(board[o[s]], s);
        return sum;
    };
    std::vector<std::size_t> best = order;
    long bestCost = seatCost(order);
    while (bestCost > 0 && std::next_permutation(order.begin(), order.end())) {
        if (const long cost = seatCost(order); cost < bestCost) {
            bestCost = cost;
            best = order;
        }
    }
    std::vector<std::size_t> seated;
    seated.reserve(board.size());
    for (const std::size_t k : best)
        seated.push_back(board[k]);
    board = std::move(seated);
}

} // namespace

std::optional<std::string> boardDrawProblem(const BoardDrawInput& input)
{
    if (input.boardSize < 2)
        return "a board seats 2 players or more, not " + std::to_string(input.boardSize);
    std::set<std::string> seen;
    for (const std::string& id : input.players) {
        if (id.empty())
            return std::string("a player without an id");
        if (!seen.insert(id).second)
            return "player " + id + " is drawn twice";
    }
    return std::nullopt;
}

BoardDraw drawBoards(const BoardDrawInput& input)
{
    if (const std::optional<std::string> problem = boardDrawProblem(input))
        throw std::invalid_argument(*problem);
    const Memory memory(input);
    const std::size_t n = input.players.size();
    const std::size_t boardSize = static_cast<std::size_t>(input.boardSize);
    const std::size_t sitting = n % boardSize;

    SplitMix64 random(input.seed);
    Boards bestBoards;
    std::vector<std::size_t> bestSitOuts;
    Cost bestCost;
    for (int shuffle = 0; shuffle < kShuffles; ++shuffle) {
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t{0});
        for (std::size_t i = n; i > 1; --i) // Fisher-Yates
            std::swap(order[i - 1], order[random.below(i)]);
        // The fewest sit-outs so far sit out first; the shuffle draws among equals.
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return memory.sitOuts(a) < memory.sitOuts(b); });
        std::vector<std::size_t> sitOuts(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(sitting));
        std::vector<std::size_t> playing(order.begin() + static_cast<std::ptrdiff_t>(sitting), order.end());
        // The players again in drawn order, not by sit-outs, before they are seated.
        std::vector<std::size_t> reshuffled = playing;
        for (std::size_t i = reshuffled.size(); i > 1; --i)
            std::swap(reshuffled[i - 1], reshuffled[random.below(i)]);

        Boards boards = fillGreedily(memory, reshuffled, boardSize);
        improveBySwaps(memory, boards);
        if (input.seatsMatter && input.boardSize <= kExactSeatsUpTo) {
            for (std::vector<std::size_t>& board : boards)
                seatExactly(memory, board);
        }
        const Cost cost = costOf(memory, boards);
        if (shuffle == 0 || cost < bestCost) {
            bestCost = cost;
            bestBoards = std::move(boards);
            bestSitOuts = std::move(sitOuts);
        }
        if (bestCost.meetings == 0 && bestCost.seats == 0)
            break; // nothing left to improve
    }

    BoardDraw draw;
    for (const std::vector<std::size_t>& board : bestBoards) {
        std::vector<std::string> ids;
        ids.reserve(board.size());
        for (const std::size_t p : board)
            ids.push_back(input.players[p]);
        draw.boards.push_back(std::move(ids));
    }
    std::sort(bestSitOuts.begin(), bestSitOuts.end()); // in the order of input.players
    for (const std::size_t p : bestSitOuts)
        draw.sittingOut.push_back(input.players[p]);
    draw.repeatedMeetings = static_cast<int>(bestCost.meetings);
    draw.repeatedSeats = static_cast<int>(bestCost.seats);
    return draw;
}

int countRepeatedMeetings(const std::vector<std::vector<std::string>>& boards,
                          const BoardDrawHistory& history)
{
    std::map<std::pair<std::string, std::string>, int> met;
    const auto pairOf = [](const std::string& a, const std::string& b) {
        return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
    };
    for (const std::vector<std::string>& board : history.boards) {
        for (std::size_t a = 0; a < board.size(); ++a) {
            for (std::size_t b = a + 1; b < board.size(); ++b) {
                if (!board[a].empty() && !board[b].empty() && board[a] != board[b])
                    ++met[pairOf(board[a], board[b])];
            }
        }
    }
    int repeated = 0;
    for (const std::vector<std::string>& board : boards) {
        for (std::size_t a = 0; a < board.size(); ++a) {
            for (std::size_t b = a + 1; b < board.size(); ++b) {
                if (const auto it = met.find(pairOf(board[a], board[b])); it != met.end())
                    repeated += it->second;
            }
        }
    }
    return repeated;
}

int countRepeatedSeats(const std::vector<std::vector<std::string>>& boards, const BoardDrawHistory& history)
{
    std::map<std::pair<std::string, std::size_t>, int> sat;
    for (const std::vector<std::string>& board : history.boards) {
        for (std::size_t s = 0; s < board.size(); ++s) {
            if (!board[s].empty())
                ++sat[{board[s], s}];
        }
    }
    int repeated = 0;
    for (const std::vector<std::string>& board : boards) {
        for (std::size_t s = 0; s < board.size(); ++s) {
            if (const auto it = sat.find({board[s], s}); it != sat.end())
                repeated += it->second;
        }
    }
    return repeated;
}

} // namespace flickdesk::engine
