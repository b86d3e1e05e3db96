#include "models/commands/updateeventcommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

UpdateEventCommand::UpdateEventCommand(EventEditTarget& session, core::EventDraft draft)
    : ValueCommand(session, QCoreApplication::translate("flickdesk::ui::UpdateEventCommand", "Change event"),
                   std::move(draft))
{
}

core::EventDraft UpdateEventCommand::read() const
{
    return core::EventDraft::of(session().event());
}

void UpdateEventCommand::write(const core::EventDraft& draft)
{
    eventDay().updateEvent(eventId(), draft);
}

} // namespace flickdesk::ui
