// Every place that shows or posts an event's Field-Weighted Points takes them from the one payout
// path (core/awards/payout.h) and the one lock of the month (core/records/monthlock.h), so they agree
// exactly: the morning preview, the award, the recompute comparison, the player page, `points --db`,
// `standings --db` and `payout` on the same field. Random singles, doubles and experimental events
// (a fixed seed per row) on a real database holding the NCA history of tests/data.

#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../core/clitestsupport.h"
#include "core/awards/awarding.h"
#include "core/awards/monthlocks.h"
#include "core/awards/payout.h"
#include "core/records/monthlock.h"
#include "core/store/store.h"
#include "models/eventday/entrantlistmodel.h"
#include "widgets/eventday/entrantspanel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/ratings/playerpage.h"
#include "models/ratings/recomputejob.h"

#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <map>
#include <optional>

using namespace flickdesk;

namespace {

QString ncaHistory()
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR)).filePath(QStringLiteral("nca-history"));
}

// The database at `path`, its clock stopped on Saturday 6 December 2025, after the history.
// The rows of a CSV text after its header, split at commas (no field here is quoted).
std::vector<QStringList> csvRows(const QString& text)
{
    std::vector<QStringList> rows;
    const QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    for (const QString& line : lines) {
        if (!line.startsWith(u'#'))
            rows.push_back(line.split(u','));
    }
    if (!rows.empty())
        rows.erase(rows.begin()); // the header
    return rows;
}

QString tenths(double points)
{
    return QString::asprintf("%.1f", points);
}

} // namespace

class TestPayoutAgreement : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyPathPaysTheSame_data();
    void everyPathPaysTheSame();
    void importedListIsTheLock();

private:
    QTemporaryDir m_template;
    QString m_historyDatabase;
};

void TestPayoutAgreement::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_template.isValid());
    m_historyDatabase = m_template.filePath(QStringLiteral("history.sqlite"));
    const auto store = testing::openStoppedStore(m_historyDatabase);
    QVERIFY(store);
    QVERIFY(store->importHistory(ncaHistory()).ok());
}

void TestPayoutAgreement::everyPathPaysTheSame_data()
{
    QTest::addColumn<engine::EventFormat>("format");
    QTest::addColumn<bool>("experimental");
    QTest::addColumn<double>("cap"); // below 0: none stored (an imported event), the proposed 1.00
    QTest::addColumn<quint32>("seed");

    const auto singles = engine::EventFormat::Singles;
    const auto doubles = engine::EventFormat::Doubles;
    QTest::newRow("singles") << singles << false << -1.0 << 11u;
    QTest::newRow("singles, another field") << singles << false << -1.0 << 12u;
    QTest::newRow("doubles") << doubles << false << -1.0 << 21u;
    QTest::newRow("doubles, another field") << doubles << false << -1.0 << 22u;
    QTest::newRow("experimental singles, no cap stored") << singles << true << -1.0 << 31u;
    QTest::newRow("experimental singles, cap 0.5") << singles << true << 0.5 << 32u;
    QTest::newRow("experimental doubles, no cap stored") << doubles << true << -1.0 << 41u;
    QTest::newRow("experimental doubles, cap 0.7") << doubles << true << 0.7 << 42u;
}

void TestPayoutAgreement::everyPathPaysTheSame()
{
    QFETCH(engine::EventFormat, format);
    QFETCH(bool, experimental);
    QFETCH(double, cap);
    QFETCH(quint32, seed);
    const bool isDoubles = format == engine::EventFormat::Doubles;

    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString path = temp.filePath(QStringLiteral("agreement.sqlite"));
    QVERIFY(QFile::copy(m_historyDatabase, path));
    auto store = testing::openStoppedStore(path);
    QVERIFY(store);

    // The field: the strongest players of the history for an experimental event (so that the cap
    // lowers its FSI), random ones otherwise, and a newcomer the lock has never seen (N6).
    QRandomGenerator random(seed);
    const QString date = QStringLiteral("2026-01-17");
    QStringList candidates = testing::recentPlayers(*store, 160);
    {
        const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(date);
        std::stable_sort(candidates.begin(), candidates.end(),
                         [&lock](const QString& a, const QString& b) { return lock.muOf(a) > lock.muOf(b); });
    }
    if (!experimental)
        std::shuffle(candidates.begin(), candidates.end(), random);
    const int units = 12 + static_cast<int>(random.bounded(30));
    const int perUnit = isDoubles ? 2 : 1;
    QStringList pool = candidates.mid(0, std::max<qsizetype>(60, units * perUnit));
    for (qsizetype i = pool.size() - 1; i > 0; --i)
        pool.swapItemsAt(i, static_cast<qsizetype>(random.bounded(static_cast<quint32>(i + 1))));
    pool = pool.mid(0, units * perUnit - 1);
    pool.insert(static_cast<qsizetype>(random.bounded(static_cast<quint32>(pool.size() + 1))),
                QStringLiteral("NEWCOMER-1"));

    core::EventRecord event;
    event.id = QStringLiteral("AGREE-%1").arg(seed);
    event.date = date;
    event.name = QStringLiteral("Agreement Open %1").arg(seed);
    event.format = format;
    event.group = QStringLiteral("NCA");
    event.tour = core::Tour::Competitive;
    event.tier = 1 + static_cast<int>(random.bounded(3));
    event.season = QStringLiteral("AGREE-%1").arg(seed); // the only event of its season
    event.experimental = experimental;
    if (cap >= 0.0)
        event.experimentalCap = cap;
    event.status = core::EventStatus::Finished;
    std::vector<core::PlayerRecord> players;
    for (int u = 0; u < units; ++u) {
        core::UnitRecord unit;
        unit.number = u + 1;
        unit.place = u + 1; // shuffled players: a random finishing order
        for (int k = 0; k < perUnit; ++k) {
            unit.playerIds.append(pool[u * perUnit + k]);
            players.push_back({pool[u * perUnit + k], {}, {}, {}});
        }
        // DECISIONS P3: a unit that withdrew after starting stays in the field and is placed.
        if (u == units / 2)
            unit.status = core::EntrantStatus::Withdrawn;
        event.units.push_back(unit);
    }
    store->addEvent(event, players);

    // 1. The morning preview, as the window computes it.
    engine::PayoutTable preview;
    {
        ui::EventSession session(*store, event.id);
        QVERIFY(testing::waitForRatings(session));
        preview = session.payoutPreview()->table();
    }
    QCOMPARE(preview.fieldSize, units);
    if (experimental) {
        QVERIFY(preview.capApplied); // the cap binds: a missing cap would show other numbers
        QCOMPARE(*preview.experimentalCap, cap >= 0.0 ? cap : engine::proposedExperimentalCap);
    }

    // 2. The player page of three players, before the award: what the lock of the month pays.
    std::map<QString, double> pagePoints;
    {
        ui::PlayerPage page(*store);
        for (const int u : {0, units / 2, units - 1}) {
            const QString id = pool[u * perUnit];
            if (id == QLatin1String("NEWCOMER-1"))
                continue;
            page.setPlayer(id);
            QTRY_VERIFY_WITH_TIMEOUT(page.ratingRun() != nullptr, 60000);
            for (const ui::PlayerEventRow& row : page.model()->rows()) {
                if (row.eventId == event.id && row.points)
                    pagePoints[id] = *row.points;
            }
        }
    }
    QVERIFY(!pagePoints.empty());

    // 3. `points --db` and `standings --db`, in-process through runCli.
    const testing::CliRun points = testing::run({QStringLiteral("points"), QStringLiteral("--db"), path});
    QVERIFY2(points.status == 0, qPrintable(points.err));
    const testing::CliRun standings =
        testing::run({QStringLiteral("standings"), QStringLiteral("--db"), path, QStringLiteral("--season"),
                      event.season, QStringLiteral("--division"), QStringLiteral("competitive")});
    QVERIFY2(standings.status == 0, qPrintable(standings.err));

    // 4. `payout` of the same field (the units that began, in finishing order), as a process.
    const core::MonthLockRatings lock = core::MonthLocks(*store).lockFor(date);
    QString field = isDoubles ? QStringLiteral("mu_a,mu_b\n") : QStringLiteral("mu\n");
    for (const core::UnitRecord& unit : event.units) {
        QStringList mus;
        for (const QString& id : unit.playerIds)
            mus.append(QString::number(lock.muOf(id), 'g', 17));
        field += mus.join(u',') + u'\n';
    }
    const QString fieldFile = temp.filePath(QStringLiteral("field.csv"));
    {
        QFile file(fieldFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(field.toUtf8());
    }
    QStringList payoutArgs{QStringLiteral("payout"), QStringLiteral("--format"),
                           isDoubles ? QStringLiteral("doubles") : QStringLiteral("singles"),
                           QStringLiteral("--tier"), QString::number(*event.tier)};
    if (const std::optional<double> paidCap = core::experimentalCapOf(experimental, event.experimentalCap))
        payoutArgs << QStringLiteral("--experimental-cap") << QString::number(*paidCap, 'g', 17);
    payoutArgs << fieldFile;
    const testing::CliRun payout = testing::runProcess(payoutArgs);
    QVERIFY2(payout.status == 0, qPrintable(payout.err));

    // 5. The award.
    const core::AwardRecord award = core::awardEvent(*store, event.id);
    std::map<QString, double> awarded;
    std::map<int, double> byPlace;
    for (const core::PlayerAward& a : award.awards) {
        awarded[a.playerId] = a.points;
        byPlace[a.place] = a.points;
    }
    QCOMPARE(static_cast<int>(byPlace.size()), units);

    // 6. The recompute comparison of the awarded event with the same lock.
    ui::RecomputeJob job(
        ui::RecomputeJob::readInput(*store, ui::RecomputeJob::Mode::Full, QDate(2026, 2, 1)));
    job.run();
    QVERIFY(job.result());
    const auto difference =
        std::find_if(job.result()->lockDifferences.begin(), job.result()->lockDifferences.end(),
                     [&event](const ui::LockDifference& d) { return d.eventId == event.id; });
    QVERIFY(difference != job.result()->lockDifferences.end());

    // They all agree with the award, exactly.
    QCOMPARE(preview.fieldStrengthIndex, award.fsi);
    QCOMPARE(preview.fieldDepthIndex, award.fdi);
    for (int place = 1; place <= units; ++place)
        QCOMPARE(preview.awards[static_cast<std::size_t>(place - 1)], byPlace.at(place));

    for (const auto& [id, shown] : pagePoints)
        QCOMPARE(shown, awarded.at(id));

    int pointsRows = 0;
    for (const QStringList& row : csvRows(points.out)) {
        if (row.value(0) != event.id)
            continue;
        ++pointsRows;
        QCOMPARE(row.value(3), QString::asprintf("%.3f", award.fsi));
        QCOMPARE(row.value(4), QString::asprintf("%.3f", award.fdi));
        QCOMPARE(row.value(5), tenths(awarded.at(row.value(2))));
    }
    QCOMPARE(pointsRows, units * perUnit);

    int standingsRows = 0;
    for (const QStringList& row : csvRows(standings.out)) {
        ++standingsRows;
        QCOMPARE(row.value(2), tenths(awarded.at(row.value(1))));
    }
    QCOMPARE(standingsRows, units * perUnit);

    QVERIFY(payout.out.contains(QString::asprintf("# FSI %.3f\n", award.fsi)));
    QVERIFY(payout.out.contains(QString::asprintf("# FDI %.3f\n", award.fdi)));
    const std::vector<QStringList> payoutRows = csvRows(payout.out);
    QCOMPARE(static_cast<int>(payoutRows.size()), units);
    for (const QStringList& row : payoutRows)
        QCOMPARE(row.value(1), tenths(byPlace.at(row.value(0).toInt())));

    QCOMPARE(difference->newFsi, award.fsi);
    QCOMPARE(difference->newFdi, award.fdi);
    QCOMPARE(difference->newWinnerPoints, byPlace.at(1));
}

void TestPayoutAgreement::importedListIsTheLock()
{
    QTemporaryDir temp;
    QVERIFY(temp.isValid());
    const QString path = temp.filePath(QStringLiteral("imported.sqlite"));
    QVERIFY(QFile::copy(m_historyDatabase, path));
    auto store = testing::openStoppedStore(path);
    QVERIFY(store);
    const QStringList ids = testing::recentPlayers(*store, 20);

    // Without a list, the lock of a month is computed from the stored history and stored as it is
    // first used; the preview says so.
    const QString computedId = store->createEvent(testing::draftOn(QStringLiteral("2026-02-14")));
    for (const QString& id : ids)
        store->addEntrant(computedId, {id}, core::EntrantStatus::Started);
    {
        ui::EventSession session(*store, computedId);
        QVERIFY(testing::waitForRatings(session));
        ui::EntrantsPanel panel;
        panel.setSession(&session);
        const auto* label = panel.findChild<QLabel*>(QStringLiteral("lockSource"));
        QVERIFY(label);
        const auto rated = static_cast<int>(store->loadHistory().history.events.size());
        QCOMPARE(
            label->text(),
            QStringLiteral("Locked ratings: computed from %1 stored events").arg(QLocale().toString(rated)));
        QVERIFY(!label->isHidden());
    }
    QCOMPARE(store->lockRatings(QStringLiteral("2026-02")).empty(), false);
    const core::MonthLockRatings computed = core::MonthLocks(*store).lockFor(QStringLiteral("2026-02"));
    QCOMPARE(computed.source, core::MonthLockRatings::Source::Computed);

    // An NCA list imported for a month is that month's lock: for the preview, the award and the
    // player page alike, whatever the stored history says.
    std::vector<core::RatingListEntry> list;
    for (int i = 0; i < ids.size(); ++i)
        list.push_back({ids[i], QString(), 3.0 - 0.1 * i, 0.5, i + 2});
    const core::RatingsImportReport report =
        store->importRatings(list, QStringLiteral("2026-03"), false, QStringLiteral("nca-2026-03.csv"));
    QVERIFY(report.defects.empty());
    const QString eventId = store->createEvent(testing::draftOn(QStringLiteral("2026-03-14")));
    for (const QString& id : ids)
        store->addEntrant(eventId, {id}, core::EntrantStatus::Started);
    {
        ui::EventSession session(*store, eventId);
        QVERIFY(testing::waitForRatings(session));
        ui::EntrantsPanel panel;
        panel.setSession(&session);
        const auto* label = panel.findChild<QLabel*>(QStringLiteral("lockSource"));
        QVERIFY(label);
        QCOMPARE(
            label->text(),
            QStringLiteral("Locked ratings: NCA list for 2026-03, %1 players").arg(QLocale().toString(20)));
        QCOMPARE(session.lockedRatings().muOf(ids[0]), 3.0);
    }
    std::vector<core::Placing> standings;
    for (int unit = 1; unit <= ids.size(); ++unit)
        standings.push_back({unit, unit});
    store->setStandings(eventId, standings);
    store->setEventStatus(eventId, core::EventStatus::Finished);
    const core::AwardRecord award = core::awardEvent(*store, eventId);
    QCOMPARE(award.lockMonth, QStringLiteral("2026-03"));
    for (const core::LockedRating& rating : award.ratings) {
        const auto at = std::find(ids.begin(), ids.end(), rating.playerId) - ids.begin();
        QCOMPARE(rating.mu, 3.0 - 0.1 * static_cast<double>(at));
    }
    // DECISIONS P4: 20 players of mean 2.05: FSI 2.05 / 3.3.
    QVERIFY(std::abs(award.fsi - (3.0 + 1.1) / 2.0 / 3.3) < 1e-12);

    // `points --db` pays the event from the same list.
    std::map<QString, double> awarded;
    for (const core::PlayerAward& a : award.awards)
        awarded[a.playerId] = a.points;
    const testing::CliRun points = testing::run({QStringLiteral("points"), QStringLiteral("--db"), path});
    QVERIFY2(points.status == 0, qPrintable(points.err));
    int rows = 0;
    for (const QStringList& row : csvRows(points.out)) {
        if (row.value(0) != eventId)
            continue;
        ++rows;
        QCOMPARE(row.value(3), QString::asprintf("%.3f", award.fsi));
        QCOMPARE(row.value(5), tenths(awarded.at(row.value(2))));
    }
    QCOMPARE(rows, 20);

    // A rating run keeps an imported list: it stays the month's lock.
    QVERIFY(store->importRatings(list, QStringLiteral("2026-04"), false, QStringLiteral("nca-2026-04.csv"))
                .defects.empty());
    const std::vector<core::LockedRating> listed = store->lockRatings(QStringLiteral("2026-04"));
    const core::RatingRunReport run =
        store->storeRatingRun({}, store->historyFingerprint(), 1, true,
                              {core::ComputedLock{QStringLiteral("2026-04"), {{ids[0], 1.0, 1.0}}, {}}});
    QCOMPARE(run.kept, QStringList{QStringLiteral("2026-04")});
    QCOMPARE(store->lockRatings(QStringLiteral("2026-04")), listed);
    QCOMPARE(core::MonthLocks(*store).lockFor(QStringLiteral("2026-04-11")).muOf(ids[0]), 3.0);
}

QTEST_MAIN(TestPayoutAgreement)
#include "tst_payoutagreement.moc"
