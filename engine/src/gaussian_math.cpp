#include "gaussian_math.h"

#include <algorithm>
#include <numbers>

namespace flickdesk::engine::detail {

namespace {

constexpr double kLogSqrt2Pi = 0.91893853320467274;
constexpr double kSqrtPiOver2 = 1.2533141373155003; // sqrt(pi / 2)

// Chebyshev fit of erfc with relative error below 1.2e-7 everywhere (Numerical Recipes, erfcc).
double chebyshevErfc(double x) noexcept
{
    const double z = std::abs(x);
    const double t = 1.0 / (1.0 + 0.5 * z);
    const double r = t * std::exp(-z * z + chebyshevPolynomial(t));
    return x < 0.0 ? 2.0 - r : r;
}

// exp(z^2) * erfc(z) for z >= 0, without overflow or underflow.
double scaledErfc(double z) noexcept
{
    if (z < 26.0)
        return std::exp(z * z) * std::erfc(z);
    const double z2 = z * z;
    const double series = 1.0 - 1.0 / (2.0 * z2) + 3.0 / (4.0 * z2 * z2) - 15.0 / (8.0 * z2 * z2 * z2) +
                          105.0 / (16.0 * z2 * z2 * z2 * z2);
    return series / (z * std::sqrt(std::numbers::pi));
}

// Mills ratio (1 - Phi(x)) / phi(x) for x >= 0.
double millsRatio(double x) noexcept
{
    return kSqrtPiOver2 * scaledErfc(x / kSqrt2);
}

struct IntervalMoments {
    double mean = 0.0;
    double variance = 1.0;
};

// Mean and variance of a standard normal truncated to [a, b] with 0 <= a < b: scaled by phi(a) so
// that intervals far in the tail keep their precision.
IntervalMoments upperTailInterval(double a, double b) noexcept
{
    const double ratio = std::isinf(b) ? 0.0 : std::exp(-0.5 * (b - a) * (b + a)); // phi(b) / phi(a)
    const double millsB = std::isinf(b) ? 0.0 : millsRatio(b);
    const double mass = millsRatio(a) - ratio * millsB; // (Phi(b) - Phi(a)) / phi(a)
    const double bTerm = std::isinf(b) ? 0.0 : b * ratio;
    const double mean = (1.0 - ratio) / mass;
    const double u = (a - bTerm) / mass;
    return {mean, 1.0 + u - mean * mean};
}

// A draw window is narrow when the normal density is nearly linear across it: differences of CDFs
// would lose every digit there (the erfc fit's error alone is 1.2e-7), while the expansion below is
// accurate to about the square of this bound. Wider windows, or narrow ones far in a tail (where the
// Mills-ratio forms keep their precision), take the exact forms.
constexpr double kNarrowWindow = 1e-3;

bool isNarrow(double a, double b) noexcept
{
    const double w = b - a;
    return w < kNarrowWindow && std::abs(0.5 * (a + b)) * w < kNarrowWindow;
}

// A window [m - h, m + h] of width w = 2h: the density's second-order expansion around m.
IntervalMoments narrowInterval(double a, double b) noexcept
{
    const double m = 0.5 * (a + b);
    const double w = b - a;
    return {m - m * w * w / 12.0, w * w / 12.0};
}

double logNarrowMass(double a, double b) noexcept
{
    const double m = 0.5 * (a + b);
    const double w = b - a;
    return std::log(w) - 0.5 * m * m - kLogSqrt2Pi + std::log1p((m * m - 1.0) * w * w / 24.0);
}

IntervalMoments interval(double a, double b, ErfcMethod method) noexcept
{
    if (!(b > a))
        return {a, 0.0};
    if (isNarrow(a, b))
        return narrowInterval(a, b);
    if (a >= 0.0)
        return upperTailInterval(a, b);
    if (b <= 0.0) {
        const IntervalMoments mirrored = upperTailInterval(-b, -a);
        return {-mirrored.mean, mirrored.variance};
    }
    const double mass = 1.0 - normalCdf(a, method) - 0.5 * erfc(b / kSqrt2, method);
    const double pa = normalPdf(a);
    const double pb = normalPdf(b);
    const double mean = (pa - pb) / mass;
    const double u = (a * pa - b * pb) / mass;
    return {mean, 1.0 + u - mean * mean};
}

} // namespace

Truncation truncate(double mu, double sigma, double margin, bool tie, ErfcMethod method) noexcept
{
    if (!(sigma > 0.0) || !std::isfinite(sigma))
        return {};
    if (tie) {
        const IntervalMoments m = interval((-margin - mu) / sigma, (margin - mu) / sigma, method);
        // In units of sigma around mu: the truncated mean is mu + sigma * v.
        const double oneMinusW = clampVarianceRatio(m.variance);
        return {m.mean, 1.0 - oneMinusW, oneMinusW};
    }
    return truncateWinStandardised((mu - margin) / sigma, method);
}

double erfc(double x, ErfcMethod method) noexcept
{
    return method == ErfcMethod::Exact ? std::erfc(x) : chebyshevErfc(x);
}

double logNormalCdf(double t, ErfcMethod method) noexcept
{
    if (t >= kTailSwitch)
        return std::log(normalCdf(t, method));
    const double x = -t;
    return -0.5 * x * x - kLogSqrt2Pi + std::log(millsRatio(x));
}

double logOutcomeProbability(double mu, double sigma, double margin, bool tie, ErfcMethod method) noexcept
{
    if (!(sigma > 0.0) || !std::isfinite(sigma))
        return 0.0;
    if (!tie)
        return logNormalCdf((mu - margin) / sigma, method);
    double a = (-margin - mu) / sigma;
    double b = (margin - mu) / sigma;
    if (!(b > a))
        return -std::numeric_limits<double>::max();
    if (isNarrow(a, b))
        return logNarrowMass(a, b);
    if (b <= 0.0) {
        const double mirroredA = -b;
        b = -a;
        a = mirroredA;
    }
    if (a >= 0.0) {
        const double ratio = std::exp(-0.5 * (b - a) * (b + a));
        const double mass = millsRatio(a) - ratio * millsRatio(b);
        return -0.5 * a * a - kLogSqrt2Pi + std::log(std::max(mass, std::numeric_limits<double>::min()));
    }
    return std::log(1.0 - normalCdf(a, method) - 0.5 * erfc(b / kSqrt2, method));
}

double normalQuantile(double p, ErfcMethod method) noexcept
{
    if (p <= 0.0)
        return -kInfinity;
    if (p >= 1.0)
        return kInfinity;
    // Peter Acklam's rational approximation (relative error 1.15e-9) ...
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    constexpr double low = 0.02425;
    double x = 0.0;
    if (p < low) {
        const double q = std::sqrt(-2.0 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    } else if (p <= 1.0 - low) {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
    } else {
        const double q = std::sqrt(-2.0 * std::log1p(-p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    }
    // ... refined to full double precision by one Halley step.
    const double e = normalCdf(x, method) - p;
    const double u = e * kSqrt2Pi * std::exp(0.5 * x * x);
    return x - u / (1.0 + 0.5 * x * u);
}

double drawMargin(double pDraw, double sd, ErfcMethod method) noexcept
{
    if (!(pDraw > 0.0))
        return 0.0;
    // For a tiny draw probability 0.5 - p/2 rounds towards 0.5 and the quantile would carry the
    // CDF's own error; to first order the margin is sd * p * sqrt(pi / 2), exact to O(p^2).
    if (pDraw < 1e-6)
        return sd * pDraw * kSqrtPiOver2;
    return std::abs(sd * normalQuantile(0.5 - 0.5 * pDraw, method));
}

} // namespace flickdesk::engine::detail
