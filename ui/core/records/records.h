#pragma once

// The records the FlickDesk database stores and hands out (core/store/store.h): events with their fields,
// standings and games, players, awards and locks, import reports, and the event day's entrants,
// placings and result checks. Plain types and the keywords the files and the command line use; no
// SQL, so that the file readers (core/formats/eventexchange.h) need nothing of the store but these.

#include "flickdesk/engine/history.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace flickdesk::core {

// Who awards Tour points for an event (events.csv `tour`).
enum class Tour {
    Competitive,  // NCA tour
    Recreational, // NCA REC tour
    None,         // feeds ratings only
};

// planned -> started -> finished -> awarded
enum class EventStatus { Planned, Started, Finished, Awarded };
// registered: signed up, has not begun; started: began competition; withdrawn: began and withdrew,
// so stays in the field and is placed (DECISIONS P3).
enum class EntrantStatus { Registered, Started, Withdrawn };

// The words the database, the files and the command line use: "finished", "withdrawn", "competitive".
// Inline, so that the file readers (core/formats/eventexchange.h) need nothing of the store but its types.
inline QString keyword(EventStatus status)
{
    switch (status) {
    case EventStatus::Planned:
        return QStringLiteral("planned");
    case EventStatus::Started:
        return QStringLiteral("started");
    case EventStatus::Finished:
        return QStringLiteral("finished");
    case EventStatus::Awarded:
        break;
    }
    return QStringLiteral("awarded");
}

inline QString keyword(EntrantStatus status)
{
    switch (status) {
    case EntrantStatus::Registered:
        return QStringLiteral("registered");
    case EntrantStatus::Started:
        return QStringLiteral("started");
    case EntrantStatus::Withdrawn:
        break;
    }
    return QStringLiteral("withdrawn");
}

inline QString keyword(Tour tour)
{
    switch (tour) {
    case Tour::Competitive:
        return QStringLiteral("competitive");
    case Tour::Recreational:
        return QStringLiteral("recreational");
    case Tour::None:
        break;
    }
    return QStringLiteral("none");
}

inline QString keyword(engine::EventFormat format)
{
    return format == engine::EventFormat::Doubles ? QStringLiteral("doubles") : QStringLiteral("singles");
}

inline std::optional<engine::EventFormat> eventFormatFromKeyword(const QString& text)
{
    for (const engine::EventFormat format : {engine::EventFormat::Singles, engine::EventFormat::Doubles}) {
        if (text == keyword(format))
            return format;
    }
    return std::nullopt;
}

// A game's winner: side "a", side "b", or "draw".
inline QString keyword(engine::GameOutcome outcome)
{
    switch (outcome) {
    case engine::GameOutcome::WinA:
        return QStringLiteral("a");
    case engine::GameOutcome::WinB:
        return QStringLiteral("b");
    case engine::GameOutcome::Draw:
        break;
    }
    return QStringLiteral("draw");
}

inline std::optional<engine::GameOutcome> gameOutcomeFromKeyword(const QString& text)
{
    for (const engine::GameOutcome outcome :
         {engine::GameOutcome::WinA, engine::GameOutcome::WinB, engine::GameOutcome::Draw}) {
        if (text == keyword(outcome))
            return outcome;
    }
    return std::nullopt;
}

inline std::optional<EventStatus> eventStatusFromKeyword(const QString& text)
{
    for (const EventStatus status :
         {EventStatus::Planned, EventStatus::Started, EventStatus::Finished, EventStatus::Awarded}) {
        if (text == keyword(status))
            return status;
    }
    return std::nullopt;
}

inline std::optional<EntrantStatus> entrantStatusFromKeyword(const QString& text)
{
    for (const EntrantStatus status :
         {EntrantStatus::Registered, EntrantStatus::Started, EntrantStatus::Withdrawn}) {
        if (text == keyword(status))
            return status;
    }
    return std::nullopt;
}

inline std::optional<Tour> tourFromKeyword(const QString& text)
{
    for (const Tour tour : {Tour::Competitive, Tour::Recreational, Tour::None}) {
        if (text == keyword(tour))
            return tour;
    }
    return std::nullopt;
}

// DECISIONS T2: without a Finale setting, a season's Finale is its latest event that may be one: a
// competitive "WCC Singles" (core::defaultFinale over a history, Store::seasonFinaleDates over the
// stored events).
inline bool mayBeDefaultFinale(Tour tour, const QString& eventName)
{
    return tour == Tour::Competitive &&
           eventName.startsWith(QLatin1String("WCC Singles"), Qt::CaseInsensitive);
}

// One unit of an event's field: a player (singles) or a doubles pairing.
struct UnitRecord {
    int number = 0; // 1..N within the event; a doubles unit's team number
    EntrantStatus status = EntrantStatus::Started;
    std::optional<int> place; // the final standing; none before it is known
    QStringList playerIds;    // one, or two partners in seat order
    friend bool operator==(const UnitRecord&, const UnitRecord&) = default;
};

struct GameRecord {
    int number = 0; // 1.. in the order the games were played (DECISIONS N3)
    QStringList sideA;
    QStringList sideB;
    engine::GameOutcome outcome = engine::GameOutcome::WinA;
    friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// An event with its field, standings and games, as stored.
struct EventRecord {
    QString id;   // the association's event id where there is one (events.csv event_id)
    QString date; // YYYY-MM-DD
    QString name;
    engine::EventFormat format = engine::EventFormat::Singles;
    QString group; // who ran it: NCA, NCA REC, UK, ...
    Tour tour = Tour::None;
    std::optional<int> tier;
    QString season;
    std::optional<int> fieldSize; // as declared (events.csv field_size); units that began otherwise
    bool experimental = false;
    std::optional<double> experimentalCap; // DECISIONS P4: the FSI cap of an experimental format
    EventStatus status = EventStatus::Planned;
    QString location; // where it was played ("Tavistock, ON"); empty when not given (older files)
    std::vector<UnitRecord> units; // by unit number
    std::vector<GameRecord> games; // by game number

    friend bool operator==(const EventRecord&, const EventRecord&) = default;

    // The same event, whatever its status (re-importing a history must not undo an award) and in
    // whatever order what has no order is listed: units by number, the partners of a unit and of a
    // game's side. Finishing places and game numbers keep their meaning.
    bool sameContent(const EventRecord& other) const;
};

struct PlayerRecord {
    QString id;   // FlickDesk's id: the association's id, or a local one until it has one (D1)
    QString name; // empty when unknown (the NCA history has no names); never unique
    QString associationId;
    QString location;
};

struct LockedRating {
    QString playerId;
    double mu = 0.0;
    double sigma = 0.0;
    friend bool operator==(const LockedRating&, const LockedRating&) = default;
};

struct PlayerAward {
    QString playerId;
    int place = 0;
    double points = 0.0; // rounded to 0.1 when awarded (DECISIONS P8)
    friend bool operator==(const PlayerAward&, const PlayerAward&) = default;
};

// DECISIONS P2: what an event's awarded points were computed from, frozen with them.
struct AwardRecord {
    int revision = 1;  // 1 when first awarded; each re-award adds one
    QString lockMonth; // YYYY-MM: the monthly lock the ratings come from (DECISIONS P1)
    double fsi = 0.0;
    double fdi = 0.0;
    QString awardedAt;                 // ISO 8601, UTC
    QString reason;                    // why it was re-awarded; empty for the first award
    std::vector<LockedRating> ratings; // the locked rating of every player of the field
    std::vector<PlayerAward> awards;   // every player's award (doubles partners each, P9)
    friend bool operator==(const AwardRecord&, const AwardRecord&) = default;

    // The same award whatever the order of its rating and award rows (they are sets by player).
    bool sameContent(const AwardRecord& other) const;
};

// The same award, or both none, whatever the order of their rows.
bool sameAward(const std::optional<AwardRecord>& a, const std::optional<AwardRecord>& b);

struct EventSummary {
    QString id;
    QString date;
    QString name;
    EventStatus status = EventStatus::Planned;
    engine::EventFormat format = engine::EventFormat::Singles;
    std::optional<int> tier;
    QString season; // the season label, e.g. "15"; empty when none was given
};

struct AuditEntry {
    QString at;
    QString action;
    QString eventId;
    QString details; // JSON
};

// What an import did, or why it did nothing.
struct ImportReport {
    int eventsAdded = 0;
    int eventsUnchanged = 0; // already in the database with identical content: skipped
    int playersAdded = 0;
    int finishes = 0; // player rows of the added events' results
    int games = 0;
    bool parametersChanged = false; // the folder's params.json changed the stored parameters
    // Every defect, by file, line and field; when there is any, nothing was written (DECISIONS D2).
    std::vector<engine::Defect> defects;
    QStringList defectiveEvents; // the ids of the events with a defect, in the order first named

    bool ok() const noexcept { return defects.empty(); }
};

struct RatingListEntry {
    QString playerId;
    QString name;
    double mu = 0.0;
    double sigma = 0.0;
    int line = 0; // in the file, for messages
};

struct RatingsImportReport {
    int players = 0;
    int playersAdded = 0;
    bool replaced = false; // the month had a lock before
    std::vector<engine::Defect> defects;
};

// The monthly lock of one month as a rating run computed it (DECISIONS P1).
struct ComputedLock {
    QString month; // YYYY-MM
    std::vector<LockedRating> ratings;
    // SHA-256 of the history before the month and the parameters (core/formats/historydigest.h):
    // the lock is reused while it is unchanged.
    QString historyDigest;
};

// A row of rating_runs: one FlickSkill run over the stored history and the locks it wrote.
struct RatingRunRecord {
    qint64 id = 0;
    QString createdAt; // ISO 8601, UTC
    QJsonObject parameters;
    QString historyFingerprint; // Store::historyFingerprint() of the history it rated
    int iterations = 0;
    bool converged = false;
    QStringList lockMonths; // the locks it wrote that are still stored, ascending
};

struct RatingRunReport {
    qint64 runId = 0;
    QStringList written;   // months whose lock the run wrote (replacing any earlier one)
    QStringList unchanged; // months whose computed lock already held these ratings: now the run's
    QStringList kept;      // months whose lock an award used (P2) or is an imported NCA list: as they were
};

// ---- the event day: what a director enters on the morning of an event and after it

// What a director sets of an event: everything but its field, its results and its status.
struct EventDraft {
    QString date; // YYYY-MM-DD
    QString name;
    engine::EventFormat format = engine::EventFormat::Singles;
    std::optional<int> tier; // 1, 2 or 3; a Tour event needs one to be awarded
    Tour tour = Tour::None;  // the Tour division; None: the event only feeds ratings (DECISIONS T1)
    QString group;           // who runs it: NCA, NCA REC, ...
    QString season;
    QString location; // where it is played; at most 200 characters, no control characters
    bool experimental = false;
    // DECISIONS P4: the FSI cap of an experimental format; FlickDesk proposes 1.00 and shows it.
    // Stored only for an experimental event.
    double experimentalCap = engine::proposedExperimentalCap;

    static EventDraft of(const EventRecord& event);
    friend bool operator==(const EventDraft&, const EventDraft&) = default;
};

// One unit of an event's field with its players as stored: an entrant (singles) or a team (doubles).
struct Entrant {
    int number = 0; // the entrant id: 1.. within the event, never reused while the entrant exists
    EntrantStatus status = EntrantStatus::Registered;
    std::optional<int> place;  // the final standing, when entered
    std::optional<int> listed; // its position in the standings as listed (DECISIONS N4 breaks ties by it)
    std::vector<PlayerRecord> players; // one, or two partners in seat order

    // DECISIONS P3: started and withdrawn units began competition; they are the field.
    bool began() const noexcept { return status != EntrantStatus::Registered; }
    QStringList playerIds() const;
};

// A unit's place in standings, as listed: Store::setStandings keeps the order of the list.
struct Placing {
    int unit = 0;
    int place = 0; // 1 = winner; equal places are a tie (DECISIONS N4)
    friend bool operator==(const Placing&, const Placing&) = default;
};

// One thing that keeps an event's results from being rated and awarded.
struct ResultDefect {
    enum class Kind {
        TiedPlace,        // two or more units share a place (DECISIONS N4); tieBreak offers the fix
        MissingPlace,     // a unit that began has no place (a withdrawn one stays placed, P3)
        PlacedNotStarted, // a registered unit that never began holds a place (P3)
        TooFewUnits,      // fewer than two units began
        IncompleteTeam,   // a doubles unit that began is not two players (DECISIONS N2)
        GameOutsideField, // a game names a player who is not in a unit that began (DECISIONS N3)
        GameSides,        // a game side of the wrong size, or one player on both sides
    };
    Kind kind = Kind::MissingPlace;
    std::optional<int> place; // the place concerned, if any
    std::vector<int> units;   // the units concerned, in listed order
    int game = 0;             // the game concerned (1..), 0 for none
    QString message;          // in words for the director
};

struct ResultsValidation {
    std::vector<ResultDefect> defects;
    // DECISIONS N4: the standings with every tie broken by the listed order (the first listed of
    // tied units keeps the place, the next takes the one below, and places below move down only as
    // far as needed), ready for Store::setStandings; empty when there is no tie.
    std::vector<Placing> tieBreak;

    bool ok() const noexcept { return defects.empty(); }
    bool hasTies() const noexcept { return !tieBreak.empty(); }
};

// A player found by Store::searchPlayers.
struct PlayerMatch {
    QString id;
    QString name;
    QString location;
    QString associationId;
    QString lastEventId; // the latest event the player began (by date); empty when none
    QString lastEventName;
    QString lastEventDate;
};

// MonthLockRatings, the lock of a month (DECISIONS P1): core/records/monthlock.h.

} // namespace flickdesk::core
