#pragma once

// The one page layout of the event day's printed sheets (the payout preview and the results): the
// paper (Letter where the locale prints on Letter, as the NCA's North American directors do, A4
// elsewhere, or the director's own choice kept in the settings), the margins, the footer with the
// time the sheet was printed and its page numbers, printing, the print preview and the PDF.

#include <QDateTime>
#include <QImage>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

class QFont;
class QPagedPaintDevice;
class QPaintDevice;
class QPainter;
class QPrinter;
class QRectF;
class QWidget;

namespace flickdesk::ui::sheet {

// The paper a director chose in File > Paper Size, or ByLocale (the default).
enum class Paper { ByLocale, Letter, A4 };
Paper paperChoice();
void setPaperChoice(Paper paper);

// Letter in the countries that print on it (the United States, Canada, Mexico and a few more), A4
// elsewhere.
QPageSize::PageSizeId paperOfLocale(const QLocale& locale);
// The paper the sheets are printed on: the choice kept in the settings, else paperOfLocale(QLocale()).
QPageSize paper();
// Portrait, with the sheets' margins, on paper().
QPageLayout pageLayout();

// "Printed 24 Nov 2026 07:40": when a sheet was printed, in the locale's words.
QString printedAtText(const QDateTime& printedAt);
// The footer every sheet carries: `left` (what made it), the time it was printed and "Page 2 of 3".
// `page` is the paintable rectangle, `mm` one millimetre in device pixels. Returns its height.
qreal footerHeight(const QPaintDevice& device);
void paintFooter(QPainter& painter, const QRectF& page, qreal mm, const QString& left,
                 const QDateTime& printedAt, int pageNumber, int pageCount);

// The sheets' row of figure boxes (FSI, FDI, N...): each a rounded box `boxWidth` wide holding a grey
// caption over its value, side by side from the left at height `y`. Returns the row's height.
qreal paintFigureBoxes(QPainter& painter, const QPaintDevice& device, qreal y, qreal boxWidth, qreal mm,
                       const QStringList& captions, const QStringList& values, const QFont& captionFont,
                       const QFont& valueFont);

// Paints a sheet on a paged device (a printer, a PDF writer); false when it could not be painted.
using PaintSheet = std::function<bool(QPagedPaintDevice& device)>;
// Puts pageLayout() and the title on a printer before the print dialog shows it.
void preparePrinter(QPrinter& printer, const QString& title);
// Paints on the printer's own page layout (the director's choice in the print dialog).
bool print(QPrinter* printer, const QString& title, const PaintSheet& paint);
// A blank page of pageLayout()'s paintable size at `dpi`, to paint a sheet's page on (what the
// tests look at).
QImage blankPage(int dpi);
// Writes a PDF on pageLayout() under a temporary name, renamed into place once complete: a full disk
// leaves an earlier PDF as it was. False for a missing folder or the database's own files.
bool savePdf(const QString& path, const QString& title, const PaintSheet& paint);
// File > Print Preview: a QPrintPreviewDialog of the sheet (window-modal, open() and not exec(), so
// that nothing waits for a person in the tests). Returns the dialog, deleted when closed.
QWidget* openPrintPreview(QWidget* parent, const QString& title, const PaintSheet& paint);

// Places laid out in columns, page by page: pages[page][column] is how many places that column
// holds. Columns hold up to `preferredRows` places while the page has room for more columns; a page
// holds at most `maxColumns` columns of `firstPageRows` (the first page) or `pageRows` (the others)
// rows; the columns of a page are balanced (they differ by one place at most) and no column holds a
// single place when the page has more than one.
std::vector<std::vector<int>> placeColumns(int places, int maxColumns, int firstPageRows, int pageRows,
                                           int preferredRows = 18);

} // namespace flickdesk::ui::sheet
