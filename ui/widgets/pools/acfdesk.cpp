#include "widgets/pools/acfdesk.h"

#include "core/systems/poolrecords.h"
#include "core/systems/systems.h"
#include "models/pools/poolsession.h"
#include "models/pools/pooltablemodel.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStringListModel>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

namespace flickdesk::ui {
namespace {

const QString kDraw = QStringLiteral("1/2-1/2");

QTableView* makeView(QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setTabKeyNavigation(false); // Tab leaves the table for the next field
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

int columnOf(const QStringList& columns, const char* name)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

// A game's result from player A's side: 'W', 'L' or 'D'; 0 when not understood.
char outcomeOf(const QString& result)
{
    const QString text = result.trimmed();
    if (text == QLatin1String("1-0"))
        return 'W';
    if (text == QLatin1String("0-1"))
        return 'L';
    if (text == kDraw || text == QStringLiteral("\u00bd-\u00bd") || text == QLatin1String("0.5-0.5") ||
        text.compare(QLatin1String("draw"), Qt::CaseInsensitive) == 0)
        return 'D';
    return 0;
}

char reversedOutcome(char outcome)
{
    return outcome == 'W' ? 'L' : outcome == 'L' ? 'W' : outcome;
}

// The result field: four-game rounds take A's wins, losses and draws ("2 1 1") or the four games'
// letters ("WWLD"); a per-game round one or two letters. Nothing else can be typed (issue 27 trap 5).
const QRegularExpression& roundPattern()
{
    static const QRegularExpression pattern(QStringLiteral("^([0-4]([ -][0-4]){0,2}|[WwLlDd]{0,4})$"));
    return pattern;
}

const QRegularExpression& gamePattern()
{
    static const QRegularExpression pattern(QStringLiteral("^[WwLlDd]{0,2}$"));
    return pattern;
}

// A's outcomes from the result field; an empty list with `error` set when the round is not whole.
QString parseOutcomes(const QString& typed, bool byGame, QString& error)
{
    const QString text = typed.trimmed().toUpper();
    QString outcomes;
    if (!text.isEmpty() && text.front().isDigit()) {
        const QStringList counts = text.split(QRegularExpression(QStringLiteral("[ -]")), Qt::SkipEmptyParts);
        const int wins = counts.value(0).toInt();
        const int losses = counts.value(1).toInt();
        const int draws = counts.value(2).toInt();
        outcomes = QString(wins, QLatin1Char('W')) + QString(losses, QLatin1Char('L')) +
                   QString(draws, QLatin1Char('D'));
    } else {
        outcomes = text;
    }
    // DECISIONS A1: exactly four games in a round-scored round, one or two in a per-game round.
    if (!byGame && outcomes.size() != 4)
        error = AcfDesk::tr("A round is four games: A's wins, losses and draws must add up to 4 (they add "
                            "up to %1).")
                    .arg(outcomes.size());
    else if (byGame && outcomes.isEmpty())
        error = AcfDesk::tr("Type the round's one or two games from A's side: W, L or D each.");
    return error.isEmpty() ? outcomes : QString();
}

QString wldText(const QString& outcomes)
{
    return QStringLiteral("%1-%2-%3")
        .arg(outcomes.count(QLatin1Char('W')))
        .arg(outcomes.count(QLatin1Char('L')))
        .arg(outcomes.count(QLatin1Char('D')));
}

QString scoringText(bool byGame)
{
    return byGame ? AcfDesk::tr("per game, window 670") : AcfDesk::tr("four-game rounds, window 400");
}

// The crosstable's cells take what the result field takes, nothing else.
class CrossDelegate : public QStyledItemDelegate {
public:
    CrossDelegate(std::function<bool()> byGame, QObject* parent)
        : QStyledItemDelegate(parent)
        , m_byGame(std::move(byGame))
    {
    }

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* editor = new QLineEdit(parent);
        editor->setObjectName(QStringLiteral("acfCrosstableCell"));
        editor->setValidator(
            new QRegularExpressionValidator(m_byGame() ? gamePattern() : roundPattern(), editor));
        return editor;
    }

private:
    std::function<bool()> m_byGame;
};

class NewEventDialog : public QDialog {
public:
    using QDialog::QDialog;
    std::function<void()> onAccept;

protected:
    void accept() override
    {
        if (onAccept)
            onAccept(); // closes the dialog itself when the event is taken
    }
};

} // namespace

QString foldedEventName(const QString& name)
{
    QString folded;
    for (const QChar c : name.toCaseFolded()) {
        if (c.isLetterOrNumber())
            folded.append(c);
    }
    return folded;
}

AcfDesk::AcfDesk(PoolSession& session, QWidget* parent)
    : PoolDesk(session, parent)
{
    setObjectName(QStringLiteral("acfDesk"));

    // ---- left: the event, the entry of a pairing, the event's pairings
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);

    auto* eventRow = new QHBoxLayout;
    auto* eventLabel = new QLabel(tr("&Event:"), left);
    m_eventBox = new QComboBox(left);
    m_eventBox->setObjectName(QStringLiteral("acfEvent"));
    m_eventBox->setMinimumContentsLength(24);
    eventLabel->setBuddy(m_eventBox);
    m_newEventButton = new QPushButton(tr("&New Event..."), left);
    m_newEventButton->setObjectName(QStringLiteral("acfNewEvent"));
    eventRow->addWidget(eventLabel);
    eventRow->addWidget(m_eventBox, 1);
    eventRow->addWidget(m_newEventButton);
    leftLayout->addLayout(eventRow);
    m_eventInfo = new QLabel(left);
    m_eventInfo->setObjectName(QStringLiteral("acfEventInfo"));
    leftLayout->addWidget(m_eventInfo);

    auto* entry = new QFormLayout;
    m_round = new QSpinBox(left);
    m_round->setObjectName(QStringLiteral("acfRound"));
    m_round->setRange(1, 999);
    m_round->setMaximumWidth(90);
    m_round->setToolTip(tr("The round stays for the next pairing; Enter moves on to player A."));
    m_playerNames = new QStringListModel(this);
    const auto playerField = [&](const QString& name) {
        auto* field = new QLineEdit(left);
        field->setObjectName(name);
        field->setPlaceholderText(tr("Name or id"));
        auto* completer = new QCompleter(m_playerNames, field);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        field->setCompleter(completer);
        connect(field, &QLineEdit::textEdited, this, [field] { field->setStyleSheet({}); });
        return field;
    };
    m_playerA = playerField(QStringLiteral("acfPlayerA"));
    m_playerB = playerField(QStringLiteral("acfPlayerB"));
    m_result = new QLineEdit(left);
    m_result->setObjectName(QStringLiteral("acfResult"));
    m_resultValidator = new QRegularExpressionValidator(roundPattern(), m_result);
    m_result->setValidator(m_resultValidator);
    m_result->setMaximumWidth(110);
    connect(m_result, &QLineEdit::textEdited, this, [this] { m_result->setStyleSheet({}); });
    m_resultHint = new QLabel(left);
    m_resultHint->setObjectName(QStringLiteral("acfResultHint"));
    auto* resultRow = new QHBoxLayout;
    resultRow->addWidget(m_result);
    resultRow->addWidget(m_resultHint, 1);
    entry->addRow(tr("&Round:"), m_round);
    entry->addRow(tr("Player &A:"), m_playerA);
    entry->addRow(tr("Player &B:"), m_playerB);
    auto* resultLabel = new QLabel(tr("Res&ult:"), left);
    resultLabel->setBuddy(m_result);
    entry->addRow(resultLabel, resultRow);
    leftLayout->addLayout(entry);

    auto* buttons = new QHBoxLayout;
    m_storeButton = new QPushButton(tr("Add &Pairing"), left);
    m_storeButton->setObjectName(QStringLiteral("acfStore"));
    m_cancelEditButton = new QPushButton(tr("Cancel Correction"), left);
    m_cancelEditButton->setObjectName(QStringLiteral("acfCancelEdit"));
    m_cancelEditButton->hide();
    buttons->addWidget(m_storeButton);
    buttons->addWidget(m_cancelEditButton);
    buttons->addStretch(1);
    leftLayout->addLayout(buttons);

    m_message = new QLabel(left);
    m_message->setObjectName(QStringLiteral("acfMessage"));
    m_message->setWordWrap(true);
    leftLayout->addWidget(m_message);

    m_pairingsModel = new PoolTableModel(this);
    m_pairingsView = makeView(m_pairingsModel, QStringLiteral("acfPairings"), left);
    m_pairingsView->horizontalHeader()->setStretchLastSection(false);
    leftLayout->addWidget(m_pairingsView, 1);
    auto* pairingButtons = new QHBoxLayout;
    m_editButton = new QPushButton(tr("&Correct Pairing"), left);
    m_editButton->setObjectName(QStringLiteral("acfEditPairing"));
    m_deleteButton = new QPushButton(tr("&Delete Pairing..."), left);
    m_deleteButton->setObjectName(QStringLiteral("acfDeletePairing"));
    pairingButtons->addWidget(m_editButton);
    pairingButtons->addWidget(m_deleteButton);
    pairingButtons->addStretch(1);
    leftLayout->addLayout(pairingButtons);

    // ---- right: the event's report and the rating list
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("acfTabs"));
    auto* reportPage = new QWidget(m_tabs);
    auto* reportLayout = new QVBoxLayout(reportPage);
    m_reportTitle = new QLabel(reportPage);
    m_reportTitle->setObjectName(QStringLiteral("acfReportTitle"));
    m_reportModel = new PoolTableModel(this);
    m_reportView = makeView(m_reportModel, QStringLiteral("acfEventReport"), reportPage);
    reportLayout->addWidget(m_reportTitle);
    reportLayout->addWidget(m_reportView, 1);
    m_tabs->addTab(reportPage, tr("Event Report"));

    auto* listPage = new QWidget(m_tabs);
    auto* listLayout = new QVBoxLayout(listPage);
    m_ratingsModel = new PoolTableModel(this);
    m_ratingsProxy = new QSortFilterProxyModel(this);
    m_ratingsProxy->setSourceModel(m_ratingsModel);
    m_ratingsProxy->setSortRole(PoolTableModel::SortRole);
    listLayout->addWidget(makeSearchBox(m_ratingsProxy, QStringLiteral("acfSearch"), listPage));
    m_ratingsView = makeView(m_ratingsProxy, QStringLiteral("acfRatingList"), listPage);
    m_ratingsView->setSortingEnabled(true);
    listLayout->addWidget(m_ratingsView, 1);
    // The pool's players: a new one (Enter in any field adds), or the selected one corrected or removed.
    auto* playerRow = new QHBoxLayout;
    const QStringList playerHints{tr("Id"),    tr("Name"), tr("Rating (empty: unrated)"),
                                  tr("Games"), tr("Peak"), tr("Rounds")};
    const QStringList playerNames{QStringLiteral("acfNewPlayerId"),     QStringLiteral("acfNewPlayerName"),
                                  QStringLiteral("acfNewPlayerRating"), QStringLiteral("acfNewPlayerGames"),
                                  QStringLiteral("acfNewPlayerPeak"),   QStringLiteral("acfNewPlayerRounds")};
    static const QRegularExpression ratingPattern(QStringLiteral("^\\d{0,4}(\\.\\d{0,3})?$"));
    static const QRegularExpression countPattern(QStringLiteral("^\\d{0,7}$"));
    for (qsizetype i = 0; i < playerHints.size(); ++i) {
        auto* field = new QLineEdit(listPage);
        field->setObjectName(playerNames[i]);
        field->setPlaceholderText(playerHints[i]);
        field->setToolTip(i == 2 ? tr("Empty for a player without a rating. DECISIONS A4") : playerHints[i]);
        if (i == 2 || i == 4)
            field->setValidator(new QRegularExpressionValidator(ratingPattern, field));
        else if (i == 3 || i == 5)
            field->setValidator(new QRegularExpressionValidator(countPattern, field));
        connect(field, &QLineEdit::returnPressed, this, [this] { submitPlayer(); });
        m_playerFields.append(field);
        playerRow->addWidget(field, i == 1 ? 3 : 1);
    }
    listLayout->addLayout(playerRow);
    auto* playerButtons = new QHBoxLayout;
    m_playerStoreButton = new QPushButton(tr("Add P&layer"), listPage);
    m_playerStoreButton->setObjectName(QStringLiteral("acfAddPlayer"));
    auto* correctPlayer = new QPushButton(tr("Correct Player"), listPage);
    correctPlayer->setObjectName(QStringLiteral("acfCorrectPlayer"));
    auto* deletePlayer = new QPushButton(tr("Remove Player..."), listPage);
    deletePlayer->setObjectName(QStringLiteral("acfRemovePlayer"));
    playerButtons->addWidget(m_playerStoreButton);
    playerButtons->addWidget(correctPlayer);
    playerButtons->addWidget(deletePlayer);
    playerButtons->addStretch(1);
    listLayout->addLayout(playerButtons);
    m_playerMessage = new QLabel(listPage);
    m_playerMessage->setObjectName(QStringLiteral("acfPlayerMessage"));
    m_playerMessage->setWordWrap(true);
    listLayout->addWidget(m_playerMessage);
    connect(m_playerStoreButton, &QPushButton::clicked, this, [this] { submitPlayer(); });
    connect(correctPlayer, &QPushButton::clicked, this, [this] { loadPlayer(); });
    connect(deletePlayer, &QPushButton::clicked, this, [this] { deleteSelectedPlayer(); });
    m_ratingsView->installEventFilter(this);
    m_tabs->addTab(listPage, tr("Rating List"));

    // A round robin entered at once: the event's players in a grid, each cell above the diagonal
    // A's (the row's) result against B (the column's); stored together as one step.
    auto* crossPage = new QWidget(m_tabs);
    auto* crossLayout = new QVBoxLayout(crossPage);
    auto* crossRow = new QHBoxLayout;
    auto* crossLabel = new QLabel(tr("Pla&yers:"), crossPage);
    m_crossPlayersField = new QLineEdit(crossPage);
    m_crossPlayersField->setObjectName(QStringLiteral("acfCrosstablePlayers"));
    m_crossPlayersField->setPlaceholderText(
        tr("The round robin's players: ids, separated by spaces or commas"));
    crossLabel->setBuddy(m_crossPlayersField);
    auto* makeGrid = new QPushButton(tr("&Make Grid"), crossPage);
    makeGrid->setObjectName(QStringLiteral("acfCrosstableMake"));
    crossRow->addWidget(crossLabel);
    crossRow->addWidget(m_crossPlayersField, 1);
    crossRow->addWidget(makeGrid);
    crossLayout->addLayout(crossRow);
    auto* crossHint =
        new QLabel(tr("Each cell: the row player's result against the column player, as in "
                      "the result field. Arrows move, typing replaces a cell, Enter ends it; empty "
                      "cells were not played."),
                   crossPage);
    crossHint->setWordWrap(true);
    crossLayout->addWidget(crossHint);
    m_crossGrid = new QTableWidget(crossPage);
    m_crossGrid->setObjectName(QStringLiteral("acfCrosstable"));
    m_crossGrid->setTabKeyNavigation(false); // Tab leaves the grid for Store Crosstable
    m_crossGrid->setItemDelegate(
        new CrossDelegate([this] { return current() && current()->byGame; }, m_crossGrid));
    m_crossGrid->setEditTriggers(QAbstractItemView::AnyKeyPressed | QAbstractItemView::EditKeyPressed |
                                 QAbstractItemView::DoubleClicked);
    crossLayout->addWidget(m_crossGrid, 1);
    m_crossMessage = new QLabel(crossPage);
    m_crossMessage->setObjectName(QStringLiteral("acfCrosstableMessage"));
    m_crossMessage->setWordWrap(true);
    crossLayout->addWidget(m_crossMessage);
    m_crossStoreButton = new QPushButton(tr("&Store Crosstable"), crossPage);
    m_crossStoreButton->setObjectName(QStringLiteral("acfCrosstableStore"));
    crossLayout->addWidget(m_crossStoreButton, 0, Qt::AlignLeft);
    m_tabs->addTab(crossPage, tr("Crosstable"));
    connect(m_crossPlayersField, &QLineEdit::returnPressed, this, [this] { makeCrosstable(); });
    connect(makeGrid, &QPushButton::clicked, this, [this] { makeCrosstable(); });
    connect(m_crossStoreButton, &QPushButton::clicked, this, [this] { storeCrosstable(); });
    connect(m_crossGrid, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        // The mirror cell below the diagonal shows the column player's side.
        const int row = item->row();
        const int column = item->column();
        if (row >= column)
            return;
        QString error;
        const QString outcomes = parseOutcomes(item->text(), current() && current()->byGame, error);
        QTableWidgetItem* mirror = m_crossGrid->item(column, row);
        if (!mirror)
            return;
        QString reversed;
        for (const QChar c : outcomes)
            reversed.append(QLatin1Char(reversedOutcome(c.toLatin1())));
        const QSignalBlocker blocker(m_crossGrid);
        mirror->setText(item->text().trimmed().isEmpty() ? QString()
                        : error.isEmpty()                ? wldText(reversed)
                                                         : tr("?"));
    });

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 7);
    // At 1260 wide the report's ten columns show without scrolling sideways.
    splitter->setSizes({470, 790});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    // ---- the keys: Enter moves from field to field and stores from the result (a name accepted
    // from the completion only moves on: issue 27 trap 6)
    for (QWidget* field : {static_cast<QWidget*>(m_round), static_cast<QWidget*>(m_playerA),
                           static_cast<QWidget*>(m_playerB), static_cast<QWidget*>(m_result)})
        field->installEventFilter(this);
    setTabOrder(m_round, m_playerA);
    setTabOrder(m_playerA, m_playerB);
    setTabOrder(m_playerB, m_result);
    setTabOrder(m_result, m_storeButton);
    m_pairingsView->installEventFilter(this);
    // Enter on a name taken from the completion's list reaches the field past the event filter (the
    // list hands it on): it too moves on, and never stores (issue 27 trap 6).
    connect(m_playerA, &QLineEdit::returnPressed, this, [this] { m_playerB->setFocus(Qt::TabFocusReason); });
    connect(m_playerB, &QLineEdit::returnPressed, this, [this] { m_result->setFocus(Qt::TabFocusReason); });

    connect(m_eventBox, &QComboBox::currentIndexChanged, this, [this] {
        cancelEdit();
        // A grid belongs to the event it was made for (its cells follow the event's scoring).
        m_crossGrid->clear();
        m_crossGrid->setRowCount(0);
        m_crossGrid->setColumnCount(0);
        m_crossPlayers.clear();
        applyScoring();
        showSelectedEvent();
    });
    connect(m_newEventButton, &QPushButton::clicked, this, [this] { openNewEvent(); });
    connect(m_storeButton, &QPushButton::clicked, this, [this] { submit(); });
    connect(m_cancelEditButton, &QPushButton::clicked, this, [this] { cancelEdit(); });
    connect(m_editButton, &QPushButton::clicked, this, [this] {
        if (const int game = selectedPairing())
            editPairing(game);
    });
    connect(m_deleteButton, &QPushButton::clicked, this, [this] {
        if (const int game = selectedPairing())
            deletePairing(game);
    });

    if (showsCurrentPool())
        showPool();
    else
        applyScoring();
}

bool AcfDesk::shows(core::SystemKind kind) const
{
    return kind == core::SystemKind::Acf;
}

QString AcfDesk::currentEvent() const
{
    const Event* event = current();
    return event ? event->name : QString();
}

const AcfDesk::Event* AcfDesk::current() const
{
    const QString name = m_eventBox->currentData().toString();
    for (const Event& event : m_events) {
        if (event.name == name)
            return &event;
    }
    return nullptr;
}

bool AcfDesk::selectEvent(const QString& name)
{
    const int index = m_eventBox->findData(name);
    if (index < 0)
        return false;
    m_eventBox->setCurrentIndex(index);
    return true;
}

const core::SystemTable& AcfDesk::pairingsTable() const
{
    return m_pairings;
}

const core::SystemTable& AcfDesk::eventReport() const
{
    return m_report;
}

const core::SystemTable& AcfDesk::ratingList() const
{
    return m_ratings;
}

QString AcfDesk::messageText() const
{
    return m_message->text();
}

void AcfDesk::showPool()
{
    const core::PoolContent* content = session().content();
    QStringList names;
    if (content) {
        const int id = std::max(0, columnOf(content->playerColumns, "player_id"));
        const int name = columnOf(content->playerColumns, "name");
        for (const QStringList& player : content->players) {
            const QString playerId = player.value(id).trimmed();
            const QString playerName = name >= 0 ? player.value(name).trimmed() : QString();
            names.append(playerName.isEmpty() ? playerId
                                              : QStringLiteral("%1 (%2)").arg(playerName, playerId));
        }
    }
    m_playerNames->setStringList(names);
    if (m_editingPlayer && (!content || !content->playerLines.contains(m_editingPlayer)))
        clearPlayerFields(); // the player being corrected is gone
    if (m_editing && (!content || !content->game(m_editing)))
        cancelEdit(); // the pairing being corrected is gone (an undo, a change made elsewhere)
    rebuildEvents();
    showSelectedEvent();
    showRatingList();
    const bool readOnly = session().isReadOnly();
    m_editButton->setEnabled(!readOnly);
    m_deleteButton->setEnabled(!readOnly);
    m_newEventButton->setEnabled(!readOnly);
    m_playerStoreButton->setEnabled(!readOnly);
}

void AcfDesk::rebuildEvents()
{
    const QString selected = m_eventBox->currentData().toString();
    m_events.clear();
    if (const core::PoolContent* content = session().content()) {
        const QStringList& columns = content->gameColumns;
        const int eventColumn = columnOf(columns, "event");
        const int dateColumn = columnOf(columns, "date");
        const int scoringColumn = columnOf(columns, "scoring");
        for (const core::PoolGame& game : content->games) {
            for (const QStringList& row : game.rows) {
                const QString name = row.value(eventColumn).trimmed();
                if (name.isEmpty() || std::any_of(m_events.cbegin(), m_events.cend(),
                                                  [&](const Event& e) { return e.name == name; }))
                    continue;
                m_events.append(
                    {name, QDate::fromString(row.value(dateColumn).trimmed(), Qt::ISODate),
                     row.value(scoringColumn).trimmed().compare(QLatin1String("game"), Qt::CaseInsensitive) ==
                         0,
                     true});
            }
        }
    }
    // An event made with New Event stays in the list while this pool is shown, stored or not (an
    // undo of its only pairings leaves it there to enter them again); another pool has its own.
    if (m_madePool != session().poolId()) {
        m_madeEvents.clear();
        m_madePool = session().poolId();
    }
    for (const Event& made : m_madeEvents) {
        if (std::none_of(m_events.cbegin(), m_events.cend(),
                         [&](const Event& e) { return e.name == made.name; }))
            m_events.append(made);
    }
    std::stable_sort(m_events.begin(), m_events.end(),
                     [](const Event& x, const Event& y) { return x.date < y.date; });

    const QSignalBlocker blocker(m_eventBox);
    m_eventBox->clear();
    for (const Event& event : m_events)
        m_eventBox->addItem(tr("%1 (%2, %3)")
                                .arg(event.name, event.date.toString(Qt::ISODate),
                                     event.byGame ? tr("per game") : tr("four-game rounds")),
                            event.name);
    int index = m_eventBox->findData(selected);
    if (index < 0)
        index = static_cast<int>(m_events.size()) - 1; // the latest event
    m_eventBox->setCurrentIndex(index);
    applyScoring();
}

void AcfDesk::applyScoring()
{
    const Event* event = current();
    const bool byGame = event && event->byGame;
    m_resultValidator->setRegularExpression(byGame ? gamePattern() : roundPattern());
    int position = 0;
    QString text = m_result->text();
    if (m_resultValidator->validate(text, position) == QValidator::Invalid)
        m_result->clear();
    m_resultHint->setText(byGame ? tr("A's one or two games: W, L or D each (WD)")
                                 : tr("A's wins, losses, draws: 2 1 1 (or WWLD)"));
    m_eventInfo->setText(
        event ? tr("Played %1, %2.").arg(event->date.toString(Qt::ISODate), scoringText(byGame))
              : tr("No event yet: make one with New Event."));
    for (QWidget* field :
         {static_cast<QWidget*>(m_round), static_cast<QWidget*>(m_playerA), static_cast<QWidget*>(m_playerB),
          static_cast<QWidget*>(m_result), static_cast<QWidget*>(m_storeButton)})
        field->setEnabled(event != nullptr && !session().isReadOnly());
}

void AcfDesk::showSelectedEvent()
{
    m_pairings = {};
    m_report = {};
    m_pairingGames.clear();
    m_pairings.columns = {tr("Round"), tr("Player A"), tr("Player B"), tr("A won-lost-drawn"), tr("Games")};
    m_report.columns = {tr("Player"),      tr("Before"), tr("After"), tr("Change"),         tr("Performance"),
                        tr("Competition"), tr("Rounds"), tr("Games"), tr("Won-lost-drawn"), tr("Temporary")};
    const core::PoolContent* content = session().content();
    const Event* event = current();
    if (content && event) {
        const QStringList& columns = content->gameColumns;
        const int eventColumn = columnOf(columns, "event");
        const int roundColumn = columnOf(columns, "round");
        const int aColumn = columnOf(columns, "player_a");
        const int bColumn = columnOf(columns, "player_b");
        const int resultColumn = columnOf(columns, "result");
        struct Pairing {
            int round;
            int game;
            QStringList row;
        };
        std::vector<Pairing> pairings;
        for (const core::PoolGame& game : content->games) {
            if (game.rows.isEmpty() || game.rows.first().value(eventColumn).trimmed() != event->name)
                continue;
            const QString a = game.rows.first().value(aColumn).trimmed();
            QString outcomes;
            for (const QStringList& row : game.rows) {
                const char outcome = outcomeOf(row.value(resultColumn));
                const bool sameSide = row.value(aColumn).trimmed().compare(a, Qt::CaseInsensitive) == 0;
                if (outcome)
                    outcomes.append(QLatin1Char(sameSide ? outcome : reversedOutcome(outcome)));
            }
            const int round = game.rows.first().value(roundColumn).trimmed().toInt();
            pairings.push_back({round,
                                game.number,
                                {QString::number(round), playerLabel(a),
                                 playerLabel(game.rows.first().value(bColumn).trimmed()), wldText(outcomes),
                                 QString::number(game.rows.size())}});
        }
        std::stable_sort(pairings.begin(), pairings.end(),
                         [](const Pairing& x, const Pairing& y) { return x.round < y.round; });
        for (const Pairing& pairing : pairings) {
            m_pairings.rows.append(pairing.row);
            m_pairingGames.append(pairing.game);
        }

        // The report: the session's history, one row per player and event (acfsystem.cpp historyTable).
        const core::SystemTable& history = session().result().history;
        const auto at = [&](const char* name) { return columnOf(history.columns, name); };
        const int hPlayer = at("player_id"), hEvent = at("event"), hRounds = at("rounds"),
                  hGames = at("games"), hW = at("W"), hL = at("L"), hD = at("D"), hRc = at("Rc"),
                  hPerf = at("performance"), hBefore = at("rating_before"), hAfter = at("rating_after"),
                  hStatus = at("status_after");
        QList<QStringList> rows;
        for (const QStringList& row : history.rows) {
            if (row.value(hEvent) != event->name)
                continue;
            const QString before = row.value(hBefore);
            const QString after = row.value(hAfter);
            QString change;
            if (!before.isEmpty() && !after.isEmpty()) {
                const long long difference = after.toLongLong() - before.toLongLong();
                change = difference > 0 ? QStringLiteral("+%1").arg(difference) : QString::number(difference);
            } else if (!after.isEmpty()) {
                change = tr("first rating");
            }
            rows.append({content->playerName(row.value(hPlayer)), before.isEmpty() ? tr("unrated") : before,
                         after.isEmpty() ? tr("unrated") : after, change, row.value(hPerf), row.value(hRc),
                         row.value(hRounds), row.value(hGames),
                         QStringLiteral("%1-%2-%3").arg(row.value(hW), row.value(hL), row.value(hD)),
                         row.value(hStatus) == QLatin1String("temporary") ? tr("yes") : QString()});
        }
        // Highest rating after the event first, the unrated last.
        std::stable_sort(rows.begin(), rows.end(), [](const QStringList& x, const QStringList& y) {
            bool xRated = false, yRated = false;
            const int xr = x[2].toInt(&xRated);
            const int yr = y[2].toInt(&yRated);
            if (xRated != yRated)
                return xRated;
            return xr > yr;
        });
        m_report.rows = rows;
        m_reportTitle->setText(
            tr("%1, %2, %3: %n player(s)", nullptr, static_cast<int>(rows.size()))
                .arg(event->name, event->date.toString(Qt::ISODate), scoringText(event->byGame)));
    } else {
        m_reportTitle->setText(tr("Choose an event to see its report."));
    }
    m_pairingsModel->setTable(m_pairings);
    m_pairingsView->resizeColumnsToContents();
    m_reportModel->setTable(m_report);
    m_reportView->resizeColumnsToContents();
}

void AcfDesk::showRatingList()
{
    m_ratings = {};
    m_ratings.columns = {tr("Player"), tr("Id"),   tr("Rating"),   tr("Games"),
                         tr("Rounds"), tr("Peak"), tr("Temporary")};
    const core::SystemTable& table = session().result().table;
    const auto at = [&](const char* name) { return columnOf(table.columns, name); };
    const int id = at("player_id"), name = at("name"), rating = at("rating"), games = at("games"),
              rounds = at("rounds"), peak = at("peak"), status = at("status");
    for (const QStringList& row : table.rows) {
        const QString shownName = row.value(name).isEmpty() ? row.value(id) : row.value(name);
        m_ratings.rows.append({shownName, row.value(id),
                               row.value(rating).isEmpty() ? tr("unrated") : row.value(rating),
                               row.value(games), row.value(rounds), row.value(peak),
                               row.value(status) == QLatin1String("temporary") ? tr("yes") : QString()});
    }
    m_ratingsModel->setTable(m_ratings);
    m_ratingsView->resizeColumnsToContents();
}

QString AcfDesk::playerLabel(const QString& id) const
{
    const core::PoolContent* content = session().content();
    const QString name = content ? content->playerName(id) : id;
    return name == id ? id : QStringLiteral("%1 (%2)").arg(name, id);
}

QString AcfDesk::resolvePlayer(const QString& typed) const
{
    const core::PoolContent* content = session().content();
    const QString text = typed.trimmed();
    if (!content || text.isEmpty())
        return {};
    const int id = std::max(0, columnOf(content->playerColumns, "player_id"));
    const int name = columnOf(content->playerColumns, "name");
    // "Name (id)" as the completion offers it
    static const QRegularExpression withId(QStringLiteral("\\(([^()]+)\\)\\s*$"));
    const QRegularExpressionMatch match = withId.match(text);
    if (match.hasMatch() && content->playerIndex(match.captured(1)) >= 0)
        return content->players[content->playerIndex(match.captured(1))].value(id).trimmed();
    if (const int index = content->playerIndex(text); index >= 0)
        return content->players[index].value(id).trimmed();
    QString found;
    for (const QStringList& player : content->players) {
        if (name >= 0 && player.value(name).trimmed().compare(text, Qt::CaseInsensitive) == 0) {
            if (!found.isEmpty())
                return {}; // two players of that name: the id tells them apart (DECISIONS D1)
            found = player.value(id).trimmed();
        }
    }
    return found;
}

int AcfDesk::selectedPairing() const
{
    const QModelIndex index = m_pairingsView->currentIndex();
    if (!index.isValid() || index.row() >= m_pairingGames.size())
        return 0;
    return m_pairingGames[index.row()];
}

void AcfDesk::say(const QString& text, bool refusal)
{
    m_message->setText(text);
    m_message->setStyleSheet(refusal ? QStringLiteral("color: #b00020;") : QString());
    if (!text.isEmpty())
        Q_EMIT message(text);
}

void AcfDesk::clearMarks()
{
    for (QWidget* field : {static_cast<QWidget*>(m_round), static_cast<QWidget*>(m_playerA),
                           static_cast<QWidget*>(m_playerB), static_cast<QWidget*>(m_result)})
        field->setStyleSheet({});
}

void AcfDesk::markFields(const core::PoolChange& change)
{
    const QString mark = QStringLiteral("border: 2px solid #b00020;");
    for (const core::PoolDefect& defect : change.defects) {
        if (defect.field == QLatin1String("player_a"))
            m_playerA->setStyleSheet(mark);
        else if (defect.field == QLatin1String("player_b"))
            m_playerB->setStyleSheet(mark);
        else if (defect.field == QLatin1String("round"))
            m_round->setStyleSheet(mark);
        else if (defect.field == QLatin1String("result"))
            m_result->setStyleSheet(mark);
    }
}

void AcfDesk::submit()
{
    const Event* event = current();
    const core::PoolContent* content = session().content();
    if (!event || !content) {
        say(tr("Choose an event first, or make one with New Event."), true);
        return;
    }
    clearMarks();
    const QString mark = QStringLiteral("border: 2px solid #b00020;");
    const QString a = resolvePlayer(m_playerA->text());
    const QString b = resolvePlayer(m_playerB->text());
    if (a.isEmpty() || b.isEmpty()) {
        QLineEdit* wrong = a.isEmpty() ? m_playerA : m_playerB;
        wrong->setStyleSheet(mark);
        say(tr("\"%1\" is no player of this pool: choose one from the list.").arg(wrong->text().trimmed()),
            true);
        wrong->setFocus();
        return;
    }
    if (a.compare(b, Qt::CaseInsensitive) == 0) {
        m_playerB->setStyleSheet(mark);
        say(tr("A player cannot play themselves: choose player B again."), true);
        m_playerB->setFocus();
        return;
    }
    QString error;
    const QString outcomes = parseOutcomes(m_result->text(), event->byGame, error);
    if (!error.isEmpty()) {
        m_result->setStyleSheet(mark);
        say(error, true);
        m_result->setFocus();
        return;
    }

    // The pairing's rows as the system reads them: one per game, A's side (acfGameColumns).
    const QStringList& columns = content->gameColumns;
    QList<QStringList> rows;
    for (const QChar outcome : outcomes) {
        QStringList row(columns.size());
        row[columnOf(columns, "event")] = event->name;
        row[columnOf(columns, "date")] = event->date.toString(Qt::ISODate);
        row[columnOf(columns, "scoring")] = event->byGame ? QStringLiteral("game") : QStringLiteral("round");
        row[columnOf(columns, "round")] = QString::number(m_round->value());
        row[columnOf(columns, "player_a")] = a;
        row[columnOf(columns, "player_b")] = b;
        row[columnOf(columns, "result")] = outcome == QLatin1Char('W')   ? QStringLiteral("1-0")
                                           : outcome == QLatin1Char('L') ? QStringLiteral("0-1")
                                                                         : kDraw;
        rows.append(row);
    }
    const QString what = tr("round %1: %2 against %3, %4")
                             .arg(m_round->value())
                             .arg(playerLabel(a), playerLabel(b), wldText(outcomes));

    if (m_editing) {
        const core::PoolChange change = session().editGame(m_editing, rows);
        if (!change.ok()) {
            say(refusalText(change), true);
            markFields(change);
            return;
        }
        finishEntry(tr("Corrected %1.").arg(what));
        return;
    }

    // A pairing entered twice: the same game rows (sameGames), or the same two players with the
    // same result in another round of this event (a round number mistyped). The same pairing in the
    // same round the store refuses itself, with its message.
    const int eventColumn = columnOf(columns, "event");
    const int roundColumn = columnOf(columns, "round");
    const int aColumn = columnOf(columns, "player_a");
    const int bColumn = columnOf(columns, "player_b");
    const int resultColumn = columnOf(columns, "result");
    const auto samePair = [&](const QStringList& row) {
        const QStringList pair{row.value(aColumn).trimmed(), row.value(bColumn).trimmed()};
        return pair.contains(a, Qt::CaseInsensitive) && pair.contains(b, Qt::CaseInsensitive);
    };
    for (const core::PoolGame& game : content->games) {
        if (!game.rows.isEmpty() && game.rows.first().value(eventColumn).trimmed() == event->name &&
            game.rows.first().value(roundColumn).trimmed() == QString::number(m_round->value()) &&
            samePair(game.rows.first())) {
            store(rows, what); // the pairing of this round is stored: the store refuses it and says why
            return;
        }
    }
    QList<int> same = content->sameGames(rows);
    for (const core::PoolGame& game : content->games) {
        if (game.rows.isEmpty() || same.contains(game.number))
            continue;
        const QStringList& first = game.rows.first();
        if (first.value(eventColumn).trimmed() != event->name ||
            first.value(roundColumn).trimmed() == QString::number(m_round->value()))
            continue;
        if (!samePair(first))
            continue;
        QString stored;
        for (const QStringList& row : game.rows) {
            const char outcome = outcomeOf(row.value(resultColumn));
            const bool sameSide = row.value(aColumn).trimmed().compare(a, Qt::CaseInsensitive) == 0;
            stored.append(QLatin1Char(sameSide ? outcome : reversedOutcome(outcome)));
        }
        if (wldText(stored) == wldText(outcomes))
            same.append(game.number);
    }
    if (same.isEmpty()) {
        store(rows, what);
        return;
    }
    const core::PoolGame* first = content->game(same.first());
    const QString firstRound =
        first && !first->rows.isEmpty() ? first->rows.first().value(roundColumn) : QString();
    askFirst(this, QStringLiteral("acfDuplicatePairing"), tr("Pairing entered already?"),
             tr("%1 and %2 have this result in round %3 of %4 already (the pool's game %5). Store it "
                "again for round %6?")
                 .arg(playerLabel(a), playerLabel(b), firstRound, event->name)
                 .arg(same.first())
                 .arg(m_round->value()),
             tr("Store Again"), [this, rows, what] { store(rows, what); });
}

void AcfDesk::store(const QList<QStringList>& rows, const QString& what)
{
    const core::PoolChange change = session().addGame(rows);
    if (!change.ok()) {
        say(refusalText(change), true);
        markFields(change);
        return;
    }
    finishEntry(tr("Stored %1.").arg(what));
}

void AcfDesk::finishEntry(const QString& said)
{
    // Enter adds the pairing and moves on: the round stays, the players and result are cleared.
    m_editing = 0;
    m_storeButton->setText(tr("Add &Pairing"));
    m_cancelEditButton->hide();
    m_playerA->clear();
    m_playerB->clear();
    m_result->clear();
    clearMarks();
    say(said);
    m_round->setFocus();
    m_round->selectAll();
}

bool AcfDesk::editPairing(int game)
{
    const core::PoolContent* content = session().content();
    const core::PoolGame* stored = content ? content->game(game) : nullptr;
    if (!stored || stored->rows.isEmpty() || !m_pairingGames.contains(game))
        return false;
    const QStringList& columns = content->gameColumns;
    const int aColumn = columnOf(columns, "player_a");
    const int resultColumn = columnOf(columns, "result");
    const QString a = stored->rows.first().value(aColumn).trimmed();
    QString outcomes;
    for (const QStringList& row : stored->rows) {
        const char outcome = outcomeOf(row.value(resultColumn));
        const bool sameSide = row.value(aColumn).trimmed().compare(a, Qt::CaseInsensitive) == 0;
        outcomes.append(QLatin1Char(sameSide ? outcome : reversedOutcome(outcome)));
    }
    const Event* event = current();
    m_editing = game;
    m_round->setValue(stored->rows.first().value(columnOf(columns, "round")).trimmed().toInt());
    m_playerA->setText(playerLabel(a));
    m_playerB->setText(playerLabel(stored->rows.first().value(columnOf(columns, "player_b")).trimmed()));
    m_result->setText(event && event->byGame ? outcomes
                                             : QStringLiteral("%1 %2 %3")
                                                   .arg(outcomes.count(QLatin1Char('W')))
                                                   .arg(outcomes.count(QLatin1Char('L')))
                                                   .arg(outcomes.count(QLatin1Char('D'))));
    m_storeButton->setText(tr("Store C&orrection"));
    m_cancelEditButton->show();
    clearMarks();
    say(tr("Correcting the pairing of round %1: Enter in the result stores the correction, Escape cancels.")
            .arg(m_round->value()));
    m_result->setFocus();
    m_result->selectAll();
    return true;
}

void AcfDesk::cancelEdit()
{
    if (!m_editing)
        return;
    m_editing = 0;
    m_storeButton->setText(tr("Add &Pairing"));
    m_cancelEditButton->hide();
    m_playerA->clear();
    m_playerB->clear();
    m_result->clear();
    clearMarks();
    say(tr("Correction cancelled."));
}

void AcfDesk::deletePairing(int game)
{
    const int row = static_cast<int>(m_pairingGames.indexOf(game));
    if (row < 0)
        return;
    const QStringList& shown = m_pairings.rows[row];
    askFirst(this, QStringLiteral("acfDeletePairingConfirmation"), tr("Delete Pairing"),
             tr("Delete the pairing of round %1, %2 against %3 (%4), from %5? Edit > Undo brings it back.")
                 .arg(shown[0], shown[1], shown[2], shown[3], currentEvent()),
             tr("Delete"), [this, game] {
                 if (m_editing == game)
                     cancelEdit();
                 const core::PoolChange change = session().deleteGame(game);
                 if (!change.ok())
                     say(refusalText(change), true);
                 else
                     say(tr("Pairing deleted."));
             });
}

QDialog* AcfDesk::openNewEvent()
{
    auto* dialog = new NewEventDialog(this);
    dialog->setObjectName(QStringLiteral("acfNewEventDialog"));
    dialog->setWindowTitle(tr("New Event"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    auto* form = new QFormLayout(dialog);
    auto* name = new QLineEdit(dialog);
    name->setObjectName(QStringLiteral("acfNewEventName"));
    auto* date = new PoolDateEdit(dialog);
    date->setObjectName(QStringLiteral("acfNewEventDate"));
    // Chosen from a list: no scoring other than the two can be given (issue 27 trap 5).
    auto* scoring = new QComboBox(dialog);
    scoring->setObjectName(QStringLiteral("acfNewEventScoring"));
    scoring->addItem(tr("Four-game rounds (window 400)"), false);
    scoring->addItem(tr("Per game, two-game rounds (window 670)"), true);
    scoring->setToolTip(tr("DECISIONS A1: a four-game round is one unit; per game, every game is one."));
    auto* said = new QLabel(dialog);
    said->setObjectName(QStringLiteral("acfNewEventMessage"));
    said->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Make Event"));
    form->addRow(tr("&Name:"), name);
    form->addRow(tr("&Date:"), date);
    form->addRow(tr("&Scoring:"), scoring);
    form->addRow(said);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    dialog->onAccept = [this, dialog] { acceptNewEvent(dialog); };
    dialog->open();
    name->setFocus();
    return dialog;
}

void AcfDesk::acceptNewEvent(QDialog* dialog)
{
    auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("acfNewEventName"));
    auto* date = dialog->findChild<PoolDateEdit*>(QStringLiteral("acfNewEventDate"));
    auto* scoring = dialog->findChild<QComboBox*>(QStringLiteral("acfNewEventScoring"));
    auto* said = dialog->findChild<QLabel*>(QStringLiteral("acfNewEventMessage"));
    const QString typed = name->text().simplified();
    if (typed.isEmpty()) {
        said->setText(tr("Give the event a name."));
        name->setFocus();
        return;
    }
    const auto existing = std::find_if(m_events.cbegin(), m_events.cend(), [&](const Event& event) {
        return foldedEventName(event.name) == foldedEventName(typed);
    });
    if (existing != m_events.cend()) {
        const QString known = existing->name;
        if (known == typed) {
            said->setText(tr("The pool has this event already: choose it from the list."));
            dialog->close();
            selectEvent(known);
            showSelectedEvent();
            m_round->setFocus();
            return;
        }
        // Issue 27 trap 5: "Blitz night" beside "Blitz Night" would be rated as another event.
        askFirst(dialog, QStringLiteral("acfLookalikeEvent"), tr("Same Event?"),
                 tr("\"%1\" differs from the pool's event \"%2\" only in capitals, spaces or punctuation, "
                    "and would be rated as a separate event. Enter the pairings into \"%2\"?")
                     .arg(typed, known),
                 tr("Use \"%1\"").arg(known), [this, dialog, known] {
                     dialog->close();
                     selectEvent(known);
                     say(tr("Pairings go into %1.").arg(known));
                     activateWindow();
                     m_round->setFocus();
                 });
        said->setText(tr("Choose the existing event, or give a name of its own."));
        return;
    }
    Event event{typed, date->date(), scoring->currentData().toBool(), false};
    dialog->close();
    addEvent(event);
}

void AcfDesk::addEvent(const Event& event)
{
    m_madeEvents.append(event);
    rebuildEvents();
    selectEvent(event.name);
    showSelectedEvent();
    m_round->setValue(1);
    say(tr("Event %1 made: enter its first pairing.").arg(event.name));
    activateWindow(); // the dialog is closing: the desk's window takes the keys again
    m_round->setFocus();
    m_round->selectAll();
}

bool AcfDesk::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
        if (watched == m_ratingsView) {
            if (enter) {
                loadPlayer();
                return true;
            }
            if (key->key() == Qt::Key_Delete) {
                deleteSelectedPlayer();
                return true;
            }
            return false;
        }
        if (key->key() == Qt::Key_Escape && m_editingPlayer &&
            m_playerFields.contains(qobject_cast<QLineEdit*>(watched))) {
            clearPlayerFields();
            return true;
        }
        if (watched == m_pairingsView) {
            if (enter) {
                if (const int game = selectedPairing())
                    editPairing(game);
                return true;
            }
            if (key->key() == Qt::Key_Delete) {
                if (const int game = selectedPairing())
                    deletePairing(game);
                return true;
            }
            return false;
        }
        if (key->key() == Qt::Key_Escape && m_editing) {
            cancelEdit();
            return true;
        }
        auto* line = qobject_cast<QLineEdit*>(watched);
        const bool popup = line && line->completer() && line->completer()->popup()->isVisible();
        if (key->key() == Qt::Key_Escape && popup) {
            line->completer()->popup()->hide();
            return true;
        }
        if (enter) {
            if (popup)
                line->completer()->popup()->hide(); // the name typed or taken stays; Enter moves on
            // As Tab does: the next field's text is selected, so typing replaces it.
            if (watched == m_round)
                m_playerA->setFocus(Qt::TabFocusReason);
            else if (watched == m_playerA)
                m_playerB->setFocus(Qt::TabFocusReason);
            else if (watched == m_playerB)
                m_result->setFocus(Qt::TabFocusReason);
            else if (watched == m_result)
                submit();
            return true;
        }
    }
    return PoolDesk::eventFilter(watched, event);
}

QString AcfDesk::selectedPlayerId() const
{
    const QModelIndex index = m_ratingsView->currentIndex();
    if (!index.isValid())
        return {};
    return m_ratingsProxy->index(index.row(), 1).data().toString();
}

void AcfDesk::clearPlayerFields()
{
    for (QLineEdit* field : m_playerFields)
        field->clear();
    m_editingPlayer = 0;
    m_playerStoreButton->setText(tr("Add P&layer"));
}

void AcfDesk::loadPlayer()
{
    const core::PoolContent* content = session().content();
    const QString id = selectedPlayerId();
    const int index = content ? content->playerIndex(id) : -1;
    if (index < 0)
        return;
    static const char* const names[] = {"player_id", "name", "rating", "games", "peak", "rounds"};
    for (qsizetype i = 0; i < m_playerFields.size(); ++i)
        m_playerFields[i]->setText(content->players[index].value(columnOf(content->playerColumns, names[i])));
    m_editingPlayer = content->playerLines.value(index);
    m_playerStoreButton->setText(tr("Store Correction"));
    m_playerMessage->setText(tr("Correcting %1: Enter stores the correction, Escape cancels. The ratings "
                                "before the first event are "
                                "these; every event is rated again from them.")
                                 .arg(playerLabel(id)));
    m_playerFields[1]->setFocus();
    m_playerFields[1]->selectAll();
}

void AcfDesk::submitPlayer()
{
    const core::PoolContent* content = session().content();
    if (!content)
        return;
    if (m_playerFields[0]->text().trimmed().isEmpty()) {
        m_playerMessage->setText(tr("Give the player an id: players are told apart by id."));
        m_playerFields[0]->setFocus();
        return;
    }
    static const char* const names[] = {"player_id", "name", "rating", "games", "peak", "rounds"};
    QStringList fields(content->playerColumns.size());
    for (qsizetype i = 0; i < m_playerFields.size(); ++i) {
        const int column = columnOf(content->playerColumns, names[i]);
        if (column >= 0)
            fields[column] = m_playerFields[i]->text().trimmed();
    }
    const QString id = m_playerFields[0]->text().trimmed();
    const bool editing = m_editingPlayer != 0;
    const core::PoolChange change =
        editing ? session().editPlayer(m_editingPlayer, fields) : session().addPlayer(fields);
    if (!change.ok()) {
        m_playerMessage->setText(refusalText(change));
        return;
    }
    clearPlayerFields();
    m_playerMessage->setText(editing ? tr("Corrected %1.").arg(playerLabel(id))
                                     : tr("Added %1.").arg(playerLabel(id)));
    Q_EMIT message(m_playerMessage->text());
    m_playerFields[0]->setFocus();
}

void AcfDesk::deleteSelectedPlayer()
{
    const core::PoolContent* content = session().content();
    const QString id = selectedPlayerId();
    const int index = content ? content->playerIndex(id) : -1;
    if (index < 0)
        return;
    const int line = content->playerLines.value(index);
    askFirst(this, QStringLiteral("acfRemovePlayerConfirmation"), tr("Remove Player"),
             tr("Remove %1 from the pool? Edit > Undo brings them back.").arg(playerLabel(id)), tr("Remove"),
             [this, line] {
                 const core::PoolChange change = session().deletePlayer(line);
                 m_playerMessage->setText(change.ok() ? tr("Player removed.") : refusalText(change));
             });
}

std::vector<std::vector<int>> AcfDesk::roundRobinRounds(int players)
{
    // The circle method: the first player stays, the others turn one place a round; with an odd
    // number a bye (-1) makes it even. rounds[i][j] is the round (0..) in which i meets j.
    const int count = players % 2 ? players + 1 : players;
    std::vector<std::vector<int>> rounds(static_cast<std::size_t>(players),
                                         std::vector<int>(static_cast<std::size_t>(players), -1));
    std::vector<int> circle(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        circle[static_cast<std::size_t>(i)] = i < players ? i : -1;
    for (int round = 0; round < count - 1; ++round) {
        for (int i = 0; i < count / 2; ++i) {
            const int x = circle[static_cast<std::size_t>(i)];
            const int y = circle[static_cast<std::size_t>(count - 1 - i)];
            if (x >= 0 && y >= 0) {
                rounds[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)] = round;
                rounds[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = round;
            }
        }
        std::rotate(circle.begin() + 1, circle.end() - 1, circle.end());
    }
    return rounds;
}

void AcfDesk::makeCrosstable()
{
    m_crossPlayers.clear();
    QStringList names;
    const QStringList typed =
        m_crossPlayersField->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& text : typed) {
        const QString id = resolvePlayer(text);
        if (id.isEmpty()) {
            m_crossMessage->setText(tr("\"%1\" is no player of this pool.").arg(text));
            return;
        }
        if (m_crossPlayers.contains(id, Qt::CaseInsensitive)) {
            m_crossMessage->setText(tr("%1 is listed twice.").arg(playerLabel(id)));
            return;
        }
        m_crossPlayers.append(id);
        names.append(playerLabel(id));
    }
    if (m_crossPlayers.size() < 2) {
        m_crossMessage->setText(tr("A crosstable needs two players or more."));
        return;
    }
    const QSignalBlocker blocker(m_crossGrid);
    m_crossGrid->clear();
    const int n = static_cast<int>(m_crossPlayers.size());
    m_crossGrid->setRowCount(n);
    m_crossGrid->setColumnCount(n);
    m_crossGrid->setHorizontalHeaderLabels(names);
    m_crossGrid->setVerticalHeaderLabels(names);
    for (int row = 0; row < n; ++row) {
        for (int column = 0; column < n; ++column) {
            auto* item = new QTableWidgetItem;
            if (row >= column) {
                item->setFlags(Qt::ItemIsEnabled); // the diagonal and the mirror: not typed
                item->setBackground(palette().window());
            }
            m_crossGrid->setItem(row, column, item);
        }
    }
    m_crossGrid->resizeColumnsToContents();
    m_crossMessage->setText(tr("%n player(s): type each result above the diagonal.", nullptr, n));
    m_crossGrid->setFocus();
    m_crossGrid->setCurrentCell(0, 1);
}

void AcfDesk::storeCrosstable()
{
    const Event* event = current();
    const core::PoolContent* content = session().content();
    if (!event || !content || m_crossPlayers.size() < 2) {
        m_crossMessage->setText(tr("Choose an event and make the grid first."));
        return;
    }
    const QStringList& columns = content->gameColumns;
    const int eventColumn = columnOf(columns, "event");
    const int roundColumn = columnOf(columns, "round");
    // The crosstable's rounds follow the event's last stored round.
    int lastRound = 0;
    for (const core::PoolGame& game : content->games) {
        if (!game.rows.isEmpty() && game.rows.first().value(eventColumn).trimmed() == event->name)
            lastRound = std::max(lastRound, game.rows.first().value(roundColumn).trimmed().toInt());
    }
    const int n = static_cast<int>(m_crossPlayers.size());
    const std::vector<std::vector<int>> rounds = roundRobinRounds(n);
    std::vector<QList<QStringList>> games;
    for (int row = 0; row < n; ++row) {
        for (int column = row + 1; column < n; ++column) {
            const QTableWidgetItem* item = m_crossGrid->item(row, column);
            if (!item || item->text().trimmed().isEmpty())
                continue;
            QString error;
            const QString outcomes = parseOutcomes(item->text(), event->byGame, error);
            if (!error.isEmpty()) {
                // The whole grid is checked before anything is stored.
                m_crossMessage->setText(
                    tr("%1 against %2: %3")
                        .arg(playerLabel(m_crossPlayers[row]), playerLabel(m_crossPlayers[column]), error));
                m_crossGrid->setCurrentCell(row, column);
                m_crossGrid->setFocus();
                return;
            }
            QList<QStringList> rowsOfGame;
            for (const QChar outcome : outcomes) {
                QStringList line(columns.size());
                line[eventColumn] = event->name;
                line[columnOf(columns, "date")] = event->date.toString(Qt::ISODate);
                line[columnOf(columns, "scoring")] =
                    event->byGame ? QStringLiteral("game") : QStringLiteral("round");
                line[roundColumn] = QString::number(
                    lastRound + 1 + rounds[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)]);
                line[columnOf(columns, "player_a")] = m_crossPlayers[row];
                line[columnOf(columns, "player_b")] = m_crossPlayers[column];
                line[columnOf(columns, "result")] = outcome == QLatin1Char('W')   ? QStringLiteral("1-0")
                                                    : outcome == QLatin1Char('L') ? QStringLiteral("0-1")
                                                                                  : kDraw;
                rowsOfGame.append(line);
            }
            games.push_back(rowsOfGame);
        }
    }
    if (games.empty()) {
        m_crossMessage->setText(tr("The grid has no result yet."));
        return;
    }
    const core::PoolChange change = session().addGames(
        games,
        tr("Crosstable of %1 (%n pairing(s))", nullptr, static_cast<int>(games.size())).arg(event->name));
    if (!change.ok()) {
        m_crossMessage->setText(refusalText(change));
        return;
    }
    const QSignalBlocker blocker(m_crossGrid);
    m_crossGrid->clear();
    m_crossGrid->setRowCount(0);
    m_crossGrid->setColumnCount(0);
    m_crossPlayers.clear();
    m_crossMessage->setText(
        tr("Stored %n pairing(s) of the crosstable, from round %1.", nullptr, static_cast<int>(games.size()))
            .arg(lastRound + 1));
    say(m_crossMessage->text());
}

std::vector<PrintTable> AcfDesk::printTables() const
{
    std::vector<PrintTable> tables;
    const QString pool = session().content() ? session().content()->pool.name : QString();
    if (const Event* event = current()) {
        tables.push_back(
            {tr("%1: ratings from %2").arg(pool, event->name),
             tr("Played %1, %2").arg(event->date.toString(Qt::ISODate), scoringText(event->byGame)),
             m_report,
             {1, 2, 3, 4, 5, 6, 7}});
        tables.push_back(
            {tr("%1: pairings of %2").arg(pool, event->name),
             tr("Played %1, %2").arg(event->date.toString(Qt::ISODate), scoringText(event->byGame)),
             m_pairings,
             {0, 4}});
    }
    tables.push_back({tr("%1: rating list").arg(pool), QString(), m_ratings, {2, 3, 4, 5}});
    return tables;
}

} // namespace flickdesk::ui
