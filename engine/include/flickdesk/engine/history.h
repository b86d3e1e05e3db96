#pragma once

#include "flickdesk/engine/date.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace flickdesk::engine {

// The name of the file a piece of input came from, kept once however many rows name it: a handle
// to one shared, immutable copy of the name, counted by its handles (the last one frees it, so its
// owner is whoever still holds a row of that file). A reader makes one per file and copies it into
// every row, which then holds a pointer and not a copy of the name: at a million rows, tens of
// megabytes less. Handles may be copied and freed on any thread.
class SourceFile {
public:
    SourceFile() noexcept = default;
    // Implicit, so that SourceRef{"games.csv", 7} and SourceRef{name, line} read as a string would.
    SourceFile(std::string name)
        : shared_(name.empty() ? nullptr : new Shared{std::move(name)})
    {
    }
    SourceFile(const char* name)
        : SourceFile(std::string(name))
    {
    }
    SourceFile(const SourceFile& other) noexcept
        : shared_(other.shared_)
    {
        if (shared_)
            shared_->handles.fetch_add(1, std::memory_order_relaxed);
    }
    SourceFile(SourceFile&& other) noexcept
        : shared_(std::exchange(other.shared_, nullptr))
    {
    }
    SourceFile& operator=(SourceFile other) noexcept
    {
        std::swap(shared_, other.shared_);
        return *this;
    }
    ~SourceFile()
    {
        if (shared_ && shared_->handles.fetch_sub(1, std::memory_order_acq_rel) == 1)
            delete shared_;
    }

    const std::string& name() const noexcept
    {
        static const std::string none;
        return shared_ ? shared_->name : none;
    }
    operator const std::string&() const noexcept { return name(); }
    bool empty() const noexcept { return shared_ == nullptr; }

    friend bool operator==(const SourceFile& a, const SourceFile& b) noexcept
    {
        return a.shared_ == b.shared_ || a.name() == b.name();
    }

private:
    struct Shared {
        std::string name;
        std::atomic<long> handles{1};
    };
    Shared* shared_ = nullptr;
};

// Where a piece of input came from, so that every defect can name file, line and field.
// The engine never opens files: readers fill this in, the engine only repeats it.
struct SourceRef {
    SourceFile file;
    int line = 0;
};

enum class EventFormat { Singles, Doubles };

using PlayerIndex = std::int32_t; // index into RatingHistory::playerIds

// One competing unit: a player (singles) or two players (doubles).
struct Unit {
    std::vector<PlayerIndex> players;
};

// A unit's finishing place in an event rated from its final standings. DECISIONS N2.
struct Standing {
    int place = 0; // 1 = winner
    Unit unit;
    SourceRef source;
    // Where each player of the unit came from, parallel to unit.players, when they came from rows of
    // their own (doubles partners); empty when `source` is where all of them came from.
    std::vector<SourceRef> playerSources;
};

enum class GameOutcome { WinA, WinB, Draw };

// One head-to-head game of an event rated from its games. DECISIONS N3.
struct HeadToHeadGame {
    Unit a;
    Unit b;
    GameOutcome outcome = GameOutcome::WinA;
    SourceRef source;
};

struct Event {
    std::string id;
    DayNumber date = 0;
    EventFormat format = EventFormat::Singles;
    // Every unit that began competition, by finishing place. For an event rated from its games
    // the places may be absent (0) but the units name who took part.
    std::vector<Standing> standings;
    // When non-empty, the event is rated from these games and never from its standings (N3).
    std::vector<HeadToHeadGame> games;
    SourceRef source;

    bool ratedFromGames() const noexcept { return !games.empty(); }
    // The units a rating run rates for it: each standing, or both sides of each game (N2, N3).
    std::size_t ratedUnits() const noexcept { return ratedFromGames() ? 2 * games.size() : standings.size(); }
};

// Everything the rating engine needs: players known by id only (DECISIONS D1), events in any order.
struct RatingHistory {
    std::vector<std::string> playerIds;
    std::vector<Event> events;
};

// One defect of an input, with enough context to find and fix it.
struct Defect {
    SourceRef source;
    std::string field;   // the column or key at fault, empty when the whole row is
    std::string eventId; // the event concerned, empty when none
    std::string message;
};

// Checks a history for everything that makes it unratable, and lists every defect, not only the
// first: a player twice in one event, tied places (DECISIONS N4), fewer than two units, a doubles
// unit that is not two players, a game naming a player who is not in its event, an index out of range.
std::vector<Defect> validateHistory(const RatingHistory& history);
// The defects of the events dated before `before` only: those a run over that part of the history
// meets (a monthly lock's, DECISIONS P1).
std::vector<Defect> validateHistoryBefore(const RatingHistory& history, DayNumber before);

// "file:line: field: message" (parts that are empty are left out).
std::string describe(const Defect& defect);

} // namespace flickdesk::engine
