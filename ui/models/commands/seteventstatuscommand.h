#pragma once

#include "core/records/eventrecords.h"
#include "models/commands/valuecommand.h"

namespace flickdesk::ui {

// Planned -> started -> finished, and back (awarding is EventSession::award, not a command).
class SetEventStatusCommand : public ValueCommand<core::EventStatus> {
public:
    SetEventStatusCommand(EventEditTarget& session, core::EventStatus status);

protected:
    core::EventStatus read() const override;
    void write(const core::EventStatus& status) override;
};

} // namespace flickdesk::ui
