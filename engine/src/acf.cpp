// American Checker Federation ratings [001], DECISIONS A1-A4. docs/acf.md explains every reading.
#include "flickdesk/engine/acf.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <unordered_set>
#include <utility>

namespace flickdesk::engine {
namespace {

// What one player did in one event against opponents rated before it, while the event is read.
struct EventTally {
    bool present = false;
    int rounds = 0;
    int games = 0;
    int wins = 0;
    int losses = 0;
    int draws = 0;
    double competitionSum = 0.0; // the sum of the effective opponent ratings over the units
};

int units(const EventTally& tally) noexcept
{
    return tally.wins + tally.losses + tally.draws;
}

// Built member by member: brace-initialising a Defect with an empty SourceRef trips GCC 12's
// -Wmaybe-uninitialized.
void addDefect(std::vector<Defect>& defects, const SourceRef& source, std::string field,
               const std::string& eventId, std::string message)
{
    Defect defect;
    defect.source = source;
    defect.field = std::move(field);
    defect.eventId = eventId;
    defect.message = std::move(message);
    defects.push_back(std::move(defect));
}

std::string roundName(const AcfEvent& event, const AcfRound& round)
{
    return "event " + event.id + " round " + std::to_string(round.number);
}

// Counts one pairing's units for `player` against `opponent` (DECISIONS A1). `won`, `lost`, `drawn`
// are the units from `player`'s side.
void addUnits(EventTally& tally, const AcfRecord& own, const AcfRecord& opponent, double window,
              int gamesInRound, int won, int lost, int drawn)
{
    // DECISIONS A4: only games against players rated before the event count, for either side; an
    // unrated player's games against rated ones count toward their first rating.
    if (!opponent.rated)
        return;
    tally.rounds += 1;
    tally.games += gamesInRound;
    tally.wins += won;
    tally.losses += lost;
    tally.draws += drawn;
    const std::optional<double> ownRating = own.rated ? std::optional<double>(own.rating) : std::nullopt;
    // DECISIONS A2: Rc is the mean over units, so each unit adds its opponent's effective rating.
    tally.competitionSum += acfEffectiveOpponentRating(ownRating, opponent.rating, window) *
                            static_cast<double>(won + lost + drawn);
}

} // namespace

AcfStatus acfStatus(const AcfRecord& record) noexcept
{
    if (!record.rated)
        return AcfStatus::Unrated;
    // DECISIONS A4: 15 or fewer rated rounds is a temporary rating.
    return record.rounds <= kAcfTemporaryRounds ? AcfStatus::Temporary : AcfStatus::Established;
}

double acfEffectiveOpponentRating(std::optional<double> own, double opponent, double window) noexcept
{
    // DECISIONS A2: an opponent is always taken as 1000 or above.
    double effective = std::max(kAcfOpponentFloor, opponent);
    if (!own)
        return effective; // no own rating to clamp against (a first rating, A4)
    // DECISIONS A2: more than 0.75 x window away from your own rating counts as your rating +- 0.75 x
    // window, toward the opponent: 2000 against 1650 (window 400) counts 1700, not the document's 1950,
    // so that a win always raises and a loss always lowers the rating.
    const double reach = kAcfClampShare * window;
    effective = std::clamp(effective, *own - reach, *own + reach);
    return effective;
}

double acfPerformanceRating(double competition, double window, int wins, int losses, int units) noexcept
{
    return competition + window * static_cast<double>(wins - losses) / static_cast<double>(units);
}

double acfGameWeightedRating(double performance, int gamesThisEvent, double oldRating, int oldGames) noexcept
{
    // DECISIONS A3: the previous games weigh at most 128.
    const double previous = static_cast<double>(std::min(oldGames, kAcfGameLimit));
    const double current = static_cast<double>(gamesThisEvent);
    return (performance * current + oldRating * previous) / (current + previous);
}

long long roundAcfRating(double rating) noexcept
{
    if (!std::isfinite(rating) || std::fabs(rating) > 1e15)
        return 0; // never a rating (they are validated finite and bounded); kept out of the casts below
    // Half away from zero, as docs/acf.md promises, on the value exact arithmetic would give: a
    // fraction within kAcfHalfTolerance below a half is that half's rounding error (llround of
    // 1967.4999999999998 would publish 1967 where the exact rating is 1967.5).
    const double magnitude = std::fabs(rating);
    const double whole = std::floor(magnitude);
    const bool up = magnitude - whole >= 0.5 - kAcfHalfTolerance;
    const long long rounded = static_cast<long long>(whole) + (up ? 1 : 0);
    return rating < 0 ? -rounded : rounded;
}

std::vector<Defect> validateAcf(const AcfHistory& history)
{
    std::vector<Defect> defects;
    const auto playerCount = static_cast<PlayerIndex>(history.playerIds.size());
    if (history.start.size() != history.playerIds.size()) {
        addDefect(defects, SourceRef{}, "start", {},
                  std::to_string(history.start.size()) + " starting records for " +
                      std::to_string(history.playerIds.size()) + " players");
        return defects;
    }
    for (std::size_t i = 0; i < history.start.size(); ++i) {
        const AcfRecord& record = history.start[i];
        const std::string who = "player " + history.playerIds[i];
        if (record.games < 0 || record.rounds < 0 || record.games > kAcfMostRecordedGames ||
            record.rounds > kAcfMostRecordedGames)
            addDefect(defects, SourceRef{}, "games", {},
                      who + ": games and rounds must be from 0 to " + std::to_string(kAcfMostRecordedGames));
        if (record.rated && (!std::isfinite(record.rating) || !std::isfinite(record.peak)))
            addDefect(defects, SourceRef{}, "rating", {},
                      who + ": the rating or the peak is not a finite number");
    }

    std::unordered_set<std::uint64_t> seatsTaken; // (round number, player) of the event being checked
    for (const AcfEvent& event : history.events) {
        seatsTaken.clear();
        const int most = acfGamesPerRound(event.scoring);
        for (const AcfRound& round : event.rounds) {
            const auto inRange = [&](PlayerIndex p) { return p >= 0 && p < playerCount; };
            if (!inRange(round.a) || !inRange(round.b)) {
                addDefect(defects, round.source, "player", event.id,
                          roundName(event, round) + ": no such player");
                continue;
            }
            if (round.a == round.b)
                addDefect(defects, round.source, "player_b", event.id,
                          roundName(event, round) + ": " + history.playerIds[round.a] +
                              " plays against themselves");
            const auto count = static_cast<int>(round.games.size());
            if (event.scoring == AcfScoring::ByRound ? count != most : count < 1 || count > most)
                addDefect(defects, round.source, "round", event.id,
                          roundName(event, round) + ": " + std::to_string(count) + " games between " +
                              history.playerIds[round.a] + " and " + history.playerIds[round.b] +
                              (event.scoring == AcfScoring::ByRound
                                   ? "; a round-scored round is exactly 4 games"
                                   : "; a game-scored round is 1 or 2 games"));
            for (const PlayerIndex p : {round.a, round.b}) {
                const std::uint64_t seat =
                    (static_cast<std::uint64_t>(static_cast<std::uint32_t>(round.number)) << 32) |
                    static_cast<std::uint32_t>(p);
                if (!seatsTaken.insert(seat).second && round.a != round.b)
                    addDefect(defects, round.source, "round", event.id,
                              roundName(event, round) + ": " + history.playerIds[p] +
                                  " plays two pairings in one round");
            }
        }
    }
    return defects;
}

AcfResult rateAcf(const AcfHistory& history)
{
    AcfResult result;
    result.defects = validateAcf(history);
    if (!result.defects.empty())
        return result;

    std::vector<AcfRecord> current = history.start;
    for (AcfRecord& record : current) {
        if (record.rated)
            record.peak = std::max(record.peak, record.rating); // the rating held is a rating held
    }

    // Date order; events of one date in input order.
    result.eventOrder.resize(history.events.size());
    std::iota(result.eventOrder.begin(), result.eventOrder.end(), std::size_t{0});
    std::stable_sort(result.eventOrder.begin(), result.eventOrder.end(), [&](std::size_t x, std::size_t y) {
        return history.events[x].date < history.events[y].date;
    });

    std::vector<EventTally> tallies(history.playerIds.size());
    std::vector<PlayerIndex> participants; // of the event being rated, in order of appearance
    std::vector<AcfRecord> after;
    for (const std::size_t eventIndex : result.eventOrder) {
        const AcfEvent& event = history.events[eventIndex];
        const double window = acfWindow(event.scoring);
        participants.clear();

        // Everything below reads `current`, which changes only when the whole event is counted: an
        // event is rated as a whole against everyone's rating before it.
        for (const AcfRound& round : event.rounds) {
            for (const PlayerIndex p : {round.a, round.b}) {
                EventTally& tally = tallies[static_cast<std::size_t>(p)];
                if (!tally.present) {
                    tally.present = true;
                    participants.push_back(p);
                }
            }
            int winsA = 0;
            int winsB = 0;
            int drawnGames = 0;
            for (const GameOutcome outcome : round.games) {
                winsA += outcome == GameOutcome::WinA;
                winsB += outcome == GameOutcome::WinB;
                drawnGames += outcome == GameOutcome::Draw;
            }
            const auto gameCount = static_cast<int>(round.games.size());
            const AcfRecord& recordA = current[static_cast<std::size_t>(round.a)];
            const AcfRecord& recordB = current[static_cast<std::size_t>(round.b)];
            EventTally& tallyA = tallies[static_cast<std::size_t>(round.a)];
            EventTally& tallyB = tallies[static_cast<std::size_t>(round.b)];
            if (event.scoring == AcfScoring::ByRound) {
                // DECISIONS A1: one unit per four-game round, won by whoever won more of its games.
                const int wonA = winsA > winsB ? 1 : 0;
                const int wonB = winsB > winsA ? 1 : 0;
                const int drawn = winsA == winsB ? 1 : 0;
                addUnits(tallyA, recordA, recordB, window, gameCount, wonA, wonB, drawn);
                addUnits(tallyB, recordB, recordA, window, gameCount, wonB, wonA, drawn);
            } else {
                // DECISIONS A1: scored by game, every game is a unit.
                addUnits(tallyA, recordA, recordB, window, gameCount, winsA, winsB, drawnGames);
                addUnits(tallyB, recordB, recordA, window, gameCount, winsB, winsA, drawnGames);
            }
        }

        after.clear();
        for (const PlayerIndex p : participants) {
            EventTally& tally = tallies[static_cast<std::size_t>(p)];
            AcfEventLine line;
            line.player = p;
            line.event = eventIndex;
            line.rounds = tally.rounds;
            line.games = tally.games;
            line.wins = tally.wins;
            line.losses = tally.losses;
            line.draws = tally.draws;
            line.before = current[static_cast<std::size_t>(p)];
            line.after = line.before;
            const int unitCount = units(tally);
            // DECISIONS A4: an unrated player needs at least a draw (a drawn or won unit) against a
            // rated player; only losses leave them unrated and nothing of the event counts for them.
            const bool rates = unitCount > 0 && (line.before.rated || tally.wins + tally.draws > 0);
            if (rates) {
                const double competition = tally.competitionSum / static_cast<double>(unitCount);
                const double performance =
                    acfPerformanceRating(competition, window, tally.wins, tally.losses, unitCount);
                line.competition = competition;
                line.performance = performance;
                AcfRecord& next = line.after;
                if (!line.before.rated) {
                    // DECISIONS A4: the first rating is the performance against rated opponents.
                    next.rated = true;
                    next.rating = performance;
                    next.games = tally.games;
                    next.rounds = tally.rounds;
                    next.peak = performance;
                } else {
                    next.rating = acfGameWeightedRating(performance, tally.games, line.before.rating,
                                                        line.before.games);
                    next.games = line.before.games + tally.games;
                    next.rounds = line.before.rounds + tally.rounds;
                    // DECISIONS A3: with 128 games (this event's included), never more than 100 below
                    // the highest rating held before. The floor stops a fall and never lifts: a
                    // player already more than 100 below their peak keeps at least the rating they
                    // came with, min(peak - 100, rating before), so losses never raise them.
                    const double floor = std::min(line.before.peak - kAcfPeakFloorGap, line.before.rating);
                    if (next.games >= kAcfGameLimit && next.rating < floor) {
                        next.rating = floor;
                        line.peakFloorApplied = true;
                    }
                    next.peak = std::max(line.before.peak, next.rating);
                }
            }
            after.push_back(line.after);
            result.lines.push_back(std::move(line));
            tally = EventTally{};
        }
        for (std::size_t i = 0; i < participants.size(); ++i)
            current[static_cast<std::size_t>(participants[i])] = after[i];
    }
    result.final = std::move(current);
    return result;
}

} // namespace flickdesk::engine
