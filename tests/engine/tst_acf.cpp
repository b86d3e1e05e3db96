// ACF checkers ratings (spec 001; DECISIONS A1-A4): every worked example of the document as
// DECISIONS reads it, the readings FlickDesk chose (docs/acf.md), the structural checks, and
// randomised properties. Every expected value is worked out by hand in the comment beside it.

#include "flickdesk/engine/acf.h"

#include <QTest>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace flickdesk::engine;

namespace {

constexpr double kTolerance = 1e-9;

// Builds histories by hand.
class HistoryBuilder {
public:
    PlayerIndex rated(const std::string& id, double rating, int games, int rounds = 40,
                      std::optional<double> peak = std::nullopt)
    {
        AcfRecord record;
        record.rated = true;
        record.rating = rating;
        record.games = games;
        record.rounds = rounds;
        record.peak = peak.value_or(rating);
        return add(id, record);
    }

    PlayerIndex unrated(const std::string& id) { return add(id, AcfRecord{}); }

    std::size_t event(const std::string& id, const std::string& date, AcfScoring scoring)
    {
        AcfEvent event;
        event.id = id;
        event.date = parseIsoDate(date).value_or(0);
        event.scoring = scoring;
        history.events.push_back(event);
        return history.events.size() - 1;
    }

    // `games` from a's side: W a won, L a lost, D drawn.
    void round(std::size_t event, int number, PlayerIndex a, PlayerIndex b, const std::string& games)
    {
        AcfRound round;
        round.number = number;
        round.a = a;
        round.b = b;
        for (const char c : games)
            round.games.push_back(c == 'W'   ? GameOutcome::WinA
                                  : c == 'L' ? GameOutcome::WinB
                                             : GameOutcome::Draw);
        history.events[event].rounds.push_back(round);
    }

    AcfHistory history;

private:
    PlayerIndex add(const std::string& id, const AcfRecord& record)
    {
        history.playerIds.push_back(id);
        history.start.push_back(record);
        return static_cast<PlayerIndex>(history.playerIds.size() - 1);
    }
};

const AcfEventLine* lineOf(const AcfResult& result, PlayerIndex player, std::size_t event)
{
    for (const AcfEventLine& line : result.lines) {
        if (line.player == player && line.event == event)
            return &line;
    }
    return nullptr;
}

bool near(double actual, double expected)
{
    return std::abs(actual - expected) <= kTolerance * std::max(1.0, std::abs(expected));
}

} // namespace

class TestAcf : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void threeRoundsOfFourGiveRcPlus200();
    void halfTheRoundsGiveRc();
    void roundIsWonByMoreGamesWon();
    void clampFollowsTheSentence();
    void clampMakesWinsRaiseAndLossesLower();
    void opponentsCountAsAtLeast1000();
    void gameWeightedAverageOver128();
    void fewerThan128GamesWeighTheirNumber();
    void peakFloorOnce128Games();
    void firstRatingAfterADrawWithARatedPlayer();
    void noRatingAfterOnlyLosses();
    void gamesAgainstUnratedPlayersDoNotCount();
    void temporaryWhileFifteenRoundsOrFewer();
    void gameScoredEventUsesWindow670();
    void eventIsRatedAsAWhole();
    void eventsInDateOrderThenInputOrder();
    void publishedRatingsRoundHalfAwayFromZero();
    void exactHalfAfterFloatingPointIsPublishedUp();
    void structuralDefects();
    void randomWinRaisesAndLossLowers();
};

void TestAcf::threeRoundsOfFourGiveRcPlus200()
{
    // [001 "Win Rate"]: W 3, L 1, N 4 in four-game rounds: Rp = Rc + 400 (3 - 1) / 4 = Rc + 200.
    QVERIFY(near(acfPerformanceRating(1700.0, acfWindow(AcfScoring::ByRound), 3, 1, 4), 1900.0));

    // The same in an event: a new player (unrated, so the performance is the first rating, A4) wins
    // three rounds and loses one against four players rated 1600, 1700, 1800, 1900: Rc = 1750,
    // Rp = 1950.
    HistoryBuilder b;
    const PlayerIndex newcomer = b.unrated("new");
    const std::vector<PlayerIndex> field = {b.rated("a", 1600, 128), b.rated("b", 1700, 128),
                                            b.rated("c", 1800, 128), b.rated("d", 1900, 128)};
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, newcomer, field[0], "WWDD");
    b.round(e, 2, newcomer, field[1], "WDDD");
    b.round(e, 3, newcomer, field[2], "LWWD");
    b.round(e, 4, newcomer, field[3], "LLDD");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(result.defects.empty());
    const AcfEventLine* line = lineOf(result, newcomer, e);
    QVERIFY(line);
    QCOMPARE(line->wins, 3);
    QCOMPARE(line->losses, 1);
    QCOMPARE(line->draws, 0);
    QVERIFY(near(*line->competition, 1750.0));
    QVERIFY(near(*line->performance, 1950.0));
    QVERIFY(result.final[static_cast<std::size_t>(newcomer)].rated);
    QVERIFY(near(result.final[static_cast<std::size_t>(newcomer)].rating, 1950.0));
    QCOMPARE(result.final[static_cast<std::size_t>(newcomer)].games, 16);
    QCOMPARE(result.final[static_cast<std::size_t>(newcomer)].rounds, 4);
}

void TestAcf::halfTheRoundsGiveRc()
{
    // [001 "Win Rate"]: a 50 percent win rate gives Rp = Rc, with wins and losses or with draws.
    QVERIFY(near(acfPerformanceRating(1812.5, 400.0, 2, 2, 4), 1812.5));
    QVERIFY(near(acfPerformanceRating(1812.5, 400.0, 0, 0, 3), 1812.5));
    QVERIFY(near(acfPerformanceRating(1812.5, 670.0, 1, 1, 5), 1812.5));

    // A player rated 1800 with 128 games who wins one round and loses one against 1700 and 1900:
    // Rc = 1800 = Rp, so the rating stays (1800 x 8 + 1800 x 128) / 136 = 1800.
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1800, 128);
    const PlayerIndex x = b.rated("x", 1700, 128);
    const PlayerIndex y = b.rated("y", 1900, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, p, x, "WDDD");
    b.round(e, 2, p, y, "LDDD");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(result.defects.empty());
    const AcfEventLine* line = lineOf(result, p, e);
    QVERIFY(line);
    QVERIFY(near(*line->competition, 1800.0));
    QVERIFY(near(*line->performance, 1800.0));
    QVERIFY(near(line->after.rating, 1800.0));
}

void TestAcf::roundIsWonByMoreGamesWon()
{
    // DECISIONS A1: the round goes to whoever won more of its four games; equal is a drawn round.
    // a vs b: W D D D -> a wins the round; L W D D -> drawn; L L W D -> a loses. Everyone 1800, so
    // a: W 1, L 1, D 1, N 3, Rc 1800, Rp 1800.
    HistoryBuilder b;
    const PlayerIndex a = b.rated("a", 1800, 128);
    const PlayerIndex x = b.rated("x", 1800, 128);
    const PlayerIndex y = b.rated("y", 1800, 128);
    const PlayerIndex z = b.rated("z", 1800, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, a, x, "WDDD");
    b.round(e, 2, a, y, "LWDD");
    b.round(e, 3, a, z, "LLWD");
    const AcfResult result = rateAcf(b.history);
    const AcfEventLine* line = lineOf(result, a, e);
    QVERIFY(line);
    QCOMPARE(line->wins, 1);
    QCOMPARE(line->draws, 1);
    QCOMPARE(line->losses, 1);
    QCOMPARE(line->games, 12);
    QCOMPARE(line->rounds, 3);
    // The other sides: x lost its round, y drew, z won.
    QCOMPARE(lineOf(result, x, e)->losses, 1);
    QCOMPARE(lineOf(result, y, e)->draws, 1);
    QCOMPARE(lineOf(result, z, e)->wins, 1);
}

void TestAcf::clampFollowsTheSentence()
{
    // DECISIONS A2 on [001 "Special Cases"]: 2000 against 1650 differs by 350 > 0.75 x 400 = 300, so
    // the opponent counts as 2000 - 300 = 1700 (the document's worked example says 1650 + 300 = 1950;
    // FlickDesk follows the sentence, see docs/acf.md).
    QVERIFY(near(acfEffectiveOpponentRating(2000.0, 1650.0, 400.0), 1700.0));
    // From the other side, 1650 against 2000 counts 1650 + 300 = 1950.
    QVERIFY(near(acfEffectiveOpponentRating(1650.0, 2000.0, 400.0), 1950.0));
    // Within 300 nothing changes; exactly 300 is not "more than" 300.
    QVERIFY(near(acfEffectiveOpponentRating(2000.0, 1800.0, 400.0), 1800.0));
    QVERIFY(near(acfEffectiveOpponentRating(2000.0, 1700.0, 400.0), 1700.0));
    // Window 670: 0.75 x 670 = 502.5; 2000 against 1400 counts 1497.5.
    QVERIFY(near(acfEffectiveOpponentRating(2000.0, 1400.0, 670.0), 1497.5));
    // A player without a rating has nothing to clamp against (A4 first rating): only the floor.
    QVERIFY(near(acfEffectiveOpponentRating(std::nullopt, 2600.0, 400.0), 2600.0));

    // In an event: 2000 (128 games) against 1650 in one four-game round: Rc = 1700.
    HistoryBuilder b;
    const PlayerIndex strong = b.rated("strong", 2000, 128);
    const PlayerIndex weak = b.rated("weak", 1650, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, strong, weak, "WDDD");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(near(*lineOf(result, strong, e)->competition, 1700.0));
    QVERIFY(near(*lineOf(result, weak, e)->competition, 1950.0));
    // strong won the round: Rp = 1700 + 400 = 2100; (2100 x 4 + 2000 x 128) / 132 = 2003.0303...
    QVERIFY(near(result.final[static_cast<std::size_t>(strong)].rating, (2100.0 * 4 + 2000.0 * 128) / 132));
    // weak lost it: Rp = 1950 - 400 = 1550; (1550 x 4 + 1650 x 128) / 132 = 1646.9697...
    QVERIFY(near(result.final[static_cast<std::size_t>(weak)].rating, (1550.0 * 4 + 1650.0 * 128) / 132));
}

void TestAcf::clampMakesWinsRaiseAndLossesLower()
{
    // The purpose stated in [001 "Special Cases"]. With the document's worked arithmetic a 2000 player
    // who beats a 1200 would count 1200 + 300 = 1500 and perform 1900: the win would lower the rating.
    // DECISIONS A2 counts 2000 - 300 = 1700 and the performance is 2100.
    for (const char* const games : {"WDDD", "LDDD"}) {
        HistoryBuilder b;
        const PlayerIndex strong = b.rated("strong", 2000, 128);
        const PlayerIndex weak = b.rated("weak", 1200, 128);
        const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
        b.round(e, 1, strong, weak, games);
        const AcfResult result = rateAcf(b.history);
        const AcfEventLine* line = lineOf(result, strong, e);
        QVERIFY(line);
        QVERIFY(near(*line->competition, 1700.0));
        if (games[0] == 'W') {
            QVERIFY(near(*line->performance, 2100.0));
            QVERIFY(line->after.rating > 2000.0);
        } else {
            QVERIFY(near(*line->performance, 1300.0));
            QVERIFY(line->after.rating < 2000.0);
        }
    }
}

void TestAcf::opponentsCountAsAtLeast1000()
{
    // [001 "Special Cases" note], DECISIONS A2: an opponent's rating is always assumed 1000 or above.
    QVERIFY(near(acfEffectiveOpponentRating(std::nullopt, 850.0, 400.0), 1000.0));
    QVERIFY(near(acfEffectiveOpponentRating(1100.0, 700.0, 400.0), 1000.0));
    // The floor comes first, then the clamp: 1500 against 700 -> 1000 -> within 300 of 1500? No:
    // 500 away, so 1500 - 300 = 1200.
    QVERIFY(near(acfEffectiveOpponentRating(1500.0, 700.0, 400.0), 1200.0));

    // A new player who draws a round with a player rated 850: Rc = 1000, Rp = 1000, first rating 1000.
    HistoryBuilder b;
    const PlayerIndex newcomer = b.unrated("new");
    const PlayerIndex low = b.rated("low", 850, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, newcomer, low, "WLDD");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(near(result.final[static_cast<std::size_t>(newcomer)].rating, 1000.0));
}

void TestAcf::gameWeightedAverageOver128()
{
    // [001 "The Game-Weighted Average"]: 150 games this year, 128 before:
    // (R_this x 150 + R_last x 128) / (150 + 128).
    QVERIFY(near(acfGameWeightedRating(1900.0, 150, 1700.0, 128), (1900.0 * 150 + 1700.0 * 128) / 278));
    // More than 128 previous games still weigh 128.
    QVERIFY(near(acfGameWeightedRating(1900.0, 150, 1700.0, 900), (1900.0 * 150 + 1700.0 * 128) / 278));

    // In an event: 1700 with 500 games plays 10 game-scored rounds (20 games) against a 1700 and
    // wins every game: W 20, N 20, Rc 1700, Rp = 1700 + 670 = 2370;
    // (2370 x 20 + 1700 x 128) / 148 = 1790.5405...
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1700, 500);
    const PlayerIndex q = b.rated("q", 1700, 500);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByGame);
    for (int r = 1; r <= 10; ++r)
        b.round(e, r, p, q, "WW");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(result.defects.empty());
    QVERIFY(near(result.final[static_cast<std::size_t>(p)].rating, (2370.0 * 20 + 1700.0 * 128) / 148));
    QCOMPARE(result.final[static_cast<std::size_t>(p)].games, 520);
    QCOMPARE(result.final[static_cast<std::size_t>(p)].rounds, 50);
}

void TestAcf::fewerThan128GamesWeighTheirNumber()
{
    // DECISIONS A3: min(G, 128). 40 games before weigh 40.
    QVERIFY(near(acfGameWeightedRating(2025.0, 8, 1800.0, 40), (2025.0 * 8 + 1800.0 * 40) / 48));
    // No games before: the performance alone.
    QVERIFY(near(acfGameWeightedRating(2025.0, 8, 1800.0, 0), 2025.0));

    // In an event: 1600 with 40 games draws one round and wins one against two 1600s:
    // Rc 1600, Rp = 1600 + 400 x 1 / 2 = 1800; (1800 x 8 + 1600 x 40) / 48 = 1633.33...
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1600, 40, 10);
    const PlayerIndex x = b.rated("x", 1600, 128);
    const PlayerIndex y = b.rated("y", 1600, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, p, x, "WLDD");
    b.round(e, 2, y, p, "LDDD");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(near(result.final[static_cast<std::size_t>(p)].rating, (1800.0 * 8 + 1600.0 * 40) / 48));
    QCOMPARE(result.final[static_cast<std::size_t>(p)].games, 48);
}

void TestAcf::peakFloorOnce128Games()
{
    // DECISIONS A3: once 128 games (this event's included), never more than 100 below the peak.
    // A 1950 player (peak 2000) loses ten rounds to a 1950: Rc 1950, Rp 1550, n 40.
    const auto lose10 = [](int gamesBefore) {
        HistoryBuilder b;
        const PlayerIndex p = b.rated("p", 1950, gamesBefore, 40, 2000.0);
        const PlayerIndex q = b.rated("q", 1950, 500);
        const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
        for (int r = 1; r <= 10; ++r)
            b.round(e, r, p, q, "LLLL");
        const AcfResult result = rateAcf(b.history);
        return *lineOf(result, p, e);
    };
    // 200 games before: (1550 x 40 + 1950 x 128) / 168 = 1854.76 < 2000 - 100: held at 1900.
    AcfEventLine line = lose10(200);
    QVERIFY(near(line.after.rating, 1900.0));
    QVERIFY(line.peakFloorApplied);
    QVERIFY(near(line.after.peak, 2000.0));
    // 90 before: 130 after, so the floor holds: (1550 x 40 + 1950 x 90) / 130 = 1826.9 -> 1900.
    line = lose10(90);
    QVERIFY(near(line.after.rating, 1900.0));
    // 80 before: 120 after, no floor yet: (1550 x 40 + 1950 x 80) / 120 = 1816.67.
    line = lose10(80);
    QVERIFY(!line.peakFloorApplied);
    QVERIFY(near(line.after.rating, (1550.0 * 40 + 1950.0 * 80) / 120));

    // DECISIONS A3 (settled 2026-11-26): the floor stops a fall and never lifts. 1700 whose highest
    // was 2000 loses every game of the event that brings them to 128 games (120 before, 8 now):
    // Rp 1300, (1300 x 8 + 1700 x 120) / 128 = 1675 < min(1900, 1700): held at 1700, not 1900.
    const auto loseRoundsFrom = [](double rating, int gamesBefore, double peak, int rounds) {
        HistoryBuilder b;
        const PlayerIndex p = b.rated("p", rating, gamesBefore, 40, peak);
        const PlayerIndex q = b.rated("q", rating, 500);
        const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
        for (int r = 1; r <= rounds; ++r)
            b.round(e, r, p, q, "LLLL");
        const AcfResult result = rateAcf(b.history);
        return *lineOf(result, p, e);
    };
    line = loseRoundsFrom(1700.0, 120, 2000.0, 2);
    QVERIFY(near(line.after.rating, 1700.0));
    QVERIFY(line.peakFloorApplied);
    QVERIFY(near(line.after.peak, 2000.0));
    QCOMPARE(line.after.games, 128);
    // Already at 128 games, 50 below the highest (1950, peak 2000), losing ten rounds: the floor is
    // min(1900, 1950) = 1900, so the fall stops at the highest - 100.
    line = loseRoundsFrom(1950.0, 128, 2000.0, 10);
    QVERIFY(near(line.after.rating, 1900.0));
    QVERIFY(line.peakFloorApplied);
    // A win is never lowered: 1700 (peak 2000, 128 games) who wins a round against a 1700 rises by
    // the formula, (2100 x 4 + 1700 x 128) / 132 = 1712.12, and is not held anywhere.
    {
        HistoryBuilder b;
        const PlayerIndex p = b.rated("p", 1700, 128, 40, 2000.0);
        const PlayerIndex q = b.rated("q", 1700, 500);
        const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
        b.round(e, 1, p, q, "WDDD");
        const AcfResult result = rateAcf(b.history);
        const AcfEventLine* won = lineOf(result, p, e);
        QVERIFY(won);
        QVERIFY(!won->peakFloorApplied);
        QVERIFY(near(won->after.rating, (2100.0 * 4 + 1700.0 * 128) / 132));
        QVERIFY(won->after.rating > 1700.0);
    }

    // The peak follows the rating up: 1900 (128 games, peak 1900) who wins a round against a 1900:
    // Rp 2300, (2300 x 4 + 1900 x 128) / 132 = 1912.12 is the new peak.
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1900, 128);
    const PlayerIndex q = b.rated("q", 1900, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, p, q, "WDDD");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(near(result.final[static_cast<std::size_t>(p)].peak, (2300.0 * 4 + 1900.0 * 128) / 132));
    // q lost: (1500 x 4 + 1900 x 128) / 132 = 1887.88, within 100 of q's peak 1900: no floor.
    QVERIFY(near(result.final[static_cast<std::size_t>(q)].rating, (1500.0 * 4 + 1900.0 * 128) / 132));
    QVERIFY(near(result.final[static_cast<std::size_t>(q)].peak, 1900.0));
}

void TestAcf::firstRatingAfterADrawWithARatedPlayer()
{
    // DECISIONS A4. A new player draws a round (2-2) with a 1800: Rc 1800, Rp 1800: first rating 1800,
    // 4 games, 1 round, temporary.
    {
        HistoryBuilder b;
        const PlayerIndex newcomer = b.unrated("new");
        const PlayerIndex rated = b.rated("rated", 1800, 128);
        const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
        b.round(e, 1, newcomer, rated, "WLDD");
        const AcfResult result = rateAcf(b.history);
        const AcfRecord& first = result.final[static_cast<std::size_t>(newcomer)];
        QVERIFY(first.rated);
        QVERIFY(near(first.rating, 1800.0));
        QCOMPARE(first.games, 4);
        QCOMPARE(first.rounds, 1);
        QVERIFY(near(first.peak, 1800.0));
        QCOMPARE(acfStatus(first), AcfStatus::Temporary);
        // The rated player's round against an unrated one does not count.
        QVERIFY(near(result.final[static_cast<std::size_t>(rated)].rating, 1800.0));
        QCOMPARE(result.final[static_cast<std::size_t>(rated)].games, 128);
    }
    // A draw with a 1800 and a lost round against a 1600: Rc 1700, Rp = 1700 + 400 (0 - 1) / 2 = 1500.
    {
        HistoryBuilder b;
        const PlayerIndex newcomer = b.unrated("new");
        const PlayerIndex x = b.rated("x", 1800, 128);
        const PlayerIndex y = b.rated("y", 1600, 128);
        const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
        b.round(e, 1, newcomer, x, "DDDD");
        b.round(e, 2, y, newcomer, "WDDD");
        const AcfResult result = rateAcf(b.history);
        QVERIFY(near(result.final[static_cast<std::size_t>(newcomer)].rating, 1500.0));
    }
}

void TestAcf::noRatingAfterOnlyLosses()
{
    // DECISIONS A4: lost rounds only (even with drawn games inside them) give no rating, nor does a
    // draw with another unrated player.
    HistoryBuilder b;
    const PlayerIndex newcomer = b.unrated("new");
    const PlayerIndex other = b.unrated("other");
    const PlayerIndex rated = b.rated("rated", 1800, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, newcomer, rated, "LDDD");
    b.round(e, 2, newcomer, other, "DDDD");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(!result.final[static_cast<std::size_t>(newcomer)].rated);
    QVERIFY(!result.final[static_cast<std::size_t>(other)].rated);
    QCOMPARE(acfStatus(result.final[static_cast<std::size_t>(newcomer)]), AcfStatus::Unrated);
    QCOMPARE(result.final[static_cast<std::size_t>(newcomer)].games, 0);
    const AcfEventLine* line = lineOf(result, newcomer, e);
    QVERIFY(line);
    QVERIFY(!line->performance);
    QCOMPARE(line->losses, 1); // the round against the rated player, shown though it rated nothing
    QVERIFY(near(result.final[static_cast<std::size_t>(rated)].rating, 1800.0));
}

void TestAcf::gamesAgainstUnratedPlayersDoNotCount()
{
    // DECISIONS A4: a rated player's games against an unrated one do not count: 1800 beats a new
    // player and draws with a 1800 (Rc 1800 over that one unit, Rp 1800): stays 1800, 132 games.
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1800, 128, 20);
    const PlayerIndex q = b.rated("q", 1800, 128);
    const PlayerIndex newcomer = b.unrated("new");
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByRound);
    b.round(e, 1, p, newcomer, "WWWW");
    b.round(e, 2, p, q, "DDDD");
    b.round(e, 3, newcomer, q, "WLDD");
    const AcfResult result = rateAcf(b.history);
    const AcfEventLine* line = lineOf(result, p, e);
    QVERIFY(line);
    QCOMPARE(line->rounds, 1);
    QCOMPARE(line->games, 4);
    QCOMPARE(line->wins, 0);
    QVERIFY(near(line->after.rating, 1800.0));
    QCOMPARE(line->after.games, 132);
    QCOMPARE(line->after.rounds, 21);
    // For the new player both rated opponents count (A4: the first rating is the performance against
    // rated opponents): lost to p, drew with q: Rc 1800, Rp = 1800 + 400 (0 - 1) / 2 = 1600.
    QVERIFY(near(result.final[static_cast<std::size_t>(newcomer)].rating, 1600.0));
    QCOMPARE(result.final[static_cast<std::size_t>(newcomer)].rounds, 2);
}

void TestAcf::temporaryWhileFifteenRoundsOrFewer()
{
    // DECISIONS A4: 15 or fewer rated rounds is temporary.
    AcfRecord record;
    QCOMPARE(acfStatus(record), AcfStatus::Unrated);
    record.rated = true;
    record.rating = 1500;
    record.rounds = 15;
    QCOMPARE(acfStatus(record), AcfStatus::Temporary);
    record.rounds = 16;
    QCOMPARE(acfStatus(record), AcfStatus::Established);

    // 14 rounds, then one event of one round (15: temporary), then one of one more (16: established).
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1500, 30, 14);
    const PlayerIndex q = b.rated("q", 1500, 128);
    const std::size_t e1 = b.event("E1", "2025-01-01", AcfScoring::ByRound);
    b.round(e1, 1, p, q, "DDDD");
    const std::size_t e2 = b.event("E2", "2025-02-01", AcfScoring::ByGame);
    b.round(e2, 1, p, q, "DD");
    const AcfResult result = rateAcf(b.history);
    QCOMPARE(acfStatus(lineOf(result, p, e1)->after), AcfStatus::Temporary);
    QCOMPARE(lineOf(result, p, e1)->after.rounds, 15);
    QCOMPARE(acfStatus(lineOf(result, p, e2)->after), AcfStatus::Established);
}

void TestAcf::gameScoredEventUsesWindow670()
{
    // DECISIONS A1: scored by game, every game is a unit and the window is 670. 1800 (128 games)
    // against 1800 in one two-game round, a win and a draw: W 1, D 1, N 2,
    // Rp = 1800 + 670 x 1 / 2 = 2135; (2135 x 2 + 1800 x 128) / 130 = 1805.1538...
    QCOMPARE(acfWindow(AcfScoring::ByGame), 670.0);
    QCOMPARE(acfWindow(AcfScoring::ByRound), 400.0);
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1800, 128);
    const PlayerIndex q = b.rated("q", 1800, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByGame);
    b.round(e, 1, p, q, "WD");
    const AcfResult result = rateAcf(b.history);
    const AcfEventLine* line = lineOf(result, p, e);
    QVERIFY(line);
    QCOMPARE(line->wins, 1);
    QCOMPARE(line->draws, 1);
    QCOMPARE(line->rounds, 1);
    QCOMPARE(line->games, 2);
    QVERIFY(near(*line->performance, 2135.0));
    QVERIFY(near(line->after.rating, (2135.0 * 2 + 1800.0 * 128) / 130));
    // q: L 1, D 1: Rp = 1800 - 335 = 1465; (1465 x 2 + 1800 x 128) / 130 = 1794.846...
    QVERIFY(near(result.final[static_cast<std::size_t>(q)].rating, (1465.0 * 2 + 1800.0 * 128) / 130));
    // The clamp in game-scored events is 0.75 x 670 = 502.5.
    HistoryBuilder c;
    const PlayerIndex strong = c.rated("strong", 2000, 128);
    const PlayerIndex weak = c.rated("weak", 1400, 128);
    const std::size_t f = c.event("F", "2025-01-01", AcfScoring::ByGame);
    c.round(f, 1, strong, weak, "W");
    const AcfResult clamped = rateAcf(c.history);
    QVERIFY(near(*lineOf(clamped, strong, f)->competition, 1497.5));
}

void TestAcf::eventIsRatedAsAWhole()
{
    // Every result uses the ratings before the event: b beats a in round 1 (b would rise), then draws c
    // in round 2; c's Rc is b's rating before the event, 1500.
    HistoryBuilder h;
    const PlayerIndex a = h.rated("a", 1500, 128);
    const PlayerIndex b = h.rated("b", 1500, 128);
    const PlayerIndex c = h.rated("c", 1500, 128);
    const std::size_t e = h.event("E", "2025-01-01", AcfScoring::ByRound);
    h.round(e, 1, b, a, "WWWW");
    h.round(e, 2, b, c, "DDDD");
    const AcfResult result = rateAcf(h.history);
    QVERIFY(near(*lineOf(result, c, e)->competition, 1500.0));
    QVERIFY(near(result.final[static_cast<std::size_t>(c)].rating, 1500.0));
    // b: W 1, D 1, Rp = 1500 + 400 / 2 = 1700; (1700 x 8 + 1500 x 128) / 136 = 1511.76...
    QVERIFY(near(result.final[static_cast<std::size_t>(b)].rating, (1700.0 * 8 + 1500.0 * 128) / 136));
}

void TestAcf::eventsInDateOrderThenInputOrder()
{
    // Two events on one date: the first listed is rated first. In X a new player draws with a 1500
    // and gets 1500; in Y a 1500 (128 games) beats the new player, which counts only if X came first:
    // then Rp = 1500 + 400 = 1900 and (1900 x 4 + 1500 x 128) / 132 = 1512.12.
    for (const bool xFirst : {true, false}) {
        HistoryBuilder b;
        const PlayerIndex newcomer = b.unrated("new");
        const PlayerIndex p = b.rated("p", 1500, 128);
        const PlayerIndex q = b.rated("q", 1500, 128);
        std::size_t x = 0;
        std::size_t y = 0;
        if (xFirst) {
            x = b.event("X", "2025-05-05", AcfScoring::ByRound);
            y = b.event("Y", "2025-05-05", AcfScoring::ByRound);
        } else {
            y = b.event("Y", "2025-05-05", AcfScoring::ByRound);
            x = b.event("X", "2025-05-05", AcfScoring::ByRound);
        }
        b.round(x, 1, newcomer, p, "DDDD");
        b.round(y, 1, q, newcomer, "WDDD");
        const AcfResult result = rateAcf(b.history);
        QCOMPARE(result.eventOrder.front(), xFirst ? x : y);
        const double expected = xFirst ? (1900.0 * 4 + 1500.0 * 128) / 132 : 1500.0;
        QVERIFY(near(result.final[static_cast<std::size_t>(q)].rating, expected));
    }
    // Dates come first, whatever the input order: the later event listed first is rated last.
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1500, 128);
    const PlayerIndex q = b.rated("q", 1500, 128);
    const std::size_t late = b.event("Late", "2025-09-01", AcfScoring::ByRound);
    const std::size_t early = b.event("Early", "2025-01-01", AcfScoring::ByRound);
    b.round(late, 1, p, q, "DDDD");
    b.round(early, 1, p, q, "WDDD");
    const AcfResult result = rateAcf(b.history);
    QCOMPARE(result.eventOrder, (std::vector<std::size_t>{early, late}));
    QVERIFY(lineOf(result, p, late)->before.rating > 1500.0);
}

void TestAcf::publishedRatingsRoundHalfAwayFromZero()
{
    QCOMPARE(roundAcfRating(1837.5), 1838LL);
    QCOMPARE(roundAcfRating(1837.4999), 1837LL);
    QCOMPARE(roundAcfRating(1651.4705882352941), 1651LL);
    QCOMPARE(roundAcfRating(-1837.5), -1838LL);
    QCOMPARE(roundAcfRating(1967.4999999999998), 1968LL); // a half short by its rounding error
    QCOMPARE(roundAcfRating(1967.49999), 1967LL);         // not a half
    QCOMPARE(roundAcfRating(1967.5000000000002), 1968LL);
    QCOMPARE(roundAcfRating(1968.0000000000002), 1968LL);
}

void TestAcf::exactHalfAfterFloatingPointIsPublishedUp()
{
    // x (1500, 1 game before) beats a 1386, b 1659 and c 1315 in three one-game rounds of a
    // game-scored event (window 670, clamp 502.5: all three are within it of 1500).
    // W 3, L 0, N 3: Rc = (1386 + 1659 + 1315) / 3 = 4360 / 3;
    // Rp = 4360 / 3 + 670 x 3 / 3 = 6370 / 3;
    // new = (6370 / 3 x 3 + 1500 x 1) / (3 + 1) = (6370 + 1500) / 4 = 7870 / 4 = 1967.5 exactly,
    // published 1968 (half away from zero). In doubles 4360 / 3 is rounded, and the sum comes out
    // 1967.4999999999998, which std::llround publishes as 1967.
    HistoryBuilder b;
    const PlayerIndex x = b.rated("x", 1500, 1, 1);
    const PlayerIndex a = b.rated("a", 1386, 128);
    const PlayerIndex bb = b.rated("b", 1659, 128);
    const PlayerIndex c = b.rated("c", 1315, 128);
    const std::size_t e = b.event("E", "2025-01-01", AcfScoring::ByGame);
    b.round(e, 1, x, a, "W");
    b.round(e, 2, x, bb, "W");
    b.round(e, 3, x, c, "W");
    const AcfResult result = rateAcf(b.history);
    QVERIFY(result.defects.empty());
    const AcfRecord& after = result.final[static_cast<std::size_t>(x)];
    QVERIFY(near(after.rating, 1967.5));
    QCOMPARE(after.games, 4);
    QCOMPARE(roundAcfRating(after.rating), 1968LL);
    QCOMPARE(roundAcfRating(after.peak), 1968LL);
}

void TestAcf::structuralDefects()
{
    HistoryBuilder b;
    const PlayerIndex p = b.rated("p", 1500, 128);
    const PlayerIndex q = b.rated("q", 1500, 128);
    const PlayerIndex r = b.rated("r", 1500, 128);
    const std::size_t byRound = b.event("R", "2025-01-01", AcfScoring::ByRound);
    b.round(byRound, 1, p, q, "WWW");  // three games in a round-scored round
    b.round(byRound, 1, p, r, "WWWW"); // p twice in round 1
    b.round(byRound, 2, q, q, "DDDD"); // against themselves
    const std::size_t byGame = b.event("G", "2025-01-01", AcfScoring::ByGame);
    b.round(byGame, 1, p, q, "WWW"); // three games in a game-scored round
    b.round(byGame, 2, p, 7, "WW");  // no player 7
    const AcfResult result = rateAcf(b.history);
    QCOMPARE(result.defects.size(), std::size_t{5});
    QVERIFY(result.final.empty());
    QVERIFY(result.lines.empty());
    const auto mentions = [&](const std::string& text) {
        for (const Defect& defect : result.defects) {
            if (defect.message.find(text) != std::string::npos)
                return true;
        }
        return false;
    };
    QVERIFY(mentions("exactly 4 games"));
    QVERIFY(mentions("two pairings in one round"));
    QVERIFY(mentions("against themselves"));
    QVERIFY(mentions("1 or 2 games"));
    QVERIFY(mentions("no such player"));

    // A starting rating that is not a number.
    HistoryBuilder c;
    c.rated("nan", std::nan(""), 10);
    QCOMPARE(validateAcf(c.history).size(), std::size_t{1});
}

void TestAcf::randomWinRaisesAndLossLowers()
{
    // DECISIONS A2's purpose, for any ratings: a won unit performs above your rating (Rc >= R - 0.75w,
    // so Rp >= R + 0.25w) and a lost one below it; with one unit in the event the rating follows.
    std::mt19937 random(20250301);
    std::uniform_real_distribution<double> ratings(0.0, 3000.0);
    std::uniform_int_distribution<int> games(0, 400);
    for (int i = 0; i < 2000; ++i) {
        const AcfScoring scoring = i % 2 ? AcfScoring::ByGame : AcfScoring::ByRound;
        const bool win = (i / 2) % 2 == 0;
        HistoryBuilder b;
        const double own = ratings(random);
        const PlayerIndex p = b.rated("p", own, games(random), 20, own + 50.0);
        const PlayerIndex q = b.rated("q", ratings(random), games(random));
        const std::size_t e = b.event("E", "2025-01-01", scoring);
        b.round(e, 1, p, q, scoring == AcfScoring::ByRound ? (win ? "WDDD" : "LDDD") : (win ? "W" : "L"));
        const AcfResult result = rateAcf(b.history);
        const AcfEventLine* line = lineOf(result, p, e);
        QVERIFY(line && line->performance);
        QVERIFY(std::isfinite(line->after.rating));
        if (win) {
            QVERIFY2(*line->performance > own, qPrintable(QStringLiteral("case %1").arg(i)));
            QVERIFY2(line->after.rating > own, qPrintable(QStringLiteral("case %1").arg(i)));
        } else {
            QVERIFY2(*line->performance < own, qPrintable(QStringLiteral("case %1").arg(i)));
            // The peak floor (peak 50 above the rating) holds a rating at most at 50 below it.
            QVERIFY2(line->after.rating < own, qPrintable(QStringLiteral("case %1").arg(i)));
        }
    }
}

QTEST_APPLESS_MAIN(TestAcf)
#include "tst_acf.moc"
