#include "widgets/payoutpreviewmodel.h"

#include "widgets/entrantlistmodel.h"

#include <QLocale>
#include <stdexcept>

namespace flickdesk::ui {

PayoutPreviewModel::PayoutPreviewModel(QObject* parent)
    : PayoutTableModel(parent)
{
    setTable(engine::computePayoutTable(m_format, m_tier, std::span<const double>()));
}

void PayoutPreviewModel::setEntrants(EntrantListModel* entrants)
{
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
    if (m_entrants) {
        // DECISIONS P3: the field is every unit that began, withdrawn ones included; ratings come
        // from the entrant list's lock in memory: no database query on a check-in.
        m_format = m_entrants->format();
        m_ratings.clear();
        m_teams.clear();
        for (const core::Entrant& entrant : m_entrants->entrants()) {
            if (!entrant.began())
                continue;
            if (m_format == engine::EventFormat::Doubles)
                m_teams.push_back(m_entrants->partnerRatings(entrant));
            else
                m_ratings.push_back(m_entrants->unitRating(entrant));
        }
    }
    // The same function the award uses (Store::awardEvent): the preview is what will be paid.
    engine::PayoutTable table;
    try {
        table = m_format == engine::EventFormat::Doubles
                    ? engine::computePayoutTable(m_tier, m_teams, m_cap)
                    : engine::computePayoutTable(m_format, m_tier, m_ratings, m_cap);
    } catch (const std::invalid_argument&) {
        // A cap the store would refuse (negative, not a number): the preview shows no places.
        table = engine::computePayoutTable(m_format, m_tier, std::span<const double>());
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
    return tr("The field meets the Tier %1 points floor: its unfloored winner points %2 reach %3 (DECISIONS "
              "P10).")
        .arg(static_cast<int>(higher))
        .arg(QLocale().toString(table().unflooredWinnerPoints, 'f', 1))
        .arg(QLocale().toString(engine::winnerPointsFloor(higher), 'f', 0));
}

} // namespace flickdesk::ui
