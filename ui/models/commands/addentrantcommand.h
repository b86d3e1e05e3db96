#pragma once

#include "core/records/eventdayrecords.h"
#include "core/records/eventrecords.h"
#include "core/store/storefwd.h"
#include "models/commands/eventcommand.h"

namespace flickdesk::ui {

// A new entrant: one player, or a doubles team of one or two. Redo after an undo brings it back
// with the same number.
class AddEntrantCommand : public EventCommand {
public:
    AddEntrantCommand(EventEditTarget& session, const QStringList& playerIds, core::EntrantStatus status);

    int unit() const { return m_entrant.number; }

protected:
    void doRedo() override;
    void doUndo() override;

private:
    QStringList m_playerIds;
    core::EntrantStatus m_status;
    core::Entrant m_entrant; // as added; number 0 before the first redo
};

} // namespace flickdesk::ui
