#pragma once

// The morning preview: the sheet a director posts at the venue and watches while entrants check
// in. FSI, FDI, the field size and the Tier floor, the place -> points table and the payout curve,
// all from one engine::PayoutTable (the same table the award stores, DECISIONS P2).

#include "flickdesk/engine/points.h"

#include <QDate>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>

class QLabel;
class QPagedPaintDevice;
class QPainter;
class QPrinter;
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

    const engine::PayoutTable& table() const;
    QString eventTitle() const { return m_eventTitle; }
    QDate eventDate() const { return m_eventDate; }

    PayoutTableModel* model() const { return m_model; }
    PayoutChart* chart() const { return m_chart; }
    QTableView* tableView() const { return m_tableView; }

    // The sheet: event name, date, FSI / FDI / N / Tier, the chart and the table, on as many pages
    // as the table needs (one up to about 150 places). print() uses the printer's page layout;
    // savePdf() writes a PDF of the locale's paper size. Both return false when nothing could be
    // painted (no such folder, a printer that failed to start).
    bool print(QPrinter* printer);
    bool savePdf(const QString& path);

    // How many pages the sheet of the current table takes on `device`.
    int sheetPageCount(const QPagedPaintDevice& device) const;

private:
    struct SheetLayout;
    SheetLayout sheetLayout(const QPagedPaintDevice& device) const;
    bool paintSheet(QPagedPaintDevice& device);
    void paintSheetTable(QPainter& painter, const SheetLayout& layout, QRectF area, int firstPlace,
                         int rowsPerGroup, int groups) const;
    QStringList notes() const;

    QString m_eventTitle;
    QDate m_eventDate;
    QString m_lockSource;
    PayoutTableModel* m_ownModel = nullptr;
    PayoutTableModel* m_model = nullptr; // the model shown: m_ownModel or the one of setModel()
    PayoutChart* m_chart = nullptr;
    QTableView* m_tableView = nullptr;
    QLabel* m_titleLabel = nullptr;
    QLabel* m_subtitleLabel = nullptr;
    QLabel* m_lockSourceLabel = nullptr;
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
