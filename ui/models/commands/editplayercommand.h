#pragma once

#include "core/records/playerrecords.h"
#include "core/store/playermerge.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

namespace flickdesk::ui {

// A player's name and location, and a local player's new id (the association's): one undo step,
// before or after an award (DECISIONS D1a). Undo puts the old name, location and local id back
// while nothing newer depends on the id (Store::unmergePlayer).
class EditPlayerCommand : public EventCommand {
public:
    EditPlayerCommand(EventEditTarget& session, const core::PlayerRecord& before, const QString& name,
                      const QString& location, const QString& newId);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    core::PlayerRecord m_before;
    QString m_name;
    QString m_location;
    QString m_newId; // empty: the id stays
    core::PlayerMerge m_idChange;
};

// A local player merged into the player they turned out to be, before or after an award (DECISIONS
// D1a): every entry, game, award and lock row moves, no points change. Undo brings the local player
// back with exactly their rows, while nothing newer depends on the merge (an award since).
class MergePlayerCommand : public EventCommand {
public:
    MergePlayerCommand(EventEditTarget& session, const QString& playerId, const QString& intoId);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    QString m_playerId;
    QString m_intoId;
    core::PlayerMerge m_merge;
};

} // namespace flickdesk::ui
