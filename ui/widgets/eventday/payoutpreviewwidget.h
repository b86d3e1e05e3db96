#pragma once

// The morning preview: the sheet a director posts at the venue and watches while entrants check
// in. FSI, FDI, the field size and the Tier floor, the place -> points table and the payout curve,
// all from one engine::PayoutTable (the same table the award stores, DECISIONS P2).

#include "flickdesk/engine/points.h"
#include "widgets/eventday/sheetprinting.h"

#include <QDate>
#include <QDateTime>
#include <QImage>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

class QLabel;
class QPagedPaintDevice;
class QPaintDevice;
class QPainter;
class QPrinter;
class QProgressBar;
class QSplitter;
class QTableView;

namespace flickdesk::ui {

class PayoutChart;
class PayoutTableModel;

class PayoutPreviewWidget : public QWidget {
    Q_OBJECT

public:
    explicit PayoutPreviewWidget(QWidget* parent = nullptr);

    // Shows `table` everywhere at once: the figures, the table (rows that did not change stay as
    // they are) and the chart.
    void setTable(const engine::PayoutTable& table, const QString& eventTitle);
    // Shows the table of `model` (an event's preview, which updates it on every check-in) in place of
    // the widget's own; nullptr goes back to the widget's own model. The figures and the chart
    // follow only when showModelTable() or setEvent() is called.
    void setModel(PayoutTableModel* model);
    // The figures and the chart of the shown model's table, as it is now: the table is not set again.
    void showModelTable();
    // The event's name and date on the preview and the sheet, without setting the table again.
    void setEvent(const QString& eventTitle, QDate date);
    // The event's date, printed on the sheet. Today's date until set.
    void setEventDate(QDate date);
    // Where the locked ratings come from (core::lockSourceText): "NCA list for 2026-11, 1,744
    // players" or "computed from 153 stored events"; empty hides the line.
    void setLockSource(const QString& source);
    QString lockSource() const { return m_lockSource; }
    // The locked ratings are being computed in the background: `text` ("Computing ratings for
    // November 2026…") above a bar at sweep `value` of at most `maximum` (0: busy), the table and
    // the chart greyed until they arrive. An empty text shows the preview again.
    void setComputing(const QString& text, int value = 0, int maximum = 0);
    bool isComputing() const;

    const engine::PayoutTable& table() const;
    QString eventTitle() const { return m_eventTitle; }
    QDate eventDate() const { return m_eventDate; }

    PayoutTableModel* model() const { return m_model; }
    PayoutChart* chart() const { return m_chart; }
    QTableView* tableView() const { return m_tableView; }
    // The table and the chart: side by side when the preview is wide enough, else one above the other.
    QSplitter* tableChartSplitter() const { return m_tableChartSplitter; }

    // The sheet: event name, date, FSI / FDI / N / Tier, the chart and the table, on as many pages
    // as the table needs (one up to about 150 places), with the time it was printed. print() uses
    // the printer's page layout; savePdf() writes a PDF on the sheets' paper (sheetprinting.h: the
    // director's choice, else Letter or A4 by the locale). Both return false when nothing could be
    // painted (no such folder, a printer that failed to start).
    bool print(QPrinter* printer);
    bool savePdf(const QString& path);
    // What print() and savePdf() paint with, for the print preview.
    sheet::PaintSheet sheetPainter();

    // How many pages the sheet of the current table takes on `device`.
    int sheetPageCount(const QPaintDevice& device) const;
    // How many places each column of each page of the sheet holds on `device`.
    std::vector<std::vector<int>> sheetColumns(const QPaintDevice& device) const;
    // One page of the sheet on an image of the paper's size at `dpi` (what the tests look at).
    QImage sheetPageImage(int page, int dpi, const QDateTime& printedAt);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct SheetLayout;
    SheetLayout sheetLayout(const QPaintDevice& device) const;
    bool paintSheet(QPaintDevice& device, const QDateTime& printedAt, int onlyPage,
                    const std::function<bool()>& newPage);
    void paintSheetTable(QPainter& painter, const SheetLayout& layout, QRectF area, int firstPlace,
                         const std::vector<int>& columns) const;
    QStringList notes() const;

    QString m_eventTitle;
    QDate m_eventDate;
    QString m_lockSource;
    PayoutTableModel* m_ownModel = nullptr;
    PayoutTableModel* m_model = nullptr; // the model shown: m_ownModel or the one of setModel()
    PayoutChart* m_chart = nullptr;
    QTableView* m_tableView = nullptr;
    QSplitter* m_tableChartSplitter = nullptr;
    QLabel* m_titleLabel = nullptr;
    QLabel* m_subtitleLabel = nullptr;
    QLabel* m_lockSourceLabel = nullptr;
    QLabel* m_computingLabel = nullptr;
    QProgressBar* m_computingBar = nullptr;
    QLabel* m_strengthValue = nullptr;
    QLabel* m_depthValue = nullptr;
    QLabel* m_fieldSizeCaption = nullptr;
    QLabel* m_fieldSizeValue = nullptr;
    QLabel* m_tierCaption = nullptr;
    QLabel* m_tierValue = nullptr;
    QLabel* m_winnerValue = nullptr;
    QLabel* m_notesLabel = nullptr;
};

// The place -> points table view of the preview and the simulator.
QTableView* payoutTableView(PayoutTableModel* model, QWidget* parent);

// Texts that the preview, its sheet and the simulator share.
namespace payouttext {
QString fieldStrength(double fsi);                    // DECISIONS P8: 3 decimals
QString fieldDepth(double fdi);                       // DECISIONS P8: 3 decimals
QString points(double points);                        // one decimal, as awarded
QString fieldSize(int units);                         // N, a plain number
QString fieldSizeCaption(engine::EventFormat format); // "Players (N)" or "Teams (N)"
QString format(engine::EventFormat format);
QString tier(engine::Tier tier);
} // namespace payouttext

} // namespace flickdesk::ui
