#include "widgets/eventday/resultssheet.h"

#include "widgets/eventday/sheetprinting.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>
#include <algorithm>

namespace flickdesk::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("flickdesk::ui::ResultsSheet", text);
}

QFont sheetFont(qreal pointSize, bool bold)
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    font.setPointSizeF(pointSize);
    font.setBold(bold);
    return font;
}

struct Layout {
    QRectF page;
    qreal mm = 1.0;
    QFont title = sheetFont(18, true);
    QFont subtitle = sheetFont(11, false);
    QFont caption = sheetFont(8.5, false);
    QFont stat = sheetFont(15, true);
    QFont body = sheetFont(9.5, false);
    QFont table = sheetFont(11, false);
    QFont tableHeader = sheetFont(11, true);
    qreal headerBottom = 0.0; // where the table starts on the first page
    qreal rowHeight = 0.0;
    qreal tableHeaderHeight = 0.0;
    qreal footerHeight = 0.0;
    int firstPageRows = 0;
    int pageRows = 0;
    int pages = 1;
};

Layout layoutOf(const ResultsSheet& sheet, const QPaintDevice& device)
{
    Layout s;
    s.page = QRectF(0, 0, device.width(), device.height());
    s.mm = device.logicalDpiY() / 25.4;
    auto line = [&device](const QFont& font) { return QFontMetricsF(font, &device).lineSpacing(); };
    qreal y = line(s.title) + line(s.subtitle) + 3 * s.mm;
    y += line(s.caption) + line(s.stat) + 2.5 * s.mm + 2 * s.mm; // the figures
    if (!sheet.pointsNote.isEmpty())
        y += line(s.body);
    s.headerBottom = y + 4 * s.mm;
    s.rowHeight = line(s.table) * 1.35;
    s.tableHeaderHeight = line(s.tableHeader) * 1.5;
    s.footerHeight = sheet::footerHeight(device);
    const qreal bottom = s.page.height() - s.footerHeight;
    auto rowsFrom = [&](qreal top) {
        return std::max(1, static_cast<int>((bottom - top - s.tableHeaderHeight) / s.rowHeight));
    };
    s.firstPageRows = rowsFrom(s.headerBottom);
    s.pageRows = rowsFrom(0);
    const int rows = static_cast<int>(sheet.rows.size());
    s.pages = 1;
    if (rows > s.firstPageRows)
        s.pages += (rows - s.firstPageRows + s.pageRows - 1) / s.pageRows;
    return s;
}

} // namespace

int ResultsSheet::pageCount(const QPaintDevice& device) const
{
    return layoutOf(*this, device).pages;
}

bool ResultsSheet::paint(QPagedPaintDevice& device, const QDateTime& printedAt) const
{
    return paintPages(device, printedAt, -1, [&device] { return device.newPage(); });
}

QImage ResultsSheet::pageImage(int page, int dpi, const QDateTime& printedAt) const
{
    QImage image = sheet::blankPage(dpi);
    paintPages(image, printedAt, page, [] { return true; });
    return image;
}

bool ResultsSheet::paintPages(QPaintDevice& device, const QDateTime& printedAt, int onlyPage,
                              const std::function<bool()>& newPage) const
{
    QPainter painter;
    if (!painter.begin(&device))
        return false;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const Layout s = layoutOf(*this, device);
    const QColor grey(0x55, 0x55, 0x55);
    const qreal width = s.page.width();
    const qreal pad = 2 * s.mm;
    const QRectF placeColumn(0, 0, 16 * s.mm, 0);
    const QRectF pointsColumn(width - 24 * s.mm, 0, 24 * s.mm - pad, 0);
    const QRectF playersColumn(placeColumn.right() + 5 * s.mm, 0,
                               pointsColumn.left() - placeColumn.right() - 8 * s.mm, 0);
    auto cell = [](const QRectF& column, qreal top, qreal height) {
        return QRectF(column.left(), top, column.width(), height);
    };

    std::size_t next = 0;
    bool first = true;
    for (int page = 0; page < s.pages; ++page) {
        const int pageRowCount = page == 0 ? s.firstPageRows : s.pageRows;
        if (onlyPage >= 0 && page != onlyPage) {
            next += static_cast<std::size_t>(pageRowCount);
            continue;
        }
        if (!first && !newPage())
            return false;
        first = false;
        qreal top = 0.0;
        if (page == 0) {
            qreal y = 0.0;
            const QFontMetricsF titleMetrics(s.title, &device);
            painter.setFont(s.title);
            painter.setPen(Qt::black);
            painter.drawText(QRectF(0, y, width, titleMetrics.lineSpacing()),
                             Qt::AlignLeft | Qt::AlignVCenter,
                             titleMetrics.elidedText(title.isEmpty() ? tr("Untitled event") : title,
                                                     Qt::ElideRight, width));
            y += titleMetrics.lineSpacing();
            const qreal subtitleHeight = QFontMetricsF(s.subtitle, &device).lineSpacing();
            painter.setFont(s.subtitle);
            painter.setPen(grey);
            painter.drawText(
                QRectF(0, y, width, subtitleHeight), Qt::AlignLeft | Qt::AlignVCenter,
                tr("Results \u00b7 %1 \u00b7 %2").arg(QLocale().toString(date, QLocale::LongFormat), terms));
            y += subtitleHeight + 3 * s.mm;

            const QStringList captions{tr("FSI"), tr("FDI"), fieldSizeLabel};
            const QStringList values{fieldStrength, fieldDepth, fieldSize};
            const qreal gap = 2 * s.mm;
            const qreal boxWidth = (width - gap * 4) / 5; // as wide as the payout sheet's five
            const qreal boxHeight = sheet::paintFigureBoxes(painter, device, y, boxWidth, s.mm, captions,
                                                            values, s.caption, s.stat);
            y += boxHeight + 2 * s.mm;
            if (!pointsNote.isEmpty()) {
                const qreal bodyHeight = QFontMetricsF(s.body, &device).lineSpacing();
                painter.setFont(s.body);
                painter.setPen(Qt::black);
                painter.drawText(QRectF(0, y, width, bodyHeight), Qt::AlignLeft | Qt::AlignVCenter,
                                 pointsNote);
            }
            top = s.headerBottom;
        }

        // The table, its header on every page.
        painter.setFont(s.tableHeader);
        painter.setPen(Qt::black);
        painter.drawText(cell(placeColumn, top, s.tableHeaderHeight), Qt::AlignRight | Qt::AlignVCenter,
                         tr("Place"));
        painter.drawText(cell(playersColumn, top, s.tableHeaderHeight), Qt::AlignLeft | Qt::AlignVCenter,
                         tr("Player(s)"));
        painter.drawText(cell(pointsColumn, top, s.tableHeaderHeight), Qt::AlignRight | Qt::AlignVCenter,
                         tr("Points"));
        painter.setPen(QPen(QColor(0x90, 0x90, 0x90), 0.25 * s.mm));
        const qreal ruleY = top + s.tableHeaderHeight - 0.5 * s.mm;
        painter.drawLine(QPointF(0, ruleY), QPointF(width, ruleY));
        painter.setFont(s.table);
        const QFontMetricsF tableMetrics(s.table, &device);
        for (int row = 0; row < pageRowCount && next < rows.size(); ++row, ++next) {
            const Row& line = rows[next];
            const qreal rowTop = top + s.tableHeaderHeight + row * s.rowHeight;
            if (row % 2 == 1)
                painter.fillRect(QRectF(0, rowTop, width, s.rowHeight), QColor(0xee, 0xf1, 0xf5));
            painter.setPen(Qt::black);
            painter.drawText(cell(placeColumn, rowTop, s.rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                             line.place);
            painter.drawText(cell(playersColumn, rowTop, s.rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                             tableMetrics.elidedText(line.players, Qt::ElideRight, playersColumn.width()));
            painter.drawText(cell(pointsColumn, rowTop, s.rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                             line.points.isEmpty() ? QStringLiteral("\u2013") : line.points);
        }

        sheet::paintFooter(painter, s.page, s.mm,
                           tr("%1 \u00b7 FlickDesk %2 \u00b7 points rounded to 0.1")
                               .arg(title, QStringLiteral(FLICKDESK_VERSION)),
                           printedAt, page + 1, s.pages);
    }
    return painter.end();
}

} // namespace flickdesk::ui
