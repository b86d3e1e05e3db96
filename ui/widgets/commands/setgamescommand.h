#pragma once

#include "core/records/eventrecords.h"
#include "core/store/storefwd.h"
#include "widgets/commands/eventcommand.h"

#include <vector>

namespace flickdesk::ui {

// The event's head-to-head games (DECISIONS N3), replacing the earlier ones.
class SetGamesCommand : public EventCommand {
public:
    SetGamesCommand(EventEditTarget& session, std::vector<core::GameRecord> games);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    std::vector<core::GameRecord> m_after;
    std::vector<core::GameRecord> m_before;
};

} // namespace flickdesk::ui
