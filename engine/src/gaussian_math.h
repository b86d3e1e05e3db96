#pragma once

// Gaussian messages and truncated-normal moments for FlickSkill (TrueSkill Through Time).
// Internal to the engine; tests include it to check the numerics directly.

#include "flickdesk/engine/flickskill.h"

#include <cmath>
#include <limits>

namespace flickdesk::engine::detail {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A Gaussian in moment form. sigma = +inf is the uniform (uninformative) message.
struct Normal {
    double mu = 0.0;
    double sigma = kInfinity;
};

// A Gaussian in natural form: tau = mu / sigma^2, pi = 1 / sigma^2. pi = 0 is uniform.
// Products and quotients of messages are sums and differences here.
struct Natural {
    double tau = 0.0;
    double pi = 0.0;

    Natural& operator+=(const Natural& o) noexcept
    {
        tau += o.tau;
        pi += o.pi;
        return *this;
    }
    Natural& operator-=(const Natural& o) noexcept
    {
        tau -= o.tau;
        pi -= o.pi;
        return *this;
    }
    friend Natural operator+(Natural a, const Natural& b) noexcept { return a += b; }
    friend Natural operator-(Natural a, const Natural& b) noexcept { return a -= b; }
};

inline Natural toNatural(const Normal& n) noexcept
{
    if (!(n.sigma < kInfinity))
        return {};
    const double pi = 1.0 / (n.sigma * n.sigma);
    return {n.mu * pi, pi};
}

// A non-positive precision is uniform: an improper message must never become NaN (DECISIONS N7).
inline Normal toNormal(const Natural& n) noexcept
{
    if (!(n.pi > 0.0) || !std::isfinite(n.tau))
        return {};
    return {n.tau / n.pi, std::sqrt(1.0 / n.pi)};
}

// Distribution of the sum and difference of independent variables.
inline Normal add(const Normal& a, const Normal& b) noexcept
{
    return {a.mu + b.mu, std::sqrt(a.sigma * a.sigma + b.sigma * b.sigma)};
}
inline Normal subtract(const Normal& a, const Normal& b) noexcept
{
    return {a.mu - b.mu, std::sqrt(a.sigma * a.sigma + b.sigma * b.sigma)};
}

// Moments of a standard normal truncated by a game outcome, as TrueSkill's v and w functions:
// the truncated distribution has mean mu + sigma * v and standard deviation sigma * sqrt(oneMinusW).
struct Truncation {
    double v = 0.0;
    double w = 0.0;         // the relative reduction of the variance, in [0, 1)
    double oneMinusW = 1.0; // computed on its own: 1 - w loses precision when w is close to 1
};

// Win: the difference d ~ N(mu, sigma) is truncated to d > margin.
// Tie: d is truncated to |d| <= margin.
// Robust for any finite input, including upsets of hundreds of standard deviations (DECISIONS N7).
Truncation truncate(double mu, double sigma, double margin, bool tie, ErfcMethod method) noexcept;

// The win truncation of a standardised difference t = (mu - margin) / sigma: the hot path of
// FlickSkill, inline and with as few exponentials and divisions as the method allows.
Truncation truncateWinStandardised(double t, ErfcMethod method) noexcept;

// log P(d > margin) or log P(|d| <= margin) for d ~ N(mu, sigma): the evidence of one comparison.
double logOutcomeProbability(double mu, double sigma, double margin, bool tie, ErfcMethod method) noexcept;

// log of the standard normal CDF, finite far into the lower tail.
double logNormalCdf(double t, ErfcMethod method) noexcept;

// The complementary error function by the chosen method.
double erfc(double x, ErfcMethod method) noexcept;

// Standard normal quantile (Acklam's rational approximation refined by one Halley step against
// the normal CDF of the chosen method, so that the quantile inverts that CDF).
double normalQuantile(double p, ErfcMethod method) noexcept;

// The draw margin that gives draw probability pDraw for a difference with standard deviation sd.
double drawMargin(double pDraw, double sd, ErfcMethod method) noexcept;

} // namespace flickdesk::engine::detail
