#pragma once

// The players FlickDesk stores (core/store/playerstore.h) and finds by search.

#include <QString>

namespace flickdesk::core {

struct PlayerRecord {
    QString id;   // FlickDesk's id: the association's id, or a local one until it has one (D1)
    QString name; // empty when unknown (the NCA history has no names); never unique
    QString associationId;
    QString location;
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

} // namespace flickdesk::core
