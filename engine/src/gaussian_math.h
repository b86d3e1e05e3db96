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

// log P(d > margin) or log P(|d| <= margin) for d ~ N(mu, sigma): the evidence of one comparison.
double logOutcomeProbability(double mu, double sigma, double margin, bool tie, ErfcMethod method) noexcept;

// log of the standard normal CDF, finite far into the lower tail.
double logNormalCdf(double t, ErfcMethod method) noexcept;

// The complementary error function by the chosen method.
double erfc(double x, ErfcMethod method) noexcept;

inline constexpr double kSqrt2 = 1.4142135623730951;
inline constexpr double kSqrt2Pi = 2.5066282746310002; // sqrt(2 pi)

// Below this standardised difference the direct formulas lose precision (the normal CDF
// underflows near -37.5); asymptotic series take over (relative error below 1e-10 there).
inline constexpr double kTailSwitch = -30.0;

// The smallest variance ratio we let a truncation produce: a message stays finite however
// extreme the upset (DECISIONS N7).
inline constexpr double kMinimumVarianceRatio = 1e-30;

inline double normalPdf(double t) noexcept
{
    return std::exp(-0.5 * t * t) / kSqrt2Pi;
}

inline double normalCdf(double t, ErfcMethod method) noexcept
{
    return 0.5 * erfc(-t / kSqrt2, method);
}

inline double clampUnit(double x) noexcept
{
    return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0;
}

inline double clampVarianceRatio(double ratio) noexcept
{
    if (!(ratio > kMinimumVarianceRatio))
        return kMinimumVarianceRatio;
    return ratio < 1.0 ? ratio : 1.0;
}

// erfc(z) = t exp(-z^2 + P(t)) with t = 1 / (1 + z / 2), for z >= 0.
inline double chebyshevPolynomial(double t) noexcept
{
    // Estrin's scheme: the same degree-9 polynomial as Horner's rule (equal to rounding), with a
    // dependency depth of four instead of nine, as it lies on the critical path of every sweep.
    const double t2 = t * t;
    const double t4 = t2 * t2;
    const double p01 = -1.26551223 + 1.00002368 * t;
    const double p23 = 0.37409196 + 0.09678418 * t;
    const double p45 = -0.18628806 + 0.27886807 * t;
    const double p67 = -1.13520398 + 1.48851587 * t;
    const double p89 = -0.82215223 + 0.17087277 * t;
    return (p01 + p23 * t2) + (p45 + p67 * t2) * t4 + p89 * (t4 * t4);
}

// The win truncation of a standardised difference t = (mu - margin) / sigma: the hot path of
// FlickSkill, inline and with as few exponentials and divisions as the method allows.
inline Truncation truncateWinStandardised(double t, ErfcMethod method) noexcept
{
    if (t >= kTailSwitch) {
        double v = 0.0;
        if (method == ErfcMethod::ChebyshevFit && t <= 0.0) {
            // Phi(t) = erfc(z) / 2 with z = -t / sqrt 2 >= 0, and the fit's exp(-z^2) cancels
            // against phi(t): v = phi(t) / Phi(t) = 2 / (sqrt(2 pi) tau exp(poly)). One exponential.
            const double z = -t / kSqrt2;
            const double inverseTau = 1.0 + 0.5 * z;
            v = (2.0 / kSqrt2Pi) * std::exp(-chebyshevPolynomial(1.0 / inverseTau)) * inverseTau;
        } else {
            v = normalPdf(t) / normalCdf(t, method);
        }
        const double w = clampUnit(v * (v + t));
        return {v, w, clampVarianceRatio(1.0 - w)};
    }
    // Far upset: series in x = -t of v = phi(x) / (1 - Phi(x)) and of the truncated variance.
    const double x = -t;
    const double x2 = x * x;
    const double inv = 1.0 / x;
    const double inv2 = 1.0 / x2;
    const double v = x + inv * (1.0 - inv2 * (2.0 - inv2 * (10.0 - inv2 * (74.0 - inv2 * 706.0))));
    const double variance = inv2 * (1.0 - inv2 * (6.0 - inv2 * (50.0 - inv2 * (518.0 - inv2 * 6354.0))));
    const double oneMinusW = clampVarianceRatio(variance);
    return {v, 1.0 - oneMinusW, oneMinusW};
}

// Standard normal quantile (Acklam's rational approximation refined by one Halley step against
// the normal CDF of the chosen method, so that the quantile inverts that CDF).
double normalQuantile(double p, ErfcMethod method) noexcept;

// The draw margin that gives draw probability pDraw for a difference with standard deviation sd.
double drawMargin(double pDraw, double sd, ErfcMethod method) noexcept;

} // namespace flickdesk::engine::detail
