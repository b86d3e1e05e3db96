// The random rounds computePlay keeps between calls (engine/playday.h, forgetDrawnRounds): a day
// computed score by score, as the window computes it, equals a fresh computePlay (every round drawn
// again) at every point checked: random and Swiss rounds, withdrawals, a corrected early score that
// redraws the rounds after it, and two events with the same field or the same seed computed in turn.
// Also the game keys read back as sscanf read them.

#include "flickdesk/engine/playday.h"
#include "flickdesk/engine/playsim.h"

#include <QTest>
#include <string>
#include <vector>

using namespace flickdesk::engine::play;

namespace {

// Everything a state shows, as text: two states are equal when their texts are.
std::string describe(const PlayState& state)
{
    std::string text;
    auto add = [&text](const std::string& piece) {
        text += piece;
        text += '|';
    };
    if (state.problem)
        add(*state.problem);
    for (const PlayStage& stage : state.stages) {
        add("stage " + std::to_string(stage.index) + (stage.complete ? " complete" : ""));
        for (const UnitId& unit : stage.entrants)
            add(unit);
        for (const PlayGroup& group : stage.groups) {
            add(group.name + " " + std::to_string(group.meanRating));
            for (const UnitId& unit : group.units)
                add(unit);
            for (const PlayGame& game : group.games)
                add(gameKeyText(game.key) + " " + game.a + " v " + game.b + " board " +
                    std::to_string(game.board) + " wave " + std::to_string(game.wave) + " state " +
                    std::to_string(static_cast<int>(game.state)) + " " + scoreText(game.score));
            for (const StandingRow& row : group.standings.rows)
                add(row.unit + " " + std::to_string(row.position) + " " + std::to_string(row.points) + " " +
                    std::to_string(row.twenties) + " " + row.reason);
            for (const UnresolvedTie& tie : group.standings.ties)
                add("tie " + std::to_string(tie.firstPosition) + "-" + std::to_string(tie.lastPosition));
            for (std::size_t i = 0; i < group.playoffOrder.size(); ++i)
                add(group.playoffOrder[i] + " " + group.playoffReasons[i]);
        }
        for (std::size_t i = 0; i < stage.order.size(); ++i)
            add(stage.order[i] + " " + stage.orderReasons[i]);
        for (const UnresolvedTie& tie : stage.ties)
            add("stage tie " + std::to_string(tie.firstPosition) + "-" + std::to_string(tie.lastPosition) +
                (tie.decisive ? " decisive" : ""));
    }
    add("current " + std::to_string(state.currentStage) + (state.finished ? " finished" : ""));
    for (const UnresolvedTie& tie : state.blockingTies)
        add("blocking " + std::to_string(tie.firstPosition) + "-" + std::to_string(tie.lastPosition));
    for (const UnresolvedTie& tie : state.placeTies)
        add("place tie " + std::to_string(tie.firstPosition) + "-" + std::to_string(tie.lastPosition));
    for (const Place& place : state.places)
        add(place.unit + " " + std::to_string(place.place) + " " + place.rule);
    for (const std::string& ignored : state.ignoredEntries)
        add(ignored);
    return text;
}

// The play of `input` with every round drawn afresh.
PlayState fresh(const PlayInput& input)
{
    forgetDrawnRounds();
    return computePlay(input);
}

} // namespace

class TestPlayDraws : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void scoreByScoreEqualsFresh_data();
    void scoreByScoreEqualsFresh();
    void eventsInTurn();
    void gameKeysReadAsBefore();
};

void TestPlayDraws::scoreByScoreEqualsFresh_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("units");
    QTest::addColumn<bool>("swiss");
    QTest::addColumn<bool>("withdrawals");
    QTest::newRow("WCC, 61 units") << static_cast<int>(Template::Wcc) << 61 << false << false;
    QTest::newRow("WCC, 48 units, withdrawals") << static_cast<int>(Template::Wcc) << 48 << false << true;
    QTest::newRow("Swiss, 33 units") << static_cast<int>(Template::RandomThenTop8) << 33 << true << false;
    QTest::newRow("Swiss, 40 units, withdrawals")
        << static_cast<int>(Template::RandomThenTop8) << 40 << true << true;
    QTest::newRow("NCA day, 24 units") << static_cast<int>(Template::NcaDay) << 24 << false << false;
}

void TestPlayDraws::scoreByScoreEqualsFresh()
{
    QFETCH(int, kind);
    QFETCH(int, units);
    QFETCH(bool, swiss);
    QFETCH(bool, withdrawals);
    Format format = makeTemplate(static_cast<Template>(kind), units, 12);
    format.stages.front().swiss = swiss;
    std::vector<Withdrawal> out;
    if (withdrawals)
        out = {{"u3", 0, 2}, {"u11", 0, 0}};
    forgetDrawnRounds();
    const SimulatedDay day = simulateDay(format, sampleUnits(units, 7), 7, out, true);
    QVERIFY(day.state.placesFinal);
    QCOMPARE(describe(day.state), describe(fresh(day.input)));

    // The day's scores entered again one at a time, in the order of the games: the state kept
    // between the calls (the rounds drawn) never shows.
    PlayInput input = day.input;
    input.scores.clear();
    input.enteredFor.clear();
    forgetDrawnRounds();
    int checked = 0;
    int step = 0;
    for (const auto& [key, score] : day.input.scores) {
        input.scores[key] = score;
        input.enteredFor[key] = day.input.enteredFor.at(key);
        const PlayState kept = computePlay(input);
        if (++step % 5 != 0)
            continue;
        const std::string keptText = describe(kept);
        QCOMPARE(keptText, describe(fresh(input)));
        ++checked;
        // After the fresh computation: the next entry draws afresh too, and the kept rounds are
        // rebuilt from it.
        QCOMPARE(describe(computePlay(input)), keptText);
    }
    QVERIFY(checked >= 5);

    // A corrected score of the first round: the rounds after it may be drawn again (Swiss) or stay,
    // and the entries made for the sides they had are reported; as fresh either way.
    computePlay(day.input);
    PlayInput corrected = day.input;
    Score& first = corrected.scores.begin()->second;
    std::swap(first.pointsA, first.pointsB);
    std::swap(first.twentiesA, first.twentiesB);
    const std::string keptText = describe(computePlay(corrected));
    QCOMPARE(keptText, describe(fresh(corrected)));
    // And back: the kept rounds of the corrected day do not leak into the day as entered.
    QCOMPARE(describe(computePlay(day.input)), describe(day.state));
}

void TestPlayDraws::eventsInTurn()
{
    // Two events with the same field and other seeds, and two with the same seed and other fields,
    // computed in turn: each as fresh.
    const Format format = makeTemplate(Template::Wcc, 50, 12);
    std::vector<PlayInput> inputs;
    for (const auto& [seed, unitSeed] : {std::pair<std::uint64_t, std::uint64_t>{1, 1}, {2, 1}, {1, 2}}) {
        const SimulatedDay day = simulateDay(format, sampleUnits(50, unitSeed), seed);
        QVERIFY(day.state.placesFinal);
        PlayInput half = day.input;
        // Half the preliminary's rounds scored: the rounds drawn so far are kept.
        for (auto it = half.scores.begin(); it != half.scores.end();)
            it = it->first.stage > 0 || it->first.round >= 5 ? half.scores.erase(it) : std::next(it);
        inputs.push_back(half);
        inputs.push_back(day.input);
    }
    std::vector<std::string> expected;
    for (const PlayInput& input : inputs)
        expected.push_back(describe(fresh(input)));
    QVERIFY(expected[0] != expected[2]); // another seed: another draw
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < inputs.size(); ++i)
            QCOMPARE(describe(computePlay(inputs[i])), expected[i]);
    // Backwards: a longer kept draw serves a shorter day.
    for (std::size_t i = inputs.size(); i-- > 0;)
        QCOMPARE(describe(computePlay(inputs[i])), expected[i]);
}

void TestPlayDraws::gameKeysReadAsBefore()
{
    const auto key = parseGameKey("s1.g0.r12.m3.n2");
    QVERIFY(key);
    QCOMPARE(key->stage, 1);
    QCOMPARE(key->round, 12);
    QCOMPARE(key->slot, 3);
    QCOMPARE(key->game, 2);
    QCOMPARE(gameKeyText(*key), std::string("s1.g0.r12.m3.n2"));
    // What sscanf reads (leading zeros, a sign) is still read; the rest is still refused.
    QCOMPARE(parseGameKey("s01.g0.r2.m3.n0")->stage, 1);
    QCOMPARE(parseGameKey("s+1.g0.r2.m3.n0")->stage, 1);
    QVERIFY(!parseGameKey("s1.g0.r2.m3.n0x"));
    QVERIFY(!parseGameKey("s1.g0.r2.m3"));
    QVERIFY(!parseGameKey("s1.g-1.r2.m3.n0"));
    QVERIFY(!parseGameKey("s.g0.r2.m3.n0"));
    QVERIFY(!parseGameKey(""));
    QCOMPARE(parseGameKey("s123456789.g0.r0.m0.n0")->stage, 123456789);
}

QTEST_APPLESS_MAIN(TestPlayDraws)
#include "tst_playdraws.moc"
