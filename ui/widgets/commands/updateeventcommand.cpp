#include "widgets/commands/updateeventcommand.h"

#include "core/store/store.h"

#include <QCoreApplication>

namespace flickdesk::ui {

UpdateEventCommand::UpdateEventCommand(EventEditTarget& session, core::EventDraft draft)
    : EventCommand(session, QCoreApplication::translate("flickdesk::ui::UpdateEventCommand", "Change event"))
    , m_after(std::move(draft))
{
}

void UpdateEventCommand::doRedo()
{
    const core::EventDraft before = core::EventDraft::of(session().event());
    store().updateEvent(eventId(), m_after);
    m_before = before;
    session().syncEvent();
}

void UpdateEventCommand::doUndo()
{
    store().updateEvent(eventId(), m_before);
    session().syncEvent();
}

} // namespace flickdesk::ui
