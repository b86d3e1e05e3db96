#include "widgets/play/playview.h"

#include "core/records/eventrecords.h"
#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFont>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>
#include <array>
#include <functional>

namespace flickdesk::ui {

namespace play = engine::play;

namespace {

QString stageKindText(const play::Stage& stage)
{
    switch (stage.kind) {
    case play::StageKind::RoundRobin:
        return stage.groups > 1 ? PlayView::tr("round robin in %n groups", nullptr, stage.groups)
                                : PlayView::tr("round robin");
    case play::StageKind::RandomRounds:
        return stage.swiss ? PlayView::tr("%n Swiss rounds", nullptr, stage.rounds)
                           : PlayView::tr("%n random rounds", nullptr, stage.rounds);
    case play::StageKind::Tiers:
        return PlayView::tr("pools by the standing before, each a round robin");
    case play::StageKind::Playoff:
        return PlayView::tr("playoff");
    }
    return {};
}

QString stateText(play::GameState state)
{
    switch (state) {
    case play::GameState::Waiting:
        return PlayView::tr("Waiting");
    case play::GameState::Scored:
        return PlayView::tr("Scored");
    case play::GameState::Bye:
        return PlayView::tr("Bye");
    case play::GameState::Walkover:
        return PlayView::tr("Walkover");
    }
    return {};
}

QTableWidgetItem* cell(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QString tieKey(const play::UnresolvedTie& tie)
{
    QString key = QStringLiteral("%1/%2:").arg(tie.stage).arg(tie.group);
    for (const play::UnitId& unit : tie.units)
        key += QString::fromStdString(unit) + u',';
    return key;
}

// Enter in the score box types the score; the arrows move between the games without leaving it;
// Ctrl+Z in the empty box takes back the last score (Edit > Undo), as the line's own undo has
// nothing to undo there.
class ScoreKeys : public QObject {
public:
    ScoreKeys(QTableWidget* games, std::function<QUndoStack*()> stack, QObject* parent)
        : QObject(parent)
        , m_games(games)
        , m_stack(std::move(stack))
    {
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::KeyPress) {
            auto* press = static_cast<QKeyEvent*>(event);
            auto* edit = qobject_cast<QLineEdit*>(watched);
            QUndoStack* stack = m_stack();
            if (edit && edit->text().isEmpty() && stack &&
                (press->matches(QKeySequence::Undo) || press->matches(QKeySequence::Redo))) {
                if (press->matches(QKeySequence::Undo))
                    stack->undo();
                else
                    stack->redo();
                return true;
            }
            const int key = press->key();
            if (key == Qt::Key_Up || key == Qt::Key_Down) {
                const int row = m_games->currentRow() + (key == Qt::Key_Up ? -1 : 1);
                if (row >= 0 && row < m_games->rowCount())
                    m_games->setCurrentCell(row, 0);
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QTableWidget* m_games;
    std::function<QUndoStack*()> m_stack;
};

// The groups' keys and drops (DECISIONS G4, by hand): Ctrl+Up / Ctrl+Down move the selected unit to
// the group before or after; a unit dropped on another group (or a player of it) moves there; Ctrl+Z
// takes back the last step where no Edit > Undo answers it first (the tab alone).
class GroupKeys : public QObject {
public:
    GroupKeys(std::function<bool(QObject*, QEvent*)> handle, QObject* parent)
        : QObject(parent)
        , m_handle(std::move(handle))
    {
    }
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        return m_handle(watched, event) || QObject::eventFilter(watched, event);
    }

private:
    std::function<bool(QObject*, QEvent*)> m_handle;
};

// Item data of the groups: the unit's id, and the first stage's group a unit or group item is of.
constexpr int unitRole = Qt::UserRole;
constexpr int groupRole = Qt::UserRole + 1;

} // namespace

ShootOutDialog::ShootOutDialog(const QString& question,
                               const std::vector<std::pair<play::UnitId, QString>>& units, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("shootOutDialog"));
    setWindowTitle(tr("Shoot-Out Order"));
    auto* layout = new QVBoxLayout(this);
    auto* text = new QLabel(question);
    text->setWordWrap(true);
    layout->addWidget(text);
    m_list = new QListWidget;
    m_list->setDragDropMode(QAbstractItemView::InternalMove);
    for (const auto& [id, name] : units) {
        auto* item = new QListWidgetItem(name, m_list);
        item->setData(Qt::UserRole, QString::fromStdString(id));
    }
    m_list->setCurrentRow(0);
    m_list->installEventFilter(this);
    layout->addWidget(m_list);
    auto* moves = new QHBoxLayout;
    auto* up = new QPushButton(tr("Move &Up"));
    auto* down = new QPushButton(tr("Move Dow&n"));
    connect(up, &QPushButton::clicked, this, [this] { move(-1); });
    connect(down, &QPushButton::clicked, this, [this] { move(1); });
    moves->addWidget(up);
    moves->addWidget(down);
    moves->addStretch();
    layout->addLayout(moves);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Record This Order"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

bool ShootOutDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() == Qt::ControlModifier &&
            (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down)) {
            move(key->key() == Qt::Key_Up ? -1 : 1);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void ShootOutDialog::move(int by)
{
    const int row = m_list->currentRow();
    const int to = row + by;
    if (row < 0 || to < 0 || to >= m_list->count())
        return;
    QListWidgetItem* item = m_list->takeItem(row);
    m_list->insertItem(to, item);
    m_list->setCurrentRow(to);
}

std::vector<play::UnitId> ShootOutDialog::order() const
{
    std::vector<play::UnitId> units;
    for (int row = 0; row < m_list->count(); ++row)
        units.push_back(m_list->item(row)->data(Qt::UserRole).toString().toStdString());
    return units;
}

PlayView::PlayView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("playView"));
    auto* layout = new QVBoxLayout(this);

    auto* setup = new QHBoxLayout;
    m_template = new QComboBox;
    m_template->setObjectName(QStringLiteral("playTemplate"));
    for (const play::Template kind : {play::Template::NcaDay, play::Template::Wcc,
                                      play::Template::OneRoundRobin, play::Template::RandomThenTop8})
        m_template->addItem(QString::fromStdString(play::templateName(kind)), static_cast<int>(kind));
    m_boards = new QSpinBox;
    m_boards->setObjectName(QStringLiteral("playBoards"));
    m_boards->setRange(0, 500);
    m_boards->setSpecialValueText(tr("one a game"));
    m_boards->setToolTip(tr("The boards available; when there are fewer than a round's games, the "
                            "round is played in waves (DECISIONS G3)."));
    m_start = new QPushButton(tr("Start"));
    m_start->setObjectName(QStringLiteral("playStart"));
    m_moveUnit = new QPushButton(tr("Move to &Group..."));
    m_moveUnit->setObjectName(QStringLiteral("playMoveUnit"));
    m_advance = new QPushButton;
    m_advance->setObjectName(QStringLiteral("playAdvance"));
    m_advance->setToolTip(tr("Who goes on, and where, is shown in the groups with the reason from the "
                             "standings. Starting the stage lets its games take scores; it can be taken "
                             "back until its first score."));
    m_takeBack = new QPushButton(tr("Take &Back Start"));
    m_takeBack->setObjectName(QStringLiteral("playTakeBack"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    auto* formatLabel = new QLabel(tr("Format:"));
    formatLabel->setBuddy(m_template);
    auto* boardsLabel = new QLabel(tr("Boards:"));
    boardsLabel->setBuddy(m_boards);
    setup->addWidget(formatLabel);
    setup->addWidget(m_template);
    setup->addWidget(boardsLabel);
    setup->addWidget(m_boards);
    setup->addWidget(m_start);
    setup->addWidget(m_moveUnit);
    setup->addWidget(m_advance);
    setup->addWidget(m_takeBack);
    setup->addWidget(m_status, 1);
    layout->addLayout(setup);

    auto* splitter = new QSplitter(Qt::Horizontal);
    auto* gamesPane = new QWidget;
    auto* gamesLayout = new QVBoxLayout(gamesPane);
    gamesLayout->setContentsMargins(0, 0, 0, 0);
    m_games = new QTableWidget(0, 6);
    m_games->setObjectName(QStringLiteral("playGames"));
    m_games->setHorizontalHeaderLabels(
        {tr("Round"), tr("Board"), tr("Side A"), tr("Side B"), tr("Score"), tr("State")});
    m_games->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_games->setSelectionMode(QAbstractItemView::SingleSelection);
    m_games->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_games->verticalHeader()->hide();
    // The figures' columns are sized by fitGameColumns from the rows shown, not to their contents.
    for (const int column : {RoundColumn, BoardColumn, ScoreColumn, StateColumn})
        m_games->horizontalHeader()->setSectionResizeMode(column, QHeaderView::Interactive);
    m_games->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_games->horizontalHeader()->setSectionResizeMode(SideAColumn, QHeaderView::Stretch);
    m_games->horizontalHeader()->setSectionResizeMode(SideBColumn, QHeaderView::Stretch);
    gamesLayout->addWidget(m_games, 1);
    auto* entry = new QHBoxLayout;
    m_scoreLabel = new QLabel;
    m_score = new QLineEdit;
    m_score->setObjectName(QStringLiteral("playScore"));
    m_score->setPlaceholderText(tr("points A, points B, 20s A, 20s B: 6 2 3 1"));
    m_score->setToolTip(tr("Type the score and press Enter: the next waiting game follows. Up and Down "
                           "choose another game. A level playoff game decided by a 20s shoot-out takes "
                           "its winner last: 4 4 2 2 A."));
    m_scoreLabel->setBuddy(m_score);
    entry->addWidget(m_scoreLabel);
    entry->addWidget(m_score, 1);
    gamesLayout->addLayout(entry);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("playMessage"));
    m_message->setWordWrap(true);
    gamesLayout->addWidget(m_message);
    splitter->addWidget(gamesPane);

    auto* sidePane = new QWidget;
    auto* sideLayout = new QVBoxLayout(sidePane);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    m_side = new QTabWidget;
    m_standings = new QTableWidget(0, 6);
    m_standings->setObjectName(QStringLiteral("playStandings"));
    m_standings->setHorizontalHeaderLabels(
        {tr("Pos"), tr("Player"), tr("Points"), tr("20s"), tr("W-D-L"), tr("Why")});
    m_standings->verticalHeader()->hide();
    m_standings->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // DECISIONS G2: the reason for each order read whole at 1280x800.
    new ReasonColumns(m_standings, 1, 5);
    m_groups = new QTreeWidget;
    m_groups->setObjectName(QStringLiteral("playGroups"));
    m_groups->setHeaderLabels({tr("Stage, group, player"), tr("Rating"), tr("Why there")});
    // At 1280x800 the names and the reasons share the width; a stage's title spans the row.
    // Sized to their contents when the tree is built (showGroups), not on every layout: a header
    // resized to its contents measures every row of a WCC day's 400 players each time.
    m_groups->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_groups->header()->setSectionResizeMode(1, QHeaderView::Interactive);
    m_groups->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_groups->setDragDropMode(QAbstractItemView::InternalMove);
    m_placesPane = new PlayPlaces;
    m_side->addTab(m_groups, tr("Groups"));
    m_side->addTab(m_standings, tr("Standings"));
    m_side->addTab(m_placesPane, tr("Places"));
    sideLayout->addWidget(m_side, 1);
    m_shootOut = new QPushButton(tr("Shoot-Out Order..."));
    m_shootOut->setObjectName(QStringLiteral("playShootOut"));
    sideLayout->addWidget(m_shootOut);
    splitter->addWidget(sidePane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    m_score->installEventFilter(new ScoreKeys(
        m_games, [this]() -> QUndoStack* { return m_session ? m_session->undoStack() : nullptr; }, this));
    connect(m_template, &QComboBox::currentIndexChanged, this, &PlayView::showPreview);
    connect(m_boards, &QSpinBox::valueChanged, this, &PlayView::showPreview);
    connect(m_start, &QPushButton::clicked, this, &PlayView::start);
    connect(m_score, &QLineEdit::returnPressed, this, &PlayView::enterScore);
    connect(m_games, &QTableWidget::currentCellChanged, this, &PlayView::updateScoreLabel);
    connect(m_placesPane, &PlayPlaces::message, this, &PlayView::message);
    connect(m_shootOut, &QPushButton::clicked, this, &PlayView::askShootOut);
    connect(m_moveUnit, &QPushButton::clicked, this, &PlayView::showMoveMenu);
    connect(m_groups, &QTreeWidget::currentItemChanged, this, &PlayView::updateAdvancing);
    connect(m_advance, &QPushButton::clicked, this, [this] {
        if (!m_play)
            return;
        m_message->clear();
        const int stage = m_play->state().awaitingStart;
        if (!m_play->startStage()) {
            m_message->setText(m_play->lastError());
            return;
        }
        Q_EMIT message(tr("%1 has started")
                           .arg(QString::fromStdString(
                               m_play->input()->format.stages[static_cast<std::size_t>(stage)].name)));
        m_score->setFocus();
    });
    connect(m_takeBack, &QPushButton::clicked, this, [this] {
        if (!m_play)
            return;
        m_message->clear();
        if (!m_play->takeBackStart())
            m_message->setText(m_play->lastError());
    });
    const auto groupEvents = [this](QObject* watched, QEvent* event) {
        if (watched == m_groups && event->type() == QEvent::KeyPress) {
            auto* press = static_cast<QKeyEvent*>(event);
            if (press->modifiers() == Qt::ControlModifier &&
                (press->key() == Qt::Key_Up || press->key() == Qt::Key_Down)) {
                const auto unit = selectedUnit();
                // Without a movable player chosen, the move says why in words.
                moveSelectedUnit(unit ? unit->second + (press->key() == Qt::Key_Up ? -1 : 1) : 0);
                return true;
            }
            QUndoStack* stack = m_session ? m_session->undoStack() : nullptr;
            if (stack && (press->matches(QKeySequence::Undo) || press->matches(QKeySequence::Redo))) {
                if (press->matches(QKeySequence::Undo))
                    stack->undo();
                else
                    stack->redo();
                return true;
            }
        }
        if (watched == m_groups->viewport() && event->type() == QEvent::Drop) {
            // A drop moves the unit through the store (one undo step); the tree is redrawn from it.
            auto* drop = static_cast<QDropEvent*>(event);
            QTreeWidgetItem* target = m_groups->itemAt(drop->position().toPoint());
            const QVariant group = target ? target->data(0, groupRole) : QVariant();
            if (group.isValid())
                moveSelectedUnit(group.toInt());
            drop->setDropAction(Qt::IgnoreAction);
            drop->accept();
            return true;
        }
        return false;
    };
    auto* groupKeys = new GroupKeys(groupEvents, this);
    m_groups->installEventFilter(groupKeys);
    m_groups->viewport()->installEventFilter(groupKeys);
    refresh();
}

PlayView::~PlayView() = default;

void PlayView::setSession(EventSession* session)
{
    if (m_dialog)
        m_dialog->reject();
    delete m_play;
    m_play = nullptr;
    m_session = session;
    m_askedTie.clear();
    m_lastEntered.reset();
    m_message->clear();
    if (session) {
        m_play = new PlaySession(*session, this);
        connect(m_play, &PlaySession::changed, this, &PlayView::refresh);
        m_boards->setValue(0);
    }
    m_placesPane->setSession(session, m_play);
    refresh();
}

play::Format PlayView::chosenFormat() const
{
    const int units = m_play ? static_cast<int>(m_play->units().size()) : 0;
    return play::makeTemplate(static_cast<play::Template>(m_template->currentData().toInt()), units,
                              m_boards->value());
}

std::optional<play::GameKey> PlayView::selectedGame() const
{
    const int row = m_games->currentRow();
    if (row < 0 || row >= static_cast<int>(m_rowKeys.size()))
        return std::nullopt;
    return m_rowKeys[static_cast<std::size_t>(row)];
}

void PlayView::refresh()
{
    // DECISIONS N2: in doubles a unit is a team of two.
    const QString unit =
        m_session && m_session->event().format == engine::EventFormat::Doubles ? tr("Team") : tr("Player");
    m_standings->setHorizontalHeaderItem(1, new QTableWidgetItem(unit));
    const bool started = m_play && m_play->hasFormat();
    const bool editable = m_session && m_session->isEditable();
    m_template->setEnabled(editable && !started);
    m_boards->setEnabled(editable && !started);
    m_start->setEnabled(editable && !started);
    m_score->setEnabled(editable && started);
    if (!started) {
        m_games->setRowCount(0);
        m_rowKeys.clear();
        m_rowShown.clear();
        m_standings->setRowCount(0);
        m_placesPane->refresh();
        m_shootOut->setEnabled(false);
        updateAdvancing();
        showPreview();
        updateScoreLabel();
        return;
    }
    const play::PlayState& state = m_play->state();
    const play::PlayInput& input = *m_play->input();
    if (state.problem) {
        m_status->setText(QString::fromStdString(*state.problem));
    } else if (state.finished) {
        m_status->setText(tr("%1: every game is played.").arg(QString::fromStdString(input.format.name)));
    } else {
        const int stage = std::min<int>(state.currentStage, static_cast<int>(input.format.stages.size()) - 1);
        m_status->setText(
            tr("%1: stage %2 of %3, %4; %n games waiting.", nullptr,
               static_cast<int>(state.waitingGames().size()))
                .arg(QString::fromStdString(input.format.name))
                .arg(stage + 1)
                .arg(input.format.stages.size())
                .arg(QString::fromStdString(input.format.stages[static_cast<std::size_t>(stage)].name)));
    }
    if (!state.problem && state.awaitingStart >= 1) {
        // Issue 28 item 5: the advancement is shown before the director confirms it.
        const auto name = [&](int index) {
            return QString::fromStdString(input.format.stages[static_cast<std::size_t>(index)].name);
        };
        m_status->setText(tr("%1 is complete. Check who goes on to %2 and why (Groups), then Start %2.")
                              .arg(name(state.awaitingStart - 1), name(state.awaitingStart)));
    } else if (!state.problem && m_play->canMoveUnits()) {
        m_status->setText(
            tr("%1 Players can move between groups until the first score.").arg(m_status->text()));
    }
    // A score whose game was redrawn (an earlier score corrected or undone) is kept but not used:
    // said here so that the director enters it again where it now belongs.
    QStringList ignored;
    for (const std::string& entry : state.ignoredEntries) {
        // The engine names the game by its key ("s0.g1.r2.m3.n0: ..."): said in words here.
        const std::size_t colon = entry.find(": ");
        const std::optional<play::GameKey> key =
            colon == std::string::npos ? std::nullopt : play::parseGameKey(entry.substr(0, colon));
        ignored.append(
            key ? tr("%1: %2").arg(m_play->gameInWords(*key), QString::fromStdString(entry.substr(colon + 2)))
                : QString::fromStdString(entry));
    }
    m_status->setToolTip(ignored.join(u'\n'));
    if (!ignored.isEmpty())
        m_status->setText(tr("%1 %n scores are for games no longer drawn (point here to see them).", nullptr,
                             static_cast<int>(ignored.size()))
                              .arg(m_status->text()));
    // Before the first score the groups are what the director works on: they stay in view.
    const bool groupsShown = m_side->currentWidget() == m_groups && m_play->canMoveUnits();
    showGroups(state, input.format, false);
    showGames();
    showStandings();
    showPlaces();
    updateAdvancing();
    if (groupsShown)
        m_side->setCurrentWidget(m_groups);
    // The groups stay in view while the director moves players, and when the next stage's preview
    // appears (once: then the director may look at the standings).
    if (m_movedUnit || (state.awaitingStart >= 1 && m_shownPreview != state.awaitingStart))
        m_side->setCurrentWidget(m_groups);
    m_shownPreview = state.awaitingStart;
    if (m_movedUnit) {
        for (QTreeWidgetItemIterator it(m_groups); *it; ++it)
            if ((*it)->data(0, groupRole).isValid() &&
                (*it)->data(0, unitRole).toString().toStdString() == *m_movedUnit)
                m_groups->setCurrentItem(*it);
        m_movedUnit.reset();
    }
    const std::optional<play::UnresolvedTie> tie = pendingTie();
    m_shootOut->setEnabled(editable && tie.has_value());
    if (tie && tieKey(*tie) != m_askedTie && !m_dialog)
        askShootOut();
}

void PlayView::showPreview()
{
    if (!m_play || m_play->hasFormat()) {
        if (!m_play) {
            m_groups->clear();
            m_groupsShown.clear();
            m_status->setText(tr("Choose an event."));
        }
        return;
    }
    const play::Format format = chosenFormat();
    const int units = static_cast<int>(m_play->units().size());
    if (const std::optional<std::string> problem = play::formatProblem(format, units)) {
        m_groups->clear();
        m_groupsShown.clear();
        m_status->setText(QString::fromStdString(*problem));
        m_start->setEnabled(false);
        return;
    }
    m_status->setText(tr("%n players checked in. Start stores the format; it can change until the "
                         "first score.",
                         nullptr, units));
    showGroups(m_play->preview(format), format, true);
    m_side->setCurrentWidget(m_groups);
}

void PlayView::showGroups(const play::PlayState& state, const play::Format& format, bool preview)
{
    const play::PlayInput* input = m_play ? m_play->input() : nullptr;
    const std::vector<play::PlayUnit> units = preview || !input ? m_play->units() : input->units;
    // What the tree shows, so that a score that changes none of it (most of a day's 2,000) does not
    // build a WCC day's 400 players' rows again: the stages drawn and started, their groups with their
    // units and means, the reasons of the stage before, the units' names and ratings, and whether a
    // player can be moved.
    QString shown = QString::fromStdString(format.name) + (preview ? u'p' : u'd') +
                    (!preview && m_play->canMoveUnits() ? u'm' : u'f') + QString::number(state.currentStage);
    for (const play::PlayUnit& unit : units)
        shown += QString::fromStdString(unit.id + '\x1f' + unit.name + '\x1f') + QString::number(unit.rating);
    for (const play::PlayStage& stage : state.stages) {
        shown += stage.started ? u'S' : u's';
        for (const play::PlayGroup& group : stage.groups) {
            shown += QString::fromStdString('\x1e' + group.name) + QString::number(group.meanRating);
            for (const play::UnitId& unit : group.units)
                shown += QString::fromStdString('\x1f' + unit);
        }
        if (stage.index + 1 < static_cast<int>(state.stages.size()))
            for (const std::string& reason : stage.orderReasons)
                shown += QString::fromStdString('\x1d' + reason);
    }
    if (shown == m_groupsShown)
        return;
    m_groupsShown = shown;
    m_groups->clear();
    std::map<play::UnitId, double> ratings;
    std::map<play::UnitId, QString> names;
    for (const play::PlayUnit& unit : units) {
        ratings[unit.id] = unit.rating;
        names[unit.id] = QString::fromStdString(unit.name.empty() ? unit.id : unit.name);
    }
    for (std::size_t index = 0; index < format.stages.size(); ++index) {
        const play::Stage& stage = format.stages[index];
        auto* stageItem = new QTreeWidgetItem(
            m_groups, {tr("Stage %1: %2 (%3)")
                           .arg(index + 1)
                           .arg(QString::fromStdString(stage.name), stageKindText(stage))});
        // The stage in play (or shown before it starts) open; the first while nothing else is drawn,
        // so that at 1280x800 the next stage's players are in view without scrolling.
        const std::size_t open = preview || state.stages.empty()
                                     ? 0
                                     : std::min<std::size_t>(static_cast<std::size_t>(state.currentStage),
                                                             state.stages.size() - 1);
        stageItem->setExpanded(index == open);
        stageItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        stageItem->setFirstColumnSpanned(true);
        if (index >= state.stages.size()) {
            new QTreeWidgetItem(stageItem, {tr("Drawn when the stage before is complete")});
            continue;
        }
        const play::PlayStage& drawn = state.stages[index];
        // Said first: the title is cut at the pane's width.
        if (!preview && !drawn.started)
            stageItem->setText(0, tr("Stage %1: %2, who goes on before you start it (%3)")
                                      .arg(index + 1)
                                      .arg(QString::fromStdString(stage.name), stageKindText(stage)));
        stageItem->setToolTip(0, stageItem->text(0));
        // Why each unit is in this stage: its standing in the stage before (issue 28 item 5).
        std::map<play::UnitId, QString> why;
        if (index > 0) {
            const play::PlayStage& before = state.stages[index - 1];
            for (std::size_t i = 0; i < before.order.size() && i < before.orderReasons.size(); ++i)
                why[before.order[i]] = QString::fromStdString(before.orderReasons[i]);
        }
        // DECISIONS G4 "or by hand": the first stage's groups take a moved player until the first score.
        const bool movable = !preview && index == 0 && m_play->canMoveUnits();
        for (std::size_t g = 0; g < drawn.groups.size(); ++g) {
            const play::PlayGroup& group = drawn.groups[g];
            auto* groupItem = new QTreeWidgetItem(
                stageItem, {tr("%1: %n players", nullptr, static_cast<int>(group.units.size()))
                                .arg(QString::fromStdString(group.name)),
                            tr("mean %1").arg(group.meanRating, 0, 'f', 2)});
            groupItem->setExpanded(true);
            groupItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable |
                                (movable ? Qt::ItemFlags(Qt::ItemIsDropEnabled) : Qt::ItemFlags()));
            if (movable)
                groupItem->setData(0, groupRole, static_cast<int>(g));
            for (const play::UnitId& unit : group.units) {
                auto* unitItem = new QTreeWidgetItem(
                    groupItem, {names[unit], QString::number(ratings[unit], 'f', 2), why[unit]});
                unitItem->setToolTip(2, why[unit]);
                unitItem->setData(0, unitRole, QString::fromStdString(unit));
                unitItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable |
                                   (movable ? Qt::ItemFlags(Qt::ItemIsDragEnabled | Qt::ItemIsDropEnabled)
                                            : Qt::ItemFlags()));
                if (movable)
                    unitItem->setData(0, groupRole, static_cast<int>(g));
            }
        }
    }
    m_groups->resizeColumnToContents(0);
    m_groups->resizeColumnToContents(1);
}

QString PlayView::nameOf(const play::UnitId& unit) const
{
    const auto it = m_names.find(unit);
    return it != m_names.end() ? it->second : QString::fromStdString(unit);
}

void PlayView::showGames()
{
    const play::PlayState& state = m_play->state();
    std::optional<play::GameKey> keep = selectedGame();
    // The units' names once (PlaySession::unitName looks through every unit): a name changed on
    // the Entrants tab shows the games again whole.
    std::unordered_map<play::UnitId, QString> names;
    if (const play::PlayInput* input = m_play->input())
        for (const play::PlayUnit& unit : input->units)
            names.emplace(unit.id, QString::fromStdString(unit.name.empty() ? unit.id : unit.name));
    const bool sameNames = names == m_names;
    m_names = std::move(names);
    if (state.stages.empty()) {
        m_games->setRowCount(0);
        m_rowKeys.clear();
        m_rowShown.clear();
        return;
    }
    const std::size_t stageIndex =
        std::min<std::size_t>(static_cast<std::size_t>(state.currentStage), state.stages.size() - 1);
    const play::PlayStage& stage = state.stages[stageIndex];
    // Issue 28 item 5: a stage shown before it is started lists its games, which take no score yet.
    const QString notStarted =
        stage.started ? QString()
                      : tr("When %1 starts")
                            .arg(QString::fromStdString(m_play->input()->format.stages[stageIndex].name));
    std::vector<std::pair<const play::PlayGroup*, const play::PlayGame*>> games;
    // Issue 28 "a late or missing score visible at a glance": a game still waiting while a later
    // round of its group already has a score is late; the round being scored is its group's latest
    // round with a score.
    std::vector<int> scoringRound;
    for (const play::PlayGroup& group : stage.groups) {
        int latest = -1;
        for (const play::PlayGame& game : group.games) {
            games.push_back({&group, &game});
            if (game.state == play::GameState::Scored)
                latest = std::max(latest, game.key.round);
        }
        scoringRound.push_back(latest);
    }
    const auto lateRoundOf = [&](const play::PlayGame& game) {
        const auto group = static_cast<std::size_t>(game.key.group);
        const int latest = group < scoringRound.size() ? scoringRound[group] : -1;
        return game.state == play::GameState::Waiting && game.key.round < latest ? latest : -1;
    };
    // The round's games by board: a round in waves keeps its boards' order.
    std::stable_sort(games.begin(), games.end(), [](const auto& x, const auto& y) {
        const play::PlayGame& a = *x.second;
        const play::PlayGame& b = *y.second;
        return std::tie(a.key.round, a.wave, a.board, a.key.group, a.key.slot, a.key.game) <
               std::tie(b.key.round, b.wave, b.board, b.key.group, b.key.slot, b.key.game);
    });
    // The same games as shown (a score came in, was corrected or undone): only the rows whose game
    // changed are shown again, as a score at a WCC day's 2,000-game table must not rebuild it.
    // A new round drawn (or a new stage) fills the table anew, which happens a few times a day.
    bool sameRows = sameNames && notStarted == m_shownNotStarted && games.size() == m_rowKeys.size() &&
                    m_rowShown.size() == m_rowKeys.size();
    m_shownNotStarted = notStarted;
    for (std::size_t row = 0; sameRows && row < games.size(); ++row)
        sameRows = games[row].second->key == m_rowKeys[row];
    if (sameRows) {
        int first = -1;
        int last = -1;
        for (std::size_t row = 0; row < games.size(); ++row) {
            const play::PlayGame& game = *games[row].second;
            const GameRow& shown = m_rowShown[row];
            const int late = lateRoundOf(game);
            if (shown.state == game.state && shown.score == game.score && shown.board == game.board &&
                shown.lateRound == late)
                continue;
            showGameRow(static_cast<int>(row), game, late, notStarted);
            first = first < 0 ? static_cast<int>(row) : first;
            last = static_cast<int>(row);
        }
        if (first >= 0)
            fitGameColumns(first, last);
    } else {
        // Filled without the table's own signals (its current cell) and painted once at the end.
        const QSignalBlocker blocker(m_games);
        m_games->setUpdatesEnabled(false);
        m_games->setRowCount(0);
        m_games->setRowCount(static_cast<int>(games.size()));
        m_rowKeys.clear();
        m_rowShown.assign(games.size(), GameRow{});
        for (std::size_t row = 0; row < games.size(); ++row) {
            const auto& [group, game] = games[row];
            const int r = static_cast<int>(row);
            const bool playoff = m_play->isPlayoff(game->key);
            const QString round =
                playoff
                    ? tr("%1, round %2, game %3")
                          .arg(QString::fromStdString(group->name))
                          .arg(game->key.round + 1)
                          .arg(game->key.game + 1)
                    : tr("%1, round %2").arg(QString::fromStdString(group->name)).arg(game->key.round + 1);
            m_games->setItem(r, RoundColumn, cell(round));
            m_games->setItem(r, SideAColumn, cell(nameOf(game->a)));
            m_games->setItem(r, SideBColumn, cell(game->b.empty() ? QString() : nameOf(game->b)));
            for (const int column : {BoardColumn, ScoreColumn, StateColumn})
                m_games->setItem(r, column, cell(QString()));
            showGameRow(r, *game, lateRoundOf(*game), notStarted);
            m_rowKeys.push_back(game->key);
        }
        m_games->setUpdatesEnabled(true);
        fitGameColumns(0, static_cast<int>(games.size()) - 1);
    }
    // The next waiting game after the one just entered (in the table's order), else the one kept.
    int chosen = -1;
    const auto waiting = [&](int row) {
        return stage.started &&
               games[static_cast<std::size_t>(row)].second->state == play::GameState::Waiting;
    };
    if (m_lastEntered) {
        int from = 0;
        for (int row = 0; row < static_cast<int>(m_rowKeys.size()); ++row)
            if (m_rowKeys[static_cast<std::size_t>(row)] == *m_lastEntered)
                from = row;
        for (int step = 1; step <= static_cast<int>(m_rowKeys.size()) && chosen < 0; ++step) {
            const int row = (from + step) % static_cast<int>(m_rowKeys.size());
            if (waiting(row))
                chosen = row;
        }
        m_lastEntered.reset();
    } else if (keep && stage.started) { // a stage not started has no game to score
        for (int row = 0; row < static_cast<int>(m_rowKeys.size()); ++row)
            if (m_rowKeys[static_cast<std::size_t>(row)] == *keep)
                chosen = row;
    }
    if (chosen < 0)
        for (int row = 0; row < static_cast<int>(m_rowKeys.size()) && chosen < 0; ++row)
            if (waiting(row))
                chosen = row;
    selectGame(chosen);
}

void PlayView::showGameRow(int row, const play::PlayGame& game, int lateRound, const QString& notStarted)
{
    GameRow& shown = m_rowShown[static_cast<std::size_t>(row)];
    shown.state = game.state;
    shown.score = game.score;
    shown.board = game.board;
    shown.lateRound = lateRound;
    m_games->item(row, BoardColumn)->setText(game.board > 0 ? QString::number(game.board) : QString());
    m_games->item(row, ScoreColumn)
        ->setText(game.state == play::GameState::Waiting
                      ? QString()
                      : QString::fromStdString(play::scoreText(game.score)));
    const bool late = lateRound >= 0 && notStarted.isEmpty();
    m_games->item(row, StateColumn)
        ->setText(!notStarted.isEmpty() ? notStarted
                  : late                ? tr("Late")
                                        : stateText(game.state));
    // A late game at a glance: bold on amber, with the round being scored in its tooltip; the
    // round's other waiting games stay plain, so that the late ones stand out.
    QFont bold = m_games->font();
    bold.setBold(true);
    const QString tip = late ? tr("late: round %1 is being scored").arg(lateRound + 1) : QString();
    for (int column = 0; column < m_games->columnCount(); ++column) {
        QTableWidgetItem* item = m_games->item(row, column);
        // A plain row has no font or colours of its own: the table's (an empty brush would hide the text).
        item->setData(Qt::FontRole, late ? QVariant(bold) : QVariant());
        item->setData(Qt::BackgroundRole, late ? QVariant(QBrush(QColor(255, 213, 128))) : QVariant());
        // Black on amber whatever the palette, as the amber is fixed.
        item->setData(Qt::ForegroundRole, late ? QVariant(QBrush(Qt::black)) : QVariant());
        item->setToolTip(tip);
    }
}

// The figures' columns as wide as their widest text, from the rows shown again only: a header sized
// to its contents would measure every row of the table on every layout.
void PlayView::fitGameColumns(int fromRow, int toRow)
{
    QHeaderView* header = m_games->horizontalHeader();
    const int margin = m_games->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_games) + 2;
    QFont bold = m_games->font();
    bold.setBold(true);
    const QFontMetrics metrics(bold); // the widest a cell's text is drawn
    const bool whole = fromRow == 0 && toRow == m_games->rowCount() - 1;
    for (const int column : {RoundColumn, BoardColumn, ScoreColumn, StateColumn}) {
        int width = header->sectionSizeHint(column);
        for (int row = fromRow; row <= toRow; ++row)
            if (const QTableWidgetItem* item = m_games->item(row, column))
                width = std::max(width, metrics.horizontalAdvance(item->text()) + 2 * margin);
        // Grown by a wider text; shrunk only when every row was measured.
        if (whole ? width != header->sectionSize(column) : width > header->sectionSize(column))
            header->resizeSection(column, width);
    }
}

void PlayView::selectGame(int row)
{
    if (row >= 0) {
        m_games->setCurrentCell(row, 0);
        m_games->scrollToItem(m_games->item(row, 0));
    } else {
        m_games->setCurrentCell(-1, -1);
        m_games->scrollToTop(); // a stage shown before it starts: its first round first
    }
    updateScoreLabel();
}

void PlayView::updateScoreLabel()
{
    const std::optional<play::GameKey> key = selectedGame();
    const play::PlayGame* game = key && m_play ? m_play->state().game(*key) : nullptr;
    if (!game) {
        m_scoreLabel->setText(tr("&Score:"));
        return;
    }
    m_scoreLabel->setText(tr("&Score, board %1 (%2 v %3):")
                              .arg(game->board)
                              .arg(m_play->unitName(game->a), m_play->unitName(game->b)));
}

void PlayView::showStandings()
{
    const play::PlayState& state = m_play->state();
    if (state.stages.empty()) {
        m_standings->setRowCount(0);
        return;
    }
    // While the next stage is a preview, the standings it comes from (issue 28 item 5).
    const std::size_t stageIndex =
        state.awaitingStart >= 1
            ? static_cast<std::size_t>(state.awaitingStart - 1)
            : std::min<std::size_t>(static_cast<std::size_t>(state.currentStage), state.stages.size() - 1);
    const play::PlayStage& stage = state.stages[stageIndex];
    // The rows as texts first; then the list's items are reused and only their changed texts set (a
    // score moves a few places of its group; the other rows stay as they are, unpainted).
    struct Row {
        bool title = false;
        std::array<QString, 6> texts;
    };
    std::vector<Row> rows;
    for (const play::PlayGroup& group : stage.groups) {
        Row title;
        title.title = true;
        title.texts[0] = tr("%1 (mean rating %2)")
                             .arg(QString::fromStdString(group.name))
                             .arg(group.meanRating, 0, 'f', 2);
        rows.push_back(std::move(title));
        if (!group.standings.rows.empty()) {
            for (const play::StandingRow& standing : group.standings.rows)
                rows.push_back(
                    {false,
                     {QString::number(standing.position), nameOf(standing.unit),
                      QString::number(standing.points), QString::number(standing.twenties),
                      QStringLiteral("%1-%2-%3").arg(standing.wins).arg(standing.draws).arg(standing.losses),
                      QString::fromStdString(standing.reason)}});
        } else {
            // A playoff: its order so far, with the rule in words.
            for (std::size_t i = 0; i < group.playoffOrder.size(); ++i)
                rows.push_back(
                    {false,
                     {QString::number(i + 1), nameOf(group.playoffOrder[i]), QString(), QString(), QString(),
                      i < group.playoffReasons.size() ? QString::fromStdString(group.playoffReasons[i])
                                                      : QString()}});
        }
    }
    QFont bold = m_standings->font();
    bold.setBold(true);
    const int columns = m_standings->columnCount();
    // A list filled anew is painted once at the end; a few texts changed repaint only their cells.
    const bool refill = m_standings->rowCount() != static_cast<int>(rows.size());
    if (refill) {
        m_standings->setUpdatesEnabled(false);
        m_standings->setRowCount(static_cast<int>(rows.size()));
    }
    const auto setText = [&](int row, int column, const QString& text) {
        if (QTableWidgetItem* item = m_standings->item(row, column))
            item->setText(text); // the same text: nothing happens
        else
            m_standings->setItem(row, column, cell(text));
    };
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        const int r = static_cast<int>(i);
        if (row.title) {
            setText(r, 0, row.texts[0]);
            m_standings->item(r, 0)->setFont(bold);
            for (int column = 1; column < columns; ++column)
                delete m_standings->takeItem(r, column);
            if (m_standings->columnSpan(r, 0) != columns)
                m_standings->setSpan(r, 0, 1, columns);
            continue;
        }
        if (m_standings->columnSpan(r, 0) > 1)
            m_standings->setSpan(r, 0, 1, 1);
        for (int column = 0; column < columns; ++column)
            setText(r, column, row.texts[static_cast<std::size_t>(column)]);
        m_standings->item(r, 0)->setData(Qt::FontRole, QVariant());
        m_standings->item(r, 5)->setToolTip(row.texts[5]);
    }
    if (refill)
        m_standings->setUpdatesEnabled(true);
    if (auto* columns = m_standings->findChild<ReasonColumns*>(QString(), Qt::FindDirectChildrenOnly))
        columns->fit();
}

void PlayView::showPlaces()
{
    m_placesPane->refresh();
    if (m_play->state().placesFinal)
        m_side->setCurrentWidget(m_placesPane);
    else if (m_side->currentWidget() == m_groups)
        m_side->setCurrentWidget(m_standings);
}

void PlayView::start()
{
    if (!m_play)
        return;
    m_message->clear();
    if (!m_play->start(chosenFormat())) {
        m_message->setText(m_play->lastError());
        return;
    }
    Q_EMIT message(tr("The play has started"));
    m_score->setFocus();
}

void PlayView::enterScore()
{
    if (!m_play)
        return;
    const std::optional<play::GameKey> key = selectedGame();
    if (!key) {
        m_message->setText(tr("No game is waiting for a score."));
        return;
    }
    m_lastEntered = key;
    if (!m_play->enterScore(*key, m_score->text())) {
        m_lastEntered.reset();
        // Refused: the reason in words, the text kept to correct it.
        m_message->setText(m_play->lastError());
        m_score->selectAll();
        return;
    }
    m_message->clear();
    m_score->clear();
    m_lastEntered.reset();
}

std::optional<play::UnresolvedTie> PlayView::pendingTie() const
{
    if (!m_play || !m_play->hasFormat())
        return std::nullopt;
    const play::PlayState& state = m_play->state();
    if (!state.blockingTies.empty()) {
        play::UnresolvedTie tie = state.blockingTies.front();
        if (tie.stage < 0) {
            tie.stage = state.blockingStage;
            tie.group = state.blockingGroup;
        }
        return tie;
    }
    if (state.finished && !state.placeTies.empty())
        return state.placeTies.front();
    return std::nullopt;
}

void PlayView::askShootOut()
{
    const std::optional<play::UnresolvedTie> tie = pendingTie();
    if (!tie || m_dialog)
        return;
    m_askedTie = tieKey(*tie);
    std::vector<std::pair<play::UnitId, QString>> units;
    QStringList names;
    for (const play::UnitId& unit : tie->units) {
        units.push_back({unit, m_play->unitName(unit)});
        names.append(m_play->unitName(unit));
    }
    const QString question =
        tr("%1 are level on everything for places %2 to %3, and it decides who goes on. Play the "
           "shoot-out, then put them in its order, best first.")
            .arg(names.join(tr(", ")))
            .arg(tie->firstPosition)
            .arg(tie->lastPosition);
    m_dialog = new ShootOutDialog(question, units, this);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    const play::UnresolvedTie asked = *tie;
    connect(m_dialog, &QDialog::accepted, this, [this, asked] {
        if (!m_play || !m_dialog)
            return;
        // An order recorded for the same group before (another tie) is kept: the new one holds both.
        play::ShootOutOrder order{asked.stage, asked.group, {}};
        const std::vector<play::UnitId> given = m_dialog->order();
        if (const play::PlayInput* input = m_play->input()) {
            for (const play::ShootOutOrder& earlier : input->shootOuts)
                if (earlier.stage == asked.stage && earlier.group == asked.group)
                    for (const play::UnitId& unit : earlier.order)
                        if (std::find(given.begin(), given.end(), unit) == given.end())
                            order.order.push_back(unit);
        }
        order.order.insert(order.order.end(), given.begin(), given.end());
        if (!m_play->setShootOut(order))
            m_message->setText(m_play->lastError());
    });
    m_dialog->open();
}

QMenu* PlayView::moveMenu() const
{
    return m_moveMenu;
}

std::optional<std::pair<play::UnitId, int>> PlayView::selectedUnit() const
{
    const QTreeWidgetItem* item = m_groups->currentItem();
    if (!item || !item->data(0, unitRole).isValid() || !item->data(0, groupRole).isValid())
        return std::nullopt;
    return std::pair(item->data(0, unitRole).toString().toStdString(), item->data(0, groupRole).toInt());
}

void PlayView::moveSelectedUnit(int group)
{
    if (!m_play)
        return;
    m_message->clear();
    const std::optional<std::pair<play::UnitId, int>> unit = selectedUnit();
    if (!unit) {
        QString why;
        m_message->setText(
            m_play->canMoveUnits(&why) ? tr("Choose a player in the first stage's groups to move.") : why);
        return;
    }
    const int groups =
        m_play->state().stages.empty() ? 0 : static_cast<int>(m_play->state().stages.front().groups.size());
    if (group < 0 || group >= groups)
        return; // Ctrl+Up in the first group, Ctrl+Down in the last: nowhere to go
    m_movedUnit = unit->first;
    if (!m_play->moveUnit(unit->first, group)) {
        m_message->setText(m_play->lastError());
        m_movedUnit.reset();
        return;
    }
    m_groups->setFocus();
}

void PlayView::showMoveMenu()
{
    if (!m_play)
        return;
    const std::optional<std::pair<play::UnitId, int>> unit = selectedUnit();
    if (!unit) {
        moveSelectedUnit(0); // says why in words
        return;
    }
    delete m_moveMenu;
    m_moveMenu = new QMenu(this);
    m_moveMenu->setObjectName(QStringLiteral("playMoveMenu"));
    m_moveMenu->setAttribute(Qt::WA_DeleteOnClose);
    const std::vector<play::PlayGroup>& groups = m_play->state().stages.front().groups;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        QAction* action = m_moveMenu->addAction(tr("%1 (mean %2)")
                                                    .arg(QString::fromStdString(groups[g].name))
                                                    .arg(groups[g].meanRating, 0, 'f', 2));
        action->setEnabled(static_cast<int>(g) != unit->second);
        const int target = static_cast<int>(g);
        connect(action, &QAction::triggered, this, [this, target] { moveSelectedUnit(target); });
    }
    m_moveMenu->popup(m_moveUnit->mapToGlobal(QPoint(0, m_moveUnit->height())));
}

void PlayView::updateAdvancing()
{
    const bool started = m_play && m_play->hasFormat();
    const bool editable = m_session && m_session->isEditable();
    const play::PlayState* state = m_play ? &m_play->state() : nullptr;
    // Issue 28 item 5: Start the next stage once its preview is shown.
    const int awaiting = started ? state->awaitingStart : -1;
    m_advance->setVisible(awaiting >= 1);
    m_advance->setEnabled(editable && awaiting >= 1);
    if (awaiting >= 1)
        m_advance->setText(tr("St&art %1")
                               .arg(QString::fromStdString(
                                   m_play->input()->format.stages[static_cast<std::size_t>(awaiting)].name)));
    // Taken back until the stage's first score; the button stays to say so after it.
    const int last = started ? m_play->lastStartedStage() : 0;
    m_takeBack->setVisible(last >= 1 && !state->finished && awaiting < 1);
    m_takeBack->setEnabled(editable && last >= 1);
    if (last >= 1)
        m_takeBack->setToolTip(tr("Back to the preview of %1, before its first score.")
                                   .arg(QString::fromStdString(
                                       m_play->input()->format.stages[static_cast<std::size_t>(last)].name)));
    // DECISIONS G4 "or by hand": before the first score of a first stage in groups.
    QString why;
    const bool canMove = started && m_play->canMoveUnits(&why);
    m_moveUnit->setVisible(started && (canMove || !m_play->input() || m_play->input()->scores.empty()));
    m_moveUnit->setEnabled(canMove && selectedUnit().has_value());
    m_moveUnit->setToolTip(canMove ? tr("Moves the player chosen in Groups to another group of the first "
                                        "stage (also Ctrl+Up, Ctrl+Down there, or drag it). The groups may "
                                        "differ in size; each keeps at least two players. One undo step.")
                                   : why);
}

} // namespace flickdesk::ui
