#pragma once

#include "core/records/eventdayrecords.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

#include <vector>

namespace flickdesk::ui {

// The final standings in listed order (ties included: validation reports them, DECISIONS N4), or a
// part of them: a place typed on the Results tab is stored at once, as work in progress. Results
// that are incomplete (a place missing, a tie) are never final: a finished event whose standings
// become incomplete goes back to started in the same step (finished events are the rated history),
// and undo makes it finished again.
class SetStandingsCommand : public EventCommand {
public:
    SetStandingsCommand(EventEditTarget& session, std::vector<core::Placing> listed);

    // The event went back from finished to started because these standings are incomplete.
    bool reopenedEvent() const { return m_reopened; }

protected:
    void doRedo() override;
    void doUndo() override;

private:
    // Whether `listed` leaves the event's results incomplete (core::validateEventResults).
    bool incomplete(const std::vector<core::Placing>& listed) const;

    std::vector<core::Placing> m_after;
    std::vector<core::Placing> m_before;
    bool m_reopened = false;
};

} // namespace flickdesk::ui
