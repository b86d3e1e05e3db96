#pragma once

// The desks of the Pools tab, one per system: the tab shows the one whose shows() takes the
// selected pool's kind.

#include <vector>

class QWidget;

namespace flickdesk::ui {

class PoolDesk;
class PoolSession;

// Every desk, made once for the tab, each a child of `parent`.
std::vector<PoolDesk*> createPoolDesks(PoolSession& session, QWidget* parent);

} // namespace flickdesk::ui
