#include "models/commands/setteamcommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

SetTeamCommand::SetTeamCommand(EventEditTarget& session, int unit, const QStringList& playerIds)
    : ValueCommand(session,
                   QCoreApplication::translate("flickdesk::ui::SetTeamCommand", "Change the team of %1")
                       .arg(unitNames(session, unit)),
                   playerIds)
    , m_unit(unit)
{
}

QStringList SetTeamCommand::read() const
{
    if (const std::optional<core::Entrant> entrant = eventDay().entrant(eventId(), m_unit))
        return entrant->playerIds();
    return {};
}

void SetTeamCommand::write(const QStringList& playerIds)
{
    eventDay().setTeam(eventId(), m_unit, playerIds);
}

} // namespace flickdesk::ui
