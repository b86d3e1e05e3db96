#include "models/commands/editplayercommand.h"

#include "core/store/playerstore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

EditPlayerCommand::EditPlayerCommand(EventEditTarget& session, const core::PlayerRecord& before,
                                     const QString& name, const QString& location, const QString& newId)
    : ValueCommand(session,
                   QCoreApplication::translate("flickdesk::ui::EditPlayerCommand", "Edit player %1")
                       .arg(name.trimmed().isEmpty() ? before.id : name.trimmed()),
                   // An empty new id: the id stays.
                   EditedPlayer{newId.trimmed().isEmpty() ? before.id : newId.trimmed(), name.trimmed(),
                                location.trimmed()})
    , m_original(before)
{
}

EditedPlayer EditPlayerCommand::read() const
{
    // Read before each redo: the player has their first id then.
    if (const std::optional<core::PlayerRecord> player = players().player(m_original.id))
        return {player->id, player->name, player->location};
    return {m_original.id, m_original.name, m_original.location};
}

void EditPlayerCommand::write(const EditedPlayer& value)
{
    if (value.id == m_original.id) {
        if (m_idChanged) { // undo: the first id back, with exactly the rows it had
            players().unmergePlayer(m_idChange);
            m_idChanged = false;
        }
        players().editPlayer(m_original.id, value.name, value.location);
        return;
    }
    players().editPlayer(m_original.id, value.name, value.location);
    try {
        m_idChange = players().changePlayerId(m_original.id, value.id);
        m_idChanged = true;
    } catch (const core::StoreError&) {
        // One undo step: a refused id leaves the name and location as they were too (but a
        // history player who had no name keeps the new one: a name is never taken away).
        try {
            players().editPlayer(m_original.id, m_original.name, m_original.location);
        } catch (const core::StoreError&) {
        }
        throw;
    }
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
