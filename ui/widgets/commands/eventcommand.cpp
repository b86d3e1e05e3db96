#include "widgets/commands/eventcommand.h"

#include "core/store/store.h"

namespace flickdesk::ui {

EventCommand::EventCommand(EventEditTarget& session, const QString& text)
    : QUndoCommand(text)
    , m_session(session)
{
}

core::Store& EventCommand::store() const
{
    return m_session.store();
}

QString EventCommand::eventId() const
{
    return m_session.eventId();
}

bool EventCommand::apply()
{
    try {
        doRedo();
    } catch (const core::StoreError& error) {
        m_error = error.message();
        return false;
    }
    m_applied = true;
    return true;
}

void EventCommand::redo()
{
    if (m_applied) { // QUndoStack::push() redoes what apply() did already
        m_applied = false;
        return;
    }
    try {
        doRedo();
    } catch (const core::StoreError& error) {
        m_session.commandFailed(text(), error.message());
    }
}

void EventCommand::undo()
{
    m_applied = false;
    try {
        doUndo();
    } catch (const core::StoreError& error) {
        m_session.commandFailed(text(), error.message());
    }
}

} // namespace flickdesk::ui
