#include "widgets/ratings/recomputedialog.h"

#include "core/store/store.h"

#include <QColor>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <cmath>

namespace flickdesk::ui {

RecomputeDialog::RecomputeDialog(core::Store& store, QWidget* parent)
    : QDialog(parent)
    , m_store(store)
    , m_differences(new LockDifferenceModel(this))
{
    setWindowTitle(tr("Recompute ratings"));
    setObjectName(QStringLiteral("recomputeDialog"));

    m_intro = new QLabel(tr("Rates the whole stored history again with FlickSkill and computes the monthly "
                            // DECISIONS P1 and P2: monthly locks; awards keep theirs.
                            "lock of every month whose history changed (the others are reused). Each lock is "
                            "stored as soon as it is computed: a cancelled run keeps those, and the next "
                            "one reuses them. Locks that awarded events used stay as they were."),
                         this);
    m_intro->setWordWrap(true);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("recomputeProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_step = new QLabel(tr("Not started."), this);
    m_step->setObjectName(QStringLiteral("recomputeStep"));
    m_step->setWordWrap(true);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("recomputeSummary"));
    m_summary->setWordWrap(true);

    m_differencesCaption = new QLabel(
        // DECISIONS P2: awards keep the lock they were made with.
        tr("Awarded events: what the recomputed locks would change. Not applied."), this);
    m_differencesCaption->setWordWrap(true);
    m_differencesTable = new QTableView(this);
    m_differencesTable->setObjectName(QStringLiteral("recomputeDifferences"));
    m_differencesTable->setModel(m_differences);
    m_differencesTable->verticalHeader()->hide();
    m_differencesTable->verticalHeader()->setDefaultSectionSize(fontMetrics().lineSpacing() + 6);
    m_differencesTable->horizontalHeader()->setStretchLastSection(true);
    m_differencesTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_differencesCaption->hide();
    m_differencesTable->hide();

    m_startButton = new QPushButton(tr("&Recompute"), this);
    m_startButton->setObjectName(QStringLiteral("recomputeStart"));
    m_startButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("&Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("recomputeCancel"));
    m_cancelButton->setEnabled(false);
    m_closeButton = new QPushButton(tr("C&lose"), this);
    connect(m_startButton, &QPushButton::clicked, this, &RecomputeDialog::start);
    connect(m_cancelButton, &QPushButton::clicked, this, &RecomputeDialog::cancel);
    connect(m_closeButton, &QPushButton::clicked, this, &RecomputeDialog::reject);

    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_cancelButton);
    buttons->addWidget(m_closeButton);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_progress);
    layout->addWidget(m_step);
    layout->addWidget(m_summary);
    layout->addWidget(m_differencesCaption);
    layout->addWidget(m_differencesTable, 1);
    layout->addStretch(); // keeps the text together while the table is hidden
    layout->addLayout(buttons);
    resize(640, 360);
}

RecomputeDialog::~RecomputeDialog() = default; // m_job: cancelled and left to end on its own

bool RecomputeDialog::isRunning() const
{
    return m_job && m_job->isRunning();
}

void RecomputeDialog::start()
{
    if (isRunning())
        return;
    m_report = {};
    m_timings = {};
    m_summary->clear();
    m_differences->setDifferences({});
    m_differencesCaption->hide();
    m_differencesTable->hide();

    // The job reads the history and stores the run through a connection of its own, in its
    // thread: the window never waits for the database's whole history.
    std::unique_ptr<core::Store> worker;
    try {
        worker = m_store.openWorker();
    } catch (const core::StoreError& error) {
        m_step->setText(error.message());
        Q_EMIT runFinished(false);
        return;
    }
    m_job.reset(
        new RecomputeJob(std::move(worker), RecomputeJob::Mode::Full, QDate::currentDate(), m_lockThreads));
    connect(m_job.get(), &RecomputeJob::progress, this, &RecomputeDialog::onProgress);
    connect(m_job.get(), &RecomputeJob::finished, this, &RecomputeDialog::onFinished);
    m_progress->setRange(0, 0); // busy until the first step is reported
    m_step->setText(tr("Starting…"));
    setRunning(true);
    m_startedAt = QDateTime::currentMSecsSinceEpoch();
    m_job->start();
}

void RecomputeDialog::cancel()
{
    if (!isRunning())
        return;
    m_job->cancel();
    m_step->setText(tr("Cancelling…"));
    m_cancelButton->setEnabled(false);
}

void RecomputeDialog::reject()
{
    cancel();
    QDialog::reject();
}

void RecomputeDialog::onProgress(int value, int maximum, const QString& step)
{
    if (!m_job || sender() != m_job.get())
        return;
    m_progress->setRange(0, maximum);
    m_progress->setValue(value);
    m_step->setText(step);
    Q_EMIT progressed(value, maximum, step);
}

void RecomputeDialog::onFinished()
{
    if (!m_job || sender() != m_job.get())
        return;
    m_timings.readInput = m_job->readMilliseconds();
    m_timings.store = m_job->storeMilliseconds();
    m_timings.compute = static_cast<double>(QDateTime::currentMSecsSinceEpoch() - m_startedAt) -
                        m_timings.readInput - m_timings.store;
    m_timings.locksComputed = m_job->locksComputed();
    m_timings.locksReused = m_job->locksReused();
    setRunning(false);
    const RatingRunPtr run = m_job->result();
    if (m_job->wasCancelled()) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        // The locks stored before the cancel stay, each whole (Store::beginRatingRun).
        const qsizetype stored = m_job->report().written.size();
        m_step->setText(stored == 0 ? tr("Cancelled: nothing was written.")
                                    : tr("Cancelled: the monthly ratings of %1 were stored before it; "
                                         "the next recompute reuses them.")
                                          .arg(stored == 1 ? tr("one month") : tr("%1 months").arg(stored)));
        Q_EMIT runFinished(false);
        return;
    }
    if (!run) {
        m_step->setText(m_job->errorString());
        Q_EMIT runFinished(false);
        return;
    }

    // The job stored the run through its own connection: the views hear of its locks now.
    m_store.announce(core::StoreChange::locks());
    if (!m_job->wasStored()) {
        m_step->setText(m_job->storeError());
        // The run is still good to look at: it only was not stored.
        Q_EMIT recomputed(run);
        Q_EMIT runFinished(false);
        return;
    }
    m_report = m_job->report();

    m_step->setText(tr("Stored as rating run %1.").arg(m_report.runId));
    QString summary = tr("%1 events rated in %2 sweeps (%3); %4 monthly locks written, %5 unchanged.")
                          .arg(run->folder.events.size())
                          .arg(run->result.iterations)
                          .arg(run->result.converged ? tr("converged") : tr("not converged"))
                          .arg(m_report.written.size())
                          .arg(m_report.unchanged.size());
    summary +=
        u' ' + tr("%1 locks computed, %2 reused.").arg(m_job->locksComputed()).arg(m_job->locksReused());
    if (!m_report.kept.isEmpty())
        summary += u' ' + tr("Kept, because awarded events used them or they are imported NCA lists: %1.")
                              .arg(m_report.kept.join(QStringLiteral(", ")));
    m_summary->setText(summary);
    m_differences->setDifferences(run->lockDifferences);
    const bool anyAwarded = !run->lockDifferences.empty();
    m_differencesCaption->setVisible(anyAwarded);
    m_differencesTable->setVisible(anyAwarded);
    if (anyAwarded)
        m_differencesTable->resizeColumnsToContents();

    Q_EMIT ratingRunStored(m_report.runId);
    Q_EMIT recomputed(run);
    Q_EMIT runFinished(true);
}

void RecomputeDialog::setRunning(bool running)
{
    m_startButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
}

} // namespace flickdesk::ui
