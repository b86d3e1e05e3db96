#include "widgets/pools/squaresdesk.h"

#include "flickdesk/engine/squares.h"
#include "models/pools/poolsession.h"

#include <QComboBox>
#include <QCompleter>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIntValidator>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStringListModel>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

namespace flickdesk::ui {
namespace {

// What the system's class of a game (DECISIONS S2) is called on a board.
QString resultWords(const QString& gameClass)
{
    if (gameClass == QLatin1String("win"))
        return SquaresDesk::tr("solo");
    if (gameClass == QLatin1String("draw"))
        return SquaresDesk::tr("draw");
    if (gameClass == QLatin1String("elimination"))
        return SquaresDesk::tr("eliminated");
    if (gameClass == QLatin1String("loss"))
        return SquaresDesk::tr("lost to a solo");
    return gameClass;
}

// What split a player from the one ranked above (DECISIONS S5), in words.
QString tieBreakWords(const QString& step)
{
    if (step == QLatin1String("total"))
        return SquaresDesk::tr("total");
    if (step == QLatin1String("wins"))
        return SquaresDesk::tr("wins");
    if (step == QLatin1String("draws"))
        return SquaresDesk::tr("drawn games played");
    if (step == QLatin1String("best"))
        return SquaresDesk::tr("best game");
    if (step == QLatin1String("second"))
        return SquaresDesk::tr("second best game");
    if (step == QLatin1String("third"))
        return SquaresDesk::tr("third best game");
    if (step == QLatin1String("equal"))
        return SquaresDesk::tr("finished equal");
    return step;
}

int columnOf(const QStringList& columns, const QString& name)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].compare(name, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

QString cell(const QStringList& columns, const QStringList& row, const char* name)
{
    const int column = columnOf(columns, QLatin1String(name));
    return column >= 0 ? row.value(column).trimmed() : QString();
}

QStandardItem* item(const QString& text, bool numeric = false)
{
    auto* it = new QStandardItem(text);
    it->setEditable(false);
    if (numeric)
        it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return it;
}

core::SystemTable tableOf(const QStandardItemModel* model)
{
    core::SystemTable table;
    for (int c = 0; c < model->columnCount(); ++c)
        table.columns.append(model->headerData(c, Qt::Horizontal).toString());
    for (int r = 0; r < model->rowCount(); ++r) {
        QStringList row;
        for (int c = 0; c < model->columnCount(); ++c)
            row.append(model->index(r, c).data().toString());
        table.rows.append(row);
    }
    return table;
}

// The games file's spelling; tr() gives the window's.
const char* const kPowerNames[SquaresDesk::kPowers] = {
    QT_TRANSLATE_NOOP("flickdesk::ui::SquaresDesk", "Austria"),
    QT_TRANSLATE_NOOP("flickdesk::ui::SquaresDesk", "England"),
    QT_TRANSLATE_NOOP("flickdesk::ui::SquaresDesk", "France"),
    QT_TRANSLATE_NOOP("flickdesk::ui::SquaresDesk", "Germany"),
    QT_TRANSLATE_NOOP("flickdesk::ui::SquaresDesk", "Italy"),
    QT_TRANSLATE_NOOP("flickdesk::ui::SquaresDesk", "Russia"),
    QT_TRANSLATE_NOOP("flickdesk::ui::SquaresDesk", "Turkey")};

int powerIndex(const QString& name)
{
    for (int p = 0; p < SquaresDesk::kPowers; ++p) {
        if (name.trimmed().compare(QLatin1String(kPowerNames[p]), Qt::CaseInsensitive) == 0)
            return p;
    }
    return -1;
}

// The board's bounds as the engine checks them (docs/squares.md, "Readings and limits"): at most 34
// centres on the board, 18 win outright (DECISIONS S1), elimination years 1901 to 2000.
constexpr int kSupplyCentres = engine::kSupplyCentres;
constexpr int kSoloCentres = engine::kSoloCentres;
constexpr int kFirstYear = engine::kFirstGameYear;
constexpr int kLastYear = engine::kLastGameYear;

} // namespace

QString SquaresDesk::powerName(int power)
{
    return power >= 0 && power < kPowers ? QLatin1String(kPowerNames[power]) : QString();
}

SquaresDesk::SquaresDesk(PoolSession& session, QWidget* parent)
    : PoolDesk(session, parent)
{
    setObjectName(QStringLiteral("squaresDesk"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(splitter);

    m_tabs = new QTabWidget(splitter);
    m_tabs->setObjectName(QStringLiteral("squaresTabs"));
    m_tabs->addTab(makeStandingsTab(), tr("Standings"));
    m_tabs->addTab(makeBoardsTab(), tr("Rounds and Boards"));
    m_tabs->addTab(makeBestTab(), tr("Best Countries"));
    m_tabs->addTab(makeDrawTab(), tr("Draw"));
    splitter->addWidget(m_tabs);
    splitter->addWidget(makeForm());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({730, 530});

    // Ctrl+Return saves the board wherever the focus is in the desk; Enter alone never does.
    auto* save = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    save->setContext(Qt::WidgetWithChildrenShortcut);
    connect(save, &QShortcut::activated, this, &SquaresDesk::saveBoard);
    auto* saveEnter = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Enter), this);
    saveEnter->setContext(Qt::WidgetWithChildrenShortcut);
    connect(saveEnter, &QShortcut::activated, this, &SquaresDesk::saveBoard);

    if (showsCurrentPool())
        showPool();
}

bool SquaresDesk::shows(core::SystemKind kind) const
{
    return kind == core::SystemKind::Squares;
}

// ---- the tabs

QWidget* SquaresDesk::makeStandingsTab()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    m_afterRound = new QComboBox(page);
    m_afterRound->setObjectName(QStringLiteral("squaresAfterRound"));
    m_afterRound->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_afterRound->setMinimumContentsLength(14);
    m_afterRound->setToolTip(tr("The standings counting the games of the rounds up to this one"));
    auto* afterLabel = new QLabel(tr("Standings &after:"), page);
    afterLabel->setBuddy(m_afterRound);
    m_standingsModel = new QStandardItemModel(0, 11, page);
    m_standingsModel->setHorizontalHeaderLabels({tr("Rank"), tr("Id"), tr("Name"), tr("Total"), tr("Games"),
                                                 tr("Wins"), tr("Draws"), tr("Best"), tr("2nd best"),
                                                 tr("3rd best"), tr("Placed by")});
    m_standingsModel->setHeaderData(6, Qt::Horizontal, tr("Drawn games played, eliminated or not"),
                                    Qt::ToolTipRole);
    m_standingsModel->setHeaderData(10, Qt::Horizontal,
                                    tr("What placed the player below the one above: the total, then wins, "
                                       "drawn games played, best, second and third best game"),
                                    Qt::ToolTipRole);
    m_standingsProxy = new QSortFilterProxyModel(page);
    m_standingsProxy->setSourceModel(m_standingsModel);
    m_search = makeSearchBox(m_standingsProxy, QStringLiteral("squaresSearch"), page);
    bar->addWidget(afterLabel);
    bar->addWidget(m_afterRound);
    bar->addStretch(1);
    bar->addWidget(m_search, 1);
    layout->addLayout(bar);
    m_standingsTitle = new QLabel(page);
    m_standingsTitle->setObjectName(QStringLiteral("squaresStandingsTitle"));
    layout->addWidget(m_standingsTitle);
    m_standingsView = new QTableView(page);
    m_standingsView->setObjectName(QStringLiteral("squaresStandings"));
    m_standingsView->setModel(m_standingsProxy);
    m_standingsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_standingsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_standingsView->verticalHeader()->hide();
    m_standingsView->horizontalHeader()->setStretchLastSection(true);
    m_standingsView->setTabKeyNavigation(false);
    layout->addWidget(m_standingsView, 1);
    connect(m_afterRound, &QComboBox::currentIndexChanged, this, [this] {
        showStandings();
        showBestCountries();
    });
    return page;
}

QWidget* SquaresDesk::makeBoardsTab()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    auto* bar = new QHBoxLayout;
    m_roundBox = new QComboBox(page);
    m_roundBox->setObjectName(QStringLiteral("squaresRoundShown"));
    m_roundBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_roundBox->setMinimumContentsLength(9);
    auto* roundLabel = new QLabel(tr("&Round:"), page);
    roundLabel->setBuddy(m_roundBox);
    m_editBoard = new QPushButton(tr("Correct Board"), page);
    m_editBoard->setObjectName(QStringLiteral("squaresEditBoard"));
    m_editBoard->setToolTip(tr("Loads the board chosen into the board form (Enter on the board)"));
    m_deleteBoard = new QPushButton(tr("Delete Board..."), page);
    m_deleteBoard->setObjectName(QStringLiteral("squaresDeleteBoard"));
    m_deleteBoard->setToolTip(tr("Deletes the board chosen after asking (Delete on the board)"));
    bar->addWidget(roundLabel);
    bar->addWidget(m_roundBox);
    bar->addStretch(1);
    bar->addWidget(m_editBoard);
    bar->addWidget(m_deleteBoard);
    layout->addLayout(bar);
    m_boardsModel = new QStandardItemModel(0, 8, page);
    m_boardsModel->setHorizontalHeaderLabels({tr("Board / power"), tr("Player"), tr("Name"), tr("Centres"),
                                              tr("Eliminated"), tr("Result"), tr("Place"), tr("Score")});
    m_boardsView = new QTreeView(page);
    m_boardsView->setObjectName(QStringLiteral("squaresBoards"));
    m_boardsView->setModel(m_boardsModel);
    m_boardsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_boardsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_boardsView->setAlternatingRowColors(true);
    m_boardsView->installEventFilter(this);
    layout->addWidget(m_boardsView, 1);
    connect(m_roundBox, &QComboBox::currentIndexChanged, this, &SquaresDesk::showBoards);
    connect(m_editBoard, &QPushButton::clicked, this, [this] {
        if (const int game = selectedBoard())
            editBoard(game);
    });
    connect(m_deleteBoard, &QPushButton::clicked, this, [this] {
        if (const int game = selectedBoard())
            deleteBoard(game);
    });
    return page;
}

QWidget* SquaresDesk::makeBestTab()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    m_bestTitle = new QLabel(page);
    m_bestTitle->setWordWrap(true);
    layout->addWidget(m_bestTitle);
    m_bestModel = new QStandardItemModel(0, 6, page);
    m_bestModel->setHorizontalHeaderLabels(
        {tr("Power"), tr("Id"), tr("Name"), tr("Board"), tr("Result"), tr("Score")});
    m_bestView = new QTableView(page);
    m_bestView->setObjectName(QStringLiteral("squaresBestCountries"));
    m_bestView->setModel(m_bestModel);
    m_bestView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_bestView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_bestView->verticalHeader()->hide();
    m_bestView->horizontalHeader()->setStretchLastSection(true);
    m_bestView->setTabKeyNavigation(false);
    m_bestView->setToolTip(tr("For each power, the player whose game with it is best by the comparison of "
                              "games that breaks ties (spec 002 §4); equal games share the award"));
    layout->addWidget(m_bestView, 1);
    return page;
}

QWidget* SquaresDesk::makeDrawTab()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    m_drawSummary = new QLabel(tr("No boards drawn. \"Draw Boards\" proposes the boards of the form's round: "
                                  "players meet new opponents first, then play powers they have not played."),
                               page);
    m_drawSummary->setObjectName(QStringLiteral("squaresDrawSummary"));
    m_drawSummary->setWordWrap(true);
    layout->addWidget(m_drawSummary);
    QStringList headers{tr("Board")};
    for (int p = 0; p < kPowers; ++p)
        headers.append(tr(kPowerNames[p]));
    m_drawModel = new QStandardItemModel(0, 1 + kPowers, page);
    m_drawModel->setHorizontalHeaderLabels(headers);
    m_drawView = new QTableView(page);
    m_drawView->setObjectName(QStringLiteral("squaresDraw"));
    m_drawView->setModel(m_drawModel);
    m_drawView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_drawView->verticalHeader()->hide();
    m_drawView->setTabKeyNavigation(false);
    m_drawView->setWordWrap(true);
    // Eight columns share the tab's width (names wrap): nothing to scroll sideways.
    m_drawView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    layout->addWidget(m_drawView, 1);
    return page;
}

QWidget* SquaresDesk::makeForm()
{
    auto* box = new QGroupBox(tr("Board"), this);
    box->setObjectName(QStringLiteral("squaresBoardForm"));
    auto* layout = new QVBoxLayout(box);
    m_formTitle = new QLabel(box);
    m_formTitle->setObjectName(QStringLiteral("squaresFormTitle"));
    m_formTitle->setWordWrap(true);
    layout->addWidget(m_formTitle);

    auto* top = new QHBoxLayout;
    m_round = new QSpinBox(box);
    m_round->setObjectName(QStringLiteral("squaresRound"));
    m_round->setRange(1, 999);
    m_round->setToolTip(tr("The round of the board; kept for the next board"));
    auto* roundLabel = new QLabel(tr("R&ound:"), box);
    roundLabel->setBuddy(m_round);
    m_board = new QLineEdit(box);
    m_board->setObjectName(QStringLiteral("squaresBoard"));
    m_board->setToolTip(tr("The board's id, offered as the next free one of the round"));
    auto* boardLabel = new QLabel(tr("Boar&d:"), box);
    boardLabel->setBuddy(m_board);
    top->addWidget(roundLabel);
    top->addWidget(m_round);
    top->addSpacing(12);
    top->addWidget(boardLabel);
    top->addWidget(m_board, 1);
    layout->addLayout(top);

    auto* grid = new QGridLayout;
    grid->addWidget(new QLabel(tr("Power"), box), 0, 0);
    grid->addWidget(new QLabel(tr("Player"), box), 0, 1);
    grid->addWidget(new QLabel(tr("Name"), box), 0, 2);
    grid->addWidget(new QLabel(tr("Centres"), box), 0, 3);
    grid->addWidget(new QLabel(tr("Eliminated"), box), 0, 4);
    m_completion = new QStringListModel(this);
    auto* yearValidator = new QIntValidator(0, kLastYear, this);
    auto* centresValidator = new QIntValidator(0, kSupplyCentres, this);
    QWidget* previous = m_board;
    setTabOrder(m_round, m_board);
    for (int p = 0; p < kPowers; ++p) {
        Row& row = m_rows[p];
        const QString power = QLatin1String(kPowerNames[p]);
        auto* label = new QLabel(tr(kPowerNames[p]), box);
        row.player = new QLineEdit(box);
        row.player->setObjectName(QStringLiteral("squaresPlayer_") + power);
        row.player->setAccessibleName(tr("%1: player").arg(tr(kPowerNames[p])));
        row.player->setToolTip(tr("The player's id or name; Ctrl+Delete clears the row"));
        auto* completer = new QCompleter(m_completion, row.player);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        completer->setCompletionMode(QCompleter::PopupCompletion);
        row.player->setCompleter(completer);
        label->setBuddy(row.player);
        row.name = new QLabel(box);
        row.name->setMinimumWidth(120);
        row.centres = new QLineEdit(box);
        row.centres->setObjectName(QStringLiteral("squaresCentres_") + power);
        row.centres->setAccessibleName(tr("%1: centres").arg(tr(kPowerNames[p])));
        row.centres->setValidator(centresValidator);
        row.centres->setMaximumWidth(60);
        row.eliminated = new QLineEdit(box);
        row.eliminated->setObjectName(QStringLiteral("squaresEliminated_") + power);
        row.eliminated->setAccessibleName(tr("%1: year eliminated").arg(tr(kPowerNames[p])));
        row.eliminated->setToolTip(tr("The year the power lost its last centre; only for 0 centres"));
        row.eliminated->setValidator(yearValidator);
        row.eliminated->setMaximumWidth(70);
        grid->addWidget(label, p + 1, 0);
        grid->addWidget(row.player, p + 1, 1);
        grid->addWidget(row.name, p + 1, 2);
        grid->addWidget(row.centres, p + 1, 3);
        grid->addWidget(row.eliminated, p + 1, 4);
        setTabOrder(previous, row.player);
        setTabOrder(row.player, row.centres);
        setTabOrder(row.centres, row.eliminated);
        previous = row.eliminated;
        for (QLineEdit* field : {row.player, row.centres, row.eliminated}) {
            field->installEventFilter(this);
            connect(field, &QLineEdit::textEdited, this, [this] {
                if (!m_dirty && !m_problemShown)
                    say(QString()); // a new board begins: the last board's news is old
                m_dirty = true;
                updateFormTitle();
            });
            // With the completion list open the list takes Enter and gives it to the field as
            // returnPressed: it moves on too (the filter below takes the other Enters).
            connect(field, &QLineEdit::returnPressed, this, [this, field] {
                QKeyEvent enter(QEvent::KeyPress, Qt::Key_Return, Qt::NoModifier);
                eventFilter(field, &enter);
            });
        }
        connect(row.player, &QLineEdit::textChanged, this, &SquaresDesk::updateNames);
    }
    grid->setColumnStretch(1, 2);
    grid->setColumnStretch(2, 2);
    layout->addLayout(grid);
    m_round->installEventFilter(this);
    m_board->installEventFilter(this);
    connect(m_board, &QLineEdit::textEdited, this, [this] { m_boardOffered = false; });
    connect(m_round, &QSpinBox::valueChanged, this, [this] {
        offerBoardId();
        updateFormTitle();
    });

    auto* buttons = new QHBoxLayout;
    m_save = new QPushButton(tr("Save Board"), box);
    m_save->setObjectName(QStringLiteral("squaresSave"));
    m_save->setToolTip(tr("Checks the board as a whole and saves it (Ctrl+Return)"));
    m_clear = new QPushButton(tr("Clear"), box);
    m_clear->setObjectName(QStringLiteral("squaresClear"));
    m_clear->setToolTip(tr("Empties the form (a correction is dropped, nothing stored changes)"));
    m_draw = new QPushButton(tr("Draw Boards"), box);
    m_draw->setObjectName(QStringLiteral("squaresDrawButton"));
    m_draw->setToolTip(tr("Proposes the boards of the form's round: new opponents first, then new powers"));
    setTabOrder(previous, m_save);
    setTabOrder(m_save, m_clear);
    setTabOrder(m_clear, m_draw);
    buttons->addWidget(m_save);
    buttons->addWidget(m_clear);
    buttons->addStretch(1);
    buttons->addWidget(m_draw);
    layout->addLayout(buttons);
    connect(m_save, &QPushButton::clicked, this, &SquaresDesk::saveBoard);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        clearForm(true);
        say(tr("The form is empty; nothing stored changed."));
        m_rows[0].player->setFocus();
    });
    connect(m_draw, &QPushButton::clicked, this, [this] { drawRound(); });

    m_message = new QLabel(box);
    m_message->setObjectName(QStringLiteral("squaresMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setMinimumHeight(60);
    m_message->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(m_message, 1);
    return box;
}

// ---- reading the pool

int SquaresDesk::gameColumn(const char* name) const
{
    const core::PoolContent* content = session().content();
    return content ? columnOf(content->gameColumns, QLatin1String(name)) : -1;
}

QList<int> SquaresDesk::rounds() const
{
    QList<int> rounds;
    const core::PoolContent* content = session().content();
    const int roundColumn = gameColumn("round");
    if (!content || roundColumn < 0)
        return rounds;
    for (const core::PoolGame& game : content->games) {
        const int round = game.rows.isEmpty() ? 0 : game.rows.first().value(roundColumn).trimmed().toInt();
        if (round > 0 && !rounds.contains(round))
            rounds.append(round);
    }
    std::sort(rounds.begin(), rounds.end());
    return rounds;
}

namespace {

// The pool with the games of rounds after `round` left out: what "after round N" is computed from.
core::PoolContent upToRound(const core::PoolContent& content, int round)
{
    core::PoolContent kept = content;
    const int roundColumn = columnOf(content.gameColumns, QStringLiteral("round"));
    kept.games.erase(std::remove_if(kept.games.begin(), kept.games.end(),
                                    [&](const core::PoolGame& game) {
                                        return game.rows.isEmpty() ||
                                               game.rows.first().value(roundColumn).trimmed().toInt() > round;
                                    }),
                     kept.games.end());
    return kept;
}

} // namespace

core::SystemResult SquaresDesk::standingsAfter(int round) const
{
    const core::PoolContent* content = session().content();
    if (!content)
        return {};
    return core::runSystem(core::SystemKind::Squares, upToRound(*content, round).input());
}

core::SystemTable SquaresDesk::bestCountriesAfter(int round) const
{
    const core::PoolContent* content = session().content();
    if (!content)
        return {};
    std::vector<engine::Defect> defects;
    return core::squaresBestCountries(upToRound(*content, round).input(), defects);
}

void SquaresDesk::showPool()
{
    const core::PoolContent* content = session().content();
    if (!content)
        return;
    if (content->pool.id != m_shownPool) {
        // Another pool: a board typed for the pool shown before is kept for it, never dropped.
        if (m_shownPool != 0 && m_dirty) {
            m_drafts.insert(m_shownPool, draft());
            say(tr("The board you were entering in the other pool is kept: it is back when you select that "
                   "pool again."));
        } else {
            say(QString());
        }
        clearForm(false);
        m_drawRound = 0;
        m_drawModel->removeRows(0, m_drawModel->rowCount());
        m_shownPool = content->pool.id;
        const QList<int> known = rounds();
        m_round->setValue(known.isEmpty() ? 1 : known.last());
        m_afterRound->clear();
        m_roundBox->clear();
        if (m_drafts.contains(m_shownPool)) {
            restore(m_drafts.take(m_shownPool));
            say(tr("The board you were entering in this pool was kept: finish it and save it, or clear it."));
        }
    }
    if (m_editing && !content->game(m_editing)) {
        say(tr("The board being corrected is no longer stored; saving the form adds it as a new board."));
        m_editing = 0;
        m_boardOffered = false;
    }

    // The round selectors keep their choice; the last round stays chosen when a round is added.
    const QList<int> known = rounds();
    const auto fill = [&known](QComboBox* box, const QString& pattern) {
        const int chosen = box->currentData().toInt();
        const bool wasLast = box->currentIndex() < 0 || box->currentIndex() == box->count() - 1;
        const QSignalBlocker blocker(box);
        box->clear();
        for (const int round : known)
            box->addItem(pattern.arg(round), round);
        int index = wasLast ? box->count() - 1 : box->findData(chosen);
        if (index < 0)
            index = box->count() - 1;
        box->setCurrentIndex(index);
        box->setEnabled(box->count() > 0);
    };
    fill(m_afterRound, tr("after round %1"));
    fill(m_roundBox, tr("Round %1"));

    refreshCompletion();
    showStandings();
    showBoards();
    showBestCountries();
    if (m_boardOffered)
        offerBoardId();
    updateNames();
    updateFormTitle();
    const bool writable = !session().isReadOnly();
    for (QPushButton* button : {m_save, m_draw, m_editBoard, m_deleteBoard})
        button->setEnabled(writable);
    if (!writable)
        m_save->setToolTip(session().readOnlyReason());
}

void SquaresDesk::refreshCompletion()
{
    const core::PoolContent* content = session().content();
    QStringList entries;
    if (content) {
        const int idColumn = std::max(0, columnOf(content->playerColumns, QStringLiteral("player_id")));
        for (const QStringList& player : content->players) {
            const QString id = player.value(idColumn).trimmed();
            const QString name = content->playerName(id);
            entries.append(name == id ? id : QStringLiteral("%1 (%2)").arg(name, id));
        }
    }
    m_completion->setStringList(entries);
}

void SquaresDesk::showStandings()
{
    m_standingsModel->removeRows(0, m_standingsModel->rowCount());
    const int after = m_afterRound->currentData().toInt();
    const QList<int> known = rounds();
    if (known.isEmpty()) {
        m_standingsTitle->setText(tr("No boards yet: the standings appear with the first board saved."));
        return;
    }
    const core::SystemResult result = standingsAfter(after);
    m_standingsTitle->setText(after == known.last()
                                  ? tr("Standings after round %1, the last round played").arg(after)
                                  : tr("Standings after round %1 of %2").arg(after).arg(known.last()));
    const QStringList& columns = result.table.columns;
    for (const QStringList& row : result.table.rows) {
        m_standingsModel->appendRow(
            {item(cell(columns, row, "rank"), true), item(cell(columns, row, "player_id")),
             item(cell(columns, row, "name")), item(cell(columns, row, "total"), true),
             item(cell(columns, row, "games"), true), item(cell(columns, row, "wins"), true),
             item(cell(columns, row, "draws"), true), item(cell(columns, row, "best"), true),
             item(cell(columns, row, "second"), true), item(cell(columns, row, "third"), true),
             item(tieBreakWords(cell(columns, row, "tie_break")))});
    }
    if (!result.defects.empty())
        m_standingsTitle->setText(tr("The games of these rounds cannot be scored: %1")
                                      .arg(QString::fromStdString(result.defects.front().message)));
    m_standingsView->resizeColumnsToContents();
}

void SquaresDesk::showBoards()
{
    m_boardsModel->removeRows(0, m_boardsModel->rowCount());
    const core::PoolContent* content = session().content();
    const int round = m_roundBox->currentData().toInt();
    if (!content || round <= 0)
        return;
    // The scores, classes and places the system gave each player's game (the session's result).
    const core::SystemTable& history = session().result().history;
    QHash<QString, QStringList> scored; // game id + player id -> history row
    for (const QStringList& row : history.rows)
        scored.insert(
            cell(history.columns, row, "game") + QChar(0x1f) + cell(history.columns, row, "player_id"), row);
    const int gameCol = gameColumn("game");
    const int roundCol = gameColumn("round");
    const int playerCol = gameColumn("player_id");
    const int powerCol = gameColumn("power");
    const int centresCol = gameColumn("centres");
    const int yearCol = gameColumn("eliminated_year");
    for (const core::PoolGame& game : content->games) {
        if (game.rows.isEmpty() || game.rows.first().value(roundCol).trimmed().toInt() != round)
            continue;
        const QString id = game.rows.first().value(gameCol).trimmed();
        QList<QStringList> seats = game.rows;
        std::stable_sort(seats.begin(), seats.end(), [&](const QStringList& a, const QStringList& b) {
            return powerIndex(a.value(powerCol)) < powerIndex(b.value(powerCol));
        });
        QString outcome = tr("draw of %n powers", nullptr, static_cast<int>(seats.size()));
        for (const QStringList& seat : seats) {
            if (seat.value(centresCol).trimmed().toInt() >= kSoloCentres)
                outcome =
                    tr("solo by %1 (%2)")
                        .arg(seat.value(powerCol).trimmed(), content->playerName(seat.value(playerCol)));
        }
        auto* board = item(tr("Board %1").arg(id));
        board->setData(game.number, Qt::UserRole);
        QList<QStandardItem*> top{board,           item(QString()), item(QString()), item(QString()),
                                  item(QString()), item(outcome),   item(QString()), item(QString())};
        for (const QStringList& seat : seats) {
            const QString player = seat.value(playerCol).trimmed();
            const QStringList row = scored.value(id + QChar(0x1f) + player);
            auto* power = item(seat.value(powerCol).trimmed());
            power->setData(game.number, Qt::UserRole);
            board->appendRow({power, item(player), item(content->playerName(player)),
                              item(seat.value(centresCol).trimmed(), true),
                              item(seat.value(yearCol).trimmed(), true),
                              item(resultWords(cell(history.columns, row, "class"))),
                              item(cell(history.columns, row, "position"), true),
                              item(cell(history.columns, row, "score"), true)});
        }
        m_boardsModel->appendRow(top);
    }
    m_boardsView->expandAll();
    for (int c = 0; c < m_boardsModel->columnCount(); ++c)
        m_boardsView->resizeColumnToContents(c);
}

void SquaresDesk::showBestCountries()
{
    m_bestModel->removeRows(0, m_bestModel->rowCount());
    const QList<int> known = rounds();
    const int after = m_afterRound->currentData().toInt();
    if (known.isEmpty()) {
        m_bestTitle->setText(tr("No boards yet."));
        return;
    }
    const core::SystemTable table = bestCountriesAfter(after);
    m_bestTitle->setText(tr("Best country awards after round %1: for each power, the best game played with "
                            "it; equal games share the award.")
                             .arg(after));
    for (const QStringList& row : table.rows) {
        m_bestModel->appendRow(
            {item(cell(table.columns, row, "power")), item(cell(table.columns, row, "player_id")),
             item(cell(table.columns, row, "name")), item(cell(table.columns, row, "game")),
             item(resultWords(cell(table.columns, row, "class"))),
             item(cell(table.columns, row, "points"), true)});
    }
    m_bestView->resizeColumnsToContents();
}

// ---- the board form

QString SquaresDesk::resolvePlayer(const QString& text) const
{
    const core::PoolContent* content = session().content();
    const QString wanted = text.trimmed();
    if (!content || wanted.isEmpty())
        return {};
    const int idColumn = std::max(0, columnOf(content->playerColumns, QStringLiteral("player_id")));
    if (const int index = content->playerIndex(wanted); index >= 0)
        return content->players[index].value(idColumn).trimmed();
    // "Name (id)" as the completion offers it.
    static const QRegularExpression withId(QStringLiteral("^(.*)\\(([^()]+)\\)\\s*$"));
    if (const QRegularExpressionMatch match = withId.match(wanted); match.hasMatch()) {
        if (const int index = content->playerIndex(match.captured(2)); index >= 0)
            return content->players[index].value(idColumn).trimmed();
    }
    // A name given whole, when only one player has it.
    QString found;
    for (const QStringList& player : content->players) {
        const QString id = player.value(idColumn).trimmed();
        if (content->playerName(id).compare(wanted, Qt::CaseInsensitive) == 0) {
            if (!found.isEmpty())
                return {};
            found = id;
        }
    }
    return found;
}

void SquaresDesk::updateNames()
{
    const core::PoolContent* content = session().content();
    for (const Row& row : m_rows) {
        const QString text = row.player->text().trimmed();
        const QString id = resolvePlayer(text);
        if (text.isEmpty())
            row.name->clear();
        else if (id.isEmpty())
            row.name->setText(tr("not a player of the pool"));
        else
            row.name->setText(content ? content->playerName(id) : id);
    }
}

void SquaresDesk::updateFormTitle()
{
    const QString unsaved = m_dirty ? tr(" (not saved)") : QString();
    if (m_editing)
        m_formTitle->setText(
            tr("Correcting board %1 of round %2%3: Save Board (Ctrl+Return) replaces it in place.")
                .arg(m_board->text().trimmed())
                .arg(m_round->value())
                .arg(unsaved));
    else
        m_formTitle->setText(tr("New board of round %1%2: Enter moves on, Save Board (Ctrl+Return) saves it.")
                                 .arg(m_round->value())
                                 .arg(unsaved));
}

QString SquaresDesk::nextBoardId(int round) const
{
    const core::PoolContent* content = session().content();
    QSet<QString> used;
    const int gameCol = gameColumn("game");
    if (content) {
        for (const core::PoolGame& game : content->games) {
            if (!game.rows.isEmpty() && game.number != m_editing)
                used.insert(game.rows.first().value(gameCol).trimmed().toCaseFolded());
        }
    }
    for (int k = 1;; ++k) {
        const QString id = QStringLiteral("R%1B%2").arg(round).arg(k);
        if (!used.contains(id.toCaseFolded()))
            return id;
    }
}

void SquaresDesk::offerBoardId()
{
    if (!m_boardOffered || m_editing)
        return;
    m_board->setText(nextBoardId(m_round->value()));
}

QStringList SquaresDesk::playersOfRound(int round, int except) const
{
    QStringList players;
    const core::PoolContent* content = session().content();
    if (!content)
        return players;
    const int roundCol = gameColumn("round");
    const int playerCol = gameColumn("player_id");
    for (const core::PoolGame& game : content->games) {
        if (game.number == except || game.rows.isEmpty() ||
            game.rows.first().value(roundCol).trimmed().toInt() != round)
            continue;
        for (const QStringList& row : game.rows)
            players.append(row.value(playerCol).trimmed().toCaseFolded());
    }
    return players;
}

QList<QStringList> SquaresDesk::boardRows(std::vector<Problem>& problems, int& filled) const
{
    const core::PoolContent* content = session().content();
    QList<QStringList> rows;
    filled = 0;
    if (!content)
        return rows;
    const int round = m_round->value();
    const QString boardId = m_board->text().trimmed();
    const int gameCol = gameColumn("game");
    const int roundCol = gameColumn("round");
    const int playerCol = gameColumn("player_id");
    const int powerCol = gameColumn("power");

    if (boardId.isEmpty())
        problems.push_back({m_board, tr("The board needs an id.")});
    // Where each player of the round already sits: the same player on two boards of one round is refused.
    QHash<QString, QPair<QString, QString>> seated; // player -> (board, power)
    for (const core::PoolGame& game : content->games) {
        if (game.rows.isEmpty() || game.number == m_editing)
            continue;
        const QString id = game.rows.first().value(gameCol).trimmed();
        if (!boardId.isEmpty() && id.compare(boardId, Qt::CaseInsensitive) == 0)
            problems.push_back(
                {m_board, tr("Board %1 is stored already (round %2): give this board another id, "
                             "or correct that one.")
                              .arg(id, game.rows.first().value(roundCol).trimmed())});
        if (game.rows.first().value(roundCol).trimmed().toInt() != round)
            continue;
        for (const QStringList& row : game.rows)
            seated.insert(row.value(playerCol).trimmed().toCaseFolded(), {id, row.value(powerCol).trimmed()});
    }

    QHash<QString, QString> onBoard; // player -> power
    int total = 0;
    int solos = 0;
    int holding = 0;
    QLineEdit* firstCentres = nullptr;
    for (int p = 0; p < kPowers; ++p) {
        const Row& row = m_rows[p];
        const QString power = tr(kPowerNames[p]);
        const QString text = row.player->text().trimmed();
        const QString centresText = row.centres->text().trimmed();
        const QString yearText = row.eliminated->text().trimmed();
        if (text.isEmpty() && centresText.isEmpty() && yearText.isEmpty())
            continue;
        ++filled;
        const QString player = resolvePlayer(text);
        if (text.isEmpty())
            problems.push_back({row.player, tr("%1: who played it?").arg(power)});
        else if (player.isEmpty())
            problems.push_back({row.player, tr("%1: %2 is not a player of this pool.").arg(power, text)});
        if (!player.isEmpty()) {
            const QString key = player.toCaseFolded();
            const QString name = content->playerName(player);
            if (onBoard.contains(key))
                problems.push_back(
                    {row.player,
                     tr("%1: %2 plays %3 on this board already.").arg(power, name, onBoard.value(key))});
            else
                onBoard.insert(key, power);
            if (seated.contains(key)) {
                const auto [board, other] = seated.value(key);
                problems.push_back(
                    {row.player, tr("%1: %2 plays on board %3 of round %4 already (%5); a player "
                                    "plays once a round.")
                                     .arg(power, name, board)
                                     .arg(round)
                                     .arg(other)});
            }
        }
        bool centresRead = false;
        const int centres = centresText.toInt(&centresRead);
        if (centresText.isEmpty()) {
            problems.push_back({row.centres, tr("%1: how many centres did it hold at the end?").arg(power)});
        } else if (!centresRead || centres < 0 || centres > kSupplyCentres) {
            problems.push_back(
                {row.centres, tr("%1: %2 is not a number of centres (0 to 34).").arg(power, centresText)});
        } else {
            if (!firstCentres)
                firstCentres = row.centres;
            total += centres;
            if (centres > 0)
                ++holding;
            if (centres >= kSoloCentres && ++solos == 2)
                problems.push_back(
                    {row.centres, tr("%1: a second power with 18 or more centres; only one can win "
                                     "outright.")
                                      .arg(power)});
            // docs/squares.md: a power left with no centre has the year it was eliminated, and only it.
            if (centres > 0 && !yearText.isEmpty())
                problems.push_back(
                    {row.eliminated, tr("%1 holds %2 centres, so it was not eliminated: leave the year "
                                        "empty.")
                                         .arg(power)
                                         .arg(centres)});
            else if (centres == 0 && yearText.isEmpty())
                problems.push_back(
                    {row.eliminated,
                     tr("%1 ended with no centre: in which year was it eliminated?").arg(power)});
            else if (centres == 0 && (yearText.toInt() < kFirstYear || yearText.toInt() > kLastYear))
                problems.push_back(
                    {row.eliminated,
                     tr("%1: %2 is not a year of a game (1901 to 2000).").arg(power, yearText)});
        }
        QStringList fields;
        for (const QString& column : content->gameColumns) {
            if (column.compare(QLatin1String("game"), Qt::CaseInsensitive) == 0)
                fields.append(boardId);
            else if (column.compare(QLatin1String("round"), Qt::CaseInsensitive) == 0)
                fields.append(QString::number(round));
            else if (column.compare(QLatin1String("player_id"), Qt::CaseInsensitive) == 0)
                fields.append(player.isEmpty() ? text : player);
            else if (column.compare(QLatin1String("power"), Qt::CaseInsensitive) == 0)
                fields.append(QLatin1String(kPowerNames[p]));
            else if (column.compare(QLatin1String("centres"), Qt::CaseInsensitive) == 0)
                fields.append(centresText);
            else if (column.compare(QLatin1String("eliminated_year"), Qt::CaseInsensitive) == 0)
                fields.append(yearText);
            else
                fields.append(QString());
        }
        rows.append(fields);
    }
    if (filled == 0)
        problems.push_back(
            {m_rows[0].player, tr("The board is empty: give each power its player and centres.")});
    else if (filled < 2)
        problems.push_back({m_rows[0].player, tr("A board needs at least two powers.")});
    if (total > kSupplyCentres)
        problems.push_back(
            {firstCentres, tr("The powers hold %1 centres in all; the board has 34.").arg(total)});
    if (filled > 0 && firstCentres && holding == 0 && total == 0)
        problems.push_back({firstCentres, tr("No power holds a centre: at least one must.")});
    return rows;
}

void SquaresDesk::saveBoard()
{
    const core::PoolContent* content = session().content();
    if (!content || !shows(content->pool.kind))
        return;
    if (session().isReadOnly()) {
        say(session().readOnlyReason(), true);
        return;
    }
    unmark();
    std::vector<Problem> problems;
    int filled = 0;
    const QList<QStringList> rows = boardRows(problems, filled);
    if (!problems.empty()) {
        QStringList lines{tr("The board was not saved:")};
        for (const Problem& problem : problems)
            lines.append(problem.text);
        say(lines.join(QLatin1Char('\n')), true);
        markProblems(problems);
        return;
    }
    const int editing = m_editing;
    const QString boardId = m_board->text().trimmed();
    // Duplicates: the same board (players, powers, centres) stored under another id is asked about.
    const auto checkDuplicates = [this, rows, editing, boardId] {
        const core::PoolContent* now = session().content();
        const QList<int> same = now ? now->sameGames(rows, editing) : QList<int>{};
        if (same.isEmpty()) {
            storeBoard(rows, editing);
            return;
        }
        const core::PoolGame* other = now->game(same.first());
        const int gameCol = columnOf(now->gameColumns, QStringLiteral("game"));
        const int roundCol = columnOf(now->gameColumns, QStringLiteral("round"));
        const QString otherId =
            other && !other->rows.isEmpty() ? other->rows.first().value(gameCol) : QString();
        const QString otherRound =
            other && !other->rows.isEmpty() ? other->rows.first().value(roundCol) : QString();
        askFirst(this, QStringLiteral("squaresDuplicateQuestion"), tr("Board entered already?"),
                 tr("This board is entered already as board %1 of round %2 (the same players, powers and "
                    "centres). Store board %3 as well?")
                     .arg(otherId, otherRound, boardId),
                 tr("Store It Again"), [this, rows, editing] { storeBoard(rows, editing); });
    };
    // Standard Diplomacy has seven powers; the system accepts 2 to 7 (docs/squares.md, "Readings and
    // limits"), so a board of fewer is taken only when the director says so.
    if (filled < kPowers) {
        QStringList missing;
        for (int p = 0; p < kPowers; ++p) {
            const Row& row = m_rows[p];
            if (row.player->text().trimmed().isEmpty() && row.centres->text().trimmed().isEmpty() &&
                row.eliminated->text().trimmed().isEmpty())
                missing.append(tr(kPowerNames[p]));
        }
        askFirst(this, QStringLiteral("squaresShortBoardQuestion"), tr("Fewer than seven powers"),
                 tr("Board %1 has %2 powers; %3 not entered. A board of standard Diplomacy has seven. Save "
                    "it with "
                    "%2 powers?")
                     .arg(boardId)
                     .arg(filled)
                     .arg(missing.join(QStringLiteral(", "))),
                 tr("Save %n Powers", nullptr, filled), checkDuplicates);
        return;
    }
    checkDuplicates();
}

void SquaresDesk::storeBoard(const QList<QStringList>& rows, int editing)
{
    const int round = m_round->value();
    const QString boardId = m_board->text().trimmed();
    const core::PoolChange change = editing ? session().editGame(editing, rows) : session().addGame(rows);
    if (!change.ok()) {
        say(refusalText(change), true);
        // Mark the fields named: "row N" is the N-th power given on the form.
        std::vector<Problem> marks;
        static const QRegularExpression rowNumber(QStringLiteral("row (\\d+)"));
        for (const core::PoolDefect& defect : change.defects) {
            const QRegularExpressionMatch match = rowNumber.match(defect.where);
            int index = match.hasMatch() ? match.captured(1).toInt() - 1 : 0;
            const int p =
                index >= 0 && index < rows.size() ? powerIndex(rows[index].value(gameColumn("power"))) : -1;
            if (p < 0)
                continue;
            if (defect.field == QLatin1String("player_id"))
                marks.push_back({m_rows[p].player, defect.message});
            else if (defect.field == QLatin1String("centres"))
                marks.push_back({m_rows[p].centres, defect.message});
            else if (defect.field == QLatin1String("eliminated_year"))
                marks.push_back({m_rows[p].eliminated, defect.message});
            else if (defect.field == QLatin1String("game"))
                marks.push_back({m_board, defect.message});
        }
        markProblems(marks);
        return;
    }
    say(editing ? tr("Board %1 of round %2 corrected in place (%n powers). Edit > Undo takes it back.",
                     nullptr, static_cast<int>(rows.size()))
                      .arg(boardId)
                      .arg(round)
                : tr("Board %1 of round %2 saved (%n powers). Edit > Undo takes it back.", nullptr,
                     static_cast<int>(rows.size()))
                      .arg(boardId)
                      .arg(round),
        false);
    Q_EMIT message(m_message->text());
    const QString saved = m_message->text();
    clearForm(true);
    if (const int index = m_roundBox->findData(round); index >= 0)
        m_roundBox->setCurrentIndex(index);
    loadNextDrawnBoard();
    say(saved);
    m_rows[0].player->setFocus();
}

void SquaresDesk::clearForm(bool keepDraw)
{
    for (int p = 0; p < kPowers; ++p)
        clearRow(p);
    m_editing = 0;
    m_dirty = false;
    m_boardOffered = true;
    unmark();
    offerBoardId();
    if (!keepDraw) {
        m_drawRound = 0;
        m_drawModel->removeRows(0, m_drawModel->rowCount());
    }
    updateNames();
    updateFormTitle();
}

void SquaresDesk::clearRow(int power)
{
    Row& row = m_rows[power];
    row.player->clear();
    row.centres->clear();
    row.eliminated->clear();
    for (QWidget* field : {static_cast<QWidget*>(row.player), static_cast<QWidget*>(row.centres),
                           static_cast<QWidget*>(row.eliminated)}) {
        if (m_marked.removeAll(field))
            field->setStyleSheet(QString());
    }
}

void SquaresDesk::loadRows(const QList<QStringList>& rows)
{
    const int playerCol = gameColumn("player_id");
    const int powerCol = gameColumn("power");
    const int centresCol = gameColumn("centres");
    const int yearCol = gameColumn("eliminated_year");
    for (int p = 0; p < kPowers; ++p)
        clearRow(p);
    for (const QStringList& row : rows) {
        const int p = powerIndex(row.value(powerCol));
        if (p < 0)
            continue;
        m_rows[p].player->setText(row.value(playerCol).trimmed());
        m_rows[p].centres->setText(row.value(centresCol).trimmed());
        m_rows[p].eliminated->setText(row.value(yearCol).trimmed());
    }
    updateNames();
}

void SquaresDesk::editBoard(int game)
{
    const core::PoolContent* content = session().content();
    const core::PoolGame* stored = content ? content->game(game) : nullptr;
    if (!stored || stored->rows.isEmpty())
        return;
    const auto load = [this, game] {
        const core::PoolGame* board = session().content() ? session().content()->game(game) : nullptr;
        if (!board || board->rows.isEmpty())
            return;
        unmark();
        m_editing = game;
        m_boardOffered = false;
        m_round->setValue(board->rows.first().value(gameColumn("round")).trimmed().toInt());
        m_board->setText(board->rows.first().value(gameColumn("game")).trimmed());
        loadRows(board->rows);
        m_dirty = false;
        updateFormTitle();
        say(tr("Correct board %1 and save it (Ctrl+Return): it keeps its place among the games.")
                .arg(m_board->text()));
        m_rows[0].player->setFocus();
        m_rows[0].player->selectAll();
    };
    if (!m_dirty) {
        load();
        return;
    }
    askFirst(this, QStringLiteral("squaresUnsavedQuestion"), tr("Board not saved"),
             tr("Board %1 in the form is not saved. Discard it and correct board %2?")
                 .arg(m_board->text().trimmed(), stored->rows.first().value(gameColumn("game")).trimmed()),
             tr("Discard Board"), load);
}

void SquaresDesk::deleteBoard(int game)
{
    const core::PoolContent* content = session().content();
    const core::PoolGame* stored = content ? content->game(game) : nullptr;
    if (!stored || stored->rows.isEmpty() || session().isReadOnly())
        return;
    const QString id = stored->rows.first().value(gameColumn("game")).trimmed();
    const QString round = stored->rows.first().value(gameColumn("round")).trimmed();
    QStringList players;
    for (const QStringList& row : stored->rows)
        players.append(content->playerName(row.value(gameColumn("player_id"))));
    askFirst(this, QStringLiteral("squaresDeleteQuestion"), tr("Delete board"),
             tr("Delete board %1 of round %2 (%3)? Edit > Undo brings it back.")
                 .arg(id, round, players.join(QStringLiteral(", "))),
             tr("Delete Board"), [this, game, id, round] {
                 const core::PoolChange change = session().deleteGame(game);
                 if (!change.ok()) {
                     say(refusalText(change), true);
                     return;
                 }
                 if (m_editing == game)
                     clearForm(true);
                 say(tr("Board %1 of round %2 deleted. Edit > Undo brings it back.").arg(id, round));
                 Q_EMIT message(m_message->text());
             });
}

bool SquaresDesk::drawRound()
{
    const core::PoolContent* content = session().content();
    if (!content || !shows(content->pool.kind))
        return false;
    const int round = m_round->value();
    const int idColumn = std::max(0, columnOf(content->playerColumns, QStringLiteral("player_id")));
    const QStringList seated = playersOfRound(round, 0);
    QStringList players;
    for (const QStringList& player : content->players) {
        const QString id = player.value(idColumn).trimmed();
        if (!id.isEmpty() && !seated.contains(id.toCaseFolded()))
            players.append(id);
    }
    if (players.size() < kPowers) {
        say(tr("Round %1 has %n players left to seat; a board needs seven.", nullptr,
               static_cast<int>(players.size()))
                .arg(round),
            true);
        return false;
    }
    // The boards so far are the earlier rounds'; one sit-out per player and earlier round missed.
    core::PoolContent earlier = upToRound(*content, round - 1);
    QStringList sitOuts;
    for (const int r : rounds()) {
        if (r >= round)
            continue;
        const QStringList inRound = playersOfRound(r, 0);
        for (const QString& id : players) {
            if (!inRound.contains(id.toCaseFolded()))
                sitOuts.append(id);
        }
    }
    std::vector<engine::Defect> defects;
    // The same pool, round and players give the same draw (the seed is the round).
    const core::SquaresRoundDraw draw =
        core::drawSquaresRound(earlier.input(), players, sitOuts, static_cast<quint64>(round), defects);
    if (!defects.empty() || draw.boards.isEmpty()) {
        say(tr("No boards drawn: %1")
                .arg(defects.empty() ? tr("nothing to draw")
                                     : QString::fromStdString(defects.front().message)),
            true);
        return false;
    }
    m_drawModel->removeRows(0, m_drawModel->rowCount());
    int k = 0;
    for (const QStringList& board : draw.boards) {
        QList<QStandardItem*> cells{item(tr("Board %1").arg(++k))};
        for (int p = 0; p < kPowers; ++p) {
            const QString id = board.value(p);
            auto* seat =
                item(id.isEmpty() ? QString() : QStringLiteral("%1 (%2)").arg(content->playerName(id), id));
            seat->setData(id, Qt::UserRole);
            cells.append(seat);
        }
        m_drawModel->appendRow(cells);
    }
    m_drawView->resizeRowsToContents();
    m_drawRound = round;
    QStringList sitting;
    for (const QString& id : draw.sittingOut)
        sitting.append(content->playerName(id));
    m_drawSummary->setText(tr("Round %1: %n boards drawn for the players not yet seated in it.", nullptr,
                              static_cast<int>(draw.boards.size()))
                               .arg(round) +
                           QLatin1Char(' ') +
                           (sitting.isEmpty()
                                ? tr("Nobody sits out.")
                                : tr("Sitting out: %1.").arg(sitting.join(QStringLiteral(", ")))) +
                           QLatin1Char(' ') +
                           tr("Pairs meeting again: %1; players on a power they played before: %2. The "
                              "boards go into the form one "
                              "after the other; change any seat before saving.")
                               .arg(draw.repeatedMeetings)
                               .arg(draw.repeatedPowers));
    m_tabs->setCurrentWidget(m_drawView->parentWidget());
    if (m_dirty) {
        say(tr("Boards drawn; the board in the form is not saved, so the form was left as it is."));
        return true;
    }
    clearForm(true);
    loadNextDrawnBoard();
    say(m_drawSummary->text());
    m_rows[0].player->setFocus();
    return true;
}

void SquaresDesk::loadNextDrawnBoard()
{
    if (m_drawRound == 0 || m_drawRound != m_round->value() || m_editing)
        return;
    const QStringList seated = playersOfRound(m_drawRound, 0);
    for (int r = 0; r < m_drawModel->rowCount(); ++r) {
        QStringList ids;
        bool free = true;
        for (int p = 0; p < kPowers; ++p) {
            const QString id = m_drawModel->item(r, 1 + p)->data(Qt::UserRole).toString();
            ids.append(id);
            if (!id.isEmpty() && seated.contains(id.toCaseFolded()))
                free = false;
        }
        if (!free)
            continue;
        for (int p = 0; p < kPowers; ++p)
            m_rows[p].player->setText(ids[p]);
        updateNames();
        updateFormTitle();
        return;
    }
}

void SquaresDesk::markProblems(const std::vector<Problem>& problems)
{
    QWidget* first = nullptr;
    for (const Problem& problem : problems) {
        if (!problem.field)
            continue;
        if (!first)
            first = problem.field;
        problem.field->setStyleSheet(QStringLiteral("background-color: #ffd7d7;"));
        problem.field->setToolTip(problem.text);
        if (!m_marked.contains(problem.field))
            m_marked.append(problem.field);
    }
    if (first) {
        first->setFocus();
        if (auto* line = qobject_cast<QLineEdit*>(first))
            line->selectAll();
    }
}

void SquaresDesk::unmark()
{
    for (QWidget* field : std::as_const(m_marked))
        field->setStyleSheet(QString());
    m_marked.clear();
}

QStringList SquaresDesk::markedFields() const
{
    QStringList names;
    for (const QWidget* field : m_marked)
        names.append(field->objectName());
    return names;
}

void SquaresDesk::say(const QString& text, bool problem)
{
    m_message->setText(text);
    m_problemShown = problem && !text.isEmpty();
    m_message->setStyleSheet(problem ? QStringLiteral("color: #a00000;") : QString());
}

SquaresDesk::Draft SquaresDesk::draft() const
{
    Draft kept;
    kept.round = m_round->value();
    kept.board = m_board->text();
    kept.editing = m_editing;
    for (int p = 0; p < kPowers; ++p)
        kept.rows[p] = {m_rows[p].player->text(), m_rows[p].centres->text(), m_rows[p].eliminated->text()};
    return kept;
}

void SquaresDesk::restore(const Draft& kept)
{
    m_round->setValue(kept.round);
    m_editing = kept.editing;
    m_board->setText(kept.board);
    m_boardOffered = false;
    for (int p = 0; p < kPowers; ++p) {
        m_rows[p].player->setText(kept.rows[p][0]);
        m_rows[p].centres->setText(kept.rows[p][1]);
        m_rows[p].eliminated->setText(kept.rows[p][2]);
    }
    m_dirty = true;
    updateNames();
    updateFormTitle();
}

void SquaresDesk::askToLeave(std::function<void()> leave)
{
    if (!m_dirty) {
        if (leave)
            leave();
        return;
    }
    int filled = 0;
    for (const Row& row : m_rows)
        filled += row.player->text().trimmed().isEmpty() && row.centres->text().trimmed().isEmpty() ? 0 : 1;
    askFirst(this, QStringLiteral("squaresUnsavedQuestion"), tr("Board not saved"),
             tr("Board %1 of round %2 is not saved (%n powers entered). Discard it?", nullptr, filled)
                 .arg(m_board->text().trimmed())
                 .arg(m_round->value()),
             tr("Discard Board"), [this, leave = std::move(leave)] {
                 clearForm(true);
                 if (leave)
                     leave();
             });
}

int SquaresDesk::selectedBoard() const
{
    const QModelIndex current = m_boardsView->currentIndex();
    return current.isValid() ? current.siblingAtColumn(0).data(Qt::UserRole).toInt() : 0;
}

void SquaresDesk::showEvent(QShowEvent* event)
{
    PoolDesk::showEvent(event);
    QWidget* top = window();
    if (top == m_closeWatched)
        return;
    if (m_closeWatched)
        m_closeWatched->removeEventFilter(this);
    m_closeWatched = top;
    top->installEventFilter(this);
}

bool SquaresDesk::eventFilter(QObject* watched, QEvent* event)
{
    // Closing the window with a board typed and not saved asks first; discarded, the window closes.
    if (watched == m_closeWatched && event->type() == QEvent::Close && m_dirty) {
        event->ignore();
        const QPointer<QWidget> top = m_closeWatched;
        askToLeave([top] {
            if (top)
                top->close();
        });
        return true;
    }
    if (event->type() != QEvent::KeyPress)
        return PoolDesk::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
    if (watched == m_boardsView) {
        // Enter corrects the board chosen, Delete deletes it after asking.
        if (enter && selectedBoard()) {
            editBoard(selectedBoard());
            return true;
        }
        if (key->key() == Qt::Key_Delete && selectedBoard()) {
            deleteBoard(selectedBoard());
            return true;
        }
        return false;
    }
    if (enter && (key->modifiers() & Qt::ControlModifier)) {
        saveBoard();
        return true;
    }
    // Ctrl+Delete clears the row of the field (a wrong row is removed before the board is saved).
    if (key->key() == Qt::Key_Delete && (key->modifiers() & Qt::ControlModifier)) {
        for (int p = 0; p < kPowers; ++p) {
            const Row& row = m_rows[p];
            if (watched == row.player || watched == row.centres || watched == row.eliminated) {
                clearRow(p);
                m_dirty = true;
                updateNames();
                updateFormTitle();
                say(tr("%1's row cleared.").arg(tr(kPowerNames[p])));
                row.player->setFocus();
                return true;
            }
        }
        return false;
    }
    if (!enter || key->modifiers() != Qt::NoModifier)
        return PoolDesk::eventFilter(watched, event);
    // Enter moves on, never saves (trap 4): to the next field; from a power's centres past its year
    // when it holds centres; from Turkey's last field back to Austria.
    QWidget* next = nullptr;
    if (watched == m_round) {
        next = m_board;
    } else if (watched == m_board) {
        next = m_rows[0].player;
    } else {
        for (int p = 0; p < kPowers && !next; ++p) {
            const Row& row = m_rows[p];
            QWidget* following = p + 1 < kPowers ? m_rows[p + 1].player : m_rows[0].player;
            if (watched == row.player)
                next = row.centres;
            else if (watched == row.centres)
                next = row.centres->text().trimmed().toInt() > 0 ? following : row.eliminated;
            else if (watched == row.eliminated)
                next = following;
        }
    }
    if (!next)
        return PoolDesk::eventFilter(watched, event);
    next->setFocus(Qt::TabFocusReason);
    if (auto* line = qobject_cast<QLineEdit*>(next))
        line->selectAll();
    return true;
}

std::vector<PrintTable> SquaresDesk::printTables() const
{
    std::vector<PrintTable> tables;
    const core::PoolContent* content = session().content();
    if (!content)
        return tables;
    const QString pool = content->pool.name;
    PrintTable standings;
    standings.title = tr("Standings after round %1").arg(m_afterRound->currentData().toInt());
    standings.subtitle = pool;
    standings.table = tableOf(m_standingsModel);
    standings.numericColumns = {0, 3, 4, 5, 6, 7, 8, 9};
    tables.push_back(standings);

    // The round's boards, each its powers with player, centres, elimination and score.
    for (int b = 0; b < m_boardsModel->rowCount(); ++b) {
        const QStandardItem* board = m_boardsModel->item(b, 0);
        PrintTable printed;
        printed.title = tr("Round %1, %2").arg(m_roundBox->currentData().toInt()).arg(board->text());
        printed.subtitle = pool + QStringLiteral(": ") + m_boardsModel->item(b, 5)->text();
        printed.table.columns = QStringList{tr("Power"),      tr("Player"), tr("Centres"),
                                            tr("Eliminated"), tr("Result"), tr("Score")};
        for (int s = 0; s < board->rowCount(); ++s) {
            printed.table.rows.append(QStringList{board->child(s, 0)->text(),
                                                  board->child(s, 2)->text() + QStringLiteral(" (") +
                                                      board->child(s, 1)->text() + QLatin1Char(')'),
                                                  board->child(s, 3)->text(), board->child(s, 4)->text(),
                                                  board->child(s, 5)->text(), board->child(s, 7)->text()});
        }
        printed.numericColumns = {2, 3, 5};
        tables.push_back(printed);
    }
    if (m_bestModel->rowCount() > 0) {
        PrintTable best;
        best.title = tr("Best countries after round %1").arg(m_afterRound->currentData().toInt());
        best.subtitle = pool;
        best.table = tableOf(m_bestModel);
        best.numericColumns = {5};
        tables.push_back(best);
    }
    return tables;
}

} // namespace flickdesk::ui
