#pragma once

#include "core/records/eventdayrecords.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

#include <vector>

namespace flickdesk::ui {

// Doubles: the player of one entrant joins another as partner (Store::pairPartners); undo puts
// both entrants back as they were.
class PairPartnersCommand : public EventCommand {
public:
    PairPartnersCommand(EventEditTarget& session, int unit, int partnerUnit);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    int m_unit;
    int m_partnerUnit;
    std::vector<core::Entrant> m_before;
};

} // namespace flickdesk::ui
