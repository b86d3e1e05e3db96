#include "models/commands/checkinallcommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

CheckInAllCommand::CheckInAllCommand(EventEditTarget& session, std::vector<int> units)
    : EventCommand(session, units.size() == 1
                                ? QCoreApplication::translate("flickdesk::ui::CheckInAllCommand",
                                                              "Check in 1 registered entrant")
                                : QCoreApplication::translate("flickdesk::ui::CheckInAllCommand",
                                                              "Check in %1 registered entrants")
                                      .arg(units.size()))
    , m_units(std::move(units))
{
}

void CheckInAllCommand::doRedo()
{
    eventDay().setEntrantStatuses(eventId(), m_units, core::EntrantStatus::Started);
}

void CheckInAllCommand::doUndo()
{
    eventDay().setEntrantStatuses(eventId(), m_units, core::EntrantStatus::Registered);
}

} // namespace flickdesk::ui
