// libFuzzer target: the event submission file (ui/core/eventexchange's parseEventExchange). The
// input is the file's bytes.
//
// Each input is read three times: as it is; with the value of its "sha256" key replaced, in the text
// itself, by the checksum of the content as QJsonDocument reads it (so that repeated keys, invisible
// characters and odd strings reach the reader with a checksum that matches); and written again by
// QJsonDocument with that checksum, so that mutated content gets past the checksum to the checks of
// the content itself. Checked: the reader never crashes, leaks or trips a sanitizer; every defect has
// a message; a checksum it recomputed itself always matches; a file it accepts has no key twice in
// one object (counted independently of the reader's own check), only ids of the grammar
// (core/records/identifiers.h), and no text with a forbidden character or beyond 200 characters; its history
// folder, for a finished or awarded event, is one that `rate` takes without defects; and it survives
// the round trip: written again, it reads back without defects into the same bytes.
#include "core/formats/eventexchange.h"
#include "core/formats/historyreader.h"
#include "core/records/identifiers.h"
#include "flickdesk/engine/history.h"
#include "fuzz_common.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>

using namespace flickdesk;

namespace {

const QString fileName = QStringLiteral("event.json");

void checkDefects(const core::ParsedEventExchange& parsed)
{
    for (const engine::Defect& defect : parsed.defects) {
        FUZZ_CHECK(!defect.message.empty());
        FUZZ_CHECK(!engine::describe(defect).empty());
    }
    FUZZ_CHECK(!parsed.checksumMismatch || !parsed.defects.empty());
}

// The keys of `bytes` counted in the text (a string followed by a colon), and as QJsonDocument reads
// them: with a key repeated in an object the text has more.
qsizetype keysInText(const QByteArray& bytes)
{
    qsizetype keys = 0;
    bool inString = false;
    bool afterString = false;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false, afterString = true;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == ':' && afterString) {
            ++keys;
            afterString = false;
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            afterString = false;
        }
    }
    return keys;
}

qsizetype keysRead(const QJsonValue& value)
{
    qsizetype keys = 0;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        keys += object.size();
        for (auto it = object.begin(); it != object.end(); ++it)
            keys += keysRead(it.value());
    } else if (value.isArray()) {
        for (const QJsonValue& item : value.toArray())
            keys += keysRead(item);
    }
    return keys;
}

void checkText(const QString& text)
{
    FUZZ_CHECK(text.toUcs4().size() <= 200);
    for (const QChar c : text)
        FUZZ_CHECK(!core::isForbiddenInText(c.unicode()) || c.isSurrogate());
}

// What a file the reader accepted holds.
void checkAccepted(const QByteArray& bytes, const core::EventExchange& exchange)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    FUZZ_CHECK(error.error == QJsonParseError::NoError);
    FUZZ_CHECK(keysInText(bytes) == keysRead(document.object()));

    const core::EventRecord& event = exchange.event;
    FUZZ_CHECK(core::isValidId(QStringView(event.id)));
    for (const QString& text : {event.name, event.group, event.season, exchange.flickdeskVersion})
        checkText(text);
    for (const core::UnitRecord& unit : event.units) {
        for (const QString& id : unit.playerIds)
            FUZZ_CHECK(core::isValidId(QStringView(id)));
    }
    for (const core::PlayerRecord& player : exchange.players) {
        FUZZ_CHECK(core::isValidId(QStringView(player.id)));
        checkText(player.name);
    }
    for (const core::GameRecord& game : event.games) {
        for (const QStringList* side : {&game.sideA, &game.sideB}) {
            for (const QString& id : *side)
                FUZZ_CHECK(core::isValidId(QStringView(id)));
        }
    }
    if (exchange.award) {
        checkText(exchange.award->reason);
        for (const core::LockedRating& rating : exchange.award->ratings)
            FUZZ_CHECK(core::isValidId(QStringView(rating.playerId)));
        for (const core::PlayerAward& points : exchange.award->awards)
            FUZZ_CHECK(core::isValidId(QStringView(points.playerId)));
    }
}

// `bytes` with the value of the last "sha256" key replaced by the checksum of the content as
// QJsonDocument reads it; empty when there is no such key or content.
QByteArray resealedInPlace(const QByteArray& bytes)
{
    const QJsonDocument document = QJsonDocument::fromJson(bytes);
    const QJsonValue content = document.object().value(QStringLiteral("content"));
    const qsizetype key = bytes.lastIndexOf("\"sha256\"");
    if (!content.isObject() || key < 0)
        return {};
    const qsizetype open = bytes.indexOf('"', bytes.indexOf(':', key + 8) + 1);
    const qsizetype close = open < 0 ? -1 : bytes.indexOf('"', open + 1);
    if (close < 0)
        return {};
    QByteArray resealed = bytes;
    resealed.replace(open + 1, close - open - 1, core::contentChecksum(content.toObject()).toLatin1());
    return resealed;
}

void checkRoundTrip(const core::EventExchange& exchange)
{
    const QByteArray written = core::serializeEventExchange(exchange);
    const core::ParsedEventExchange reread = core::parseEventExchange(written, fileName);
    FUZZ_CHECK(reread.defects.empty());
    FUZZ_CHECK(core::serializeEventExchange(reread.exchange) == written);

    // The history folder written beside the file goes through the history reader without crashing.
    const core::HistoryFiles files = core::historyFilesOf(exchange.event);
    const core::HistoryFolder folder = core::parseHistoryFiles(
        files.events, files.results,
        files.games.isEmpty() ? std::nullopt : std::optional<QByteArray>(files.games), std::nullopt);
    for (const engine::Defect& defect : folder.defects)
        FUZZ_CHECK(!defect.message.empty());
    // What import-event accepts, `rate` takes: the reader applies the rules of events.csv.
    const core::EventStatus status = exchange.event.status;
    if (status == core::EventStatus::Finished || status == core::EventStatus::Awarded) {
        if (!folder.defects.empty())
            std::fprintf(stderr, "%s\n", engine::describe(folder.defects.front()).c_str());
        FUZZ_CHECK(folder.defects.empty());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const core::ParsedEventExchange asItIs = core::parseEventExchange(bytes, fileName);
    checkDefects(asItIs);
    if (asItIs.defects.empty())
        checkAccepted(bytes, asItIs.exchange);
    if (const QByteArray resealed = resealedInPlace(bytes); !resealed.isEmpty()) {
        const core::ParsedEventExchange parsed = core::parseEventExchange(resealed, fileName);
        checkDefects(parsed);
        if (parsed.defects.empty())
            checkAccepted(resealed, parsed.exchange);
    }

    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return 0;
    // Qt's JSON parser drops one U+FEFF from the start of every string (key or value) it reads, so
    // a document may change each time it is written and read again; only one that no longer
    // changes reads back as itself, checksum included.
    QByteArray compact = document.toJson(QJsonDocument::Compact);
    for (int pass = 0;; ++pass) {
        const QByteArray again = QJsonDocument::fromJson(compact).toJson(QJsonDocument::Compact);
        if (again == compact)
            break;
        if (pass == 3)
            return 0;
        compact = again;
    }
    QJsonObject root = QJsonDocument::fromJson(compact).object();
    const QJsonValue content = root.value(QStringLiteral("content"));
    if (!content.isObject())
        return 0;
    root.insert(QStringLiteral("sha256"), core::contentChecksum(content.toObject()));
    const QByteArray resealed = QJsonDocument(root).toJson(QJsonDocument::Compact);
    const core::ParsedEventExchange parsed = core::parseEventExchange(resealed, fileName);
    checkDefects(parsed);
    FUZZ_CHECK(!parsed.checksumMismatch);
    if (parsed.defects.empty()) {
        checkAccepted(resealed, parsed.exchange);
        checkRoundTrip(parsed.exchange);
    }
    return 0;
}
