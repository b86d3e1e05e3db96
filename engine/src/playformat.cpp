#include "flickdesk/engine/playformat.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>

namespace flickdesk::engine::play {

namespace {

constexpr int kMostRounds = 99;
constexpr int kMostCycles = 20;
constexpr int kMostUnits = 100000;

bool isPowerOfTwo(int value)
{
    return value >= 2 && (value & (value - 1)) == 0;
}

std::string number(int value)
{
    return std::to_string(value);
}

std::string stageLabel(const Stage& stage, std::size_t index)
{
    return stage.name.empty() ? "Stage " + number(static_cast<int>(index) + 1) : stage.name;
}

Stage stageOf(std::string name, StageKind kind, const StageSettings& settings)
{
    Stage stage;
    stage.name = std::move(name);
    stage.kind = kind;
    stage.settings = settings;
    return stage;
}

} // namespace

std::string templateName(Template kind)
{
    switch (kind) {
    case Template::NcaDay:
        return "NCA day";
    case Template::Wcc:
        return "WCC";
    case Template::OneRoundRobin:
        return "One round robin";
    case Template::RandomThenTop8:
        return "Swiss or random rounds, then top 8";
    }
    return {};
}

std::vector<int> groupSizes(int units, int groups)
{
    std::vector<int> sizes;
    if (groups <= 0 || units < 0)
        return sizes;
    for (int g = 0; g < groups; ++g)
        sizes.push_back(units / groups + (g < units % groups ? 1 : 0));
    return sizes;
}

Format makeTemplate(Template kind, int units, int boards)
{
    Format format;
    format.name = templateName(kind);
    StageSettings settings;
    settings.boards = boards;
    switch (kind) {
    case Template::NcaDay: {
        // The Golden Horseshoe day (docs/play.md): groups of about 10, then Pools A-D of the field
        // by morning points, Pool A's top 4 to best-of-3 semi-finals and final, finals of 2 in B-D.
        Stage groups = stageOf("Morning groups", StageKind::RoundRobin, settings);
        groups.groups = std::max(1, (units + 5) / 10);
        Stage pools = stageOf("Pools", StageKind::Tiers, settings);
        const int poolCount = units >= 16 ? 4 : std::max(1, units / 4);
        pools.poolSizes = groupSizes(units, poolCount);
        Stage finals = stageOf("Finals", StageKind::Playoff, settings);
        finals.perTier = true;
        finals.settings.thirdPlace = false; // DECISIONS G5: 3rd and 4th by their standing in Pool A
        for (int p = 0; p < poolCount; ++p)
            finals.bracketSizes.push_back(p == 0 && pools.poolSizes[0] >= 4 ? 4 : 2);
        format.stages = {groups, pools, finals};
        break;
    }
    case Template::Wcc: {
        // The WCC singles (docs/play.md): 10 rounds against random opponents, the top 16 in two pools
        // of 8 (a 7-game round robin), the top 2 of each to best-of-3 semi-finals, a final and 3rd.
        Stage preliminary = stageOf("Preliminary", StageKind::RandomRounds, settings);
        preliminary.rounds = std::min(10, units % 2 == 0 ? units - 1 : units);
        Stage championship = stageOf("Championship pools", StageKind::RoundRobin, settings);
        championship.takeTop = std::min(16, units - units % 2);
        championship.groups = 2;
        Stage playoff = stageOf("Playoff", StageKind::Playoff, settings);
        playoff.bracketSizes = {4};
        playoff.settings.thirdPlace = true;
        format.stages = {preliminary, championship, playoff};
        break;
    }
    case Template::OneRoundRobin: {
        Stage all = stageOf("Round robin", StageKind::RoundRobin, settings);
        format.stages = {all};
        break;
    }
    case Template::RandomThenTop8: {
        Stage rounds = stageOf("Rounds", StageKind::RandomRounds, settings);
        rounds.rounds = std::min(7, units % 2 == 0 ? units - 1 : units);
        Stage playoff = stageOf("Top 8", StageKind::Playoff, settings);
        playoff.bracketSizes = {units >= 8 ? 8 : (units >= 4 ? 4 : 2)};
        playoff.settings.thirdPlace = true;
        format.stages = {rounds, playoff};
        break;
    }
    }
    return format;
}

std::vector<int> unitsPerStage(const Format& format, int units)
{
    std::vector<int> result;
    int previous = units;
    for (std::size_t s = 0; s < format.stages.size(); ++s) {
        const Stage& stage = format.stages[s];
        int count = previous;
        if (stage.kind == StageKind::Playoff) {
            long long sum = 0; // bracket sizes are checked after this count: add them without overflow
            for (int size : stage.bracketSizes)
                sum += std::clamp(size, 0, kMostUnits);
            count = static_cast<int>(std::min<long long>(sum, kMostUnits + 1));
            if (!stage.perTier && !stage.bracketSizes.empty())
                count = stage.bracketSizes.front();
        } else if (s > 0 && stage.takeTop > 0) {
            count = stage.takeTop;
        }
        result.push_back(count);
        previous = count;
    }
    return result;
}

std::optional<std::string> formatProblem(const Format& format, int units)
{
    if (format.stages.empty())
        return std::string("The format has no stage.");
    if (units < 2)
        return "A day of play needs at least 2 players or teams; the field has " + number(units) + ".";
    if (units > kMostUnits)
        return "A day of play holds at most " + number(kMostUnits) + " players or teams.";
    const std::vector<int> counts = unitsPerStage(format, units);
    int previous = units;
    for (std::size_t s = 0; s < format.stages.size(); ++s) {
        const Stage& stage = format.stages[s];
        const StageSettings& set = stage.settings;
        const std::string label = stageLabel(stage, s);
        // Upper bounds keep every count far from overflow, whatever a file holds.
        if (set.roundsPerGame < 1 || set.roundsPerGame > kMostRounds)
            return label + ": a game has between 1 and " + number(kMostRounds) + " rounds.";
        if (set.gamesPerPairing < 1 || set.gamesPerPairing > kMostCycles)
            return label + ": every pairing plays between 1 and " + number(kMostCycles) + " games.";
        if (set.bestOf > kMostRounds || set.firstTo > 2 * kMostRounds)
            return label + ": a playoff match is at most best of " + number(kMostRounds) + " or first to " +
                   number(2 * kMostRounds) + ".";
        if (set.byePoints < 0 || set.byePoints > 2 * set.roundsPerGame)
            return label + ": a bye scores between 0 and " + number(2 * set.roundsPerGame) + " points.";
        if (set.walkoverPoints < 0 || set.walkoverPoints > 2 * set.roundsPerGame)
            return label + ": a walkover scores between 0 and " + number(2 * set.roundsPerGame) + " points.";
        if (set.boards < 0)
            return label + ": the number of boards cannot be negative.";
        if (std::set<TieBreak>(set.tieBreaks.begin(), set.tieBreaks.end()).size() != set.tieBreaks.size())
            return label + ": a tie-break is listed twice.";
        if (s > 0 && stage.takeTop > previous)
            return label + " takes the top " + number(stage.takeTop) + " of " + number(previous) +
                   " players or teams.";
        if (s == 0 && stage.takeTop != 0)
            return label + " is the first stage: it takes the whole field.";
        if (stage.takeTop < 0)
            return label + ": the number taken cannot be negative.";
        const int count = counts[s];
        switch (stage.kind) {
        case StageKind::RoundRobin:
            if (stage.groups < 1)
                return label + " needs at least one group.";
            if (count < 2 * stage.groups)
                return label + ": " + number(stage.groups) + " groups need at least " +
                       number(2 * stage.groups) + " players or teams; the stage has " + number(count) + ".";
            break;
        case StageKind::RandomRounds: {
            if (count < 2)
                return label + " needs at least 2 players or teams.";
            const int most = count % 2 == 0 ? count - 1 : count;
            if (stage.rounds < 1)
                return label + " needs at least one round.";
            if (stage.rounds > most)
                return label + ": " + number(count) + " players or teams can play at most " + number(most) +
                       " rounds without meeting twice; the format has " + number(stage.rounds) + ".";
            break;
        }
        case StageKind::Tiers: {
            if (stage.poolSizes.empty())
                return label + " has no pool.";
            long long sum = 0;
            for (int size : stage.poolSizes) {
                if (size < 2)
                    return label + ": every pool needs at least 2 players or teams.";
                sum += size;
            }
            if (sum != count)
                return label + ": the pools hold " + std::to_string(sum) +
                       " players or teams, the stage has " + number(count) + ".";
            break;
        }
        case StageKind::Playoff: {
            if (s == 0)
                return label + ": a playoff takes its players from a stage before it.";
            if (s + 1 != format.stages.size())
                return label + ": a playoff must be the last stage.";
            if (set.match == MatchKind::BestOf && (set.bestOf < 1 || set.bestOf % 2 == 0))
                return label + ": a match is best of an odd number of games.";
            if (set.match == MatchKind::FirstTo && set.firstTo < 1)
                return label + ": a first-to match needs a target of at least 1 point.";
            if (stage.bracketSizes.empty())
                return label + " has no bracket.";
            const Stage& before = format.stages[s - 1];
            if (stage.perTier) {
                if (before.kind != StageKind::Tiers)
                    return label + ": a playoff per pool follows pools by tier.";
                if (stage.bracketSizes.size() > before.poolSizes.size())
                    return label + " has more brackets than the stage before has pools.";
                for (std::size_t p = 0; p < stage.bracketSizes.size(); ++p) {
                    const int size = stage.bracketSizes[p];
                    if (size == 0)
                        continue;
                    if (!isPowerOfTwo(size))
                        return label + ": a bracket holds 2, 4, 8, 16... players or teams, not " +
                               number(size) + ".";
                    if (size > before.poolSizes[p])
                        return label + ": the bracket of " + number(size) + " is larger than pool " +
                               std::string(1, static_cast<char>('A' + p)) + " of " +
                               number(before.poolSizes[p]) + ".";
                }
            } else {
                if (stage.bracketSizes.size() != 1)
                    return label + ": a playoff of the whole stage before has one bracket.";
                const int size = stage.bracketSizes.front();
                if (!isPowerOfTwo(size))
                    return label + ": a bracket holds 2, 4, 8, 16... players or teams, not " + number(size) +
                           ".";
                if (size > previous)
                    return label + ": the bracket of " + number(size) + " is larger than the " +
                           number(previous) + " players or teams of the stage before.";
            }
            break;
        }
        }
        previous = count;
    }
    return std::nullopt;
}

std::optional<Score> parseScore(const std::string& text)
{
    std::string cleaned = text;
    for (char& c : cleaned)
        if (c == ',' || c == '-' || c == ':' || c == '\t')
            c = ' ';
    std::istringstream in(cleaned);
    std::vector<std::string> tokens;
    std::string token;
    while (in >> token)
        tokens.push_back(token);
    if (tokens.size() != 4 && tokens.size() != 5)
        return std::nullopt;
    int values[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; ++i) {
        const std::string& t = tokens[static_cast<std::size_t>(i)];
        if (t.empty() || t.size() > 4 ||
            !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        values[i] = std::atoi(t.c_str());
    }
    Score score{values[0], values[1], values[2], values[3], Side::None};
    if (tokens.size() == 5) {
        if (tokens[4] == "A" || tokens[4] == "a")
            score.shootOutWinner = Side::A;
        else if (tokens[4] == "B" || tokens[4] == "b")
            score.shootOutWinner = Side::B;
        else
            return std::nullopt;
    }
    return score;
}

std::string scoreText(const Score& score)
{
    std::string text = number(score.pointsA) + " " + number(score.pointsB) + " " + number(score.twentiesA) +
                       " " + number(score.twentiesB);
    if (score.shootOutWinner == Side::A)
        text += " A";
    else if (score.shootOutWinner == Side::B)
        text += " B";
    return text;
}

Side winnerOf(const Score& score)
{
    if (score.pointsA > score.pointsB)
        return Side::A;
    if (score.pointsB > score.pointsA)
        return Side::B;
    return score.shootOutWinner;
}

std::optional<std::string> scoreProblem(const Score& score, const StageSettings& settings, bool playoff)
{
    if (score.pointsA < 0 || score.pointsB < 0 || score.twentiesA < 0 || score.twentiesB < 0)
        return std::string("Points and 20s cannot be negative.");
    // Scores come from files too: anything beyond a long day's points is refused before any sum.
    constexpr int kMostPoints = 2 * 10 * kMostRounds;
    if (score.pointsA > kMostPoints || score.pointsB > kMostPoints || score.twentiesA > 12 * kMostPoints ||
        score.twentiesB > 12 * kMostPoints)
        return std::string("These points or 20s are far beyond a game's.");
    if (settings.roundsPerGame < 1 || settings.roundsPerGame > kMostRounds)
        return std::string("The format's rounds per game are out of range.");
    const int sum = score.pointsA + score.pointsB;
    const int full = 2 * settings.roundsPerGame;
    if (sum % 2 != 0)
        return "Every round shares 2 points, so a game's points add up to an even number, not " +
               number(sum) + ".";
    // Twelve discs a side a round: no side can score more 20s than that.
    const int roundsPlayed = sum / 2;
    if (score.twentiesA > 12 * roundsPlayed || score.twentiesB > 12 * roundsPlayed)
        return "A side scores at most 12 twenties a round: at most " + number(12 * roundsPlayed) + " in " +
               number(roundsPlayed) + " rounds.";
    // DECISIONS G1: a group game is exactly roundsPerGame rounds and may end level.
    if (!playoff) {
        if (score.shootOutWinner != Side::None)
            return std::string("A group game has no shoot-out.");
        if (sum != full)
            return "A game of " + number(settings.roundsPerGame) + " rounds shares " + number(full) +
                   " points; these add up to " + number(sum) + ".";
        return std::nullopt;
    }
    // DECISIONS G5: a playoff game cannot end level.
    if (settings.match == MatchKind::FirstTo) {
        if (score.shootOutWinner != Side::None)
            return std::string("A first-to game has no shoot-out.");
        if (std::max(score.pointsA, score.pointsB) < settings.firstTo || score.pointsA == score.pointsB)
            return "A first-to-" + number(settings.firstTo) + " game ends with one side on " +
                   number(settings.firstTo) + " points or more and ahead.";
        return std::nullopt;
    }
    if (settings.level == LevelPlayoffGame::TwentiesShootOut) {
        if (sum != full)
            return "A game of " + number(settings.roundsPerGame) + " rounds shares " + number(full) +
                   " points; these add up to " + number(sum) + ".";
        if (score.pointsA == score.pointsB && score.shootOutWinner == Side::None)
            return std::string("A playoff game cannot end level: name the winner of the 20s shoot-out.");
        if (score.pointsA != score.pointsB && score.shootOutWinner != Side::None)
            return std::string("Only a level game goes to a 20s shoot-out.");
        return std::nullopt;
    }
    if (score.shootOutWinner != Side::None)
        return std::string("This playoff plays extra rounds, not a shoot-out.");
    if (sum < full)
        return "A game of " + number(settings.roundsPerGame) + " rounds shares at least " + number(full) +
               " points; these add up to " + number(sum) + ".";
    if (score.pointsA == score.pointsB)
        return std::string("A playoff game cannot end level: play extra rounds until one side wins a round.");
    // Extra rounds follow a level game: all level but the last, which the winner takes 2-0.
    if (sum > full && std::abs(score.pointsA - score.pointsB) != 2)
        return std::string(
            "After extra rounds the winner is exactly 2 points ahead (the round that ended it).");
    return std::nullopt;
}

} // namespace flickdesk::engine::play
