#include "widgets/mainwindow.h"

#include "core/awards/payout.h"
#include "core/formats/boundedfile.h"
#include "core/formats/eventexchange.h"
#include "core/store/store.h"
#include "core/store/storeexchange.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "models/play/playsession.h"
#include "models/pools/poolsession.h"
#include "models/samplehistory.h"
#include "models/storewatcher.h"
#include "widgets/aboutdialog.h"
#include "widgets/eventday/entrantspanel.h"
#include "widgets/eventday/eventeditor.h"
#include "widgets/eventday/eventlistview.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/resultspanel.h"
#include "widgets/eventday/sheetprinting.h"
#include "widgets/eventday/simulatorwidget.h"
#include "widgets/firststartdialog.h"
#include "widgets/helpdialogs.h"
#include "widgets/play/playview.h"
#include "widgets/pools/poolsview.h"
#include "widgets/ratings/playerpage.h"
#include "widgets/ratings/ratingslist.h"
#include "widgets/ratings/recomputedialog.h"
#include "widgets/savedialog.h"
#include "widgets/settings.h"
#include "widgets/tour/standingsview.h"
#include "widgets/tour/tierreport.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QUndoGroup>
#include <QUndoStack>
#include <QVBoxLayout>
#include <tuple>

namespace flickdesk::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("FlickDesk"));
    setObjectName(QStringLiteral("mainWindow"));
    m_undoGroup = new QUndoGroup(this);
    createActions();
    createMenus();

    // Until a database is open: say what this window will hold.
    m_welcomeLabel = new QLabel(this);
    m_welcomeLabel->setObjectName(QStringLiteral("welcomeLabel"));
    m_welcomeLabel->setTextFormat(Qt::RichText);
    m_welcomeLabel->setAlignment(Qt::AlignCenter);
    m_welcomeLabel->setWordWrap(true);
    m_welcomeLabel->setMargin(24);
    m_welcomeLabel->setText(
        tr("<h2>Welcome to FlickDesk</h2>"
           "<p>Open a database to see your events: each tournament with its field, its results, "
           "the players' FlickSkill ratings and the Field-Weighted Points it awards.</p>"));
    setCentralWidget(m_welcomeLabel);

    m_readOnlyLabel = new QLabel(this);
    m_readOnlyLabel->setObjectName(QStringLiteral("readOnlyLabel"));
    m_readOnlyLabel->hide();
    statusBar()->addPermanentWidget(m_readOnlyLabel);
    statusBar()->showMessage(tr("Ready"));
    // A first window fits the screen (issue 25: 1360x820 opened on a 1280x800 one): the available
    // area less a title bar and borders; saved geometry, once there is one, is restored instead.
    QSize first(1360, 820);
    if (const QScreen* shownOn = screen() ? screen() : QGuiApplication::primaryScreen())
        first = first.boundedTo(shownOn->availableGeometry().size() - QSize(16, 48));
    resize(first);
    updateActions();
}

MainWindow::~MainWindow()
{
    // The session, the panels and the views refer to the store: they go first.
    closeSession();
    delete centralWidget();
}

void MainWindow::createActions()
{
    auto action = [this](const QString& text, const char* name, const QKeySequence& shortcut = {}) {
        auto* a = new QAction(text, this);
        a->setObjectName(QString::fromLatin1(name));
        if (!shortcut.isEmpty())
            a->setShortcut(shortcut);
        addAction(a); // shortcuts work while the menus are closed
        return a;
    };
    m_openAction = action(tr("&Open Database..."), "openDatabaseAction", QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDatabaseWithDialog);
    m_importAction = action(tr("&Import Event..."), "importEventAction", QKeySequence(Qt::CTRL | Qt::Key_I));
    connect(m_importAction, &QAction::triggered, this, &MainWindow::importEventWithDialog);
    m_exportAction = action(tr("&Export for Submission..."), "exportEventAction",
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportEventWithDialog);
    m_printAction = action(tr("&Print Payout Preview..."), "printAction", QKeySequence::Print);
    connect(m_printAction, &QAction::triggered, this, [this] {
        if (m_entrantsPanel)
            m_entrantsPanel->printPreview();
    });
    m_pdfAction = action(tr("Save Payout Preview as P&DF..."), "pdfAction");
    connect(m_pdfAction, &QAction::triggered, this, [this] {
        if (m_entrantsPanel)
            m_entrantsPanel->savePreviewPdfWithDialog();
    });
    // The sheet of the tab in front: the results on the Results tab, else the payout preview.
    m_printPreviewAction =
        action(tr("Print Pre&view..."), "printPreviewAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(m_printPreviewAction, &QAction::triggered, this, [this] {
        if (!m_session || !m_entrantsPanel || !m_resultsPanel)
            return;
        if (m_eventTabs->currentWidget() == m_resultsPanel)
            sheet::openPrintPreview(this, tr("%1: results").arg(m_session->event().name),
                                    m_resultsPanel->resultsSheetPainter());
        else
            sheet::openPrintPreview(this, m_entrantsPanel->preview()->eventTitle(),
                                    m_entrantsPanel->preview()->sheetPainter());
    });
    m_printResultsAction = action(tr("Print &Results..."), "printResultsAction");
    connect(m_printResultsAction, &QAction::triggered, this, [this] {
        if (m_resultsPanel)
            m_resultsPanel->printResultsWithDialog();
    });
    m_pdfResultsAction = action(tr("Save Results as PDF..."), "pdfResultsAction");
    connect(m_pdfResultsAction, &QAction::triggered, this, [this] {
        if (m_resultsPanel)
            m_resultsPanel->saveResultsPdfWithDialog();
    });
    m_quitAction = action(tr("&Quit"), "quitAction");
    m_quitAction->setShortcuts(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    m_quitAction->setStatusTip(tr("Close FlickDesk"));
    // Closing the last window ends the application.
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    // The current event's undo stack (QUndoGroup follows the selected session).
    m_undoAction = m_undoGroup->createUndoAction(this, tr("&Undo"));
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_undoAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    addAction(m_undoAction);
    m_redoAction = m_undoGroup->createRedoAction(this, tr("&Redo"));
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    m_redoAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    addAction(m_redoAction);

    m_newEventAction = action(tr("&New Event..."), "newEventAction", QKeySequence(Qt::CTRL | Qt::Key_N));
    connect(m_newEventAction, &QAction::triggered, this, &MainWindow::newEvent);
    m_editEventAction = action(tr("&Edit Event..."), "editEventAction", QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_editEventAction, &QAction::triggered, this, &MainWindow::editEvent);
    m_findPlayerAction = action(tr("Add &Player..."), "findPlayerAction", QKeySequence(Qt::CTRL | Qt::Key_F));
    m_findPlayerAction->setStatusTip(
        tr("The event's player search; on the Ratings tab, the search of the rating list"));
    connect(m_findPlayerAction, &QAction::triggered, this, [this] {
        // Ctrl+F finds where the director is: the rating list's search on the Ratings tab (the
        // Standings, Tier Report and Pools tabs have no search), the event's players elsewhere.
        if (m_tabs && m_tabs->currentIndex() == m_ratingsTab && m_ratingsView) {
            m_ratingsView->searchEdit()->setFocus(Qt::ShortcutFocusReason);
            m_ratingsView->searchEdit()->selectAll();
            return;
        }
        if (!m_entrantsPanel || !m_session || !m_session->isEditable())
            return;
        m_tabs->setCurrentIndex(0);
        m_eventTabs->setCurrentWidget(m_entrantsPanel);
        m_entrantsPanel->searchEdit()->setFocus(Qt::ShortcutFocusReason);
    });
    m_findEventAction = action(tr("Find E&vent"), "findEventAction", QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_findEventAction, &QAction::triggered, this, [this] {
        if (!m_eventSearch)
            return;
        m_tabs->setCurrentIndex(0);
        m_eventSearch->setFocus(Qt::ShortcutFocusReason);
        m_eventSearch->selectAll();
    });
    // The event's two tabs by keyboard. Going to Results only shows it, its first place ready for
    // digits; Ctrl+R validates (only a check: places are stored as typed) and shows the answer there.
    m_showEntrantsAction =
        action(tr("Show En&trants && Preview"), "showEntrantsAction", QKeySequence(Qt::ALT | Qt::Key_1));
    connect(m_showEntrantsAction, &QAction::triggered, this, [this] {
        if (!m_entrantsPanel)
            return;
        m_tabs->setCurrentIndex(0);
        m_eventTabs->setCurrentWidget(m_entrantsPanel);
        if (!m_entrantsPanel->isAncestorOf(QApplication::focusWidget()))
            m_entrantsPanel->searchEdit()->setFocus(Qt::ShortcutFocusReason);
    });
    m_showResultsAction = action(tr("Show Res&ults"), "showResultsAction", QKeySequence(Qt::ALT | Qt::Key_2));
    connect(m_showResultsAction, &QAction::triggered, this, [this] {
        if (!m_resultsPanel)
            return;
        m_tabs->setCurrentIndex(0);
        m_eventTabs->setCurrentWidget(m_resultsPanel);
        m_resultsPanel->focusStandings();
    });
    // The day's play (issue 28): the score box once the play has started, else the format's choice.
    m_showPlayAction = action(tr("Show Pla&y"), "showPlayAction", QKeySequence(Qt::ALT | Qt::Key_3));
    connect(m_showPlayAction, &QAction::triggered, this, [this] {
        if (!m_playView)
            return;
        m_tabs->setCurrentIndex(0);
        m_eventTabs->setCurrentWidget(m_playView);
        const bool started = m_playView->playSession() && m_playView->playSession()->hasFormat();
        QWidget* target = started ? static_cast<QWidget*>(m_playView->scoreEdit())
                                  : static_cast<QWidget*>(m_playView->templateBox());
        if (!m_playView->isAncestorOf(QApplication::focusWidget()) && target->isEnabled())
            target->setFocus(Qt::ShortcutFocusReason);
    });
    m_validateAction = action(tr("Va&lidate Results"), "validateAction", QKeySequence(Qt::CTRL | Qt::Key_R));
    connect(m_validateAction, &QAction::triggered, this, [this] {
        if (!m_resultsPanel)
            return;
        m_tabs->setCurrentIndex(0);
        m_eventTabs->setCurrentWidget(m_resultsPanel);
        m_resultsPanel->validate();
    });
    m_numberPlacesAction = action(tr("Num&ber Places in Listed Order"), "numberPlacesAction",
                                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(m_numberPlacesAction, &QAction::triggered, this, [this] {
        if (!m_resultsPanel)
            return;
        m_tabs->setCurrentIndex(0);
        m_eventTabs->setCurrentWidget(m_resultsPanel);
        m_resultsPanel->numberInListedOrder();
    });
    m_finishAction = action(tr("Mark &Finished"), "finishAction");
    connect(m_finishAction, &QAction::triggered, this, [this] {
        if (m_resultsPanel)
            m_resultsPanel->markFinished();
    });
    m_awardAction = action(tr("&Award Points..."), "awardAction");
    connect(m_awardAction, &QAction::triggered, this, [this] {
        if (m_resultsPanel)
            m_resultsPanel->requestAward();
    });
    m_simulateAction =
        action(tr("&Simulator from This Event"), "simulateAction", QKeySequence(Qt::CTRL | Qt::Key_M));
    connect(m_simulateAction, &QAction::triggered, this, &MainWindow::startSimulatorFromEvent);
    m_recomputeAction = action(tr("&Recompute FlickSkill..."), "recomputeAction",
                               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(m_recomputeAction, &QAction::triggered, this, &MainWindow::recomputeRatings);

    m_aboutAction = new QAction(tr("&About FlickDesk"), this);
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    m_aboutAction->setStatusTip(tr("Version, licence and third-party licences"));
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAboutDialog);
    // Qt's own box states the Qt version and its LGPLv3 terms in full.
    m_aboutQtAction = new QAction(tr("About &Qt"), this);
    m_aboutQtAction->setObjectName(QStringLiteral("aboutQtAction"));
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
    m_userGuideAction = action(tr("&User Guide"), "userGuideAction", QKeySequence::HelpContents);
    m_userGuideAction->setStatusTip(tr("The FlickDesk user guide, in the program (no network needed)"));
    connect(m_userGuideAction, &QAction::triggered, this, &MainWindow::showUserGuide);
    m_shortcutsAction = action(tr("&Keyboard Shortcuts"), "keyboardShortcutsAction");
    m_shortcutsAction->setStatusTip(tr("Every command's keys"));
    connect(m_shortcutsAction, &QAction::triggered, this, &MainWindow::showShortcutsDialog);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_fileMenu->addAction(m_openAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_importAction);
    m_fileMenu->addAction(m_exportAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_printAction);
    m_fileMenu->addAction(m_pdfAction);
    m_fileMenu->addAction(m_printResultsAction);
    m_fileMenu->addAction(m_pdfResultsAction);
    m_fileMenu->addAction(m_printPreviewAction);
    // The paper of every printed sheet, kept in the settings: Letter or A4 by the locale until chosen.
    QMenu* paperMenu = m_fileMenu->addMenu(tr("Paper Si&ze"));
    paperMenu->setObjectName(QStringLiteral("paperMenu"));
    auto* papers = new QActionGroup(paperMenu);
    const QString localePaper =
        sheet::paperOfLocale(QLocale()) == QPageSize::Letter ? tr("Letter") : tr("A4");
    for (const auto& [paper, text, name] :
         {std::tuple(sheet::Paper::ByLocale, tr("By the Locale (%1)").arg(localePaper),
                     "paperByLocaleAction"),
          std::tuple(sheet::Paper::Letter, tr("Letter"), "paperLetterAction"),
          std::tuple(sheet::Paper::A4, tr("A4"), "paperA4Action")}) {
        QAction* choice = paperMenu->addAction(text);
        choice->setObjectName(QString::fromLatin1(name));
        choice->setCheckable(true);
        choice->setChecked(sheet::paperChoice() == paper);
        papers->addAction(choice);
        connect(choice, &QAction::triggered, this, [paper] { sheet::setPaperChoice(paper); });
    }
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_editMenu = menuBar()->addMenu(tr("&Edit"));
    m_editMenu->setObjectName(QStringLiteral("editMenu"));
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);

    m_eventMenu = menuBar()->addMenu(tr("E&vent"));
    m_eventMenu->setObjectName(QStringLiteral("eventMenu"));
    m_eventMenu->addAction(m_newEventAction);
    m_eventMenu->addAction(m_editEventAction);
    m_eventMenu->addAction(m_findEventAction);
    m_eventMenu->addSeparator();
    m_eventMenu->addAction(m_findPlayerAction);
    m_eventMenu->addSeparator();
    m_eventMenu->addAction(m_showEntrantsAction);
    m_eventMenu->addAction(m_showResultsAction);
    m_eventMenu->addAction(m_showPlayAction);
    m_eventMenu->addAction(m_numberPlacesAction);
    m_eventMenu->addAction(m_validateAction);
    m_eventMenu->addAction(m_finishAction);
    m_eventMenu->addAction(m_awardAction);
    m_eventMenu->addSeparator();
    m_eventMenu->addAction(m_simulateAction);
    m_eventMenu->addAction(m_recomputeAction);
    m_eventMenu->addSeparator();
    m_newPoolAction = m_eventMenu->addAction(tr("New Rating P&ool..."));
    m_newPoolAction->setObjectName(QStringLiteral("newPoolAction"));
    connect(m_newPoolAction, &QAction::triggered, this, &MainWindow::newRatingPool);

    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    m_helpMenu->addAction(m_userGuideAction);
    m_helpMenu->addAction(m_shortcutsAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAction);
    m_helpMenu->addAction(m_aboutQtAction);
}

bool MainWindow::openDatabase(const QString& path, FirstStart firstStart)
{
    closeSession();
    if (centralWidget() != m_welcomeLabel) {
        delete takeCentralWidget();
        setCentralWidget(m_welcomeLabel = new QLabel(this));
        m_welcomeLabel->setObjectName(QStringLiteral("welcomeLabel"));
        m_welcomeLabel->setAlignment(Qt::AlignCenter);
    }
    m_store.reset();
    m_tabs = nullptr;
    m_eventTabs = nullptr;
    m_entrantsPanel = nullptr;
    m_resultsPanel = nullptr;
    m_playView = nullptr;
    m_simulator = nullptr;
    m_eventSearch = nullptr;
    m_eventView = nullptr;
    m_events = nullptr;
    m_eventFilter = nullptr;

    core::StoreOptions options;
    options.path = path;
    m_lastOpenError.clear();
    // Making a database is an explicit act: the default one at the first start; another path only
    // when the director agrees (with Ask), or a test or --smoke-test asks for a new one. An empty
    // file is never silently taken for a new database.
    const QFileInfo file(path);
    const bool missing = !file.exists();
    const bool emptyFile = file.isFile() && file.size() == 0;
    options.creation = core::StoreOptions::Creation::IfMissing;
    if (firstStart == FirstStart::Ask &&
        (emptyFile ||
         (missing && file.absoluteFilePath() != QFileInfo(core::Store::defaultPath()).absoluteFilePath()))) {
        if (!confirmNewDatabase(path, emptyFile)) {
            m_lastOpenError =
                emptyFile
                    ? tr("%1 is an empty file, not a FlickDesk database; it was left as it was.")
                          .arg(QDir::toNativeSeparators(path))
                    : tr("There is no database at %1; none was made.").arg(QDir::toNativeSeparators(path));
            statusBar()->showMessage(tr("No database open: %1").arg(m_lastOpenError));
            updateActions();
            return false;
        }
        options.creation = core::StoreOptions::Creation::IfMissingOrEmpty;
    }
    core::Store::OpenResult result = core::Store::open(options);
    if (!result.store) {
        m_lastOpenError = result.error;
        QString text = result.error;
        const QStringList backups = core::Store::backups(path);
        if (!backups.isEmpty() && !text.contains(QFileInfo(backups.first()).fileName()))
            text += QLatin1Char('\n') +
                    tr("The newest backup is %1.").arg(QDir::toNativeSeparators(backups.first()));
        auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot open the database"), text,
                                    QMessageBox::Close, this);
        box->setObjectName(QStringLiteral("openErrorBox"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        statusBar()->showMessage(tr("No database open: %1").arg(result.error));
        updateActions();
        return false;
    }
    m_store = std::move(result.store);
    if (m_remembersSettings)
        settings::lastDatabase().set(m_store->path());
    setWindowTitle(tr("%1 - FlickDesk").arg(QFileInfo(m_store->path()).fileName()));

    if (!m_store->isReadOnly() && m_store->eventCount() == 0 && m_store->playerCount() == 0) {
        bool loadSample = firstStart == FirstStart::LoadSample;
        if (firstStart == FirstStart::Ask) {
            FirstStartDialog dialog(this);
            dialog.exec();
            loadSample = dialog.choice() == FirstStartDialog::Choice::LoadSample;
        }
        if (loadSample) {
            QApplication::setOverrideCursor(Qt::WaitCursor);
            const core::ImportReport report = loadSampleHistory(*m_store, *m_store);
            QApplication::restoreOverrideCursor();
            showMessage(report.ok() ? tr("Sample history loaded: %n event(s)", nullptr, report.eventsAdded)
                                    : tr("The sample history could not be loaded: %1")
                                          .arg(QString::fromStdString(report.defects.front().message)));
        }
    }

    m_readOnlyLabel->setVisible(m_store->isReadOnly());
    if (m_store->isReadOnly()) {
        m_readOnlyLabel->setText(tr("Read-only: %1").arg(m_store->readOnlyReason()));
        statusBar()->showMessage(tr("Read-only database: editing is off"));
    } else {
        for (const QString& warning : m_store->warnings())
            showMessage(warning);
    }

    buildWorkspace();
    const QString last = settings::lastEvent(m_store->path()).get();
    if (!last.isEmpty())
        selectEvent(last);
    updateActions();
    return true;
}

void MainWindow::buildWorkspace()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));

    // ---- the event day: events | entrants + preview, results
    // The list refers to the store: it belongs to the workspace, which goes before the store does
    // (openDatabase, ~MainWindow), so that no list of a closed database is left behind.
    m_events = new EventListModel(*m_store, m_tabs);
    // Every view follows the store's announcements itself (StoreWatcher); the window only passes
    // on that the rated history changed, whoever changed it, for what is not a view of its own.
    connect(new StoreWatcher(*m_store, m_tabs), &StoreWatcher::changed, this,
            [this](const core::StoreChange& change) {
                if (change.touches(core::StoreChange::History))
                    Q_EMIT historyChanged();
            });
    m_eventFilter = new QSortFilterProxyModel(m_tabs);
    m_eventFilter->setSourceModel(m_events);
    m_eventFilter->setSortRole(EventListModel::SortRole);
    m_eventFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_eventFilter->setFilterKeyColumn(-1);

    auto* listPanel = new QWidget;
    listPanel->setObjectName(QStringLiteral("eventListPanel"));
    m_eventSearch = new QLineEdit(listPanel);
    m_eventSearch->setObjectName(QStringLiteral("eventSearch"));
    m_eventSearch->setPlaceholderText(tr("Search events (Ctrl+L)"));
    m_eventSearch->setClearButtonEnabled(true);
    connect(m_eventSearch, &QLineEdit::textChanged, m_eventFilter,
            &QSortFilterProxyModel::setFilterFixedString);
    auto* eventList = new EventListView(listPanel);
    m_eventView = eventList;
    m_eventView->setObjectName(QStringLiteral("eventList"));
    m_eventView->setModel(m_eventFilter);
    m_eventView->setSortingEnabled(true);
    m_eventView->sortByColumn(EventListModel::DateColumn, Qt::DescendingOrder);
    m_eventView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_eventView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_eventView->verticalHeader()->hide();
    m_eventView->horizontalHeader()->setStretchLastSection(true);
    m_eventView->setColumnHidden(EventListModel::FormatColumn, true);
    m_eventView->resizeColumnsToContents();
    m_eventView->setColumnWidth(EventListModel::NameColumn, 190);
    // Issue 14: at 1280x800 the list starts narrower, with the id, the date and the event's name
    // (wrapped) and no sideways scroll bar; the Tier and the status show when it is widened.
    // An event made here has a local id ("ETW89-1", a tag of four random letters or digits): today's
    // event shows its id whole, whatever its tag.
    const int localId = m_eventView->fontMetrics().horizontalAdvance(QStringLiteral("EWWWW-99")) + 8;
    m_eventView->setColumnWidth(EventListModel::IdColumn,
                                std::max(m_eventView->columnWidth(EventListModel::IdColumn), localId));
    const int listFrame =
        2 * m_eventView->frameWidth() + m_eventView->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 2;
    const int listNarrow = m_eventView->columnWidth(EventListModel::IdColumn) +
                           m_eventView->columnWidth(EventListModel::DateColumn) + 130 + listFrame;
    eventList->setColumnsShownWhenWide({EventListModel::TierColumn, EventListModel::StatusColumn},
                                       listNarrow - 130 + 190 +
                                           m_eventView->columnWidth(EventListModel::TierColumn) +
                                           m_eventView->columnWidth(EventListModel::StatusColumn),
                                       EventListModel::NameColumn);
    connect(m_eventView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    selectEvent(current.data(EventListModel::EventIdRole).toString());
            });
    auto* newButton = new QPushButton(tr("&New Event..."), listPanel);
    newButton->setObjectName(QStringLiteral("newEventButton"));
    newButton->setEnabled(!m_store->isReadOnly());
    connect(newButton, &QPushButton::clicked, this, &MainWindow::newEvent);
    auto* listLayout = new QVBoxLayout(listPanel);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_eventSearch);
    listLayout->addWidget(m_eventView, 1);
    listLayout->addWidget(newButton);

    m_eventTabs = new QTabWidget;
    m_eventTabs->setObjectName(QStringLiteral("eventTabs"));
    m_entrantsPanel = new EntrantsPanel;
    m_resultsPanel = new ResultsPanel;
    m_eventTabs->addTab(m_entrantsPanel, tr("Entrants && Preview"));
    m_eventTabs->addTab(m_resultsPanel, tr("Results"));
    // Issue 28: the day's play, between check-in and the award; its places fill the Results tab.
    m_playView = new PlayView;
    m_eventTabs->addTab(m_playView, tr("Play"));
    connect(m_playView, &PlayView::message, this, &MainWindow::showMessage);
    m_eventTabs->setTabToolTip(0, m_showEntrantsAction->shortcut().toString(QKeySequence::NativeText));
    m_eventTabs->setTabToolTip(1, m_showResultsAction->shortcut().toString(QKeySequence::NativeText));
    m_eventTabs->setTabToolTip(2, m_showPlayAction->shortcut().toString(QKeySequence::NativeText));
    connect(m_entrantsPanel, &EntrantsPanel::message, this, &MainWindow::showMessage);
    connect(m_resultsPanel, &ResultsPanel::message, this, &MainWindow::showMessage);
    connect(m_resultsPanel, &ResultsPanel::exportRequested, this, &MainWindow::exportEventWithDialog);
    connect(m_resultsPanel, &ResultsPanel::importRequested, this, &MainWindow::importEventWithDialog);

    m_daySplitter = new QSplitter(Qt::Horizontal);
    m_daySplitter->setObjectName(QStringLiteral("daySplitter"));
    m_daySplitter->addWidget(listPanel);
    m_daySplitter->addWidget(m_eventTabs);
    // A wider window widens the event's tabs (the preview), not the list.
    m_daySplitter->setStretchFactor(0, 0);
    m_daySplitter->setStretchFactor(1, 1);
    m_daySplitter->setSizes({listNarrow, 1280 - listNarrow});
    m_daySplitter->restoreState(settings::daySplitterState().get());
    m_tabs->addTab(m_daySplitter, tr("Event &Day"));

    m_simulator = new SimulatorWidget;
    m_simulator->setObjectName(QStringLiteral("simulator"));
    m_tabs->addTab(m_simulator, tr("Si&mulator"));
    // Issue 6's views compute over the whole history: built when their tab is first shown.
    m_ratingsTab = m_tabs->addTab(new QWidget, tr("&Ratings"));
    m_standingsTab = m_tabs->addTab(new QWidget, tr("&Standings"));
    m_tierTab = m_tabs->addTab(new QWidget, tr("&Tier Report"));
    m_poolsView = new PoolsView(*m_store);
    connect(m_poolsView, &PoolsView::message, this, &MainWindow::showMessage);
    m_tabs->addTab(m_poolsView, tr("&Pools"));
    // Edit > Undo undoes the Pools tab's edits while it is shown, the event's elsewhere.
    m_undoGroup->addStack(m_poolsView->session()->undoStack());
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::followUndoStack);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::ensureViewOfTab);
    // Ctrl+F searches the rating list on the Ratings tab, even with no event to add players to.
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateActions);

    setCentralWidget(m_tabs);
    m_welcomeLabel = nullptr;
}

void MainWindow::followUndoStack()
{
    if (m_poolsView && m_tabs && m_tabs->currentWidget() == m_poolsView)
        m_undoGroup->setActiveStack(m_poolsView->session()->undoStack());
    else
        m_undoGroup->setActiveStack(m_session ? m_session->undoStack() : nullptr);
}

void MainWindow::ensureViewOfTab(int index)
{
    if (!m_store || (index != m_ratingsTab && index != m_standingsTab && index != m_tierTab))
        return;
    QWidget* placeholder = m_tabs->widget(index);
    if (placeholder->property("built").toBool())
        return;
    QWidget* view = nullptr;
    if (index == m_ratingsTab) {
        // The ratings list beside the page of the player chosen in it ("why did my rating move?").
        auto* splitter = new QSplitter(Qt::Horizontal);
        splitter->setObjectName(QStringLiteral("ratingsSplitter"));
        m_ratingsView = new RatingsListView(*m_store);
        m_playerPage = new PlayerPage(*m_store);
        splitter->addWidget(m_ratingsView);
        splitter->addWidget(m_playerPage);
        splitter->setStretchFactor(0, 2);
        splitter->setStretchFactor(1, 3);
        splitter->setSizes({560, 720}); // at 1280: the list's seven columns, the page the rest
        connect(m_ratingsView, &RatingsListView::playerActivated, m_playerPage, &PlayerPage::setPlayer);
        // One rating run serves both: the page does not compute its own.
        connect(m_ratingsView, &RatingsListView::ratingRunChanged, m_playerPage,
                [this] { m_playerPage->setRatingRun(m_ratingsView->ratingRun()); });
        // The page's "Recompute now" computes the one run both show.
        connect(m_playerPage, &PlayerPage::recomputeRequested, m_ratingsView, &RatingsListView::refresh);
        view = splitter;
    } else if (index == m_standingsTab) {
        view = m_standingsView = new StandingsView(*m_store);
    } else {
        view = m_tierReport = new TierReport(*m_store);
    }
    view->setProperty("built", true);
    const QString label = m_tabs->tabText(index);
    QSignalBlocker block(m_tabs);
    m_tabs->removeTab(index);
    m_tabs->insertTab(index, view, label);
    m_tabs->setCurrentIndex(index);
    delete placeholder;
}

// Recomputes FlickSkill and the monthly locks in the background (RecomputeDialog: progress, cancel,
// and the difference a recompute would make to awarded events, not applied: P2), then brings the
// views that show ratings up to date.
void MainWindow::recomputeRatings()
{
    if (!m_store || m_store->isReadOnly())
        return;
    auto* dialog = new RecomputeDialog(*m_store, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RecomputeDialog::recomputed, this, [this](RatingRunPtr run) {
        if (m_ratingsView)
            m_ratingsView->setRatingRun(run);
        if (m_playerPage)
            m_playerPage->setRatingRun(run);
    });
    // The Tour views hear the locks stored (the Recompute announces them, RecomputeDialog).
    connect(dialog, &RecomputeDialog::ratingRunStored, this,
            [this](qint64) { showMessage(tr("FlickSkill recomputed and the monthly locks stored")); });
    dialog->open();
    dialog->start();
}

void MainWindow::closeSession()
{
    if (!m_session)
        return;
    if (m_entrantsPanel)
        m_entrantsPanel->setSession(nullptr);
    if (m_resultsPanel)
        m_resultsPanel->setSession(nullptr);
    if (m_playView)
        m_playView->setSession(nullptr);
    m_undoGroup->removeStack(m_session->undoStack());
    delete m_session;
    m_session = nullptr;
}

bool MainWindow::selectEvent(const QString& eventId)
{
    if (!m_store)
        return false;
    if (m_session && m_session->eventId() == eventId)
        return true;
    auto* session = new EventSession(*m_store, eventId, this);
    if (!session->isValid()) {
        delete session;
        return false;
    }
    closeSession();
    m_session = session;
    m_undoGroup->addStack(session->undoStack());
    followUndoStack();
    connect(session, &EventSession::errorOccurred, this, &MainWindow::showMessage);
    connect(session, &EventSession::editableChanged, this, &MainWindow::updateActions);
    connect(session, &EventSession::eventUpdated, this, &MainWindow::updateActions);
    connect(session, &EventSession::awarded, this, &MainWindow::updateActions);
    connect(session, &EventSession::ratingsComputingChanged, this, &MainWindow::updateActions);
    m_entrantsPanel->setSession(session);
    m_resultsPanel->setSession(session);
    m_playView->setSession(session);
    if (m_remembersSettings)
        settings::lastEvent(m_store->path()).set(eventId);

    // The list follows (a selection made elsewhere: a new event, an import, the last session).
    const int sourceRow = m_events->rowOf(eventId);
    if (sourceRow >= 0) {
        const QModelIndex shown = m_eventFilter->mapFromSource(m_events->index(sourceRow, 0));
        // The newest events stay in sight above it (EventListView::revealEvent).
        if (shown.isValid() && m_eventView->currentIndex().row() != shown.row())
            static_cast<EventListView*>(m_eventView)->revealEvent(shown);
    }
    updateActions();
    return true;
}

void MainWindow::updateActions()
{
    const bool writable = m_store && !m_store->isReadOnly();
    const bool editable = m_session && m_session->isEditable();
    m_newEventAction->setEnabled(writable);
    m_importAction->setEnabled(writable);
    m_editEventAction->setEnabled(editable);
    m_findPlayerAction->setEnabled(editable || (m_tabs && m_tabs->currentIndex() == m_ratingsTab));
    m_validateAction->setEnabled(editable);
    m_showEntrantsAction->setEnabled(m_store != nullptr);
    m_showResultsAction->setEnabled(m_store != nullptr);
    m_showPlayAction->setEnabled(m_store != nullptr);
    // Once finished, finishing again does nothing: the action says so instead of looking available.
    const bool finished = m_session && m_session->event().status == core::EventStatus::Finished;
    m_finishAction->setEnabled(editable && !finished);
    m_finishAction->setToolTip(finished ? tr("The event is finished.") : QString());
    m_finishAction->setStatusTip(m_finishAction->toolTip());
    // Awarding waits for the ratings of the event's month when they are computed in the background.
    m_awardAction->setEnabled(editable && !m_session->isComputingRatings());
    m_awardAction->setToolTip(m_session && m_session->isComputingRatings()
                                  ? tr("The ratings of the event's month are being computed; the points can "
                                       "be awarded once they are ready.")
                                  : QString());
    m_exportAction->setEnabled(m_session);
    m_printAction->setEnabled(m_session);
    m_pdfAction->setEnabled(m_session);
    m_printPreviewAction->setEnabled(m_session);
    m_printResultsAction->setEnabled(m_session);
    m_pdfResultsAction->setEnabled(m_session);
    m_numberPlacesAction->setEnabled(editable);
    // The simulator starts from the field's ratings: not before they arrive.
    m_simulateAction->setEnabled(m_session && !m_session->isComputingRatings());
    m_findEventAction->setEnabled(m_store != nullptr);
    m_recomputeAction->setEnabled(writable);
    if (m_newPoolAction)
        m_newPoolAction->setEnabled(writable);
}

PoolsView* MainWindow::poolsView() const
{
    return m_poolsView;
}

void MainWindow::newRatingPool()
{
    if (!m_poolsView)
        return;
    m_tabs->setCurrentWidget(m_poolsView);
    m_poolsView->newPool();
}

void MainWindow::showMessage(const QString& text)
{
    statusBar()->showMessage(text, 8000);
}

void MainWindow::newEvent()
{
    if (!m_store || m_store->isReadOnly())
        return;
    auto* editor = new EventEditor(this);
    editor->setWindowTitle(tr("New Event"));
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->setKnownEvents(*m_store, *m_store);
    connect(editor, &QDialog::accepted, this, [this, editor] {
        try {
            const QString id = m_store->createEvent(editor->draft());
            m_eventSearch->clear();
            selectEvent(id);
            m_tabs->setCurrentIndex(0);
            m_eventTabs->setCurrentWidget(m_entrantsPanel);
            // After the editor has closed and given the focus back.
            QMetaObject::invokeMethod(
                m_entrantsPanel->searchEdit(),
                [this] { m_entrantsPanel->searchEdit()->setFocus(Qt::OtherFocusReason); },
                Qt::QueuedConnection);
            showMessage(tr("Event %1 created").arg(editor->draft().name));
        } catch (const core::StoreError& error) {
            showMessage(error.message());
        }
    });
    editor->open();
}

void MainWindow::editEvent()
{
    if (!m_session || !m_session->isEditable())
        return;
    auto* editor = new EventEditor(this);
    editor->setWindowTitle(tr("Edit Event"));
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->setKnownEvents(*m_store, *m_store);
    editor->setDraft(core::EventDraft::of(m_session->event()));
    connect(editor, &QDialog::accepted, this, [this, editor] {
        if (m_session && !m_session->updateEvent(editor->draft()))
            showMessage(m_session->lastError());
    });
    editor->open();
}

void MainWindow::startSimulatorFromEvent()
{
    if (!m_session || !m_simulator)
        return;
    // The event's field as its preview has it: the units that began, a team by its rating (P5).
    const EntrantListModel* entrants = m_session->entrants();
    std::vector<double> ratings;
    for (const core::FieldUnit& unit :
         core::fieldUnitsThatBegan(entrants->entrants(), entrants->format(), m_session->lockedRatings()))
        ratings.push_back(engine::unitRating(entrants->format(), unit.mu, unit.partnerMu));
    m_simulator->startFromEvent(m_session->event().name, m_session->payoutPreview()->table(),
                                std::move(ratings));
    m_tabs->setCurrentWidget(m_simulator);
}

QString MainWindow::exportEventTo(const QString& path)
{
    if (!m_store || !m_session)
        return tr("No event is selected.");
    try {
        // Never over the open database or its files (core::exportEvent, as export-event).
        const QString error = core::exportEvent(*m_store, m_session->eventId(), path).error;
        if (error.isEmpty())
            showMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(path)));
        return error;
    } catch (const core::StoreError& error) {
        return error.message();
    }
}

QString MainWindow::importEventFrom(const QString& path)
{
    if (!m_store)
        return tr("No database is open.");
    const core::BoundedFile file = core::readBoundedFile(path, core::file_limits::eventFile);
    if (!file.ok())
        return tr("%1: %2").arg(QDir::toNativeSeparators(path), file.problem);
    try {
        const core::EventImportResult result =
            core::importEventExchange(*m_store, file.bytes, QFileInfo(path).fileName());
        if (result.outcome == core::EventImportResult::Outcome::Refused) {
            if (result.checksumMismatch)
                return tr("%1 was changed after it was exported: not imported.")
                    .arg(QFileInfo(path).fileName());
            QStringList lines;
            for (const engine::Defect& defect : result.defects)
                lines.append(QString::fromStdString(defect.message));
            return tr("Not imported:\n%1").arg(lines.join(QLatin1Char('\n')));
        }
        selectEvent(result.eventId); // the list and the views heard the store
        showMessage(result.outcome == core::EventImportResult::Outcome::Added
                        ? tr("Event %1 imported").arg(result.eventId)
                        : tr("Event %1 is already in this database").arg(result.eventId));
        if (!result.notes.isEmpty()) // kept of the database: shown, not hidden in the status bar
            return tr("Event %1 imported.\n%2").arg(result.eventId, result.notes.join(QLatin1Char('\n')));
        return {};
    } catch (const core::StoreError& error) {
        return error.message();
    }
}

void MainWindow::exportEventWithDialog()
{
    if (!m_session)
        return;
    const QString path = saveFileName(
        this, tr("Export for Submission"),
        proposedFileName({m_session->event().name, m_session->event().date}, QStringLiteral("json")),
        tr("FlickDesk event (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = exportEventTo(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export for Submission"), error);
}

void MainWindow::importEventWithDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import Event"), QString(), tr("FlickDesk event (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = importEventFrom(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Import Event"), error);
}

void MainWindow::openDatabaseWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Database"), QString(),
                                                      tr("FlickDesk database (*.sqlite);;All files (*)"));
    if (!path.isEmpty())
        openDatabase(path);
}

bool MainWindow::confirmNewDatabase(const QString& path, bool emptyFile)
{
    const QString shown = QDir::toNativeSeparators(path);
    const QString question =
        emptyFile ? tr("%1 is an empty file, not a FlickDesk database.\n\nMake a new, empty database in it?")
                        .arg(shown)
                  : tr("There is no database at %1.\n\nMake a new, empty database there?").arg(shown);
    return QMessageBox::question(this, tr("New database"), question, QMessageBox::Yes | QMessageBox::No,
                                 QMessageBox::No) == QMessageBox::Yes;
}

void MainWindow::restoreWindowSettings()
{
    restoreGeometry(settings::windowGeometry().get());
    restoreState(settings::windowState().get());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_resultsPanel) // a place typed without Enter is stored, as every place is
        m_resultsPanel->commitPendingEdit();
    if (!m_remembersSettings) {
        QMainWindow::closeEvent(event);
        return;
    }
    settings::windowGeometry().set(saveGeometry());
    settings::windowState().set(saveState());
    if (m_daySplitter && m_store)
        settings::daySplitterState().set(m_daySplitter->saveState());
    QMainWindow::closeEvent(event);
}

AboutDialog* MainWindow::createAboutDialog()
{
    return new AboutDialog(this);
}

void MainWindow::showAboutDialog()
{
    AboutDialog* dialog = createAboutDialog();
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

KeyboardShortcutsDialog* MainWindow::createShortcutsDialog()
{
    return new KeyboardShortcutsDialog(menuBar(), m_tabs, this);
}

void MainWindow::showShortcutsDialog()
{
    KeyboardShortcutsDialog* dialog = createShortcutsDialog();
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

UserGuideDialog* MainWindow::userGuide() const
{
    return m_userGuide;
}

void MainWindow::showUserGuide()
{
    if (!m_userGuide) {
        m_userGuide = new UserGuideDialog(this);
        m_userGuide->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_userGuide->show();
    m_userGuide->raise();
    m_userGuide->activateWindow();
}

} // namespace flickdesk::ui
