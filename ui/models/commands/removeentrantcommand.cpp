#include "models/commands/removeentrantcommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

RemoveEntrantCommand::RemoveEntrantCommand(EventEditTarget& session, int unit)
    : EventCommand(session, QCoreApplication::translate("flickdesk::ui::RemoveEntrantCommand", "Remove %1")
                                .arg(unitNames(session, unit)))
    , m_unit(unit)
{
}

void RemoveEntrantCommand::doRedo()
{
    const std::optional<core::Entrant> entrant = eventDay().entrant(eventId(), m_unit);
    if (!entrant)
        throw core::StoreError(
            core::StoreError::Kind::Refused,
            QCoreApplication::translate("flickdesk::ui::RemoveEntrantCommand", "Event %1 has no entrant %2.")
                .arg(eventId())
                .arg(m_unit));
    eventDay().removeEntrant(eventId(), m_unit);
    m_removed = *entrant;
}

void RemoveEntrantCommand::doUndo()
{
    eventDay().restoreEntrants(eventId(), {m_removed});
}

} // namespace flickdesk::ui
