#pragma once

// The field of the selected event on its morning (through EventSession): type-ahead search over
// every player (id, name, locked rating, location, last event: names are not unique, DECISIONS
// D1), Enter adds the highlighted player; a new player inline; doubles pairing; a pasted list of
// names with near-match suggestions; check-in (Space, the checkbox column, a player id typed or
// scanned into the check-in box, or all registered at once) and withdrawal; the counts; and beside
// it the payout preview, recomputed on every check-in.

#include "core/records/playerrecords.h"
#include "core/store/storefwd.h"

#include <QDialog>
#include <QPointer>
#include <QWidget>
#include <optional>
#include <vector>

class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTableView;
class QTableWidget;

namespace flickdesk::ui {

class EventSession;
class PayoutPreviewWidget;

// The players a typed name may mean: searchPlayers results whose name, in any case, begins with it,
// contains it or is within edit distance 2 of it. Exact names first.
std::vector<core::PlayerMatch> nearMatches(core::PlayerStore& store, const QString& name);
int editDistance(const QString& a, const QString& b);

// A pasted or imported list of names, one per line: each line with the players it may mean, or a
// new player, or skip; nothing is added before the director confirms.
class NameListDialog : public QDialog {
    Q_OBJECT

public:
    struct Choice {
        QString line;
        QString playerId; // the chosen player; empty for a new player or a skipped line
        bool createNew = false;
    };

    NameListDialog(core::PlayerStore& store, QWidget* parent = nullptr);

    void setText(const QString& text);
    // Reads the file at `path` (UTF-8 text, one name per line) into the list and finds its players;
    // the problem shown, or an empty string.
    QString loadNames(const QString& path);
    // Reads the lines and proposes a player for each (an exact name, else the nearest match); a
    // line that is not a name's text, or a list longer than mostNames, is shown as the problem.
    void findPlayers();
    std::vector<Choice> choices() const;
    // The table: the line, what was found for it, and the choice (a combo box).
    enum Column { LineColumn, FoundColumn, PlayerColumn, ColumnCount };
    QTableWidget* table() const { return m_table; }
    QString problem() const;
    // What was proposed for a line: a player of exactly its name, the nearest name (a guess, marked
    // as such), or a new player.
    enum class Proposal { Exact, Guess, NewPlayer };
    Proposal proposal(int row) const;

    static constexpr int mostNames = 2000; // far above any field; each line is searched for

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void loadFile();
    void showProblem(const QString& problem);
    void markProposal(int row);
    void fitTableToRows();

    core::PlayerStore& m_store;
    QPlainTextEdit* m_text = nullptr;
    QTableWidget* m_table = nullptr;
    QPushButton* m_confirm = nullptr;
    QLabel* m_problem = nullptr;
    QStringList m_lines;
    std::vector<Proposal> m_proposals; // by row
};

class PlayerDialog;

class EntrantsPanel : public QWidget {
    Q_OBJECT

public:
    explicit EntrantsPanel(QWidget* parent = nullptr);

    // The event shown; nullptr shows nothing. The panel never owns the session.
    void setSession(EventSession* session);
    EventSession* session() const { return m_session; }

    QLineEdit* searchEdit() const { return m_search; }
    QTableView* searchResults() const { return m_results; }
    QTableView* entrantsView() const { return m_entrants; }
    QLabel* countsLabel() const { return m_counts; }
    QLineEdit* newPlayerNameEdit() const { return m_newName; }
    QLineEdit* newPlayerLocationEdit() const { return m_newLocation; }
    QPushButton* addNewPlayerButton() const { return m_addNew; }
    // Type or scan a player id, Enter: that player's entrant is checked in.
    QLineEdit* checkInEdit() const { return m_checkInBox; }
    QPushButton* checkInAllButton() const { return m_checkInAll; }
    QPushButton* withdrawButton() const { return m_withdraw; }
    // A refusal the director must see (an unknown id, a player without a partner...); hidden when
    // there is none.
    QLabel* warningLabel() const { return m_warning; }
    // The payout preview beside the entrants.
    PayoutPreviewWidget* preview() const { return m_preview; }
    QSplitter* splitter() const { return m_splitter; }

    // The player highlighted in the type-ahead list joins the field; false when none or refused.
    bool addHighlightedPlayer();
    // A new player (name, location) joins the database and the field; the new row is selected.
    bool addNewPlayer(const QString& name, const QString& location);
    // Enter on a search that matches nobody: the typed name goes to the new-player form, whose
    // Location has the focus (Enter there adds the player).
    bool offerNewPlayer();
    // The entrant whose player has this id (or scanned code) is checked in; false, with a warning,
    // for an unknown id, a player not entered or one without a partner (doubles).
    bool checkInPlayerId(const QString& text);
    // Every registered entrant checked in, one undo step: how many; nullopt when refused.
    std::optional<int> checkInAllRegistered();
    // Adds the confirmed choices of a name list; returns how many entrants were added.
    int addChoices(const std::vector<NameListDialog::Choice>& choices);
    // Check-in of the current row toggled (Space).
    bool toggleCurrentCheckIn();
    // The current entrant withdraws (DECISIONS P3: refused, with a warning, for one who never
    // checked in). The Withdraw button (Alt+W) does this from the list; from elsewhere it asks.
    bool withdrawCurrent();
    bool removeCurrent();
    // Doubles: the two selected single players become one team.
    bool pairSelected();
    // Opens the player dialog for the current entrant's player (F2, the context menu, the button);
    // on OK the edit or merge is one undoable step. nullptr when there is no current entrant.
    PlayerDialog* editCurrentPlayer();

public Q_SLOTS:
    void openNameList();
    void printPreview();
    bool savePreviewPdf(const QString& path);
    void savePreviewPdfWithDialog();

Q_SIGNALS:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateCounts();
    void clearCountMessage();
    void updateWithdraw();
    void withdrawFromButton();
    void sizeRows();
    void showWarning(const QString& text);
    void clearWarning();
    void selectUnit(int unit);
    void sizeColumns();
    int locationColumnWidth() const;
    void updatePreview();
    void updateEditable();
    void moveHighlight(int step);
    int currentUnit() const;

    QPointer<EventSession> m_session;
    QSplitter* m_splitter = nullptr;
    QLineEdit* m_search = nullptr;
    QTableView* m_results = nullptr;
    QLineEdit* m_newName = nullptr;
    QLineEdit* m_newLocation = nullptr;
    QPushButton* m_addNew = nullptr;
    QPushButton* m_nameList = nullptr;
    QLineEdit* m_checkInBox = nullptr;
    QPushButton* m_checkInAll = nullptr;
    QTableView* m_entrants = nullptr;
    QFrame* m_warningBox = nullptr;
    QLabel* m_warning = nullptr;
    QPushButton* m_withdraw = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_pair = nullptr;
    QPushButton* m_editPlayer = nullptr;
    QLabel* m_counts = nullptr;
    PayoutPreviewWidget* m_preview = nullptr;
    QPushButton* m_print = nullptr;
    QPushButton* m_pdf = nullptr;
    int m_singleRowHeight = 0;
    QString m_countMessage; // a status message stating counts, until they change
};

} // namespace flickdesk::ui
