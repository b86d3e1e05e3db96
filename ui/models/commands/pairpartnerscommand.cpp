#include "models/commands/pairpartnerscommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

PairPartnersCommand::PairPartnersCommand(EventEditTarget& session, int unit, int partnerUnit)
    : EventCommand(session,
                   QCoreApplication::translate("flickdesk::ui::PairPartnersCommand", "Pair %1 and %2")
                       .arg(unitNames(session, unit), unitNames(session, partnerUnit)))
    , m_unit(unit)
    , m_partnerUnit(partnerUnit)
{
}

void PairPartnersCommand::doRedo()
{
    std::vector<core::Entrant> before;
    for (const int number : {m_unit, m_partnerUnit}) {
        if (std::optional<core::Entrant> entrant = eventDay().entrant(eventId(), number))
            before.push_back(std::move(*entrant));
    }
    eventDay().pairPartners(eventId(), m_unit, m_partnerUnit);
    m_before = std::move(before);
}

void PairPartnersCommand::doUndo()
{
    eventDay().restoreEntrants(eventId(), m_before);
}

} // namespace flickdesk::ui
