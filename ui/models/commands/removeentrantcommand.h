#pragma once

#include "core/records/eventdayrecords.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

namespace flickdesk::ui {

// Removes an entrant; undo puts it back exactly: number, players, status and place.
class RemoveEntrantCommand : public EventCommand {
public:
    RemoveEntrantCommand(EventEditTarget& session, int unit);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    int m_unit;
    core::Entrant m_removed; // read before each removal
};

} // namespace flickdesk::ui
