#pragma once

#include "core/records/eventrecords.h"
#include "core/store/storefwd.h"
#include "widgets/commands/eventcommand.h"

namespace flickdesk::ui {

// Planned -> started -> finished, and back (awarding is EventSession::award, not a command).
class SetEventStatusCommand : public EventCommand {
public:
    SetEventStatusCommand(EventEditTarget& session, core::EventStatus status);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    core::EventStatus m_after;
    core::EventStatus m_before = core::EventStatus::Planned;
};

} // namespace flickdesk::ui
