#pragma once

// An event's session reads the lock of its month at once when it is stored, and otherwise
// computes it in the background (issue 15): a test that reads ratings, points or the preview
// waits for it, as the director's preview does, with the event loop turning.

#include "models/eventday/eventsession.h"

#include <QDeadlineTimer>
#include <QTest>

namespace flickdesk::testing {

// Whether the session's ratings arrived within `timeoutMs`.
inline bool waitForRatings(const ui::EventSession& session, int timeoutMs = 120000)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (session.isComputingRatings() && !deadline.hasExpired())
        QTest::qWait(5);
    return !session.isComputingRatings();
}

} // namespace flickdesk::testing
