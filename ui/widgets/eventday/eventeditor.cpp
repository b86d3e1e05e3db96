#include "widgets/eventday/eventeditor.h"

#include "core/records/identifiers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace flickdesk::ui {

namespace {
constexpr auto kDateFormat = "yyyy-MM-dd";

QDate parseDate(const QString& text)
{
    return QDate::fromString(text, QLatin1String(kDateFormat));
}
} // namespace

EventEditor::EventEditor(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("eventEditor"));
    setWindowTitle(tr("Event"));

    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("eventName"));
    m_name->setPlaceholderText(tr("e.g. Tavistock Open 2026"));
    m_date = new QLineEdit(this);
    m_date->setObjectName(QStringLiteral("eventDate"));
    m_date->setInputMask(QStringLiteral("9999-99-99"));
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("eventFormat"));
    m_format->addItem(tr("Singles"), int(engine::EventFormat::Singles));
    m_format->addItem(tr("Doubles"), int(engine::EventFormat::Doubles));
    m_tier = new QComboBox(this);
    m_tier->setObjectName(QStringLiteral("eventTier"));
    m_tier->addItem(tr("Tier 1 (FSI floor 0.80)"), 1);
    m_tier->addItem(tr("Tier 2 (FSI floor 0.60)"), 2);
    m_tier->addItem(tr("Tier 3 (FSI floor 0.40)"), 3);
    m_tier->addItem(tr("No tier"), 0);
    m_division = new QComboBox(this);
    m_division->setObjectName(QStringLiteral("eventDivision"));
    m_division->addItem(tr("Competitive Tour"), int(core::Tour::Competitive));
    m_division->addItem(tr("Recreational Tour"), int(core::Tour::Recreational));
    m_division->addItem(tr("Not a Tour event (ratings only)"), int(core::Tour::None));
    m_group = new QLineEdit(this);
    m_group->setObjectName(QStringLiteral("eventGroup"));
    m_group->setPlaceholderText(tr("NCA, NCA REC, ..."));
    m_season = new QLineEdit(this);
    m_season->setObjectName(QStringLiteral("eventSeason"));
    m_location = new QLineEdit(this);
    m_location->setObjectName(QStringLiteral("eventLocation"));
    m_location->setPlaceholderText(tr("e.g. Tavistock, ON"));
    m_location->setMaxLength(core::textLongest);
    m_location->setToolTip(tr("Where the event is played: it goes into the submission file."));
    m_experimental = new QCheckBox(tr("E&xperimental format"), this);
    m_experimental->setObjectName(QStringLiteral("eventExperimental"));
    m_cap = new QDoubleSpinBox(this);
    m_cap->setObjectName(QStringLiteral("eventCap"));
    m_cap->setDecimals(2);
    m_cap->setRange(0.1, 5.0);
    m_cap->setSingleStep(0.05);
    m_cap->setToolTip(tr("DECISIONS P4: an experimental format's FSI is capped; FlickDesk proposes 1.00."));
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("eventProblem"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Date:"), m_date);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Tier:"), m_tier);
    form->addRow(tr("Di&vision:"), m_division);
    form->addRow(tr("&Group:"), m_group);
    form->addRow(tr("&Season:"), m_season);
    form->addRow(tr("&Location:"), m_location);
    form->addRow(QString(), m_experimental);
    form->addRow(tr("FSI &cap:"), m_cap);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (isComplete())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_name, &QLineEdit::textChanged, this, &EventEditor::updateState);
    connect(m_date, &QLineEdit::textChanged, this, &EventEditor::updateState);
    connect(m_location, &QLineEdit::textChanged, this, &EventEditor::updateState);
    connect(m_experimental, &QCheckBox::toggled, this, &EventEditor::updateState);

    core::EventDraft fresh;
    fresh.date = QDate::currentDate().toString(QLatin1String(kDateFormat));
    fresh.tier = 3;
    fresh.tour = core::Tour::Competitive;
    fresh.group = QStringLiteral("NCA");
    setDraft(fresh);
    setMinimumWidth(420);
}

void EventEditor::setDraft(const core::EventDraft& draft)
{
    m_name->setText(draft.name);
    m_location->setText(draft.location);
    m_date->setText(draft.date);
    m_format->setCurrentIndex(m_format->findData(int(draft.format)));
    m_tier->setCurrentIndex(m_tier->findData(draft.tier.value_or(0)));
    m_division->setCurrentIndex(m_division->findData(int(draft.tour)));
    m_group->setText(draft.group);
    m_season->setText(draft.season);
    m_experimental->setChecked(draft.experimental);
    m_cap->setValue(draft.experimentalCap);
    updateState();
}

core::EventDraft EventEditor::draft() const
{
    core::EventDraft draft;
    draft.name = m_name->text().trimmed();
    draft.date = m_date->text();
    draft.format = static_cast<engine::EventFormat>(m_format->currentData().toInt());
    const int tier = m_tier->currentData().toInt();
    if (tier > 0)
        draft.tier = tier;
    draft.tour = static_cast<core::Tour>(m_division->currentData().toInt());
    draft.group = m_group->text().trimmed();
    draft.season = m_season->text().trimmed();
    draft.location = m_location->text().trimmed();
    draft.experimental = m_experimental->isChecked();
    draft.experimentalCap = m_cap->value();
    return draft;
}

bool EventEditor::isComplete() const
{
    return !m_name->text().trimmed().isEmpty() && parseDate(m_date->text()).isValid() &&
           core::textProblem(m_location->text().trimmed()).isEmpty();
}

void EventEditor::updateState()
{
    m_cap->setEnabled(m_experimental->isChecked());
    QString problem;
    if (m_name->text().trimmed().isEmpty())
        problem = tr("The event needs a name.");
    else if (!parseDate(m_date->text()).isValid())
        problem = tr("The date is not a real date (YYYY-MM-DD).");
    else if (const QString location = core::textProblem(m_location->text().trimmed()); !location.isEmpty())
        problem = tr("The location %1.").arg(location);
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace flickdesk::ui
