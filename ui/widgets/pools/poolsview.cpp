#include "widgets/pools/poolsview.h"

#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/formats/outputfiles.h"
#include "core/store/poolstore.h"
#include "core/store/storeerror.h"
#include "models/pools/poolsession.h"
#include "models/pools/pooltablemodel.h"
#include "widgets/pools/pooldesk.h"
#include "widgets/pools/pooldesks.h"
#include "widgets/pools/poolnewdialog.h"
#include "widgets/pools/poolrowform.h"
#include "widgets/savedialog.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QSaveFile>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace flickdesk::ui {
namespace {

QTableView* makeTable(QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

int columnIndex(const QStringList& columns, const QString& name)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].compare(name, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

// The column names of a CSV file's header line; empty when it has none.
QStringList headerOf(const QByteArray& bytes)
{
    core::csv::CsvParser parser(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    core::csv::CsvRecord header;
    QStringList names;
    if (parser.next(header)) {
        for (const std::string& field : header.fields)
            names.append(QString::fromStdString(field));
    }
    return names;
}

// A Kings Cribbage head-to-head game has two players: the seats of a group game are never filled.
QStringList headToHeadUnused()
{
    return {QStringLiteral("player3"), QStringLiteral("score3"), QStringLiteral("player4"),
            QStringLiteral("score4")};
}

} // namespace

PoolsView::PoolsView(core::Store& store, QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("poolsView"));
    m_session = new PoolSession(store, this);

    // ---- the pool: selector, new, rename, delete, import, export
    m_poolBox = new QComboBox(this);
    m_poolBox->setObjectName(QStringLiteral("poolSelector"));
    m_poolBox->setMinimumContentsLength(44);
    m_poolBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    auto* poolLabel = new QLabel(tr("Poo&l:"), this);
    poolLabel->setBuddy(m_poolBox);
    m_newPool = new QPushButton(tr("&New Pool..."), this);
    m_newPool->setObjectName(QStringLiteral("newPoolButton"));
    // "o": the other letters of "Rename Pool" are the tab bar's, the menus' or this tab's. Deleting a
    // pool has no mnemonic: it is never one keystroke away.
    m_renamePool = new QPushButton(tr("Rename P&ool..."), this);
    m_renamePool->setObjectName(QStringLiteral("renamePoolButton"));
    m_deletePool = new QPushButton(tr("Delete Pool..."), this);
    m_deletePool->setObjectName(QStringLiteral("deletePoolButton"));
    m_deletePool->setToolTip(tr("Delete the pool with its players and games (you are asked first)"));
    m_systemLabel = new QLabel(this);
    m_systemLabel->setObjectName(QStringLiteral("poolSystemLabel"));
    m_import = new QPushButton(tr("&Import CSV..."), this);
    m_import->setObjectName(QStringLiteral("poolImportButton"));
    m_export = new QPushButton(tr("E&xport Table..."), this);
    m_export->setObjectName(QStringLiteral("poolExportButton"));
    m_print = new QPushButton(tr("Prin&t..."), this);
    m_print->setObjectName(QStringLiteral("poolPrintButton"));
    m_print->setToolTip(tr("Print the table shown (the ladder, the standings, the event's report...)"));
    m_pdf = new QPushButton(tr("Save P&DF..."), this);
    m_pdf->setObjectName(QStringLiteral("poolPdfButton"));
    m_pdf->setToolTip(tr("Save the tables this pool prints as one PDF file"));
    auto* top = new QHBoxLayout;
    top->addWidget(poolLabel);
    top->addWidget(m_poolBox);
    top->addWidget(m_newPool);
    top->addWidget(m_renamePool);
    top->addWidget(m_deletePool);
    top->addSpacing(12);
    top->addWidget(m_systemLabel, 1);
    top->addWidget(m_import);
    top->addWidget(m_export);
    top->addWidget(m_print);
    top->addWidget(m_pdf);

    // ---- left: the ratings or standings, and the selected player's history
    m_tableModel = new PoolTableModel(this);
    m_tableProxy = new QSortFilterProxyModel(this);
    m_tableProxy->setSourceModel(m_tableModel);
    m_tableProxy->setSortRole(PoolTableModel::SortRole);
    m_tableView = makeTable(m_tableProxy, QStringLiteral("poolTable"), this);
    m_tableView->setSortingEnabled(true);
    m_tableView->sortByColumn(-1, Qt::AscendingOrder); // the system's own order until a header is clicked
    m_historyTitle = new QLabel(tr("Select a player in the table to see their history."), this);
    m_historyTitle->setObjectName(QStringLiteral("poolHistoryTitle"));
    m_historyModel = new PoolTableModel(this);
    m_historyView = makeTable(m_historyModel, QStringLiteral("poolHistory"), this);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(new QLabel(tr("Ratings / standings (computed from the games):"), left));
    leftLayout->addWidget(m_tableView, 3);
    leftLayout->addWidget(m_historyTitle);
    leftLayout->addWidget(m_historyView, 2);

    // ---- right: the games, a new game, a new player, the message
    m_gamesModel = new PoolTableModel(this);
    m_gamesView = makeTable(m_gamesModel, QStringLiteral("poolGames"), this);
    m_deleteGame = new QPushButton(tr("Delete &Game"), this);
    m_deleteGame->setObjectName(QStringLiteral("deleteGameButton"));
    m_gameBox = new QGroupBox(tr("New game"), this);
    m_pending = new QListWidget(m_gameBox);
    m_pending->setObjectName(QStringLiteral("pendingRows"));
    m_pending->setMaximumHeight(110);
    m_pending->hide();
    m_addRow = new QPushButton(tr("Add &Row"), m_gameBox);
    m_addRow->setObjectName(QStringLiteral("addRowButton"));
    m_addRow->setToolTip(tr("Keep this row and enter the next row of the same game"));
    m_addGame = new QPushButton(tr("&Add Game"), m_gameBox);
    m_addGame->setObjectName(QStringLiteral("addGameButton"));
    m_addGame->setToolTip(tr("Store the game (Enter in a field)"));
    auto* gameButtons = new QHBoxLayout;
    gameButtons->addStretch(1);
    gameButtons->addWidget(m_addRow);
    gameButtons->addWidget(m_addGame);
    auto* gameLayout = new QVBoxLayout(m_gameBox);
    gameLayout->addWidget(m_pending);
    gameLayout->addLayout(gameButtons);

    m_playerBox = new QGroupBox(tr("New player"), this);
    m_addPlayer = new QPushButton(tr("Add Pla&yer"), m_playerBox);
    m_addPlayer->setObjectName(QStringLiteral("addPlayerButton"));
    auto* playerButtons = new QHBoxLayout;
    playerButtons->addStretch(1);
    playerButtons->addWidget(m_addPlayer);
    auto* playerLayout = new QVBoxLayout(m_playerBox);
    playerLayout->addLayout(playerButtons);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("poolMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(new QLabel(tr("Games entered:"), right));
    rightLayout->addWidget(m_gamesView, 1);
    auto* deleteRow = new QHBoxLayout;
    deleteRow->addStretch(1);
    deleteRow->addWidget(m_deleteGame);
    rightLayout->addLayout(deleteRow);
    rightLayout->addWidget(m_gameBox);
    rightLayout->addWidget(m_playerBox);
    rightLayout->addWidget(m_message);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("poolSplitter"));
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);

    // The generic forms for a kind no desk shows, and a desk per system (widgets/pools/pooldesks).
    m_genericPage = new QWidget(this);
    auto* genericLayout = new QVBoxLayout(m_genericPage);
    genericLayout->setContentsMargins(0, 0, 0, 0);
    genericLayout->addWidget(splitter);
    m_stack = new QStackedWidget(this);
    m_stack->setObjectName(QStringLiteral("poolDesks"));
    m_stack->addWidget(m_genericPage);
    m_desks = createPoolDesks(*m_session, m_stack);
    for (PoolDesk* desk : m_desks) {
        m_stack->addWidget(desk);
        connect(desk, &PoolDesk::message, this, &PoolsView::message);
    }

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_stack, 1);

    connect(m_session, &PoolSession::poolChanged, this, &PoolsView::poolChanged);
    connect(m_session, &PoolSession::poolsChanged, this, [this] {
        fillSelector(currentPool());
        if (m_poolBox->currentIndex() < 0)
            showPools(0); // the pool shown was deleted elsewhere: the first one, or none
    });
    connect(m_session, &PoolSession::poolSelectedByUndo, this, [this](qint64 poolId) { selectPool(poolId); });
    connect(m_session, &PoolSession::commandFailed, this, [this](const QString& step, const QString& text) {
        showError({tr("%1 could not be done:").arg(step), text});
    });
    connect(m_print, &QPushButton::clicked, this, &PoolsView::printWithDialog);
    connect(m_pdf, &QPushButton::clicked, this, &PoolsView::savePdfWithDialog);

    connect(m_poolBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        const qint64 wanted = index >= 0 ? m_poolBox->itemData(index).toLongLong() : 0;
        const qint64 shown = currentPool();
        PoolDesk* desk = currentDesk();
        if (!desk || wanted == shown) {
            showPool(wanted);
            return;
        }
        // The desk may hold an entry not stored yet: the selector stays until it lets the pool go.
        {
            const QSignalBlocker block(m_poolBox);
            m_poolBox->setCurrentIndex(m_poolBox->findData(shown));
        }
        desk->askToLeave([this, wanted] {
            {
                const QSignalBlocker block(m_poolBox);
                m_poolBox->setCurrentIndex(m_poolBox->findData(wanted));
            }
            showPool(wanted);
        });
    });
    connect(m_newPool, &QPushButton::clicked, this, &PoolsView::newPool);
    connect(m_renamePool, &QPushButton::clicked, this, &PoolsView::renamePoolWithDialog);
    connect(m_deletePool, &QPushButton::clicked, this, &PoolsView::deletePoolWithConfirmation);
    connect(m_import, &QPushButton::clicked, this, &PoolsView::importWithDialog);
    connect(m_export, &QPushButton::clicked, this, &PoolsView::exportWithDialog);
    connect(m_addGame, &QPushButton::clicked, this, &PoolsView::addGameFromForm);
    connect(m_addRow, &QPushButton::clicked, this, &PoolsView::addRowFromForm);
    connect(m_addPlayer, &QPushButton::clicked, this, &PoolsView::addPlayerFromForm);
    connect(m_deleteGame, &QPushButton::clicked, this, &PoolsView::deleteSelectedGame);
    connect(m_gamesView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &PoolsView::updateButtons);
    connect(m_tableView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid())
                    return;
                const int row = m_tableProxy->mapToSource(current).row();
                int column = m_tableModel->columnOf(QStringLiteral("player_id"));
                if (column < 0)
                    column = 0;
                showHistoryOf(m_tableModel->cell(row, column));
            });

    reloadPools();
}

PoolsView::~PoolsView() = default;

void PoolsView::reloadPools()
{
    showPools(currentPool());
}

void PoolsView::showPools(qint64 preferred)
{
    fillSelector(preferred);
    if (m_poolBox->currentIndex() < 0 && m_poolBox->count() > 0) {
        const QSignalBlocker block(m_poolBox);
        m_poolBox->setCurrentIndex(0);
    }
    showPool(m_poolBox->currentIndex() >= 0 ? m_poolBox->currentData().toLongLong() : 0);
}

void PoolsView::fillSelector(qint64 keep)
{
    const std::vector<core::PoolSummary>& pools = m_session->pools();
    const QSignalBlocker block(m_poolBox);
    m_poolBox->clear();
    for (const core::PoolSummary& pool : pools)
        m_poolBox->addItem(tr("%1 (%2)").arg(pool.name, poolKindTitle(pool.kind)), pool.id);
    m_poolBox->setCurrentIndex(m_poolBox->findData(keep));
}

bool PoolsView::selectPool(qint64 poolId)
{
    const int index = m_poolBox->findData(poolId);
    if (index < 0)
        return false;
    if (m_poolBox->currentIndex() != index)
        m_poolBox->setCurrentIndex(index); // the desk shown may ask first (askToLeave)
    else if (currentPool() != poolId)
        showPool(poolId);
    return currentPool() == poolId;
}

qint64 PoolsView::currentPool() const
{
    return m_content ? m_content->pool.id : 0;
}

void PoolsView::showPool(qint64 poolId)
{
    m_pendingRows.clear();
    m_pending->clear();
    m_historyPlayer.clear();
    m_message->clear();
    if (poolId != m_session->poolId() || (poolId != 0 && !m_session->content())) {
        if (!m_session->setPool(poolId))
            showError({tr("There is no rating pool %1.").arg(poolId)});
    } else {
        poolChanged();
    }
    prefillGameForm();
    if (!m_content) {
        m_systemLabel->clear();
        if (m_session->isReadOnly())
            showInfo(m_session->readOnlyReason());
        else
            showInfo(tr("No rating pool yet: create one with New Pool... for ACF checkers, a Kings "
                        "Cribbage club or a Diplomacy Squares tournament."));
    } else {
        m_systemLabel->setText(poolKindTitle(m_content->pool.kind));
        if (m_session->isReadOnly())
            showInfo(m_session->readOnlyReason());
    }
}

void PoolsView::poolChanged()
{
    // The forms are rebuilt only when the kind of pool changes (-1: no pool was shown).
    const int kindBefore = m_content ? static_cast<int>(m_content->pool.kind) : -1;
    const core::PoolContent* content = m_session->content();
    if (!content || static_cast<int>(content->pool.kind) != kindBefore || !m_gameForm) {
        m_content.reset();
        if (content)
            m_content = *content;
        rebuildForms();
    }
    refresh();
    showCurrentPage();
}

PoolDesk* PoolsView::currentDesk() const
{
    return qobject_cast<PoolDesk*>(m_stack->currentWidget());
}

void PoolsView::showCurrentPage()
{
    QWidget* page = m_genericPage;
    if (m_content) {
        for (PoolDesk* desk : m_desks) {
            if (desk->shows(m_content->pool.kind)) {
                page = desk;
                break;
            }
        }
    }
    m_stack->setCurrentWidget(page);
}

void PoolsView::rebuildForms()
{
    delete m_gameForm;
    delete m_playerForm;
    m_gameForm = nullptr;
    m_playerForm = nullptr;
    const QStringList gameColumns = m_content ? m_content->gameColumns : QStringList();
    const QStringList playerColumns = m_content ? m_content->playerColumns : QStringList();
    m_gameForm = new PoolRowForm(gameColumns, PoolRowForm::Purpose::Game, m_gameBox);
    m_gameForm->setObjectName(QStringLiteral("gameForm"));
    static_cast<QVBoxLayout*>(m_gameBox->layout())->insertWidget(0, m_gameForm);
    m_gameForm->show(); // at once, not at the next turn of the event loop
    m_playerForm = new PoolRowForm(playerColumns, PoolRowForm::Purpose::Player, m_playerBox);
    m_playerForm->setObjectName(QStringLiteral("playerForm"));
    static_cast<QVBoxLayout*>(m_playerBox->layout())->insertWidget(0, m_playerForm);
    m_playerForm->show();
    connect(m_gameForm, &PoolRowForm::submitted, this, &PoolsView::addGameFromForm);
    connect(m_playerForm, &PoolRowForm::submitted, this, &PoolsView::addPlayerFromForm);
    if (m_content && m_content->pool.kind == core::SystemKind::KingsHeadToHead) {
        m_gameForm->hideColumns(headToHeadUnused());
        m_playerForm->hideColumns({QStringLiteral("group_rating"), QStringLiteral("group_games")});
    } else if (m_content && m_content->pool.kind == core::SystemKind::KingsGroup) {
        // A group pool starts its players from their group rating only (DECISIONS K4).
        m_playerForm->hideColumns({QStringLiteral("rating"), QStringLiteral("games")});
    }
    if (m_content && core::poolGameHasRowPerPlayer(m_content->pool.kind))
        m_gameBox->setTitle(tr("New game: one row per player (Add Row after each, then Add Game)"));
    else if (m_content && core::poolGameHasSeveralRows(m_content->pool.kind))
        m_gameBox->setTitle(tr("New round: the games of one pairing, a row each (Add Row after each, "
                               "then Add Game)"));
    else
        m_gameBox->setTitle(tr("New game"));
}

void PoolsView::refresh()
{
    m_content.reset();
    if (const core::PoolContent* content = m_session->content())
        m_content = *content;
    m_result = m_session->result();
    m_tableModel->setTable(m_result.table);
    m_tableView->resizeColumnsToContents();

    core::SystemTable games;
    QStringList ids;
    QStringList names;
    if (m_content) {
        games.columns = QStringList{tr("#")} + m_content->gameColumns;
        for (const core::PoolGame& game : m_content->games) {
            for (const QStringList& row : game.rows)
                games.rows.append(QStringList{QString::number(game.number)} + row);
        }
        const int idColumn = std::max(0, columnIndex(m_content->playerColumns, QStringLiteral("player_id")));
        const int nameColumn = columnIndex(m_content->playerColumns, QStringLiteral("name"));
        for (const QStringList& player : m_content->players) {
            ids.append(player.value(idColumn));
            names.append(nameColumn >= 0 ? player.value(nameColumn) : QString());
        }
    }
    m_gamesModel->setTable(games);
    for (int column = 0; column < games.columns.size(); ++column)
        m_gamesView->setColumnHidden(column, m_content &&
                                                 m_content->pool.kind == core::SystemKind::KingsHeadToHead &&
                                                 headToHeadUnused().contains(games.columns[column]));
    m_gamesView->resizeColumnsToContents();
    if (m_gamesModel->rowCount() > 0)
        m_gamesView->scrollToBottom();
    if (m_gameForm)
        m_gameForm->setPlayers(ids, names);
    showHistoryOf(m_historyPlayer);
    if (!m_result.defects.empty()) {
        // Rows stored before a system changed its rules: say what is wrong rather than show nothing.
        QStringList lines{tr("The pool's rows cannot be rated as they are:")};
        for (const engine::Defect& defect : m_result.defects)
            lines.append(QString::fromStdString(engine::describe(defect)));
        showError(lines);
    }
    updateButtons();
}

QStringList PoolsView::stickyGameColumns() const
{
    // What the next game of a session most often shares with the last one.
    return {QStringLiteral("date"), QStringLiteral("event"), QStringLiteral("scoring"),
            QStringLiteral("round")};
}

void PoolsView::prefillGameForm()
{
    if (!m_content || !m_gameForm)
        return;
    const int keyColumn = columnIndex(m_content->gameColumns, QStringLiteral("game"));
    if (keyColumn < 0)
        return;
    // The game id: the next number that no stored game uses.
    QSet<QString> used;
    for (const core::PoolGame& game : m_content->games) {
        for (const QStringList& row : game.rows)
            used.insert(row.value(keyColumn));
    }
    int next = static_cast<int>(m_content->games.size()) + 1;
    while (used.contains(QString::number(next)))
        ++next;
    m_gameForm->setValue(m_content->gameColumns[keyColumn], QString::number(next));
}

void PoolsView::updateButtons()
{
    const bool writable = !m_session->isReadOnly();
    const bool pool = m_content.has_value();
    m_newPool->setEnabled(writable);
    m_renamePool->setEnabled(writable && pool);
    m_deletePool->setEnabled(writable && pool);
    m_import->setEnabled(writable && pool);
    m_export->setEnabled(pool);
    m_print->setEnabled(pool);
    m_pdf->setEnabled(pool);
    m_gameBox->setEnabled(writable && pool);
    m_playerBox->setEnabled(writable && pool);
    m_deleteGame->setEnabled(writable && pool && m_gamesView->selectionModel()->hasSelection());
    m_addRow->setVisible(pool && core::poolGameHasSeveralRows(m_content->pool.kind));
}

void PoolsView::showError(const QStringList& lines)
{
    m_message->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_message->setText(lines.join(u'\n'));
    if (!lines.isEmpty())
        Q_EMIT message(lines.mid(0, 2).join(u' '));
}

void PoolsView::showInfo(const QString& text)
{
    m_message->setStyleSheet(QString());
    m_message->setText(text);
    Q_EMIT message(text);
}

bool PoolsView::addRowFromForm()
{
    if (!m_content)
        return false;
    if (m_gameForm->isEmpty()) {
        showError({tr("Enter the row's fields first.")});
        return false;
    }
    const QStringList row = m_gameForm->values();
    m_pendingRows.append(row);
    m_pending->addItem(row.join(QStringLiteral(", ")));
    m_pending->show();
    QStringList keep = stickyGameColumns();
    keep << QStringLiteral("game");
    m_gameForm->clear(keep);
    m_gameForm->focusFirst();
    showInfo(tr("Row %1 of the new game kept: enter the next row, or Add Game.").arg(m_pendingRows.size()));
    return true;
}

bool PoolsView::addGameFromForm()
{
    if (!m_content)
        return false;
    QList<QStringList> rows = m_pendingRows;
    if (!m_gameForm->isEmpty())
        rows.append(m_gameForm->values());
    if (rows.isEmpty()) {
        showError({tr("Enter the game's fields first.")});
        return false;
    }
    const int number = m_content->games.empty() ? 1 : m_content->games.back().number + 1;
    core::PoolChange change;
    try {
        change = m_session->addGame(rows);
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return false;
    }
    if (!change.ok()) {
        QStringList fields;
        for (const core::PoolDefect& defect : change.defects) {
            if (defect.game == number && !defect.field.isEmpty())
                fields.append(defect.field);
        }
        m_gameForm->markFields(fields);
        showError(QStringList{tr("The game was not added (nothing was stored):")} + change.messages());
        return false;
    }
    m_pendingRows.clear();
    m_pending->clear();
    m_pending->hide();
    m_gameForm->clear(stickyGameColumns());
    refresh();
    prefillGameForm();
    m_gameForm->focusFirst();
    showInfo(tr("Game %1 added.").arg(number));
    return true;
}

bool PoolsView::addPlayerFromForm()
{
    if (!m_content)
        return false;
    if (m_playerForm->isEmpty()) {
        showError({tr("Enter the player's id first.")});
        return false;
    }
    const QStringList fields = m_playerForm->values();
    core::PoolChange change;
    try {
        change = m_session->addPlayer(fields);
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return false;
    }
    if (!change.ok()) {
        QStringList marked;
        for (const core::PoolDefect& defect : change.defects) {
            if (!defect.field.isEmpty())
                marked.append(defect.field);
        }
        m_playerForm->markFields(marked);
        showError(QStringList{tr("The player was not added (nothing was stored):")} + change.messages());
        return false;
    }
    m_playerForm->clear();
    refresh();
    m_playerForm->focusFirst();
    showInfo(tr("Player %1 added.").arg(fields.value(0)));
    return true;
}

bool PoolsView::deleteSelectedGame()
{
    if (!m_content)
        return false;
    const QModelIndexList rows = m_gamesView->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        showError({tr("Select a game in the list first.")});
        return false;
    }
    const int number = m_gamesModel->cell(rows.first().row(), 0).toInt();
    core::PoolChange change;
    try {
        change = m_session->deleteGame(number);
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return false;
    }
    if (!change.ok()) {
        showError(
            QStringList{tr("Game %1 was not deleted: without it the pool would not be valid:").arg(number)} +
            change.messages());
        return false;
    }
    refresh();
    prefillGameForm();
    showInfo(tr("Game %1 deleted.").arg(number));
    return true;
}

void PoolsView::showHistoryOf(const QString& playerId)
{
    m_historyPlayer = playerId;
    core::SystemTable history;
    history.columns = m_result.history.columns;
    if (!playerId.isEmpty()) {
        for (const QStringList& row : m_result.history.rows) {
            if (row.value(0) == playerId)
                history.rows.append(row);
        }
    }
    m_historyModel->setTable(history);
    m_historyView->resizeColumnsToContents();
    if (playerId.isEmpty()) {
        m_historyTitle->setText(tr("Select a player in the table to see their history."));
        return;
    }
    QString name;
    if (m_content) {
        const int idColumn = std::max(0, columnIndex(m_content->playerColumns, QStringLiteral("player_id")));
        const int nameColumn = columnIndex(m_content->playerColumns, QStringLiteral("name"));
        for (const QStringList& player : m_content->players) {
            if (player.value(idColumn) == playerId && nameColumn >= 0)
                name = player.value(nameColumn);
        }
    }
    const QString who = name.isEmpty() ? playerId : tr("%1 (%2)").arg(name, playerId);
    m_historyTitle->setText(
        tr("History of %1: %n row(s)", nullptr, static_cast<int>(history.rows.size())).arg(who));
}

void PoolsView::newPool()
{
    if (m_session->isReadOnly())
        return;
    auto* dialog = new NewPoolDialog(m_session->store(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &NewPoolDialog::poolCreated, this, [this](qint64 poolId) {
        reloadPools();
        selectPool(poolId);
        showInfo(tr("Rating pool created: add its players, then its games."));
    });
    dialog->open();
}

void PoolsView::renamePoolWithDialog()
{
    if (m_session->isReadOnly() || !m_content)
        return;
    const qint64 poolId = m_content->pool.id;
    auto* dialog = new QInputDialog(this);
    dialog->setObjectName(QStringLiteral("renamePoolDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Rename Rating Pool"));
    dialog->setLabelText(tr("New name of the rating pool %1:").arg(m_content->pool.name));
    dialog->setTextValue(m_content->pool.name);
    dialog->setOkButtonText(tr("Rename"));
    if (auto* edit = dialog->findChild<QLineEdit*>())
        edit->selectAll(); // typing replaces the name
    // A refused name is told below the forms, as every refusal of the tab.
    connect(dialog, &QInputDialog::textValueSelected, this,
            [this, poolId](const QString& name) { renamePool(poolId, name); });
    dialog->open();
}

bool PoolsView::renamePool(qint64 poolId, const QString& name)
{
    if (m_content && m_content->pool.id == poolId && name.simplified() == m_content->pool.name)
        return true; // its own name: nothing to store or to tell
    try {
        m_session->store().renamePool(poolId, name);
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return false;
    }
    // Only the selector changes (the pools are listed by name): what is typed in the forms stays.
    fillSelector(currentPool());
    QString stored = name.simplified();
    try {
        if (const std::optional<core::PoolSummary> pool = m_session->store().pool(poolId)) {
            stored = pool->name;
            if (m_content && m_content->pool.id == poolId)
                m_content->pool.name = pool->name;
        }
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return true;
    }
    showInfo(tr("Rating pool renamed to %1.").arg(stored));
    return true;
}

void PoolsView::deletePoolWithConfirmation()
{
    if (m_session->isReadOnly() || !m_content)
        return;
    const core::PoolSummary& pool = m_content->pool;
    const qint64 poolId = pool.id;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Delete Rating Pool"),
                                tr("Delete the rating pool %1 (%2) with its %3 and %4?")
                                    .arg(pool.name, poolKindTitle(pool.kind),
                                         tr("%n player(s)", nullptr, pool.players),
                                         tr("%n game(s)", nullptr, pool.games)),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("deletePoolConfirmation"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(
        tr("The pool's players and games are removed from the database. This cannot be undone."));
    QPushButton* confirm = box->addButton(tr("Delete Pool"), QMessageBox::DestructiveRole);
    confirm->setObjectName(QStringLiteral("confirmDeletePoolButton"));
    QPushButton* cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cancel);
    box->setEscapeButton(cancel);
    connect(box, &QMessageBox::buttonClicked, this, [this, poolId, confirm](QAbstractButton* button) {
        if (button == confirm)
            deletePool(poolId);
    });
    box->open();
}

bool PoolsView::deletePool(qint64 poolId)
{
    // The pool shown next: the one that takes the deleted pool's place in the list, else the one
    // before it.
    qint64 next = currentPool();
    if (next == poolId) {
        const int index = m_poolBox->findData(poolId);
        const int neighbour = index + 1 < m_poolBox->count() ? index + 1 : index - 1;
        next = index >= 0 && neighbour >= 0 ? m_poolBox->itemData(neighbour).toLongLong() : 0;
    }
    QString name;
    try {
        const std::optional<core::PoolSummary> pool = m_session->store().pool(poolId);
        name = pool ? pool->name : QString::number(poolId);
        m_session->store().deletePool(poolId);
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return false;
    }
    if (next != currentPool())
        showPools(next);
    else
        fillSelector(next); // another pool was deleted: the one shown stays as it is
    const QString done = tr("Rating pool %1 deleted.").arg(name);
    // With no pool left, the empty state's hint stays below the message.
    showInfo(m_content ? done : done + u'\n' + m_message->text());
    return true;
}

QString PoolsView::importFiles(const QStringList& paths)
{
    if (!m_content)
        return tr("Select a pool first.");
    QByteArray players;
    QByteArray games;
    QString playersName;
    QString gamesName;
    QString error;
    for (const QString& path : paths) {
        core::BoundedFile file = core::readBoundedFile(path, core::file_limits::csvFile);
        if (!file.ok()) {
            error = tr("%1: %2").arg(QDir::toNativeSeparators(path), file.problem);
            break;
        }
        const QByteArray bytes = std::move(file.bytes);
        const QString name = QFileInfo(path).fileName();
        const QStringList header = headerOf(bytes);
        if (header.isEmpty()) {
            error = tr("%1 is empty: a players or games file begins with its header line.").arg(name);
            break;
        }
        // A games file has a column that only games have (date, player1, event, power...); any
        // other is a players file, the table this tab exports included (its computed columns are
        // not starting values, and the import says so or leaves them).
        bool gameOnlyColumn = false;
        for (const QString& column : header)
            gameOnlyColumn = gameOnlyColumn || (columnIndex(m_content->gameColumns, column) >= 0 &&
                                                columnIndex(m_content->playerColumns, column) < 0);
        QByteArray& target = gameOnlyColumn ? games : players;
        QString& targetName = gameOnlyColumn ? gamesName : playersName;
        if (!target.isEmpty()) {
            error = tr("%1 and %2 are both %3 files: choose one players file and one games file.")
                        .arg(targetName, name, &target == &players ? tr("players") : tr("games"));
            break;
        }
        target = bytes;
        targetName = name;
    }
    if (error.isEmpty() && players.isEmpty() && games.isEmpty())
        error = tr("Choose a players file, a games file, or both.");
    if (!error.isEmpty()) {
        showError({error});
        return error;
    }
    core::PoolChange change;
    try {
        change = m_session->importFiles(players, playersName, games, gamesName);
    } catch (const core::StoreError& failure) {
        showError({failure.message()});
        return failure.message();
    }
    if (!change.ok()) {
        const QStringList lines = QStringList{tr("Nothing was imported:")} + change.messages();
        showError(lines);
        return lines.join(u'\n');
    }
    refresh();
    prefillGameForm();
    showInfo(tr("Imported %1 player(s) and %2 game(s).").arg(change.playersAdded).arg(change.gamesAdded));
    return {};
}

QString PoolsView::exportTableTo(const QString& path)
{
    if (!m_content)
        return tr("Select a pool first.");
    if (const QString clash = core::outputClashWithDatabase(path); !clash.isEmpty()) {
        showError({clash});
        return clash;
    }
    QSaveFile file(path);
    const QByteArray csv = core::tableToCsv(m_result.table);
    if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !core::flushToDisk(file) ||
        !file.commit()) {
        const QString error =
            tr("%1 cannot be written: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        showError({error});
        return error;
    }
    showInfo(tr("The table was written to %1.").arg(QDir::toNativeSeparators(path)));
    return {};
}

void PoolsView::importWithDialog()
{
    auto* dialog = new QFileDialog(this, tr("Import Players and Games"), QString(),
                                   tr("CSV files (*.csv);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    connect(dialog, &QFileDialog::filesSelected, this,
            [this](const QStringList& paths) { importFiles(paths); });
    dialog->open();
}

void PoolsView::exportWithDialog()
{
    if (!m_content)
        return;
    auto* dialog = new QFileDialog(this, tr("Export Table"), m_content->pool.name + QStringLiteral(".csv"),
                                   tr("CSV files (*.csv)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("csv"));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) { exportTableTo(path); });
    dialog->open();
}

std::vector<PrintTable> PoolsView::printTables() const
{
    if (!m_content)
        return {};
    if (PoolDesk* desk = currentDesk()) {
        std::vector<PrintTable> tables = desk->printTables();
        if (!tables.empty())
            return tables;
    }
    return {PrintTable{m_content->pool.name, poolKindTitle(m_content->pool.kind), m_result.table, {}}};
}

QString PoolsView::savePdfTo(const QString& path)
{
    const std::vector<PrintTable> tables = printTables();
    if (tables.empty())
        return tr("Select a pool first.");
    const QString error = savePrintTablesPdf(path, tables);
    if (error.isEmpty())
        showInfo(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    else
        showError({error});
    return error;
}

void PoolsView::printWithDialog()
{
    const std::vector<PrintTable> tables = printTables();
    if (tables.empty())
        return;
    auto* printer = new QPrinter(QPrinter::HighResolution);
    auto* dialog = new QPrintDialog(printer, this);
    dialog->setObjectName(QStringLiteral("poolPrintDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Print %1").arg(tables.front().title));
    connect(dialog, &QDialog::finished, this, [printer, tables, dialog](int result) {
        if (result == QDialog::Accepted)
            printTablesOn(printer, tables);
        dialog->setProperty("printed", result == QDialog::Accepted);
        delete printer;
    });
    dialog->open();
}

void PoolsView::savePdfWithDialog()
{
    if (!m_content)
        return;
    const QString path =
        saveFileName(this, tr("Save as PDF"),
                     proposedFileName({m_content->pool.name, QDate::currentDate().toString(Qt::ISODate)},
                                      QStringLiteral("pdf")),
                     tr("PDF files (*.pdf)"));
    if (!path.isEmpty())
        savePdfTo(path);
}

} // namespace flickdesk::ui
