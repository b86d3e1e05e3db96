#pragma once

// The sample NCA history built into FlickDesk (resources/sample.qrc): the cleaned events.csv and
// results.csv of tests/data/nca-history, for trying FlickDesk without data of one's own.

#include <QString>

namespace flickdesk::ui {

// ":/sample/nca-history", for Store::importHistory. Registers the resource first: flickdesk_ui is
// a static library, whose resources a linker would otherwise leave out.
QString sampleHistoryFolder();

} // namespace flickdesk::ui
