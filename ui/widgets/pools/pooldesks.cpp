#include "widgets/pools/pooldesks.h"

#include "widgets/pools/kingsdesk.h"
#include "widgets/pools/pooldesk.h"
#include "widgets/pools/squaresdesk.h"

namespace flickdesk::ui {

std::vector<PoolDesk*> createPoolDesks(PoolSession& session, QWidget* parent)
{
    std::vector<PoolDesk*> desks;
    // One line per desk, in this order: ACF, Kings Cribbage, Squares.
    desks.push_back(new KingsDesk(session, parent));
    desks.push_back(new SquaresDesk(session, parent));
    return desks;
}

} // namespace flickdesk::ui
