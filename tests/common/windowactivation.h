#pragma once

// Makes `window` the active window, as a click on it would: the offscreen platform and a bare Xvfb,
// without a window manager, do not, nor do they hand activation back when a dialog closes. True once
// it is active (within `timeout` ms).

#include <QApplication>
#include <QTest>
#include <QWidget>
#include <QWindow>

namespace flickdesk::testing {

inline bool activate(QWidget* window, int timeout = 5000)
{
    window->activateWindow();
    window->windowHandle()->requestActivate();
    QApplication::setActiveWindow(window);
    return QTest::qWaitForWindowActive(window, timeout);
}

} // namespace flickdesk::testing
