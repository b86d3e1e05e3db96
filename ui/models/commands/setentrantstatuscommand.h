#pragma once

#include "core/records/eventrecords.h"
#include "models/commands/valuecommand.h"

#include <QCoreApplication>

namespace flickdesk::ui {

// An entrant's status: checked in (started), not (registered), or withdrawn after starting (P3).
// Check-in toggles (registered <-> started) of one entrant merge when consecutive: a director who
// clicks twice undoes once.
class SetEntrantStatusCommand : public ValueCommand<core::EntrantStatus> {
    Q_DECLARE_TR_FUNCTIONS(flickdesk::ui::SetEntrantStatusCommand)

public:
    SetEntrantStatusCommand(EventEditTarget& session, int unit, core::EntrantStatus before,
                            core::EntrantStatus after);

    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

    int unit() const { return m_unit; }

protected:
    core::EntrantStatus read() const override;
    void write(const core::EntrantStatus& status) override;

private:
    void describe();

    int m_unit;
    QString m_names; // the unit's players, as the undo step names them
};

} // namespace flickdesk::ui
