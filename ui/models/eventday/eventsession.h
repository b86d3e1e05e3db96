#pragma once

// One event on its day: the models a director works with (entrants with check-in, the payout
// preview, the player search) and the undo stack of every edit. Each edit is a command
// (widgets/commands/) that makes its one write through the store; the store announces what each
// write touched (core/store/storechange.h), whoever made it, and the session brings its models in
// step and says so in typed signals. An edit the store refuses never reaches the stack. Once the event is
// awarded its points are frozen (DECISIONS P2): the stack is cleared and every further edit is refused.

#include "core/awards/monthlocks.h"
#include "core/records/eventdayrecords.h"
#include "core/records/eventrecords.h"
#include "core/records/monthlock.h"
#include "core/store/storechange.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace flickdesk::ui {

class EntrantListModel;
class MonthLockTask;
class PayoutPreviewModel;
class PlayerSearchModel;

class EventSession : public QObject, public EventEditTarget {
    Q_OBJECT
    Q_PROPERTY(bool editable READ isEditable NOTIFY editableChanged)

public:
    // Loads the event; isValid() is false, with lastError(), when the store has no such event.
    EventSession(core::Store& store, const QString& eventId, QObject* parent = nullptr);
    ~EventSession() override;

    core::Store& store() const { return m_store; }
    core::EventDayStore& eventDay() const override;
    core::PlayerStore& players() const override;
    // The awards' area, for a view that reads the event's award (the panels).
    core::HistoryStore& history() const;
    QString eventId() const override { return m_eventId; }
    bool isValid() const { return m_event.has_value(); }
    // The event's own fields and status (its units are in entrants()).
    const core::EventRecord& event() const override;
    // Not awarded, and the store is writable.
    bool isEditable() const;
    bool isAwarded() const;
    QString lastError() const { return m_lastError; }

    QUndoStack* undoStack() const { return m_undoStack; }
    EntrantListModel* entrants() const { return m_entrants; }
    PayoutPreviewModel* payoutPreview() const { return m_payoutPreview; }
    PlayerSearchModel* playerSearch() const { return m_playerSearch; }
    // The lock of the event's month is being computed in the background (it was not stored): the
    // preview and the points wait for it, Award is refused until it is ready.
    bool isComputingRatings() const { return !m_lockTask.isNull(); }
    QString lockMonth() const { return m_lockMonth; }
    // DECISIONS P1: the lock of the event's month, kept here (read once, or computed in the
    // background; empty of players while it is computed): what the payout preview, the rating
    // column and the award's check read. lockedRatingsChanged() says when it is another.
    const core::MonthLockRatings& lockedRatings() const { return m_lockedRatings; }

    // ---- edits, each one undoable command. On refusal: false (or nothing), lastError() and
    // errorOccurred() say why, and nothing changed.
    std::optional<QString> addPlayer(const QString& name, const QString& location,
                                     const QString& associationId = {});
    std::optional<int> addEntrant(const QStringList& playerIds,
                                  core::EntrantStatus status = core::EntrantStatus::Registered);
    bool removeEntrant(int unit);
    bool setEntrantStatus(int unit, core::EntrantStatus status);
    // Check-in: started when checked, registered when not. Consecutive toggles of one entrant merge
    // into one undo step.
    bool setCheckedIn(int unit, bool checkedIn);
    // Checks in every registered entrant at once, one undo step; in doubles only teams of two (a
    // player without a partner stays registered). How many were checked in; nullopt when refused.
    std::optional<int> checkInAllRegistered();
    bool pairPartners(int unit, int partnerUnit);
    bool setTeam(int unit, const QStringList& playerIds);
    // The standings as listed, whole or in part: a part is work in progress, stored as such (places
    // missing or tied are never rated or awarded; a finished event goes back to started with them).
    // `description` names the undo step ("Place 3 for Anna Kowalski"); empty: "Enter standings".
    bool setStandings(const std::vector<core::Placing>& listed, const QString& description = {});
    bool setGames(const std::vector<core::GameRecord>& games);
    // Planned -> started -> finished (awarding is award()).
    bool setEventStatus(core::EventStatus status);
    bool updateEvent(const core::EventDraft& draft);
    // A player's name and location, and a local player's new id (empty: it stays); one undo step.
    bool editPlayer(const QString& playerId, const QString& name, const QString& location,
                    const QString& newId = {});
    // A local player merged into `intoId`: all their entries move (one undo step).
    bool mergePlayer(const QString& playerId, const QString& intoId);

    core::ResultsValidation validateResults();
    // DECISIONS N4: takes the offer to break every tie by the listed order (one undoable step).
    bool breakTiesByListedOrder();
    // Places 1..N to `units` in the order given (the Results tab's listed order), as one undoable
    // step: places are never numbered unless the director asks.
    bool numberInListedOrder(const std::vector<int>& units);
    // DECISIONS P2: awards the finished event (core::awardEvent) and freezes it: not undoable;
    // the undo stack is cleared and edits are refused from then on.
    bool award();

    // A command's undo or redo failed: the models are read again from the store and the stack,
    // which no longer matches the database, is cleared.
    void commandFailed(const QString& command, const QString& message) override;

Q_SIGNALS:
    void errorOccurred(const QString& message);
    void editableChanged(bool editable);
    void eventUpdated();   // name, date, format, tier, status...
    void resultsChanged(); // standings or games
    // Entrants added, removed or changed (`units`; empty: any of them), the model is in step.
    void entrantsChanged(const QList<int>& units);
    // A player was added, renamed, merged or given another id.
    void playersChanged();
    // The lock of the event's month is another (it arrived, or the history before it changed).
    void lockedRatingsChanged();
    void awarded();
    // The lock of the event's month began or ended computing in the background.
    void ratingsComputingChanged(bool computing);
    // Sweep `sweep` of at most `maxSweeps` of the lock being computed.
    void ratingsProgress(int sweep, int maxSweeps);
    // The rated history changed (Store::historyGeneration) through this session: an award, or an
    // edit, undo or redo of a finished event's results or players. The views of the whole history
    // (ratings, Tour standings, Tier report) check whether what they show is still current.
    void historyChanged();

private:
    // `identity`: a player's name or id (DECISIONS D1a), allowed in an awarded event too.
    bool push(std::unique_ptr<EventCommand> command, bool identity = false);
    bool requireEditable();
    void fail(const QString& message);
    void reload();
    void loadLockedRatings();
    void setLockedRatings(core::MonthLockRatings ratings);
    // What a write of the store touched (Store::addChangeListener), this session's or another's.
    void storeChanged(const core::StoreChange& change);
    void syncEvent();
    void syncEntrants(const QList<int>& units);
    void lockComputed();
    void noteHistoryChange();

    core::Store& m_store;
    core::MonthLocks m_locks{m_store}; // the lock of a month (DECISIONS P1), kept for the award
    QString m_eventId;
    std::optional<core::EventRecord> m_event; // without units and games
    QString m_lockMonth;
    core::MonthLockRatings m_lockedRatings; // of m_lockMonth
    int m_storeListener = 0;
    QString m_lastError;
    bool m_editable = false;
    QUndoStack* m_undoStack = nullptr;
    EntrantListModel* m_entrants = nullptr;
    PayoutPreviewModel* m_payoutPreview = nullptr;
    PlayerSearchModel* m_playerSearch = nullptr;
    QPointer<MonthLockTask> m_lockTask; // computing the lock of m_lockMonth
    bool m_announcingOwnLock = false;   // announcing the lock m_lockTask stored (lockComputed)
    qint64 m_historyGeneration = -1;    // Store::historyGeneration as last seen (noteHistoryChange)
};

} // namespace flickdesk::ui
