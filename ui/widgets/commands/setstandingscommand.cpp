#include "widgets/commands/setstandingscommand.h"

#include <QCoreApplication>

namespace flickdesk::ui {

SetStandingsCommand::SetStandingsCommand(EventEditTarget& session, std::vector<core::Placing> listed)
    : EventCommand(session,
                   QCoreApplication::translate("flickdesk::ui::SetStandingsCommand", "Enter standings"))
    , m_after(std::move(listed))
{
}

void SetStandingsCommand::doRedo()
{
    std::vector<core::Placing> before = store().standings(eventId());
    store().setStandings(eventId(), m_after);
    m_before = std::move(before);
    session().syncResults();
}

void SetStandingsCommand::doUndo()
{
    store().setStandings(eventId(), m_before);
    session().syncResults();
}

} // namespace flickdesk::ui
