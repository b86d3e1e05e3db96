#include "widgets/commands/checkinallcommand.h"

#include <QCoreApplication>

namespace flickdesk::ui {

CheckInAllCommand::CheckInAllCommand(EventEditTarget& session, std::vector<int> units)
    : EventCommand(session, QCoreApplication::translate("flickdesk::ui::CheckInAllCommand",
                                                        "Check in %n registered entrant(s)", nullptr,
                                                        static_cast<int>(units.size())))
    , m_units(std::move(units))
{
}

void CheckInAllCommand::doRedo()
{
    store().setEntrantStatuses(eventId(), m_units, core::EntrantStatus::Started);
    session().syncEntrants(m_units);
}

void CheckInAllCommand::doUndo()
{
    store().setEntrantStatuses(eventId(), m_units, core::EntrantStatus::Registered);
    session().syncEntrants(m_units);
}

} // namespace flickdesk::ui
