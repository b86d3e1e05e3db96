#include "models/commands/setstandingscommand.h"

#include "core/awards/awarding.h"
#include "core/store/eventdaystore.h"

#include <QCoreApplication>
#include <map>

namespace flickdesk::ui {

SetStandingsCommand::SetStandingsCommand(EventEditTarget& session, std::vector<core::Placing> listed)
    : ValueCommand(session,
                   QCoreApplication::translate("flickdesk::ui::SetStandingsCommand", "Enter standings"),
                   SetStandings{std::move(listed), false})
{
}

SetStandings SetStandingsCommand::read() const
{
    return {eventDay().standings(eventId()), session().event().status == core::EventStatus::Finished};
}

bool SetStandingsCommand::incomplete(const std::vector<core::Placing>& listed) const
{
    const std::optional<core::EventRecord> event = eventDay().event(eventId());
    if (!event)
        return false; // the store refuses the standings itself
    std::vector<core::Entrant> entrants = eventDay().entrants(eventId());
    std::map<int, core::Entrant*> byUnit;
    for (core::Entrant& entrant : entrants) {
        entrant.place.reset();
        entrant.listed.reset();
        byUnit[entrant.number] = &entrant;
    }
    int position = 0;
    for (const core::Placing& placing : listed) {
        if (const auto found = byUnit.find(placing.unit); found != byUnit.end()) {
            found->second->place = placing.place;
            found->second->listed = ++position;
        }
    }
    return !core::validateEventResults(*event, entrants).ok();
}

void SetStandingsCommand::write(const SetStandings& value)
{
    // Finished events are the rated history: work in progress (a place missing, a tie, DECISIONS
    // N4) must not stand there. The status goes first, so that no moment on disk has a finished
    // event with incomplete standings, even if the program is killed between the two writes.
    const bool finished = session().event().status == core::EventStatus::Finished;
    const bool reopen = finished && incomplete(value.listed);
    if (reopen)
        eventDay().setEventStatus(eventId(), core::EventStatus::Started);
    try {
        eventDay().setStandings(eventId(), value.listed);
    } catch (const core::StoreError&) {
        if (reopen) { // put the event back as it was; the refusal is what is reported
            try {
                eventDay().setEventStatus(eventId(), core::EventStatus::Finished);
            } catch (const core::StoreError&) {
            }
        }
        throw;
    }
    // Undo: the complete standings first, then finished again: never finished with incomplete ones.
    if (value.finished && !finished && !reopen)
        eventDay().setEventStatus(eventId(), core::EventStatus::Finished);
}

} // namespace flickdesk::ui
