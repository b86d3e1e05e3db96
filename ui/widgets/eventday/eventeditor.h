#pragma once

// The fields of an event a director sets (core::EventDraft): name, date, format, Tier, Tour
// division, group, season and the experimental flag with its FSI cap (DECISIONS P4: FlickDesk
// proposes 1.00 and shows it). New Event (Ctrl+N) and Edit Event open it.
//
// The season is chosen from the seasons of the stored events (an editable list). A new event gets
// the season its date falls in (proposeSeason): a season lasts at most a year and ends with its
// Finale (DECISIONS T2), so a date past them gets the next season, said under the field. Any other
// season no stored event belongs to is created only after the director confirms it, since a
// mistyped season would start standings of its own. The group follows the division (the group
// most stored events of that division carry) until the director types one.

#include "core/records/eventdayrecords.h"
#include "core/records/eventrecords.h"
#include "core/store/storefwd.h"

#include <QDate>
#include <QDialog>
#include <QStringList>
#include <map>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QMessageBox;

namespace flickdesk::ui {

class EventEditor : public QDialog {
    Q_OBJECT

public:
    explicit EventEditor(QWidget* parent = nullptr);

    // The stored events, for the list of seasons and the season a date falls in, with each season's
    // Finale date (Store::seasonFinaleDates) and each division's usual group (Store::usualGroups).
    // Call before setDraft; a draft without a season then gets the season of its date.
    void setKnownEvents(const std::vector<core::EventSummary>& events,
                        const std::map<QString, QString>& finaleDates = {},
                        const std::map<core::Tour, QString>& usualGroups = {});
    // The same, read from the event day's area (the events) and the history's (Finales, groups).
    void setKnownEvents(core::EventDayStore& eventDay, core::HistoryStore& history);
    // The season labels of `events`, in the order of their first event's date.
    static QStringList seasonsOf(const std::vector<core::EventSummary>& events);

    struct SeasonProposal {
        QString season;     // empty when no stored event has a season, or no next label can be made
        bool isNew = false; // no stored event belongs to it: the season before it has ended
        QString ended;      // that season
        QDate finale;       // the date of the Finale it ended with; invalid when it ended by its year
        QDate began;        // its first event
    };
    // The season a new event on `date` belongs to. The season whose stored events surround the date
    // (its first event on or before it, its last on or after it; of several, the one that began
    // last). Else the last season that began before the date, while it lasts: a season ends with
    // its Finale (`finaleDates`; a Finale in the season's first week opened it, as the WCC opened
    // the NCA's seasons up to 15) and lasts at most a year after its first event (and the week by
    // which the WCC's weekend moves from year to year), never beyond a year after its last event.
    // After that, the next stored season, or a new one numbered after it ("16" -> "17",
    // "2025-26" -> "2026-27"). A date before every season gets the first season.
    static SeasonProposal proposeSeason(const std::vector<core::EventSummary>& events,
                                        const std::map<QString, QString>& finaleDates, const QDate& date);
    // proposeSeason's season.
    static QString seasonOfDate(const std::vector<core::EventSummary>& events, const QDate& date,
                                const std::map<QString, QString>& finaleDates = {});
    // The label after `season`: "16" -> "17", "2025-26" -> "2026-27"; empty when it has no number.
    static QString nextSeasonLabel(const QString& season);
    // The group proposed for an event of `division`: the usual group of its stored events, else
    // "NCA" (competitive) or "NCA REC" (recreational); empty for a ratings-only event without one.
    QString proposedGroup(core::Tour division) const;

    void setDraft(const core::EventDraft& draft);
    // What the fields hold; valid only when isComplete().
    core::EventDraft draft() const;
    // A name and a real date (YYYY-MM-DD).
    bool isComplete() const;

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* dateEdit() const { return m_date; }
    QLineEdit* locationEdit() const { return m_location; }
    QComboBox* formatBox() const { return m_format; }
    QComboBox* tierBox() const { return m_tier; }
    QComboBox* divisionBox() const { return m_division; }
    QLineEdit* groupEdit() const { return m_group; }
    QComboBox* seasonBox() const { return m_season; }
    QLineEdit* seasonEdit() const;
    // The question shown when OK would create a new season; null when none is open.
    QMessageBox* newSeasonQuestion() const { return m_newSeasonQuestion; }
    // The line under the season while it names a season no stored event belongs to: the new season
    // proposed for the date, and why, or one the director typed.
    QLabel* seasonNote() const { return m_seasonNote; }
    QCheckBox* experimentalBox() const { return m_experimental; }
    QDoubleSpinBox* capBox() const { return m_cap; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateState();
    void proposeSeasonOfDate();
    void proposeGroupOfDivision();
    bool isNewSeason() const;
    bool isProposedNewSeason() const;
    void confirm();

    QLineEdit* m_name = nullptr;
    QLineEdit* m_date = nullptr;
    QLineEdit* m_location = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_tier = nullptr;
    QComboBox* m_division = nullptr;
    QLineEdit* m_group = nullptr;
    QComboBox* m_season = nullptr;
    QLabel* m_seasonNote = nullptr;
    QMessageBox* m_newSeasonQuestion = nullptr;
    std::vector<core::EventSummary> m_known;
    std::map<QString, QString> m_finaleDates;
    std::map<core::Tour, QString> m_usualGroups;
    SeasonProposal m_proposal; // the last season proposed for the date
    QString m_proposedGroup;   // the group last proposed: while the field holds it, it follows
    QStringList m_seasons;
    QString m_draftSeason;       // the season the draft came with: never "new"
    bool m_seasonChosen = false; // the director or the draft set it: a new date does not change it
    QCheckBox* m_experimental = nullptr;
    QDoubleSpinBox* m_cap = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace flickdesk::ui
