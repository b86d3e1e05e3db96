#pragma once

// The season box of the Tour views (StandingsView, TierReport): every season of the stored history
// as "Season 16", with the label as its data.

#include "core/formats/historyreader.h"

#include <QString>

class QComboBox;

namespace flickdesk::ui {

// Fills `box` with the seasons of `folder` and selects `wanted` when it is one of them, the latest
// otherwise, without emitting the box's signals.
void fillSeasonBox(QComboBox& box, const core::HistoryFolder& folder, const QString& wanted);

} // namespace flickdesk::ui
