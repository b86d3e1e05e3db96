// Diplomacy Squares scoring (spec 002; DECISIONS S1-S5): game scores, the classes, positions and the
// comparison of games, the tournament tie-breaks, and randomised properties of S3 and of the
// comparison. Every expected value is worked out by hand in the comment beside it.

#include "flickdesk/engine/squares.h"

#include <QTest>
#include <algorithm>
#include <random>

using namespace flickdesk::engine;

namespace {

// One seat as written in a test: player, centres, elimination year (0 when holding centres).
struct SeatSpec {
    const char* player;
    int centres;
    int year = 0;
};

// A game whose seats take the powers in order (Austria, England, ...).
SquaresGame game(const char* id, int round, std::initializer_list<SeatSpec> seats)
{
    SquaresGame result;
    result.id = id;
    result.round = round;
    result.source = {"games.csv", 1};
    int power = 0;
    for (const SeatSpec& spec : seats) {
        SquaresSeat seat;
        seat.playerId = spec.player;
        seat.power = static_cast<DiplomacyPower>(power++ % kDiplomacyPowers);
        seat.centres = spec.centres;
        seat.eliminatedYear = spec.year;
        seat.source = {"games.csv", power + 1};
        result.seats.push_back(seat);
    }
    return result;
}

// The result of `player` in a scored game.
SquaresGameResult resultOf(const SquaresGame& g, const char* player)
{
    for (const SquaresGameResult& result : scoreSquaresGame(g)) {
        if (result.playerId == player)
            return result;
    }
    qFatal("no player %s in game %s", player, g.id.c_str());
}

const SquaresStanding& standingOf(const SquaresTournament& tournament, const char* player)
{
    const auto it = std::find_if(tournament.standings.begin(), tournament.standings.end(),
                                 [&](const SquaresStanding& s) { return s.playerId == player; });
    if (it == tournament.standings.end())
        qFatal("no player %s in the standings", player);
    return *it;
}

// "rank player tie_break" per row, so that a failure prints the whole table.
QStringList summary(const SquaresTournament& tournament)
{
    QStringList lines;
    for (const SquaresStanding& s : tournament.standings)
        lines << QStringLiteral("%1 %2 %3")
                     .arg(s.rank)
                     .arg(QString::fromStdString(s.playerId),
                          QString::fromUtf8(tieBreakName(s.tieBreak).data(),
                                            static_cast<qsizetype>(tieBreakName(s.tieBreak).size())))
                     .trimmed();
    return lines;
}

QStringList lines(std::initializer_list<const char*> expected)
{
    QStringList result;
    for (const char* line : expected)
        result << QString::fromUtf8(line);
    return result;
}

bool hasDefect(const std::vector<Defect>& defects, const char* field, const char* words)
{
    return std::any_of(defects.begin(), defects.end(), [&](const Defect& d) {
        return d.field == field && d.message.find(words) != std::string::npos;
    });
}

// A crafted result for the comparison's last steps: a draw of `score` points, 1st outright, with
// the given scores of the players finishing 1st to 7th.
SquaresGameResult craftedDraw(std::int64_t score, std::array<std::int64_t, kDiplomacyPowers> places)
{
    SquaresGameResult result;
    result.gameClass = SquaresClass::Draw;
    result.score = {score, 1};
    for (std::size_t k = 0; k < places.size(); ++k)
        result.placeScores[k] = {places[k], 1};
    return result;
}

} // namespace

class TestSquares : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void squaresBeforeNormalisation();
    void drawnBoardIsNormalisedTo100();
    void soloScoresHundredAndZero();
    void classes();
    void classOrderingBeforePoints();
    void positions();
    void gameComparisonSteps();
    void lastComparisonSteps();
    void invalidGames();
    void tieBreakWinsEqualAndBest();
    void tieBreakDraws();
    void tieBreakSecondAndThird();
    void totalsComparedToOneBillionth();
    void printedHundredthsRoundTheExactFraction_data();
    void printedHundredthsRoundTheExactFraction();
    void totalHundredthsRoundTheExactSum();
    void randomisedPositionProperties();
    void randomisedComparisonIsStrictWeakOrder();
};

void TestSquares::squaresBeforeNormalisation()
{
    // Spec 002 §1: "5 centres = 25 points, 15 centres = 225 points".
    QCOMPARE(squaresOfCentres(5), 25);
    QCOMPARE(squaresOfCentres(15), 225);
    QCOMPARE(squaresOfCentres(0), 0);
}

void TestSquares::drawnBoardIsNormalisedTo100()
{
    // 10, 8, 6, 5, 3, 2 and 0 centres: squares 100 + 64 + 36 + 25 + 9 + 4 + 0 = 238.
    const SquaresGame g =
        game("G", 1, {{"a", 10}, {"b", 8}, {"c", 6}, {"d", 5}, {"e", 3}, {"f", 2}, {"g", 0, 1907}});
    QVERIFY(validateSquaresGame(g).empty());
    const std::vector<SquaresGameResult> results = scoreSquaresGame(g);
    QCOMPARE(results.size(), std::size_t(7));
    double sum = 0.0;
    for (const SquaresGameResult& r : results)
        sum += r.score.value();
    QVERIFY(std::abs(sum - 100.0) < 1e-9);
    // 100·100/238 = 5000/119 = 42.0168...; 100·25/238 = 1250/119 = 10.504...
    QCOMPARE(results[0].score.numerator * 119, 5000 * results[0].score.denominator);
    QVERIFY(std::abs(results[0].score.value() - 5000.0 / 119.0) < 1e-12);
    QVERIFY(std::abs(results[3].score.value() - 1250.0 / 119.0) < 1e-12);
    QCOMPARE(results[6].score.numerator, 0); // eliminated: 0

    // 6 and 3 centres: 36/45 and 9/45 of 100 = 80 and 20 exactly.
    const std::vector<SquaresGameResult> small =
        scoreSquaresGame(game("H", 1, {{"a", 6}, {"b", 3}, {"c", 0, 1905}}));
    QCOMPARE(small[0].score.value(), 80.0);
    QCOMPARE(small[1].score.value(), 20.0);
    QCOMPARE(small[2].score.value(), 0.0);
}

void TestSquares::soloScoresHundredAndZero()
{
    // DECISIONS S1: 18 centres is a solo, 100 to the winner and 0 to everyone, survivor or not.
    const std::vector<SquaresGameResult> results =
        scoreSquaresGame(game("S", 1, {{"a", 10}, {"b", 18}, {"c", 6}, {"d", 0, 1904}}));
    QCOMPARE(results[1].score.value(), 100.0);
    QCOMPARE(results[0].score.value(), 0.0);
    QCOMPARE(results[2].score.value(), 0.0);
    QCOMPARE(results[3].score.value(), 0.0);
}

void TestSquares::classes()
{
    // DECISIONS S2 on a solo and on a draw.
    const std::vector<SquaresGameResult> solo =
        scoreSquaresGame(game("S", 1, {{"a", 10}, {"b", 18}, {"c", 0, 1904}}));
    QCOMPARE(solo[0].gameClass, SquaresClass::Loss);
    QCOMPARE(solo[1].gameClass, SquaresClass::Win);
    QCOMPARE(solo[2].gameClass, SquaresClass::Elimination);
    const std::vector<SquaresGameResult> draw = scoreSquaresGame(game("D", 1, {{"a", 17}, {"b", 0, 1910}}));
    QCOMPARE(draw[0].gameClass, SquaresClass::Draw);
    QCOMPARE(draw[1].gameClass, SquaresClass::Elimination);
}

void TestSquares::classOrderingBeforePoints()
{
    const SquaresGameResult win = resultOf(game("S", 1, {{"w", 18}, {"l", 16}}), "w");
    const SquaresGameResult loss = resultOf(game("S", 1, {{"w", 18}, {"l", 16}}), "l");
    // A draw worth little: 1 centre of 1 + 289 + 1 squares: 100/291 = 0.34 points.
    const SquaresGameResult poorDraw = resultOf(game("D", 1, {{"x", 1}, {"y", 17}, {"z", 1}}), "x");
    const SquaresGameResult elimination = resultOf(game("D", 1, {{"x", 10}, {"e", 0, 1902}}), "e");

    QCOMPARE(compareGames(win, poorDraw).order, 1);
    QCOMPARE(compareGames(win, poorDraw).step, SquaresGameStep::Class);
    QCOMPARE(compareGames(poorDraw, elimination).order, 1);
    QCOMPARE(compareGames(poorDraw, elimination).step, SquaresGameStep::Class);
    // A loss holding 16 centres is below an elimination in 1902 (spec 002 §4: "a game where a
    // player loses will be considered below an Elimination").
    QCOMPARE(compareGames(elimination, loss).order, 1);
    QCOMPARE(compareGames(loss, elimination).order, -1);
    QCOMPARE(compareGames(loss, elimination).step, SquaresGameStep::Class);

    // In Squares a loss and an elimination both score 0, so "even with more points" can only be
    // shown with crafted results: a loss of 50 points stays below an elimination of 0.
    SquaresGameResult richLoss = loss;
    richLoss.score = {50, 1};
    QCOMPARE(compareGames(richLoss, elimination).order, -1);
    QCOMPARE(compareGames(richLoss, elimination).step, SquaresGameStep::Class);
}

void TestSquares::positions()
{
    // 10, 8, 8, 5, 0, 0: places 1, =2, =2, 4, =5, =5.
    const std::vector<SquaresGameResult> r = scoreSquaresGame(
        game("P", 1, {{"a", 10}, {"b", 8}, {"c", 8}, {"d", 5}, {"e", 0, 1903}, {"f", 0, 1905}}));
    const std::array<std::pair<int, int>, 6> expected = {{{1, 1}, {2, 2}, {2, 2}, {4, 1}, {5, 2}, {5, 2}}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(r[i].position.place, expected[i].first);
        QCOMPARE(r[i].position.sharing, expected[i].second);
    }
    // Spec 002 §4's note: outright 1st > equal 1st > 2nd; equal 2nd of 2 > equal 2nd of 3.
    QVERIFY(comparePositions({1, 1}, {1, 2}) > 0);
    QVERIFY(comparePositions({1, 3}, {2, 1}) > 0);
    QVERIFY(comparePositions({2, 2}, {2, 3}) > 0);
    QVERIFY(comparePositions({2, 3}, {2, 2}) < 0);
    QCOMPARE(comparePositions({3, 2}, {3, 2}), 0);
}

void TestSquares::gameComparisonSteps()
{
    // Points: 80 (6 of 6,3) beats 50 (17 of 17,17).
    const SquaresGameResult eighty = resultOf(game("A", 1, {{"p", 6}, {"q", 3}}), "p");
    const SquaresGameResult fifty = resultOf(game("B", 1, {{"p", 17}, {"q", 17}}), "p");
    QCOMPARE(compareGames(eighty, fifty).order, 1);
    QCOMPARE(compareGames(eighty, fifty).step, SquaresGameStep::Points);

    // Position: 50 points both ways: 5 of 5,4,3 (25/50, outright 1st) and 17 of 17,17 (equal 1st).
    const SquaresGameResult outright = resultOf(game("C", 1, {{"p", 5}, {"q", 4}, {"r", 3}}), "p");
    QCOMPARE(compareScores(outright.score, fifty.score), 0);
    QCOMPARE(compareGames(outright, fifty).order, 1);
    QCOMPARE(compareGames(outright, fifty).step, SquaresGameStep::Position);
    // Equal 1st of 3 (5,5,5: 25/75) beats outright 2nd with the same 1/3 (4 of 5,4,2,1,1,1:
    // 16 / (25+16+4+1+1+1 = 48)).
    const SquaresGameResult equalFirst = resultOf(game("D", 1, {{"p", 5}, {"q", 5}, {"r", 5}}), "p");
    const SquaresGameResult second =
        resultOf(game("E", 1, {{"a", 5}, {"p", 4}, {"b", 2}, {"c", 1}, {"d", 1}, {"e", 1}}), "p");
    QCOMPARE(compareScores(equalFirst.score, second.score), 0);
    QCOMPARE(compareGames(equalFirst, second).order, 1);
    QCOMPARE(compareGames(equalFirst, second).step, SquaresGameStep::Position);

    // Elimination year (DECISIONS S4): both eliminated 3rd of 10,8,0: 1907 beats 1905.
    const SquaresGameResult early = resultOf(game("F", 1, {{"a", 10}, {"b", 8}, {"p", 0, 1905}}), "p");
    const SquaresGameResult late = resultOf(game("G", 1, {{"a", 10}, {"b", 8}, {"p", 0, 1907}}), "p");
    QCOMPARE(compareGames(late, early).order, 1);
    QCOMPARE(compareGames(late, early).step, SquaresGameStep::Elimination);

    // Versus 1st: eliminated in 1905 in both; the leader of 10,8 has 10000/164 = 60.98, the leader
    // of 10,6 has 10000/136 = 73.53; -60.98 > -73.53.
    const SquaresGameResult strongLeader = resultOf(game("H", 1, {{"a", 10}, {"b", 6}, {"p", 0, 1905}}), "p");
    QCOMPARE(compareGames(early, strongLeader).order, 1);
    QCOMPARE(compareGames(early, strongLeader).step, SquaresGameStep::Versus1st);

    // Versus 2nd: 80 points outright 1st in both; 6,3 (2nd 20) and 6,2,2,1 (2nd 400/45 = 8.89):
    // margins 60 and 71.11.
    const SquaresGameResult v2a = resultOf(game("I", 1, {{"p", 6}, {"q", 3}}), "p");
    const SquaresGameResult v2b = resultOf(game("J", 1, {{"p", 6}, {"q", 2}, {"r", 2}, {"s", 1}}), "p");
    QCOMPARE(compareGames(v2b, v2a).order, 1);
    QCOMPARE(compareGames(v2b, v2a).step, SquaresGameStep::Versus2nd);

    // Versus 3rd: 6,2,2,1 and 6,2,1,1,1,1,1 (both Σc² = 45): 3rd scores 400/45 and 100/45.
    const SquaresGameResult v3 =
        resultOf(game("K", 1, {{"p", 6}, {"q", 2}, {"r", 1}, {"s", 1}, {"t", 1}, {"u", 1}, {"v", 1}}), "p");
    QCOMPARE(compareGames(v3, v2b).order, 1);
    QCOMPARE(compareGames(v3, v2b).step, SquaresGameStep::Versus3rd);

    // Versus 4th: 12,4,4,2 and 12,4,4,1,1,1,1 (both Σc² = 180): 1st to 3rd 80, 8.89, 8.89 in
    // both; 4th 400/180 = 2.22 and 100/180 = 0.56.
    const SquaresGameResult v4a = resultOf(game("L", 1, {{"p", 12}, {"q", 4}, {"r", 4}, {"s", 2}}), "p");
    const SquaresGameResult v4b =
        resultOf(game("M", 1, {{"p", 12}, {"q", 4}, {"r", 4}, {"s", 1}, {"t", 1}, {"u", 1}, {"v", 1}}), "p");
    QCOMPARE(compareGames(v4b, v4a).order, 1);
    QCOMPARE(compareGames(v4b, v4a).step, SquaresGameStep::Versus4th);
    QCOMPARE(compareGames(v4a, v4b).order, -1);

    // Two solo wins cannot be split.
    const SquaresGameResult winA = resultOf(game("N", 1, {{"p", 18}, {"q", 16}}), "p");
    const SquaresGameResult winB = resultOf(game("O", 1, {{"p", 20}, {"q", 0, 1910}}), "p");
    QCOMPARE(compareGames(winA, winB).order, 0);
    QCOMPARE(compareGames(winA, winB).step, SquaresGameStep::Equal);
}

void TestSquares::lastComparisonSteps()
{
    // Boards that agree on the first four finishers' scores and differ at the 5th to 7th are hard to
    // find within 34 centres, so these steps are shown on crafted results: the same 40 points and
    // position, the player finishing k-th scoring less in the first game of each pair.
    const SquaresGameResult base = craftedDraw(40, {40, 20, 15, 10, 8, 5, 2});
    const SquaresGameResult fifth = craftedDraw(40, {40, 20, 15, 10, 7, 5, 2});
    const SquaresGameResult sixth = craftedDraw(40, {40, 20, 15, 10, 8, 4, 2});
    const SquaresGameResult seventh = craftedDraw(40, {40, 20, 15, 10, 8, 5, 0});
    QCOMPARE(compareGames(fifth, base).order, 1);
    QCOMPARE(compareGames(fifth, base).step, SquaresGameStep::Versus5th);
    QCOMPARE(compareGames(sixth, base).order, 1);
    QCOMPARE(compareGames(sixth, base).step, SquaresGameStep::Versus6th);
    QCOMPARE(compareGames(seventh, base).order, 1);
    QCOMPARE(compareGames(seventh, base).step, SquaresGameStep::Versus7th);
    QCOMPARE(compareGames(base, seventh).order, -1);
    QCOMPARE(compareGames(base, base).step, SquaresGameStep::Equal);
}

void TestSquares::invalidGames()
{
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 10}})), "game", "one player"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 35}, {"b", 1}})), "centres", "0 to 34"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", -1}, {"b", 1}})), "centres", "0 to 34"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 17}, {"b", 17}, {"c", 1}})), "centres",
                      "35 centres in all"));
    // Two powers with 18 or more cannot both be on one board: both messages come.
    const std::vector<Defect> twoSolos = validateSquaresGame(game("X", 1, {{"a", 18}, {"b", 18}}));
    QVERIFY(hasDefect(twoSolos, "centres", "only one power can solo"));
    QVERIFY(hasDefect(twoSolos, "centres", "36 centres in all"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 10}, {"b", 0}})), "eliminated_year",
                      "give the year"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 10, 1905}, {"b", 3}})), "eliminated_year",
                      "no elimination year"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 10}, {"b", 0, 1900}})), "eliminated_year",
                      "1901 to 2000"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 10}, {"a", 3}})), "player_id", "plays twice"));
    QVERIFY(hasDefect(validateSquaresGame(game("X", 1, {{"a", 0, 1905}, {"b", 0, 1906}})), "centres",
                      "no power holds a centre"));
    SquaresGame samePower = game("X", 1, {{"a", 10}, {"b", 3}});
    samePower.seats[1].power = samePower.seats[0].power;
    const std::vector<Defect> defects = validateSquaresGame(samePower);
    QVERIFY(hasDefect(defects, "power", "Austria is played twice"));
    QCOMPARE(defects.front().source.line, samePower.seats[1].source.line); // the second row is named
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scoreSquaresGame(samePower));
}

void TestSquares::tieBreakWinsEqualAndBest()
{
    // A solos (100); B draws 17-17 twice (50 + 50): 100 each, A ahead on wins. C and W hold 50 in
    // 17-17 games that cannot be split (the 3rd finisher of a 2-player game scores 0 like the
    // eliminated Z): equal 3rd, then rank 5. Z, V, Y and X score 0. Z was eliminated in a drawn game,
    // which counts as a drawn game played (S5), so Z is above the other three at "draws"; V, Y and X
    // played only A's solo, which is no drawn game (draws 0 each), so "best" splits them: V out in
    // 1908 beats Y out in 1905 (both equal 3rd of 2 behind 18 and 10), Y's elimination beats X's
    // loss.
    const SquaresTournament t = scoreSquaresTournament({
        game("G1", 1, {{"A", 18}, {"X", 10}, {"Y", 0, 1905}, {"V", 0, 1908}}),
        game("G2", 1, {{"B", 17}, {"C", 17}, {"Z", 0, 1908}}),
        game("G3", 2, {{"B", 17}, {"W", 17}}),
    });
    QCOMPARE(summary(t), lines({"1 A", "2 B wins", "3 C total", "3 W equal", "5 Z total", "6 V draws",
                                "7 Y best", "8 X best"}));
    QCOMPARE(standingOf(t, "A").total, 100.0);
    QCOMPARE(standingOf(t, "B").total, 100.0);
    QCOMPARE(standingOf(t, "B").draws, 2);
    QCOMPARE(standingOf(t, "A").wins, 1);
    QCOMPARE(standingOf(t, "A").draws, 0); // a solo is not a drawn game, not even for its winner
    QCOMPARE(standingOf(t, "Z").draws, 1);
    QCOMPARE(standingOf(t, "V").draws, 0);
}

void TestSquares::tieBreakDraws()
{
    // Drawn games survived. D: 25 + 25 in two 5,5,5,5 boards (draws 2). L: 50 in a 17-17 with N,
    // and a loss in W's solo (0): draws 1, as a solo is no drawn game even for a survivor. 50 each,
    // no wins: D above L at "draws", though L's best game (50) beats D's (25): draws come before
    // best. N: the same 17-17 as L and no second game: draws 1 too, level on the best game, so L is
    // above N at "second" (a game not played is below any game).
    // A drawn game the player was eliminated in (DECISIONS S5, "most drawn games played"). A and B:
    // 100/3 each in a 5,5,5 board with M; A also played a drawn game in which K (alone with 10)
    // eliminated A in 1903: 0 points, but a drawn game played. A: draws 2, B and M: draws 1, so A is
    // above B at "draws". (Counting only the draws a player survived, A would have 1 like B and
    // would be above B only at "second".) B and M cannot be split.
    // W (solo, 100, a win) is above K (100, no win) at "wins"; E to J (25 each) finish equal.
    const SquaresTournament t = scoreSquaresTournament({
        game("G1", 1, {{"L", 17}, {"N", 17}}),
        game("G2", 1, {{"D", 5}, {"E", 5}, {"F", 5}, {"G", 5}}),
        game("G3", 1, {{"A", 5}, {"B", 5}, {"M", 5}}),
        game("G4", 2, {{"D", 5}, {"H", 5}, {"I", 5}, {"J", 5}}),
        game("G5", 2, {{"W", 18}, {"L", 5}}),
        game("G6", 2, {{"K", 10}, {"A", 0, 1903}}),
    });
    QCOMPARE(summary(t), lines({"1 W", "2 K wins", "3 D total", "4 L draws", "5 N second", "6 A total",
                                "7 B draws", "7 M equal", "9 E total", "9 F equal", "9 G equal", "9 H equal",
                                "9 I equal", "9 J equal"}));
    QCOMPARE(standingOf(t, "D").draws, 2);
    QCOMPARE(standingOf(t, "L").draws, 1);
    QCOMPARE(standingOf(t, "N").draws, 1);
    QCOMPARE(standingOf(t, "A").draws, 2);
    QCOMPARE(standingOf(t, "B").draws, 1);
    QCOMPARE(standingOf(t, "A").totalNanos, standingOf(t, "B").totalNanos);
    // A's game G6 (index 5): an elimination, yet a drawn game; L's G5 (index 4): a loss, and no
    // drawn game.
    const auto resultIn = [&](std::size_t gameIndex, const char* player) {
        const auto it = std::find_if(t.results.begin(), t.results.end(), [&](const SquaresGameResult& r) {
            return r.game == gameIndex && r.playerId == player;
        });
        if (it == t.results.end())
            qFatal("no player %s in game %zu", player, gameIndex);
        return *it;
    };
    QCOMPARE(resultIn(5, "A").gameClass, SquaresClass::Elimination);
    QVERIFY(resultIn(5, "A").drawnGame);
    QCOMPARE(resultIn(4, "L").gameClass, SquaresClass::Loss);
    QVERIFY(!resultIn(4, "L").drawnGame);
}

void TestSquares::tieBreakSecondAndThird()
{
    // P and Q: 50 in a 17-17 each, then eliminated in a 2-player solo (2nd of 2, behind 18). The
    // eliminations are in solos so that every one of P, Q, R and S played exactly one drawn game
    // (S5 counts a drawn game the player was eliminated in): wins and draws are level, and the
    // games decide. Best games are equal (50, equal 1st of 2); Q's second best (out in 1907) beats
    // P's (1906): Q above at second. R and S: 50 with 2nd best out in 1907 both; third best 1906 (S)
    // beats 1905 (R).
    const SquaresTournament t = scoreSquaresTournament({
        game("G1", 1, {{"P", 17}, {"P2", 17}}),
        game("G2", 1, {{"Q", 17}, {"Q2", 17}}),
        game("G3", 1, {{"R", 17}, {"R2", 17}}),
        game("G4", 1, {{"S", 17}, {"S2", 17}}),
        game("G5", 2, {{"x1", 18}, {"P", 0, 1906}}),
        game("G6", 2, {{"x2", 18}, {"Q", 0, 1907}}),
        game("G7", 2, {{"x3", 18}, {"R", 0, 1907}}),
        game("G8", 2, {{"x4", 18}, {"S", 0, 1907}}),
        game("G9", 3, {{"x5", 18}, {"R", 0, 1905}}),
        game("G10", 3, {{"x6", 18}, {"S", 0, 1906}}),
    });
    // x1..x6 hold 100 each from one solo (a win each, the games equal: 1st outright of 2 over an
    // eliminated player); the partners P2..S2 have 50 in one game. Draws: 1 for P, Q, R, S and the
    // partners, 0 for x1..x6.
    const auto rankOf = [&](const char* p) { return standingOf(t, p).rank; };
    QCOMPARE(rankOf("x1"), 1);
    QCOMPARE(rankOf("x6"), 1);
    QCOMPARE(standingOf(t, "x6").tieBreak, SquaresTieBreak::Equal);
    for (const char* p : {"P", "Q", "R", "S", "P2", "S2"})
        QCOMPARE(standingOf(t, p).draws, 1);
    // Order among the 50s: Q, R and S are out in 1907 in their second best game, P in 1906 (P below
    // them at "second"); S's third best (1906) beats R's (1905), and Q has no third game. The one-game
    // partners come last (no second game) and cannot be split.
    QCOMPARE(summary(t).mid(6, 4), lines({"7 S total", "8 R third", "9 Q third", "10 P second"}));
    QCOMPARE(standingOf(t, "P2").rank, 11);
    QCOMPARE(standingOf(t, "P2").tieBreak, SquaresTieBreak::Second);
    QCOMPARE(standingOf(t, "S2").rank, 11);
}

void TestSquares::totalsComparedToOneBillionth()
{
    // 3 × 100/3 (equal 1st of 3 on 5,5,5 boards) is exactly 100, as is one solo and two
    // eliminations: the totals tie (the next step, wins, decides), whatever the rounding of 100/3.
    const SquaresTournament t = scoreSquaresTournament({
        game("G1", 1, {{"T", 5}, {"a1", 5}, {"a2", 5}}),
        game("G2", 2, {{"T", 5}, {"b1", 5}, {"b2", 5}}),
        game("G3", 3, {{"T", 5}, {"c1", 5}, {"c2", 5}}),
        game("G4", 1, {{"W", 18}, {"d1", 0, 1905}}),
        game("G5", 2, {{"e1", 10}, {"W", 0, 1905}}),
        game("G6", 3, {{"f1", 10}, {"W", 0, 1905}}),
    });
    QCOMPARE(standingOf(t, "T").totalNanos, std::int64_t(100'000'000'000));
    QCOMPARE(standingOf(t, "W").totalNanos, std::int64_t(100'000'000'000));
    QVERIFY(standingOf(t, "W").rank < standingOf(t, "T").rank);
    QCOMPARE(standingOf(t, "T").tieBreak, SquaresTieBreak::Wins);
}

void TestSquares::printedHundredthsRoundTheExactFraction_data()
{
    QTest::addColumn<qint64>("numerator");
    QTest::addColumn<qint64>("denominator");
    QTest::addColumn<qint64>("hundredths");
    // Half away from zero from the fraction itself: 25/8 = 3.125 -> 3.13; 217/8 = 27.125 -> 27.13
    // (printf of the double 27.125, an exact binary tie, gives 27.12).
    QTest::newRow("25/8") << qint64(25) << qint64(8) << qint64(313);
    QTest::newRow("217/8") << qint64(217) << qint64(8) << qint64(2713);
    QTest::newRow("625/8") << qint64(625) << qint64(8) << qint64(7813);
    QTest::newRow("100/3") << qint64(100) << qint64(3) << qint64(3333);
    QTest::newRow("200/3") << qint64(200) << qint64(3) << qint64(6667);
    QTest::newRow("1/200 below a half") << qint64(1) << qint64(201) << qint64(0);
    QTest::newRow("1/200") << qint64(1) << qint64(200) << qint64(1);
    QTest::newRow("100/1") << qint64(100) << qint64(1) << qint64(10000);
    QTest::newRow("0/1") << qint64(0) << qint64(1) << qint64(0);
    QTest::newRow("-25/8") << qint64(-25) << qint64(8) << qint64(-313);
}

void TestSquares::printedHundredthsRoundTheExactFraction()
{
    QFETCH(qint64, numerator);
    QFETCH(qint64, denominator);
    QFETCH(qint64, hundredths);
    QCOMPARE(static_cast<qint64>((SquaresScore{numerator, denominator}.hundredths())), hundredths);
    if (numerator >= 0)
        QCOMPARE(static_cast<qint64>(hundredthsOfSum({SquaresScore{numerator, denominator}})), hundredths);
}

void TestSquares::totalHundredthsRoundTheExactSum()
{
    // P: 6 centres of 6, 10, 3, 2, 1 (Σc² = 150): 3600/150 = 24; then 1 centre of 1, 5, 2, 1, 1
    // (Σc² = 32): 100/32 = 25/8 = 3.125. Total 24 + 25/8 = 217/8 = 27.125 exactly -> 27.13.
    // A: 10000/150 = 200/3 and 2500/32 = 625/8: 3475/24 = 144.7916.. -> 144.79.
    // C: 400/150 = 8/3 and 25/8: 139/24 = 5.7916.. -> 5.79.
    const SquaresTournament t = scoreSquaresTournament({
        game("G1", 1, {{"P", 6}, {"A", 10}, {"B", 3}, {"C", 2}, {"D", 1}}),
        game("G2", 2, {{"P", 1}, {"A", 5}, {"B", 2}, {"C", 1}, {"D", 1}}),
    });
    QCOMPARE(standingOf(t, "P").totalHundredths, std::int64_t(2713));
    QCOMPARE(standingOf(t, "A").totalHundredths, std::int64_t(14479));
    QCOMPARE(standingOf(t, "C").totalHundredths, std::int64_t(579));
    // 125/8 + 32/3 + 5/6 = 217/8 = 27.125 too, but the doubles, summed best first, give
    // 27.124999999999996 (the boards: tst_clisquares, totalRoundsTheExactSum).
    const SquaresTournament three = scoreSquaresTournament({
        game("G1", 1, {{"P", 5}, {"a1", 2}, {"a2", 3}, {"a3", 5}, {"a4", 5}, {"a5", 6}, {"a6", 6}}),
        game("G2", 2, {{"P", 4}, {"b1", 3}, {"b2", 5}, {"b3", 5}, {"b4", 5}, {"b5", 5}, {"b6", 5}}),
        game("G3", 3, {{"P", 1}, {"c1", 1}, {"c2", 4}, {"c3", 4}, {"c4", 5}, {"c5", 5}, {"c6", 6}}),
    });
    QVERIFY(standingOf(three, "P").total < 27.125);
    QCOMPARE(standingOf(three, "P").totalHundredths, std::int64_t(2713));

    // Many denominators: Σ 100/d for d = 1..16 is 100 x H(16) = 338.0728993.. -> 338.07.
    std::vector<SquaresScore> many;
    for (std::int64_t d = 1; d <= 16; ++d)
        many.push_back({100, d});
    QCOMPARE(hundredthsOfSum(many), std::int64_t(33807));
    // Halves that only the exact sum sees: 1/300 + 1/600 = 1/200 = 0.005 -> 0.01, while
    // 1/300 + 1/601 = 0.0049972.. -> 0.00; and 577/577 + 571/571 + 569/1138 + 2 x 1/400 = 2.505
    // exactly -> 2.51.
    QCOMPARE(hundredthsOfSum({{1, 300}, {1, 600}}), std::int64_t(1));
    QCOMPARE(hundredthsOfSum({{1, 300}, {1, 601}}), std::int64_t(0));
    QCOMPARE(hundredthsOfSum({{577, 577}, {571, 571}, {569, 1138}, {1, 400}, {1, 400}}), std::int64_t(251));
}

namespace {

// A random valid board: 2-7 powers, at most 34 centres, one soloist at most, every eliminated
// power with a year. Small counts make ties likely.
SquaresGame randomBoard(std::mt19937& random, int id)
{
    std::uniform_int_distribution<int> playersDist(2, 7);
    std::uniform_int_distribution<int> small(0, 6);
    std::uniform_int_distribution<int> year(1901, 1912);
    std::uniform_int_distribution<int> coin(0, 9);
    const int players = playersDist(random);
    SquaresGame g;
    g.id = std::to_string(id);
    g.round = 1;
    int total = 0;
    const bool solo = coin(random) == 0;
    for (int i = 0; i < players; ++i) {
        SquaresSeat seat;
        seat.playerId = "p";
        seat.playerId += std::to_string(i); // not "p" + ...: GCC 12 warns falsely (-Wrestrict)
        seat.power = static_cast<DiplomacyPower>(i);
        seat.centres = (solo && i == 0) ? 18 : std::min(small(random), kSupplyCentres - total);
        if (!solo && i == players - 1 && total + seat.centres == 0)
            seat.centres = 1; // someone must hold a centre
        total += seat.centres;
        seat.eliminatedYear = seat.centres == 0 ? year(random) : 0;
        g.seats.push_back(seat);
    }
    return g;
}

} // namespace

void TestSquares::randomisedPositionProperties()
{
    std::mt19937 random(20261121);
    std::vector<SquaresGameResult> results;
    std::vector<int> centres;
    for (int b = 0; b < 3000; ++b) {
        const SquaresGame g = randomBoard(random, b);
        QVERIFY2(validateSquaresGame(g).empty(), "the generator makes valid boards");
        const std::vector<SquaresGameResult> scored = scoreSquaresGame(g, static_cast<std::size_t>(b));
        for (std::size_t i = 0; i < scored.size(); ++i) {
            // Within a board: more centres is a better position, equal centres an equal one.
            for (std::size_t j = 0; j < scored.size(); ++j) {
                const int byCentres =
                    (g.seats[i].centres > g.seats[j].centres) - (g.seats[i].centres < g.seats[j].centres);
                QCOMPARE(comparePositions(scored[i].position, scored[j].position), byCentres);
            }
            results.push_back(scored[i]);
        }
    }
    std::uniform_int_distribution<std::size_t> pick(0, results.size() - 1);
    int outrightChecks = 0;
    int nextPlaceChecks = 0;
    int sharerChecks = 0;
    for (int n = 0; n < 200000; ++n) {
        const SquaresPosition a = results[pick(random)].position;
        const SquaresPosition b = results[pick(random)].position;
        if (a.place == b.place && a.sharing == 1 && b.sharing > 1) {
            // An outright place beats an equal share of the same place.
            QVERIFY(comparePositions(a, b) > 0);
            ++outrightChecks;
        }
        if (a.sharing > 1 && b.place == a.place + a.sharing) {
            // An equal share beats the next place, outright or shared.
            QVERIFY(comparePositions(a, b) > 0);
            QVERIFY(comparePositions(b, a) < 0);
            ++nextPlaceChecks;
        }
        if (a.place == b.place && a.sharing < b.sharing) {
            // The more players share a place, the less it is worth.
            QVERIFY(comparePositions(a, b) > 0);
            ++sharerChecks;
        }
    }
    // The samples must have exercised every property.
    QVERIFY(outrightChecks > 100);
    QVERIFY(nextPlaceChecks > 100);
    QVERIFY(sharerChecks > 100);
}

void TestSquares::randomisedComparisonIsStrictWeakOrder()
{
    std::mt19937 random(7);
    std::vector<SquaresGameResult> results;
    for (int b = 0; b < 400; ++b) {
        const std::vector<SquaresGameResult> scored = scoreSquaresGame(randomBoard(random, b));
        results.insert(results.end(), scored.begin(), scored.end());
    }
    // Irreflexive and antisymmetric on every pair.
    int equalPairs = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        QCOMPARE(compareGames(results[i], results[i]).order, 0);
        for (std::size_t j = i + 1; j < results.size(); ++j) {
            const int ab = compareGames(results[i], results[j]).order;
            const int ba = compareGames(results[j], results[i]).order;
            QCOMPARE(ab, -ba);
            equalPairs += ab == 0 ? 1 : 0;
        }
    }
    QVERIFY(equalPairs > 0); // ties occur, so transitivity of equivalence is tested too
    // Transitive on sampled triples, for "better" and for "equal".
    std::uniform_int_distribution<std::size_t> pick(0, results.size() - 1);
    for (int n = 0; n < 300000; ++n) {
        const SquaresGameResult& a = results[pick(random)];
        const SquaresGameResult& b = results[pick(random)];
        const SquaresGameResult& c = results[pick(random)];
        const int ab = compareGames(a, b).order;
        const int bc = compareGames(b, c).order;
        const int ac = compareGames(a, c).order;
        if (ab > 0 && bc > 0)
            QVERIFY(ac > 0);
        if (ab == 0 && bc == 0)
            QCOMPARE(ac, 0);
        if (ab >= 0 && bc >= 0)
            QVERIFY(ac >= 0);
    }
    // And sorting by it gives a non-increasing sequence.
    std::sort(results.begin(), results.end(), [](const SquaresGameResult& a, const SquaresGameResult& b) {
        return compareGames(a, b).order > 0;
    });
    for (std::size_t i = 1; i < results.size(); ++i)
        QVERIFY(compareGames(results[i - 1], results[i]).order >= 0);
}

QTEST_APPLESS_MAIN(TestSquares)
#include "tst_squares.moc"
