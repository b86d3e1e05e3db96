#pragma once

// Awarding an event's Tour points, above the store (core/store/store.h): the check of an event's
// results (DECISIONS N2-N4, P3), the award of a finished Tour event from the lock of its month
// (P1, P2) through the one payout path (core/awards/payout.h), and the award of an imported
// history's event. The store only keeps what these decide.

#include "core/records/awardrecords.h"
#include "core/records/eventdayrecords.h"
#include "core/records/eventrecords.h"
#include "flickdesk/engine/monthlylock.h"

#include <vector>

namespace flickdesk::core {

class MonthLocks;
class Store;
struct HistoryFolder;
struct TourEventPoints;

// Everything that keeps an event's results from being rated and awarded (DECISIONS N2-N4, P3):
// too few units, an incomplete team, a place held by a unit that did not begin, a missing place, a
// tie (with the offer to break it by the listed order) and games outside the field.
ResultsValidation validateEventResults(const EventRecord& event, const std::vector<Entrant>& entrants);
// The same for a stored event. StoreError::Refused when there is no such event.
ResultsValidation validateResults(Store& store, const QString& eventId);

// The units that began, in finishing order: by place, then in listed order (DECISIONS N4).
std::vector<const Entrant*> finishingOrderOf(const std::vector<Entrant>& entrants);

// DECISIONS P1, P2: awards a finished Tour event. The lock of its month is `locks`'
// (core/awards/monthlocks.h: the event session's, which holds the lock its preview paid from), the
// payout table core::payoutTable's with the units that began in finishing order (the same function as
// the preview), and Store::award freezes it. StoreError::Refused when the results are not valid, the
// event is not a finished Tour event with a tier, or the history before its month cannot be rated.
// Returns what was frozen.
AwardRecord awardEvent(MonthLocks& locks, const QString& eventId);
// The same with the locks of `store` read (or computed) afresh.
AwardRecord awardEvent(Store& store, const QString& eventId);

// The award of one event from the awards of `points` (core/awards/tourpoints.h), ready for
// Store::award.
AwardRecord awardRecordOf(const HistoryFolder& folder, const TourEventPoints& event,
                          const std::vector<engine::MonthlyLock>& locks);

} // namespace flickdesk::core
