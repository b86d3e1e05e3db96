#include "widgets/play/playplaces.h"

#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "models/play/playsession.h"
#include "widgets/eventday/payoutpreviewwidget.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QTableWidget>
#include <algorithm>
#include <unordered_map>

namespace flickdesk::ui {

namespace play = engine::play;

namespace {

QTableWidgetItem* cell(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QLabel* problemLine(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->hide();
    return label;
}

} // namespace

ReasonColumns::ReasonColumns(QTableWidget* table, int nameColumn, int reasonColumn)
    : QObject(table)
    , m_table(table)
    , m_name(nameColumn)
    , m_reason(reasonColumn)
{
    // Sized by fit() from the texts' widths, once per change: a list of a few hundred rows sized
    // to contents by the headers would measure every cell again on every layout.
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->horizontalHeader()->setSectionResizeMode(reasonColumn, QHeaderView::Stretch);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->setWordWrap(true);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->viewport()->installEventFilter(this);
}

int ReasonColumns::advance(const QString& text)
{
    const auto it = m_advances.constFind(text);
    if (it != m_advances.constEnd())
        return *it;
    const int width = QFontMetrics(m_measuredFont).horizontalAdvance(text);
    m_advances.insert(text, width);
    return width;
}

int ReasonColumns::longestWord(const QString& text)
{
    const auto it = m_longestWords.constFind(text);
    if (it != m_longestWords.constEnd())
        return *it;
    int longest = 0;
    for (const QString& word : text.split(u' ', Qt::SkipEmptyParts))
        longest = std::max(longest, QFontMetrics(m_measuredFont).horizontalAdvance(word));
    m_longestWords.insert(text, longest);
    return longest;
}

int ReasonColumns::wrappedHeight(const QString& text, int width, bool reason)
{
    QHash<QString, int>& heights = reason ? m_reasonHeights : m_nameHeights;
    const auto it = heights.constFind(text);
    if (it != heights.constEnd())
        return *it;
    const int height = QFontMetrics(m_measuredFont)
                           .boundingRect(QRect(0, 0, std::max(1, width), 1 << 20), Qt::TextWordWrap, text)
                           .height();
    heights.insert(text, height);
    return height;
}

void ReasonColumns::fit()
{
    // A list out of sight (the Places tab behind the Standings) is fitted when it is shown: its rows'
    // heights would be measured after every score for nobody.
    m_pending = !m_table->isVisible();
    if (m_pending)
        return;
    QHeaderView* header = m_table->horizontalHeader();
    QHeaderView* rows = m_table->verticalHeader();
    if (m_measuredFont != m_table->font()) {
        m_measuredFont = m_table->font();
        m_advances.clear();
        m_longestWords.clear();
        m_nameHeights.clear();
        m_reasonHeights.clear();
    }
    const QFontMetrics metrics(m_measuredFont);
    // The item view's text margin on each side (QCommonStyle's layout of an item's text), and a pixel.
    const int margin = m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 2;
    const int columns = m_table->columnCount();
    std::vector<int> widest(static_cast<std::size_t>(columns), 0);
    int longest = 0;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->columnSpan(row, 0) > 1) // a group's title across the list
            continue;
        for (int column = 0; column < columns; ++column) {
            const QTableWidgetItem* item = m_table->item(row, column);
            if (!item || column == m_reason)
                continue;
            widest[static_cast<std::size_t>(column)] =
                std::max(widest[static_cast<std::size_t>(column)], advance(item->text()));
            // A name wraps between its words, never cut within one.
            if (column == m_name)
                longest = std::max(longest, longestWord(item->text()));
        }
    }
    int figures = 0;
    for (int column = 0; column < columns; ++column) {
        int& width = widest[static_cast<std::size_t>(column)];
        width = std::max(width + 2 * margin, header->sectionSizeHint(column));
        if (column != m_name && column != m_reason) {
            if (header->sectionSize(column) != width)
                header->resizeSection(column, width);
            figures += width;
        }
    }
    // The reason keeps at least two fifths of the list; the name what is left, up to its widest.
    const int width = m_table->viewport()->width();
    const int least = longest + 2 * margin;
    const int name =
        std::clamp(width * 3 / 5 - figures, least, std::max(least, widest[static_cast<std::size_t>(m_name)]));
    if (header->sectionSize(m_name) != name)
        header->resizeSection(m_name, name);
    const int reason = std::max(1, width - figures - name);
    // The wrapped heights cached for a column's width only.
    if (name != m_nameWidth) {
        m_nameWidth = name;
        m_nameHeights.clear();
    }
    if (reason != m_reasonWidth) {
        m_reasonWidth = reason;
        m_reasonHeights.clear();
    }
    // Each row as high as its name and reason wrapped need, with half a single line's padding.
    const int oneLine = rows->defaultSectionSize();
    const int padding = std::max(0, oneLine - metrics.height()) / 2;
    const auto height = [&](int row, int column, int columnWidth) {
        const QTableWidgetItem* item = m_table->item(row, column);
        if (!item || item->text().isEmpty())
            return 0;
        return wrappedHeight(item->text(), columnWidth - 2 * margin, column == m_reason);
    };
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const int needed =
            m_table->columnSpan(row, 0) > 1
                ? oneLine
                : std::max(oneLine,
                           std::max(height(row, m_name, name), height(row, m_reason, reason)) + padding);
        if (rows->sectionSize(row) != needed)
            rows->resizeSection(row, needed);
    }
}

bool ReasonColumns::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize || (event->type() == QEvent::Show && m_pending))
        fit();
    return QObject::eventFilter(watched, event);
}

WithdrawDialog::WithdrawDialog(const QString& question,
                               const std::vector<std::pair<play::Withdrawal, QString>>& rounds, int current,
                               QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("withdrawDialog"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 60);
    setWindowTitle(tr("Withdraw"));
    auto* layout = new QVBoxLayout(this);
    auto* text = new QLabel(question);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto* form = new QFormLayout;
    m_rounds = new QComboBox;
    for (const auto& [withdrawal, label] : rounds) {
        m_choices.push_back(withdrawal);
        m_rounds->addItem(label);
    }
    m_rounds->setCurrentIndex(current);
    form->addRow(tr("&From:"), m_rounds);
    layout->addLayout(form);
    m_problem = problemLine(this);
    layout->addWidget(m_problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Withdraw"));
    connect(buttons, &QDialogButtonBox::accepted, this, &WithdrawDialog::submitted);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

play::Withdrawal WithdrawDialog::withdrawal() const
{
    const int index = m_rounds->currentIndex();
    return index >= 0 && index < static_cast<int>(m_choices.size())
               ? m_choices[static_cast<std::size_t>(index)]
               : play::Withdrawal{};
}

void WithdrawDialog::showProblem(const QString& text)
{
    m_problem->setText(text);
    m_problem->show();
    adjustSize(); // room for the problem's lines
}

HandPlaceDialog::HandPlaceDialog(const QString& question, int place, int places, const QString& reason,
                                 QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("handPlaceDialog"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 60);
    setWindowTitle(tr("Set Place by Hand"));
    auto* layout = new QVBoxLayout(this);
    auto* text = new QLabel(question);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto* form = new QFormLayout;
    m_place = new QSpinBox;
    m_place->setRange(1, std::max(1, places));
    m_place->setValue(place);
    m_reason = new QLineEdit(reason);
    m_reason->setPlaceholderText(tr("why the play's place is not the right one"));
    m_reason->setMinimumWidth(m_reason->fontMetrics().averageCharWidth() * 40);
    form->addRow(tr("&Place:"), m_place);
    form->addRow(tr("&Reason:"), m_reason);
    layout->addLayout(form);
    m_problem = problemLine(this);
    layout->addWidget(m_problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Set This Place"));
    connect(buttons, &QDialogButtonBox::accepted, this, &HandPlaceDialog::submitted);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    m_reason->setFocus();
}

int HandPlaceDialog::place() const
{
    return m_place->value();
}

QString HandPlaceDialog::reason() const
{
    return m_reason->text();
}

void HandPlaceDialog::showProblem(const QString& text)
{
    m_problem->setText(text);
    m_problem->show();
    adjustSize(); // room for the problem's lines
}

PlayPlaces::PlayPlaces(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("playPlacesPane"));
    auto* layout = new QVBoxLayout(this);
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_places = new QTableWidget(0, 4);
    m_places->setObjectName(QStringLiteral("playPlaces"));
    m_places->setHorizontalHeaderLabels({tr("Place"), tr("Player"), tr("Points"), tr("How")});
    m_places->horizontalHeaderItem(PointsColumn)
        ->setToolTip(tr("What the place pays in this field now: the payout preview's table, which the award "
                        "pays (DECISIONS P2, G6)."));
    m_places->verticalHeader()->hide();
    m_places->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_places->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_places->setSelectionMode(QAbstractItemView::SingleSelection);
    m_columns = new ReasonColumns(m_places, UnitColumn, RuleColumn);

    // DECISIONS G7, G6: a withdrawal during play and a place set by hand, for the selected unit.
    auto* edits = new QGridLayout;
    m_withdraw = new QPushButton(tr("&Withdraw..."));
    m_withdraw->setObjectName(QStringLiteral("playWithdraw"));
    m_withdraw->setToolTip(tr("The selected player withdraws from a round on: their remaining games are "
                              "walkovers, and they keep a place (DECISIONS G7)."));
    m_takeBack = new QPushButton(tr("Take &Back Withdrawal"));
    m_takeBack->setObjectName(QStringLiteral("playTakeBackWithdrawal"));
    m_handPlace = new QPushButton(tr("Set Place by Ha&nd..."));
    m_handPlace->setObjectName(QStringLiteral("playHandPlace"));
    m_handPlace->setToolTip(
        tr("A place set against the play, with its reason, which is kept with the results "
           "(DECISIONS G6)."));
    m_clearHandPlace = new QPushButton(tr("C&lear Hand Place"));
    m_clearHandPlace->setObjectName(QStringLiteral("playClearHandPlace"));
    edits->addWidget(m_withdraw, 0, 0);
    edits->addWidget(m_takeBack, 0, 1);
    edits->addWidget(m_handPlace, 1, 0);
    edits->addWidget(m_clearHandPlace, 1, 1);

    auto* use = new QHBoxLayout;
    m_usePlaces = new QPushButton(tr("&Use These Places"));
    m_usePlaces->setObjectName(QStringLiteral("playUsePlaces"));
    m_usePlaces->setToolTip(tr("Writes the places of the play into the event's results (one undo step)."));
    m_rateFromGames = new QCheckBox(tr("Rate from the &games"));
    m_rateFromGames->setObjectName(QStringLiteral("playRateFromGames"));
    m_rateFromGames->setToolTip(tr("The event is rated from the day's games instead of its places (DECISIONS "
                                   "G8, N3); the places still give the points."));
    use->addWidget(m_usePlaces);
    use->addWidget(m_rateFromGames);
    use->addStretch();
    m_ratedFrom = new QLabel;
    m_ratedFrom->setObjectName(QStringLiteral("playRatedFrom"));
    m_ratedFrom->setWordWrap(true);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("playPlacesMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_note);
    layout->addWidget(m_places, 1);
    layout->addLayout(edits);
    layout->addLayout(use);
    layout->addWidget(m_ratedFrom);
    layout->addWidget(m_message);

    connect(m_places, &QTableWidget::currentCellChanged, this, &PlayPlaces::updateButtons);
    connect(m_withdraw, &QPushButton::clicked, this, &PlayPlaces::askWithdrawal);
    connect(m_takeBack, &QPushButton::clicked, this, &PlayPlaces::takeBackWithdrawal);
    connect(m_handPlace, &QPushButton::clicked, this, &PlayPlaces::askHandPlace);
    connect(m_clearHandPlace, &QPushButton::clicked, this, &PlayPlaces::clearHandPlace);
    connect(m_usePlaces, &QPushButton::clicked, this, &PlayPlaces::usePlaces);
    connect(m_rateFromGames, &QCheckBox::toggled, this, &PlayPlaces::updateUsePlaces);
    refresh();
}

void PlayPlaces::setSession(EventSession* session, PlaySession* play)
{
    if (m_withdrawDialog)
        m_withdrawDialog->reject();
    if (m_handPlaceDialog)
        m_handPlaceDialog->reject();
    if (m_session) {
        disconnect(m_session, nullptr, this, nullptr);
        disconnect(m_session->payoutPreview(), nullptr, this, nullptr);
    }
    m_session = session;
    m_play = play;
    m_message->clear();
    if (session) {
        // The results written here, undone, or typed on the Results tab.
        connect(session, &EventSession::resultsChanged, this, &PlayPlaces::updateUsePlaces);
        // The field's payout follows check-in and the month's lock.
        connect(session->payoutPreview(), &PayoutPreviewModel::payoutChanged, this, &PlayPlaces::showPoints);
        connect(session, &EventSession::ratingsComputingChanged, this, &PlayPlaces::showPoints);
    }
    // DECISIONS G8: an event whose results hold games is rated from them; the box starts as it is.
    const QSignalBlocker blocker(m_rateFromGames);
    m_rateFromGames->setChecked(play && play->eventGameCount() > 0);
    refresh();
}

void PlayPlaces::refresh()
{
    // DECISIONS N2: in doubles a unit is a team of two.
    const QString unit =
        m_session && m_session->event().format == engine::EventFormat::Doubles ? tr("Team") : tr("Player");
    if (!m_places->horizontalHeaderItem(UnitColumn) ||
        m_places->horizontalHeaderItem(UnitColumn)->text() != unit)
        m_places->setHorizontalHeaderItem(UnitColumn, new QTableWidgetItem(unit));
    if (!m_play || !m_play->hasFormat()) {
        m_places->setRowCount(0);
        m_note->clear();
        m_ratedFrom->clear();
        updateButtons();
        m_usePlaces->setEnabled(false);
        m_rateFromGames->setEnabled(false);
        return;
    }
    showRows();
    m_note->setText(m_play->state().placesFinal
                        ? tr("The play is finished: these are its places.")
                        : tr("The places so far, from the standings: final once every game is "
                             "played and every tie broken."));
    updateButtons();
    updateUsePlaces();
}

void PlayPlaces::showRows()
{
    const std::optional<play::UnitId> selected = selectedUnit();
    const play::PlayState& state = m_play->state();
    std::unordered_map<play::UnitId, QString> names;
    if (const play::PlayInput* input = m_play->input())
        for (const play::PlayUnit& each : input->units)
            names.emplace(each.id, QString::fromStdString(each.name.empty() ? each.id : each.name));
    // The items reused, only their changed texts set (a score moves a few places) and repainted; a
    // list filled anew is painted once at the end.
    const bool refill = m_places->rowCount() != static_cast<int>(state.places.size());
    if (refill) {
        m_places->setUpdatesEnabled(false);
        m_places->setRowCount(static_cast<int>(state.places.size()));
    }
    const auto item = [this](int row, int column) {
        QTableWidgetItem* existing = m_places->item(row, column);
        if (!existing) {
            existing = cell(QString());
            m_places->setItem(row, column, existing);
        }
        return existing;
    };
    int current = -1;
    for (std::size_t i = 0; i < state.places.size(); ++i) {
        const play::Place& place = state.places[i];
        const int r = static_cast<int>(i);
        QTableWidgetItem* placeItem = item(r, PlaceColumn);
        placeItem->setText(QString::number(place.place));
        placeItem->setData(Qt::UserRole, QString::fromStdString(place.unit));
        const auto name = names.find(place.unit);
        QString text = name != names.end() ? name->second : QString::fromStdString(place.unit);
        if (place.withdrawn)
            text = tr("%1 (withdrew)").arg(text);
        item(r, UnitColumn)->setText(text);
        item(r, PointsColumn)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        // The engine's rule in words; a place set by hand carries its reason (DECISIONS G6).
        QTableWidgetItem* rule = item(r, RuleColumn);
        rule->setText(QString::fromStdString(place.rule));
        rule->setToolTip(rule->text());
        if (selected && place.unit == *selected)
            current = r;
    }
    if (refill)
        m_places->setUpdatesEnabled(true);
    showPoints();
    m_columns->fit();
    if (current >= 0 && current != m_places->currentRow())
        m_places->setCurrentCell(current, UnitColumn);
    updateButtons();
}

void PlayPlaces::showPoints()
{
    if (!m_session || !m_play)
        return;
    // DECISIONS G6: the payout preview shows what each place pays while the day goes on: the table
    // of the field that began (core::payoutTable, the award's one path), as the Results tab reads it.
    const engine::PayoutTable& table = m_session->payoutPreview()->table();
    const bool computing = m_session->isComputingRatings();
    for (int row = 0; row < m_places->rowCount(); ++row) {
        QTableWidgetItem* item = m_places->item(row, PointsColumn);
        if (!item)
            continue;
        const int place = m_places->item(row, PlaceColumn)->text().toInt();
        QString text;
        QString tip;
        if (computing)
            tip = tr("The ratings of the event's month are being computed; the points follow.");
        else if (place >= 1 && place <= static_cast<int>(table.awards.size()))
            text = payouttext::points(table.awards[static_cast<std::size_t>(place - 1)]);
        else
            tip = tr("There is no place %1 in a field of %2").arg(place).arg(table.fieldSize);
        item->setText(text);
        item->setToolTip(tip);
    }
}

std::optional<play::UnitId> PlayPlaces::selectedUnit() const
{
    const int row = m_places->currentRow();
    if (row < 0 || !m_places->item(row, PlaceColumn))
        return std::nullopt;
    return m_places->item(row, PlaceColumn)->data(Qt::UserRole).toString().toStdString();
}

void PlayPlaces::updateButtons()
{
    const std::optional<play::UnitId> unit = selectedUnit();
    const bool editable = m_session && m_session->isEditable() && m_play && m_play->hasFormat();
    const bool chosen = editable && unit.has_value();
    m_withdraw->setEnabled(chosen);
    m_takeBack->setEnabled(chosen && m_play->withdrawalOf(*unit).has_value());
    m_handPlace->setEnabled(chosen);
    m_clearHandPlace->setEnabled(chosen && m_play->handPlaceOf(*unit).has_value());
}

void PlayPlaces::updateUsePlaces()
{
    const bool started = m_play && m_play->hasFormat();
    const bool final = started && m_play->state().placesFinal;
    const bool fromGames = m_rateFromGames->isChecked();
    const bool inResults = final && m_play->resultsAreThePlay(fromGames);
    const bool editable = m_session && m_session->isEditable();
    m_usePlaces->setEnabled(final && !inResults && editable);
    m_rateFromGames->setEnabled(started && editable);
    if (!started)
        return;
    if (final && m_play->placesInResults())
        m_note->setText(tr("The play is finished: these are its places, and the event's results."));
    // DECISIONS G8, N3: an event is rated from its places (the default) or from its games, never both.
    const int games = final ? static_cast<int>(play::ratedGames(m_play->state()).size()) : 0;
    if (inResults)
        m_ratedFrom->setText(fromGames ? tr("The event's results are these places and the day's %n games: it "
                                            "is rated from its games; the places give the points.",
                                            nullptr, games)
                                       : tr("The event's results are these places: it is rated from its "
                                            "places."));
    else if (final)
        m_ratedFrom->setText(fromGames
                                 ? tr("Use These Places writes these places and the day's %n games: the "
                                      "event will be rated from its games; the places give the points.",
                                      nullptr, games)
                                 : tr("Use These Places writes these places: the event will be rated "
                                      "from its places."));
    else
        m_ratedFrom->setText(fromGames ? tr("Once the play is finished, the event will be rated from its "
                                            "games; the places give the points.")
                                       : tr("Once the play is finished, the event will be rated from its "
                                            "places."));
}

void PlayPlaces::refused()
{
    m_message->setText(m_play ? m_play->lastError() : QString());
}

void PlayPlaces::usePlaces()
{
    if (!m_play)
        return;
    m_message->clear();
    const bool fromGames = m_rateFromGames->isChecked();
    if (!m_play->usePlaces(fromGames))
        return refused();
    Q_EMIT message(fromGames ? tr("The places and games of the play are in the results")
                             : tr("The places of the play are in the results"));
}

void PlayPlaces::askWithdrawal()
{
    const std::optional<play::UnitId> unit = selectedUnit();
    if (!m_play || !unit || m_withdrawDialog || !m_play->input())
        return;
    m_message->clear();
    // The rounds still to come: each drawn stage's rounds from the current stage on, a stage not
    // drawn yet from its start; the round the unit plays next is chosen (DECISIONS G7).
    const play::PlayState& state = m_play->state();
    const play::Format& format = m_play->input()->format;
    const play::Withdrawal now = m_play->currentRoundOf(*unit);
    std::vector<std::pair<play::Withdrawal, QString>> rounds;
    int current = 0;
    for (std::size_t s = static_cast<std::size_t>(now.stage); s < format.stages.size(); ++s) {
        const QString stageName = QString::fromStdString(format.stages[s].name);
        int last = -1;
        if (s < state.stages.size())
            for (const play::PlayGroup& group : state.stages[s].groups)
                for (const play::PlayGame& game : group.games)
                    last = std::max(last, game.key.round);
        if (static_cast<int>(s) == now.stage)
            last = std::max(last, now.round);
        if (last < 0) {
            rounds.push_back({{*unit, static_cast<int>(s), 0}, tr("%1, from its start").arg(stageName)});
            continue;
        }
        for (int round = 0; round <= last; ++round) {
            if (static_cast<int>(s) == now.stage && round == now.round)
                current = static_cast<int>(rounds.size());
            rounds.push_back(
                {{*unit, static_cast<int>(s), round}, tr("%1, round %2").arg(stageName).arg(round + 1)});
        }
    }
    const QString name = m_play->unitName(*unit);
    m_withdrawDialog =
        new WithdrawDialog(tr("%1 withdraws from the play. From which round on are their games "
                              "walkovers? They keep a place.")
                               .arg(name),
                           rounds, current, this);
    m_withdrawDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_withdrawDialog, &WithdrawDialog::submitted, this, [this, name] {
        if (!m_play || !m_withdrawDialog)
            return;
        if (!m_play->withdraw(m_withdrawDialog->withdrawal())) {
            m_withdrawDialog->showProblem(m_play->lastError());
            return;
        }
        m_withdrawDialog->accept();
        Q_EMIT message(tr("%1 has withdrawn").arg(name));
    });
    m_withdrawDialog->open();
}

void PlayPlaces::takeBackWithdrawal()
{
    const std::optional<play::UnitId> unit = selectedUnit();
    if (!m_play || !unit)
        return;
    m_message->clear();
    if (!m_play->takeBackWithdrawal(*unit))
        return refused();
    Q_EMIT message(tr("%1 plays on").arg(m_play->unitName(*unit)));
}

void PlayPlaces::askHandPlace()
{
    const std::optional<play::UnitId> unit = selectedUnit();
    if (!m_play || !unit || m_handPlaceDialog)
        return;
    m_message->clear();
    int place = 1;
    for (const play::Place& each : m_play->state().places)
        if (each.unit == *unit)
            place = each.place;
    const std::optional<play::HandPlace> earlier = m_play->handPlaceOf(*unit);
    const QString name = m_play->unitName(*unit);
    m_handPlaceDialog = new HandPlaceDialog(
        tr("The place of %1, set against the play. The reason is kept with the event's results.").arg(name),
        place, static_cast<int>(m_play->state().places.size()),
        earlier ? QString::fromStdString(earlier->reason) : QString(), this);
    m_handPlaceDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_handPlaceDialog, &HandPlaceDialog::submitted, this, [this, unit, name] {
        if (!m_play || !m_handPlaceDialog)
            return;
        const play::HandPlace given{*unit, m_handPlaceDialog->place(),
                                    m_handPlaceDialog->reason().toStdString()};
        if (!m_play->setHandPlace(given)) {
            m_handPlaceDialog->showProblem(m_play->lastError());
            return;
        }
        m_handPlaceDialog->accept();
        Q_EMIT message(tr("%1 has place %2, set by hand").arg(name).arg(given.place));
    });
    m_handPlaceDialog->open();
}

void PlayPlaces::clearHandPlace()
{
    const std::optional<play::UnitId> unit = selectedUnit();
    if (!m_play || !unit)
        return;
    m_message->clear();
    if (!m_play->clearHandPlace(*unit))
        return refused();
    Q_EMIT message(tr("%1 has their place from the play again").arg(m_play->unitName(*unit)));
}

} // namespace flickdesk::ui
