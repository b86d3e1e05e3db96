#include "widgets/samplehistory.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be called from the global namespace.
static void initSampleResource()
{
    Q_INIT_RESOURCE(sample);
}

namespace flickdesk::ui {

QString sampleHistoryFolder()
{
    static const bool registered = (initSampleResource(), true);
    Q_UNUSED(registered);
    return QStringLiteral(":/sample/nca-history");
}

} // namespace flickdesk::ui
