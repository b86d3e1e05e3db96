#pragma once
// A monthly lock as the database stores it (schema version 7): one `locks` row per month whose
// `ratings` column holds every player's rating in one blob, because a lock is always written and
// read whole (DECISIONS P1). Rows per player cost more to store than the lock cost to compute (a
// first Recompute at a million finishes stored 70 locks in 50.8 s against 40.9 s of computing).
//
// The blob, little-endian: the 4 bytes "FDLK", a 32-bit format version (1), a 32-bit count of
// players, then per player in ascending byte order of the id (SQLite's own order of the ids): a
// 16-bit length, the id's UTF-8 bytes, mu and sigma as 64-bit IEEE doubles. Reading checks the
// magic, the version, that every entry fits, that the entries fill the blob exactly, that ids are
// non-empty, ascending and distinct and that each sigma is above 0: anything else is a damaged lock.

#include "core/records/records.h"
#include "core/store/sqlite.h"

#include <QByteArray>
#include <QString>
#include <optional>
#include <string_view>
#include <vector>

namespace flickdesk::core::lockblob {

inline constexpr quint32 formatVersion = 1;

struct Entry {
    std::string_view id; // UTF-8, into the blob read
    double mu = 0.0;
    double sigma = 0.0;
};

// The blob of `ratings` (any order). Empty, with `problem` set, when two name the same player, an id
// is empty or longer than 65,535 bytes, or a sigma is not above 0 (the table's rows refused those).
QByteArray encode(const std::vector<LockedRating>& ratings, QString* problem);

// The entries of `blob`, in its order (ascending id); nullopt with `problem` set when it is damaged.
// The entries point into `blob`, which must outlive them.
std::optional<std::vector<Entry>> decode(std::string_view blob, QString* problem);

// The count of players the blob's header gives, or -1 when it has no valid header.
qint64 countOf(std::string_view blob);

// Whether the blob may name `id` (a byte search for its length and bytes, no decoding): false means
// it surely does not. A quick filter for a player merge, which looks through every lock.
bool mayName(std::string_view blob, std::string_view id);

// The entry of `id` in decoded `entries` (binary search), or nullptr.
const Entry* find(const std::vector<Entry>& entries, std::string_view id);

// The blob of `entries`, already in ascending id order and distinct (as decode gives them).
QByteArray encode(const std::vector<Entry>& entries);

// Edits of decoded entries that keep their order: `erase` removes the entry of `id` (false when
// there was none), `put` adds `entry` in its place (in place of one of the same id).
bool erase(std::vector<Entry>& entries, std::string_view id);
void put(std::vector<Entry>& entries, const Entry& entry);

inline QString idOf(const Entry& entry)
{
    return QString::fromUtf8(entry.id.data(), static_cast<qsizetype>(entry.id.size()));
}

// ---------------------------------------------------------------------------------------------
// The `locks` table (core/store/store.cpp, version 7).

// The blob of `ratings`, or StoreError::Refused saying why they cannot be a lock of `month`.
QByteArray encodeOrRefuse(const std::vector<LockedRating>& ratings, const QString& month);

// The stored lock of `month` as a blob: its `ratings` column, or in a file of a schema before 7
// (opened read-only) its `lock_ratings` rows encoded. nullopt when the month has no lock.
std::optional<QByteArray> readStored(sqlite::Database& db, int schemaVersion, const QString& month);

// The entries of a stored lock, or StoreError::Refused naming the month when it is damaged.
std::vector<Entry> decodeOrRefuse(const QByteArray& blob, const QString& month);

// Every player id the stored locks name, read whole (a player merge, a player's removal). The
// months whose lock names `id`, ascending, with that player's rating.
struct Named {
    QString month;
    double mu = 0.0;
    double sigma = 0.0;
};
std::vector<Named> locksNaming(sqlite::Database& db, int schemaVersion, const QString& id);

// Writes `entries` (in order, as the edits above keep them) as the whole lock of `month`.
void rewrite(sqlite::Database& db, const QString& month, const std::vector<Entry>& entries);

// Store::check's lines about the stored locks: each read whole, its count, its players known.
QStringList problems(sqlite::Database& db, int schemaVersion);

} // namespace flickdesk::core::lockblob
