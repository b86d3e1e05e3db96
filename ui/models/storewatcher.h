#pragma once

// A QObject that hears the store's announcements (Store::addChangeListener) and emits them as a
// signal, for a model or a view that shows something of the store: it decides from the change what
// to redo or mark stale, and nobody refreshes it by hand. Its parent goes before the store does
// (as everything that refers to the store), and takes the listener with it.

#include "core/store/storechange.h"

#include <QObject>

namespace flickdesk::core {
class Store;
}

namespace flickdesk::ui {

class StoreWatcher : public QObject {
    Q_OBJECT
public:
    StoreWatcher(core::Store& store, QObject* parent);
    ~StoreWatcher() override;

Q_SIGNALS:
    // After a write committed, in the store's thread (the window's).
    void changed(const flickdesk::core::StoreChange& change);

private:
    core::Store& m_store;
    int m_listener = 0;
};

} // namespace flickdesk::ui
