#include "models/commands/addplayercommand.h"

#include "core/store/store.h"

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
        m_player.id = store().addPlayer(m_player.name, m_player.location, m_player.associationId);
        m_player = store().player(m_player.id).value_or(m_player);
    } else {
        store().restorePlayer(m_player); // the same id again
    }
}

void AddPlayerCommand::doUndo()
{
    store().removePlayer(m_player.id);
}

} // namespace flickdesk::ui
