// NCA Tour standings: best 5 / best 4, tie-breaks for places 1-3, the Recreational Tour Champion
// (spec 000 §1; DECISIONS T1-T3).

#include "flickdesk/engine/standings.h"

#include <QStringList>
#include <QTest>
#include <cmath>
#include <limits>

using namespace flickdesk::engine;

namespace {

TourAward award(const char* player, const char* event, int place, double points)
{
    return TourAward{player, event, place, points};
}

// "rank player total note" per row, in the order of the standings: failures print the whole table.
QStringList summary(const TourStandings& standings)
{
    QStringList lines;
    for (const StandingsRow& row : standings.rows) {
        QString line = QString::number(row.rank) + QLatin1Char(' ') + QString::fromStdString(row.playerId) +
                       QLatin1Char(' ') + QString::number(row.total, 'f', 1);
        if (!row.note.empty()) {
            line += QLatin1Char(' ') + QString::fromStdString(row.note);
        }
        lines << line;
    }
    return lines;
}

QStringList lines(std::initializer_list<const char*> expected)
{
    QStringList result;
    for (const char* line : expected) {
        result << QString::fromUtf8(line);
    }
    return result;
}

TourSeason competitive(std::vector<TourAward> awards)
{
    TourSeason season;
    season.division = Division::Competitive;
    season.awards = std::move(awards);
    return season;
}

} // namespace

class TestStandings : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void bestFiveCompetitive();
    void bestFourRecreational();
    void totalsAddRoundedAwardsExactly();
    void tieBrokenByFirstPlaces();
    void onlyCountedResultsBreakTies();
    void equalPointsCountTheBetterPlace();
    void tieBrokenBySecondPlaces();
    void tieBrokenByThirdPlaces();
    void tieBrokenByDeeperPlaces();
    void tieBrokenByFinaleFinish();
    void finalePlacesFromAwardedFinale();
    void explicitFinalePlaceWins();
    void finaleAttendeeAboveNonAttendee();
    void neitherAttendedStaysTied();
    void tiesBelowThirdAreShared();
    void tieAcrossThirdPlace();
    void tieForSecondAndThird();
    void threeWayTieFullySeparated();
    void threeWayTiePartlySeparated();
    void threeWayTieByFinale();
    void threeWayTieTwoShareFirst();
    void recreationalChampionSkipsEarlierChampion();
    void recreationalChampionNotes();
    void recreationalCoChampions();
    void competitiveHasNoRecreationalChampion();
    void emptySeason();
    void invalidAwardsAreRejected();
};

void TestStandings::bestFiveCompetitive()
{
    // DECISIONS T1: the best 5 count; the rest are dropped, so a weak event cannot hurt.
    const TourStandings standings = computeTourStandings(competitive({
        award("anna", "e1", 9, 10.0),
        award("anna", "e2", 5, 20.0),
        award("anna", "e3", 3, 30.0),
        award("anna", "e4", 2, 40.0),
        award("anna", "e5", 1, 50.0),
        award("anna", "e6", 20, 5.0),
        award("anna", "e7", 7, 15.0),
        award("ben", "e1", 1, 60.0),
        award("ben", "e2", 1, 60.0),
    }));
    QCOMPARE(summary(standings), lines({"1 anna 155.0", "2 ben 120.0"}));
    const StandingsRow& anna = standings.rows[0];
    QCOMPARE(anna.countedEvents, 5);
    QCOMPARE(anna.countedEventIds, (std::vector<std::string>{"e5", "e4", "e3", "e2", "e7"}));
    QCOMPARE(anna.totalTenths, 1550LL);
    QCOMPARE(standings.rows[1].countedEvents, 2);
    QVERIFY(standings.recreationalChampions.empty());
}

void TestStandings::bestFourRecreational()
{
    TourSeason season = competitive({
        award("anna", "e1", 9, 10.0),
        award("anna", "e2", 5, 20.0),
        award("anna", "e3", 3, 30.0),
        award("anna", "e4", 2, 40.0),
        award("anna", "e5", 1, 50.0),
        award("anna", "e6", 20, 5.0),
    });
    season.division = Division::Recreational;
    const TourStandings standings = computeTourStandings(season);
    // DECISIONS T1: best 4 in the recreational division.
    QCOMPARE(summary(standings), lines({"1 anna 140.0 champion"}));
    QCOMPARE(standings.rows[0].countedEvents, 4);
    QCOMPARE(resultsCounted(Division::Competitive), 5);
    QCOMPARE(resultsCounted(Division::Recreational), 4);
}

void TestStandings::totalsAddRoundedAwardsExactly()
{
    // 10.1 + 20.2 != 30.3 in binary floating point; in tenths 101 + 202 == 303 (DECISIONS P8).
    QVERIFY(10.1 + 20.2 != 30.3);
    const TourStandings standings = computeTourStandings(competitive({
        award("ada", "e1", 1, 90.0),
        award("bo", "e1", 2, 80.0),
        award("cy", "e1", 3, 70.0),
        award("dee", "e2", 1, 10.1),
        award("dee", "e3", 4, 20.2),
        award("eli", "e4", 2, 30.3),
    }));
    QCOMPARE(summary(standings),
             lines({"1 ada 90.0", "2 bo 80.0", "3 cy 70.0", "4 dee 30.3 tied", "4 eli 30.3 tied"}));
    QCOMPARE(standings.rows[3].totalTenths, 303LL);
    QVERIFY(standings.rows[3].total == 30.3);
}

void TestStandings::tieBrokenByFirstPlaces()
{
    // DECISIONS T2 step 1. Listed so that the loser comes first in the input and by id.
    const TourStandings standings = computeTourStandings(competitive({
        award("abe", "e3", 1, 30.0),
        award("abe", "e1", 2, 20.0),
        award("zoe", "e1", 1, 25.0),
        award("zoe", "e2", 1, 25.0),
        award("cal", "e2", 2, 10.0),
    }));
    QCOMPARE(summary(standings), lines({"1 zoe 50.0 more 1st places", "2 abe 50.0", "3 cal 10.0"}));
}

void TestStandings::onlyCountedResultsBreakTies()
{
    // A 1st place in a dropped result does not count: T2 counts "among the counted results".
    const TourStandings standings = computeTourStandings(competitive({
        award("amy", "e1", 2, 30.0),
        award("amy", "e2", 2, 30.0),
        award("amy", "e3", 2, 30.0),
        award("amy", "e4", 2, 30.0),
        award("amy", "e5", 2, 30.0),
        award("amy", "e6", 1, 20.0), // dropped: her sixth-best
        award("bob", "e1", 1, 30.0),
        award("bob", "e2", 3, 30.0),
        award("bob", "e3", 3, 30.0),
        award("bob", "e4", 3, 30.0),
        award("bob", "e5", 3, 30.0),
    }));
    QCOMPARE(summary(standings), lines({"1 bob 150.0 more 1st places", "2 amy 150.0"}));
    QCOMPARE(standings.rows[1].countedEvents, 5);
}

void TestStandings::equalPointsCountTheBetterPlace()
{
    // Reading of T1 with T2: when the 5th and 6th best awards have equal points, the better place is
    // the one counted (it is the better result). Here that is Amy's Tier 3 win over her 4th place.
    const TourStandings standings = computeTourStandings(competitive({
        award("amy", "e1", 2, 30.0),
        award("amy", "e2", 2, 30.0),
        award("amy", "e3", 2, 30.0),
        award("amy", "e4", 2, 30.0),
        award("amy", "a5", 4, 20.0),
        award("amy", "z6", 1, 20.0),
        award("bob", "e1", 3, 30.0),
        award("bob", "e2", 2, 30.0),
        award("bob", "e3", 2, 30.0),
        award("bob", "e4", 2, 30.0),
        award("bob", "e5", 2, 20.0),
    }));
    QCOMPARE(summary(standings), lines({"1 amy 140.0 more 1st places", "2 bob 140.0"}));
    QCOMPARE(standings.rows[0].countedEventIds.back(), std::string("z6"));
}

void TestStandings::tieBrokenBySecondPlaces()
{
    const TourStandings standings = computeTourStandings(competitive({
        award("amy", "e1", 1, 30.0),
        award("amy", "e2", 3, 20.0),
        award("bob", "e3", 1, 30.0),
        award("bob", "e4", 2, 20.0),
    }));
    QCOMPARE(summary(standings), lines({"1 bob 50.0 more 2nd places", "2 amy 50.0"}));
}

void TestStandings::tieBrokenByThirdPlaces()
{
    const TourStandings standings = computeTourStandings(competitive({
        award("amy", "e1", 1, 30.0),
        award("amy", "e2", 2, 20.0),
        award("amy", "e5", 4, 10.0),
        award("bob", "e3", 1, 30.0),
        award("bob", "e4", 2, 20.0),
        award("bob", "e6", 3, 10.0),
    }));
    QCOMPARE(summary(standings), lines({"1 bob 60.0 more 3rd places", "2 amy 60.0"}));
}

void TestStandings::tieBrokenByDeeperPlaces()
{
    // "and so on through deeper places": equal at 5th, Amy has a 7th where Bob has an 8th.
    const TourStandings standings = computeTourStandings(competitive({
        award("amy", "e1", 5, 30.0),
        award("amy", "e2", 7, 20.0),
        award("bob", "e3", 5, 30.0),
        award("bob", "e4", 8, 20.0),
        award("cat", "e4", 11, 12.0),
        award("cat", "e5", 21, 11.0),
        award("cat", "e6", 22, 10.0),
        award("cat", "e7", 23, 9.0),
        award("cat", "e8", 24, 8.0),
    }));
    QCOMPARE(summary(standings),
             lines({"1 amy 50.0 more 7th places", "2 bob 50.0 more 5th places", "3 cat 50.0"}));
}

void TestStandings::tieBrokenByFinaleFinish()
{
    // Equal records; the Finale is in the other division, so its places are given directly.
    TourSeason season = competitive({
        award("amy", "e1", 1, 30.0),
        award("amy", "e2", 2, 20.0),
        award("bob", "e3", 1, 30.0),
        award("bob", "e4", 2, 20.0),
    });
    season.finaleEventId = "wcc-singles";
    season.finalePlaces = {{"amy", 5}, {"bob", 2}};
    QCOMPARE(summary(computeTourStandings(season)), lines({"1 bob 50.0 Finale: 2nd vs 5th", "2 amy 50.0"}));
}

void TestStandings::finalePlacesFromAwardedFinale()
{
    // The Finale is an awarded event of this season: places come from its awards. Here it is both
    // players' sixth result and dropped, so the counted records stay equal.
    TourSeason season = competitive({});
    for (const char* player : {"amy", "bob"}) {
        for (const char* event : {"e1", "e2", "e3", "e4", "e5"}) {
            season.awards.push_back(award(player, event, 2, 30.0));
        }
    }
    season.awards.push_back(award("amy", "wcc", 7, 5.0));
    season.awards.push_back(award("bob", "wcc", 4, 8.0));
    season.finaleEventId = "wcc";
    QCOMPARE(summary(computeTourStandings(season)), lines({"1 bob 150.0 Finale: 4th vs 7th", "2 amy 150.0"}));
}

void TestStandings::explicitFinalePlaceWins()
{
    TourSeason season = competitive({});
    for (const char* player : {"amy", "bob"}) {
        for (const char* event : {"e1", "e2", "e3", "e4", "e5"}) {
            season.awards.push_back(award(player, event, 2, 30.0));
        }
    }
    season.awards.push_back(award("amy", "wcc", 7, 5.0));
    season.awards.push_back(award("bob", "wcc", 4, 8.0));
    season.finaleEventId = "wcc";
    season.finalePlaces = {{"amy", 1}}; // a correction given directly overrides the award's place
    QCOMPARE(summary(computeTourStandings(season)), lines({"1 amy 150.0 Finale: 1st vs 4th", "2 bob 150.0"}));
}

void TestStandings::finaleAttendeeAboveNonAttendee()
{
    TourSeason season = competitive({
        award("amy", "e1", 1, 30.0),
        award("amy", "e2", 2, 20.0),
        award("bob", "e3", 1, 30.0),
        award("bob", "e4", 2, 20.0),
    });
    season.finalePlaces = {{"bob", 40}};
    QCOMPARE(summary(computeTourStandings(season)), lines({"1 bob 50.0 Finale: attended", "2 amy 50.0"}));
}

void TestStandings::neitherAttendedStaysTied()
{
    TourSeason season = competitive({
        award("bob", "e3", 1, 30.0),
        award("bob", "e4", 2, 20.0),
        award("amy", "e1", 1, 30.0),
        award("amy", "e2", 2, 20.0),
        award("cat", "e2", 1, 40.0),
    });
    season.finalePlaces = {{"cat", 3}}; // someone else attended
    // DECISIONS T2 step 5: still tied, a shared rank; the next player is 3rd (competition ranking).
    QCOMPARE(summary(computeTourStandings(season)),
             lines({"1 amy 50.0 tied", "1 bob 50.0 tied", "3 cat 40.0"}));

    season.finalePlaces.clear(); // no Finale at all: the same
    QCOMPARE(summary(computeTourStandings(season)),
             lines({"1 amy 50.0 tied", "1 bob 50.0 tied", "3 cat 40.0"}));
}

void TestStandings::tiesBelowThirdAreShared()
{
    // DECISIONS T2: deeper ties stand even where a tie-break would separate them (dan has a win).
    TourSeason season = competitive({
        award("ada", "e1", 1, 100.0),
        award("bo", "e1", 2, 90.0),
        award("cy", "e1", 3, 80.0),
        award("eve", "e2", 2, 50.0),
        award("dan", "e3", 1, 50.0),
        award("fay", "e2", 3, 40.0),
        award("gus", "e4", 9, 5.0),
        award("hal", "e5", 9, 5.0),
        award("ivy", "e6", 9, 5.0),
    });
    season.finalePlaces = {{"eve", 1}};
    QCOMPARE(summary(computeTourStandings(season)),
             lines({"1 ada 100.0", "2 bo 90.0", "3 cy 80.0", "4 dan 50.0 tied", "4 eve 50.0 tied",
                    "6 fay 40.0", "7 gus 5.0 tied", "7 hal 5.0 tied", "7 ivy 5.0 tied"}));
}

void TestStandings::tieAcrossThirdPlace()
{
    // Three tied for 3rd-5th: the tie-break decides 3rd only; the other two stay tied for 4th even
    // though dan has more 2nd places than eve ("broken only for the top 3 positions").
    const TourStandings standings = computeTourStandings(competitive({
        award("ada", "e1", 1, 100.0),
        award("bo", "e1", 2, 90.0),
        award("cy", "e2", 1, 25.0),
        award("cy", "e3", 1, 25.0),
        award("dan", "e4", 1, 30.0),
        award("dan", "e5", 2, 20.0),
        award("eve", "e6", 1, 30.0),
        award("eve", "e7", 4, 20.0),
        award("fay", "e7", 5, 10.0),
    }));
    QCOMPARE(summary(standings), lines({"1 ada 100.0", "2 bo 90.0", "3 cy 50.0 more 1st places",
                                        "4 dan 50.0 tied", "4 eve 50.0 tied", "6 fay 10.0"}));
}

void TestStandings::tieForSecondAndThird()
{
    const TourStandings standings = computeTourStandings(competitive({
        award("ada", "e1", 1, 100.0),
        award("bo", "e2", 1, 30.0),
        award("bo", "e3", 3, 20.0),
        award("cy", "e4", 1, 30.0),
        award("cy", "e5", 2, 20.0),
        award("dan", "e5", 3, 10.0),
    }));
    QCOMPARE(summary(standings),
             lines({"1 ada 100.0", "2 cy 50.0 more 2nd places", "3 bo 50.0", "4 dan 10.0"}));
}

void TestStandings::threeWayTieFullySeparated()
{
    // T2 is a lexicographic key (1st places, 2nd places, ..., Finale), so the three are ordered by
    // it: ann beats both on 1st places, then bea beats cid on 2nd places.
    const TourStandings standings = computeTourStandings(competitive({
        award("cid", "e1", 1, 30.0),
        award("cid", "e2", 3, 20.0),
        award("bea", "e3", 1, 30.0),
        award("bea", "e4", 2, 20.0),
        award("ann", "e5", 1, 25.0),
        award("ann", "e6", 1, 25.0),
    }));
    QCOMPARE(summary(standings),
             lines({"1 ann 50.0 more 1st places", "2 bea 50.0 more 2nd places", "3 cid 50.0"}));
}

void TestStandings::threeWayTiePartlySeparated()
{
    // ann is separated; bea and cid are equal in every step and neither attended: tied for 2nd.
    const TourStandings standings = computeTourStandings(competitive({
        award("ann", "e5", 1, 25.0),
        award("ann", "e6", 1, 25.0),
        award("bea", "e3", 1, 30.0),
        award("bea", "e4", 2, 20.0),
        award("cid", "e1", 1, 30.0),
        award("cid", "e2", 2, 20.0),
        award("dot", "e2", 5, 5.0),
    }));
    QCOMPARE(summary(standings),
             lines({"1 ann 50.0 more 1st places", "2 bea 50.0 tied", "2 cid 50.0 tied", "4 dot 5.0"}));
}

void TestStandings::threeWayTieByFinale()
{
    TourSeason season = competitive({
        award("ann", "e1", 1, 30.0),
        award("ann", "e2", 2, 20.0),
        award("bea", "e3", 1, 30.0),
        award("bea", "e4", 2, 20.0),
        award("cid", "e5", 1, 30.0),
        award("cid", "e6", 2, 20.0),
    });
    season.finalePlaces = {{"ann", 3}, {"cid", 1}};
    QCOMPARE(summary(computeTourStandings(season)),
             lines({"1 cid 50.0 Finale: 1st vs 3rd", "2 ann 50.0 Finale: attended", "3 bea 50.0"}));
}

void TestStandings::threeWayTieTwoShareFirst()
{
    const TourStandings standings = computeTourStandings(competitive({
        award("ann", "e1", 1, 30.0),
        award("ann", "e2", 2, 20.0),
        award("bea", "e3", 1, 30.0),
        award("bea", "e4", 2, 20.0),
        award("cid", "e5", 2, 30.0),
        award("cid", "e6", 2, 20.0),
        award("dot", "e6", 3, 20.0),
    }));
    QCOMPARE(summary(standings), lines({"1 ann 50.0 tied", "1 bea 50.0 tied", "3 cid 50.0", "4 dot 20.0"}));
}

void TestStandings::recreationalChampionSkipsEarlierChampion()
{
    TourSeason season;
    season.division = Division::Recreational;
    season.awards = {
        award("ann", "r1", 1, 40.0), award("ann", "r2", 1, 40.0), award("bea", "r1", 2, 35.0),
        award("bea", "r2", 2, 35.0), award("cid", "r1", 3, 30.0),
    };
    const TourStandings before = computeTourStandings(season);
    QCOMPARE(summary(before), lines({"1 ann 80.0 champion", "2 bea 70.0", "3 cid 30.0"}));
    QCOMPARE(before.recreationalChampions, std::vector<std::string>{"ann"});
    QVERIFY(before.rows[0].recreationalChampion);

    // DECISIONS T3: ann won the title in an earlier season: bea is champion, the ranks do not move.
    season.earlierRecreationalChampions = {"ann"};
    const TourStandings standings = computeTourStandings(season);
    QCOMPARE(summary(standings), lines({"1 ann 80.0", "2 bea 70.0 champion", "3 cid 30.0"}));
    QCOMPARE(standings.recreationalChampions, std::vector<std::string>{"bea"});
    QVERIFY(!standings.rows[0].recreationalChampion);
    QVERIFY(standings.rows[1].recreationalChampion);

    season.earlierRecreationalChampions = {"ann", "bea"};
    QCOMPARE(summary(computeTourStandings(season)),
             lines({"1 ann 80.0", "2 bea 70.0", "3 cid 30.0 champion"}));

    season.earlierRecreationalChampions = {"ann", "bea", "cid"};
    const TourStandings nobody = computeTourStandings(season);
    QCOMPARE(summary(nobody), lines({"1 ann 80.0", "2 bea 70.0", "3 cid 30.0"}));
    QVERIFY(nobody.recreationalChampions.empty());
}

void TestStandings::recreationalChampionNotes()
{
    // The champion's row keeps its tie-break note.
    TourSeason season;
    season.division = Division::Recreational;
    season.awards = {
        award("ann", "r1", 1, 60.0), award("bea", "r2", 1, 30.0), award("bea", "r3", 1, 20.0),
        award("cid", "r2", 2, 30.0), award("cid", "r4", 1, 20.0),
    };
    season.earlierRecreationalChampions = {"ann", "someone-from-2019"};
    QCOMPARE(summary(computeTourStandings(season)),
             lines({"1 ann 60.0", "2 bea 50.0 more 1st places; champion", "3 cid 50.0"}));
}

void TestStandings::recreationalCoChampions()
{
    // The best eligible rank is a tie T2 cannot break: both are named; the association decides.
    TourSeason season;
    season.division = Division::Recreational;
    season.awards = {
        award("ann", "r1", 1, 60.0), award("bea", "r2", 1, 30.0), award("bea", "r3", 2, 20.0),
        award("cid", "r4", 1, 30.0), award("cid", "r5", 2, 20.0),
    };
    season.earlierRecreationalChampions = {"ann"};
    const TourStandings standings = computeTourStandings(season);
    QCOMPARE(summary(standings),
             lines({"1 ann 60.0", "2 bea 50.0 tied; champion", "2 cid 50.0 tied; champion"}));
    QCOMPARE(standings.recreationalChampions, (std::vector<std::string>{"bea", "cid"}));
}

void TestStandings::competitiveHasNoRecreationalChampion()
{
    TourSeason season = competitive({award("ann", "c1", 1, 60.0), award("bea", "c1", 2, 50.0)});
    season.earlierRecreationalChampions = {"ann"};
    const TourStandings standings = computeTourStandings(season);
    QCOMPARE(summary(standings), lines({"1 ann 60.0", "2 bea 50.0"}));
    QVERIFY(standings.recreationalChampions.empty());
    QCOMPARE(standings.division, Division::Competitive);
}

void TestStandings::emptySeason()
{
    TourSeason season;
    season.division = Division::Recreational;
    season.finalePlaces = {{"ann", 1}}; // attended the Finale but no award in this division
    const TourStandings standings = computeTourStandings(season);
    QVERIFY(standings.rows.empty());
    QVERIFY(standings.recreationalChampions.empty());
}

void TestStandings::invalidAwardsAreRejected()
{
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        computeTourStandings(competitive({award("ann", "e1", 1, 30.0), award("ann", "e1", 2, 20.0)})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computeTourStandings(competitive({award("ann", "e1", 0, 30.0)})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computeTourStandings(competitive({award("", "e1", 1, 30.0)})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computeTourStandings(competitive({award("ann", "", 1, 30.0)})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computeTourStandings(competitive({award("ann", "e1", 1, -1.0)})));
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        computeTourStandings(competitive({award("ann", "e1", 1, std::numeric_limits<double>::quiet_NaN())})));
    TourSeason badFinale = competitive({award("ann", "e1", 1, 30.0)});
    badFinale.finalePlaces = {{"ann", 0}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, computeTourStandings(badFinale));
}

QTEST_APPLESS_MAIN(TestStandings)
#include "tst_standings.moc"
