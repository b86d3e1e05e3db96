#include "widgets/eventday/resultspanel.h"

#include "core/awards/awarding.h"
#include "core/records/month.h"
#include "core/store/eventdaystore.h"
#include "core/store/historystore.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/savedialog.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QShowEvent>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace flickdesk::ui {

namespace {

// The place column: digits only, empty for no place (Enter on an empty cell removes the place).
class PlaceDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* editor = new QLineEdit(parent);
        editor->setObjectName(QStringLiteral("placeEditor"));
        editor->setValidator(
            new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,4}")), editor));
        return editor;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        const QVariant place = index.data(Qt::EditRole);
        static_cast<QLineEdit*>(editor)->setText(place.isValid() ? QString::number(place.toInt())
                                                                 : QString());
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        const int place = static_cast<QLineEdit*>(editor)->text().toInt();
        model->setData(index, place > 0 ? QVariant(place) : QVariant(), Qt::EditRole);
    }
};

} // namespace

ResultsPanel::ResultsPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("resultsPanel"));
    m_model = new QStandardItemModel(0, ColumnCount, this);
    m_model->setHorizontalHeaderLabels(
        {tr("Place"), tr("Entrant"), tr("Players"), tr("Points"), tr("Status")});
    const QString pointsToolTip =
        tr("What each place pays: the payout table of the field that began, as places "
           "are typed; the frozen award once awarded. A tied place shows none until the "
           "tie is broken (DECISIONS N4, P2).");
    m_model->setHeaderData(PointsColumn, Qt::Horizontal, pointsToolTip, Qt::ToolTipRole);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("standingsView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::AnyKeyPressed | QAbstractItemView::DoubleClicked |
                            QAbstractItemView::EditKeyPressed);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->installEventFilter(this);
    auto* placeDelegate = new PlaceDelegate(m_view);
    m_view->setItemDelegateForColumn(PlaceColumn, placeDelegate);
    // Typing places is digits and Enter, row after row: Enter moves down to the next place.
    connect(placeDelegate, &QAbstractItemDelegate::closeEditor, this,
            [this](QWidget*, QAbstractItemDelegate::EndEditHint hint) {
                const int next = m_view->currentIndex().row() + 1;
                if (hint == QAbstractItemDelegate::SubmitModelCache && next < m_model->rowCount())
                    m_view->setCurrentIndex(m_model->index(next, PlaceColumn));
            });
    // A place typed is stored at once, one undoable step, like every other edit of the event day.
    connect(m_model, &QStandardItemModel::itemChanged, this, [this](QStandardItem* item) {
        if (m_loading || item->column() != PlaceColumn)
            return;
        const QVariant place = item->data(Qt::EditRole);
        placesEdited(place.isValid() ? tr("Place %1 for %2").arg(place.toInt()).arg(rowName(item->row()))
                                     : tr("No place for %1").arg(rowName(item->row())));
    });

    auto button = [this](const QString& text, const char* name) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(QString::fromLatin1(name));
        return b;
    };
    m_up = button(tr("Move &up"), "moveUpButton");
    m_up->setToolTip(tr("Ctrl+Up"));
    m_down = button(tr("Move do&wn"), "moveDownButton");
    m_down->setToolTip(tr("Ctrl+Down"));
    m_number = button(tr("Number in listed &order"), "numberButton");
    m_number->setToolTip(
        tr("Ctrl+Shift+N: places 1, 2, 3... in the order the rows are listed. Ctrl+Z undoes it."));
    m_validate = button(tr("Va&lidate"), "validateButton");
    m_validate->setToolTip(tr("Ctrl+R: checks the places (each is stored as you type it) and lists every "
                              "problem, the rows in finishing order."));
    m_breakTies = button(tr("&Break ties by listed order"), "breakTiesButton");
    m_finish = button(tr("Mar&k finished"), "finishButton");
    m_award = button(tr("&Award points..."), "awardButton");
    m_print = button(tr("Print results..."), "printResultsButton");
    m_pdf = button(tr("Save results as PDF..."), "pdfResultsButton");
    m_export = button(tr("E&xport for submission..."), "exportButton");
    m_import = button(tr("&Import event..."), "importButton");
    connect(m_up, &QPushButton::clicked, this, &ResultsPanel::moveUp);
    connect(m_down, &QPushButton::clicked, this, &ResultsPanel::moveDown);
    connect(m_number, &QPushButton::clicked, this, &ResultsPanel::numberInListedOrder);
    connect(m_validate, &QPushButton::clicked, this, &ResultsPanel::validate);
    connect(m_breakTies, &QPushButton::clicked, this, &ResultsPanel::breakTies);
    connect(m_finish, &QPushButton::clicked, this, &ResultsPanel::markFinished);
    connect(m_award, &QPushButton::clicked, this, &ResultsPanel::requestAward);
    connect(m_print, &QPushButton::clicked, this, &ResultsPanel::printResultsWithDialog);
    connect(m_pdf, &QPushButton::clicked, this, &ResultsPanel::saveResultsPdfWithDialog);
    connect(m_export, &QPushButton::clicked, this, &ResultsPanel::exportRequested);
    connect(m_import, &QPushButton::clicked, this, &ResultsPanel::importRequested);

    m_defects = new QListWidget(this);
    m_defects->setObjectName(QStringLiteral("defectsList"));
    m_defects->setMaximumHeight(120);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("resultsStatus"));
    m_status->setWordWrap(true);
    m_pointsNote = new QLabel(this);
    m_pointsNote->setObjectName(QStringLiteral("pointsNote"));
    m_pointsNote->setWordWrap(true);

    auto* side = new QVBoxLayout;
    for (QPushButton* b : {m_up, m_down, m_number, m_validate, m_breakTies, m_finish, m_award})
        side->addWidget(b);
    side->addStretch();
    side->addWidget(m_print);
    side->addWidget(m_pdf);
    side->addWidget(m_export);
    side->addWidget(m_import);
    auto* top = new QHBoxLayout;
    top->addWidget(m_view, 1);
    top->addLayout(side);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_pointsNote);
    layout->addLayout(top, 1);
    layout->addWidget(new QLabel(tr("Validation:"), this));
    layout->addWidget(m_defects);

    setSession(nullptr);
}

void ResultsPanel::setSession(EventSession* session)
{
    commitPendingEdit(); // a place typed without Enter belongs to the event it was typed for
    if (m_session) {
        disconnect(m_session, nullptr, this, nullptr);
        disconnect(m_session->entrants(), nullptr, this, nullptr);
        disconnect(m_session->payoutPreview(), nullptr, this, nullptr);
    }
    m_session = session;
    m_defects->clear();
    m_model->removeRows(0, m_model->rowCount()); // another event's rows keep no order here
    if (session) {
        connect(session, &EventSession::resultsChanged, this, &ResultsPanel::reload);
        // The status decides what the box says once the results are complete (finished, awarded).
        connect(session, &EventSession::eventUpdated, this, [this] {
            refreshValidation();
            updateState();
        });
        connect(session, &EventSession::editableChanged, this, &ResultsPanel::updateState);
        // The lock computed in the background: the points and Award wait for it, never the window.
        connect(session, &EventSession::ratingsComputingChanged, this, [this] {
            updateState();
            updatePoints();
        });
        connect(session, &EventSession::awarded, this, &ResultsPanel::reload);
        connect(session->entrants(), &EntrantListModel::countsChanged, this, &ResultsPanel::reload);
        // Doubles teams are numbered by their place in the entrant list: a team that goes renumbers
        // the teams after it there, and here alike.
        connect(session->entrants(), &QAbstractItemModel::dataChanged, this,
                [this](const QModelIndex& topLeft, const QModelIndex& bottomRight) {
                    if (topLeft.column() <= EntrantListModel::NumberColumn &&
                        bottomRight.column() >= EntrantListModel::NumberColumn)
                        updateNumbers();
                });
        connect(session->payoutPreview(), &PayoutPreviewModel::payoutChanged, this,
                &ResultsPanel::updatePoints);
    }
    reload();
}

void ResultsPanel::reload()
{
    // A doubles unit is a team (DECISIONS N2): the column says so, as the check-in list does.
    const bool doubles = m_session && m_session->entrants()->format() == engine::EventFormat::Doubles;
    m_model->setHeaderData(UnitColumn, Qt::Horizontal, doubles ? tr("Team") : tr("Entrant"));
    const QModelIndex current = m_view->currentIndex();
    const int currentUnit =
        current.isValid() ? m_model->item(current.row(), PlaceColumn)->data(Qt::UserRole).toInt() : -1;
    std::vector<core::Entrant> field;
    m_awarded.reset();
    if (m_session) {
        if (m_session->isAwarded()) {
            try {
                m_awarded = m_session->history().currentAward(m_session->eventId());
            } catch (const core::StoreError& error) {
                Q_EMIT message(error.message());
            }
        }
        for (const core::Entrant& entrant : m_session->entrants()->entrants()) {
            if (entrant.began())
                field.push_back(entrant);
        }
    }
    // As listed when standings were entered (DECISIONS N4 keeps that order), else by number.
    const auto listedOrder = [](const core::Entrant& a, const core::Entrant& b) {
        const int la = a.listed.value_or(a.place ? *a.place * 100000 : 1 << 30);
        const int lb = b.listed.value_or(b.place ? *b.place * 100000 : 1 << 30);
        return la < lb;
    };
    std::stable_sort(field.begin(), field.end(), listedOrder);
    std::vector<const core::Entrant*> rows;
    for (const core::Entrant& entrant : field)
        rows.push_back(&entrant);
    if (m_model->rowCount() > 0) {
        // The rows keep their order while the director works: a place typed is stored at once and
        // its row must not move under the next digits. Units new to the rows come after them.
        std::map<int, const core::Entrant*> byUnit;
        for (const core::Entrant& entrant : field)
            byUnit[entrant.number] = &entrant;
        std::vector<const core::Entrant*> kept;
        std::set<int> shown;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const int unit = m_model->item(row, PlaceColumn)->data(Qt::UserRole).toInt();
            if (const auto found = byUnit.find(unit); found != byUnit.end()) {
                kept.push_back(found->second);
                shown.insert(unit);
            }
        }
        for (const core::Entrant* entrant : rows) {
            if (!shown.count(entrant->number))
                kept.push_back(entrant);
        }
        rows = std::move(kept);
        if (m_sortByPlace) { // Validate: finishing order, those without a place last
            std::stable_sort(rows.begin(), rows.end(), [](const core::Entrant* a, const core::Entrant* b) {
                return a->place.value_or(std::numeric_limits<int>::max()) <
                       b->place.value_or(std::numeric_limits<int>::max());
            });
        }
        // Units that share a place take their rows in the stored listed order, which breaks the tie
        // (DECISIONS N4): an undone move shows the order it restored.
        std::map<int, std::vector<std::size_t>> rowsOfPlace;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (rows[i]->place)
                rowsOfPlace[*rows[i]->place].push_back(i);
        }
        for (const auto& [place, positions] : rowsOfPlace) {
            if (positions.size() < 2)
                continue;
            std::vector<const core::Entrant*> tied;
            for (const std::size_t i : positions)
                tied.push_back(rows[i]);
            std::stable_sort(tied.begin(), tied.end(), [&](const core::Entrant* a, const core::Entrant* b) {
                return listedOrder(*a, *b);
            });
            for (std::size_t k = 0; k < positions.size(); ++k)
                rows[positions[k]] = tied[k];
        }
    }

    m_loading = true;
    bool sameRows = static_cast<int>(rows.size()) == m_model->rowCount();
    for (int row = 0; sameRows && row < m_model->rowCount(); ++row)
        sameRows = m_model->item(row, PlaceColumn)->data(Qt::UserRole).toInt() ==
                   rows[static_cast<std::size_t>(row)]->number;
    if (!sameRows)
        m_model->removeRows(0, m_model->rowCount());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const core::Entrant& entrant = *rows[i];
        QStringList names;
        for (const core::PlayerRecord& player : entrant.players)
            names.append(player.name.isEmpty() ? player.id : tr("%1 (%2)").arg(player.name, player.id));
        // No place until the director gives one: the window never numbers places by itself.
        const QVariant place = entrant.place ? QVariant(*entrant.place) : QVariant();
        if (sameRows) {
            // In place: the rows (and an editor that is committing) stay where they are.
            const int row = static_cast<int>(i);
            QStandardItem* placeItem = m_model->item(row, PlaceColumn);
            if (placeItem->data(Qt::EditRole) != place)
                placeItem->setData(place, Qt::EditRole);
            QStandardItem* unit = m_model->item(row, UnitColumn);
            if (unit->text() != numberText(entrant.number))
                unit->setText(numberText(entrant.number));
            QStandardItem* players = m_model->item(row, PlayersColumn);
            if (players->text() != names.join(QStringLiteral(" / ")))
                players->setText(names.join(QStringLiteral(" / ")));
            if (players->data(Qt::UserRole).toStringList() != entrant.playerIds())
                players->setData(entrant.playerIds(), Qt::UserRole);
            QStandardItem* status = m_model->item(row, StatusColumn);
            if (status->text() != EntrantListModel::statusText(entrant.status))
                status->setText(EntrantListModel::statusText(entrant.status));
            continue;
        }
        auto* placeItem = new QStandardItem;
        if (place.isValid())
            placeItem->setData(place, Qt::EditRole);
        placeItem->setData(entrant.number, Qt::UserRole);
        placeItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto* unit = new QStandardItem(numberText(entrant.number));
        unit->setEditable(false);
        auto* players = new QStandardItem(names.join(QStringLiteral(" / ")));
        players->setData(entrant.playerIds(), Qt::UserRole);
        players->setEditable(false);
        auto* points = new QStandardItem;
        points->setEditable(false);
        points->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto* status = new QStandardItem(EntrantListModel::statusText(entrant.status));
        status->setEditable(false);
        m_model->appendRow({placeItem, unit, players, points, status});
    }
    m_loading = false;
    updatePoints();
    if (!sameRows && m_model->rowCount() > 0) {
        m_view->resizeColumnsToContents();
        m_view->setColumnWidth(PlaceColumn, std::max(m_view->columnWidth(PlaceColumn), 64));
        m_view->setColumnWidth(PointsColumn, std::max(m_view->columnWidth(PointsColumn), 72));
        // A status changes in place (a withdrawal after the rows were laid out, or one scrolled out
        // of sight): the column holds the longest word, so that "Withdrawn" is never cut to "With...".
        int statusWidth = 0;
        for (const core::EntrantStatus status :
             {core::EntrantStatus::Registered, core::EntrantStatus::Started, core::EntrantStatus::Withdrawn})
            statusWidth = std::max(
                statusWidth, m_view->fontMetrics().horizontalAdvance(EntrantListModel::statusText(status)));
        const int textMargins =
            2 * (m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1);
        m_view->setColumnWidth(StatusColumn,
                               std::max(m_view->columnWidth(StatusColumn), statusWidth + textMargins + 2));
        m_view->horizontalHeader()->setSectionResizeMode(PlayersColumn, QHeaderView::Stretch);
    }
    if (!sameRows) {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->item(row, PlaceColumn)->data(Qt::UserRole).toInt() == currentUnit) {
                m_view->setCurrentIndex(m_model->index(row, current.column()));
                break;
            }
        }
    }
    if (isVisible())
        ensurePlaceCell();
    refreshValidation();
    updateState();
}

QString ResultsPanel::numberText(int unit) const
{
    return QString::number(m_session ? m_session->entrants()->shownNumber(unit) : unit);
}

void ResultsPanel::updateNumbers()
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        QStandardItem* unit = m_model->item(row, UnitColumn);
        const QString shown = numberText(m_model->item(row, PlaceColumn)->data(Qt::UserRole).toInt());
        if (unit->text() != shown)
            unit->setText(shown);
    }
}

void ResultsPanel::placesEdited(const QString& description)
{
    updatePoints();
    storeShownPlaces(description);
    refreshValidation();
}

void ResultsPanel::storeShownPlaces(const QString& description)
{
    if (!m_session || !m_session->isEditable())
        return;
    const std::vector<core::Placing> listed = listedStandings();
    try {
        if (listed == m_session->eventDay().standings(m_session->eventId()))
            return;
    } catch (const core::StoreError& error) {
        Q_EMIT message(error.message());
        return;
    }
    const bool wasFinished = m_session->event().status == core::EventStatus::Finished;
    if (!m_session->setStandings(listed, description)) {
        Q_EMIT message(m_session->lastError());
        reload(); // what the rows show is what is stored: the refused place goes back
        return;
    }
    if (wasFinished && m_session->event().status != core::EventStatus::Finished)
        Q_EMIT message(tr("%1: stored. The results are incomplete, so the event is no longer finished "
                          "(Ctrl+Z undoes both).")
                           .arg(description));
    else
        Q_EMIT message(tr("%1: stored (Ctrl+Z undoes it)").arg(description));
}

QString ResultsPanel::rowName(int row) const
{
    if (row < 0 || row >= m_model->rowCount())
        return {};
    return m_model->item(row, PlayersColumn)->text();
}

void ResultsPanel::ensurePlaceCell()
{
    if (m_model->rowCount() == 0)
        return;
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        m_view->setCurrentIndex(m_model->index(0, PlaceColumn));
    else if (current.column() != PlaceColumn) // only a place is edited: no editor is open here
        m_view->setCurrentIndex(m_model->index(current.row(), PlaceColumn));
}

void ResultsPanel::updatePoints()
{
    if (!m_session)
        return;
    const bool loading = m_loading;
    m_loading = true;           // the points column is not a place typed
    std::map<int, int> holders; // place -> how many rows hold it
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QVariant place = m_model->item(row, PlaceColumn)->data(Qt::EditRole);
        if (place.isValid())
            ++holders[place.toInt()];
    }
    std::map<QString, double> awarded;
    if (m_awarded) {
        for (const core::PlayerAward& award : m_awarded->awards)
            awarded[award.playerId] = award.points;
    }
    // The one path (core/awards/payout.h): the preview model's table is core::payoutTable of the
    // field that began, the table the award pays (DECISIONS P2).
    const engine::PayoutTable& table = m_session->payoutPreview()->table();
    for (int row = 0; row < m_model->rowCount(); ++row) {
        QStandardItem* item = m_model->item(row, PointsColumn);
        const QVariant place = m_model->item(row, PlaceColumn)->data(Qt::EditRole);
        QString text;
        QString pointsToolTip;
        if (m_awarded) {
            // DECISIONS P9: both partners of a team hold the team's award.
            const QStringList ids = m_model->item(row, PlayersColumn)->data(Qt::UserRole).toStringList();
            if (!ids.isEmpty() && awarded.count(ids.front())) {
                text = QLocale().toString(awarded.at(ids.front()), 'f', 1);
                pointsToolTip = tr("As awarded, frozen (DECISIONS P2)");
            }
        } else if (m_session->isComputingRatings()) {
            pointsToolTip = tr("The ratings of the event's month are being computed; the points follow.");
        } else if (place.isValid()) {
            const int p = place.toInt();
            if (holders[p] > 1)
                pointsToolTip =
                    tr("Place %1 is tied: no points until the tie is broken (DECISIONS N4)").arg(p);
            else if (p >= 1 && p <= static_cast<int>(table.awards.size()))
                text = payouttext::points(table.awards[static_cast<std::size_t>(p - 1)]);
            else
                pointsToolTip = tr("There is no place %1 in a field of %2").arg(p).arg(table.fieldSize);
        }
        if (item->text() != text)
            item->setText(text);
        item->setToolTip(pointsToolTip);
    }
    m_loading = loading;
    if (m_awarded)
        m_pointsNote->setText(
            tr("Points as awarded from the %1 lock; they no longer change.").arg(m_awarded->lockMonth));
    else
        m_pointsNote->setText(tr("Points are what each place pays in this field now; a tied or missing place "
                                 "shows none. They are frozen when the event is awarded."));
}

std::vector<core::Entrant> ResultsPanel::shownEntrants() const
{
    std::vector<core::Entrant> entrants = m_session->entrants()->entrants();
    std::map<int, core::Entrant*> byUnit;
    for (core::Entrant& entrant : entrants) {
        entrant.place.reset();
        entrant.listed.reset();
        byUnit[entrant.number] = &entrant;
    }
    int listed = 0;
    for (const core::Placing& placing : listedStandings()) {
        if (const auto found = byUnit.find(placing.unit); found != byUnit.end()) {
            found->second->place = placing.place;
            found->second->listed = ++listed;
        }
    }
    return entrants;
}

bool ResultsPanel::hasUnsavedPlaces() const
{
    if (!m_session || !m_session->isEditable())
        return false;
    try {
        return listedStandings() != m_session->eventDay().standings(m_session->eventId());
    } catch (const core::StoreError&) {
        return false;
    }
}

void ResultsPanel::addDefect(const core::ResultDefect& defect)
{
    // The box speaks a director's words; the rule a defect comes from is in its tooltip.
    const char* rule = nullptr;
    switch (defect.kind) {
    case core::ResultDefect::Kind::TiedPlace:
        rule = "DECISIONS N4";
        break;
    case core::ResultDefect::Kind::MissingPlace:
    case core::ResultDefect::Kind::PlacedNotStarted:
        rule = "DECISIONS P3";
        break;
    case core::ResultDefect::Kind::IncompleteTeam:
        rule = "DECISIONS N2";
        break;
    case core::ResultDefect::Kind::GameOutsideField:
    case core::ResultDefect::Kind::GameSides:
        rule = "DECISIONS N3";
        break;
    case core::ResultDefect::Kind::TooFewUnits:
        break;
    }
    // The check names a doubles team by its stored number ("team 5 (1041 + 1077)"); the rows and
    // the entrant list number the teams by their place in the list: the box says the same number.
    QString text = defect.message;
    if (m_session && m_session->entrants()->format() == engine::EventFormat::Doubles) {
        for (const int unit : defect.units) {
            const core::Entrant* entrant = m_session->entrants()->entrant(unit);
            const int shown = m_session->entrants()->shownNumber(unit);
            if (!entrant || shown == unit)
                continue;
            // The words of core/awards/awarding.cpp's unitName, translated as it translates them.
            const QString ids = entrant->playerIds().join(QStringLiteral(" + "));
            const char* words = QT_TRANSLATE_NOOP("flickdesk::core::Awarding", "team %1 (%2)");
            const QString named = QCoreApplication::translate("flickdesk::core::Awarding", words);
            text.replace(named.arg(unit).arg(ids), named.arg(shown).arg(ids));
        }
    }
    auto* item = new QListWidgetItem(text, m_defects);
    if (rule)
        item->setToolTip(QString::fromLatin1(rule));
}

bool ResultsPanel::refreshValidation()
{
    m_defects->clear();
    bool ok = false;
    bool ties = false;
    if (m_session && m_session->isValid()) {
        if (m_session->isAwarded()) {
            m_defects->addItem(tr("The points are awarded and frozen: these results no longer change."));
            ok = true;
        } else {
            // What the rows show, typed places included: the check the store makes when they are saved.
            std::optional<core::EventRecord> event;
            try {
                event = m_session->eventDay().event(m_session->eventId());
            } catch (const core::StoreError& error) {
                m_defects->addItem(error.message());
            }
            if (event) {
                const core::ResultsValidation validation =
                    core::validateEventResults(*event, shownEntrants());
                for (const core::ResultDefect& defect : validation.defects)
                    addDefect(defect);
                ok = validation.ok();
                ties = validation.hasTies();
                if (ok)
                    m_defects->addItem(
                        event->status == core::EventStatus::Finished
                            ? tr("The results are complete and the event is finished: it can be "
                                 "awarded.")
                            : tr("The results are complete: the event can be marked finished "
                                 "and awarded."));
                else
                    m_defects->addItem(tr("Each place is stored as you type it. Until every unit has a "
                                          "place of its own they are work in progress: neither rated nor "
                                          "awarded."));
            }
        }
    }
    m_breakTies->setProperty("offered", ties);
    m_breakTies->setEnabled(m_session && m_session->isEditable() && ties);
    return ok;
}

void ResultsPanel::updateState()
{
    const bool editable = m_session && m_session->isEditable();
    for (QPushButton* b : {m_up, m_down, m_number, m_validate, m_finish, m_award})
        b->setEnabled(editable);
    const bool computing = m_session && m_session->isComputingRatings();
    const bool finished = m_session && m_session->event().status == core::EventStatus::Finished;
    m_finish->setEnabled(editable && !finished);
    m_finish->setToolTip(finished ? tr("The event is finished.") : QString());
    m_award->setEnabled(editable && !computing);
    m_award->setToolTip(computing
                            ? tr("The ratings of the event's month are being computed; the points can be "
                                 "awarded once they are ready.")
                            : QString());
    m_breakTies->setEnabled(editable && m_breakTies->property("offered").toBool());
    m_export->setEnabled(m_session);
    m_print->setEnabled(m_session && m_model->rowCount() > 0);
    m_pdf->setEnabled(m_session && m_model->rowCount() > 0);
    m_pointsNote->setVisible(m_session && m_model->rowCount() > 0);
    m_view->setEditTriggers(editable ? QAbstractItemView::AnyKeyPressed | QAbstractItemView::DoubleClicked |
                                           QAbstractItemView::EditKeyPressed
                                     : QAbstractItemView::NoEditTriggers);
    if (!m_session) {
        m_status->setText(tr("No event selected"));
        return;
    }
    const core::EventRecord& event = m_session->event();
    QString text = tr("<b>%1</b> (%2) · %3")
                       .arg(event.name.toHtmlEscaped(), event.date, EventListModel::statusText(event.status));
    m_status->setToolTip(QString());
    if (m_awarded) {
        text += tr(" · awarded from the %1 lock: FSI %2, FDI %3 (frozen)")
                    .arg(m_awarded->lockMonth)
                    .arg(m_awarded->fsi, 0, 'f', 3)
                    .arg(m_awarded->fdi, 0, 'f', 3);
        m_status->setToolTip(tr("DECISIONS P2: what was awarded is frozen with the event."));
    }
    m_status->setText(text);
}

std::vector<core::Placing> ResultsPanel::listedStandings() const
{
    std::vector<core::Placing> listed;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QStandardItem* item = m_model->item(row, PlaceColumn);
        const QVariant place = item->data(Qt::EditRole);
        if (place.isValid() && place.toInt() > 0)
            listed.push_back({item->data(Qt::UserRole).toInt(), place.toInt()});
    }
    std::stable_sort(listed.begin(), listed.end(),
                     [](const core::Placing& a, const core::Placing& b) { return a.place < b.place; });
    return listed;
}

void ResultsPanel::moveRow(int step)
{
    const int row = m_view->currentIndex().row();
    const int target = row + step;
    if (row < 0 || target < 0 || target >= m_model->rowCount())
        return;
    // The places stay where they are; the entrants change rows.
    m_loading = true;
    const QVariant placeHere = m_model->item(row, PlaceColumn)->data(Qt::EditRole);
    const QVariant placeThere = m_model->item(target, PlaceColumn)->data(Qt::EditRole);
    QList<QStandardItem*> moving = m_model->takeRow(row);
    m_model->insertRow(target, moving);
    m_model->item(target, PlaceColumn)->setData(placeThere, Qt::EditRole);
    m_model->item(row, PlaceColumn)->setData(placeHere, Qt::EditRole);
    m_loading = false;
    m_view->setCurrentIndex(m_model->index(target, m_view->currentIndex().column() < 0 ? 0 : PlaceColumn));
    m_view->selectRow(target);
    placesEdited(step < 0 ? tr("Move %1 up").arg(rowName(target)) : tr("Move %1 down").arg(rowName(target)));
}

void ResultsPanel::moveUp()
{
    moveRow(-1);
}

void ResultsPanel::moveDown()
{
    moveRow(1);
}

bool ResultsPanel::numberInListedOrder()
{
    if (!m_session)
        return false;
    commitPendingEdit();
    std::vector<int> units;
    for (int row = 0; row < m_model->rowCount(); ++row)
        units.push_back(m_model->item(row, PlaceColumn)->data(Qt::UserRole).toInt());
    if (units.empty())
        return false;
    if (!m_session->numberInListedOrder(units)) {
        Q_EMIT message(m_session->lastError());
        return false;
    }
    Q_EMIT message(tr("Places 1 to %1 numbered in the listed order (Ctrl+Z undoes it)").arg(units.size()));
    return true;
}

void ResultsPanel::commitPendingEdit()
{
    // The place column's editor, open on the current cell (the view keeps no other editor).
    QWidget* editor = m_view->indexWidget(m_view->currentIndex());
    if (!editor)
        return;
    // As Enter would: the delegate writes the place into the row, which stores it.
    Q_EMIT m_view->itemDelegateForColumn(PlaceColumn)->commitData(editor);
    Q_EMIT m_view->itemDelegateForColumn(PlaceColumn)->closeEditor(editor, QAbstractItemDelegate::NoHint);
}

bool ResultsPanel::validate()
{
    if (!m_session)
        return false;
    commitPendingEdit();
    // Only a check: each place was stored as it was typed. The rows show the finishing order.
    m_sortByPlace = true;
    reload();
    m_sortByPlace = false;
    const bool complete = refreshValidation();
    if (m_session->isAwarded())
        return complete;
    const int problems = std::max(m_defects->count() - 1, 1); // the last line says where they stand
    const QString name = m_session->event().name;
    Q_EMIT message(
        complete ? tr("%1: the results are complete").arg(name)
        : problems == 1
            ? tr("%1: one problem in the results, listed under Validation").arg(name)
            : tr("%1: %2 problems in the results, listed under Validation").arg(name).arg(problems));
    return complete;
}

bool ResultsPanel::breakTies()
{
    if (!m_session)
        return false;
    commitPendingEdit();
    const bool done = m_session->breakTiesByListedOrder();
    if (!done)
        Q_EMIT message(m_session->lastError());
    refreshValidation();
    return done;
}

bool ResultsPanel::markFinished()
{
    if (!m_session || !validate())
        return false;
    if (!m_session->setEventStatus(core::EventStatus::Finished)) {
        Q_EMIT message(m_session->lastError());
        return false;
    }
    Q_EMIT message(tr("%1 is finished").arg(m_session->event().name));
    return true;
}

QString ResultsPanel::awardSummary() const
{
    if (!m_session)
        return {};
    const core::EventRecord& event = m_session->event();
    const engine::PayoutTable& table = m_session->payoutPreview()->table();
    QString division;
    switch (event.tour) {
    case core::Tour::Competitive:
        division = tr("Competitive Tour");
        break;
    case core::Tour::Recreational:
        division = tr("Recreational Tour");
        break;
    case core::Tour::None:
        division = tr("not a Tour event");
        break;
    }
    QStringList terms{event.season.isEmpty() ? tr("No season") : tr("Season %1").arg(event.season), division};
    if (event.tier)
        terms.append(payouttext::tier(static_cast<engine::Tier>(*event.tier)));
    terms.append(payouttext::format(event.format));
    // DECISIONS P1: the lock of the event's month.
    const std::optional<core::Month> lockMonth = core::Month::fromString(m_session->lockMonth());
    const QString lock = lockMonth ? QLocale().toString(QDate(lockMonth->year(), lockMonth->month(), 1),
                                                        QStringLiteral("MMMM yyyy"))
                                   : m_session->lockMonth();
    QStringList winners;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->item(row, PlaceColumn)->data(Qt::EditRole).toInt() == 1)
            winners.append(rowName(row));
    }
    QStringList lines;
    lines.append(terms.join(QStringLiteral(" \u00b7 ")));
    lines.append(tr("Ratings locked for %1").arg(lock));
    lines.append(tr("%1: %2 \u00b7 FSI %3 \u00b7 FDI %4")
                     .arg(payouttext::fieldSizeCaption(event.format), payouttext::fieldSize(table.fieldSize),
                          payouttext::fieldStrength(table.fieldStrengthIndex),
                          payouttext::fieldDepth(table.fieldDepthIndex)));
    if (winners.size() == 1 && !table.awards.empty())
        lines.append(
            tr("Winner: %1, %2 points").arg(winners.front(), payouttext::points(table.awards.front())));
    return lines.join(u'\n');
}

void ResultsPanel::requestAward()
{
    if (!m_session)
        return;
    // The results first: a confirmation is asked only for what can be awarded.
    if (!validate()) {
        Q_EMIT message(tr("%1 cannot be awarded yet: the results are not complete (see Validation).")
                           .arg(m_session->event().name));
        return;
    }
    if (m_session->isComputingRatings()) {
        Q_EMIT message(tr("The ratings of the event's month are being computed; the points can be awarded "
                          "once they are ready."));
        return;
    }
    auto* box = new QMessageBox(QMessageBox::Question, tr("Award points"),
                                tr("Award the Field-Weighted Points of %1?").arg(m_session->event().name),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
    box->setInformativeText(tr("%1\n\nThe locked ratings, FSI, FDI and every award are frozen with the "
                               "event; it can no longer be edited or undone.")
                                .arg(awardSummary()));
    box->setObjectName(QStringLiteral("awardConfirmation"));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this](int result) {
        if (result == QMessageBox::Yes)
            award();
    });
    box->open();
}

bool ResultsPanel::award()
{
    if (!m_session)
        return false;
    if (m_session->event().status != core::EventStatus::Finished && !markFinished())
        return false;
    if (!m_session->award()) {
        Q_EMIT message(m_session->lastError());
        return false;
    }
    Q_EMIT message(tr("%1: points awarded and frozen").arg(m_session->event().name));
    updateState();
    return true;
}

ResultsSheet ResultsPanel::resultsSheet() const
{
    ResultsSheet sheet;
    if (!m_session)
        return sheet;
    const core::EventRecord& event = m_session->event();
    sheet.title = event.name;
    sheet.date = QDate::fromString(event.date, Qt::ISODate);
    sheet.terms = event.tier ? tr("%1 \u00b7 %2")
                                   .arg(payouttext::format(event.format),
                                        payouttext::tier(static_cast<engine::Tier>(*event.tier)))
                             : payouttext::format(event.format);
    const engine::PayoutTable& table = m_session->payoutPreview()->table();
    sheet.fieldStrength = payouttext::fieldStrength(m_awarded ? m_awarded->fsi : table.fieldStrengthIndex);
    sheet.fieldDepth = payouttext::fieldDepth(m_awarded ? m_awarded->fdi : table.fieldDepthIndex);
    sheet.fieldSize = payouttext::fieldSize(m_model->rowCount());
    sheet.fieldSizeLabel = payouttext::fieldSizeCaption(event.format);
    sheet.pointsNote = m_pointsNote->text();
    // In finishing order: by place, the listed order among equal places, then those without one.
    std::vector<int> rows;
    for (int row = 0; row < m_model->rowCount(); ++row)
        rows.push_back(row);
    auto placeOf = [this](int row) {
        const QVariant place = m_model->item(row, PlaceColumn)->data(Qt::EditRole);
        return place.isValid() ? place.toInt() : std::numeric_limits<int>::max();
    };
    std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) { return placeOf(a) < placeOf(b); });
    for (const int row : rows) {
        const QVariant place = m_model->item(row, PlaceColumn)->data(Qt::EditRole);
        sheet.rows.push_back({place.isValid() ? QLocale().toString(place.toInt()) : QString(),
                              m_model->item(row, PlayersColumn)->text(),
                              m_model->item(row, PointsColumn)->text()});
    }
    return sheet;
}

sheet::PaintSheet ResultsPanel::resultsSheetPainter() const
{
    return [sheet = resultsSheet()](QPagedPaintDevice& device) {
        return sheet.paint(device, QDateTime::currentDateTime());
    };
}

bool ResultsPanel::printResults(QPrinter* printer)
{
    return m_session &&
           sheet::print(printer, tr("%1: results").arg(m_session->event().name), resultsSheetPainter());
}

bool ResultsPanel::saveResultsPdf(const QString& path)
{
    return m_session &&
           sheet::savePdf(path, tr("%1: results").arg(m_session->event().name), resultsSheetPainter());
}

void ResultsPanel::printResultsWithDialog()
{
    if (!m_session)
        return;
    QPrinter printer;
    sheet::preparePrinter(printer, tr("%1: results").arg(m_session->event().name));
    QPrintDialog dialog(&printer, this);
    if (dialog.exec() == QDialog::Accepted && !printResults(&printer))
        Q_EMIT message(tr("The results could not be printed"));
}

void ResultsPanel::saveResultsPdfWithDialog()
{
    if (!m_session)
        return;
    const QString path =
        saveFileName(this, tr("Save the results"),
                     proposedFileName({m_session->event().name, m_session->event().date, tr("results")},
                                      QStringLiteral("pdf")),
                     tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    Q_EMIT message(saveResultsPdf(path) ? tr("Saved %1").arg(QFileInfo(path).fileName())
                                        : tr("Could not write %1").arg(path));
}

} // namespace flickdesk::ui

namespace flickdesk::ui {

bool ResultsPanel::eventFilter(QObject* watched, QEvent* event)
{
    // Ctrl+Up / Ctrl+Down move the current entrant while the standings have the focus.
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        // A digit types the current row's place, whichever of its cells is current.
        if (key->key() >= Qt::Key_0 && key->key() <= Qt::Key_9 &&
            !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)))
            ensurePlaceCell();
        if (key->modifiers() == Qt::ControlModifier &&
            (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down)) {
            if (m_up->isEnabled())
                moveRow(key->key() == Qt::Key_Up ? -1 : 1);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ResultsPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (event->spontaneous())
        return; // the window restored, not the tab chosen
    focusStandings();
}

void ResultsPanel::focusStandings()
{
    // Digits type a place at once: the first row's place when no cell was current yet.
    ensurePlaceCell();
    if (m_model->rowCount() > 0)
        m_view->setFocus(Qt::OtherFocusReason);
}

} // namespace flickdesk::ui
