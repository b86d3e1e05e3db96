#include "widgets/tierreport.h"

#include "core/tourpoints.h"
#include "core/translation.h"
#include "widgets/recomputejob.h"

#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace flickdesk::ui {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::ui::TierReport)

} // namespace

TierReportResult computeTierReport(const core::HistoryFolder& folder,
                                   const engine::FlickSkillParameters& parameters, const QString& season)
{
    TierReportResult result;
    result.season = season;
    try {
        const core::TourPoints points = core::computeTourPoints(
            folder, parameters, [&season](const core::EventInfo& info) { return info.season == season; });
        if (!points.defects.empty()) {
            result.error =
                tr("The stored history has %1 defect(s) that keep Tour points from being computed; the "
                   "first: %2")
                    .arg(points.defects.size())
                    .arg(QString::fromStdString(engine::describe(points.defects.front())));
            return result;
        }
        for (const core::TourEventPoints& event : points.events) {
            const core::EventInfo& info = folder.events[event.eventIndex];
            TierReportRow row;
            row.eventId = info.eventId;
            row.date = dateOf(info.date);
            row.name = info.name;
            row.tour = info.tour;
            row.format = info.format;
            row.tier = event.payout.tier;
            row.fieldSize = event.payout.fieldSize;
            row.unflooredFieldStrength = event.payout.unflooredFieldStrength;
            row.unflooredWinnerPoints = event.payout.unflooredWinnerPoints;
            row.fieldStrengthIndex = event.payout.fieldStrengthIndex;
            row.meetsHigherTierFloor = event.payout.meetsHigherTierFloor; // DECISIONS P10
            result.rows.push_back(std::move(row));
        }
    } catch (const std::exception& failure) {
        result.error = tr("The Tier report could not be computed: %1").arg(QString::fromUtf8(failure.what()));
    }
    return result;
}

// ---------------------------------------------------------------------------------------------

TierReportModel::TierReportModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TierReportModel::setRows(std::vector<TierReportRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    select();
    endResetModel();
}

void TierReportModel::setOnlyMeeting(bool only)
{
    if (only == m_onlyMeeting)
        return;
    beginResetModel();
    m_onlyMeeting = only;
    select();
    endResetModel();
}

void TierReportModel::select()
{
    m_shown.clear();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (!m_onlyMeeting || m_rows[i].meetsHigherTierFloor)
            m_shown.push_back(i);
    }
}

int TierReportModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_shown.size());
}

int TierReportModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TierReportModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TierReportRow& r = m_rows[m_shown[static_cast<std::size_t>(index.row())]];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DateColumn:
            return r.date.toString(Qt::ISODate);
        case EventColumn:
            return tr("%1 (%2)").arg(r.name, r.eventId);
        case TourColumn:
            return r.tour == core::Tour::Recreational ? tr("recreational") : tr("competitive");
        case TierColumn:
            return static_cast<int>(r.tier);
        case FieldColumn:
            return r.fieldSize;
        case StrengthColumn:
            return QString::number(r.unflooredFieldStrength, 'f', 3);
        case WinnerColumn:
            return QString::number(r.unflooredWinnerPoints, 'f', 1);
        case MeetsColumn:
            if (!r.meetsHigherTierFloor)
                return QString();
            return tr("Tier %1 floor (%2)")
                .arg(static_cast<int>(*r.meetsHigherTierFloor))
                .arg(engine::winnerPointsFloor(*r.meetsHigherTierFloor), 0, 'f', 0);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == StrengthColumn)
            return tr("Mean of the top %1 / 3.3, before the Tier floor; FSI after it: %2")
                .arg(r.format == engine::EventFormat::Doubles ? tr("10 teams") : tr("20 players"))
                .arg(r.fieldStrengthIndex, 0, 'f', 3);
        if (index.column() == WinnerColumn)
            return tr("Unfloored winner points: the strength x 50 (DECISIONS P10)");
        return {};
    case Qt::ForegroundRole:
        if (index.column() == MeetsColumn && r.meetsHigherTierFloor)
            return QColor(0, 120, 40);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == EventColumn || index.column() == TourColumn || index.column() == MeetsColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case MeetsHigherTierRole:
        return r.meetsHigherTierFloor ? QVariant(static_cast<int>(*r.meetsHigherTierFloor)) : QVariant();
    case EventIdRole:
        return r.eventId;
    default:
        return {};
    }
}

QVariant TierReportModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case DateColumn:
        return tr("Date");
    case EventColumn:
        return tr("Event");
    case TourColumn:
        return tr("Tour");
    case TierColumn:
        return tr("Tier");
    case FieldColumn:
        return tr("Field");
    case StrengthColumn:
        return tr("Strength (unfloored)");
    case WinnerColumn:
        return tr("Winner points (unfloored)");
    case MeetsColumn:
        return tr("Met a higher Tier's floor");
    default:
        return {};
    }
}

// ---------------------------------------------------------------------------------------------

TierReport::TierReport(core::Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_watcher(new QFutureWatcher<TierReportResult>(this))
    , m_model(new TierReportModel(this))
{
    m_season = new QComboBox(this);
    m_season->setObjectName(QStringLiteral("tierSeason"));
    m_onlyMeeting = new QCheckBox(tr("Only events that met a higher Tier's points floor"), this);
    m_onlyMeeting->setObjectName(QStringLiteral("tierOnlyMeeting"));
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("tierTable"));
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().lineSpacing() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("tierSummary"));
    m_summary->setWordWrap(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Season:"), this));
    controls->addWidget(m_season);
    controls->addWidget(m_onlyMeeting);
    controls->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_summary);

    connect(m_season, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(m_onlyMeeting, &QCheckBox::toggled, this, &TierReport::setOnlyMeeting);
    connect(m_watcher, &QFutureWatcher<TierReportResult>::finished, this, [this] {
        const TierReportResult result = m_watcher->result();
        if (result.season != season())
            return; // a newer request is on its way
        m_computing = false;
        m_model->setRows(result.rows);
        m_table->resizeColumnsToContents();
        if (!result.error.isEmpty())
            m_summary->setText(result.error);
        else
            updateSummary();
        Q_EMIT reportReady();
    });
    refresh();
}

TierReport::~TierReport() = default;

QString TierReport::season() const
{
    return m_season->currentData().toString();
}

QStringList TierReport::seasons() const
{
    QStringList list;
    for (int i = 0; i < m_season->count(); ++i)
        list.append(m_season->itemData(i).toString());
    return list;
}

bool TierReport::isComputing() const
{
    return m_computing;
}

void TierReport::setSeason(const QString& season)
{
    const int index = m_season->findData(season);
    if (index >= 0)
        m_season->setCurrentIndex(index);
}

void TierReport::setOnlyMeeting(bool only)
{
    m_onlyMeeting->setChecked(only);
    m_model->setOnlyMeeting(only);
    updateSummary();
}

void TierReport::refresh()
{
    try {
        m_folder = m_store.loadHistory();
    } catch (const core::StoreError& error) {
        m_folder = {};
        m_summary->setText(error.message());
    }
    const QString current = season();
    {
        const QSignalBlocker blocker(m_season);
        m_season->clear();
        for (const QString& label : core::seasonsOf(m_folder))
            m_season->addItem(tr("Season %1").arg(label), label);
        const int index = m_season->findData(current);
        m_season->setCurrentIndex(index >= 0 ? index : m_season->count() - 1);
    }
    recompute();
}

void TierReport::recompute()
{
    const QString label = season();
    if (label.isEmpty()) {
        m_model->setRows({});
        m_summary->setText(tr("The database holds no finished events."));
        return;
    }
    engine::FlickSkillParameters parameters;
    try {
        m_store.flickSkillParameters().applyTo(parameters);
    } catch (const core::StoreError& error) {
        m_summary->setText(error.message());
        return;
    }
    m_summary->setText(tr("Computing the Tier report…"));
    m_computing = true;
    m_watcher->setFuture(runInThreadPool(
        [folder = m_folder, parameters, label] { return computeTierReport(folder, parameters, label); }));
}

void TierReport::updateSummary()
{
    int meeting = 0;
    for (const TierReportRow& row : m_model->rows())
        meeting += row.meetsHigherTierFloor ? 1 : 0;
    m_summary->setText(tr("Season %1: %2 of %3 Tour events met a higher Tier's points floor (DECISIONS P10: "
                          "unfloored winner points of 30 for Tier 2, 40 for Tier 1).")
                           .arg(season())
                           .arg(meeting)
                           .arg(m_model->rows().size()));
}

} // namespace flickdesk::ui
