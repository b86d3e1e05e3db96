#pragma once

// The base of every undoable edit of an event day (EventSession): it writes through the store and
// then has the session bring its models in step. The first redo is done by apply() before the
// command is pushed, so that an edit the store refuses never reaches the undo stack.

#include <QString>
#include <QUndoCommand>

namespace flickdesk::core {
class Store;
}

namespace flickdesk::ui {

class EventSession;

// Ids of the commands that merge (QUndoCommand::id): consecutive check-ins of one entrant.
enum class EventCommandId { CheckIn = 1 };

class EventCommand : public QUndoCommand {
public:
    EventCommand(EventSession& session, const QString& text);

    // Does the edit; false, with error(), when the store refuses it. Called once, before push().
    bool apply();
    QString error() const { return m_error; }

    void redo() final;
    void undo() final;

protected:
    // Write through the store and update the session's models; a StoreError says why not.
    virtual void doRedo() = 0;
    virtual void doUndo() = 0;

    EventSession& session() const { return m_session; }
    core::Store& store() const;
    QString eventId() const;

private:
    EventSession& m_session;
    QString m_error;
    bool m_applied = false;
};

} // namespace flickdesk::ui
