// Benchmark of the payout views: prints figures, asserts nothing.
//
//   bench_views [repetitions]
//
// 1. The morning preview in a 200-entrant event: one entrant checks in, and the preview takes the
//    new table (engine::computePayoutTable + PayoutPreviewWidget::setTable). Target: under 16 ms,
//    one frame at 60 Hz. Also with the frame that follows (posted events, paint) forced at once.
// 2. The simulator at N = 200: one step of a slider (QSlider::setValue, as a drag moves it), which
//    recomputes the table through the engine and updates the table and the chart. Target: under
//    16 ms. FDI, FSI and N (which adds a row), each also with the frame.
// Runs offscreen unless QT_QPA_PLATFORM says otherwise.

#include "flickdesk/engine/points.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/eventday/simulatorwidget.h"

#include <QApplication>
#include <QSlider>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

using namespace flickdesk;
using Clock = std::chrono::steady_clock;

namespace {

struct Figures {
    double mean = 0.0;
    double max = 0.0;
};

Figures timeRepetitions(int repetitions, const std::function<void(int)>& step)
{
    std::vector<double> times;
    times.reserve(static_cast<std::size_t>(repetitions));
    for (int i = 0; i < repetitions; ++i) {
        const auto start = Clock::now();
        step(i);
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    Figures f;
    for (double t : times)
        f.mean += t;
    f.mean /= static_cast<double>(times.size());
    f.max = *std::max_element(times.begin(), times.end());
    return f;
}

// The frame that follows an update: the posted layout and scene events, and the paint and flush
// of what they marked dirty (a further repaint() would paint the window twice).
void finishFrame()
{
    QApplication::processEvents();
}

void print(const char* what, int repetitions, Figures f)
{
    std::printf("%-62s mean %7.3f ms   max %7.3f ms   (%d repetitions; target < 16 ms)\n", what, f.mean,
                f.max, repetitions);
}

} // namespace

int main(int argc, char** argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int repetitions = argc > 1 ? std::max(1, std::atoi(argv[1])) : 300;

    // A 200-entrant singles field of locked ratings, and the players who might still check in.
    std::mt19937 random(20261114);
    std::normal_distribution<double> rating(1.2, 1.4);
    std::vector<double> field(200);
    for (double& r : field)
        r = rating(random);
    std::vector<double> arrivals(static_cast<std::size_t>(repetitions));
    for (double& r : arrivals)
        r = rating(random);

    std::printf("Payout views, %s platform, N = 200\n", qPrintable(QGuiApplication::platformName()));

    // 1. The preview: one check-in (201 entrants), timed; the withdrawal back to 200 is not.
    ui::PayoutPreviewWidget preview;
    preview.resize(1100, 760);
    preview.show();
    const QString title = QStringLiteral("Benchmark Open");
    preview.setTable(engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::One, field),
                     title);
    QApplication::processEvents();
    auto checkIn = [&](int i, bool repaint) {
        std::vector<double> ratings = field;
        ratings.push_back(arrivals[static_cast<std::size_t>(i)]);
        const auto start = Clock::now();
        preview.setTable(engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::One, ratings),
                         title);
        if (repaint)
            finishFrame();
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        preview.setTable(engine::computePayoutTable(engine::EventFormat::Singles, engine::Tier::One, field),
                         title);
        return ms;
    };
    for (bool repaint : {false, true}) {
        std::vector<double> times;
        for (int i = 0; i < repetitions; ++i)
            times.push_back(checkIn(i, repaint));
        Figures f;
        for (double t : times)
            f.mean += t;
        f.mean /= static_cast<double>(times.size());
        f.max = *std::max_element(times.begin(), times.end());
        print(repaint ? "preview: check-in, computePayoutTable + setTable + frame"
                      : "preview: check-in, computePayoutTable + setTable",
              repetitions, f);
    }

    // 2. The simulator: slider steps back and forth around the event's values.
    ui::SimulatorWidget simulator;
    simulator.resize(1100, 760);
    simulator.show();
    simulator.startFrom(preview.table());
    QApplication::processEvents();
    struct SliderCase {
        const char* name;
        const char* withRepaint;
        const char* objectName;
        int step;
    };
    const SliderCase cases[] = {
        {"simulator: FDI slider step", "simulator: FDI slider step + frame", "fieldDepthSlider", 10},
        {"simulator: FSI slider step", "simulator: FSI slider step + frame", "fieldStrengthSlider", 10},
        {"simulator: N slider step (a row more or less)", "simulator: N slider step + frame",
         "fieldSizeSlider", 1},
    };
    for (const SliderCase& c : cases) {
        auto* slider = simulator.findChild<QSlider*>(QString::fromLatin1(c.objectName));
        if (!slider) {
            std::fprintf(stderr, "no slider %s\n", c.objectName);
            return 1;
        }
        const int origin =
            std::clamp(slider->value(), slider->minimum() + 4 * c.step, slider->maximum() - 4 * c.step);
        slider->setValue(origin);
        slider->setSliderDown(true); // as a drag moves it
        for (bool repaint : {false, true}) {
            // Up four steps and down again: a hand on the slider.
            const Figures f = timeRepetitions(repetitions, [&](int i) {
                const int phase = i % 8;
                slider->setValue(origin + c.step * (phase < 4 ? phase + 1 : 7 - phase));
                if (repaint)
                    finishFrame();
            });
            print(repaint ? c.withRepaint : c.name, repetitions, f);
        }
        slider->setSliderDown(false);
    }
    return 0;
}
