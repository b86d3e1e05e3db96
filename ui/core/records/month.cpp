#include "core/records/month.h"

namespace flickdesk::core {

namespace {

// The value of `count` ASCII digits of `text` from `from`, or -1.
int digits(const QString& text, qsizetype from, qsizetype count)
{
    int value = 0;
    for (qsizetype k = from; k < from + count; ++k) {
        const QChar c = text.at(k);
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return -1;
        value = value * 10 + (c.unicode() - u'0');
    }
    return value;
}

} // namespace

std::optional<Month> Month::fromString(const QString& text)
{
    if (text.size() != 7 || text.at(4) != QLatin1Char('-'))
        return std::nullopt;
    const int year = digits(text, 0, 4);
    const int month = digits(text, 5, 2);
    if (year < 0 || month < 0)
        return std::nullopt;
    return of(year, month);
}

std::optional<Month> Month::ofDate(const QString& text)
{
    if (text.size() == 7)
        return fromString(text);
    if (const std::optional<engine::DayNumber> day = engine::parseIsoDate(text.toStdString()))
        return ofDay(*day);
    return std::nullopt;
}

Month Month::ofDay(engine::DayNumber day)
{
    const engine::CivilDate date = engine::toCivilDate(day);
    return Month(date.year, date.month);
}

std::optional<Month> Month::of(int year, int month)
{
    if (year < 0 || year > 9999 || month < 1 || month > 12)
        return std::nullopt;
    return Month(year, month);
}

QString Month::toString() const
{
    return QStringLiteral("%1-%2").arg(m_year, 4, 10, QLatin1Char('0')).arg(m_month, 2, 10, QLatin1Char('0'));
}

engine::DayNumber Month::firstDay() const
{
    return engine::toDayNumber({m_year, m_month, 1});
}

Month Month::next() const
{
    return m_month == 12 ? Month(m_year + 1, 1) : Month(m_year, m_month + 1);
}

Month Month::previous() const
{
    return m_month == 1 ? Month(m_year - 1, 12) : Month(m_year, m_month - 1);
}

} // namespace flickdesk::core
