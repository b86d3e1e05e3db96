#include "core/systems/systems.h"

#include "core/formats/csvwriting.h"

namespace flickdesk::core {

SystemResult runSystem(SystemKind kind, const SystemInput& input)
{
    switch (kind) {
    case SystemKind::Acf:
        return runAcfSystem(input);
    case SystemKind::Kings:
    case SystemKind::KingsHeadToHead:
    case SystemKind::KingsGroup:
        return runKingsSystem(input, kind);
    case SystemKind::Squares:
        return runSquaresSystem(input);
    }
    return {};
}

QStringList systemPlayerColumns(SystemKind kind)
{
    switch (kind) {
    case SystemKind::Acf:
        return acfPlayerColumns();
    case SystemKind::Kings:
    case SystemKind::KingsHeadToHead:
    case SystemKind::KingsGroup:
        return kingsPlayerColumns();
    case SystemKind::Squares:
        return squaresPlayerColumns();
    }
    return {};
}

QStringList systemGameColumns(SystemKind kind)
{
    switch (kind) {
    case SystemKind::Acf:
        return acfGameColumns();
    case SystemKind::Kings:
    case SystemKind::KingsHeadToHead:
    case SystemKind::KingsGroup:
        return kingsGameColumns();
    case SystemKind::Squares:
        return squaresGameColumns();
    }
    return {};
}

QString systemTitle(SystemKind kind)
{
    switch (kind) {
    case SystemKind::Acf:
        return QStringLiteral("ACF checkers");
    case SystemKind::Kings:
        return QStringLiteral("Kings Cribbage");
    case SystemKind::KingsHeadToHead:
        return QStringLiteral("Kings Cribbage head-to-head");
    case SystemKind::KingsGroup:
        return QStringLiteral("Kings Cribbage group");
    case SystemKind::Squares:
        return QStringLiteral("Diplomacy Squares");
    }
    return {};
}

QString systemKey(SystemKind kind)
{
    switch (kind) {
    case SystemKind::Acf:
        return QStringLiteral("acf");
    case SystemKind::Kings:
        return QStringLiteral("kc");
    case SystemKind::KingsHeadToHead:
        return QStringLiteral("kc-h2h");
    case SystemKind::KingsGroup:
        return QStringLiteral("kc-group");
    case SystemKind::Squares:
        return QStringLiteral("squares");
    }
    return {};
}

bool systemFromKey(const QString& key, SystemKind& kind)
{
    for (const SystemKind candidate : {SystemKind::Acf, SystemKind::Kings, SystemKind::KingsHeadToHead,
                                       SystemKind::KingsGroup, SystemKind::Squares}) {
        if (systemKey(candidate) == key) {
            kind = candidate;
            return true;
        }
    }
    return false;
}

namespace {

void appendCsvRow(QByteArray& text, const QStringList& fields)
{
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            text.append(',');
        csv::appendField(text, fields[i].toUtf8());
    }
    text.append('\n');
}

} // namespace

QByteArray tableToCsv(const SystemTable& table)
{
    QByteArray text;
    appendCsvRow(text, table.columns);
    for (const QStringList& row : table.rows)
        appendCsvRow(text, row);
    return text;
}

} // namespace flickdesk::core
