// Field-Weighted Points: FSI, FDI, the placement curve, rounding and the payout table
// (spec 000 Terminology; DECISIONS P4-P10).

#include "flickdesk/engine/points.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace flickdesk::engine;

namespace {

constexpr double kReferenceTolerance = 1e-9;

// One field of tests/data/reference/fwp/cases.json: entrants in finishing order, unrounded expectations.
struct ReferenceCase {
    EventFormat format = EventFormat::Singles;
    Tier tier = Tier::Three;
    std::vector<double> ratings;       // singles: one mu per player
    std::vector<PartnerRatings> teams; // doubles: both partners' mu
    double fsi = 0.0;
    double fdi = 0.0;
    std::vector<double> points;
};

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool sameTable(const PayoutTable& a, const PayoutTable& b)
{
    if (a.format != b.format || a.tier != b.tier || a.fieldSize != b.fieldSize ||
        !sameBits(a.unflooredFieldStrength, b.unflooredFieldStrength) ||
        !sameBits(a.fieldStrengthIndex, b.fieldStrengthIndex) ||
        !sameBits(a.fieldDepthIndex, b.fieldDepthIndex) || a.experimentalCap != b.experimentalCap ||
        a.capApplied != b.capApplied || !sameBits(a.unflooredWinnerPoints, b.unflooredWinnerPoints) ||
        a.meetsHigherTierFloor != b.meetsHigherTierFloor || a.points.size() != b.points.size() ||
        a.awards.size() != b.awards.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        if (!sameBits(a.points[i], b.points[i]) || !sameBits(a.awards[i], b.awards[i])) {
            return false;
        }
    }
    return true;
}

// A singles field of n players: the first `top` at `topRating`, the rest at `restRating`.
std::vector<double> field(int n, int top, double topRating, double restRating)
{
    std::vector<double> ratings(static_cast<std::size_t>(n), restRating);
    std::fill_n(ratings.begin(), std::min(top, n), topRating);
    return ratings;
}

} // namespace

Q_DECLARE_METATYPE(ReferenceCase)
Q_DECLARE_METATYPE(EventFormat)
Q_DECLARE_METATYPE(Tier)
Q_DECLARE_METATYPE(std::optional<Tier>)
Q_DECLARE_METATYPE(std::vector<double>)

class TestPoints : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void referenceCases_data();
    void referenceCases();
    void floridaExample();
    void elmiraCheck();
    void roundAwardHalfAwayFromZero_data();
    void roundAwardHalfAwayFromZero();
    void experimentalCap();
    void doublesTeamRatings();
    void depthThresholds_data();
    void depthThresholds();
    void depthAveragesLowerHalf();
    void tierGuaranteeCheck_data();
    void tierGuaranteeCheck();
    void tierGuaranteeAtExactFloor();
    void smallFieldsHaveNoNaN_data();
    void smallFieldsHaveNoNaN();
    void invalidInputIsRejected();
    void previewAndAwardAreOneFunction();
    void summaryGivesTheSameTable();
    void largeFieldIsSane();
};

void TestPoints::referenceCases_data()
{
    QTest::addColumn<ReferenceCase>("referenceCase");

    QFile file(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/reference/fwp/cases.json"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonArray cases = document.object().value(QLatin1String("cases")).toArray();
    QCOMPARE(cases.size(), 12);

    for (const QJsonValue& value : cases) {
        const QJsonObject object = value.toObject();
        ReferenceCase referenceCase;
        const QString format = object.value(QLatin1String("format")).toString();
        QVERIFY(format == QLatin1String("singles") || format == QLatin1String("doubles"));
        referenceCase.format =
            format == QLatin1String("doubles") ? EventFormat::Doubles : EventFormat::Singles;
        const int tier = object.value(QLatin1String("tier")).toInt();
        QVERIFY(tier >= 1 && tier <= 3);
        referenceCase.tier = static_cast<Tier>(tier);
        for (const QJsonValue& entrant : object.value(QLatin1String("entrants")).toArray()) {
            if (referenceCase.format == EventFormat::Doubles) {
                const QJsonArray partners = entrant.toArray();
                QCOMPARE(partners.size(), 2);
                referenceCase.teams.emplace_back(partners.at(0).toDouble(), partners.at(1).toDouble());
            } else {
                QVERIFY(entrant.isDouble());
                referenceCase.ratings.push_back(entrant.toDouble());
            }
        }
        referenceCase.fsi = object.value(QLatin1String("fsi")).toDouble();
        referenceCase.fdi = object.value(QLatin1String("fdi")).toDouble();
        for (const QJsonValue& points : object.value(QLatin1String("points")).toArray()) {
            referenceCase.points.push_back(points.toDouble());
        }
        const QByteArray name = object.value(QLatin1String("name")).toString().toUtf8();
        QTest::newRow(name.constData()) << referenceCase;
    }
}

void TestPoints::referenceCases()
{
    QFETCH(ReferenceCase, referenceCase);

    PayoutTable table;
    if (referenceCase.format == EventFormat::Doubles) {
        table = computePayoutTable(referenceCase.tier, referenceCase.teams);
        // The same field given as team ratings: the same table, bit for bit (DECISIONS P5).
        std::vector<double> teamRatings;
        for (const auto& [muA, muB] : referenceCase.teams) {
            teamRatings.push_back(teamRating(muA, muB));
        }
        QVERIFY(sameTable(table, computePayoutTable(EventFormat::Doubles, referenceCase.tier, teamRatings)));
    } else {
        table = computePayoutTable(EventFormat::Singles, referenceCase.tier, referenceCase.ratings);
    }

    QCOMPARE(table.format, referenceCase.format);
    QCOMPARE(table.tier, referenceCase.tier);
    QCOMPARE(table.fieldSize, static_cast<int>(referenceCase.points.size()));
    QVERIFY2(std::fabs(table.fieldStrengthIndex - referenceCase.fsi) <= kReferenceTolerance,
             qPrintable(QStringLiteral("FSI %1, expected %2")
                            .arg(table.fieldStrengthIndex, 0, 'g', 17)
                            .arg(referenceCase.fsi, 0, 'g', 17)));
    QVERIFY2(std::fabs(table.fieldDepthIndex - referenceCase.fdi) <= kReferenceTolerance,
             qPrintable(QStringLiteral("FDI %1, expected %2")
                            .arg(table.fieldDepthIndex, 0, 'g', 17)
                            .arg(referenceCase.fdi, 0, 'g', 17)));
    QCOMPARE(table.points.size(), referenceCase.points.size());
    QCOMPARE(table.awards.size(), referenceCase.points.size());
    for (std::size_t i = 0; i < referenceCase.points.size(); ++i) {
        QVERIFY2(std::fabs(table.points[i] - referenceCase.points[i]) <= kReferenceTolerance,
                 qPrintable(QStringLiteral("place %1: %2, expected %3")
                                .arg(i + 1)
                                .arg(table.points[i], 0, 'g', 17)
                                .arg(referenceCase.points[i], 0, 'g', 17)));
        QVERIFY(sameBits(table.awards[i], roundAward(table.points[i])));
        QVERIFY(std::isfinite(table.points[i]));
        QVERIFY(table.points[i] >= 1.0);
        // The curve never rises with a worse place.
        if (i > 0) {
            QVERIFY(table.points[i] <= table.points[i - 1]);
        }
    }
    // DECISIONS P7: the winner gets FSI x 50 exactly (the 1-point floor never binds here).
    if (!table.points.empty()) {
        QVERIFY(sameBits(table.winnerPoints(), table.fieldStrengthIndex * 50.0));
    }
}

void TestPoints::floridaExample()
{
    // Spec 000 FAQ and DECISIONS P7: 14 players, Tier 3 singles, a field far below the floor (top-14
    // mean 0.5 / 3.3 = 0.15 < 0.40), so FDI = 0 and the winner is lifted to 0.40 x 50 = 20.0.
    const std::vector<double> ratings = {0.9, 0.8, 0.7, 0.6, 0.6, 0.5, 0.5,
                                         0.5, 0.4, 0.4, 0.4, 0.3, 0.2, 0.2};
    const PayoutTable table = computePayoutTable(EventFormat::Singles, Tier::Three, ratings);
    QCOMPARE(table.fieldSize, 14);
    QVERIFY(table.unflooredFieldStrength < fieldStrengthFloor(Tier::Three));
    QVERIFY(sameBits(table.fieldStrengthIndex, 0.40));
    QVERIFY(sameBits(table.fieldDepthIndex, 0.0));
    QVERIFY(sameBits(table.awards[0], 20.0));
    QVERIFY(sameBits(table.awards[4], 9.4));
    QVERIFY(sameBits(table.awards[9], 2.4));
    QVERIFY(!table.meetsHigherTierFloor.has_value());
}

void TestPoints::elmiraCheck()
{
    // DECISIONS P7: 66.8 / 59.1 / 52.0 for 1st / 5th / 10th fit FSI 1.336, N = 48, FDI 0.81.
    QVERIFY(sameBits(roundAward(fieldWeightedPoints(1, 48, 1.336, 0.81, EventFormat::Singles)), 66.8));
    QVERIFY(sameBits(roundAward(fieldWeightedPoints(5, 48, 1.336, 0.81, EventFormat::Singles)), 59.1));
    QVERIFY(sameBits(roundAward(fieldWeightedPoints(10, 48, 1.336, 0.81, EventFormat::Singles)), 52.0));

    // The same through a whole field: top 20 at 1.336 x 3.3, ranks 21-24 in between, the lower
    // half (ranks 25-48) at 0.81 x 2.0.
    std::vector<double> ratings = field(48, 20, 1.336 * 3.3, 1.62);
    std::fill(ratings.begin() + 20, ratings.begin() + 24, 3.0);
    const PayoutTable table = computePayoutTable(EventFormat::Singles, Tier::One, ratings);
    QVERIFY(std::fabs(table.fieldStrengthIndex - 1.336) <= 1e-12);
    QVERIFY(std::fabs(table.fieldDepthIndex - 0.81) <= 1e-12);
    QVERIFY(sameBits(table.awards[0], 66.8));
    QVERIFY(sameBits(table.awards[4], 59.1));
    QVERIFY(sameBits(table.awards[9], 52.0));
}

void TestPoints::roundAwardHalfAwayFromZero_data()
{
    QTest::addColumn<double>("points");
    QTest::addColumn<double>("expected");
    QTest::addColumn<long long>("tenths");

    // 2.45 is stored as 2.4500000000000001776..., 0.15 as 0.1499999999999999944...,
    // 0.35 as 0.3499999999999999778...: all are halves in decimal and round up.
    QTest::newRow("2.45") << 2.45 << 2.5 << 25LL;
    QTest::newRow("0.15") << 0.15 << 0.2 << 2LL;
    QTest::newRow("0.35") << 0.35 << 0.4 << 4LL;
    QTest::newRow("0.05") << 0.05 << 0.1 << 1LL;
    QTest::newRow("1.25") << 1.25 << 1.3 << 13LL;
    QTest::newRow("8.95") << 8.95 << 9.0 << 90LL;
    QTest::newRow("66.75") << 66.75 << 66.8 << 668LL;
    QTest::newRow("1.45") << 1.45 << 1.5 << 15LL;
    QTest::newRow("computed 0.1 + 0.2 + 0.05") << 0.1 + 0.2 + 0.05 << 0.4 << 4LL;
    QTest::newRow("computed 2.45 a hair low") << std::nextafter(2.45, 0.0) << 2.5 << 25LL;
    QTest::newRow("negative half") << -2.45 << -2.5 << -25LL;
    QTest::newRow("2.44") << 2.44 << 2.4 << 24LL;
    QTest::newRow("2.449") << 2.449 << 2.4 << 24LL;
    QTest::newRow("2.4500001") << 2.4500001 << 2.5 << 25LL;
    QTest::newRow("9.437") << 9.437 << 9.4 << 94LL;
    QTest::newRow("zero") << 0.0 << 0.0 << 0LL;
    QTest::newRow("tiny negative") << -0.04 << 0.0 << 0LL;
    QTest::newRow("whole") << 20.0 << 20.0 << 200LL;
}

void TestPoints::roundAwardHalfAwayFromZero()
{
    QFETCH(double, points);
    QFETCH(double, expected);
    QFETCH(long long, tenths);
    const double rounded = roundAward(points);
    // Exactly the literal, not merely close: published awards must print and add up as decimals.
    QVERIFY2(sameBits(rounded, expected), qPrintable(QString::number(rounded, 'g', 17)));
    QCOMPARE(awardTenths(points), tenths);
    QVERIFY(std::isnan(roundAward(std::numeric_limits<double>::quiet_NaN())));
    QCOMPARE(awardTenths(std::numeric_limits<double>::infinity()), 0LL);
}

void TestPoints::experimentalCap()
{
    // DECISIONS P4: no ceiling for standard events ...
    const std::vector<double> strong = field(30, 30, 5.0, 5.0); // mean 5.0 / 3.3 = 1.515
    const PayoutTable uncapped = computePayoutTable(EventFormat::Singles, Tier::Two, strong);
    QVERIFY(std::fabs(uncapped.fieldStrengthIndex - 5.0 / 3.3) <= 1e-12);
    QVERIFY(!uncapped.capApplied);
    QVERIFY(!uncapped.experimentalCap.has_value());

    // ... but an experimental-format event's FSI is capped (FlickDesk proposes 1.00).
    QCOMPARE(proposedExperimentalCap, 1.00);
    const PayoutTable capped =
        computePayoutTable(EventFormat::Singles, Tier::Two, strong, proposedExperimentalCap);
    QVERIFY(capped.capApplied);
    QCOMPARE(capped.experimentalCap, std::optional<double>(1.0));
    QVERIFY(sameBits(capped.fieldStrengthIndex, 1.0));
    QVERIFY(sameBits(capped.awards[0], 50.0));
    QVERIFY(sameBits(capped.unflooredFieldStrength, uncapped.unflooredFieldStrength));
    QVERIFY(sameBits(capped.fieldDepthIndex, uncapped.fieldDepthIndex));
    for (std::size_t i = 0; i < capped.points.size(); ++i) {
        QVERIFY(capped.points[i] <= uncapped.points[i]);
    }
    QVERIFY(sameBits(fieldStrengthIndex(strong, EventFormat::Singles, Tier::Two, 1.0), 1.0));

    // A cap above the field's strength changes nothing.
    const std::vector<double> weak = field(30, 30, 2.0, 2.0); // 0.606
    const PayoutTable notBinding = computePayoutTable(EventFormat::Singles, Tier::Two, weak, 1.0);
    QVERIFY(!notBinding.capApplied);
    PayoutTable withoutCap = computePayoutTable(EventFormat::Singles, Tier::Two, weak);
    withoutCap.experimentalCap = 1.0; // the only difference: the table records the cap it was given
    QVERIFY(sameTable(notBinding, withoutCap));

    // A cap below the Tier floor is an explicit per-event decision and wins over the floor.
    const PayoutTable belowFloor = computePayoutTable(EventFormat::Singles, Tier::One, weak, 0.5);
    QVERIFY(belowFloor.capApplied);
    QVERIFY(sameBits(belowFloor.fieldStrengthIndex, 0.5));
    QVERIFY(sameBits(belowFloor.awards[0], 25.0));
}

void TestPoints::doublesTeamRatings()
{
    // DECISIONS P5: 0.6 x higher + 0.4 x lower, whichever partner is listed first.
    QVERIFY(std::fabs(teamRating(2.0, 1.0) - 1.6) <= 1e-15);
    QVERIFY(sameBits(teamRating(2.0, 1.0), teamRating(1.0, 2.0)));
    QVERIFY(std::fabs(teamRating(-1.0, 1.0) - 0.2) <= 1e-15);
    QVERIFY(sameBits(teamRating(3.0, 3.0), 3.0));
    // A unit's rating: the team's in doubles, the player's own in singles, the partner unread.
    QVERIFY(sameBits(unitRating(EventFormat::Doubles, 1.0, 2.0), teamRating(2.0, 1.0)));
    QVERIFY(sameBits(unitRating(EventFormat::Singles, 1.25, 9.0), 1.25));

    // Twelve teams: FSI averages the top 10 teams (not 20), FDI counts from 10 teams, decay 2.3.
    std::vector<PartnerRatings> teams;
    std::vector<double> teamRatings;
    for (int i = 0; i < 12; ++i) {
        const double higher = 4.0 - 0.25 * i;
        const double lower = 2.0 - 0.1 * i;
        teams.emplace_back(i % 2 == 0 ? higher : lower, i % 2 == 0 ? lower : higher);
        teamRatings.push_back(0.6 * higher + 0.4 * lower);
    }
    const PayoutTable table = computePayoutTable(Tier::Three, teams);
    QCOMPARE(table.format, EventFormat::Doubles);
    QCOMPARE(table.fieldSize, 12);

    double topSum = 0.0;
    for (int i = 0; i < 10; ++i) {
        topSum += teamRatings[static_cast<std::size_t>(i)];
    }
    QVERIFY(std::fabs(table.fieldStrengthIndex - topSum / 10.0 / 3.3) <= 1e-12);
    double lowerSum = 0.0;
    for (int i = 6; i < 12; ++i) {
        lowerSum += teamRatings[static_cast<std::size_t>(i)];
    }
    QVERIFY(std::fabs(table.fieldDepthIndex - lowerSum / 6.0 / 2.0) <= 1e-12);

    const double base = std::pow(1.0 - 4.0 / 12.0, 2.3);
    const double ratio = base + 0.4 * table.fieldDepthIndex * (1.0 - base);
    QVERIFY(std::fabs(table.points[3] - table.fieldStrengthIndex * 50.0 * ratio) <= 1e-12);

    // Doubles decay faster than singles for the same FSI, FDI and N.
    QVERIFY(fieldWeightedPoints(4, 12, 1.0, 0.5, EventFormat::Doubles) <
            fieldWeightedPoints(4, 12, 1.0, 0.5, EventFormat::Singles));
}

void TestPoints::depthThresholds_data()
{
    QTest::addColumn<EventFormat>("format");
    QTest::addColumn<int>("fieldSize");
    QTest::addColumn<bool>("hasDepth");

    QTest::newRow("singles 19") << EventFormat::Singles << 19 << false;
    QTest::newRow("singles 20") << EventFormat::Singles << 20 << true;
    QTest::newRow("singles 21") << EventFormat::Singles << 21 << true;
    QTest::newRow("doubles 9") << EventFormat::Doubles << 9 << false;
    QTest::newRow("doubles 10") << EventFormat::Doubles << 10 << true;
    QTest::newRow("doubles 11") << EventFormat::Doubles << 11 << true;
}

void TestPoints::depthThresholds()
{
    QFETCH(EventFormat, format);
    QFETCH(int, fieldSize);
    QFETCH(bool, hasDepth);

    // DECISIONS P6: FDI = 0 below 20 players / 10 teams, whatever the ratings.
    const std::vector<double> ratings = field(fieldSize, fieldSize, 1.0, 1.0);
    QVERIFY(sameBits(fieldDepthIndex(ratings, format), hasDepth ? 0.5 : 0.0));
    QVERIFY(sameBits(computePayoutTable(format, Tier::Three, ratings).fieldDepthIndex, hasDepth ? 0.5 : 0.0));
}

void TestPoints::depthAveragesLowerHalf()
{
    // DECISIONS P6: ranks floor(N/2)+1 .. N. N = 21: ranks 11..21 (11 players), listed shuffled.
    std::vector<double> ratings;
    for (int rank = 1; rank <= 21; ++rank) {
        ratings.push_back(0.1 * (22 - rank)); // rank 1 = 2.1 ... rank 21 = 0.1
    }
    std::mt19937 generator(7);
    std::shuffle(ratings.begin(), ratings.end(), generator);
    double expected = 0.0;
    for (int rank = 11; rank <= 21; ++rank) {
        expected += 0.1 * (22 - rank);
    }
    expected = expected / 11.0 / 2.0;
    QVERIFY(std::fabs(fieldDepthIndex(ratings, EventFormat::Singles) - expected) <= 1e-12);

    // Clamped to [0, 1].
    QVERIFY(sameBits(fieldDepthIndex(field(20, 20, 3.0, 3.0), EventFormat::Singles), 1.0));
    QVERIFY(sameBits(fieldDepthIndex(field(20, 10, 3.0, -1.0), EventFormat::Singles), 0.0));
    QVERIFY(sameBits(fieldDepthIndex(field(20, 10, 3.0, 2.0), EventFormat::Singles), 1.0));
}

void TestPoints::tierGuaranteeCheck_data()
{
    QTest::addColumn<Tier>("tier");
    QTest::addColumn<double>("unflooredWinnerPoints");
    QTest::addColumn<Tier>("highest");
    QTest::addColumn<std::optional<Tier>>("higher");

    QTest::newRow("tier 3, 15") << Tier::Three << 15.0 << Tier::Three << std::optional<Tier>();
    QTest::newRow("tier 3, 29.9") << Tier::Three << 29.9 << Tier::Three << std::optional<Tier>();
    QTest::newRow("tier 3, 30") << Tier::Three << 30.0 << Tier::Two << std::optional<Tier>(Tier::Two);
    QTest::newRow("tier 3, 39.99") << Tier::Three << 39.99 << Tier::Two << std::optional<Tier>(Tier::Two);
    QTest::newRow("tier 3, 40") << Tier::Three << 40.0 << Tier::One << std::optional<Tier>(Tier::One);
    QTest::newRow("tier 2, 35") << Tier::Two << 35.0 << Tier::Two << std::optional<Tier>();
    QTest::newRow("tier 2, 41") << Tier::Two << 41.0 << Tier::One << std::optional<Tier>(Tier::One);
    QTest::newRow("tier 1, 66.8") << Tier::One << 66.8 << Tier::One << std::optional<Tier>();
    QTest::newRow("tier 1, 25") << Tier::One << 25.0 << Tier::Three << std::optional<Tier>();
}

void TestPoints::tierGuaranteeCheck()
{
    QFETCH(Tier, tier);
    QFETCH(double, unflooredWinnerPoints);
    QFETCH(Tier, highest);
    QFETCH(std::optional<Tier>, higher);

    QCOMPARE(winnerPointsFloor(Tier::One), 40.0);
    QCOMPARE(winnerPointsFloor(Tier::Two), 30.0);
    QCOMPARE(winnerPointsFloor(Tier::Three), 20.0);
    QCOMPARE(highestTierFloorMet(unflooredWinnerPoints), highest);
    QCOMPARE(higherTierFloorMet(tier, unflooredWinnerPoints), higher);
}

void TestPoints::tierGuaranteeAtExactFloor()
{
    // DECISIONS P10 through the payout table: a Tier 3 field whose top-20 mean is 1.98 has unfloored
    // winner points 1.98 / 3.3 x 50 = 30 (within a rounding error): it meets the Tier 2 floor.
    const PayoutTable reachesTwo =
        computePayoutTable(EventFormat::Singles, Tier::Three, field(24, 20, 1.98, 0.0));
    QVERIFY(std::fabs(reachesTwo.unflooredWinnerPoints - 30.0) <= 1e-12);
    QCOMPARE(reachesTwo.meetsHigherTierFloor, std::optional<Tier>(Tier::Two));

    const PayoutTable reachesOne =
        computePayoutTable(EventFormat::Singles, Tier::Three, field(24, 20, 2.64, 0.0));
    QCOMPARE(reachesOne.meetsHigherTierFloor, std::optional<Tier>(Tier::One));

    // The check uses the unfloored value: a Tier 1 floor of 40 does not make a thin field "Tier 1".
    const PayoutTable thin = computePayoutTable(EventFormat::Singles, Tier::Two, field(24, 20, 1.0, 0.0));
    QVERIFY(std::fabs(thin.unflooredWinnerPoints - 1.0 / 3.3 * 50.0) <= 1e-12);
    QVERIFY(sameBits(thin.winnerPoints(), 30.0));
    QCOMPARE(thin.meetsHigherTierFloor, std::optional<Tier>());
}

void TestPoints::smallFieldsHaveNoNaN_data()
{
    QTest::addColumn<EventFormat>("format");
    QTest::addColumn<Tier>("tier");
    QTest::addColumn<std::vector<double>>("ratings");

    for (const EventFormat format : {EventFormat::Singles, EventFormat::Doubles}) {
        const char* formatName = format == EventFormat::Singles ? "singles" : "doubles";
        for (const Tier tier : {Tier::One, Tier::Two, Tier::Three}) {
            const int tierNumber = static_cast<int>(tier);
            QTest::addRow("%s tier %d, empty", formatName, tierNumber)
                << format << tier << std::vector<double>{};
            QTest::addRow("%s tier %d, one", formatName, tierNumber)
                << format << tier << std::vector<double>{3.0};
            QTest::addRow("%s tier %d, one negative", formatName, tierNumber)
                << format << tier << std::vector<double>{-3.0};
            QTest::addRow("%s tier %d, two", formatName, tierNumber)
                << format << tier << std::vector<double>{1.0, 0.5};
            QTest::addRow("%s tier %d, three", formatName, tierNumber)
                << format << tier << std::vector<double>{1.0, 0.5, 0.0};
        }
    }
}

void TestPoints::smallFieldsHaveNoNaN()
{
    QFETCH(EventFormat, format);
    QFETCH(Tier, tier);
    QFETCH(std::vector<double>, ratings);

    const PayoutTable table = computePayoutTable(format, tier, ratings);
    QCOMPARE(table.fieldSize, static_cast<int>(ratings.size()));
    QCOMPARE(table.points.size(), ratings.size());
    QCOMPARE(table.awards.size(), ratings.size());
    QVERIFY(std::isfinite(table.unflooredFieldStrength));
    QVERIFY(std::isfinite(table.fieldStrengthIndex));
    QVERIFY(std::isfinite(table.unflooredWinnerPoints));
    QVERIFY(table.fieldStrengthIndex >= fieldStrengthFloor(tier));
    QVERIFY(sameBits(table.fieldDepthIndex, 0.0));
    for (std::size_t i = 0; i < table.points.size(); ++i) {
        QVERIFY(std::isfinite(table.points[i]));
        QVERIFY(table.points[i] >= 1.0);
        QVERIFY(std::isfinite(table.awards[i]));
    }
    if (ratings.empty()) {
        // No entrants yet: the preview shows the Tier's guarantee.
        QVERIFY(sameBits(table.fieldStrengthIndex, fieldStrengthFloor(tier)));
        QVERIFY(sameBits(table.unflooredFieldStrength, 0.0));
        QVERIFY(sameBits(table.winnerPoints(), 0.0));
    } else {
        QVERIFY(sameBits(table.winnerPoints(), table.fieldStrengthIndex * 50.0));
        QVERIFY(table.winnerPoints() >= winnerPointsFloor(tier));
    }
    if (ratings.size() >= 2) {
        // Last place: base (1 - N/N)^decay = 0, no depth, so the 1-point floor.
        QVERIFY(sameBits(table.points.back(), 1.0));
    }
    QVERIFY(std::isfinite(fieldStrengthIndex(ratings, format, tier)));
    QVERIFY(std::isfinite(fieldDepthIndex(ratings, format)));
    QVERIFY(std::isfinite(unflooredFieldStrength(ratings, format)));
}

void TestPoints::invalidInputIsRejected()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double infinity = std::numeric_limits<double>::infinity();
    const std::vector<double> withNaN = {1.0, nan, 0.5};
    const std::vector<double> withInfinity = {1.0, -infinity};
    const std::vector<double> ok = {1.0, 0.5};
    const std::vector<PartnerRatings> teamWithNaN = {{1.0, 2.0}, {nan, 0.0}};

    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computePayoutTable(EventFormat::Singles, Tier::One, withNaN));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computePayoutTable(EventFormat::Singles, Tier::One, withInfinity));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, computePayoutTable(Tier::One, teamWithNaN));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fieldDepthIndex(withNaN, EventFormat::Singles));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computePayoutTable(EventFormat::Singles, Tier::One, ok, nan));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computePayoutTable(EventFormat::Singles, Tier::One, ok, -0.5));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             fieldWeightedPoints(0, 10, 1.0, 0.0, EventFormat::Singles));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             fieldWeightedPoints(11, 10, 1.0, 0.0, EventFormat::Singles));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             fieldWeightedPoints(1, 0, 1.0, 0.0, EventFormat::Singles));
}

void TestPoints::previewAndAwardAreOneFunction()
{
    // The director's morning preview lists the field in seed order, the award after the event in
    // finishing order; both are computePayoutTable and must agree bit for bit (DECISIONS P2 stores
    // what the award computed; a preview that differed in the last digit could round differently).
    std::mt19937 generator(2026);
    std::normal_distribution<double> mu(1.5, 1.6);
    for (const int n : {5, 19, 20, 33, 48, 120, 500}) {
        std::vector<double> finishingOrder(static_cast<std::size_t>(n));
        for (double& rating : finishingOrder) {
            rating = std::round(mu(generator) * 1e4) / 1e4;
        }
        finishingOrder[1] = finishingOrder[0]; // equal ratings too
        std::vector<double> seedOrder = finishingOrder;
        std::sort(seedOrder.begin(), seedOrder.end(), std::greater<double>());
        std::vector<double> registrationOrder = finishingOrder;
        std::shuffle(registrationOrder.begin(), registrationOrder.end(), generator);

        const PayoutTable award = computePayoutTable(EventFormat::Singles, Tier::Two, finishingOrder);
        QVERIFY(sameTable(award, computePayoutTable(EventFormat::Singles, Tier::Two, seedOrder)));
        QVERIFY(sameTable(award, computePayoutTable(EventFormat::Singles, Tier::Two, registrationOrder)));

        // The building blocks are the table's own code path, not a second implementation.
        QVERIFY(sameBits(award.fieldStrengthIndex,
                         fieldStrengthIndex(seedOrder, EventFormat::Singles, Tier::Two)));
        QVERIFY(sameBits(award.unflooredFieldStrength,
                         unflooredFieldStrength(registrationOrder, EventFormat::Singles)));
        QVERIFY(sameBits(award.fieldDepthIndex, fieldDepthIndex(seedOrder, EventFormat::Singles)));
        for (int place = 1; place <= n; ++place) {
            QVERIFY(sameBits(award.points[static_cast<std::size_t>(place - 1)],
                             fieldWeightedPoints(place, n, award.fieldStrengthIndex, award.fieldDepthIndex,
                                                 EventFormat::Singles)));
        }
    }

    // Doubles: partners listed either way round, teams in any order, pairs or team ratings.
    std::vector<PartnerRatings> teams;
    for (int i = 0; i < 24; ++i) {
        teams.emplace_back(std::round(mu(generator) * 1e4) / 1e4, std::round(mu(generator) * 1e4) / 1e4);
    }
    std::vector<PartnerRatings> swapped;
    for (const auto& [muA, muB] : teams) {
        swapped.emplace_back(muB, muA);
    }
    std::reverse(swapped.begin(), swapped.end());
    std::vector<double> teamRatings;
    for (const auto& [muA, muB] : teams) {
        teamRatings.push_back(teamRating(muA, muB));
    }
    const PayoutTable doublesAward = computePayoutTable(Tier::One, teams);
    QVERIFY(sameTable(doublesAward, computePayoutTable(Tier::One, swapped)));
    QVERIFY(sameTable(doublesAward, computePayoutTable(EventFormat::Doubles, Tier::One, teamRatings)));
}

void TestPoints::summaryGivesTheSameTable()
{
    // The simulator's what-if (a field known by its size, strength and depth) goes through the same
    // rules as a field of ratings: fed a field's own summary, it gives that field's table bit for bit,
    // floored, capped (P4) or not, singles and doubles.
    std::mt19937 generator(7);
    std::normal_distribution<double> mu(1.2, 1.7);
    for (const EventFormat format : {EventFormat::Singles, EventFormat::Doubles}) {
        for (const Tier tier : {Tier::One, Tier::Two, Tier::Three}) {
            for (const std::optional<double> cap : {std::optional<double>(), std::optional<double>(0.9)}) {
                for (const int n : {0, 1, 7, 20, 64}) {
                    std::vector<double> ratings(static_cast<std::size_t>(n));
                    for (double& rating : ratings)
                        rating = mu(generator);
                    const PayoutTable table = computePayoutTable(format, tier, ratings, cap);
                    const PayoutTable what = computePayoutTableOfSummary(
                        format, tier, n, table.unflooredFieldStrength, table.fieldDepthIndex, cap);
                    QVERIFY(sameTable(table, what));
                    QCOMPARE(what.capApplied, table.capApplied);
                    QCOMPARE(what.meetsHigherTierFloor, table.meetsHigherTierFloor);
                }
            }
        }
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computePayoutTableOfSummary(EventFormat::Singles, Tier::One, -1, 1.0, 0.0));
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        computePayoutTableOfSummary(EventFormat::Singles, Tier::One, 5, std::nan(""), 0.0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             computePayoutTableOfSummary(EventFormat::Singles, Tier::One, 5, 1.0, 0.0, -1.0));
}

void TestPoints::largeFieldIsSane()
{
    // 500 entrants (the speed is measured by the benchmarks, not asserted here).
    std::mt19937 generator(500);
    std::normal_distribution<double> mu(1.0, 1.8);
    std::vector<double> ratings(500);
    for (double& rating : ratings) {
        rating = mu(generator);
    }
    const PayoutTable table = computePayoutTable(EventFormat::Singles, Tier::One, ratings);
    QCOMPARE(table.fieldSize, 500);
    std::vector<double> sorted = ratings;
    std::sort(sorted.begin(), sorted.end(), std::greater<double>());
    double topSum = 0.0;
    for (int i = 0; i < 20; ++i) {
        topSum += sorted[static_cast<std::size_t>(i)];
    }
    QVERIFY(std::fabs(table.unflooredFieldStrength - topSum / 20.0 / 3.3) <= 1e-12);
    double lowerSum = 0.0;
    for (int i = 250; i < 500; ++i) {
        lowerSum += sorted[static_cast<std::size_t>(i)];
    }
    QVERIFY(std::fabs(table.fieldDepthIndex - std::clamp(lowerSum / 250.0 / 2.0, 0.0, 1.0)) <= 1e-12);
    for (std::size_t i = 1; i < table.points.size(); ++i) {
        QVERIFY(table.points[i] <= table.points[i - 1]);
        QVERIFY(table.points[i] >= 1.0);
    }
}

QTEST_APPLESS_MAIN(TestPoints)
#include "tst_points.moc"
