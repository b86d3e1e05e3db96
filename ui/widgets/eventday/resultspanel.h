#pragma once

// The results of the selected event (through EventSession): final standings entered by typing
// places or by moving entrants up and down, validation (ties reported per DECISIONS N4, with the
// offer to break them by the listed order), finishing, the award (DECISIONS P2: frozen, after a
// confirmation) and the submission file.

#include "core/store/store.h"

#include <QPointer>
#include <QWidget>
#include <vector>

class QLabel;
class QListWidget;
class QMessageBox;
class QPushButton;
class QStandardItemModel;
class QTableView;

namespace flickdesk::ui {

class EventSession;

class ResultsPanel : public QWidget {
    Q_OBJECT

public:
    enum Column { PlaceColumn, UnitColumn, PlayersColumn, StatusColumn, ColumnCount };

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

    // The standings as the rows show them: each unit's place, in row order among equal places.
    std::vector<core::Placing> listedStandings() const;

public Q_SLOTS:
    // Moves the current entrant one row up or down; the places stay with the rows.
    void moveUp();
    void moveDown();
    // Places 1..N in row order.
    void numberInRowOrder();
    // Stores the standings as listed (one undoable step).
    bool saveStandings();
    // Saves, then shows every defect; the tie break is offered when there is a tie (DECISIONS N4).
    bool validate();
    bool breakTies();
    bool markFinished();
    // Asks for confirmation (window-modal, without blocking), then awards.
    void requestAward();
    bool award();

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
};

} // namespace flickdesk::ui
