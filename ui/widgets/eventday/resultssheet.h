#pragma once

// The results sheet of an event, printed or saved as a PDF from the Results tab: the title, the
// date, FSI / FDI / N, then every unit's place, player(s) with their names and points: the points
// the payout table would pay (core::payoutTable, the award's one path) until the event is awarded,
// the frozen award after it (DECISIONS P2). Laid out by the event day's one page layout
// (sheetprinting.h).

#include <QDate>
#include <QDateTime>
#include <QImage>
#include <QString>
#include <functional>
#include <vector>

class QPagedPaintDevice;
class QPaintDevice;

namespace flickdesk::ui {

struct ResultsSheet {
    struct Row {
        QString place;   // empty when the unit has no place yet
        QString players; // "Anna Kowalski (1041)", or both partners of a team
        QString points;  // empty when the place pays nothing yet (missing or tied)
    };
    QString title;
    QDate date;
    QString terms;          // "Singles · Tier 2"
    QString fieldStrength;  // FSI, 3 decimals
    QString fieldDepth;     // FDI, 3 decimals
    QString fieldSize;      // N
    QString fieldSizeLabel; // "Players (N)" or "Teams (N)"
    QString pointsNote;     // where the points come from: the award, or the preview
    std::vector<Row> rows;  // in finishing order

    // How many pages the sheet takes on `device`.
    int pageCount(const QPaintDevice& device) const;
    // Every page on a printer or a PDF writer.
    bool paint(QPagedPaintDevice& device, const QDateTime& printedAt) const;
    // One page on an image (sheet::blankPage()): what the tests look at.
    QImage pageImage(int page, int dpi, const QDateTime& printedAt) const;

private:
    bool paintPages(QPaintDevice& device, const QDateTime& printedAt, int onlyPage,
                    const std::function<bool()>& newPage) const;
};

} // namespace flickdesk::ui
