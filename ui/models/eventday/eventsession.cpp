#include "models/eventday/eventsession.h"

#include "core/awards/awarding.h"
#include "core/awards/payout.h"
#include "core/store/store.h"
#include "models/commands/addentrantcommand.h"
#include "models/commands/addplayercommand.h"
#include "models/commands/checkinallcommand.h"
#include "models/commands/editplayercommand.h"
#include "models/commands/pairpartnerscommand.h"
#include "models/commands/removeentrantcommand.h"
#include "models/commands/setentrantstatuscommand.h"
#include "models/commands/seteventstatuscommand.h"
#include "models/commands/setgamescommand.h"
#include "models/commands/setstandingscommand.h"
#include "models/commands/setteamcommand.h"
#include "models/commands/updateeventcommand.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/monthlocktask.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "models/eventday/playersearchmodel.h"

#include <QUndoStack>
#include <algorithm>

namespace flickdesk::ui {

namespace {

// Whether the entrant list shows `stored` as `shown` already (its players by id, name and town).
bool sameRow(const core::Entrant& shown, const core::Entrant& stored)
{
    if (shown.status != stored.status || shown.place != stored.place || shown.listed != stored.listed ||
        shown.players.size() != stored.players.size())
        return false;
    for (std::size_t i = 0; i < shown.players.size(); ++i) {
        const core::PlayerRecord& a = shown.players[i];
        const core::PlayerRecord& b = stored.players[i];
        if (a.id != b.id || a.name != b.name || a.location != b.location)
            return false;
    }
    return true;
}

} // namespace

EventSession::EventSession(core::Store& store, const QString& eventId, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_eventId(eventId)
    , m_undoStack(new QUndoStack(this))
    , m_entrants(new EntrantListModel(this))
    , m_payoutPreview(new PayoutPreviewModel(this))
    , m_playerSearch(new PlayerSearchModel(store, this))
{
    m_entrants->setCheckInHandler([this](int unit, bool checkedIn) { return setCheckedIn(unit, checkedIn); });
    // The lock is the session's: the models read it where it is kept.
    m_entrants->setLockedRatings(&m_lockedRatings);
    m_payoutPreview->setEntrants(m_entrants, &m_lockedRatings);
    connect(m_playerSearch, &PlayerSearchModel::searchFailed, this, &EventSession::fail);
    reload();
    noteHistoryChange();
    // Every write of the store, this session's commands, its undo, an award, an import or a merge
    // from elsewhere in the window, is announced once it is committed: the models follow it here.
    m_storeListener =
        m_store.addChangeListener([this](const core::StoreChange& change) { storeChanged(change); });
}

void EventSession::storeChanged(const core::StoreChange& change)
{
    if (!m_event)
        return;
    if (change.touchesEvent(m_eventId, core::StoreChange::Event | core::StoreChange::Awards))
        syncEvent(); // the lock too, when the event moved to another month
    if (change.touchesEvent(m_eventId, core::StoreChange::Entrants))
        syncEntrants(change.units);
    if (change.touchesEvent(m_eventId, core::StoreChange::Results))
        Q_EMIT resultsChanged();
    if (change.touches(core::StoreChange::Players)) {
        m_playerSearch->refresh();
        Q_EMIT playersChanged();
    }
    if (m_event && change.touchesLockOf(m_lockMonth) && !m_announcingOwnLock) {
        // The history before the month, or its stored lock, changed: read it (or compute it) again.
        m_lockMonth.clear();
        loadLockedRatings();
    }
    if (change.touches(core::StoreChange::History))
        noteHistoryChange();
}

void EventSession::noteHistoryChange()
{
    qint64 generation = 0;
    try {
        generation = m_store.historyGeneration(); // one row: cheap beside the write it follows
    } catch (const core::StoreError&) {
        return;
    }
    const bool changed = m_historyGeneration >= 0 && generation != m_historyGeneration;
    m_historyGeneration = generation;
    if (changed)
        Q_EMIT historyChanged();
}

core::EventDayStore& EventSession::eventDay() const
{
    return m_store;
}

core::PlayerStore& EventSession::players() const
{
    return m_store;
}

core::HistoryStore& EventSession::history() const
{
    return m_store;
}

EventSession::~EventSession()
{
    m_store.removeChangeListener(m_storeListener);
    if (m_lockTask)
        m_lockTask->cancel(); // it finishes and goes on its own
}

const core::EventRecord& EventSession::event() const
{
    static const core::EventRecord none;
    return m_event ? *m_event : none;
}

bool EventSession::isAwarded() const
{
    return m_event && m_event->status == core::EventStatus::Awarded;
}

bool EventSession::isEditable() const
{
    return m_editable;
}

void EventSession::reload()
{
    try {
        std::optional<core::EventRecord> event = m_store.event(m_eventId);
        if (!event) {
            m_event.reset();
            m_lastError = tr("There is no event %1.").arg(m_eventId);
            m_entrants->setEntrants({});
        } else {
            event->units.clear();
            event->games.clear();
            m_event = std::move(event);
            m_entrants->setFormat(m_event->format);
            m_entrants->setEntrants(m_store.entrants(m_eventId));
            Q_EMIT entrantsChanged({});
        }
    } catch (const core::StoreError& error) {
        fail(error.message());
    }
    syncEvent();
}

void EventSession::loadLockedRatings()
{
    if (!m_event)
        return;
    const std::optional<core::Month> month = core::Month::ofDate(m_event->date);
    if ((month ? month->toString() : m_event->date) == m_lockMonth)
        return;
    const bool wasComputing = isComputingRatings();
    if (m_lockTask) {
        // The event moved to another month: the lock of the old one is no longer wanted (but
        // announced, should it have been stored before it heard: lockComputed).
        disconnect(m_lockTask, &MonthLockTask::progress, this, nullptr);
        m_lockTask->cancel();
        m_lockTask.clear();
    }
    m_lockMonth = month ? month->toString() : m_event->date;
    std::optional<core::MonthLockRatings> stored;
    try {
        // DECISIONS P1: the lock of the event's month, kept in memory, so that a check-in
        // recomputes the preview without a query. Only a stored lock of a modest size is read
        // here: computing one reads the whole history, and a lock of a hundred thousand players
        // takes longer to read than the window may wait; both are done off the GUI thread.
        if (!month)
            throw core::StoreError(core::StoreError::Kind::Refused,
                                   tr("'%1' is not a date of the form YYYY-MM-DD.").arg(m_event->date));
        if (m_locks.quickToRead(*month))
            stored = m_locks.ready(*month);
    } catch (const core::StoreError& error) {
        fail(error.message()); // the preview goes on with every player unseen (N6)
        stored = core::MonthLockRatings{};
    }
    if (stored) {
        m_entrants->setRatingsPending(false);
        setLockedRatings(*stored);
        if (wasComputing)
            Q_EMIT ratingsComputingChanged(false);
        return;
    }
    core::MonthLockRatings waiting; // until the lock arrives: no player rated yet
    waiting.month = m_lockMonth;
    m_entrants->setRatingsPending(true);
    setLockedRatings(waiting);
    m_lockTask = MonthLockTask::create(m_store, m_lockMonth);
    connect(m_lockTask, &MonthLockTask::progress, this, &EventSession::ratingsProgress);
    connect(m_lockTask, &MonthLockTask::finished, this, &EventSession::lockComputed);
    m_lockTask->start();
    if (!wasComputing)
        Q_EMIT ratingsComputingChanged(true);
}

void EventSession::lockComputed()
{
    auto* task = qobject_cast<MonthLockTask*>(sender());
    if (task == nullptr)
        return;
    const MonthLockTask::Outcome outcome = task->outcome();
    if (outcome.stored && outcome.computations > 0) {
        // Stored through the task's own connection (Store::openWorker), which announces to nobody:
        // announced here, so that whoever shows stored locks (the Ratings tab, the player page)
        // learns of it. This session takes the lock below: it does not read it again.
        m_announcingOwnLock = task == m_lockTask;
        m_store.announce(core::StoreChange::locks(task->month()));
        m_announcingOwnLock = false;
    }
    if (task != m_lockTask || task->month() != m_lockMonth)
        return; // an old month's lock
    m_lockTask.clear();
    m_entrants->setRatingsPending(false);
    if (outcome.ratings) {
        // Into the session's memory too: the award takes it without computing again.
        try {
            m_locks.remember(*outcome.ratings, outcome.generation, outcome.parameters);
        } catch (const core::StoreError&) { // only a saving: the store computes it when asked
        }
        setLockedRatings(*outcome.ratings);
    } else if (!outcome.error.isEmpty()) {
        fail(outcome.error); // the preview goes on with every player unseen (N6)
    }
    Q_EMIT ratingsComputingChanged(false);
}

void EventSession::setLockedRatings(core::MonthLockRatings ratings)
{
    m_lockedRatings = std::move(ratings);
    m_entrants->setLockedRatings(&m_lockedRatings); // the rating column, and the preview after it
    m_playerSearch->setLockedRatings(&m_lockedRatings);
    Q_EMIT lockedRatingsChanged();
}

void EventSession::syncEvent()
{
    if (m_event) {
        try {
            if (std::optional<core::EventRecord> event = m_store.event(m_eventId)) {
                event->units.clear();
                event->games.clear();
                m_event = std::move(event);
            }
        } catch (const core::StoreError& error) {
            fail(error.message());
        }
        m_entrants->setFormat(m_event->format);
        loadLockedRatings();
        // The terms the award will use (core/awards/payout.h); an event without a tier is previewed at
        // Tier 3's floor, the lowest.
        const core::PayoutTerms terms = core::payoutTermsOf(*m_event);
        m_payoutPreview->setTerms(terms.format, terms.tier, terms.experimentalCap);
        Q_EMIT eventUpdated();
    }
    const bool editable = m_event && m_event->status != core::EventStatus::Awarded && !m_store.isReadOnly();
    m_entrants->setEditable(editable);
    if (editable != m_editable) {
        m_editable = editable;
        Q_EMIT editableChanged(m_editable);
    }
}

void EventSession::syncEntrants(const QList<int>& units)
{
    try {
        if (units.isEmpty()) {
            // Any of them: only the rows that differ get dataChanged (a place, a name, a status).
            std::vector<core::Entrant> stored = m_store.entrants(m_eventId);
            std::vector<int> gone;
            for (const core::Entrant& shown : m_entrants->entrants()) {
                if (std::none_of(stored.begin(), stored.end(),
                                 [&](const core::Entrant& e) { return e.number == shown.number; }))
                    gone.push_back(shown.number);
            }
            for (const int unit : gone)
                m_entrants->removeEntrant(unit);
            for (core::Entrant& entrant : stored) {
                const core::Entrant* shown = m_entrants->entrant(entrant.number);
                if (!shown || !sameRow(*shown, entrant))
                    m_entrants->updateEntrant(std::move(entrant));
            }
        } else {
            for (const int unit : units) {
                if (std::optional<core::Entrant> entrant = m_store.entrant(m_eventId, unit))
                    m_entrants->updateEntrant(std::move(*entrant));
                else
                    m_entrants->removeEntrant(unit);
            }
        }
    } catch (const core::StoreError& error) {
        fail(error.message());
    }
    Q_EMIT entrantsChanged(units);
}

void EventSession::commandFailed(const QString& command, const QString& message)
{
    fail(tr("%1: %2 The undo history was cleared.").arg(command, message));
    reload();
    // Not from inside the stack's own undo() or redo(): once they have returned.
    QMetaObject::invokeMethod(m_undoStack, &QUndoStack::clear, Qt::QueuedConnection);
}

void EventSession::fail(const QString& message)
{
    m_lastError = message;
    Q_EMIT errorOccurred(message);
}

bool EventSession::requireEditable()
{
    if (m_editable)
        return true;
    if (!m_event)
        fail(tr("There is no event %1.").arg(m_eventId));
    else if (m_store.isReadOnly())
        fail(m_store.readOnlyReason());
    else
        // DECISIONS P2: an awarded event is frozen.
        fail(tr("Event %1 is awarded: its points are frozen, and it is no longer edited here.")
                 .arg(m_eventId));
    return false;
}

bool EventSession::push(std::unique_ptr<EventCommand> command, bool identity)
{
    // DECISIONS D1a: a name or id is corrected before and after an award; the points stay frozen.
    if (identity && m_event && m_store.isReadOnly()) {
        fail(m_store.readOnlyReason());
        return false;
    }
    if (!(identity && m_event) && !requireEditable())
        return false;
    if (!command->apply()) {
        fail(command->error());
        return false;
    }
    m_lastError.clear();
    m_undoStack->push(command.release());
    return true;
}

std::optional<QString> EventSession::addPlayer(const QString& name, const QString& location,
                                               const QString& associationId)
{
    auto command = std::make_unique<AddPlayerCommand>(*this, name, location, associationId);
    AddPlayerCommand* added = command.get();
    if (!push(std::move(command)))
        return std::nullopt;
    return added->playerId();
}

std::optional<int> EventSession::addEntrant(const QStringList& playerIds, core::EntrantStatus status)
{
    auto command = std::make_unique<AddEntrantCommand>(*this, playerIds, status);
    AddEntrantCommand* added = command.get();
    if (!push(std::move(command)))
        return std::nullopt;
    return added->unit();
}

bool EventSession::editPlayer(const QString& playerId, const QString& name, const QString& location,
                              const QString& newId)
{
    const std::optional<core::PlayerRecord> before = m_store.player(playerId);
    if (!before) {
        fail(tr("There is no player %1.").arg(playerId));
        return false;
    }
    return push(std::make_unique<EditPlayerCommand>(*this, *before, name, location, newId), true);
}

bool EventSession::mergePlayer(const QString& playerId, const QString& intoId)
{
    return push(std::make_unique<MergePlayerCommand>(*this, playerId, intoId), true);
}

bool EventSession::removeEntrant(int unit)
{
    return push(std::make_unique<RemoveEntrantCommand>(*this, unit));
}

bool EventSession::setEntrantStatus(int unit, core::EntrantStatus status)
{
    const core::Entrant* entrant = m_entrants->entrant(unit);
    if (!entrant) {
        fail(tr("Event %1 has no entrant %2.").arg(m_eventId).arg(unit));
        return false;
    }
    if (entrant->status == status)
        return true;
    // DECISIONS P3: only a unit that began (checked in) can withdraw and stay in N; one that leaves
    // before starting is removed, or stays registered.
    if (status == core::EntrantStatus::Withdrawn && entrant->status == core::EntrantStatus::Registered) {
        fail(tr("%1 never checked in: only an entrant who started can withdraw (and still count in the "
                "field). Remove them, or leave them registered.")
                 .arg(m_entrants->unitName(unit)));
        return false;
    }
    return push(std::make_unique<SetEntrantStatusCommand>(*this, unit, entrant->status, status));
}

bool EventSession::setCheckedIn(int unit, bool checkedIn)
{
    return setEntrantStatus(unit, checkedIn ? core::EntrantStatus::Started : core::EntrantStatus::Registered);
}

std::optional<int> EventSession::checkInAllRegistered()
{
    std::vector<int> units;
    const bool doubles = m_entrants->format() == engine::EventFormat::Doubles;
    for (const core::Entrant& entrant : m_entrants->entrants()) {
        if (entrant.status == core::EntrantStatus::Registered && (!doubles || entrant.players.size() == 2))
            units.push_back(entrant.number);
    }
    if (units.empty())
        return requireEditable() ? std::optional<int>(0) : std::nullopt;
    const int count = static_cast<int>(units.size());
    if (!push(std::make_unique<CheckInAllCommand>(*this, std::move(units))))
        return std::nullopt;
    return count;
}

bool EventSession::pairPartners(int unit, int partnerUnit)
{
    return push(std::make_unique<PairPartnersCommand>(*this, unit, partnerUnit));
}

bool EventSession::setTeam(int unit, const QStringList& playerIds)
{
    return push(std::make_unique<SetTeamCommand>(*this, unit, playerIds));
}

bool EventSession::setStandings(const std::vector<core::Placing>& listed, const QString& description)
{
    auto command = std::make_unique<SetStandingsCommand>(*this, listed);
    if (!description.isEmpty())
        command->setText(description);
    return push(std::move(command));
}

bool EventSession::setGames(const std::vector<core::GameRecord>& games)
{
    return push(std::make_unique<SetGamesCommand>(*this, games));
}

bool EventSession::setEventStatus(core::EventStatus status)
{
    if (status == core::EventStatus::Awarded) {
        // DECISIONS P2: awarding is its own act.
        fail(tr("An event is awarded by awarding its points, not by its status."));
        return false;
    }
    if (m_event && m_event->status == status)
        return true;
    return push(std::make_unique<SetEventStatusCommand>(*this, status));
}

bool EventSession::updateEvent(const core::EventDraft& draft)
{
    return push(std::make_unique<UpdateEventCommand>(*this, draft));
}

core::ResultsValidation EventSession::validateResults()
{
    try {
        return core::validateResults(m_store, m_eventId);
    } catch (const core::StoreError& error) {
        fail(error.message());
    }
    return {};
}

bool EventSession::breakTiesByListedOrder()
{
    const core::ResultsValidation validation = validateResults();
    if (!validation.hasTies())
        return true;
    auto command = std::make_unique<SetStandingsCommand>(*this, validation.tieBreak);
    command->setText(tr("Break ties by the listed order"));
    return push(std::move(command));
}

bool EventSession::numberInListedOrder(const std::vector<int>& units)
{
    std::vector<core::Placing> listed;
    for (const int unit : units)
        listed.push_back({unit, static_cast<int>(listed.size()) + 1});
    auto command = std::make_unique<SetStandingsCommand>(*this, std::move(listed));
    command->setText(tr("Number places in listed order"));
    return push(std::move(command));
}

bool EventSession::award()
{
    if (!requireEditable())
        return false;
    if (isComputingRatings()) {
        fail(tr("The ratings of %1 are still being computed; award the points once they are ready.")
                 .arg(m_lockMonth));
        return false;
    }
    try {
        core::awardEvent(m_locks, m_eventId);
    } catch (const core::StoreError& error) {
        fail(error.message());
        return false;
    }
    // DECISIONS P2: what was awarded is frozen; nothing before it can be undone from here.
    m_undoStack->clear();
    m_lastError.clear();
    Q_EMIT awarded(); // the models followed the store's announcement already
    return true;
}

} // namespace flickdesk::ui
