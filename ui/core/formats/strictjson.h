#pragma once

// What QJsonDocument lets through but a file FlickDesk trusts must not hold: a key given twice in one
// object (QJsonDocument keeps the last), a string with invisible or control characters (Qt 6.4 even
// drops a U+FEFF inside a string, so "\ufeff746" would read as "746"), a lone surrogate escape,
// bytes that are not UTF-8, nesting beyond any FlickDesk file, and strings, arrays and objects
// beyond the limits below. A pass of its own over the bytes, before QJsonDocument reads them.

#include <QByteArray>
#include <QString>
#include <vector>

namespace flickdesk::core {

struct StrictJsonLimits {
    int deepest = 32;              // nesting of objects and arrays
    qsizetype longestString = 200; // characters (code points) of any key or string
    qsizetype mostItems = 100'000; // of any array
    qsizetype mostKeys = 1'000;    // of any object
};

struct StrictJsonProblem {
    int line = 0; // 1-based
    QString path; // content.field[3].place; empty for the document itself
    QString message;
};

// Every problem of the document (at most `mostProblems`), in the order of the text. A leading UTF-8
// byte order mark is accepted (QJsonDocument accepts it too). Text that is not JSON at all is
// reported where it stops being JSON; QJsonDocument's own message is usually the better one, so
// callers let QJsonDocument read the bytes first.
std::vector<StrictJsonProblem> checkStrictJson(const QByteArray& bytes, const StrictJsonLimits& limits = {},
                                               std::size_t mostProblems = 50);

} // namespace flickdesk::core
