#include "widgets/pools/pooldesks.h"

#include "widgets/pools/acfdesk.h"
#include "widgets/pools/kingsdesk.h"
#include "widgets/pools/pooldesk.h"
#include "widgets/pools/squaresdesk.h"

namespace flickdesk::ui {

std::vector<PoolDesk*> createPoolDesks(PoolSession& session, QWidget* parent)
{
    // One desk per system: ACF checkers, Kings Cribbage (club, head-to-head, group), Squares.
    return {new AcfDesk(session, parent), new KingsDesk(session, parent), new SquaresDesk(session, parent)};
}

} // namespace flickdesk::ui
