#include "widgets/eventday/sheetprinting.h"

#include "core/formats/outputfiles.h"
#include "widgets/settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPaintDevice>
#include <QPainter>
#include <QPdfWriter>
#include <QPen>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QRectF>
#include <algorithm>

namespace flickdesk::ui::sheet {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("flickdesk::ui::sheet", text);
}

SettingValue<QString> paperSetting()
{
    return {QStringLiteral("Print/paper")};
}

QFont footerFont()
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    font.setPointSizeF(7.5);
    return font;
}

} // namespace

Paper paperChoice()
{
    const QString kept = paperSetting().get();
    if (kept == QLatin1String("letter"))
        return Paper::Letter;
    if (kept == QLatin1String("a4"))
        return Paper::A4;
    return Paper::ByLocale;
}

void setPaperChoice(Paper paper)
{
    switch (paper) {
    case Paper::Letter:
        paperSetting().set(QStringLiteral("letter"));
        break;
    case Paper::A4:
        paperSetting().set(QStringLiteral("a4"));
        break;
    case Paper::ByLocale:
        paperSetting().remove();
        break;
    }
}

QPageSize::PageSizeId paperOfLocale(const QLocale& locale)
{
    // Where Letter is the usual paper (Canada included, although it measures in metric units).
    switch (locale.territory()) {
    case QLocale::UnitedStates:
    case QLocale::Canada:
    case QLocale::Mexico:
    case QLocale::PuertoRico:
    case QLocale::Philippines:
    case QLocale::Chile:
    case QLocale::Colombia:
    case QLocale::CostaRica:
    case QLocale::Guatemala:
    case QLocale::Panama:
    case QLocale::DominicanRepublic:
    case QLocale::ElSalvador:
    case QLocale::Nicaragua:
    case QLocale::Venezuela:
        return QPageSize::Letter;
    default:
        return locale.measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter : QPageSize::A4;
    }
}

QPageSize paper()
{
    switch (paperChoice()) {
    case Paper::Letter:
        return QPageSize(QPageSize::Letter);
    case Paper::A4:
        return QPageSize(QPageSize::A4);
    case Paper::ByLocale:
        break;
    }
    return QPageSize(paperOfLocale(QLocale()));
}

QPageLayout pageLayout()
{
    return QPageLayout(paper(), QPageLayout::Portrait, QMarginsF(15, 15, 15, 12), QPageLayout::Millimeter);
}

QString printedAtText(const QDateTime& printedAt)
{
    return tr("Printed %1").arg(QLocale().toString(printedAt, QLocale::ShortFormat));
}

qreal footerHeight(const QPaintDevice& device)
{
    return QFontMetricsF(footerFont(), &device).lineSpacing() + 3 * device.logicalDpiY() / 25.4;
}

qreal paintFigureBoxes(QPainter& painter, const QPaintDevice& device, qreal y, qreal boxWidth, qreal mm,
                       const QStringList& captions, const QStringList& values, const QFont& captionFont,
                       const QFont& valueFont)
{
    const qreal captionHeight = QFontMetricsF(captionFont, &device).lineSpacing();
    const qreal valueHeight = QFontMetricsF(valueFont, &device).lineSpacing();
    const qreal boxHeight = captionHeight + valueHeight + 2.5 * mm;
    const qreal gap = 2 * mm;
    for (qsizetype i = 0; i < captions.size(); ++i) {
        const QRectF box(static_cast<qreal>(i) * (boxWidth + gap), y, boxWidth, boxHeight);
        painter.setPen(QPen(QColor(0xc8, 0xd2, 0xde), 0.3 * mm));
        painter.setBrush(QColor(0xf4, 0xf7, 0xfa));
        painter.drawRoundedRect(box, 1.5 * mm, 1.5 * mm);
        painter.setBrush(Qt::NoBrush);
        const QRectF inner = box.adjusted(2 * mm, 1 * mm, -2 * mm, -1.5 * mm);
        painter.setFont(captionFont);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), captionHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, captions[i]);
        painter.setFont(valueFont);
        painter.setPen(Qt::black);
        painter.drawText(QRectF(inner.left(), inner.top() + captionHeight, inner.width(), valueHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, values.value(i));
    }
    return boxHeight;
}

void paintFooter(QPainter& painter, const QRectF& page, qreal mm, const QString& left,
                 const QDateTime& printedAt, int pageNumber, int pageCount)
{
    const QFont font = footerFont();
    const qreal height = QFontMetricsF(font, painter.device()).lineSpacing() + 3 * mm;
    const qreal top = page.bottom() - height + 2 * mm;
    painter.save();
    painter.setPen(QPen(QColor(0xb0, 0xb0, 0xb0), 0.25 * mm));
    painter.drawLine(QPointF(page.left(), top - 1 * mm), QPointF(page.right(), top - 1 * mm));
    painter.setFont(font);
    painter.setPen(QColor(0x55, 0x55, 0x55));
    const QRectF footer(page.left(), top, page.width(), height - 2 * mm);
    painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter, left);
    painter.drawText(
        footer, Qt::AlignRight | Qt::AlignVCenter,
        tr("%1 \u00b7 Page %2 of %3").arg(printedAtText(printedAt)).arg(pageNumber).arg(pageCount));
    painter.restore();
}

void preparePrinter(QPrinter& printer, const QString& title)
{
    printer.setPageLayout(pageLayout());
    printer.setDocName(title);
}

QImage blankPage(int dpi)
{
    const QRect rect = pageLayout().paintRectPixels(dpi);
    QImage image(rect.size(), QImage::Format_RGB32);
    image.setDotsPerMeterX(qRound(dpi / 0.0254));
    image.setDotsPerMeterY(qRound(dpi / 0.0254));
    image.fill(Qt::white);
    return image;
}

bool print(QPrinter* printer, const QString& title, const PaintSheet& paint)
{
    if (!printer)
        return false;
    if (printer->docName().isEmpty())
        printer->setDocName(title);
    return paint(*printer);
}

bool savePdf(const QString& path, const QString& title, const PaintSheet& paint)
{
    if (!QFileInfo(path).absoluteDir().exists() || !core::outputClashWithDatabase(path).isEmpty())
        return false;
    core::ReplacingFile pdf(path);
    if (pdf.temporaryPath().isEmpty())
        return false;
    {
        QPdfWriter writer(pdf.temporaryPath());
        writer.setResolution(300);
        writer.setTitle(title);
        writer.setCreator(QCoreApplication::translate("flickdesk::ui::sheet", "FlickDesk %1")
                              .arg(QStringLiteral(FLICKDESK_VERSION)));
        writer.setPageLayout(pageLayout());
        if (!paint(writer))
            return false;
    }
    return pdf.commit("%PDF-", "%%EOF");
}

QWidget* openPrintPreview(QWidget* parent, const QString& title, const PaintSheet& paint)
{
    auto* dialog = new QPrintPreviewDialog(parent);
    dialog->setObjectName(QStringLiteral("printPreviewDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Print Preview: %1").arg(title));
    dialog->printer()->setPageLayout(pageLayout());
    dialog->printer()->setDocName(title);
    QObject::connect(dialog, &QPrintPreviewDialog::paintRequested, dialog,
                     [paint](QPrinter* printer) { paint(*printer); });
    dialog->open();
    return dialog;
}

std::vector<std::vector<int>> placeColumns(int places, int maxColumns, int firstPageRows, int pageRows,
                                           int preferredRows)
{
    const int columnsPerPage = std::max(1, maxColumns);
    const int rowsPerPage = std::max(1, pageRows);
    const int preferred = std::max(1, preferredRows);
    std::vector<std::vector<int>> pages;
    int remaining = std::max(0, places);
    do {
        const int rows = pages.empty() ? firstPageRows : rowsPerPage;
        std::vector<int> columns;
        if (rows <= 0) {
            pages.push_back(columns); // the first page had no room left under its header
            continue;
        }
        if (remaining > columnsPerPage * rows) {
            columns.assign(static_cast<std::size_t>(columnsPerPage), rows);
            // The next page would start with a single place: it takes one more from this one.
            if (remaining - columnsPerPage * rows == 1 && rows > 2)
                --columns.back();
        } else if (remaining > 0) {
            const int needed = (remaining + rows - 1) / rows;
            int count = std::max(needed, std::min(columnsPerPage, (remaining + preferred - 1) / preferred));
            // A column of its own for a single place reads as an orphan: fewer, longer columns.
            if (remaining >= 2)
                count = std::max(needed, std::min(count, remaining / 2));
            count = std::max(1, count);
            for (int column = 0; column < count; ++column)
                columns.push_back(remaining / count + (column < remaining % count ? 1 : 0));
        }
        for (const int held : columns)
            remaining -= held;
        pages.push_back(std::move(columns));
    } while (remaining > 0);
    return pages;
}

} // namespace flickdesk::ui::sheet
