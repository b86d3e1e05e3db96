// flickdesk-cli's identity corrections (DECISIONS D1a), run as the real executable
// (FLICKDESK_CLI_PATH) on a database with two awarded Tour events: edit-player corrects a name and
// a location; merge-player merges a local player entered as new into the player they really are,
// or gives them the association's id, after the award, without changing a point, and the standings
// count the merged record; a merge of two players of one event is refused with exit status 2,
// naming it; each is in the audit log; usage errors and --help.
#include "../common/storefixtures.h"
#include "clitestsupport.h"
#include "core/awards/awarding.h"
#include "core/awards/tourpoints.h"
#include "cli/cli.h"
#include "core/store/store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <map>

using namespace flickdesk;
using namespace flickdesk::testing;
using core::EntrantStatus;

namespace {

const QString season = QStringLiteral("16");

// Awards `eventId` as the window does: Tour points from its month's lock.
void awardFromLock(core::Store& store, const QString& eventId)
{
    const core::HistoryFolder folder = store.loadHistory();
    const core::TourPoints points = core::computeTourPoints(
        folder, {}, [&eventId](const core::EventInfo& info) { return info.eventId == eventId; }, {}, 1);
    QVERIFY(points.defects.empty());
    QCOMPARE(points.events.size(), std::size_t{1});
    store.award(eventId, core::awardRecordOf(folder, points.events.front(), points.locks));
}

// A finished Tour event of `players`, placed in that order, awarded.
QString awardedEvent(core::Store& store, const QString& date, const QStringList& players)
{
    const QString event = store.createEvent(draftOn(date, engine::EventFormat::Singles, 3, season));
    std::vector<core::Placing> places;
    for (const QString& player : players) {
        const int unit = store.addEntrant(event, {player}, EntrantStatus::Started);
        places.push_back({unit, static_cast<int>(places.size()) + 1});
    }
    store.setStandings(event, places);
    store.setEventStatus(event, core::EventStatus::Finished);
    awardFromLock(store, event);
    return event;
}

struct Fixture {
    QString path;
    QString bo;    // 1001, the association's
    QString cy;    // 1002
    QString ann;   // local
    QString twice; // local: Bo entered again as new
    QString first;
    QString second;
};

// Bo wins the first event; a week later Bo, entered as new, finishes second to Cy.
Fixture makeDatabase(const QTemporaryDir& dir)
{
    Fixture fixture;
    fixture.path = dir.filePath(QStringLiteral("tour.sqlite"));
    const auto store = openStoppedStore(fixture.path);
    if (!store)
        return fixture;
    fixture.bo = store->addPlayer(QStringLiteral("Bo Lee"), QStringLiteral("Elora"), QStringLiteral("1001"));
    fixture.cy = store->addPlayer(QStringLiteral("Cy Park"), {}, QStringLiteral("1002"));
    fixture.ann = store->addPlayer(QStringLiteral("Ann Smiht"), QStringLiteral("Guelph"));
    fixture.twice = store->addPlayer(QStringLiteral("Bo Lee"), {});
    fixture.first = awardedEvent(*store, QStringLiteral("2026-01-10"), {fixture.bo, fixture.ann, fixture.cy});
    fixture.second =
        awardedEvent(*store, QStringLiteral("2026-02-07"), {fixture.cy, fixture.twice, fixture.ann});
    return fixture;
}

// The lines of a command's report but the daily backup's (the first write of a day makes one).
qsizetype summaryLines(const QString& err)
{
    qsizetype lines = 0;
    for (const QString& line : err.split(u'\n', Qt::SkipEmptyParts))
        lines += line.contains(QStringLiteral("backed up the database")) ? 0 : 1;
    return lines;
}

QStringList cli(const Fixture& fixture, const QStringList& args)
{
    return QStringList{QStringLiteral("--db"), fixture.path} + args;
}

// player id -> the number of events the season's competitive standings count for them, read by
// `flickdesk-cli standings` (which computes the points again from the locks; the window's standings
// count the awards as frozen, tests/ui/tst_playerdialog.cpp checks their totals).
std::map<QString, QString> standings(const Fixture& fixture)
{
    std::map<QString, QString> totals;
    const CliRun run =
        runProcess(cli(fixture, {QStringLiteral("standings"), QStringLiteral("--season"), season,
                                 QStringLiteral("--division"), QStringLiteral("competitive")}));
    if (run.status != core::cli_exit::ok) {
        qWarning("%s", qPrintable(run.err));
        return totals;
    }
    const QList<QStringList> rows = parseCsv(run.out);
    for (qsizetype i = 1; i < rows.size(); ++i)
        totals[rows[i].value(1)] = rows[i].value(3);
    return totals;
}

// Every award of every event as "event place points" and every event's FSI and FDI: what no
// correction of an id may change (DECISIONS P2).
QStringList frozenFigures(const QString& path)
{
    const auto store = openStoppedStore(path, true);
    QStringList figures;
    for (const core::EventSummary& event : store->events()) {
        const std::optional<core::AwardRecord> award = store->currentAward(event.id);
        if (!award)
            continue;
        figures.append(QStringLiteral("%1 FSI %2 FDI %3").arg(event.id).arg(award->fsi).arg(award->fdi));
        for (const core::PlayerAward& each : award->awards)
            figures.append(QStringLiteral("%1 %2 %3").arg(event.id).arg(each.place).arg(each.points));
    }
    figures.sort();
    return figures;
}

QJsonObject lastAudit(const QString& path, const QString& action)
{
    const auto store = openStoppedStore(path, true);
    const std::vector<core::AuditEntry> log = store->auditLog();
    for (auto entry = log.rbegin(); entry != log.rend(); ++entry) {
        if (entry->action == action)
            return QJsonDocument::fromJson(entry->details.toUtf8()).object();
    }
    return {};
}

} // namespace

class TestCliPlayers : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void editPlayerCorrectsNameAndLocation();
    void mergeAfterAwardCountsTheMergedRecord();
    void localPlayerTakesTheAssociationsId();
    void refusalsExitTwoAndChangeNothing();
    void usageAndHelp();
};

void TestCliPlayers::editPlayerCorrectsNameAndLocation()
{
    QTemporaryDir dir;
    const Fixture fixture = makeDatabase(dir);
    QVERIFY(!fixture.second.isEmpty());
    const CliRun run = runProcess(cli(fixture, {QStringLiteral("edit-player"), fixture.ann,
                                                QStringLiteral("--name"), QStringLiteral("Ann Smith"),
                                                QStringLiteral("--location"), QStringLiteral("Fergus, ON")}));
    QCOMPARE(run.status, core::cli_exit::ok);
    QVERIFY2(summaryLines(run.err) == 1, qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("'Ann Smith'")) &&
                 run.err.contains(QStringLiteral("'Ann Smiht'")),
             qPrintable(run.err));
    {
        const auto store = openStoppedStore(fixture.path, true);
        QCOMPARE(store->player(fixture.ann)->name, QStringLiteral("Ann Smith"));
        QCOMPARE(store->player(fixture.ann)->location, QStringLiteral("Fergus, ON"));
    }
    const QJsonObject audit = lastAudit(fixture.path, QStringLiteral("edit-player"));
    QCOMPARE(audit.value(QStringLiteral("player")).toString(), fixture.ann);
    QCOMPARE(audit.value(QStringLiteral("after")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("Ann Smith"));
    // Only the location: the name stays; an empty one removes the location.
    QCOMPARE(runProcess(cli(fixture, {QStringLiteral("edit-player"), fixture.ann,
                                      QStringLiteral("--location"), QString()}))
                 .status,
             core::cli_exit::ok);
    const auto store = openStoppedStore(fixture.path, true);
    QCOMPARE(store->player(fixture.ann)->name, QStringLiteral("Ann Smith"));
    QCOMPARE(store->player(fixture.ann)->location, QString());
}

void TestCliPlayers::mergeAfterAwardCountsTheMergedRecord()
{
    QTemporaryDir dir;
    const Fixture fixture = makeDatabase(dir);
    QVERIFY(!fixture.second.isEmpty());
    const QStringList figures = frozenFigures(fixture.path);
    const std::map<QString, QString> before = standings(fixture);
    QVERIFY(before.count(fixture.bo) && before.count(fixture.twice));

    const CliRun run = runProcess(
        cli(fixture, {QStringLiteral("merge-player"), fixture.twice, QStringLiteral("--into"), fixture.bo}));
    QCOMPARE(run.status, core::cli_exit::ok);
    QVERIFY2(summaryLines(run.err) == 1, qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("merged into 1001")) && run.err.contains(fixture.second) &&
                 run.err.contains(QStringLiteral("no points changed")),
             qPrintable(run.err));

    // DECISIONS D1a: no award, FSI or FDI changes; the awards name Bo by his own id.
    QCOMPARE(frozenFigures(fixture.path), figures);
    {
        const auto store = openStoppedStore(fixture.path, true);
        QVERIFY(!store->player(fixture.twice));
        const core::AwardRecord award = *store->currentAward(fixture.second);
        QCOMPARE(award.awards.at(1).playerId, fixture.bo);
        QVERIFY(std::any_of(award.ratings.begin(), award.ratings.end(),
                            [&](const core::LockedRating& rating) { return rating.playerId == fixture.bo; }));
        QCOMPARE(store->entrant(fixture.second, 2)->playerIds(), QStringList{fixture.bo});
        QVERIFY(store->check().isEmpty());
    }
    // The standings count the merged record: Bo's two events under one id.
    QCOMPARE(before.at(fixture.bo), QStringLiteral("1"));
    const std::map<QString, QString> after = standings(fixture);
    QVERIFY(!after.count(fixture.twice));
    QCOMPARE(after.at(fixture.bo), QStringLiteral("2"));
    QCOMPARE(after.at(fixture.cy), before.at(fixture.cy));

    const QJsonObject audit = lastAudit(fixture.path, QStringLiteral("merge-player"));
    QCOMPARE(audit.value(QStringLiteral("player")).toString(), fixture.twice);
    QCOMPARE(audit.value(QStringLiteral("into")).toString(), fixture.bo);
    QCOMPARE(audit.value(QStringLiteral("events")).toArray(), QJsonArray{fixture.second});
    QCOMPARE(audit.value(QStringLiteral("awards")).toArray(),
             QJsonArray{fixture.second + QStringLiteral("/1")});
}

void TestCliPlayers::localPlayerTakesTheAssociationsId()
{
    QTemporaryDir dir;
    const Fixture fixture = makeDatabase(dir);
    QVERIFY(!fixture.second.isEmpty());
    const QStringList figures = frozenFigures(fixture.path);
    const std::map<QString, QString> before = standings(fixture);
    const CliRun run = runProcess(cli(fixture, {QStringLiteral("merge-player"), fixture.ann,
                                                QStringLiteral("--into"), QStringLiteral("1748")}));
    QCOMPARE(run.status, core::cli_exit::ok);
    QVERIFY2(run.err.contains(QStringLiteral("association's id 1748")) &&
                 run.err.contains(QStringLiteral("2 awards")),
             qPrintable(run.err));
    QCOMPARE(frozenFigures(fixture.path), figures);
    {
        const auto store = openStoppedStore(fixture.path, true);
        QVERIFY(!store->player(fixture.ann));
        QCOMPARE(store->player(QStringLiteral("1748"))->associationId, QStringLiteral("1748"));
        QCOMPARE(store->player(QStringLiteral("1748"))->name, QStringLiteral("Ann Smiht"));
        QCOMPARE(store->currentAward(fixture.first)->awards.at(1).playerId, QStringLiteral("1748"));
    }
    const std::map<QString, QString> after = standings(fixture);
    QVERIFY(!after.count(fixture.ann));
    QCOMPARE(after.at(QStringLiteral("1748")), before.at(fixture.ann));
    QCOMPARE(before.at(fixture.ann), QStringLiteral("2"));
    const QJsonObject audit = lastAudit(fixture.path, QStringLiteral("change-player-id"));
    QCOMPARE(audit.value(QStringLiteral("after")).toString(), QStringLiteral("1748"));
    QCOMPARE(audit.value(QStringLiteral("events")).toArray().size(), 2);
}

void TestCliPlayers::refusalsExitTwoAndChangeNothing()
{
    QTemporaryDir dir;
    const Fixture fixture = makeDatabase(dir);
    QVERIFY(!fixture.second.isEmpty());
    const QString before = dumpTables(fixture.path);
    // DECISIONS D1a: two players of one event are two people: refused, naming the event.
    CliRun run = runProcess(
        cli(fixture, {QStringLiteral("merge-player"), fixture.ann, QStringLiteral("--into"), fixture.bo}));
    QCOMPARE(run.status, core::cli_exit::inputDefects);
    QVERIFY2(run.err.contains(fixture.first), qPrintable(run.err));
    // The association's id is not merged away; an unknown player; a name taken away; a bad id.
    run = runProcess(
        cli(fixture, {QStringLiteral("merge-player"), fixture.bo, QStringLiteral("--into"), fixture.ann}));
    QCOMPARE(run.status, core::cli_exit::inputDefects);
    QVERIFY2(run.err.contains(QStringLiteral("local")), qPrintable(run.err));
    run = runProcess(cli(fixture, {QStringLiteral("merge-player"), QStringLiteral("L999"),
                                   QStringLiteral("--into"), fixture.bo}));
    QCOMPARE(run.status, core::cli_exit::inputDefects);
    QVERIFY2(run.err.contains(QStringLiteral("L999")), qPrintable(run.err));
    run = runProcess(
        cli(fixture, {QStringLiteral("edit-player"), fixture.bo, QStringLiteral("--name"), QString()}));
    QCOMPARE(run.status, core::cli_exit::inputDefects);
    QVERIFY2(run.err.contains(QStringLiteral("name")), qPrintable(run.err));
    run = runProcess(cli(fixture, {QStringLiteral("merge-player"), fixture.ann, QStringLiteral("--into"),
                                   QStringLiteral("17 48")}));
    QCOMPARE(run.status, core::cli_exit::inputDefects);
    QCOMPARE(dumpTables(fixture.path), before);
    // No database there: nothing is made.
    run = runProcess({QStringLiteral("--db"), dir.filePath(QStringLiteral("none.sqlite")),
                      QStringLiteral("edit-player"), fixture.ann, QStringLiteral("--name"),
                      QStringLiteral("X")});
    QCOMPARE(run.status, core::cli_exit::noDatabase);
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("none.sqlite"))));
}

void TestCliPlayers::usageAndHelp()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.sqlite"));
    QCOMPARE(runProcess({QStringLiteral("--db"), path, QStringLiteral("edit-player"), QStringLiteral("L1")})
                 .status,
             core::cli_exit::usage);
    QCOMPARE(runProcess({QStringLiteral("--db"), path, QStringLiteral("merge-player"), QStringLiteral("L1")})
                 .status,
             core::cli_exit::usage);
    QCOMPARE(
        runProcess({QStringLiteral("merge-player"), QStringLiteral("--into"), QStringLiteral("1")}).status,
        core::cli_exit::usage);
    const CliRun help = runProcess({QStringLiteral("--help")});
    QVERIFY(help.out.contains(QStringLiteral("edit-player")) &&
            help.out.contains(QStringLiteral("merge-player")));
    const CliRun merge = runProcess({QStringLiteral("merge-player"), QStringLiteral("--help")});
    QCOMPARE(merge.status, core::cli_exit::ok);
    QVERIFY(merge.out.contains(QStringLiteral("--into TO_ID")));
}

QTEST_GUILESS_MAIN(TestCliPlayers)
#include "tst_cliplayers.moc"
