#pragma once

#include "core/store/store.h"
#include "widgets/commands/eventcommand.h"

#include <vector>

namespace flickdesk::ui {

// The final standings in listed order (ties included: validation reports them, DECISIONS N4).
class SetStandingsCommand : public EventCommand {
public:
    SetStandingsCommand(EventEditTarget& session, std::vector<core::Placing> listed);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    std::vector<core::Placing> m_after;
    std::vector<core::Placing> m_before;
};

} // namespace flickdesk::ui
