#pragma once

// First start with an empty database: load the sample NCA history (to try FlickDesk) or start empty.

#include <QDialog>

class QPushButton;

namespace flickdesk::ui {

class FirstStartDialog : public QDialog {
    Q_OBJECT

public:
    enum class Choice { LoadSample, StartEmpty };

    explicit FirstStartDialog(QWidget* parent = nullptr);

    Choice choice() const { return m_choice; }
    QPushButton* sampleButton() const { return m_sample; }
    QPushButton* emptyButton() const { return m_empty; }

private:
    Choice m_choice = Choice::StartEmpty;
    QPushButton* m_sample = nullptr;
    QPushButton* m_empty = nullptr;
};

} // namespace flickdesk::ui
