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
    // Filled after it was first shown (the history loads in the background): sized to its contents
    // then, as the box first measured itself empty, it showed "Season 1" of "Season 16".
    box.setSizeAdjustPolicy(QComboBox::AdjustToContents);
    box.clear();
    for (const QString& label : core::seasonsOf(folder))
        box.addItem(tr("Season %1").arg(label), label);
    const int index = box.findData(wanted);
    box.setCurrentIndex(index >= 0 ? index : box.count() - 1);
}

} // namespace flickdesk::ui
