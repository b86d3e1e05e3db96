#pragma once

// The event day: what a director enters on the morning of an event and after it
// (core/store/eventdaystore.h): the event's settings, its entrants, their places and the checks of
// its results.

#include "core/records/eventrecords.h"
#include "core/records/playerrecords.h"
#include "flickdesk/engine/points.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace flickdesk::core {

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

} // namespace flickdesk::core
