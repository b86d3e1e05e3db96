#pragma once

// The sample NCA history built into FlickDesk (resources/sample.qrc): the cleaned events.csv and
// results.csv of tests/data/nca-history, for trying FlickDesk without data of one's own. The NCA
// history has ids but no names; the sample's players get fictional names (sampleName), so that a
// director can try finding a player by name.

#include "core/records/historyrecords.h"
#include "core/store/storefwd.h"

#include <QString>

namespace flickdesk::ui {

// ":/sample/nca-history", for Store::importHistory. Registers the resource first: flickdesk_ui is
// a static library, whose resources a linker would otherwise leave out.
QString sampleHistoryFolder();

// A fictional name for a sample player: the same id always gets the same name, from a small
// built-in list of first and last names; ids below 3,599 (the NCA's) all get different names.
QString sampleName(const QString& playerId);

// Imports the sample history into the history's area and names its players (sampleName) in the
// players' area: a Store passes itself as both.
core::ImportReport loadSampleHistory(core::HistoryStore& history, core::PlayerStore& players);

} // namespace flickdesk::ui
