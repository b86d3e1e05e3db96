#include "models/commands/setentrantstatuscommand.h"

#include "core/store/eventdaystore.h"

#include <QCoreApplication>

namespace flickdesk::ui {
namespace {

bool isCheckIn(core::EntrantStatus status)
{
    return status == core::EntrantStatus::Registered || status == core::EntrantStatus::Started;
}

} // namespace

SetEntrantStatusCommand::SetEntrantStatusCommand(EventEditTarget& session, int unit,
                                                 core::EntrantStatus before, core::EntrantStatus after)
    : ValueCommand(session, QString(), after)
    , m_unit(unit)
    , m_names(unitNames(session, unit))
{
    m_before = before;
    describe();
}

void SetEntrantStatusCommand::describe()
{
    switch (m_after) {
    case core::EntrantStatus::Started:
        setText(tr("Check in %1").arg(m_names));
        break;
    case core::EntrantStatus::Registered:
        setText(tr("Check out %1").arg(m_names));
        break;
    case core::EntrantStatus::Withdrawn:
        setText(tr("Withdraw %1").arg(m_names));
        break;
    }
}

int SetEntrantStatusCommand::id() const
{
    return isCheckIn(m_before) && isCheckIn(m_after) ? static_cast<int>(EventCommandId::CheckIn) : -1;
}

bool SetEntrantStatusCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = dynamic_cast<const SetEntrantStatusCommand*>(other);
    if (!next || next->id() != id() || next->m_unit != m_unit)
        return false;
    m_after = next->m_after;
    describe();
    setObsolete(m_after == m_before); // checked in and out again: nothing left to undo
    return true;
}

core::EntrantStatus SetEntrantStatusCommand::read() const
{
    return m_before; // as the entrant list showed it when asked (consecutive check-ins merge on it)
}

void SetEntrantStatusCommand::write(const core::EntrantStatus& status)
{
    // DECISIONS P3: a unit that never began cannot withdraw (it would enter N); whoever asks.
    if (status == core::EntrantStatus::Withdrawn && m_before == core::EntrantStatus::Registered)
        throw core::StoreError(
            core::StoreError::Kind::Refused,
            tr("%1 never checked in: only an entrant who started can withdraw.").arg(m_names));
    eventDay().setEntrantStatus(eventId(), m_unit, status);
}

} // namespace flickdesk::ui
