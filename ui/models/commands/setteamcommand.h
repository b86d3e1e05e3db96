#pragma once

#include "models/commands/valuecommand.h"

#include <QStringList>

namespace flickdesk::ui {

// The players of one unit: a doubles team's partners, or a singles entrant's player.
class SetTeamCommand : public ValueCommand<QStringList> {
public:
    SetTeamCommand(EventEditTarget& session, int unit, const QStringList& playerIds);

protected:
    QStringList read() const override;
    void write(const QStringList& playerIds) override;

private:
    int m_unit;
};

} // namespace flickdesk::ui
