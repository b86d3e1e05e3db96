#include "models/eventday/payoutpreviewmodel.h"

#include "core/awards/payout.h"
#include "models/eventday/entrantlistmodel.h"

#include <QLocale>
#include <stdexcept>

namespace flickdesk::ui {

PayoutPreviewModel::PayoutPreviewModel(QObject* parent)
    : PayoutTableModel(parent)
{
    setTable(core::payoutTable(core::PayoutTerms{m_format, m_tier, m_cap}, {}));
}

void PayoutPreviewModel::setEntrants(EntrantListModel* entrants, const core::MonthLockRatings* lock)
{
    m_lock = lock;
    if (m_entrants == entrants)
        return;
    if (m_entrants)
        disconnect(m_entrants, nullptr, this, nullptr);
    m_entrants = entrants;
    if (m_entrants) {
        connect(m_entrants, &EntrantListModel::fieldChanged, this, &PayoutPreviewModel::recompute);
        m_format = m_entrants->format();
    }
    recompute();
}

void PayoutPreviewModel::setTerms(engine::EventFormat format, engine::Tier tier,
                                  std::optional<double> experimentalCap)
{
    m_format = format;
    m_tier = tier;
    m_cap = experimentalCap;
    recompute();
}

void PayoutPreviewModel::setField(std::vector<double> ratings)
{
    setEntrants(nullptr);
    m_format = engine::EventFormat::Singles;
    m_ratings = std::move(ratings);
    recompute();
}

void PayoutPreviewModel::setTeams(std::vector<engine::PartnerRatings> teams)
{
    setEntrants(nullptr);
    m_format = engine::EventFormat::Doubles;
    m_teams = std::move(teams);
    recompute();
}

void PayoutPreviewModel::recompute()
{
    std::vector<core::FieldUnit> units;
    if (m_entrants) {
        // DECISIONS P3: the field is every unit that began, withdrawn ones included; ratings come
        // from the session's lock in memory: no database query on a check-in.
        static const core::MonthLockRatings none; // N6: every player unseen until a lock is given
        m_format = m_entrants->format();
        units = core::fieldUnitsThatBegan(m_entrants->entrants(), m_format, m_lock ? *m_lock : none);
    } else if (m_format == engine::EventFormat::Doubles) {
        for (const engine::PartnerRatings& team : m_teams)
            units.push_back({team.first, team.second});
    } else {
        for (const double rating : m_ratings)
            units.push_back({rating, 0.0});
    }
    // The one path of the award (core/awards/payout.h): the preview is what will be paid.
    engine::PayoutTable table;
    try {
        table = core::payoutTable(core::PayoutTerms{m_format, m_tier, m_cap}, units);
    } catch (const std::invalid_argument&) {
        // A cap the store would refuse (negative, not a number): the preview shows no places.
        table = core::payoutTable(core::PayoutTerms{m_format, m_tier, std::nullopt}, {});
    }
    // The one diff of the edit: rows change only where points change.
    if (setTable(table))
        Q_EMIT payoutChanged();
}

QString PayoutPreviewModel::tierNote() const
{
    if (!table().meetsHigherTierFloor)
        return QString();
    const engine::Tier higher = *table().meetsHigherTierFloor;
    // DECISIONS P10: unfloored winner points (FSI before the Tier floor, x 50) reaching a higher
    // Tier's minimum winner points.
    return tr("This field is strong enough for a Tier %1 event: even without the Tier floor, the winner "
              "would get %2 points, at least the %3 a Tier %1 winner is guaranteed.")
        .arg(static_cast<int>(higher))
        .arg(QLocale().toString(table().unflooredWinnerPoints, 'f', 1))
        .arg(QLocale().toString(engine::winnerPointsFloor(higher), 'f', 0));
}

} // namespace flickdesk::ui
