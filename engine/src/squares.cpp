#include "flickdesk/engine/squares.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <utility>

namespace flickdesk::engine {

namespace {

constexpr std::array<std::string_view, kDiplomacyPowers> kPowerNames = {
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"};

bool equalsIgnoringCase(std::string_view a, std::string_view b) noexcept
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i]))
            return false;
    }
    return true;
}

int sign(std::int64_t value) noexcept
{
    return (value > 0) - (value < 0);
}

std::string gameLabel(const SquaresGame& game)
{
    return "game " + game.id;
}

// A natural number of any size, 32-bit words least significant first, no leading zero words: just
// what the exact sum of scores needs (hundredthsOfSum).
using Natural = std::vector<std::uint32_t>;

void trim(Natural& x)
{
    while (!x.empty() && x.back() == 0)
        x.pop_back();
}

void multiply(Natural& x, std::uint32_t factor)
{
    std::uint64_t carry = 0;
    for (std::uint32_t& word : x) {
        const std::uint64_t product = static_cast<std::uint64_t>(word) * factor + carry;
        word = static_cast<std::uint32_t>(product);
        carry = product >> 32;
    }
    if (carry != 0)
        x.push_back(static_cast<std::uint32_t>(carry));
    trim(x);
}

// x becomes x / divisor; returns x mod divisor.
std::uint32_t divide(Natural& x, std::uint32_t divisor)
{
    std::uint64_t remainder = 0;
    for (auto word = x.rbegin(); word != x.rend(); ++word) {
        const std::uint64_t current = (remainder << 32) | *word;
        *word = static_cast<std::uint32_t>(current / divisor);
        remainder = current % divisor;
    }
    trim(x);
    return static_cast<std::uint32_t>(remainder);
}

void add(Natural& x, const Natural& y)
{
    if (x.size() < y.size())
        x.resize(y.size(), 0);
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const std::uint64_t sum = static_cast<std::uint64_t>(x[i]) + (i < y.size() ? y[i] : 0) + carry;
        x[i] = static_cast<std::uint32_t>(sum);
        carry = sum >> 32;
    }
    if (carry != 0)
        x.push_back(static_cast<std::uint32_t>(carry));
}

// x - y for x >= y.
void subtract(Natural& x, const Natural& y)
{
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        std::int64_t difference = static_cast<std::int64_t>(x[i]) - (i < y.size() ? y[i] : 0) - borrow;
        borrow = difference < 0 ? 1 : 0;
        if (difference < 0)
            difference += std::int64_t{1} << 32;
        x[i] = static_cast<std::uint32_t>(difference);
    }
    trim(x);
}

bool atLeast(const Natural& x, const Natural& y)
{
    if (x.size() != y.size())
        return x.size() > y.size();
    for (std::size_t i = x.size(); i-- > 0;) {
        if (x[i] != y[i])
            return x[i] > y[i];
    }
    return true;
}

void addDefect(std::vector<Defect>& defects, const SourceRef& source, std::string field,
               const SquaresGame& game, std::string message)
{
    defects.push_back(Defect{source, std::move(field), {}, gameLabel(game) + ": " + std::move(message)});
}

// Ids that are whole numbers first, in numeric order, then the others as text.
bool playerIdBefore(const std::string& a, const std::string& b)
{
    const auto numeric = [](const std::string& id) {
        return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    const bool na = numeric(a);
    const bool nb = numeric(b);
    if (na != nb)
        return na;
    if (na) {
        const auto strip = [](const std::string& id) {
            const std::size_t first = id.find_first_not_of('0');
            return first == std::string::npos ? std::string_view() : std::string_view(id).substr(first);
        };
        const std::string_view sa = strip(a);
        const std::string_view sb = strip(b);
        if (sa.size() != sb.size())
            return sa.size() < sb.size();
        if (sa != sb)
            return sa < sb;
    }
    return a < b;
}

} // namespace

std::string_view powerName(DiplomacyPower power) noexcept
{
    return kPowerNames[static_cast<std::size_t>(power)];
}

std::optional<DiplomacyPower> powerFromName(std::string_view name) noexcept
{
    for (std::size_t i = 0; i < kPowerNames.size(); ++i) {
        if (equalsIgnoringCase(name, kPowerNames[i]))
            return static_cast<DiplomacyPower>(i);
    }
    return std::nullopt;
}

std::vector<Defect> validateSquaresGame(const SquaresGame& game)
{
    std::vector<Defect> defects;
    if (static_cast<int>(game.seats.size()) < kMinimumGamePlayers)
        addDefect(defects, game.source, "game", game,
                  game.seats.empty()
                      ? std::string("no players")
                      : "one player (" + game.seats.front().playerId + "); a game has 2 to 7 powers");

    std::set<DiplomacyPower> powers;
    std::set<std::string> players;
    int total = 0;
    int soloists = 0;
    int survivors = 0;
    bool centresKnown = true;
    for (const SquaresSeat& seat : game.seats) {
        if (!powers.insert(seat.power).second)
            addDefect(defects, seat.source, "power", game,
                      std::string(powerName(seat.power)) + " is played twice");
        if (!players.insert(seat.playerId).second)
            addDefect(defects, seat.source, "player_id", game, "player " + seat.playerId + " plays twice");
        if (seat.centres < 0 || seat.centres > kSupplyCentres) {
            addDefect(defects, seat.source, "centres", game,
                      std::to_string(seat.centres) + " centres; a power holds 0 to 34");
            centresKnown = false;
            continue;
        }
        total += seat.centres;
        if (seat.centres >= kSoloCentres && ++soloists > 1)
            addDefect(defects, seat.source, "centres", game,
                      "a second power with 18 or more centres; only one power can solo");
        if (seat.centres > 0) {
            ++survivors;
            if (seat.eliminatedYear != 0)
                addDefect(defects, seat.source, "eliminated_year", game,
                          "a power holding " + std::to_string(seat.centres) +
                              " centres has no elimination year");
        } else if (seat.eliminatedYear == 0) {
            addDefect(defects, seat.source, "eliminated_year", game,
                      "a power with 0 centres was eliminated: give the year");
        } else if (seat.eliminatedYear < kFirstGameYear || seat.eliminatedYear > kLastGameYear) {
            addDefect(defects, seat.source, "eliminated_year", game,
                      std::to_string(seat.eliminatedYear) + " is not a year of a game (1901 to 2000)");
        }
    }
    if (centresKnown && total > kSupplyCentres)
        addDefect(defects, game.source, "centres", game,
                  "the powers hold " + std::to_string(total) + " centres in all; the board has 34");
    if (centresKnown && !game.seats.empty() && survivors == 0)
        addDefect(defects, game.source, "centres", game, "no power holds a centre");
    return defects;
}

int compareScores(const SquaresScore& a, const SquaresScore& b) noexcept
{
    // Scores have numerators up to 100·17² and denominators up to 2·17², margins their products:
    // every cross product stays below 1e14.
    return sign(a.numerator * b.denominator - b.numerator * a.denominator);
}

std::int64_t SquaresScore::hundredths() const noexcept
{
    // round(100 n / d) = floor((200 n + d) / 2d) for n >= 0; half away from zero for n < 0.
    const std::int64_t magnitude = numerator < 0 ? -numerator : numerator;
    const std::int64_t rounded = (200 * magnitude + denominator) / (2 * denominator);
    return numerator < 0 ? -rounded : rounded;
}

std::int64_t hundredthsOfSum(const std::vector<SquaresScore>& scores)
{
    // 100 x sum rounded half up is floor((200 x sum + 1) / 2). 200 x sum = whole + F, whole the sum of
    // the whole parts per denominator and F the sum of their proper fractions r/d; then the result
    // is floor((whole + floor(F) + 1) / 2). floor(F) is found exactly as N / L, L the least common
    // multiple of the denominators and N the sum of r x L/d: L may need hundreds of bits, so both are
    // Naturals. Denominators are at most 2 x 17² (a drawn game's sum of squares).
    std::map<std::int64_t, std::int64_t> numerators; // denominator -> sum of the numerators
    for (const SquaresScore& score : scores)
        numerators[score.denominator] += score.numerator;
    std::int64_t whole = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> fractions; // (r, d), 0 < r < d
    for (const auto& [denominator, numerator] : numerators) {
        const std::int64_t twice = 200 * numerator;
        whole += twice / denominator;
        if (const std::int64_t rest = twice % denominator; rest != 0)
            fractions.emplace_back(static_cast<std::uint32_t>(rest), static_cast<std::uint32_t>(denominator));
    }
    Natural multiple{1}; // L
    for (const auto& [rest, denominator] : fractions) {
        Natural copy = multiple;
        const std::uint32_t common = std::gcd(divide(copy, denominator), denominator);
        multiply(multiple, denominator / common);
    }
    Natural sum; // N
    for (const auto& [rest, denominator] : fractions) {
        Natural part = multiple;
        divide(part, denominator);
        multiply(part, rest);
        add(sum, part);
    }
    std::int64_t fractionFloor = 0; // below the number of fractions, as each is below 1
    while (!sum.empty() && atLeast(sum, multiple)) {
        subtract(sum, multiple);
        ++fractionFloor;
    }
    return (whole + fractionFloor + 1) / 2;
}

std::string_view className(SquaresClass gameClass) noexcept
{
    switch (gameClass) {
    case SquaresClass::Win:
        return "win";
    case SquaresClass::Draw:
        return "draw";
    case SquaresClass::Elimination:
        return "elimination";
    case SquaresClass::Loss:
        return "loss";
    }
    return {};
}

int comparePositions(const SquaresPosition& a, const SquaresPosition& b) noexcept
{
    // DECISIONS S3: the lower place is better; at the same place, fewer sharers are better.
    if (a.place != b.place)
        return a.place < b.place ? 1 : -1;
    if (a.sharing != b.sharing)
        return a.sharing < b.sharing ? 1 : -1;
    return 0;
}

std::vector<SquaresGameResult> scoreSquaresGame(const SquaresGame& game, std::size_t gameIndex)
{
    if (const std::vector<Defect> defects = validateSquaresGame(game); !defects.empty())
        throw std::invalid_argument(describe(defects.front()));

    const auto soloist = std::find_if(game.seats.begin(), game.seats.end(),
                                      [](const SquaresSeat& seat) { return seat.centres >= kSoloCentres; });
    const bool solo = soloist != game.seats.end();
    std::int64_t sumOfSquares = 0;
    for (const SquaresSeat& seat : game.seats)
        sumOfSquares += squaresOfCentres(seat.centres);

    std::vector<SquaresGameResult> results;
    results.reserve(game.seats.size());
    for (std::size_t i = 0; i < game.seats.size(); ++i) {
        const SquaresSeat& seat = game.seats[i];
        SquaresGameResult result;
        result.game = gameIndex;
        result.seat = i;
        result.playerId = seat.playerId;
        result.eliminatedYear = seat.centres == 0 ? seat.eliminatedYear : 0;
        result.drawnGame = !solo;
        if (solo) {
            // DECISIONS S1: 100 to the winner, 0 to everyone else. S2: survivors of someone else's
            // solo lose; the eliminated stay eliminated.
            const bool winner = &seat == &*soloist;
            result.score = SquaresScore{winner ? 100 : 0, 1};
            result.gameClass = winner ? SquaresClass::Win
                                      : (seat.centres == 0 ? SquaresClass::Elimination : SquaresClass::Loss);
        } else {
            // DECISIONS S1: 100·c²/Σc², kept as an exact fraction in lowest terms.
            std::int64_t numerator = 100 * static_cast<std::int64_t>(squaresOfCentres(seat.centres));
            std::int64_t denominator = sumOfSquares;
            const std::int64_t divisor = std::gcd(numerator, denominator);
            if (divisor > 1) {
                numerator /= divisor;
                denominator /= divisor;
            }
            result.score = SquaresScore{numerator, denominator};
            result.gameClass = seat.centres == 0 ? SquaresClass::Elimination : SquaresClass::Draw;
        }
        // DECISIONS S3: positions by centres, standard competition places.
        for (const SquaresSeat& other : game.seats) {
            if (other.centres > seat.centres)
                ++result.position.place;
            else if (&other != &seat && other.centres == seat.centres)
                ++result.position.sharing;
        }
        results.push_back(std::move(result));
    }

    // The scores of the players finishing 1st to 7th; scores follow centres, so sorting scores
    // orders the finishers (tied finishers hold equal scores, whichever comes first).
    std::vector<SquaresScore> byPlace;
    for (const SquaresGameResult& result : results)
        byPlace.push_back(result.score);
    std::sort(byPlace.begin(), byPlace.end(),
              [](const SquaresScore& a, const SquaresScore& b) { return compareScores(a, b) > 0; });
    std::array<SquaresScore, kDiplomacyPowers> placeScores{};
    for (std::size_t k = 0; k < byPlace.size() && k < placeScores.size(); ++k)
        placeScores[k] = byPlace[k];
    for (SquaresGameResult& result : results)
        result.placeScores = placeScores;
    return results;
}

std::string_view stepName(SquaresGameStep step) noexcept
{
    switch (step) {
    case SquaresGameStep::Class:
        return "class";
    case SquaresGameStep::Points:
        return "points";
    case SquaresGameStep::Position:
        return "position";
    case SquaresGameStep::Elimination:
        return "elimination year";
    case SquaresGameStep::Versus1st:
        return "versus 1st";
    case SquaresGameStep::Versus2nd:
        return "versus 2nd";
    case SquaresGameStep::Versus3rd:
        return "versus 3rd";
    case SquaresGameStep::Versus4th:
        return "versus 4th";
    case SquaresGameStep::Versus5th:
        return "versus 5th";
    case SquaresGameStep::Versus6th:
        return "versus 6th";
    case SquaresGameStep::Versus7th:
        return "versus 7th";
    case SquaresGameStep::Equal:
        return "equal";
    }
    return {};
}

SquaresGameComparison compareGames(const SquaresGameResult& a, const SquaresGameResult& b) noexcept
{
    // DECISIONS S2: Win > Draw > Elimination > Loss, before points.
    if (a.gameClass != b.gameClass)
        return {a.gameClass > b.gameClass ? 1 : -1, SquaresGameStep::Class};
    if (const int order = compareScores(a.score, b.score); order != 0)
        return {order, SquaresGameStep::Points};
    if (const int order = comparePositions(a.position, b.position); order != 0)
        return {order, SquaresGameStep::Position};
    // DECISIONS S4: with equal classes both are eliminated or neither is.
    if (a.gameClass == SquaresClass::Elimination && a.eliminatedYear != b.eliminatedYear)
        return {a.eliminatedYear > b.eliminatedYear ? 1 : -1, SquaresGameStep::Elimination};
    // Spec 002 §4: "highest score when subtracting the score of the player finishing 1st", then 2nd
    // to 7th: the larger margin own score - placeScores[k] is better. Both fractions of a margin
    // share their game's denominator, so a margin is (own - kth) / denominator exactly.
    for (std::size_t k = 0; k < a.placeScores.size(); ++k) {
        const auto margin = [k](const SquaresGameResult& r) {
            const SquaresScore& kth = r.placeScores[k];
            return SquaresScore{r.score.numerator * kth.denominator - kth.numerator * r.score.denominator,
                                r.score.denominator * kth.denominator};
        };
        if (const int order = compareScores(margin(a), margin(b)); order != 0)
            return {order, static_cast<SquaresGameStep>(static_cast<int>(SquaresGameStep::Versus1st) +
                                                        static_cast<int>(k))};
    }
    return {0, SquaresGameStep::Equal};
}

std::string_view tieBreakName(SquaresTieBreak step) noexcept
{
    switch (step) {
    case SquaresTieBreak::None:
        return "";
    case SquaresTieBreak::Total:
        return "total";
    case SquaresTieBreak::Wins:
        return "wins";
    case SquaresTieBreak::Draws:
        return "draws";
    case SquaresTieBreak::Best:
        return "best";
    case SquaresTieBreak::Second:
        return "second";
    case SquaresTieBreak::Third:
        return "third";
    case SquaresTieBreak::Equal:
        return "equal";
    }
    return {};
}

namespace {

struct Ranking {
    int order = 0; // >0 when a ranks above b
    SquaresTieBreak step = SquaresTieBreak::Equal;
};

// DECISIONS S5, in order.
Ranking compareStandings(const SquaresStanding& a, const SquaresStanding& b,
                         const std::vector<SquaresGameResult>& results)
{
    if (a.totalNanos != b.totalNanos)
        return {a.totalNanos > b.totalNanos ? 1 : -1, SquaresTieBreak::Total};
    if (a.wins != b.wins)
        return {a.wins > b.wins ? 1 : -1, SquaresTieBreak::Wins};
    if (a.draws != b.draws)
        return {a.draws > b.draws ? 1 : -1, SquaresTieBreak::Draws};
    constexpr std::array<SquaresTieBreak, 3> steps = {SquaresTieBreak::Best, SquaresTieBreak::Second,
                                                      SquaresTieBreak::Third};
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const bool hasA = k < a.gamesBestFirst.size();
        const bool hasB = k < b.gamesBestFirst.size();
        if (!hasA && !hasB)
            break;
        // A game not played is below any game played.
        if (hasA != hasB)
            return {hasA ? 1 : -1, steps[k]};
        const int order = compareGames(results[a.gamesBestFirst[k]], results[b.gamesBestFirst[k]]).order;
        if (order != 0)
            return {order, steps[k]};
    }
    return {0, SquaresTieBreak::Equal};
}

} // namespace

SquaresTournament scoreSquaresTournament(const std::vector<SquaresGame>& games)
{
    SquaresTournament tournament;
    for (std::size_t g = 0; g < games.size(); ++g) {
        std::vector<SquaresGameResult> results = scoreSquaresGame(games[g], g);
        std::move(results.begin(), results.end(), std::back_inserter(tournament.results));
    }

    std::map<std::string, std::size_t> playerIndex;
    std::vector<SquaresStanding>& standings = tournament.standings;
    for (std::size_t i = 0; i < tournament.results.size(); ++i) {
        const SquaresGameResult& result = tournament.results[i];
        const auto [it, inserted] = playerIndex.try_emplace(result.playerId, standings.size());
        if (inserted)
            standings.push_back(
                SquaresStanding{0, result.playerId, 0.0, 0, 0, 0, 0, 0, {}, SquaresTieBreak::None});
        SquaresStanding& standing = standings[it->second];
        ++standing.games;
        standing.wins += result.gameClass == SquaresClass::Win ? 1 : 0;
        // DECISIONS S5: "most drawn games played": every drawn game counts, also one the player was
        // eliminated in.
        standing.draws += result.drawnGame ? 1 : 0;
        standing.gamesBestFirst.push_back(i);
    }
    for (SquaresStanding& standing : standings) {
        std::stable_sort(standing.gamesBestFirst.begin(), standing.gamesBestFirst.end(),
                         [&](std::size_t a, std::size_t b) {
                             return compareGames(tournament.results[a], tournament.results[b]).order > 0;
                         });
        // Summed best first, so the same scores always give the same total; ranks compare the total
        // rounded to 1e-9 points (docs/squares.md, "Precision").
        std::vector<SquaresScore> scores;
        scores.reserve(standing.gamesBestFirst.size());
        for (const std::size_t i : standing.gamesBestFirst) {
            standing.total += tournament.results[i].score.value();
            scores.push_back(tournament.results[i].score);
        }
        standing.totalNanos = std::llround(standing.total * 1e9);
        // What the tables print: the exact sum rounded to 0.01, never the double (docs/squares.md).
        standing.totalHundredths = hundredthsOfSum(scores);
    }

    std::sort(standings.begin(), standings.end(), [&](const SquaresStanding& a, const SquaresStanding& b) {
        const int order = compareStandings(a, b, tournament.results).order;
        return order != 0 ? order > 0 : playerIdBefore(a.playerId, b.playerId);
    });
    for (std::size_t i = 0; i < standings.size(); ++i) {
        if (i == 0) {
            standings[i].rank = 1;
            standings[i].tieBreak = SquaresTieBreak::None;
            continue;
        }
        const Ranking ranking = compareStandings(standings[i - 1], standings[i], tournament.results);
        standings[i].tieBreak = ranking.step;
        standings[i].rank = ranking.order == 0 ? standings[i - 1].rank : static_cast<int>(i) + 1;
    }
    return tournament;
}

std::vector<SquaresBestCountry> squaresBestCountries(const std::vector<SquaresGame>& games,
                                                     const std::vector<SquaresGameResult>& results)
{
    // The best results of each power so far; equal to one another by compareGames, a strict weak order,
    // so a candidate is compared with the first only.
    std::array<std::vector<std::size_t>, kDiplomacyPowers> best;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const SquaresGameResult& result = results[i];
        if (result.game >= games.size() || result.seat >= games[result.game].seats.size())
            throw std::invalid_argument("a result names a game or a seat that is not in the games");
        std::vector<std::size_t>& leaders =
            best[static_cast<std::size_t>(games[result.game].seats[result.seat].power)];
        const int order = leaders.empty() ? 1 : compareGames(result, results[leaders.front()]).order;
        if (order > 0)
            leaders.assign(1, i);
        else if (order == 0)
            leaders.push_back(i);
    }
    std::vector<SquaresBestCountry> awards;
    for (std::size_t power = 0; power < best.size(); ++power) {
        std::vector<std::size_t>& leaders = best[power];
        // Equal games share the award: by player id, then in input order (stable).
        std::stable_sort(leaders.begin(), leaders.end(), [&](std::size_t a, std::size_t b) {
            return playerIdBefore(results[a].playerId, results[b].playerId);
        });
        for (const std::size_t index : leaders)
            awards.push_back(SquaresBestCountry{static_cast<DiplomacyPower>(power), index});
    }
    return awards;
}

} // namespace flickdesk::engine
