#pragma once

// The pool the window's long work runs on: ratings runs, monthly locks, the Tour views, and the
// freeing of what they let go of (STYLE.md "Long work").

#include <QThreadPool>

namespace flickdesk::ui {

// One thread per core (at least two), owned by the application and deleted with it after what runs
// on it is done; QThreadPool::globalInstance() when there is no application. Not the global pool
// itself: Qt's raster paint engine splits large fills over that one and waits for them on the
// window's thread, so seconds of work there kept the ratings list from painting for 7.7 s at a
// million finishes (bench_recompute).
QThreadPool* backgroundPool();

} // namespace flickdesk::ui
