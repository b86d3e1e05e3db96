#pragma once

// A player's page: the learning curve (mu with a band of +- sigma over time, the events marked),
// and every event they played with place, points, rating before and after, and a line that says
// what the result meant, e.g. "finished 3rd of 48 against a field averaging 1.234: expected about
// 9th".
//
// Rating before an event: the rating its points were (or would be) computed from (DECISIONS P1):
// the frozen ratings of an awarded event (P2), otherwise the stored monthly lock of the event's
// month (Store::lockRatings; written by a recompute or an imported rating list). Only where no
// lock is stored does the page fall back to the run's curve: the posterior at the player's latest
// batch before the event; the "Before" column says which basis a row has.
// Rating after an event: the run's posterior at the event's date (the learning curve's point).
//
// Expected place, with the FlickSkill performance model (spec 000 §3, DECISIONS N1, N2): a
// player's performance is skill + noise, skill ~ N(mu, sigma^2 + d * gamma^2) where d is the days
// since the player's latest event before the rating was taken (the drift of N1), noise ~ N(0,
// beta^2). A singles unit performs as its player; a doubles unit as w * p1 + w * p2 (w = doubles
// weight, 0.5). Performances are independent, so P(unit j finishes above unit i) =
// Phi((m_j - m_i) / sqrt(v_i + v_j)) exactly, and since place = 1 + the number of units above,
// E[place of i] = 1 + sum over j != i of P(j above i). "Expected about" rounds it to a whole place.
// The field average is the mean rating before the event of the other players in the field.

#include "core/store/storefwd.h"
#include "flickdesk/engine/flickskill.h"
#include "models/ratings/playereventsmodel.h"
#include "models/ratings/recomputejob.h"

#include <QAbstractTableModel>
#include <QDate>
#include <QHash>
#include <QSet>
#include <QWidget>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <vector>

class QLabel;
class QPushButton;
class QTableView;

namespace flickdesk::ui {

class CurveChart;
class PlayerDialog;

// A unit's performance in the FlickSkill model: a normal distribution.
struct Performance {
    double mean = 0.0;
    double variance = 0.0;
};

// The performance of a unit whose players' ratings before the event are `players` (their sigma
// already widened by drift): one player, or two doubles partners weighted parameters.doublesWeight.
Performance unitPerformance(std::span<const engine::Gaussian> players,
                            const engine::FlickSkillParameters& parameters);

// 1 + sum over j != unit of P(performance j > performance unit) (see the top of this file).
double expectedPlace(std::size_t unit, std::span<const Performance> field);

// "1st", "2nd", "3rd", "4th", "11th", "21st", ...
QString ordinal(int number);

// Where the page gets the ratings before an event: nothing when neither an award nor a lock is
// stored for it (the page then uses the run).
using FieldRatingsSource =
    std::function<std::optional<FieldRatingsBefore>(const QString& eventId, const QString& month)>;

// The rows of one player's events, newest first. Empty for a player the run does not know.
std::vector<PlayerEventRow> playerEventRows(const RatingRun& run, const QString& playerId,
                                            const FieldRatingsSource& source = {});

class PlayerPage : public QWidget {
    Q_OBJECT

public:
    // Shows nobody until setPlayer(); computes the ratings of the stored history in the background
    // unless a run is given first (setRatingRun).
    explicit PlayerPage(core::Store& store, QWidget* parent = nullptr);
    ~PlayerPage() override;

    QString playerId() const { return m_playerId; }
    RatingRunPtr ratingRun() const { return m_run; }
    PlayerEventsModel* model() const { return m_model; }
    CurveChart* chart() const { return m_chart; }
    QLabel* header() const { return m_header; }
    // Says, when the run is older than the stored history, what it is from before (checkHistory).
    QLabel* staleNote() const { return m_staleNote; }
    bool isStale() const { return m_staleness.stale; }
    QPushButton* editButton() const { return m_edit; }
    // Opens the player dialog for the player shown; on OK the edit is written at once (the
    // Ratings tab has no undo). nullptr when no player is shown or the database is read-only.
    PlayerDialog* editPlayer();

public Q_SLOTS:
    void setPlayer(const QString& playerId);
    void setRatingRun(flickdesk::ui::RatingRunPtr run);
    // Recomputes the ratings of the stored history (ratings only, in the background) and rereads
    // the stored locks and awards.
    void refresh();
    // Compares the run's history with the store's (historyStaleness): a page older than the history
    // (the event just awarded missing) says so above the player, never shows itself as current.
    void checkHistory();

Q_SIGNALS:
    void ratingRunChanged();
    void pageChanged(); // the rows and the chart show the current player and run
    // "Recompute now" in the page's out-of-date note: whoever gives the page its run recomputes it
    // (the ratings list beside it); with nobody listening the page recomputes its own.
    void recomputeRequested();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    void updateStaleNote();
    std::optional<FieldRatingsBefore> storedRatingsBefore(const QString& eventId, const QString& month);

    core::Store& m_store;
    QString m_playerId;
    RatingRunPtr m_run;
    HistoryStaleness m_staleness;
    RecomputeJobHandle m_job; // let go without waiting for it
    // Read from the store once per run: the locks by month and the awards by event.
    std::map<QString, std::optional<QHash<QString, engine::Gaussian>>> m_lockCache;
    PlayerEventsModel* m_model = nullptr;
    CurveChart* m_chart = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_staleNote = nullptr;
    QTableView* m_table = nullptr;
    QPushButton* m_edit = nullptr;
};

} // namespace flickdesk::ui
