#pragma once

#include "core/records/playerrecords.h"
#include "core/store/playermerge.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"
#include "models/commands/valuecommand.h"

namespace flickdesk::ui {

// A player's name and location, and a local player's new id (the association's): one undo step,
// before or after an award (DECISIONS D1a). Undo puts the old name, location and local id back
// while nothing newer depends on the id (Store::unmergePlayer).
struct EditedPlayer {
    QString id;
    QString name;
    QString location;
};
class EditPlayerCommand : public ValueCommand<EditedPlayer> {
public:
    EditPlayerCommand(EventEditTarget& session, const core::PlayerRecord& before, const QString& name,
                      const QString& location, const QString& newId);

protected:
    EditedPlayer read() const override;
    // The name and location, and the id when it is another than the player's first one; the first
    // id back (undo) unmerges the id change.
    void write(const EditedPlayer& value) override;

private:
    core::PlayerRecord m_original; // as the player was when the command was made
    core::PlayerMerge m_idChange;
    bool m_idChanged = false; // m_idChange holds the change in effect
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
