#include "models/storewatcher.h"

#include "core/store/store.h"

namespace flickdesk::ui {

StoreWatcher::StoreWatcher(core::Store& store, QObject* parent)
    : QObject(parent)
    , m_store(store)
{
    m_listener =
        m_store.addChangeListener([this](const core::StoreChange& change) { Q_EMIT changed(change); });
}

StoreWatcher::~StoreWatcher()
{
    m_store.removeChangeListener(m_listener);
}

} // namespace flickdesk::ui
