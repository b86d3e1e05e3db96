#include "widgets/commands/setgamescommand.h"

#include "core/store/store.h"

#include <QCoreApplication>

namespace flickdesk::ui {

SetGamesCommand::SetGamesCommand(EventEditTarget& session, std::vector<core::GameRecord> games)
    : EventCommand(session, QCoreApplication::translate("flickdesk::ui::SetGamesCommand", "Enter games"))
    , m_after(std::move(games))
{
}

void SetGamesCommand::doRedo()
{
    std::vector<core::GameRecord> before;
    if (std::optional<core::EventRecord> event = store().event(eventId()))
        before = std::move(event->games);
    store().setGames(eventId(), m_after);
    m_before = std::move(before);
    session().syncResults();
}

void SetGamesCommand::doUndo()
{
    store().setGames(eventId(), m_before);
    session().syncResults();
}

} // namespace flickdesk::ui
