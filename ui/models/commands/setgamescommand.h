#pragma once

#include "core/records/eventrecords.h"
#include "models/commands/valuecommand.h"

#include <vector>

namespace flickdesk::ui {

// The event's head-to-head games (DECISIONS N3), replacing the earlier ones.
class SetGamesCommand : public ValueCommand<std::vector<core::GameRecord>> {
public:
    SetGamesCommand(EventEditTarget& session, std::vector<core::GameRecord> games);

protected:
    std::vector<core::GameRecord> read() const override;
    void write(const std::vector<core::GameRecord>& games) override;
};

} // namespace flickdesk::ui
