#include "widgets/pools/poolnewdialog.h"

#include "core/store/poolstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace flickdesk::ui {

QString poolKindTitle(core::SystemKind kind)
{
    switch (kind) {
    case core::SystemKind::Acf:
        return NewPoolDialog::tr("ACF checkers");
    case core::SystemKind::Kings:
        return NewPoolDialog::tr("Kings Cribbage club");
    case core::SystemKind::KingsHeadToHead:
        return NewPoolDialog::tr("Kings Cribbage head-to-head");
    case core::SystemKind::KingsGroup:
        return NewPoolDialog::tr("Kings Cribbage group (3-4 players)");
    case core::SystemKind::Squares:
        break;
    }
    return NewPoolDialog::tr("Diplomacy Squares tournament");
}

NewPoolDialog::NewPoolDialog(core::PoolStore& store, QWidget* parent)
    : QDialog(parent)
    , m_store(store)
{
    setWindowTitle(tr("New Rating Pool"));
    setObjectName(QStringLiteral("newPoolDialog"));
    m_system = new QComboBox(this);
    m_system->setObjectName(QStringLiteral("poolSystem"));
    for (const core::SystemKind kind : core::poolKinds())
        m_system->addItem(poolKindTitle(kind), core::systemKey(kind));
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("poolName"));
    m_name->setPlaceholderText(tr("e.g. Club ladder 2025"));
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("newPoolError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_error->hide();
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &NewPoolDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &NewPoolDialog::reject);

    auto* form = new QFormLayout;
    form->addRow(tr("&System:"), m_system);
    form->addRow(tr("&Name:"), m_name);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
}

void NewPoolDialog::accept()
{
    core::SystemKind kind = core::SystemKind::Acf;
    core::systemFromKey(m_system->currentData().toString(), kind);
    try {
        m_created = m_store.createPool(kind, m_name->text());
    } catch (const core::StoreError& error) {
        m_error->setText(error.message());
        m_error->show();
        m_name->setFocus();
        return;
    }
    Q_EMIT poolCreated(m_created);
    QDialog::accept();
}

} // namespace flickdesk::ui
