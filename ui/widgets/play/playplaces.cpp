#include "widgets/play/playplaces.h"

#include "models/eventday/eventsession.h"
#include "models/play/playsession.h"

#include <QBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

namespace flickdesk::ui {

namespace play = engine::play;

namespace {

QTableWidgetItem* cell(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

} // namespace

PlayPlaces::PlayPlaces(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("playPlacesPane"));
    auto* layout = new QVBoxLayout(this);
    m_note = new QLabel;
    m_note->setWordWrap(true);
    m_places = new QTableWidget(0, 3);
    m_places->setObjectName(QStringLiteral("playPlaces"));
    m_places->setHorizontalHeaderLabels({tr("Place"), tr("Player"), tr("How")});
    m_places->verticalHeader()->hide();
    m_places->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_places->horizontalHeader()->setStretchLastSection(true);
    m_usePlaces = new QPushButton(tr("Use These Places"));
    m_usePlaces->setObjectName(QStringLiteral("playUsePlaces"));
    m_usePlaces->setToolTip(tr("Writes the places of the play into the event's results (one undo step)."));
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("playPlacesMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_note);
    layout->addWidget(m_places, 1);
    layout->addWidget(m_usePlaces);
    layout->addWidget(m_message);
    connect(m_usePlaces, &QPushButton::clicked, this, &PlayPlaces::usePlaces);
    refresh();
}

void PlayPlaces::setSession(EventSession* session, PlaySession* play)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    m_play = play;
    m_message->clear();
    // The results written here, undone, or typed on the Results tab.
    if (session)
        connect(session, &EventSession::resultsChanged, this, &PlayPlaces::updateUsePlaces);
    refresh();
}

void PlayPlaces::refresh()
{
    // DECISIONS N2: in doubles a unit is a team of two.
    const QString unit =
        m_session && m_session->event().format == engine::EventFormat::Doubles ? tr("Team") : tr("Player");
    m_places->setHorizontalHeaderItem(UnitColumn, new QTableWidgetItem(unit));
    if (!m_play || !m_play->hasFormat()) {
        m_places->setRowCount(0);
        m_note->clear();
        m_usePlaces->setEnabled(false);
        return;
    }
    const play::PlayState& state = m_play->state();
    m_places->setRowCount(static_cast<int>(state.places.size()));
    for (std::size_t i = 0; i < state.places.size(); ++i) {
        const play::Place& place = state.places[i];
        const int r = static_cast<int>(i);
        m_places->setItem(r, PlaceColumn, cell(QString::number(place.place)));
        QString name = m_play->unitName(place.unit);
        if (place.withdrawn)
            name = tr("%1 (withdrew)").arg(name);
        m_places->setItem(r, UnitColumn, cell(name));
        m_places->setItem(r, RuleColumn,
                          cell(place.byHand ? tr("Set by hand: %1").arg(QString::fromStdString(place.rule))
                                            : QString::fromStdString(place.rule)));
    }
    m_places->resizeColumnToContents(PlaceColumn);
    m_note->setText(state.placesFinal ? tr("The play is finished: these are its places.")
                                      : tr("The places so far, from the standings: final once every game is "
                                           "played and every tie broken."));
    updateUsePlaces();
}

void PlayPlaces::updateUsePlaces()
{
    const bool final = m_play && m_play->state().placesFinal;
    const bool inResults = final && m_play->placesInResults();
    m_usePlaces->setEnabled(final && !inResults && m_session && m_session->isEditable());
    if (inResults)
        m_note->setText(tr("The play is finished: these are its places, and the event's results."));
}

void PlayPlaces::usePlaces()
{
    if (!m_play)
        return;
    m_message->clear();
    if (m_play->usePlaces())
        Q_EMIT message(tr("The places of the play are in the results"));
    else
        m_message->setText(m_play->lastError());
}

} // namespace flickdesk::ui
