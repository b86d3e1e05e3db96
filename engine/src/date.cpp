// Calendar dates as day numbers. DECISIONS N1: the unit of time of FlickSkill is the day.
// The conversions are Howard Hinnant's days_from_civil / civil_from_days
// (https://howardhinnant.github.io/date_algorithms.html), exact for the proleptic Gregorian calendar.
#include "flickdesk/engine/date.h"

#include <cstdio>

namespace flickdesk::engine {
namespace {

constexpr bool isLeapYear(long long year) noexcept
{
    return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

constexpr int daysInMonth(long long year, int month) noexcept
{
    constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeapYear(year) ? 29 : days[month - 1];
}

constexpr bool isDigit(char c) noexcept
{
    return c >= '0' && c <= '9';
}

// The value of `count` decimal digits at `text[first]`; the caller has checked that they are digits.
constexpr int digitsValue(std::string_view text, std::size_t first, std::size_t count) noexcept
{
    int value = 0;
    for (std::size_t i = first; i < first + count; ++i)
        value = value * 10 + (text[i] - '0');
    return value;
}

} // namespace

DayNumber toDayNumber(const CivilDate& date) noexcept
{
    const long long year = static_cast<long long>(date.year) - (date.month <= 2 ? 1 : 0);
    const long long era = (year >= 0 ? year : year - 399) / 400;
    const long long yearOfEra = year - era * 400;                                      // [0, 399]
    const long long monthFromMarch = date.month > 2 ? date.month - 3 : date.month + 9; // [0, 11]
    const long long dayOfYear = (153 * monthFromMarch + 2) / 5 + date.day - 1;         // [0, 365]
    const long long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return static_cast<DayNumber>(era * 146097 + dayOfEra - 719468);
}

CivilDate toCivilDate(DayNumber days) noexcept
{
    const long long z = static_cast<long long>(days) + 719468;
    const long long era = (z >= 0 ? z : z - 146096) / 146097;
    const long long dayOfEra = z - era * 146097; // [0, 146096]
    const long long yearOfEra =
        (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;              // [0, 399]
    const long long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100); // [0, 365]
    const long long monthFromMarch = (5 * dayOfYear + 2) / 153;                                 // [0, 11]
    CivilDate date;
    date.day = static_cast<int>(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1);
    date.month = static_cast<int>(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9);
    date.year = static_cast<int>(yearOfEra + era * 400 + (date.month <= 2 ? 1 : 0));
    return date;
}

std::optional<DayNumber> parseIsoDate(std::string_view text) noexcept
{
    if (text.size() != 10 || text[4] != '-' || text[7] != '-')
        return std::nullopt;
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
        if (!isDigit(text[i]))
            return std::nullopt;
    }
    CivilDate date;
    date.year = digitsValue(text, 0, 4);
    date.month = digitsValue(text, 5, 2);
    date.day = digitsValue(text, 8, 2);
    if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month))
        return std::nullopt;
    return toDayNumber(date);
}

std::string formatIsoDate(DayNumber days)
{
    const CivilDate date = toCivilDate(days);
    char buffer[32];
    const int length =
        std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", date.year, date.month, date.day);
    return std::string(buffer, length > 0 ? static_cast<std::size_t>(length) : 0);
}

DayNumber firstOfMonth(DayNumber days) noexcept
{
    CivilDate date = toCivilDate(days);
    date.day = 1;
    return toDayNumber(date);
}

} // namespace flickdesk::engine
