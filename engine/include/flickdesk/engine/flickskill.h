#pragma once

#include "flickdesk/engine/history.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace flickdesk::engine {

// How the normal tail probabilities inside FlickSkill are evaluated.
enum class ErfcMethod {
    // The Chebyshev fit of erfc (Numerical Recipes' erfcc, relative error below 1.2e-7) that the
    // public TrueSkill Through Time package uses: ratings agree with the NCA's published ones to
    // the printed digits (see tests/data/reference/README.md).
    ChebyshevFit,
    // The C library's erfc, exact to the last bits; differs from the above by up to about 1e-6.
    Exact,
};

// FlickSkill engine parameters with the values of spec 000 §3.1 (DECISIONS N1-N6).
struct FlickSkillParameters {
    double mu0 = 0.0;                   // prior mean of an unseen player
    double sigma0 = 1.667;              // prior standard deviation of an unseen player
    double beta = 1.0;                  // performance noise
    double gamma = 0.015;               // skill drift per day (N1)
    double epsilon = 1e-3;              // convergence tolerance on any posterior mu or sigma (N5)
    int maxIterations = 50;             // backward/forward sweeps at most (N5)
    double drawProbabilityFinish = 0.0; // finishing standings never tie (N2)
    double drawProbabilityGame = 0.10;  // head-to-head games can end level (N3)
    double doublesWeight = 0.5;         // each partner's share of the team performance (N2)
    // Expectation propagation inside one game of three or more units.
    double gameEpsilon = 1e-6;
    int gameMaxIterations = 10;
    // Begin each game's expectation propagation from the messages it settled on in the previous
    // sweep: the same fixed point in a fraction of the work. Off, every game begins from uniform
    // messages as the public TrueSkill Through Time package does (the results differ by less than
    // gameEpsilon's effect, about 1e-7).
    bool warmStartGames = true;
    // Sweeps per visit of a warm-started game: its messages go on settling on every later visit,
    // so the fixed point is the same, and the schedule's results stay within 1e-6 of the cold ones.
    int warmGameMaxIterations = 3;
    // A history of a single date iterates within that batch (N5).
    double batchEpsilon = 1e-6;
    int batchMaxIterations = 20;
    ErfcMethod erfcMethod = ErfcMethod::ChebyshevFit;
};

// The ranges FlickSkill accepts for its parameters (inclusive). Beyond them squares and precisions
// leave the range of a double, and DECISIONS N7 (no NaN or infinity, whatever the input) could not
// hold; no crokinole rating needs values near them.
struct ParameterLimits {
    static constexpr double muMagnitude = 100.0; // |mu0|
    static constexpr double sigmaLowest = 0.01;  // sigma0 and beta
    static constexpr double sigmaHighest = 100.0;
    static constexpr double gammaHighest = 10.0;     // drift per day, from 0
    static constexpr double drawHighest = 0.999;     // draw probabilities, from 0
    static constexpr double weightLowest = 0.01;     // doubles weight, up to 1
    static constexpr int iterationsHighest = 100000; // max_iter, from 0
};

// Every parameter outside its range, in words ("beta 0.001 is outside 0.01 to 100"); empty when all
// are usable.
std::vector<std::string> parameterProblems(const FlickSkillParameters& parameters);

struct Gaussian {
    double mu = 0.0;
    double sigma = 0.0;
};

// Progress of a long computation, reported after the forward pass and after every iteration.
struct FlickSkillProgress {
    int iteration = 0; // 0 = the first forward pass
    int maxIterations = 0;
    double step = 0.0; // largest change of any posterior in the last iteration
};

// Cooperative cancellation: set from any thread, polled by the engine between batches.
class CancelToken {
public:
    void cancel() noexcept { cancelled_.store(true, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return cancelled_.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> cancelled_{false};
};

struct FlickSkillRunControl {
    std::function<void(const FlickSkillProgress&)> onProgress;
    const CancelToken* cancel = nullptr;
};

struct LearningCurvePoint {
    DayNumber date = 0;
    double mu = 0.0;
    double sigma = 0.0;
};

struct FlickSkillResult {
    // Indexed like RatingHistory::playerIds; empty for a player who never played.
    std::vector<std::vector<LearningCurvePoint>> curves;
    int iterations = 0;       // backward/forward sweeps done (N5)
    double lastStep = 0.0;    // the last sweep's step
    bool converged = false;   // lastStep <= epsilon
    bool cancelled = false;   // stopped by the cancel token: the curves are not a result
    double logEvidence = 0.0; // sum of the log probability of every game's outcome

    // DECISIONS N6: the posterior at the player's latest batch; the prior for an unseen player.
    Gaussian rating(PlayerIndex player, const FlickSkillParameters& parameters) const;
};

// Everything that stops these parameters rating this history, beyond the history's own defects:
// parameterProblems, and a drawn game when p_draw_game is 0 (N3). Empty when it can be rated.
std::vector<std::string> ratingProblems(const RatingHistory& history, const FlickSkillParameters& parameters);

// Throws std::invalid_argument listing every defect of validateHistory, if there is any.
void requireRatable(const RatingHistory& history);

// Rates a history with TrueSkill Through Time. The history must be valid (see validateHistory) and
// the parameters within their limits; otherwise std::invalid_argument lists every problem.
FlickSkillResult rateHistory(const RatingHistory& history, const FlickSkillParameters& parameters = {},
                             const FlickSkillRunControl& control = {});

// The same run over only the events dated before `before` (a monthly lock's, DECISIONS P1), without
// copying them: exactly what rateHistory gives for a history that holds just those events. The
// defects and problems that refuse it are those of those events only.
FlickSkillResult rateHistoryBefore(const RatingHistory& history, DayNumber before,
                                   const FlickSkillParameters& parameters = {},
                                   const FlickSkillRunControl& control = {});

// Every player's latest posterior (N6) from that same run: what a monthly lock keeps, without the
// curves (at a million finishes, a quarter of a million small allocations per lock, which the
// run's thread then kept). The players rated before `before`, ascending, and their posteriors,
// exactly the last points of rateHistoryBefore's curves.
struct LatestPosteriors {
    std::vector<PlayerIndex> players;
    std::vector<Gaussian> posteriors; // parallel to `players`
    int iterations = 0;
    bool converged = false;
    bool cancelled = false; // stopped by the cancel token: not a result
};
LatestPosteriors latestPosteriorsBefore(const RatingHistory& history, DayNumber before,
                                        const FlickSkillParameters& parameters = {},
                                        const FlickSkillRunControl& control = {});

} // namespace flickdesk::engine
