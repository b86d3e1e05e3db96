// The day of play in the database (core/store/playstore.h, issue 28): the format stored and read
// back, a score per transaction, refused entries writing nothing, corrections audited, the
// migration to schema 9 and 10, a read-only store; the advancement to the next stage confirmed and
// taken back until its first score, and the first stage's groups set by hand (issue 28 items 2, 5).

#include "../common/storefixtures.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <map>

using namespace flickdesk;
using namespace flickdesk::testing;
namespace play = engine::play;

namespace {

// An event of `count` players who began, and its id.
QString eventOf(core::Store& store, int count, const QString& date = QStringLiteral("2026-03-14"))
{
    const QString event = store.createEvent(draftOn(date));
    for (int i = 1; i <= count; ++i) {
        const QString player = store.addPlayer(QStringLiteral("Player %1").arg(i), {});
        store.addEntrant(event, {player}, core::EntrantStatus::Started);
    }
    return event;
}

core::PlayRatings ratingsOf(int count)
{
    core::PlayRatings ratings;
    for (int i = 1; i <= count; ++i)
        ratings[i] = 2000 - 10 * i;
    return ratings;
}

// The first game waiting for a score.
play::GameKey firstWaiting(core::Store& store, const QString& event, const core::PlayRatings& ratings)
{
    const play::PlayState state = play::computePlay(store.playInput(event, ratings));
    return state.waitingGames().front()->key;
}

std::int64_t auditCount(const QString& path, const char* action)
{
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    core::sqlite::Statement select(db, "SELECT count(*) FROM audit_log WHERE action = ?");
    select.bind(1, action);
    select.step();
    return select.integer(0);
}

// Scores every game waiting (a shoot-out order where a tie blocks the day) until none waits: the
// stages started so far are played to their end.
int playOn(core::Store& store, const QString& event, const core::PlayRatings& ratings, std::uint64_t& random)
{
    int entered = 0;
    for (int guard = 0; guard < 2000; ++guard) {
        const play::PlayInput input = store.playInput(event, ratings);
        const play::PlayState state = play::computePlay(input);
        if (!state.blockingTies.empty()) {
            // The director's order after the shoot-out: as listed, every tie of one group in one order
            // (an order recorded before for that group kept first).
            std::map<std::pair<int, int>, std::vector<play::UnitId>> orders;
            for (const play::ShootOutOrder& earlier : input.shootOuts)
                orders[{earlier.stage, earlier.group}] = earlier.order;
            for (const play::UnresolvedTie& tie : state.blockingTies) {
                const std::pair<int, int> where = tie.stage < 0
                                                      ? std::pair(state.blockingStage, state.blockingGroup)
                                                      : std::pair(tie.stage, tie.group);
                std::vector<play::UnitId>& order = orders[where];
                for (const play::UnitId& unit : tie.units)
                    if (std::find(order.begin(), order.end(), unit) == order.end())
                        order.push_back(unit);
            }
            for (const auto& [where, order] : orders)
                store.setShootOut(event, {where.first, where.second, order});
            continue;
        }
        if (state.waitingGames().empty())
            break;
        const play::PlayGame* game = state.waitingGames().front();
        const play::Stage& stage = input.format.stages[static_cast<std::size_t>(game->key.stage)];
        store.recordScore(
            event, ratings, game->key,
            play::randomScore(stage.settings, stage.kind == play::StageKind::Playoff, 1500, 1500, random));
        ++entered;
    }
    return entered;
}

} // namespace

class TestStorePlay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void playUnitsAreTheEntrantsThatBegan()
    {
        // The play's units read in one query (for every score entered) are the entrants that began,
        // by number, named by their players in seat order as the entrant list names them.
        QTemporaryDir dir;
        const auto store = openStoppedStore(dir.filePath(QStringLiteral("units.sqlite")));
        QVERIFY(store);
        const QString event =
            store->createEvent(draftOn(QStringLiteral("2026-03-14"), engine::EventFormat::Doubles));
        QStringList players;
        for (int i = 1; i <= 8; ++i)
            players.append(store->addPlayer(QStringLiteral("Player %1").arg(i), {}));
        const int first = store->addEntrant(event, {players[0], players[1]}, core::EntrantStatus::Started);
        const int registered = store->addEntrant(event, {players[2], players[3]});
        const int withdrawn =
            store->addEntrant(event, {players[5], players[4]}, core::EntrantStatus::Started);
        store->setEntrantStatus(event, withdrawn, core::EntrantStatus::Withdrawn);
        const int last = store->addEntrant(event, {players[6], players[7]}, core::EntrantStatus::Started);
        const std::vector<play::PlayUnit> units = store->playUnits(event, {{first, 1500.0}, {last, 1400.0}});
        QCOMPARE(units.size(), std::size_t{3});
        QCOMPARE(units[0].id, std::to_string(first));
        QCOMPARE(units[0].name, std::string("Player 1 / Player 2"));
        QCOMPARE(units[0].rating, 1500.0);
        QCOMPARE(units[1].id, std::to_string(withdrawn));
        QCOMPARE(units[1].name, std::string("Player 6 / Player 5"));
        QCOMPARE(units[1].rating, 0.0);
        QCOMPARE(units[2].id, std::to_string(last));
        QCOMPARE(units[2].rating, 1400.0);
        for (const play::PlayUnit& unit : units)
            QVERIFY(unit.id != std::to_string(registered));
        // As the entrant list says.
        for (const core::Entrant& entrant : store->entrants(event)) {
            if (!entrant.began())
                continue;
            QStringList names;
            for (const core::PlayerRecord& player : entrant.players)
                names.append(player.name);
            const auto unit = std::find_if(units.begin(), units.end(), [&](const play::PlayUnit& each) {
                return each.id == std::to_string(entrant.number);
            });
            QVERIFY(unit != units.end());
            QCOMPARE(QString::fromStdString(unit->name), names.join(QStringLiteral(" / ")));
        }
    }

    void formatJsonKeepsEverySetting()
    {
        for (const play::Template kind : {play::Template::NcaDay, play::Template::Wcc,
                                          play::Template::OneRoundRobin, play::Template::RandomThenTop8}) {
            play::Format format = play::makeTemplate(kind, 40, 12);
            format.stages.back().settings.level = play::LevelPlayoffGame::TwentiesShootOut;
            format.stages.front().settings.tieBreaks = {play::TieBreak::MiniLeague, play::TieBreak::ShootOut};
            format.stages.front().settings.seeding = play::Seeding::Random;
            const QByteArray json = core::playFormatJson(format);
            const auto back = core::playFormatFromJson(json);
            QVERIFY(back);
            QCOMPARE(core::playFormatJson(*back), json);
            QCOMPARE(back->stages.size(), format.stages.size());
            QCOMPARE(back->stages.back().settings.level, play::LevelPlayoffGame::TwentiesShootOut);
            QCOMPARE(back->stages.front().settings.tieBreaks.size(), std::size_t{2});
            QCOMPARE(back->stages.front().settings.seeding, play::Seeding::Random);
            QCOMPARE(back->stages.front().settings.boards, 12);
            QCOMPARE(back->stages.front().poolSizes, format.stages.front().poolSizes);
            QCOMPARE(back->stages.back().bracketSizes, format.stages.back().bracketSizes);
        }
        QString problem;
        QVERIFY(!core::playFormatFromJson("[1,2]", &problem));
        QVERIFY(!problem.isEmpty());
        QVERIFY(!core::playFormatFromJson(R"({"stages":[{"kind":"knockout"}]})", &problem));
        QVERIFY(problem.contains(QStringLiteral("kind")));
    }

    void formatStoredAndReadBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("play.sqlite"));
        const auto store = openStoppedStore(path);
        QVERIFY(store);
        const QString event = eventOf(*store, 24);
        QVERIFY(!store->playSetup(event));
        unsigned heard = 0;
        store->addChangeListener([&heard](const core::StoreChange& change) { heard |= change.areas; });
        const play::Format format = play::makeTemplate(play::Template::NcaDay, 24, 6);
        store->setPlayFormat(event, format, 77);
        QVERIFY(heard & core::StoreChange::Play);
        const auto setup = store->playSetup(event);
        QVERIFY(setup);
        QCOMPARE(setup->seed, std::uint64_t{77});
        QCOMPARE(core::playFormatJson(setup->format), core::playFormatJson(format));
        QCOMPARE(auditCount(path, "play-format"), std::int64_t{1});
        const play::PlayInput input = store->playInput(event, ratingsOf(24));
        QCOMPARE(input.units.size(), std::size_t{24});
        QCOMPARE(input.units.front().name, std::string("Player 1"));
        QCOMPARE(input.units.front().rating, 1990.0);
        // A format the field cannot play is refused.
        play::Format bad = play::makeTemplate(play::Template::OneRoundRobin, 24);
        play::Stage bracket;
        bracket.kind = play::StageKind::Playoff;
        bracket.bracketSizes = {3}; // not a power of two
        bad.stages.push_back(bracket);
        QVERIFY(play::formatProblem(bad, 24));
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->setPlayFormat(event, bad, 1));
        QCOMPARE(store->playSetup(event)->seed, std::uint64_t{77});
    }

    void scoresOnePerTransaction()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("play.sqlite"));
        const auto store = openStoppedStore(path);
        QVERIFY(store);
        const QString event = eventOf(*store, 8);
        const core::PlayRatings ratings = ratingsOf(8);
        store->setPlayFormat(event, play::makeTemplate(play::Template::OneRoundRobin, 8), 5);
        const play::GameKey key = firstWaiting(*store, event, ratings);

        // A score that is not a game of 4 rounds is refused in words, and nothing is written.
        const QString before = dumpTables(path);
        try {
            store->recordScore(event, ratings, key, {6, 4, 1, 0});
            QFAIL("a score summing to 10 was stored");
        } catch (const core::StoreError& error) {
            QCOMPARE(error.kind(), core::StoreError::Kind::Refused);
            QVERIFY2(error.message().contains(QStringLiteral("Nothing was changed")),
                     qPrintable(error.message()));
        }
        QCOMPARE(dumpTables(path), before);
        QVERIFY_THROWS_EXCEPTION(core::StoreError,
                                 store->recordScore(event, ratings, {0, 0, 99, 0, 0}, {4, 4, 0, 0}));
        QCOMPARE(dumpTables(path), before);

        store->recordScore(event, ratings, key, {6, 2, 3, 1});
        const std::vector<core::PlayScoreRecord> scores = store->playScores(event);
        QCOMPARE(scores.size(), std::size_t{1});
        QCOMPARE(scores.front().score, (play::Score{6, 2, 3, 1}));
        QVERIFY(!scores.front().a.empty() && !scores.front().b.empty());
        QCOMPARE(store->playInput(event, ratings).enteredFor.size(), std::size_t{1});
        // Entered twice: refused (correct it instead).
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->recordScore(event, ratings, key, {4, 4, 0, 0}));
        // The format is fixed once play began.
        QVERIFY_THROWS_EXCEPTION(
            core::StoreError,
            store->setPlayFormat(event, play::makeTemplate(play::Template::OneRoundRobin, 8), 6));
        QCOMPARE(store->playSetup(event)->seed, std::uint64_t{5});

        // A correction keeps the score before and after in the audit log.
        store->correctScore(event, ratings, key, {2, 6, 0, 2});
        QCOMPARE(store->playScores(event).front().score, (play::Score{2, 6, 0, 2}));
        {
            core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
            core::sqlite::Statement select(
                db, "SELECT details FROM audit_log WHERE action = 'play-score-correct'");
            QVERIFY(select.step());
            const QString details = select.text(0);
            QVERIFY2(details.contains(QStringLiteral("6 2 3 1")) &&
                         details.contains(QStringLiteral("2 6 0 2")),
                     qPrintable(details));
        }
        store->clearScore(event, key);
        QVERIFY(store->playScores(event).empty());
        QCOMPARE(auditCount(path, "play-score-clear"), std::int64_t{1});
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->clearScore(event, key));

        // Shoot-outs, withdrawals and hand places are stored and read back; a place needs a reason.
        store->setShootOut(event, {0, 0, {"3", "1"}});
        store->setWithdrawal(event, {"4", 0, 5});
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->setHandPlace(event, {"2", 1, "  "}));
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->setWithdrawal(event, {"99", 0, 1}));
        store->setHandPlace(event, {"2", 1, "the referee's ruling"});
        const play::PlayInput input = store->playInput(event, ratings);
        QCOMPARE(input.shootOuts.size(), std::size_t{1});
        QCOMPARE(input.shootOuts.front().order, (std::vector<play::UnitId>{"3", "1"}));
        QCOMPARE(input.withdrawals.size(), std::size_t{1});
        QCOMPARE(input.withdrawals.front().round, 5);
        QCOMPARE(input.handPlaces.size(), std::size_t{1});
        QCOMPARE(input.handPlaces.front().reason, std::string("the referee's ruling"));
        store->clearWithdrawal(event, "4");
        store->clearHandPlace(event, "2");
        store->setShootOut(event, {0, 0, {}});
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->clearWithdrawal(event, "4"));
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->clearHandPlace(event, "2"));
        const play::PlayInput cleared = store->playInput(event, ratings);
        QVERIFY(cleared.withdrawals.empty() && cleared.handPlaces.empty() && cleared.shootOuts.empty());
    }

    void simulatedDayStoredScoreByScore()
    {
        QTemporaryDir dir;
        const auto store = openStoppedStore(dir.filePath(QStringLiteral("play.sqlite")));
        QVERIFY(store);
        const QString event = eventOf(*store, 12);
        const core::PlayRatings ratings = ratingsOf(12);
        store->setPlayFormat(event, play::makeTemplate(play::Template::OneRoundRobin, 12), 3);
        std::uint64_t random = 11;
        int entered = 0;
        for (;;) {
            const play::PlayInput input = store->playInput(event, ratings);
            const play::PlayState state = play::computePlay(input);
            if (state.waitingGames().empty())
                break;
            const play::PlayGame* game = state.waitingGames().front();
            store->recordScore(event, ratings, game->key,
                               play::randomScore(input.format.stages[0].settings, false, 1500, 1500, random));
            QVERIFY(++entered < 1000);
        }
        QCOMPARE(entered, 66); // 12 players, every pair once
        QCOMPARE(store->playScores(event).size(), std::size_t{66});
    }

    void migrationFromVersion8KeepsEverything()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.sqlite"));
        QString event;
        QString before;
        {
            const auto old = openStoreAtVersion(path, 8);
            QVERIFY(old);
            event = eventOf(*old, 6);
        }
        before = dumpTables(path);
        const auto store = openStoppedStore(path);
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), core::Store::latestSchemaVersion);
        QCOMPARE(store->entrants(event).size(), std::size_t{6});
        // Every row of version 8 is there as it was (the new tables are empty).
        const QString after = dumpTables(path);
        for (const QString& line : before.split(u'\n')) {
            if (!line.startsWith(QStringLiteral("backups")))
                QVERIFY2(after.contains(line), qPrintable(line));
        }
        QVERIFY(store->check().isEmpty());
        store->setPlayFormat(event, play::makeTemplate(play::Template::OneRoundRobin, 6), 1);
        QVERIFY(store->playSetup(event));
    }

    void advancementConfirmedAndTakenBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("play.sqlite"));
        const auto store = openStoppedStore(path);
        QVERIFY(store);
        const QString event = eventOf(*store, 12);
        const core::PlayRatings ratings = ratingsOf(12);
        store->setPlayFormat(event, play::makeTemplate(play::Template::NcaDay, 12), 4);
        QCOMPARE(store->playSetup(event)->stagesStarted, 1);
        QCOMPARE(store->playInput(event, ratings).stagesStarted, 1);
        // Before the groups are complete the pools cannot start.
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->startPlayStage(event, ratings, 1));
        std::uint64_t random = 5;
        QVERIFY(playOn(*store, event, ratings, random) > 0);
        play::PlayState state = play::computePlay(store->playInput(event, ratings));
        QCOMPARE(state.awaitingStart, 1);
        QVERIFY(state.waitingGames().empty());
        const play::GameKey poolGame = state.stages[1].groups[0].games[0].key;
        // A score for the pools before they start is refused, nothing written.
        try {
            store->recordScore(event, ratings, poolGame, {6, 2, 0, 0});
            QFAIL("a score of a stage not started was stored");
        } catch (const core::StoreError& error) {
            QCOMPARE(error.kind(), core::StoreError::Kind::Refused);
            QVERIFY2(error.message().contains(QStringLiteral("has not started")),
                     qPrintable(error.message()));
        }
        const std::size_t groupScores = store->playScores(event).size();
        QCOMPARE(auditCount(path, "play-advance"), std::int64_t{0});
        // Started, taken back, started again: each audited.
        store->startPlayStage(event, ratings, 1);
        QCOMPARE(store->playSetup(event)->stagesStarted, 2);
        QCOMPARE(auditCount(path, "play-advance"), std::int64_t{1});
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->startPlayStage(event, ratings, 1));
        store->undoPlayStageStart(event, 1);
        QCOMPARE(store->playSetup(event)->stagesStarted, 1);
        QCOMPARE(auditCount(path, "play-advance-undo"), std::int64_t{1});
        QCOMPARE(play::computePlay(store->playInput(event, ratings)).awaitingStart, 1);
        store->startPlayStage(event, ratings, 1);
        store->recordScore(event, ratings, poolGame, {6, 2, 0, 0});
        QCOMPARE(store->playScores(event).size(), groupScores + 1);
        // Once the pools have a score, who went on to them stays.
        try {
            store->undoPlayStageStart(event, 1);
            QFAIL("the start of a stage with a score was taken back");
        } catch (const core::StoreError& error) {
            QCOMPARE(error.kind(), core::StoreError::Kind::Refused);
            QVERIFY2(error.message().contains(QStringLiteral("has a score")), qPrintable(error.message()));
        }
        QCOMPARE(store->playSetup(event)->stagesStarted, 2);
        QCOMPARE(auditCount(path, "play-advance-undo"), std::int64_t{1});
        // The day plays to its end with each advancement confirmed.
        playOn(*store, event, ratings, random);
        state = play::computePlay(store->playInput(event, ratings));
        QCOMPARE(state.awaitingStart, 2);
        store->startPlayStage(event, ratings, 2);
        playOn(*store, event, ratings, random);
        state = play::computePlay(store->playInput(event, ratings));
        QVERIFY(state.finished);
        QCOMPARE(state.places.size(), std::size_t{12});
    }

    void groupsSetByHand()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("play.sqlite"));
        const auto store = openStoppedStore(path);
        QVERIFY(store);
        const QString event = eventOf(*store, 20);
        const core::PlayRatings ratings = ratingsOf(20);
        store->setPlayFormat(event, play::makeTemplate(play::Template::NcaDay, 20), 4);
        const play::PlayState drawn = play::computePlay(store->playInput(event, ratings));
        QCOMPARE(drawn.stages[0].groups.size(), std::size_t{2});
        std::vector<std::vector<play::UnitId>> groups{drawn.stages[0].groups[0].units,
                                                      drawn.stages[0].groups[1].units};
        // Unequal sizes are played: one moved from Group A to Group B.
        groups[1].push_back(groups[0].back());
        groups[0].pop_back();
        store->setPlayFirstSeeding(event, play::Seeding::Hand, groups);
        QCOMPARE(store->playSetup(event)->format.stages[0].settings.seeding, play::Seeding::Hand);
        const play::PlayState moved = play::computePlay(store->playInput(event, ratings));
        QVERIFY(!moved.problem);
        QCOMPARE(moved.stages[0].groups[0].units.size(), std::size_t{9});
        QCOMPARE(moved.stages[0].groups[1].units, groups[1]);
        QCOMPARE(auditCount(path, "play-seeding"), std::int64_t{1});
        // A group of one, a unit twice or missing: refused, nothing written.
        QVERIFY_THROWS_EXCEPTION(
            core::StoreError,
            store->setPlayFirstSeeding(event, play::Seeding::Hand,
                                       {{groups[0].front()}, {groups[0].begin() + 1, groups[0].end()}}));
        std::vector<std::vector<play::UnitId>> twice = groups;
        twice[0].push_back(groups[1].front());
        QVERIFY_THROWS_EXCEPTION(core::StoreError,
                                 store->setPlayFirstSeeding(event, play::Seeding::Hand, twice));
        QCOMPARE(auditCount(path, "play-seeding"), std::int64_t{1});
        QCOMPARE(store->playSetup(event)->handGroups, groups);
        // Back to the snake: the groups drawn first again.
        store->setPlayFirstSeeding(event, play::Seeding::Snake, {});
        QCOMPARE(play::computePlay(store->playInput(event, ratings)).stages[0].groups[1].units,
                 drawn.stages[0].groups[1].units);
        // After the first score, refused.
        store->recordScore(event, ratings, firstWaiting(*store, event, ratings), {5, 3, 1, 0});
        QVERIFY_THROWS_EXCEPTION(core::StoreError,
                                 store->setPlayFirstSeeding(event, play::Seeding::Hand, groups));
        // A first stage of random rounds has no groups to set.
        const QString wcc = eventOf(*store, 20, QStringLiteral("2026-03-21"));
        store->setPlayFormat(wcc, play::makeTemplate(play::Template::Wcc, 20), 4);
        QVERIFY_THROWS_EXCEPTION(core::StoreError, store->setPlayFirstSeeding(wcc, play::Seeding::Hand, {}));
    }

    void migrationToVersion10KeepsPlaysOpen()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.sqlite"));
        QString playing;
        QString waiting;
        {
            const auto old = openStoreAtVersion(path, 9);
            QVERIFY(old);
            QCOMPARE(old->schemaVersion(), 9);
            playing = eventOf(*old, 6);
            waiting = eventOf(*old, 6, QStringLiteral("2026-03-21"));
        }
        {
            // Written as version 9 did: no stages started column.
            core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadWrite);
            db.execute("INSERT INTO play_formats (event_id, format, seed) VALUES ('" + playing.toStdString() +
                       "', '" +
                       core::playFormatJson(play::makeTemplate(play::Template::NcaDay, 6)).toStdString() +
                       "', 1)");
            db.execute("INSERT INTO play_formats (event_id, format, seed) VALUES ('" + waiting.toStdString() +
                       "', '" +
                       core::playFormatJson(play::makeTemplate(play::Template::NcaDay, 6)).toStdString() +
                       "', 1)");
            db.execute(
                "INSERT INTO play_scores (event_id, game, unit_a, unit_b, points_a, points_b, twenties_a, "
                "twenties_b, entered) VALUES ('" +
                playing.toStdString() + "', 's0.g0.r0.m0.n0', '1', '6', 5, 3, 0, 0, '2026-03-14T10:00:00Z')");
        }
        const auto store = openStoppedStore(path);
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), 10);
        QVERIFY2(store->check().isEmpty(), qPrintable(store->check().join(u'\n')));
        // A play begun before stages were started one by one keeps every stage open; one not begun
        // waits for the director from its second stage.
        QCOMPARE(store->playSetup(playing)->stagesStarted, 0);
        QCOMPARE(store->playSetup(waiting)->stagesStarted, 1);
        QCOMPARE(store->playScores(playing).size(), std::size_t{1});
    }

    void readOnlyStoreRefusesEveryWrite()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("play.sqlite"));
        QString event;
        {
            const auto store = openStoppedStore(path);
            QVERIFY(store);
            event = eventOf(*store, 8);
            store->setPlayFormat(event, play::makeTemplate(play::Template::OneRoundRobin, 8), 5);
        }
        const QString before = dumpTables(path);
        const auto store = openStoppedStore(path, true);
        QVERIFY(store && store->isReadOnly());
        const core::PlayRatings ratings = ratingsOf(8);
        const auto readOnly = [](const std::function<void()>& write) {
            try {
                write();
            } catch (const core::StoreError& error) {
                return error.kind() == core::StoreError::Kind::ReadOnly;
            }
            return false;
        };
        QVERIFY(readOnly(
            [&] { store->setPlayFormat(event, play::makeTemplate(play::Template::OneRoundRobin, 8), 6); }));
        QVERIFY(readOnly([&] {
            store->recordScore(event, ratings, firstWaiting(*store, event, ratings), {6, 2, 0, 0});
        }));
        QVERIFY(readOnly([&] { store->setHandPlace(event, {"1", 1, "ruling"}); }));
        QVERIFY(readOnly([&] { store->setWithdrawal(event, {"1", 0, 1}); }));
        QVERIFY(readOnly([&] { store->startPlayStage(event, ratings, 1); }));
        QVERIFY(readOnly([&] { store->undoPlayStageStart(event, 1); }));
        QVERIFY(readOnly([&] { store->setPlayFirstSeeding(event, play::Seeding::Random, {}); }));
        QCOMPARE(store->playInput(event, ratings).units.size(), std::size_t{8});
        QCOMPARE(dumpTables(path), before);
    }
};

QTEST_GUILESS_MAIN(TestStorePlay)
#include "tst_storeplay.moc"
