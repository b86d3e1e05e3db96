#pragma once

// Event and player ids: one grammar for every file FlickDesk reads (the submission file, a history
// folder, the NCA rating list), so that one event or player cannot come in under two spellings
// ("175", "175 ", "0175", "175" followed by an invisible mark).
//
// An id is 1 to 32 characters, each an ASCII letter, digit, '-' or '_'. It begins with a letter or a
// digit, and an id of digits only has no leading zero ("0" itself is an id). Nothing else: no
// spaces, no control, format or direction marks, no letters outside ASCII (which could look like
// ASCII ones), no quotes, slashes or dots. docs/user-guide.md documents it for directors.
//
// Only new input is held to it: ids already in a database are read back as they are.

#include <QString>
#include <QStringView>
#include <string>
#include <string_view>

namespace flickdesk::core {

inline constexpr int idLongest = 32;

bool isValidId(QStringView id);
// The same for UTF-8 text (the history reader works on std::string).
bool isValidId(std::string_view id);

// Why `id` is not an id, in a director's words, to follow "the id '...'": "has a space at its
// end", "begins with 0", "contains a tab", "contains an invisible character U+200F", "is 40
// characters long; at most 32". Empty when `id` is an id.
QString idProblem(QStringView id);
std::string idProblem(std::string_view id);

// `id` as a message may show it: control, format and other invisible characters written as <U+XXXX>,
// and cut short after 40 characters, so that a message never carries a mark that reorders or hides
// the text around it.
QString printableId(QStringView id);
std::string printableId(std::string_view id);

// Whether `c` is a character a text field of a file should never hold: a control character (tab and
// line breaks included), a format character (U+FEFF, U+200B, the direction marks and embeddings;
// the joiners U+200C and U+200D are allowed, as names in some scripts need them), a line or
// paragraph separator, a lone surrogate, a private-use character or a noncharacter (U+FFFE).
bool isForbiddenInText(char32_t c);
// A forbidden (or otherwise invisible) character `c` in a director's words: "contains a tab",
// "contains an invisible character U+FEFF".
QString forbiddenCharacterProblem(char32_t c);

// The longest name or location a director types, as the submission file allows (core/formats/strictjson.h).
inline constexpr int textLongest = 200;
// Why a name or location typed or read is not one, in a director's words, to follow "The name" or
// "The location": "is 240 characters long; at most 200", "contains a tab". Empty when it is fine.
QString textProblem(QStringView text);

} // namespace flickdesk::core
