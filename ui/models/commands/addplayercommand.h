#pragma once

#include "core/records/playerrecords.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

namespace flickdesk::ui {

// A new player (DECISIONS D1: a local id until the association assigns one). Undo removes the
// player again, which the store allows only while nothing refers to them.
class AddPlayerCommand : public EventCommand {
public:
    AddPlayerCommand(EventEditTarget& session, const QString& name, const QString& location,
                     const QString& associationId);

    QString playerId() const { return m_player.id; }

protected:
    void doRedo() override;
    void doUndo() override;

private:
    core::PlayerRecord m_player; // its id once added
};

} // namespace flickdesk::ui
