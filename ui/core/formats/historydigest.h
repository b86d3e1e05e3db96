#pragma once

// The digest of the history before a month: what a month's computed lock (DECISIONS P1) was rated
// from. A stored lock is reused while its month's digest is unchanged (docs/monthly-locks.md).

#include "core/formats/historyreader.h"
#include "core/records/monthlock.h"
#include "core/records/ratingrecords.h"
#include "flickdesk/engine/monthlylock.h"

#include <QJsonObject>
#include <QString>
#include <map>
#include <vector>

namespace flickdesk::core {

// SHA-256 (hex) of `parameters` (params.json keys) and of every event of `folder` dated before each
// of `months` (the 1st of a month): its id, date and format, each unit's place and players by id,
// each game's sides and outcome, in the order a run takes them (by date, then folder order). By the
// 1st of each month asked. One pass over the history, however many months.
std::map<engine::DayNumber, QString> historyDigestsBefore(const HistoryFolder& folder,
                                                          const QJsonObject& parameters,
                                                          std::vector<engine::DayNumber> months);

QString historyDigestBefore(const HistoryFolder& folder, const QJsonObject& parameters,
                            engine::DayNumber month);

// An engine lock of `folder`'s history as the window and the store hold it: by player id, the
// players rated before the month only (the others have the lock's prior, N6).
MonthLockRatings lockRatingsOf(const HistoryFolder& folder, const engine::MonthlyLock& lock,
                               const QString& month);

// The same lock as the store writes it: a row per rated player, with the digest of the history before
// its month (`digest`, historyDigestBefore).
ComputedLock computedLockOf(const HistoryFolder& folder, const engine::MonthlyLock& lock,
                            const QString& digest);

// The same with `ids`, a player's id by index as made so far (empty strings until first named),
// shared by every lock made with it.
ComputedLock computedLockOf(const HistoryFolder& folder, const engine::MonthlyLock& lock,
                            const QString& digest, std::vector<QString>& ids);

} // namespace flickdesk::core
