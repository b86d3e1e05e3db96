// flickdesk-cli play (app/cli/cliplay.cpp, issue 28): a 24-player "NCA day" and an 8-team doubles
// round robin created, drawn and played from CSV files the test writes, each stage after the first
// started with `play advance` once the stage before is complete (and taken back with --undo until its
// first score), their standings and places, the places written as the event's standings with --apply,
// and bad rows refused by file, line and field.

#include "../common/storefixtures.h"
#include "cli/cli.h"
#include "clitestsupport.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace flickdesk;
using namespace flickdesk::testing;
namespace play = engine::play;

namespace {

// An event of `count` units that began (doubles: two players a unit), in a new database at `path`.
QString makeEvent(const QString& path, int count, bool doubles)
{
    const auto store = openStoppedStore(path);
    if (!store)
        return {};
    const QString event = store->createEvent(draftOn(
        QStringLiteral("2026-03-14"), doubles ? engine::EventFormat::Doubles : engine::EventFormat::Singles));
    for (int i = 1; i <= count; ++i) {
        QStringList players{store->addPlayer(QStringLiteral("Player %1").arg(i), {})};
        if (doubles)
            players.append(store->addPlayer(QStringLiteral("Partner %1").arg(i), {}));
        store->addEntrant(event, players, core::EntrantStatus::Started);
    }
    return event;
}

play::Format storedFormat(const QString& path, const QString& event)
{
    const auto store = openStoppedStore(path);
    return store && store->playSetup(event) ? store->playSetup(event)->format : play::Format{};
}

// Plays the day through the command line: draw, a scores file of the round, scores; a tie that
// blocks the day gets the shoot-out order the director would record (seeding order); a stage whose
// preview waits is started with `play advance` (counted in `advances`), or with `stopAtAdvance` the
// play stops there. The number of draws (score files) it took, -1 when the day stopped.
int playThrough(const QString& path, const QString& event, const QString& folder, int* advances = nullptr,
                bool stopAtAdvance = false)
{
    const play::Format format = storedFormat(path, event);
    std::uint64_t random = 2026;
    for (int round = 1; round <= 200; ++round) {
        const CliRun draw = run({QStringLiteral("play"), QStringLiteral("draw"), path, event});
        if (draw.status != 0) {
            qWarning("%s", qPrintable(draw.err));
            return -1;
        }
        const QList<QStringList> rows = parseCsv(draw.out);
        if (rows.size() <= 1) {
            // Nothing waits: finished, or a tie blocks the day (a shoot-out's order is recorded).
            auto store = openStoppedStore(path);
            const play::PlayState state = play::computePlay(store->playInput(event, {}));
            if (state.finished && state.placesFinal)
                return round - 1;
            if (state.awaitingStart >= 1) {
                store.reset(); // the command line opens the database for itself
                if (stopAtAdvance)
                    return round - 1;
                const CliRun advance = run({QStringLiteral("play"), QStringLiteral("advance"), path, event});
                if (advance.status != 0) {
                    qWarning("%s", qPrintable(advance.err));
                    return -1;
                }
                if (advances)
                    ++*advances;
                continue;
            }
            const std::vector<play::UnresolvedTie>& ties =
                state.blockingTies.empty() ? state.placeTies : state.blockingTies;
            if (ties.empty())
                return -1;
            for (const play::UnresolvedTie& tie : ties)
                store->setShootOut(event, {tie.stage, tie.group, tie.units});
            continue;
        }
        QByteArray scores = "game,points_a,points_b,twenties_a,twenties_b,shoot_out\n";
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const auto key = play::parseGameKey(rows[i][0].toStdString());
            if (!key || rows[i][8].isEmpty())
                return -1;
            const play::Stage& stage = format.stages[static_cast<std::size_t>(key->stage)];
            const bool playoff = stage.kind == play::StageKind::Playoff;
            const play::Score score = play::randomScore(stage.settings, playoff, 1500, 1500, random);
            scores += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                          .arg(rows[i][0])
                          .arg(score.pointsA)
                          .arg(score.pointsB)
                          .arg(score.twentiesA)
                          .arg(score.twentiesB)
                          .arg(score.shootOutWinner == play::Side::A   ? QStringLiteral("A")
                               : score.shootOutWinner == play::Side::B ? QStringLiteral("B")
                                                                       : QString())
                          .toUtf8();
        }
        const QString file = QStringLiteral("%1/round%2.csv").arg(folder).arg(round);
        if (!writeFile(file, scores))
            return -1;
        const CliRun entered = run({QStringLiteral("play"), QStringLiteral("scores"), path, event, file});
        if (entered.status != 0) {
            qWarning("%s", qPrintable(entered.err));
            return -1;
        }
    }
    return -1;
}

// The event's stored standings' places, sorted.
std::vector<int> storedPlaces(const QString& path, const QString& event)
{
    const auto store = openStoppedStore(path);
    std::vector<int> places;
    for (const core::Placing& placing : store->standings(event))
        places.push_back(placing.place);
    std::sort(places.begin(), places.end());
    return places;
}

std::vector<int> oneTo(int count)
{
    std::vector<int> places;
    for (int i = 1; i <= count; ++i)
        places.push_back(i);
    return places;
}

} // namespace

class TestCliPlay : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ncaDayOf24Players()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("day.sqlite"));
        const QString event = makeEvent(path, 24, false);
        QVERIFY(!event.isEmpty());

        const CliRun unknown = run({QStringLiteral("play"), QStringLiteral("format"), path, event,
                                    QStringLiteral("--template"), QStringLiteral("Kings")});
        QCOMPARE(unknown.status, 64);
        const CliRun format =
            run({QStringLiteral("play"), QStringLiteral("format"), path, event, QStringLiteral("--template"),
                 QStringLiteral("NCA day"), QStringLiteral("--boards"), QStringLiteral("8"),
                 QStringLiteral("--seed"), QStringLiteral("3")});
        QVERIFY2(format.status == 0, qPrintable(format.err));
        QVERIFY(format.out.contains(QStringLiteral("24")));

        // The first round's draw: games by board, every player once.
        const CliRun draw = run({QStringLiteral("play"), QStringLiteral("draw"), path, event});
        QCOMPARE(draw.status, 0);
        const QList<QStringList> rows = parseCsv(draw.out);
        QCOMPARE(rows.first().first(), QStringLiteral("game"));
        QVERIFY(rows.size() > 1);
        for (qsizetype i = 1; i < rows.size(); ++i)
            QVERIFY(rows[i][4].toInt() >= 0 && rows[i][4].toInt() <= 8);

        // Places cannot be applied before the day is played; nothing is written.
        const CliRun early =
            run({QStringLiteral("play"), QStringLiteral("places"), path, event, QStringLiteral("--apply")});
        QCOMPARE(early.status, 2);
        QVERIFY(storedPlaces(path, event).empty());

        // A bad row is refused naming the file, its line and field; the rows before it stay.
        const QString bad = dir.filePath(QStringLiteral("bad.csv"));
        QVERIFY(writeFile(
            bad, QStringLiteral("game,points_a,points_b,twenties_a,twenties_b\n%1,6,2,1,0\n%2,six,2,0,0\n")
                     .arg(rows[1][0], rows[2][0])
                     .toUtf8()));
        const CliRun refused = run({QStringLiteral("play"), QStringLiteral("scores"), path, event, bad});
        QCOMPARE(refused.status, 2);
        QVERIFY2(refused.err.contains(QStringLiteral("bad.csv, line 3, points_a")), qPrintable(refused.err));
        {
            const auto store = openStoppedStore(path);
            QCOMPARE(store->playScores(event).size(), std::size_t{1});
        }
        QVERIFY(rows.size() > 3 && rows[3][3] == QStringLiteral("1"));
        // The file fixed and read again: the row stored already is skipped, the fixed one recorded.
        QVERIFY(writeFile(
            bad, QStringLiteral("game,points_a,points_b,twenties_a,twenties_b\n%1,6,2,1,0\n%2,6,2,0,0\n")
                     .arg(rows[1][0], rows[2][0])
                     .toUtf8()));
        const CliRun fixed = run({QStringLiteral("play"), QStringLiteral("scores"), path, event, bad});
        QVERIFY2(fixed.status == 0, qPrintable(fixed.err));
        QVERIFY2(fixed.out.contains(QStringLiteral("1 scores recorded, 1 already stored")),
                 qPrintable(fixed.out));
        // A score that is not a game of 4 rounds is refused in words, by line.
        const QString sum = dir.filePath(QStringLiteral("sum.csv"));
        QVERIFY(writeFile(
            sum, QStringLiteral("round,board,points_a,points_b,twenties_a,twenties_b\n1,%1,6,4,0,0\n")
                     .arg(rows[2][4])
                     .toUtf8()));
        const CliRun wrong = run({QStringLiteral("play"), QStringLiteral("scores"), path, event, sum});
        QCOMPARE(wrong.status, 2);
        QVERIFY2(wrong.err.contains(QStringLiteral("sum.csv, line 2")), qPrintable(wrong.err));
        // The format is fixed once a score is in.
        const CliRun again = run({QStringLiteral("play"), QStringLiteral("format"), path, event,
                                  QStringLiteral("--template"), QStringLiteral("WCC")});
        QCOMPARE(again.status, 2);

        int advances = 0;
        const int rounds = playThrough(path, event, dir.path(), &advances);
        QVERIFY2(rounds > 3, qPrintable(QString::number(rounds)));
        QCOMPARE(advances, 2); // the pools, then the finals

        const CliRun standings = run({QStringLiteral("play"), QStringLiteral("standings"), path, event});
        QCOMPARE(standings.status, 0);
        QVERIFY(standings.out.startsWith(
            QStringLiteral("stage,group,position,unit,name,points,twenties,games,wins,draws,losses,reason")));
        QVERIFY(standings.out.count(u'\n') > 24);

        const QString placesFile = dir.filePath(QStringLiteral("places.csv"));
        const CliRun places = run({QStringLiteral("play"), QStringLiteral("places"), path, event,
                                   QStringLiteral("--apply"), QStringLiteral("-o"), placesFile});
        QVERIFY2(places.status == 0, qPrintable(places.err));
        const QList<QStringList> placeRows = parseCsv(readText(placesFile));
        QCOMPARE(placeRows.size(), 25);
        QCOMPARE(storedPlaces(path, event), oneTo(24));
    }

    void doublesRoundRobinOf8Teams()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("doubles.sqlite"));
        const QString event = makeEvent(path, 8, true);
        QVERIFY(!event.isEmpty());
        const CliRun format = run({QStringLiteral("play"), QStringLiteral("format"), path, event,
                                   QStringLiteral("--template"), QStringLiteral("One round robin")});
        QVERIFY2(format.status == 0, qPrintable(format.err));
        const CliRun draw = run({QStringLiteral("play"), QStringLiteral("draw"), path, event});
        QVERIFY(draw.out.contains(QStringLiteral("Player 1 / Partner 1")));
        QVERIFY(playThrough(path, event, dir.path()) >= 1); // every drawn game waits at once: one file
        {
            const auto store = openStoppedStore(path);
            QCOMPARE(store->playScores(event).size(), std::size_t{28});
        }
        const CliRun places =
            run({QStringLiteral("play"), QStringLiteral("places"), path, event, QStringLiteral("--apply")});
        QVERIFY2(places.status == 0, qPrintable(places.err));
        QCOMPARE(storedPlaces(path, event), oneTo(8));
    }

    void advanceShownThenStartedAndTakenBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("advance.sqlite"));
        const QString event = makeEvent(path, 12, false);
        QVERIFY(!event.isEmpty());
        QCOMPARE(run({QStringLiteral("play"), QStringLiteral("format"), path, event,
                      QStringLiteral("--template"), QStringLiteral("NCA day")})
                     .status,
                 0);
        // Nothing to start while the groups play, nothing to take back.
        QCOMPARE(run({QStringLiteral("play"), QStringLiteral("advance"), path, event}).status, 2);
        const CliRun nothing =
            run({QStringLiteral("play"), QStringLiteral("advance"), path, event, QStringLiteral("--undo")});
        QCOMPARE(nothing.status, 2);
        QVERIFY2(nothing.err.contains(QStringLiteral("only the first stage")), qPrintable(nothing.err));
        QVERIFY(playThrough(path, event, dir.path(), nullptr, true) >= 1);
        // The groups complete: the pools are drawn as a preview, and no game waits for a score.
        QCOMPARE(parseCsv(run({QStringLiteral("play"), QStringLiteral("draw"), path, event}).out).size(), 1);
        const CliRun advance = run({QStringLiteral("play"), QStringLiteral("advance"), path, event});
        QVERIFY2(advance.status == 0, qPrintable(advance.err));
        QVERIFY2(advance.err.contains(QStringLiteral("Pools started")), qPrintable(advance.err));
        const QList<QStringList> goesOn = parseCsv(advance.out);
        QCOMPARE(goesOn.first(),
                 (QStringList{QStringLiteral("stage"), QStringLiteral("group"), QStringLiteral("unit"),
                              QStringLiteral("name"), QStringLiteral("why"), QStringLiteral("started")}));
        QCOMPARE(goesOn.size(), 13); // every player goes on to a pool, with the reason from the groups
        for (qsizetype i = 1; i < goesOn.size(); ++i) {
            QVERIFY2(goesOn[i][4].contains(QStringLiteral(" in Morning groups")), qPrintable(goesOn[i][4]));
            QCOMPARE(goesOn[i][5], QStringLiteral("yes"));
        }
        const QList<QStringList> poolGames =
            parseCsv(run({QStringLiteral("play"), QStringLiteral("draw"), path, event}).out);
        QVERIFY(poolGames.size() > 1);
        // Taken back: a preview again, the same pools when started again.
        const CliRun undo =
            run({QStringLiteral("play"), QStringLiteral("advance"), path, event, QStringLiteral("--undo")});
        QVERIFY2(undo.status == 0, qPrintable(undo.err));
        QCOMPARE(parseCsv(undo.out).size(), 13);
        QCOMPARE(parseCsv(undo.out)[1][5], QStringLiteral("no"));
        QCOMPARE(parseCsv(run({QStringLiteral("play"), QStringLiteral("draw"), path, event}).out).size(), 1);
        QCOMPARE(run({QStringLiteral("play"), QStringLiteral("advance"), path, event}).out, advance.out);
        // A score in the pools: the start can no longer be taken back.
        const QString file = dir.filePath(QStringLiteral("pool.csv"));
        QVERIFY(writeFile(file, QStringLiteral("game,points_a,points_b,twenties_a,twenties_b\n%1,6,2,0,0\n")
                                    .arg(poolGames[1][0])
                                    .toUtf8()));
        QCOMPARE(run({QStringLiteral("play"), QStringLiteral("scores"), path, event, file}).status, 0);
        const CliRun late =
            run({QStringLiteral("play"), QStringLiteral("advance"), path, event, QStringLiteral("--undo")});
        QCOMPARE(late.status, 2);
        QVERIFY2(late.err.contains(QStringLiteral("has a score")), qPrintable(late.err));
        QCOMPARE(run({QStringLiteral("play"), QStringLiteral("draw"), path, event, QStringLiteral("--undo")})
                     .status,
                 64);
    }

    void usageErrors()
    {
        QCOMPARE(run({QStringLiteral("play")}).status, 64);
        QCOMPARE(
            run({QStringLiteral("play"), QStringLiteral("shuffle"), QStringLiteral("x"), QStringLiteral("y")})
                .status,
            64);
        QCOMPARE(run({QStringLiteral("play"), QStringLiteral("draw"), QStringLiteral("x")}).status, 64);
        QTemporaryDir dir;
        QCOMPARE(run({QStringLiteral("play"), QStringLiteral("draw"),
                      dir.filePath(QStringLiteral("none.sqlite")), QStringLiteral("E1")})
                     .status,
                 66);
    }
};

QTEST_GUILESS_MAIN(TestCliPlay)
#include "tst_cliplay.moc"
