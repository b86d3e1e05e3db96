#pragma once

#include "core/records/eventdayrecords.h"
#include "models/commands/valuecommand.h"

namespace flickdesk::ui {

// The event's name, date, format, tier, Tour division, group, season and experimental cap.
class UpdateEventCommand : public ValueCommand<core::EventDraft> {
public:
    UpdateEventCommand(EventEditTarget& session, core::EventDraft draft);

protected:
    core::EventDraft read() const override;
    void write(const core::EventDraft& draft) override;
};

} // namespace flickdesk::ui
