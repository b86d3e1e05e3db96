#pragma once

// The flickdesk window: one FlickDesk database (core::Store) and the director's morning in it.
// The events list with its search and the event editor; for the selected event (an EventSession)
// the entrants with check-in beside the payout preview, and the results with validation, award and
// the submission file; Undo/Redo of the session's edits; the payout simulator; and issue 6's views
// (ratings, Tour standings, Tier report), built when first shown.

#include "core/store/storefwd.h"
#include "models/eventday/eventsession.h"

#include <QMainWindow>
#include <QPointer>
#include <memory>

class QAction;
class QLabel;
class QLineEdit;
class QMenu;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QUndoGroup;

namespace flickdesk::ui {

class AboutDialog;
class KeyboardShortcutsDialog;
class UserGuideDialog;
class EntrantsPanel;
class EventListModel;
class PoolsView;
class ResultsPanel;
class PlayView;
class SimulatorWidget;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // What to do when the database opened is empty (no events, no players).
    enum class FirstStart {
        Ask,        // the first-start dialog (modal: for the application, not for tests)
        LoadSample, // the sample NCA history
        StartEmpty,
    };

    // Without a database: a welcome text until openDatabase().
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens the database at `path` and shows its events. On failure a message box (window-modal,
    // not blocking) names the file, the problem and the newest backup; false, lastOpenError() says
    // why. A new database is made without asking only at the default path or with LoadSample or
    // StartEmpty (nothing at the path); with Ask, a path given by the director where there is no
    // database, or an empty file, is made one only when confirmNewDatabase() agrees.
    bool openDatabase(const QString& path, FirstStart firstStart = FirstStart::Ask);
    QString lastOpenError() const { return m_lastOpenError; }
    core::Store* store() const { return m_store.get(); }
    // The window's geometry and docks as the last session left them (QSettings).
    void restoreWindowSettings();

    // The event to work on (the events list follows); false when there is no such event.
    bool selectEvent(const QString& eventId);
    EventSession* session() const { return m_session; }

    // The submission file of the selected event (JSON and its history folder): an error message,
    // empty on success.
    QString exportEventTo(const QString& path);
    // A submission file into this database: an error message, empty when added or already there.
    QString importEventFrom(const QString& path);

    QTabWidget* tabs() const { return m_tabs; }
    QTabWidget* eventTabs() const { return m_eventTabs; }
    QTableView* eventListView() const { return m_eventView; }
    QLineEdit* eventSearch() const { return m_eventSearch; }
    EventListModel* eventList() const { return m_events; }
    QSortFilterProxyModel* eventFilter() const { return m_eventFilter; }
    EntrantsPanel* entrantsPanel() const { return m_entrantsPanel; }
    ResultsPanel* resultsPanel() const { return m_resultsPanel; }
    PlayView* playView() const { return m_playView; }
    SimulatorWidget* simulator() const { return m_simulator; }
    // The rating pools of the other systems (issue 7): the Pools tab.
    PoolsView* poolsView() const;
    QUndoGroup* undoGroup() const { return m_undoGroup; }

    // The About dialog: version, licence and third-party licences, a tab each. The caller owns it;
    // exposed so
    // that tests can inspect it without a modal loop.
    AboutDialog* createAboutDialog();
    // Help > Keyboard Shortcuts: generated from the menus and tabs as they are now; the caller owns it.
    KeyboardShortcutsDialog* createShortcutsDialog();
    // Help > User Guide (F1): the one guide window, once opened (null before).
    UserGuideDialog* userGuide() const;
    // Off for --smoke-test: nothing of this run (the database, the event, the geometry) is written
    // to the settings the next normal start reads.
    void setRemembersSettings(bool remember) { m_remembersSettings = remember; }

public Q_SLOTS:
    // Shows the About box window-modal without blocking; it deletes itself when closed.
    void showAboutDialog();
    // Help > Keyboard Shortcuts, window-modal without blocking; it deletes itself when closed.
    void showShortcutsDialog();
    // Help > User Guide: the guide beside the window (not modal), raised when already open.
    void showUserGuide();
    // The event editor, window-modal without blocking; OK creates the event and selects it.
    void newEvent();
    void editEvent();
    void startSimulatorFromEvent();
    void recomputeRatings();
    void exportEventWithDialog();
    void importEventWithDialog();
    void openDatabaseWithDialog();
    // Event > New Rating Pool...: the Pools tab and its new-pool dialog.
    void newRatingPool();

Q_SIGNALS:
    // The rated history may have changed: an award or a result edited in the event's session, an
    // event imported, a player merged or renumbered on the Ratings tab. The views of the whole
    // history listen and check whether what they show is still current (checkHistory).
    void historyChanged();

protected:
    void closeEvent(QCloseEvent* event) override;
    // Whether to make a new database at `path`, where there is none (or an empty file, `emptyFile`):
    // a question to the director (modal); tests override it.
    virtual bool confirmNewDatabase(const QString& path, bool emptyFile);

private:
    void createActions();
    void createMenus();
    void buildWorkspace();
    void closeSession();
    void updateActions();
    void showMessage(const QString& text);
    void followUndoStack(); // the Pools tab's undo stack while it is shown, the event's elsewhere
    void ensureViewOfTab(int index);

    std::unique_ptr<core::Store> m_store;
    QPointer<EventSession> m_session;
    // Issue 6's views, once their tabs have been shown: a recompute updates them.
    QPointer<class RatingsListView> m_ratingsView;
    QPointer<class PlayerPage> m_playerPage;
    QPointer<class StandingsView> m_standingsView;
    QPointer<class TierReport> m_tierReport;
    QPointer<class PoolsView> m_poolsView;
    QAction* m_newPoolAction = nullptr;
    QUndoGroup* m_undoGroup = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_eventMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_importAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_printAction = nullptr;
    QAction* m_pdfAction = nullptr;
    QAction* m_printPreviewAction = nullptr;
    QAction* m_printResultsAction = nullptr;
    QAction* m_pdfResultsAction = nullptr;
    QAction* m_numberPlacesAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_newEventAction = nullptr;
    QAction* m_editEventAction = nullptr;
    QAction* m_findPlayerAction = nullptr;
    QAction* m_findEventAction = nullptr;
    QAction* m_showEntrantsAction = nullptr; // Alt+1
    QAction* m_showResultsAction = nullptr;  // Alt+2
    QAction* m_showPlayAction = nullptr;     // Alt+3
    QAction* m_validateAction = nullptr;
    QAction* m_finishAction = nullptr;
    QAction* m_awardAction = nullptr;
    QAction* m_simulateAction = nullptr;
    QAction* m_recomputeAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_aboutQtAction = nullptr;
    QAction* m_shortcutsAction = nullptr;
    QAction* m_userGuideAction = nullptr;
    QPointer<UserGuideDialog> m_userGuide;
    bool m_remembersSettings = true;

    QLabel* m_welcomeLabel = nullptr;
    QLabel* m_readOnlyLabel = nullptr;
    QTabWidget* m_tabs = nullptr;
    QSplitter* m_daySplitter = nullptr;
    QTabWidget* m_eventTabs = nullptr;
    QLineEdit* m_eventSearch = nullptr;
    QTableView* m_eventView = nullptr;
    EventListModel* m_events = nullptr;
    QSortFilterProxyModel* m_eventFilter = nullptr;
    EntrantsPanel* m_entrantsPanel = nullptr;
    ResultsPanel* m_resultsPanel = nullptr;
    PlayView* m_playView = nullptr;
    SimulatorWidget* m_simulator = nullptr;
    int m_ratingsTab = -1;
    int m_standingsTab = -1;
    int m_tierTab = -1;
    QString m_lastOpenError;
};

} // namespace flickdesk::ui
