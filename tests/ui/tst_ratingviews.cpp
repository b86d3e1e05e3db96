// Ratings, player pages, the background recompute, Tour standings and the Tier report
// (ui/widgets/{ratingslist,playerpage,recomputejob,recomputedialog,standingsview,tierreport}), on the
// NCA history imported into a temporary database. With FLICKDESK_SCREENSHOT_DIR set, screenshots
// of the views are saved there and checked not to be blank.
#include "../common/imagecheck.h"
#include "../common/storefixtures.h"
#include "core/awards/awarding.h"
#include "core/awards/tourpoints.h"
#include "cli/cli.h"
#include "core/formats/eventexchange.h"
#include "core/store/sqlite.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"
#include "flickdesk/engine/date.h"
#include "flickdesk/engine/flickskill.h"
#include "widgets/charts/curvechart.h"
#include "models/ratings/lockdifferencemodel.h"
#include "models/ratings/playereventsmodel.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"
#include "models/ratings/ratingslistmodel.h"
#include "widgets/ratings/recomputedialog.h"
#include "models/ratings/recomputejob.h"
#include "models/tour/standingsmodel.h"
#include "widgets/tour/standingsview.h"
#include "widgets/tour/tierreport.h"
#include "models/tour/tierreportmodel.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QItemSelectionModel>
#include <QJsonObject>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QThreadPool>
#include <QTimer>
#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <map>
#include <memory>

using namespace flickdesk;
using core::Store;
using ui::RatingsFilterModel;
using ui::RatingsListModel;

namespace {

QString dataPath(const QString& relative)
{
    return QDir(QStringLiteral(FLICKDESK_TEST_DATA_DIR)).filePath(relative);
}

QString screenshotDir()
{
    return qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
}

// The run the views must show: the engine over the stored history with the stored parameters.
struct EngineRun {
    core::HistoryFolder folder;
    engine::FlickSkillParameters parameters;
    engine::FlickSkillResult result;
};

EngineRun engineRun(Store& store)
{
    EngineRun run;
    run.folder = store.loadHistory();
    store.flickSkillParameters().applyTo(run.parameters);
    run.result = engine::rateHistory(run.folder.history, run.parameters);
    return run;
}

// rank,player_id,total,counted_events,note of `flickdesk-cli standings` by player id.
struct CliRow {
    int rank = 0;
    QString total;
    int counted = 0;
    QString note;
};

std::map<QString, CliRow> cliStandings(const QString& database, const QString& season,
                                       const QString& division, QString* error)
{
    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    const int status =
        core::runCli({QStringLiteral("standings"), QStringLiteral("--db"), database,
                      QStringLiteral("--season"), season, QStringLiteral("--division"), division},
                     outStream, errStream);
    outStream.flush();
    errStream.flush();
    *error = status == 0 ? QString() : err;
    std::map<QString, CliRow> rows;
    const QStringList lines = out.split(u'\n', Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        // The note may hold "; " but never a comma.
        const QStringList fields = lines[i].split(u',');
        if (fields.size() < 5)
            continue;
        rows[fields[1]] = {fields[0].toInt(), fields[2], fields[3].toInt(), fields[4]};
    }
    return rows;
}

// Every thread of `pool` held until release() (at the latest when it goes, or after 60 s): what
// is started on the pool meanwhile waits.
class PoolHold {
public:
    explicit PoolHold(QThreadPool* pool)
        : m_threads(pool->maxThreadCount())
    {
        std::shared_future<void> released = m_release.get_future().share();
        for (int k = 0; k < m_threads; ++k)
            pool->start([released, holding = m_holding] {
                ++*holding;
                released.wait_for(std::chrono::seconds(60));
            });
    }
    ~PoolHold() { release(); }
    bool allHeld() const { return m_holding->load() == m_threads; }
    void release()
    {
        if (!m_released) {
            m_release.set_value();
            m_released = true;
        }
    }

private:
    const int m_threads;
    std::promise<void> m_release;
    std::shared_ptr<std::atomic<int>> m_holding = std::make_shared<std::atomic<int>>(0);
    bool m_released = false;
};

} // namespace

class TestRatingViews : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void ratingsListEqualsEngineRun();
    void ratingsListFilters();
    void ratingsListSorting();
    void ratingsListKeepsItsOrderAndHighlightedPlayer();
    void ratingsCsvExportReimports();
    void expectedPlaceModel();

    void recomputeStoresRunWithProgress();
    void recomputeCancelledWritesNothing();
    void recomputeOfAnUnchangedHistoryRewritesNoLock();
    void recomputeComputesOnlyWhatChanged();
    void modelsPassTheTester();
    void droppedJobIsNotWaitedFor();
    void closingRecomputeWhileStoringDoesNotWait();
    void cancelledRecomputeKeepsTheLocksItStored();
    void tourViewsReadTheHistoryOffTheWindowThread();
    void tourViewsReuseStoredLocksAndStoreTheirOwn();
    void longWorkLeavesQtsOwnPoolFree();

    void playerPageRows();
    void playerPageExpectedPlaceLine();
    void playerPageNeverComputesALock();

    void standingsEqualTheCommand_data();
    void standingsEqualTheCommand();
    void standingsNameALeaderBeforeTheFinale_data();
    void standingsNameALeaderBeforeTheFinale();
    void curveDateAxisNamesEachMonthOnce_data();
    void curveDateAxisNamesEachMonthOnce();
    void finaleSettingIsStored();
    void standingsPdf();
    void tierReportEqualsPointsCommand();

    void awardedLocksKeptAndDifferencesShown();

    void screenshots();
    void quittingStopsTheTourViewsLocks(); // last: it quits for good

private:
    std::unique_ptr<Store> openStore();
    // A database of its own in the test's folder with the NCA history imported; null if that failed.
    std::unique_ptr<Store> openImportedStore(const QString& fileName);
    // A full recompute through the dialog, stored; the run it made.
    ui::RatingRunPtr recompute();

    QTemporaryDir m_temp;
    QString m_path;
    std::unique_ptr<Store> m_store;
};

void TestRatingViews::initTestCase()
{
    QVERIFY(m_temp.isValid());
    m_path = m_temp.filePath(QStringLiteral("flickdesk.sqlite"));
    m_store = openStore();
    QVERIFY(m_store);
    const core::ImportReport report = m_store->importHistory(dataPath(QStringLiteral("nca-history")));
    QVERIFY(report.ok());
    QCOMPARE(report.eventsAdded, 153);
}

void TestRatingViews::cleanupTestCase()
{
    // The locks the Tour views computed are stored in the pool: done before the database goes.
    QVERIFY(ui::backgroundPool()->waitForDone(120000));
    m_store.reset();
}

std::unique_ptr<Store> TestRatingViews::openImportedStore(const QString& fileName)
{
    core::StoreOptions options;
    options.path = m_temp.filePath(fileName);
    options.clock = testing::fixedClock(QDateTime(QDate(2025, 12, 10), QTime(9, 0), Qt::UTC));
    std::unique_ptr<Store> store = testing::openStore(options);
    if (!store || !store->importHistory(dataPath(QStringLiteral("nca-history"))).ok())
        return nullptr;
    return store;
}

std::unique_ptr<Store> TestRatingViews::openStore()
{
    core::StoreOptions options;
    options.path = m_path;
    options.clock = testing::fixedClock(QDateTime(QDate(2025, 12, 10), QTime(9, 0), Qt::UTC));
    return testing::openStore(options);
}

ui::RatingRunPtr TestRatingViews::recompute()
{
    ui::RecomputeDialog dialog(*m_store);
    QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
    QSignalSpy recomputed(&dialog, &ui::RecomputeDialog::recomputed);
    dialog.start();
    if (!finished.wait(120000) || !finished.first().first().toBool() || recomputed.isEmpty())
        return nullptr;
    return recomputed.first().first().value<ui::RatingRunPtr>();
}

void TestRatingViews::ratingsListEqualsEngineRun()
{
    ui::RatingsListView view(*m_store);
    QSignalSpy changed(&view, &ui::RatingsListView::ratingRunChanged);
    QVERIFY(changed.wait(30000));

    const EngineRun run = engineRun(*m_store);
    std::map<QString, engine::Gaussian> expected;
    std::map<QString, int> events;
    for (std::size_t p = 0; p < run.folder.history.playerIds.size(); ++p) {
        if (!run.result.curves[p].empty())
            expected[QString::fromStdString(run.folder.history.playerIds[p])] =
                run.result.rating(static_cast<engine::PlayerIndex>(p), run.parameters);
    }
    for (const engine::Event& event : run.folder.history.events) {
        for (const engine::Standing& standing : event.standings) {
            for (const engine::PlayerIndex player : standing.unit.players)
                ++events[QString::fromStdString(
                    run.folder.history.playerIds[static_cast<std::size_t>(player)])];
        }
    }

    RatingsListModel* model = view.model();
    QCOMPARE(static_cast<std::size_t>(model->rowCount()), expected.size());
    QCOMPARE(model->rowCount(), 1744);
    for (int row = 0; row < model->rowCount(); ++row) {
        const ui::PlayerRatingRow& r = model->row(row);
        const auto it = expected.find(r.playerId);
        QVERIFY2(it != expected.end(), qPrintable(r.playerId));
        // The same engine on the same history: the same numbers, bit for bit.
        QCOMPARE(r.mu, it->second.mu);
        QCOMPARE(r.sigma, it->second.sigma);
        QCOMPARE(r.conservative(), it->second.mu - 3.0 * it->second.sigma);
        QCOMPARE(r.eventsPlayed, events[r.playerId]);
        QCOMPARE(model->data(model->index(row, RatingsListModel::MuColumn)).toString(),
                 QString::number(it->second.mu, 'f', 3));
    }
    // Player 746 played 50 events, the last of them in 2025.
    const auto found =
        std::find_if(model->rows().begin(), model->rows().end(),
                     [](const ui::PlayerRatingRow& r) { return r.playerId == QLatin1String("746"); });
    QVERIFY(found != model->rows().end());
    QCOMPARE(found->eventsPlayed, 50);
    QVERIFY(found->playedCompetitive);
    QCOMPARE(found->lastPlayed.year(), 2025);
}

void TestRatingViews::ratingsListFilters()
{
    ui::RatingsListView view(*m_store);
    QSignalSpy changed(&view, &ui::RatingsListView::ratingRunChanged);
    QVERIFY(changed.wait(30000));
    RatingsListModel* model = view.model();
    RatingsFilterModel* filter = view.filterModel();
    QCOMPARE(filter->rowCount(), model->rowCount());

    // Search: part of an id, any case; names too.
    filter->setSearchText(QStringLiteral("746"));
    QVERIFY(filter->rowCount() >= 1);
    for (int row = 0; row < filter->rowCount(); ++row)
        QVERIFY(filter->data(filter->index(row, RatingsListModel::PlayerColumn)).toString().contains(u"746"));
    filter->setSearchText(QStringLiteral("no such player"));
    QCOMPARE(filter->rowCount(), 0);
    filter->setSearchText(QString());

    // Active in the 12 months up to a reference date.
    const QDate reference(2025, 12, 1);
    filter->setReferenceDate(reference);
    filter->setActiveOnly(true);
    int active = 0;
    for (const ui::PlayerRatingRow& row : model->rows())
        active += row.lastPlayed > reference.addMonths(-12) && row.lastPlayed <= reference ? 1 : 0;
    QVERIFY(active > 100);
    QVERIFY(active < model->rowCount());
    QCOMPARE(filter->rowCount(), active);
    for (int row = 0; row < filter->rowCount(); ++row)
        QVERIFY(filter->data(filter->index(row, 0), RatingsListModel::LastPlayedRole).toDate() >
                QDate(2024, 12, 1));
    filter->setActiveOnly(false);

    // Division: played a recreational tour event.
    filter->setDivision(RatingsFilterModel::Division::Recreational);
    int recreational = 0;
    for (const ui::PlayerRatingRow& row : model->rows())
        recreational += row.playedRecreational ? 1 : 0;
    QVERIFY(recreational > 0);
    QCOMPARE(filter->rowCount(), recreational);
    filter->setDivision(RatingsFilterModel::Division::Competitive);
    int competitive = 0;
    for (const ui::PlayerRatingRow& row : model->rows())
        competitive += row.playedCompetitive ? 1 : 0;
    QCOMPARE(filter->rowCount(), competitive);
    QVERIFY(competitive > recreational);

    // Filters combine.
    filter->setActiveOnly(true);
    QVERIFY(filter->rowCount() < competitive);
    filter->setDivision(RatingsFilterModel::Division::Any);
    filter->setActiveOnly(false);
    QCOMPARE(filter->rowCount(), model->rowCount());
}

void TestRatingViews::ratingsListSorting()
{
    ui::RatingsListView view(*m_store);
    QSignalSpy changed(&view, &ui::RatingsListView::ratingRunChanged);
    QVERIFY(changed.wait(30000));
    RatingsFilterModel* filter = view.filterModel();
    const auto valueAt = [filter](int row, int column) {
        return filter->data(filter->index(row, column), RatingsListModel::SortRole);
    };

    // By default the strongest first.
    QCOMPARE(view.model()->sortColumn(), int(RatingsListModel::MuColumn));
    QCOMPARE(view.model()->sortOrder(), Qt::DescendingOrder);
    for (int row = 1; row < filter->rowCount(); ++row)
        QVERIFY(valueAt(row - 1, RatingsListModel::MuColumn).toDouble() >=
                valueAt(row, RatingsListModel::MuColumn).toDouble());

    view.table()->sortByColumn(RatingsListModel::ConservativeColumn, Qt::DescendingOrder);
    for (int row = 1; row < filter->rowCount(); ++row)
        QVERIFY(valueAt(row - 1, RatingsListModel::ConservativeColumn).toDouble() >=
                valueAt(row, RatingsListModel::ConservativeColumn).toDouble());

    view.table()->sortByColumn(RatingsListModel::SigmaColumn, Qt::AscendingOrder);
    for (int row = 1; row < filter->rowCount(); ++row)
        QVERIFY(valueAt(row - 1, RatingsListModel::SigmaColumn).toDouble() <=
                valueAt(row, RatingsListModel::SigmaColumn).toDouble());

    view.table()->sortByColumn(RatingsListModel::LastPlayedColumn, Qt::DescendingOrder);
    for (int row = 1; row < filter->rowCount(); ++row)
        QVERIFY(valueAt(row - 1, RatingsListModel::LastPlayedColumn).toDate() >=
                valueAt(row, RatingsListModel::LastPlayedColumn).toDate());

    view.table()->sortByColumn(RatingsListModel::EventsColumn, Qt::DescendingOrder);
    int mostEvents = 0;
    for (const ui::PlayerRatingRow& row : view.model()->rows())
        mostEvents = std::max(mostEvents, row.eventsPlayed);
    QCOMPARE(valueAt(0, RatingsListModel::EventsColumn).toInt(), mostEvents);
    for (int row = 1; row < filter->rowCount(); ++row)
        QVERIFY(valueAt(row - 1, RatingsListModel::EventsColumn).toInt() >=
                valueAt(row, RatingsListModel::EventsColumn).toInt());

    // Player ids in numeric order: 2 before 10.
    view.table()->sortByColumn(RatingsListModel::PlayerColumn, Qt::AscendingOrder);
    for (int row = 1; row < filter->rowCount(); ++row) {
        const QString a = valueAt(row - 1, RatingsListModel::PlayerColumn).toString();
        const QString b = valueAt(row, RatingsListModel::PlayerColumn).toString();
        QVERIFY2(a.size() < b.size() || (a.size() == b.size() && a < b), qPrintable(a + u' ' + b));
    }
}

// The list sorts its own rows (the proxy keeps none of its own): a sort keeps the highlighted
// player highlighted, a new run arrives in the order on screen, and ties go by player id.
void TestRatingViews::ratingsListKeepsItsOrderAndHighlightedPlayer()
{
    ui::RatingsListView view(*m_store);
    QSignalSpy changed(&view, &ui::RatingsListView::ratingRunChanged);
    QVERIFY(changed.wait(30000));
    RatingsListModel* model = view.model();
    RatingsFilterModel* filter = view.filterModel();
    // The job made the rows in its thread.
    QCOMPARE(view.ratingRun()->listRows.size(), model->rows().size());

    const auto rowOf = [filter](const QString& id) {
        for (int row = 0; row < filter->rowCount(); ++row) {
            if (filter->index(row, 0).data(RatingsListModel::PlayerIdRole).toString() == id)
                return row;
        }
        return -1;
    };
    const auto idRankOf = [model](const QString& id) {
        for (const ui::PlayerRatingRow& r : model->rows()) {
            if (r.playerId == id)
                return r.idRank;
        }
        return -1;
    };
    const int before = rowOf(QStringLiteral("746"));
    QVERIFY(before >= 0);
    view.table()->selectionModel()->setCurrentIndex(
        filter->index(before, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);

    const auto sortedByEventsAscending = [&] {
        for (int row = 1; row < filter->rowCount(); ++row) {
            const QModelIndex left = filter->index(row - 1, RatingsListModel::EventsColumn);
            const QModelIndex right = filter->index(row, RatingsListModel::EventsColumn);
            const int x = left.data(RatingsListModel::SortRole).toInt();
            const int y = right.data(RatingsListModel::SortRole).toInt();
            if (x > y)
                return false;
            if (x == y && idRankOf(left.data(RatingsListModel::PlayerIdRole).toString()) >
                              idRankOf(right.data(RatingsListModel::PlayerIdRole).toString()))
                return false;
        }
        return true;
    };
    view.table()->sortByColumn(RatingsListModel::EventsColumn, Qt::AscendingOrder);
    QCOMPARE(model->sortColumn(), int(RatingsListModel::EventsColumn));
    QVERIFY(sortedByEventsAscending());
    const int after = rowOf(QStringLiteral("746"));
    QVERIFY(after != before); // 50 events: far from the strongest-first place it had
    QCOMPARE(view.table()->currentIndex().row(), after);
    QCOMPARE(view.table()->currentIndex().data(RatingsListModel::PlayerIdRole).toString(),
             QStringLiteral("746"));

    // A new run arrives in the order on screen, not the job's strongest-first (a ratings-only run:
    // the shared database keeps no locks of this test's making).
    ui::RecomputeJob job(ui::RecomputeJob::readInput(*m_store, ui::RecomputeJob::Mode::RatingsOnly));
    QSignalSpy done(&job, &ui::RecomputeJob::finished);
    job.start();
    QVERIFY(done.wait(30000));
    const ui::RatingRunPtr run = job.result();
    QVERIFY(run);
    QVERIFY(run != view.ratingRun());
    view.setRatingRun(run);
    QCOMPARE(view.ratingRun(), run);
    QCOMPARE(model->sortColumn(), int(RatingsListModel::EventsColumn));
    QCOMPARE(model->rowCount(), 1744);
    QVERIFY(sortedByEventsAscending());

    // Names in alphabetical order, whatever their case.
    view.table()->sortByColumn(RatingsListModel::NameColumn, Qt::AscendingOrder);
    for (int row = 1; row < filter->rowCount(); ++row) {
        const QString a = filter->index(row - 1, RatingsListModel::NameColumn).data().toString();
        const QString b = filter->index(row, RatingsListModel::NameColumn).data().toString();
        QVERIFY2(QString::compare(a, b, Qt::CaseInsensitive) <= 0, qPrintable(a + QStringLiteral(" / ") + b));
    }
}

void TestRatingViews::ratingsCsvExportReimports()
{
    ui::RatingsListView view(*m_store);
    QSignalSpy changed(&view, &ui::RatingsListView::ratingRunChanged);
    QVERIFY(changed.wait(30000));
    view.filterModel()->setDivision(RatingsFilterModel::Division::Recreational);
    const int shown = view.filterModel()->rowCount();
    QVERIFY(shown > 0);

    const QString path = m_temp.filePath(QStringLiteral("ratings.csv"));
    QString error;
    QVERIFY2(view.exportCsv(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.startsWith("player_id,name,mu,sigma\n"));
    QCOMPARE(text.count('\n'), shown + 1);

    // The exported list is a rating list the store imports as a month's lock.
    const QString month = QStringLiteral("2031-05");
    const core::RatingsImportReport report = core::importRatingList(*m_store, path, month, false);
    QVERIFY(report.defects.empty());
    QCOMPARE(report.players, shown);
    std::map<QString, core::LockedRating> imported;
    for (const core::LockedRating& rating : m_store->lockRatings(month))
        imported[rating.playerId] = rating;
    QCOMPARE(static_cast<int>(imported.size()), shown);
    for (int row = 0; row < shown; ++row) {
        const QModelIndex source = view.filterModel()->mapToSource(view.filterModel()->index(row, 0));
        const ui::PlayerRatingRow& r = view.model()->row(source.row());
        const auto it = imported.find(r.playerId);
        QVERIFY2(it != imported.end(), qPrintable(r.playerId));
        QVERIFY(std::abs(it->second.mu - r.mu) < 1e-9);
        QVERIFY(std::abs(it->second.sigma - r.sigma) < 1e-9);
    }
}

void TestRatingViews::expectedPlaceModel()
{
    engine::FlickSkillParameters parameters;
    // Two equal players: each is 1.5th on average.
    const engine::Gaussian same{1.0, 0.5};
    const std::vector<ui::Performance> pair{ui::unitPerformance(std::span(&same, 1), parameters),
                                            ui::unitPerformance(std::span(&same, 1), parameters)};
    QCOMPARE(ui::expectedPlace(0, pair), 1.5);

    // A field of five: the expected places add up to 1 + 2 + ... + 5, and follow the ratings.
    const std::vector<engine::Gaussian> players{
        {2.0, 0.3}, {1.0, 0.4}, {0.5, 1.0}, {0.0, 1.667}, {-1.0, 0.2}};
    std::vector<ui::Performance> field;
    for (const engine::Gaussian& player : players)
        field.push_back(ui::unitPerformance(std::span(&player, 1), parameters));
    double sum = 0.0;
    double previous = 0.0;
    for (std::size_t i = 0; i < field.size(); ++i) {
        const double place = ui::expectedPlace(i, field);
        QVERIFY(place > previous);
        previous = place;
        sum += place;
    }
    QVERIFY(std::abs(sum - 15.0) < 1e-12);

    // One against one, by hand: P(other above) = Phi((0 - 1) / sqrt(0.3^2 + 1 + 0.4^2 + 1)).
    const std::vector<ui::Performance> duel{ui::unitPerformance(std::span(&players[1], 1), parameters),
                                            ui::unitPerformance(std::span(&players[3], 1), parameters)};
    const double variance = 0.4 * 0.4 + 1.0 + 1.667 * 1.667 + 1.0;
    QVERIFY(std::abs(ui::expectedPlace(0, duel) - (1.0 + 0.5 * std::erfc(1.0 / std::sqrt(2.0 * variance)))) <
            1e-12);

    // DECISIONS N2: a doubles team performs as 0.5 p1 + 0.5 p2.
    const std::vector<engine::Gaussian> team{{1.0, 0.5}, {0.0, 0.5}};
    const ui::Performance performance = ui::unitPerformance(team, parameters);
    QCOMPARE(performance.mean, 0.5);
    QCOMPARE(performance.variance, 0.25 * (0.25 + 1.0) * 2.0);

    QCOMPARE(ui::ordinal(1), QStringLiteral("1st"));
    QCOMPARE(ui::ordinal(2), QStringLiteral("2nd"));
    QCOMPARE(ui::ordinal(3), QStringLiteral("3rd"));
    QCOMPARE(ui::ordinal(9), QStringLiteral("9th"));
    QCOMPARE(ui::ordinal(11), QStringLiteral("11th"));
    QCOMPARE(ui::ordinal(13), QStringLiteral("13th"));
    QCOMPARE(ui::ordinal(22), QStringLiteral("22nd"));
    QCOMPARE(ui::ordinal(101), QStringLiteral("101st"));
}

void TestRatingViews::recomputeStoresRunWithProgress()
{
    const std::size_t runsBefore = m_store->ratingRuns().size();
    ui::RecomputeDialog dialog(*m_store);
    QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
    QSignalSpy stored(&dialog, &ui::RecomputeDialog::ratingRunStored);
    QSignalSpy recomputed(&dialog, &ui::RecomputeDialog::recomputed);
    dialog.show();

    QStringList steps;
    int lastValue = -1;
    bool increasing = true;
    int progressSignals = 0;
    int timerTicksWhileRunning = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&] {
        if (dialog.isRunning())
            ++timerTicksWhileRunning;
    });
    ticker.start(10);

    connect(&dialog, &ui::RecomputeDialog::progressed, this,
            [&](int value, int maximum, const QString& step) {
                ++progressSignals;
                increasing = increasing && value >= lastValue && value <= maximum;
                lastValue = value;
                steps.append(step);
            });
    dialog.start();
    QVERIFY(dialog.isRunning());
    QVERIFY(dialog.job());
    QVERIFY(finished.wait(120000));
    ticker.stop();
    QCOMPARE(finished.first().first().toBool(), true);

    // Several steps were reported while the event loop kept running: the window stayed responsive.
    QVERIFY2(progressSignals >= 5, qPrintable(QString::number(progressSignals)));
    QVERIFY(increasing);
    QVERIFY(timerTicksWhileRunning > 0);
    QVERIFY(std::any_of(steps.begin(), steps.end(), [](const QString& s) { return s.contains(u"sweep"); }));
    QVERIFY(std::any_of(steps.begin(), steps.end(),
                        [](const QString& s) { return s.contains(u"Monthly locks"); }));
    QCOMPARE(dialog.progressBar()->value(), dialog.progressBar()->maximum());

    // Stored as a rating run with its locks.
    QCOMPARE(stored.size(), 1);
    const std::vector<core::RatingRunRecord> runs = m_store->ratingRuns();
    QCOMPARE(runs.size(), runsBefore + 1);
    const core::RatingRunRecord& run = runs.front();
    QCOMPARE(run.id, stored.first().first().value<qint64>());
    QCOMPARE(run.historyFingerprint, m_store->historyFingerprint());
    QCOMPARE(run.parameters.value(QStringLiteral("beta")).toDouble(), 1.0);
    QVERIFY(run.converged);
    QCOMPARE(dialog.lastReport().kept.size(), 0);
    QCOMPARE(run.lockMonths, dialog.lastReport().written);

    const ui::RatingRunPtr result = recomputed.first().first().value<ui::RatingRunPtr>();
    QVERIFY(result);
    const EngineRun expected = engineRun(*m_store);
    QCOMPARE(run.iterations, expected.result.iterations);
    // Every month with an event has its lock, the same as `flickdesk-cli lock` computes.
    const std::vector<engine::DayNumber> months = engine::monthsOfEvents(expected.folder.history);
    for (const engine::DayNumber month : months)
        QVERIFY2(run.lockMonths.contains(ui::monthKey(month)), qPrintable(ui::monthKey(month)));
    const engine::DayNumber sample = months[months.size() / 2];
    const engine::MonthlyLock lock =
        engine::computeMonthlyLock(expected.folder.history, sample, expected.parameters);
    const std::vector<core::LockedRating> storedLock = m_store->lockRatings(ui::monthKey(sample));
    QCOMPARE(static_cast<long>(storedLock.size()), static_cast<long>(lock.players.size()));
    for (const core::LockedRating& rating : storedLock) {
        const auto index = result->playerIndex(rating.playerId);
        QVERIFY(index);
        QCOMPARE(rating.mu, lock.mu(*index));
    }
    // The lock after the last event holds everyone's current rating (DECISIONS N6).
    const QString after = run.lockMonths.last();
    for (const core::LockedRating& rating : m_store->lockRatings(after)) {
        const auto index = result->playerIndex(rating.playerId);
        QCOMPARE(rating.mu, expected.result.rating(*index, expected.parameters).mu);
    }
}

void TestRatingViews::recomputeCancelledWritesNothing()
{
    const std::size_t runsBefore = m_store->ratingRuns().size();
    const std::vector<core::AuditEntry> auditBefore = m_store->auditLog();
    ui::RecomputeDialog dialog(*m_store);
    QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
    QSignalSpy stored(&dialog, &ui::RecomputeDialog::ratingRunStored);
    int progressSignals = 0;
    connect(&dialog, &ui::RecomputeDialog::progressed, this, [&](int, int, const QString&) {
        if (++progressSignals == 3) // midway through the run's sweeps
            dialog.cancel();
    });
    dialog.start();
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(dialog.job()->wasCancelled());
    QVERIFY(!dialog.job()->result());
    QVERIFY(progressSignals >= 3);
    QCOMPARE(stored.size(), 0);
    QVERIFY(dialog.stepLabel()->text().contains(QStringLiteral("nothing was written")));
    QCOMPARE(m_store->ratingRuns().size(), runsBefore);
    QCOMPARE(m_store->auditLog().size(), auditBefore.size());

    // A dialog closed while it runs cancels, and its destructor waits for the job.
    {
        ui::RecomputeDialog closing(*m_store);
        closing.start();
        closing.reject();
    }
    QCOMPARE(m_store->ratingRuns().size(), runsBefore);
}

void TestRatingViews::recomputeOfAnUnchangedHistoryRewritesNoLock()
{
    const std::vector<core::RatingRunRecord> before = m_store->ratingRuns();
    QVERIFY(!before.empty());
    const QStringList months = before.front().lockMonths;
    QVERIFY(months.size() > 50);
    std::map<QString, std::vector<core::LockedRating>> locks;
    for (const QString& month : months)
        locks[month] = m_store->lockRatings(month);

    ui::RecomputeDialog dialog(*m_store);
    QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
    dialog.start();
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.first().first().toBool(), true);
    // The same history and parameters make the same locks: none is rewritten, all are the new run's.
    QVERIFY(dialog.lastReport().written.isEmpty());
    QCOMPARE(dialog.lastReport().unchanged, months);
    const std::vector<core::RatingRunRecord> after = m_store->ratingRuns();
    QCOMPARE(after.size(), before.size() + 1);
    QCOMPARE(after.front().lockMonths, months);
    QVERIFY(after[1].lockMonths.isEmpty());
    for (const QString& month : months)
        QCOMPARE(m_store->lockRatings(month), locks[month]);
}

// Issue 15: a recompute reads and stores through its own connection and computes only the locks
// whose history changed: none the second time, only the months after a newly finished event.
void TestRatingViews::recomputeComputesOnlyWhatChanged()
{
    const QString copy = m_temp.filePath(QStringLiteral("incremental.sqlite"));
    m_store->backup(copy);
    core::StoreOptions options;
    options.path = copy;
    options.clock = testing::fixedClock(QDateTime(QDate(2025, 12, 10), QTime(9, 0), Qt::UTC));
    const std::unique_ptr<Store> store = testing::openStore(options);
    QVERIFY(store && !store->isReadOnly());
    const auto recomputeOnce = [&store](ui::RecomputeDialog::Timings& timings,
                                        core::RatingRunReport& report) {
        ui::RecomputeDialog dialog(*store);
        QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
        dialog.start();
        if (!finished.wait(120000) || !finished.first().first().toBool())
            return false;
        timings = dialog.lastTimings();
        report = dialog.lastReport();
        return true;
    };
    ui::RecomputeDialog::Timings timings;
    core::RatingRunReport report;
    QVERIFY(recomputeOnce(timings, report)); // whatever earlier tests left, up to date now

    // Nothing changed: no lock is computed and none written.
    QVERIFY(recomputeOnce(timings, report));
    QCOMPARE(timings.locksComputed, 0);
    QVERIFY(timings.locksReused > 50);
    QVERIFY(report.written.isEmpty());
    QCOMPARE(report.unchanged.size() + report.kept.size(), timings.locksReused);

    // An event finished in September 2025: only the locks of the months after it are computed
    // (DECISIONS P1: a month's lock rates the events before it).
    core::EventDraft draft;
    draft.date = QStringLiteral("2025-09-20");
    draft.name = QStringLiteral("Autumn Club Night");
    draft.tier = 3;
    draft.tour = core::Tour::Competitive;
    const QString eventId = store->createEvent(draft);
    const core::HistoryFolder folder = store->loadHistory();
    std::vector<core::Placing> placings;
    for (int k = 0; k < 4; ++k) {
        const int unit = store->addEntrant(
            eventId, {QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(3 * k)])},
            core::EntrantStatus::Started);
        placings.push_back({unit, k + 1});
    }
    store->setStandings(eventId, placings);
    store->setEventStatus(eventId, core::EventStatus::Finished);
    QVERIFY(recomputeOnce(timings, report));
    QStringList all = report.written + report.unchanged + report.kept;
    const qsizetype later = std::count_if(
        all.begin(), all.end(), [](const QString& month) { return month > QLatin1String("2025-09"); });
    QVERIFY(later >= 3); // 2025-10, 2025-11, 2025-12 at least
    QCOMPARE(timings.locksComputed, static_cast<int>(later));
    QCOMPARE(timings.locksReused, static_cast<int>(all.size() - later));
    QVERIFY(!report.written.isEmpty());
    for (const QString& month : std::as_const(report.written))
        QVERIFY2(month > QLatin1String("2025-09"), qPrintable(month));
    // Every lock is fresh again.
    {
        core::sqlite::Database db(copy, core::sqlite::Database::Mode::ReadOnly);
        QCOMPARE(db.queryInteger("SELECT count(*) FROM locks WHERE source = 'computed' AND stale = 1")
                     .value_or(-1),
                 0);
    }
}

// The ratings list and the player page drop their job (a new run, a refresh, the view closed)
// without waiting for it: a job reading the history through its own connection cannot stop in the
// middle of the read, and the window must not wait for that. Here the job is held inside its read
// (a slot of its first progress report, run in its thread); it is dropped meanwhile, and is deleted
// once it ends.
void TestRatingViews::droppedJobIsNotWaitedFor()
{
    QThreadPool pool;
    std::promise<void> reading;
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    bool heldTooLong = false;
    auto* job = new ui::RecomputeJob(m_store->openWorker(), ui::RecomputeJob::Mode::RatingsOnly);
    QPointer<ui::RecomputeJob> alive(job);
    bool first = true;
    connect(
        job, &ui::RecomputeJob::progress, job,
        [&](int, int, const QString&) {
            if (!first)
                return;
            first = false;
            reading.set_value();
            heldTooLong = released.wait_for(std::chrono::seconds(60)) != std::future_status::ready;
        },
        Qt::DirectConnection);
    QSignalSpy finished(job, &ui::RecomputeJob::finished);
    job->start(&pool);
    QVERIFY(reading.get_future().wait_for(std::chrono::seconds(60)) == std::future_status::ready);

    ui::RecomputeJobHandle handle(job);
    handle.reset(); // returns while the job is still held in its read
    QVERIFY(alive);
    QVERIFY(job->isRunning());
    QCOMPARE(finished.count(), 0);
    release.set_value();
    QTRY_VERIFY_WITH_TIMEOUT(alive.isNull(), 60000); // deleted once it has ended
    QVERIFY(!heldTooLong);
    QCOMPARE(finished.count(), 1);
    pool.waitForDone();

    // A job dropped before it starts (still in the pool's queue) never runs and goes at once.
    QThreadPool busy;
    busy.setMaxThreadCount(1);
    std::promise<void> unblock;
    std::shared_future<void> unblocked = unblock.get_future().share();
    busy.start([unblocked] { unblocked.wait_for(std::chrono::seconds(60)); });
    auto* queued = new ui::RecomputeJob(m_store->openWorker(), ui::RecomputeJob::Mode::RatingsOnly);
    QPointer<ui::RecomputeJob> queuedAlive(queued);
    QSignalSpy queuedFinished(queued, &ui::RecomputeJob::finished);
    queued->start(&busy);
    ui::RecomputeJobHandle(queued).reset();
    QTRY_VERIFY_WITH_TIMEOUT(queuedAlive.isNull(), 10000);
    unblock.set_value();
    busy.waitForDone();
    QCOMPARE(queuedFinished.count(), 0);
}

// A Recompute's job, held in its thread inside the progress report that follows its first stored
// lock, until `release` is set. The dialog's and the job's own signals are left as they are.
struct HeldRecompute {
    std::promise<void> storedOne;
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    bool first = true;
    bool heldTooLong = false;
    int months = 0; // the locks the job computes, as its step names them

    void holdAfterTheFirstLock(ui::RecomputeJob* job)
    {
        QObject::connect(
            job, &ui::RecomputeJob::progress, job,
            [this](int, int, const QString& step) {
                if (!first || !step.startsWith(QLatin1String("Monthly locks: 1 of ")))
                    return;
                first = false;
                months = step.section(u' ', 4, 4).toInt();
                storedOne.set_value();
                heldTooLong = released.wait_for(std::chrono::seconds(60)) != std::future_status::ready;
            },
            Qt::DirectConnection);
    }
};

// Closing the Recompute dialog while it computes and stores the locks does not wait for the job
// (at 64 times the NCA's history its locks take a minute): the job is cancelled and ends on its
// own connection. The lock it stored before stays, whole and fresh; nothing else is written, and
// the run is logged as stopped. Here the job is held just after storing its first lock while the
// dialog is closed.
void TestRatingViews::closingRecomputeWhileStoringDoesNotWait()
{
    const QString path = m_temp.filePath(QStringLiteral("close.sqlite"));
    const auto store = openImportedStore(QStringLiteral("close.sqlite"));
    QVERIFY(store);

    auto* dialog = new ui::RecomputeDialog(*store);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    HeldRecompute held;
    dialog->start();
    QPointer<ui::RecomputeJob> job(dialog->job());
    QVERIFY(job);
    held.holdAfterTheFirstLock(job);
    QVERIFY(held.storedOne.get_future().wait_for(std::chrono::seconds(120)) == std::future_status::ready);
    QCOMPARE(held.months, 70);
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM locks"), 1);

    QPointer<ui::RecomputeDialog> open(dialog);
    QVERIFY(dialog->close());
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete); // deleted on close, now
    QVERIFY(open.isNull());                                              // returned while the job is held
    QVERIFY(!held.heldTooLong);
    QVERIFY(job);
    held.release.set_value();
    QTRY_VERIFY_WITH_TIMEOUT(job.isNull(), 60000); // the job ended and went
    QVERIFY(!held.heldTooLong);
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM locks"), 1);
    QCOMPARE(
        testing::queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0 AND history_digest <> ''"),
        1);
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run' AND "
                                         "details LIKE '%\"stopped\":true%'"),
             1);
    QCOMPARE(testing::queryInteger(path, "SELECT count(*) FROM audit_log WHERE action = 'rating-run'"), 1);
}

// Issue 15: a Recompute stores each lock as soon as it is computed. Cancelled part way, it keeps
// those, each whole and the same as the month's lock computed alone, says so, and the next
// Recompute reuses them instead of computing them again.
void TestRatingViews::cancelledRecomputeKeepsTheLocksItStored()
{
    const QString path = m_temp.filePath(QStringLiteral("cancel.sqlite"));
    const auto store = openImportedStore(QStringLiteral("cancel.sqlite"));
    QVERIFY(store);

    ui::RecomputeDialog dialog(*store);
    QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
    QSignalSpy stored(&dialog, &ui::RecomputeDialog::ratingRunStored);
    HeldRecompute held;
    dialog.start();
    QVERIFY(dialog.job());
    held.holdAfterTheFirstLock(dialog.job());
    QVERIFY(held.storedOne.get_future().wait_for(std::chrono::seconds(120)) == std::future_status::ready);
    dialog.cancel();
    held.release.set_value();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), false);
    QCOMPARE(stored.size(), 0);
    QVERIFY(!dialog.job()->result());
    QVERIFY2(
        dialog.stepLabel()->text().contains(QStringLiteral("the monthly ratings of one month were stored")),
        qPrintable(dialog.stepLabel()->text()));

    // The lock stored is whole: the month's lock as the engine computes it alone (DECISIONS P1).
    QCOMPARE(
        testing::queryInteger(path, "SELECT count(*) FROM locks WHERE stale = 0 AND history_digest <> ''"),
        1);
    core::sqlite::Database db(path, core::sqlite::Database::Mode::ReadOnly);
    const QString month = db.queryText("SELECT month FROM locks").value_or(QString());
    const EngineRun expected = engineRun(*store);
    const std::optional<engine::DayNumber> first =
        engine::parseIsoDate((month + QStringLiteral("-01")).toStdString());
    QVERIFY(first);
    const engine::MonthlyLock lock =
        engine::computeMonthlyLock(expected.folder.history, *first, expected.parameters);
    const std::vector<core::LockedRating> rows = store->lockRatings(month);
    QCOMPARE(rows.size(), lock.players.size());
    for (const core::LockedRating& row : rows) {
        const auto index = std::find(expected.folder.history.playerIds.begin(),
                                     expected.folder.history.playerIds.end(), row.playerId.toStdString());
        QVERIFY(index != expected.folder.history.playerIds.end());
        const auto player =
            static_cast<engine::PlayerIndex>(index - expected.folder.history.playerIds.begin());
        QCOMPARE(row.mu, lock.mu(player));
        QCOMPARE(row.sigma, lock.rating(player).sigma);
    }

    // The next Recompute reuses it and computes the others.
    ui::RecomputeDialog again(*store);
    QSignalSpy againFinished(&again, &ui::RecomputeDialog::runFinished);
    again.start();
    QVERIFY(againFinished.wait(120000));
    QCOMPARE(againFinished.first().first().toBool(), true);
    QCOMPARE(again.lastTimings().locksReused, 1);
    QCOMPARE(again.lastTimings().locksComputed, held.months - 1);
    QCOMPARE(again.lastReport().unchanged, QStringList{month});
    QCOMPARE(again.lastReport().written.size(), held.months - 1);
}

// The standings and the Tier report read the stored history in the pool, not on the window's
// thread (2.3 s at a million finishes). Here every thread of the pool is held: the views are built,
// say they are computing, have no seasons yet, and take the season asked for once the history is in.
void TestRatingViews::tourViewsReadTheHistoryOffTheWindowThread()
{
    QThreadPool* pool = ui::backgroundPool();
    QVERIFY(pool->waitForDone(60000)); // nothing of an earlier test in the way
    PoolHold hold(pool);
    QTRY_VERIFY_WITH_TIMEOUT(hold.allHeld(), 10000);

    ui::StandingsView standings(*m_store);
    ui::TierReport report(*m_store);
    standings.setSeason(QStringLiteral("15"));
    report.setSeason(QStringLiteral("15"));
    QVERIFY(standings.isComputing());
    QVERIFY(report.isComputing());
    QVERIFY(standings.seasons().isEmpty()); // the history is not read yet
    QVERIFY(report.seasons().isEmpty());

    hold.release();
    QTRY_VERIFY_WITH_TIMEOUT(!standings.isComputing() && standings.result().season == QLatin1String("15") &&
                                 standings.model()->rowCount() > 0,
                             60000);
    QTRY_VERIFY_WITH_TIMEOUT(!report.isComputing() && report.season() == QLatin1String("15") &&
                                 report.model()->rowCount() > 0,
                             60000);
    QVERIFY(standings.seasons().contains(QStringLiteral("15")));
    QVERIFY(pool->waitForDone(60000));
}

// DECISIONS P1: the Tour views read the months' stored locks (only their entrants) instead of computing
// them, and store the locks they had to compute: opened again, they compute none and show the same.
void TestRatingViews::tourViewsReuseStoredLocksAndStoreTheirOwn()
{
    const std::unique_ptr<Store> store = openImportedStore(QStringLiteral("tourlocks.sqlite"));
    QVERIFY(store);
    const auto storedLocks = [&store] {
        return store->reusableLocks(store->loadHistory(), [&store] {
            engine::FlickSkillParameters parameters;
            store->flickSkillParameters().applyTo(parameters);
            return parameters;
        }());
    };
    QVERIFY(storedLocks().empty()); // imported, never computed

    const auto openReport = [&store](const QString& season) {
        auto view = std::make_unique<ui::TierReport>(*store);
        view->setSeason(season);
        return view;
    };
    const auto reportShown = [](const ui::TierReport& view, const QString& season) {
        return !view.isComputing() && view.season() == season && view.model()->rowCount() > 0;
    };
    const auto openStandings = [&store](const QString& season) {
        auto view = std::make_unique<ui::StandingsView>(*store);
        view->setSeason(season);
        return view;
    };
    const auto standingsShown = [](const ui::StandingsView& view, const QString& season) {
        return !view.isComputing() && view.result().season == season && view.model()->rowCount() > 0;
    };
    const QString season = QStringLiteral("15");
    const QString before = QStringLiteral("14");

    // The Tier report of season 15 computes every month of it, and stores them.
    const std::unique_ptr<ui::TierReport> report = openReport(season);
    QSignalSpy reportStored(report.get(), &ui::TierReport::locksStored);
    QTRY_VERIFY_WITH_TIMEOUT(reportShown(*report, season), 60000);
    const std::vector<ui::TierReportRow> cold = report->model()->rows();
    QSet<QDate> months;
    for (const ui::TierReportRow& row : cold)
        months.insert(QDate(row.date.year(), row.date.month(), 1));
    QVERIFY(months.size() >= 6);
    QCOMPARE(report->locksReused(), 0);
    QCOMPARE(report->locksComputed(), static_cast<int>(months.size()));
    QVERIFY(reportStored.count() == 1 || reportStored.wait(60000));
    QCOMPARE(reportStored.first().first().toInt(), static_cast<int>(months.size()));
    QCOMPARE(static_cast<int>(storedLocks().size()), static_cast<int>(months.size()));

    // The standings of season 14 compute theirs, and store them.
    const std::unique_ptr<ui::StandingsView> earlier = openStandings(before);
    QSignalSpy earlierStored(earlier.get(), &ui::StandingsView::locksStored);
    QTRY_VERIFY_WITH_TIMEOUT(standingsShown(*earlier, before), 60000);
    const int earlierMonths = earlier->result().locksComputed;
    QVERIFY(earlierMonths >= 6);
    QCOMPARE(earlier->result().locksReused, 0);
    QVERIFY(earlierStored.count() == 1 || earlierStored.wait(60000));
    QCOMPARE(earlierStored.first().first().toInt(), earlierMonths);
    QCOMPARE(static_cast<int>(storedLocks().size()), static_cast<int>(months.size()) + earlierMonths);

    // Opened again, the views compute nothing and show what a computation from scratch shows.
    const std::unique_ptr<ui::StandingsView> standings = openStandings(season);
    QSignalSpy standingsStored(standings.get(), &ui::StandingsView::locksStored);
    QTRY_VERIFY_WITH_TIMEOUT(standingsShown(*standings, season), 60000);
    QCOMPARE(standings->result().locksComputed, 0);
    QVERIFY(standings->result().locksReused > 0);
    QVERIFY(!standings->result().computedLocks);
    ui::StandingsInput input =
        ui::readStandingsInput(*store, std::make_shared<const core::HistoryFolder>(store->loadHistory()),
                               QStringLiteral("15"), engine::Division::Competitive);
    QCOMPARE(static_cast<int>(input.reusable.size()), standings->result().locksReused);
    input.reusable.clear();
    const ui::StandingsResult scratch = ui::computeStandings(input);
    QCOMPARE(scratch.locksComputed, standings->result().locksReused);
    const std::vector<engine::StandingsRow>& expected = scratch.standings.rows;
    const std::vector<engine::StandingsRow>& shown = standings->result().standings.rows;
    QCOMPARE(shown.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        QCOMPARE(shown[k].playerId, expected[k].playerId);
        QCOMPARE(shown[k].rank, expected[k].rank);
        QCOMPARE(shown[k].totalTenths, expected[k].totalTenths);
    }

    const std::unique_ptr<ui::TierReport> again = openReport(season);
    QTRY_VERIFY_WITH_TIMEOUT(reportShown(*again, season), 60000);
    QCOMPARE(again->locksComputed(), 0);
    QCOMPARE(again->locksReused(), static_cast<int>(months.size()));
    QCOMPARE(again->model()->rows().size(), cold.size());
    for (std::size_t k = 0; k < cold.size(); ++k) {
        QCOMPARE(again->model()->rows()[k].eventId, cold[k].eventId);
        QCOMPARE(again->model()->rows()[k].fieldStrengthIndex, cold[k].fieldStrengthIndex);
        QCOMPARE(again->model()->rows()[k].unflooredWinnerPoints, cold[k].unflooredWinnerPoints);
    }
    QVERIFY(ui::backgroundPool()->waitForDone(60000));
    QVERIFY(standingsStored.isEmpty()); // nothing computed, nothing stored
}

// Qt's raster paint engine splits large fills over QThreadPool::globalInstance() and waits for them on
// the window's thread: the window's long work runs on a pool of its own (ui::backgroundPool), so that
// with every thread of the global pool busy the views still get their results.
void TestRatingViews::longWorkLeavesQtsOwnPoolFree()
{
    QThreadPool* qtPool = QThreadPool::globalInstance();
    QVERIFY(qtPool != ui::backgroundPool());
    PoolHold hold(qtPool);
    QTRY_VERIFY_WITH_TIMEOUT(hold.allHeld(), 10000);

    ui::RatingsListView list(*m_store);
    ui::StandingsView standings(*m_store);
    standings.setSeason(QStringLiteral("15"));
    const bool done = QTest::qWaitFor(
        [&] {
            return list.ratingRun() && !standings.isComputing() &&
                   standings.result().season == QLatin1String("15") && standings.model()->rowCount() > 0;
        },
        30000);
    hold.release();
    QVERIFY(done);
    QVERIFY(qtPool->waitForDone(60000));
    QVERIFY(ui::backgroundPool()->waitForDone(60000));
}

void TestRatingViews::modelsPassTheTester()
{
    ui::RecomputeJob job(ui::RecomputeJob::readInput(*m_store, ui::RecomputeJob::Mode::RatingsOnly));
    QSignalSpy done(&job, &ui::RecomputeJob::finished);
    job.start();
    QVERIFY(done.wait(30000));
    const ui::RatingRunPtr run = job.result();
    QVERIFY(run);
    QVERIFY(run->locks.empty());

    {
        ui::RatingsListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(ui::ratingRows(*run));
        ui::RatingsFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester filterTester(&filter,
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.sort(RatingsListModel::ConservativeColumn, Qt::DescendingOrder);
        filter.setSearchText(QStringLiteral("7"));
        filter.setActiveOnly(true);
        filter.setReferenceDate(QDate(2025, 12, 1));
        filter.setDivision(RatingsFilterModel::Division::Competitive);
        filter.setActiveOnly(false);
        filter.setSearchText(QString());
        model.setRows({});
        model.setRows(ui::ratingRows(*run));
    }
    {
        ui::PlayerEventsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(ui::playerEventRows(*run, QStringLiteral("746")));
        QCOMPARE(model.rowCount(), 50);
        for (int row = 0; row < model.rowCount(); ++row) {
            for (int column = 0; column < model.columnCount(); ++column) {
                for (const int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::FontRole),
                                       int(Qt::TextAlignmentRole), int(ui::PlayerEventsModel::SortRole)})
                    model.data(model.index(row, column), role);
            }
        }
    }
    {
        ui::LockDifferenceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDifferences({ui::LockDifference{QStringLiteral("95"), QStringLiteral("WCC Singles 2024"),
                                                 QStringLiteral("2024-06-01"), QStringLiteral("2024-06"), 1.2,
                                                 0.8, 60.0, 1.25, 0.81, 62.5}});
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.data(model.index(0, ui::LockDifferenceModel::WinnerColumn)).toString(),
                 QStringLiteral("60.0 → 62.5 (+2.5)"));
    }
    {
        ui::StandingsView view(*m_store);
        QSignalSpy ready(&view, &ui::StandingsView::standingsReady);
        QVERIFY(ready.wait(30000));
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setDivision(engine::Division::Recreational);
        QVERIFY(ready.wait(30000));
        QVERIFY(view.model()->rowCount() > 0);
    }
    {
        ui::TierReport report(*m_store);
        QSignalSpy ready(&report, &ui::TierReport::reportReady);
        QVERIFY(ready.wait(30000));
        QAbstractItemModelTester tester(report.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        report.setOnlyMeeting(true);
        report.setOnlyMeeting(false);
        report.setSeason(report.seasons().first());
        QVERIFY(ready.wait(30000));
    }
}

// The page is on the GUI thread, which never computes a monthly lock (issue 15): without stored
// locks it takes the ratings before each event from its own run, and nothing is written.
void TestRatingViews::playerPageNeverComputesALock()
{
    QTemporaryDir temp;
    core::StoreOptions options;
    options.path = temp.filePath(QStringLiteral("fresh.sqlite"));
    options.clock = testing::fixedClock(QDateTime(QDate(2025, 12, 10), QTime(9, 0), Qt::UTC));
    const auto store = testing::openStore(options);
    QVERIFY(store);
    QVERIFY(store->importHistory(dataPath(QStringLiteral("nca-history"))).ok());
    ui::PlayerPage page(*store);
    page.setPlayer(QStringLiteral("746"));
    QTRY_VERIFY_WITH_TIMEOUT(page.ratingRun() != nullptr, 30000);
    QVERIFY(page.model()->rowCount() > 10);
    for (const ui::PlayerEventRow& row : page.model()->rows())
        QVERIFY(row.basis != ui::FieldRatingsBefore::Basis::Lock);
    QCOMPARE(testing::queryInteger(options.path, "SELECT count(*) FROM locks"), 0);
    QCOMPARE(testing::queryInteger(options.path, "SELECT count(*) FROM rating_runs"), 0);
}

void TestRatingViews::playerPageRows()
{
    if (m_store->ratingRuns().empty())
        QVERIFY(recompute());
    ui::PlayerPage page(*m_store);
    QSignalSpy changed(&page, &ui::PlayerPage::pageChanged);
    page.setPlayer(QStringLiteral("746"));
    QTRY_VERIFY_WITH_TIMEOUT(page.ratingRun() != nullptr, 30000);

    const EngineRun run = engineRun(*m_store);
    const ui::PlayerEventsModel* model = page.model();
    QCOMPARE(model->rowCount(), 50);
    const std::vector<ui::PlayerEventRow>& rows = model->rows();
    const auto index = page.ratingRun()->playerIndex(QStringLiteral("746"));
    QVERIFY(index);
    const std::vector<engine::LearningCurvePoint>& curve =
        run.result.curves[static_cast<std::size_t>(*index)];

    for (std::size_t i = 0; i < rows.size(); ++i) {
        const ui::PlayerEventRow& row = rows[i];
        if (i > 0)
            QVERIFY(rows[i - 1].date >= row.date); // newest first
        const std::optional<std::size_t> e = core::findEvent(run.folder, row.eventId);
        QVERIFY(e);
        const engine::Event& event = run.folder.history.events[*e];
        QCOMPARE(row.fieldSize, static_cast<int>(event.standings.size()));
        QCOMPARE(row.fieldSize, run.folder.events[*e].fieldSize);
        for (const engine::Standing& standing : event.standings) {
            if (std::find(standing.unit.players.begin(), standing.unit.players.end(), *index) !=
                standing.unit.players.end())
                QCOMPARE(row.place, standing.place);
        }
        // After: the learning curve's point on the event's date.
        const auto point = std::find_if(curve.begin(), curve.end(), [&](const engine::LearningCurvePoint& p) {
            return p.date == event.date;
        });
        QVERIFY(point != curve.end());
        QCOMPARE(row.after.mu, point->mu);
        QCOMPARE(row.after.sigma, point->sigma);
        // Before: the stored lock of the event's month (the recompute wrote every month's lock).
        QCOMPARE(row.basis, ui::FieldRatingsBefore::Basis::Lock);
        const QString month = ui::monthKey(engine::firstOfMonth(event.date));
        QCOMPARE(row.lockMonth, month);
        engine::Gaussian locked{run.parameters.mu0, run.parameters.sigma0};
        for (const core::LockedRating& rating : m_store->lockRatings(month)) {
            if (rating.playerId == QLatin1String("746"))
                locked = {rating.mu, rating.sigma};
        }
        QCOMPARE(row.before.mu, locked.mu);
        QCOMPARE(row.before.sigma, locked.sigma);
        // A Tour event not awarded: what the lock pays the place, as `flickdesk-cli points` does.
        QCOMPARE(row.points.has_value(), run.folder.events[*e].tour != core::Tour::None);
        QVERIFY(!row.pointsAwarded);
        QVERIFY(!row.explanation.isEmpty());
    }
    // The oldest row is the player's first event: the prior before it (DECISIONS N6).
    QCOMPARE(rows.back().before.mu, 0.0);
    QCOMPARE(rows.back().before.sigma, 1.667);

    // Points of the not-awarded Tour events are those of `points`: checked for one event.
    const core::TourPoints points =
        core::computeTourPoints(run.folder, run.parameters, [&](const core::EventInfo& info) {
            return info.eventId == rows.front().eventId;
        });
    if (!points.events.empty() && rows.front().points) {
        for (const core::UnitAward& unit : points.events.front().units) {
            if (std::find(unit.players.begin(), unit.players.end(), *index) != unit.players.end())
                QCOMPARE(*rows.front().points, unit.award);
        }
    }

    // The chart: the whole learning curve, a band of +- sigma, a mark per event.
    ui::CurveChart* chart = page.chart();
    QCOMPARE(chart->muPoints().size(), static_cast<qsizetype>(curve.size()));
    QCOMPARE(chart->markPoints().size(), qsizetype{50});
    for (qsizetype i = 0; i < chart->muPoints().size(); ++i) {
        QCOMPARE(chart->muPoints()[i].y(), curve[static_cast<std::size_t>(i)].mu);
        QVERIFY(std::abs(chart->upperBandPoints()[i].y() - (curve[i].mu + curve[i].sigma)) < 1e-12);
        QVERIFY(std::abs(chart->lowerBandPoints()[i].y() - (curve[i].mu - curve[i].sigma)) < 1e-12);
    }
    QCOMPARE(chart->firstDate(), ui::dateOf(curve.front().date));
    QCOMPARE(chart->lastDate(), ui::dateOf(curve.back().date));
    QVERIFY(page.header()->text().contains(QStringLiteral("746")));

    // Another player; an unknown one shows nothing.
    page.setPlayer(QStringLiteral("725"));
    QVERIFY(page.model()->rowCount() > 0);
    page.setPlayer(QStringLiteral("no-such-player"));
    QCOMPARE(page.model()->rowCount(), 0);
    QVERIFY(page.header()->text().contains(QStringLiteral("no rated event")));
}

void TestRatingViews::playerPageExpectedPlaceLine()
{
    if (m_store->ratingRuns().empty())
        QVERIFY(recompute());
    ui::PlayerPage page(*m_store);
    page.setPlayer(QStringLiteral("746"));
    QTRY_VERIFY_WITH_TIMEOUT(page.model()->rowCount() == 50, 30000);
    const EngineRun run = engineRun(*m_store);
    const auto me = page.ratingRun()->playerIndex(QStringLiteral("746"));

    // WCC Singles 2025 (event 96, 127 players): the line, and the expected place computed here
    // independently from the stored lock of 2025-06, the drift and beta (see playerpage.h).
    const auto found =
        std::find_if(page.model()->rows().begin(), page.model()->rows().end(),
                     [](const ui::PlayerEventRow& r) { return r.eventId == QLatin1String("96"); });
    QVERIFY(found != page.model()->rows().end());
    const ui::PlayerEventRow& row = *found;
    const std::size_t e = *core::findEvent(run.folder, QStringLiteral("96"));
    const engine::Event& event = run.folder.history.events[e];
    std::map<QString, engine::Gaussian> lock;
    for (const core::LockedRating& rating : m_store->lockRatings(QStringLiteral("2025-06")))
        lock[rating.playerId] = {rating.mu, rating.sigma};
    const engine::DayNumber first = engine::firstOfMonth(event.date);
    struct Player {
        double mu;
        double variance;
    };
    std::vector<Player> field;
    Player mine{};
    double sum = 0.0;
    for (const engine::Standing& standing : event.standings) {
        const engine::PlayerIndex p = standing.unit.players.front();
        const QString id = QString::fromStdString(run.folder.history.playerIds[static_cast<std::size_t>(p)]);
        engine::Gaussian rating{0.0, 1.667};
        if (const auto it = lock.find(id); it != lock.end())
            rating = it->second;
        double variance = rating.sigma * rating.sigma;
        engine::DayNumber last = -1;
        for (const engine::LearningCurvePoint& point : run.result.curves[static_cast<std::size_t>(p)]) {
            if (point.date < first)
                last = point.date;
        }
        if (last >= 0)
            variance += (event.date - last) * 0.015 * 0.015;
        const Player player{rating.mu, variance + 1.0};
        if (p == *me)
            mine = player;
        else {
            field.push_back(player);
            sum += rating.mu;
        }
    }
    double expected = 1.0;
    for (const Player& other : field)
        expected +=
            0.5 * std::erfc(-(other.mu - mine.mu) / std::sqrt(2.0 * (other.variance + mine.variance)));
    QVERIFY(row.expectedPlace);
    QVERIFY2(std::abs(*row.expectedPlace - expected) < 1e-9, qPrintable(QString::number(*row.expectedPlace)));
    QVERIFY(std::abs(row.fieldAverage - sum / field.size()) < 1e-12);
    QCOMPARE(row.fieldSize, 127);

    const QString line = QStringLiteral("finished %1 of 127 against a field averaging %2: expected about %3")
                             .arg(ui::ordinal(row.place), QString::number(sum / field.size(), 'f', 3),
                                  ui::ordinal(static_cast<int>(std::lround(expected))));
    QCOMPARE(row.explanation, line);
    const QModelIndex cell = page.model()->index(static_cast<int>(found - page.model()->rows().begin()),
                                                 ui::PlayerEventsModel::ExplanationColumn);
    QCOMPARE(cell.data().toString(), line);
    qInfo("746 at WCC Singles 2025: %s", qPrintable(line));
    // A strong player is expected near the top of a big field.
    QVERIFY(expected < 20.0);
}

void TestRatingViews::standingsEqualTheCommand_data()
{
    QTest::addColumn<QString>("season");
    QTest::addColumn<QString>("division");
    QTest::newRow("15 competitive") << QStringLiteral("15") << QStringLiteral("competitive");
    QTest::newRow("16 recreational") << QStringLiteral("16") << QStringLiteral("recreational");
    QTest::newRow("14 recreational") << QStringLiteral("14") << QStringLiteral("recreational");
    QTest::newRow("12 competitive") << QStringLiteral("12") << QStringLiteral("competitive");
}

void TestRatingViews::standingsEqualTheCommand()
{
    QFETCH(QString, season);
    QFETCH(QString, division);
    QString error;
    const std::map<QString, CliRow> expected = cliStandings(m_path, season, division, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!expected.empty());

    ui::StandingsView view(*m_store);
    QSignalSpy ready(&view, &ui::StandingsView::standingsReady);
    QVERIFY(ready.wait(30000));
    view.setSeason(season);
    view.setDivision(division == QLatin1String("recreational") ? engine::Division::Recreational
                                                               : engine::Division::Competitive);
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().season == season &&
                                 view.result().division == view.division(),
                             30000);
    QVERIFY2(view.result().error.isEmpty(), qPrintable(view.result().error));

    ui::StandingsModel* model = view.model();
    QCOMPARE(static_cast<std::size_t>(model->rowCount()), expected.size());
    int previousRank = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const auto cell = [&](int column) { return model->data(model->index(row, column)); };
        const QString player = cell(ui::StandingsModel::PlayerColumn).toString();
        const auto it = expected.find(player);
        QVERIFY2(it != expected.end(), qPrintable(player));
        QCOMPARE(cell(ui::StandingsModel::RankColumn).toInt(), it->second.rank);
        QCOMPARE(cell(ui::StandingsModel::TotalColumn).toString(), it->second.total);
        QCOMPARE(cell(ui::StandingsModel::CountedColumn).toInt(), it->second.counted);
        QCOMPARE(cell(ui::StandingsModel::NoteColumn).toString(), it->second.note);
        QVERIFY(it->second.rank >= previousRank);
        previousRank = it->second.rank;
    }
    // The champion line names the champion.
    const QString champion = view.championLabel()->text();
    if (division == QLatin1String("recreational")) {
        QVERIFY(!view.result().standings.recreationalChampions.empty());
        QVERIFY2(
            champion.contains(QString::fromStdString(view.result().standings.recreationalChampions.front())),
            qPrintable(champion));
        QVERIFY(champion.contains(QStringLiteral("only once")));
    } else {
        const auto leader = std::find_if(expected.begin(), expected.end(),
                                         [](const auto& entry) { return entry.second.rank == 1; });
        QVERIFY2(champion.contains(leader->first), qPrintable(champion));
    }
}

// Issue 14, item 4: "NCA Tour Champion: 1000 with 68.4 points" after one event in November.
// DECISIONS T2: before the season's Finale is played, the line names the leader; season 16 of the
// sample (June to November 2025) has no WCC Singles yet, season 15 has.
void TestRatingViews::standingsNameALeaderBeforeTheFinale_data()
{
    QTest::addColumn<QString>("season");
    QTest::addColumn<QString>("division");
    QTest::addColumn<QString>("line"); // how the line begins
    QTest::newRow("16 competitive") << QStringLiteral("16") << QStringLiteral("competitive")
                                    << QStringLiteral("NCA Tour leader: ");
    QTest::newRow("16 recreational") << QStringLiteral("16") << QStringLiteral("recreational")
                                     << QStringLiteral("Recreational Tour leader: ");
    QTest::newRow("15 competitive") << QStringLiteral("15") << QStringLiteral("competitive")
                                    << QStringLiteral("NCA Tour Champion: ");
    QTest::newRow("15 recreational") << QStringLiteral("15") << QStringLiteral("recreational")
                                     << QStringLiteral("Recreational Tour Champion: ");
}

void TestRatingViews::standingsNameALeaderBeforeTheFinale()
{
    QFETCH(QString, season);
    QFETCH(QString, division);
    QFETCH(QString, line);
    const bool decided = line.contains(QLatin1String("Champion"));
    ui::StandingsView view(*m_store);
    QSignalSpy ready(&view, &ui::StandingsView::standingsReady);
    QVERIFY(ready.wait(30000));
    view.setSeason(season);
    view.setDivision(division == QLatin1String("recreational") ? engine::Division::Recreational
                                                               : engine::Division::Competitive);
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().season == season &&
                                 view.result().division == view.division(),
                             30000);
    QVERIFY2(view.result().error.isEmpty(), qPrintable(view.result().error));
    QCOMPARE(view.result().decided, decided);
    const QString text = view.championLabel()->text();
    QVERIFY2(text.startsWith(line), qPrintable(text));
    QCOMPARE(text.contains(QLatin1String("Champion")), decided);
    QVERIFY2(!text.contains(QLatin1String("DECISIONS")), qPrintable(text)); // rule codes in the tooltip
    QVERIFY(view.championLabel()->toolTip().contains(QLatin1String("DECISIONS T2")));
    ui::StandingsModel* model = view.model();
    int champions = 0;
    int leaders = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        champions += model->data(model->index(row, 0), ui::StandingsModel::ChampionRole).toBool() ? 1 : 0;
        const QString note = model->data(model->index(row, ui::StandingsModel::NoteColumn)).toString();
        QVERIFY2(decided || !note.contains(QLatin1String("champion")), qPrintable(note));
        leaders += note.contains(QLatin1String("leader")) ? 1 : 0;
    }
    QCOMPARE(champions, decided ? 1 : 0);
    QCOMPARE(leaders, !decided && division == QLatin1String("recreational") ? 1 : 0);
    // The printed standings say the same.
    QCOMPARE(view.html().contains(QLatin1String("Champion")), decided);
}

// Issue 14, item 13: the date axis of a player's chart read "2026-11, 2026-11, 2026-12". Each
// label names a month (or a year, over a long span) once, on that month's first day.
void TestRatingViews::curveDateAxisNamesEachMonthOnce_data()
{
    QTest::addColumn<QDate>("first");
    QTest::addColumn<QDate>("last");
    QTest::addColumn<QStringList>("labels");
    const auto list = [](const char* labels) { return QString::fromLatin1(labels).split(u' '); };
    // Half a month of room at least before the first event and after the last.
    QTest::newRow("two events a month apart")
        << QDate(2026, 11, 14) << QDate(2026, 12, 12) << list("2026-10 2026-11 2026-12 2027-01");
    QTest::newRow("one event") << QDate(2026, 11, 14) << QDate(2026, 11, 14)
                               << list("2026-10 2026-11 2026-12");
    QTest::newRow("one season") << QDate(2025, 6, 21) << QDate(2026, 5, 30)
                                << list("2025-07 2025-09 2025-11 2026-01 2026-03 2026-05 2026-07");
    QTest::newRow("two seasons") << QDate(2024, 6, 1) << QDate(2026, 5, 30)
                                 << list("2024-07 2025-01 2025-07 2026-01 2026-07");
    QTest::newRow("ten years") << QDate(2016, 6, 4) << QDate(2025, 11, 29)
                               << list("2018 2020 2022 2024 2026");
}

void TestRatingViews::curveDateAxisNamesEachMonthOnce()
{
    QFETCH(QDate, first);
    QFETCH(QDate, last);
    QFETCH(QStringList, labels);
    ui::CurveChart chart;
    QList<ui::CurvePoint> points;
    for (QDate day = first; day <= last; day = day.addDays(13))
        points.append({day, 10.0 + day.dayOfYear() / 100.0, 2.0});
    if (points.back().date != last)
        points.append({last, 12.0, 1.5});
    chart.setCurve(points);
    chart.resize(640, 360);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.dateLabels(), labels);
    QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
}

void TestRatingViews::finaleSettingIsStored()
{
    ui::StandingsView view(*m_store);
    QSignalSpy ready(&view, &ui::StandingsView::standingsReady);
    QVERIFY(ready.wait(30000));
    view.setSeason(QStringLiteral("15"));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().season == QLatin1String("15"), 30000);
    // DECISIONS T2: the default Finale is the season's latest WCC Singles (event 96).
    QCOMPARE(view.result().finaleEventId, QStringLiteral("96"));
    QCOMPARE(view.finaleBox()->currentIndex(), 0);

    view.setFinale(QStringLiteral("95"));
    QCOMPARE(m_store->setting(Store::finaleKey(QStringLiteral("15"))).toString(), QStringLiteral("95"));
    QCOMPARE(view.finaleBox()->currentData().toString(), QStringLiteral("95"));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().finaleEventId == QLatin1String("95"),
                             30000);
    // The command reads the same setting.
    QString error;
    const std::map<QString, CliRow> cli =
        cliStandings(m_path, QStringLiteral("15"), QStringLiteral("competitive"), &error);
    QVERIFY(error.isEmpty());
    for (const engine::StandingsRow& row : view.result().standings.rows)
        QCOMPARE(QString::fromStdString(row.note), cli.at(QString::fromStdString(row.playerId)).note);

    view.setFinale(QString()); // back to the default
    QVERIFY(!m_store->setting(Store::finaleKey(QStringLiteral("15"))).isString());
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().finaleEventId == QLatin1String("96"),
                             30000);
}

void TestRatingViews::standingsPdf()
{
    ui::StandingsView view(*m_store);
    QSignalSpy ready(&view, &ui::StandingsView::standingsReady);
    QVERIFY(ready.wait(30000));
    view.setSeason(QStringLiteral("15"));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().season == QLatin1String("15"), 30000);
    QVERIFY(view.html().contains(QStringLiteral("NCA Tour standings")));
    QVERIFY(view.html().contains(QStringLiteral("746")));

    const QString path = m_temp.filePath(QStringLiteral("standings.pdf"));
    QString error;
    QVERIFY2(view.savePdf(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray pdf = file.readAll();
    QVERIFY(pdf.startsWith("%PDF-1."));
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    QVERIFY(pdf.contains("/Type /Catalog") || pdf.contains("/Type/Catalog"));
    QVERIFY(pdf.contains("startxref"));
    // Several pages of a long table: a page object per page.
    QVERIFY(pdf.contains("/Page"));
    QVERIFY(pdf.size() > 4000);
}

void TestRatingViews::tierReportEqualsPointsCommand()
{
    ui::TierReport report(*m_store);
    QSignalSpy ready(&report, &ui::TierReport::reportReady);
    QVERIFY(ready.wait(30000));
    report.setSeason(QStringLiteral("15"));
    QTRY_VERIFY_WITH_TIMEOUT(!report.isComputing() && report.model()->rowCount() > 0 &&
                                 report.season() == QLatin1String("15"),
                             30000);

    // `flickdesk-cli points` names every event that meets a higher Tier's floor (DECISIONS P10).
    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    QCOMPARE(core::runCli({QStringLiteral("points"), QStringLiteral("--db"), m_path}, outStream, errStream),
             0);
    errStream.flush();
    std::map<QString, int> meets;
    const QRegularExpression line(QStringLiteral("event (\\S+) \\(.*\\) meets the Tier (\\d) points floor"));
    for (const QString& text : err.split(u'\n')) {
        const QRegularExpressionMatch match = line.match(text);
        if (match.hasMatch())
            meets[match.captured(1)] = match.captured(2).toInt();
    }
    QVERIFY(!meets.empty());

    const core::HistoryFolder folder = m_store->loadHistory();
    int inSeason = 0;
    for (const ui::TierReportRow& row : report.model()->rows()) {
        const auto it = meets.find(row.eventId);
        QCOMPARE(row.meetsHigherTierFloor.has_value(), it != meets.end());
        if (it != meets.end()) {
            QCOMPARE(static_cast<int>(*row.meetsHigherTierFloor), it->second);
            ++inSeason;
            QVERIFY(row.unflooredWinnerPoints >= engine::winnerPointsFloor(*row.meetsHigherTierFloor));
        }
    }
    int tourEvents = 0;
    for (const core::EventInfo& info : folder.events)
        tourEvents += info.season == QLatin1String("15") && info.tour != core::Tour::None ? 1 : 0;
    QCOMPARE(report.model()->rowCount(), tourEvents);

    report.setOnlyMeeting(true);
    QCOMPARE(report.model()->rowCount(), inSeason);
    QVERIFY(report.summaryLabel()->text().contains(QStringLiteral("%1 of %2").arg(inSeason).arg(tourEvents)));
    report.setOnlyMeeting(false);
}

void TestRatingViews::awardedLocksKeptAndDifferencesShown()
{
    if (m_store->ratingRuns().empty())
        QVERIFY(recompute());
    // Award event 95 (WCC Singles 2024) as the window would: from the lock of its month.
    const core::HistoryFolder folder = m_store->loadHistory();
    engine::FlickSkillParameters parameters;
    m_store->flickSkillParameters().applyTo(parameters);
    const core::TourPoints points = core::computeTourPoints(
        folder, parameters, [](const core::EventInfo& info) { return info.eventId == QLatin1String("95"); });
    QCOMPARE(points.events.size(), std::size_t{1});
    const core::AwardRecord award = core::awardRecordOf(folder, points.events.front(), points.locks);
    m_store->award(QStringLiteral("95"), award);
    const QString month = award.lockMonth;
    QCOMPARE(month, QStringLiteral("2024-06"));
    const std::vector<core::LockedRating> lockBefore = m_store->lockRatings(month);

    // Different parameters make different locks.
    const QString key = QStringLiteral("flickskill.parameters"); // core/store/storeprivate.h parametersKey
    const QJsonValue saved = m_store->setting(key);
    QJsonObject changed = saved.toObject();
    changed.insert(QStringLiteral("beta"), 1.4);
    m_store->setSetting(key, changed);

    ui::RecomputeDialog dialog(*m_store);
    QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
    dialog.start();
    QVERIFY(finished.wait(120000));
    m_store->setSetting(key, saved);
    QCOMPARE(finished.first().first().toBool(), true);

    // DECISIONS P2: the awarded event's lock stayed as it was ...
    QCOMPARE(dialog.lastReport().kept, QStringList{month});
    QVERIFY(!dialog.lastReport().written.contains(month));
    QCOMPARE(m_store->lockRatings(month), lockBefore);
    // ... and the dialog shows what the new lock would change, not applied.
    const ui::LockDifferenceModel* differences = dialog.differencesModel();
    QCOMPARE(differences->rowCount(), 1);
    const ui::LockDifference& d = differences->differences().front();
    QCOMPARE(d.eventId, QStringLiteral("95"));
    QCOMPARE(d.lockMonth, month);
    QCOMPARE(d.oldFsi, award.fsi);
    QCOMPARE(d.oldFdi, award.fdi);
    QCOMPARE(d.oldWinnerPoints, points.events.front().payout.awards.front());
    QVERIFY(std::abs(d.newFsi - d.oldFsi) > 1e-6);
    const std::optional<core::AwardRecord> frozen = m_store->currentAward(QStringLiteral("95"));
    QVERIFY(frozen);
    QCOMPARE(frozen->revision, 1);
    QCOMPARE(frozen->fsi, award.fsi);
    QCOMPARE(frozen->ratings, award.ratings);
    QCOMPARE(frozen->awards, award.awards);

    // The player page now shows event 95 from its frozen award.
    ui::PlayerPage page(*m_store);
    page.setPlayer(QStringLiteral("746"));
    QTRY_VERIFY_WITH_TIMEOUT(page.model()->rowCount() == 50, 30000);
    const auto row =
        std::find_if(page.model()->rows().begin(), page.model()->rows().end(),
                     [](const ui::PlayerEventRow& r) { return r.eventId == QLatin1String("95"); });
    QVERIFY(row != page.model()->rows().end());
    QCOMPARE(row->basis, ui::FieldRatingsBefore::Basis::Award);
    QVERIFY(row->pointsAwarded);
    for (const core::PlayerAward& points : award.awards) {
        if (points.playerId == QLatin1String("746"))
            QCOMPARE(*row->points, points.points);
    }

    // Standings use the frozen awards; with the same values they still equal the command's.
    QString error;
    const std::map<QString, CliRow> cli =
        cliStandings(m_path, QStringLiteral("15"), QStringLiteral("competitive"), &error);
    QVERIFY(error.isEmpty());
    ui::StandingsView view(*m_store);
    view.setSeason(QStringLiteral("15"));
    QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().season == QLatin1String("15"), 30000);
    QCOMPARE(view.result().standings.rows.size(), cli.size());
    for (const engine::StandingsRow& r : view.result().standings.rows)
        QCOMPARE(r.rank, cli.at(QString::fromStdString(r.playerId)).rank);
}

void TestRatingViews::screenshots()
{
    const QString dir = screenshotDir();
    if (dir.isEmpty())
        QSKIP("FLICKDESK_SCREENSHOT_DIR is not set");
    QVERIFY(QDir().mkpath(dir));
    const QString platform = QGuiApplication::platformName();
    const auto save = [&](QWidget& widget, const QString& name) {
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QImage image;
        QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = widget.grab().toImage()), 5000);
        const QString path = QDir(dir).filePath(QStringLiteral("%1-%2.png").arg(name, platform));
        QVERIFY2(image.save(path), qPrintable(path));
        qInfo("screenshot: %s", qPrintable(path));
    };

    // The recompute dialog after a run (and so the stored locks the player page uses).
    {
        ui::RecomputeDialog dialog(*m_store);
        QSignalSpy finished(&dialog, &ui::RecomputeDialog::runFinished);
        dialog.show();
        dialog.start();
        QVERIFY(finished.wait(120000));
        save(dialog, QStringLiteral("recompute"));
    }
    {
        ui::RatingsListView view(*m_store);
        view.resize(1000, 640);
        QSignalSpy changed(&view, &ui::RatingsListView::ratingRunChanged);
        QVERIFY(changed.wait(30000));
        save(view, QStringLiteral("ratings-list"));
    }
    {
        ui::PlayerPage page(*m_store);
        page.resize(1100, 760);
        page.setPlayer(QStringLiteral("746"));
        QTRY_VERIFY_WITH_TIMEOUT(page.model()->rowCount() > 0, 30000);
        save(page, QStringLiteral("player-page"));
    }
    {
        ui::StandingsView view(*m_store);
        view.resize(1000, 640);
        view.setSeason(QStringLiteral("15"));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().season == QLatin1String("15") &&
                                     view.model()->rowCount() > 0,
                                 30000);
        save(view, QStringLiteral("standings"));
        const QString pdf = QDir(dir).filePath(QStringLiteral("standings-%1.pdf").arg(platform));
        QVERIFY(view.savePdf(pdf));
        qInfo("printed standings: %s", qPrintable(pdf));
        view.setDivision(engine::Division::Recreational);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() &&
                                     view.result().division == engine::Division::Recreational &&
                                     view.model()->rowCount() > 0,
                                 30000);
        save(view, QStringLiteral("standings-recreational"));
        // Season 16, its Finale not played yet: a leader, no champion (issue 14, item 4).
        view.setSeason(QStringLiteral("16"));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isComputing() && view.result().season == QLatin1String("16") &&
                                     view.model()->rowCount() > 0,
                                 30000);
        QVERIFY(view.championLabel()->text().startsWith(QLatin1String("Recreational Tour leader")));
        save(view, QStringLiteral("standings-leader"));
    }
    {
        ui::TierReport report(*m_store);
        report.resize(1000, 560);
        report.setSeason(QStringLiteral("15"));
        QTRY_VERIFY_WITH_TIMEOUT(!report.isComputing() && report.season() == QLatin1String("15") &&
                                     report.model()->rowCount() > 0,
                                 30000);
        save(report, QStringLiteral("tier-report"));
    }
}

// Quitting (QCoreApplication::aboutToQuit) stops the Tour views' locks and the storing of them:
// quitting waits for the step in progress, not for every month of a season (ui::quitting).
void TestRatingViews::quittingStopsTheTourViewsLocks()
{
    const std::unique_ptr<Store> store = openImportedStore(QStringLiteral("quitting.sqlite"));
    QVERIFY(store);
    QVERIFY(ui::backgroundPool() != QThreadPool::globalInstance());
    QVERIFY(!ui::quitting().isCancelled());
    QTimer::singleShot(0, qApp, &QCoreApplication::quit);
    QCoreApplication::exec(); // returns with aboutToQuit
    QVERIFY(ui::quitting().isCancelled());

    auto standings = std::make_unique<ui::StandingsView>(*store);
    standings->setSeason(QStringLiteral("15"));
    auto report = std::make_unique<ui::TierReport>(*store);
    report->setSeason(QStringLiteral("15"));
    QTRY_VERIFY_WITH_TIMEOUT(!standings->isComputing() && !report->isComputing(), 60000);
    QVERIFY(ui::backgroundPool()->waitForDone(60000));
    QVERIFY(!standings->result().error.isEmpty());
    QCOMPARE(standings->result().locksComputed, 0);
    QCOMPARE(standings->model()->rowCount(), 0);
    QCOMPARE(report->locksComputed(), 0);
    QCOMPARE(report->model()->rowCount(), 0);
    QCOMPARE(testing::queryInteger(store->path(), "SELECT count(*) FROM locks"), 0);
}

QTEST_MAIN(TestRatingViews)
#include "tst_ratingviews.moc"
