#pragma once

// The events FlickDesk stores (core/store/historystore.h, core/store/eventdaystore.h): their
// status, Tour division, field, standings and games, and the keywords the database, the files and
// the command line use for them. Plain types; no SQL, so that the file readers
// (core/formats/eventexchange.h) need nothing of the store but these.

#include "flickdesk/engine/history.h"

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

struct EventSummary {
    QString id;
    QString date;
    QString name;
    EventStatus status = EventStatus::Planned;
    engine::EventFormat format = engine::EventFormat::Singles;
    std::optional<int> tier;
    QString season; // the season label, e.g. "15"; empty when none was given
};

} // namespace flickdesk::core
