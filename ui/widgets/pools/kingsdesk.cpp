#include "widgets/pools/kingsdesk.h"

#include "flickdesk/engine/kingscribbage.h"
#include "models/pools/poolsession.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QCompleter>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStringListModel>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

namespace flickdesk::ui {
namespace {

using core::SystemKind;
namespace kings = engine::kings;

constexpr int kNumberRole = Qt::UserRole + 1; // a game's number in the tree
constexpr int kDateRole = Qt::UserRole + 2;   // an evening's date in the tree
constexpr int kSortRole = Qt::UserRole + 3;   // the ladders' numeric sort
constexpr int kIdRole = Qt::UserRole + 4;     // a ladder row's player id
// A game of cribbage ends at 121: a higher score is accepted by the rules (the higher score wins)
// but asked about first.
constexpr int kGameEnd = 121;

// The history's columns (kingssystem.cpp).
enum HistoryColumn {
    HPlayer,
    HGame,
    HDate,
    HKind,
    HSeat,
    HPlace,
    HScore,
    HOpponents,
    HBefore,
    HChange,
    HAfter
};

QString signedNumber(qint64 value)
{
    return value > 0 ? QStringLiteral("+%1").arg(value) : QString::number(value);
}

QString ordinal(int place)
{
    switch (place) {
    case 1:
        return KingsDesk::tr("1st");
    case 2:
        return KingsDesk::tr("2nd");
    case 3:
        return KingsDesk::tr("3rd");
    default:
        return KingsDesk::tr("%1th").arg(place);
    }
}

// DECISIONS K3: a win by 75 or more is a skunk, by 150 or more a double skunk; a draw never is.
QString skunkText(int margin)
{
    if (margin >= kings::kDoubleSkunkMargin)
        return KingsDesk::tr("double skunk");
    if (margin >= kings::kSkunkMargin)
        return KingsDesk::tr("skunk");
    return {};
}

QStandardItem* textItem(const QString& text)
{
    auto* item = new QStandardItem(text);
    item->setEditable(false);
    return item;
}

QStandardItem* numberItem(const QString& text, qint64 sortValue)
{
    QStandardItem* item = textItem(text);
    item->setData(sortValue, kSortRole);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

void setupTable(QTableView* view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setSortingEnabled(true);
}

// One game's seats as stored: ids and scores in seat order.
struct Seats {
    QStringList players;
    QList<int> scores;
};

Seats seatsOf(const core::PoolContent& content, const core::PoolGame& game)
{
    Seats seats;
    if (game.rows.isEmpty())
        return seats;
    const QStringList& row = game.rows.front();
    for (int seat = 1; seat <= 4; ++seat) {
        const qsizetype p = content.gameColumns.indexOf(QStringLiteral("player%1").arg(seat));
        const qsizetype s = content.gameColumns.indexOf(QStringLiteral("score%1").arg(seat));
        const QString player = p >= 0 ? row.value(p).trimmed() : QString();
        if (player.isEmpty())
            continue;
        seats.players.append(player);
        seats.scores.append(s >= 0 ? row.value(s).trimmed().toInt() : 0);
    }
    return seats;
}

QString gameField(const core::PoolContent& content, const core::PoolGame& game, const QString& column)
{
    const qsizetype c = content.gameColumns.indexOf(column);
    return game.rows.isEmpty() || c < 0 ? QString() : game.rows.front().value(c).trimmed();
}

} // namespace

KingsDesk::KingsDesk(PoolSession& session, QWidget* parent)
    : PoolDesk(session, parent)
{
    setObjectName(QStringLiteral("kingsDesk"));
    build();
    if (showsCurrentPool())
        showPool();
}

bool KingsDesk::shows(SystemKind kind) const
{
    return kind == SystemKind::Kings || kind == SystemKind::KingsHeadToHead || kind == SystemKind::KingsGroup;
}

void KingsDesk::build()
{
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    auto* split = new QSplitter(Qt::Horizontal, this);
    outer->addWidget(split);

    // ---- left: the ladders and the selected member's history
    auto* left = new QSplitter(Qt::Vertical, split);
    auto* ladderPane = new QWidget(left);
    auto* ladderLayout = new QVBoxLayout(ladderPane);
    ladderLayout->setContentsMargins(0, 0, 0, 0);
    m_ladder = new QStandardItemModel(this);
    m_groupLadder = new QStandardItemModel(this);
    m_ladderProxy = new QSortFilterProxyModel(this);
    m_ladderProxy->setSourceModel(m_ladder);
    m_ladderProxy->setSortRole(kSortRole);
    m_groupProxy = new QSortFilterProxyModel(this);
    m_groupProxy->setSourceModel(m_groupLadder);
    m_groupProxy->setSortRole(kSortRole);
    m_search = makeSearchBox(m_ladderProxy, QStringLiteral("kingsSearch"), ladderPane);
    m_search->setPlaceholderText(tr("Search members by name or id"));
    connect(m_search, &QLineEdit::textChanged, m_groupProxy,
            [this](const QString& text) { m_groupProxy->setFilterFixedString(text.trimmed()); });
    m_groupProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_groupProxy->setFilterKeyColumn(-1);
    auto* searchRow = new QHBoxLayout;
    m_search->setMaximumWidth(320);
    searchRow->addWidget(m_search, 1);
    m_eveningLabel = new QLabel(ladderPane);
    m_eveningLabel->setObjectName(QStringLiteral("kingsEveningShown"));
    searchRow->addWidget(m_eveningLabel, 1, Qt::AlignRight);
    ladderLayout->addLayout(searchRow);
    m_ladderTabs = new QTabWidget(ladderPane);
    m_ladderTabs->setObjectName(QStringLiteral("kingsLadderTabs"));
    m_ladderView = new QTableView(m_ladderTabs);
    m_ladderView->setObjectName(QStringLiteral("kingsLadder"));
    m_ladderView->setModel(m_ladderProxy);
    setupTable(m_ladderView);
    m_groupView = new QTableView(m_ladderTabs);
    m_groupView->setObjectName(QStringLiteral("kingsGroupLadder"));
    m_groupView->setModel(m_groupProxy);
    setupTable(m_groupView);
    m_ladderTabs->addTab(m_ladderView, tr("&Ladder"));
    m_ladderTabs->addTab(m_groupView, tr("Gro&up Ladder"));
    ladderLayout->addWidget(m_ladderTabs, 1);

    auto* historyPane = new QWidget(left);
    auto* historyLayout = new QVBoxLayout(historyPane);
    historyLayout->setContentsMargins(0, 0, 0, 0);
    m_historyTitle = new QLabel(tr("Select a member to see their games."), historyPane);
    historyLayout->addWidget(m_historyTitle);
    m_history = new QStandardItemModel(this);
    m_historyView = new QTableView(historyPane);
    m_historyView->setObjectName(QStringLiteral("kingsHistory"));
    m_historyView->setModel(m_history);
    setupTable(m_historyView);
    m_historyView->setSortingEnabled(false);
    m_historyView->horizontalHeader()->setStretchLastSection(false);
    historyLayout->addWidget(m_historyView, 1);
    left->addWidget(ladderPane);
    left->addWidget(historyPane);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);

    for (QTableView* view : {m_ladderView, m_groupView}) {
        connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, view](const QModelIndex& current) {
                    if (!current.isValid())
                        return;
                    m_member = current.siblingAtColumn(0).data(kIdRole).toString();
                    fillHistory();
                });
        view->installEventFilter(this);
    }

    // ---- right: the evenings, the game form, the members
    auto* right = new QWidget(split);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_games = new QTreeWidget(right);
    m_games->setObjectName(QStringLiteral("kingsGames"));
    m_games->setColumnCount(6);
    m_games->setHeaderLabels(
        {tr("Game"), tr("Winner"), tr("Loser"), tr("Score"), tr("Skunk"), tr("Changes")});
    m_games->setAlternatingRowColors(true);
    m_games->setRootIsDecorated(true);
    m_games->setUniformRowHeights(true);
    m_games->installEventFilter(this);
    connect(m_games, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* current) {
        if (!current)
            return;
        QTreeWidgetItem* top = current;
        while (top->parent())
            top = top->parent();
        const QDate date = top->data(0, kDateRole).toDate();
        if (date.isValid() && date != evening()) {
            m_evening = date;
            fillLadders();
        } else if (date.isValid()) {
            m_evening = date;
        }
    });
    connect(m_games, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (item && item->data(0, kNumberRole).toInt() > 0)
            startCorrection();
    });
    auto* gamesLabel =
        new QLabel(tr("Games by &evening (Enter corrects the selected game, Delete deletes it):"), right);
    gamesLabel->setBuddy(m_games);
    rightLayout->addWidget(gamesLabel);
    rightLayout->addWidget(m_games, 1);

    auto* gameBox = new QGroupBox(tr("Game"), right);
    m_gameBox = gameBox;
    auto* grid = new QGridLayout(gameBox);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setVerticalSpacing(3);
    m_date = new PoolDateEdit(gameBox);
    m_date->setObjectName(QStringLiteral("kingsDate"));
    m_date->setToolTip(tr("The evening's date: entered once, kept for the next games. Tab leaves it."));
    auto* dateLabel = new QLabel(tr("E&vening:"), gameBox);
    dateLabel->setBuddy(m_date);
    m_groupBox = new QCheckBox(tr("&Group game (3 or 4 players, in seat order)"), gameBox);
    m_groupBox->setObjectName(QStringLiteral("kingsGroupGame"));
    m_groupBox->setToolTip(tr("A group game moves the group ratings (DECISIONS K4): enter the players in "
                              "seat order, each following the one before."));
    m_gameId = new QLabel(gameBox);
    m_gameId->setObjectName(QStringLiteral("kingsGameId"));
    grid->addWidget(dateLabel, 0, 0);
    grid->addWidget(m_date, 0, 1);
    grid->addWidget(m_groupBox, 0, 2, 1, 4);
    grid->addWidget(m_gameId, 0, 6, 1, 2, Qt::AlignRight);
    m_memberNames = new QStringListModel(this);
    for (int seat = 0; seat < 4; ++seat) {
        m_players[seat] = new QLineEdit(gameBox);
        m_players[seat]->setObjectName(QStringLiteral("kingsPlayer%1").arg(seat + 1));
        m_players[seat]->setPlaceholderText(tr("name or id"));
        auto* completer = new QCompleter(m_memberNames, m_players[seat]);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        m_players[seat]->setCompleter(completer);
        m_scores[seat] = new QLineEdit(gameBox);
        m_scores[seat]->setObjectName(QStringLiteral("kingsScore%1").arg(seat + 1));
        m_scores[seat]->setMaximumWidth(60);
        m_playerLabels[seat] = new QLabel(gameBox);
        m_playerLabels[seat]->setBuddy(m_players[seat]);
        m_scoreLabels[seat] = new QLabel(gameBox);
        m_scoreLabels[seat]->setBuddy(m_scores[seat]);
        const int row = 1 + seat / 2;
        const int column = (seat % 2) * 4;
        grid->addWidget(m_playerLabels[seat], row, column);
        grid->addWidget(m_players[seat], row, column + 1);
        grid->addWidget(m_scoreLabels[seat], row, column + 2);
        grid->addWidget(m_scores[seat], row, column + 3);
        m_players[seat]->installEventFilter(this);
        m_scores[seat]->installEventFilter(this);
    }
    m_date->installEventFilter(this);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(5, 1);
    auto* gameButtons = new QHBoxLayout;
    m_addGame = new QPushButton(tr("&Add Game"), gameBox);
    m_addGame->setObjectName(QStringLiteral("kingsAddGame"));
    m_addGame->setToolTip(tr("Enter in any field of the game adds it."));
    m_correctGame = new QPushButton(tr("C&orrect Game..."), gameBox);
    m_correctGame->setObjectName(QStringLiteral("kingsCorrectGame"));
    m_correctGame->setToolTip(
        tr("Fills the form with the selected game (Enter on it does the same); "
           "saved, it keeps its number and the ratings from it on are computed again."));
    m_deleteGame = new QPushButton(tr("&Delete Game..."), gameBox);
    m_deleteGame->setObjectName(QStringLiteral("kingsDeleteGame"));
    m_cancel = new QPushButton(tr("Cancel Correction"), gameBox);
    m_cancel->setObjectName(QStringLiteral("kingsCancelCorrection"));
    m_cancel->hide();
    gameButtons->addWidget(m_addGame);
    gameButtons->addWidget(m_cancel);
    gameButtons->addStretch(1);
    gameButtons->addWidget(m_correctGame);
    gameButtons->addWidget(m_deleteGame);
    grid->addLayout(gameButtons, 3, 0, 1, 8);
    connect(m_addGame, &QPushButton::clicked, this, &KingsDesk::submitGame);
    connect(m_correctGame, &QPushButton::clicked, this, &KingsDesk::startCorrection);
    connect(m_deleteGame, &QPushButton::clicked, this, &KingsDesk::askDeleteGame);
    connect(m_cancel, &QPushButton::clicked, this, &KingsDesk::cancelCorrection);
    connect(m_groupBox, &QCheckBox::toggled, this, &KingsDesk::setGroupMode);
    rightLayout->addWidget(gameBox);

    auto* memberBox = new QGroupBox(tr("Members"), right);
    m_memberBox = memberBox;
    auto* memberGrid = new QGridLayout(memberBox);
    memberGrid->setContentsMargins(6, 4, 6, 4);
    memberGrid->setVerticalSpacing(3);
    const QString labels[6] = {tr("&Id:"),   tr("&Name:"),        tr("Ra&ting:"),
                               tr("Games:"), tr("Group rating:"), tr("Group games:")};
    const QString names[6] = {
        QStringLiteral("kingsMemberId"),          QStringLiteral("kingsMemberName"),
        QStringLiteral("kingsMemberRating"),      QStringLiteral("kingsMemberGames"),
        QStringLiteral("kingsMemberGroupRating"), QStringLiteral("kingsMemberGroupGames")};
    for (int f = 0; f < 6; ++f) {
        m_memberFields[f] = new QLineEdit(memberBox);
        m_memberFields[f]->setObjectName(names[f]);
        m_memberFields[f]->installEventFilter(this);
        auto* label = new QLabel(labels[f], memberBox);
        label->setBuddy(m_memberFields[f]);
        memberGrid->addWidget(label, f / 3, (f % 3) * 2);
        memberGrid->addWidget(m_memberFields[f], f / 3, (f % 3) * 2 + 1);
    }
    m_memberFields[0]->setPlaceholderText(tr("from the name"));
    m_memberFields[0]->setToolTip(tr("Left empty, the id is made from the name (lower case, unique)."));
    for (int f = 2; f < 6; ++f) {
        m_memberFields[f]->setPlaceholderText(f % 2 == 0 ? tr("1500") : tr("0"));
        m_memberFields[f]->setToolTip(f % 2 == 0
                                          ? tr("The starting rating; empty starts at 1500 (DECISIONS K2).")
                                          : tr("Games played before this pool's first game."));
    }
    auto* memberButtons = new QHBoxLayout;
    m_addMember = new QPushButton(tr("Add &Member"), memberBox);
    m_addMember->setObjectName(QStringLiteral("kingsAddMember"));
    m_correctMember = new QPushButton(tr("Correct Mem&ber..."), memberBox);
    m_correctMember->setObjectName(QStringLiteral("kingsCorrectMember"));
    m_removeMember = new QPushButton(tr("&Remove Member..."), memberBox);
    m_removeMember->setObjectName(QStringLiteral("kingsRemoveMember"));
    memberButtons->addWidget(m_addMember);
    memberButtons->addStretch(1);
    memberButtons->addWidget(m_correctMember);
    memberButtons->addWidget(m_removeMember);
    memberGrid->addLayout(memberButtons, 2, 0, 1, 6);
    connect(m_addMember, &QPushButton::clicked, this, &KingsDesk::submitMember);
    connect(m_correctMember, &QPushButton::clicked, this, &KingsDesk::startMemberCorrection);
    connect(m_removeMember, &QPushButton::clicked, this, &KingsDesk::askRemoveMember);
    rightLayout->addWidget(memberBox);

    m_message = new QLabel(right);
    m_message->setObjectName(QStringLiteral("kingsMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rightLayout->addWidget(m_message);

    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({640, 620});

    // Keyboard order: the evening once, the game's seats, then the lists.
    setTabOrder(m_date, m_groupBox);
    setTabOrder(m_groupBox, m_players[0]);
    for (int seat = 0; seat < 4; ++seat) {
        setTabOrder(m_players[seat], m_scores[seat]);
        if (seat < 3)
            setTabOrder(m_scores[seat], m_players[seat + 1]);
    }
    setTabOrder(m_scores[3], m_addGame);
    setGroupMode(false);
    clearGameForm();
}

// ---- showing the pool

void KingsDesk::showPool()
{
    const core::PoolContent* content = session().content();
    if (!content)
        return;
    m_names.clear();
    QStringList completions;
    const qsizetype idColumn = content->playerColumns.indexOf(QStringLiteral("player_id"));
    const qsizetype nameColumn = content->playerColumns.indexOf(QStringLiteral("name"));
    for (const QStringList& player : content->players) {
        const QString id = player.value(idColumn).trimmed();
        const QString name = player.value(nameColumn).trimmed();
        m_names.insert(id, name.isEmpty() ? id : name);
        completions.append(name.isEmpty() ? id : QStringLiteral("%1 (%2)").arg(name, id));
    }
    m_memberNames->setStringList(completions);
    if (content->pool.id != m_shownPool) {
        // Another pool: nothing of the last one's selection or form applies to it.
        m_shownPool = content->pool.id;
        m_member.clear();
        m_evening = QDate();
        if (m_correcting > 0)
            cancelCorrection();
        clearMemberForm();
        m_message->clear();
    }
    if (m_correcting > 0 && !content->game(m_correcting))
        cancelCorrection(); // the game corrected was deleted or undone meanwhile
    if (m_evening.isValid()) {
        bool played = false;
        for (const core::PoolGame& game : content->games)
            played = played ||
                     gameField(*content, game, QStringLiteral("date")) == m_evening.toString(Qt::ISODate);
        if (!played)
            m_evening = QDate();
    }
    updateFormForKind();
    fillGames();
    fillLadders();
    fillHistory();
    if (m_correcting == 0)
        m_gameId->setText(tr("Next game: %1").arg(nextGameId()));
    // A database another FlickDesk holds is shown, never changed: the forms take no entry.
    const bool writable = !session().isReadOnly();
    m_gameBox->setEnabled(writable);
    m_memberBox->setEnabled(writable);
    if (!writable)
        say(session().readOnlyReason(), false);
}

bool KingsDesk::poolHasGroupGames() const
{
    const core::PoolContent* content = session().content();
    if (!content)
        return false;
    if (content->pool.kind == SystemKind::KingsGroup)
        return true;
    return std::any_of(content->games.begin(), content->games.end(), [content](const core::PoolGame& game) {
        return seatsOf(*content, game).players.size() > 2;
    });
}

void KingsDesk::updateFormForKind()
{
    const core::PoolContent* content = session().content();
    const SystemKind kind = content ? content->pool.kind : SystemKind::Kings;
    // A club pool takes both kinds of game; the older pools one each.
    m_groupBox->setVisible(kind == SystemKind::Kings);
    if (kind == SystemKind::KingsGroup && !m_groupBox->isChecked())
        m_groupBox->setChecked(true);
    else if (kind == SystemKind::KingsHeadToHead && m_groupBox->isChecked())
        m_groupBox->setChecked(false);
    m_ladderTabs->setTabVisible(0, kind != SystemKind::KingsGroup);
    m_ladderTabs->setTabVisible(1, kind != SystemKind::KingsHeadToHead);
    for (int f = 2; f < 6; ++f) {
        const bool group = f >= 4;
        const bool shown = group ? kind != SystemKind::KingsHeadToHead : kind != SystemKind::KingsGroup;
        m_memberFields[f]->setEnabled(shown);
    }
}

QDate KingsDesk::evening() const
{
    if (m_evening.isValid())
        return m_evening;
    const core::PoolContent* content = session().content();
    QDate last;
    if (content) {
        for (const core::PoolGame& game : content->games) {
            const QDate date =
                QDate::fromString(gameField(*content, game, QStringLiteral("date")), Qt::ISODate);
            if (date.isValid() && (!last.isValid() || date > last))
                last = date;
        }
    }
    return last;
}

void KingsDesk::fillLadders()
{
    const QString keepMember = m_member;
    const core::SystemResult& result = session().result();
    const QStringList& columns = result.table.columns;
    const auto col = [&](const char* name) { return columns.indexOf(QLatin1String(name)); };
    const qsizetype cId = col("player_id");
    const qsizetype cName = col("name");
    const qsizetype cRating = col("rating");
    const qsizetype cGames = col("games");
    const qsizetype cStatus = col("status");
    const qsizetype cGroupRating = col("group_rating");
    const qsizetype cGroupGames = col("group_games");

    // The change of the evening: each member's rating after the evening's last game minus before its
    // first, from the history (head-to-head and group separately).
    const QString day = evening().toString(Qt::ISODate);
    struct Span {
        qint64 before = 0;
        qint64 after = 0;
        bool played = false;
    };
    QHash<QString, Span> headToHead;
    QHash<QString, Span> group;
    for (const QStringList& row : result.history.rows) {
        if (row.value(HDate) != day)
            continue;
        Span& span = (row.value(HKind) == QLatin1String("group") ? group : headToHead)[row.value(HPlayer)];
        if (!span.played)
            span.before = row.value(HBefore).toLongLong();
        span.after = row.value(HAfter).toLongLong();
        span.played = true;
    }
    const QString eveningHeader = tr("This evening");
    const QString eveningTip = day.isEmpty()
                                   ? tr("No games yet.")
                                   : tr("The change on %1: the rating after the evening's last game minus "
                                        "the rating before its first.")
                                         .arg(QLocale().toString(evening(), QLocale::LongFormat));
    m_eveningLabel->setText(
        day.isEmpty() ? QString()
                      : tr("This evening: %1").arg(QLocale().toString(evening(), QLocale::ShortFormat)));
    m_eveningLabel->setToolTip(eveningTip);

    const auto fill = [&](QStandardItemModel* model, QTableView* view, bool isGroup) {
        const int sortColumn = view->horizontalHeader()->sortIndicatorSection();
        const Qt::SortOrder order = view->horizontalHeader()->sortIndicatorOrder();
        model->clear();
        QStringList headers{tr("Rank"), tr("Name"), tr("Id"), isGroup ? tr("Group rating") : tr("Rating"),
                            isGroup ? tr("Group games") : tr("Games")};
        if (!isGroup)
            headers << tr("Provisional");
        headers << eveningHeader;
        model->setHorizontalHeaderLabels(headers);
        model->horizontalHeaderItem(static_cast<int>(headers.size()) - 1)->setToolTip(eveningTip);
        const qsizetype cR = isGroup ? cGroupRating : cRating;
        const qsizetype cG = isGroup ? cGroupGames : cGames;
        if (cR < 0)
            return;
        // The table is sorted by its own rating only in its own scope: sort here by this rating,
        // then keep the table's order (the player-id order of every table).
        QList<QStringList> rows = result.table.rows;
        std::stable_sort(rows.begin(), rows.end(), [cR](const QStringList& a, const QStringList& b) {
            return a.value(cR).toLongLong() > b.value(cR).toLongLong();
        });
        int rank = 0;
        qint64 previous = -1;
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QStringList& row = rows[i];
            const qint64 rating = row.value(cR).toLongLong();
            if (i == 0 || rating != previous)
                rank = static_cast<int>(i) + 1; // equal ratings share a rank
            previous = rating;
            QList<QStandardItem*> items;
            items << numberItem(QString::number(rank), rank);
            QStandardItem* name = textItem(row.value(cName).isEmpty() ? row.value(cId) : row.value(cName));
            name->setData(row.value(cName), kSortRole);
            items << name;
            QStandardItem* id = textItem(row.value(cId));
            id->setData(row.value(cId), kSortRole);
            items << id;
            items << numberItem(row.value(cR), rating);
            items << numberItem(row.value(cG), row.value(cG).toLongLong());
            if (!isGroup) {
                const bool provisional = row.value(cStatus) == QLatin1String("provisional");
                QStandardItem* item = textItem(provisional ? tr("yes") : QString());
                item->setData(provisional ? 1 : 0, kSortRole);
                item->setToolTip(tr("Provisional until 10 head-to-head games (DECISIONS K2)."));
                items << item;
            }
            const Span span = (isGroup ? group : headToHead).value(row.value(cId));
            items << (span.played
                          ? numberItem(signedNumber(span.after - span.before), span.after - span.before)
                          : numberItem(QString(), -1'000'000));
            for (QStandardItem* item : items)
                item->setData(row.value(cId), kIdRole);
            model->appendRow(items);
        }
        if (sortColumn > 0)
            view->sortByColumn(sortColumn, order);
        else
            view->sortByColumn(0, Qt::AscendingOrder);
        view->resizeColumnsToContents();
        view->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch); // the names take the rest
    };
    fill(m_ladder, m_ladderView, false);
    fill(m_groupLadder, m_groupView, true);
    m_member = keepMember;
    for (QTableView* view : {m_ladderView, m_groupView}) {
        QAbstractItemModel* model = view->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, 0);
            if (!m_member.isEmpty() && index.data(kIdRole).toString() == m_member) {
                const QSignalBlocker block(view->selectionModel());
                view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                   QItemSelectionModel::Rows);
            }
        }
    }
}

void KingsDesk::fillGames()
{
    const core::PoolContent* content = session().content();
    const int keepGame = selectedGame();
    const QDate keepDate = m_evening;
    const QSignalBlocker block(m_games);
    m_games->clear();
    if (!content)
        return;
    // The history rows of each game, for the changes.
    QHash<QString, QHash<QString, qint64>> changes; // game id -> player -> change
    for (const QStringList& row : session().result().history.rows)
        changes[row.value(HGame)].insert(row.value(HPlayer), row.value(HChange).toLongLong());
    // Evenings in date order, games in the order they are rated (by number within a date).
    std::map<QString, std::vector<const core::PoolGame*>> evenings;
    for (const core::PoolGame& game : content->games)
        evenings[gameField(*content, game, QStringLiteral("date"))].push_back(&game);
    QTreeWidgetItem* select = nullptr;
    for (const auto& [day, games] : evenings) {
        const QDate date = QDate::fromString(day, Qt::ISODate);
        auto* top = new QTreeWidgetItem(m_games);
        const QString count = games.size() == 1 ? tr("1 game") : tr("%1 games").arg(games.size());
        top->setText(0, QStringLiteral("%1 (%2)").arg(
                            date.isValid() ? QLocale().toString(date, QLocale::LongFormat) : day, count));
        top->setData(0, kDateRole, date);
        top->setFirstColumnSpanned(true);
        QFont bold = top->font(0);
        bold.setBold(true);
        top->setFont(0, bold);
        if (keepGame == 0 && keepDate.isValid() && keepDate == date)
            select = top;
        for (const core::PoolGame* game : games) {
            const Seats seats = seatsOf(*content, *game);
            const QString id = gameField(*content, *game, QStringLiteral("game"));
            const QHash<QString, qint64> gameChanges = changes.value(id);
            auto* item = new QTreeWidgetItem(top);
            item->setData(0, kNumberRole, game->number);
            item->setText(0, id);
            item->setToolTip(0, tr("Game %1, entered as number %2").arg(id).arg(game->number));
            if (seats.players.size() == 2) {
                const bool draw = seats.scores[0] == seats.scores[1];
                const int w = seats.scores[0] >= seats.scores[1] ? 0 : 1;
                const int l = 1 - w;
                item->setText(1, draw ? tr("%1 (draw)").arg(nameOf(seats.players[w]))
                                      : nameOf(seats.players[w]));
                item->setText(2, nameOf(seats.players[l]));
                item->setText(3, QStringLiteral("%1–%2").arg(seats.scores[w]).arg(seats.scores[l]));
                item->setText(4, draw ? tr("draw") : skunkText(seats.scores[w] - seats.scores[l]));
                item->setToolTip(4,
                                 tr("A win by 75 or more is a skunk (changes x1.5), by 150 or more a double "
                                    "skunk (x2) (DECISIONS K3)."));
                if (gameChanges.contains(seats.players[w]))
                    item->setText(
                        5, QStringLiteral("%1 / %2").arg(signedNumber(gameChanges.value(seats.players[w])),
                                                         signedNumber(gameChanges.value(seats.players[l]))));
            } else {
                // A group game: the winner on the game's line, every seat in seat order below it.
                int winner = 0;
                for (int s = 1; s < seats.scores.size(); ++s)
                    if (seats.scores[s] > seats.scores[winner])
                        winner = s;
                item->setText(1, nameOf(seats.players.value(winner)));
                item->setText(2, tr("group of %1").arg(seats.players.size()));
                QStringList scores;
                QStringList changeTexts;
                for (int s = 0; s < seats.players.size(); ++s) {
                    scores.append(QString::number(seats.scores[s]));
                    changeTexts.append(gameChanges.contains(seats.players[s])
                                           ? signedNumber(gameChanges.value(seats.players[s]))
                                           : QStringLiteral("?"));
                }
                item->setText(3, scores.join(QStringLiteral(", ")));
                item->setText(5, changeTexts.join(QStringLiteral(" / ")));
                item->setToolTip(3, tr("Scores in seat order"));
                for (int s = 0; s < seats.players.size(); ++s) {
                    int place = 1;
                    for (int o = 0; o < seats.scores.size(); ++o)
                        place += seats.scores[o] > seats.scores[s] ? 1 : 0;
                    auto* seat = new QTreeWidgetItem(item);
                    seat->setData(0, kNumberRole, game->number);
                    seat->setText(0, tr("seat %1").arg(s + 1));
                    seat->setText(1, nameOf(seats.players[s]));
                    seat->setText(2, ordinal(place));
                    seat->setText(3, QString::number(seats.scores[s]));
                    seat->setText(5, changeTexts[s]);
                }
                item->setExpanded(true);
            }
            if (game->number == keepGame)
                select = item;
        }
        top->setExpanded(true);
    }
    for (int c = 0; c < m_games->columnCount(); ++c)
        m_games->resizeColumnToContents(c);
    if (select) {
        m_games->setCurrentItem(select);
        m_games->scrollToItem(select);
    }
}

void KingsDesk::fillHistory()
{
    m_history->clear();
    m_history->setHorizontalHeaderLabels({tr("Date"), tr("Game"), tr("Kind"), tr("Opponents"), tr("Seat"),
                                          tr("Score"), tr("Result"), tr("Before"), tr("Change"),
                                          tr("After")});
    m_history->horizontalHeaderItem(3)->setToolTip(
        tr("A group game's other players in seat order, with their scores."));
    const core::PoolContent* content = session().content();
    if (!content || m_member.isEmpty()) {
        m_historyTitle->setText(tr("Select a member to see their games."));
        return;
    }
    // Each game's seats, for the opponents' scores.
    QHash<QString, const core::PoolGame*> games;
    for (const core::PoolGame& game : content->games)
        games.insert(gameField(*content, game, QStringLiteral("game")), &game);
    int count = 0;
    for (const QStringList& row : session().result().history.rows) {
        if (row.value(HPlayer) != m_member)
            continue;
        ++count;
        const bool group = row.value(HKind) == QLatin1String("group");
        const core::PoolGame* game = games.value(row.value(HGame));
        const Seats seats = game ? seatsOf(*content, *game) : Seats{};
        QStringList opponents;
        QStringList opponentScores;
        for (int s = 0; s < seats.players.size(); ++s) {
            if (seats.players[s] == m_member)
                continue;
            opponents.append(group
                                 ? QStringLiteral("%1 %2").arg(nameOf(seats.players[s])).arg(seats.scores[s])
                                 : nameOf(seats.players[s]));
            opponentScores.append(QString::number(seats.scores[s]));
        }
        const int own = row.value(HScore).toInt();
        QString resultText;
        if (group) {
            resultText = tr("%1 of %2").arg(ordinal(row.value(HPlace).toInt())).arg(seats.players.size());
        } else {
            const int other = opponentScores.value(0).toInt();
            if (own == other)
                resultText = tr("draw");
            else if (own > other)
                resultText =
                    skunkText(own - other).isEmpty() ? tr("won") : tr("won, %1").arg(skunkText(own - other));
            else
                resultText = skunkText(other - own).isEmpty() ? tr("lost")
                                                              : tr("lost, %1").arg(skunkText(other - own));
        }
        m_history->appendRow({textItem(row.value(HDate)), textItem(row.value(HGame)),
                              textItem(group ? tr("group") : tr("head-to-head")),
                              textItem(opponents.join(QStringLiteral(", "))), numberItem(row.value(HSeat), 0),
                              group ? numberItem(QString::number(own), own)
                                    : textItem(tr("%1 to %2").arg(own).arg(opponentScores.value(0))),
                              textItem(resultText), numberItem(row.value(HBefore), 0),
                              numberItem(signedNumber(row.value(HChange).toLongLong()), 0),
                              numberItem(row.value(HAfter), 0)});
    }
    m_historyTitle->setText(
        count == 1 ? tr("Games of %1 (%2): 1 game").arg(nameOf(m_member), m_member)
                   : tr("Games of %1 (%2): %3 games").arg(nameOf(m_member), m_member).arg(count));
    // Every column visible in the desk's width: the opponents take what is left and wrap.
    QHeaderView* header = m_historyView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(3, QHeaderView::Stretch);
    m_historyView->setWordWrap(true);
    m_historyView->resizeRowsToContents();
}

QString KingsDesk::nameOf(const QString& playerId) const
{
    const QString name = m_names.value(playerId);
    return name.isEmpty() ? playerId : name;
}

// ---- selection

int KingsDesk::selectedGame() const
{
    const QTreeWidgetItem* item = m_games->currentItem();
    return item ? item->data(0, kNumberRole).toInt() : 0;
}

QString KingsDesk::selectedMember() const
{
    QTableView* view = m_ladderTabs->currentWidget() == m_groupView ? m_groupView : m_ladderView;
    const QModelIndex index = view->currentIndex();
    return index.isValid() ? index.siblingAtColumn(0).data(kIdRole).toString() : m_member;
}

bool KingsDesk::selectEvening(const QDate& date)
{
    for (int i = 0; i < m_games->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = m_games->topLevelItem(i);
        if (top->data(0, kDateRole).toDate() == date) {
            m_games->setCurrentItem(top);
            return true;
        }
    }
    return false;
}

bool KingsDesk::selectGame(int number)
{
    for (int i = 0; i < m_games->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = m_games->topLevelItem(i);
        for (int g = 0; g < top->childCount(); ++g) {
            if (top->child(g)->data(0, kNumberRole).toInt() == number) {
                m_games->setCurrentItem(top->child(g));
                return true;
            }
        }
    }
    return false;
}

bool KingsDesk::selectMember(const QString& playerId)
{
    for (QTableView* view : {m_ladderView, m_groupView}) {
        if (!m_ladderTabs->isTabVisible(m_ladderTabs->indexOf(view)))
            continue;
        QAbstractItemModel* model = view->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, 0);
            if (index.data(kIdRole).toString() == playerId) {
                view->setCurrentIndex(index);
                m_member = playerId;
                fillHistory();
                return true;
            }
        }
    }
    return false;
}

// ---- keys

bool KingsDesk::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::KeyPress)
        return PoolDesk::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
    if (watched == m_games) {
        if (enter && selectedGame() > 0) {
            startCorrection();
            return true;
        }
        if (key->key() == Qt::Key_Delete && selectedGame() > 0) {
            askDeleteGame();
            return true;
        }
        return false;
    }
    if (watched == m_ladderView || watched == m_groupView) {
        if (enter) {
            startMemberCorrection();
            return true;
        }
        if (key->key() == Qt::Key_Delete) {
            askRemoveMember();
            return true;
        }
        return false;
    }
    for (QLineEdit* field : m_memberFields) {
        if (watched == field && enter) {
            submitMember();
            return true;
        }
        if (watched == field && key->key() == Qt::Key_Escape && m_correctingMember > 0) {
            clearMemberForm();
            return true;
        }
    }
    if (watched == m_date && (key->text() == QLatin1String("-") || key->text() == QLatin1String("/") ||
                              key->text() == QLatin1String("."))) {
        // A separator typed in the date goes to its next section. QDateTimeEdit does that through
        // focusNextPrevChild, which PoolDateEdit makes leave the date (for Tab): "2026-03-03" typed
        // would leave it at the first "-" and put "03-03" into the next field.
        const auto* line = m_date->findChild<QLineEdit*>();
        const bool atSectionStart =
            line && line->cursorPosition() > 0 && !line->text().at(line->cursorPosition() - 1).isDigit();
        if (!atSectionStart && m_date->currentSectionIndex() + 1 < m_date->sectionCount())
            m_date->setCurrentSectionIndex(m_date->currentSectionIndex() + 1);
        return true;
    }
    if (watched == m_date && (key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab)) {
        // Tab leaves the date at once (PoolDateEdit), to the form's next field: the kind of game in
        // a club, else the winner.
        if (key->key() == Qt::Key_Tab)
            (m_groupBox->isVisible() ? static_cast<QWidget*>(m_groupBox) : m_players[0])
                ->setFocus(Qt::TabFocusReason);
        else
            focusNextPrevChild(false);
        return true;
    }
    if (watched == m_date && enter) {
        m_players[0]->setFocus(Qt::TabFocusReason); // the evening is set: on to the winner
        return true;
    }
    for (int seat = 0; seat < 4; ++seat) {
        if (watched != m_players[seat] && watched != m_scores[seat])
            continue;
        if (enter) {
            // An open list of names takes its Enter itself: QCompleter hands the popup's keys to the
            // line edit's event() directly, past this filter, and only the name is taken (trap:
            // Down+Enter on a suggestion saved the game). This Enter is the director's: add the game.
            const QCompleter* completer = m_players[seat]->completer();
            if (watched == m_players[seat] && completer && completer->popup() &&
                completer->popup()->isVisible())
                return false;
            submitGame();
            return true;
        }
        if (key->key() == Qt::Key_Escape && m_correcting > 0) {
            cancelCorrection();
            return true;
        }
    }
    return PoolDesk::eventFilter(watched, event);
}

// ---- the game form

void KingsDesk::setGroupMode(bool group)
{
    if (group) {
        for (int seat = 0; seat < 4; ++seat) {
            m_playerLabels[seat]->setText(tr("Seat &%1:").arg(seat + 1));
            m_scoreLabels[seat]->setText(tr("Score:"));
        }
        if (m_scores[0]->text() == QString::number(kGameEnd) && m_players[0]->text().isEmpty())
            m_scores[0]->clear();
    } else {
        m_playerLabels[0]->setText(tr("&Winner:"));
        m_scoreLabels[0]->setText(tr("Score:"));
        m_playerLabels[1]->setText(tr("Lo&ser:"));
        m_scoreLabels[1]->setText(tr("Score:"));
        if (m_scores[0]->text().isEmpty())
            m_scores[0]->setText(QString::number(kGameEnd));
    }
    for (int seat = 2; seat < 4; ++seat) {
        m_playerLabels[seat]->setVisible(group);
        m_scoreLabels[seat]->setVisible(group);
        m_players[seat]->setVisible(group);
        m_scores[seat]->setVisible(group);
    }
    m_scores[0]->setToolTip(group ? QString() : tr("The winner's score: 121 unless typed over."));
}

void KingsDesk::clearGameForm()
{
    // The evening and the kind of game stay for the next game; no player does.
    for (int seat = 0; seat < 4; ++seat) {
        m_players[seat]->clear();
        m_scores[seat]->clear();
    }
    if (!m_groupBox->isChecked())
        m_scores[0]->setText(QString::number(kGameEnd));
}

QString KingsDesk::resolveMember(const QString& text) const
{
    const core::PoolContent* content = session().content();
    const QString typed = text.trimmed();
    if (!content || typed.isEmpty())
        return {};
    // "Kim Knight (knight)" as the list offers it.
    static const QRegularExpression withId(QStringLiteral("^(.*)\\(([^()]+)\\)$"));
    const QRegularExpressionMatch match = withId.match(typed);
    const auto idOf = [&](const QString& candidate) -> QString {
        const int index = content->playerIndex(candidate);
        if (index < 0)
            return {};
        return content->players[index]
            .value(content->playerColumns.indexOf(QStringLiteral("player_id")))
            .trimmed();
    };
    if (match.hasMatch()) {
        if (const QString id = idOf(match.captured(2).trimmed()); !id.isEmpty())
            return id;
    }
    if (const QString id = idOf(typed); !id.isEmpty())
        return id;
    QString found;
    for (auto it = m_names.cbegin(); it != m_names.cend(); ++it) {
        if (it.value().compare(typed, Qt::CaseInsensitive) == 0) {
            if (!found.isEmpty())
                return {}; // two members of this name: the id decides
            found = it.key();
        }
    }
    return found;
}

QString KingsDesk::nextGameId() const
{
    const core::PoolContent* content = session().content();
    if (!content)
        return QStringLiteral("g1");
    QSet<QString> used;
    int highest = 0;
    static const QRegularExpression numbered(QStringLiteral("^g?(\\d+)$"),
                                             QRegularExpression::CaseInsensitiveOption);
    for (const core::PoolGame& game : content->games) {
        const QString id = gameField(*content, game, QStringLiteral("game"));
        used.insert(id.toLower());
        const QRegularExpressionMatch match = numbered.match(id);
        if (match.hasMatch())
            highest = std::max(highest, match.captured(1).toInt());
    }
    for (int n = highest + 1;; ++n) {
        const QString id = QStringLiteral("g%1").arg(n);
        if (!used.contains(id))
            return id;
    }
}

void KingsDesk::submitGame()
{
    const core::PoolContent* content = session().content();
    if (!content) {
        say(tr("Choose a Kings Cribbage pool first."), true);
        return;
    }
    const bool group = m_groupBox->isChecked();
    const QDate date = m_date->date();
    QStringList ids;
    QList<int> scores;
    const int seatsShown = group ? 4 : 2;
    const auto seatName = [&](int seat) {
        if (!group)
            return seat == 0 ? tr("the winner") : tr("the loser");
        return tr("seat %1").arg(seat + 1);
    };
    const auto refuse = [&](QWidget* field, const QString& text) {
        say(tr("Nothing was stored: %1").arg(text), true);
        field->setFocus(Qt::OtherFocusReason);
        if (auto* line = qobject_cast<QLineEdit*>(field))
            line->selectAll();
    };
    for (int seat = 0; seat < seatsShown; ++seat) {
        const QString playerText = m_players[seat]->text().trimmed();
        const QString scoreText = m_scores[seat]->text().trimmed();
        if (playerText.isEmpty()) {
            if (group && seat >= 3 && scoreText.isEmpty())
                continue; // a game of three
            if (group && seat >= 3)
                return refuse(m_players[seat], tr("a score for seat 4 without a player."));
            return refuse(m_players[seat], tr("enter %1.").arg(seatName(seat)));
        }
        const QString id = resolveMember(playerText);
        if (id.isEmpty())
            return refuse(m_players[seat],
                          tr("there is no member “%1”; add them under Members first.").arg(playerText));
        if (ids.contains(id))
            return refuse(m_players[seat], tr("%1 is entered twice in this game.").arg(nameOf(id)));
        bool number = false;
        const int score = scoreText.toInt(&number);
        if (!number || score < 0)
            return refuse(
                m_scores[seat],
                scoreText.isEmpty()
                    ? tr("enter the score of %1.").arg(nameOf(id))
                    : tr("the score “%1” of %2 is not a whole number of points.").arg(scoreText, nameOf(id)));
        ids.append(id);
        scores.append(score);
    }
    QStringList doubts;
    if (!group) {
        // The winner is the higher score (DECISIONS K1): a winner's score below the loser's is a slip.
        if (scores[0] < scores[1])
            return refuse(m_scores[0],
                          tr("the winner's score %1 is below the loser's %2.").arg(scores[0]).arg(scores[1]));
        if (scores[0] == scores[1])
            doubts.append(tr("Both scores are %1: the game is stored as a draw.").arg(scores[0]));
    } else {
        // DECISIONS K4: places come from the scores, so a group game's scores must differ.
        for (int i = 0; i < scores.size(); ++i)
            for (int j = 0; j < i; ++j)
                if (scores[i] == scores[j])
                    return refuse(m_scores[i], tr("%1 and %2 both scored %3; a group game needs different "
                                                  "scores to place its players.")
                                                   .arg(nameOf(ids[j]), nameOf(ids[i]))
                                                   .arg(scores[i]));
    }
    for (int s = 0; s < scores.size(); ++s)
        if (scores[s] > kGameEnd)
            doubts.append(
                tr("%1 scored %2, more than the 121 that ends a game.").arg(nameOf(ids[s])).arg(scores[s]));

    QString id = nextGameId();
    if (m_correcting > 0) {
        if (const core::PoolGame* game = content->game(m_correcting))
            id = gameField(*content, *game, QStringLiteral("game"));
    }
    QStringList row;
    for (const QString& column : content->gameColumns) {
        QString value;
        if (column == QLatin1String("game")) {
            value = id;
        } else if (column == QLatin1String("date")) {
            value = date.toString(Qt::ISODate);
        } else if (column.startsWith(QLatin1String("player"))) {
            value = ids.value(column.mid(6).toInt() - 1);
        } else if (column.startsWith(QLatin1String("score"))) {
            const int seat = column.mid(5).toInt() - 1;
            value = seat < scores.size() ? QString::number(scores[seat]) : QString();
        }
        row.append(value);
    }
    const QList<QStringList> rows{row};
    const QList<int> same = content->sameGames(rows, m_correcting);
    for (const int number : same) {
        const core::PoolGame* game = content->game(number);
        doubts.append(
            tr("This game is entered already as game %1 (%2).")
                .arg(game ? gameField(*content, *game, QStringLiteral("game")) : QString::number(number),
                     date.toString(Qt::ISODate)));
    }
    const int correcting = m_correcting;
    if (doubts.isEmpty()) {
        storeGame(rows, correcting);
        return;
    }
    askFirst(this, QStringLiteral("kingsGameQuestion"), tr("Store This Game?"),
             doubts.join(QLatin1Char('\n')) + QLatin1Char('\n') + tr("Store it anyway?"), tr("&Store It"),
             [this, rows, correcting] { storeGame(rows, correcting); });
}

void KingsDesk::storeGame(const QList<QStringList>& rows, int correcting)
{
    const core::PoolContent* content = session().content();
    const QString id =
        rows.value(0).value(content ? content->gameColumns.indexOf(QStringLiteral("game")) : 0);
    // The evening of the game is the one shown once it is stored (the session shows the pool again
    // while storing it).
    const QDate before = m_evening;
    m_evening = QDate::fromString(
        rows.value(0).value(content ? content->gameColumns.indexOf(QStringLiteral("date")) : 1), Qt::ISODate);
    clearMarks();
    const core::PoolChange change =
        correcting > 0 ? session().editGame(correcting, rows) : session().addGame(rows);
    if (!change.ok()) {
        m_evening = before;
        say(refusalText(change), true);
        markFields(change);
        return;
    }
    m_correcting = 0;
    m_addGame->setText(tr("&Add Game"));
    m_cancel->hide();
    clearGameForm();
    selectGame(change.game > 0 ? change.game : correcting);
    m_gameId->setText(tr("Next game: %1").arg(nextGameId()));
    say(correcting > 0 ? tr("Game %1 corrected; the ratings from it on are computed again.").arg(id)
                       : tr("Game %1 stored.").arg(id));
    m_players[0]->setFocus(Qt::OtherFocusReason);
}

void KingsDesk::startCorrection()
{
    const core::PoolContent* content = session().content();
    const int number = selectedGame();
    const core::PoolGame* game = content ? content->game(number) : nullptr;
    if (!game) {
        say(tr("Select a game in the list first."), true);
        return;
    }
    const Seats seats = seatsOf(*content, *game);
    const bool group = seats.players.size() > 2;
    m_groupBox->setChecked(group);
    setGroupMode(group);
    m_date->setDate(QDate::fromString(gameField(*content, *game, QStringLiteral("date")), Qt::ISODate));
    QList<int> order;
    for (int s = 0; s < seats.players.size(); ++s)
        order.append(s);
    if (!group && seats.scores.size() == 2 && seats.scores[1] > seats.scores[0])
        order = {1, 0}; // the winner first
    for (int seat = 0; seat < 4; ++seat) {
        const int s = seat < order.size() ? order[seat] : -1;
        m_players[seat]->setText(
            s < 0 ? QString() : QStringLiteral("%1 (%2)").arg(nameOf(seats.players[s]), seats.players[s]));
        m_scores[seat]->setText(s < 0 ? QString() : QString::number(seats.scores[s]));
    }
    m_correcting = number;
    const QString id = gameField(*content, *game, QStringLiteral("game"));
    m_gameId->setText(tr("Correcting game %1").arg(id));
    m_addGame->setText(tr("Save &Correction"));
    m_cancel->show();
    say(tr("Correct game %1 and press Enter to save it; Escape cancels.").arg(id));
    m_players[0]->setFocus(Qt::OtherFocusReason);
    m_players[0]->selectAll();
}

void KingsDesk::cancelCorrection()
{
    m_correcting = 0;
    m_addGame->setText(tr("&Add Game"));
    m_cancel->hide();
    clearGameForm();
    m_gameId->setText(tr("Next game: %1").arg(nextGameId()));
    say(tr("Correction cancelled."));
}

void KingsDesk::askDeleteGame()
{
    const core::PoolContent* content = session().content();
    const int number = selectedGame();
    const core::PoolGame* game = content ? content->game(number) : nullptr;
    if (!game) {
        say(tr("Select a game in the list first."), true);
        return;
    }
    const Seats seats = seatsOf(*content, *game);
    QStringList players;
    for (int s = 0; s < seats.players.size(); ++s)
        players.append(QStringLiteral("%1 %2").arg(nameOf(seats.players[s])).arg(seats.scores[s]));
    const QString id = gameField(*content, *game, QStringLiteral("game"));
    askFirst(
        this, QStringLiteral("kingsDeleteGameQuestion"), tr("Delete Game"),
        tr("Delete game %1 of %2 (%3)? The ratings from it on are computed again; Edit > Undo puts it back.")
            .arg(id, gameField(*content, *game, QStringLiteral("date")), players.join(QStringLiteral(", "))),
        tr("&Delete Game"), [this, number, id] {
            const core::PoolChange change = session().deleteGame(number);
            if (!change.ok())
                say(refusalText(change), true);
            else
                say(tr("Game %1 deleted.").arg(id));
        });
}

// ---- members

QString KingsDesk::memberIdFor(const QString& name) const
{
    QString base;
    for (const QChar c : name.trimmed().toLower()) {
        if (c.isLetterOrNumber())
            base.append(c);
        else if (c.isSpace() && !base.isEmpty() && !base.endsWith(u'-'))
            base.append(u'-');
    }
    while (base.endsWith(u'-'))
        base.chop(1);
    if (base.isEmpty())
        base = QStringLiteral("member");
    const core::PoolContent* content = session().content();
    QString id = base;
    for (int n = 2; content && content->playerIndex(id) >= 0; ++n)
        id = QStringLiteral("%1-%2").arg(base).arg(n);
    return id;
}

void KingsDesk::submitMember()
{
    const core::PoolContent* content = session().content();
    if (!content)
        return;
    const QString name = m_memberFields[1]->text().trimmed();
    QString id = m_memberFields[0]->text().trimmed();
    if (id.isEmpty() && name.isEmpty()) {
        say(tr("Nothing was stored: enter the member's name."), true);
        m_memberFields[1]->setFocus(Qt::OtherFocusReason);
        return;
    }
    if (id.isEmpty())
        id = memberIdFor(name);
    const int existing = content->playerIndex(id);
    const int correctingIndex =
        m_correctingMember > 0 ? content->playerLines.indexOf(m_correctingMember) : -1;
    if (existing >= 0 && existing != correctingIndex) {
        say(tr("Nothing was stored: the id %1 is %2's already.")
                .arg(id, nameOf(content->players[existing].value(0))),
            true);
        m_memberFields[0]->setFocus(Qt::OtherFocusReason);
        m_memberFields[0]->selectAll();
        return;
    }
    const QStringList columns = core::kingsPlayerColumns();
    QStringList fields;
    for (const QString& column : content->playerColumns) {
        const qsizetype f = columns.indexOf(column);
        if (f == 0)
            fields.append(id);
        else if (f > 0 && m_memberFields[f]->isEnabled())
            fields.append(m_memberFields[f]->text().trimmed());
        else
            fields.append(QString());
    }
    const bool correcting = m_correctingMember > 0;
    clearMarks();
    const core::PoolChange change =
        correcting ? session().editPlayer(m_correctingMember, fields) : session().addPlayer(fields);
    if (!change.ok()) {
        say(refusalText(change), true);
        markFields(change);
        return;
    }
    clearMemberForm();
    say(correcting ? tr("%1 (%2) corrected.").arg(name.isEmpty() ? id : name, id)
                   : tr("%1 joined the club as %2.").arg(name.isEmpty() ? id : name, id));
    m_memberFields[1]->setFocus(Qt::OtherFocusReason);
}

void KingsDesk::clearMemberForm()
{
    for (QLineEdit* field : m_memberFields)
        field->clear();
    m_correctingMember = 0;
    m_addMember->setText(tr("Add &Member"));
}

void KingsDesk::startMemberCorrection()
{
    const core::PoolContent* content = session().content();
    const QString id = selectedMember();
    const int index = content ? content->playerIndex(id) : -1;
    if (index < 0) {
        say(tr("Select a member in the ladder first."), true);
        return;
    }
    const QStringList columns = core::kingsPlayerColumns();
    for (int f = 0; f < 6; ++f)
        m_memberFields[f]->setText(content->players[index].value(content->playerColumns.indexOf(columns[f])));
    m_correctingMember = content->playerLines.value(index);
    m_addMember->setText(tr("Save &Member"));
    say(tr("Correct %1 and press Enter to save; Escape cancels.").arg(nameOf(id)));
    m_memberFields[1]->setFocus(Qt::OtherFocusReason);
}

void KingsDesk::askRemoveMember()
{
    const core::PoolContent* content = session().content();
    const QString id = selectedMember();
    const int index = content ? content->playerIndex(id) : -1;
    if (index < 0) {
        say(tr("Select a member in the ladder first."), true);
        return;
    }
    const int line = content->playerLines.value(index);
    askFirst(this, QStringLiteral("kingsRemoveMemberQuestion"), tr("Remove Member"),
             tr("Remove %1 (%2) from the club? Edit > Undo puts them back.").arg(nameOf(id), id),
             tr("&Remove Member"), [this, line, id] {
                 const QString name = nameOf(id);
                 const core::PoolChange change = session().deletePlayer(line);
                 if (!change.ok()) {
                     say(refusalText(change), true);
                     return;
                 }
                 if (m_member == id)
                     m_member.clear();
                 fillHistory();
                 say(tr("%1 removed.").arg(name));
             });
}

void KingsDesk::markFields(const core::PoolChange& change)
{
    const QStringList members = core::kingsPlayerColumns();
    for (const core::PoolDefect& defect : change.defects) {
        QLineEdit* field = nullptr;
        const QString name = defect.field.toLower();
        if (name.startsWith(QLatin1String("player")) && name.size() == 7)
            field = m_players[std::clamp(name.back().digitValue() - 1, 0, 3)];
        else if (name.startsWith(QLatin1String("score")) && name.size() == 6)
            field = m_scores[std::clamp(name.back().digitValue() - 1, 0, 3)];
        else if (const qsizetype f = members.indexOf(name); f >= 0)
            field = m_memberFields[f];
        if (field)
            field->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #b00020; }"));
    }
}

void KingsDesk::clearMarks()
{
    for (int seat = 0; seat < 4; ++seat) {
        m_players[seat]->setStyleSheet(QString());
        m_scores[seat]->setStyleSheet(QString());
    }
    for (QLineEdit* field : m_memberFields)
        field->setStyleSheet(QString());
}

void KingsDesk::say(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
    Q_EMIT message(text);
}

// ---- printing

std::vector<PrintTable> KingsDesk::printTables() const
{
    std::vector<PrintTable> tables;
    const core::PoolContent* content = session().content();
    if (!content)
        return tables;
    const auto ladderTable = [](const QStandardItemModel* model) {
        core::SystemTable table;
        for (int c = 0; c < model->columnCount(); ++c)
            table.columns.append(model->headerData(c, Qt::Horizontal).toString());
        for (int r = 0; r < model->rowCount(); ++r) {
            QStringList row;
            for (int c = 0; c < model->columnCount(); ++c)
                row.append(model->item(r, c)->text());
            table.rows.append(row);
        }
        return table;
    };
    const QDate day = evening();
    const QString dayText = day.isValid() ? QLocale().toString(day, QLocale::LongFormat) : tr("no games yet");
    const bool headToHead = content->pool.kind != SystemKind::KingsGroup;
    if (headToHead)
        tables.push_back({tr("Ladder of %1").arg(content->pool.name),
                          tr("Head-to-head ratings; the last column is the change on %1.").arg(dayText),
                          ladderTable(m_ladder),
                          {0, 3, 4, 6}});

    // The evening's results: every game of the selected evening, in the order rated.
    PrintTable results;
    results.title = tr("Results of %1, %2").arg(content->pool.name, dayText);
    results.subtitle = tr("Winner first; group games in seat order.");
    results.table.columns = {tr("Game"), tr("Winner"), tr("Loser"), tr("Score"), tr("Skunk"), tr("Changes")};
    for (int i = 0; i < m_games->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* top = m_games->topLevelItem(i);
        if (top->data(0, kDateRole).toDate() != day)
            continue;
        for (int g = 0; g < top->childCount(); ++g) {
            const QTreeWidgetItem* game = top->child(g);
            QStringList row;
            for (int c = 0; c < 6; ++c)
                row.append(game->text(c));
            if (game->childCount() > 0) {
                // A group game: its seats in seat order, "Kim Knight 121 (1st)".
                QStringList seats;
                for (int s = 0; s < game->childCount(); ++s)
                    seats.append(
                        QStringLiteral("%1 %2 (%3)")
                            .arg(game->child(s)->text(1), game->child(s)->text(3), game->child(s)->text(2)));
                row[2] = seats.join(QStringLiteral(", "));
            }
            results.table.rows.append(row);
        }
    }
    tables.push_back(results);
    if (poolHasGroupGames())
        tables.push_back({tr("Group ladder of %1").arg(content->pool.name),
                          tr("Group ratings; the last column is the change on %1.").arg(dayText),
                          ladderTable(m_groupLadder),
                          {0, 3, 4, 5}});
    if (!headToHead && tables.size() > 1)
        std::swap(tables.front(), tables.back()); // a group pool's ladder is its group ladder
    return tables;
}

} // namespace flickdesk::ui
