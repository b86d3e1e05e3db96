#pragma once

#include "core/records/eventdayrecords.h"
#include "core/store/storefwd.h"
#include "widgets/commands/eventcommand.h"

namespace flickdesk::ui {

// The event's name, date, format, tier, Tour division, group, season and experimental cap.
class UpdateEventCommand : public EventCommand {
public:
    UpdateEventCommand(EventEditTarget& session, core::EventDraft draft);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    core::EventDraft m_after;
    core::EventDraft m_before;
};

} // namespace flickdesk::ui
