// The learning-curve adapter over Qt Charts (see curvechart.h): the only file besides
// payoutchart.cpp that includes QtCharts.
#include "widgets/curvechart.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

namespace flickdesk::ui {
namespace {

double xOf(const QDate& date)
{
    return static_cast<double>(QDateTime(date, QTime(12, 0), Qt::UTC).toMSecsSinceEpoch());
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
    QDateTimeAxis* dates = nullptr;
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

    p.dates = new QDateTimeAxis;
    p.dates->setFormat(QStringLiteral("yyyy-MM"));
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
        p.dates->setRange(QDateTime(QDate(2016, 1, 1), QTime(0, 0), Qt::UTC),
                          QDateTime(QDate(2017, 1, 1), QTime(0, 0), Qt::UTC));
        p.ratings->setRange(-1.0, 1.0);
        return;
    }
    p.first = points.front().date;
    p.last = points.back().date;
    for (const CurvePoint& point : points) {
        p.first = std::min(p.first, point.date);
        p.last = std::max(p.last, point.date);
    }
    // A month of room at either end, so that the first and last marks are not cut in half.
    p.dates->setRange(QDateTime(p.first.addMonths(-1), QTime(0, 0), Qt::UTC),
                      QDateTime(p.last.addMonths(1), QTime(0, 0), Qt::UTC));
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

QPointF CurveChart::ratingRange() const
{
    return {m_parts->ratings->min(), m_parts->ratings->max()};
}

} // namespace flickdesk::ui
