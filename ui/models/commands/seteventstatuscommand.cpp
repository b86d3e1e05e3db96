#include "models/commands/seteventstatuscommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {
namespace {

QString describe(core::EventStatus status)
{
    switch (status) {
    case core::EventStatus::Planned:
        return QCoreApplication::translate("flickdesk::ui::SetEventStatusCommand", "Mark event planned");
    case core::EventStatus::Started:
        return QCoreApplication::translate("flickdesk::ui::SetEventStatusCommand", "Start event");
    case core::EventStatus::Finished:
    case core::EventStatus::Awarded:
        break;
    }
    return QCoreApplication::translate("flickdesk::ui::SetEventStatusCommand", "Finish event");
}

} // namespace

SetEventStatusCommand::SetEventStatusCommand(EventEditTarget& session, core::EventStatus status)
    : ValueCommand(session, describe(status), status)
{
}

core::EventStatus SetEventStatusCommand::read() const
{
    return session().event().status;
}

void SetEventStatusCommand::write(const core::EventStatus& status)
{
    eventDay().setEventStatus(eventId(), status);
}

} // namespace flickdesk::ui
