#pragma once

// "New rating pool": the system (ACF checkers, Kings Cribbage head-to-head or group, Diplomacy
// Squares) and a name. OK creates the pool in the store; a refusal (a taken name) is shown in the
// dialog, which stays open. Opened with open(): window-modal, never a blocking loop.

#include "core/store/storefwd.h"
#include "core/systems/poolrecords.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace flickdesk::ui {

// The system of a pool in words for the window, translated ("ACF checkers", ...).
QString poolKindTitle(core::SystemKind kind);

class NewPoolDialog : public QDialog {
    Q_OBJECT

public:
    explicit NewPoolDialog(core::PoolStore& store, QWidget* parent = nullptr);

    QComboBox* systemBox() const { return m_system; }
    QLineEdit* nameEdit() const { return m_name; }
    QLabel* errorLabel() const { return m_error; }
    QDialogButtonBox* buttons() const { return m_buttons; }
    qint64 createdPool() const { return m_created; }

    void accept() override;

Q_SIGNALS:
    void poolCreated(qint64 poolId);

private:
    core::PoolStore& m_store;
    QComboBox* m_system = nullptr;
    QLineEdit* m_name = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    qint64 m_created = 0;
};

} // namespace flickdesk::ui
