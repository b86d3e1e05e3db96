#include "models/commands/addentrantcommand.h"

#include "core/store/eventdaystore.h"
#include "core/store/playerstore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

AddEntrantCommand::AddEntrantCommand(EventEditTarget& session, const QStringList& playerIds,
                                     core::EntrantStatus status)
    : EventCommand(session, QCoreApplication::translate("flickdesk::ui::AddEntrantCommand", "Add %1")
                                .arg(playerNames(session.players(), playerIds)))
    , m_playerIds(playerIds)
    , m_status(status)
{
}

void AddEntrantCommand::doRedo()
{
    if (m_entrant.number == 0) {
        const int unit = eventDay().addEntrant(eventId(), m_playerIds, m_status);
        m_entrant = eventDay().entrant(eventId(), unit).value_or(core::Entrant{});
        m_entrant.number = unit;
    } else {
        eventDay().restoreEntrants(eventId(), {m_entrant});
    }
}

void AddEntrantCommand::doUndo()
{
    eventDay().removeEntrant(eventId(), m_entrant.number);
}

} // namespace flickdesk::ui
