#include "widgets/eventday/eventeditor.h"

#include "core/records/identifiers.h"
#include "core/store/eventdaystore.h"
#include "core/store/historystore.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

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
    m_season = new QComboBox(this);
    m_season->setObjectName(QStringLiteral("eventSeason"));
    m_location = new QLineEdit(this);
    m_location->setObjectName(QStringLiteral("eventLocation"));
    m_location->setPlaceholderText(tr("e.g. Tavistock, ON"));
    m_location->setMaxLength(core::textLongest);
    m_location->setToolTip(tr("Where the event is played: it goes into the submission file."));
    m_season->setEditable(true);
    m_season->setInsertPolicy(QComboBox::NoInsert);
    m_season->setToolTip(
        tr("The seasons of the stored events. A new event gets the season its date falls in."));
    m_seasonNote = new QLabel(this);
    m_seasonNote->setObjectName(QStringLiteral("eventSeasonNote"));
    m_seasonNote->setWordWrap(true);
    m_seasonNote->hide();
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
    form->addRow(QString(), m_seasonNote);
    form->addRow(tr("&Location:"), m_location);
    form->addRow(QString(), m_experimental);
    form->addRow(tr("FSI &cap:"), m_cap);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &EventEditor::confirm);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_name, &QLineEdit::textChanged, this, &EventEditor::updateState);
    connect(m_date, &QLineEdit::textChanged, this, &EventEditor::updateState);
    connect(m_location, &QLineEdit::textChanged, this, &EventEditor::updateState);
    connect(m_experimental, &QCheckBox::toggled, this, &EventEditor::updateState);
    connect(m_date, &QLineEdit::textChanged, this, &EventEditor::proposeSeasonOfDate);
    connect(m_division, &QComboBox::currentIndexChanged, this, &EventEditor::proposeGroupOfDivision);
    connect(m_season, &QComboBox::currentTextChanged, this, &EventEditor::updateState);
    // Typed or picked by the director: a later change of the date leaves it alone.
    connect(m_season->lineEdit(), &QLineEdit::textEdited, this, [this] { m_seasonChosen = true; });
    connect(m_season, &QComboBox::activated, this, [this] { m_seasonChosen = true; });
    // An editable list keeps Return to itself: there it means OK, as in every other field.
    m_season->installEventFilter(this);

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
    {
        // The draft's own group, before the division's proposal could replace it.
        const QSignalBlocker blocker(m_division);
        m_division->setCurrentIndex(m_division->findData(int(draft.tour)));
    }
    m_group->setText(draft.group);
    // The draft's group follows a change of division while it is the one proposed for its division.
    m_proposedGroup = draft.group.trimmed() == proposedGroup(draft.tour) ? draft.group.trimmed() : QString();
    m_draftSeason = draft.season;
    m_seasonChosen = !draft.season.isEmpty();
    m_proposal = {};
    m_season->setCurrentText(draft.season);
    if (!m_seasonChosen)
        proposeSeasonOfDate();
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
    draft.season = m_season->currentText().trimmed();
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

bool EventEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_season && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            key->modifiers() == Qt::NoModifier && !m_season->view()->isVisible()) {
            confirm();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

QLineEdit* EventEditor::seasonEdit() const
{
    return m_season->lineEdit();
}

QStringList EventEditor::seasonsOf(const std::vector<core::EventSummary>& events)
{
    std::map<QString, QString> firstDate; // season -> its first event's date
    for (const core::EventSummary& event : events) {
        if (event.season.trimmed().isEmpty() || !parseDate(event.date).isValid())
            continue;
        auto [at, added] = firstDate.emplace(event.season.trimmed(), event.date);
        if (!added && event.date < at->second)
            at->second = event.date;
    }
    std::vector<std::pair<QString, QString>> order; // (date, season)
    for (const auto& [season, date] : firstDate)
        order.emplace_back(date, season);
    std::sort(order.begin(), order.end());
    QStringList seasons;
    for (const auto& entry : order)
        seasons.append(entry.second);
    return seasons;
}

QString EventEditor::nextSeasonLabel(const QString& season)
{
    const QString label = season.trimmed();
    bool isNumber = false;
    const qint64 number = label.toLongLong(&isNumber);
    if (isNumber && number >= 0 && !label.startsWith(u'+'))
        return QString::number(number + 1);
    // A season named by its years: "2025-26" -> "2026-27", "2025/2026" -> "2026/2027".
    static const QRegularExpression years(QStringLiteral("^(\\d{4})([-/])(\\d{2}|\\d{4})$"));
    const QRegularExpressionMatch match = years.match(label);
    if (!match.hasMatch())
        return QString();
    const int first = match.captured(1).toInt() + 1;
    const QString second = match.captured(3);
    const int next = second.size() == 2 ? (second.toInt() + 1) % 100 : second.toInt() + 1;
    return QStringLiteral("%1%2%3")
        .arg(first)
        .arg(match.captured(2))
        .arg(next, static_cast<int>(second.size()), 10, QLatin1Char('0'));
}

EventEditor::SeasonProposal EventEditor::proposeSeason(const std::vector<core::EventSummary>& events,
                                                       const std::map<QString, QString>& finaleDates,
                                                       const QDate& date)
{
    SeasonProposal proposal;
    if (!date.isValid())
        return proposal;
    struct Span {
        QString season;
        QDate first;
        QDate last;
    };
    std::vector<Span> spans; // in the order of their first event (seasonsOf)
    for (const QString& season : seasonsOf(events)) {
        Span span{season, {}, {}};
        for (const core::EventSummary& event : events) {
            const QDate day = parseDate(event.date);
            if (event.season.trimmed() != season || !day.isValid())
                continue;
            span.first = span.first.isValid() ? std::min(span.first, day) : day;
            span.last = span.last.isValid() ? std::max(span.last, day) : day;
        }
        spans.push_back(span);
    }
    if (spans.empty())
        return proposal;
    // Seasons run one after another: the one whose events surround the date. Should two overlap,
    // the one that began last, which a new event most likely continues.
    const Span* surrounding = nullptr;
    const Span* before = nullptr; // the last season that began on or before the date
    for (const Span& span : spans) {
        if (span.first <= date && date <= span.last)
            surrounding = &span;
        if (span.first <= date)
            before = &span;
    }
    if (surrounding) {
        proposal.season = surrounding->season;
        return proposal;
    }
    if (!before) { // before the history: its first season
        proposal.season = spans.front().season;
        return proposal;
    }
    // DECISIONS T2: a season ends with its Finale. The NCA's seasons up to 15 opened with the WCC
    // (season 15 both opened and closed with one): a Finale in its season's first week opened it.
    QDate finale;
    if (const auto named = finaleDates.find(before->season); named != finaleDates.end()) {
        const QDate day = parseDate(named->second);
        if (day.isValid() && before->first.daysTo(day) > 7)
            finale = day;
    }
    // A season lasts at most a year: the WCC that closes it falls on the first weekend of June, a
    // year and up to a week after the one that opened the season before (15: 2024-06-01 to
    // 2025-06-07). A season none of whose events is within a year never continues.
    const bool afterFinale = finale.isValid() && date > finale;
    const bool afterItsYear = date > before->first.addYears(1).addDays(7) || date > before->last.addYears(1);
    if (!afterFinale && !afterItsYear) {
        proposal.season = before->season;
        return proposal;
    }
    const auto next = std::find_if(spans.begin(), spans.end(),
                                   [before](const Span& span) { return span.first > before->first; });
    if (next != spans.end()) { // a stored season that began later (after a gap in the history)
        proposal.season = next->season;
        return proposal;
    }
    proposal.season = nextSeasonLabel(before->season);
    proposal.isNew = true;
    proposal.ended = before->season;
    proposal.began = before->first;
    if (afterFinale)
        proposal.finale = finale;
    return proposal;
}

QString EventEditor::seasonOfDate(const std::vector<core::EventSummary>& events, const QDate& date,
                                  const std::map<QString, QString>& finaleDates)
{
    return proposeSeason(events, finaleDates, date).season;
}

void EventEditor::setKnownEvents(core::EventDayStore& eventDay, core::HistoryStore& history)
{
    setKnownEvents(eventDay.events(), history.seasonFinaleDates(), history.usualGroups());
}

void EventEditor::setKnownEvents(const std::vector<core::EventSummary>& events,
                                 const std::map<QString, QString>& finaleDates,
                                 const std::map<core::Tour, QString>& usualGroups)
{
    m_known = events;
    m_finaleDates = finaleDates;
    m_usualGroups = usualGroups;
    m_seasons = seasonsOf(events);
    const QString text = m_season->currentText();
    m_season->clear();
    for (const QString& season : m_seasons) {
        QDate first;
        QDate last;
        for (const core::EventSummary& event : events) {
            const QDate day = parseDate(event.date);
            if (event.season.trimmed() != season || !day.isValid())
                continue;
            first = first.isValid() ? std::min(first, day) : day;
            last = last.isValid() ? std::max(last, day) : day;
        }
        m_season->addItem(season);
        m_season->setItemData(
            m_season->count() - 1,
            tr("Events from %1 to %2")
                .arg(first.toString(QLatin1String(kDateFormat)), last.toString(QLatin1String(kDateFormat))),
            Qt::ToolTipRole);
    }
    m_season->setCurrentText(text);
    if (!m_seasonChosen)
        proposeSeasonOfDate();
    proposeGroupOfDivision();
    updateState();
}

QString EventEditor::proposedGroup(core::Tour division) const
{
    if (const auto usual = m_usualGroups.find(division); usual != m_usualGroups.end())
        return usual->second;
    // No stored event of that division: the NCA runs both Tours (DECISIONS T1).
    switch (division) {
    case core::Tour::Competitive:
        return QStringLiteral("NCA");
    case core::Tour::Recreational:
        return QStringLiteral("NCA REC");
    case core::Tour::None:
        break;
    }
    return QString();
}

void EventEditor::proposeGroupOfDivision()
{
    // A group the director typed (or an event's own, unusual one) stays; a proposed one follows.
    const QString group = m_group->text().trimmed();
    if (!group.isEmpty() && group != m_proposedGroup)
        return;
    const QString proposed = proposedGroup(static_cast<core::Tour>(m_division->currentData().toInt()));
    if (proposed.isEmpty())
        return;
    m_proposedGroup = proposed;
    if (group != proposed)
        m_group->setText(proposed);
}

void EventEditor::proposeSeasonOfDate()
{
    if (m_seasonChosen)
        return;
    const SeasonProposal proposal = proposeSeason(m_known, m_finaleDates, parseDate(m_date->text()));
    if (proposal.season.isEmpty() && !proposal.isNew)
        return;
    m_proposal = proposal;
    // The index may already be this season's while the text says another (a new season proposed
    // before): both are set.
    const int index = m_season->findText(proposal.season);
    if (index >= 0)
        m_season->setCurrentIndex(index);
    m_season->setEditText(proposal.season);
    updateState();
}

bool EventEditor::isProposedNewSeason() const
{
    return m_proposal.isNew && !m_seasonChosen && m_season->currentText().trimmed() == m_proposal.season;
}

bool EventEditor::isNewSeason() const
{
    const QString season = m_season->currentText().trimmed();
    return !season.isEmpty() && season != m_draftSeason && !m_seasons.contains(season);
}

void EventEditor::confirm()
{
    if (!isComplete() || m_newSeasonQuestion)
        return;
    // A new season the date calls for is said under the field: no question.
    if (!isNewSeason() || isProposedNewSeason()) {
        accept();
        return;
    }
    // A new season starts Tour standings of its own: asked, never made by a typing slip.
    const QString season = m_season->currentText().trimmed();
    m_newSeasonQuestion = new QMessageBox(
        QMessageBox::Warning, tr("New season"),
        tr("No stored event belongs to season \"%1\". Saving starts a new season, with Tour standings "
           "of its own.\n\nThe seasons so far: %2.\n\nStart season \"%1\"?")
            .arg(season, m_seasons.isEmpty() ? tr("none") : m_seasons.join(QStringLiteral(", "))),
        QMessageBox::Yes | QMessageBox::No, this);
    m_newSeasonQuestion->setObjectName(QStringLiteral("newSeasonQuestion"));
    m_newSeasonQuestion->button(QMessageBox::Yes)->setText(tr("&Start the new season"));
    m_newSeasonQuestion->button(QMessageBox::No)->setText(tr("&Keep editing"));
    m_newSeasonQuestion->setDefaultButton(QMessageBox::No);
    m_newSeasonQuestion->setAttribute(Qt::WA_DeleteOnClose);
    QMessageBox* question = m_newSeasonQuestion;
    connect(question, &QMessageBox::finished, this, [this, question] {
        m_newSeasonQuestion = nullptr;
        if (question->standardButton(question->clickedButton()) == QMessageBox::Yes) {
            accept();
        } else {
            m_season->setFocus(Qt::OtherFocusReason);
            m_season->lineEdit()->selectAll();
        }
    });
    m_newSeasonQuestion->open();
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
    const bool proposedNew = isProposedNewSeason();
    const bool newSeason = isNewSeason();
    m_seasonNote->setVisible(newSeason || proposedNew);
    if (proposedNew) {
        const QString began = m_proposal.began.toString(QLatin1String(kDateFormat));
        const QString why =
            m_proposal.finale.isValid()
                ? tr("season %1 ended with its Finale on %2")
                      .arg(m_proposal.ended, m_proposal.finale.toString(QLatin1String(kDateFormat)))
                : tr("season %1 began on %2, more than a year before").arg(m_proposal.ended, began);
        m_seasonNote->setText(m_proposal.season.isEmpty()
                                  ? tr("New season: %1; type its name.").arg(why)
                                  : tr("New season: %1 (%2).").arg(m_proposal.season, why));
    } else if (newSeason) {
        m_seasonNote->setText(
            tr("A new season: no stored event belongs to \"%1\".").arg(m_season->currentText().trimmed()));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace flickdesk::ui
