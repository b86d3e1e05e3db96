#pragma once

#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

#include <vector>

namespace flickdesk::ui {

// "Check in all registered": the given registered entrants start together, in one transaction
// (Store::setEntrantStatuses), and one undo puts every one of them back to registered.
class CheckInAllCommand : public EventCommand {
public:
    CheckInAllCommand(EventEditTarget& session, std::vector<int> units);

    const std::vector<int>& units() const { return m_units; }

protected:
    void doRedo() override;
    void doUndo() override;

private:
    std::vector<int> m_units;
};

} // namespace flickdesk::ui
