// The morning preview, the payout simulator, their table model and chart: they must show exactly
// the engine's numbers, update precisely, print, and (with FLICKDESK_SCREENSHOT_DIR set) save
// screenshots that show a person what they look like.
#include "../common/imagecheck.h"
#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "core/store/store.h"
#include "flickdesk/engine/points.h"
#include "widgets/charts/curvechart.h"
#include "widgets/charts/payoutchart.h"
#include "widgets/eventday/entrantspanel.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "models/eventday/payouttablemodel.h"
#include "widgets/eventday/sheetprinting.h"
#include "widgets/eventday/simulatorwidget.h"
#include "widgets/mainwindow.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsView>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <QPrinter>
#include <QPushButton>
#include <QScopeGuard>
#include <QSet>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using namespace flickdesk;
using flickdesk::ui::PayoutChart;
using flickdesk::ui::PayoutPreviewWidget;
using flickdesk::ui::PayoutTableModel;
using flickdesk::ui::SimulatorWidget;

Q_DECLARE_METATYPE(flickdesk::engine::PayoutTable)

namespace {

// Deterministic fields of locked ratings in seed order: a smooth spread from strong to weak with
// some jitter, as a real field's ratings fall.
std::vector<double> syntheticField(int units, double top, double bottom)
{
    std::vector<double> ratings;
    for (int i = 0; i < units; ++i) {
        const double t = units > 1 ? double(i) / (units - 1) : 0.0;
        ratings.push_back(top + (bottom - top) * t + 0.35 * std::sin(1.7 * i));
    }
    return ratings;
}

engine::PayoutTable strongSinglesField(int units = 36)
{
    return engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::One,
                                      syntheticField(units, 4.6, -0.4));
}

// Pages in a PDF: each page object has "/Type /Page" (the page tree has "/Type /Pages").
int pdfPageCount(const QByteArray& pdf)
{
    int pages = 0;
    for (qsizetype at = pdf.indexOf("/Type /Page"); at >= 0; at = pdf.indexOf("/Type /Page", at + 1)) {
        if (pdf.mid(at + 11, 1) != "s")
            ++pages;
    }
    return pages;
}

// The place axis shows places 1..N with at most a little room either side.
bool showsPlaces(QPointF range, int fieldSize)
{
    return range.x() <= 1.0 && range.y() >= fieldSize &&
           range.y() - range.x() <= (fieldSize - 1) * 1.05 + 1.0;
}

QString screenshotDir()
{
    return qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
}

} // namespace

class TestPayoutViews : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelPassesTheModelTester();
    void modelUpdatesPrecisely();
    void depthLiftColumnAddsUp();
    void previewShowsTheEnginesNumbers_data();
    void previewShowsTheEnginesNumbers();
    void previewShowsTheFigures();
    void chartRendersIntoAPainter();
    void chartHoldsTheFieldAfterEveryCheckIn();
    void simulatorStartsFromAnEvent_data();
    void simulatorStartsFromAnEvent();
    void simulatorDepthSliderLiftsPlacesAfterTheWinner();
    void simulatorFormatSwitchChangesDecay();
    void simulatorTierRaisesFieldStrengthToItsFloor();
    void simulatorFieldSizeSliderMovesTheLastPlace();
    void simulatorAddsHypotheticalPlayersToTheEvent();
    void simulatorHypotheticalFieldWithoutAnEvent();
    void savePdfWritesAPdf();
    void printsToAPdfPrinter();
    void largeFieldSheetTakesMorePages();
    void sheetColumnsAreBalancedWithoutOrphans();
    void screenshots();
};

void TestPayoutViews::modelPassesTheModelTester()
{
    PayoutTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTable(strongSinglesField(36));
    model.setTable(strongSinglesField(37)); // a check-in
    model.setTable(strongSinglesField(20)); // withdrawals before the start
    model.setTable(engine::computePayoutTable(engine::EventFormat::Doubles, engine::Tier::Two,
                                              syntheticField(24, 3.0, 0.2)));
    model.setTable(strongSinglesField(1));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    model.setTable(strongSinglesField(200));
    QCOMPARE(model.rowCount(), 200);
    QCOMPARE(model.columnCount(), int(PayoutTableModel::ColumnCount));
    QCOMPARE(model.headerData(PayoutTableModel::PlaceColumn, Qt::Horizontal).toString(),
             QStringLiteral("Place"));
    QCOMPARE(model.headerData(PayoutTableModel::PointsColumn, Qt::Horizontal).toString(),
             QStringLiteral("Points"));
    QVERIFY(!(model.flags(model.index(0, 1)) & Qt::ItemIsEditable));
}

void TestPayoutViews::modelUpdatesPrecisely()
{
    std::vector<double> ratings = syntheticField(36, 4.6, 0.9);
    const engine::PayoutTable before =
        engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::One, ratings);
    PayoutTableModel model;
    model.setTable(before);

    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    // The same table again: nothing to tell a view.
    model.setTable(before);
    QCOMPARE(changed.size(), 0);
    QCOMPARE(inserted.size(), 0);

    // One weak player checks in: one row at the end; the winner's FSI and points do not move.
    ratings.push_back(-0.5);
    const engine::PayoutTable after =
        engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::One, ratings);
    QCOMPARE(after.points.front(), before.points.front());
    model.setTable(after);
    QCOMPARE(resets.size(), 0);
    QCOMPARE(removed.size(), 0);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(inserted.at(0).at(1).toInt(), 36);
    QCOMPARE(inserted.at(0).at(2).toInt(), 36);
    QVERIFY(!changed.isEmpty());
    for (const QList<QVariant>& signal : changed) {
        const auto topLeft = signal.at(0).value<QModelIndex>();
        const auto bottomRight = signal.at(1).value<QModelIndex>();
        QVERIFY2(topLeft.row() > 0, "place 1 did not change and must not be reported");
        QVERIFY(bottomRight.row() < 36);
        QCOMPARE(topLeft.column(), int(PayoutTableModel::PointsColumn));
    }
    for (int row = 0; row < 37; ++row)
        QCOMPARE(model.index(row, 0).data(PayoutTableModel::PointsRole).toDouble(),
                 after.points[std::size_t(row)]);

    // And the player withdraws before the start: the last row goes.
    changed.clear();
    model.setTable(before);
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.at(0).at(1).toInt(), 36);
    QCOMPARE(removed.at(0).at(2).toInt(), 36);
    QCOMPARE(resets.size(), 0);
    QCOMPARE(model.rowCount(), 36);
}

void TestPayoutViews::depthLiftColumnAddsUp()
{
    const engine::PayoutTable table = strongSinglesField(36);
    QVERIFY(table.fieldDepthIndex > 0.0);
    PayoutTableModel model;
    model.setTable(table);
    const std::vector<double> withoutLift = ui::pointsWithoutDepthLift(table);
    QCOMPARE(model.pointsWithoutDepthLift(), withoutLift);
    QCOMPARE(withoutLift.front(), table.points.front()); // DECISIONS P7: the winner is not lifted
    QCOMPARE(model.index(0, PayoutTableModel::DepthLiftColumn).data().toString(), QStringLiteral("\u2013"));
    for (int place = 2; place <= 36; ++place) {
        const auto i = std::size_t(place - 1);
        QCOMPARE(withoutLift[i], engine::fieldWeightedPoints(place, 36, table.fieldStrengthIndex, 0.0,
                                                             engine::EventFormat::Singles));
        QVERIFY(table.points[i] > withoutLift[i]);
        const double lift =
            QLocale().toDouble(model.index(int(i), PayoutTableModel::DepthLiftColumn).data().toString());
        QCOMPARE(engine::awardTenths(withoutLift[i]) + std::llround(lift * 10),
                 engine::awardTenths(table.points[i]));
    }
}

void TestPayoutViews::previewShowsTheEnginesNumbers_data()
{
    QTest::addColumn<engine::PayoutTable>("table");
    QTest::addColumn<std::vector<double>>("expectedPoints"); // empty: no reference beyond the engine

    // Fields of 36 entrants, as on a tournament morning.
    QTest::newRow("36 singles, Tier 1, strong") << strongSinglesField(36) << std::vector<double>{};
    QTest::newRow("36 singles, Tier 3, below the floor")
        << engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::Three,
                                      syntheticField(36, 1.0, -1.5))
        << std::vector<double>{};
    std::vector<engine::PartnerRatings> teams;
    const std::vector<double> partners = syntheticField(72, 4.0, 0.0);
    for (std::size_t i = 0; i < partners.size(); i += 2)
        teams.emplace_back(partners[i], partners[i + 1]);
    QTest::newRow("36 doubles teams, Tier 2")
        << engine::computePayoutTable(engine::Tier::Two, teams) << std::vector<double>{};

    // The reference fields of tests/data/reference/fwp, with their expected points.
    QFile file(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/reference/fwp/cases.json"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const QJsonArray cases =
        QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("cases")).toArray();
    QVERIFY(!cases.isEmpty());
    for (const QJsonValue& value : cases) {
        const QJsonObject c = value.toObject();
        const auto tier = static_cast<engine::Tier>(c.value(QStringLiteral("tier")).toInt());
        std::vector<double> expected;
        for (const QJsonValue& points : c.value(QStringLiteral("points")).toArray())
            expected.push_back(points.toDouble());
        engine::PayoutTable table;
        if (c.value(QStringLiteral("format")).toString() == QStringLiteral("doubles")) {
            std::vector<engine::PartnerRatings> pairs;
            for (const QJsonValue& entrant : c.value(QStringLiteral("entrants")).toArray())
                pairs.emplace_back(entrant.toArray().at(0).toDouble(), entrant.toArray().at(1).toDouble());
            table = engine::computePayoutTable(tier, pairs);
        } else {
            std::vector<double> ratings;
            for (const QJsonValue& entrant : c.value(QStringLiteral("entrants")).toArray())
                ratings.push_back(entrant.toDouble());
            table = engine::computePayoutTable(engine::EventFormat::Singles, tier, ratings);
        }
        QTest::newRow(qPrintable(c.value(QStringLiteral("name")).toString())) << table << expected;
    }
}

void TestPayoutViews::previewShowsTheEnginesNumbers()
{
    QFETCH(engine::PayoutTable, table);
    QFETCH(std::vector<double>, expectedPoints);

    PayoutPreviewWidget preview;
    preview.setTable(table, QStringLiteral("Test Open"));
    const PayoutTableModel* model = preview.model();
    QCOMPARE(preview.tableView()->model(), model);
    QCOMPARE(model->rowCount(), table.fieldSize);

    const QList<QPointF> curve = preview.chart()->curvePoints();
    QCOMPARE(curve.size(), qsizetype(table.fieldSize));
    const std::vector<double> withoutLift = ui::pointsWithoutDepthLift(table);
    const QList<QPointF> lowerCurve = preview.chart()->depthLiftPoints();
    // The band between the curves shows the depth lift; without depth there is none.
    QCOMPARE(lowerCurve.size(), table.fieldDepthIndex > 0.0 ? qsizetype(table.fieldSize) : 0);
    for (int row = 0; row < table.fieldSize; ++row) {
        const auto i = std::size_t(row);
        QCOMPARE(model->index(row, 0).data(PayoutTableModel::PlaceRole).toInt(), row + 1);
        QCOMPARE(model->index(row, PayoutTableModel::PlaceColumn).data().toString(),
                 QLocale().toString(row + 1));
        // Exactly the engine's numbers: unrounded, awarded, and as displayed.
        QCOMPARE(model->index(row, 0).data(PayoutTableModel::PointsRole).toDouble(), table.points[i]);
        QCOMPARE(model->index(row, 0).data(PayoutTableModel::AwardRole).toDouble(), table.awards[i]);
        QCOMPARE(model->index(row, PayoutTableModel::PointsColumn).data().toString(),
                 QLocale().toString(table.awards[i], 'f', 1));
        QCOMPARE(curve.at(row), QPointF(row + 1, table.points[i]));
        if (!lowerCurve.isEmpty())
            QCOMPARE(lowerCurve.at(row), QPointF(row + 1, withoutLift[i]));
        if (!expectedPoints.empty())
            QVERIFY2(std::fabs(table.points[i] - expectedPoints[i]) < 1e-6, qPrintable(QString::number(row)));
    }
    QCOMPARE(preview.chart()->tierWinnerMinimum(), engine::winnerPointsFloor(table.tier));
    QCOMPARE(preview.chart()->pointsFloor(), 1.0);
    QVERIFY(preview.chart()->pointsRange().y() >= table.winnerPoints());
}

void TestPayoutViews::previewShowsTheFigures()
{
    const engine::PayoutTable table = strongSinglesField(36);
    PayoutPreviewWidget preview;
    preview.setEventDate(QDate(2026, 11, 14));
    preview.setTable(table, QStringLiteral("Test Open"));
    auto label = [&preview](const char* name) {
        auto* l = preview.findChild<QLabel*>(QString::fromLatin1(name));
        return l ? l->text() : QStringLiteral("<missing>");
    };
    // DECISIONS P8: FSI and FDI to 3 decimals.
    QCOMPARE(label("fieldStrength"), QLocale().toString(table.fieldStrengthIndex, 'f', 3));
    QCOMPARE(label("fieldDepth"), QLocale().toString(table.fieldDepthIndex, 'f', 3));
    QCOMPARE(label("fieldSize"), QStringLiteral("36"));
    QCOMPARE(label("fieldSizeCaption"), QStringLiteral("Players (N)"));
    QCOMPARE(label("tierFloor"), QLocale().toString(40.0, 'f', 1));
    QVERIFY(label("tierFloorCaption").contains(QStringLiteral("Tier 1")));
    QCOMPARE(label("winnerPoints"), QLocale().toString(table.awards.front(), 'f', 1));
    QCOMPARE(label("eventTitle"), QStringLiteral("Test Open"));
    QVERIFY(label("eventSubtitle").contains(QLocale().toString(QDate(2026, 11, 14), QLocale::LongFormat)));

    // A weak field at a Tier 3 event: the floor lifts the winner (the explainer's Florida example).
    const engine::PayoutTable weak = engine::computePayoutTable(
        engine::EventFormat::Singles, engine::Tier::Three, syntheticField(14, 0.8, -1.0));
    preview.setTable(weak, QStringLiteral("Small Open"));
    QCOMPARE(label("fieldStrength"), QStringLiteral("0.400"));
    QCOMPARE(label("winnerPoints"), QLocale().toString(20.0, 'f', 1));
    QVERIFY2(label("notes").contains(QStringLiteral("raised")), qPrintable(label("notes")));
    QVERIFY2(label("notes").contains(QStringLiteral("FDI is 0")), qPrintable(label("notes")));
}

void TestPayoutViews::chartRendersIntoAPainter()
{
    PayoutChart chart;
    chart.resize(500, 300);
    const engine::PayoutTable table = strongSinglesField(200);
    chart.setCurve(table);
    chart.setDepthLift(ui::pointsWithoutDepthLift(table));
    chart.setFloorLine(40.0);
    chart.setTitle(QStringLiteral("Points by place"));
    QCOMPARE(chart.title(), QStringLiteral("Points by place"));
    QVERIFY(showsPlaces(chart.placeRange(), 200));

    // Larger than the widget and at print resolution: the chart is laid out for the target.
    QImage image(1600, 1000, QImage::Format_RGB32);
    image.setDotsPerMeterX(11811); // 300 dpi
    image.setDotsPerMeterY(11811);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        chart.render(&painter, QRectF(0, 0, 1600, 1000));
    }
    QVERIFY(showsSomething(image, 8));
    QCOMPARE(chart.size(), QSize(500, 300)); // the widget keeps its own layout

    chart.clear();
    QVERIFY(chart.curvePoints().isEmpty());
    QVERIFY(chart.depthLiftPoints().isEmpty());
}

// Issue 14, item 14: a point stayed on the payout chart after check-ins until something repainted
// it. Checked in and out by Space in the entrants list, the chart holds exactly the N places of the
// preview after each change (its series replaced, never appended to), and the whole chart is
// repainted on every change.
void TestPayoutViews::chartHoldsTheFieldAfterEveryCheckIn()
{
    QTemporaryDir temp;
    const auto store = testing::openStore(temp.filePath(QStringLiteral("checkin.sqlite")));
    QVERIFY(store);
    core::EventDraft draft = testing::draftOn(QStringLiteral("2025-12-06"));
    draft.name = QStringLiteral("Elmira Singles");
    ui::EventSession session(*store, store->createEvent(draft));
    QVERIFY(testing::waitForRatings(session));
    QVERIFY(session.isValid());
    constexpr int players = 8;
    for (int player = 1; player <= players; ++player)
        QVERIFY(session.addEntrant(
            {store->addPlayer(QStringLiteral("Player %1").arg(player), QStringLiteral("Elmira"))}));
    ui::EntrantsPanel panel;
    panel.setSession(&session);
    const auto detach = qScopeGuard([&panel] { panel.setSession(nullptr); });
    panel.resize(1280, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    PayoutChart* chart = panel.preview()->chart();
    auto* chartView = chart->findChild<QGraphicsView*>(QStringLiteral("payoutChartView"));
    QVERIFY(chartView);
    QCOMPARE(chartView->viewportUpdateMode(), QGraphicsView::FullViewportUpdate);
    QVERIFY(chart->curvePoints().isEmpty());

    QTableView* entrants = panel.entrantsView();
    entrants->setFocus();
    const auto holdsTheField = [&](int n) {
        const QList<QPointF> points = chart->curvePoints();
        const engine::PayoutTable& table = panel.preview()->table();
        if (table.fieldSize != n || points.size() != n)
            return false;
        for (int place = 1; place <= n; ++place) {
            if (points[place - 1] != QPointF(place, table.points[static_cast<std::size_t>(place - 1)]))
                return false;
        }
        return true;
    };
    for (int row = 0; row < players; ++row) {
        entrants->setCurrentIndex(entrants->model()->index(row, 0));
        QTest::keyClick(entrants, Qt::Key_Space);
        QVERIFY2(holdsTheField(row + 1), qPrintable(QString::number(chart->curvePoints().size())));
    }
    // Checked out again: the chart shrinks with the field.
    for (int row = players - 1; row >= players - 3; --row) {
        entrants->setCurrentIndex(entrants->model()->index(row, 0));
        QTest::keyClick(entrants, Qt::Key_Space);
        QVERIFY2(holdsTheField(row), qPrintable(QString::number(chart->curvePoints().size())));
    }
    QCOMPARE(chart->placeRange().y(), players - 3 + 0.4);

    // Issue 14, item 10: the legend's names were cut ("Depth ...", "Winner..."). Under the chart it
    // wraps: every name whole, and the label as tall as its wrapped text.
    auto* legend = chart->findChild<QLabel*>(QStringLiteral("payoutChartLegend"));
    QVERIFY(legend);
    QVERIFY(legend->isVisible());
    for (const char* name : {"Points", "Winner minimum: 20", "Floor: 1.0"})
        QVERIFY2(legend->text().contains(QLatin1String(name)), name);
    // New players all rated alike: a field without depth, so no depth lift to show.
    QCOMPARE(legend->text().contains(QLatin1String("Depth lift")),
             panel.preview()->table().fieldDepthIndex > 0.0);
    QVERIFY(legend->width() <= chart->width());
    QVERIFY2(
        legend->height() >= legend->heightForWidth(legend->width()),
        qPrintable(
            QStringLiteral("%1 < %2").arg(legend->height()).arg(legend->heightForWidth(legend->width()))));
}

void TestPayoutViews::simulatorStartsFromAnEvent_data()
{
    QTest::addColumn<engine::PayoutTable>("table");
    QTest::newRow("36 singles, Tier 1") << strongSinglesField(36);
    QTest::newRow("36 singles, Tier 3 floor") << engine::computePayoutTable(
        engine::EventFormat::Singles, engine::Tier::Three, syntheticField(36, 1.0, -1.5));
    std::vector<engine::PartnerRatings> teams;
    const std::vector<double> partners = syntheticField(72, 4.0, 0.0);
    for (std::size_t i = 0; i < partners.size(); i += 2)
        teams.emplace_back(partners[i], partners[i + 1]);
    QTest::newRow("36 doubles teams, Tier 2") << engine::computePayoutTable(engine::Tier::Two, teams);
    QTest::newRow("experimental cap 1.00")
        << engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::Two,
                                      syntheticField(36, 5.0, 1.5), engine::proposedExperimentalCap);
}

void TestPayoutViews::simulatorStartsFromAnEvent()
{
    QFETCH(engine::PayoutTable, table);
    SimulatorWidget simulator;
    simulator.startFrom(table);

    const engine::PayoutTable& shown = simulator.table();
    QCOMPARE(shown.format, table.format);
    QCOMPARE(shown.tier, table.tier);
    QCOMPARE(shown.fieldSize, table.fieldSize);
    QCOMPARE(shown.fieldStrengthIndex, table.fieldStrengthIndex);
    QCOMPARE(shown.fieldDepthIndex, table.fieldDepthIndex);
    QCOMPARE(shown.capApplied, table.capApplied);
    QCOMPARE(shown.points, table.points);
    QCOMPARE(shown.awards, table.awards);
    QCOMPARE(simulator.fieldSize(), table.fieldSize);
    QCOMPARE(simulator.format(), table.format);
    QCOMPARE(simulator.tier(), table.tier);
    for (int row = 0; row < table.fieldSize; ++row) {
        QCOMPARE(simulator.model()->index(row, PayoutTableModel::PointsColumn).data().toString(),
                 QLocale().toString(table.awards[std::size_t(row)], 'f', 1));
    }
    QCOMPARE(simulator.chart()->curvePoints().size(), qsizetype(table.fieldSize));
}

void TestPayoutViews::simulatorDepthSliderLiftsPlacesAfterTheWinner()
{
    const engine::PayoutTable table = strongSinglesField(36);
    SimulatorWidget simulator;
    simulator.startFrom(table);
    auto* slider = simulator.findChild<QSlider*>(QStringLiteral("fieldDepthSlider"));
    QVERIFY(slider);
    QVERIFY(slider->value() + 100 <= slider->maximum());
    QSignalSpy changed(&simulator, &SimulatorWidget::tableChanged);

    // As a person drags it: valueChanged, no release.
    slider->setSliderDown(true);
    slider->setValue(slider->value() + 100);
    QCOMPARE(changed.size(), 1);
    const engine::PayoutTable& deeper = simulator.table();
    QCOMPARE(deeper.fieldDepthIndex, slider->value() / 1000.0);
    QVERIFY(deeper.fieldDepthIndex > table.fieldDepthIndex);
    // DECISIONS P7: the winner gets FSI x 50 whatever the depth; every other place gains.
    QCOMPARE(deeper.points.front(), table.points.front());
    for (std::size_t i = 1; i < deeper.points.size(); ++i) {
        QVERIFY2(deeper.points[i] > table.points[i], qPrintable(QString::number(i + 1)));
        QCOMPARE(simulator.model()->index(int(i), 0).data(PayoutTableModel::PointsRole).toDouble(),
                 deeper.points[i]);
        QCOMPARE(deeper.points[i],
                 engine::fieldWeightedPoints(int(i + 1), 36, table.fieldStrengthIndex, deeper.fieldDepthIndex,
                                             engine::EventFormat::Singles));
    }
    slider->setSliderDown(false);
}

void TestPayoutViews::simulatorFormatSwitchChangesDecay()
{
    SimulatorWidget simulator;
    simulator.startFrom(strongSinglesField(36));
    QCOMPARE(simulator.decay(), 1.7);
    const engine::PayoutTable singles = simulator.table();

    auto* combo = simulator.findChild<QComboBox*>(QStringLiteral("formatCombo"));
    QVERIFY(combo);
    combo->setCurrentIndex(combo->findData(int(engine::EventFormat::Doubles)));
    QCOMPARE(simulator.format(), engine::EventFormat::Doubles);
    QCOMPARE(simulator.decay(), 2.3);
    const engine::PayoutTable& doubles = simulator.table();
    QCOMPARE(doubles.format, engine::EventFormat::Doubles);
    QCOMPARE(doubles.points.front(), singles.points.front());
    for (std::size_t i = 1; i + 1 < doubles.points.size(); ++i) {
        QVERIFY2(doubles.points[i] < singles.points[i], qPrintable(QString::number(i + 1)));
        QCOMPARE(doubles.points[i],
                 engine::fieldWeightedPoints(int(i + 1), 36, singles.fieldStrengthIndex,
                                             singles.fieldDepthIndex, engine::EventFormat::Doubles));
    }
    auto* readout = simulator.findChild<QLabel*>(QStringLiteral("readout"));
    QVERIFY(readout);
    QVERIFY2(readout->text().contains(QLocale().toString(2.3, 'f', 1)), qPrintable(readout->text()));
}

void TestPayoutViews::simulatorTierRaisesFieldStrengthToItsFloor()
{
    SimulatorWidget simulator;
    simulator.setTier(engine::Tier::Three);
    simulator.setFieldStrength(0.5);
    QCOMPARE(simulator.table().fieldStrengthIndex, 0.5);
    simulator.setTier(engine::Tier::One);
    QCOMPARE(simulator.table().fieldStrengthIndex, 0.8); // DECISIONS P4
    QCOMPARE(simulator.table().points.front(), 40.0);
    QCOMPARE(simulator.chart()->tierWinnerMinimum(), 40.0);
    simulator.setExperimentalCap(0.7);
    QCOMPARE(simulator.table().fieldStrengthIndex, 0.7); // a cap below the floor wins
    QVERIFY(simulator.table().capApplied);
    simulator.setExperimentalCap(std::nullopt);
    simulator.setFieldStrength(1.3);
    QCOMPARE(simulator.table().fieldStrengthIndex, 1.3);
    QVERIFY(!simulator.table().meetsHigherTierFloor); // already Tier 1
    simulator.setTier(engine::Tier::Three);
    QCOMPARE(simulator.table().meetsHigherTierFloor, std::optional<engine::Tier>(engine::Tier::One)); // P10
}

void TestPayoutViews::simulatorFieldSizeSliderMovesTheLastPlace()
{
    SimulatorWidget simulator;
    auto* slider = simulator.findChild<QSlider*>(QStringLiteral("fieldSizeSlider"));
    QVERIFY(slider);
    QCOMPARE(slider->minimum(), SimulatorWidget::kMinimumFieldSize);
    QCOMPARE(slider->maximum(), SimulatorWidget::kMaximumFieldSize);
    for (int size : {2, 37, 200, 500}) {
        slider->setValue(size);
        QCOMPARE(simulator.fieldSize(), size);
        QCOMPARE(simulator.model()->rowCount(), size);
        QVERIFY(showsPlaces(simulator.chart()->placeRange(), size));
    }
    auto* strength = simulator.findChild<QSlider*>(QStringLiteral("fieldStrengthSlider"));
    QVERIFY(strength);
    QCOMPARE(strength->minimum(), 400);
    QCOMPARE(strength->maximum(), 2500);
}

void TestPayoutViews::simulatorAddsHypotheticalPlayersToTheEvent()
{
    // "What if 10 players rated about 3.5 arrive?", asked of a real field of 30 by the keyboard.
    const std::vector<double> field = syntheticField(30, 4.2, 0.3);
    const engine::PayoutTable now =
        engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::Two, field);
    SimulatorWidget simulator;
    simulator.resize(1280, 800);
    simulator.show();
    QVERIFY(QTest::qWaitForWindowExposed(&simulator));
    simulator.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&simulator));
    simulator.startFromEvent(QStringLiteral("Kitchener Fall Open"), now, field);
    QVERIFY(simulator.hasEvent());
    QCOMPARE(simulator.fieldSize(), 30);

    // The event's curve as it stands, beside the what-if curve, both named in the legend.
    PayoutChart* chart = simulator.chart();
    QCOMPARE(chart->comparisonPoints().size(), 30);
    QCOMPARE(chart->comparisonPoints().front().y(), now.points.front());
    QCOMPARE(chart->curveName(), QStringLiteral("What if"));
    QCOMPARE(chart->comparisonName(), QStringLiteral("Kitchener Fall Open now"));

    QSpinBox* count = simulator.addCountSpin();
    QDoubleSpinBox* rating = simulator.addRatingSpin();
    count->setFocus();
    count->selectAll();
    QTest::keyClicks(count, QStringLiteral("10"));
    QTest::keyClick(count, Qt::Key_Tab);
    QVERIFY(rating->hasFocus());
    rating->selectAll();
    QTest::keyClicks(rating, QStringLiteral("3.5"));
    QTest::keyClick(rating, Qt::Key_Tab);
    QVERIFY(simulator.addButton()->hasFocus());
    QTest::keyClick(simulator.addButton(), Qt::Key_Space);

    QCOMPARE(simulator.hypotheticalGroupCount(), 1);
    QCOMPARE(simulator.groupList()->count(), 1);
    QCOMPARE(simulator.groupList()->item(0)->text(), QStringLiteral("10 players rated about 3.50"));
    // Spread evenly around 3.5, the same every time.
    const std::vector<double> added = SimulatorWidget::spreadRatings(10, 3.5);
    QCOMPARE(added.size(), std::size_t{10});
    QCOMPARE(added, SimulatorWidget::spreadRatings(10, 3.5));
    QVERIFY(*std::min_element(added.begin(), added.end()) >= 3.25);
    QVERIFY(*std::max_element(added.begin(), added.end()) <= 3.75);
    QVERIFY(*std::min_element(added.begin(), added.end()) < *std::max_element(added.begin(), added.end()));
    QVERIFY(std::abs(std::accumulate(added.begin(), added.end(), 0.0) / 10.0 - 3.5) < 1e-12);

    // The field of 40 as the engine would pay it.
    std::vector<double> bigger = field;
    bigger.insert(bigger.end(), added.begin(), added.end());
    const engine::PayoutTable expected =
        engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::Two, bigger);
    QCOMPARE(simulator.fieldSize(), 40);
    QCOMPARE(simulator.model()->rowCount(), 40);
    QVERIFY(qFuzzyCompare(simulator.table().fieldStrengthIndex, expected.fieldStrengthIndex));
    QVERIFY(qFuzzyCompare(simulator.table().fieldDepthIndex, expected.fieldDepthIndex));
    for (std::size_t i = 0; i < expected.points.size(); ++i)
        QVERIFY2(qFuzzyCompare(simulator.table().points[i], expected.points[i]),
                 qPrintable(QString::number(i + 1)));
    QCOMPARE(chart->curvePoints().size(), 40);
    // The event's own curve stays beside it.
    QCOMPARE(chart->comparisonPoints().size(), 30);
    QCOMPARE(chart->comparisonPoints().back().y(), now.points.back());

    // A second group, then the first removed: the field follows.
    simulator.addHypotheticalPlayers(4, 1.0);
    QCOMPARE(simulator.fieldSize(), 44);
    simulator.groupList()->setCurrentRow(0);
    QVERIFY(simulator.removeGroupButton()->isEnabled());
    QTest::keyClick(simulator.removeGroupButton(), Qt::Key_Space);
    QCOMPARE(simulator.hypotheticalGroupCount(), 1);
    QCOMPARE(simulator.groupList()->item(0)->text(), QStringLiteral("4 players rated about 1.00"));
    QCOMPARE(simulator.fieldSize(), 34);
    simulator.removeHypotheticalGroup(0);
    // Back to the event's own field: its table again.
    QCOMPARE(simulator.fieldSize(), 30);
    QVERIFY(qFuzzyCompare(simulator.table().fieldStrengthIndex, now.fieldStrengthIndex));
    for (std::size_t i = 0; i < now.points.size(); ++i)
        QVERIFY(qFuzzyCompare(simulator.table().points[i], now.points[i]));
    // Nonsense is ignored rather than breaking the field.
    simulator.removeHypotheticalGroup(5);
    simulator.addHypotheticalPlayers(0, 3.0);
    simulator.addHypotheticalPlayers(3, std::nan(""));
    QCOMPARE(simulator.hypotheticalGroupCount(), 0);
    QCOMPARE(simulator.fieldSize(), 30);
}

void TestPayoutViews::simulatorHypotheticalFieldWithoutAnEvent()
{
    SimulatorWidget simulator;
    QVERIFY(!simulator.hasEvent());
    QVERIFY(simulator.chart()->comparisonPoints().isEmpty());
    simulator.setTier(engine::Tier::Three);
    simulator.addHypotheticalPlayers(12, 2.0);
    // A field of its own: 12 players, below the depth threshold (FDI 0), strength their mean / 3.3.
    QCOMPARE(simulator.fieldSize(), 12);
    QCOMPARE(simulator.fieldDepth(), 0.0);
    QVERIFY(std::abs(simulator.fieldStrength() - std::max(0.4, 2.0 / 3.3)) < 1e-9);
    QVERIFY(simulator.chart()->comparisonPoints().isEmpty());
    // In doubles the arrivals are teams.
    simulator.setFormat(engine::EventFormat::Doubles);
    QCOMPARE(simulator.groupList()->item(0)->text(), QStringLiteral("12 teams rated about 2.00"));
    QCOMPARE(simulator.fieldSize(), 12);
}

void TestPayoutViews::savePdfWritesAPdf()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    PayoutPreviewWidget preview;
    preview.setTable(strongSinglesField(36), QStringLiteral("Test Open"));
    const QString path = dir.filePath(QStringLiteral("sheet.pdf"));
    QVERIFY(preview.savePdf(path));
    QFile pdf(path);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    QVERIFY(bytes.size() > 10000);
    QVERIFY(bytes.startsWith("%PDF"));
    QCOMPARE(pdfPageCount(bytes), 1);

    QVERIFY(!preview.savePdf(dir.filePath(QStringLiteral("no/such/folder/sheet.pdf"))));
}

void TestPayoutViews::printsToAPdfPrinter()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    PayoutPreviewWidget preview;
    preview.setTable(strongSinglesField(36), QStringLiteral("Test Open"));
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    const QString path = dir.filePath(QStringLiteral("printed.pdf"));
    printer.setOutputFileName(path);
    QVERIFY(preview.print(&printer));
    QFile pdf(path);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    QCOMPARE(pdfPageCount(bytes), 1);
    QCOMPARE(printer.docName(), QStringLiteral("Test Open"));
}

void TestPayoutViews::largeFieldSheetTakesMorePages()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    PayoutPreviewWidget preview;
    preview.setTable(strongSinglesField(400), QStringLiteral("World Championship"));
    QPdfWriter probe(dir.filePath(QStringLiteral("probe.pdf")));
    probe.setResolution(300);
    const int pages = preview.sheetPageCount(probe);
    QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
    const QString path = dir.filePath(QStringLiteral("large.pdf"));
    QVERIFY(preview.savePdf(path));
    QFile pdf(path);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdfPageCount(pdf.readAll()) >= 2);
}

void TestPayoutViews::sheetColumnsAreBalancedWithoutOrphans()
{
    // The layout alone: 55 places in columns of up to 18 are four balanced columns, not 18/18/18/1.
    QCOMPARE(ui::sheet::placeColumns(55, 6, 20, 60), (std::vector<std::vector<int>>{{14, 14, 14, 13}}));
    QCOMPARE(ui::sheet::placeColumns(37, 6, 20, 60), (std::vector<std::vector<int>>{{13, 12, 12}}));
    QCOMPARE(ui::sheet::placeColumns(1, 6, 20, 60), (std::vector<std::vector<int>>{{1}}));
    QCOMPARE(ui::sheet::placeColumns(0, 6, 20, 60), (std::vector<std::vector<int>>{{}}));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QPageSize::PageSizeId paper : {QPageSize::A4, QPageSize::Letter}) {
        QPdfWriter probe(dir.filePath(QStringLiteral("probe.pdf")));
        probe.setResolution(300);
        probe.setPageLayout(QPageLayout(QPageSize(paper), QPageLayout::Portrait, QMarginsF(15, 15, 15, 12),
                                        QPageLayout::Millimeter));
        PayoutPreviewWidget preview;
        for (int places = 2; places <= 160; ++places) {
            preview.setTable(strongSinglesField(places), QStringLiteral("Test Open"));
            const std::vector<std::vector<int>> pages = preview.sheetColumns(probe);
            int total = 0;
            for (const std::vector<int>& columns : pages) {
                const int onPage = std::accumulate(columns.begin(), columns.end(), 0);
                total += onPage;
                if (columns.empty())
                    continue;
                const auto [fewest, most] = std::minmax_element(columns.begin(), columns.end());
                QVERIFY2(*most - *fewest <= 1, qPrintable(QStringLiteral("%1 places").arg(places)));
                if (onPage > 1)
                    QVERIFY2(*fewest >= 2,
                             qPrintable(QStringLiteral("%1 places: a single place in a column").arg(places)));
            }
            QCOMPARE(total, places);
        }
    }
}

void TestPayoutViews::screenshots()
{
    const QString dir = screenshotDir();
    if (dir.isEmpty())
        QSKIP("FLICKDESK_SCREENSHOT_DIR is not set");
    QVERIFY(QDir().mkpath(dir));
    const QString platform = QGuiApplication::platformName();
    QStringList saved;

    PayoutPreviewWidget preview;
    preview.setWindowTitle(QStringLiteral("Payout preview"));
    preview.setEventDate(QDate(2026, 11, 14));
    preview.setTable(strongSinglesField(36), QStringLiteral("Kitchener Fall Open: Competitive Singles"));
    preview.resize(1100, 760);
    preview.show();
    QVERIFY(QTest::qWaitForWindowExposed(&preview));
    QImage image;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = preview.grab().toImage(), 8), 5000);
    QString path = QDir(dir).filePath(QStringLiteral("payoutpreview-%1.png").arg(platform));
    QVERIFY2(image.save(path), qPrintable(path));
    saved << path;

    SimulatorWidget simulator;
    simulator.setWindowTitle(QStringLiteral("Payout simulator"));
    simulator.startFromEvent(QStringLiteral("Kitchener Fall Open"), preview.table(),
                             syntheticField(36, 4.6, -0.4));
    simulator.addHypotheticalPlayers(10, 3.5);
    auto* depth = simulator.findChild<QSlider*>(QStringLiteral("fieldDepthSlider"));
    QVERIFY(depth);
    depth->setValue(depth->value() + 200);
    simulator.resize(1280, 800);
    simulator.show();
    QVERIFY(QTest::qWaitForWindowExposed(&simulator));
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(image = simulator.grab().toImage(), 8), 5000);
    path = QDir(dir).filePath(QStringLiteral("simulator-%1.png").arg(platform));
    QVERIFY2(image.save(path), qPrintable(path));
    saved << path;

    // A page of the printed sheet as an image: 55 places in balanced columns, the time it was printed.
    {
        PayoutPreviewWidget sheet55;
        sheet55.setEventDate(QDate(2026, 11, 14));
        sheet55.setTable(strongSinglesField(55), QStringLiteral("Kitchener Fall Open: Competitive Singles"));
        sheet55.resize(1100, 760);
        const QImage page = sheet55.sheetPageImage(0, 100, QDateTime(QDate(2026, 11, 14), QTime(8, 5)));
        QVERIFY(showsSomething(page, 8));
        path = QDir(dir).filePath(QStringLiteral("payoutsheet-page1-%1.png").arg(platform));
        QVERIFY2(page.save(path), qPrintable(path));
        saved << path;
    }

    // The printed sheet, for a person to look at beside the windows.
    path = QDir(dir).filePath(QStringLiteral("payoutsheet-%1.pdf").arg(platform));
    QVERIFY(preview.savePdf(path));
    saved << path;

    // Issue 14, items 10, 13 and 14: the window at 1280x800, with the sample history and an event of
    // 24 checked-in players: the payout chart and the simulator's chart with their legends whole,
    // and a player's page with its chart.
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir temp;
    ui::MainWindow window;
    window.resize(1280, 800);
    QVERIFY(window.openDatabase(temp.filePath(QStringLiteral("morning.sqlite")),
                                ui::MainWindow::FirstStart::LoadSample));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    core::EventDraft draft =
        testing::draftOn(QStringLiteral("2025-12-13"), engine::EventFormat::Singles, 2, QStringLiteral("16"));
    draft.name = QStringLiteral("Tavistock Winter Open");
    const QString eventId = window.store()->createEvent(draft);
    window.eventList()->refreshEvent(eventId);
    QVERIFY(window.selectEvent(eventId));
    QVERIFY(testing::waitForRatings(*window.session()));
    const QStringList players = testing::recentPlayers(*window.store(), 24);
    for (const QString& player : players)
        QVERIFY(window.session()->addEntrant({player}));
    for (int unit = 1; unit <= players.size(); ++unit)
        QVERIFY(window.session()->setCheckedIn(unit, true));
    const auto shoot = [&](const QString& name) {
        QTest::qWait(100); // widgets shown by a queued call
        QImage shot;
        QTRY_VERIFY_WITH_TIMEOUT(showsSomething(shot = window.grab().toImage(), 8), 5000);
        QCOMPARE(shot.size(), QSize(1280, 800) * window.devicePixelRatio());
        const QString file = QDir(dir).filePath(QStringLiteral("%1-1280x800-%2.png").arg(name, platform));
        QVERIFY2(shot.save(file), qPrintable(file));
        saved << file;
    };
    PayoutChart* eventChart = window.findChild<ui::EntrantsPanel*>()->preview()->chart();
    QCOMPARE(eventChart->curvePoints().size(), 24);
    auto* legend = eventChart->findChild<QLabel*>(QStringLiteral("payoutChartLegend"));
    QVERIFY(legend);
    for (const char* name :
         {"Points", "Depth lift", "Without depth lift", "Winner minimum: 30", "Floor: 1.0"})
        QVERIFY2(legend->text().contains(QLatin1String(name)), name);
    QTRY_VERIFY(legend->height() >= legend->heightForWidth(legend->width())); // once laid out again
    shoot(QStringLiteral("eventday"));
    window.startSimulatorFromEvent();
    shoot(QStringLiteral("simulator"));
    for (int tab = 0; tab < window.tabs()->count(); ++tab) {
        if (window.tabs()->tabText(tab) == QLatin1String("&Ratings"))
            window.tabs()->setCurrentIndex(tab);
    }
    auto* list = window.findChild<ui::RatingsListView*>();
    auto* page = window.findChild<ui::PlayerPage*>();
    QVERIFY(list && page);
    QTRY_VERIFY_WITH_TIMEOUT(list->ratingRun() != nullptr, 30000);
    list->table()->setFocus();
    list->table()->setCurrentIndex(list->table()->model()->index(0, 0));
    QTRY_VERIFY_WITH_TIMEOUT(!page->chart()->muPoints().isEmpty(), 30000);
    shoot(QStringLiteral("ratings"));

    qInfo("screenshots: %s", qPrintable(saved.join(QStringLiteral(", "))));
}

QTEST_MAIN(TestPayoutViews)
#include "tst_payoutviews.moc"
