#pragma once

// The field of one event, one row per unit (a player, or a doubles team): check-in, entrant number,
// players by name, id and location (names are not unique, DECISIONS D1), locked rating and status.
// Kept in step with the store by EventSession; sorting and filtering belong to a proxy model.

#include "core/records/eventdayrecords.h"
#include "core/records/eventrecords.h"
#include "core/records/monthlock.h"
#include "core/store/storefwd.h"
#include "flickdesk/engine/points.h"

#include <QAbstractTableModel>
#include <QIcon>
#include <functional>
#include <vector>

namespace flickdesk::ui {

class EntrantListModel : public QAbstractTableModel {
    Q_OBJECT
    Q_PROPERTY(int registeredCount READ registeredCount NOTIFY countsChanged)
    Q_PROPERTY(int startedCount READ startedCount NOTIFY countsChanged)
    Q_PROPERTY(int withdrawnCount READ withdrawnCount NOTIFY countsChanged)

public:
    enum Column {
        CheckInColumn,  // checkable: checked for a unit that began (started or withdrawn, P3)
        NumberColumn,   // the entrant's number; doubles: the team's place in the list (1, 2, 3...)
        PlayersColumn,  // names; a player without a name shows the id
        IdsColumn,      // player ids
        LocationColumn, // where the players come from
        RatingColumn,   // the locked mu (P1), a team's rating for doubles (P5)
        StatusColumn,
        ColumnCount
    };

    enum Role {
        UnitRole = Qt::UserRole + 1, // int: the entrant number
        PlayerIdsRole,               // QStringList
        PlayerNamesRole,             // QStringList
        LocationsRole,               // QStringList
        RatingRole,                  // double
        StatusRole,                  // int: core::EntrantStatus
        BeganRole,                   // bool: started or withdrawn (DECISIONS P3)
        PlaceRole,                   // int, or an invalid QVariant before standings
        SortRole,                    // the column's sort key
    };

    // What checking a unit in or out does; EventSession pushes an undoable command. Returns
    // whether the change was made. Without one the check-in column is read-only.
    using CheckInHandler = std::function<bool(int unit, bool checkedIn)>;

    explicit EntrantListModel(QObject* parent = nullptr);

    // ---- kept in step with the store (EventSession)
    void setFormat(engine::EventFormat format);
    void setEntrants(std::vector<core::Entrant> entrants); // a reset: loading an event
    // The lock of the event's month the rating column shows: the session's (EventSession keeps
    // it); given again, or another, whenever it changed: dataChanged of the rating column.
    void setLockedRatings(const core::MonthLockRatings* ratings);
    // The lock is being computed in the background: the rating column shows "…" until it arrives.
    void setRatingsPending(bool pending);
    void insertEntrant(core::Entrant entrant); // beginInsertRows, in number order
    void updateEntrant(core::Entrant entrant); // dataChanged of its row
    void removeEntrant(int unit);              // beginRemoveRows
    void setCheckInHandler(CheckInHandler handler);
    void setEditable(bool editable);

    // ---- reading
    engine::EventFormat format() const { return m_format; }
    const std::vector<core::Entrant>& entrants() const { return m_entrants; }
    const core::Entrant* entrant(int unit) const;
    int rowOf(int unit) const; // -1 when absent
    // A unit's rating for FSI and FDI: the player's locked mu, or a team's (DECISIONS P5); an
    // unpaired doubles player counts with an unseen partner (mu 0, N6) until paired.
    double unitRating(const core::Entrant& entrant) const;
    engine::PartnerRatings partnerRatings(const core::Entrant& entrant) const;
    int registeredCount() const { return m_registered; }
    int startedCount() const { return m_started; }
    int withdrawnCount() const { return m_withdrawn; }
    // Doubles: registered units of one player, who cannot be checked in until paired.
    int unpairedCount() const { return m_unpaired; }
    // Doubles: a unit of one player (pair a partner before check-in).
    bool isUnpaired(const core::Entrant& entrant) const;
    // Whether the lock names any of the unit's players; a unit it names none of shows "new".
    bool isRated(const core::Entrant& entrant) const;
    // The unit whose players include `playerId` (any case): 0 when none.
    int unitOfPlayer(const QString& playerId) const;
    // The number a director reads in the No. column: the entrant number (singles); a doubles team
    // is numbered by its place in the list, 1, 2, 3..., where the store's numbers of paired players
    // leave gaps (a team keeps its first partner's number).
    int shownNumber(int unit) const;
    // "Ann Lee (entrant 4)", "Ann Lee / Bo Ek (team 2)": a unit named in a message.
    QString unitName(int unit) const;
    // The month of the lock, "Nov 2026"; empty before one is known.
    QString lockMonthText() const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString statusText(core::EntrantStatus status);
    // The icon beside a doubles unit that still needs a partner: the view's style gives it (the
    // models link no widgets).
    void setWarningIcon(const QIcon& icon) { m_warningIcon = icon; }

Q_SIGNALS:
    void countsChanged();
    // The units that began, or their ratings, changed: what the payout preview is computed from.
    void fieldChanged();
    // The check-in handler refused a check-in from the view (its reason is the handler's to tell).
    void checkInRefused(int unit);

private:
    void recount();
    void numbersChangedFrom(int row);

    engine::EventFormat m_format = engine::EventFormat::Singles;
    std::vector<core::Entrant> m_entrants;   // by number
    const core::MonthLockRatings* m_ratings; // never null: an empty lock until one is given
    QString m_ratingsMonth;                  // the month of the lock last given (the header names it)
    bool m_ratingsPending = false;
    CheckInHandler m_checkIn;
    bool m_editable = true;
    int m_registered = 0;
    int m_started = 0;
    int m_withdrawn = 0;
    int m_unpaired = 0;
    QIcon m_warningIcon;
};

} // namespace flickdesk::ui
