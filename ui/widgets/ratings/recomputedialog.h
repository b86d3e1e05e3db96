#pragma once

// "Recompute ratings": FlickSkill over the whole stored history and every monthly lock, in the
// background (RecomputeJob) with a progress bar, the current step and Cancel; the window stays
// responsive. The run is stored as a rating run, each lock as soon as it is computed
// (Store::beginRatingRun: in turns, so that check-ins get in between); a cancelled run keeps the
// locks stored before it, each whole, for the next run to reuse. Locks that awarded events used
// stay as they were (DECISIONS P2); the dialog lists what the new locks would change for those
// events (FSI, FDI, winner points), without applying it.

#include "core/records/ratingrecords.h"
#include "core/store/storefwd.h"
#include "models/ratings/lockdifferencemodel.h"
#include "models/ratings/recomputejob.h"

#include <QAbstractTableModel>
#include <QDialog>
#include <memory>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace flickdesk::ui {

class RecomputeDialog : public QDialog {
    Q_OBJECT

public:
    explicit RecomputeDialog(core::Store& store, QWidget* parent = nullptr);
    // Cancels a running job without waiting for it: one that is storing its run finishes the store
    // on its own connection (RecomputeJob::deleteWhenFinished), so closing never freezes the window.
    ~RecomputeDialog() override;

    bool isRunning() const;
    RecomputeJob* job() const { return m_job.get(); }
    LockDifferenceModel* differencesModel() const { return m_differences; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* stepLabel() const { return m_step; }
    const core::RatingRunReport& lastReport() const { return m_report; }

    // How long the last recompute's parts took, in milliseconds (bench/bench_recompute.cpp).
    struct Timings {
        double readInput = 0.0; // the history, names and awards from the store (the job's thread)
        double compute = 0.0;   // the job: run and locks (worker threads)
        double store = 0.0;     // Store::storeRatingRun (the job's thread)
        int locksComputed = 0;  // the monthly locks computed; the others were reused
        int locksReused = 0;
    };
    Timings lastTimings() const { return m_timings; }

    // Engine threads for the locks (0: one per core).
    void setLockThreads(unsigned threads) { m_lockThreads = threads; }

public Q_SLOTS:
    // Starts a recompute; does nothing while one runs.
    void start();
    // Cancels a running recompute: nothing is written.
    void cancel();
    void reject() override; // Close / Escape: cancels a running recompute first

Q_SIGNALS:
    // The running job's progress, as the bar shows it.
    void progressed(int value, int maximum, const QString& step);
    // A run finished and was stored: the views can show it without computing their own.
    void recomputed(flickdesk::ui::RatingRunPtr run);
    void ratingRunStored(qint64 runId);
    // The recompute ended: stored, cancelled or failed (errorString on the step label).
    void runFinished(bool stored);

private:
    void onProgress(int value, int maximum, const QString& step);
    void onFinished();
    void setRunning(bool running);

    core::Store& m_store;
    RecomputeJobHandle m_job; // let go without waiting for it
    core::RatingRunReport m_report;
    Timings m_timings;
    qint64 m_startedAt = 0;
    unsigned m_lockThreads = 0;
    QLabel* m_intro = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_step = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_differencesCaption = nullptr;
    QTableView* m_differencesTable = nullptr;
    LockDifferenceModel* m_differences = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_closeButton = nullptr;
};

} // namespace flickdesk::ui
