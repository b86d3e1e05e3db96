// The chart adapter (CODING_GUIDELINES.md "Charts"): the one file of FlickDesk that includes Qt
// Charts. Qt Charts is deprecated from Qt 6.10 and its successor has no Widgets API yet, so every
// chart lives behind a small domain class whose header names no Qt Charts type (PayoutChart: points
// against place; CurveChart: a player's learning curve), and replacing the library changes this file
// alone.
#include "widgets/charts/curvechart.h"
#include "widgets/charts/payoutchart.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPaintDevice>
#include <QPainter>
#include <QPen>
#include <QRectF>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

// ---- PayoutChart

namespace flickdesk::ui {

namespace {

// The screen resolution a chart is laid out for; render() scales from it to the painter's.
constexpr qreal kLayoutDpi = 96.0;

// Markers help to read a small field place by place; on a large one they are a smear.
constexpr int kMostMarkedPlaces = 40;

const QColor kCurveColour(0x1f, 0x5f, 0xa8);
const QColor kWithoutLiftColour(0x80, 0x80, 0x80);
const QColor kTierColour(0xc0, 0x39, 0x2b);
const QColor kFloorColour(0x4d, 0x4d, 0x4d);
const QColor kComparisonColour(0xe6, 0x7e, 0x22);
constexpr int kBandAlpha = 60;

// The legend under the chart: a label that wraps, whose minimum height is its wrapped text's at
// its width. A plain label's minimum is one line, so that where the preview leaves the chart little
// room (1280x800) the layout gave the legend one line and drew its second over the chart's axis
// title ("Winner minimum: 30" over "Place"); with this minimum the chart asks for the room it needs.
class WrappedLegend : public QLabel {
public:
    using QLabel::QLabel;

    void setLegendText(const QString& text)
    {
        setText(text);
        fitHeight();
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QLabel::resizeEvent(event);
        fitHeight();
    }

private:
    void fitHeight()
    {
        const int wrapped = heightForWidth(width());
        if (wrapped > 0 && wrapped != minimumHeight())
            setMinimumHeight(wrapped);
    }
};

// 1, 2 or 5 times a power of ten, at least range / targetTicks: a tick step a person reads easily.
double niceStep(double range, int targetTicks)
{
    if (!(range > 0.0))
        return 1.0;
    const double raw = range / targetTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double normalized = raw / magnitude;
    const double step = normalized <= 1.0 ? 1.0 : normalized <= 2.0 ? 2.0 : normalized <= 5.0 ? 5.0 : 10.0;
    return step * magnitude;
}

QList<QPointF> placePoints(std::span<const double> points)
{
    QList<QPointF> result;
    result.reserve(static_cast<qsizetype>(points.size()));
    for (std::size_t i = 0; i < points.size(); ++i)
        result.append(QPointF(static_cast<double>(i + 1), points[i]));
    return result;
}

// Bevel joins (the default): round ones cost an arc per place to stroke on every update.
QPen linePen(const QColor& colour, qreal width, Qt::PenStyle style = Qt::SolidLine)
{
    return QPen(colour, width, style);
}

} // namespace

struct PayoutChart::Parts {
    QChartView* view = nullptr;
    QChart* chart = nullptr;
    QLineSeries* curve = nullptr;
    QLineSeries* withoutLift = nullptr;
    // The band between the two curves: its own copies of them, since an area series draws its edges.
    QLineSeries* bandUpper = nullptr;
    QLineSeries* bandLower = nullptr;
    QAreaSeries* band = nullptr;
    QLineSeries* tierLine = nullptr;
    QLineSeries* floorLine = nullptr;
    QLineSeries* comparison = nullptr; // another curve beside this one (the simulator's "now")
    QValueAxis* placeAxis = nullptr;
    QValueAxis* pointsAxis = nullptr;
    // On screen, the legend is a line of text under the chart that wraps when the chart is narrow
    // (a chart's own legend keeps to one row and cuts its names short: "Depth ...", "Winn...").
    // Printed, the chart's own legend shows: a page is wide enough for it.
    WrappedLegend* legend = nullptr;

    int fieldSize = 0;
    double highestPoints = 0.0;
    int comparisonSize = 0;
    double comparisonHighest = 0.0;
    double tierWinnerMinimum = 0.0; // 0: no Tier line
    double pointsFloor = 0.0;       // 0: no floor line

    void showInLegend(QAbstractSeries* series, bool shown) const
    {
        series->setVisible(shown);
        const QList<QLegendMarker*> markers = chart->legend()->markers(series);
        for (QLegendMarker* marker : markers)
            marker->setVisible(shown);
    }

    // The band's colour as it shows over the white plot area.
    static QColor bandOnWhite()
    {
        const auto over = [](int channel) { return (channel * kBandAlpha + 255 * (255 - kBandAlpha)) / 255; };
        return QColor(over(kCurveColour.red()), over(kCurveColour.green()), over(kCurveColour.blue()));
    }

    // The shown series, each with a sample of its line in its colour and its name.
    void updateLegend() const
    {
        if (!legend)
            return;
        struct Entry {
            QAbstractSeries* series;
            QColor colour;
            const char* sample;
        };
        const Entry entries[] = {{curve, kCurveColour, "\u2014\u2014"},
                                 {band, bandOnWhite(), "\u2588\u2588"},
                                 {withoutLift, kWithoutLiftColour, "- - -"},
                                 {tierLine, kTierColour, "\u2014 \u00b7 \u2014"},
                                 {floorLine, kFloorColour, "\u00b7\u00b7\u00b7\u00b7"},
                                 {comparison, kComparisonColour, "\u2014\u2014"}};
        QStringList items;
        for (const Entry& entry : entries) {
            if (!entry.series->isVisible())
                continue;
            items.append(
                QStringLiteral("<span style=\"white-space:nowrap\"><span style=\"color:%1\"><b>%2</b></span>"
                               "&nbsp;%3</span>")
                    .arg(entry.colour.name(QColor::HexRgb), QString::fromUtf8(entry.sample),
                         entry.series->name().toHtmlEscaped()));
        }
        legend->setLegendText(items.join(QStringLiteral(" &nbsp;&nbsp; ")));
    }
};

PayoutChart::PayoutChart(QWidget* parent)
    : QWidget(parent)
    , m_parts(std::make_unique<Parts>())
{
    Parts& p = *m_parts;
    p.chart = new QChart;
    p.chart->setAnimationOptions(QChart::NoAnimation);
    p.chart->setBackgroundRoundness(0);
    p.chart->setDropShadowEnabled(false);
    p.chart->setMargins(QMargins(4, 4, 4, 4));
    p.chart->layout()->setContentsMargins(0, 0, 0, 0);

    // Fonts in pixels rather than points: a point size is resolved again against a printer's
    // resolution, and text would come out several times too large for the layout in render().
    QFont base = font();
    const qreal pixels = base.pointSizeF() > 0 ? base.pointSizeF() * kLayoutDpi / 72.0 : 13.0;
    base.setPixelSize(std::max(9, qRound(pixels)));
    QFont titleFont = base;
    titleFont.setPixelSize(qRound(base.pixelSize() * 1.25));
    titleFont.setBold(true);
    QFont axisTitleFont = base;
    axisTitleFont.setBold(true);
    p.chart->setTitleFont(titleFont);
    p.chart->legend()->setFont(base);
    p.chart->legend()->setAlignment(Qt::AlignBottom);
    // Printed (render()): a name the legend must still shorten shows whole in a PDF viewer's tooltip.
    p.chart->legend()->setShowToolTips(true);
    p.chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);

    p.placeAxis = new QValueAxis;
    p.placeAxis->setTitleText(tr("Place"));
    p.placeAxis->setLabelFormat(QStringLiteral("%.0f"));
    p.placeAxis->setTickType(QValueAxis::TicksDynamic);
    p.placeAxis->setTickAnchor(0.0);
    p.placeAxis->setMinorTickCount(0);
    p.pointsAxis = new QValueAxis;
    p.pointsAxis->setTitleText(tr("Tour points"));
    p.pointsAxis->setLabelFormat(QStringLiteral("%.0f"));
    p.pointsAxis->setTickType(QValueAxis::TicksDynamic);
    p.pointsAxis->setTickAnchor(0.0);
    for (QValueAxis* axis : {p.placeAxis, p.pointsAxis}) {
        axis->setLabelsFont(base);
        axis->setTitleFont(axisTitleFont);
    }
    p.chart->addAxis(p.placeAxis, Qt::AlignBottom);
    p.chart->addAxis(p.pointsAxis, Qt::AlignLeft);

    // Drawn first, so the lines lie over the band.
    p.bandUpper = new QLineSeries;
    p.bandLower = new QLineSeries;
    p.band = new QAreaSeries(p.bandUpper, p.bandLower);
    // The band does not own its edges; they go when it goes, not before.
    p.bandUpper->setParent(p.band);
    p.bandLower->setParent(p.band);
    p.band->setName(tr("Depth lift"));
    p.band->setPen(Qt::NoPen);
    QColor bandColour = kCurveColour;
    bandColour.setAlpha(kBandAlpha);
    p.band->setBrush(bandColour);

    p.curve = new QLineSeries;
    p.curve->setName(tr("Points"));
    p.curve->setPen(linePen(kCurveColour, 2.5));
    p.withoutLift = new QLineSeries;
    p.withoutLift->setName(tr("Without depth lift"));
    p.withoutLift->setPen(linePen(kWithoutLiftColour, 1.0, Qt::DashLine));
    p.tierLine = new QLineSeries;
    p.tierLine->setName(tr("Winner minimum"));
    p.tierLine->setPen(linePen(kTierColour, 1.5, Qt::DashDotLine));
    p.floorLine = new QLineSeries;
    p.floorLine->setName(tr("Floor"));
    p.floorLine->setPen(linePen(kFloorColour, 1.0, Qt::DotLine));

    p.comparison = new QLineSeries;
    p.comparison->setPen(linePen(kComparisonColour, 2.0));

    for (QAbstractSeries* series : std::initializer_list<QAbstractSeries*>{
             p.band, p.withoutLift, p.tierLine, p.floorLine, p.comparison, p.curve}) {
        p.chart->addSeries(series);
        series->attachAxis(p.placeAxis);
        series->attachAxis(p.pointsAxis);
    }

    p.view = new QChartView(p.chart, this);
    p.view->setObjectName(QStringLiteral("payoutChartView"));
    p.view->setRenderHint(QPainter::Antialiasing);
    p.view->setFrameShape(QFrame::NoFrame);
    // The whole chart is repainted on every change: a series that shrinks (a check-out, a smaller
    // simulated field) otherwise leaves its last marker on screen outside the area Qt Charts marks
    // for repainting, until something else repaints it.
    p.view->setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    p.view->setMinimumSize(320, 220);
    p.chart->legend()->hide();
    p.legend = new WrappedLegend(this);
    p.legend->setObjectName(QStringLiteral("payoutChartLegend"));
    p.legend->setWordWrap(true);
    p.legend->setAlignment(Qt::AlignCenter);
    p.legend->setTextFormat(Qt::RichText);
    p.legend->setToolTip(tr("Points: what each place earns. Depth lift: how much the field's depth (FDI) "
                            "adds to the places after the winner; the dashed line is the same field "
                            "without it. Winner minimum: the Tier's guaranteed winner points. Floor: "
                            "what every place earns at least (DECISIONS P4, P7)."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(p.view, 1);
    layout->addWidget(p.legend);

    clear();
}

PayoutChart::~PayoutChart() = default;

void PayoutChart::setCurve(std::span<const double> points)
{
    Parts& p = *m_parts;
    const QList<QPointF> data = placePoints(points);
    p.fieldSize = static_cast<int>(points.size());
    p.highestPoints = points.empty() ? 0.0 : *std::max_element(points.begin(), points.end());
    // replace() is one signal and one relayout of the series, where clear() + append() is N.
    p.curve->replace(data);
    p.bandUpper->replace(data);
    p.curve->setPointsVisible(p.fieldSize <= kMostMarkedPlaces);
    updateAxes();
}

void PayoutChart::setFloorLine(double tierWinnerMinimum, double pointsFloor)
{
    Parts& p = *m_parts;
    p.tierWinnerMinimum = tierWinnerMinimum;
    p.pointsFloor = pointsFloor;
    p.tierLine->setName(tr("Winner minimum: %1").arg(QLocale().toString(tierWinnerMinimum, 'f', 0)));
    p.floorLine->setName(tr("Floor: %1").arg(QLocale().toString(pointsFloor, 'f', 1)));
    updateAxes();
}

void PayoutChart::setDepthLift(std::span<const double> pointsWithoutDepthLift)
{
    Parts& p = *m_parts;
    const QList<QPointF> data = placePoints(pointsWithoutDepthLift);
    p.withoutLift->replace(data);
    p.bandLower->replace(data);
    const bool shown = !data.isEmpty();
    p.showInLegend(p.withoutLift, shown);
    p.showInLegend(p.band, shown);
    p.updateLegend();
}

void PayoutChart::setCurveName(const QString& name)
{
    m_parts->curve->setName(name);
}

QString PayoutChart::curveName() const
{
    return m_parts->curve->name();
}

void PayoutChart::setComparisonCurve(std::span<const double> points, const QString& name)
{
    Parts& p = *m_parts;
    p.comparison->replace(placePoints(points));
    p.comparison->setName(name);
    p.comparison->setPointsVisible(!points.empty() && points.size() <= std::size_t(kMostMarkedPlaces));
    p.comparisonSize = static_cast<int>(points.size());
    p.comparisonHighest = points.empty() ? 0.0 : *std::max_element(points.begin(), points.end());
    updateAxes();
}

QList<QPointF> PayoutChart::comparisonPoints() const
{
    return m_parts->comparison->points();
}

QString PayoutChart::comparisonName() const
{
    return m_parts->comparison->name();
}

void PayoutChart::setTitle(const QString& title)
{
    m_parts->chart->setTitle(title);
}

QString PayoutChart::title() const
{
    return m_parts->chart->title();
}

void PayoutChart::clear()
{
    Parts& p = *m_parts;
    setCurve(std::span<const double>());
    setDepthLift(std::span<const double>());
    setComparisonCurve(std::span<const double>(), QString());
    p.tierWinnerMinimum = 0.0;
    p.pointsFloor = 0.0;
    updateAxes();
}

void PayoutChart::updateAxes()
{
    Parts& p = *m_parts;
    // Places 1..N, with a little room either side where markers are drawn, so that the first and
    // last show whole.
    // A one-place field still gets an axis of some width.
    const double lastPlace = std::max({2, p.fieldSize, p.comparisonSize});
    const double room = p.fieldSize <= kMostMarkedPlaces ? 0.4 : 0.0;
    p.placeAxis->setRange(1.0 - room, lastPlace + room);
    p.placeAxis->setTickInterval(std::max(1.0, niceStep(lastPlace - 1.0, 10)));

    const double top =
        std::max({p.highestPoints, p.comparisonHighest, p.tierWinnerMinimum, p.pointsFloor, 1.0}) * 1.05;
    const double step = niceStep(top, 6);
    p.pointsAxis->setTickInterval(step);
    p.pointsAxis->setLabelFormat(step < 1.0 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    p.pointsAxis->setRange(0.0, std::ceil(top / step) * step);

    // The floor lines run across every place.
    const bool hasField = p.fieldSize > 0;
    const bool tierShown = hasField && p.tierWinnerMinimum > 0.0;
    const bool floorShown = hasField && p.pointsFloor > 0.0;
    p.tierLine->replace(tierShown
                            ? QList<QPointF>{{1.0, p.tierWinnerMinimum}, {lastPlace, p.tierWinnerMinimum}}
                            : QList<QPointF>{});
    p.floorLine->replace(floorShown ? QList<QPointF>{{1.0, p.pointsFloor}, {lastPlace, p.pointsFloor}}
                                    : QList<QPointF>{});
    p.showInLegend(p.tierLine, tierShown);
    p.showInLegend(p.floorLine, floorShown);
    p.showInLegend(p.curve, hasField);
    p.showInLegend(p.comparison, p.comparisonSize > 0);
    p.updateLegend();
}

void PayoutChart::render(QPainter* painter, const QRectF& target)
{
    if (!painter || !painter->isActive() || target.isEmpty())
        return;
    Parts& p = *m_parts;
    // Lay the chart out for the target as a screen of kLayoutDpi would show it, then let the scene
    // scale it into the target: fonts and pens keep their proportions on a 300 dpi page.
    const qreal dpi = painter->device() ? painter->device()->logicalDpiX() : kLayoutDpi;
    const QSizeF layoutSize = target.size() * (kLayoutDpi / dpi);
    const QRectF onScreen = p.chart->geometry();
    p.chart->legend()->show();
    p.chart->setGeometry(QRectF(onScreen.topLeft(), layoutSize));
    p.chart->layout()->activate();
    p.chart->scene()->render(painter, target, QRectF(onScreen.topLeft(), layoutSize), Qt::IgnoreAspectRatio);
    p.chart->legend()->hide();
    p.chart->setGeometry(onScreen);
    p.chart->layout()->activate();
}

QList<QPointF> PayoutChart::curvePoints() const
{
    return m_parts->curve->points();
}

QList<QPointF> PayoutChart::depthLiftPoints() const
{
    return m_parts->withoutLift->points();
}

double PayoutChart::tierWinnerMinimum() const
{
    return m_parts->tierWinnerMinimum;
}

double PayoutChart::pointsFloor() const
{
    return m_parts->pointsFloor;
}

QPointF PayoutChart::placeRange() const
{
    return {m_parts->placeAxis->min(), m_parts->placeAxis->max()};
}

QPointF PayoutChart::pointsRange() const
{
    return {m_parts->pointsAxis->min(), m_parts->pointsAxis->max()};
}

} // namespace flickdesk::ui

// ---- CurveChart

namespace flickdesk::ui {
namespace {

double xOf(const QDate& date)
{
    return static_cast<double>(QDateTime(date, QTime(12, 0), Qt::UTC).toMSecsSinceEpoch());
}

double xOfMidnight(const QDate& date)
{
    return static_cast<double>(QDateTime(date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch());
}

QDate monthStart(const QDate& date)
{
    return QDate(date.year(), date.month(), 1);
}

// The date axis from `from` to `to` (both the 1st of a month): one label on the 1st of every month,
// or of every 2, 3 or 6 months, or on the 1st of January of every 1, 2, 5... years, the shortest
// step that keeps to at most 7 labels. A label sits on the day it names, so no two are the same
// (an axis of evenly spaced ticks labelled "yyyy-MM" repeats a month when they are closer than one).
void setDateAxis(QCategoryAxis* axis, const QDate& from, const QDate& to)
{
    constexpr int kMostLabels = 7;
    const int months = (to.year() - from.year()) * 12 + to.month() - from.month();
    int step = 1;
    for (const int candidate : {1, 2, 3, 6, 12, 24, 60, 120, 240}) {
        step = candidate;
        if (months / candidate + 1 <= kMostLabels)
            break;
    }
    for (const QString& label : axis->categoriesLabels())
        axis->remove(label);
    axis->setStartValue(xOfMidnight(from));
    axis->setRange(xOfMidnight(from), xOfMidnight(to));
    for (QDate day = from; day <= to; day = day.addMonths(1)) {
        const bool onStep =
            step < 12 ? (day.month() - 1) % step == 0 : day.month() == 1 && day.year() % (step / 12) == 0;
        if (onStep)
            axis->append(day.toString(step < 12 ? QStringLiteral("yyyy-MM") : QStringLiteral("yyyy")),
                         xOfMidnight(day));
    }
}

} // namespace

struct CurveChart::Parts {
    QChart* chart = nullptr;
    QChartView* view = nullptr;
    QLineSeries* mu = nullptr;
    QLineSeries* upper = nullptr;
    QLineSeries* lower = nullptr;
    QAreaSeries* band = nullptr;
    QScatterSeries* marks = nullptr;
    QCategoryAxis* dates = nullptr;
    QValueAxis* ratings = nullptr;
    QList<CurveMark> markData;
    QDate first;
    QDate last;
};

CurveChart::CurveChart(QWidget* parent)
    : QWidget(parent)
    , m_parts(std::make_unique<Parts>())
{
    Parts& p = *m_parts;
    p.chart = new QChart;
    p.chart->legend()->setAlignment(Qt::AlignBottom);
    p.chart->setMargins(QMargins(4, 4, 4, 4));

    // The band first, so that the curve and the marks are drawn over it.
    p.upper = new QLineSeries(p.chart);
    p.lower = new QLineSeries(p.chart);
    p.band = new QAreaSeries(p.upper, p.lower);
    p.band->setName(tr("μ ± σ"));
    QColor bandColour(70, 130, 200, 60);
    p.band->setBrush(bandColour);
    p.band->setPen(QPen(bandColour.darker(), 0.5));
    p.chart->addSeries(p.band);

    p.mu = new QLineSeries;
    p.mu->setName(tr("μ"));
    p.mu->setPen(QPen(QColor(25, 80, 160), 2.0));
    p.chart->addSeries(p.mu);

    p.marks = new QScatterSeries;
    p.marks->setName(tr("events"));
    p.marks->setMarkerSize(7.0);
    p.marks->setColor(QColor(220, 110, 30));
    p.marks->setBorderColor(QColor(120, 60, 10));
    p.chart->addSeries(p.marks);

    p.dates = new QCategoryAxis;
    p.dates->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    p.dates->setTitleText(tr("Date"));
    p.ratings = new QValueAxis;
    p.ratings->setTitleText(tr("Rating"));
    p.chart->addAxis(p.dates, Qt::AlignBottom);
    p.chart->addAxis(p.ratings, Qt::AlignLeft);
    for (QAbstractSeries* series :
         {static_cast<QAbstractSeries*>(p.band), static_cast<QAbstractSeries*>(p.mu),
          static_cast<QAbstractSeries*>(p.marks)}) {
        series->attachAxis(p.dates);
        series->attachAxis(p.ratings);
    }

    connect(p.marks, &QScatterSeries::hovered, this, [this](const QPointF& point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        for (const CurveMark& mark : m_parts->markData) {
            if (std::abs(xOf(mark.date) - point.x()) < 1.0 && std::abs(mark.mu - point.y()) < 1e-9) {
                QToolTip::showText(QCursor::pos(), mark.label, this);
                return;
            }
        }
    });

    p.view = new QChartView(p.chart, this);
    p.view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(p.view);
    setMinimumHeight(260);
    clear();
}

CurveChart::~CurveChart() = default;

void CurveChart::setCurve(const QList<CurvePoint>& points, const QList<CurveMark>& marks)
{
    Parts& p = *m_parts;
    QList<QPointF> mu;
    QList<QPointF> upper;
    QList<QPointF> lower;
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    for (const CurvePoint& point : points) {
        const double x = xOf(point.date);
        mu.append({x, point.mu});
        upper.append({x, point.mu + point.sigma});
        lower.append({x, point.mu - point.sigma});
        low = std::min(low, point.mu - point.sigma);
        high = std::max(high, point.mu + point.sigma);
    }
    QList<QPointF> markPoints;
    for (const CurveMark& mark : marks) {
        markPoints.append({xOf(mark.date), mark.mu});
        low = std::min(low, mark.mu);
        high = std::max(high, mark.mu);
    }
    p.mu->replace(mu);
    p.upper->replace(upper);
    p.lower->replace(lower);
    p.marks->replace(markPoints);
    p.markData = marks;

    if (points.isEmpty()) {
        p.first = {};
        p.last = {};
        setDateAxis(p.dates, QDate(2016, 1, 1), QDate(2017, 1, 1));
        p.ratings->setRange(-1.0, 1.0);
        return;
    }
    p.first = points.front().date;
    p.last = points.back().date;
    for (const CurvePoint& point : points) {
        p.first = std::min(p.first, point.date);
        p.last = std::max(p.last, point.date);
    }
    // Half a month of room at least at either end, so that the first and last marks are not cut in
    // half; the axis begins and ends on the 1st of a month.
    setDateAxis(p.dates, monthStart(p.first.addDays(-15)), monthStart(p.last.addDays(15)).addMonths(1));
    const double margin = std::max(0.1, (high - low) * 0.08);
    p.ratings->setRange(std::floor((low - margin) * 10.0) / 10.0, std::ceil((high + margin) * 10.0) / 10.0);
    p.ratings->applyNiceNumbers();
}

void CurveChart::clear()
{
    setCurve({}, {});
}

void CurveChart::setTitle(const QString& title)
{
    m_parts->chart->setTitle(title);
}

QString CurveChart::title() const
{
    return m_parts->chart->title();
}

void CurveChart::render(QPainter* painter, const QRectF& target)
{
    m_parts->view->render(painter, target);
}

QList<QPointF> CurveChart::muPoints() const
{
    return m_parts->mu->points();
}

QList<QPointF> CurveChart::upperBandPoints() const
{
    return m_parts->upper->points();
}

QList<QPointF> CurveChart::lowerBandPoints() const
{
    return m_parts->lower->points();
}

QList<QPointF> CurveChart::markPoints() const
{
    return m_parts->marks->points();
}

QDate CurveChart::firstDate() const
{
    return m_parts->first;
}

QDate CurveChart::lastDate() const
{
    return m_parts->last;
}

QStringList CurveChart::dateLabels() const
{
    return m_parts->dates->categoriesLabels();
}

QPointF CurveChart::ratingRange() const
{
    return {m_parts->ratings->min(), m_parts->ratings->max()};
}

} // namespace flickdesk::ui
