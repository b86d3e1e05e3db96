// The edits of the day from the command line (app/cli/cliplay.cpp, issue 28), run as the real
// flickdesk-cli executable: a tie that blocks an NCA day broken by `play shoot-out`, after which the
// day goes on; `play withdraw` making a unit's remaining games walkovers while it keeps a place
// (DECISIONS G7); `play place` setting a place by hand only with a reason, shown by `play places`
// (G6); `play places --apply --rate-from-games` writing the play's games so that `rate` and
// `export-event` see an event rated from its games (G8, N3). Every refused request says why, naming
// what was typed, and leaves the database byte for byte as it was.

#include "../common/storefixtures.h"
#include "clitestsupport.h"
#include "core/store/store.h"
#include "flickdesk/engine/playsim.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <set>

using namespace flickdesk;
using namespace flickdesk::testing;
namespace play = engine::play;

namespace {

// One command of the real executable, printed as typed.
CliRun cli(const QStringList& args)
{
    QStringList shown;
    for (const QString& arg : args) {
        const QString name = arg.contains(u'/') ? QFileInfo(arg).fileName() : arg; // a file by its name
        shown.append(name.contains(u' ') || name.isEmpty() ? u'"' + name + u'"' : name);
    }
    qInfo("$ flickdesk-cli %s", qPrintable(shown.join(u' ')));
    return runProcess(args);
}

CliRun playCommand(const QString& what, const QString& path, const QString& event,
                   const QStringList& more = {})
{
    return cli(QStringList{QStringLiteral("play"), what, path, event} + more);
}

// An event of `count` players that began, in a new database at `path` (as tst_cliplay builds it).
QString makeEvent(const QString& path, int count)
{
    const auto store = openStoppedStore(path);
    if (!store)
        return {};
    const QString event = store->createEvent(draftOn(QStringLiteral("2026-03-14")));
    for (int i = 1; i <= count; ++i)
        store->addEntrant(event, {store->addPlayer(QStringLiteral("Player %1").arg(i), {})},
                          core::EntrantStatus::Started);
    return event;
}

play::PlayState storedPlay(const QString& path, const QString& event)
{
    const auto store = openStoppedStore(path, true);
    return play::computePlay(store->playInput(event, {}));
}

// What a refused request must leave: the file's bytes and every table's rows.
struct Snapshot {
    QByteArray bytes;
    QString tables;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const QString& path)
{
    return {readBytes(path), dumpTables(path, RowOrder::Sorted)};
}

// A refused request: exit status 2 (64 for a usage error), the message naming `named`, the database
// unchanged.
bool refusedUnchanged(const CliRun& run, int status, const QString& named, const QString& path,
                      const Snapshot& before)
{
    qInfo("  -> %d: %s", run.status, qPrintable(run.err.trimmed()));
    if (run.status != status) {
        qWarning("status %d, not %d", run.status, status);
        return false;
    }
    if (!run.err.contains(named)) {
        qWarning("the message does not name '%s'", qPrintable(named));
        return false;
    }
    if (!(snapshot(path) == before)) {
        qWarning("the database changed");
        return false;
    }
    return true;
}

// The scores of every game that waits, by game key; the first stage's first group all level (4 4 0 0)
// when `levelGroupA`: a tie on everything that decides who goes on, which only a shoot-out breaks.
QByteArray scoresOfWaiting(const QString& path, const QString& event, std::uint64_t& random, bool levelGroupA)
{
    const auto store = openStoppedStore(path, true);
    const play::PlayInput input = store->playInput(event, {});
    const play::PlayState state = play::computePlay(input);
    QByteArray scores = "game,points_a,points_b,twenties_a,twenties_b,shoot_out\n";
    for (const play::PlayGame* game : state.waitingGames()) {
        const play::Stage& stage = input.format.stages[static_cast<std::size_t>(game->key.stage)];
        const bool playoff = stage.kind == play::StageKind::Playoff;
        const play::Score score = levelGroupA && game->key.stage == 0 && game->key.group == 0
                                      ? play::Score{4, 4, 0, 0}
                                      : play::randomScore(stage.settings, playoff, 1500, 1500, random);
        scores += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                      .arg(QString::fromStdString(play::gameKeyText(game->key)))
                      .arg(score.pointsA)
                      .arg(score.pointsB)
                      .arg(score.twentiesA)
                      .arg(score.twentiesB)
                      .arg(score.shootOutWinner == play::Side::A   ? QStringLiteral("A")
                           : score.shootOutWinner == play::Side::B ? QStringLiteral("B")
                                                                   : QString())
                      .toUtf8();
    }
    return scores;
}

// Records the scores of every waiting game through `play scores`; false when the command failed.
bool enterWaiting(const QString& path, const QString& event, const QString& folder, std::uint64_t& random,
                  bool levelGroupA = false)
{
    // Issue 28 item 5: a stage complete, its next one is started first, as the director does once
    // they have checked who goes on (`play advance`).
    {
        const auto store = openStoppedStore(path, true);
        const play::PlayState state = play::computePlay(store->playInput(event, {}));
        if (state.awaitingStart >= 1 && state.blockingTies.empty()) {
            const CliRun advanced = playCommand(QStringLiteral("advance"), path, event, {});
            if (advanced.status != 0) {
                qWarning("%s", qPrintable(advanced.err));
                return false;
            }
        }
    }
    static int files = 0;
    const QString file = QDir(folder).filePath(QStringLiteral("scores%1.csv").arg(++files));
    if (!writeFile(file, scoresOfWaiting(path, event, random, levelGroupA)))
        return false;
    const CliRun run = playCommand(QStringLiteral("scores"), path, event, {file});
    if (run.status != 0)
        qWarning("%s", qPrintable(run.err));
    return run.status == 0;
}

// `play shoot-out` for a tie, in the order given, naming its group by name (or none across groups).
CliRun shootOut(const QString& path, const QString& event, const play::PlayState& state,
                const play::UnresolvedTie& tie, const std::vector<play::UnitId>& order)
{
    QStringList units;
    for (const play::UnitId& unit : order)
        units.append(QString::fromStdString(unit));
    QStringList args{QStringLiteral("--stage"), QString::number(tie.stage + 1)};
    if (tie.group >= 0)
        args += {QStringLiteral("--group"),
                 QString::fromStdString(state.stages[static_cast<std::size_t>(tie.stage)]
                                            .groups[static_cast<std::size_t>(tie.group)]
                                            .name)};
    args.append(units.join(u','));
    return playCommand(QStringLiteral("shoot-out"), path, event, args);
}

// The rows of `play places` (header left out), each place,unit,name,rule,final.
QList<QStringList> placeRows(const QString& path, const QString& event)
{
    const CliRun run = playCommand(QStringLiteral("places"), path, event);
    QList<QStringList> rows;
    if (run.status != 0)
        return rows;
    // The rule may hold a comma, quoted: split it back by the known column count.
    const QStringList lines = run.out.split(u'\n', Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        QStringList cells = lines[i].split(u',');
        const QString final = cells.takeLast();
        const QString place = cells.takeFirst();
        const QString unit = cells.takeFirst();
        const QString name = cells.takeFirst();
        QString rule = cells.join(u',');
        if (rule.startsWith(u'"') && rule.endsWith(u'"'))
            rule = rule.mid(1, rule.size() - 2).replace(QStringLiteral("\"\""), QStringLiteral("\""));
        rows.append({place, unit, name, rule, final});
    }
    return rows;
}

// A round robin of `count` players on one board a game, its format stored through the command line.
QString roundRobin(const QString& path, int count)
{
    const QString event = makeEvent(path, count);
    const CliRun format = playCommand(QStringLiteral("format"), path, event,
                                      {QStringLiteral("--template"), QStringLiteral("One round robin")});
    return format.status == 0 ? event : QString();
}

} // namespace

class TestCliPlayEdits : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shootOutUnblocksTheDay();
    void withdrawalMakesWalkoversAndKeepsAPlace();
    void placeByHandNeedsAReason();
    void rateFromGames();
    void theDocumentsExample();
    void usageErrors();
};

void TestCliPlayEdits::shootOutUnblocksTheDay()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("day.sqlite"));
    const QString event = makeEvent(path, 24);
    QVERIFY(!event.isEmpty());
    QCOMPARE(playCommand(QStringLiteral("format"), path, event,
                         {QStringLiteral("--template"), QStringLiteral("NCA day"), QStringLiteral("--boards"),
                          QStringLiteral("8")})
                 .status,
             0);
    std::uint64_t random = 28;
    // The morning: Group A all level, every other game a random score.
    for (int i = 0; i < 20 && !storedPlay(path, event).stages.front().complete; ++i)
        QVERIFY(enterWaiting(path, event, dir.path(), random, true));
    play::PlayState state = storedPlay(path, event);
    QVERIFY(!state.blockingTies.empty());
    QVERIFY(state.waitingGames().empty());
    const play::UnresolvedTie tie = state.blockingTies.front();
    QCOMPARE(tie.stage, 0);
    QVERIFY(tie.units.size() >= 2);
    QCOMPARE(playCommand(QStringLiteral("draw"), path, event).out.count(u'\n'), 1); // the header only

    // Refused, each naming what was typed, nothing written.
    const Snapshot before = snapshot(path);
    const QString stage = QString::number(tie.stage + 1);
    QStringList tied;
    for (const play::UnitId& unit : tie.units)
        tied.append(QString::fromStdString(unit));
    play::UnitId outside; // a unit of the last group, not level with them
    for (const play::UnitId& unit : state.stages.front().groups.back().units)
        if (std::find(tie.units.begin(), tie.units.end(), unit) == tie.units.end())
            outside = unit;
    QVERIFY(!outside.empty());
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("shoot-out"), path, event,
                    {QStringLiteral("--stage"), stage, QStringLiteral("%1,99").arg(tied.first())}),
        2, QStringLiteral("'99'"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("shoot-out"), path, event,
                                         {QStringLiteral("--stage"), QStringLiteral("7"), tied.join(u',')}),
                             2, QStringLiteral("--stage 7"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("shoot-out"), path, event,
                                         {QStringLiteral("--stage"), stage, QStringLiteral("--group"),
                                          QStringLiteral("Group Z"), tied.join(u',')}),
                             2, QStringLiteral("--group Group Z"), path, before));
    // Units that are not the tie's: the message lists the tie that is.
    const QString wrong = tied.first() + u',' + QString::fromStdString(outside);
    const CliRun notTied =
        playCommand(QStringLiteral("shoot-out"), path, event, {QStringLiteral("--stage"), stage, wrong});
    QVERIFY(refusedUnchanged(notTied, 2, QStringLiteral("not level on everything"), path, before));
    QVERIFY(notTied.err.contains(QStringLiteral("Player %1 (entrant %1)").arg(tied.last())));
    QVERIFY(
        refusedUnchanged(playCommand(QStringLiteral("shoot-out"), path, event,
                                     {QStringLiteral("--stage"), stage, tied.first() + u',' + tied.first()}),
                         2, QStringLiteral("named twice"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("shoot-out"), path, event,
                                         {QStringLiteral("--stage"), stage, tied.first()}),
                             2, QStringLiteral("names one unit"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("shoot-out"), path, event,
                                         {QStringLiteral("--stage"), stage, QStringLiteral("--clear")}),
                             2, QStringLiteral("no shoot-out's order is recorded"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("shoot-out"), path, event, {tied.join(u',')}), 64,
                             QStringLiteral("--stage"), path, before));
    // --apply is refused while the tie stands.
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("places"), path, event, {QStringLiteral("--apply")}),
                             2, QStringLiteral("shoot-out"), path, before));

    // The order the director recorded: the tie's units reversed. The day goes on.
    std::vector<play::UnitId> order(tie.units.rbegin(), tie.units.rend());
    const CliRun recorded = shootOut(path, event, state, tie, order);
    QVERIFY2(recorded.status == 0, qPrintable(recorded.err));
    qInfo("  -> %s", qPrintable(recorded.out.trimmed()));
    state = storedPlay(path, event);
    const bool blockedStill =
        !state.blockingTies.empty() && state.blockingTies.front().units == tie.units; // the same tie
    QVERIFY(!blockedStill);
    // The stage's order follows the order given: the tie's units in it (the ranking across the groups
    // keeps each group's order).
    std::vector<play::UnitId> standing;
    for (const play::UnitId& unit : state.stages[0].order)
        if (std::find(order.begin(), order.end(), unit) != order.end())
            standing.push_back(unit);
    QCOMPARE(standing, order);

    // Every further tie broken the same way, by the command line, to the end of the day.
    int orders = 1;
    for (int step = 0; step < 40 && !(state.finished && state.placesFinal); ++step) {
        if (!state.waitingGames().empty() || (state.awaitingStart >= 1 && state.blockingTies.empty())) {
            QVERIFY(enterWaiting(path, event, dir.path(), random));
        } else {
            const std::vector<play::UnresolvedTie>& ties =
                state.blockingTies.empty() ? state.placeTies : state.blockingTies;
            QVERIFY(!ties.empty());
            const CliRun next = shootOut(path, event, state, ties.front(), ties.front().units);
            QVERIFY2(next.status == 0, qPrintable(next.err));
            ++orders;
        }
        state = storedPlay(path, event);
    }
    QVERIFY(state.finished && state.placesFinal);
    qInfo("%d shoot-out orders recorded from the command line", orders);
    const CliRun applied = playCommand(QStringLiteral("places"), path, event, {QStringLiteral("--apply")});
    QVERIFY2(applied.status == 0, qPrintable(applied.err));
    QCOMPARE(queryInteger(path, "SELECT COUNT(DISTINCT place) FROM standings"), 24);

    // --clear takes the first order back: the morning's tie is open again.
    QStringList where{QStringLiteral("--stage"), stage, QStringLiteral("--clear")};
    if (tie.group >= 0)
        where += {QStringLiteral("--group"), QString::number(tie.group + 1)};
    const CliRun cleared = playCommand(QStringLiteral("shoot-out"), path, event, where);
    QVERIFY2(cleared.status == 0, qPrintable(cleared.err));
    state = storedPlay(path, event);
    QVERIFY(!state.blockingTies.empty());
    QCOMPARE(state.blockingTies.front().units.size(), tie.units.size());
}

void TestCliPlayEdits::withdrawalMakesWalkoversAndKeepsAPlace()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("withdraw.sqlite"));
    const QString event = roundRobin(path, 6);
    QVERIFY(!event.isEmpty());
    // Round 1's three games scored.
    QByteArray round1 = "round,board,points_a,points_b,twenties_a,twenties_b\n";
    for (int board = 1; board <= 3; ++board)
        round1 += QByteArray::number(1) + ',' + QByteArray::number(board) + ",6,2,1,0\n";
    const QString file = dir.filePath(QStringLiteral("round1.csv"));
    QVERIFY(writeFile(file, round1));
    QCOMPARE(playCommand(QStringLiteral("scores"), path, event, {file}).status, 0);
    play::PlayState state = storedPlay(path, event);
    const play::UnitId leaving = state.stages[0].groups[0].games.front().a; // played in round 1
    const QString unit = QString::fromStdString(leaving);

    const Snapshot before = snapshot(path);
    // From round 1: its score there would be set aside; refused, naming the round.
    const CliRun scored = playCommand(QStringLiteral("withdraw"), path, event,
                                      {unit, QStringLiteral("--stage"), QStringLiteral("1"),
                                       QStringLiteral("--round"), QStringLiteral("1")});
    QVERIFY(refusedUnchanged(scored, 2, QStringLiteral("has a score in stage 1, round 1"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("withdraw"), path, event,
                                         {unit, QStringLiteral("--stage"), QStringLiteral("1"),
                                          QStringLiteral("--round"), QStringLiteral("9")}),
                             2, QStringLiteral("--round 9"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("withdraw"), path, event,
                                         {unit, QStringLiteral("--stage"), QStringLiteral("2"),
                                          QStringLiteral("--round"), QStringLiteral("2")}),
                             2, QStringLiteral("--stage 2"), path, before));
    QVERIFY(
        refusedUnchanged(playCommand(QStringLiteral("withdraw"), path, event,
                                     {QStringLiteral("42"), QStringLiteral("--stage"), QStringLiteral("1"),
                                      QStringLiteral("--round"), QStringLiteral("2")}),
                         2, QStringLiteral("'42'"), path, before));
    QVERIFY(
        refusedUnchanged(playCommand(QStringLiteral("withdraw"), path, event,
                                     {QStringLiteral("Player 3"), QStringLiteral("--stage"),
                                      QStringLiteral("1"), QStringLiteral("--round"), QStringLiteral("2")}),
                         2, QStringLiteral("'Player 3'"), path, before));
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("withdraw"), path, event, {unit, QStringLiteral("--clear")}), 2,
        QStringLiteral("entrant %1) has not withdrawn").arg(unit), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("withdraw"), path, event,
                                         {unit, QStringLiteral("--stage"), QStringLiteral("1")}),
                             64, QStringLiteral("--round"), path, before));

    // From round 2 on: its four remaining games are walkovers, won by the opponents.
    const CliRun withdrawn = playCommand(QStringLiteral("withdraw"), path, event,
                                         {unit, QStringLiteral("--stage"), QStringLiteral("1"),
                                          QStringLiteral("--round"), QStringLiteral("2")});
    QVERIFY2(withdrawn.status == 0, qPrintable(withdrawn.err));
    qInfo("  -> %s", qPrintable(withdrawn.out.trimmed()));
    QVERIFY(withdrawn.out.contains(QStringLiteral("4 of its games are walkovers")));
    state = storedPlay(path, event);
    int walkovers = 0;
    for (const play::PlayGame& game : state.stages[0].groups[0].games) {
        if (game.a != leaving && game.b != leaving)
            continue;
        if (game.key.round == 0) {
            QCOMPARE(game.state, play::GameState::Scored);
            continue;
        }
        QCOMPARE(game.state, play::GameState::Walkover);
        QCOMPARE(game.a == leaving ? game.score.pointsA : game.score.pointsB, 0);
        ++walkovers;
    }
    QCOMPARE(walkovers, 4);
    // The draw no longer lists its games.
    const CliRun draw = playCommand(QStringLiteral("draw"), path, event);
    for (const QStringList& row : parseCsv(draw.out).mid(1))
        QVERIFY(row[6] != unit && row[8] != unit);
    QCOMPARE(parseCsv(draw.out).size() - 1, 15 - 3 - 4);

    // Another unit withdrawn and taken back: its games wait again.
    const QString other = QString::fromStdString(state.stages[0].groups[0].games.back().b == leaving
                                                     ? state.stages[0].groups[0].games.back().a
                                                     : state.stages[0].groups[0].games.back().b);
    QCOMPARE(playCommand(QStringLiteral("withdraw"), path, event,
                         {other, QStringLiteral("--stage"), QStringLiteral("1"), QStringLiteral("--round"),
                          QStringLiteral("2")})
                 .status,
             0);
    QVERIFY(parseCsv(playCommand(QStringLiteral("draw"), path, event).out).size() - 1 < 15 - 3 - 4);
    const CliRun back =
        playCommand(QStringLiteral("withdraw"), path, event, {other, QStringLiteral("--clear")});
    QVERIFY2(back.status == 0, qPrintable(back.err));
    QCOMPARE(parseCsv(playCommand(QStringLiteral("draw"), path, event).out).size() - 1, 15 - 3 - 4);

    // The day played to the end: the unit that withdrew keeps a place, said in its rule.
    std::uint64_t random = 7;
    for (int i = 0; i < 5 && !storedPlay(path, event).finished; ++i)
        QVERIFY(enterWaiting(path, event, dir.path(), random));
    for (int i = 0; i < 5 && !storedPlay(path, event).placesFinal; ++i) {
        state = storedPlay(path, event);
        QVERIFY(!state.placeTies.empty());
        QCOMPARE(shootOut(path, event, state, state.placeTies.front(), state.placeTies.front().units).status,
                 0);
    }
    const QList<QStringList> places = placeRows(path, event);
    QCOMPARE(places.size(), 6);
    std::set<int> distinct;
    bool placed = false;
    for (const QStringList& row : places) {
        distinct.insert(row[0].toInt());
        if (row[1] == unit) {
            placed = true;
            QVERIFY2(row[3].contains(QStringLiteral("withdrew during play")), qPrintable(row[3]));
        }
    }
    QVERIFY(placed);
    QCOMPARE(distinct, (std::set<int>{1, 2, 3, 4, 5, 6}));

    // Rated from its games: the walkovers are not games (DECISIONS G7), the round-1 game is.
    const CliRun applied = playCommand(QStringLiteral("places"), path, event,
                                       {QStringLiteral("--apply"), QStringLiteral("--rate-from-games")});
    QVERIFY2(applied.status == 0, qPrintable(applied.err));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM games"), 15 - 4);
    const auto store = openStoppedStore(path, true);
    const std::optional<core::Entrant> entrant = store->entrant(event, unit.toInt());
    QVERIFY(entrant && entrant->place);
    int withLeaving = 0;
    const std::optional<core::EventRecord> record = store->event(event);
    QVERIFY(record);
    for (const core::GameRecord& game : record->games)
        if (game.sideA.contains(entrant->players.front().id) ||
            game.sideB.contains(entrant->players.front().id))
            ++withLeaving;
    QCOMPARE(withLeaving, 1);
}

void TestCliPlayEdits::placeByHandNeedsAReason()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("place.sqlite"));
    const QString event = roundRobin(path, 6);
    QVERIFY(!event.isEmpty());
    std::uint64_t random = 11;
    QVERIFY(enterWaiting(path, event, dir.path(), random));
    for (int i = 0; i < 5 && !storedPlay(path, event).placesFinal; ++i) {
        const play::PlayState state = storedPlay(path, event);
        QVERIFY(!state.placeTies.empty());
        QCOMPARE(shootOut(path, event, state, state.placeTies.front(), state.placeTies.front().units).status,
                 0);
    }
    QList<QStringList> places = placeRows(path, event);
    QCOMPARE(places.size(), 6);
    const QString last = places.last()[1]; // 6th by the play
    const QString first = places.first()[1];

    const Snapshot before = snapshot(path);
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("place"), path, event, {last, QStringLiteral("1")}),
                             64, QStringLiteral("--reason"), path, before));
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("place"), path, event,
                    {last, QStringLiteral("1"), QStringLiteral("--reason"), QStringLiteral("  ")}),
        2, QStringLiteral("the reason is empty"), path, before));
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("place"), path, event,
                    {last, QStringLiteral("7"), QStringLiteral("--reason"), QStringLiteral("Ruling")}),
        2, QStringLiteral("'7' is not a place"), path, before));
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("place"), path, event,
                    {last, QStringLiteral("first"), QStringLiteral("--reason"), QStringLiteral("Ruling")}),
        2, QStringLiteral("'first'"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("place"), path, event,
                                         {QStringLiteral("0"), QStringLiteral("1"),
                                          QStringLiteral("--reason"), QStringLiteral("Ruling")}),
                             2, QStringLiteral("'0'"), path, before));
    QVERIFY(
        refusedUnchanged(playCommand(QStringLiteral("place"), path, event, {last, QStringLiteral("--clear")}),
                         2, QStringLiteral("no place set by hand"), path, before));

    // With its reason: the unit is 1st, set by hand, and the others move down one.
    const QString reason = QStringLiteral("The referee's ruling on the final board, game 12");
    const CliRun set = playCommand(QStringLiteral("place"), path, event,
                                   {last, QStringLiteral("1"), QStringLiteral("--reason"), reason});
    QVERIFY2(set.status == 0, qPrintable(set.err));
    qInfo("  -> %s", qPrintable(set.out.trimmed()));
    places = placeRows(path, event);
    QCOMPARE(places.size(), 6);
    QCOMPARE(places.first()[1], last);
    QVERIFY2(places.first()[3].contains(QStringLiteral("set by hand: ") + reason),
             qPrintable(places.first()[3]));
    QCOMPARE(places[1][1], first);
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM audit_log WHERE action = 'play-place'"), 1);

    // Place 1 is taken by hand now: another unit cannot have it.
    const Snapshot withHand = snapshot(path);
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("place"), path, event,
                    {first, QStringLiteral("1"), QStringLiteral("--reason"), QStringLiteral("Ruling")}),
        2, QStringLiteral("place 1 is set by hand for Player %1").arg(last), path, withHand));

    // Applied: the results hold the place set by hand.
    QCOMPARE(playCommand(QStringLiteral("places"), path, event, {QStringLiteral("--apply")}).status, 0);
    {
        const auto store = openStoppedStore(path, true);
        QCOMPARE(store->entrant(event, last.toInt())->place, std::optional<int>(1));
    }
    // Cleared: the play's place again.
    const CliRun cleared =
        playCommand(QStringLiteral("place"), path, event, {last, QStringLiteral("--clear")});
    QVERIFY2(cleared.status == 0, qPrintable(cleared.err));
    places = placeRows(path, event);
    QCOMPARE(places.last()[1], last);
    QVERIFY(!places.last()[3].contains(QStringLiteral("set by hand")));
}

void TestCliPlayEdits::rateFromGames()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rate.sqlite"));
    const QString event = roundRobin(path, 6);
    QVERIFY(!event.isEmpty());
    std::uint64_t random = 3;
    // Not finished: --rate-from-games refused, nothing written.
    const Snapshot empty = snapshot(path);
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("places"), path, event,
                                         {QStringLiteral("--apply"), QStringLiteral("--rate-from-games")}),
                             2, QStringLiteral("not"), path, empty));
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("places"), path, event, {QStringLiteral("--rate-from-games")}), 64,
        QStringLiteral("--rate-from-games is for play places --apply"), path, empty));
    QVERIFY(enterWaiting(path, event, dir.path(), random));
    for (int i = 0; i < 5 && !storedPlay(path, event).placesFinal; ++i) {
        const play::PlayState state = storedPlay(path, event);
        QCOMPARE(shootOut(path, event, state, state.placeTies.front(), state.placeTies.front().units).status,
                 0);
    }
    const play::PlayState state = storedPlay(path, event);
    QVERIFY(state.placesFinal);
    int level = 0;
    for (const play::RatedGame& game : play::ratedGames(state))
        level += game.level ? 1 : 0;
    {
        const auto store = openStoppedStore(path);
        store->setEventStatus(event, core::EventStatus::Finished);
    }

    // Rated from its places: no games.
    const CliRun places = playCommand(QStringLiteral("places"), path, event, {QStringLiteral("--apply")});
    QVERIFY2(places.status == 0, qPrintable(places.err));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM games"), 0);
    const CliRun fromPlaces = cli({QStringLiteral("rate"), QStringLiteral("--db"), path});
    QVERIFY2(fromPlaces.status == 0, qPrintable(fromPlaces.err));

    // Rated from its games: the 15 games, a level one a draw; `rate` rates them, not the places.
    const CliRun games = playCommand(QStringLiteral("places"), path, event,
                                     {QStringLiteral("--apply"), QStringLiteral("--rate-from-games")});
    QVERIFY2(games.status == 0, qPrintable(games.err));
    qInfo("  -> %s", qPrintable(games.err.trimmed()));
    QVERIFY(games.err.contains(QStringLiteral("15 games written")));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM games"), 15);
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM games WHERE winner = 'draw'"), level);
    QCOMPARE(queryInteger(path, "SELECT COUNT(DISTINCT place) FROM standings"), 6);
    const CliRun fromGames = cli({QStringLiteral("rate"), QStringLiteral("--db"), path});
    QVERIFY2(fromGames.status == 0, qPrintable(fromGames.err));
    QCOMPARE(parseCsv(fromGames.out).size(), 7); // the six players on the event's date
    QVERIFY(fromGames.out != fromPlaces.out);
    // The export's history folder carries the games.
    const QString exported = dir.filePath(QStringLiteral("event.json"));
    const CliRun exportRun = cli({QStringLiteral("export-event"), event, QStringLiteral("-o"), exported,
                                  QStringLiteral("--db"), path});
    QVERIFY2(exportRun.status == 0, qPrintable(exportRun.err));
    const QList<QStringList> gameRows =
        parseCsv(readText(dir.filePath(QStringLiteral("event-history/games.csv"))));
    QCOMPARE(gameRows.size(), 16);
    QCOMPARE(gameRows.first(),
             (QStringList{QStringLiteral("event_id"), QStringLiteral("game"), QStringLiteral("side_a"),
                          QStringLiteral("side_b"), QStringLiteral("winner")}));

    // --apply without the flag again: rated from its places, the games taken out.
    const CliRun back = playCommand(QStringLiteral("places"), path, event, {QStringLiteral("--apply")});
    QVERIFY2(back.status == 0, qPrintable(back.err));
    QVERIFY(back.err.contains(QStringLiteral("rated from its places")));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM games"), 0);
    QCOMPARE(cli({QStringLiteral("rate"), QStringLiteral("--db"), path}).out, fromPlaces.out);
}

// docs/play.md's "Shoot-outs, withdrawals and places by hand": four players in one round robin on two
// boards, Player 4 leaving after round 1, Players 1 and 2 level on everything, a shoot-out, a place
// set by hand, the event rated from its games.
void TestCliPlayEdits::theDocumentsExample()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("club.sqlite"));
    const QString event = makeEvent(path, 4);
    const auto say = [](const CliRun& run) {
        qInfo("%s%s", qPrintable(run.err), qPrintable(run.out));
        return run;
    };
    QCOMPARE(say(playCommand(QStringLiteral("format"), path, event,
                             {QStringLiteral("--template"), QStringLiteral("One round robin"),
                              QStringLiteral("--boards"), QStringLiteral("2"), QStringLiteral("--seed"),
                              QStringLiteral("7")}))
                 .status,
             0);
    const CliRun draw = say(playCommand(QStringLiteral("draw"), path, event));
    // The draw of docs/play.md's example day: round 1 is 1-4 and 2-3, round 2 2-1 and 3-4, round 3
    // 1-3 and 4-2.
    QVERIFY(draw.out.contains(QStringLiteral("s0.g0.r0.m0.n0,1,Round robin,1,1,1,1,Player 1,4,Player 4")));
    QVERIFY(draw.out.contains(QStringLiteral("s0.g0.r2.m1.n0,1,Round robin,3,2,1,4,Player 4,2,Player 2")));
    const QString round1 = dir.filePath(QStringLiteral("round1.csv"));
    QVERIFY(
        writeFile(round1, "round,board,points_a,points_b,twenties_a,twenties_b\n1,1,6,2,3,1\n1,2,6,2,3,1\n"));
    QCOMPARE(say(playCommand(QStringLiteral("scores"), path, event, {round1})).status, 0);
    const Snapshot before = snapshot(path);
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("withdraw"), path, event,
                                         {QStringLiteral("4"), QStringLiteral("--stage"), QStringLiteral("1"),
                                          QStringLiteral("--round"), QStringLiteral("1")}),
                             2, QStringLiteral("has a score in stage 1, round 1"), path, before));
    const CliRun withdrawn =
        say(playCommand(QStringLiteral("withdraw"), path, event,
                        {QStringLiteral("4"), QStringLiteral("--stage"), QStringLiteral("1"),
                         QStringLiteral("--round"), QStringLiteral("2")}));
    QVERIFY(withdrawn.out.contains(QStringLiteral("2 of its games are walkovers")));
    const QString rest = dir.filePath(QStringLiteral("rest.csv"));
    QVERIFY(
        writeFile(rest, "round,board,points_a,points_b,twenties_a,twenties_b\n2,1,4,4,2,2\n3,1,8,0,0,0\n"));
    QCOMPARE(say(playCommand(QStringLiteral("scores"), path, event, {rest})).status, 0);
    const Snapshot tied = snapshot(path);
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("shoot-out"), path, event,
                    {QStringLiteral("--stage"), QStringLiteral("1"), QStringLiteral("2,3")}),
        2, QStringLiteral("Level there now: Player 1 (entrant 1), Player 2 (entrant 2)"), path, tied));
    QCOMPARE(say(playCommand(QStringLiteral("shoot-out"), path, event,
                             {QStringLiteral("--stage"), QStringLiteral("1"), QStringLiteral("2,1")}))
                 .status,
             0);
    QVERIFY(refusedUnchanged(
        playCommand(QStringLiteral("place"), path, event, {QStringLiteral("3"), QStringLiteral("2")}), 64,
        QStringLiteral("--reason"), path, snapshot(path)));
    QCOMPARE(say(playCommand(QStringLiteral("place"), path, event,
                             {QStringLiteral("3"), QStringLiteral("2"), QStringLiteral("--reason"),
                              QStringLiteral("Referee's ruling: board 2, round 3")}))
                 .status,
             0);
    const CliRun places = say(playCommand(QStringLiteral("places"), path, event,
                                          {QStringLiteral("--apply"), QStringLiteral("--rate-from-games")}));
    QCOMPARE(places.status, 0);
    const QList<QStringList> rows = placeRows(path, event);
    QCOMPARE(rows.size(), 4);
    QCOMPARE(
        (QStringList{rows[0][1], rows[1][1], rows[2][1], rows[3][1]}),
        (QStringList{QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("1"), QStringLiteral("4")}));
    QVERIFY(rows[3][3].contains(QStringLiteral("withdrew during play")));
    QCOMPARE(queryInteger(path, "SELECT COUNT(*) FROM games"), 4); // the walkovers are not games

    // The shoot-out's order given again, corrected: the tie is broken the other way.
    const CliRun corrected =
        say(playCommand(QStringLiteral("shoot-out"), path, event,
                        {QStringLiteral("--stage"), QStringLiteral("1"), QStringLiteral("1,2")}));
    QCOMPARE(corrected.status, 0);
    const QList<QStringList> again = placeRows(path, event);
    QCOMPARE(
        (QStringList{again[0][1], again[1][1], again[2][1], again[3][1]}),
        (QStringList{QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("2"), QStringLiteral("4")}));
}

void TestCliPlayEdits::usageErrors()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("usage.sqlite"));
    const QString event = roundRobin(path, 4);
    QVERIFY(!event.isEmpty());
    const Snapshot before = snapshot(path);
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("withdraw"), path, event), 64,
                             QStringLiteral("play withdraw needs DB EVENT UNIT"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("place"), path, event, {QStringLiteral("1")}), 64,
                             QStringLiteral("play place needs DB EVENT UNIT PLACE"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("draw"), path, event, {QStringLiteral("--clear")}),
                             64, QStringLiteral("--clear is for"), path, before));
    QVERIFY(
        refusedUnchanged(playCommand(QStringLiteral("place"), path, event,
                                     {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("--stage"),
                                      QStringLiteral("1"), QStringLiteral("--reason"), QStringLiteral("x")}),
                         64, QStringLiteral("play place takes no --stage"), path, before));
    QVERIFY(refusedUnchanged(playCommand(QStringLiteral("shoot-out"), path, event,
                                         {QStringLiteral("--stage"), QStringLiteral("1"),
                                          QStringLiteral("1,2"), QStringLiteral("3")}),
                             64, QStringLiteral("unexpected argument '3'"), path, before));
    // --help lists the new commands.
    const CliRun help = cli({QStringLiteral("play"), QStringLiteral("--help")});
    QCOMPARE(help.status, 0);
    for (const char* command : {"shoot-out DB EVENT --stage S", "withdraw DB EVENT UNIT --stage S --round R",
                                "place DB EVENT UNIT PLACE --reason TEXT", "--rate-from-games"})
        QVERIFY2(help.out.contains(QLatin1String(command)), command);
}

QTEST_GUILESS_MAIN(TestCliPlayEdits)
#include "tst_cliplayedits.moc"
