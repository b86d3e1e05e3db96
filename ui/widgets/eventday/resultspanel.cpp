#include "widgets/eventday/resultspanel.h"

#include "widgets/eventday/entrantlistmodel.h"
#include "widgets/eventday/eventlistmodel.h"
#include "widgets/eventday/eventsession.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

namespace flickdesk::ui {

ResultsPanel::ResultsPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("resultsPanel"));
    m_model = new QStandardItemModel(0, ColumnCount, this);
    m_model->setHorizontalHeaderLabels({tr("Place"), tr("Entrant"), tr("Players"), tr("Status")});
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("standingsView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::AnyKeyPressed | QAbstractItemView::DoubleClicked |
                            QAbstractItemView::EditKeyPressed);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->installEventFilter(this);

    auto button = [this](const QString& text, const char* name) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(QString::fromLatin1(name));
        return b;
    };
    m_up = button(tr("Move &up"), "moveUpButton");
    m_up->setToolTip(tr("Ctrl+Up"));
    m_down = button(tr("Move do&wn"), "moveDownButton");
    m_down->setToolTip(tr("Ctrl+Down"));
    m_number = button(tr("Number in this &order"), "numberButton");
    m_save = button(tr("Save standin&gs"), "saveStandingsButton");
    m_validate = button(tr("Va&lidate"), "validateButton");
    m_breakTies = button(tr("&Break ties by listed order"), "breakTiesButton");
    m_finish = button(tr("Mar&k finished"), "finishButton");
    m_award = button(tr("&Award points..."), "awardButton");
    m_export = button(tr("E&xport for submission..."), "exportButton");
    m_import = button(tr("&Import event..."), "importButton");
    connect(m_up, &QPushButton::clicked, this, &ResultsPanel::moveUp);
    connect(m_down, &QPushButton::clicked, this, &ResultsPanel::moveDown);
    connect(m_number, &QPushButton::clicked, this, &ResultsPanel::numberInRowOrder);
    connect(m_save, &QPushButton::clicked, this, &ResultsPanel::saveStandings);
    connect(m_validate, &QPushButton::clicked, this, &ResultsPanel::validate);
    connect(m_breakTies, &QPushButton::clicked, this, &ResultsPanel::breakTies);
    connect(m_finish, &QPushButton::clicked, this, &ResultsPanel::markFinished);
    connect(m_award, &QPushButton::clicked, this, &ResultsPanel::requestAward);
    connect(m_export, &QPushButton::clicked, this, &ResultsPanel::exportRequested);
    connect(m_import, &QPushButton::clicked, this, &ResultsPanel::importRequested);

    m_defects = new QListWidget(this);
    m_defects->setObjectName(QStringLiteral("defectsList"));
    m_defects->setMaximumHeight(120);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("resultsStatus"));
    m_status->setWordWrap(true);

    auto* side = new QVBoxLayout;
    for (QPushButton* b : {m_up, m_down, m_number, m_save, m_validate, m_breakTies, m_finish, m_award})
        side->addWidget(b);
    side->addStretch();
    side->addWidget(m_export);
    side->addWidget(m_import);
    auto* top = new QHBoxLayout;
    top->addWidget(m_view, 1);
    top->addLayout(side);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addLayout(top, 1);
    layout->addWidget(new QLabel(tr("Validation:"), this));
    layout->addWidget(m_defects);

    setSession(nullptr);
}

void ResultsPanel::setSession(EventSession* session)
{
    if (m_session) {
        disconnect(m_session, nullptr, this, nullptr);
        disconnect(m_session->entrants(), nullptr, this, nullptr);
    }
    m_session = session;
    m_defects->clear();
    if (session) {
        connect(session, &EventSession::resultsChanged, this, &ResultsPanel::reload);
        connect(session, &EventSession::eventUpdated, this, &ResultsPanel::updateState);
        connect(session, &EventSession::editableChanged, this, &ResultsPanel::updateState);
        connect(session->entrants(), &EntrantListModel::countsChanged, this, &ResultsPanel::reload);
    }
    reload();
}

void ResultsPanel::reload()
{
    m_model->removeRows(0, m_model->rowCount());
    if (m_session) {
        std::vector<core::Entrant> field;
        for (const core::Entrant& entrant : m_session->entrants()->entrants()) {
            if (entrant.began())
                field.push_back(entrant);
        }
        // As listed when standings were entered (DECISIONS N4 keeps that order), else by number.
        std::stable_sort(field.begin(), field.end(), [](const core::Entrant& a, const core::Entrant& b) {
            const int la = a.listed.value_or(a.place ? *a.place * 100000 : 1 << 30);
            const int lb = b.listed.value_or(b.place ? *b.place * 100000 : 1 << 30);
            return la < lb;
        });
        int row = 0;
        for (const core::Entrant& entrant : field) {
            ++row;
            QStringList names;
            for (const core::PlayerRecord& player : entrant.players)
                names.append(player.name.isEmpty() ? player.id : tr("%1 (%2)").arg(player.name, player.id));
            auto* place = new QStandardItem;
            place->setData(entrant.place.value_or(row), Qt::EditRole);
            place->setData(entrant.number, Qt::UserRole);
            auto* unit = new QStandardItem(QString::number(entrant.number));
            unit->setEditable(false);
            auto* players = new QStandardItem(names.join(QStringLiteral(" / ")));
            players->setEditable(false);
            auto* status = new QStandardItem(EntrantListModel::statusText(entrant.status));
            status->setEditable(false);
            m_model->appendRow({place, unit, players, status});
        }
        m_view->resizeColumnsToContents();
        m_view->horizontalHeader()->setSectionResizeMode(PlayersColumn, QHeaderView::Stretch);
    }
    updateState();
}

void ResultsPanel::updateState()
{
    const bool editable = m_session && m_session->isEditable();
    for (QPushButton* b : {m_up, m_down, m_number, m_save, m_validate, m_finish, m_award})
        b->setEnabled(editable);
    m_breakTies->setEnabled(editable && m_breakTies->property("offered").toBool());
    m_export->setEnabled(m_session);
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
    if (m_session->isAwarded()) {
        if (const auto awarded = m_session->store().currentAward(event.id))
            // DECISIONS P2: an awarded event's figures are frozen.
            text += tr(" · awarded from the %1 lock: FSI %2, FDI %3 (frozen)")
                        .arg(awarded->lockMonth)
                        .arg(awarded->fsi, 0, 'f', 3)
                        .arg(awarded->fdi, 0, 'f', 3);
    }
    m_status->setText(text);
}

std::vector<core::Placing> ResultsPanel::listedStandings() const
{
    std::vector<core::Placing> listed;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QStandardItem* item = m_model->item(row, PlaceColumn);
        listed.push_back({item->data(Qt::UserRole).toInt(), item->data(Qt::EditRole).toInt()});
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
    const QVariant placeHere = m_model->item(row, PlaceColumn)->data(Qt::EditRole);
    const QVariant placeThere = m_model->item(target, PlaceColumn)->data(Qt::EditRole);
    QList<QStandardItem*> moving = m_model->takeRow(row);
    m_model->insertRow(target, moving);
    m_model->item(target, PlaceColumn)->setData(placeThere, Qt::EditRole);
    m_model->item(row, PlaceColumn)->setData(placeHere, Qt::EditRole);
    m_view->setCurrentIndex(m_model->index(target, m_view->currentIndex().column() < 0 ? 0 : PlaceColumn));
    m_view->selectRow(target);
}

void ResultsPanel::moveUp()
{
    moveRow(-1);
}

void ResultsPanel::moveDown()
{
    moveRow(1);
}

void ResultsPanel::numberInRowOrder()
{
    for (int row = 0; row < m_model->rowCount(); ++row)
        m_model->item(row, PlaceColumn)->setData(row + 1, Qt::EditRole);
}

bool ResultsPanel::saveStandings()
{
    if (!m_session)
        return false;
    const std::vector<core::Placing> listed = listedStandings();
    if (listed == m_session->store().standings(m_session->eventId()))
        return true;
    if (!m_session->setStandings(listed)) {
        Q_EMIT message(m_session->lastError());
        return false;
    }
    Q_EMIT message(tr("Standings saved"));
    return true;
}

bool ResultsPanel::validate()
{
    if (!m_session || !saveStandings())
        return false;
    const core::ResultsValidation validation = m_session->validateResults();
    m_defects->clear();
    for (const core::ResultDefect& defect : validation.defects)
        m_defects->addItem(defect.message);
    if (validation.ok())
        m_defects->addItem(tr("The results are complete: the event can be marked finished and awarded."));
    m_breakTies->setProperty("offered", validation.hasTies());
    updateState();
    return validation.ok();
}

bool ResultsPanel::breakTies()
{
    if (!m_session)
        return false;
    const bool done = m_session->breakTiesByListedOrder();
    if (!done)
        Q_EMIT message(m_session->lastError());
    m_breakTies->setProperty("offered", false);
    validate();
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

void ResultsPanel::requestAward()
{
    if (!m_session)
        return;
    auto* box = new QMessageBox(QMessageBox::Question, tr("Award points"),
                                tr("Award the Field-Weighted Points of %1?\n\nThe locked ratings, FSI, FDI "
                                   "and every award are frozen with the event; it can no longer be edited "
                                   "or undone.")
                                    .arg(m_session->event().name),
                                QMessageBox::Yes | QMessageBox::Cancel, this);
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

} // namespace flickdesk::ui

namespace flickdesk::ui {

bool ResultsPanel::eventFilter(QObject* watched, QEvent* event)
{
    // Ctrl+Up / Ctrl+Down move the current entrant while the standings have the focus.
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() == Qt::ControlModifier &&
            (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down)) {
            if (m_up->isEnabled())
                moveRow(key->key() == Qt::Key_Up ? -1 : 1);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace flickdesk::ui
