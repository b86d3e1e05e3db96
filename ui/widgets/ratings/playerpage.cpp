#include "widgets/ratings/playerpage.h"

#include "core/awards/monthlocks.h"
#include "core/awards/payout.h"
#include "core/awards/tourpoints.h"
#include "core/store/store.h"
#include "core/translation.h"
#include "flickdesk/engine/date.h"
#include "flickdesk/engine/points.h"
#include "models/storewatcher.h"
#include "widgets/charts/curvechart.h"
#include "widgets/playerdialog.h"

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QMetaMethod>
#include <QPalette>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace flickdesk::ui {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::ui::PlayerPage)

// P(X > 0) for X ~ N(mean, variance).
double probabilityPositive(double mean, double variance)
{
    if (!(variance > 0.0))
        return mean > 0.0 ? 1.0 : (mean < 0.0 ? 0.0 : 0.5);
    return 0.5 * std::erfc(-mean / std::sqrt(2.0 * variance));
}

// The latest point of a learning curve dated before `day`, if any.
const engine::LearningCurvePoint* latestBefore(const std::vector<engine::LearningCurvePoint>& curve,
                                               engine::DayNumber day)
{
    const auto it =
        std::lower_bound(curve.begin(), curve.end(), day,
                         [](const engine::LearningCurvePoint& p, engine::DayNumber d) { return p.date < d; });
    return it == curve.begin() ? nullptr : &*(it - 1);
}

const engine::LearningCurvePoint* pointAt(const std::vector<engine::LearningCurvePoint>& curve,
                                          engine::DayNumber day)
{
    const auto it =
        std::lower_bound(curve.begin(), curve.end(), day,
                         [](const engine::LearningCurvePoint& p, engine::DayNumber d) { return p.date < d; });
    return it != curve.end() && it->date == day ? &*it : nullptr;
}

std::optional<engine::DayNumber> firstOfMonthKey(const QString& month)
{
    const std::optional<core::Month> parsed = core::Month::fromString(month);
    return parsed ? std::optional<engine::DayNumber>(parsed->firstDay()) : std::nullopt;
}

} // namespace

Performance unitPerformance(std::span<const engine::Gaussian> players,
                            const engine::FlickSkillParameters& parameters)
{
    Performance performance;
    if (players.empty())
        return performance;
    // DECISIONS N2: one player performs with weight 1; doubles partners with the doubles weight each.
    const double weight = players.size() == 1 ? 1.0 : parameters.doublesWeight;
    const double beta2 = parameters.beta * parameters.beta;
    for (const engine::Gaussian& player : players) {
        performance.mean += weight * player.mu;
        performance.variance += weight * weight * (player.sigma * player.sigma + beta2);
    }
    return performance;
}

double expectedPlace(std::size_t unit, std::span<const Performance> field)
{
    double place = 1.0;
    for (std::size_t j = 0; j < field.size(); ++j) {
        if (j == unit)
            continue;
        place +=
            probabilityPositive(field[j].mean - field[unit].mean, field[j].variance + field[unit].variance);
    }
    return place;
}

QString ordinal(int number)
{
    const int lastTwo = number % 100;
    const int last = number % 10;
    if (lastTwo < 11 || lastTwo > 13) {
        if (last == 1)
            return tr("%1st").arg(number);
        if (last == 2)
            return tr("%1nd").arg(number);
        if (last == 3)
            return tr("%1rd").arg(number);
    }
    return tr("%1th").arg(number);
}

std::vector<PlayerEventRow> playerEventRows(const RatingRun& run, const QString& playerId,
                                            const FieldRatingsSource& source)
{
    std::vector<PlayerEventRow> rows;
    const std::optional<engine::PlayerIndex> me = run.playerIndex(playerId);
    if (!me || static_cast<std::size_t>(*me) >= run.playerEvents.size())
        return rows;
    const engine::RatingHistory& history = run.folder.history;
    const engine::FlickSkillParameters& parameters = run.parameters;
    const engine::Gaussian prior{parameters.mu0, parameters.sigma0};
    const auto curveOf =
        [&run](engine::PlayerIndex player) -> const std::vector<engine::LearningCurvePoint>& {
        static const std::vector<engine::LearningCurvePoint> none;
        const auto p = static_cast<std::size_t>(player);
        return p < run.result.curves.size() ? run.result.curves[p] : none;
    };

    for (const std::size_t e : run.playerEvents[static_cast<std::size_t>(*me)]) {
        const engine::Event& event = history.events[e];
        const core::EventInfo& info = run.folder.events[e];
        PlayerEventRow row;
        row.eventId = info.eventId;
        row.date = dateOf(event.date);
        row.eventName = info.name;
        row.format = event.format;
        row.tour = info.tour;
        row.fieldSize = static_cast<int>(event.standings.size());

        std::size_t myUnit = event.standings.size();
        for (std::size_t u = 0; u < event.standings.size(); ++u) {
            const auto& players = event.standings[u].unit.players;
            if (std::find(players.begin(), players.end(), *me) != players.end())
                myUnit = u;
        }
        if (myUnit < event.standings.size())
            row.place = event.standings[myUnit].place;

        const QString month = monthKey(engine::firstOfMonth(event.date));
        const std::optional<FieldRatingsBefore> stored = source ? source(info.eventId, month) : std::nullopt;
        // The ratings are taken before `cutoff`: the 1st of the lock's month, or the event's date.
        engine::DayNumber cutoff = event.date;
        if (stored) {
            row.basis = stored->basis;
            row.lockMonth = stored->lockMonth;
            cutoff = firstOfMonthKey(stored->lockMonth).value_or(engine::firstOfMonth(event.date));
        }
        const auto before = [&](engine::PlayerIndex player) {
            if (stored)
                return stored->ratings.value(run.playerId(player), prior);
            const engine::LearningCurvePoint* point = latestBefore(curveOf(player), event.date);
            return point ? engine::Gaussian{point->mu, point->sigma} : prior;
        };
        // DECISIONS N1: the prior of the event's batch widens by the days since the player's
        // latest batch before the cut-off; a player never seen before has the plain prior.
        const auto withDrift = [&](engine::PlayerIndex player, engine::Gaussian rating) {
            const engine::LearningCurvePoint* last = latestBefore(curveOf(player), cutoff);
            if (last != nullptr) {
                const double days = event.date - last->date;
                rating.sigma =
                    std::sqrt(rating.sigma * rating.sigma + days * parameters.gamma * parameters.gamma);
            }
            return rating;
        };

        std::vector<Performance> field;
        field.reserve(event.standings.size());
        double sum = 0.0;
        int opponents = 0;
        for (std::size_t u = 0; u < event.standings.size(); ++u) {
            std::vector<engine::Gaussian> ratings;
            for (const engine::PlayerIndex player : event.standings[u].unit.players) {
                const engine::Gaussian rating = before(player);
                ratings.push_back(withDrift(player, rating));
                if (player == *me)
                    row.before = rating;
                if (u != myUnit) {
                    sum += rating.mu;
                    ++opponents;
                }
            }
            field.push_back(unitPerformance(ratings, parameters));
        }
        row.fieldAverage = opponents > 0 ? sum / opponents : 0.0;
        if (myUnit < field.size())
            row.expectedPlace = expectedPlace(myUnit, field);
        if (const engine::LearningCurvePoint* after = pointAt(curveOf(*me), event.date))
            row.after = {after->mu, after->sigma};
        else
            row.after = run.rating(*me);

        // Points: the frozen award (DECISIONS P2), or for a Tour event not yet awarded what the
        // lock of its month pays its place (P1-P8), from the same engine function as the award.
        if (stored && stored->basis == FieldRatingsBefore::Basis::Award) {
            if (const auto award = stored->awards.constFind(playerId); award != stored->awards.constEnd()) {
                row.points = *award;
                row.pointsAwarded = true;
            }
        } else if (stored && info.tour != core::Tour::None && info.tier) {
            const std::vector<const engine::Standing*> order = core::finishingOrder(event);
            const auto mine = std::find_if(order.begin(), order.end(), [&](const engine::Standing* unit) {
                const auto& players = unit->unit.players;
                return std::find(players.begin(), players.end(), *me) != players.end();
            });
            if (mine != order.end()) {
                // The one path of the award and the preview (core/awards/payout.h), with the lock of the
                // event's month and its experimental cap (DECISIONS P1, P4).
                const std::vector<core::FieldUnit> units =
                    core::fieldUnits(order, event.format, [&](std::optional<engine::PlayerIndex> player) {
                        return player ? before(*player).mu : prior.mu;
                    });
                const engine::PayoutTable table =
                    core::payoutTable(core::payoutTermsOf(info, event.format), units);
                row.points = table.awards.at(static_cast<std::size_t>(mine - order.begin()));
            }
        }

        const QString average = QString::number(row.fieldAverage, 'f', 3);
        const QString expected =
            row.expectedPlace ? ordinal(static_cast<int>(std::lround(*row.expectedPlace))) : QString();
        if (row.place > 0 && row.expectedPlace)
            row.explanation = tr("finished %1 of %2 against a field averaging %3: expected about %4")
                                  .arg(ordinal(row.place))
                                  .arg(row.fieldSize)
                                  .arg(average, expected);
        else if (row.expectedPlace)
            row.explanation = tr("played %1 units rated from their games, against a field averaging %2: "
                                 "expected about %3")
                                  .arg(row.fieldSize)
                                  .arg(average, expected);
        rows.push_back(std::move(row));
    }
    std::reverse(rows.begin(), rows.end());
    return rows;
}

// ---------------------------------------------------------------------------------------------

PlayerPage::PlayerPage(core::Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new PlayerEventsModel(this))
{
    // Whoever changed the history (an award, an import, a merge, a result): the page says that its
    // figures are older than it (checkHistory) until the run it shows is computed again.
    connect(new StoreWatcher(m_store, this), &StoreWatcher::changed, this,
            [this](const core::StoreChange& change) {
                if (change.touches(core::StoreChange::History | core::StoreChange::Locks))
                    checkHistory();
            });
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("playerHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);

    m_staleNote = new QLabel(this);
    m_staleNote->setObjectName(QStringLiteral("playerStaleNote"));
    m_staleNote->setWordWrap(true);
    m_staleNote->setTextFormat(Qt::RichText);
    m_staleNote->setFrameShape(QFrame::StyledPanel);
    m_staleNote->setMargin(4);
    m_staleNote->setAutoFillBackground(true);
    QPalette warning = m_staleNote->palette();
    warning.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xce)); // as the ratings list's banner
    warning.setColor(QPalette::WindowText, QColor(0x3d, 0x2e, 0x00));
    m_staleNote->setPalette(warning);
    m_staleNote->hide();
    connect(m_staleNote, &QLabel::linkActivated, this, [this] {
        if (isSignalConnected(QMetaMethod::fromSignal(&PlayerPage::recomputeRequested)))
            Q_EMIT recomputeRequested();
        else
            refresh();
    });

    m_chart = new CurveChart(this);
    m_chart->setObjectName(QStringLiteral("playerCurve"));

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("playerEvents"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().lineSpacing() + 6);
    // At 1280x800 the page has about 750 pixels: the figures fit their contents, the event's name and
    // the explanation share the rest, elided, their whole text in the tooltip. No sideways scrolling.
    m_table->setWordWrap(false);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(PlayerEventsModel::EventColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(PlayerEventsModel::ExplanationColumn, QHeaderView::Stretch);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    // Issue 14: a misspelt name or a new location seen on the Ratings tab is corrected here.
    m_edit = new QPushButton(tr("Edit pla&yer..."), this);
    m_edit->setObjectName(QStringLiteral("playerEditButton"));
    m_edit->setToolTip(
        tr("The player's name and location; a local player's id, or their merge into another."));
    connect(m_edit, &QPushButton::clicked, this, [this] { editPlayer(); });
    auto* headerRow = new QHBoxLayout;
    headerRow->addWidget(m_header, 1);
    headerRow->addWidget(m_edit, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_staleNote);
    layout->addLayout(headerRow);
    layout->addWidget(splitter, 1);
    rebuild();
}

PlayerDialog* PlayerPage::editPlayer()
{
    if (m_playerId.isEmpty() || !m_store.player(m_playerId) || m_store.isReadOnly())
        return nullptr;
    auto* dialog = new PlayerDialog(m_store, {m_playerId}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        // Not an event-day edit: written at once, in the audit log, without the event's undo.
        QString id = dialog->playerId();
        try {
            if (!dialog->mergeInto().isEmpty()) {
                m_store.mergePlayer(id, dialog->mergeInto());
                id = dialog->mergeInto();
            } else {
                m_store.editPlayer(id, dialog->name(), dialog->location());
                if (!dialog->newId().isEmpty()) {
                    m_store.changePlayerId(id, dialog->newId());
                    id = dialog->newId();
                }
            }
        } catch (const core::StoreError& error) {
            QMessageBox::warning(this, tr("Player"), error.message());
            return;
        }
        m_playerId = id;
        rebuild(); // the store announced the edit: whoever shows the player follows (StoreWatcher)
    });
    dialog->open();
    return dialog;
}

PlayerPage::~PlayerPage() = default;

void PlayerPage::setPlayer(const QString& playerId)
{
    m_playerId = playerId;
    if (!m_run && !m_job)
        refresh();
    rebuild();
}

void PlayerPage::setRatingRun(RatingRunPtr run)
{
    if (m_job && m_job->result() != run) {
        m_job.reset();
    }
    m_run = std::move(run);
    m_lockCache.clear(); // a recompute may have written new locks
    m_staleness = m_run ? historyStaleness(m_store, *m_run) : HistoryStaleness{};
    updateStaleNote();
    rebuild();
    Q_EMIT ratingRunChanged();
}

void PlayerPage::checkHistory()
{
    if (!m_run)
        return;
    const HistoryStaleness now = historyStaleness(m_store, *m_run);
    if (now == m_staleness)
        return;
    m_staleness = now;
    updateStaleNote();
}

void PlayerPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    checkHistory();
}

void PlayerPage::updateStaleNote()
{
    m_staleNote->setVisible(m_staleness.stale);
    if (m_staleness.stale)
        m_staleNote->setText(tr("%1 <a href=\"recompute\">Recompute now</a>")
                                 .arg(m_staleness.text(tr("figures")).toHtmlEscaped()));
}

void PlayerPage::refresh()
{
    startRatingsOnlyJob(
        m_store, m_job, this, [this](RatingRunPtr run) { setRatingRun(std::move(run)); },
        [this](const QString& why) { m_header->setText(why.toHtmlEscaped()); });
}

std::optional<FieldRatingsBefore> PlayerPage::storedRatingsBefore(const QString& eventId,
                                                                  const QString& month)
{
    try {
        if (const std::optional<core::AwardRecord> award = m_store.currentAward(eventId)) {
            FieldRatingsBefore before;
            before.basis = FieldRatingsBefore::Basis::Award;
            before.lockMonth = award->lockMonth;
            for (const core::LockedRating& rating : award->ratings)
                before.ratings.insert(rating.playerId, {rating.mu, rating.sigma});
            for (const core::PlayerAward& points : award->awards)
                before.awards.insert(points.playerId, points.points);
            return before;
        }
        auto cached = m_lockCache.find(month);
        if (cached == m_lockCache.end()) {
            // DECISIONS P1: the lock of the month as the award and the preview take it: the NCA list
            // imported for it, or the lock computed from the stored history. Only a stored lock that
            // is quick to read is taken here (the page is on the GUI thread, which never computes a
            // lock: docs/monthly-locks.md); otherwise the page falls back to the run.
            std::optional<QHash<QString, engine::Gaussian>> lock;
            core::MonthLocks locks(m_store); // the one home of a month's lock (core/awards/monthlocks.h)
            const std::optional<core::Month> lockMonth = core::Month::fromString(month);
            if (lockMonth && locks.quickToRead(*lockMonth)) {
                if (const std::optional<core::MonthLockRatings> monthLock = locks.ready(*lockMonth)) {
                    lock.emplace();
                    lock->reserve(monthLock->mu.size());
                    for (auto it = monthLock->mu.cbegin(); it != monthLock->mu.cend(); ++it)
                        lock->insert(it.key(), {it.value(), monthLock->sigmaOf(it.key())});
                }
            }
            cached = m_lockCache.emplace(month, std::move(lock)).first;
        }
        if (!cached->second)
            return std::nullopt;
        FieldRatingsBefore before;
        before.basis = FieldRatingsBefore::Basis::Lock;
        before.lockMonth = month;
        before.ratings = *cached->second;
        return before;
    } catch (const core::StoreError&) {
        return std::nullopt; // the page falls back to the run
    }
}

void PlayerPage::rebuild()
{
    if (!m_run || m_playerId.isEmpty()) {
        m_model->setRows({});
        m_chart->clear();
        m_chart->setTitle(QString());
        m_header->setText(m_run ? tr("No player chosen.") : tr("Computing the ratings…"));
        Q_EMIT pageChanged();
        return;
    }
    const std::optional<engine::PlayerIndex> player = m_run->playerIndex(m_playerId);
    if (!player) {
        m_model->setRows({});
        m_chart->clear();
        m_header->setText(tr("Player %1 has no rated event.").arg(m_playerId.toHtmlEscaped()));
        Q_EMIT pageChanged();
        return;
    }
    std::vector<PlayerEventRow> rows =
        playerEventRows(*m_run, m_playerId, [this](const QString& eventId, const QString& month) {
            return storedRatingsBefore(eventId, month);
        });

    QList<CurvePoint> curve;
    for (const engine::LearningCurvePoint& point : m_run->result.curves[static_cast<std::size_t>(*player)])
        curve.append({dateOf(point.date), point.mu, point.sigma});
    QList<CurveMark> marks;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        marks.append({it->date, it->after.mu,
                      it->place > 0
                          ? tr("%1: %2 of %3").arg(it->eventName, ordinal(it->place)).arg(it->fieldSize)
                          : it->eventName});
    m_chart->setCurve(curve, marks);

    const QString name = m_run->name(m_playerId);
    const engine::Gaussian rating = m_run->rating(*player);
    m_chart->setTitle(name.isEmpty() ? tr("Learning curve of player %1").arg(m_playerId)
                                     : tr("Learning curve of %1 (%2)").arg(name, m_playerId));
    m_header->setText(
        tr("<b>%1</b> %2 &nbsp; μ %3 &nbsp; σ %4 &nbsp; μ − 3σ %5 &nbsp;·&nbsp; %6 events, last "
           "played %7<br><small>Before: the rating the event's points come from (the lock of its month, "
           "or the award's frozen ratings). After: the rating on the event's date. Points in brackets "
           "are not awarded yet: what that lock pays the place.</small>")
            .arg(m_playerId.toHtmlEscaped(), name.toHtmlEscaped(), QString::number(rating.mu, 'f', 3),
                 QString::number(rating.sigma, 'f', 3),
                 QString::number(rating.mu - 3.0 * rating.sigma, 'f', 3))
            .arg(rows.size())
            .arg(rows.empty() ? QString() : rows.front().date.toString(Qt::ISODate)));
    m_model->setRows(std::move(rows));
    Q_EMIT pageChanged();
}

} // namespace flickdesk::ui
