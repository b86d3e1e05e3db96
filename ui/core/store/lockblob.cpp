// A monthly lock as the database stores it: one blob per month (core/store/lockblob.h).

#include "core/store/lockblob.h"

#include "core/store/store.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_set>

namespace flickdesk::core::lockblob {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("flickdesk::core::Store", text);
}

constexpr char magic[4] = {'F', 'D', 'L', 'K'};
constexpr std::size_t headerSize = 12;
constexpr std::size_t numbersSize = 16; // mu and sigma

void put32(QByteArray& out, quint32 value)
{
    const char bytes[4] = {static_cast<char>(value & 0xff), static_cast<char>((value >> 8) & 0xff),
                           static_cast<char>((value >> 16) & 0xff), static_cast<char>((value >> 24) & 0xff)};
    out.append(bytes, 4);
}

void putDouble(char* at, double value)
{
    quint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    for (int k = 0; k < 8; ++k)
        at[k] = static_cast<char>((bits >> (8 * k)) & 0xff);
}

quint32 get32(const unsigned char* at)
{
    return quint32(at[0]) | (quint32(at[1]) << 8) | (quint32(at[2]) << 16) | (quint32(at[3]) << 24);
}

double getDouble(const unsigned char* at)
{
    quint64 bits = 0;
    for (int k = 0; k < 8; ++k)
        bits |= quint64(at[k]) << (8 * k);
    double value = 0.0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

} // namespace

QByteArray encode(const std::vector<LockedRating>& ratings, QString* problem)
{
    struct Row {
        QByteArray id;
        double mu;
        double sigma;
    };
    std::vector<Row> rows;
    rows.reserve(ratings.size());
    for (const LockedRating& r : ratings) {
        QByteArray id = r.playerId.toUtf8();
        if (id.isEmpty() || id.size() > 0xffff) {
            if (problem)
                *problem = tr("A lock cannot name the player id '%1'.").arg(r.playerId);
            return {};
        }
        if (!(r.sigma > 0.0) || std::isnan(r.mu)) { // as the table's CHECK (sigma > 0) and NOT NULL
            if (problem)
                *problem = tr("The rating of player %1 is not a rating (mu %2, sigma %3).")
                               .arg(r.playerId)
                               .arg(r.mu)
                               .arg(r.sigma);
            return {};
        }
        rows.push_back({std::move(id), r.mu, r.sigma});
    }
    // Byte order of UTF-8, which is SQLite's order of the ids (BINARY collation).
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.id < b.id; });
    for (std::size_t k = 1; k < rows.size(); ++k) {
        if (rows[k].id == rows[k - 1].id) {
            if (problem)
                *problem = tr("A lock names player %1 twice.").arg(QString::fromUtf8(rows[k].id));
            return {};
        }
    }
    std::vector<Entry> entries;
    entries.reserve(rows.size());
    for (const Row& row : rows)
        entries.push_back({std::string_view(row.id.constData(), static_cast<std::size_t>(row.id.size())),
                           row.mu, row.sigma});
    return encode(entries);
}

QByteArray encode(const std::vector<Entry>& entries)
{
    std::size_t size = headerSize;
    for (const Entry& entry : entries)
        size += 2 + entry.id.size() + numbersSize;
    QByteArray out;
    out.reserve(static_cast<qsizetype>(size));
    out.append(magic, 4);
    put32(out, formatVersion);
    put32(out, static_cast<quint32>(entries.size()));
    out.resize(static_cast<qsizetype>(size));
    char* at = out.data() + headerSize;
    for (const Entry& entry : entries) {
        const auto length = static_cast<quint32>(entry.id.size());
        at[0] = static_cast<char>(length & 0xff);
        at[1] = static_cast<char>((length >> 8) & 0xff);
        std::memcpy(at + 2, entry.id.data(), length);
        at += 2 + length;
        putDouble(at, entry.mu);
        putDouble(at + 8, entry.sigma);
        at += numbersSize;
    }
    return out;
}

bool erase(std::vector<Entry>& entries, std::string_view id)
{
    const auto it = std::lower_bound(entries.begin(), entries.end(), id,
                                     [](const Entry& e, std::string_view key) { return e.id < key; });
    if (it == entries.end() || it->id != id)
        return false;
    entries.erase(it);
    return true;
}

void put(std::vector<Entry>& entries, const Entry& entry)
{
    const auto it = std::lower_bound(entries.begin(), entries.end(), entry.id,
                                     [](const Entry& e, std::string_view key) { return e.id < key; });
    if (it != entries.end() && it->id == entry.id)
        *it = entry;
    else
        entries.insert(it, entry);
}

std::optional<std::vector<Entry>> decode(std::string_view blob, QString* problem)
{
    const auto damaged = [problem](const QString& what) -> std::optional<std::vector<Entry>> {
        if (problem)
            *problem = what;
        return std::nullopt;
    };
    if (blob.size() < headerSize || std::memcmp(blob.data(), magic, 4) != 0)
        return damaged(tr("it is not a stored lock (%1 bytes without its header)").arg(blob.size()));
    const auto* bytes = reinterpret_cast<const unsigned char*>(blob.data());
    const quint32 version = get32(bytes + 4);
    if (version != formatVersion)
        return damaged(
            tr("its format %1 is not one this FlickDesk reads (%2)").arg(version).arg(formatVersion));
    const quint32 count = get32(bytes + 8);
    // Every entry takes 19 bytes at least: a count the blob cannot hold is refused before any memory
    // is reserved for it.
    if (count > (blob.size() - headerSize) / (2 + 1 + numbersSize))
        return damaged(tr("it says %1 players, more than its %2 bytes can hold").arg(count).arg(blob.size()));
    std::vector<Entry> entries;
    entries.reserve(count);
    std::size_t at = headerSize;
    for (quint32 k = 0; k < count; ++k) {
        if (blob.size() - at < 2)
            return damaged(tr("it ends inside player %1 of %2").arg(k + 1).arg(count));
        const std::size_t length = std::size_t(bytes[at]) | (std::size_t(bytes[at + 1]) << 8);
        at += 2;
        if (length == 0 || blob.size() - at < length + numbersSize)
            return damaged(tr("it ends inside player %1 of %2").arg(k + 1).arg(count));
        Entry entry{blob.substr(at, length), getDouble(bytes + at + length),
                    getDouble(bytes + at + length + 8)};
        at += length + numbersSize;
        if (!entries.empty() && !(entries.back().id < entry.id))
            return damaged(tr("its players are not in order at player %1").arg(k + 1));
        if (!(entry.sigma > 0.0) || std::isnan(entry.mu))
            return damaged(tr("player %1 has no valid rating").arg(k + 1));
        entries.push_back(entry);
    }
    if (at != blob.size())
        return damaged(tr("it has %1 bytes after its %2 players").arg(blob.size() - at).arg(count));
    return entries;
}

qint64 countOf(std::string_view blob)
{
    if (blob.size() < headerSize || std::memcmp(blob.data(), magic, 4) != 0)
        return -1;
    const auto* bytes = reinterpret_cast<const unsigned char*>(blob.data());
    if (get32(bytes + 4) != formatVersion)
        return -1;
    return get32(bytes + 8);
}

bool mayName(std::string_view blob, std::string_view id)
{
    if (id.empty() || id.size() > 0xffff)
        return false;
    std::string needle;
    needle.reserve(id.size() + 2);
    needle.push_back(static_cast<char>(id.size() & 0xff));
    needle.push_back(static_cast<char>((id.size() >> 8) & 0xff));
    needle.append(id);
    return blob.find(needle) != std::string_view::npos;
}

const Entry* find(const std::vector<Entry>& entries, std::string_view id)
{
    const auto it = std::lower_bound(entries.begin(), entries.end(), id,
                                     [](const Entry& e, std::string_view key) { return e.id < key; });
    return it != entries.end() && it->id == id ? &*it : nullptr;
}

QByteArray encodeOrRefuse(const std::vector<LockedRating>& ratings, const QString& month)
{
    QString problem;
    QByteArray blob = encode(ratings, &problem);
    if (blob.isEmpty())
        throw StoreError(StoreError::Kind::Refused,
                         tr("The ratings of %1 were not stored: %2").arg(month, problem));
    return blob;
}

std::optional<QByteArray> readStored(sqlite::Database& db, int schemaVersion, const QString& month)
{
    if (schemaVersion >= 7) {
        sqlite::Statement select(db, "SELECT ratings FROM locks WHERE month = ?");
        select.bind(1, month);
        if (!select.step())
            return std::nullopt;
        const std::string_view blob = select.blob(0);
        return QByteArray(blob.data(), static_cast<qsizetype>(blob.size()));
    }
    sqlite::Statement exists(db, "SELECT 1 FROM locks WHERE month = ?");
    exists.bind(1, month);
    if (!exists.step())
        return std::nullopt;
    std::vector<LockedRating> ratings;
    sqlite::Statement rows(db, "SELECT player_id, mu, sigma FROM lock_ratings WHERE month = ?");
    rows.bind(1, month);
    while (rows.step())
        ratings.push_back({rows.text(0), rows.real(1), rows.real(2)});
    return encodeOrRefuse(ratings, month);
}

std::vector<Entry> decodeOrRefuse(const QByteArray& blob, const QString& month)
{
    QString problem;
    std::optional<std::vector<Entry>> entries =
        decode(std::string_view(blob.constData(), static_cast<std::size_t>(blob.size())), &problem);
    if (!entries)
        throw StoreError(StoreError::Kind::Refused,
                         tr("The stored ratings of %1 are damaged (%2), so they cannot be read. Recompute "
                            "the ratings, or import that month's rating list again, to replace them.")
                             .arg(month, problem));
    return std::move(*entries);
}

std::vector<Named> locksNaming(sqlite::Database& db, int schemaVersion, const QString& id)
{
    std::vector<Named> named;
    if (schemaVersion < 7) {
        sqlite::Statement select(db,
                                 "SELECT month, mu, sigma FROM lock_ratings WHERE player_id = ? ORDER BY 1");
        select.bind(1, id);
        while (select.step())
            named.push_back({select.text(0), select.real(1), select.real(2)});
        return named;
    }
    const QByteArray key = id.toUtf8();
    const std::string_view wanted(key.constData(), static_cast<std::size_t>(key.size()));
    sqlite::Statement select(db, "SELECT month, ratings FROM locks ORDER BY month");
    while (select.step()) {
        const std::string_view blob = select.blob(1);
        if (!mayName(blob, wanted))
            continue; // most locks, without decoding them
        const QString month = select.text(0);
        const QByteArray copy(blob.data(), static_cast<qsizetype>(blob.size()));
        const std::vector<Entry> entries = decodeOrRefuse(copy, month);
        if (const Entry* entry = find(entries, wanted))
            named.push_back({month, entry->mu, entry->sigma});
    }
    return named;
}

void rewrite(sqlite::Database& db, const QString& month, const std::vector<Entry>& entries)
{
    const QByteArray blob = encode(entries);
    sqlite::Statement update(db, "UPDATE locks SET players = ?, ratings = ? WHERE month = ?");
    update.bind(1, static_cast<std::int64_t>(entries.size()))
        .bindBlob(2, std::string_view(blob.constData(), static_cast<std::size_t>(blob.size())))
        .bind(3, month)
        .run();
}

QStringList problems(sqlite::Database& db, int schemaVersion)
{
    QStringList found;
    if (schemaVersion < 7)
        return found; // rows per player: the foreign keys and the table's checks hold them
    try {
        std::unordered_set<std::string> known;
        {
            sqlite::Statement players(db, "SELECT id FROM players");
            while (players.step())
                known.insert(players.stdText(0));
        }
        sqlite::Statement select(db, "SELECT month, players, ratings FROM locks ORDER BY month");
        while (select.step()) {
            const QString month = select.text(0);
            const std::int64_t players = select.integer(1);
            QString problem;
            const std::optional<std::vector<Entry>> entries = decode(select.blob(2), &problem);
            if (!entries) {
                found.append(tr("locks: the lock of %1 is damaged: %2").arg(month, problem));
                continue;
            }
            if (static_cast<std::int64_t>(entries->size()) != players)
                found.append(tr("locks: the lock of %1 holds %2 players but says %3")
                                 .arg(month)
                                 .arg(entries->size())
                                 .arg(players));
            int unknown = 0;
            QString first;
            for (const Entry& entry : *entries) {
                if (known.count(std::string(entry.id)) == 0 && unknown++ == 0)
                    first = idOf(entry);
            }
            if (unknown > 0)
                found.append(tr("locks: the lock of %1 names %2 player(s) the database does not hold (%3 "
                                "first)")
                                 .arg(month)
                                 .arg(unknown)
                                 .arg(first));
        }
    } catch (const sqlite::Error&) { // a table or column it needs is missing: the schema lines say so
    }
    return found;
}

} // namespace flickdesk::core::lockblob
