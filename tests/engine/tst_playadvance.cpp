// Advancing to the next stage (issue 28 item 5, engine/playday.h PlayInput::stagesStarted): a stage
// the director has not started is drawn as a preview, takes no score (entryProblem refuses it, a
// stored one is not used and is said in words), and starting it gives exactly the entrants, groups and
// games the preview showed. Without the gate (0) every stage drawn takes scores, as the simulator and
// the benchmark play.

#include "flickdesk/engine/playday.h"
#include "flickdesk/engine/playsim.h"

#include <QTest>
#include <algorithm>
#include <string>
#include <vector>

using namespace flickdesk::engine::play;

namespace {

// A whole simulated day's input cut back to the scores of the stages before `stages`, gated there.
PlayInput gatedAt(const SimulatedDay& day, int stages)
{
    PlayInput input = day.input;
    input.stagesStarted = stages;
    for (auto it = input.scores.begin(); it != input.scores.end();) {
        if (it->first.stage >= stages) {
            input.enteredFor.erase(it->first);
            it = input.scores.erase(it);
        } else {
            ++it;
        }
    }
    return input;
}

std::vector<std::pair<UnitId, UnitId>> pairings(const PlayStage& stage)
{
    std::vector<std::pair<UnitId, UnitId>> games;
    for (const PlayGroup& group : stage.groups)
        for (const PlayGame& game : group.games)
            games.emplace_back(game.a, game.b);
    return games;
}

} // namespace

class TestPlayAdvance : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void noGateByDefault();
    void stageNotStartedRefusesScore_data();
    void stageNotStartedRefusesScore();
    void previewEqualsWhatStartingGives_data();
    void previewEqualsWhatStartingGives();
    void storedScoreOfStageNotStartedIsNotUsed();
    void firstStageIsAlwaysStarted();
};

void TestPlayAdvance::noGateByDefault()
{
    QCOMPARE(PlayInput{}.stagesStarted, 0);
    const std::vector<PlayUnit> field = sampleUnits(24, 5);
    const SimulatedDay day = simulateDay(makeTemplate(Template::NcaDay, 24), field, 5);
    QVERIFY(day.state.finished);
    QVERIFY(day.state.placesFinal);
    QCOMPARE(day.state.awaitingStart, -1);
    for (const PlayStage& stage : day.state.stages)
        QVERIFY(stage.started);
}

void TestPlayAdvance::stageNotStartedRefusesScore_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("units");
    QTest::newRow("NCA day, groups to pools") << static_cast<int>(Template::NcaDay) << 24;
    QTest::newRow("NCA day, odd field") << static_cast<int>(Template::NcaDay) << 19;
    QTest::newRow("WCC, rounds to pools") << static_cast<int>(Template::Wcc) << 40;
    QTest::newRow("random rounds to top 8") << static_cast<int>(Template::RandomThenTop8) << 14;
}

void TestPlayAdvance::stageNotStartedRefusesScore()
{
    QFETCH(int, kind);
    QFETCH(int, units);
    const Format format = makeTemplate(static_cast<Template>(kind), units);
    QVERIFY(!formatProblem(format, units));
    const std::vector<PlayUnit> field = sampleUnits(units, 31);
    const SimulatedDay day = simulateDay(format, field, 31);
    QVERIFY(day.state.finished);

    const PlayInput input = gatedAt(day, 1);
    const PlayState state = computePlay(input);
    QVERIFY(!state.problem);
    QVERIFY(state.stages.size() >= 2);
    QVERIFY(state.stages[0].complete);
    QVERIFY(!state.stages[1].started);
    QVERIFY(!state.stages[1].complete);
    QCOMPARE(state.awaitingStart, 1);
    QCOMPARE(state.currentStage, 1);
    QVERIFY(!state.finished);
    // The preview's games are drawn, but none waits for a score.
    QVERIFY(!pairings(state.stages[1]).empty());
    QVERIFY(state.waitingGames().empty());
    const PlayGame* game = nullptr;
    for (const PlayGroup& group : state.stages[1].groups)
        for (const PlayGame& each : group.games)
            if (!game && each.state == GameState::Waiting)
                game = &each;
    QVERIFY(game);
    const std::optional<std::string> problem = entryProblem(input, state, game->key, Score{6, 2, 0, 0});
    QVERIFY(problem);
    QVERIFY2(problem->find("has not started") != std::string::npos, problem->c_str());

    // Started, the same game takes the same score.
    PlayInput started = input;
    started.stagesStarted = 2;
    const PlayState after = computePlay(started);
    QVERIFY(after.stages[1].started);
    QCOMPARE(after.awaitingStart, -1);
    QVERIFY(!entryProblem(started, after, game->key, Score{6, 2, 0, 0}));
    QVERIFY(!after.waitingGames().empty());
}

void TestPlayAdvance::previewEqualsWhatStartingGives_data()
{
    stageNotStartedRefusesScore_data();
}

void TestPlayAdvance::previewEqualsWhatStartingGives()
{
    QFETCH(int, kind);
    QFETCH(int, units);
    const Format format = makeTemplate(static_cast<Template>(kind), units);
    const std::vector<PlayUnit> field = sampleUnits(units, 47);
    const SimulatedDay day = simulateDay(format, field, 47);
    QVERIFY(day.state.finished);
    // Every later stage: its preview, then started, hold the same entrants, groups and games.
    for (int stage = 1; stage < static_cast<int>(format.stages.size()); ++stage) {
        const PlayState preview = computePlay(gatedAt(day, stage));
        PlayInput startedInput = gatedAt(day, stage);
        startedInput.stagesStarted = stage + 1;
        const PlayState started = computePlay(startedInput);
        QCOMPARE(preview.awaitingStart, stage);
        const PlayStage& shown = preview.stages[static_cast<std::size_t>(stage)];
        const PlayStage& played = started.stages[static_cast<std::size_t>(stage)];
        QVERIFY(!shown.started);
        QVERIFY(played.started);
        QVERIFY(!shown.entrants.empty());
        QCOMPARE(shown.entrants, played.entrants);
        QCOMPARE(shown.groups.size(), played.groups.size());
        for (std::size_t g = 0; g < shown.groups.size(); ++g) {
            QCOMPARE(shown.groups[g].name, played.groups[g].name);
            QCOMPARE(shown.groups[g].units, played.groups[g].units);
        }
        QCOMPARE(pairings(shown), pairings(played));
        // And the day played on from there ends with the places of the day without the gate.
        PlayInput whole = day.input;
        whole.stagesStarted = static_cast<int>(format.stages.size());
        const PlayState end = computePlay(whole);
        QVERIFY(end.finished);
        QCOMPARE(end.places.size(), day.state.places.size());
        for (std::size_t i = 0; i < end.places.size(); ++i)
            QCOMPARE(end.places[i].unit, day.state.places[i].unit);
    }
}

void TestPlayAdvance::storedScoreOfStageNotStartedIsNotUsed()
{
    const std::vector<PlayUnit> field = sampleUnits(24, 9);
    const SimulatedDay day = simulateDay(makeTemplate(Template::NcaDay, 24), field, 9);
    PlayInput input = gatedAt(day, 1);
    // A score of the pools, stored somehow before the pools started (a file edited by hand).
    const auto pools = std::find_if(day.input.scores.begin(), day.input.scores.end(),
                                    [](const auto& entry) { return entry.first.stage == 1; });
    QVERIFY(pools != day.input.scores.end());
    input.scores.insert(*pools);
    const PlayState state = computePlay(input);
    const PlayGame* game = state.game(pools->first);
    QVERIFY(game);
    QCOMPARE(game->state, GameState::Waiting);
    QVERIFY(
        std::any_of(state.ignoredEntries.begin(), state.ignoredEntries.end(), [](const std::string& text) {
            return text.find("has not started") != std::string::npos;
        }));
}

void TestPlayAdvance::firstStageIsAlwaysStarted()
{
    PlayInput input;
    input.format = makeTemplate(Template::NcaDay, 12);
    input.units = sampleUnits(12, 2);
    input.stagesStarted = 1;
    const PlayState state = computePlay(input);
    QVERIFY(!state.problem);
    QCOMPARE(state.stages.size(), std::size_t(1));
    QVERIFY(state.stages[0].started);
    QCOMPARE(state.awaitingStart, -1); // the pools are not drawn until the groups are complete
    QVERIFY(!state.waitingGames().empty());
    const PlayGame* first = state.waitingGames().front();
    QVERIFY(!entryProblem(input, state, first->key, Score{5, 3, 1, 0}));
}

QTEST_GUILESS_MAIN(TestPlayAdvance)
#include "tst_playadvance.moc"
