#include "core/formats/strictjson.h"

#include "core/records/identifiers.h"
#include "core/translation.h"

#include <QCoreApplication>
#include <set>

namespace flickdesk::core {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::StrictJson)

// Unlike QString::fromUcs4, keeps a U+FEFF.
void appendCodePoint(QString& text, char32_t c)
{
    if (c > 0xFFFF) {
        text.append(QChar(QChar::highSurrogate(c)));
        text.append(QChar(QChar::lowSurrogate(c)));
    } else {
        text.append(QChar(static_cast<char16_t>(c)));
    }
}

struct Frame {
    bool object = false;
    qsizetype items = 0; // members or elements read so far
    QString key;         // the member being read
    std::set<QString> keys;
};

class Scanner {
public:
    Scanner(const QByteArray& bytes, const StrictJsonLimits& limits, std::size_t mostProblems)
        : text_(bytes)
        , limits_(limits)
        , mostProblems_(mostProblems)
    {
    }

    std::vector<StrictJsonProblem> run()
    {
        if (text_.startsWith("\xEF\xBB\xBF"))
            pos_ = 3;
        scan();
        return std::move(problems_);
    }

private:
    bool full() const { return problems_.size() >= mostProblems_; }

    void problem(const QString& message) { problem(path(stack_.size()), message); }
    void problem(const QString& at, const QString& message)
    {
        if (!full())
            problems_.push_back({line_, at, message});
    }

    // The path of the value being read: every open object's key, every open array's index.
    QString path(std::size_t frames) const
    {
        QString text;
        for (std::size_t i = 0; i < frames; ++i) {
            const Frame& frame = stack_[i];
            if (frame.object)
                text += (text.isEmpty() ? QString() : QStringLiteral(".")) + printableId(frame.key);
            else
                text += QStringLiteral("[%1]").arg(frame.items);
        }
        return text;
    }

    bool atEnd() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }

    void skipSpace()
    {
        while (!atEnd()) {
            const char c = peek();
            if (c == '\n')
                ++line_;
            else if (c != ' ' && c != '\t' && c != '\r')
                return;
            ++pos_;
        }
    }

    void notJson() { problem(tr("not valid JSON here")); }

    // One strict UTF-8 sequence at pos_ (the lead byte is 0x80 or above); -1 when malformed.
    char32_t readUtf8()
    {
        const auto byte = [this](qsizetype at) { return static_cast<unsigned char>(text_[at]); };
        const unsigned char lead = byte(pos_);
        int length = 0;
        char32_t code = 0;
        unsigned char low = 0x80;
        unsigned char high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            code = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            code = lead & 0x0F;
            low = lead == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
            high = lead == 0xED ? 0x9F : 0xBF; // no surrogates
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            code = lead & 0x07;
            low = lead == 0xF0 ? 0x90 : 0x80;
            high = lead == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
        } else {
            ++pos_;
            return char32_t(-1);
        }
        ++pos_;
        for (int i = 1; i < length; ++i) {
            if (atEnd() || byte(pos_) < (i == 1 ? low : 0x80) || byte(pos_) > (i == 1 ? high : 0xBF))
                return char32_t(-1);
            code = (code << 6) | (byte(pos_) & 0x3F);
            ++pos_;
        }
        return code;
    }

    int hexDigit(char c) const
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    // Four hex digits after "\u"; -1 when malformed.
    int readHex4()
    {
        if (pos_ + 4 > text_.size())
            return -1;
        int value = 0;
        for (int i = 0; i < 4; ++i) {
            const int digit = hexDigit(text_[pos_ + i]);
            if (digit < 0)
                return -1;
            value = value * 16 + digit;
        }
        pos_ += 4;
        return value;
    }

    // A string at pos_ (its opening quote). A key is returned decoded; a value only checked.
    // False when it is not a JSON string.
    bool readString(bool isKey, QString* key)
    {
        ++pos_;
        qsizetype length = 0;
        QString first; // the string's first problem
        const auto take = [&](char32_t c) {
            ++length;
            if (first.isEmpty() && isForbiddenInText(c))
                first = forbiddenCharacterProblem(c);
            if (key && key->size() <= limits_.longestString)
                appendCodePoint(*key, c);
        };
        for (;;) {
            if (atEnd())
                return false;
            const auto c = static_cast<unsigned char>(peek());
            if (c == '"') {
                ++pos_;
                break;
            }
            if (c < 0x20)
                return false; // a raw control character: not JSON
            if (c >= 0x80) {
                const char32_t code = readUtf8();
                if (code == char32_t(-1)) {
                    if (first.isEmpty())
                        first = tr("contains bytes that are not UTF-8 text");
                    ++length;
                } else {
                    take(code);
                }
                continue;
            }
            ++pos_;
            if (c != '\\') {
                take(c);
                continue;
            }
            if (atEnd())
                return false;
            const char escape = peek();
            ++pos_;
            switch (escape) {
            case '"':
                take(U'"');
                break;
            case '\\':
                take(U'\\');
                break;
            case '/':
                take(U'/');
                break;
            case 'b':
                take(U'\b');
                break;
            case 'f':
                take(U'\f');
                break;
            case 'n':
                take(U'\n');
                break;
            case 'r':
                take(U'\r');
                break;
            case 't':
                take(U'\t');
                break;
            case 'u': {
                const int unit = readHex4();
                if (unit < 0)
                    return false;
                char32_t code = static_cast<char32_t>(unit);
                // A pair of escapes is one character; half a pair alone is refused by take().
                if (unit >= 0xD800 && unit <= 0xDBFF && pos_ + 6 <= text_.size() && text_[pos_] == '\\' &&
                    text_[pos_ + 1] == 'u') {
                    const qsizetype before = pos_;
                    pos_ += 2;
                    const int next = readHex4();
                    if (next >= 0xDC00 && next <= 0xDFFF)
                        code = 0x10000 + ((code - 0xD800) << 10) + static_cast<char32_t>(next - 0xDC00);
                    else
                        pos_ = before;
                }
                take(code);
                break;
            }
            default:
                return false;
            }
        }
        const QString what = isKey ? tr("the key") : tr("the text");
        if (!first.isEmpty())
            problem(what + u' ' + first);
        else if (length > limits_.longestString)
            problem(
                tr("%1 is %2 characters long; at most %3").arg(what).arg(length).arg(limits_.longestString));
        return true;
    }

    // A number, true, false or null: checked by QJsonDocument; here only skipped.
    bool skipScalar()
    {
        const qsizetype begin = pos_;
        while (!atEnd()) {
            const char c = peek();
            const bool part = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '+' ||
                              c == '.' || c == 'E';
            if (!part)
                break;
            ++pos_;
        }
        return pos_ > begin;
    }

    // After "{" or ",": a key, its colon, and no key given before in this object.
    bool readKey()
    {
        skipSpace();
        if (atEnd() || peek() != '"')
            return false;
        Frame& frame = stack_.back();
        frame.key.clear();
        if (!readString(true, &frame.key))
            return false;
        if (!frame.keys.insert(frame.key).second)
            problem(tr("the key \"%1\" appears twice").arg(printableId(frame.key)));
        if (++frame.items == limits_.mostKeys + 1)
            problem(path(stack_.size() - 1), tr("the object has more than %1 keys").arg(limits_.mostKeys));
        skipSpace();
        if (atEnd() || peek() != ':')
            return false;
        ++pos_;
        return true;
    }

    void scan()
    {
        for (;;) {
            // A value.
            skipSpace();
            if (atEnd())
                return notJson();
            const char c = peek();
            if (c == '{' || c == '[') {
                if (static_cast<int>(stack_.size()) >= limits_.deepest) {
                    problem(tr("nested deeper than %1 levels of objects and arrays").arg(limits_.deepest));
                    return;
                }
                ++pos_;
                stack_.push_back(Frame{c == '{', 0, {}, {}});
                skipSpace();
                const char close = c == '{' ? '}' : ']';
                if (!atEnd() && peek() == close) {
                    ++pos_;
                    stack_.pop_back();
                } else if (c == '{') {
                    if (!readKey())
                        return notJson();
                    continue;
                } else {
                    continue;
                }
            } else if (c == '"') {
                if (!readString(false, nullptr))
                    return notJson();
            } else if (!skipScalar()) {
                return notJson();
            }
            if (full())
                return;
            // After a value: the next member or element, or the end of the open objects and arrays.
            bool another = false;
            while (!stack_.empty() && !another) {
                skipSpace();
                if (atEnd())
                    return notJson();
                Frame& frame = stack_.back();
                const char next = peek();
                ++pos_;
                if (next == ',') {
                    if (frame.object) {
                        if (!readKey())
                            return notJson();
                    } else if (++frame.items == limits_.mostItems) {
                        problem(path(stack_.size() - 1),
                                tr("the list has more than %1 items").arg(limits_.mostItems));
                    }
                    another = true;
                } else if (next == (frame.object ? '}' : ']')) {
                    stack_.pop_back();
                } else {
                    --pos_;
                    return notJson();
                }
            }
            if (!another) {
                skipSpace();
                if (!atEnd())
                    notJson();
                return;
            }
        }
    }

    const QByteArray& text_;
    StrictJsonLimits limits_;
    std::size_t mostProblems_;
    qsizetype pos_ = 0;
    int line_ = 1;
    std::vector<Frame> stack_;
    std::vector<StrictJsonProblem> problems_;
};

} // namespace

std::vector<StrictJsonProblem> checkStrictJson(const QByteArray& bytes, const StrictJsonLimits& limits,
                                               std::size_t mostProblems)
{
    return Scanner(bytes, limits, mostProblems).run();
}

} // namespace flickdesk::core
