#pragma once

// The results of the selected event (through EventSession): final standings entered by typing
// places (digits, then Enter moves down) or by moving entrants up and down; places start empty and
// are numbered in the listed order only on the director's command. Each unit's points beside its
// place: live from the payout table (core::payoutTable, the award's one path) as places are typed,
// the frozen award once awarded. Validation that follows every change (ties reported per DECISIONS
// N4, with the offer to break them by the listed order), finishing, the award (DECISIONS P2:
// frozen, after a confirmation), the printed results sheet and the submission file.

#include "core/store/store.h"
#include "widgets/eventday/resultssheet.h"
#include "widgets/eventday/sheetprinting.h"

#include <QPointer>
#include <QWidget>
#include <optional>
#include <vector>

class QLabel;
class QListWidget;
class QMessageBox;
class QPrinter;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace flickdesk::ui {

class EventSession;

class ResultsPanel : public QWidget {
    Q_OBJECT

public:
    enum Column { PlaceColumn, UnitColumn, PlayersColumn, PointsColumn, StatusColumn, ColumnCount };

    explicit ResultsPanel(QWidget* parent = nullptr);

    void setSession(EventSession* session);
    EventSession* session() const { return m_session; }

    QTableView* standingsView() const { return m_view; }
    QStandardItemModel* standingsModel() const { return m_model; }
    QListWidget* defectsList() const { return m_defects; }
    QPushButton* breakTiesButton() const { return m_breakTies; }
    QPushButton* awardButton() const { return m_award; }
    QPushButton* exportButton() const { return m_export; }
    QPushButton* importButton() const { return m_import; }
    QPushButton* numberButton() const { return m_number; }
    QPushButton* printButton() const { return m_print; }
    QPushButton* pdfButton() const { return m_pdf; }

    // The standings as the rows show them: each placed unit's place, in row order among equal
    // places; a unit without a place is not in them.
    std::vector<core::Placing> listedStandings() const;
    // Places typed but not stored yet (Validate, Save standings or a move of the event stores them).
    bool hasUnsavedPlaces() const;

    // The results sheet as the rows show it now (sheet: place, player(s), points).
    ResultsSheet resultsSheet() const;
    bool printResults(QPrinter* printer);
    bool saveResultsPdf(const QString& path);
    sheet::PaintSheet resultsSheetPainter() const;

public Q_SLOTS:
    // Moves the current entrant one row up or down; the places stay with the rows.
    void moveUp();
    void moveDown();
    // Places 1..N in row order, as one undoable step (the director's command: never by itself).
    bool numberInListedOrder();
    // Stores the standings as listed (one undoable step).
    bool saveStandings();
    // Saves, then shows every defect; the tie break is offered when there is a tie (DECISIONS N4).
    bool validate();
    bool breakTies();
    bool markFinished();
    // Asks for confirmation (window-modal, without blocking), then awards.
    void requestAward();
    bool award();
    void printResultsWithDialog();
    void saveResultsPdfWithDialog();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    void message(const QString& text);
    void exportRequested();
    void importRequested();

private:
    void reload();
    void moveRow(int step);
    void updateState();
    // The points column and the validation box, from the places as the rows show them.
    void placesEdited();
    void updatePoints();
    bool refreshValidation(); // true when the shown results are complete
    // A line of the validation box; the rule it cites goes to its tooltip.
    void addDefect(const core::ResultDefect& defect);
    // The units that began, with the places and listed order of the rows (what is shown).
    std::vector<core::Entrant> shownEntrants() const;

    QPointer<EventSession> m_session;
    QStandardItemModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    QListWidget* m_defects = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_up = nullptr;
    QPushButton* m_down = nullptr;
    QPushButton* m_number = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_validate = nullptr;
    QPushButton* m_breakTies = nullptr;
    QPushButton* m_finish = nullptr;
    QPushButton* m_award = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_print = nullptr;
    QPushButton* m_pdf = nullptr;
    QLabel* m_pointsNote = nullptr;
    std::optional<core::AwardRecord> m_awarded; // the frozen award, once awarded
    bool m_loading = false;
};

} // namespace flickdesk::ui
