#pragma once

// The shape of most event-day edits: one value of the event (its status, its fields, its games, a
// unit's team or status) is read, the new one written, and undo writes the old one back. A command
// of this shape says only how its value is read and written (one store call each); the store
// announces the write, so nothing is refreshed here.

#include "models/commands/eventcommand.h"

#include <utility>

namespace flickdesk::ui {

template <typename Value> class ValueCommand : public EventCommand {
public:
    ValueCommand(EventEditTarget& session, const QString& text, Value after)
        : EventCommand(session, text)
        , m_after(std::move(after))
    {
    }

protected:
    // The value as stored now (read before each redo: undo puts back what was there).
    virtual Value read() const = 0;
    // One store call; a StoreError says why not.
    virtual void write(const Value& value) = 0;

    void doRedo() final
    {
        Value before = read();
        write(m_after);
        m_before = std::move(before);
    }
    void doUndo() final { write(m_before); }

    Value m_after;
    Value m_before{};
};

} // namespace flickdesk::ui
