#pragma once

// The day of play of one event in the window (issue 28, docs/play.md): the play computed from what
// the store holds (engine::play::computePlay on PlayStore::playInput), kept in step with the store
// (StoreWatcher: Play and Entrants of the event, and the month's lock for the seeding), and the
// desk's writes: the format at the start, each score (its own transaction and one undo step on the
// event's undo stack), a shoot-out order, and the places written into the event's standings.

#include "core/records/eventdayrecords.h"
#include "core/store/playstore.h"
#include "core/store/storefwd.h"
#include "flickdesk/engine/playday.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

namespace flickdesk::ui {

class EventSession;
class StoreWatcher;

// DECISIONS G4: each unit's rating for the snake seeding is the month's locked rating of its player
// (a team: the mean of its partners'), a player the lock does not know the lock's unseen rating (N6).
// The same figures as the command line's (`flickdesk-cli play`), from the session's lock in memory:
// a play started at either desk draws the same groups at the other.
core::PlayRatings playRatings(const EventSession& session);

class PlaySession : public QObject {
    Q_OBJECT
public:
    PlaySession(EventSession& session, QObject* parent = nullptr);

    EventSession& eventSession() const { return *m_session; }
    // A format is stored: the play has started (or is ready to).
    bool hasFormat() const { return m_input.has_value(); }
    const engine::play::PlayInput* input() const { return m_input ? &*m_input : nullptr; }
    const engine::play::PlayState& state() const { return m_state; }
    // The name of a unit ("Ann Lee", a team "Ann Lee / Bo Chan").
    QString unitName(const engine::play::UnitId& unit) const;
    // Whether the game belongs to a playoff stage (a level score is not a result there).
    bool isPlayoff(const engine::play::GameKey& key) const;
    const engine::play::StageSettings* settingsOf(const engine::play::GameKey& key) const;

    // The units that began with their ratings, and the play a format would give them before it is
    // stored (the groups and their mean ratings shown before Start).
    std::vector<engine::play::PlayUnit> units() const;
    engine::play::PlayState preview(const engine::play::Format& format) const;
    // The seed of the event's draws: from the event's id, so that a draw is repeatable from its data.
    std::uint64_t seed() const;

    // ---- writes; false with lastError() (in words) when refused, nothing written.
    bool start(const engine::play::Format& format);
    // `text` as the director types it ("6 2 3 1"); one undo step.
    bool enterScore(const engine::play::GameKey& key, const QString& text);
    bool setShootOut(const engine::play::ShootOutOrder& order);
    // The event's standings are the play's final places already (Use These Places has nothing to do).
    bool placesInResults() const;
    // The play's places into the event's standings (EventSession::setStandings; the Results tab shows
    // them), refused until the places are final. DECISIONS G8, N3: and, when `rateFromGames`, the finished
    // day's games into the event's games (core::playGameRecords), so that the event is rated from its
    // games; otherwise the event's games are cleared and it is rated from its places. One undo step.
    bool usePlaces(bool rateFromGames);
    // The event's results are the play's places and, as `rateFromGames` says, its games or none.
    bool resultsAreThePlay(bool rateFromGames) const;
    // How many games the event's results hold now (rated from its games when any).
    int eventGameCount() const;
    // DECISIONS G7: the unit withdraws from (stage, round) on: its games from there are walkovers, it
    // keeps its place. takeBackWithdrawal gives it its games again. One undo step each.
    bool withdraw(const engine::play::Withdrawal& withdrawal);
    bool takeBackWithdrawal(const engine::play::UnitId& unit);
    std::optional<engine::play::Withdrawal> withdrawalOf(const engine::play::UnitId& unit) const;
    // The round a withdrawal now starts from: the unit's first game of the current stage without a
    // result, else the round after its last.
    engine::play::Withdrawal currentRoundOf(const engine::play::UnitId& unit) const;
    // DECISIONS G6: a place set by hand against the play, with its reason (required); clearHandPlace
    // gives the unit its place from the play again. One undo step each.
    bool setHandPlace(const engine::play::HandPlace& place);
    bool clearHandPlace(const engine::play::UnitId& unit);
    std::optional<engine::play::HandPlace> handPlaceOf(const engine::play::UnitId& unit) const;
    // A game as a director names it: "Group A, round 3, board 2 (Ann Lee v Bo Chan)".
    QString gameInWords(const engine::play::GameKey& key) const;
    QString lastError() const { return m_lastError; }

    // ---- advancing (issue 28 item 5) and groups by hand (DECISIONS G4): each one undo step.
    // The stage shown as the advancement's preview (state().awaitingStart) started: its games take
    // scores from now on.
    bool startStage();
    // The last stage started (lastStartedStage) back to a preview; refused once it has a score.
    bool takeBackStart();
    // The last stage the director started (1 or more), or 0 when only the first has.
    int lastStartedStage() const;
    // Whether the groups of the first stage can be changed by hand now: a format whose first stage
    // plays in groups, no score yet and an editable event; else why not in words (`why`).
    bool canMoveUnits(QString* why = nullptr) const;
    // `unit` moved into the first stage's group `group` (0-based), before the first score: the
    // format's seeding becomes by hand, with the groups as they were drawn but for this move.
    bool moveUnit(const engine::play::UnitId& unit, int group);

    void reload();

Q_SIGNALS:
    void changed();
    void errorOccurred(const QString& message);

private:
    bool fail(const QString& message);
    // An edit besides a score (a withdrawal, a place set by hand): `write(store, true)` now, then one
    // undo step whose undo is `write(store, false)`. False, with the store's reason, when refused.
    bool pushEdit(std::function<void(core::Store&, bool)> write, const QString& text);
    QString stageName(int stage) const;

    QPointer<EventSession> m_session;
    StoreWatcher* m_watcher = nullptr;
    std::optional<engine::play::PlayInput> m_input;
    engine::play::PlayState m_state;
    QString m_lastError;
};

} // namespace flickdesk::ui
