#pragma once

// The Pools tab's session: the selected rating pool (its stored rows and what its system computes
// from them), and every edit of it as one undoable step on the tab's own undo stack (Edit > Undo
// while the tab is shown). An edit writes through the store (core/store/poolstore.h), which checks
// the pool with the change and refuses what its system finds wrong; a refused edit reaches no undo
// stack. The session hears the store's announcements (StoreWatcher) and reloads the pool whenever
// any pool changed, whoever changed it: the desks of the three systems (widgets/pools) only show
// what it holds and call its edits.

#include "core/systems/poolrecords.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

class QUndoStack;

namespace flickdesk::core {
class Store;
class PoolStore;
} // namespace flickdesk::core

namespace flickdesk::ui {

class PoolSession : public QObject {
    Q_OBJECT

public:
    PoolSession(core::Store& store, QObject* parent = nullptr);
    ~PoolSession() override;

    core::PoolStore& store() const;
    QUndoStack* undoStack() const { return m_undo; }
    bool isReadOnly() const;
    QString readOnlyReason() const;

    // The pools of the database, by name.
    const std::vector<core::PoolSummary>& pools() const { return m_pools; }
    // Selects a pool (0: none) and reads it; false when there is no such pool.
    bool setPool(qint64 poolId);
    qint64 poolId() const { return m_content ? m_content->pool.id : 0; }
    const core::PoolContent* content() const { return m_content ? &*m_content : nullptr; }
    // What the pool's system computes from its rows (ratings or standings, and each player's history).
    const core::SystemResult& result() const { return m_result; }

    // The edits. Each is one undoable step, pushed only when the store took it; a refused edit
    // writes nothing and returns the defects. Undoing one that another step since depends on (a
    // player's deletion after a game names them again) is refused by the store and said with
    // commandFailed.
    core::PoolChange addGame(const QList<QStringList>& rows);
    core::PoolChange editGame(int game, const QList<QStringList>& rows);
    core::PoolChange deleteGame(int game);
    core::PoolChange addPlayer(const QStringList& fields);
    core::PoolChange editPlayer(int line, const QStringList& fields);
    core::PoolChange deletePlayer(int line);
    // A players file and a games file (either may be empty) in one transaction and one undo step;
    // undone, the games and players it added are removed again.
    core::PoolChange importFiles(const QByteArray& players, const QString& playersFile,
                                 const QByteArray& games, const QString& gamesFile);
    // Several games in one undo step ("Add 4 games"), in order; when one is refused the ones
    // before it are removed again and its defects returned: all or nothing.
    core::PoolChange addGames(const std::vector<QList<QStringList>>& games, const QString& stepText);

Q_SIGNALS:
    // The pool's rows or result changed (an edit, an undo, a change made elsewhere), or another
    // pool was selected.
    void poolChanged();
    // The list of pools changed (a pool created, renamed or deleted).
    void poolsChanged();
    // An undo or redo the store refused: what it was and why, for the status bar.
    void commandFailed(const QString& step, const QString& message);
    // An undo or redo of a step of another pool selects that pool first.
    void poolSelectedByUndo(qint64 poolId);

private:
    friend class PoolCommand;
    void reload();
    core::PoolChange push(class PoolCommand* command);

    core::Store& m_store;
    QUndoStack* m_undo = nullptr;
    std::vector<core::PoolSummary> m_pools;
    std::optional<core::PoolContent> m_content;
    core::SystemResult m_result;
};

} // namespace flickdesk::ui
