#pragma once

// The pool the window's long work runs on: ratings runs, monthly locks, the Tour views, and the
// freeing of what they let go of (CODING_GUIDELINES.md "Long work").

#include "flickdesk/engine/flickskill.h"

#include <QThreadPool>

namespace flickdesk::ui {

// One thread per core (at least two), owned by the application and deleted with it after what runs
// on it is done; QThreadPool::globalInstance() when there is no application. Not the global pool
// itself: Qt's raster paint engine splits large fills over that one and waits for them on the
// window's thread, so seconds of work there kept the ratings list from painting for 7.7 s at a
// million finishes (bench_recompute).
QThreadPool* backgroundPool();

// Cancelled once the application is about to quit (QCoreApplication::aboutToQuit, wired when the
// pool is made). Work on backgroundPool() whose result nobody will see any more polls it and stops:
// a Tour view's locks, and storing them. Quitting then waits for the step in progress only, not
// for seconds of locks (the pool is deleted with the application after what runs on it is done).
const engine::CancelToken& quitting();

} // namespace flickdesk::ui
