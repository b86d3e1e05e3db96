#pragma once

// The Places pane of the Play tab (widgets/play/playview.h, docs/play.md "In the window"): every
// unit's place from the play with its rule in words (DECISIONS G6), the places so far while the
// day goes on and the play's once it is finished, and Use These Places, which writes them into the
// event's results as one undo step.

#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace flickdesk::ui {

class EventSession;
class PlaySession;

class PlayPlaces : public QWidget {
    Q_OBJECT
public:
    enum Column { PlaceColumn, UnitColumn, RuleColumn };

    explicit PlayPlaces(QWidget* parent = nullptr);

    // The event and its play (both null: none). The pane follows the event's results itself; the
    // play's changes come through refresh().
    void setSession(EventSession* session, PlaySession* play);
    // Shows the play's places as they are now (none before the play starts).
    void refresh();

    // Widgets, for the tests.
    QTableWidget* placesTable() const { return m_places; }
    QLabel* note() const { return m_note; }
    QPushButton* usePlacesButton() const { return m_usePlaces; }
    QLabel* messageLabel() const { return m_message; }

Q_SIGNALS:
    // A line for the window's status bar.
    void message(const QString& text);

private:
    void updateUsePlaces();
    void usePlaces();

    QPointer<EventSession> m_session;
    QPointer<PlaySession> m_play;
    QTableWidget* m_places = nullptr;
    QLabel* m_note = nullptr;
    QPushButton* m_usePlaces = nullptr;
    QLabel* m_message = nullptr;
};

} // namespace flickdesk::ui
