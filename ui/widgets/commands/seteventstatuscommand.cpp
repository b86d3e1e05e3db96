#include "widgets/commands/seteventstatuscommand.h"

#include "core/store/store.h"

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
    : EventCommand(session, describe(status))
    , m_after(status)
{
}

void SetEventStatusCommand::doRedo()
{
    const core::EventStatus before = session().event().status;
    store().setEventStatus(eventId(), m_after);
    m_before = before;
    session().syncEvent();
}

void SetEventStatusCommand::doUndo()
{
    store().setEventStatus(eventId(), m_before);
    session().syncEvent();
}

} // namespace flickdesk::ui
