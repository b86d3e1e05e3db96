#include "models/commands/editplayercommand.h"

#include "core/store/playerstore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

EditPlayerCommand::EditPlayerCommand(EventEditTarget& session, const core::PlayerRecord& before,
                                     const QString& name, const QString& location, const QString& newId)
    : EventCommand(session, QCoreApplication::translate("flickdesk::ui::EditPlayerCommand", "Edit player %1")
                                .arg(name.trimmed().isEmpty() ? before.id : name.trimmed()))
    , m_before(before)
    , m_name(name.trimmed())
    , m_location(location.trimmed())
    , m_newId(newId.trimmed())
{
}

void EditPlayerCommand::doRedo()
{
    players().editPlayer(m_before.id, m_name, m_location);
    if (!m_newId.isEmpty() && m_newId != m_before.id) {
        try {
            m_idChange = players().changePlayerId(m_before.id, m_newId);
        } catch (const core::StoreError&) {
            // One undo step: a refused id leaves the name and location as they were too (but a
            // history player who had no name keeps the new one: a name is never taken away).
            try {
                players().editPlayer(m_before.id, m_before.name, m_before.location);
            } catch (const core::StoreError&) {
            }
            throw;
        }
    }
}

void EditPlayerCommand::doUndo()
{
    if (!m_newId.isEmpty() && m_newId != m_before.id)
        players().unmergePlayer(m_idChange);
    players().editPlayer(m_before.id, m_before.name, m_before.location);
}

MergePlayerCommand::MergePlayerCommand(EventEditTarget& session, const QString& playerId,
                                       const QString& intoId)
    : EventCommand(session,
                   QCoreApplication::translate("flickdesk::ui::MergePlayerCommand", "Merge player %1 into %2")
                       .arg(playerId, intoId))
    , m_playerId(playerId)
    , m_intoId(intoId)
{
}

void MergePlayerCommand::doRedo()
{
    m_merge = players().mergePlayer(m_playerId, m_intoId);
}

void MergePlayerCommand::doUndo()
{
    players().unmergePlayer(m_merge);
}

} // namespace flickdesk::ui
