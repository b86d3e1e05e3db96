#pragma once

// The CSV writing shared by every table FlickDesk writes (flickdesk-cli's outputs, the rating
// systems' tables, the event exchange files, the window's rating list): one RFC 4180 field, and the
// order of players by id. csvtable.h is the reading side.

#include <QByteArray>
#include <QByteArrayView>
#include <QStringView>
#include <algorithm>
#include <string_view>

namespace flickdesk::core::csv {

// Quoted when a reader would not read the field back as it is: a comma, a quote or a line break in
// it (RFC 4180), or a space or tab at either end, which the readers trim from unquoted fields
// (csvtable.h). Quoting more than RFC 4180 requires still reads back the same.
inline bool needsQuotes(QByteArrayView field)
{
    const auto special = [](char c) { return c == ',' || c == '"' || c == '\r' || c == '\n'; };
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    return std::any_of(field.begin(), field.end(), special) ||
           (!field.isEmpty() && (blank(field.front()) || blank(field.back())));
}

// Appends one field, UTF-8, quoted as needsQuotes() says, a quote inside written "".
inline void appendField(QByteArray& out, QByteArrayView field)
{
    if (!needsQuotes(field)) {
        out.append(field);
        return;
    }
    out.append('"');
    for (const char c : field) {
        if (c == '"')
            out.append('"');
        out.append(c);
    }
    out.append('"');
}

namespace detail {

// One rule for both kinds of id: std::string_view (UTF-8) and QStringView (UTF-16) have the shape
// it needs.
template <typename IdView> bool isWholeNumber(IdView id)
{
    return !id.empty() && std::all_of(id.begin(), id.end(), [](auto c) { return c >= u'0' && c <= u'9'; });
}

template <typename IdView> bool playerIdLess(IdView a, IdView b)
{
    const bool aNumber = isWholeNumber(a);
    const bool bNumber = isWholeNumber(b);
    if (aNumber != bNumber)
        return aNumber;
    if (aNumber) {
        const auto withoutLeadingZeros = [](IdView digits) {
            decltype(digits.size()) zeros = 0;
            while (zeros < digits.size() && digits[zeros] == u'0')
                ++zeros;
            return IdView(digits.data() + zeros, digits.size() - zeros);
        };
        const IdView x = withoutLeadingZeros(a);
        const IdView y = withoutLeadingZeros(b);
        if (x.size() != y.size())
            return x.size() < y.size();
        if (x != y)
            return x < y;
    }
    return a < b;
}

} // namespace detail

// The order of player ids in every table ordered by id: ids that are whole numbers first, in
// numeric order (leading zeros ignored, then the ids themselves break ties), then the others in
// string order. Comparing mixed pairs as strings would not be a consistent order.
inline bool playerIdLess(std::string_view a, std::string_view b)
{
    return detail::playerIdLess(a, b);
}

// The same order for the window's ids (string order by UTF-16 code units, as QString compares).
inline bool playerIdLess(QStringView a, QStringView b)
{
    return detail::playerIdLess(a, b);
}

} // namespace flickdesk::core::csv
