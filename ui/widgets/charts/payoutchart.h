#pragma once

// The payout curve of one event: points against place. An adapter between FlickDesk and a chart
// library (CODING_GUIDELINES.md "Charts"): Qt Charts is deprecated from Qt 6.10 and its successor
// has no Widgets API yet, so this header names no Qt Charts type, the previews and tests talk to
// PayoutChart only, and replacing the library changes chartadapter.cpp alone.

#include "flickdesk/engine/points.h"

#include <QList>
#include <QPointF>
#include <QWidget>
#include <memory>
#include <span>

class QPainter;
class QRectF;

namespace flickdesk::ui {

class PayoutChart : public QWidget {
    Q_OBJECT

public:
    explicit PayoutChart(QWidget* parent = nullptr);
    ~PayoutChart() override;

    // Points against place: points[place - 1] for places 1..N. Replaces the series data and the
    // axis ranges; the chart itself is not rebuilt, so an update of N = 200 takes well under 16 ms.
    void setCurve(std::span<const double> points);
    void setCurve(const engine::PayoutTable& table) { setCurve(table.points); }

    // DECISIONS P4 / spec 000 "Tier minimums": the Tier's guaranteed winner points (40 / 30 / 20),
    // and the FWP floor every place earns (1.0 point, DECISIONS P7). Drawn as two horizontal lines.
    void setFloorLine(double tierWinnerMinimum, double pointsFloor = 1.0);

    // The same curve without the depth lift (the same FSI with FDI 0): the band between the two
    // shows how much the field's depth lifts the places after the winner. Empty hides it.
    void setDepthLift(std::span<const double> pointsWithoutDepthLift);

    // The legend's name of the curve ("Points" unless set): the simulator calls it "What if".
    void setCurveName(const QString& name);
    QString curveName() const;
    // A second curve beside the first, for comparison (the simulator: the event as it stands now),
    // solid in a colour of its own and named in the legend. Empty hides it.
    void setComparisonCurve(std::span<const double> points, const QString& name);
    QList<QPointF> comparisonPoints() const;
    QString comparisonName() const;

    void setTitle(const QString& title);
    QString title() const;

    // Removes every curve and line: an empty chart.
    void clear();

    // Paints the chart into `target` of `painter` (a printer, a PDF or an image), laid out for the
    // size of `target` at the painter's resolution, whatever the size of the widget on screen.
    void render(QPainter* painter, const QRectF& target);
    using QWidget::render;

    // What the chart shows, for tests: (place, points) pairs and the floor lines' heights.
    QList<QPointF> curvePoints() const;
    QList<QPointF> depthLiftPoints() const;
    double tierWinnerMinimum() const;
    double pointsFloor() const;
    // The axis ranges: places on x, points on y.
    QPointF placeRange() const;
    QPointF pointsRange() const;

private:
    void updateAxes();

    struct Parts;
    std::unique_ptr<Parts> m_parts;
};

} // namespace flickdesk::ui
