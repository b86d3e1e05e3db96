#pragma once

// The window on the sample database, as the UI tests that drive the whole window open it: the
// sample history made once per test program (with its players' names, as the window loads it),
// then a MainWindow at 1280x800, shown, on a database (a copy of the sample, usually).

#include "../common/storefixtures.h"
#include "models/samplehistory.h"
#include "widgets/mainwindow.h"

#include <QCoreApplication>
#include <QStandardPaths>
#include <QString>
#include <QTest>
#include <memory>

namespace flickdesk::testing {

// Settings in test mode (none of the director's are read or written), then the sample database at
// `path`. False, with a warning, when it could not be made.
inline bool makeSampleDatabase(const QString& path)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskTests"));
    const std::unique_ptr<core::Store> store = openStore(path);
    if (!store)
        return false;
    if (!ui::loadSampleHistory(*store, *store).ok()) {
        qWarning("the sample history could not be loaded into %s", qPrintable(path));
        return false;
    }
    return true;
}

// A window at 1280x800 that forgets its settings, shown, exposed and with the database at `path`
// open; null when it could not be.
inline std::unique_ptr<ui::MainWindow> openWindowOn(const QString& path)
{
    auto window = std::make_unique<ui::MainWindow>();
    window->setRemembersSettings(false);
    window->resize(1280, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) ||
        !window->openDatabase(path, ui::MainWindow::FirstStart::StartEmpty))
        return nullptr;
    return window;
}

} // namespace flickdesk::testing
