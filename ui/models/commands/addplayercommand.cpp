#include "models/commands/addplayercommand.h"

#include "core/store/playerstore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

AddPlayerCommand::AddPlayerCommand(EventEditTarget& session, const QString& name, const QString& location,
                                   const QString& associationId)
    : EventCommand(
          session,
          QCoreApplication::translate("flickdesk::ui::AddPlayerCommand", "Add player %1").arg(name.trimmed()))
{
    m_player.name = name;
    m_player.location = location;
    m_player.associationId = associationId;
}

void AddPlayerCommand::doRedo()
{
    if (m_player.id.isEmpty()) {
        m_player.id = players().addPlayer(m_player.name, m_player.location, m_player.associationId);
        m_player = players().player(m_player.id).value_or(m_player);
    } else {
        players().restorePlayer(m_player); // the same id again
    }
}

void AddPlayerCommand::doUndo()
{
    players().removePlayer(m_player.id);
}

} // namespace flickdesk::ui
