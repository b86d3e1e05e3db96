#pragma once

// The CSV reading shared by every importer of ui/core: RFC 4180 records, a header found by column
// name, and defects reported with file, line and field (DECISIONS D2).

#include "flickdesk/engine/history.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace flickdesk::core::csv {

using engine::Defect;
using engine::SourceFile;
using engine::SourceRef;

// The most defects listed from one reading: a damaged file (every row wrong) would otherwise take
// memory without end, and a director corrects the first ones before reading the files again.
inline constexpr std::size_t mostDefects = 1000;

inline void report(std::vector<Defect>& defects, const SourceFile& file, int line, std::string field,
                   std::string eventId, std::string message)
{
    if (defects.size() > mostDefects)
        return;
    if (defects.size() == mostDefects) {
        defects.push_back(Defect{SourceRef{file, line},
                                 {},
                                 {},
                                 "more than " + std::to_string(mostDefects) + " defects; the first " +
                                     std::to_string(mostDefects) +
                                     " are listed: correct them and read the files again"});
        return;
    }
    defects.push_back(
        Defect{SourceRef{file, line}, std::move(field), std::move(eventId), std::move(message)});
}

// Whether `defect` is the line report() adds when it stops listing: a reader that sorts its defects
// keeps it last.
inline bool isCapNote(const Defect& defect)
{
    const std::string note = "more than " + std::to_string(mostDefects) + " defects";
    return defect.field.empty() && defect.eventId.empty() &&
           defect.message.compare(0, note.size(), note) == 0;
}

// report() for a defect found after the reading (the rules of a whole history or file): held to the
// same mostDefects, so that a results.csv pasted twice over does not list thousands.
inline void report(std::vector<Defect>& defects, Defect defect)
{
    report(defects, defect.source.file, defect.source.line, std::move(defect.field),
           std::move(defect.eventId), std::move(defect.message));
}

// A value as it appears in a message: quoted, and cut short when long.
inline std::string quoted(std::string_view value)
{
    constexpr std::size_t longest = 40;
    if (value.size() > longest)
        return "'" + std::string(value.substr(0, longest)) + "...'";
    return "'" + std::string(value) + "'";
}

inline bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               const auto lower = [](char c) {
                   return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
               };
               return lower(x) == lower(y);
           });
}

// A whole number, strictly: no sign, no spaces, no fraction, nothing after it.
inline std::optional<int> parseWholeNumber(std::string_view text)
{
    int value = 0;
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    // from_chars reads a leading minus sign, so "-0" would pass as 0.
    if (text.empty() || text.front() == '-' || error != std::errc() || stop != end)
        return std::nullopt;
    return value;
}

// ---------------------------------------------------------------------------------------------
// The text of a field. Every file FlickDesk reads is UTF-8 (docs/files.md): a field is refused when
// it is not, strictly (no overlong forms, no surrogates, nothing above U+10FFFF), and when it holds
// a byte order mark (U+FEFF; it belongs only at the very start of a file, where the parser skips it)
// or a control character other than tab and the line breaks of a quoted field. Such text would
// otherwise be stored as U+FFFD or kept raw, and a name come out garbled.

// The longest field and the most fields of one record: far above any real file, low enough that a
// damaged file (a quote never closed, a binary file) cannot take the memory.
inline constexpr std::size_t longestField = 4096; // bytes
inline constexpr std::size_t mostFields = 1024;
inline constexpr int mostRecords = 4'000'000; // rows of one file, the header among them

// Why `field` is not acceptable text, or an empty string. Positions count bytes from 1.
inline std::string fieldTextProblem(std::string_view field)
{
    const auto hex = [](unsigned value, int digits) {
        static const char digitsOf[] = "0123456789ABCDEF";
        std::string text;
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
            text += digitsOf[(value >> shift) & 0xFu];
        return text;
    };
    const auto notUtf8 = [&hex](unsigned char byte, std::size_t at) {
        return "is not valid UTF-8 text (byte 0x" + hex(byte, 2) + " at position " + std::to_string(at + 1) +
               "): save the file as UTF-8";
    };
    if (field.size() > longestField)
        return "the value is longer than " + std::to_string(longestField) +
               " bytes; no field of a FlickDesk file is that long (is a closing quote missing?)";
    std::size_t i = 0;
    while (i < field.size()) {
        const auto byte = static_cast<unsigned char>(field[i]);
        if (byte < 0x80) {
            if ((byte < 0x20 && byte != '\t' && byte != '\n') || byte == 0x7F)
                return "contains a control character (U+" + hex(byte, 4) + ") at position " +
                       std::to_string(i + 1) + "; only tabs and, in a quoted field, line breaks are allowed";
            ++i;
            continue;
        }
        // The length of the sequence and the range of its second byte (RFC 3629, section 4).
        std::size_t length = 0;
        unsigned char low = 0x80;
        unsigned char high = 0xBF;
        if (byte >= 0xC2 && byte <= 0xDF) {
            length = 2;
        } else if (byte >= 0xE0 && byte <= 0xEF) {
            length = 3;
            low = byte == 0xE0 ? 0xA0 : 0x80;  // overlong
            high = byte == 0xED ? 0x9F : 0xBF; // surrogates
        } else if (byte >= 0xF0 && byte <= 0xF4) {
            length = 4;
            low = byte == 0xF0 ? 0x90 : 0x80;  // overlong
            high = byte == 0xF4 ? 0x8F : 0xBF; // above U+10FFFF
        } else {
            return notUtf8(byte, i); // a continuation byte, an overlong lead (C0, C1) or F5..FF
        }
        for (std::size_t k = 1; k < length; ++k) {
            if (i + k >= field.size())
                return notUtf8(byte, i); // cut short
            const auto next = static_cast<unsigned char>(field[i + k]);
            if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xBF))
                return notUtf8(byte, i); // named by its first byte: a Latin-1 letter reads as one
        }
        unsigned codePoint = byte & (length == 2 ? 0x1Fu : length == 3 ? 0x0Fu : 0x07u);
        for (std::size_t k = 1; k < length; ++k)
            codePoint = (codePoint << 6) | (static_cast<unsigned char>(field[i + k]) & 0x3Fu);
        if (codePoint == 0xFEFF)
            return "contains a byte order mark (U+FEFF) at position " + std::to_string(i + 1) +
                   ", which belongs only at the very start of a file: save the file as UTF-8 again";
        if (codePoint <= 0x9F)
            return "contains a control character (U+" + hex(codePoint, 4) + ") at position " +
                   std::to_string(i + 1) + "; was the file saved in another encoding than UTF-8?";
        i += length;
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180 with the usual liberties): quoted fields with "" escapes and line breaks, CRLF or
// LF, a UTF-8 BOM, blank lines (anywhere) ignored, spaces around fields trimmed.

struct CsvRecord {
    int line = 0; // the line where the record begins
    std::vector<std::string> fields;
    std::string error;      // non-empty when the record is malformed
    int errorField = -1;    // the field (from 0) the error is in; -1 when it is the whole record's
    bool endsInput = false; // the file has more than mostRecords rows: `error` says so, no fields
};

// The name of field `index` (from 0) of a record in messages: its column's name in `header`, or
// "field N" (N from 1) when the header has no usable name there.
inline std::string fieldName(const std::vector<std::string>& header, int index)
{
    const auto at = static_cast<std::size_t>(index);
    if (index >= 0 && at < header.size() && !header[at].empty() && fieldTextProblem(header[at]).empty())
        return header[at];
    return "field " + std::to_string(index + 1);
}

class CsvParser {
public:
    explicit CsvParser(std::string_view text)
        : text_(text)
    {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF")
            text_.remove_prefix(3);
    }

    // Reads the next record that is not a blank line; false at the end of the input. After
    // mostRecords records, one more reports that the file has too many and ends the input.
    bool next(CsvRecord& record)
    {
        skipBlankLines();
        if (pos_ >= text_.size())
            return false;
        record.line = line_;
        record.fields.clear();
        record.error.clear();
        record.errorField = -1;
        record.endsInput = false;
        if (++records_ > mostRecords) {
            record.error = "the file has more than " + std::to_string(mostRecords) +
                           " rows; nothing after this line was read";
            record.endsInput = true;
            pos_ = text_.size();
            return true;
        }
        std::string surplus; // the fields after the most a record may have: read, not kept
        for (;;) {
            const bool keep = record.fields.size() < mostFields;
            if (!keep && record.error.empty())
                record.error = "the row has more than " + std::to_string(mostFields) + " fields";
            std::string& field = keep ? record.fields.emplace_back() : surplus;
            field.clear();
            const bool hadError = !record.error.empty();
            readField(field, record.error);
            if (!hadError && !record.error.empty())
                record.errorField = static_cast<int>(record.fields.size()) - 1;
            if (!hadError && record.error.empty()) {
                if (std::string problem = fieldTextProblem(field); !problem.empty()) {
                    record.error = std::move(problem);
                    record.errorField = static_cast<int>(record.fields.size()) - 1;
                }
            }
            if (pos_ >= text_.size())
                return true;
            if (text_[pos_] == ',') {
                ++pos_;
                continue;
            }
            consumeLineBreak();
            return true;
        }
    }

private:
    static bool isSpace(char c) noexcept { return c == ' ' || c == '\t'; }
    bool atLineBreak() const noexcept { return text_[pos_] == '\n' || text_[pos_] == '\r'; }

    void consumeLineBreak() noexcept
    {
        if (text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n')
            ++pos_;
        ++pos_;
        ++line_;
    }

    void skipBlankLines() noexcept
    {
        while (pos_ < text_.size()) {
            std::size_t p = pos_;
            while (p < text_.size() && isSpace(text_[p]))
                ++p;
            if (p < text_.size() && text_[p] != '\n' && text_[p] != '\r')
                return;
            pos_ = p;
            if (pos_ < text_.size())
                consumeLineBreak();
        }
    }

    void readField(std::string& field, std::string& error)
    {
        while (pos_ < text_.size() && isSpace(text_[pos_]))
            ++pos_;
        if (pos_ < text_.size() && text_[pos_] == '"') {
            readQuotedField(field, error);
            return;
        }
        const std::size_t begin = pos_;
        while (pos_ < text_.size() && text_[pos_] != ',' && !atLineBreak())
            ++pos_;
        std::size_t end = pos_;
        while (end > begin && isSpace(text_[end - 1]))
            --end;
        // One byte more than the longest field is kept: enough for fieldTextProblem to refuse it.
        field.assign(text_.substr(begin, std::min(end - begin, longestField + 1)));
    }

    void readQuotedField(std::string& field, std::string& error)
    {
        const int openedOn = line_;
        ++pos_; // the opening quote
        for (;;) {
            if (pos_ >= text_.size()) {
                if (error.empty())
                    error = "a quoted field opened on line " + std::to_string(openedOn) + " is never closed";
                return;
            }
            const char c = text_[pos_++];
            if (c == '"') {
                if (pos_ < text_.size() && text_[pos_] == '"') {
                    if (field.size() <= longestField)
                        field += '"';
                    ++pos_;
                    continue;
                }
                break;
            }
            if (c == '\n')
                ++line_;
            if (c != '\r' && field.size() <= longestField)
                field += c;
        }
        while (pos_ < text_.size() && isSpace(text_[pos_]))
            ++pos_;
        if (pos_ < text_.size() && text_[pos_] != ',' && !atLineBreak()) {
            if (error.empty())
                error =
                    "text after the closing quote of a field (a quote inside a quoted field is written \"\")";
            while (pos_ < text_.size() && text_[pos_] != ',' && !atLineBreak())
                ++pos_;
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int records_ = 0;
};

struct Column {
    std::string_view name;
    bool required = true;
    // Named in the header proposed for an empty file; false for a column read only to refuse what
    // it holds (a fifth seat of a Kings Cribbage game).
    bool proposed = true;
};

// One CSV file with a header row; columns are found by name, in any order.
class CsvTable {
public:
    CsvTable(std::string_view text, SourceFile file, std::vector<Defect>& defects)
        : parser_(text)
        , file_(std::move(file))
        , defects_(defects)
    {
    }

    // One handle for every row of the file: rows share the name (engine::SourceFile).
    const SourceFile& file() const noexcept { return file_; }

    // Reads the header and finds `columns` in it. False when the rows cannot be read: the file is
    // empty or a required column is missing (reported on the header's line).
    bool readHeader(std::initializer_list<Column> columns)
    {
        CsvRecord header;
        if (!parser_.next(header)) {
            std::string names;
            for (const Column& column : columns)
                if (column.proposed)
                    names += (names.empty() ? "" : ",") + std::string(column.name);
            report(defects_, file_, 1, {}, {}, "the file is empty; expected a header line such as " + names);
            return false;
        }
        headerSize_ = header.fields.size();
        headerLine_ = header.line;
        if (!header.error.empty())
            report(defects_, file_, header.line, errorFieldName(header, {}), {}, header.error);
        else
            headerNames_ = header.fields;
        bool usable = header.error.empty();
        for (const Column& column : columns) {
            int found = -1;
            for (std::size_t i = 0; i < header.fields.size(); ++i) {
                if (!equalsIgnoringAsciiCase(header.fields[i], column.name))
                    continue;
                if (found >= 0) {
                    report(defects_, file_, header.line, std::string(column.name), {},
                           "the column appears twice in the header");
                    usable = false;
                }
                found = static_cast<int>(i);
            }
            if (found < 0 && column.required) {
                report(defects_, file_, header.line, std::string(column.name), {}, "missing column");
                usable = false;
            }
            columns_.push_back(found);
        }
        return usable;
    }

    // The next row. A malformed row (bad quoting, a field count other than the header's) is reported
    // and returned with `wellFormed` false; its fields may still name its event.
    bool next(bool& wellFormed)
    {
        if (!parser_.next(record_))
            return false;
        if (record_.endsInput) { // listed even beyond mostDefects: the rest of the file is not judged
            defects_.push_back(Defect{SourceRef{file_, record_.line}, {}, {}, record_.error});
            return false;
        }
        // A header row again inside the file (two files pasted one after the other): said so, and
        // the row is skipped, so that it is not judged as data ("no event event_id").
        while (record_.error.empty() && isHeaderAgain(record_)) {
            report(defects_, file_, record_.line, {}, {},
                   "the header row again (the header is on line " + std::to_string(headerLine_) +
                       "); a file has one header row: remove this line");
            if (!parser_.next(record_))
                return false;
            if (record_.endsInput) {
                defects_.push_back(Defect{SourceRef{file_, record_.line}, {}, {}, record_.error});
                return false;
            }
        }
        wellFormed = false;
        if (!record_.error.empty()) {
            report(defects_, file_, record_.line, errorFieldName(record_, headerNames_), {}, record_.error);
        } else if (record_.fields.size() != headerSize_) {
            report(defects_, file_, record_.line, {}, {},
                   "the row has " + std::to_string(record_.fields.size()) + " fields, the header " +
                       std::to_string(headerSize_) +
                       (record_.fields.size() > headerSize_
                            ? " (a value containing a comma must be in quotes)"
                            : ""));
        } else {
            wellFormed = true;
        }
        return true;
    }

    int line() const noexcept { return record_.line; }
    // The header's line: 1 unless blank lines come before it.
    int headerLine() const noexcept { return headerLine_; }
    bool hasColumn(std::size_t column) const noexcept { return columns_[column] >= 0; }

    // The field of the current row in the column given by its position in readHeader's list;
    // empty when the file lacks the column or the row is too short.
    std::string_view field(std::size_t column) const noexcept
    {
        const int index = columns_[column];
        if (index < 0 || static_cast<std::size_t>(index) >= record_.fields.size())
            return {};
        return record_.fields[static_cast<std::size_t>(index)];
    }

private:
    bool isHeaderAgain(const CsvRecord& record) const
    {
        if (headerNames_.empty() || record.fields.size() != headerNames_.size())
            return false;
        for (std::size_t i = 0; i < record.fields.size(); ++i) {
            if (!equalsIgnoringAsciiCase(record.fields[i], headerNames_[i]))
                return false;
        }
        return true;
    }

    static std::string errorFieldName(const CsvRecord& record, const std::vector<std::string>& header)
    {
        return record.errorField < 0 ? std::string() : fieldName(header, record.errorField);
    }

    CsvParser parser_;
    SourceFile file_;
    std::vector<Defect>& defects_;
    std::vector<std::string> headerNames_; // the header's fields as written, when it is well formed
    std::vector<int> columns_;
    std::size_t headerSize_ = 0;
    int headerLine_ = 1;
    CsvRecord record_;
};

} // namespace flickdesk::core::csv
