// FlickSkill: TrueSkill Through Time as spec 000 §3 and DECISIONS N1-N7 describe it.
//
// The history becomes a chain of batches, one per date (N1). A batch holds one "skill" per player
// who played that day and the games of that day: one game of N units per event rated from its
// standings (N2), one two-unit game per head-to-head game (N3). Messages between a player's
// consecutive skills carry the drift sigma^2 + days * gamma^2. Convergence follows N5: one forward
// filtering pass, then backward and forward sweeps until the largest change of any posterior mu or
// sigma is at most epsilon, or max_iter sweeps.
//
// All storage is flat arrays indexed by integers: the same code rates 150 events or 20,000.

#include "flickdesk/engine/flickskill.h"

#include "gaussian_math.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace flickdesk::engine {

namespace {

using detail::add;
using detail::kInfinity;
using detail::Natural;
using detail::Normal;
using detail::subtract;
using detail::toNatural;
using detail::toNormal;

// Mean and variance of the product of a prior and a message, both in natural form.
struct Moments {
    double mu = 0.0;
    double variance = kInfinity;
};

inline Moments moments(const Natural& n) noexcept
{
    if (!(n.pi > 0.0))
        return {};
    const double variance = 1.0 / n.pi;
    return {n.tau * variance, variance};
}

inline Natural natural(const Moments& m) noexcept
{
    if (!(m.variance < kInfinity) || !(m.variance > 0.0))
        return {};
    const double pi = 1.0 / m.variance;
    return {m.mu * pi, pi};
}

struct ItemSlot {
    std::int32_t skill = 0; // the player's skill in this batch
    double weight = 1.0;    // share of the unit's performance (N2)
    Natural likelihood;     // this game's message to the skill
};

struct TeamSlot {
    std::uint32_t firstItem = 0;
    std::uint32_t itemCount = 0;
    int rank = 0;        // finishing order; equal ranks of neighbours are a tie
    double margin = 0.0; // draw margin towards the next team (N3; 0 for finishing standings)
    // The game's settled messages to this team's performance from the factor above (win) and
    // below (lose) it, kept for the warm start.
    Moments win;
    Moments lose;
};

struct GameSlot {
    std::uint32_t firstTeam = 0;
    std::uint32_t teamCount = 0; // teams are stored best first
    double drawProbability = 0.0;
    double logEvidence = 0.0;
};

struct SkillSlot {
    PlayerIndex player = 0;
    std::int32_t previous = -1; // the player's skill in their previous batch
    std::int32_t next = -1;     // ... and in their next batch
    double elapsed = 0.0;       // days since the previous batch
    Natural forward;
    Natural backward;
    Natural likelihood; // product of this batch's game messages
};

struct Batch {
    DayNumber date = 0;
    std::uint32_t firstSkill = 0;
    std::uint32_t skillCount = 0;
    std::uint32_t firstGame = 0;
    std::uint32_t gameCount = 0;
};

// A step compares two posteriors by their largest difference in mu or sigma (N5).
double posteriorChange(const Normal& before, const Normal& after) noexcept
{
    const double dm = std::abs(before.mu - after.mu);
    double ds = 0.0;
    if (std::isinf(before.sigma) != std::isinf(after.sigma))
        ds = kInfinity;
    else if (!std::isinf(before.sigma))
        ds = std::abs(before.sigma - after.sigma);
    return std::max(dm, ds);
}

Normal forget(const Normal& n, double gamma, double days) noexcept
{
    return {n.mu, std::sqrt(n.sigma * n.sigma + days * gamma * gamma)};
}

class FlickSkillModel {
public:
    // Only the events dated before `before` are rated (all of them by default).
    FlickSkillModel(const RatingHistory& history, const FlickSkillParameters& parameters,
                    DayNumber before = std::numeric_limits<DayNumber>::max())
        : parameters_(parameters)
        , prior_{parameters.mu0, parameters.sigma0}
        , playerCount_(history.playerIds.size())
        , before_(before)
    {
        build(history);
    }

    FlickSkillResult run(const FlickSkillRunControl& control);
    // The same run, keeping only each player's latest posterior (a monthly lock's).
    LatestPosteriors runLatest(const FlickSkillRunControl& control);

private:
    void build(const RatingHistory& history);
    void addUnit(const Unit& unit, int rank, std::vector<std::int32_t>& skillOfPlayer);

    Natural posterior(const SkillSlot& s) const noexcept { return s.forward + s.likelihood + s.backward; }
    Natural forwardMessage(std::int32_t skill) const noexcept;
    Natural backwardMessage(std::int32_t skill) const noexcept;

    // N5's schedule to its end; false when cancelled. Fills the run's iterations, last step and
    // convergence.
    bool converge(const FlickSkillRunControl& control, FlickSkillResult& result);
    void iterateBatch(const Batch& batch);
    enum class Neighbour { Earlier, Later };
    double revisitBatch(const Batch& batch, Neighbour news);
    enum class GameMode { ColdStart, WarmStart, EvidenceOnly };
    void computeGame(GameSlot& game, GameMode mode);
    void snapshotPosteriors(const Batch& batch);
    double changeSinceSnapshot(const Batch& batch) const;
    bool cancelled(const FlickSkillRunControl& control) const
    {
        return control.cancel != nullptr && control.cancel->isCancelled();
    }

    FlickSkillParameters parameters_;
    Normal prior_;
    std::size_t playerCount_ = 0;
    DayNumber before_ = std::numeric_limits<DayNumber>::max();

    std::vector<Batch> batches_;
    std::vector<SkillSlot> skills_;
    std::vector<GameSlot> games_;
    std::vector<TeamSlot> teams_;
    std::vector<ItemSlot> items_;

    // Scratch space reused by every game and batch: no allocation in the iterations.
    std::vector<Moments> withinPrior_;
    std::vector<Moments> teamPrior_;
    std::vector<Natural> teamPriorNatural_;
    std::vector<Moments> win_;
    std::vector<Moments> lose_;
    std::vector<Moments> diff_;
    std::vector<double> winSigma_;
    std::vector<double> loseSigma_;
    std::vector<Normal> snapshot_;
    GameMode gameMode_ = GameMode::ColdStart;
};

void FlickSkillModel::build(const RatingHistory& history)
{
    // One batch per date (N1), events in input order within a date.
    std::vector<std::uint32_t> order;
    order.reserve(history.events.size());
    for (std::uint32_t e = 0; e < history.events.size(); ++e) {
        if (history.events[e].date < before_)
            order.push_back(e);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return history.events[a].date < history.events[b].date;
    });

    std::vector<std::int32_t> skillOfPlayer(playerCount_, -1); // skill in the current batch
    std::vector<std::int32_t> lastSkill(playerCount_, -1);     // latest skill in earlier batches
    std::vector<DayNumber> lastDate(playerCount_, 0);
    std::size_t appearances = 0;
    std::size_t units = 0; // one team slot each
    for (const std::uint32_t e : order) {
        const Event& event = history.events[e];
        appearances += event.standings.size() * 2;
        units += event.ratedUnits();
    }
    skills_.reserve(appearances);
    items_.reserve(appearances);
    teams_.reserve(units); // grown by doubling, its discarded blocks stayed with the run's thread

    std::size_t i = 0;
    while (i < order.size()) {
        Batch batch;
        batch.date = history.events[order[i]].date;
        batch.firstSkill = static_cast<std::uint32_t>(skills_.size());
        batch.firstGame = static_cast<std::uint32_t>(games_.size());
        for (; i < order.size() && history.events[order[i]].date == batch.date; ++i) {
            const Event& event = history.events[order[i]];
            if (event.ratedFromGames()) {
                // N3: each game is a two-unit game in the event's date batch.
                for (const HeadToHeadGame& g : event.games) {
                    GameSlot slot;
                    slot.firstTeam = static_cast<std::uint32_t>(teams_.size());
                    slot.teamCount = 2;
                    slot.drawProbability = parameters_.drawProbabilityGame;
                    games_.push_back(slot);
                    const bool aFirst = g.outcome != GameOutcome::WinB;
                    const int secondRank = g.outcome == GameOutcome::Draw ? 1 : 2;
                    addUnit(aFirst ? g.a : g.b, 1, skillOfPlayer);
                    addUnit(aFirst ? g.b : g.a, secondRank, skillOfPlayer);
                }
            } else {
                // N2: the standings are one game of N units in finishing order. Teams are stored
                // best first whatever order they were listed in.
                std::vector<const Standing*> ranked;
                ranked.reserve(event.standings.size());
                for (const Standing& s : event.standings)
                    ranked.push_back(&s);
                std::stable_sort(ranked.begin(), ranked.end(),
                                 [](const Standing* a, const Standing* b) { return a->place < b->place; });
                GameSlot slot;
                slot.firstTeam = static_cast<std::uint32_t>(teams_.size());
                slot.teamCount = static_cast<std::uint32_t>(ranked.size());
                slot.drawProbability = parameters_.drawProbabilityFinish;
                games_.push_back(slot);
                for (const Standing* s : ranked)
                    addUnit(s->unit, s->place, skillOfPlayer);
            }
        }
        batch.skillCount = static_cast<std::uint32_t>(skills_.size()) - batch.firstSkill;
        batch.gameCount = static_cast<std::uint32_t>(games_.size()) - batch.firstGame;
        for (std::uint32_t s = batch.firstSkill; s < batch.firstSkill + batch.skillCount; ++s) {
            SkillSlot& skill = skills_[s];
            const std::int32_t previous = lastSkill[skill.player];
            if (previous >= 0) {
                skill.previous = previous;
                skills_[previous].next = static_cast<std::int32_t>(s);
                skill.elapsed = static_cast<double>(batch.date - lastDate[skill.player]);
            }
            lastSkill[skill.player] = static_cast<std::int32_t>(s);
            lastDate[skill.player] = batch.date;
            skillOfPlayer[skill.player] = -1;
        }
        batches_.push_back(batch);
    }

    std::size_t maxTeams = 2;
    std::size_t maxItems = 2;
    for (const GameSlot& g : games_) {
        maxTeams = std::max<std::size_t>(maxTeams, g.teamCount);
        std::size_t items = 0;
        for (std::uint32_t t = g.firstTeam; t < g.firstTeam + g.teamCount; ++t)
            items += teams_[t].itemCount;
        maxItems = std::max(maxItems, items);
    }
    withinPrior_.resize(maxItems);
    teamPrior_.resize(maxTeams);
    teamPriorNatural_.resize(maxTeams);
    win_.resize(maxTeams);
    lose_.resize(maxTeams);
    diff_.resize(maxTeams);
    winSigma_.resize(maxTeams);
    loseSigma_.resize(maxTeams);

    // Draw margins depend only on beta and the units' sizes (N3): computed once.
    const double beta2 = parameters_.beta * parameters_.beta;
    for (const GameSlot& g : games_) {
        for (std::uint32_t e = 0; e + 1 < g.teamCount; ++e) {
            TeamSlot& a = teams_[g.firstTeam + e];
            const TeamSlot& b = teams_[g.firstTeam + e + 1];
            a.margin = detail::drawMargin(g.drawProbability, std::sqrt(beta2 * (a.itemCount + b.itemCount)),
                                          parameters_.erfcMethod);
        }
    }
    std::uint32_t maxSkills = 0;
    for (const Batch& b : batches_)
        maxSkills = std::max(maxSkills, b.skillCount);
    snapshot_.resize(maxSkills);
}

void FlickSkillModel::addUnit(const Unit& unit, int rank, std::vector<std::int32_t>& skillOfPlayer)
{
    TeamSlot team;
    team.firstItem = static_cast<std::uint32_t>(items_.size());
    team.itemCount = static_cast<std::uint32_t>(unit.players.size());
    team.rank = rank;
    teams_.push_back(team);
    // N2: a doubles unit's performance is 0.5 p1 + 0.5 p2, so doubles and singles share one scale.
    const double weight = unit.players.size() == 1 ? 1.0 : parameters_.doublesWeight;
    for (PlayerIndex p : unit.players) {
        if (skillOfPlayer[p] < 0) {
            SkillSlot skill;
            skill.player = p;
            skillOfPlayer[p] = static_cast<std::int32_t>(skills_.size());
            skills_.push_back(skill);
        }
        items_.push_back({skillOfPlayer[p], weight, Natural{}});
    }
}

// The prior a skill receives from the player's previous batch, widened by the drift of the days
// between (N1); an unseen player's prior otherwise (N6).
Natural FlickSkillModel::forwardMessage(std::int32_t skill) const noexcept
{
    const SkillSlot& s = skills_[skill];
    if (s.previous < 0)
        return toNatural(prior_);
    const SkillSlot& p = skills_[s.previous];
    return toNatural(forget(toNormal(p.forward + p.likelihood), parameters_.gamma, s.elapsed));
}

// What the player's later batches say about this skill: uniform after their last batch.
Natural FlickSkillModel::backwardMessage(std::int32_t skill) const noexcept
{
    const SkillSlot& s = skills_[skill];
    if (s.next < 0)
        return {};
    const SkillSlot& n = skills_[s.next];
    return toNatural(forget(toNormal(n.likelihood + n.backward), parameters_.gamma, n.elapsed));
}

void FlickSkillModel::iterateBatch(const Batch& batch)
{
    for (std::uint32_t g = batch.firstGame; g < batch.firstGame + batch.gameCount; ++g)
        computeGame(games_[g], gameMode_);
}

// Expectation propagation in one game: teams in finishing order, a difference factor between each
// pair of neighbours, sweeps down and up the chain until the messages settle (at most
// gameMaxIterations, step <= gameEpsilon). Two teams need a single exact step.
//
// With `warmStart` the sweeps begin from the messages the game settled on last time, which reach
// the same fixed point in far fewer sweeps; without it every computation begins from uniform
// messages, as the public TrueSkill Through Time package does.
void FlickSkillModel::computeGame(GameSlot& game, GameMode mode)
{
    const std::uint32_t n = game.teamCount;
    const double beta2 = parameters_.beta * parameters_.beta;
    const bool update = mode != GameMode::EvidenceOnly;
    const bool warm = mode == GameMode::WarmStart;

    // Within-batch prior of each player: the skill's posterior without this game's own message.
    std::uint32_t k = 0;
    for (std::uint32_t e = 0; e < n; ++e) {
        const TeamSlot& team = teams_[game.firstTeam + e];
        double mu = 0.0;
        double variance = 0.0;
        for (std::uint32_t i = 0; i < team.itemCount; ++i, ++k) {
            const ItemSlot& item = items_[team.firstItem + i];
            const Moments p = moments(posterior(skills_[item.skill]) - item.likelihood);
            withinPrior_[k] = p;
            mu += item.weight * p.mu;
            variance += item.weight * item.weight * (p.variance + beta2);
        }
        teamPrior_[e] = {mu, variance};
        teamPriorNatural_[e] = natural(teamPrior_[e]);
        win_[e] = warm ? team.win : Moments{};
        lose_[e] = warm ? team.lose : Moments{};
        winSigma_[e] = std::sqrt(win_[e].variance);
        loseSigma_[e] = std::sqrt(lose_[e].variance);
    }

    double logEvidence = 0.0;
    // Difference factor e between team e (the winner side) and team e + 1: its message, from the
    // truncated difference divided by the difference's prior, in moment form.
    auto differenceMessage = [&](std::uint32_t e, const Moments& winner, const Moments& loser,
                                 bool countEvidence) -> Moments {
        const double mu = winner.mu - loser.mu;
        const double variance = winner.variance + loser.variance;
        const double sigma = std::sqrt(variance);
        const TeamSlot& team = teams_[game.firstTeam + e];
        const bool tie = team.rank == teams_[game.firstTeam + e + 1].rank;
        if (countEvidence)
            logEvidence += detail::logOutcomeProbability(mu, sigma, team.margin, tie, parameters_.erfcMethod);
        const detail::Truncation t =
            tie ? detail::truncate(mu, sigma, team.margin, true, parameters_.erfcMethod)
                : detail::truncateWinStandardised((mu - team.margin) / sigma, parameters_.erfcMethod);
        if (!(t.w > 0.0))
            return diff_[e] = Moments{};
        const double inverseW = 1.0 / t.w;
        return diff_[e] = Moments{mu + sigma * t.v * inverseW, t.oneMinusW * variance * inverseW};
    };
    // A team's performance given its prior and one message: one division, as the dependent chain
    // of divisions is what bounds the speed of a sweep.
    auto side = [&](std::uint32_t e, const Moments& message) -> Moments {
        if (!(message.variance < kInfinity))
            return teamPrior_[e];
        const Natural& prior = teamPriorNatural_[e];
        const double inverse = 1.0 / (1.0 + prior.pi * message.variance);
        return {(prior.tau * message.variance + message.mu) * inverse, message.variance * inverse};
    };
    auto winnerSide = [&](std::uint32_t e) { return side(e, lose_[e]); };
    auto loserSide = [&](std::uint32_t e) { return side(e, win_[e]); };
    // A new message replaces an old one; returns how far it moved (mu or sigma).
    auto replace = [](Moments& message, double& sigma, const Moments& next) {
        const double nextSigma = std::sqrt(next.variance);
        double change = std::abs(next.mu - message.mu);
        if (std::isinf(nextSigma) != std::isinf(sigma))
            change = kInfinity;
        else if (!std::isinf(sigma))
            change = std::max(change, std::abs(nextSigma - sigma));
        message = next;
        sigma = nextSigma;
        return change;
    };

    auto downward = [&](std::uint32_t e, bool evidence) {
        const Moments winner = winnerSide(e);
        const Moments d = differenceMessage(e, winner, loserSide(e + 1), evidence);
        return replace(lose_[e + 1], loseSigma_[e + 1], {winner.mu - d.mu, winner.variance + d.variance});
    };
    auto upward = [&](std::uint32_t e, bool evidence) {
        const Moments loser = loserSide(e + 1);
        const Moments d = differenceMessage(e, winnerSide(e), loser, evidence);
        return replace(win_[e], winSigma_[e], {loser.mu + d.mu, loser.variance + d.variance});
    };

    if (n > 2 && warm) {
        // Warm sweeps pass messages down and up the chain at once: two independent chains of
        // dependent divisions that the processor overlaps. Same fixed point, half the latency.
        double step = kInfinity;
        for (int iteration = 0;
             step > parameters_.gameEpsilon && iteration < parameters_.warmGameMaxIterations; ++iteration) {
            step = 0.0;
            for (std::uint32_t k = 0; k + 2 < n; ++k) {
                const double down = downward(k, false);
                const double up = upward(n - 2 - k, false);
                step = std::max(step, std::max(down, up));
            }
        }
    } else if (n > 2) {
        // The reference's schedule: down the chain, then up; the evidence is taken in the first
        // sweep from uniform messages.
        const int sweeps = mode == GameMode::EvidenceOnly ? 1 : parameters_.gameMaxIterations;
        double step = kInfinity;
        for (int iteration = 0; step > parameters_.gameEpsilon && iteration < sweeps; ++iteration) {
            step = 0.0;
            const bool evidence = iteration == 0;
            for (std::uint32_t e = 0; e + 2 < n; ++e)
                step = std::max(step, downward(e, evidence));
            if (!update) {
                differenceMessage(n - 2, winnerSide(n - 2), loserSide(n - 1), evidence);
                break;
            }
            for (std::uint32_t e = n - 2; e >= 1; --e)
                step = std::max(step, upward(e, evidence && e == n - 2));
        }
    }
    if (n == 2)
        differenceMessage(0, winnerSide(0), loserSide(1), !warm);
    if (!warm)
        game.logEvidence = logEvidence;
    if (!update || n < 2)
        return;

    {
        // The outer messages of the chain, from the first and the last difference factor's latest
        // messages (the first was last computed in the downward sweep).
        const Moments loser = loserSide(1);
        win_[0] = {loser.mu + diff_[0].mu, loser.variance + diff_[0].variance};
        const Moments winner = winnerSide(n - 2);
        lose_[n - 1] = {winner.mu - diff_[n - 2].mu, winner.variance + diff_[n - 2].variance};
    }

    // Each player's message: the team's message less the partners' part, scaled back by the weight.
    k = 0;
    for (std::uint32_t e = 0; e < n; ++e) {
        TeamSlot& team = teams_[game.firstTeam + e];
        team.win = win_[e];
        team.lose = lose_[e];
        const Moments message = moments(natural(win_[e]) + natural(lose_[e]));
        const Moments& perf = teamPrior_[e];
        for (std::uint32_t i = 0; i < team.itemCount; ++i, ++k) {
            ItemSlot& item = items_[team.firstItem + i];
            const Moments& p = withinPrior_[k];
            Natural likelihood;
            if (message.variance < kInfinity) {
                const double w = item.weight;
                const double othersMu = perf.mu - w * p.mu;
                const double othersVariance = std::max(0.0, perf.variance - w * w * p.variance);
                likelihood =
                    natural({(message.mu - othersMu) / w, (message.variance + othersVariance) / (w * w)});
            }
            SkillSlot& skill = skills_[item.skill];
            skill.likelihood = skill.likelihood - item.likelihood + likelihood;
            item.likelihood = likelihood;
        }
    }
}

// One step of a sweep: takes the news from the player's neighbouring batch on one side (N5:
// backward sweeps bring the later batches' messages, forward sweeps the earlier ones'), recomputes
// the batch's games and returns the largest change of a posterior in it.
double FlickSkillModel::revisitBatch(const Batch& batch, Neighbour news)
{
    snapshotPosteriors(batch);
    for (std::uint32_t s = batch.firstSkill; s < batch.firstSkill + batch.skillCount; ++s) {
        const auto skill = static_cast<std::int32_t>(s);
        if (news == Neighbour::Later)
            skills_[s].backward = backwardMessage(skill);
        else
            skills_[s].forward = forwardMessage(skill);
    }
    iterateBatch(batch);
    return changeSinceSnapshot(batch);
}

void FlickSkillModel::snapshotPosteriors(const Batch& batch)
{
    for (std::uint32_t s = 0; s < batch.skillCount; ++s)
        snapshot_[s] = toNormal(posterior(skills_[batch.firstSkill + s]));
}

double FlickSkillModel::changeSinceSnapshot(const Batch& batch) const
{
    double step = 0.0;
    for (std::uint32_t s = 0; s < batch.skillCount; ++s)
        step =
            std::max(step, posteriorChange(snapshot_[s], toNormal(posterior(skills_[batch.firstSkill + s]))));
    return step;
}

FlickSkillResult FlickSkillModel::run(const FlickSkillRunControl& control)
{
    FlickSkillResult result;
    if (!converge(control, result))
        return result;
    result.curves.resize(playerCount_);
    for (const Batch& batch : batches_) {
        for (std::uint32_t s = batch.firstSkill; s < batch.firstSkill + batch.skillCount; ++s) {
            const SkillSlot& skill = skills_[s];
            const Normal p = toNormal(posterior(skill));
            result.curves[skill.player].push_back({batch.date, p.mu, p.sigma});
        }
    }
    for (GameSlot& g : games_) {
        if (gameMode_ == GameMode::WarmStart)
            computeGame(g, GameMode::EvidenceOnly);
        result.logEvidence += g.logEvidence;
    }
    return result;
}

LatestPosteriors FlickSkillModel::runLatest(const FlickSkillRunControl& control)
{
    LatestPosteriors latest;
    FlickSkillResult run;
    latest.cancelled = !converge(control, run);
    latest.iterations = run.iterations;
    latest.converged = run.converged;
    if (latest.cancelled)
        return latest;
    // N6: each player's skill in their latest batch (batches ascend by date), as the last point of
    // their curve in run().
    std::vector<std::int32_t> latestSkill(playerCount_, -1);
    for (std::uint32_t s = 0; s < skills_.size(); ++s)
        latestSkill[skills_[s].player] = static_cast<std::int32_t>(s);
    const auto rated = static_cast<std::size_t>(
        std::count_if(latestSkill.begin(), latestSkill.end(), [](std::int32_t s) { return s >= 0; }));
    latest.players.reserve(rated);
    latest.posteriors.reserve(rated);
    for (std::size_t p = 0; p < playerCount_; ++p) {
        if (latestSkill[p] < 0)
            continue;
        const Normal n = toNormal(posterior(skills_[static_cast<std::size_t>(latestSkill[p])]));
        latest.players.push_back(static_cast<PlayerIndex>(p));
        latest.posteriors.push_back({n.mu, n.sigma});
    }
    return latest;
}

bool FlickSkillModel::converge(const FlickSkillRunControl& control, FlickSkillResult& result)
{
    auto report = [&](int iteration, double step) {
        if (control.onProgress)
            control.onProgress({iteration, parameters_.maxIterations, step});
    };

    // N5: one forward filtering pass in date order.
    for (const Batch& batch : batches_) {
        if (cancelled(control)) {
            result.cancelled = true;
            return false;
        }
        for (std::uint32_t s = batch.firstSkill; s < batch.firstSkill + batch.skillCount; ++s)
            skills_[s].forward = forwardMessage(static_cast<std::int32_t>(s));
        iterateBatch(batch);
    }
    report(0, kInfinity);

    // N5: backward then forward sweeps until the step is at most epsilon, or max_iter sweeps.
    if (parameters_.warmStartGames)
        gameMode_ = GameMode::WarmStart;
    double step = kInfinity;
    int iteration = 0;
    const std::size_t last = batches_.size();
    while (step > parameters_.epsilon && iteration < parameters_.maxIterations) {
        step = 0.0;
        for (std::size_t j = last; j-- > 1;) {
            if (cancelled(control)) {
                result.cancelled = true;
                return false;
            }
            step = std::max(step, revisitBatch(batches_[j - 1], Neighbour::Later));
        }
        for (std::size_t j = 1; j < last; ++j) {
            if (cancelled(control)) {
                result.cancelled = true;
                return false;
            }
            step = std::max(step, revisitBatch(batches_[j], Neighbour::Earlier));
        }
        if (last == 1) {
            // N5: a history of one batch iterates within that batch instead.
            const Batch& batch = batches_.front();
            snapshotPosteriors(batch);
            const std::vector<Normal> start(snapshot_.begin(), snapshot_.begin() + batch.skillCount);
            double inner = kInfinity;
            for (int i = 0; inner > parameters_.batchEpsilon && i < parameters_.batchMaxIterations; ++i) {
                snapshotPosteriors(batch);
                iterateBatch(batch);
                inner = changeSinceSnapshot(batch);
            }
            std::copy(start.begin(), start.end(), snapshot_.begin());
            step = std::max(step, changeSinceSnapshot(batch));
        }
        ++iteration;
        report(iteration, step);
    }

    result.iterations = iteration;
    result.lastStep = batches_.empty() ? 0.0 : step;
    result.converged = batches_.empty() || step <= parameters_.epsilon;
    return true;
}

} // namespace

Gaussian FlickSkillResult::rating(PlayerIndex player, const FlickSkillParameters& parameters) const
{
    if (player < 0 || static_cast<std::size_t>(player) >= curves.size() || curves[player].empty())
        return {parameters.mu0, parameters.sigma0};
    const LearningCurvePoint& latest = curves[player].back();
    return {latest.mu, latest.sigma};
}

std::vector<std::string> parameterProblems(const FlickSkillParameters& p)
{
    using L = ParameterLimits;
    std::vector<std::string> problems;
    auto check = [&](const char* name, double value, double lowest, double highest) {
        if (std::isfinite(value) && value >= lowest && value <= highest)
            return;
        std::ostringstream text;
        text << name << ' ' << value << " is outside " << lowest << " to " << highest;
        problems.push_back(text.str());
    };
    check("mu", p.mu0, -L::muMagnitude, L::muMagnitude);
    check("sigma", p.sigma0, L::sigmaLowest, L::sigmaHighest);
    check("beta", p.beta, L::sigmaLowest, L::sigmaHighest);
    check("gamma", p.gamma, 0.0, L::gammaHighest);
    check("epsilon", p.epsilon, std::numeric_limits<double>::min(), std::numeric_limits<double>::max());
    check("max_iter", p.maxIterations, 0, L::iterationsHighest);
    check("p_draw", p.drawProbabilityFinish, 0.0, L::drawHighest);
    check("p_draw_game", p.drawProbabilityGame, 0.0, L::drawHighest);
    check("doubles_weight", p.doublesWeight, L::weightLowest, 1.0);
    return problems;
}

namespace {

std::vector<std::string> ratingProblemsBefore(const RatingHistory& history,
                                              const FlickSkillParameters& parameters, DayNumber before)
{
    std::vector<std::string> problems = parameterProblems(parameters);
    if (!(parameters.drawProbabilityGame > 0.0)) {
        // N3: with a game draw probability of 0 a drawn game cannot be rated.
        for (const Event& e : history.events) {
            if (e.date >= before)
                continue;
            const bool drawn = std::any_of(e.games.begin(), e.games.end(), [](const HeadToHeadGame& g) {
                return g.outcome == GameOutcome::Draw;
            });
            if (drawn)
                problems.push_back("event " + e.id + " has a drawn game, but p_draw_game is 0");
        }
    }
    return problems;
}

void requireRatableDefects(const std::vector<Defect>& defects)
{
    if (defects.empty())
        return;
    std::string message = "the history cannot be rated:";
    for (const Defect& d : defects) {
        message.push_back('\n');
        message.append(describe(d));
    }
    throw std::invalid_argument(message);
}

void requireUsable(const std::vector<std::string>& problems)
{
    if (problems.empty())
        return;
    std::string message = "the parameters cannot be used:";
    for (const std::string& problem : problems)
        message.append("\n").append(problem);
    throw std::invalid_argument(message);
}

} // namespace

std::vector<std::string> ratingProblems(const RatingHistory& history, const FlickSkillParameters& parameters)
{
    return ratingProblemsBefore(history, parameters, std::numeric_limits<DayNumber>::max());
}

void requireRatable(const RatingHistory& history)
{
    requireRatableDefects(validateHistory(history));
}

FlickSkillResult rateHistory(const RatingHistory& history, const FlickSkillParameters& parameters,
                             const FlickSkillRunControl& control)
{
    requireRatable(history);
    requireUsable(ratingProblems(history, parameters));
    FlickSkillModel model(history, parameters);
    return model.run(control);
}

namespace {

// The model of the events dated before `before`, once they and the parameters are checked.
FlickSkillModel checkedModelBefore(const RatingHistory& history, DayNumber before,
                                   const FlickSkillParameters& parameters)
{
    requireRatableDefects(validateHistoryBefore(history, before));
    requireUsable(ratingProblemsBefore(history, parameters, before));
    return FlickSkillModel(history, parameters, before);
}

} // namespace

FlickSkillResult rateHistoryBefore(const RatingHistory& history, DayNumber before,
                                   const FlickSkillParameters& parameters,
                                   const FlickSkillRunControl& control)
{
    return checkedModelBefore(history, before, parameters).run(control);
}

LatestPosteriors latestPosteriorsBefore(const RatingHistory& history, DayNumber before,
                                        const FlickSkillParameters& parameters,
                                        const FlickSkillRunControl& control)
{
    return checkedModelBefore(history, before, parameters).runLatest(control);
}

} // namespace flickdesk::engine
