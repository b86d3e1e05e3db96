// Kings Cribbage ratings (spec 003; DECISIONS K1-K4): the document's head-to-head examples, draws,
// skunks, the provisional formulas and the switch at 10 games, and randomised property tests of
// FlickDesk's group formula. Every expected number is worked out by hand in the comment beside it.

#include "flickdesk/engine/kingscribbage.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

using namespace flickdesk::engine;
using namespace flickdesk::engine::kings;

namespace {

constexpr int kRandomGames = 20000;

HeadToHeadSide rated(Rating rating, int score)
{
    return HeadToHeadSide{rating, false, score};
}

HeadToHeadSide provisional(Rating rating, int score)
{
    return HeadToHeadSide{rating, true, score};
}

Rating sum(const std::vector<Rating>& values)
{
    return std::accumulate(values.begin(), values.end(), Rating{0});
}

// Places 1..n in a random order.
std::vector<int> randomPlaces(std::size_t n, std::mt19937& random)
{
    std::vector<int> places(n);
    std::iota(places.begin(), places.end(), 1);
    std::shuffle(places.begin(), places.end(), random);
    return places;
}

} // namespace

class TestKingsCribbage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void documentExamples_data();
    void documentExamples();
    void draws_data();
    void draws();
    void skunks_data();
    void skunks();
    void provisionalFormulas_data();
    void provisionalFormulas();
    void switchToRatedAfterTenGames();
    void groupGameWorkedExample();
    void groupChangesSumToZero();
    void groupChangesAreMonotoneInOpponentsBelow();
    void winnerFollowingWeakerGainsLess();
    void groupGamesKeepTheirOwnRating();
    void invalidGamesAreDefects();
};

void TestKingsCribbage::documentExamples_data()
{
    QTest::addColumn<qint64>("winner");
    QTest::addColumn<qint64>("loser");
    QTest::addColumn<qint64>("winnerAfter");
    QTest::addColumn<qint64>("loserAfter");
    // Spec 003 / DECISIONS K1, with the document's own results:
    // 21 + (1500 - 1700)/25 = 13; 21 + 200/25 = 29; 21 + 600/25 = 45 -> 41; 21 - 600/25 = -3 -> 2.
    QTest::newRow("knight beats commoner") << qint64(1700) << qint64(1500) << qint64(1713) << qint64(1487);
    QTest::newRow("commoner upsets knight") << qint64(1500) << qint64(1700) << qint64(1529) << qint64(1671);
    QTest::newRow("peasant upsets lord (max 41)")
        << qint64(1250) << qint64(1850) << qint64(1291) << qint64(1809);
    QTest::newRow("lord beats peasant (min 2)")
        << qint64(1850) << qint64(1250) << qint64(1852) << qint64(1248);
}

void TestKingsCribbage::documentExamples()
{
    QFETCH(qint64, winner);
    QFETCH(qint64, loser);
    QFETCH(qint64, winnerAfter);
    QFETCH(qint64, loserAfter);
    const HeadToHeadChange change = headToHeadChange(rated(winner, 121), rated(loser, 100));
    QCOMPARE(change.formula, HeadToHeadFormula::Standard);
    QCOMPARE(change.multiplierHalves, 2);
    QCOMPARE(winner + change.changeA, winnerAfter);
    QCOMPARE(loser + change.changeB, loserAfter);
    // The same game with the winner listed second.
    const HeadToHeadChange swapped = headToHeadChange(rated(loser, 100), rated(winner, 121));
    QCOMPARE(loser + swapped.changeA, loserAfter);
    QCOMPARE(winner + swapped.changeB, winnerAfter);
    // Two provisional players use the same standard formula (DECISIONS K2).
    const HeadToHeadChange provisionals = headToHeadChange(provisional(winner, 121), provisional(loser, 100));
    QCOMPARE(provisionals.formula, HeadToHeadFormula::Standard);
    QCOMPARE(winner + provisionals.changeA, winnerAfter);
    QCOMPARE(loser + provisionals.changeB, loserAfter);
}

void TestKingsCribbage::draws_data()
{
    QTest::addColumn<qint64>("a");
    QTest::addColumn<qint64>("b");
    QTest::addColumn<qint64>("changeA");
    // K1 draw: clamp((R_opp - R)/25, -20, 20), rounded half away from zero.
    QTest::newRow("equal") << qint64(1500) << qint64(1500) << qint64(0);
    QTest::newRow("139 below: 5.56 -> 6") << qint64(1713) << qint64(1852) << qint64(6);
    QTest::newRow("139 above: -5.56 -> -6") << qint64(1852) << qint64(1713) << qint64(-6);
    QTest::newRow("1000 below: 40 -> cap 20") << qint64(1000) << qint64(2000) << qint64(20);
    QTest::newRow("1000 above: -40 -> cap -20") << qint64(2000) << qint64(1000) << qint64(-20);
}

void TestKingsCribbage::draws()
{
    QFETCH(qint64, a);
    QFETCH(qint64, b);
    QFETCH(qint64, changeA);
    // A draw is never a skunk, whatever the scores.
    const HeadToHeadChange change = headToHeadChange(rated(a, 121), rated(b, 121));
    QCOMPARE(change.changeA, changeA);
    QCOMPARE(change.changeB, -changeA);
    QCOMPARE(change.multiplierHalves, 2);
}

void TestKingsCribbage::skunks_data()
{
    QTest::addColumn<qint64>("winner");
    QTest::addColumn<qint64>("loser");
    QTest::addColumn<int>("winnerScore");
    QTest::addColumn<int>("loserScore");
    QTest::addColumn<qint64>("gain");
    // DECISIONS K3, the multiplier after the clamps and one rounding:
    QTest::newRow("margin 74: no skunk, 21") << qint64(1500) << qint64(1500) << 121 << 47 << qint64(21);
    QTest::newRow("margin 75: 21 x 1.5 = 31.5 -> 32")
        << qint64(1500) << qint64(1500) << 121 << 46 << qint64(32);
    QTest::newRow("margin 149: 13 x 1.5 = 19.5 -> 20")
        << qint64(1700) << qint64(1500) << 200 << 51 << qint64(20);
    QTest::newRow("margin 150: 13 x 2 = 26") << qint64(1700) << qint64(1500) << 200 << 50 << qint64(26);
    // The document: 1100 double-skunks 2100: 21 + 1000/25 = 61 -> 41, x 2 = 82.
    QTest::newRow("servant double-skunks queen: 82")
        << qint64(1100) << qint64(2100) << 200 << 50 << qint64(82);
    QTest::newRow("minimum 2 x 2 = 4") << qint64(2100) << qint64(1100) << 170 << 0 << qint64(4);
}

void TestKingsCribbage::skunks()
{
    QFETCH(qint64, winner);
    QFETCH(qint64, loser);
    QFETCH(int, winnerScore);
    QFETCH(int, loserScore);
    QFETCH(qint64, gain);
    const HeadToHeadChange change = headToHeadChange(rated(winner, winnerScore), rated(loser, loserScore));
    QCOMPARE(change.changeA, gain);
    QCOMPARE(change.changeB, -gain);
    if (winner == 1100 && loser == 2100) {
        QCOMPARE(winner + change.changeA, qint64(1182));
        QCOMPARE(loser + change.changeB, qint64(2018));
    }
}

void TestKingsCribbage::provisionalFormulas_data()
{
    QTest::addColumn<qint64>("ratedRating");
    QTest::addColumn<qint64>("provisionalRating");
    QTest::addColumn<int>("ratedScore");
    QTest::addColumn<int>("provisionalScore");
    QTest::addColumn<qint64>("ratedChange");
    QTest::addColumn<qint64>("provisionalChange");
    // DECISIONS K2. Rated: 6S + (R_opp - R)/100. Provisional: 0.8R + 0.2R_opp + 80S - R.
    // Rated 1700 wins: 6 - 2 = 4; provisional 1500: 1200 + 340 - 80 = 1460, -40.
    QTest::newRow("rated wins") << qint64(1700) << qint64(1500) << 121 << 100 << qint64(4) << qint64(-40);
    // Provisional 1500 wins: 1200 + 340 + 80 = 1620, +120; rated: -6 - 2 = -8.
    QTest::newRow("provisional wins")
        << qint64(1700) << qint64(1500) << 100 << 121 << qint64(-8) << qint64(120);
    // Draw: rated 0 - 2 = -2; provisional 1200 + 340 = 1540, +40.
    QTest::newRow("draw") << qint64(1700) << qint64(1500) << 121 << 121 << qint64(-2) << qint64(40);
    // Half away from zero: rated 1550 wins: 6 - 0.5 = 5.5 -> 6; loses: -6 - 0.5 = -6.5 -> -7.
    // Provisional 1500: 0.2 x 50 -/+ 80 = -70 / +90.
    QTest::newRow("rated wins, 5.5 -> 6")
        << qint64(1550) << qint64(1500) << 121 << 100 << qint64(6) << qint64(-70);
    QTest::newRow("rated loses, -6.5 -> -7")
        << qint64(1550) << qint64(1500) << 100 << 121 << qint64(-7) << qint64(90);
    // A skunk multiplies both formulas (K3): rated 1700 wins by 81: 4 x 1.5 = 6; provisional -40 x 1.5 = -60.
    QTest::newRow("rated skunks") << qint64(1700) << qint64(1500) << 121 << 40 << qint64(6) << qint64(-60);
}

void TestKingsCribbage::provisionalFormulas()
{
    QFETCH(qint64, ratedRating);
    QFETCH(qint64, provisionalRating);
    QFETCH(int, ratedScore);
    QFETCH(int, provisionalScore);
    QFETCH(qint64, ratedChange);
    QFETCH(qint64, provisionalChange);
    const HeadToHeadChange change =
        headToHeadChange(rated(ratedRating, ratedScore), provisional(provisionalRating, provisionalScore));
    QCOMPARE(change.formula, HeadToHeadFormula::RatedVsProvisional);
    QCOMPARE(change.changeA, ratedChange);
    QCOMPARE(change.changeB, provisionalChange);
    // And with the provisional player listed first.
    const HeadToHeadChange swapped =
        headToHeadChange(provisional(provisionalRating, provisionalScore), rated(ratedRating, ratedScore));
    QCOMPARE(swapped.changeA, provisionalChange);
    QCOMPARE(swapped.changeB, ratedChange);
}

void TestKingsCribbage::switchToRatedAfterTenGames()
{
    // Player 0 has 9 games: provisional in its 10th game, rated from its 11th (DECISIONS K2 as read in
    // kingscribbage.h). Player 1 is rated with 30 games. Both start at 1500; player 0 wins twice.
    std::vector<PlayerState> players{{1500, 9, 1500, 0}, {1500, 30, 1500, 0}};
    QVERIFY(players[0].provisional());
    const std::vector<Game> games{{"a", 0, {0, 1}, {121, 100}, {}}, {"b", 0, {0, 1}, {121, 100}, {}}};
    const KingsResult result = rateGames(players, games);
    QVERIFY(result.defects.empty());
    QCOMPARE(result.entries.size(), std::size_t(4));
    // Game a: provisional formula: 0.8 x 1500 + 0.2 x 1500 + 80 = 1580; the rated player -6 + 0 = -6.
    QVERIFY(result.entries[0].provisional);
    QCOMPARE(result.entries[0].formula, HeadToHeadFormula::RatedVsProvisional);
    QCOMPARE(result.entries[0].change, Rating(80));
    QCOMPARE(result.entries[1].change, Rating(-6));
    // Game b: 10 games played, rated: standard 21 + (1494 - 1580)/25 = 17.56 -> 18.
    QVERIFY(!result.entries[2].provisional);
    QCOMPARE(result.entries[2].formula, HeadToHeadFormula::Standard);
    QCOMPARE(result.entries[2].ratingBefore, Rating(1580));
    QCOMPARE(result.entries[2].change, Rating(18));
    QCOMPARE(result.entries[3].change, Rating(-18));
    QCOMPARE(result.players[0].rating, Rating(1598));
    QCOMPARE(result.players[0].games, 11);
    QCOMPARE(result.players[1].rating, Rating(1476));
    QCOMPARE(result.players[1].games, 32);
    QVERIFY(!result.players[0].provisional());
}

void TestKingsCribbage::groupGameWorkedExample()
{
    // The document's example: two knights (1700) and a peasant (1500), seats knight A, knight B,
    // peasant: A follows the peasant (the first seat follows the last), B follows A.
    // A wins, B second: pairs /2 (n - 1 = 2):
    //   A over B: 21 + 0 = 21, no follow -> 10.5 -> 11
    //   A over peasant: 21 - 200/25 = 13, A follows the peasant: -200/50 = -4 -> 9 / 2 = 4.5 -> 5
    //   B over peasant: 13, B does not follow the peasant -> 6.5 -> 7
    // A +16, B -11 + 7 = -4, peasant -12.
    const std::vector<Rating> ratings{1700, 1700, 1500};
    QCOMPARE(groupChanges(ratings, {1, 2, 3}), (std::vector<Rating>{16, -4, -12}));
    // B wins instead, A second: B over A: 21, B follows A: 0 -> 11; B over peasant: 13 -> 7;
    // A over peasant: 13 - 4 = 9 -> 5. B +18: the knight who follows the knight gains more.
    QCOMPARE(groupChanges(ratings, {2, 1, 3}), (std::vector<Rating>{-6, 18, -12}));
    // The peasant beats both knights: 21 + 200/25 = 29 over each; the peasant follows B:
    // +200/50 = 4: (29 + 4)/2 = 16.5 -> 17 and 29/2 = 14.5 -> 15: +32.
    const std::vector<Rating> upset = groupChanges(ratings, {2, 3, 1});
    QCOMPARE(upset[2], Rating(32));
    QCOMPARE(sum(upset), Rating(0));
    // Four players, one pair each /3: see docs/kings-cribbage.md (game g7 of the example files).
    QCOMPARE(groupChanges({1500, 2000, 1300, 1500}, {3, 4, 1, 2}), (std::vector<Rating>{-3, -44, 36, 11}));
}

void TestKingsCribbage::groupChangesSumToZero()
{
    std::mt19937 random(20260301);
    std::uniform_int_distribution<int> rating(600, 2800);
    std::uniform_int_distribution<int> size(3, 4);
    for (int game = 0; game < kRandomGames; ++game) {
        const auto n = static_cast<std::size_t>(size(random));
        std::vector<Rating> ratings(n);
        for (Rating& r : ratings)
            r = rating(random);
        const std::vector<int> places = randomPlaces(n, random);
        const std::vector<Rating> changes = groupChanges(ratings, places);
        QCOMPARE(sum(changes), Rating(0));
        const std::vector<double> exact = exactGroupChanges(ratings, places);
        QVERIFY(std::abs(std::accumulate(exact.begin(), exact.end(), 0.0)) < 1e-9);
        // A sanity bound: a pair gives its upper player at least round(2/(n-1)) + round(-6/(n-1)),
        // i.e. 1 - 3 = -2 at three players (+1 from the other pair) and 1 - 2 = -1 at four (+1 + 1):
        // the winner's change is at least -1 at three players and +1 at four.
        const auto winner =
            static_cast<std::size_t>(std::find(places.begin(), places.end(), 1) - places.begin());
        QVERIFY(changes[winner] >= (n == 3 ? -1 : 1));
    }
}

void TestKingsCribbage::groupChangesAreMonotoneInOpponentsBelow()
{
    // Replacing an opponent who finished below you by a stronger one (same seat, same place) never
    // lowers your change, rounded or exact.
    std::mt19937 random(4242);
    std::uniform_int_distribution<int> rating(600, 2800);
    std::uniform_int_distribution<int> raise(1, 800);
    std::uniform_int_distribution<int> size(3, 4);
    int strictlyHigher = 0;
    for (int game = 0; game < kRandomGames; ++game) {
        const auto n = static_cast<std::size_t>(size(random));
        std::vector<Rating> ratings(n);
        for (Rating& r : ratings)
            r = rating(random);
        const std::vector<int> places = randomPlaces(n, random);
        std::uniform_int_distribution<std::size_t> seat(0, n - 1);
        std::size_t you = seat(random);
        while (places[you] == static_cast<int>(n))
            you = seat(random);
        std::size_t below = seat(random);
        while (places[below] <= places[you])
            below = seat(random);
        std::vector<Rating> stronger = ratings;
        stronger[below] += raise(random);
        const Rating before = groupChanges(ratings, places)[you];
        const Rating after = groupChanges(stronger, places)[you];
        QVERIFY2(after >= before,
                 qPrintable(QStringLiteral("game %1: %2 -> %3").arg(game).arg(before).arg(after)));
        QVERIFY(exactGroupChanges(stronger, places)[you] >= exactGroupChanges(ratings, places)[you] - 1e-9);
        strictlyHigher += after > before ? 1 : 0;
    }
    // Not a vacuous check: most replacements raise the change.
    qDebug("%d of %d replacements raised the change", strictlyHigher, kRandomGames);
    QVERIFY(strictlyHigher > kRandomGames / 4);
}

void TestKingsCribbage::winnerFollowingWeakerGainsLess()
{
    // The same winner W, the same opponents, the same places; only the seats differ: in arrangement A
    // W follows x, in B W follows y, with R_x < R_y. Seats (the first follows the last):
    //   3 players: A = [x, W, y], B = [y, W, x]
    //   4 players: A = [x, W, z, y], B = [y, W, z, x]
    // W's exact change differs by exactly (F(y) - F(x))/(n - 1), F(o) = clamp((R_o - R_W)/50, -6, 6),
    // so it is strictly smaller in A while the clamped gaps differ. Rounded, the follow corrections
    // are rounded on their own, so the difference is exactly round(F(y)/(n-1)) - round(F(x)/(n-1))
    // (computed here with std::round, which rounds half away from zero): never negative.
    std::mt19937 random(777);
    std::uniform_int_distribution<int> rating(600, 2800);
    std::uniform_int_distribution<int> size(3, 4);
    int strictRounded = 0;
    for (int game = 0; game < kRandomGames; ++game) {
        const auto n = static_cast<std::size_t>(size(random));
        const Rating w = rating(random);
        Rating x = rating(random);
        Rating y = rating(random);
        while (y == x)
            y = rating(random);
        if (x > y)
            std::swap(x, y);
        const Rating z = rating(random);
        std::vector<Rating> a;
        std::vector<Rating> b;
        std::vector<int> placesA;
        std::vector<int> placesB;
        // Places of x, y (and z) among 2..n, random but the same in both arrangements.
        std::vector<int> others(n - 1);
        std::iota(others.begin(), others.end(), 2);
        std::shuffle(others.begin(), others.end(), random);
        const int placeX = others[0];
        const int placeY = others[1];
        if (n == 3) {
            a = {x, w, y};
            placesA = {placeX, 1, placeY};
            b = {y, w, x};
            placesB = {placeY, 1, placeX};
        } else {
            a = {x, w, z, y};
            placesA = {placeX, 1, others[2], placeY};
            b = {y, w, z, x};
            placesB = {placeY, 1, others[2], placeX};
        }
        const auto clampedGap = [w](Rating o) { return std::clamp<Rating>(o - w, -300, 300); };
        const double exactA = exactGroupChanges(a, placesA)[1];
        const double exactB = exactGroupChanges(b, placesB)[1];
        const double expectedDifference =
            static_cast<double>(clampedGap(y) - clampedGap(x)) / 50.0 / static_cast<double>(n - 1);
        QVERIFY(std::abs((exactB - exactA) - expectedDifference) < 1e-9);
        if (clampedGap(x) < clampedGap(y))
            QVERIFY2(exactA < exactB, qPrintable(QStringLiteral("game %1").arg(game)));
        const Rating roundedA = groupChanges(a, placesA)[1];
        const Rating roundedB = groupChanges(b, placesB)[1];
        QVERIFY(roundedA <= roundedB);
        const auto roundedCorrection = [n](Rating gap) {
            return static_cast<Rating>(
                std::round(static_cast<double>(gap) / (50.0 * static_cast<double>(n - 1))));
        };
        const Rating expectedRounded = roundedCorrection(clampedGap(y)) - roundedCorrection(clampedGap(x));
        QVERIFY(expectedRounded >= 0);
        QCOMPARE(roundedB - roundedA, expectedRounded);
        strictRounded += roundedA < roundedB ? 1 : 0;
        // A winner who follows a weaker player vs. the same winner following a stronger one.
        if (x < w && y > w) {
            QVERIFY(exactA < exactB);
            // Rounded: strictly once either gap reaches 25 (n - 1) points (a correction of half a point).
            if (y - w >= 25 * static_cast<Rating>(n - 1) || w - x >= 25 * static_cast<Rating>(n - 1))
                QVERIFY(roundedA < roundedB);
        }
    }
    qDebug("%d of %d arrangements strictly ordered after rounding", strictRounded, kRandomGames);
    QVERIFY(strictRounded > kRandomGames / 4);
}

void TestKingsCribbage::groupGamesKeepTheirOwnRating()
{
    // A group game moves only group ratings and group games (DECISIONS K4).
    std::vector<PlayerState> players{{1700, 20, 1700, 3}, {1700, 20, 1700, 3}, {1500, 20, 1500, 3}};
    const KingsResult result = rateGames(players, {{"g", 0, {0, 1, 2}, {121, 100, 90}, {}}});
    QVERIFY(result.defects.empty());
    QCOMPARE(result.players[0].rating, Rating(1700));
    QCOMPARE(result.players[0].games, 20);
    // The worked example above: +16, -4, -12.
    QCOMPARE(result.players[0].groupRating, Rating(1716));
    QCOMPARE(result.players[1].groupRating, Rating(1696));
    QCOMPARE(result.players[2].groupRating, Rating(1488));
    QCOMPARE(result.players[2].groupGames, 4);
    QCOMPARE(result.entries[2].place, 3);
    QCOMPARE(result.entries[2].kind, GameKind::Group);
}

void TestKingsCribbage::invalidGamesAreDefects()
{
    const std::vector<PlayerState> players(5);
    const auto defectsOf = [&players](Game game) {
        game.source = SourceRef{"games.csv", 7};
        return rateGames(players, {game}).defects;
    };
    const std::vector<Defect> one = defectsOf({"one", 0, {0}, {121}, {}});
    QCOMPARE(one.size(), std::size_t(1));
    QCOMPARE(one[0].source.line, 7);
    QCOMPARE(one[0].eventId, std::string("one"));
    QCOMPARE(defectsOf({"five", 0, {0, 1, 2, 3, 4}, {1, 2, 3, 4, 5}, {}}).size(), std::size_t(1));
    const std::vector<Defect> twice = defectsOf({"twice", 0, {0, 1, 0}, {121, 100, 90}, {}});
    QCOMPARE(twice.size(), std::size_t(1));
    QCOMPARE(twice[0].field, std::string("player3"));
    QCOMPARE(defectsOf({"negative", 0, {0, 1}, {121, -3}, {}})[0].field, std::string("score2"));
    QCOMPARE(defectsOf({"range", 0, {0, 9}, {121, 3}, {}})[0].field, std::string("player2"));
    QCOMPARE(defectsOf({"tie", 0, {0, 1, 2}, {121, 90, 90}, {}})[0].field, std::string("score3"));
    QVERIFY(defectsOf({"draw", 0, {0, 1}, {121, 121}, {}}).empty());
    // A defective history computes nothing.
    QVERIFY(rateGames(players, {{"one", 0, {0}, {121}, {}}}).players.empty());
}

QTEST_APPLESS_MAIN(TestKingsCribbage)
#include "tst_kingscribbage.moc"
