#pragma once

// The fields of an event a director sets (core::EventDraft): name, date, format, Tier, Tour
// division, group, season and the experimental flag with its FSI cap (DECISIONS P4: FlickDesk
// proposes 1.00 and shows it). New Event (Ctrl+N) and Edit Event open it.
//
// The season is chosen from the seasons of the stored events (an editable list). A new event gets
// the season its date falls in (seasonOfDate); a season no stored event belongs to is created only
// after the director confirms it, since a mistyped season would start standings of its own.

#include "core/store/store.h"

#include <QDate>
#include <QDialog>
#include <QStringList>
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

    // The stored events, for the list of seasons and the season a date falls in. Call before
    // setDraft; a draft without a season then gets the season of its date.
    void setKnownEvents(const std::vector<core::EventSummary>& events);
    // The season labels of `events`, in the order of their first event's date.
    static QStringList seasonsOf(const std::vector<core::EventSummary>& events);
    // The season a new event on `date` belongs to: the season whose stored events surround the date
    // (its first event on or before it, its last on or after it; of several, the one that began
    // last). A date outside every season gets the season of the nearest stored event (the later one
    // when two are as near). Empty when no stored event has a season.
    static QString seasonOfDate(const std::vector<core::EventSummary>& events, const QDate& date);

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
    // The line under the season while it names a season no stored event belongs to.
    QLabel* seasonNote() const { return m_seasonNote; }
    QCheckBox* experimentalBox() const { return m_experimental; }
    QDoubleSpinBox* capBox() const { return m_cap; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateState();
    void proposeSeason();
    bool isNewSeason() const;
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
    QStringList m_seasons;
    QString m_draftSeason;       // the season the draft came with: never "new"
    bool m_seasonChosen = false; // the director or the draft set it: a new date does not change it
    QCheckBox* m_experimental = nullptr;
    QDoubleSpinBox* m_cap = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace flickdesk::ui
