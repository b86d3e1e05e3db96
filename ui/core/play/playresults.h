#pragma once

// The day of play above the store (issue 28): a template found by the name a director types, the
// units' ratings for the first stage's seeding from the month's lock (DECISIONS G4), and the places
// of the play written as the event's standings (DECISIONS G6), so that the Results tab, the payout
// and the award work as they do for places typed by hand. The format's JSON is the store's
// (core/store/playstore.h: the store keeps it, and a layer above the store cannot be used by it).

#include "core/records/eventrecords.h"
#include "core/store/playstore.h"
#include "flickdesk/engine/playday.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace flickdesk::core {

class Store;
class MonthLocks;

// "NCA day", "WCC", "One round robin", "Random rounds then top 8" (or the engine's own names),
// case and spaces aside; nothing for another name.
std::optional<engine::play::Template> playTemplateNamed(const QString& name);
QStringList playTemplateNames();

// Each unit's rating for snake seeding: the mean locked mu of its players in the month of the event
// (a doubles team: its two players). StoreError::Refused when the lock cannot be had.
PlayRatings playRatings(Store& store, MonthLocks& locks, const QString& eventId);

// The places of `state` written as the event's standings (EventDayStore::setStandings, one
// transaction), in place order. With `games`, the event's games are replaced by them in the same
// transaction (EventDayStore::setStandingsAndGames; DECISIONS G8, N3: playGameRecords to rate the event
// from its games, an empty list to rate it from its places again). StoreError::Refused, naming every
// unresolved tie, while the places are not final; nothing is written then.
void applyPlayPlaces(Store& store, const QString& eventId, const engine::play::PlayState& state,
                     const std::optional<std::vector<GameRecord>>& games = std::nullopt);

// DECISIONS G8, N3: the play's games as the event's games, for rating the event from its games
// (EventDayStore::setGames, EventSession::setGames): every game with a score between two units,
// numbered 1.. in the order of the day, each side the players of its unit (`units`, the event's
// field by entrant number); a game level on points is a draw. Byes and walkovers are left out (G3,
// G7). StoreError::Refused while the places are not final (the games are the finished day's) or
// when a game names a unit that is not in `units`.
std::vector<GameRecord> playGameRecords(const std::vector<UnitRecord>& units,
                                        const engine::play::PlayState& state);

// The ties that keep the places from being final, in words (one line each); empty when final.
QStringList unresolvedPlaceTies(const engine::play::PlayState& state);

} // namespace flickdesk::core
