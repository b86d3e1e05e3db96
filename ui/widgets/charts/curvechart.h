#pragma once

// A player's learning curve: FlickSkill mu over time with a band of mu +- sigma, the player's
// events marked on it. Implemented with PayoutChart in chartadapter.cpp, the one file that includes
// Qt Charts (CODING_GUIDELINES.md "Charts": Qt Charts is deprecated from Qt 6.10 and its successor
// has no Widgets API yet, so replacing the library changes that file alone). This header names no
// Qt Charts type.

#include <QDate>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>

class QPainter;
class QRectF;

namespace flickdesk::ui {

struct CurvePoint {
    QDate date;
    double mu = 0.0;
    double sigma = 0.0;
};

// An event on the curve: where the player's rating stood after it.
struct CurveMark {
    QDate date;
    double mu = 0.0;
    QString label; // shown when the mouse is over the mark
};

class CurveChart : public QWidget {
    Q_OBJECT

public:
    explicit CurveChart(QWidget* parent = nullptr);
    ~CurveChart() override;

    // Replaces the curve, its band and the marks, and fits the axes to them.
    void setCurve(const QList<CurvePoint>& points, const QList<CurveMark>& marks = {});
    void clear();

    void setTitle(const QString& title);
    QString title() const;

    // Paints the chart into `target` of `painter` (a printer, a PDF or an image).
    void render(QPainter* painter, const QRectF& target);
    using QWidget::render;

    // What the chart shows, for tests: x is the date as milliseconds since the epoch (UTC).
    QList<QPointF> muPoints() const;
    QList<QPointF> upperBandPoints() const; // mu + sigma
    QList<QPointF> lowerBandPoints() const; // mu - sigma
    QList<QPointF> markPoints() const;
    QDate firstDate() const;
    QDate lastDate() const;
    QPointF ratingRange() const; // the y axis: (min, max)
    // The labels of the date axis, left to right: "2026-11" (months) or "2026" (years).
    QStringList dateLabels() const;

private:
    struct Parts;
    std::unique_ptr<Parts> m_parts;
};

} // namespace flickdesk::ui
