#include "models/commands/setgamescommand.h"

#include "core/store/store.h"

#include <QCoreApplication>

namespace flickdesk::ui {

SetGamesCommand::SetGamesCommand(EventEditTarget& session, std::vector<core::GameRecord> games)
    : ValueCommand(session, QCoreApplication::translate("flickdesk::ui::SetGamesCommand", "Enter games"),
                   std::move(games))
{
}

std::vector<core::GameRecord> SetGamesCommand::read() const
{
    if (std::optional<core::EventRecord> event = store().event(eventId()))
        return std::move(event->games);
    return {};
}

void SetGamesCommand::write(const std::vector<core::GameRecord>& games)
{
    store().setGames(eventId(), games);
}

} // namespace flickdesk::ui
