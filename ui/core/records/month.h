#pragma once

// A calendar month, the unit of a lock (DECISIONS P1: an event is paid from the lock of its month)
// and of an NCA rating list. Its text form is "YYYY-MM", everywhere: the command line's --month,
// the ratings list import, the store's lock rows and award records, the event exchange file and the
// window. Parsing happens here only, with one refusal: a text that is not a month gives no Month.

#include "flickdesk/engine/date.h"

#include <QString>
#include <compare>
#include <optional>

namespace flickdesk::core {

class Month {
public:
    // January 1970 (the engine's day 0); a value to assign over, never a month anyone asked for.
    Month() = default;

    // "YYYY-MM" strictly (four digits, a dash, 01..12); nothing else, no spaces.
    static std::optional<Month> fromString(const QString& text);
    // The month of a date "YYYY-MM-DD" (a real date: 2023-02-30 is refused), or a month "YYYY-MM":
    // what an event's date or a month a director typed names.
    static std::optional<Month> ofDate(const QString& text);
    // The month that contains `day`.
    static Month ofDay(engine::DayNumber day);
    // year 0..9999, month 1..12.
    static std::optional<Month> of(int year, int month);

    int year() const { return m_year; }
    int month() const { return m_month; } // 1..12
    QString toString() const;             // YYYY-MM
    engine::DayNumber firstDay() const;   // the 1st of the month, as the engine counts days

    Month next() const;
    Month previous() const;

    friend auto operator<=>(const Month&, const Month&) = default;

private:
    Month(int year, int month)
        : m_year(year)
        , m_month(month)
    {
    }

    int m_year = 1970;
    int m_month = 1;
};

} // namespace flickdesk::core
