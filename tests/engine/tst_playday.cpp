// The whole day of play (engine/playday.h, playsim.h): every template played through computePlay by
// the simulator gives every unit that began a distinct place 1..N (DECISIONS G6), with odd fields,
// byes and withdrawals (G7); playoffs place as G5 says; hand-set places override with their reason;
// the same input gives the same day.

#include "flickdesk/engine/playday.h"
#include "flickdesk/engine/playsim.h"

#include <QTest>
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace flickdesk::engine::play;

Q_DECLARE_METATYPE(Template)

namespace {

// Places 1..N each once, every unit once.
bool isPermutation(const PlayState& state, const std::vector<PlayUnit>& units)
{
    if (state.places.size() != units.size())
        return false;
    std::set<int> places;
    std::set<UnitId> placed;
    for (const Place& place : state.places) {
        places.insert(place.place);
        placed.insert(place.unit);
    }
    return static_cast<int>(places.size()) == static_cast<int>(units.size()) && *places.begin() == 1 &&
           *places.rbegin() == static_cast<int>(units.size()) && placed.size() == units.size();
}

const Place& placeOf(const PlayState& state, const UnitId& unit)
{
    return *std::find_if(state.places.begin(), state.places.end(),
                         [&](const Place& p) { return p.unit == unit; });
}

// A game's opponent's id, for the walkover checks.
int pointsOfWithdrawnAfter(const PlayState& state, const UnitId& unit, int stage, int round)
{
    int points = 0;
    for (const PlayStage& s : state.stages)
        for (const PlayGroup& group : s.groups)
            for (const PlayGame& game : group.games)
                if (std::pair(game.key.stage, game.key.round) >= std::pair(stage, round)) {
                    if (game.a == unit)
                        points += game.score.pointsA;
                    if (game.b == unit)
                        points += game.score.pointsB;
                }
    return points;
}

} // namespace

class TestPlayDay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void templatesPlaceEveryUnit_data();
    void templatesPlaceEveryUnit();
    void wholeWccDay();
    void withdrawnUnitStaysPlaced();
    void sameInputSameDay();
    void playoffPlacesFollowTheBracket();
    void handPlacesOverride();
    void scoresAreChecked();
    void blockingTieWaitsForShootOut();
    void formatProblems_data();
    void formatProblems();
    void seedingMethods();
    void placesDuringTheDay();
    void docsWorkedExample();
    void badInputNeverBreaksTheDay();
    void settingVariants_data();
    void settingVariants();
};

void TestPlayDay::templatesPlaceEveryUnit_data()
{
    QTest::addColumn<Template>("kind");
    QTest::addColumn<int>("units");
    QTest::addColumn<bool>("withdrawal");
    const std::vector<std::pair<Template, const char*>> kinds{
        {Template::NcaDay, "NCA day"},
        {Template::Wcc, "WCC"},
        {Template::OneRoundRobin, "one round robin"},
        {Template::RandomThenTop8, "rounds then top 8"}};
    for (const auto& [kind, name] : kinds)
        for (int units : {8, 9, 13, 24, 40, 41})
            for (bool withdrawal : {false, true})
                QTest::addRow("%s, %d units%s", name, units, withdrawal ? ", a withdrawal" : "")
                    << kind << units << withdrawal;
}

void TestPlayDay::templatesPlaceEveryUnit()
{
    QFETCH(Template, kind);
    QFETCH(int, units);
    QFETCH(bool, withdrawal);
    const Format format = makeTemplate(kind, units, 6);
    QVERIFY2(!formatProblem(format, units), formatProblem(format, units).value_or("").c_str());
    const std::vector<PlayUnit> field = sampleUnits(units, 17 + static_cast<std::uint64_t>(units));
    std::vector<Withdrawal> withdrawals;
    if (withdrawal) // DECISIONS G7: the 3rd seed leaves after the first round of the first stage
        withdrawals.push_back({"u3", 0, 1});
    const SimulatedDay day = simulateDay(format, field, 99);
    const SimulatedDay withdrawn = simulateDay(format, field, 99, withdrawals);
    for (const SimulatedDay* d : {&day, &withdrawn}) {
        QVERIFY2(!d->state.problem, d->state.problem.value_or("").c_str());
        QVERIFY(d->state.finished);
        QVERIFY(d->state.placesFinal);
        QVERIFY(d->state.ignoredEntries.empty());
        QVERIFY(isPermutation(d->state, field));
        for (const Place& place : d->state.places)
            QVERIFY2(!place.rule.empty(), place.unit.c_str());
    }
    // Boards (6 here): within a stage, a round's games of one wave never share a board.
    for (const PlayStage& stage : day.state.stages) {
        std::set<std::tuple<int, int, int, int>> used; // round, game of match, wave, board
        for (const PlayGroup& group : stage.groups)
            for (const PlayGame& game : group.games)
                if (!game.b.empty()) {
                    QVERIFY(game.board >= 1 && game.board <= 6);
                    QVERIFY(used.insert({game.key.round, game.key.game, game.wave, game.board}).second);
                }
    }
    // Odd fields: every unit of an odd round robin group sits out once a cycle; the byes scored 4.
    bool byes = false;
    for (const PlayStage& stage : day.state.stages)
        for (const PlayGroup& group : stage.groups)
            for (const PlayGame& game : group.games)
                if (game.state == GameState::Bye) {
                    byes = true;
                    QCOMPARE(game.score.pointsA, 4);
                    QCOMPARE(game.board, 0);
                }
    if (units % 2 == 1 && kind != Template::NcaDay)
        QVERIFY(byes);
    if (withdrawal) {
        const Place& place = placeOf(withdrawn.state, "u3");
        QVERIFY(place.withdrawn);
        QVERIFY(place.rule.find("withdrew") != std::string::npos);
        // Every game from the withdrawal on is a walkover that gave u3 nothing.
        QCOMPARE(pointsOfWithdrawnAfter(withdrawn.state, "u3", 0, 1), 0);
        int walkovers = 0;
        for (const PlayStage& stage : withdrawn.state.stages)
            for (const PlayGroup& group : stage.groups)
                for (const PlayGame& game : group.games)
                    if (game.state == GameState::Walkover) {
                        ++walkovers;
                        QVERIFY(game.a == "u3" || game.b == "u3");
                        QCOMPARE(game.a == "u3" ? game.score.pointsB : game.score.pointsA, 8);
                    }
        QVERIFY(walkovers > 0);
    }
}

void TestPlayDay::wholeWccDay()
{
    // The WCC of 400 singles on 120 boards: 10 random rounds, two pools of 8, semi-finals, final, 3rd.
    const Format format = makeTemplate(Template::Wcc, 400, 120);
    const std::vector<PlayUnit> field = sampleUnits(400, 2025);
    const SimulatedDay day = simulateDay(format, field, 2025, {{"u10", 0, 4}});
    QVERIFY2(!day.state.problem, day.state.problem.value_or("").c_str());
    QVERIFY(day.state.finished);
    QVERIFY(day.state.placesFinal);
    QVERIFY(isPermutation(day.state, field));
    QCOMPARE(day.state.stages.size(), std::size_t(3));
    // Preliminary: 10 rounds of 200 games, no repeated opponent, boards 1..120 in two waves.
    const PlayGroup& preliminary = day.state.stages[0].groups[0];
    QCOMPARE(preliminary.games.size(), std::size_t(2000));
    std::set<std::pair<UnitId, UnitId>> met;
    for (const PlayGame& game : preliminary.games) {
        QVERIFY(met.insert(std::minmax(game.a, game.b)).second);
        QVERIFY(game.board >= 1 && game.board <= 120);
        QVERIFY(game.wave == 1 || game.wave == 2);
    }
    // Two pools of 8 from the top 16 of the preliminary, snake-seeded (G4).
    const PlayStage& pools = day.state.stages[1];
    QCOMPARE(pools.groups.size(), std::size_t(2));
    QCOMPARE(pools.groups[0].units.size(), std::size_t(8));
    const std::vector<UnitId> top16(day.state.stages[0].order.begin(),
                                    day.state.stages[0].order.begin() + 16);
    QCOMPARE(pools.entrants, top16);
    QCOMPARE(pools.groups[0].units[0], top16[0]);
    QCOMPARE(pools.groups[1].units[0], top16[1]);
    QCOMPARE(pools.groups[1].units[1], top16[2]);
    // Places 1-4 from the playoff, 5-16 the rest of the pools, 17.. the preliminary's order.
    QVERIFY(day.state.places[0].rule.find("won the final") != std::string::npos);
    QVERIFY(day.state.places[2].rule.find("won the match for 3rd") != std::string::npos);
    QVERIFY(day.state.places[4].rule.find("Group") != std::string::npos);
    std::set<UnitId> first16;
    for (int i = 0; i < 16; ++i)
        first16.insert(day.state.places[static_cast<std::size_t>(i)].unit);
    QCOMPARE(first16, std::set<UnitId>(top16.begin(), top16.end()));
    QVERIFY(day.state.places[16].rule.find("did not reach") != std::string::npos);
    QVERIFY(placeOf(day.state, "u10").withdrawn);
    qInfo("WCC day: %d scores, %d shoot-outs recorded, %d computations", day.scoresEntered,
          day.shootOutsRecorded, day.computations);
}

void TestPlayDay::withdrawnUnitStaysPlaced()
{
    // DECISIONS G7, P3: a unit that withdraws mid round robin keeps its place; its remaining games are
    // walkovers scored 8-0 for the opponent, no 20s.
    const Format format = makeTemplate(Template::OneRoundRobin, 6);
    const std::vector<PlayUnit> field = sampleUnits(6, 5);
    const SimulatedDay day = simulateDay(format, field, 5, {{"u1", 0, 2}});
    QVERIFY(day.state.placesFinal);
    const Place& place = placeOf(day.state, "u1");
    QVERIFY(place.withdrawn);
    int walkovers = 0;
    for (const PlayGame& game : day.state.stages[0].groups[0].games)
        if (game.a == "u1" || game.b == "u1") {
            if (game.key.round >= 2) {
                QCOMPARE(game.state, GameState::Walkover);
                QCOMPARE(game.score.twentiesA + game.score.twentiesB, 0);
                ++walkovers;
            } else {
                QCOMPARE(game.state, GameState::Scored);
            }
        }
    QCOMPARE(walkovers, 3); // 5 games, 2 played before the withdrawal
}

void TestPlayDay::sameInputSameDay()
{
    const Format format = makeTemplate(Template::NcaDay, 24, 8);
    const std::vector<PlayUnit> field = sampleUnits(24, 3);
    const SimulatedDay first = simulateDay(format, field, 77);
    const SimulatedDay again = simulateDay(format, field, 77);
    QCOMPARE(first.input.scores.size(), again.input.scores.size());
    for (std::size_t i = 0; i < first.state.places.size(); ++i) {
        QCOMPARE(first.state.places[i].unit, again.state.places[i].unit);
        QCOMPARE(first.state.places[i].rule, again.state.places[i].rule);
    }
    // Recomputed from the recorded play alone (verify-event's way), the places are the same.
    const PlayState recomputed = computePlay(first.input);
    for (std::size_t i = 0; i < first.state.places.size(); ++i)
        QCOMPARE(recomputed.places[i].unit, first.state.places[i].unit);
    // Entering one score after another (the window) or a round at a time gives the same day.
    const SimulatedDay oneByOne = simulateDay(format, field, 77, {}, true);
    for (std::size_t i = 0; i < first.state.places.size(); ++i)
        QCOMPARE(oneByOne.state.places[i].unit, first.state.places[i].unit);
}

void TestPlayDay::playoffPlacesFollowTheBracket()
{
    // 8 units, 7 random rounds, then a top 8 bracket with a match for 3rd (G5). The places 1-8 are
    // the bracket's: final, match for 3rd, then the quarter-final losers by seed.
    const Format format = makeTemplate(Template::RandomThenTop8, 8, 4);
    const std::vector<PlayUnit> field = sampleUnits(8, 11);
    const SimulatedDay day = simulateDay(format, field, 11);
    QVERIFY(day.state.placesFinal);
    const PlayGroup& bracket = day.state.stages[1].groups[0];
    const std::vector<UnitId>& seeds = bracket.units;
    QCOMPARE(seeds, day.state.stages[0].order);
    // The quarter-finals pair 1-8, 4-5, 2-7, 3-6, the better seed as side A.
    std::vector<std::pair<UnitId, UnitId>> quarters;
    for (const PlayGame& game : bracket.games)
        if (game.key.round == 0 && game.key.game == 0)
            quarters.emplace_back(game.a, game.b);
    QCOMPARE(quarters.size(), std::size_t(4));
    QCOMPARE(quarters[0], std::pair(seeds[0], seeds[7]));
    QCOMPARE(quarters[1], std::pair(seeds[3], seeds[4]));
    QCOMPARE(quarters[2], std::pair(seeds[1], seeds[6]));
    QCOMPARE(quarters[3], std::pair(seeds[2], seeds[5]));
    QVERIFY(day.state.places[0].rule.find("won the final") != std::string::npos);
    QVERIFY(day.state.places[1].rule.find("lost the final") != std::string::npos);
    QVERIFY(day.state.places[2].rule.find("lost the semi-final, won the match for 3rd") != std::string::npos);
    QVERIFY(day.state.places[3].rule.find("lost the match for 3rd") != std::string::npos);
    // 5th-8th: quarter-final losers in seed order.
    std::vector<int> seedOrder;
    for (int i = 4; i < 8; ++i) {
        const UnitId& unit = day.state.places[static_cast<std::size_t>(i)].unit;
        QVERIFY(day.state.places[static_cast<std::size_t>(i)].rule.find("quarter-final") !=
                std::string::npos);
        seedOrder.push_back(static_cast<int>(std::find(seeds.begin(), seeds.end(), unit) - seeds.begin()));
    }
    QVERIFY(std::is_sorted(seedOrder.begin(), seedOrder.end()));
    // Every match is best of 3: it ended when one side had 2 wins.
    std::map<std::tuple<int, int>, std::pair<int, int>> wins;
    for (const PlayGame& game : bracket.games) {
        auto& [a, b] = wins[{game.key.round, game.key.slot}];
        (winnerOf(game.score) == Side::A ? a : b)++;
    }
    for (const auto& [match, w] : wins)
        QVERIFY(std::max(w.first, w.second) == 2 && std::min(w.first, w.second) <= 1);
    QCOMPARE(wins.size(), std::size_t(4 + 2 + 2)); // quarters, semis, final and 3rd
}

void TestPlayDay::handPlacesOverride()
{
    const Format format = makeTemplate(Template::OneRoundRobin, 5);
    const std::vector<PlayUnit> field = sampleUnits(5, 8);
    SimulatedDay day = simulateDay(format, field, 8);
    QVERIFY(day.state.placesFinal);
    const UnitId last = day.state.places[4].unit;
    const UnitId first = day.state.places[0].unit;
    day.input.handPlaces.push_back({last, 1, "the score sheet of round 2 was read wrongly"});
    day.input.handPlaces.push_back({first, 9, "a place outside the field"}); // not used
    const PlayState state = computePlay(day.input);
    QCOMPARE(state.places[0].unit, last);
    QVERIFY(state.places[0].byHand);
    QVERIFY(state.places[0].rule.find("read wrongly") != std::string::npos);
    QCOMPARE(state.places[1].unit, first); // the others keep their order around it
    QVERIFY(!state.places[1].byHand);
    QCOMPARE(state.ignoredEntries.size(), std::size_t(1));
    QVERIFY(isPermutation(state, field));
}

void TestPlayDay::scoresAreChecked()
{
    PlayInput input;
    input.format = makeTemplate(Template::OneRoundRobin, 4);
    input.units = sampleUnits(4, 1);
    PlayState state = computePlay(input);
    QCOMPARE(state.waitingGames().size(), std::size_t(6));
    const GameKey key = state.waitingGames().front()->key;
    QVERIFY(entryProblem(input, state, key, Score{6, 2, 3, 1}) == std::nullopt);
    QVERIFY(entryProblem(input, state, key, Score{6, 4, 3, 1}).has_value()); // sums to 10
    QVERIFY(entryProblem(input, state, GameKey{0, 0, 9, 0, 0}, Score{6, 2, 0, 0}).has_value());
    // An invalid stored score is reported and the game stays waiting; a stray key too.
    input.scores[key] = Score{7, 2, 0, 0};
    input.scores[GameKey{0, 3, 0, 0, 0}] = Score{4, 4, 0, 0};
    state = computePlay(input);
    QCOMPARE(state.ignoredEntries.size(), std::size_t(2));
    QCOMPARE(state.game(key)->state, GameState::Waiting);
    input.scores[key] = Score{6, 2, 3, 1};
    input.scores.erase(GameKey{0, 3, 0, 0, 0});
    state = computePlay(input);
    QVERIFY(state.ignoredEntries.empty());
    QCOMPARE(state.game(key)->state, GameState::Scored);
    // A score entered for other sides than the draw now has (a redraw after a correction) is not used.
    const UnitId sideA = state.game(key)->a;
    const UnitId sideB = state.game(key)->b;
    input.enteredFor[key] = {sideB, sideA};
    state = computePlay(input);
    QCOMPARE(state.game(key)->state, GameState::Waiting);
    QCOMPARE(state.ignoredEntries.size(), std::size_t(1));
    QVERIFY(state.ignoredEntries[0].find("the draw now has") != std::string::npos);
    input.enteredFor[key] = {sideA, sideB};
    state = computePlay(input);
    QCOMPARE(state.game(key)->state, GameState::Scored);
    QCOMPARE(gameKeyText(key), std::string("s0.g0.r0.m0.n0"));
    QCOMPARE(parseGameKey("s1.g2.r3.m4.n5").value(), (GameKey{1, 2, 3, 4, 5}));
    QVERIFY(!parseGameKey("s1.g2.r3.m4"));
    QVERIFY(!parseGameKey("s1.g2.r3.m4.n5x"));
}

void TestPlayDay::blockingTieWaitsForShootOut()
{
    // Four units, one round robin where everyone draws 4-4 with equal 20s, then a final of the top 2:
    // the tie across the cut (2 | 3) must be broken by a shoot-out before the final is drawn (G2).
    Format format;
    Stage all;
    all.name = "Round robin";
    all.kind = StageKind::RoundRobin;
    Stage final;
    final.name = "Final";
    final.kind = StageKind::Playoff;
    final.bracketSizes = {2};
    format.stages = {all, final};
    PlayInput input;
    input.format = format;
    input.units = sampleUnits(4, 2);
    PlayState state = computePlay(input);
    for (const PlayGame* game : state.waitingGames())
        input.scores[game->key] = Score{4, 4, 2, 2};
    state = computePlay(input);
    QCOMPARE(state.stages.size(), std::size_t(1));
    QVERIFY(state.stages[0].complete);
    QCOMPARE(state.blockingTies.size(), std::size_t(1));
    QCOMPARE(state.blockingTies[0].units.size(), std::size_t(4));
    QCOMPARE(state.blockingStage, 0);
    QCOMPARE(state.blockingGroup, 0);
    QVERIFY(state.waitingGames().empty());
    input.shootOuts.push_back({0, 0, {"u4", "u2", "u1", "u3"}});
    state = computePlay(input);
    QVERIFY(state.blockingTies.empty());
    QCOMPARE(state.stages.size(), std::size_t(2));
    QCOMPARE(state.stages[1].groups[0].units, (std::vector<UnitId>{"u4", "u2"}));
    QCOMPARE(state.stages[0].groups[0].standings.rows[0].reason,
             std::string("ahead of Player 2 by the shoot-out"));
}

void TestPlayDay::formatProblems_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("pool");
    QTest::addColumn<int>("bracket");
    QTest::addColumn<bool>("valid");
    QTest::newRow("pools fit") << 12 << 6 << 4 << true;
    QTest::newRow("pools larger than the field") << 10 << 6 << 4 << false;
    QTest::newRow("bracket not a power of two") << 12 << 6 << 3 << false;
    QTest::newRow("bracket larger than its pool") << 12 << 6 << 8 << false;
}

void TestPlayDay::formatProblems()
{
    QFETCH(int, units);
    QFETCH(int, pool);
    QFETCH(int, bracket);
    QFETCH(bool, valid);
    Format format;
    Stage groups;
    groups.name = "Groups";
    groups.groups = 2;
    Stage tiers;
    tiers.name = "Pools";
    tiers.kind = StageKind::Tiers;
    tiers.poolSizes = {pool, pool};
    Stage playoff;
    playoff.name = "Finals";
    playoff.kind = StageKind::Playoff;
    playoff.perTier = true;
    playoff.bracketSizes = {bracket, 2};
    format.stages = {groups, tiers, playoff};
    QCOMPARE(!formatProblem(format, units).has_value(), valid);
    // The whole day's function refuses the same format with the same message.
    PlayInput input;
    input.format = format;
    input.units = sampleUnits(units, 1);
    QCOMPARE(computePlay(input).problem, formatProblem(format, units));
}

void TestPlayDay::seedingMethods()
{
    // 12 units in 3 groups of 4: snake on the ratings by default (G4), the same groups every time.
    PlayInput input;
    input.format = makeTemplate(Template::NcaDay, 12);
    input.format.stages[0].groups = 3;
    input.units = sampleUnits(12, 9);
    std::vector<PlayUnit> byRating = input.units;
    std::stable_sort(byRating.begin(), byRating.end(),
                     [](const PlayUnit& x, const PlayUnit& y) { return x.rating > y.rating; });
    PlayState state = computePlay(input);
    QCOMPARE(state.stages[0].groups.size(), std::size_t(3));
    QCOMPARE(state.stages[0].groups[0].units,
             (std::vector<UnitId>{byRating[0].id, byRating[5].id, byRating[6].id, byRating[11].id}));
    // At random from the event's seed: the same seed, the same groups.
    input.format.stages[0].settings.seeding = Seeding::Random;
    input.seed = 31;
    const PlayState random = computePlay(input);
    QCOMPARE(random.stages[0].groups[1].units, computePlay(input).stages[0].groups[1].units);
    // By hand: the director's groups are used as given; groups that leave a unit out are refused.
    input.format.stages[0].settings.seeding = Seeding::Hand;
    input.handGroups = {{"u1", "u2", "u3", "u4"}, {"u5", "u6", "u7", "u8"}, {"u9", "u10", "u11", "u12"}};
    state = computePlay(input);
    QVERIFY(!state.problem);
    QCOMPARE(state.stages[0].groups[2].units, input.handGroups[2]);
    QCOMPARE(state.stages[0].groups[2].name, std::string("Group C"));
    input.handGroups[2].pop_back();
    QVERIFY(computePlay(input).problem.has_value());
}

void TestPlayDay::placesDuringTheDay()
{
    // Before a score and halfway through, every unit has a place (the payout preview's), not final;
    // the rated games are the scored ones only (no bye, no walkover: G3, G7, G8).
    const Format format = makeTemplate(Template::OneRoundRobin, 7);
    const std::vector<PlayUnit> field = sampleUnits(7, 4);
    PlayInput input;
    input.format = format;
    input.units = field;
    input.withdrawals = {{"u2", 0, 5}};
    PlayState state = computePlay(input);
    QVERIFY(isPermutation(state, field));
    QVERIFY(!state.placesFinal);
    QVERIFY(ratedGames(state).empty());
    const SimulatedDay day = simulateDay(format, field, 4, input.withdrawals);
    QVERIFY(day.state.placesFinal);
    const std::vector<RatedGame> rated = ratedGames(day.state);
    // 7 units: 21 pairings, 7 byes; u2 withdrew before round 5 (0-based): its games in rounds 5 and 6
    // are walkovers, not rated.
    int walkovers = 0;
    for (const PlayGame& game : day.state.stages[0].groups[0].games)
        walkovers += game.state == GameState::Walkover ? 1 : 0;
    QVERIFY(walkovers >= 1);
    QCOMPARE(static_cast<int>(rated.size()), 21 - walkovers);
    for (const RatedGame& game : rated)
        if (game.a == "u2" || game.b == "u2")
            QVERIFY(game.key.round < 5);
    PlayInput half = day.input;
    for (auto it = half.scores.begin(); it != half.scores.end();)
        it = it->first.round >= 3 ? half.scores.erase(it) : std::next(it);
    state = computePlay(half);
    QVERIFY(isPermutation(state, field));
    QVERIFY(!state.finished);
    QVERIFY(!state.placesFinal);
    QCOMPARE(state.currentStage, 0);
}

void TestPlayDay::docsWorkedExample()
{
    // The worked example of docs/play.md, score by score: a round robin of 5 on 2 boards, then a
    // best-of-3 final of the top 2.
    PlayInput input;
    Stage all;
    all.name = "Round robin";
    all.settings.boards = 2;
    Stage final;
    final.name = "Final";
    final.kind = StageKind::Playoff;
    final.bracketSizes = {2};
    input.format.stages = {all, final};
    input.units = {{"ann", "Ann", 1710},
                   {"bo", "Bo", 1650},
                   {"cy", "Cy", 1580},
                   {"dee", "Dee", 1490},
                   {"eli", "Eli", 1400}};
    PlayState state = computePlay(input);
    // The draw: round, board, side A, side B (a bye last in its round).
    const std::vector<std::tuple<int, int, UnitId, UnitId>> draw{
        {0, 1, "bo", "eli"},  {0, 2, "cy", "dee"},  {0, 0, "ann", ""},   {1, 1, "bo", "ann"},
        {1, 2, "dee", "eli"}, {1, 0, "cy", ""},     {2, 1, "ann", "cy"}, {2, 2, "dee", "bo"},
        {2, 0, "eli", ""},    {3, 1, "dee", "ann"}, {3, 2, "eli", "cy"}, {3, 0, "bo", ""},
        {4, 1, "ann", "eli"}, {4, 2, "bo", "cy"},   {4, 0, "dee", ""}};
    const std::vector<PlayGame>& games = state.stages[0].groups[0].games;
    QCOMPARE(games.size(), draw.size());
    for (std::size_t i = 0; i < draw.size(); ++i) {
        QCOMPARE(games[i].key.round, std::get<0>(draw[i]));
        QCOMPARE(games[i].board, std::get<1>(draw[i]));
        QCOMPARE(games[i].a, std::get<2>(draw[i]));
        QCOMPARE(games[i].b, std::get<3>(draw[i]));
    }
    const std::vector<std::string> entries{"6 2 3 1", "5 3 2 2", "3 5 2 4", "4 4 2 2", "5 3 5 1",
                                           "2 6 1 2", "2 6 0 3", "3 5 1 4", "6 2 4 1", "3 5 2 2"};
    std::size_t next = 0;
    for (const PlayGame& game : games)
        if (game.state == GameState::Waiting)
            input.scores[game.key] = parseScore(entries[next++]).value();
    state = computePlay(input);
    const Standings& standings = state.stages[0].groups[0].standings;
    QCOMPARE((std::vector<UnitId>{standings.rows[0].unit, standings.rows[1].unit, standings.rows[2].unit,
                                  standings.rows[3].unit, standings.rows[4].unit}),
             (std::vector<UnitId>{"ann", "cy", "bo", "dee", "eli"}));
    QCOMPARE(standings.rows[0].points, 26);
    QCOMPARE(standings.rows[0].twenties, 16);
    QCOMPARE(standings.rows[1].points, 22);
    QCOMPARE(standings.rows[1].twenties, 9);
    QCOMPARE(standings.rows[2].twenties, 9);
    QCOMPARE(standings.rows[1].reason,
             std::string("ahead of Bo on the games among the 2 level on points (5 to 3)"));
    QCOMPARE(standings.rows[3].reason, std::string("level with Eli on everything: a shoot-out decides"));
    QVERIFY(state.blockingTies.empty()); // the Dee-Eli tie decides no one's way to the final
    // The final: Ann 5-3, Cy 5-3, Ann 6-4 after one extra round; a level 4-4 is refused.
    QCOMPARE(state.stages[1].groups[0].units, (std::vector<UnitId>{"ann", "cy"}));
    const GameKey game1{1, 0, 0, 0, 0};
    QVERIFY(entryProblem(input, state, game1, Score{4, 4, 1, 1, Side::None}).has_value());
    input.scores[game1] = parseScore("5 3 3 2").value();
    input.scores[GameKey{1, 0, 0, 0, 1}] = parseScore("3 5 1 2").value();
    input.scores[GameKey{1, 0, 0, 0, 2}] = parseScore("6 4 2 1").value();
    state = computePlay(input);
    QVERIFY(state.finished);
    QVERIFY(!state.placesFinal); // Dee and Eli: 4th and 5th wait for the shoot-out
    QCOMPARE(state.placeTies.size(), std::size_t(1));
    QCOMPARE(state.placeTies[0].units, (std::vector<UnitId>{"dee", "eli"}));
    input.shootOuts.push_back({0, 0, {"eli", "dee"}});
    state = computePlay(input);
    QVERIFY(state.placesFinal);
    std::vector<std::string> rules;
    for (const Place& place : state.places)
        rules.push_back(place.unit + " " + place.rule);
    QCOMPARE(rules, (std::vector<std::string>{"ann 1st: won the final", "cy 2nd: lost the final",
                                              "bo 3rd: 3rd in Round robin; did not reach Final",
                                              "eli 4th: 4th in Round robin; did not reach Final",
                                              "dee 5th: 5th in Round robin; did not reach Final"}));
}

void TestPlayDay::badInputNeverBreaksTheDay()
{
    // Formats and entries made of random numbers, as a damaged file could hold them: computePlay
    // either names a problem or gives every unit a distinct place; nothing crashes.
    std::uint64_t random = 12345;
    auto below = [&](int bound) {
        random = random * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((random >> 33) % static_cast<std::uint64_t>(bound));
    };
    int played = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int units = 1 + below(30);
        PlayInput input;
        input.format = makeTemplate(static_cast<Template>(below(4)), std::max(units, 2), below(5));
        for (Stage& stage : input.format.stages) {
            if (below(4) == 0)
                stage.kind = static_cast<StageKind>(below(4));
            if (below(4) == 0)
                stage.groups = below(6) - 1;
            if (below(4) == 0)
                stage.takeTop = below(40) - 2;
            if (below(5) == 0)
                stage.poolSizes = {below(12), below(12)};
            if (below(5) == 0)
                stage.bracketSizes = {below(9), below(5)};
            if (below(6) == 0)
                stage.settings.roundsPerGame = below(2) == 0 ? 0 : 2000000000;
            if (below(6) == 0)
                stage.settings.tieBreaks.clear();
            stage.perTier = below(2) == 0 ? stage.perTier : !stage.perTier;
        }
        input.units = sampleUnits(units, static_cast<std::uint64_t>(trial));
        input.seed = static_cast<std::uint64_t>(trial);
        PlayState state = computePlay(input);
        if (state.problem) {
            QCOMPARE(state.problem, formatProblem(input.format, units));
            continue;
        }
        // Entries: valid keys with random scores, keys that are not in the draw, unknown units.
        for (int step = 0; step < 6 && !state.waitingGames().empty(); ++step) {
            for (const PlayGame* game : state.waitingGames())
                input.scores[game->key] =
                    Score{below(12) - 1, below(12), below(60), below(3), static_cast<Side>(below(3))};
            input.scores[GameKey{below(4), below(4), below(12), below(6), below(3)}] =
                Score{8, 0, 0, 0, Side::None};
            input.shootOuts.push_back({below(3), below(3) - 1, {"u1", "nobody", "u2"}});
            input.withdrawals.push_back({below(2) == 0 ? "u3" : "stranger", below(3), below(8)});
            input.handPlaces.push_back({"u" + std::to_string(1 + below(units + 2)), below(units + 3) - 1,
                                        below(2) == 0 ? "" : "hand"});
            state = computePlay(input);
            QVERIFY(!state.problem);
        }
        QVERIFY(isPermutation(state, input.units));
        ++played;
    }
    QVERIFY(played > 50);
}

void TestPlayDay::settingVariants_data()
{
    QTest::addColumn<int>("variant");
    QTest::newRow("Swiss rounds, then top 8") << 0;
    QTest::newRow("playoff first to 9") << 1;
    QTest::newRow("playoff level games by a 20s shoot-out") << 2;
    QTest::newRow("round robin twice, byes of 3, walkovers of 6") << 3;
    QTest::newRow("best of 5, mini-league before 20s, no match for 3rd") << 4;
}

void TestPlayDay::settingVariants()
{
    // The settings of G1-G7 other than the defaults, each played through a whole day of 13 units.
    QFETCH(int, variant);
    Format format = makeTemplate(variant == 3 ? Template::OneRoundRobin : Template::RandomThenTop8, 13, 5);
    Stage& first = format.stages.front();
    Stage& last = format.stages.back();
    switch (variant) {
    case 0:
        first.swiss = true;
        break;
    case 1:
        last.settings.match = MatchKind::FirstTo;
        break;
    case 2:
        last.settings.level = LevelPlayoffGame::TwentiesShootOut;
        break;
    case 3:
        first.settings.gamesPerPairing = 2;
        first.settings.byePoints = 3;
        first.settings.walkoverPoints = 6;
        break;
    case 4:
        last.settings.bestOf = 5;
        last.settings.thirdPlace = false;
        first.settings.tieBreaks = {TieBreak::MiniLeague, TieBreak::Twenties, TieBreak::ShootOut};
        break;
    }
    const std::vector<PlayUnit> field = sampleUnits(13, 21);
    const SimulatedDay day = simulateDay(format, field, 21, {{"u5", 0, 3}});
    QVERIFY2(!day.state.problem, day.state.problem.value_or("").c_str());
    QVERIFY(day.state.placesFinal);
    QVERIFY(day.state.ignoredEntries.empty());
    QVERIFY(isPermutation(day.state, field));
    // Every entered score passes the stage's own check; the group stage never repeats a pairing
    // more often than its cycles.
    for (const auto& [key, score] : day.input.scores) {
        const Stage& stage = format.stages[static_cast<std::size_t>(key.stage)];
        QVERIFY(!scoreProblem(score, stage.settings, stage.kind == StageKind::Playoff));
    }
    std::map<std::pair<UnitId, UnitId>, int> met;
    for (const PlayGame& game : day.state.stages[0].groups[0].games)
        if (!game.b.empty())
            ++met[std::minmax(game.a, game.b)];
    for (const auto& [pair, count] : met)
        QVERIFY(count <= first.settings.gamesPerPairing);
    if (variant == 1)
        for (const PlayGame& game : day.state.stages[1].groups[0].games)
            if (game.state == GameState::Scored)
                QVERIFY(std::max(game.score.pointsA, game.score.pointsB) >= 9);
    if (variant == 3) {
        QCOMPARE(static_cast<int>(met.size()), 13 * 12 / 2);
        for (const PlayGame& game : day.state.stages[0].groups[0].games) {
            if (game.state == GameState::Bye && game.a != "u5")
                QCOMPARE(game.score.pointsA, 3);
            if (game.state == GameState::Walkover)
                QCOMPARE(std::max(game.score.pointsA, game.score.pointsB), 6);
        }
    }
    if (variant == 4) {
        // 3rd and 4th by their standing before the playoff (G5), the better seed 3rd.
        const std::vector<UnitId>& seeds = day.state.stages[1].groups[0].units;
        const auto seedOf = [&](const UnitId& unit) {
            return std::find(seeds.begin(), seeds.end(), unit) - seeds.begin();
        };
        QVERIFY(seedOf(day.state.places[2].unit) < seedOf(day.state.places[3].unit));
        QVERIFY(day.state.places[2].rule.find("by standing") != std::string::npos);
    }
    // The group means shown for the first stage: one group, the field's mean.
    double sum = 0;
    for (const PlayUnit& unit : field)
        sum += unit.rating;
    QCOMPARE(day.state.stages[0].groups[0].meanRating, sum / 13);
}

QTEST_APPLESS_MAIN(TestPlayDay)
#include "tst_playday.moc"
