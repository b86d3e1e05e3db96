#include "models/commands/setgamescommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

SetGamesCommand::SetGamesCommand(EventEditTarget& session, std::vector<core::GameRecord> games)
    : ValueCommand(session, QCoreApplication::translate("flickdesk::ui::SetGamesCommand", "Enter games"),
                   std::move(games))
{
}

std::vector<core::GameRecord> SetGamesCommand::read() const
{
    if (std::optional<core::EventRecord> event = eventDay().event(eventId()))
        return std::move(event->games);
    return {};
}

void SetGamesCommand::write(const std::vector<core::GameRecord>& games)
{
    eventDay().setGames(eventId(), games);
}

} // namespace flickdesk::ui
