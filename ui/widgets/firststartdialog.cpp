#include "widgets/firststartdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace flickdesk::ui {

FirstStartDialog::FirstStartDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("firstStartDialog"));
    setWindowTitle(tr("Welcome to FlickDesk"));
    auto* text =
        new QLabel(tr("<h3>Your database is empty</h3>"
                      "<p>Load the sample NCA history (153 events since 2016, players by NCA id) to try "
                      "FlickDesk with real fields and ratings, or start with an empty database for your own "
                      "events.</p>"
                      "<p>The sample's player names are made up: the NCA history has ids only.</p>"),
                   this);
    text->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(this);
    m_sample = buttons->addButton(tr("Load the &sample data"), QDialogButtonBox::AcceptRole);
    m_sample->setObjectName(QStringLiteral("loadSampleButton"));
    m_empty = buttons->addButton(tr("Start &empty"), QDialogButtonBox::RejectRole);
    m_empty->setObjectName(QStringLiteral("startEmptyButton"));
    m_sample->setDefault(true);
    connect(m_sample, &QPushButton::clicked, this, [this] {
        m_choice = Choice::LoadSample;
        accept();
    });
    connect(m_empty, &QPushButton::clicked, this, [this] {
        m_choice = Choice::StartEmpty;
        reject();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(buttons);
    setMinimumWidth(440);
}

} // namespace flickdesk::ui
