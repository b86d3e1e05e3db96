// Awarding an event in the window, on a large history: prints figures, asserts nothing.
//
//   bench_award [HISTORY_DIR]   (default tests/data/nca-history; see bench/README.md)
//
// The history imported into a temporary database, and a finished Tier 2 Tour event added in the
// month after its last event, its field the players of the history's last event in their order
// there. The main window opens on the database with that event selected (as a director's morning
// restores it); once its month's ratings are in (computed in the background and stored: the first
// use of that lock), "Award points" (EventSession::award) is pressed on the window's thread. Prints
// how long the award took there, the longest the event loop was blocked from the press until the
// window's background work had settled (the ratings views and Tour views left closed; the pool idle
// and 2 s passed), and the award's lock month and field. Runs offscreen unless QT_QPA_PLATFORM says
// otherwise.

#include "benchtiming.h"
#include "core/store/store.h"
#include "flickdesk/engine/date.h"
#include "models/backgroundpool.h"
#include "models/eventday/eventsession.h"
#include "widgets/mainwindow.h"
#include "widgets/settings.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <algorithm>
#include <cstdio>

using namespace flickdesk;
using flickdesk::bench::waitUntil;

int main(int argc, char** argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_award"));
    const QString historyDir = bench::historyDirArgument(app.arguments().mid(1));

    QTemporaryDir temp;
    const QString database = temp.filePath(QStringLiteral("award.sqlite"));
    QString eventId;
    int field = 0;
    {
        core::StoreOptions options;
        options.path = database;
        core::Store::OpenResult opened = core::Store::open(options);
        if (!opened.store) {
            std::fprintf(stderr, "%s\n", qPrintable(opened.error));
            return 1;
        }
        core::Store& store = *opened.store;
        QElapsedTimer timer;
        timer.start();
        const core::ImportReport imported = store.importHistory(historyDir);
        if (!imported.ok() || imported.eventsAdded == 0) {
            std::fprintf(stderr, "the history did not import\n");
            return 1;
        }
        std::printf("history: %d events, %d players imported in %lld ms (not included)\n",
                    imported.eventsAdded, imported.playersAdded, static_cast<long long>(timer.elapsed()));

        // The field: the units of the history's last singles event, as they finished there.
        const std::vector<core::EventSummary> events = store.events();
        std::vector<core::Entrant> last;
        for (auto it = events.rbegin(); it != events.rend() && last.size() < 2; ++it) {
            last = store.entrants(it->id);
            if (!last.empty() && last.front().players.size() != 1)
                last.clear();
        }
        std::stable_sort(last.begin(), last.end(), [](const core::Entrant& a, const core::Entrant& b) {
            return a.place.value_or(1 << 20) < b.place.value_or(1 << 20);
        });
        const engine::DayNumber lastDay = *engine::parseIsoDate(events.back().date.toStdString());
        const engine::DayNumber nextMonth = engine::firstOfMonth(engine::firstOfMonth(lastDay) + 40);
        core::EventDraft draft;
        draft.date = QString::fromStdString(engine::formatIsoDate(nextMonth + 9));
        draft.name = QStringLiteral("Benchmark Open");
        draft.tier = 2;
        draft.tour = core::Tour::Competitive;
        draft.group = QStringLiteral("NCA");
        draft.season = events.back().season;
        eventId = store.createEvent(draft);
        std::vector<core::Placing> standings;
        for (const core::Entrant& unit : last) {
            const int number = store.addEntrant(eventId, {unit.players.front().id});
            store.setEntrantStatus(eventId, number, core::EntrantStatus::Started);
            standings.push_back({number, static_cast<int>(standings.size()) + 1});
        }
        field = static_cast<int>(standings.size());
        store.setStandings(eventId, standings);
        store.setEventStatus(eventId, core::EventStatus::Started);
        store.setEventStatus(eventId, core::EventStatus::Finished);
        ui::settings::lastEvent(store.path()).set(eventId);
    }

    ui::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QElapsedTimer timer;
    timer.start();
    if (!window.openDatabase(database, ui::MainWindow::FirstStart::StartEmpty) || !window.session()) {
        std::fprintf(stderr, "the window did not open the event\n");
        return 1;
    }
    waitUntil([&] { return !window.session()->isComputingRatings(); });
    ui::backgroundPool()->waitForDone(300000);
    std::printf("the event's month ratings computed and stored in the background: %lld ms (not included)\n",
                static_cast<long long>(timer.elapsed()));
    std::fflush(stdout);

    // The longest gap between two ticks of a 1 ms timer: how long the event loop was blocked.
    QElapsedTimer tick;
    double longestGap = 0.0;
    QTimer ticker;
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        longestGap = std::max(longestGap, tick.nsecsElapsed() / 1e6);
        tick.restart();
    });
    tick.start();
    ticker.start();
    QElapsedTimer before;
    before.start();
    waitUntil([&] { return before.elapsed() > 50; }); // ticking before the press
    longestGap = 0.0;

    timer.restart();
    const bool awarded = window.session()->award();
    const double awardMs = timer.nsecsElapsed() / 1e6;
    if (!awarded) {
        std::fprintf(stderr, "the award was refused: %s\n", qPrintable(window.session()->lastError()));
        return 1;
    }
    QElapsedTimer settled;
    settled.start();
    waitUntil([&] { return settled.elapsed() > 2000 && ui::backgroundPool()->activeThreadCount() == 0; });
    ticker.stop();
    std::printf(
        "award of %s (%d players, Tier 2): %.1f ms on the window's thread; event loop blocked at most "
        "%.1f ms from the press until the background work settled (%lld ms)\n",
        qPrintable(eventId), field, awardMs, longestGap, static_cast<long long>(settled.elapsed()));
    return 0;
}
