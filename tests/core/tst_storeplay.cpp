// The day of play in the database (core/store/playstore.h, issue 28): the format stored and read
// back, a score per transaction, refused entries writing nothing, corrections audited, the
// migration to schema 9 and a read-only store.

#include "../common/storefixtures.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"

#include <QTemporaryDir>
#include <QTest>

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
        QCOMPARE(store->schemaVersion(), 9);
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
        QCOMPARE(store->playInput(event, ratings).units.size(), std::size_t{8});
        QCOMPARE(dumpTables(path), before);
    }
};

QTEST_GUILESS_MAIN(TestStorePlay)
#include "tst_storeplay.moc"
