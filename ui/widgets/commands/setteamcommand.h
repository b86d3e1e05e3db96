#pragma once

#include "widgets/commands/eventcommand.h"

#include <QStringList>

namespace flickdesk::ui {

// The players of one unit: a doubles team's partners, or a singles entrant's player.
class SetTeamCommand : public EventCommand {
public:
    SetTeamCommand(EventEditTarget& session, int unit, const QStringList& playerIds);

protected:
    void doRedo() override;
    void doUndo() override;

private:
    int m_unit;
    QStringList m_after;
    QStringList m_before;
};

} // namespace flickdesk::ui
