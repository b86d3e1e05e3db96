#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace flickdesk::engine {

// A calendar date as a count of days since 1970-01-01 (proleptic Gregorian).
// DECISIONS N1: the unit of time of FlickSkill is the day.
using DayNumber = int;

struct CivilDate {
    int year = 1970;
    int month = 1; // 1..12
    int day = 1;   // 1..31
    friend bool operator==(const CivilDate&, const CivilDate&) = default;
};

DayNumber toDayNumber(const CivilDate& date) noexcept;
CivilDate toCivilDate(DayNumber days) noexcept;

// Strict ISO form YYYY-MM-DD; nullopt for anything else, including impossible dates (2023-02-30).
std::optional<DayNumber> parseIsoDate(std::string_view text) noexcept;
std::string formatIsoDate(DayNumber days);

// The first day of the month that contains `days`.
DayNumber firstOfMonth(DayNumber days) noexcept;

} // namespace flickdesk::engine
