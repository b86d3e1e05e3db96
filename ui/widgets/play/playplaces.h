#pragma once

// The Places pane of the Play tab (widgets/play/playview.h, docs/play.md "In the window"): every
// unit's place from the play with its rule in words (DECISIONS G6) and the points that place pays
// in this field now (the payout preview's table, the award's one path), the places so far while the
// day goes on and the play's once it is finished. A unit that withdraws during play keeps its place
// and its remaining games become walkovers (G7); a place can be set by hand with its reason (G6);
// each is one undo step. Use These Places writes the places into the event's results, and with
// "Rate from the games" the day's games too, so that the event is rated from its games (G8, N3).

#include "flickdesk/engine/playday.h"

#include <QDialog>
#include <QFont>
#include <QHash>
#include <QPointer>
#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace flickdesk::ui {

class EventSession;
class PlaySession;

// A list of the play whose last column is a reason in words (the standings' Why, the places' How),
// read whole at 1280x800: the figures take their width, the name at most what leaves the reason two
// fifths of the list (a long name wraps between its words, never cut within one), the reason the
// rest, each row as high as its wrapped text needs. Followed on every resize of the list; fit()
// after the rows change.
class ReasonColumns : public QObject {
    Q_OBJECT
public:
    ReasonColumns(QTableWidget* table, int nameColumn, int reasonColumn);
    void fit();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Measured once per text (and per width for a wrapped height): a score changes a few rows of a
    // list of hundreds, and fit() follows every change.
    int advance(const QString& text);
    int longestWord(const QString& text);
    int wrappedHeight(const QString& text, int width, bool reason);

    QTableWidget* m_table;
    int m_name;
    int m_reason;
    QFont m_measuredFont;
    QHash<QString, int> m_advances;
    QHash<QString, int> m_longestWords;
    int m_nameWidth = -1;
    int m_reasonWidth = -1;
    QHash<QString, int> m_nameHeights;
    QHash<QString, int> m_reasonHeights;
    bool m_pending = false; // changed while out of sight: fitted when shown
};

// From which round a unit withdraws (DECISIONS G7): the rounds still to come, the current first.
class WithdrawDialog : public QDialog {
    Q_OBJECT
public:
    WithdrawDialog(const QString& question,
                   const std::vector<std::pair<engine::play::Withdrawal, QString>>& rounds, int current,
                   QWidget* parent);
    engine::play::Withdrawal withdrawal() const;
    QComboBox* roundBox() const { return m_rounds; }
    QLabel* problemLabel() const { return m_problem; }
    void showProblem(const QString& text);

Q_SIGNALS:
    // OK pressed: the pane tries the withdrawal, and closes the dialog when it is stored.
    void submitted();

private:
    std::vector<engine::play::Withdrawal> m_choices;
    QComboBox* m_rounds = nullptr;
    QLabel* m_problem = nullptr;
};

// A place set by hand with its reason (DECISIONS G6).
class HandPlaceDialog : public QDialog {
    Q_OBJECT
public:
    HandPlaceDialog(const QString& question, int place, int places, const QString& reason, QWidget* parent);
    int place() const;
    QString reason() const;
    QSpinBox* placeBox() const { return m_place; }
    QLineEdit* reasonEdit() const { return m_reason; }
    QLabel* problemLabel() const { return m_problem; }
    void showProblem(const QString& text);

Q_SIGNALS:
    void submitted();

private:
    QSpinBox* m_place = nullptr;
    QLineEdit* m_reason = nullptr;
    QLabel* m_problem = nullptr;
};

class PlayPlaces : public QWidget {
    Q_OBJECT
public:
    enum Column { PlaceColumn, UnitColumn, PointsColumn, RuleColumn };

    explicit PlayPlaces(QWidget* parent = nullptr);

    // The event and its play (both null: none). The pane follows the event's results and payout
    // itself; the play's changes come through refresh().
    void setSession(EventSession* session, PlaySession* play);
    // Shows the play's places as they are now (none before the play starts): the list's items are
    // reused, only the texts a change touched set again.
    void refresh();
    // The unit of the selected row.
    std::optional<engine::play::UnitId> selectedUnit() const;

    // Widgets, for the tests.
    QTableWidget* placesTable() const { return m_places; }
    QLabel* note() const { return m_note; }
    QPushButton* usePlacesButton() const { return m_usePlaces; }
    QCheckBox* rateFromGamesBox() const { return m_rateFromGames; }
    QLabel* ratedFromLabel() const { return m_ratedFrom; }
    QPushButton* withdrawButton() const { return m_withdraw; }
    QPushButton* takeBackButton() const { return m_takeBack; }
    QPushButton* handPlaceButton() const { return m_handPlace; }
    QPushButton* clearHandPlaceButton() const { return m_clearHandPlace; }
    QLabel* messageLabel() const { return m_message; }
    WithdrawDialog* withdrawDialog() const { return m_withdrawDialog; }
    HandPlaceDialog* handPlaceDialog() const { return m_handPlaceDialog; }

Q_SIGNALS:
    // A line for the window's status bar.
    void message(const QString& text);

private:
    void showRows();
    void showPoints();
    void updateButtons();
    void updateUsePlaces();
    void usePlaces();
    void askWithdrawal();
    void takeBackWithdrawal();
    void askHandPlace();
    void clearHandPlace();
    // The session's refusal under the pane (nothing was changed).
    void refused();

    QPointer<EventSession> m_session;
    QPointer<PlaySession> m_play;
    QTableWidget* m_places = nullptr;
    ReasonColumns* m_columns = nullptr;
    QLabel* m_note = nullptr;
    QPushButton* m_withdraw = nullptr;
    QPushButton* m_takeBack = nullptr;
    QPushButton* m_handPlace = nullptr;
    QPushButton* m_clearHandPlace = nullptr;
    QPushButton* m_usePlaces = nullptr;
    QCheckBox* m_rateFromGames = nullptr;
    QLabel* m_ratedFrom = nullptr;
    QLabel* m_message = nullptr;
    QPointer<WithdrawDialog> m_withdrawDialog;
    QPointer<HandPlaceDialog> m_handPlaceDialog;
};

} // namespace flickdesk::ui
