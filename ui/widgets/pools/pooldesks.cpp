#include "widgets/pools/pooldesks.h"

#include "widgets/pools/acfdesk.h"
#include "widgets/pools/pooldesk.h"

namespace flickdesk::ui {

std::vector<PoolDesk*> createPoolDesks(PoolSession& session, QWidget* parent)
{
    std::vector<PoolDesk*> desks;
    // One line per desk, in this order: ACF, Kings Cribbage, Squares.
    desks.push_back(new AcfDesk(session, parent));
    Q_UNUSED(session);
    Q_UNUSED(parent);
    return desks;
}

} // namespace flickdesk::ui
