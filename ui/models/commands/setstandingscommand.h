#pragma once

#include "core/records/eventdayrecords.h"
#include "core/store/storefwd.h"
#include "models/commands/valuecommand.h"

#include <vector>

namespace flickdesk::ui {

// The value SetStandingsCommand reads and writes: the standings, and whether the event was finished
// with them (what undo makes it again).
struct SetStandings {
    std::vector<core::Placing> listed;
    bool finished = false;
};

// The final standings in listed order (ties included: validation reports them, DECISIONS N4), or a
// part of them: a place typed on the Results tab is stored at once, as work in progress. Results
// that are incomplete (a place missing, a tie) are never final: a finished event whose standings
// become incomplete goes back to started in the same step (finished events are the rated history),
// and undo makes it finished again.
class SetStandingsCommand : public ValueCommand<SetStandings> {
public:
    SetStandingsCommand(EventEditTarget& session, std::vector<core::Placing> listed);

protected:
    SetStandings read() const override;
    // The standings, reopening a finished event they leave incomplete first, and finishing it again
    // after standings that were those of a finished event (undo).
    void write(const SetStandings& value) override;

private:
    // Whether `listed` leaves the event's results incomplete (core::validateEventResults).
    bool incomplete(const std::vector<core::Placing>& listed) const;
};

} // namespace flickdesk::ui
