#include "models/pools/poolsession.h"

#include "core/store/store.h"
#include "core/store/storeerror.h"
#include "models/storewatcher.h"

#include <QCoreApplication>
#include <QUndoCommand>
#include <QUndoStack>
#include <functional>

namespace flickdesk::ui {
namespace {

QString stepTr(const char* text)
{
    return QCoreApplication::translate("flickdesk::ui::PoolSession", text);
}

core::PoolChange refusedBy(const core::StoreError& error)
{
    core::PoolChange change;
    change.defects.push_back({stepTr("the pool"), {}, error.message(), 0, 0});
    return change;
}

// An edit of a game or player the pool does not have (any more): refused, nothing pushed.
core::PoolChange noSuchGame(int game)
{
    core::PoolChange change;
    change.defects.push_back({stepTr("game %1").arg(game), {}, stepTr("the pool has no such game"), game, 0});
    return change;
}

core::PoolChange noSuchPlayer(int line)
{
    core::PoolChange change;
    change.defects.push_back(
        {stepTr("player %1").arg(line), {}, stepTr("the pool has no such player"), 0, line});
    return change;
}

// The player's name in a step's text ("Add player Ann Lee"): the name column, else the id.
QString playerText(const core::PoolContent* content, const QStringList& fields)
{
    if (!content)
        return fields.value(0);
    const qsizetype nameColumn = content->playerColumns.indexOf(QStringLiteral("name"));
    const QString name = nameColumn >= 0 ? fields.value(nameColumn).trimmed() : QString();
    return name.isEmpty() ? fields.value(0).trimmed() : name;
}

} // namespace

// One undoable edit of one pool. The first redo is done by apply() before the step is pushed, so
// that an edit the store refuses never reaches the undo stack; QUndoStack::push's own call of
// redo() is then skipped.
class PoolCommand : public QUndoCommand {
public:
    PoolCommand(PoolSession& session, qint64 pool, const QString& text)
        : QUndoCommand(text)
        , m_session(session)
        , m_pool(pool)
    {
    }

    core::PoolChange apply()
    {
        core::PoolChange change;
        try {
            change = doRedo();
        } catch (const core::StoreError& error) {
            change = refusedBy(error);
        }
        m_applied = change.ok();
        return change;
    }

    void redo() final
    {
        if (m_applied) {
            m_applied = false;
            return;
        }
        run(true);
    }

    void undo() final { run(false); }

protected:
    virtual core::PoolChange doRedo() = 0;
    virtual core::PoolChange doUndo() = 0;
    core::PoolStore& store() const { return m_session.store(); }
    qint64 pool() const { return m_pool; }

private:
    void run(bool forward)
    {
        if (m_session.poolId() != m_pool)
            Q_EMIT m_session.poolSelectedByUndo(m_pool);
        core::PoolChange change;
        try {
            change = forward ? doRedo() : doUndo();
        } catch (const core::StoreError& error) {
            change = refusedBy(error);
        }
        if (!change.ok())
            Q_EMIT m_session.commandFailed(text(), change.messages().join(QLatin1Char(' ')));
    }

    PoolSession& m_session;
    qint64 m_pool;
    bool m_applied = false;
};

namespace {

// A game's or a player's row added: the first redo adds it under the next free number (the store's
// choice), later redoes put it back under that number, undo removes it.
template <typename Value, core::PoolChange (core::PoolStore::*Add)(qint64, const Value&),
          core::PoolChange (core::PoolStore::*Restore)(qint64, int, const Value&),
          core::PoolChange (core::PoolStore::*Remove)(qint64, int), int core::PoolChange::*Number>
class AddCommand : public PoolCommand {
public:
    AddCommand(PoolSession& session, qint64 pool, Value value, const QString& text,
               const char* textWithNumber = nullptr)
        : PoolCommand(session, pool, text)
        , m_value(std::move(value))
        , m_textWithNumber(textWithNumber)
    {
    }

protected:
    core::PoolChange doRedo() override
    {
        if (m_number > 0)
            return (store().*Restore)(pool(), m_number, m_value);
        core::PoolChange change = (store().*Add)(pool(), m_value);
        if (change.ok()) {
            m_number = change.*Number;
            if (m_textWithNumber)
                setText(stepTr(m_textWithNumber).arg(m_number));
        }
        return change;
    }
    core::PoolChange doUndo() override { return (store().*Remove)(pool(), m_number); }

private:
    Value m_value;
    const char* m_textWithNumber;
    int m_number = 0;
};

// A stored game's rows or player's fields corrected in place: redo writes `after`, undo `before`.
template <typename Value, core::PoolChange (core::PoolStore::*Replace)(qint64, int, const Value&)>
class ReplaceCommand : public PoolCommand {
public:
    ReplaceCommand(PoolSession& session, qint64 pool, int number, Value before, Value after,
                   const QString& text)
        : PoolCommand(session, pool, text)
        , m_number(number)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }

protected:
    core::PoolChange doRedo() override { return (store().*Replace)(pool(), m_number, m_after); }
    core::PoolChange doUndo() override { return (store().*Replace)(pool(), m_number, m_before); }

private:
    int m_number;
    Value m_before;
    Value m_after;
};

// A stored game or player removed: undo puts it back under its own number.
template <typename Value, core::PoolChange (core::PoolStore::*Remove)(qint64, int),
          core::PoolChange (core::PoolStore::*Restore)(qint64, int, const Value&)>
class RemoveCommand : public PoolCommand {
public:
    RemoveCommand(PoolSession& session, qint64 pool, int number, Value value, const QString& text)
        : PoolCommand(session, pool, text)
        , m_number(number)
        , m_value(std::move(value))
    {
    }

protected:
    core::PoolChange doRedo() override { return (store().*Remove)(pool(), m_number); }
    core::PoolChange doUndo() override { return (store().*Restore)(pool(), m_number, m_value); }

private:
    int m_number;
    Value m_value;
};

using Rows = QList<QStringList>;
using AddGameCommand = AddCommand<Rows, &core::PoolStore::addPoolGame, &core::PoolStore::restorePoolGame,
                                  &core::PoolStore::deletePoolGame, &core::PoolChange::game>;
using AddPlayerCommand =
    AddCommand<QStringList, &core::PoolStore::addPoolPlayer, &core::PoolStore::restorePoolPlayer,
               &core::PoolStore::deletePoolPlayer, &core::PoolChange::playerLine>;
using EditGameCommand = ReplaceCommand<Rows, &core::PoolStore::replacePoolGame>;
using EditPlayerCommand = ReplaceCommand<QStringList, &core::PoolStore::replacePoolPlayer>;
using DeleteGameCommand =
    RemoveCommand<Rows, &core::PoolStore::deletePoolGame, &core::PoolStore::restorePoolGame>;
using DeletePlayerCommand =
    RemoveCommand<QStringList, &core::PoolStore::deletePoolPlayer, &core::PoolStore::restorePoolPlayer>;

// What an import or a batch of games added: put back in the same places on redo, removed (the
// games from the last, then the players) on undo.
class BatchCommand : public PoolCommand {
public:
    using First = std::function<core::PoolChange()>;
    BatchCommand(PoolSession& session, qint64 pool, const QString& text, First first)
        : PoolCommand(session, pool, text)
        , m_first(std::move(first))
    {
    }

protected:
    core::PoolChange doRedo() override
    {
        if (m_first) {
            const core::PoolChange change = m_first();
            m_first = nullptr;
            if (change.ok())
                remember();
            return change;
        }
        core::PoolChange change;
        for (const auto& [line, fields] : m_players) {
            change = store().restorePoolPlayer(pool(), line, fields);
            if (!change.ok())
                return change;
        }
        for (const core::PoolGame& game : m_games) {
            change = store().restorePoolGame(pool(), game.number, game.rows);
            if (!change.ok())
                return change;
        }
        return change;
    }

    core::PoolChange doUndo() override
    {
        core::PoolChange change;
        for (auto game = m_games.rbegin(); game != m_games.rend(); ++game) {
            change = store().deletePoolGame(pool(), game->number);
            if (!change.ok())
                return change;
        }
        for (auto player = m_players.rbegin(); player != m_players.rend(); ++player) {
            change = store().deletePoolPlayer(pool(), player->first);
            if (!change.ok())
                return change;
        }
        return change;
    }

private:
    // The rows the first redo added: the pool's games and players that were not there before.
    void remember()
    {
        const core::PoolContent after = store().poolContent(pool());
        for (const core::PoolGame& game : after.games) {
            if (!m_gamesBefore.contains(game.number))
                m_games.push_back(game);
        }
        for (qsizetype i = 0; i < after.playerLines.size(); ++i) {
            if (!m_linesBefore.contains(after.playerLines[i]))
                m_players.emplace_back(after.playerLines[i], after.players[i]);
        }
    }

public:
    QList<int> m_gamesBefore;
    QList<int> m_linesBefore;

private:
    First m_first;
    std::vector<core::PoolGame> m_games;
    std::vector<std::pair<int, QStringList>> m_players;
};

} // namespace

PoolSession::PoolSession(core::Store& store, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_undo(new QUndoStack(this))
{
    m_undo->setObjectName(QStringLiteral("poolsUndoStack"));
    auto* watcher = new StoreWatcher(store, this);
    connect(watcher, &StoreWatcher::changed, this, [this](const core::StoreChange& change) {
        if (change.touches(core::StoreChange::Pools))
            reload();
    });
    reload();
}

PoolSession::~PoolSession() = default;

core::PoolStore& PoolSession::store() const
{
    return m_store;
}

bool PoolSession::isReadOnly() const
{
    return m_store.isReadOnly();
}

QString PoolSession::readOnlyReason() const
{
    return m_store.readOnlyReason();
}

bool PoolSession::setPool(qint64 poolId)
{
    if (poolId == this->poolId() && (poolId == 0 || m_content))
        return poolId == 0 || m_content.has_value();
    m_content.reset();
    m_result = {};
    if (poolId != 0) {
        try {
            m_content = m_store.poolContent(poolId);
            m_result = core::runSystem(m_content->pool.kind, m_content->input());
        } catch (const core::StoreError&) {
            m_content.reset();
        }
    }
    Q_EMIT poolChanged();
    return poolId == 0 || m_content.has_value();
}

void PoolSession::reload()
{
    std::vector<core::PoolSummary> pools;
    try {
        pools = m_store.pools();
    } catch (const core::StoreError&) {
        pools.clear();
    }
    const auto key = [](const std::vector<core::PoolSummary>& list) {
        QStringList names;
        for (const core::PoolSummary& pool : list)
            names.append(QString::number(pool.id) + QLatin1Char(':') + pool.name);
        return names;
    };
    const bool listChanged = key(pools) != key(m_pools);
    m_pools = std::move(pools);
    const qint64 current = poolId();
    m_content.reset();
    m_result = {};
    if (current != 0) {
        try {
            m_content = m_store.poolContent(current);
            m_result = core::runSystem(m_content->pool.kind, m_content->input());
        } catch (const core::StoreError&) {
            m_content.reset(); // deleted: none is selected
        }
    }
    if (listChanged)
        Q_EMIT poolsChanged();
    Q_EMIT poolChanged();
}

core::PoolChange PoolSession::push(PoolCommand* command)
{
    const core::PoolChange change = command->apply();
    if (change.ok())
        m_undo->push(command);
    else
        delete command;
    return change;
}

core::PoolChange PoolSession::addGame(const QList<QStringList>& rows)
{
    return push(new AddGameCommand(*this, poolId(), rows, stepTr("Add game"),
                                   QT_TRANSLATE_NOOP("flickdesk::ui::PoolSession", "Add game %1")));
}

core::PoolChange PoolSession::editGame(int game, const QList<QStringList>& rows)
{
    const core::PoolGame* stored = m_content ? m_content->game(game) : nullptr;
    if (!stored)
        return noSuchGame(game);
    if (stored->rows == rows)
        return {}; // nothing to correct: no step
    return push(
        new EditGameCommand(*this, poolId(), game, stored->rows, rows, stepTr("Correct game %1").arg(game)));
}

core::PoolChange PoolSession::deleteGame(int game)
{
    const core::PoolGame* stored = m_content ? m_content->game(game) : nullptr;
    if (!stored)
        return noSuchGame(game);
    return push(
        new DeleteGameCommand(*this, poolId(), game, stored->rows, stepTr("Delete game %1").arg(game)));
}

core::PoolChange PoolSession::addPlayer(const QStringList& fields)
{
    return push(new AddPlayerCommand(*this, poolId(), fields,
                                     stepTr("Add player %1").arg(playerText(content(), fields))));
}

core::PoolChange PoolSession::editPlayer(int line, const QStringList& fields)
{
    const qsizetype index = m_content ? m_content->playerLines.indexOf(line) : -1;
    if (index < 0) {
        return noSuchPlayer(line);
    }
    const QStringList before = m_content->players[index];
    if (before == fields)
        return {};
    return push(new EditPlayerCommand(*this, poolId(), line, before, fields,
                                      stepTr("Correct player %1").arg(playerText(content(), before))));
}

core::PoolChange PoolSession::deletePlayer(int line)
{
    const qsizetype index = m_content ? m_content->playerLines.indexOf(line) : -1;
    if (index < 0) {
        return noSuchPlayer(line);
    }
    const QStringList fields = m_content->players[index];
    return push(new DeletePlayerCommand(*this, poolId(), line, fields,
                                        stepTr("Remove player %1").arg(playerText(content(), fields))));
}

core::PoolChange PoolSession::importFiles(const QByteArray& players, const QString& playersFile,
                                          const QByteArray& games, const QString& gamesFile)
{
    const qint64 pool = poolId();
    QStringList names;
    if (!players.isEmpty())
        names.append(playersFile);
    if (!games.isEmpty())
        names.append(gamesFile);
    auto* command =
        new BatchCommand(*this, pool, stepTr("Import %1").arg(names.join(QStringLiteral(", "))),
                         [this, pool, players, playersFile, games, gamesFile] {
                             return m_store.importPool(pool, players, playersFile, games, gamesFile);
                         });
    if (m_content) {
        for (const core::PoolGame& game : m_content->games)
            command->m_gamesBefore.append(game.number);
        command->m_linesBefore = m_content->playerLines;
    }
    return push(command);
}

core::PoolChange PoolSession::addGames(const std::vector<QList<QStringList>>& games, const QString& stepText)
{
    const qint64 pool = poolId();
    auto* command = new BatchCommand(*this, pool, stepText, [this, pool, games] {
        core::PoolChange total;
        std::vector<int> added;
        for (const QList<QStringList>& rows : games) {
            core::PoolChange change = m_store.addPoolGame(pool, rows);
            if (!change.ok()) {
                for (auto number = added.rbegin(); number != added.rend(); ++number)
                    m_store.deletePoolGame(pool, *number); // all or nothing
                return change;
            }
            added.push_back(change.game);
            if (total.game == 0)
                total.game = change.game;
            ++total.gamesAdded;
        }
        return total;
    });
    if (m_content) {
        for (const core::PoolGame& game : m_content->games)
            command->m_gamesBefore.append(game.number);
        command->m_linesBefore = m_content->playerLines;
    }
    return push(command);
}

} // namespace flickdesk::ui
