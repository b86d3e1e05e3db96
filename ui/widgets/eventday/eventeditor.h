#pragma once

// The fields of an event a director sets (core::EventDraft): name, date, format, Tier, Tour
// division, group, season and the experimental flag with its FSI cap (DECISIONS P4: FlickDesk
// proposes 1.00 and shows it). New Event (Ctrl+N) and Edit Event open it.

#include "core/store/store.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace flickdesk::ui {

class EventEditor : public QDialog {
    Q_OBJECT

public:
    explicit EventEditor(QWidget* parent = nullptr);

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
    QLineEdit* seasonEdit() const { return m_season; }
    QCheckBox* experimentalBox() const { return m_experimental; }
    QDoubleSpinBox* capBox() const { return m_cap; }

private:
    void updateState();

    QLineEdit* m_name = nullptr;
    QLineEdit* m_date = nullptr;
    QLineEdit* m_location = nullptr;
    QComboBox* m_format = nullptr;
    QComboBox* m_tier = nullptr;
    QComboBox* m_division = nullptr;
    QLineEdit* m_group = nullptr;
    QLineEdit* m_season = nullptr;
    QCheckBox* m_experimental = nullptr;
    QDoubleSpinBox* m_cap = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace flickdesk::ui
