#pragma once

// The Play tab of the event day (issue 28, docs/play.md "In the window"): the format chosen from a
// template with its boards and the groups it draws (each group's mean rating on the month's lock),
// Start; then the current stage's games by board with the score typed at the keyboard ("6 2 3 1"
// Enter, the next waiting game follows), the standings of each group with the reason for each
// order, a shoot-out order asked for where a tie blocks the day, and the places with their rule in
// words, written into the event's results by Use These Places.

#include "flickdesk/engine/playday.h"
#include "widgets/play/playplaces.h"

#include <QDialog>
#include <QPointer>
#include <QWidget>
#include <optional>
#include <unordered_map>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QTreeWidget;

namespace flickdesk::ui {

class EventSession;
class PlaySession;

// The tied units in the order the director gives after their shoot-out, best first: drag a row, or
// Move Up / Move Down (Alt+U, Alt+N; Ctrl+Up and Ctrl+Down in the list).
class ShootOutDialog : public QDialog {
    Q_OBJECT
public:
    ShootOutDialog(const QString& question,
                   const std::vector<std::pair<engine::play::UnitId, QString>>& units, QWidget* parent);
    std::vector<engine::play::UnitId> order() const;
    QListWidget* list() const { return m_list; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void move(int by);
    QListWidget* m_list = nullptr;
};

class PlayView : public QWidget {
    Q_OBJECT
public:
    explicit PlayView(QWidget* parent = nullptr);
    ~PlayView() override;

    // The event the tab shows; null: none (before the session goes).
    void setSession(EventSession* session);
    PlaySession* playSession() const { return m_play; }

    // Widgets, for the tests.
    QComboBox* templateBox() const { return m_template; }
    QSpinBox* boardsBox() const { return m_boards; }
    QPushButton* startButton() const { return m_start; }
    QLabel* statusLabel() const { return m_status; }
    QTreeWidget* groupsTree() const { return m_groups; }
    QTableWidget* gamesTable() const { return m_games; }
    QLineEdit* scoreEdit() const { return m_score; }
    QLabel* scoreMessage() const { return m_message; }
    QTableWidget* standingsTable() const { return m_standings; }
    QTableWidget* placesTable() const { return m_placesPane->placesTable(); }
    QPushButton* usePlacesButton() const { return m_placesPane->usePlacesButton(); }
    PlayPlaces* placesPane() const { return m_placesPane; }
    QPushButton* shootOutButton() const { return m_shootOut; }
    // Advancing (issue 28 item 5): "Start Pools" once the stage before is complete and its preview
    // shown; "Take Back Start" while the stage started last has no score.
    QPushButton* advanceButton() const { return m_advance; }
    QPushButton* takeBackButton() const { return m_takeBack; }
    // Groups by hand (DECISIONS G4): Move to Group... for the unit selected in the groups, before the
    // first score (also Ctrl+Up / Ctrl+Down in the groups, or a drag onto another group).
    QPushButton* moveUnitButton() const { return m_moveUnit; }
    QMenu* moveMenu() const;
    ShootOutDialog* shootOutDialog() const { return m_dialog; }
    // The game the score is typed for: the selected row of the games.
    std::optional<engine::play::GameKey> selectedGame() const;

    enum GameColumn { RoundColumn, BoardColumn, SideAColumn, SideBColumn, ScoreColumn, StateColumn };

Q_SIGNALS:
    void message(const QString& text);

private:
    engine::play::Format chosenFormat() const;
    void refresh();
    void showPreview();
    void showGroups(const engine::play::PlayState& state, const engine::play::Format& format, bool preview);
    void showGames();
    void showStandings();
    void showPlaces();
    void selectGame(int row);
    void updateScoreLabel();
    void enterScore();
    void start();
    // The tie that keeps the day from going on (or the places from being final), if any.
    std::optional<engine::play::UnresolvedTie> pendingTie() const;
    void askShootOut();
    // Groups by hand: the unit of the groups' current item, and its first-stage group (-1: none).
    std::optional<std::pair<engine::play::UnitId, int>> selectedUnit() const;
    void moveSelectedUnit(int group);
    void showMoveMenu();
    void updateAdvancing();

    QPointer<EventSession> m_session;
    PlaySession* m_play = nullptr;
    QComboBox* m_template = nullptr;
    QSpinBox* m_boards = nullptr;
    QPushButton* m_start = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_games = nullptr;
    QLabel* m_scoreLabel = nullptr;
    QLineEdit* m_score = nullptr;
    QLabel* m_message = nullptr;
    QTabWidget* m_side = nullptr;
    QTreeWidget* m_groups = nullptr;
    QTableWidget* m_standings = nullptr;
    PlayPlaces* m_placesPane = nullptr;
    QPushButton* m_shootOut = nullptr;
    QPushButton* m_advance = nullptr;
    QPushButton* m_takeBack = nullptr;
    QPushButton* m_moveUnit = nullptr;
    QPointer<QMenu> m_moveMenu;
    std::optional<engine::play::UnitId> m_movedUnit; // selected again once the groups are redrawn
    int m_shownPreview = -1;                         // the stage whose preview was last brought to view
    QPointer<ShootOutDialog> m_dialog;
    // What a row of the games table shows, to update only the rows a change touched.
    struct GameRow {
        engine::play::GameState state = engine::play::GameState::Waiting;
        engine::play::Score score;
        int board = 0;
        int lateRound = -1; // waiting while this round of its group is being scored; -1: not late
    };
    void showGameRow(int row, const engine::play::PlayGame& game, int lateRound, const QString& notStarted);
    void fitGameColumns(int fromRow, int toRow);
    QString nameOf(const engine::play::UnitId& unit) const;

    std::vector<engine::play::GameKey> m_rowKeys; // the games table's rows
    std::vector<GameRow> m_rowShown;              // what each row shows
    QString m_groupsShown;     // what the groups tree shows (showGroups: built again only when it changes)
    QString m_shownNotStarted; // the state text of a stage shown before it starts ("When Pools starts")
    std::unordered_map<engine::play::UnitId, QString> m_names; // the units' names, read once a change
    std::optional<engine::play::GameKey> m_lastEntered;
    QString m_askedTie; // the tie last asked about: asked once, then by the button
};

} // namespace flickdesk::ui
