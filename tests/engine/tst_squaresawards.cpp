// Diplomacy Squares best country awards (spec 002 §4: games compared "for tie-breakers, including
// tie-breaking best country awards"; DECISIONS S2-S4): for each power the best game with it, by the
// engine's one comparison of games, equal games sharing. Every expected award is worked out by hand
// in the comment beside it.

#include "flickdesk/engine/squares.h"

#include <QTest>
#include <stdexcept>

using namespace flickdesk::engine;

namespace {

struct SeatSpec {
    const char* player;
    DiplomacyPower power;
    int centres;
    int year = 0; // the year of elimination, for 0 centres
};

SquaresGame game(const char* id, int round, std::initializer_list<SeatSpec> seats)
{
    SquaresGame result;
    result.id = id;
    result.round = round;
    result.source = {"games.csv", 1};
    for (const SeatSpec& spec : seats) {
        SquaresSeat seat;
        seat.playerId = spec.player;
        seat.power = spec.power;
        seat.centres = spec.centres;
        seat.eliminatedYear = spec.year;
        result.seats.push_back(seat);
    }
    return result;
}

// "Power player game" per award, in the order given.
QStringList awards(const std::vector<SquaresGame>& games)
{
    const SquaresTournament tournament = scoreSquaresTournament(games);
    QStringList lines;
    for (const SquaresBestCountry& award : squaresBestCountries(games, tournament.results)) {
        const SquaresGameResult& result = tournament.results[award.result];
        lines << QStringLiteral("%1 %2 %3")
                     .arg(QString::fromUtf8(powerName(award.power).data(),
                                            static_cast<qsizetype>(powerName(award.power).size())),
                          QString::fromStdString(result.playerId),
                          QString::fromStdString(games[result.game].id));
    }
    return lines;
}

// The result of `player` in `g`, scored alone.
SquaresGameResult resultOf(const SquaresGame& g, const char* player)
{
    for (const SquaresGameResult& result : scoreSquaresGame(g)) {
        if (result.playerId == player)
            return result;
    }
    qFatal("no player %s in game %s", player, g.id.c_str());
}

constexpr auto Austria = DiplomacyPower::Austria;
constexpr auto England = DiplomacyPower::England;
constexpr auto France = DiplomacyPower::France;
constexpr auto Germany = DiplomacyPower::Germany;
constexpr auto Italy = DiplomacyPower::Italy;

} // namespace

class TestSquaresAwards : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachClassBeatsTheNext();
    void laterEliminationBeatsEarlier();
    void equalGamesShareTheAward();
    void positionSplitsEqualPoints();
    void sharedAwardsByPlayerId();
    void noGamesNoAwards();
    void resultsOfOtherGamesAreRefused();
};

void TestSquaresAwards::eachClassBeatsTheNext()
{
    // G1, a solo: p1 Austria 18 wins (100); p2 England 5 and p4 Germany 3 survive it (Loss, 0);
    // p3 France is out in 1905 (Elimination, 0).
    // G2, a draw of two powers: p5 Austria 17 is the only survivor, 100 x 289 / 289 = 100 points
    // (Draw); p6 England is out in 1910 (Elimination, 0).
    // G3, a draw: p7 France 1 centre, 100 / 290 = 0.34 (Draw); p8 Germany 17, 99.66 (Draw).
    const std::vector<SquaresGame> games = {
        game("G1", 1, {{"p1", Austria, 18}, {"p2", England, 5}, {"p3", France, 0, 1905}, {"p4", Germany, 3}}),
        game("G2", 1, {{"p5", Austria, 17}, {"p6", England, 0, 1910}}),
        game("G3", 2, {{"p7", France, 1}, {"p8", Germany, 17}}),
    };
    // Austria: p1's Win beats p5's Draw, at equal points (100 each), by class (S2).
    // England: p6's Elimination beats p2's Loss, both 0 points (S2: a loss is below an elimination).
    // France: p7's Draw of 0.34 beats p3's Elimination. Germany: p8's Draw beats p4's Loss.
    // Italy, Russia, Turkey: nobody played them.
    QCOMPARE(awards(games), QStringList({QStringLiteral("Austria p1 G1"), QStringLiteral("England p6 G2"),
                                         QStringLiteral("France p7 G3"), QStringLiteral("Germany p8 G3")}));
    // The step the awards above rest on, checked directly: class, with the points equal.
    const SquaresGameComparison austria = compareGames(resultOf(games[0], "p1"), resultOf(games[1], "p5"));
    QCOMPARE(austria.order, 1);
    QCOMPARE(austria.step, SquaresGameStep::Class);
    const SquaresGameComparison england = compareGames(resultOf(games[1], "p6"), resultOf(games[0], "p2"));
    QCOMPARE(england.order, 1);
    QCOMPARE(england.step, SquaresGameStep::Class);
}

void TestSquaresAwards::laterEliminationBeatsEarlier()
{
    // Two boards alike in centres: Austria 10 and England 8 survive (100·100/164 and 100·64/164),
    // France and Germany are out, sharing 3rd place of 2 (S3) with 0 points; only the years differ.
    const std::vector<SquaresGame> games = {
        game("G1", 1,
             {{"a1", Austria, 10}, {"a2", England, 8}, {"a3", France, 0, 1903}, {"a4", Germany, 0, 1906}}),
        game("G2", 1,
             {{"b1", Austria, 10}, {"b2", England, 8}, {"b3", France, 0, 1908}, {"b4", Germany, 0, 1904}}),
    };
    // France: b3 out in 1908 outlasted a3 out in 1903 (S4). Germany: a4 (1906) outlasted b4 (1904).
    // Austria and England: the same game on both boards, so a1 and b1, a2 and b2 share.
    QCOMPARE(awards(games), QStringList({QStringLiteral("Austria a1 G1"), QStringLiteral("Austria b1 G2"),
                                         QStringLiteral("England a2 G1"), QStringLiteral("England b2 G2"),
                                         QStringLiteral("France b3 G2"), QStringLiteral("Germany a4 G1")}));
    const SquaresGameComparison france = compareGames(resultOf(games[1], "b3"), resultOf(games[0], "a3"));
    QCOMPARE(france.order, 1);
    QCOMPARE(france.step, SquaresGameStep::Elimination);
}

void TestSquaresAwards::equalGamesShareTheAward()
{
    // Three boards of 10, 10, 8, 6 centres (Σc² = 300): the two 10s score 33.33 each, sharing 1st of
    // 2; the 8 21.33; the 6 12. G1 and G2 deal the powers alike, so their games with each power are
    // equal in every step of §4. G3 deals them the other way round (Germany 10, France 10, England 8,
    // Austria 6).
    // Austria: 1 (G1) and 5 (G2), 33.33 each, share; G3's 12 is below. England: 2 and 6 share (33.33
    // above G3's 21.33). France: G3's 33.33 (player 10) above the two 21.33s. Germany: G3's 33.33
    // (player 9) above the two 12s.
    const std::vector<SquaresGame> games = {
        game("G1", 1, {{"1", Austria, 10}, {"2", England, 10}, {"3", France, 8}, {"4", Germany, 6}}),
        game("G2", 1, {{"5", Austria, 10}, {"6", England, 10}, {"7", France, 8}, {"8", Germany, 6}}),
        game("G3", 2, {{"9", Germany, 10}, {"10", France, 10}, {"11", England, 8}, {"12", Austria, 6}}),
    };
    QCOMPARE(awards(games), QStringList({QStringLiteral("Austria 1 G1"), QStringLiteral("Austria 5 G2"),
                                         QStringLiteral("England 2 G1"), QStringLiteral("England 6 G2"),
                                         QStringLiteral("France 10 G3"), QStringLiteral("Germany 9 G3")}));
}

void TestSquaresAwards::positionSplitsEqualPoints()
{
    // G1: c1 Italy 10 and c2 Austria 10: 50 points each, equal 1st of 2.
    // G2: d1 Italy 10, d2 Austria 8, d3 England 6: Σc² = 100 + 64 + 36 = 200, so d1 scores 50 too,
    // outright 1st; d2 32, d3 18.
    const std::vector<SquaresGame> games = {
        game("G1", 1, {{"c1", Italy, 10}, {"c2", Austria, 10}}),
        game("G2", 1, {{"d1", Italy, 10}, {"d2", Austria, 8}, {"d3", England, 6}}),
    };
    // Italy: 50 against 50; an outright 1st beats an equal 1st (S3): d1. Austria: c2's 50 beats
    // d2's 32 on points. England: d3 alone.
    QCOMPARE(awards(games), QStringList({QStringLiteral("Austria c2 G1"), QStringLiteral("England d3 G2"),
                                         QStringLiteral("Italy d1 G2")}));
    const SquaresGameComparison italy = compareGames(resultOf(games[1], "d1"), resultOf(games[0], "c1"));
    QCOMPARE(italy.order, 1);
    QCOMPARE(italy.step, SquaresGameStep::Position);
}

void TestSquaresAwards::sharedAwardsByPlayerId()
{
    // Three boards alike, 10 and 5 centres (80 and 20 points): player 10 holds Austria on the first,
    // 9 on the second, 10 again on the third. The three Austria games are equal, so the award is
    // shared: 9 before 10 (whole-number ids by number, as the standings list them), then 10's two
    // games in the order of the games. England's three 20s are equal too: 2, 3, 11.
    const std::vector<SquaresGame> games = {
        game("A", 1, {{"10", Austria, 10}, {"11", England, 5}}),
        game("B", 1, {{"9", Austria, 10}, {"3", England, 5}}),
        game("C", 2, {{"10", Austria, 10}, {"2", England, 5}}),
    };
    QCOMPARE(awards(games), QStringList({QStringLiteral("Austria 9 B"), QStringLiteral("Austria 10 A"),
                                         QStringLiteral("Austria 10 C"), QStringLiteral("England 2 C"),
                                         QStringLiteral("England 3 B"), QStringLiteral("England 11 A")}));
}

void TestSquaresAwards::noGamesNoAwards()
{
    QVERIFY(squaresBestCountries({}, {}).empty());
}

void TestSquaresAwards::resultsOfOtherGamesAreRefused()
{
    const std::vector<SquaresGame> games = {game("G1", 1, {{"1", Austria, 10}, {"2", England, 5}})};
    std::vector<SquaresGameResult> results = scoreSquaresGame(games[0], 0);
    results[1].game = 1; // a game that is not in `games`
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, squaresBestCountries(games, results));
    results[1].game = 0;
    results[1].seat = 5; // a seat the game does not have
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, squaresBestCountries(games, results));
}

QTEST_GUILESS_MAIN(TestSquaresAwards)
#include "tst_squaresawards.moc"
