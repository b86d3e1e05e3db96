#pragma once

// The base of every undoable edit of an event day (EventEditTarget): it writes through the store,
// which announces the change to whoever shows it (core/store/storechange.h); a command refreshes
// nothing. The first redo is done by apply() before the
// command is pushed, so that an edit the store refuses never reaches the undo stack.

#include <QString>
#include <QStringList>
#include <QUndoCommand>
#include <vector>

namespace flickdesk::core {
class EventDayStore;
class PlayerStore;
struct EventRecord;
} // namespace flickdesk::core

namespace flickdesk::ui {

// What a command writes through. The event day's session (models/eventday/eventsession.h) is one;
// the commands know nothing else of it.
class EventEditTarget {
public:
    // The areas of the store a command writes: the event day's (event, entrants, standings, games)
    // and the players'. A command includes the area it calls and nothing more of the store.
    virtual core::EventDayStore& eventDay() const = 0;
    virtual core::PlayerStore& players() const = 0;
    virtual QString eventId() const = 0;
    virtual const core::EventRecord& event() const = 0;
    // A command's undo or redo failed (the store refused it).
    virtual void commandFailed(const QString& command, const QString& message) = 0;

protected:
    ~EventEditTarget() = default;
};

// Ids of the commands that merge (QUndoCommand::id): consecutive check-ins of one entrant.
enum class EventCommandId { CheckIn = 1 };

// How an undo step names what it changed: the players' names ("Ann Lee", "Ann Lee / Bo Chan"), a
// player without a name by id (DECISIONS D1). Never the stored unit number: a doubles team's is not
// the number the entrant list shows (1, 3, 5... are teams 1, 2, 3).
QString playerNames(core::PlayerStore& store, const QStringList& playerIds);
// The unit's players' names; "entrant 4" for a unit the database does not have (or cannot read).
QString unitNames(EventEditTarget& session, int unit);

class EventCommand : public QUndoCommand {
public:
    EventCommand(EventEditTarget& session, const QString& text);

    // Does the edit; false, with error(), when the store refuses it. Called once, before push().
    bool apply();
    QString error() const { return m_error; }

    void redo() final;
    void undo() final;

protected:
    // Write through the store; a StoreError says why not.
    virtual void doRedo() = 0;
    virtual void doUndo() = 0;

    EventEditTarget& session() const { return m_session; }
    core::EventDayStore& eventDay() const;
    core::PlayerStore& players() const;
    QString eventId() const;

private:
    EventEditTarget& m_session;
    QString m_error;
    bool m_applied = false;
};

} // namespace flickdesk::ui
