#include "core/records/identifiers.h"

#include "core/translation.h"

#include <QChar>
#include <QCoreApplication>
#include <QStringDecoder>
#include <optional>

namespace flickdesk::core {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::Identifiers)

bool isIdCharacter(char32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

bool isDigit(char32_t c)
{
    return c >= '0' && c <= '9';
}

// The code points of `text`; a lone surrogate stands for itself.
template <typename Visit> void forEachCodePoint(QStringView text, Visit visit)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        char32_t code = c.unicode();
        if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            code = QChar::surrogateToUcs4(c, text[i + 1]);
            ++i;
        }
        if (!visit(code))
            return;
    }
}

QString codePoint(char32_t c)
{
    return QStringLiteral("U+%1").arg(static_cast<uint>(c), 4, 16, QLatin1Char('0')).toUpper();
}

bool isInvisible(char32_t c)
{
    return isForbiddenInText(c) || (c > 0x7F && QChar::category(c) == QChar::Separator_Space);
}

// UTF-8 text as it is: unlike QString::fromUtf8, keeps a U+FEFF at the start. Null when the text is
// not UTF-8.
std::optional<QString> fromUtf8(std::string_view text)
{
    QStringDecoder decoder(QStringDecoder::Utf8,
                           QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    QString decoded = decoder.decode(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())));
    if (decoder.hasError())
        return std::nullopt;
    return decoded;
}

} // namespace

bool isForbiddenInText(char32_t c)
{
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
        return true; // control characters, tab and line breaks included
    if (c == 0x2028 || c == 0x2029 || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF)
        return true;
    if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE)
        return true; // noncharacters
    if (c == 0x200C || c == 0x200D)
        return false; // the joiners, which names in some scripts need
    const QChar::Category category = QChar::category(c);
    return category == QChar::Other_Format || category == QChar::Other_PrivateUse;
}

QString forbiddenCharacterProblem(char32_t c)
{
    if (c == '\t')
        return tr("contains a tab");
    if (c == '\n' || c == '\r')
        return tr("contains a line break");
    if (c == 0)
        return tr("contains a null character U+0000");
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
        return tr("contains a control character %1").arg(codePoint(c));
    if (c >= 0xD800 && c <= 0xDFFF)
        return tr("contains half of a UTF-16 surrogate pair, %1, without its other half").arg(codePoint(c));
    return tr("contains an invisible character %1").arg(codePoint(c));
}

bool isValidId(QStringView id)
{
    if (id.isEmpty() || id.size() > idLongest)
        return false;
    bool digitsOnly = true;
    for (const QChar c : id) {
        if (!isIdCharacter(c.unicode()))
            return false;
        digitsOnly = digitsOnly && isDigit(c.unicode());
    }
    if (!isDigit(id.front().unicode()) && !id.front().isLetter())
        return false;
    return !(digitsOnly && id.size() > 1 && id.front() == u'0');
}

bool isValidId(std::string_view id)
{
    if (id.empty() || id.size() > static_cast<std::size_t>(idLongest))
        return false;
    bool digitsOnly = true;
    for (const char c : id) {
        if (!isIdCharacter(static_cast<unsigned char>(c)))
            return false;
        digitsOnly = digitsOnly && isDigit(static_cast<unsigned char>(c));
    }
    if (id.front() == '-' || id.front() == '_')
        return false;
    return !(digitsOnly && id.size() > 1 && id.front() == '0');
}

QString idProblem(QStringView id)
{
    if (isValidId(id))
        return {};
    if (id.isEmpty())
        return tr("is empty");
    // The first character that no id may hold.
    QString problem;
    qsizetype length = 0;
    forEachCodePoint(id, [&](char32_t c) {
        const bool first = length == 0;
        length += c > 0xFFFF ? 2 : 1;
        const bool last = length == id.size();
        if (isIdCharacter(c))
            return true;
        if (c == ' ')
            problem = first  ? tr("has a space at its start")
                      : last ? tr("has a space at its end")
                             : tr("contains a space");
        else if (isInvisible(c))
            problem = forbiddenCharacterProblem(c);
        else if (c == '\'' || c == '"')
            problem = tr("contains a quote");
        else if (c > 0x7F)
            problem = tr("contains the character '%1' (%2); an id has only ASCII letters, digits, - and _")
                          .arg(QString::fromUcs4(&c, 1), codePoint(c));
        else
            problem = tr("contains the character '%1'; an id has only letters, digits, - and _")
                          .arg(QChar(static_cast<char16_t>(c)));
        return false;
    });
    if (!problem.isEmpty())
        return problem;
    if (id.size() > idLongest)
        return tr("is %1 characters long; at most %2").arg(id.size()).arg(idLongest);
    if (id.front() == u'-' || id.front() == u'_')
        return tr("begins with '%1'; an id begins with a letter or a digit").arg(id.front());
    return tr("begins with 0; a number has no leading zero");
}

std::string idProblem(std::string_view id)
{
    if (isValidId(id))
        return {};
    const std::optional<QString> text = fromUtf8(id);
    if (!text)
        return tr("is not valid UTF-8 text").toStdString();
    return idProblem(*text).toStdString();
}

QString printableId(QStringView id)
{
    constexpr qsizetype longest = 40;
    QString text;
    qsizetype count = 0;
    forEachCodePoint(id, [&](char32_t c) {
        if (count++ == longest) {
            text += QStringLiteral("...");
            return false;
        }
        if (isInvisible(c))
            text += u'<' + codePoint(c) + u'>';
        else
            text += QString::fromUcs4(&c, 1);
        return true;
    });
    return text;
}

std::string printableId(std::string_view id)
{
    const std::optional<QString> text = fromUtf8(id);
    return text ? printableId(*text).toStdString()
                : printableId(QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()))).toStdString();
}

QString textProblem(QStringView text)
{
    const QList<uint> points = text.toUcs4();
    if (points.size() > textLongest)
        return tr("is %1 characters long; at most %2").arg(points.size()).arg(textLongest);
    for (const uint c : points) {
        if (isForbiddenInText(static_cast<char32_t>(c)))
            return forbiddenCharacterProblem(static_cast<char32_t>(c));
    }
    return {};
}

} // namespace flickdesk::core
