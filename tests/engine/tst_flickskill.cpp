// The FlickSkill engine on histories built in the test: properties the reference fixtures cannot
// show (listing order, numerics under extreme upsets, progress and cancel, monthly locks).
// The comparisons with the reference implementation are in tests/core/tst_clirate.cpp.

#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/monthlylock.h"

#include <QTest>
#include <cmath>
#include <random>
#include <stdexcept>

using namespace flickdesk::engine;

namespace {

Unit single(PlayerIndex p)
{
    return Unit{{p}};
}

Standing standing(int place, const Unit& unit)
{
    Standing s;
    s.place = place;
    s.unit = unit;
    return s;
}

HeadToHeadGame game(const Unit& a, const Unit& b, GameOutcome outcome)
{
    HeadToHeadGame g;
    g.a = a;
    g.b = b;
    g.outcome = outcome;
    return g;
}

RatingHistory withPlayers(int count)
{
    RatingHistory h;
    for (int i = 0; i < count; ++i)
        h.playerIds.push_back("P" + std::to_string(i));
    return h;
}

// An event rated from its standings: units[i] finished (i + 1)th, listed in the given order.
Event standingsEvent(const std::string& id, DayNumber date, const std::vector<Unit>& unitsInPlaceOrder,
                     const std::vector<int>& listingOrder = {})
{
    Event e;
    e.id = id;
    e.date = date;
    e.format = unitsInPlaceOrder.front().players.size() == 2 ? EventFormat::Doubles : EventFormat::Singles;
    std::vector<int> order = listingOrder;
    if (order.empty()) {
        for (int i = 0; i < static_cast<int>(unitsInPlaceOrder.size()); ++i)
            order.push_back(i);
    }
    for (int i : order)
        e.standings.push_back(standing(i + 1, unitsInPlaceOrder[static_cast<std::size_t>(i)]));
    return e;
}

bool allFinite(const FlickSkillResult& r)
{
    for (const auto& curve : r.curves) {
        for (const LearningCurvePoint& p : curve) {
            if (!std::isfinite(p.mu) || !std::isfinite(p.sigma) || !(p.sigma > 0.0))
                return false;
        }
    }
    return std::isfinite(r.logEvidence);
}

double maxDifference(const FlickSkillResult& a, const FlickSkillResult& b)
{
    double d = 0.0;
    for (std::size_t p = 0; p < a.curves.size(); ++p) {
        for (std::size_t i = 0; i < a.curves[p].size(); ++i) {
            d = std::max(d, std::abs(a.curves[p][i].mu - b.curves[p][i].mu));
            d = std::max(d, std::abs(a.curves[p][i].sigma - b.curves[p][i].sigma));
        }
    }
    return d;
}

// A realistic random history: `players` with hidden skills, `events` fields of `field`.
RatingHistory randomHistory(int players, int events, int field, unsigned seed, bool doubles = false)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<double> skill(static_cast<std::size_t>(players));
    for (double& s : skill)
        s = 1.5 * normal(rng);
    RatingHistory h = withPlayers(players);
    std::uniform_int_distribution<int> pick(0, players - 1);
    for (int e = 0; e < events; ++e) {
        std::vector<PlayerIndex> chosen;
        while (static_cast<int>(chosen.size()) < field * (doubles ? 2 : 1)) {
            const PlayerIndex p = pick(rng);
            if (std::find(chosen.begin(), chosen.end(), p) == chosen.end())
                chosen.push_back(p);
        }
        std::vector<std::pair<double, Unit>> performances;
        for (int u = 0; u < field; ++u) {
            Unit unit;
            double perf = 0.0;
            for (int k = 0; k < (doubles ? 2 : 1); ++k) {
                const PlayerIndex p = chosen[static_cast<std::size_t>(u * (doubles ? 2 : 1) + k)];
                unit.players.push_back(p);
                perf += skill[static_cast<std::size_t>(p)] + normal(rng);
            }
            performances.emplace_back(perf, unit);
        }
        std::sort(performances.begin(), performances.end(),
                  [](const auto& a, const auto& b) { return a.first > b.first; });
        std::vector<Unit> units;
        for (auto& p : performances)
            units.push_back(p.second);
        h.events.push_back(standingsEvent("E" + std::to_string(e), 19000 + 9 * e, units));
    }
    return h;
}

} // namespace

class TestFlickSkill : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void winnerGainsLoserLoses();
    void listingOrderDoesNotMatter_data();
    void listingOrderDoesNotMatter();
    void doublesPartnersShareTheOutcome();
    void extremeUpsetsStayFinite_data();
    void extremeUpsetsStayFinite();
    void sixtyPlayersFiftyEventsThenTheLastBeatsTheFirst();
    void drawsInHeadToHeadGames();
    void narrowDrawWindowsStayFinite_data();
    void narrowDrawWindowsStayFinite();
    void parametersAtTheirLimitsStayFinite();
    void parametersBeyondTheirLimitsAreRefused();
    void driftWidensSigmaWithTime();
    void warmStartReachesTheColdResult();
    void erfcMethodsAgree();
    void progressIsReported();
    void cancelStopsTheRun();
    void invalidHistoryIsRefusedWithEveryDefect();
    void unseenPlayerHasThePrior();
    void lockIgnoresEventsOfItsOwnMonth();
    void locksDoNotDependOnThreadsOrCompany();
    void runBeforeADayIsTheRunOfThoseEvents();
    void latestPosteriorsAreTheCurvesLastPoints();
    void lockAfterHistoryIsTheComputedLock_data();
    void lockAfterHistoryIsTheComputedLock();
};

void TestFlickSkill::winnerGainsLoserLoses()
{
    RatingHistory h = withPlayers(2);
    h.events.push_back(standingsEvent("1", 19000, {single(0), single(1)}));
    const FlickSkillParameters params;
    const FlickSkillResult r = rateHistory(h, params);
    QVERIFY(r.rating(0, params).mu > params.mu0);
    QVERIFY(r.rating(1, params).mu < params.mu0);
    // A two-unit game is symmetric about the prior mean.
    QVERIFY(std::abs(r.rating(0, params).mu + r.rating(1, params).mu) < 1e-12);
    QVERIFY(r.rating(0, params).sigma < params.sigma0);
    QCOMPARE(r.curves[0].size(), std::size_t{1});
    QCOMPARE(r.curves[0].front().date, DayNumber{19000});
}

void TestFlickSkill::listingOrderDoesNotMatter_data()
{
    QTest::addColumn<QList<int>>("order");
    QTest::newRow("reversed") << QList<int>{4, 3, 2, 1, 0};
    QTest::newRow("shuffled") << QList<int>{2, 0, 4, 1, 3};
    QTest::newRow("winner last") << QList<int>{1, 2, 3, 4, 0};
}

// The public Python library returns wrong likelihoods for three or more teams listed out of
// finishing order; FlickSkill stores units by place, so the listing cannot matter.
void TestFlickSkill::listingOrderDoesNotMatter()
{
    QFETCH(QList<int>, order);
    RatingHistory ordered = withPlayers(7);
    ordered.events.push_back(
        standingsEvent("1", 19000, {single(0), single(1), single(2), single(3), single(4)}));
    ordered.events.push_back(
        standingsEvent("2", 19030, {single(4), single(5), single(0), single(6), single(2)}));
    RatingHistory listed = ordered;
    const std::vector<int> listing(order.begin(), order.end());
    listed.events[0] =
        standingsEvent("1", 19000, {single(0), single(1), single(2), single(3), single(4)}, listing);
    listed.events[1] =
        standingsEvent("2", 19030, {single(4), single(5), single(0), single(6), single(2)}, listing);

    const FlickSkillResult a = rateHistory(ordered);
    const FlickSkillResult b = rateHistory(listed);
    QCOMPARE(maxDifference(a, b), 0.0);
    // And the ranking is respected: the winner of event 1 is above its last.
    QVERIFY(a.curves[0].front().mu > a.curves[4].front().mu);
}

void TestFlickSkill::doublesPartnersShareTheOutcome()
{
    RatingHistory h = withPlayers(4);
    h.events.push_back(standingsEvent("1", 19000, {Unit{{0, 1}}, Unit{{2, 3}}}));
    const FlickSkillParameters params;
    const FlickSkillResult r = rateHistory(h, params);
    // Equal priors, equal weights 0.5 / 0.5 (N2): the partners move together.
    QCOMPARE(r.rating(0, params).mu, r.rating(1, params).mu);
    QCOMPARE(r.rating(2, params).mu, r.rating(3, params).mu);
    QVERIFY(r.rating(0, params).mu > 0.0);

    // A doubles win moves a player less than the same win in singles would (half the credit).
    RatingHistory s = withPlayers(2);
    s.events.push_back(standingsEvent("1", 19000, {single(0), single(1)}));
    const FlickSkillResult rs = rateHistory(s, params);
    QVERIFY(r.rating(0, params).mu < rs.rating(0, params).mu);
}

void TestFlickSkill::extremeUpsetsStayFinite_data()
{
    QTest::addColumn<int>("wins");
    QTest::newRow("40 wins") << 40;
    QTest::newRow("400 wins") << 400;
}

// DECISIONS N7: an upset of tens of standard deviations must not yield NaN or infinity.
void TestFlickSkill::extremeUpsetsStayFinite()
{
    QFETCH(int, wins);
    RatingHistory h = withPlayers(2);
    for (int i = 0; i < wins; ++i)
        h.events.push_back(standingsEvent(std::to_string(i), 19000 + i, {single(0), single(1)}));
    h.events.push_back(standingsEvent("upset", 19000 + wins, {single(1), single(0)}));
    FlickSkillParameters params;
    params.gamma = 0.0;
    params.beta = 0.05; // small noise: the upset is hundreds of sigma
    for (ErfcMethod method : {ErfcMethod::ChebyshevFit, ErfcMethod::Exact}) {
        params.erfcMethod = method;
        const FlickSkillResult r = rateHistory(h, params);
        QVERIFY(allFinite(r));
        QVERIFY(r.rating(0, params).mu > r.rating(1, params).mu);
    }
}

// The case from the issue that breaks the public library: 60 players finish in the same order at
// 50 events, then the last beats the first.
void TestFlickSkill::sixtyPlayersFiftyEventsThenTheLastBeatsTheFirst()
{
    RatingHistory h = withPlayers(60);
    std::vector<Unit> order;
    for (PlayerIndex p = 0; p < 60; ++p)
        order.push_back(single(p));
    for (int e = 0; e < 50; ++e)
        h.events.push_back(standingsEvent(std::to_string(e), 19000 + 7 * e, order));
    h.events.push_back(standingsEvent("upset", 19000 + 7 * 50, {single(59), single(0)}));

    for (ErfcMethod method : {ErfcMethod::ChebyshevFit, ErfcMethod::Exact}) {
        for (bool warm : {true, false}) {
            FlickSkillParameters params;
            params.erfcMethod = method;
            params.warmStartGames = warm;
            const FlickSkillResult r = rateHistory(h, params);
            QVERIFY2(allFinite(r), "NaN or infinity in a learning curve");
            // The order of 50 events still shows in the ratings before the upset.
            QVERIFY(r.curves[0][49].mu > r.curves[30][49].mu);
            QVERIFY(r.curves[30][49].mu > r.curves[59][49].mu);
            // The upset moved the last player up and the first down.
            QVERIFY(r.curves[59].back().mu > r.curves[59][49].mu);
            QVERIFY(r.curves[0].back().mu < r.curves[0][49].mu);
        }
    }
}

void TestFlickSkill::drawsInHeadToHeadGames()
{
    RatingHistory h = withPlayers(3);
    Event e;
    e.id = "rr";
    e.date = 19000;
    e.standings = {standing(0, single(0)), standing(0, single(1)), standing(0, single(2))};
    e.games.push_back(game(single(0), single(1), GameOutcome::Draw));
    e.games.push_back(game(single(0), single(2), GameOutcome::WinA));
    e.games.push_back(game(single(1), single(2), GameOutcome::WinB));
    h.events.push_back(e);
    const FlickSkillParameters params;
    const FlickSkillResult r = rateHistory(h, params);
    QVERIFY(allFinite(r));
    // 0 drew with 1 and beat 2; 1 lost to 2: the order is 0 > 2 > 1.
    QVERIFY(r.rating(0, params).mu > r.rating(2, params).mu);
    QVERIFY(r.rating(2, params).mu > r.rating(1, params).mu);

    // A draw between equals leaves the means where they were.
    RatingHistory d = withPlayers(2);
    Event g;
    g.id = "g";
    g.date = 19000;
    g.standings = {standing(0, single(0)), standing(0, single(1))};
    g.games.push_back(game(single(0), single(1), GameOutcome::Draw));
    d.events.push_back(g);
    const FlickSkillResult rd = rateHistory(d, params);
    QVERIFY(std::abs(rd.rating(0, params).mu) < 1e-12);
    QVERIFY(rd.rating(0, params).sigma < params.sigma0);
}

void TestFlickSkill::narrowDrawWindowsStayFinite_data()
{
    QTest::addColumn<double>("drawProbability");
    QTest::newRow("1e-6") << 1e-6;
    QTest::newRow("1e-8") << 1e-8;
    QTest::newRow("1e-300") << 1e-300;
}

// Found by fuzzing: with a draw window far narrower than the spread, differences of normal CDFs lose
// every digit; a narrow window's own expansion keeps the draw's information (DECISIONS N7).
void TestFlickSkill::narrowDrawWindowsStayFinite()
{
    QFETCH(double, drawProbability);
    RatingHistory h = withPlayers(3);
    Event e;
    e.id = "g";
    e.date = 19000;
    e.standings = {standing(0, single(0)), standing(0, single(1)), standing(0, single(2))};
    e.games.push_back(game(single(0), single(1), GameOutcome::Draw));
    e.games.push_back(game(single(1), single(2), GameOutcome::WinA));
    h.events.push_back(e);
    FlickSkillParameters params;
    params.drawProbabilityGame = drawProbability;
    for (ErfcMethod method : {ErfcMethod::ChebyshevFit, ErfcMethod::Exact}) {
        params.erfcMethod = method;
        const FlickSkillResult r = rateHistory(h, params);
        QVERIFY(allFinite(r));
        // The draw still says the two are alike: it narrows both.
        QVERIFY(r.rating(0, params).sigma < params.sigma0);
        QVERIFY(r.rating(1, params).mu > r.rating(2, params).mu);
        // log P(draw) is about log(drawProbability) for equal players.
        QVERIFY2(r.logEvidence < std::log(drawProbability) + 5.0, qPrintable(QString::number(r.logEvidence)));
    }
}

void TestFlickSkill::parametersAtTheirLimitsStayFinite()
{
    const RatingHistory h = randomHistory(30, 12, 8, 21);
    RatingHistory withDraws = h;
    Event e;
    e.id = "games";
    e.date = 19000 + 9 * 13;
    e.standings = {standing(0, single(0)), standing(0, single(1))};
    e.games.push_back(game(single(0), single(1), GameOutcome::Draw));
    withDraws.events.push_back(e);
    using L = ParameterLimits;
    for (double mu : {-L::muMagnitude, L::muMagnitude}) {
        for (double sigma : {L::sigmaLowest, L::sigmaHighest}) {
            for (double beta : {L::sigmaLowest, L::sigmaHighest}) {
                for (double gamma : {0.0, L::gammaHighest}) {
                    FlickSkillParameters params;
                    params.mu0 = mu;
                    params.sigma0 = sigma;
                    params.beta = beta;
                    params.gamma = gamma;
                    params.drawProbabilityGame = L::drawHighest;
                    params.maxIterations = 10;
                    QVERIFY(parameterProblems(params).empty());
                    const FlickSkillResult r = rateHistory(withDraws, params);
                    QVERIFY2(allFinite(r), qPrintable(QStringLiteral("mu %1 sigma %2 beta %3 gamma %4")
                                                          .arg(mu)
                                                          .arg(sigma)
                                                          .arg(beta)
                                                          .arg(gamma)));
                }
            }
        }
    }
}

void TestFlickSkill::parametersBeyondTheirLimitsAreRefused()
{
    RatingHistory h = withPlayers(2);
    h.events.push_back(standingsEvent("1", 19000, {single(0), single(1)}));
    FlickSkillParameters params;
    params.sigma0 = 1e155;
    params.gamma = std::nan("");
    params.drawProbabilityGame = 1.0;
    const std::vector<std::string> problems = parameterProblems(params);
    QCOMPARE(problems.size(), std::size_t{3});
    QVERIFY(problems[0].rfind("sigma", 0) == 0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rateHistory(h, params));

    // N3: a drawn game needs a game draw probability above 0.
    RatingHistory drawn = withPlayers(2);
    Event e;
    e.id = "level";
    e.date = 19000;
    e.standings = {standing(0, single(0)), standing(0, single(1))};
    e.games.push_back(game(single(0), single(1), GameOutcome::Draw));
    drawn.events.push_back(e);
    FlickSkillParameters noDraws;
    noDraws.drawProbabilityGame = 0.0;
    try {
        rateHistory(drawn, noDraws);
        QFAIL("a drawn game was rated with p_draw_game 0");
    } catch (const std::invalid_argument& error) {
        QVERIFY(QString::fromUtf8(error.what()).contains(QStringLiteral("event level has a drawn game")));
    }
}

void TestFlickSkill::driftWidensSigmaWithTime()
{
    // Two players meet twice; the same pair meeting again after 10 years starts wider.
    auto sigmaBeforeSecondMeeting = [](int days) {
        RatingHistory h = withPlayers(2);
        h.events.push_back(standingsEvent("1", 19000, {single(0), single(1)}));
        h.events.push_back(standingsEvent("2", 19000 + days, {single(0), single(1)}));
        FlickSkillParameters params;
        params.maxIterations = 0; // forward filtering only: the prior of the second meeting shows
        const FlickSkillResult r = rateHistory(h, params);
        return r.curves[0][1].sigma;
    };
    QVERIFY(sigmaBeforeSecondMeeting(3650) > sigmaBeforeSecondMeeting(1));
}

void TestFlickSkill::warmStartReachesTheColdResult()
{
    const RatingHistory h = randomHistory(80, 30, 16, 7);
    FlickSkillParameters warm;
    warm.epsilon = 1e-9;
    warm.maxIterations = 2000;
    FlickSkillParameters cold = warm;
    cold.warmStartGames = false;
    const FlickSkillResult a = rateHistory(h, warm);
    const FlickSkillResult b = rateHistory(h, cold);
    QVERIFY(a.converged);
    QVERIFY(b.converged);
    QVERIFY2(maxDifference(a, b) < 1e-7, "warm and cold starts reach different fixed points");
}

void TestFlickSkill::erfcMethodsAgree()
{
    const RatingHistory h = randomHistory(40, 12, 12, 3, true);
    FlickSkillParameters fit;
    FlickSkillParameters exact;
    exact.erfcMethod = ErfcMethod::Exact;
    const double d = maxDifference(rateHistory(h, fit), rateHistory(h, exact));
    QVERIFY(d > 0.0);  // the methods really differ ...
    QVERIFY(d < 1e-5); // ... by the fit's error only
}

void TestFlickSkill::progressIsReported()
{
    const RatingHistory h = randomHistory(60, 20, 12, 11);
    std::vector<FlickSkillProgress> reports;
    FlickSkillRunControl control;
    control.onProgress = [&](const FlickSkillProgress& p) { reports.push_back(p); };
    const FlickSkillResult r = rateHistory(h, {}, control);
    QVERIFY(!reports.empty());
    QCOMPARE(reports.front().iteration, 0);
    QCOMPARE(reports.back().iteration, r.iterations);
    QCOMPARE(reports.back().step, r.lastStep);
    QCOMPARE(static_cast<int>(reports.size()), r.iterations + 1);
}

void TestFlickSkill::cancelStopsTheRun()
{
    const RatingHistory h = randomHistory(60, 20, 12, 5);
    CancelToken token;
    int reports = 0;
    FlickSkillRunControl control;
    control.cancel = &token;
    control.onProgress = [&](const FlickSkillProgress& p) {
        ++reports;
        if (p.iteration == 1)
            token.cancel();
    };
    const FlickSkillResult r = rateHistory(h, {}, control);
    QVERIFY(r.cancelled);
    QVERIFY(r.curves.empty());
    QCOMPARE(reports, 2);

    CancelToken already;
    already.cancel();
    FlickSkillRunControl before;
    before.cancel = &already;
    QVERIFY(rateHistory(h, {}, before).cancelled);
}

void TestFlickSkill::invalidHistoryIsRefusedWithEveryDefect()
{
    RatingHistory h = withPlayers(4);
    h.events.push_back(standingsEvent("dup", 19000, {single(0), single(0), single(1)}));
    h.events.push_back(standingsEvent("lonely", 19001, {single(2)}));
    Event tie = standingsEvent("tie", 19002, {single(1), single(2), single(3)});
    tie.standings[2].place = 2;
    h.events.push_back(tie);
    try {
        rateHistory(h);
        QFAIL("an invalid history was rated");
    } catch (const std::invalid_argument& error) {
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.contains(QStringLiteral("dup")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("lonely")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("tie")), qPrintable(message));
    }
}

void TestFlickSkill::unseenPlayerHasThePrior()
{
    RatingHistory h = withPlayers(3);
    h.events.push_back(standingsEvent("1", 19000, {single(0), single(1)}));
    const FlickSkillParameters params;
    const FlickSkillResult r = rateHistory(h, params);
    QVERIFY(r.curves[2].empty());
    QCOMPARE(r.rating(2, params).mu, 0.0);
    QCOMPARE(r.rating(2, params).sigma, 1.667);
}

void TestFlickSkill::lockIgnoresEventsOfItsOwnMonth()
{
    RatingHistory h = withPlayers(3);
    const DayNumber march1 = toDayNumber({2024, 3, 1});
    h.events.push_back(standingsEvent("feb", march1 - 3, {single(0), single(1)}));
    h.events.push_back(standingsEvent("mar", march1 + 4, {single(2), single(0)}));
    const FlickSkillParameters params;
    const MonthlyLock lock = computeMonthlyLock(h, march1 + 20, params);
    QCOMPARE(lock.month, march1);
    QCOMPARE(lock.eventsRated, 1);
    QVERIFY(lock.isRated(0) && lock.isRated(1) && !lock.isRated(2));
    QCOMPARE(lock.players.size(), std::size_t{2}); // only the players rated before the month
    QCOMPARE(lock.mu(2), params.mu0);

    // P1: exactly the rating of a run over the events before the 1st.
    RatingHistory before = h;
    before.events.pop_back();
    const FlickSkillResult r = rateHistory(before, params);
    QCOMPARE(lock.mu(0), r.rating(0, params).mu);
    QCOMPARE(lock.rating(1).sigma, r.rating(1, params).sigma);
    QCOMPARE(lock.rating(2).sigma, params.sigma0); // N6: the prior
}

// The engine computes one lock per call (the caller in ui/core spreads months over threads): with a
// run control it reports the run's sweeps and gives the same lock.
void TestFlickSkill::locksDoNotDependOnThreadsOrCompany()
{
    const RatingHistory h = randomHistory(50, 24, 10, 9);
    const std::vector<DayNumber> months = monthsOfEvents(h);
    QVERIFY(months.size() > 3);
    std::vector<MonthlyLock> locks;
    for (const DayNumber month : months) {
        int sweeps = 0;
        FlickSkillRunControl control;
        control.onProgress = [&sweeps](const FlickSkillProgress&) { ++sweeps; };
        locks.push_back(computeMonthlyLock(h, month, {}, control));
        QCOMPARE(locks.back().month, month);
        QVERIFY(locks.back().eventsRated == 0 || sweeps > 0);
        const MonthlyLock alone = computeMonthlyLock(h, month);
        for (std::size_t p = 0; p < h.playerIds.size(); ++p)
            QCOMPARE(locks.back().mu(static_cast<PlayerIndex>(p)), alone.mu(static_cast<PlayerIndex>(p)));
    }
    // Later locks know more players.
    QVERIFY(locks.back().eventsRated > locks.front().eventsRated);
}

// A lock keeps only each player's latest posterior (latestPosteriorsBefore): bit for bit the last
// point of that player's curve in the same run, for every month; nothing when cancelled.
void TestFlickSkill::latestPosteriorsAreTheCurvesLastPoints()
{
    const RatingHistory h = randomHistory(60, 30, 10, 13);
    const std::vector<DayNumber> months = monthsOfEvents(h);
    QVERIFY(months.size() > 3);
    for (const DayNumber month : months) {
        const LatestPosteriors latest = latestPosteriorsBefore(h, month);
        const FlickSkillResult run = rateHistoryBefore(h, month);
        QVERIFY(!latest.cancelled);
        QCOMPARE(latest.iterations, run.iterations);
        QCOMPARE(latest.converged, run.converged);
        QCOMPARE(latest.posteriors.size(), latest.players.size());
        std::size_t k = 0;
        for (std::size_t p = 0; p < run.curves.size(); ++p) {
            if (run.curves[p].empty())
                continue;
            QVERIFY(k < latest.players.size());
            QCOMPARE(latest.players[k], static_cast<PlayerIndex>(p));
            QCOMPARE(latest.posteriors[k].mu, run.curves[p].back().mu); // bit for bit
            QCOMPARE(latest.posteriors[k].sigma, run.curves[p].back().sigma);
            ++k;
        }
        QCOMPARE(k, latest.players.size());
    }
    CancelToken cancel;
    cancel.cancel();
    FlickSkillRunControl control;
    control.cancel = &cancel;
    const LatestPosteriors cancelled = latestPosteriorsBefore(h, months.back(), {}, control);
    QVERIFY(cancelled.cancelled);
    QVERIFY(cancelled.players.empty());
}

// The lock of a month after every event, taken from the history's whole run (what the window's
// Recompute does for the month after the last event and the current month), is the lock
// computeMonthlyLock computes, bit for bit, with singles and doubles; a month that an event reaches
// is refused, and so is a run that is not a result.
void TestFlickSkill::lockAfterHistoryIsTheComputedLock_data()
{
    QTest::addColumn<bool>("doubles");
    QTest::addColumn<unsigned>("seed");
    QTest::newRow("singles") << false << 17u;
    QTest::newRow("doubles") << true << 19u;
}

void TestFlickSkill::lockAfterHistoryIsTheComputedLock()
{
    QFETCH(bool, doubles);
    QFETCH(unsigned, seed);
    const RatingHistory h = randomHistory(60, 30, 10, seed, doubles);
    FlickSkillParameters parameters;
    parameters.beta = 0.9;
    const FlickSkillResult run = rateHistory(h, parameters);
    const std::vector<DayNumber> months = monthsOfEvents(h);
    const DayNumber last = months.back();
    const DayNumber after = firstOfMonth(last + 40);
    QVERIFY(isAfterHistory(h, after));
    QVERIFY(!isAfterHistory(h, last));
    for (const DayNumber month : {after, firstOfMonth(after + 400) + 12}) {
        const MonthlyLock taken = lockAfterHistory(h, month, parameters, run);
        const MonthlyLock computed = computeMonthlyLock(h, month, parameters);
        QCOMPARE(taken.month, computed.month);
        QCOMPARE(taken.eventsRated, computed.eventsRated);
        QCOMPARE(taken.iterations, computed.iterations);
        QCOMPARE(taken.converged, computed.converged);
        QCOMPARE(taken.prior.mu, computed.prior.mu);
        QCOMPARE(taken.prior.sigma, computed.prior.sigma);
        QCOMPARE(taken.players, computed.players);
        QCOMPARE(taken.posteriors.size(), computed.posteriors.size());
        for (std::size_t k = 0; k < computed.posteriors.size(); ++k) {
            QCOMPARE(taken.posteriors[k].mu, computed.posteriors[k].mu); // bit for bit
            QCOMPARE(taken.posteriors[k].sigma, computed.posteriors[k].sigma);
        }
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, lockAfterHistory(h, last, parameters, run));
    FlickSkillResult cancelled = run;
    cancelled.cancelled = true;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, lockAfterHistory(h, after, parameters, cancelled));
    // An empty history: no run, everyone has the prior.
    const RatingHistory none = withPlayers(3);
    const MonthlyLock empty = lockAfterHistory(none, after, parameters, rateHistory(none, parameters));
    QCOMPARE(empty.eventsRated, 0);
    QVERIFY(empty.players.empty());
}

// A lock rates the events before its month in place (rateHistoryBefore): exactly the run of a copy
// holding only those events, and refused only for a defect among them.
void TestFlickSkill::runBeforeADayIsTheRunOfThoseEvents()
{
    const RatingHistory h = randomHistory(60, 30, 10, 11);
    const std::vector<DayNumber> months = monthsOfEvents(h);
    QVERIFY(months.size() > 3);
    const DayNumber cut = months[months.size() / 2];
    RatingHistory copy;
    copy.playerIds = h.playerIds;
    for (const Event& e : h.events) {
        if (e.date < cut)
            copy.events.push_back(e);
    }
    QVERIFY(!copy.events.empty() && copy.events.size() < h.events.size());
    const FlickSkillResult inPlace = rateHistoryBefore(h, cut);
    const FlickSkillResult copied = rateHistory(copy);
    QCOMPARE(inPlace.iterations, copied.iterations);
    QCOMPARE(inPlace.curves.size(), copied.curves.size());
    for (std::size_t p = 0; p < copied.curves.size(); ++p) {
        QCOMPARE(inPlace.curves[p].size(), copied.curves[p].size());
        for (std::size_t k = 0; k < copied.curves[p].size(); ++k) {
            QCOMPARE(inPlace.curves[p][k].date, copied.curves[p][k].date);
            QCOMPARE(inPlace.curves[p][k].mu, copied.curves[p][k].mu); // bit for bit
            QCOMPARE(inPlace.curves[p][k].sigma, copied.curves[p][k].sigma);
        }
    }
    // A defect after the day does not stop the run before it; one before it does.
    RatingHistory broken = h;
    Event later = broken.events.back();
    later.date = months.back() + 40;
    later.standings.clear(); // an event without units
    broken.events.push_back(later);
    QVERIFY(!validateHistory(broken).empty());
    QCOMPARE(rateHistoryBefore(broken, cut).curves.size(), copied.curves.size());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rateHistoryBefore(broken, later.date + 1));
}

QTEST_APPLESS_MAIN(TestFlickSkill)
#include "tst_flickskill.moc"
