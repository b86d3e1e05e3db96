#include "widgets/tour/seasonview.h"

#include "core/store/store.h"
#include "models/tour/tourhistory.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

namespace flickdesk::ui {
namespace {

// Fills `box` with every season of `folder` as "Season 16", the label as its data, and selects
// `wanted` when it is one of them, the latest otherwise, without emitting the box's signals.
void fillSeasonBox(QComboBox& box, const core::HistoryFolder& folder, const QString& wanted)
{
    const QSignalBlocker blocker(&box);
    // Filled after it was first shown (the history loads in the background): sized to its contents
    // then, as the box first measured itself empty, it showed "Season 1" of "Season 16".
    box.setSizeAdjustPolicy(QComboBox::AdjustToContents);
    box.clear();
    for (const QString& label : core::seasonsOf(folder))
        box.addItem(SeasonView::tr("Season %1").arg(label), label);
    const int index = box.findData(wanted);
    box.setCurrentIndex(index >= 0 ? index : box.count() - 1);
}

} // namespace

SeasonView::SeasonView(core::Store& store, const ObjectNames& names, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_folder(std::make_shared<const core::HistoryFolder>())
    , m_history(new TourHistory(store, this, [this] { return isVisible(); }))
    , m_storing(new QFutureWatcher<int>(this))
{
    m_season = new QComboBox(this);
    m_season->setObjectName(names.season);

    m_table = new QTableView(this);
    m_table->setObjectName(names.table);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().lineSpacing() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Fitting the columns measures the rows on screen and 200 others, not all of them (a season at
    // a million finishes has tens of thousands).
    m_table->horizontalHeader()->setResizeContentsPrecision(200);

    m_status = new QLabel(this);
    m_status->setObjectName(names.status);
    m_status->setWordWrap(true);

    m_controls = new QHBoxLayout;
    m_controls->addWidget(new QLabel(tr("Season:"), this));
    m_controls->addWidget(m_season);
    m_layout = new QVBoxLayout(this);
    m_layout->addLayout(m_controls);
    m_layout->addWidget(m_table, 1);
    m_layout->addWidget(m_status);

    connect(m_season, &QComboBox::currentIndexChanged, this, [this] {
        seasonChosen();
        recompute();
    });
    connect(m_history, &TourHistory::loaded, this, &SeasonView::historyLoaded);
    connect(m_history, &TourHistory::statusChanged, m_status, &QLabel::setText);
    connect(m_storing, &QFutureWatcher<int>::finished, this,
            [this] { Q_EMIT locksStored(m_storing->result()); });
}

SeasonView::~SeasonView() = default;

QString SeasonView::season() const
{
    return m_season->currentData().toString();
}

QStringList SeasonView::seasons() const
{
    QStringList list;
    for (int i = 0; i < m_season->count(); ++i)
        list.append(m_season->itemData(i).toString());
    return list;
}

bool SeasonView::isComputing() const
{
    return m_computing || m_history->isReading();
}

void SeasonView::setSeason(const QString& season)
{
    if (m_history->isReading()) {
        m_wantedSeason = season; // chosen once the history is in
        return;
    }
    const int index = m_season->findData(season);
    if (index >= 0)
        m_season->setCurrentIndex(index);
}

void SeasonView::refresh()
{
    m_history->read();
}

void SeasonView::checkHistory()
{
    m_history->readAgainIfChanged();
}

void SeasonView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    checkHistory(); // a change made while the tab was hidden, announced or not
}

qint64 SeasonView::generation() const
{
    return m_history->generation();
}

void SeasonView::insertAboveTable(QWidget* widget)
{
    m_layout->insertWidget(m_layout->indexOf(m_table), widget);
}

void SeasonView::setStatus(const QString& text)
{
    m_status->setText(text);
}

void SeasonView::historyLoaded(const LoadedHistory& loaded)
{
    if (!loaded.folder) {
        m_folder = std::make_shared<const core::HistoryFolder>();
        m_status->setText(loaded.error);
    } else {
        m_folder = loaded.folder;
    }
    fillSeasonBox(*m_season, *m_folder, m_wantedSeason.isEmpty() ? season() : m_wantedSeason);
    m_wantedSeason.clear();
    seasonChosen();
    if (loaded.folder)
        recompute();
}

std::shared_ptr<core::Store> SeasonView::startComputing(const QString& computing)
{
    if (season().isEmpty()) {
        clearResult();
        m_status->setText(tr("The database holds no finished events."));
        return nullptr;
    }
    // What the computation reads of the store is read with it, on a connection of its own.
    std::shared_ptr<core::Store> worker;
    try {
        worker = m_store.openWorker();
    } catch (const core::StoreError& error) {
        m_status->setText(error.message());
        return nullptr;
    }
    m_status->setText(computing);
    m_computing = true;
    return worker;
}

void SeasonView::storeComputedLocks(std::shared_ptr<const core::ComputedTourLocks> locks)
{
    if (locks)
        m_storing->setFuture(storeTourLocksInBackground(m_store, std::move(locks)));
}

} // namespace flickdesk::ui
