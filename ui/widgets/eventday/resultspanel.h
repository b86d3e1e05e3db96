#pragma once

// The results of the selected event (through EventSession): final standings entered by typing
// places (digits, then Enter moves down) or by moving entrants up and down; places start empty and
// are numbered in the listed order only on the director's command. Every place typed and every move
// is stored at once, one undoable step each, like every other edit of the event day: a place typed
// is never lost to a crash or a quit. Incomplete standings are work in progress: never rated nor
// awarded. Each unit's points beside its place: live from the payout table (core::payoutTable, the
// award's one path) as places are typed, the frozen award once awarded. Validation that follows
// every change (ties reported per DECISIONS N4, with the offer to break them by the listed order),
// finishing, the award (DECISIONS P2: frozen, after a confirmation that shows what is frozen), the
// printed results sheet and the submission file.

#include "core/records/awardrecords.h"
#include "core/records/eventdayrecords.h"
#include "core/store/storefwd.h"
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
    // Places shown that the store does not hold. None after an edit: each place is stored as it is
    // typed (a refused one is taken back from the rows); an editor still open holds the only other.
    bool hasUnsavedPlaces() const;
    // Stores the place of an editor still open (a quit or another event before Enter).
    void commitPendingEdit();
    // What the award confirmation says will be frozen (the figures of the payout table now).
    QString awardSummary() const;
    // The standings get the focus with a place cell current (the first row's when none was), so that
    // digits type a place and Enter moves down.
    void focusStandings();

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
    // Only checks (the places are stored as typed): shows the rows in finishing order and every
    // defect; the tie break is offered when there is a tie (DECISIONS N4). True when complete.
    bool validate();
    bool breakTies();
    bool markFinished();
    // Checks the results, then asks for confirmation (window-modal, without blocking), showing what
    // will be frozen: N, FSI, FDI, the winner's points, the season, the division and the lock's month.
    void requestAward();
    bool award();
    void printResultsWithDialog();
    void saveResultsPdfWithDialog();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    // The Results tab shown: the standings have the focus on a place, so that digits type it.
    void showEvent(QShowEvent* event) override;

Q_SIGNALS:
    void message(const QString& text);
    void exportRequested();
    void importRequested();

private:
    void reload();
    void moveRow(int step);
    void updateState();
    // The points column and the validation box, from the places as the rows show them; the rows'
    // places stored as one undoable step named `description`.
    void placesEdited(const QString& description);
    // The rows' places into the store (nothing when they are stored already).
    void storeShownPlaces(const QString& description);
    // The unit's number as the entrant list shows it (EntrantListModel::shownNumber): in doubles
    // the team's place in that list, 1, 2, 3..., not the stored unit number.
    QString numberText(int unit) const;
    void updateNumbers();
    // The row's entrant as the rows name it: "Anna Kowalski (1041)".
    QString rowName(int row) const;
    // The current cell on a place (the first row's when there is none), for digits to type it.
    void ensurePlaceCell();
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
    bool m_sortByPlace = false; // the next reload shows the rows in finishing order (Validate)
};

} // namespace flickdesk::ui
