// A score typed on the Play tab of a WCC-sized day, in the window: prints figures, asserts nothing.
//
//   bench_playwindow [SCORES] [HISTORY_DIR]   (default 400 scores, two of the day's rounds; the NCA sample)
//
// Issue 28: "a score entered to standings and preview updated under 30 ms on the window's thread".
// The history imported into a temporary database, and an event of 400 singles players who all
// checked in (the history's players, the most recent first, and new players when it has fewer).
// The main window opens on the database at 1280x800 with that event on its Play tab; the "WCC"
// template (10 random rounds, then the finals) is started on 120 boards by its Start button, and
// SCORES scores are typed into the score box as a director does ("6 2 3 1", then Enter; the next
// waiting game follows). For each score the time from Enter to the tab updated and the event loop
// idle (the posted layout and paint done) is taken, and split into:
//   write     Enter until the store's write is committed (the score's transaction; the store's
//             listeners are told in the order they registered: the benchmark's first);
//   recompute the play read back and computed again (PlayStore::playInput and computePlay, as
//             PlaySession::reload does), timed again on its own after the score;
//   view      the rest until the tab's refresh returned (PlaySession::changed: the Play tab, then the
//             benchmark), less the recompute: the games, standings, places and groups shown again;
//   idle      the posted events after it: layout and paint.
// Prints the median and the 90th percentile of each. Runs offscreen unless QT_QPA_PLATFORM says
// otherwise; the machine's other work shows in the 90th percentile first.

#include "benchtiming.h"
#include "core/store/store.h"
#include "flickdesk/engine/playday.h"
#include "flickdesk/engine/playsim.h"
#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"
#include "models/storewatcher.h"
#include "widgets/mainwindow.h"
#include "widgets/play/playview.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace flickdesk;
namespace play = engine::play;
using Clock = std::chrono::steady_clock;

namespace {

double percentile90(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, values.size() * 9 / 10)];
}

void print(const char* what, const std::vector<double>& times)
{
    std::printf("  %-10s median %7.2f ms   90th percentile %7.2f ms\n", what, bench::median(times),
                percentile90(times));
}

} // namespace

int main(int argc, char** argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_playwindow"));
    int scores = 400;
    for (const QString& argument : app.arguments().mid(1)) {
        bool number = false;
        const int value = argument.toInt(&number);
        if (number)
            scores = std::max(1, value);
    }
    const QString historyDir = bench::historyDirArgument(app.arguments().mid(1));
    constexpr int players = 400;
    constexpr int boards = 120;

    QTemporaryDir temp;
    const QString database = temp.filePath(QStringLiteral("wcc.sqlite"));
    QString eventId;
    {
        core::StoreOptions options;
        options.path = database;
        core::Store::OpenResult opened = core::Store::open(options);
        if (!opened.store) {
            std::fprintf(stderr, "%s\n", qPrintable(opened.error));
            return 1;
        }
        core::Store& store = *opened.store;
        if (!store.importHistory(historyDir).ok()) {
            std::fprintf(stderr, "the history did not import\n");
            return 1;
        }
        // The field: the history's players, the most recent events' first, then new ones.
        QStringList ids;
        const std::vector<core::EventSummary> events = store.events();
        for (auto it = events.rbegin(); it != events.rend() && ids.size() < players; ++it) {
            const std::optional<core::EventRecord> event = store.event(it->id);
            if (!event)
                continue;
            for (const core::UnitRecord& unit : event->units)
                for (const QString& id : unit.playerIds)
                    if (!ids.contains(id) && ids.size() < players)
                        ids.append(id);
        }
        while (ids.size() < players)
            ids.append(
                store.addPlayer(QStringLiteral("Player %1").arg(ids.size() + 1), QStringLiteral("Here")));
        core::EventDraft draft;
        draft.date = QStringLiteral("2025-12-06");
        draft.name = QStringLiteral("World Championship");
        draft.tier = 1;
        draft.tour = core::Tour::Competitive;
        draft.group = QStringLiteral("NCA");
        eventId = store.createEvent(draft);
        for (const QString& id : ids) {
            const int number = store.addEntrant(eventId, {id});
            store.setEntrantStatus(eventId, number, core::EntrantStatus::Started);
        }
    }

    ui::MainWindow window;
    window.setRemembersSettings(false);
    window.resize(1280, 800);
    window.show();
    if (!window.openDatabase(database, ui::MainWindow::FirstStart::StartEmpty)) {
        std::fprintf(stderr, "the window did not open the database\n");
        return 1;
    }
    // The benchmark's listener before the Play tab's (made when the event is chosen): told first
    // that the score's write is committed.
    Clock::time_point written;
    ui::StoreWatcher watcher(*window.store(), nullptr);
    QObject::connect(&watcher, &ui::StoreWatcher::changed, &app, [&] { written = Clock::now(); });
    if (!window.selectEvent(eventId) || !window.session()) {
        std::fprintf(stderr, "the window did not open the event\n");
        return 1;
    }
    bench::waitUntil([&] { return !window.session()->isComputingRatings(); });
    ui::PlayView* view = window.playView();
    window.eventTabs()->setCurrentWidget(view);
    ui::PlaySession* session = view->playSession();
    view->templateBox()->setCurrentIndex(
        view->templateBox()->findData(static_cast<int>(play::Template::Wcc)));
    view->boardsBox()->setValue(boards);
    QElapsedTimer started;
    started.start();
    QTest::mouseClick(view->startButton(), Qt::LeftButton);
    if (!session->hasFormat()) {
        std::fprintf(stderr, "the play did not start\n");
        return 1;
    }
    QApplication::processEvents();
    std::printf("%d players, WCC on %d boards, started in %lld ms; %d scores typed\n",
                static_cast<int>(session->input()->units.size()), boards,
                static_cast<long long>(started.elapsed()), scores);
    std::fflush(stdout);

    Clock::time_point refreshed;
    QObject::connect(session, &ui::PlaySession::changed, &app, [&] { refreshed = Clock::now(); });
    std::vector<double> total, write, recompute, viewTimes, idle;
    std::uint64_t random = 2026;
    QLineEdit* edit = view->scoreEdit();
    const auto ms = [](Clock::time_point from, Clock::time_point to) {
        return std::chrono::duration<double, std::milli>(to - from).count();
    };
    for (int i = 0; i < scores; ++i) {
        const std::optional<play::GameKey> key = view->selectedGame();
        const play::PlayGame* game = key ? session->state().game(*key) : nullptr;
        if (!game || game->state != play::GameState::Waiting) {
            std::printf("no game waits after %d scores\n", i);
            break;
        }
        const play::Score score =
            play::randomScore(*session->settingsOf(*key), session->isPlayoff(*key), 0, 0, random);
        QTest::keyClicks(edit, QString::fromStdString(play::scoreText(score)));
        written = refreshed = {};
        const Clock::time_point enter = Clock::now();
        QTest::keyClick(edit, Qt::Key_Return);
        const Clock::time_point returned = Clock::now();
        QApplication::processEvents();
        const Clock::time_point done = Clock::now();
        if (written == Clock::time_point{} || refreshed == Clock::time_point{}) {
            std::printf("score %d was not stored: %s\n", i, qPrintable(view->scoreMessage()->text()));
            break;
        }
        // The recompute alone, as the reload does it.
        const Clock::time_point again = Clock::now();
        const play::PlayInput input = window.store()->playInput(eventId, ui::playRatings(*window.session()));
        const play::PlayState state = play::computePlay(input);
        const double computed = ms(again, Clock::now());
        (void)state;
        total.push_back(ms(enter, done));
        write.push_back(ms(enter, written));
        recompute.push_back(computed);
        viewTimes.push_back(std::max(0.0, ms(written, refreshed) - computed));
        idle.push_back(ms(std::max(returned, refreshed), done));
    }
    if (total.empty())
        return 1;
    std::printf("%d scores, Enter to the tab updated and idle:\n", static_cast<int>(total.size()));
    print("total", total);
    print("write", write);
    print("recompute", recompute);
    print("view", viewTimes);
    print("idle", idle);
    return 0;
}
