#include "flickdesk/engine/playday.h"

#include "flickdesk/engine/boarddraw.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace flickdesk::engine::play {

namespace {

std::string ordinal(int n)
{
    const int lastTwo = n % 100;
    const int last = n % 10;
    const char* suffix = "th";
    if (lastTwo < 11 || lastTwo > 13)
        suffix = last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}

std::string letter(std::size_t index)
{
    return std::string(1, static_cast<char>('A' + static_cast<int>(index % 26))) +
           (index >= 26 ? std::to_string(index / 26 + 1) : std::string());
}

// The seed of one random round: the event's seed mixed with the stage and round, so that a round can
// be drawn again alone.
std::uint64_t roundSeed(std::uint64_t seed, int stage, int round)
{
    SplitMix64 mix(seed ^ (static_cast<std::uint64_t>(stage + 1) * 0x9e3779b97f4a7c15ULL) ^
                   (static_cast<std::uint64_t>(round + 1) * 0xc2b2ae3d27d4eb4fULL));
    return mix.next();
}

struct Context {
    const PlayInput& input;
    PlayState& state;
    std::unordered_map<UnitId, std::string> names;
    std::unordered_map<UnitId, double> ratings;
    std::unordered_map<UnitId, std::pair<int, int>> withdrawnFrom; // unit -> (stage, round)
    std::vector<GameKey> usedScores;                               // each game is settled once: no key twice
    std::vector<UnitId> ids;
    std::vector<std::string> nameList;
    int notStartedFrom; // the first stage not started (PlayInput::stagesStarted; none: 1 << 30)

    std::string nameOf(const UnitId& unit) const
    {
        const auto it = names.find(unit);
        return it == names.end() || it->second.empty() ? unit : it->second;
    }
    bool withdrawn(const UnitId& unit, int stage, int round) const
    {
        const auto it = withdrawnFrom.find(unit);
        return it != withdrawnFrom.end() && std::pair(stage, round) >= it->second;
    }
    // The scores and their sides are looked up game by game, mostly in key order: the entry after
    // the last one found is tried first (a map's find for the others).
    std::map<GameKey, Score>::const_iterator nextScore = input.scores.begin();
    std::map<GameKey, std::pair<UnitId, UnitId>>::const_iterator nextSides = input.enteredFor.begin();
    template <typename Map>
    static typename Map::const_iterator find(const Map& map, typename Map::const_iterator& next,
                                             const GameKey& key)
    {
        if (next != map.end() && next->first == key)
            return next++;
        const auto it = map.find(key);
        if (it != map.end())
            next = std::next(it);
        return it;
    }
    std::map<GameKey, Score>::const_iterator scoreOf(const GameKey& key)
    {
        return find(input.scores, nextScore, key);
    }
    std::map<GameKey, std::pair<UnitId, UnitId>>::const_iterator sidesOf(const GameKey& key)
    {
        return find(input.enteredFor, nextSides, key);
    }
    std::vector<std::vector<UnitId>> shootOuts(int stage, int group) const
    {
        std::vector<std::vector<UnitId>> orders;
        for (const ShootOutOrder& order : input.shootOuts)
            if (order.stage == stage && order.group == group)
                orders.push_back(order.order);
        return orders;
    }
};

// Fills one drawn game: a bye, a walkover (DECISIONS G7) or the entered score if it is valid.
void settle(Context& context, PlayGame& game, const StageSettings& settings, bool playoff)
{
    const int stage = game.key.stage;
    const int round = game.key.round;
    if (game.b.empty()) {
        game.state = GameState::Bye;
        // DECISIONS G3: half a game's points (setting), no 20s; a unit that has withdrawn takes none.
        game.score =
            Score{context.withdrawn(game.a, stage, round) ? 0 : settings.byePoints, 0, 0, 0, Side::None};
        return;
    }
    const bool outA = context.withdrawn(game.a, stage, round);
    const bool outB = context.withdrawn(game.b, stage, round);
    if (outA || outB) {
        // DECISIONS G7: the opponent scores a won game, no 20s; both gone: no points, side A goes on.
        game.state = GameState::Walkover;
        game.score =
            Score{outA ? 0 : settings.walkoverPoints, outB ? 0 : settings.walkoverPoints, 0, 0, Side::None};
        if (outA && outB)
            game.score.shootOutWinner = Side::A;
        if (context.scoreOf(game.key) != context.input.scores.end())
            context.usedScores.push_back(game.key);
        return;
    }
    // Issue 28 item 5: a stage shown before it is started takes no score (reported below).
    if (stage >= context.notStartedFrom)
        return;
    const auto it = context.scoreOf(game.key);
    if (it == context.input.scores.end())
        return;
    context.usedScores.push_back(game.key);
    const auto sides = context.sidesOf(game.key);
    if (sides != context.input.enteredFor.end() && sides->second != std::pair(game.a, game.b)) {
        context.state.ignoredEntries.push_back(gameKeyText(game.key) + ": the score was entered for " +
                                               context.nameOf(sides->second.first) + " v " +
                                               context.nameOf(sides->second.second) + "; the draw now has " +
                                               context.nameOf(game.a) + " v " + context.nameOf(game.b));
        return;
    }
    if (const auto problem = scoreProblem(it->second, settings, playoff)) {
        context.state.ignoredEntries.push_back(gameKeyText(game.key) + ": " + *problem);
        return;
    }
    game.state = GameState::Scored;
    game.score = it->second;
}

bool finished(const PlayGame& game)
{
    return game.state != GameState::Waiting;
}

// Standings of one round-robin or random-round group from its finished games.
Standings standingsOf(const Context& context, const PlayGroup& group, const StageSettings& settings,
                      int stage, int groupIndex, const std::vector<int>& cuts)
{
    GroupStandingsInput in;
    in.units = group.units;
    in.names.reserve(group.units.size());
    in.games.reserve(group.games.size());
    for (const UnitId& unit : group.units)
        in.names.push_back(context.nameOf(unit));
    for (const PlayGame& game : group.games) {
        if (!finished(game))
            continue;
        GroupGame result{game.a, game.b, game.score,
                         game.state == GameState::Bye        ? GameKind::Bye
                         : game.state == GameState::Walkover ? GameKind::Walkover
                                                             : GameKind::Played};
        in.games.push_back(std::move(result));
    }
    in.tieBreaks = settings.tieBreaks;
    in.shootOuts = context.shootOuts(stage, groupIndex);
    in.cuts = cuts;
    return groupStandings(in);
}

// Round robin games of a group from the circle method (DECISIONS G3).
void drawRoundRobin(Context& context, PlayGroup& group, const StageSettings& settings, int stage,
                    int groupIndex)
{
    const std::vector<Round> rounds = roundRobinRounds(group.units, settings.gamesPerPairing);
    for (std::size_t r = 0; r < rounds.size(); ++r)
        for (std::size_t p = 0; p < rounds[r].size(); ++p) {
            PlayGame game;
            game.key = GameKey{stage, groupIndex, static_cast<int>(r), static_cast<int>(p), 0};
            game.a = rounds[r][p].a;
            game.b = rounds[r][p].b;
            settle(context, game, settings, false);
            group.games.push_back(std::move(game));
        }
}

// The random rounds of a stage as drawn, kept between calls of computePlay: a round is a pure function
// of the stage's units, the event's seed, the stage, the rounds before it and (Swiss) the order it
// was drawn with, so a round drawn for the same all of these is the same round. While a director
// enters the scores of round 10 of a field of 400, the nine rounds before are not drawn again for
// every score (each draw costs as much as the rest of the day's computation).
struct DrawnRounds {
    std::vector<UnitId> units;
    std::uint64_t seed = 0;
    int stage = 0;
    std::vector<std::vector<UnitId>> orders; // per round: the Swiss order it was drawn with (else empty)
    std::vector<std::shared_ptr<const Round>> rounds;
};

constexpr std::size_t kDrawsKept = 8; // stages of events open at once (a window, a command, tests)

std::mutex& drawsMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::vector<DrawnRounds>& keptDraws() // most recently used first
{
    static std::vector<DrawnRounds> kept;
    return kept;
}

// The rounds kept for (units, seed, stage); none: an entry without rounds.
DrawnRounds keptRounds(const std::vector<UnitId>& units, std::uint64_t seed, int stage)
{
    const std::lock_guard lock(drawsMutex());
    for (const DrawnRounds& kept : keptDraws())
        if (kept.seed == seed && kept.stage == stage && kept.units == units)
            return kept;
    return DrawnRounds{units, seed, stage, {}, {}};
}

void keepRounds(DrawnRounds drawn)
{
    const std::lock_guard lock(drawsMutex());
    std::vector<DrawnRounds>& kept = keptDraws();
    for (auto it = kept.begin(); it != kept.end(); ++it)
        if (it->seed == drawn.seed && it->stage == drawn.stage && it->units == drawn.units) {
            // Keep the longer list: another thread may have drawn further with the same rounds.
            if (it->rounds.size() > drawn.rounds.size() && it->orders.size() >= drawn.orders.size() &&
                std::equal(drawn.orders.begin(), drawn.orders.end(), it->orders.begin()))
                return;
            kept.erase(it);
            break;
        }
    kept.insert(kept.begin(), std::move(drawn));
    if (kept.size() > kDrawsKept)
        kept.resize(kDrawsKept);
}

// Random (or Swiss) rounds of one group: round r is drawn once round r - 1 is finished.
void drawRandomRounds(Context& context, PlayGroup& group, const Stage& stageFormat, int stage)
{
    DrawnRounds drawn = keptRounds(group.units, context.input.seed, stage);
    bool changed = false;
    group.games.reserve(static_cast<std::size_t>(std::max(stageFormat.rounds, 0)) * (group.units.size() + 1) /
                        2);
    for (int r = 0; r < stageFormat.rounds; ++r) {
        const auto index = static_cast<std::size_t>(r);
        std::vector<UnitId> order;
        if (stageFormat.swiss && r > 0) {
            const Standings so = standingsOf(context, group, stageFormat.settings, stage, 0, {});
            for (const StandingRow& row : so.rows)
                order.push_back(row.unit);
        }
        if (index >= drawn.rounds.size() || drawn.orders[index] != order) {
            // Drawn now: the rounds kept after this one came from another draw of it.
            drawn.rounds.resize(index);
            drawn.orders.resize(index);
            RoundHistory history;
            for (const auto& before : drawn.rounds)
                history.rounds.push_back(*before);
            drawn.rounds.push_back(std::make_shared<const Round>(
                drawRandomRound(group.units, history, roundSeed(context.input.seed, stage, r), order)));
            drawn.orders.push_back(std::move(order));
            changed = true;
        }
        const Round& round = *drawn.rounds[index];
        bool complete = true;
        for (std::size_t p = 0; p < round.size(); ++p) {
            PlayGame game;
            game.key = GameKey{stage, 0, r, static_cast<int>(p), 0};
            game.a = round[p].a;
            game.b = round[p].b;
            settle(context, game, stageFormat.settings, false);
            complete = complete && finished(game);
            group.games.push_back(std::move(game));
        }
        if (!complete)
            break;
    }
    if (changed)
        keepRounds(std::move(drawn));
}

// DECISIONS G3: board numbers per round of the stage, across its groups, in waves.
void numberBoards(PlayStage& stage, int boards)
{
    std::map<std::pair<int, int>, int> next; // (round, game of match) -> games numbered
    for (PlayGroup& group : stage.groups)
        for (PlayGame& game : group.games) {
            if (game.b.empty())
                continue;
            int& index = next[{game.key.round, game.key.game}];
            const BoardSlot slot = boardOf(index++, boards);
            game.board = slot.board;
            game.wave = slot.wave;
        }
}

struct MatchResult {
    UnitId winner;
    UnitId loser;
    bool decided = false;
};

// One playoff match (DECISIONS G5): its games, added one at a time while it is undecided.
MatchResult playMatch(Context& context, PlayGroup& group, const StageSettings& settings, GameKey key,
                      const UnitId& a, const UnitId& b)
{
    const int need = settings.match == MatchKind::BestOf ? (settings.bestOf + 1) / 2 : 1;
    int winsA = 0;
    int winsB = 0;
    for (int g = 0; winsA < need && winsB < need; ++g) {
        PlayGame game;
        key.game = g;
        game.key = key;
        game.a = a;
        game.b = b;
        settle(context, game, settings, true);
        const bool done = finished(game);
        if (done) {
            const Side winner = winnerOf(game.score);
            (winner == Side::B ? winsB : winsA)++;
        }
        group.games.push_back(std::move(game));
        if (!done)
            return {};
    }
    return winsA >= need ? MatchResult{a, b, true} : MatchResult{b, a, true};
}

// A bracket of `seeds` (best first): its matches round by round and its order when decided. `before`
// names the standing its seeds come from, `title` the bracket in the reasons ("Pool B " final).
void playBracket(Context& context, PlayGroup& group, const StageSettings& settings, int stage, int groupIndex,
                 const std::string& before, const std::string& title)
{
    const std::vector<UnitId>& seeds = group.units;
    const int size = static_cast<int>(seeds.size());
    std::unordered_map<UnitId, int> seedOf;
    for (int i = 0; i < size; ++i)
        seedOf[seeds[static_cast<std::size_t>(i)]] = i;
    int rounds = 0;
    while ((1 << rounds) < size)
        ++rounds;
    auto better = [&](const UnitId& x, const UnitId& y) { return seedOf[x] < seedOf[y]; };
    std::vector<UnitId> alive;
    for (const auto& [x, y] : bracketFirstRound(size)) {
        alive.push_back(seeds[static_cast<std::size_t>(x - 1)]);
        alive.push_back(seeds[static_cast<std::size_t>(y - 1)]);
    }
    // Losers by the round they lost in, for the order below.
    std::vector<std::vector<UnitId>> losers(static_cast<std::size_t>(rounds));
    bool decided = true;
    std::vector<UnitId> semiLosers;
    for (int r = 0; r < rounds && decided; ++r) {
        std::vector<UnitId> winners;
        for (std::size_t m = 0; m + 1 < alive.size(); m += 2) {
            UnitId a = alive[m];
            UnitId b = alive[m + 1];
            if (!better(a, b))
                std::swap(a, b); // the better seed is side A
            const MatchResult result = playMatch(
                context, group, settings, GameKey{stage, groupIndex, r, static_cast<int>(m / 2), 0}, a, b);
            if (!result.decided) {
                decided = false;
                continue;
            }
            winners.push_back(result.winner);
            losers[static_cast<std::size_t>(r)].push_back(result.loser);
        }
        if (decided)
            alive = winners;
    }
    // DECISIONS G5: the semi-final losers play for 3rd where the format says so.
    MatchResult third;
    const bool thirdMatch = settings.thirdPlace && rounds >= 2;
    if (decided && thirdMatch) {
        std::vector<UnitId> semi = losers[static_cast<std::size_t>(rounds - 2)];
        std::sort(semi.begin(), semi.end(), better);
        third = playMatch(context, group, settings, GameKey{stage, groupIndex, rounds - 1, 1, 0}, semi[0],
                          semi[1]);
        decided = third.decided;
    }
    if (!decided) {
        group.playoffOrder = seeds;
        for (int i = 0; i < size; ++i)
            group.playoffReasons.push_back("seed " + std::to_string(i + 1) + " of " + group.name +
                                           ", still playing");
        return;
    }
    const std::vector<UnitId>& finalLosers = losers[static_cast<std::size_t>(rounds - 1)];
    group.playoffOrder = {alive.front(), finalLosers.front()};
    group.playoffReasons = {"won the " + title + "final", "lost the " + title + "final"};
    for (int r = rounds - 2; r >= 0; --r) {
        const bool semiFinal = r == rounds - 2;
        const std::string roundName = semiFinal         ? "the semi-final"
                                      : r == rounds - 3 ? "the quarter-final"
                                                        : "round " + std::to_string(r + 1);
        if (semiFinal && thirdMatch) {
            group.playoffOrder.push_back(third.winner);
            group.playoffReasons.push_back("lost " + roundName + ", won the match for 3rd");
            group.playoffOrder.push_back(third.loser);
            group.playoffReasons.push_back("lost " + roundName + ", lost the match for 3rd");
            continue;
        }
        // DECISIONS G5: otherwise by their standing in the stage before (their seeds).
        std::vector<UnitId> out = losers[static_cast<std::size_t>(r)];
        std::sort(out.begin(), out.end(), better);
        for (const UnitId& unit : out) {
            group.playoffOrder.push_back(unit);
            group.playoffReasons.push_back("lost " + roundName + ", then by standing in " + before +
                                           " (seed " + std::to_string(seedOf[unit] + 1) + ")");
        }
    }
}

// The cuts the stage after `next` makes in the order of the stage before it (positions after which
// the units go different ways): a tie across one decides who advances (DECISIONS G2).
std::vector<int> cutsFor(const Stage& next, const PlayStage& before, int beforeUnits)
{
    std::vector<int> cuts;
    switch (next.kind) {
    case StageKind::RoundRobin:
    case StageKind::RandomRounds:
        if (next.takeTop > 0 && next.takeTop < beforeUnits)
            cuts.push_back(next.takeTop);
        break;
    case StageKind::Tiers: {
        int sum = 0;
        for (std::size_t p = 0; p + 1 < next.poolSizes.size(); ++p)
            cuts.push_back(sum += next.poolSizes[p]);
        if (next.takeTop > 0 && next.takeTop < beforeUnits)
            cuts.push_back(next.takeTop);
        break;
    }
    case StageKind::Playoff:
        if (next.perTier) {
            int offset = 0;
            for (std::size_t p = 0; p < before.groups.size(); ++p) {
                const int size = p < next.bracketSizes.size() ? next.bracketSizes[p] : 0;
                const int poolSize = static_cast<int>(before.groups[p].units.size());
                if (size > 0 && size < poolSize)
                    cuts.push_back(offset + size);
                offset += poolSize;
            }
        } else if (!next.bracketSizes.empty() && next.bracketSizes.front() < beforeUnits) {
            cuts.push_back(next.bracketSizes.front());
        }
        break;
    }
    return cuts;
}

void markDecisive(std::vector<UnresolvedTie>& ties, const std::vector<int>& cuts)
{
    for (UnresolvedTie& tie : ties)
        for (int cut : cuts)
            if (cut >= tie.firstPosition && cut < tie.lastPosition)
                tie.decisive = true;
}

// The ties of the stage before that lie in its group g (a pool of a Tiers stage).
std::vector<UnresolvedTie> tiesOfGroup(const PlayStage& stage, std::size_t g)
{
    std::vector<UnresolvedTie> ties;
    for (const UnresolvedTie& tie : stage.ties)
        if (tie.group == static_cast<int>(g))
            ties.push_back(tie);
    return ties;
}

// The stage's order (DECISIONS G4, G6) from its groups, and its ties.
void orderStage(Context& context, PlayStage& stage, const Stage& format, const PlayStage* before,
                const Stage* beforeFormat)
{
    stage.order.clear();
    stage.orderReasons.clear();
    stage.ties.clear();
    const std::string stageName = format.name;
    if (format.kind == StageKind::Playoff) {
        // DECISIONS G6: each bracket first, then the rest of its pool by standing; a single bracket
        // is followed by the rest of the stage before by its order.
        std::unordered_set<UnitId> placed;
        auto addRest = [&](const std::vector<UnitId>& order, const std::vector<std::string>& reasons,
                           const std::vector<UnresolvedTie>& ties) {
            std::vector<int> newPosition(order.size(), 0);
            for (std::size_t i = 0; i < order.size(); ++i) {
                if (placed.count(order[i]))
                    continue;
                placed.insert(order[i]);
                stage.order.push_back(order[i]);
                stage.orderReasons.push_back(i < reasons.size() ? reasons[i] : std::string());
                newPosition[i] = static_cast<int>(stage.order.size());
            }
            // The ties of the stage before among the units placed here stay ties.
            for (const UnresolvedTie& tie : ties) {
                UnresolvedTie kept;
                for (std::size_t i = 0; i < order.size(); ++i)
                    if (newPosition[i] > 0 &&
                        std::find(tie.units.begin(), tie.units.end(), order[i]) != tie.units.end()) {
                        kept.units.push_back(order[i]);
                        kept.firstPosition = kept.firstPosition == 0 ? newPosition[i] : kept.firstPosition;
                        kept.lastPosition = newPosition[i];
                    }
                kept.stage = tie.stage;
                kept.group = tie.group;
                if (kept.units.size() >= 2)
                    stage.ties.push_back(std::move(kept));
            }
        };
        if (format.perTier && before) {
            std::size_t bracket = 0;
            for (std::size_t p = 0; p < before->groups.size(); ++p) {
                const PlayGroup& pool = before->groups[p];
                const int size = p < format.bracketSizes.size() ? format.bracketSizes[p] : 0;
                if (size > 0 && bracket < stage.groups.size()) {
                    const PlayGroup& group = stage.groups[bracket++];
                    addRest(group.playoffOrder, group.playoffReasons, {});
                }
                std::vector<UnitId> rest;
                std::vector<std::string> reasons;
                for (const StandingRow& row : pool.standings.rows) {
                    rest.push_back(row.unit);
                    reasons.push_back(ordinal(row.position) + " in " + pool.name);
                }
                addRest(rest, reasons, tiesOfGroup(*before, p));
            }
        } else if (before && !stage.groups.empty()) {
            const PlayGroup& group = stage.groups.front();
            addRest(group.playoffOrder, group.playoffReasons, {});
            std::vector<std::string> reasons = before->orderReasons;
            for (std::string& reason : reasons)
                reason += "; did not reach " + stageName;
            addRest(before->order, reasons, before->ties);
        }
        (void)beforeFormat;
        return;
    }
    if (format.kind == StageKind::Tiers || stage.groups.size() == 1) {
        // Pools by tier: Pool A's order, then Pool B's... (DECISIONS G6).
        for (std::size_t g = 0; g < stage.groups.size(); ++g) {
            const PlayGroup& group = stage.groups[g];
            const int offset = static_cast<int>(stage.order.size());
            for (const StandingRow& row : group.standings.rows) {
                stage.order.push_back(row.unit);
                stage.orderReasons.push_back(ordinal(row.position) + " in " + group.name);
            }
            for (UnresolvedTie tie : group.standings.ties) {
                tie.firstPosition += offset;
                tie.lastPosition += offset;
                tie.decisive = false;
                tie.stage = stage.index;
                tie.group = static_cast<int>(g);
                stage.ties.push_back(std::move(tie));
            }
        }
        return;
    }
    // DECISIONS G4: across parallel groups.
    AcrossGroupsInput in;
    for (const PlayGroup& group : stage.groups)
        in.groups.push_back({group.name, group.standings});
    in.units = context.ids;
    in.names = context.nameList;
    in.shootOuts = context.shootOuts(stage.index, -1);
    const Standings across = acrossGroups(in);
    for (const StandingRow& row : across.rows) {
        stage.order.push_back(row.unit);
        std::string groupName;
        int rank = 0;
        for (const PlayGroup& group : stage.groups)
            for (const StandingRow& inGroup : group.standings.rows)
                if (inGroup.unit == row.unit) {
                    groupName = group.name;
                    rank = inGroup.position;
                }
        char figures[64];
        std::snprintf(figures, sizeof figures, "%.2f points a game",
                      static_cast<double>(row.points) / std::max(row.games, 1));
        stage.orderReasons.push_back(ordinal(rank) + " in " + groupName + ", " + figures);
    }
    stage.ties = across.ties;
    for (UnresolvedTie& tie : stage.ties) {
        tie.decisive = false;
        tie.stage = stage.index;
        tie.group = -1;
    }
    (void)before;
}

} // namespace

void forgetDrawnRounds()
{
    const std::lock_guard lock(drawsMutex());
    keptDraws().clear();
}

std::string gameKeyText(const GameKey& key)
{
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "s" + std::to_string(n).
    std::string text(1, 's');
    text += std::to_string(key.stage);
    text += ".g";
    text += std::to_string(key.group);
    text += ".r";
    text += std::to_string(key.round);
    text += ".m";
    text += std::to_string(key.slot);
    text += ".n";
    text += std::to_string(key.game);
    return text;
}

namespace {

// "s0.g1.r2.m3.n0" made of digits only, read without sscanf (a store reads thousands of keys for
// every score entered); anything else is left to sscanf's reading below.
std::optional<GameKey> parsePlainGameKey(const std::string& text)
{
    GameKey key;
    const char* at = text.data();
    const char* const end = at + text.size();
    const char* const prefixes[] = {"s", ".g", ".r", ".m", ".n"};
    int* const fields[] = {&key.stage, &key.group, &key.round, &key.slot, &key.game};
    for (std::size_t i = 0; i < 5; ++i) {
        for (const char* p = prefixes[i]; *p; ++p, ++at)
            if (at == end || *at != *p)
                return std::nullopt;
        const char* digits = at;
        int value = 0;
        while (at != end && *at >= '0' && *at <= '9' && at - digits < 9)
            value = value * 10 + (*at++ - '0');
        if (at == digits || (at != end && *at >= '0' && *at <= '9'))
            return std::nullopt; // no digit, or too many for an int read safely
        *fields[i] = value;
    }
    if (at != end)
        return std::nullopt;
    return key;
}

} // namespace

std::optional<GameKey> parseGameKey(const std::string& text)
{
    if (const auto plain = parsePlainGameKey(text))
        return plain;
    GameKey key;
    int consumed = 0;
    if (std::sscanf(text.c_str(), "s%d.g%d.r%d.m%d.n%d%n", &key.stage, &key.group, &key.round, &key.slot,
                    &key.game, &consumed) != 5 ||
        consumed != static_cast<int>(text.size()))
        return std::nullopt;
    if (key.stage < 0 || key.group < 0 || key.round < 0 || key.slot < 0 || key.game < 0)
        return std::nullopt;
    return key;
}

std::vector<const PlayGame*> PlayState::waitingGames() const
{
    std::vector<const PlayGame*> games;
    for (const PlayStage& stage : stages)
        for (const PlayGroup& group : stage.groups)
            for (const PlayGame& game : group.games)
                if (game.state == GameState::Waiting && stage.started)
                    games.push_back(&game);
    return games;
}

const PlayGame* PlayState::game(const GameKey& key) const
{
    if (key.stage < 0 || key.stage >= static_cast<int>(stages.size()))
        return nullptr;
    const PlayStage& stage = stages[static_cast<std::size_t>(key.stage)];
    if (key.group < 0 || key.group >= static_cast<int>(stage.groups.size()))
        return nullptr;
    for (const PlayGame& game : stage.groups[static_cast<std::size_t>(key.group)].games)
        if (game.key == key)
            return &game;
    return nullptr;
}

PlayState computePlay(const PlayInput& input)
{
    PlayState state;
    const int n = static_cast<int>(input.units.size());
    if (const auto problem = formatProblem(input.format, n)) {
        state.problem = problem;
        return state;
    }
    Context context{
        input, state, {}, {}, {}, {}, {}, {}, input.stagesStarted > 0 ? input.stagesStarted : 1 << 30};
    for (const PlayUnit& unit : input.units) {
        if (unit.id.empty() || context.names.count(unit.id)) {
            state.problem =
                "Every player or team needs its own id; \"" + unit.id + "\" is empty or repeated.";
            return state;
        }
        context.names[unit.id] = unit.name;
        context.ratings[unit.id] = unit.rating;
        context.ids.push_back(unit.id);
        context.nameList.push_back(unit.name.empty() ? unit.id : unit.name);
    }
    for (const Withdrawal& withdrawal : input.withdrawals)
        if (context.names.count(withdrawal.unit)) {
            const auto it = context.withdrawnFrom.find(withdrawal.unit);
            const std::pair from(withdrawal.stage, withdrawal.round);
            if (it == context.withdrawnFrom.end() || from < it->second)
                context.withdrawnFrom[withdrawal.unit] = from;
        }

    // The first stage's seeding order: by rating, best first (DECISIONS G4); equal ratings keep the
    // field's order.
    std::vector<std::size_t> byRating(input.units.size());
    for (std::size_t i = 0; i < byRating.size(); ++i)
        byRating[i] = i;
    std::stable_sort(byRating.begin(), byRating.end(), [&](std::size_t x, std::size_t y) {
        return input.units[x].rating > input.units[y].rating;
    });

    const std::vector<Stage>& stages = input.format.stages;
    for (std::size_t s = 0; s < stages.size(); ++s) {
        const Stage& format = stages[s];
        const int stageIndex = static_cast<int>(s);
        PlayStage stage;
        stage.index = stageIndex;
        const PlayStage* before = s > 0 ? &state.stages[s - 1] : nullptr;
        if (before) {
            if (!before->complete)
                break;
            // DECISIONS G2: a tie that decides who advances must be broken before the day goes on.
            std::vector<UnresolvedTie> ties = before->ties;
            markDecisive(ties, cutsFor(format, *before, static_cast<int>(before->order.size())));
            for (UnresolvedTie& tie : ties)
                if (tie.decisive)
                    state.blockingTies.push_back(tie);
            if (!state.blockingTies.empty()) {
                // A tie within one pool or group is that group's to break; across groups, the stage's.
                state.blockingStage = state.blockingTies.front().stage;
                state.blockingGroup = state.blockingTies.front().group;
                break;
            }
            stage.entrants = before->order;
            if (format.takeTop > 0 && format.kind != StageKind::Playoff)
                stage.entrants.resize(static_cast<std::size_t>(format.takeTop));
        } else {
            for (std::size_t i : byRating)
                stage.entrants.push_back(input.units[i].id);
        }

        switch (format.kind) {
        case StageKind::RoundRobin: {
            std::vector<std::vector<UnitId>> groups;
            if (s == 0 && format.settings.seeding == Seeding::Random) {
                groups = randomGroups(stage.entrants, format.groups, roundSeed(input.seed, stageIndex, -2));
            } else if (s == 0 && format.settings.seeding == Seeding::Hand) {
                // The director's groups must hold every unit once, in the format's number of groups.
                std::multiset<UnitId> given;
                for (const auto& group : input.handGroups)
                    given.insert(group.begin(), group.end());
                if (static_cast<int>(input.handGroups.size()) != format.groups ||
                    given != std::multiset<UnitId>(context.ids.begin(), context.ids.end())) {
                    state.problem = "The groups set by hand must hold every player or team once, in " +
                                    std::to_string(format.groups) + " groups.";
                    state.stages.clear();
                    return state;
                }
                groups = input.handGroups;
            } else {
                // DECISIONS G4: snake on the ratings, or on the standing in the stage before.
                groups = snakeGroups(stage.entrants, format.groups);
            }
            for (std::size_t g = 0; g < groups.size(); ++g) {
                PlayGroup group;
                group.name = groups.size() == 1 ? format.name : "Group " + letter(g);
                group.units = groups[g];
                drawRoundRobin(context, group, format.settings, stageIndex, static_cast<int>(g));
                stage.groups.push_back(std::move(group));
            }
            break;
        }
        case StageKind::RandomRounds: {
            PlayGroup group;
            group.name = format.name;
            group.units = stage.entrants;
            drawRandomRounds(context, group, format, stageIndex);
            stage.groups.push_back(std::move(group));
            break;
        }
        case StageKind::Tiers: {
            std::size_t at = 0;
            for (std::size_t p = 0; p < format.poolSizes.size(); ++p) {
                PlayGroup group;
                group.name = "Pool " + letter(p);
                for (int k = 0; k < format.poolSizes[p]; ++k)
                    group.units.push_back(stage.entrants[at++]);
                drawRoundRobin(context, group, format.settings, stageIndex, static_cast<int>(p));
                stage.groups.push_back(std::move(group));
            }
            break;
        }
        case StageKind::Playoff: {
            const std::string beforeName = stages[s - 1].name;
            if (format.perTier) {
                for (std::size_t p = 0; p < before->groups.size() && p < format.bracketSizes.size(); ++p) {
                    const int size = format.bracketSizes[p];
                    if (size <= 0)
                        continue;
                    PlayGroup group;
                    const PlayGroup& pool = before->groups[p];
                    group.name = pool.name + (size == 2 ? " final" : " playoff");
                    for (int k = 0; k < size; ++k)
                        group.units.push_back(pool.standings.rows[static_cast<std::size_t>(k)].unit);
                    playBracket(context, group, format.settings, stageIndex,
                                static_cast<int>(stage.groups.size()), pool.name, pool.name + " ");
                    stage.groups.push_back(std::move(group));
                }
            } else {
                PlayGroup group;
                group.name = format.name;
                group.units.assign(stage.entrants.begin(),
                                   stage.entrants.begin() + format.bracketSizes.front());
                playBracket(context, group, format.settings, stageIndex, 0, beforeName, "");
                stage.groups.push_back(std::move(group));
            }
            break;
        }
        }
        numberBoards(stage, format.settings.boards);
        for (PlayGroup& group : stage.groups) {
            double sum = 0;
            for (const UnitId& unit : group.units)
                sum += context.ratings[unit];
            group.meanRating = group.units.empty() ? 0 : sum / static_cast<double>(group.units.size());
        }

        // Standings, and whether the stage is complete: every drawn game finished and nothing left to
        // draw (random rounds all drawn; brackets decided).
        bool complete = true;
        for (std::size_t g = 0; g < stage.groups.size(); ++g) {
            PlayGroup& group = stage.groups[g];
            for (const PlayGame& game : group.games)
                complete = complete && finished(game);
            if (format.kind != StageKind::Playoff)
                group.standings =
                    standingsOf(context, group, format.settings, stageIndex, static_cast<int>(g), {});
        }
        if (format.kind == StageKind::RandomRounds) {
            std::set<int> rounds;
            for (const PlayGame& game : stage.groups.front().games)
                rounds.insert(game.key.round);
            complete = complete && static_cast<int>(rounds.size()) == format.rounds;
        }
        // Issue 28 item 5: a stage not started is the advancement's preview; the day waits for it.
        stage.started = stageIndex < context.notStartedFrom;
        complete = complete && stage.started;
        if (!stage.started)
            state.awaitingStart = stageIndex;
        stage.complete = complete;
        orderStage(context, stage, format, before, s > 0 ? &stages[s - 1] : nullptr);
        // Cuts of the next stage, shown on the standings' ties (the window asks for a shoot-out).
        if (s + 1 < stages.size())
            markDecisive(stage.ties, cutsFor(stages[s + 1], stage, static_cast<int>(stage.order.size())));
        state.stages.push_back(std::move(stage));
        if (!complete)
            break;
    }

    state.currentStage = 0;
    while (state.currentStage < static_cast<int>(state.stages.size()) &&
           state.stages[static_cast<std::size_t>(state.currentStage)].complete)
        ++state.currentStage;
    state.finished =
        state.stages.size() == stages.size() && !state.stages.empty() && state.stages.back().complete;

    // Scores for games that are not in the draw.
    std::sort(context.usedScores.begin(), context.usedScores.end());
    for (const auto& [key, score] : input.scores)
        if (!std::binary_search(context.usedScores.begin(), context.usedScores.end(), key))
            state.ignoredEntries.push_back(
                gameKeyText(key) +
                (key.stage >= context.notStartedFrom && key.stage < static_cast<int>(stages.size())
                     ? ": " + stages[static_cast<std::size_t>(key.stage)].name + " has not started"
                     : std::string(": there is no such game in the draw")));

    // DECISIONS G6: places from the last stage reached back to the first.
    std::vector<Place> places;
    std::unordered_set<UnitId> placed;
    // tieOf: the tie (stage, index) the unit's place came from, to find the place ties left.
    std::vector<std::pair<int, int>> tieOf;
    for (int s = static_cast<int>(state.stages.size()) - 1; s >= 0; --s) {
        const PlayStage& stage = state.stages[static_cast<std::size_t>(s)];
        const bool later = s + 1 < static_cast<int>(state.stages.size());
        // The last of the stage's ties that holds each unit (one look-up a unit, not a scan of them all).
        std::unordered_map<UnitId, int> tieIndex;
        for (std::size_t t = 0; t < stage.ties.size(); ++t)
            for (const UnitId& unit : stage.ties[t].units)
                tieIndex[unit] = static_cast<int>(t);
        for (std::size_t i = 0; i < stage.order.size(); ++i) {
            const UnitId& unit = stage.order[i];
            if (!placed.insert(unit).second)
                continue;
            Place place;
            place.unit = unit;
            place.rule = stage.orderReasons[i];
            if (later)
                place.rule += "; did not reach " + stages[static_cast<std::size_t>(s) + 1].name;
            const auto found = tieIndex.find(unit);
            const int tie = found == tieIndex.end() ? -1 : found->second;
            tieOf.emplace_back(tie < 0 ? -1 : s, tie);
            places.push_back(std::move(place));
        }
    }
    // Units of a first stage not drawn yet (the day has not started): the seeding order.
    for (std::size_t i : byRating)
        if (placed.insert(input.units[i].id).second) {
            places.push_back(Place{input.units[i].id, 0,
                                   "seeded " + ordinal(static_cast<int>(places.size()) + 1), false, false});
            tieOf.emplace_back(-1, -1);
        }
    // Place ties: consecutive places whose order came from one unresolved tie.
    for (std::size_t i = 0; i < places.size();) {
        std::size_t j = i + 1;
        while (j < places.size() && tieOf[i].second >= 0 && tieOf[j] == tieOf[i])
            ++j;
        if (j - i > 1 && state.finished) {
            UnresolvedTie tie;
            for (std::size_t k = i; k < j; ++k)
                tie.units.push_back(places[k].unit);
            tie.firstPosition = static_cast<int>(i) + 1;
            tie.lastPosition = static_cast<int>(j);
            tie.decisive = true;
            const UnresolvedTie& from = state.stages[static_cast<std::size_t>(tieOf[i].first)]
                                            .ties[static_cast<std::size_t>(tieOf[i].second)];
            tie.stage = from.stage;
            tie.group = from.group;
            state.placeTies.push_back(std::move(tie));
        }
        i = j;
    }
    // DECISIONS G6: places set by hand take their place; the others keep their order around them.
    std::vector<Place> final(places.size());
    std::vector<bool> taken(places.size(), false);
    std::unordered_set<UnitId> byHand;
    for (const HandPlace& hand : input.handPlaces) {
        if (hand.place < 1 || hand.place > n || taken[static_cast<std::size_t>(hand.place - 1)] ||
            !context.names.count(hand.unit) || byHand.count(hand.unit) || hand.reason.empty()) {
            state.ignoredEntries.push_back(
                "the place " + std::to_string(hand.place) + " set by hand for " + context.nameOf(hand.unit) +
                " is not used: it needs a free place from 1 to " + std::to_string(n) +
                ", a player or team of the field and a reason");
            continue;
        }
        taken[static_cast<std::size_t>(hand.place - 1)] = true;
        byHand.insert(hand.unit);
        final[static_cast<std::size_t>(hand.place - 1)] =
            Place{hand.unit, hand.place, hand.reason, true, false};
    }
    std::size_t slot = 0;
    for (Place& place : places) {
        if (byHand.count(place.unit))
            continue;
        while (taken[slot])
            ++slot;
        place.place = static_cast<int>(slot) + 1;
        final[slot] = std::move(place);
        taken[slot] = true;
    }
    for (Place& place : final) {
        place.withdrawn = context.withdrawnFrom.count(place.unit) > 0;
        if (!place.byHand)
            place.rule = ordinal(place.place) + ": " + place.rule;
        else
            place.rule = ordinal(place.place) + ", set by hand: " + place.rule;
        if (place.withdrawn)
            place.rule += " (withdrew during play)";
    }
    state.places = std::move(final);
    state.placesFinal = state.finished && state.placeTies.empty();
    return state;
}

std::vector<RatedGame> ratedGames(const PlayState& state)
{
    std::vector<RatedGame> games;
    for (const PlayStage& stage : state.stages)
        for (const PlayGroup& group : stage.groups)
            for (const PlayGame& game : group.games)
                if (game.state == GameState::Scored)
                    games.push_back({game.key, game.a, game.b, game.score.pointsA, game.score.pointsB,
                                     game.score.pointsA == game.score.pointsB});
    return games;
}

std::optional<std::string> entryProblem(const PlayInput& input, const PlayState& state, const GameKey& key,
                                        const Score& score)
{
    const PlayGame* game = state.game(key);
    if (!game)
        return std::string("There is no such game in the draw.");
    // Issue 28 item 5: the advancement is confirmed before the next stage takes a score.
    if (!state.stages[static_cast<std::size_t>(key.stage)].started)
        return input.format.stages[static_cast<std::size_t>(key.stage)].name +
               " has not started: check who goes on, then start it.";
    if (game->state == GameState::Bye)
        return std::string("This is a bye: it has no score to enter.");
    if (game->state == GameState::Walkover)
        return std::string("This game is a walkover: a player or team has withdrawn.");
    const Stage& stage = input.format.stages[static_cast<std::size_t>(key.stage)];
    return scoreProblem(score, stage.settings, stage.kind == StageKind::Playoff);
}

} // namespace flickdesk::engine::play
