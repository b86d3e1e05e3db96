#include "models/commands/eventcommand.h"

#include "core/store/eventdaystore.h"
#include "core/store/playerstore.h"

#include <QCoreApplication>

namespace flickdesk::ui {

QString playerNames(core::PlayerStore& store, const QStringList& playerIds)
{
    QStringList names;
    try {
        for (const core::PlayerRecord& player : store.players(playerIds))
            names.append(player.name.isEmpty() ? player.id : player.name);
    } catch (const core::StoreError&) {
        names.clear(); // the ids say it then
    }
    return (names.size() == playerIds.size() ? names : playerIds).join(QStringLiteral(" / "));
}

QString unitNames(EventEditTarget& session, int unit)
{
    std::optional<core::Entrant> entrant;
    try {
        entrant = session.eventDay().entrant(session.eventId(), unit);
    } catch (const core::StoreError&) {
        entrant.reset();
    }
    if (!entrant || entrant->players.empty())
        return QCoreApplication::translate("flickdesk::ui::EventCommand", "entrant %1").arg(unit);
    QStringList names;
    for (const core::PlayerRecord& player : entrant->players)
        names.append(player.name.isEmpty() ? player.id : player.name);
    return names.join(QStringLiteral(" / "));
}

EventCommand::EventCommand(EventEditTarget& session, const QString& text)
    : QUndoCommand(text)
    , m_session(session)
{
}

core::EventDayStore& EventCommand::eventDay() const
{
    return m_session.eventDay();
}

core::PlayerStore& EventCommand::players() const
{
    return m_session.players();
}

QString EventCommand::eventId() const
{
    return m_session.eventId();
}

bool EventCommand::apply()
{
    try {
        doRedo();
    } catch (const core::StoreError& error) {
        m_error = error.message();
        return false;
    }
    m_applied = true;
    return true;
}

void EventCommand::redo()
{
    if (m_applied) { // QUndoStack::push() redoes what apply() did already
        m_applied = false;
        return;
    }
    try {
        doRedo();
    } catch (const core::StoreError& error) {
        m_session.commandFailed(text(), error.message());
    }
}

void EventCommand::undo()
{
    m_applied = false;
    try {
        doUndo();
    } catch (const core::StoreError& error) {
        m_session.commandFailed(text(), error.message());
    }
}

} // namespace flickdesk::ui
