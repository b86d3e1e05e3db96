#pragma once

// Every record the FlickDesk database stores and hands out, for a file that uses most of them; a
// file that uses a few includes their own headers:
//   core/records/eventrecords.h     events, their status, field, standings, games and keywords
//   core/records/eventdayrecords.h  the event day: drafts, entrants, placings, result checks
//   core/records/playerrecords.h    players and search matches
//   core/records/awardrecords.h     awards (DECISIONS P2)
//   core/records/ratingrecords.h    locked ratings, rating lists and rating runs
//   core/records/historyrecords.h   import reports and the audit log
// MonthLockRatings, the lock of a month (DECISIONS P1): core/records/monthlock.h.

#include "core/records/awardrecords.h"
#include "core/records/eventdayrecords.h"
#include "core/records/eventrecords.h"
#include "core/records/historyrecords.h"
#include "core/records/playerrecords.h"
#include "core/records/ratingrecords.h"
