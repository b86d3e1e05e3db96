// The rules of the day's play, by table (engine/playformat.h, playpairing.h, playstandings.h): scores
// (DECISIONS G1, G5), round robins and random rounds (G3), snake groups (G4), tie-breaks for two,
// three and four level units (G2) and the ranking across groups (G4). The expected orders are worked
// out by hand in the comments beside them.

#include "flickdesk/engine/playpairing.h"
#include "flickdesk/engine/playstandings.h"

#include <QTest>
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace flickdesk::engine::play;

namespace {

std::vector<UnitId> numbered(int count)
{
    std::vector<UnitId> units;
    for (int i = 1; i <= count; ++i)
        units.push_back(std::to_string(i));
    return units;
}

// An independent check that a round without a repeated meeting exists, the bye going to a unit with
// the fewest byes (DECISIONS G3): plain recursion over the units in order.
bool roundWithoutRepeatsExists(const std::vector<UnitId>& units, const RoundHistory& history)
{
    std::map<std::pair<UnitId, UnitId>, int> met;
    std::map<UnitId, int> byes;
    for (const Round& round : history.rounds)
        for (const Pairing& p : round) {
            if (p.isBye())
                ++byes[p.a];
            else
                ++met[std::minmax(p.a, p.b)];
        }
    std::function<bool(std::vector<UnitId>)> match = [&](std::vector<UnitId> left) {
        if (left.empty())
            return true;
        const UnitId first = left.front();
        for (std::size_t j = 1; j < left.size(); ++j) {
            if (met.count(std::minmax(first, left[j])))
                continue;
            std::vector<UnitId> rest;
            for (std::size_t k = 1; k < left.size(); ++k)
                if (k != j)
                    rest.push_back(left[k]);
            if (match(rest))
                return true;
        }
        return false;
    };
    if (units.size() % 2 == 0)
        return match(units);
    int fewest = 1 << 30;
    for (const UnitId& unit : units)
        fewest = std::min(fewest, byes[unit]);
    for (const UnitId& bye : units) {
        if (byes[bye] != fewest)
            continue;
        std::vector<UnitId> rest;
        for (const UnitId& unit : units)
            if (unit != bye)
                rest.push_back(unit);
        if (match(rest))
            return true;
    }
    return false;
}

GroupGame game(const UnitId& a, const UnitId& b, int pa, int pb, int ta = 0, int tb = 0)
{
    return GroupGame{a, b, Score{pa, pb, ta, tb, Side::None}, GameKind::Played};
}

std::vector<UnitId> orderOf(const Standings& standings)
{
    std::vector<UnitId> order;
    for (const StandingRow& row : standings.rows)
        order.push_back(row.unit);
    return order;
}

std::vector<DecidedBy> decidedOf(const Standings& standings)
{
    std::vector<DecidedBy> decided;
    for (const StandingRow& row : standings.rows)
        decided.push_back(row.decidedBy);
    return decided;
}

} // namespace

Q_DECLARE_METATYPE(Score)
Q_DECLARE_METATYPE(GroupStandingsInput)
using Units = std::vector<UnitId>;
using Decided = std::vector<DecidedBy>;
Q_DECLARE_METATYPE(Units)
Q_DECLARE_METATYPE(Decided)

class TestPlayRules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void scores_data();
    void scores();
    void parseScores();
    void roundRobinMeetsEveryPairOnce_data();
    void roundRobinMeetsEveryPairOnce();
    void randomRoundsNeverRepeat_data();
    void randomRoundsNeverRepeat();
    void randomRoundIsRepeatable();
    void swissRoundPairsNeighbours();
    void snakeGroupsAreBalanced_data();
    void snakeGroupsAreBalanced();
    void boardsInWaves();
    void bracketSeeding();
    void tieBreaks_data();
    void tieBreaks();
    void tieCrossingACutIsDecisive();
    void rankAcrossGroups();
};

void TestPlayRules::scores_data()
{
    QTest::addColumn<Score>("score");
    QTest::addColumn<bool>("playoff");
    QTest::addColumn<int>("variant"); // 0 extra rounds, 1 20s shoot-out, 2 first to 9
    QTest::addColumn<bool>("valid");
    auto s = [](int a, int b, int ta = 0, int tb = 0, Side shootOut = Side::None) {
        return Score{a, b, ta, tb, shootOut};
    };
    QTest::newRow("group 6-2") << s(6, 2, 3, 1) << false << 0 << true;
    QTest::newRow("group 4-4 level") << s(4, 4) << false << 0 << true;
    QTest::newRow("group 8-0") << s(8, 0, 12, 0) << false << 0 << true;
    QTest::newRow("group odd sum") << s(6, 3) << false << 0 << false;
    QTest::newRow("group sum 10") << s(6, 4) << false << 0 << false;
    QTest::newRow("group sum 6") << s(4, 2) << false << 0 << false;
    QTest::newRow("negative") << s(-2, 10) << false << 0 << false;
    QTest::newRow("49 twenties in 4 rounds") << s(8, 0, 49, 0) << false << 0 << false;
    QTest::newRow("48 twenties in 4 rounds") << s(8, 0, 48, 0) << false << 0 << true;
    QTest::newRow("group with a shoot-out") << s(4, 4, 0, 0, Side::A) << false << 0 << false;
    QTest::newRow("playoff 5-3") << s(5, 3) << true << 0 << true;
    QTest::newRow("playoff level") << s(4, 4) << true << 0 << false;
    QTest::newRow("playoff one extra round") << s(6, 4) << true << 0 << true;
    QTest::newRow("playoff two extra rounds") << s(5, 7) << true << 0 << true;
    QTest::newRow("playoff extra rounds 4 ahead") << s(8, 4) << true << 0 << false;
    QTest::newRow("playoff short") << s(4, 2) << true << 0 << false;
    QTest::newRow("playoff shoot-out named") << s(4, 4, 2, 2, Side::B) << true << 1 << true;
    QTest::newRow("playoff shoot-out missing") << s(4, 4) << true << 1 << false;
    QTest::newRow("playoff shoot-out not level") << s(5, 3, 0, 0, Side::A) << true << 1 << false;
    QTest::newRow("playoff shoot-out extra rounds") << s(6, 4) << true << 1 << false;
    QTest::newRow("first to 9") << s(9, 7) << true << 2 << true;
    QTest::newRow("first to 9, 10-8") << s(10, 8) << true << 2 << true;
    QTest::newRow("first to 9 not reached") << s(8, 6) << true << 2 << false;
    QTest::newRow("first to 9 level") << s(9, 9) << true << 2 << false;
}

void TestPlayRules::scores()
{
    QFETCH(Score, score);
    QFETCH(bool, playoff);
    QFETCH(int, variant);
    QFETCH(bool, valid);
    StageSettings settings;
    if (variant == 1)
        settings.level = LevelPlayoffGame::TwentiesShootOut;
    if (variant == 2)
        settings.match = MatchKind::FirstTo;
    const auto problem = scoreProblem(score, settings, playoff);
    QVERIFY2(problem.has_value() != valid, problem.value_or("no problem").c_str());
    if (valid && playoff)
        QVERIFY(winnerOf(score) != Side::None);
}

void TestPlayRules::parseScores()
{
    // The desk's order: side A points, side B points, side A 20s, side B 20s.
    QCOMPARE(parseScore("6 2 3 1").value(), (Score{6, 2, 3, 1, Side::None}));
    QCOMPARE(parseScore("6-2 3-1").value(), (Score{6, 2, 3, 1, Side::None}));
    QCOMPARE(parseScore(" 4 4 1 1 B ").value(), (Score{4, 4, 1, 1, Side::B}));
    QVERIFY(!parseScore("6 2 3"));
    QVERIFY(!parseScore("6 2 3 x"));
    QVERIFY(!parseScore("6 2 3 1 C"));
    QVERIFY(!parseScore("99999 0 0 0"));
    QCOMPARE(scoreText(Score{4, 4, 1, 1, Side::B}), std::string("4 4 1 1 B"));
}

void TestPlayRules::roundRobinMeetsEveryPairOnce_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("cycles");
    for (int units : {2, 3, 4, 5, 6, 7, 10, 11, 13})
        for (int cycles : {1, 2})
            QTest::addRow("%d units, %d cycle(s)", units, cycles) << units << cycles;
}

void TestPlayRules::roundRobinMeetsEveryPairOnce()
{
    QFETCH(int, units);
    QFETCH(int, cycles);
    const std::vector<UnitId> group = numbered(units);
    const std::vector<Round> rounds = roundRobinRounds(group, cycles);
    // DECISIONS G3: n - 1 rounds a cycle for an even group, n for an odd one (one sits out each).
    QCOMPARE(static_cast<int>(rounds.size()), (units % 2 == 0 ? units - 1 : units) * cycles);
    std::map<std::pair<UnitId, UnitId>, int> met;
    std::map<std::pair<UnitId, UnitId>, int> asSideA;
    std::map<UnitId, int> byes;
    for (const Round& round : rounds) {
        std::multiset<UnitId> seen;
        for (const Pairing& pairing : round) {
            seen.insert(pairing.a);
            if (pairing.isBye()) {
                ++byes[pairing.a];
                QCOMPARE(&pairing, &round.back()); // a bye is listed last
                continue;
            }
            seen.insert(pairing.b);
            ++met[std::minmax(pairing.a, pairing.b)];
            ++asSideA[{pairing.a, pairing.b}];
        }
        QCOMPARE(seen, std::multiset<UnitId>(group.begin(), group.end())); // everyone once a round
    }
    QCOMPARE(static_cast<int>(met.size()), units * (units - 1) / 2);
    for (const auto& [pair, count] : met)
        QCOMPARE(count, cycles);
    // Two cycles: each pair once on each side.
    if (cycles == 2)
        for (const auto& [pair, count] : asSideA)
            QCOMPARE(count, 1);
    QCOMPARE(static_cast<int>(byes.size()), units % 2 == 1 ? units : 0);
    for (const auto& [unit, count] : byes)
        QCOMPARE(count, cycles);
}

void TestPlayRules::randomRoundsNeverRepeat_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("rounds");
    QTest::addColumn<bool>("exactCheck");
    for (int units : {4, 5, 6, 7, 8, 9, 10, 11, 12})
        QTest::addRow("%d units, every round", units)
            << units << (units % 2 == 0 ? units - 1 : units) << true;
    QTest::newRow("40 units, 10 rounds") << 40 << 10 << false;
    QTest::newRow("41 units, 10 rounds") << 41 << 10 << false;
    QTest::newRow("400 units, 10 rounds") << 400 << 10 << false;
}

void TestPlayRules::randomRoundsNeverRepeat()
{
    QFETCH(int, units);
    QFETCH(int, rounds);
    QFETCH(bool, exactCheck);
    const std::vector<UnitId> field = numbered(units);
    for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
        RoundHistory history;
        std::map<UnitId, int> byes;
        for (int r = 0; r < rounds; ++r) {
            const Round round = drawRandomRound(field, history, seed * 1000 + static_cast<std::uint64_t>(r));
            std::multiset<UnitId> seen;
            for (const Pairing& pairing : round) {
                seen.insert(pairing.a);
                if (!pairing.isBye())
                    seen.insert(pairing.b);
            }
            QCOMPARE(seen, std::multiset<UnitId>(field.begin(), field.end()));
            const int repeats = repeatedMeetings(round, history);
            if (exactCheck) {
                // No repeat whenever a round without one exists (checked independently).
                if (roundWithoutRepeatsExists(field, history))
                    QCOMPARE(repeats, 0);
            } else {
                QCOMPARE(repeats, 0); // 10 rounds of 40 or more always leave new opponents
            }
            // DECISIONS G3: the bye to a unit with the fewest byes so far.
            if (units % 2 == 1) {
                int fewest = 1 << 30;
                for (const UnitId& unit : field)
                    fewest = std::min(fewest, byes[unit]);
                QCOMPARE(byes[round.back().a], fewest);
                ++byes[round.back().a];
                QVERIFY(round.back().isBye());
            }
            history.rounds.push_back(round);
        }
    }
}

void TestPlayRules::randomRoundIsRepeatable()
{
    const std::vector<UnitId> field = numbered(30);
    RoundHistory history;
    history.rounds.push_back(drawRandomRound(field, history, 5));
    const Round again = drawRandomRound(field, history, 6);
    for (int i = 0; i < 3; ++i) {
        const Round same = drawRandomRound(field, history, 6);
        QCOMPARE(same.size(), again.size());
        for (std::size_t k = 0; k < same.size(); ++k) {
            QCOMPARE(same[k].a, again[k].a);
            QCOMPARE(same[k].b, again[k].b);
        }
    }
    const Round other = drawRandomRound(field, history, 7);
    bool differs = false;
    for (std::size_t k = 0; k < other.size(); ++k)
        differs = differs || other[k].a != again[k].a || other[k].b != again[k].b;
    QVERIFY(differs);
}

void TestPlayRules::swissRoundPairsNeighbours()
{
    // Swiss: with no earlier meetings, units are paired 1-2, 3-4, ... in the order given.
    const std::vector<UnitId> field = numbered(8);
    const std::vector<UnitId> order{"8", "7", "6", "5", "4", "3", "2", "1"};
    const Round round = drawRandomRound(field, {}, 3, order);
    QCOMPARE(round.size(), std::size_t(4));
    QCOMPARE(round[0].a, std::string("8"));
    QCOMPARE(round[0].b, std::string("7"));
    QCOMPARE(round[3].a, std::string("2"));
    QCOMPARE(round[3].b, std::string("1"));
    // 8 and 7 met: 8 meets 6 instead, 7 meets 5.
    RoundHistory history;
    history.rounds.push_back({{"8", "7"}, {"6", "5"}, {"4", "3"}, {"2", "1"}});
    const Round next = drawRandomRound(field, history, 3, order);
    QCOMPARE(repeatedMeetings(next, history), 0);
    QCOMPARE(next[0].a, std::string("8"));
    QCOMPARE(next[0].b, std::string("6"));
}

void TestPlayRules::snakeGroupsAreBalanced_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("groups");
    QTest::newRow("12 in 3") << 12 << 3;
    QTest::newRow("24 in 2") << 24 << 2;
    QTest::newRow("40 in 4") << 40 << 4;
    QTest::newRow("400 in 40") << 400 << 40;
}

void TestPlayRules::snakeGroupsAreBalanced()
{
    QFETCH(int, units);
    QFETCH(int, groups);
    // Ratings best first, uneven gaps.
    std::vector<UnitId> seeded = numbered(units);
    std::vector<double> ratings;
    for (int i = 0; i < units; ++i)
        ratings.push_back(2000.0 - 3.0 * i - (i % 7) * 11.0 - (i * i) % 13);
    std::vector<std::size_t> order(static_cast<std::size_t>(units));
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t x, std::size_t y) { return ratings[x] > ratings[y]; });
    std::vector<UnitId> byRating;
    for (std::size_t i : order)
        byRating.push_back(seeded[i]);
    const auto snake = snakeGroups(byRating, groups);
    QCOMPARE(static_cast<int>(snake.size()), groups);
    std::multiset<UnitId> all;
    for (const auto& group : snake) {
        QCOMPARE(static_cast<int>(group.size()), units / groups);
        all.insert(group.begin(), group.end());
    }
    QCOMPARE(all, std::multiset<UnitId>(seeded.begin(), seeded.end()));
    // Each band of g consecutive seeds gives every group one unit, so two groups' means differ by at
    // most the sum of the bands' spreads over the group size: at most (best - worst) / size.
    const std::vector<double> means = groupMeanRatings(snake, seeded, ratings);
    const double spread =
        *std::max_element(ratings.begin(), ratings.end()) - *std::min_element(ratings.begin(), ratings.end());
    const double bound = spread / (units / groups);
    const double gap =
        *std::max_element(means.begin(), means.end()) - *std::min_element(means.begin(), means.end());
    QVERIFY2(gap <= bound + 1e-9, (std::to_string(gap) + " > " + std::to_string(bound)).c_str());
    // The random seeding of the same field: every unit once, the same groups for the same seed.
    const auto random = randomGroups(seeded, groups, 42);
    QCOMPARE(random, randomGroups(seeded, groups, 42));
    std::multiset<UnitId> drawn;
    for (const auto& group : random)
        drawn.insert(group.begin(), group.end());
    QCOMPARE(drawn, all);
}

void TestPlayRules::boardsInWaves()
{
    // DECISIONS G3: 200 games on 120 boards: boards 1-120 in wave 1, 1-80 in wave 2.
    QCOMPARE(boardOf(0, 120).board, 1);
    QCOMPARE(boardOf(119, 120).board, 120);
    QCOMPARE(boardOf(119, 120).wave, 1);
    QCOMPARE(boardOf(120, 120).board, 1);
    QCOMPARE(boardOf(120, 120).wave, 2);
    QCOMPARE(boardOf(199, 120).board, 80);
    QCOMPARE(boardOf(7, 0).board, 8); // boards not limited: each game its own
    QCOMPARE(boardOf(7, 0).wave, 1);
    const auto snake = snakeGroups(numbered(8), 2);
    QCOMPARE(snake[0], (std::vector<UnitId>{"1", "4", "5", "8"}));
    QCOMPARE(snake[1], (std::vector<UnitId>{"2", "3", "6", "7"}));
}

void TestPlayRules::bracketSeeding()
{
    using Pairs = std::vector<std::pair<int, int>>;
    QCOMPARE(bracketFirstRound(2), (Pairs{{1, 2}}));
    QCOMPARE(bracketFirstRound(4), (Pairs{{1, 4}, {2, 3}})); // DECISIONS G5: 1-4 and 2-3
    QCOMPARE(bracketFirstRound(8), (Pairs{{1, 8}, {4, 5}, {2, 7}, {3, 6}}));
    const Pairs sixteen = bracketFirstRound(16);
    QCOMPARE(sixteen.size(), std::size_t(8));
    for (const auto& [x, y] : sixteen)
        QCOMPARE(x + y, 17);
}

void TestPlayRules::tieBreaks_data()
{
    QTest::addColumn<GroupStandingsInput>("input");
    QTest::addColumn<Units>("order");
    QTest::addColumn<Decided>("decided");
    QTest::addColumn<QString>("firstReason");
    using D = DecidedBy;

    {
        // Two level on points (A and B 10 each); A has more 20s.
        GroupStandingsInput in;
        in.units = {"A", "B", "C"};
        in.names = {"Ann", "Bo", "Cy"};
        in.games = {game("A", "B", 4, 4, 3, 1), game("A", "C", 6, 2, 2, 0), game("B", "C", 6, 2, 1, 5)};
        QTest::newRow("two level, 20s")
            << in << Units{"A", "B", "C"} << Decided{D::Twenties, D::Points, D::Last}
            << QStringLiteral("ahead of Bo on 20s (5 to 2)");
    }
    {
        // Two level on points and 20s; B won their game: the mini-league.
        GroupStandingsInput in;
        in.units = {"A", "B", "C"};
        in.games = {game("A", "B", 3, 5, 2, 2), game("A", "C", 7, 1, 2, 0), game("B", "C", 5, 3, 2, 0)};
        QTest::newRow("two level, games between them")
            << in << Units{"B", "A", "C"} << Decided{D::MiniLeague, D::Points, D::Last}
            << QStringLiteral("ahead of A on the games among the 2 level on points (5 to 3)");
    }
    {
        // Two level on everything: unresolved until the shoot-out (recorded below for the next row).
        GroupStandingsInput in;
        in.units = {"A", "B"};
        in.games = {game("A", "B", 4, 4, 2, 2)};
        QTest::newRow("two level on everything")
            << in << Units{"A", "B"} << Decided{D::Unresolved, D::Last}
            << QStringLiteral("level with B on everything: a shoot-out decides");
        in.shootOuts = {{"B", "A"}};
        QTest::newRow("two level, the shoot-out") << in << Units{"B", "A"} << Decided{D::ShootOut, D::Last}
                                                  << QStringLiteral("ahead of A by the shoot-out");
    }
    {
        // Three level on 13 points, 0 20s, who beat each other in a circle (A beat B, B beat C, C beat
        // A): a head-to-head cannot order them, the mini-league can: A 8 + 2 = 10, C 3 + 6 = 9,
        // B 0 + 5 = 5. D (9 points) is last.
        GroupStandingsInput in;
        in.units = {"A", "B", "C", "D"};
        in.games = {game("A", "B", 8, 0), game("B", "C", 5, 3), game("C", "A", 6, 2),
                    game("A", "D", 3, 5), game("B", "D", 8, 0), game("C", "D", 4, 4)};
        QTest::newRow("three level in a circle, mini-league")
            << in << Units{"A", "C", "B", "D"} << Decided{D::MiniLeague, D::MiniLeague, D::Points, D::Last}
            << QStringLiteral("ahead of C on the games among the 3 level on points (10 to 9)");
    }
    {
        // Three level on 9 points and 20s, ordered by the games among them.
        GroupStandingsInput in;
        in.units = {"C", "B", "A"};
        in.games = {game("A", "B", 4, 4), game("A", "C", 4, 4), game("B", "C", 5, 3)};
        // A 8, B 9, C 7 so far; byes of 1 and 2 points (a setting) make all three 9.
        in.games.push_back(GroupGame{"C", "", Score{2, 0, 0, 0, Side::None}, GameKind::Bye});
        in.games.push_back(GroupGame{"A", "", Score{1, 0, 0, 0, Side::None}, GameKind::Bye});
        // Among them: A 4 + 4 = 8, B 4 + 5 = 9, C 4 + 3 = 7: B, A, C.
        QTest::newRow("three level, mini-league by points among them")
            << in << Units{"B", "A", "C"} << Decided{D::MiniLeague, D::MiniLeague, D::Last}
            << QStringLiteral("ahead of A on the games among the 3 level on points (9 to 8)");
    }
    {
        // Three level on 13 points and 0 20s; among them A has 5 + 5 = 10, B and C 3 + 4 = 7 each (B-C
        // 4-4): A first; B and C compared again on their own are still level (4 to 4): unresolved, in
        // seeding order (C before B). D's games count for the others' points only.
        GroupStandingsInput in;
        in.units = {"A", "C", "B"};
        in.games = {game("A", "B", 5, 3), game("A", "C", 5, 3), game("B", "C", 4, 4),
                    game("A", "D", 3, 5), game("B", "D", 6, 2), game("C", "D", 6, 2)};
        QTest::newRow("three level, a pair left level")
            << in << Units{"A", "C", "B"} << Decided{D::MiniLeague, D::Unresolved, D::Last}
            << QStringLiteral("ahead of C on the games among the 3 level on points (10 to 7)");
    }
    {
        // Four level on 12 points: 20s split them into A, B (6) and C, D (4); each pair then by
        // their own game: A beat B 5-3, D beat C 5-3.
        GroupStandingsInput in;
        in.units = {"A", "B", "C", "D"};
        in.games = {game("A", "B", 5, 3, 2, 2), game("C", "D", 3, 5, 1, 1), game("A", "C", 3, 5, 2, 1),
                    game("B", "D", 5, 3, 2, 1), game("A", "D", 4, 4, 2, 2), game("B", "C", 4, 4, 2, 2)};
        QTest::newRow("four level, 20s then pairs")
            << in << Units{"A", "B", "D", "C"} << Decided{D::MiniLeague, D::Twenties, D::MiniLeague, D::Last}
            << QStringLiteral("ahead of B on the games among the 2 level on points (5 to 3)");
        // The same with the mini-league before 20s (a setting): among all four, the points of their
        // games are the group's points (12 each), so 20s still split them the same way.
        in.tieBreaks = {TieBreak::MiniLeague, TieBreak::Twenties, TieBreak::ShootOut};
        QTest::newRow("four level, mini-league first")
            << in << Units{"A", "B", "D", "C"} << Decided{D::MiniLeague, D::Twenties, D::MiniLeague, D::Last}
            << QStringLiteral("ahead of B on the games among the 2 level on points (5 to 3)");
    }
    {
        // Four level on everything (every game 4-4, 2 20s each): a shoot-out order for all four.
        GroupStandingsInput in;
        in.units = {"A", "B", "C", "D"};
        in.games = {game("A", "B", 4, 4, 1, 1), game("C", "D", 4, 4, 1, 1), game("A", "C", 4, 4, 1, 1),
                    game("B", "D", 4, 4, 1, 1), game("A", "D", 4, 4, 1, 1), game("B", "C", 4, 4, 1, 1)};
        QTest::newRow("four level on everything")
            << in << Units{"A", "B", "C", "D"}
            << Decided{D::Unresolved, D::Unresolved, D::Unresolved, D::Last}
            << QStringLiteral("level with B on everything: a shoot-out decides");
        in.shootOuts = {{"C", "A"}, {"D", "B", "C", "A"}};
        QTest::newRow("four level, the shoot-out")
            << in << Units{"D", "B", "C", "A"} << Decided{D::ShootOut, D::ShootOut, D::ShootOut, D::Last}
            << QStringLiteral("ahead of B by the shoot-out");
    }
}

void TestPlayRules::tieBreaks()
{
    QFETCH(GroupStandingsInput, input);
    QFETCH(Units, order);
    QFETCH(Decided, decided);
    QFETCH(QString, firstReason);
    const Standings standings = groupStandings(input);
    QCOMPARE(orderOf(standings), order);
    QCOMPARE(decidedOf(standings), decided);
    QCOMPARE(QString::fromStdString(standings.rows.front().reason), firstReason);
    for (std::size_t i = 0; i < standings.rows.size(); ++i)
        QCOMPARE(standings.rows[i].position, static_cast<int>(i) + 1);
    // The ties reported are exactly the unresolved runs.
    int unresolved = 0;
    for (const UnresolvedTie& tie : standings.ties)
        unresolved += tie.lastPosition - tie.firstPosition;
    QCOMPARE(unresolved, static_cast<int>(std::count(decided.begin(), decided.end(), DecidedBy::Unresolved)));
}

void TestPlayRules::tieCrossingACutIsDecisive()
{
    // Four level on everything; a cut after 2 (the top 2 advance) makes the tie decisive (G2); a cut
    // after 4 does not.
    GroupStandingsInput in;
    in.units = {"A", "B", "C", "D", "E"};
    in.games = {game("A", "B", 4, 4), game("C", "D", 4, 4), game("A", "C", 4, 4), game("B", "D", 4, 4),
                game("A", "D", 4, 4), game("B", "C", 4, 4), game("E", "A", 0, 8)};
    // A 20, B 12, C 12, D 12, E 0: the tie is B, C, D at 2-4.
    in.cuts = {2};
    Standings standings = groupStandings(in);
    QCOMPARE(standings.ties.size(), std::size_t(1));
    QCOMPARE(standings.ties[0].firstPosition, 2);
    QCOMPARE(standings.ties[0].lastPosition, 4);
    QVERIFY(standings.ties[0].decisive);
    in.cuts = {4};
    standings = groupStandings(in);
    QVERIFY(!standings.ties[0].decisive);
    in.cuts = {3};
    QVERIFY(groupStandings(in).ties[0].decisive);
}

void TestPlayRules::rankAcrossGroups()
{
    // Group 1 of 4 units (3 games each), group 2 of 3 (2 games and a bye each): the winners first by
    // rank, then points a game (G4): X 7.00 a game before P 6.00; the 2nds: Q 5.00 vs Y 4.00; the
    // 3rds: R 3.00 and Z 3.00 level on points a game, Z more 20s a game; W last.
    GroupStandingsInput one;
    one.units = {"P", "Q", "R", "W"};
    one.games = {game("P", "Q", 6, 2), game("P", "R", 6, 2, 1, 0), game("P", "W", 6, 2),
                 game("Q", "R", 7, 1), game("Q", "W", 6, 2),       game("R", "W", 6, 2, 2, 0)};
    // P 18 (6.00), Q 15 (5.00), R 9 (3.00, 2 20s in 3 games), W 6.
    GroupStandingsInput two;
    two.units = {"X", "Y", "Z"};
    two.games = {game("X", "Y", 7, 1),
                 game("X", "Z", 7, 1),
                 game("Y", "Z", 5, 3, 0, 3),
                 GroupGame{"X", "", Score{7, 0, 0, 0, Side::None}, GameKind::Bye},
                 GroupGame{"Y", "", Score{6, 0, 0, 0, Side::None}, GameKind::Bye},
                 GroupGame{"Z", "", Score{5, 0, 0, 0, Side::None}, GameKind::Bye}};
    // X 21 in 3 (7.00), Y 12 (4.00), Z 9 (3.00, 3 20s in 3 games).
    AcrossGroupsInput in;
    in.groups = {{"Group A", groupStandings(one)}, {"Group B", groupStandings(two)}};
    in.cuts = {3};
    const Standings across = acrossGroups(in);
    QCOMPARE(orderOf(across), (Units{"X", "P", "Q", "Y", "Z", "R", "W"}));
    QCOMPARE(decidedOf(across),
             (Decided{DecidedBy::PointsPerGame, DecidedBy::Rank, DecidedBy::PointsPerGame, DecidedBy::Rank,
                      DecidedBy::TwentiesPerGame, DecidedBy::Rank, DecidedBy::Last}));
    QCOMPARE(across.rows[0].reason, std::string("ahead of P on points a game (7.00 to 6.00)"));
    QCOMPARE(across.rows[4].reason, std::string("ahead of R on 20s a game (1.00 to 0.67)"));
    QVERIFY(across.ties.empty());

    // The 2nds level on everything: unresolved and decisive across the cut after 3; a shoot-out
    // recorded for the stage orders them.
    two.games[2] = game("Y", "Z", 7, 1, 0, 3);
    two.games[4] = GroupGame{"Y", "", Score{7, 0, 0, 0, Side::None}, GameKind::Bye};
    // Y: 1 + 7 + 7 = 15 in 3 games, no 20s: level with Q (5.00 and 0.00 a game), both 2nd.
    in.groups[1] = {"Group B", groupStandings(two)};
    Standings tied = acrossGroups(in);
    QCOMPARE(tied.ties.size(), std::size_t(1));
    QCOMPARE(tied.ties[0].units, (Units{"Q", "Y"}));
    QVERIFY(tied.ties[0].decisive);
    in.shootOuts = {{"Y", "Q"}};
    tied = acrossGroups(in);
    QVERIFY(tied.ties.empty());
    QCOMPARE(tied.rows[2].unit, std::string("Y"));
    QCOMPARE(tied.rows[2].decidedBy, DecidedBy::ShootOut);
}

QTEST_APPLESS_MAIN(TestPlayRules)
#include "tst_playrules.moc"
