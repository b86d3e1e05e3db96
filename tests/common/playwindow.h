#pragma once

// The Play tab's tests open the window the same way: the sample history imported once per test
// program into a template database; then, for each test, a fresh copy of it, the window on it at
// 1280x800, an event of the history's latest players who all began, selected with its month's
// ratings in (the play seeds on them, DECISIONS G4), its undo history empty, on the Play tab.

#include "../common/sessionwait.h"
#include "../common/storefixtures.h"
#include "../common/windowactivation.h"
#include "core/store/store.h"
#include "models/eventday/eventsession.h"
#include "models/samplehistory.h"
#include "widgets/mainwindow.h"
#include "widgets/play/playview.h"

#include <QFile>
#include <QLocale>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <functional>
#include <memory>

namespace flickdesk::testing {

struct PlayWindow {
    QTemporaryDir template_; // the sample history, imported once
    QString historyDatabase;
    std::unique_ptr<QTemporaryDir> temp; // this test's copy
    std::unique_ptr<ui::MainWindow> window;
    QString eventId;
    QStringList players;

    // initTestCase: the template. False when the history could not be imported.
    bool makeTemplate()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        if (!template_.isValid())
            return false;
        historyDatabase = template_.filePath(QStringLiteral("sample.sqlite"));
        const auto sample = openStore(historyDatabase);
        return sample && sample->importHistory(ui::sampleHistoryFolder()).ok();
    }

    // init: the event of `count` players on `date`; `beforeEntrants` (when given) runs once the event
    // is selected, before its entrants are added. False when any step failed.
    bool open(int count, const QString& date = QStringLiteral("2025-12-06"),
              const std::function<bool(ui::MainWindow&, const QStringList&)>& beforeEntrants = {})
    {
        temp = std::make_unique<QTemporaryDir>();
        const QString path = temp->filePath(QStringLiteral("day.sqlite"));
        if (!QFile::copy(historyDatabase, path))
            return false;
        window = std::make_unique<ui::MainWindow>();
        window->setRemembersSettings(false);
        if (!window->openDatabase(path, ui::MainWindow::FirstStart::StartEmpty))
            return false;
        core::Store& store = *window->store();
        eventId = store.createEvent(draftOn(date));
        players = recentPlayers(store, count);
        if (players.size() != count || !window->selectEvent(eventId) || !waitForRatings(*window->session()))
            return false;
        if (beforeEntrants && !beforeEntrants(*window, players))
            return false;
        for (const QString& player : std::as_const(players))
            if (!window->session()->addEntrant({player}, core::EntrantStatus::Started))
                return false;
        window->session()->undoStack()->clear();
        window->resize(1280, 800);
        window->show();
        if (!activate(window.get()))
            return false;
        window->eventTabs()->setCurrentWidget(window->playView());
        return window->playView()->playSession() != nullptr;
    }

    // cleanup
    void close()
    {
        window.reset();
        temp.reset();
    }
};

} // namespace flickdesk::testing
