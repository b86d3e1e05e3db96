#include "widgets/commands/setteamcommand.h"

#include "core/store/store.h"

#include <QCoreApplication>

namespace flickdesk::ui {

SetTeamCommand::SetTeamCommand(EventEditTarget& session, int unit, const QStringList& playerIds)
    : EventCommand(session,
                   QCoreApplication::translate("flickdesk::ui::SetTeamCommand", "Change the team of %1")
                       .arg(unitNames(session, unit)))
    , m_unit(unit)
    , m_after(playerIds)
{
}

void SetTeamCommand::doRedo()
{
    QStringList before;
    if (const std::optional<core::Entrant> entrant = store().entrant(eventId(), m_unit))
        before = entrant->playerIds();
    store().setTeam(eventId(), m_unit, m_after);
    m_before = before;
    session().syncEntrants({m_unit});
}

void SetTeamCommand::doUndo()
{
    store().setTeam(eventId(), m_unit, m_before);
    session().syncEntrants({m_unit});
}

} // namespace flickdesk::ui
