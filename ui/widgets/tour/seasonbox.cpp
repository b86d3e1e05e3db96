#include "widgets/tour/seasonbox.h"

#include "core/awards/tourpoints.h"
#include "core/translation.h"

#include <QComboBox>
#include <QSignalBlocker>

namespace flickdesk::ui {

namespace {
FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::ui::SeasonBox)
} // namespace

void fillSeasonBox(QComboBox& box, const core::HistoryFolder& folder, const QString& wanted)
{
    const QSignalBlocker blocker(&box);
    box.clear();
    for (const QString& label : core::seasonsOf(folder))
        box.addItem(tr("Season %1").arg(label), label);
    const int index = box.findData(wanted);
    box.setCurrentIndex(index >= 0 ? index : box.count() - 1);
}

} // namespace flickdesk::ui
