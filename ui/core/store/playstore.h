#pragma once

// An event's day of play in the FlickDesk database (core/store/store.h, issue 28): its format with
// every setting, seed and hand-set groups, each score with the two units it was entered for, the
// shoot-out orders, the withdrawals during play and the places set by hand with their reasons. The
// store keeps what the desk recorded; the engine (flickdesk/engine/playday.h) computes the draw,
// standings and places from it. The units are the event's entrants that began (DECISIONS P3), each
// named by its entrant number ("7"): a player in singles, a team in doubles.

#include "core/store/storeconnection.h"
#include "flickdesk/engine/playday.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace flickdesk::core {

// The format as JSON, every setting by name (the store's column, and the submission file's later).
// Reading refuses (nothing, with `problem` in words) a text that is not such an object; a setting
// left out takes the engine's default.
QByteArray playFormatJson(const engine::play::Format& format);
std::optional<engine::play::Format> playFormatFromJson(const QByteArray& json, QString* problem = nullptr);

// The rating of each unit (entrant number -> rating) for the first stage's snake seeding (DECISIONS
// G4): the caller's, from the month's lock; the store computes no rating. A unit left out has 0.
using PlayRatings = std::map<int, double>;

// What is stored of an event's play besides its scores.
struct PlaySetup {
    engine::play::Format format;
    std::uint64_t seed = 0;
    std::vector<std::vector<engine::play::UnitId>> handGroups;
    // Issue 28 item 5: the stages started (PlayInput::stagesStarted); 0: no gate (a play stored
    // before stages were started one by one, or written whole).
    int stagesStarted = 0;
};

// One stored score with the sides it was entered for and when.
struct PlayScoreRecord {
    engine::play::GameKey key;
    engine::play::UnitId a;
    engine::play::UnitId b;
    engine::play::Score score;
    QDateTime entered;
};

class PlayStore : public virtual StoreConnection {
public:
    // ---- the day of play. Every write is one transaction, logged in the audit log (action
    // "play-..."), refused on a read-only store (StoreError::ReadOnly) and announced with
    // StoreChange::Play for the event. StoreError::Refused, with the reason in a director's words
    // and nothing written, for a request the play forbids.

    std::optional<PlaySetup> playSetup(const QString& eventId);
    // The format and seed, replacing any earlier: refused for an unknown event, a format the event's
    // field cannot play (engine::play::formatProblem), and once any score is stored (the format can
    // change only before play starts).
    void setPlayFormat(const QString& eventId, const engine::play::Format& format, std::uint64_t seed);
    // Seeding::Hand: the first stage's groups (entrant numbers). Refused once any score is stored.
    void setPlayHandGroups(const QString& eventId,
                           const std::vector<std::vector<engine::play::UnitId>>& groups);

    // The units of the play: the entrants that began, by number, named by their players.
    std::vector<engine::play::PlayUnit> playUnits(const QString& eventId, const PlayRatings& ratings);
    // Everything recorded, ready for engine::play::computePlay. Refused when the event has no format.
    engine::play::PlayInput playInput(const QString& eventId, const PlayRatings& ratings);
    std::vector<PlayScoreRecord> playScores(const QString& eventId); // by game key

    // A score for a game of the current draw (engine::play::entryProblem against the play computed
    // from what is stored): refused when the game has a score already (correct it), is not drawn, is
    // a bye or walkover, or the score is not a possible one of its stage. Stored with the game's two
    // sides (PlayInput::enteredFor).
    void recordScore(const QString& eventId, const PlayRatings& ratings, const engine::play::GameKey& key,
                     const engine::play::Score& score);
    // A stored score replaced, checked as a new one is; the audit keeps the score before and after.
    void correctScore(const QString& eventId, const PlayRatings& ratings, const engine::play::GameKey& key,
                      const engine::play::Score& score);
    // A stored score removed (the audit keeps it). Refused when the game has no score.
    void clearScore(const QString& eventId, const engine::play::GameKey& key);

    // A shoot-out's order for the stage and group (-1: across the stage's groups), replacing any
    // earlier; an empty order removes it.
    void setShootOut(const QString& eventId, const engine::play::ShootOutOrder& order);
    // DECISIONS G7: the unit withdraws from (stage, round) on, replacing any earlier withdrawal of
    // it; `clearWithdrawal` takes it back (refused when there is none). Refused for a unit that is not
    // in the play.
    void setWithdrawal(const QString& eventId, const engine::play::Withdrawal& withdrawal);
    void clearWithdrawal(const QString& eventId, const engine::play::UnitId& unit);
    // DECISIONS G6: a place set by hand against the play; a reason is required. clearHandPlace gives
    // the unit its place from the play again (refused when it has none set by hand).
    void setHandPlace(const QString& eventId, const engine::play::HandPlace& place);
    void clearHandPlace(const QString& eventId, const engine::play::UnitId& unit);

    // ---- advancing (issue 28 item 5) and groups by hand (DECISIONS G4).

    // The advancement into `stage` (1 or more) confirmed: the stage, shown before as a preview, takes
    // scores from now on. Refused unless the play computed from what is stored shows that stage as
    // its preview (the stage before complete, every tie that decides who goes on broken), and for a
    // play stored with every stage open.
    void startPlayStage(const QString& eventId, const PlayRatings& ratings, int stage);
    // The advancement into `stage` taken back: the stage is a preview again. Refused unless it is the
    // last stage started, and once any of its games has a score.
    void undoPlayStageStart(const QString& eventId, int stage);
    // The first stage's seeding and, with Seeding::Hand, its groups (entrant numbers), in one write.
    // Refused once any score is stored, for a first stage that has no groups (random rounds), and
    // for groups that do not hold every unit once in the format's number of groups.
    void setPlayFirstSeeding(const QString& eventId, engine::play::Seeding seeding,
                             const std::vector<std::vector<engine::play::UnitId>>& groups);

protected:
    PlayStore() = default;
    ~PlayStore() = default;

private:
    void writeScore(const QString& eventId, const PlayRatings& ratings, const engine::play::GameKey& key,
                    const engine::play::Score& score, bool correction);
};

// DECISIONS G8: the whole recorded play of an event added by import-event (the submission file's
// play): its format, seed and hand-set groups, every score with its two sides, the shoot-out orders,
// the withdrawals and the places set by hand (`play`'s units are not read: they are the event's
// entrants). Written inside the transaction the caller holds (HistoryStore::addEvent), so that the
// event and its day come in together or not at all; the event must have no play yet.
// StoreError::Refused for a hand-set place without its reason (G6), or a game key the store cannot hold.
void insertWholePlay(StoreConnection::Private& d, const QString& eventId,
                     const engine::play::PlayInput& play);

} // namespace flickdesk::core
