#pragma once

// The morning preview of an event's Field-Weighted Points: place -> points for the units that
// began (DECISIONS P3), computed by core::payoutTable (core/awards/payout.h), the function the award uses
// (P2), from the locked ratings the entrant list holds in memory. It follows an EntrantListModel and is
// recomputed on every check-in without a database query; rows change only where points change.
// It is the table model the preview's view shows (one model, one diff per edit): the rows and roles
// of PayoutTableModel.

#include "core/records/monthlock.h"
#include "flickdesk/engine/points.h"
#include "models/eventday/payouttablemodel.h"

#include <QPointer>
#include <optional>
#include <span>
#include <vector>

namespace flickdesk::ui {

class EntrantListModel;

class PayoutPreviewModel : public PayoutTableModel {
    Q_OBJECT
    Q_PROPERTY(int fieldSize READ fieldSize NOTIFY payoutChanged)
    Q_PROPERTY(double fieldStrengthIndex READ fieldStrengthIndex NOTIFY payoutChanged)
    Q_PROPERTY(double fieldDepthIndex READ fieldDepthIndex NOTIFY payoutChanged)
    Q_PROPERTY(double tierFloor READ tierFloor NOTIFY payoutChanged)
    Q_PROPERTY(double unflooredFieldStrength READ unflooredFieldStrength NOTIFY payoutChanged)
    Q_PROPERTY(bool capApplied READ capApplied NOTIFY payoutChanged)
    Q_PROPERTY(QString tierNote READ tierNote NOTIFY payoutChanged)

public:
    explicit PayoutPreviewModel(QObject* parent = nullptr);

    // The field: the units of `entrants` that began, followed as they check in and out.
    // Their ratings: `lock`, the event's lock as its session keeps it (EventSession::lockedRatings).
    void setEntrants(EntrantListModel* entrants, const core::MonthLockRatings* lock = nullptr);
    // The event's terms. An experimental event passes its FSI cap (DECISIONS P4).
    void setTerms(engine::EventFormat format, engine::Tier tier, std::optional<double> experimentalCap);
    // A field given directly (without an entrant list): singles ratings, or doubles partner pairs.
    void setField(std::vector<double> ratings);
    void setTeams(std::vector<engine::PartnerRatings> teams);

    engine::EventFormat format() const { return m_format; }
    engine::Tier tier() const { return m_tier; }
    std::optional<double> experimentalCap() const { return m_cap; }
    int fieldSize() const { return table().fieldSize; }
    double fieldStrengthIndex() const { return table().fieldStrengthIndex; }
    double fieldDepthIndex() const { return table().fieldDepthIndex; }
    double tierFloor() const { return engine::fieldStrengthFloor(m_tier); }
    double unflooredFieldStrength() const { return table().unflooredFieldStrength; }
    bool capApplied() const { return table().capApplied; }
    // DECISIONS P10: which higher Tier's points floor the field's unfloored winner points reach;
    // empty when none.
    QString tierNote() const;

public Q_SLOTS:
    // Reads the field from the entrant list and computes the table again.
    void recompute();

Q_SIGNALS:
    // Once per edit that changes the table (its rows or its figures).
    void payoutChanged();

private:
    QPointer<EntrantListModel> m_entrants;
    const core::MonthLockRatings* m_lock = nullptr;
    engine::EventFormat m_format = engine::EventFormat::Singles;
    engine::Tier m_tier = engine::Tier::Three;
    std::optional<double> m_cap;
    std::vector<double> m_ratings;               // the field, when given directly
    std::vector<engine::PartnerRatings> m_teams; // the field, when given directly
};

} // namespace flickdesk::ui
